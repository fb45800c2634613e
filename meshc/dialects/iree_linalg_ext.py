"""iree_linalg_ext dialect (IREE): the LinalgExt ops that IREE's StableHLO and ONNX input conversions
emit for JAX and ONNX programs, in destination-passing style (``compiler/src/iree/compiler/Dialect/LinalgExt/IR/
LinalgExtOps.td``; verifier messages as ``LinalgExtOps.cpp`` words them):

* ``iree_linalg_ext.sort dimension(d) outs(%k, %v.. : T, T..) { ^bb0(%a: K, %b: K, %c: V, %d: V..):
  ... iree_linalg_ext.yield %lt : i1 } -> T, T..``: sorts every operand along ``d`` by the comparator
  region (true when its lhs element must come before its rhs one), stably, the other operands
  permuted with the first (``jnp.sort``/``argsort``, ``lax.top_k`` on CPU, ``stablehlo.sort``);
* ``iree_linalg_ext.scan dimension(d) inclusive(b) ins(%x : T) outs(%out, %acc : T, A) {
  ^bb0(%prev: E, %x: E): ... yield }``: the prefix combination along ``d`` (``jnp.cumsum``,
  ``cumprod``, ``lax.cummax``); inclusive: ``out[0] = x[0]``, ``out[i] = f(out[i-1], x[i])``;
  exclusive: ``out[0] = acc``, ``out[i] = f(out[i-1], x[i-1])``; ``acc`` (rank - 1) takes the last
  ``out`` along ``d``;
* ``iree_linalg_ext.topk dimension(d) ins(%x[, %idx] : T[, I]) outs(%vals, %ids : V, I) {comparator}``:
  the first ``k`` (the outputs' size along ``d``) elements of the outputs' initial contents followed by
  the input, in the comparator's stable order, with their indices (the input's own indices, or ``%idx``)
  (``lax.top_k`` from ``chlo.top_k``);
* ``iree_linalg_ext.scatter dimension_map = [..] unique_indices(b) ins(%upd, %idx : U, I)
  outs(%orig : O) { ^bb0(%u: E, %o: E): ... yield }``: for each batch point ``b`` of the indices,
  ``orig[p] = region(upd[b, s], orig[p])`` at ``p[dimension_map[j]] = idx[b, j]`` on the first
  ``index depth`` dims, ``p = s`` on the others (``x.at[i].add/set``, ``segment_sum``);
* ``iree_linalg_ext.gather dimension_map = [..] ins(%src, %idx : S, I) outs(%out : O)``: the reverse
  read, ``out[b, s] = src[p]`` (IREE 3.x; JAX's gathers lower to ``linalg.generic`` instead);
* ``iree_linalg_ext.arg_compare dimension(d) ins(%x : T) outs(%val, %idx : V, I) [index_base(%b : index)]
  { ^bb0(%a: E, %b: E): ... yield %better : i1 }``: the best element along ``d`` and its position,
  searched from the outs' contents (ONNX's ``ArgMax``/``ArgMin`` through torch-mlir);
* ``iree_linalg_ext.yield``: the regions' terminator.

Index batch rank, depth and slices follow IREE's ``verifyGatherScatter``: index depth =
``len(dimension_map)``; the indices are ``batch`` or ``batch x depth``; updates/outputs are
``batch x slice`` with the slice the original's dims after the first ``depth``.
"""

from __future__ import annotations

from typing import Optional, Sequence

from meshc.dialects.linalg import YieldOp as LinalgYieldOp
from meshc.ir.attributes import BoolAttr, DenseArrayAttr, IntegerAttr
from meshc.ir.core import Operation
from meshc.ir.opdef import Pure, attribute, define_op, region, var_operand, var_result
from meshc.ir.types import I64, INDEX, IntegerType, TensorType


def _int_attr(op: Operation, key: str) -> int:
    a = op.attributes.get(key)
    return int(a.value) if isinstance(a, IntegerAttr) else 0


def _ranked(op: Operation, v, what: str) -> TensorType:
    t = v.type
    if not isinstance(t, TensorType) or t.rank is None:
        raise op.error(f"expected {what} to be a ranked tensor, got '{t}'")
    return t


def _compatible(a: Optional[int], b: Optional[int]) -> bool:
    return a is None or b is None or a == b


def _block(op: Operation):
    if not op.regions or not op.regions[0].blocks:
        raise op.error("expected a region with one block")
    return op.regions[0].blocks[0]


