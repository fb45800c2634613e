"""Declarative op definitions: an op names its operands, results, attributes,
regions and traits as class fields, and the structural verifier, the named
accessors, the custom printer and the parse callback follow from them.

The model is xDSL's IRDL (``operand_def``/``result_def``/``attr_def`` fields,
``traits``, an ``assembly_format``) and MLIR ODS (the generated arity and kind
checks, the declarative assembly format of
mlir/docs/DefiningDialects/Operations.md); meshc keeps fields and traits, not a
constraint language. An example::

    @define_op
    class AddFOp(Operation):
        name = "arith.addf"
        lhs = operand(FLOAT_LIKE)
        rhs = operand(FLOAT_LIKE)
        result = result()
        fastmath = attribute(StringAttr, required=False)
        traits = (Pure(), Elementwise(), SameOperandsAndResultType())
        assembly_format = "$lhs `,` $rhs custom<Flags> attr-dict `:` type($result)"

Fields:
  * :func:`operand` / :func:`var_operand` (a variadic group; with more than one
    group the op carries ``operandSegmentSizes`` as MLIR does), :func:`result` /
    :func:`var_result`, each with an optional :class:`TypeKind`;
  * :func:`attribute` (kind = attribute class or classes; ``required``;
    ``syntax`` for how the assembly format spells it: ``attr``, ``keyword``
    (bare identifier as StringAttr) or ``symbol`` (``@name`` as StringAttr));
    a field is read from the op's attributes or its generic-form properties
    ``<{...}>`` alike, so both spellings meet the same verifier;
  * :func:`region`.

A subclass inherits its bases' fields; ``name = None`` in its body drops the
inherited field ``name`` (``tensor.parallel_insert_slice`` is
``tensor.insert_slice`` without the result).

Each field becomes a named accessor (``op.lhs``; a variadic group gives a
list; an absent optional attribute gives None).

Traits (:class:`Trait` subclasses) keep their names in ``cls.traits`` (the
string set :meth:`Operation.has_trait` reads) and may verify: Pure,
Commutative, Elementwise, SameOperandsAndResultType, SameTypeOperands,
Terminator, ReturnLike, IsolatedFromAbove, Symbol, SymbolTable, HasParent,
DestinationStyle (its inits operand group; results match the inits' types).

The derived ``verify_`` checks counts (operands, results, regions), type
kinds, required attributes and their kinds, then the traits, then the op's own
``verify_op()`` when it has one. An op that defines ``verify_`` itself keeps it,
run after the structural checks.

Assembly format directives (a subset of MLIR's declarative format):
``$name`` (operand, variadic group or attribute), ``type($name)``,
```lit``` (punctuation or a keyword), ``attr-dict``,
``attr-dict-with-keyword``, ``operands`` (every operand, one comma list, shared
out to the operand fields in order: at most one variadic group takes the rest),
``functional-type(operands, results)`` (``(T1, T2) -> R``: the types of all
operands and results, as TOSA's ops spell them) and ``custom<Name>`` (a directive registered with
:func:`register_directive`, e.g. arith's ``fastmath<...>`` flags). From the
format come a grammar rule (one per distinct format and dialect, sharing one
op-name terminal) and its parse callback; the printer walks the same
directives. Operand and result types the format does not spell come from the
SameOperandsAndResultType / SameTypeOperands traits or from the class's
``infer_result_types(operand_types, attributes)``. Ops with unusual syntax
leave ``assembly_format`` unset and keep a hand-written rule and
``print_custom``; ``shared_syntax = "TERMINAL"`` on any registered op class
adds the op's names to the op-name terminal ``TERMINAL`` that a hand-written
rule uses (linalg's named structured ops share ``LINALG_NAMED``), so a new op
of that syntax needs no grammar edit.

Errors: a malformed definition raises TypeError when the class is defined
(a programming error, not user input).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Optional, Sequence, Union

from meshc.ir.attributes import Attribute, DenseArrayAttr, StringAttr, SymbolRefAttr, UnitAttr
from meshc.ir.core import Operation, op_class, register_op
from meshc.ir.types import FloatType, FunctionType, IndexType, IntegerType, TensorType, Type, element_type_of


# ----------------------------------------------------------------------------------------------- type kinds
@dataclass(frozen=True)
class TypeKind:
    """What an operand or result type may be: ``check(type) -> bool`` and the
    words of the error message (MLIR ODS's type constraint descriptions)."""

    description: str
    check: Callable[[Type], bool]
    fixed: Optional[Type] = None  # the one type of the kind: the parser needs no spelled type

    def __call__(self, t: Type) -> bool:
        return self.check(t)


ANY = TypeKind("any type", lambda t: True)
FLOAT_LIKE = TypeKind("floating-point-like", lambda t: isinstance(element_type_of(t), FloatType))
INT_LIKE = TypeKind("signless-integer-like", lambda t: isinstance(element_type_of(t), (IntegerType, IndexType)))
INDEX_KIND = TypeKind("index", lambda t: isinstance(t, IndexType), IndexType())
TENSOR = TypeKind("a ranked tensor", lambda t: isinstance(t, TensorType))


# ----------------------------------------------------------------------------------------------- fields
@dataclass(frozen=True)
class OperandDef:
    """One operand (``variadic``: a group of any length)."""

    kind: TypeKind = ANY
    variadic: bool = False
    name: str = ""


@dataclass(frozen=True)
class ResultDef:
    """One result (``variadic``: a group of any length)."""

    kind: TypeKind = ANY
    variadic: bool = False
    name: str = ""


@dataclass(frozen=True)
class AttrDef:
    """An attribute or property: ``kinds`` are the accepted Attribute classes
    (empty: any), ``what`` names them in errors."""

    kinds: tuple[type, ...] = ()
    required: bool = True
    syntax: str = "attr"
    what: str = ""
    name: str = ""  # the attribute's name in the IR (the field's name unless given)
    field: str = ""  # the Python field (accessor) name


@dataclass(frozen=True)
class RegionDef:
    """One region (``single_block``: at most one block; ``optional``: may be
    absent, only after the required regions)."""

    single_block: bool = False
    name: str = ""
    optional: bool = False


def operand(kind: TypeKind = ANY) -> OperandDef:
    """A single operand field."""
    return OperandDef(kind)


def var_operand(kind: TypeKind = ANY) -> OperandDef:
    """A variadic operand group field."""
    return OperandDef(kind, variadic=True)


def result(kind: TypeKind = ANY) -> ResultDef:
    """A single result field."""
    return ResultDef(kind)


def var_result(kind: TypeKind = ANY) -> ResultDef:
    """A variadic result group field."""
    return ResultDef(kind, variadic=True)


def attribute(kinds: Union[type, tuple[type, ...]] = (), required: bool = True, syntax: str = "attr",
              what: str = "", name: str = "") -> AttrDef:
    """An attribute field; ``kinds`` an Attribute class or a tuple of them;
    ``name`` the attribute's IR name when it differs from the field's."""
    if not isinstance(kinds, tuple):
        kinds = (kinds,)
    if syntax not in ("attr", "keyword", "symbol"):
        raise TypeError(f"unknown attribute syntax '{syntax}'")
    return AttrDef(kinds, required, syntax, what, name)


def region(single_block: bool = False, optional: bool = False) -> RegionDef:
    """A region field (``optional``: the op may have one region less; the
    accessor then gives None)."""
    return RegionDef(single_block, optional=optional)


# ----------------------------------------------------------------------------------------------- traits
class Trait:
    """A named op property (MLIR's traits). ``verify(op)`` raises
    ``op.error(...)`` when the op breaks it; the default checks nothing."""

    name: ClassVar[str] = ""

    def verify(self, op: Operation) -> None:
        """Check ``op`` (override)."""

    def __repr__(self) -> str:
        return type(self).__name__ + "()"


def _simple_trait(trait_name: str, doc: str) -> type:
    return type(trait_name, (Trait,), {"name": trait_name, "__doc__": doc})


Pure = _simple_trait("Pure", "No side effects (MLIR's Pure): dead ops may be erased.")
Commutative = _simple_trait("Commutative", "Operands may be swapped (MLIR's Commutative).")
Elementwise = _simple_trait("Elementwise", "Applies per element of its shaped operands (MLIR's Elementwise).")
Terminator = _simple_trait("Terminator", "Ends its block (MLIR's IsTerminator).")
ReturnLike = _simple_trait("ReturnLike", "Returns its operands to the parent op (MLIR's ReturnLike).")
IsolatedFromAbove = _simple_trait("IsolatedFromAbove", "Regions see no value defined outside the op.")
Symbol = _simple_trait("Symbol", "Defines a symbol named by 'sym_name'.")
SymbolTable = _simple_trait("SymbolTable", "Its region holds symbols with unique names.")
ConstantLike = _simple_trait("ConstantLike", "Materializes its 'value' attribute.")


class SameOperandsAndResultType(Trait):
    """Every operand and result has one type (MLIR's SameOperandsAndResultType)."""

    name = "SameOperandsAndResultType"

    def verify(self, op: Operation) -> None:
        if not op.results:
            return
        t = op.results[0].type
        for i, v in enumerate(op.operands):
            if v.type != t:
                raise op.error(f"requires the same type for all operands and results: operand #{i} is "
                               f"'{v.type}', result is '{t}'")
        for r in op.results[1:]:
            if r.type != t:
                raise op.error(f"requires the same type for all operands and results: result #{r.index} is "
                               f"'{r.type}', result #0 is '{t}'")


class SameTypeOperands(Trait):
    """Every operand has one type (MLIR's SameTypeOperands)."""

    name = "SameTypeOperands"

    def verify(self, op: Operation) -> None:
        if op.operands and any(v.type != op.operands[0].type for v in op.operands):
            a, b = op.operands[0].type, next(v.type for v in op.operands if v.type != op.operands[0].type)
            raise op.error(f"requires all operands to have the same type, got '{a}' and '{b}'")


class HasParent(Trait):
    """The op sits directly inside one of ``parents`` (op names; MLIR's HasParent)."""

    name = "HasParent"

    def __init__(self, *parents: str):
        self.parents = parents

    def verify(self, op: Operation) -> None:
        parent = op.parent_op
        if parent is None or parent.name not in self.parents:  # MLIR's HasParent message
            if len(self.parents) == 1:
                raise op.error(f"expects parent op '{self.parents[0]}'")
            raise op.error(f"expects parent op to be one of '{', '.join(self.parents)}'")

    def __repr__(self) -> str:
        return f"HasParent{self.parents!r}"


class DestinationStyle(Trait):
    """Results are written into the ``inits`` operand group (MLIR's
    DestinationStyleOpInterface): one tensor result per tensor init, of its type."""

    name = "DestinationStyle"

    def __init__(self, inits: str = "outputs"):
        self.inits = inits

    def verify(self, op: Operation) -> None:
        inits = [v for v in getattr(op, self.inits) if isinstance(v.type, TensorType)]
        if len(op.results) != len(inits):
            raise op.error(f"expected {len(inits)} results (one per tensor init), but found {len(op.results)}")
        for i, (r, v) in enumerate(zip(op.results, inits)):
            if r.type != v.type:
                raise op.error(f"result #{i} type '{r.type}' does not match its init's type '{v.type}'")

    def __repr__(self) -> str:
        return f"DestinationStyle({self.inits!r})"


# ----------------------------------------------------------------------------------------------- the definition
@dataclass
class OpDef:
    """The declaration collected from an op class's fields (see the module docstring)."""

    name: str
    operands: list[OperandDef] = field(default_factory=list)
    results: list[ResultDef] = field(default_factory=list)
    attributes: list[AttrDef] = field(default_factory=list)
    regions: list[RegionDef] = field(default_factory=list)
    traits: list[Trait] = field(default_factory=list)
    assembly_format: Optional[str] = None

    def operand_groups(self, op: Operation) -> list[list]:
        """The operands of ``op`` split into one list per operand field."""
        return _split_groups(op, self.operands, op.operands, "operand")

    def result_groups(self, op: Operation) -> list[list]:
        """The results of ``op`` split into one list per result field."""
        return _split_groups(op, self.results, op.results, "result")


SEGMENTS = {"operand": "operandSegmentSizes", "result": "resultSegmentSizes"}


def _split_groups(op: Operation, defs: Sequence, values: Sequence, what: str) -> list[list]:
    variadic = [d for d in defs if d.variadic]
    fixed = len(defs) - len(variadic)
    if len(variadic) <= 1:
        extra = len(values) - fixed
        out, pos = [], 0
        for d in defs:
            n = max(extra, 0) if d.variadic else 1
            out.append(list(values[pos:pos + n]))
            pos += n
        return out
    seg = op.attr(SEGMENTS[what])
    if not isinstance(seg, DenseArrayAttr) or len(seg.values) != len(defs):
        raise op.error(f"requires attribute '{SEGMENTS[what]}' with {len(defs)} entries")
    out, pos = [], 0
    for d, n in zip(defs, seg.values):
        if not isinstance(n, int) or n < 0 or (not d.variadic and n != 1):
            want = "1" if not d.variadic else "a count >= 0"
            raise op.error(f"'{SEGMENTS[what]}' entry for '{d.name}' is {n}, expected {want}")
        out.append(list(values[pos:pos + n]))
        pos += n
    if pos != len(values):  # MLIR's message
        raise op.error(f"{what} count ({len(values)}) does not match with the total size ({pos}) specified in "
                       f"attribute '{SEGMENTS[what]}'")
    return out


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def verify_structure(op: Operation, d: OpDef) -> None:
    """The checks ODS generates: counts of operands, results and regions, type
    kinds, required attributes and attribute kinds; then the traits.

    Raises:
        DiagnosticError: located at ``op``.
    """
    plan = d.__dict__.get("_plan") or _structure_plan(d)
    _verify_values(op, d, plan[0], op.operands, "operand")
    _verify_values(op, d, plan[1], op.results, "result")
    least, most = plan[2]
    if not least <= len(op.regions) <= most:
        want = str(least) if least == most else f"{least} to {most}"
        raise op.error(f"expected {want} regions, but found {len(op.regions)}")
    properties, attributes = op.properties, op.attributes
    for a in d.attributes:
        value = properties[a.name] if a.name in properties else attributes.get(a.name)  # op.attr, inlined
        if value is None:
            if a.required:
                raise op.error(f"requires {a.what + ' ' if a.what else ''}attribute '{a.name}'")
            continue
        if a.kinds and not isinstance(value, a.kinds):
            what = a.what or " or ".join(_attr_kind_name(k) for k in a.kinds)
            raise op.error(f"attribute '{a.name}' must be {what}, got '{value}'")
        if a.syntax == "keyword" and isinstance(value, StringAttr) and not _BARE_ID.fullmatch(value.value):
            # the custom form spells it bare: anything else would print text that does not parse back
            raise op.error(f"attribute '{a.name}' must be a bare identifier, got '{value}'")
    for r, reg in zip(d.regions, op.regions):
        if r.single_block and len(reg.blocks) > 1:
            raise op.error(f"region '{r.name}' expects one block, but found {len(reg.blocks)}")
    for t in plan[3]:
        t.verify(op)


def _verify_values(op: Operation, d: OpDef, counts: tuple, values: Sequence, word: str) -> None:
    """The count and the type kinds of ``op``'s operands or results (``word``), from ``counts``
    = ``(nvar, fixed, any kind to check)`` of :func:`_structure_plan`."""
    nvar, fixed, checked = counts
    n = len(values)
    if nvar == 0 and n != fixed:
        raise op.error(f"expected {fixed} {word}s, but found {n}")
    if nvar and n < fixed:
        raise op.error(f"expected at least {_plural(fixed, word)}, but found {n}")
    if not checked:  # every kind is 'any type'
        return
    defs = d.operands if word == "operand" else d.results
    groups = [[v] for v in values] if nvar == 0 else (d.operand_groups(op) if word == "operand"
                                                      else d.result_groups(op))
    pos = 0
    for x, group in zip(defs, groups):
        for v in group:
            if not x.kind(v.type):
                raise op.error(f"{word} #{pos} must be {x.kind.description}, but got '{v.type}'")
            pos += 1


def _structure_plan(d: OpDef) -> tuple:
    """What :func:`verify_structure` derives from the declaration alone, once per op class:
    ``(nvar, fixed, any kind to check)`` for operands and results, the region count bounds, the
    traits whose ``verify`` checks something."""
    counts = []
    for defs in (d.operands, d.results):
        nvar = sum(1 for x in defs if x.variadic)
        counts.append((nvar, len(defs) - nvar, any(x.kind is not ANY for x in defs)))
    least = sum(1 for r in d.regions if not r.optional)
    traits = tuple(t for t in d.traits if type(t).verify is not Trait.verify)
    plan = (counts[0], counts[1], (least, len(d.regions)), traits)
    d.__dict__["_plan"] = plan
    return plan


_BARE_ID = re.compile(r"[A-Za-z_][\w$.]*")


def _attr_kind_name(k: type) -> str:
    n = k.__name__
    return {"StringAttr": "a string", "IntegerAttr": "an integer", "FloatAttr": "a float",
            "TypeAttr": "a type", "UnitAttr": "a unit attribute", "SymbolRefAttr": "a symbol reference",
            "ArrayAttr": "an array", "DictionaryAttr": "a dictionary", "BoolAttr": "a boolean",
            "DenseArrayAttr": "a dense array", "DenseElementsAttr": "a dense elements attribute",
            "AffineMapAttr": "an affine map"}.get(n, n)


def op_attributes(op: Operation) -> dict[str, Attribute]:
    """The op's generic-form properties and attributes as one dictionary (what
    a custom form's attr-dict holds)."""
    if not op.properties:
        return op.attributes
    merged = dict(op.properties)
    merged.update(op.attributes)
    return merged


# ----------------------------------------------------------------------------------------------- accessors
def _group_accessor(groups: Sequence, index: int, which: str):
    """The accessor of field ``index`` of ``groups`` (the op's operand or result fields, some
    variadic): O(1) for one variadic field, O(fields) with ``operandSegmentSizes``, without building
    the other fields' lists. Malformed counts or segments take :func:`_split_groups`' path, which
    raises its located errors (or yields an empty field) exactly as before."""
    variadic = groups[index].variadic
    n_defs = len(groups)
    var_positions = [i for i, g in enumerate(groups) if g.variadic]
    fixed_positions = [i for i, g in enumerate(groups) if not g.variadic]
    fixed = n_defs - len(var_positions)
    seg_name = SEGMENTS[which]

    def slow(self):
        d = self.opdef
        g = (d.operand_groups(self) if which == "operand" else d.result_groups(self))[index]
        return g if variadic else g[0]

    if len(var_positions) == 1:
        v = var_positions[0]
        after = n_defs - v - 1

        def get(self):
            values = self.operands if which == "operand" else self.results
            n = len(values)
            if n < fixed:
                return slow(self)
            if index < v:
                return values[index]
            if index > v:
                return values[n - (n_defs - index)]
            return values[v:n - after]
    else:
        memo = f"_{which}_segment_starts"

        def get(self):
            values = self.operands if which == "operand" else self.results
            seg = self.attr(seg_name)
            # the field starts, validated once per (segment attribute, value count): attributes are
            # immutable, so the same object with as many values has the same valid starts
            known = self.__dict__.get(memo)
            if known is not None and known[0] is seg and known[1] == len(values):
                starts = known[2]
            else:
                counts = seg.values if isinstance(seg, DenseArrayAttr) else ()
                if len(counts) != n_defs or sum(counts) != len(values) or min(counts) < 0 or any(
                        counts[i] != 1 for i in fixed_positions):
                    return slow(self)
                starts = [0]
                for c in counts:
                    starts.append(starts[-1] + c)
                self.__dict__[memo] = (seg, len(values), starts)
            start = starts[index]
            return values[start:starts[index + 1]] if variadic else values[start]

    return property(get)


def _simple_accessor(index: int, which: str):
    """The fast accessor of an op without variadic groups."""
    if which == "operand":
        return property(lambda self: self.operands[index])
    return property(lambda self: self.results[index])


def _attr_accessor(name: str):
    def get(self):
        return self.attr(name)

    return property(get)


def _region_accessor(index: int):
    return property(lambda self: self.regions[index] if index < len(self.regions) else None)


# ----------------------------------------------------------------------------------------------- custom directives
@dataclass(frozen=True)
class Directive:
    """A ``custom<Name>`` assembly-format directive: ``grammar`` is the lark
    fragment it parses (it yields one child, None when optional and absent),
    ``parse(child) -> dict`` the attributes it sets, ``print(op) -> str`` its
    text (with a leading space, or ``""``), ``attrs`` the attributes it owns
    (kept out of attr-dict)."""

    grammar: str
    parse: Callable[[Any], dict]
    print: Callable[[Operation], str]
    attrs: tuple[str, ...] = ()


_DIRECTIVES: dict[str, Directive] = {}


def register_directive(name: str, directive: Directive) -> None:
    """Make ``custom<name>`` available to assembly formats."""
    _DIRECTIVES[name] = directive


# ----------------------------------------------------------------------------------------------- formats
_KEYWORD_TERMINALS = {"to": "_KW_TO", "into": "_KW_INTO", "ins": "_KW_INS", "outs": "_KW_OUTS",
                      "on": "_KW_ON", "attributes": "_KW_ATTRIBUTES"}
# MLIR's OpFormatGen spacing: no space before a one-character punctuation ("(" "[" ... ","), except an
# opening one right after other punctuation; none after an opening bracket
_PUNCTUATION = set("<>(){}[],")
_CLOSING = set(">)}],")
_NO_SPACE_AFTER = {"(", "[", "<", "{"}
_FORMAT_TOKEN = re.compile(r"\s*(?:`([^`]*)`|(type)\(\s*\$(\w+)\s*\)|\$(\w+)|(attr-dict-with-keyword|attr-dict)"
                           r"|custom<(\w+)>|(functional-type)\(\s*operands\s*,\s*results\s*\)|(operands))")


@dataclass(frozen=True)
class _Elem:
    kind: str  # "lit", "operand", "attr", "type", "attr-dict", "custom"
    text: str = ""
    target: str = ""  # operand/result/attr field name
    variadic: bool = False
    is_result: bool = False


def _compile_format(cls, d: OpDef) -> list[_Elem]:
    fmt = d.assembly_format or ""
    ops = {o.name: o for o in d.operands}
    res = {r.name: r for r in d.results}
    attrs = {a.field: a for a in d.attributes}
    elems: list[_Elem] = []
    pos = 0
    while pos < len(fmt):
        if not fmt[pos:].strip():
            break
        m = _FORMAT_TOKEN.match(fmt, pos)
        if m is None:
            raise TypeError(f"{cls.__name__}: cannot read assembly format at '{fmt[pos:]}'")
        pos = m.end()
        lit, is_type, type_of, ref, adict, custom, functional, all_operands = m.groups()
        if functional:
            elems.append(_Elem("functional-type"))
        elif all_operands:
            if sum(1 for o in d.operands if o.variadic) > 1:
                raise TypeError(f"{cls.__name__}: 'operands' needs at most one variadic operand group")
            elems.append(_Elem("operands"))
        elif lit is not None:
            elems.append(_Elem("lit", lit))
        elif is_type:
            if type_of in ops:
                elems.append(_Elem("type", target=type_of, variadic=ops[type_of].variadic))
            elif type_of in res:
                elems.append(_Elem("type", target=type_of, variadic=res[type_of].variadic, is_result=True))
            else:
                raise TypeError(f"{cls.__name__}: type(${type_of}) names no operand or result")
        elif ref is not None:
            if ref in ops:
                elems.append(_Elem("operand", target=ref, variadic=ops[ref].variadic))
            elif ref in attrs:
                elems.append(_Elem("attr", target=attrs[ref].name, text=attrs[ref].syntax))
            else:
                raise TypeError(f"{cls.__name__}: ${ref} names no operand or attribute")
        elif adict is not None:
            elems.append(_Elem("attr-dict", text=adict))
        else:
            if custom not in _DIRECTIVES:
                raise TypeError(f"{cls.__name__}: unknown directive custom<{custom}>")
            elems.append(_Elem("custom", text=custom))
    return elems


def _format_grammar(elems: Sequence[_Elem], extra_terminals: dict[str, str]) -> str:
    parts = []
    for e in elems:
        if e.kind == "lit":
            if re.fullmatch(r"[A-Za-z_]\w*", e.text):
                term = _KEYWORD_TERMINALS.get(e.text)
                if term is None:
                    term = f"_OPDEF_KW_{e.text.upper()}"
                    extra_terminals[term] = f"{term}.2: /{e.text}(?![\\w$.])/"
                parts.append(term)
            else:
                parts.append('"' + e.text.replace("\\", "\\\\").replace('"', '\\"') + '"')
        elif e.kind == "operand":
            parts.append("[value_list]" if e.variadic else "VALUE_ID")
        elif e.kind == "operands":
            parts.append("[value_list]")
        elif e.kind == "functional-type":
            parts.append("function_type")
        elif e.kind == "type":
            parts.append("[type_list]" if e.variadic else "type")
        elif e.kind == "attr":
            parts.append({"attr": "attr", "keyword": "opdef_keyword", "symbol": "SYMBOL"}[e.text])
        elif e.kind == "attr-dict":
            parts.append("[_KW_ATTRIBUTES attr_dict]" if e.text == "attr-dict-with-keyword" else "[attr_dict]")
        else:
            parts.append(_DIRECTIVES[e.text].grammar)
    return " ".join(parts)


def print_format(op: Operation, p) -> None:
    """Print ``op``'s custom form from its class's assembly format."""
    klass = _op_class_for(op.name, type(op))  # an op renamed in place prints as its name's op
    if getattr(klass, "_format", None) is None:
        klass = type(op)
    d: OpDef = klass.opdef
    elems = klass._format
    owned = set(klass._format_attrs)
    fields = {o.name: g for o, g in zip(d.operands, d.operand_groups(op))}
    fields.update({r.name: g for r, g in zip(d.results, d.result_groups(op))})
    out: list[str] = []
    last_punct = False  # the previous element was a punctuation literal
    space_ok = True  # False right after an opening bracket
    for e in elems:
        if e.kind in ("attr-dict", "custom"):  # their text brings its own leading space
            out.append(p.attr_dict(op_attributes(op), owned, keyword=e.text == "attr-dict-with-keyword")
                       if e.kind == "attr-dict" else _DIRECTIVES[e.text].print(op))
            last_punct, space_ok = False, True
            continue
        if e.kind == "lit":
            text = e.text
        elif e.kind == "operand":
            v = fields[e.target]
            text = p.values(v) if e.variadic else p.value(v[0])
        elif e.kind == "operands":
            text = p.values(op.operands)
        elif e.kind == "functional-type":
            text = p.type(FunctionType(tuple(v.type for v in op.operands), tuple(r.type for r in op.results)))
        elif e.kind == "type":
            v = fields[e.target]
            text = p.types(x.type for x in v) if e.variadic else p.type(v[0].type)
        else:
            a = op.attr(e.target)
            custom_text = getattr(op, "keyword_text", None) if e.text == "keyword" else None
            text = custom_text(e.target, a) if custom_text is not None else _attr_text(a, e.text)
        if e.kind == "lit" and len(text) == 1 and text in _PUNCTUATION:
            space = space_ok and last_punct and text not in _CLOSING
        else:
            space = space_ok
        if text or e.kind == "lit":
            out.append((" " if space else "") + text)
            if e.kind == "lit":
                last_punct = not (text[:1].isalpha() or text[:1] == "_")
                space_ok = text not in _NO_SPACE_AFTER
            else:
                last_punct, space_ok = False, True
    p.write("".join(out))


def _attr_text(a: Attribute, syntax: str) -> str:
    if syntax == "keyword":
        return a.value if isinstance(a, StringAttr) else str(a)
    if syntax == "symbol":
        return "@" + a.value if isinstance(a, StringAttr) else str(a)
    return str(a)


def _make_callback(cls) -> Callable:
    """The parse callback of the rule derived from ``cls``'s format (shared by
    the ops of the same dialect and format; each op's own OpDef resolves types)."""
    kept = [e for e in cls._format if e.kind != "lit"]  # literals: anonymous or underscore terminals, filtered
    plans: dict[str, tuple] = {}  # op name -> what the callback needs of its class, found once

    def plan(name: str) -> tuple:
        klass = _op_class_for(name, cls)
        d: OpDef = klass.opdef
        return (klass, d, any(isinstance(t, SameOperandsAndResultType) for t in d.traits),
                any(isinstance(t, SameTypeOperands) for t in d.traits), getattr(klass, "infer_result_types", None),
                sum(1 for o in d.operands if o.variadic) > 1)

    def callback(self, kw, *children):
        name = str(kw)
        found = plans.get(name)
        if found is None:
            found = plans[name] = plan(name)
        klass, d, same_all, same_operands, infer, segmented = found
        values: dict[str, Any] = {}
        types: dict[str, Any] = {}
        attributes: dict[str, Attribute] = {}
        extra: dict[str, Attribute] = {}
        attr_toks: dict[str, Any] = {}
        for e, c in zip(kept, children):
            if e.kind == "operand":
                values[e.target] = (c or []) if e.variadic else c
            elif e.kind == "operands":
                values.update(_split_by_defs(d.operands, c or [], name, self, kw))
            elif e.kind == "functional-type":
                if len(c.inputs) != sum(len(v) if isinstance(v, list) else 1 for v in values.values()):
                    raise self.error(f"'{name}' has {sum(len(v) if isinstance(v, list) else 1 for v in values.values())} "
                                     f"operands but its type lists {len(c.inputs)}", kw)
                types.update(_split_by_defs(d.operands, list(c.inputs), name, self, kw))
                types.update(_split_by_defs(d.results, list(c.results), name, self, kw, "results"))
            elif e.kind == "type":
                types[e.target] = (c or []) if e.variadic else c
            elif e.kind == "attr":
                attr_toks[e.target] = c
                if e.text == "keyword":
                    c = StringAttr(str(c))
                elif e.text == "symbol":
                    c = StringAttr(str(c)[1:])
                attributes[e.target] = c
            elif e.kind == "attr-dict":
                extra.update(c or {})
            else:
                attributes.update(_DIRECTIVES[e.text].parse(c))
        attributes.update(extra)
        # operand types
        known = next((t for t in types.values() if not isinstance(t, list)), None)
        operands = []
        for o in d.operands:
            toks = values.get(o.name)
            if toks is None:
                raise self.error(f"internal: '{name}' format does not spell operand '{o.name}'", kw)
            toks = toks if o.variadic else [toks]
            ts = types.get(o.name)
            if ts is None and o.kind.fixed is not None:
                ts = o.kind.fixed
            if ts is None:
                if same_all or same_operands:
                    ts = known
                    if ts is None and same_operands and operands:
                        ts = operands[0].type
                if ts is None:
                    raise self.error(f"internal: cannot infer the type of '{o.name}' of '{name}'", kw)
            ts = ts if isinstance(ts, list) else [ts] * len(toks)
            if len(ts) != len(toks):
                raise self.error(f"'{name}' lists {len(toks)} values for '{o.name}' but {len(ts)} types", kw)
            operands.extend(self.use(t, ty) for t, ty in zip(toks, ts))
        result_types = []
        if any(r.name not in types for r in d.results) and infer is not None:
            try:
                result_types = list(infer([v.type for v in operands], attributes))
            except ValueError as err:
                # ValueError(message[, attribute name]): located at that attribute's token when spelled
                where = attr_toks.get(err.args[1]) if len(err.args) > 1 else None
                raise self.error(f"'{name}' {err.args[0]}", where if where is not None else kw) from None
        else:
            for r in d.results:
                ts = types.get(r.name)
                if ts is None:
                    ts = r.kind.fixed if r.kind.fixed is not None else known if same_all else None
                    if ts is None:
                        raise self.error(f"internal: cannot infer the type of result '{r.name}' of '{name}'", kw)
                result_types.extend(ts if isinstance(ts, list) else [ts])
        if segmented:
            groups = [len(values[o.name]) if o.variadic else 1 for o in d.operands]
            from meshc.ir.types import IntegerType as _I

            attributes.setdefault(SEGMENTS["operand"], DenseArrayAttr(_I(32), tuple(groups)))
        return self.build(name, operands, result_types, attributes, (), self.loc(kw))

    return callback


def _split_by_defs(defs, items: list, name: str, parser, kw, what: str = "operands") -> dict[str, Any]:
    """``items`` (values or types, in order) shared out to the fields ``defs``: one each to the fixed
    ones, the rest to the one variadic group (the ``operands`` / ``functional-type`` directives)."""
    fixed = sum(1 for d in defs if not d.variadic)
    has_variadic = any(d.variadic for d in defs)
    if len(items) < fixed or (not has_variadic and len(items) != fixed):
        want = f"at least {fixed}" if has_variadic else str(fixed)
        raise parser.error(f"'{name}' expects {want} {what}, got {len(items)}", kw)
    out: dict[str, Any] = {}
    pos = 0
    for d in defs:
        if d.variadic:
            n = len(items) - fixed
            out[d.name] = items[pos:pos + n]
            pos += n
        else:
            out[d.name] = items[pos]
            pos += 1
    return out


def _op_class_for(name: str, default):
    k = op_class(name)
    return k if k is not Operation else default


# ----------------------------------------------------------------------------------------------- the decorator
_DEFINED: list[type] = []


_RESERVED = {"name", "operands", "results", "attributes", "properties", "regions", "location", "parent",
             "traits", "aliases", "opdef"}
_FIELD_TYPES = (OperandDef, ResultDef, AttrDef, RegionDef)
_PLAIN_ENTRIES: dict[type, tuple] = {}  # the field entries of bases that define_op never saw, by class


def _collect(cls) -> OpDef:
    """The OpDef of ``cls``: fields of its bases first (a redefined field keeps
    its place), then its own, in definition order."""
    fields: dict[str, Any] = {}
    for klass in reversed(cls.__mro__):
        fields.update(klass.__dict__.get("_opdef_fields", {}))
        # a defined class's own entries that matter here, kept by define_op (an op's bases are
        # scanned once each, not once per subclass: a fifth of loading the dialects)
        entries = klass.__dict__.get("_opdef_entries")
        if entries is None:  # a plain base or mixin (Operation, object, a dialect's mixin): read once
            entries = _PLAIN_ENTRIES.get(klass)
            if entries is None:
                entries = _PLAIN_ENTRIES[klass] = _field_entries(klass)
        for key, value in entries:
            if value is not None:
                if key in _RESERVED:
                    raise TypeError(f"{cls.__name__}: field name '{key}' is reserved by Operation")
                fields[key] = value
            elif key in fields:  # ``field = None`` drops an inherited field
                del fields[key]
    d = OpDef(cls.name)
    for key, value in fields.items():
        if isinstance(value, OperandDef):
            d.operands.append(OperandDef(value.kind, value.variadic, key))
        elif isinstance(value, ResultDef):
            d.results.append(ResultDef(value.kind, value.variadic, key))
        elif isinstance(value, AttrDef):
            d.attributes.append(AttrDef(value.kinds, value.required, value.syntax, value.what, value.name or key,
                                        key))
        else:
            d.regions.append(RegionDef(value.single_block, key, value.optional))
    cls._opdef_fields = fields
    return d


def _field_entries(klass) -> tuple[tuple[str, Any], ...]:
    """The entries of ``klass``'s own namespace that :func:`_collect` reads: fields and ``None``."""
    return tuple((key, value) for key, value in vars(klass).items()
                 if value is None or isinstance(value, _FIELD_TYPES))


def _collect_traits(cls) -> tuple[list[Trait], frozenset[str]]:
    """The traits of ``cls``: those of the nearest class (itself or a base)
    declaring ``traits = (Pure(), ...)`` in its body (a declaration replaces
    the inherited set, as in xDSL; plain strings are accepted as names)."""
    declared: Any = ()
    for klass in cls.__mro__:
        if "_trait_objs" in klass.__dict__:
            declared = klass.__dict__["_trait_objs"]
            break
        if "traits" in klass.__dict__:
            declared = klass.__dict__["traits"]
            break
    objs: list[Trait] = []
    names: set[str] = set()
    for t in declared or ():
        if isinstance(t, str):
            names.add(t)
        elif isinstance(t, Trait):
            objs = [x for x in objs if type(x) is not type(t)] + [t]
        elif isinstance(t, type) and issubclass(t, Trait):
            objs = [x for x in objs if type(x) is not t] + [t()]
        else:
            raise TypeError(f"{cls.__name__}: trait {t!r} is neither a Trait nor a name")
    return objs, frozenset(names | {t.name for t in objs})


def define_op(cls=None, *, register: bool = True):
    """Class decorator: collect the op's fields and traits into ``cls.opdef``,
    replace the fields by accessors, derive ``verify_`` and (with an
    ``assembly_format``) ``print_custom`` and the parse rule; register the op
    (:func:`meshc.ir.core.register_op`) unless ``register=False`` (a base class).

    Raises:
        TypeError: a malformed assembly format or trait list.
    """

    def wrap(cls):
        d = _collect(cls)
        d.traits, names = _collect_traits(cls)
        cls._trait_objs = tuple(d.traits) + tuple(n for n in names if n not in {t.name for t in d.traits})
        cls.traits = names
        d.assembly_format = cls.__dict__.get("assembly_format", getattr(cls, "assembly_format", None))
        cls.opdef = d
        # accessors
        for groups, which in ((d.operands, "operand"), (d.results, "result")):
            simple = all(not g.variadic for g in groups)
            for i, g in enumerate(groups):
                setattr(cls, g.name, _simple_accessor(i, which) if simple
                        else _group_accessor(groups, i, which))
        for a in d.attributes:
            setattr(cls, a.field, _attr_accessor(a.name))
        for i, r in enumerate(d.regions):
            setattr(cls, r.name, _region_accessor(i))
        own_verify = cls.__dict__.get("verify_")
        if own_verify is not None and getattr(own_verify, "_derived", False):
            own_verify = None
        if own_verify is None:
            base_own = getattr(cls, "_own_verify", None)
        else:
            base_own = own_verify
        cls._own_verify = base_own

        def verify_(self):
            # the definition of the op's name: an op renamed in place keeps its Python class
            named = _op_class_for(self.name, type(self))
            verify_structure(self, getattr(named, "opdef", None) or type(self).opdef)
            extra = getattr(self, "verify_op", None)
            if extra is not None:
                extra()
            own = type(self)._own_verify
            if own is not None:
                own(self)

        verify_._derived = True
        cls.verify_ = verify_
        if d.assembly_format is not None:
            cls._format = _compile_format(cls, d)
            attrs = [e.target for e in cls._format if e.kind == "attr"]
            for e in cls._format:
                if e.kind == "custom":
                    attrs.extend(_DIRECTIVES[e.text].attrs)
            if sum(1 for o in d.operands if o.variadic) > 1:
                attrs.append(SEGMENTS["operand"])  # the format's groups give it (MLIR elides it too)
            cls._format_attrs = tuple(attrs)
            if "print_custom" not in cls.__dict__:
                cls.print_custom = print_format
        if register and getattr(cls, "name", None) and cls.name != Operation.name:
            register_op(cls)
            _DEFINED.append(cls)
        cls._opdef_entries = _field_entries(cls)  # as a base of later ops: its fields are accessors now
        return cls

    return wrap(cls) if cls is not None else wrap


# ----------------------------------------------------------------------------------------------- grammar
def defined_ops() -> list[type]:
    """Every registered class defined with :func:`define_op` (in definition order)."""
    return list(_DEFINED)


def _dialect_of(name: str) -> str:
    return name.split(".", 1)[0]


def _terminal_regex(names: Sequence[str]) -> str:
    alts = sorted(set(names), key=lambda n: (-len(n), n))
    return "/(" + "|".join(re.escape(n).replace("/", "\\/") for n in alts) + r")(?![\w$.])/"


def grammar_and_callbacks() -> tuple[str, dict[str, Callable]]:
    """The lark text derived from the assembly formats of the defined ops
    (one rule and op-name terminal per distinct format of a
    dialect, plus the shared op-name terminals), and the callbacks by rule name."""
    groups: dict[tuple[str, str], list[type]] = {}
    shared: dict[str, list[str]] = {}
    from meshc.ir.core import op_class, registered_op_names

    for name in registered_op_names():  # hand-written ops may share a terminal too (linalg's named ops)
        cls = op_class(name)
        term = getattr(cls, "shared_syntax", None)
        if term:
            shared.setdefault(term, []).append(name)
    for cls in _DEFINED:
        dialect = _dialect_of(cls.name)
        if getattr(cls, "shared_syntax", None):
            continue
        if cls.opdef.assembly_format is None:
            continue
        groups.setdefault((dialect, cls.opdef.assembly_format), []).append(cls)
    lines: list[str] = []
    terminals: dict[str, str] = {}
    callbacks: dict[str, Callable] = {}
    rules = []
    for k, ((dialect, _fmt), classes) in enumerate(groups.items()):
        rule = f"opdef_{dialect}_{k}"
        term = f"{dialect.upper()}_OPDEF_{k}"
        names = [n for c in classes for n in (c.name, *c.aliases)]
        terminals[term] = f"{term}.2: {_terminal_regex(names)}"
        rules.append(f"{term} {_format_grammar(classes[0]._format, terminals)} -> {rule}")
        callbacks[rule] = _make_callback(classes[0])
    for term, names in shared.items():
        terminals[term] = f"{term}.2: {_terminal_regex(names)}"
    if rules:
        lines.append("%extend custom_op: " + "\n    | ".join(rules))
        lines.append("?opdef_keyword: BARE_ID | TRUE | FALSE")
    lines.extend(terminals.values())
    return "\n".join(lines) + "\n", callbacks
