"""tensor dialect: creation, slicing, reshaping, padding and element access of
ranked tensors (value semantics).

Each op follows the MLIR tensor dialect documentation
(https://mlir.llvm.org/docs/Dialects/TensorOps/, ``TensorOps.td``) for its
syntax and verifier, as mlir-opt 19/20 print it:

* slices keep offsets/sizes/strides MLIR's way (``OffsetSizeAndStrideOpInterface``,
  ``ViewLikeInterface.td``): ``static_offsets``/``static_sizes``/``static_strides``
  ``array<i64: ...>`` attributes where a dynamic entry is ``ShapedType::kDynamic``
  (:data:`K_DYNAMIC`, -2**63) and takes the next SSA operand of its segment;
  ``operandSegmentSizes`` splits the operands. The bounds check is LLVM 20's
  ``verifyInBoundsSlice``; rank reduction drops unit dims only
  (``computeRankReductionMask``).
* ``expand_shape``/``collapse_shape`` carry ``reassociation`` (an array of
  arrays of i64) and, for ``expand_shape``, ``static_output_shape`` (LLVM 19+;
  the older form without ``output_shape`` is accepted for static results).
* ``pad`` keeps ``static_low``/``static_high`` and a region yielding the
  padding value; ``nofold`` is a unit attribute.

Every op is declared with :func:`meshc.ir.opdef.define_op` (operands,
results, attributes, regions, traits), so the structural checks and the
accessors come from the declaration and read generic-form properties as the
custom form's attributes. empty, extract, dim, cast, bitcast and yield also
take their syntax from an assembly format; the others keep a rule in
grammar/tensor.lark and a ``print_custom`` (mixed static/dynamic lists,
reassociations, regions, a functional type).

The mixed static/dynamic list helpers (:func:`split_mixed`, :func:`join_mixed`,
:func:`format_mixed`, :func:`operand_segments`) are shared with
``meshc.dialects.linalg`` (``linalg.pack``'s ``inner_tiles``).
"""

from __future__ import annotations

from typing import ClassVar, Optional, Sequence, Union

from meshc.ir.attributes import ArrayAttr, DenseArrayAttr, IntegerAttr, UnitAttr
from meshc.ir.opdef import (INDEX_KIND, TENSOR, HasParent, Pure, ReturnLike, Terminator, TypeKind, attribute,
                            define_op, operand, region, result, var_operand)
from meshc.ir.core import Block, Operation, Region, Value
from meshc.ir.location import UNKNOWN_LOC, Location
from meshc.ir.types import (I32, I64, INDEX, K_DYNAMIC, FloatType, FunctionType, IndexType, IntegerType, TensorType,
                            Type, UnrankedTensorType, byte_width)


Mixed = Union[int, Value]
"""One entry of an offsets/sizes/strides list: a constant or an index value."""

PARALLEL_COMBINING_PARENTS = ("scf.forall.in_parallel", "mesh.for_one", "shard.for_one")
"""Ops that may hold ``tensor.parallel_insert_slice`` (besides any op with the
``ParallelCombining`` trait), as MLIR's ``ParallelCombiningOpInterface``."""


# ---------------------------------------------------------------- mixed lists
def split_mixed(entries: Sequence[Mixed]) -> tuple[tuple[int, ...], list[Value]]:
    """``[%o, 0]`` -> ``((K_DYNAMIC, 0), [%o])``: the static array and the dynamic values."""
    static: list[int] = []
    dynamic: list[Value] = []
    for e in entries:
        if isinstance(e, Value):
            static.append(K_DYNAMIC)
            dynamic.append(e)
        else:
            static.append(int(e))
    return tuple(static), dynamic


def join_mixed(static: Sequence[int], dynamic: Sequence[Value]) -> list[Mixed]:
    """Inverse of :func:`split_mixed`.

    Raises:
        ValueError: the number of ``K_DYNAMIC`` entries differs from ``len(dynamic)``.
    """
    want = sum(1 for s in static if s == K_DYNAMIC)
    if want != len(dynamic):
        raise ValueError(f"{want} dynamic entries in the static array but {len(dynamic)} values")
    values = iter(dynamic)
    return [next(values) if s == K_DYNAMIC else s for s in static]


def format_mixed(p, entries: Sequence[Mixed]) -> str:
    """``[%o, 0]`` with printer ``p`` naming the values."""
    return "[" + ", ".join(p.value(e) if isinstance(e, Value) else str(e) for e in entries) + "]"


def dims_of(static: Sequence[int]) -> tuple[Optional[int], ...]:
    """A ``static_*`` array as tensor dims (``K_DYNAMIC`` -> ``None``)."""
    return tuple(None if s == K_DYNAMIC else s for s in static)


def i64_array(values: Sequence[int]) -> DenseArrayAttr:
    return DenseArrayAttr(I64, tuple(int(v) for v in values))


def segment_sizes(*counts: int) -> DenseArrayAttr:
    """``operandSegmentSizes = array<i32: ...>``."""
    return DenseArrayAttr(I32, tuple(counts))


def operand_segments(op: Operation, count: int) -> list[list[Value]]:
    """``op``'s operands split by its ``operandSegmentSizes`` (``count`` segments).

    Raises:
        DiagnosticError: the attribute is missing, has the wrong length, or its
            sizes do not add up to the operand count (MLIR's message).
    """
    a = op.attr("operandSegmentSizes")
    if not isinstance(a, DenseArrayAttr) or len(a.values) != count:
        raise op.error(f"requires attribute 'operandSegmentSizes' with {count} elements")
    if sum(a.values) != len(op.operands):
        raise op.error(f"operand count ({len(op.operands)}) does not match with the total size "
                       f"({sum(a.values)}) specified in attribute 'operandSegmentSizes'")
    out, start = [], 0
    for n in a.values:
        out.append(op.operands[start:start + n])
        start += n
    return out


def int_attr(op: Operation, key: str) -> int:
    """The value of ``op``'s required integer attribute ``key`` (``dim`` of ``tensor.concat`` and
    ``linalg.index``).

    Raises:
        DiagnosticError: the attribute is missing or not an integer (located at ``op``).
    """
    a = op.attr(key)
    if not isinstance(a, IntegerAttr):
        raise op.error(f"requires integer attribute '{key}'")
    return a.value


