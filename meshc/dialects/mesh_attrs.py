"""Sharding attributes of the mesh dialect and the type accessors passes use.

* :class:`ShardingAttr` ``<@m, [[0], []], partial = sum[1]>`` -- the inline
  sharding (LLVM 19 spelling; the canonical form meshc prints). Trailing empty
  split-axes entries are dropped; a fully replicated sharding prints ``[[]]``.
* :class:`ShardEncodingAttr` ``#mesh.shard<@m, [[0]], inner = #enc>`` -- a
  sharding in a tensor type's encoding slot, optionally wrapping a data-tiling
  encoding (DESIGN.md "IR syntax").

Passes reach a tensor's sharding only through :func:`sharding_of`,
:func:`with_sharding`, :func:`data_encoding_of`, :func:`with_data_encoding`
and :func:`strip_sharding`. Re-exported by :mod:`meshc.dialects.mesh`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar, Optional, Sequence, Union

from meshc.ir.attributes import (ArrayAttr, Attribute, DenseArrayAttr, IntegerAttr, StringAttr, SymbolRefAttr,
                                 UnitAttr, symbol_text)
from meshc.ir.core import Block, Operation, OpResult, Region, Value, op_class, register_op
from meshc.ir.location import UNKNOWN_LOC, DiagnosticError, Location, note
from meshc.ir.types import I64, INDEX, K_DYNAMIC, FunctionType, IntegerType, OpaqueType, TensorType, Type



REDUCTION_KINDS = ("sum", "max", "min", "product", "average", "bitwise_and", "bitwise_or", "bitwise_xor",
                   "generic")


@dataclass(frozen=True)
class ShardingAttr(Attribute):
    """A tensor sharding over mesh ``mesh``.

    ``split_axes[d]`` lists the mesh axes tensor dim ``d`` is split over
    (major to minor); ``partial_axes`` are mesh axes over which each device
    holds a partial value to be combined with ``partial_type``;
    ``halo_sizes`` (low, high per sharded dim) and ``sharded_dims_offsets``
    follow LLVM 20's ``mesh.sharding``.
    """

    mesh: str
    split_axes: tuple[tuple[int, ...], ...]
    partial_axes: tuple[int, ...] = ()
    partial_type: str = "sum"
    halo_sizes: tuple[int, ...] = ()
    sharded_dims_offsets: tuple[int, ...] = ()

    def __post_init__(self):
        axes = list(self.split_axes)
        while axes and not axes[-1]:
            axes.pop()
        object.__setattr__(self, "split_axes", tuple(tuple(a) for a in axes))

    @staticmethod
    def from_parts(mesh: str, split, opts) -> "ShardingAttr":
        partial_axes: tuple[int, ...] = ()
        partial_type = "sum"
        halo: tuple[int, ...] = ()
        offsets: tuple[int, ...] = ()
        for o in opts:
            if o[0] == "partial":
                partial_type, partial_axes = o[1], o[2]
            elif o[0] == "halo_sizes":
                halo = o[1]
            elif o[0] == "sharded_dims_offsets":
                offsets = o[1]
        return ShardingAttr(mesh, tuple(tuple(a) for a in split), tuple(partial_axes), partial_type, halo, offsets)

    @property
    def is_replicated(self) -> bool:
        return not self.split_axes and not self.partial_axes

    def dim_axes(self, dim: int) -> tuple[int, ...]:
        return self.split_axes[dim] if dim < len(self.split_axes) else ()

    def used_axes(self) -> tuple[int, ...]:
        return tuple(a for axes in self.split_axes for a in axes) + self.partial_axes

    def with_split_axes(self, split) -> "ShardingAttr":
        return replace(self, split_axes=tuple(tuple(a) for a in split))

    def body(self) -> str:
        split = ", ".join("[" + ", ".join(str(a) for a in axes) + "]" for axes in self.split_axes) or "[]"
        text = f"{symbol_text(self.mesh)}, [{split}]"
        if self.partial_axes:
            text += f", partial = {self.partial_type}[" + ", ".join(str(a) for a in self.partial_axes) + "]"
        if self.halo_sizes:
            text += ", halo_sizes = [" + ", ".join(str(h) for h in self.halo_sizes) + "]"
        if self.sharded_dims_offsets:
            text += ", sharded_dims_offsets = [" + ", ".join(str(h) for h in self.sharded_dims_offsets) + "]"
        return text

    def __str__(self) -> str:
        return f"<{self.body()}>"

    def to_spec(self):
        """This sharding as a :class:`meshc.sharding.spec.Sharding` (the pure
        arithmetic model). Raises its ShardingError for an unknown reduction kind."""
        from meshc.sharding.spec import Sharding

        return Sharding(self.mesh, self.split_axes, self.partial_axes, self.partial_type, self.halo_sizes,
                        self.sharded_dims_offsets)

    @staticmethod
    def from_spec(spec) -> "ShardingAttr":
        """The attribute of a :class:`meshc.sharding.spec.Sharding` (inverse of :meth:`to_spec`)."""
        kind = spec.partial_type.value if hasattr(spec.partial_type, "value") else str(spec.partial_type)
        return ShardingAttr(spec.mesh, tuple(tuple(a) for a in spec.split_axes), tuple(spec.partial_axes), kind,
                            tuple(spec.halo_sizes), tuple(spec.sharded_dims_offsets))


@dataclass(frozen=True)
class ShardEncodingAttr(Attribute):
    """``#mesh.shard<@m, [[0]]>`` in a tensor type; ``inner`` is a data-tiling
    encoding carried together with the sharding (or None)."""

    sharding: ShardingAttr
    inner: Optional[Attribute] = None

    def __str__(self) -> str:
        inner = f", inner = {self.inner}" if self.inner is not None else ""
        return f"#mesh.shard<{self.sharding.body()}{inner}>"


def sharding_of(t: Type) -> Optional[ShardingAttr]:
    """The sharding carried by tensor type ``t`` (None when it has none)."""
    if isinstance(t, TensorType) and isinstance(t.encoding, ShardEncodingAttr):
        return t.encoding.sharding
    return None


def with_sharding(t: TensorType, sharding: Optional[ShardingAttr]) -> TensorType:
    """``t`` with its sharding set to ``sharding`` (None removes it), keeping
    any data-tiling encoding."""
    inner = data_encoding_of(t)
    if sharding is None:
        return t.with_encoding(inner)
    return t.with_encoding(ShardEncodingAttr(sharding, inner))


def data_encoding_of(t: Type) -> Optional[Attribute]:
    """The non-sharding encoding of ``t`` (a data-tiling encoding), if any."""
    if not isinstance(t, TensorType):
        return None
    if isinstance(t.encoding, ShardEncodingAttr):
        return t.encoding.inner
    return t.encoding


def with_data_encoding(t: TensorType, encoding: Optional[Attribute]) -> TensorType:
    """``t`` with its data-tiling encoding replaced, keeping its sharding."""
    s = sharding_of(t)
    if s is None:
        return t.with_encoding(encoding)
    return t.with_encoding(ShardEncodingAttr(s, encoding))


def strip_sharding(t: Type) -> Type:
    """``t`` without its sharding (other types unchanged)."""
    if isinstance(t, TensorType) and isinstance(t.encoding, ShardEncodingAttr):
        return t.with_encoding(t.encoding.inner)
    return t

