"""propagate-reshapes: fold ``tensor.collapse_shape``/``expand_shape`` into neighbouring linalg ops
by expanding their iteration space.

The rule is MLIR's fusion of reshapes by expansion (``ElementwiseOpFusion.cpp``,
``populateFoldReshapeOpsByExpansionPatterns``), for static reshapes:

* **collapse into its consumer**: a structured op reading ``collapse_shape(%x)`` through an
  indexing map whose results are loops is rewritten to read ``%x`` itself. Every loop indexing a
  collapsed dim of size ``a*b*...`` becomes the loops ``a, b, ...`` (same iterator type); every
  other operand indexed by such a loop gets a ``tensor.expand_shape`` splitting that dim alike,
  and each result whose dims were split is collapsed back for its users;
* **expand into its producer**: ``expand_shape`` of a structured op's result is rewritten the same
  way with the result as the expanded operand: the op computes the expanded tensor directly (other
  users of the old result read it through a ``collapse_shape``).

The new op has the maps of the old one with each loop replaced by its group of loops; its body is
the old one, ``linalg.index`` of a split loop recomputed as ``i0 * (b*...) + i1 * ... + ...``.
Ops keep their name when they are rank-polymorphic (``linalg.fill``, ``copy``, ``map``, the named
elementwise ops) and become a ``linalg.generic`` with the expanded maps otherwise (a
``linalg.batch_matmul`` on collapsed ``(batch, heads)`` becomes a generic with a batch loop and a
head loop): :meth:`meshc.dialects.linalg.StructuredOp.generic_region` writes the payload.

Applicable when the op is on tensors without encodings (no sharding in the types yet: the pass
belongs before ``distribute-types``), every indexing map is a projected permutation (constant-0
results allowed: they index unit dims and are kept), the split dims are static in every operand,
and the payload can be written as a generic (not the windowed conv/pooling ops), and every reshape
the fold puts on another operand or result keeps the split that tensor has (:func:`keeps_splits`:
its ``mesh.shard`` annotation, or the sharding ``sharding-propagation`` would give it, asked of
the reshape's sharding model; MLIR's pass knows no shardings), and the collapse is not that of a
broadcast's copies into a dim a mesh axis could split but the group's carrying dim not
(:func:`spreads_broadcast_group`: ``jnp.repeat`` of 2 KV heads into 8 query heads on 4 devices,
which stays at the producer's shape). Like upstream's
``allow-folding-unit-dim-reshapes=false`` default, a reshape that only adds or drops unit dims is
left alone (``fold-unit-dims=true`` folds it too).

The reshapes pushed outwards meet their inverses and cancel: ``expand_shape(collapse_shape(%x))``
with the same reassociation is ``%x`` (and the converse), and a reshape of ``tensor.empty`` or of a
dense constant is an empty tensor or a constant of the new shape (MLIR's tensor reshape
canonicalizations); a reshape of a reshape is one reshape when the two compose to a pure expansion
or collapse (``ComposeExpandOfCollapseOp``). The pass runs these with the two folds in one greedy
driver that leaves constants where they are (the pass may meet per-device bodies).

Why meshc runs it before ``sharding-propagation`` (docs/pipeline.md stage 1): a split of any dim of
the original program survives, because no dim is collapsed any more where a reshape folded. IREE
collapses ``(batch, heads)`` into the one batch dim of ``linalg.batch_matmul``; through the reshape
only a split of the major dim (batch) is kept, so Megatron's head split was all_gathered. After
this pass the heads are a loop of their own and the head split is a plain parallel split.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from math import prod
from typing import Optional, Sequence

from meshc.dialects.linalg import GenericOp, IndexOp, StructuredOp
from meshc.dialects.mesh import MeshOp, ShardingAttr, ShardOp, enclosing_module
from meshc.dialects.tensor import CollapseShapeOp, EmptyOp, ExpandShapeOp, ReassociativeReshapeOp
from meshc.interfaces.annotations import functions
from meshc.interfaces.sharding import broadcast_loops, iteration_space, keeps_operand_sharding
from meshc.interfaces.sharding_models import carrying_dim
from meshc.ir.affine import AffineMap, DimExpr
from meshc.ir.attributes import AffineMapAttr, ArrayAttr, DenseElementsAttr, IntegerAttr, StringAttr
from meshc.ir.core import Block, Operation, OpResult, Region, Value, op_class
from meshc.ir.location import DiagnosticError
from meshc.ir.types import INDEX, TensorType
from meshc.passes.base import Option, Pass
from meshc.passes.rewrite import PatternRewriter, RewritePattern, apply_patterns_greedily, constant_value
from meshc.passes.sharding_propagation import produced_shardings

RESHAPES = ("tensor.collapse_shape", "tensor.expand_shape")


@dataclass(frozen=True)
class Expansion:
    """How each loop of a structured op is split: ``sizes[d]`` are the sizes of the new loops that
    loop ``d`` becomes, major to minor (one entry, the loop's own range or None, when it is kept)."""

    sizes: tuple[tuple[Optional[int], ...], ...]

    @property
    def starts(self) -> list[int]:
        """The first new loop of each old loop."""
        out, n = [], 0
        for s in self.sizes:
            out.append(n)
            n += len(s)
        return out

    @property
    def num_loops(self) -> int:
        return sum(len(s) for s in self.sizes)

    def split(self, loop: int) -> bool:
        return len(self.sizes[loop]) > 1

    def expand_map(self, m: AffineMap) -> AffineMap:
        """``m`` on the new loops: each loop result replaced by its group of loops."""
        starts = self.starts
        results = []
        for r in m.results:
            if isinstance(r, DimExpr):
                results.extend(DimExpr(starts[r.position] + k) for k in range(len(self.sizes[r.position])))
            else:
                results.append(r)
        return AffineMap(self.num_loops, 0, tuple(results))

    def operand_type(self, t: TensorType, m: AffineMap) -> tuple[TensorType, list[list[int]]]:
        """The type of an operand of type ``t`` read through map ``m`` on the new loops, and the
        reassociation from it back to ``t``."""
        shape: list[Optional[int]] = []
        groups = []
        for size, r in zip(t.shape, m.results):
            new = self.sizes[r.position] if isinstance(r, DimExpr) and self.split(r.position) else (size,)
            groups.append(list(range(len(shape), len(shape) + len(new))))
            shape.extend(new)
        return t.with_shape(shape), groups


def is_unit_dim_reshape(op: ReassociativeReshapeOp) -> bool:
    """Every reassociation group has at most one dim that is not 1: the reshape only adds or drops
    unit dims (MLIR's ``isUnitDimExpansionOnly``)."""
    shape = op.expanded_type.shape
    return all(sum(1 for d in g if shape[d] != 1) <= 1 for g in op.reassociation)


def expansion_of(op: StructuredOp, index: int, expanded: TensorType,
                 groups: Sequence[Sequence[int]]) -> Optional[Expansion]:
    """The expansion under which operand ``index`` of ``op`` (inputs then inits) reads the tensor of
    type ``expanded`` that ``groups`` collapse to it, or None when the fold does not apply (see the
    module docstring: maps, static sizes, a payload meshc can write)."""
    if not all(isinstance(r.type, TensorType) for r in op.results) or op.num_loops == 0:
        return None
    maps = op.indexing_maps()
    if not all(m.is_projected_permutation(allow_zero_results=True) for m in maps):
        return None
    sizes: list[tuple[Optional[int], ...]] = [(r,) for r in op.static_loop_ranges()]
    for r, group in zip(maps[index].results, groups):
        new = tuple(expanded.shape[d] for d in group)
        if len(new) == 1:
            continue
        if not isinstance(r, DimExpr) or any(s is None for s in new):
            return None
        sizes[r.position] = new
    exp = Expansion(tuple(sizes))
    operands = op.inputs + op.inits
    if any(isinstance(v.type, TensorType) and v.type.encoding is not None for v in operands):
        return None  # a sharding or data-tiling encoding is of the old shape
    for v, m in zip(operands, maps):  # a split loop must index static dims only
        if isinstance(v.type, TensorType):
            for size, r in zip(v.type.shape, m.results):
                if isinstance(r, DimExpr) and exp.split(r.position) and size is None:
                    return None
    if not op.rank_polymorphic and op.generic_region() is None:
        return None
    return exp


Shardings = dict[Value, ShardingAttr]
"""What sharding propagation gives each value of the input (``produced_shardings``)."""


def known_sharding(v: Value, known: Shardings) -> Optional[ShardingAttr]:
    """The sharding ``v`` has for its users: a ``mesh.shard`` annotation's own, else the one sharding
    propagation produces it with (None: not known, e.g. a value a fold made)."""
    if isinstance(v, OpResult) and isinstance(v.op, ShardOp):
        return v.op.sharding
    return known.get(v)


def loses_split(v: Value, groups: Sequence[Sequence[int]], expanded: TensorType, known: Shardings,
                where: Operation) -> bool:
    """Whether ``tensor.expand_shape`` of ``v`` by ``groups`` into ``expanded`` cannot keep the split
    ``v`` has (:func:`known_sharding`); the expand's ShardingInterface model decides
    (:func:`meshc.interfaces.sharding.keeps_operand_sharding`). The same test serves a result that
    a fold collapses back (``collapse_shape`` of ``expanded`` into ``v``'s type): a reshape links
    the collapsed dim to the group's carrying dim alike in both directions. ``where``: an op of the
    module whose ``mesh.mesh`` gives the axis sizes."""
    s = known_sharding(v, known)
    if s is None or not s.split_axes:
        return False
    module = enclosing_module(where)
    probe = ExpandShapeOp.build(v, groups, expanded)
    try:
        return not keeps_operand_sharding(probe, 0, replace(s, partial_axes=()),
                                          module.lookup(s.mesh) if module is not None else None)
    finally:
        probe.drop_operands()


def keeps_splits(op: StructuredOp, exp: Expansion, known: Shardings, replaced: Optional[int] = None) -> bool:
    """Whether folding by ``exp`` keeps the split of every operand (but operand ``replaced``, which
    the fold reads unreshaped) and result of ``op`` that sharding propagation would give them
    (``known``): the fold puts a reshape on each operand and result with a split loop, and where
    that reshape cannot carry the split (a column-split fused ``[D, 3*H*Dh]`` weight, or its
    product, expanded to ``[.., 3, H, Dh]`` over 4 devices) the fold would only move the resharding
    point onto another tensor (the weight); the reshape is left where it is instead, and sharding
    propagation reshards at it, as XLA's partitioner does at the same reshape."""
    if not known:
        return True
    maps = op.indexing_maps()
    tensors = [(v, m) for k, (v, m) in enumerate(zip(op.inputs + op.inits, maps)) if k != replaced]
    tensors += list(zip(op.results, maps[len(op.inputs):]))
    for v, m in tensors:
        if isinstance(v.type, TensorType):
            t, groups = exp.operand_type(v.type, m)
            if t != v.type and loses_split(v, groups, t, known, op):
                return False
    return True


def spreads_broadcast_group(reshape: CollapseShapeOp) -> bool:
    """Whether folding ``reshape`` into its consumers would give them a grouping of a dim that a
    split of it cannot keep: ``reshape`` collapses a group whose minor dims its producer broadcasts
    along (:func:`meshc.interfaces.sharding.broadcast_loops`: ``jnp.repeat`` of 2 KV heads over
    groups of 4 query heads, ``[B, S, 2, 4, Dh] -> [B, S, 8, Dh]``), and some axis of the module's
    meshes divides the collapsed dim but not the group's carrying dim (4 devices: 8 heads split,
    2 groups not). The consumers (the attention) index one heads dim; folded, each would run on
    the producer's ``2 x 4`` loops, on which the heads split is lost, so the whole scores tensor
    would be gathered. Left collapsed, the split lives on the collapsed dim and only the
    broadcast's small input is resharded (MLIR's fusion by expansion knows no shardings; the
    opposite direction, fold-reshape-by-collapsing, would keep the consumers at this shape)."""
    src = reshape.source
    producer = src.op if isinstance(src, OpResult) else None
    if not isinstance(producer, StructuredOp) or not isinstance(src.type, TensorType):
        return False
    loops = broadcast_loops(producer)
    module = enclosing_module(reshape)
    if not loops or module is None:
        return False
    links = iteration_space(producer).results[src.index]  # type: ignore[attr-defined]
    axes = {k for m in module.walk() if isinstance(m, MeshOp) for k in m.shape if k is not None and k > 1}
    shape = src.type.shape
    for group in reshape.reassociation:
        if len(group) < 2 or any(shape[d] is None for d in group) or not isinstance(links, tuple):
            continue
        c = carrying_dim(group, shape)
        if not any(links[d] is not None and links[d].loop in loops for d in group if d != c and shape[d] != 1):
            continue
        n = prod(shape[d] for d in group)
        if any(n % k == 0 and shape[c] % k != 0 for k in axes):  # type: ignore[operator]
            return True
    return False


def _index_ops(block: Block) -> list[IndexOp]:
    """The ``linalg.index`` ops of the structured op owning ``block`` (not of nested structured ops)."""
    found, stack = [], list(block.ops)
    while stack:
        inner = stack.pop()
        if isinstance(inner, IndexOp):
            found.append(inner)
        elif not isinstance(inner, StructuredOp):
            stack.extend(o for r in inner.regions for b in r.blocks for o in b.ops)
    return found


def _renumber_indices(region: Region, exp: Expansion) -> None:
    """Rewrite the ``linalg.index`` ops of ``region`` to the new loops: a split loop's index is
    the row-major linearization of its group's indices (index arithmetic in the body). A
    ``divsi``/``divui`` or ``remsi``/``remui`` of the old index by a constant that is the product of
    the group's trailing sizes (IREE's collapse-dimensions delinearizes a collapsed loop that way)
    becomes the linearization of the leading, resp. trailing, indices: no arithmetic hides the loops."""
    starts = exp.starts
    for old in _index_ops(region.blocks[0]):
        d, dim_attr = old.dim, old.attr("dim")
        sizes, block = exp.sizes[d], old.parent

        def emit(name: str, operands: list[Value], attrs: Optional[dict] = None, before=old) -> Value:
            new = Operation.create(operands, [INDEX], attrs or {}, location=old.location, name=name)
            before.parent.insert_before(before, new)  # type: ignore[union-attr]
            return new.results[0]

        def linear(idxs: list[Value], before=old) -> Value:
            total = idxs[0]
            for idx, size in zip(idxs[1:], sizes[len(sizes) - len(idxs) + 1:]):
                c = emit("arith.constant", [], {"value": IntegerAttr(size, INDEX)}, before)
                total = emit("arith.addi", [emit("arith.muli", [total, c], None, before), idx], None, before)
            return total

        idxs = [emit("linalg.index", [], {"dim": IntegerAttr(starts[d] + k, dim_attr.type)})
                for k in range(len(sizes))]
        for use in list(old.results[0].uses):
            user = use[0]
            k = _delinearizing(user, old.results[0], sizes)
            if k is not None:
                part = idxs[:k] if user.name in ("arith.divsi", "arith.divui") else idxs[k:]
                user.results[0].replace_all_uses_with(linear(part, user))
        total = linear(idxs)
        old.results[0].replace_all_uses_with(total)  # type: ignore[arg-type]
        old.erase()


def _delinearizing(user: Operation, index: Value, sizes: Sequence[int]) -> Optional[int]:
    """``k`` if ``user`` divides (or takes the remainder of) ``index`` by the constant product of
    ``sizes[k:]`` (0 < k < len(sizes)); None otherwise."""
    if user.name not in ("arith.divsi", "arith.divui", "arith.remsi", "arith.remui") or user.operands[0] is not index:
        return None
    c = getattr(user.operands[1], "op", None)
    value = c.attributes.get("value") if c is not None and c.name == "arith.constant" else None
    if not isinstance(value, IntegerAttr):
        return None
    for k in range(1, len(sizes)):
        if prod(sizes[k:]) == value.value:
            return k
    return None


def expand_op(op: StructuredOp, exp: Expansion, rewriter: PatternRewriter,
              replaced: Optional[tuple[int, Value]] = None) -> Operation:
    """Build ``op`` on the loops of ``exp`` before ``op``: operand ``replaced[0]`` (inputs then
    inits) becomes ``replaced[1]`` (already of the expanded type), every other operand with a split
    dim goes through a new ``tensor.expand_shape``. Returns the new op; its results are of the
    expanded init types (the caller replaces ``op``)."""
    maps = op.indexing_maps()
    operands = []
    for k, (v, m) in enumerate(zip(op.inputs + op.inits, maps)):
        if replaced is not None and k == replaced[0]:
            operands.append(replaced[1])
            continue
        if not isinstance(v.type, TensorType):
            operands.append(v)
            continue
        t, groups = exp.operand_type(v.type, m)
        if t == v.type:
            operands.append(v)
        else:
            operands.append(rewriter.insert(ExpandShapeOp.build(v, groups, t, loc=op.location)).results[0])
    inputs, inits = operands[:len(op.inputs)], operands[len(op.inputs):]
    if op.rank_polymorphic:
        attrs = {k: a for k, a in op.attributes.items() if k != "operandSegmentSizes"}
        regions = [r.clone() for r in op.regions]
        for r in regions:
            _renumber_indices(r, exp)
        return rewriter.insert(type(op).build(inputs, inits, attrs, regions, op.location))
    region = op.generic_region()
    assert region is not None  # checked by expansion_of
    _renumber_indices(region, exp)
    its = [it for it, s in zip(op.iterator_types(), exp.sizes) for _ in s]
    attrs = {"indexing_maps": ArrayAttr(tuple(AffineMapAttr(exp.expand_map(m)) for m in maps)),
             "iterator_types": ArrayAttr(tuple(StringAttr(it) for it in its))}
    if isinstance(op, GenericOp):
        attrs.update({k: a for k, a in op.attributes.items() if k in ("doc", "library_call")})
    return rewriter.insert(op_class(GenericOp.name).build(inputs, inits, attrs, [region], op.location))


def _collapsed_results(op: StructuredOp, new: Operation, exp: Expansion, rewriter: PatternRewriter,
                       skip: Optional[int] = None) -> list[Value]:
    """Values standing for ``op``'s results: ``new``'s, collapsed back where their dims were split
    (result ``skip`` is not collapsed: the caller replaces its users)."""
    maps = op.indexing_maps()[len(op.inputs):]
    out = []
    for j, (old, res) in enumerate(zip(op.results, new.results)):
        if old.type == res.type or j == skip:
            out.append(res)
            continue
        _, groups = exp.operand_type(old.type, maps[j])
        out.append(rewriter.insert(CollapseShapeOp.build(res, groups, old.type, loc=op.location)).results[0])
    return out


class FoldCollapseIntoConsumer(RewritePattern):
    """A structured op reading ``collapse_shape(%x)``: the op on the expanded loops reads ``%x``."""

    def __init__(self, fold_unit_dims: bool = False, known: Optional[Shardings] = None):
        self.fold_unit_dims = fold_unit_dims
        self.known = known if known is not None else {}

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        if not isinstance(op, StructuredOp):
            return False
        for k, v in enumerate(op.inputs + op.inits):
            reshape = v.op if isinstance(v, OpResult) else None
            if not isinstance(reshape, CollapseShapeOp) or not isinstance(reshape.source.type, TensorType):
                continue
            if not self.fold_unit_dims and is_unit_dim_reshape(reshape):
                continue
            if spreads_broadcast_group(reshape):
                continue
            exp = expansion_of(op, k, reshape.source.type, reshape.reassociation)
            if exp is None or exp.operand_type(v.type, op.indexing_maps()[k])[0] != reshape.source.type:
                continue
            if not keeps_splits(op, exp, self.known, k):
                continue
            new = expand_op(op, exp, rewriter, (k, reshape.source))
            rewriter.replace_op(op, _collapsed_results(op, new, exp, rewriter))
            return True
        return False


class FoldExpandIntoProducer(RewritePattern):
    """``expand_shape`` of a structured op's result: the op on the expanded loops computes it."""

    op_names = ("tensor.expand_shape",)

    def __init__(self, fold_unit_dims: bool = False, known: Optional[Shardings] = None):
        self.fold_unit_dims = fold_unit_dims
        self.known = known if known is not None else {}

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        assert isinstance(op, ExpandShapeOp)
        src = op.source
        producer = src.op if isinstance(src, OpResult) else None
        if not isinstance(producer, StructuredOp) or not isinstance(op.result.type, TensorType):
            return False
        if not self.fold_unit_dims and is_unit_dim_reshape(op):
            return False
        j = src.index  # type: ignore[attr-defined]
        k = len(producer.inputs) + j
        init = producer.inits[j]
        exp = expansion_of(producer, k, op.result.type, op.reassociation)
        if exp is None or exp.operand_type(init.type, producer.indexing_maps()[k])[0] != op.result.type:
            return False
        if not keeps_splits(producer, exp, self.known):
            return False
        rewriter.set_before(producer)
        new = expand_op(producer, exp, rewriter)
        rewriter.replace_op(op, [new.results[j]])
        rewriter.replace_op(producer, _collapsed_results(producer, new, exp, rewriter))
        return True


class FoldInverseReshapes(RewritePattern):
    """``expand_shape(collapse_shape(%x))`` (or the converse) with the same reassociation: ``%x``."""

    op_names = RESHAPES

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        src = op.operands[0]
        inner = src.op if isinstance(src, OpResult) else None
        if not isinstance(inner, ReassociativeReshapeOp) or inner.name == op.name:
            return False
        if inner.reassociation != op.reassociation or inner.source.type != op.results[0].type:  # type: ignore
            return False
        rewriter.replace_op(op, [inner.source])  # type: ignore[attr-defined]
        return True


def reshape_groups(src: Sequence[int], dst: Sequence[int]) -> Optional[list[tuple[list[int], list[int]]]]:
    """Pair up the dims of static shapes ``src`` and ``dst`` of one size: the shortest runs of
    consecutive dims with equal products, ``[([src dims], [dst dims]), ...]`` (unit dims after the
    last run join it); None when the sizes differ or a shape is empty."""
    if not src or not dst or prod(src) != prod(dst):
        return None
    pairs: list[tuple[list[int], list[int]]] = []
    i = j = 0
    while i < len(src) and j < len(dst):
        a, b = [i], [j]
        pa, pb = src[i], dst[j]
        while pa != pb:
            if pa < pb:
                i += 1
                a.append(i)
                pa *= src[i]
            else:
                j += 1
                b.append(j)
                pb *= dst[j]
        pairs.append((a, b))
        i, j = i + 1, j + 1
    pairs[-1][0].extend(range(i, len(src)))
    pairs[-1][1].extend(range(j, len(dst)))
    return pairs


class ComposeReshapes(RewritePattern):
    """A static reshape of a reshape of ``%x``: one ``expand_shape`` or ``collapse_shape`` of ``%x``
    when the composition only splits (or only merges) dims, ``%x`` when it has the result's type
    (MLIR's ``ComposeExpandOfCollapseOp`` / ``ComposeReassociativeReshapeOps``), and an expand of a
    collapse through the finest intermediate shape (one dim per pair of :func:`reshape_groups`)
    when the two went through a coarser one."""

    op_names = RESHAPES

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        src = op.operands[0]
        inner = src.op if isinstance(src, OpResult) else None
        if not isinstance(inner, ReassociativeReshapeOp) or len(op.operands) != 1:
            return False
        x, t = inner.source, op.results[0].type  # type: ignore[attr-defined]
        if not (isinstance(x.type, TensorType) and isinstance(t, TensorType) and x.type.has_static_shape
                and t.has_static_shape):
            return False
        if x.type == t:
            rewriter.replace_op(op, [x])
            return True
        pairs = reshape_groups(x.type.shape, t.shape)
        if pairs is None:
            return False
        if all(len(a) == 1 for a, _ in pairs):
            new: Operation = ExpandShapeOp.build(x, [b for _, b in pairs], t, loc=op.location)
        elif all(len(b) == 1 for _, b in pairs):
            new = CollapseShapeOp.build(x, [a for a, _ in pairs], t, loc=op.location)
        elif isinstance(inner, CollapseShapeOp) and len(pairs) > src.type.rank:  # type: ignore[attr-defined]
            # collapse then expand through a smaller rank than the pairs need (IREE moves a unit dim
            # by collapsing everything): collapse each pair's source dims, expand into its result dims
            mid = x.type.with_shape([prod(x.type.shape[d] for d in a) for a, _ in pairs])
            collapsed = rewriter.insert(CollapseShapeOp.build(x, [a for a, _ in pairs], mid, loc=op.location))
            new = ExpandShapeOp.build(collapsed.results[0], [b for _, b in pairs], t, loc=op.location)
        else:
            return False
        rewriter.replace_op(op, rewriter.insert(new))
        return True


class FoldReshapeOfEmptyOrConstant(RewritePattern):
    """A static reshape of ``tensor.empty`` is an empty tensor of the new shape; of a dense constant,
    the constant reshaped (row-major, as the reshape)."""

    op_names = RESHAPES

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        t = op.results[0].type
        if not isinstance(t, TensorType) or not t.has_static_shape or len(op.operands) != 1:
            return False
        src = op.operands[0]
        if isinstance(src, OpResult) and isinstance(src.op, EmptyOp):
            rewriter.replace_op(op, rewriter.insert(EmptyOp.build(t, loc=op.location)))
            return True
        value = constant_value(src)
        if isinstance(value, DenseElementsAttr):
            rewriter.replace_op(op, [rewriter.constant(DenseElementsAttr(t, value.array.reshape(t.shape)), t, op)])
            return True
        return False


def patterns(fold_unit_dims: bool = False, known: Optional[Shardings] = None) -> list[RewritePattern]:
    """The pass's patterns: the two folds by expansion (keeping the splits ``known``, see
    :func:`keeps_splits`) and the reshape cleanups."""
    return [FoldInverseReshapes(), ComposeReshapes(), FoldReshapeOfEmptyOrConstant(),
            FoldExpandIntoProducer(fold_unit_dims, known), FoldCollapseIntoConsumer(fold_unit_dims, known)]


class PropagateReshapes(Pass):
    """propagate-reshapes: see the module docstring."""

    name = "propagate-reshapes"
    display_name = "PropagateReshapes"
    summary = ("Fold tensor.collapse_shape/expand_shape into neighbouring linalg ops by expanding their "
               "iteration space (MLIR's fusion by expansion)")
    options = (
        Option("fold-unit-dims", bool, False, "Also fold reshapes that only add or drop unit dims."),
        Option("max-iterations", int, 10,
               "Sweeps of the greedy driver over the IR before it stops (-1: until nothing changes).",
               minimum=-1, minimum_note="-1: no limit"),
    )

    def run(self, op: Operation) -> None:
        before = sum(1 for o in op.walk() if o.name in RESHAPES)
        known: Shardings = {}
        if any(isinstance(o, ShardOp) for o in op.walk()):
            for func in functions(op):
                try:
                    known.update(produced_shardings(func))
                except (DiagnosticError, ValueError):
                    pass  # bad annotations: sharding-propagation reports them; the folds go unchecked here
        driver = apply_patterns_greedily(op, patterns(self.fold_unit_dims, known), self.max_iterations,
                                         hoist_constants=False)
        if not driver.changed:
            self.mark_all_preserved()
            return
        after = sum(1 for o in op.walk() if o.name in RESHAPES)
        self.remark(op, f"reshapes folded into structured ops: {before} before, {after} left")

