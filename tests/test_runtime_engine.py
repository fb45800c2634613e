"""The device engine (meshc/runtime/engine.py): runs of fused kernels account and fail exactly as
step by step (the trace keeps one record per step, so a traced run is the step-by-step reference),
the shared timeout rule's texts, and the bound kernels' direct form."""

from __future__ import annotations

import numpy as np
import pytest

import meshc.api as mc
from meshc.backend.schedule import Allocate, ArgBinding, DeviceSchedule, Free, Kernel, ResultBinding, Schedule
from meshc.runtime import engine
from meshc.runtime.devices import OutOfDeviceMemory
from meshc.runtime.executor import Executor, RunOptions, RuntimeFailure
from meshc.runtime.interpreter import BINDERS, load_kernels
from meshc.sharding.spec import Mesh


def ladder(devices: int, ops: int, width: int = 3, unwritten_at: int = -1) -> Schedule:
    """Per device a chain of ``ops`` addf whose results are kept ``width`` ops before being freed
    (so the pool holds several intermediates), with an extra scratch buffer allocated before the
    chain and freed in its middle, after op 2 signalled an event (so a buffer held before a run is
    released inside it), and device
    k's shards of size 4 * (k + 1) (every device its own figures). With ``unwritten_at`` >= 0, op
    ``unwritten_at`` reads the scratch buffer, allocated but never written."""
    lines, prev = [], "%x"
    for j in range(ops):
        lines.append(f"  %v{j} = arith.addf {prev}, %x : tensor<4xf32>")
        prev = f"%v{j}"
    module = mc.parse("func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {\n" + "\n".join(lines)
                      + f"\n  return {prev} : tensor<4xf32>\n}}", "ladder.mlir")
    adds = [op for op in module.walk() if op.name == "arith.addf"]
    scheds, args, results = [], [], []
    for d in range(devices):
        n = 4 * (d + 1)
        steps = [Allocate("scratch", (2 * n,), "f32")]
        prev = "x"
        for j, op in enumerate(adds):
            steps += [Allocate(f"v{j}", (n,), "f32"),
                      Kernel(op, ("scratch" if j == unwritten_at else prev, "x"), (f"v{j}",),
                             signal=f"v{j}@{d}" if j == 2 else None)]  # a signal ends a run
            if j >= width:
                steps.append(Free(f"v{j - width}"))
            if j == ops // 2:
                steps.append(Free("scratch"))
            prev = f"v{j}"
        scheds.append(DeviceSchedule(d, steps))
        args.append(ArgBinding(d, d, "x", (n,), "f32"))
        results.append(ResultBinding(d, d, prev))
    return Schedule(Mesh("m", (devices,)), scheds, {}, args, results, module, "f")


def figures(stats) -> list:
    return [(d.peak_bytes, d.peak_logical_bytes, d.final_bytes, d.allocations, d.allocated_bytes, d.kernels,
             dict(d.kernels_by_op), d.steps) for d in stats.devices]


def inputs(devices: int) -> list:
    return [np.arange(4 * (d + 1), dtype=np.float32) for d in range(devices)]


def test_a_run_of_fused_kernels_accounts_exactly_as_step_by_step():
    sched = ladder(3, 12)
    fast, steps = Executor(sched, RunOptions(trace=False)), Executor(sched, RunOptions(trace=True))
    assert all([r[0] for r in plan.records] == [engine._RUN] * 2 for plan in fast._plans)
    assert not any(r[0] == engine._RUN for plan in steps._plans for r in plan.records)
    a, b = fast.run(inputs(3)), steps.run(inputs(3))
    for d, (x, y) in enumerate(zip(a.outputs, b.outputs)):
        np.testing.assert_array_equal(x, y)
        np.testing.assert_array_equal(x, 13 * inputs(3)[d])
    assert figures(a.stats) == figures(b.stats)
    n = 16  # device 0: x, scratch (32 B), then up to 4 live results of 16 B while scratch is held
    assert a.stats.devices[0].peak_bytes == n + 2 * n + 4 * n
    assert a.stats.devices[0].final_bytes == n + 3 * n
    assert figures(fast.run(inputs(3)).stats) == figures(a.stats)  # a second run: fresh pools, same figures


def test_a_run_that_does_not_fit_fails_at_the_step_that_does_not_fit():
    sched = ladder(2, 12)
    peak = Executor(sched, RunOptions(trace=True)).run(inputs(2)).stats.devices[1].peak_bytes
    errors = []
    for trace in (False, True):
        with pytest.raises(OutOfDeviceMemory) as info:
            Executor(sched, RunOptions(trace=trace, device_memory=peak - 1)).run(inputs(2))
        errors.append(info.value)
    fast, steps = errors
    assert fast.device == steps.device == 1 and fast.buffer == steps.buffer == "v3"
    assert fast.requested == steps.requested == 32 and fast.available == steps.available == 31
    assert fast.diagnostics[0].message.splitlines()[0] == steps.diagnostics[0].message.splitlines()[0]


