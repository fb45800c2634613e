"""Element data types and their storage sizes.

TT-Metal spells its device data types ``bfloat16``, ``float32``, ``uint32``,
``int32``, ``uint16``, ``uint8``, ``bfloat8_b`` and ``bfloat4_b``; meshc
adds ``float16`` and ``int8``. The runtime also holds host tensors whose numpy
dtype has no TT-Metal counterpart (``float64``, ``int64``, ``bool``...); those
are listed too so every device buffer can get a TensorLayout, and their
element size is numpy's ``itemsize``.

``bfloat8_b`` and ``bfloat4_b`` are *block floats*: each element stores 8 or 4
bits of sign and mantissa, and a group of elements (one face row of 16) shares
one 8-bit exponent. They exist only inside tiles (see ``Tile.bytes_for``).
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import DTypeError


@dataclass(frozen=True)
class DataType:
    """One element type.

    ``bits`` is the storage of one element in bits (for block floats: the
    mantissa and sign only, the shared exponents are counted per tile).
    """

    name: str
    bits: int
    block_float: bool = False

    @property
    def element_bytes(self) -> int:
        """Bytes of one element in a row-major page.

        Raises ``DTypeError`` for block floats, which have no row-major form.
        """
        if self.block_float:
            raise DTypeError(f"{self.name} is a block float and has no per-element size outside a tile")
        return self.bits // 8

    @staticmethod
    def parse(name: "str | DataType") -> "DataType":
        """The data type called ``name`` (TT-Metal, numpy or short IR spelling,
        e.g. ``bfloat16``, ``bf16``, ``float32``, ``f32``, ``bool``, ``i1``).

        Raises ``DTypeError`` naming the known types when ``name`` is unknown.
        """
        if isinstance(name, DataType):
            return name
        key = str(name).strip().lower()
        key = _ALIASES.get(key, key)
        if key not in DTYPES:
            known = ", ".join(sorted(DTYPES))
            raise DTypeError(f"unknown data type '{name}' (known: {known})")
        return DTYPES[key]


# TT-Metal's device data types (seed 002) first, then host-only
# numpy types the runtime may hold.
_ALL = [
    DataType("bfloat16", 16),
    DataType("float32", 32),
    DataType("uint32", 32),
    DataType("int32", 32),
    DataType("uint16", 16),
    DataType("uint8", 8),
    DataType("bfloat8_b", 8, block_float=True),
    DataType("bfloat4_b", 4, block_float=True),
    DataType("float16", 16),
    DataType("int8", 8),
    DataType("float64", 64),
    DataType("int64", 64),
    DataType("uint64", 64),
    DataType("int16", 16),
    DataType("bool", 8),
    DataType("complex64", 64),
    DataType("complex128", 128),
    DataType("float8_e4m3fn", 8),
    DataType("float8_e5m2", 8),
]

DTYPES: dict[str, DataType] = {d.name: d for d in _ALL}

#: The names TT-Metal itself uses for device tensors (plus float16 and int8).
TT_METAL_DTYPES: tuple[str, ...] = tuple(d.name for d in _ALL[:10])

_ALIASES = {
    "bf16": "bfloat16", "f16": "float16", "f32": "float32", "f64": "float64",
    "i1": "bool", "i8": "int8", "i16": "int16", "i32": "int32", "i64": "int64",
    "u8": "uint8", "u16": "uint16", "u32": "uint32", "u64": "uint64",
    "ui8": "uint8", "ui16": "uint16", "ui32": "uint32", "ui64": "uint64",
    "bfp8_b": "bfloat8_b", "bfp4_b": "bfloat4_b",
}
