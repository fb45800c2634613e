"""What a new user found in a clean clone, each kept as a test: an infinity in the expected values
is matched only by the same infinity, a reference run that cannot allocate its values is a located
error (exit 1), a mesh whose name prints quoted can be sized with ``--mesh-shape`` in either
spelling, closed standard streams; a reader that closes the pipe early (``| head -1``), ``--backend
mpi`` without ``mpiexec``, ``--auto-shard ep=N`` on a model without experts, ``-o`` paths whose
extension says another format, results and inputs too big to hold, outputs that cannot be created,
SIGTERM, programs at the nesting limit, inputs from pipes, damaged parameter files.

Each case checks the exit code (0 or 1, never a traceback), the message, and that no file of the
user's was lost or overwritten.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from meshc.cli import main
from meshc.output_files import PipeTolerantStream
from meshc.runtime.io import compare

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
ROOT = Path(__file__).resolve().parents[1]
MLP = ROOT / "samples" / "mlp_tensor_parallel.mlir"
MLP_INPUTS = ROOT / "samples" / "mlp_tensor_parallel.inputs.npz"

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


def meshc(*args, **kwargs):
    return CliRunner().invoke(main, [*map(str, args)], **kwargs)


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


def test_a_failed_comparison_leaves_the_output_file_as_it_was(tmp_path):
    (tmp_path / "p.mlir").write_text(PROGRAM)
    x = np.arange(4, dtype=np.float32)
    np.savez(tmp_path / "in.npz", x=x)
    np.savez(tmp_path / "want.npz", result0=np.full(4, np.nan, np.float32))
    np.savez(tmp_path / "good.npz", result0=2 * x)
    out = tmp_path / "keep.npz"
    out.write_text("keep")
    r = meshc("run", tmp_path / "p.mlir", "--inputs", tmp_path / "in.npz", "--expected", tmp_path / "want.npz",
              "-o", out)
    assert r.exit_code == 1, r.output
    assert f"the results were not written to {out}" in r.output
    assert out.read_text() == "keep"
    # the same run that passes writes the file
    r = meshc("run", tmp_path / "p.mlir", "--inputs", tmp_path / "in.npz", "--expected", tmp_path / "good.npz",
              "-o", out, "--check")
    assert r.exit_code == 0, r.output
    assert np.load(out)["result0"].tolist() == [0.0, 2.0, 4.0, 6.0]


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
    assert """mesh @"dyn m", whose shape is dynamic (?): give its shape with --mesh-shape '@"dyn m"=N'""" in r.output


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


# ------------------------------------------------------------------ a reader that goes away (| head -1)
def into_closed_pipe(*args: str, module: str = "meshc", cwd=None) -> subprocess.CompletedProcess:
    """``python -m MODULE ARGS`` with standard output a pipe whose reader has already gone (what
    ``| head -1`` leaves once head has its line): every write to it fails with EPIPE."""
    read, write = os.pipe()
    os.close(read)
    try:
        return subprocess.run([sys.executable, "-m", module, *map(str, args)], stdout=write,
                              stderr=subprocess.PIPE, text=True, timeout=300, cwd=cwd)
    finally:
        os.close(write)


def test_run_with_stats_into_a_closed_pipe_exits_0_and_still_writes_its_outputs(tmp_path):
    out = tmp_path / "out.npz"
    r = into_closed_pipe("run", MLP, "--inputs", MLP_INPUTS, "--stats", "-o", out)
    assert (r.returncode, r.stderr) == (0, "")
    with np.load(out) as saved:  # the output file the user asked for is there all the same
        assert saved.files == ["result0"] and saved["result0"].shape == (64, 256)


def test_a_closed_pipe_keeps_the_exit_code_of_a_failed_check(tmp_path):
    np.savez(tmp_path / "want.npz", result0=np.zeros((64, 256), np.float32))
    r = into_closed_pipe("run", MLP, "--inputs", MLP_INPUTS, "--expected", tmp_path / "want.npz")
    assert r.returncode == 1
    assert "error: 1 of 1 output(s) differ from" in r.stderr and "Traceback" not in r.stderr


@pytest.mark.parametrize("args", [["compile", MLP], ["passes"], ["--help"], ["explain", MLP]])
def test_every_command_into_a_closed_pipe_exits_0_quietly(args):
    r = into_closed_pipe(*args)
    assert (r.returncode, r.stderr) == (0, "")


def test_results_into_a_closed_pipe_exit_0_with_the_report_on_stderr():
    r = into_closed_pipe("run", MLP, "--inputs", MLP_INPUTS, "-o", "/dev/stdout")
    assert r.returncode == 0, r.stderr
    assert "result0: shape [64, 256]" in r.stderr and "error" not in r.stderr.lower()


def test_meshc_opt_into_a_closed_pipe_exits_0_quietly():
    r = into_closed_pipe(MLP, module="meshc.opt")
    assert (r.returncode, r.stderr) == (0, "")


def test_pipe_tolerant_stream_drops_output_after_epipe_and_raises_other_errors():
    class Pipe:
        def __init__(self, errno_):
            self.errno, self.written = errno_, []

        def write(self, data):
            if self.errno:
                raise OSError(self.errno, os.strerror(self.errno))
            self.written.append(data)
            return len(data)

        def flush(self):
            pass

        def fileno(self):
            raise OSError(9, "no descriptor")

    import errno

    gone = PipeTolerantStream(Pipe(errno.EPIPE))
    assert gone.write("abc") == 3 and gone.reader_gone
    gone._stream.errno = 0
    assert gone.write("later") == 5 and gone._stream.written == []  # dropped from then on
    full = PipeTolerantStream(Pipe(errno.ENOSPC))
    with pytest.raises(OSError) as err:
        full.write("x")
    assert err.value.errno == errno.ENOSPC and not full.reader_gone


# ------------------------------------------------------------------ --backend mpi without MPI
def test_launch_without_mpiexec_is_a_clear_error_naming_the_option(tmp_path, monkeypatch):
    import shutil

    (tmp_path / "p.mlir").write_text(PROGRAM)
    monkeypatch.setattr(sys, "executable", str(tmp_path / "bin" / "python"))  # no mpiexec beside it
    monkeypatch.setattr(shutil, "which", lambda name, *a, **k: None)  # nor on PATH
    r = meshc("run", tmp_path / "p.mlir", "--random-inputs", "--backend", "mpi", "--launch", "2")
    assert r.exit_code == 1
    assert r.stderr.startswith("error: --backend mpi --launch 2: no mpiexec beside ")
    assert "<unknown>" not in r.stderr and "Usage:" not in r.stderr
    assert "pip install 'mpi4py>=4' mpich" in r.stderr


def test_backend_mpi_without_mpi4py_is_a_clear_error_naming_the_option(tmp_path, monkeypatch):
    (tmp_path / "p.mlir").write_text(PROGRAM)
    for name in [m for m in sys.modules if m == "mpi4py" or m.startswith("mpi4py.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "mpi4py", None)  # import mpi4py fails: not installed
    r = meshc("run", tmp_path / "p.mlir", "--random-inputs", "--backend", "mpi")
    assert r.exit_code == 1
    assert r.stderr.startswith("error: --backend mpi: the mpi backend needs mpi4py and an MPI library; install "
                               "them with: pip install 'mpi4py>=4' mpich"), r.stderr
    assert "<unknown>" not in r.stderr


# ------------------------------------------------------------------ --auto-shard: a mode that finds nothing
REAL = ROOT / "samples" / "real"
MOE = ROOT / "tests" / "data" / "advisor" / "moe.linalg.mlir"


def test_ep_on_a_model_without_experts_says_what_it_found_and_the_plan_used():
    r = meshc("compile", REAL / "attention.linalg.mlir", "--auto-shard", "ep=2", "-o", "/dev/null")
    assert r.exit_code == 0, r.output
    first = r.stderr.splitlines()[0]
    assert first == (
        f"{REAL / 'attention.linalg.mlir'}:2:3: warning: --auto-shard ep=2 found no expert weight (a weight of a "
        "batched contraction whose batch dim is a dim of the weight itself, the experts E of an [E, D, F] weight): "
        "the entry function has 6 contraction(s) (4 linalg.matmul, 2 linalg.batch_matmul), 2 batched (2 "
        "linalg.batch_matmul): 2 of two activations, none with a batch dim that is a dim of its weight; 4 with a "
        "weight (4 linalg.matmul); the plan used instead: replicated: nothing split (--explain shows the plans "
        "weighed)")


def test_a_combined_mode_that_finds_nothing_names_the_plan_of_the_others():
    r = meshc("run", REAL / "layernorm.linalg.mlir", "--random-inputs", "--auto-shard", "dp=2,tp=2")
    assert r.exit_code == 0, r.output
    assert ("warning: --auto-shard dp=2,tp=2: tp=2 found no weight contraction to split (a contraction with an "
            "operand traced to an argument or a global that is not the data): the entry function has no contraction "
            "(no linalg.matmul, batch_matmul or mul-add linalg.generic); the plan used instead: dp: data split on "
            "arg0 dim 0 (mesh @dp_tp keeps its tp axis of 2 devices unused)") in r.stderr
    assert "(shape 2x2, 4 devices)" in r.stdout


def test_ep_on_a_model_with_experts_warns_of_nothing():
    r = meshc("compile", MOE, "--auto-shard", "ep=2", "-o", "/dev/null")
    assert (r.exit_code, r.stderr) == (0, "")


# ------------------------------------------------------------------ -o: the format by extension
TWO = """func.func @main(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<2x2xi32>) {
  %y = arith.addf %x, %x : tensor<4xf32>
  %c = arith.constant dense<3> : tensor<2x2xi32>
  return %y, %c : tensor<4xf32>, tensor<2x2xi32>
}
"""


@pytest.fixture
def progs(tmp_path):
    (tmp_path / "p.mlir").write_text(PROGRAM)
    (tmp_path / "two.mlir").write_text(TWO)
    np.savez(tmp_path / "in.npz", x=np.arange(4, dtype=np.float32))
    return tmp_path


def test_o_with_an_unknown_extension_is_refused_before_running_and_the_file_kept(progs):
    kept = progs / "out.txt"
    kept.write_text("notes of mine\n")
    r = meshc("run", progs / "p.mlir", "--inputs", progs / "in.npz", "-o", kept)
    assert r.exit_code == 1
    assert r.stderr == (f"error: -o '{kept}': its extension '.txt' is no format meshc writes; the results are "
                        "written as .npz: every result, as result0, result1, ... (numpy's savez); or .npy: the one "
                        "result of a function with one result (numpy's save) (a device or FIFO takes the .npz "
                        "archive)\n")
    assert r.stdout == ""  # nothing ran
    assert kept.read_text() == "notes of mine\n"
    r = meshc("run", progs / "p.mlir", "--inputs", progs / "in.npz", "-o", progs / "results")
    assert r.exit_code == 1 and "it has no extension to tell the format" in r.stderr
    assert not (progs / "results").exists()


def test_o_npy_writes_the_one_result_and_npz_any_case_every_result(progs):
    r = meshc("run", progs / "p.mlir", "--inputs", progs / "in.npz", "-o", progs / "y.npy")
    assert r.exit_code == 0, r.output
    assert np.load(progs / "y.npy").tolist() == [0.0, 2.0, 4.0, 6.0]
    r = meshc("run", progs / "two.mlir", "--inputs", progs / "in.npz", "--reference", "-o", progs / "ALL.NPZ")
    assert r.exit_code == 0, r.output
    with np.load(progs / "ALL.NPZ") as saved:
        assert saved.files == ["result0", "result1"]
        assert saved["result1"].tolist() == [[3, 3], [3, 3]] and saved["result1"].dtype == np.int32


def test_o_npy_with_several_results_names_them(progs):
    r = meshc("run", progs / "two.mlir", "--inputs", progs / "in.npz", "-o", progs / "y.npy")
    assert r.exit_code == 1
    assert r.stderr == (f"error: -o '{progs / 'y.npy'}': a .npy file holds one result, and the function has 2 "
                        "(result0: tensor<4xf32>, result1: tensor<2x2xi32>); write them all to a .npz file\n")
    assert not (progs / "y.npy").exists() and r.stdout == ""


def test_a_fifo_named_npy_gets_the_one_result(progs):
    import threading

    fifo = progs / "y.npy"
    os.mkfifo(fifo)
    got = {}

    def read():
        with open(fifo, "rb") as fh:
            got["data"] = fh.read()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    r = meshc("run", progs / "p.mlir", "--inputs", progs / "in.npz", "-o", fifo)
    reader.join(60)
    assert r.exit_code == 0, r.output
    import io
    import stat

    assert np.load(io.BytesIO(got["data"])).tolist() == [0.0, 2.0, 4.0, 6.0]
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)  # written in place, never replaced


# ------------------------------------------------------------------ sizes: results and inputs too big to keep
SPLAT = """func.func @main() -> tensor<10000000x1000000xf32> {
  %c = arith.constant dense<1.0> : tensor<10000000x1000000xf32>
  return %c : tensor<10000000x1000000xf32>
}
"""

HUGE_INPUT = """func.func @main(%x: tensor<1000000x1000000xf32>) -> tensor<1000000x1000000xf32> {
  %y = arith.addf %x, %x : tensor<1000000x1000000xf32>
  return %y : tensor<1000000x1000000xf32>
}
"""


@pytest.mark.parametrize("mode", [[], ["--reference"]])
def test_a_40_terabyte_splat_result_is_not_written(tmp_path, mode):
    import stat

    (tmp_path / "splat.mlir").write_text(SPLAT)
    os.mknod(tmp_path / "null", stat.S_IFCHR | 0o666, os.makedev(1, 3))
    for out in (tmp_path / "s.npz", tmp_path / "null"):
        r = meshc("run", tmp_path / "splat.mlir", *mode, "-o", out)
        assert r.exit_code == 1, r.output
        assert r.stderr.startswith(f"{tmp_path / 'splat.mlir'}:2:8: error: result0 (tensor<10000000x1000000xf32>) "
                                   "is 36.38 TiB (40000000000000 B), more than the host's memory (")
        assert f"no file is written that large (-o '{out}'" in r.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["null", "splat.mlir"]  # no file, no temporary left
    r = meshc("run", tmp_path / "splat.mlir", "--check")
    assert r.exit_code == 1
    assert "error: result0 (tensor<10000000x1000000xf32>) has 10000000000000 elements: comparing it (--check) " \
           "needs about 436.56 TiB of host memory" in r.stderr


def test_results_larger_than_the_free_space_are_refused_before_running(progs, monkeypatch):
    from meshc.runtime import io as runtime_io

    monkeypatch.setattr(runtime_io, "free_bytes_at", lambda path: 1000)
    r = meshc("run", progs / "two.mlir", "--inputs", progs / "in.npz", "-o", progs / "out.npz")
    assert r.exit_code == 1
    assert r.stderr.startswith(f"{progs / 'two.mlir'}:2:8: error: -o '{progs / 'out.npz'}': the results need 2.03 KiB "
                               f"(2080 B), more than the 1000 B free on the file system of '{progs}' (the largest: "
                               "result0, tensor<4xf32>, 16 B)")
    assert r.stdout == "" and not (progs / "out.npz").exists()


def test_check_outputs_limits():
    from meshc.ir.location import DiagnosticError
    from meshc.runtime.io import ResultSize, check_outputs

    small = [ResultSize(0, "tensor<4xf32>", 4, 16)]
    check_outputs(small, "out.npz", limit=16, free=16 + 1024, memory=4 * 48)  # exactly at every limit: fine
    with pytest.raises(DiagnosticError, match=r"result0 \(tensor<4xf32>\) is 16 B \(16 B\), more than the host's "
                                              r"memory \(15 B\)"):
        check_outputs(small, "out.npz", limit=15, free=10 ** 9)
    with pytest.raises(DiagnosticError, match=r"the results need 1.02 KiB \(1040 B\), more than the 1.01 KiB free"):
        check_outputs(small, "out.npz", limit=10 ** 9, free=1039)
    with pytest.raises(DiagnosticError, match=r"comparing it \(--expected\) needs about 192 B of host memory, "
                                              r"more than the 191 B available"):
        check_outputs(small, compare_with="--expected", memory=191)
    dynamic = [ResultSize(0, "tensor<?xf32>", None, None)]
    check_outputs(dynamic, "out.npz", limit=1, free=0, memory=0)  # unknown sizes: checked after the run


@pytest.mark.parametrize("mode", [[], ["--reference"]])
def test_huge_random_inputs_fail_at_once_located_at_the_argument(tmp_path, mode):
    (tmp_path / "huge.mlir").write_text(HUGE_INPUT)
    r = meshc("run", tmp_path / "huge.mlir", "--random-inputs", *mode, "-o", tmp_path / "o.npz")
    assert r.exit_code == 1
    assert r.stderr.startswith(f"{tmp_path / 'huge.mlir'}:1:17: error: argument #0 (%x: tensor<1000000x1000000xf32>) "
                               "needs 3.64 TiB (4000000000000 B) for --random-inputs: more than the host's available "
                               "memory (")
    assert r.stdout == "" and not (tmp_path / "o.npz").exists()


# ------------------------------------------------------------------ SIGTERM (kill, timeout): as Ctrl-C
def test_sigterm_raises_terminated_inside_the_guard_and_the_handler_is_restored():
    import signal

    from meshc.commands._common import Terminated, terminate_as_interrupt

    before = signal.getsignal(signal.SIGTERM)
    with pytest.raises(Terminated):
        with terminate_as_interrupt():
            os.kill(os.getpid(), signal.SIGTERM)
            for _ in range(1000):  # the handler runs between bytecodes of the main thread
                pass
    assert signal.getsignal(signal.SIGTERM) is before


def test_a_terminated_run_exits_143_and_leaves_no_output(tmp_path):
    import signal

    out = tmp_path / "r.npz"
    proc = subprocess.Popen([sys.executable, "-m", "meshc", "run", str(MLP), "--inputs", str(MLP_INPUTS),
                             "--repeat", "1000000", "-o", str(out)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=dict(os.environ, MESHC_NO_PROGRESS="1"))
    try:
        for line in proc.stdout:  # the binding is printed once compiled, just before the calls start
            if line.startswith("  %w2"):
                break
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=120)
    finally:
        proc.kill()
    assert proc.returncode == 143
    assert err.strip().splitlines()[-1] == "terminated" and "Traceback" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == []


# ------------------------------------------------------------------ programs at the nesting limit
def nested_ifs(depth: int) -> str:
    """A sharded program whose addf sits inside ``depth`` nested ``scf.if`` (the parser takes 200 regions, the function and the implicit module counted)."""
    text = ("mesh.mesh @m(shape = 2)\nfunc.func @main(%x: tensor<4xf32>, %c: i1) -> tensor<4xf32> {\n"
            "  %xs = mesh.shard %x to <@m, [[0]]> : tensor<4xf32>\n")
    text += "".join(f"%r{i} = scf.if %c -> (tensor<4xf32>) {{\n" for i in range(depth))
    text += "%z = arith.addf %xs, %xs : tensor<4xf32>\nscf.yield %z : tensor<4xf32>\n"
    for i in range(depth - 1, -1, -1):
        text += "} else {\nscf.yield %xs : tensor<4xf32>\n}\n" + (f"scf.yield %r{i} : tensor<4xf32>\n" if i else "")
    return text + "return %r0 : tensor<4xf32>\n}\n"


def test_a_program_at_the_nesting_limit_compiles_runs_and_is_drawn(tmp_path):
    deep = tmp_path / "deep.mlir"
    deep.write_text(nested_ifs(198))  # + the function and the implicit module: 200
    np.savez(tmp_path / "in.npz", x=np.arange(4, dtype=np.float32), c=np.array(True))
    for args in (["compile", deep, "-o", tmp_path / "out.mlir"], ["explain", deep], ["estimate", deep]):
        r = meshc(*args)
        assert r.exit_code == 0, (args, r.output)
    r = meshc("run", deep, "--inputs", tmp_path / "in.npz", "-o", tmp_path / "r.npz")
    assert r.exit_code == 0, r.output
    assert np.load(tmp_path / "r.npz")["result0"].tolist() == [0.0, 2.0, 4.0, 6.0]
    deeper = tmp_path / "deeper.mlir"
    deeper.write_text(nested_ifs(199))
    r = meshc("compile", deeper)
    assert r.exit_code == 1 and "error: nesting too deep (more than 200 nested regions, counting the implicit" in r.stderr


# ------------------------------------------------------------------ outputs that cannot be created: refused first
@pytest.mark.parametrize("args,option", [
    (["compile", "{p}", "-o"], "-o"),
    (["annotate", "{p}", "--mesh", "n=2", "-o"], "-o"),
    (["show", "{p}", "--svg"], "--svg"),
    (["run", "{p}", "--inputs", "{i}", "-o"], "-o"),
    (["run", "{p}", "--inputs", "{i}", "--trace"], "--trace"),
])
def test_an_output_in_a_missing_folder_is_refused_before_any_work(progs, args, option):
    words = [a.format(p=progs / "p.mlir", i=progs / "in.npz") for a in args]
    missing = progs / "no-such-folder" / "out.npz"
    r = meshc(*words, missing)
    assert r.exit_code == 1
    assert r.stderr == (f"error: cannot write output path '{missing}' ({option}): the folder "
                        f"'{progs / 'no-such-folder'}' does not exist\n")
    assert r.stdout == ""  # refused before parsing, running or drawing anything


def test_an_output_under_a_file_or_in_an_unwritable_folder_is_refused(progs, monkeypatch):
    r = meshc("run", progs / "p.mlir", "--inputs", progs / "in.npz", "-o", progs / "p.mlir" / "out.npz")
    assert r.exit_code == 1
    assert f"the folder '{progs / 'p.mlir'}' is not a directory" in r.stderr and r.stdout == ""
    locked = progs / "locked"
    locked.mkdir()
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda path, mode, **kw: str(path) != str(locked) and real_access(path, mode))
    r = meshc("compile", progs / "p.mlir", "-o", locked / "out.mlir")
    assert r.exit_code == 1
    assert r.stderr == (f"error: cannot write output path '{locked / 'out.mlir'}' (-o): the folder '{locked}' is not "
                        "writable\n")
    assert list(locked.iterdir()) == []


def test_an_mpi_job_into_a_closed_pipe_exits_0_and_rank_0_still_writes_the_result(tmp_path):
    (tmp_path / "p.mlir").write_text(PROGRAM)
    np.savez(tmp_path / "in.npz", x=np.arange(4, dtype=np.float32))
    r = into_closed_pipe("run", tmp_path / "p.mlir", "--inputs", tmp_path / "in.npz", "--backend", "mpi",
                         "--launch", "2", "--stats", "-o", tmp_path / "y.npy")
    assert (r.returncode, r.stderr) == (0, "")
    assert np.load(tmp_path / "y.npy").tolist() == [0.0, 2.0, 4.0, 6.0]


def test_an_mpi_job_into_a_full_standard_output_exits_1(tmp_path):
    import stat

    (tmp_path / "p.mlir").write_text(PROGRAM)
    os.mknod(tmp_path / "full", stat.S_IFCHR | 0o666, os.makedev(1, 7))
    with open(tmp_path / "full", "wb") as full:
        r = subprocess.run([sys.executable, "-m", "meshc", "run", str(tmp_path / "p.mlir"), "--random-inputs",
                            "--backend", "mpi", "--launch", "2"], stdout=full, stderr=subprocess.PIPE, text=True,
                           timeout=300)
    assert r.returncode == 1
    assert r.stderr.strip().splitlines()[-1] == "error: could not write to standard output: No space left on device"


# ------------------------------------------------------------------ inputs from pipes and standard input
def test_inputs_from_a_pipe_and_from_standard_input(progs):
    import io

    data = (progs / "in.npz").read_bytes()
    read, write = os.pipe()  # what bash's <(cat in.npz) gives: /dev/fd/N, a pipe, read once, no seek
    os.write(write, data)
    os.close(write)
    try:
        r = meshc("run", progs / "p.mlir", "--inputs", f"/dev/fd/{read}", "-o", progs / "a.npy")
    finally:
        os.close(read)
    assert r.exit_code == 0, r.output
    assert np.load(progs / "a.npy").tolist() == [0.0, 2.0, 4.0, 6.0]
    buf = io.BytesIO()
    np.save(buf, np.ones(4, np.float32))
    r = meshc("run", progs / "p.mlir", "--input", "x=-", "-o", progs / "b.npy", input=buf.getvalue())
    assert r.exit_code == 0, r.output
    assert np.load(progs / "b.npy").tolist() == [2.0, 2.0, 2.0, 2.0]
    r = meshc("run", progs / "p.mlir", "--inputs", "-", input=b"not an array")
    assert r.exit_code == 1
    assert r.stderr == ("error: could not read input file '-' (standard input): not a valid .npz/.npy file (it "
                        "starts with neither the .npy magic b'\\x93NUMPY' nor a zip header)\n")
    r = meshc("run", "-", "--inputs", "-", input=PROGRAM)
    assert r.exit_code == 1
    assert "INPUT and --inputs both read '-' (standard input), which can be read once" in r.stderr


def test_a_damaged_parameter_file_is_an_error_naming_it_before_compiling(tmp_path):
    onnx = REAL / "onnx_mlp.linalg.mlir"
    damaged = tmp_path / "w.npz"
    damaged.write_bytes((REAL / "onnx_mlp.weights.npz").read_bytes()[:100])
    r = meshc("run", onnx, "--random-inputs", "--parameters", f"model={damaged}")
    assert r.exit_code == 1
    assert r.stderr == (f"error: could not read parameter file '{damaged}': not a valid .npz/.npy file (a damaged "
                        "zip archive: File is not a zip file)\n")
    assert "ran " not in r.stdout  # refused before compiling and running
    (tmp_path / "dir.npz").mkdir()
    r = meshc("run", onnx, "--random-inputs", "--parameters", f"model={tmp_path / 'dir.npz'}")
    assert r.exit_code == 1
    assert r.stderr == f"error: could not open parameter file '{tmp_path / 'dir.npz'}': a directory\n"


def test_a_loop_of_symbolic_links_as_output_is_refused_and_kept(progs):
    from meshc.ir.location import DiagnosticError
    from meshc.output_files import write_file

    os.symlink("b", progs / "a")
    os.symlink("a", progs / "b")
    r = meshc("compile", progs / "p.mlir", "-o", progs / "a")
    assert r.exit_code == 1
    assert r.stderr == f"error: cannot write output path '{progs / 'a'}' (-o): Too many levels of symbolic links\n"
    with pytest.raises(DiagnosticError, match="could not write output file .*: Too many levels of symbolic links"):
        write_file(str(progs / "a"), "x")
    assert os.readlink(progs / "a") == "b" and os.readlink(progs / "b") == "a"  # both links as they were


def test_a_mode_whose_targets_are_too_small_for_its_devices_says_why():
    r = meshc("compile", MOE, "--auto-shard", "ep=8", "-o", "/dev/null")
    assert r.exit_code == 0, r.output
    assert r.stderr.splitlines()[0] == (
        f"{MOE}:2:3: warning: --auto-shard ep=8 splits nothing: arg1: expert weight of linalg.batch_matmul 1: 4 "
        "experts for 8 devices: replicated; arg2: expert weight of linalg.batch_matmul 2: 4 experts for 8 devices: "
        "replicated; the plan used instead: replicated: nothing split (--explain shows the plans weighed)")
    r = meshc("compile", REAL / "mlp.linalg.mlir", "--auto-shard", "dp=128", "-o", "/dev/null")
    assert r.exit_code == 0, r.output
    assert ("warning: --auto-shard dp=128 splits nothing: arg0: batch 64 < 128 devices: a split would leave devices "
            "without rows: replicated; the plan used instead: replicated: nothing split") in r.stderr


# ------------------------------------------------------------------ files from other editors, other formats
def test_a_file_with_a_byte_order_mark_parses_and_columns_count_from_the_first_character(tmp_path):
    good = tmp_path / "bom.mlir"
    good.write_bytes(b"\xef\xbb\xbf" + PROGRAM.encode())
    r = meshc("compile", good, "-p", "")
    assert r.exit_code == 0, r.stderr
    assert "mesh.mesh @m(shape = 2)" in r.stdout and "\ufeff" not in r.stdout
    bad = tmp_path / "bad.mlir"
    bad.write_bytes(b"\xef\xbb\xbf%y = frob\n")
    r = meshc("compile", bad, "-p", "")
    assert r.exit_code == 1
    assert r.stderr.startswith(f"{bad}:1:6: error:"), r.stderr  # 'frob' is the 6th character shown


@pytest.mark.parametrize("name", ["pic.png", "pic.PDF", "pic.jpeg"])
def test_show_svg_into_a_file_named_for_another_format_is_refused_before_any_work(tmp_path, name):
    out = tmp_path / name
    r = meshc("show", SAMPLES / "mesh2d_peered.mlir", "--svg", out)
    assert r.exit_code == 1
    ext = os.path.splitext(name)[1]
    assert r.stderr.startswith(f"error: --svg '{out}': meshc show writes SVG, but the extension '{ext.lower()}'")
    assert r.stdout == "" and not out.exists()  # nothing drawn, nothing written
    r = meshc("show", SAMPLES / "mesh2d_peered.mlir", "--svg", tmp_path / "pic.SVG")
    assert r.exit_code == 0 and (tmp_path / "pic.SVG").read_text().startswith("<svg ")


def test_a_parameter_file_no_global_reads_is_a_warning(tmp_path):
    w, p = tmp_path / "w.npz", tmp_path / "p.mlir"
    np.savez(w, a=np.ones(3, np.float32))
    p.write_text(PROGRAM)
    r = meshc("run", p, "--random-inputs", "--parameters", f"model={w}")
    assert r.exit_code == 0, r.stderr
    assert ("warning: --parameters model=...: no global reads scope 'model' (the program has no parameter "
            "globals); the file is not used") in r.stderr
    onnx = REAL / "onnx_mlp.linalg.mlir"  # reads scope 'model': a second, misspelt scope is reported
    weights = REAL / "onnx_mlp.weights.npz"
    r = meshc("run", onnx, "--random-inputs", "--parameters", f"model={weights}", "--parameters", f"modle={w}")
    assert r.exit_code == 0, r.stderr
    assert "no global reads scope 'modle' (the program reads parameters of scope 'model' only)" in r.stderr
    assert "scope 'model' (" not in r.stderr.replace("scope 'model' only", "")


def test_auto_shard_onto_a_mesh_of_the_same_name_and_another_shape_names_auto_shard(tmp_path):
    p = tmp_path / "p.mlir"
    p.write_text(PROGRAM.replace("@m", "@tp"))  # mesh @tp of 2 devices; --auto-shard tp=4 adds @tp of 4
    r = meshc("compile", p, "--auto-shard", "tp=4", "-p", "")
    assert r.exit_code == 1
    assert r.stderr.startswith("error: --auto-shard tp=4: the module already has a different mesh @tp (tp=2)")
    assert "--mesh" not in r.stderr


def test_launch_with_another_rank_count_than_devices_is_refused_before_mpiexec(tmp_path, monkeypatch):
    from meshc.runtime import mpi_launch

    def no_launch(*args, **kwargs):
        raise AssertionError("mpiexec started")

    monkeypatch.setattr(mpi_launch, "relaunch", no_launch)
    p = tmp_path / "p.mlir"
    p.write_text(PROGRAM)  # mesh @m of 2 devices
    r = meshc("run", p, "--random-inputs", "--backend", "mpi", "--launch", "3")
    assert r.exit_code == 1
    assert f"{p}:1:1: error: --launch 3: mesh @m has 2 devices, but MPI runs one rank per device: use --launch 2" \
        in r.stderr
    r = meshc("run", p, "--random-inputs", "--backend", "mpi", "--launch", "3", "--mesh-shape", "m=3")
    assert "mpiexec started" in r.stderr  # 3 devices, 3 ranks: launched
    r = meshc("run", p, "--random-inputs", "--backend", "mpi", "--launch", "4", "--auto-shard", "dp=2")
    assert r.exit_code == 1 and "the mesh of --auto-shard dp=2 has 2 devices" in r.stderr


# --------------------------------------------------------------- results written to standard output
@pytest.mark.parametrize("target, backend", [("/dev/stdout", ""), ("/dev/fd/1", ""), ("same", ""),
                                             ("/dev/stdout", "--backend mpi --launch 4"),
                                             ("same", "--backend mpi --launch 4")])
def test_results_written_to_standard_output_are_not_mixed_with_the_report(tmp_path, target, backend):
    """Also on MPI, where rank 0 writes the results into the job's standard output, which the launcher
    relays to its own standard output (not to the report, which is on standard error then)."""
    out = tmp_path / "r.npz"
    where = out if target == "same" else target  # 'same': -o r.npz while stdout is r.npz too
    r = _shell(f"meshc run {MLP} --inputs {MLP_INPUTS} {backend} -o {where} > {out}")
    assert r.returncode == 0, r.stderr
    got = np.load(out)  # the whole archive and nothing else
    plain = tmp_path / "plain.npz"
    assert _shell(f"meshc run {MLP} --inputs {MLP_INPUTS} {backend} -o {plain}").returncode == 0
    want = np.load(plain)  # the same run written to a regular file: the same bytes of results
    assert got.files == want.files == ["result0"]
    np.testing.assert_array_equal(got["result0"], want["result0"])
    assert "result0: shape" in r.stderr and f"to {where}" in r.stderr  # the report went to stderr


def test_a_trace_written_to_standard_output_is_plain_json(tmp_path):
    import json

    out = tmp_path / "t.json"
    r = _shell(f"meshc run {SAMPLES / 'seed_matmul_rows.mlir'} --random-inputs --trace /dev/stdout > {out}")
    assert r.returncode == 0, r.stderr
    events = json.loads(out.read_text())
    assert events and "ran @main" in r.stderr


def test_results_to_a_file_leave_the_report_on_standard_output(tmp_path):
    r = _shell(f"meshc run {SAMPLES / 'seed_matmul_rows.mlir'} --random-inputs -o {tmp_path / 'r.npz'}")
    assert r.returncode == 0 and "result0: shape" in r.stdout and "result0" not in r.stderr


def test_the_advice_for_a_dynamic_mesh_keeps_its_static_axes():
    # samples/dynamic_rows.mlir's mesh is ?x2: the hint must have rank 2, and following it runs
    sample, inputs = SAMPLES / "dynamic_rows.mlir", SAMPLES / "dynamic_rows.6.inputs.npz"
    r = meshc("run", sample, "--inputs", inputs)
    assert r.exit_code == 1 and "whose shape is dynamic (?x2): give its shape with --mesh-shape m=Nx2" in r.output
    r = meshc("run", sample, "--inputs", inputs, "--mesh-shape", "m=3x2", "--check")
    assert r.exit_code == 0, r.output


def test_parameters_without_a_scope_for_a_scoped_program_say_how_to_give_one(tmp_path):
    real = ROOT / "samples" / "real"
    r = meshc("run", real / "onnx_mlp.linalg.mlir", "--parameters", real / "onnx_mlp.weights.npz", "--random-inputs")
    assert r.exit_code == 1
    assert ("warning: --parameters FILE (no SCOPE=): no global reads unscoped parameters (the program reads "
            "parameters of scope 'model' only); give it as --parameters SCOPE=FILE") in r.output
    assert "scopes given: unscoped (--parameters FILE))" in r.output
    r = meshc("run", real / "onnx_mlp.linalg.mlir", "--parameters", f"model={real / 'onnx_mlp.weights.npz'}",
              "--inputs", real / "onnx_mlp.inputs.npz", "--expected", real / "onnx_mlp.expected.npz", "--atol", "1e-4",
              "--atol-scale", "--rtol", "1e-4")
    assert r.exit_code == 0, r.output


def test_a_missing_or_broken_expected_file_is_named_as_the_expected_file(tmp_path):
    r = meshc("run", SAMPLES / "seed_matmul_rows.mlir", "--random-inputs", "--expected", tmp_path / "none.npz")
    assert r.exit_code == 1 and f"error: --expected file '{tmp_path / 'none.npz'}' does not exist" in r.output
    (tmp_path / "junk.npz").write_text("junk")
    r = meshc("run", SAMPLES / "seed_matmul_rows.mlir", "--random-inputs", "--expected", tmp_path / "junk.npz")
    assert r.exit_code == 1 and f"could not read --expected file '{tmp_path / 'junk.npz'}'" in r.output


def test_too_many_devices_for_the_advisor_says_why_without_unrolling():
    r = meshc("run", ROOT / "samples" / "real" / "mlp.linalg.mlir", "--random-inputs", "--auto-shard", "tp=1024")
    assert r.exit_code == 1 and "'tp=1024' has 1024 devices; the advisor (--auto-shard) weighs each plan" in r.output
    assert "unrolls" not in r.output


def test_a_wrong_shaped_expected_file_is_refused_before_the_run(tmp_path):
    want = np.load(SAMPLES / "mlp_tensor_parallel.expected.npz")["result0"]
    np.savez(tmp_path / "small.npz", result0=want[:3, :3])
    r = meshc("run", MLP, "--inputs", MLP_INPUTS, "--expected", tmp_path / "small.npz")
    assert r.exit_code == 1
    assert (f"mlp_tensor_parallel.mlir:28:9: error: --expected file '{tmp_path / 'small.npz'}': array 'result0' "
            "has shape [3, 3], but result 0 of @mlp is tensor<64x256xf32>") in r.output
    assert "ran @" not in r.output  # refused before anything ran
    np.savez(tmp_path / "two.npz", a=want, b=want)
    r = meshc("run", MLP, "--inputs", MLP_INPUTS, "--expected", tmp_path / "two.npz")
    assert r.exit_code == 1 and "ran @" not in r.output
    assert f"error: --expected file '{tmp_path / 'two.npz'}' has 2 arrays (a, b), but @mlp has 1 result" in r.output
    np.savez(tmp_path / "right.npz", out=want)  # one array of the right shape matches by position
    r = meshc("run", MLP, "--inputs", MLP_INPUTS, "--expected", tmp_path / "right.npz")
    assert r.exit_code == 0, r.output


def test_a_dynamic_result_is_checked_against_expected_at_the_inputs_shapes():
    rows = SAMPLES / "dynamic_rows.mlir"
    r = meshc("run", rows, "--mesh-shape", "m=2x2", "--inputs", SAMPLES / "dynamic_rows.6.inputs.npz",
              "--expected", SAMPLES / "dynamic_rows.13.expected.npz")
    assert r.exit_code == 1 and "ran @" not in r.output
    assert ("error: --expected file '" + str(SAMPLES / "dynamic_rows.13.expected.npz") + "': array 'result0' has "
            "shape [13, 8], but result 0 of @main is tensor<6x8xf32> at the inputs' shapes") in r.output
    r = meshc("run", rows, "--mesh-shape", "m=2x2", "--inputs", SAMPLES / "dynamic_rows.6.inputs.npz",
              "--expected", SAMPLES / "dynamic_rows.6.expected.npz")
    assert r.exit_code == 0, r.output


COMPLEX = """mesh.mesh @m(shape = 2)
func.func @main(%a: tensor<4xf32>, %d: tensor<4xcomplex<f32>>) -> (tensor<4xf32>, tensor<4xcomplex<f32>>) {
  %s = mesh.shard %a to <@m, [[0]]> : tensor<4xf32>
  %r = arith.addf %s, %s : tensor<4xf32>
  %ds = mesh.shard %d to <@m, [[0]]> : tensor<4xcomplex<f32>>
  return %r, %ds : tensor<4xf32>, tensor<4xcomplex<f32>>
}
"""


def test_complex_values_run_sharded_and_compare_both_parts(tmp_path):
    (tmp_path / "c.mlir").write_text(COMPLEX)
    a = np.arange(4, dtype=np.float32)
    d = (np.arange(4) + 1j * np.arange(4, 8)).astype(np.complex64)
    np.savez(tmp_path / "in.npz", a=a, d=d)
    r = meshc("run", tmp_path / "c.mlir", "--inputs", tmp_path / "in.npz", "--check", "-o", tmp_path / "out.npz")
    assert r.exit_code == 0, r.output
    assert "result1: shape [4] complex64 sum=6+22j" in r.output
    assert np.load(tmp_path / "out.npz")["result1"].tolist() == d.tolist()
    # a difference in the imaginary part alone is a mismatch
    np.savez(tmp_path / "want.npz", result0=2 * a, result1=d.real.astype(np.complex64))
    r = meshc("run", tmp_path / "c.mlir", "--inputs", tmp_path / "in.npz", "--expected", tmp_path / "want.npz")
    assert r.exit_code == 1, r.output
    assert "result1: MISMATCH" in r.output and "result0: ok" in r.output
    # random inputs draw both parts
    r = meshc("run", tmp_path / "c.mlir", "--random-inputs", "--check", "-o", tmp_path / "rand.npz")
    assert r.exit_code == 0, r.output
    assert np.all(np.load(tmp_path / "rand.npz")["result1"].imag != 0)


def test_an_element_type_without_numpy_storage_is_a_located_error_before_the_inputs(tmp_path):
    (tmp_path / "p.mlir").write_text("func.func @main(%a: tensor<4xf32>, %d: tensor<4xi4>) -> tensor<4xi4> {\n"
                                     "  return %d : tensor<4xi4>\n}\n")
    for mode in (["--random-inputs", "--check"], ["--random-inputs", "--reference"]):
        r = meshc("run", tmp_path / "p.mlir", *mode)
        assert r.exit_code == 1, r.output
        assert "p.mlir:1:36: error: argument #1 (%d) of @main has element type i4, which meshc cannot run" \
            in r.output


def test_an_iree_compile_failure_without_error_lines_is_reported_from_its_diagnostics():
    from meshc.runtime.iree_backend import _first_error

    text = ("Error invoking IREE compiler tool iree-compile\nError code: 1\nDiagnostics:\n"
            "'nonsense-cpu' is not a recognized processor for this target (ignoring processor)\n"
            "LLVM ERROR: 64-bit code requested on a subtarget that doesn't support it!\n\n\n"
            "Invoked with:\n iree-compile - --iree-llvmcpu-target-cpu=nonsense-cpu\n")
    assert _first_error(text) == ("'nonsense-cpu' is not a recognized processor for this target (ignoring "
                                  "processor) / LLVM ERROR: 64-bit code requested on a subtarget that doesn't "
                                  "support it!")
    assert _first_error("x.mlir:1:2: error: bad\nInvoked with:\n iree-compile") == "x.mlir:1:2: error: bad"


def test_compile_partitions_a_fill_of_a_dynamic_size_and_emit_schedule_asks_for_arg_shape():
    rows = SAMPLES / "dynamic_rows.mlir"
    # the fill's size comes from its init, not from its scalar value (which indexes no loop)
    r = meshc("compile", rows, "--mesh-shape", "m=2x2")
    assert r.exit_code == 0, r.output
    assert "%zm_0 = linalg.fill ins(%zero : f32) outs(%14 : tensor<?x4xf32>) -> tensor<?x4xf32>" in r.output
    r = meshc("compile", rows, "--mesh-shape", "m=2x2", "--emit=schedule")
    assert r.exit_code == 1
    assert ("error: --emit=schedule: argument #0 (%x: tensor<?x8xf32>) has a dynamic shape; give its sizes with "
            "--arg-shape x=SIZES (e.g. x=4x8)") in r.output
    r = meshc("compile", rows, "--mesh-shape", "m=2x2", "--emit=schedule", "--arg-shape", "x=7x8")
    assert r.exit_code == 0, r.output
    # 7 rows over 2 shards of axis 0, balanced: 3 then 4 (each replicated over axis 1)
    assert "argument #0 -> device 0 '%x_0' 3x8xf32" in r.output
    assert "argument #2 -> device 2 '%x_2' 4x8xf32" in r.output


@pytest.mark.parametrize("damage", [(b"(4,)", b"(4, ", "a damaged array header"),
                                    (b"'descr'", b"'de\"cr'", "Header does not contain the correct keys")])
@pytest.mark.parametrize("container", ["npy", "npz"])
def test_an_array_file_with_a_damaged_header_is_a_user_error(tmp_path, damage, container):
    """numpy reads an array header with Python's tokenizer: a damaged one raises tokenize.TokenError or
    SyntaxError, a user error (exit 1) naming the file for --inputs and --expected, never an internal error."""
    import io
    import zipfile

    buf = io.BytesIO()
    np.save(buf, np.arange(4, dtype=np.float32))
    raw = buf.getvalue()
    assert damage[0] in raw
    raw = raw.replace(damage[0], damage[1], 1)
    path = tmp_path / f"bad.{container}"
    if container == "npy":
        path.write_bytes(raw)
    else:
        with zipfile.ZipFile(path, "w") as z:
            z.writestr("arr_0.npy", raw)
    prog = tmp_path / "p.mlir"
    prog.write_text(PROGRAM)
    for args in (["--inputs", path], ["--random-inputs", "--expected", path]):
        r = meshc("run", prog, *args)
        assert r.exit_code == 1, r.output
        assert f"'{path}'" in r.output and f"not a valid .npz/.npy file ({damage[2]}" in r.output
        assert "internal error" not in r.output


def test_integer_results_are_reported_as_compared_exactly(tmp_path):
    """Integers and booleans compare for equality: the header says so when every result is one, and a mixed
    run marks its integer results "(exact)" under the float tolerance."""
    prog = tmp_path / "int.mlir"
    prog.write_text("""mesh.mesh @m(shape = 2)
