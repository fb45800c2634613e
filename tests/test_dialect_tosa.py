"""tosa dialect: the custom forms of both LLVM spellings round-trip, located verifier errors,
the kernels against numpy written out by hand, and sharded runs against the reference
interpreter (the sharding models of meshc/interfaces/sharding_models_tosa.py)."""

from __future__ import annotations

import numpy as np
import pytest

from meshc import api
from meshc.ir.location import DiagnosticError
from meshc.ir.printer import print_op
from meshc.ir.verifier import verify
from meshc.kernels import tosa as K
from meshc.parser import parse
from meshc.runtime.interpreter import Interpreter
from tests.tolerance import assert_close

FORMS = """
func.func @main(%a: tensor<4x6xf32>, %b: tensor<1x6xf32>, %z: tensor<1xf32>, %s: tensor<1xi8>,
                %p: tensor<4x6xi1>) -> (tensor<4x6xf32>, tensor<6x4xf32>, tensor<4x6xi1>) {
  %0 = tosa.sigmoid %a : (tensor<4x6xf32>) -> tensor<4x6xf32>
  %1 = tosa.add %0, %b : (tensor<4x6xf32>, tensor<1x6xf32>) -> tensor<4x6xf32>
  %2 = tosa.negate %1, %z, %z : (tensor<4x6xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<4x6xf32>
  %3 = tosa.mul %2, %b, %s : (tensor<4x6xf32>, tensor<1x6xf32>, tensor<1xi8>) -> tensor<4x6xf32>
  %4 = tosa.mul %3, %b {shift = 0 : i8} : (tensor<4x6xf32>, tensor<1x6xf32>) -> tensor<4x6xf32>
  %5 = tosa.clamp %4 {max_val = 6.000000e+00 : f32, min_val = -1.000000e+00 : f32} : (tensor<4x6xf32>) -> tensor<4x6xf32>
  %6 = tosa.maximum %5, %b : (tensor<4x6xf32>, tensor<1x6xf32>) -> tensor<4x6xf32>
  %7 = tosa.select %p, %6, %a : (tensor<4x6xi1>, tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
  %8 = tosa.transpose %7 {perms = array<i32: 1, 0>} : (tensor<4x6xf32>) -> tensor<6x4xf32>
  %9 = "tosa.const"() <{values = dense<[1, 0]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %10 = tosa.transpose %8, %9 : (tensor<6x4xf32>, tensor<2xi32>) -> tensor<4x6xf32>
  %11 = tosa.greater %10, %b : (tensor<4x6xf32>, tensor<1x6xf32>) -> tensor<4x6xi1>
  return %10, %8, %11 : tensor<4x6xf32>, tensor<6x4xf32>, tensor<4x6xi1>
}
"""


def _module(text: str):
    m = parse(text, "t.mlir")
    verify(m)
    return m


def test_custom_forms_round_trip_and_run():
    m = _module(FORMS)
    text = print_op(m)
    assert "tosa.add %0, %b : (tensor<4x6xf32>, tensor<1x6xf32>) -> tensor<4x6xf32>" in text
    assert "tosa.transpose %7 {perms = array<i32: 1, 0>} : (tensor<4x6xf32>) -> tensor<6x4xf32>" in text
    assert print_op(_module(text)) == text
    assert print_op(_module(print_op(m, generic=True))) == text
    rng = np.random.default_rng(0)
    a = rng.standard_normal((4, 6)).astype(np.float32)
    b = rng.standard_normal((1, 6)).astype(np.float32)
    p = rng.standard_normal((4, 6)) > 0
    z, s = np.zeros(1, np.float32), np.zeros(1, np.int8)
    got = Interpreter(m).call("main", [a, b, z, s, p])
    x = -(1 / (1 + np.exp(-a.astype(np.float64))) + b) * b * b
    x = np.where(p, np.maximum(np.clip(x, -1, 6), b), a)
    assert_close(got[0], x, k=1, dtype=np.float32)
    np.testing.assert_array_equal(got[1], got[0].T)
    np.testing.assert_array_equal(got[2], got[0] > b)


def test_llvm19_spellings():
    m = _module("""
    func.func @main(%a: tensor<2x3xi32>, %b: tensor<2x3xi32>) -> (tensor<2x3xi32>, tensor<3x2xi32>, tensor<2x3xi32>) {
      %0 = tosa.mul %a, %b {shift = 2 : i8} : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
      %p = arith.constant dense<[1, 0]> : tensor<2xi32>
      %1 = tosa.transpose %a, %p : (tensor<2x3xi32>, tensor<2xi32>) -> tensor<3x2xi32>
      %2 = tosa.clamp %a {min_int = -2 : i64, max_int = 3 : i64, min_fp = 0.0 : f32, max_fp = 0.0 : f32} : (tensor<2x3xi32>) -> tensor<2x3xi32>
      return %0, %1, %2 : tensor<2x3xi32>, tensor<3x2xi32>, tensor<2x3xi32>
    }""")
    a = np.array([[1, -7, 5], [9, 2, -3]], np.int32)
    b = np.array([[3, 3, -5], [2, 6, 1]], np.int32)
    got = Interpreter(m).call("main", [a, b])
    # (a*b + 2) >> 2: 3+2=5>>2=1; -21+2=-19>>2=-5; -25+2=-23>>2=-6; 18+2=20>>2=5; 12+2=14>>2=3; -3+2=-1>>2=-1
    np.testing.assert_array_equal(got[0], [[1, -5, -6], [5, 3, -1]])
    np.testing.assert_array_equal(got[1], a.T)
    np.testing.assert_array_equal(got[2], [[1, -2, 3], [3, 2, -2]])


