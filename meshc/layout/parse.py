"""Text spellings of layout options, as ``meshc layout`` and ``meshc run`` take them.

- sizes: ``56x56x30`` (``""`` or ``scalar`` is rank 0); shard shapes, tiles
  and alignments use the same spelling (``49x30``, ``32x32``, ``64x32``);
- core grids: ``8x8`` (rows x columns from core (0, 0)) or disjoint inclusive
  ranges ``r0,c0-r1,c1`` joined by ``+`` (``0,0-3,7+4,0-4,3``);
- enumerations by their lower-case names: ``tile``, ``row_major``,
  ``height_sharded``, ``col_major``, ``l1``...

Every function raises a ``LayoutError`` subclass naming the bad text.
"""

from __future__ import annotations

import enum
from typing import TypeVar

from .errors import CoreGridError, LayoutError, ShapeError
from .memory import BufferType, CoreRange, CoreRangeSet, MemoryConfig, MemoryLayout, ShardOrientation, ShardSpec
from .tensor_layout import TensorLayout
from .tile import Layout, PageConfig, Tile

E = TypeVar("E", bound=enum.Enum)


def parse_dims(text: str, what: str = "shape") -> tuple[int, ...]:
    """``"56x56x30"`` -> ``(56, 56, 30)``; ``""``/``"scalar"`` -> ``()``.

    Raises ``ShapeError`` for anything but non-negative integers joined by ``x``.
    """
    body = text.strip().lower()
    if body in ("", "scalar"):
        return ()
    parts = body.split("x")
    if not all(p.strip().isdigit() for p in parts):
        raise ShapeError(f"bad {what} '{text}': expected sizes joined by 'x', e.g. 56x56x30")
    return tuple(int(p) for p in parts)


def parse_pair(text: str, what: str) -> tuple[int, int]:
    """``"49x30"`` -> ``(49, 30)``; raises ``ShapeError`` unless exactly two sizes."""
    dims = parse_dims(text, what)
    if len(dims) != 2:
        raise ShapeError(f"bad {what} '{text}': expected two sizes HxW")
    return (dims[0], dims[1])


def parse_grid(text: str) -> CoreRangeSet:
    """``"8x8"`` or ``"r0,c0-r1,c1+..."`` -> ``CoreRangeSet``.

    Raises ``CoreGridError`` for a malformed or empty grid.
    """
    body = text.strip()
    if "," not in body:
        try:
            rows, cols = parse_pair(body, "grid")
        except ShapeError as err:
            raise CoreGridError(str(err)) from None
        return CoreRangeSet.grid(rows, cols)
    ranges = []
    for part in body.split("+"):
        try:
            start, end = part.split("-")
            r0, c0 = (int(v) for v in start.split(","))
            r1, c1 = (int(v) for v in end.split(","))
        except ValueError:
            raise CoreGridError(f"bad core range '{part}' in grid '{text}': expected r0,c0-r1,c1") from None
        ranges.append(CoreRange((r0, c0), (r1, c1)))
    return CoreRangeSet(tuple(ranges))


def parse_choice(text: str, enum_cls: "type[E]", what: str) -> E:
    """The member of ``enum_cls`` whose value is ``text`` (case-insensitive)."""
    key = text.strip().lower()
    for member in enum_cls:
        if member.value == key:
            return member
    known = ", ".join(m.value for m in enum_cls)
    raise LayoutError(f"unknown {what} '{text}' (known: {known})")


def build_layout(
    dtype: str,
    layout: str = "row_major",
    tile: str = "32x32",
    memory_layout: str = "interleaved",
    shard_shape: "str | None" = None,
    grid: str = "8x8",
    orientation: str = "row_major",
    physical_shard_shape: "str | None" = None,
    alignment: "str | None" = None,
    buffer_type: str = "dram",
    rules: str = "seed",
) -> TensorLayout:
    """A TensorLayout from the text options of ``meshc layout``.

    A shard shape with an interleaved layout, or a sharded layout without
    one, raises ``ShardSpecError``; other errors as ``TensorLayout`` raises.
    """
    kind = parse_choice(layout, Layout, "layout")
    page = PageConfig.tiled(Tile(*parse_pair(tile, "tile"))) if kind is Layout.TILE else PageConfig.row_major()
    spec = None
    if shard_shape is not None:
        spec = ShardSpec(
            parse_pair(shard_shape, "shard shape"),
            parse_grid(grid),
            parse_choice(orientation, ShardOrientation, "orientation"),
            parse_pair(physical_shard_shape, "physical shard shape") if physical_shard_shape else None,
        )
    memory = MemoryConfig(
        parse_choice(buffer_type, BufferType, "buffer type"),
        parse_choice(memory_layout, MemoryLayout, "memory layout"),
        spec,
    )
    align = parse_dims(alignment, "alignment") if alignment is not None else None
    return TensorLayout(dtype, page, memory, align, rules.strip().lower())
