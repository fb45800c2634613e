"""The distribute-types pass: shardings move from mesh.shard annotations into tensor types."""

from __future__ import annotations

from pathlib import Path

import pytest

from meshc.dialects.iree_encoding import data_tiling_encoding_of
from meshc.dialects.mesh import ShardingAttr, ShardOp, data_encoding_of, sharding_of
from meshc.interfaces.annotations import functions
from meshc.ir import DiagnosticError, print_op, verify
from meshc.ir.types import F32, FunctionType, TensorType
from meshc.parser import parse
from meshc.passes.distribute_types import DistributeTypes
from meshc.passes.manager import PassManager
from meshc.passes.sharding_propagation import ShardingPropagation

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"


def S(mesh: str, split, partial=(), kind="sum") -> ShardingAttr:
    return ShardingAttr(mesh, tuple(tuple(a) for a in split), tuple(partial), kind)


def module(text: str, name: str = "test.mlir"):
    m = parse(text, name)
    verify(m)
    return m


def typed(shape, sharding) -> str:
    return f"tensor<{'x'.join(map(str, shape))}xf32, #mesh.shard<{sharding.body()}>>"


def run_passes(m, pipeline="sharding-propagation,distribute-types", verify_each=True):
    PassManager.from_text(pipeline, verify_each=verify_each).run(m)
    return m


def rewrite_without_verifier(m):
    """Both passes, called directly (no after-pass verification): for checking types one by one."""
    ShardingPropagation().run(m)
    DistributeTypes().run(m)
    return m


def test_seed_000_first_step():
    # Seed 000: "%arg0 : tensor<2x3xf32, #shard_0_on_0>, %arg1 : tensor<3x2xf32, #fully_replicate>,
    # %out_dps: tensor<2x2xf32, #shard_0_on_0>) -> tensor<2x2xf32, #shard_0_on_0>" and no mesh.shard left.
    m = run_passes(module((DATA / "seed_matmul_rows.mlir").read_text()))
    rows, rep = S("mesh", [[0]]), S("mesh", [])
    func = next(functions(m))
    assert func.function_type == FunctionType(
        (TensorType((2, 3), F32, _enc(rows)), TensorType((3, 2), F32, _enc(rep)), TensorType((2, 2), F32, _enc(rows))),
        (TensorType((2, 2), F32, _enc(rows)),))
    assert not [op for op in m.walk() if isinstance(op, ShardOp)]
    mm = next(op for op in m.walk() if op.name == "linalg.matmul")
    assert [sharding_of(v.type) for v in mm.operands] == [rows, rep, rows]
    assert sharding_of(mm.result.type) == rows
    assert print_op(module(print_op(m))) == print_op(m)  # the distributed form parses back


def _enc(s: ShardingAttr):
    from meshc.dialects.mesh import ShardEncodingAttr

    return ShardEncodingAttr(s)


def test_mlp_types_and_resharding_points():
    m = rewrite_without_verifier(module((DATA / "mlp_tensor_parallel.mlir").read_text()))
    func = next(functions(m))
    by_name = {}
    for op in func.walk():
        for r in op.results:
            if r.name_hint:
                by_name[r.name_hint] = r
    for a in func.body.args:
        by_name[a.name_hint] = a
    cols, rep, part = S("tp", [[], [0]]), S("tp", []), S("tp", [], [0])
    assert sharding_of(by_name["w1"].type) == cols and sharding_of(by_name["w2"].type) == S("tp", [[0]])
    assert sharding_of(by_name["h"].type) == cols and sharding_of(by_name["hb"].type) == cols
    assert sharding_of(by_name["f2"].type) == rep
    assert sharding_of(by_name["y"].type) == part  # a split contraction: partial = sum[0]
    reshards = [(sharding_of(op.src.type), sharding_of(op.result.type)) for op in func.walk() if isinstance(op, ShardOp)]
    # the fill marked partial before the second matmul, and the all-reduce point before the return
    assert reshards == [(rep, part), (part, rep)]
    assert all("annotate_for_users" not in op.attributes for op in func.walk() if isinstance(op, ShardOp))
    assert func.function_type.results == (TensorType((64, 256), F32, _enc(rep)),)


def test_resharding_points_verify():
    # mesh.shard with operand type != result type is the stage-3 resharding point (PIPELINE.md).
    m = run_passes(module((DATA / "reshard_rows_to_cols.mlir").read_text()))
    shards = [op for op in m.walk() if isinstance(op, ShardOp)]
    assert len(shards) == 1
    assert (sharding_of(shards[0].src.type), sharding_of(shards[0].result.type)) == (S("m", [[0]]), S("m", [[], [0]]))
    assert print_op(module(print_op(m))) == print_op(m)


