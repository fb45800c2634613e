"""Kernels of the iree_tensor_ext dialect (:mod:`meshc.dialects.iree_tensor_ext`): the compute barriers
are identities."""

from __future__ import annotations

from meshc.runtime.interpreter import kernel


@kernel("iree_tensor_ext.compute_barrier.start", "iree_tensor_ext.compute_barrier.end")
def _identity(interp, op, args):
    return [args[0]]