def static_array(op: Operation, key: str) -> tuple[int, ...]:
    """The integers of a ``DenseArrayAttr`` attribute (or property) ``key``.

    Raises:
        DiagnosticError: missing or not an ``array<i64: ...>``.
    """
    a = op.attr(key)
    if not isinstance(a, DenseArrayAttr):
        raise op.error(f"requires attribute '{key}' (array<i64: ...>)")
    return tuple(int(v) for v in a.values)


def ranked(op: Operation, t: Type, what: str) -> TensorType:
    """``t`` as a ranked tensor type, else raise ``'op' op <what> must be a ranked tensor``."""
    if not isinstance(t, TensorType):
        raise op.error(f"{what} must be a ranked tensor, got '{t}'")
    return t


def _check_index(op: Operation, values: Sequence[Value], what: str) -> None:
    for v in values:
        if not isinstance(v.type, IndexType):
            raise op.error(f"{what} must be of type 'index', got '{v.type}'")


def _dims_str(dims: Sequence[Optional[int]]) -> str:
    return "x".join("?" if d is None else str(d) for d in dims)


def rank_reduction_mask(full: Sequence[Optional[int]], reduced: Sequence[Optional[int]]) -> Optional[list[int]]:
    """Positions of ``full`` dropped to get ``reduced`` when only static unit
    dims may be dropped (MLIR's ``computeRankReductionMask``), or None."""
    dropped: list[int] = []
    j = 0
    for i, d in enumerate(full):
        if j < len(reduced) and reduced[j] == d:
            j += 1
        elif d == 1:
            dropped.append(i)
        else:
            return None
    return dropped if j == len(reduced) else None


def dims_compatible(a: Sequence[Optional[int]], b: Sequence[Optional[int]]) -> bool:
    """Same rank and every dim pair equal or one of them dynamic."""
    return len(a) == len(b) and all(x is None or y is None or x == y for x, y in zip(a, b))


# ---------------------------------------------------------------- creation
@define_op
class EmptyOp(Operation):
    """``tensor.empty(%d0) : tensor<?x4xf32>``: a tensor of unspecified content;
    one index operand per dynamic dim of the result, in order."""

    name = "tensor.empty"
    dynamic_sizes = var_operand(INDEX_KIND)
    output = result()
    traits = (Pure(),)
    assembly_format = "`(` $dynamic_sizes `)` attr-dict `:` type($output)"

    @classmethod
    def build(cls, type: TensorType, dynamic_sizes: Sequence[Value] = (), loc: Location = UNKNOWN_LOC) -> "EmptyOp":
        return cls.create(list(dynamic_sizes), [type], location=loc)  # type: ignore[return-value]

    @property
    def mixed_sizes(self) -> list[Mixed]:
        """Result dims, dynamic ones as the index operands."""
        t = self.result.type
        return join_mixed([K_DYNAMIC if d is None else d for d in t.shape], self.operands)

    def verify_op(self) -> None:
        t = ranked(self, self.result.type, "result")
        want = sum(1 for d in t.shape if d is None)
        if len(self.operands) != want:
            raise self.error(f"incorrect number of dynamic sizes, has {len(self.operands)}, expected {want}")


@define_op
class FromElementsOp(Operation):
    """``tensor.from_elements %a, %b : tensor<2xf32>``: a static tensor from
    its elements in row-major order."""

    name = "tensor.from_elements"
    elements = var_operand()
    output = result(TENSOR)
    traits = (Pure(),)

    def verify_op(self) -> None:
        t = ranked(self, self.result.type, "result")
        if not t.has_static_shape:
            raise self.error(f"result must have a static shape, got '{t}'")
        if len(self.operands) != t.num_elements:
            raise self.error(f"has {len(self.operands)} elements but the result type '{t}' holds {t.num_elements}")
        for i, v in enumerate(self.operands):
            if v.type != t.element_type:
                raise self.error(f"element #{i} has type '{v.type}', expected the element type '{t.element_type}'")

    def print_custom(self, p) -> None:
        vals = p.values(self.operands)
        p.write((" " + vals if vals else "") + p.attr_dict(self.attributes) + f" : {self.result.type}")


@define_op
class SplatOp(Operation):
    """``tensor.splat %v[%d] : tensor<?x4xf32>``: every element is ``%v``;
    one index operand per dynamic dim (LLVM 20)."""

    name = "tensor.splat"
    input = operand()
    dynamic_sizes = var_operand(INDEX_KIND)
    output = result(TENSOR)
    traits = (Pure(),)

    def verify_op(self) -> None:
        t = ranked(self, self.result.type, "result")
        if self.operands[0].type != t.element_type:
            raise self.error(f"input type '{self.operands[0].type}' must be the element type of '{t}'")
        want = sum(1 for d in t.shape if d is None)
        if len(self.operands) - 1 != want:
            raise self.error(f"incorrect number of dynamic sizes, has {len(self.operands) - 1}, expected {want}")
        _check_index(self, self.operands[1:], "dynamic sizes")

    def print_custom(self, p) -> None:
        dyn = f"[{p.values(self.operands[1:])}]" if len(self.operands) > 1 else ""
        p.write(f" {p.value(self.operands[0])}{dyn}" + p.attr_dict(self.attributes) + f" : {self.result.type}")


# ---------------------------------------------------------------- element access
@define_op
class ExtractOp(Operation):
    """``tensor.extract %t[%i, %j] : tensor<4x8xf32>``: one element (one index per dim)."""

    name = "tensor.extract"
    source = operand()
    indices = var_operand(INDEX_KIND)
    output = result()
    traits = (Pure(),)
    assembly_format = "$source `[` $indices `]` attr-dict `:` type($source)"

    @classmethod
    def infer_result_types(cls, operand_types, attributes) -> list[Type]:
        """The element type of the source tensor."""
        t = operand_types[0]
        return [t.element_type if isinstance(t, TensorType) else t]

    def verify_op(self) -> None:
        t = ranked(self, self.source.type, "source")
        if len(self.indices) != t.rank:
            raise self.error(f"incorrect number of indices for extract_element: {len(self.indices)} for a "
                             f"rank-{t.rank} tensor")
        if self.result.type != t.element_type:
            raise self.error(f"result type '{self.result.type}' must be the element type of '{t}'")


