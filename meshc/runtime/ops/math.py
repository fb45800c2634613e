"""Kernels of the math dialect: adapters to ``meshc.kernels.math``."""

from __future__ import annotations

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
    for table in (K.UNARY, K.BINARY, K.TERNARY, K.INT_UNARY):
        fn = table.get(op.name[5:])
        if fn is not None:
            return Compiled(fn)
    return None


for _table in (K.UNARY, K.BINARY, K.TERNARY, K.INT_UNARY):
    for _name in _table:
        compiler(f"math.{_name}")(_compile)
