"""Kernels of the flow dialect (IREE): ``flow.dispatch.region`` runs its
body in place (it captures values of the enclosing function, as IREE's
dispatch regions do before outlining) and returns the ``flow.return``
values; ``flow.dispatch.workgroups`` runs its body once on
:class:`~meshc.runtime.ops.iree_tensor_ext.DispatchBinding` s (the operands;
copies of the tied ones, zeros for the other results) and returns what the
body stored into its results' bindings; the workgroup ``count`` region does
not affect values and is not run. ``flow.tensor.splat`` / ``reshape``: a
filled tensor, a row-major reshape; ``flow.tensor.load`` / ``store``: ``tensor.extract`` /
``tensor.insert`` of one element (an index out of bounds is a located error)."""

from __future__ import annotations

import numpy as np

from meshc.ir.types import TensorType, numpy_dtype
from meshc.kernels import tensor as K
from meshc.runtime.interpreter import kernel
from meshc.runtime.ops.iree_tensor_ext import DispatchBinding


@kernel("flow.dispatch.region")
def _dispatch_region(interp, op, args):
    return interp.run_block(op.body, [], interp.env)


@kernel("flow.dispatch.workgroups")
def _dispatch_workgroups(interp, op, args):
    n_work, n_args = len(op.workload), len(op.args)
    values = args[n_work:n_work + n_args]
    tied = set(op.tied)
    bindings = []
    for i, (v, a) in enumerate(zip(values, op.body.args)):
        if not isinstance(op.args[i].type, TensorType):
            bindings.append(v)  # a scalar argument is passed as it is
        else:
            bindings.append(DispatchBinding(np.array(v, copy=True) if i in tied else np.asarray(v)))
    for r, t in zip(op.results, op.tied):
        if t < 0:
            bindings.append(DispatchBinding(np.zeros(r.type.shape, numpy_dtype(r.type.element_type))))
    interp.run_block(op.body, bindings, interp.env)
    return [bindings[a.index].array for a in op.result_bindings()]


@kernel("flow.tensor.splat")
def _tensor_splat(interp, op, args):
    return [K.splat(args[0], op.results[0].type.shape)]


@kernel("flow.tensor.reshape")
def _tensor_reshape(interp, op, args):
    return [K.reshape(args[0], op.results[0].type.shape)]


@kernel("flow.tensor.load")
def _tensor_load(interp, op, args):
    return [K.extract(args[0], args[1:])]


@kernel("flow.tensor.store")
def _tensor_store(interp, op, args):
    return [K.insert(args[0], args[1], args[2:])]
