"""Collectives of the threaded runtime: one rendezvous per instance, and the
data math of each device group done by :mod:`meshc.sharding.simulate`.

A :class:`Rendezvous` is the shared object of one collective instance
(:class:`meshc.backend.schedule.CollectiveSpec`). Its participants split into
device groups over the spec's ``mesh_axes`` (``Mesh.axis_groups``: devices
that differ only on those axes, in MLIR mesh's group order); each group meets
on its own, so groups do not wait for each other. The last member of a group
to arrive computes every member's output (:func:`group_collective`) and wakes
the others; a member that waits too long asks the executor's ``check``
callback, which raises to end the wait (abort, timeout, deadlock).

The data math reuses the reference semantics: a group of ``g`` devices is a
1-D mesh of ``g`` devices on which the group's buffers are exactly the shards
of a small global tensor, described by a sharding with explicit boundaries
(``sharded_dims_offsets``) taken from the buffers' sizes along the collective's
tensor axis, so uneven shards need no special case. The collective then is
one named step of :mod:`meshc.sharding.steps` applied by
:func:`meshc.sharding.simulate.apply_step` (all_gather, all_slice,
all_reduce, and reduce_scatter / all_to_all when the pieces follow the
balanced rule), or the reference composition of two steps otherwise
(reduce_scatter = all_reduce + all_slice, all_to_all = all_gather +
all_slice, as simulate itself defines them). Bytes moved come from
:func:`meshc.sharding.reshard.transfer_matrix` of the same steps (the
planner's cost model; for a composition, the sum over its steps).

``update_halo`` (a region op's body only): the buffers are the members' cores (balanced), the step
:class:`~meshc.sharding.steps.UpdateHalo` of the spec's ``(halo_low, halo_high)`` on ``halo_axis``,
and each member's halo'd region is placed in its allocated buffer at the low width's offset
(:func:`_unclipped`); only the halo cells move.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import Callable, Optional, Sequence

import numpy as np

from meshc.backend.schedule import CollectiveSpec
from meshc.ir.location import DiagnosticError
from meshc.sharding import simulate
from meshc.sharding.reshard import transfer_matrix
from meshc.sharding.shards import shard_sizes
from meshc.sharding.spec import Mesh, ReductionKind, Sharding, ShardingError
from meshc.sharding.steps import AllGather, AllReduce, AllSlice, AllToAll, ReduceScatter, Step, UpdateHalo

__all__ = ["CollectiveError", "GroupResult", "group_collective", "group_transfer_matrix", "pair_traffic_refusal",
           "Rendezvous",
           "POLL_SECONDS", "MAX_POLL_SECONDS"]

#: How often a waiting member wakes to run its ``check`` callback (first; the interval doubles up to
#: :data:`MAX_POLL_SECONDS` while the wait lasts, so a thousand waiting members do not keep the
#: interpreter busy waking each other).
POLL_SECONDS = 0.02

#: The longest interval between two checks of a waiting member (an abort or a timeout is seen
#: within it).
MAX_POLL_SECONDS = 0.25


class CollectiveError(DiagnosticError):
    """A collective whose buffers do not fit together (shapes, element
    types), located at the collective."""


@dataclass
class GroupResult:
    """What one group's collective produced: ``outputs[j]`` for member ``j``
    (group order) and ``matrix[r, s]``, the bytes member ``r`` received
    from member ``s``."""

    outputs: list[np.ndarray]
    matrix: np.ndarray


def _fail(spec: CollectiveSpec, members: Sequence[int], why: str) -> CollectiveError:
    return CollectiveError(f"collective {spec.describe()} on devices {list(members)}: {why}", spec.location)


def _bounds(sizes: Sequence[int]) -> tuple[int, ...]:
    out = [0]
    for s in sizes:
        out.append(out[-1] + s)
    return tuple(out)


def _split_on(dim: int, rank: int, sizes: Sequence[int], g: int, **kw) -> Sharding:
    """``dim`` split over the group's only axis; explicit boundaries unless balanced."""
    axes = [()] * rank
    axes[dim] = (0,)
    balanced = list(sizes) == shard_sizes(sum(sizes), g)
    return Sharding("group", tuple(axes), sharded_dims_offsets=() if balanced else _bounds(sizes), **kw)


