"""The property every fuzz input must satisfy, and crash classification.

For an input (``bytes`` as a file would hold, or ``str``):

1. decode it as UTF-8 (a non-UTF-8 input goes through
   ``meshc.parser.parse_file``, as the CLI reads files, and must give the
   located "input is not valid UTF-8" error);
2. ``meshc.parser.parse(text)``, then ``meshc.ir.verify(module)``, then
   ``meshc.ir.print_op(module)`` and ``print_op(module, generic=True)``;
3. when all of that succeeded: the printed text (custom and generic) parses
   again, verifies, and prints identically (the round trip).

Any step may raise ``meshc.ir.DiagnosticError`` located in the input (line >
0): the outcome is then a *diagnostic*. Anything else is a *crash*, classed
as one of :data:`CRASH_CLASSES`.

The wall-clock limit per input uses ``signal.setitimer`` and so applies
only in the main thread (elsewhere inputs run without one).
"""

from __future__ import annotations

import os
import re
import signal
import tempfile
import threading
import traceback
from dataclasses import dataclass
from typing import Optional, Union

OK = "ok"
DIAGNOSTIC = "diagnostic"

#: crash classes, by what went wrong
CRASH_CLASSES = (
    "exception",   # a Python exception other than DiagnosticError (a traceback for a user)
    "recursion",   # RecursionError (deep nesting reached Python's recursion limit)
    "memory",      # MemoryError (e.g. a huge tensor materialised)
    "timeout",     # the input took longer than the per-input limit (a hang)
    "unlocated",   # a DiagnosticError whose location has line 0 (no file:line:col for the user)
    "roundtrip",   # print(parse(print(m))) != print(m), or printed text fails to parse or verify
)

DEFAULT_TIMEOUT_S = 10.0


class FuzzTimeout(BaseException):
    """Raised by the interval timer inside a too-slow input (a BaseException so
    that no ``except Exception`` in meshc swallows it)."""


@dataclass
class Outcome:
    """What one input did.

    ``kind`` is ``"ok"``, ``"diagnostic"`` or one of :data:`CRASH_CLASSES`;
    ``stage`` is where it happened (``decode``, ``parse``, ``verify``,
    ``print``, ``print-generic``, ``reparse``, ``reparse-generic``);
    ``detail`` is the message or exception text; ``where`` the innermost
    meshc source line of a crash (``meshc/parser.py:123``) used to group
    crashes into distinct bugs.
    """

    kind: str
    stage: str = ""
    detail: str = ""
    where: str = ""

    @property
    def is_crash(self) -> bool:
        return self.kind not in (OK, DIAGNOSTIC)

    @property
    def signature(self) -> tuple[str, str, str]:
        """``(kind, exception type or stage, where)``: one bug per signature."""
        if self.kind in ("exception", "memory", "recursion"):
            head = self.detail.split(":", 1)[0]
        else:  # the message with names, numbers and quoted text blanked
            head = self.stage + ": " + re.sub(r"[%@#!^]?[\w.$]*\d[\w.$]*|'[^']*'|\"[^\"]*\"", "_", self.detail)[:70]
        return (self.kind, head, self.where)


def _innermost_meshc_frame(tb) -> str:
    where = ""
    for frame in traceback.extract_tb(tb):
        path = frame.filename.replace(os.sep, "/")
        i = path.rfind("/meshc/")
        if i >= 0:
            where = f"{path[i + 1:]}:{frame.lineno}"
    return where


class _Deadline:
    """``with _Deadline(seconds):`` raises :class:`FuzzTimeout` inside the block
    when it runs longer (main thread only; a no-op elsewhere or for 0)."""

    def __init__(self, seconds: float):
        self.seconds = seconds
        self.active = seconds > 0 and threading.current_thread() is threading.main_thread() \
            and hasattr(signal, "setitimer")

    def _fire(self, signum, frame):
        raise FuzzTimeout()

    def __enter__(self):
        if self.active:
            self.previous = signal.signal(signal.SIGALRM, self._fire)
            signal.setitimer(signal.ITIMER_REAL, self.seconds)
        return self

    def __exit__(self, *exc):
        if self.active:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self.previous)
        return False