func.func @main(%x: tensor<4xi32>, %y: tensor<4xf32>) -> (tensor<4xi32>, tensor<4xf32>) {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<4xi32>
  %a = arith.addi %xs, %xs : tensor<4xi32>
  %b = arith.addf %y, %y : tensor<4xf32>
  return %a, %b : tensor<4xi32>, tensor<4xf32>
}
""")
    r = meshc("run", prog, "--random-inputs", "--check")
    assert r.exit_code == 0, r.output
    assert "result0: ok max abs err 0 max rel err 0 (exact)" in r.output
    assert "result1: ok max abs err 0 max rel err 0\n" in r.output
    assert "compare with the reference interpreter (rtol 0.0001" in r.output
    only = tmp_path / "int1.mlir"
    only.write_text(PROGRAM.replace("f32", "i32").replace("arith.addf", "arith.addi"))
    r = meshc("run", only, "--random-inputs", "--check")
    assert r.exit_code == 0, r.output
    assert "compare with the reference interpreter (exact: integer results):" in r.output


#: @f calls itself; @main, annotated, calls it (the call to a recursive function is at line 8).
SELF_RECURSIVE = """mesh.mesh @m(shape = 2)
func.func private @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = func.call @f(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}
func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %s = mesh.shard %a to <@m, [[0]]> : tensor<4xf32>
  %r = func.call @f(%s) : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
