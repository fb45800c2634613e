"""Builtin attributes, printed in MLIR's canonical spelling by ``str()``.

Attributes are immutable values. Dialect attributes (the mesh sharding,
``#iree_encoding.*``) subclass :class:`Attribute` in their dialect module;
any other ``#dialect.name<...>`` is an :class:`OpaqueAttr` kept verbatim.
"""

from __future__ import annotations

import math
import re
import struct
from dataclasses import dataclass, field
from typing import Any, ClassVar, Optional

from meshc.ir.affine import AffineMap
from meshc.ir.types import F32, F64, I1, I64, INDEX, ComplexType, FloatType, IndexType, IntegerType, TensorType, Type


class Attribute:
    """Base class of all attributes."""


@dataclass(frozen=True)
class UnitAttr(Attribute):
    """The unit attribute (a present-or-absent flag)."""

    def __str__(self) -> str:
        return "unit"


@dataclass(frozen=True)
class BoolAttr(Attribute):
    value: bool

    def __str__(self) -> str:
        return "true" if self.value else "false"


@dataclass(frozen=True)
class IntegerAttr(Attribute):
    """``42 : i32``; ``type`` defaults to i64, which prints bare."""

    value: int
    type: Type = I64

    def __str__(self) -> str:
        if isinstance(self.type, IntegerType) and self.type.width == 1:
            return "true" if self.value else "false"
        if self.type == I64:
            return str(self.value)
        return f"{self.value} : {self.type}"


def format_float(value: float, type: Type = F64) -> str:
    """MLIR's float literal: ``%e`` with 6 digits when that round-trips at the
    type's precision, else the shortest repr, else hex bits for inf/nan."""
    if math.isnan(value) or math.isinf(value):
        return _float_hex(value, type)
    short = f"{value:.6e}"
    if _round_trips(float(short), value, type):
        return short
    text = repr(float(value))
    if "e" not in text and "." not in text:
        text += ".0"
    return text


def _round_trips(a: float, b: float, type: Type) -> bool:
    if isinstance(type, FloatType) and type.name == "f32":
        return struct.pack("<f", a) == struct.pack("<f", b)
    if isinstance(type, FloatType) and type.width < 32:
        import numpy as np

        dt = _np_float(type)
        return np.array(a, dtype=np.float64).astype(dt) == np.array(b, dtype=np.float64).astype(dt)
    return a == b


def _np_float(type: Type):
    from meshc.ir.types import numpy_dtype

    return numpy_dtype(type)


def _float_hex(value: float, type: Type) -> str:
    import numpy as np

    dt = _np_float(type) if isinstance(type, FloatType) else np.dtype(np.float64)
    raw = np.array(value, dtype=np.float64).astype(dt).tobytes()
    return "0x" + raw[::-1].hex().upper()


@dataclass(frozen=True)
class FloatAttr(Attribute):
    """``1.0 : f32``; ``type`` defaults to f64, which prints bare."""

    value: float
    type: Type = F64

    def __eq__(self, other: object) -> bool:  # NaN-aware equality by bits
        return (isinstance(other, FloatAttr) and self.type == other.type
                and struct.pack("<d", self.value) == struct.pack("<d", other.value))

    def __hash__(self) -> int:
        return hash((struct.pack("<d", self.value), self.type))

    def __str__(self) -> str:
        text = format_float(self.value, self.type)
        # a bare hex literal would parse back as an integer: keep the type on inf/NaN bit patterns
        return text if self.type == F64 and not text.startswith("0x") else f"{text} : {self.type}"


@dataclass(frozen=True)
class StringAttr(Attribute):
    value: str

    def __str__(self) -> str:
        return quote_string(self.value)


def quote_string(s: str) -> str:
    """MLIR string literal: escapes ``"``, ``\\`` and non-printables as ``\\XX``."""
    out = []
    for ch in s:
        if ch == '"' or ch == "\\":
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif 32 <= ord(ch) < 127 or ord(ch) > 127:
            out.append(ch)
        else:
            out.append(f"\\{ord(ch):02X}")
    return '"' + "".join(out) + '"'


@dataclass(frozen=True)
class ArrayAttr(Attribute):
    elements: tuple[Attribute, ...]

    def __iter__(self):
        return iter(self.elements)

    def __len__(self) -> int:
        return len(self.elements)

    def __getitem__(self, i):
        return self.elements[i]

    def __str__(self) -> str:
        return "[" + ", ".join(str(e) for e in self.elements) + "]"


