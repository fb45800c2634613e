"""materialize-encodings: packed layouts and tile sizes (hand-computed), and encoded programs run on the
reference interpreter after materialization for every target, equal to the plain program."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import meshc.api as mc
from meshc.dialects.iree_encoding import EncodingAttr, with_data_tiling_encoding
from meshc.ir import DiagnosticError, verify
from meshc.ir.affine import AffineMap, ConstantExpr, DimExpr
from meshc.ir.types import F32, TensorType
from meshc.passes.base import OptionError, PassContext
from meshc.passes.manager import PassManager
from meshc.passes.materialize_encodings import (TARGETS, MaterializeEncodings, PackedLayout, next_power_of_two,
                                                packed_layout, tile_sizes)

DATA = Path(__file__).parent / "data"
TILING_TARGETS = ["x86-generic", "x86-avx2", "x86-avx512"]
MATMUL_MAPS = (AffineMap.from_dims(3, [0, 2]), AffineMap.from_dims(3, [2, 1]), AffineMap.from_dims(3, [0, 1]))


def enc(index: int, sizes=(64, 128, 256), maps=MATMUL_MAPS) -> EncodingAttr:
    return EncodingAttr(index, "matmul", (F32, F32, F32), maps, sizes)


def tensor(shape, encoding) -> TensorType:
    return with_data_tiling_encoding(TensorType(tuple(shape), F32), encoding)


def compile_(path_or_text, pipeline: str, context: PassContext | None = None):
    m = mc.parse(str(path_or_text))
    PassManager.from_text(pipeline, context or PassContext()).run(m)
    verify(m)
    return m


# ---------------------------------------------------------------- layouts
@pytest.mark.parametrize("target,tiles", [("x86-generic", (8, 4, 1)), ("x86-avx2", (8, 8, 1)),
                                          ("x86-avx512", (16, 16, 1))])
def test_tile_sizes_per_target(target, tiles):
    m0, n0, k0 = tiles
    assert tile_sizes(enc(0), target) == {"m": m0, "n": n0, "k": k0}
    # LHS 64x256: M1 = 64 / M0, K1 = 256 / 1 -> M1 x K1 x M0 x K0
    lay = packed_layout(tensor((64, 256), enc(0)), target)
    assert lay == PackedLayout((0, 1), (0, 1), (m0, k0))
    assert lay.packed_shape((64, 256)) == (64 // m0, 256, m0, 1)
    # RHS 256x128 stored N-major: N1 x K1 x N0 x K0
    lay = packed_layout(tensor((256, 128), enc(1)), target)
    assert lay == PackedLayout((1, 0), (1, 0), (n0, k0))
    assert lay.packed_shape((256, 128)) == (128 // n0, 256, n0, 1)
    # result 64x128: M1 x N1 x M0 x N0
    assert packed_layout(tensor((64, 128), enc(2)), target).packed_shape((64, 128)) == (64 // m0, 128 // n0, m0, n0)


@pytest.mark.parametrize("m,m0", [(1, 1), (2, 2), (3, 4), (5, 8), (8, 8), (9, 16), (100, 16)])
def test_narrow_m_uses_the_next_power_of_two(m, m0):
    assert tile_sizes(enc(0, (m, 32, 32)), "x86-avx512")["m"] == m0
    assert tile_sizes(enc(0, (m, 32, 32)), "x86-avx2")["m"] == min(m0, 8)


def test_next_power_of_two():
    assert [next_power_of_two(n) for n in (1, 2, 3, 7, 8, 9, 1000)] == [1, 2, 4, 8, 8, 16, 1024]


def test_padding_at_the_edges():
    # 10x7 LHS on avx2 (8x8x1): ceil(10 / 8) = 2 row tiles, K not padded (K0 = 1)
    lay = packed_layout(tensor((10, 7), enc(0, (10, 5, 7))), "x86-avx2")
    assert lay.packed_shape((10, 7)) == (2, 7, 8, 1)
    # 7x5 RHS: ceil(5 / 8) = 1 N tile of 8
    assert packed_layout(tensor((7, 5), enc(1, (10, 5, 7))), "x86-avx2").packed_shape((7, 5)) == (1, 7, 8, 1)


def test_layout_of_composed_maps():
    # a bias of the result, broadcast along M: composed map (m, n, k) -> (n); only N is tiled
    bias = enc(2).with_new_operand_map(AffineMap(2, 0, (DimExpr(1),)))
    assert packed_layout(tensor((128,), bias), "x86-avx2") == PackedLayout((0,), (0,), (8,))
    # a unit dim added in front of the LHS: (m, n, k) -> (0, m, k); the unit dim stays outer and untiled
    unit = enc(0).with_new_operand_map(AffineMap(2, 0, (ConstantExpr(0), DimExpr(0), DimExpr(1))))
    lay = packed_layout(tensor((1, 64, 256), unit), "x86-avx2")
    assert lay == PackedLayout((0, 1, 2), (1, 2), (8, 1))
    assert lay.packed_shape((1, 64, 256)) == (1, 8, 256, 8, 1)


def test_none_target_and_non_matmul_encodings_have_no_layout():
    assert TARGETS["none"] is None
    assert packed_layout(tensor((64, 256), enc(0)), "none") is None
    conv = EncodingAttr(0, "conv", (F32, F32, F32), MATMUL_MAPS)
    assert packed_layout(tensor((64, 256), conv), "x86-avx2") is None


def test_target_option_and_context():
    assert MaterializeEncodings().effective_target() == "none"
    ctx = PassContext()
    ctx.target = "x86-avx512"
    assert MaterializeEncodings(ctx).effective_target() == "x86-avx512"
    assert MaterializeEncodings(ctx, target="x86-generic").effective_target() == "x86-generic"
    assert MaterializeEncodings.from_text({"target": "none"}, ctx).effective_target() == "none"
    with pytest.raises(OptionError, match="expects one of none, x86-generic, x86-avx2, x86-avx512, got 'arm'"):
        MaterializeEncodings.from_text({"target": "arm"})


# ---------------------------------------------------------------- running encoded programs
@pytest.mark.parametrize("target", ["none"] + TILING_TARGETS)
def test_corpus_equals_expected_after_materialization(target):
    inputs = dict(np.load(DATA / "encoding_exp_matmul.inputs.npz"))
    expected = np.load(DATA / "encoding_exp_matmul.expected.npz")["result0"]
    m = compile_(DATA / "encoding_exp_matmul.mlir",
                 f"propagate-encodings,materialize-encodings{{target={target}}},canonicalize,cse")
    r = mc.run_reference(m, inputs)
    np.testing.assert_allclose(r.outputs[0], expected, rtol=1e-4, atol=1e-5)
    names = {o.name for o in m.walk()}
    assert not any(n.startswith("iree_encoding.") for n in names)
    if target == "none":
        assert r.kernels.get("linalg.pack", 0) == 0 and r.kernels["linalg.matmul"] == 1
    else:
        # x, w packed; the exp runs on the packed x; one mmt4d; the result unpacked once
        assert r.kernels["linalg.pack"] == 2 and r.kernels["linalg.mmt4d"] == 1 and r.kernels["linalg.unpack"] == 1


@pytest.mark.parametrize("target", TILING_TARGETS)
@pytest.mark.parametrize("name", ["transpose", "dequant", "bcast", "sink", "multi", "reshape_const"])
def test_programs_equal_the_plain_program(name, target):
    path = DATA / "encoding" / f"{name}.mlir"
    ref = mc.run_reference(mc.parse(str(path)), random_seed=5).outputs
    m = compile_(path, f"propagate-encodings,materialize-encodings{{target={target}}},canonicalize,cse")
    assert not any(o.name.startswith("iree_encoding.") for o in m.walk())
    out = mc.run_reference(m, random_seed=5).outputs
    for a, b in zip(out, ref):
        np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("target", ["none"] + TILING_TARGETS)
def test_unannotated_mlp_data_tiled_end_to_end(target):
    inputs = dict(np.load(DATA / "real" / "mlp.inputs.npz"))
    expected = np.load(DATA / "real" / "mlp.expected.npz")["out"]
    m = compile_(DATA / "real" / "mlp.linalg.mlir",
                 f"set-encoding,propagate-encodings,materialize-encodings{{target={target}}},canonicalize,cse")
    r = mc.run_reference(m, inputs)
    np.testing.assert_allclose(r.outputs[0], expected, rtol=1e-4, atol=1e-4)
    if target != "none":
        # x, w1, b1 (bias broadcast, bubbled to the argument), the relayout of the hidden activations between
        # the two matmuls' encodings, w2, b2
        assert r.kernels["linalg.pack"] == 6 and r.kernels["linalg.mmt4d"] == 2 and r.kernels["linalg.unpack"] == 2


def test_batch_matmul_and_reduction_over_batch():
    text = """
