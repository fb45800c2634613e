"""Shard arithmetic: which slice of a global tensor each device holds.

All sizes and offsets are in elements unless a name says bytes. Rules:

- **Balanced split** (meshc's rule, DESIGN.md; LLVM 19 floors and loses rows):
  ``n`` elements over ``k`` shards give every shard ``n // k`` elements and the
  last ``n % k`` shards one more: 10 over 4 -> 2, 2, 3, 3; 2 over 3 -> 0, 1, 1.
- **Several mesh axes on one dim** (MLIR mesh): a dim split over ``[a0, a1]``
  has ``size(a0) * size(a1)`` shards and a device holds shard
  ``c[a0] * size(a1) + c[a1]`` (its coordinates linearised, first axis major).
- **Explicit offsets** (LLVM 20 ``sharded_dims_offsets``): shard ``i`` of a
  sharded dim is ``[bounds[i], bounds[i + 1])`` with that dim's ``k + 1``
  boundaries taken from the flat list (see :class:`~meshc.sharding.spec.Sharding`).
- **Halos** (LLVM 20 ``halo_sizes``): a device also holds ``low`` elements
  before and ``high`` after its shard, *clipped at the tensor edges*, so every
  element of a local buffer is an element of the global tensor. (Upstream
  adds the halo widths to every shard, leaving out-of-tensor cells that
  ``mesh.update_halo`` never fills; meshc keeps only real cells.) The *core*
  of a device is its shard without halos; the *local region* includes them.

Every function takes the full global shape (static sizes) and validates the
sharding against it; errors are :class:`~meshc.sharding.spec.ShardingError`.
Devices are linear indices or mesh coordinates.
"""

from __future__ import annotations

import math
from typing import Sequence

from .spec import Device, Mesh, Sharding, ShardingError

__all__ = [
    "shard_sizes",
    "shard_offsets",
    "shard_boundaries",
    "shard_range",
    "dim_shard_count",
    "dim_shard_index",
    "dim_boundaries",
    "check_offsets_fit",
    "core_region",
    "local_region",
    "local_shape",
    "local_offsets",
    "local_slices",
    "holders",
    "bytes_per_device",
]

Region = tuple[tuple[int, int], ...]  # (start, stop) per tensor dim, in global element indices


# -- one dimension ---------------------------------------------------------------------


def _check_split(n: int | None, k: int) -> None:
    if n is None:
        raise ShardingError("cannot shard a dynamic size (?); shard arithmetic needs a static size")
    if n < 0:
        raise ShardingError(f"cannot shard a negative size {n}")
    if k < 1:
        raise ShardingError(f"cannot split {n} elements into {k} shards; need at least 1 shard")


def shard_sizes(n: int | None, k: int) -> list[int]:
    """Sizes of the ``k`` balanced shards of ``n`` elements: ``n // k`` each, the last ``n % k`` one more.

    10 over 4 -> [2, 2, 3, 3]; 16 over 5 -> [3, 3, 3, 3, 4]; 2 over 3 -> [0, 1, 1].
    Raises ShardingError for a dynamic (``None``) or negative ``n`` and for ``k < 1``.
    """
    _check_split(n, k)
    q, r = divmod(n, k)
    return [q + (1 if i >= k - r else 0) for i in range(k)]


def shard_boundaries(n: int | None, k: int) -> list[int]:
    """The ``k + 1`` boundaries of the balanced split: 10 over 4 -> [0, 2, 4, 7, 10]."""
    _check_split(n, k)
    q, r = divmod(n, k)
    return [i * q + max(0, i - (k - r)) for i in range(k + 1)]


def shard_offsets(n: int | None, k: int) -> list[int]:
    """Start offsets of the ``k`` balanced shards: 10 over 4 -> [0, 2, 4, 7]."""
    return shard_boundaries(n, k)[:-1]


def shard_range(n: int | None, k: int, i: int) -> tuple[int, int]:
    """``(offset, size)`` of balanced shard ``i`` of ``n`` over ``k``: 10 over 4, shard 2 -> (4, 3)."""
    _check_split(n, k)
    if not 0 <= i < k:
        raise ShardingError(f"shard index {i} out of range for {k} shards")
    bounds = shard_boundaries(n, k)
    return bounds[i], bounds[i + 1] - bounds[i]


# -- one tensor dim of a sharding ---------------------------------------------------------


