"""Real models (issue 9) run sharded from the command line with --check against the framework outputs.

mlp.func.linalg.mlir is the JAX MLP lowered through IREE to linalg (x @ w1 + b1, relu, @ w2 + b2);
mlp_sharded.stablehlo.mlir is its sharded JAX export (mesh data=2 x model=4).
"""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

import meshc.api as mc
from meshc.cli import main

DATA = Path(__file__).parent / "data" / "real"
MLP = DATA / "mlp.func.linalg.mlir"
TOL = ["--atol", "1e-4", "--atol-scale", "--rtol", "1e-4"]


def _run(*args):
    return CliRunner().invoke(main, ["run", *map(str, args)])


def _run_mlp(*flags):
    r = _run(MLP, "--inputs", DATA / "mlp.inputs.npz", "--check", "--expected", DATA / "mlp.expected.npz",
             *TOL, *flags)
    assert r.exit_code == 0, r.output
    assert "MISMATCH" not in r.output
    assert r.output.count(": ok max abs err") == 2  # vs the reference interpreter and vs JAX's output
    return r.output


@pytest.mark.parametrize("flags, devices", [
    ((), 1),
    (("--mesh", "tp=2", "--shard", "arg1=[[], [0]]", "--shard", "arg2=[[0]]", "--shard", "arg3=[[0]]"), 2),
    (("--mesh", "tp=4", "--shard", "arg1=[[], [0]]", "--shard", "arg2=[[0]]", "--shard", "arg3=[[0]]"), 4),
    (("--mesh", "dp=2", "--shard", "arg0=[[0]]"), 2),
    (("--auto-shard", "tp=4"), 4),
    (("--auto-shard", "tp=2"), 2),
    (("--auto-shard", "dp=2"), 2),
])
def test_mlp_sharded_matches_jax(flags, devices):
    out = _run_mlp(*flags)
    assert (f"(shape {devices}, {devices} device" if devices > 1 else "(shape 1, 1 device)") in out, out


def test_explain_prints_reasons():
    r = CliRunner().invoke(main, ["compile", str(MLP), "--auto-shard", "tp=4", "--explain"])
    assert r.exit_code == 0, r.output
    assert "arg1 -> [[], [0]]: column-parallel" in r.output
    assert "arg3 -> [[0]]: row-parallel" in r.output
    r = CliRunner().invoke(main, ["compile", str(MLP), "--explain"])
    assert r.exit_code != 0 and "--auto-shard" in r.output


def test_tp4_peak_memory_below_040_of_unsharded():
    inputs = dict(np.load(DATA / "mlp.inputs.npz"))
    base = mc.run(mc.parse(str(MLP)), inputs)
    from meshc.autoshard import auto_shard, parse_auto_shard

    module = mc.parse(str(MLP))
    auto_shard(module, parse_auto_shard("tp=4"))
    tp = mc.run(module, inputs, check=True)
    assert tp.check_ok
    unsharded = max(d.peak_bytes for d in base.stats.devices)
    per_device = max(d.peak_bytes for d in tp.stats.devices)
    # measured: 657412 B per device vs 2692100 B unsharded (0.244x): w1 and w2 (1 MiB each) split 4 ways
    assert len(tp.stats.devices) == 4
    assert per_device < 0.4 * unsharded, (per_device, unsharded)


def test_jax_export_shardings_reduce_once_over_model_axis(tmp_path):
    annotated = tmp_path / "mlp_annotated.mlir"
    r = CliRunner().invoke(main, ["annotate", str(MLP), "--shardings-from", str(DATA / "mlp_sharded.stablehlo.mlir"),
                                  "-o", str(annotated)])
    assert r.exit_code == 0, r.output
    _ = _run(annotated, "--inputs", DATA / "mlp.inputs.npz", "--check", "--expected", DATA / "mlp.expected.npz",
             *TOL)
    assert _.exit_code == 0, _.output
    assert "(shape 2x4, 8 devices)" in _.output, _.output
    r = CliRunner().invoke(main, ["compile", str(annotated)])
    assert r.exit_code == 0, r.output
    reduces = re.findall(r"mesh\.all_reduce .* mesh_axes = (\[[0-9, ]*\])", r.output)
    assert reduces == ["[1]"]  # one all_reduce of the row-parallel partial sums, over "model" (mesh axis 1)


def test_dispatch_region_with_set_encoding_parses_and_runs():
    # IREE's mid-pipeline data-tiled IR: set_encoding inside flow.dispatch.region, executed as its body
    src = DATA / "dispatch_region_encoding.mlir"
    r = _run(src, "--random-inputs", "--check")
    assert r.exit_code == 0, r.output
    module = mc.parse(str(src))
    x = np.arange(32, dtype=np.float32).reshape(4, 8)
    np.testing.assert_array_equal(mc.run_reference(module, [x]).outputs[0], x + x)


