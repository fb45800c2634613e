"""Tiles and page configurations.

A TILE-laid tensor is stored as tiles of ``h x w`` elements, each tile split
into faces of ``min(h, 16) x 16`` elements (TT-Metal's face shapes: a 32x32
tile has four 16x16 faces, a tiny 8x32 tile two 8x16 faces). One tile is one
page of the buffer.

Bytes per tile (following TT-Metal's ``Tile::get_tile_size``):

- plain types: ``h * w * element_bytes`` (bfloat16 32x32 -> 2048 B);
- ``bfloat8_b``: ``h * w`` mantissa bytes + exponent bytes;
- ``bfloat4_b``: ``h * w / 2`` mantissa bytes + exponent bytes;
- exponent bytes = one byte per face row (``faces * face_height`` = ``h * w / 16``
  rows), rounded up to 16 B (32x32 -> 64 B, so bfloat8_b 32x32 = 1088 B,
  bfloat4_b 32x32 = 576 B; 16x16 -> 16 B).
"""

from __future__ import annotations

import enum
import operator
from dataclasses import dataclass

from .dtypes import DataType
from .errors import TileError

#: Tile shapes TT-Metal supports: full 32x32, half and quarter tiles, and the
#: tiny tiles of 8, 4, 2 or 1 rows by 32 or 16 columns.
VALID_TILE_SHAPES: frozenset[tuple[int, int]] = frozenset(
    (h, w) for h in (32, 16, 8, 4, 2, 1) for w in (32, 16)
)

FACE_WIDTH = 16
EXPONENT_ALIGNMENT_BYTES = 16


def round_up(value: int, multiple: int) -> int:
    """``value`` rounded up to a multiple of ``multiple`` (``multiple >= 1``)."""
    return -(-value // multiple) * multiple


def ceil_div(a: int, b: int) -> int:
    """``ceil(a / b)`` for non-negative ``a`` and positive ``b``."""
    return -(-a // b)


def as_int(value: object) -> "int | None":
    """``value`` as a Python int if it is an integer (numpy ints included,
    booleans excluded), else ``None``."""
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)
    except TypeError:
        return None


@dataclass(frozen=True)
class Tile:
    """A tile of ``height x width`` elements.

    Raises ``TileError`` unless the shape is one of ``VALID_TILE_SHAPES``.
    """

    height: int = 32
    width: int = 32

    def __post_init__(self) -> None:
        if (self.height, self.width) not in VALID_TILE_SHAPES:
            valid = ", ".join(f"{h}x{w}" for h, w in sorted(VALID_TILE_SHAPES, reverse=True))
            raise TileError(f"tile {self.height}x{self.width} is not supported (valid: {valid})")

    @property
    def shape(self) -> tuple[int, int]:
        """``(height, width)`` in elements."""
        return (self.height, self.width)

    @property
    def face_shape(self) -> tuple[int, int]:
        """``(min(height, 16), 16)``: the face TT-Metal splits the tile into."""
        return (min(self.height, 16), FACE_WIDTH)

    @property
    def num_faces(self) -> int:
        """Faces per tile (32x32 -> 4, 16x32 -> 2, 16x16 -> 1, 1x32 -> 2)."""
        fh, fw = self.face_shape
        return (self.height * self.width) // (fh * fw)

    def exponent_bytes(self) -> int:
        """Shared-exponent bytes of a block-float tile: one per face row,
        rounded up to 16 B."""
        face_rows = self.num_faces * self.face_shape[0]
        return round_up(face_rows, EXPONENT_ALIGNMENT_BYTES)

    def bytes_for(self, dtype: "DataType | str") -> int:
        """Bytes one tile of ``dtype`` occupies (the TILE page size)."""
        dt = DataType.parse(dtype)
        elements = self.height * self.width
        if dt.block_float:
            return elements * dt.bits // 8 + self.exponent_bytes()
        return elements * dt.bits // 8


class Layout(enum.Enum):
    """How elements fill pages: tiles, or rows."""

    TILE = "tile"
    ROW_MAJOR = "row_major"


@dataclass(frozen=True)
class PageConfig:
    """Page configuration: ``TILE`` with a tile, or ``ROW_MAJOR`` (no tile).

    Build with ``PageConfig.tiled(Tile(32, 32))`` or ``PageConfig.row_major()``.
    """

    layout: Layout = Layout.ROW_MAJOR
    tile: "Tile | None" = None

    def __post_init__(self) -> None:
        if self.layout is Layout.TILE and self.tile is None:
            object.__setattr__(self, "tile", Tile())
        if self.layout is Layout.ROW_MAJOR and self.tile is not None:
            raise TileError(f"a ROW_MAJOR page config takes no tile (got {self.tile.height}x{self.tile.width})")

    @staticmethod
    def tiled(tile: "Tile | None" = None) -> "PageConfig":
        """TILE layout with ``tile`` (default 32x32)."""
        return PageConfig(Layout.TILE, tile or Tile())

    @staticmethod
    def row_major() -> "PageConfig":
        """ROW_MAJOR layout."""
        return PageConfig(Layout.ROW_MAJOR, None)

    @property
    def is_tiled(self) -> bool:
        return self.layout is Layout.TILE