def _decode(data: bytes, filename: str) -> Union[str, Outcome]:
    """The text of ``data``, or the outcome of ``parse_file`` on a non-UTF-8 file."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    from meshc.ir import DiagnosticError
    from meshc.parser import parse_file

    fd, path = tempfile.mkstemp(suffix=".mlir")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        try:
            parse_file(path)
        except DiagnosticError as err:
            if err.location.line > 0 and "UTF-8" in err.message:
                return Outcome(DIAGNOSTIC, "decode", err.message)
            return Outcome("unlocated" if err.location.line <= 0 else "exception", "decode", err.message)
        return Outcome("exception", "decode", "non-UTF-8 input was accepted")
    finally:
        os.unlink(path)


def check(data: Union[bytes, str], filename: str = "fuzz.mlir", timeout: float = DEFAULT_TIMEOUT_S,
          roundtrip: bool = True) -> Outcome:
    """Run the property on one input and classify the outcome (see the module docstring).

    ``timeout`` is in seconds of wall time for the whole check (0: none).
    Never raises (except KeyboardInterrupt).
    """
    from meshc.ir import DiagnosticError, print_op, verify
    from meshc.parser import parse

    if isinstance(data, bytes):
        decoded = _decode(data, filename)
        if isinstance(decoded, Outcome):
            return decoded
        text = decoded
    else:
        text = data
    stage = "parse"
    try:
        with _Deadline(timeout):
            module = parse(text, filename)
            stage = "verify"
            verify(module)
            stage = "print"
            out = print_op(module)
            stage = "print-generic"
            generic = print_op(module, generic=True)
            if roundtrip:
                problem = _roundtrip(out, generic, filename)
                if problem is not None:
                    return problem
    except DiagnosticError as err:
        if err.location.line <= 0:
            return Outcome("unlocated", stage, err.message)
        if stage.startswith("print"):
            # a located error is fine from parse or verify; the printer must not fail
            return Outcome("exception", stage, f"DiagnosticError: {err.message}")
        return Outcome(DIAGNOSTIC, stage, err.message)
    except FuzzTimeout as err:
        return Outcome("timeout", stage, f"over {timeout} s", _innermost_meshc_frame(err.__traceback__))
    except RecursionError as err:
        return Outcome("recursion", stage, f"RecursionError: {err}", _innermost_meshc_frame(err.__traceback__))
    except MemoryError as err:
        return Outcome("memory", stage, f"MemoryError: {err}", _innermost_meshc_frame(err.__traceback__))
    except KeyboardInterrupt:
        raise
    except BaseException as err:  # noqa: BLE001 - every other exception is a crash
        return Outcome("exception", stage, f"{type(err).__name__}: {err}"[:300],
                       _innermost_meshc_frame(err.__traceback__))
    return Outcome(OK, "done")


def _roundtrip(out: str, generic: str, filename: str) -> Optional[Outcome]:
    """None when both printed forms parse, verify and print back identically."""
    from meshc.ir import DiagnosticError, print_op, verify
    from meshc.parser import parse

    for stage, text, gen in (("reparse", out, False), ("reparse-generic", generic, True)):
        try:
            again = parse(text, "printed.mlir")
            verify(again)
            printed = print_op(again, generic=gen)
        except DiagnosticError as err:
            return Outcome("roundtrip", stage, f"printed text does not parse back: {err}")
        if printed != text:
            return Outcome("roundtrip", stage, _first_difference(text, printed))
    return None


def _first_difference(a: str, b: str) -> str:
    la, lb = a.splitlines(), b.splitlines()
    for i, (x, y) in enumerate(zip(la, lb)):
        if x != y:
            return f"line {i + 1}: {x[:120]!r} became {y[:120]!r}"
    return f"{len(la)} lines became {len(lb)} lines"