# Every real model (util.func entries, parameter globals, inline constants) sharded from the command
# line, compared with the reference interpreter and with the framework's output.
REAL = [("mlp.linalg.mlir", "mlp", ()),
        ("layernorm.linalg.mlir", "layernorm", ()),
        ("onnx_mlp.linalg.mlir", "onnx_mlp", ("--parameters", f"model={DATA / 'onnx_mlp.weights.npz'}")),
        ("attention.linalg.mlir", "attention", ()),
        ("attention_heads_first.linalg.mlir", "attention_heads_first", ())]


@pytest.mark.parametrize("flags", [(), ("--auto-shard", "tp=2"), ("--auto-shard", "tp=4"),
                                   ("--auto-shard", "dp=2")], ids=["unsharded", "tp2", "tp4", "dp2"])
@pytest.mark.parametrize("file, stem, extra", REAL, ids=[r[1] for r in REAL])
def test_real_models_sharded_match_the_framework(file, stem, extra, flags):
    r = _run(DATA / file, "--inputs", DATA / f"{stem}.inputs.npz", "--check", "--expected",
             DATA / f"{stem}.expected.npz", *TOL, *extra, *flags)
    assert r.exit_code == 0, r.output
    assert r.output.count(": ok max abs err") == 2, r.output


@pytest.mark.parametrize("flags, shape", [
    (("--auto-shard", "dp=4"), "(shape 4, 4 devices)"),
    (("--auto-shard", "dp=3"), "(shape 3, 3 devices)"),  # 64 rows over 3: 21, 21, 22 (uneven, dynamic local shapes)
    (("--mesh", "m=2x2", "--shard", "arg0=[[0, 1]]"), "(shape 2x2, 4 devices)"),  # rows over both axes
    (("--mesh", "m=2x3", "--shard", "arg0=[[1]]"), "(shape 2x3, 6 devices)"),  # rows over axis 1, replicated on 0
    (("--mesh", "m=?", "--shard", "arg0=[[0]]", "--mesh-shape", "m=3"), "(shape 3, 3 devices)"),  # dynamic mesh
], ids=["dp4", "dp3", "2x2", "2x3-axis1", "dynamic-3"])
def test_layernorm_data_parallel(flags, shape):
    # the two row means are tensor.expand_shape 64 -> 64x1 of a row-split tensor: the split passes to
    # dim 0 of 64x1 (a unit minor dim keeps every shard boundary whole), so no collective is needed
    r = _run(DATA / "layernorm.linalg.mlir", "--inputs", DATA / "layernorm.inputs.npz", "--check", "--expected",
             DATA / "layernorm.expected.npz", *TOL, *flags)
    assert r.exit_code == 0, r.output
    assert shape in r.output and r.output.count(": ok max abs err") == 2, r.output


def test_layernorm_data_parallel_moves_no_data():
    from meshc.autoshard import auto_shard, parse_auto_shard
    from meshc.ir import print_op

    module = mc.parse(str(DATA / "layernorm.linalg.mlir"))
    auto_shard(module, parse_auto_shard("dp=3"))
    text = print_op(mc.compile(module.clone()).module)
    assert text.count("tensor.expand_shape") == 2 * 3  # two row means, one per device after unroll
    assert not re.search(r"mesh\.(all_gather|all_reduce|all_to_all|all_slice|reduce_scatter)", text)
    out = mc.run(module, dict(np.load(DATA / "layernorm.inputs.npz")), check=True)
    assert out.check_ok
    want = np.load(DATA / "layernorm.expected.npz")["out"]
    np.testing.assert_allclose(out.outputs[0], want, rtol=1e-4, atol=1e-4 * np.abs(want).max())


def test_onnx_mlp_tensor_parallel_by_hand():
    # W1 column-parallel, W2 row-parallel: one all_reduce of the partial result before the bias
    r = _run(DATA / "onnx_mlp.linalg.mlir", "--inputs", DATA / "onnx_mlp.inputs.npz", "--parameters",
             f"model={DATA / 'onnx_mlp.weights.npz'}", "--mesh", "tp=4", "--shard", "@w1=[[], [0]]",
             "--shard", "@b1=[[0]]", "--shard", "@w2=[[0]]", "--check", "--expected",
             DATA / "onnx_mlp.expected.npz", *TOL)
    assert r.exit_code == 0, r.output
    assert "(shape 4, 4 devices)" in r.output and r.output.count(": ok max abs err") == 2