def _key_str(key: str) -> str:
    return key if BARE_ID.fullmatch(key) else quote_string(key)


def format_entries(entries: dict[str, Attribute]) -> str:
    """``a = 1, b, c = "x"`` (unit attributes print as the bare name)."""
    parts = []
    for k, v in entries.items():
        parts.append(_key_str(k) if isinstance(v, UnitAttr) else f"{_key_str(k)} = {v}")
    return ", ".join(parts)


@dataclass(frozen=True)
class DictionaryAttr(Attribute):
    entries: tuple[tuple[str, Attribute], ...]

    def as_dict(self) -> dict[str, Attribute]:
        return dict(self.entries)

    def __str__(self) -> str:
        return "{" + format_entries(dict(self.entries)) + "}"


@dataclass(frozen=True)
class TypeAttr(Attribute):
    type: Type

    def __str__(self) -> str:
        return str(self.type)


@dataclass(frozen=True)
class AffineMapAttr(Attribute):
    map: AffineMap

    def __str__(self) -> str:
        return f"affine_map<{self.map}>"


@dataclass(frozen=True)
class SymbolRefAttr(Attribute):
    """``@root`` or ``@root::@nested``."""

    root: str
    nested: tuple[str, ...] = ()

    def __str__(self) -> str:
        return "::".join(_sym(n) for n in (self.root, *self.nested))


#: MLIR's bare-id (LangRef "Identifiers and keywords"): a symbol or attribute name that matches it
#: prints unquoted; any other prints as a string literal.
BARE_ID = re.compile(r"[A-Za-z_][A-Za-z0-9_$.]*")


def _sym(name: str) -> str:
    return symbol_text(name)


def symbol_text(name: str) -> str:
    """``@name`` when ``name`` is an MLIR bare-id (``[a-zA-Z_][a-zA-Z0-9_$.]*``, ASCII only), else
    ``@"..."`` with the escapes of :func:`quote_string` (MLIR's LangRef: ``symbol-ref-id ::= `@`
    (suffix-id | string-literal)``; mlir-opt prints any other name as a string). ``@gh`` and
    ``@"gh"`` name the same symbol, so the bare spelling is used whenever it is valid."""
    return "@" + (name if BARE_ID.fullmatch(name) else quote_string(name))


@dataclass(frozen=True)
class DenseArrayAttr(Attribute):
    """``array<i64: 1, 2, 3>`` (also ``array<i64>`` when empty)."""

    element_type: Type
    values: tuple[Any, ...]

    def __eq__(self, other: object) -> bool:  # floats by bits: NaN equals itself, as in FloatAttr
        return (isinstance(other, DenseArrayAttr) and self.element_type == other.element_type
                and self._key() == other._key())

    def __hash__(self) -> int:
        return hash((self.element_type, self._key()))

    def _key(self) -> tuple:
        if self.element_type.is_float:
            return tuple(struct.pack("<d", float(v)) for v in self.values)
        return tuple(self.values)

    def __str__(self) -> str:
        if not self.values:
            return f"array<{self.element_type}>"
        if self.element_type.is_float:
            body = ", ".join(format_float(v, self.element_type) for v in self.values)
        elif self.element_type == I1:
            body = ", ".join("true" if v else "false" for v in self.values)
        else:
            body = ", ".join(str(v) for v in self.values)
        return f"array<{self.element_type}: {body}>"


