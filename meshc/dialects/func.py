"""func dialect (and IREE's ``util.func``/``util.call``/``util.return``,
which share its syntax): functions, calls, returns.

Functions keep their signature in ``function_type`` and optional
``arg_attrs``/``res_attrs`` arrays of dictionaries, as MLIR does.
"""

from __future__ import annotations

from typing import Optional

from meshc.ir.attributes import ArrayAttr, DictionaryAttr, StringAttr, SymbolRefAttr, TypeAttr, format_entries
from meshc.ir.core import Block, Operation, Region
from meshc.ir.location import note
from meshc.ir.opdef import (HasParent, IsolatedFromAbove, Pure, ReturnLike, Symbol, Terminator, attribute, define_op,
                            op_attributes, region, var_operand, var_result)
from meshc.ir.types import FunctionType, Type


@define_op
class FuncOp(Operation):
    """``func.func [public|private] @name(%a: T {attrs}, ...) -> (T {attrs}) [attributes {...}] { body }``.

    A function without a body is a declaration (must be private). Custom
    syntax (grammar/func.lark): the signature names the entry block's arguments.
    """

    name = "func.func"
    sym_name_attr = attribute(StringAttr, what="a string", name="sym_name")
    function_type_attr = attribute(TypeAttr, what="a function type", name="function_type")
    sym_visibility = attribute(required=False)  # its values are checked by verify_op
    arg_attrs = attribute(ArrayAttr, required=False)
    res_attrs = attribute(ArrayAttr, required=False)
    body_region = region()
    traits = (IsolatedFromAbove(), Symbol())
    return_name = "func.return"
    prints_public = False  # func.func leaves the default visibility out

    @classmethod
    def build(cls, sym_name: str, ftype: FunctionType, visibility: Optional[str] = None,
              arg_names=(), loc=None, body: bool = True) -> "FuncOp":
        attrs = {"sym_name": StringAttr(sym_name), "function_type": TypeAttr(ftype)}
        if visibility and visibility != "public":
            attrs["sym_visibility"] = StringAttr(visibility)
        regions = [Region([Block(ftype.inputs, arg_names)])] if body else [Region()]
        from meshc.ir.location import UNKNOWN_LOC

        return cls.create(attributes=attrs, regions=regions, location=loc or UNKNOWN_LOC)  # type: ignore

    @property
    def sym_name(self) -> str:
        return self.attr("sym_name").value  # type: ignore[attr-defined]

    @property
    def function_type(self) -> FunctionType:
        return self.attr("function_type").type  # type: ignore[attr-defined]

    def set_function_type(self, ftype: FunctionType) -> None:
        self.attributes["function_type"] = TypeAttr(ftype)

    @property
    def visibility(self) -> str:
        v = self.attr("sym_visibility")
        return v.value if isinstance(v, StringAttr) else "public"

    @property
    def is_declaration(self) -> bool:
        return not self.regions or not self.regions[0].blocks

    @property
    def body(self) -> Block:
        return self.regions[0].blocks[0]

    @property
    def args(self):
        return self.body.args

    def update_type_from_body(self) -> None:
        """Recompute ``function_type`` from the entry block arguments and the
        types returned by the terminator."""
        ret = self.body.terminator
        results = tuple(v.type for v in ret.operands) if ret is not None else self.function_type.results
        self.set_function_type(FunctionType(tuple(a.type for a in self.body.args), results))

    def verify_op(self) -> None:
        if not isinstance(self.function_type_attr.type, FunctionType):
            raise self.error("requires a function type attribute 'function_type'")
        vis = self.sym_visibility
        if vis is not None and not (isinstance(vis, StringAttr) and vis.value in ("public", "private", "nested")):
            raise self.error(f"visibility must be 'public', 'private' or 'nested', got '{vis}'")
        ftype = self.function_type
        if self.is_declaration:
            if self.visibility == "public":
                raise self.error("symbol declaration cannot have public visibility")
            return
        entry = self.body
        if len(entry.args) != len(ftype.inputs):
            raise self.error(f"entry block has {len(entry.args)} arguments but the function type lists "
                             f"{len(ftype.inputs)}")
        for i, (a, t) in enumerate(zip(entry.args, ftype.inputs)):
            if a.type != t:
                raise self.error(f"type of entry block argument #{i}({a.type}) must match the type of the "
                                 f"corresponding argument in function signature({t})")
        for block in self.regions[0].blocks:
            term = block.ops[-1] if block.ops else None
            if term is None or not (term.is_terminator or type(term) is Operation):
                raise self.error("block must end with a terminator such as "
                                 f"'{self.return_name}'")

    def print_custom(self, p) -> None:
        vis = self.visibility
        if vis != "public" or self.prints_public:
            p.write(f" {vis}")
        p.write(" " + str(SymbolRefAttr(self.sym_name)))
        ftype = self.function_type
        arg_attrs = self.arg_attrs
        res_attrs = self.res_attrs
        p.push_scope(isolated=True)
        args = []
        for i, t in enumerate(ftype.inputs):
            extra = _attrs_at(arg_attrs, i)
            if self.is_declaration:
                args.append(f"{t}{extra}")
            else:
                a = self.body.args[i]
                args.append(f"%{p.name_value(a, 'arg' + str(i))}: {t}{extra}")
        p.write("(" + ", ".join(args) + ")")
        if ftype.results:
            outs = [f"{t}{_attrs_at(res_attrs, i)}" for i, t in enumerate(ftype.results)]
            if len(outs) == 1 and res_attrs is None and not isinstance(ftype.results[0], FunctionType):
                p.write(f" -> {outs[0]}")
            else:
                p.write(" -> (" + ", ".join(outs) + ")")
        p.write(p.attr_dict(op_attributes(self), ("sym_name", "function_type", "sym_visibility", "arg_attrs",
                                                  "res_attrs"), keyword=True))
        if not self.is_declaration:
            p.write(" ")
            p.print_region(self.regions[0], print_entry_args=False, isolated=False)
        p.pop_scope(isolated=True)


