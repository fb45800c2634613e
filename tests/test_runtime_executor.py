"""The threaded runtime (meshc.runtime.executor) on hand-built schedules:
results against numpy, memory accounting, peer reads, copies, failures
(kernel error, skipped collective, deadlock, out of memory), stats and trace."""

from __future__ import annotations

import json
import threading

import numpy as np
import pytest

import meshc.api as mc
from meshc.backend.schedule import (Allocate, ArgBinding, BufferLayout, Collective, CollectiveSpec, Copy,
                                    DeviceSchedule, Free, Kernel, PeerRead, ResultBinding, Schedule)
from meshc.ir.location import DiagnosticError, Location
from meshc.runtime.devices import OutOfDeviceMemory
from meshc.runtime.executor import Executor, RunOptions, RuntimeFailure, TestHooks, run_schedule
from meshc.sharding.spec import Mesh
from tests.tolerance import assert_close, matmul_magnitude

MATMUL = """
func.func @mm(%a: tensor<2x8xf32>, %b: tensor<8x4xf32>) -> tensor<2x4xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x4xf32>
  %c = linalg.fill ins(%z : f32) outs(%e : tensor<2x4xf32>) -> tensor<2x4xf32>
  %r = linalg.matmul ins(%a, %b : tensor<2x8xf32>, tensor<8x4xf32>) outs(%c : tensor<2x4xf32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}
"""

ADD = """
func.func @add(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %y = arith.addf %x, %x : tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}
"""


def ops_of(text: str, filename: str) -> tuple:
    module = mc.parse(text, filename=filename)
    return module, {op.name: op for op in module.walk()}


def device_threads() -> list:
    return [t for t in threading.enumerate() if t.name.startswith("meshc-device-") and t.is_alive()]


def matmul_steps(ops, b_source=None) -> list:
    """c = 0; c += a @ b (b read from a peer when ``b_source`` is given)."""
    steps = [Allocate("z", (), "f32"), Kernel(ops["arith.constant"], (), ("z",)),
             Allocate("c", (2, 4), "f32"), Kernel(ops["tensor.empty"], (), ("c",)),
             Kernel(ops["linalg.fill"], ("z", "c"), ("c",)), Free("z")]
    if b_source is not None:
        steps.append(PeerRead("b", b_source, "b"))
    return steps + [Kernel(ops["linalg.matmul"], ("a", "b", "c"), ("c",)), Free("a")]


def row_sharded_matmul(n: int = 4) -> Schedule:
    """A[2n, 8] @ B[8, 4] with A's rows split over n devices, B replicated per device."""
    module, ops = ops_of(MATMUL, "mm.mlir")
    devices = [DeviceSchedule(k, matmul_steps(ops)) for k in range(n)]
    args = [ArgBinding(k, k, "a", (2, 8), "f32") for k in range(n)] + [ArgBinding(n + k, k, "b", (8, 4), "f32")
                                                                      for k in range(n)]
    return Schedule(Mesh("m", (n,)), devices, {}, args, [ResultBinding(k, k, "c") for k in range(n)], module, "mm")


@pytest.fixture
def operands():
    rng = np.random.default_rng(7)
    return rng.standard_normal((8, 8)).astype(np.float32), rng.standard_normal((8, 4)).astype(np.float32)


def matmul_args(a, b, n=4):
    return [a[2 * k:2 * k + 2] for k in range(n)] + [b] * n


def test_row_sharded_matmul_on_4_devices_equals_numpy(operands):
    a, b = operands
    report = run_schedule(row_sharded_matmul(), matmul_args(a, b))
    assert_close(np.concatenate(report.outputs), a @ b, k=8, magnitude=matmul_magnitude(a, b))
    for d in report.stats.devices:
        assert d.kernels == 4 and d.kernels_by_op["linalg.matmul"] == 1
        assert d.steps == 8
        # a 64 + b 128 + z 4 + c 32 = 228 B at the peak (c allocated before z and a are freed)
        assert d.peak_bytes == 228
        # after the last step: b 128 + c 32
        assert d.final_bytes == 160


