"""tosa dialect (MLIR's TOSA, the ops upstream's sharding-propagation tests use): elementwise
ops with TOSA broadcasting, ``tosa.matmul``, ``tosa.transpose``, ``tosa.const``.

Every op has TOSA's custom form ``tosa.<op> operands attr-dict : functional-type(operands,
results)`` (``%r = tosa.add %a, %b : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>``),
declared with :mod:`meshc.ir.opdef`; ``tosa.const`` has only the generic form, as in MLIR.

Both spellings of the operands that moved into SSA values in LLVM 20/21 are read:

* ``tosa.mul %a, %b {shift = 0 : i8}`` (LLVM 19) and ``tosa.mul %a, %b, %shift`` (a
  ``tensor<1xi8>``);
* ``tosa.negate %a`` and ``tosa.negate %a, %in_zp, %out_zp``; ``tosa.matmul %a, %b`` and
  ``tosa.matmul %a, %b, %a_zp, %b_zp`` (zero points as ``tensor<1xT>``);
* ``tosa.transpose %a, %perms`` (LLVM 19: ``%perms`` a constant ``tensor<Nxi32>``) and
  ``tosa.transpose %a {perms = array<i32: 1, 0>}`` (LLVM 20+);
* ``tosa.clamp`` with ``min_val``/``max_val`` (LLVM 20+) or ``min_fp``/``max_fp``/``min_int``/
  ``max_int`` (LLVM 19); ``tosa.const`` with ``values`` (LLVM 21+) or ``value``.

Shapes (TOSA specification): elementwise operands have the result's rank, each dim equal to the
result's or 1 (broadcast); ``matmul`` is ``[N, H, C] x [N, C, W] -> [N, H, W]``; ``transpose``'s
result dim ``i`` is the input's dim ``perms[i]``. Sharding models:
:mod:`meshc.interfaces.sharding_models_tosa`; kernels: :mod:`meshc.runtime.ops.tosa`.
"""

from __future__ import annotations

from typing import Optional, Sequence

from meshc.ir.attributes import DenseArrayAttr, DenseElementsAttr, IntegerAttr
from meshc.ir.core import Operation, OpResult, Value
from meshc.ir.opdef import ANY, Pure, define_op, operand, result, var_operand
from meshc.ir.types import I1, TensorType, Type

TOSA_FORMAT = "operands attr-dict `:` functional-type(operands, results)"

UNARY = ("abs", "ceil", "clz", "cos", "erf", "exp", "floor", "log", "logical_not", "reciprocal", "rsqrt",
         "sigmoid", "sin", "tanh", "bitwise_not", "identity", "cast")
"""Elementwise ops of one operand (``cast`` converts the element type)."""

BINARY = ("add", "sub", "maximum", "minimum", "pow", "int_div", "logical_and", "logical_or", "logical_xor",
          "bitwise_and", "bitwise_or", "bitwise_xor", "logical_left_shift", "logical_right_shift",
          "arithmetic_right_shift")
"""Broadcasting elementwise ops of two operands with the operands' element type."""

COMPARE = ("equal", "greater", "greater_equal")
"""Broadcasting comparisons: an ``i1`` result."""


class TosaOp(Operation):
    """Base of the tosa ops: the custom form of :data:`TOSA_FORMAT`; ``data_operands`` are the
    tensors the op computes on elementwise (its zero points, shift or perms are not)."""

    data_operand_count = 1

    @property
    def data_operands(self) -> list[Value]:
        return self.operands[:self.data_operand_count]

    def ranked_result(self) -> TensorType:
        t = self.results[0].type
        if not isinstance(t, TensorType):
            raise self.error(f"result must be a ranked tensor, got '{t}'")
        return t


class ElementwiseTosaOp(TosaOp):
    """Elementwise ops: each data operand has the result's rank and, per dim, the result's size or 1
    (TOSA broadcasting); same element type unless the op says otherwise."""

    traits = (Pure(),)
    assembly_format = TOSA_FORMAT
    same_element_type = True

    def verify_op(self) -> None:
        rt = self.ranked_result()
        for i, v in enumerate(self.data_operands):
            t = v.type
            if not isinstance(t, TensorType):
                raise self.error(f"operand #{i} must be a ranked tensor, got '{t}'")
            if t.rank != rt.rank:
                raise self.error(f"operand #{i} has rank {t.rank} but the result has rank {rt.rank} (TOSA "
                                 "broadcasting needs equal ranks)")
            for d, (a, b) in enumerate(zip(t.shape, rt.shape)):
                if a is not None and b is not None and a != b and a != 1:
                    raise self.error(f"operand #{i} dim {d} has size {a}, which does not broadcast to the "
                                     f"result's {b}")
            if self.same_element_type and t.element_type != rt.element_type:
                raise self.error(f"operand #{i} has element type '{t.element_type}' but the result "
                                 f"'{rt.element_type}'")