def test_integer_kernels():
    x = np.array([[5, -3]], np.int8)
    np.testing.assert_array_equal(K.negate(x, 2, 1), [[-2, 6]])   # -(5-2)+1, -(-3-2)+1
    np.testing.assert_array_equal(K.unary("clz", np.array([1, 0, -1, 256], np.int32)), [31, 32, 0, 23])
    np.testing.assert_array_equal(K.cast(np.array([2.5, -0.5, 1e10, 3.5]), np.int8), [2, 0, 127, 4])
    np.testing.assert_array_equal(K.arithmetic_right_shift(np.array([7, -7], np.int32), np.array([1, 1], np.int32),
                                                           True), [4, -3])  # 3 + 1, -4 + 1
    c = K.matmul(np.array([[[3, 4]]], np.int8), np.array([[[1], [2]]], np.int8), np.int32, 1, 2)
    np.testing.assert_array_equal(c, [[[(3 - 1) * (1 - 2) + (4 - 1) * (2 - 2)]]])


@pytest.mark.parametrize("text, message", [
    ("%0 = tosa.add %a, %a : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x5xf32>",
     "operand #0 dim 1 has size 6, which does not broadcast to the result's 5"),
    ("%0 = tosa.add %a, %a : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf16>",
     "element type"),
    ("%0 = tosa.transpose %a {perms = array<i32: 0, 0>} : (tensor<4x6xf32>) -> tensor<4x6xf32>",
     "is not a permutation"),
    ("%0 = tosa.transpose %a {perms = array<i32: 1, 0>} : (tensor<4x6xf32>) -> tensor<4x6xf32>",
     "result dim 0 has size 4 but input dim 1 has size 6"),
    ("%0 = tosa.clamp %a {min_val = 2.0 : f32, max_val = 1.0 : f32} : (tensor<4x6xf32>) -> tensor<4x6xf32>",
     "min 2.0 is greater than max 1.0"),
    ("%0 = tosa.add %a : (tensor<4x6xf32>) -> tensor<4x6xf32>", "expects 2 operands, got 1"),
])
def test_verifier_errors_are_located(text, message):
    src = f"func.func @f(%a: tensor<4x6xf32>) {{\n  {text}\n  return\n}}\n"
    with pytest.raises(DiagnosticError) as err:
        _module(src)
    assert message in str(err.value)
    assert "t.mlir:2:" in str(err.value)


SHARDED = """
mesh.mesh @m(shape = 2x2)
func.func @main(%a: tensor<2x8x6xf32>, %b: tensor<2x6x4xf32>, %bias: tensor<1x1x4xf32>) -> tensor<2x4x8xf32> {
  %a_s = mesh.shard %a to <@m, [[0], [], [1]]> : tensor<2x8x6xf32>
  %z = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %0 = tosa.matmul %a_s, %b, %z, %z : (tensor<2x8x6xf32>, tensor<2x6x4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<2x8x4xf32>
  %1 = tosa.add %0, %bias : (tensor<2x8x4xf32>, tensor<1x1x4xf32>) -> tensor<2x8x4xf32>
  %2 = tosa.tanh %1 : (tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %3 = tosa.transpose %2 {perms = array<i32: 0, 2, 1>} : (tensor<2x8x4xf32>) -> tensor<2x4x8xf32>
  return %3 : tensor<2x4x8xf32>
}
"""


def test_sharded_matmul_chain_matches_numpy():
    rng = np.random.default_rng(1)
    a = rng.standard_normal((2, 8, 6)).astype(np.float32)
    b = rng.standard_normal((2, 6, 4)).astype(np.float32)
    bias = rng.standard_normal((1, 1, 4)).astype(np.float32)
    module = _module(SHARDED)
    got = api.run(module, [a, b, bias], check=True).outputs[0]
    want = np.transpose(np.tanh(a.astype(np.float64) @ b + bias), (0, 2, 1))
    assert_close(got, want, k=6, magnitude=float(np.max(np.abs(a) @ np.abs(b))), dtype=np.float32)
    compiled = print_op(api.compile(_module(SHARDED)).module)
    assert "all_reduce" in compiled or "reduce_scatter" in compiled  # the split contraction is summed
