"""tensor dialect: round trips of every op (custom and generic form), the
MLIR-style storage of mixed offsets/sizes/strides, accessors and builders,
and located verification errors (MLIR TensorOps.td rules)."""

from __future__ import annotations

import textwrap

import pytest

from meshc.dialects.tensor import (K_DYNAMIC, CollapseShapeOp, ConcatOp, EmptyOp, ExpandShapeOp, ExtractSliceOp,
                                   InsertSliceOp, PadOp, ParallelInsertSliceOp, join_mixed, rank_reduction_mask,
                                   split_mixed)
from meshc.ir import F32, INDEX, Block, DenseArrayAttr, DiagnosticError, Region, TensorType, print_op, verify
from meshc.parser import parse
from tests.irtest import expect_error, roundtrip


def ops_named(module, name: str) -> list:
    return [op for op in module.walk() if op.name == name]


ALL_OPS = """
func.func @f(%t: tensor<8x16xf32>, %d: index, %s: tensor<4xf32>, %u: tensor<2x?xf32>) -> tensor<?x4xf32> {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty(%d) : tensor<?x4xf32>
  %x = tensor.extract_slice %t[%c0, 0] [1, 4] [1, 1] : tensor<8x16xf32> to tensor<4xf32>
  %x2 = tensor.extract_slice %t[0, %d] [%d, 4] [2, 1] : tensor<8x16xf32> to tensor<?x4xf32>
  %y = tensor.insert_slice %s into %t[2, %c0] [1, 4] [1, 2] : tensor<4xf32> into tensor<8x16xf32>
  %ex = tensor.expand_shape %s [[0, 1]] output_shape [2, 2] : tensor<4xf32> into tensor<2x2xf32>
  %ex2 = tensor.expand_shape %s [[0, 1]] : tensor<4xf32> into tensor<4x1xf32>
  %ex3 = tensor.expand_shape %u [[0], [1, 2]] output_shape [2, %d, 4] : tensor<2x?xf32> into tensor<2x?x4xf32>
  %co = tensor.collapse_shape %t [[0, 1]] : tensor<8x16xf32> into tensor<128xf32>
  %one = tensor.empty() : tensor<1x1xf32>
  %sc = tensor.collapse_shape %one [] : tensor<1x1xf32> into tensor<f32>
  %ca = tensor.cast %s : tensor<4xf32> to tensor<?xf32>
  %bc = tensor.bitcast %s : tensor<4xf32> to tensor<4xi32>
  %dm = tensor.dim %ca, %c0 : tensor<?xf32>
  %p = tensor.pad %t nofold low[1, %c0] high[2, 3] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<8x16xf32> to tensor<11x?xf32>
  %cc = tensor.concat dim(0) %t, %t : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<16x16xf32>
  %el = tensor.extract %t[%c0, %c0] : tensor<8x16xf32>
  %in = tensor.insert %el into %s[%c0] : tensor<4xf32>
  %fe = tensor.from_elements %el, %el : tensor<2xf32>
  %sp = tensor.splat %el[%d] : tensor<?x4xf32>
  %sp2 = tensor.splat %el : tensor<2x2xf32>
  %sh = arith.constant dense<[2, 2]> : tensor<2xindex>
  %rs = tensor.reshape %s(%sh) : (tensor<4xf32>, tensor<2xindex>) -> tensor<2x2xf32>
  %g = tensor.generate %d {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<?x4xf32>
  return %g : tensor<?x4xf32>
}
"""


