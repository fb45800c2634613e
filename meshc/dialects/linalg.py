"""linalg dialect: structured ops on tensors (destination-passing style), and
``linalg.pack``/``linalg.unpack``.

Every structured op derives from :class:`StructuredOp`, which describes its
iteration space the way MLIR's ``LinalgStructuredInterface`` does
(``getIteratorTypesArray``, ``getIndexingMapsArray``, ``getStaticLoopRanges``):
one loop per iterator type, one affine map per input then per init taking the
loop indices to that operand's indices. Sharding propagation and the
interpreter read only this description. Families (one base class each):

* :class:`ContractionOp` — ``matmul``, ``batch_matmul``, ``matvec``, ``vecmat``,
  ``dot``, ``batch_matvec``, ``batch_vecmat``, ``matmul_transpose_a/b``,
  ``batch_matmul_transpose_a/b``, ``batch_reduce_matmul``, ``mmt4d``,
  ``batch_mmt4d``: init += lhs * rhs; maps and iterators from
  ``LinalgNamedStructuredOps.yaml`` (written here as einsum letters).
  LLVM 20's ``linalg.matmul indexing_maps = [...]`` is kept in the
  ``indexing_maps`` attribute (elided when equal to the default).
* :class:`ElementwiseOp` — ``add sub mul div div_unsigned max min powf``,
  ``exp log abs ceil floor negf reciprocal round sqrt rsqrt square tanh erf``,
  ``select``: identity maps, all loops parallel.
* :class:`WindowedOp` — the yaml's convolutions and poolings: ``conv_1d/2d/3d``
  (plain, and in NWC/NCW/NHWC/NCHW/NGCHW/NHWGC/NDHWC/NCDHW layouts with their
  filter layouts), ``depthwise_conv_1d/2d/3d`` (with and without a channel
  multiplier), ``pooling_{nwc,ncw,nhwc,nchw,ndhwc}_{sum,max,min}`` (the
  ``*_unsigned`` integer poolings are not declared): a window slid with ``strides`` and
  ``dilations`` (input dims ``oh * s + kh * d``), each op one line of
  :data:`WINDOWED`; sharding propagation and partition read their maps.
* :class:`FillOp`, :class:`CopyOp` — named ops of the same yaml.
* :class:`GenericOp`, :class:`MapOp`, :class:`ReduceOp`, :class:`TransposeOp`,
  :class:`BroadcastOp` — the ops of ``LinalgStructuredOps.td`` with their
  custom syntax (``GenericOp::print``, ``MapOp``/``ReduceOp`` short form
  ``{ arith.addf }`` and long form ``(%in: f32, %init: f32) { ... }``).

The family base declares its fields with :mod:`meshc.ir.opdef`: the
variadic ``inputs``/``inits`` groups (split by ``operandSegmentSizes``, read
from the attributes or the generic form's ``<{...}>`` alike), the
``result_tensors`` group, an optional single-block ``body`` region and the
DestinationStyle trait on the inits; their counts and kinds are the derived
checks, run before the structured ones below. The ``ins(...) outs(...)``
syntax stays hand-written (grammar/linalg.lark), printed by the base.

Named ops print ``name [indexing_maps = [...]] [{attrs}] ins(...) outs(...) -> T``
(``printNamedStructuredOp``: the attr-dict comes right after the name, before
``ins``); map/reduce/transpose/broadcast print no result types (they are the
tensor init types). Structured verification follows MLIR's
``verifyStructuredOpInterface`` and ``verifyDestinationStyleOpInterface``
messages. ``linalg.pack``/``linalg.unpack`` follow ``LinalgRelayoutOps.td``
(LLVM 21 moved them from the tensor dialect; ``tensor.pack``/``tensor.unpack``
are accepted as aliases and printed as ``linalg.*``).
"""

from __future__ import annotations

from functools import lru_cache
from typing import ClassVar, Optional, Sequence

from meshc.dialects.tensor import (K_DYNAMIC, Mixed, format_mixed, i64_array, int_attr, join_mixed,
                                   ranked, resolve_mixed, segment_sizes, split_mixed, static_array)
from meshc.ir.affine import AffineMap, BinaryExpr, ConstantExpr, DimExpr
from meshc.ir.attributes import (AffineMapAttr, ArrayAttr, DenseArrayAttr, DenseElementsAttr, IntegerAttr,
                                 StringAttr, format_entries)
from meshc.ir.core import Block, Operation, OpResult, Region, Value
from meshc.ir.location import UNKNOWN_LOC, Location
from meshc.ir.opdef import (INDEX_KIND, TENSOR, DestinationStyle, Pure, ReturnLike, Terminator, attribute,
                            define_op, operand, region, result, var_operand, var_result)
from meshc.ir.types import I64, FloatType, IntegerType, TensorType, Type, element_type_of
from meshc.sharding.combiners import KIND_OF_OP

PARALLEL = "parallel"
REDUCTION = "reduction"
ITERATOR_TYPES = (PARALLEL, REDUCTION)

COMBINER_KINDS = KIND_OF_OP
"""Combiner op of a reduction body -> mesh reduction kind (as upstream
``ShardingInterface`` models of linalg ops match ``arith`` combiners)."""

PURE = frozenset({"Pure"})


def shape_of(t: Type) -> tuple[Optional[int], ...]:
    """Dims of a ranked tensor; ``()`` for a scalar (rank 0)."""
    return t.shape if isinstance(t, TensorType) else ()


def _map_attr(maps: Sequence[AffineMap]) -> ArrayAttr:
    return ArrayAttr(tuple(AffineMapAttr(m) for m in maps))


def _iterator_name(a) -> str:
    """``"parallel"`` or ``#linalg.iterator_type<parallel>`` -> ``parallel``."""
    if isinstance(a, StringAttr):
        return a.value
    items = getattr(a, "items", None)
    if getattr(a, "name", None) == "linalg.iterator_type" and items and len(items) == 1:
        return str(items[0])
    return str(a)


def spec_maps(spec: Sequence[str]) -> list[AffineMap]:
    """Indexing maps of einsum letters ``(loops, operand...)``:
    ``("mnk", "mk", "kn", "mn")`` -> ``(d0, d2)``, ``(d2, d1)``, ``(d0, d1)``."""
    return list(_spec_maps(tuple(spec)))


@lru_cache(maxsize=256)
def _spec_maps(spec: tuple[str, ...]) -> tuple[AffineMap, ...]:
    loops = spec[0]
    return tuple(AffineMap.from_dims(len(loops), [loops.index(c) for c in letters]) for letters in spec[1:])


def _loop_ranges(operands: Sequence[Value], maps: Sequence[AffineMap], n_loops: int) -> list[Optional[int]]:
    """:meth:`StructuredOp.static_loop_ranges` from the operands (inputs then inits), their maps and
    the loop count, for callers that already hold them."""
    ranges: list[Optional[int]] = [None] * n_loops
    for v, m in zip(operands, maps):
        for size, expr in zip(shape_of(v.type), m.results):
            if isinstance(expr, DimExpr) and size is not None and expr.position < n_loops \
                    and ranges[expr.position] is None:
                ranges[expr.position] = size
    return ranges


def _first_loop_sizes(operands: Sequence[Value], maps: Sequence[AffineMap], n_loops: int) -> list[Optional[int]]:
    """Each loop's size at the first operand dim it indexes (None: dynamic there, or none), as MLIR's
    ``getStaticLoopRanges`` reads them (the inverse of the concatenated maps takes the first)."""
    ranges: list[Optional[int]] = [None] * n_loops
    seen = [False] * n_loops
    for v, m in zip(operands, maps):
        for size, expr in zip(shape_of(v.type), m.results):
            if isinstance(expr, DimExpr) and expr.position < n_loops and not seen[expr.position]:
                seen[expr.position] = True
                ranges[expr.position] = size
    return ranges


# ---------------------------------------------------------------- the interface
class StructuredDestinationStyle(DestinationStyle):
    """:class:`~meshc.ir.opdef.DestinationStyle` of the structured ops with
    MLIR's ``verifyDestinationStyleOpInterface`` messages. Its check runs from
    :meth:`StructuredOp.verify_op` after the indexing checks (the order of
    MLIR's LinalgOp verifier), not with the structural ones."""

    def verify(self, op: Operation) -> None:
        """Nothing here: :meth:`check` runs after the indexing checks."""

    def check(self, op: Operation) -> None:
        """One result per tensor init, of its type."""
        inits = getattr(op, self.inits)
        tensor_inits = [(i, v) for i, v in enumerate(inits) if isinstance(v.type, TensorType)]
        if len(tensor_inits) != len(op.results):
            raise op.error(f"expected the number of tensor results ({len(op.results)}) to be equal to the "
                           f"number of output tensors ({len(tensor_inits)})")
        n_in = len(op.operands) - len(inits)
        for (i, v), r in zip(tensor_inits, op.results):
            if v.type != r.type:
                raise op.error(f"expected type of operand #{n_in + i} ('{v.type}') to match type of "
                               f"corresponding result ('{r.type}')")


_DPS = StructuredDestinationStyle("inits")


