"""Rendering diagnostics like mlir-opt, and checking them like ``--verify-diagnostics``.

Rendering (MLIR's ``SourceMgrDiagnosticHandler``)::

    f.mlir:3:8: error: 'arith.addi' op requires the same type for all operands
      %0 = arith.addi %a, %b : i32
           ^
    f.mlir:2:3: note: prior use here
      ...

A diagnostic whose location is known shows its source line with a caret under
the column (tabs expanded to 8 columns so the caret lines up); notes follow,
each with its own location and source line when known. On a terminal (and
unless ``NO_COLOR`` is set) the severity, location and caret are coloured with
rich; otherwise the text is plain.

Checking (MLIR's ``SourceMgrDiagnosticVerifierHandler``, see the MLIR
"Diagnostic Infrastructure" documentation): a source line may carry
``// expected-<kind>[-re] [@<where>] {{<message>}}`` with kind ``error``,
``warning``, ``note`` or ``remark`` and ``<where>``:

* nothing: the line of the directive;
* ``@+N`` / ``@-N``: N lines below / above;
* ``@N``: absolute line N (as in clang's ``-verify``);
* ``@above`` / ``@below``: the nearest line above / below that holds no
  ``expected-`` directive;
* ``@unknown``: a diagnostic without a location.

``<message>`` must occur in the diagnostic's message. Inside it (with or
without the ``-re`` suffix; MLIR requires the suffix) ``{{regex}}`` pieces are
regular expressions, as in FileCheck. Every diagnostic and every note must be
expected (a note without a location takes its error's location, as in MLIR);
each directive matches one diagnostic. Mismatches are reported as errors:
``unexpected error: <message>`` at the diagnostic, ``expected error "<text>"
was not produced`` at the directive.
"""

from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Iterable, Optional

from meshc.ir.location import UNKNOWN_LOC, Diagnostic, Location

SEVERITIES = ("error", "warning", "note", "remark")
_STYLE = {"error": "bold red", "warning": "bold magenta", "note": "bold cyan", "remark": "bold blue"}
TAB_STOP = 8  # LLVM's SourceMgr expands tabs to 8 columns


# ------------------------------------------------------------------ sources
class SourceManager:
    """Text of the buffers diagnostics point into, by file name.

    ``add(name, text)`` registers a buffer (an input read from stdin, a pass
    pipeline string); any other file name is read from disk on first use.
    Unreadable files simply have no source lines.
    """

    def __init__(self) -> None:
        self._lines: dict[str, Optional[list[str]]] = {}

    def add(self, name: str, text: str) -> None:
        self._lines[name] = text.splitlines()

    def line(self, name: str, lineno: int) -> Optional[str]:
        """Source line ``lineno`` (1-based) of ``name``, or None."""
        if name not in self._lines:
            try:
                self._lines[name] = Path(name).read_text(encoding="utf-8", errors="replace").splitlines()
            except OSError:
                self._lines[name] = None
        lines = self._lines[name]
        if lines is None or not 1 <= lineno <= len(lines):
            return None
        return lines[lineno - 1]


# ------------------------------------------------------------------ rendering
Piece = tuple[str, str]  # (text, rich style or "")


def _expand_tabs(line: str, col: int) -> tuple[str, int]:
    """``line`` with tabs expanded, and the 1-based column ``col`` mapped into it."""
    out = ""
    new_col = None
    for i, ch in enumerate(line):
        if i == col - 1:
            new_col = len(out) + 1
        out += " " * (TAB_STOP - len(out) % TAB_STOP) if ch == "\t" else ch
    if new_col is None:  # the column is past the end of the line (e.g. end of input)
        new_col = len(out) + (col - len(line))
    return out, new_col


def _location_prefix(loc: Location) -> str:
    if loc.known:
        return f"{loc.file}:{loc.line}:{loc.col}: "
    if loc.file and loc.file != UNKNOWN_LOC.file:
        return f"{loc.file}: "
    return ""


def _pieces(diag: Diagnostic, sources: Optional[SourceManager]) -> list[Piece]:
    pieces: list[Piece] = []
    prefix = _location_prefix(diag.location)
    if prefix:
        pieces.append((prefix, "bold"))
    pieces.append((f"{diag.severity}: ", _STYLE.get(diag.severity, "bold")))
    pieces.append((diag.message + "\n", "bold"))
    loc = diag.location
    if loc.known and sources is not None:
        line = sources.line(loc.file, loc.line)
        if line is not None:
            text, col = _expand_tabs(line, max(loc.col, 1))
            pieces.append((text + "\n", ""))
            pieces.append((" " * (col - 1), ""))
            pieces.append(("^\n", "bold green"))
    for n in diag.notes if SHOW_NOTES[0] else ():
        pieces.extend(_pieces(n, sources))
    return pieces


