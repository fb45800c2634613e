"""propagate-reshapes (meshc/passes/propagate_reshapes.py): reshapes folded into structured ops by
expansion compute the same values, leave the ops and reshapes the rule says, and let a split of a
collapsed minor dim through without a gather.

Values: each program runs on the reference interpreter before and after the pass on the same inputs;
integers and small dyadic floats (multiples of 1/256, short sums) make every comparison exact.
"""

from __future__ import annotations

import re

import numpy as np
import pytest
from click.testing import CliRunner

import meshc.api as mc
from meshc.cli import main
from meshc.passes.manager import PassManager
from meshc.dialects.tensor import ReassociativeReshapeOp
from meshc.ir.core import BlockArgument
from meshc.ir.printer import print_op
from meshc.passes.propagate_reshapes import is_unit_dim_reshape, reshape_groups
from tests.test_real_models_sharded import DATA
from tests.tolerance import assert_close, reduction_chain_length

HEADS = """
func.func @f(%q: tensor<2x4x8x16xf32>, %k: tensor<2x4x16x8xf32>) -> tensor<2x4x8x8xf32> {
  %qc = tensor.collapse_shape %q [[0, 1], [2], [3]] : tensor<2x4x8x16xf32> into tensor<8x8x16xf32>
  %kc = tensor.collapse_shape %k [[0, 1], [2], [3]] : tensor<2x4x16x8xf32> into tensor<8x16x8xf32>
  %e = tensor.empty() : tensor<8x8x8xf32>
  %c0 = arith.constant 0.0 : f32
  %z = linalg.fill ins(%c0 : f32) outs(%e : tensor<8x8x8xf32>) -> tensor<8x8x8xf32>
  %s = linalg.batch_matmul ins(%qc, %kc : tensor<8x8x16xf32>, tensor<8x16x8xf32>) outs(%z : tensor<8x8x8xf32>) -> tensor<8x8x8xf32>
  %r = tensor.expand_shape %s [[0, 1], [2], [3]] output_shape [2, 4, 8, 8] : tensor<8x8x8xf32> into tensor<2x4x8x8xf32>
  return %r : tensor<2x4x8x8xf32>
}
"""

# matmul on a collapsed (batch, seq) with its result expanded into heads; a weight expanded too;
# the collapsed result also returned (another user: it reads the new op through a collapse)
PROJECTION = """
func.func @f(%x: tensor<2x3x4xi32>, %w: tensor<4x6xi32>, %b: tensor<6xi32>) -> (tensor<2x3x2x3xi32>, tensor<6x6xi32>) {
  %xc = tensor.collapse_shape %x [[0, 1], [2]] : tensor<2x3x4xi32> into tensor<6x4xi32>
  %e = tensor.empty() : tensor<6x6xi32>
  %c0 = arith.constant 0 : i32
  %z = linalg.fill ins(%c0 : i32) outs(%e : tensor<6x6xi32>) -> tensor<6x6xi32>
  %m = linalg.matmul ins(%xc, %w : tensor<6x4xi32>, tensor<4x6xi32>) outs(%z : tensor<6x6xi32>) -> tensor<6x6xi32>
  %e2 = tensor.empty() : tensor<6x6xi32>
  %a = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%m, %b : tensor<6x6xi32>, tensor<6xi32>) outs(%e2 : tensor<6x6xi32>) {
  ^bb0(%in: i32, %bias: i32, %out: i32):
    %s = arith.addi %in, %bias : i32
    linalg.yield %s : i32
  } -> tensor<6x6xi32>
  %r = tensor.expand_shape %a [[0, 1], [2, 3]] output_shape [2, 3, 2, 3] : tensor<6x6xi32> into tensor<2x3x2x3xi32>
  return %r, %m : tensor<2x3x2x3xi32>, tensor<6x6xi32>
}
"""