@define_op(register=False)
class StructuredOp(Operation):
    """Base of every linalg structured op (MLIR ``LinalgStructuredInterface``).

    Operands are ``inputs`` then ``inits`` (split by ``operandSegmentSizes``,
    ``array<i32: n_inputs, n_inits>``); results are the updated tensor inits.
    The iteration space has ``num_loops`` loops; ``iterator_types()[d]`` is
    ``"parallel"`` or ``"reduction"``; ``indexing_maps()[k]`` maps loop indices
    ``(d0, ..., d{n-1})`` to the indices of operand ``k`` (inputs first, then
    inits), so element ``x[map(d)]`` is read (or written) at loop point ``d``.

    ``payload_kind`` says what the scalar body computes:
      * ``"contraction"``: ``init += lhs * rhs`` (after casting to the init
        element type), e.g. ``linalg.matmul``;
      * ``"elementwise"``: ``init = fn(inputs...)`` with ``fn`` =
        :attr:`ElementwiseOp.fn` (``exp``, ``add``...);
      * ``"fill"``: ``init = cast(value)``; ``"copy"``: ``init = cast(input)``
        (also transpose and broadcast, whose maps do the moving);
      * ``"region"``: the body is the op's region (generic, map, reduce),
        ending with ``linalg.yield``.
    """

    payload_kind: ClassVar[str] = "region"
    body_takes_inits: ClassVar[bool] = True  # block args for inits too (generic, reduce); map: inputs only
    inputs = var_operand()  # ins(...)
    inits = var_operand()  # outs(...): the destinations (MLIR's DPS inits)
    result_tensors = var_result(TENSOR)
    body = region(single_block=True, optional=True)  # the payload of generic/map/reduce
    traits = (Pure(), "AttrSizedOperandSegments", _DPS)  # on tensors: no memory effects

    # -- construction -------------------------------------------------------------
    @classmethod
    def build(cls, inputs: Sequence[Value], inits: Sequence[Value], attributes: Optional[dict] = None,
              regions: Sequence[Region] = (), loc: Location = UNKNOWN_LOC,
              result_types: Optional[Sequence[Type]] = None) -> "StructuredOp":
        """A ``cls`` op on ``inputs``/``inits``; results default to the types of
        the tensor inits; ``operandSegmentSizes`` is set."""
        attrs = dict(attributes or {})
        attrs["operandSegmentSizes"] = segment_sizes(len(inputs), len(inits))
        if result_types is None:
            result_types = [v.type for v in inits if isinstance(v.type, TensorType)]
        return cls.create(list(inputs) + list(inits), list(result_types), attrs, regions=list(regions),
                          location=loc)  # type: ignore[return-value]

    # -- operands -----------------------------------------------------------------
    @property
    def outputs(self) -> list[Value]:
        """The ``outs(...)`` operands (the same as :attr:`inits`)."""
        return self.inits

    def operand_maps(self) -> list[tuple[Value, AffineMap]]:
        """``(operand, indexing map)`` for inputs then inits."""
        return list(zip(self.inputs + self.inits, self.indexing_maps()))

    # -- iteration space ------------------------------------------------------------
    def iterator_types(self) -> list[str]:  # pragma: no cover - overridden
        """One of ``"parallel"``/``"reduction"`` per loop."""
        raise NotImplementedError

    def indexing_maps(self) -> list[AffineMap]:  # pragma: no cover - overridden
        """One map per input then per init, each with ``num_loops`` dims."""
        raise NotImplementedError

    @property
    def num_loops(self) -> int:
        return len(self.iterator_types())

    def reduction_dims(self) -> list[int]:
        """Loops whose iterator type is ``reduction``."""
        return [d for d, it in enumerate(self.iterator_types()) if it == REDUCTION]

    def parallel_dims(self) -> list[int]:
        return [d for d, it in enumerate(self.iterator_types()) if it == PARALLEL]

    def static_loop_ranges(self) -> list[Optional[int]]:
        """Trip count of each loop from operand shapes: the first static dim of
        any operand (inputs first, then inits) whose map result is exactly
        ``d{loop}``; ``None`` when no operand gives a static size (dynamic
        dims, or the loop appears only inside compound expressions)."""
        return _loop_ranges(self.inputs + self.inits, self.indexing_maps(), self.num_loops)

    def loop_of(self, operand_index: int, dim: int) -> Optional[int]:
        """The loop that indexes dim ``dim`` of operand ``operand_index``
        (inputs then inits), or None for a constant/compound result."""
        expr = self.indexing_maps()[operand_index].results[dim]
        return expr.position if isinstance(expr, DimExpr) else None

    # -- payload ------------------------------------------------------------------
    @property
    def payload_block(self) -> Optional[Block]:
        """The body block of region-payload ops (generic, map, reduce), else None."""
        if self.regions and self.regions[0].blocks:
            return self.regions[0].blocks[0]
        return None

    @property
    def copies_inputs(self) -> bool:
        """Whether every result element is an input element, unchanged: a ``copy`` payload
        (``linalg.copy``, ``transpose``, ``broadcast``) or a body that only yields input block
        arguments (``jnp.repeat`` and ``broadcast_in_dim`` as IREE writes them)."""
        if self.payload_kind == "copy":
            return True
        block = self.payload_block
        if self.payload_kind != "region" or block is None or block.terminator is None or len(block.ops) != 1:
            return False
        ins = block.args[:len(self.inputs)]
        return all(any(v is a for a in ins) for v in block.terminator.operands)

    @property
    def is_pointwise(self) -> bool:
        """Whether each result element is computed from the operands' elements at its own position, so
        the op commutes with slicing: one result, every loop parallel, every indexing map the
        identity, and no ``linalg.index`` in the body (it does not read its position). IREE's fused
        elementwise ``linalg.generic``; stricter than MLIR's ``linalg::isElementwise``
        (``LinalgInterfaces.cpp``), which allows permuted maps and ``linalg.index``. ``reshard`` moves a
        slice above such an op as above one with the ``Elementwise`` trait (docs/passes.md, reshard)."""
        if len(self.results) != 1:
            return False
        iterators = self.iterator_types()
        if any(it != "parallel" for it in iterators):
            return False
        identity = AffineMap.identity(len(iterators))
        return all(m == identity for m in self.indexing_maps()) and not any(
            isinstance(inner, IndexOp) for inner in self.walk())

    def reduction_kind(self, init_index: int = 0) -> Optional[str]:
        """How partial values of init ``init_index`` combine over the reduction
        loops: ``"sum"`` for contractions; for a region body, the kind of the
        combiner op yielding it (``arith.addf`` -> ``"sum"``, ``maximumf`` ->
        ``"max"``..., see :data:`COMBINER_KINDS`) when that op takes the init's
        block argument; None when there are no reduction loops or the combiner
        is not recognised."""
        if not self.reduction_dims():
            return None
        if self.payload_kind == "contraction":
            return "sum"
        block = self.payload_block
        if block is None or block.terminator is None or not self.body_takes_inits:
            return None
        yielded = block.terminator.operands[init_index]
        init_arg = block.args[len(self.inputs) + init_index]
        owner = yielded.op if isinstance(yielded, OpResult) else None
        if owner is not None and owner.name in COMBINER_KINDS and any(o is init_arg for o in owner.operands):
            return COMBINER_KINDS[owner.name]
        return None

    # -- generic form -----------------------------------------------------------------
    rank_polymorphic: ClassVar[bool] = False
    """The op keeps its name on operands of any rank (identity maps over the init: ``fill``,
    ``copy``, ``map``, the named elementwise ops), so a rewrite that refines the iteration space (more loops
    of the same total size) rebuilds it as is instead of as a ``linalg.generic``."""

    def generic_region(self) -> Optional[Region]:
        """This op's payload as the body of an equivalent ``linalg.generic`` on the same operands:
        one block argument per input then per init (their element types), ending in
        ``linalg.yield`` (MLIR's ``linalg::generalizeNamedOp``). Region ops give a copy of their body
        (``linalg.map`` gains the init arguments it does not take); None when the payload cannot be
        written here (the named ops override this)."""
        if self.payload_kind != "region" or self.payload_block is None:
            return None
        region = self.regions[0].clone()
        if not self.body_takes_inits:
            for v in self.inits:
                region.blocks[0].add_arg(element_type_of(v.type), "out")
        return region

    def _payload_block(self, names: Sequence[str]) -> Block:
        """An empty body block with one argument per input then per init (element types)."""
        return Block([element_type_of(v.type) for v in self.inputs + self.inits], list(names))

    def _yield_region(self, block: Block, value: Value) -> Region:
        block.append(YieldOp.create([value], [], location=self.location))
        return Region([block])

    # -- verification ---------------------------------------------------------------
    def verify_op(self) -> None:
        """After the declared checks (operand groups, result kinds, one
        single-block region at most): ranked inits, the op's own rules, the
        indexing, the destination-style results, the body."""
        inits = self.inits
        for i, v in enumerate(inits):
            ranked(self, v.type, f"init #{i}")
        self.verify_semantics()
        self._verify_indexing()
        _DPS.check(self)
        self.verify_body()

    def verify_semantics(self) -> None:
        """Op-specific checks run before the generic structured ones (override)."""

    def verify_body(self) -> None:
        """Region checks (override for region-payload ops)."""

    def _verify_indexing(self) -> None:
        """MLIR ``verifyStructuredOpInterface``: map count, dims, ranks, every
        loop bounded by an operand dimension, and operand shapes consistent
        with the loop ranges.

        A loop is bounded when some indexing map has the bare ``d<loop>`` as a
        result: the loop's trip count is then that operand dimension's size
        (MLIR inverts the concatenated maps, ``getShapesToLoopsMap``, and
        rejects the op when the inverse does not exist: "expected the
        shape-to-loops map to be non-null"). A loop seen only in compound
        results such as ``d0 + d1`` has no size.

        Raises:
            DiagnosticError: at the op, for the first violated rule.
        """
        its = self.iterator_types()
        for it in its:
            if it not in ITERATOR_TYPES:
                raise self.error(f"unexpected iterator type '{it}' (expected 'parallel' or 'reduction')")
        maps = self.indexing_maps()
        operands = self.inputs + self.inits
        if len(maps) != len(operands):
            raise self.error(f"expected the number of indexing_map ({len(maps)}) to be equal to the number of "
                             f"input/output operands ({len(operands)})")
        for k, (v, m) in enumerate(zip(operands, maps)):
            if m.num_symbols:
                raise self.error(f"unexpected symbols in indexing_map #{k}")
            if m.num_dims != len(its):
                raise self.error(f"expected indexing_map #{k} to have {len(its)} dim(s) to match the number of "
                                 f"loops, got {m.num_dims}")
            rank = len(shape_of(v.type))
            if m.num_results != rank:
                raise self.error(f"expected operand rank ({rank}) to match the result rank of indexing_map #{k} "
                                 f"({m.num_results})")
        bounded = {e.position for m in maps for e in m.results if isinstance(e, DimExpr)}
        for loop, it in enumerate(its):
            if loop not in bounded:
                raise self.error(f"expected the shape-to-loops map to be non-null: loop d{loop} ({it}) is not "
                                 f"bounded by any operand dimension (no indexing map has 'd{loop}' alone as a "
                                 "result)")
        ranges = _loop_ranges(operands, maps, len(its))
        all_static = all(r is not None and r > 0 for r in ranges)
        if any(r is None for r in _first_loop_sizes(operands, maps, len(its))):
            return  # MLIR verifies the inferred sizes only when every loop range is static
        for k, (v, m) in enumerate(zip(operands, maps)):
            for d, (size, expr) in enumerate(zip(shape_of(v.type), m.results)):
                if size is None or size == 0:
                    continue
                if isinstance(expr, DimExpr):
                    want = ranges[expr.position]
                    if want is not None and want != size:
                        raise self.error(f"inferred input/output operand #{k} has shape's dimension #{d} to be "
                                         f"{want}, but found {size}")
                elif all_static:
                    lo = expr.evaluate([0] * len(ranges))
                    hi = expr.evaluate([r - 1 for r in ranges])  # type: ignore[operator]
                    if min(lo, hi) >= 0 and max(lo, hi) + 1 > size:
                        raise self.error(f"inferred input/output operand #{k} has shape's dimension #{d} to be "
                                         f"greater than or equal to {max(lo, hi) + 1}, but found {size}")

    def _verify_block_args(self, operands: Sequence[Value], what: str) -> Block:
        """The body has one block whose args are the element types of ``operands``."""
        block = self.payload_block
        if block is None:
            raise self.error("expected a region with a body block")
        if len(block.args) != len(operands):
            raise self.error(f"expected as many non-induction variable region arguments as the number of "
                             f"{what} operands: {len(block.args)} vs {len(operands)}")
        for i, (a, v) in enumerate(zip(block.args, operands)):
            if a.type != element_type_of(v.type) and a.type != v.type:
                raise self.error(f"expected type of bb argument #{i} ({a.type}) to match element or self type of "
                                 f"the corresponding operand ({element_type_of(v.type)})")
        if not isinstance(block.terminator, YieldOp):
            raise self.error("expected the body to end with 'linalg.yield'")
        return block

    # -- printing helpers -------------------------------------------------------------
    def ins_outs_text(self, p) -> str:
        """`` ins(%a, %b : T1, T2) outs(%c : T3)`` (empty lists omitted, as MLIR)."""
        text = ""
        for kw, vals in (("ins", self.inputs), ("outs", self.inits)):
            if vals:
                text += f" {kw}({p.values(vals)} : {p.types(v.type for v in vals)})"
        return text

    def results_text(self, p) -> str:
        """`` -> T`` / `` -> (T1, T2)`` (MLIR ``printOptionalArrowTypeList``)."""
        if not self.results:
            return ""
        return " -> " + p.func_result_types([r.type for r in self.results])


