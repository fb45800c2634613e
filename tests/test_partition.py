"""partition pass: the for_all and for_one forms, per-device slices (even, uneven, dynamic mesh,
explicit offsets), split reductions, fused peer reads, linalg.index, and located errors.

The for_all form is checked by running each device's body on the reference interpreter
(``Device(coords=...)``: ``mesh.for_all`` then runs the body for that device and yields its
shard) and comparing with numpy; the for_one form runs the whole mesh on the interpreter."""

from __future__ import annotations

import textwrap
from pathlib import Path

import numpy as np
import pytest

import meshc.api as api
from meshc.dialects import mesh as M
from meshc.dialects.scf import ForallOp
from meshc.ir import DiagnosticError, print_op, verify
from meshc.parser import parse
from meshc.passes.manager import PassManager
from meshc.passes.pipeline import PipelineError
from meshc.runtime.interpreter import Device

DATA = Path(__file__).parent / "data"
FRONT = "sharding-propagation,distribute-types,reshard"


def compile_text(text: str, pipeline: str):
    m = parse(textwrap.dedent(text), "t.mlir")
    verify(m)
    PassManager.from_text(pipeline).run(m)
    again = parse(print_op(m), "again.mlir")  # every output parses back in
    verify(again)
    assert print_op(again) == print_op(m)
    return m


def compile_corpus(name: str, pipeline: str):
    m = parse((DATA / f"{name}.mlir").read_text(), f"{name}.mlir")
    PassManager.from_text(pipeline).run(m)
    return m


def per_device(m, mesh: str, devices, inputs, mesh_shapes=None) -> list:
    """The outputs of the partitioned function run for each device (coordinates in ``devices``)."""
    return [api.run_reference(m, inputs, device=Device(coords={mesh: tuple(c)}, mesh_shapes=mesh_shapes or {})).outputs
            for c in devices]


def ops(m, cls) -> list:
    return [op for op in m.walk() if isinstance(op, cls)]


# ------------------------------------------------------------------ seed 000, both forms
def test_for_all_form_of_the_seed_example():
    m = compile_corpus("seed_matmul_rows", FRONT + ",partition")
    (fa,) = ops(m, M.ForAllOp)
    assert [op.name for op in fa.body.ops] == ["mesh.process_multi_index", "tensor.extract_slice",
                                               "tensor.extract_slice", "tensor.extract_slice", "linalg.matmul",
                                               "mesh.yield"]
    # process i holds row i: the LHS slice starts at the process index, 1 x 3
    lhs = fa.body.ops[1]
    assert lhs.mixed_offsets == [fa.body.ops[0].results[0], 0] and lhs.mixed_sizes == [1, 3]
    assert str(fa.body.ops[-1].operands[0].type) == "tensor<1x2xf32>"
    inputs = dict(np.load(DATA / "seed_matmul_rows.inputs.npz"))
    expected = np.load(DATA / "seed_matmul_rows.expected.npz")["result0"]
    shards = per_device(m, "mesh", [(0,), (1,)], inputs)
    np.testing.assert_allclose(np.concatenate([s[0] for s in shards]), expected, rtol=1e-5)


def test_for_one_form_of_the_seed_example():
    m = compile_corpus("seed_matmul_rows", FRONT + ",partition{form=for_one}")
    (forall,) = ops(m, ForallOp)
    (one,) = ops(m, M.ForOneOp)
    assert forall.upper_bounds == [2] and forall.outputs[0].name_hint == "out_dps"
    assert one.device == list(forall.induction_vars)
    assert one.body.ops[-1].name == "tensor.parallel_insert_slice"


@pytest.mark.parametrize("name", ["seed_matmul_rows", "reshard_rows_to_cols", "upstream_llvm19", "upstream_llvm20"])
def test_for_one_form_runs_the_whole_mesh_on_the_interpreter(name):
    m = compile_corpus(name, FRONT + ",partition{form=for_one}")
    inputs = dict(np.load(DATA / f"{name}.inputs.npz"))
    expected = np.load(DATA / f"{name}.expected.npz")
    out = api.run_reference(m, inputs).outputs
    for i, o in enumerate(out):
        np.testing.assert_allclose(o, expected[f"result{i}"], rtol=1e-4, atol=1e-5)


def test_unknown_form_is_a_pipeline_error():
    with pytest.raises(PipelineError) as info:
        PassManager.from_text("partition{form=tiles}")
    assert "for_all, for_one" in info.value.message


