"""Reference interpreter: linalg ops (destination-passing style), with the
region ops' reductions exact for any body. Expected values are worked out by
hand in comments (or with numpy for the larger relayouts)."""

from __future__ import annotations

import numpy as np
import pytest

from meshc.ir.verifier import verify
from meshc.parser import parse
from meshc.runtime.interpreter import Interpreter
from meshc.runtime.ops.linalg import analyse_region_op


def module(text: str):
    m = parse(text, "t.mlir")
    verify(m)
    return m


def run(text: str, *args, entry: str = "main"):
    return Interpreter(module(text)).call(entry, list(args))


A = np.array([[1, 2], [3, 4]], np.float32)
B = np.array([[5, 6], [7, 8]], np.float32)
ONES = np.ones((2, 2), np.float32)
AB_PLUS_1 = [[20, 23], [44, 51]]  # a @ b = [[19, 22], [43, 50]], plus the init 1


# ---------------------------------------------------------------- named ops


def test_matmul_accumulates_into_its_init():
    text = """
    func.func @main(%a: tensor<2x2xf32>, %b: tensor<2x2xf32>, %c: tensor<2x2xf32>) -> tensor<2x2xf32> {
      %r = linalg.matmul ins(%a, %b : tensor<2x2xf32>, tensor<2x2xf32>) outs(%c : tensor<2x2xf32>) -> tensor<2x2xf32>
      return %r : tensor<2x2xf32>
    }"""
    (r,) = run(text, A, B, ONES)
    np.testing.assert_array_equal(r, AB_PLUS_1)
    np.testing.assert_array_equal(ONES, 1)  # the init was not written


def test_matmul_with_user_indexing_maps_reads_a_transposed_lhs():
    text = """
    func.func @main(%at: tensor<2x2xf32>, %b: tensor<2x2xf32>, %c: tensor<2x2xf32>) -> tensor<2x2xf32> {
      %r = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
          ins(%at, %b : tensor<2x2xf32>, tensor<2x2xf32>) outs(%c : tensor<2x2xf32>) -> tensor<2x2xf32>
      return %r : tensor<2x2xf32>
    }"""
    np.testing.assert_array_equal(run(text, A.T.copy(), B, ONES)[0], AB_PLUS_1)


def test_integer_matmul_casts_inputs_to_the_accumulator():
    text = """
    func.func @main(%a: tensor<1x2xi8>, %b: tensor<2x1xi8>, %c: tensor<1x1xi32>) -> tensor<1x1xi32> {
      %r = linalg.matmul ins(%a, %b : tensor<1x2xi8>, tensor<2x1xi8>) outs(%c : tensor<1x1xi32>) -> tensor<1x1xi32>
      return %r : tensor<1x1xi32>
    }"""
    a = np.array([[100, -100]], np.int8)
    b = np.array([[100], [-100]], np.int8)
    (r,) = run(text, a, b, np.array([[5]], np.int32))
    assert r.dtype == np.int32 and r[0, 0] == 20005  # 100*100 + (-100)*(-100) + 5, no i8 wrap


def test_batch_matmul_matvec_vecmat_dot():
    text = """
    func.func @main(%a: tensor<2x2x2xf32>, %m: tensor<2x2xf32>, %v: tensor<2xf32>,
                    %c3: tensor<2x2x2xf32>, %c1: tensor<2xf32>, %c0: tensor<f32>)
        -> (tensor<2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<f32>) {
      %bm = linalg.batch_matmul ins(%a, %a : tensor<2x2x2xf32>, tensor<2x2x2xf32>) outs(%c3 : tensor<2x2x2xf32>) -> tensor<2x2x2xf32>
      %mv = linalg.matvec ins(%m, %v : tensor<2x2xf32>, tensor<2xf32>) outs(%c1 : tensor<2xf32>) -> tensor<2xf32>
      %vm = linalg.vecmat ins(%v, %m : tensor<2xf32>, tensor<2x2xf32>) outs(%c1 : tensor<2xf32>) -> tensor<2xf32>
      %d = linalg.dot ins(%v, %v : tensor<2xf32>, tensor<2xf32>) outs(%c0 : tensor<f32>) -> tensor<f32>
      return %bm, %mv, %vm, %d : tensor<2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<f32>
    }"""
    a = np.stack([A, B])
    v = np.array([1, 10], np.float32)
    bm, mv, vm, d = run(text, a, A, v, np.zeros((2, 2, 2), np.float32), np.zeros(2, np.float32),
                        np.array(0.5, np.float32))
    # A @ A = [[7, 10], [15, 22]], B @ B = [[67, 78], [91, 106]]
    np.testing.assert_array_equal(bm, [[[7, 10], [15, 22]], [[67, 78], [91, 106]]])
    np.testing.assert_array_equal(mv, [21, 43])  # [1 + 20, 3 + 40]
    np.testing.assert_array_equal(vm, [31, 42])  # [1 + 30, 2 + 40]
    assert d.shape == () and d == 101.5  # 1 + 100 + 0.5