"""
#: @f annotated and calling itself (line 4): unrolled, the chain of annotations crashed sharding-propagation.
ANNOTATED_RECURSIVE = """mesh.mesh @m(shape = 2)
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %s = mesh.shard %x to <@m, [[0]]> : tensor<4xf32>
  %y = func.call @f(%s) : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}
"""
#: @a calls @b, which calls @a; @main, annotated, calls @a at line 13.
MUTUAL = """mesh.mesh @m(shape = 2)
func.func private @a(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = func.call @b(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}
func.func private @b(%x: tensor<4xf32>) -> tensor<4xf32> {
  %e = arith.addf %x, %x : tensor<4xf32>
  %y = func.call @a(%e) : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %s = mesh.shard %x to <@m, [[0]]> : tensor<4xf32>
  %r = func.call @a(%s) : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
"""
#: A recursion that ends: @f doubles %x %n times.
COUNTDOWN = """func.func private @f(%x: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.cmpi eq, %n, %c0 : index
  %r = scf.if %z -> (tensor<4xf32>) {
    scf.yield %x : tensor<4xf32>
  } else {
    %x2 = arith.addf %x, %x : tensor<4xf32>
    %n2 = arith.subi %n, %c1 : index
    %y = func.call @f(%x2, %n2) : (tensor<4xf32>, index) -> tensor<4xf32>
    scf.yield %y : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %c = arith.constant N : index
  %r = func.call @f(%a, %c) : (tensor<4xf32>, index) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
"""


@pytest.mark.parametrize("command", [["compile"], ["explain"], ["estimate"], ["run", "--random-inputs", "--check"]])
@pytest.mark.parametrize("text, where, message", [
    (SELF_RECURSIVE, "8:8", "recursive call to @f (@f calls itself)"),
    (ANNOTATED_RECURSIVE, "4:8", "recursive call to @f (@f calls itself)"),
    (MUTUAL, "13:8", "recursive call to @a (@a calls @b, which calls @a)"),
])
def test_a_call_of_a_recursive_function_in_an_annotated_function_is_a_located_error(tmp_path, command, text,
                                                                                        where, message):
    """flatten-regions unrolled a recursion up to max-ops (a chain of 20000 annotations that crashed
    sharding-propagation with RecursionError, exit 2; a mutual recursion took half a minute): a recursive
    callee is never flattened, and in an annotated function the call is an error at the call."""
    prog = tmp_path / "rec.mlir"
    prog.write_text(text)
    r = meshc(*command, prog)
    assert r.exit_code == 1, r.output
    assert f"{prog}:{where}: error: 'func.call' op {message}: meshc cannot inline or partition recursion" in r.output
    assert "Traceback" not in r.output and "internal error" not in r.output


def test_a_recursion_that_ends_runs_and_one_that_does_not_is_a_located_error(tmp_path):
    """The interpreter runs a recursive function whose recursion ends (unannotated: nothing to partition);
    one nested deeper than MAX_CALL_DEPTH calls (a recursion that never ends) is an error at the call."""
    from meshc.runtime.ops.func import MAX_CALL_DEPTH

    prog = tmp_path / "countdown.mlir"
    prog.write_text(COUNTDOWN.replace("N : index", "5 : index"))
    np.savez(tmp_path / "in.npz", a=np.arange(4, dtype=np.float32))
    out = tmp_path / "out.npz"
    r = meshc("run", prog, "--inputs", tmp_path / "in.npz", "--check", "-o", out)
    assert r.exit_code == 0, r.output
    assert "result0: ok" in r.output
    np.testing.assert_array_equal(np.load(out)["result0"], np.arange(4, dtype=np.float32) * 32)
    prog.write_text(COUNTDOWN.replace("N : index", f"{MAX_CALL_DEPTH + 5} : index"))
    r = meshc("run", prog, "--random-inputs")
    assert r.exit_code == 1, r.output
    assert f"{prog}:10:10: error: " in r.output
    assert f"'func.call' op call to @f is nested {MAX_CALL_DEPTH} calls deep" in r.output
    assert "RecursionError" not in r.output and "Traceback" not in r.output
    forever = tmp_path / "forever.mlir"
    forever.write_text(SELF_RECURSIVE.replace("mesh.mesh @m(shape = 2)\n", "").replace(
        "  %s = mesh.shard %a to <@m, [[0]]> : tensor<4xf32>\n", "").replace("@f(%s)", "@f(%a)"))
    r = meshc("run", forever, "--random-inputs")
    assert r.exit_code == 1 and f"{forever}:2:8: error: " in r.output, r.output


def _sharded_program(spelling: str, split: str, tensor: str) -> str:
    """%x annotated with ``split``: a ``mesh.sharding`` value (LLVM 20), the same in LLVM 21+'s ``shard``
    spelling, or the inline sharding (LLVM 19); the annotation is at line 4 (the value at line 3)."""
    if spelling == "inline":
        return (f"mesh.mesh @m(shape = 2x2)\nfunc.func @main(%x: {tensor}) -> {tensor} {{\n  %c = arith.constant 0 : index\n"
                f"  %y = mesh.shard %x to <@m, {split}> : {tensor}\n  return %y : {tensor}\n}}\n")
    d = "mesh" if spelling == "mesh" else "shard"
    grid = "mesh.mesh" if spelling == "mesh" else "shard.grid"
    return (f"{grid} @m(shape = 2x2)\nfunc.func @main(%x: {tensor}) -> {tensor} {{\n"
            f"  %s = {d}.sharding @m split_axes = {split} : !{d}.sharding\n  %y = {d}.shard %x to %s : {tensor}\n"
            f"  return %y : {tensor}\n}}\n")


@pytest.mark.parametrize("tool", ["compile", "opt"])
@pytest.mark.parametrize("spelling", ["mesh", "shard", "inline"])
@pytest.mark.parametrize("split", ["[[0], [0]]", "[[0], [1]]"])
def test_a_sharding_longer_than_the_tensor_rank_says_so_at_the_annotation(tmp_path, capsys, tool, spelling, split):
    """Two split dims for a rank-1 tensor: the rank is the error, whatever else is wrong with the list (the
    repeated axis of [[0], [0]] used to be reported at the mesh.sharding op instead), located at the
    annotation and naming the op as the input spelled it."""
    prog = tmp_path / "p.mlir"
    prog.write_text(_sharded_program(spelling, split, "tensor<4xf32>"))
    op = "shard.shard" if spelling == "shard" else "mesh.shard"
    want = (f"{prog}:4:8: error: '{op}' op the sharding has 2 split dims {split} but the tensor 'tensor<4xf32>' "
            "has rank 1")
    if tool == "compile":
        r = meshc("compile", prog)
        code, out = r.exit_code, r.output
    else:
        from meshc.opt import main as opt_main

        with pytest.raises(SystemExit) as info:
            opt_main([str(prog)])
        code, out = info.value.code, capsys.readouterr().err
    assert code == 1 and want in out, out


@pytest.mark.parametrize("spelling, where, op", [("mesh", "3:8", "mesh.sharding"), ("shard", "3:8", "shard.sharding"),
                                                 ("inline", "4:8", "mesh.shard")])
def test_a_mesh_axis_used_twice_is_the_upstream_error(tmp_path, spelling, where, op):
    """[[0], [0]] on a rank-2 tensor: mesh axis 0 splits both dims (upstream: a duplicated mesh axis)."""
    prog = tmp_path / "p.mlir"
    prog.write_text(_sharded_program(spelling, "[[0], [0]]", "tensor<4x4xf32>"))
    r = meshc("compile", prog)
    assert r.exit_code == 1, r.output
    assert (f"{prog}:{where}: error: '{op}' op mesh axis 0 is used more than once (in split axes of tensor dim 0 and "
            "in split axes of tensor dim 1)") in r.output


PAD = """mesh.mesh @m(shape = 4)
func.func @main(%x: tensor<8x4xf32>) -> tensor<8x6xf32> {
  %xs = mesh.shard %x to <@m, [[], [0]]> : tensor<8x4xf32>
  %c = arith.constant 0.0 : f32
  %p = tensor.pad %xs low[0, 1] high[0, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %c : f32
  } : tensor<8x4xf32> to tensor<8x6xf32>
  return %p : tensor<8x6xf32>
}
"""


def test_compiled_output_of_a_padded_split_runs_to_the_source_values(tmp_path):
    src, out = tmp_path / "pad.mlir", tmp_path / "pad.c.mlir"
    src.write_text(PAD)
    r = meshc("compile", src, "-o", out)
    assert r.exit_code == 0, r.output
    assert "sharded_dims_offsets = [0, 2, 3, 4, 6]" in out.read_text()
    x = np.arange(32, dtype=np.float32).reshape(8, 4)
    np.save(tmp_path / "x.npy", x)
    r = meshc("run", out, "--input", f"x={tmp_path / 'x.npy'}", "-o", tmp_path / "r.npy")
    assert r.exit_code == 0, r.output
    np.testing.assert_array_equal(np.load(tmp_path / "r.npy"), np.pad(x, ((0, 0), (1, 1))))


LOOP = ROOT / "tests" / "data" / "region" / "mlp_loop.mlir"
LOOP_INPUTS = ROOT / "tests" / "data" / "region" / "mlp_loop.inputs.npz"


@pytest.mark.parametrize("stage", ["sharding-propagation,distribute-types",
                                   "sharding-propagation,distribute-types,reshard"])
def test_stage_3_and_4_ir_of_a_split_contraction_in_a_loop_runs_sharded_and_on_the_reference(tmp_path, stage):
    staged = tmp_path / "l.mlir"
    assert meshc("compile", LOOP, "-p", stage, "-o", staged).exit_code == 0
    want = tmp_path / "want.npz"
    assert meshc("run", LOOP, "--inputs", LOOP_INPUTS, "--reference", "-o", want).exit_code == 0
    for how in ((), ("--reference",)):
        r = meshc("run", staged, "--inputs", LOOP_INPUTS, *how, "--expected", want)
        assert r.exit_code == 0, r.output
        assert "result0: ok" in r.output


def test_a_real_collective_error_in_stage_3_ir_names_the_operand_sharding(tmp_path):
    staged = tmp_path / "l3.mlir"
    assert meshc("compile", LOOP, "-p", "sharding-propagation,distribute-types", "-o", staged).exit_code == 0
    lines = staged.read_text().splitlines()
    at = next(i for i, line in enumerate(lines) if "mesh.all_reduce" in line)
    lines.insert(at, "      %q = mesh.all_reduce %t on @m mesh_axes = [1] : tensor<8x32xf32, #mesh.shard<@m, [[], [1]]>> "
                     "-> tensor<8x32xf32, #mesh.shard<@m, [[], [1]]>>")
    staged.write_text("\n".join(lines) + "\n")
    r = meshc("run", staged, "--inputs", LOOP_INPUTS)
    assert r.exit_code == 1
    assert f"{staged}:{at + 1}:12: error: 'mesh.all_reduce' op does not apply to the operand sharding " \
           "<@m, [[], [1]]>" in r.output
    assert "Traceback" not in r.output


def test_reference_run_of_partitioned_ir_says_what_to_run_instead(tmp_path):
    out = tmp_path / "l5.mlir"
    assert meshc("compile", LOOP, "-o", out).exit_code == 0
    r = meshc("run", out, "--inputs", LOOP_INPUTS, "--reference")
    assert r.exit_code == 1
    assert "'mesh.for_all' op needs the coordinates of the device" in r.output
    assert "meshc run without --reference, and compare with --expected" in r.output


# --------------------------------------------------------------- an input file given on standard input
@pytest.mark.parametrize("command", ["meshc compile - -o {f} < {f}", "meshc-opt --cse -o {f} < {f}",
                                     "meshc-opt --cse -o /dev/stdin < {f}",
                                     "meshc annotate - --mesh m=2 -o {f} < {f}",
                                     "meshc show - --svg {f} < {f}",
                                     "meshc run - --random-inputs --trace {f} < {f}"])
def test_an_input_on_standard_input_is_not_overwritten_by_the_output(tmp_path, command):
    """``-o k.mlir < k.mlir`` is refused as ``-o k.mlir k.mlir`` is: stdin's file is the output's."""
    f = tmp_path / "k.mlir"
    original = (SAMPLES / "seed_matmul_rows.mlir").read_text()
    f.write_text(original)
    r = _shell(command.format(f=f))
    assert r.returncode == 1, r.stderr
    option = "-o" if " -o " in command else command.split()[-4]
    named = "/dev/stdin" if "/dev/stdin" in command else f
    assert (f"error: refusing to overwrite the input file '{named}' (read as '-', standard input) with the "
            f"output of {option} (choose another {option} path)") in r.stderr
    assert f.read_text() == original


def test_standard_input_from_another_file_or_a_pipe_may_be_written_over_nothing(tmp_path):
    src, out = tmp_path / "k.mlir", tmp_path / "out.mlir"
    src.write_text((SAMPLES / "seed_matmul_rows.mlir").read_text())
    out.write_text("old")
    assert _shell(f"meshc-opt --cse -o {out} < {src}").returncode == 0
    assert "func.func @main" in out.read_text()
    r = _shell(f"cat {src} | meshc-opt --cse -o {src}")  # a pipe: what was read is no file to lose
    assert r.returncode == 0, r.stderr
    assert "func.func @main" in src.read_text()


# --------------------------------------------------------------- --entry and modules without a function
@pytest.mark.parametrize("command", [["explain"], ["estimate"], ["show"], ["run", "--random-inputs"]])
def test_an_entry_that_names_no_function_is_an_error_in_every_command(command):
    r = meshc(command[0], MLP, *command[1:], "--entry", "nope")
    assert r.exit_code == 1, r.output
    assert r.stderr == "error: no function named '@nope' (functions: @mlp)\n"
    assert r.stdout == ""


@pytest.mark.parametrize("command, message", [
    (["show"], "the module has no public function to show"),
    (["estimate"], "the module has no public function to estimate"),
    (["run", "--random-inputs"], "the module has no public function to run"),
    (["explain"], "the module has no function to explain"),
])
def test_an_empty_module_says_what_the_command_has_nothing_to_do_with(tmp_path, command, message):
    empty = tmp_path / "empty.mlir"
    empty.write_text("module {}\n")
    r = meshc(command[0], empty, *command[1:])
    assert (r.exit_code, r.stderr, r.stdout) == (1, f"error: {message}\n", "")
