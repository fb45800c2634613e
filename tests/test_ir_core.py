"""The IR core: parsing the core grammar, printing names, verification,
use lists and the rewriter, checked on small hand-written programs."""

from __future__ import annotations

import pytest

from meshc.ir import (AffineMap, BinaryExpr, Builder, ConstantExpr, DiagnosticError, DimExpr, F32, FunctionType,
                      Rewriter, TensorType, print_op, verify)
from meshc.parser import parse


def roundtrip(text: str) -> str:
    m = parse(text, "t.mlir")
    verify(m)
    out = print_op(m)
    again = print_op(parse(out, "again.mlir"))
    assert again == out
    generic = print_op(m, generic=True)
    assert print_op(parse(generic, "generic.mlir")) == out
    return out


def test_scalar_function_round_trips_with_source_names():
    out = roundtrip("""
    func.func @f(%a: f32, %b: f32) -> f32 {
      %c = arith.addf %a, %b : f32
      %0 = arith.mulf %c, %c : f32
      return %0 : f32
    }""")
    assert "%c = arith.addf %a, %b : f32" in out
    assert "%0 = arith.mulf %c, %c : f32" in out
    assert out.startswith("module {\n  func.func @f(%a: f32, %b: f32) -> f32 {")


def test_numeric_names_are_renumbered_and_unnamed_args_get_argN():
    m = parse("func.func @f(%x: i32) -> i32 {\n %7 = arith.addi %x, %x : i32\n %9 = arith.muli %7, %7 : i32\n"
              " return %9 : i32\n}")
    out = print_op(m)
    assert "%0 = arith.addi %x, %x : i32" in out
    assert "%1 = arith.muli %0, %0 : i32" in out
    m.body.ops[0].args[0].name_hint = None
    assert "func.func @f(%arg0: i32)" in print_op(m)


def test_attributes_and_types_print_canonically():
    out = roundtrip("""
    #m = affine_map<(d0, d1)[s0] -> (d1, d0 + s0 * 2, d0 - 1, d1 floordiv 4)>
    func.func @g() {
      "x.op"() {a = 1 : i32, b = 2.5 : f32, c = "s\\"q", d = [1, true, unit], e = {k = 0x10 : i64},
                f = array<i64: 1, 2>, g = #m, h = @sym::@nested, i = tensor<4x?xbf16>,
                j = dense<[[1, 2], [3, 4]]> : tensor<2x2xi8>, k = dense<0.0> : tensor<3xf32>,
                l = #foo.bar<"x"::"y">, n = (i32, f32) -> index} : () -> ()
      return
    }""")
    assert "a = 1 : i32" in out and "b = 2.500000e+00 : f32" in out and 'c = "s\\"q"' in out
    assert "d = [1, true, unit]" in out and "e = {k = 16}" in out
    assert "g = affine_map<(d0, d1)[s0] -> (d1, d0 + s0 * 2, d0 - 1, d1 floordiv 4)>" in out
    assert "h = @sym::@nested" in out and "i = tensor<4x?xbf16>" in out
    assert "j = dense<[[1, 2], [3, 4]]> : tensor<2x2xi8>" in out and "k = dense<0.000000e+00> : tensor<3xf32>" in out
    assert 'l = #foo.bar<"x"::"y">' in out and "n = (i32, f32) -> index" in out


def test_hex_dense_and_hex_float_literals():
    out = roundtrip("""
    func.func @h() -> tensor<2xf32> {
      %c = arith.constant dense<"0x0000803F00000040"> : tensor<2xf32>
      %x = arith.constant 0x3F800000 : f32
      return %c : tensor<2xf32>
    }""")
    assert "dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>" in out
    assert "%x = arith.constant 1.000000e+00 : f32" in out


def test_affine_map_evaluates_and_prints():
    m = AffineMap(2, 0, (DimExpr(1), BinaryExpr("+", DimExpr(0), ConstantExpr(3))))
    assert str(m) == "(d0, d1) -> (d1, d0 + 3)"
    assert m.evaluate((5, 7)) == (7, 8)
    assert AffineMap.from_dims(3, (2, 0)).dim_positions() == (2, 0)
    assert not m.is_projected_permutation()