# ---------------------------------------------------------------- named ops
class NamedStructuredOp(StructuredOp):
    """Named op of ``LinalgNamedStructuredOps.yaml``: no region in meshc (the
    body is implied by the name), printed
    ``name [indexing_maps = [...]] [{attrs}] ins(...) outs(...) [-> T]``."""

    num_inputs: ClassVar[int] = 2
    accepts_user_maps: ClassVar[bool] = False
    shared_syntax: ClassVar[str] = "LINALG_NAMED"  # the op-name terminal of grammar/linalg.lark's named rule
    _ELIDED = ("operandSegmentSizes", "indexing_maps", "linalg.memoized_indexing_maps")  # as MLIR prints

    def verify_semantics(self) -> None:
        if self.attr("indexing_maps") is not None and not self.accepts_user_maps:
            raise self.error("does not accept an 'indexing_maps' attribute")
        if len(self.inputs) != self.num_inputs or len(self.inits) != 1:
            raise self.error(f"expected {self.num_inputs} inputs and 1 init, got {len(self.inputs)} and "
                             f"{len(self.inits)}")

    def _init_rank(self) -> int:
        inits = self.inits
        return len(shape_of(inits[0].type)) if inits else 0

    def print_custom(self, p) -> None:
        maps = self.attr("indexing_maps")
        if maps is not None:
            p.write(f" indexing_maps = {maps}")
        p.write(p.attr_dict(self.attributes, self._ELIDED) + self.ins_outs_text(p) + self.results_text(p))


class ContractionOp(NamedStructuredOp):
    """``init += lhs * rhs`` over the loops of ``spec = (loops, lhs, rhs, init)``,
    written as einsum letters: ``linalg.matmul`` is ``("mnk", "mk", "kn", "mn")``,
    i.e. loops (m, n, k), maps ``(d0, d2)``, ``(d2, d1)``, ``(d0, d1)``; a loop
    absent from the init is a reduction. Shapes: for matmul ``MxK``, ``KxN``
    -> ``MxN`` (dynamic dims allowed, static ones must agree)."""

    payload_kind = "contraction"
    spec: ClassVar[tuple[str, str, str, str]] = ("mnk", "mk", "kn", "mn")

    @classmethod
    def default_indexing_maps(cls) -> list[AffineMap]:
        return spec_maps(cls.spec)

    def iterator_types(self) -> list[str]:
        loops, out = self.spec[0], self.spec[3]
        return [PARALLEL if c in out else REDUCTION for c in loops]

    def indexing_maps(self) -> list[AffineMap]:
        a = self.attr("indexing_maps")
        if a is None:
            return self.default_indexing_maps()
        if not isinstance(a, ArrayAttr) or not all(isinstance(m, AffineMapAttr) for m in a):
            raise self.error(f"expected 'indexing_maps' to be an array of affine maps, got '{a}'")
        return [m.map for m in a]  # type: ignore[union-attr]

    def generic_region(self) -> Optional[Region]:
        """``out + lhs * rhs`` (``arith.mulf``/``addf``, or ``muli``/``addi`` for integers) when the
        three element types agree; None when they differ (the casts are not written here)."""
        types = {element_type_of(v.type) for v in self.inputs + self.inits}
        if len(types) != 1 or len(self.inputs) != 2:
            return None
        t = types.pop()
        kind = "f" if isinstance(t, FloatType) else "i" if isinstance(t, IntegerType) else None
        if kind is None:
            return None
        block = self._payload_block(["in", "in_0", "out"])
        a, b, out = block.args
        mul = block.append(Operation.create([a, b], [t], location=self.location, name=f"arith.mul{kind}"))
        add = block.append(Operation.create([out, mul.results[0]], [t], location=self.location,
                                            name=f"arith.add{kind}"))
        return self._yield_region(block, add.results[0])

    def einsum_spec(self) -> str:
        """``"mk,kn->mn"``-style subscripts of the current maps (loop ``d{i}``
        is ``spec[0][i]``); for numpy's ``einsum``.

        Raises:
            ValueError: a map result is not a plain loop dim.
        """
        loops = self.spec[0]
        parts = []
        for m in self.indexing_maps():
            letters = []
            for r in m.results:
                if not isinstance(r, DimExpr):
                    raise ValueError(f"'{self.name}' map {m} has a non-dim result '{r}'")
                letters.append(loops[r.position])
            parts.append("".join(letters))
        return ",".join(parts[:-1]) + "->" + parts[-1]


class ElementwiseOp(NamedStructuredOp):
    """``init = fn(inputs...)`` elementwise; identity maps over the init's rank,
    all loops parallel (the yaml's rank-polymorphic ``O[None] = fn(I[None])``)."""

    payload_kind = "elementwise"
    rank_polymorphic = True

    @property
    def fn(self) -> str:
        """The scalar function: the op name without ``linalg.`` (``exp``, ``add``...)."""
        return self.name.split(".", 1)[1]

    def iterator_types(self) -> list[str]:
        return [PARALLEL] * self._init_rank()

    def indexing_maps(self) -> list[AffineMap]:
        rank = self._init_rank()
        return [AffineMap.identity(rank)] * (self.num_inputs + 1)


