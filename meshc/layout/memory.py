"""Memory configuration: where a buffer lives and how it is sharded over cores.

Vocabulary follows TT-Metal: a buffer lives in ``DRAM`` or ``L1``; its memory
layout is ``INTERLEAVED`` (pages spread round-robin over banks) or one of the
sharded layouts, where a shard spec cuts the 2-D tensor into shards of
``[h, w]`` elements, one per core of a core grid:

- ``HEIGHT_SHARDED``: shards stacked along the height, each spanning the full
  width;
- ``WIDTH_SHARDED``: shards side by side along the width, each spanning the
  full height;
- ``BLOCK_SHARDED``: a 2-D grid of shards on a rectangular core grid.

Cores are spelled ``(row, col)`` like shapes (TT-Metal's ``CoreCoord`` is
``(x, y)`` = ``(col, row)``). A ``CoreRange`` is an inclusive rectangle, a
``CoreRangeSet`` a list of disjoint ranges. The shard orientation orders the
cores: ``ROW_MAJOR`` walks each range row by row, ``COL_MAJOR`` column by
column; for block sharding, ``ROW_MAJOR`` maps shards along the height to grid
rows and ``COL_MAJOR`` maps them to grid columns.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from .errors import CoreGridError, ShardSpecError
from .tile import as_int


class BufferType(enum.Enum):
    """Memory a buffer is allocated in."""

    DRAM = "dram"
    L1 = "l1"


class MemoryLayout(enum.Enum):
    """How pages are distributed: interleaved over banks, or sharded over cores."""

    INTERLEAVED = "interleaved"
    HEIGHT_SHARDED = "height_sharded"
    WIDTH_SHARDED = "width_sharded"
    BLOCK_SHARDED = "block_sharded"

    @property
    def is_sharded(self) -> bool:
        return self is not MemoryLayout.INTERLEAVED


class ShardOrientation(enum.Enum):
    """Order in which shards are assigned to cores."""

    ROW_MAJOR = "row_major"
    COL_MAJOR = "col_major"


@dataclass(frozen=True)
class CoreRange:
    """Cores ``start..end`` inclusive, each a ``(row, col)`` pair.

    Raises ``CoreGridError`` if a coordinate is negative or ``end < start``.
    """

    start: tuple[int, int]
    end: tuple[int, int]

    def __post_init__(self) -> None:
        (r0, c0), (r1, c1) = self.start, self.end
        if min(r0, c0) < 0 or r1 < r0 or c1 < c0:
            raise CoreGridError(f"core range ({r0},{c0})-({r1},{c1}) is empty or negative")

    @property
    def rows(self) -> int:
        return self.end[0] - self.start[0] + 1

    @property
    def cols(self) -> int:
        return self.end[1] - self.start[1] + 1

    @property
    def num_cores(self) -> int:
        return self.rows * self.cols

    def cores(self, orientation: ShardOrientation = ShardOrientation.ROW_MAJOR) -> list[tuple[int, int]]:
        """The cores of the range, row by row (ROW_MAJOR) or column by column."""
        (r0, c0), (r1, c1) = self.start, self.end
        if orientation is ShardOrientation.ROW_MAJOR:
            return [(r, c) for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)]
        return [(r, c) for c in range(c0, c1 + 1) for r in range(r0, r1 + 1)]


def _overlap(a: CoreRange, b: CoreRange) -> "tuple[int, int] | None":
    """The first core (row, then column) that ranges ``a`` and ``b`` share, or None."""
    r0, c0 = max(a.start[0], b.start[0]), max(a.start[1], b.start[1])
    if r0 <= min(a.end[0], b.end[0]) and c0 <= min(a.end[1], b.end[1]):
        return (r0, c0)
    return None


@dataclass(frozen=True)
class CoreRangeSet:
    """Disjoint core ranges (TT-Metal's ``CoreRangeSet``).

    Raises ``CoreGridError`` when empty or when two ranges share a core.
    """

    ranges: tuple[CoreRange, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "ranges", tuple(self.ranges))
        if not self.ranges:
            raise CoreGridError("a core grid needs at least one core range")
        for i, rng in enumerate(self.ranges):  # rectangles: overlap by their corners, O(ranges^2)
            shared = [_overlap(prev, rng) for prev in self.ranges[:i]]
            shared = [core for core in shared if core is not None]
            if shared:
                r, c = min(shared)
                raise CoreGridError(f"core ({r},{c}) appears in more than one core range")

    @staticmethod
    def grid(rows: int, cols: int) -> "CoreRangeSet":
        """The ``rows x cols`` rectangle starting at core ``(0, 0)``."""
        if rows < 1 or cols < 1:
            raise CoreGridError(f"core grid {rows}x{cols} has no cores")
        return CoreRangeSet((CoreRange((0, 0), (rows - 1, cols - 1)),))

    @property
    def num_cores(self) -> int:
        return sum(r.num_cores for r in self.ranges)

    def cores(self, orientation: ShardOrientation = ShardOrientation.ROW_MAJOR) -> list[tuple[int, int]]:
        """All cores, range by range, each range in ``orientation`` order."""
        return [core for rng in self.ranges for core in rng.cores(orientation)]

    def bounding_box(self) -> CoreRange:
        """The smallest range holding every core (from the ranges' corners)."""
        return CoreRange((min(r.start[0] for r in self.ranges), min(r.start[1] for r in self.ranges)),
                         (max(r.end[0] for r in self.ranges), max(r.end[1] for r in self.ranges)))

    @property
    def is_rectangle(self) -> bool:
        """True when the cores fill their bounding box (one rectangle)."""
        return self.bounding_box().num_cores == self.num_cores

    def __str__(self) -> str:
        if len(self.ranges) == 1 and self.ranges[0].start == (0, 0):
            return f"{self.ranges[0].rows}x{self.ranges[0].cols}"
        return "+".join(f"{r.start[0]},{r.start[1]}-{r.end[0]},{r.end[1]}" for r in self.ranges)


@dataclass(frozen=True)
class ShardSpec:
    """How a sharded layout cuts the 2-D tensor.

    ``shape``: shard shape ``[h, w]`` in elements. Under the seed rules it is
    the *logical* shard shape (cut before alignment); under the physical rules
    it is the physical shard shape. ``grid``: the cores holding the shards.
    ``physical_shard_shape`` (seed rules only): an explicit aligned shard shape
    that replaces the alignment, so every shard, the partial last one
    included, occupies exactly this shape.

    Raises ``ShardSpecError`` for non-positive sizes, or a physical shard shape
    smaller than the shard shape.
    """

    shape: tuple[int, int]
    grid: CoreRangeSet = field(default_factory=lambda: CoreRangeSet.grid(8, 8))
    orientation: ShardOrientation = ShardOrientation.ROW_MAJOR
    physical_shard_shape: "tuple[int, int] | None" = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "shape", tuple(self.shape))
        if len(self.shape) != 2 or any(not _is_int(d) or d < 1 for d in self.shape):
            raise ShardSpecError(f"shard shape must be two positive sizes [h, w], got {list(self.shape)}")
        object.__setattr__(self, "shape", tuple(as_int(d) for d in self.shape))
        if self.physical_shard_shape is not None:
            phys = tuple(self.physical_shard_shape)
            object.__setattr__(self, "physical_shard_shape", phys)
            if len(phys) != 2 or any(not _is_int(d) or d < 1 for d in phys):
                raise ShardSpecError(f"physical shard shape must be two positive sizes [h, w], got {list(phys)}")
            phys = tuple(as_int(d) for d in phys)
            object.__setattr__(self, "physical_shard_shape", phys)
            if phys[0] < self.shape[0] or phys[1] < self.shape[1]:
                raise ShardSpecError(
                    f"physical shard shape {list(phys)} is smaller than the shard shape {list(self.shape)}"
                )


@dataclass(frozen=True)
class MemoryConfig:
    """Buffer type, memory layout and (for sharded layouts) the shard spec.

    Raises ``ShardSpecError`` when a sharded layout has no shard spec or an
    interleaved one has one, and ``CoreGridError`` when a block-sharded grid
    is not one rectangle (TT-Metal maps block shards onto grid rows and
    columns, so the grid has to have rows and columns).
    """

    buffer_type: BufferType = BufferType.DRAM
    memory_layout: MemoryLayout = MemoryLayout.INTERLEAVED
    shard_spec: "ShardSpec | None" = None

    def __post_init__(self) -> None:
        if self.memory_layout.is_sharded and self.shard_spec is None:
            raise ShardSpecError(f"{self.memory_layout.name} memory layout needs a shard spec (shard shape and grid)")
        if not self.memory_layout.is_sharded and self.shard_spec is not None:
            raise ShardSpecError(
                f"INTERLEAVED memory layout takes no shard spec (got shard shape {list(self.shard_spec.shape)})"
            )
        if self.memory_layout is MemoryLayout.BLOCK_SHARDED and not self.shard_spec.grid.is_rectangle:
            box = self.shard_spec.grid.bounding_box()
            raise CoreGridError(
                f"a BLOCK_SHARDED grid must be one rectangle: grid {self.shard_spec.grid} has "
                f"{self.shard_spec.grid.num_cores} cores but spans {box.rows}x{box.cols} = {box.num_cores}"
            )


def _is_int(value: object) -> bool:
    return as_int(value) is not None