def test_pack_mmt4d_unpack_is_a_matmul():
    text = """
    func.func @main(%a: tensor<4x6xf32>, %bt: tensor<4x6xf32>) -> tensor<4x4xf32> {
      %z = arith.constant 0.0 : f32
      %pa0 = tensor.empty() : tensor<2x3x2x2xf32>
      %pa = linalg.pack %a inner_dims_pos = [0, 1] inner_tiles = [2, 2] into %pa0 : tensor<4x6xf32> -> tensor<2x3x2x2xf32>
      %pb = linalg.pack %bt inner_dims_pos = [0, 1] inner_tiles = [2, 2] into %pa0 : tensor<4x6xf32> -> tensor<2x3x2x2xf32>
      %acc0 = tensor.empty() : tensor<2x2x2x2xf32>
      %acc = linalg.fill ins(%z : f32) outs(%acc0 : tensor<2x2x2x2xf32>) -> tensor<2x2x2x2xf32>
      %mm = linalg.mmt4d ins(%pa, %pb : tensor<2x3x2x2xf32>, tensor<2x3x2x2xf32>) outs(%acc : tensor<2x2x2x2xf32>) -> tensor<2x2x2x2xf32>
      %e = tensor.empty() : tensor<4x4xf32>
      %r = linalg.unpack %mm inner_dims_pos = [0, 1] inner_tiles = [2, 2] into %e : tensor<2x2x2x2xf32> -> tensor<4x4xf32>
      return %r : tensor<4x4xf32>
    }"""
    rng = np.random.default_rng(0)
    a = rng.integers(-4, 4, (4, 6)).astype(np.float32)
    bt = rng.integers(-4, 4, (4, 6)).astype(np.float32)
    np.testing.assert_array_equal(run(text, a, bt)[0], a @ bt.T)  # small integers: exact


def test_pack_with_padding_and_outer_perm():
    a = np.array([[1, 2], [3, 4], [5, 6]], np.float32)
    text = """
    func.func @main(%a: tensor<3x2xf32>) -> tensor<2x2x2xf32> {
      %p = arith.constant -1.0 : f32
      %d = tensor.empty() : tensor<2x2x2xf32>
      %r = linalg.pack %a padding_value(%p : f32) outer_dims_perm = [1, 0] inner_dims_pos = [0] inner_tiles = [2] into %d
          : tensor<3x2xf32> -> tensor<2x2x2xf32>
      return %r : tensor<2x2x2xf32>
    }"""
    (r,) = run(text, a)
    # r[col, row_tile, t] = a[2 * row_tile + t, col]; row 3 is padding (-1)
    np.testing.assert_array_equal(r, [[[1, 3], [5, -1]], [[2, 4], [6, -1]]])