def test_a_kernel_failing_inside_a_run_reports_and_accounts_as_step_by_step():
    sched = ladder(2, 10, unwritten_at=3)
    errors = []
    for trace in (False, True):
        with pytest.raises(RuntimeFailure) as info:
            Executor(sched, RunOptions(trace=trace)).run(inputs(2))
        errors.append(info.value)
    fast, steps = errors
    assert str(fast) == str(steps) and fast.reason == steps.reason == "schedule"
    assert "buffer 'scratch' is read before any step wrote it" in str(fast)
    assert figures(fast.stats) == figures(steps.stats)
    assert fast.stats.devices[fast.device].kernels == 3


def test_the_timeout_rule_names_the_devices_and_where_they_are():
    steps = ladder(1, 2).devices[0].steps
    where = {1: engine.where(steps, 1, 2, engine.RUNNING), 2: engine.where(steps, 2, 1, engine.STOPPED),
             3: engine.where(steps, 3, len(steps), engine.RUNNING)}
    assert where[1] == f"device 1 is at step 2 of {len(steps)}: {steps[2].describe()}"
    assert where[2].startswith("device 2 stopped at step 1 of") and where[2].endswith("(test hook)")
    assert where[3] == "device 3 has finished its schedule"
    engine.check_timeout(lambda: "collective c0", engine.UNKNOWN_LOC, 0.5, 1.0, [2], [1], [0], 0,
                         where.get)  # before the timeout: the wait goes on
    with pytest.raises(RuntimeFailure) as info:
        engine.check_timeout(lambda: "collective c0", engine.UNKNOWN_LOC, 1.0, 1.0, [2], [1], [0], 0, where.get)
    assert info.value.diagnostics[0].message == ("collective c0 timed out after 1 s: devices [2] never reached it; "
                                      "devices [1] are still on their way (arrived: [0])")
    assert info.value.reason == "timeout" and info.value.device == 2
    assert [n.message for n in info.value.diagnostics[0].notes] == [where[1], where[2]]
    # a device blocked elsewhere (or still running): the wait ends at the timeout the user gave too
    engine.check_timeout(lambda: "event e", engine.UNKNOWN_LOC, 0.9, 1.0, [], [1], [], 0, where.get)
    with pytest.raises(RuntimeFailure) as info:
        engine.check_timeout(lambda: "event e", engine.UNKNOWN_LOC, 1.0, 1.0, [], [1], [], 0, where.get)
    assert info.value.reason == "deadlock" and info.value.diagnostics[0].message == (
        "event e timed out after 1 s: devices [1] are blocked waiting elsewhere (the schedules wait for each "
        "other: a deadlock) or still running a step that lasts longer than --collective-timeout")
    assert [n.message for n in info.value.diagnostics[0].notes] == [where[1]]
    # every expected device has passed the point (a transport fault): at the timeout as well
    with pytest.raises(RuntimeFailure) as info:
        engine.check_timeout(lambda: "collective c1", engine.UNKNOWN_LOC, 1.0, 1.0, [], [], [0, 1], 0, where.get,
                             [0, 1])
    assert info.value.reason == "timeout" and info.value.diagnostics[0].message == (
        "collective c1 timed out after 1 s although devices [0, 1] have passed the point where they take part")
    # a device of the run stopped: the wait it left names it, so a wait on devices behind it goes on
    # (up to a second timeout)
    engine.check_timeout(lambda: "event e", engine.UNKNOWN_LOC, 1.5, 1.0, [], [1], [], 0, where.get,
                         cause_elsewhere=True)
    with pytest.raises(RuntimeFailure) as info:
        engine.check_timeout(lambda: "event e", engine.UNKNOWN_LOC, 2.0, 1.0, [], [1], [], 0, where.get,
                             cause_elsewhere=True)
    assert info.value.reason == "deadlock" and "timed out after 2 s: devices [1] are blocked" in str(info.value)


@pytest.mark.parametrize("n", [4, 1 << 15])  # below and above the size from which an operand is donated
def test_a_bound_kernels_direct_form_computes_what_it_does(n):
    load_kernels()
    module = mc.parse(f"func.func @f(%a: tensor<{n}xf32>, %b: tensor<{n}xf32>) -> tensor<{n}xf32> {{\n"
                      f"  %c = arith.subf %a, %b : tensor<{n}xf32>\n  return %c : tensor<{n}xf32>\n}}", "d.mlir")
    op = next(o for o in module.walk() if o.name == "arith.subf")
    buf = [((n,), np.dtype(np.float32))]
    call = BINDERS[op.name](op, buf * 2, buf)
    a, b = np.arange(n, dtype=np.float32), np.full(n, 3, np.float32)
    want = a - b
    np.testing.assert_array_equal(call([a.copy(), b.copy()])[0], want)
    np.testing.assert_array_equal(call.direct(a.copy(), b.copy()), want)