@define_op
class FillOp(NamedStructuredOp):
    """``linalg.fill ins(%c : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>``:
    every element of the init becomes the scalar ``%c`` (maps ``() `` and identity)."""

    name = "linalg.fill"
    payload_kind = "fill"
    num_inputs = 1
    rank_polymorphic = True

    @property
    def value(self) -> Value:
        return self.inputs[0]

    def iterator_types(self) -> list[str]:
        return [PARALLEL] * self._init_rank()

    def indexing_maps(self) -> list[AffineMap]:
        rank = self._init_rank()
        return [AffineMap(rank, 0, ()), AffineMap.identity(rank)]

    def verify_semantics(self) -> None:
        super().verify_semantics()
        value, init = self.inputs[0], self.inits[0]
        if isinstance(value.type, TensorType):
            raise self.error(f"expected a scalar fill value, got '{value.type}'")
        if value.type != element_type_of(init.type):
            raise self.error(f"expected fill value type '{value.type}' to match the element type "
                             f"'{element_type_of(init.type)}' of the output")


@define_op
class CopyOp(ElementwiseOp):
    """``linalg.copy ins(%x : T) outs(%y : T) -> T``: ``init = cast(input)``."""

    name = "linalg.copy"
    payload_kind = "copy"
    num_inputs = 1

    def generic_region(self) -> Optional[Region]:
        """``linalg.yield %in`` when the input and init element types agree, else None (a cast)."""
        return _copy_region(self)


CONTRACTIONS: dict[str, tuple[str, str, str, str]] = {
    "matmul": ("mnk", "mk", "kn", "mn"),
    "matmul_transpose_a": ("mnk", "km", "kn", "mn"),
    "matmul_transpose_b": ("mnk", "mk", "nk", "mn"),
    "batch_matmul": ("bmnk", "bmk", "bkn", "bmn"),
    "batch_matmul_transpose_a": ("bmnk", "bkm", "bkn", "bmn"),
    "batch_matmul_transpose_b": ("bmnk", "bmk", "bnk", "bmn"),
    "batch_reduce_matmul": ("bmnk", "bmk", "bkn", "mn"),
    "matvec": ("mn", "mn", "n", "m"),
    "vecmat": ("nm", "m", "mn", "n"),
    "batch_matvec": ("bmk", "bmk", "bk", "bm"),
    "batch_vecmat": ("bnk", "bk", "bkn", "bn"),
    "dot": ("k", "k", "k", ""),
    "mmt4d": ("mnkxyz", "mkxz", "nkyz", "mnxy"),  # x, y, z = m0, n0, k0 (inner tiles)
    "batch_mmt4d": ("bmnkxyz", "bmkxz", "bnkyz", "bmnxy"),
}
"""Named contractions: ``(loops, lhs, rhs, init)`` einsum letters, from
``LinalgNamedStructuredOps.yaml`` (loop order = the yaml's ``d0, d1, ...``)."""
USER_MAPS = ("matmul", "batch_matmul", "batch_reduce_matmul")
"""Contractions accepting ``indexing_maps = [...]`` (LLVM 20/21)."""

ELEMENTWISE_ARITY: dict[str, int] = {
    **{n: 1 for n in ("exp", "log", "abs", "ceil", "floor", "negf", "reciprocal", "round", "sqrt", "rsqrt",
                      "square", "tanh", "erf")},
    **{n: 2 for n in ("add", "sub", "mul", "div", "div_unsigned", "max", "min", "powf")},
    "select": 3,
}
"""Named elementwise ops and their number of inputs (yaml; ``select`` takes
the i1 condition first)."""


def _class_name(name: str) -> str:
    return "".join(part.capitalize() for part in name.split("_")) + "Op"


for _n, _spec in CONTRACTIONS.items():
    _cls = type(_class_name(_n), (ContractionOp,), {
        "name": f"linalg.{_n}", "spec": _spec, "accepts_user_maps": _n in USER_MAPS,
        "__doc__": f"``linalg.{_n}``: contraction with loops/lhs/rhs/init letters {_spec}."})
    globals()[_cls.__name__] = define_op(_cls)
for _n, _arity in ELEMENTWISE_ARITY.items():
    _cls = type(_class_name(_n), (ElementwiseOp,), {
        "name": f"linalg.{_n}", "num_inputs": _arity,
        "__doc__": f"``linalg.{_n}``: elementwise {_n} of {_arity} input(s)."})
    globals()[_cls.__name__] = define_op(_cls)


# ---------------------------------------------------------------- convolutions and pooling
class WindowedOp(NamedStructuredOp):
    """Convolutions and poolings of ``LinalgNamedStructuredOps.yaml``: a window
    slides over the input with ``strides`` and ``dilations`` (``dense<[..]> :
    tensor<Kxi64>`` or ``array<i64: ..>``, one per spatial dim; default 1).

    ``spec = (loops, input, filter, init)`` in letters: an input dim written
    ``[Hh]`` is ``H * stride + h * dilation`` (the output loop ``H`` and the
    window loop ``h`` of the next spatial dim), every other letter a plain
    loop; a loop absent from the init is a reduction. ``combiner`` is how the
    window is folded into the init: ``"conv"`` (``init += input * filter``),
    or for poolings ``"sum"``/``"max"``/``"min"`` of the input (the filter
    operand only gives the window's shape)."""

    payload_kind = "windowed"
    spec: ClassVar[tuple[str, str, str, str]] = ("", "", "", "")
    combiner: ClassVar[str] = "conv"

    @classmethod
    def input_dims(cls) -> list[tuple[str, ...]]:
        """The input's dims: ``(loop,)`` or ``(output loop, window loop)`` each."""
        out, text, i = [], cls.spec[1], 0
        while i < len(text):
            if text[i] == "[":
                out.append((text[i + 1], text[i + 2]))
                i += 4
            else:
                out.append((text[i],))
                i += 1
        return out

    @property
    def num_spatial(self) -> int:
        return sum(1 for d in self.input_dims() if len(d) == 2)

    def _vector(self, key: str) -> list[int]:
        """``strides`` or ``dilations`` (all 1 when absent).

        Raises:
            DiagnosticError: not integers, one per spatial dim, at least 1.
        """
        a = self.attr(key)
        n = self.num_spatial
        if a is None:
            return [1] * n
        if isinstance(a, DenseElementsAttr):
            # the count first: a splat of 2**32 elements is a view of one, never read element by element
            values = [int(v) for v in a.array.reshape(-1)] if a.array.dtype.kind in "iu" and a.array.size == n \
                else None
        elif isinstance(a, DenseArrayAttr):
            values = [v for v in a.values if isinstance(v, int)]
        else:
            values = None
        if values is None or len(values) != n or any(v < 1 for v in values):
            raise self.error(f"expected '{key}' to hold {n} positive integers (one per spatial dim), got '{a}'")
        return values

    @property
    def strides(self) -> list[int]:
        return self._vector("strides")

    @property
    def dilations(self) -> list[int]:
        return self._vector("dilations")

    def iterator_types(self) -> list[str]:
        loops, out = self.spec[0], self.spec[3]
        return [PARALLEL if c in out else REDUCTION for c in loops]

    def indexing_maps(self) -> list[AffineMap]:
        loops = self.spec[0]
        strides, dilations = self.strides, self.dilations
        exprs, k = [], 0
        for d in self.input_dims():
            if len(d) == 1:
                exprs.append(DimExpr(loops.index(d[0])))
                continue
            outer = DimExpr(loops.index(d[0]))
            inner = DimExpr(loops.index(d[1]))
            if strides[k] != 1:
                outer = BinaryExpr("*", outer, ConstantExpr(strides[k]))
            if dilations[k] != 1:
                inner = BinaryExpr("*", inner, ConstantExpr(dilations[k]))
            exprs.append(BinaryExpr("+", outer, inner))
            k += 1
        n = len(loops)
        return [AffineMap(n, 0, tuple(exprs)),
                AffineMap.from_dims(n, [loops.index(c) for c in self.spec[2]]),
                AffineMap.from_dims(n, [loops.index(c) for c in self.spec[3]])]

    def reduction_kind(self, init_index: int = 0) -> Optional[str]:
        if not self.reduction_dims():
            return None
        return "sum" if self.combiner == "conv" else self.combiner

    def verify_semantics(self) -> None:
        super().verify_semantics()
        self.strides, self.dilations  # noqa: B018 - raise early for malformed attributes


