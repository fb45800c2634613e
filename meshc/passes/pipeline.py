"""The textual pass pipeline, as mlir-opt writes it.

Grammar (MLIR's ``parsePassPipeline``)::

    pipeline := element (',' element)*          (may be empty)
    element  := pass-name ['{' option* '}']     e.g. canonicalize{max-iterations=3}
              | op-name '(' pipeline ')'        e.g. func.func(cse)
    option   := key ['=' value]                 separated by spaces; a value is a
                                                bare word or '...'/"..." quoted

``builtin.module(...)`` around the whole pipeline is accepted and dropped
(the pipeline runs on the module). ``op-name(...)`` runs the inner pipeline
on each op of that name directly inside the current op (``any(...)``: on
every directly nested op).

Errors are :class:`PipelineError` located in the pipeline text (file
``<pass-pipeline>``, line 1, the offending column), so they render with a
caret under the pipeline.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Optional, Union

from meshc.ir.location import DiagnosticError, Location

PIPELINE_FILE = "<pass-pipeline>"
_NAME = re.compile(r"[A-Za-z_][\w.\-]*")


class PipelineError(DiagnosticError):
    """A malformed pipeline, an unknown pass or option; located in the pipeline text."""

    def __init__(self, message: str, col: int):
        super().__init__(message, Location(PIPELINE_FILE, 1, col))


@dataclass
class PassSpec:
    """``name{key=value ...}`` at column ``col`` (values are still text;
    ``None`` for an option written without ``=``)."""

    name: str
    options: dict[str, Optional[str]] = field(default_factory=dict)
    col: int = 1
    option_cols: dict[str, int] = field(default_factory=dict, repr=False, compare=False)

    def __str__(self) -> str:
        if not self.options:
            return self.name
        opts = " ".join(k if v is None else f"{k}={_quote(v)}" for k, v in self.options.items())
        return f"{self.name}{{{opts}}}"


@dataclass
class NestSpec:
    """``op_name(items)``: run ``items`` on each directly nested ``op_name`` op."""

    op_name: str
    items: list["Element"] = field(default_factory=list)
    col: int = 1

    def __str__(self) -> str:
        return f"{self.op_name}({format_pipeline(self.items)})"


Element = Union[PassSpec, NestSpec]


def _quote(v: str) -> str:
    return v if re.fullmatch(r"[^\s{}'\"]+", v) else "'" + v + "'"


def format_pipeline(items: list[Element]) -> str:
    """Pipeline text of ``items`` (``cse,func.func(canonicalize{max-iterations=3})``)."""
    return ",".join(str(i) for i in items)


def parse_pipeline(text: str) -> list[Element]:
    """Parse pipeline text into pass and nesting specs (names are not checked here).

    Raises:
        PipelineError: malformed text (unbalanced braces or parentheses,
            missing names, stray characters).
    """
    p = _Parser(text)
    items = p.elements(closing=None)
    if len(items) == 1 and isinstance(items[0], NestSpec) and items[0].op_name == "builtin.module":
        items = items[0].items
    return items


class _Parser:
    def __init__(self, text: str):
        self.text = text
        self.pos = 0

    def error(self, message: str, pos: Optional[int] = None) -> PipelineError:
        return PipelineError(message, (self.pos if pos is None else pos) + 1)

    def skip_ws(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1

    def peek(self) -> str:
        self.skip_ws()
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def elements(self, closing: Optional[str]) -> list[Element]:
        items: list[Element] = []
        if self.peek() in ("", closing):
            return self._end(items, closing)
        while True:
            items.append(self.element())
            c = self.peek()
            if c == ",":
                self.pos += 1
                continue
            return self._end(items, closing)

    def _end(self, items: list[Element], closing: Optional[str]) -> list[Element]:
        c = self.peek()
        if closing is None:
            if c != "":
                raise self.error(f"unexpected '{c}' in pass pipeline; expected ',' or the end")
        elif c != closing:
            raise self.error(f"expected '{closing}' to close the nested pipeline" if c == "" else
                             f"unexpected '{c}' in pass pipeline; expected ',' or '{closing}'")
        return items

    def element(self) -> Element:
        self.skip_ws()
        start = self.pos
        m = _NAME.match(self.text, self.pos)
        if m is None:
            c = self.text[self.pos] if self.pos < len(self.text) else "end of pipeline"
            raise self.error(f"expected a pass or op name, got '{c}'")
        name = m.group(0)
        self.pos = m.end()
        c = self.peek()
        if c == "(":
            self.pos += 1
            items = self.elements(closing=")")
            self.pos += 1
            return NestSpec(name, items, start + 1)
        spec = PassSpec(name, {}, start + 1)
        if c == "{":
            self.pos += 1
            self.options(spec)
        return spec

    def options(self, spec: PassSpec) -> None:
        opts = spec.options
        while True:
            c = self.peek()
            if c == "}":
                self.pos += 1
                return
            if c == "":
                raise self.error("expected '}' to close the pass options")
            m = _NAME.match(self.text, self.pos)
            if m is None:
                raise self.error(f"expected an option name, got '{c}'")
            key = m.group(0)
            self.pos = m.end()
            value: Optional[str] = None
            if self.peek() == "=":
                self.pos += 1
                value = self.value()
            if key in opts:
                raise self.error(f"option '{key}' is given twice", m.start())
            opts[key] = value
            spec.option_cols[key] = m.start() + 1

    def value(self) -> str:
        self.skip_ws()
        if self.pos < len(self.text) and self.text[self.pos] in "'\"":
            quote = self.text[self.pos]
            end = self.text.find(quote, self.pos + 1)
            if end < 0:
                raise self.error(f"unterminated {quote} in option value")
            v = self.text[self.pos + 1:end]
            self.pos = end + 1
            return v
        m = re.compile(r"[^\s}]+").match(self.text, self.pos)
        if m is None:
            raise self.error("expected an option value after '='")
        self.pos = m.end()
        return m.group(0)