@pytest.mark.parametrize("text, line, col, fragment", [
    ("func.func @f() {\n  return %x : f32\n}", 2, 10, "use of undeclared SSA value name '%x'"),
    ("func.func @f(%a: f32) {\n  %b = arith.addf %a, %a : f64\n  return\n}", 2, 19,
     "expects different type than prior uses: 'f64' vs 'f32'"),
    ("func.func @f(%a: f32) {\n  %b = arith.addf %a, %a : f32\n  %b = arith.addf %a, %a : f32\n  return\n}", 3, 3,
     "redefinition of SSA value '%b'"),
    ("func.func @f() {\n  %c = arith.constant 300 : i8\n  return\n}", 2, 23, "out of range for type 'i8'"),
    ("func.func @f() {\n  %c = arith.cmpi foo, %c, %c : i32\n  return\n}", 2, 19, "unknown comparison predicate"),
    ("func.func @f() {\n  %c = arith.adf %a : f32\n  return\n}", 2, 8, "custom op 'arith.adf' is unknown"),
    ("func.func @f(%a: f32) -> f32 {\n  return %a : f32\n", 3, 1, "unexpected end of input"),
    ('func.func @f() {\n  "x.y"() {a = #undefined} : () -> ()\n  return\n}', 2, 16, "undefined symbol alias"),
    ("func.func @f(%a: f32) -> f32 {\n  %d = arith.constant dense<[1.0, 2.0]> : tensor<3xf32>\n  return %a : f32\n}",
     2, 23, "does not match type"),
])
def test_parse_errors_are_located(text, line, col, fragment):
    with pytest.raises(DiagnosticError) as info:
        parse(text, "bad.mlir")
    err = info.value
    assert fragment in err.message
    assert err.location.file == "bad.mlir"
    assert err.location.line == line or line == 0
    if col:
        assert err.location.col == col


@pytest.mark.parametrize("text, fragment", [
    ("func.func @f(%a: f32) -> i32 {\n  return %a : f32\n}", "doesn't match function result type"),
    ("func.func @f(%a: f32) {\n  %b = arith.extf %a : f32 to f16\n  return\n}", "cast incompatible"),
    ("func.func @f() {\n  return\n}\nfunc.func @f() {\n  return\n}", "redefinition of symbol named 'f'"),
    ("func.func @f(%a: f32) {\n  func.call @nope(%a) : (f32) -> ()\n  return\n}", "does not reference a valid"),
    ("func.func @f(%a: f32) {\n  %b = arith.addf %a, %a : f32\n}", "must end with a terminator"),
])
def test_verifier_errors(text, fragment):
    m = parse(text, "v.mlir")
    with pytest.raises(DiagnosticError) as info:
        verify(m)
    assert fragment in info.value.message
    assert info.value.location.line > 0


def test_forward_reference_across_blocks_resolves():
    m = parse("""
    func.func @f(%a: i32) -> i32 {
      "x.br"()[^bb1] : () -> ()
    ^bb1:
      return %a : i32
    }""".replace('"x.br"()[^bb1]', '"x.br"()'))
    verify(m)


def test_use_lists_and_rewriter_replace():
    m = parse("func.func @f(%a: f32) -> f32 {\n %b = arith.addf %a, %a : f32\n %c = arith.mulf %b, %b : f32\n"
              " return %c : f32\n}")
    func = m.body.ops[0]
    add, mul, ret = func.body.ops
    a = func.body.args[0]
    assert len(a.uses) == 2 and add.result.users == [mul]
    rw = Rewriter()
    rw.set_before(mul)
    neg = rw.insert(add.create(operands=[a], result_types=[F32], name="arith.negf"))
    rw.replace_op(add, [neg.result])
    verify(m)
    out = print_op(m)
    assert "arith.negf %a : f32" in out and "arith.addf" not in out
    assert mul.operands[0] is neg.result and rw.changed


def test_clone_remaps_operands_and_nested_regions():
    m = parse("func.func @f(%a: f32) -> f32 {\n %b = arith.addf %a, %a : f32\n return %b : f32\n}")
    func = m.body.ops[0]
    copy = func.clone()
    copy.attributes["sym_name"] = type(func.attributes["sym_name"])("g")
    Builder.at_end(m.body).insert(copy)
    verify(m)
    inner_add = copy.body.ops[0]
    assert inner_add.operands[0] is copy.body.args[0]
    assert "func.func @g(%a: f32) -> f32" in print_op(m)


def test_tensor_type_helpers():
    t = TensorType((4, None), F32)
    assert str(t) == "tensor<4x?xf32>" and not t.has_static_shape and t.rank == 2
    with pytest.raises(ValueError):
        t.num_elements
    assert str(FunctionType((t,), (F32, F32))) == "(tensor<4x?xf32>) -> (f32, f32)"


def test_loc_annotations_are_accepted():
    m = parse('#loc1 = loc("a.py":3:4)\nfunc.func @f(%a: f32 loc("x":1:2)) -> f32 {\n'
              '  return %a : f32 loc(#loc1)\n} loc(callsite("f"("a.py":1:1) at "b.py":2:2))')
    verify(m)


def test_deep_region_nesting_is_a_clean_error():
    depth = 400
    text = "func.func @f() {\n" + '"x.r"() ({\n' * depth + "}) : () -> ()\n" * depth + "return\n}"
    with pytest.raises(DiagnosticError) as info:
        parse(text, "deep.mlir")
    assert "nesting too deep" in info.value.message
