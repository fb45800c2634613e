"""The schedule data model (meshc.backend.schedule): construction checks,
validation, the JSON schema version 1 round trip, captured values."""

from __future__ import annotations

import json

import numpy as np
import pytest

import meshc.api as mc
from meshc.backend.schedule import (SCHEMA_VERSION, Allocate, ArgBinding, BufferLayout, Collective, CollectiveSpec,
                                    Copy, DeviceSchedule, Free, Kernel, PeerRead, ResultBinding, Schedule,
                                    ScheduleError, captured_values, parse_location)
from meshc.ir.location import DiagnosticError, Location
from meshc.runtime.executor import RuntimeFailure, TestHooks, run_schedule
from meshc.sharding.spec import Mesh

SOURCE = """
func.func @scale(%x: tensor<4xf32>) -> tensor<4xf32> {
  %s = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.mulf %in, %s : f32
    linalg.yield %m : f32
  } -> tensor<4xf32>
  %y = arith.addf %r, %x : tensor<4xf32>
  return %y : tensor<4xf32>
}
"""


@pytest.fixture(scope="module")
def module():
    return mc.parse(SOURCE, filename="scale.mlir")


def ops_by_name(module):
    return {op.name: op for op in module.walk()}


def two_device_schedule(module) -> Schedule:
    """Device 1 computes 2*x (generic capturing %s) + x; device 0 copies it
    after device 1's event; both devices are peered only in the 1x2 peered mesh."""
    ops = ops_by_name(module)
    d0 = DeviceSchedule(0, [
        Allocate("y", (4,), "f32", layout=BufferLayout("tile", (16, 16))),
        Copy("y", 1, "y", wait=("y@1",), loc=Location("scale.mlir", 11, 3)),
    ])
    d1 = DeviceSchedule(1, [
        Allocate("s", (), "f32"),
        Kernel(ops["arith.constant"], (), ("s",)),
        Allocate("r", (4,), "f32"),
        Kernel(ops["tensor.empty"], (), ("r",)),
        Kernel(ops["linalg.generic"], ("x", "r"), ("r",), captures=("s",)),
        Allocate("y", (4,), "f32"),
        Kernel(ops["arith.addf"], ("r", "x"), ("y",), signal="y@1"),
        Free("r"), Free("s"),
    ])
    return Schedule(Mesh("m", (2,)), [d0, d1], {}, [ArgBinding(0, 1, "x", (4,), "f32")],
                    [ResultBinding(0, 0, "y")], module, "scale")


def test_captured_values_are_the_outer_values_a_region_reads(module):
    ops = ops_by_name(module)
    s = ops["arith.constant"].results[0]
    assert captured_values(ops["linalg.generic"]) == [s]
    assert captured_values(ops["arith.addf"]) == []


def test_kernel_step_checks_buffer_counts_against_the_op(module):
    ops = ops_by_name(module)
    with pytest.raises(ScheduleError, match="2 operands but 1 input"):
        Kernel(ops["arith.addf"], ("a",), ("y",))
    with pytest.raises(ScheduleError, match="1 values from outside its regions but 0 capture"):
        Kernel(ops["linalg.generic"], ("x", "r"), ("r",))


def test_schedule_with_captures_and_a_copy_runs(module):
    x = np.array([1, 2, 3, 4], dtype=np.float32)
    report = run_schedule(two_device_schedule(module), [x])
    # 2*x + x = 3x
    assert report.outputs[0].tolist() == [3.0, 6.0, 9.0, 12.0]
    assert report.stats.devices[0].copy_bytes == 16  # 4 f32
    # device 0's y in a 16x16 tile: 1 tile of 256 f32 = 1024 B physical, 16 B logical
    assert report.stats.devices[0].peak_bytes == 1024
    assert report.stats.devices[0].peak_logical_bytes == 16


def test_json_round_trip_keeps_every_field(module):
    sched = two_device_schedule(module)
    sched.collectives["c0"] = CollectiveSpec("c0", "all_reduce", (0,), (), {"reduction": "max"},
                                             Location("scale.mlir", 3, 4))
    sched.devices[0].steps += [Collective("c0", "y", "y"), PeerRead("v", 1, "y", (1,), (2,), wait=("y@1",))]
    sched.devices[1].steps += [Collective("c0", "y", "y")]
    sched.mesh = Mesh("m", (2,), (0,))
    data = sched.to_json()
    assert data["version"] == SCHEMA_VERSION == 1
    text = json.dumps(data)
    back = Schedule.from_json_text(text)
    assert back.to_json() == data
    assert back.mesh == sched.mesh
    assert back.collectives["c0"].attributes == {"reduction": "max"}
    step = back.devices[0].steps[-1]
    assert (step.src_device, step.offsets, step.sizes, step.wait) == (1, (1,), (2,), ("y@1",))
    assert back.devices[0].steps[0].layout == BufferLayout("tile", (16, 16))
    back.validate()