def _yielded(op: Operation) -> list:
    term = _block(op).terminator
    if term is None or term.name != "iree_linalg_ext.yield":
        raise op.error("expected the region to end with 'iree_linalg_ext.yield'")
    return list(term.operands)


class LinalgExtOp(Operation):
    """Base of the LinalgExt ops: operands are the ``ins`` then the ``outs`` (the destinations, one per
    result, of the result's type); ``num_inits`` of them are inits (the result count)."""

    operands_ = var_operand()
    result_tensors = var_result()
    traits = (Pure(),)

    @property
    def num_inits(self) -> int:
        return len(self.results)

    @property
    def inputs(self) -> list:
        return list(self.operands[:len(self.operands) - self.num_inits])

    @property
    def inits(self) -> list:
        return list(self.operands[len(self.operands) - self.num_inits:])

    @property
    def dimension(self) -> int:
        return _int_attr(self, "dimension")

    def _verify_results(self) -> None:
        for i, (v, r) in enumerate(zip(self.inits, self.results)):
            if v.type != r.type:
                raise self.error(f"expected type of result #{i} ('{r.type}') to match its `outs` operand "
                                 f"('{v.type}')")

    def _ins_outs_text(self, p) -> str:
        text = ""
        for kw, vals in (("ins", self.inputs), ("outs", self.inits)):
            if vals:
                text += f" {kw}({p.values(vals)} : {p.types(v.type for v in vals)})"
        return text

    def _tail(self, p, with_region: bool = True) -> None:
        if with_region and self.regions:
            p.write(" ")
            p.print_region(self.regions[0], print_entry_args=True)
        if self.results:
            p.write(" -> " + p.types(r.type for r in self.results))

    def _head(self, p, elided: Sequence[str]) -> None:
        extra = p.attr_dict(self.attributes, tuple(elided) + ("operandSegmentSizes",))
        p.write(extra)

    def print_custom(self, p) -> None:
        """``dimension(d) [ins(...)] outs(...) {region} -> types``, the form sort and topk share (IREE's
        assembly format for both); the other ops print their own clauses."""
        self._head(p, ("dimension",))
        p.write(f" dimension({self.dimension})" + self._ins_outs_text(p))
        self._tail(p)


@define_op
class SortOp(LinalgExtOp):
    """``iree_linalg_ext.sort dimension(d) outs(...) {comparator}``: see the module docstring. Operands:
    the ``outs`` (``operandSegmentSizes = array<i32: 0, n>`` in the generic form, as IREE)."""

    name = "iree_linalg_ext.sort"
    dimension_attr = attribute(IntegerAttr, name="dimension", what="an integer")
    comparator = region(single_block=True)

    @property
    def inputs(self) -> list:
        return []

    @property
    def inits(self) -> list:
        return list(self.operands)

    def verify_op(self) -> None:
        seg = self.attributes.get("operandSegmentSizes")
        if isinstance(seg, DenseArrayAttr) and len(seg.values) == 2 and int(seg.values[0]) != 0:
            raise self.error("does not expect to take any inputs")
        if not self.operands:
            raise self.error("expected at least one `outs` operand")
        block = _block(self)
        if len(block.args) != 2 * len(self.operands):
            raise self.error(f"region block should have {2 * len(self.operands)} arguments")
        first = _ranked(self, self.operands[0], "operand 0")
        d = self.dimension
        if not 0 <= d < first.rank:
            raise self.error(f"dimension must be within (0, {first.rank}]")
        for i, v in enumerate(self.operands):
            t = _ranked(self, v, f"operand {i}")
            if t.rank != first.rank:
                raise self.error(f"expected operand {i} to be rank {first.rank}, same as other operands")
            if t.shape != first.shape:
                raise self.error(f"expected operand {i} to have same shape as other operands")
            for a in (2 * i, 2 * i + 1):
                if block.args[a].type != t.element_type:
                    raise self.error(f"region block argument #{a} should be of type {t.element_type} but got "
                                     f"{block.args[a].type}")
        ys = _yielded(self)
        if len(ys) != 1:
            raise self.error("should yield exactly one operand")
        if ys[0].type != IntegerType(1):
            raise self.error("should yield i1 type")
        if len(self.results) != len(self.operands):
            raise self.error(f"expected {len(self.operands)} results, one per `outs` operand")
        self._verify_results()


