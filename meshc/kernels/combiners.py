"""Associative, commutative arith ops usable as reduction combiners.

A reduction whose body is ``out = combiner(f(inputs), out)`` with one of
:data:`COMBINERS` may be computed as "reduce ``f`` over the reduction dims,
then combine once with the init" (``linalg.reduce``, ``linalg.generic``
fast paths). The float combiners give the same value as the ordered loop
up to float re-association (``addf``/``mulf``); the others are exact.

* :func:`reduce_over` is the numpy-ufunc reduction of one combiner,
  preserving the dtype and the arith rules (integer wrap, ``maximumf``'s
  NaN and signed-zero order, the unsigned reading of ``maxui`` ...).
* :func:`identity` is the element ``e`` with ``combiner(x, e) == x`` for
  every ``x`` of the dtype (``addf``: -0.0, ``maxnumf``: NaN ...).

Source: MLIR arith op semantics (ArithOps.td); identities follow from them.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np

from meshc.kernels import arith
from meshc.kernels import dtypes as _dt
from meshc.kernels.errors import KernelError
from meshc.kernels.fpstate import quiet
from meshc.sharding.combiners import COMBINERS as _TABLE

COMBINERS = tuple(c.short for c in _TABLE)
"""Combiner names (arith op names without the dialect) that the fast reduction paths accept:
those of :data:`meshc.sharding.combiners.COMBINERS`."""

_FLOAT_COMBINERS = frozenset(c.short for c in _TABLE if c.is_float)


def check(name: str, dtype: np.dtype) -> None:
    """Raise :class:`KernelError` unless ``name`` is a combiner for ``dtype``."""
    if name not in COMBINERS:
        raise KernelError(f"unknown reduction combiner '{name}' (known: {', '.join(COMBINERS)})")
    if (name in _FLOAT_COMBINERS) != _dt.is_float(dtype):
        raise KernelError(f"combiner '{name}' does not apply to dtype {dtype}")


def combine(name: str, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``arith.<name>(a, b)``."""
    return arith.BINARY[name](a, b)


def _finfo(dtype: np.dtype):
    if dtype in _dt.NARROW_FLOATS:
        import ml_dtypes  # loaded already: the dtype is one of its types

        return ml_dtypes.finfo(dtype)
    return np.finfo(dtype)


def _float_extreme(dtype: np.dtype, sign: int) -> np.ndarray:
    """+-inf in ``dtype``, or +-max finite for types without inf (f8E4M3FN)."""
    with np.errstate(all="ignore"):
        inf = np.array(sign * np.inf, np.float32).astype(dtype)
    if np.isinf(inf.astype(np.float32)):
        return inf
    fi = _finfo(dtype)
    return np.array(fi.max if sign > 0 else fi.min).astype(dtype)


def identity(name: str, dtype: np.dtype) -> np.ndarray:
    """0-d array ``e`` of ``dtype`` with ``combiner(x, e) == x`` for all x.

    Raises:
        KernelError: ``name`` is not a combiner of ``dtype``.
    """
    dtype = np.dtype(dtype)
    check(name, dtype)
    if name in ("maximumf", "minimumf"):
        return _float_extreme(dtype, -1 if name == "maximumf" else +1)
    if name in _FLOAT_COMBINERS:  # each value is exact in every float type
        value = {"addf": -0.0, "mulf": 1.0, "maxnumf": np.nan, "minnumf": np.nan}[name]
        with np.errstate(all="ignore"):
            return np.array(value).astype(dtype)
    bits = _dt.bitwidth(dtype)
    all_ones = np.array(-1).astype(dtype) if dtype.kind != "b" else np.array(True)
    if name in ("addi", "ori", "xori", "maxui"):
        return np.zeros((), dtype)
    if name == "muli":
        return np.ones((), dtype)
    if name in ("andi", "minui"):
        return all_ones
    if dtype.kind == "b":  # i1 read signed: true = -1 < false = 0
        return np.array(name == "maxsi")
    if dtype.kind == "u":
        # ui storage read signed: the bit patterns of INT_MIN / INT_MAX
        pattern = 1 << (bits - 1) if name == "maxsi" else (1 << (bits - 1)) - 1
        return np.array(pattern).astype(dtype)
    info = np.iinfo(dtype)
    return np.array(info.min if name == "maxsi" else info.max, dtype)