def test_json_kernel_refers_to_the_op_by_walk_index(module):
    data = two_device_schedule(module).to_json()
    kernel = data["devices"][1]["steps"][1]
    names = [op.name for op in module.walk()]
    assert kernel["name"] == "arith.constant" and names[kernel["op"]] == "arith.constant"
    assert data["devices"][1]["steps"][4]["captures"] == ["s"]


def test_json_restores_source_locations_so_errors_point_at_the_source(module):
    back = Schedule.from_json(two_device_schedule(module).to_json())
    with pytest.raises(RuntimeFailure) as info:
        run_schedule(back, [np.ones(4, np.float32)], hooks=TestHooks(fail_kernel={(1, 3)}))
    # the 4th kernel of device 1 is arith.addf: line 10 of scale.mlir (line 1 is empty), col 8
    assert info.value.location == Location("scale.mlir", 10, 8)
    assert "device 1" in str(info.value) and "'arith.addf' op failed" in str(info.value)


def test_json_rejects_other_versions_and_mismatched_ops(module):
    data = two_device_schedule(module).to_json()
    with pytest.raises(ScheduleError, match="version 2 is not supported"):
        Schedule.from_json(dict(data, version=2))
    data["devices"][1]["steps"][1]["name"] = "linalg.matmul"
    with pytest.raises(ScheduleError, match="is 'arith.constant', not 'linalg.matmul'"):
        Schedule.from_json(data)
    data["devices"][1]["steps"][1]["op"] = 999
    with pytest.raises(ScheduleError, match="op index 999 is outside"):
        Schedule.from_json(data)
    with pytest.raises(ScheduleError, match="unknown step kind 'jump'"):
        Schedule.from_json(dict(data, devices=[{"device": 0, "steps": [{"step": "jump"}]}]))


def test_parse_location():
    assert parse_location("a/b.mlir:3:14") == Location("a/b.mlir", 3, 14)
    assert parse_location("<unknown>") == Location("<unknown>")
    assert parse_location(None) is None


# -- validation ---------------------------------------------------------------------------------


def simple(mesh: Mesh, steps_by_device: dict, args=(), results=(), collectives=None) -> Schedule:
    devices = [DeviceSchedule(k, list(steps_by_device.get(k, []))) for k in range(mesh.num_devices)]
    return Schedule(mesh, devices, collectives or {}, list(args), list(results))


def test_peer_read_needs_peered_devices():
    mesh = Mesh("m", (2, 2), (1,))  # peer groups [0, 1] and [2, 3]
    ok = simple(mesh, {1: [PeerRead("w", 0, "w")]}, [ArgBinding(0, 0, "w", (2,), "f32")])
    ok.validate()
    bad = simple(mesh, {2: [PeerRead("w", 0, "w")]}, [ArgBinding(0, 0, "w", (2,), "f32")])
    with pytest.raises(ScheduleError, match=r"device 2, step 0 .*devices 2 and 0 are not peered .*use a copy step"):
        bad.validate()


@pytest.mark.parametrize("steps, message", [
    ([Free("nope")], "buffer 'nope' is not live"),
    ([Allocate("x", (2,), "f32")], "buffer 'x' is already live"),
    ([Allocate("y", (2,), "f99")], "unsupported element type 'f99'"),
    ([PeerRead("x", 0, "w")], "reads its own buffer"),
    ([Copy("x", 7, "w")], "source device 7 is not on the 2-device mesh"),
    ([Collective("c9", "x", "x")], "no collective instance 'c9'"),
])
def test_validation_names_device_step_and_buffer(steps, message):
    sched = simple(Mesh("m", (2,)), {0: steps}, [ArgBinding(0, 0, "x", (2,), "f32")])
    with pytest.raises(ScheduleError, match=message):
        sched.validate()


