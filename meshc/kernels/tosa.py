"""Kernels of the tosa dialect: numpy over whole arrays, on meshc's arith and math kernels.

Semantics follow the TOSA specification as MLIR's TOSA dialect implements it:

* elementwise ops broadcast operands of equal rank along their size-1 dims (numpy's rule
  for equal ranks); integer arithmetic wraps as ``arith``'s does;
* ``int_div`` truncates toward zero (``arith.divsi``); ``maximum``/``minimum`` propagate NaN;
* ``mul`` of ``i32`` with ``shift > 0`` is ``(a * b + 2**(shift - 1)) >> shift`` computed in 64 bits;
* ``negate`` is ``-(x - in_zp) + out_zp`` (wrapped to the element type);
* ``clamp`` is ``min(max(x, lo), hi)``; ``sigmoid`` ``1 / (1 + exp(-x))``; ``reciprocal`` ``1 / x``;
* ``cast`` rounds floats to the nearest integer, ties to even, saturating (TOSA's rule);
* ``matmul`` is ``(a - a_zp) @ (b - b_zp)`` per batch, accumulated in the result dtype;
* ``transpose`` is ``numpy.transpose`` with the op's permutation.
"""

from __future__ import annotations

from typing import Optional, Sequence

import numpy as np

from meshc.kernels import arith as A
from meshc.kernels import dtypes as _dt
from meshc.kernels import math as M

_FLOAT_BINARY = {"add": "addf", "sub": "subf", "maximum": "maximumf", "minimum": "minimumf"}
_INT_BINARY = {"add": "addi", "sub": "subi", "maximum": "maxsi", "minimum": "minsi", "int_div": "divsi",
               "logical_and": "andi", "logical_or": "ori", "logical_xor": "xori", "bitwise_and": "andi",
               "bitwise_or": "ori", "bitwise_xor": "xori", "logical_left_shift": "shli",
               "logical_right_shift": "shrui", "arithmetic_right_shift": "shrsi"}
_COMPARE = {"equal": ("oeq", "eq"), "greater": ("ogt", "sgt"), "greater_equal": ("oge", "sge")}
_MATH_UNARY = {"ceil": "ceil", "cos": "cos", "erf": "erf", "exp": "exp", "floor": "floor", "log": "log",
               "rsqrt": "rsqrt", "sin": "sin", "tanh": "tanh"}


