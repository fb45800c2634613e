"""Which 2-D blocks of a sharded tensor each device holds: the data behind ``meshc show``.

A picture shows the last two dims of a tensor (rows = dim ``rank - 2``, cols =
dim ``rank - 1``); a rank-1 tensor is one row of ``n`` columns and a rank-0
tensor a single cell. For rank > 2 the leading dims are cut into *planes*:
one picture per distinct range of the leading dims that devices hold (a
single plane when no leading dim is split).

All shard arithmetic comes from :mod:`meshc.sharding.shards` (meshc's
balanced rule, LLVM 20 ``sharded_dims_offsets`` and clipped halos): the
``local_region`` of every device gives the *cut points* of each dim; between
two consecutive cut points the set of devices holding an element does not
change, so every cell of the cut grid is one block and its devices are the
:func:`~meshc.sharding.shards.holders` of the block's first element. For a
partial sharding the holders each hold a partial value of the block.

Sizes and offsets are in elements; devices are linear (row-major) indices.
Errors are :class:`ShowError` (a ValueError).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Optional, Sequence

from meshc.sharding.shards import dim_boundaries, holders, local_region
from meshc.sharding.spec import Mesh, Sharding, ShardingError

__all__ = [
    "ShowError",
    "Block",
    "Plane",
    "EmptyShard",
    "ShardPicture",
    "shard_picture",
    "device_label",
    "devices_label",
    "partial_label",
    "dims_label",
    "split_description",
]

Range = tuple[int, int]  # [start, stop) in global element indices


class ShowError(ValueError):
    """A tensor that cannot be drawn: dynamic sizes, a dynamic mesh, an invalid sharding."""


@dataclass(frozen=True)
class Block:
    """Rows ``[rows[0], rows[1])`` x cols ``[cols[0], cols[1])`` of one plane, held by ``devices``
    (ascending linear indices; each holds a partial value when the sharding is partial)."""

    rows: Range
    cols: Range
    devices: tuple[int, ...]

    @property
    def height(self) -> int:
        """Rows of the block, in elements."""
        return self.rows[1] - self.rows[0]

    @property
    def width(self) -> int:
        """Columns of the block, in elements."""
        return self.cols[1] - self.cols[0]


@dataclass(frozen=True)
class Plane:
    """One 2-D picture: ``leading`` is the range of each leading dim (empty for rank <= 2) and
    ``grid[i][j]`` the block between row cuts ``i, i+1`` and col cuts ``j, j+1``."""

    leading: tuple[Range, ...]
    grid: tuple[tuple[Block, ...], ...]

    @property
    def blocks(self) -> list[Block]:
        """The blocks row by row, left to right."""
        return [b for row in self.grid for b in row]


@dataclass(frozen=True)
class EmptyShard:
    """A device whose local buffer has no element: ``shape`` is its local shape (some dim 0)."""

    device: int
    shape: tuple[int, ...]


@dataclass(frozen=True)
class ShardPicture:
    """Everything ``meshc show`` draws for one tensor value.

    ``shape`` is the global shape; ``mesh`` is static (specialised); ``row_cuts``
    and ``col_cuts`` are the cut points of the drawn dims (``(0, 1)`` for a dim the
    rank does not have); ``planes`` holds one plane per range of the leading dims
    (none when the tensor has no element); ``empty`` lists the devices whose
    shard is empty (balanced rule: 2 rows over 3 devices give 0, 1, 1).
    """

    shape: tuple[int, ...]
    sharding: Sharding
    mesh: Mesh
    row_cuts: tuple[int, ...]
    col_cuts: tuple[int, ...]
    planes: tuple[Plane, ...]
    empty: tuple[EmptyShard, ...]

    @property
    def rank(self) -> int:
        return len(self.shape)

    @property
    def row_dim(self) -> Optional[int]:
        """Tensor dim drawn as rows (None for rank < 2)."""
        return self.rank - 2 if self.rank >= 2 else None

    @property
    def col_dim(self) -> Optional[int]:
        """Tensor dim drawn as columns (None for rank 0)."""
        return self.rank - 1 if self.rank >= 1 else None


def _cuts(shape: tuple[int, ...], regions: Sequence[tuple[Range, ...]], dim: int) -> tuple[int, ...]:
    points = {0, shape[dim]}
    for region in regions:
        points.update(region[dim])
    return tuple(sorted(points))


def _intervals(cuts: Sequence[int]) -> list[Range]:
    return [(a, b) for a, b in zip(cuts, cuts[1:])]


def shard_picture(global_shape: Sequence[Optional[int]], sharding: Sharding, mesh: Mesh) -> ShardPicture:
    """The blocks of a tensor of ``global_shape`` distributed by ``sharding`` on ``mesh``.

    Example: ``tensor<10x8>`` with ``[[0]]`` on a mesh of 4 has row cuts 0, 2, 4, 7, 10
    (balanced rule 2, 2, 3, 3), col cuts 0, 8 and four blocks held by d0..d3.

    Raises:
        ShowError: a dynamic dim (``None``) or a dynamic mesh axis, or a sharding that does
            not fit the tensor or the mesh (the message of :class:`ShardingError`).
    """
    shape = tuple(global_shape)
    if any(n is None for n in shape):
        text = "x".join("?" if n is None else str(n) for n in shape)
        raise ShowError(f"cannot draw a tensor of dynamic shape {text}: shard sizes need static dims")
    if not mesh.is_static:
        raise ShowError(f"mesh @{mesh.name} has dynamic shape {mesh.shape_str()}; give its sizes "
                        f"(--mesh-shape {mesh.name}=SIZES)")
    try:
        regions = [local_region(shape, sharding, mesh, d) for d in mesh.devices()]
    except ShardingError as err:
        raise ShowError(str(err)) from None
    rank = len(shape)
    row_cuts = _cuts(shape, regions, rank - 2) if rank >= 2 else (0, 1)
    col_cuts = _cuts(shape, regions, rank - 1) if rank >= 1 else (0, 1)
    empty = tuple(
        EmptyShard(d, tuple(b - a for a, b in region))
        for d, region in enumerate(regions)
        if any(a == b for a, b in region)
    )
    if any(n == 0 for n in shape):  # nothing to draw: every shard is empty
        return ShardPicture(shape, sharding, mesh, row_cuts, col_cuts, (), ())
    leading = [_intervals(_cuts(shape, regions, d)) for d in range(rank - 2)]
    planes = []
    for lead in itertools.product(*leading):
        grid = []
        for rows in _intervals(row_cuts):
            line = []
            for cols in _intervals(col_cuts):
                index = tuple(a for a, _ in lead)
                index += ((rows[0],) if rank >= 2 else ()) + ((cols[0],) if rank >= 1 else ())
                line.append(Block(rows, cols, tuple(holders(shape, sharding, mesh, index))))
            grid.append(tuple(line))
        planes.append(Plane(tuple(lead), tuple(grid)))
    return ShardPicture(shape, sharding, mesh, row_cuts, col_cuts, tuple(planes), empty)


# -- labels ---------------------------------------------------------------------------------


def device_label(mesh: Mesh, device: int) -> str:
    """``d5 (1,1)``: linear index and mesh coordinates (``d2`` alone on a 1-D mesh)."""
    if mesh.rank == 1:
        return f"d{device}"
    return f"d{device} (" + ",".join(str(c) for c in mesh.device_coords(device)) + ")"


def devices_label(mesh: Mesh, devices: Sequence[int], coords: bool = True) -> str:
    """One device as :func:`device_label` (``d5`` alone without ``coords``); several as runs:
    ``d0-d3``, ``d0,d4``, ``d0-d2,d7``. A run of >= 3 consecutive indices prints as ``first-last``.
    """
    devices = sorted(devices)
    if len(devices) == 1:
        return device_label(mesh, devices[0]) if coords else f"d{devices[0]}"
    parts = []
    start = prev = devices[0]
    for d in devices[1:] + [None]:
        if d is not None and d == prev + 1:
            prev = d
            continue
        if prev - start >= 2:
            parts.append(f"d{start}-d{prev}")
        else:
            parts.extend(f"d{i}" for i in range(start, prev + 1))
        if d is not None:
            start = prev = d
    return ",".join(parts)


def partial_label(sharding: Sharding) -> str:
    """``sum over axis 1`` / ``max over axes 0, 1`` for a partial sharding, ``""`` otherwise."""
    axes = sharding.partial_axes
    if not axes:
        return ""
    word = "axis" if len(axes) == 1 else "axes"
    return f"{sharding.partial_type.value} over {word} " + ", ".join(str(a) for a in axes)


def dims_label(picture: ShardPicture, block: Block) -> str:
    """Size of ``block`` as drawn: ``rows x cols`` (``32x48``), ``n`` for rank 1, ``scalar`` for rank 0."""
    if picture.rank >= 2:
        return f"{block.height}x{block.width}"
    return str(block.width) if picture.rank == 1 else "scalar"


def _sizes_text(sizes: Sequence[int]) -> str:
    if len(sizes) <= 8:
        return ", ".join(str(s) for s in sizes)
    runs = [(size, len(list(group))) for size, group in itertools.groupby(sizes)]
    return ", ".join(f"{size} (x{count})" if count > 1 else str(size) for size, count in runs)


def split_description(picture: ShardPicture, dim: int) -> str:
    """How tensor ``dim`` is cut, e.g. ``dim 0 (10): 4 shards over mesh axis 0, sizes 2, 2, 3, 3``
    or ``dim 1 (8): not split``; halos are appended as ``halo 1/1``.

    Shard sizes come from :func:`meshc.sharding.shards.dim_boundaries` (more than
    8 shards print as runs: ``3 (x4), 4``).
    """
    s, mesh, n = picture.sharding, picture.mesh, picture.shape[dim]
    axes = s.axes_of(dim)
    if not axes:
        return f"dim {dim} ({n}): not split"
    bounds = dim_boundaries(picture.shape, s, mesh, dim)
    sizes = [b - a for a, b in zip(bounds, bounds[1:])]
    word = "axis" if len(axes) == 1 else "axes"
    text = (f"dim {dim} ({n}): {len(sizes)} shards over mesh {word} " + ", ".join(str(a) for a in axes)
            + f", sizes {_sizes_text(sizes)}")
    low, high = s.halo_of(dim)
    if low or high:
        text += f", halo {low}/{high}"
    return text
