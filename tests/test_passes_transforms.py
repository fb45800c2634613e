"""canonicalize, cse, symbol-dce and verify through the Python API, with hand-computed values."""

from __future__ import annotations

import pytest

from meshc.ir import DiagnosticError, print_op, verify
from meshc.parser import parse
from meshc.passes.canonicalize import Canonicalize
from meshc.passes.cse import CSE
from meshc.passes.rewrite import GreedyRewriteDriver, RewritePattern, is_trivially_dead
from meshc.passes.symbol_dce import SymbolDCE, referenced_names
from meshc.passes.verify import Verify


def _run(pass_, text: str) -> str:
    m = parse(text, "t.mlir")
    verify(m)
    pass_.run(m)
    verify(m)
    return print_op(m)


def _fold(op: str, ty: str, a: str, b: str | None = None) -> str:
    """The constant ``op`` folds to: the text after ``arith.constant`` in the result (or the op left)."""
    args = f"%a, %b : {ty}" if b is not None else f"%a : {ty}"
    lines = [f"  %a = arith.constant {a} : {ty}"]
    if b is not None:
        lines.append(f"  %b = arith.constant {b} : {ty}")
    src = "func.func @f() -> {ty} {{\n{body}\n  %r = arith.{op} {args}\n  return %r : {ty}\n}}\n".format(
        ty=ty, body="\n".join(lines), op=op, args=args)
    out = _run(Canonicalize(), src)
    body = [ln.strip() for ln in out.splitlines() if "=" in ln]
    if any(f"arith.{op}" in ln for ln in body):
        return "not folded"
    (const,) = body
    return const.split("arith.constant ", 1)[1]


@pytest.mark.parametrize("op,ty,a,b,expected", [
    ("addi", "i32", "2147483647", "1", "-2147483648 : i32"),  # wraps: 2^31 - 1 + 1 = -2^31
    ("subi", "index", "3", "10", "-7 : index"),
    ("muli", "i8", "16", "16", "0 : i8"),                     # 256 mod 2^8 = 0
    ("divsi", "i32", "-7", "2", "-3 : i32"),                  # rounds toward zero
    ("divui", "i8", "-1", "2", "127 : i8"),                   # 255 / 2 = 127
    ("floordivsi", "index", "-7", "2", "-4 : index"),         # floor(-3.5)
    ("ceildivsi", "index", "7", "2", "4 : index"),            # ceil(3.5)
    ("remsi", "i32", "-7", "3", "-1 : i32"),                  # sign of the dividend
    ("remui", "i8", "-1", "10", "5 : i8"),                    # 255 mod 10
    ("andi", "i32", "12", "10", "8 : i32"),                   # 0b1100 & 0b1010
    ("ori", "i32", "12", "10", "14 : i32"),
    ("xori", "i32", "12", "10", "6 : i32"),
    ("shli", "i8", "1", "7", "-128 : i8"),                    # 1 << 7 = 0x80
    ("shrsi", "i8", "-128", "7", "-1 : i8"),                  # arithmetic shift keeps the sign
    ("shrui", "i8", "-128", "7", "1 : i8"),                   # 0x80 >> 7 logically
    ("maxsi", "i32", "-5", "3", "3 : i32"),
    ("maxui", "i8", "-1", "3", "-1 : i8"),                    # 255 > 3 unsigned
    ("minsi", "index", "-5", "3", "-5 : index"),
    ("addf", "f32", "1.0e8", "1.0", "1.000000e+08 : f32"),    # 100000001 rounds to 1e8 in f32
    ("addf", "f64", "1.0e8", "1.0", "100000001.0"),           # f64 constants print without a type
    ("mulf", "f16", "3.0e2", "3.0e2", "0x7C00 : f16"),        # 90000 > f16 max 65504: +inf
    ("divf", "f32", "1.0", "4.0", "2.500000e-01 : f32"),
    ("subf", "bf16", "1.0", "3.90625e-3", "9.960938e-01 : bf16"),  # 1 - 2^-8 = 0.99609375, exact in bf16
    ("maximumf", "f32", "-0.0", "0.0", "0.000000e+00 : f32"),
    ("divsi", "i32", "1", "0", "not folded"),                 # division by zero is undefined
    ("remui", "i32", "1", "0", "not folded"),
    ("divsi", "i8", "-128", "-1", "not folded"),              # INT_MIN / -1 overflows
    ("shli", "i32", "1", "32", "not folded"),                 # shift >= bit width
    ("shrui", "i8", "1", "-1", "not folded"),                 # shift amount 255 read unsigned
])
def test_binary_folding(op, ty, a, b, expected):
    assert _fold(op, ty, a, b) == expected