@define_op
class InsertOp(Operation):
    """``tensor.insert %v into %t[%i] : tensor<4xf32>``: ``%t`` with one element replaced."""

    name = "tensor.insert"
    scalar = operand()
    dest = operand(TENSOR)
    indices = var_operand(INDEX_KIND)
    output = result(TENSOR)
    traits = (Pure(),)

    def verify_op(self) -> None:
        t = ranked(self, self.operands[1].type, "destination")
        if len(self.operands) - 2 != t.rank:
            raise self.error(f"incorrect number of indices: {len(self.operands) - 2} for a rank-{t.rank} tensor")
        _check_index(self, self.operands[2:], "indices")
        if self.operands[0].type != t.element_type:
            raise self.error(f"scalar type '{self.operands[0].type}' must be the element type of '{t}'")
        if self.result.type != t:
            raise self.error(f"result type '{self.result.type}' must match the destination type '{t}'")

    def print_custom(self, p) -> None:
        p.write(f" {p.value(self.operands[0])} into {p.value(self.operands[1])}[{p.values(self.operands[2:])}]"
                + p.attr_dict(self.attributes) + f" : {self.result.type}")


_ANY_TENSOR = TypeKind("a tensor", lambda t: isinstance(t, (TensorType, UnrankedTensorType)))


@define_op
class DimOp(Operation):
    """``tensor.dim %t, %c1 : tensor<?x4xf32>``: the size of dim ``%c1`` (an index)."""

    name = "tensor.dim"
    source = operand(_ANY_TENSOR)
    index = operand(INDEX_KIND)
    output = result(INDEX_KIND)
    traits = (Pure(),)
    assembly_format = "$source `,` $index attr-dict `:` type($source)"


# ---------------------------------------------------------------- slices
class SliceOp(Operation):
    """Base of ops addressing a strided box ``offsets/sizes/strides`` of a
    ranked tensor (MLIR ``OffsetSizeAndStrideOpInterface``).

    Operands: ``num_leading`` values (source [, dest]), then the dynamic
    offsets, sizes and strides (``operandSegmentSizes``). ``full_type`` is the
    tensor addressed; ``sliced_type`` the box, possibly rank-reduced by
    dropping unit dims.
    """

    num_leading: ClassVar[int] = 1
    static_offsets_attr = attribute(DenseArrayAttr, name="static_offsets", what="array<i64: ...>")
    static_sizes_attr = attribute(DenseArrayAttr, name="static_sizes", what="array<i64: ...>")
    static_strides_attr = attribute(DenseArrayAttr, name="static_strides", what="array<i64: ...>")
    _STATIC_KEYS = ("static_offsets", "static_sizes", "static_strides")
    _ELIDED = _STATIC_KEYS + ("operandSegmentSizes",)

    @classmethod
    def make_attributes(cls, offsets: Sequence[Mixed], sizes: Sequence[Mixed], strides: Sequence[Mixed],
                        leading: int) -> tuple[dict, list[Value]]:
        """Attributes and trailing operands for mixed offsets/sizes/strides."""
        attrs: dict = {}
        dynamic: list[Value] = []
        counts = [1] * leading
        for key, entries in zip(cls._STATIC_KEYS, (offsets, sizes, strides)):
            static, dyn = split_mixed(entries)
            attrs[key] = i64_array(static)
            dynamic += dyn
            counts.append(len(dyn))
        attrs["operandSegmentSizes"] = segment_sizes(*counts)
        return attrs, dynamic

    def _mixed(self, which: int) -> list[Mixed]:
        segs = operand_segments(self, self.num_leading + 3)
        return join_mixed(static_array(self, self._STATIC_KEYS[which]), segs[self.num_leading + which])

    @property
    def mixed_offsets(self) -> list[Mixed]:
        return self._mixed(0)

    @property
    def mixed_sizes(self) -> list[Mixed]:
        return self._mixed(1)

    @property
    def mixed_strides(self) -> list[Mixed]:
        return self._mixed(2)

    @property
    def static_offsets(self) -> tuple[int, ...]:
        return static_array(self, "static_offsets")

    @property
    def static_sizes(self) -> tuple[int, ...]:
        return static_array(self, "static_sizes")

    @property
    def static_strides(self) -> tuple[int, ...]:
        return static_array(self, "static_strides")

    @property
    def source(self) -> Value:
        return self.operands[0]

    @property
    def full_type(self) -> Type:  # pragma: no cover - overridden
        raise NotImplementedError

    @property
    def sliced_type(self) -> Type:  # pragma: no cover - overridden
        raise NotImplementedError

    def dropped_dims(self) -> list[int]:
        """Dims of the box dropped in ``sliced_type`` (rank reduction), or [] ."""
        mask = rank_reduction_mask(dims_of(self.static_sizes), self.sliced_type.shape)  # type: ignore[attr-defined]
        return mask or []

    def verify_op(self) -> None:
        segs = operand_segments(self, self.num_leading + 3)
        full = ranked(self, self.full_type, "the sliced tensor")
        sliced = ranked(self, self.sliced_type, "the slice")
        for which, what in enumerate(("offset", "size", "stride")):
            static = static_array(self, self._STATIC_KEYS[which])
            if len(static) != full.rank:
                raise self.error(f"expected {full.rank} {what} values, got {len(static)}")
            dyn = sum(1 for s in static if s == K_DYNAMIC)
            if dyn != len(segs[self.num_leading + which]):
                raise self.error(f"expected {dyn} dynamic {what} values, got {len(segs[self.num_leading + which])}")
            _check_index(self, segs[self.num_leading + which], f"dynamic {what}s")
        self._verify_in_bounds(full)
        box = dims_of(self.static_sizes)
        expected = TensorType(box, full.element_type)
        if sliced.element_type != full.element_type:
            raise self.error(f"expected element type to be '{full.element_type}', got '{sliced.element_type}'")
        if rank_reduction_mask(box, sliced.shape) is None:
            raise self.error(f"expected type to be '{expected}' or a rank-reduced version (size mismatch), "
                             f"got '{sliced}'")

    def _verify_in_bounds(self, full: TensorType) -> None:
        """LLVM 20 ``verifyInBoundsSlice``: ``offset + (size - 1) * stride < dim``."""
        for i, (dim, off, size, stride) in enumerate(zip(full.shape, self.static_offsets, self.static_sizes,
                                                         self.static_strides)):
            if size == 0:
                continue
            if off != K_DYNAMIC and off < 0:
                raise self.error(f"offset {i} is negative: {off}")
            if dim is None or off == K_DYNAMIC:
                continue
            if off >= dim:
                raise self.error(f"offset {i} is out-of-bounds: {off} >= {dim}")
            if size != K_DYNAMIC and stride != K_DYNAMIC:
                last = off + (size - 1) * stride
                if last >= dim or last < 0:
                    raise self.error(f"slice along dimension {i} runs out-of-bounds: {last} >= {dim}")

    def slice_text(self, p) -> str:
        """``[offsets] [sizes] [strides]``."""
        return " ".join(format_mixed(p, m) for m in (self.mixed_offsets, self.mixed_sizes, self.mixed_strides))


