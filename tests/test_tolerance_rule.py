"""The default float tolerance of ``meshc run --check/--expected`` (meshc.runtime.tolerance), the
shared test helper (tests/tolerance.py), and the device-count limit of the commands that do
per-device work (meshc.api.MAX_DEVICES)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

import meshc.api as mc
from meshc.cli import main
from meshc.runtime.io import compare
from meshc.runtime.tolerance import default_atol, longest_reduction
from tests.tolerance import assert_close, chain_magnitude, matmul_magnitude, reduction_chain_length, tolerance

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
MLP = SAMPLES / "mlp_tensor_parallel.mlir"
EPS32 = float(np.finfo(np.float32).eps)


def meshc(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


# ------------------------------------------------------------------ the rule
def test_longest_reduction_of_the_samples():
    # mlp: x 64x256 @ w1 256x1024, then 64x1024 @ w2 1024x256: the longest sums 1024 terms
    assert longest_reduction(mc.parse(str(MLP))) == 1024
    # rowsum: 10x8 summed over 8, then the 10 row sums over 10
    assert longest_reduction(mc.parse(str(SAMPLES / "dynamic_mesh_rowsum.mlir"))) == 10
    elementwise = mc.parse("func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
                           "  %y = arith.addf %x, %x : tensor<4xf32>\n  return %y : tensor<4xf32>\n}\n")
    assert longest_reduction(elementwise) == 1


def test_default_atol_is_k_eps_max_expected_with_a_floor():
    assert default_atol(1024, EPS32, 285.9) == pytest.approx(1024 * EPS32 * 285.9)
    assert default_atol(3, EPS32, 1.0) == 1e-5  # the floor when the scaled term is smaller


def test_correct_float32_mlp_passes_check_at_default_tolerances():
    r = meshc("run", MLP, "--random-inputs", "--check")
    assert r.exit_code == 0, r.output
    assert "(rtol 0.0001, atol max(1e-05, 1024 x eps x max|expected|)):" in r.output
    assert "  result0: ok max abs err " in r.output


def test_an_explicit_atol_is_used_exactly_and_can_fail_the_same_run():
    # the same correct run fails at a plain atol far below float32 rounding of values near 286
    r = meshc("run", MLP, "--random-inputs", "--check", "--atol", "1e-9", "--rtol", "1e-9")
    assert r.exit_code == 1 and "(rtol 1e-09, atol 1e-09):" in r.output and "MISMATCH" in r.output


def _mlp_expected(tmp_path: Path, scale: float) -> Path:
    with np.load(SAMPLES / "mlp_tensor_parallel.expected.npz") as z:
        arrays = {k: z[k] * np.float32(scale) for k in z.files}
    path = tmp_path / f"expected_{scale}.npz"
    np.savez(path, **arrays)
    return path


def test_a_result_off_by_1e_2_relative_is_reported_at_default_tolerances(tmp_path):
    inputs = SAMPLES / "mlp_tensor_parallel.inputs.npz"
    good = meshc("run", MLP, "--inputs", inputs, "--expected", _mlp_expected(tmp_path, 1.0))
    assert good.exit_code == 0, good.output
    bad = meshc("run", MLP, "--inputs", inputs, "--expected", _mlp_expected(tmp_path, 1.01))
    assert bad.exit_code == 1
    assert "  result0: MISMATCH max abs err " in bad.output
    assert "error: 1 of 1 output(s) differ from" in bad.output


def test_compare_under_the_rule_catches_a_wrong_element_and_keeps_integers_exact():
    rng = np.random.default_rng(0)
    a = rng.uniform(-1, 1, (32, 512)).astype(np.float32)
    b = rng.uniform(-1, 1, (512, 16)).astype(np.float32)
    want = a.astype(np.float64) @ b.astype(np.float64)
    got = a @ b  # float32, the BLAS's own order
    assert compare([got], {"result0": want}, reduction=512)[0].ok
    wrong = got.copy()
    wrong[3, 5] += np.float32(1e-2) * np.abs(want).max()
    assert not compare([wrong], {"result0": want}, reduction=512)[0].ok
    ints = np.arange(6, dtype=np.int32)
    off = ints.copy()
    off[2] += 1
    assert compare([ints], {"result0": ints}, reduction=10 ** 6)[0].ok
    assert not compare([off], {"result0": ints}, reduction=10 ** 6)[0].ok


def test_api_check_uses_the_default_rule():
    module = mc.parse(str(MLP))
    r = mc.run(module, random_seed=0, check=True)
    assert r.check_ok
    c = r.comparisons[0]
    assert c.atol_used == pytest.approx(max(1e-5, 1024 * EPS32 * c.max_expected))


# ------------------------------------------------------------------ the test helper
def test_test_helper_bound_holds_for_float32_matmuls_and_rejects_real_errors():
    rng = np.random.default_rng(1)
    a = rng.uniform(-1, 1, (16, 1000)).astype(np.float32)
    b = rng.uniform(-1, 1, (1000, 8)).astype(np.float32)
    exact = a.astype(np.float64) @ b.astype(np.float64)
    bound = matmul_magnitude(a, b)
    # the float32 product in three orders: the BLAS's, pairwise by numpy's sum, and sequential
    sequential = np.zeros((16, 8), np.float32)
    for k in range(1000):
        sequential += a[:, k:k + 1] * b[k:k + 1, :]
    for got in (a @ b, np.sum(a[:, :, None] * b[None, :, :], axis=1), sequential):
        assert_close(got, exact, k=1000, magnitude=bound)
        assert_close(got, a @ b, k=1000, magnitude=bound)
    with pytest.raises(AssertionError):
        assert_close(exact * (1 + 1e-3), exact, k=1000, magnitude=bound)


def test_test_helper_tolerance_arithmetic():
    rtol, atol = tolerance(np.float32, 100, 2.0)
    assert (rtol, atol) == (4 * EPS32, 100 * EPS32 * 2.0)
    with pytest.raises(ValueError):
        tolerance(np.float32, 0, 1.0)
    x = np.array([[1.0, -2.0]])
    assert chain_magnitude(x, np.array([[1.0], [1.0]]), np.array([[3.0]])) == 9.0
    assert reduction_chain_length(mc.parse(str(MLP))) == 256 + 1024


# ------------------------------------------------------------------ the device limits
BIG = MLP.read_text().replace("shape = 4, peered_memory_axes", f"shape = {mc.MAX_DEVICES + 1}, peered_memory_axes")
UNROLLED_BIG = MLP.read_text().replace("shape = 4, peered_memory_axes",
                                       f"shape = {mc.MAX_UNROLLED_DEVICES + 1}, peered_memory_axes")


@pytest.mark.parametrize("args", [["run", "--random-inputs"], ["estimate"]], ids=["run", "estimate"])
def test_a_static_mesh_over_the_spmd_limit_is_refused_at_once(tmp_path, args):
    path = tmp_path / "big.mlir"
    path.write_text(BIG)
    r = meshc(args[0], path, *args[1:])
    n = mc.MAX_DEVICES + 1
    assert r.exit_code == 1
    assert (f"big.mlir:4:1: error: mesh @tp (shape {n}) has {n} devices; meshc simulates at most "
            f"{mc.MAX_DEVICES} devices per mesh") in r.output
    assert "Traceback" not in r.output


@pytest.mark.parametrize("args", [["compile", "--emit=unrolled"], ["compile", "-p", "canonicalize,unroll"],
                                  ["compile", "--target", "x86-avx2"]], ids=["emit-unrolled", "pipeline", "target"])
def test_a_static_mesh_over_the_unrolled_limit_is_refused_where_the_program_is_copied_per_device(tmp_path, args):
    path = tmp_path / "big.mlir"
    path.write_text(UNROLLED_BIG)
    r = meshc(args[0], path, *args[1:])
    n = mc.MAX_UNROLLED_DEVICES + 1
    assert r.exit_code == 1
    assert (f"big.mlir:4:1: error: mesh @tp (shape {n}) has {n} devices; meshc unrolls at most "
            f"{mc.MAX_UNROLLED_DEVICES} devices per mesh") in r.output
    assert "Traceback" not in r.output


def test_show_draws_a_picture_per_device_within_the_unrolled_limit(tmp_path):
    path = tmp_path / "big.mlir"
    path.write_text(UNROLLED_BIG)
    r = meshc("show", path)
    n = mc.MAX_UNROLLED_DEVICES + 1
    assert r.exit_code == 1
    assert (f"big.mlir:4:1: error: mesh @tp (shape {n}) has {n} devices; meshc show draws at most "
            f"{mc.MAX_UNROLLED_DEVICES} devices per mesh (one picture per device") in r.output


def test_compile_and_its_schedules_take_a_mesh_over_the_unrolled_limit(tmp_path):
    import json

    path = tmp_path / "big.mlir"
    path.write_text(UNROLLED_BIG)
    n = mc.MAX_UNROLLED_DEVICES + 1
    r = meshc("compile", path, "--emit", "schedule-json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["mesh"]["shape"] == [n] and len(data["devices"]) == n
    assert data["module"] is not None  # the kernels' ops: the stage-5 module and its class bodies
    stage5 = meshc("compile", path)
    assert stage5.exit_code == 0 and "mesh.for_all" in stage5.output and "_sharded" not in stage5.output


def test_the_threads_runtime_limit_is_checked_before_compiling():
    n = mc.MAX_THREAD_DEVICES + 1
    r = meshc("run", SAMPLES / "dynamic_mesh_rowsum.mlir", "--mesh-shape", f"m={n}", "--random-inputs")
    assert r.exit_code == 1
    assert f"has {n} devices; the threads runtime runs at most {mc.MAX_THREAD_DEVICES} devices" in r.output


def test_a_big_static_mesh_is_fine_where_nothing_is_done_per_device(tmp_path):
    path = tmp_path / "big.mlir"
    path.write_text(BIG)
    r = meshc("compile", path, "-p", "canonicalize")
    assert r.exit_code == 0 and f"shape = {mc.MAX_DEVICES + 1}" in r.output


def test_mesh_shape_mesh_and_auto_shard_share_the_limit():
    n = mc.MAX_DEVICES + 1
    over = meshc("run", SAMPLES / "dynamic_mesh_rowsum.mlir", "--mesh-shape", f"m={n}", "--random-inputs")
    assert over.exit_code == 1 and f"'m={n}' has {n} devices; meshc simulates at most {mc.MAX_DEVICES}" in over.output
    u = mc.MAX_UNROLLED_DEVICES + 1
    overridden = meshc("compile", MLP, "--emit=unrolled", "--mesh-shape", f"tp={u}")
    assert overridden.exit_code == 1 and f"has {u} devices" in overridden.output
    auto = meshc("annotate", ROOT / "samples/real/mlp.linalg.mlir", "--auto-shard", f"tp={u}")
    assert auto.exit_code == 1 and f"'tp={u}' has {u} devices" in auto.output
    from meshc.commands._common import parse_mesh_shapes

    assert parse_mesh_shapes((f"m={mc.MAX_DEVICES}",)) == {"m": (mc.MAX_DEVICES,)}
    assert parse_mesh_shapes((f"m=2x{mc.MAX_DEVICES // 2}",)) == {"m": (2, mc.MAX_DEVICES // 2)}


def test_the_api_checks_the_limit_before_compiling():
    module = mc.parse(BIG, "big.mlir")
    with pytest.raises(mc.DiagnosticError, match=f"has {mc.MAX_DEVICES + 1} devices"):
        mc.compile(module)
    small = mc.parse(str(MLP))
    with pytest.raises(mc.DiagnosticError, match="from --mesh-shape"):
        mc.compile(small, mesh_shape={"tp": (mc.MAX_DEVICES * 2,)})
