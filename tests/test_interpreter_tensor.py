"""Reference interpreter: tensor ops (slices with static and dynamic
offsets/sizes/strides, reshapes, pad, concat, element access, generate).
Expected values are worked out by hand in comments."""

from __future__ import annotations

import numpy as np
import pytest

from meshc.ir.location import DiagnosticError
from meshc.ir.verifier import verify
from meshc.parser import parse
from meshc.runtime.interpreter import Interpreter


def run(text: str, *args, entry: str = "main"):
    m = parse(text, "t.mlir")
    verify(m)
    return Interpreter(m).call(entry, list(args))


X = np.arange(30, dtype=np.float32).reshape(5, 6)  # X[i, j] = 6 * i + j


def test_strided_extract_slice():
    text = """
    func.func @main(%x: tensor<5x6xf32>) -> tensor<2x2xf32> {
      %s = tensor.extract_slice %x[1, 0] [2, 2] [2, 3] : tensor<5x6xf32> to tensor<2x2xf32>
      return %s : tensor<2x2xf32>
    }"""
    # rows 1, 3 and columns 0, 3: [[6, 9], [18, 21]]
    np.testing.assert_array_equal(run(text, X)[0], [[6, 9], [18, 21]])


def test_dynamic_offsets_sizes_strides_and_rank_reduction():
    text = """
    func.func @main(%x: tensor<5x6xf32>, %o: index, %n: index, %s: index) -> (tensor<?xf32>, tensor<3xf32>) {
      %a = tensor.extract_slice %x[%o, 1] [1, %n] [1, %s] : tensor<5x6xf32> to tensor<?xf32>
      %b = tensor.extract_slice %x[0, %o] [3, 1] [2, 1] : tensor<5x6xf32> to tensor<3xf32>
      return %a, %b : tensor<?xf32>, tensor<3xf32>
    }"""
    a, b = run(text, X, np.int64(4), np.int64(3), np.int64(2))
    np.testing.assert_array_equal(a, [25, 27, 29])  # row 4, columns 1, 3, 5
    np.testing.assert_array_equal(b, [4, 16, 28])  # rows 0, 2, 4 of column 4


def test_strided_insert_slice_leaves_the_destination_unwritten():
    text = """
    func.func @main(%src: tensor<2x2xf32>, %dst: tensor<5x6xf32>) -> tensor<5x6xf32> {
      %r = tensor.insert_slice %src into %dst[0, 1] [2, 2] [3, 4] : tensor<2x2xf32> into tensor<5x6xf32>
      return %r : tensor<5x6xf32>
    }"""
    dst = np.zeros((5, 6), np.float32)
    (r,) = run(text, np.array([[1, 2], [3, 4]], np.float32), dst)
    expect = np.zeros((5, 6), np.float32)
    expect[0, 1], expect[0, 5], expect[3, 1], expect[3, 5] = 1, 2, 3, 4  # rows 0, 3; columns 1, 5
    np.testing.assert_array_equal(r, expect)
    assert not dst.any()


def test_insert_slice_out_of_bounds_is_an_error():
    text = """func.func @main(%src: tensor<2xf32>, %dst: tensor<5xf32>, %o: index) -> tensor<5xf32> {
  %r = tensor.insert_slice %src into %dst[%o] [2] [3] : tensor<2xf32> into tensor<5xf32>
  return %r : tensor<5xf32>
}"""
    with pytest.raises(DiagnosticError) as err:
        run(text, np.ones(2, np.float32), np.zeros(5, np.float32), np.int64(2))  # writes 2 and 5 > 4
    assert "dim 0: offset 2, size 2, stride 3 out of bounds for extent 5" in err.value.message
    assert err.value.location.line == 2


def test_expand_collapse_and_reshape():
    text = """
    func.func @main(%x: tensor<6xf32>, %n: index) -> (tensor<2x3xf32>, tensor<?x2xf32>, tensor<6xf32>, tensor<3x2xf32>) {
      %a = tensor.expand_shape %x [[0, 1]] output_shape [2, 3] : tensor<6xf32> into tensor<2x3xf32>
      %xd = tensor.cast %x : tensor<6xf32> to tensor<?xf32>
      %b = tensor.expand_shape %xd [[0, 1]] output_shape [%n, 2] : tensor<?xf32> into tensor<?x2xf32>
      %c = tensor.collapse_shape %a [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
      %sh = arith.constant dense<[3, 2]> : tensor<2xindex>
      %d = tensor.reshape %x(%sh) : (tensor<6xf32>, tensor<2xindex>) -> tensor<3x2xf32>
      return %a, %b, %c, %d : tensor<2x3xf32>, tensor<?x2xf32>, tensor<6xf32>, tensor<3x2xf32>
    }"""
    x = np.arange(6, dtype=np.float32)
    a, b, c, d = run(text, x, np.int64(3))
    np.testing.assert_array_equal(a, [[0, 1, 2], [3, 4, 5]])
    np.testing.assert_array_equal(b, [[0, 1], [2, 3], [4, 5]])
    np.testing.assert_array_equal(c, x)
    np.testing.assert_array_equal(d, [[0, 1], [2, 3], [4, 5]])


def test_collapse_to_rank_zero_and_back():
    text = """
    func.func @main(%x: tensor<1x1xf32>) -> (tensor<f32>, tensor<1xf32>) {
      %a = tensor.collapse_shape %x [] : tensor<1x1xf32> into tensor<f32>
      %b = tensor.expand_shape %a [] output_shape [1] : tensor<f32> into tensor<1xf32>
      return %a, %b : tensor<f32>, tensor<1xf32>
    }"""
    a, b = run(text, np.array([[7]], np.float32))
    assert a.shape == () and a == 7
    np.testing.assert_array_equal(b, [7])


