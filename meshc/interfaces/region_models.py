"""ShardingInterface models of region ops: ``scf.for``, ``scf.if``, ``scf.while``, ``scf.forall``, ``scf.execute_region``,
``flow.dispatch.region``, sharded and partitioned in place through their bodies.

Upstream MLIR's sharding propagation and partition have no rule for region ops (an ``scf.for`` or
``scf.if`` is replicated there, as an op without a ShardingInterface); seed 000 asks for "propagating
through a composite operation". The rule here composes the rules of the ops inside: the region op's
*loops* are the classes of tensor dims that must be split alike for its body to run on every device's
shards without moving data.

The classes (:func:`dim_classes`) join

* the dims one loop of an inner op indexes (each inner op's ShardingInterface,
  :mod:`meshc.interfaces.sharding`), operands, results and captured values alike;
* the values the op's region-flow interface ties together (:meth:`RegionFlowModel.ties
  <meshc.interfaces.region_flow.RegionFlowModel.ties>`: an ``scf.for`` init, its block argument, its
  yield and its result; the two yields of an ``scf.if`` and its result; a forall's ``shared_outs``).

A class may not be split (its dims stay replicated) when it holds a dim no loop indexes exactly (a
sliced dim, a reshape's minor dims, a convolution window not cut: below), a dim of an op without a sharding rule, two
dims of one tensor, two loops of one op, or an inner reduction loop that is not a sum into a
zero-filled destination (:func:`_reduces_in_place`). Every other class is one loop of the region op;
the dims of its operands, results and captured tensors (values from above that the body reads) link
to it. Propagation then treats the region op as any structured op: a split loop-carried value stays
split through an ``scf.for`` with no collective when the body is local.

A class holding a sum's reduction loop (or an ``INTERNAL`` loop of a nested region op) and no result
dim is an ``INTERNAL`` loop of the region op (:data:`meshc.interfaces.sharding.INTERNAL`: split from
its operands, the op's results stay whole): the body combines it itself, as XLA's SPMD partitioner
does inside a while loop. So an ``scf.if`` holding such a loop (IREE's guard of a rotated
``lax.fori_loop``) splits the loop's weights as the loop alone does. The sum's result is
partial over the loop's axes (:func:`inner_shardings`, with its zero-filled destination), and
:func:`combine_partials` puts a global-view ``mesh.all_reduce`` right after it in the body, so what
the body yields has the sharding of the block argument it feeds (a loop-carried sharding is a fixed
point); ``partition`` turns it into the local-view collective every device runs on every run of the
body (:mod:`meshc.runtime.body_collectives`). A Megatron MLP in a loop thus keeps ``w1``
column-split and ``w2`` row-split with one ``all_reduce`` per iteration.

Reshards inside the body (upstream MLIR's spmdization of ``scf.for``, XLA's while-loop partitioning):
:func:`dim_classes` joins the ties first (without the terminators' operands), then the body's ops in
order, then each terminator operand with its tie, and *cuts* a use of a body value whose join would
break a class (:meth:`_Classes.fits`: two dims of one tensor or two loops of one op in a class, a
splittable class joined with one that may not be split). The user reads a copy whose dims join its
loops; :func:`body_reshards` gives the sharding each cut use needs (a cut terminator operand: its
tie's, so a loop-carried value keeps its iter_arg's sharding for the whole loop and the yield is
resharded back to it), :func:`insert_body_reshards` puts a resharding point there
(``distribute-types``), ``reshard`` lowers it to collectives in the body and ``partition`` to their
local view (:func:`_local_reshard`). A class that reaches the results only through cuts is an
``INTERNAL`` loop. A value from above the body is never cut (its splits join the op's loops, so it
is resharded once before the op); only the partial sharding a split reduction's zero destination
from above needs is put in the body, just before the use (:func:`outer_reshards`). Cuts are made
only on static meshes and tensors of static shape (see "Uneven shards in a body" below), and only
while the body carries no shardings: afterwards the points are the boundaries
(:func:`_reshards`), so every later pass sees the same classes (docs/pipeline.md, "Reshards inside a
body"). A dim an op reads through a window (:class:`~meshc.interfaces.sharding.Window`) of a value of
the body is cut: the copy's dim and the value's join the window's loop, the cut's sharding takes the
halos the op's own rule gives (:func:`_windowed`) and ``reshard`` lowers it to one ``update_halo``
(its local form: :func:`_update_halo`); such a cut needs no equal shards (docs/pipeline.md, "Windows").

:func:`inner_shardings` gives every tensor value inside the op its sharding under a loop sharding of
the op (``distribute-types`` writes them into the types); :meth:`RegionOpModel.partition` rebuilds
the op on the device's shards: its tensor operands are the device's slices, its block arguments and
results take local types, and every inner op is partitioned by its own model into the new body
(``ctx.partition_inner``), reading the local values of the body (``partition``'s
:class:`~meshc.interfaces.spmd.PartitionContext`). The kernels of ``scf`` (:mod:`meshc.runtime.ops.scf`)
then run the per-device op on every device (threads, MPI, the SPMD template).

Uneven shards in a body: on shards of unequal sizes (10 rows over 4 devices) an in-body collective's
local result has no static type upstream's local-view rule accepts on every member (gathering 2 or 3
rows of 10), so :func:`_local_reshard` gives it dynamic dims where the rule and the device's shard
disagree, slices the device's shard out of it (its sizes the shard's coordinate arithmetic, static
once a device's body is instantiated), and casts the input of an ``all_slice``/``reduce_scatter`` to a
dynamic dim when its group does not divide it. The schedule lists each member's output shape
(:func:`meshc.backend.region_body.group_out_shapes`), which the runtimes allocate
(docs/pipeline.md, "Reshards inside a body").

``tensor.parallel_insert_slice`` (a forall's ``in_parallel`` body) gets the model of
``tensor.insert_slice`` without a result (:class:`ParallelInsertSliceModel`).
"""

from __future__ import annotations

import dataclasses
import threading
from typing import Optional

from meshc.dialects.mesh import ShardingAttr, ShardOp, sharding_of, with_sharding
from meshc.interfaces.region_flow import region_flow_model
from meshc.interfaces.sharding import (ANY, INTERNAL, PARALLEL, REDUCTION, DimLink, IterationSpace, LoopSharding, ShardingModel,
                                       effective_links, has_sharding_rule, iteration_space, register_sharding_model,
                                       unchanged_memo, unchanged_spaces)
from meshc.interfaces.sharding_models import InsertSliceModel, local_slice, mark_partial
from meshc.interfaces.spmd import (DeviceView, IndexExpressions, IndexMath, PartitionContext, PartitionError,
                                   local_type)
import meshc.dialects.tensor as tensor
from meshc.ir.builder import Builder
from meshc.ir.core import Block, Operation, Region, Value
from meshc.ir.types import TensorType

__all__ = ["RegionOpModel", "ParallelInsertSliceModel", "dim_classes", "inner_shardings", "combine_partials",
           "body_reshards", "outer_reshards", "insert_body_reshards", "zero_destination",
           "reduction_axes", "REGION_OPS"]

#: The region ops with this model (each has a region-flow interface, :mod:`meshc.interfaces.region_flow`).
REGION_OPS = ("scf.for", "scf.if", "scf.while", "scf.forall", "scf.execute_region", "flow.dispatch.region")

Node = tuple[int, int]  # (id(value), dim)

#: ``.scalars``: while :meth:`RegionOpModel._block` has a nested region op partitioned, the new body's
#: values of the values above that carry no sharding (None otherwise).
_OUTER = threading.local()


def _rank(v: Value) -> Optional[int]:
    return v.type.rank if isinstance(v.type, TensorType) and v.type.rank is not None else None  # type: ignore


