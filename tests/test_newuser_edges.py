"""What a new user runs into first: a reader that closes the pipe early (``| head -1``), ``--backend
mpi`` without ``mpiexec``, ``--auto-shard ep=N`` on a model without experts, ``-o`` paths whose
extension says another format, results and inputs too big to hold, and bad input files.

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


def meshc(*args, **kwargs):
    return CliRunner().invoke(main, [*map(str, args)], **kwargs)


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


# ------------------------------------------------------------------ a reader that goes away (| head -1)
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


@pytest.mark.parametrize("args", [["compile", MLP], ["passes"], ["--help"], ["explain", MLP],
                                  ["run", MLP, "--inputs", MLP_INPUTS, "-o", "/dev/stdout"]])
def test_every_command_into_a_closed_pipe_exits_0_quietly(args):
    r = into_closed_pipe(*args)
    assert (r.returncode, r.stderr) == (0, "")


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
