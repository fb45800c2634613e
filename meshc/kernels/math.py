"""Kernels of the MLIR ``math`` dialect over numpy scalars or arrays.

The float kernels accept ``out=``, a dead buffer to write the result into
(buffer donation, as in :mod:`meshc.kernels.arith`). Each function keeps
the dtype of its (first) operand: f32/f64 compute
natively, f16, bf16 and the 8-bit floats compute in f32 and round back once.
Results are new arrays (numpy scalars for scalar operands); warnings are
silenced (``log(0)`` is ``-inf`` as in MLIR/libm).

Rules (MLIR ``math`` dialect documentation, MathOps.td):

* ``round`` rounds halfway cases away from zero (2.5 -> 3, -2.5 -> -3);
  ``roundeven`` to even (2.5 -> 2).
* ``atan2(y, x)`` is the angle of the point (x, y), as libm.
* ``absi`` of INT_MIN is INT_MIN (two's-complement wrap).
* ``fma(a, b, c)`` is ``a * b + c`` rounded once. For f32 and narrower the
  product is exact in f64 and the sum rounds twice (f64 then target), which
  differs from a true fused result only in rare halfway cases; for f64 it is
  the unfused ``a * b + c`` (numpy has no fused multiply-add).
* ``erf``/``erfc`` have no numpy ufunc; they are computed in f64 from the
  Maclaurin-type series of Abramowitz & Stegun 7.1.6 for |x| < 2.5 and the
  continued fraction 7.1.14 for |x| >= 2.5. Measured against
  ``math.erf``/``math.erfc`` on [-7, 7]: erf relative error < 1e-14, erfc
  < 1e-11 (``1 - erf`` loses digits just below 2.5); f32 results are
  within 1 ulp (tested).
"""

from __future__ import annotations

import math as _pymath
from typing import Any, Callable

import numpy as np

from meshc.kernels import dtypes as _dt
from meshc.kernels.errors import KernelError
from meshc.kernels.fpstate import quiet

Value = Any


def _np(x: Any) -> Any:
    return x if isinstance(x, (np.ndarray, np.generic)) else np.asarray(x)[()]


def _float_kernel(name: str, fn: Callable, doc: str) -> Callable:
    """Kernel ``name`` applying ``fn`` to float operands of one dtype."""

    def kernel(*xs: Any, out: np.ndarray | None = None) -> Value:
        xs = tuple(_np(x) for x in xs)
        dt = xs[0].dtype
        for x in xs:
            if not _dt.is_float(x.dtype) or x.dtype != dt:
                raise KernelError(
                    f"math.{name}: expects float operands of one dtype, got "
                    f"{', '.join(str(y.dtype) for y in xs)}")
        with quiet():
            native = dt not in _dt.NARROW_FLOATS and dt != np.float16
            if out is not None:
                shape = np.broadcast_shapes(*(np.shape(x) for x in xs))
                if not isinstance(out, np.ndarray) or out.dtype != dt or out.shape != shape \
                        or not out.flags.writeable:
                    raise KernelError(f"math.{name}: out must be a writable {dt} array of shape {shape}")
                if native and isinstance(fn, np.ufunc):
                    fn(*xs, out=out)
                else:
                    out[...] = kernel(*xs)
                return out
            if not native:
                r = np.asarray(fn(*(x.astype(np.float32) for x in xs))).astype(dt)
            else:
                r = np.asarray(fn(*xs)).astype(dt, copy=False)
            return r[()] if r.ndim == 0 else r

    kernel.__name__ = kernel.__qualname__ = name
    kernel.__doc__ = doc
    return kernel


# ---------------------------------------------------------------- erf/erfc

_TWO_OVER_SQRT_PI = 2.0 / _pymath.sqrt(_pymath.pi)
_ONE_OVER_SQRT_PI = 1.0 / _pymath.sqrt(_pymath.pi)
_SERIES_LIMIT = 2.5  # |x| below: series 7.1.6; at or above: fraction 7.1.14
_FRACTION_DEPTH = 60


def _erf_series(x: np.ndarray) -> np.ndarray:
    """erf(x) = 2/sqrt(pi) exp(-x^2) sum_n 2^n x^(2n+1) / (1*3*...*(2n+1))
    (A&S 7.1.6). All terms are positive for x > 0: no cancellation."""
    x2 = x * x
    term = x.copy()
    total = x.copy()
    for n in range(1, 200):
        term = term * (2.0 * x2) / (2 * n + 1)
        total = total + term
        if not np.any(np.abs(term) > 1e-17 * np.abs(total)):
            break
    return _TWO_OVER_SQRT_PI * np.exp(-x2) * total