@define_op
class ScanOp(LinalgExtOp):
    """``iree_linalg_ext.scan dimension(d) inclusive(b) ins(%x) outs(%out, %acc) {combiner}``: see the
    module docstring. Operands: input, output, accumulator."""

    name = "iree_linalg_ext.scan"
    dimension_attr = attribute(IntegerAttr, name="dimension", what="an integer")
    inclusive_attr = attribute(BoolAttr, name="inclusive", what="a bool")
    combiner = region(single_block=True)

    @property
    def inclusive(self) -> bool:
        return bool(self.inclusive_attr.value)  # type: ignore[attr-defined]

    def verify_op(self) -> None:
        if len(self.results) != 2:
            raise self.error("expected two output operands")
        if len(self.inputs) != 1:
            raise self.error("expected one input operands")
        x = _ranked(self, self.operands[0], "the input")
        out = _ranked(self, self.operands[1], "the output")
        acc = _ranked(self, self.operands[2], "the accumulator")
        if acc.element_type != x.element_type:
            raise self.error("expected input/accumulator element types to be identical")
        if acc.rank != x.rank - 1:
            raise self.error("expected accumulator rank to be equal to input rank - 1")
        d = self.dimension
        if not 0 <= d < x.rank:
            raise self.error(f"dimension must be within [0, {x.rank})")
        want = [n for i, n in enumerate(x.shape) if i != d]
        if not all(_compatible(a, b) for a, b in zip(want, acc.shape)):
            raise self.error("incompatible input/accumulator shapes")
        if out.element_type != x.element_type:
            raise self.error("expected input/output element types to be identical")
        if out.rank != x.rank:
            raise self.error("expected input/output to have identical ranks")
        if not all(_compatible(a, b) for a, b in zip(x.shape, out.shape)):
            raise self.error("incompatible input/output shapes")
        block = _block(self)
        if len(block.args) != 2 or any(a.type != x.element_type for a in block.args):
            raise self.error(f"expected the region to take two {x.element_type} arguments")
        ys = _yielded(self)
        if len(ys) != 1 or ys[0].type != x.element_type:
            raise self.error(f"expected the region to yield one {x.element_type}")
        self._verify_results()

    def print_custom(self, p) -> None:
        self._head(p, ("dimension", "inclusive"))
        p.write(f" dimension({self.dimension}) inclusive({'true' if self.inclusive else 'false'})"
                + self._ins_outs_text(p))
        self._tail(p)


@define_op
class TopkOp(LinalgExtOp):
    """``iree_linalg_ext.topk dimension(d) ins(%x[, %idx]) outs(%vals, %ids) {comparator}``: see the
    module docstring."""

    name = "iree_linalg_ext.topk"
    dimension_attr = attribute(IntegerAttr, name="dimension", what="an integer")
    comparator = region(single_block=True)

    def verify_op(self) -> None:
        ins = self.inputs
        if len(ins) not in (1, 2):
            raise self.error("expected one or two input operands")
        if len(self.results) != 2:
            raise self.error("expected two output operands")
        x = _ranked(self, ins[0], "the input values")
        vals = _ranked(self, self.inits[0], "the output values")
        ids = _ranked(self, self.inits[1], "the output indices")
        if self.dimension >= x.rank:
            raise self.error("dimension exceeds rank")
        if x.element_type != vals.element_type:
            raise self.error("expected input/output value types to be identical")
        if len(ins) == 2:
            xi = _ranked(self, ins[1], "the input indices")
            if xi.element_type != IntegerType(32) or ids.element_type != IntegerType(32):
                raise self.error("expected input/output indices types to be int32")
            if xi.rank != ids.rank:
                raise self.error("expected input/output to have the same rank")
            if xi.rank != x.rank or not all(_compatible(a, b) for a, b in zip(x.shape, xi.shape)):
                raise self.error("input indices/values shape must match")
        if not isinstance(ids.element_type, IntegerType):
            raise self.error(f"expected integer output indices, got '{ids}'")
        if x.rank != vals.rank:
            raise self.error("expected input/output to have the same rank")
        if vals.rank != ids.rank or not all(_compatible(a, b) for a, b in zip(vals.shape, ids.shape)):
            raise self.error("output indices/values shape must match")
        if not all(i == self.dimension or _compatible(a, b) for i, (a, b) in enumerate(zip(x.shape, vals.shape))):
            raise self.error("incompatible input/output shapes")
        block = _block(self)
        if len(block.args) != 2:
            raise self.error("region block should have 2 arguments")
        if any(a.type != x.element_type for a in block.args):
            raise self.error("region block types must match input")
        ys = _yielded(self)
        if len(ys) != 1 or ys[0].type != IntegerType(1):
            raise self.error("region block must end with a linalg_ext.yield i1!")
        self._verify_results()