def test_data_tiling_encoding_is_kept_next_to_the_sharding():
    text = """
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2]>
mesh.mesh @m(shape = 2)
func.func @f(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<4x8xf32>
  %e = iree_encoding.set_encoding %xs : tensor<4x8xf32> -> tensor<4x8xf32, #lhs>
  %u = iree_encoding.unset_encoding %e : tensor<4x8xf32, #lhs> -> tensor<4x8xf32>
  return %u : tensor<4x8xf32>
}
"""
    m = run_passes(module(text))
    enc = next(op for op in m.walk() if op.name == "iree_encoding.set_encoding").result
    assert sharding_of(enc.type) == S("m", [[0]])
    assert data_tiling_encoding_of(enc.type) is not None
    assert data_encoding_of(enc.type) == data_tiling_encoding_of(enc.type)
    assert "#mesh.shard<@m, [[0]], inner = #iree_encoding.encoding<operand_index = 0 : index" in str(enc.type)
    unset = next(op for op in m.walk() if op.name == "iree_encoding.unset_encoding").result
    assert unset.type == TensorType((4, 8), F32, _enc(S("m", [[0]])))


def test_nested_regions_and_functions_without_mesh():
    text = """
mesh.mesh @m(shape = 4)
func.func @loop(%x: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  %xs = mesh.shard %x to <@m, [[]]> : tensor<4xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %xs) -> (tensor<4xf32>) {
    %y = arith.addf %acc, %acc : tensor<4xf32>
    scf.yield %y : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
func.func @plain(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
"""
    m = run_passes(module(text))
    loop, plain = functions(m)
    add = next(op for op in loop.walk() if op.name == "arith.addf")
    assert sharding_of(add.result.type) == S("m", []) == sharding_of(add.operands[0].type)
    assert plain.function_type == FunctionType((TensorType((4,), F32),), (TensorType((4,), F32),))


CORPUS = ["dynamic_mesh_rowsum", "encoding_exp_matmul", "mesh2d_peered", "mlp_tensor_parallel", "reshard_rows_to_cols",
          "seed_matmul_rows", "upstream_llvm19", "upstream_llvm20", "upstream_llvm22_shard"]


@pytest.mark.parametrize("name", CORPUS)
def test_corpus_verifies_and_is_idempotent(name):
    m = run_passes(module((DATA / f"{name}.mlir").read_text()))  # verified after each pass
    once = print_op(m)
    assert print_op(run_passes(module(once), "distribute-types")) == once
    assert print_op(run_passes(module(once), "sharding-propagation")) == once  # already distributed: left alone
    for func in functions(m):
        if name == "encoding_exp_matmul":  # no mesh: nothing distributed
            assert all(sharding_of(v.type) is None for v in func.body.args)
            continue
        values = list(func.body.args) + [r for op in func.walk() for r in op.results]
        assert all(sharding_of(v.type) is not None for v in values if isinstance(v.type, TensorType))


def test_annotations_alone_without_propagation():
    # Without sharding-propagation, unannotated values are replicated.
    text = """
mesh.mesh @m(shape = 4)
func.func @f(%x: tensor<8xf32>, %y: tensor<8xf32>) -> tensor<8xf32> {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<8xf32>
  %xr = mesh.shard %xs to <@m, [[]]> annotate_for_users : tensor<8xf32>
  %s = arith.addf %xr, %y : tensor<8xf32>
  return %s : tensor<8xf32>
}
"""
    m = module(text)
    DistributeTypes().run(m)
    func = next(functions(m))
    assert [sharding_of(a.type) for a in func.body.args] == [S("m", [[0]]), S("m", [])]
    (point,) = [op for op in func.walk() if isinstance(op, ShardOp)]
    assert (sharding_of(point.src.type), sharding_of(point.result.type)) == (S("m", [[0]]), S("m", []))


@pytest.mark.parametrize("sharding, line, message", [
    ("<@m, [[1]]>", 3, "split axes of tensor dim 0: mesh axis 1 is out of range for mesh @m of rank 1"),
    ("<@m, [[0], [0]]>", 3, "mesh axis 0 is used more than once (in split axes of tensor dim 0 and in split axes "
                            "of tensor dim 1)"),
    ("<@m, [[0]], partial = sum[0]>", 3, "partial axis 0 is also used in split axes of tensor dim 0; partial and "
                                         "split axes must be disjoint"),
    ("<@nowhere, [[0]]>", 3, "undefined mesh '@nowhere'"),
])
def test_invalid_sharding_in_a_type_is_a_located_error(sharding, line, message):
    text = (f"mesh.mesh @m(shape = 4)\nfunc.func @f(%x: tensor<8x8xf32>) -> tensor<8x8xf32> {{\n"
            f"  %e = tensor.empty() : tensor<8x8xf32, #mesh.shard{sharding}>\n"
            f"  return %x : tensor<8x8xf32>\n}}\n")
    m = parse(text, "bad.mlir")
    # the IR verifier (mesh.py's hook) reports it ...
    with pytest.raises(DiagnosticError) as err:
        verify(m)
    d = err.value.diagnostics[0]
    assert (d.location.line, d.location.col) == (line, 8)
    assert d.message.endswith(message)
    # ... and so does distribute-types on its own input, when run without verification
    with pytest.raises(DiagnosticError) as err:
        DistributeTypes().run(m)
    d = err.value.diagnostics[0]
    assert (d.location.line, d.location.col) == (line, 8) and d.message.endswith(message)
