"""Every corpus program (tests/data, copied from the shared corpus) and the
real exported models run on the reference interpreter and match their
``NAME.expected.npz`` (computed with numpy or by the framework, not by
meshc): float32 within rtol 1e-4, atol 1e-5; the real models within
atol 1e-4 x max|expected|."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import meshc.api as mc
from meshc.runtime.io import compare, load_npz
from meshc.runtime.tolerance import longest_reduction

DATA = Path(__file__).parent / "data"

CORPUS = ["dynamic_mesh_rowsum", "encoding_exp_matmul", "mesh2d_peered", "mlp_tensor_parallel",
          "reshard_rows_to_cols", "seed_matmul_rows", "upstream_llvm19", "upstream_llvm20", "upstream_llvm22_shard"]

# (program, inputs/expected stem, parameter scope -> weights file), in REAL_DIR
REAL_DIR = DATA / "real"
REAL = [("mlp.linalg.mlir", "mlp", None), ("mlp.func.linalg.mlir", "mlp", None),
        ("layernorm.linalg.mlir", "layernorm", None),
        ("onnx_mlp.linalg.mlir", "onnx_mlp", ("model", "onnx_mlp.weights.npz"))]


@pytest.mark.parametrize("name", CORPUS)
def test_corpus_program_matches_expected(name):
    module = mc.parse(str(DATA / f"{name}.mlir"))
    inputs = load_npz(str(DATA / f"{name}.inputs.npz"))
    expected = load_npz(str(DATA / f"{name}.expected.npz"))
    result = mc.run_reference(module, inputs)
    assert result.binding == "by name"  # the corpus names arrays after the arguments
    assert len(result.outputs) == len(expected)
    for i, got in enumerate(result.outputs):
        want = expected[f"result{i}"]
        assert got.shape == want.shape and got.dtype == want.dtype
        np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("program, stem, params", REAL)
def test_real_model_matches_the_framework(program, stem, params):
    module = mc.parse(str(REAL_DIR / program))
    inputs = load_npz(str(REAL_DIR / f"{stem}.inputs.npz"))
    expected = load_npz(str(REAL_DIR / f"{stem}.expected.npz"))
    parameters = {params[0]: load_npz(str(REAL_DIR / params[1]))} if params else None
    result = mc.run_reference(module, inputs, parameters=parameters)
    assert result.binding == "by position"  # framework names (x, w1...) are not the IR's %arg0...
    # float32 sums in the framework's order and numpy's: within K x eps x max|want| (meshc.runtime.tolerance)
    k = longest_reduction(module)
    rows = compare(result.outputs, expected, rtol=0.0, atol=0.0, reduction=k)
    assert [r.name for r in rows] == ["result0 vs 'out'"]
    assert rows[0].ok, rows[0]
    (want,) = expected.values()
    assert rows[0].max_abs <= k * np.finfo(np.float32).eps * float(np.max(np.abs(want)))


def test_onnx_parameters_are_required():
    module = mc.parse(str(REAL_DIR / "onnx_mlp.linalg.mlir"))
    with pytest.raises(mc.DiagnosticError) as err:
        mc.run_reference(module, load_npz(str(REAL_DIR / "onnx_mlp.inputs.npz")))
    assert "global @w1 reads parameter \"model\"::\"w1\"" in err.value.message


def test_repeat_reports_every_call():
    module = mc.parse(str(DATA / "seed_matmul_rows.mlir"))
    inputs = load_npz(str(DATA / "seed_matmul_rows.inputs.npz"))
    result = mc.run_reference(module, inputs, repeat=3)
    assert len(result.times) == 3 and result.seconds_per_call == sorted(result.times)[1]
    assert result.kernels["linalg.matmul"] == 3
    np.testing.assert_allclose(result.outputs[0], load_npz(str(DATA / "seed_matmul_rows.expected.npz"))["result0"],
                               rtol=1e-4, atol=1e-5)