def _erfc_fraction(x: np.ndarray) -> np.ndarray:
    """erfc(x) for x >= 2.5: exp(-x^2)/sqrt(pi) / (x + (1/2)/(x + 1/(x +
    (3/2)/(x + ...)))) (A&S 7.1.14), evaluated bottom-up."""
    f = x.copy()
    for k in range(_FRACTION_DEPTH, 0, -1):
        f = x + (0.5 * k) / f
    return _ONE_OVER_SQRT_PI * np.exp(-x * x) / f


def _erf64(x: np.ndarray) -> np.ndarray:
    x = np.asarray(x, np.float64)
    ax = np.abs(x)
    out = np.empty_like(ax)
    small = ax < _SERIES_LIMIT
    out[small] = _erf_series(ax[small])
    large = ~small  # includes NaN, which propagates through the fraction
    out[large] = 1.0 - _erfc_fraction(ax[large])
    return np.copysign(out, x)


def _erfc64(x: np.ndarray) -> np.ndarray:
    x = np.asarray(x, np.float64)
    out = np.empty_like(x)
    big = x >= _SERIES_LIMIT
    out[big] = _erfc_fraction(x[big])
    rest = ~big
    out[rest] = 1.0 - _erf64(x[rest])
    return out


# ---------------------------------------------------------------- rounding


def _round_half_away(x: np.ndarray) -> np.ndarray:
    t = np.trunc(x)
    bump = np.abs(x - t) >= 0.5
    return np.where(bump, t + np.sign(x), t)


def _fma(a, b, c):
    if a.dtype == np.float64:
        return a * b + c
    return (a.astype(np.float64) * b.astype(np.float64) + c.astype(np.float64)).astype(a.dtype)


def _rsqrt(x):
    return 1.0 / np.sqrt(x)


_FLOAT_OPS: dict[str, tuple[Callable, str]] = {
    "exp": (np.exp, "e**x"),
    "exp2": (np.exp2, "2**x"),
    "expm1": (np.expm1, "e**x - 1, accurate near 0"),
    "log": (np.log, "natural logarithm"),
    "log2": (np.log2, "base-2 logarithm"),
    "log10": (np.log10, "base-10 logarithm"),
    "log1p": (np.log1p, "log(1 + x), accurate near 0"),
    "tanh": (np.tanh, "hyperbolic tangent"),
    "sinh": (np.sinh, "hyperbolic sine"),
    "cosh": (np.cosh, "hyperbolic cosine"),
    "asinh": (np.arcsinh, "inverse hyperbolic sine"),
    "acosh": (np.arccosh, "inverse hyperbolic cosine"),
    "atanh": (np.arctanh, "inverse hyperbolic tangent"),
    "sqrt": (np.sqrt, "square root (NaN below 0)"),
    "rsqrt": (_rsqrt, "1 / sqrt(x)"),
    "cbrt": (np.cbrt, "cube root"),
    "erf": (_erf64, "error function (see module docstring for the method)"),
    "erfc": (_erfc64, "1 - erf(x), accurate for large x"),
    "absf": (np.abs, "absolute value (clears the sign bit)"),
    "sin": (np.sin, "sine (radians)"),
    "cos": (np.cos, "cosine (radians)"),
    "tan": (np.tan, "tangent (radians)"),
    "asin": (np.arcsin, "arc sine"),
    "acos": (np.arccos, "arc cosine"),
    "atan": (np.arctan, "arc tangent"),
    "ceil": (np.ceil, "round toward +inf"),
    "floor": (np.floor, "round toward -inf"),
    "trunc": (np.trunc, "round toward zero"),
    "round": (_round_half_away, "round to nearest, halfway away from zero (2.5 -> 3)"),
    "roundeven": (np.rint, "round to nearest, halfway to even (2.5 -> 2)"),
    "isnan": (np.isnan, "NaN test (bool result)"),
    "isinf": (np.isinf, "infinity test (bool result)"),
    "isfinite": (np.isfinite, "finiteness test (bool result)"),
}

_FLOAT_BINARY: dict[str, tuple[Callable, str]] = {
    "powf": (np.power, "a ** b"),
    "atan2": (np.arctan2, "angle of the point (x=b, y=a)"),
    "copysign": (np.copysign, "magnitude of a with the sign of b"),
}

UNARY: dict[str, Callable[[Value], Value]] = {
    name: _float_kernel(name, fn, f"``math.{name}``: {doc}.") for name, (fn, doc) in _FLOAT_OPS.items()
}
"""Unary math ops on floats by MLIR name (without ``math.``)."""

NATIVE_UNARY: dict[str, Callable[[Value], Value]] = {name: fn for name, (fn, _) in _FLOAT_OPS.items()}
"""The numpy function each :data:`UNARY` kernel applies to f32/f64 arrays (its result cast back
to the operand's dtype when it differs)."""

