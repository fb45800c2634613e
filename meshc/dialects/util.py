"""util dialect (IREE): module-level globals, their loads and stores, and
initializers. ``util.func``/``util.call``/``util.return`` live in
``meshc.dialects.func`` (they share ``func``'s syntax).

Syntax follows IREE 3.x (``compiler/src/iree/compiler/Dialect/Util/IR``):

* ``util.global [private|public|nested] [mutable] @name [{attrs}] : T [= init]``
  or ``... @name = init [: T]`` (the type may be left out when the initial
  value is typed, e.g. ``dense<...> : tensor<4xf32>``). Parameters exported by
  IREE's importers are initial values such as
  ``#stream.parameter.named<"model"::"w1">`` (kept as an opaque dialect
  attribute: meshc binds their data at run time).
* ``util.global.load [immutable] @name : T``, ``util.global.store %v, @name : T``.
* ``util.initializer [attributes {...}] { ... util.return }``: runs once at
  module load; it is isolated from above.

Verification (IREE's rules): a load/store names a ``util.global`` of the
enclosing symbol table with the same type; ``immutable`` loads only read
immutable globals; stores target mutable globals, except inside a
``util.initializer`` (which is how IREE fills immutable globals, and how seed
001 hoists encodings of globals into initializers).
"""

from __future__ import annotations

from typing import Optional

from meshc.ir.attributes import (Attribute, DenseElementsAttr, FloatAttr, IntegerAttr, StringAttr, SymbolRefAttr,
                                 TypeAttr, UnitAttr)
from meshc.ir.core import Operation
from meshc.ir.opdef import IsolatedFromAbove, Symbol, attribute, define_op, op_attributes, operand, region, result
from meshc.ir.types import Type

VISIBILITIES = ("public", "private", "nested")
_GLOBAL_KEYS = ("sym_name", "sym_visibility", "type", "is_mutable", "initial_value")


def attr_type(a: Attribute) -> Optional[Type]:
    """The type an attribute carries in its own spelling (``4 : i32``,
    ``dense<..> : tensor<..>``), or None for untyped attributes."""
    if isinstance(a, (IntegerAttr, FloatAttr, DenseElementsAttr)):
        return a.type
    return None


def lookup_symbol(op: Operation, name: str) -> Optional[Operation]:
    """The op named ``@name`` in the nearest enclosing symbol table (module)."""
    for anc in op.ancestors():
        if anc.has_trait("SymbolTable") and anc.regions and anc.regions[0].blocks:
            from meshc.ir.core import lookup_symbol_in

            return lookup_symbol_in(anc.regions[0].blocks[0], name)
    return None


@define_op
class GlobalOp(Operation):
    """``util.global private mutable @name {attrs} : T = init``.

    Attributes: ``sym_name``, ``type`` (TypeAttr), ``is_mutable`` (unit),
    ``initial_value`` (optional), ``sym_visibility`` (absent = public), plus
    any IREE attribute such as ``inlining_policy``. Custom syntax
    (grammar/util.lark: the type and the initial value are each optional).
    """

    name = "util.global"
    sym_name_attr = attribute(StringAttr, what="a string", name="sym_name")
    type_attr = attribute(TypeAttr, what="a type", name="type")
    is_mutable_attr = attribute(UnitAttr, required=False, name="is_mutable")
    initial_value = attribute(required=False)
    sym_visibility = attribute(required=False)
    traits = (Symbol(),)

    @property
    def sym_name(self) -> str:
        return self.sym_name_attr.value  # type: ignore[attr-defined]

    @property
    def type(self) -> Type:
        return self.type_attr.type  # type: ignore[attr-defined]

    @property
    def is_mutable(self) -> bool:
        return self.is_mutable_attr is not None

    @property
    def visibility(self) -> str:
        v = self.sym_visibility
        return v.value if isinstance(v, StringAttr) else "public"

    def verify_op(self) -> None:
        if self.visibility not in VISIBILITIES:
            raise self.error(f"has visibility '{self.visibility}', expected one of {', '.join(VISIBILITIES)}")

    def print_custom(self, p) -> None:
        if self.visibility != "public":
            p.write(f" {self.visibility}")
        if self.is_mutable:
            p.write(" mutable")
        p.write(" " + str(SymbolRefAttr(self.sym_name)))
        p.write(p.attr_dict(op_attributes(self), _GLOBAL_KEYS))
        t, init = self.type, self.initial_value
        if init is None:
            p.write(f" : {t}")
            return
        text = str(init)
        carried = attr_type(init)
        if carried == t:
            p.write(f" = {text}" if text.endswith(f" : {t}") else f" = {text} : {t}")
        elif carried is None:
            p.write(f" = {text} : {t}")
        else:
            p.write(f" : {t} = {text}")


