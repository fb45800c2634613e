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
  only the major non-unit dim (the *carrying* dim) carries a split, always when
  the group's other dims are 1 (``64 -> 64x1``, uneven shards and dynamic
  meshes included), else only when the device count divides its size
  (``DimLink.multiple``: shards of whole rows); the minor dims of a group are
  not linked, so a split there (or a misaligned one) becomes a resharding
  point. Upstream (mlir-opt 22) has no ShardingInterface model for ``tensor``
  reshapes: its ``sharding-propagation`` stops with "sharding interface is not
  implemented" on either reshape once a sharding reaches it (forward or
  backward).
* ``tensor.extract_slice`` / ``insert_slice``: a sliced dim is linked only when
  the slice takes it whole (offset 0, stride 1, full size); dropped unit dims
  are not linked. The result of ``extract_slice`` is linked on every dim (a
  device slices its shard of the result from a replicated source); the
  destination and result of ``insert_slice`` only on dims the source fills
  whole, so a dim written in part stays replicated.
* ``tensor.concat``: every dim but the concatenated one, result included.
* ``tensor.pad``: dims with zero low and high padding, result included.
* linalg loops partition cannot split (:func:`unsplittable_loops`: an input
  expression such as ``9 - d0`` or ``d0 mod 4``, a compound init expression)
  are linked nowhere.

