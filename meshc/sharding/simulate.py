"""Reference semantics of shardings and resharding steps on per-device numpy buffers.

Buffers are a list (or a mapping) indexed by linear device id; each holds the
device's local region (see :mod:`meshc.sharding.shards`), so empty shards are
arrays with a 0-sized dim. The runtime uses these functions as the meaning of
its collectives, so they favour clarity: every collective works group by group
with ``np.concatenate``/``np.stack`` over whole buffers, never per element.

Partial values (:func:`shard_array`): in each partial group (devices that
differ only on the partial axes) the device at coordinate 0 on every partial
axis holds the value and the others the reduction identity, so that the
reduction gives the value back. ``average`` has no identity: every member
holds the value (the mean of equal values). ``generic`` cannot be simulated.

Returned buffers are fresh arrays that no other device shares.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable, Mapping, Sequence, Union

import numpy as np

from .shards import core_region, local_region, local_shape
from .spec import Mesh, ReductionKind, ReshardError, Sharding
from .steps import AllGather, AllReduce, AllSlice, AllToAll, MarkPartial, ReduceScatter, Step, UpdateHalo

__all__ = ["Buffers", "shard_array", "unshard", "apply_step", "apply_plan"]

#: Per-device buffers, indexed by linear device id.
Buffers = Union[Sequence[np.ndarray], Mapping[int, np.ndarray]]


def _slices(region) -> tuple[slice, ...]:
    return tuple(slice(start, stop) for start, stop in region)


def _holds_value(mesh: Mesh, device: int, sharding: Sharding, axes: Sequence[int]) -> bool:
    """Whether ``device`` holds the value (rather than the identity) of a partial group over ``axes``."""
    if sharding.partial_type is ReductionKind.AVERAGE:
        return True
    coords = mesh.coords_of(device)
    return all(coords[a] == 0 for a in axes)


def shard_array(full: np.ndarray, sharding: Sharding, mesh: Mesh) -> list[np.ndarray]:
    """Split the global array ``full`` into the local buffers of ``sharding`` on ``mesh``.

    Device ``d`` gets ``full[local_slices(d)]`` (halos included); for a partial
    sharding the devices not at coordinate 0 of the partial axes get the identity
    instead (module docstring). Raises ShardingError for an invalid sharding or a
    partial kind without reference semantics.
    """
    full = np.asarray(full)
    buffers = []
    for device in mesh.devices():
        region = local_region(full.shape, sharding, mesh, device)
        if _holds_value(mesh, device, sharding, sharding.partial_axes):
            buffers.append(np.array(full[_slices(region)]))
        else:
            shape = tuple(stop - start for start, stop in region)
            buffers.append(np.full(shape, sharding.partial_type.identity(full.dtype), dtype=full.dtype))
    return buffers


def unshard(
    buffers: Buffers, sharding: Sharding, mesh: Mesh, global_shape: Sequence[int], *, strict: bool = False
) -> np.ndarray:
    """Rebuild the global array from per-device ``buffers`` sharded as ``sharding``.

    Partial values are reduced over each partial group; then the cores (halos
    stripped) of the devices at coordinate 0 on every axis that is not a split
    axis tile the tensor. With ``strict``, every other device's core must equal
    the assembled data (replicas agree), else ReshardError names the device.
    """
    shape = tuple(global_shape)
    bufs = _checked(buffers, sharding, mesh, shape, "unshard")
    if sharding.partial_axes:
        reduced = list(bufs)
        for group in mesh.axis_groups(sharding.partial_axes):
            value = sharding.partial_type.reduce([bufs[d] for d in group])
            for d in group:
                reduced[d] = value
        bufs = reduced
        sharding = replace(sharding, partial_axes=())
    dtype = bufs[0].dtype if bufs else np.float64
    out = np.empty(shape, dtype=dtype)
    split = set(sharding.split_mesh_axes)
    others = [a for a in range(mesh.rank) if a not in split]
    for device in mesh.devices():
        coords = mesh.coords_of(device)
        core = _core_of(bufs[device], sharding, mesh, shape, device)
        target = _slices(core_region(shape, sharding, mesh, device))
        if all(coords[a] == 0 for a in others):
            out[target] = core
    if strict:
        for device in mesh.devices():
            core = _core_of(bufs[device], sharding, mesh, shape, device)
            if not np.array_equal(out[_slices(core_region(shape, sharding, mesh, device))], core, equal_nan=True):
                raise ReshardError(f"device {device} disagrees with its replicas of <{sharding.body_str()}>")
    return out


def _core_of(buffer: np.ndarray, sharding: Sharding, mesh: Mesh, shape: tuple, device: int) -> np.ndarray:
    """The part of a local buffer that is the device's own shard (halos stripped)."""
    core = core_region(shape, sharding, mesh, device)
    local = local_region(shape, sharding, mesh, device)
    return buffer[tuple(slice(c0 - l0, c1 - l0) for (c0, c1), (l0, _) in zip(core, local))]


