"""Kernels of the flow dialect (IREE): ``flow.dispatch.region`` runs its
body in place (it captures values of the enclosing function, as IREE's
dispatch regions do before outlining) and returns the ``flow.return``
values; the workgroup ``count`` region does not affect values and is not
run."""

from __future__ import annotations

from meshc.runtime.interpreter import kernel


@kernel("flow.dispatch.region")
def _dispatch_region(interp, op, args):
    return interp.run_block(op.body, [], interp.env)
