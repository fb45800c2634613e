"""The pass manager: verification after passes, IR dumps, failures, timing, remarks, nesting."""

from __future__ import annotations

import io
import re

import pytest

from meshc.ir import DiagnosticError, print_op
from meshc.parser import parse
from meshc.passes.base import Pass, PassContext
from meshc.passes.manager import IRPrinting, Nested, PassCrash, PassManager, Scheduled, Timing

SRC = """\
func.func @f(%x: i32) -> i32 {
  %a = arith.constant 2 : i32
  %b = arith.constant 3 : i32
  %c = arith.muli %a, %b : i32
  %d = arith.addi %x, %c : i32
  return %d : i32
}
func.func @g(%y: i32) -> i32 {
  return %y : i32
}
"""


def _module():
    return parse(SRC, "m.mlir")


class Record(Pass):
    """Records the symbol of every op it runs on; changes nothing."""

    name = "record"
    summary = "test"

    def run(self, op):
        sym = op.attributes.get("sym_name")
        self.seen = getattr(self, "seen", []) + [sym.value if sym is not None else op.name]


class DropReturns(Pass):
    """Erases every func.return: the functions no longer end with a terminator."""

    name = "drop-returns"
    summary = "test"

    def run(self, op):
        for o in list(op.walk()):
            if o.name == "func.return":
                o.erase()


class Crash(Pass):
    name = "crash"
    summary = "test"

    def run(self, op):
        raise ValueError("oops")


class Remarker(Pass):
    name = "remarker"
    summary = "test"

    def run(self, op):
        for o in op.walk():
            if o.name == "arith.muli":
                self.remark(o, "found a multiply")
                self.warning(o.location, "and warned")


def _pm(*passes, nest=None, **kwargs):
    items = [Scheduled(p, p.name) for p in passes]
    if nest is not None:
        items = [Nested(nest, items)]
    return PassManager(items, **kwargs)


def _dumps(text: str) -> list[tuple[str, str]]:
    """(header, module text) of each dump in ``text``."""
    parts = re.split(r"^(// -----// IR Dump .*//----- //)\n", text, flags=re.M)
    assert parts[0] == ""
    return list(zip(parts[1::2], parts[2::2]))


def test_print_ir_after_all_headers_and_dumps_parse_back():
    from meshc.passes.canonicalize import Canonicalize
    from meshc.passes.cse import CSE

    stream = io.StringIO()
    m = _module()
    _pm(Canonicalize(), CSE(), printing=IRPrinting(before_all=True, after_all=True, stream=stream)).run(m)
    dumps = _dumps(stream.getvalue())
    assert [h for h, _ in dumps] == [
        "// -----// IR Dump Before Canonicalizer (canonicalize) //----- //",
        "// -----// IR Dump After Canonicalizer (canonicalize) //----- //",
        "// -----// IR Dump Before CSE (cse) //----- //",
        "// -----// IR Dump After CSE (cse) //----- //",
    ]
    # Each dump is a whole module followed by a blank line, and parses back on its own.
    assert dumps[0][1] == print_op(_module()) + "\n"
    for _, body in dumps:
        assert body.endswith("}\n\n")
        assert print_op(parse(body, "dump.mlir")) + "\n" == body
    assert dumps[-1][1] == print_op(m) + "\n"


def test_print_ir_selected_passes_and_nested_header():
    stream = io.StringIO()
    rec = Record()
    _pm(rec, nest="func.func", printing=IRPrinting(after=frozenset({"record"}), stream=stream)).run(_module())
    assert rec.seen == ["f", "g"]
    assert [h for h, _ in _dumps(stream.getvalue())] == [
        "// -----// IR Dump After Record (record) ('func.func' operation: @f) //----- //",
        "// -----// IR Dump After Record (record) ('func.func' operation: @g) //----- //",
    ]


def test_print_ir_after_change_skips_unchanged():
    from meshc.passes.canonicalize import Canonicalize

    stream = io.StringIO()
    _pm(Record(), Canonicalize(), printing=IRPrinting(after_change=True, stream=stream)).run(_module())
    assert [h for h, _ in _dumps(stream.getvalue())] == [
        "// -----// IR Dump After Canonicalizer (canonicalize) //----- //"]


def test_invalid_ir_after_a_pass_names_the_pass():
    stream = io.StringIO()
    pm = _pm(DropReturns(), printing=IRPrinting(after_failure=True, stream=stream))
    with pytest.raises(DiagnosticError) as info:
        pm.run(_module())
    d = info.value.diagnostics[0]
    assert d.message == ("pass 'drop-returns' produced invalid IR: 'func.func' op block must end with a "
                         "terminator such as 'func.return'")
    assert (d.location.line, d.location.col) == (1, 1)
    (header, body), = _dumps(stream.getvalue())
    assert header == "// -----// IR Dump After DropReturns Failed (drop-returns) //----- //"
    assert body.startswith('"builtin.module"() ({')  # generic form: the IR does not verify
    # Without --verify-each the broken IR goes through.
    m = _module()
    _pm(DropReturns(), verify_each=False).run(m)
    assert "return" not in print_op(m)


def test_invalid_input_is_rejected_before_any_pass():
    m = parse("func.func @f() -> i32 {\n  %c = arith.constant 1 : i64\n  return %c : i64\n}\n", "bad.mlir")
    rec = Record()
    with pytest.raises(DiagnosticError, match="type of return operand 0"):
        _pm(rec).run(m)
    assert not hasattr(rec, "seen")


def test_a_crashing_pass_becomes_passcrash():
    stream = io.StringIO()
    with pytest.raises(PassCrash) as info:
        _pm(Crash(), printing=IRPrinting(after_all=True, stream=stream)).run(_module())
    assert str(info.value) == "pass 'crash' crashed: ValueError: oops"
    assert isinstance(info.value.error, ValueError)
    assert stream.getvalue().startswith("// -----// IR Dump After Crash Failed (crash) //----- //\n")


def test_timing_counts_runs():
    timing = Timing()
    _pm(Record(), nest="func.func", timing=timing).run(_module())
    # input verification + one verification after each of the 2 function runs
    assert timing.count == {"verify": 3, "record": 2}
    assert timing.total == pytest.approx(sum(timing.seconds.values()))


def test_remarks_only_when_enabled_warnings_always():
    got = []
    _pm(Remarker(PassContext(remarks=False, emit=got.append))).run(_module())
    assert [(d.severity, d.message) for d in got] == [("warning", "and warned")]
    got.clear()
    _pm(Remarker(PassContext(remarks=True, emit=got.append))).run(_module())
    assert [(d.severity, d.message, d.location.line, d.location.col) for d in got] == [
        ("remark", "found a multiply", 4, 8), ("warning", "and warned", 4, 8)]


def test_any_nesting_runs_on_every_direct_child():
    rec = Record()
    _pm(rec, nest="any").run(_module())
    assert rec.seen == ["f", "g"]