def test_every_op_round_trips_in_custom_and_generic_form():
    m, out = roundtrip(ALL_OPS)
    # the pre-LLVM-19 expand_shape prints with its (static) output_shape
    assert "tensor.expand_shape %s [[0, 1]] output_shape [4, 1] : tensor<4xf32> into tensor<4x1xf32>" in out
    assert "tensor.extract_slice %t[%c0, 0] [1, 4] [1, 1] : tensor<8x16xf32> to tensor<4xf32>" in out
    assert "tensor.pad %t nofold low[1, %c0] high[2, 3] {" in out
    assert "tensor.concat dim(0) %t, %t : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<16x16xf32>" in out
    names = {op.name for op in m.walk()}
    for short in ("empty", "extract_slice", "insert_slice", "expand_shape", "collapse_shape", "cast", "bitcast",
                  "dim", "pad", "concat", "extract", "insert", "from_elements", "splat", "reshape", "generate",
                  "yield"):
        assert f"tensor.{short}" in names


def test_slice_storage_is_mlir_style():
    m, _ = roundtrip(ALL_OPS)
    x2 = ops_named(m, "tensor.extract_slice")[1]
    assert isinstance(x2, ExtractSliceOp)
    # dynamic entries are ShapedType::kDynamic = -2**63 = -9223372036854775808
    assert K_DYNAMIC == -9223372036854775808
    assert x2.attributes["static_offsets"] == DenseArrayAttr(x2.attributes["static_offsets"].element_type,
                                                             (0, K_DYNAMIC))
    assert x2.static_sizes == (K_DYNAMIC, 4) and x2.static_strides == (2, 1)
    # operands: source, 1 dynamic offset, 1 dynamic size, 0 strides
    assert x2.attributes["operandSegmentSizes"].values == (1, 1, 1, 0)
    d = m.regions[0].blocks[0].ops[0].body.args[1]
    assert x2.mixed_offsets == [0, d] and x2.mixed_sizes == [d, 4] and x2.mixed_strides == [2, 1]
    generic = print_op(m, generic=True)
    assert "static_offsets = array<i64: 0, -9223372036854775808>" in generic
    assert "operandSegmentSizes = array<i32: 1, 1, 1, 0>" in generic
    y = ops_named(m, "tensor.insert_slice")[0]
    assert y.attributes["operandSegmentSizes"].values == (1, 1, 1, 0, 0)
    assert y.static_offsets == (2, K_DYNAMIC)


def test_rank_reduced_slice_and_dropped_dims():
    m, _ = roundtrip(ALL_OPS)
    x = ops_named(m, "tensor.extract_slice")[0]
    assert x.dropped_dims() == [0]  # box 1x4 -> tensor<4xf32> drops the unit dim 0
    assert rank_reduction_mask((1, 4, 1), (4,)) == [0, 2]
    assert rank_reduction_mask((2, 4), (4,)) is None  # 2 is not a unit dim
    assert rank_reduction_mask((1, 1), (1,)) == [1]


def test_mixed_helpers():
    m, _ = roundtrip(ALL_OPS)
    v = m.regions[0].blocks[0].ops[0].body.args[1]
    static, dyn = split_mixed([v, 0, 3])
    assert static == (K_DYNAMIC, 0, 3) and dyn == [v]
    assert join_mixed(static, dyn) == [v, 0, 3]
    with pytest.raises(ValueError, match="1 dynamic entries in the static array but 0 values"):
        join_mixed(static, [])


def test_reshape_accessors():
    m, _ = roundtrip(ALL_OPS)
    ex3 = ops_named(m, "tensor.expand_shape")[2]
    assert isinstance(ex3, ExpandShapeOp)
    assert ex3.reassociation == [[0], [1, 2]]
    d = m.regions[0].blocks[0].ops[0].body.args[1]
    assert ex3.mixed_output_shape == [2, d, 4]
    co = ops_named(m, "tensor.collapse_shape")[0]
    assert isinstance(co, CollapseShapeOp) and co.reassociation == [[0, 1]]
    sc = ops_named(m, "tensor.collapse_shape")[1]
    assert sc.reassociation == [] and sc.result.type == TensorType((), F32)


