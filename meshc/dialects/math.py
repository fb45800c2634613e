"""math dialect: elementwise functions (exp, log, tanh, sqrt, erf, powf, ...)
on floats, scalar or tensor. Semantics follow the MLIR math dialect and are
executed by ``meshc.kernels.math``. Every op is declared by its operands and
parses and prints by its assembly format (meshc.ir.opdef)."""

from __future__ import annotations

from meshc.dialects.arith import ElementwiseOp
from meshc.ir.opdef import FLOAT_LIKE, INT_LIKE, Elementwise, Pure, define_op, operand, result
from meshc.ir.types import I1, TensorType, Type, VectorType

UNARY = ("exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "tanh", "sqrt", "rsqrt", "erf", "absf", "sin",
         "cos", "tan", "atan", "sinh", "cosh", "asin", "acos", "asinh", "acosh", "atanh", "ceil", "floor", "round",
         "roundeven", "trunc", "cbrt")
INT_UNARY = ("absi", "ctpop")
BINARY = ("powf", "atan2", "copysign")
CLASSIFY = ("isnan", "isinf", "isfinite")


class MathOp(ElementwiseOp):
    """Base of math ops: operands and result share one float type."""


class MathUnaryOp(MathOp):
    """``math.exp %a [fastmath<...>] : T``."""

    operand_ = operand(FLOAT_LIKE)
    output = result()
    assembly_format = "$operand_ custom<Flags> attr-dict `:` type($output)"


class MathIntOp(MathOp):
    """``math.absi %a : T`` (signless integers)."""

    operand_ = operand(INT_LIKE)
    output = result()
    assembly_format = "$operand_ custom<Flags> attr-dict `:` type($output)"


class MathBinaryOp(MathOp):
    """``math.powf %a, %b [fastmath<...>] : T``."""

    lhs = operand(FLOAT_LIKE)
    rhs = operand(FLOAT_LIKE)
    output = result()
    assembly_format = "$lhs `,` $rhs custom<Flags> attr-dict `:` type($output)"


class MathTernaryOp(MathOp):
    """``math.fma %a, %b, %c [fastmath<...>] : T``."""

    a = operand(FLOAT_LIKE)
    b = operand(FLOAT_LIKE)
    c = operand(FLOAT_LIKE)
    output = result()
    assembly_format = "$a `,` $b `,` $c custom<Flags> attr-dict `:` type($output)"


class MathClassifyOp(MathOp):
    """``math.isnan %a : T``: an i1 (or shaped i1) result per float element."""

    traits = (Pure(), Elementwise())
    operand_ = operand(FLOAT_LIKE)
    output = result()
    assembly_format = "$operand_ custom<Flags> attr-dict `:` type($operand_)"

    @classmethod
    def infer_result_types(cls, operand_types, attributes) -> list[Type]:
        """i1 of the operand's shape (MLIR's math.isnan and friends)."""
        t = operand_types[0]
        if isinstance(t, TensorType):
            return [TensorType(tuple(t.shape), I1)]
        if isinstance(t, VectorType):
            return [VectorType(tuple(t.shape), I1)]
        return [I1]

    def verify_op(self) -> None:
        want = self.infer_result_types([self.operand_.type], {})[0]
        if self.result.type != want:
            raise self.error(f"result type must be '{want}', got '{self.result.type}'")


def _define(name: str, base: type) -> type:
    cls_name = "".join(p.capitalize() for p in name.split("_")) + "Op"
    cls = define_op(type(cls_name, (base,), {"name": f"math.{name}",
                                             "__doc__": f"``math.{name}``: see the MLIR math dialect."}))
    globals()[cls_name] = cls
    return cls


for _n in UNARY:
    _define(_n, MathUnaryOp)
for _n in BINARY:
    _define(_n, MathBinaryOp)
_define("fma", MathTernaryOp)
for _n in CLASSIFY:
    _define(_n, MathClassifyOp)
for _n in INT_UNARY:
    _define(_n, MathIntOp)