def _checked(buffers: Buffers, sharding: Sharding, mesh: Mesh, shape: tuple, what: str) -> list[np.ndarray]:
    """Buffers as a list, each checked against the shape ``sharding`` predicts."""
    n = mesh.num_devices
    if isinstance(buffers, Mapping):
        missing = [d for d in range(n) if d not in buffers]
        if missing:
            raise ReshardError(f"{what}: no buffer for devices {missing}")
        buffers = [buffers[d] for d in range(n)]
    if len(buffers) != n:
        raise ReshardError(f"{what}: {len(buffers)} buffers for a mesh of {n} devices")
    out = [np.asarray(b) for b in buffers]
    for device, buffer in enumerate(out):
        expected = local_shape(shape, sharding, mesh, device)
        if buffer.shape != expected:
            raise ReshardError(
                f"{what}: device {device} holds shape {buffer.shape}, but <{sharding.body_str()}> "
                f"of a {shape} tensor gives it {expected}"
            )
    return out


# -- collectives -----------------------------------------------------------------------------


def apply_step(
    buffers: Buffers, step: Step, src_sharding: Sharding, mesh: Mesh, global_shape: Sequence[int]
) -> list[np.ndarray]:
    """Execute ``step`` on ``buffers`` sharded as ``src_sharding``; return the new buffers.

    Each new buffer is checked against the local shape of the step's result
    sharding; a step whose splits do not nest for these sizes raises
    ReshardError naming the device (see :func:`~meshc.sharding.steps.is_exact`).
    """
    shape = tuple(global_shape)
    bufs = _checked(buffers, src_sharding, mesh, shape, str(step))
    result = step.apply(src_sharding, mesh, shape)
    try:
        run = _KERNELS[type(step)]
    except KeyError:
        raise ReshardError(f"no reference semantics for step {step!r}") from None
    out = run(bufs, step, src_sharding, result, mesh, shape)
    for device, buffer in enumerate(out):
        expected = local_shape(shape, result, mesh, device)
        if buffer.shape != expected:
            raise ReshardError(
                f"'{step}' on <{src_sharding.body_str()}> is not exact for a {shape} tensor: device {device} "
                f"ends with shape {buffer.shape} instead of {expected}"
            )
    return out


def apply_plan(
    buffers: Buffers, steps: Sequence[Step], src_sharding: Sharding, mesh: Mesh, global_shape: Sequence[int]
) -> tuple[list[np.ndarray], Sharding]:
    """Execute ``steps`` in order; return the final buffers and sharding."""
    bufs, sharding = list(_checked(buffers, src_sharding, mesh, tuple(global_shape), "apply_plan")), src_sharding
    for step in steps:
        bufs = apply_step(bufs, step, sharding, mesh, global_shape)
        sharding = step.apply(sharding, mesh, global_shape)
    return bufs, sharding


