"""iree_encoding dialect (IREE data tiling): the ``set_encoding`` /
``unset_encoding`` ops and the ``#iree_encoding.*`` attributes.

Seed 001 (IREE RFC "Encoding Propagation Interfaces") is the design this
implements: encodings are introduced by ``iree_encoding.set_encoding`` and
removed by ``iree_encoding.unset_encoding``; propagation moves those ops
through producers and consumers. Syntax and rules follow IREE 3.x
(``compiler/src/iree/compiler/Dialect/Encoding/IR``):

* ``%e = iree_encoding.set_encoding %x [encoding_dims{%m, %n, %k}] : T -> T'``
  and ``%x = iree_encoding.unset_encoding %e [encoding_dims{...}] : T' -> T
  [{%d0, %d1}]`` (the trailing sizes are the result's dynamic dims). Source
  and result agree in shape (IREE's compatible-shape rule: ``?`` matches any
  size) and element type; only the data-tiling encoding differs. A tensor
  may also carry a mesh sharding (``#mesh.shard<@m, [[0]], inner = #enc>``):
  both sides must carry the same one.
* Attributes, each a typed class printing back as read:
  ``#iree_encoding.encoding<operand_index = 0 : index, op_type = matmul,
  element_types = [f32, f32, f32], user_indexing_maps = [#m0, #m1, #m2],
  iteration_sizes = [64, 128, ?], layouts = [...]>`` (:class:`EncodingAttr`;
  a ``user_indexing_maps`` entry may be a list of maps to compose, as newer
  IREE prints after propagation), ``#iree_encoding.layout<[...]>``,
  ``#iree_encoding.padding<[0, ?, 64]>`` (also ``pad_encoding_layout``),
  ``#iree_encoding.identity`` (also ``identity_encoding``),
  ``#iree_encoding.testing<[...]>`` (also ``testing_encoding``),
  ``#iree_encoding.matmul_k<k_dims = [1]>``. Other ``#iree_encoding.*``
  attributes stay generic :class:`meshc.dialects.DialectAttr`.

Passes read encodings only through :func:`data_tiling_encoding_of` and
:func:`with_data_tiling_encoding`, which keep any sharding in place.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Optional, Union

from meshc.dialects import DialectAttr, Keyword, register_attr
from meshc.dialects.mesh import data_encoding_of, sharding_of, with_data_encoding
from meshc.ir.affine import AffineExpr, AffineMap, BinaryExpr, DimExpr, SymbolExpr
from meshc.ir.attributes import (AffineMapAttr, ArrayAttr, Attribute, DenseArrayAttr, DictionaryAttr, IntegerAttr,
                                 StringAttr, TypeAttr)
from meshc.ir.core import OpResult, Operation, Value
from meshc.ir.opdef import INDEX_KIND, TENSOR, Pure, define_op, operand, result, var_operand
from meshc.ir.types import I32, INDEX, FunctionType, IndexType, IntegerType, TensorType, Type

OP_TYPES = ("matmul", "conv", "scaled_matmul")
# older IREE named the operand of a matmul by its role (``role = LHS``) instead of operand_index
ROLES = {"LHS": 0, "RHS": 1, "RESULT": 2}


class EncodingAttrError(ValueError):
    """A malformed ``#iree_encoding.*`` attribute (the parser reports it at
    the attribute's position)."""


@dataclass(frozen=True)
class DynamicSizeAttr(Attribute):
    """``?`` inside an attribute array: a size known only at run time
    (IREE's ``iteration_sizes = [?, 128]``, ``padding<[0, ?]>``)."""

    def __str__(self) -> str:
        return "?"


DYNAMIC_SIZE = DynamicSizeAttr()

MapEntry = Union[AffineMap, tuple[AffineMap, ...]]


# ------------------------------------------------------------------ affine helpers
def _substitute(e: AffineExpr, dims: tuple[AffineExpr, ...], sym_shift: int) -> AffineExpr:
    if isinstance(e, DimExpr):
        return dims[e.position]
    if isinstance(e, SymbolExpr):
        return SymbolExpr(e.position + sym_shift)
    if isinstance(e, BinaryExpr):
        return BinaryExpr(e.kind, _substitute(e.lhs, dims, sym_shift), _substitute(e.rhs, dims, sym_shift))
    return e


