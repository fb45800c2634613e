"""MLIR element type names <-> numpy dtypes.

Storage rule (MLIR builtin types, ``mlir/IR/BuiltinTypes.td``):

* ``i1`` is held as ``bool``.
* Signless ``i8 i16 i32 i64`` are held as the *signed* numpy int of the
  width; the arith kernels reinterpret the bits as unsigned where an op
  says so (``divui``, ``cmpi ult`` ...). ``si<N>`` are signed, ``ui<N>``
  unsigned numpy ints. ``index`` is ``int64`` (a 64-bit target).
* ``f16 f32 f64`` are numpy floats; ``bf16`` and the small float types are
  ml_dtypes types (``f8E4M3FN`` -> ``float8_e4m3fn`` ...), spelled as MLIR
  prints them.

Widths other than 1, 8, 16, 32 and 64 bits (``i4``, ``i3``) are not
supported: numpy has no storage for them that wraps on overflow.
"""

from __future__ import annotations

import sys
from typing import Optional

import numpy as np

from meshc.kernels.errors import KernelError

# ml_dtypes is imported only when a program or an array needs one of its types: importing it
# costs 0.5-1 s (its extension registers every cast and ufunc loop with numpy), more than a whole
# compile of a small program. A dtype of ml_dtypes can exist only once ml_dtypes is imported, so
# membership tests answer False without importing it while it is not loaded.
_NATIVE_FLOATS: dict[str, np.dtype] = {
    "f16": np.dtype(np.float16),
    "f32": np.dtype(np.float32),
    "f64": np.dtype(np.float64),
}
# MLIR spelling -> ml_dtypes attribute (those the installed ml_dtypes provides are supported).
_SMALL_FLOATS = {
    "bf16": "bfloat16",
    "f8E4M3FN": "float8_e4m3fn",
    "f8E5M2": "float8_e5m2",
    "f8E4M3FNUZ": "float8_e4m3fnuz",
    "f8E5M2FNUZ": "float8_e5m2fnuz",
    "f8E4M3B11FNUZ": "float8_e4m3b11fnuz",
    "f8E4M3": "float8_e4m3",
    "f8E3M4": "float8_e3m4",
    "f8E8M0FNU": "float8_e8m0fnu",
    "f6E2M3FN": "float6_e2m3fn",
    "f6E3M2FN": "float6_e3m2fn",
    "f4E2M1FN": "float4_e2m1fn",
}

_BITS_OF_FLOAT = {
    "f16": 16, "bf16": 16, "f32": 32, "f64": 64,
    "f8E4M3FN": 8, "f8E5M2": 8, "f8E4M3FNUZ": 8, "f8E5M2FNUZ": 8,
    "f8E4M3B11FNUZ": 8, "f8E4M3": 8, "f8E3M4": 8, "f8E8M0FNU": 8,
    "f6E2M3FN": 6, "f6E3M2FN": 6, "f4E2M1FN": 4,
}

_INTS: dict[str, np.dtype] = {"i1": np.dtype(bool), "index": np.dtype(np.int64)}
for _w in (8, 16, 32, 64):
    _INTS[f"i{_w}"] = np.dtype(f"int{_w}")
    _INTS[f"si{_w}"] = np.dtype(f"int{_w}")
    _INTS[f"ui{_w}"] = np.dtype(f"uint{_w}")

# MLIR's complex<f32> / complex<f64> (builtin ComplexType) are numpy's complex64 / complex128.
_COMPLEX: dict[str, np.dtype] = {"complex<f32>": np.dtype(np.complex64), "complex<f64>": np.dtype(np.complex128)}

# Filled with the ml_dtypes types by _load_small_floats (MLIR name -> dtype, and back).
_FLOATS: dict[str, np.dtype] = dict(_NATIVE_FLOATS)
_BY_NAME: dict[str, np.dtype] = {**_INTS, **_FLOATS, **_COMPLEX}
# Reverse: signless names win for signed ints (i32, not si32).
_NAME_OF: dict[np.dtype, str] = {}
for _name, _dt in _BY_NAME.items():
    if _name in ("index",) or _name.startswith("si"):
        continue
    _NAME_OF.setdefault(_dt, _name)
_SMALL: dict[str, np.dtype] = {}


