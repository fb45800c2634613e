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
sliced dim, a reshape's minor dims, a convolution window), a dim of an op without a sharding rule, two
dims of one tensor, two loops of one op, or an inner reduction loop that is not a sum into a
zero-filled destination (:func:`_reduces_in_place`). Every other class is one loop of the region op;
the dims of its operands, results and captured tensors (values from above that the body reads) link
to it. Propagation then treats the region op as any structured op: a split loop-carried value stays
split through an ``scf.for`` with no collective when the body is local.

A class holding a sum's reduction loop and no result dim is an ``INTERNAL`` loop of the region op
(:data:`meshc.interfaces.sharding.INTERNAL`: split from its operands, the op's results stay whole):
the body combines it itself, as XLA's SPMD partitioner does inside a while loop. The sum's result is
partial over the loop's axes (:func:`inner_shardings`, with its zero-filled destination), and
:func:`combine_partials` puts a global-view ``mesh.all_reduce`` right after it in the body, so what
the body yields has the sharding of the block argument it feeds (a loop-carried sharding is a fixed
point); ``partition`` turns it into the local-view collective every device runs on every run of the
body (:mod:`meshc.runtime.body_collectives`). A Megatron MLP in a loop thus keeps ``w1``
column-split and ``w2`` row-split with one ``all_reduce`` per iteration. A split the loop-carried
value would have to change between iterations still makes that dim replicated at the op's boundary
(its operands are gathered once before the op, never per iteration).

:func:`inner_shardings` gives every tensor value inside the op its sharding under a loop sharding of
the op (``distribute-types`` writes them into the types); :meth:`RegionOpModel.partition` rebuilds
the op on the device's shards: its tensor operands are the device's slices, its block arguments and
results take local types, and every inner op is partitioned by its own model into the new body
(``ctx.partition_inner``), reading the local values of the body (``partition``'s
:class:`~meshc.interfaces.spmd.PartitionContext`). The kernels of ``scf`` (:mod:`meshc.runtime.ops.scf`)
then run the per-device op on every device (threads, MPI, the SPMD template).

``tensor.parallel_insert_slice`` (a forall's ``in_parallel`` body) gets the model of
``tensor.insert_slice`` without a result (:class:`ParallelInsertSliceModel`).
"""

from __future__ import annotations

import dataclasses
import threading
from typing import Optional

from meshc.dialects.mesh import ShardingAttr, sharding_of, with_sharding
from meshc.interfaces.region_flow import region_flow_model
from meshc.interfaces.sharding import (ANY, INTERNAL, PARALLEL, REDUCTION, DimLink, IterationSpace, LoopSharding, ShardingModel,
                                       effective_links, has_sharding_rule, iteration_space, register_sharding_model,
                                       unchanged_memo, unchanged_spaces)
from meshc.interfaces.sharding_models import InsertSliceModel, local_slice
from meshc.interfaces.spmd import (DeviceView, IndexExpressions, IndexMath, PartitionContext, PartitionError,
                                   local_type)
import meshc.dialects.tensor as tensor
from meshc.ir.builder import Builder
from meshc.ir.core import Block, Operation, Region, Value
from meshc.ir.types import TensorType

__all__ = ["RegionOpModel", "ParallelInsertSliceModel", "dim_classes", "inner_shardings", "combine_partials", "zero_destination",
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
    """Union-find over tensor dims, with the classes that may not be split."""

    def __init__(self) -> None:
        self.parent: dict[Node, Node] = {}
        self.bad: set[Node] = set()
        self.reduced: list[Node] = []  # dims of split-able reductions combined inside the body
        self.values: dict[int, Value] = {}

    def add(self, v: Value) -> bool:
        n = _rank(v)
        if n is None:
            return False
        self.values[id(v)] = v
        for d in range(n):
            self.parent.setdefault((id(v), d), (id(v), d))
        return True

    def find(self, x: Node) -> Node:
        self.parent.setdefault(x, x)
        while self.parent[x] != x:
            self.parent[x] = self.parent[self.parent[x]]
            x = self.parent[x]
        return x

    def union(self, a: Node, b: Node) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[rb] = ra
            if rb in self.bad:
                self.bad.add(ra)

    def forbid(self, x: Node) -> None:
        self.bad.add(self.find(x))

    def splittable(self, x: Node) -> bool:
        return self.find(x) not in self.bad

    def forbid_all(self, v: Value) -> None:
        if self.add(v):
            for d in range(_rank(v) or 0):
                self.forbid((id(v), d))


def dim_classes(op: Operation) -> Optional[_Classes]:
    """The classes of tensor dims of the region op ``op`` (see the module docstring), or None when
    ``op`` has no region-flow model or its body holds mesh ops (annotations, collectives: a body that
    is already sharded is left alone)."""
    model = region_flow_model(op)
    if model is None:
        return None
    c = _Classes()
    for group in model.ties(op):
        ranks = {_rank(v) for v in group}
        if len(ranks) != 1 or None in ranks:
            for v in group:
                c.forbid_all(v)
            continue
        for v in group:
            c.add(v)
        for v in group[1:]:
            for d in range(_rank(v) or 0):
                c.union((id(group[0]), d), (id(v), d))
    for block in model.blocks(op):
        for a in block.args:
            c.add(a)
        for inner in block.ops:
            if inner.is_terminator:
                continue
            if inner.name.startswith("mesh.") and not _combines(inner):
                return None
            _join_op(c, inner)
    _forbid_conflicts(c, op, model)
    return c


def _join_op(c: _Classes, inner: Operation) -> None:
    """Join the dims each loop of ``inner`` indexes; forbid what its rule leaves replicated."""
    values = list(inner.operands) + list(inner.results)
    if _combines(inner):  # the all_reduce combine_partials put after a split reduction: elementwise
        for d in range(_rank(inner.results[0]) or 0):
            if c.add(inner.operands[0]) and c.add(inner.results[0]):
                c.union((id(inner.operands[0]), d), (id(inner.results[0]), d))
        return
    if not has_sharding_rule(inner):
        for v in values:
            c.forbid_all(v)
        return
    space = iteration_space(inner)
    captured = [v for v, _ in space.captured]
    links_all = list(space.operands) + list(space.results) + [links for _, links in space.captured]
    values = list(inner.operands) + list(inner.results) + captured
    first: dict[int, Node] = {}
    combinable = _reduces_in_place(inner, space)
    for v, links in zip(values, links_all):
        if links is ANY or links is None or not c.add(v):
            continue
        for d, link in enumerate(effective_links(links)):  # type: ignore[arg-type]
            node = (id(v), d)
            if link is None or link.multiple is not None:
                c.forbid(node)
                continue
            if space.iterator_types[link.loop] == REDUCTION:
                if combinable:
                    c.reduced.append(node)
                else:
                    c.forbid(node)
            if link.loop in first:
                c.union(first[link.loop], node)
            else:
                first[link.loop] = node


def _combines(inner: Operation) -> bool:
    """``inner`` is a global-view ``mesh.all_reduce`` of a partial body value (:func:`combine_partials`)."""
    if inner.name != "mesh.all_reduce" or len(inner.operands) != 1 or len(inner.results) != 1:
        return False
    s = sharding_of(inner.operands[0].type)
    return s is not None and bool(s.partial_axes)


def combine_partials(op: Operation) -> int:
    """After ``distribute-types`` gave the body of region op ``op`` its shardings: a global-view
    ``mesh.all_reduce`` right after each body op whose result is partial (a split reduction, see
    :func:`reduction_axes`), its users reading the combined value; returns how many were inserted.
    The body then says where it communicates, and ``partition`` turns each into the local-view
    collective that every device runs on every iteration."""
    count = 0
    flow = region_flow_model(op)
    for block in flow.blocks(op) if flow is not None else ():
        for inner in list(block.ops):
            if inner.is_terminator or _combines(inner) or not has_sharding_rule(inner):
                continue
            if REDUCTION not in iteration_space(inner).iterator_types:
                continue
            for r in inner.results:
                s = sharding_of(r.type)
                if s is None or not s.partial_axes:
                    continue
                full = with_sharding(r.type, dataclasses.replace(s, partial_axes=()))
                ar = _global_all_reduce(r, s, full, inner.location)
                block.insert_after(inner, ar)
                r.replace_all_uses_with(ar.results[0])
                ar.set_operand(0, r)
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
    return all(r in inits and _is_zero_fill(inner.operands[inits[r]]) for r in range(len(space.results)))


def reduction_axes(inner: Operation, c: "_Classes", loops: dict, ls: LoopSharding) -> tuple[int, ...]:
    """The mesh axes of ``inner``'s split reduction loops under the region op's loop sharding ``ls``
    (sorted; empty when none is split): the axes its results are partial over."""
    if not has_sharding_rule(inner) or (inner.regions and sharding_model_of(inner) is not None):
        return ()
    space = iteration_space(inner)
    if REDUCTION not in space.iterator_types:
        return ()
    axes: set[int] = set()
    values = list(inner.operands) + [v for v, _ in space.captured]
    for v, links in zip(values, list(space.operands) + [lk for _, lk in space.captured]):
        if not isinstance(links, tuple) or _rank(v) is None:
            continue
        for d, link in enumerate(effective_links(links)):
            if link is None or space.iterator_types[link.loop] != REDUCTION:
                continue
            loop = loops.get(c.find((id(v), d)))
            if loop is not None:
                axes.update(ls.loop_axes[loop])
    return tuple(sorted(axes))


def _forbid_conflicts(c: _Classes, op: Operation, model) -> None:
    """Forbid a class holding two dims of one tensor, or two loops of one inner op."""
    by_value: dict[int, list[Node]] = {}
    for node in list(c.parent):
        by_value.setdefault(node[0], []).append(node)
    for nodes in by_value.values():
        roots = [c.find(n) for n in nodes]
        for r in roots:
            if roots.count(r) > 1:
                c.forbid(r)
    for block in model.blocks(op):
        for inner in block.ops:
            if inner.is_terminator or not has_sharding_rule(inner):
                continue
            space = iteration_space(inner)
            values = list(inner.operands) + list(inner.results) + [v for v, _ in space.captured]
            links_all = list(space.operands) + list(space.results) + [links for _, links in space.captured]
            loop_root: dict[int, Node] = {}
            for v, links in zip(values, links_all):
                if not isinstance(links, tuple) or _rank(v) is None:
                    continue
                for d, link in enumerate(effective_links(links)):
                    if link is not None:
                        loop_root.setdefault(link.loop, c.find((id(v), d)))
            roots = list(loop_root.values())
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
        # a loop of a body reduction that indexes no result is combined inside the body (INTERNAL)
        reduced = {c.find(n) for n in c.reduced}
        in_results = {c.find((id(r), d)) for r in op.results if _rank(r) is not None for d in range(_rank(r) or 0)}
        iterators = tuple(INTERNAL if root in reduced and root not in in_results else PARALLEL for root in loops)
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
        inner op is refined by its own model in order (nested region ops recursively), and the results
        take the types of what flows into them (the tied operand, else the first terminator operand)."""
        from meshc.dialects.arith import ConstantOp
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
        for r, group in zip(op.results, ties):
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
            if _combines(inner):  # a split reduction's partial sum, combined on every run of the body
                mapping[inner.results[0]] = _all_reduce(m, mapping[inner.operands[0]], sharding_of(inner.operands[0].type),
                                                        inner.location)
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
        for inner in block.ops:
            axes = reduction_axes(inner, c, loops, ls) if not inner.is_terminator else ()
            if not axes:
                continue
            partial.update((r, axes) for r in inner.results)
            # the zero-filled destination is partial too (a sum of zeros): the DPS types stay equal
            for k in (k for k, r in enumerate(iteration_space(inner).tied) if r is not None):
                init = inner.operands[k]
                while init is not None and _is_zero_fill(init) or getattr(getattr(init, "op", None), "name", "") \
                        == "tensor.empty":
                    partial[init] = axes
                    fill = init.op  # type: ignore[union-attr]
                    init = fill.operands[1] if fill.name == "linalg.fill" else None
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
