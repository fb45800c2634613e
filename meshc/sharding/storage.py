"""Storage policy of distributed tensors on a static mesh: which values a
distributed tensor is stored as once unrolled, and which of them each device
holds (docs/pipeline.md stage 6; seed 000's memory saving: devices of one peer
group that hold the same data store it once).

Pure: shapes, :class:`Sharding` and :class:`Mesh` in, :class:`Piece` lists
out; the mesh dialect's :func:`meshc.dialects.mesh.storage_pieces` applies it
to a distributed tensor type.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

from .shards import _check, _local
from .spec import Mesh, Sharding, ShardingError


@dataclass(frozen=True)
class Piece:
    """One stored shard of a distributed tensor on a static mesh.

    ``devices`` hold it (ascending; ``devices[0]`` owns it), ``region`` is its
    ``(start, stop)`` per tensor dim in global element indices (halos included)."""

    devices: tuple[int, ...]
    region: tuple[tuple[int, int], ...]

    @property
    def owner(self) -> int:
        """The device that owns (allocates) the piece."""
        return self.devices[0]

    @property
    def offsets(self) -> tuple[int, ...]:
        """The piece's first global index per dim."""
        return tuple(a for a, _ in self.region)

    @property
    def shape(self) -> tuple[int, ...]:
        """The piece's extent per dim."""
        return tuple(b - a for a, b in self.region)


def pieces_of(shape: Sequence[int], spec: Sharding, mesh: Mesh) -> list[Piece]:
    """The pieces a tensor of static ``shape`` sharded by ``spec`` is stored as,
    in the order of their owners: devices of one peer group (differing only on
    ``peered_memory_axes``) with the same local region and the same coordinates
    on the partial axes share one piece, on the lowest device; every other
    device has its own (seed 000, DESIGN.md "Peered memory").

    O(devices) the first time for one (shape, sharding, mesh), then O(pieces): the answer is
    remembered (all three are immutable values; a program repeats a few of them thousands of times).

    Raises:
        ShardingError: the sharding does not fit the mesh.
    """
    return list(_pieces_of(tuple(shape), spec, mesh))


@lru_cache(maxsize=512)
def _pieces_of(shape: tuple[int, ...], spec: Sharding, mesh: Mesh) -> tuple[Piece, ...]:
    pieces: list[list] = []
    where: dict[tuple, int] = {}
    checked = _check(tuple(shape), spec, mesh)  # once, not per device
    for d in mesh.devices():
        region = _local(checked, spec, mesh, d)
        coords = mesh.coords_of(d)
        group = tuple(None if a in mesh.peered_axes else c for a, c in enumerate(coords))  # its peer group, O(rank)
        key = (group, region, tuple(coords[a] for a in spec.partial_axes))
        if key in where:
            pieces[where[key]][0].append(d)
        else:
            where[key] = len(pieces)
            pieces.append([[d], region])
    return tuple(Piece(tuple(devs), region) for devs, region in pieces)


def piece_of_device(pieces: Sequence[Piece], device: int) -> int:
    """Index of the piece ``device`` holds (every device holds exactly one).

    Raises:
        ShardingError: no piece holds ``device``.
    """
    for i, p in enumerate(pieces):
        if device in p.devices:
            return i
    raise ShardingError(f"no stored shard holds device {device}")