WINDOWED: dict[str, tuple[tuple[str, str, str, str], str]] = {
    "conv_1d_nwc_wcf": (("nWfwc", "n[Ww]c", "wcf", "nWf"), "conv"),
    "conv_2d_nhwc_hwcf": (("nHWfhwc", "n[Hh][Ww]c", "hwcf", "nHWf"), "conv"),
    "conv_2d_nchw_fchw": (("nfHWchw", "nc[Hh][Ww]", "fchw", "nfHW"), "conv"),
    "depthwise_conv_2d_nhwc_hwc": (("nHWchw", "n[Hh][Ww]c", "hwc", "nHWc"), "conv"),
    "pooling_nhwc_sum": (("nHWchw", "n[Hh][Ww]c", "hw", "nHWc"), "sum"),
    "pooling_nhwc_max": (("nHWchw", "n[Hh][Ww]c", "hw", "nHWc"), "max"),
    "pooling_nhwc_min": (("nHWchw", "n[Hh][Ww]c", "hw", "nHWc"), "min"),
    "conv_1d": (("Ww", "[Ww]", "w", "W"), "conv"),
    "conv_1d_ncw_fcw": (("nfWcw", "nc[Ww]", "fcw", "nfW"), "conv"),
    "conv_2d": (("HWhw", "[Hh][Ww]", "hw", "HW"), "conv"),
    "conv_2d_ngchw_fgchw": (("ngfHWchw", "ngc[Hh][Ww]", "fgchw", "ngfHW"), "conv"),
    "conv_2d_ngchw_gfchw": (("ngfHWchw", "ngc[Hh][Ww]", "gfchw", "ngfHW"), "conv"),
    "conv_2d_nhwc_fhwc": (("nHWfhwc", "n[Hh][Ww]c", "fhwc", "nHWf"), "conv"),
    "conv_2d_nhwgc_gfhwc": (("nHWgfhwc", "n[Hh][Ww]gc", "gfhwc", "nHWgf"), "conv"),
    "conv_3d": (("DHWdhw", "[Dd][Hh][Ww]", "dhw", "DHW"), "conv"),
    "conv_3d_ncdhw_fcdhw": (("nfDHWcdhw", "nc[Dd][Hh][Ww]", "fcdhw", "nfDHW"), "conv"),
    "conv_3d_ndhwc_dhwcf": (("nDHWfdhwc", "n[Dd][Hh][Ww]c", "dhwcf", "nDHWf"), "conv"),
    "depthwise_conv_1d_ncw_cw": (("nWcw", "nc[Ww]", "cw", "ncW"), "conv"),
    "depthwise_conv_1d_nwc_wc": (("nWcw", "n[Ww]c", "wc", "nWc"), "conv"),
    "depthwise_conv_1d_nwc_wcm": (("nWcmw", "n[Ww]c", "wcm", "nWcm"), "conv"),
    "depthwise_conv_2d_nchw_chw": (("nHWchw", "nc[Hh][Ww]", "chw", "ncHW"), "conv"),
    "depthwise_conv_2d_nhwc_hwcm": (("nHWcmhw", "n[Hh][Ww]c", "hwcm", "nHWcm"), "conv"),
    "depthwise_conv_3d_ncdhw_cdhw": (("nDHWdhwc", "nc[Dd][Hh][Ww]", "cdhw", "ncDHW"), "conv"),
    "depthwise_conv_3d_ndhwc_dhwc": (("nDHWdhwc", "n[Dd][Hh][Ww]c", "dhwc", "nDHWc"), "conv"),
    "depthwise_conv_3d_ndhwc_dhwcm": (("nDHWmdhwc", "n[Dd][Hh][Ww]c", "dhwcm", "nDHWcm"), "conv"),
    "pooling_nchw_max": (("ncHWhw", "nc[Hh][Ww]", "hw", "ncHW"), "max"),
    "pooling_nchw_sum": (("ncHWhw", "nc[Hh][Ww]", "hw", "ncHW"), "sum"),
    "pooling_ncw_max": (("ncWw", "nc[Ww]", "w", "ncW"), "max"),
    "pooling_ncw_sum": (("ncWw", "nc[Ww]", "w", "ncW"), "sum"),
    "pooling_ndhwc_max": (("nDHWcdhw", "n[Dd][Hh][Ww]c", "dhw", "nDHWc"), "max"),
    "pooling_ndhwc_min": (("nDHWcdhw", "n[Dd][Hh][Ww]c", "dhw", "nDHWc"), "min"),
    "pooling_ndhwc_sum": (("nDHWcdhw", "n[Dd][Hh][Ww]c", "dhw", "nDHWc"), "sum"),
    "pooling_nwc_max": (("nWcw", "n[Ww]c", "w", "nWc"), "max"),
    "pooling_nwc_min": (("nWcw", "n[Ww]c", "w", "nWc"), "min"),
    "pooling_nwc_sum": (("nWcw", "n[Ww]c", "w", "nWc"), "sum"),
}
"""Convolutions and poolings: ``(loops, input, filter, init)`` letters (the
yaml's ``d0, d1, ...`` order: batch, output spatial, channels, window) and the
combiner. ``conv_2d_nhwc_hwcf``: loops (n, oh, ow, f, kh, kw, c), input
``(n, oh * sh + kh * dh, ow * sw + kw * dw, c)``, filter ``(kh, kw, c, f)``."""

for _n, (_spec, _comb) in WINDOWED.items():
    _cls = type(_class_name(_n), (WindowedOp,), {
        "name": f"linalg.{_n}", "spec": _spec, "combiner": _comb,
        "__doc__": f"``linalg.{_n}``: windowed {_comb} with loops/input/filter/init letters {_spec}."})
    globals()[_cls.__name__] = define_op(_cls)


# ---------------------------------------------------------------- region ops
def _short_form_text(p, payload: Optional[Operation]) -> str:
    """`` { arith.addf {attrs} }`` for a short-form payload, else ``""``."""
    if payload is None:
        return ""
    return " { " + payload.name + p.attr_dict(payload.attributes) + " }"


def _print_long_body(p, region: Region, defaults: Sequence[str]) -> None:
    """``(%in: f32, %init: f32) { ... }`` on a new, indented line (MLIR's long form)."""
    block = region.blocks[0]
    p.indent += 1
    p.newline()
    p.push_scope()
    args = ", ".join(f"%{p.name_value(a, defaults[i] if i < len(defaults) else 'arg')}: {a.type}"
                     for i, a in enumerate(block.args))
    p.write(f"({args}) ")
    p.print_region(region, print_entry_args=False)
    p.pop_scope()
    p.indent -= 1


def short_form_payload(op: StructuredOp, init_first: bool) -> Optional[Operation]:
    """The single payload op when ``op``'s body is ``%r = payload(args...)``;
    ``linalg.yield %r`` with the block args in order (``init_first``: the last
    arg, then the others, as ``linalg.reduce``'s short form builds them); else
    None (MLIR's ``findPayloadOp``)."""
    block = op.payload_block
    if block is None or len(block.ops) != 2 or not block.args:
        return None
    payload, yld = block.ops
    if not isinstance(yld, YieldOp) or payload.regions or len(payload.results) != 1:
        return None
    if len(yld.operands) != 1 or yld.operands[0] is not payload.results[0]:
        return None
    args = list(block.args)
    expected = [args[-1]] + args[:-1] if init_first else args
    if len(payload.operands) != len(expected) or any(a is not b for a, b in zip(payload.operands, expected)):
        return None
    inits = op.inits
    if len(inits) != 1 or payload.results[0].type != element_type_of(inits[0].type):
        return None
    return payload


@define_op
class GenericOp(StructuredOp):
    """``linalg.generic {indexing_maps = [...], iterator_types = [...]} ins(...) outs(...) [attrs = {...}]
    { ^bb0(%in: f32, %out: f32): ... linalg.yield %v : f32 } -> T``.

    ``iterator_types`` is stored as an array of strings (``#linalg.iterator_type<...>``
    is accepted and read the same way).
    """

    name = "linalg.generic"
    GENERIC_KEYS = ("doc", "indexing_maps", "iterator_types", "library_call")

    def iterator_types(self) -> list[str]:
        a = self.attr("iterator_types")
        if not isinstance(a, ArrayAttr):
            raise self.error("requires attribute 'iterator_types' (an array of \"parallel\"/\"reduction\")")
        return [_iterator_name(x) for x in a]

    def indexing_maps(self) -> list[AffineMap]:
        a = self.attr("indexing_maps")
        if not isinstance(a, ArrayAttr) or not all(isinstance(m, AffineMapAttr) for m in a):
            raise self.error("requires attribute 'indexing_maps' (an array of affine maps)")
        return [m.map for m in a]  # type: ignore[union-attr]

    def verify_body(self) -> None:
        self._verify_block_args(self.inputs + self.inits, "input/output")

    def print_custom(self, p) -> None:
        head = {}
        for key in self.GENERIC_KEYS:
            a = self.attr(key)
            if a is not None:
                head[key] = ArrayAttr(tuple(StringAttr(t) for t in self.iterator_types())) \
                    if key == "iterator_types" else a
        p.write(" {" + format_entries(head) + "}" + self.ins_outs_text(p))
        extra = p.attr_dict(self.attributes, self.GENERIC_KEYS + ("operandSegmentSizes",))
        if extra:
            p.write(" attrs =" + extra)
        p.write(" ")
        p.print_region(self.regions[0], print_entry_args=True)
        p.write(self.results_text(p))


