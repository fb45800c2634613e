"""Kernels of the MLIR ``arith`` dialect over numpy scalars or arrays.

Every function takes numpy arrays or numpy scalars (a plain Python number
is converted to the other operand's dtype) and broadcasts like numpy. The
result is a new array (or numpy scalar for scalar operands); inputs are
never written. Both operands of a binary op must have the same dtype (MLIR
requires equal operand types), else :class:`KernelError`.

Storage (see :mod:`meshc.kernels.dtypes`): signless ``iN`` are signed numpy
ints of the width, ``i1`` is ``bool``. Ops with an ``s``/``u`` in their
name reinterpret the same bits as two's-complement signed or unsigned; for
``i1`` that makes ``true`` equal to ``-1`` signed and ``1`` unsigned, as in
MLIR. Integer results wrap modulo 2**N and never warn.

Undefined behaviour (MLIR calls it UB or poison) gets a fixed, documented
value instead of a crash:

* ``divsi divui ceildivsi floordivsi remsi remui`` with a zero divisor -> 0;
* ``divsi``/``floordivsi``/``ceildivsi`` of INT_MIN by -1 -> INT_MIN (wraps);
* ``shli shrsi shrui`` by an amount >= the bit width (read unsigned) -> 0;
* ``fptosi``/``fptoui`` of NaN -> 0, out-of-range -> saturate to the
  target's min/max.

Buffer donation: every binary op and ``negf`` take an optional ``out=``, a
writable array of the result's dtype and broadcast shape that the caller
no longer needs (it may be one of the operands, e.g. a temporary at its
last use). The result is written there and ``out`` is returned; this is the
reuse numpy's own temporary elision does inside ``a * b + c``. Without
``out`` the kernels are pure.

Float ops on ``bf16`` and the 8-bit float types widen to f32, compute, and
round back once; f32 holds more than twice their precision plus two bits,
so that is the correctly rounded result of the single op.

Source: MLIR ``arith`` dialect documentation (ArithOps.td), including the
NaN and signed-zero rules of ``maximumf``/``minimumf`` (IEEE 754-2019
maximum/minimum: NaN propagates, -0 < +0) and ``maxnumf``/``minnumf``
(IEEE maxNum/minNum: a NaN operand is ignored). For ``maxnumf``/``minnumf``
MLIR leaves the sign of a zero result open when the operands are -0 and
+0; these kernels order -0 < +0 there too.
"""

from __future__ import annotations

import functools
from typing import Any, Callable

import numpy as np

from meshc.kernels import dtypes as _dt
from meshc.kernels.errors import KernelError
from meshc.kernels.fpstate import _STATE as _FP_STATE

Value = Any  # np.ndarray | np.generic