# The classification ops return bool, not the operand dtype.
for _name in ("isnan", "isinf", "isfinite"):
    _fn = _FLOAT_OPS[_name][0]

    def _classify(x: Any, _fn: Callable = _fn, _name: str = _name) -> Value:
        x = _np(x)
        if not _dt.is_float(x.dtype):
            raise KernelError(f"math.{_name}: expects a float operand, got dtype {x.dtype}")
        wide = x.astype(np.float32) if x.dtype in _dt.NARROW_FLOATS else x
        return _fn(wide)

    _classify.__name__ = _classify.__qualname__ = _name
    _classify.__doc__ = f"``math.{_name}``: {_FLOAT_OPS[_name][1]}."
    UNARY[_name] = _classify

BINARY: dict[str, Callable[[Value, Value], Value]] = {
    name: _float_kernel(name, fn, f"``math.{name}``: {doc}.") for name, (fn, doc) in _FLOAT_BINARY.items()
}
"""Binary math ops on floats by MLIR name."""

fma = _float_kernel("fma", _fma, "``math.fma``: a * b + c (see module docstring on rounding).")
TERNARY: dict[str, Callable[[Value, Value, Value], Value]] = {"fma": fma}
"""Ternary math ops by MLIR name."""

exp, exp2, expm1 = UNARY["exp"], UNARY["exp2"], UNARY["expm1"]
log, log2, log10, log1p = UNARY["log"], UNARY["log2"], UNARY["log10"], UNARY["log1p"]
tanh, sqrt, rsqrt, cbrt = UNARY["tanh"], UNARY["sqrt"], UNARY["rsqrt"], UNARY["cbrt"]
erf, erfc, absf = UNARY["erf"], UNARY["erfc"], UNARY["absf"]
sin, cos, tan, atan = UNARY["sin"], UNARY["cos"], UNARY["tan"], UNARY["atan"]
ceil, floor, trunc = UNARY["ceil"], UNARY["floor"], UNARY["trunc"]
round, roundeven = UNARY["round"], UNARY["roundeven"]  # noqa: A001 (MLIR's name)
powf, atan2, copysign = BINARY["powf"], BINARY["atan2"], BINARY["copysign"]


# ---------------------------------------------------------------- integers


def _int_operand(name: str, x: Any) -> Any:
    x = _np(x)
    if x.dtype.kind not in "iu":
        raise KernelError(f"math.{name}: expects an integer operand, got dtype {x.dtype}")
    return x


def absi(x: Value) -> Value:
    """``math.absi``: |x| read signed; INT_MIN stays INT_MIN (wraps)."""
    x = _int_operand("absi", x)
    with np.errstate(all="ignore"):
        return np.abs(x)


def _popcount(u: np.ndarray) -> np.ndarray:
    if hasattr(np, "bitwise_count"):
        return np.bitwise_count(u)
    table = np.array([bin(i).count("1") for i in range(256)], np.uint8)
    u = np.ascontiguousarray(u)
    byte_counts = table[u.view(np.uint8).reshape(u.shape + (u.dtype.itemsize,))]
    return byte_counts.sum(axis=-1, dtype=np.uint8)


def ctpop(x: Value) -> Value:
    """``math.ctpop``: number of set bits, in the operand's dtype (i8 -1 ->
    8)."""
    x = _int_operand("ctpop", x)
    unsigned = x.view(np.dtype(f"uint{x.dtype.itemsize * 8}"))
    return np.asarray(_popcount(np.asarray(unsigned))).astype(x.dtype)[()]


def ipowi(base: Value, exponent: Value) -> Value:
    """``math.ipowi``: integer power with wrapping; a negative exponent
    gives 0 except for base 1 (-> 1) and -1 (-> +-1), the rule of MLIR's
    expansion of ``math.ipowi``. Zero base to a negative power (UB in MLIR)
    gives 0."""
    b = _int_operand("ipowi", base)
    e = _int_operand("ipowi", exponent)
    if b.dtype != e.dtype:
        raise KernelError(f"math.ipowi: operand dtypes differ: {b.dtype} vs {e.dtype}")
    with np.errstate(all="ignore"):
        b, e = np.broadcast_arrays(np.asarray(b), np.asarray(e))
        result = np.ones(b.shape, b.dtype)
        power = b.copy()
        rest = np.where(e < 0, 0, e).astype(np.uint64)
        while np.any(rest):
            odd = (rest & 1).astype(bool)
            result = np.where(odd, result * power, result)
            power = power * power
            rest = rest >> np.uint64(1)
        negative = e < 0
        neg_value = np.where(b == 1, 1, np.where(b == -1, np.where(e % 2 == 0, 1, -1), 0))
        return np.where(negative, neg_value, result).astype(b.dtype)[()]


INT_UNARY: dict[str, Callable[[Value], Value]] = {"absi": absi, "ctpop": ctpop}
"""Unary math ops on integers by MLIR name."""
