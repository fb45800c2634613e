"""``symbol-dce``: erase private symbols that nothing live references (MLIR's SymbolDCE).

A symbol is an op with a ``sym_name`` directly inside a symbol table (a
``builtin.module``): functions, ``util.global`` s, meshes. Symbols that are
not ``private`` are live, and so is every other op of the module; a private
symbol becomes live once a live op references it. What is erased is every
private symbol that stays dead, including groups of private functions that
only call each other.

References are found in every attribute of a live op and in every type it
touches (operand, result and block argument types, ``function_type``...),
looking through nested attributes and types: ``SymbolRefAttr`` s (``@f``,
``@m::@g``) and any other string held by an attribute or type dataclass
other than a plain ``StringAttr`` (so the mesh named by a sharding
``<@m, [[0]]>``, also inside a tensor type's encoding, keeps ``@m``
alive). This errs on the side of keeping a symbol.

With ``--remarks`` each erased symbol is reported. No options.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Iterator

from meshc.ir.attributes import DictionaryAttr, StringAttr, SymbolRefAttr
from meshc.ir.core import Operation
from meshc.passes.base import Pass


def _symbol_name(op: Operation) -> str | None:
    a = op.attributes.get("sym_name")
    return a.value if isinstance(a, StringAttr) else None


def _is_private(op: Operation) -> bool:
    v = op.attributes.get("sym_visibility")
    return isinstance(v, StringAttr) and v.value == "private"


def referenced_names(obj: Any, out: set[str]) -> None:
    """Add to ``out`` every symbol name ``obj`` (an attribute, a type, or a
    tuple/list/dict of them) may refer to; see the module docstring."""
    if isinstance(obj, SymbolRefAttr):
        out.add(obj.root)
        out.update(obj.nested)
    elif isinstance(obj, StringAttr):
        return
    elif isinstance(obj, DictionaryAttr):  # keys are names of entries, not symbols
        for _, value in obj.entries:
            referenced_names(value, out)
    elif isinstance(obj, str):
        out.add(obj)
    elif isinstance(obj, (tuple, list, frozenset, set)):
        for x in obj:
            referenced_names(x, out)
    elif isinstance(obj, dict):
        for x in obj.values():
            referenced_names(x, out)
    elif dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            referenced_names(getattr(obj, f.name), out)


def _op_references(op: Operation, skip: set[int]) -> Iterator[Operation]:
    """``op`` and its nested ops, not descending into ops whose id is in ``skip``."""
    yield op
    for region in op.regions:
        for block in region.blocks:
            for inner in block.ops:
                if id(inner) not in skip:
                    yield from _op_references(inner, skip)


def _collect(op: Operation, skip: set[int], names: set[str]) -> None:
    for o in _op_references(op, skip):
        for key, attr in list(o.attributes.items()) + list(o.properties.items()):
            if key not in ("sym_name", "sym_visibility"):
                referenced_names(attr, names)
        for v in list(o.operands) + list(o.results):
            referenced_names(v.type, names)
        for region in o.regions:
            for block in region.blocks:
                for arg in block.args:
                    referenced_names(arg.type, names)


class SymbolDCE(Pass):
    """SymbolDCE: see the module docstring."""

    name = "symbol-dce"
    display_name = "SymbolDCE"
    summary = "Erase private functions, globals and meshes that no live op references"
    op_names = ("builtin.module",)

    def run(self, op: Operation) -> None:
        candidates: dict[int, tuple[str, Operation]] = {}
        for table in op.walk():
            if not table.has_trait("SymbolTable"):
                continue
            for region in table.regions:
                for block in region.blocks:
                    for sym in block.ops:
                        name = _symbol_name(sym)
                        if name is not None and _is_private(sym):
                            candidates[id(sym)] = (name, sym)
        if not candidates:
            return
        dead = set(candidates)
        names: set[str] = set()
        _collect(op, dead, names)
        grew = True
        while grew:
            grew = False
            for key in list(dead):
                name, sym = candidates[key]
                if name in names:
                    dead.discard(key)
                    _collect(sym, dead, names)
                    grew = True
        for key in dead:
            name, sym = candidates[key]
            self.remark(sym, f"erased unused private symbol '@{name}'")
            sym.erase()