@define_op
class MapOp(StructuredOp):
    """``linalg.map { arith.addf } ins(%a, %b : T, T) outs(%init : T)`` (short form)
    or ``linalg.map ins(...) outs(...) (%x: f32, %y: f32) { ... linalg.yield %v : f32 }``:
    ``init = body(inputs)`` elementwise; identity maps, all loops parallel; the
    body takes one argument per input only."""

    name = "linalg.map"
    body_takes_inits = False
    rank_polymorphic = True

    def iterator_types(self) -> list[str]:
        inits = self.inits
        return [PARALLEL] * (len(shape_of(inits[0].type)) if inits else 0)

    def indexing_maps(self) -> list[AffineMap]:
        return [AffineMap.identity(self.num_loops)] * len(self.operands)

    def verify_semantics(self) -> None:
        if len(self.inits) != 1:
            raise self.error(f"expected 1 init, got {len(self.inits)}")
        block = self.payload_block
        if block is not None and len(block.args) != len(self.inputs):
            raise self.error(f"expects number of operands to match the arity of mapper, but got: "
                             f"{len(self.inputs)} and {len(block.args)}")
        out = shape_of(self.inits[0].type)
        for i, v in enumerate(self.inputs):
            if shape_of(v.type) != out:
                raise self.error(f"expected shape of input #{i} ({v.type}) to match shape of output "
                                 f"({self.inits[0].type})")

    def verify_body(self) -> None:
        self._verify_block_args(self.inputs, "input")

    def print_custom(self, p) -> None:
        payload = short_form_payload(self, init_first=False)
        p.write(_short_form_text(p, payload) + self.ins_outs_text(p)
                + p.attr_dict(self.attributes, ("operandSegmentSizes",)))
        if payload is None:
            _print_long_body(p, self.regions[0], ["in"] * len(self.inputs))


@define_op
class ReduceOp(StructuredOp):
    """``linalg.reduce { arith.addf } ins(%x : tensor<16x32xf32>) outs(%i : tensor<16xf32>) dimensions = [1]``
    or the long form ``... dimensions = [1] (%in: f32, %init: f32) { ... }``.

    Loops = the input dims; those in ``dimensions`` are reductions. Inputs
    use identity maps, inits the identity without the reduced dims.
    """

    name = "linalg.reduce"

    @property
    def dimensions(self) -> list[int]:
        return list(static_array(self, "dimensions"))

    def iterator_types(self) -> list[str]:
        inputs = self.inputs
        rank = len(shape_of(inputs[0].type)) if inputs else 0
        dims = set(self.dimensions)
        return [REDUCTION if d in dims else PARALLEL for d in range(rank)]

    def indexing_maps(self) -> list[AffineMap]:
        n = self.num_loops
        dims = set(self.dimensions)
        init_map = AffineMap.from_dims(n, [d for d in range(n) if d not in dims])
        return [AffineMap.identity(n)] * len(self.inputs) + [init_map] * len(self.inits)

    def verify_semantics(self) -> None:
        if not self.inputs or len(self.inputs) != len(self.inits):
            raise self.error(f"expected as many inits as inputs (at least one), got {len(self.inputs)} and "
                             f"{len(self.inits)}")
        in_shape = shape_of(self.inputs[0].type)
        for i, v in enumerate(self.inputs[1:], 1):
            if shape_of(v.type) != in_shape:
                raise self.error(f"expects all inputs to have the same shapes. Shape at input-index {i} is not "
                                 f"equal to the shape at input-index 0.")
        dims = self.dimensions
        if any(not 0 <= d < len(in_shape) for d in dims) or len(set(dims)) != len(dims) or dims != sorted(dims):
            raise self.error(f"dimensions for reduction should be increasing and in the range "
                             f"[0, {len(in_shape) - 1}], got {dims}")
        kept = [s for d, s in enumerate(in_shape) if d not in dims]
        for v in self.inits:
            got = list(shape_of(v.type))
            if len(got) != len(kept) or not all(a is None or b is None or a == b for a, b in zip(got, kept)):
                raise self.error(f"init dimensions [{_dims_text(got)}] doesn't match input dimensions after "
                                 f"reduction [{_dims_text(kept)}]")

    def verify_body(self) -> None:
        self._verify_block_args(self.inputs + self.inits, "input/init")

    def print_custom(self, p) -> None:
        payload = short_form_payload(self, init_first=True)
        p.write(_short_form_text(p, payload) + self.ins_outs_text(p)
                + f" dimensions = [{', '.join(map(str, self.dimensions))}]"
                + p.attr_dict(self.attributes, ("operandSegmentSizes", "dimensions")))
        if payload is None:
            _print_long_body(p, self.regions[0], ["in"] * len(self.inputs) + ["init"] * len(self.inits))


def _dims_text(dims) -> str:
    return ", ".join("?" if d is None else str(d) for d in dims)


def _copy_region(op: StructuredOp) -> Optional[Region]:
    """The generic body of a one-input copy (``copy``, ``transpose``, ``broadcast``): ``linalg.yield
    %in``; None when the element types differ (the cast is not written here)."""
    if len(op.inputs) != 1 or element_type_of(op.inputs[0].type) != element_type_of(op.inits[0].type):
        return None
    block = op._payload_block(["in", "out"])
    return op._yield_region(block, block.args[0])


class CopyLikeOp(StructuredOp):
    """Base of ``transpose``/``broadcast``: ``init = input`` read through a
    non-identity input map; one input, one init, loops = init dims."""

    payload_kind = "copy"
    array_key: ClassVar[str] = "permutation"

    @property
    def array(self) -> list[int]:
        return list(static_array(self, self.array_key))

    def generic_region(self) -> Optional[Region]:
        """``linalg.yield %in`` when the input and init element types agree, else None."""
        return _copy_region(self)

    def iterator_types(self) -> list[str]:
        inits = self.inits
        return [PARALLEL] * (len(shape_of(inits[0].type)) if inits else 0)

    def print_custom(self, p) -> None:
        p.write(self.ins_outs_text(p) + f" {self.array_key} = [{', '.join(map(str, self.array))}]"
                + p.attr_dict(self.attributes, ("operandSegmentSizes", self.array_key)))

    def _one_in_one_out(self) -> tuple[TensorType, TensorType]:
        if len(self.inputs) != 1 or len(self.inits) != 1:
            raise self.error(f"expected 1 input and 1 init, got {len(self.inputs)} and {len(self.inits)}")
        return ranked(self, self.inputs[0].type, "input"), ranked(self, self.inits[0].type, "init")


@define_op
class TransposeOp(CopyLikeOp):
    """``linalg.transpose ins(%x : tensor<4x8xf32>) outs(%y : tensor<8x4xf32>) permutation = [1, 0]``:
    ``dim(init, i) = dim(input, permutation[i])``; input map = inverse permutation."""

    name = "linalg.transpose"

    def indexing_maps(self) -> list[AffineMap]:
        perm = self.array
        inverse = [0] * len(perm)
        for i, p in enumerate(perm):
            if 0 <= p < len(perm):
                inverse[p] = i
        return [AffineMap.from_dims(len(perm), inverse), AffineMap.identity(len(perm))]

    def verify_semantics(self) -> None:
        src, dst = self._one_in_one_out()
        perm = self.array
        if sorted(perm) != list(range(len(perm))):
            raise self.error(f"permutation is not valid: {perm}")
        if src.rank != dst.rank:
            raise self.error(f"input rank {src.rank} does not match init rank {dst.rank}")
        if len(perm) != src.rank:
            raise self.error(f"size of permutation {len(perm)} does not match the argument rank {src.rank}")
        for i, p in enumerate(perm):
            a, b = dst.shape[i], src.shape[p]
            if a is not None and b is not None and a != b:
                raise self.error(f"dim(result, {i}) = {a} doesn't match dim(input, permutation[{i}]) = {b}")


@define_op
class SoftmaxOp(Operation):
    """``linalg.softmax dimension(d) ins(%x : T) outs(%init : T) -> T``: ``exp(x - max_d x) / sum_d exp(x -
    max_d x)`` along dim ``d`` (MLIR ``LinalgOps.td``, an aggregate op, not a structured one; IREE's
    global optimization raises the softmax pattern to it). Destination-passing: the result is written
    into ``init`` (same type as the input)."""

    name = "linalg.softmax"
    input = operand(TENSOR)
    output = operand(TENSOR)
    result_values = var_result()
    dimension_attr = attribute(IntegerAttr, name="dimension", what="an integer")
    traits = (Pure(),)

    @property
    def dimension(self) -> int:
        return int(self.dimension_attr.value)  # type: ignore[attr-defined]

    def verify_op(self) -> None:
        x, init = self.operands[0].type, self.operands[1].type
        if not isinstance(x, TensorType) or x.rank is None:
            raise self.error(f"expects a ranked tensor input, got '{x}'")
        if x.shape != init.shape or x.element_type != init.element_type:  # type: ignore[attr-defined]
            raise self.error(f"incompatible output shape: input '{x}', output '{init}'")
        if len(self.results) > 1 or (self.results and self.results[0].type != init):
            raise self.error(f"expects one result of the output's type '{init}'")
        if not 0 <= self.dimension < x.rank:
            raise self.error(f"dimension {self.dimension} is out of range for rank {x.rank}")

    def print_custom(self, p) -> None:
        x, init = self.operands
        p.write(f" dimension({self.dimension}) ins({p.value(x)} : {x.type}) outs({p.value(init)} : {init.type})")
        if self.results:
            p.write(f" -> {self.results[0].type}")
        p.write(p.attr_dict(self.attributes, ("dimension",)))