def _broadcast(a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    shape = np.broadcast_shapes(a.shape, b.shape)
    return np.broadcast_to(a, shape), np.broadcast_to(b, shape)


def binary(kind: str, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``tosa.<kind>(a, b)`` for the ops of :data:`meshc.dialects.tosa.BINARY` and the comparisons."""
    a, b = _broadcast(np.asarray(a), np.asarray(b))
    is_float = _dt.is_float(a.dtype)
    if kind in _COMPARE:
        f_pred, i_pred = _COMPARE[kind]
        return A.cmpf(f_pred, a, b) if is_float else A.cmpi(i_pred, a, b)
    if kind == "pow":
        return M.powf(a, b)
    table = _FLOAT_BINARY if is_float else _INT_BINARY
    if kind not in table:
        raise ValueError(f"tosa.{kind} does not apply to dtype {a.dtype}")
    return np.asarray(A.BINARY[table[kind]](a, b))


def arithmetic_right_shift(a: np.ndarray, b: np.ndarray, round_: bool) -> np.ndarray:
    """``tosa.arithmetic_right_shift``; with ``round`` the last bit shifted out is added back."""
    out = binary("arithmetic_right_shift", a, b)
    if not round_:
        return out
    a, b = _broadcast(np.asarray(a), np.asarray(b))
    bit = np.where(b > 0, (a.astype(np.int64) >> np.maximum(b.astype(np.int64) - 1, 0)) & 1, 0)
    return (out.astype(np.int64) + bit).astype(out.dtype)


def mul(a: np.ndarray, b: np.ndarray, shift: int = 0) -> np.ndarray:
    """``tosa.mul`` (see the module docstring for the ``i32`` shift)."""
    a, b = _broadcast(np.asarray(a), np.asarray(b))
    if _dt.is_float(a.dtype):
        return np.asarray(A.mulf(a, b))
    if shift <= 0:
        return np.asarray(A.muli(a, b))
    wide = a.astype(np.int64) * b.astype(np.int64) + (1 << (shift - 1))
    return (wide >> shift).astype(a.dtype)


def unary(kind: str, x: np.ndarray, to: Optional[np.dtype] = None) -> np.ndarray:
    """``tosa.<kind>(x)`` for the ops of :data:`meshc.dialects.tosa.UNARY` (``to``: ``cast``'s dtype)."""
    x = np.asarray(x)
    if kind in _MATH_UNARY:
        return np.asarray(M.UNARY[_MATH_UNARY[kind]](x))
    if kind == "abs":
        return np.abs(x)
    if kind == "sigmoid":
        with np.errstate(over="ignore"):
            return (1 / (1 + np.exp(-x.astype(np.float64)))).astype(x.dtype)
    if kind == "reciprocal":
        with np.errstate(divide="ignore"):
            return (1 / x.astype(np.float64)).astype(x.dtype)
    if kind in ("logical_not", "bitwise_not"):
        return ~x
    if kind == "identity":
        return x.copy()
    if kind == "clz":
        bits = _dt.bitwidth(x.dtype)
        u = x.astype(np.int64) & ((1 << bits) - 1)
        lengths = np.array([int(v).bit_length() for v in u.reshape(-1)], dtype=np.int64).reshape(u.shape)
        return (bits - lengths).astype(x.dtype)
    if kind == "cast":
        return cast(x, to)
    raise ValueError(f"unknown tosa op '{kind}'")


def cast(x: np.ndarray, to: Optional[np.dtype]) -> np.ndarray:
    """``tosa.cast`` to dtype ``to`` (see the module docstring)."""
    to = np.dtype(to)
    if to == np.bool_:
        return x != 0
    if _dt.is_float(x.dtype) and not _dt.is_float(to):
        info = np.iinfo(to)
        return np.clip(np.rint(np.nan_to_num(x.astype(np.float64))), info.min, info.max).astype(to)
    return x.astype(to)


def negate(x: np.ndarray, in_zp: int = 0, out_zp: int = 0) -> np.ndarray:
    """``tosa.negate``: ``-(x - in_zp) + out_zp``."""
    x = np.asarray(x)
    if _dt.is_float(x.dtype):
        return -x
    return (-(x.astype(np.int64) - in_zp) + out_zp).astype(x.dtype)


def clamp(x: np.ndarray, lo, hi) -> np.ndarray:
    """``tosa.clamp``: ``min(max(x, lo), hi)`` (NaN stays NaN)."""
    x = np.asarray(x)
    return np.minimum(np.maximum(x, np.asarray(lo).astype(x.dtype)), np.asarray(hi).astype(x.dtype))


def select(pred: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``tosa.select``: ``a`` where ``pred``, else ``b`` (broadcast)."""
    return np.where(np.asarray(pred, dtype=bool), a, b)


def matmul(a: np.ndarray, b: np.ndarray, out: np.dtype, a_zp: int = 0, b_zp: int = 0) -> np.ndarray:
    """``tosa.matmul``: ``[N, H, C] x [N, C, W] -> [N, H, W]`` in dtype ``out``."""
    out = np.dtype(out)
    if _dt.is_float(out):
        return np.matmul(np.asarray(a).astype(out), np.asarray(b).astype(out))
    wide = np.matmul(np.asarray(a).astype(np.int64) - a_zp, np.asarray(b).astype(np.int64) - b_zp)
    return wide.astype(out)


def transpose(x: np.ndarray, perms: Sequence[int]) -> np.ndarray:
    """``tosa.transpose``: result dim ``i`` is ``x``'s dim ``perms[i]``."""
    return np.ascontiguousarray(np.transpose(np.asarray(x), tuple(perms)))
