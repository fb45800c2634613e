"""ONNX models whose weights are inline constants, sharded by the advisor.

tests/data/real/onnx_attn.linalg.mlir (multi-head self-attention, x[2, 8, 32], 4 heads of 8) and
onnx_cnn.linalg.mlir (two convolutions, a max-pool and a dense layer on x[4, 3, 12, 12]) were made by
samples/real/make_onnx_models.py and lowered by IREE to its input phase, where every initializer is an
``arith.constant dense<...>`` of the function body. The advisor treats such a constant as it treats a
weight argument (meshc/autoshard.py, ``weight_constant``): ``--auto-shard tp=4`` gives Megatron's plan
on the attention and splits the convolutions' output channels on the CNN, ``dp=2`` still splits the
data, and every run matches the reference interpreter and numpy's float64 result (``--expected``).
"""

from __future__ import annotations

import re
from collections import Counter

import pytest
from click.testing import CliRunner

import meshc.api as mc
from meshc.autoshard import auto_shard, parse_auto_shard
from meshc.cli import main
from tests.test_real_models_sharded import DATA, TOL

STAGE4 = "propagate-reshapes,sharding-propagation,distribute-types,reshard"
COMMUNICATING = ("all_gather", "all_reduce", "reduce_scatter", "all_to_all", "shift", "update_halo", "broadcast")


def _run(name: str, *flags: str) -> str:
    r = CliRunner().invoke(main, ["run", str(DATA / f"{name}.linalg.mlir"), "--inputs", str(DATA / f"{name}.inputs.npz"),
                                  "--check", "--expected", str(DATA / f"{name}.expected.npz"), *TOL, *flags])
    assert r.exit_code == 0, r.output
    assert r.output.count(": ok max abs err") == 2 and "MISMATCH" not in r.output, r.output
    return r.output


def _plan(name: str, kind: str) -> dict[str, tuple]:
    plan = auto_shard(mc.parse(str(DATA / f"{name}.linalg.mlir")), parse_auto_shard(kind))
    return {d.target: d.split_axes for d in plan.decisions if d.split_axes is not None}


def _collectives(path) -> dict[str, int]:
    r = CliRunner().invoke(main, ["compile", str(path), "-p", STAGE4])
    assert r.exit_code == 0, r.output
    found = Counter(re.findall(r"= mesh\.([a-z_]+) ", r.output))
    return {k: found[k] for k in COMMUNICATING if found[k]}


def _peak(output: str) -> int:
    """The largest per-device peak of ``--stats``'s picture of peak memory."""
    peaks = [int(n) for n in re.findall(r"device \d+ │[^│]*│ (\d+) B", output)]
    assert peaks, output
    return max(peaks)


@pytest.mark.parametrize("name", ["onnx_attn", "onnx_cnn"])
@pytest.mark.parametrize("kind", ["tp=4", "dp=2"])
def test_onnx_models_run_sharded_by_the_advisor(name, kind):
    out = _run(name, "--auto-shard", kind)
    devices = kind.split("=")[1]
    assert f"mesh @{kind.split('=')[0]} (shape {devices}, {devices} devices)" in out, out


def test_attention_constants_get_megatrons_plan(tmp_path):
    # q/k/v weights (%cst_1..3, [D, H*hd]) column-parallel on their output columns (whole heads: 1 of 4
    # per device), the output projection's %cst_4 row-parallel: one all_reduce of the 2x8x32 f32 result
    assert _plan("onnx_attn", "tp=4") == {"%cst_1": ((), (0,)), "%cst_2": ((), (0,)), "%cst_3": ((), (0,)),
                                          "%cst_4": ((0,),)}
    out = tmp_path / "attn.mlir"
    r = CliRunner().invoke(main, ["annotate", str(DATA / "onnx_attn.linalg.mlir"), "--auto-shard", "tp=4",
                                  "--explain", "-o", str(out)])
    assert r.exit_code == 0, r.output
    assert "  %cst_4 -> [[0]]: row-parallel weight of linalg.batch_matmul 5" in r.output, r.output
    assert "(the arith.constant at " in r.output and "onnx_attn.linalg.mlir:9:14)" in r.output, r.output
    assert "mesh.shard %cst_1 to <@tp, [[], [0]]>" in out.read_text()
    assert _collectives(out) == {"all_reduce": 1}


