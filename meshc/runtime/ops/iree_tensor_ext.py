"""Kernels of the iree_tensor_ext dialect (:mod:`meshc.dialects.iree_tensor_ext`): the compute barriers
are identities."""

from __future__ import annotations

from meshc.runtime.interpreter import kernel


@kernel("iree_tensor_ext.compute_barrier.start")
def _start(interp, op, args):
    return [args[0]]


@kernel("iree_tensor_ext.compute_barrier.end")
def _end(interp, op, args):
    return [args[0]]
