"""The resharding planner: any source sharding to any target, as a list of named steps.

Rules (DESIGN.md, following MLIR mesh's spmdization of ``mesh.shard`` pairs):
split -> replicate is ``all_gather``; replicate -> split is ``all_slice`` (local);
partial -> replicate is ``all_reduce``; partial -> split is ``reduce_scatter``;
split dim i -> split dim j is ``all_to_all``. Anything else is a composition of
these, planned in phases on a "current" sharding:

1. halos: a source halo is dropped first (``update_halo []``) and the target's
   added last; if only the halos differ one ``update_halo`` does it.
2. ``all_slice`` at once each dim whose split axes are a prefix of its
   target's and whose remaining target axes are free (no dim splits them, not
   partial): local, and everything after moves the smaller shard (a partial
   sum is sliced to its target split before it is reduced, as XLA does);
   then ``all_reduce`` the partial axes no target dim splits (nothing
   cheaper exists for them); partial axes the target keeps with the same kind stay.
3. for each tensor dim, keep the longest common prefix of its source and
   target split axes through which the data stays in place (see
   :func:`~meshc.sharding.steps.nests`; with uneven shards a prefix may not
   nest, and then the dim is gathered further and sliced again).
4. until every dim is down to its kept prefix: ``reduce_scatter`` a partial axis
   onto the dim that wants it next, else ``all_to_all`` a minor split axis to the
   dim that wants it next, else ``all_gather`` the excess axes of one dim
   (first a dim whose excess no other dim wants).
5. ``all_reduce`` the partial axes that could not be scattered.
6. ``all_slice`` the remaining target axes of each dim (local).
7. ``mark_partial`` the target's partial axes the current sharding lacks.

Moving a split to another mesh axis on the same dim is therefore
``all_gather`` + ``all_slice``; moving several axes between dims is one
``all_to_all`` per contiguous run. Every emitted step is exact for the given
sizes (dynamic sizes only take steps exact for every size).

:func:`bytes_moved_per_device` and :func:`transfer_matrix` give the traffic of
a step so that a cost model can compare plans; the counting rule is stated per
step there.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Sequence

from .shards import check_offsets_fit, core_region, local_region, local_shape, shard_sizes
from .spec import Mesh, ReshardError, Sharding, ShardingError
from .steps import AllGather, AllReduce, AllSlice, AllToAll, MarkPartial, ReduceScatter, Step, UpdateHalo, is_exact
from .steps import nests, shardings_along

if TYPE_CHECKING:  # numpy loads with the first traffic count, not with the module
    import numpy as np

__all__ = ["plan_reshard", "same_layout", "transfer_matrix", "bytes_moved_per_device", "plan_bytes_per_device"]


def plan_reshard(src: Sharding, dst: Sharding, mesh: Mesh, global_shape: Sequence[int | None]) -> list[Step]:
    """Steps turning a tensor of ``global_shape`` sharded as ``src`` into ``dst`` on ``mesh``.

    The result of applying the steps (:func:`shardings_along`) has the
    :func:`same_layout` as ``dst``; ``[]`` when ``src`` already does. Raises
    ReshardError when the shardings name different meshes or one is invalid
    for the tensor (the message says which).
    """
    shape = tuple(global_shape)
    if src.mesh != dst.mesh:
        raise ReshardError(f"cannot reshard between meshes: <{src.body_str()}> is on @{src.mesh}, <{dst.body_str()}> on @{dst.mesh}")
    for role, s in (("source", src), ("target", dst)):
        try:
            s.validate(len(shape), mesh)
            check_offsets_fit(shape, s, mesh)
        except ReshardError:
            raise
        except ShardingError as err:
            raise ReshardError(f"invalid {role} sharding: {err}") from None
    if same_layout(src, dst, mesh, shape):
        return []
    return _Planner(src, mesh, shape).plan(dst)


def same_layout(a: Sharding, b: Sharding, mesh: Mesh, global_shape: Sequence[int | None]) -> bool:
    """True when ``a`` and ``b`` put the same data on every device: same split axes, same
    partial axes (in any order) and kind, same halos, and the same shard boundaries
    (``sharded_dims_offsets`` spelled out or implied by the balanced rule)."""
    na, nb = a.normalized(), b.normalized()
    if (na.mesh, na.split_axes, na.partial_axes, na.partial_type, na.halo_sizes) != (
        nb.mesh, nb.split_axes, nb.partial_axes, nb.partial_type, nb.halo_sizes
    ):
        return False
    if na.sharded_dims_offsets == nb.sharded_dims_offsets:
        return True
    return all(nests(na, nb, d, mesh, global_shape) for d in range(len(global_shape)))


class _Planner:
    """Builds a plan by emitting steps and tracking the current sharding."""

    def __init__(self, src: Sharding, mesh: Mesh, shape: tuple):
        self.cur, self.mesh, self.shape = src, mesh, shape
        self.steps: list[Step] = []
        self.keep: dict[int, int] = {}  # per dim: length of the split-axes prefix that stays
        self.removing: set[int] = set()  # dims still longer than their kept prefix

    def emit(self, step: Step) -> None:
        self.cur = step.apply(self.cur, self.mesh, self.shape)
        self.steps.append(step)

    def exact(self, step: Step, sharding: Sharding | None = None) -> bool:
        try:
            return is_exact(step, sharding or self.cur, self.mesh, self.shape)
        except ShardingError:  # e.g. explicit offsets on a dynamic dim: not a usable step
            return False

    def plan(self, dst: Sharding) -> list[Step]:
        if self.cur.halo_sizes or dst.halo_sizes:
            if same_layout(self.cur.without_halo(), dst.without_halo(), self.mesh, self.shape):
                self.emit(UpdateHalo(dst.halo_sizes))
                return self.steps
            if self.cur.halo_sizes:
                self.emit(UpdateHalo(()))
        target = dst.without_halo()
        self.reshard_core(target)
        if dst.halo_sizes:
            self.emit(UpdateHalo(dst.halo_sizes))
        if not same_layout(self.cur, dst, self.mesh, self.shape):
            raise ReshardError(f"internal: plan ends at <{self.cur.body_str()}>, not <{dst.body_str()}>")
        return self.steps

    # -- phases --------------------------------------------------------------------------

    def reshard_core(self, tgt: Sharding) -> None:
        """Phases 2-7 of the module docstring, for shardings without halos."""
        wanted = set(tgt.split_mesh_axes)
        self.slice_early(tgt)
        self.reduce_partials(tgt, lambda axis: axis not in wanted)
        dims = range(len(self.shape))
        self.keep = {d: self.kept_prefix(d, tgt) for d in dims}
        self.removing = {d for d in dims if len(self.cur.axes_of(d)) > self.keep[d]}
        while True:
            step = self.next_reduce_scatter(tgt) or self.next_all_to_all(tgt) or self.next_all_gather(tgt)
            if step is None:
                break
            self.emit(step)
            self.removing = {d for d in self.removing if len(self.cur.axes_of(d)) > self.keep[d]}
        self.reduce_partials(tgt, lambda axis: True)
        for d in dims:
            have, want = self.cur.axes_of(d), tgt.axes_of(d)
            if have != want:
                self.emit(AllSlice(want[len(have) :], d, tgt.offsets_of(d, self.mesh) or ()))
        missing = tuple(a for a in tgt.partial_axes if a not in self.cur.partial_axes)
        if missing:
            self.emit(MarkPartial(missing, tgt.partial_type))

    def slice_early(self, tgt: Sharding) -> None:
        """Phase 2 (first part): ``all_slice`` now each dim whose split axes are a prefix of its target's and
        whose remaining target axes are free (neither split on a dim nor partial): slicing is local,
        and every later step (an ``all_reduce`` of a partial sum first of all) then moves that
        dim's shard instead of the whole dim."""
        used = set(self.cur.split_mesh_axes) | set(self.cur.partial_axes)
        for d in range(len(self.shape)):
            have, want = self.cur.axes_of(d), tgt.axes_of(d)
            rest = want[len(have):]
            if not rest or want[:len(have)] != have or used & set(rest):
                continue
            step = AllSlice(rest, d, tgt.offsets_of(d, self.mesh) or ())
            if self.exact(step):
                self.emit(step)
                used |= set(rest)

    def excess_partials(self, tgt: Sharding) -> list[int]:
        """Current partial axes that must be reduced (all of them if the kinds differ)."""
        keep = set(tgt.partial_axes) if tgt.partial_type is self.cur.partial_type else set()
        return [a for a in self.cur.partial_axes if a not in keep]

    def reduce_partials(self, tgt: Sharding, which) -> None:
        axes = tuple(a for a in self.excess_partials(tgt) if which(a))
        if axes:
            self.emit(AllReduce(axes, self.cur.partial_type))

    def kept_prefix(self, dim: int, tgt: Sharding) -> int:
        """Length of the longest common prefix P of the current and target split axes of
        ``dim`` such that gathering down to P and slicing from P to the target are exact."""
        have, want = self.cur.axes_of(dim), tgt.axes_of(dim)
        common = next((i for i, (a, b) in enumerate(zip(have, want)) if a != b), min(len(have), len(want)))
        for p in range(common, 0, -1):
            mid = self.cur
            if p < len(have):
                gather = AllGather(have[p:], dim)
                if not self.exact(gather):
                    continue
                mid = gather.apply(self.cur, self.mesh, self.shape)
            if nests(mid, tgt, dim, self.mesh, self.shape):
                return p
        return 0

    def adding(self, tgt: Sharding):
        """Dims done removing axes, with the target axes they still need."""
        for d in range(len(self.shape)):
            if d not in self.removing:
                need = tgt.axes_of(d)[len(self.cur.axes_of(d)) :]
                if need:
                    yield d, need

    def lands(self, step: Step, dim: int, tgt: Sharding) -> bool:
        """``step`` is exact and leaves ``dim`` on the way to the target (nesting into it)."""
        if not self.exact(step):
            return False
        after = step.apply(self.cur, self.mesh, self.shape)
        return nests(after, tgt, dim, self.mesh, self.shape)

    def next_reduce_scatter(self, tgt: Sharding) -> Step | None:
        excess = set(self.excess_partials(tgt))
        for d, need in self.adding(tgt):
            run = 0
            while run < len(need) and need[run] in excess:
                run += 1
            for s in range(run, 0, -1):
                step = ReduceScatter(need[:s], self.cur.partial_type, d)
                if self.lands(step, d, tgt):
                    return step
        return None

    def next_all_to_all(self, tgt: Sharding) -> Step | None:
        for i in sorted(self.removing):
            excess = self.cur.axes_of(i)[self.keep[i] :]
            for j, need in self.adding(tgt):
                for s in range(min(len(excess), len(need)), 0, -1):
                    run = excess[len(excess) - s :]
                    if run != need[:s]:
                        continue
                    step = AllToAll(run, i, j)
                    if self.lands(step, j, tgt) and self.source_still_gatherable(step, i):
                        return step
        return None

    def source_still_gatherable(self, step: Step, dim: int) -> bool:
        after = step.apply(self.cur, self.mesh, self.shape)
        rest = after.axes_of(dim)[self.keep[dim] :]
        return not rest or self.exact(AllGather(rest, dim), after)

    def next_all_gather(self, tgt: Sharding) -> Step | None:
        if not self.removing:
            return None
        wanted = set(tgt.split_mesh_axes)
        excess = {d: self.cur.axes_of(d)[self.keep[d] :] for d in sorted(self.removing)}
        unwanted = [d for d, axes in excess.items() if not wanted & set(axes)]
        dim = (unwanted or list(excess))[0]
        return AllGather(excess[dim], dim)


