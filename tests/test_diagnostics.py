"""meshc.diagnostics: rendering, --verify-diagnostics matching, --split-input-file."""

from __future__ import annotations

import io

import pytest

from meshc.diagnostics import (DiagnosticPrinter, DiagnosticVerifier, SourceManager, parse_expectations, render,
                               split_input, use_color)
from meshc.ir.location import Diagnostic, Location, note


def _sources(name: str, text: str) -> SourceManager:
    s = SourceManager()
    s.add(name, text)
    return s


# ------------------------------------------------------------------ rendering
def test_render_error_with_caret_and_note():
    src = "func.func @f() {\n  %x = arith.addi %a, %b : i32\n}\n"
    d = Diagnostic("error", "'arith.addi' op bad", Location("f.mlir", 2, 8),
                   [note("defined here", Location("f.mlir", 1, 11)), note("no location")])
    assert render(d, _sources("f.mlir", src)) == (
        "f.mlir:2:8: error: 'arith.addi' op bad\n"
        "  %x = arith.addi %a, %b : i32\n"
        "       ^\n"
        "f.mlir:1:11: note: defined here\n"
        "func.func @f() {\n"
        "          ^\n"
        "note: no location\n")


def test_render_expands_tabs_so_the_caret_lines_up():
    # "\t%x": the tab fills columns 1-8, so column 2 ('%') is printed at position 9.
    d = Diagnostic("error", "here", Location("t.mlir", 1, 2))
    assert render(d, _sources("t.mlir", "\t%x = y\n")).splitlines()[1:] == ["        %x = y", "        ^"]


def test_render_without_source_or_location():
    assert render(Diagnostic("error", "boom", Location("gone.mlir", 3, 1)), SourceManager()) == \
        "gone.mlir:3:1: error: boom\n"
    assert render(Diagnostic("error", "cannot open", Location("x.mlir"))) == "x.mlir: error: cannot open\n"
    assert render(Diagnostic("warning", "w")) == "warning: w\n"


def test_render_caret_past_end_of_line():
    # End of input reported one column past the last character of "ab".
    d = Diagnostic("error", "unexpected end of input", Location("e.mlir", 1, 3))
    assert render(d, _sources("e.mlir", "ab")).splitlines()[1:] == ["ab", "  ^"]


def test_source_manager_reads_files_from_disk(tmp_path):
    f = tmp_path / "a.mlir"
    f.write_text("line one\nline two\n")
    s = SourceManager()
    assert s.line(str(f), 2) == "line two"
    assert s.line(str(f), 3) is None
    assert s.line(str(tmp_path / "missing.mlir"), 1) is None


def test_printer_plain_when_not_a_terminal_and_with_no_color(monkeypatch):
    buf = io.StringIO()
    p = DiagnosticPrinter(SourceManager(), stream=buf)
    assert p.color is False
    p.emit(Diagnostic("remark", "r", Location("f", 1, 1)))
    assert buf.getvalue() == "f:1:1: remark: r\n"

    class Tty(io.StringIO):
        def isatty(self):
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    assert use_color(Tty()) is True
    monkeypatch.setenv("NO_COLOR", "1")
    assert use_color(Tty()) is False


def test_printer_colours_with_ansi_codes():
    buf = io.StringIO()
    DiagnosticPrinter(SourceManager(), stream=buf, color=True).emit(Diagnostic("error", "bad", Location("f", 1, 1)))
    out = buf.getvalue()
    assert "\x1b[" in out and "bad" in out and "error" in out


# ------------------------------------------------------------------ expectations
def test_directive_targets():
    text = "\n".join([
        "a // expected-error {{same}}",          # 1 -> 1
        "// expected-error @+2 {{plus}}",        # 2 -> 4
        "// expected-note @-1 {{minus}}",        # 3 -> 2
        "x",                                      # 4
        "// expected-warning @below {{below}}",  # 5 -> 7 (6 has a directive)
        "// expected-remark @above {{above}}",   # 6 -> 4 (5 has a directive)
        "y",                                      # 7
        "// expected-error @2 {{absolute}}",     # 8 -> 2
        "// expected-error @unknown {{nowhere}}",  # 9 -> 0
    ])
    found, problems = parse_expectations(text, "f.mlir")
    assert problems == []
    assert [(e.kind, e.line, e.pattern) for e in found] == [
        ("error", 1, "same"), ("error", 4, "plus"), ("note", 2, "minus"), ("warning", 7, "below"),
        ("remark", 4, "above"), ("error", 2, "absolute"), ("error", 0, "nowhere")]
    assert found[1].directive == Location("f.mlir", 2, 4)