def _load_small_floats() -> dict[str, np.dtype]:
    """The ml_dtypes float types by MLIR name, importing ml_dtypes on first use."""
    if not _SMALL:
        import ml_dtypes

        for name, attr in _SMALL_FLOATS.items():
            if hasattr(ml_dtypes, attr):
                _SMALL[name] = np.dtype(getattr(ml_dtypes, attr))
        _FLOATS.update(_SMALL)
        _BY_NAME.update(_SMALL)
        for name, dt in _SMALL.items():
            _NAME_OF.setdefault(dt, name)
    return _SMALL


class _SmallFloatSet:
    """The set of ml_dtypes float dtypes (``in`` and iteration), without importing ml_dtypes
    while no program has used it: none of its dtypes can exist before (see the module note).
    Built once, at the first test after ml_dtypes is loaded; a kernel's test is then one lookup."""

    def __init__(self) -> None:
        self._members: Optional[frozenset] = None

    def _built(self) -> frozenset:
        if self._members is None:
            self._members = frozenset(_load_small_floats().values())
        return self._members

    def __contains__(self, dt: object) -> bool:
        members = self._members
        if members is None:
            if "ml_dtypes" not in sys.modules:
                return False
            members = self._built()
        return dt in members

    def __iter__(self):
        return iter(self._built())


_NATIVE_FLOAT_DTYPES = frozenset(_NATIVE_FLOATS.values())
# Floats that numpy does not compute in natively: widen to f32 first.
NARROW_FLOATS = _SmallFloatSet()


def numpy_dtype(name: str) -> np.dtype:
    """The numpy dtype that stores MLIR element type ``name`` (``"bf16"``).

    Raises:
        KernelError: ``name`` is not a supported element type.
    """
    try:
        return _BY_NAME[name]
    except KeyError:
        if name in _SMALL_FLOATS and name in _load_small_floats():
            return _SMALL[name]
        _load_small_floats()  # the message lists them too
        raise KernelError(
            f"unsupported element type '{name}' (supported: {', '.join(_BY_NAME)})"
        ) from None


def mlir_type_name(dtype: np.dtype | type) -> str:
    """The MLIR element type name for a numpy dtype (inverse of
    :func:`numpy_dtype`; signed ints map to signless ``i<N>``, unsigned to
    ``ui<N>``, bool to ``i1``).

    Raises:
        KernelError: no MLIR type is stored as ``dtype``.
    """
    dt = np.dtype(dtype)
    try:
        return _NAME_OF[dt]
    except KeyError:
        if dt in NARROW_FLOATS:
            return _NAME_OF[dt]
        raise KernelError(f"numpy dtype '{dt}' has no MLIR element type") from None


def as_dtype(spec: str | np.dtype | type) -> np.dtype:
    """``spec`` as a numpy dtype: an MLIR name goes through
    :func:`numpy_dtype`, anything else through ``np.dtype``."""
    if isinstance(spec, str):
        return numpy_dtype(spec)
    return np.dtype(spec)


def is_float(dtype: np.dtype | type) -> bool:
    """True for every floating-point storage dtype, ml_dtypes ones included
    (their numpy ``kind`` is ``'V'``, so ``np.issubdtype`` misses them)."""
    if getattr(dtype, "kind", None) == "f":  # a native float dtype: the common case, decided at once
        return True
    dt = np.dtype(dtype)
    return dt in _NATIVE_FLOAT_DTYPES or dt in NARROW_FLOATS


def is_integer(dtype: np.dtype | type) -> bool:
    """True for bool (``i1``) and numpy signed/unsigned ints."""
    return np.dtype(dtype).kind in "biu"


def bitwidth(dtype: np.dtype | type) -> int:
    """Width in bits of the MLIR type stored as ``dtype`` (1 for bool)."""
    dt = np.dtype(dtype)
    if dt.kind == "b":
        return 1
    if dt in _NATIVE_FLOAT_DTYPES or dt in NARROW_FLOATS:
        return _BITS_OF_FLOAT[_float_name(dt)]
    return dt.itemsize * 8


def _float_name(dt: np.dtype) -> str:
    for name, d in _FLOATS.items():
        if d == dt:
            return name
    raise KernelError(f"'{dt}' is not a float dtype")


def signed_int(bits: int) -> np.dtype:
    """Signed numpy int of ``bits`` (8, 16, 32, 64) bits."""
    return np.dtype(f"int{bits}")


def unsigned_int(bits: int) -> np.dtype:
    """Unsigned numpy int of ``bits`` (8, 16, 32, 64) bits."""
    return np.dtype(f"uint{bits}")