def test_pad_and_concat_accessors():
    m, _ = roundtrip(ALL_OPS)
    pad = ops_named(m, "tensor.pad")[0]
    assert isinstance(pad, PadOp) and pad.nofold
    c0 = ops_named(m, "arith.constant")[0].result
    cst = ops_named(m, "arith.constant")[1].result
    assert pad.mixed_low == [1, c0] and pad.mixed_high == [2, 3]
    assert pad.padding_value() is cst
    cc = ops_named(m, "tensor.concat")[0]
    assert isinstance(cc, ConcatOp) and cc.dim == 0
    empty = ops_named(m, "tensor.empty")[0]
    assert isinstance(empty, EmptyOp) and empty.mixed_sizes == [empty.operands[0], 4]


def test_builders_make_verifiable_ops():
    m = parse("func.func @g(%t: tensor<8x16xf32>, %o: index, %v: f32) -> tensor<8x16xf32> {\n"
              "  return %t : tensor<8x16xf32>\n}\n", "b.mlir")
    func = m.regions[0].blocks[0].ops[0]
    t, o, v = func.body.args
    ret = func.body.ops[-1]
    # rows [o, o+2) of t, all 16 columns: static box 2x16, strides default 1
    sl = ExtractSliceOp.build(t, [o, 0], [2, 16])
    assert sl.result.type == TensorType((2, 16), F32)
    ins = InsertSliceOp.build(sl.result, t, [o, 0], [2, 16])
    # pad by 1 low / 2 high on dim 1: 16 + 1 + 2 = 19 columns
    pad = PadOp.build(t, [0, 1], [0, 2], v)
    assert pad.result.type == TensorType((8, 19), F32)
    for op in (sl, ins, pad):
        func.body.insert_before(ret, op)
    verify(m)
    text = print_op(m)
    assert "tensor.extract_slice %t[%o, 0] [2, 16] [1, 1] : tensor<8x16xf32> to tensor<2x16xf32>" in text
    assert "tensor.pad %t low[0, 1] high[0, 2] {" in text
    again = parse(text, "again.mlir")
    verify(again)
    assert print_op(again) == text


def test_parallel_insert_slice_inside_forall():
    text = """
    func.func @f(%x: tensor<2x3xf32>, %n: index) -> tensor<2x3xf32> {
      %r = scf.forall (%i) in (%n) shared_outs(%out = %x) -> (tensor<2x3xf32>) {
        %s = tensor.extract_slice %x[%i, 0] [1, 3] [1, 1] : tensor<2x3xf32> to tensor<1x3xf32>
        scf.forall.in_parallel {
          tensor.parallel_insert_slice %s into %out[%i, 0] [1, 3] [1, 1] : tensor<1x3xf32> into tensor<2x3xf32>
        }
      }
      return %r : tensor<2x3xf32>
    }
    """
    m, out = roundtrip(text)
    pis = ops_named(m, "tensor.parallel_insert_slice")[0]
    assert isinstance(pis, ParallelInsertSliceOp) and not pis.results
    assert "tensor.parallel_insert_slice %s into %out[%i, 0] [1, 3] [1, 1]" in out


