"""``meshc run`` on simulated devices (without --reference): --check, --expected,
--mesh-shape, --stats, --trace, --layout, --device-memory, --collective-timeout,
-p, -o, --repeat, and the exit-1 errors."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from meshc.cli import main

ROOT = Path(__file__).resolve().parent.parent

DATA = Path(__file__).parent / "data"

CORPUS = ["dynamic_mesh_rowsum", "encoding_exp_matmul", "mesh2d_peered", "mlp_tensor_parallel",
          "reshard_rows_to_cols", "seed_matmul_rows", "upstream_llvm19", "upstream_llvm20", "upstream_llvm22_shard"]

# @f computes x + x; its hand-written @f_sharded computes x * x: the sharded run disagrees with the reference.
WRONG = """mesh.mesh @m(shape = 2)
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = arith.addf %x, %x : tensor<4xf32>
  return %y : tensor<4xf32>
}
func.func private @f_sharded(%x_0: tensor<2xf32> {mesh.arg = 0, mesh.devices = [0], mesh.offsets = array<i64: 0>},
                             %x_1: tensor<2xf32> {mesh.arg = 0, mesh.devices = [1], mesh.offsets = array<i64: 2>})
    -> (tensor<2xf32> {mesh.result = 0, mesh.devices = [0], mesh.offsets = array<i64: 0>},
        tensor<2xf32> {mesh.result = 0, mesh.devices = [1], mesh.offsets = array<i64: 2>}) {
  %y_0 = mesh.for_one 0 on @m -> tensor<2xf32> {
    %s = arith.mulf %x_0, %x_0 : tensor<2xf32>
    mesh.yield %s : tensor<2xf32>
  }
  %y_1 = mesh.for_one 1 on @m -> tensor<2xf32> {
    %s = arith.mulf %x_1, %x_1 : tensor<2xf32>
    mesh.yield %s : tensor<2xf32>
  }
  return %y_0, %y_1 : tensor<2xf32>, tensor<2xf32>
}
"""


def meshc(*args):
    return CliRunner().invoke(main, ["run", *map(str, args)])


def corpus_args(name: str) -> list:
    return [DATA / f"{name}.mlir", "--inputs", DATA / f"{name}.inputs.npz"]


@pytest.mark.parametrize("name", CORPUS)
def test_corpus_program_checks_against_reference_and_expected(name):
    extra = ["--mesh-shape", "m=3"] if name == "dynamic_mesh_rowsum" else []
    r = meshc(*corpus_args(name), "--check", "--expected", DATA / f"{name}.expected.npz", *extra)
    assert r.exit_code == 0, r.output + r.stderr
    n = len(np.load(DATA / f"{name}.expected.npz").files)
    assert re.search(r"compare with the reference interpreter \(rtol 0.0001, atol max\(1e-05, \d+ x eps x max\|expected\|\)\):", r.stdout)
    assert len(re.findall(r"^  result\d+: ok max abs err ", r.stdout, re.M)) == 2 * n
    assert re.search(r"^ran @\w+ on mesh @\w+ \(shape [\dx]+, \d+ devices?\): \d+ steps, \d+ kernels, ", r.stdout,
                     re.M)


def test_static_mesh_override_prints_a_note_and_runs_on_the_new_shape():
    r = meshc(*corpus_args("mlp_tensor_parallel"), "--mesh-shape", "tp=8", "--check")
    assert r.exit_code == 0, r.stderr
    assert "note: --mesh-shape tp=8 overrides the static shape 4 of mesh @tp" in r.stderr
    assert "ran @mlp_sharded on mesh @tp (shape 8, 8 devices)" in r.stdout


def test_dynamic_mesh_needs_a_shape():
    r = meshc(*corpus_args("dynamic_mesh_rowsum"))
    assert r.exit_code == 1
    assert "mesh @m, whose shape is dynamic (?): give its shape with --mesh-shape m=N" in r.stderr


def test_check_mismatch_exits_1_with_the_errors(tmp_path):
    prog = tmp_path / "wrong.mlir"
    prog.write_text(WRONG)
    x = np.array([1, 2, 3, 4], np.float32)
    np.save(tmp_path / "x.npy", x)
    r = meshc(prog, "-p", "", "--input", f"x={tmp_path / 'x.npy'}", "--check")
    assert r.exit_code == 1
    # sharded x * x = [1, 4, 9, 16] vs reference x + x = [2, 4, 6, 8]: max abs err |16 - 8| = 8
    assert "  result0: MISMATCH max abs err 8 max rel err 1" in r.stdout
    assert "error: 1 of 1 output(s) differ from the reference interpreter: result0 (max abs err 8)" in r.stderr
    assert "values=[ 1., 4., 9., 16.]" in r.stdout


def test_stats_table_shows_physical_and_logical_bytes_per_device():
    r = meshc(*corpus_args("seed_matmul_rows"), "--stats", "--layout", "tile", "--tile", "32x32")
    assert r.exit_code == 0, r.stderr
    assert "per-device stats (buffers tile 32x32)" in r.stdout
    cell = r"\s+(\d+) │"
    rows = re.findall(r"^│\s+(\w+) │" + cell * 7, r.stdout, re.M)
    # device, kernels, physical peak, logical peak, padding, peer read, copy, collective (see
    # test_run_sharded: one 4096 B tile per 2-D f32 buffer; device 1 reads B, 3x2 f32 = 24 B, in place)
    assert rows == [("0", "1", "12288", "44", "12244", "0", "0", "0"),
                    ("1", "1", "8192", "20", "8172", "24", "0", "0"),
                    ("total", "2", "20480", "64", "20416", "24", "0", "0")]


def test_stats_without_layout_is_row_major():
    r = meshc(*corpus_args("mlp_tensor_parallel"), "--stats")
    assert r.exit_code == 0
    assert "per-device stats (buffers row-major)" in r.stdout
    assert re.search(r"^│\s+0 │\s+8 │\s+721924 │\s+721924 │\s+0 │", r.stdout, re.M)
    assert "device memory unlimited per device" in r.stdout


def test_trace_is_chrome_trace_json_with_every_device(tmp_path):
    path = tmp_path / "trace.json"
    r = meshc(*corpus_args("reshard_rows_to_cols"), "--trace", path)
    assert r.exit_code == 0, r.stderr
    assert f"wrote the trace of 4 device(s) to {path}" in r.stdout
    trace = json.loads(path.read_text())
    events = [e for e in trace["traceEvents"] if e["ph"] == "X"]
    assert {e["tid"] for e in events} == {0, 1, 2, 3}
    assert {e["name"] for e in events} >= {"all_to_all c0", "linalg.generic"}
    assert all(e["dur"] >= 0 and e["ts"] >= 0 for e in events)


def test_device_out_of_memory_exits_1_and_still_writes_the_trace(tmp_path):
    path = tmp_path / "oom.json"
    # on 8 devices device 0 holds x 65536 + w1 256x128 131072 + b1 512 + w2 128x256 131072 = 328192 B, then
    # %e1 64x128 32768 + %zero 4 = 360964 B; %f1 (32768 B) does not fit in 390000 B
    r = meshc(*corpus_args("mlp_tensor_parallel"), "--device-memory", "390000", "--mesh-shape", "tp=8")
    assert r.exit_code == 1
    assert "buffer '%f1' needs 32768 bytes (32.00 KiB) but only 29036 of its 390000 bytes" in r.stderr
    assert r.stderr.index("note: --mesh-shape tp=8 overrides") < r.stderr.index("error:")  # the note first
    r = meshc(*corpus_args("mlp_tensor_parallel"), "--device-memory", "700000", "--trace", path)
    assert r.exit_code == 1
    assert "device 0 is out of memory: buffer '%f1' needs 65536 bytes" in r.stderr
    assert "Traceback" not in r.output + r.stderr
    events = json.loads(path.read_text())["traceEvents"]
    # device 0 completed its steps 0-3 (%e1, tensor.empty, %zero, arith.constant) and failed at step 4
    assert sorted(e["args"]["step"] for e in events if e["ph"] == "X" and e["tid"] == 0) == [0, 1, 2, 3]


def test_bad_flag_values_exit_1():
    for flags, message in [(["--device-memory", "lots"], "cannot read 'lots' as a memory size"),
                           (["--collective-timeout", "0"], "--collective-timeout"),
                           (["--layout", "tile", "--tile", "32by32"], "'32by32' is not HxW"),
                           (["--reference", "--check"], "--check applies to the sharded run; drop --reference"),
                           (["--parameters", "model=w.npz"], "could not open parameter file 'w.npz'")]:
        r = meshc(*corpus_args("seed_matmul_rows"), *flags)
        assert r.exit_code == 1, flags
        assert message in r.output + r.stderr, (flags, r.output + r.stderr)


def test_output_file_repeat_and_random_inputs(tmp_path):
    out = tmp_path / "out.npz"
    r = meshc(DATA / "reshard_rows_to_cols.mlir", "--random-inputs", "--seed", "3", "--repeat", "2", "-o", out,
              "--check")
    assert r.exit_code == 0, r.stderr
    assert "@main: inputs bound random (seed 3)" in r.stdout
    assert re.search(r"^time: [\d.]+ ms per call \(median of 2 calls; min [\d.]+ ms\)$", r.stdout, re.M)
    assert f"wrote 1 output(s) to {out}" in r.stdout
    x = np.round(np.random.default_rng(3).uniform(-1, 1, size=(32, 48)) * 256).astype(np.float32) / 256
    np.testing.assert_allclose(np.load(out)["result0"], np.exp(x), rtol=1e-6)


def test_explicit_pipeline_is_used(tmp_path):
    r = meshc(*corpus_args("seed_matmul_rows"), "-p", "sharding-propagation,distribute-types,reshard,partition,"
              "unroll", "--check")
    assert r.exit_code == 0, r.stderr
    r = meshc(*corpus_args("seed_matmul_rows"), "-p", "sharding-propagation")
    assert r.exit_code == 1
    assert "has no unrolled @main_sharded: the pipeline did not unroll it" in r.stderr


def test_reference_still_runs():
    r = meshc(*corpus_args("mlp_tensor_parallel"), "--reference", "--expected",
              DATA / "mlp_tensor_parallel.expected.npz")
    assert r.exit_code == 0, r.stderr
    assert "ran @" not in r.stdout and "  result0: ok" in r.stdout


def test_data_tiling_target_materializes_encodings_before_the_schedules():
    r = meshc(*corpus_args("encoding_exp_matmul"), "--target", "x86-avx512", "--check", "--stats")
    assert r.exit_code == 0, r.stderr
    assert "  result0: ok" in r.stdout
    plain = meshc(*corpus_args("encoding_exp_matmul"), "--stats")
    kernels = lambda out: int(re.search(r"^│\s+0 │\s+(\d+) │", out, re.M).group(1))  # noqa: E731
    # without a target the encodings are dropped: constant, empty, exp, empty, fill, matmul = 6 kernels;
    # for x86-avx512: constant, empty (exp's outs, materialized to 4x256x16x1), empty (pack(x)'s dest, same
    # type: cse never merges two destinations, see meshc/passes/cse.py), pack(x), exp (on the packed layout),
    # empty, pack(w), empty, fill, mmt4d, empty, unpack = 12 (the plain count includes exp's outs empty too)
    assert (kernels(plain.stdout), kernels(r.stdout)) == (6, 12)


def test_mesh_shape_beyond_the_simulated_device_limit_is_refused():
    r = meshc(*corpus_args("dynamic_mesh_rowsum"), "--mesh-shape", "m=99999999999999999999")
    assert r.exit_code == 1 and "meshc simulates at most 65536 devices per mesh" in r.output + r.stderr


def test_stats_count_data_tiling_relayouts():
    # x86-avx2 data tiling of encoding_exp_matmul: pack of the 64x256 LHS (65536 B) and of the 256x128
    # RHS (131072 B), unpack of the 64x128 result (32768 B): 3 relayouts, 229376 B written
    r = meshc(*corpus_args("encoding_exp_matmul"), "--check", "--stats", "--target", "x86-avx2")
    assert r.exit_code == 0, r.output
    assert "data-tiling relayouts (linalg.pack/unpack): 3 ops, 229376 B written" in r.output


def test_stats_table_has_per_device_relayout_columns_only_for_data_tiled_runs():
    # mlp_tensor_parallel on 4 devices, x86-avx2, bytes written per device by 7 relayouts: x 64x256 f32
    # (65536) + w1 column block 256x256 (262144) + b1 block 256 (1024) + h 64x256 unpacked and packed again
    # (2 x 65536) + w2 row block 256x256 (262144) + y 64x256 unpacked (65536) = 787456 B; the table's
    # relayout columns carry them, the total row 4 x 7 = 28 and 4 x 787456 = 3149824
    sample = ROOT / "samples" / "mlp_tensor_parallel"
    r = meshc(f"{sample}.mlir", "--inputs", f"{sample}.inputs.npz", "--expected", f"{sample}.expected.npz",
              "--check", "--stats", "--target", "x86-avx2")
    assert r.exit_code == 0, r.output
    rows = [line.split("│")[1:-1] for line in r.output.splitlines() if line.startswith("│")]
    cells = {row[0].strip(): [c.strip() for c in row[1:]] for row in rows}
    for device in "0123":
        assert cells[device][7:9] == ["7", "787456"], cells[device]
    assert cells["total"][7:9] == ["28", "3149824"]
    plain = meshc(f"{sample}.mlir", "--random-inputs", "--stats")
    assert plain.exit_code == 0 and "relayout B" not in plain.output
