"""The encoding propagation interfaces (seed 001): attribute and op models, their registries (external
models: a new op is one registration), and the encodings they generate, with hand-derived maps."""

from __future__ import annotations

import pytest

import meshc.api as mc
from meshc.dialects.iree_encoding import EncodingAttr, IdentityAttr, MatmulKAttr, encoding_attr_of
from meshc.interfaces.encoding import (DOWN, DimRelation, NotPropagable, OpOperand, PropagationContext,
                                       PropagationOpModel, attr_model_for, contraction_roles, generate_encodings,
                                       is_propagable, op_model_for, propagate_encoding, rebuild_encoded,
                                       register_op_model, relate, stop_reason, tiled_dims, unregister_op_model)
from meshc.ir import verify
from meshc.ir.affine import AffineMap, ConstantExpr, DimExpr
from meshc.ir.builder import Rewriter
from meshc.ir.types import F32, TensorType
from meshc.passes.base import PassContext
from meshc.passes.manager import PassManager

MAPS = (AffineMap.from_dims(3, [0, 2]), AffineMap.from_dims(3, [2, 1]), AffineMap.from_dims(3, [0, 1]))
HEAD = """
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2]>
#rhs = #iree_encoding.encoding<operand_index = 1 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2]>
"""


def lhs() -> EncodingAttr:
    return EncodingAttr(0, "matmul", (F32, F32, F32), MAPS)


def parse(body: str):
    m = mc.parse(HEAD + body, "t.mlir")
    return m


def find(m, name):
    return next(o for o in m.walk() if o.name == name)


def test_relate_maps_target_dims_to_value_dims():
    # transpose: result map identity, input map (d1, d0) -> the input's dims are (target d1, target d0)
    r = relate(AffineMap.identity(2), AffineMap.from_dims(2, [1, 0]))
    assert str(r) == "(d0, d1) -> (d1, d0)"
    # a reduction: target = init (d0), input (d0, d1): the reduced dim has no counterpart -> 0
    r = relate(AffineMap.from_dims(2, [0]), AffineMap.identity(2))
    assert r.results == (DimExpr(0), ConstantExpr(0))


def test_contraction_roles_and_tiled_dims():
    assert contraction_roles(lhs()) == {0: "m", 1: "n", 2: "k"}
    bmaps = (AffineMap.from_dims(4, [0, 1, 3]), AffineMap.from_dims(4, [0, 3, 2]), AffineMap.from_dims(4, [0, 1, 2]))
    assert contraction_roles(EncodingAttr(1, "matmul", (F32,) * 3, bmaps)) == {0: "batch", 1: "m", 2: "n", 3: "k"}
    t = TensorType((16, 64), F32)
    assert tiled_dims(lhs(), t) == {0: "m", 1: "k"}
    assert tiled_dims(EncodingAttr(2, "matmul", (F32,) * 3, MAPS), TensorType((16, 32), F32)) == {0: "m", 1: "n"}
    assert tiled_dims(MatmulKAttr((1,)), t) == {1: "k"}
    assert tiled_dims(IdentityAttr(), t) == {}


def test_generate_encodings_through_a_transpose():
    m = parse("""
func.func @f(%wt: tensor<32x64xf32>) -> tensor<64x32xf32> {
  %e = tensor.empty() : tensor<64x32xf32>
  %t = linalg.transpose ins(%wt : tensor<32x64xf32>) outs(%e : tensor<64x32xf32>) permutation = [1, 0]
  return %t : tensor<64x32xf32>
}""")
    tr = find(m, "linalg.transpose")
    rhs = EncodingAttr(1, "matmul", (F32, F32, F32), MAPS)
    assert is_propagable(rhs, tr.results[0])
    encs = generate_encodings(rhs, tr.results[0])
    # the input follows (k, n) <- transposed: composed map (m, n, k) -> (n, k); the init keeps the encoding
    assert str(encs.operand_encodings[0].operand_map) == "(d0, d1, d2) -> (d1, d2)"
    assert encs.operand_encodings[1] == rhs and encs.result_encodings == [rhs] and encs.target_encoding == rhs


