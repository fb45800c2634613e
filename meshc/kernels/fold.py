"""The one constant folder of scalar ``arith`` ops (canonicalize, partition and unroll use it).

A fold computes the op with meshc's own arith kernels (:mod:`meshc.kernels.arith`) in the
op's element type, so a folded program computes exactly what the reference interpreter and
the devices compute: integers wrap at their width (``index`` is 64-bit), floats round as
numpy does in that type.

The rule for undefined behaviour (MLIR's arith dialect, ``ArithOps.td``; its folders leave
these alone too): an op whose result the dialect calls undefined (or poison) **is not
folded**, so it stays in the program and fails or computes at run time exactly as it would
unfolded. The undefined cases are

* integer division or remainder by zero (``divsi``, ``divui``, ``ceildivsi``, ``ceildivui``,
  ``floordivsi``, ``remsi``, ``remui``);
* signed division of the minimum value by -1 (``divsi``, ``ceildivsi``, ``floordivsi``: the
  quotient overflows);
* shifts (``shli``, ``shrsi``, ``shrui``) by the bit width or more.

Plain integer overflow of ``addi``/``subi``/``muli`` is defined (two's complement wrap) and is
folded wrapped. Callers that fold index arithmetic on Python ints (partition's
:class:`~meshc.passes.partition.IndexMath`, unroll's per-device evaluation) get the same
answer: :func:`fold_integer` computes in ``int64`` for ``index``.
"""

from __future__ import annotations

from typing import Any, Optional, Sequence

import numpy as np

from meshc.ir.types import FloatType, IndexType, IntegerType, Type

__all__ = ["DIVISIONS", "SIGNED_DIVISIONS", "SHIFTS", "is_undefined", "fold_binary", "fold_integer"]

#: Integer divisions and remainders: undefined for a zero divisor.
DIVISIONS = ("divsi", "divui", "ceildivsi", "ceildivui", "floordivsi", "remsi", "remui")
#: Signed divisions: also undefined for ``min / -1``.
SIGNED_DIVISIONS = ("divsi", "ceildivsi", "floordivsi")
#: Shifts: undefined for a shift amount of the bit width or more.
SHIFTS = ("shli", "shrsi", "shrui")


def _width(t: Type) -> int:
    return 64 if isinstance(t, IndexType) else t.width  # type: ignore[attr-defined]


def is_undefined(kind: str, a: Any, b: Any, t: Type) -> bool:
    """Whether ``arith.<kind>(a, b)`` of result type ``t`` is one of the undefined cases of the
    module docstring (never for floats: IEEE defines every float result)."""
    if isinstance(t, FloatType):
        return False
    width = _width(t)
    if kind in DIVISIONS and int(b) == 0:
        return True
    if kind in SIGNED_DIVISIONS and int(a) == -(1 << (width - 1)) and int(b) == -1:
        return True
    if kind in SHIFTS and int(b) % (1 << width) >= width:
        return True
    return False


def fold_binary(kind: str, a: Any, b: Any, t: Type) -> Optional[Any]:
    """``arith.<kind>(a, b)`` of numpy scalars ``a``, ``b`` (of result type ``t``) as a numpy scalar,
    computed by the arith kernel; None when there is no kernel, the case is undefined (module
    docstring) or the kernel rejects the operands."""
    from meshc.kernels import arith as K

    fn = K.BINARY.get(kind)
    if fn is None or is_undefined(kind, a, b, t):
        return None
    try:
        return fn(a, b)
    except (ValueError, TypeError, ArithmeticError):
        return None


def _int_dtype(t: Type) -> Optional[type]:
    if isinstance(t, IndexType):
        return np.int64
    if isinstance(t, IntegerType) and t.width in (8, 16, 32, 64):
        return np.dtype(f"int{t.width}").type
    return None


