"""MPI jobs end cleanly and speak once: Ctrl-C (SIGINT) of ``meshc run --backend mpi --launch N`` exits
130 with one ``interrupted`` line, no rank left and the existing ``-o`` file kept, also when some rank is
blocked in an MPI call (meshc.runtime.mpi_launch: ``MpiJob.interrupt``, the launcher's ``_end_job``);
a failure prints its one report and nothing of MPICH's abort; a note is printed once per job."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("mpi4py")

from meshc.runtime.mpi_launch import find_mpiexec  # noqa: E402

DATA = Path(__file__).parent / "data"
MESHC = Path(sys.executable).with_name("meshc")
HANG_GUARD = 60  # seconds: a job that has not ended by then hangs (the defect these tests cover)

#: A 4-device row-split matmul that a large --repeat keeps busy in MPI calls (barriers, gathers).
LONG_PROGRAM = """mesh.mesh @m(shape = 4)

func.func @mm(%a: tensor<256x256xf32>, %b: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %as = mesh.shard %a to <@m, [[0]]> : tensor<256x256xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<256x256xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<256x256xf32>) -> tensor<256x256xf32>
  %y = linalg.matmul ins(%as, %b : tensor<256x256xf32>, tensor<256x256xf32>) outs(%f : tensor<256x256xf32>) -> tensor<256x256xf32>
  %ys = mesh.shard %y to <@m, [[]]> : tensor<256x256xf32>
  return %ys : tensor<256x256xf32>
}
"""


def _processes_running(path: str) -> list[int]:
    """Ids of the processes (other than this one) whose command line names ``path``."""
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit() or int(name) == os.getpid():
            continue
        try:
            with open(f"/proc/{name}/cmdline", "rb") as fh:
                args = fh.read().split(b"\0")
        except OSError:
            continue
        if path.encode() in args:
            found.append(int(name))
    return found


def _ranks_running(path: str) -> list[int]:
    """The rank processes (``python -m meshc run PATH``) of a launched job."""
    ranks = []
    for p in _processes_running(path):
        try:
            with open(f"/proc/{p}/cmdline", "rb") as fh:
                args = fh.read().split(b"\0")
        except OSError:
            continue
        if os.path.basename(args[0]).startswith(b"python") and b"-m" in args:  # not mpiexec, not the launcher
            ranks.append(p)
    return ranks


def _as_a_terminal_job() -> None:
    """``preexec_fn`` of the launcher: SIGINT and SIGTERM with their default actions and unblocked, as a shell
    starts a foreground job, whatever the test process inherited or set (a process started with SIGINT ignored,
    as a shell starts a background job, rightly keeps ignoring it, and Ctrl-C is not this test's case then)."""
    for s in (signal.SIGINT, signal.SIGTERM):
        signal.signal(s, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="finds the job's processes through /proc")
@pytest.mark.parametrize("to_group, after", [(True, 2.0), (True, 0.0), (False, 2.0)],
                         ids=["ctrl-c-to-the-group", "ctrl-c-while-the-ranks-start", "sigint-to-the-launcher"])
def test_sigint_ends_a_launched_run_with_130_and_no_rank_left(tmp_path, to_group, after):
    prog = tmp_path / "long.mlir"
    prog.write_text(LONG_PROGRAM)
    out = tmp_path / "keep.npz"
    np.savez(out, result0=np.arange(3.0))
    kept = out.read_bytes()
    proc = subprocess.Popen([str(MESHC), "run", str(prog), "--random-inputs", "--repeat", "1000000", "-o", str(out),
                             "--backend", "mpi", "--launch", "4"], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True, start_new_session=True, preexec_fn=_as_a_terminal_job)
    try:
        deadline = time.monotonic() + HANG_GUARD
        while len(_ranks_running(str(prog))) < 4 and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.1)
        assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
        assert len(_ranks_running(str(prog))) == 4
        time.sleep(after)  # the ranks starting, compiling or repeating the run: any point must do
        if to_group:  # what a terminal's Ctrl-C does: mpiexec gets the signal too
            os.killpg(proc.pid, signal.SIGINT)
        else:
            os.kill(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=HANG_GUARD)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 130, err
    if after:
        assert err.splitlines() == ["interrupted"]
    else:  # a rank still in Python's start-up (importing site) may print CPython's own report of the signal
        assert err.splitlines()[-1] == "interrupted" and err.count("interrupted") == 1, err
    deadline = time.monotonic() + HANG_GUARD
    while _processes_running(str(prog)) and time.monotonic() < deadline:  # killed ranks are reaped by init
        time.sleep(0.1)
    assert _processes_running(str(prog)) == []
    assert out.read_bytes() == kept
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.npz", "long.mlir"]  # no partial output left


#: Under mpiexec: rank 1 waits in a barrier rank 0 never reaches (a C call that never returns to
#: Python); rank 0 is interrupted inside the guard. The job must end (130), saying it once.
BLOCKED_RANK = """
import os, signal, sys, time
from meshc.runtime.mpi_launch import guard
with guard() as job:
    if job.rank == 0:
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(30)
    else:
        job.comm.Barrier()
print("not reached", job.rank)
"""


def test_an_interrupted_rank_ends_the_job_while_another_is_blocked_in_mpi(tmp_path):
    driver = tmp_path / "blocked.py"
    driver.write_text(BLOCKED_RANK)
    env = {k: v for k, v in os.environ.items() if k != "MESHC_MPI_REPORT_DIR"}
    r = subprocess.run([find_mpiexec(), "-n", "2", sys.executable, str(driver)], capture_output=True, text=True,
                       timeout=HANG_GUARD, env=env)
    assert r.returncode == 130, r.stdout + r.stderr
    assert r.stderr.splitlines() == ["interrupted"]
    assert "not reached" not in r.stdout


def test_missing_input_prints_the_one_report_and_no_mpi_abort_line(tmp_path):
    arrays = dict(np.load(DATA / "mlp_tensor_parallel.inputs.npz"))
    del arrays["w2"]
    missing = tmp_path / "missing.npz"
    np.savez(missing, **arrays)
    r = subprocess.run([str(MESHC), "run", str(DATA / "mlp_tensor_parallel.mlir"), "--inputs", str(missing),
                        "--backend", "mpi", "--launch", "4"], capture_output=True, text=True, timeout=HANG_GUARD)
    assert r.returncode == 1, r.stderr
    lines = r.stderr.splitlines()
    assert lines[0] == ("error: the entry function takes 4 arguments but the input file has 3 arrays (x, w1, b1) "
                        "and its keys do not match the argument names (%x, %w1, %b1, %w2)")
    # every rank fails the same way: the report is the lowest rank's that was written in time
    assert len(lines) == 2 and re.fullmatch(rf"note: on MPI rank [0-3] of 4 \(host {re.escape(socket.gethostname())}\)",
                                            lines[1]), lines


def test_mesh_shape_override_note_is_printed_once_per_job():
    r = subprocess.run([str(MESHC), "run", str(DATA / "mlp_tensor_parallel.mlir"), "--inputs",
                        str(DATA / "mlp_tensor_parallel.inputs.npz"), "--mesh-shape", "tp=2", "--backend", "mpi",
                        "--launch", "2"], capture_output=True, text=True, timeout=HANG_GUARD)
    assert r.returncode == 0, r.stderr
    assert r.stderr.splitlines() == ["note: --mesh-shape tp=2 overrides the static shape 4 of mesh @tp"]
    assert r.stdout.count("result0:") == 1