def _inferred_slice_type(source: TensorType, sizes: Sequence[Mixed]) -> TensorType:
    return TensorType(tuple(None if isinstance(s, Value) else int(s) for s in sizes), source.element_type)


@define_op
class ExtractSliceOp(SliceOp):
    """``tensor.extract_slice %t[%o, 0] [1, 3] [1, 1] : tensor<2x3xf32> to tensor<1x3xf32>``.

    The result type may drop unit dims of the box (rank reduction) and never
    carries the source's encoding unless written.
    """

    name = "tensor.extract_slice"
    source = operand(TENSOR)
    offsets = var_operand(INDEX_KIND)
    sizes = var_operand(INDEX_KIND)
    strides = var_operand(INDEX_KIND)
    output = result(TENSOR)
    traits = (Pure(),)

    @classmethod
    def build(cls, source: Value, offsets: Sequence[Mixed], sizes: Sequence[Mixed],
              strides: Optional[Sequence[Mixed]] = None, result_type: Optional[TensorType] = None,
              loc: Location = UNKNOWN_LOC) -> "ExtractSliceOp":
        """Slice of ``source``; strides default to 1, the result type to the box shape."""
        strides = [1] * len(offsets) if strides is None else strides
        attrs, dyn = cls.make_attributes(offsets, sizes, strides, 1)
        rt = result_type or _inferred_slice_type(source.type, sizes)  # type: ignore[arg-type]
        return cls.create([source] + dyn, [rt], attrs, location=loc)  # type: ignore[return-value]

    @property
    def full_type(self) -> Type:
        return self.operands[0].type

    @property
    def sliced_type(self) -> Type:
        return self.result.type

    def print_custom(self, p) -> None:
        p.write(f" {p.value(self.source)}{self.slice_text(p)}" + p.attr_dict(self.attributes, self._ELIDED)
                + f" : {self.source.type} to {self.result.type}")


@define_op
class InsertSliceOp(SliceOp):
    """``tensor.insert_slice %s into %d[0, %o] [4, 1] [1, 1] : tensor<4xf32> into tensor<4x8xf32>``:
    ``%d`` with the box replaced by ``%s`` (which may be rank-reduced)."""

    name = "tensor.insert_slice"
    source = operand(TENSOR)
    dest = operand(TENSOR)
    offsets = var_operand(INDEX_KIND)
    sizes = var_operand(INDEX_KIND)
    strides = var_operand(INDEX_KIND)
    output = result(TENSOR)
    traits = (Pure(),)
    num_leading = 2

    @classmethod
    def build(cls, source: Value, dest: Value, offsets: Sequence[Mixed], sizes: Sequence[Mixed],
              strides: Optional[Sequence[Mixed]] = None, loc: Location = UNKNOWN_LOC) -> "InsertSliceOp":
        strides = [1] * len(offsets) if strides is None else strides
        attrs, dyn = cls.make_attributes(offsets, sizes, strides, 2)
        results = [dest.type] if cls.name == "tensor.insert_slice" else []
        return cls.create([source, dest] + dyn, results, attrs, location=loc)  # type: ignore[return-value]

    @property
    def full_type(self) -> Type:
        return self.operands[1].type

    @property
    def sliced_type(self) -> Type:
        return self.operands[0].type

    def verify_op(self) -> None:
        super().verify_op()
        if self.results and self.result.type != self.dest.type:
            raise self.error(f"failed to verify that all of {{dest, result}} have same type: '{self.dest.type}' "
                             f"vs '{self.result.type}'")

    def print_custom(self, p) -> None:
        p.write(f" {p.value(self.source)} into {p.value(self.dest)}{self.slice_text(p)}"
                + p.attr_dict(self.attributes, self._ELIDED) + f" : {self.source.type} into {self.dest.type}")


@define_op
class ParallelInsertSliceOp(InsertSliceOp):
    """``tensor.parallel_insert_slice %s into %out[...] [...] [...] : T into T2``:
    no result; only inside a parallel-combining op (``scf.forall.in_parallel``,
    meshc's ``mesh.for_one``) whose enclosing op owns ``%out``."""

    name = "tensor.parallel_insert_slice"
    output = None  # the fields of insert_slice without its result
    traits = ()

    def verify_op(self) -> None:
        super().verify_op()
        parent = self.parent_op
        if parent is None or not (parent.has_trait("ParallelCombining") or parent.name in PARALLEL_COMBINING_PARENTS):
            got = parent.name if parent is not None else "none"
            raise self.error(f"expected ParallelCombiningOpInterface parent ({', '.join(PARALLEL_COMBINING_PARENTS)}),"
                             f" got '{got}'")


