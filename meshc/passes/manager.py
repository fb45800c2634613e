"""The pass manager: runs a pipeline and owns the cross-cutting concerns.

(STYLE.md item 8; behaviour follows mlir-opt 19's ``PassManager`` and
``IRPrinterInstrumentation``.)

* **Verification**: the input is verified before the first pass; with
  ``verify_each`` (the default, as mlir-opt's ``--verify-each``; ``meshc
  compile --verify-each=false`` turns it off) the IR is verified after every
  pass, and a failure becomes ``pass 'X' produced invalid IR: <the
  verifier's message>`` at the verifier's location. As mlir-opt does for a
  pass that preserved all analyses, a pass that reports it left the IR
  unchanged (:meth:`meshc.passes.base.Pass.mark_all_preserved`) is not
  followed by a verification. One verification costs O(ops)
  (:mod:`meshc.ir.verifier`); the timing report counts them (``verify``).
* **IR dumps** to stderr, headers exactly as mlir-opt prints them::

      // -----// IR Dump Before CSE (cse) //----- //
      // -----// IR Dump After CSE (cse) //----- //
      // -----// IR Dump After CSE (cse) ('func.func' operation: @f) //----- //
      // -----// IR Dump After CSE Failed (cse) //----- //

  The whole module is printed every time (for a pass nested under
  ``func.func`` the header names the function, as mlir-opt does with
  ``--mlir-print-ir-module-scope``), followed by a blank line, so each dump
  parses back on its own. After a failure the module is printed in the
  generic form (it may not verify). ``after_change`` prints an after-dump only
  when the pass changed the IR (alone, it means after-all-if-changed);
  ``after_failure`` prints only when a pass fails, as mlir-opt does.
* **Timing**: wall time per pipeline element (summed over the ops a nested
  pass runs on), plus verification.
* **Remarks and warnings** go through the :class:`PassContext` the passes share.

A pass that raises anything but :class:`DiagnosticError` is a bug in meshc:
the manager re-raises it as :class:`PassCrash` naming the pass.
"""

from __future__ import annotations

import sys
import time
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass, field
from typing import IO, Any, Iterator, Optional, Union

from meshc.ir.core import Operation
from meshc.ir.limits import spaced_collections
from meshc.ir.location import Diagnostic, DiagnosticError
from meshc.passes.base import OptionError, Pass, PassContext
from meshc.passes.pipeline import Element, NestSpec, PipelineError, parse_pipeline
from meshc.passes.registry import UnknownPassError, known_passes, pass_class

MODULE_OP = "builtin.module"


@dataclass
class IRPrinting:
    """Which IR dumps to print (``--print-ir-*``). ``before``/``after`` hold pass names."""

    before_all: bool = False
    after_all: bool = False
    before: frozenset[str] = frozenset()
    after: frozenset[str] = frozenset()
    after_change: bool = False
    after_failure: bool = False
    generic: bool = False
    stream: Optional[IO[str]] = None

    def wants_before(self, name: str) -> bool:
        return self.before_all or name in self.before

    def wants_after(self, name: str) -> bool:
        if self.after_failure:
            return False
        return self.after_all or name in self.after or (self.after_change and not self.after)


@dataclass
class Timing:
    """Wall time per label, in seconds, in first-seen order; ``count`` = how many runs."""

    seconds: dict[str, float] = field(default_factory=dict)
    count: dict[str, int] = field(default_factory=dict)

    @contextmanager
    def measure(self, label: str) -> Iterator[None]:
        start = time.perf_counter()
        try:
            yield
        finally:
            self.add(label, time.perf_counter() - start)

    def add(self, label: str, seconds: float) -> None:
        self.seconds[label] = self.seconds.get(label, 0.0) + seconds
        self.count[label] = self.count.get(label, 0) + 1

    @property
    def total(self) -> float:
        return sum(self.seconds.values())


def measure(timing: Optional[Timing], label: str):
    """``timing.measure(label)``, or a no-op context when ``timing`` is None."""
    return timing.measure(label) if timing is not None else nullcontext()


