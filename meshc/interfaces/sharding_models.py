"""ShardingInterface models of the builtin dialects (external models, registered on import).

Each model only describes an op's iteration space; :mod:`meshc.interfaces.sharding`
derives every rule from it.

* linalg structured ops (every named op, ``generic``, ``map``, ``reduce``,
  ``transpose``, ``broadcast``, ``fill``, ``copy``): the op's own
  ``iterator_types()``/``indexing_maps()`` (upstream's linalg
  ``ShardingInterfaceImpl``); inits are tied to their results; each result's
  reduction kind is the combiner of its payload (``StructuredOp.reduction_kind``).
  The registered model, :class:`~meshc.interfaces.gather_models.GatherStructuredModel`,
  adds the tensors a body reads from outside (vocab-parallel gathers).
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
* ``tensor.dim``, ``func.return`` and ``mesh.get_sharding``: take any sharding (:data:`ANY`).
* ``linalg.pack`` / ``unpack``: no rule (replicated); their destination is their
  result's init (:meth:`~meshc.interfaces.sharding.ShardingModel.dps_inits`, as for
  ``tensor.insert_slice`` and the linalg inits).
* the mesh queries (``process_multi_index``, ``process_linear_index``,
  ``mesh_shape``): no rule; their values on one device of a static mesh
  (:meth:`~meshc.interfaces.sharding.ShardingModel.evaluate_on_device`).

SPMD rules (docs/pipeline.md, "Per-op SPMD rules"): each model's ``partition``
rebuilds its op for one device (the default clones it onto the local slices:
structured, elementwise, same-shape, concat ops; linalg ops then shift
``linalg.index`` of split loops, ``tensor.pad`` its body's indices; reshapes,
slices, ``tensor.empty``/``splat`` and dense constants build their local form:
:func:`local_reshape`, :func:`local_slice`, :func:`local_splat`), and its
``refine`` gives unroll the static result types once a device's sizes are known.
"""

from __future__ import annotations

from typing import Callable, Optional, Sequence

import numpy as np

import meshc.dialects.arith as arith
import meshc.dialects.linalg as linalg
import meshc.dialects.mesh as mesh
import meshc.dialects.tensor as tensor
from meshc.dialects.arith import ConstantOp
from meshc.dialects.mesh import ShardingAttr, data_encoding_of, sharding_of
from meshc.interfaces.sharding import (ANY, PARALLEL, DimLink, IterationSpace, ShardingModel, TensorLinks, Window,
                                       effective_links, iteration_space, register_sharding_model)
from meshc.interfaces.spmd import (DeviceView, IndexMath, Mixed, PartitionContext, PartitionError, clone_on_local_shapes, extract,
                                   known_sizes, local_type, product, replace_clone, shift_block_args, widened)
from meshc.ir.affine import AffineExpr, AffineMap, BinaryExpr, ConstantExpr, DimExpr
from meshc.ir.attributes import DenseElementsAttr, FloatAttr, IntegerAttr
from meshc.ir.builder import Builder
from meshc.ir.core import Operation, Value
from meshc.ir.types import INDEX, FloatType, TensorType, numpy_dtype

#: ``known(v)``: the constant an index or integer value holds on the device being unrolled, or None.
Known = Callable[[Value], Optional[int]]


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


def input_windows(maps: Sequence[AffineMap], inputs: Sequence[Value], iterator_types: Sequence[str],
                  fixed: set[int], extents: Sequence[Optional[int]]) -> tuple:
    """The sliding windows of a structured op's inputs (:attr:`IterationSpace.windows`; maps are inputs
    first): an input dim indexed by ``c * d_l + sum(c_j * d_j) + c0`` (non-negative, linear) with exactly
    one parallel loop ``d_l`` partition may split, and static extents for the other loops, is read
    through a :class:`~meshc.interfaces.sharding.Window` of ``d_l``: stride ``c``, from ``c0`` to ``c0 +
    sum(c_j * (n_j - 1))`` (``ow + kw`` of a 3-tap convolution: stride 1, 0 to 2). Empty when no input
    has one."""
    out: list = []
    for v, m in zip(inputs, maps):
        dims: list[Optional[Window]] = []
        for e in (m.results if isinstance(v.type, TensorType) else ()):
            lin = None if isinstance(e, DimExpr) else linear_form(e)
            win = None
            if lin is not None and lin[1] >= 0 and all(c > 0 for c in lin[0].values()):
                own = [l for l in lin[0] if iterator_types[l] == PARALLEL and l not in fixed]
                rest = [l for l in lin[0] if l not in own]
                if len(own) == 1 and all(extents[l] is not None for l in rest):
                    high = lin[1] + sum(lin[0][l] * (extents[l] - 1) for l in rest)  # type: ignore[operator]
                    win = Window(own[0], lin[0][own[0]], lin[1], high, tuple(sorted(rest)))
            dims.append(win)
        out.append(tuple(dims) if any(dims) else None)
    return tuple(out) if any(w is not None for w in out) else ()


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
        windows = input_windows(maps, s.inputs, tuple(s.iterator_types()), fixed, s.static_loop_ranges())
        return IterationSpace(tuple(s.iterator_types()), tuple(operands), results, kinds, tuple(tied),
                              windows=windows)

    def dps_inits(self, op: Operation) -> tuple[Optional[int], ...]:
        """Result r is written into the r-th tensor init (MLIR's ``getDpsInits``: the ``outs``), the
        operand :meth:`iteration_space` ties to it, read without building the iteration space."""
        s: linalg.StructuredOp = op  # type: ignore[assignment]
        n_in = len(s.inputs)
        out: list[Optional[int]] = [None] * len(op.results)
        tensor_inits = (n_in + j for j, v in enumerate(s.inits) if isinstance(v.type, TensorType))
        for r, k in zip(range(len(out)), tensor_inits):
            out[r] = k
        return tuple(out)


    def partition(self, op: Operation, ctx: PartitionContext) -> list[Value]:
        """The op on the device's boxes (:func:`~meshc.interfaces.spmd.clone_on_local_shapes`); a
        ``linalg.index`` of a split loop then reads the global index (local index + the loop's offset)."""
        new, results = clone_on_local_shapes(op, ctx)
        shift_linalg_index(new, op, ctx.regions(), ctx.m)  # type: ignore[arg-type]
        return results

    def refine(self, op: Operation, known: Known) -> Operation:
        """Each tensor result takes its init's (now static) type."""
        s: linalg.StructuredOp = op  # type: ignore[assignment]
        inits = [v for v in s.inits if isinstance(v.type, TensorType)]
        for r, v in zip(op.results, inits):
            r.type = v.type
        return op


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


    def refine(self, op: Operation, known: Known) -> Operation:
        """Tensor results take the shape of the first tensor operand."""
        return _follow_first_operand(op)

    def fold_static(self, op: Operation, known: Known) -> Optional[list]:
        """A scalar integer/index op on known operands: its value by the one constant folder
        (:func:`meshc.kernels.fold.fold_integer`; undefined cases are not folded)."""
        value = fold_scalar_integer(op, [known(v) for v in op.operands])
        return None if value is None else [value]


