"""Text spellings of layout options, as ``meshc layout`` and ``meshc run`` take them.

- sizes: ``56x56x30`` (``""`` or ``scalar`` is rank 0); shard shapes, tiles
  and alignments use the same spelling (``49x30``, ``32x32``, ``64x32``);
- core grids: ``8x8`` (rows x columns from core (0, 0)), disjoint inclusive
  ranges ``r0,c0-r1,c1`` joined by ``+`` (``0,0-3,7+4,0-4,3``), or a core
  count ``56``: that many cores filled row by row on the device grid
  (``--device-grid``, default ``8x8``), as TT-NN's ``num_cores_to_corerangeset``
  fills a grid row-wise (TT-Metal ``tt_metal/common/work_split.cpp``);
- enumerations by name, case-insensitive, ``_`` and ``-`` alike: ``tile``,
  ``row_major`` = ``row-major`` = ``ROW_MAJOR``, ``height_sharded``,
  ``col_major``, ``l1``...; rule sets likewise (``physical-rm-unaligned``).

Options that do not apply to the chosen layout are errors, not silently
ignored (``check_options_apply``): ``meshc layout`` and ``meshc run`` share
this one rule. A malformed value is an error whether or not it applies.

Every function raises a ``LayoutError`` subclass naming the bad text.
"""

from __future__ import annotations

import enum
from typing import Iterable, TypeVar

from .errors import CoreGridError, LayoutError, ShapeError
from .memory import BufferType, CoreRange, CoreRangeSet, MemoryConfig, MemoryLayout, ShardOrientation, ShardSpec
from .tensor_layout import RULES, TensorLayout
from .tile import Layout, PageConfig, Tile

#: The device core grid ``(rows, cols)`` a core count fills when no
#: ``device_grid`` is given: 8 x 8, meshc's default shard grid and the compute
#: grid of a Wormhole n150 (TT-Metal: x=8, y=8). Devices whose grid has 7 rows
#: of 8 (TT-Metal x=8, y=7, which TT-Metal's 8x8-only tests skip) take
#: ``device_grid="7x8"``.
DEFAULT_DEVICE_GRID: tuple[int, int] = (8, 8)

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


def parse_grid(text: str, device_grid: "tuple[int, int] | None" = None) -> CoreRangeSet:
    """``"8x8"``, ``"r0,c0-r1,c1+..."`` or a core count ``"56"`` -> ``CoreRangeSet``.

    A count ``k`` fills the device grid of ``R x C`` cores (``device_grid``,
    default ``DEFAULT_DEVICE_GRID``) row by row from core ``(0, 0)``: rows
    ``0 .. k // C - 1`` whole, then ``k % C`` cores of the next row. On 8x8,
    ``56`` is rows 0-6 (a 7x8 rectangle) and ``10`` is row 0 plus cores
    (1,0)-(1,1). This is TT-NN's ``num_cores_to_corerangeset`` with
    ``row_wise`` set (TT-Metal ``tt_metal/common/work_split.cpp``; there the
    grid is ``(x, y)`` = ``(C, R)``).

    Raises ``CoreGridError`` for a malformed or empty grid, or a count of 0 or
    more than the device grid holds.
    """
    body = text.strip()
    if body.isdigit():
        return cores_on_device_grid(int(body), device_grid or DEFAULT_DEVICE_GRID)
    if "," not in body:
        try:
            rows, cols = parse_pair(body, "grid")
        except ShapeError:
            raise CoreGridError(
                f"bad grid '{text}': expected RxC (8x8), ranges r0,c0-r1,c1 joined by '+', or a core count (56)"
            ) from None
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