def _attrs_at(arr, i: int) -> str:
    if not isinstance(arr, ArrayAttr) or i >= len(arr):
        return ""
    d = arr[i]
    if isinstance(d, DictionaryAttr) and d.entries:
        return " {" + format_entries(d.as_dict()) + "}"
    return ""


@define_op
class UtilFuncOp(FuncOp):
    """IREE's ``util.func``: same syntax and semantics as ``func.func``; it prints its visibility
    always (``util.func public @f``, as iree-opt prints it)."""

    name = "util.func"
    return_name = "util.return"
    prints_public = True


@define_op
class ReturnOp(Operation):
    """``return %a, %b : T1, T2`` (``func.return``): ends a function body."""

    name = "func.return"
    aliases = ("return",)
    values = var_operand()
    traits = (Terminator(), ReturnLike(), Pure(), HasParent("func.func", "util.func"))
    printed_name = "return"

    def verify_op(self) -> None:
        func = self.parent_op
        if not isinstance(func, FuncOp):
            raise self.error(f"expects parent op 'func.func' or 'util.func', got "
                             f"'{func.name if func else 'none'}'")
        results = func.function_type.results
        if len(self.operands) != len(results):
            raise self.error(f"has {len(self.operands)} operands, but enclosing function (@{func.sym_name}) "
                             f"returns {len(results)}")
        for i, (v, t) in enumerate(zip(self.operands, results)):
            if v.type != t:
                raise self.error(f"type of return operand {i} ('{v.type}') doesn't match function result type "
                                 f"('{t}') in function @{func.sym_name}")

    def print_custom(self, p) -> None:
        if self.operands:
            p.write(" " + p.values(self.operands) + " : " + p.types(v.type for v in self.operands))


@define_op
class UtilReturnOp(ReturnOp):
    """IREE's ``util.return``: ends a ``util.func`` or a ``util.initializer`` (which returns nothing)."""

    name = "util.return"
    aliases = ()
    printed_name = "util.return"
    traits = (Terminator(), ReturnLike(), Pure(), HasParent("util.func", "func.func", "util.initializer"))

    def verify_op(self) -> None:
        parent = self.parent_op
        if parent is not None and parent.name == "util.initializer":  # IREE: an initializer returns nothing
            if self.operands:
                raise self.error(f"has {len(self.operands)} operands, but the enclosing 'util.initializer' "
                                 "returns none")
            return
        super().verify_op()


