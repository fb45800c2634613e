"""``lower-process-multi-index``: ``mesh.process_multi_index`` from the linear index
(upstream MLIR's ``ProcessMultiIndexOpLowering``; mlir-opt's test passes
``-test-grid-process-multi-index-op-lowering`` / ``-test-mesh-process-multi-index-op-lowering``
are aliases of it).

``%i:2 = mesh.process_multi_index on @m [axes = [..]]`` becomes::

    %l = mesh.process_linear_index on @m : index
    %s:N = mesh.mesh_shape @m : index, ...
    %d:N = affine.delinearize_index %l into (%s#0, ...) : index, ...

and its results are the entries of ``%d`` of the queried axes (every mesh axis without
``axes``). The row-major delinearization is the inverse of the linear index meshc and
upstream use (:class:`meshc.dialects.mesh.ProcessLinearIndexOp`). No options.
"""

from __future__ import annotations

from meshc.dialects.affine import DelinearizeIndexOp
from meshc.dialects.mesh import MeshShapeOp, ProcessLinearIndexOp
from meshc.ir.core import Operation
from meshc.ir.location import DiagnosticError
from meshc.ir.types import INDEX
from meshc.passes.base import Pass
from meshc.passes.rewrite import PatternRewriter, RewritePattern, apply_patterns_greedily


class MultiIndexFromLinear(RewritePattern):
    """``process_multi_index`` -> ``delinearize_index(process_linear_index, mesh_shape)``."""

    op_names = ("mesh.process_multi_index",)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        try:
            mesh = op.mesh_op()  # type: ignore[attr-defined]
        except DiagnosticError:
            return False
        if mesh is None:
            return False
        mesh_attr = {"mesh": op.attributes["mesh"]}
        linear = rewriter.insert(ProcessLinearIndexOp.create([], [INDEX], dict(mesh_attr), location=op.location))
        shape = rewriter.insert(MeshShapeOp.create([], [INDEX] * mesh.rank, dict(mesh_attr), location=op.location))
        multi = rewriter.insert(DelinearizeIndexOp.create([linear.results[0]] + list(shape.results),
                                                          [INDEX] * mesh.rank, {}, location=op.location))
        axes = op.axes("axes") or tuple(range(mesh.rank))  # type: ignore[attr-defined]
        rewriter.replace_op(op, [multi.results[a] for a in axes])
        return True


class LowerProcessMultiIndex(Pass):
    """See the module docstring."""

    name = "lower-process-multi-index"
    summary = "Compute mesh.process_multi_index from process_linear_index and mesh_shape (affine.delinearize_index)"

    def run(self, op: Operation) -> None:
        if not apply_patterns_greedily(op, [MultiIndexFromLinear()]).changed:
            self.mark_all_preserved()