def _fix_zero_sign(r: np.ndarray, x: np.ndarray, axes: tuple[int, ...], keepdims: bool,
                   want_positive: bool) -> np.ndarray:
    """numpy's max/min ignore the sign of zero: a zero result becomes +0
    (max) if any +0 was reduced, or -0 (min) if any -0 was."""
    zero = r == 0
    if not np.any(zero):
        return r
    marked = (x == 0) & (np.signbit(x) != want_positive)
    found = np.logical_or.reduce(marked, axis=axes, keepdims=keepdims)
    if want_positive:
        fixed = np.where(found, np.zeros((), r.dtype), np.negative(np.zeros((), r.dtype)))
    else:
        fixed = np.where(found, np.negative(np.zeros((), r.dtype)), np.zeros((), r.dtype))
    return np.where(zero, fixed, r).astype(r.dtype)


_FLOAT_UFUNC = {"addf": np.add, "mulf": np.multiply, "maximumf": np.maximum,
                "minimumf": np.minimum, "maxnumf": np.fmax, "minnumf": np.fmin}
_BITWISE = {"andi": np.bitwise_and, "ori": np.bitwise_or, "xori": np.bitwise_xor}


def reduce_over(name: str, x: np.ndarray, axes: Sequence[int], keepdims: bool = False) -> np.ndarray:
    """Reduce ``x`` over ``axes`` with combiner ``name``; result dtype is
    ``x.dtype``. An empty reduction gives :func:`identity`.

    Floats narrower than f32 accumulate in f32 and round once at the end.

    Raises:
        KernelError: ``name`` is not a combiner of ``x.dtype``.
    """
    x = np.asarray(x)
    axes = tuple(int(a) for a in axes)
    dtype = x.dtype
    check(name, dtype)
    out_shape = tuple(1 if i in axes else n for i, n in enumerate(x.shape)) if keepdims else \
        tuple(n for i, n in enumerate(x.shape) if i not in axes)
    if any(x.shape[a] == 0 for a in axes):
        return np.full(out_shape, identity(name, dtype), dtype)
    if not axes:
        return x.copy()
    with quiet():
        if name in _FLOAT_UFUNC:
            wide = x.astype(np.float32) if (dtype in _dt.NARROW_FLOATS or dtype == np.float16) else x
            if name == "addf":  # numpy starts a sum at +0, which loses -0 + -0 = -0
                r = np.add.reduce(wide, axis=axes, keepdims=keepdims, initial=-0.0)
            else:
                r = _FLOAT_UFUNC[name].reduce(wide, axis=axes, keepdims=keepdims)
            if name not in ("addf", "mulf"):
                positive = name in ("maximumf", "maxnumf")
                r = _fix_zero_sign(np.asarray(r), wide, axes, keepdims, positive)
            return np.asarray(r).astype(dtype, copy=False)
        if name in _BITWISE:
            return np.asarray(_BITWISE[name].reduce(x, axis=axes, keepdims=keepdims))
        if dtype.kind == "b":
            # i1 arithmetic mod 2: add = xor, mul = and; signed max = and ...
            ufunc = {"addi": np.logical_xor, "muli": np.logical_and, "maxsi": np.logical_and,
                     "minsi": np.logical_or, "maxui": np.logical_or, "minui": np.logical_and}[name]
            return np.asarray(ufunc.reduce(x, axis=axes, keepdims=keepdims))
        if name in ("addi", "muli"):
            ufunc = np.add if name == "addi" else np.multiply
            return np.asarray(ufunc.reduce(x, axis=axes, keepdims=keepdims, dtype=dtype))
        read = arith.as_signed if name in ("maxsi", "minsi") else arith.as_unsigned
        ufunc = np.maximum if name in ("maxsi", "maxui") else np.minimum
        r = np.asarray(ufunc.reduce(read(x), axis=axes, keepdims=keepdims))
        return r.view(dtype) if r.dtype != dtype else r