class CreationModel(ShardingModel):
    """``tensor.empty``, ``tensor.splat``: loops = result dims; operands are scalars or sizes."""

    def iteration_space(self, op: Operation) -> Optional[IterationSpace]:
        if _tensor_result(op) is None:
            return None
        return _result_dims_space(op, [_unlinked(v.type) for v in op.operands])


    def dynamic_result_size(self, op: Operation, result: int, dim: int) -> Optional[Mixed]:
        """A dynamic dim is sized by the op's size operands (after ``tensor.splat``'s value)."""
        sizes = list(op.operands[self.size_operands_from:])
        shape = op.results[result].type.shape  # type: ignore[attr-defined]
        dyn = iter(sizes)
        full: list[Mixed] = [n if n is not None else next(dyn) for n in shape]
        return full[dim]

    #: Index of the first size operand.
    size_operands_from = 0

    def local_result(self, op: Operation, ctx: PartitionContext):
        """``(local result type, dynamic size values)`` of the device's shard of ``op``'s result, or
        None when its shard sizes are not known (the op is then cloned on local shapes)."""
        sizes = ctx.result_sizes()[0]
        if sizes is None:
            return None
        rt = local_type(op.results[0].type, sizes)  # type: ignore[arg-type]
        return rt, [ctx.m.value(n) for n in sizes if isinstance(n, Value)]


class EmptyModel(CreationModel):
    """``tensor.empty``: a local ``tensor.empty`` of the device's shard size. Its contents are
    unspecified, so it may be given any partial sharding or halos (the partial init of a masked
    gather, :mod:`meshc.interfaces.gather_models`; the haloed init of an elementwise op that keeps its
    operand's halo): its box is that of its split dims, halos included."""

    def partition(self, op: Operation, ctx: PartitionContext) -> list[Value]:
        s = sharding_of(op.results[0].type)
        if s is not None and (s.partial_axes or s.halo_sizes):
            return self.partial_empty(op, ctx, s)
        local = self.local_result(op, ctx)
        if local is None:
            return clone_on_local_shapes(op, ctx)[1]
        rt, dyn = local
        return list(ctx.m.b.insert(tensor.EmptyOp.build(rt, dyn, ctx.m.loc)).results)

    def partial_empty(self, op: Operation, ctx: PartitionContext, s: ShardingAttr) -> list[Value]:
        """The local ``tensor.empty`` of a result with partial or haloed sharding ``s``: sized by the
        device's region of each dim (the partial axes do not change the box; halos widen it)."""
        res = op.results[0]
        dyn = iter(op.operands)
        full = [n if n is not None else next(dyn) for n in res.type.shape]  # type: ignore[attr-defined]
        spec = s.to_spec()
        sizes = [widened(ctx.m, ctx.view.core_range(res, s, d, size=n), spec.halo_of(d), n)[1]
                 for d, n in enumerate(full)]
        rt = local_type(res.type, sizes)  # type: ignore[arg-type]
        return list(ctx.m.b.insert(tensor.EmptyOp.build(rt, [ctx.m.value(n) for n in sizes if isinstance(n, Value)],
                                                        ctx.m.loc)).results)

    def refine(self, op: Operation, known: Known) -> Operation:
        """Size operands now known become static dims."""
        t = op.results[0].type
        shape, rest = known_sizes(t.shape, op.operands, known)  # type: ignore[attr-defined]
        if len(rest) != len(op.operands):
            return replace_clone(op, tensor.EmptyOp.build(t.with_shape(shape), rest, op.location))  # type: ignore
        return op


class SplatModel(CreationModel):
    """``tensor.splat``: a local splat of the device's shard size."""

    size_operands_from = 1

    def partition(self, op: Operation, ctx: PartitionContext) -> list[Value]:
        local = self.local_result(op, ctx)
        if local is None:
            return clone_on_local_shapes(op, ctx)[1]
        rt, dyn = local
        splat = Operation.create([op.operands[0]] + dyn, [rt], dict(op.attributes), location=ctx.m.loc,
                                 name=op.name)
        return list(ctx.m.b.insert(splat).results)

    def refine(self, op: Operation, known: Known) -> Operation:
        """A per-device splat whose dynamic sizes are now known gets a static type."""
        if len(op.operands) <= 1:
            return op
        t = op.results[0].type
        shape, rest = known_sizes(t.shape, op.operands[1:], known)  # type: ignore[attr-defined]
        if len(rest) == len(op.operands) - 1:
            return op
        new = Operation.create([op.operands[0]] + rest, [t.with_shape(shape)], dict(op.attributes),  # type: ignore
                               location=op.location, name=op.name)
        return replace_clone(op, new)


