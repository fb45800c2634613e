"""arith dialect: constants, integer and float arithmetic, comparisons,
select and casts, on scalars or elementwise on tensors.

Semantics (executed by ``meshc.kernels.arith``) follow the MLIR arith dialect
documentation: integers are signless two's complement and wrap on overflow,
``divsi``/``remsi`` round toward zero, ``maximumf`` propagates NaN while
``maxnumf`` ignores it, casts round to nearest even (``truncf``) or toward
zero (``fptosi``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar, Optional

from meshc.dialects import register_attr
from meshc.ir.attributes import (Attribute, BoolAttr, DenseElementsAttr, IntegerAttr, StringAttr, TypeAttr)
from meshc.ir.core import Operation
from meshc.ir.opdef import (FLOAT_LIKE, INT_LIKE, Commutative, ConstantLike, Directive, Elementwise, Pure,
                            SameOperandsAndResultType, SameTypeOperands, attribute, define_op, op_attributes,
                            operand, register_directive, result, var_operand)
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

_FLAG_KEYS = ("fastmath", "overflowFlags")


def _shape_of(t: Type):
    return t.shape if isinstance(t, (TensorType, VectorType)) else None


@dataclass(frozen=True)
class BitEnumAttr(Attribute):
    """A set of flags of an MLIR bit enum attribute (``I32BitEnumAttr`` in ``ArithBase.td``), ``bits``
    one bit per case of :attr:`cases` in order. It prints as upstream's generated ``stringify`` with
    ``printBitEnumPrimaryGroups``: ``none`` for no bit, a group (``fast``) whose bits are all set
    first, then the other bits in bit order, joined by :attr:`separator`; the attribute is
    ``#arith.<mnemonic><...>`` and the custom form of an op spells ``<mnemonic><...>``."""

    bits: int

    mnemonic: ClassVar[str] = ""
    enum: ClassVar[str] = ""  # upstream's C++ enum, named in the error for an unknown flag
    cases: ClassVar[tuple[str, ...]] = ()
    groups: ClassVar[tuple[str, ...]] = ()  # names of cases that set every bit
    separator: ClassVar[str] = ","

    @classmethod
    def names(cls) -> tuple[str, ...]:
        """Every keyword the enum reads, in upstream's order (``none``, the bits, the groups)."""
        return ("none",) + cls.cases + cls.groups

    @classmethod
    def from_names(cls, names) -> "BitEnumAttr":
        """The flags named by ``names`` (keywords, any order, repeats allowed).

        Raises:
            ValueError: a name that is not one of :meth:`names`.
        """
        bits = 0
        for n in names:
            n = str(n).strip()
            if n in cls.groups:
                bits |= (1 << len(cls.cases)) - 1
            elif n in cls.cases:
                bits |= 1 << cls.cases.index(n)
            elif n != "none":
                raise ValueError(f"unknown {cls.mnemonic} flag '{n}': expected {cls.enum} to be one of: "
                                 f"{', '.join(cls.names())}")
        return cls(bits)

    @classmethod
    def from_items(cls, items) -> "BitEnumAttr":
        """``#arith.<mnemonic><a, b>``'s body (dialect attribute items) -> the attribute.

        Raises:
            ValueError: no body, a keyed entry, or an unknown flag.
        """
        if not items:
            raise ValueError(f"expected flags such as '<{(cls.groups or cls.cases)[0]}>'")
        for it in items:
            if isinstance(it, tuple) or not _BARE_WORD.fullmatch(str(it)):
                raise ValueError(f"expected {cls.mnemonic} flags (keywords), got '{_item_text(it)}'")
        return cls.from_names(str(it) for it in items)

    def body(self) -> str:
        """The flags between the angle brackets: ``fast``, ``nnan,ninf``, ``none``."""
        if not self.bits:
            return "none"
        words, rest, full = [], self.bits, (1 << len(self.cases)) - 1
        for g in self.groups:
            if rest & full == full:
                words.append(g)
                rest &= ~full
        words += [c for i, c in enumerate(self.cases) if rest >> i & 1]
        return self.separator.join(words)

    def __str__(self) -> str:
        return f"#arith.{self.mnemonic}<{self.body()}>"


@dataclass(frozen=True)
class FastMathFlagsAttr(BitEnumAttr):
    """``#arith.fastmath<...>``: the fast-math flags of arith and math float ops (``fast`` = all)."""

    mnemonic: ClassVar[str] = "fastmath"
    enum: ClassVar[str] = "::mlir::arith::FastMathFlags"
    cases: ClassVar[tuple[str, ...]] = ("reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn")
    groups: ClassVar[tuple[str, ...]] = ("fast",)
    separator: ClassVar[str] = ","