def _all_gather(bufs, step: AllGather, src, result, mesh, shape):
    """Concatenate each group's buffers along the gathered dim, in group order."""
    out = list(bufs)
    for group in mesh.axis_groups(step.axes):
        gathered = np.concatenate([bufs[d] for d in group], axis=step.dim)
        for d in group:
            out[d] = gathered.copy()
    return out


def _all_slice(bufs, step: AllSlice, src, result, mesh, shape):
    """Each device keeps the part of its buffer that its new shard covers."""
    return _cut(bufs, step.dim, src, result, mesh, shape)


def _cut(bufs, dim: int, src, result, mesh, shape):
    out = []
    for device, buffer in enumerate(bufs):
        (old_start, old_stop) = local_region(shape, src, mesh, device)[dim]
        (new_start, new_stop) = local_region(shape, result, mesh, device)[dim]
        if new_start < old_start or new_stop > old_stop:
            raise ReshardError(
                f"device {device} needs [{new_start}, {new_stop}) of tensor dim {dim} but holds only "
                f"[{old_start}, {old_stop}) under <{src.body_str()}>"
            )
        index = [slice(None)] * buffer.ndim
        index[dim] = slice(new_start - old_start, new_stop - old_start)
        out.append(np.array(buffer[tuple(index)]))
    return out


def _all_reduce(bufs, step: AllReduce, src, result, mesh, shape):
    """Every member of a group gets the group's reduction."""
    out = list(bufs)
    for group in mesh.axis_groups(step.axes):
        value = step.kind.reduce([bufs[d] for d in group])
        for d in group:
            out[d] = value.copy()
    return out


def _reduce_scatter(bufs, step: ReduceScatter, src, result, mesh, shape):
    """Reference: all_reduce, then each member keeps its shard along the scatter dim."""
    reduced_sharding = AllReduce(step.axes, step.kind).apply(src, mesh, shape)
    reduced = _all_reduce(bufs, AllReduce(step.axes, step.kind), src, reduced_sharding, mesh, shape)
    return _cut(reduced, step.dim, reduced_sharding, result, mesh, shape)


def _all_to_all(bufs, step: AllToAll, src, result, mesh, shape):
    """Reference: all_gather along ``src_dim``, then each member keeps its part of ``dst_dim``
    (what the pairwise exchange delivers, without its memory saving)."""
    gather = AllGather(step.axes, step.src_dim)
    gathered_sharding = gather.apply(src, mesh, shape)
    gathered = _all_gather(bufs, gather, src, gathered_sharding, mesh, shape)
    return _cut(gathered, step.dst_dim, gathered_sharding, result, mesh, shape)


def _mark_partial(bufs, step: MarkPartial, src, result, mesh, shape):
    """Devices off coordinate 0 of ``axes`` replace their value by the identity."""
    out = []
    for device, buffer in enumerate(bufs):
        if _holds_value(mesh, device, result, step.axes):
            out.append(buffer.copy())
        else:
            out.append(np.full(buffer.shape, step.kind.identity(buffer.dtype), dtype=buffer.dtype))
    return out


def _update_halo(bufs, step: UpdateHalo, src, result, mesh, shape):
    """Each device's new region is cut from the cores of the devices that tile the tensor
    with it (its group over the split axes)."""
    out = list(bufs)
    for group in mesh.axis_groups(src.split_mesh_axes):
        dtype = bufs[group[0]].dtype
        tile = np.empty(shape, dtype=dtype)
        for d in group:
            tile[_slices(core_region(shape, src, mesh, d))] = _core_of(bufs[d], src, mesh, shape, d)
        for d in group:
            out[d] = np.array(tile[_slices(local_region(shape, result, mesh, d))])
    return out


_KERNELS: dict[type, Callable] = {
    AllGather: _all_gather,
    AllSlice: _all_slice,
    AllReduce: _all_reduce,
    ReduceScatter: _reduce_scatter,
    AllToAll: _all_to_all,
    MarkPartial: _mark_partial,
    UpdateHalo: _update_halo,
}