class ConstantModel(CreationModel):
    """``arith.constant`` of a dense tensor: loops = result dims, like the creation ops. A splat is
    rebuilt at the device's size; a split constant of distinct values (an ONNX model's weight kept
    inline by IREE's importer) is the device's slice of it, so each device keeps only its part (the
    value of a split global is sliced so too: docs/pipeline.md stage 5). Other constants (a
    ``dense_resource`` blob) have no rule: replicated."""

    def iteration_space(self, op: Operation) -> Optional[IterationSpace]:
        value = op.attributes.get("value")
        if not isinstance(value, DenseElementsAttr):
            return None
        return super().iteration_space(op)

    def partition(self, op: Operation, ctx: PartitionContext) -> list[Value]:
        """A dense constant: the device's part (:func:`local_splat`)."""
        if isinstance(op.attributes.get("value"), DenseElementsAttr):
            return [local_splat(op, ctx.result_sizes()[0], ctx.m, ctx.regions()[len(op.operands)])]  # type: ignore
        return clone_on_local_shapes(op, ctx)[1]

    def dynamic_result_size(self, op: Operation, result: int, dim: int) -> Optional[Mixed]:
        return None


class SoftmaxModel(ShardingModel):
    """``linalg.softmax dimension(d)``: loops = the result dims, all parallel; the input, the init and
    the result linked on every dim but ``d``, which each device needs whole (its max and sum run along
    it). The init is the result's destination."""

    def iteration_space(self, op: Operation) -> IterationSpace:
        rank = op.operands[0].type.rank  # type: ignore[attr-defined]
        d = op.attributes["dimension"].value  # type: ignore[attr-defined]
        links = tuple(None if k == d else DimLink(k) for k in range(rank))
        return IterationSpace((PARALLEL,) * rank, (links, links), (links,) * len(op.results), (None,) * len(op.results),
                              (None, 0 if op.results else None))

    def refine(self, op: Operation, known: Known) -> Operation:
        """The result takes the init's (now static) type."""
        for r in op.results:
            r.type = op.operands[1].type
        return op


class SameShapeModel(ShardingModel):
    """Ops whose first operand has the result's logical shape (casts, encoding conversions)."""

    def iteration_space(self, op: Operation) -> Optional[IterationSpace]:
        t = _tensor_result(op)
        if t is None or not op.operands or not isinstance(op.operands[0].type, TensorType):
            return None
        rest = [_unlinked(v.type) for v in op.operands[1:]]
        return _result_dims_space(op, [_identity(t.rank)] + rest)


    def refine(self, op: Operation, known: Known) -> Operation:
        """The result shape follows the operand's (now static) one, where known."""
        op.results[0].type = op.results[0].type.with_shape(_inferred_shape(op))  # type: ignore[attr-defined]
        return op


class CastModel(SameShapeModel):
    """``tensor.cast``: as :class:`SameShapeModel`, but its result type is the cast's target, kept."""

    def refine(self, op: Operation, known: Known) -> Operation:
        return op

    def fold_static(self, op: Operation, known: Known) -> Optional[list]:
        """A cast whose source is at least as static as its target is its source (MLIR's
        ``tensor.cast`` folding, ``canFoldIntoConsumerOp``).

        Raises:
            DiagnosticError: a static target dim that the (now static) source contradicts.
        """
        src, dst = op.operands[0].type, op.results[0].type
        if not isinstance(src, TensorType) or not isinstance(dst, TensorType) or src.rank != dst.rank:
            return None
        for d, (a, b) in enumerate(zip(src.shape, dst.shape)):
            if a is not None and b is not None and a != b:
                raise op.error(f"casts dim {d} of size {a} to size {b} ('{src}' to '{dst}')")
            if a is None and b is not None:
                return None
        if src.element_type != dst.element_type or src.encoding != dst.encoding:
            return None
        return [op.operands[0]]


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


class _ReshapeModel(ShardingModel):
    """What ``tensor.expand_shape`` and ``tensor.collapse_shape`` share: each device reshapes its own
    rows, and unroll refines the result type from the source's static sizes."""

    def partition(self, op: Operation, ctx: PartitionContext) -> list[Value]:
        """The reshape of the device's rows (:func:`local_reshape`)."""
        if ctx.all_replicated:
            return clone_on_local_shapes(op, ctx)[1]
        return [local_reshape(op, ctx.view, ctx.read, ctx.check)]  # type: ignore[arg-type]

    def refine(self, op: Operation, known: Known) -> Operation:
        return refine_reshape(op, known)  # type: ignore[arg-type]


class ExpandShapeModel(_ReshapeModel):
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



class CollapseShapeModel(_ReshapeModel):
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


class _SliceModel(ShardingModel):
    """What ``tensor.extract_slice`` and ``tensor.insert_slice`` share: each device slices its own
    part, and unroll refines the result type from the static offsets and sizes."""

    def partition(self, op: Operation, ctx: PartitionContext) -> list[Value]:
        """The slice of the device's part (:func:`local_slice`)."""
        if ctx.all_replicated:
            return clone_on_local_shapes(op, ctx)[1]
        return [local_slice(op, ctx.view, ctx.read, ctx.regions())]  # type: ignore[arg-type]

    def refine(self, op: Operation, known: Known) -> Operation:
        return refine_slice(op, known)


class ExtractSliceModel(_SliceModel):
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


    def dynamic_result_size(self, op: Operation, result: int, dim: int) -> Optional[Mixed]:
        """The slice's size operand of the kept dim."""
        x: tensor.ExtractSliceOp = op  # type: ignore[assignment]
        dropped = set(x.dropped_dims())
        return [n for e, n in enumerate(x.mixed_sizes) if e not in dropped][dim]


class InsertSliceModel(_SliceModel):
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


    def dps_inits(self, op: Operation) -> tuple[Optional[int], ...]:
        """The destination (operand 1) is the result's init."""
        return (1,) if op.results else ()


class RelayoutModel(ShardingModel):
    """``linalg.pack`` / ``unpack``: no sharding rule (replicated, every tensor whole), but the
    destination (operand 1) is the result's init (``LinalgRelayoutOps.td``)."""

    def iteration_space(self, op: Operation) -> Optional[IterationSpace]:
        return None

    def dps_inits(self, op: Operation) -> tuple[Optional[int], ...]:
        return (1,) if op.results else ()


    def partition(self, op: Operation, ctx: PartitionContext) -> list[Value]:
        if not ctx.all_replicated:
            raise PartitionError(f"'{op.name}' with split dims is not supported")
        return clone_on_local_shapes(op, ctx)[1]