# ------------------------------------------------------------------ slices
EXP = """
mesh.mesh @{mesh}(shape = {shape})
func.func @f(%x: tensor<{t}, #mesh.shard<@{mesh}, [[0]]>>) -> tensor<{t}, #mesh.shard<@{mesh}, [[0]]>> {{
  %y = math.exp %x : tensor<{t}, #mesh.shard<@{mesh}, [[0]]>>
  return %y : tensor<{t}, #mesh.shard<@{mesh}, [[0]]>>
}}
"""


def test_uneven_rows_get_the_balanced_shards():
    # 5 rows over 2 devices: 5 // 2 = 2 each, the last 5 % 2 = 1 shard one more -> rows [0, 2) and [2, 5)
    m = compile_text(EXP.format(mesh="m", shape="2", t="5x4xf32"), "partition")
    (fa,) = ops(m, M.ForAllOp)
    assert str(fa.body.ops[-1].operands[0].type) == "tensor<?x4xf32>"
    x = np.arange(20, dtype=np.float32).reshape(5, 4) / 10
    shards = [s[0] for s in per_device(m, "m", [(0,), (1,)], [x])]
    assert [s.shape for s in shards] == [(2, 4), (3, 4)]
    np.testing.assert_allclose(np.concatenate(shards), np.exp(x), rtol=1e-6)


@pytest.mark.parametrize("n, sizes", [(3, [3, 3, 4]), (4, [2, 2, 3, 3]), (7, [1, 1, 1, 1, 2, 2, 2])])
def test_dynamic_mesh_sizes_come_from_mesh_shape(n, sizes):
    # 10 rows over n devices: 10 // n each, the last 10 % n one more
    m = compile_text(EXP.format(mesh="d", shape="?", t="10xf32"), "partition")
    (fa,) = ops(m, M.ForAllOp)
    assert fa.body.ops[0].name == "mesh.mesh_shape"
    x = np.linspace(-1, 1, 10, dtype=np.float32)
    shards = [s[0] for s in per_device(m, "d", [(i,) for i in range(n)], [x], {"d": (n,)})]
    assert [len(s) for s in shards] == sizes
    np.testing.assert_allclose(np.concatenate(shards), np.exp(x), rtol=1e-6)


def test_explicit_offsets_are_looked_up_by_the_shard_index():
    s = "#mesh.shard<@m, [[0]], sharded_dims_offsets = [0, 1, 2, 3, 10]>"
    text = f"""
    mesh.mesh @m(shape = 4)
    func.func @f(%x: tensor<10xf32, {s}>) -> tensor<10xf32, {s}> {{
      %y = math.exp %x : tensor<10xf32, {s}>
      return %y : tensor<10xf32, {s}>
    }}
    """
    m = compile_text(text, "reshard,partition")
    assert not [op for op in m.walk() if isinstance(op, M.CollectiveOp)]
    x = np.arange(10, dtype=np.float32) / 10
    shards = [s[0] for s in per_device(m, "m", [(i,) for i in range(4)], [x])]
    assert [len(s) for s in shards] == [1, 1, 1, 7]  # boundaries 0, 1, 2, 3, 10
    np.testing.assert_allclose(np.concatenate(shards), np.exp(x), rtol=1e-6)


def test_two_mesh_axes_on_one_dim_linearise_the_coordinates():
    # 8 rows over [[1, 0]] on a 2x2 mesh: device (a0, a1) holds shard a1 * 2 + a0 of 2 rows
    text = """
    mesh.mesh @g(shape = 2x2)
    func.func @f(%x: tensor<8xf32, #mesh.shard<@g, [[1, 0]]>>) -> tensor<8xf32, #mesh.shard<@g, [[1, 0]]>> {
      %y = math.exp %x : tensor<8xf32, #mesh.shard<@g, [[1, 0]]>>
      return %y : tensor<8xf32, #mesh.shard<@g, [[1, 0]]>>
    }
    """
    m = compile_text(text, "partition")
    x = np.arange(8, dtype=np.float32)
    for coords in [(0, 0), (0, 1), (1, 0), (1, 1)]:
        (out,) = per_device(m, "g", [coords], [x])[0]
        start = 2 * (coords[1] * 2 + coords[0])
        np.testing.assert_allclose(out, np.exp(x[start:start + 2]), rtol=1e-6)