class UnaryTosaOp(ElementwiseTosaOp):
    """``%r = tosa.exp %a : (T) -> T``."""

    input1 = operand(ANY)
    output = result()


class BinaryTosaOp(ElementwiseTosaOp):
    """``%r = tosa.add %a, %b : (A, B) -> T`` (``A``, ``B`` broadcast to ``T``)."""

    data_operand_count = 2
    input1 = operand(ANY)
    input2 = operand(ANY)
    output = result()


class CompareTosaOp(BinaryTosaOp):
    """``%r = tosa.greater %a, %b : (A, B) -> tensor<..xi1>``."""

    same_element_type = False

    def verify_op(self) -> None:
        super().verify_op()
        if self.ranked_result().element_type != I1:
            raise self.error(f"result element type must be 'i1', got '{self.ranked_result().element_type}'")
        a, b = (v.type.element_type for v in self.data_operands)  # type: ignore[attr-defined]
        if a != b:
            raise self.error(f"operands have different element types '{a}' and '{b}'")


def _define(name: str, base: type, body: Optional[dict] = None) -> type:
    cls_name = "".join(p.capitalize() for p in name.split("_")) + "Op"
    fields = {"name": f"tosa.{name}", "__doc__": f"``tosa.{name}``: see MLIR's TOSA dialect."}
    fields.update(body or {})
    cls = define_op(type(cls_name, (base,), fields))
    globals()[cls_name] = cls
    return cls


for _n in UNARY:
    _define(_n, UnaryTosaOp, {"same_element_type": _n != "cast"})
for _n in BINARY:
    _define(_n, BinaryTosaOp)
for _n in COMPARE:
    _define(_n, CompareTosaOp)


@define_op
class MulOp(BinaryTosaOp):
    """``%r = tosa.mul %a, %b [, %shift] [{shift = 0 : i8}] : (A, B[, tensor<1xi8>]) -> T``: the
    product; for ``i32`` a ``shift > 0`` rounds and shifts the product right (TOSA)."""

    name = "tosa.mul"
    shift_operand = var_operand(ANY)

    def verify_op(self) -> None:
        super().verify_op()
        if len(self.shift_operand) > 1:
            raise self.error(f"expects at most one shift operand, got {len(self.shift_operand)}")


@define_op
class NegateOp(UnaryTosaOp):
    """``%r = tosa.negate %a [, %in_zp, %out_zp] : (T[, tensor<1xE>, tensor<1xE>]) -> T``:
    ``-(a - in_zp) + out_zp`` (zero points 0 for floats)."""

    name = "tosa.negate"
    zero_points = var_operand(ANY)

    def verify_op(self) -> None:
        super().verify_op()
        if len(self.zero_points) not in (0, 2):
            raise self.error(f"expects no zero points or two (input, output), got {len(self.zero_points)}")


@define_op
class ClampOp(UnaryTosaOp):
    """``%r = tosa.clamp %a {min_val = 0.0 : f32, max_val = 6.0 : f32} : (T) -> T`` (LLVM 19:
    ``min_fp``/``max_fp`` for floats, ``min_int``/``max_int`` for integers)."""

    name = "tosa.clamp"

    def bounds(self) -> tuple[object, object]:
        """The (min, max) the op clamps to, as Python numbers."""
        t = self.ranked_result().element_type
        is_float = t.__class__.__name__ == "FloatType"
        names = (("min_val", "max_val"), ("min_fp", "max_fp") if is_float else ("min_int", "max_int"))
        for lo_name, hi_name in names:
            lo, hi = self.attr(lo_name), self.attr(hi_name)
            if lo is not None and hi is not None:
                return lo.value, hi.value  # type: ignore[attr-defined]
        raise self.error("expects 'min_val' and 'max_val' attributes (or LLVM 19's 'min_fp'/'max_fp', "
                         "'min_int'/'max_int')")

    def verify_op(self) -> None:
        super().verify_op()
        lo, hi = self.bounds()
        if lo > hi:  # type: ignore[operator]
            raise self.error(f"min {lo} is greater than max {hi}")


@define_op
class SelectOp(ElementwiseTosaOp):
    """``%r = tosa.select %pred, %a, %b : (tensor<..xi1>, A, B) -> T``."""

    name = "tosa.select"
    data_operand_count = 3
    same_element_type = False
    pred = operand(ANY)
    on_true = operand(ANY)
    on_false = operand(ANY)
    output = result()


