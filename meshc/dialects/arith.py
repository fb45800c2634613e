"""arith dialect: constants, integer and float arithmetic, comparisons,
select and casts, on scalars or elementwise on tensors.

Semantics (executed by ``meshc.kernels.arith``) follow the MLIR arith dialect
documentation: integers are signless two's complement and wrap on overflow,
``divsi``/``remsi`` round toward zero, ``maximumf`` propagates NaN while
``maxnumf`` ignores it, casts round to nearest even (``truncf``) or toward
zero (``fptosi``).
"""

from __future__ import annotations

from typing import Optional

from meshc.ir.attributes import (Attribute, BoolAttr, DenseElementsAttr, FloatAttr, IntegerAttr, StringAttr,
                                 TypeAttr, format_entries)
from meshc.ir.core import Operation, op_class, register_op
from meshc.ir.types import I1, FloatType, IndexType, IntegerType, TensorType, Type, VectorType, element_type_of

CMPI_PREDICATES = ("eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge")
CMPF_PREDICATES = ("false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule",
                   "une", "uno", "true")

FLOAT_BINARY = ("addf", "subf", "mulf", "divf", "remf", "maximumf", "minimumf", "maxnumf", "minnumf")
INT_BINARY = ("addi", "subi", "muli", "divsi", "divui", "ceildivsi", "ceildivui", "floordivsi", "remsi", "remui",
              "andi", "ori", "xori", "shli", "shrsi", "shrui", "maxsi", "minsi", "maxui", "minui", "mulhisi",
              "mulhiui")
COMMUTATIVE = {"addf", "mulf", "maximumf", "minimumf", "maxnumf", "minnumf", "addi", "muli", "andi", "ori",
               "xori", "maxsi", "minsi", "maxui", "minui"}
CASTS = ("index_cast", "index_castui", "extf", "truncf", "extsi", "extui", "trunci", "sitofp", "uitofp", "fptosi",
         "fptoui", "bitcast")


def _shape_of(t: Type):
    return t.shape if isinstance(t, (TensorType, VectorType)) else None


def _flags_str(op: Operation) -> str:
    parts = []
    for key in ("fastmath", "overflowFlags"):
        a = op.attributes.get(key)
        if isinstance(a, StringAttr):
            kw = "fastmath" if key == "fastmath" else "overflow"
            parts.append(f" {kw}<{a.value}>")
    return "".join(parts)


_FLAG_KEYS = ("fastmath", "overflowFlags")


@register_op
class ConstantOp(Operation):
    """``arith.constant 1.0 : f32`` / ``dense<...> : tensor<...>``; the
    ``value`` attribute's type is the result type."""

    name = "arith.constant"
    traits = frozenset({"Pure", "ConstantLike"})

    @property
    def value(self) -> Attribute:
        return self.attributes["value"]

    def verify_(self) -> None:
        _check_structure(self, 0, 1)
        v = self.attributes.get("value")
        if v is None:
            raise self.error("requires attribute 'value'")
        t = getattr(v, "type", None)
        if isinstance(v, BoolAttr):
            t = I1
        if t is None or isinstance(v, TypeAttr):
            raise self.error(f"requires a typed attribute 'value' (e.g. '0.0 : f32'), got '{v}'")
        if t != self.result.type:
            raise self.error(f"value type '{t}' does not match result type '{self.result.type}'")

    def print_custom(self, p) -> None:
        v = self.attributes["value"]
        text = str(v)
        if isinstance(v, IntegerAttr) and ":" not in text and not (
                isinstance(v.type, IntegerType) and v.type.width == 1):
            text = f"{v.value} : {v.type}"
        p.write(" " + text + p.attr_dict(self.attributes, ("value",)))


class ElementwiseOp(Operation):
    """Base of arith/math ops whose operands and result share one type
    (scalar, or tensor elementwise)."""

    traits = frozenset({"Pure", "Elementwise"})
    element_kind = "any"  # "float", "int" or "any"
    num_operands: Optional[int] = None  # None: any count >= 1

    def verify_(self) -> None:
        # the arity of the op's name (an op re-created under another name keeps its Python class)
        _check_structure(self, getattr(op_class(self.name), "num_operands", self.num_operands), 1)
        t = self.results[0].type
        for i, v in enumerate(self.operands):
            if v.type != t:
                raise self.error(f"requires the same type for all operands and results: operand #{i} is "
                                 f"'{v.type}', result is '{t}'")
        et = element_type_of(t)
        if self.element_kind == "float" and not isinstance(et, FloatType):
            raise self.error(f"operand #0 must be floating-point-like, but got '{t}'")
        if self.element_kind == "int" and not isinstance(et, (IntegerType, IndexType)):
            raise self.error(f"operand #0 must be signless-integer-like, but got '{t}'")

    @property
    def kind(self) -> str:
        return self.name.split(".", 1)[1]

    def print_custom(self, p) -> None:
        p.write(" " + p.values(self.operands) + _flags_str(self) + p.attr_dict(self.attributes, _FLAG_KEYS)
                + f" : {self.results[0].type}")


