"""Choosing the function a program runs: :func:`entry_function`.

Function ops are recognised by what they are, not by name: a top-level op with
the ``Symbol`` trait and a ``function_type`` attribute (MLIR's
``FunctionOpInterface``: ``func.func`` in meshc), its ``sym_name``,
``visibility`` and ``is_declaration`` (no body) properties. The backend, the
reference interpreter, the API and the CLI all pick the entry this way.
"""

from __future__ import annotations

from typing import Optional

from meshc.ir.core import Operation
from meshc.ir.location import DiagnosticError

__all__ = ["functions_of", "entry_function"]


def functions_of(module: Operation) -> list[Operation]:
    """The function ops directly in ``module``'s body, in order."""
    return [op for op in module.body.ops  # type: ignore[attr-defined]
            if "Symbol" in op.traits and "function_type" in op.attributes]


def entry_function(module: Operation, name: Optional[str] = None, purpose: str = "run") -> Operation:
    """The function to run: ``name`` (with or without ``@``) if given, else the only public one.
    ``purpose`` is what the command does with it, in the message for a module without one
    (``the module has no public function to show``).

    Raises:
        DiagnosticError: no such function, a declaration named, or several public functions and
            no ``--entry``.
    """
    funcs = functions_of(module)
    if name is not None:
        for f in funcs:
            if f.sym_name == name.lstrip("@"):  # type: ignore[attr-defined]
                if f.is_declaration:  # type: ignore[attr-defined]
                    raise DiagnosticError(f"function '@{f.sym_name}' is a declaration and has no body",  # type: ignore
                                          f.location)
                return f
        raise DiagnosticError(f"no function named '@{name.lstrip('@')}' (functions: "
                              f"{', '.join('@' + f.sym_name for f in funcs) or 'none'})")  # type: ignore
    public = [f for f in funcs if f.visibility == "public" and not f.is_declaration]  # type: ignore
    if len(public) == 1:
        return public[0]
    if not public:
        raise DiagnosticError(f"the module has no public function to {purpose}")
    raise DiagnosticError("the module has several public functions; choose one with --entry: "
                          + ", ".join("@" + f.sym_name for f in public))  # type: ignore
