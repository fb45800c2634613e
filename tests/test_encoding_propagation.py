"""propagate-encodings and set-encoding through the Python API: where the encoding ops end up, what the
pass reports, and that the programs still compute the same values (the reference interpreter treats
set/unset_encoding as identities, so any propagation must leave results unchanged)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import meshc.api as mc
from meshc.dialects.iree_encoding import EncodingAttr, SetEncodingOp, UnsetEncodingOp, encoding_attr_of
from meshc.ir import print_op, verify
from meshc.passes.base import PassContext
from meshc.passes.manager import PassManager
from meshc.runtime.interpreter import Interpreter

DATA = Path(__file__).parent / "data"
PROGRAMS = ["transpose", "dequant", "bcast", "sink", "multi", "reshape_const"]


def compile_(path_or_text, pipeline: str, context: PassContext | None = None):
    m = mc.parse(str(path_or_text))
    PassManager.from_text(pipeline, context or PassContext()).run(m)
    verify(m)
    return m


def ops_named(m, name):
    return [o for o in m.walk() if o.name == name]


def main_func(m):
    return next(o for o in m.body.ops if o.name in ("func.func", "util.func") and o.sym_name == "main")


# ---------------------------------------------------------------- the corpus program
def test_corpus_lhs_set_encoding_moves_above_exp():
    m = compile_(DATA / "encoding_exp_matmul.mlir", "propagate-encodings")
    func = main_func(m)
    x, w = func.body.args
    (gen,) = ops_named(m, "linalg.generic")
    (mm,) = ops_named(m, "linalg.matmul")
    sets = ops_named(m, "iree_encoding.set_encoding")
    # the exp now reads set_encoding(%x) and feeds the matmul's LHS directly
    src = gen.inputs[0]
    assert isinstance(src.op, SetEncodingOp) and src.op.source is x
    assert mm.inputs[0] is gen.results[0]
    assert encoding_attr_of(gen.results[0].type).operand_index == 0
    assert encoding_attr_of(gen.inits[0].type).operand_index == 0  # the exp's init is an encoded tensor.empty
    assert gen.inits[0].op.name == "tensor.empty"
    # the RHS set_encoding stays on %w (a function argument); the unset_encoding stays before the return
    assert sorted(s.source.name_hint for s in sets) == ["w", "x"]
    (unset,) = ops_named(m, "iree_encoding.unset_encoding")
    assert unset.source is mm.results[0] and unset.results[0].users[0].name == "func.return"


def test_corpus_values_unchanged_by_propagation():
    inputs = dict(np.load(DATA / "encoding_exp_matmul.inputs.npz"))
    expected = np.load(DATA / "encoding_exp_matmul.expected.npz")["result0"]
    m = compile_(DATA / "encoding_exp_matmul.mlir", "propagate-encodings")
    out = mc.run_reference(m, inputs).outputs[0]
    np.testing.assert_allclose(out, expected, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("name", PROGRAMS)
def test_programs_compute_the_same_after_propagation(name):
    path = DATA / "encoding" / f"{name}.mlir"
    ref = mc.run_reference(mc.parse(str(path)), random_seed=11).outputs
    m = compile_(path, "propagate-encodings")
    out = mc.run_reference(m, random_seed=11).outputs
    assert len(out) == len(ref)
    for a, b in zip(out, ref):
        np.testing.assert_array_equal(a, b)


def test_propagation_is_idempotent_on_every_program():
    for name in PROGRAMS:
        once = print_op(compile_(DATA / "encoding" / f"{name}.mlir", "propagate-encodings"))
        twice = print_op(compile_(DATA / "encoding" / f"{name}.mlir", "propagate-encodings,propagate-encodings"))
        assert once == twice, name


# ---------------------------------------------------------------- where things end up
def test_dequant_both_inputs_get_encodings_and_the_matmul_reads_the_generic():
    m = compile_(DATA / "encoding" / "dequant.mlir", "propagate-encodings")
    (gen,) = ops_named(m, "linalg.generic")
    q, s = gen.inputs
    assert q.op.name == s.op.name == "iree_encoding.set_encoding"
    eq, es = encoding_attr_of(q.type), encoding_attr_of(s.type)
    assert eq.operand_index == es.operand_index == 1
    assert str(eq.operand_map) == "(d0, d1, d2) -> (d2, d1)"  # the RHS map itself
    assert str(es.operand_map) == "(d0, d1, d2) -> (d1)"       # composed with the broadcast (d0, d1) -> (d1)
    (mm,) = ops_named(m, "linalg.matmul")
    assert mm.inputs[1] is gen.results[0]


def test_transpose_source_encoding_composes_the_permutation():
    m = compile_(DATA / "encoding" / "transpose.mlir", "propagate-encodings")
    (tr,) = ops_named(m, "linalg.transpose")
    enc = encoding_attr_of(tr.inputs[0].type)
    # RHS map (m, n, k) -> (k, n), then the transpose (d0, d1) -> (d1, d0): the source is N x K
    assert str(enc.operand_map) == "(d0, d1, d2) -> (d1, d2)"
    assert len(enc.user_indexing_maps[1]) == 2


def test_sink_through_exp_and_multi_result():
    m = compile_(DATA / "encoding" / "sink.mlir", "propagate-encodings")
    (gen,) = ops_named(m, "linalg.generic")
    (mm,) = ops_named(m, "linalg.matmul")
    assert gen.inputs[0] is mm.results[0]
    (unset,) = ops_named(m, "iree_encoding.unset_encoding")
    assert unset.source is gen.results[0]
    m = compile_(DATA / "encoding" / "multi.mlir", "propagate-encodings")
    gen = next(g for g in ops_named(m, "linalg.generic") if len(g.results) == 2)
    assert all(encoding_attr_of(r.type) is not None for r in gen.results)
    unsets = [u for u in ops_named(m, "iree_encoding.unset_encoding") if u.source is gen.results[0]]
    assert len(unsets) == 1 and unsets[0].results[0].users[0].name == "func.return"
    (mm,) = ops_named(m, "linalg.matmul")
    assert mm.inputs[0] is gen.results[1]


def test_remarks_name_every_stop():
    ctx = PassContext(remarks=True)
    compile_(DATA / "encoding_exp_matmul.mlir", "propagate-encodings", ctx)
    msgs = sorted(d.message for d in ctx.emitted)
    assert msgs == [
        "set_encoding stays: reaches argument #0 of @main; the option through-function-args would change the "
        "function's signature",
        "set_encoding stays: reaches argument #1 of @main; the option through-function-args would change the "
        "function's signature",
        "unset_encoding stays before 'func.return': no propagation model for 'func.return' (region boundary)",
    ]
    lines = sorted(d.location.line for d in ctx.emitted)
    assert lines == [14, 21, 27]  # the exp (where %x's set_encoding now is), %rhs's set_encoding, the unset


def test_merged_duplicate_set_encodings():
    text = (DATA / "encoding_exp_matmul.mlir").read_text().replace(
        "  %rhs = iree_encoding.set_encoding %w",
        "  %rhs0 = iree_encoding.set_encoding %w : tensor<256x128xf32> -> tensor<256x128xf32, #rhs>\n"
        "  %rhs = iree_encoding.set_encoding %w")
    m = mc.parse(text, "dup.mlir")
    PassManager.from_text("propagate-encodings", PassContext()).run(m)
    verify(m)
    assert len([s for s in ops_named(m, "iree_encoding.set_encoding") if s.source.name_hint == "w"]) == 1


# ---------------------------------------------------------------- globals: packed once
def test_weight_global_is_packed_once_across_calls():
    m = compile_(DATA / "encoding" / "weight_global.mlir",
                 "set-encoding,propagate-encodings,materialize-encodings{target=x86-avx2},canonicalize,cse")
    (init,) = ops_named(m, "util.initializer")
    assert [o.name for o in init.walk() if o.name == "linalg.pack"] == ["linalg.pack"]
    func = main_func(m)
    packs_in_main = [o for o in func.walk() if o.name == "linalg.pack"]
    assert [p.operands[0] for p in packs_in_main] == [func.body.args[0]]  # a call packs only the activations
    w = next(o for o in m.body.ops if o.name == "util.global" and o.sym_name == "w").initial_value.array
    x = np.random.default_rng(3).standard_normal((6, 16)).astype(np.float32)
    interp = Interpreter(m)
    for _ in range(10):
        (out,) = interp.call("main", [x])
        np.testing.assert_allclose(out, x @ w, rtol=1e-5, atol=1e-5)
    # 1 pack of the weight (initializer) + 10 of the activations; 10 unpacks of the result; 10 mmt4d
    assert interp.stats["linalg.pack"] == 11
    assert interp.stats["linalg.unpack"] == 10
    assert interp.stats["linalg.mmt4d"] == 10
    assert interp.stats["util.global.store"] == 1


def test_without_propagation_the_weight_is_packed_every_call():
    m = compile_(DATA / "encoding" / "weight_global.mlir",
                 "set-encoding,materialize-encodings{target=x86-avx2},canonicalize,cse")
    interp = Interpreter(m)
    x = np.ones((6, 16), np.float32)
    for _ in range(10):
        interp.call("main", [x])
    assert interp.stats["linalg.pack"] == 30  # x, w and the accumulator, every call


# ---------------------------------------------------------------- set-encoding
def test_set_encoding_annotates_matmuls_of_the_mlp():
    m = compile_(DATA / "real" / "mlp.linalg.mlir", "set-encoding")
    mms = ops_named(m, "linalg.matmul")
    assert len(mms) == 2
    for mm in mms:
        encs = [encoding_attr_of(v.type) for v in mm.inputs + mm.inits]
        assert [e.operand_index for e in encs] == [0, 1, 2]
        assert all(isinstance(e, EncodingAttr) and e.op_type == "matmul" for e in encs)
        assert isinstance(mm.results[0].users[0], UnsetEncodingOp)
    # iteration sizes (M, N, K) of x @ w1: 64x256 @ 256x1024
    assert encoding_attr_of(mms[0].inputs[0].type).iteration_sizes == (64, 1024, 256)
    assert encoding_attr_of(mms[1].inputs[0].type).iteration_sizes == (64, 256, 1024)


def test_set_encoding_leaves_encoded_matmuls_alone():
    ctx = PassContext(remarks=True)
    m = compile_(DATA / "encoding_exp_matmul.mlir", "set-encoding", ctx)
    assert len(ops_named(m, "iree_encoding.set_encoding")) == 2
    assert [d.message for d in ctx.emitted] == ["operands already carry an encoding or a sharding: not annotated"]


def test_through_function_args_rewrites_private_signature_and_calls():
    text = """
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2]>
func.func private @f(%x: tensor<4x4xf32>) -> tensor<4x4xf32, #lhs> {
  %s = iree_encoding.set_encoding %x : tensor<4x4xf32> -> tensor<4x4xf32, #lhs>
  return %s : tensor<4x4xf32, #lhs>
}
func.func @main(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> (tensor<4x4xf32, #lhs>, tensor<4x4xf32, #lhs>) {
  %e = tensor.empty() : tensor<4x4xf32>
  %s = linalg.add ins(%a, %b : tensor<4x4xf32>, tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %r1 = func.call @f(%s) : (tensor<4x4xf32>) -> tensor<4x4xf32, #lhs>
  %r2 = func.call @f(%b) : (tensor<4x4xf32>) -> tensor<4x4xf32, #lhs>
  return %r1, %r2 : tensor<4x4xf32, #lhs>, tensor<4x4xf32, #lhs>
}
"""
    m = mc.parse(text, "args.mlir")
    PassManager.from_text("propagate-encodings{through-function-args=true}", PassContext()).run(m)
    verify(m)
    f = next(o for o in m.body.ops if o.name == "func.func" and o.sym_name == "f")
    assert encoding_attr_of(f.function_type.inputs[0]) is not None
    assert not [o for o in f.walk() if o.name == "iree_encoding.set_encoding"]
    calls = ops_named(m, "func.call")
    # the first call's set_encoding bubbled through the add into %a and %b; the second call reads set(%b)
    assert calls[0].operands[0].op.name == "linalg.add"
    assert calls[1].operands[0].op.name == "iree_encoding.set_encoding"
    a, b = main_func(m).body.args
    sources = sorted(s.source.name_hint for s in ops_named(m, "iree_encoding.set_encoding"))
    assert sources == ["a", "b"]  # the two set_encodings of %b are merged into one
    x = np.arange(16, dtype=np.float32).reshape(4, 4)
    out = mc.run_reference(m, [x, 2 * x]).outputs
    np.testing.assert_array_equal(out[0], 3 * x)
    np.testing.assert_array_equal(out[1], 2 * x)