# ------------------------------------------------------------------ reductions and points
def test_split_reduction_adds_the_init_on_device_zero_only():
    text = """
    mesh.mesh @m(shape = 4)
    func.func @f(%x: tensor<2x8xf32, #mesh.shard<@m, [[], [0]]>>, %init: tensor<2xf32, #mesh.shard<@m, [[]]>>) -> tensor<2xf32, #mesh.shard<@m, [[]], partial = sum[0]>> {
      %p = mesh.shard %init to <@m, [[]], partial = sum[0]> : tensor<2xf32, #mesh.shard<@m, [[]]>> -> tensor<2xf32, #mesh.shard<@m, [[]], partial = sum[0]>>
      %r = linalg.reduce ins(%x : tensor<2x8xf32, #mesh.shard<@m, [[], [0]]>>) outs(%p : tensor<2xf32, #mesh.shard<@m, [[]], partial = sum[0]>>) dimensions = [1]
        (%in: f32, %acc: f32) {
          %s = arith.addf %in, %acc : f32
          linalg.yield %s : f32
        }
      return %r : tensor<2xf32, #mesh.shard<@m, [[]], partial = sum[0]>>
    }
    """
    m = compile_text(text, "reshard,partition")
    x = np.arange(16, dtype=np.float32).reshape(2, 8)
    init = np.array([100.0, 200.0], dtype=np.float32)
    partials = [s[0] for s in per_device(m, "m", [(i,) for i in range(4)], [x, init])]
    # device k sums columns 2k, 2k+1; only device 0 adds the init: row 0 on device 0 = 100 + 0 + 1 = 101
    assert partials[0].tolist() == [101.0, 217.0]
    assert partials[3].tolist() == [6.0 + 7.0, 14.0 + 15.0]
    np.testing.assert_allclose(sum(partials), x.sum(axis=1) + init)


def test_max_partial_takes_minus_infinity_off_device_zero():
    text = """
    mesh.mesh @m(shape = 2)
    func.func @f(%x: tensor<3xf32, #mesh.shard<@m, [[]]>>) -> tensor<3xf32, #mesh.shard<@m, [[]], partial = max[0]>> {
      %p = mesh.shard %x to <@m, [[]], partial = max[0]> : tensor<3xf32, #mesh.shard<@m, [[]]>> -> tensor<3xf32, #mesh.shard<@m, [[]], partial = max[0]>>
      return %p : tensor<3xf32, #mesh.shard<@m, [[]], partial = max[0]>>
    }
    """
    m = compile_text(text, "reshard,partition")
    x = np.array([1.0, -2.0, 3.0], dtype=np.float32)
    d0, d1 = [s[0] for s in per_device(m, "m", [(0,), (1,)], [x])]
    assert d0.tolist() == [1.0, -2.0, 3.0] and d1.tolist() == [-np.inf] * 3


def test_peer_read_point_is_fused_into_its_consumer():
    m = compile_corpus("reshard_rows_to_cols", FRONT.replace("reshard", "reshard{strategy=peer}") + ",partition")
    assert ops(m, M.ShardOp) == []  # no copy: the generic's body slices %x itself
    fa = [op for op in ops(m, M.ForAllOp) if any(o.name == "linalg.generic" for o in op.body.ops)][0]
    src = [o for o in fa.body.ops if o.name == "tensor.extract_slice"][0]
    assert src.source.name_hint == "x" and str(src.result.type) == "tensor<32x12xf32>"
    offsets = src.mixed_offsets
    assert offsets[0] == 0  # every device reads all 32 rows, which straddle the 4 row shards of %x
    # unrolled, device 1 assembles columns [12, 24) from the four row shards
    PassManager.from_text("unroll").run(m)
    inputs = dict(np.load(DATA / "reshard_rows_to_cols.inputs.npz"))
    expected = np.load(DATA / "reshard_rows_to_cols.expected.npz")["result0"]
    one = [op for op in ops(m, M.ForOneOp) if op.device == [1] and any(o.name == "linalg.generic" for o in op.body.ops)]
    reads = [o for o in one[0].body.ops if o.name == "tensor.extract_slice"]
    assert sorted(o.source.name_hint for o in reads) == ["x_0", "x_1", "x_2", "x_3"]
    np.testing.assert_allclose(api.run_reference(m, inputs).outputs[0], expected, rtol=1e-5)