class GlobalAccessOp(Operation):
    """Base of ``util.global.load``/``store``: a ``global`` symbol attribute
    naming a ``util.global`` of the enclosing module."""

    global_attr = attribute(SymbolRefAttr, what="a symbol reference", name="global")

    @property
    def global_name(self) -> str:
        return self.global_attr.root  # type: ignore[attr-defined]

    def global_op(self) -> Optional[GlobalOp]:
        """The referenced ``util.global`` (None when undefined or not a global)."""
        g = lookup_symbol(self, self.global_name)
        return g if isinstance(g, GlobalOp) else None

    def _checked_global(self, accessed: Type, verb: str) -> GlobalOp:
        target = lookup_symbol(self, self.global_name)
        if target is None:
            raise self.error(f"undefined global: @{self.global_name}")
        if not isinstance(target, GlobalOp):
            raise self.error(f"symbol @{self.global_name} is a '{target.name}', not a 'util.global'")
        from meshc.dialects.mesh import strip_sharding

        # a load may produce the global's value as a distributed tensor (its
        # sharding lives in the type; the stored global is the whole value)
        if target.type != accessed and strip_sharding(target.type) != strip_sharding(accessed):
            raise self.error(f"global type mismatch; global @{self.global_name} is '{target.type}' but {verb} is "
                             f"'{accessed}'")
        return target


@define_op
class GlobalLoadOp(GlobalAccessOp):
    """``%v = util.global.load [immutable] @name : T`` (``is_immutable`` unit
    attribute: the load may be hoisted, the global never changes)."""

    name = "util.global.load"
    is_immutable_attr = attribute(UnitAttr, required=False, name="is_immutable")
    output = result()

    @property
    def is_immutable(self) -> bool:
        return self.is_immutable_attr is not None

    def verify_op(self) -> None:
        g = self._checked_global(self.results[0].type, "load")
        if self.is_immutable and g.is_mutable:
            raise self.error(f"global @{self.global_name} is mutable but loaded as immutable")

    def print_custom(self, p) -> None:
        p.write(" immutable" if self.is_immutable else "")
        p.write(f" {self.global_attr}" + p.attr_dict(op_attributes(self), ("global", "is_immutable")))
        p.write(f" : {self.results[0].type}")


@define_op
class GlobalStoreOp(GlobalAccessOp):
    """``util.global.store %v, @name : T``."""

    name = "util.global.store"
    value = operand()

    def verify_op(self) -> None:
        g = self._checked_global(self.value.type, "store")
        if not g.is_mutable and self.parent_of_type(InitializerOp) is None:
            raise self.error(f"global @{self.global_name} is not mutable and cannot be stored to outside a "
                             "'util.initializer'")

    def print_custom(self, p) -> None:
        p.write(f" {p.value(self.value)}, {self.global_attr}" + p.attr_dict(op_attributes(self), ("global",)))
        p.write(f" : {self.value.type}")


@define_op
class InitializerOp(Operation):
    """``util.initializer [attributes {...}] { ... util.return }``: code run
    once when the module is loaded (typically stores to globals)."""

    name = "util.initializer"
    body_region = region()
    traits = (IsolatedFromAbove(),)

    @property
    def body(self):
        return self.regions[0].blocks[0]

    def verify_op(self) -> None:
        if not self.regions[0].blocks:
            raise self.error("expects one non-empty region")
        for block in self.regions[0].blocks:
            term = block.ops[-1] if block.ops else None
            if term is None or not term.is_terminator:
                raise self.error("block must end with a terminator such as 'util.return'")

    def print_custom(self, p) -> None:
        p.write(p.attr_dict(op_attributes(self), keyword=True) + " ")
        p.print_region(self.regions[0], print_entry_args=False, isolated=True)


class Syntax:
    """Parse callbacks of grammar/util.lark."""

    def util_global_typed(self, ty, init):
        return (ty, init)

    def util_global_initialized(self, init, ty):
        return (ty if ty is not None else attr_type(init), init)

    def util_global(self, kw, vis, mutable, sym, attrs, value):
        ty, init = value
        ref = self.symbol_ref(sym)
        if ty is None:
            raise self.error(f"'util.global' @{ref.root} needs a type: write '= <value> : <type>' when the initial "
                             "value is untyped", sym)
        attributes = {"sym_name": StringAttr(ref.root), "type": TypeAttr(ty)}
        if vis is not None and str(vis) != "public":
            attributes["sym_visibility"] = StringAttr(str(vis))
        if mutable is not None:
            attributes["is_mutable"] = UnitAttr()
        if init is not None:
            attributes["initial_value"] = init
        attributes.update(attrs or {})
        return self.build("util.global", (), (), attributes, (), self.loc(kw))

    def util_global_load(self, kw, immutable, ref, attrs, ty):
        attributes = {"global": ref}
        if immutable is not None:
            attributes["is_immutable"] = UnitAttr()
        attributes.update(attrs or {})
        return self.build("util.global.load", (), [ty], attributes, (), self.loc(kw))

    def util_global_store(self, kw, value, ref, attrs, ty):
        attributes = {"global": ref}
        attributes.update(attrs or {})
        return self.build("util.global.store", [self.use(value, ty)], (), attributes, (), self.loc(kw))

    def util_initializer_header(self, kw, attrs):
        self.set_entry_args([], isolated=True)
        return (kw, attrs)

    def util_initializer(self, header, region):
        kw, attrs = header
        return self.build("util.initializer", (), (), dict(attrs or {}), [region], self.loc(kw))