class ConcatModel(ShardingModel):
    """``tensor.concat dim(c)``: the inputs and the result linked on every dim but ``c``."""

    def iteration_space(self, op: Operation) -> IterationSpace:
        c: tensor.ConcatOp = op  # type: ignore[assignment]
        rank = c.result.type.rank  # type: ignore[attr-defined]
        links = tuple(None if d == c.dim else DimLink(d) for d in range(rank))
        return IterationSpace((PARALLEL,) * rank, tuple([links] * len(op.operands)), (links,))


    def refine(self, op: Operation, known: Known) -> Operation:
        op.results[0].type = op.results[0].type.with_shape(_inferred_shape(op))  # type: ignore[attr-defined]
        return op


class PadModel(ShardingModel):
    """``tensor.pad``: one parallel loop per result dim. A source dim with no padding is the loop's; a
    dim of static size padded by static widths is the loop's less the pads (:attr:`DimLink.padded`):
    split with the loop, the result's first shard holds the low pad and its last the high one
    (explicit ``sharded_dims_offsets`` unless that is the balanced split: 16 rows over 4 devices padded
    by (1, 1) -> 0, 5, 9, 13, 18), so each device pads only the global borders it holds and nothing
    moves; a window that reads the result (a SAME convolution, a pooling) takes those boundaries with
    halos (:func:`~meshc.interfaces.sharding.windows_on`). A dim with a dynamic width or size stays
    replicated. Upstream MLIR's mesh has no tensor.pad rule; XLA's partitioner pads per shard so (a
    padded convolution exchanges halos, docs/pipeline.md "Windows")."""

    def iteration_space(self, op: Operation) -> IterationSpace:
        p: tensor.PadOp = op  # type: ignore[assignment]
        low, high = tensor.static_array(p, "static_low"), tensor.static_array(p, "static_high")
        shape = p.source.type.shape  # type: ignore[attr-defined]
        dyn = tensor.K_DYNAMIC
        links = tuple(DimLink(d) if lo == 0 and hi == 0
                      else DimLink(d, padded=(lo, hi, n)) if dyn not in (lo, hi) and n is not None else None
                      for d, (lo, hi, n) in enumerate(zip(low, high, shape)))
        out = tuple(DimLink(d) if link is not None else None for d, link in enumerate(links))
        rest = [_unlinked(v.type) for v in op.operands[1:]]
        return IterationSpace((PARALLEL,) * len(links), tuple([links] + rest), (out,))

    def partition(self, op: Operation, ctx: PartitionContext) -> list[Value]:
        """The pad of the device's part; its body's indices are made global (+ the box offsets). A split
        padded dim pads what of the pads the device's result box holds: ``low`` = source box offset +
        the op's low - result box offset, ``high`` = the rest of the result box (the low pad on the
        first device only, the high pad on the last)."""
        n = len(op.operands)
        regions = ctx.regions()
        src_box, res_box = regions[0], regions[n]
        p: tensor.PadOp = op  # type: ignore[assignment]
        low, high = list(p.mixed_low), list(p.mixed_high)
        if src_box is not None and res_box is not None:  # the widths, computed before the clone uses them
            m = ctx.m
            for d, link in enumerate(self.iteration_space(op).operands[0]):  # type: ignore[union-attr]
                if link is None or link.padded is None:
                    continue
                (s_off, s_size), (r_off, r_size) = src_box[d], res_box[d]
                low[d] = m.sub(m.add(s_off, link.padded[0]), r_off)
                high[d] = m.sub(m.add(r_off, r_size), m.add(m.add(s_off, s_size), link.padded[0]))
        new, results = clone_on_local_shapes(op, ctx)
        if src_box is not None and res_box is not None:
            _set_widths(new, low, high)
        shift_block_args(new.body, [o for o, _ in res_box or []], ctx.m)  # type: ignore[attr-defined]
        return results

    def refine(self, op: Operation, known: Known) -> Operation:
        """Widths now known (a device's share of the pads, once unrolled) become static; the result
        shape follows."""
        p: tensor.PadOp = op  # type: ignore[assignment]
        fold = [v if isinstance(v, int) or known(v) is None else int(known(v)) for v in p.mixed_low + p.mixed_high]
        if fold != list(p.mixed_low + p.mixed_high):
            _set_widths(op, fold[:len(p.mixed_low)], fold[len(p.mixed_low):])
        op.results[0].type = op.results[0].type.with_shape(_inferred_shape(op))  # type: ignore[attr-defined]
        return op


def _set_widths(op: Operation, low: Sequence[Mixed], high: Sequence[Mixed]) -> None:
    """Give ``tensor.pad`` ``op`` the widths ``low`` and ``high`` (ints static, values its operands)."""
    s_low, d_low = tensor.split_mixed(low)
    s_high, d_high = tensor.split_mixed(high)
    op.set_operands([op.operands[0]] + d_low + d_high)
    op.attributes["static_low"] = tensor.i64_array(s_low)
    op.attributes["static_high"] = tensor.i64_array(s_high)
    op.attributes["operandSegmentSizes"] = tensor.segment_sizes(1, len(d_low), len(d_high))


class AnyShardingModel(ShardingModel):
    """Ops that read only shapes or pass values on (``tensor.dim``, ``func.return``): every tensor
    operand takes any sharding; no loops."""

    def iteration_space(self, op: Operation) -> IterationSpace:
        return IterationSpace((), tuple(ANY if isinstance(v.type, TensorType) else None for v in op.operands),
                              tuple(_unlinked(r.type) for r in op.results))


class DimModel(AnyShardingModel):
    """``tensor.dim``: any sharding (it reads only the shape); folds to the size of a static dim."""

    def fold_static(self, op: Operation, known: Known) -> Optional[list]:
        """The static size of the dim the (known) index names (MLIR's ``DimOp::fold``)."""
        t, d = op.operands[0].type, known(op.operands[1])
        if not isinstance(t, TensorType) or d is None or not 0 <= d < t.rank or t.shape[d] is None:
            return None
        return [int(t.shape[d])]


