"""ShardingInterface models of the builtin dialects (external models, registered on import).

Each model only describes an op's iteration space; :mod:`meshc.interfaces.sharding`
derives every rule from it.

* linalg structured ops (every named op, ``generic``, ``map``, ``reduce``,
  ``transpose``, ``broadcast``, ``fill``, ``copy``): the op's own
  ``iterator_types()``/``indexing_maps()`` (upstream's linalg
  ``ShardingInterfaceImpl``); inits are tied to their results; each result's
  reduction kind is the combiner of its payload (``StructuredOp.reduction_kind``).
* arith/math elementwise ops, comparisons, ``select``, casts on ranked tensors
  (upstream ``ElementwiseShardingInterface``): one parallel loop per result dim,
  identity maps.
* ``tensor.empty``, ``tensor.splat``, ``arith.constant`` with a splat value
  (upstream 22 gives ``tensor.empty``/splat constants a model too): one
  parallel loop per result dim, no tensor operand. A non-splat constant has no
  rule (its data would have to be sliced per device).

Explicit rules for ops without an iteration space of their own (meshc's; the
loops are the result dims, all parallel, and an operand dim is linked to a
loop only where a split carries over exactly, else it stays replicated):

* ``tensor.cast``, ``tensor.bitcast``, ``iree_encoding.set_encoding`` /
  ``unset_encoding``: same logical shape, identity.
* ``tensor.expand_shape`` / ``collapse_shape``: within a reassociation group
  only the major non-unit dim carries a split, and only when the device count
  divides its size (``DimLink.multiple``); the minor dims of a group are not
  linked.
* ``tensor.extract_slice`` / ``insert_slice``: a sliced dim is linked only when
  the slice takes it whole (offset 0, stride 1, full size); dropped unit dims
  are not linked; the destination of ``insert_slice`` is linked dim by dim.
* ``tensor.concat``: every dim but the concatenated one.
* ``tensor.pad``: dims with zero low and high padding.
* ``tensor.dim`` and ``func.return``: take any sharding (:data:`ANY`).
"""

from __future__ import annotations

from typing import Optional, Sequence

import meshc.dialects.arith as arith
import meshc.dialects.linalg as linalg
import meshc.dialects.tensor as tensor
from meshc.interfaces.sharding import (ANY, PARALLEL, DimLink, IterationSpace, ShardingModel, TensorLinks,
                                       register_sharding_model)
from meshc.ir.affine import DimExpr
from meshc.ir.attributes import DenseElementsAttr
from meshc.ir.core import Operation
from meshc.ir.types import TensorType


def _identity(rank: int) -> TensorLinks:
    return tuple(DimLink(d) for d in range(rank))


def _unlinked(t) -> Optional[TensorLinks]:
    return (None,) * t.rank if isinstance(t, TensorType) else None


def _result_dims_space(op: Operation, operands) -> IterationSpace:
    """Loops = the dims of the (single) tensor result, all parallel; ``operands`` gives the links."""
    rank = op.results[0].type.rank  # type: ignore[attr-defined]
    return IterationSpace((PARALLEL,) * rank, tuple(operands), (_identity(rank),))


def _tensor_result(op: Operation) -> Optional[TensorType]:
    if len(op.results) == 1 and isinstance(op.results[0].type, TensorType):
        return op.results[0].type
    return None


class StructuredModel(ShardingModel):
    """linalg structured ops: their own iterator types and indexing maps (inputs, then inits;
    results use their init's map); map results that are not a plain loop dim are unlinked."""

    def iteration_space(self, op: Operation) -> IterationSpace:
        s: linalg.StructuredOp = op  # type: ignore[assignment]
        maps = s.indexing_maps()
        operands = []
        for v, m in zip(s.inputs + s.inits, maps):
            if isinstance(v.type, TensorType):
                operands.append(tuple(DimLink(e.position) if isinstance(e, DimExpr) else None for e in m.results))
            else:
                operands.append(None)
        n_in = len(s.inputs)
        tensor_inits = [j for j, v in enumerate(s.inits) if isinstance(v.type, TensorType)]
        results = tuple(operands[n_in + j] for j in tensor_inits)
        tied: list[Optional[int]] = [None] * len(operands)
        for r, j in enumerate(tensor_inits):
            tied[n_in + j] = r
        kinds = tuple(s.reduction_kind(j) for j in tensor_inits)
        return IterationSpace(tuple(s.iterator_types()), tuple(operands), results, kinds, tuple(tied))