# ---------------------------------------------------------------- reshapes
class ReassociativeReshapeOp(Operation):
    """Base of ``expand_shape``/``collapse_shape``: ``reassociation[i]`` lists
    the (contiguous) dims of the expanded type that form dim ``i`` of the
    collapsed type."""

    source = operand(TENSOR)
    reassociation_attr = attribute(ArrayAttr, name="reassociation", what="an array of arrays of integers")
    traits = (Pure(),)
    copies_inputs = True
    """Every result element is a source element, unchanged (as a ``linalg.copy``)."""

    @property
    def reassociation(self) -> list[list[int]]:
        a = self.attr("reassociation")
        if not isinstance(a, ArrayAttr):
            raise self.error("requires attribute 'reassociation' (an array of arrays of integers)")
        return [[int(x.value) for x in group] for group in a]  # type: ignore[union-attr]

    @property
    def expanded_type(self) -> Type:  # pragma: no cover - overridden
        raise NotImplementedError

    @property
    def collapsed_type(self) -> Type:  # pragma: no cover - overridden
        raise NotImplementedError

    def verify_op(self) -> None:
        expanded = ranked(self, self.expanded_type, "the expanded type")
        collapsed = ranked(self, self.collapsed_type, "the collapsed type")
        if expanded.element_type != collapsed.element_type:
            raise self.error(f"expected the source and result element types to match, got "
                             f"'{self.source.type}' and '{self.result.type}'")
        groups = self.reassociation
        if len(groups) != collapsed.rank:
            raise self.error(f"expected collapsed rank ({collapsed.rank}) to equal the number of reassociation "
                             f"maps ({len(groups)})")
        nxt = 0
        for i, group in enumerate(groups):
            if not group or group != list(range(nxt, nxt + len(group))):
                raise self.error(f"expected reassociation map #{i} to be valid and contiguous")
            nxt += len(group)
        if not groups:
            if any(d != 1 for d in expanded.shape):
                raise self.error(f"expected all dims of '{expanded}' to be 1 when collapsing to rank 0")
            return
        if nxt != expanded.rank:
            raise self.error(f"expected expanded rank ({expanded.rank}) to equal the number of dims covered by the "
                             f"reassociation ({nxt})")
        for i, group in enumerate(groups):
            dims = [expanded.shape[d] for d in group]
            got = collapsed.shape[i]
            if any(d is None for d in dims):
                if got is not None:
                    raise self.error(f"expected dimension {i} of collapsed type to be dynamic since one or more of "
                                     f"the corresponding dimensions in the expanded type is dynamic")
                continue
            product = 1
            for d in dims:
                product *= d  # type: ignore[operator]
            if got != product:
                raise self.error(f"expected dimension {i} of collapsed type to be static value of {product}, "
                                 f"got {'?' if got is None else got}")

    def reassociation_text(self) -> str:
        return "[" + ", ".join("[" + ", ".join(map(str, g)) + "]" for g in self.reassociation) + "]"


def reassociation_attr(groups: Sequence[Sequence[int]]) -> ArrayAttr:
    """``[[0, 1], [2]]`` as MLIR stores it (an ArrayAttr of ArrayAttrs of i64)."""
    return ArrayAttr(tuple(ArrayAttr(tuple(IntegerAttr(int(d)) for d in g)) for g in groups))


@define_op
class ExpandShapeOp(ReassociativeReshapeOp):
    """``tensor.expand_shape %x [[0, 1], [2]] output_shape [2, %n, 4] : tensor<?x4xf32> into tensor<2x?x4xf32>``.

    ``static_output_shape`` holds the result dims (``K_DYNAMIC`` where the
    trailing index operands give them), as in LLVM 19+.
    """

    name = "tensor.expand_shape"
    output_shape = var_operand(INDEX_KIND)
    output = result(TENSOR)
    static_output_shape_attr = attribute(DenseArrayAttr, name="static_output_shape", what="array<i64: ...>")

    @classmethod
    def build(cls, source: Value, groups: Sequence[Sequence[int]], result_type: TensorType,
              output_shape: Optional[Sequence[Mixed]] = None, loc: Location = UNKNOWN_LOC) -> "ExpandShapeOp":
        """``output_shape`` defaults to the (static) result shape."""
        shape = output_shape if output_shape is not None else list(result_type.shape)
        static, dyn = split_mixed(shape)
        attrs = {"reassociation": reassociation_attr(groups), "static_output_shape": i64_array(static)}
        return cls.create([source] + dyn, [result_type], attrs, location=loc)  # type: ignore[return-value]

    @property
    def expanded_type(self) -> Type:
        return self.result.type

    @property
    def collapsed_type(self) -> Type:
        return self.operands[0].type

    @property
    def mixed_output_shape(self) -> list[Mixed]:
        return join_mixed(static_array(self, "static_output_shape"), self.operands[1:])

    def verify_op(self) -> None:
        result = ranked(self, self.result.type, "result")
        static = static_array(self, "static_output_shape")
        if len(static) != result.rank:
            raise self.error(f"expected number of static shape dims to be equal to the output rank "
                             f"({result.rank}) but found {len(static)} inputs instead")
        dyn = sum(1 for s in static if s == K_DYNAMIC)
        if dyn != len(self.operands) - 1:
            raise self.error(f"mismatch in dynamic dims in output_shape and static_output_shape: "
                             f"static_output_shape has {dyn} dynamic dims while output_shape has "
                             f"{len(self.operands) - 1} values")
        _check_index(self, self.operands[1:], "output_shape values")
        for i, (s, d) in enumerate(zip(static, result.shape)):
            if s != K_DYNAMIC and d is not None and s != d:
                raise self.error(f"invalid output shape provided at pos {i}: {s} vs result dim {d}")
        super().verify_op()

    def print_custom(self, p) -> None:
        p.write(f" {p.value(self.source)} {self.reassociation_text()} output_shape "
                + format_mixed(p, self.mixed_output_shape)
                + p.attr_dict(self.attributes, ("reassociation", "static_output_shape"))
                + f" : {self.source.type} into {self.result.type}")


@define_op
class CollapseShapeOp(ReassociativeReshapeOp):
    """``tensor.collapse_shape %x [[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>``."""

    name = "tensor.collapse_shape"
    output = result(TENSOR)

    @classmethod
    def build(cls, source: Value, groups: Sequence[Sequence[int]], result_type: TensorType,
              loc: Location = UNKNOWN_LOC) -> "CollapseShapeOp":
        return cls.create([source], [result_type], {"reassociation": reassociation_attr(groups)},
                          location=loc)  # type: ignore[return-value]

    @property
    def expanded_type(self) -> Type:
        return self.operands[0].type

    @property
    def collapsed_type(self) -> Type:
        return self.result.type

    def print_custom(self, p) -> None:
        p.write(f" {p.value(self.source)} {self.reassociation_text()}"
                + p.attr_dict(self.attributes, ("reassociation",)) + f" : {self.source.type} into {self.result.type}")