# -- traffic ----------------------------------------------------------------------------------


def transfer_matrix(step: Step, src: Sharding, mesh: Mesh, global_shape: Sequence[int], itemsize: int) -> np.ndarray:
    """Bytes moved by ``step`` applied to ``src``: entry ``[r, s]`` is what device ``r``
    receives from device ``s`` (int64, ``num_devices`` square, zero diagonal).

    Counting rule, per group of the step's axes (``g`` devices):
    ``all_gather``: every other member's shard. ``all_slice``, ``mark_partial``: nothing.
    ``reduce_scatter``: from every other member, the part of its buffer that becomes
    the receiver's shard. ``all_reduce``: as reduce_scatter + all_gather of the flattened
    buffer cut into ``g`` balanced chunks (bandwidth-optimal): from each other member
    the receiver's chunk, then that member's chunk. ``all_to_all``: from each other
    member, its block along ``src_dim`` cut to the receiver's new range along
    ``dst_dim``. ``update_halo``: the new halo cells outside the receiver's old buffer,
    from the device whose shard holds them.
    """
    import numpy as np

    shape = tuple(global_shape)
    result = step.apply(src, mesh, shape)
    matrix = np.zeros((mesh.num_devices, mesh.num_devices), dtype=np.int64)
    if isinstance(step, (AllSlice, MarkPartial)):
        return matrix

    def size(sharding: Sharding, device: int) -> int:
        return math.prod(local_shape(shape, sharding, mesh, device))

    if isinstance(step, UpdateHalo):
        _halo_traffic(matrix, src, result, mesh, shape)
        return matrix * itemsize
    for group in mesh.axis_groups(step.axes):  # one row vector per receiver: O(g^2) numpy, not g^2 Python calls
        g = len(group)
        idx = np.asarray(group, dtype=np.int64)
        if isinstance(step, AllGather):
            block = np.broadcast_to(np.asarray([size(src, s) for s in group], dtype=np.int64), (g, g)).copy()
        elif isinstance(step, ReduceScatter):
            block = np.broadcast_to(np.asarray([[size(result, r)] for r in group], dtype=np.int64), (g, g)).copy()
        elif isinstance(step, AllReduce):
            block = np.empty((g, g), dtype=np.int64)
            by_size: dict[int, list[int]] = {}  # the rows of members with equal buffers are equal: one per size
            for r_pos, r in enumerate(group):
                by_size.setdefault(size(src, r), []).append(r_pos)
            for n, rows_of in by_size.items():
                q, rem = divmod(n, g)  # shard_sizes(n, g): q each, the last rem one more
                chunks = np.full(g, q, dtype=np.int64)
                if rem:
                    chunks[g - rem:] += 1
                at = np.asarray(rows_of, dtype=np.int64)
                block[at] = chunks[at][:, None] + chunks[None, :]
        elif isinstance(step, AllToAll):
            rows = []
            for r in group:
                piece = list(local_shape(shape, result, mesh, r))
                piece[step.src_dim] = 1
                rows.append(math.prod(piece))
            cols = [local_shape(shape, src, mesh, s)[step.src_dim] for s in group]
            block = np.outer(np.asarray(rows, dtype=np.int64), np.asarray(cols, dtype=np.int64))
        else:
            raise ReshardError(f"no traffic rule for step {step}")
        np.fill_diagonal(block, 0)
        if g == mesh.num_devices and group == list(range(g)):  # one group of every device in order
            matrix = block
        else:
            matrix[np.ix_(idx, idx)] = block
    matrix *= itemsize
    return matrix


