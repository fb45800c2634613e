"""Invariants of the runtime's fast paths (docs/runtime.md, "Step records", "BLAS threads",
"Inputs"): the fused allocate/kernel/free records count and account exactly as the step-by-step
path; kernels run under one floating-point error state per device thread (warnings stay
silenced); the BLAS is limited inside the device threads and restored after; inputs are bound
as read-only views; a kernel never writes into the caller's arrays; failures still name the
device, the op and its location."""

from __future__ import annotations

import io
import threading
import warnings

import numpy as np
import pytest

import meshc.api as mc
from meshc.backend.schedule import Allocate, ArgBinding, DeviceSchedule, Free, Kernel, ResultBinding, Schedule
from meshc.runtime import blas, interpreter
from meshc.runtime.executor import Executor, RunOptions, RuntimeFailure
from meshc.runtime.interpreter import Interpreter
from meshc.sharding.spec import Mesh

SAMPLES = __import__("pathlib").Path(__file__).resolve().parent.parent / "samples"


def chain(devices: int, ops: int, shape=(8, 8), name: str = "arith.addf") -> Schedule:
    """``ops`` chained ``y = y <op> x`` per device, allocated and freed as the backend does."""
    t = "x".join(map(str, shape)) + "xf32"
    lines = [f"func.func @chain(%x: tensor<{t}>) -> tensor<{t}> {{"]
    prev = "%x"
    for j in range(ops):
        lines.append(f"  %v{j} = {name} {prev}, %x : tensor<{t}>")
        prev = f"%v{j}"
    lines += [f"  return {prev} : tensor<{t}>", "}"]
    module = mc.parse("\n".join(lines), filename="chain.mlir")
    kernels = [op for op in module.walk() if op.name == name]
    scheds = []
    for d in range(devices):
        steps, prev = [], "x"
        for j, op in enumerate(kernels):
            steps += [Allocate(f"v{j}", shape, "f32"), Kernel(op, (prev, "x"), (f"v{j}",))]
            if prev != "x":
                steps.append(Free(prev))
            prev = f"v{j}"
        scheds.append(DeviceSchedule(d, steps))
    args = [ArgBinding(d, d, "x", shape, "f32") for d in range(devices)]
    results = [ResultBinding(d, d, prev) for d in range(devices)]
    return Schedule(Mesh("m", (devices,)), scheds, {}, args, results, module, "chain")


@pytest.mark.parametrize("trace", [False, True])  # fused records without a trace, one record per step with one
def test_fused_records_compute_count_and_account_like_steps(trace):
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    ex = Executor(chain(2, 5), RunOptions(trace=trace))
    report = ex.run([x, 2 * x])
    np.testing.assert_array_equal(report.outputs[0], 6 * x)
    np.testing.assert_array_equal(report.outputs[1], 12 * x)
    for d in report.stats.devices:
        assert d.kernels == 5 and d.kernels_by_op == {"arith.addf": 5}
        # x (256 B) + the result being written + its operand: 768 B at most; x and the last result stay
        assert (d.peak_bytes, d.final_bytes, d.allocations) == (768, 512, 6)
        assert d.steps == 5 + 5 + 4
    assert len(report.stats.events) == (2 * 14 if trace else 0)
    again = ex.run([x, x])  # a second run starts from empty pools
    assert again.stats.devices[0].kernels == 5 and again.stats.devices[0].peak_bytes == 768


def test_device_threads_keep_floating_point_warnings_silenced():
    x = np.zeros((8, 8), np.float32)
    before = np.geterr()
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a RuntimeWarning from any thread would fail the kernel
        out = Executor(chain(2, 2, name="arith.divf"), RunOptions(trace=False)).run([x + 1, x]).outputs  # 1/1, 0/0
        (ref,) = Interpreter(mc.parse("func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {\n"
                                      "  %b = arith.divf %a, %a : tensor<2xf32>\n  return %b : tensor<2xf32>\n}",
                                      "d.mlir")).call("f", [np.zeros(2, np.float32)])
    assert np.all(out[0] == 1) and np.all(np.isnan(out[1]))
    assert np.all(np.isnan(ref))
    assert np.geterr() == before  # the caller's error state is untouched


