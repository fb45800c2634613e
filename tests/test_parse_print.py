"""Parse -> print -> parse of names: symbols in either spelling, SSA names and block labels that are
not MLIR identifiers, successor lists of the generic form; non-printable input in error messages.

The rules are MLIR's LangRef ("Identifiers and keywords", "Operations"): a bare symbol name is
``[a-zA-Z_][a-zA-Z0-9_$.]*`` and any other is printed as a string (``@"g h"``); an SSA name or block
label is a suffix-id (``[a-zA-Z$._-][a-zA-Z0-9$._-]*`` or digits) and any other is renumbered.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tests.irtest import roundtrip
from meshc.dialects.builtin import ModuleOp
from meshc.dialects.func import FuncOp, ReturnOp
from meshc.ir import Block, DiagnosticError, F32, FunctionType, Operation, Region, print_op, verify
from meshc.ir.attributes import symbol_text
from meshc.parser import parse

SUFFIX_ID = re.compile(r"[A-Za-z$._\-][A-Za-z0-9$._\-]*|[0-9]+")
# any text but surrogates (not encodable): quoted names escape what is not printable
NAMES = st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=10)


def _reprint(text: str) -> str:
    """The printed text of ``text``, checked to be a fixed point in the custom and generic forms
    (:func:`tests.irtest.roundtrip`)."""
    return roundtrip(text)[1]


# ------------------------------------------------------------------ symbols
def test_quoted_and_bare_spellings_name_the_same_symbol():
    m = parse("""
