"""builtin dialect: ``builtin.module`` (printed ``module``), the top-level
container holding a symbol table of functions, meshes and globals, and
``builtin.unrealized_conversion_cast`` (a type change a later pass resolves)."""

from __future__ import annotations

from typing import Iterator, Optional

from meshc.ir.attributes import StringAttr, symbol_text
from meshc.ir.core import Block, Operation, Region
from meshc.ir.location import Location
from meshc.ir.opdef import (IsolatedFromAbove, Pure, SymbolTable, attribute, define_op, op_attributes, region,
                            var_operand, var_result)


@define_op
class ModuleOp(Operation):
    """``module [@name] [attributes {...}] { ops }``: one region, one block
    (custom syntax, grammar/builtin.lark)."""

    name = "builtin.module"
    printed_name = "module"
    sym_name_attr = attribute(StringAttr, required=False, name="sym_name")
    body_region = region(single_block=True)
    traits = (IsolatedFromAbove(), SymbolTable())
    #: the upstream spelling the module was read in, printed back by default (:mod:`meshc.ir.spelling`;
    #: None: the canonical one). Set by the dialects' parse hooks; ``--spelling`` overrides it.
    spelling = None
    #: what the source wrote in another spelling than the canonical one, set by the parser for the
    #: dialects' parse hooks: op names of upstream spellings (``shard.shard``) and marks the dialects'
    #: parse callbacks add (``mesh:bracketed-reduction`` for LLVM 19's ``reduction = <max>``)
    source_marks: frozenset = frozenset()

    @staticmethod
    def build_empty(loc: Location = Location(), sym_name: Optional[str] = None) -> "ModuleOp":
        attrs = {"sym_name": StringAttr(sym_name)} if sym_name else {}
        op = ModuleOp.create(attributes=attrs, regions=[Region([Block()])], location=loc)
        return op  # type: ignore[return-value]

    @property
    def body(self) -> Block:
        return self.regions[0].block

    @property
    def sym_name(self) -> Optional[str]:
        a = self.attr("sym_name")
        return a.value if isinstance(a, StringAttr) else None

    def lookup(self, symbol: str) -> Optional[Operation]:
        """The op in this module whose ``sym_name`` is ``symbol`` (O(1) during verification:
        :func:`meshc.ir.core.lookup_symbol_in`)."""
        from meshc.ir.core import lookup_symbol_in

        return lookup_symbol_in(self.body, symbol)

    def print(self, generic: bool = False) -> str:
        """The module as IR text that parses back (``generic=True``: every op in the generic form)."""
        from meshc.ir.printer import print_op

        return print_op(self, generic=generic)

    def symbols(self) -> Iterator[tuple[str, Operation]]:
        for op in self.body.ops:
            a = op.attributes.get("sym_name")
            if isinstance(a, StringAttr):
                yield a.value, op

    def verify_op(self) -> None:
        if len(self.regions[0].blocks) != 1:
            raise self.error("expects one region with one block")
        seen: dict[str, Operation] = {}
        from meshc.ir.location import note

        for name, op in self.symbols():
            if name in seen:
                raise op.error(f"redefinition of symbol named '{name}'",
                               [note("see existing symbol definition here", seen[name].location)])
            seen[name] = op

    def print_custom(self, p) -> None:
        if self.sym_name:
            p.write(f" {symbol_text(self.sym_name)}")
        p.write(p.attr_dict(op_attributes(self), elided=("sym_name",), keyword=True))
        p.write(" ")
        p.push_scope(isolated=True)
        p.write("{")
        p.indent += 1
        p.print_ops(self.body.ops)
        p.indent -= 1
        p.newline()
        p.write("}")
        p.pop_scope(isolated=True)


@define_op
class UnrealizedConversionCastOp(Operation):
    """``%y = builtin.unrealized_conversion_cast %x : T to T2`` (MLIR's builtin op): values of one type
    standing for values of another, with no meaning of its own; any number of operands and results
    (``%a, %b : T1, T2 to T3``). meshc's ``local-view{signature=global}`` puts it between a function's
    global-view signature and the per-device values inside (upstream's resharding test passes do
    the same). Nothing runs it: the interpreter and backends reject it."""

    name = "builtin.unrealized_conversion_cast"
    inputs = var_operand()
    outputs = var_result()
    traits = (Pure(),)
    assembly_format = "$inputs attr-dict `:` type($inputs) `to` type($outputs)"


class Syntax:
    """Parse callbacks of grammar/builtin.lark."""

    def module_op(self, kw, sym, attrs, region):
        attributes = dict(attrs or {})
        if sym is not None:
            attributes["sym_name"] = StringAttr(self.symbol_ref(sym).root)
        if len(region.blocks) != 1:
            raise self.error("'builtin.module' expects a single block", kw)
        return self.build("builtin.module", (), (), attributes, [region], self.loc(kw))