def test_blas_limit_is_visible_inside_device_threads_and_restored(monkeypatch):
    seen = []
    add = interpreter.KERNELS["arith.addf"]

    def spying(interp, op, args):
        seen.append((threading.current_thread().name, blas.blas_thread_counts()))
        return add(interp, op, args)

    monkeypatch.setitem(interpreter.KERNELS, "arith.addf", spying)
    monkeypatch.delitem(interpreter.BINDERS, "arith.addf")
    before = blas.blas_thread_counts()
    assert before, "numpy's BLAS is not visible to threadpoolctl"
    x = np.ones((8, 8), np.float32)
    Executor(chain(2, 1), RunOptions(trace=False, blas_threads=1)).run([x, x])
    assert sorted(name for name, _ in seen) == ["meshc-device-0", "meshc-device-1"]
    assert all(counts == [1] * len(before) for _, counts in seen)
    assert blas.blas_thread_counts() == before
    seen.clear()
    Executor(chain(2, 1), RunOptions(trace=False, blas_threads=0)).run([x, x])  # 0: the BLAS as it is
    assert [counts for _, counts in seen] == [before, before]


def test_default_blas_threads_is_each_devices_share_of_the_cores():
    cores = blas.available_cores()
    assert blas.resolve_blas_threads(None, 8) == max(1, cores // 8)
    assert blas.resolve_blas_threads(None, 1) == cores
    assert blas.resolve_blas_threads(3, 8) == 3 and blas.resolve_blas_threads(0, 8) is None
    with pytest.raises(ValueError, match="must be >= 0"):
        blas.resolve_blas_threads(-1, 2)
    assert Executor(chain(2, 1)).blas_threads == max(1, cores // 2)


def test_inputs_are_bound_as_read_only_views_and_a_replicated_input_is_one_array():
    compiled = mc.compile(mc.parse(str(SAMPLES / "seed_matmul_rows.mlir")))
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    b = np.arange(6, dtype=np.float32).reshape(3, 2) - 2
    out = np.full((2, 2), 7, np.float32)
    shards = mc.shard_inputs(compiled.program, [a, b, out])
    by_source = {}
    for slot, shard in zip(compiled.program.args, shards):
        by_source.setdefault(slot.index, []).append(shard)
    assert all(np.shares_memory(s, a) for s in by_source[0]) and len(by_source[0]) == 2
    assert all(np.shares_memory(s, b) and s.shape == b.shape for s in by_source[1])  # B replicated: no copy
    assert not any(s.flags.writeable for s in shards)
    cols = np.arange(12, dtype=np.float32).reshape(3, 4)
    from meshc.runtime.backends import shard_view

    block = shard_view(cols, (0, 2), (3, 2))  # not contiguous: a private copy of the block
    assert not np.shares_memory(block, cols) and block.flags.c_contiguous
    np.testing.assert_array_equal(block, cols[:, 2:])


def test_a_kernel_writing_its_init_or_a_donated_operand_leaves_the_callers_arrays_alone():
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    b = np.arange(6, dtype=np.float32).reshape(3, 2) - 2
    out = np.full((2, 2), 7, np.float32)
    keep = [a.copy(), b.copy(), out.copy()]
    r = mc.run(mc.parse(str(SAMPLES / "seed_matmul_rows.mlir")), [a, b, out], check=True)
    np.testing.assert_allclose(r.outputs[0], out + a @ b)  # the destination-passing init accumulates
    for got, want in zip((a, b, out), keep):
        np.testing.assert_array_equal(got, want)
    # a chain whose first result is donated to the next op (big enough to be donated)
    x = np.random.default_rng(0).standard_normal((128, 128), dtype=np.float32)
    x0 = x.copy()
    report = Executor(chain(1, 3, shape=(128, 128)), RunOptions(trace=False)).run([x])
    np.testing.assert_allclose(report.outputs[0], 4 * x0, rtol=1e-6)
    np.testing.assert_array_equal(x, x0)


@pytest.mark.parametrize("trace", [False, True])
def test_a_failing_fused_kernel_names_device_op_and_location(trace):
    module = mc.parse("func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {\n"
                      "  %c = arith.addf %a, %b : tensor<4xf32>\n  return %c : tensor<4xf32>\n}", "bad.mlir")
    add = next(op for op in module.walk() if op.name == "arith.addf")
    # device 1's second operand is f64: the schedule binds what the op does not accept
    scheds = [DeviceSchedule(d, [Allocate("c", (4,), "f32"), Kernel(add, ("a", "b"), ("c",))]) for d in range(2)]
    args = [ArgBinding(0, 0, "a", (4,), "f32"), ArgBinding(1, 0, "b", (4,), "f32"),
            ArgBinding(2, 1, "a", (4,), "f32"), ArgBinding(3, 1, "b", (4,), "f64")]
    sched = Schedule(Mesh("m", (2,)), scheds, {}, args, [ResultBinding(0, 0, "c")], module, "f")
    x = np.ones(4, np.float32)
    with pytest.raises(RuntimeFailure) as info:
        Executor(sched, RunOptions(trace=trace)).run([x, x, x, np.ones(4)])
    err = info.value
    assert err.reason == "kernel" and err.device == 1
    assert "device 1" in str(err) and "'arith.addf' op failed" in str(err) and "dtypes differ" in str(err)
    assert err.location.line == 2
    assert any("step 1 of device 1" in n.message for n in err.diagnostics[0].notes)
    assert err.stats is not None and err.stats.devices[0].kernels == 1 and err.stats.devices[1].kernels == 0


def test_blas_slots_bound_the_kernels_inside_a_blas_call():
    import time as _time

    from meshc.kernels import fpstate

    active, peak, lock = [0], [0], threading.Lock()

    def call():
        with fpstate.blas_call():
            with lock:
                active[0] += 1
                peak[0] = max(peak[0], active[0])
            _time.sleep(0.05)  # long enough for the others to try to enter
            with lock:
                active[0] -= 1

    with fpstate.blas_slots(2):
        threads = [threading.Thread(target=call) for _ in range(6)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    assert peak[0] == 2
    assert fpstate.blas_call() is not None and fpstate._SLOTS == [None, 0]  # no limit outside
    cores = blas.available_cores()
    ex = Executor(chain(8, 1), RunOptions(blas_threads=1))
    assert ex.blas_slots == (cores if cores < 8 else None)


def test_launch_gives_each_rank_its_share_of_blas_threads(monkeypatch):
    from meshc.runtime import mpi_launch

    started = []

    class FakeProc:
        def __init__(self, cmd, env=None, stdout=None):  # stdout: the launcher's pipe when not a terminal
            started.append((cmd, env))
            self.stdout = io.BytesIO(b"") if stdout is not None else None  # the job printed nothing

        def wait(self, timeout=None):
            return 0

    monkeypatch.setattr(mpi_launch.subprocess, "Popen", FakeProc)
    monkeypatch.setattr(mpi_launch, "mpiexec_command", lambda n, argv: ["mpiexec", "-n", str(n)] + list(argv))
    monkeypatch.setenv("OMP_NUM_THREADS", "7")
    assert mpi_launch.relaunch(2, ["run", "p.mlir", "--launch", "2"]) == 0
    cmd, env = started[-1]
    share = str(max(1, blas.available_cores() // 2))
    assert cmd == ["mpiexec", "-n", "2", "run", "p.mlir"]
    assert env["OPENBLAS_NUM_THREADS"] == share and env["MKL_NUM_THREADS"] == share
    assert env["OMP_NUM_THREADS"] == "7"  # the environment's own setting stays without --blas-threads
    mpi_launch.relaunch(2, ["run", "p.mlir", "--blas-threads", "3"], blas_threads=3)
    assert all(started[-1][1][v] == "3" for v in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"))