class _Classes:
    """Union-find over tensor dims (and the loops of the body's ops), with the classes that may not be
    split and the cuts: the uses where the body reshards a value instead of joining its dims
    (:meth:`join_or_cut`).

    A node is ``(key, d)``: dim ``d`` of the value ``id(key)``, or loop ``-1 - d`` of the op ``id(key)``
    (negative ``d``), or dim ``d`` of the copy a cut use reads. Each class keeps the keys of its nodes
    (its *owners*): a class may hold one dim of a tensor and one loop of an op, never two."""

    def __init__(self) -> None:
        self.parent: dict[Node, Node] = {}
        self.owners: dict[Node, set[int]] = {}
        self.bad: set[Node] = set()
        self.reduced: list[Node] = []  # loops of split-able reductions combined inside the body
        self.values: dict[int, Value] = {}
        #: ``(user, operand index, key)``: the body reshards ``user``'s operand to what the nodes
        #: ``(key, d)`` get (a copy's, or the value the terminator operand is tied to)
        self.cuts: list[tuple[Operation, int, int]] = []
        self._copies: list[object] = []  # keeps the copies' keys alive

    def add(self, v: Value) -> bool:
        n = _rank(v)
        if n is None:
            return False
        self.values[id(v)] = v
        for d in range(n):
            self.find((id(v), d))
        return True

    def copy(self, rank: int) -> int:
        """A fresh key for the ``rank`` dims of a copy a cut use reads."""
        token = object()
        self._copies.append(token)
        for d in range(rank):
            self.find((id(token), d))
        return id(token)

    def find(self, x: Node) -> Node:
        if x not in self.parent:
            self.parent[x] = x
            self.owners[x] = {x[0]}
            return x
        while self.parent[x] != x:
            self.parent[x] = self.parent[self.parent[x]]
            x = self.parent[x]
        return x

    def union(self, a: Node, b: Node) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            if len(self.owners[ra]) < len(self.owners[rb]):
                ra, rb = rb, ra
            self.parent[rb] = ra
            self.owners[ra] |= self.owners.pop(rb)
            if rb in self.bad:
                self.bad.add(ra)

    def fits(self, pairs: list[tuple[Node, Node]]) -> bool:
        """Whether joining every pair keeps each class to one dim per tensor and one loop per op, and
        joins no class that may be split with one that may not."""
        tmp: dict[Node, Node] = {}

        def top(r: Node) -> Node:
            while tmp.get(r, r) != r:
                r = tmp[r]
            return r

        for a, b in pairs:
            ra, rb = top(self.find(a)), top(self.find(b))
            if ra != rb:
                tmp[rb] = ra
        groups: dict[Node, list[Node]] = {}
        for r in {self.find(n) for pair in pairs for n in pair}:
            groups.setdefault(top(r), []).append(r)
        for roots in groups.values():
            if len(roots) < 2:
                continue
            if len({r in self.bad for r in roots}) > 1:
                return False
            if sum(len(self.owners[r]) for r in roots) != len(set().union(*(self.owners[r] for r in roots))):
                return False
        return True

    def forbid(self, x: Node) -> None:
        self.bad.add(self.find(x))

    def splittable(self, x: Node) -> bool:
        return self.find(x) not in self.bad

    def forbid_all(self, v: Value) -> None:
        if self.add(v):
            for d in range(_rank(v) or 0):
                self.forbid((id(v), d))


def _loop(inner: Operation, l: int) -> Node:
    return (id(inner), -1 - l)


def dim_classes(op: Operation) -> Optional[_Classes]:
    """The classes of tensor dims of the region op ``op`` (see the module docstring), or None when
    ``op`` has no region-flow model or its body holds mesh ops other than the reshards of its own
    partition (annotations, local-view collectives: a body that is already sharded is left alone).

    The values the region flow ties together are joined first (without the terminators' operands),
    then the ops of the body in order, then each terminator operand with its tie; a use of a value
    defined in the body whose join would break a class (:meth:`_Classes.fits`) is cut instead
    (:func:`body_reshards`)."""
    model = region_flow_model(op)
    if model is None:
        return None
    c = _Classes()
    blocks = model.blocks(op)
    can_cut = _cut_rule(op, blocks)
    terms = [b.ops[-1] for b in blocks if b.ops and b.ops[-1].is_terminator]
    carried: list[tuple[Operation, int, Value]] = []  # (terminator, operand, the value its tie joins)
    for g, group in enumerate(model.ties(op)):
        ranks = {_rank(v) for v in group}
        if len(ranks) != 1 or None in ranks:
            for v in group:
                c.forbid_all(v)
            continue
        rest = list(group)
        uses = []
        for term in terms:
            # a terminator with one operand per result (scf.yield of a for or an if): operand g is group g's;
            # scf.condition (the condition first) and a while's yield (groups for the forwarded values too) are
            # joined as members of their groups instead
            if len(term.operands) == len(op.results) and g < len(term.operands) and any(
                    term.operands[g] is v for v in rest):
                rest.remove(next(v for v in rest if v is term.operands[g]))
                uses.append(term)
        if not rest:
            rest, uses = list(group), []
        for v in rest:
            c.add(v)
        for v in rest[1:]:
            for d in range(_rank(v) or 0):
                c.union((id(rest[0]), d), (id(v), d))
        carried += [(term, g, rest[0]) for term in uses]
    inside: set[int] = set()
    for block in blocks:
        for a in block.args:
            c.add(a)
            inside.add(id(a))
        for inner in block.ops:
            if inner.is_terminator:
                continue
            if inner.name.startswith("mesh.") and not _reshards(inner):
                return None
            _join_op(c, inner, inside, can_cut)
            inside.update(id(r) for r in inner.results)
    for term, g, tied in carried:
        v = term.operands[g]
        c.add(v)
        pairs = [((id(v), d), (id(tied), d)) for d in range(_rank(v) or 0)]
        if id(v) in inside and can_cut(v) and not c.fits(pairs):
            c.cuts.append((term, g, id(tied)))
        else:
            for a, b in pairs:
                c.union(a, b)
    _forbid_conflicts(c, op, model)
    return c


def _cut_rule(op: Operation, blocks: list[Block]):
    """Which values of region op ``op``'s body a use may cut (a reshard inside the body; its attribute
    ``windows``: which the operand of a window may cut, every static tensor on a static mesh, since a
    halo exchange needs no equal shards): none once
    the body carries shardings (``distribute-types`` put the reshards of its cuts there, which
    :func:`_join_op` reads as barriers, so later passes see the same classes whatever the mesh has
    become meanwhile), nor on a dynamic mesh; else a tensor of static shape (each device's buffers of
    an in-body collective have static sizes once its body is instantiated: equal shards in the types,
    unequal ones from the schedule listing, module docstring "Uneven shards in a body") whose every
    dim each mesh axis size divides or does not exceed (a dim smaller than an axis, a layer stack's
    unit dim, would leave devices empty shards: such a value is not cut, the class keeps its split)."""
    from meshc.dialects.mesh import MeshOp, enclosing_module

    def never(v: Value) -> bool:
        return False

    if any(sharding_of(a.type) is not None for b in blocks for a in b.args) or any(
            sharding_of(r.type) is not None for b in blocks for inner in b.ops for r in inner.results):
        return never
    module = enclosing_module(op)
    meshes = [m for m in (module.regions[0].blocks[0].ops if module is not None else ()) if isinstance(m, MeshOp)]
    if not meshes or not all(m.is_static for m in meshes):
        return never
    sizes = {n for m in meshes for n in m.as_mesh().shape}

    def cuttable(v: Value) -> bool:
        t = v.type
        return (isinstance(t, TensorType) and t.has_static_shape
                and all(n % k == 0 or n >= k for n in t.shape for k in sizes))  # type: ignore[operator]

    def static(v: Value) -> bool:
        return isinstance(v.type, TensorType) and v.type.has_static_shape

    cuttable.windows = static  # type: ignore[attr-defined]
    return cuttable


