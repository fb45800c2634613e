"""``linalg-generalize-named-ops``: every named linalg op (``linalg.matmul``, ``linalg.add``,
``linalg.fill``, ...) rewritten as the ``linalg.generic`` it stands for (upstream MLIR's
``-linalg-generalize-named-ops``, ``linalg::generalizeNamedOp``).

The generic op takes the same inputs and inits, the named op's indexing maps and iterator types,
and its payload as the body (:meth:`meshc.dialects.linalg.StructuredOp.generic_region`: one block
argument per input then per init, ending in ``linalg.yield``). An op whose payload meshc cannot
write as a body (``generic_region`` None) is left as it is. No options.
"""

from __future__ import annotations

from meshc.dialects.linalg import GenericOp, StructuredOp
from meshc.ir.attributes import AffineMapAttr, ArrayAttr, StringAttr
from meshc.ir.core import Operation
from meshc.passes.base import Pass
from meshc.passes.rewrite import PatternRewriter, RewritePattern, apply_patterns_greedily


class GeneralizeNamedOp(RewritePattern):
    """A named structured op -> the equivalent ``linalg.generic``; see the module docstring."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        if not isinstance(op, StructuredOp) or isinstance(op, GenericOp):
            return False
        region = op.generic_region()
        if region is None:
            return False
        attrs = {"indexing_maps": ArrayAttr(tuple(AffineMapAttr(m) for m in op.indexing_maps())),
                 "iterator_types": ArrayAttr(tuple(StringAttr(it) for it in op.iterator_types()))}
        new = rewriter.insert(GenericOp.build(list(op.inputs), list(op.inits), attrs, [region], op.location))
        rewriter.replace_op(op, list(new.results))
        return True


class GeneralizeNamedOps(Pass):
    """See the module docstring."""

    name = "linalg-generalize-named-ops"
    summary = "Rewrite named linalg ops (matmul, add, fill, ...) as the linalg.generic they stand for"

    def run(self, op: Operation) -> None:
        if not apply_patterns_greedily(op, [GeneralizeNamedOp()]).changed:
            self.mark_all_preserved()