class FloatBinaryOp(ElementwiseOp):
    element_kind = "float"
    num_operands = 2


class IntBinaryOp(ElementwiseOp):
    element_kind = "int"
    num_operands = 2


def _check_structure(op: Operation, num_operands: Optional[int], num_results: int) -> None:
    """Operand/result/region counts of a fixed-arity op (ODS's generated checks): a
    generic-form op with another structure would print a custom form that does not parse."""
    if num_operands is None:
        if not op.operands:
            raise op.error("expected at least 1 operand")
    elif len(op.operands) != num_operands:
        raise op.error(f"expected {num_operands} operands, but found {len(op.operands)}")
    if len(op.results) != num_results:
        raise op.error(f"expected {num_results} results, but found {len(op.results)}")
    if op.regions:
        raise op.error(f"expected 0 regions, but found {len(op.regions)}")


def _define(name: str, base: type, extra_traits=(), num_operands: Optional[int] = None) -> type:
    cls_name = "".join(part.capitalize() for part in name.split("_")) + "Op"
    traits = base.traits | frozenset(extra_traits)
    body = {"name": f"arith.{name}", "traits": traits, "__doc__": f"``arith.{name}``: see the MLIR arith dialect."}
    if num_operands is not None:
        body["num_operands"] = num_operands
    cls = type(cls_name, (base,), body)
    register_op(cls)
    globals()[cls_name] = cls
    return cls


for _n in FLOAT_BINARY:
    _define(_n, FloatBinaryOp, ("Commutative",) if _n in COMMUTATIVE else ())
for _n in INT_BINARY:
    _define(_n, IntBinaryOp, ("Commutative",) if _n in COMMUTATIVE else ())
NegFOp = _define("negf", FloatBinaryOp, num_operands=1)


class CmpOp(Operation):
    """``arith.cmpi slt, %a, %b : i32``: result is i1 (or a tensor of i1)."""

    traits = frozenset({"Pure", "Elementwise"})
    predicates: tuple[str, ...] = ()

    @property
    def predicate(self) -> str:
        a = self.attributes["predicate"]
        return a.value if isinstance(a, StringAttr) else self.predicates[a.value]  # type: ignore[attr-defined]

    def verify_(self) -> None:
        _check_structure(self, 2, 1)
        a, b = self.operands
        if a.type != b.type:
            raise self.error(f"requires all operands to have the same type, got '{a.type}' and '{b.type}'")
        if self.predicate not in self.predicates:
            raise self.error(f"unknown predicate '{self.predicate}'; expected one of {', '.join(self.predicates)}")
        shape = _shape_of(a.type)
        want = I1 if shape is None else TensorType(tuple(shape), I1)
        if self.result.type != want:
            raise self.error(f"result type must be '{want}', got '{self.result.type}'")

    def print_custom(self, p) -> None:
        p.write(f" {self.predicate}, " + p.values(self.operands) + _flags_str(self)
                + p.attr_dict(self.attributes, ("predicate",) + _FLAG_KEYS) + f" : {self.operands[0].type}")


@register_op
class CmpIOp(CmpOp):
    name = "arith.cmpi"
    predicates = CMPI_PREDICATES


@register_op
class CmpFOp(CmpOp):
    name = "arith.cmpf"
    predicates = CMPF_PREDICATES


@register_op
class SelectOp(Operation):
    """``arith.select %cond, %a, %b : T`` (or ``: i1, T`` / tensor of i1)."""

    name = "arith.select"
    traits = frozenset({"Pure", "Elementwise"})

    def verify_(self) -> None:
        _check_structure(self, 3, 1)
        c, a, b = self.operands
        if a.type != b.type or a.type != self.result.type:
            raise self.error(f"requires the true/false values and the result to have one type, got '{a.type}', "
                             f"'{b.type}' -> '{self.result.type}'")
        if element_type_of(c.type) != I1:
            raise self.error(f"condition must be i1 or a shaped type of i1, got '{c.type}'")

    def print_custom(self, p) -> None:
        c = self.operands[0]
        p.write(" " + p.values(self.operands) + p.attr_dict(self.attributes))
        if c.type == I1:
            p.write(f" : {self.result.type}")
        else:
            p.write(f" : {c.type}, {self.result.type}")