@dataclass(frozen=True, eq=False)
class DenseElementsAttr(Attribute):
    """``dense<...> : tensor<...>``: constant tensor data.

    ``array`` is a numpy array of the tensor's shape and element dtype. A
    splat parsed from ``dense<v>`` is a read-only zero-stride view
    (``np.broadcast_to``), so a huge splat costs O(1) memory; equality,
    hashing and printing never materialise it. Prints a splat as
    ``dense<v>``, up to ``HEX_THRESHOLD`` elements as nested lists, larger
    data as MLIR's hex form ``dense<"0x...">`` (little-endian).
    """

    type: TensorType
    array: Any = field(repr=False)

    HEX_THRESHOLD = 64
    """More elements than this (not a splat) print in hex; -1: never (``meshc-opt
    --mlir-print-elementsattrs-with-hex-if-larger=N`` sets it)."""
    ELIDE_THRESHOLD: ClassVar[Optional[int]] = None
    """More elements than this (not a splat) print as ``dense_resource<__elided__>``, as mlir-opt's
    ``--mlir-elide-elementsattrs-if-larger=N`` prints them; None: never."""

    def __eq__(self, other: object) -> bool:
        import numpy as np

        if not isinstance(other, DenseElementsAttr) or self.type != other.type:
            return False
        a, b = self.array, other.array
        if np.shape(a) != np.shape(b) or a.dtype != b.dtype:
            return False
        if a.size == 0:
            return True
        if _is_broadcast(a) or _is_broadcast(b):
            # compare bit patterns element by element without materialising a splat
            if _is_broadcast(a) and _is_broadcast(b):
                return _first_bytes(a) == _first_bytes(b)
            full, splat = (b, a) if _is_broadcast(a) else (a, b)
            first = np.asarray(splat[(0,) * splat.ndim]).reshape(1)
            return bool((full.reshape(-1).view(_uint_view(full.dtype)) == first.view(_uint_view(full.dtype))).all())
        return a.tobytes() == b.tobytes()

    def __hash__(self) -> int:
        # the type and the first element: equal attributes hash alike, splat or not
        return hash((self.type, _first_bytes(self.array) if self.array.size else b""))

    @property
    def is_splat(self) -> bool:
        a = self.array
        if a.size == 0:
            return False
        if _is_broadcast(a):
            return True
        flat = a.reshape(-1)
        return bool((flat.view(_uint_view(a.dtype)) == flat[:1].view(_uint_view(a.dtype))).all())

    def splat_value(self):
        return self.array.flat[0].item()

    def _elem(self, v) -> str:
        et = self.type.element_type
        if isinstance(et, ComplexType):  # MLIR's '(re, im)'
            part = et.element_type
            fmt = (lambda x: format_float(float(x), part)) if part.is_float else (lambda x: str(int(x)))
            return f"({fmt(v.real)}, {fmt(v.imag)})"
        if et.is_float:
            return format_float(float(v), et)
        if isinstance(et, IntegerType) and et.width == 1:
            return "true" if v else "false"
        return str(int(v))

    def __str__(self) -> str:
        a = self.array
        if a.size == 0:  # MLIR's spelling of every empty literal: nested '[]' would lose the inner dims
            return f"dense<> : {self.type}"
        if self.is_splat:
            return f"dense<{self._elem(self.splat_value())}> : {self.type}"
        if self.ELIDE_THRESHOLD is not None and a.size > self.ELIDE_THRESHOLD:
            return f"dense_resource<__elided__> : {self.type}"
        if 0 <= self.HEX_THRESHOLD < a.size:
            return f'dense<"0x{a.astype(a.dtype.newbyteorder("<")).tobytes().hex().upper()}"> : {self.type}'

        def rec(x) -> str:
            if x.ndim == 0:
                return self._elem(x.item())
            return "[" + ", ".join(rec(s) for s in x) + "]"

        return f"dense<{rec(a)}> : {self.type}"


def _is_broadcast(a) -> bool:
    """True for a non-empty array whose every stride is 0 (a splat view)."""
    return a.size > 0 and a.ndim > 0 and all(s == 0 for s in a.strides)


def _first_bytes(a) -> bytes:
    return a[(0,) * a.ndim].tobytes()


def _uint_view(dtype):
    import numpy as np

    return {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64, 16: np.complex128}.get(dtype.itemsize, np.uint8)


@dataclass(frozen=True)
class OpaqueAttr(Attribute):
    """``#dialect.name<body>`` (or any attribute text meshc keeps verbatim)."""

    text: str

    def __str__(self) -> str:
        return self.text


def index_attr(v: int) -> IntegerAttr:
    return IntegerAttr(v, INDEX)


def i64_array(values) -> DenseArrayAttr:
    return DenseArrayAttr(I64, tuple(int(v) for v in values))


def f32_attr(v: float) -> FloatAttr:
    return FloatAttr(float(v), F32)


def attr_int(a: Optional[Attribute], default: int = 0) -> int:
    """Integer value of an IntegerAttr (or ``default`` when absent)."""
    if a is None:
        return default
    if isinstance(a, IntegerAttr):
        return a.value
    if isinstance(a, BoolAttr):
        return int(a.value)
    raise TypeError(f"{a} is not an integer attribute")


__all__ = [n for n in dir() if not n.startswith("_")]
_ = (IndexType,)