class AnnotationModel(ShardingModel):
    """``mesh.shard``: no sharding rule of its own (propagation and partition handle annotations);
    its result has the operand's shape, so specialize-shapes refines it."""

    def iteration_space(self, op: Operation) -> Optional[IterationSpace]:
        return None

    def refine(self, op: Operation, known: Known) -> Operation:
        """The result takes the operand's (now static) shape."""
        src, r = op.operands[0].type, op.results[0]
        if isinstance(src, TensorType) and isinstance(r.type, TensorType) and src.rank == r.type.rank:
            r.type = r.type.with_shape(src.shape)
        return op


def fold_scalar_integer(op: Operation, args: Sequence[Optional[int]]) -> Optional[int]:
    """``op`` (a scalar integer/index ``arith`` op) on the known ints ``args`` by
    :func:`meshc.kernels.fold.fold_integer`, or None (an unknown operand, a constant, or not foldable)."""
    from meshc.ir.attributes import StringAttr
    from meshc.ir.types import IndexType, IntegerType
    from meshc.kernels import arith as K
    from meshc.kernels.fold import fold_integer

    if (len(op.results) != 1 or not isinstance(op.results[0].type, (IndexType, IntegerType)) or not args
            or any(a is None for a in args) or isinstance(op, ConstantOp)
            or not isinstance(op, (arith.ElementwiseOp, arith.CmpOp, arith.SelectOp))):
        return None
    kind = op.name.split(".", 1)[1]
    predicate = None
    if kind == "cmpi":
        pred = op.attributes["predicate"]
        predicate = pred.value if isinstance(pred, StringAttr) else K.CMPI_PREDICATES[pred.value]  # type: ignore
    return fold_integer(kind, args, op.results[0].type, op.operands[0].type, predicate)  # type: ignore[arg-type]


class _MeshQueryModel(ShardingModel):
    """The mesh queries (``mesh.process_multi_index``, ``process_linear_index``, ``mesh_shape``): no
    sharding rule (they have no tensors); on one device of a static mesh their values are constants
    (:meth:`~meshc.interfaces.sharding.ShardingModel.evaluate_on_device`, what unroll folds)."""

    def iteration_space(self, op: Operation) -> Optional[IterationSpace]:
        return None

    def per_axis(self, coords: Sequence[int], device: int, mesh_shape: Sequence[Optional[int]]) -> Sequence:
        raise NotImplementedError  # pragma: no cover - abstract

    def evaluate_on_device(self, op: Operation, coords: Sequence[int], device: int,
                           mesh_shape: Sequence[Optional[int]]) -> Optional[list[int]]:
        values = self.per_axis(coords, device, mesh_shape)
        axes = op.axes("axes") or tuple(range(len(values)))  # type: ignore[attr-defined]
        out = [values[a] for a in axes]
        return None if any(v is None for v in out) else [int(v) for v in out]


class ProcessMultiIndexModel(_MeshQueryModel):
    """``mesh.process_multi_index``: the device's coordinates along the queried axes."""

    def per_axis(self, coords, device, mesh_shape):
        return list(coords)


class ProcessLinearIndexModel(_MeshQueryModel):
    """``mesh.process_linear_index``: the device's row-major linear index."""

    def evaluate_on_device(self, op, coords, device, mesh_shape):
        return [int(device)]


class ShardShapeModel(_MeshQueryModel):
    """``mesh.shard_shape``: no tensors; folds to the shard sizes when the dims, the device, the
    sharding and the mesh are all static (:meth:`meshc.dialects.mesh.ShardShapeOp.evaluate`)."""

    def fold_static(self, op: Operation, known: Known) -> Optional[list]:
        sizes = op.evaluate(known)  # type: ignore[attr-defined]
        return None if sizes is None else list(sizes)

    def evaluate_on_device(self, op, coords, device, mesh_shape):
        return None  # its device is an operand, not the running one


class MeshShapeModel(_MeshQueryModel):
    """``mesh.mesh_shape``: the sizes of the queried axes (unknown on a dynamic axis)."""

    def per_axis(self, coords, device, mesh_shape):
        return list(mesh_shape)


# ---------------------------------------------------------------------------------------------------------
# SPMD rules of the models: partition on one device (docs/pipeline.md stage 5) and unroll's static
# type inference (stage 6)
# ---------------------------------------------------------------------------------------------------------

def local_reshape(op: tensor.ReassociativeReshapeOp, view: DeviceView, read, check) -> Value:
    """``tensor.expand_shape`` / ``collapse_shape`` on this device's rows, with local shapes.

    The op's rule (:mod:`meshc.interfaces.sharding_models`) splits only the *carrying* dim ``c`` of
    a reassociation group (its major non-unit dim) and only where shard boundaries stay whole rows
    of the group's other dims, so each device's shard of the collapsed dim is the contiguous block
    ``[off_c * rest, (off_c + size_c) * rest)`` (``rest``: product of the other dims of the group):

    * expand: the result's shard (from its sharding and ``output_shape``) gives ``(off_c, size_c)``;
      the device reads that block of the source -- its own shard when the source is split the same
      way, a local slice when it is replicated -- and expands it with ``output_shape`` = the local
      sizes (``?`` operands where a size is only known at run time: uneven shards, dynamic mesh);
    * collapse: the device reads its shard of the source (whole rows) and collapses it; the local
      result type is static when the local source is.

    ``check(shardings)`` raises unless the op's shardings are the ones its rule needs (``reshard``
    makes them so); a split dim of a group other than the carrying one is then impossible, and is
    reported as a PartitionError if met.
    """
    m = view.m
    src, res = op.operands[0], op.results[0]
    check([sharding_of(v.type) for v in list(op.operands) + list(op.results)])
    s_src = sharding_of(src.type) or ShardingAttr(view.mesh.sym_name, ())
    s_res = sharding_of(res.type) or ShardingAttr(view.mesh.sym_name, ())
    groups = op.reassociation
    if isinstance(op, tensor.ExpandShapeOp):
        out = op.mixed_output_shape
        res_box = [view.core_range(res, s_res, d, size=out[d]) for d in range(len(out))]
        src_box: list[tuple[Mixed, Mixed]] = []
        for g in groups:
            c = carrying_dim(g, res.type.shape)  # type: ignore[attr-defined]
            others = [d for d in g if d != c]
            if any(s_res.dim_axes(d) for d in others):
                raise PartitionError(f"result dim {others} of a reassociation group is split; only dim {c} can be")
            rest = product(m, [out[d] for d in others])
            off, size = res_box[c]
            src_box.append((m.mul(off, rest), m.mul(size, rest)))
        sizes = [n for _, n in res_box]
        rt = local_type(res.type, sizes)  # type: ignore[arg-type]
        if any(n == 0 for _, n in src_box) and not rt.has_static_shape:
            # a group of zero elements (a 0 among its other dims) with a dynamic local size: no data to move,
            # and no expand whose static 0 source would verify against a dynamic output dim
            return m.b.insert(tensor.EmptyOp.build(rt, [n for n in sizes if isinstance(n, Value)], m.loc)).results[0]
        local = read(src, src_box)
        new: Operation = tensor.ExpandShapeOp.build(local, groups, rt, output_shape=sizes, loc=m.loc)
        return m.b.insert(new).results[0]
    rank = src.type.rank  # type: ignore[attr-defined]
    for g in groups:
        c = carrying_dim(g, src.type.shape)  # type: ignore[attr-defined]
        split = [d for d in g if d != c and s_src.dim_axes(d)]
        if split:
            raise PartitionError(f"source dim {split} of a reassociation group is split; only dim {c} can be")
    local = read(src, [view.core_range(src, s_src, d) for d in range(rank)])
    shape: list[Optional[int]] = []
    for g in groups:
        dims = [local.type.shape[d] for d in g]  # type: ignore[attr-defined]
        shape.append(None if any(n is None for n in dims) else int(np.prod(dims, dtype=np.int64)))
    rt = TensorType(tuple(shape), res.type.element_type, data_encoding_of(res.type))  # type: ignore[attr-defined]
    return m.b.insert(tensor.CollapseShapeOp.build(local, groups, rt, m.loc)).results[0]




