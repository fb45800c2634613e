"""util dialect (IREE): globals, loads, stores and initializers — round trips
(custom and generic form), the initial-value spellings IREE prints, accessors,
and located verification errors."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from meshc.dialects.util import GlobalLoadOp, GlobalOp, GlobalStoreOp, InitializerOp
from meshc.ir import I32, DenseElementsAttr, DiagnosticError, IntegerAttr, TensorType, F32, print_op, verify
from meshc.parser import parse
from tests.irtest import expect_error, roundtrip

DATA = Path(__file__).parent / "data"


GLOBALS = """
module {
  util.global private @w1 = #stream.parameter.named<"model"::"w1"> : tensor<256x1024xf32>
  util.global private mutable @count {inlining_policy = #util.inline.never} = 0 : i32
  util.global @big = 40 : i64
  util.global @retyped : tensor<4xf32> = dense<4> : tensor<4xi32>
  util.global private @ones = dense<1.0> : tensor<4xf32>
  util.global private @late : tensor<4xf32>
  util.initializer {
    %c = arith.constant dense<2.0> : tensor<4xf32>
    util.global.store %c, @late : tensor<4xf32>
    util.return
  }
  util.initializer attributes {tag} {
    util.return
  }
  util.func public @main() -> tensor<256x1024xf32> {
    %w = util.global.load @w1 : tensor<256x1024xf32>
    %l = util.global.load immutable @late : tensor<4xf32>
    %n = util.global.load @count : i32
    %m = arith.addi %n, %n : i32
    util.global.store %m, @count : i32
    util.return %w : tensor<256x1024xf32>
  }
}
"""


def test_globals_print_in_iree_spellings():
    _, out = roundtrip(GLOBALS)
    lines = [ln.strip() for ln in out.splitlines()]
    assert 'util.global private @w1 = #stream.parameter.named<"model"::"w1"> : tensor<256x1024xf32>' in lines
    assert "util.global private mutable @count {inlining_policy = #util.inline.never} = 0 : i32" in lines
    # an i64 literal prints bare, so the global's type is written after it
    assert "util.global @big = 40 : i64" in lines
    # an initial value of another type keeps the explicit ': type =' form
    assert "util.global @retyped : tensor<4xf32> = dense<4> : tensor<4xi32>" in lines
    assert "util.global private @ones = dense<1.000000e+00> : tensor<4xf32>" in lines
    assert "util.global private @late : tensor<4xf32>" in lines
    assert "util.initializer {" in lines and "util.initializer attributes {tag} {" in lines
    assert "%l = util.global.load immutable @late : tensor<4xf32>" in lines
    assert "util.global.store %m, @count : i32" in lines


def test_global_accessors():
    m, _ = roundtrip(GLOBALS)
    globals_ = {op.sym_name: op for op in m.walk() if isinstance(op, GlobalOp)}
    assert list(globals_) == ["w1", "count", "big", "retyped", "ones", "late"]
    w1 = globals_["w1"]
    assert w1.type == TensorType((256, 1024), F32) and w1.visibility == "private" and not w1.is_mutable
    assert str(w1.initial_value) == '#stream.parameter.named<"model"::"w1">'
    count = globals_["count"]
    assert count.is_mutable and count.initial_value == IntegerAttr(0, I32) and count.type == I32
    assert globals_["big"].visibility == "public"
    ones = globals_["ones"].initial_value
    assert isinstance(ones, DenseElementsAttr) and ones.array.tolist() == [1.0, 1.0, 1.0, 1.0]
    assert globals_["late"].initial_value is None
    loads = [op for op in m.walk() if isinstance(op, GlobalLoadOp)]
    assert [(ld.global_name, ld.is_immutable) for ld in loads] == [("w1", False), ("late", True), ("count", False)]
    assert loads[0].global_op() is w1
    stores = [op for op in m.walk() if isinstance(op, GlobalStoreOp)]
    assert [s.global_name for s in stores] == ["late", "count"]
    assert stores[0].parent_of_type(InitializerOp) is not None
    assert stores[1].value.name_hint == "m"


def test_onnx_mlp_globals_from_the_corpus():
    # IREE 3.13's output for an ONNX MLP: parameters as util.global + util.func;
    # the linalg ops are another dialect's, so only util's part is checked here
    text = (DATA / "real" / "onnx_mlp.linalg.mlir").read_text()
    m = parse(text, "onnx_mlp.linalg.mlir")
    verify(m)
    out = print_op(m)
    assert print_op(parse(out)) == out
    globals_ = [op for op in m.walk() if isinstance(op, GlobalOp)]
    assert [(g.sym_name, str(g.type)) for g in globals_] == [
        ("w1", "tensor<256x1024xf32>"), ("b1", "tensor<1024xf32>"), ("w2", "tensor<1024x256xf32>")]
    assert [str(g.initial_value) for g in globals_] == [
        f'#stream.parameter.named<"model"::"{n}">' for n in ("w1", "b1", "w2")]
    loads = [op for op in m.walk() if isinstance(op, GlobalLoadOp)]
    assert [ld.global_op() for ld in loads] == globals_


# ---------------------------------------------------------------- errors
def test_load_of_an_undefined_global():
    expect_error("""\
    util.func @f() -> i32 {
      %x = util.global.load @nope : i32
      util.return %x : i32
    }""", "undefined global: @nope", 2, "util.global.load")


def test_load_type_must_match_the_global():
    expect_error("""\
    util.global private @g : tensor<4xf32>
    util.func @f() -> tensor<8xf32> {
      %x = util.global.load @g : tensor<8xf32>
      util.return %x : tensor<8xf32>
    }""", "global type mismatch; global @g is 'tensor<4xf32>' but load is 'tensor<8xf32>'", 3, "util.global.load")


def test_store_type_must_match_the_global():
    expect_error("""\
    util.global private mutable @g : i32
    util.func @f(%v: i64) {
      util.global.store %v, @g : i64
      util.return
    }""", "global type mismatch; global @g is 'i32' but store is 'i64'", 3, "util.global.store")


def test_store_to_an_immutable_global_outside_an_initializer():
    expect_error("""\
    util.global private @g : i32
    util.func @f(%v: i32) {
      util.global.store %v, @g : i32
      util.return
    }""", "global @g is not mutable and cannot be stored to outside a 'util.initializer'", 3, "util.global.store")


def test_immutable_load_of_a_mutable_global():
    expect_error("""\
    util.global private mutable @g : i32
    util.func @f() -> i32 {
      %x = util.global.load immutable @g : i32
      util.return %x : i32
    }""", "global @g is mutable but loaded as immutable", 3, "util.global.load")


def test_load_of_a_symbol_that_is_not_a_global():
    expect_error("""\
    util.func @g() {
      util.return
    }
    util.func @f() -> i32 {
      %x = util.global.load @g : i32
      util.return %x : i32
    }""", "symbol @g is a 'util.func', not a 'util.global'", 5, "util.global.load")


def test_untyped_initial_value_needs_a_type():
    expect_error("""\
    util.global private @p = #stream.parameter.named<"model"::"w">
    """, "'util.global' @p needs a type", 1, "@p")


def test_initializer_returns_nothing():
    expect_error("""\
    util.initializer {
      %c = arith.constant 1 : i32
      util.return %c : i32
    }""", "has 1 operands, but the enclosing 'util.initializer' returns none", 3, "util.return")


def test_initializer_is_isolated_from_above():
    expect_error("""\
    util.func @f(%v: i32) {
      util.return
    }
    util.initializer {
      %x = arith.addi %v, %v : i32
      util.return
    }""", "use of undeclared SSA value name '%v'", 5, "%v")


def test_duplicate_global_names():
    expect_error("""\
    util.global private @g : i32
    util.global private @g : i64
    """, "redefinition of symbol named 'g'", 2, "util.global")