@dataclass(frozen=True)
class IntegerOverflowFlagsAttr(BitEnumAttr):
    """``#arith.overflow<...>``: the no-wrap flags of arith integer ops (``nsw``, ``nuw``)."""

    mnemonic: ClassVar[str] = "overflow"
    enum: ClassVar[str] = "::mlir::arith::IntegerOverflowFlags"
    cases: ClassVar[tuple[str, ...]] = ("nsw", "nuw")
    separator: ClassVar[str] = ", "


_BARE_WORD = re.compile(r"[A-Za-z_][\w$.]*")
#: the flags attribute of each custom-form keyword and the op attribute it sets
_FLAG_KINDS: dict[str, tuple[str, type]] = {"fastmath": ("fastmath", FastMathFlagsAttr),
                                             "overflow": ("overflowFlags", IntegerOverflowFlagsAttr)}

register_attr("arith.fastmath", FastMathFlagsAttr.from_items)
register_attr("arith.overflow", IntegerOverflowFlagsAttr.from_items)


def _item_text(item) -> str:
    return f"{item[0]} = {item[1]}" if isinstance(item, tuple) else str(item)


def _flags_str(op: Operation) -> str:
    """The custom form's `` fastmath<...>`` / `` overflow<...>``; none (MLIR's default value) is left out."""
    parts = []
    attrs = op_attributes(op)
    for kw, (key, _kind) in _FLAG_KINDS.items():
        a = attrs.get(key)
        if isinstance(a, BitEnumAttr) and a.bits:
            parts.append(f" {kw}<{a.body()}>")
    return "".join(parts)


def flags_attrs(flags) -> dict:
    """``fastmath<fast>`` / ``overflow<nsw>`` parsed flags (:meth:`Syntax.op_flags`) -> attributes."""
    if flags is None:
        return {}
    kind, value = flags
    if kind in _FLAG_KINDS:
        return {_FLAG_KINDS[kind][0]: value}
    return {kind: StringAttr(", ".join(value))}


# custom<Flags>: the optional `fastmath<...>` / `overflow<...>` of arith and math ops (grammar/arith.lark: op_flags)
register_directive("Flags", Directive("[op_flags]", flags_attrs, _flags_str, _FLAG_KEYS))


@define_op
class ConstantOp(Operation):
    """``arith.constant 1.0 : f32`` / ``dense<...> : tensor<...>``; the
    ``value`` attribute's type is the result type (custom syntax: the type is
    the value's own, grammar/arith.lark)."""

    name = "arith.constant"
    value = attribute()
    output = result()
    traits = (Pure(), ConstantLike())

    def verify_op(self) -> None:
        v = self.value
        t = getattr(v, "type", None)
        if isinstance(v, BoolAttr):
            t = I1
        if t is None or isinstance(v, TypeAttr):
            raise self.error(f"requires a typed attribute 'value' (e.g. '0.0 : f32'), got '{v}'")
        if t != self.result.type:
            raise self.error(f"value type '{t}' does not match result type '{self.result.type}'")

    def asm_result_names(self) -> list[str]:
        """mlir-opt's name for the result (``arith::ConstantOp::getAsmResultNames``): ``true``/``false``
        for an ``i1``, ``c<value>_<type>`` for an integer (``c2_i64``, ``c-1_i32``), ``c<value>`` for an
        index, ``cst`` for anything else (floats, dense elements)."""
        v = self.value
        t = self.result.type
        if isinstance(v, BoolAttr):
            return ["true" if v.value else "false"]
        if isinstance(v, IntegerAttr):
            if isinstance(t, IntegerType) and t.width == 1:
                return ["true" if v.value else "false"]
            if isinstance(t, IntegerType):
                return [f"c{v.value}_{t}"]
            if isinstance(t, IndexType):
                return [f"c{v.value}"]
        return ["cst"]

    def print_custom(self, p) -> None:
        v = self.value
        text = str(v)
        if isinstance(v, IntegerAttr) and ":" not in text and not (
                isinstance(v.type, IntegerType) and v.type.width == 1):
            text = f"{v.value} : {v.type}"
        p.write(" " + text + p.attr_dict(op_attributes(self), ("value",)))


def integer_constant(v) -> Optional[int]:
    """The integer of an ``arith.constant`` of integer or index type defining value ``v`` (an
    ``IntegerAttr`` value), else None (another op, a block argument, a float, bool or dense constant)."""
    op = getattr(v, "op", None)
    a = op.attributes.get("value") if op is not None and op.name == ConstantOp.name else None
    return int(a.value) if isinstance(a, IntegerAttr) else None


_FLAGS = attribute(FastMathFlagsAttr, required=False, what="fast-math flags such as '#arith.fastmath<fast>'")
_OVERFLOW = attribute(IntegerOverflowFlagsAttr, required=False,
                      what="overflow flags such as '#arith.overflow<nsw>'")