# a collapsed reduction dim (split into two reduction loops), a transpose and a linalg.index of a
# split loop in the body
REDUCE_INDEX = """
func.func @f(%x: tensor<3x2x4xi64>) -> (tensor<3xi64>, tensor<8x3xi64>) {
  %xc = tensor.collapse_shape %x [[0], [1, 2]] : tensor<3x2x4xi64> into tensor<3x8xi64>
  %e = tensor.empty() : tensor<3xi64>
  %c0 = arith.constant 0 : i64
  %z = linalg.fill ins(%c0 : i64) outs(%e : tensor<3xi64>) -> tensor<3xi64>
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%xc : tensor<3x8xi64>) outs(%z : tensor<3xi64>) {
  ^bb0(%in: i64, %out: i64):
    %i = linalg.index 1 : index
    %ii = arith.index_cast %i : index to i64
    %p = arith.muli %in, %ii : i64
    %a = arith.addi %out, %p : i64
    linalg.yield %a : i64
  } -> tensor<3xi64>
  %t0 = tensor.empty() : tensor<8x3xi64>
  %t = linalg.transpose ins(%xc : tensor<3x8xi64>) outs(%t0 : tensor<8x3xi64>) permutation = [1, 0]
  return %s, %t : tensor<3xi64>, tensor<8x3xi64>
}
"""

# named elementwise, map, broadcast and a dense constant through reshapes
NAMED = """
func.func @f(%x: tensor<4x6xf32>) -> tensor<2x2x2x3xf32> {
  %xc = tensor.collapse_shape %x [[0, 1]] : tensor<4x6xf32> into tensor<24xf32>
  %cst = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0, 24.0]> : tensor<24xf32>
  %e = tensor.empty() : tensor<24xf32>
  %a = linalg.add ins(%xc, %cst : tensor<24xf32>, tensor<24xf32>) outs(%e : tensor<24xf32>) -> tensor<24xf32>
  %m = linalg.map { arith.mulf } ins(%a, %a : tensor<24xf32>, tensor<24xf32>) outs(%e : tensor<24xf32>)
  %r = tensor.expand_shape %m [[0, 1, 2, 3]] output_shape [2, 2, 2, 3] : tensor<24xf32> into tensor<2x2x2x3xf32>
  return %r : tensor<2x2x2x3xf32>
}
"""


def _inputs(module, seed: int = 0) -> list[np.ndarray]:
    """Inputs of the entry: integers in [-8, 8], or floats that are multiples of 1/256 in [-1/8, 1/8]."""
    rng = np.random.default_rng(seed)
    out = []
    for spec in mc.entry_args(mc.bind_entry(module, None, None, 0).func):
        shape, dtype = spec.type.shape, np.dtype(str(spec.type.element_type).replace("f", "float").replace("i", "int"))
        ints = rng.integers(-8, 9, size=shape)
        out.append((ints / 64.0).astype(dtype) if dtype.kind == "f" else ints.astype(dtype))
    return out


def _propagated(text: str, pipeline: str = "propagate-reshapes"):
    before, after = mc.parse(text), mc.parse(text)
    PassManager.from_text(pipeline).run(after)
    return before, after


def _ops(module) -> list[str]:
    return [op.name for op in module.walk() if op.name.startswith(("linalg.", "tensor."))]


@pytest.mark.parametrize("text", [HEADS, PROJECTION, REDUCE_INDEX, NAMED], ids=["heads", "projection",
                                                                              "reduce_index", "named"])
def test_same_values_after_the_pass(text):
    before, after = _propagated(text)
    args = _inputs(before)
    want = mc.run_reference(before, args).outputs
    got = mc.run_reference(after, args).outputs
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert g.dtype == w.dtype and g.shape == w.shape
        assert np.array_equal(g, w)  # integers, or dyadic floats with short sums: exact


def test_batch_matmul_on_collapsed_heads_becomes_one_generic():
    _, after = _propagated(HEADS)
    # the fill and its empty follow the expanded result; no reshape is left
    assert _ops(after) == ["tensor.empty", "linalg.fill", "linalg.generic", "linalg.yield"]
    generic = next(op for op in after.walk() if op.name == "linalg.generic")
    assert generic.iterator_types() == ["parallel", "parallel", "parallel", "parallel", "reduction"]
    assert [str(m) for m in generic.indexing_maps()] == [
        "(d0, d1, d2, d3, d4) -> (d0, d1, d2, d4)", "(d0, d1, d2, d3, d4) -> (d0, d1, d4, d3)",
        "(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)"]
    body = [op.name for op in generic.payload_block.ops]
    assert body == ["arith.mulf", "arith.addf", "linalg.yield"]