The partition pass (:mod:`meshc.passes.partition`) turns every split these
rules allow into per-device code.
* ``tensor.dim`` and ``func.return``: take any sharding (:data:`ANY`).
"""

from __future__ import annotations

from typing import Optional, Sequence

import meshc.dialects.arith as arith
import meshc.dialects.linalg as linalg
import meshc.dialects.tensor as tensor
from meshc.interfaces.sharding import (ANY, PARALLEL, DimLink, IterationSpace, ShardingModel, TensorLinks,
                                       register_sharding_model)
from meshc.ir.affine import AffineExpr, AffineMap, BinaryExpr, ConstantExpr, DimExpr
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


def linear_form(expr: AffineExpr) -> Optional[tuple[dict[int, int], int]]:
    """``expr`` as ``sum(coeffs[l] * d_l) + const`` (``(coeffs, const)``), or None when it is not linear in
    the loops (``mod``, ``floordiv``, ``ceildiv``, a product of two loops, a symbol)."""
    if isinstance(expr, DimExpr):
        return {expr.position: 1}, 0
    if isinstance(expr, ConstantExpr):
        return {}, expr.value
    if not isinstance(expr, BinaryExpr) or expr.kind not in ("+", "*"):
        return None
    a, b = linear_form(expr.lhs), linear_form(expr.rhs)
    if a is None or b is None:
        return None
    if expr.kind == "+":
        coeffs = dict(a[0])
        for loop, c in b[0].items():
            coeffs[loop] = coeffs.get(loop, 0) + c
        return {l: c for l, c in coeffs.items() if c}, a[1] + b[1]
    if a[0] and b[0]:
        return None
    (k, (coeffs, const)) = (a[1], b) if not a[0] else (b[1], a)
    return {l: c * k for l, c in coeffs.items() if c * k}, const * k


def loops_of(expr: AffineExpr) -> set[int]:
    """The loops (dims) ``expr`` uses."""
    if isinstance(expr, DimExpr):
        return {expr.position}
    if isinstance(expr, BinaryExpr):
        return loops_of(expr.lhs) | loops_of(expr.rhs)
    return set()


def unsplittable_loops(maps: Sequence[AffineMap], n_inputs: int) -> set[int]:
    """Loops of a structured op that partition cannot split (meshc's rule; the maps are inputs then inits).

    A device runs its split loops over local indices ``0..size``: a dim indexed exactly by a split loop
    is its shard, and the partition pass reads every other dim of an input from the offset the local
    indices start at (the sum of ``coeff * offset`` of its split loops), which is right only for an
    expression linear in the loops with non-negative coefficients and constant (``d0 + d1`` of a
    convolution, ``2 * d0 + d1``, a repeated ``d0``). So a loop is not split when it appears in an input
    expression of another kind (``9 - d0``, ``d0 mod 4``, ``d0 floordiv 2``), in an init expression that
    is not a plain loop, or twice in one init map (a diagonal result)."""
    fixed: set[int] = set()
    for k, m in enumerate(maps):
        seen: set[int] = set()
        for e in m.results:
            if isinstance(e, DimExpr):
                if k >= n_inputs and e.position in seen:
                    fixed.add(e.position)
                seen.add(e.position)
                continue
            loops = loops_of(e)
            lin = linear_form(e) if k < n_inputs else None
            if lin is None or lin[1] < 0 or any(c < 0 for c in lin[0].values()):
                fixed |= loops
    return fixed


class StructuredModel(ShardingModel):
    """linalg structured ops: their own iterator types and indexing maps (inputs, then inits;
    results use their init's map); map results that are not a plain loop dim are unlinked, and so is
    every dim of a loop partition cannot split (:func:`unsplittable_loops`)."""

    def iteration_space(self, op: Operation) -> IterationSpace:
        s: linalg.StructuredOp = op  # type: ignore[assignment]
        maps = s.indexing_maps()
        fixed = unsplittable_loops(maps, len(s.inputs))
        operands = []
        for v, m in zip(s.inputs + s.inits, maps):
            if isinstance(v.type, TensorType):
                operands.append(tuple(DimLink(e.position) if isinstance(e, DimExpr) and e.position not in fixed
                                      else None for e in m.results))
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


def carrying_dim(group: Sequence[int], sizes: Sequence[Optional[int]]) -> int:
    """The dim of a reassociation ``group`` (dims of the expanded tensor, whose ``sizes`` are given; ``None``
    = dynamic) that carries a split: its major (first) non-unit dim, or the group's first dim when every
    dim is 1. The partition pass reshapes each device's rows of this dim."""
    return next((d for d in group if sizes[d] != 1), group[0])


def _group_link(group: Sequence[int], sizes: Sequence[Optional[int]], loop: int,
                collapsed: Optional[int] = None) -> tuple[int, Optional[DimLink]]:
    """For a reassociation ``group`` of expanded dims with ``sizes`` (``collapsed``: the size of the
    collapsed dim, when known): the carrying dim ``c`` (:func:`carrying_dim`) and the link between the
    collapsed dim and loop ``loop``.

    A split of the collapsed dim over ``k`` devices is the split of dim ``c`` over the same devices
    exactly when the shard boundaries coincide. With ``rest`` the product of the group's other dims,
    shard ``j`` of dim ``c`` covers elements ``[rest * b_j, rest * b_{j+1})`` of the collapsed dim
    (``b`` the balanced boundaries of ``sizes[c]`` over ``k``); the balanced boundaries of
    ``sizes[c] * rest`` over ``k`` are the same for every ``k`` when ``rest == 1`` (unit dims only,
    uneven shards and dynamic meshes included), and otherwise exactly when ``k`` divides ``sizes[c]``
    (shards of whole rows; if ``k`` does not divide it, dim ``c``'s shards differ by one row, i.e.
    by ``rest > 1`` elements, while balanced shards of the collapsed dim differ by at most one).
    Hence an exact link when ``rest == 1``, a link with ``multiple = sizes[c]`` otherwise (a dynamic
    ``sizes[c]`` is derived from ``collapsed`` when the other dims are static), and no link when
    ``sizes[c]`` stays unknown."""
    c = carrying_dim(group, sizes)
    others = [sizes[d] for d in group if d != c]
    if all(s == 1 for s in others):
        return c, DimLink(loop)
    n = sizes[c]
    if n is None and collapsed is not None and all(s is not None for s in others):
        rest = 1
        for s in others:
            rest *= s  # type: ignore[operator]
        n = collapsed // rest if rest else None
    if n is None:
        return c, None
    return c, DimLink(loop, n)


class ExpandShapeModel(ShardingModel):
    """``tensor.expand_shape``: loops = result (expanded) dims. Source dim ``i`` is linked to the loop
    of the carrying dim of group ``i`` (:func:`_group_link`); the result is linked only on carrying
    dims, so the loops of the minor (and unit) dims of a group are never split: a split wanted there
    makes a resharding point instead. The carrying dim of the result is linked exactly (it is the
    loop): a split of it over devices whose count does not keep the source's shards aligned leaves the
    source replicated (each device expands its rows of the whole source)."""

    def iteration_space(self, op: Operation) -> IterationSpace:
        e: tensor.ExpandShapeOp = op  # type: ignore[assignment]
        result, source = e.result.type, e.source.type
        src_links: list[Optional[DimLink]] = []
        res_links: list[Optional[DimLink]] = [None] * result.rank  # type: ignore[attr-defined]
        for i, group in enumerate(e.reassociation):
            c, link = _group_link(group, result.shape, carrying_dim(group, result.shape),  # type: ignore
                                  source.shape[i])  # type: ignore[attr-defined]
            src_links.append(link)
            res_links[c] = DimLink(c)
        rest = [_unlinked(v.type) for v in op.operands[1:]]
        rank = result.rank  # type: ignore[attr-defined]
        return IterationSpace((PARALLEL,) * rank, tuple([tuple(src_links)] + rest), (tuple(res_links),))


class CollapseShapeModel(ShardingModel):
    """``tensor.collapse_shape``: loops = result (collapsed) dims. The carrying dim of source group
    ``i`` and result dim ``i`` are both linked to loop ``i`` with the same exactness
    (:func:`_group_link`), so loop ``i`` is split only over devices that keep the shards aligned; the
    other dims of a group are not linked. A split the collapse cannot carry (a minor dim of a group,
    uneven shards of a group with non-unit minor dims, any device count of a dynamic mesh then) is a
    resharding point: the source is gathered, the result replicated."""

    def iteration_space(self, op: Operation) -> IterationSpace:
        c_op: tensor.CollapseShapeOp = op  # type: ignore[assignment]
        source, result = c_op.source.type, c_op.result.type
        links: list[Optional[DimLink]] = [None] * source.rank  # type: ignore[attr-defined]
        res_links: list[Optional[DimLink]] = []
        for i, group in enumerate(c_op.reassociation):
            c, link = _group_link(group, source.shape, i, result.shape[i])  # type: ignore[attr-defined]
            links[c] = link
            res_links.append(link)
        rank = result.rank  # type: ignore[attr-defined]
        return IterationSpace((PARALLEL,) * rank, (tuple(links),), (tuple(res_links),))


def _slice_links(op: tensor.SliceOp, full_shape: Sequence[Optional[int]]) -> TensorLinks:
    """Links of the sliced operand's kept dims to the full tensor's dims (= loops): exact only for a
    dim taken whole; dims dropped by rank reduction are not in the sliced operand."""
    dropped = set(op.dropped_dims())
    links: list[Optional[DimLink]] = []
    for d in range(len(full_shape)):
        if d not in dropped:
            links.append(DimLink(d) if _whole(op, full_shape, d) else None)
    return tuple(links)


def _whole(op: tensor.SliceOp, full_shape: Sequence[Optional[int]], d: int) -> bool:
    """Whether the slice takes dim ``d`` of the full tensor whole (offset 0, stride 1, full static size)
    and keeps it (not dropped by rank reduction)."""
    off, size, stride = op.static_offsets[d], op.static_sizes[d], op.static_strides[d]
    return (off == 0 and stride == 1 and full_shape[d] is not None and size == full_shape[d]
            and d not in op.dropped_dims())


class ExtractSliceModel(ShardingModel):
    """``tensor.extract_slice``: loops = result dims; a source dim is linked only when taken whole.
    The result is linked on every dim: a device may compute its shard of a slice of a replicated
    source (it slices it at the op's offsets plus its shard's offset times the stride)."""

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
    """``tensor.insert_slice``: loops = result (= destination) dims. Only the dims the source fills whole
    are linked, in the source, the destination and the result: a dim the slice covers in part stays
    replicated (a split wanted there makes a resharding point)."""

    def iteration_space(self, op: Operation) -> IterationSpace:
        x: tensor.InsertSliceOp = op  # type: ignore[assignment]
        dest = x.dest.type
        full = tuple(DimLink(d) if _whole(x, dest.shape, d) else None  # type: ignore[attr-defined]
                     for d in range(dest.rank))  # type: ignore[attr-defined]
        rest = [_unlinked(v.type) for v in op.operands[2:]]
        rank = dest.rank  # type: ignore[attr-defined]
        return IterationSpace((PARALLEL,) * rank, tuple([_slice_links(x, dest.shape), full] + rest),  # type: ignore
                              (full,))


class ConcatModel(ShardingModel):
    """``tensor.concat dim(c)``: the inputs and the result linked on every dim but ``c``."""

    def iteration_space(self, op: Operation) -> IterationSpace:
        c: tensor.ConcatOp = op  # type: ignore[assignment]
        rank = c.result.type.rank  # type: ignore[attr-defined]
        links = tuple(None if d == c.dim else DimLink(d) for d in range(rank))
        return IterationSpace((PARALLEL,) * rank, tuple([links] * len(op.operands)), (links,))


class PadModel(ShardingModel):
    """``tensor.pad``: the source and the result linked on dims with no padding on either side (static
    zeros); a padded dim stays replicated."""

    def iteration_space(self, op: Operation) -> IterationSpace:
        p: tensor.PadOp = op  # type: ignore[assignment]
        low, high = tensor.static_array(p, "static_low"), tensor.static_array(p, "static_high")
        links = tuple(DimLink(d) if lo == 0 and hi == 0 else None for d, (lo, hi) in enumerate(zip(low, high)))
        rest = [_unlinked(v.type) for v in op.operands[1:]]
        return IterationSpace((PARALLEL,) * len(links), tuple([links] + rest), (links,))


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