@define_op(register=False)
class ElementwiseOp(Operation):
    """Base of arith/math ops whose operands and result share one type
    (scalar, or tensor elementwise); subclasses declare their operands."""

    traits = (Pure(), Elementwise(), SameOperandsAndResultType())
    fastmath = _FLAGS

    @property
    def kind(self) -> str:
        return self.name.split(".", 1)[1]


class FloatBinaryOp(ElementwiseOp):
    """``arith.addf %a, %b [fastmath<...>] : T`` (floats, scalar or shaped)."""

    lhs = operand(FLOAT_LIKE)
    rhs = operand(FLOAT_LIKE)
    output = result()
    assembly_format = "$lhs `,` $rhs custom<Flags> attr-dict `:` type($output)"


class IntBinaryOp(ElementwiseOp):
    """``arith.addi %a, %b [overflow<...>] : T`` (signless integers or index)."""

    lhs = operand(INT_LIKE)
    rhs = operand(INT_LIKE)
    output = result()
    overflowFlags = _OVERFLOW
    assembly_format = "$lhs `,` $rhs custom<Flags> attr-dict `:` type($output)"


def _define(name: str, base: type, extra_traits=(), fields=None) -> type:
    cls_name = "".join(part.capitalize() for part in name.split("_")) + "Op"
    body = {"name": f"arith.{name}", "__doc__": f"``arith.{name}``: see the MLIR arith dialect."}
    if extra_traits:
        body["traits"] = base._trait_objs + tuple(extra_traits)
    body.update(fields or {})
    cls = define_op(type(cls_name, (base,), body))
    globals()[cls_name] = cls
    return cls


for _n in FLOAT_BINARY:
    _define(_n, FloatBinaryOp, (Commutative(),) if _n in COMMUTATIVE else ())
for _n in INT_BINARY:
    _define(_n, IntBinaryOp, (Commutative(),) if _n in COMMUTATIVE else ())


@define_op
class NegFOp(ElementwiseOp):
    """``arith.negf %a [fastmath<...>] : T``."""

    name = "arith.negf"
    input = operand(FLOAT_LIKE)
    output = result()
    assembly_format = "$input custom<Flags> attr-dict `:` type($output)"


@define_op(register=False)
class CmpOp(Operation):
    """``arith.cmpi slt, %a, %b : i32``: result is i1 (or a tensor of i1)."""

    traits = (Pure(), Elementwise(), SameTypeOperands())
    predicates: tuple[str, ...] = ()
    predicate_attr = attribute((StringAttr, IntegerAttr), syntax="keyword", what="a comparison predicate",
                               name="predicate")
    lhs = operand()
    rhs = operand()
    output = result()
    fastmath = _FLAGS
    assembly_format = "$predicate_attr `,` $lhs `,` $rhs custom<Flags> attr-dict `:` type($lhs)"

    @property
    def predicate(self) -> str:
        a = self.predicate_attr
        return a.value if isinstance(a, StringAttr) else self.predicates[a.value]  # type: ignore[attr-defined]

    def keyword_text(self, name: str, attr: Attribute) -> str:
        """The predicate's name in the custom form (an integer-coded one too)."""
        return self.predicate

    @classmethod
    def infer_result_types(cls, operand_types, attributes) -> list[Type]:
        """i1 of the operands' shape; an unknown predicate is an error here, at parse time."""
        pred = attributes.get("predicate")
        if isinstance(pred, StringAttr) and pred.value not in cls.predicates:
            raise ValueError(f"has an unknown comparison predicate '{pred.value}'; expected one of "
                             f"{', '.join(cls.predicates)}", "predicate")
        shape = _shape_of(operand_types[0])
        return [I1 if shape is None else TensorType(tuple(shape), I1)]

    def verify_op(self) -> None:
        a = self.predicate_attr
        if isinstance(a, IntegerAttr) and not 0 <= a.value < len(self.predicates):
            raise self.error(f"predicate {a.value} out of range (0 to {len(self.predicates) - 1})")
        if self.predicate not in self.predicates:
            raise self.error(f"unknown predicate '{self.predicate}'; expected one of {', '.join(self.predicates)}")
        want = self.infer_result_types([self.lhs.type], {})[0]
        if self.result.type != want:
            raise self.error(f"result type must be '{want}', got '{self.result.type}'")


@define_op
class CmpIOp(CmpOp):
    """``arith.cmpi <pred>, %a, %b : T``."""

    name = "arith.cmpi"
    predicates = CMPI_PREDICATES


@define_op
class CmpFOp(CmpOp):
    """``arith.cmpf <pred>, %a, %b : T``."""

    name = "arith.cmpf"
    predicates = CMPF_PREDICATES