def cores_on_device_grid(count: int, device_grid: "tuple[int, int]" = DEFAULT_DEVICE_GRID) -> CoreRangeSet:
    """``count`` cores of a ``(rows, cols)`` device grid, filled row by row from
    core ``(0, 0)`` (see ``parse_grid``): at most two ranges, the whole rows and
    the partial last row (TT-NN's ``num_cores_to_corerangeset`` row-wise from
    core (0, 0), TT-Metal ``tt_metal/common/work_split.cpp``).

    Raises ``CoreGridError`` when ``count`` is 0 or more than ``rows * cols``.
    """
    rows, cols = device_grid
    if count < 1:
        raise CoreGridError(f"a core grid of {count} cores has no cores")
    if count > rows * cols:
        raise CoreGridError(
            f"grid of {count} cores does not fit the device grid {rows}x{cols} ({rows * cols} cores)"
        )
    full, rest = divmod(count, cols)
    ranges = []
    if full:
        ranges.append(CoreRange((0, 0), (full - 1, cols - 1)))
    if rest:
        ranges.append(CoreRange((full, 0), (full, rest - 1)))
    return CoreRangeSet(tuple(ranges))


def parse_device_grid(text: str) -> tuple[int, int]:
    """``"8x8"`` -> ``(8, 8)``: a device's core grid, rows x columns.

    Raises ``CoreGridError`` unless two positive sizes ``RxC``.
    """
    try:
        rows, cols = parse_pair(text, "device grid")
    except ShapeError as err:
        raise CoreGridError(str(err)) from None
    if rows < 1 or cols < 1:
        raise CoreGridError(f"device grid {rows}x{cols} has no cores")
    return (rows, cols)


def parse_choice(text: str, enum_cls: "type[E]", what: str) -> E:
    """The member of ``enum_cls`` named ``text``: case-insensitive, ``-`` and ``_``
    alike (``row-major``, ``ROW_MAJOR`` and ``row_major`` are one layout).

    Raises ``LayoutError`` naming the known values.
    """
    key = text.strip().lower().replace("-", "_")
    for member in enum_cls:
        if member.value == key:
            return member
    known = ", ".join(m.value for m in enum_cls)
    raise LayoutError(f"unknown {what} '{text}' (known: {known})")


def parse_rules(text: str) -> str:
    """The rule-set name ``text`` in its canonical spelling (``RULES``), case-insensitive,
    ``-`` and ``_`` alike. Raises ``LayoutError`` naming the known rule sets."""
    key = text.strip().lower().replace("_", "-")
    if key not in RULES:
        raise LayoutError(f"unknown layout rules '{text}' (known: {', '.join(RULES)})")
    return key


def check_options_apply(
    layout: "Layout | str",
    given: "Iterable[str]",
    memory_layout: "MemoryLayout | str" = MemoryLayout.INTERLEAVED,
    rules: str = "seed",
) -> None:
    """Raise ``LayoutError`` when an option in ``given`` does not apply.

    ``given``: the option names the user set, spelled as on the command line
    (``--tile``, ``--grid``...). One rule for ``meshc layout`` and ``meshc run``:

    - ``--tile`` applies to a TILE layout only (ROW_MAJOR pages are rows);
    - ``--grid``, ``--orientation`` and ``--device-grid`` apply to sharded
      memory layouts only (an interleaved buffer has no shards to place);
    - ``--physical-shard-shape`` applies to sharded layouts under the seed
      rules only (the physical rule sets take the shard shape as physical).

    A shard shape with an interleaved layout is refused by ``MemoryConfig``.
    Options the rule does not name (``--alignment``...) apply everywhere.
    The rule is meshc's (docs/layout.md, "Options that apply, and core grids").
    ``layout``/``memory_layout`` may be names (any spelling ``parse_choice``
    takes). Raises ``LayoutError`` naming the option and what to do instead.
    """
    kind = parse_choice(layout, Layout, "layout") if isinstance(layout, str) else layout
    memory = parse_choice(memory_layout, MemoryLayout, "memory layout") if isinstance(memory_layout, str) \
        else memory_layout
    given = set(given)
    if "--tile" in given and kind is not Layout.TILE:
        raise LayoutError(
            "--tile applies to --layout tile (a row-major layout has no tiles): add --layout tile or drop --tile"
        )
    for option in ("--grid", "--orientation", "--device-grid", "--physical-shard-shape"):
        if option in given and not memory.is_sharded:
            raise LayoutError(
                f"{option} applies to sharded memory layouts (an INTERLEAVED buffer has no shards): "
                f"add --memory-layout height_sharded, width_sharded or block_sharded, or drop {option}"
            )
    if "--physical-shard-shape" in given and rules != "seed":
        raise LayoutError(
            f"--physical-shard-shape applies to --rules seed; the {rules} rules take --shard-shape as the "
            "physical shard shape: drop --physical-shard-shape"
        )


