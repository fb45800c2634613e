"""The JAX multi-head self-attention (issue 9) sharded by ``--auto-shard`` and by JAX's own shardings.

tests/data/real/attention_heads_first.linalg.mlir: x[2,16,64] -> Q/K/V = x @ Wq/Wk/Wv (args 1-3, 64x64)
-> 4 heads of 16 as [H, B, S, 16] -> softmax(q k^T / 4) v -> back to [2,16,64] -> @ Wo (arg 4), exported
by JAX and lowered by IREE (samples/real/make_attention.py); attention.linalg.mlir is the same with the
heads as [B, H, S, 16]; attention_heads_first_sharded.stablehlo.mlir is the heads-first function jitted
by JAX with Megatron's shardings on 4 devices ("model"). Expected outputs are JAX's.
"""

from __future__ import annotations

import re

import numpy as np
import pytest
from click.testing import CliRunner

import meshc.api as mc
from meshc.autoshard import auto_shard, parse_auto_shard
from meshc.cli import main
from tests.test_real_models_sharded import DATA, TOL

HEADS_FIRST = DATA / "attention_heads_first.linalg.mlir"
BATCH_FIRST = DATA / "attention.linalg.mlir"
INPUTS = DATA / "attention_heads_first.inputs.npz"
EXPECTED = DATA / "attention_heads_first.expected.npz"


def _collectives(path, *flags) -> list[str]:
    r = CliRunner().invoke(main, ["compile", str(path), *flags])
    assert r.exit_code == 0, r.output
    return re.findall(r"= (mesh\.(?:all_gather|all_reduce|all_to_all|reduce_scatter|all_slice)) ", r.output)


def _result_sharding(path, *flags) -> str:
    """The sharding the entry's result is returned with, after reshard (global view)."""
    r = CliRunner().invoke(main, ["compile", str(path), *flags, "-p",
                                  "propagate-reshapes,sharding-propagation,distribute-types,reshard"])
    assert r.exit_code == 0, r.output
    return re.findall(r"return %\S+ : tensor<[^,]+, (#mesh\.shard<[^>]*>)>", r.output)[-1]


@pytest.mark.parametrize("k", [2, 4])
def test_heads_split_reduces_once(k):
    # Megatron: Q/K/V column-parallel, per-head products local, output projection row-parallel. With the
    # reshapes folded the output projection's result is the function's result: returned as partial sums
    # (reduced once when the result is reassembled) instead of all_reduced before IREE's expand_shape
    assert _collectives(HEADS_FIRST, "--auto-shard", f"tp={k}") == []
    assert _result_sharding(HEADS_FIRST, "--auto-shard", f"tp={k}") == "#mesh.shard<@tp, [[]], partial = sum[0]>"
    assert _collectives(HEADS_FIRST, "--auto-shard", f"tp={k}", "--no-propagate-reshapes") == ["mesh.all_reduce"]


def test_batch_first_heads_survive_the_collapse():
    # heads are the minor dim of IREE's (B, H) -> 8 collapse: kept (--no-propagate-reshapes, which the
    # advisor costs its plans with too), Q, K, V are all_gathered there (3 x 4096 B), so Megatron's
    # all_reduce of the 32x64 f32 output (8192 B) no longer pays for itself against the caller's gather of
    # half the column-split result (4096 B): every weight column-parallel, three all_gathers;
    # propagate-reshapes folds the collapse into the batched products, whose head loop is then split like
    # any parallel loop: nothing is gathered
    ops = _collectives(BATCH_FIRST, "--auto-shard", "tp=2", "--no-propagate-reshapes")
    assert ops == ["mesh.all_gather"] * 3
    assert _collectives(BATCH_FIRST, "--auto-shard", "tp=2") == []
    assert _result_sharding(BATCH_FIRST, "--auto-shard", "tp=2") == "#mesh.shard<@tp, [[]], partial = sum[0]>"