class ElementwiseModel(ShardingModel):
    """arith/math ops on ranked tensors: identity maps over the result dims. Scalar operands (the
    ``i1`` condition of a tensor ``select``) are not tensors; a scalar op has no loops."""

    def iteration_space(self, op: Operation) -> IterationSpace:
        t = _tensor_result(op)
        if t is None:
            return IterationSpace((), tuple(_unlinked(v.type) for v in op.operands),
                                  tuple(_unlinked(r.type) for r in op.results))
        operands = [_identity(t.rank) if isinstance(v.type, TensorType) and v.type.rank == t.rank else
                    _unlinked(v.type) for v in op.operands]
        return _result_dims_space(op, operands)


class CreationModel(ShardingModel):
    """``tensor.empty``, ``tensor.splat``: loops = result dims; operands are scalars or sizes."""

    def iteration_space(self, op: Operation) -> Optional[IterationSpace]:
        if _tensor_result(op) is None:
            return None
        return _result_dims_space(op, [_unlinked(v.type) for v in op.operands])


class ConstantModel(CreationModel):
    """``arith.constant`` of a splat tensor (a non-splat one has no rule: replicated)."""

    def iteration_space(self, op: Operation) -> Optional[IterationSpace]:
        value = op.attributes.get("value")
        if not isinstance(value, DenseElementsAttr) or not value.is_splat:
            return None
        return super().iteration_space(op)


class SameShapeModel(ShardingModel):
    """Ops whose first operand has the result's logical shape (casts, encoding conversions)."""

    def iteration_space(self, op: Operation) -> Optional[IterationSpace]:
        t = _tensor_result(op)
        if t is None or not op.operands or not isinstance(op.operands[0].type, TensorType):
            return None
        rest = [_unlinked(v.type) for v in op.operands[1:]]
        return _result_dims_space(op, [_identity(t.rank)] + rest)


def _group_link(group: Sequence[int], sizes: Sequence[Optional[int]], loop_of) -> tuple[int, Optional[DimLink]]:
    """For a reassociation ``group`` of expanded dims with ``sizes``: the dim that carries a split
    (the first non-unit one) and its link (exact when the others are unit, else exact only when the
    device count divides its size, unlinked when that size is dynamic)."""
    major = next((d for d in group if sizes[d] != 1), group[0])
    others = [sizes[d] for d in group if d != major]
    if all(s == 1 for s in others):
        return major, DimLink(loop_of(major))
    if sizes[major] is None:
        return major, None
    return major, DimLink(loop_of(major), sizes[major])


class ExpandShapeModel(ShardingModel):
    """``tensor.expand_shape``: loops = result (expanded) dims; source dim ``i`` is linked to the
    major dim of its group."""

    def iteration_space(self, op: Operation) -> IterationSpace:
        e: tensor.ExpandShapeOp = op  # type: ignore[assignment]
        result = e.result.type
        links: list[Optional[DimLink]] = []
        for group in e.reassociation:
            _, link = _group_link(group, result.shape, lambda d: d)  # type: ignore[attr-defined]
            links.append(link)
        rest = [_unlinked(v.type) for v in op.operands[1:]]
        return _result_dims_space(op, [tuple(links)] + rest)


class CollapseShapeModel(ShardingModel):
    """``tensor.collapse_shape``: loops = result (collapsed) dims; the major dim of each source
    group is linked to its collapsed dim, the others are not."""

    def iteration_space(self, op: Operation) -> IterationSpace:
        c: tensor.CollapseShapeOp = op  # type: ignore[assignment]
        source = c.source.type
        links: list[Optional[DimLink]] = [None] * source.rank  # type: ignore[attr-defined]
        for i, group in enumerate(c.reassociation):
            major, link = _group_link(group, source.shape, lambda d, i=i: i)  # type: ignore[attr-defined]
            links[major] = link
        return _result_dims_space(op, [tuple(links)])


def _slice_links(op: tensor.SliceOp, full_shape: Sequence[Optional[int]]) -> TensorLinks:
    """Links of the sliced operand's kept dims to the full tensor's dims (= loops): exact only for a
    dim taken whole; dims dropped by rank reduction are not in the sliced operand."""
    dropped = set(op.dropped_dims())
    links: list[Optional[DimLink]] = []
    for d, (off, size, stride) in enumerate(zip(op.static_offsets, op.static_sizes, op.static_strides)):
        if d in dropped:
            continue
        whole = off == 0 and stride == 1 and full_shape[d] is not None and size == full_shape[d]
        links.append(DimLink(d) if whole else None)
    return tuple(links)