def test_fill_copy_transpose_broadcast():
    text = """
    func.func @main(%x: tensor<2x3xf32>, %v: tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2x3xi32>, tensor<3x2xf32>, tensor<2x3xf32>) {
      %c = arith.constant 2.5 : f32
      %e = tensor.empty() : tensor<2x3xf32>
      %f = linalg.fill ins(%c : f32) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
      %ei = tensor.empty() : tensor<2x3xi32>
      %cp = linalg.copy ins(%x : tensor<2x3xf32>) outs(%ei : tensor<2x3xi32>) -> tensor<2x3xi32>
      %et = tensor.empty() : tensor<3x2xf32>
      %t = linalg.transpose ins(%x : tensor<2x3xf32>) outs(%et : tensor<3x2xf32>) permutation = [1, 0]
      %b = linalg.broadcast ins(%v : tensor<3xf32>) outs(%e : tensor<2x3xf32>) dimensions = [0]
      return %f, %cp, %t, %b : tensor<2x3xf32>, tensor<2x3xi32>, tensor<3x2xf32>, tensor<2x3xf32>
    }"""
    x = np.array([[1.5, -2.5, 3.0], [4.0, 5.9, -6.1]], np.float32)
    v = np.array([7, 8, 9], np.float32)
    f, cp, t, b = run(text, x, v)
    np.testing.assert_array_equal(f, np.full((2, 3), 2.5))
    np.testing.assert_array_equal(cp, [[1, -2, 3], [4, 5, -6]])  # fptosi rounds toward zero
    np.testing.assert_array_equal(t, x.T)
    np.testing.assert_array_equal(b, [[7, 8, 9], [7, 8, 9]])


def test_elementwise_named_ops():
    text = """
    func.func @main(%x: tensor<3xf32>, %y: tensor<3xf32>, %c: tensor<3xi1>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) {
      %e = tensor.empty() : tensor<3xf32>
      %a = linalg.add ins(%x, %y : tensor<3xf32>, tensor<3xf32>) outs(%e : tensor<3xf32>) -> tensor<3xf32>
      %m = linalg.max ins(%x, %y : tensor<3xf32>, tensor<3xf32>) outs(%e : tensor<3xf32>) -> tensor<3xf32>
      %s = linalg.select ins(%c, %x, %y : tensor<3xi1>, tensor<3xf32>, tensor<3xf32>) outs(%e : tensor<3xf32>) -> tensor<3xf32>
      %q = linalg.sqrt ins(%y : tensor<3xf32>) outs(%e : tensor<3xf32>) -> tensor<3xf32>
      return %a, %m, %s, %q : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>
    }"""
    x = np.array([1, np.nan, -3], np.float32)
    y = np.array([4, 9, 16], np.float32)
    a, m, s, q = run(text, x, y, np.array([True, False, True]))
    np.testing.assert_array_equal(a, [5, np.nan, 13])
    np.testing.assert_array_equal(m, [4, np.nan, 16])  # linalg.max is maximumf: NaN propagates
    np.testing.assert_array_equal(s, [1, 9, -3])
    np.testing.assert_array_equal(q, [2, 3, 4])


# ---------------------------------------------------------------- reductions


REDUCE = """
func.func @main(%x: tensor<2x3xf32>, %init: tensor<2xf32>) -> tensor<2xf32> {{
  %r = linalg.reduce ins(%x : tensor<2x3xf32>) outs(%init : tensor<2xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {{
      %m = arith.{op} %in, %acc : f32
      linalg.yield %m : f32
    }}
  return %r : tensor<2xf32>
}}
"""


@pytest.mark.parametrize("op, expect", [
    ("addf", [106, np.nan]),  # 100 + 1 + 2 + 3; NaN in row 1
    ("maximumf", [100, np.nan]),  # the init 100 is the max of row 0; row 1 has a NaN: NaN
    ("maxnumf", [100, 6]),  # NaN ignored: row 1 is max(-1, NaN, 6, 4) = 6
    ("minimumf", [1, np.nan]),
])
def test_reduce_combiners_follow_the_arith_nan_rules(op, expect):
    x = np.array([[1, 2, 3], [np.nan, 6, 4]], np.float32)
    init = np.array([100, -1], np.float32)
    (r,) = run(REDUCE.format(op=op), x, init)
    np.testing.assert_array_equal(r, expect)


NON_ASSOCIATIVE = """
func.func @main(%x: tensor<{n}xf32>, %init: tensor<f32>) -> tensor<f32> {{
  %half = arith.constant 0.5 : f32
  %r = linalg.generic {{indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]}}
      ins(%x : tensor<{n}xf32>) outs(%init : tensor<f32>) {{
  ^bb0(%in: f32, %out: f32):
    %h = arith.mulf %out, %half : f32
    %s = arith.addf %h, %in : f32
    linalg.yield %s : f32
  }} -> tensor<f32>
  return %r : tensor<f32>
}}
"""