def _plan(spec: CollectiveSpec, members: Sequence[int], in_shapes: Sequence[tuple],
          out_shapes: Sequence[tuple]) -> tuple[Sharding, tuple[int, ...], list[Step]]:
    """The group's source sharding, global shape and steps (module docstring), from the shapes of the
    members' input buffers and of the outputs they allocated."""
    inputs = [_Shaped(tuple(s)) for s in in_shapes]
    g = len(inputs)
    a = spec.attributes
    first = tuple(inputs[0].shape)
    rank = len(first)

    def axis(name: str) -> int:
        d = a[name]
        if d >= rank:
            raise _fail(spec, members, f"{name} {d} is out of range for rank-{rank} buffers")
        return d

    def agree(except_dim: Optional[int]) -> None:
        for m, x in zip(members, inputs):
            same = len(x.shape) == rank and all(
                x.shape[i] == first[i] for i in range(rank) if i != except_dim)
            if not same:
                extra = f" except along tensor axis {except_dim}" if except_dim is not None else ""
                raise _fail(spec, members, f"device {m} contributes shape {list(x.shape)} but device {members[0]} "
                                           f"contributes {list(first)}; they must agree{extra}")

    def pieces(dim: int, total: int) -> tuple[list[int], bool]:
        sizes = [s[dim] if len(s) == rank else -1 for s in out_shapes]
        if sum(sizes) != total or min(sizes) < 0:
            raise _fail(spec, members, f"the outputs allocated along tensor axis {dim} have sizes {sizes}, which do "
                                       f"not split {total}")
        return sizes, sizes == shard_sizes(total, g)

    kind = spec.kind
    reduction = ReductionKind.parse(a.get("reduction", "sum"))
    if kind == "update_halo":  # inputs: the members' cores; outputs: core + both halo widths, unclipped
        d = axis("halo_axis")
        agree(d)
        lo, hi = a["halo_low"], a["halo_high"]
        for m, x, o in zip(members, inputs, out_shapes):
            want = x.shape[:d] + (x.shape[d] + lo + hi,) + x.shape[d + 1:]
            if tuple(o) != want:
                raise _fail(spec, members, f"device {m} allocated {list(o)} for a core of {list(x.shape)} and "
                                           f"halos ({lo}, {hi}) along tensor axis {d}; expected {list(want)}")
        sizes = [x.shape[d] for x in inputs]
        shape = first[:d] + (sum(sizes),) + first[d + 1:]
        src = _split_on(d, rank, sizes, g)
        if src.sharded_dims_offsets:  # uneven cores, not the balanced rule: halos need the balanced rule
            raise _fail(spec, members, f"cores of sizes {sizes} along tensor axis {d} are not a balanced split")
        return src, shape, [UpdateHalo((lo, hi))]
    if kind == "all_gather":
        d = axis("gather_axis")
        agree(d)
        sizes = [x.shape[d] for x in inputs]
        shape = first[:d] + (sum(sizes),) + first[d + 1:]
        return _split_on(d, rank, sizes, g), shape, [AllGather((0,), d)]
    if kind == "all_to_all":
        split, concat = axis("split_axis"), axis("concat_axis")
        if split == concat:
            raise _fail(spec, members, f"split_axis and concat_axis are both {split}")
        agree(concat)
        sizes = [x.shape[concat] for x in inputs]
        shape = first[:concat] + (sum(sizes),) + first[concat + 1:]
        out, balanced = pieces(split, shape[split])
        steps: list[Step] = [AllToAll((0,), concat, split)] if balanced else [
            AllGather((0,), concat), AllSlice((0,), split, _bounds(out))]
        return _split_on(concat, rank, sizes, g), shape, steps
    agree(None)
    if kind == "all_slice":
        d = axis("slice_axis")
        out, balanced = pieces(d, first[d])
        return Sharding("group"), first, [AllSlice((0,), d, () if balanced else _bounds(out))]
    partial = Sharding("group", partial_axes=(0,), partial_type=reduction)
    if kind == "all_reduce":
        return partial, first, [AllReduce((0,), reduction)]
    d = axis("scatter_axis")
    out, balanced = pieces(d, first[d])
    steps = [ReduceScatter((0,), reduction, d)] if balanced else [
        AllReduce((0,), reduction), AllSlice((0,), d, _bounds(out))]
    return partial, first, steps