@define_op
class CallOp(Operation):
    """``func.call @callee(%a) : (T) -> R``."""

    name = "func.call"
    aliases = ("call",)
    callee_attr = attribute(SymbolRefAttr, name="callee")
    arguments = var_operand()
    outputs = var_result()

    @property
    def callee(self) -> str:
        return self.callee_attr.root  # type: ignore[attr-defined]

    def verify_op(self) -> None:
        module = _module_of(self)
        if module is None:
            return
        target = module.lookup(self.callee)
        if not isinstance(target, FuncOp):
            raise self.error(f"'{self.callee}' does not reference a valid function")
        ftype = target.function_type
        if len(self.operands) != len(ftype.inputs):
            raise self.error(f"incorrect number of operands for callee: {len(self.operands)} vs "
                             f"{len(ftype.inputs)}")
        for i, (v, t) in enumerate(zip(self.operands, ftype.inputs)):
            if v.type != t:
                raise self.error(f"operand type mismatch: expected operand type '{t}', but provided "
                                 f"'{v.type}' for operand number {i}",
                                 [note("callee declared here", target.location)])
        if [r.type for r in self.results] != list(ftype.results):
            raise self.error("result type mismatch with the callee's signature",
                             [note("callee declared here", target.location)])

    def print_custom(self, p) -> None:
        p.write(f" {self.callee_attr}(" + p.values(self.operands) + ")")
        p.write(p.attr_dict(op_attributes(self), ("callee",)))
        ftype = FunctionType(tuple(v.type for v in self.operands), tuple(r.type for r in self.results))
        p.write(f" : {ftype}")


@define_op
class UtilCallOp(CallOp):
    """IREE's ``util.call``: ``func.call``'s syntax and checks."""

    name = "util.call"
    aliases = ()


def _module_of(op: Operation):
    from meshc.dialects.builtin import ModuleOp

    for a in op.ancestors():
        if isinstance(a, ModuleOp):
            return a
    return None


def module_of(op: Operation):
    """The ``builtin.module`` enclosing ``op`` (or None)."""
    return _module_of(op)


class Syntax:
    """Parse callbacks of grammar/func.lark."""

    def func_signature(self, args, results):
        args = args or []
        named = [a for a in args if a[0] is not None]
        if named and len(named) != len(args):
            raise self.error("expected all arguments of a function definition to be named", named[0][3])
        # a function body is isolated from above even without arguments (MLIR's func.func)
        self.set_entry_args([(tok, ty) for tok, ty, _, _ in args] if named else [], isolated=True)
        return (args, results if results is not None else [])

    def func_args(self, *args):
        return list(args)

    def func_named_arg(self, tok, ty, attrs):
        return (tok, ty, attrs, tok)

    def func_anon_arg(self, ty, attrs):
        return (None, ty, attrs, None)

    def func_single_result(self, ty):
        return [(ty, None)]

    def func_results(self, *results):
        return [r for r in results if r is not None]  # '-> ()' gives one absent placeholder

    def func_result(self, ty, attrs):
        return (ty, attrs)

    def func_op(self, kw, vis, sym, sig, attrs, region):
        args, results = sig
        name = str(kw)
        ftype = FunctionType(tuple(a[1] for a in args), tuple(r[0] for r in results))
        attributes = {"sym_name": StringAttr(self.symbol_ref(sym).root), "function_type": TypeAttr(ftype)}
        if vis is not None and str(vis) != "public":
            attributes["sym_visibility"] = StringAttr(str(vis))
        if any(a[2] for a in args):
            attributes["arg_attrs"] = ArrayAttr(tuple(DictionaryAttr(tuple((a[2] or {}).items())) for a in args))
        if any(r[1] for r in results):
            attributes["res_attrs"] = ArrayAttr(tuple(DictionaryAttr(tuple((r[1] or {}).items()))
                                                      for r in results))
        attributes.update(attrs or {})
        if region is None:
            if args and args[0][0] is not None:
                raise self.error("a function declaration cannot name its arguments", sym)
            regions = [Region()]
        else:
            if args and args[0][0] is None:
                raise self.error("expected named arguments (%name: type) in a function definition", sym)
            regions = [region]
        return self.build(name, (), (), attributes, regions, self.loc(kw))

    def call_op(self, kw, sym, operands, attrs, ftype):
        toks = operands or []
        if len(toks) != len(ftype.inputs):
            raise self.error(f"call has {len(toks)} operands but its type lists {len(ftype.inputs)}", kw)
        values = [self.use(t, ty) for t, ty in zip(toks, ftype.inputs)]
        attributes = {"callee": self.symbol_ref(sym)}
        attributes.update(attrs or {})
        return self.build(str(kw), values, ftype.results, attributes, (), self.loc(kw))

    def return_op(self, kw, toks, types):
        toks = toks or []
        types = types or []
        if len(toks) != len(types):
            raise self.error(f"return has {len(toks)} values but {len(types)} types", kw)
        values = [self.use(t, ty) for t, ty in zip(toks, types)]
        name = str(kw)
        return self.build(name, values, (), {}, (), self.loc(kw))