def test_other_operands_are_expanded_and_other_users_read_a_collapse():
    _, after = _propagated(PROJECTION)
    text = print_op(after)
    # the weight and the bias gain the head split; the matmul's second user (the returned 6x6) reads it
    # back through one collapse_shape
    assert re.search(r"tensor.expand_shape %w \[\[0\], \[1, 2\]\] output_shape \[4, 2, 3\]", text), text
    assert re.search(r"tensor.expand_shape %b \[\[0, 1\]\] output_shape \[2, 3\]", text), text
    assert text.count("tensor.collapse_shape") == 1 and "tensor<2x3x2x3xi32> into tensor<6x6xi32>" in text
    assert "linalg.matmul" not in text  # a 5-loop generic now: (b, s, n0, n1, k)


def test_index_of_a_split_loop_is_linearized():
    _, after = _propagated(REDUCE_INDEX)
    reduce = next(op for op in after.walk() if op.name == "linalg.generic" and "reduction" in op.iterator_types())
    assert reduce.iterator_types() == ["parallel", "reduction", "reduction"]
    assert sorted(op.dim for op in reduce.walk() if op.name == "linalg.index") == [1, 2]


def test_rank_polymorphic_named_ops_keep_their_name():
    _, after = _propagated(NAMED)
    # the collapse of %x and the expand of the result compose into one expand of %x, the argument
    assert _ops(after) == ["tensor.expand_shape", "tensor.empty", "linalg.add", "tensor.empty", "linalg.map",
                           "linalg.yield"]
    assert [op.results[0].type.shape for op in after.walk() if op.name in ("linalg.add", "linalg.map")] == [(2, 2, 2, 3)] * 2
    # the dense constant was reshaped with the add
    const = next(op for op in after.walk() if op.name == "arith.constant" and op.results[0].type.shape)
    assert const.results[0].type.shape == (2, 2, 2, 3)


def test_second_run_changes_nothing():
    _, once = _propagated(PROJECTION)
    text = print_op(once)
    PassManager.from_text("propagate-reshapes").run(once)
    assert print_op(once) == text


@pytest.mark.parametrize("src, dst, want", [
    ((2, 16, 64), (2, 16, 4, 16), [([0], [0]), ([1], [1]), ([2], [2, 3])]),
    ((2, 3, 4), (6, 4), [([0, 1], [0]), ([2], [1])]),
    ((2, 1, 8), (2, 8), [([0], [0]), ([1, 2], [1])]),
    ((4, 1), (4,), [([0, 1], [0])]),
    ((6, 4), (4, 6), [([0, 1], [0, 1])]),
])
def test_reshape_groups_pair_runs_of_equal_size(src, dst, want):
    assert reshape_groups(src, dst) == want


def test_reshape_groups_refuse_different_sizes():
    assert reshape_groups((2, 3), (7,)) is None


SHARDED = "mesh.mesh @m(shape = 4)\n" + HEADS.replace(
    "%qc = tensor.collapse_shape %q ", "%qs = mesh.shard %q to <@m, [[], [0]]> : tensor<2x4x8x16xf32>\n"
    "  %ks = mesh.shard %k to <@m, [[], [0]]> : tensor<2x4x16x8xf32>\n  %qc = tensor.collapse_shape %qs ").replace(
    "%kc = tensor.collapse_shape %k ", "%kc = tensor.collapse_shape %ks ").replace(
    "return %r :", "%rs = mesh.shard %r to <@m, [[], [0]]> : tensor<2x4x8x8xf32>\n  return %rs :")
"""HEADS with q and k split on their heads dim (the minor dim of the collapse) over 4 devices."""


