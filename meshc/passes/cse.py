"""``cse``: common sub-expression elimination (MLIR's CSE pass).

Two ops are equivalent when they have the same name, the same operands (the
same SSA values, in order), equal attributes and properties, and the same
result types. Only ``Pure`` ops without regions are considered; an op whose
equivalent is already available (defined earlier in a dominating scope) is
replaced by it and erased; the erased op's ``replaced_by`` names the one kept,
for references that are not operands (a ``mesh.shard``'s ``sharding_origin``,
the ``mesh.sharding`` value it prints as its target, follows it).

A tensor that is some op's destination (a destination-passing init: linalg
``outs``, ``insert_slice``'s dest, :func:`meshc.interfaces.sharding.dps_inits`)
is never merged with another: each destination is a buffer its op writes in
place, and two ops sharing one would need a copy or a second buffer (upstream
MLIR's bufferization meets the same issue with CSE'd ``tensor.empty`` ops and
undoes it with empty-tensor elimination).

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

from meshc.interfaces.sharding import dps_inits
from meshc.ir.core import Operation, Region, Value
from meshc.ir.types import TensorType
from meshc.passes.base import Pass


def _key(op: Operation) -> Optional[Hashable]:
    """The equivalence key of a CSE candidate, or None if ``op`` is not one
    (or carries an unhashable attribute)."""
    if op.regions or not op.results or op.is_terminator or not op.has_trait("Pure"):
        return None
    if any(isinstance(r.type, TensorType) and _is_destination(r) for r in op.results):
        return None
    key = (op.name, tuple(op.operands), tuple(sorted(op.attributes.items(), key=lambda kv: kv[0])),
           tuple(sorted(op.properties.items(), key=lambda kv: kv[0])), tuple(r.type for r in op.results))
    try:
        hash(key)
    except TypeError:
        return None
    return key


def _is_destination(v: Value) -> bool:
    """Whether ``v`` is the destination-passing init of some user."""
    for user, index in v.uses:
        if not user.results:
            continue
        if index in dps_inits(user):
            return True
    return False


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
                        op.replaced_by = existing  # for references that are not uses (ShardOp.sharding_origin)
                        op.erase()
                        self.erased += 1
                        continue
                    known[key] = op
                inner = ChainMap() if op.has_trait("IsolatedFromAbove") else known
                for r in op.regions:
                    self._region(r, inner)