def test_linalg_index_of_a_split_loop_is_global():
    text = """
    mesh.mesh @m(shape = 4)
    #id = affine_map<(d0) -> (d0)>
    func.func @f(%o: tensor<8xi32, #mesh.shard<@m, [[0]]>>) -> tensor<8xi32, #mesh.shard<@m, [[0]]>> {
      %r = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]} outs(%o : tensor<8xi32, #mesh.shard<@m, [[0]]>>) {
      ^bb0(%out: i32):
        %i = linalg.index 0 : index
        %c = arith.index_cast %i : index to i32
        linalg.yield %c : i32
      } -> tensor<8xi32, #mesh.shard<@m, [[0]]>>
      return %r : tensor<8xi32, #mesh.shard<@m, [[0]]>>
    }
    """
    m = compile_text(text, "partition")
    (out,) = per_device(m, "m", [(2,)], [np.zeros(8, dtype=np.int32)])[0]
    assert out.tolist() == [4, 5]  # device 2 holds rows 2 * 2 = 4 and 5


def test_collectives_and_update_halo_stay_between_bodies():
    m = compile_corpus("mlp_tensor_parallel", FRONT + ",partition")
    (ar,) = [op for op in m.walk() if isinstance(op, M.CollectiveOp)]
    assert ar.parent.parent.parent.name == "func.func"  # at function level, in global view
    assert M.sharding_of(ar.input.type).partial_axes == (0,)
    assert all(op.parent.parent.parent.name == "func.func" for op in ops(m, M.ForAllOp))


# ------------------------------------------------------------------ errors
def test_shardings_the_rule_rejects_are_a_located_error():
    text = """
    mesh.mesh @m(shape = 4)
    func.func @f(%a: tensor<8xf32, #mesh.shard<@m, [[0]]>>, %b: tensor<8xf32, #mesh.shard<@m, [[]]>>, %e: tensor<8xf32, #mesh.shard<@m, [[0]]>>) -> tensor<8xf32, #mesh.shard<@m, [[0]]>> {
      %r = linalg.add ins(%a, %b : tensor<8xf32, #mesh.shard<@m, [[0]]>>, tensor<8xf32, #mesh.shard<@m, [[]]>>) outs(%e : tensor<8xf32, #mesh.shard<@m, [[0]]>>) -> tensor<8xf32, #mesh.shard<@m, [[0]]>>
      return %r : tensor<8xf32, #mesh.shard<@m, [[0]]>>
    }
    """
    with pytest.raises(DiagnosticError) as info:
        compile_text(text, "partition")
    assert info.value.message == ("'linalg.add' op cannot be partitioned: operand #1 has sharding <@m, [[]]> but the "
                                  "op's rule needs <@m, [[0]]> here (run reshard first)")
    assert info.value.location.line == 4


def test_a_split_on_a_padded_dim_is_a_located_error():
    # tensor.pad carries the split of a padded dim at its own boundaries: the source's 4 columns over 4
    # devices, the first shard grown by the low pad and the last by the high one (0, 2, 3, 4, 6); the
    # balanced split of the padded result (1, 1, 2, 2 columns) disagrees with the rule: reshard first
    text = """
    mesh.mesh @m(shape = 4)
    func.func @f(%x: tensor<8x4xf32, #mesh.shard<@m, [[], [0]]>>) -> tensor<8x6xf32, #mesh.shard<@m, [[], [0]]>> {
      %c = arith.constant 0.0 : f32
      %p = tensor.pad %x low[0, 1] high[0, 1] {
      ^bb0(%i: index, %j: index):
        tensor.yield %c : f32
      } : tensor<8x4xf32, #mesh.shard<@m, [[], [0]]>> to tensor<8x6xf32, #mesh.shard<@m, [[], [0]]>>
      return %p : tensor<8x6xf32, #mesh.shard<@m, [[], [0]]>>
    }
    """
    with pytest.raises(DiagnosticError) as info:
        compile_text(text, "partition")
    assert info.value.message == ("'tensor.pad' op cannot be partitioned: result #0 has sharding <@m, [[], [0]]> "
                                  "but the op's rule needs <@m, [[], [0]], sharded_dims_offsets = [0, 2, 3, 4, 6]> "
                                  "here (run reshard first)")
    assert info.value.location.line == 5
