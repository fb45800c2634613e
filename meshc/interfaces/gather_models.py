"""Vocab-parallel gathers: structured ops whose body reads a tensor defined outside them.

An embedding lookup as IREE lowers ``jnp.take`` / ``stablehlo.gather`` is a ``linalg.generic``
over the result whose body reads the table with ``tensor.extract %table[%i, %j]``, ``%i`` computed
from a loaded index (``arith.index_cast`` of an input element, maybe clamped) and ``%j`` a
``linalg.index``. The table is not an operand of the op: it is *captured* by the body. This module
gives such ops a sharding rule for their captured tensors (:attr:`IterationSpace.captured
<meshc.interfaces.sharding.IterationSpace>`), so a table split on its vocab dim is never gathered
whole (the plan of Megatron-LM's ``VocabParallelEmbedding`` and of XLA's SPMD partitioner for a
gather on a split operand dim):

* a captured dim indexed by ``linalg.index k`` of the op itself, with the loop's static trip count
  equal to the dim's size, is linked to loop ``k`` (a column split of the table is a split of the
  result's columns); so is a dim indexed by an affine combination of the op's loop indices (through
  ``arith`` index ops, exact divisions and remainders by constants) whose split of loop ``k`` is a
  contiguous block split of the dim, with :attr:`DimLink.multiple` the size of ``k``'s major digit
  (:mod:`meshc.interfaces.index_forms`: the grouped query heads ``2 * d2 + d3`` IREE's dispatch
  creation reads follow ``d2``);
* any other indexed dim (a data-dependent index) is linked to a *gather loop* of its own, a reduction
  loop appended after the op's loops, with :attr:`DimLink.extent` = its static size (never split into
  empty shards; a dynamic dim stays replicated). Splitting it over mesh axes ``A`` makes every result
  partial over ``A``: each device reads its own rows (index minus its shard's offset) and yields the
  reduction identity for an index outside them (a *masked gather*), so the partial values combine to
  the lookup; one ``all_reduce`` follows where a user needs the whole value (``reshard``), or the
  partial value flows on into a consumer that accepts it;
* the kind of each result's partial values: ``sum`` when the body yields the extracted element
  itself; the combiner's kind (``sum`` for ``arith.addf``, ``max``...) when it yields
  ``combiner(init, element)`` over the op's own reduction loops (an embedding bag); with any other
  use of the element the result has no kind and the gather loop is not split (the table is then
  gathered, as for an op without the rule);
* ``sum`` too, in an op without reduction loops, when the yield is *affine* in the extracted element:
  built from it by ``addf``/``addi``/``subf``/``subi`` with values that do not depend on it, and by
  ``select`` on a condition that does not (IREE's dispatch creation fuses the position add and the
  bounds check ``select(valid, element, NaN)`` of ``jnp.take`` into the gather). Each such
  independent term (an *affine leaf*) is then contributed by the first shard of the gather loop only
  (partition selects it there and 0 on the others), so the partial values still sum to the yield.

Partition (:meth:`GatherStructuredModel.partition`) clones the op onto the device's local operands
and its local box of each captured tensor, then rewrites each ``tensor.extract`` of a split captured
tensor: ``index - offset`` on every split dim, and on gathered dims the mask ``offset <= index <
offset + size`` selecting the element or the identity (the index is clamped to 0 when masked, so the
read stays inside the shard). The arithmetic is emitted inside the body, before the extract.
"""

from __future__ import annotations

import dataclasses
from typing import Optional, Union

import meshc.dialects.linalg as linalg
import meshc.dialects.tensor as tensor
from meshc.dialects.arith import ConstantOp
from meshc.dialects.mesh import sharding_of
from meshc.interfaces.index_forms import block_link, index_form
from meshc.interfaces.sharding import REDUCTION, DimLink, IterationSpace
from meshc.interfaces.sharding_models import StructuredModel, shift_linalg_index
from meshc.interfaces.spmd import IndexMath, Mixed, PartitionContext, PartitionError, clone_on_local_shapes
from meshc.ir.attributes import FloatAttr, IntegerAttr
from meshc.ir.builder import Builder
from meshc.ir.core import Operation, OpResult, Value
from meshc.ir.types import I1, FloatType, TensorType, numpy_dtype
from meshc.sharding import ReductionKind, ShardingError
from meshc.sharding.combiners import KIND_OF_OP