def test_pad_with_a_constant_and_with_an_index_dependent_value():
    text = """
    func.func @main(%x: tensor<2x2xf32>, %lo: index) -> (tensor<3x5xf32>, tensor<2x4xf32>) {
      %c = arith.constant -1.0 : f32
      %a = tensor.pad %x low[1, %lo] high[0, 1] {
      ^bb0(%i: index, %j: index):
        tensor.yield %c : f32
      } : tensor<2x2xf32> to tensor<3x5xf32>
      %b = tensor.pad %x low[0, 1] high[0, 1] {
      ^bb0(%i: index, %j: index):
        %s = arith.addi %i, %j : index
        %v = arith.index_cast %s : index to i32
        %f = arith.sitofp %v : i32 to f32
        tensor.yield %f : f32
      } : tensor<2x2xf32> to tensor<2x4xf32>
      return %a, %b : tensor<3x5xf32>, tensor<2x4xf32>
    }"""
    x = np.array([[10, 20], [30, 40]], np.float32)
    a, b = run(text, x, np.int64(2))
    np.testing.assert_array_equal(a, [[-1, -1, -1, -1, -1], [-1, -1, 10, 20, -1], [-1, -1, 30, 40, -1]])
    # padding value i + j at the padded positions: (0, 0) -> 0, (0, 3) -> 3, (1, 0) -> 1, (1, 3) -> 4
    np.testing.assert_array_equal(b, [[0, 10, 20, 3], [1, 30, 40, 4]])


def test_concat_extract_insert_dim_cast():
    text = """
    func.func @main(%a: tensor<1x2xf32>, %b: tensor<2x2xf32>, %i: index) -> (tensor<3x2xf32>, f32, tensor<2x2xf32>, index, tensor<?x2xf32>) {
      %c = tensor.concat dim(0) %a, %b : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<3x2xf32>
      %c1 = arith.constant 1 : index
      %e = tensor.extract %c[%i, %c1] : tensor<3x2xf32>
      %n = tensor.insert %e into %b[%c1, %c1] : tensor<2x2xf32>
      %d = tensor.dim %c, %c1 : tensor<3x2xf32>
      %k = tensor.cast %b : tensor<2x2xf32> to tensor<?x2xf32>
      return %c, %e, %n, %d, %k : tensor<3x2xf32>, f32, tensor<2x2xf32>, index, tensor<?x2xf32>
    }"""
    a = np.array([[1, 2]], np.float32)
    b = np.array([[3, 4], [5, 6]], np.float32)
    c, e, n, d, k = run(text, a, b, np.int64(2))
    np.testing.assert_array_equal(c, [[1, 2], [3, 4], [5, 6]])
    assert e == 6 and e.dtype == np.float32  # c[2, 1]
    np.testing.assert_array_equal(n, [[3, 4], [5, 6]])  # 6 written where 6 already was
    assert d == 2 and d.dtype == np.int64
    np.testing.assert_array_equal(k, b)


def test_cast_to_a_wrong_static_shape_is_an_error():
    text = """func.func @main(%b: tensor<?x2xf32>) -> tensor<3x2xf32> {
  %k = tensor.cast %b : tensor<?x2xf32> to tensor<3x2xf32>
  return %k : tensor<3x2xf32>
}"""
    with pytest.raises(DiagnosticError, match=r"value of shape \[2, 2\] does not match the result type"):
        run(text, np.zeros((2, 2), np.float32))


def test_empty_splat_from_elements_generate():
    text = """
    func.func @main(%v: f32, %n: index) -> (tensor<2xf32>, tensor<?x2xf32>, tensor<3xf32>, tensor<2x3xi32>) {
      %e = tensor.empty() : tensor<2xf32>
      %s = tensor.splat %v[%n] : tensor<?x2xf32>
      %f = tensor.from_elements %v, %v, %v : tensor<3xf32>
      %g = tensor.generate {
      ^bb0(%i: index, %j: index):
        %p = arith.muli %i, %j : index
        %q = arith.index_cast %p : index to i32
        tensor.yield %q : i32
      } : tensor<2x3xi32>
      return %e, %s, %f, %g : tensor<2xf32>, tensor<?x2xf32>, tensor<3xf32>, tensor<2x3xi32>
    }"""
    e, s, f, g = run(text, np.float32(1.5), np.int64(3))
    np.testing.assert_array_equal(e, [0, 0])  # deterministic contents
    np.testing.assert_array_equal(s, np.full((3, 2), 1.5))
    np.testing.assert_array_equal(f, [1.5, 1.5, 1.5])
    np.testing.assert_array_equal(g, [[0, 0, 0], [0, 1, 2]])


def test_extract_inside_a_generic_body_gathers():
    text = """
    func.func @main(%table: tensor<4xf32>, %idx: tensor<3xi32>) -> tensor<3xf32> {
      %e = tensor.empty() : tensor<3xf32>
      %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
          ins(%idx : tensor<3xi32>) outs(%e : tensor<3xf32>) {
      ^bb0(%i: i32, %o: f32):
        %k = arith.index_cast %i : i32 to index
        %v = tensor.extract %table[%k] : tensor<4xf32>
        linalg.yield %v : f32
      } -> tensor<3xf32>
      return %r : tensor<3xf32>
    }"""
    table = np.array([10, 20, 30, 40], np.float32)
    np.testing.assert_array_equal(run(text, table, np.array([3, 0, 2], np.int32))[0], [40, 10, 30])
    with pytest.raises(DiagnosticError, match=r"indices of dim 0 span \[0, 4\], outside extent 4"):
        run(text, table, np.array([4, 0, 2], np.int32))