class _Shaped:
    """A buffer as :func:`_plan` sees it: its shape only."""

    __slots__ = ("shape",)

    def __init__(self, shape: tuple):
        self.shape = shape


PAIR_MATRIX_COPIES = 3
"""Group-sized int64 matrices alive at once in :func:`plan_traffic`: the sum, a step's matrix and its
block."""


def pair_traffic_refusal(spec: CollectiveSpec, g: int) -> Optional[CollectiveError]:
    """The error refusing collective ``spec`` on a group of ``g`` members when its per-pair traffic
    matrix (:func:`plan_traffic`: about ``24 g**2`` bytes) needs more than half of the host memory
    available now, else None. O(1): the instantiation asks it of every collective before any
    per-device work, so a mesh too large for the matrix is refused at once."""
    need = PAIR_MATRIX_COPIES * 8 * g * g
    if g <= 1024:  # the check reads /proc/meminfo: only for groups where the matrix can matter
        return None
    from meshc.runtime.io import available_host_memory

    free = available_host_memory()
    if free is None or need <= free // 2:
        return None
    return CollectiveError(f"collective {spec.describe()} on a group of {g} devices: its per-pair traffic "
                           f"({g} x {g} entries, about {need / 2**30:.1f} GiB with the planning copies) "
                           f"needs more than half of the {free / 2**30:.1f} GiB of host memory available; "
                           "use a smaller mesh (the bytes per device scale with the group size as "
                           "docs/estimate.md gives)", spec.location)


def plan_traffic(spec: CollectiveSpec, members: Sequence[int], src: Sharding, shape: tuple,
                 steps: Sequence[Step], itemsize: int) -> np.ndarray:
    """``matrix[r, s]``: the bytes member ``r`` receives from member ``s`` over the group's planned
    ``steps`` (summed, :func:`meshc.sharding.reshard.transfer_matrix` of each step) from source
    sharding ``src`` of a global ``shape`` with ``itemsize`` bytes per element. The threaded runtime
    and MPI both count collective traffic with it.

    The matrix has ``len(members)**2`` int64 entries, and each step makes two more of that size
    while it is summed, so a group of ``g`` members needs about ``24 g**2`` bytes of host memory.

    Raises:
        CollectiveError: a step that does not apply (naming the collective and the devices), or a
            group whose per-pair matrix would not fit in the host's available memory (half of it).
    """
    g = len(members)
    refusal = pair_traffic_refusal(spec, g)
    if refusal is not None:
        raise refusal
    mesh = Mesh("group", (g,))
    matrix = np.zeros((g, g), dtype=np.int64)
    sharding = src
    try:
        for step in steps:
            matrix += transfer_matrix(step, sharding, mesh, shape, itemsize)
            sharding = step.apply(sharding, mesh, shape)
    except ShardingError as err:
        raise _fail(spec, members, str(err)) from None
    return matrix


