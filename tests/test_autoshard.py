"""meshc.autoshard: the --auto-shard advisor (issue 9) on the recorded JAX MLP."""

from __future__ import annotations

from pathlib import Path

import pytest

import meshc.api as mc
from meshc.autoshard import AutoShardError, AutoShardSpec, auto_shard, parse_auto_shard
from meshc.dialects.mesh import ShardOp

DATA = Path(__file__).parent / "data" / "real"


def _chosen(plan):
    return {d.target: d.split_axes for d in plan.decisions if d.split_axes is not None}


def test_parse_auto_shard():
    assert parse_auto_shard("tp=4") == AutoShardSpec((("tp", 4),))
    assert parse_auto_shard(" dp = 2 ") == AutoShardSpec((("dp", 2),))
    both = parse_auto_shard("dp=2,tp=4")
    assert both.axes == (("dp", 2), ("tp", 4)) and both.kind == "dp_tp" and both.shape == (2, 4)
    assert (both.axis("tp"), both.size("tp"), both.size("ep"), both.devices, str(both)) == (1, 4, 1, 8, "dp=2,tp=4")
    for bad in ("tp", "xx=2", "tp=0", "tp=-1", "tp=a", "tp=2,tp=2", "ep=2,", "dp=2;tp=2"):
        with pytest.raises(AutoShardError):
            parse_auto_shard(bad)


def test_tp_column_then_row_parallel_mlp():
    module = mc.parse(str(DATA / "mlp.func.linalg.mlir"))
    plan = auto_shard(module, parse_auto_shard("tp=4"))
    # x @ w1 (+ b1) -> relu -> @ w2: w1 split on columns, its bias with it, w2 on rows
    assert _chosen(plan) == {"arg1": ((), (0,)), "arg2": ((0,),), "arg3": ((0,),)}
    by = {d.target: d for d in plan.decisions}
    assert by["arg1"].stored_bytes == 256 * 1024 * 4 // 4  # 262144 B: a quarter of w1
    # all_reduce of the row-parallel result (64x256 f32 = 65536 B) on 4 devices, as the reshard planner
    # counts it: each device receives 2 * (4 - 1) / 4 * 65536 = 98304 B
    assert by["arg3"].moved_bytes == 98304
    shards = [op for op in module.walk() if isinstance(op, ShardOp)]
    # w1, b1, w2 pinned; the row-parallel matmul's input annotated for it (split on its K dim)
    assert sorted(op.annotate_for_users for op in shards) == [False, False, False, True]
    assert "row-parallel" in plan.explain() and "mesh @tp (shape 4)" in plan.explain()


def test_tp_globals_of_onnx_model():
    module = mc.parse(str(DATA / "onnx_mlp.linalg.mlir"))
    chosen = _chosen(auto_shard(module, parse_auto_shard("tp=2")))
    assert chosen["@w1"] == ((), (0,)) and chosen["@w2"] == ((0,),)


def test_dp_splits_batch_only():
    module = mc.parse(str(DATA / "mlp.func.linalg.mlir"))
    plan = auto_shard(module, parse_auto_shard("dp=2"))
    assert _chosen(plan) == {"arg0": ((0,),)}
    assert {d.target: d for d in plan.decisions}["arg0"].stored_bytes == 32 * 256 * 4  # 32768 B: half the batch


def test_no_matmul_stays_replicated():
    module = mc.parse(str(DATA / "layernorm.linalg.mlir"))
    plan = auto_shard(module, parse_auto_shard("tp=4"))
    assert _chosen(plan) == {}
    assert "no matmul" in plan.explain()


# ----------------------------------------------------------------------------------------------- contractions
# attention_heads_first / attention: the JAX multi-head self-attention (B=2, S=16, model 64, 4 heads of 16,
# Wq/Wk/Wv/Wo as arguments 1-4) lowered by IREE; *_generic: the same after iree-opt
# --linalg-generalize-named-ops (every matmul a linalg.generic with a mul+add body).
MEGATRON = {"arg1": ((), (0,)), "arg2": ((), (0,)), "arg3": ((), (0,)), "arg4": ((0,),)}
F32 = 4


def _walk_contractions(path):
    from meshc.autoshard import contraction_of

    module = mc.parse(str(path))
    return [c for c in (contraction_of(op) for op in module.walk()) if c is not None]


