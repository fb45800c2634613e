"""What a pass is: a small class with a name, a summary, typed options and ``run``.

A pass (STYLE.md item 7, after MLIR's ``PassWrapper`` and xDSL's ``ModulePass``)::

    class CSE(Pass):
        name = "cse"                      # the pipeline name, MLIR style
        summary = "Eliminate common sub-expressions"
        display_name = "CSE"              # shown in IR dump headers (MLIR's getName())
        options = (Option("max-iterations", int, 10, "..."),)
        def run(self, op): ...

Option values are attributes named after the option with ``-`` -> ``_``
(``self.max_iterations``). ``op_names`` lists the ops a pass can run on
(``("builtin.module",)`` for passes that need a symbol table); ``None``
means any op, so the pass can also be nested under ``func.func(...)``.

Passes do not print, time or verify: the pass manager does (STYLE.md item 8).
They report through ``self.remark`` / ``self.warning`` and fail by raising
:class:`meshc.ir.DiagnosticError` (``self.error(where, msg)`` builds one).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Optional, Union

from meshc.ir.core import Operation
from meshc.ir.location import Diagnostic, DiagnosticError, Location

_TRUE = ("true", "1", "on", "yes")
_FALSE = ("false", "0", "off", "no")


class OptionError(ValueError):
    """An unknown option, or a value that does not parse as the option's type
    (or choices); ``option`` names the offending option."""

    def __init__(self, message: str, option: Optional[str] = None):
        super().__init__(message)
        self.option = option


@dataclass(frozen=True)
class Option:
    """A typed pass option: ``name`` (kebab-case, as written in a pipeline),
    ``type`` (bool, int, float or str), ``default``, one line of ``help``,
    for strings the allowed ``choices``, and for numbers the smallest value
    accepted, ``minimum`` (``None``: any), with ``minimum_note`` saying what
    the smallest value means when it is special (``-1: no limit``)."""

    name: str
    type: type
    default: Any
    help: str
    choices: Optional[tuple[str, ...]] = None
    minimum: Optional[int] = None
    minimum_note: str = ""

    @property
    def attr(self) -> str:
        """The attribute the value is stored in (``max-iterations`` -> ``max_iterations``)."""
        return self.name.replace("-", "_")

    @property
    def type_name(self) -> str:
        if self.choices:
            return "|".join(self.choices)
        return self.type.__name__

    def parse(self, text: Optional[str]) -> Any:
        """The typed value of ``text`` (``None``: the option was written
        without ``=value``, allowed for bool options and meaning true).

        Raises:
            OptionError: ``text`` is not a value of the option's type.
        """
        if text is None:
            if self.type is bool:
                return True
            raise OptionError(f"option '{self.name}' needs a value ({self.type_name})", self.name)
        if self.type is bool:
            low = text.lower()
            if low in _TRUE:
                return True
            if low in _FALSE:
                return False
            raise OptionError(f"option '{self.name}' expects true or false, got '{text}'", self.name)
        if self.type is int:
            try:
                number: Any = int(text, 0)
            except ValueError:
                raise OptionError(f"option '{self.name}' expects an integer, got '{text}'", self.name) from None
            return self._at_least(number, text, "an integer")
        if self.type is float:
            try:
                number = float(text)
            except ValueError:
                raise OptionError(f"option '{self.name}' expects a number, got '{text}'", self.name) from None
            return self._at_least(number, text, "a number")
        if self.choices and text not in self.choices:
            raise OptionError(f"option '{self.name}' expects one of {', '.join(self.choices)}, got '{text}'",
                              self.name)
        return text

    def _at_least(self, value: Any, text: str, kind: str) -> Any:
        """``value`` if it is at least ``minimum``.

        Raises:
            OptionError: ``value`` is below ``minimum``.
        """
        if self.minimum is None or value >= self.minimum:
            return value
        note = f" ({self.minimum_note})" if self.minimum_note else ""
        raise OptionError(f"option '{self.name}' expects {kind} >= {self.minimum}{note}, got '{text}'", self.name)


@dataclass
class PassContext:
    """What the driver tells passes: ``mesh_shapes`` (``--mesh-shape m=2x4``,
    mesh name -> sizes per axis, for meshes declared ``?``), the data-tiling
    ``target`` of materialize-encodings (``--target``: none, x86-generic,
    x86-avx2, x86-avx512), whether remarks are wanted, ``emit`` (where
    remarks and warnings go), and ``completed``: the names of the passes the
    pass manager has run so far, in order (a pass words its hints by them)."""

    mesh_shapes: dict[str, tuple[int, ...]] = field(default_factory=dict)
    target: str = "none"
    remarks: bool = False
    emit: Optional[Callable[[Diagnostic], None]] = None
    emitted: list[Diagnostic] = field(default_factory=list)
    completed: list[str] = field(default_factory=list)

    def report(self, diag: Diagnostic) -> None:
        """Send ``diag`` to ``emit`` (or keep it in ``emitted`` when there is none)."""
        if diag.severity == "remark" and not self.remarks:
            return
        if self.emit is not None:
            self.emit(diag)
        else:
            self.emitted.append(diag)


Where = Union[Operation, Location]


def _location(where: Where) -> Location:
    return where.location if isinstance(where, Operation) else where


class Pass:
    """Base class of passes; see the module docstring."""

    name: ClassVar[str] = ""
    summary: ClassVar[str] = ""
    display_name: ClassVar[str] = ""
    options: ClassVar[tuple[Option, ...]] = ()
    op_names: ClassVar[Optional[tuple[str, ...]]] = None
    verifies_itself: ClassVar[bool] = False  # the manager skips its after-pass verification
    all_preserved: bool = False  # set by mark_all_preserved() during one run; the manager resets it

    def __init__(self, context: Optional[PassContext] = None, **values: Any):
        self.context = context if context is not None else PassContext()
        known = {o.attr: o for o in self.options}
        for o in self.options:
            setattr(self, o.attr, o.default)
        for key, value in values.items():
            attr = key.replace("-", "_")
            if attr not in known:
                raise OptionError(f"pass '{self.name}' has no option '{key}'" + _known_options(type(self)), key)
            setattr(self, attr, value)

    @classmethod
    def from_text(cls, values: dict[str, Optional[str]], context: Optional[PassContext] = None) -> "Pass":
        """Instantiate from pipeline text options (``{"max-iterations": "3"}``).

        Raises:
            OptionError: unknown option name or a value of the wrong type.
        """
        by_name = {o.name: o for o in cls.options}
        typed = {}
        for key, text in values.items():
            opt = by_name.get(key)
            if opt is None:
                raise OptionError(f"pass '{cls.name}' has no option '{key}'" + _known_options(cls), key)
            typed[opt.attr] = opt.parse(text)
        return cls(context, **typed)

    @classmethod
    def title(cls) -> str:
        """The name in IR dump headers: ``display_name`` or CamelCase of ``name``."""
        return cls.display_name or "".join(p.capitalize() for p in cls.name.split("-"))

    def option_values(self) -> dict[str, Any]:
        return {o.name: getattr(self, o.attr) for o in self.options}

    def spec(self) -> str:
        """This pass as pipeline text, with the options that differ from their default."""
        changed = [f"{o.name}={format_value(getattr(self, o.attr))}" for o in self.options
                   if getattr(self, o.attr) != o.default]
        return self.name + ("{" + " ".join(changed) + "}" if changed else "")

    def run(self, op: Operation) -> None:
        """Transform ``op`` (a ``builtin.module``, or each op a nested pipeline runs on) in place.

        Raises:
            DiagnosticError: the input cannot be handled (a located user error).
        """
        raise NotImplementedError

    def mark_all_preserved(self) -> None:
        """Tell the pass manager that this run left the IR unchanged (MLIR's
        ``markAllAnalysesPreserved``): it then skips the after-pass
        verification, as mlir-opt's pass manager does for a pass that
        preserved all analyses. Call it only when nothing was changed."""
        self.all_preserved = True

    # -- reporting -----------------------------------------------------------------
    def remark(self, where: Where, message: str) -> None:
        """A remark at an op or location, shown with ``--remarks``."""
        self.context.report(Diagnostic("remark", message, _location(where)))

    def warning(self, where: Where, message: str) -> None:
        """A warning at an op or location (always shown; does not fail)."""
        self.context.report(Diagnostic("warning", message, _location(where)))

    def error(self, where: Where, message: str, notes: tuple[Diagnostic, ...] = ()) -> DiagnosticError:
        """A located error to ``raise`` (an op's error gets the ``'op' op`` prefix)."""
        if isinstance(where, Operation):
            return where.error(message, list(notes))
        return DiagnosticError(message, where, list(notes))


def format_value(v: Any) -> str:
    """An option value as pipeline text (``true``/``false`` for bools)."""
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def _known_options(cls: type[Pass]) -> str:
    if not cls.options:
        return " (it takes no options)"
    return "; known options: " + ", ".join(f"{o.name} ({o.type_name})" for o in cls.options)