def dim_shard_count(sharding: Sharding, mesh: Mesh, dim: int) -> int:
    """Number of shards of tensor ``dim``: the product of its split axes' sizes (1 if unsplit)."""
    return mesh.group_size(sharding.axes_of(dim))


def dim_shard_index(sharding: Sharding, mesh: Mesh, coords: Device, dim: int) -> int:
    """Which shard of tensor ``dim`` a device holds: its coordinates on the dim's split
    axes linearised, first axis major (0 for an unsplit dim).

    On a 2x4 mesh with ``[[1, 0]]``, device (1, 2) holds shard 2 * 2 + 1 = 5 of dim 0.
    """
    return mesh.group_position(coords, sharding.axes_of(dim))


def dim_boundaries(global_shape: Sequence[int], sharding: Sharding, mesh: Mesh, dim: int) -> tuple[int, ...]:
    """The ``k + 1`` shard boundaries of tensor ``dim``: explicit offsets if given, else balanced.

    An unsplit dim has boundaries ``(0, n)``. Raises ShardingError if the explicit
    boundaries do not end at the dim size.
    """
    shape = _check(global_shape, sharding, mesh)
    return _boundaries(shape, sharding, mesh, dim)


def _boundaries(shape: tuple[int, ...], sharding: Sharding, mesh: Mesh, dim: int) -> tuple[int, ...]:
    explicit = sharding.offsets_of(dim, mesh)
    if explicit is None:
        return tuple(shard_boundaries(shape[dim], dim_shard_count(sharding, mesh, dim)))
    return explicit


def check_offsets_fit(global_shape: Sequence[int | None], sharding: Sharding, mesh: Mesh) -> None:
    """Raise ShardingError if explicit ``sharded_dims_offsets`` of a static dim do not end at
    its size (the one check :meth:`Sharding.validate` cannot make without the shape).
    Dynamic sizes and dynamic shard counts are not checked."""
    if not sharding.sharded_dims_offsets or any(mesh.shape[a] is None for a in sharding.split_mesh_axes):
        return
    for dim in sharding.sharded_dims:
        end = sharding.offsets_of(dim, mesh)[-1]
        if dim < len(global_shape) and global_shape[dim] is not None and end != global_shape[dim]:
            raise ShardingError(
                f"sharding <{sharding.body_str()}>: sharded_dims_offsets of tensor dim {dim} end at "
                f"{end} but the dim has size {global_shape[dim]}"
            )


def _check(global_shape: Sequence[int], sharding: Sharding, mesh: Mesh) -> tuple[int, ...]:
    shape = tuple(global_shape)
    sharding.validate(len(shape), mesh)
    for dim, n in enumerate(shape):
        if n is None or n < 0:
            raise ShardingError(f"tensor dim {dim} has size {'?' if n is None else n}; shard arithmetic needs a static size >= 0")
    check_offsets_fit(shape, sharding, mesh)
    return shape


# -- whole tensors -------------------------------------------------------------------------


def core_region(global_shape: Sequence[int], sharding: Sharding, mesh: Mesh, coords: Device) -> Region:
    """``(start, stop)`` per dim of the shard a device owns, halos excluded."""
    shape = _check(global_shape, sharding, mesh)
    return _core(shape, sharding, mesh, coords)


def _core(shape: tuple[int, ...], sharding: Sharding, mesh: Mesh, coords: Device) -> Region:
    region = []
    for dim in range(len(shape)):
        i = dim_shard_index(sharding, mesh, coords, dim)
        explicit = sharding.offsets_of(dim, mesh)
        if explicit is None:  # shard i of the balanced split, without building the k + 1 boundaries
            n, k = shape[dim], dim_shard_count(sharding, mesh, dim)
            _check_split(n, k)
            q, r = divmod(n, k)
            region.append((i * q + max(0, i - (k - r)), (i + 1) * q + max(0, i + 1 - (k - r))))
        else:
            region.append((explicit[i], explicit[i + 1]))
    return tuple(region)


def local_region(global_shape: Sequence[int], sharding: Sharding, mesh: Mesh, coords: Device) -> Region:
    """``(start, stop)`` per dim of everything a device holds: its core widened by the halos,
    clipped to ``[0, n)``. Equal to :func:`core_region` without halos."""
    shape = _check(global_shape, sharding, mesh)
    return _local(shape, sharding, mesh, coords)