class ExtractSliceModel(ShardingModel):
    """``tensor.extract_slice``: loops = result dims; a source dim is linked only when taken whole."""

    def iteration_space(self, op: Operation) -> IterationSpace:
        x: tensor.ExtractSliceOp = op  # type: ignore[assignment]
        source = x.source.type
        kept = [d for d in range(source.rank) if d not in set(x.dropped_dims())]  # type: ignore[attr-defined]
        position = {d: j for j, d in enumerate(kept)}
        links = tuple(DimLink(position[l.loop]) if l is not None else None
                      for l in _slice_links(x, source.shape))  # type: ignore[attr-defined]
        src_links: list[Optional[DimLink]] = [None] * source.rank  # type: ignore[attr-defined]
        for d, link in zip(kept, links):
            src_links[d] = link
        rest = [_unlinked(v.type) for v in op.operands[1:]]
        return _result_dims_space(op, [tuple(src_links)] + rest)


class InsertSliceModel(ShardingModel):
    """``tensor.insert_slice``: loops = result (= destination) dims; the destination is linked dim by
    dim, the source only on dims it fills whole."""

    def iteration_space(self, op: Operation) -> IterationSpace:
        x: tensor.InsertSliceOp = op  # type: ignore[assignment]
        dest = x.dest.type
        rest = [_unlinked(v.type) for v in op.operands[2:]]
        return _result_dims_space(op, [_slice_links(x, dest.shape), _identity(dest.rank)] + rest)  # type: ignore


class ConcatModel(ShardingModel):
    """``tensor.concat dim(c)``: every input linked on every dim but ``c``."""

    def iteration_space(self, op: Operation) -> IterationSpace:
        c: tensor.ConcatOp = op  # type: ignore[assignment]
        rank = c.result.type.rank  # type: ignore[attr-defined]
        links = tuple(None if d == c.dim else DimLink(d) for d in range(rank))
        return _result_dims_space(op, [links] * len(op.operands))


class PadModel(ShardingModel):
    """``tensor.pad``: the source is linked on dims with no padding on either side."""

    def iteration_space(self, op: Operation) -> IterationSpace:
        p: tensor.PadOp = op  # type: ignore[assignment]
        low, high = tensor.static_array(p, "static_low"), tensor.static_array(p, "static_high")
        links = tuple(DimLink(d) if lo == 0 and hi == 0 else None for d, (lo, hi) in enumerate(zip(low, high)))
        rest = [_unlinked(v.type) for v in op.operands[1:]]
        return _result_dims_space(op, [links] + rest)


class AnyShardingModel(ShardingModel):
    """Ops that read only shapes or pass values on (``tensor.dim``, ``func.return``): every tensor
    operand takes any sharding; no loops."""

    def iteration_space(self, op: Operation) -> IterationSpace:
        return IterationSpace((), tuple(ANY if isinstance(v.type, TensorType) else None for v in op.operands),
                              tuple(_unlinked(r.type) for r in op.results))


def _register() -> None:
    register_sharding_model(linalg.StructuredOp, StructuredModel())
    elementwise = ElementwiseModel()
    for cls in (arith.ElementwiseOp, arith.CmpOp, arith.SelectOp, arith.CastOp):
        register_sharding_model(cls, elementwise)
    register_sharding_model("tensor.empty", CreationModel())
    register_sharding_model("tensor.splat", CreationModel())
    register_sharding_model("arith.constant", ConstantModel())
    same = SameShapeModel()
    for name in ("tensor.cast", "tensor.bitcast", "iree_encoding.set_encoding", "iree_encoding.unset_encoding"):
        register_sharding_model(name, same)
    register_sharding_model("tensor.expand_shape", ExpandShapeModel())
    register_sharding_model("tensor.collapse_shape", CollapseShapeModel())
    register_sharding_model("tensor.extract_slice", ExtractSliceModel())
    register_sharding_model("tensor.insert_slice", InsertSliceModel())
    register_sharding_model("tensor.concat", ConcatModel())
    register_sharding_model("tensor.pad", PadModel())
    anything = AnyShardingModel()
    for name in ("tensor.dim", "func.return", "util.return"):
        register_sharding_model(name, anything)


_register()
