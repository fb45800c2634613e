"""Kernels of the math dialect: adapters to ``meshc.kernels.math``."""

from __future__ import annotations

from meshc.kernels import math as K
from meshc.runtime.interpreter import kernel


def _apply(table):
    def run(interp, op, args):
        return [table[op.name[5:]](*args)]

    return run


for _table in (K.UNARY, K.BINARY, K.TERNARY, K.INT_UNARY):
    _fn = _apply(_table)
    for _name in _table:
        kernel(f"math.{_name}")(_fn)