def group_transfer_matrix(spec: CollectiveSpec, members: Sequence[int], in_shapes: Sequence[tuple],
                          out_shapes: Sequence[tuple], itemsize: int) -> np.ndarray:
    """The bytes one device group of collective ``spec`` moves, from shapes alone (no data): entry
    ``[r, s]`` is what member ``r`` (group order, ``members`` are linear device ids) receives from
    member ``s``, for input buffers of ``in_shapes`` (elements) of ``itemsize`` bytes per element and
    allocated outputs of ``out_shapes``. The rule is :func:`meshc.sharding.reshard.transfer_matrix` of
    the group's steps (module docstring); :func:`group_collective` counts with the same function, so
    a run's collective bytes and this agree exactly.

    Raises:
        CollectiveError: shapes that do not fit the collective (as :func:`group_collective`).
    """
    src, shape, steps = _plan(spec, members, in_shapes, out_shapes)
    return plan_traffic(spec, members, src, shape, steps, itemsize)


def group_collective(spec: CollectiveSpec, members: Sequence[int], inputs: Sequence[np.ndarray],
                     out_shapes: Sequence[tuple], out_dtypes: Sequence[np.dtype]) -> GroupResult:
    """Run collective ``spec`` for one device group.

    ``members`` are the group's linear device ids in group order,
    ``inputs[j]`` member j's buffer, ``out_shapes[j]``/``out_dtypes[j]`` the
    output buffer it allocated. Outputs are fresh arrays cast to the
    allocated element type (an all_reduce may accumulate into a wider type).

    Raises:
        CollectiveError: buffers that do not fit the collective (shapes
            disagree, the allocated outputs do not split the axis, an output
            shape differs from what the member receives, a reduction without
            reference semantics), naming the devices and sizes.
    """
    inputs = [np.asarray(x) for x in inputs]
    g = len(inputs)
    dtypes = {x.dtype for x in inputs}
    if len(dtypes) != 1:
        raise _fail(spec, members, f"element types differ: {[str(x.dtype) for x in inputs]}")
    src, shape, steps = _plan(spec, members, [x.shape for x in inputs], out_shapes)
    mesh = Mesh("group", (g,))
    matrix = plan_traffic(spec, members, src, shape, steps, inputs[0].dtype.itemsize)
    bufs, sharding = list(inputs), src
    try:
        for step in steps:
            bufs = simulate.apply_step(bufs, step, sharding, mesh, shape)
            sharding = step.apply(sharding, mesh, shape)
    except ShardingError as err:
        raise _fail(spec, members, str(err)) from None
    if spec.kind == "update_halo":
        bufs = _unclipped(spec, shape, bufs, out_shapes)
    outputs = []
    for m, buf, out_shape, dt in zip(members, bufs, out_shapes, out_dtypes):
        if tuple(buf.shape) != tuple(out_shape):
            raise _fail(spec, members, f"device {m} receives shape {list(buf.shape)} but allocated its output as "
                                       f"{list(out_shape)}")
        outputs.append(buf if buf.dtype == dt else buf.astype(dt))
    return GroupResult(outputs, matrix)


def _unclipped(spec: CollectiveSpec, shape: tuple, bufs: list, out_shapes: Sequence[tuple]) -> list:
    """Each member's halo'd region of the group's global ``shape`` (meshc's rule: halos clipped at the
    tensor's edges, what :class:`~meshc.sharding.steps.UpdateHalo` leaves) placed in the buffer it
    allocated, whose core sits at ``halo_low`` (upstream's local form); cells past the edges are
    zeros, which nothing reads."""
    d, lo = spec.attributes["halo_axis"], spec.attributes["halo_low"]
    out, start = [], 0
    for buf, core, out_shape in zip(bufs, shard_sizes(shape[d], len(bufs)), out_shapes):
        full = np.zeros(out_shape, dtype=buf.dtype)
        at = lo - min(lo, start)  # the low halo cells past the tensor's start are not there
        index = [slice(None)] * buf.ndim
        index[d] = slice(at, at + buf.shape[d])
        full[tuple(index)] = buf
        out.append(full)
        start += core
    return out