def test_executor_runs_several_times_with_fresh_pools(operands):
    a, b = operands
    ex = Executor(row_sharded_matmul())
    first = ex.run(matmul_args(a, b))
    second = ex.run(matmul_args(2 * a, b))
    np.testing.assert_allclose(np.concatenate(second.outputs), 2 * np.concatenate(first.outputs), rtol=1e-6)
    assert second.stats.devices[0].peak_bytes == 228


def test_replicated_tensor_is_stored_once_per_peer_group_and_read_in_place(operands):
    a, b = operands
    module, ops = ops_of(MATMUL, "mm.mlir")
    mesh = Mesh("m", (2, 2), (1,))  # peer groups [0, 1] and [2, 3]
    devices = [DeviceSchedule(k, matmul_steps(ops, None if k % 2 == 0 else k - 1)) for k in range(4)]
    args = [ArgBinding(k, k, "a", (2, 8), "f32") for k in range(4)] + [ArgBinding(4, 0, "b", (8, 4), "f32"),
                                                                      ArgBinding(5, 2, "b", (8, 4), "f32")]
    sched = Schedule(mesh, devices, {}, args, [ResultBinding(k, k, "c") for k in range(4)], module, "mm")
    report = run_schedule(sched, [a[2 * k:2 * k + 2] for k in range(4)] + [b, b])
    assert_close(np.concatenate(report.outputs), a @ b, k=8, magnitude=matmul_magnitude(a, b))
    peaks = [d.peak_bytes for d in report.stats.devices]
    # owners (0, 2): a 64 + b 128 + z 4 + c 32 = 228; readers (1, 3): a 64 + z 4 + c 32 = 100, b not counted
    assert peaks == [228, 100, 228, 100]
    # each reader reads b (8x4 f32 = 128 B) in place; owners read nothing
    assert [d.peer_read_bytes for d in report.stats.devices] == [0, 128, 0, 128]
    assert [d.copy_bytes for d in report.stats.devices] == [0, 0, 0, 0]


def test_memory_peak_matches_the_hand_computed_figure_and_layout_padding():
    module, ops = ops_of(ADD, "add.mlir")
    add = ops["arith.addf"]
    spec = CollectiveSpec("c0", "all_reduce", (0,))

    def schedule(layout):
        steps = [Allocate("y", (4, 8), "f32", layout=layout), Kernel(add, ("x", "x"), ("y",)),
                 Collective("c0", "y", "y"), Free("x")]
        return Schedule(Mesh("m", (2,)), [DeviceSchedule(k, list(steps)) for k in range(2)], {"c0": spec},
                        [ArgBinding(k, k, "x", (4, 8), "f32") for k in range(2)],
                        [ResultBinding(k, k, "y") for k in range(2)], module, "add")

    x = [np.full((4, 8), 1.0, np.float32), np.full((4, 8), 2.0, np.float32)]
    report = run_schedule(schedule(None), x)
    assert report.outputs[0].tolist() == np.full((4, 8), 6.0).tolist()  # 2*1 + 2*2
    # x 128 B + y 128 B + all_reduce staging chunk ceil(128 / 2) = 64 B -> 320 B; at the end y alone
    assert [(d.peak_bytes, d.peak_logical_bytes, d.final_bytes) for d in report.stats.devices] == [(320, 320, 128)] * 2
    tiled = run_schedule(schedule(BufferLayout("tile", (32, 32))), x)
    # y in one 32x32 f32 tile: 4096 B physical, 128 B logical -> peak 128 + 4096 + 64 = 4288 B, logical 320 B
    d = tiled.stats.devices[0]
    assert (d.peak_bytes, d.peak_logical_bytes, d.padding_bytes) == (4288, 320, 3968)