@define_op
class ArgCompareOp(LinalgExtOp):
    """``iree_linalg_ext.arg_compare dimension(d) ins(%x : tensor<..xT>) outs(%val, %idx : ...)
    [index_base(%b : index)] { ^bb0(%a: T, %b: T): ... yield %better : i1 } -> ...``: the best element
    of ``%x`` along ``d`` and its position (argmax / argmin): the outs' elements start the search, and
    element ``k`` replaces them where the comparator says it is better than the current one
    (``comparator(x[k], current)``), its index ``k`` (+ ``index_base``) cast to the index type
    (IREE's ``generalizeArgCompareOp``). Shapes: ``%x`` rank ``r``; ``%val``, ``%idx`` rank ``r - 1``,
    the dims of ``%x`` but ``d``; ``%val`` of ``%x``'s element type, ``%idx`` integer or index.
    Operands: input, the two outs, then the optional ``index_base``."""

    name = "iree_linalg_ext.arg_compare"
    dimension_attr = attribute(IntegerAttr, name="dimension", what="an integer")
    comparator = region(single_block=True)

    @property
    def num_inits(self) -> int:
        return 2

    @property
    def inputs(self) -> list:
        return [self.operands[0]]

    @property
    def inits(self) -> list:
        return list(self.operands[1:3])

    @property
    def index_base(self):
        """The ``index_base`` operand, or None."""
        return self.operands[3] if len(self.operands) > 3 else None

    def verify_op(self) -> None:
        if len(self.operands) not in (3, 4) or len(self.results) != 2:
            raise self.error("expected one input, two outputs (value and index) and an optional index_base")
        x = _ranked(self, self.operands[0], "the input value")
        val = _ranked(self, self.operands[1], "the output value")
        idx = _ranked(self, self.operands[2], "the output index")
        d = self.dimension
        if not 0 <= d < x.rank:
            raise self.error(f"reduction dimension {d} is out of range for input of rank {x.rank}")
        if val.rank != x.rank - 1 or idx.rank != x.rank - 1:
            raise self.error(f"expected outputs of rank {x.rank - 1}, one less than the input's")
        rest = [n for k, n in enumerate(x.shape) if k != d]
        if not all(_compatible(a, b) for a, b in zip(rest, val.shape)) or \
                not all(_compatible(a, b) for a, b in zip(val.shape, idx.shape)):
            raise self.error("expected the output shapes to be the input's without the reduction dimension")
        if val.element_type != x.element_type:
            raise self.error("expected the output value to have the input's element type")
        if not isinstance(idx.element_type, IntegerType) and idx.element_type != INDEX:
            raise self.error(f"expected an integer or index output index, got '{idx}'")
        if self.index_base is not None and self.index_base.type != INDEX:
            raise self.error("expected index_base to be of index type")
        block = _block(self)
        if len(block.args) != 2 or any(a.type != x.element_type for a in block.args):
            raise self.error(f"expected the comparator to take two arguments of type {x.element_type}")
        ys = _yielded(self)
        if len(ys) != 1 or ys[0].type != IntegerType(1):
            raise self.error("expected the comparator to yield one i1")
        self._verify_results()

    def print_custom(self, p) -> None:
        self._head(p, ("dimension",))
        x, outs = self.operands[0], self.inits
        p.write(f" dimension({self.dimension}) ins({p.values([x])} : {x.type}) outs({p.values(outs)} : "
                f"{p.types(v.type for v in outs)})")
        if self.index_base is not None:
            p.write(f" index_base({p.values([self.index_base])} : index)")
        self._tail(p)


