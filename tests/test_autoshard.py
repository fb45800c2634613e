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
    # one collective: propagate-reshapes folds the final expand_shape (32x64 -> 2x16x64) into the output
    # projection, so its partial 2x16x64 f32 result (8192 B) leaves the function partial and the caller's
    # all_reduce is charged: 2 (k-1)/k x 8192 B per device
    assert [(c.kind, c.type, c.consumer) for c in plan.cost.collectives] == \
        [("all_reduce", "2x16x64 f32", "the function result")]
    assert plan.cost.moved_bytes == plan.cost.result_bytes == 2 * (k - 1) * 8192 // k
    assert plan.chosen.received_bytes == plan.cost.result_bytes  # the program itself moves nothing
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
    # are costed and scored with) folds the collapse into the batched products, so the head split of
    # Megatron's column-parallel Q/K/V weights survives: Megatron moves nothing inside the program and wins
    assert _chosen(plan) == {"arg1": ((), (0,)), "arg2": ((), (0,)), "arg3": ((), (0,)), "arg4": ((0,),)}
    chosen, runner_up = plan.chosen, plan.runner_up
    assert chosen.name == "tp: Megatron: column-parallel, then row-parallel"
    assert runner_up.name == "tp: every weight column-parallel, results all_gathered"
    # both results leave the function partial (the output projection reads the heads split: all-column
    # reshards its 64x64 weight, expanded to 4x16x64, from N to the heads by an all_to_all, each device
    # sending the other the half of its 8192 B shard: 4096 B); the caller's all_reduce of the 2x16x64 f32
    # result (8192 B) on 2 devices moves 2 x (2 - 1) / 2 x 8192 = 8192 B, charged to both
    assert [(c.kind, c.moved_bytes) for c in chosen.cost.collectives] == [("all_reduce", 8192)]
    assert [(c.kind, c.moved_bytes) for c in runner_up.cost.collectives] == [("all_to_all", 4096),
                                                                             ("all_reduce", 8192)]
    assert (chosen.received_bytes, runner_up.received_bytes) == (8192, 4096 + 8192)
    assert chosen.peak_bytes == runner_up.peak_bytes and chosen.score < runner_up.score
    text = plan.explain()
    assert f"runner-up: {runner_up.name}: peak {runner_up.peak_bytes} B + receives 12288 B" in text
    # the explanation is the compiled program's: no gathers of q, k, v at the (B, H) collapse (folded), the
    # heads split by the projections themselves, the batched products local
    assert "all_gather of" not in text and "tensor.collapse_shape" not in text
    assert "heads split: linalg.generic 2x16x4x16 f32 (a projection) splits dim 2 (4 heads of 16)" in text
    assert "linalg.generic 2x4x16x16 f32 (batched contraction): batch dim 1 split" in text


def test_tp_without_propagate_reshapes_costs_the_kept_collapse():
    # --no-propagate-reshapes: the plans are costed and compiled with the (B, H) -> 8 collapse kept, where
    # the head split is strided: Q, K, V (2x4x16x16 f32, 8192 B) are all_gathered, each device receiving
    # the other half, 4096 B
    plan = auto_shard(mc.parse(str(DATA / "attention.linalg.mlir")), parse_auto_shard("tp=2"),
                      propagate_reshapes=False)
    chosen, runner_up = plan.chosen, plan.runner_up
    gathers = [(c.type, c.moved_bytes) for c in chosen.cost.collectives if c.consumer != "the function result"]
    assert gathers == [("2x4x16x16 f32", 4096)] * 3
    assert "minor dim of the collapsed group [0, 1]" in chosen.cost.collectives[0].why
    # every weight column-parallel wins: the result leaves split on its columns, the caller's gather of
    # the other half of 2x16x64 f32 is 4096 B (12288 + 4096 = 16384 received); Megatron adds an
    # all_reduce of the 32x64 f32 output before the kept expand_shape, 2 x 1/2 x 8192 = 8192 B
    # (12288 + 8192 = 20480)
    assert chosen.name == "tp: every weight column-parallel, results all_gathered"
    assert (chosen.cost.result_bytes, chosen.received_bytes) == (4096, 16384)
    assert (runner_up.cost.result_bytes, runner_up.received_bytes) == (0, 20480)
    # the head note is the kept expand_shape's
    assert "heads split: tensor.expand_shape 32x64 f32 -> 2x16x4x16 f32 of linalg.matmul splits dim 2" in \
        plan.explain()


def test_tp_heads_not_divisible_gives_the_reason():
    plan = auto_shard(mc.parse(str(DATA / "attention_heads_first.linalg.mlir")), parse_auto_shard("tp=3"))
    megatron = next(c for c in plan.candidates if c.name == "tp: Megatron: column-parallel, then row-parallel")
    gathers = [c for c in megatron.cost.collectives if c.kind == "all_gather"]
    # 64 columns over 3 devices are 21/21/22: not whole heads of 16. propagate-reshapes leaves the
    # 2x16x64 -> 2x16x4x16 expand_shape of each projection's product where it is (moving it onto the
    # 64x64 weight would not keep the weight's column split either), so each product is gathered at
    # that reshape, not its weight: the device with 21 columns receives 2 x 16 x (64 - 21) x 4 = 5504 B
    assert [(c.type, c.consumer, c.moved_bytes) for c in gathers] == \
        [("2x16x64 f32", "tensor.expand_shape of 2x16x64 f32", 5504)] * 3
    assert "does not divide 4" in gathers[0].why
    # the 2x16x64 f32 result (2048 elements) leaves the function partial: the caller's all_reduce, as a
    # reduce_scatter into 683/683/682 elements then an all_gather; the device with 683 receives 2 partial
    # pieces of 683 (5464 B) and then the other 1365 elements (5460 B)
    assert megatron.cost.result_bytes == 2 * 683 * 4 + (2048 - 683) * 4 == 10924
    # the products (8192 B each) are gathered rather than the weights: splitting the weights column-wise
    # now saves more memory than it costs to move (peak 44036 B + 22016 B received against the replicated
    # 98316 B), with the gathered result (5504 B) cheaper than Megatron's partial one; no heads split
    assert plan.chosen.name == "tp: every weight column-parallel, results all_gathered"
    assert (plan.cost.moved_bytes, plan.cost.result_bytes) == (22016, 5504)
    assert plan.runner_up.name == megatron.name
    assert "heads split" not in plan.explain()