@pytest.mark.parametrize("text, message, line, token", [
    # seed 000's `tensor.empty :` without `()`
    ("%e = tensor.empty : tensor<2xf32>\n", "unexpected ':'", 1, ":"),
    ("%e = tensor.empty() : tensor<?x?xf32>\n", "incorrect number of dynamic sizes, has 0, expected 2", 1,
     "tensor.empty"),
    # 1 + (2 - 1) * 1 = 2 >= 2 rows
    ("func.func @f(%t: tensor<2x3xf32>) {\n"
     "  %s = tensor.extract_slice %t[1, 0] [2, 3] [1, 1] : tensor<2x3xf32> to tensor<2x3xf32>\n  return\n}\n",
     "slice along dimension 0 runs out-of-bounds: 2 >= 2", 2, "tensor.extract_slice"),
    ("func.func @f(%t: tensor<2x3xf32>) {\n"
     "  %s = tensor.extract_slice %t[0, 3] [1, 1] [1, 1] : tensor<2x3xf32> to tensor<1x1xf32>\n  return\n}\n",
     "offset 1 is out-of-bounds: 3 >= 3", 2, "tensor.extract_slice"),
    ("func.func @f(%t: tensor<2x3xf32>) {\n"
     "  %s = tensor.extract_slice %t[0, 0] [1, 3] [1, 1] : tensor<2x3xf32> to tensor<2x3xf32>\n  return\n}\n",
     "expected type to be 'tensor<1x3xf32>' or a rank-reduced version (size mismatch)", 2, "tensor.extract_slice"),
    # rank reduction may only drop unit dims: the box is 2x1
    ("func.func @f(%t: tensor<2x3xf32>) {\n"
     "  %s = tensor.extract_slice %t[0, 0] [2, 1] [1, 1] : tensor<2x3xf32> to tensor<1xf32>\n  return\n}\n",
     "expected type to be 'tensor<2x1xf32>' or a rank-reduced version", 2, "tensor.extract_slice"),
    ("func.func @f(%t: tensor<2x3xf32>) {\n"
     "  %s = tensor.extract_slice %t[0] [1, 3] [1, 1] : tensor<2x3xf32> to tensor<1x3xf32>\n  return\n}\n",
     "expected 2 offset values, got 1", 2, "tensor.extract_slice"),
    ("func.func @f(%s: tensor<1x3xf32>, %t: tensor<2x3xf32>) {\n"
     "  %r = tensor.insert_slice %s into %t[0, 1] [1, 3] [1, 1] : tensor<1x3xf32> into tensor<2x3xf32>\n"
     "  return\n}\n",
     "slice along dimension 1 runs out-of-bounds: 3 >= 3", 2, "tensor.insert_slice"),
    # 2 * 3 = 6 elements from 4
    ("func.func @f(%s: tensor<4xf32>) {\n"
     "  %r = tensor.expand_shape %s [[0, 1]] output_shape [2, 3] : tensor<4xf32> into tensor<2x3xf32>\n"
     "  return\n}\n",
     "expected dimension 0 of collapsed type to be static value of 6, got 4", 2, "tensor.expand_shape"),
    ("func.func @f(%s: tensor<4xf32>) {\n"
     "  %r = tensor.expand_shape %s [[0, 1]] output_shape [2, 3] : tensor<4xf32> into tensor<2x2xf32>\n"
     "  return\n}\n",
     "invalid output shape provided at pos 1", 2, "tensor.expand_shape"),
    ("func.func @f(%s: tensor<?xf32>) {\n"
     "  %r = tensor.expand_shape %s [[0, 1]] : tensor<?xf32> into tensor<?x2xf32>\n  return\n}\n",
     "needs 'output_shape [...]'", 2, "tensor.expand_shape"),
    ("func.func @f(%t: tensor<2x3x4xf32>) {\n"
     "  %r = tensor.collapse_shape %t [[0, 2], [1]] : tensor<2x3x4xf32> into tensor<8x3xf32>\n  return\n}\n",
     "expected reassociation map #0 to be valid and contiguous", 2, "tensor.collapse_shape"),
    ("func.func @f(%t: tensor<?x4xf32>) {\n"
     "  %r = tensor.collapse_shape %t [[0, 1]] : tensor<?x4xf32> into tensor<8xf32>\n  return\n}\n",
     "expected dimension 0 of collapsed type to be dynamic", 2, "tensor.collapse_shape"),
    # 3 + 1 + 1 = 5 columns, not 4
    ("func.func @f(%t: tensor<2x3xf32>, %c: f32) {\n"
     "  %p = tensor.pad %t low[1, 1] high[1, 1] {\n  ^bb0(%i: index, %j: index):\n    tensor.yield %c : f32\n"
     "  } : tensor<2x3xf32> to tensor<4x4xf32>\n  return\n}\n",
     "does not match the inferred type 'tensor<4x5xf32>'", 2, "tensor.pad"),
    ("func.func @f(%t: tensor<2x3xf32>, %c: f64) {\n"
     "  %p = tensor.pad %t low[1, 1] high[1, 1] {\n  ^bb0(%i: index, %j: index):\n    tensor.yield %c : f64\n"
     "  } : tensor<2x3xf32> to tensor<4x5xf32>\n  return\n}\n",
     "expected yield type to match shape element type", 2, "tensor.pad"),
    ("func.func @f(%a: tensor<2x3xf32>, %b: tensor<2x4xf32>) {\n"
     "  %r = tensor.concat dim(0) %a, %b : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<4x3xf32>\n  return\n}\n",
     "static concatenation size mismatch along non-concatenated dimension 1", 2, "tensor.concat"),
    # 2 + 2 = 4 rows, not 5
    ("func.func @f(%a: tensor<2x3xf32>) {\n"
     "  %r = tensor.concat dim(0) %a, %a : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<5x3xf32>\n  return\n}\n",
     "does not match inferred shape 'tensor<4x3xf32>'", 2, "tensor.concat"),
    ("func.func @f(%a: tensor<2x3xf32>, %i: index) {\n"
     "  %r = tensor.extract %a[%i] : tensor<2x3xf32>\n  return\n}\n",
     "incorrect number of indices for extract_element", 2, "tensor.extract"),
    ("func.func @f(%a: tensor<2x3xf32>) {\n"
     "  %r = tensor.cast %a : tensor<2x3xf32> to tensor<3x?xf32>\n  return\n}\n",
     "are cast incompatible", 2, "tensor.cast"),
    ("func.func @f(%a: f32) {\n  %r = tensor.from_elements %a, %a : tensor<3xf32>\n  return\n}\n",
     "has 2 elements but the result type 'tensor<3xf32>' holds 3", 2, "tensor.from_elements"),
    ("func.func @f(%s: tensor<1x3xf32>, %t: tensor<2x3xf32>) {\n"
     "  tensor.parallel_insert_slice %s into %t[0, 0] [1, 3] [1, 1] : tensor<1x3xf32> into tensor<2x3xf32>\n"
     "  return\n}\n",
     "expected ParallelCombiningOpInterface parent", 2, "tensor.parallel_insert_slice"),
    ("func.func @f(%c: f32) {\n  tensor.yield %c : f32\n}\n",
     "expects parent op to be one of 'tensor.generate, tensor.pad'", 2, "tensor.yield"),
])
def test_invalid(text, message, line, token):
    expect_error(text, message, line, token)