__all__ = ["captured_reads", "captured_tensors", "GatherStructuredModel"]


def _inside(op: Operation) -> set[int]:
    """The ids of the values defined inside ``op``'s regions (results and block arguments)."""
    inside: set[int] = set()
    for inner in op.walk():
        if inner is not op:
            inside.update(id(r) for r in inner.results)
        for region in inner.regions:
            for block in region.blocks:
                inside.update(id(a) for a in block.args)
    return inside


def captured_tensors(op: Operation) -> list[Value]:
    """The distributed tensors defined outside ``op`` that ops in its regions use, in order of first use."""
    inside = _inside(op)
    out: dict[int, Value] = {}
    for inner in op.walk():
        if inner is not op:
            for v in inner.operands:
                if id(v) not in inside and sharding_of(v.type) is not None:
                    out.setdefault(id(v), v)
    return list(out.values())


def captured_reads(op: Operation) -> list[tuple[Value, list[tensor.ExtractOp]]]:
    """The ranked tensors defined outside ``op`` that ``tensor.extract`` ops in its regions read, each
    with those extracts, in order of first read."""
    inside = _inside(op)
    out: dict[int, tuple[Value, list[tensor.ExtractOp]]] = {}
    for inner in op.walk():
        if isinstance(inner, tensor.ExtractOp) and id(inner.source) not in inside \
                and isinstance(inner.source.type, TensorType):
            out.setdefault(id(inner.source), (inner.source, []))[1].append(inner)
    return list(out.values())


def _block_link(op: Operation, v: Value, n: Optional[int], trips) -> Optional[tuple[int, Optional[int]]]:
    """``(loop, multiple)`` when index ``v`` reads a dim of static size ``n`` as a block split of one of
    ``op``'s loops (:func:`~meshc.interfaces.index_forms.block_link`), else None."""
    if n is None:
        return None
    f = index_form(op, v, trips)
    return block_link(f, n, trips) if f is not None else None


_AFFINE_ADD = ("arith.addf", "arith.addi")
_AFFINE_SUB = ("arith.subf", "arith.subi")


def affine_leaves(op: Operation, y: Value, extracts: set[int]) -> Optional[list[tuple[Operation, int]]]:
    """The affine leaves ``(user, operand index)`` of ``y`` in ``op``'s payload block when ``y`` is
    affine in the elements read by the extracts ``extracts`` (ids; module docstring), else None."""
    block = op.payload_block  # type: ignore[attr-defined]
    if block is None:
        return None
    dep: set[int] = set()
    for o in block.ops:
        if id(o) in extracts or any(id(v) in dep for v in o.operands):
            dep.update(id(r) for r in o.results)
    leaves: list[tuple[Operation, int]] = []

    def affine(v: Value) -> bool:
        owner = v.op if isinstance(v, OpResult) else None
        if owner is None or owner.parent is not block:
            return False
        if id(owner) in extracts:
            return True
        ops = owner.operands
        if owner.name in _AFFINE_ADD + _AFFINE_SUB:
            on = [id(x) in dep for x in ops]
            if on == [True, False] or (on == [False, True] and owner.name in _AFFINE_ADD):
                leaves.append((owner, on.index(False)))
                return affine(ops[on.index(True)])
            return False
        if owner.name == "arith.select" and id(ops[0]) not in dep:
            for k in (1, 2):
                if id(ops[k]) not in dep:
                    leaves.append((owner, k))
                elif not affine(ops[k]):
                    return False
            return True
        return False

    return leaves if id(y) in dep and affine(y) else None


def _yield_kind(op: linalg.StructuredOp, result: int, extracts: set[int]) -> Optional[str]:
    """The kind of result ``result``'s partial values over a split gather loop (module docstring), or None."""
    block = op.payload_block
    if block is None or block.terminator is None or result >= len(block.terminator.operands):
        return None
    y = block.terminator.operands[result]
    owner = y.op if isinstance(y, OpResult) else None
    if owner is None:
        return None
    if id(owner) in extracts:
        return None if op.reduction_dims() else "sum"
    if not op.reduction_dims() and affine_leaves(op, y, extracts) is not None:
        return "sum"
    kind = KIND_OF_OP.get(owner.name)
    init_arg = block.args[len(op.inputs) + result] if op.body_takes_inits else None
    if kind is None or init_arg is None or len(owner.operands) != 2 or op.reduction_kind(result) != kind:
        return None
    a, b = owner.operands
    other = b if a is init_arg else a if b is init_arg else None
    src = other.op if isinstance(other, OpResult) else None
    return kind if src is not None and id(src) in extracts else None