def test_matmul_k_and_identity_attribute_models():
    m = parse("""
func.func @f(%wt: tensor<32x64xf32>) -> (tensor<64x32xf32>, tensor<32x64xf32>) {
  %e = tensor.empty() : tensor<64x32xf32>
  %t = linalg.transpose ins(%wt : tensor<32x64xf32>) outs(%e : tensor<64x32xf32>) permutation = [1, 0]
  %e2 = tensor.empty() : tensor<32x64xf32>
  %x = linalg.exp ins(%wt : tensor<32x64xf32>) outs(%e2 : tensor<32x64xf32>) -> tensor<32x64xf32>
  return %t, %x : tensor<64x32xf32>, tensor<32x64xf32>
}""")
    tr, ex = find(m, "linalg.transpose"), find(m, "linalg.exp")
    # K is dim 0 of the transposed result -> dim 1 of its source
    encs = generate_encodings(MatmulKAttr((0,)), tr.results[0])
    assert encs.operand_encodings[0] == MatmulKAttr((1,))
    # identity: same encoding through the exp, not through the transpose (dims move)
    assert generate_encodings(IdentityAttr(), ex.results[0]).operand_encodings[0] == IdentityAttr()
    assert stop_reason(IdentityAttr(), tr.results[0]) == \
        "'#iree_encoding.identity' cannot follow dims that move ((d0, d1) -> (d1, d0))"
    assert attr_model_for(None) is None


def test_sinking_relation_and_reduction_stop():
    m = parse("""
func.func @f(%a: tensor<16x64xf32, #lhs>) -> tensor<64xf32> {
  %u = iree_encoding.unset_encoding %a : tensor<16x64xf32, #lhs> -> tensor<16x64xf32>
  %e = tensor.empty() : tensor<64xf32>
  %r = linalg.reduce { arith.addf } ins(%u : tensor<16x64xf32>) outs(%e : tensor<64xf32>) dimensions = [0]
  return %r : tensor<64xf32>
}""")
    red = find(m, "linalg.reduce")
    target = OpOperand(red, 0)
    rel = op_model_for(red).dim_relation(red, target, DOWN)
    assert rel.reduced_target_dims == (0,)
    assert [str(x) for x in rel.result_maps] == ["(d0, d1) -> (d1)"]
    assert stop_reason(lhs(), target) == ("the op reduces over dim 0 of tensor<16x64xf32>, which the encoding "
                                          "tiles (role M)")
    assert not is_propagable(lhs(), target)
    with pytest.raises(NotPropagable, match="reduces over dim 0"):
        generate_encodings(lhs(), target)


def test_propagation_result_of_the_rfc_exp_example():
    m = parse("""
func.func @f(%src: tensor<16x64xf32>) -> tensor<16x64xf32> {
  %init = tensor.empty() : tensor<16x64xf32>
  %0 = linalg.exp ins(%src : tensor<16x64xf32>) outs(%init : tensor<16x64xf32>) -> tensor<16x64xf32>
  return %0 : tensor<16x64xf32>
}""")
    ex = find(m, "linalg.exp")
    encs = generate_encodings(lhs(), ex.results[0])
    res = propagate_encoding(Rewriter(), encs, ex.results[0])
    (new,) = res.encoded_ops
    assert new.name == "linalg.exp" and encoding_attr_of(new.results[0].type) == lhs()
    # one set_encoding per operand (source and init), the RFC's "as many set_encodings as operands"
    assert [o.name for o in res.generated_encoding_ops] == ["iree_encoding.set_encoding"] * 2
    assert res.replacements == [new.results[0]]


class CopyModel(PropagationOpModel):
    """A model for an unregistered test op ``"test.copy"(%x)``: dims follow one to one."""

    def dim_relation(self, op, target, direction):
        rank = op.results[0].type.rank
        return DimRelation((AffineMap.identity(rank),), (AffineMap.identity(rank),), (), rank)

    def propagate_encoding(self, rewriter, op, encodings, target, ctx):
        return rebuild_encoded(rewriter, op, encodings, 0 if direction_up(target) else None)