def build_layout(
    dtype: str,
    layout: str = "row_major",
    tile: "str | None" = None,
    memory_layout: str = "interleaved",
    shard_shape: "str | None" = None,
    grid: "str | None" = None,
    orientation: "str | None" = None,
    physical_shard_shape: "str | None" = None,
    alignment: "str | None" = None,
    buffer_type: str = "dram",
    rules: str = "seed",
    device_grid: "str | None" = None,
) -> TensorLayout:
    """A TensorLayout from the text options of ``meshc layout``.

    ``None`` means "not given": ``tile`` defaults to ``32x32``, ``grid`` to
    ``8x8``, ``orientation`` to ``row_major``, ``device_grid`` to
    ``DEFAULT_DEVICE_GRID``. Every given value is parsed first (a malformed one
    is an error even where it would not apply), then ``check_options_apply``
    refuses options that do not apply. A ``device_grid`` given explicitly also
    bounds the core grid: every core must lie inside it.

    Raises ``ShapeError``/``CoreGridError``/``LayoutError`` for malformed text;
    ``LayoutError`` for an option that does not apply; ``ShardSpecError`` for a
    shard shape with an interleaved layout, or a sharded layout without one;
    ``CoreGridError`` for a grid outside the device grid; other errors as
    ``TensorLayout`` raises.
    """
    kind = parse_choice(layout, Layout, "layout")
    memory = parse_choice(memory_layout, MemoryLayout, "memory layout")
    rule = parse_rules(rules)
    buffer = parse_choice(buffer_type, BufferType, "buffer type")
    tile_hw = parse_pair(tile, "tile") if tile is not None else (32, 32)
    device = parse_device_grid(device_grid) if device_grid is not None else None
    cores = parse_grid(grid, device) if grid is not None else CoreRangeSet.grid(8, 8)
    order = parse_choice(orientation, ShardOrientation, "orientation") if orientation is not None \
        else ShardOrientation.ROW_MAJOR
    shard = parse_pair(shard_shape, "shard shape") if shard_shape is not None else None
    phys = parse_pair(physical_shard_shape, "physical shard shape") if physical_shard_shape is not None else None
    align = parse_dims(alignment, "alignment") if alignment is not None else None
    page = PageConfig.tiled(Tile(*tile_hw)) if kind is Layout.TILE else PageConfig.row_major()
    spec = ShardSpec(shard, cores, order, phys) if shard is not None else None
    memory_config = MemoryConfig(buffer, memory, spec)  # a shard shape with INTERLEAVED is refused here
    given = [
        name for name, value in (
            ("--tile", tile), ("--grid", grid), ("--orientation", orientation), ("--device-grid", device_grid),
            ("--physical-shard-shape", physical_shard_shape),
        ) if value is not None
    ]
    check_options_apply(kind, given, memory, rule)
    if device is not None:
        box = cores.bounding_box()
        if box.end[0] >= device[0] or box.end[1] >= device[1]:
            raise CoreGridError(
                f"core grid {cores} reaches core ({box.end[0]},{box.end[1]}), outside the device grid "
                f"{device[0]}x{device[1]}"
            )
    return TensorLayout(dtype, page, memory_config, align, rule)
