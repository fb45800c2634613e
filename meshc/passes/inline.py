"""``inline``: put the bodies of called functions in place of the calls (MLIR's inliner, ``-inline``).

Every call (an op whose region-flow interface says it is one, :mod:`meshc.interfaces.region_flow`:
``func.call``, ``util.call``) of a function of the module with a single-block body is replaced by a
copy of that body, the callee's arguments bound to the call's operands and the call's results to
what the body returns; calls in the inlined copies are inlined in turn. A call stays when its callee
has no body or more than one block, or is recursive (it calls itself, directly or through other
functions: MLIR's inliner would unroll such a call once, meshc leaves it); after ``max-ops`` added ops inlining stops with a remark. A private callee that no live op
references any more is erased, as MLIR's inliner erases dead callables; other symbols are left alone
(``symbol-dce`` erases those).

Unlike ``flatten-regions`` it inlines calls only (no loops, no dispatch regions) and in every
function, annotated or not. Options: ``max-ops`` (default 20000).
"""

from __future__ import annotations

from meshc.dialects.func import FuncOp
from meshc.interfaces.region_flow import call_cycle, region_flow, region_flow_model
from meshc.ir.core import Operation
from meshc.passes.base import Option, Pass
from meshc.passes.flatten_regions import inline_body
from meshc.passes.symbol_dce import _collect, _is_private, _symbol_name


class Inline(Pass):
    """See the module docstring."""

    name = "inline"
    display_name = "Inliner"
    summary = "Replace calls of single-block functions of the module by copies of their bodies"
    options = (Option("max-ops", int, 20000, "stop inlining after adding this many ops", minimum=0),)
    op_names = ("builtin.module",)

    def run(self, op: Operation) -> None:
        added = 0
        callees: dict[int, Operation] = {}
        progress = True
        while progress:
            progress = False
            for call in list(op.walk()):
                model = region_flow_model(call)
                if model is None or not model.is_call or call.parent is None:
                    continue
                flow = region_flow(call)
                if flow is None:
                    continue
                callee = flow.body.parent_op
                if callee is None or call_cycle(callee) is not None:
                    continue
                if added + len(flow.body.ops) > self.max_ops:
                    self.remark(call, f"'{call.name}' is not inlined: max-ops={self.max_ops} ops were added")
                    progress = False
                    break
                added += inline_body(call, flow)
                if callee is not None:
                    callees[id(callee)] = callee
                progress = True
        if not callees:
            self.mark_all_preserved()
            return
        for callee in callees.values():
            name = _symbol_name(callee)
            if name is None or not _is_private(callee) or not isinstance(callee, FuncOp):
                continue
            names: set[str] = set()
            _collect(op, {id(callee)}, names)
            if name not in names:
                callee.erase()

