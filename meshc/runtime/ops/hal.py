"""Kernels of the hal dialect (IREE's ABI, :mod:`meshc.dialects.hal`): a buffer view is the array it
holds, so ``hal.tensor.import`` and ``hal.tensor.export`` pass their first operand through (the
dynamic sizes and the wait fence add nothing on the host)."""

from __future__ import annotations

from meshc.runtime.interpreter import kernel


@kernel("hal.tensor.import", "hal.tensor.export")
def _pass_through(interp, op, args):
    return [args[0]]
