"""Kernels of func/util calls: run the callee's body (MLIR func.call)."""

from __future__ import annotations

from meshc.runtime.interpreter import kernel


@kernel("func.call", "util.call")
def _call(interp, op, args):
    callee = interp.lookup(op.callee)
    if not callee.regions or not callee.regions[0].blocks:
        raise ValueError(f"callee '@{op.callee}' is a declaration without a body")
    return interp.invoke(callee.regions[0], args)
