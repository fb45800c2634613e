"""math dialect: elementwise functions (exp, log, tanh, sqrt, erf, powf, ...)
on floats, scalar or tensor. Semantics follow the MLIR math dialect and are
executed by ``meshc.kernels.math``."""

from __future__ import annotations

from meshc.dialects.arith import ElementwiseOp, flags_attrs
from meshc.ir.core import register_op

UNARY = ("exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "tanh", "sqrt", "rsqrt", "erf", "absf", "sin",
         "cos", "tan", "atan", "sinh", "cosh", "asin", "acos", "asinh", "acosh", "atanh", "ceil", "floor", "round",
         "roundeven", "trunc", "cbrt")
INT_UNARY = ("absi", "ctpop")
BINARY = ("powf", "atan2", "copysign")


class MathOp(ElementwiseOp):
    """Base of math ops: operands and result share one float type."""

    element_kind = "float"


class MathIntOp(ElementwiseOp):
    element_kind = "int"


def _define(name: str, base: type) -> type:
    cls_name = "".join(p.capitalize() for p in name.split("_")) + "Op"
    cls = type(cls_name, (base,), {"name": f"math.{name}",
                                   "__doc__": f"``math.{name}``: see the MLIR math dialect."})
    register_op(cls)
    globals()[cls_name] = cls
    return cls


for _n in UNARY:
    _define(_n, MathOp).num_operands = 1
for _n in BINARY:
    _define(_n, MathOp).num_operands = 2
_define("fma", MathOp).num_operands = 3
for _n in INT_UNARY:
    _define(_n, MathIntOp).num_operands = 1


class Syntax:
    """Parse callbacks of grammar/math.lark."""

    def math_unary(self, kw, a, flags, attrs, ty):
        attributes = flags_attrs(flags)
        attributes.update(attrs or {})
        return self.build(str(kw), [self.use(a, ty)], [ty], attributes, (), self.loc(kw))

    def math_binary(self, kw, a, b, flags, attrs, ty):
        attributes = flags_attrs(flags)
        attributes.update(attrs or {})
        return self.build(str(kw), [self.use(a, ty), self.use(b, ty)], [ty], attributes, (), self.loc(kw))

    def math_fma(self, kw, a, b, c, flags, attrs, ty):
        attributes = flags_attrs(flags)
        attributes.update(attrs or {})
        return self.build(str(kw), [self.use(a, ty), self.use(b, ty), self.use(c, ty)], [ty], attributes, (),
                          self.loc(kw))
