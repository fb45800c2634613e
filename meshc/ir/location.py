"""Source locations and diagnostics raised by every stage of meshc.

A :class:`Location` is ``file:line:col`` (1-based). A :class:`Diagnostic`
carries a severity, a message, a location and notes, and renders like
mlir-opt: ``file:line:col: error: 'op.name' op <message>`` followed by the
source line and a caret (rendering lives in ``meshc.diagnostics``).
:class:`DiagnosticError` is the one exception type that user errors raise; the
CLI turns it into exit code 1, never a traceback.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Location:
    """A position in a source buffer; ``line``/``col`` are 1-based, 0 = unknown."""

    file: str = "<unknown>"
    line: int = 0
    col: int = 0

    @property
    def known(self) -> bool:
        return self.line > 0

    def __str__(self) -> str:
        if not self.known:
            return self.file
        return f"{self.file}:{self.line}:{self.col}"


UNKNOWN_LOC = Location()


@dataclass
class Diagnostic:
    """One message: ``severity`` is ``error``, ``warning``, ``note`` or ``remark``."""

    severity: str
    message: str
    location: Location = UNKNOWN_LOC
    notes: list["Diagnostic"] = field(default_factory=list)

    def __str__(self) -> str:
        return f"{self.location}: {self.severity}: {self.message}"


class DiagnosticError(Exception):
    """A user-facing error (bad input): carries one or more diagnostics.

    Raised by the parser, the verifier, passes and the runtime. The CLI prints
    the diagnostics and exits with code 1.
    """

    def __init__(self, message: str | Diagnostic | list[Diagnostic], location: Location = UNKNOWN_LOC,
                 notes: list[Diagnostic] | None = None):
        if isinstance(message, list):
            diags = message
        elif isinstance(message, Diagnostic):
            diags = [message]
        else:
            diags = [Diagnostic("error", message, location, list(notes or []))]
        self.diagnostics: list[Diagnostic] = diags
        super().__init__("\n".join(str(d) for d in diags))

    @property
    def location(self) -> Location:
        return self.diagnostics[0].location

    @property
    def message(self) -> str:
        return self.diagnostics[0].message


def note(message: str, location: Location = UNKNOWN_LOC) -> Diagnostic:
    """A note attached to an error (``note:`` lines under it)."""
    return Diagnostic("note", message, location)