def _join_op(c: _Classes, inner: Operation, inside: set[int], can_cut) -> None:
    """Join the dims each loop of ``inner`` indexes (its loop nodes, ``_loop``); forbid what its rule
    leaves replicated. An operand defined in the body (``inside``) whose join would break a class, or
    make a dim of its class replicated, is cut: ``inner`` reads a copy the body reshards it to."""
    if _reshards(inner):  # a reshard in the body: a barrier, elementwise when it keeps the split (all_reduce)
        src, res = inner.operands[0], inner.results[0]
        a, b = sharding_of(src.type), sharding_of(res.type)
        if c.add(src) and c.add(res) and _splits(a, src) == _splits(b, res):
            pairs = [((id(src), d), (id(res), d)) for d in range(_rank(res) or 0)]
            if c.fits(pairs):
                for x, y in pairs:
                    c.union(x, y)
        return
    if not has_sharding_rule(inner):
        for k, v in enumerate(inner.operands):
            if id(v) in inside and can_cut(v) and c.add(v) and any(c.splittable((id(v), d)) for d in range(_rank(v) or 0)):
                key = c.copy(_rank(v) or 0)
                c.cuts.append((inner, k, key))
                for d in range(_rank(v) or 0):
                    c.forbid((key, d))
            else:
                c.forbid_all(v)
        for r in inner.results:
            c.forbid_all(r)
        return
    space = iteration_space(inner)
    combinable = _reduces_in_place(inner, space)
    for l, it in enumerate(space.iterator_types):
        c.find(_loop(inner, l))
        if it == REDUCTION:
            if combinable:
                c.reduced.append(_loop(inner, l))
            else:
                c.forbid(_loop(inner, l))
        elif it == INTERNAL:  # a nested region op combines it in its own body: so does this op
            c.reduced.append(_loop(inner, l))
    n_in = len(inner.operands)
    # a destination is written, not read: it is never cut (nor is anything of an op without results,
    # a forall's parallel insert into its shared_outs)
    cuttable = [bool(inner.results) and not (k < len(space.tied) and space.tied[k] is not None) for k in range(n_in)]
    entries = [(v, links, k) for k, (v, links) in enumerate(zip(inner.operands, space.operands))]
    entries += [(v, links, None) for v, links in zip(inner.results, space.results)]
    entries += [(v, links, None) for v, links in space.captured]
    # the values from above first: a cut can only move a value of the body
    entries.sort(key=lambda e: e[2] is not None and id(e[0]) in inside)
    for v, links, k in entries:
        if links is ANY or links is None or not c.add(v):
            continue
        pairs, lost = [], []
        for d, link in enumerate(effective_links(links)):  # type: ignore[arg-type]
            if link is not None and link.padded is not None:
                # a padded dim's loop has uneven shards (the pads at the ends): not a class a body splits
                c.forbid(_loop(inner, link.loop))
                lost.append(d)
            elif link is None or link.multiple is not None:
                lost.append(d)
            else:
                pairs.append(((id(v), d), _loop(inner, link.loop)))
        # a dim read through a window of a loop (a convolution's input) joins that loop on the copy a cut
        # reads: the body exchanges its halo there (body_reshards), as partition does above a body
        windows = {d: space.window_of(k, d) for d in lost} if k is not None and k < n_in else {}
        windowed = [d for d in lost if windows.get(d) is not None]
        # the value itself joins the op's loops on its windowed dims too, and on the others when only
        # the windows make the cut (its rows and the output's on one mesh axis: the exchange then moves
        # only the halo cells, and nothing else of it is resharded)
        own = [((id(v), d), _loop(inner, windows[d].loop)) for d in windowed]  # type: ignore[union-attr]
        only = bool(windowed) and c.fits(own) and not any(
            c.splittable((id(v), d)) for d in lost if d not in windowed)
        if only and c.fits(pairs + own):
            own += pairs
        elif not c.fits(own):
            own = []
        # a halo exchange alone runs on shards of any size (each device's buffers are its own): a cut
        # made by windows, the value's windowed dims split with their loops, needs no equal shards
        # (_cut_rule's ``windows``; its other dims are those of the op's loops unless two loops of the
        # op would share a class, a kernel read twice: those stay replicated on both sides)
        cut_ok = can_cut(v) or only and getattr(can_cut, "windows", can_cut)(v)
        if k is not None and k < n_in and id(v) in inside and cuttable[k] and cut_ok and (
                windowed or not c.fits(pairs) or any(c.splittable((id(v), d)) for d in lost)):
            key = c.copy(_rank(v) or 0)
            c.cuts.append((inner, k, key))
            copy = [((key, d), _loop(inner, windows[d].loop)) for d in windowed]  # type: ignore[union-attr]
            pairs = [((key, a[1]), b) for a, b in pairs] + copy + own
            lost_nodes = [(key, d) for d in lost if d not in windowed]
        else:
            lost_nodes = [(id(v), d) for d in lost]
        for a, b in pairs:
            c.union(a, b)
        for n in lost_nodes:
            c.forbid(n)


def _splits(s: Optional[ShardingAttr], v: Value) -> tuple:
    """The split axes of ``s`` per dim of ``v`` (trailing dims included)."""
    n = _rank(v) or 0
    if s is None:
        return ((),) * n
    return tuple(s.dim_axes(d) for d in range(n))


def _reshards(inner: Operation) -> bool:
    """``inner`` is a reshard the body of a region op got from its own partition (global view: its
    operand and result carry shardings): a resharding point ``mesh.shard``, the collective it is
    lowered to, or the ``mesh.all_reduce`` :func:`combine_partials` puts after a split reduction."""
    if not inner.name.startswith("mesh.") or len(inner.operands) != 1 or len(inner.results) != 1:
        return False
    return sharding_of(inner.operands[0].type) is not None and sharding_of(inner.results[0].type) is not None


def _combines(inner: Operation) -> bool:
    """``inner`` is a global-view ``mesh.all_reduce`` of a partial body value (:func:`combine_partials`)."""
    if inner.name != "mesh.all_reduce" or len(inner.operands) != 1 or len(inner.results) != 1:
        return False
    s = sharding_of(inner.operands[0].type)
    return s is not None and bool(s.partial_axes)


def body_reshards(op: Operation, ls: LoopSharding) -> list[tuple[Operation, int, ShardingAttr]]:
    """The reshards the body of region op ``op`` needs under its loop sharding ``ls``: per cut use of
    :func:`dim_classes`, ``(user, operand index, sharding the user reads)``. A terminator's operand is
    resharded to the sharding of the value its tie carries (an ``scf.for`` yield to its iter_arg's,
    so the loop-carried value keeps one sharding on every iteration: upstream MLIR's spmdization of
    ``scf.for``, XLA's while loop); an op's operand to what the op's loops give it. Empty without a rule."""
    model = sharding_model_of(op)
    found = model.classes(op) if model is not None else None
    if found is None:
        return []
    c, loops = found
    out = []
    for user, k, key in c.cuts:
        split = []
        for d in range(_rank(user.operands[k]) or 0):
            loop = loops.get(c.find((key, d)))
            split.append(tuple(ls.loop_axes[loop]) if loop is not None else ())
        out.append((user, k, _windowed(user, k, ShardingAttr(ls.mesh, tuple(split)), c, loops, ls)))
    return out


def _windowed(user: Operation, k: int, target: ShardingAttr, c: "_Classes", loops: dict,
              ls: LoopSharding) -> ShardingAttr:
    """``target`` of a cut use with the halos the user's own rule gives its windowed dims
    (:func:`~meshc.interfaces.sharding.operand_shardings_for` of the user under the loops its classes
    take: the rule that decides them above a body decides them in it), when that rule splits the dims
    as ``target`` does; ``target`` itself otherwise."""
    from meshc.interfaces.sharding import operand_shardings_for, read_whole_windows

    if user.is_terminator or not has_sharding_rule(user):
        return target
    space = iteration_space(user)
    if not space.windows or k >= len(user.operands):
        return target
    axes = []
    for l in range(space.num_loops):
        loop = loops.get(c.find(_loop(user, l)))
        axes.append(tuple(ls.loop_axes[loop]) if loop is not None else ())
    inner = LoopSharding(ls.mesh, tuple(axes), space.iterator_types, space.reduction_kinds)
    try:
        need = operand_shardings_for(user, inner)[k]
    except ValueError:
        return target
    if need is None or not need.halo_sizes or _splits(need, user.operands[k]) != _splits(target, user.operands[k]):
        return target
    # a windowed dim the value itself holds whole (its class is not the window loop's) is read whole
    v = user.operands[k]
    have = ShardingAttr(ls.mesh, tuple(tuple(ls.loop_axes[loops[c.find((id(v), d))]]) if c.find((id(v), d)) in loops
                                       else () for d in range(_rank(v) or 0)))
    return read_whole_windows(user, k, need, have)