@define_op
class ReshapeOp(Operation):
    """``tensor.reshape %x(%shape) : (tensor<6xf32>, tensor<2xindex>) -> tensor<2x3xf32>``."""

    name = "tensor.reshape"
    source = operand(_ANY_TENSOR)
    shape = operand()
    output = result(TENSOR)
    traits = (Pure(),)

    def verify_op(self) -> None:
        src, shape = self.operands[0].type, self.operands[1].type
        result = self.result.type
        ranked(self, result, "result")
        if not isinstance(shape, TensorType) or shape.rank != 1 or shape.shape[0] is None:
            raise self.error(f"shape operand must be a 1-D tensor of static length, got '{shape}'")
        if getattr(src, "element_type", None) != result.element_type:
            raise self.error("element types of source and destination tensor types should be the same")
        if shape.shape[0] != result.rank:
            raise self.error(f"length of shape operand ({shape.shape[0]}) differs from the result's tensor rank "
                             f"({result.rank})")
        if isinstance(src, TensorType) and src.has_static_shape and result.has_static_shape \
                and src.num_elements != result.num_elements:
            raise self.error(f"source and destination tensor should have the same number of elements: "
                             f"{src.num_elements} vs {result.num_elements}")

    def print_custom(self, p) -> None:
        ftype = FunctionType(tuple(v.type for v in self.operands), (self.result.type,))
        p.write(f" {p.value(self.operands[0])}({p.value(self.operands[1])})" + p.attr_dict(self.attributes)
                + f" : {ftype}")


# ---------------------------------------------------------------- casts
class CastLikeOp(Operation):
    """Base of ``tensor.cast``/``tensor.bitcast``: ``%x : T to T2``."""

    source = operand()
    dest = result()
    traits = (Pure(),)
    assembly_format = "$source attr-dict `:` type($source) `to` type($dest)"


@define_op
class CastOp(CastLikeOp):
    """``tensor.cast %x : tensor<4xf32> to tensor<?xf32>``: changes static
    knowledge of the shape only (same element type, compatible dims)."""

    name = "tensor.cast"

    def verify_(self) -> None:
        a, b = self.operands[0].type, self.result.type
        ok = getattr(a, "element_type", None) == getattr(b, "element_type", 0)
        if ok and isinstance(a, TensorType) and isinstance(b, TensorType):
            ok = dims_compatible(a.shape, b.shape)
        elif ok:
            ok = isinstance(a, (TensorType, UnrankedTensorType)) and isinstance(b, (TensorType, UnrankedTensorType))
        if not ok:
            raise self.error(f"operand type '{a}' and result type '{b}' are cast incompatible")


@define_op
class BitcastOp(CastLikeOp):
    """``tensor.bitcast %x : tensor<4xi32> to tensor<4xf32>``: same shape,
    element types of the same bit width."""

    name = "tensor.bitcast"

    def verify_(self) -> None:
        a = ranked(self, self.operands[0].type, "operand")
        b = ranked(self, self.result.type, "result")
        ok = a.shape == b.shape
        try:
            ok = ok and byte_width(a.element_type) == byte_width(b.element_type) and \
                _bits(a.element_type) == _bits(b.element_type)
        except ValueError:
            ok = False
        if not ok:
            raise self.error(f"operand type '{a}' and result type '{b}' are cast incompatible")


def _bits(t: Type) -> int:
    if isinstance(t, (IntegerType, FloatType)):
        return t.width
    return 64 if isinstance(t, IndexType) else 0


# ---------------------------------------------------------------- pad, concat, generate
@define_op
class PadOp(Operation):
    """``tensor.pad %x low[1, %l] high[2, 0] { ^bb0(%i: index, %j: index): tensor.yield %cst : f32 } : T to T2``.

    Result dim ``d`` = source dim + low[d] + high[d] (dynamic when any is).
    The region gets one index per dim and yields the padding element.
    """

    name = "tensor.pad"
    source = operand(TENSOR)
    low = var_operand(INDEX_KIND)
    high = var_operand(INDEX_KIND)
    output = result(TENSOR)
    static_low_attr = attribute(DenseArrayAttr, name="static_low", what="array<i64: ...>")
    static_high_attr = attribute(DenseArrayAttr, name="static_high", what="array<i64: ...>")
    nofold_attr = attribute(UnitAttr, required=False, name="nofold")
    padding_region = region(single_block=True)
    traits = (Pure(),)

    @classmethod
    def build(cls, source: Value, low: Sequence[Mixed], high: Sequence[Mixed], padding_value: Value,
              result_type: Optional[TensorType] = None, nofold: bool = False,
              loc: Location = UNKNOWN_LOC) -> "PadOp":
        """Pad ``source`` with the scalar ``padding_value`` (defined outside)."""
        src: TensorType = source.type  # type: ignore[assignment]
        s_low, d_low = split_mixed(low)
        s_high, d_high = split_mixed(high)
        if result_type is None:
            result_type = src.with_shape(_padded_dims(src.shape, s_low, s_high)).with_encoding(None)
        attrs = {"static_low": i64_array(s_low), "static_high": i64_array(s_high),
                 "operandSegmentSizes": segment_sizes(1, len(d_low), len(d_high))}
        if nofold:
            attrs["nofold"] = UnitAttr()
        block = Block([INDEX] * src.rank)
        block.append(YieldOp.create([padding_value], [], location=loc))
        return cls.create([source] + d_low + d_high, [result_type], attrs, regions=[Region([block])],
                          location=loc)  # type: ignore[return-value]

    @property
    def nofold(self) -> bool:
        return self.attr("nofold") is not None

    @property
    def mixed_low(self) -> list[Mixed]:
        return join_mixed(static_array(self, "static_low"), operand_segments(self, 3)[1])

    @property
    def mixed_high(self) -> list[Mixed]:
        return join_mixed(static_array(self, "static_high"), operand_segments(self, 3)[2])

    @property
    def body(self) -> Block:
        return self.regions[0].blocks[0]

    def padding_value(self) -> Optional[Value]:
        """The yielded value when it is defined outside the region (a constant
        pad), else None."""
        term = self.body.terminator
        if term is None or not term.operands:
            return None
        v = term.operands[0]
        inside = v.parent_block() is self.body
        return None if inside else v

    def verify_op(self) -> None:
        segs = operand_segments(self, 3)
        src = ranked(self, self.source.type, "source")
        result = ranked(self, self.result.type, "result")
        low, high = static_array(self, "static_low"), static_array(self, "static_high")
        for what, static, dyn in (("low", low, segs[1]), ("high", high, segs[2])):
            if len(static) != src.rank:
                raise self.error(f"expected {src.rank} {what} padding values, got {len(static)}")
            if sum(1 for s in static if s == K_DYNAMIC) != len(dyn):
                raise self.error(f"expected as many dynamic {what} padding values as '?' entries")
            _check_index(self, dyn, f"dynamic {what} padding")
        if result.rank != src.rank or result.element_type != src.element_type:
            raise self.error(f"specified type '{result}' does not match the source type '{src}' in rank or "
                             f"element type")
        inferred = _padded_dims(src.shape, low, high)
        for d, (want, got) in enumerate(zip(inferred, result.shape)):
            if want is not None and want != got:
                raise self.error(f"specified type '{result}' does not match the inferred type "
                                 f"'tensor<{_dims_str(inferred)}x{src.element_type}>' (dim {d}: "
                                 f"{src.shape[d]} + {low[d]} + {high[d]} = {want})")
        if len(self.regions) != 1 or len(self.regions[0].blocks) != 1:
            raise self.error("expected a region with one block")
        block = self.body
        if len(block.args) != src.rank:
            raise self.error(f"expected the block to have {src.rank} arguments, got {len(block.args)}")
        for i, a in enumerate(block.args):
            if not isinstance(a.type, IndexType):
                raise self.error(f"expected block argument {i + 1} to be an index, got '{a.type}'")
        term = block.terminator
        if not isinstance(term, YieldOp):
            raise self.error("expected the region to end with 'tensor.yield'")
        if term.operands[0].type != src.element_type:
            raise self.error(f"expected yield type to match shape element type: '{term.operands[0].type}' vs "
                             f"'{src.element_type}'")

    def print_custom(self, p) -> None:
        p.write(f" {p.value(self.source)}" + (" nofold" if self.nofold else "")
                + f" low{format_mixed(p, self.mixed_low)} high{format_mixed(p, self.mixed_high)} ")
        p.print_region(self.regions[0], print_entry_args=True)
        p.write(p.attr_dict(self.attributes, ("static_low", "static_high", "nofold", "operandSegmentSizes"))
                + f" : {self.source.type} to {self.result.type}")