def test_non_associative_reduction_runs_in_order():
    (r,) = run(NON_ASSOCIATIVE.format(n=4), np.array([1, 2, 3, 4], np.float32), np.array(0, np.float32))
    # ((((0 * .5 + 1) * .5 + 2) * .5 + 3) * .5 + 4: 1 -> 2.5 -> 4.25 -> 6.125
    assert r == 6.125
    # the combiner addf takes %h, which reads %out: no fast path
    op = next(o for o in module(NON_ASSOCIATIVE.format(n=4)).walk() if o.name == "linalg.generic")
    assert analyse_region_op(op).combiners is None


def test_reduction_whose_output_is_used_twice_is_ordered():
    text = """
    func.func @main(%x: tensor<3xf32>, %init: tensor<f32>) -> tensor<f32> {
      %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]}
          ins(%x : tensor<3xf32>) outs(%init : tensor<f32>) {
      ^bb0(%in: f32, %out: f32):
        %p = arith.mulf %out, %in : f32
        %s = arith.addf %p, %out : f32
        linalg.yield %s : f32
      } -> tensor<f32>
      return %r : tensor<f32>
    }"""
    # out = out * (x + 1): 1 * 2 * 3 * 4 = 24
    assert run(text, np.array([1, 2, 3], np.float32), np.array(1, np.float32))[0] == 24


def test_integer_sum_reduction_wraps():
    text = """
    func.func @main(%x: tensor<3xi8>, %init: tensor<i8>) -> tensor<i8> {
      %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]}
          ins(%x : tensor<3xi8>) outs(%init : tensor<i8>) {
      ^bb0(%in: i8, %out: i8):
        %s = arith.addi %out, %in : i8
        linalg.yield %s : i8
      } -> tensor<i8>
      return %r : tensor<i8>
    }"""
    (r,) = run(text, np.array([100, 100, 100], np.int8), np.array(0, np.int8))
    assert r == 44  # 300 - 256


def test_two_outputs_sum_and_max_with_a_partial_body():
    text = """
    func.func @main(%x: tensor<2x3xf32>, %s0: tensor<2xf32>, %m0: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
      %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>],
                             iterator_types = ["parallel", "reduction"]}
          ins(%x : tensor<2x3xf32>) outs(%s0, %m0 : tensor<2xf32>, tensor<2xf32>) {
      ^bb0(%in: f32, %s: f32, %m: f32):
        %sq = arith.mulf %in, %in : f32
        %a = arith.addf %sq, %s : f32
        %b = arith.maximumf %m, %in : f32
        linalg.yield %a, %b : f32, f32
      } -> (tensor<2xf32>, tensor<2xf32>)
      return %r#0, %r#1 : tensor<2xf32>, tensor<2xf32>
    }"""
    x = np.array([[1, -2, 3], [4, 5, -6]], np.float32)
    s, m = run(text, x, np.zeros(2, np.float32), np.full(2, -100, np.float32))
    np.testing.assert_array_equal(s, [14, 77])  # 1 + 4 + 9, 16 + 25 + 36
    np.testing.assert_array_equal(m, [3, 5])
    op = next(o for o in module(text).walk() if o.name == "linalg.generic")
    a = analyse_region_op(op)
    assert a.combiners == ["addf", "maximumf"] and a.einsum is None
    assert [o.name for _, o, *_ in a.partial_steps] == ["arith.mulf"]  # only the contribution of %a


def test_matmul_written_as_a_generic_becomes_an_einsum():
    text = """
    func.func @main(%a: tensor<2x2xf32>, %b: tensor<2x2xf32>, %c: tensor<2x2xf32>) -> tensor<2x2xf32> {
      %r = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>],
                           iterator_types = ["parallel", "parallel", "reduction"]}
          ins(%a, %b : tensor<2x2xf32>, tensor<2x2xf32>) outs(%c : tensor<2x2xf32>) {
      ^bb0(%x: f32, %y: f32, %o: f32):
        %p = arith.mulf %x, %y : f32
        %s = arith.addf %o, %p : f32
        linalg.yield %s : f32
      } -> tensor<2x2xf32>
      return %r : tensor<2x2xf32>
    }"""
    np.testing.assert_array_equal(run(text, A, B, ONES)[0], AB_PLUS_1)
    op = next(o for o in module(text).walk() if o.name == "linalg.generic")
    assert analyse_region_op(op).einsum == "ac,cb->ab"