func.func private @"g h"(f32) -> f32
func.func private @gh(f32) -> f32
func.func @main(%x: f32) -> f32 {
  %a = func.call @"g h"(%x) : (f32) -> f32
  %b = func.call @"gh"(%a) : (f32) -> f32
  return %b : f32
}
""")
    verify(m)
    assert isinstance(m.lookup("g h"), FuncOp) and isinstance(m.lookup("gh"), FuncOp)
    calls = [op for op in m.walk() if op.name == "func.call"]
    assert [c.callee for c in calls] == ["g h", "gh"]
    out = print_op(m)
    assert 'func.call @"g h"(%x)' in out and "func.call @gh(%a)" in out


def test_a_quoted_name_has_its_escapes_undone():
    m = parse('func.func private @"q\\"uo\\\\te\\0A"(f32) -> f32\nmesh.mesh @"m x"(shape = 2)\n')
    assert m.lookup('q"uo\\te\n') is not None
    assert m.lookup("m x") is not None
    out = _reprint(print_op(m))
    assert '@"q\\"uo\\\\te\\n"' in out and 'mesh.mesh @"m x"(shape = 2)' in out


def test_escaped_utf8_bytes_spell_the_same_symbol_as_the_text():
    # mlir-opt prints a non-ASCII name as its UTF-8 bytes, escaped
    m = parse('func.func private @méш(f32) -> f32\n'
              'func.func @main(%x: f32) -> f32 {\n  %y = func.call @"m\\C3\\A9\\D1\\88"(%x) : (f32) -> f32\n'
              '  return %y : f32\n}\n')
    verify(m)
    assert next(op for op in m.walk() if op.name == "func.call").callee == "méш"
    # bytes that are not UTF-8 stay one character each, as before
    assert parse('func.func private @"\\FFx"(f32) -> f32\n').lookup("\xffx") is not None


def test_an_undefined_callee_is_still_an_error_in_either_spelling():
    for spelling in ('@"nope"', "@nope"):
        with pytest.raises(DiagnosticError) as info:
            verify(parse(f"func.func @main(%x: f32) -> f32 {{\n  %y = func.call {spelling}(%x) : (f32) -> f32\n"
                         "  return %y : f32\n}\n", "f.mlir"))
        assert info.value.message == "'func.call' op 'nope' does not reference a valid function"
        assert (info.value.location.line, info.value.location.col) == (2, 8)


@pytest.mark.parametrize("name, printed", [
    ("gh", "@gh"), ("a.b$c_1", "@a.b$c_1"), ("_x", "@_x"),
    ("g h", '@"g h"'), ("méш", '@"méш"'), ("0digits", '@"0digits"'), ("has-dash", '@"has-dash"'),
    ("$x", '@"$x"'), (".x", '@".x"'), ("", '@""'), ('a"b', '@"a\\"b"'), ("tab\t", '@"tab\\t"'),
])
def test_symbol_text_is_bare_only_for_mlir_bare_ids(name, printed):
    assert symbol_text(name) == printed


@settings(max_examples=150, deadline=None)
@given(NAMES)
def test_any_symbol_name_prints_back_to_itself(name):
    assume(name != "main")  # the caller below is @main
    m = parse(f"func.func private {symbol_text(name)}(f32) -> f32\n"
              f"func.func @main(%x: f32) -> f32 {{\n  %y = func.call {symbol_text(name)}(%x) : (f32) -> f32\n"
              "  return %y : f32\n}\n")
    verify(m)
    assert m.lookup(name) is not None
    out = _reprint(print_op(m))
    # the declaration and the call, each a whole symbol (``@m`` must not count ``@main``)
    assert len(re.findall(re.escape(symbol_text(name)) + r"(?![\w$.\-\"])", out)) == 2


# ------------------------------------------------------------------ SSA names and block labels
def _function_with_arg_name(hint: str) -> ModuleOp:
    module = ModuleOp.build_empty()
    f = FuncOp.build("f", FunctionType((F32,), (F32,)), arg_names=[hint])
    f.body.append(ReturnOp.create([f.body.args[0]]))
    module.body.append(f)
    return module


@settings(max_examples=150, deadline=None)
@given(NAMES)
def test_any_ssa_name_a_pass_gives_prints_as_a_valid_name(hint):
    out = print_op(_function_with_arg_name(hint))
    printed = re.search(r"@f\(%([^:]*): f32\)", out).group(1)
    assert SUFFIX_ID.fullmatch(printed), printed
    if SUFFIX_ID.fullmatch(hint) and not hint.isdigit():
        assert printed == hint  # a valid source name is kept
    else:
        assert printed == "arg0"  # an invalid one prints like a missing one
    assert _reprint(out) == out


def test_non_identifier_source_names_are_renumbered():
    out = _reprint("func.func @f(%aö: f32) -> f32 {\n  %ö = \"x.op\"(%aö) : (f32) -> f32\n"
                   "  %x-1 = \"x.op\"(%ö) : (f32) -> f32\n  return %x-1 : f32\n}\n")
    assert "func.func @f(%arg0: f32) -> f32" in out
    assert '%0 = "x.op"(%arg0)' in out
    assert '%x-1 = "x.op"(%0)' in out


def test_block_labels_invalid_or_duplicated_are_renamed():
    module = ModuleOp.build_empty()
    blocks = [Block(), Block(), Block(), Block()]
    for b, label in zip(blocks, ["entry", "ö", "bb1", "bb1"]):
        b.label = label
    region = Region(blocks)
    blocks[0].append(Operation.create(name="x.br"))
    blocks[0].ops[-1].successors = [blocks[1]]
    blocks[1].append(Operation.create(name="x.br"))
    blocks[1].ops[-1].successors = [blocks[2], blocks[3]]
    blocks[2].append(Operation.create(name="x.end"))
    blocks[3].append(Operation.create(name="x.end"))
    module.body.append(Operation.create(name="x.graph", regions=[region]))
    verify(module)
    out = print_op(module)
    labels = re.findall(r"^\s*\^([^:(]*)", out, re.M)
    assert labels == ["entry", "bb1", "bb2", "bb3"]
    assert '"x.br"()[^bb1]' in out and '"x.br"()[^bb2, ^bb3]' in out
    assert _reprint(out) == out


# ------------------------------------------------------------------ successors
DIAMOND = """func.func @f(%c: i1, %x: i32) -> i32 {
  "cf.cond_br"(%c, %x)[^then, ^exit] : (i1, i32) -> ()
^then:
  "cf.br"(%x)[^exit] : (i32) -> ()
^exit(%r: i32):
  return %r : i32
}
"""


def test_successors_are_stored_as_the_blocks_of_the_region():
    m = parse(DIAMOND)
    verify(m)
    f = m.lookup("f")
    entry, then, exit_ = f.regions[0].blocks
    assert [b.label for b in (entry, then, exit_)] == [None, "then", "exit"]
    assert entry.ops[-1].successors == [then, exit_]
    assert then.ops[-1].successors == [exit_]
    assert exit_.ops[-1].successors == ()  # the class default: no successors
    assert '"cf.cond_br"(%c, %x)[^then, ^exit] : (i1, i32) -> ()' in _reprint(DIAMOND)


def test_clone_points_successors_at_the_cloned_blocks():
    m = parse(DIAMOND)
    copy = m.clone()
    verify(copy)
    old = m.lookup("f").regions[0].blocks
    new = copy.lookup("f").regions[0].blocks
    assert new[0].ops[-1].successors == [new[1], new[2]]
    assert all(s is not o for s, o in zip(new[0].ops[-1].successors, old[1:]))
    assert print_op(copy) == print_op(m)


def test_a_successor_in_another_region_is_a_verifier_error():
    m = parse(DIAMOND, "f.mlir")
    other = parse(DIAMOND).lookup("f").regions[0].blocks[1]
    m.lookup("f").regions[0].blocks[0].ops[-1].successors = [other]
    with pytest.raises(DiagnosticError) as info:
        verify(m)
    assert info.value.message == ("'cf.cond_br' op successor #0 is a block of another region (a successor must "
                                  "be a block of the region holding the op)")
    assert (info.value.location.line, info.value.location.col) == (2, 3)


# ------------------------------------------------------------------ non-printable input in messages
@pytest.mark.parametrize("char, shown", [("\x00", "'\\x00'"), ("\x07", "'\\x07'"), ("\x7f", "'\\x7f'"),
                                         ("\u200b", "'\\u200b'")])
def test_a_non_printable_character_is_shown_escaped(char, shown):
    with pytest.raises(DiagnosticError) as info:
        parse(f"func.func @f(%a: f32) -> f32 {{\n  return {char}%a : f32\n}}\n", "f.mlir")
    assert info.value.message.startswith(f"unexpected {shown}, expected ")
    assert char not in info.value.message
    assert (info.value.location.line, info.value.location.col) == (2, 10)


def test_positions_after_skipped_comments_locations_and_blank_lines():
    # the lexer skips whitespace, comments and loc(...) in the same match as the next token:
    # the line and column of what follows must be those of the text
    text = ('func.func @f(%a: f32) -> f32 {\n  // a comment\n\n  %b = arith.addf %a, %a : f32 loc("x":1:2)\n'
            '  \t %c = arith.bogus %b\n}\n')
    with pytest.raises(DiagnosticError) as info:
        parse(text, "t.mlir")
    assert (info.value.location.line, info.value.location.col) == (5, 10)  # as before the one-match lexer
    with pytest.raises(DiagnosticError) as info:
        parse(text.replace("  \t %c = arith.bogus %b\n", "  func.return %b : f32\n}  // end\n  %"), "t.mlir")
    assert (info.value.location.line, info.value.location.col) == (7, 3)


def test_a_parse_in_a_frozen_block_is_kept_out_of_collections_until_the_block_ends():
    """meshc.parser.parsed_ir_frozen: the module each parse returns is frozen (gc.freeze) within the block,
    nested blocks keep it frozen, and the outermost exit unfreezes everything (nothing stays frozen in a
    process running many commands, as the tests do); the IR is unchanged by it."""
    import gc

    from meshc.ir import print_op
    from meshc.parser import parse, parsed_ir_frozen

    text = "func.func @f(%a: f32) -> f32 {\n  %b = arith.addf %a, %a : f32\n  return %b : f32\n}\n"
    assert gc.get_freeze_count() == 0
    with parsed_ir_frozen():
        module = parse(text, "a.mlir")
        frozen = gc.get_freeze_count()
        assert frozen > 0
        with parsed_ir_frozen():
            parse(text, "b.mlir")
        assert gc.get_freeze_count() >= frozen  # the inner exit does not unfreeze the outer block's IR
    assert gc.get_freeze_count() == 0
    assert print_op(module) == print_op(parse(text, "a.mlir"))
    parse(text, "c.mlir")  # outside a block: nothing frozen
    assert gc.get_freeze_count() == 0


def test_compile_leaves_nothing_frozen(tmp_path):
    """``meshc compile`` parses inside parsed_ir_frozen and unfreezes on its way out, on success and on error."""
    import gc

    from click.testing import CliRunner

    from meshc.cli import main

    good = tmp_path / "good.mlir"
    good.write_text("func.func @f(%a: f32) -> f32 {\n  return %a : f32\n}\n")
    bad = tmp_path / "bad.mlir"
    bad.write_text("func.func @f(%a: f32) -> f32 {\n  return %zz : f32\n}\n")
    ok = CliRunner().invoke(main, ["compile", "-p", "", str(good)])
    assert ok.exit_code == 0 and "return %a : f32" in ok.output
    assert gc.get_freeze_count() == 0
    failed = CliRunner().invoke(main, ["compile", "-p", "", str(bad)])
    assert failed.exit_code == 1
    assert gc.get_freeze_count() == 0