def test_explain_names_the_head_split():
    r = CliRunner().invoke(main, ["run", str(HEADS_FIRST), "--inputs", str(INPUTS), "--check", "--expected",
                                  str(EXPECTED), *TOL, "--auto-shard", "tp=2", "--explain"])
    assert r.exit_code == 0, r.output
    assert "arg1 -> [[], [0]]: column-parallel" in r.output and "arg4 -> [[0]]: row-parallel" in r.output
    assert "splits dim 2 (4 heads of 16) over @tp, 2 per device" in r.output
    assert r.output.count(": ok max abs err") == 2


@pytest.mark.parametrize("stem", ["attention_heads_first", "attention"])
def test_tp_peak_memory_below_unsharded(stem):
    inputs = dict(np.load(DATA / f"{stem}.inputs.npz"))
    base = mc.run(mc.parse(str(DATA / f"{stem}.linalg.mlir")), inputs)
    module = mc.parse(str(DATA / f"{stem}.linalg.mlir"))
    plan = auto_shard(module, parse_auto_shard("tp=4"))
    tp = mc.run(module, inputs, check=True)
    assert tp.check_ok and len(tp.stats.devices) == 4
    # each weight (64x64 f32 = 16384 B) is stored as a quarter per device
    assert {d.target: d.stored_bytes for d in plan.decisions} == {f"arg{i}": 4096 for i in range(1, 5)}
    unsharded = max(d.peak_bytes for d in base.stats.devices)
    per_device = max(d.peak_bytes for d in tp.stats.devices)
    # measured: 32768 B per device against 90124 B unsharded
    assert per_device < 0.5 * unsharded, (per_device, unsharded)


def test_generic_attention_matches_jax_tensor_parallel():
    # every named op generalized to linalg.generic: the same plan, the same single all_reduce
    src = DATA / "attention_heads_first_generic.linalg.mlir"
    r = CliRunner().invoke(main, ["run", str(src), "--inputs", str(INPUTS), "--check", "--expected", str(EXPECTED),
                                  *TOL, "--auto-shard", "tp=2"])
    assert r.exit_code == 0, r.output
    assert r.output.count(": ok max abs err") == 2
    assert _collectives(src, "--auto-shard", "tp=4", "--no-propagate-reshapes") == ["mesh.all_reduce"]
    assert _collectives(src, "--auto-shard", "tp=4") == []  # the one reduction: the partial result's


def test_generic_mlp_matches_jax_tensor_parallel():
    src = DATA / "mlp_generic.linalg.mlir"
    r = CliRunner().invoke(main, ["run", str(src), "--inputs", str(DATA / "mlp.inputs.npz"), "--check",
                                  "--expected", str(DATA / "mlp.expected.npz"), *TOL, "--auto-shard", "tp=4"])
    assert r.exit_code == 0, r.output
    assert "(shape 4, 4 devices)" in r.output and r.output.count(": ok max abs err") == 2


def test_jax_shardings_split_heads_and_reduce_once(tmp_path):
    annotated = tmp_path / "attention_annotated.mlir"
    r = CliRunner().invoke(main, ["annotate", str(HEADS_FIRST), "--shardings-from",
                                  str(DATA / "attention_heads_first_sharded.stablehlo.mlir"), "-o", str(annotated)])
    assert r.exit_code == 0, r.output
    text = annotated.read_text()
    assert text.count("to <@mesh, [[], [0]]>") == 3 and text.count("to <@mesh, [[0]]>") == 1  # Wq/Wk/Wv, Wo
    r = CliRunner().invoke(main, ["run", str(annotated), "--inputs", str(INPUTS), "--check", "--expected",
                                  str(EXPECTED), *TOL])
    assert r.exit_code == 0, r.output
    assert "(shape 4, 4 devices)" in r.output and r.output.count(": ok max abs err") == 2
    assert _collectives(annotated) == ["mesh.all_reduce"]