def test_kernel_cannot_write_a_peer_view(module):
    ops = ops_by_name(module)
    mesh = Mesh("m", (2,), (0,))
    sched = simple(mesh, {1: [PeerRead("x", 0, "x"), Kernel(ops["arith.addf"], ("x", "x"), ("x",))]},
                   [ArgBinding(0, 0, "x", (4,), "f32")])
    sched.module = module
    with pytest.raises(ScheduleError, match="'x' is a peer view"):
        sched.validate()


def test_kernel_op_must_belong_to_the_module(module):
    other = mc.parse(SOURCE, filename="other.mlir")
    sched = simple(Mesh("m", (1,)), {0: [Allocate("y", (4,), "f32"),
                                         Kernel(ops_by_name(other)["arith.addf"], ("x", "x"), ("y",))]},
                   [ArgBinding(0, 0, "x", (4,), "f32")])
    sched.module = module
    with pytest.raises(ScheduleError, match="not in the schedule's module"):
        sched.validate()


def test_events_are_signalled_once_and_not_awaited_from_the_future():
    mesh = Mesh("m", (2,))
    twice = simple(mesh, {0: [Allocate("a", (1,), "f32", signal="e")], 1: [Allocate("a", (1,), "f32", signal="e")]})
    with pytest.raises(ScheduleError, match="event 'e' is already signalled by device 0, step 0"):
        twice.validate()
    future = simple(mesh, {0: [Allocate("a", (1,), "f32", wait=("e",)), Free("a", signal="e")]})
    with pytest.raises(ScheduleError, match="its own step 1 signals later"):
        future.validate()
    nobody = simple(mesh, {0: [Allocate("a", (1,), "f32", wait=("ghost",))]})
    with pytest.raises(ScheduleError, match="event 'ghost', which no step signals"):
        nobody.validate()


def test_collective_participants_and_groups():
    mesh = Mesh("m", (2, 2))
    args = [ArgBinding(k, k, "x", (2,), "f32") for k in range(4)]
    spec = CollectiveSpec("c0", "all_reduce", (1,))  # groups [0, 1] and [2, 3]
    missing = simple(mesh, {k: [Collective("c0", "x", "x")] for k in (0, 1, 2)}, args, collectives={"c0": spec})
    with pytest.raises(ScheduleError, match=r"devices \[3\] have no step taking part in it"):
        missing.validate()
    half = CollectiveSpec("c0", "all_reduce", (1,), devices=(0, 2))
    partial = simple(mesh, {k: [Collective("c0", "x", "x")] for k in (0, 2)}, args, collectives={"c0": half})
    with pytest.raises(ScheduleError, match=r"devices \[0\] take part but the rest of their group \[0, 1\]"):
        partial.validate()
    one_group = CollectiveSpec("c0", "all_reduce", (1,), devices=(2, 3))
    simple(mesh, {k: [Collective("c0", "x", "x")] for k in (2, 3)}, args, collectives={"c0": one_group}).validate()


def test_collective_spec_checks_kind_and_attributes():
    with pytest.raises(ScheduleError, match="unknown kind 'all_mix'"):
        CollectiveSpec("c", "all_mix", (0,))
    with pytest.raises(ScheduleError, match="needs a tensor axis 'gather_axis'"):
        CollectiveSpec("c", "all_gather", (0,))
    with pytest.raises(ScheduleError, match="takes no attribute"):
        CollectiveSpec("c", "all_reduce", (0,), attributes={"gather_axis": 0})
    assert CollectiveSpec("c", "reduce_scatter", (0,), attributes={"scatter_axis": 1}).attributes == {
        "scatter_axis": 1, "reduction": "sum"}


def test_results_must_be_live_at_the_end():
    sched = simple(Mesh("m", (1,)), {0: [Free("x")]}, [ArgBinding(0, 0, "x", (2,), "f32")], [ResultBinding(0, 0, "x")])
    with pytest.raises(ScheduleError, match="result 0 is read from buffer 'x', which is not live"):
        sched.validate()


def test_dynamic_mesh_and_device_count_are_rejected():
    with pytest.raises(ScheduleError, match="dynamic shape"):
        Schedule(Mesh("m", (None,)), []).validate()
    with pytest.raises(ScheduleError, match="has 4 devices but the schedule has 3"):
        Schedule(Mesh("m", (4,)), [DeviceSchedule(k) for k in range(3)]).validate()


def test_schedule_errors_are_value_errors_and_diagnostics():
    err = ScheduleError("x")
    assert isinstance(err, ValueError) and isinstance(err, DiagnosticError)