SHOW_NOTES = [True]
"""False while notes are left out of printed diagnostics (``meshc-opt --mlir-disable-diagnostic-notes``)."""


def render(diag: Diagnostic, sources: Optional[SourceManager] = None) -> str:
    """Plain text of ``diag`` and its notes (ends with a newline)."""
    return "".join(text for text, _ in _pieces(diag, sources))


def use_color(stream: IO[str]) -> bool:
    """Colour when ``stream`` is a terminal, ``NO_COLOR`` is unset and TERM is not ``dumb``."""
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


class DiagnosticPrinter:
    """Writes diagnostics to ``stream`` (stderr by default), coloured on a terminal.

    ``color=None`` decides with :func:`use_color`. Call ``emit(diag)`` per diagnostic.
    """

    def __init__(self, sources: Optional[SourceManager] = None, stream: Optional[IO[str]] = None,
                 color: Optional[bool] = None):
        self.sources = sources if sources is not None else SourceManager()
        self.stream = stream if stream is not None else sys.stderr
        self.color = use_color(self.stream) if color is None else color
        self._console = None

    def emit(self, diag: Diagnostic) -> None:
        pieces = _pieces(diag, self.sources)
        if not self.color:
            self.stream.write("".join(text for text, _ in pieces))
            self.stream.flush()
            return
        from rich.console import Console
        from rich.text import Text

        if self._console is None:
            self._console = Console(file=self.stream, force_terminal=True, highlight=False, soft_wrap=True)
        self._console.print(Text.assemble(*pieces), end="")

    def emit_all(self, diags: Iterable[Diagnostic]) -> None:
        for d in diags:
            self.emit(d)


# ------------------------------------------------------------------ --verify-diagnostics
_DIRECTIVE = re.compile(r"expected-(error|warning|note|remark)(-re)?\s*(@[^\s{]*)?\s*(\{\{.*\}\})?\s*$")
_MENTION = re.compile(r"expected-(error|warning|note|remark)\b")


@dataclass
class Expectation:
    """One ``expected-*`` directive: ``kind``, the ``line`` it targets
    (0 = ``@unknown``), the ``pattern`` text and where the directive stands."""

    kind: str
    line: int
    pattern: str
    regex: re.Pattern
    directive: Location
    matched: bool = False

    def matches(self, message: str) -> bool:
        return self.regex.search(message) is not None


def _compile_pattern(text: str) -> re.Pattern:
    """Literal text with ``{{regex}}`` pieces (FileCheck's syntax) -> a regex."""
    parts: list[str] = []
    pos = 0
    while True:
        start = text.find("{{", pos)
        if start < 0:
            parts.append(re.escape(text[pos:]))
            break
        end = text.find("}}", start + 2)
        if end < 0:
            parts.append(re.escape(text[pos:]))
            break
        parts.append(re.escape(text[pos:start]))
        parts.append("(?:" + text[start + 2:end] + ")")
        pos = end + 2
    return re.compile("".join(parts))


def parse_expectations(text: str, filename: str, first_line: int = 1,
                       last_line: Optional[int] = None) -> tuple[list[Expectation], list[Diagnostic]]:
    """The ``expected-*`` directives of ``text`` between ``first_line`` and
    ``last_line`` (1-based, inclusive; the whole text by default).

    Returns the expectations and the errors for malformed directives
    (missing ``{{...}}``, bad ``@`` target, target outside the range, bad regex).
    """
    lines = text.splitlines()
    last = len(lines) if last_line is None else min(last_line, len(lines))
    has_directive = [False] * (len(lines) + 2)
    for n in range(first_line, last + 1):
        has_directive[n] = _MENTION.search(lines[n - 1]) is not None
    found: list[Expectation] = []
    problems: list[Diagnostic] = []
    for n in range(first_line, last + 1):
        line = lines[n - 1]
        mention = _MENTION.search(line)
        if mention is None:
            continue
        where = Location(filename, n, mention.start() + 1)
        m = _DIRECTIVE.match(line, mention.start())
        if m is None or m.group(4) is None:
            problems.append(Diagnostic("error", f"malformed 'expected-{mention.group(1)}' directive: expected "
                                                "'{{message}}' at the end of the line", where))
            continue
        kind, _re_suffix, target, body = m.groups()
        pattern = body[2:-2]
        target_line = _target_line(target, n, first_line, last, has_directive)
        if isinstance(target_line, str):
            problems.append(Diagnostic("error", target_line, where))
            continue
        try:
            regex = _compile_pattern(pattern)
        except re.error as err:
            problems.append(Diagnostic("error", f"invalid regex in 'expected-{kind}' directive: {err}", where))
            continue
        found.append(Expectation(kind, target_line, pattern, regex, where))
    return found, problems