def test_a_split_of_the_minor_collapsed_dim_is_kept(tmp_path):
    # heads (the minor dim of the (batch, heads) collapse) split over 4 devices: without the pass the
    # collapse keeps only a split of its major dim, so q and k are gathered and the result re-sliced
    src = tmp_path / "heads.mlir"
    src.write_text(SHARDED)
    stage4 = "sharding-propagation,distribute-types,reshard"
    counts = {}
    for pipeline in (stage4, "propagate-reshapes," + stage4):
        r = CliRunner().invoke(main, ["compile", str(src), "-p", pipeline])
        assert r.exit_code == 0, r.output
        counts[pipeline] = sorted(re.findall(r"= mesh\.(all_gather|all_reduce|all_to_all|reduce_scatter) ", r.output))
    assert counts[stage4] == ["all_gather", "all_gather"]
    assert counts["propagate-reshapes," + stage4] == []
    inputs = tmp_path / "in.npz"
    np.savez(inputs, *_inputs(mc.parse(SHARDED), seed=1))
    for flags in ((), ("--no-propagate-reshapes",)):
        r = CliRunner().invoke(main, ["run", str(src), "--inputs", str(inputs), "--check", *flags])
        assert r.exit_code == 0, r.output
        assert "(shape 4, 4 devices)" in r.output and ": ok max abs err 0 " in r.output


def test_no_propagate_reshapes_goes_without_p(tmp_path):
    src = tmp_path / "heads.mlir"
    src.write_text(SHARDED)
    r = CliRunner().invoke(main, ["compile", str(src), "--no-propagate-reshapes", "-p", "cse"])
    assert r.exit_code == 1 and "with -p, leave propagate-reshapes out of PIPELINE" in r.output
    r = CliRunner().invoke(main, ["run", str(src), "--random-inputs", "--reference", "--no-propagate-reshapes"])
    assert r.exit_code == 1 and "--no-propagate-reshapes applies to the sharded run" in r.output
    r = CliRunner().invoke(main, ["compile", str(src), "--no-propagate-reshapes"])
    assert r.exit_code == 0 and "tensor.collapse_shape" in r.output
    passes = mc.default_pipeline(propagate_reshapes=False).split(",")
    assert "propagate-reshapes" not in passes and passes[:3] == ["convert-flow-to-tensor", "flatten-regions",
                                                                 "sharding-propagation"]
    assert mc.default_pipeline().split(",")[:4] == ["convert-flow-to-tensor", "flatten-regions", "propagate-reshapes",
                                                    "sharding-propagation"]


@pytest.mark.parametrize("stem", ["llama_block", "flax_encoder", "gpt2_layer", "moe", "cnn", "attention"])
def test_real_models_compute_the_same_after_the_pass(stem):
    text = (DATA / f"{stem}.linalg.mlir").read_text()
    before, after = _propagated(text)
    inputs = dict(np.load(DATA / f"{stem}.inputs.npz"))
    want = mc.run_reference(before, list(inputs.values())).outputs
    got = mc.run_reference(after, list(inputs.values())).outputs
    k = reduction_chain_length(before)
    for g, w in zip(got, want):
        assert g.shape == w.shape and g.dtype == w.dtype
        assert_close(g, w, k)
    # what stays: unit-dim reshapes (kept by default) and expansions of the weights (function arguments)
    for op in after.walk():
        if isinstance(op, ReassociativeReshapeOp):
            assert is_unit_dim_reshape(op) or isinstance(op.source, BlockArgument), str(op)


def test_distributed_types_are_left_alone():
    # after distribute-types the shardings are in the types, of the old shapes: nothing folds
    module = mc.parse(SHARDED)
    PassManager.from_text("sharding-propagation,distribute-types").run(module)
    ops = [(op.name, [r.type for r in op.results]) for op in module.walk() if op.name.startswith(("linalg", "tensor"))]
    PassManager.from_text("propagate-reshapes").run(module)
    assert [(op.name, [r.type for r in op.results]) for op in module.walk()
            if op.name.startswith(("linalg", "tensor"))] == ops
    assert [name for name, _ in ops].count("tensor.collapse_shape") == 2 and "linalg.batch_matmul" in dict(ops)