def test_copy_between_devices_that_are_not_peered_waits_for_the_producer():
    module, ops = ops_of(ADD, "add.mlir")
    add = ops["arith.addf"]
    d0 = DeviceSchedule(0, [Allocate("y", (4, 8), "f32"), Copy("y", 1, "y", wait=("y-ready",))])
    d1 = DeviceSchedule(1, [Allocate("y", (4, 8), "f32"), Kernel(add, ("x", "x"), ("y",), signal="y-ready")])
    sched = Schedule(Mesh("m", (2,)), [d0, d1], {}, [ArgBinding(0, 1, "x", (4, 8), "f32")],
                     [ResultBinding(0, 0, "y")], module, "add")
    x = np.arange(32, dtype=np.float32).reshape(4, 8)
    report = run_schedule(sched, [x])
    np.testing.assert_array_equal(report.outputs[0], 2 * x)
    assert report.stats.devices[0].copy_bytes == 128  # 4x8 f32
    assert report.stats.devices[0].peer_read_bytes == 0


def test_peer_read_of_a_slice_counts_only_the_slice():
    mesh = Mesh("m", (2,), (0,))
    sched = Schedule(mesh, [DeviceSchedule(0), DeviceSchedule(1, [PeerRead("v", 0, "x", (1, 2), (2, 3))])], {},
                     [ArgBinding(0, 0, "x", (4, 8), "f32")], [ResultBinding(0, 1, "v")])
    x = np.arange(32, dtype=np.float32).reshape(4, 8)
    report = run_schedule(sched, [x])
    np.testing.assert_array_equal(report.outputs[0], x[1:3, 2:5])
    assert report.stats.devices[1].peer_read_bytes == 24  # 2x3 f32
    assert report.stats.devices[1].peak_bytes == 0


def test_kernel_error_on_device_2_stops_every_device_and_names_device_and_op(operands):
    a, b = operands
    with pytest.raises(RuntimeFailure) as info:
        run_schedule(row_sharded_matmul(), matmul_args(a, b), hooks=TestHooks(fail_kernel={(2, 3)}))
    err = info.value
    assert err.device == 2 and err.reason == "kernel"
    assert "device 2: 'linalg.matmul' op failed: injected failure" in str(err)
    assert err.location == Location("mm.mlir", 6, 8)  # the linalg.matmul line of MATMUL
    assert isinstance(err, DiagnosticError)
    assert device_threads() == []


def test_a_real_kernel_error_is_located_at_the_op(operands):
    """Device 1 is given a 2x7 block: the matmul's contraction sizes disagree."""
    a, b = operands
    sched = row_sharded_matmul()
    sched.args[1] = ArgBinding(1, 1, "a", (2, 7), "f32")
    args = matmul_args(a, b)
    args[1] = a[2:4, :7]
    with pytest.raises(RuntimeFailure) as info:
        run_schedule(sched, args)
    assert info.value.device == 1
    assert "device 1: 'linalg.matmul' op failed:" in str(info.value) and "size 7" in str(info.value)
    assert info.value.location == Location("mm.mlir", 6, 8)
    assert device_threads() == []


def all_reduce_schedule(n: int = 4) -> Schedule:
    spec = CollectiveSpec("c0", "all_reduce", (0,), loc=Location("prog.mlir", 12, 5))
    devices = [DeviceSchedule(k, [Collective("c0", "x", "x")]) for k in range(n)]
    return Schedule(Mesh("m", (n,)), devices, {"c0": spec}, [ArgBinding(k, k, "x", (3,), "f32") for k in range(n)],
                    [ResultBinding(k, k, "x") for k in range(n)])