func.func @main(%a: tensor<3x10x6xf32>, %b: tensor<3x6x9xf32>) -> tensor<10x9xf32> {
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x10x9xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<3x10x9xf32>) -> tensor<3x10x9xf32>
  %m = linalg.batch_matmul ins(%a, %b : tensor<3x10x6xf32>, tensor<3x6x9xf32>) outs(%f : tensor<3x10x9xf32>) -> tensor<3x10x9xf32>
  %e2 = tensor.empty() : tensor<10x9xf32>
  %f2 = linalg.fill ins(%cst : f32) outs(%e2 : tensor<10x9xf32>) -> tensor<10x9xf32>
  %r = linalg.reduce { arith.addf } ins(%m : tensor<3x10x9xf32>) outs(%f2 : tensor<10x9xf32>) dimensions = [0]
  return %r : tensor<10x9xf32>
}
"""
    rng = np.random.default_rng(2)
    a = rng.standard_normal((3, 10, 6)).astype(np.float32)
    b = rng.standard_normal((3, 6, 9)).astype(np.float32)
    want = np.einsum("bmk,bkn->mn", a, b)
    for target in TILING_TARGETS:
        m = mc.parse(text, "bmm.mlir")
        pipeline = f"set-encoding,propagate-encodings,materialize-encodings{{target={target}}},cse"
        PassManager.from_text(pipeline, PassContext()).run(m)
        verify(m)
        names = [o.name for o in m.walk()]
        assert "linalg.batch_mmt4d" in names
        # the unset_encoding sank into the reduction over the (untiled) batch dim: it runs on packed data
        red = next(o for o in m.walk() if o.name == "linalg.generic")
        assert red.iterator_types()[0] == "reduction" and len(red.iterator_types()) == 5
        out = mc.run_reference(m, [a, b]).outputs[0]
        np.testing.assert_allclose(out, want, rtol=1e-5, atol=1e-5)


def test_integer_matmul_packs_with_integer_padding():
    text = """