UNIT_MOVE = """
func.func @f(%x: tensor<2x1x4x3xi32>) -> tensor<2x4x1x3xi32> {
  %c = tensor.collapse_shape %x [[0, 1, 2, 3]] : tensor<2x1x4x3xi32> into tensor<24xi32>
  %r = tensor.expand_shape %c [[0, 1, 2, 3]] output_shape [2, 4, 1, 3] : tensor<24xi32> into tensor<2x4x1x3xi32>
  return %r : tensor<2x4x1x3xi32>
}
"""


def test_unit_dim_moved_through_a_full_collapse_keeps_the_other_dims():
    # IREE moves a unit dim by collapsing everything to 1-D: the pair becomes unit-dim reshapes only,
    # through (2, 4, 3), so a split of the 4 (or the 2) crosses it
    before, after = _propagated(UNIT_MOVE)
    shapes = [op.results[0].type.shape for op in after.walk() if isinstance(op, ReassociativeReshapeOp)]
    assert shapes == [(2, 4, 3), (2, 4, 1, 3)]
    assert all(is_unit_dim_reshape(op) for op in after.walk() if isinstance(op, ReassociativeReshapeOp))
    args = _inputs(before)
    assert np.array_equal(mc.run_reference(after, args).outputs[0], mc.run_reference(before, args).outputs[0])


FUSED_QKV = """
mesh.mesh @m(shape = DEVICES)
func.func @f(%x: tensor<4x8xf32>, %w: tensor<8x12xf32>, %b: tensor<12xf32>) -> tensor<4x3x4xf32> {
  %ws = mesh.shard %w to <@m, [[], [0]]> : tensor<8x12xf32>
  %bs = mesh.shard %b to <@m, [[0]]> : tensor<12xf32>
  %e = tensor.empty() : tensor<4x12xf32>
  %c0 = arith.constant 0.0 : f32
  %z = linalg.fill ins(%c0 : f32) outs(%e : tensor<4x12xf32>) -> tensor<4x12xf32>
  %m = linalg.matmul ins(%x, %ws : tensor<4x8xf32>, tensor<8x12xf32>) outs(%z : tensor<4x12xf32>) -> tensor<4x12xf32>
  %e2 = tensor.empty() : tensor<4x12xf32>
  %a = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%m, %bs : tensor<4x12xf32>, tensor<12xf32>) outs(%e2 : tensor<4x12xf32>) {
  ^bb0(%in: f32, %bias: f32, %out: f32):
    %s = arith.addf %in, %bias : f32
    linalg.yield %s : f32
  } -> tensor<4x12xf32>
  %r = tensor.expand_shape %a [[0], [1, 2]] output_shape [4, 3, 4] : tensor<4x12xf32> into tensor<4x3x4xf32>
  return %r : tensor<4x3x4xf32>
}
"""
"""A fused q/k/v product: x @ w + b with w column-split, expanded into (3 blocks, 4 columns); over 4
devices a column block of 3 is no whole q/k/v block, over 3 devices it is one."""


@pytest.mark.parametrize("devices, folded", [(4, False), (3, True)])
def test_a_fold_that_would_lose_an_annotated_split_is_skipped(tmp_path, devices, folded):
    # over 4 devices the expand_shape 12 -> 3x4 cannot keep the column split (4 does not divide 3):
    # folding it into the bias add and the product would put it on the split weight and bias, which
    # would then be gathered; the pass leaves it, and the product is gathered once at the reshape
    # (as XLA's partitioner does). Over 3 devices the split survives the reshape: the fold happens
    # and nothing is gathered.
    text = FUSED_QKV.replace("DEVICES", str(devices))
    _, after = _propagated(text)
    assert ("linalg.matmul" in _ops(after)) is not folded
    expanded = sorted(str(op.operands[0].type) for op in after.walk() if op.name == "tensor.expand_shape")
    assert expanded == (["tensor<12xf32>", "tensor<8x12xf32>"] if folded else ["tensor<4x12xf32>"])
    src = tmp_path / "qkv.mlir"
    src.write_text(text)
    r = CliRunner().invoke(main, ["compile", str(src), "-p", "propagate-reshapes,sharding-propagation,distribute-types,reshard"])
    assert r.exit_code == 0, r.output
    gathers = re.findall(r"= mesh\.all_gather (%\S+) .*: tensor<(\S+), ", r.output)
    if folded:
        assert gathers == []
    else:  # the 4x12 product, not the 8x12 weight nor the bias
        assert [t for _, t in gathers] == ["4x12xf32"], r.output
    inputs = tmp_path / "in.npz"
    np.savez(inputs, *_inputs(mc.parse(text), seed=2))
    r = CliRunner().invoke(main, ["run", str(src), "--inputs", str(inputs), "--check"])
    assert r.exit_code == 0, r.output
    assert f"(shape {devices}, {devices} devices)" in r.output and ": ok max abs err 0 " in r.output


