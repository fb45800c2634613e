"""Kernels of the math dialect: adapters to ``meshc.kernels.math``."""

from __future__ import annotations

import numpy as np

from meshc.ir.types import element_type_of, numpy_dtype
from meshc.kernels import math as K
from meshc.runtime.interpreter import Compiled, compiler, kernel


def _apply(table):
    def run(interp, op, args):
        return [table[op.name[5:]](*args)]

    return run


for _table in (K.UNARY, K.BINARY, K.TERNARY, K.INT_UNARY):
    _fn = _apply(_table)
    for _name in _table:
        kernel(f"math.{_name}")(_fn)


def _compile(interp, op, ctx):
    """The kernel; for a unary float op on a numpy float type (f32, f64) its numpy function called
    directly on an array of that dtype (the kernel's result when it is an array of the dtype)."""
    name = op.name[5:]
    for table in (K.UNARY, K.BINARY, K.TERNARY, K.INT_UNARY):
        fn = table.get(name)
        if fn is not None:
            break
    else:
        return None
    raw = K.NATIVE_UNARY.get(name) if name in K.UNARY else None
    dt = numpy_dtype(element_type_of(op.results[0].type))
    if raw is None or dt not in (np.dtype(np.float32), np.dtype(np.float64)):
        return Compiled(fn)
    nd = np.ndarray

    def native(x):
        if type(x) is nd and x.dtype is dt and x.ndim:
            with K.quiet():
                r = raw(x)
            if type(r) is nd and r.dtype is dt:
                return r
        return fn(x)

    return Compiled(native)


for _table in (K.UNARY, K.BINARY, K.TERNARY, K.INT_UNARY):
    for _name in _table:
        compiler(f"math.{_name}")(_compile)