@define_op
class SelectOp(Operation):
    """``arith.select %cond, %a, %b : T`` (or ``: i1, T`` / tensor of i1);
    custom syntax (the condition type is optional, grammar/arith.lark)."""

    name = "arith.select"
    traits = (Pure(), Elementwise())
    condition = operand()
    true_value = operand()
    false_value = operand()
    output = result()

    def verify_op(self) -> None:
        c, a, b = self.operands
        if a.type != b.type or a.type != self.result.type:
            raise self.error(f"requires the true/false values and the result to have one type, got '{a.type}', "
                             f"'{b.type}' -> '{self.result.type}'")
        if element_type_of(c.type) != I1:
            raise self.error(f"condition must be i1 or a shaped type of i1, got '{c.type}'")

    def print_custom(self, p) -> None:
        c = self.operands[0]
        p.write(" " + p.values(self.operands) + p.attr_dict(op_attributes(self)))
        if c.type == I1:
            p.write(f" : {self.result.type}")
        else:
            p.write(f" : {c.type}, {self.result.type}")


def _is_int(t: Type) -> bool:
    return isinstance(t, IntegerType)


def _width(t: Type) -> int:
    if isinstance(t, IndexType):
        return 64
    return getattr(t, "width", 0)


_CAST_RULES = {
    "extf": lambda s, d: s.is_float and d.is_float and d.width > s.width,
    "truncf": lambda s, d: s.is_float and d.is_float and d.width < s.width,
    "extsi": lambda s, d: _is_int(s) and _is_int(d) and d.width > s.width,
    "extui": lambda s, d: _is_int(s) and _is_int(d) and d.width > s.width,
    "trunci": lambda s, d: _is_int(s) and _is_int(d) and d.width < s.width,
    "sitofp": lambda s, d: _is_int(s) and d.is_float,
    "uitofp": lambda s, d: _is_int(s) and d.is_float,
    "fptosi": lambda s, d: s.is_float and _is_int(d),
    "fptoui": lambda s, d: s.is_float and _is_int(d),
    "index_cast": lambda s, d: isinstance(s, IndexType) != isinstance(d, IndexType),
    "index_castui": lambda s, d: isinstance(s, IndexType) != isinstance(d, IndexType),
    "bitcast": lambda s, d: _width(s) == _width(d),
}


@define_op(register=False)
class CastOp(Operation):
    """``arith.extf %a : f16 to f32``: one operand, one result of the same shape."""

    traits = (Pure(), Elementwise())
    input = operand()
    output = result()
    fastmath = _FLAGS
    assembly_format = "$input custom<Flags> attr-dict `:` type($input) `to` type($output)"

    def verify_op(self) -> None:
        src, dst = self.input.type, self.result.type
        if _shape_of(src) != _shape_of(dst):
            raise self.error(f"requires the same shape for operand and result, got '{src}' and '{dst}'")
        if not _CAST_RULES[self.name.split(".", 1)[1]](element_type_of(src), element_type_of(dst)):
            raise self.error(f"operand type '{src}' and result type '{dst}' are cast incompatible")


for _n in CASTS:
    _define(_n, CastOp)


class Syntax:
    """Parse callbacks of grammar/arith.lark (op_flags is shared with math;
    the other arith ops parse by their assembly formats)."""

    def op_flags(self, open_tok, *names):
        """``fastmath<nnan, ninf>`` -> ("fastmath", its :class:`FastMathFlagsAttr`); an unknown flag is an
        error at its name (``overflow<...>`` likewise; ``exact``/``nneg`` keep the names)."""
        kind = str(open_tok)[:-1]
        if kind not in _FLAG_KINDS:
            return (kind, [str(n) for n in names])
        attr = _FLAG_KINDS[kind][1]
        for n in names:
            try:
                attr.from_names([n])
            except ValueError as err:
                raise self.error(str(err), n) from None
        return (kind, attr.from_names(names))

    def arith_constant(self, kw, value, attrs):
        if isinstance(value, BoolAttr):
            value = IntegerAttr(1 if value.value else 0, I1)
        t = getattr(value, "type", None)
        if t is None:
            raise self.error(f"'arith.constant' needs a typed value (e.g. '0.0 : f32'), got '{value}'", kw)
        if isinstance(value, DenseElementsAttr):
            t = value.type
        attributes = {"value": value}
        attributes.update(attrs or {})
        return self.build("arith.constant", (), [t], attributes, (), self.loc(kw))

    def arith_select(self, kw, c, a, b, attrs, t1, t2):
        if t2 is None:
            cond_t, ty = I1, t1
        else:
            cond_t, ty = t1, t2
        return self.build("arith.select", [self.use(c, cond_t), self.use(a, ty), self.use(b, ty)], [ty],
                          attrs or {}, (), self.loc(kw))


__all__ = [n for n in globals() if n.endswith("Op")]
_ = (Attribute, FloatType, var_operand)