class IndexedOp(LinalgExtOp):
    """Base of scatter and gather: ``dimension_map``, the index depth and batch rank of IREE's
    ``verifyGatherScatter``. ``data`` is the indexed tensor (scatter's original, gather's source),
    ``sliced`` the batch x slice one (scatter's updates, gather's output)."""

    dimension_map_attr = attribute(DenseArrayAttr, name="dimension_map", what="an i64 array")
    data_name = ""
    sliced_name = ""

    @property
    def dimension_map(self) -> tuple[int, ...]:
        return tuple(int(x) for x in self.dimension_map_attr.values)  # type: ignore[attr-defined]

    @property
    def index_depth(self) -> int:
        return len(self.dimension_map)

    @property
    def indices(self):
        return self.operands[1]

    def data_type(self) -> TensorType:  # pragma: no cover - abstract
        raise NotImplementedError

    def sliced_type(self) -> TensorType:  # pragma: no cover - abstract
        raise NotImplementedError

    @property
    def batch_rank(self) -> int:
        return self.sliced_type().rank - (self.data_type().rank - self.index_depth)

    def _verify_indexing(self) -> None:
        if len(self.operands) != 3 or len(self.results) != 1:
            raise self.error("expected two `ins` operands and one `outs` operand")
        data, sliced = self.data_type(), self.sliced_type()
        idx = _ranked(self, self.indices, "the indices")
        if not isinstance(idx.element_type, IntegerType):
            raise self.error(f"expected indices to be of integer type, got '{idx}'")
        dmap = self.dimension_map
        depth = len(dmap)
        if sorted(dmap) != list(range(depth)):
            raise self.error("dimension map is invalid")
        slice_rank = data.rank - depth
        if slice_rank < 0:
            raise self.error(f"expected {self.data_name} rank to be greater or equal to index depth")
        if sliced.rank < slice_rank:
            raise self.error(f"expected {self.sliced_name} to be at least the rank of non indexed "
                             f"{self.data_name} dims")
        batch = sliced.rank - slice_rank
        if (idx.rank != batch or depth != 1) and idx.rank != batch + 1:
            raise self.error("expected indices to be equal to batch rank or batch rank + 1")
        for d in range(batch):
            if not _compatible(idx.shape[d], sliced.shape[d]):
                raise self.error(f"mismatch in shape of indices and {self.sliced_name} value at dim#{d}")
        if batch + 1 == idx.rank and not _compatible(idx.shape[-1], depth):
            raise self.error("size of dimension map must match the last dimension of indices")
        for j in range(slice_rank):
            a, b = sliced.shape[batch + j], data.shape[depth + j]
            if not _compatible(a, b):
                raise self.error(f"shape of {self.sliced_name} value dim#{batch + j} must match {self.data_name} "
                                 f"value at dim#{depth + j}")

    def _print(self, p, extra: str = "") -> None:
        self._head(p, ("dimension_map", "unique_indices"))
        p.write(f" dimension_map = [{', '.join(str(d) for d in self.dimension_map)}]{extra}" + self._ins_outs_text(p))


@define_op
class ScatterOp(IndexedOp):
    """``iree_linalg_ext.scatter dimension_map = [..] unique_indices(b) ins(%upd, %idx) outs(%orig)
    {combiner}``: see the module docstring."""

    name = "iree_linalg_ext.scatter"
    unique_indices_attr = attribute(BoolAttr, name="unique_indices", what="a bool")
    combiner = region(single_block=True)
    data_name, sliced_name = "original", "update"

    def data_type(self) -> TensorType:
        return _ranked(self, self.operands[2], "the original")

    def sliced_type(self) -> TensorType:
        return _ranked(self, self.operands[0], "the updates")

    @property
    def unique_indices(self) -> bool:
        return bool(self.unique_indices_attr.value)  # type: ignore[attr-defined]

    def verify_op(self) -> None:
        self._verify_indexing()
        block = _block(self)
        if len(block.args) != 2:
            raise self.error("expected region to have two arguments")
        upd, orig = self.sliced_type().element_type, self.data_type().element_type
        if block.args[0].type != upd:
            raise self.error(f"mismatch in argument 0 of region {block.args[0].type} and element type of update "
                             f"value {upd}")
        if block.args[1].type != orig:
            raise self.error(f"mismatch in argument 1 of region {block.args[1].type} and element type of original "
                             f"value {orig}")
        ys = _yielded(self)
        if len(ys) != 1:
            raise self.error("expected region to yield a single value")
        if ys[0].type != upd:
            raise self.error(f"mismatch in type of yielded value {ys[0].type} and argument of the region {upd}")
        self._verify_results()

    def print_custom(self, p) -> None:
        self._print(p, f" unique_indices({'true' if self.unique_indices else 'false'})")
        self._tail(p)