_I64_MIN, _I64_MAX = -(1 << 63), (1 << 63) - 1
_NON_NEGATIVE = {"divui": lambda a, b: a // b if b > 0 else None, "remui": lambda a, b: a % b if b > 0 else None,
                 "divsi": lambda a, b: a // b if b > 0 else None, "remsi": lambda a, b: a % b if b > 0 else None,
                 "ceildivsi": lambda a, b: -(-a // b) if b > 0 else None,
                 "floordivsi": lambda a, b: a // b if b > 0 else None}
_SIGNED = {"addi": lambda a, b: a + b, "subi": lambda a, b: a - b, "muli": lambda a, b: a * b,
           "maxsi": max, "minsi": min}
_SIGNED_CMP = {"eq": lambda a, b: a == b, "ne": lambda a, b: a != b, "slt": lambda a, b: a < b,
               "sle": lambda a, b: a <= b, "sgt": lambda a, b: a > b, "sge": lambda a, b: a >= b}
_UNSIGNED_CMP = {"ult": lambda a, b: a < b, "ule": lambda a, b: a <= b, "ugt": lambda a, b: a > b,
                 "uge": lambda a, b: a >= b}


def _is_64_bit(t: Optional[Type]) -> bool:
    return isinstance(t, IndexType) or (isinstance(t, IntegerType) and t.width == 64 and t.signedness == "")


def _fast_fold(kind: str, args: Sequence[int], t: Type, operand_type: Optional[Type],
               predicate: Optional[str]) -> Optional[int]:
    """:func:`fold_integer` of 64-bit (``index``, ``i64``) values in Python ints when the result
    needs no wrapping and no undefined case is involved (sizes and offsets: what partition and
    unroll fold by the thousand); None: take the general path, which gives the same answer."""
    if len(args) != 2 or type(args[0]) is not int or type(args[1]) is not int:
        return None
    a, b = args
    if not (_I64_MIN <= a <= _I64_MAX and _I64_MIN <= b <= _I64_MAX):
        return None
    if kind == "cmpi":
        if not _is_64_bit(operand_type if operand_type is not None else t):
            return None
        if predicate in _SIGNED_CMP:
            return int(_SIGNED_CMP[predicate](a, b))
        if predicate in _UNSIGNED_CMP and a >= 0 and b >= 0:
            return int(_UNSIGNED_CMP[predicate](a, b))
        return None
    if not _is_64_bit(t):
        return None
    fn = _SIGNED.get(kind)
    if fn is None and a >= 0 and b >= 0:
        fn = _NON_NEGATIVE.get(kind)
    r = fn(a, b) if fn is not None else None
    return r if r is not None and _I64_MIN <= r <= _I64_MAX else None


def fold_integer(kind: str, args: Sequence[int], t: Type, operand_type: Optional[Type] = None,
                 predicate: Optional[str] = None) -> Optional[int]:
    """``arith.<kind>`` of known Python ints ``args`` with result type ``t`` (``index`` or a signless
    integer of width 8/16/32/64) as a Python int (signed reading), or None when not foldable.

    ``cmpi`` needs ``predicate`` (``"slt"``...) and ``operand_type`` (its operands' type) and gives
    0 or 1; ``select`` picks ``args[1]`` or ``args[2]``; every other kind is :func:`fold_binary` in
    ``t``'s dtype, so index arithmetic wraps at 64 bits and undefined cases are not folded."""
    fast = _fast_fold(kind, args, t, operand_type, predicate)
    return fast if fast is not None else _kernel_fold(kind, args, t, operand_type, predicate)


def _kernel_fold(kind: str, args: Sequence[int], t: Type, operand_type: Optional[Type],
                 predicate: Optional[str]) -> Optional[int]:
    """:func:`fold_integer` computed with the arith kernels in the op's dtype."""
    from meshc.kernels import arith as K

    try:
        if kind == "cmpi":
            odt = _int_dtype(operand_type if operand_type is not None else t)
            if odt is None or predicate is None or len(args) != 2:
                return None
            return int(bool(K.cmpi(predicate, odt(args[0]), odt(args[1]))))
        if kind == "select":
            return int(args[1] if args[0] else args[2]) if len(args) == 3 else None
        dt = _int_dtype(t)
        if dt is None or len(args) != 2:
            return None
        result = fold_binary(kind, dt(args[0]), dt(args[1]), t)
        return None if result is None else int(result)
    except (ValueError, TypeError, ArithmeticError, OverflowError):
        return None
