"""meshc's IR: types, attributes, affine maps, operations, the builder and
rewriter, the printer and the verifier. Imports nothing else of meshc.

The names load lazily (module ``__getattr__``): ``from meshc.ir import Block`` imports
``meshc.ir.core`` only, and importing a submodule such as ``meshc.ir.limits`` (which the command
line does before any command runs) imports no other, so ``meshc --help`` stays fast."""

from __future__ import annotations

import importlib
from typing import Any

# name -> submodule, for the names given by name; then every public name of the star modules
_NAMED: dict[str, str] = {
    **dict.fromkeys(("AffineExpr", "AffineMap", "BinaryExpr", "ConstantExpr", "DimExpr", "SymbolExpr"), "affine"),
    **dict.fromkeys(("Builder", "Rewriter"), "builder"),
    **dict.fromkeys(("Block", "BlockArgument", "Operation", "OpResult", "Region", "Value", "op_class",
                     "register_op"), "core"),
    **dict.fromkeys(("UNKNOWN_LOC", "Diagnostic", "DiagnosticError", "Location", "note"), "location"),
    **dict.fromkeys(("Printer", "print_op"), "printer"),
    "verify": "verifier",
}
_STAR = ("attributes", "types")  # ``from meshc.ir.<module> import *``, in this order of precedence (last wins)


def _star_names(module: Any) -> list[str]:
    names = getattr(module, "__all__", None)
    return list(names) if names is not None else [n for n in vars(module) if not n.startswith("_")]


def __getattr__(name: str) -> Any:
    if name.startswith("__"):
        raise AttributeError(f"module 'meshc.ir' has no attribute '{name}'")
    if name in _NAMED:
        value = getattr(importlib.import_module(f"meshc.ir.{_NAMED[name]}"), name)
    else:
        value, found = None, False
        for sub in _STAR:
            module = importlib.import_module(f"meshc.ir.{sub}")
            if name in _star_names(module):
                value, found = getattr(module, name), True
        if not found:
            raise AttributeError(f"module 'meshc.ir' has no attribute '{name}'")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    names = set(globals()) | set(_NAMED)
    for sub in _STAR:
        names.update(_star_names(importlib.import_module(f"meshc.ir.{sub}")))
    return sorted(names)