def insert_body_reshards(op: Operation, ls: LoopSharding) -> int:
    """After ``distribute-types`` gave the body of region op ``op`` its shardings: a resharding point
    ``mesh.shard %v to S : T_A -> T_B`` in front of each use :func:`body_reshards` lists whose value
    has another layout (``reshard`` lowers it to collectives inside the body, ``partition`` to the
    local-view collectives each device runs on every run of the body), and one in front of each use
    :func:`outer_reshards` lists (a value from above the body reads partial; a static ``tensor.empty``,
    which holds no data, is recreated there with the partial type instead); returns how many."""
    count = 0
    outer = outer_reshards(op, ls)  # read off the body's uses before the cuts' points change them
    for user, k, target in body_reshards(op, ls):
        v = user.operands[k]
        if sharding_of(v.type) is None:
            continue
        # a point even where the layouts agree: it is the barrier later passes read the cut from
        point = Builder.before(user).insert(ShardOp.build(v, target, loc=user.location, distributed=True))
        user.set_operand(k, point.results[0])
        count += 1
    for user, k, target in outer:
        v = user.operands[k]
        src = getattr(v, "op", None)
        if getattr(src, "name", "") == "tensor.empty" and not src.operands:  # type: ignore[union-attr]
            point = Builder.before(user).insert(src.clone({}))  # no data: a new one of the partial type
            point.results[0].type = with_sharding(v.type, target)
        else:
            point = Builder.before(user).insert(ShardOp.build(v, target, loc=user.location, distributed=True))
        user.set_operand(k, point.results[0])
        count += 1
    return count


def _is_point(user: Operation) -> bool:
    return isinstance(user, ShardOp) and user.is_resharding_point


def _moves_partial(user: Operation) -> bool:
    """``user`` reads a partial value as it is: a resharding point, or a collective (the ``all_reduce``
    an earlier run of ``distribute-types`` put there, or the steps ``reshard`` lowered a point to)."""
    from meshc.dialects.mesh_collectives import CollectiveOp

    return _is_point(user) or isinstance(user, CollectiveOp)


def combine_partials(op: Operation) -> int:
    """After ``distribute-types`` gave the body of region op ``op`` its shardings (and
    :func:`insert_body_reshards` its resharding points): a global-view ``mesh.all_reduce`` right after
    each body op whose result is partial (a split reduction, see :func:`reduction_axes`), the users
    other than resharding points and collectives reading the combined value; returns how many were
    inserted. A result whose users are all such already is combined (stage-3/4 IR compiled again: the
    pass run twice changes nothing). A resharding point keeps the partial value (``reshard`` plans partial -> its target, a
    ``reduce_scatter`` when the target is split). The body then says where it communicates, and
    ``partition`` turns each into the local-view collective that every device runs on every iteration."""
    count = 0
    flow = region_flow_model(op)
    for block in flow.blocks(op) if flow is not None else ():
        for inner in list(block.ops):
            if inner.is_terminator or _reshards(inner) or not has_sharding_rule(inner):
                continue
            if REDUCTION not in iteration_space(inner).iterator_types:
                continue
            for r in inner.results:
                s = sharding_of(r.type)
                if s is None or not s.partial_axes or all(_moves_partial(u) for u in r.users):
                    continue  # combined already (stage-3/4 IR read again) or resharded
                full = with_sharding(r.type, dataclasses.replace(s, partial_axes=()))
                ar = _global_all_reduce(r, s, full, inner.location)
                block.insert_after(inner, ar)
                r.replace_uses_if(ar.results[0], lambda user: user is not ar and not _moves_partial(user))
                count += 1
    return count


def _global_all_reduce(v: Value, s: ShardingAttr, result_type, loc) -> Operation:
    """``mesh.all_reduce`` of ``v`` over the partial axes of ``s`` (its reduction), typed ``result_type``:
    global view when the types carry shardings, local view on per-device types."""
    from meshc.dialects.mesh import I16
    from meshc.ir.attributes import DenseArrayAttr, StringAttr, SymbolRefAttr

    attrs: dict = {"mesh": SymbolRefAttr(s.mesh), "mesh_axes": DenseArrayAttr(I16, tuple(s.partial_axes))}
    if s.partial_type != "sum":
        attrs["reduction"] = StringAttr(s.partial_type)
    return Operation.create([v], [result_type], attrs, location=loc, name="mesh.all_reduce")


def zero_destination(v: Value) -> bool:
    """``v`` is a ``tensor.empty`` or a zero :func:`_is_zero_fill`: the destination of a split
    reduction inside a region op's body, partial over the reduction's axes (each device starts its
    partial sum at zero, so any layout of zeros is the same partial value)."""
    return getattr(getattr(v, "op", None), "name", "") == "tensor.empty" or _is_zero_fill(v)


def _is_zero_fill(v: Value) -> bool:
    """``v`` is a ``linalg.fill`` (or a splat constant) of the constant 0: the identity of a sum."""
    from meshc.ir.attributes import DenseElementsAttr, FloatAttr, IntegerAttr

    op = getattr(v, "op", None)
    if op is None:
        return False
    if op.name == "linalg.fill":
        c = getattr(op.operands[0], "op", None)
        a = c.attributes.get("value") if c is not None and c.name == "arith.constant" else None
        return isinstance(a, (FloatAttr, IntegerAttr)) and float(a.value) == 0.0
    if op.name == "arith.constant":
        a = op.attributes.get("value")
        return isinstance(a, DenseElementsAttr) and not a.array.any()  # type: ignore[union-attr]
    return False


def _reduces_in_place(inner: Operation, space: IterationSpace) -> bool:
    """Whether a split reduction loop of ``inner`` (an op of a region op's body) may stay split: every
    result is a sum (``reduction_kinds``) whose destination starts at zero, so each device's partial
    sum of its part of the loop is combined by one ``mesh.all_reduce`` right after the op, inside the
    body (what XLA's SPMD partitioner does in a while loop's body; MLIR's partial shardings)."""
    if inner.regions and sharding_model_of(inner) is not None:
        return False  # a nested region op's loops are all parallel
    if REDUCTION not in space.iterator_types or not space.results:
        return False
    if any(k != "sum" for k in space.reduction_kinds) or len(space.reduction_kinds) != len(space.results):
        return False
    inits = {r: k for k, r in enumerate(space.tied) if r is not None}
    return all(r in inits and _partial_destination(inner.operands[inits[r]]) for r in range(len(space.results)))


def _partial_destination(v: Value) -> bool:
    """``v`` may be the destination of a split reduction combined in the body: a zero
    (:func:`_is_zero_fill`), or, once the body carries shardings, a reshard of the body
    (:func:`_reshards`) to a partial sharding: the point :func:`insert_body_reshards` puts in front of a
    shared or outer zero destination (its source may since have become another op's result, a
    ``partition``'s ``mesh.for_all``; the type says what it holds: each device adds its part to a
    partial value, and the ``all_reduce`` after the op sums the whole)."""
    if _is_zero_fill(v):
        return True
    op = getattr(v, "op", None)
    if op is None or not _reshards(op):
        return False
    s = sharding_of(v.type)
    return s is not None and bool(s.partial_axes) and s.partial_type == "sum"


def reduction_axes(inner: Operation, c: "_Classes", loops: dict, ls: LoopSharding) -> tuple[int, ...]:
    """The mesh axes of ``inner``'s split reduction loops under the region op's loop sharding ``ls``
    (sorted; empty when none is split): the axes its results are partial over."""
    if not has_sharding_rule(inner) or (inner.regions and sharding_model_of(inner) is not None):
        return ()
    space = iteration_space(inner)
    if REDUCTION not in space.iterator_types:
        return ()
    axes: set[int] = set()
    for l, it in enumerate(space.iterator_types):  # the loop nodes of dim_classes (a cut operand's copy joins them too)
        loop = loops.get(c.find(_loop(inner, l))) if it == REDUCTION else None
        if loop is not None:
            axes.update(ls.loop_axes[loop])
    return tuple(sorted(axes))