def _local(shape: tuple[int, ...], sharding: Sharding, mesh: Mesh, coords: Device) -> Region:
    core = _core(shape, sharding, mesh, coords)
    if not sharding.halo_sizes:
        return core
    region = []
    for dim, ((start, stop), n) in enumerate(zip(core, shape)):
        low, high = sharding.halo_of(dim)
        region.append((max(0, start - low), min(n, stop + high)))
    return tuple(region)


def local_shape(global_shape: Sequence[int], sharding: Sharding, mesh: Mesh, coords: Device) -> tuple[int, ...]:
    """Shape of a device's local buffer (halos included).

    ``tensor<10x6>`` with ``[[0, 1]]`` on a 2x2 mesh: dim 0 has 4 shards of 2, 2, 3, 3
    rows, so device (1, 0) (shard 2) holds (3, 6).
    """
    return tuple(stop - start for start, stop in local_region(global_shape, sharding, mesh, coords))


def local_offsets(global_shape: Sequence[int], sharding: Sharding, mesh: Mesh, coords: Device) -> tuple[int, ...]:
    """Global index of element 0 of a device's local buffer (halos included)."""
    return tuple(start for start, _ in local_region(global_shape, sharding, mesh, coords))


def local_slices(global_shape: Sequence[int], sharding: Sharding, mesh: Mesh, coords: Device) -> tuple[slice, ...]:
    """Slices of the global tensor a device's local buffer holds: ``full[local_slices(...)]``."""
    return tuple(slice(start, stop) for start, stop in local_region(global_shape, sharding, mesh, coords))


def holders(global_shape: Sequence[int], sharding: Sharding, mesh: Mesh, index: Sequence[int]) -> list[int]:
    """Devices whose local buffer (halos included) holds global element ``index``, ascending.

    For a partial sharding each listed device holds a partial value of the element.
    Raises ShardingError if ``index`` is outside the tensor.
    """
    shape = _check(global_shape, sharding, mesh)
    index = tuple(index)
    if len(index) != len(shape) or not all(0 <= i < n for i, n in zip(index, shape)):
        raise ShardingError(f"index {index} is outside a tensor of shape {shape}")
    return [
        device
        for device in mesh.devices()
        if all(start <= i < stop for i, (start, stop) in zip(index, _local(shape, sharding, mesh, device)))
    ]


def storage_owner(global_shape: Sequence[int], sharding: Sharding, mesh: Mesh, device: Device) -> int:
    """Linear index of the device whose buffer holds ``device``'s shard once unrolled.

    Seed 000 / docs/pipeline.md stage 6: devices of one peer group that hold the same data (same
    local region, same coordinates on the partial axes) store it ONCE, on the lowest of them;
    the others read it in place. So a tensor replicated over peered axes is owned by the peer
    group's first device: on a 3-device mesh with ``peered_axes = (0,)``, ``[[]]`` gives owner 0
    for every device, ``[[0]]`` gives each device itself.
    """
    shape = _check(global_shape, sharding, mesh)
    coords = mesh.coords_of(device)
    region = _local(shape, sharding, mesh, device)
    partial = [coords[a] for a in sharding.partial_axes]
    for d in mesh.peer_group(device):
        c = mesh.coords_of(d)
        if _local(shape, sharding, mesh, d) == region and [c[a] for a in sharding.partial_axes] == partial:
            return d
    return mesh.linear_index(coords)


def bytes_per_device(
    global_shape: Sequence[int],
    itemsize: int,
    sharding: Sharding,
    mesh: Mesh,
    *,
    peered_storage: bool = False,
) -> list[int]:
    """Bytes of the local buffer of each device (``itemsize`` bytes per element).

    With ``peered_storage``, devices of one peer group that hold the same data
    (same local region and same coordinates on the partial axes, i.e. they
    differ only on replicated peered axes) store it once, on the lowest device;
    the others count 0 -- the memory saving of seed 000.
    """
    shape = _check(global_shape, sharding, mesh)
    sizes = [math.prod(stop - start for start, stop in _local(shape, sharding, mesh, d)) * itemsize for d in mesh.devices()]
    if not peered_storage:
        return sizes
    stored: set[tuple] = set()
    for device in mesh.devices():
        coords = mesh.coords_of(device)
        key = (
            tuple(mesh.peer_group(device)),
            _local(shape, sharding, mesh, device),
            tuple(coords[a] for a in sharding.partial_axes),
        )
        if key in stored:
            sizes[device] = 0
        stored.add(key)
    return sizes
