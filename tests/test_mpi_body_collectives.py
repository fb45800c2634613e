"""Collectives inside a region op's body (meshc/runtime/body_collectives.py) when the devices part
ways, on MPI (``python -m meshc.runtime.mpi_launch`` on a schedule written by ``meshc compile
--emit schedule-json``, 4 ranks) and on the threaded runtime: a device that runs fewer trips (its
own copy of the replicated trip count differs: the schedule's per-device arguments, which the
compiler never gives different values), a device that stops at an in-body collective
(``TestHooks.skip_collective`` with the listed name ``b0``) and one whose region kernel fails. Each
ends within ``--collective-timeout`` in one error naming the in-body collective, its location and
the missing device, exit 1, no rank left running (the job is aborted). The loop splits its rows
unevenly (5 over 2), so the schedule's JSON round trip of uneven in-body types is run too."""

from __future__ import annotations

import json
import subprocess
import sys

import numpy as np
import pytest

import meshc.api as mc
from meshc.backend.schedule import Kernel, Schedule
from meshc.runtime.backends import get_backend
from meshc.runtime.executor import Executor, RunOptions, RuntimeFailure, TestHooks
from tests.test_region_schedule import _inputs, _mlp
from tests.tolerance import assert_close

TIMEOUT = 120  # seconds for one mpiexec job (a liveness guard, not a timing assertion)
TRIPS = 3
NT_OF_DEVICE_3 = 15  # the schedule argument holding device 3's copy of %nt (checked below)
LOOP_LOC = "loop.mlir:18:12"  # the in-body all_reduce: the second matmul's partial sum


@pytest.fixture(scope="module")
def case(tmp_path_factory):
    """(directory, compiled program, per-shard arguments): the MLP loop on a 2x2 mesh, 5 rows over
    axis 0 (2 and 3), tensor parallel over axis 1, its schedule written by the CLI."""
    d = tmp_path_factory.mktemp("body")
    text = _mlp("2x2", "[[0]]", 1, 5, 32)
    (d / "loop.mlir").write_text(text)
    r = subprocess.run([sys.executable, "-m", "meshc", "compile", str(d / "loop.mlir"), "--emit", "schedule-json",
                        "-o", str(d / "s.json")], capture_output=True, text=True, timeout=TIMEOUT, cwd=d)
    assert r.returncode == 0, r.stderr
    compiled = mc.compile(mc.parse(text, str(d / "loop.mlir")), None)
    args = get_backend("threads").shard_inputs(compiled.program, _inputs(5, 32, TRIPS))
    b = compiled.program.schedule.args[NT_OF_DEVICE_3]
    assert (b.device, b.buffer) == (3, "%nt_3")
    return d, compiled, args


def _run_mpi(d, args, *flags):
    """The CLI's schedule ``d / s.json`` on 4 MPI ranks: (process, outputs or None)."""
    pytest.importorskip("mpi4py")
    from tests.test_mpi_runtime import run_mpi

    proc, outputs, _ = run_mpi(d, None, args, 4, *flags)
    return proc, outputs


def _fewer_trips(args):
    bad = list(args)
    bad[NT_OF_DEVICE_3] = np.array(1, np.asarray(args[NT_OF_DEVICE_3]).dtype)
    return bad


def test_the_uneven_loop_s_schedule_json_runs_on_mpi_as_on_threads(case):
    d, compiled, args = case
    schedule = Schedule.from_json_text((d / "s.json").read_text())
    assert [schedule.body_index()[k]["b0"].shape for k in range(4)] == [(2, 16), (2, 16), (3, 16), (3, 16)]
    proc, outputs = _run_mpi(d, args, "--collective-timeout", "30")
    assert proc.returncode == 0, proc.stderr
    want = Executor(compiled.program.schedule).run(args).outputs
    assert [o.shape for o in outputs] == [w.shape for w in want]
    for got, w in zip(outputs, want):  # the same kernels (a BLAS may block its sums otherwise per process):
        assert_close(got, w, TRIPS * (16 + 32))  # the chain of the trips' two contractions


def test_a_device_that_runs_fewer_trips_times_out_on_mpi_naming_the_in_body_collective(case):
    d, _, args = case
    proc, outputs = _run_mpi(d, _fewer_trips(args), "--collective-timeout", "1")
    assert proc.returncode == 1 and outputs is None
    err = proc.stderr
    assert err.count("error:") == 1, err
    assert (f"{LOOP_LOC}: error: in-body collective all_reduce 'b0' over mesh axes [1] reduction = sum (run 1) timed "
            "out after 1 s: devices [3] never reached it (arrived: [2])") in err, err
    assert "note: device 3 has finished its schedule" in err
    assert "note: step 10 of device 2: kernel scf.for(" in err
    assert "Traceback" not in err


def test_a_device_that_runs_fewer_trips_times_out_on_threads(case):
    _, compiled, args = case
    with pytest.raises(RuntimeFailure) as info:
        Executor(compiled.program.schedule, RunOptions(timeout=0.3)).run(_fewer_trips(args))
    err = info.value
    assert (err.reason, err.device) == ("timeout", 3), str(err)
    assert ("in-body collective all_reduce 'b0' over mesh axes [1] reduction = sum (run 1) timed out after 0.3 s: "
            "devices [3] never reached it") in str(err)
    assert str(err.location).endswith(LOOP_LOC)


def test_a_device_stopped_at_an_in_body_collective_times_out_on_mpi(case):
    d, _, args = case
    proc, outputs = _run_mpi(d, args, "--collective-timeout", "1",
                             "--test-hooks", json.dumps({"skip_collective": [[1, "b0"]]}))
    assert proc.returncode == 1 and outputs is None
    err = proc.stderr
    assert err.count("error:") == 1, err
    assert (f"{LOOP_LOC}: error: in-body collective all_reduce 'b0' over mesh axes [1] reduction = sum (run 0) timed "
            "out after 1 s: devices [1] never reached it (arrived: [0])") in err, err
    assert "note: device 1 stopped at step 10 of 18: kernel scf.for(" in err


def test_a_device_stopped_at_an_in_body_collective_times_out_on_threads(case):
    _, compiled, args = case
    with pytest.raises(RuntimeFailure) as info:
        Executor(compiled.program.schedule,
                 RunOptions(timeout=0.3, hooks=TestHooks(skip_collective={(1, "b0")}))).run(args)
    err = info.value
    assert (err.reason, err.device) == ("timeout", 1), str(err)
    assert "in-body collective all_reduce 'b0' over mesh axes [1] reduction = sum (run 0)" in str(err)
    assert "devices [1] never reached it" in str(err)


def test_a_region_kernel_failing_on_one_rank_ends_the_job_once(case):
    d, compiled, args = case
    steps = compiled.program.schedule.devices[2].steps
    n = [i for i, s in enumerate(steps) if isinstance(s, Kernel)].index(
        next(i for i, s in enumerate(steps) if isinstance(s, Kernel) and s.body))
    proc, outputs = _run_mpi(d, args, "--collective-timeout", "1",
                             "--test-hooks", json.dumps({"fail_kernel": [[2, n]]}))
    assert proc.returncode == 1 and outputs is None
    err = proc.stderr
    assert err.count("error:") == 1, err
    assert "error: device 2: 'scf.for' op failed: injected failure (test hook)" in err, err
    assert "note: on MPI rank 2 of 4" in err