@define_op
class MatMulOp(TosaOp):
    """``%c = tosa.matmul %a, %b [, %a_zp, %b_zp] : (tensor<NxHxC>, tensor<NxCxW>[, zp, zp]) ->
    tensor<NxHxW>``: a batch of matrix products, operands less their zero points, accumulated in
    the result's element type."""

    name = "tosa.matmul"
    traits = (Pure(),)
    assembly_format = TOSA_FORMAT
    data_operand_count = 2
    a = operand(ANY)
    b = operand(ANY)
    zero_points = var_operand(ANY)
    c = result()

    def verify_op(self) -> None:
        rt = self.ranked_result()
        ta, tb = self.a.type, self.b.type
        if not all(isinstance(t, TensorType) and t.rank == 3 for t in (ta, tb)) or rt.rank != 3:
            raise self.error(f"expects rank-3 tensors [N, H, C] x [N, C, W] -> [N, H, W], got '{ta}', '{tb}' "
                             f"-> '{rt}'")
        if len(self.zero_points) not in (0, 2):
            raise self.error(f"expects no zero points or two (a, b), got {len(self.zero_points)}")
        pairs = (("N", ta.shape[0], tb.shape[0]), ("N", ta.shape[0], rt.shape[0]), ("C", ta.shape[2], tb.shape[1]),
                 ("H", ta.shape[1], rt.shape[1]), ("W", tb.shape[2], rt.shape[2]))
        for what, x, y in pairs:
            if x is not None and y is not None and x != y:
                raise self.error(f"dimension {what} does not match: {x} and {y}")


@define_op
class TransposeOp(TosaOp):
    """``%r = tosa.transpose %a {perms = array<i32: 1, 0>} : (A) -> T`` or ``tosa.transpose %a,
    %perms : (A, tensor<Nxi32>) -> T``: result dim ``i`` is input dim ``perms[i]``."""

    name = "tosa.transpose"
    traits = (Pure(),)
    assembly_format = TOSA_FORMAT
    input1 = operand(ANY)
    perms_operand = var_operand(ANY)
    output = result()

    def perms(self) -> Optional[tuple[int, ...]]:
        """The permutation (None when given by a value that is not a constant)."""
        a = self.attr("perms")
        if isinstance(a, DenseArrayAttr):
            return tuple(int(v) for v in a.values)
        if len(self.perms_operand) == 1:
            v = self.perms_operand[0]
            value = v.op.attr("value", v.op.attr("values")) if isinstance(v, OpResult) else None
            if isinstance(value, DenseElementsAttr):
                return tuple(int(x) for x in value.array.reshape(-1))
        return None

    def verify_op(self) -> None:
        rt = self.ranked_result()
        t = self.input1.type
        if not isinstance(t, TensorType):
            raise self.error(f"operand must be a ranked tensor, got '{t}'")
        if (self.attr("perms") is not None) == (len(self.perms_operand) == 1) or len(self.perms_operand) > 1:
            raise self.error("expects the permutation either as attribute 'perms' or as one operand")
        perms = self.perms()
        if perms is None:
            return
        if sorted(perms) != list(range(t.rank)) or rt.rank != t.rank:
            raise self.error(f"perms {list(perms)} is not a permutation of the {t.rank} input dims")
        for i, p in enumerate(perms):
            a, b = t.shape[p], rt.shape[i]
            if a is not None and b is not None and a != b:
                raise self.error(f"result dim {i} has size {b} but input dim {p} has size {a}")
        if t.element_type != rt.element_type:
            raise self.error(f"element types differ: '{t.element_type}' and '{rt.element_type}'")


@define_op
class ConstOp(Operation):
    """``%c = "tosa.const"() <{values = dense<...> : T}> : () -> T`` (LLVM 19/20: ``value``)."""

    name = "tosa.const"
    traits = (Pure(),)
    output = result()

    @property
    def value(self):
        return self.attr("values", self.attr("value"))

    def verify_op(self) -> None:
        if not isinstance(self.value, DenseElementsAttr):
            raise self.error("expects a dense 'values' attribute")
        t, rt = self.value.type, self.output.type
        if not isinstance(rt, TensorType) or (t.shape, t.element_type) != (rt.shape, rt.element_type):
            # the result may carry a #mesh.shard encoding (a distributed type); the data is global
            raise self.error(f"'values' has type '{t}' but the result '{rt}'")


def broadcast_links(operand_type: Type, result_type: TensorType) -> tuple[bool, ...]:
    """Per dim of an elementwise operand: True when it follows the result's dim (not broadcast)."""
    if not isinstance(operand_type, TensorType) or operand_type.rank != result_type.rank:
        return (False,) * (operand_type.rank if isinstance(operand_type, TensorType) else 0)
    return tuple(a == b or (a is None and b is None) or (a is not None and a != 1 and b is None)
                 for a, b in zip(operand_type.shape, result_type.shape))


__all__: Sequence[str] = ("TosaOp", "ElementwiseTosaOp", "MulOp", "NegateOp", "ClampOp", "SelectOp", "MatMulOp",
                          "TransposeOp", "ConstOp", "broadcast_links")