def _quiet(fn: Callable) -> Callable:
    """Run ``fn`` with numpy floating-point/overflow warnings silenced (entered here only outside a
    :func:`meshc.kernels.fpstate.quiet_scope`, which has silenced them already)."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        if getattr(_FP_STATE, "depth", 0):
            return fn(*args, **kwargs)
        with np.errstate(all="ignore"):
            return fn(*args, **kwargs)

    return wrapper


# ---------------------------------------------------------------- operands


def _np(x: Any, like: Any = None) -> Any:
    if isinstance(x, (np.ndarray, np.generic)):
        return x
    if like is not None:
        with np.errstate(all="ignore"):
            return np.array(x).astype(like.dtype)[()]
    return np.asarray(x)[()]


def _pair(op: str, a: Any, b: Any) -> tuple[Any, Any]:
    a_np = isinstance(a, (np.ndarray, np.generic))
    b_np = isinstance(b, (np.ndarray, np.generic))
    if a_np and b_np:
        if a.dtype != b.dtype:
            raise KernelError(f"arith.{op}: operand dtypes differ: {a.dtype} vs {b.dtype}")
        return a, b
    if a_np:
        return a, _np(b, a)
    if b_np:
        return _np(a, b), b
    return _np(a), _np(b)


def _need_float(op: str, *xs: Any) -> None:
    for x in xs:
        if not _dt.is_float(x.dtype):
            raise KernelError(f"arith.{op}: expects a float operand, got dtype {x.dtype}")


def _need_int(op: str, *xs: Any) -> None:
    for x in xs:
        if x.dtype.kind not in "biu":
            raise KernelError(f"arith.{op}: expects an integer operand, got dtype {x.dtype}")


def as_signed(x: Value) -> Value:
    """Bits of integer ``x`` read as two's-complement signed, in a signed
    numpy int of the width (``i1``: ``int8`` 0 / -1)."""
    kind = x.dtype.kind
    if kind == "b":
        return np.negative(x.astype(np.int8))
    if kind == "u":
        return x.view(_dt.signed_int(x.dtype.itemsize * 8))
    return x


def as_unsigned(x: Value) -> Value:
    """Bits of integer ``x`` read as unsigned, in an unsigned numpy int of
    the width (``i1``: ``uint8`` 0 / 1)."""
    kind = x.dtype.kind
    if kind == "b":
        return x.astype(np.uint8)
    if kind == "i":
        return x.view(_dt.unsigned_int(x.dtype.itemsize * 8))
    return x


def _store(r: Value, dtype: np.dtype) -> Value:
    """Integer result ``r`` truncated (wrapping) into storage ``dtype``."""
    if dtype.kind == "b":
        return (r & 1).astype(bool)
    if r.dtype == dtype:
        return r
    if r.dtype.itemsize == dtype.itemsize:
        return r.view(dtype)
    return r.astype(dtype)


def _widened(fn: Callable, *xs: Value) -> Value:
    """``fn`` on float operands; narrow floats go through f32."""
    dt = xs[0].dtype
    if dt in _dt.NARROW_FLOATS:
        return fn(*(x.astype(np.float32) for x in xs)).astype(dt)
    return fn(*xs)


def _into(op: str, out: Any, fn: Callable, *xs: Value) -> np.ndarray:
    """``fn(*xs)`` written into the caller's buffer ``out`` (see module
    docstring, "buffer donation"); returns ``out``."""
    shapes = [np.shape(x) for x in xs]
    shape = shapes[0] if all(s == shapes[0] for s in shapes) else np.broadcast_shapes(*shapes)
    if not isinstance(out, np.ndarray) or out.dtype != xs[0].dtype or out.shape != shape \
            or not out.flags.writeable:
        got = f"{out.dtype} {out.shape}" if isinstance(out, np.ndarray) else type(out).__name__
        raise KernelError(f"arith.{op}: out must be a writable {xs[0].dtype} array of shape {shape}, got {got}")
    if isinstance(fn, np.ufunc) and xs[0].dtype not in _dt.NARROW_FLOATS:
        fn(*xs, out=out)
    else:
        out[...] = fn(*xs)
    return out


def _float_binary(name: str, ufunc: Callable) -> Callable:
    def general(a: Value, b: Value, out: np.ndarray | None = None) -> Value:
        a, b = _pair(name, a, b)
        _need_float(name, a)
        if out is not None:
            return _into(name, out, functools.partial(_widened, ufunc)
                         if a.dtype in _dt.NARROW_FLOATS else ufunc, a, b)
        return _widened(ufunc, a, b)

    nd = np.ndarray

    def kernel(a: Value, b: Value, out: np.ndarray | None = None) -> Value:
        if not getattr(_FP_STATE, "depth", 0):
            with np.errstate(all="ignore"):
                return general(a, b, out)
        # two arrays of one native float dtype (the common case): straight to the ufunc
        if type(a) is nd and type(b) is nd:
            dt = a.dtype
            if dt is b.dtype and dt.kind == "f":
                if out is None:
                    return ufunc(a, b)
                if type(out) is nd and out.dtype is dt and out.shape == a.shape == b.shape \
                        and out.flags.writeable:
                    ufunc(a, b, out=out)
                    return out
        return general(a, b, out)

    kernel.__name__ = name
    kernel.__qualname__ = name
    kernel.__doc__ = f"``arith.{name}``: elementwise ``{ufunc.__name__}`` of two floats."
    return kernel


# ------------------------------------------------------------ float binary

addf = _float_binary("addf", np.add)
subf = _float_binary("subf", np.subtract)
mulf = _float_binary("mulf", np.multiply)
divf = _float_binary("divf", np.divide)
remf = _float_binary("remf", np.fmod)
remf.__doc__ = "``arith.remf``: float remainder with the sign of the dividend (C fmod)."


@_quiet
def negf(a: Value, out: np.ndarray | None = None) -> Value:
    """``arith.negf``: flips the sign bit (also of 0 and NaN)."""
    a = _np(a)
    _need_float("negf", a)
    if out is not None:
        return _into("negf", out, np.negative if a.dtype not in _dt.NARROW_FLOATS
                     else functools.partial(_widened, np.negative), a)
    return _widened(np.negative, a)


def _max_ordered(a: Value, b: Value) -> Value:
    # Equal operands differ only in the sign of zero: +0 wins unless both -0.
    return np.where(a == b, np.where(np.signbit(a), b, a), np.maximum(a, b))


def _min_ordered(a: Value, b: Value) -> Value:
    return np.where(a == b, np.where(np.signbit(a), a, b), np.minimum(a, b))


def _max_num(a: Value, b: Value) -> Value:
    return np.where(a == b, np.where(np.signbit(a), b, a), np.fmax(a, b))


def _min_num(a: Value, b: Value) -> Value:
    return np.where(a == b, np.where(np.signbit(a), a, b), np.fmin(a, b))


def _float_select_op(name: str, fn: Callable, doc: str) -> Callable:
    @_quiet
    def kernel(a: Value, b: Value, out: np.ndarray | None = None) -> Value:
        a, b = _pair(name, a, b)
        _need_float(name, a)
        if out is not None:
            return _into(name, out, functools.partial(_widened, fn), a, b)
        r = _widened(fn, a, b)
        return r[()] if r.ndim == 0 else r

    kernel.__name__ = name
    kernel.__qualname__ = name
    kernel.__doc__ = doc
    return kernel


maximumf = _float_select_op(
    "maximumf", _max_ordered,
    "``arith.maximumf``: larger operand; a NaN operand gives NaN; -0 < +0.")
minimumf = _float_select_op(
    "minimumf", _min_ordered,
    "``arith.minimumf``: smaller operand; a NaN operand gives NaN; -0 < +0.")
maxnumf = _float_select_op(
    "maxnumf", _max_num,
    "``arith.maxnumf``: larger operand, a NaN operand is ignored (NaN only "
    "if both are NaN); -0 < +0 (MLIR leaves that choice open).")
minnumf = _float_select_op(
    "minnumf", _min_num,
    "``arith.minnumf``: smaller operand, a NaN operand is ignored (NaN only "
    "if both are NaN); -0 < +0 (MLIR leaves that choice open).")


# ---------------------------------------------------------- integer binary


def _int_kernel(name: str, doc: str | None = None):
    """Decorate ``fn(a, b)`` (same-dtype integer operands) as kernel
    ``name``; ``doc`` replaces the docstring when given."""

    def deco(fn: Callable) -> Callable:
        @_quiet
        def kernel(a: Value, b: Value, out: np.ndarray | None = None) -> Value:
            a, b = _pair(name, a, b)
            _need_int(name, a)
            if out is not None:
                return _into(name, out, fn, a, b)
            return fn(a, b)

        kernel.__name__ = kernel.__qualname__ = name
        kernel.__doc__ = doc if doc else fn.__doc__
        return kernel

    return deco


def _i1_wrapping(ufunc: np.ufunc) -> Callable:
    """``ufunc`` on i1 operands via int8 and back to one bit."""

    def fn(a: Value, b: Value) -> Value:
        return _store(ufunc(as_signed(a), as_signed(b)), a.dtype)

    return fn


def _int_ufunc_kernel(name: str, ufunc: np.ufunc, doc: str) -> Callable:
    @_quiet
    def kernel(a: Value, b: Value, out: np.ndarray | None = None) -> Value:
        a, b = _pair(name, a, b)
        _need_int(name, a)
        fn = _i1_wrapping(ufunc) if a.dtype.kind == "b" else ufunc
        if out is not None:
            return _into(name, out, fn, a, b)
        return fn(a, b)

    kernel.__name__ = kernel.__qualname__ = name
    kernel.__doc__ = doc
    return kernel


addi = _int_ufunc_kernel("addi", np.add, "``arith.addi``: sum modulo 2**N (i8: 127 + 1 = -128).")
subi = _int_ufunc_kernel("subi", np.subtract, "``arith.subi``: difference modulo 2**N.")
muli = _int_ufunc_kernel("muli", np.multiply, "``arith.muli``: low N bits of the product.")


def _divisor(b: Value) -> tuple[Value, Value, Value]:
    """(safe divisor, b == 0, b == -1): the safe divisor is 1 where b is 0
    or -1 so no numpy path can trap; callers patch those lanes."""
    zero = b == 0
    minus_one = b == -1
    safe = np.where(zero | minus_one, np.ones((), b.dtype), b).astype(b.dtype)
    return safe, zero, minus_one


@_int_kernel("divsi")
def divsi(a: Value, b: Value) -> Value:
    """``arith.divsi``: signed quotient rounded toward zero (-7 / 2 = -3).

    Division by zero is UB in MLIR: returns 0. INT_MIN / -1 wraps to INT_MIN.
    """
    sa, sb = as_signed(a), as_signed(b)
    safe, zero, minus_one = _divisor(sb)
    rem = np.fmod(sa, safe)
    q = (sa - rem) // safe
    q = np.where(minus_one, np.negative(sa), q)
    return _store(np.where(zero, np.zeros((), sa.dtype), q).astype(sa.dtype), a.dtype)[()]


@_int_kernel("remsi")
def remsi(a: Value, b: Value) -> Value:
    """``arith.remsi``: signed remainder with the sign of the dividend
    (-7 rem 2 = -1, 7 rem -2 = 1). Zero divisor (UB in MLIR): returns 0."""
    sa, sb = as_signed(a), as_signed(b)
    safe, zero, minus_one = _divisor(sb)
    r = np.where(zero | minus_one, np.zeros((), sa.dtype), np.fmod(sa, safe)).astype(sa.dtype)
    return _store(r, a.dtype)[()]


@_int_kernel("floordivsi")
def floordivsi(a: Value, b: Value) -> Value:
    """``arith.floordivsi``: signed quotient rounded toward -inf (-7 / 2 =
    -4). Zero divisor (UB in MLIR): returns 0."""
    sa, sb = as_signed(a), as_signed(b)
    safe, zero, minus_one = _divisor(sb)
    q = np.where(minus_one, np.negative(sa), sa // safe)
    return _store(np.where(zero, np.zeros((), sa.dtype), q).astype(sa.dtype), a.dtype)[()]


@_int_kernel("ceildivsi")
def ceildivsi(a: Value, b: Value) -> Value:
    """``arith.ceildivsi``: signed quotient rounded toward +inf (7 / 2 = 4,
    -7 / 2 = -3). Zero divisor (UB in MLIR): returns 0."""
    sa, sb = as_signed(a), as_signed(b)
    safe, zero, minus_one = _divisor(sb)
    q = sa // safe + (np.remainder(sa, safe) != 0).astype(sa.dtype)
    q = np.where(minus_one, np.negative(sa), q)
    return _store(np.where(zero, np.zeros((), sa.dtype), q).astype(sa.dtype), a.dtype)[()]


@_int_kernel("divui")
def divui(a: Value, b: Value) -> Value:
    """``arith.divui``: quotient of the bits read unsigned (i8: -2 / 2 =
    254 / 2 = 127). Zero divisor (UB in MLIR): returns 0."""
    ua, ub = as_unsigned(a), as_unsigned(b)
    zero = ub == 0
    safe = np.where(zero, np.ones((), ub.dtype), ub).astype(ub.dtype)
    q = np.where(zero, np.zeros((), ua.dtype), ua // safe).astype(ua.dtype)
    return _store(q, a.dtype)[()]


@_int_kernel("remui")
def remui(a: Value, b: Value) -> Value:
    """``arith.remui``: remainder of the bits read unsigned. Zero divisor
    (UB in MLIR): returns 0."""
    ua, ub = as_unsigned(a), as_unsigned(b)
    zero = ub == 0
    safe = np.where(zero, np.ones((), ub.dtype), ub).astype(ub.dtype)
    r = np.where(zero, np.zeros((), ua.dtype), ua % safe).astype(ua.dtype)
    return _store(r, a.dtype)[()]


andi = _int_ufunc_kernel("andi", np.bitwise_and, "``arith.andi``: bitwise and.")
ori = _int_ufunc_kernel("ori", np.bitwise_or, "``arith.ori``: bitwise or.")
xori = _int_ufunc_kernel("xori", np.bitwise_xor, "``arith.xori``: bitwise exclusive or.")


def _shift_amount(a: Value, b: Value) -> tuple[Value, Value]:
    ub = as_unsigned(b)
    big = ub >= _dt.bitwidth(a.dtype)
    return np.where(big, np.zeros((), ub.dtype), ub).astype(ub.dtype), big


@_int_kernel("shli")
def shli(a: Value, b: Value) -> Value:
    """``arith.shli``: shift left, low N bits kept. Amount (read unsigned)
    >= N is poison in MLIR: returns 0."""
    ua = as_unsigned(a)
    amount, big = _shift_amount(a, b)
    r = np.where(big, np.zeros((), ua.dtype), np.left_shift(ua, amount.astype(ua.dtype)))
    return _store(r.astype(ua.dtype), a.dtype)[()]


@_int_kernel("shrui")
def shrui(a: Value, b: Value) -> Value:
    """``arith.shrui``: logical shift right (zeros in). Amount >= N is
    poison in MLIR: returns 0."""
    ua = as_unsigned(a)
    amount, big = _shift_amount(a, b)
    r = np.where(big, np.zeros((), ua.dtype), np.right_shift(ua, amount.astype(ua.dtype)))
    return _store(r.astype(ua.dtype), a.dtype)[()]


@_int_kernel("shrsi")
def shrsi(a: Value, b: Value) -> Value:
    """``arith.shrsi``: arithmetic shift right (sign bit in; i8: -8 >> 1 =
    -4). Amount >= N is poison in MLIR: returns 0."""
    sa = as_signed(a)
    amount, big = _shift_amount(a, b)
    r = np.where(big, np.zeros((), sa.dtype), np.right_shift(sa, amount.astype(sa.dtype)))
    return _store(r.astype(sa.dtype), a.dtype)[()]


def _minmax(ufunc: Callable, reinterpret: Callable) -> Callable:
    def fn(a: Value, b: Value) -> Value:
        return _store(ufunc(reinterpret(a), reinterpret(b)), a.dtype)

    return fn


maxsi = _int_kernel("maxsi", "``arith.maxsi``: larger operand read signed.")(_minmax(np.maximum, as_signed))
minsi = _int_kernel("minsi", "``arith.minsi``: smaller operand read signed.")(_minmax(np.minimum, as_signed))
maxui = _int_kernel("maxui", "``arith.maxui``: larger operand read unsigned.")(_minmax(np.maximum, as_unsigned))
minui = _int_kernel("minui", "``arith.minui``: smaller operand read unsigned.")(_minmax(np.minimum, as_unsigned))


# ------------------------------------------------------------- comparisons

CMPI_PREDICATES = ("eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge")
_CMP_UFUNC = {"eq": np.equal, "ne": np.not_equal, "lt": np.less, "le": np.less_equal,
              "gt": np.greater, "ge": np.greater_equal}


@_quiet
def cmpi(predicate: str, a: Value, b: Value) -> Value:
    """``arith.cmpi``: bool result of ``predicate`` (one of
    :data:`CMPI_PREDICATES`). ``s*`` read the bits signed, ``u*`` unsigned
    (i8: -1 ult 1 is false because -1 is 255).

    Raises:
        KernelError: unknown predicate, or non-integer / mismatched operands.
    """
    if predicate not in CMPI_PREDICATES:
        raise KernelError(f"arith.cmpi: unknown predicate '{predicate}' (expected one of {CMPI_PREDICATES})")
    a, b = _pair("cmpi", a, b)
    _need_int("cmpi", a)
    if predicate in ("eq", "ne"):
        return _CMP_UFUNC[predicate](a, b)
    read = as_signed if predicate[0] == "s" else as_unsigned
    return _CMP_UFUNC[predicate[1:]](read(a), read(b))


CMPF_PREDICATES = ("false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
                   "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true")


def _cmpf_values(predicate: str, a: Value, b: Value) -> Value:
    if predicate in ("false", "true"):
        shape = np.broadcast_shapes(np.shape(a), np.shape(b))
        return np.full(shape, predicate == "true")
    if predicate in ("ord", "uno"):
        unordered = np.isnan(a) | np.isnan(b)
        return unordered if predicate == "uno" else ~unordered
    if predicate == "one":
        return (a < b) | (a > b)
    if predicate == "ueq":
        return (a == b) | np.isnan(a) | np.isnan(b)
    if predicate == "une":
        return a != b  # true when unordered
    if predicate[0] == "o":  # numpy's <, <=, ==, >, >= are false on NaN
        return _CMP_UFUNC[predicate[1:]](a, b)
    # u<rel>: unordered or rel  ==  not (ordered and not rel)
    negated = {"gt": np.less_equal, "ge": np.less, "lt": np.greater_equal, "le": np.greater}
    return ~negated[predicate[1:]](a, b)


@_quiet
def cmpf(predicate: str, a: Value, b: Value) -> Value:
    """``arith.cmpf``: bool result of ``predicate`` (one of
    :data:`CMPF_PREDICATES`). ``o*`` are false when either operand is NaN,
    ``u*`` are true then; ``ord``/``uno`` test for NaN only; ``false``/
    ``true`` are constant.

    Raises:
        KernelError: unknown predicate, or non-float / mismatched operands.
    """
    if predicate not in CMPF_PREDICATES:
        raise KernelError(f"arith.cmpf: unknown predicate '{predicate}' (expected one of {CMPF_PREDICATES})")
    a, b = _pair("cmpf", a, b)
    _need_float("cmpf", a)
    if a.dtype in _dt.NARROW_FLOATS:
        a, b = a.astype(np.float32), b.astype(np.float32)
    return _cmpf_values(predicate, a, b)[()]


def select(condition: Value, a: Value, b: Value) -> Value:
    """``arith.select``: ``a`` where ``condition`` (bool, scalar or
    broadcastable) is true, else ``b``; result dtype is the operands'.

    Raises:
        KernelError: ``condition`` is not bool, or ``a``/``b`` dtypes differ.
    """
    cond = _np(condition)
    if cond.dtype != np.bool_:
        raise KernelError(f"arith.select: condition must be i1 (bool), got dtype {cond.dtype}")
    a, b = _pair("select", a, b)
    return np.where(cond, a, b).astype(a.dtype, copy=False)[()]


# ------------------------------------------------------------------- casts


def _int_to(x: Value, to: np.dtype, signed: bool) -> Value:
    """Sign- or zero-extend / truncate integer ``x`` into storage ``to``."""
    if to.kind == "b":
        return (as_unsigned(x) & 1).astype(bool)
    src = as_signed(x) if signed else as_unsigned(x)
    return src.astype(to)


def _cast_args(op: str, x: Any, to: Any, src: str, dst: str) -> tuple[Value, np.dtype]:
    x = _np(x)
    to = _dt.as_dtype(to)
    for what, dt in (("source", x.dtype), ("target", to)):
        kind = src if what == "source" else dst
        ok = _dt.is_float(dt) if kind == "float" else dt.kind in "biu"
        if not ok:
            raise KernelError(f"arith.{op}: {what} dtype {dt} is not {kind}")
    return x, to


@_quiet
def extsi(x: Value, to: Any) -> Value:
    """``arith.extsi``: sign-extend to the wider integer type ``to``
    (i1 true -> -1)."""
    x, to = _cast_args("extsi", x, to, "int", "int")
    return _int_to(x, to, signed=True)[()]


@_quiet
def extui(x: Value, to: Any) -> Value:
    """``arith.extui``: zero-extend to the wider integer type ``to``
    (i8 -1 -> i32 255)."""
    x, to = _cast_args("extui", x, to, "int", "int")
    return _int_to(x, to, signed=False)[()]


@_quiet
def trunci(x: Value, to: Any) -> Value:
    """``arith.trunci``: keep the low bits (i32 300 -> i8 44)."""
    x, to = _cast_args("trunci", x, to, "int", "int")
    return _int_to(x, to, signed=True)[()]


@_quiet
def index_cast(x: Value, to: Any) -> Value:
    """``arith.index_cast``: between ``index`` and an integer type;
    sign-extends when widening, truncates when narrowing."""
    x, to = _cast_args("index_cast", x, to, "int", "int")
    return _int_to(x, to, signed=True)[()]


@_quiet
def index_castui(x: Value, to: Any) -> Value:
    """``arith.index_castui``: as :func:`index_cast` but zero-extends."""
    x, to = _cast_args("index_castui", x, to, "int", "int")
    return _int_to(x, to, signed=False)[()]


def to_float(x: Value, to: np.dtype) -> Value:
    """Float or integer ``x`` rounded to nearest-even into float type ``to``.

    A direct f64 -> bf16/f8 conversion in ml_dtypes rounds twice (via f32);
    here f64 goes to f32 with round-to-odd first, which makes the second
    rounding exact (the classic round-to-odd argument: f32 has more than
    p + 2 bits for every narrow type p). Integers go through f64 first, so
    an integer above 2**53 can round twice on its way to bf16/f8.
    """
    if to not in _dt.NARROW_FLOATS or x.dtype.itemsize < 8 and _dt.is_float(x.dtype):
        return x.astype(to)
    wide = x.astype(np.float64)
    near = wide.astype(np.float32)
    inexact = near.astype(np.float64) != wide
    # Truncate toward zero, then set the sticky low bit where inexact.
    too_far = np.abs(near.astype(np.float64)) > np.abs(wide)
    trunc = np.where(too_far, np.nextafter(near, np.zeros((), np.float32)), near).astype(np.float32)
    bits = trunc.view(np.uint32) | inexact.astype(np.uint32)
    odd = np.where(inexact & np.isfinite(wide), bits.view(np.float32), near)
    return odd.astype(np.float32).astype(to)


@_quiet
def extf(x: Value, to: Any) -> Value:
    """``arith.extf``: widen a float (exact)."""
    x, to = _cast_args("extf", x, to, "float", "float")
    return x.astype(to)[()]


@_quiet
def truncf(x: Value, to: Any) -> Value:
    """``arith.truncf``: narrow a float, round to nearest even (MLIR's
    default rounding mode; the ``roundingmode`` attribute is not modelled).
    Overflow gives inf, or NaN for types without inf (f8E4M3FN)."""
    x, to = _cast_args("truncf", x, to, "float", "float")
    return to_float(x, to)[()]


@_quiet
def sitofp(x: Value, to: Any) -> Value:
    """``arith.sitofp``: integer read signed -> nearest float."""
    x, to = _cast_args("sitofp", x, to, "int", "float")
    return to_float(as_signed(x), to)[()]


@_quiet
def uitofp(x: Value, to: Any) -> Value:
    """``arith.uitofp``: integer read unsigned -> nearest float (i8 -1 ->
    255.0)."""
    x, to = _cast_args("uitofp", x, to, "int", "float")
    return to_float(as_unsigned(x), to)[()]


def _fp_to_int(x: Value, to: np.dtype, signed: bool) -> Value:
    w = _dt.bitwidth(to)
    t = np.trunc(np.where(np.isnan(x), 0, x.astype(np.float64)))
    if signed:
        lo, hi = -float(2 ** (w - 1)), float(2 ** (w - 1))
        store = _dt.signed_int(max(w, 8))
        imin, imax = -(2 ** (w - 1)), 2 ** (w - 1) - 1
    else:
        lo, hi = 0.0, float(2 ** w)
        store = _dt.unsigned_int(max(w, 8))
        imin, imax = 0, 2 ** w - 1
    inside = (t >= lo) & (t < hi)
    r = np.where(inside, t, 0).astype(store)
    r = np.where(t >= hi, np.array(imax).astype(store), r)
    r = np.where(t < lo, np.array(imin).astype(store), r).astype(store)
    return _store(r, to)


@_quiet
def fptosi(x: Value, to: Any) -> Value:
    """``arith.fptosi``: float -> signed integer, rounded toward zero
    (-2.7 -> -2). NaN -> 0 and out-of-range saturates (poison in MLIR)."""
    x, to = _cast_args("fptosi", x, to, "float", "int")
    return _fp_to_int(x, to, signed=True)[()]


@_quiet
def fptoui(x: Value, to: Any) -> Value:
    """``arith.fptoui``: float -> unsigned integer bits, rounded toward zero
    (i8: 200.9 -> 200, stored signless as -56). NaN -> 0, negative -> 0 and
    too large -> all ones (poison in MLIR)."""
    x, to = _cast_args("fptoui", x, to, "float", "int")
    return _fp_to_int(x, to, signed=False)[()]


def bitcast(x: Value, to: Any) -> Value:
    """``arith.bitcast``: same bits read as type ``to`` of the same width
    (f32 1.0 -> i32 1065353216).

    Raises:
        KernelError: the bit widths differ.
    """
    x = _np(x)
    to = _dt.as_dtype(to)
    wa, wb = _dt.bitwidth(x.dtype), _dt.bitwidth(to)
    if wa != wb or x.dtype.itemsize != to.itemsize:
        raise KernelError(f"arith.bitcast: bit widths differ: {x.dtype} ({wa}) vs {to} ({wb})")
    return x.view(to).copy()[()] if isinstance(x, np.ndarray) else x.view(to)


def convert(x: Value, to: Any, signed: bool = True) -> Value:
    """Value ``x`` in element type ``to`` as linalg's ``TypeFn.cast_signed``
    (``signed=True``) / ``cast_unsigned`` do: int -> int extends (sign or
    zero) or truncates, int -> float is ``sitofp``/``uitofp``, float -> int
    is ``fptosi``/``fptoui``, float -> float rounds to nearest even. Returns
    ``x`` itself when the dtype already matches.

    Source: MLIR linalg OpDSL ``TypeFn`` (``cast_signed``, ``cast_unsigned``).
    """
    x = _np(x)
    to = _dt.as_dtype(to)
    if x.dtype == to:
        return x
    src_float = _dt.is_float(x.dtype)
    dst_float = _dt.is_float(to)
    with np.errstate(all="ignore"):
        if src_float and dst_float:
            return to_float(x, to)[()]
        if dst_float:
            return to_float(as_signed(x) if signed else as_unsigned(x), to)[()]
        if src_float:
            return _fp_to_int(x, to, signed)[()]
        return _int_to(x, to, signed)[()]


# --------------------------------------------------------------- registry

BINARY: dict[str, Callable[[Value, Value], Value]] = {
    f.__name__: f
    for f in (addf, subf, mulf, divf, remf, maximumf, minimumf, maxnumf, minnumf,
              addi, subi, muli, divsi, divui, ceildivsi, floordivsi, remsi, remui,
              andi, ori, xori, shli, shrsi, shrui, maxsi, minsi, maxui, minui)
}
"""Binary arith ops by MLIR name (without the ``arith.`` prefix)."""

UNARY: dict[str, Callable[[Value], Value]] = {"negf": negf}
"""Unary arith ops by MLIR name."""

CASTS: dict[str, Callable[[Value, Any], Value]] = {
    f.__name__: f
    for f in (extsi, extui, trunci, index_cast, index_castui, extf, truncf,
              sitofp, uitofp, fptosi, fptoui, bitcast)
}
"""Cast ops ``fn(x, to)`` by MLIR name; ``to`` is an MLIR type name or dtype."""