def _padded_dims(shape, low, high) -> tuple[Optional[int], ...]:
    out = []
    for d, lo, hi in zip(shape, low, high):
        out.append(None if d is None or lo == K_DYNAMIC or hi == K_DYNAMIC else d + lo + hi)
    return tuple(out)


@define_op
class ConcatOp(Operation):
    """``tensor.concat dim(0) %a, %b : (tensor<2x4xf32>, tensor<3x4xf32>) -> tensor<5x4xf32>``."""

    name = "tensor.concat"
    inputs = var_operand(TENSOR)
    output = result(TENSOR)
    dim_attr = attribute(IntegerAttr, name="dim")
    traits = (Pure(),)

    @property
    def dim(self) -> int:
        return int_attr(self, "dim")

    def verify_op(self) -> None:
        if not self.operands:
            raise self.error("requires at least one input")
        result = ranked(self, self.result.type, "result")
        inputs = [ranked(self, v.type, f"input #{i}") for i, v in enumerate(self.operands)]
        dim = self.dim
        for i, t in enumerate(inputs):
            if t.rank != result.rank:
                raise self.error(f"rank of concatenated input #{i} ({t.rank}) must match result rank "
                                 f"({result.rank})")
            if t.element_type != result.element_type:
                raise self.error(f"input #{i} element type '{t.element_type}' does not match result element type "
                                 f"'{result.element_type}'")
        if not 0 <= dim < result.rank:
            raise self.error(f"concatenation dim must be less than the tensor rank: dim {dim}, rank {result.rank}")
        inferred: list[Optional[int]] = []
        for d in range(result.rank):
            sizes = [t.shape[d] for t in inputs]
            if d == dim:
                inferred.append(None if None in sizes else sum(sizes))  # type: ignore[arg-type]
                continue
            static = {s for s in sizes if s is not None}
            if len(static) > 1:
                raise self.error(f"static concatenation size mismatch along non-concatenated dimension {d}: "
                                 f"{sorted(static)}")
            inferred.append(static.pop() if static else None)
        if not dims_compatible(inferred, result.shape):
            raise self.error(f"result type '{result}' does not match inferred shape "
                             f"'tensor<{_dims_str(inferred)}x{result.element_type}>' static sizes")

    def print_custom(self, p) -> None:
        ftype = FunctionType(tuple(v.type for v in self.operands), (self.result.type,))
        p.write(f" dim({self.dim}) {p.values(self.operands)}" + p.attr_dict(self.attributes, ("dim",))
                + f" : {ftype}")


@define_op
class GenerateOp(Operation):
    """``tensor.generate %n { ^bb0(%i: index, %j: index): ... tensor.yield %v : f32 } : tensor<?x4xf32>``:
    element ``[i, j]`` is what the body yields for those indices."""

    name = "tensor.generate"
    dynamic_extents = var_operand(INDEX_KIND)
    output = result(TENSOR)
    body = region(single_block=True)
    traits = (Pure(),)

    def verify_op(self) -> None:
        t = ranked(self, self.result.type, "result")
        want = sum(1 for d in t.shape if d is None)
        if len(self.operands) != want:
            raise self.error(f"must have as many index operands as dynamic extents in the result type: "
                             f"{len(self.operands)} vs {want}")
        _check_index(self, self.operands, "dynamic extents")
        block = self.regions[0].blocks[0] if self.regions and self.regions[0].blocks else None
        if block is None or len(block.args) != t.rank or any(not isinstance(a.type, IndexType) for a in block.args):
            raise self.error(f"must have one body argument of type 'index' per input dimension ({t.rank})")
        term = block.terminator
        if not isinstance(term, YieldOp) or term.operands[0].type != t.element_type:
            raise self.error(f"body must be terminated with a 'tensor.yield' of the element type "
                             f"'{t.element_type}'")

    def print_custom(self, p) -> None:
        p.write((" " + p.values(self.operands) if self.operands else "") + " ")
        p.print_region(self.regions[0], print_entry_args=True)
        p.write(p.attr_dict(self.attributes) + f" : {self.result.type}")


@define_op
class YieldOp(Operation):
    """``tensor.yield %v : f32``: ends the body of ``tensor.pad``/``tensor.generate``."""

    name = "tensor.yield"
    value = operand()
    traits = (Pure(), Terminator(), ReturnLike(), HasParent("tensor.generate", "tensor.pad"))
    assembly_format = "$value attr-dict `:` type($value)"