class GatherStructuredModel(StructuredModel):
    """linalg structured ops (:class:`~meshc.interfaces.sharding_models.StructuredModel`) with the
    rule of their captured tensors (module docstring)."""

    def iteration_space(self, op: Operation) -> IterationSpace:
        space = super().iteration_space(op)
        reads = captured_reads(op)
        if not reads:
            return space
        s: linalg.StructuredOp = op  # type: ignore[assignment]
        trips = s.static_loop_ranges()
        iterators = list(space.iterator_types)
        captured = []
        for value, extracts in reads:
            shape = value.type.shape  # type: ignore[attr-defined]
            links: list[Optional[DimLink]] = []
            for d, n in enumerate(shape):
                found = {_block_link(op, x.indices[d], n, trips) for x in extracts}
                link = found.pop() if len(found) == 1 else None
                if link is not None:
                    links.append(DimLink(link[0], multiple=link[1]))
                elif n is not None:
                    iterators.append(REDUCTION)
                    links.append(DimLink(len(iterators) - 1, extent=n))
                else:
                    links.append(None)
            captured.append((value, tuple(links)))
        kinds = list(space.reduction_kinds)
        if len(iterators) > space.num_loops:  # gather loops: the results' kinds must hold for a masked read
            ids = {id(x) for _, xs in reads for x in xs}
            kinds = [_yield_kind(s, r, ids) for r in range(len(space.results))]
        return dataclasses.replace(space, iterator_types=tuple(iterators), reduction_kinds=tuple(kinds),
                                   captured=tuple(captured))

    def partition(self, op: Operation, ctx: PartitionContext) -> list[Value]:
        """The op on the device's boxes, each split captured tensor read by its own box and its extracts
        rewritten to local (and, on gathered dims, masked) indices."""
        space = self.iteration_space(op)
        if not space.captured:
            return super().partition(op, ctx)
        view = ctx.view
        boxes: dict[int, tuple[Value, list, tuple]] = {}
        local: dict[Value, Value] = {}
        for value, links in space.captured:
            s = sharding_of(value.type)
            if s is None:
                continue
            if s.partial_axes:
                raise PartitionError(f"a captured tensor is partial ({s}); reduce it first (run reshard)")
            box = [view.core_range(value, s, d) if s.dim_axes(d) else (0, view.dim_size(value, d))  # type: ignore
                   for d in range(value.type.rank)]  # type: ignore[attr-defined]
            local[value] = ctx.read(value, box)
            gathered = tuple(bool(s.dim_axes(d)) and link is not None and link.loop >= op.num_loops  # type: ignore
                             for d, link in enumerate(links))
            boxes[id(local[value])] = (value, box, tuple(bool(s.dim_axes(d)) for d in range(len(box))), gathered)
        reads = dict(local)
        for v in captured_tensors(op):  # the others are read whole (no rule reaches them)
            if v not in reads:
                reads[v] = ctx.read(v, [(0, view.dim_size(v, d)) for d in range(v.type.rank)])  # type: ignore
        own = dataclasses.replace(ctx, _captured=lambda: reads)
        new, results = clone_on_local_shapes(op, own)
        shift_linalg_index(new, op, ctx.regions(), ctx.m)  # type: ignore[arg-type]
        kinds = space.reduction_kinds
        extracts = [o for o in new.walk() if isinstance(o, tensor.ExtractOp) and id(o.source) in boxes]
        firsts = [off for x in extracts for (off, _), g in zip(boxes[id(x.source)][1], boxes[id(x.source)][3]) if g]
        leaves = []
        block = new.payload_block  # type: ignore[attr-defined]
        if firsts and block is not None and not op.reduction_dims():  # type: ignore[attr-defined]
            ids = {id(x) for x in extracts}
            for y in block.terminator.operands:
                owner = y.op if isinstance(y, OpResult) else None
                if owner is not None and id(owner) not in ids:
                    leaves += affine_leaves(new, y, ids) or []
        for x in extracts:
            _, box, split, gathered = boxes[id(x.source)]
            _localize(x, box, split, gathered, _identity_kind(x, new, kinds))
        for user, k in leaves:
            _first_shard_only(user, k, firsts)
        return results