@pytest.mark.parametrize("src_ty,op,dst_ty,value,expected", [
    ("index", "index_cast", "i32", "4294967301", "5 : i32"),  # 2^32 + 5 truncated to 32 bits
    ("i8", "extsi", "i32", "-2", "-2 : i32"),
    ("i8", "extui", "i32", "-2", "254 : i32"),
    ("i32", "trunci", "i8", "300", "44 : i8"),                # 300 - 256
    ("i32", "sitofp", "f32", "-3", "-3.000000e+00 : f32"),
    ("f32", "fptosi", "i32", "-2.75", "-2 : i32"),            # toward zero
    ("f32", "fptosi", "i8", "300.0", "not folded"),           # out of range of i8
    ("f64", "truncf", "f32", "0.1", "1.000000e-01 : f32"),
    ("f32", "bitcast", "i32", "1.0", "1065353216 : i32"),     # 0x3F800000
])
def test_cast_folding(src_ty, op, dst_ty, value, expected):
    src = (f"func.func @f() -> {dst_ty} {{\n  %a = arith.constant {value} : {src_ty}\n"
           f"  %r = arith.{op} %a : {src_ty} to {dst_ty}\n  return %r : {dst_ty}\n}}\n")
    out = _run(Canonicalize(), src)
    body = [ln.strip() for ln in out.splitlines() if "=" in ln]
    if any(f"arith.{op}" in ln for ln in body):
        assert expected == "not folded"
    else:
        assert body == [f"%r = arith.constant {expected}"]


@pytest.mark.parametrize("pred,a,b,expected", [
    ("slt", "-1", "1", "true"), ("ult", "-1", "1", "false"),  # -1 is 255 unsigned
    ("eq", "7", "7", "true"), ("sge", "-3", "2", "false"),
])
def test_cmpi_folding(pred, a, b, expected):
    src = (f"func.func @f() -> i1 {{\n  %a = arith.constant {a} : i8\n  %b = arith.constant {b} : i8\n"
           f"  %r = arith.cmpi {pred}, %a, %b : i8\n  return %r : i1\n}}\n")
    assert f"%r = arith.constant {expected}" in _run(Canonicalize(), src)


def test_cmpf_nan_is_unordered():
    src = ("func.func @f() -> (i1, i1) {\n  %n = arith.constant 0x7FC00000 : f32\n  %one = arith.constant 1.0 : f32\n"
           "  %o = arith.cmpf olt, %n, %one : f32\n  %u = arith.cmpf ult, %n, %one : f32\n"
           "  return %o, %u : i1, i1\n}\n")
    out = _run(Canonicalize(), src)
    assert "arith.constant false" in out and "arith.constant true" in out and "cmpf" not in out


def test_canonicalize_leaves_tensors_and_non_constants():
    src = ("func.func @f(%x: tensor<4xi32>, %y: i32) -> (tensor<4xi32>, i32) {\n"
           "  %c = arith.constant dense<1> : tensor<4xi32>\n  %s = arith.addi %x, %c : tensor<4xi32>\n"
           "  %t = arith.addi %y, %y : i32\n  return %s, %t : tensor<4xi32>, i32\n}\n")
    assert _run(Canonicalize(), src) == print_op(parse(src, "t.mlir"))


def test_constants_in_nested_regions_are_hoisted_and_merged():
    src = ('func.func @f(%x: i32) -> i32 {\n  %c1 = arith.constant 1 : i32\n'
           '  "test.region"() ({\n    %c1b = arith.constant 1 : i32\n    %s = arith.addi %x, %c1b : i32\n'
           '    "test.use"(%s) : (i32) -> ()\n  }) : () -> ()\n  %r = arith.addi %x, %c1 : i32\n'
           '  return %r : i32\n}\n')
    out = _run(Canonicalize(), src)
    assert out.count("arith.constant") == 1
    assert out.index("arith.constant 1 : i32") < out.index('"test.region"')
    assert "%s = arith.addi %x, %c1 : i32" in out