# ---------------------------------------------------------------- generic: maps and index


def test_linalg_index_builds_an_iota():
    text = """
    func.func @main() -> tensor<2x3xi32> {
      %e = tensor.empty() : tensor<2x3xi32>
      %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
          outs(%e : tensor<2x3xi32>) {
      ^bb0(%out: i32):
        %i = linalg.index 0 : index
        %j = linalg.index 1 : index
        %c10 = arith.constant 10 : index
        %t = arith.muli %i, %c10 : index
        %s = arith.addi %t, %j : index
        %v = arith.index_cast %s : index to i32
        linalg.yield %v : i32
      } -> tensor<2x3xi32>
      return %r : tensor<2x3xi32>
    }"""
    np.testing.assert_array_equal(run(text)[0], [[0, 1, 2], [10, 11, 12]])


def test_index_of_a_reduction_loop_in_an_ordered_reduction():
    text = """
    func.func @main(%x: tensor<3xf32>, %init: tensor<f32>) -> tensor<f32> {
      %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]}
          ins(%x : tensor<3xf32>) outs(%init : tensor<f32>) {
      ^bb0(%in: f32, %out: f32):
        %k = linalg.index 0 : index
        %ki = arith.index_cast %k : index to i32
        %kf = arith.sitofp %ki : i32 to f32
        %w = arith.mulf %in, %kf : f32
        %h = arith.subf %out, %w : f32
        linalg.yield %h : f32
      } -> tensor<f32>
      return %r : tensor<f32>
    }"""
    # subf is not a combiner: ordered; 10 - 0*1 - 1*2 - 2*3 = 2
    assert run(text, np.array([1, 2, 3], np.float32), np.array(10, np.float32))[0] == 2


def test_broadcast_constant_and_transposed_maps():
    text = """
    func.func @main(%col: tensor<2x1xf32>, %row: tensor<3xf32>) -> tensor<3x2xf32> {
      %e = tensor.empty() : tensor<3x2xf32>
      %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1, d0)>],
                           iterator_types = ["parallel", "parallel"]}
          ins(%col, %row : tensor<2x1xf32>, tensor<3xf32>) outs(%e : tensor<3x2xf32>) {
      ^bb0(%c: f32, %r: f32, %o: f32):
        %s = arith.subf %r, %c : f32
        linalg.yield %s : f32
      } -> tensor<3x2xf32>
      return %r : tensor<3x2xf32>
    }"""
    col = np.array([[1], [2]], np.float32)
    row = np.array([10, 20, 30], np.float32)
    # out[j, i] = row[j] - col[i]
    np.testing.assert_array_equal(run(text, col, row)[0], [[9, 8], [19, 18], [29, 28]])


def test_generic_capturing_a_value_and_yielding_a_constant():
    text = """
    func.func @main(%x: tensor<3xf32>, %k: f32) -> (tensor<3xf32>, tensor<3xf32>) {
      %e = tensor.empty() : tensor<3xf32>
      %r:2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                             iterator_types = ["parallel"]}
          ins(%x : tensor<3xf32>) outs(%e, %e : tensor<3xf32>, tensor<3xf32>) {
      ^bb0(%in: f32, %o1: f32, %o2: f32):
        %s = arith.mulf %in, %k : f32
        %seven = arith.constant 7.0 : f32
        linalg.yield %s, %seven : f32, f32
      } -> (tensor<3xf32>, tensor<3xf32>)
      return %r#0, %r#1 : tensor<3xf32>, tensor<3xf32>
    }"""
    a, b = run(text, np.array([1, 2, 3], np.float32), np.float32(-2))
    np.testing.assert_array_equal(a, [-2, -4, -6])
    np.testing.assert_array_equal(b, [7, 7, 7])


def test_map_long_form_and_body_temporaries():
    text = """
    func.func @main(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
      %e = tensor.empty() : tensor<4xf32>
      %r = linalg.map ins(%x, %y : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>)
        (%a: f32, %b: f32) {
          %p = arith.mulf %a, %b : f32
          %q = arith.addf %p, %a : f32
          %n = arith.negf %q : f32
          linalg.yield %n : f32
        }
      return %r : tensor<4xf32>
    }"""
    x = np.array([1, 2, 3, 4], np.float32)
    y = np.array([2, 2, 2, 2], np.float32)
    np.testing.assert_array_equal(run(text, x, y)[0], [-3, -6, -9, -12])  # -(x * y + x)
    np.testing.assert_array_equal(x, [1, 2, 3, 4])  # inputs untouched by the donated temporaries