class CastOp(Operation):
    """``arith.extf %a : f16 to f32``: one operand, one result of the same shape."""

    traits = frozenset({"Pure", "Elementwise"})

    def verify_(self) -> None:
        _check_structure(self, 1, 1)
        src, dst = self.operands[0].type, self.result.type
        if _shape_of(src) != _shape_of(dst):
            raise self.error(f"requires the same shape for operand and result, got '{src}' and '{dst}'")
        kind = self.name.split(".", 1)[1]
        s, d = element_type_of(src), element_type_of(dst)
        ok = {
            "extf": lambda: s.is_float and d.is_float and d.width > s.width,
            "truncf": lambda: s.is_float and d.is_float and d.width < s.width,
            "extsi": lambda: _is_int(s) and _is_int(d) and d.width > s.width,
            "extui": lambda: _is_int(s) and _is_int(d) and d.width > s.width,
            "trunci": lambda: _is_int(s) and _is_int(d) and d.width < s.width,
            "sitofp": lambda: _is_int(s) and d.is_float,
            "uitofp": lambda: _is_int(s) and d.is_float,
            "fptosi": lambda: s.is_float and _is_int(d),
            "fptoui": lambda: s.is_float and _is_int(d),
            "index_cast": lambda: (isinstance(s, IndexType)) != (isinstance(d, IndexType)),
            "index_castui": lambda: (isinstance(s, IndexType)) != (isinstance(d, IndexType)),
            "bitcast": lambda: _width(s) == _width(d),
        }[kind]
        if not ok():
            raise self.error(f"operand type '{src}' and result type '{dst}' are cast incompatible")

    def print_custom(self, p) -> None:
        p.write(" " + p.value(self.operands[0]) + _flags_str(self) + p.attr_dict(self.attributes, _FLAG_KEYS)
                + f" : {self.operands[0].type} to {self.result.type}")


def _is_int(t: Type) -> bool:
    return isinstance(t, IntegerType)


def _width(t: Type) -> int:
    if isinstance(t, IndexType):
        return 64
    return getattr(t, "width", 0)


for _n in CASTS:
    _cls = type("".join(p.capitalize() for p in _n.split("_")) + "Op", (CastOp,),
                {"name": f"arith.{_n}", "__doc__": f"``arith.{_n}``: see the MLIR arith dialect."})
    register_op(_cls)
    globals()[_cls.__name__] = _cls


def flags_attrs(flags) -> dict:
    """``fastmath<fast>`` / ``overflow<nsw>`` parsed flags -> attributes."""
    if flags is None:
        return {}
    kind, names = flags
    key = "fastmath" if kind == "fastmath" else "overflowFlags" if kind == "overflow" else kind
    return {key: StringAttr(", ".join(names))}


class Syntax:
    """Parse callbacks of grammar/arith.lark (and op_flags, shared with math)."""

    def op_flags(self, open_tok, *names):
        return (str(open_tok)[:-1], [str(n) for n in names])

    def arith_constant(self, kw, value, attrs):
        if isinstance(value, BoolAttr):
            value = IntegerAttr(1 if value.value else 0, I1)
        t = getattr(value, "type", None)
        if t is None:
            raise self.error(f"'arith.constant' needs a typed value (e.g. '0.0 : f32'), got '{value}'", kw)
        if isinstance(value, IntegerAttr) and isinstance(t, IntegerType) and t.width == 64 and str(value) == str(
                value.value):
            pass
        if isinstance(value, DenseElementsAttr):
            t = value.type
        attributes = {"value": value}
        attributes.update(attrs or {})
        return self.build("arith.constant", (), [t], attributes, (), self.loc(kw))

    def arith_binary(self, kw, a, b, flags, attrs, ty):
        attributes = flags_attrs(flags)
        attributes.update(attrs or {})
        return self.build(str(kw), [self.use(a, ty), self.use(b, ty)], [ty], attributes, (), self.loc(kw))

    def arith_unary(self, kw, a, flags, attrs, ty):
        attributes = flags_attrs(flags)
        attributes.update(attrs or {})
        return self.build(str(kw), [self.use(a, ty)], [ty], attributes, (), self.loc(kw))

    def arith_cmp(self, kw, pred, a, b, flags, attrs, ty):
        name = str(kw)
        preds = CMPI_PREDICATES if name == "arith.cmpi" else CMPF_PREDICATES
        if str(pred) not in preds:
            raise self.error(f"unknown comparison predicate '{pred}' for '{name}'; expected one of "
                             f"{', '.join(preds)}", pred)
        shape = _shape_of(ty)
        rt = I1 if shape is None else TensorType(tuple(shape), I1)
        attributes = {"predicate": StringAttr(str(pred))}
        attributes.update(flags_attrs(flags))
        attributes.update(attrs or {})
        return self.build(name, [self.use(a, ty), self.use(b, ty)], [rt], attributes, (), self.loc(kw))

    def arith_select(self, kw, c, a, b, attrs, t1, t2):
        if t2 is None:
            cond_t, ty = I1, t1
        else:
            cond_t, ty = t1, t2
        return self.build("arith.select", [self.use(c, cond_t), self.use(a, ty), self.use(b, ty)], [ty],
                          attrs or {}, (), self.loc(kw))

    def arith_cast(self, kw, a, flags, attrs, src, dst):
        attributes = flags_attrs(flags)
        attributes.update(attrs or {})
        return self.build(str(kw), [self.use(a, src)], [dst], attributes, (), self.loc(kw))


__all__ = [n for n in globals() if n.endswith("Op")]
_ = (format_entries, FloatAttr)
