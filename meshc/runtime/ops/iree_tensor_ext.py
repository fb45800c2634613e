"""Kernels of the iree_tensor_ext dialect (:mod:`meshc.dialects.iree_tensor_ext`): the compute barriers
are identities; ``dispatch.tensor.load`` reads a box of a :class:`DispatchBinding`, ``store`` writes
one in place (the binding's buffer belongs to the running ``flow.dispatch.workgroups``, kernel in
:mod:`meshc.runtime.ops.flow`); ``dispatch.workload.ordinal`` is the identity; the workgroup count is never needed to compute values (1, 1, 1)."""

from __future__ import annotations

import numpy as np

from meshc.kernels import tensor as K
from meshc.kernels.errors import KernelError
from meshc.runtime.interpreter import kernel
from meshc.runtime.ops.tensor import mixed_reader


@kernel("iree_tensor_ext.compute_barrier.start", "iree_tensor_ext.compute_barrier.end",
        "iree_tensor_ext.dispatch.workload.ordinal")
def _identity(interp, op, args):
    return [args[0]]


class DispatchBinding:
    """A ``!iree_tensor_ext.dispatch.tensor`` binding while a ``flow.dispatch.workgroups`` body runs:
    ``array`` is the tensor it reads (readonly: the operand itself) or the buffer its stores write
    (writeonly: zeros; readwrite: a copy of the tied operand), owned by the running dispatch."""

    __slots__ = ("array",)

    def __init__(self, array: np.ndarray):
        self.array = array


def _slice_spec(op):
    return (mixed_reader(op, op.mixed_offsets), mixed_reader(op, op.mixed_sizes),
            mixed_reader(op, op.mixed_strides), tuple(op.dropped_dims()))


def _binding(x) -> np.ndarray:
    if not isinstance(x, DispatchBinding):
        raise KernelError("its binding operand is not a dispatch tensor binding of a running flow.dispatch.workgroups")
    return x.array


@kernel("iree_tensor_ext.dispatch.tensor.load")
def _load(interp, op, args):
    offs, sizes, strides, drop = interp.cached(op, _slice_spec)
    return [K.extract_slice(_binding(args[0]), offs(args), sizes(args), strides(args), drop)]


@kernel("iree_tensor_ext.dispatch.tensor.store")
def _store(interp, op, args):
    offs, sizes, strides, _ = interp.cached(op, _slice_spec)
    K.write_slice(_binding(args[1]), args[0], offs(args), sizes(args), strides(args))
    return []


@kernel("iree_tensor_ext.dispatch.workgroup_count_from_slice")
def _workgroup_count(interp, op, args):
    return [np.int64(1)] * 3