YIELD_ONLY = """
func.func @main(%a: tensor<3xf32>, %b: tensor<2x3xf32>) -> (tensor<3x2xf32>, tensor<2x3xf32>) {
  %e = tensor.empty() : tensor<3x2xf32>
  %f = tensor.empty() : tensor<2x3xf32>
  %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>,
                                          affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>],
                         iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<3xf32>, tensor<2x3xf32>) outs(%e, %f : tensor<3x2xf32>, tensor<2x3xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32, %p: f32):
    linalg.yield %y, %x : f32, f32
  } -> (tensor<3x2xf32>, tensor<2x3xf32>)
  return %r#0, %r#1 : tensor<3x2xf32>, tensor<2x3xf32>
}
"""


def test_a_body_that_only_yields_its_arguments_copies_and_broadcasts_them():
    a = np.array([1, 2, 3], np.float32)
    b = np.array([[10, 20, 30], [40, 50, 60]], np.float32)
    m = module(YIELD_ONLY)
    generic = next(op for op in m.walk() if op.name == "linalg.generic")
    assert analyse_region_op(generic).yields == (1, 0)  # %y, %x: no block to run
    r0, r1 = Interpreter(m).call("main", [a, b])
    # r0[j, i] = b[i, j] (the transposed output map); r1[i, j] = a[j] (broadcast over rows)
    np.testing.assert_array_equal(r0, [[10, 40], [20, 50], [30, 60]])
    np.testing.assert_array_equal(r1, [[1, 2, 3], [1, 2, 3]])
    assert not np.shares_memory(r0, b) and not np.shares_memory(r1, a) and r1.flags.writeable


FILLED_REDUCE = """
func.func @main(%x: tensor<2x3xf32>) -> tensor<2xf32> {{
  %c = arith.constant {init} : f32
  %e = tensor.empty() : tensor<2xf32>
  %f = linalg.fill ins(%c : f32) outs(%e : tensor<2xf32>) -> tensor<2xf32>
  %r = linalg.generic {{indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}}
      ins(%x : tensor<2x3xf32>) outs(%f : tensor<2xf32>) {{
  ^bb0(%in: f32, %out: f32):
    %s = arith.{op} %out, %in : f32
    linalg.yield %s : f32
  }} -> tensor<2xf32>
  return %r : tensor<2xf32>
}}
"""


@pytest.mark.parametrize("op, init, expect", [
    # row 0 is all -0.0, row 1 has a NaN; every call after the first runs the compiled function
    ("addf", "0.0", [0.0, np.nan]),  # -0 + -0 + -0 = -0, plus the init +0: +0
    ("addf", "-0.0", [-0.0, np.nan]),  # the init is addf's identity: -0 stays
    ("addf", "1.5", [1.5, np.nan]),
    ("maximumf", "0xFF800000", [-0.0, np.nan]),  # -inf, maximumf's identity
    ("maximumf", "0.0", [0.0, np.nan]),  # max(-0, +0) = +0
    ("mulf", "1.0", [-0.0, np.nan]),  # (-0)^3 = -0
])
def test_a_reduction_into_a_filled_constant_keeps_the_bits_of_the_combine(op, init, expect):
    x = np.array([[-0.0, -0.0, -0.0], [1.0, np.nan, 2.0]], np.float32)
    interp = Interpreter(module(FILLED_REDUCE.format(op=op, init=init)))
    for _ in range(3):  # the first call compiles the block, the second generates its function
        (r,) = interp.call("main", [x])
        np.testing.assert_array_equal(r, expect)
        assert list(np.signbit(r)) == list(np.signbit(np.array(expect, np.float32)))
    ref = Interpreter(module(FILLED_REDUCE.format(op=op, init=init)))
    (k,) = ref.run_block(ref.lookup("main").regions[0].blocks[0], [x], {})  # op by op on the kernels
    assert r.tobytes() == k.tobytes()
    assert interp.stats["linalg.generic"] == 3