def compose(outer: AffineMap, inner: AffineMap) -> AffineMap:
    """``outer ∘ inner`` (apply ``inner`` first), as MLIR's
    ``outer.compose(inner)``; needs ``outer.num_dims == inner.num_results``.

    Raises:
        EncodingAttrError: the maps do not chain.
    """
    if outer.num_dims != inner.num_results:
        raise EncodingAttrError(f"cannot compose a map with {outer.num_dims} dims after a map with "
                                f"{inner.num_results} results")
    results = tuple(_substitute(r, inner.results, inner.num_symbols) for r in outer.results)
    return AffineMap(inner.num_dims, inner.num_symbols + outer.num_symbols, results)


def compose_entry(entry: MapEntry) -> AffineMap:
    """The map of one ``user_indexing_maps`` entry: itself, or its list
    composed first to last (IREE ``getComposedAffineMap``)."""
    if isinstance(entry, AffineMap):
        return entry
    if not entry:
        raise EncodingAttrError("empty list of maps in user_indexing_maps")
    m = entry[0]
    for nxt in entry[1:]:
        m = compose(nxt, m)
    return m


# ------------------------------------------------------------------ attributes
def _items_dict(name: str, items, allowed: Optional[tuple[str, ...]] = None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for it in items or ():
        if not isinstance(it, tuple):
            raise EncodingAttrError(f"expects 'key = value' parameters, got '{it}'")
        key, value = it
        if key in out:
            raise EncodingAttrError(f"duplicate parameter '{key}'")
        if allowed is not None and key not in allowed:
            raise EncodingAttrError(f"unknown parameter '{key}' (expected {', '.join(allowed)})")
        out[key] = value
    return out


def _sizes(value, what: str) -> tuple[Optional[int], ...]:
    """Ints and ``?`` (None) from an ArrayAttr (or a DenseArrayAttr)."""
    if isinstance(value, DenseArrayAttr):
        return tuple(int(v) for v in value.values)
    if not isinstance(value, ArrayAttr):
        raise EncodingAttrError(f"expects {what} to be a list of integers, got '{value}'")
    out: list[Optional[int]] = []
    for v in value:
        if isinstance(v, DynamicSizeAttr):
            out.append(None)
        elif isinstance(v, IntegerAttr) and not (isinstance(v.type, IntegerType) and v.type.width == 1):
            out.append(v.value)
        else:
            raise EncodingAttrError(f"expects {what} to hold integers or '?', got '{v}'")
    return tuple(out)


def _sizes_str(values) -> str:
    return "[" + ", ".join("?" if v is None else str(v) for v in values) + "]"


def _map_entry_str(entry: MapEntry) -> str:
    if isinstance(entry, AffineMap):
        return str(AffineMapAttr(entry))
    return "[" + ", ".join(str(AffineMapAttr(m)) for m in entry) + "]"


@dataclass(frozen=True)
class EncodingAttr(Attribute):
    """``#iree_encoding.encoding<...>``: how operand ``operand_index`` of a
    contraction (``op_type``) will be data-tiled.

    Fields: ``element_types`` of all the user op's operands;
    ``user_indexing_maps`` (one entry per operand: a map from the op's
    iteration space to the operand's dims, or a list of maps composed first
    to last); ``iteration_sizes`` (the loop sizes, None for ``?``);
    ``layouts`` (resolved layouts, kept as an ArrayAttr); ``extra`` keeps any
    other parameter of older IREE spellings (``bcast_map``, ``round_dims_to``).

    Rules (IREE ``EncodingAttr::verify`` plus meshc's): operand_index is
    within user_indexing_maps; one element type per map; every entry
    composes; all maps index the same number of loops; iteration_sizes has
    one size per loop (and needs the maps).

    Raises:
        EncodingAttrError: on construction when a rule is broken.
    """

    operand_index: int
    op_type: Optional[str]
    element_types: tuple[Type, ...]
    user_indexing_maps: Optional[tuple[MapEntry, ...]] = None
    iteration_sizes: Optional[tuple[Optional[int], ...]] = None
    layouts: Optional[ArrayAttr] = None
    operand_index_type: Type = INDEX
    extra: tuple[tuple[str, Any], ...] = ()
    role: Optional[str] = None

    def __post_init__(self) -> None:
        if self.operand_index < 0:
            raise EncodingAttrError(f"operand_index must be non-negative, got {self.operand_index}")
        if self.op_type is not None and self.op_type not in OP_TYPES:
            raise EncodingAttrError(f"op_type must be one of {', '.join(OP_TYPES)}, got '{self.op_type}'")
        maps = self.user_indexing_maps
        if maps is not None:
            composed = []
            for i, entry in enumerate(maps):
                try:
                    composed.append(compose_entry(entry))
                except EncodingAttrError as err:
                    raise EncodingAttrError(f"found a non-composable attribute in user_indexing_maps at index {i}: "
                                            f"{err}") from None
            if self.operand_index >= len(maps):
                raise EncodingAttrError(f"operand_index ({self.operand_index}) exceeds the size of "
                                        f"user_indexing_maps ({len(maps)})")
            if len(self.element_types) != len(maps):
                raise EncodingAttrError(f"has {len(self.element_types)} element_types but {len(maps)} "
                                        "user_indexing_maps (one per operand of the user op)")
            loops = composed[0].num_dims
            for i, m in enumerate(composed):
                if m.num_dims != loops:
                    raise EncodingAttrError(f"user_indexing_maps entry #{i} has {m.num_dims} dims but entry #0 has "
                                            f"{loops} (all maps index one iteration space)")
        if self.iteration_sizes is not None:
            if maps is None:
                raise EncodingAttrError("found iteration_sizes without any corresponding user_indexing_maps")
            n = self.operand_map.num_dims  # type: ignore[union-attr]
            if len(self.iteration_sizes) != n:
                raise EncodingAttrError(f"found an encoding with {len(self.iteration_sizes)} iteration sizes, but "
                                        f"expected {n} based on the user indexing maps")
            for s in self.iteration_sizes:
                if s is not None and s < 0:
                    raise EncodingAttrError(f"iteration sizes must be non-negative or '?', got {s}")

    # -- accessors
    @property
    def operand_map(self) -> Optional[AffineMap]:
        """The composed map of this operand (iteration space -> tensor dims)."""
        if self.user_indexing_maps is None:
            return None
        return compose_entry(self.user_indexing_maps[self.operand_index])

    def root_maps(self) -> Optional[tuple[AffineMap, ...]]:
        """The first map of every entry: the original op's indexing maps."""
        if self.user_indexing_maps is None:
            return None
        return tuple(e if isinstance(e, AffineMap) else e[0] for e in self.user_indexing_maps)

    @property
    def num_dynamic_iteration_sizes(self) -> int:
        """How many ``?`` iteration sizes (= encoding_dims an op must give)."""
        return sum(1 for s in self.iteration_sizes or () if s is None)

    def with_operand_index(self, index: int) -> "EncodingAttr":
        return replace(self, operand_index=index)

    def with_new_operand_map(self, m: AffineMap) -> "EncodingAttr":
        """Append ``m`` to this operand's entry (IREE
        ``cloneWithNewOperandIndexingMap``, used when propagating through a
        reshape-like op)."""
        maps = list(self.user_indexing_maps or ())
        old = maps[self.operand_index]
        maps[self.operand_index] = (old,) + (m,) if isinstance(old, AffineMap) else tuple(old) + (m,)
        return replace(self, user_indexing_maps=tuple(maps))

    def check_tensor(self, t: TensorType) -> None:
        """Raise EncodingAttrError when this operand's map does not produce
        one result per dim of ``t``."""
        m = self.operand_map
        if any(k == "bcast_map" for k, _ in self.extra):
            return  # older IREE: the tensor is the broadcast source, bcast_map relates it to the operand
        if m is not None and m.num_results != t.rank:
            raise EncodingAttrError(f"user_indexing_maps entry for operand_index {self.operand_index} has "
                                    f"{m.num_results} results but the tensor has rank {t.rank}")

    def __str__(self) -> str:
        # IREE 3.13 prints the type of operand_index always (a bare ``0`` reads as ``0 : i64``);
        # an older IREE's ``role = LHS`` prints as read
        parts = [f"role = {self.role}" if self.role is not None and ROLES.get(self.role) == self.operand_index
                 else f"operand_index = {self.operand_index} : {self.operand_index_type}"]
        if self.op_type is not None:
            parts.append(f"op_type = {self.op_type}")
        parts.append("element_types = [" + ", ".join(str(t) for t in self.element_types) + "]")
        if self.user_indexing_maps is not None:
            parts.append("user_indexing_maps = [" + ", ".join(_map_entry_str(e) for e in self.user_indexing_maps)
                         + "]")
        if self.iteration_sizes is not None:
            parts.append(f"iteration_sizes = {_sizes_str(self.iteration_sizes)}")
        if self.layouts is not None:
            parts.append(f"layouts = {self.layouts}")
        parts.extend(f"{k} = {v}" for k, v in self.extra)
        return "#iree_encoding.encoding<" + ", ".join(parts) + ">"

    @staticmethod
    def from_items(items) -> "EncodingAttr":
        """Build from the parser's ``(key, value)`` items (see module doc)."""
        d = _items_dict("encoding", items)
        role = d.pop("role", None)
        if role is not None:
            name = role.text if isinstance(role, Keyword) else None
            if name not in ROLES or "operand_index" in d:
                raise EncodingAttrError(f"role must be one of {', '.join(ROLES)} (and comes without "
                                        f"operand_index), got '{role}'")
            d["operand_index"] = IntegerAttr(ROLES[name], INDEX)
        for key in ("operand_index", "element_types"):
            if key not in d:
                raise EncodingAttrError(f"missing parameter '{key}'")
        idx = d.pop("operand_index")
        if not isinstance(idx, IntegerAttr) or not isinstance(idx.type, (IntegerType, IndexType)):
            raise EncodingAttrError(f"operand_index must be an integer, got '{idx}'")
        op_type = d.pop("op_type", None)
        if op_type is not None:
            if not isinstance(op_type, (Keyword, StringAttr)):
                raise EncodingAttrError(f"op_type must be a keyword such as 'matmul', got '{op_type}'")
            op_type = op_type.text if isinstance(op_type, Keyword) else op_type.value
        ets = d.pop("element_types")
        if not isinstance(ets, ArrayAttr) or not all(isinstance(e, TypeAttr) for e in ets):
            raise EncodingAttrError(f"element_types must be a list of types, got '{ets}'")
        maps = d.pop("user_indexing_maps", None)
        entries = None
        if maps is not None:
            entries = tuple(_map_entry(e, i) for i, e in enumerate(_as_array(maps, "user_indexing_maps")))
        sizes = d.pop("iteration_sizes", None)
        layouts = d.pop("layouts", None)
        if layouts is not None and not isinstance(layouts, ArrayAttr):
            raise EncodingAttrError(f"layouts must be a list of attributes, got '{layouts}'")
        return EncodingAttr(idx.value, op_type, tuple(e.type for e in ets), entries,
                            _sizes(sizes, "iteration_sizes") if sizes is not None else None, layouts, idx.type,
                            tuple(d.items()), None if role is None else role.text)


def _as_array(value, what: str) -> ArrayAttr:
    if not isinstance(value, ArrayAttr):
        raise EncodingAttrError(f"{what} must be a list, got '{value}'")
    return value


def _map_entry(e, i: int) -> MapEntry:
    if isinstance(e, AffineMapAttr):
        return e.map
    if isinstance(e, ArrayAttr) and all(isinstance(m, AffineMapAttr) for m in e):
        return tuple(m.map for m in e)
    raise EncodingAttrError(f"found a non-composable attribute in user_indexing_maps at index {i}: '{e}'")


def _single_array(name: str, items, allow_empty: bool = False) -> Optional[ArrayAttr]:
    items = list(items or ())
    if allow_empty and not items:
        return None
    if len(items) != 1 or not isinstance(items[0], ArrayAttr):
        raise EncodingAttrError(f"expects one list parameter '#iree_encoding.{name}<[...]>'")
    return items[0]


@dataclass(frozen=True)
class LayoutAttr(Attribute):
    """``#iree_encoding.layout<[#l0, ...]>``: a resolved (serialized) layout
    per target device (IREE: the list must not be empty)."""

    layouts: tuple[Attribute, ...]

    def __post_init__(self) -> None:
        if not self.layouts:
            raise EncodingAttrError("expected non-empty layouts")

    def __str__(self) -> str:
        return f"#iree_encoding.layout<{ArrayAttr(self.layouts)}>"

    @staticmethod
    def from_items(items) -> "LayoutAttr":
        return LayoutAttr(tuple(_single_array("layout", items)))  # type: ignore[arg-type]


@dataclass(frozen=True)
class PaddingAttr(Attribute):
    """``#iree_encoding.padding<[0, ?, 64]>``: elements appended to each dim
    (None for ``?``, a size chosen later). ``mnemonic`` keeps the older
    spelling ``pad_encoding_layout`` when read so."""

    padding: tuple[Optional[int], ...]
    mnemonic: str = "padding"

    def __post_init__(self) -> None:
        for v in self.padding:
            if v is not None and v < 0:
                raise EncodingAttrError(f"expected all padding values need to be non-negative or dynamic, got {v}")

    @property
    def is_identity(self) -> bool:
        return all(v == 0 for v in self.padding)

    def __str__(self) -> str:
        return f"#iree_encoding.{self.mnemonic}<{_sizes_str(self.padding)}>"


@dataclass(frozen=True)
class IdentityAttr(Attribute):
    """``#iree_encoding.identity``: the layout is the plain row-major one."""

    mnemonic: str = "identity"

    def __str__(self) -> str:
        return f"#iree_encoding.{self.mnemonic}"


@dataclass(frozen=True)
class TestingAttr(Attribute):
    """``#iree_encoding.testing<>`` / ``testing<[layouts]>``: IREE's encoding
    for tests, optionally with resolved layouts."""

    layouts: Optional[ArrayAttr] = None
    mnemonic: str = "testing"

    __test__ = False  # not a pytest test class despite its name

    def __str__(self) -> str:
        return f"#iree_encoding.{self.mnemonic}<{'' if self.layouts is None else self.layouts}>"


@dataclass(frozen=True)
class MatmulKAttr(Attribute):
    """``#iree_encoding.matmul_k<[operand_index = 0 : index, element_types = [f16, f16, f32],]
    k_dims = [1]>``: the tensor dims that are reduction (K) dims of the matmul using it (newer IREE
    also records the operand and the element types; both spellings are read and printed as read)."""

    k_dims: tuple[int, ...]
    operand_index: Optional[IntegerAttr] = None
    element_types: Optional[tuple[Type, ...]] = None

    def __str__(self) -> str:
        parts = []
        if self.operand_index is not None:
            parts.append(f"operand_index = {self.operand_index.value} : {self.operand_index.type}")
        if self.element_types is not None:
            parts.append("element_types = [" + ", ".join(str(t) for t in self.element_types) + "]")
        parts.append("k_dims = [" + ", ".join(str(k) for k in self.k_dims) + "]")
        return "#iree_encoding.matmul_k<" + ", ".join(parts) + ">"

    @staticmethod
    def from_items(items) -> "MatmulKAttr":
        d = _items_dict("matmul_k", items, ("operand_index", "element_types", "k_dims"))
        if "k_dims" not in d:
            raise EncodingAttrError("missing parameter 'k_dims'")
        dims = _sizes(d["k_dims"], "k_dims")
        if any(k is None or k < 0 for k in dims):
            raise EncodingAttrError(f"k_dims must be non-negative integers, got {_sizes_str(dims)}")
        idx = d.get("operand_index")
        if idx is not None and (not isinstance(idx, IntegerAttr) or idx.value < 0):
            raise EncodingAttrError(f"operand_index must be a non-negative integer, got '{idx}'")
        ets = d.get("element_types")
        if ets is not None and (not isinstance(ets, ArrayAttr) or not all(isinstance(e, TypeAttr) for e in ets)):
            raise EncodingAttrError(f"element_types must be a list of types, got '{ets}'")
        return MatmulKAttr(tuple(dims), idx,  # type: ignore[arg-type]
                           None if ets is None else tuple(e.type for e in ets))


def _padding(mnemonic: str):
    def build(items) -> PaddingAttr:
        return PaddingAttr(_sizes(_single_array(mnemonic, items), "padding"), mnemonic)
    return build


def _identity(mnemonic: str):
    def build(items) -> IdentityAttr:
        if items:
            raise EncodingAttrError(f"'#iree_encoding.{mnemonic}' takes no parameters")
        return IdentityAttr(mnemonic)
    return build


def _testing(mnemonic: str):
    def build(items) -> TestingAttr:
        if items is None:
            raise EncodingAttrError(f"expects '<>' or '<[layouts]>' after '#iree_encoding.{mnemonic}'")
        return TestingAttr(_single_array(mnemonic, items, allow_empty=True), mnemonic)
    return build


register_attr("iree_encoding.encoding", EncodingAttr.from_items)
register_attr("iree_encoding.layout", LayoutAttr.from_items)
register_attr("iree_encoding.matmul_k", MatmulKAttr.from_items)
for _m in ("padding", "pad_encoding_layout"):
    register_attr(f"iree_encoding.{_m}", _padding(_m))
for _m in ("identity", "identity_encoding"):
    register_attr(f"iree_encoding.{_m}", _identity(_m))
for _m in ("testing", "testing_encoding"):
    register_attr(f"iree_encoding.{_m}", _testing(_m))

DATA_TILING_ATTRS = (EncodingAttr, LayoutAttr, PaddingAttr, IdentityAttr, TestingAttr, MatmulKAttr)


def is_encoding_attr(a: Attribute) -> bool:
    """Whether ``a`` can be a tensor encoding of set/unset_encoding: one of :data:`DATA_TILING_ATTRS`
    or another dialect's attribute (``#iree_encoding.specialized<...>``, kept as read); builtin
    attributes (``"foo"``, ``1 : i64``, ``[..]``) are not (IREE: "expected to have a valid tensor
    encoding")."""
    from meshc.dialects import DialectAttr

    return isinstance(a, DATA_TILING_ATTRS + (DialectAttr,))


# ------------------------------------------------------------------ type accessors
def data_tiling_encoding_of(t: Type) -> Optional[Attribute]:
    """The data-tiling encoding of tensor type ``t`` (None if it has none),
    looking through a ``#mesh.shard<..., inner = ...>`` sharding."""
    return data_encoding_of(t)


def _mentions_encoding(x: Any) -> bool:
    """Whether a type or attribute holds a data-tiling encoding anywhere inside (function types,
    ``TypeAttr``, arrays and dictionaries of them)."""
    if isinstance(x, TensorType):
        return data_tiling_encoding_of(x) is not None
    if isinstance(x, FunctionType):
        return any(_mentions_encoding(t) for t in x.inputs + x.results)
    if isinstance(x, TypeAttr):
        return _mentions_encoding(x.type)
    if isinstance(x, DATA_TILING_ATTRS):
        return True
    if isinstance(x, ArrayAttr):
        return any(_mentions_encoding(e) for e in x.elements)
    if isinstance(x, DictionaryAttr):
        return any(_mentions_encoding(a) for _, a in x.entries)
    return False


def has_data_tiling(root: Operation) -> bool:
    """Whether anything in ``root`` carries data tiling: an ``iree_encoding`` op, or a data-tiling
    encoding in a value's type (results and block arguments) or in an attribute's types (a
    function's signature, a global's type). O(ops + values + attributes). The encoding passes are
    the identity on IR without any, so they report it unchanged
    (:meth:`meshc.passes.base.Pass.mark_all_preserved`)."""
    for op in root.walk():
        if op.name.startswith("iree_encoding."):
            return True
        if any(_mentions_encoding(r.type) for r in op.results):
            return True
        if any(_mentions_encoding(a) for where in (op.attributes, op.properties) for a in where.values()):
            return True
        for region in op.regions:
            for block in region.blocks:
                if any(_mentions_encoding(a.type) for a in block.args):
                    return True
    return False


def with_data_tiling_encoding(t: TensorType, encoding: Optional[Attribute]) -> TensorType:
    """``t`` with its data-tiling encoding replaced by ``encoding`` (None
    removes it); a sharding on ``t`` is kept."""
    return with_data_encoding(t, encoding)


def encoding_attr_of(t: Type) -> Optional[EncodingAttr]:
    """The ``#iree_encoding.encoding`` of ``t``, if that is its data-tiling encoding."""
    e = data_encoding_of(t)
    return e if isinstance(e, EncodingAttr) else None


def is_iree_encoding(a: Optional[Attribute]) -> bool:
    """True for any ``#iree_encoding.*`` attribute (typed or generic)."""
    return isinstance(a, DATA_TILING_ATTRS) or (isinstance(a, DialectAttr) and a.name.startswith("iree_encoding."))


# ------------------------------------------------------------------ ops
class EncodingConversionOp(Operation):
    """Base of set/unset_encoding: one tensor in, one tensor out with the
    same shape and element type; ``plain_side``/``encoded_side`` name which
    side carries the data-tiling encoding.

    Operands: the source, then (unset only) the result's dynamic dims, then
    the ``encoding_dims`` (index values for the encoding's ``?`` iteration
    sizes); ``operandSegmentSizes`` splits them when both are present. The
    declaration has one group ``sizes`` for all the index operands, since
    the custom form leaves ``operandSegmentSizes`` out when there are no
    encoding dims (:meth:`_segments` splits them).
    """

    source = operand(TENSOR)
    sizes = var_operand(INDEX_KIND)
    output = result(TENSOR)
    traits = (Pure(),)
    encoded_is_result = True
    n_segments = 2  # source, encoding_dims

    def _segments(self) -> tuple[int, ...]:
        a = self.attr("operandSegmentSizes")
        if isinstance(a, DenseArrayAttr) and len(a.values) == self.n_segments:
            return tuple(int(v) for v in a.values)
        rest = len(self.operands) - 1
        # without segment sizes every extra operand is an encoding dim (set) or a result dim (unset)
        return (1, rest) if self.n_segments == 2 else (1, rest, 0)

    @property
    def encoding_dims(self) -> list[Value]:
        seg = self._segments()
        return self.operands[sum(seg[:-1]):sum(seg)]

    @property
    def source_type(self) -> Type:
        return self.source.type

    @property
    def result_type(self) -> Type:
        return self.results[0].type

    @property
    def encoding(self) -> Optional[Attribute]:
        """The data-tiling encoding set (or removed) by this op."""
        return data_encoding_of(self.result_type if self.encoded_is_result else self.source_type)

    def verify_op(self) -> None:
        kind = self.name.split(".", 1)[1]
        src, res = self.source_type, self.result_type
        seg = self._segments()
        if sum(seg) != len(self.operands) or seg[0] != 1:
            raise self.error(f"operandSegmentSizes {list(seg)} do not match the {len(self.operands)} operands")
        plain, encoded = (src, res) if self.encoded_is_result else (res, src)
        plain_name, enc_name = ("source", "result") if self.encoded_is_result else ("result", "source")
        if data_encoding_of(plain) is not None:
            raise self.error(f"{plain_name} of {kind} op cannot have a tensor encoding")
        enc = data_encoding_of(encoded)
        if enc is None or not is_encoding_attr(enc):
            # IREE 3.13 accepts only encoding attributes here (a plain "foo" string is rejected)
            got = "" if enc is None else f", got '{enc}'"
            raise self.error(f"{enc_name} of {kind} op expected to have a valid tensor encoding{got}")
        if sharding_of(src) != sharding_of(res):
            raise self.error(f"expects source and result to carry the same sharding, got "
                             f"'{sharding_of(src)}' and '{sharding_of(res)}'")
        if src.rank != res.rank:
            raise self.error(f"cannot change the rank of the tensor ({src.rank} to {res.rank})")
        for a, b in zip(src.shape, res.shape):
            if a is not None and b is not None and a != b:
                raise self.error(f"expected to preserve the logical shape of the tensor, got "
                                 f"{_shape(src)} and {_shape(res)}")
        if src.element_type != res.element_type:
            raise self.error(f"expects source and result element types to agree, got '{src.element_type}' and "
                             f"'{res.element_type}'")
        if isinstance(enc, EncodingAttr):
            try:
                enc.check_tensor(encoded)
            except EncodingAttrError as err:
                raise self.error(f"has an encoding inconsistent with '{encoded}': {err}") from None
            dims = self.encoding_dims
            if dims and len(dims) != enc.num_dynamic_iteration_sizes:
                raise self.error(f"encoding expects {enc.num_dynamic_iteration_sizes} encoding dim(s), but "
                                 f"{len(dims)} provided")

    def _print_head(self, p) -> None:
        p.write(" " + p.value(self.source))
        if self.encoding_dims:
            p.write(" encoding_dims{" + p.values(self.encoding_dims) + "}")
        p.write(f" : {self.source_type} -> {self.result_type}")


def _shape(t: TensorType) -> str:
    return "x".join("?" if d is None else str(d) for d in t.shape)


@define_op
class SetEncodingOp(EncodingConversionOp):
    """``%e = iree_encoding.set_encoding %x [encoding_dims{...}] : T -> T<enc>``:
    the same tensor, now laid out as its encoding says (seed 001)."""

    name = "iree_encoding.set_encoding"

    def print_custom(self, p) -> None:
        self._print_head(p)
        p.write(p.attr_dict(self.attributes, ("operandSegmentSizes",)))


def fold_unset_of_set(op: Operation, rewriter) -> bool:
    """``unset_encoding(set_encoding(%x))`` is ``%x`` when the round trip lands on ``%x``'s own type
    (IREE's ``UnsetEncodingOp`` fold: a result type that differs, ``tensor<4x4xf32>`` back as
    ``tensor<?x?xf32>``, is kept). Declared by :class:`UnsetEncodingOp`."""
    src = op.operands[0]
    producer = src.op if isinstance(src, OpResult) else None
    if producer is None or producer.name != SetEncodingOp.name:
        return False
    original = producer.operands[0]
    if original.type != op.results[0].type:
        return False
    rewriter.replace_op(op, [original])
    return True


@define_op
class UnsetEncodingOp(EncodingConversionOp):
    """``%x = iree_encoding.unset_encoding %e [encoding_dims{...}] : T<enc> -> T
    [{dynamic dims}]``: back to the plain row-major layout (seed 001)."""

    name = "iree_encoding.unset_encoding"
    encoded_is_result = False
    n_segments = 3  # source, result_dims, encoding_dims
    canonicalization_patterns = (fold_unset_of_set,)

    @property
    def result_dims(self) -> list[Value]:
        seg = self._segments()
        return self.operands[1:1 + seg[1]]

    def verify_op(self) -> None:
        super().verify_op()
        t = self.result_type
        n = sum(1 for d in t.shape if d is None)  # type: ignore[attr-defined]
        if self.result_dims and len(self.result_dims) != n:
            raise self.error(f"expects {n} result dims (one per '?' of the result type), got "
                             f"{len(self.result_dims)}")

    def print_custom(self, p) -> None:
        self._print_head(p)
        if self.result_dims:
            p.write("{" + p.values(self.result_dims) + "}")
        p.write(p.attr_dict(self.attributes, ("operandSegmentSizes",)))


class Syntax:
    """Parse callbacks of grammar/iree_encoding.lark."""

    def iree_encoding_dynamic_size(self):
        return DYNAMIC_SIZE

    def iree_encoding_dims(self, kw, toks=None):
        return [self.use(t, INDEX) for t in toks or []]

    def iree_encoding_result_dims(self, toks):
        return [self.use(t, INDEX) for t in toks]

    def iree_encoding_set(self, kw, attrs0, src, enc_dims, src_ty, res_ty, attrs1):
        attributes = dict(attrs0 or {})
        attributes.update(attrs1 or {})
        return self.build("iree_encoding.set_encoding", [self.use(src, src_ty)] + (enc_dims or []), [res_ty],
                          attributes, (), self.loc(kw))

    def iree_encoding_unset(self, kw, attrs0, src, enc_dims, src_ty, res_ty, res_dims, attrs1):
        enc_dims, res_dims = enc_dims or [], res_dims or []
        attributes = dict(attrs0 or {})
        attributes.update(attrs1 or {})
        if enc_dims:
            attributes["operandSegmentSizes"] = DenseArrayAttr(I32, (1, len(res_dims), len(enc_dims)))
        return self.build("iree_encoding.unset_encoding", [self.use(src, src_ty)] + res_dims + enc_dims, [res_ty],
                          attributes, (), self.loc(kw))