def test_cnn_constants_split_the_conv_channels(tmp_path):
    # Megatron on the channels: conv 1's weight [F=8, C, 3, 3] and its bias (the init its sum starts
    # from) split on the output channels F, 2 of 8 per device; conv 2's weight [16, C=8, 3, 3] on its
    # input channels C, its partial sums reduced once (an all_reduce of 4x16x4x4 f32); the dense
    # layer's [256, 10] weight column-parallel (its 4x10 result gathered by the caller)
    plan = _plan("onnx_cnn", "tp=4")
    assert plan == {"%cst_1": ((0,),), "%cst_2": ((0,),), "%cst_3": ((), (0,)), "%cst_5": ((), (0,))}, plan
    out = tmp_path / "cnn.mlir"
    r = CliRunner().invoke(main, ["annotate", str(DATA / "onnx_cnn.linalg.mlir"), "--auto-shard", "tp=4", "-o", str(out)])
    assert r.exit_code == 0, r.output
    assert _collectives(out) == {"all_reduce": 1}


def test_dp_splits_the_data_not_the_constants():
    assert _plan("onnx_attn", "dp=2") == {"arg0": ((0,),)}
    assert _plan("onnx_cnn", "dp=2") == {"arg0": ((0,),)}


@pytest.mark.parametrize("name", ["onnx_attn", "onnx_cnn"])
def test_split_constants_lower_the_peak(name):
    # the weights are 16 KiB (attention) and 40 KiB (CNN) of the replicated peak; split over 4 devices,
    # each device cuts its part from a constant right where it is defined (partition: the constant's
    # slice, not a whole replicated constant sliced later), so at most one whole weight is live at once
    # and the peak is below half the replicated one
    replicated = _peak(_run(name, "--stats"))
    split = _peak(_run(name, "--auto-shard", "tp=4", "--stats"))
    assert 2 * split < replicated, (split, replicated)


def test_shard_names_a_constant():
    # Megatron by hand: the constants named by their SSA names, as the advisor writes them
    out = _run("onnx_attn", "--mesh", "tp=4", "--shard", "%cst_1=[[], [0]]", "--shard", "cst_2=[[], [0]]",
               "--shard", "%cst_3=[[], [0]]", "--shard", "%cst_4=[[0]]")
    assert "(shape 4, 4 devices)" in out


def test_shard_of_an_unknown_value_is_a_located_error():
    r = CliRunner().invoke(main, ["run", str(DATA / "onnx_attn.linalg.mlir"), "--mesh", "tp=4", "--shard",
                                  "%cst_9=[[0]]", "--inputs", str(DATA / "onnx_attn.inputs.npz")])
    assert r.exit_code == 1
    assert "@attn has no argument named %cst_9 (arguments: %arg0), nor a value of that name" in r.output, r.output
    assert "onnx_attn.linalg.mlir:2:3: note: function @attn" in r.output, r.output
    assert "Traceback" not in r.output


def test_jax_cnn_gets_its_framework_channel_split():
    # a convolution is a contraction (output channels N, input channels and window K), so the JAX CNN
    # of tests/data/real gets the shardings it was jitted with (make_models.py): the conv's output
    # channels and bias over the devices, the dense weight's channel-major rows row-parallel, one
    # all_reduce of the 4x10 f32 result
    assert _plan("cnn", "tp=4") == {"arg1": ((), (), (), (0,)), "arg2": ((0,),), "arg3": ((0,),)}
