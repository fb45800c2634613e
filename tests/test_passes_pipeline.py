"""Pipeline text, pass options and the lazy registry."""

from __future__ import annotations

import subprocess
import sys

import pytest

from meshc.passes.base import Option, OptionError, Pass, PassContext
from meshc.passes.manager import Nested, PassManager, Scheduled, build
from meshc.passes.pipeline import NestSpec, PassSpec, PipelineError, format_pipeline, parse_pipeline
from meshc.passes.registry import DEFAULT_PIPELINE, PASSES, UnknownPassError, known_passes, pass_class


# ------------------------------------------------------------------ syntax
def test_flat_pipeline_with_options():
    items = parse_pipeline("canonicalize{max-iterations=3 test-convergence}, cse")
    # columns: "canonicalize{" is 13 chars, the options and "}" 34 more, ", " 2: cse starts at column 50
    assert items == [PassSpec("canonicalize", {"max-iterations": "3", "test-convergence": None}, 1),
                     PassSpec("cse", {}, 50)]
    assert format_pipeline(items) == "canonicalize{max-iterations=3 test-convergence},cse"


def test_builtin_module_wrapper_is_dropped_and_nesting_kept():
    items = parse_pipeline("builtin.module(func.func(cse, canonicalize), symbol-dce)")
    assert [type(i) for i in items] == [NestSpec, PassSpec]
    nest = items[0]
    assert nest.op_name == "func.func" and [p.name for p in nest.items] == ["cse", "canonicalize"]
    assert format_pipeline(items) == "func.func(cse,canonicalize),symbol-dce"


def test_empty_pipelines():
    assert parse_pipeline("") == []
    assert parse_pipeline("   ") == []
    assert parse_pipeline("builtin.module()") == []


def test_quoted_option_values():
    (p,) = parse_pipeline("x{a='hello world' b=\"q\" c=1,2}")
    assert p.options == {"a": "hello world", "b": "q", "c": "1,2"}
    assert str(p) == "x{a='hello world' b=q c=1,2}"


@pytest.mark.parametrize("text,col,message", [
    ("cse,", 5, "expected a pass or op name, got 'end of pipeline'"),
    ("cse{", 5, "expected '}' to close the pass options"),
    ("func.func(cse", 14, "expected ')' to close the nested pipeline"),
    ("cse)", 4, "unexpected ')' in pass pipeline; expected ',' or the end"),
    ("cse{a=1 a=2}", 9, "option 'a' is given twice"),
    ("cse{a='x}", 7, "unterminated ' in option value"),
    ("cse cse", 5, "unexpected 'c' in pass pipeline; expected ',' or the end"),
])
def test_syntax_errors_are_located(text, col, message):
    with pytest.raises(PipelineError) as info:
        parse_pipeline(text)
    assert info.value.message == message
    assert (info.value.location.file, info.value.location.line, info.value.location.col) == \
        ("<pass-pipeline>", 1, col)


# ------------------------------------------------------------------ options
def test_option_parsing():
    b = Option("flag", bool, False, "h")
    assert [b.parse(t) for t in ("true", "1", "on", "False", "0", None)] == [True, True, True, False, False, True]
    i = Option("n", int, 1, "h")
    assert (i.parse("12"), i.parse("-3"), i.parse("0x10")) == (12, -3, 16)
    assert Option("f", float, 0.5, "h").parse("2.5e-1") == 0.25
    c = Option("mode", str, "a", "h", choices=("a", "b"))
    assert c.parse("b") == "b" and c.type_name == "a|b"
    with pytest.raises(OptionError, match="option 'flag' expects true or false, got 'maybe'"):
        b.parse("maybe")
    with pytest.raises(OptionError, match="option 'n' expects an integer, got '1.5'"):
        i.parse("1.5")
    with pytest.raises(OptionError, match="option 'n' needs a value"):
        i.parse(None)
    with pytest.raises(OptionError, match="option 'mode' expects one of a, b, got 'c'"):
        c.parse("c")


class _Demo(Pass):
    name = "demo"
    summary = "a test pass"
    options = (Option("max-iterations", int, 10, "h"), Option("fast", bool, False, "h"))

    def run(self, op):
        pass


def test_pass_options_are_typed_attributes():
    p = _Demo.from_text({"max-iterations": "4", "fast": None})
    assert (p.max_iterations, p.fast) == (4, True)
    assert p.spec() == "demo{max-iterations=4 fast=true}"
    assert _Demo().spec() == "demo"
    assert _Demo(max_iterations=2).option_values() == {"max-iterations": 2, "fast": False}
    assert _Demo.title() == "Demo"
    with pytest.raises(OptionError, match=r"pass 'demo' has no option 'slow'; known options: max-iterations \(int\), "
                                          r"fast \(bool\)"):
        _Demo.from_text({"slow": "1"})


# ------------------------------------------------------------------ building
def test_build_instantiates_registered_passes():
    ctx = PassContext()
    items = build(parse_pipeline("canonicalize{max-iterations=2},func.func(cse,cse)"), ctx)
    first, nest = items
    assert isinstance(first, Scheduled) and first.pass_.max_iterations == 2 and first.pass_.context is ctx
    assert isinstance(nest, Nested) and nest.op_name == "func.func"
    assert [s.label for s in nest.items] == ["func.func(cse)", "func.func(cse) #2"]
    pm = PassManager.from_text("builtin.module(canonicalize{max-iterations=2},func.func(cse))")
    assert pm.pipeline_text() == "builtin.module(canonicalize{max-iterations=2},func.func(cse))"


@pytest.mark.parametrize("text,col,message", [
    ("cse,csee", 5, "unknown pass 'csee'; known passes: " + ", ".join(sorted(PASSES))),
    ("canonicalize{ max-iter=3}", 15, "pass 'canonicalize' has no option 'max-iter'; known options: "
                                      "max-iterations (int), test-convergence (bool)"),
    ("canonicalize{max-iterations=lots}", 14, "option 'max-iterations' expects an integer, got 'lots'"),
    ("cse{x=1}", 5, "pass 'cse' has no option 'x' (it takes no options)"),
    ("func.func(symbol-dce)", 11, "pass 'symbol-dce' runs on 'builtin.module' ops and cannot be nested under "
                                  "'func.func'"),
    ("cse(canonicalize)", 1, "'cse(...)': a nested pipeline needs an op name such as 'func.func' or 'any'"),
])
def test_build_errors_are_located(text, col, message):
    with pytest.raises(PipelineError) as info:
        build(parse_pipeline(text), PassContext())
    assert info.value.message == message
    assert info.value.location.col == col


# ------------------------------------------------------------------ registry
def test_registry_and_default_pipeline():
    assert {"canonicalize", "cse", "symbol-dce", "verify"} <= set(known_passes())
    assert known_passes() == sorted(PASSES)
    for name in DEFAULT_PIPELINE:
        assert name in PASSES
    for name in known_passes():
        cls = pass_class(name)
        assert cls.name == name and cls.summary
    with pytest.raises(UnknownPassError, match="unknown pass 'nope'; known passes: canonicalize, convert-flow-to-tensor, cse"):
        pass_class("nope")


def test_registry_imports_no_pass_module():
    code = ("import sys, meshc.passes.registry, meshc.passes.manager; "
            "print(sorted(m for m in sys.modules if m.startswith('meshc.passes.') or m in ('numpy', 'lark')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['meshc.passes.base', 'meshc.passes.manager', 'meshc.passes.pipeline', " \
                          "'meshc.passes.registry']"