func.func @main(%a: tensor<5x3xi8>, %b: tensor<3x6xi8>, %c: tensor<5x6xi32>) -> tensor<5x6xi32> {
  %m = linalg.matmul ins(%a, %b : tensor<5x3xi8>, tensor<3x6xi8>) outs(%c : tensor<5x6xi32>) -> tensor<5x6xi32>
  return %m : tensor<5x6xi32>
}
"""
    m = mc.parse(text, "i8.mlir")
    PassManager.from_text("set-encoding,propagate-encodings,materialize-encodings{target=x86-avx2}",
                          PassContext()).run(m)
    verify(m)
    a = np.arange(15, dtype=np.int8).reshape(5, 3) - 7
    b = np.arange(18, dtype=np.int8).reshape(3, 6) - 9
    c = np.full((5, 6), 100, np.int32)
    out = mc.run_reference(m, [a, b, c]).outputs[0]
    np.testing.assert_array_equal(out, c + a.astype(np.int32) @ b.astype(np.int32))


def test_errors_are_located():
    text = """
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2]>
func.func @main(%x: tensor<?x8xf32>) -> tensor<?x8xf32, #lhs> {
  %s = iree_encoding.set_encoding %x : tensor<?x8xf32> -> tensor<?x8xf32, #lhs>
  return %s : tensor<?x8xf32, #lhs>
}
"""
    m = mc.parse(text, "dyn.mlir")
    with pytest.raises(DiagnosticError) as err:
        PassManager.from_text("materialize-encodings{target=x86-avx2}", PassContext()).run(m)
    d = err.value.diagnostics[0]
    assert (d.location.line, d.location.col) == (7, 8)
    assert "packing needs a static shape" in d.message
    # dropping encodings works on dynamic shapes
    m = mc.parse(text, "dyn.mlir")
    PassManager.from_text("materialize-encodings", PassContext()).run(m)
    verify(m)
    assert str(m.body.ops[0].function_type) == "(tensor<?x8xf32>) -> tensor<?x8xf32>"