class _Group:
    """The meeting point of one device group of an instance."""

    def __init__(self, members: list[int]):
        self.members = members
        self.position = {d: j for j, d in enumerate(members)}
        self.cond = threading.Condition()
        self.arrived: dict[int, tuple] = {}
        self.done = False
        self.error: Optional[BaseException] = None
        self.result: Optional[GroupResult] = None
        self.compute_seconds = 0.0

    def missing(self) -> list[int]:
        return [d for d in self.members if d not in self.arrived]


#: ``check(waited_seconds, missing_devices)``: called while a member waits; raises to stop waiting.
#: ``missing_devices`` is a callable returning the list, so a check that has nothing to report yet (no
#: abort, the timeout not reached) costs O(1), not O(group): 1024 waiting members polling their group
#: every few milliseconds would otherwise cost O(group^2) per poll.
CheckFn = Callable[[float, Callable[[], list]], None]


class Rendezvous:
    """The shared object of one collective instance over ``participants``
    (linear device ids, whole groups of ``spec.mesh_axes`` on ``mesh``)."""

    def __init__(self, spec: CollectiveSpec, mesh: Mesh, participants: Sequence[int]):
        self.spec = spec
        self.mesh = mesh
        chosen = set(participants)
        self._groups: dict[int, _Group] = {}
        for members in mesh.axis_groups(spec.mesh_axes):
            if members[0] in chosen:
                group = _Group(members)
                for d in members:
                    self._groups[d] = group

    def group_of(self, device: int) -> list[int]:
        """The members of ``device``'s group, in group order."""
        return self._groups[device].members

    def received_by(self, device: int) -> dict[int, int]:
        """``{source device: bytes}`` that ``device`` received in this instance (its row of the
        group's :func:`~meshc.sharding.reshard.transfer_matrix`); empty before the group completed."""
        group = self._groups[device]
        if group.result is None:
            return {}
        row = group.result.matrix[group.position[device]]
        members = group.members
        return {members[s]: int(row[s]) for s in np.flatnonzero(row)}

    def arrive(self, device: int, value: np.ndarray, out_shape: tuple, out_dtype: np.dtype,
               check: CheckFn) -> tuple[np.ndarray, int, int, float]:
        """Contribute ``value`` and wait for the group; returns ``(output,
        received bytes, of which from peered devices, seconds of group
        compute)``.

        Raises:
            CollectiveError: the group's buffers do not fit (every member raises it).
            whatever ``check`` raises (abort, timeout).
        """
        group = self._groups[device]
        with group.cond:
            group.arrived[device] = (value, out_shape, out_dtype)
            if len(group.arrived) == len(group.members):
                self._complete(group)
                group.cond.notify_all()
            start = time.perf_counter()
            poll = POLL_SECONDS
            while not group.done:
                group.cond.wait(poll)
                poll = min(2 * poll, MAX_POLL_SECONDS)  # a long wait polls less often (many waiters)
                if not group.done:
                    check(time.perf_counter() - start, group.missing)
        if group.error is not None or group.result is None:
            raise group.error or _fail(self.spec, group.members, "the group ended without a result")
        r = group.position[device]
        row = group.result.matrix[r]
        peer = 0
        if self.mesh.peered_axes:  # the members sharing memory with this device: O(peer group), not O(group)
            position = group.position
            peer = sum(int(row[position[other]]) for other in self.mesh.peer_group(device)
                       if other != device and other in position)
        return group.result.outputs[r], int(row.sum()), peer, group.compute_seconds

    def _complete(self, group: _Group) -> None:
        t0 = time.perf_counter()
        members = group.members
        try:
            values, shapes, dtypes = zip(*(group.arrived[d] for d in members))
            group.result = group_collective(self.spec, members, values, shapes, dtypes)
        except CollectiveError as err:
            group.error = err
        except Exception as err:  # a numpy failure inside the math: report it at the collective
            group.error = _fail(self.spec, members, f"{type(err).__name__}: {err}")
        group.compute_seconds = time.perf_counter() - t0
        group.done = True
