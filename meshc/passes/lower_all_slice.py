"""``lower-all-slice``: ``mesh.all_slice`` in local view as a slice by the process's index in
its device group (upstream MLIR's ``AllSliceOpLowering``; mlir-opt's test passes
``-test-grid-all-slice-op-lowering`` / ``-test-mesh-all-slice-op-lowering`` are aliases).

``%r = mesh.all_slice %x on @m mesh_axes = [a, b] slice_axis = d : T -> R`` becomes:

* ``%i:2 = mesh.process_multi_index on @m axes = [a, b]`` and ``%s:2 = mesh.mesh_shape @m axes
  = [a, b]``; the group size ``k = s0 * s1`` and the in-group linear index ``i0 * s1 + i1``
  (row-major over ``mesh_axes``, the order upstream and meshc's collectives use);
* dim ``d`` of ``%x`` must be divisible by ``k``: a ``cf.assert`` checks it at run time when
  either is dynamic (a static pair that does not divide is an error of the verifier already);
* ``%r = tensor.extract_slice %x[.., i * (n / k), ..] [.., n / k, ..] [1, ..]``, followed by a
  ``tensor.cast`` to ``R`` when the slice's type is less static.

Index arithmetic on known values folds as it is built (mesh sizes of a static mesh, static
dims); run ``canonicalize`` or ``mesh-simplify`` and ``cse`` afterwards for the rest. The
global-view and unrolled forms of ``all_slice`` (meshc's distributed types) are left alone.
No options.
"""

from __future__ import annotations

from meshc.dialects.cf import AssertOp
from meshc.dialects.mesh import MeshShapeOp, ProcessMultiIndexOp, sharding_of
from meshc.dialects.tensor import ExtractSliceOp
from meshc.interfaces.spmd import IndexMath
from meshc.ir.attributes import DenseArrayAttr, IntegerAttr, StringAttr
from meshc.ir.core import Operation
from meshc.ir.location import DiagnosticError
from meshc.ir.types import INDEX, TensorType
from meshc.passes.base import Pass
from meshc.passes.rewrite import PatternRewriter, RewritePattern, apply_patterns_greedily


class AllSliceToExtractSlice(RewritePattern):
    """``all_slice`` -> ``extract_slice`` at the process's offset; see the module docstring."""

    op_names = ("mesh.all_slice",)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        x = op.operands[0]
        t, rt = x.type, op.results[0].type
        if op.is_unrolled or not isinstance(t, TensorType) or not isinstance(rt, TensorType) \
                or sharding_of(t) is not None or sharding_of(rt) is not None:  # type: ignore[attr-defined]
            return False
        try:
            mesh = op.mesh_op()  # type: ignore[attr-defined]
        except DiagnosticError:
            return False
        axes = op.mesh_axes  # type: ignore[attr-defined]
        if mesh is None or not axes:
            return False
        loc = op.location
        m = IndexMath(rewriter, loc)
        query = {"mesh": op.attributes["mesh"], "axes": DenseArrayAttr(op.attributes["mesh_axes"].element_type, axes)}
        index = rewriter.insert(ProcessMultiIndexOp.create([], [INDEX] * len(axes), dict(query), location=loc)).results
        sizes = [mesh.shape[a] for a in axes]
        if any(s is None for s in sizes):
            shape = rewriter.insert(MeshShapeOp.create([], [INDEX] * len(axes), dict(query), location=loc)).results
            sizes = [v if s is None else s for s, v in zip(sizes, shape)]
        group = 1
        for s in sizes:
            group = m.mul(group, s)
        d = op.axis_attr("slice_axis")  # type: ignore[attr-defined]
        n = t.shape[d]
        if n is None:
            n = rewriter.insert(Operation.create([x, m.value(d)], [INDEX], {}, location=loc, name="tensor.dim")).results[0]
        if not (isinstance(n, int) and isinstance(group, int)):
            ok = m.cmp("eq", m.rem(n, group), 0)
            if not isinstance(ok, bool):  # a static pair is checked by the verifier
                rewriter.insert(AssertOp.create([ok], [],
                                                {"msg": StringAttr(f"dim {d} of the all_slice operand is not "
                                                                   "divisible by the device group size")},
                                                location=loc))
        size = m.div(n, group)
        linear = 0
        for i, s in zip(index, sizes):
            linear = m.add(m.mul(linear, s), i)
        offsets, box = [], []
        for k, full in enumerate(t.shape):
            if k == d:
                offsets.append(m.mul(linear, size))
                box.append(size)
            else:
                offsets.append(0)
                box.append(full if full is not None else rewriter.insert(
                    Operation.create([x, m.value(k)], [INDEX], {}, location=loc, name="tensor.dim")).results[0])
        sliced = rewriter.insert(ExtractSliceOp.build(x, offsets, box, loc=loc)).results[0]
        if sliced.type != rt:
            sliced = rewriter.insert(Operation.create([sliced], [rt], {}, location=loc, name="tensor.cast")).results[0]
        rewriter.replace_op(op, [sliced])
        return True


class LowerAllSlice(Pass):
    """See the module docstring."""

    name = "lower-all-slice"
    summary = "Lower local-view mesh.all_slice to tensor.extract_slice at the process's offset in its group"

    def run(self, op: Operation) -> None:
        if not apply_patterns_greedily(op, [AllSliceToExtractSlice()]).changed:
            self.mark_all_preserved()