def test_contractions_from_maps_named_and_generic():
    named = _walk_contractions(DATA / "attention_heads_first.linalg.mlir")
    generic = _walk_contractions(DATA / "attention_heads_first_generic.linalg.mlir")
    # 4 projections (matmul: loops m, n, k) and 2 batched products (batch_matmul: b, m, n, k)
    assert [c.op.name for c in named] == ["linalg.matmul"] * 3 + ["linalg.batch_matmul"] * 2 + ["linalg.matmul"]
    assert [c.op.name for c in generic] == ["linalg.generic"] * 6
    for cs in (named, generic):
        assert [(c.batch, c.m, c.n, c.k) for c in cs] == [((), (0,), (1,), (2,))] * 3 + \
            [((0,), (1,), (2,), (3,))] * 2 + [((), (0,), (1,), (2,))]
        assert cs[0].maps == ((0, 2), (2, 1), (0, 1))  # x[m, k] * W[k, n] -> out[m, n]


_NOT_A_CONTRACTION = """
func.func @f(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>, %c: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>,
                                        affine_map<(d0, d1, d2) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<4x8xf32>, tensor<8x4xf32>) outs(%c : tensor<4x4xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    %t = arith.addf %o, %s : f32
    linalg.yield %t : f32
  } -> tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}
"""


def test_generic_with_add_add_body_is_not_a_contraction():
    from meshc.autoshard import contraction_of

    module = mc.parse(_NOT_A_CONTRACTION)
    assert [op for op in module.walk() if contraction_of(op) is not None] == []
    # the softmax reductions of the attention model (one input) are not contractions either
    assert len(_walk_contractions(DATA / "attention.linalg.mlir")) == 6


@pytest.mark.parametrize("kind", ["tp=4", "tp=2", "dp=2"])
def test_generic_mlp_gets_the_named_mlp_plan(kind):
    named = auto_shard(mc.parse(str(DATA / "mlp.linalg.mlir")), parse_auto_shard(kind))
    generic = auto_shard(mc.parse(str(DATA / "mlp_generic.linalg.mlir")), parse_auto_shard(kind))
    assert _chosen(generic) == _chosen(named)
    assert [(d.stored_bytes, d.moved_bytes) for d in generic.decisions] == \
        [(d.stored_bytes, d.moved_bytes) for d in named.decisions]
    assert (generic.cost.stored_bytes, generic.cost.moved_bytes) == (named.cost.stored_bytes, named.cost.moved_bytes)


# ----------------------------------------------------------------------------------------------- attention
@pytest.mark.parametrize("k", [2, 4])
@pytest.mark.parametrize("stem", ["attention_heads_first", "attention_heads_first_generic"])
def test_tp_splits_heads_of_attention(stem, k):
    module = mc.parse(str(DATA / f"{stem}.linalg.mlir"))
    plan = auto_shard(module, parse_auto_shard(f"tp={k}"))
    # Q/K/V projections column-parallel (whole heads), output projection row-parallel
    assert _chosen(plan) == MEGATRON
    by = {d.target: d for d in plan.decisions}
    assert by["arg1"].stored_bytes == 64 * 64 * F32 // k  # 16384 B / k
    # one collective: the all_reduce of the 32x64 f32 output projection, 2 (k-1)/k x 8192 B per device
    assert [(c.kind, c.type) for c in plan.cost.collectives] == [("all_reduce", "32x64 f32")]
    assert plan.cost.moved_bytes == 2 * (k - 1) * 8192 // k
    # stored per device: x (2x16x64 f32 = 8192 B) + 4 weights of 16384 / k B
    assert plan.cost.stored_bytes == 8192 + 4 * 16384 // k
    assert plan.replicated.stored_bytes == 8192 + 4 * 16384
    text = plan.explain()
    assert f"splits dim 2 (4 heads of 16) over @tp, {4 // k} per device" in text and "(x3)" in text
    assert "batch dim 0 split: each device computes its own heads" in text
    # the row-parallel product reads its K dim split: an annotate_for_users feeds it
    users = [op for op in module.walk() if isinstance(op, ShardOp) and op.annotate_for_users]
    assert len(users) == 1 and users[0].sharding.split_axes == ((), (0,))


def test_tp_batch_first_attention_keeps_the_heads_split_through_the_collapse():
    plan = auto_shard(mc.parse(str(DATA / "attention.linalg.mlir")), parse_auto_shard("tp=2"))
    # IREE collapses the (B, H) batch dims to 8 with B major; propagate-reshapes (in the pipeline the plans
    # are scored with) folds the collapse into the batched products, so the head split of Megatron's
    # column-parallel Q/K/V weights survives: Megatron moves nothing inside the program and wins; every
    # weight column-parallel, its 2x16x64 f32 result gathered for the caller (the other half, 8192 B), is
    # the runner-up
    assert _chosen(plan) == {"arg1": ((), (0,)), "arg2": ((), (0,)), "arg3": ((), (0,)), "arg4": ((0,),)}
    chosen, runner_up = plan.chosen, plan.runner_up
    assert chosen.name == "tp: Megatron: column-parallel, then row-parallel"
    assert runner_up.name == "tp: every weight column-parallel, results all_gathered"
    assert (chosen.received_bytes, runner_up.received_bytes) == (0, 8192)
    assert chosen.peak_bytes == runner_up.peak_bytes and chosen.score < runner_up.score
    text = plan.explain()
    assert f"runner-up: {runner_up.name}: peak {runner_up.peak_bytes} B + receives 8192 B" in text