def _identity_kind(x: tensor.ExtractOp, op: Operation, kinds) -> str:
    """The reduction kind whose identity a masked read of ``x`` yields: that of the result it feeds."""
    block = op.payload_block  # type: ignore[attr-defined]
    for r, y in enumerate(block.terminator.operands if block is not None else ()):
        owner = y.op if isinstance(y, OpResult) else None
        if owner is x or (owner is not None and x.result in owner.operands):
            if r < len(kinds) and kinds[r] is not None:
                return kinds[r]
    return "sum"


def _scalar_identity(kind: str, element_type) -> Union[FloatAttr, IntegerAttr]:
    try:
        value = ReductionKind.parse(kind).identity(numpy_dtype(element_type))
    except ShardingError as err:
        raise PartitionError(f"a masked gather needs the identity of '{kind}': {err}") from None
    if isinstance(element_type, FloatType):
        return FloatAttr(float(value), element_type)
    return IntegerAttr(int(value), element_type)


def _localize(x: tensor.ExtractOp, box, split, gathered, kind: str) -> None:
    """Rewrite ``x`` (reading a local box of a captured tensor) to local indices; mask gathered dims."""
    b = Builder.before(x)
    m = IndexMath(b, x.location)
    indices = list(x.indices)
    valid: Optional[Value] = None
    for d, ((off, size), is_split, is_gathered) in enumerate(zip(box, split, gathered)):
        if not is_split:
            continue
        if isinstance(size, int) and size == 0:
            raise PartitionError("a gathered dim has an empty shard on this device")
        idx = indices[d]
        local: Mixed = m.sub(idx, off)
        if is_gathered:
            inside = m.cmp("sge", idx, off)
            below = m.cmp("slt", idx, m.add(off, size))
            both = _and(b, x, inside, below)
            valid = both if valid is None else _and(b, x, valid, both)
            local = m.select(both, local, 0)
        indices[d] = m.value(local)
    for d, v in enumerate(indices):
        x.set_operand(1 + d, v)
    if valid is None:
        return
    t = x.result.type
    ident = b.insert(ConstantOp.create([], [t], {"value": _scalar_identity(kind, t)}, location=x.location))
    after = Builder.after(x)
    sel = Operation.create([valid, x.result, ident.results[0]], [t], location=x.location, name="arith.select")
    x.result.replace_all_uses_with(sel.results[0])
    sel.set_operand(1, x.result)
    after.insert(sel)


def _first_shard_only(user: Operation, k: int, offsets: list) -> None:
    """Make operand ``k`` of ``user`` (an affine leaf) the value on the device whose gathered shards
    all start at 0 and the additive identity elsewhere (module docstring)."""
    b = Builder.before(user)
    m = IndexMath(b, user.location)
    first: Union[bool, Value] = True
    for off in offsets:
        at_zero = m.cmp("eq", off, 0)
        if isinstance(first, bool) or isinstance(at_zero, bool):
            first = at_zero if first is True else first if at_zero is True else False
        else:
            first = _and(b, user, first, at_zero)
    if first is True:
        return
    v = user.operands[k]
    zero = b.insert(ConstantOp.create([], [v.type], {"value": _scalar_identity("sum", v.type)},
                                      location=user.location)).results[0]
    if first is False:
        user.set_operand(k, zero)
        return
    sel = Operation.create([first, v, zero], [v.type], location=user.location, name="arith.select")
    user.set_operand(k, b.insert(sel).results[0])


def _and(b: Builder, at: Operation, p, q) -> Value:
    if isinstance(p, bool) or isinstance(q, bool):
        raise PartitionError("a masked gather's bounds folded to a constant")  # pragma: no cover - guarded
    return b.insert(Operation.create([p, q], [I1], location=at.location, name="arith.andi")).results[0]
