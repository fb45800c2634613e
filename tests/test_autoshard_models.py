"""The advisor (``--auto-shard``) on programs in IREE's input form that it had not seen before its weights were
traced through layout ops: a flax.linen encoder (parameters first, ``[D, H, hd]`` kernels collapsed before their
matmul), a top-1 mixture of experts (expert weights behind a transpose and a collapse), a torch-style MLP (weights
broadcast to a batch_matmul) and a decoder step reading a KV cache. The programs and their numpy references are
written by tests/data/advisor/make_programs.py."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

import meshc.api as mc
from meshc.autoshard import auto_shard, parse_auto_shard
from meshc.cli import main

DATA = Path(__file__).parent / "data" / "advisor"
TOL = ["--atol", "1e-4", "--atol-scale", "--rtol", "1e-4"]
F32 = 4


def _plan(stem: str, kinds: str, **kw):
    module = mc.parse(str(DATA / f"{stem}.linalg.mlir"))
    return module, auto_shard(module, parse_auto_shard(kinds), **kw)


def _chosen(plan):
    return {d.target: d.split_axes for d in plan.decisions if d.split_axes is not None}


def _run(stem: str, *flags: str) -> str:
    r = CliRunner().invoke(main, ["run", str(DATA / f"{stem}.linalg.mlir"),
                                  "--inputs", str(DATA / f"{stem}.inputs.npz"), "--check",
                                  "--expected", str(DATA / f"{stem}.expected.npz"), *TOL, *flags])
    assert r.exit_code == 0, r.output
    assert "MISMATCH" not in r.output and r.output.count(": ok max abs err") == 2, r.output
    return r.output


# flax encoder: arg0 key bias [4, 8], arg1 key kernel [32, 4, 8], arg2 out bias [32], arg3 out kernel [4, 8, 32],
# arg4/arg5 query bias/kernel, arg6/arg7 value bias/kernel, arg8/arg9 Dense_0 bias [64]/kernel [32, 64],
# arg10/arg11 Dense_1 bias [32]/kernel [64, 32], arg12 x [2, 8, 32]
FLAX_TP = {"arg5": ((), (0,)), "arg1": ((), (0,)), "arg7": ((), (0,)),  # q, k, v: the heads H (dim 1)
           "arg3": ((0,),),                                              # out: its heads H (dim 0), row-parallel
           "arg8": ((0,),), "arg9": ((), (0,)), "arg11": ((0,),)}        # the MLP, Megatron


def test_flax_tp_splits_the_attention_kernels_behind_collapse_shape():
    module, plan = _plan("flax_encoder", "tp=4")
    assert _chosen(plan) == FLAX_TP
    by = {d.target: d for d in plan.decisions}
    assert by["arg5"].stored_bytes == 32 * 4 * 8 * F32 // 4  # a quarter of the query kernel: one head
    assert "(through tensor.collapse_shape)" in by["arg5"].reason and "row-parallel" in by["arg3"].reason
    text = plan.explain()
    assert "splits dim 2 (4 heads of 8) over @tp, 1 per device" in text
    assert plan.chosen.name == "tp: Megatron: column-parallel, then row-parallel"
    assert plan.runner_up.name == "tp: every weight column-parallel, results all_gathered"
    assert plan.chosen.score < plan.runner_up.score < plan.candidates[-1].score  # replicated last
    assert f"chosen: {plan.chosen.name}: peak {plan.chosen.peak_bytes} B" in text and "runner-up: " in text
    _run("flax_encoder", "--auto-shard", "tp=4")


def test_flax_dp_splits_the_data_not_the_first_parameter():
    _, plan = _plan("flax_encoder", "dp=2")
    # x is the last argument; the old rule split arg0 (the key bias, [4, 8]) and every parameter of dim 0 = 4
    assert _chosen(plan) == {"arg12": ((0,),)}
    assert "flows into the activation of linalg.matmul 0 (its other operand: arg5)" in plan.decisions[0].reason
    # batch-major collapses: every device keeps its rows; only the caller gathers the result (half of 2x8x32 f32)
    assert [(c.kind, c.consumer, c.moved_bytes) for c in plan.cost.collectives] == [
        ("all_gather", "the function result", 1024)]
    _run("flax_encoder", "--auto-shard", "dp=2")


@pytest.mark.parametrize("name", ["12", "arg12", "%arg12"])
def test_batch_arg_names_the_data(name):
    _, plan = _plan("flax_encoder", "dp=2", batch_arg=name)
    assert _chosen(plan) == {"arg12": ((0,),)} and "named by --batch-arg" in plan.decisions[0].reason
    _, plan = _plan("torch_mlp", "dp=2", batch_arg=name.replace("12", "0"))
    assert _chosen(plan) == {"arg0": ((0,),)}


def test_flax_dp_and_tp_combined_on_one_mesh():
    module, plan = _plan("flax_encoder", "dp=2,tp=4")
    chosen = _chosen(plan)
    assert chosen["arg12"] == ((0,),)                               # data over axis 0
    assert chosen["arg5"] == ((), (1,)) and chosen["arg3"] == ((1,),)  # heads over axis 1
    # the row-parallel products read their K dim split over tp and their rows over dp
    assert {a.split_axes for a in plan.operand_annotations} == {((0,), (1,))}
    assert "mesh @dp_tp (shape 2x4)" in plan.explain()
    _run("flax_encoder", "--auto-shard", "dp=2,tp=4")


# MoE: arg0 router [16, 4], arg1 w_in [4, 16, 2, 16] (collapsed to [4, 16, 32]), arg2 w_out [32, 4, 16]
# (transposed to [4, 32, 16]), arg3 x [2, 4, 16]
def test_moe_ep_splits_the_experts_behind_transpose_and_collapse():
    _, plan = _plan("moe", "ep=4")
    assert _chosen(plan) == {"arg1": ((0,),), "arg2": ((), (0,))}
    by = {d.target: d for d in plan.decisions}
    assert "its 4 experts (dim 0) split 4 ways, 1 per device" in by["arg1"].reason
    assert "(through linalg.generic)" in by["arg2"].reason and "(dim 1)" in by["arg2"].reason
    # each device runs its expert on its slice of the gate; propagate-reshapes folds the combine's reshape,
    # so the combine over the experts is the function's partial result: the caller's all_reduce of the
    # 8x16 f32 output (512 B), 2 x 3/4 x 512 = 768 B per device, is charged in both models
    kinds = [(c.kind, c.consumer, c.moved_bytes) for c in plan.cost.collectives if c.moved_bytes]
    assert kinds == [("all_reduce", "the function result", 768)]
    assert plan.cost.result_bytes == 768
    # the compiled program moves nothing more (meshc estimate): received = the result charge
    assert plan.chosen.received_bytes == 768
    _run("moe", "--auto-shard", "ep=4")


def test_moe_dp_and_tp():
    _, plan = _plan("moe", "dp=2")
    assert _chosen(plan) == {"arg3": ((0,),)}
    _run("moe", "--auto-shard", "dp=2")
    _, plan = _plan("moe", "ep=2,tp=2")
    chosen = _chosen(plan)
    assert chosen["arg1"][0] == (0,) and chosen["arg2"][1] == (0,)  # experts over axis 0 in both
    _run("moe", "--auto-shard", "ep=2,tp=2")
    _run("moe", "--auto-shard", "tp=4")


def test_no_experts_says_so():
    _, plan = _plan("flax_encoder", "ep=2")
    assert _chosen(plan) == {} and "no experts to split" in plan.explain()


def test_torch_weights_broadcast_to_batch_matmul():
    _, plan = _plan("torch_mlp", "tp=4")
    # x[4, 8, 16] @ broadcast(w1[16, 32]) -> relu -> @ broadcast(w2[32, 16]): Megatron through the broadcasts
    assert _chosen(plan) == {"arg1": ((), (0,)), "arg2": ((0,),)}
    _run("torch_mlp", "--auto-shard", "tp=4")
    _, plan = _plan("torch_mlp", "dp=2")
    # the batch loop and the rows S are both data loops: the batch split wins, S the runner-up
    assert _chosen(plan) == {"arg0": ((0,),)}
    assert plan.runner_up.name == "dp: data split on arg0 dim 1"
    assert plan.chosen.peak_bytes < plan.runner_up.peak_bytes
    _run("torch_mlp", "--auto-shard", "dp=2")


_KV_CACHE = """
util.func public @step(%wq: tensor<16x16xf32>, %cache: tensor<4x8x16xf32>, %x: tensor<4x16xf32>) -> tensor<4x1x8xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x16xf32>
  %i = linalg.fill ins(%z : f32) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
  %q = linalg.matmul ins(%x, %wq : tensor<4x16xf32>, tensor<16x16xf32>) outs(%i : tensor<4x16xf32>) -> tensor<4x16xf32>
  %q3 = tensor.expand_shape %q [[0], [1, 2]] output_shape [4, 1, 16] : tensor<4x16xf32> into tensor<4x1x16xf32>
  %et = tensor.empty() : tensor<4x16x8xf32>
  %kt = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2, d1)>,
                                         affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
                        iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%cache : tensor<4x8x16xf32>) outs(%et : tensor<4x16x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<4x16x8xf32>
  %es = tensor.empty() : tensor<4x1x8xf32>
  %is = linalg.fill ins(%z : f32) outs(%es : tensor<4x1x8xf32>) -> tensor<4x1x8xf32>
  %s = linalg.batch_matmul ins(%q3, %kt : tensor<4x1x16xf32>, tensor<4x16x8xf32>) outs(%is : tensor<4x1x8xf32>)
      -> tensor<4x1x8xf32>
  util.return %s : tensor<4x1x8xf32>
}
"""


def test_kv_cache_is_data_not_an_expert_weight():
    # the cache reaches a batch_matmul through a transpose, its dim 0 indexed by the batch loop: but that loop
    # carries the batch of x, so the cache is data (split with it by propagation), not an expert weight
    assert _chosen(auto_shard(mc.parse(_KV_CACHE), parse_auto_shard("ep=2"))) == {}
    plan = auto_shard(mc.parse(_KV_CACHE), parse_auto_shard("dp=2"))
    assert _chosen(plan) == {"arg2": ((0,),)}
    assert "arg1: carries the batch too (dim 0): sharding-propagation splits it with the data" in plan.explain()
    assert [c for c in plan.cost.collectives if c.consumer != "the function result"] == []
    # the cache is stored as its half: 4x8x16 f32 / 2, with x's half and the whole of wq
    assert plan.cost.stored_bytes == 4 * 8 * 16 * F32 // 2 + 4 * 16 * F32 // 2 + 16 * 16 * F32
    plan = auto_shard(mc.parse(_KV_CACHE), parse_auto_shard("tp=2"))
    assert set(_chosen(plan)) <= {"arg0"}  # only wq may be split, never the cache


def _cli(*args):
    return CliRunner().invoke(main, [*map(str, args)])


@pytest.mark.parametrize("command", ["annotate", "run", "compile", "explain", "show", "estimate"])
def test_every_auto_shard_command_takes_batch_arg(command):
    extra = {"run": ["--random-inputs"], "show": ["--value", "%arg12"], "annotate": ["-o", "-"]}.get(command, [])
    r = _cli(command, DATA / "flax_encoder.linalg.mlir", *extra, "--auto-shard", "dp=2", "--batch-arg", "12")
    assert r.exit_code == 0, r.output
    r = _cli(command, DATA / "flax_encoder.linalg.mlir", *extra, "--auto-shard", "dp=2", "--batch-arg", "x")
    assert r.exit_code == 1 and "--batch-arg 'x': @main has no such argument (arguments: %arg0," in r.output
    assert "Traceback" not in r.output and "flax_encoder.linalg.mlir:2:" in r.output
    r = _cli(command, DATA / "flax_encoder.linalg.mlir", *extra, "--batch-arg", "12")
    assert r.exit_code == 1 and "--batch-arg names the data of --auto-shard" in r.output


# -- the real JAX/flax exports of tests/data/real (samples/real/make_models.py: JAX 0.12, IREE --compile-to=input) ---
REAL = Path(__file__).parent / "data" / "real"


def _run_real(stem: str, kinds: str) -> str:
    r = CliRunner().invoke(main, ["run", str(REAL / f"{stem}.linalg.mlir"),
                                  "--inputs", str(REAL / f"{stem}.inputs.npz"), "--check",
                                  "--expected", str(REAL / f"{stem}.expected.npz"), *TOL,
                                  "--auto-shard", kinds, "--explain"])
    assert r.exit_code == 0, r.output
    assert "MISMATCH" not in r.output and r.output.count(": ok max abs err") == 2, r.output
    return r.output


def test_real_flax_encoder_tp_splits_attention_kernels_and_dp_the_data():
    # flax's sorted params: arg1/arg5/arg7 the key/query/value kernels [64, 4, 16], arg3 the out kernel [4, 16, 64],
    # arg9/arg11 the MLP kernels; x [2, 16, 64] is arg16, after the layer norms' scales and biases
    out = _run_real("flax_encoder", "tp=4")
    for line in ("arg5 -> [[], [0]]: column-parallel weight of linalg.matmul 0 (through tensor.collapse_shape)",
                 "arg1 -> [[], [0]]", "arg7 -> [[], [0]]", "arg3 -> [[0]]: row-parallel weight of linalg.matmul 5",
                 "arg9 -> [[], [0]]", "arg11 -> [[0]]", "chosen: tp: Megatron", "runner-up: tp: every weight"):
        assert line in out, line
    out = _run_real("flax_encoder", "dp=2")
    assert "arg16 -> [[0]]: the data" in out and out.count(" -> [[") == 1


def test_real_moe_ep_splits_the_experts():
    # Switch MoE: arg2 w_in [4, 64, 128], arg4 w_out [4, 128, 64]; experts are dim 0 of both
    out = _run_real("moe", "ep=4")
    assert "arg2 -> [[0]]: expert weight of linalg.batch_matmul 3: its 4 experts (dim 0) split 4 ways" in out
    assert "arg4 -> [[0]]: expert weight of linalg.batch_matmul 4" in out and "chosen: ep: experts split" in out
    # tp: Megatron inside every expert (w_in on F, w_out on F), not paired with the router: the tokens reach the
    # experts through the dispatch product, whose D dim comes from x
    out = _run_real("moe", "tp=4")
    assert "arg2 -> [[], [], [0]]: column-parallel weight of linalg.batch_matmul 3" in out
    assert "arg4 -> [[], [0]]: row-parallel weight of linalg.batch_matmul 4" in out


@pytest.mark.parametrize("stem", ["llama_block", "gpt2_layer"])
def test_real_decoders_dp_and_tp_on_one_mesh(stem):
    out = _run_real(stem, "dp=2,tp=4")
    assert "mesh @dp_tp (shape 2x4)" in out and "arg0 -> [[0]]: the data" in out
    assert "chosen: dp: data split on arg0 dim 0; tp: Megatron: column-parallel, then row-parallel" in out


def test_real_llama_decode_kv_caches_are_data():
    # x [2, 1, 64] is arg0, the caches k/v [2, 15, 4, 16] arg1/arg2, then the weights
    out = _run_real("llama_decode", "dp=2")
    assert "arg0 -> [[0]]: the data" in out
    assert "arg1: carries the batch too (dim 0)" in out and "arg2: carries the batch too (dim 0)" in out
    out = _run_real("llama_decode", "tp=4")
    assert "arg4 -> [[], [0]]: column-parallel" in out and "arg7 -> [[0]]: row-parallel" in out
    assert "arg1 ->" not in out and "arg2 ->" not in out  # the caches are never taken for weights