def local_slice(op: tensor.SliceOp, view: DeviceView, read, regions) -> Value:
    """``tensor.extract_slice`` / ``insert_slice`` on this device's part, with local offsets and sizes.

    The op's rule (:mod:`meshc.interfaces.sharding_models`) splits a dim of the full tensor (the
    extract's source, the insert's destination and result) only where the slice takes it whole, and
    the sliced tensor (the extract's result, the insert's source) on any dim (an extract's result) or
    on those dims only (an insert's source). With ``(fo_d, _)`` the device's box of full dim ``d`` and
    ``(so, ss)`` its box of the sliced dim kept from it, the local op addresses offset
    ``o_d + so * st_d - fo_d``, size ``ss``, stride ``st_d`` (``o``, ``st``: the op's offset and stride;
    a dim dropped by rank reduction keeps size 1 at ``o_d - fo_d``): offset 0 and the local size on a
    split dim taken whole, the op's own offsets on the others. An extract reads only the part of its
    source it slices on dims with a static offset and unit stride (its read box is that part, the local
    offset then 0), so a replicated source is not copied whole.
    """
    m = view.m
    insert = isinstance(op, tensor.InsertSliceOp)
    full_k, sliced_k = (1, 0) if insert else (0, len(op.operands))
    full_v = op.operands[full_k]
    full_box = list(regions[full_k] or [(0, view.dim_size(full_v, d))
                                        for d in range(full_v.type.rank)])  # type: ignore[attr-defined]
    sliced_v = op.operands[0] if insert else op.results[0]
    sliced_box = regions[sliced_k] or [(0, view.dim_size(sliced_v, d))
                                      for d in range(sliced_v.type.rank)]  # type: ignore[attr-defined]
    dropped = set(op.dropped_dims())
    kept = [d for d in range(len(full_box)) if d not in dropped]
    position = {d: j for j, d in enumerate(kept)}
    offs, strides = op.mixed_offsets, op.mixed_strides
    local = [(offs[d], 1) if d in dropped else
             (m.add(offs[d], m.mul(sliced_box[position[d]][0], strides[d])), sliced_box[position[d]][1])
             for d in range(len(full_box))]
    if not insert:
        offsets: list[Mixed] = []
        local_strides: list[Mixed] = []
        for d, (start, size) in enumerate(local):
            st = strides[d]
            if isinstance(offs[d], int) and isinstance(st, int) and st >= 1:  # read just the sliced part
                extent = size if st == 1 else m.max(0, m.add(m.mul(m.sub(size, 1), st), 1))
                full_box[d] = (start, extent)
                offsets.append(0)
                st = 1 if isinstance(size, int) and size <= 1 else st  # one element: the stride is moot
            else:
                offsets.append(m.sub(start, full_box[d][0]))
            local_strides.append(st)
        src = read(full_v, full_box)
        sizes = [size for _, size in local]
        rt = local_type(op.results[0].type, [sliced_box[j][1] for j in range(len(kept))])  # type: ignore[arg-type]
        if src.type == rt and all(isinstance(o, int) and o == 0 for o in offsets) and not dropped \
                and all(isinstance(st, int) and st == 1 for st in local_strides):
            return src
        new: Operation = tensor.ExtractSliceOp.build(src, offsets, sizes, local_strides, rt, m.loc)
        return m.b.insert(new).results[0]
    dest = read(full_v, full_box)
    source = read(sliced_v, sliced_box) if regions[0] is not None else sliced_v
    offsets = [m.sub(start, fo) for (start, _), (fo, _) in zip(local, full_box)]
    new = type(op).build(source, dest, offsets, [size for _, size in local], strides, loc=m.loc)
    inserted = m.b.insert(new)
    return inserted.results[0] if inserted.results else None  # type: ignore[return-value]