def test_tp_heads_not_divisible_gives_the_reason():
    plan = auto_shard(mc.parse(str(DATA / "attention_heads_first.linalg.mlir")), parse_auto_shard("tp=3"))
    gathers = [c for c in plan.cost.collectives if c.kind == "all_gather" and c.consumer != "the function result"]
    # 64 columns over 3 devices are 21/21/22: not whole heads of 16, so Q/K/V are gathered before the
    # reshape; the device with 21 columns receives 32 x (64 - 21) x 4 = 5504 B
    assert len(gathers) == 3 and {c.moved_bytes for c in gathers} == {5504}
    assert "does not divide 4" in gathers[0].why
    assert "heads split" not in plan.explain()


@pytest.mark.parametrize("stem, gathers, result", [("attention", 0, [("all_gather", 4096)]),
                                                   ("attention_heads_first", 3, [])])
def test_dp_attention_batch(stem, gathers, result):
    plan = auto_shard(mc.parse(str(DATA / f"{stem}.linalg.mlir")), parse_auto_shard("dp=2"))
    assert _chosen(plan) == {"arg0": ((0,),)}
    # batch-first: the batch is the major dim of every collapse, nothing moves; heads-first: the batch is
    # the minor dim of the (H, B) collapse, so the three projections are gathered there
    inside = [c for c in plan.cost.collectives if c.consumer != "the function result"]
    assert [c.kind for c in inside] == ["all_gather"] * gathers
    # batch-first: the result leaves split on its batch dim, the caller's gather (half of 2x16x64 f32) counted
    assert [(c.kind, c.moved_bytes) for c in plan.cost.collectives if c not in inside] == result
    assert plan.cost.stored_bytes == 8192 // 2 + 4 * 16384  # half of x, every weight whole


_WIDE_X = """
func.func @f(%x: tensor<1024x4xf32>, %w: tensor<4x4xf32>) -> tensor<1024x3xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1024x4xf32>
  %i = linalg.fill ins(%z : f32) outs(%e : tensor<1024x4xf32>) -> tensor<1024x4xf32>
  %r = linalg.matmul ins(%x, %w : tensor<1024x4xf32>, tensor<4x4xf32>) outs(%i : tensor<1024x4xf32>)
      -> tensor<1024x4xf32>
  %s = tensor.extract_slice %r[0, 0] [1024, 3] [1, 1] : tensor<1024x4xf32> to tensor<1024x3xf32>
  return %s : tensor<1024x3xf32>
}
"""


def test_tp_keeps_replicated_when_the_split_costs_more():
    plan = auto_shard(mc.parse(_WIDE_X), parse_auto_shard("tp=2"))
    # column-parallel w (64 B -> 32 B): the slice takes 3 of the 4 split columns, so the 1024x4 f32 result
    # would be all_gathered for it, 16384 / 2 = 8192 B per device: more than the 32 B saved
    assert _chosen(plan) == {}
    assert plan.cost is None and "kept replicated" in plan.explain()
    assert plan.replicated.stored_bytes == 1024 * 4 * F32 + 4 * 4 * F32  # 16448 B


def test_dp_reasons_name_the_batch_and_the_devices():
    # attention: arg0 is 2x16x64 (batch 2), the weights 64x64
    module = mc.parse((DATA / "attention.linalg.mlir").read_text(), "attention.linalg.mlir")
    plan = auto_shard(module, parse_auto_shard("dp=3"))
    reasons = {d.target: d.reason for d in plan.decisions}
    assert reasons == {"arg0": "batch 2 < 3 devices: a split would leave devices without rows: replicated"}
    module = mc.parse((DATA / "attention.linalg.mlir").read_text(), "attention.linalg.mlir")
    plan = auto_shard(module, parse_auto_shard("dp=2"))
    assert _chosen(plan) == {"arg0": ((0,),)}
    assert plan.decisions[0].reason == ("the data (flows into the activation of linalg.matmul 0 "
                                        "(its other operand: arg1)): dim 0 (2 rows) split 2 ways")