def _target_line(target: Optional[str], n: int, first: int, last: int, has_directive: list[bool]) -> int | str:
    """The line a directive on line ``n`` targets, or an error message."""
    if target is None:
        return n
    spec = target[1:]
    if spec == "unknown":
        return 0
    if spec in ("above", "below"):
        step = -1 if spec == "above" else 1
        k = n + step
        while first <= k <= last and has_directive[k]:
            k += step
        if not first <= k <= last:
            return f"'@{spec}' has no line {spec} it without an expected- directive"
        return k
    if re.fullmatch(r"[+-]\d+", spec):
        k = n + int(spec)
    elif spec.isdigit():
        k = int(spec)
    else:
        return f"unknown location '@{spec}' in expected- directive (use @+N, @-N, @N, @above, @below or @unknown)"
    if not first <= k <= last:
        return f"expected- directive targets line {k}, outside lines {first}-{last} of this input"
    return k


class DiagnosticVerifier:
    """Matches produced diagnostics against the ``expected-*`` directives of
    one buffer (or one ``--split-input-file`` chunk of it).

    ``process(diag)`` consumes a diagnostic and its notes; ``finish()``
    returns the mismatch errors (empty when everything matched).
    """

    def __init__(self, text: str, filename: str, first_line: int = 1, last_line: Optional[int] = None):
        self.filename = filename
        self.expected, problems = parse_expectations(text, filename, first_line, last_line)
        self.mismatches: list[Diagnostic] = problems

    def process(self, diag: Diagnostic, parent: Optional[Location] = None) -> None:
        loc = diag.location
        if not loc.known and parent is not None and diag.severity == "note":
            loc = parent
        self._match_one(diag.severity, diag.message, loc)
        for n in diag.notes:
            self.process(n, loc)

    def _match_one(self, kind: str, message: str, loc: Location) -> None:
        line = loc.line if loc.known and loc.file == self.filename else (0 if not loc.known else -1)
        near_miss: Optional[Expectation] = None
        for e in self.expected:
            if e.matched or e.line != line or not e.matches(message):
                continue
            if e.kind == kind:
                e.matched = True
                return
            near_miss = near_miss or e
        if near_miss is not None:
            self.mismatches.append(Diagnostic(
                "error", f"'{kind}' diagnostic emitted when expecting a '{near_miss.kind}'", near_miss.directive))
            near_miss.matched = True
            return
        self.mismatches.append(Diagnostic("error", f"unexpected {kind}: {message}", loc))

    def finish(self) -> list[Diagnostic]:
        out = list(self.mismatches)
        for e in self.expected:
            if not e.matched:
                out.append(Diagnostic("error", f'expected {e.kind} "{e.pattern}" was not produced', e.directive))
        return out


# ------------------------------------------------------------------ --split-input-file
SPLIT_MARKER = "// -----"
_SPLIT_LINE = re.compile(r"^[ \t]*// -----[ \t]*$")


@dataclass
class Chunk:
    """One ``--split-input-file`` piece: ``text`` padded with blank lines so
    that line numbers in it are the original file's; lines ``first``..``last``."""

    text: str
    first: int
    last: int


def split_input(text: str, split: bool = True, marker: str = SPLIT_MARKER) -> list[Chunk]:
    """Split ``text`` on lines that are exactly ``marker`` (default ``// -----``,
    mlir-opt's; ``--split-input-file=MARKER`` another), blanks around it allowed.
    Each chunk keeps the original line numbers (its text starts with ``first - 1``
    newlines). ``split=False`` returns the whole text."""
    lines = text.splitlines(keepends=True)
    if not split:
        return [Chunk(text, 1, max(len(lines), 1))]
    split_line = _SPLIT_LINE if marker == SPLIT_MARKER else re.compile(rf"^[ \t]*{re.escape(marker)}[ \t]*$")
    chunks: list[Chunk] = []
    start = 0
    for i, line in enumerate(lines + [None]):  # type: ignore[list-item]
        if line is None or split_line.match(line.rstrip("\r\n")):
            body = "".join(lines[start:i])
            chunks.append(Chunk("\n" * start + body, start + 1, max(i, start + 1)))
            start = i + 1
    return chunks
