"""``meshc run --reference``: input binding and its report, output summary
and ``-o``, ``--expected`` comparisons, ``--repeat``, ``--parameters``, and
the exit-1 errors for bad input."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from meshc.cli import main

DATA = Path(__file__).parent / "data"
REAL = DATA / "real"  # the real models (JAX, ONNX, IREE exports: docs/models.md)

CORPUS = ["dynamic_mesh_rowsum", "encoding_exp_matmul", "mesh2d_peered", "mlp_tensor_parallel",
          "reshard_rows_to_cols", "seed_matmul_rows", "upstream_llvm19", "upstream_llvm20", "upstream_llvm22_shard"]

ADD = """func.func @main(%x: tensor<2x3xf32>, %y: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %s = arith.addf %x, %y : tensor<2x3xf32>
  return %s : tensor<2x3xf32>
}
"""


def meshc(*args: str):
    return CliRunner().invoke(main, ["run", *map(str, args)])


@pytest.fixture
def add_program(tmp_path):
    path = tmp_path / "add.mlir"
    path.write_text(ADD)
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    y = np.full((2, 3), 0.5, np.float32)
    np.savez(tmp_path / "in.npz", x=x, y=y)
    return path, x, y


@pytest.mark.parametrize("name", CORPUS)
def test_corpus_program_matches_expected_through_the_cli(name):
    r = meshc(DATA / f"{name}.mlir", "--reference", "--inputs", DATA / f"{name}.inputs.npz",
              "--expected", DATA / f"{name}.expected.npz")
    assert r.exit_code == 0, r.output + r.stderr
    assert "inputs bound by name" in r.stdout
    n_results = len(np.load(DATA / f"{name}.expected.npz").files)
    assert len(re.findall(r"^  result\d+: ok ", r.stdout, re.M)) == n_results


def test_real_model_binds_by_position_and_compares_a_single_key():
    r = meshc(REAL / "mlp.linalg.mlir", "--reference", "--inputs", REAL / "mlp.inputs.npz",
              "--expected", REAL / "mlp.expected.npz")
    assert r.exit_code == 0, r.stderr
    assert "@main: inputs bound by position" in r.stdout
    assert "%arg0 <- key 'x' (position 0)" in r.stdout
    assert "result0 vs 'out': ok" in r.stdout


def test_onnx_model_with_parameters(tmp_path):
    args = [REAL / "onnx_mlp.linalg.mlir", "--reference", "--inputs", REAL / "onnx_mlp.inputs.npz",
            "--expected", REAL / "onnx_mlp.expected.npz", "--atol", "1e-4", "--atol-scale", "--rtol", "0"]
    r = meshc(*args, "--parameters", f"model={REAL / 'onnx_mlp.weights.npz'}")
    assert r.exit_code == 0, r.stderr
    assert "atol 0.0001 x max|expected|" in r.stdout and "result0 vs 'out': ok" in r.stdout
    r = meshc(*args)
    assert r.exit_code == 1
    assert "onnx_mlp.linalg.mlir:2:3: error: global @w1 reads parameter \"model\"::\"w1\" but no parameters " \
           "were given for scope 'model'" in r.stderr
    partial = tmp_path / "w.npz"
    weights = np.load(REAL / "onnx_mlp.weights.npz")
    np.savez(partial, w1=weights["w1"], b1=weights["b1"])
    r = meshc(*args, "--parameters", f"model={partial}")
    assert r.exit_code == 1
    assert "global @w2 reads parameter \"model\"::\"w2\" but the parameters of scope 'model' have no key 'w2' " \
           "(keys: b1, w1)" in r.stderr


def test_summary_output_file_and_small_values(add_program, tmp_path):
    path, x, y = add_program
    out = tmp_path / "out.npz"
    r = meshc(path, "--reference", "--inputs", tmp_path / "in.npz", "-o", out)
    assert r.exit_code == 0, r.stderr
    assert "%x <- key 'x'" in r.stdout and "%y <- key 'y'" in r.stdout
    # x + 0.5 = [[0.5, 1.5, 2.5], [3.5, 4.5, 5.5]]: sum 18
    assert "result0: shape [2, 3] float32 sum=18 crc32=" in r.stdout
    assert "values=[[0.5, 1.5, 2.5], [3.5, 4.5, 5.5]]" in r.stdout
    saved = np.load(out)
    assert saved.files == ["result0"]
    np.testing.assert_array_equal(saved["result0"], x + y)


def test_output_never_overwrites_an_input(add_program, tmp_path):
    path, _, _ = add_program
    r = meshc(path, "--reference", "--inputs", tmp_path / "in.npz", "-o", tmp_path / "in.npz")
    assert r.exit_code == 1
    assert f"refusing to overwrite the input file '{tmp_path / 'in.npz'}'" in r.stderr
    assert set(np.load(tmp_path / "in.npz").files) == {"x", "y"}


def test_single_inputs_by_name_and_position(add_program, tmp_path):
    path, x, y = add_program
    np.save(tmp_path / "x.npy", x)
    np.save(tmp_path / "y.npy", y)
    r = meshc(path, "--reference", "--input", f"x={tmp_path / 'x.npy'}", "--input", f"1={tmp_path / 'y.npy'}")
    assert r.exit_code == 0, r.stderr
    assert "%x <- --input x" in r.stdout and "%y <- --input 1" in r.stdout
    r = meshc(path, "--reference", "--input", f"z={tmp_path / 'x.npy'}", "--input", f"y={tmp_path / 'y.npy'}")
    assert r.exit_code == 1
    assert "--input z: the entry function has no argument named '%z' (arguments: %x, %y)" in r.stderr


@pytest.mark.parametrize("inputs, message", [
    (["=X"], "Invalid value for '--input': '=X' is not NAME=FILE: the NAME is missing"),
    (["%=X"], "Invalid value for '--input': '%=X' is not NAME=FILE: the NAME is missing"),
    (["x="], "Invalid value for '--input': 'x=' is not NAME=FILE: the FILE is missing"),
    (["x"], "Invalid value for '--input': 'x' is not NAME=FILE\n"),
    (["x=X", "x=Y"], "Invalid value for '--input': argument 'x' is given twice"),
    (["x=X", "%x=Y"], "Invalid value for '--input': argument 'x' is given twice"),
])
def test_malformed_or_repeated_single_inputs_are_usage_errors_before_any_file_is_read(add_program, tmp_path,
                                                                                      inputs, message):
    path, x, _ = add_program
    np.save(tmp_path / "x.npy", x)
    args = [a.replace("X", str(tmp_path / "x.npy")).replace("Y", str(tmp_path / "x.npy")) for a in inputs]
    r = meshc(path, "--reference", *[w for a in args for w in ("--input", a)])
    assert r.exit_code == 1 and r.stdout == ""
    assert message.replace("X", str(tmp_path / "x.npy")) in r.stderr


def test_an_empty_iree_target_cpu_is_a_usage_error_naming_the_option():
    r = meshc(DATA / "seed_matmul_rows.mlir", "--random-inputs", "--backend", "iree", "--iree-target-cpu", "")
    assert r.exit_code == 1 and r.stdout == ""
    assert r.stderr.splitlines()[-1] == ("Error: Invalid value for '--iree-target-cpu': '' is no CPU name: give one "
                                         "(host: this machine's; generic, or an LLVM CPU name such as znver3)")


def test_random_inputs_are_seeded(add_program):
    path, _, _ = add_program

    def crc(seed):
        r = meshc(path, "--reference", "--random-inputs", "--seed", seed)
        assert r.exit_code == 0, r.stderr
        assert f"inputs bound random (seed {seed})" in r.stdout
        return re.search(r"crc32=(\w+)", r.stdout).group(1)

    assert crc(3) == crc(3)
    assert crc(3) != crc(4)


def test_repeat_reports_time_per_call(add_program, tmp_path):
    path, _, _ = add_program
    r = meshc(path, "--reference", "--inputs", tmp_path / "in.npz", "--repeat", "4")
    assert r.exit_code == 0, r.stderr
    assert re.search(r"time: \d+\.\d+ ms per call \(median of 4 calls; min \d+\.\d+ ms\)", r.stdout)


def test_mismatch_exits_1_with_errors_per_output(add_program, tmp_path):
    path, x, y = add_program
    want = x + y
    want[1, 2] += 0.25
    np.savez(tmp_path / "want.npz", out=want)
    r = meshc(path, "--reference", "--inputs", tmp_path / "in.npz", "--expected", tmp_path / "want.npz")
    assert r.exit_code == 1
    # |5.5 - 5.75| = 0.25; relative 0.25 / 5.75
    assert "result0 vs 'out': MISMATCH max abs err 0.25 max rel err 0.0435" in r.stdout
    assert "error: 1 of 1 output(s) differ from" in r.stderr
    r = meshc(path, "--reference", "--inputs", tmp_path / "in.npz", "--expected", tmp_path / "want.npz",
              "--atol", "0.3")
    assert r.exit_code == 0


@pytest.mark.parametrize("arrays, message", [
    ({"x": np.zeros((3, 3), np.float32), "y": np.zeros((2, 3), np.float32)},
     "input for argument #0 (%x) has shape [3, 3], expected [2, 3] (tensor<2x3xf32>)"),
    ({"x": np.zeros((2, 3), np.float64), "y": np.zeros((2, 3), np.float32)},
     "input for argument #0 (%x) has dtype float64, expected float32 (tensor<2x3xf32>)"),
    ({"x": np.zeros((2, 3), np.float32), "y": np.zeros((2, 3), np.float32), "z": np.zeros(1)},
     "input file has keys ['z'] that name no argument of the entry function (arguments: %x, %y)"),
    ({"x": np.zeros((2, 3), np.float32)},
     "the entry function takes 2 arguments but the input file has 1 arrays (x)"),
])
def test_bad_inputs_are_clear_errors(add_program, tmp_path, arrays, message):
    path, _, _ = add_program
    np.savez(tmp_path / "bad.npz", **arrays)
    r = meshc(path, "--reference", "--inputs", tmp_path / "bad.npz")
    assert r.exit_code == 1
    assert f"error: {message}" in r.stderr
    assert "Traceback" not in r.output + r.stderr


def test_unreadable_files(add_program, tmp_path):
    path, _, _ = add_program
    r = meshc(path, "--reference", "--inputs", tmp_path / "missing.npz")
    assert r.exit_code == 1 and f"input file '{tmp_path / 'missing.npz'}' does not exist" in r.stderr
    (tmp_path / "junk.npz").write_bytes(b"not a zip file")
    r = meshc(path, "--reference", "--inputs", tmp_path / "junk.npz")
    assert r.exit_code == 1 and f"could not read input file '{tmp_path / 'junk.npz'}'" in r.stderr
    r = meshc(tmp_path / "nope.mlir", "--reference")
    assert r.exit_code == 1 and "could not open input file" in r.stderr


def test_op_without_kernel_and_out_of_bounds_slice(tmp_path):
    prog = tmp_path / "bad.mlir"
    prog.write_text("""func.func @main(%x: tensor<4xf32>, %o: index) -> tensor<2xf32> {
  %y = "foo.bar"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %s = tensor.extract_slice %y[%o] [2] [1] : tensor<4xf32> to tensor<2xf32>
  return %s : tensor<2xf32>
}
""")
    np.savez(tmp_path / "in.npz", x=np.zeros(4, np.float32), o=np.int64(3))
    r = meshc(prog, "--reference", "--inputs", tmp_path / "in.npz")
    assert r.exit_code == 1
    assert f"{prog}:2:8: error: 'foo.bar' op has no kernel: the interpreter cannot execute it" in r.stderr
    assert '  %y = "foo.bar"(%x)' in r.stderr  # the source line, then a caret
    prog.write_text(prog.read_text().replace('"foo.bar"(%x) : (tensor<4xf32>) -> tensor<4xf32>',
                                             "arith.addf %x, %x : tensor<4xf32>"))
    r = meshc(prog, "--reference", "--inputs", tmp_path / "in.npz")
    assert r.exit_code == 1
    assert f"{prog}:3:8: error: 'tensor.extract_slice' op failed: dim 0: offset 3, " \
           "size 2, stride 1 out of bounds for extent 4" in r.stderr


def test_entry_selection_and_reference_flag(tmp_path):
    prog = tmp_path / "two.mlir"
    prog.write_text("""func.func @a() -> i32 {
  %c = arith.constant 1 : i32
  return %c : i32
}
func.func @b() -> i32 {
  %c = arith.constant 2 : i32
  return %c : i32
}
""")
    r = meshc(prog, "--reference")
    assert r.exit_code == 1 and "several public functions; choose one with --entry: @a, @b" in r.stderr
    r = meshc(prog, "--reference", "--entry", "b")
    assert r.exit_code == 0 and "@b: no arguments" in r.stdout and "values=2" in r.stdout
    r = meshc(prog, "--entry", "b")  # a program without a mesh runs on one simulated device
    assert r.exit_code == 0 and "ran @b on mesh @host (shape 1, 1 device)" in r.stdout and "values=2" in r.stdout


def test_missing_inputs_name_the_arguments(add_program):
    path, _, _ = add_program
    r = meshc(path, "--reference")
    assert r.exit_code == 1
    assert "'@main' takes 2 arguments (%x: tensor<2x3xf32>, %y: tensor<2x3xf32>): give inputs" in r.stderr


def test_copy_of_corpus_program_runs_from_another_folder(tmp_path):
    # paths with spaces and a copied program: nothing depends on the working directory
    folder = tmp_path / "a b"
    folder.mkdir()
    shutil.copy(DATA / "seed_matmul_rows.mlir", folder / "p.mlir")
    r = meshc(folder / "p.mlir", "--reference", "--inputs", DATA / "seed_matmul_rows.inputs.npz",
              "-o", folder / "o.npz")
    assert r.exit_code == 0, r.stderr
    np.testing.assert_allclose(np.load(folder / "o.npz")["result0"],
                               np.load(DATA / "seed_matmul_rows.expected.npz")["result0"], rtol=1e-4, atol=1e-5)