def test_skipped_collective_ends_in_an_error_naming_it_and_the_missing_device():
    args = [np.full(3, k, np.float32) for k in range(4)]
    with pytest.raises(RuntimeFailure) as info:
        run_schedule(all_reduce_schedule(), args, timeout=0.2, hooks=TestHooks(skip_collective={(3, "c0")}))
    err = info.value
    assert err.reason == "timeout" and err.device == 3
    assert "collective all_reduce 'c0'" in str(err)
    assert "devices [3] never reached it (arrived: [0, 1, 2])" in str(err)
    assert err.location == Location("prog.mlir", 12, 5)
    notes = [n.message for n in err.diagnostics[0].notes]
    assert notes == ["device 3 stopped at step 0 of 1: collective c0(x) -> x (test hook)"]
    assert device_threads() == []


def test_an_event_that_is_never_signalled_ends_in_an_error_naming_it():
    """Device 1 drops out at c0, before the step that signals 'y-ready' which device 0 waits for."""
    spec = CollectiveSpec("c0", "all_reduce", (0,))
    d0 = DeviceSchedule(0, [Allocate("y", (3,), "f32"), Copy("y", 1, "x", wait=("y-ready",)),
                            Collective("c0", "x", "x")])
    d1 = DeviceSchedule(1, [Collective("c0", "x", "x"), Allocate("t", (3,), "f32", signal="y-ready")])
    sched = Schedule(Mesh("m", (2,)), [d0, d1], {"c0": spec}, [ArgBinding(k, k, "x", (3,), "f32") for k in range(2)],
                     [])
    with pytest.raises(RuntimeFailure) as info:
        run_schedule(sched, [np.ones(3, np.float32)] * 2, timeout=0.1, hooks=TestHooks(skip_collective={(1, "c0")}))
    err = info.value
    assert err.reason == "timeout" and err.device == 1
    assert str(err).startswith("<unknown>: error: device 0, step 1 (copy y <- device 1 'x'): event 'y-ready' "
                               "(signalled by device 1, step 1: allocate t: 3xf32) timed out after 0.1 s: "
                               "devices [1] never reached it")
    assert device_threads() == []


def test_collectives_in_opposite_orders_are_reported_as_a_deadlock():
    specs = {c: CollectiveSpec(c, "all_reduce", (0,)) for c in ("c0", "c1")}
    devices = [DeviceSchedule(0, [Collective("c0", "x", "x"), Collective("c1", "x", "x")]),
               DeviceSchedule(1, [Collective("c1", "x", "x"), Collective("c0", "x", "x")])]
    sched = Schedule(Mesh("m", (2,)), devices, specs, [ArgBinding(k, k, "x", (3,), "f32") for k in range(2)], [])
    with pytest.raises(RuntimeFailure) as info:
        run_schedule(sched, [np.ones(3, np.float32)] * 2, timeout=0.1)
    assert info.value.reason == "deadlock" and "a deadlock" in str(info.value)
    # the wait ends at the timeout given (engine.check_timeout), not at a second one
    assert "timed out after 0.1 s: devices [" in str(info.value)
    notes = [n.message for n in info.value.diagnostics[0].notes]
    assert any("is at step 0 of 2: collective" in n for n in notes)
    assert device_threads() == []


def test_out_of_memory_names_device_and_buffer_with_a_usage_table(operands):
    a, b = operands
    # per device: a 64 + b 128 = 192 B of arguments, then z 4 B -> 196 B; c (32 B) does not fit in 200 B
    with pytest.raises(OutOfDeviceMemory) as info:
        run_schedule(row_sharded_matmul(), matmul_args(a, b), device_memory=200)
    err = info.value
    assert err.buffer == "c" and err.requested == 32 and err.available == 4
    assert f"device {err.device} is out of memory: buffer 'c' needs 32 bytes" in str(err)
    table = err.table.splitlines()
    assert table[0].split() == ["device", "in", "use", "(B)", "peak", "(B)", "capacity", "(B)", "buffers"]
    assert len(table) == 5 and all(row.split()[3] == "200" for row in table[1:])
    assert device_threads() == []


