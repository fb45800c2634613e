"""What a new user found in a clean clone, each kept as a test: an infinity in the expected values
is matched only by the same infinity, a reference run that cannot allocate its values is a located
error (exit 1), and a mesh whose name prints quoted can be sized with ``--mesh-shape`` in either
spelling, with the error's own advice spelled so that it works."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from meshc.cli import main
from meshc.runtime.io import compare

SAMPLES = Path(__file__).resolve().parent.parent / "samples"

PROGRAM = """mesh.mesh @m(shape = 2)
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<4xf32>
  %y = arith.addf %xs, %xs : tensor<4xf32>
  return %y : tensor<4xf32>
}
"""

QUOTED_MESH = """mesh.mesh @"dyn m"(shape = ?)
func.func @main(%x: tensor<6xf32>) -> tensor<6xf32> {
  %xs = mesh.shard %x to <@"dyn m", [[0]]> : tensor<6xf32>
  %y = arith.addf %xs, %xs : tensor<6xf32>
  return %y : tensor<6xf32>
}
"""


def meshc(*args):
    return CliRunner().invoke(main, [*map(str, args)])


@pytest.mark.parametrize("want", [np.inf, -np.inf])
def test_an_expected_infinity_is_matched_only_by_the_same_infinity(want):
    expected = np.array([1.0, want, 3.0], np.float32)
    finite = np.array([1.0, 5.0, 3.0], np.float32)
    [row] = compare([finite], {"r": expected}, rtol=1e-4, atol=1e-5)
    assert not row.ok
    [row] = compare([expected.copy()], {"r": expected}, rtol=1e-4, atol=1e-5)
    assert row.ok
    [row] = compare([-expected], {"r": expected}, rtol=1e-4, atol=1e-5)
    assert not row.ok


def test_a_got_infinity_against_a_finite_expected_value_is_a_mismatch():
    [row] = compare([np.array([np.inf], np.float32)], {"r": np.array([1e30], np.float32)}, rtol=1e-4, atol=1e-5,
                    atol_scale=True)
    assert not row.ok


def test_the_cli_reports_an_expected_infinity_as_a_mismatch(tmp_path):
    (tmp_path / "p.mlir").write_text(PROGRAM)
    x = np.arange(4, dtype=np.float32)
    np.savez(tmp_path / "in.npz", x=x)
    want = 2 * x
    want[1] = np.inf
    np.savez(tmp_path / "want.npz", result0=want)
    r = meshc("run", tmp_path / "p.mlir", "--inputs", tmp_path / "in.npz", "--expected", tmp_path / "want.npz")
    assert r.exit_code == 1, r.output
    assert "result0: MISMATCH" in r.output


def test_a_reference_run_out_of_host_memory_is_a_located_error(tmp_path):
    big = "tensor<200000x200000xf32>"  # 160 GB: numpy refuses it at once
    (tmp_path / "big.mlir").write_text(f"func.func @main() -> {big} {{\n"
                                       f"  %c = arith.constant dense<1.0> : {big}\n"
                                       f"  %e = math.exp %c : {big}\n"
                                       f"  return %e : {big}\n}}\n")
    r = meshc("run", tmp_path / "big.mlir", "--reference")
    assert r.exit_code == 1, r.output
    assert "big.mlir:3:8: error: 'math.exp' op failed: Unable to allocate" in r.output
    assert "Traceback" not in r.output and "internal error" not in r.output


@pytest.mark.parametrize("spelling", ["dyn m=3", '"dyn m"=3', '@"dyn m"=3'])
def test_a_quoted_mesh_name_is_sized_in_either_spelling(tmp_path, spelling):
    (tmp_path / "q.mlir").write_text(QUOTED_MESH)
    r = meshc("run", tmp_path / "q.mlir", "--random-inputs", "--check", "--mesh-shape", spelling)
    assert r.exit_code == 0, r.output
    assert 'ran @main_sharded on mesh @"dyn m" (shape 3, 3 devices)' in r.output
    assert "result0: ok" in r.output


def test_the_advice_for_a_dynamic_quoted_mesh_is_spelled_as_the_option_reads_it(tmp_path):
    (tmp_path / "q.mlir").write_text(QUOTED_MESH)
    r = meshc("run", tmp_path / "q.mlir", "--random-inputs")
    assert r.exit_code == 1
    assert """mesh @"dyn m" is dynamic: give its shape with --mesh-shape '@"dyn m"=N'""" in r.output


def test_a_malformed_quoted_mesh_name_is_an_option_error(tmp_path):
    (tmp_path / "q.mlir").write_text(QUOTED_MESH)
    r = meshc("run", tmp_path / "q.mlir", "--random-inputs", "--mesh-shape", '"dyn m=3')
    assert r.exit_code == 1
    assert "unterminated quoted mesh name" in r.output


def test_a_single_option_after_reference_is_named_in_the_singular(tmp_path):
    (tmp_path / "p.mlir").write_text(PROGRAM)
    r = meshc("run", tmp_path / "p.mlir", "--random-inputs", "--reference", "--stats")
    assert r.exit_code == 1
    assert "--stats applies to the sharded run; drop --reference" in r.output


# --------------------------------------------------------------- closed standard streams (>&-, <&-)
def _shell(command: str) -> subprocess.CompletedProcess:
    bindir = Path(sys.executable).parent
    return subprocess.run(["bash", "-c", command], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PATH": f"{bindir}{os.pathsep}{os.environ.get('PATH', '')}"})


@pytest.mark.parametrize("command", ["meshc compile -p '' {f} >&-", "meshc-opt {f} >&-", "meshc explain {f} >&-"])
def test_a_closed_standard_output_is_an_error_not_an_internal_one(command):
    r = _shell(command.format(f=SAMPLES / "mlp_tensor_parallel.mlir"))
    assert r.returncode == 1, r.stderr
    assert "could not write to standard output" in r.stderr and "internal error" not in r.stderr


@pytest.mark.parametrize("command", ["meshc-opt <&-", "meshc compile - <&-"])
def test_a_closed_standard_input_is_an_error_not_an_internal_one(command):
    r = _shell(command)
    assert r.returncode == 1, r.stderr
    assert "could not read standard input" in r.stderr and "internal error" not in r.stderr


def test_with_standard_output_closed_an_output_file_is_still_written(tmp_path):
    out = tmp_path / "o.mlir"
    r = _shell(f"meshc compile -p '' {SAMPLES / 'seed_matmul_rows.mlir'} -o {out} >&-")
    assert r.returncode == 0, r.stderr
    assert "func.func" in out.read_text()


def test_a_closed_standard_error_keeps_the_exit_code(tmp_path):
    bad = tmp_path / "bad.mlir"
    bad.write_text("func.func @f( {\n")
    r = _shell(f"meshc compile {bad} 2>&-")
    assert r.returncode == 1 and r.stdout == ""