def test_max_iterations_and_convergence():
    src = ("func.func @f() -> i32 {\n  %a = arith.constant 2 : i32\n  %b = arith.addi %a, %a : i32\n"
           "  return %b : i32\n}\n")
    with pytest.raises(DiagnosticError, match="canonicalization did not converge within 1 iterations"):
        _run(Canonicalize(max_iterations=1, test_convergence=True), src)
    assert "arith.constant 4 : i32" in _run(Canonicalize(max_iterations=2, test_convergence=True), src)


def test_greedy_driver_requeues_users():
    """A pattern that rewrites muli by 2 into addi x, x: the driver then folds
    the addi of constants created from it (2 * 2 -> 2 + 2 -> 4)."""

    class MulByTwo(RewritePattern):
        op_names = ("arith.muli",)

        def match_and_rewrite(self, op, rewriter):
            from meshc.ir.core import Operation

            x, two = op.operands
            if getattr(two, "op", None) is None or str(two.op.attributes.get("value")) != "2 : i32":
                return False
            add = rewriter.insert(Operation.create([x, x], [op.result.type], name="arith.addi"))
            rewriter.replace_op(op, add)
            return True

    from meshc.passes.canonicalize import PATTERNS

    m = parse("func.func @f() -> i32 {\n  %a = arith.constant 2 : i32\n  %b = arith.muli %a, %a : i32\n"
              "  return %b : i32\n}\n", "t.mlir")
    driver = GreedyRewriteDriver(m, [MulByTwo()] + [p() for p in PATTERNS])
    assert driver.run() is True and driver.converged
    verify(m)
    assert "%b = arith.constant 4 : i32" in print_op(m)


def test_trivially_dead():
    m = parse("func.func @f(%x: i32) -> i32 {\n  %a = arith.addi %x, %x : i32\n  return %x : i32\n}\n", "t.mlir")
    add, ret = m.body.ops[0].body.ops
    assert is_trivially_dead(add) and not is_trivially_dead(ret)


def test_cse_does_not_merge_across_functions_or_into_regions_after():
    src = ("func.func @f(%x: i32) -> i32 {\n  %a = arith.addi %x, %x : i32\n  return %a : i32\n}\n"
           "func.func @g(%x: i32) -> i32 {\n  %a = arith.addi %x, %x : i32\n  %b = arith.addi %x, %x : i32\n"
           "  %c = arith.addi %a, %b : i32\n  return %c : i32\n}\n")
    out = _run(CSE(), src)
    assert out.count("arith.addi %x, %x") == 2  # one per function
    assert "%c = arith.addi %a, %a : i32" in out


def test_symbol_dce_keeps_meshes_referenced_from_types_and_attributes():
    src = ('"mesh.mesh"() {sym_name = "m", sym_visibility = "private", shape = array<i64: 2>} : () -> ()\n'
           '"mesh.mesh"() {sym_name = "t", sym_visibility = "private", shape = array<i64: 2>} : () -> ()\n'
           '"mesh.mesh"() {sym_name = "gone", sym_visibility = "private", shape = array<i64: 4>} : () -> ()\n'
           "func.func @f(%x: tensor<4xf32>, %z: tensor<4xf32, #mesh.shard<@t, [[0]]>>) -> tensor<4xf32> {\n"
           "  %y = mesh.shard %x to <@m, [[0]]> : tensor<4xf32>\n  return %y : tensor<4xf32>\n}\n")
    out = _run(SymbolDCE(), src)
    assert "@m(" in out and "@t(" in out and "@gone" not in out


def test_referenced_names_walks_nested_attributes():
    from meshc.ir.attributes import ArrayAttr, DictionaryAttr, StringAttr, SymbolRefAttr

    names: set[str] = set()
    referenced_names(ArrayAttr((SymbolRefAttr("a", ("b",)), DictionaryAttr((("k", SymbolRefAttr("c")),)),
                                StringAttr("not_a_symbol"))), names)
    assert names == {"a", "b", "c"}


def test_verify_pass_checks_even_without_the_manager():
    m = parse("func.func @f() -> i32 {\n  %c = arith.constant 1 : i64\n  return %c : i64\n}\n", "t.mlir")
    with pytest.raises(DiagnosticError, match="type of return operand 0"):
        Verify().run(m)
