"""iree_encoding dialect: set/unset_encoding round trips, the typed
#iree_encoding.* attributes (printed back exactly), the encoding/sharding
accessors, seed 001's examples, the corpus program, and located errors."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from meshc.dialects import DialectAttr
from meshc.dialects import iree_encoding as ie
from meshc.dialects.mesh import ShardingAttr, sharding_of, with_sharding
from meshc.ir import (F16, F32, AffineMap, BinaryExpr, ConstantExpr, DiagnosticError, DimExpr, TensorType,
                      print_op, verify)
from meshc.parser import parse
from tests.irtest import expect_error, roundtrip

DATA = Path(__file__).parent / "data"

MAPS = """
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
"""
MM = (AffineMap.from_dims(3, (0, 2)), AffineMap.from_dims(3, (2, 1)), AffineMap.from_dims(3, (0, 1)))


def ops(m, name):
    return [op for op in m.walk() if op.name == name]


# ---------------------------------------------------------------- attributes
def test_encoding_attr_fields_and_exact_print():
    m, out = roundtrip(MAPS + """
    #lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [64, ?, 256]>
    func.func @f(%x: tensor<64x256xf32>, %n: index) -> tensor<64x256xf32, #lhs> {
      %e = iree_encoding.set_encoding %x encoding_dims{%n} : tensor<64x256xf32> -> tensor<64x256xf32, #lhs>
      return %e : tensor<64x256xf32, #lhs>
    }""")
    text = ("#iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], "
            "user_indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, "
            "affine_map<(d0, d1, d2) -> (d0, d1)>], iteration_sizes = [64, ?, 256]>")
    assert f"encoding_dims{{%n}} : tensor<64x256xf32> -> tensor<64x256xf32, {text}>" in out
    op = ops(m, "iree_encoding.set_encoding")[0]
    enc = op.encoding
    assert isinstance(enc, ie.EncodingAttr) and str(enc) == text
    assert (enc.operand_index, enc.op_type, enc.element_types) == (0, "matmul", (F32, F32, F32))
    assert enc.user_indexing_maps == MM and enc.root_maps() == MM
    assert enc.iteration_sizes == (64, None, 256) and enc.num_dynamic_iteration_sizes == 1
    assert enc.operand_map == MM[0]
    assert [v.name_hint for v in op.encoding_dims] == ["n"]
    assert ie.encoding_attr_of(op.result_type) is enc


def test_bare_operand_index_and_missing_op_type_print_as_read():
    # IREE 2024 spellings: `operand_index = 0` (i64) and no op_type
    _, out = roundtrip("""
    func.func @f(%x: tensor<?x?xf32>) -> tensor<?x?xf32, #iree_encoding.encoding<operand_index = 1, element_types = [i8, i8, i32]>> {
      %e = iree_encoding.set_encoding %x : tensor<?x?xf32> -> tensor<?x?xf32, #iree_encoding.encoding<operand_index = 1, element_types = [i8, i8, i32]>>
      return %e : tensor<?x?xf32, #iree_encoding.encoding<operand_index = 1, element_types = [i8, i8, i32]>>
    }""")
    assert "#iree_encoding.encoding<operand_index = 1 : i64, element_types = [i8, i8, i32]>" in out


def test_nested_user_indexing_maps_compose_first_to_last():
    # entry 0 = [(d0,d1,d2,d3) -> (d0,d1,d3), (d0,d1,d2) -> (d2,d0,d1)]; composed: (d0,d1,d2,d3) -> (d3,d0,d1)
    m, out = roundtrip("""
    #a = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
    #b = affine_map<(d0, d1, d2) -> (d2, d0, d1)>
    #c = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
    #d = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
    #enc = #iree_encoding.encoding<operand_index = 0 : i64, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [[#a, #b], #c, #d], iteration_sizes = [2, 3, 4, 5]>
    func.func @f(%x: tensor<5x2x3xf32>) -> tensor<5x2x3xf32, #enc> {
      %e = iree_encoding.set_encoding %x : tensor<5x2x3xf32> -> tensor<5x2x3xf32, #enc>
      return %e : tensor<5x2x3xf32, #enc>
    }""")
    enc = ops(m, "iree_encoding.set_encoding")[0].encoding
    assert enc.operand_map == AffineMap.from_dims(4, (3, 0, 1))
    assert enc.root_maps()[0] == AffineMap.from_dims(4, (0, 1, 3))
    assert "user_indexing_maps = [[affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, " \
           "affine_map<(d0, d1, d2) -> (d2, d0, d1)>], affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>" in out


def test_layout_padding_identity_testing_matmul_k_and_old_spellings():
    names = ["#iree_encoding.layout<[#iree_encoding.padding<[0, ?, 64]>]>",
             "#iree_encoding.padding<[0, 64, 0]>",
             "#iree_encoding.pad_encoding_layout<[8, 0, 0]>",
             "#iree_encoding.identity",
             "#iree_encoding.identity_encoding",
             "#iree_encoding.testing<>",
             "#iree_encoding.testing<[#iree_encoding.specialization_resolver<123>]>",
             "#iree_encoding.testing_encoding<>",
             "#iree_encoding.matmul_k<k_dims = [1]>",
             "#iree_encoding.specialized<123, tensor<?x?xf32>>"]
    body = "\n".join(f"  %e{i} = iree_encoding.set_encoding %x : tensor<4x?x8xf32> -> tensor<4x?x8xf32, {n}>"
                     for i, n in enumerate(names))
    m, out = roundtrip(f"func.func @f(%x: tensor<4x?x8xf32>) {{\n{body}\n  return\n}}")
    for n in names:
        assert f"tensor<4x?x8xf32, {n}>" in out
    encs = [op.encoding for op in ops(m, "iree_encoding.set_encoding")]
    assert isinstance(encs[0], ie.LayoutAttr) and encs[0].layouts == (ie.PaddingAttr((0, None, 64)),)
    assert encs[1].padding == (0, 64, 0) and not encs[1].is_identity
    assert encs[2].mnemonic == "pad_encoding_layout"
    assert isinstance(encs[3], ie.IdentityAttr) and isinstance(encs[4], ie.IdentityAttr)
    assert encs[5].layouts is None and len(encs[6].layouts) == 1
    assert encs[8].k_dims == (1,)
    assert isinstance(encs[9], DialectAttr) and ie.is_iree_encoding(encs[9])


def test_python_construction_and_compose():
    enc = ie.EncodingAttr(1, "matmul", (F16, F16, F32), MM, (8, 16, 32))
    assert str(enc) == ("#iree_encoding.encoding<operand_index = 1 : index, op_type = matmul, element_types = "
                        "[f16, f16, f32], user_indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, "
                        "affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], "
                        "iteration_sizes = [8, 16, 32]>")
    assert enc.with_operand_index(2).operand_map == MM[2]
    # appending (d0, d1) -> (d1, d0) to the rhs map (d2, d1) gives (d1, d2)
    swapped = enc.with_new_operand_map(AffineMap.from_dims(2, (1, 0)))
    assert swapped.operand_map == AffineMap.from_dims(3, (1, 2))
    # compose: (d0) -> (d0 + 1) after (d0, d1) -> (d1 * 2)  =  (d0, d1) -> (d1 * 2 + 1)
    inner = AffineMap(2, 0, (BinaryExpr("*", DimExpr(1), ConstantExpr(2)),))
    outer = AffineMap(1, 0, (BinaryExpr("+", DimExpr(0), ConstantExpr(1)),))
    assert ie.compose(outer, inner).evaluate((7, 5)) == (11,)
    with pytest.raises(ie.EncodingAttrError, match="operand_index \\(3\\) exceeds the size of user_indexing_maps"):
        ie.EncodingAttr(3, "matmul", (F32, F32, F32), MM)
    with pytest.raises(ValueError, match="found iteration_sizes without any corresponding user_indexing_maps"):
        ie.EncodingAttr(0, "matmul", (F32,), None, (4,))
    with pytest.raises(ValueError, match="expected non-empty layouts"):
        ie.LayoutAttr(())


def test_sharding_and_encoding_share_the_encoding_slot():
    enc = ie.EncodingAttr(0, "matmul", (F32, F32, F32), MM)
    s = ShardingAttr("m", ((0,),))
    plain = TensorType((64, 256), F32)
    both = with_sharding(ie.with_data_tiling_encoding(plain, enc), s)
    assert str(both.encoding).startswith("#mesh.shard<@m, [[0]], inner = #iree_encoding.encoding<operand_index = 0")
    assert ie.data_tiling_encoding_of(both) == enc and sharding_of(both) == s
    # replacing / removing the encoding keeps the sharding, and vice versa
    assert sharding_of(ie.with_data_tiling_encoding(both, None)) == s
    assert ie.data_tiling_encoding_of(ie.with_data_tiling_encoding(both, None)) is None
    assert ie.data_tiling_encoding_of(with_sharding(both, None)) == enc
    assert ie.data_tiling_encoding_of(plain) is None and ie.data_tiling_encoding_of(F32) is None


def test_set_encoding_on_a_sharded_tensor():
    m, out = roundtrip(MAPS + """
    #lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2]>
    mesh.mesh @m(shape = 2)
    func.func @f(%x: tensor<64x256xf32, #mesh.shard<@m, [[0]]>>) -> tensor<64x256xf32, #mesh.shard<@m, [[0]], inner = #lhs>> {
      %e = iree_encoding.set_encoding %x : tensor<64x256xf32, #mesh.shard<@m, [[0]]>> -> tensor<64x256xf32, #mesh.shard<@m, [[0]], inner = #lhs>>
      %u = iree_encoding.unset_encoding %e : tensor<64x256xf32, #mesh.shard<@m, [[0]], inner = #lhs>> -> tensor<64x256xf32, #mesh.shard<@m, [[0]]>>
      return %e : tensor<64x256xf32, #mesh.shard<@m, [[0]], inner = #lhs>>
    }""")
    set_op = ops(m, "iree_encoding.set_encoding")[0]
    assert isinstance(set_op.encoding, ie.EncodingAttr)
    assert sharding_of(set_op.result_type) == ShardingAttr("m", ((0,),))
    assert ops(m, "iree_encoding.unset_encoding")[0].encoding == set_op.encoding


def test_unset_encoding_with_result_dims_and_encoding_dims():
    m, out = roundtrip(MAPS + """
    #res = #iree_encoding.encoding<operand_index = 2 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [?, ?, 64]>
    func.func @f(%y: tensor<?x?xf32, #res>, %m: index, %n: index) -> tensor<?x?xf32> {
      %u = iree_encoding.unset_encoding %y encoding_dims{%m, %n} : tensor<?x?xf32, #res> -> tensor<?x?xf32>{%m, %n}
      return %u : tensor<?x?xf32>
    }""")
    assert "encoding_dims{%m, %n} : tensor<?x?xf32, #iree_encoding.encoding<" in out
    assert "-> tensor<?x?xf32>{%m, %n}\n" in out
    op = ops(m, "iree_encoding.unset_encoding")[0]
    assert [v.name_hint for v in op.result_dims] == ["m", "n"]
    assert [v.name_hint for v in op.encoding_dims] == ["m", "n"]
    assert "operandSegmentSizes = array<i32: 1, 2, 2>" in print_op(m, generic=True)


def test_corpus_encoding_exp_matmul():
    text = (DATA / "encoding_exp_matmul.mlir").read_text()
    m = parse(text, "encoding_exp_matmul.mlir")
    verify(m)
    out = print_op(m)
    assert print_op(parse(out)) == out
    assert print_op(parse(print_op(m, generic=True))) == out
    sets = ops(m, "iree_encoding.set_encoding")
    assert [op.encoding.operand_index for op in sets] == [0, 1]
    assert all(op.encoding.iteration_sizes == (64, 128, 256) for op in sets)
    (unset,) = ops(m, "iree_encoding.unset_encoding")
    assert unset.encoding.operand_index == 2 and unset.result_type == TensorType((64, 128), F32)


# seed 001 (IREE RFC "Encoding Propagation Interfaces"): its snippets write
# `tensor` without shape or element type, so none is valid as printed; these
# are the same examples with concrete types.
SEED001_SET_BEFORE = """
#enc = #iree_encoding.testing<>
func.func @set_before(%src: tensor<4x8xf32>) -> tensor<4x8xf32, #enc> {
  %init = tensor.empty() : tensor<4x8xf32>
  %0 = linalg.exp ins(%src : tensor<4x8xf32>) outs(%init : tensor<4x8xf32>) -> tensor<4x8xf32>
  %1 = iree_encoding.set_encoding %0 : tensor<4x8xf32> -> tensor<4x8xf32, #enc>
  return %1 : tensor<4x8xf32, #enc>
}
"""
SEED001_SET_AFTER = """
#enc = #iree_encoding.testing<>
func.func @set_after(%src: tensor<4x8xf32>) -> tensor<4x8xf32, #enc> {
  %init = tensor.empty() : tensor<4x8xf32>
  %encoded_src = iree_encoding.set_encoding %src : tensor<4x8xf32> -> tensor<4x8xf32, #enc>
  %encoded_init = iree_encoding.set_encoding %init : tensor<4x8xf32> -> tensor<4x8xf32, #enc>
  %1 = linalg.exp ins(%encoded_src : tensor<4x8xf32, #enc>) outs(%encoded_init : tensor<4x8xf32, #enc>) -> tensor<4x8xf32, #enc>
  return %1 : tensor<4x8xf32, #enc>
}
"""
SEED001_UNSET_BEFORE = """
#enc = #iree_encoding.testing<>
func.func @unset_before(%src: tensor<4x8xf32, #enc>) -> tensor<4x8xf32> {
  %0 = iree_encoding.unset_encoding %src : tensor<4x8xf32, #enc> -> tensor<4x8xf32>
  %init = tensor.empty() : tensor<4x8xf32>
  %1 = linalg.exp ins(%0 : tensor<4x8xf32>) outs(%init : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %1 : tensor<4x8xf32>
}
"""
SEED001_UNSET_AFTER = """
#enc = #iree_encoding.testing<>
func.func @unset_after(%src: tensor<4x8xf32, #enc>) -> tensor<4x8xf32> {
  %init = tensor.empty() : tensor<4x8xf32>
  %encoded_init = iree_encoding.set_encoding %init : tensor<4x8xf32> -> tensor<4x8xf32, #enc>
  %0 = linalg.exp ins(%src : tensor<4x8xf32, #enc>) outs(%encoded_init : tensor<4x8xf32, #enc>) -> tensor<4x8xf32, #enc>
  %1 = iree_encoding.unset_encoding %0 : tensor<4x8xf32, #enc> -> tensor<4x8xf32>
  return %1 : tensor<4x8xf32>
}
"""
# the multi-result example: `linalg.multi_result` is not an op, kept in generic form
SEED001_MULTI_RESULT = """
#enc = #iree_encoding.testing<>
func.func @multi(%src: tensor<4x8xf32>, %init_0: tensor<4x8xf32>, %init_1: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32, #enc>) {
  %init = tensor.empty() : tensor<4x8xf32>
  %encoded_src = iree_encoding.set_encoding %src : tensor<4x8xf32> -> tensor<4x8xf32, #enc>
  %encoded_init_0 = iree_encoding.set_encoding %init_0 : tensor<4x8xf32> -> tensor<4x8xf32, #enc>
  %encoded_init_1 = iree_encoding.set_encoding %init_1 : tensor<4x8xf32> -> tensor<4x8xf32, #enc>
  %r0, %r1 = "linalg.multi_result"(%encoded_src, %encoded_init_0, %encoded_init_1) : (tensor<4x8xf32, #enc>, tensor<4x8xf32, #enc>, tensor<4x8xf32, #enc>) -> (tensor<4x8xf32, #enc>, tensor<4x8xf32, #enc>)
  %2 = iree_encoding.unset_encoding %r0 : tensor<4x8xf32, #enc> -> tensor<4x8xf32>
  return %2, %r1 : tensor<4x8xf32>, tensor<4x8xf32, #enc>
}
"""


@pytest.mark.parametrize("text", [SEED001_SET_BEFORE, SEED001_SET_AFTER, SEED001_UNSET_BEFORE, SEED001_UNSET_AFTER,
                                  SEED001_MULTI_RESULT])
def test_seed001_examples_with_concrete_types(text):
    m, out = roundtrip(text)
    n_set = text.count("iree_encoding.set_encoding")
    n_unset = text.count("iree_encoding.unset_encoding")
    assert (len(ops(m, "iree_encoding.set_encoding")), len(ops(m, "iree_encoding.unset_encoding"))) == (n_set, n_unset)
    assert out.count("#iree_encoding.testing<>") >= n_set + n_unset


def test_seed001_snippet_as_printed_is_rejected_at_the_shapeless_tensor():
    with pytest.raises(DiagnosticError) as info:
        parse("%init = tensor.empty() : tensor\n%0 = linalg.exp\nins(%src : tensor)\nouts(%init : tensor)\n",
              "seed001.mlir")
    assert info.value.message.startswith("unexpected 'tensor'")
    # "%init = tensor.empty() : " is 25 characters: the bare `tensor` starts at column 26
    assert (info.value.location.line, info.value.location.col) == (1, 26)


# ---------------------------------------------------------------- errors
def test_operand_index_out_of_range():
    expect_error(MAPS.lstrip("\n") + """\
    #e = #iree_encoding.encoding<operand_index = 3 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2]>
    """, "invalid '#iree_encoding.encoding' attribute: operand_index (3) exceeds the size of user_indexing_maps (3)",
                 4, "#iree_encoding.encoding<")


def test_element_types_count_must_match_maps():
    expect_error(MAPS.lstrip("\n") + """\
    #e = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32], user_indexing_maps = [#map, #map1, #map2]>
    """, "has 2 element_types but 3 user_indexing_maps", 4, "#iree_encoding.encoding<")


def test_iteration_sizes_need_one_size_per_loop():
    expect_error(MAPS.lstrip("\n") + """\
    #e = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [64, 128]>
    """, "found an encoding with 2 iteration sizes, but expected 3 based on the user indexing maps", 4,
                 "#iree_encoding.encoding<")


def test_nested_maps_must_chain():
    expect_error("""\
    #a = affine_map<(d0, d1, d2) -> (d0, d2)>
    #b = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
    #e = #iree_encoding.encoding<operand_index = 0, op_type = matmul, element_types = [f32], user_indexing_maps = [[#a, #b]]>
    """, "found a non-composable attribute in user_indexing_maps at index 0: cannot compose a map with 3 dims after "
         "a map with 2 results", 3, "#iree_encoding.encoding<")


def test_unknown_op_type():
    expect_error("""\
    #e = #iree_encoding.encoding<operand_index = 0, op_type = gemm, element_types = [f32]>
    """, "op_type must be one of matmul, conv, scaled_matmul, got 'gemm'", 1, "#iree_encoding.encoding<")


def test_negative_padding():
    expect_error("""\
    #e = #iree_encoding.padding<[0, -1]>
    """, "expected all padding values need to be non-negative or dynamic, got -1", 1, "#iree_encoding.padding<")


def test_set_encoding_source_must_be_plain():
    expect_error("""\
    func.func @f(%x: tensor<4x8xf32, #iree_encoding.testing<>>) {
      %e = iree_encoding.set_encoding %x : tensor<4x8xf32, #iree_encoding.testing<>> -> tensor<4x8xf32, #iree_encoding.identity>
      return
    }""", "source of set_encoding op cannot have a tensor encoding", 2, "iree_encoding.set_encoding")


def test_set_encoding_result_needs_an_encoding():
    expect_error("""\
    func.func @f(%x: tensor<4x8xf32>) {
      %e = iree_encoding.set_encoding %x : tensor<4x8xf32> -> tensor<4x8xf32>
      return
    }""", "result of set_encoding op expected to have a valid tensor encoding", 2, "iree_encoding.set_encoding")


def test_shape_must_be_preserved():
    expect_error("""\
    func.func @f(%x: tensor<4x8xf32>) {
      %e = iree_encoding.set_encoding %x : tensor<4x8xf32> -> tensor<4x9xf32, #iree_encoding.testing<>>
      return
    }""", "expected to preserve the logical shape of the tensor, got 4x8 and 4x9", 2, "iree_encoding.set_encoding")


def test_element_type_must_be_preserved():
    expect_error("""\
    func.func @f(%x: tensor<4x8xf32, #iree_encoding.testing<>>) {
      %e = iree_encoding.unset_encoding %x : tensor<4x8xf32, #iree_encoding.testing<>> -> tensor<4x8xf16>
      return
    }""", "expects source and result element types to agree, got 'f32' and 'f16'", 2, "iree_encoding.unset_encoding")


def test_operand_map_rank_must_match_tensor_rank():
    expect_error(MAPS.lstrip("\n") + """\
    func.func @f(%x: tensor<4x8x2xf32>) {
      %e = iree_encoding.set_encoding %x : tensor<4x8x2xf32> -> tensor<4x8x2xf32, #iree_encoding.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2]>>
      return
    }""", "user_indexing_maps entry for operand_index 0 has 2 results but the tensor has rank 3", 5,
                 "iree_encoding.set_encoding")


def test_encoding_dims_count_must_match_dynamic_iteration_sizes():
    expect_error(MAPS.lstrip("\n") + """\
    func.func @f(%x: tensor<?x64xf32>, %m: index) {
      %e = iree_encoding.set_encoding %x encoding_dims{%m, %m} : tensor<?x64xf32> -> tensor<?x64xf32, #iree_encoding.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [?, 128, 64]>>
      return
    }""", "encoding expects 1 encoding dim(s), but 2 provided", 5, "iree_encoding.set_encoding")


def test_unset_result_dims_count():
    expect_error("""\
    func.func @f(%x: tensor<?x?xf32, #iree_encoding.testing<>>, %d: index) {
      %e = iree_encoding.unset_encoding %x : tensor<?x?xf32, #iree_encoding.testing<>> -> tensor<?x?xf32>{%d}
      return
    }""", "expects 2 result dims (one per '?' of the result type), got 1", 2, "iree_encoding.unset_encoding")


def test_sharding_must_not_change():
    expect_error("""\
    mesh.mesh @m(shape = 2)
    func.func @f(%x: tensor<4x8xf32, #mesh.shard<@m, [[0]]>>) {
      %e = iree_encoding.set_encoding %x : tensor<4x8xf32, #mesh.shard<@m, [[0]]>> -> tensor<4x8xf32, #mesh.shard<@m, [[], [0]], inner = #iree_encoding.testing<>>>
      return
    }""", "expects source and result to carry the same sharding, got '<@m, [[0]]>' and '<@m, [[], [0]]>'", 3,
                 "iree_encoding.set_encoding")