def _forbid_conflicts(c: _Classes, op: Operation, model) -> None:
    """Forbid a class holding two dims of one tensor, or two loops of one inner op (its loop nodes),
    which the joins that could not be cut (values from above, results) may have made."""
    by_value: dict[int, list[Node]] = {}
    for node in list(c.parent):
        by_value.setdefault(node[0], []).append(node)
    for nodes in by_value.values():
        roots = [c.find(n) for n in nodes]
        for r in roots:
            if roots.count(r) > 1:
                c.forbid(r)


def _free_values(op: Operation) -> list[Value]:
    """The values that ops nested in ``op``'s regions use and that are defined outside ``op``, in order of
    first use in a pre-order walk (:func:`meshc.backend.schedule.captured_values` before it drops ``op``'s
    own operands). Composed from the lists of the ops of ``op``'s blocks (a value a nested op reads from
    above is free in ``op`` unless ``op``'s blocks define it: on IR that verifies, dominance leaves no
    other place), each computed once within an :func:`~meshc.interfaces.sharding.unchanged_spaces`
    block, so asking every region op of a nest costs O(ops) in all, not a walk of each subtree."""
    memo = unchanged_memo("free_values")
    if memo is not None:
        hit = memo.get(id(op))
        if hit is not None and hit[0] is op:
            return hit[1]
    direct: set = set()
    for region in op.regions:
        for block in region.blocks:
            direct.update(block.args)
            for inner in block.ops:
                direct.update(inner.results)
    out: list[Value] = []
    seen: set = set()
    for region in op.regions:
        for block in region.blocks:
            for inner in block.ops:
                for v in (inner.operands if not inner.regions else list(inner.operands) + _free_values(inner)):
                    if v not in seen and v not in direct:
                        seen.add(v)
                        out.append(v)
    if memo is not None:
        memo[id(op)] = (op, out)
    return out


def _captured(op: Operation) -> list[Value]:
    """Ranked tensors defined outside ``op`` that the ops in its regions read, in order of first use."""
    own = set(op.operands)
    return [v for v in _free_values(op) if v not in own and _rank(v) is not None]


def _memoized(kind: str, op: Operation, compute):
    """``compute(op)``, once per op within the current :func:`~meshc.interfaces.sharding.unchanged_spaces`
    block (the caller opens one)."""
    memo = unchanged_memo(kind)
    hit = memo.get(id(op))  # type: ignore[union-attr]
    if hit is not None and hit[0] is op:
        return hit[1]
    value = compute(op)
    memo[id(op)] = (op, value)  # type: ignore[index]
    return value