class PassCrash(Exception):
    """A pass raised something other than a DiagnosticError: a bug in meshc."""

    def __init__(self, pass_name: str, error: BaseException):
        super().__init__(f"pass '{pass_name}' crashed: {type(error).__name__}: {error}")
        self.pass_name = pass_name
        self.error = error


@dataclass
class Scheduled:
    """One pass instance in the pipeline and its timing label."""

    pass_: Pass
    label: str


@dataclass
class Nested:
    """Run ``items`` on each op named ``op_name`` (``any``: every op) directly inside."""

    op_name: str
    items: list[Union[Scheduled, "Nested"]]


Item = Union[Scheduled, Nested]


def build(specs: list[Element], context: PassContext) -> list[Item]:
    """Instantiate the passes of parsed pipeline ``specs``.

    Raises:
        PipelineError: unknown pass (the message lists the known ones),
            unknown option or bad value (lists the pass's options), a pass
            nested under an op it cannot run on, a nesting name that is not
            an op name.
    """
    labels: dict[str, int] = {}
    return _build(specs, MODULE_OP, context, labels)


def _build(specs: list[Element], anchor: str, context: PassContext, labels: dict[str, int]) -> list[Item]:
    items: list[Item] = []
    for s in specs:
        if isinstance(s, NestSpec):
            if "." not in s.op_name and s.op_name != "any":
                raise PipelineError(f"'{s.op_name}(...)': a nested pipeline needs an op name such as "
                                    "'func.func' or 'any'", s.col)
            items.append(Nested(s.op_name, _build(s.items, s.op_name, context, labels)))
            continue
        try:
            cls = pass_class(s.name)
        except UnknownPassError as err:
            raise PipelineError(str(err), s.col) from None
        if cls.op_names is not None and anchor not in cls.op_names:
            raise PipelineError(f"pass '{s.name}' runs on {' or '.join(repr(n) for n in cls.op_names)} ops and "
                                f"cannot be nested under '{anchor}'", s.col)
        try:
            p = cls.from_text(s.options, context)
        except OptionError as err:
            raise PipelineError(str(err), s.option_cols.get(err.option or "", s.col)) from None
        label = s.name if anchor == MODULE_OP else f"{anchor}({s.name})"
        labels[label] = labels.get(label, 0) + 1
        if labels[label] > 1:
            label = f"{label} #{labels[label]}"
        items.append(Scheduled(p, label))
    return items


def _dump_suffix(op: Operation) -> str:
    if op.parent is None:
        return ""
    sym = op.attributes.get("sym_name")
    name = f": @{sym.value}" if sym is not None and hasattr(sym, "value") else ""
    return f" ('{op.name}' operation{name})"


def _root(op: Operation) -> Operation:
    while op.parent_op is not None:
        op = op.parent_op
    return op