def test_malformed_directives_are_errors():
    text = "// expected-error @+1 {{no end\n// expected-error @+9 {{far}}\n// expected-error @sideways {{x}}\nz\n"
    found, problems = parse_expectations(text, "f.mlir")
    assert found == []
    assert [(p.location.line, p.message.split(":")[0]) for p in problems] == [
        (1, "malformed 'expected-error' directive"),
        (2, "expected- directive targets line 11, outside lines 1-4 of this input"),
        (3, "unknown location '@sideways' in expected- directive (use @+N, @-N, @N, @above, @below or @unknown)")]


def test_regex_pieces_and_literal_text():
    found, _ = parse_expectations("// expected-error {{value {{%[a-z]+}} (x)}}\n", "f")
    e = found[0]
    assert e.matches("use of value %abc (x) here")
    assert not e.matches("use of value %ABC (x) here")
    assert not e.matches("use of value %abc x here")  # parentheses outside {{ }} are literal


def _verifier(text: str) -> DiagnosticVerifier:
    return DiagnosticVerifier(text, "f.mlir")


def test_verifier_all_matched():
    v = _verifier("x // expected-error {{bad op}}\n// expected-note @-1 {{see}}\n")
    v.process(Diagnostic("error", "'a.b' op bad op here", Location("f.mlir", 1, 1), [note("see this")]))
    assert v.finish() == []


def test_note_without_location_takes_its_errors_line():
    v = _verifier("x // expected-error {{bad}}\n// expected-note @-1 {{why}}\n")
    v.process(Diagnostic("error", "bad", Location("f.mlir", 1, 3), [note("why not")]))
    assert v.finish() == []


def test_verifier_reports_unexpected_missing_and_near_miss():
    v = _verifier("a\n// expected-error @-1 {{never}}\nb // expected-warning {{kind}}\n")
    v.process(Diagnostic("error", "surprise", Location("f.mlir", 1, 2)))
    v.process(Diagnostic("error", "kind mismatch", Location("f.mlir", 3, 1)))
    v.process(Diagnostic("error", "unlocated"))
    out = [(d.location.line, d.location.col, d.message) for d in v.finish()]
    assert out == [
        (1, 2, "unexpected error: surprise"),
        (3, 6, "'error' diagnostic emitted when expecting a 'warning'"),
        (0, 0, "unexpected error: unlocated"),
        (2, 4, 'expected error "never" was not produced'),
    ]


def test_each_directive_matches_once():
    v = _verifier("x // expected-error {{dup}}\n")
    v.process(Diagnostic("error", "dup", Location("f.mlir", 1, 1)))
    v.process(Diagnostic("error", "dup", Location("f.mlir", 1, 1)))
    assert [d.message for d in v.finish()] == ["unexpected error: dup"]


def test_unknown_location_expectation_and_other_files():
    v = _verifier("// expected-warning @unknown {{global}}\n")
    v.process(Diagnostic("warning", "a global warning"))
    v.process(Diagnostic("warning", "global too", Location("other.mlir", 1, 1)))
    assert [d.message for d in v.finish()] == ["unexpected warning: global too"]


def test_chunk_range_limits_directives():
    text = "// expected-error @+1 {{one}}\nx\n// -----\n// expected-error @+1 {{two}}\ny\n"
    v = DiagnosticVerifier(text, "f.mlir", first_line=4, last_line=5)
    assert [(e.line, e.pattern) for e in v.expected] == [(5, "two")]


# ------------------------------------------------------------------ split
def test_split_input_keeps_line_numbers():
    text = "a\nb\n// -----\nc\n  // -----  \nd\ne\n"
    chunks = split_input(text)
    assert [(c.first, c.last) for c in chunks] == [(1, 2), (4, 4), (6, 7)]
    # chunk 3 starts with 5 newlines, so 'd' is on line 6 as in the file
    assert chunks[2].text.splitlines()[5] == "d"
    assert chunks[1].text == "\n\n\nc\n"


def test_split_marker_must_be_the_whole_line():
    text = "a\n// -----// IR Dump After CSE (cse) //----- //\nb\n"
    assert len(split_input(text)) == 1
    assert [(c.first, c.last) for c in split_input(text, split=False)] == [(1, 3)]


@pytest.mark.parametrize("text,count", [("", 1), ("// -----\n", 2), ("x\n// -----", 2)])
def test_split_edge_cases(text, count):
    assert len(split_input(text)) == count
