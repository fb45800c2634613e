"""``mesh-simplify``: algebraic simplifications of the mesh collectives (upstream MLIR's
``Transforms/Simplifications.cpp``; mlir-opt's ``-shard-simplify`` and the test passes
``-test-grid-simplifications`` / ``-test-mesh-simplifications`` are aliases of it).

Patterns, applied by the greedy driver of :mod:`meshc.passes.rewrite`:

* **all-reduce endomorphism**: ``combiner(all_reduce(x), all_reduce(y))`` ->
  ``all_reduce(combiner(x, y))`` when ``combiner`` is the arith op of the
  all-reduces' reduction kind (:data:`meshc.sharding.combiners.KIND_OF_OP`:
  ``addf``/``addi`` for ``sum``, ``minimumf``/``minsi``/``minui`` for ``min``,
  ``maximumf``/``maxsi``/``maxui`` for ``max``, ``mulf``/``muli`` for
  ``product``, ...), both all-reduces are on the same mesh and mesh axes, keep
  their element type, and have no other use (upstream's
  ``populateAllReduceEndomorphismSimplificationPatterns``; ``x + y`` is then
  computed once locally and reduced once);
* **all_gather / all_slice pairs**: ``all_slice(all_gather(x))`` and
  ``all_gather(all_slice(x))`` over the same mesh, mesh axes and tensor axis
  are ``x`` when the outer result has ``x``'s type;
* **all_reduce then all_slice** over the same mesh and mesh axes (the
  all-reduce used only there) -> one ``reduce_scatter`` along the slice axis;
* the **mesh query folds** the query ops declare (``mesh_shape`` of static
  axes -> constants; :func:`meshc.dialects.mesh_folds.fold_mesh_query`),
  which upstream's test pass applies too.

Dead pure ops are erased, as by every use of the driver. No options.
"""

from __future__ import annotations

from typing import Optional

from meshc.dialects.mesh_folds import fold_mesh_query
from meshc.ir.core import Operation, OpResult, Value
from meshc.passes.base import Pass
from meshc.passes.rewrite import PatternRewriter, RewritePattern, apply_patterns_greedily
from meshc.sharding.combiners import KIND_OF_OP


def _defining(v: Value, name: str) -> Optional[Operation]:
    """The op named ``name`` that defines ``v`` (None otherwise)."""
    return v.op if isinstance(v, OpResult) and v.op.name == name else None


def _same_group(a: Operation, b: Operation) -> bool:
    """Same mesh and the same mesh axes (in order)."""
    return a.attributes.get("mesh") == b.attributes.get("mesh") and a.mesh_axes == b.mesh_axes  # type: ignore


def _tensor_axis(op: Operation, name: str) -> Optional[int]:
    a = op.attributes.get(name)
    return getattr(a, "value", None)


class AllReduceEndomorphism(RewritePattern):
    """``combiner(all_reduce(x), all_reduce(y))`` -> ``all_reduce(combiner(x, y))``; see the module docstring."""

    op_names = tuple(KIND_OF_OP)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        if len(op.operands) != 2 or len(op.results) != 1:
            return False
        reduces = [_defining(v, "mesh.all_reduce") for v in op.operands]
        a, b = reduces
        if a is None or b is None or a is b or a.is_unrolled or b.is_unrolled:  # type: ignore[attr-defined]
            return False
        if not _same_group(a, b) or a.reduction != KIND_OF_OP[op.name] or b.reduction != a.reduction:  # type: ignore
            return False
        if any(len(r.results[0].uses) != 1 or r.operands[0].type != r.results[0].type for r in reduces):
            return False
        local = rewriter.insert(op.clone({op.operands[0]: a.operands[0], op.operands[1]: b.operands[0]}))
        reduced = a.clone({a.operands[0]: local.results[0]})
        reduced.location = op.location
        rewriter.insert(reduced)
        rewriter.replace_op(op, [reduced.results[0]])
        return True


class GatherSliceInverse(RewritePattern):
    """``all_slice(all_gather(x))`` / ``all_gather(all_slice(x))`` -> ``x``; see the module docstring."""

    op_names = ("mesh.all_slice", "mesh.all_gather")

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        inner_name, inner_axis, axis = (("mesh.all_gather", "gather_axis", "slice_axis") if op.name == "mesh.all_slice"
                                        else ("mesh.all_slice", "slice_axis", "gather_axis"))
        inner = _defining(op.operands[0], inner_name)
        if inner is None or len(op.operands) != 1 or len(inner.operands) != 1 or not _same_group(op, inner):
            return False
        x = inner.operands[0]
        if _tensor_axis(op, axis) != _tensor_axis(inner, inner_axis) or x.type != op.results[0].type:
            return False
        rewriter.replace_op(op, [x])
        return True


class AllReduceSliceToReduceScatter(RewritePattern):
    """``all_slice(all_reduce(x))`` -> ``reduce_scatter(x)``; see the module docstring."""

    op_names = ("mesh.all_slice",)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        from meshc.dialects.mesh import ReduceScatterOp

        inner = _defining(op.operands[0], "mesh.all_reduce")
        if inner is None or len(op.operands) != 1 or len(inner.operands) != 1 or not _same_group(op, inner) \
                or len(inner.results[0].uses) != 1:
            return False
        attrs = {k: v for k, v in inner.attributes.items()}
        attrs["scatter_axis"] = op.attributes["slice_axis"]
        new = ReduceScatterOp.create([inner.operands[0]], [op.results[0].type], attrs, location=op.location)
        rewriter.insert(new)
        rewriter.replace_op(op, [new.results[0]])
        return True


class FoldMeshQueries(RewritePattern):
    """The query ops' own folds (:func:`meshc.dialects.mesh_folds.fold_mesh_query`)."""

    op_names = ("mesh.mesh_shape",)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        return fold_mesh_query(op, rewriter)


PATTERNS = (AllReduceEndomorphism, GatherSliceInverse, AllReduceSliceToReduceScatter, FoldMeshQueries)


class MeshSimplify(Pass):
    """Mesh simplifications: see the module docstring."""

    name = "mesh-simplify"
    summary = ("Simplify mesh collectives: all-reduce endomorphisms, all_gather/all_slice pairs, "
               "all_reduce + all_slice -> reduce_scatter, static mesh_shape")

    def run(self, op: Operation) -> None:
        driver = apply_patterns_greedily(op, [p() for p in PATTERNS])
        if not driver.changed:
            self.mark_all_preserved()
