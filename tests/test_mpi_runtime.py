"""The MPI runtime (meshc.runtime.mpi) on hand-built schedules, run as
``mpiexec -n N python -m meshc.runtime.mpi_launch`` subprocesses (timeout
120 s; a failing rank aborts the job): the same outputs and stats as the
threaded runtime, collectives of every kind (even and uneven), peer reads
through shared windows or messages, copies, and failures printed once."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import numpy as np
import pytest

pytest.importorskip("mpi4py")

from meshc.backend.schedule import (Allocate, ArgBinding, Collective, CollectiveSpec, Copy,  # noqa: E402
                                    DeviceSchedule, Free, Kernel, PeerRead, ResultBinding, Schedule)
from meshc.kernels.dtypes import mlir_type_name  # noqa: E402
from meshc.runtime.executor import run_schedule  # noqa: E402
from meshc.runtime.mpi_launch import find_mpiexec  # noqa: E402
from meshc.sharding.spec import Mesh  # noqa: E402
from tests.test_runtime_executor import ADD, matmul_args, ops_of, row_sharded_matmul  # noqa: E402
from tests.tolerance import assert_close, matmul_magnitude  # noqa: E402

TIMEOUT = 120  # seconds for one mpiexec job


def run_mpi(tmp_path, schedule, args, n: int, *flags: str):
    """Run ``schedule`` on ``n`` ranks (None: the ``s.json`` already in ``tmp_path``, as ``meshc compile
    --emit schedule-json`` wrote it); returns (process, outputs or None, stats or None)."""
    if schedule is not None:
        (tmp_path / "s.json").write_text(schedule.to_json_text())
    np.savez(tmp_path / "args.npz", **{f"arg{i}": np.asarray(a) for i, a in enumerate(args)})
    out, stats = tmp_path / "out.npz", tmp_path / "stats.json"
    for f in (out, stats):
        if f.exists():
            f.unlink()
    cmd = [find_mpiexec(), "-n", str(n), sys.executable, "-m", "meshc.runtime.mpi_launch", str(tmp_path / "s.json"),
           "--args", str(tmp_path / "args.npz"), "-o", str(out), "--stats", str(stats), *flags]
    env = dict(os.environ, OMP_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1", NO_COLOR="1")
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT, env=env)
    outputs = None
    if out.exists():
        with np.load(out) as z:
            outputs = [z[f"result{i}"] for i in range(len(z.files))]
    return proc, outputs, json.loads(stats.read_text()) if stats.exists() else None


def test_row_sharded_matmul_on_4_ranks_equals_numpy_and_the_threaded_runtime(tmp_path):
    rng = np.random.default_rng(7)
    a, b = rng.standard_normal((8, 8)).astype(np.float32), rng.standard_normal((8, 4)).astype(np.float32)
    sched = row_sharded_matmul(4)
    proc, outputs, stats = run_mpi(tmp_path, sched, matmul_args(a, b), 4)
    assert proc.returncode == 0, proc.stderr
    assert_close(np.concatenate(outputs), a @ b, k=8, magnitude=matmul_magnitude(a, b))
    threads = run_schedule(sched, matmul_args(a, b)).stats
    for d, t in zip(stats["devices"], threads.devices):
        # a 64 + b 128 + z 4 + c 32 = 228 B at the peak; b 128 + c 32 = 160 B at the end (as threads)
        assert (d["peak_bytes"], d["final_bytes"], d["kernels"]) == (228, 160, 4) == (t.peak_bytes, t.final_bytes,
                                                                                        t.kernels)
        assert d["rank"] == d["device"] and d["peer_memory"] == "none"
    assert stats["backend"] == "mpi" and stats["ranks"] == 4


# -- collectives ---------------------------------------------------------------------------------------------


class CollectiveCase:
    """Builds a 2x2-mesh schedule (devices 0 (0,0), 1 (0,1), 2 (1,0), 3 (1,1); peered axis 1)
    whose devices take part in many collective instances, each on argument buffers."""

    def __init__(self):
        self.mesh = Mesh("m", (2, 2), (1,))
        self.rng = np.random.default_rng(11)
        self.specs, self.args, self.arrays, self.results = {}, [], [], []
        self.steps = {k: [] for k in range(4)}
        self.names = []

    def pos(self, k, axes):
        return self.mesh.group_position(k, axes)

    def data(self, shape, dtype):
        dt = np.dtype(dtype)
        if dt.kind in "iu":
            return self.rng.integers(1, 5, size=shape).astype(dt)
        return (self.rng.integers(-64, 64, size=shape) / 16).astype(dt)

    def add(self, name, kind, axes, attrs, inputs, out_shapes, devices=(0, 1, 2, 3)):
        self.specs[name] = CollectiveSpec(name, kind, axes, tuple(devices) if len(devices) < 4 else (), attrs)
        for k in devices:
            x = inputs[k]
            dtype = mlir_type_name(x.dtype)
            self.args.append(ArgBinding(len(self.arrays), k, f"{name}_in", x.shape, dtype))
            self.arrays.append(x)
            self.steps[k] += [Allocate(f"{name}_out", out_shapes[k], dtype),
                              Collective(name, f"{name}_in", f"{name}_out")]
            self.results.append(ResultBinding(len(self.results), k, f"{name}_out"))
            self.names.append((name, k))

    def schedule(self) -> Schedule:
        return Schedule(self.mesh, [DeviceSchedule(k, self.steps[k]) for k in range(4)], self.specs, self.args,
                        self.results)


def collective_case() -> CollectiveCase:
    c = CollectiveCase()
    f32, all4 = np.float32, range(4)
    # all_gather over axis 0 (groups [0, 2], [1, 3]), uneven: 2 + 3 rows -> 5
    rows = {k: 2 if c.pos(k, (0,)) == 0 else 3 for k in all4}
    c.add("ag_rows", "all_gather", (0,), {"gather_axis": 0}, {k: c.data((rows[k], 3), f32) for k in all4},
          {k: (5, 3) for k in all4})
    # all_gather over axes [1, 0] (group order 0, 2, 1, 3) along tensor axis 1: 1 + 2 + 3 + 1 columns -> 7
    cols = {0: 1, 2: 2, 1: 3, 3: 1}
    c.add("ag_cols", "all_gather", (1, 0), {"gather_axis": 1}, {k: c.data((2, cols[k]), np.int32) for k in all4},
          {k: (2, 7) for k in all4})
    # all_gather with an empty shard: 0 + 1 + 1 + 1 rows -> 3
    c.add("ag_empty", "all_gather", (0, 1), {"gather_axis": 0},
          {k: c.data((0 if k == 0 else 1, 2), f32) for k in all4}, {k: (3, 2) for k in all4})
    for name, axes, red, shape, dt in [("ar_sum", (0, 1), "sum", (3, 4), f32), ("ar_max", (1,), "max", (5,), np.int32),
                                       ("ar_min", (0,), "min", (2, 2), np.float64),
                                       ("ar_prod", (0, 1), "product", (3,), np.int64),
                                       ("ar_avg", (1,), "average", (4,), f32), ("ar_scalar", (0, 1), "sum", (), f32)]:
        c.add(name, "all_reduce", axes, {"reduction": red}, {k: c.data(shape, dt) for k in all4},
              {k: shape for k in all4})
    import ml_dtypes

    c.add("ar_bf16", "all_reduce", (0, 1), {}, {k: c.data((6,), ml_dtypes.bfloat16) for k in all4},
          {k: (6,) for k in all4})
    c.add("ar_part", "all_reduce", (1,), {}, {k: c.data((2,), f32) for k in (2, 3)}, {k: (2,) for k in (2, 3)},
          devices=(2, 3))
    # reduce_scatter: even (8 rows over 4), uneven (10 columns over 4 in group order 0, 2, 1, 3: 2, 2, 3, 3)
    c.add("rs_even", "reduce_scatter", (0, 1), {"scatter_axis": 0}, {k: c.data((8, 3), f32) for k in all4},
          {k: (2, 3) for k in all4})
    piece = [2, 2, 3, 3]
    c.add("rs_uneven", "reduce_scatter", (1, 0), {"scatter_axis": 1}, {k: c.data((2, 10), np.float64) for k in all4},
          {k: (2, piece[c.pos(k, (1, 0))]) for k in all4})
    c.add("rs_max", "reduce_scatter", (0,), {"scatter_axis": 0, "reduction": "max"},
          {k: c.data((4,), np.int32) for k in all4}, {k: (2,) for k in all4})
    # all_to_all: even (split columns, concat rows) and uneven (groups over axis 1; 5 rows -> 2 + 3)
    c.add("a2a_even", "all_to_all", (0, 1), {"split_axis": 1, "concat_axis": 0},
          {k: c.data((2, 8), f32) for k in all4}, {k: (8, 2) for k in all4})
    c.add("a2a_uneven", "all_to_all", (1,), {"split_axis": 0, "concat_axis": 1},
          {k: c.data((5, 1 + c.pos(k, (1,))), f32) for k in all4}, {k: (2 + c.pos(k, (1,)), 3) for k in all4})
    # all_slice of a replicated 10x2 tensor over axes [1, 0]: 2, 2, 3, 3 rows in group order
    whole = c.data((10, 2), f32)
    c.add("slice", "all_slice", (1, 0), {"slice_axis": 0}, {k: whole for k in all4},
          {k: (piece[c.pos(k, (1, 0))], 2) for k in all4})
    return c


def test_every_collective_kind_matches_the_threaded_runtime_and_numpy(tmp_path):
    c = collective_case()
    sched = c.schedule()
    proc, outputs, stats = run_mpi(tmp_path, sched, c.arrays, 4)
    assert proc.returncode == 0, proc.stderr
    threads = run_schedule(sched, c.arrays)
    for i, want in enumerate(threads.outputs):  # .npz stores bf16 as raw 2-byte items
        if outputs[i].dtype.kind == "V" and outputs[i].dtype.itemsize == want.dtype.itemsize:
            outputs[i] = outputs[i].view(want.dtype)
    for (name, k), got, want in zip(c.names, outputs, threads.outputs):
        assert got.shape == want.shape and got.dtype == want.dtype, (name, k)
        np.testing.assert_allclose(got.astype(np.float64), want.astype(np.float64), rtol=1e-6, err_msg=f"{name}@{k}")
    by = {key: out for key, out in zip(c.names, outputs)}
    ins = {(name, k): c.arrays[b.index] for b, (name, k) in zip(c.args, c.names)}
    # numpy references: group [1, 3] gathers rows 2 + 3; group order 0, 2, 1, 3 along columns
    np.testing.assert_array_equal(by[("ag_rows", 3)], np.concatenate([ins[("ag_rows", 1)], ins[("ag_rows", 3)]]))
    np.testing.assert_array_equal(by[("ag_cols", 1)], np.concatenate([ins[("ag_cols", d)] for d in (0, 2, 1, 3)], 1))
    np.testing.assert_array_equal(by[("ar_sum", 2)], sum(ins[("ar_sum", d)] for d in range(4)))
    np.testing.assert_array_equal(by[("ar_max", 0)], np.maximum(ins[("ar_max", 0)], ins[("ar_max", 1)]))
    np.testing.assert_array_equal(by[("ar_prod", 1)], np.prod([ins[("ar_prod", d)] for d in range(4)], axis=0))
    np.testing.assert_array_equal(by[("ar_avg", 3)], (ins[("ar_avg", 2)] + ins[("ar_avg", 3)]) / 2)
    np.testing.assert_array_equal(by[("ar_part", 3)], ins[("ar_part", 2)] + ins[("ar_part", 3)])
    total = sum(ins[("rs_uneven", d)] for d in range(4))
    # device 1 is third in group order 0, 2, 1, 3: columns 4..7 of the 2x10 sum (pieces 2, 2, 3, 3)
    np.testing.assert_array_equal(by[("rs_uneven", 1)], total[:, 4:7])
    # a2a_uneven, device 1 (position 1 of group [0, 1]): rows 2..5 of both inputs, concatenated along columns
    np.testing.assert_array_equal(by[("a2a_uneven", 1)],
                                  np.concatenate([ins[("a2a_uneven", 0)][2:], ins[("a2a_uneven", 1)][2:]], axis=1))
    assert by[("ar_bf16", 0)].dtype.name == "bfloat16"
    for d, t in zip(stats["devices"], threads.stats.devices):
        assert (d["collective_bytes"], d["collective_peer_bytes"], d["peak_bytes"]) == (
            t.collective_bytes, t.collective_peer_bytes, t.peak_bytes)


def test_a_collective_whose_buffers_disagree_fails_once_naming_the_shapes(tmp_path):
    spec = CollectiveSpec("c0", "all_reduce", (0,))
    devices = [DeviceSchedule(k, [Collective("c0", "x", "x")]) for k in range(2)]
    sched = Schedule(Mesh("m", (2,)), devices, {"c0": spec},
                     [ArgBinding(0, 0, "x", (3,), "f32"), ArgBinding(1, 1, "x", (4,), "f32")], [])
    proc, outputs, _ = run_mpi(tmp_path, sched, [np.ones(3, np.float32), np.ones(4, np.float32)], 2)
    assert proc.returncode == 1 and outputs is None
    assert proc.stderr.count("error:") == 1, proc.stderr
    assert "device 1 contributes shape [4] but device 0 contributes [3]; they must agree" in proc.stderr
    assert "Traceback" not in proc.stderr


# -- peer reads, copies, events ---------------------------------------------------------------------------


def peer_schedule() -> tuple[Schedule, list]:
    """2x2 mesh, peered axis 1 (peer groups [0, 1] and [2, 3]). Device 1 reads device 0's argument
    in place; device 2 computes y = x + x, device 3 reads a slice of it in place and device 0 (not
    peered with 2) copies it."""
    module, ops = ops_of(ADD, "add.mlir")
    add = ops["arith.addf"]
    d0 = DeviceSchedule(0, [Allocate("t", (4, 8), "f32"), Copy("t", 2, "y", wait=("y@2",), signal="t@0")])
    d1 = DeviceSchedule(1, [PeerRead("v", 0, "x"), Allocate("w", (4, 8), "f32"), Kernel(add, ("v", "v"), ("w",))])
    d2 = DeviceSchedule(2, [Allocate("y", (4, 8), "f32"), Kernel(add, ("x", "x"), ("y",), signal="y@2"),
                            Free("y", wait=("t@0", "s@3"))])
    d3 = DeviceSchedule(3, [PeerRead("s", 2, "y", (1, 2), (2, 3), wait=("y@2",), signal="s@3"),
                            Allocate("u", (2, 3), "f32"), Copy("u", 2, "x", (0, 0), (2, 3), wait=("y@2",))])
    args = [ArgBinding(0, 0, "x", (4, 8), "f32"), ArgBinding(1, 2, "x", (4, 8), "f32")]
    results = [ResultBinding(0, 0, "t"), ResultBinding(1, 1, "w"), ResultBinding(2, 3, "s"), ResultBinding(3, 3, "u")]
    x0 = np.arange(32, dtype=np.float32).reshape(4, 8)
    return Schedule(Mesh("m", (2, 2), (1,)), [d0, d1, d2, d3], {}, args, results, module, "add"), [x0, x0 + 100]


@pytest.mark.parametrize("shared", ["auto", "off"])
def test_peer_reads_and_copies_give_the_threaded_results(tmp_path, shared):
    sched, args = peer_schedule()
    proc, outputs, stats = run_mpi(tmp_path, sched, args, 4, "--shared-memory", shared)
    assert proc.returncode == 0, proc.stderr
    x0, x2 = args
    want = [2 * x2, 2 * x0, (2 * x2)[1:3, 2:5], x2[0:2, 0:3]]
    for got, w in zip(outputs, want):
        np.testing.assert_array_equal(got, w)
    threads = run_schedule(sched, args).stats.devices
    devs = stats["devices"]
    # peer reads in bytes: device 1 all of x (4x8 f32 = 128 B), device 3 a 2x3 slice (24 B)
    assert [d["peer_read_bytes"] for d in devs] == [t.peer_read_bytes for t in threads] == [0, 128, 0, 24]
    # copies: device 0 all of y (128 B), device 3 a 2x3 slice of x (24 B)
    assert [d["copy_bytes"] for d in devs] == [t.copy_bytes for t in threads] == [128, 0, 0, 24]
    assert [d["peak_bytes"] for d in devs] == [t.peak_bytes for t in threads]
    if shared == "auto":
        assert [d["peer_memory"] for d in devs] == ["none", "shared window", "none", "shared window"]
        # owners publish what their peers read: device 0 its x (128 B), device 2 its y (128 B)
        assert [d["published_bytes"] for d in devs] == [128, 0, 128, 0]
        assert [d["peer_copy_bytes"] for d in devs] == [0, 0, 0, 0]
    else:
        assert [d["peer_memory"] for d in devs] == ["none", "copies", "none", "copies"]
        assert [d["peer_copy_bytes"] for d in devs] == [0, 128, 0, 24]
        assert [d["shared_window_bytes"] for d in devs] == [0, 0, 0, 0]


# -- failures --------------------------------------------------------------------------------------------


def test_a_kernel_error_on_rank_2_is_printed_once_with_rank_op_and_location(tmp_path):
    rng = np.random.default_rng(7)
    a, b = rng.standard_normal((8, 8)).astype(np.float32), rng.standard_normal((8, 4)).astype(np.float32)
    hooks = json.dumps({"fail_kernel": [[2, 3]]})
    proc, outputs, _ = run_mpi(tmp_path, row_sharded_matmul(4), matmul_args(a, b), 4, "--test-hooks", hooks)
    assert proc.returncode == 1 and outputs is None
    err = proc.stderr
    assert err.count("error:") == 1, err
    assert "mm.mlir:6:8: error: device 2: 'linalg.matmul' op failed: injected failure (test hook)" in err
    assert "note: on MPI rank 2 of 4" in err
    assert "Traceback" not in err


def all_reduce_schedule(n: int = 4) -> Schedule:
    from meshc.ir.location import Location

    spec = CollectiveSpec("c0", "all_reduce", (0,), loc=Location("prog.mlir", 12, 5))
    devices = [DeviceSchedule(k, [Collective("c0", "x", "x")]) for k in range(n)]
    return Schedule(Mesh("m", (n,)), devices, {"c0": spec}, [ArgBinding(k, k, "x", (3,), "f32") for k in range(n)],
                    [ResultBinding(k, k, "x") for k in range(n)])


def test_a_collective_one_rank_never_reaches_times_out_naming_it(tmp_path):
    hooks = json.dumps({"skip_collective": [[3, "c0"]]})
    args = [np.full(3, k, np.float32) for k in range(4)]
    proc, outputs, _ = run_mpi(tmp_path, all_reduce_schedule(), args, 4, "--collective-timeout", "1",
                               "--test-hooks", hooks)
    assert proc.returncode == 1 and outputs is None
    err = proc.stderr
    assert err.count("error:") == 1, err
    assert ("prog.mlir:12:5: error: collective all_reduce 'c0' over mesh axes [0] reduction = sum timed out after "
            "1 s: devices [3] never reached it (arrived: [0, 1, 2])") in err
    assert "note: device 3 stopped at step 0 of 1: collective c0(x) -> x (test hook)" in err


def test_collectives_in_opposite_orders_are_reported_as_a_deadlock(tmp_path):
    specs = {c: CollectiveSpec(c, "all_reduce", (0,)) for c in ("c0", "c1")}
    devices = [DeviceSchedule(0, [Collective("c0", "x", "x"), Collective("c1", "x", "x")]),
               DeviceSchedule(1, [Collective("c1", "x", "x"), Collective("c0", "x", "x")])]
    sched = Schedule(Mesh("m", (2,)), devices, specs, [ArgBinding(k, k, "x", (3,), "f32") for k in range(2)], [])
    proc, _, _ = run_mpi(tmp_path, sched, [np.ones(3, np.float32)] * 2, 2, "--collective-timeout", "1")
    assert proc.returncode == 1
    assert proc.stderr.count("error:") == 1, proc.stderr
    assert "(the schedules wait for each other: a deadlock)" in proc.stderr


def test_the_communicator_must_have_one_rank_per_device(tmp_path):
    rng = np.random.default_rng(7)
    a, b = rng.standard_normal((8, 8)).astype(np.float32), rng.standard_normal((8, 4)).astype(np.float32)
    proc, outputs, _ = run_mpi(tmp_path, row_sharded_matmul(4), matmul_args(a, b), 3)
    assert proc.returncode == 1 and outputs is None
    assert proc.stderr.count("error:") == 1, proc.stderr
    assert "mesh @m has 4 devices (shape 4) but MPI runs 3 ranks" in proc.stderr