def test_arguments_are_checked_and_counted(operands):
    a, b = operands
    with pytest.raises(RuntimeFailure, match="takes 8 arguments, got 2"):
        run_schedule(row_sharded_matmul(), [a, b])
    args = matmul_args(a, b)
    args[0] = a[:2].astype(np.float64)
    with pytest.raises(RuntimeFailure, match="argument 0 has shape \\[2, 8\\] and element type float64"):
        run_schedule(row_sharded_matmul(), args)
    # arguments alone exceed 150 B: a 64 + b 128 = 192 B
    with pytest.raises(OutOfDeviceMemory, match="buffer 'b' needs 128 bytes"):
        run_schedule(row_sharded_matmul(), matmul_args(a, b), device_memory=150)


def test_chrome_trace_has_one_complete_event_per_step(operands, tmp_path):
    a, b = operands
    report = run_schedule(row_sharded_matmul(), matmul_args(a, b))
    path = tmp_path / "trace.json"
    report.stats.write_chrome_trace(str(path))
    trace = json.loads(path.read_text())
    spans = [e for e in trace["traceEvents"] if e["ph"] == "X"]
    assert len(spans) == 4 * 8  # 4 devices x 8 steps
    assert sorted({e["tid"] for e in spans}) == [0, 1, 2, 3]
    assert all(e["dur"] >= 0 and e["ts"] >= 0 and e["pid"] == 0 for e in spans)
    names = [e["name"] for e in spans if e["tid"] == 2]
    assert names == ["allocate z", "arith.constant", "allocate c", "tensor.empty", "linalg.fill", "free z",
                     "linalg.matmul", "free a"]
    threads = {e["tid"]: e["args"]["name"] for e in trace["traceEvents"] if e["name"] == "thread_name"}
    assert threads == {k: f"device {k}" for k in range(4)}


def test_stats_table_lists_every_device(operands):
    a, b = operands
    table = run_schedule(row_sharded_matmul(), matmul_args(a, b)).stats.table().splitlines()
    assert table[0].split()[:3] == ["device", "kernels", "peak"]
    assert [row.split()[:3] for row in table[1:5]] == [[str(k), "4", "228"] for k in range(4)]


def test_kernel_output_must_match_its_allocation():
    module, ops = ops_of(ADD, "add.mlir")
    sched = Schedule(Mesh("m", (1,)), [DeviceSchedule(0, [Allocate("y", (8, 4), "f32"),
                                                          Kernel(ops["arith.addf"], ("x", "x"), ("y",))])],
                     {}, [ArgBinding(0, 0, "x", (4, 8), "f32")], [], module)
    with pytest.raises(RuntimeFailure, match=r"produced shape \[4, 8\] of float32 for buffer 'y', allocated as "
                                             r"\[8, 4\] of float32"):
        run_schedule(sched, [np.zeros((4, 8), np.float32)])


def test_a_repeated_operand_reads_one_buffer():
    module, ops = ops_of(ADD, "add.mlir")
    with pytest.raises(ValueError, match="operand #1 is the same value as an earlier operand but reads buffer 'b'"):
        Kernel(ops["arith.addf"], ("a", "b"), ("y",))


def test_timeout_must_be_positive(operands):
    with pytest.raises(ValueError, match="timeout must be > 0"):
        Executor(row_sharded_matmul(), RunOptions(timeout=0))


def test_a_finished_run_leaves_nothing_of_its_state_in_the_device_interpreters(operands):
    # the interpreters outlive a run (--repeat reuses them): a handler left attached to them kept the
    # previous run's state, its result buffers included, alive until the next run (64 MiB more peak RSS
    # for a 4096^2 f32 result)
    import gc
    import weakref

    a, b = operands
    ex = Executor(row_sharded_matmul())
    report = ex.run(matmul_args(a, b))
    assert all(getattr(i, "body_collectives", None) is None for i in ex._interps if i is not None)
    held = weakref.ref(report.outputs[0])
    del report
    gc.collect()
    assert held() is None
