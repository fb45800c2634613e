"""Builtin types: integers, index, floats, ranked tensors, functions, opaque.

Types are frozen dataclasses: equal when their printed forms are equal, and
hashable. ``str(t)`` is the canonical MLIR spelling. Dialect types that meshc
does not model (``!mesh.sharding``, ``!shard.sharding``, ``!util.buffer``)
are :class:`OpaqueType` kept verbatim.

A tensor has one encoding slot. Passes never read it directly; they use the
accessors in ``meshc.dialects.mesh`` (``sharding_of``/``with_sharding``) and
``meshc.dialects.iree_encoding`` (``data_tiling_encoding_of``) so a tensor can
carry a sharding and a data-tiling encoding at once (DESIGN.md).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Optional, Sequence

from meshc.ir.spelling import spelled_type_name

if TYPE_CHECKING:  # pragma: no cover
    from meshc.ir.attributes import Attribute

DYNAMIC = None  # a dynamic dimension ``?`` in a shape

K_DYNAMIC = -(1 << 63)
"""MLIR's ``ShapedType::kDynamic``: a dynamic entry of a ``static_*`` index array (slice offsets, loop
bounds, mesh shapes, halo sizes) whose value is an SSA operand."""


class Type:
    """Base class of all types."""

    @property
    def is_float(self) -> bool:
        return False

    @property
    def is_integer(self) -> bool:
        return False


@dataclass(frozen=True)
class IntegerType(Type):
    """``iN`` (signless), ``siN`` or ``uiN``; ``width`` in bits."""

    width: int
    signedness: str = ""  # "", "s" or "u"

    @property
    def is_integer(self) -> bool:
        return True

    @property
    def bytes(self) -> int:
        return max(1, (self.width + 7) // 8)

    def __str__(self) -> str:
        return f"{self.signedness}i{self.width}"


@dataclass(frozen=True)
class IndexType(Type):
    """``index``: a target-width integer; meshc uses 64 bits."""

    @property
    def is_integer(self) -> bool:
        return True

    @property
    def bytes(self) -> int:
        return 8

    def __str__(self) -> str:
        return "index"


FLOAT_WIDTHS = {
    "f16": 16, "bf16": 16, "f32": 32, "f64": 64, "tf32": 32,
    "f8E4M3FN": 8, "f8E5M2": 8, "f8E4M3FNUZ": 8, "f8E5M2FNUZ": 8, "f8E4M3B11FNUZ": 8,
    "f8E4M3": 8, "f8E3M4": 8, "f8E8M0FNU": 8, "f4E2M1FN": 4, "f6E2M3FN": 6, "f6E3M2FN": 6,
}


@dataclass(frozen=True)
class FloatType(Type):
    """A float type by its MLIR name (``f32``, ``bf16``, ``f8E4M3FN``...)."""

    name: str

    @property
    def is_float(self) -> bool:
        return True

    @property
    def width(self) -> int:
        return FLOAT_WIDTHS[self.name]

    @property
    def bytes(self) -> int:
        return max(1, self.width // 8)

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class NoneType(Type):
    """``none``."""

    def __str__(self) -> str:
        return "none"


@dataclass(frozen=True)
class ComplexType(Type):
    """``complex<f32>``."""

    element_type: Type

    def __str__(self) -> str:
        return f"complex<{self.element_type}>"


def _dims_str(shape: Sequence[Optional[int]]) -> str:
    return "".join(("?" if d is None else str(d)) + "x" for d in shape)


@dataclass(frozen=True)
class TensorType(Type):
    """``tensor<4x?x8xf32, #encoding>``: a ranked tensor.

    ``shape`` holds ints for static dims and ``None`` for dynamic ones;
    ``encoding`` is the one encoding slot (an attribute or ``None``).
    """

    shape: tuple[Optional[int], ...]
    element_type: Type
    encoding: Optional["Attribute"] = None

    @property
    def rank(self) -> int:
        return len(self.shape)

    @property
    def has_static_shape(self) -> bool:
        return all(d is not None for d in self.shape)

    @property
    def num_elements(self) -> int:
        """Number of elements; raises ValueError for a dynamic shape."""
        if not self.has_static_shape:
            raise ValueError(f"{self} has a dynamic shape")
        n = 1
        for d in self.shape:
            n *= d  # type: ignore[operator]
        return n

    def with_shape(self, shape: Sequence[Optional[int]]) -> "TensorType":
        return replace(self, shape=tuple(shape))

    def with_encoding(self, encoding: Optional["Attribute"]) -> "TensorType":
        return replace(self, encoding=encoding)

    def __str__(self) -> str:
        enc = f", {self.encoding}" if self.encoding is not None else ""
        return f"tensor<{_dims_str(self.shape)}{self.element_type}{enc}>"


@dataclass(frozen=True)
class UnrankedTensorType(Type):
    """``tensor<*xf32>``."""

    element_type: Type

    def __str__(self) -> str:
        return f"tensor<*x{self.element_type}>"


@dataclass(frozen=True)
class VectorType(Type):
    """``vector<4xf32>`` (parsed and printed; no kernels)."""

    shape: tuple[int, ...]
    element_type: Type

    def __str__(self) -> str:
        return f"vector<{_dims_str(self.shape)}{self.element_type}>"


@dataclass(frozen=True)
class FunctionType(Type):
    """``(inputs) -> results``; a single non-function result prints bare."""

    inputs: tuple[Type, ...]
    results: tuple[Type, ...]

    def __str__(self) -> str:
        ins = ", ".join(str(t) for t in self.inputs)
        if len(self.results) == 1 and not isinstance(self.results[0], FunctionType):
            return f"({ins}) -> {self.results[0]}"
        outs = ", ".join(str(t) for t in self.results)
        return f"({ins}) -> ({outs})"


@dataclass(frozen=True)
class MemRefType(Type):
    """``memref<12x?xi8>`` / ``memref<4xf32, #layout, 1>``: a ranked buffer (MLIR builtin).

    meshc computes on tensors; memrefs are read, verified and printed back for the ops that take
    them (upstream ``shard.update_halo`` on a memref). ``shape`` as :class:`TensorType`'s;
    ``layout`` and ``memory_space`` are kept as written (attributes or None).
    """

    shape: tuple[Optional[int], ...]
    element_type: Type
    layout: Optional["Attribute"] = None
    memory_space: Optional["Attribute"] = None

    @property
    def rank(self) -> int:
        return len(self.shape)

    def __str__(self) -> str:
        rest = "".join(f", {a}" for a in (self.layout, self.memory_space) if a is not None)
        return f"memref<{_dims_str(self.shape)}{self.element_type}{rest}>"


@dataclass(frozen=True)
class OpaqueType(Type):
    """``!dialect.name`` or ``!dialect.name<body>``, kept verbatim."""

    dialect: str
    name: str
    body: str = ""

    def __str__(self) -> str:
        return f"!{spelled_type_name(self.dialect, self.name)}.{self.name}{self.body}"


# Commonly used instances.
I1 = IntegerType(1)
I8 = IntegerType(8)
I32 = IntegerType(32)
I64 = IntegerType(64)
INDEX = IndexType()
F16 = FloatType("f16")
BF16 = FloatType("bf16")
F32 = FloatType("f32")
F64 = FloatType("f64")


def element_type_of(t: Type) -> Type:
    """The element type of a tensor/vector type, or ``t`` itself for scalars."""
    if isinstance(t, (TensorType, VectorType, UnrankedTensorType)):
        return t.element_type
    return t


def byte_width(t: Type) -> int:
    """Bytes per element of a scalar type (i1 counts 1 byte, as numpy's bool).

    Raises:
        ValueError: ``t`` has no fixed width.
    """
    if isinstance(t, (IntegerType, FloatType, IndexType)):
        return t.bytes
    if isinstance(t, ComplexType):
        return 2 * byte_width(t.element_type)
    raise ValueError(f"type {t} has no byte width")


_NUMPY_NAMES = {
    "f16": "float16", "f32": "float32", "f64": "float64",
    "bf16": "bfloat16", "f8E4M3FN": "float8_e4m3fn", "f8E5M2": "float8_e5m2",
    "f8E4M3FNUZ": "float8_e4m3fnuz", "f8E5M2FNUZ": "float8_e5m2fnuz",
    "f8E4M3B11FNUZ": "float8_e4m3b11fnuz", "f8E4M3": "float8_e4m3", "f8E3M4": "float8_e3m4",
    "f8E8M0FNU": "float8_e8m0fnu", "f4E2M1FN": "float4_e2m1fn", "f6E2M3FN": "float6_e2m3fn",
    "f6E3M2FN": "float6_e3m2fn",
}


def numpy_dtype(t: Type):
    """The numpy dtype that holds elements of scalar type ``t``.

    Signless and signed integers are signed numpy ints of the same width
    (``i1`` is ``bool``); ``uiN`` is unsigned; ``index`` is int64; bf16 and
    the f8 types come from ``ml_dtypes``.

    Raises:
        ValueError: ``t`` has no numpy equivalent.
    """
    import numpy as np

    if isinstance(t, IndexType):
        return np.dtype(np.int64)
    if isinstance(t, IntegerType):
        if t.width == 1:
            return np.dtype(np.bool_)
        if t.width not in (8, 16, 32, 64):
            raise ValueError(f"integer width {t.width} has no numpy dtype")
        return np.dtype(f"{'u' if t.signedness == 'u' else ''}int{t.width}")
    if isinstance(t, FloatType):
        name = _NUMPY_NAMES.get(t.name)
        if name is None:
            raise ValueError(f"float type {t} has no numpy dtype")
        if hasattr(np, name):
            return np.dtype(name)
        import ml_dtypes

        return np.dtype(getattr(ml_dtypes, name))
    if isinstance(t, ComplexType):
        return np.dtype(np.complex64 if numpy_dtype(t.element_type).itemsize == 4 else np.complex128)
    raise ValueError(f"type {t} has no numpy dtype")
