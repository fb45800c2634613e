"""The backend interface (meshc.runtime.backends) and the MPI launch helpers
(meshc.runtime.mpi_launch) that need no MPI job: backend names, the threads
backend, inputs sharded per device, the install message without mpi4py,
building the mpiexec command line, and a real --launch style relaunch."""

from __future__ import annotations

import sys

import numpy as np
import pytest

from meshc.backend.emit import ShardSlot
from meshc.runtime import mpi_launch
from meshc.runtime.backends import BACKENDS, ThreadsBackend, UnknownBackend, get_backend
from meshc.runtime.executor import RunOptions
from tests.test_runtime_executor import matmul_args, row_sharded_matmul
from tests.tolerance import assert_close, matmul_magnitude


def test_backend_names_and_unknown_backend():
    assert BACKENDS == ("threads", "mpi", "iree")
    with pytest.raises(UnknownBackend, match=r"unknown runtime backend 'gpu' \(known: threads, mpi, iree\)"):
        get_backend("gpu")


def test_threads_backend_runs_a_schedule_like_the_executor():
    rng = np.random.default_rng(7)
    a, b = rng.standard_normal((8, 8)).astype(np.float32), rng.standard_normal((8, 4)).astype(np.float32)
    backend = get_backend("threads")
    assert isinstance(backend, ThreadsBackend) and backend.is_root
    with backend.guard():
        report = backend.run(row_sharded_matmul(4), matmul_args(a, b), RunOptions(timeout=5))
    assert_close(np.concatenate(report.outputs), a @ b, k=8, magnitude=matmul_magnitude(a, b))
    assert [d.peak_bytes for d in report.stats.devices] == [228] * 4  # a 64 + b 128 + z 4 + c 32


class FakeProgram:
    """What shard_inputs reads of a meshc.backend.emit.Program: the schedule's arg bindings and the slots."""

    def __init__(self):
        self.schedule = row_sharded_matmul(2)  # args 0, 1: a on devices 0, 1; args 2, 3: b on devices 0, 1
        self.args = [ShardSlot(0, 0, (0,), (0, 0), (2, 8), "f32"), ShardSlot(1, 0, (1,), (2, 0), (2, 8), "f32"),
                     ShardSlot(2, 1, (0,), (0, 0), (8, 4), "f32"), ShardSlot(3, 1, (1,), (0, 0), (8, 4), "f32")]


class OneDevice(ThreadsBackend):
    """A backend that runs device 1 only, as MPI rank 1 does."""

    def _devices(self, program):
        return {1}


def test_shard_inputs_cuts_each_shard_and_skips_other_devices():
    a, b = np.arange(32, dtype=np.float32).reshape(4, 8), np.ones((8, 4), np.float32)
    every = ThreadsBackend().shard_inputs(FakeProgram(), [a, b])
    np.testing.assert_array_equal(every[1], a[2:4])  # rows 2..3: offsets (2, 0), shape (2, 8)
    assert np.shares_memory(every[1], a) and not every[1].flags.writeable  # a read-only view, no copy
    mine = OneDevice().shard_inputs(FakeProgram(), [a, b])
    assert mine[0] is None and mine[2] is None
    np.testing.assert_array_equal(mine[1], a[2:4])
    np.testing.assert_array_equal(mine[3], b)


def test_mpi_backend_without_mpi4py_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "mpi4py", None)  # import mpi4py -> ImportError
    with pytest.raises(mpi_launch.MpiUnavailable) as info:
        get_backend("mpi")
    assert "pip install 'mpi4py>=4' mpich" in str(info.value) and "mpi4py" in str(info.value)


def test_strip_launch_option_removes_both_spellings():
    argv = ["run", "p.mlir", "--backend", "mpi", "--launch", "4", "--launch=2", "-o", "o.npz"]
    assert mpi_launch.strip_launch_option(argv) == ["run", "p.mlir", "--backend", "mpi", "-o", "o.npz"]


def test_mpiexec_command_line(monkeypatch):
    monkeypatch.setattr(mpi_launch, "_is_open_mpi", lambda exe: exe.endswith("orterun"))
    assert mpi_launch.mpiexec_command(4, ["run", "p.mlir"], mpiexec="/x/mpiexec", python="/x/python") == [
        "/x/mpiexec", "-n", "4", "/x/python", "-m", "meshc", "run", "p.mlir"]
    # Open MPI refuses more ranks than cores unless told to oversubscribe
    assert mpi_launch.mpiexec_command(2, [], mpiexec="/y/orterun", python="py")[:4] == [
        "/y/orterun", "-n", "2", "--oversubscribe"]
    with pytest.raises(ValueError, match="must be >= 1, got 0"):
        mpi_launch.mpiexec_command(0, [], mpiexec="/x/mpiexec")


def test_relaunch_runs_meshc_on_every_rank(capfd):
    pytest.importorskip("mpi4py")
    # two ranks each print meshc's help; --launch is dropped from what they run
    assert mpi_launch.relaunch(2, ["--launch", "2", "--help"], timeout=120) == 0
    assert capfd.readouterr().out.count("Usage: meshc [OPTIONS]") == 2
