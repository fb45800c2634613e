"""Kernels of func/util calls: run the callee's body (MLIR func.call).

A recursive function runs as long as its recursion ends: up to :data:`MAX_CALL_DEPTH` calls nested in
one another (per thread: each simulated device runs its own). A deeper nesting, a recursion that
never ends among them, is an error at the call that goes one level too deep, never a crash of the
Python stack.
"""

from __future__ import annotations

import threading

from meshc.ir.location import DiagnosticError
from meshc.runtime.interpreter import kernel

#: Calls nested in one another that the interpreter runs (the Python stack holds about a dozen frames
#: per call level within the recursion budget of :mod:`meshc.ir.limits`).
MAX_CALL_DEPTH = 256

_DEPTH = threading.local()


@kernel("func.call", "util.call")
def _call(interp, op, args):
    callee = interp.lookup(op.callee)
    if not callee.regions or not callee.regions[0].blocks:
        raise ValueError(f"callee '@{op.callee}' is a declaration without a body")
    depth = getattr(_DEPTH, "value", 0)
    if depth >= MAX_CALL_DEPTH:
        raise DiagnosticError(f"'{op.source_name()}' op call to @{op.callee} is nested {MAX_CALL_DEPTH} calls deep, the most the "
                              "interpreter runs (a recursion that does not end?)", op.location)
    _DEPTH.value = depth + 1
    try:
        return interp.invoke(callee.regions[0], args)
    except RecursionError:
        raise DiagnosticError(f"'{op.source_name()}' op call to @{op.callee} nests too deep for the interpreter (at "
                              f"{depth + 1} nested calls)", op.location) from None
    finally:
        _DEPTH.value = depth