def direction_up(target) -> bool:
    return not isinstance(target, OpOperand)


def test_a_new_op_is_one_registration():
    text = HEAD + """
func.func @f(%x: tensor<16x64xf32>) -> tensor<16x64xf32, #lhs> {
  %c = "test.copy"(%x) : (tensor<16x64xf32>) -> tensor<16x64xf32>
  %s = iree_encoding.set_encoding %c : tensor<16x64xf32> -> tensor<16x64xf32, #lhs>
  return %s : tensor<16x64xf32, #lhs>
}"""
    ctx = PassContext(remarks=True)
    m = mc.parse(text, "t.mlir")
    PassManager.from_text("propagate-encodings", ctx).run(m)
    assert [d.message for d in ctx.emitted] == ["set_encoding stays: no propagation model for 'test.copy'"]
    register_op_model("test.copy", CopyModel())
    try:
        m = mc.parse(text, "t.mlir")
        PassManager.from_text("propagate-encodings", PassContext()).run(m)
        verify(m)
        copy = find(m, "test.copy")
        assert copy.operands[0].op.name == "iree_encoding.set_encoding"
        assert encoding_attr_of(copy.results[0].type) is not None
        assert find(m, "func.return").operands[0] is copy.results[0]
    finally:
        unregister_op_model("test.copy")
    assert op_model_for(copy) is None


def test_models_are_found_by_name_then_class():
    m = parse("""
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %a = linalg.abs ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %a : tensor<4xf32>
}""")
    empty, absop, ret = find(m, "tensor.empty"), find(m, "linalg.abs"), find(m, "func.return")
    assert type(op_model_for(empty)).__name__ == "EmptyModel"
    assert type(op_model_for(absop)).__name__ == "StructuredOpModel"  # via the StructuredOp class
    assert op_model_for(ret) is None
    assert op_model_for(empty).clonable(empty) and not op_model_for(absop).clonable(absop)


def test_function_argument_model_respects_the_option():
    m = parse("""
func.func private @g(%x: tensor<16x64xf32>) -> tensor<16x64xf32, #lhs> {
  %s = iree_encoding.set_encoding %x : tensor<16x64xf32> -> tensor<16x64xf32, #lhs>
  return %s : tensor<16x64xf32, #lhs>
}""")
    g = find(m, "func.func")
    arg = g.body.args[0]
    encs = generate_encodings(lhs(), arg)
    with pytest.raises(NotPropagable, match="through-function-args"):
        propagate_encoding(Rewriter(), encs, arg, PropagationContext(m, False))
    res = propagate_encoding(Rewriter(), encs, arg, PropagationContext(m, True))
    assert res.replacements == [arg] and encoding_attr_of(arg.type) == lhs()
    assert encoding_attr_of(g.function_type.inputs[0]) == lhs()


def test_encoding_chain_that_composes_back_to_the_root_is_simplified():
    t = AffineMap.from_dims(2, [1, 0])
    model = attr_model_for(lhs())
    once = model.encoding_through(lhs(), t)
    assert once.user_indexing_maps[0] == (MAPS[0], t)
    assert model.encoding_through(once, t) == lhs()  # transposed twice: the original encoding


def test_encoded_types_keep_their_sharding():
    from meshc.dialects.mesh import sharding_of
    from meshc.interfaces.encoding import encoded_type

    m = mc.parse("mesh.mesh @m(shape = 2)\nfunc.func @g(%a: tensor<4x8xf32, #mesh.shard<@m, [[0]]>>) {\n  return\n}",
                 "s.mlir")
    sharded = find(m, "func.func").function_type.inputs[0]
    enc = encoded_type(sharded, lhs())
    assert str(enc).startswith("tensor<4x8xf32, #mesh.shard<@m, [[0]], inner = #iree_encoding.encoding<")
    assert sharding_of(enc) == sharding_of(sharded) and encoding_attr_of(enc) == lhs()
    assert encoded_type(enc, None) == sharded