class RegionOpModel(ShardingModel):
    """The ShardingInterface of a region op, composed from its body (see the module docstring).

    Nested region ops are asked for their spaces and classes several times while an enclosing one is
    composed (rule check, links, conflicts), and a pass asks each op of a nest in turn: within one
    :func:`~meshc.interfaces.sharding.unchanged_spaces` block (each public method opens one when none is
    open; partition and distribute-types open one over all the ops they ask about, whose structure does
    not change meanwhile) each op's answer is computed once, so a nest of depth d costs O(d) compositions,
    not O(d^2) or more."""

    def classes(self, op: Operation) -> Optional[tuple[_Classes, dict[Node, int]]]:
        """The dim classes and the loop of each splittable class reached from the op's boundary."""
        with unchanged_spaces():
            return _memoized("region_classes", op, self._classes)

    def _classes(self, op: Operation) -> Optional[tuple[_Classes, dict[Node, int]]]:
        c = dim_classes(op)
        if c is None:
            return None
        loops: dict[Node, int] = {}
        for v in list(op.operands) + list(op.results) + _captured(op):
            if _rank(v) is None or not c.add(v):
                continue
            for d in range(_rank(v) or 0):
                root = c.find((id(v), d))
                if c.splittable(root) and root not in loops:
                    loops[root] = len(loops)
        return c, loops

    def iteration_space(self, op: Operation) -> Optional[IterationSpace]:
        """The op's iteration space, composed from its body (once per op within an
        :func:`~meshc.interfaces.sharding.unchanged_spaces` block, see the class docstring)."""
        with unchanged_spaces():
            return _memoized("region_spaces", op, self._composed_space)

    def _composed_space(self, op: Operation) -> Optional[IterationSpace]:
        found = self.classes(op)
        if found is None:
            return None
        c, loops = found

        def links(v: Value):
            if _rank(v) is None:
                return None
            return tuple(DimLink(loops[c.find((id(v), d))]) if c.find((id(v), d)) in loops else None
                         for d in range(_rank(v) or 0))

        tied = [None] * len(op.operands)
        model = region_flow_model(op)
        for r, group in enumerate(model.ties(op)):  # type: ignore[union-attr]
            for k, v in enumerate(op.operands):
                if any(v is g for g in group) and r < len(op.results) and any(op.results[r] is g for g in group):
                    tied[k] = r
        # a loop that indexes no result is combined inside the body (INTERNAL): by the all_reduce of a
        # body reduction, or by the reshards of the cut uses its values reach the results through
        reduced = {c.find(n) for n in c.reduced}
        in_results = {c.find((id(r), d)) for r in op.results if _rank(r) is not None for d in range(_rank(r) or 0)}
        iterators = tuple(INTERNAL if root not in in_results and (root in reduced or c.cuts) else PARALLEL
                          for root in loops)
        return IterationSpace(iterators, tuple(links(v) for v in op.operands),
                              tuple(links(r) for r in op.results), (None,) * len(op.results), tuple(tied),
                              tuple((v, links(v)) for v in _captured(op)))

    def rule_remark(self, op: Operation) -> Optional[str]:
        if self.classes(op) is None:
            return f"'{op.name}' holds mesh ops in its body: it is replicated as a whole"
        return None

    def dps_inits(self, op: Operation) -> tuple[Optional[int], ...]:
        space = self.iteration_space(op)
        out: list[Optional[int]] = [None] * len(op.results)
        for k, r in enumerate(space.tied if space is not None else ()):
            if r is not None and out[r] is None:
                out[r] = k
        return tuple(out)

    def refine(self, op: Operation, known) -> Operation:
        """Unroll's static types for a per-device region op: block arguments take their tied operands'
        (now static) types, the integer arithmetic of the body on known values folds to constants, each
        inner op is refined by its own model in order (nested region ops recursively; a local-view
        collective, which has no model, by its own rule: :meth:`~meshc.dialects.mesh_collectives.CollectiveOp.refine_local_type`,
        so an uneven split's in-body ``all_reduce`` gets each class's static type), and the results
        take the types of what flows into them (the tied operand, else the first terminator operand)."""
        from meshc.dialects.arith import ConstantOp
        from meshc.dialects.mesh_collectives import CollectiveOp
        from meshc.interfaces.sharding import sharding_model
        from meshc.ir.attributes import IntegerAttr
        from meshc.ir.types import IndexType, IntegerType

        flow = region_flow_model(op)
        consts: Optional[dict[Value, int]] = getattr(known, "consts", None)
        if consts is None:
            consts = {}

            def known2(v: Value) -> Optional[int]:
                return consts[v] if v in consts else known(v)

            known2.consts = consts  # type: ignore[attr-defined]
        else:  # a nested region op: one table for the whole nest (no chain of lookups per level; values
            known2 = known  # folded in a body are invisible above it, so sharing the table changes no answer)

        ties = flow.ties(op)  # type: ignore[union-attr]
        operand_of = {g: v for group in ties for v in group if any(v is o for o in op.operands) for g in group}
        for block in flow.blocks(op):  # type: ignore[union-attr]
            for a in block.args:
                src = operand_of.get(a)
                if src is not None and isinstance(a.type, TensorType):
                    a.type = src.type
            for inner in list(block.ops):
                if inner.is_terminator and not inner.regions:
                    continue
                model = sharding_model(inner)
                if model is None:
                    if isinstance(inner, CollectiveOp):  # a body collective: the op's own local-view rule
                        inner.refine_local_type()
                    continue
                if len(inner.results) == 1 and isinstance(inner.results[0].type, (IndexType, IntegerType)):
                    folded = model.fold_static(inner, known2)
                    if folded is not None and isinstance(folded[0], int):
                        t = inner.results[0].type
                        c = Builder.before(inner).insert(ConstantOp.create([], [t], {"value": IntegerAttr(folded[0], t)},
                                                                           location=inner.location))
                        consts[c.results[0]] = folded[0]
                        inner.results[0].replace_all_uses_with(c.results[0])
                        inner.erase()
                        continue
                new = model.refine(inner, known2)
                if new is not inner:
                    Builder.before(inner).insert(new)
                    for a, b in zip(inner.results, new.results):
                        a.replace_all_uses_with(b)
                    inner.erase()
        for r in op.results:  # the group holding r (a while's groups are its carried values, then its forwarded ones)
            group = next((g for g in ties if any(v is r for v in g)), ())
            src = operand_of.get(r)
            if src is not None:
                r.type = src.type
                continue
            flowing = [v for v in group if v is not r and isinstance(v.type, TensorType)]
            if flowing:
                r.type = flowing[0].type
        return op

    def partition(self, op: Operation, ctx: PartitionContext) -> list[Value]:
        """The op on this device's shards, its body partitioned in place (see the module docstring).

        Raises:
            PartitionError: a dynamic dim of a block argument without a tied operand; a value that
                must be equal on every device (an ``scf.while`` condition) computed from a split or
                partial tensor (:func:`_check_uniform`).
        """
        _check_uniform(op)
        view: DeviceView = ctx.view  # type: ignore[assignment]
        coords = view.coords()
        # inside an enclosing region op's body: its new body's values of the scalars (and unsharded
        # values) defined above, which this op's operands and body read (see _block)
        mapping: dict[Value, Value] = dict(getattr(_OUTER, "scalars", None) or {})
        _OUTER.scalars = None
        operands = [mapping.get(v, v) if sharding_of(v.type) is None else local
                    for v, local in zip(op.operands, ctx.local_operands())]
        for v, local in zip(op.operands, operands):
            mapping[v] = local
        for v in _captured(op):
            s = sharding_of(v.type)
            if s is not None:
                mapping[v] = ctx.read(v, view.region(v, s))
        sizes = ctx.result_sizes()
        result_types = [local_type(r.type, rs) if rs is not None else r.type  # type: ignore[arg-type]
                        for r, rs in zip(op.results, sizes)]
        tied_local = self._tied_locals(op, mapping)
        new = type(op).__new__(type(op))
        Operation.__init__(new, operands, result_types, dict(op.attributes), dict(op.properties), (), op.location,
                           op.name if op.name != type(op).name else None, [r.name_hint for r in op.results])
        exprs = IndexExpressions({})
        for region in op.regions:
            new_region = Region([])
            for block in region.blocks:
                new_region.add_block(self._block(block, view, coords, mapping, tied_local, ctx, exprs))
            new.add_region(new_region)
        ctx.m.b.insert(new)
        return list(new.results)

    @staticmethod
    def _tied_locals(op: Operation, mapping: dict[Value, Value]) -> dict[Value, Value]:
        """For each value tied to an operand (block arguments, yields), that operand's local value."""
        out: dict[Value, Value] = {}
        for group in region_flow_model(op).ties(op):  # type: ignore[union-attr]
            local = next((mapping[g] for g in group if g in mapping), None)
            if local is not None:
                for g in group:
                    out.setdefault(g, local)
        return out

    def _block(self, block: Block, view: DeviceView, coords, mapping: dict[Value, Value],
               tied_local: dict[Value, Value], ctx: PartitionContext, exprs: IndexExpressions) -> Block:
        types = []
        for a in block.args:
            if sharding_of(a.type) is None:
                types.append(a.type)
            elif a in tied_local:
                types.append(tied_local[a].type)
            elif a.type.has_static_shape:  # type: ignore[attr-defined]
                types.append(local_type(a.type, [s for _, s in view.region(a, sharding_of(a.type))]))  # type: ignore
            else:
                raise PartitionError(f"block argument #{a.index} of type '{a.type}' has a dynamic shape")
        new = Block(types, [a.name_hint for a in block.args], [a.loc for a in block.args])
        for a, b in zip(block.args, new.args):
            mapping[a] = b
        m = IndexMath(Builder.at_end(new), ctx.m.loc)
        inner_view = DeviceView(m, view.mesh, coords=coords)

        def read(v: Value, box) -> Value:
            local = mapping.get(v)
            if local is None:
                raise PartitionError(f"a value of type '{v.type}' used in the body is not available per device")
            s = sharding_of(v.type)
            own = inner_view.region(v, s) if s is not None else [(0, n) for n in local.type.shape]  # type: ignore
            if all(exprs.key(a) == exprs.key(b) and exprs.key(x) == exprs.key(y) for (a, x), (b, y) in zip(box, own)):
                return local
            offsets = [m.sub(o, w) for (o, _), (w, _) in zip(box, own)]
            rt = local_type(v.type, [n for _, n in box])  # type: ignore[arg-type]
            ext = tensor.ExtractSliceOp.build(local, offsets, [n for _, n in box], [1] * len(box), rt, m.loc)
            return m.b.insert(ext).results[0]

        for inner in block.ops:
            touches = any(sharding_of(v.type) is not None for v in list(inner.operands) + list(inner.results))
            if _reshards(inner):  # a reshard of the body (a split reduction's combine), run on every run of it
                mapping[inner.results[0]] = _local_reshard(m, inner_view, inner, mapping[inner.operands[0]])
            elif inner.regions and inner.is_terminator:  # scf.forall.in_parallel: its body partitioned too
                term = type(inner).__new__(type(inner))
                Operation.__init__(term, [mapping.get(v, v) for v in inner.operands], [], dict(inner.attributes),
                                   dict(inner.properties), (), inner.location,
                                   inner.name if inner.name != type(inner).name else None, [])
                for region in inner.regions:
                    r = Region([])
                    for b in region.blocks:
                        r.add_block(self._block(b, view, coords, mapping, tied_local, ctx, exprs))
                    term.add_region(r)
                m.b.insert(term)
            elif touches and not inner.is_terminator and (inner.results and any(sharding_of(r.type) is not None for r in inner.results)
                              or not inner.results):
                # a copy whose scalar operands (offsets, bounds) are the new body's, partitioned in place of
                # the original (a model may look up the mesh from its position), its tensors read locally
                scalars = {k: v for k, v in mapping.items() if sharding_of(k.type) is None}
                if sharding_model_of(inner) is not None:
                    # a region op: partitioned from the original, its body reading the new body's scalars
                    # through the mapping it starts from (a copy of its whole subtree at every level of a
                    # nest would cost time quadratic in the depth)
                    _OUTER.scalars = scalars
                    try:
                        results = ctx.partition_inner(inner, inner_view, read)
                    finally:
                        _OUTER.scalars = None
                else:
                    copy = Builder.before(inner).insert(inner.clone(scalars))
                    try:
                        results = ctx.partition_inner(copy, inner_view, read)
                    finally:
                        copy.erase()
                for old, local in zip(inner.results, results):
                    mapping[old] = local
            else:
                clone = inner.clone(mapping)
                m.b.insert(clone)
        return new