@define_op
class GatherOp(IndexedOp):
    """``iree_linalg_ext.gather dimension_map = [..] ins(%src, %idx) outs(%out)``: see the module
    docstring. An older IREE's region ``{ ^bb0(%s, %o): yield %s }`` is accepted (and kept)."""

    name = "iree_linalg_ext.gather"
    body = region(single_block=True, optional=True)
    data_name, sliced_name = "source", "output"

    def data_type(self) -> TensorType:
        return _ranked(self, self.operands[0], "the source")

    def sliced_type(self) -> TensorType:
        return _ranked(self, self.operands[2], "the output")

    def verify_op(self) -> None:
        self._verify_indexing()
        if self.data_type().element_type != self.sliced_type().element_type:
            raise self.error("expected source and output element types to be identical")
        self._verify_results()

    def print_custom(self, p) -> None:
        self._print(p)
        self._tail(p)


@define_op
class YieldOp(LinalgYieldOp):
    """``iree_linalg_ext.yield %v : T``: ends a LinalgExt region (printed as ``linalg.yield``)."""

    name = "iree_linalg_ext.yield"

    def verify_op(self) -> None:
        parent = self.parent_op
        if not isinstance(parent, LinalgExtOp):
            raise self.error(f"expects parent op of the iree_linalg_ext dialect, got "
                             f"'{parent.name if parent is not None else 'none'}'")


class Syntax:
    """Parse callbacks of grammar/iree_linalg_ext.lark."""

    def le_results(self, types):
        return list(types)

    def le_bool(self, tok):
        return str(tok) == "true"

    def _le_build(self, kw, name, operands, results, attrs, regions):
        if results is not None and len(results) != len(operands[len(operands) - len(results):]):
            raise self.error(f"'{name}' has more results than operands", kw)
        return self.build(name, operands, list(results or []), attrs, regions, self.loc(kw))

    def _le_attrs(self, attrs, **extra):
        out = dict(attrs or {})
        out.update(extra)
        return out

    def le_sort(self, kw, attrs, dim, ins, outs, body, results):
        ins, outs = ins or [], outs or []
        from meshc.dialects.tensor import segment_sizes
        a = self._le_attrs(attrs, dimension=IntegerAttr(int(str(dim)), I64),
                           operandSegmentSizes=segment_sizes(len(ins), len(outs)))
        return self._le_build(kw, "iree_linalg_ext.sort", ins + outs, results, a, [body])

    def le_scan(self, kw, attrs, dim, inclusive, ins, outs, body, results):
        a = self._le_attrs(attrs, dimension=IntegerAttr(int(str(dim)), I64), inclusive=BoolAttr(inclusive))
        return self._le_build(kw, "iree_linalg_ext.scan", (ins or []) + (outs or []), results, a, [body])

    def le_topk(self, kw, attrs, dim, ins, outs, body, results):
        a = self._le_attrs(attrs, dimension=IntegerAttr(int(str(dim)), I64))
        return self._le_build(kw, "iree_linalg_ext.topk", (ins or []) + (outs or []), results, a, [body])

    def le_scatter(self, kw, attrs, dmap, unique, ins, outs, body, results):
        from meshc.ir.attributes import i64_array
        a = self._le_attrs(attrs, dimension_map=i64_array(dmap), unique_indices=BoolAttr(unique))
        return self._le_build(kw, "iree_linalg_ext.scatter", (ins or []) + (outs or []), results, a, [body])

    def le_gather(self, kw, attrs, dmap, ins, outs, body, results):
        from meshc.ir.attributes import i64_array
        a = self._le_attrs(attrs, dimension_map=i64_array(dmap))
        return self._le_build(kw, "iree_linalg_ext.gather", (ins or []) + (outs or []), results, a,
                              [body] if body is not None else [])

    def le_index_base(self, typed):
        return typed

    def le_arg_compare(self, kw, attrs, dim, ins, outs, base, body, results):
        a = self._le_attrs(attrs, dimension=IntegerAttr(int(str(dim)), I64))
        return self._le_build(kw, "iree_linalg_ext.arg_compare", (ins or []) + (outs or []) + list(base or []),
                              results, a, [body])

    def le_yield(self, kw, toks, attrs, types):
        toks, types = toks or [], types or []
        if len(toks) != len(types):
            raise self.error(f"'iree_linalg_ext.yield' has {len(toks)} values but {len(types)} types", kw)
        return self.build("iree_linalg_ext.yield", [self.use(t, ty) for t, ty in zip(toks, types)], (),
                          dict(attrs or {}), (), self.loc(kw))


__all__ = [n for n in globals() if n.endswith("Op")] + ["Syntax"]