@pytest.mark.parametrize("stem, gathers, result", [("attention", 0, [("all_gather", 4096)]),
                                                   ("attention_heads_first", 0, [("all_gather", 4096)])])
def test_dp_attention_batch(stem, gathers, result):
    plan = auto_shard(mc.parse(str(DATA / f"{stem}.linalg.mlir")), parse_auto_shard("dp=2"))
    assert _chosen(plan) == {"arg0": ((0,),)}
    # batch-first, the batch is the major dim of every collapse; heads-first, it is the minor dim of the
    # (H, B) collapse, but propagate-reshapes folds that collapse into the batched products (separate H
    # and B loops): nothing moves inside the program either way
    inside = [c for c in plan.cost.collectives if c.consumer != "the function result"]
    assert [c.kind for c in inside] == ["all_gather"] * gathers
    # the result leaves split on its batch dim: the caller's gather of the other half of the 2x16x64 f32
    # result (2 x 16 x 64 x 4 = 8192 B, half of it 4096 B) is charged
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


DYNAMIC_MLP = """module {
  func.func @main(%x: tensor<?x16xf32>, %w1: tensor<16x32xf32>, %w2: tensor<32x16xf32>) -> tensor<?x16xf32> {
    %c0 = arith.constant 0 : index
    %z = arith.constant 0.0 : f32
    %n = tensor.dim %x, %c0 : tensor<?x16xf32>
    %e = tensor.empty(%n) : tensor<?x32xf32>
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<?x32xf32>) -> tensor<?x32xf32>
    %h = linalg.matmul ins(%x, %w1 : tensor<?x16xf32>, tensor<16x32xf32>) outs(%f : tensor<?x32xf32>) -> tensor<?x32xf32>
    %e2 = tensor.empty(%n) : tensor<?x32xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                         iterator_types = ["parallel", "parallel"]} ins(%h : tensor<?x32xf32>) outs(%e2 : tensor<?x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %m = arith.maximumf %in, %z : f32
      linalg.yield %m : f32
    } -> tensor<?x32xf32>
    %e3 = tensor.empty(%n) : tensor<?x16xf32>
    %f3 = linalg.fill ins(%z : f32) outs(%e3 : tensor<?x16xf32>) -> tensor<?x16xf32>
    %o = linalg.matmul ins(%r, %w2 : tensor<?x32xf32>, tensor<32x16xf32>) outs(%f3 : tensor<?x16xf32>) -> tensor<?x16xf32>
    return %o : tensor<?x16xf32>
  }
}"""


@pytest.mark.parametrize("kind, want", [
    ("tp=4", {"w1": ((), (0,)), "w2": ((0,),)}),           # Megatron on the weights, the batch stays dynamic
    ("dp=2", {"x": ((0,),)}),                              # the dynamic batch is split (any size runs it)
    ("dp=2,tp=2", {"x": ((0,),), "w1": ((), (1,)), "w2": ((1,),)}),
])
def test_dynamic_batch_is_costed_and_split(kind, want):
    import numpy as np

    from meshc.autoshard import DYNAMIC_COST_SIZE

    module = mc.parse(DYNAMIC_MLP)
    plan = auto_shard(module, parse_auto_shard(kind))
    names = {f"arg{i}": n for i, n in enumerate(("x", "w1", "w2"))}
    assert {names.get(t, t): s for t, s in _chosen(plan).items()} == want
    assert plan.chosen.peak_bytes is not None  # estimated, at the cost size of the dynamic batch
    if kind == "dp=2":
        # the caller's all_gather of the split 1024x16 f32 result: (2 - 1) / 2 of 65536 B
        assert plan.chosen.cost.result_bytes == DYNAMIC_COST_SIZE * 16 * 4 // 2
    rng = np.random.default_rng(0)
    for rows in (8, 5):  # the plan runs the dynamic program at any batch, even one the mesh does not divide
        x = rng.standard_normal((rows, 16)).astype(np.float32)
        w1, w2 = (rng.standard_normal(s).astype(np.float32) for s in ((16, 32), (32, 16)))
        got = mc.run(module, [x, w1, w2]).outputs[0]
        want_out = np.maximum(x.astype(np.float64) @ w1, 0) @ w2
        # f32 products over 16 then 32 terms
        np.testing.assert_allclose(got, want_out, rtol=0, atol=64 * np.finfo(np.float32).eps * np.abs(want_out).max())


def test_arg_shape_gives_the_cost_size_of_a_dynamic_batch(tmp_path):
    from click.testing import CliRunner

    from meshc.cli import main

    path = tmp_path / "dyn.mlir"
    path.write_text(DYNAMIC_MLP)
    r = CliRunner().invoke(main, ["explain", str(path), "--auto-shard", "dp=2", "--explain", "--arg-shape", "x=8x16"])
    assert r.exit_code == 0, r.output
    # 8 rows of 16 f32 split 2 ways: 4 x 16 x 4 B per device, not the DYNAMIC_COST_SIZE rows
    assert "dim 0 (dynamic, costed at 8 rows) split 2 ways [stores 256 B/device]" in r.output