def _halo_traffic(matrix: np.ndarray, src: Sharding, result: Sharding, mesh: Mesh, shape: tuple) -> None:
    """``matrix[r, s]``: cells of r's new local region outside its old one that lie in s's core."""

    def overlap(*regions) -> int:
        return math.prod(max(0, min(r[d][1] for r in regions) - max(r[d][0] for r in regions)) for d in range(len(shape)))

    for group in mesh.axis_groups(src.split_mesh_axes):
        for r in group:
            new, old = local_region(shape, result, mesh, r), local_region(shape, src, mesh, r)
            for s in group:
                if s != r:
                    core = core_region(shape, src, mesh, s)
                    matrix[r, s] = overlap(new, core) - overlap(new, old, core)


def bytes_moved_per_device(
    step: Step,
    src: Sharding,
    mesh: Mesh,
    global_shape: Sequence[int],
    itemsize: int,
    *,
    peered: bool | None = None,
) -> list[int]:
    """Bytes each device receives during ``step`` (0 for ``all_slice``); see :func:`transfer_matrix`.

    ``peered=True`` counts only bytes from devices in the receiver's peer group
    (peer reads, no copy under seed 000), ``peered=False`` only the others (copies).
    """
    import numpy as np

    matrix = transfer_matrix(step, src, mesh, global_shape, itemsize)
    if peered is not None:
        mask = np.array([[mesh.is_peered(r, s) == peered for s in mesh.devices()] for r in mesh.devices()])
        matrix = matrix * mask
    return [int(v) for v in matrix.sum(axis=1)]


def plan_bytes_per_device(
    steps: Sequence[Step], src: Sharding, mesh: Mesh, global_shape: Sequence[int], itemsize: int
) -> list[int]:
    """Total bytes each device receives over a whole plan starting from ``src``."""
    import numpy as np

    total = np.zeros(mesh.num_devices, dtype=np.int64)
    current = src
    for step, after in zip(steps, shardings_along(src, steps, mesh, global_shape)):
        total += bytes_moved_per_device(step, current, mesh, global_shape, itemsize)
        current = after
    return [int(v) for v in total]