def _local_reshard(m: IndexMath, view: DeviceView, op: Operation, local: Value) -> Value:
    """The local view of global-view reshard ``op`` of a region op's body (:func:`_reshards`) on this
    device's ``local`` value: a ``mesh.all_reduce`` of a partial value keeping its split
    (:func:`_all_reduce`); a resharding point of the same layout, ``local`` itself, or one that only adds
    partial axes (a zero destination from above, :func:`outer_reshards`), ``local`` on the devices at
    coordinate 0 of the new axes and the identity elsewhere (:func:`~meshc.interfaces.sharding_models.mark_partial`);
    any other collective
    (``all_gather``, ``all_to_all``, ``reduce_scatter``, ``all_slice``: what ``reshard`` lowered a body's
    point to) the same op on local types, upstream MLIR's local view, which the runtimes run on every
    run of the body (:mod:`meshc.runtime.body_collectives`); on shards of unequal sizes with dynamic
    result dims and the device's shard sliced out of it (module docstring, "Uneven shards in a body").

    Raises:
        PartitionError: a point that moves data (not lowered: run reshard), or a collective of unequal
            shards over a dim split over other mesh axes than its own (:func:`_check_uneven`).
    """
    src, res = op.operands[0], op.results[0]
    a, b = sharding_of(src.type), sharding_of(res.type)
    if op.name == "mesh.all_reduce" and _splits(a, src) == _splits(b, res):
        return _all_reduce(m, local, a, op.location)  # type: ignore[arg-type]
    if op.name == "mesh.update_halo":
        return _update_halo(m, view, op, local)
    if isinstance(op, ShardOp):
        new_axes = [x for x in b.partial_axes if x not in a.partial_axes]  # type: ignore[union-attr]
        kept = all(x in b.partial_axes for x in a.partial_axes) and (  # type: ignore[union-attr]
            not a.partial_axes or a.partial_type == b.partial_type)  # type: ignore[union-attr]
        if kept and _splits(a, src) == _splits(b, res):
            # the same layout, or partial over more axes: a local step (the identity off coordinate 0)
            sizes = [view.dim_size(local, d) for d in range(local.type.rank)]  # type: ignore[attr-defined]
            return mark_partial(view, local, sizes, new_axes, b.partial_type)  # type: ignore[union-attr]
        raise PartitionError(f"the resharding point {a} -> {b} in the body of a region op is not lowered (run reshard)")
    sizes = [n for _, n in view.region(res, b)]  # type: ignore[arg-type]
    t = local_type(res.type, sizes)  # type: ignore[arg-type]
    k = 1
    for axis in op.mesh_axes:  # type: ignore[attr-defined]
        k *= view.spec.shape[axis]
    split, gather = op.local_dims()  # type: ignore[attr-defined]
    want = op.local_result_type(local.type, t.element_type, k)  # type: ignore[attr-defined]
    if want.shape == t.shape:
        new = Operation.create([local], [t], dict(op.attributes), location=op.location, name=op.name)
        return m.b.insert(new).results[0]
    # shards of unequal sizes (module docstring, "Uneven shards in a body")
    _check_uneven(op, a, b, src, res, split, gather)
    dyn_t = TensorType(tuple(w if w == n else None for w, n in zip(want.shape, t.shape)), t.element_type, t.encoding)
    n = local.type.shape[split] if split is not None else None  # type: ignore[attr-defined]
    if gather is None and n is not None and n % k:
        # upstream's rule refuses a static input dim the group does not divide: the device's piece of it
        # is given by the balanced split instead (the runtimes), so the input's dim is made dynamic
        dyn = local.type.with_shape(tuple(None if d == split else x  # type: ignore[attr-defined]
                                          for d, x in enumerate(local.type.shape)))  # type: ignore[attr-defined]
        local = m.b.insert(tensor.CastOp.create([local], [dyn], location=op.location)).results[0]
    new = m.b.insert(Operation.create([local], [dyn_t], dict(op.attributes), location=op.location, name=op.name))
    # the device's own type: the whole result, its sizes the shard's (coordinate arithmetic, folded to
    # constants where the devices' body is instantiated: the SPMD class bodies, unroll)
    ext = tensor.ExtractSliceOp.build(new.results[0], [0] * len(sizes), sizes, [1] * len(sizes), t, op.location)
    return m.b.insert(ext).results[0]


def _check_uneven(op: Operation, a, b, src: Value, res: Value, split: Optional[int], gather: Optional[int]) -> None:
    """An in-body collective on shards of unequal sizes runs on the local view (each member's own
    buffer; the runtimes give each member its piece by the balanced split of the group,
    :mod:`meshc.runtime.body_collectives`), which is the global reshard only when the dims it moves
    are split over exactly its mesh axes on one side and not split on the other (the group's pieces are
    then the shards of that dim, in group order).

    Raises:
        PartitionError: another layout (a dim split over more axes than the collective's).
    """
    axes = tuple(op.mesh_axes)  # type: ignore[attr-defined]
    sa, sb = _splits(a, src), _splits(b, res)
    ok = True
    if gather is not None and gather != split:
        ok &= tuple(sa[gather]) == axes and not sb[gather]
    if split is not None and split != gather:
        ok &= not sa[split] and tuple(sb[split]) == axes
    if not ok:
        raise PartitionError(f"'{op.name}' in the body of a region op moves shards of unequal sizes between "
                             f"'{src.type}' and '{res.type}' over a dim split over other mesh axes than its own "
                             f"{list(axes)}; the local view cannot give every device its piece (split the dim "
                             "evenly or over the collective's axes only)")


def _update_halo(m: IndexMath, view: DeviceView, op: Operation, local: Value) -> Value:
    """The local view of global-view ``mesh.update_halo`` ``op`` (split -> the same split with halos:
    what ``reshard`` lowers a window's cut to) in a region op's body, on this device's core ``local``.
    Upstream MLIR's local form: the core inserted at the low halo width into a ``tensor.empty`` of the
    core's size plus both halo widths, ``update_halo`` on it (static ``halo_sizes``, the op's), whose
    cells past the tensor's edges stay unset; then the device's region under meshc's halo rule (the
    halos clipped at the edges, :func:`~meshc.interfaces.spmd.widened`), which is what the body's
    users read (:meth:`~meshc.interfaces.spmd.DeviceView.region`). The runtimes run it on every run
    of the body (:mod:`meshc.runtime.body_collectives`).

    Raises:
        PartitionError: a source that has halos itself or another split than the target's, or halos on
            more than one dim.
    """
    src, res = op.operands[0], op.results[0]
    a, b = sharding_of(src.type), sharding_of(res.type)
    if a is None or b is None or a.halo_sizes or _splits(a, src) != _splits(b, res) or a.partial_axes:
        raise PartitionError(f"'mesh.update_halo' {a} -> {b} in the body of a region op: only a split without "
                             "halos gets halos there")
    spec = b.to_spec()
    halos = [spec.halo_of(d) for d in range(_rank(res) or 0)]
    if sum(1 for h in halos if any(h)) > 1:
        raise PartitionError(f"'mesh.update_halo' to {b} in the body of a region op: halos on one dim only")
    core, box = view.region(src, a), view.region(res, b)
    full = [m.add(m.add(n, lo), hi) for (_, n), (lo, hi) in zip(core, halos)]
    shape = [n if isinstance(n, int) else None for n in full]
    empty = m.b.insert(tensor.EmptyOp.build(local.type.with_shape(shape),  # type: ignore[attr-defined]
                                            [n for n in full if isinstance(n, Value)], loc=op.location))
    filled = m.b.insert(tensor.InsertSliceOp.build(local, empty.results[0], [lo for lo, _ in halos],
                                                   [n for _, n in core], loc=op.location)).results[0]
    new = Operation.create([filled], [filled.type], dict(op.attributes), location=op.location, name=op.name)
    exchanged = m.b.insert(new).results[0]
    starts = [m.sub(o, m.sub(c, lo)) for (o, _), (c, _), (lo, _) in zip(box, core, halos)]
    return m.b.insert(tensor.ExtractSliceOp.build(exchanged, starts, [n for _, n in box],
                                                  loc=op.location)).results[0]


def _check_uniform(op: Operation) -> None:
    """Each :meth:`~meshc.interfaces.region_flow.RegionFlowModel.uniform` value of ``op`` (an
    ``scf.while`` condition) must be computed from replicated values only: on per-device shards it
    would differ between devices, which would then run different trip counts and never meet at the
    body's collectives. Walks the value's producers inside ``op`` (values from above and block
    arguments included) in the global view, where a split or partial tensor shows its sharding; a
    replicated tensor (a combined partial sum among them) ends the walk: it is equal on every device.

    Raises:
        PartitionError: naming the sharded value and the location of the op that uses it.
    """
    model = region_flow_model(op)
    for v in model.uniform(op) if model is not None else ():
        stack, seen = [v], set()
        while stack:
            x = stack.pop()
            if x in seen:
                continue
            seen.add(x)
            s = sharding_of(x.type)
            if s is not None and (s.partial_axes or any(s.split_axes)):
                raise PartitionError(f"its condition at {v.op.location if getattr(v, 'op', None) else op.location} "
                                     f"depends on a value of type '{x.type}' that differs between devices (split or "
                                     "partial); the devices would run different trip counts. Keep the condition's "
                                     "inputs replicated (e.g. mesh.shard ... to <@m, [[]]>)")
            producer = getattr(x, "op", None)
            if s is None and producer is not None and any(a is op for a in producer.ancestors()):
                stack.extend(producer.operands)