def local_splat(op: Operation, sizes: Sequence[Mixed], m: IndexMath, box=None) -> Value:
    """A dense ``arith.constant``'s value on one device: a splat of the local size (a static constant,
    else a ``linalg.fill`` of a ``tensor.empty``); a replicated non-splat constant whole, a split one
    the ``tensor.extract_slice`` of ``box`` (GLOBAL ``(offset, size)`` per dim, halos included) of it.

    Raises:
        PartitionError: a non-splat constant that is partial, or split without a ``box``.
    """
    attr = op.attributes["value"]
    rt = local_type(op.results[0].type, sizes)  # type: ignore[arg-type]
    if not attr.is_splat:  # type: ignore[attr-defined]
        sharding = sharding_of(op.results[0].type)
        whole_t = local_type(op.results[0].type, list(attr.type.shape))  # type: ignore[attr-defined]
        plain = DenseElementsAttr(whole_t, attr.array)  # type: ignore[attr-defined]
        whole = m.b.insert(ConstantOp.create([], [whole_t], {"value": plain}, location=m.loc)).results[0]
        if sharding is not None and sharding.is_replicated and rt.shape == attr.type.shape:  # type: ignore
            return whole  # a replicated constant: every device holds the whole value
        if box is None or sharding is None or sharding.partial_axes:
            raise PartitionError("a non-splat constant can be split, not made partial")
        return extract(m, whole, box)  # the device's part, next to the value it is cut from
    scalar_t = rt.element_type
    value = attr.splat_value()  # type: ignore[attr-defined]
    if rt.has_static_shape:
        arr = np.full(rt.shape, value, dtype=numpy_dtype(scalar_t))
        c = ConstantOp.create([], [rt], {"value": DenseElementsAttr(rt, arr)}, location=m.loc)
        return m.b.insert(c).results[0]
    return fill(m, rt, sizes, FloatAttr(float(value), scalar_t) if isinstance(scalar_t, FloatType)
                else IntegerAttr(int(value), scalar_t))


def fill(m: IndexMath, rt: TensorType, sizes: Sequence[Mixed], scalar) -> Value:
    """``linalg.fill ins(scalar) outs(tensor.empty(...))`` of local type ``rt`` (``sizes``: its sizes,
    index Values for the dynamic ones)."""
    dyn = [m.value(n) for n in sizes if isinstance(n, Value)]
    empty = m.b.insert(tensor.EmptyOp.build(rt, dyn, m.loc)).results[0]
    c = m.b.insert(ConstantOp.create([], [scalar.type], {"value": scalar}, location=m.loc)).results[0]
    f = linalg.FillOp.build([c], [empty], loc=m.loc)
    return m.b.insert(f).results[0]


def identity_attr(kind: str, element_type):
    """The reduction identity of ``kind`` (``sum``, ``max``, ...: :class:`meshc.sharding.ReductionKind`) as
    a scalar attribute of ``element_type`` (None: no identity, ``average``)."""
    from meshc.sharding import ReductionKind, ShardingError

    try:
        value = ReductionKind.parse(kind).identity(numpy_dtype(element_type))
    except ShardingError:
        return None
    if isinstance(element_type, FloatType):
        return FloatAttr(float(value), element_type)
    return IntegerAttr(int(value), element_type)


def mark_partial(view: DeviceView, local: Value, sizes: Sequence[Mixed], new_axes: Sequence[int], kind: str) -> Value:
    """This device's part of a value that becomes partial over the mesh axes ``new_axes`` (a reduction
    ``kind``) without moving data: the devices at coordinate 0 of every new axis keep ``local``, the
    others take the reduction identity, so combining the parts gives the value back (the "keep the
    initial value on one device" scheme of upstream MLIR's partition of a split reduction's
    destination; XLA's partial-replicated init). ``sizes``: the local sizes (index Values for the
    dynamic ones). Returns ``local`` when there is no new axis or ``kind`` has no identity."""
    from meshc.ir.types import I1

    ident = identity_attr(kind, local.type.element_type) if new_axes else None  # type: ignore[attr-defined]
    if ident is None:
        return local
    m = view.m
    cond: object = True
    for a in new_axes:
        c = m.cmp("eq", view.coords()[a], 0)
        if c is True:
            continue
        if c is False:  # a static coordinate off 0: this device starts from the identity
            return fill(m, local.type, sizes, ident)  # type: ignore[arg-type]
        cond = c if cond is True else m.b.insert(Operation.create(
            [cond, c], [I1], location=m.loc, name="arith.andi")).results[0]  # type: ignore[list-item]
    if cond is True:  # at coordinate 0 of every new axis
        return local
    zero = fill(m, local.type, sizes, ident)  # type: ignore[arg-type]
    sel = Operation.create([cond, local, zero], [local.type], location=m.loc, name="arith.select")
    return m.b.insert(sel).results[0]


def loop_offsets(op: Operation, regions) -> dict[int, Mixed]:
    """The global offset of each split loop of ``op`` on this device: the offset of the first box
    (operands, then results) of a dim the loop indexes exactly."""
    space = iteration_space(op)
    out: dict[int, Mixed] = {}
    links = list(space.operands) + list(space.results)
    for k, tl in enumerate(links):
        if not isinstance(tl, tuple) or regions[k] is None:
            continue
        for d, link in enumerate(effective_links(tl)):
            if link is not None and link.loop not in out:
                out[link.loop] = regions[k][d][0]
    return out


def shift_linalg_index(new: linalg.StructuredOp, old: Operation, regions, m: IndexMath) -> None:
    """``linalg.index`` of a split loop reads the local loop index: add the loop's offset."""
    offsets = loop_offsets(old, regions)
    for idx in [o for o in new.walk() if isinstance(o, linalg.IndexOp)]:
        off = offsets.get(idx.dim, 0)
        if isinstance(off, int) and off == 0:
            continue
        b = Builder.after(idx)
        mm = IndexMath(b, idx.location)
        add = Operation.create([idx.result, mm.value(off) if isinstance(off, int) else off], [INDEX],
                               location=idx.location, name="arith.addi")
        idx.result.replace_all_uses_with(add.results[0])
        add.set_operand(0, idx.result)
        b.insert(add)


def _follow_first_operand(op: Operation) -> Operation:
    if op.results and isinstance(op.results[0].type, TensorType):
        first = next((v for v in op.operands if isinstance(v.type, TensorType)), None)
        if first is not None:
            for r in op.results:
                r.type = r.type.with_shape(first.type.shape)  # type: ignore[attr-defined]
    return op