@define_op
class BroadcastOp(CopyLikeOp):
    """``linalg.broadcast ins(%x : tensor<8xf32>) outs(%y : tensor<4x8xf32>) dimensions = [0]``:
    ``dimensions`` are the init dims added; input map = identity without them."""

    name = "linalg.broadcast"
    array_key = "dimensions"

    def indexing_maps(self) -> list[AffineMap]:
        n = self.num_loops
        dims = set(self.array)
        return [AffineMap.from_dims(n, [d for d in range(n) if d not in dims]), AffineMap.identity(n)]

    def verify_semantics(self) -> None:
        src, dst = self._one_in_one_out()
        dims = self.array
        if src.rank + len(dims) != dst.rank:
            raise self.error(f"input rank plus added dimensions does not match init rank. input rank: "
                             f"{src.rank}, dimensions size: {len(dims)}, init rank: {dst.rank}")
        for d in dims:
            if not 0 <= d < dst.rank:
                raise self.error(f"dimension {d} is out of range. expected range: [0, {dst.rank}), got: {d}")
        kept = [d for d in range(dst.rank) if d not in set(dims)]
        for i, d in enumerate(kept):
            a, b = src.shape[i], dst.shape[d]
            if a is not None and b is not None and a != b:
                raise self.error(f"input dim {i} should match init dim {d}. input: {a}, init: {b}")


# ---------------------------------------------------------------- body ops
@define_op
class YieldOp(Operation):
    """``linalg.yield %a, %b : f32, f32``: ends a structured op's body with one
    value per init, of the init's element type."""

    name = "linalg.yield"
    values = var_operand()
    traits = (Pure(), Terminator(), ReturnLike())

    def verify_op(self) -> None:
        """The enclosing structured op and its inits' element types."""
        parent = self.parent_op
        if not isinstance(parent, StructuredOp):
            raise self.error(f"expected parent op with LinalgOp interface, got "
                             f"'{parent.name if parent is not None else 'none'}'")
        inits = parent.inits
        if len(self.operands) != len(inits):
            raise self.error(f"expected number of yield values ({len(self.operands)}) to match the number of "
                             f"inits / outs operands of the enclosing LinalgOp ({len(inits)})")
        for i, (v, init) in enumerate(zip(self.operands, inits)):
            want = element_type_of(init.type)
            if v.type != want:
                raise self.error(f"type of yield operand {i + 1} ({v.type}) doesn't match the element type of the "
                                 f"enclosing linalg.generic op ({want})")

    def print_custom(self, p) -> None:
        if self.operands:
            p.write(" " + p.values(self.operands))
        p.write(p.attr_dict(self.attributes))
        if self.operands:
            p.write(" : " + p.types(v.type for v in self.operands))


@define_op
class IndexOp(Operation):
    """``linalg.index 0 : index``: the current index of loop ``dim`` of the
    enclosing structured op."""

    name = "linalg.index"
    dim_attr = attribute(IntegerAttr, name="dim")
    result = result(INDEX_KIND)
    traits = (Pure(),)

    @property
    def dim(self) -> int:
        return int_attr(self, "dim")

    def verify_op(self) -> None:
        """The enclosing structured op has loop ``dim``."""
        parent = self.parent_op
        if not isinstance(parent, StructuredOp):
            raise self.error(f"expected parent op with LinalgOp interface, got "
                             f"'{parent.name if parent is not None else 'none'}'")
        if not 0 <= self.dim < parent.num_loops:
            raise self.error(f"expected dim ({self.dim}) to be lower than the number of loops "
                             f"({parent.num_loops}) of the enclosing LinalgOp")

    def print_custom(self, p) -> None:
        p.write(f" {self.dim}" + p.attr_dict(self.attributes, ("dim",)) + f" : {self.result.type}")