def _all_reduce(m: IndexMath, local: Value, s: ShardingAttr, loc) -> Value:
    """``mesh.all_reduce`` (local view, upstream MLIR's form) of this device's partial ``local`` over the
    partial axes of ``s``: what a split reduction inside a region op's body needs before its value is
    used (the runtimes run it on every iteration, matched across devices by its position in the
    device's sequence of in-body collectives)."""
    return m.b.insert(_global_all_reduce(local, s, local.type, loc)).results[0]


def inner_shardings(op: Operation, ls: LoopSharding) -> dict[Value, ShardingAttr]:
    """The sharding of every tensor value inside region op ``op`` (block arguments and results of the ops
    of its blocks) under loop sharding ``ls`` of ``op``: a dim follows its class's loop, a dim of a class
    that is no loop of ``op`` is replicated. Empty when ``op`` has no rule."""
    model = sharding_model_of(op)
    found = model.classes(op) if model is not None else None
    if found is None:
        return {}
    c, loops = found
    out: dict[Value, ShardingAttr] = {}
    flow = region_flow_model(op)
    for block in flow.blocks(op):  # type: ignore[union-attr]
        partial: dict = {}
        here = {id(a) for a in block.args} | {id(r) for o in block.ops for r in o.results}
        for inner in block.ops:
            axes = reduction_axes(inner, c, loops, ls) if not inner.is_terminator else ()
            if not axes:
                continue
            partial.update((r, axes) for r in inner.results)
            # the zero-filled destination is partial too (a sum of zeros): the DPS types stay equal; a
            # link of the chain defined in the body that only the chain reads (IREE shares one tensor.empty
            # between a product's zero fill and the elementwise ops after it, which read it whole); a
            # destination from above, or one the body shares with other users, is read through a point
            # instead (outer_reshards, which gives the reduction its own partial copy)
            for _, _, v in _private_zero_inits(inner):
                if id(v) not in here:
                    break
                partial[v] = axes
        values = list(block.args) + [r for inner in block.ops for r in inner.results]
        for v in values:
            if _rank(v) is None:
                continue
            split = []
            for d in range(_rank(v) or 0):
                loop = loops.get(c.find((id(v), d)))
                split.append(tuple(ls.loop_axes[loop]) if loop is not None else ())
            out[v] = ShardingAttr(ls.mesh, tuple(split), partial.get(v, ()))
    return out


def _zero_inits(inner: Operation):
    """``(user, operand index, value)`` along each chain of zero destinations of ``inner`` (a split
    reduction of a region op's body): its tied init, the ``linalg.fill``'s destination, down to the
    ``tensor.empty`` (each value partial like the reduction's result: a sum of zeros)."""
    for k in (k for k, r in enumerate(iteration_space(inner).tied) if r is not None):
        user, j, init = inner, k, inner.operands[k]
        while init is not None and (_is_zero_fill(init) or getattr(getattr(init, "op", None), "name", "")
                                    == "tensor.empty"):
            yield user, j, init
            fill = init.op  # type: ignore[union-attr]
            user, j, init = (fill, 1, fill.operands[1]) if fill.name == "linalg.fill" else (fill, None, None)


def _private_zero_inits(inner: Operation):
    """The links of :func:`_zero_inits` that only their chain reads (each value's one user is the next op
    of the chain), up to the first value that another op reads too, or that has no chain user."""
    for user, k, v in _zero_inits(inner):
        if any(u is not user for u in v.users):
            return
        yield user, k, v


def outer_reshards(op: Operation, ls: LoopSharding) -> list[tuple[Operation, int, ShardingAttr]]:
    """The uses inside the body of region op ``op`` of values defined above it that the body reads with
    another sharding than the value has, under ``op``'s loop sharding ``ls``: ``(user, operand index,
    sharding the user reads)``, where ``user`` is an op of one of ``op``'s blocks.

    A split a value from above needs is no such use: its dims are joined with ``op``'s loops
    (:func:`dim_classes`), so ``sharding-propagation`` annotates it before ``op`` (``reshard`` moves it
    there once, not on every iteration, and the shards need not be equal). What the classes cannot
    say is a partial sharding: the zero destination of a split reduction of the body (a ``linalg.fill``
    of 0 or a ``tensor.empty``, :func:`_zero_inits`) defined above ``op`` is read partial over the
    reduction's axes, as :func:`inner_shardings` makes the body's own zero destinations; so is one of
    the body's own that other ops read too (IREE shares a ``tensor.empty`` between a product's zero
    fill and the elementwise ops after it, which read it whole: :func:`_private_zero_inits`). The point
    goes in the body, just before the use: it moves no data (``partition`` keeps the value on the
    devices at coordinate 0 of the new partial axes and zeros on the others,
    :func:`~meshc.interfaces.sharding_models.mark_partial`: what upstream MLIR's partition does to a
    split reduction's destination), the value above stays replicated for its other users, and the
    ``all_reduce`` of :func:`combine_partials` then gives the branch or iteration its replicated value
    (XLA's rule: a branch's or a loop body's root is resharded to the region op's one sharding).

    The same holds for a link of such a chain inside the body that another op reads too (one
    ``tensor.empty`` feeding both the fill of a split matmul's destination and a ``math.tanh``,
    :func:`_private_zero_inits`): it keeps the sharding its classes give it for that op, and the
    reduction reads its own partial copy there (zeros hold no data, so each use may have its own
    layout, as MLIR's sharding propagation rematerializes a ``tensor.empty`` or fill per use)."""
    model = sharding_model_of(op)
    found = model.classes(op) if model is not None else None
    if found is None:
        return []
    c, loops = found
    flow = region_flow_model(op)
    out = []
    for block in flow.blocks(op):  # type: ignore[union-attr]
        here = {id(a) for a in block.args} | {id(r) for inner in block.ops for r in inner.results}
        for inner in block.ops:
            axes = reduction_axes(inner, c, loops, ls) if not inner.is_terminator else ()
            if not axes:
                continue
            private = {id(v) for _, _, v in _private_zero_inits(inner)}
            for user, k, v in _zero_inits(inner):
                if k is None:
                    continue
                if id(v) in here and id(v) in private:
                    continue
                have = sharding_of(v.type)
                if have is None:
                    break
                split = []
                for d in range(_rank(v) or 0):
                    loop = loops.get(c.find((id(v), d))) if c.add(v) else None
                    split.append(tuple(ls.loop_axes[loop]) if loop is not None else ())
                want = ShardingAttr(ls.mesh, tuple(split), axes)
                if have != want:
                    out.append((user, k, want))
                break  # the value above carries the rest of the chain
    return out


def sharding_model_of(op: Operation) -> Optional[RegionOpModel]:
    from meshc.interfaces.sharding import sharding_model

    model = sharding_model(op)
    return model if isinstance(model, RegionOpModel) else None


class ParallelInsertSliceModel(InsertSliceModel):
    """``tensor.parallel_insert_slice``: ``tensor.insert_slice``'s rule without a result (the destination
    is a forall's ``shared_outs`` block argument, which the forall's ties join with its result)."""

    def iteration_space(self, op: Operation) -> IterationSpace:
        space = super().iteration_space(op)
        return IterationSpace(space.iterator_types, space.operands, ())

    def dps_inits(self, op: Operation) -> tuple[Optional[int], ...]:
        return ()

    def partition(self, op: Operation, ctx: PartitionContext) -> list[Value]:
        """The insert of the device's part of the source into its part of the destination."""
        local_slice(op, ctx.view, ctx.read, ctx.regions())  # type: ignore[arg-type]
        return []


def _register() -> None:
    model = RegionOpModel()
    for name in REGION_OPS:
        register_sharding_model(name, model)
    register_sharding_model("tensor.parallel_insert_slice", ParallelInsertSliceModel())


_register()