def refine_slice(op: Operation, known: Known) -> Operation:
    """A per-device ``extract_slice`` / ``insert_slice`` whose offsets, sizes or strides are now known
    (``known``) is rebuilt with them static, and an extract's result type follows its sizes."""
    mixed = [op.mixed_offsets, op.mixed_sizes, op.mixed_strides]  # type: ignore[attr-defined]
    changed = False
    out = []
    for entries in mixed:
        row = []
        for e in entries:
            k = known(e) if isinstance(e, Value) else None
            if k is not None:
                changed = True
                row.append(k)
            else:
                row.append(e)
        out.append(row)
    if not changed:
        return op
    if isinstance(op, tensor.ExtractSliceOp):
        rt = op.result.type
        dropped = set(op.dropped_dims())
        kept = [n for d, n in enumerate(out[1]) if d not in dropped]
        if rt.rank == len(kept):  # type: ignore[attr-defined]
            rt = rt.with_shape([n if isinstance(n, int) else d for n, d in zip(kept, rt.shape)])  # type: ignore
        new = tensor.ExtractSliceOp.build(op.source, out[0], out[1], out[2], rt, op.location)
    else:
        cls = type(op)
        new = cls.build(op.operands[0], op.operands[1], out[0], out[1], out[2], loc=op.location)  # type: ignore
    new.attributes.update({k: v for k, v in op.attributes.items() if k not in new.attributes})
    return replace_clone(op, new)


def refine_reshape(op: tensor.ReassociativeReshapeOp, known: Known) -> Operation:
    """A per-device reshape (:func:`local_reshape`) once its source has its static shard type:
    ``output_shape`` operands now known become static sizes (expand), and the result type follows
    the source (collapse: products of the group dims)."""
    if isinstance(op, tensor.ExpandShapeOp):
        mixed = [known(e) if isinstance(e, Value) else e for e in op.mixed_output_shape]
        sizes = [k if k is not None else e for k, e in zip(mixed, op.mixed_output_shape)]
        if all(isinstance(e, Value) == isinstance(n, Value) for e, n in zip(op.mixed_output_shape, sizes)):
            return op
        rt = op.result.type.with_shape([n if isinstance(n, int) else None for n in sizes])  # type: ignore
        new = tensor.ExpandShapeOp.build(op.source, op.reassociation, rt, output_shape=sizes, loc=op.location)
        new.attributes.update({k: v for k, v in op.attributes.items() if k not in new.attributes})
        return replace_clone(op, new)
    src = op.source.type
    shape = []
    for g in op.reassociation:
        dims = [src.shape[d] for d in g]  # type: ignore[attr-defined]
        shape.append(None if any(n is None for n in dims) else int(np.prod(dims, dtype=np.int64)))
    op.result.type = op.result.type.with_shape(shape)  # type: ignore[attr-defined]
    return op


def _inferred_shape(op: Operation) -> list[Optional[int]]:
    """The result shape of a per-device ``tensor.pad`` / ``concat`` / same-shape op from its operands'
    (now static) shapes: source + static low + high padding; the sum of the inputs along the
    concatenated dim and their common size elsewhere; the operand's shape. A dim that stays unknown
    keeps the result type's entry."""
    have = list(op.results[0].type.shape)  # type: ignore[attr-defined]
    if isinstance(op, tensor.PadOp):
        low, high = tensor.static_array(op, "static_low"), tensor.static_array(op, "static_high")
        src = op.source.type.shape  # type: ignore[attr-defined]
        got = [None if n is None or lo == tensor.K_DYNAMIC or hi == tensor.K_DYNAMIC else n + lo + hi
               for n, lo, hi in zip(src, low, high)]
    elif isinstance(op, tensor.ConcatOp):
        shapes = [v.type.shape for v in op.operands]  # type: ignore[attr-defined]
        got = []
        for d in range(len(have)):
            sizes = [sh[d] for sh in shapes]
            if d == op.dim:
                got.append(None if None in sizes else sum(sizes))
            else:
                got.append(next((n for n in sizes if n is not None), None))
    else:
        got = list(op.operands[0].type.shape)  # type: ignore[attr-defined]
    return [g if g is not None else h for g, h in zip(got, have)]


def _register() -> None:
    from meshc.interfaces.gather_models import GatherStructuredModel
    register_sharding_model(linalg.StructuredOp, GatherStructuredModel())
    elementwise = ElementwiseModel()
    for cls in (arith.ElementwiseOp, arith.CmpOp, arith.SelectOp, arith.CastOp):
        register_sharding_model(cls, elementwise)
    register_sharding_model("tensor.empty", EmptyModel())
    register_sharding_model("tensor.splat", SplatModel())
    register_sharding_model("arith.constant", ConstantModel())
    same = SameShapeModel()
    for name in ("tensor.bitcast", "iree_encoding.set_encoding", "iree_encoding.unset_encoding"):
        register_sharding_model(name, same)
    register_sharding_model("tensor.cast", CastModel())
    register_sharding_model("linalg.softmax", SoftmaxModel())
    register_sharding_model("tensor.expand_shape", ExpandShapeModel())
    register_sharding_model("tensor.collapse_shape", CollapseShapeModel())
    register_sharding_model("tensor.extract_slice", ExtractSliceModel())
    register_sharding_model("tensor.insert_slice", InsertSliceModel())
    register_sharding_model(linalg.RelayoutOp, RelayoutModel())
    register_sharding_model("tensor.concat", ConcatModel())
    register_sharding_model("tensor.pad", PadModel())
    register_sharding_model(mesh.ProcessMultiIndexOp, ProcessMultiIndexModel())
    register_sharding_model(mesh.ProcessLinearIndexOp, ProcessLinearIndexModel())
    register_sharding_model(mesh.MeshShapeOp, MeshShapeModel())
    register_sharding_model(mesh.ShardShapeOp, ShardShapeModel())
    register_sharding_model("tensor.dim", DimModel())
    register_sharding_model(mesh.ShardOp, AnnotationModel())
    anything = AnyShardingModel()
    for name in ("func.return", "util.return"):
        register_sharding_model(name, anything)
    register_sharding_model(mesh.GetShardingOp, anything)  # it reads the sharding the value has


_register()