# ---------------------------------------------------------------- pack / unpack
@define_op(register=False)
class RelayoutOp(Operation):
    """Base of ``linalg.pack``/``linalg.unpack`` (``LinalgRelayoutOps.td``).

    The packed tensor has the unpacked rank ``n`` plus one dim per inner tile:
    unpacked dim ``inner_dims_pos[i]`` is tiled by ``inner_tiles[i]``; the
    ``n`` outer dims (ceil(dim / tile) for tiled dims) are ordered by
    ``outer_dims_perm`` (identity when absent), then the tile dims follow.
    """

    source = operand(TENSOR)
    dest = operand(TENSOR)
    result = result(TENSOR)
    traits = (Pure(),)
    _ELIDED = ("inner_dims_pos", "outer_dims_perm", "static_inner_tiles", "operandSegmentSizes")

    @property
    def inner_dims_pos(self) -> list[int]:
        return list(static_array(self, "inner_dims_pos"))

    @property
    def outer_dims_perm(self) -> list[int]:
        return list(static_array(self, "outer_dims_perm")) if self.attr("outer_dims_perm") is not None else []

    def _tile_values(self) -> list[Value]:  # pragma: no cover - overridden
        raise NotImplementedError

    @property
    def mixed_tiles(self) -> list[Mixed]:
        return join_mixed(static_array(self, "static_inner_tiles"), self._tile_values())

    @property
    def packed_type(self) -> Type:  # pragma: no cover - overridden
        raise NotImplementedError

    @property
    def unpacked_type(self) -> Type:  # pragma: no cover - overridden
        raise NotImplementedError

    def expected_packed_dims(self, unpacked: Sequence[Optional[int]]) -> list[Optional[int]]:
        """Packed dims for an unpacked shape (None where dynamic)."""
        tiles = dict(zip(self.inner_dims_pos, static_array(self, "static_inner_tiles")))
        outer: list[Optional[int]] = []
        for d, size in enumerate(unpacked):
            t = tiles.get(d)
            if t is None:
                outer.append(size)
            else:
                outer.append(None if size is None or t == K_DYNAMIC else -(-size // t))
        perm = self.outer_dims_perm or list(range(len(unpacked)))
        inner = [None if t == K_DYNAMIC else t for t in static_array(self, "static_inner_tiles")]
        return [outer[p] for p in perm] + inner

    def verify_op(self) -> None:
        """``LinalgRelayoutOps.td``'s rules on tiles, permutation and shapes."""
        packed = ranked(self, self.packed_type, "the packed tensor")
        unpacked = ranked(self, self.unpacked_type, "the unpacked tensor")
        if self.result.type != self.dest.type:
            raise self.error(f"result type '{self.result.type}' must match the destination type "
                             f"'{self.dest.type}'")
        if packed.element_type != unpacked.element_type:
            raise self.error(f"expected the same element type for source and destination, got "
                             f"'{self.source.type}' and '{self.dest.type}'")
        n = unpacked.rank
        pos, perm = self.inner_dims_pos, self.outer_dims_perm
        tiles = static_array(self, "static_inner_tiles")
        if len(set(pos)) != len(pos) or any(not 0 <= d < n for d in pos):
            raise self.error(f"invalid inner_dims_pos vector {pos} for rank {n}")
        if perm and sorted(perm) != list(range(n)):
            raise self.error(f"invalid outer_dims_perm vector {perm} for rank {n}")
        if len(tiles) != len(pos):
            raise self.error(f"length of inner_dims_pos ({len(pos)}) must match inner_tiles ({len(tiles)})")
        if sum(1 for t in tiles if t == K_DYNAMIC) != len(self._tile_values()):
            raise self.error("expected one index operand per dynamic inner tile")
        if any(t != K_DYNAMIC and t <= 0 for t in tiles):
            raise self.error(f"invalid zero or negative tile factor in {list(tiles)}")
        if packed.rank != n + len(tiles):
            raise self.error(f"packed rank != (unpacked rank + num tiling factors), got {packed.rank} != "
                             f"{n + len(tiles)}")
        want = self.expected_packed_dims(unpacked.shape)
        for d, (w, got) in enumerate(zip(want, packed.shape)):
            if w is None or got is None:
                continue
            if d >= n and w != got:
                raise self.error(f"mismatch in inner tile sizes specified and shaped of tiled dimension in the "
                                 f"packed type: dim {d} is {got}, tile is {w}")
            if d < n and got < w:
                raise self.error(f"the shape of output is not large enough to hold the packed data. Expected at "
                                 f"least tensor<{_dims_text(want).replace(', ', 'x')}x{packed.element_type}>, got "
                                 f"'{packed}'")

    def relayout_text(self, p) -> str:
        text = ""
        if self.outer_dims_perm:
            text += f" outer_dims_perm = [{', '.join(map(str, self.outer_dims_perm))}]"
        return (text + f" inner_dims_pos = [{', '.join(map(str, self.inner_dims_pos))}]"
                + f" inner_tiles = {format_mixed(p, self.mixed_tiles)} into {p.value(self.dest)}"
                + p.attr_dict(self.attributes, self._ELIDED) + f" : {self.source.type} -> {self.dest.type}")


@define_op
class PackOp(RelayoutOp):
    """``linalg.pack %src [padding_value(%cst : f32)] [outer_dims_perm = [1, 0]] inner_dims_pos = [0, 1]
    inner_tiles = [8, 1] into %dest : tensor<..> -> tensor<..>`` (also ``tensor.pack``).
    Operands: source, dest, optional padding value, dynamic tiles (``operandSegmentSizes``)."""

    name = "linalg.pack"
    aliases = ("tensor.pack",)
    padding = var_operand()  # none or one: the optional padding value
    inner_tiles = var_operand(INDEX_KIND)

    def _tile_values(self) -> list[Value]:
        return self.inner_tiles

    @property
    def padding_value(self) -> Optional[Value]:
        seg = self.padding
        return seg[0] if seg else None

    @property
    def packed_type(self) -> Type:
        return self.dest.type

    @property
    def unpacked_type(self) -> Type:
        return self.source.type

    def verify_op(self) -> None:
        """At most one padding value, of the source's element type; then the relayout rules."""
        if len(self.padding) > 1:
            raise self.error(f"expected at most one padding value, got {len(self.padding)}")
        super().verify_op()
        pad = self.padding_value
        if pad is not None and pad.type != element_type_of(self.source.type):
            raise self.error(f"expected padding_value has {element_type_of(self.source.type)} but got: {pad.type}")

    def print_custom(self, p) -> None:
        pad = self.padding_value
        text = f" padding_value({p.value(pad)} : {pad.type})" if pad is not None else ""
        p.write(f" {p.value(self.source)}{text}{self.relayout_text(p)}")


@define_op
class UnPackOp(RelayoutOp):
    """``linalg.unpack %src [outer_dims_perm = [...]] inner_dims_pos = [...] inner_tiles = [...] into %dest
    : packed -> unpacked`` (also ``tensor.unpack``). Operands: source, dest, dynamic tiles."""

    name = "linalg.unpack"
    aliases = ("tensor.unpack",)
    inner_tiles = var_operand(INDEX_KIND)

    def _tile_values(self) -> list[Value]:
        return self.inner_tiles

    @property
    def packed_type(self) -> Type:
        return self.source.type

    @property
    def unpacked_type(self) -> Type:
        return self.dest.type

    def print_custom(self, p) -> None:
        p.write(f" {p.value(self.source)}{self.relayout_text(p)}")


# ---------------------------------------------------------------- parsing
class Syntax:
    """Parse callbacks of grammar/linalg.lark."""

    def linalg_maps_clause(self, arr):
        return arr

    def linalg_ins(self, values=None):
        return values or []

    def linalg_outs(self, values=None):
        return values or []

    def linalg_results(self, types):
        return list(types)

    def linalg_attrs_clause(self, attrs):
        return attrs

    def linalg_payload(self, name, attrs):
        return (name, attrs or {})

    def linalg_body_args(self, *args):
        self.set_entry_args(list(args))
        return list(args)

    def linalg_body(self, _args, region):
        return region

    def linalg_padding(self, tok, ty):
        return self.use(tok, ty)

    def _linalg_structured(self, name, ins, outs, attrs, regions, loc, results=None):
        ins, outs = ins or [], outs or []
        base = dict(attrs or {})
        base["operandSegmentSizes"] = segment_sizes(len(ins), len(outs))
        if results is None:  # map/reduce/transpose/broadcast: the tensor init types
            results = [v.type for v in outs if isinstance(v.type, TensorType)]
        return self.build(name, ins + outs, results, base, regions, loc)

    def linalg_named_outs(self, outs, attrs):
        return (outs, attrs or {})

    def linalg_named(self, kw, maps, attrs, ins, outs_attrs, results):
        name = str(kw)
        outs, late_attrs = outs_attrs if outs_attrs is not None else ([], {})
        extra = dict(attrs or {})
        extra.update(late_attrs)
        if maps is not None:
            short = name.split(".", 1)[1]
            if short not in USER_MAPS:
                raise self.error(f"'{name}' does not accept 'indexing_maps'", kw)
            if not all(isinstance(m, AffineMapAttr) for m in maps):
                raise self.error(f"'{name}' expects 'indexing_maps' to be a list of affine maps", kw)
            if maps != _map_attr(spec_maps(CONTRACTIONS[short])):  # MLIR elides the default maps
                extra["indexing_maps"] = maps
        return self._linalg_structured(name, ins, outs, extra, (), self.loc(kw), results or [])

    def linalg_generic(self, kw, attrs, ins, outs, extra, region, results):
        base = {}
        for key, value in (attrs or {}).items():
            if key == "iterator_types" and isinstance(value, ArrayAttr):
                value = ArrayAttr(tuple(StringAttr(_iterator_name(x)) for x in value))
            base[key] = value
        base.update(extra or {})
        return self._linalg_structured("linalg.generic", ins, outs, base, [region], self.loc(kw), results or [])

    def _linalg_payload_region(self, payload, operands, init_type, init_first, loc) -> Region:
        """The body of a short form ``{ arith.addf }``: block args = element
        types of ``operands``; the payload op takes them (init first for
        reduce) and is yielded."""
        name_tok, attrs = payload
        elems = [element_type_of(v.type) for v in operands]
        hints = ["in"] * len(operands)
        if init_first:
            hints[-1] = "init"
        block = Block(elems, hints)
        args = list(block.args)
        call_args = [args[-1]] + args[:-1] if init_first else args
        op = self.build(str(name_tok), call_args, [element_type_of(init_type)], attrs, (), loc)
        block.append(op)
        block.append(self.build("linalg.yield", op.results, (), {}, (), loc))
        return Region([block])

    def _linalg_region_op(self, kw, name, payload, ins, outs, attrs, body, init_first):
        ins, outs = ins or [], outs or []
        if payload is not None and body is not None:
            raise self.error(f"'{name}' has both a short-form payload and a body", kw)
        if payload is None and body is None:
            raise self.error(f"'{name}' expects a payload '{{ op.name }}' or a body '(%a: T, ...) {{ ... }}'", kw)
        if payload is not None:
            if not outs:
                raise self.error(f"'{name}' needs an init for its short form", kw)
            operands = ins + (outs if init_first else [])
            body = self._linalg_payload_region(payload, operands, outs[0].type, init_first, self.loc(payload[0]))
        return self._linalg_structured(name, ins, outs, attrs, [body], self.loc(kw))

    def linalg_map(self, kw, payload, ins, outs, attrs, body):
        return self._linalg_region_op(kw, "linalg.map", payload, ins, outs, attrs, body, init_first=False)

    def linalg_reduce(self, kw, payload, ins, outs, dims, attrs, body):
        extra = dict(attrs or {})
        extra["dimensions"] = i64_array(dims)
        return self._linalg_region_op(kw, "linalg.reduce", payload, ins, outs, extra, body, init_first=True)

    def linalg_transpose(self, kw, ins, outs, perm, attrs):
        extra = dict(attrs or {})
        extra["permutation"] = i64_array(perm)
        return self._linalg_structured("linalg.transpose", ins, outs, extra, (), self.loc(kw))

    def linalg_broadcast(self, kw, ins, outs, dims, attrs):
        extra = dict(attrs or {})
        extra["dimensions"] = i64_array(dims)
        return self._linalg_structured("linalg.broadcast", ins, outs, extra, (), self.loc(kw))

    def linalg_softmax(self, kw, dim, ins, outs, results, attrs):
        if len(ins) != 1 or len(outs) != 1:
            raise self.error(f"'linalg.softmax' takes one input and one output, got {len(ins)} and {len(outs)}", kw)
        extra = {"dimension": IntegerAttr(int(str(dim)), I64)}
        extra.update(attrs or {})
        return self.build("linalg.softmax", list(ins) + list(outs), list(results or []), extra, (), self.loc(kw))

    def linalg_yield(self, kw, toks, attrs, types):
        toks, types = toks or [], types or []
        if len(toks) != len(types):
            raise self.error(f"'linalg.yield' has {len(toks)} values but {len(types)} types", kw)
        return self.build("linalg.yield", [self.use(t, ty) for t, ty in zip(toks, types)], (), attrs or {}, (),
                          self.loc(kw))

    def linalg_index(self, kw, dim, attrs, ty):
        extra = dict(attrs or {})
        extra["dim"] = IntegerAttr(int(str(dim)))
        return self.build("linalg.index", (), [ty], extra, (), self.loc(kw))

    def linalg_pack(self, kw, src, pad, perm, pos, tiles, dest, attrs, src_t, dest_t):
        name = str(kw)
        is_pack = name.endswith(".pack")
        if pad is not None and not is_pack:
            raise self.error(f"'{name}' takes no padding_value", kw)
        static, dyn = split_mixed(resolve_mixed(self, tiles))
        extra = dict(attrs or {})
        if perm is not None:
            extra["outer_dims_perm"] = i64_array(perm)
        extra["inner_dims_pos"] = i64_array(pos)
        extra["static_inner_tiles"] = i64_array(static)
        operands = [self.use(src, src_t), self.use(dest, dest_t)]
        if is_pack:
            extra["operandSegmentSizes"] = segment_sizes(1, 1, 1 if pad is not None else 0, len(dyn))
            operands += [pad] if pad is not None else []
        return self.build(name, operands + dyn, [dest_t], extra, (), self.loc(kw))


__all__ = [n for n in globals() if n.endswith("Op")] + [
    "PARALLEL", "REDUCTION", "COMBINER_KINDS", "CONTRACTIONS", "ELEMENTWISE_ARITY", "USER_MAPS", "shape_of",
    "short_form_payload"]