REPEATED_KV = """
mesh.mesh @m(shape = DEVICES)
func.func @f(%k: tensor<4x2x8xf32>, %q: tensor<4x8x8xf32>) -> tensor<4x8xf32> {
  %ks = mesh.shard %k to <@m, [[], [], [0]]> : tensor<4x2x8xf32>
  %qs = mesh.shard %q to <@m, [[], [0]]> : tensor<4x8x8xf32>
  %e = tensor.empty() : tensor<4x2x4x8xf32>
  %rep = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%ks : tensor<4x2x8xf32>) outs(%e : tensor<4x2x4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<4x2x4x8xf32>
  %c = tensor.collapse_shape %rep [[0], [1, 2], [3]] : tensor<4x2x4x8xf32> into tensor<4x8x8xf32>
  %e2 = tensor.empty() : tensor<4x8xf32>
  %c0 = arith.constant 0.0 : f32
  %z = linalg.fill ins(%c0 : f32) outs(%e2 : tensor<4x8xf32>) -> tensor<4x8xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%qs, %c : tensor<4x8x8xf32>, tensor<4x8x8xf32>) outs(%z : tensor<4x8xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %t = arith.addf %acc, %p : f32
    linalg.yield %t : f32
  } -> tensor<4x8xf32>
  return %s : tensor<4x8xf32>
}
"""
"""Grouped-query scores: 2 KV heads (split on their head dim, as a column-parallel Wk makes them)
repeated over groups of 4 query heads, collapsed into the 8 heads the query's head split is on."""


@pytest.mark.parametrize("devices, folded, moves", [(4, False, "all_gather"), (2, True, "all_to_all")])
def test_a_repeat_collapse_whose_groups_cannot_carry_the_split_is_kept(tmp_path, devices, folded, moves):
    # over 4 devices the 8 heads split 4 ways, while the repeat's 2 x 4 grouping could split only its
    # 2 groups: folding the collapse into the scores would run them on that grouping and gather the
    # query instead; the collapse stays, and over 2 devices (2 divides the groups) the fold happens.
    # Either way the repeat is decided from the scores' head split, not from k's split on its head
    # dim: only k, before the repeat (4x2x8), is resharded (gathered; over 2 devices each takes its
    # own KV head), never the repeated 4x8x8 tensor
    text = REPEATED_KV.replace("DEVICES", str(devices))
    _, after = _propagated(text)
    collapsed = [str(op.operands[0].type) for op in after.walk() if op.name == "tensor.collapse_shape"]
    assert ("tensor<4x2x4x8xf32>" in collapsed) is not folded, collapsed
    src = tmp_path / "gqa.mlir"
    src.write_text(text)
    r = CliRunner().invoke(main, ["compile", str(src), "-p", "propagate-reshapes,sharding-propagation,distribute-types,reshard"])
    assert r.exit_code == 0, r.output
    moved = re.findall(r"= mesh\.(all_gather|all_to_all|all_reduce) %\S+ .*?: tensor<(\S+?), ", r.output)
    assert moved == [(moves, "4x2x8xf32")], r.output
    inputs = tmp_path / "in.npz"
    np.savez(inputs, *_inputs(mc.parse(text), seed=3))
    r = CliRunner().invoke(main, ["run", str(src), "--inputs", str(inputs), "--check"])
    assert r.exit_code == 0, r.output
    assert ": ok max abs err 0 " in r.output, r.output