class PassManager:
    """Runs a pipeline of passes on a module; see the module docstring.

    Build one with :meth:`from_text` (pipeline text) or from already built
    ``items``; then ``run(module)``.
    """

    def __init__(self, items: list[Item], context: Optional[PassContext] = None, *, verify_each: bool = True,
                 printing: Optional[IRPrinting] = None, timing: Optional[Timing] = None, observer: Any = None):
        self.items = items
        self.context = context if context is not None else PassContext()
        self.verify_each = verify_each
        self.printing = printing if printing is not None else IRPrinting()
        self.timing = timing
        #: told ``set_passes(n)``, then ``pass_started(label)`` / ``pass_finished(label)`` around each
        #: pass run (:class:`meshc.progress.Progress`); None: nobody
        self.observer = observer

    @classmethod
    def from_text(cls, text: str, context: Optional[PassContext] = None, **kwargs) -> "PassManager":
        """Parse and build pipeline ``text`` (see :mod:`meshc.passes.pipeline`).

        Raises:
            PipelineError: malformed text, unknown pass or option.
        """
        context = context if context is not None else PassContext()
        return cls(build(parse_pipeline(text), context), context, **kwargs)

    def pipeline_text(self) -> str:
        """The pipeline in mlir-opt's canonical spelling ``builtin.module(...)``."""
        return f"{MODULE_OP}({_format(self.items)})"

    # -- running -----------------------------------------------------------------
    def run(self, module: Operation, verify_input: bool = True) -> None:
        """Verify ``module`` (unless ``verify_input`` is false) and run every pass.

        Raises:
            DiagnosticError: invalid input, a pass's user error, or invalid
                IR after a pass (``pass 'X' produced invalid IR: ...``).
            PassCrash: a pass failed with an internal error.
        """
        if self.observer is not None:
            self.observer.set_passes(_count(self.items))
        with spaced_collections():  # meshc.ir.limits: CPython's collector tuned for large IR
            if verify_input:
                self._verify(module)
            self._run_items(self.items, module)

    def _run_items(self, items: list[Item], op: Operation) -> None:
        for item in items:
            if isinstance(item, Scheduled):
                self._run_pass(item, op)
                continue
            children = [c for r in op.regions for b in r.blocks for c in b.ops
                        if item.op_name == "any" or c.name == item.op_name]
            for child in children:
                self._run_items(item.items, child)

    def _verify(self, op: Operation) -> None:
        from meshc.ir.verifier import verify

        with measure(self.timing, "verify"):
            verify(op)

    def _run_pass(self, item: Scheduled, op: Operation) -> None:
        p = item.pass_
        pr = self.printing
        if pr.wants_before(p.name):
            self._dump(f"// -----// IR Dump Before {p.title()} ({p.name})", op)
        before = _fingerprint(op) if pr.after_change else None
        p.all_preserved = False
        if self.observer is not None:
            self.observer.pass_started(item.label)
        try:
            with measure(self.timing, item.label):
                p.run(op)
            p.context.completed.append(p.name)
        except DiagnosticError:
            self._dump_failure(p, op)
            raise
        except Exception as err:  # noqa: BLE001 - a pass bug becomes a PassCrash
            self._dump_failure(p, op)
            raise PassCrash(p.name, err) from err
        if self.verify_each and not p.verifies_itself and not p.all_preserved:
            try:
                self._verify(op)
            except DiagnosticError as err:
                self._dump_failure(p, op)
                d = err.diagnostics[0]
                prefixed = Diagnostic(d.severity, f"pass '{p.name}' produced invalid IR: {d.message}", d.location,
                                      d.notes)
                raise DiagnosticError([prefixed] + err.diagnostics[1:]) from None
        if pr.wants_after(p.name) and (not pr.after_change or _fingerprint(op) != before):
            self._dump(f"// -----// IR Dump After {p.title()} ({p.name})", op)
        if self.observer is not None:
            self.observer.pass_finished(item.label)

    def _dump_failure(self, p: Pass, op: Operation) -> None:
        if self.printing.after_failure or self.printing.after_all or p.name in self.printing.after:
            self._dump(f"// -----// IR Dump After {p.title()} Failed ({p.name})", op, generic=True)

    def _dump(self, header: str, op: Operation, generic: bool = False) -> None:
        from meshc.ir.printer import print_op

        stream = self.printing.stream or sys.stderr
        text = print_op(_root(op), generic=generic or self.printing.generic)
        stream.write(f"{header}{_dump_suffix(op)} //----- //\n{text}\n")
        stream.flush()


def _fingerprint(op: Operation) -> str:
    from meshc.ir.printer import print_op

    return print_op(op, generic=True)


def _count(items: list[Item]) -> int:
    """The passes of a pipeline (a nested pipeline's once)."""
    return sum(_count(it.items) if isinstance(it, Nested) else 1 for it in items)


def _format(items: list[Item]) -> str:
    return ",".join(it.pass_.spec() if isinstance(it, Scheduled) else f"{it.op_name}({_format(it.items)})"
                    for it in items)


def check_pass_names(names: list[str]) -> None:
    """Raise :class:`DiagnosticError` unless every name is a registered pass
    (for ``--print-ir-after=P`` and friends)."""
    for n in names:
        if n not in known_passes():
            raise DiagnosticError(f"unknown pass '{n}'; known passes: {', '.join(known_passes())}")
