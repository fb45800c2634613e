"""``cse``: common sub-expression elimination (MLIR's CSE pass).

Two ops are equivalent when they have the same name, the same operands (the
same SSA values, in order), equal attributes and properties, and the same
result types. Only ``Pure`` ops without regions are considered; an op whose
equivalent is already available (defined earlier in a dominating scope) is
replaced by it and erased.

Scopes follow region dominance: ops earlier in the same block are
available, and so are ops of enclosing blocks, unless the region belongs to
an ``IsolatedFromAbove`` op (a function body starts a fresh scope). Sibling
blocks of a multi-block region do not share entries (meshc computes no
dominator tree; this misses some redundancies but never removes a needed op).

No options.
"""

from __future__ import annotations

from collections import ChainMap
from typing import Hashable, Optional

from meshc.ir.core import Operation, Region
from meshc.passes.base import Pass


def _key(op: Operation) -> Optional[Hashable]:
    """The equivalence key of a CSE candidate, or None if ``op`` is not one
    (or carries an unhashable attribute)."""
    if op.regions or not op.results or op.is_terminator or not op.has_trait("Pure"):
        return None
    key = (op.name, tuple(op.operands), tuple(sorted(op.attributes.items(), key=lambda kv: kv[0])),
           tuple(sorted(op.properties.items(), key=lambda kv: kv[0])), tuple(r.type for r in op.results))
    try:
        hash(key)
    except TypeError:
        return None
    return key


class CSE(Pass):
    """CSE: see the module docstring."""

    name = "cse"
    display_name = "CSE"
    summary = "Eliminate common sub-expressions (pure ops with equal operands, attributes and result types)"

    def run(self, op: Operation) -> None:
        self.erased = 0
        for region in op.regions:
            self._region(region, ChainMap())
        if not self.erased:
            self.mark_all_preserved()

    def _region(self, region: Region, scope: ChainMap) -> None:
        for block in region.blocks:
            known = scope.new_child()
            for op in list(block.ops):
                key = _key(op)
                if key is not None:
                    existing = known.get(key)
                    if existing is not None:
                        for old, new in zip(op.results, existing.results):
                            old.replace_all_uses_with(new)
                        op.erase()
                        self.erased += 1
                        continue
                    known[key] = op
                inner = ChainMap() if op.has_trait("IsolatedFromAbove") else known
                for r in op.regions:
                    self._region(r, inner)