# ---------------------------------------------------------------- parsing
def resolve_mixed(state, toks) -> list[Mixed]:
    """Tokens of a ``tensor_mixed_list`` -> ints and index values (``state.use``)."""
    return [int(str(t)) if t.type == "INT" else state.use(t, INDEX) for t in toks]


def _attrs(extra: Optional[dict], base: dict) -> dict:
    out = dict(base)
    out.update(extra or {})
    return out


class Syntax:
    """Parse callbacks of grammar/tensor.lark."""

    def tensor_mixed_list(self, *toks):
        return list(toks)

    def tensor_int_list(self, *toks):
        return [int(str(t)) for t in toks]

    def tensor_reassociation(self, *groups):
        return list(groups)

    def tensor_extract_slice(self, kw, src, offs, sizes, strides, attrs, src_t, res_t):
        extra, dyn = SliceOp.make_attributes(*(resolve_mixed(self, m) for m in (offs, sizes, strides)), leading=1)
        return self.build("tensor.extract_slice", [self.use(src, src_t)] + dyn, [res_t], _attrs(attrs, extra), (),
                          self.loc(kw))

    def tensor_insert_slice(self, kw, src, dest, offs, sizes, strides, attrs, src_t, dest_t):
        name = str(kw)
        extra, dyn = SliceOp.make_attributes(*(resolve_mixed(self, m) for m in (offs, sizes, strides)), leading=2)
        results = [dest_t] if name == "tensor.insert_slice" else []
        return self.build(name, [self.use(src, src_t), self.use(dest, dest_t)] + dyn, results,
                          _attrs(attrs, extra), (), self.loc(kw))

    def tensor_reassociative(self, kw, src, groups, output_shape, attrs, src_t, res_t):
        name = str(kw)
        base: dict = {"reassociation": reassociation_attr(groups)}
        operands = [self.use(src, src_t)]
        if name == "tensor.collapse_shape":
            if output_shape is not None:
                raise self.error("'tensor.collapse_shape' takes no 'output_shape'", kw)
        else:
            if output_shape is None:  # pre-LLVM 19 form: only a static result is unambiguous
                if not isinstance(res_t, TensorType) or not res_t.has_static_shape:
                    raise self.error("'tensor.expand_shape' with a dynamic result needs 'output_shape [...]' "
                                     "(LLVM 19+ syntax)", kw)
                mixed: list[Mixed] = list(res_t.shape)  # type: ignore[arg-type]
            else:
                mixed = resolve_mixed(self, output_shape)
            static, dyn = split_mixed(mixed)
            base["static_output_shape"] = i64_array(static)
            operands += dyn
        return self.build(name, operands, [res_t], _attrs(attrs, base), (), self.loc(kw))

    def tensor_pad(self, kw, src, nofold, low, high, region, attrs, src_t, res_t):
        s_low, d_low = split_mixed(resolve_mixed(self, low))
        s_high, d_high = split_mixed(resolve_mixed(self, high))
        base: dict = {"static_low": i64_array(s_low), "static_high": i64_array(s_high),
                      "operandSegmentSizes": segment_sizes(1, len(d_low), len(d_high))}
        if nofold is not None:
            base["nofold"] = UnitAttr()
        return self.build("tensor.pad", [self.use(src, src_t)] + d_low + d_high, [res_t], _attrs(attrs, base),
                          [region], self.loc(kw))

    def tensor_concat(self, kw, dim, toks, attrs, ftype):
        if len(toks) != len(ftype.inputs) or len(ftype.results) != 1:
            raise self.error(f"'tensor.concat' has {len(toks)} operands but its type lists {len(ftype.inputs)} "
                             f"inputs and {len(ftype.results)} results (expected 1)", kw)
        values = [self.use(t, ty) for t, ty in zip(toks, ftype.inputs)]
        return self.build("tensor.concat", values, ftype.results, _attrs(attrs, {"dim": IntegerAttr(int(str(dim)))}),
                          (), self.loc(kw))

    def tensor_insert(self, kw, scalar, dest, indices, attrs, ty):
        if not isinstance(ty, TensorType):
            raise self.error(f"'tensor.insert' expects a ranked tensor type, got '{ty}'", kw)
        values = [self.use(scalar, ty.element_type), self.use(dest, ty)] + [self.use(t, INDEX) for t in indices or []]
        return self.build("tensor.insert", values, [ty], attrs or {}, (), self.loc(kw))

    def tensor_from_elements(self, kw, toks, attrs, ty):
        if not isinstance(ty, TensorType):
            raise self.error(f"'tensor.from_elements' expects a ranked tensor type, got '{ty}'", kw)
        values = [self.use(t, ty.element_type) for t in toks or []]
        return self.build("tensor.from_elements", values, [ty], attrs or {}, (), self.loc(kw))

    def tensor_splat(self, kw, value, dyn, attrs, ty):
        if not isinstance(ty, TensorType):
            raise self.error(f"'tensor.splat' expects a ranked tensor type, got '{ty}'", kw)
        values = [self.use(value, ty.element_type)] + [self.use(t, INDEX) for t in dyn or []]
        return self.build("tensor.splat", values, [ty], attrs or {}, (), self.loc(kw))

    def tensor_reshape(self, kw, src, shape, attrs, ftype):
        if len(ftype.inputs) != 2 or len(ftype.results) != 1:
            raise self.error(f"'tensor.reshape' expects a type '(source, shape) -> result', got '{ftype}'", kw)
        values = [self.use(src, ftype.inputs[0]), self.use(shape, ftype.inputs[1])]
        return self.build("tensor.reshape", values, ftype.results, attrs or {}, (), self.loc(kw))

    def tensor_generate(self, kw, toks, region, attrs, ty):
        values = [self.use(t, INDEX) for t in toks or []]
        return self.build("tensor.generate", values, [ty], attrs or {}, [region], self.loc(kw))


__all__ = [n for n in globals() if n.endswith("Op")] + [
    "K_DYNAMIC", "Mixed", "split_mixed", "join_mixed", "format_mixed", "dims_of", "operand_segments", "int_attr",
    "static_array", "rank_reduction_mask", "dims_compatible", "reassociation_attr", "resolve_mixed"]