def test_generic_form_errors_are_checked_too():
    # a generic-form insert_slice whose result differs from its destination
    text = ('func.func @f(%s: tensor<1x3xf32>, %t: tensor<2x3xf32>) {\n'
            '  %r = "tensor.insert_slice"(%s, %t) {static_offsets = array<i64: 0, 0>, static_sizes = '
            'array<i64: 1, 3>, static_strides = array<i64: 1, 1>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>}'
            ' : (tensor<1x3xf32>, tensor<2x3xf32>) -> (tensor<2x4xf32>)\n  return\n}\n')
    expect_error(text, "all of {dest, result} have same type", 2, '"tensor.insert_slice"')
    # operandSegmentSizes that do not add up to the operand count (3 != 2)
    bad = text.replace("array<i32: 1, 1, 0, 0, 0>", "array<i32: 1, 1, 1, 0, 0>")
    expect_error(bad, "operand count (2) does not match with the total size (3)", 2, '"tensor.insert_slice"')


def test_pad_builder_region_has_index_args():
    m = parse("func.func @g(%t: tensor<4xf32>, %v: f32) {\n  return\n}\n", "b.mlir")
    func = m.regions[0].blocks[0].ops[0]
    t, v = func.body.args
    pad = PadOp.build(t, [2], [1], v, nofold=True)
    assert [a.type for a in pad.body.args] == [INDEX]
    assert pad.result.type == TensorType((7,), F32)  # 4 + 2 + 1
    assert isinstance(pad.regions[0], Region) and isinstance(pad.body, Block)
