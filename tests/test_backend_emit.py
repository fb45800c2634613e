"""The backend (meshc.backend.emit): unrolled IR -> per-device schedules.

Checked on a hand-written unrolled program (tests/data/backend/unrolled_2x2.mlir,
independent of the passes) step by step, then on pipeline output: in-place
reuse of destination operands, replicated constants, peer reads of a value
stored once per peer group, a program without a mesh on one device, JSON
round trip, and the located errors."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import meshc.api as mc
from meshc.backend.emit import EmitError, emit_program, emit_schedule, tied_operands
from meshc.backend.schedule import Allocate, Collective, Copy, Free, Kernel, PeerRead, Schedule
from meshc.ir.location import DiagnosticError
from meshc.runtime.executor import run_schedule

DATA = Path(__file__).parent / "data"
UNROLLED = DATA / "backend" / "unrolled_2x2.mlir"


def lines(schedule: Schedule, k: int) -> list[str]:
    """Device k's steps as 'describe [waits ...] [signals ...]'."""
    out = []
    for s in schedule.devices[k].steps:
        text = s.describe()
        if s.wait:
            text += f" waits {list(s.wait)}"
        if s.signal:
            text += f" signals {s.signal}"
        out.append(text)
    return out


@pytest.fixture
def unrolled():
    return emit_program(mc.parse(str(UNROLLED)))


def test_hand_written_unrolled_program_places_arguments_on_peer_group_owners(unrolled):
    s = unrolled.schedule
    assert (s.mesh.name, s.mesh.shape, s.mesh.peered_axes) == ("m", (2, 2), (1,))
    assert s.entry == "f_sharded" and unrolled.entry == "f" and unrolled.runs == "f_sharded"
    # %x_0 is held by devices [0, 1] (one peer group), %x_1 by [2, 3]: bound on the owners only
    assert [(a.index, a.device, a.buffer, a.shape) for a in s.args] == [(0, 0, "%x_0", (2, 8)),
                                                                        (1, 2, "%x_1", (2, 8))]
    assert [(r.index, r.device, r.buffer) for r in s.results] == [(0, 0, "%g#0"), (1, 2, "%g#1"), (2, 2, "%d")]
    assert [(a.index, a.devices, a.offsets, a.shape) for a in unrolled.args] == [
        (0, (0, 1), (0, 0), (2, 8)), (0, (2, 3), (2, 0), (2, 8))]
    assert [(r.index, r.devices, r.offsets, r.shape) for r in unrolled.results] == [
        (0, (0, 1), (0, 0), (4, 8)), (0, (2, 3), (0, 0), (4, 8)), (1, (2,), (0, 0), (2, 8))]


def test_hand_written_unrolled_program_steps_of_every_device(unrolled):
    s = unrolled.schedule
    spec = s.collectives["c0"]
    assert (spec.kind, spec.mesh_axes, spec.attributes) == ("all_gather", (0,), {"gather_axis": 0})
    # device 0 computes y_0 = x_0 + x_0, gathers into %g#0, then frees y_0 once device 1 dropped its
    # peer view, and x_0 once device 2 copied it
    assert lines(s, 0) == [
        "allocate %y_0: 2x8xf32",
        "kernel arith.addf(%x_0, %x_0) -> %y_0 signals %y_0 ready@0",
        "allocate %g#0: 4x8xf32",
        "collective c0(%y_0) -> %g#0",
        "free %y_0 waits ['%y_0@0 freed@1']",
        "free %x_0 waits ['%x_0@0 copied@2']",
    ]
    # device 1 (peered with 0) reads y_0 in place and receives into a scratch buffer: the gathered
    # tensor of its peer group is stored once, by device 0
    assert lines(s, 1) == [
        "peer_read %y_0@0 <- device 0 '%y_0' waits ['%y_0 ready@0']",
        "allocate %g#0.scratch: 4x8xf32",
        "collective c0(%y_0@0) -> %g#0.scratch",
        "free %y_0@0 signals %y_0@0 freed@1",
        "free %g#0.scratch",
    ]
    # device 2 is not peered with device 0: it copies x_0 (an argument: nothing to wait for)
    assert lines(s, 2) == [
        "allocate %y_1: 2x8xf32",
        "kernel arith.addf(%x_1, %x_1) -> %y_1 signals %y_1 ready@2",
        "allocate %g#1: 4x8xf32",
        "collective c0(%y_1) -> %g#1",
        "free %y_1 waits ['%y_1@2 freed@3']",
        "allocate %x_0@0: 2x8xf32",
        "copy %x_0@0 <- device 0 '%x_0' signals %x_0@0 copied@2",
        "allocate %d: 2x8xf32",
        "kernel arith.subf(%x_1, %x_0@0) -> %d",
        "free %x_1",
        "free %x_0@0",
    ]
    assert lines(s, 3) == [
        "peer_read %y_1@2 <- device 2 '%y_1' waits ['%y_1 ready@2']",
        "allocate %g#1.scratch: 4x8xf32",
        "collective c0(%y_1@2) -> %g#1.scratch",
        "free %y_1@2 signals %y_1@2 freed@3",
        "free %g#1.scratch",
    ]
    kernel = s.devices[2].steps[8]
    assert isinstance(kernel, Kernel) and kernel.location.line == 27  # the arith.subf line


def test_hand_written_unrolled_program_runs_and_moves_the_expected_bytes():
    x = np.arange(32, dtype=np.float32).reshape(4, 8)
    r = mc.run(mc.parse(str(UNROLLED)), {"x": x}, pipeline="", check=True)
    np.testing.assert_array_equal(r.outputs[0], x + x)
    np.testing.assert_array_equal(r.outputs[1], x[2:] - x[:2])
    assert r.check_ok and [c.max_abs for c in r.comparisons] == [0.0, 0.0]
    dev = r.stats.devices
    # one 2x8 f32 shard = 64 bytes: devices 1 and 3 read their owner's shard in place, device 2 copies x_0
    assert [d.peer_read_bytes for d in dev] == [0, 64, 0, 64]
    assert [d.copy_bytes for d in dev] == [0, 0, 64, 0]
    # all_gather over 2 devices: each receives the other half (64 bytes)
    assert [d.collective_bytes for d in dev] == [64, 64, 64, 64]
    # peaks: device 0: x_0 64 + y_0 64 + g 128 = 256; device 1: scratch 128 (a view costs nothing);
    # device 2: x_1 64 + y_1 64 + g#1 128, then y_1 freed before x_0@0 64 + d 64 -> 320 at its end
    assert [d.peak_bytes for d in dev] == [256, 128, 320, 128]


def test_schedule_json_round_trip_runs_the_same(unrolled):
    s = unrolled.schedule
    back = Schedule.from_json_text(s.to_json_text())
    x = np.random.default_rng(3).standard_normal((4, 8)).astype(np.float32)
    args = mc.shard_inputs(unrolled, [x])
    a, b = run_schedule(s, args), run_schedule(back, args)
    for u, v in zip(a.outputs, b.outputs):
        np.testing.assert_array_equal(u, v)
    assert [lines(back, k) for k in range(4)] == [lines(s, k) for k in range(4)]


def test_destination_operands_are_reused_in_place_and_constants_replicated():
    """mlp_tensor_parallel on 4 devices (pipeline output): on device 0, fill writes a new buffer (its
    outs %e1 is read again by the generic), the matmul writes into the fill's buffer (its last use),
    the generic into %e1; every device runs its own arith.constant."""
    c = mc.compile(mc.parse(str(DATA / "mlp_tensor_parallel.mlir")), spmd=False)  # the unrolled emitter
    s = c.schedule
    steps = s.devices[0].steps
    kernels = [st for st in steps if isinstance(st, Kernel)]
    assert [(k.op.name, k.inputs, k.outputs) for k in kernels] == [
        ("tensor.empty", (), ("%e1",)),
        ("arith.constant", (), ("%zero",)),
        ("linalg.fill", ("%zero", "%e1"), ("%f1",)),
        ("linalg.matmul", ("%x_0", "%w1_0", "%f1"), ("%f1",)),
        ("linalg.generic", ("%f1", "%b1_0", "%e1"), ("%e1",)),
        ("tensor.empty", (), ("%e2",)),
        ("linalg.fill", ("%zero", "%e2"), ("%e2",)),
        ("linalg.matmul", ("%e1", "%w2_0", "%e2"), ("%e2",)),
    ]
    assert sum(isinstance(st, Allocate) for st in steps) == 4  # e1, zero, f1, e2
    for k in range(4):
        consts = [st for st in s.devices[k].steps if isinstance(st, Kernel) and st.op.name == "arith.constant"]
        assert len(consts) == 1
    # x is replicated over the peered axis: one argument, on device 0; the others read it in place
    assert [a.device for a in s.args if a.buffer.startswith("%x")] == [0]
    for k in (1, 2, 3):
        reads = [st for st in s.devices[k].steps if isinstance(st, PeerRead)]
        assert [(r.src_device, r.src_buffer) for r in reads] == [(0, "%x_0")]
    # the all_reduce: device 0 owns the replicated result, the others receive into their input in place
    colls = [st for d in s.devices for st in d.steps if isinstance(st, Collective)]
    # (%0: the tensor.empty of devices 1-3's partial sums, as each device's fused body names it)
    assert [(st.input, st.output) for st in colls] == [("%e2", "%e2"), ("%0", "%0"), ("%0", "%0"), ("%0", "%0")]
    assert [isinstance(d.steps[-1], Free) for d in s.devices] == [False, True, True, True]


def test_program_without_a_mesh_runs_on_one_host_device():
    module = mc.parse("""
func.func @f(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %s = arith.addf %a, %b : tensor<2x3xf32>
  %t = arith.mulf %s, %s : tensor<2x3xf32>
  return %t : tensor<2x3xf32>
}""", "plain.mlir")
    p = emit_program(module)
    assert (p.schedule.mesh.name, p.schedule.mesh.shape, p.runs) == ("host", (1,), "f")
    assert lines(p.schedule, 0) == ["allocate %s: 2x3xf32", "kernel arith.addf(%a, %b) -> %s", "free %a", "free %b",
                                    "allocate %t: 2x3xf32", "kernel arith.mulf(%s, %s) -> %t", "free %s"]
    a = np.ones((2, 3), np.float32)
    r = mc.run(module, [a, 2 * a], pipeline="")
    np.testing.assert_array_equal(r.outputs[0], np.full((2, 3), 9, np.float32))


def test_corpus_copy_steps_between_unpeered_rows_of_mesh2d():
    """mesh2d_peered on 2x4 (axis 1 peered): no device reads a device of the other row."""
    s = mc.compile(mc.parse(str(DATA / "mesh2d_peered.mlir"))).schedule
    for d in s.devices:
        for st in d.steps:
            if isinstance(st, (PeerRead, Copy)):
                assert s.mesh.is_peered(d.device, st.src_device) == isinstance(st, PeerRead)
                assert s.mesh.device_coords(d.device)[0] == s.mesh.device_coords(st.src_device)[0]


def test_tied_operands_follow_destination_passing_style():
    ops = {op.name: op for op in mc.parse(str(DATA / "mlp_tensor_parallel.mlir")).walk()}
    assert tied_operands(ops["linalg.matmul"]) == [(2, 0)]   # ins(x, w1) outs(f1)
    assert tied_operands(ops["linalg.fill"]) == [(1, 0)]     # ins(zero) outs(e1)
    assert tied_operands(ops["linalg.generic"]) == [(2, 0)]  # ins(h, b1) outs(e1)
    assert tied_operands(ops["tensor.empty"]) == []
    m = mc.parse("""func.func @g(%s: tensor<2xf32>, %d: tensor<4xf32>) -> tensor<4xf32> {
  %r = tensor.insert_slice %s into %d[1] [2] [1] : tensor<2xf32> into tensor<4xf32>
  return %r : tensor<4xf32>
}""")
    insert = next(op for op in m.walk() if op.name == "tensor.insert_slice")
    assert tied_operands(insert) == [(1, 0)]


def test_dynamic_mesh_without_a_shape_is_a_located_error():
    module = mc.parse(str(DATA / "dynamic_mesh_rowsum.mlir"))
    with pytest.raises(EmitError) as info:
        mc.compile(module)
    assert "@main runs on mesh @m, whose shape is dynamic (?): give its shape with " \
           "--mesh-shape m=N" in str(info.value)
    assert info.value.location.line == 11  # the func.func line


def test_annotated_program_without_the_pipeline_is_an_error():
    with pytest.raises(EmitError) as info:
        emit_schedule(mc.parse(str(DATA / "seed_matmul_rows.mlir")))
    assert "has no unrolled @main_sharded: the pipeline did not unroll it" in str(info.value)


def test_sharded_argument_without_mesh_arg_is_an_error():
    text = UNROLLED.read_text().replace("{mesh.arg = 0, mesh.devices = [2, 3], mesh.offsets = array<i64: 2, 0>}",
                                        "")
    with pytest.raises(EmitError) as info:
        emit_schedule(mc.parse(text, "no_attr.mlir"))
    assert "argument #1 of @f_sharded has no 'mesh.arg' attribute" in str(info.value)


def test_dynamic_tensor_shape_is_an_error_naming_the_op():
    module = mc.parse("""func.func @f(%a: tensor<?xf32>) -> tensor<?xf32> {
  %s = arith.addf %a, %a : tensor<?xf32>
  return %s : tensor<?xf32>
}""", "dyn.mlir")
    with pytest.raises(EmitError) as info:
        emit_schedule(module)
    assert "has a dynamic shape" in str(info.value) and "tensor<?xf32>" in str(info.value)
    assert isinstance(info.value, DiagnosticError) and isinstance(info.value, ValueError)


def test_every_wait_points_to_a_step_that_signals_it_once():
    """For several pipeline outputs: each awaited event is signalled by exactly one step, and a Free
    of a buffer read by other devices waits for each of them."""
    for name, shape in [("mlp_tensor_parallel", "tp=8"), ("mesh2d_peered", "m=4x2"), ("seed_matmul_rows", None)]:
        s = mc.compile(mc.parse(str(DATA / f"{name}.mlir")), mesh_shape=shape).schedule
        signals = [st.signal for d in s.devices for st in d.steps if st.signal]
        assert len(signals) == len(set(signals))
        waits = {w for d in s.devices for st in d.steps for w in st.wait}
        assert waits == set(signals)
        for d in s.devices:
            for st in d.steps:
                if isinstance(st, Free):
                    readers = [o for o in s.devices if o.device != d.device
                               for r in o.steps if isinstance(r, (PeerRead, Copy))
                               and (r.src_device, r.src_buffer) == (d.device, st.buffer)]
                    assert len(st.wait) == len(readers), (name, d.device, st.buffer)


def test_slices_of_peer_shards_are_read_in_place_slice_by_slice():
    """Peered mesh of 4: device 1 builds its 32x12 column block from 8x12 slices of every row shard;
    the three remote ones are PeerReads of just the slice (8 * 12 * 4 = 384 B each), no kernel."""
    module = mc.parse(str(DATA / "backend" / "reshard_rows_to_cols_peered.mlir"))
    x = np.random.default_rng(5).standard_normal((32, 48)).astype(np.float32)
    r = mc.run(module, {"x": x}, check=True)
    np.testing.assert_allclose(r.outputs[0], np.exp(x), rtol=1e-6)
    s = r.compiled.schedule
    reads = [(st.src_device, st.src_buffer, st.offsets, st.sizes) for st in s.devices[1].steps
             if isinstance(st, PeerRead)]
    assert reads == [(0, "%x_0", (0, 12), (8, 12)), (2, "%x_2", (0, 12), (8, 12)), (3, "%x_3", (0, 12), (8, 12))]
    slices = [st for st in s.devices[1].steps if isinstance(st, Kernel) and st.op.name == "tensor.extract_slice"]
    assert len(slices) == 1  # only its own shard's slice runs as a kernel
    assert [d.peer_read_bytes for d in r.stats.devices] == [3 * 384] * 4
    assert [d.collective_bytes for d in r.stats.devices] == [0] * 4


SLICE_COPY = """mesh.mesh @m(shape = 2)
func.func @f(%x: tensor<4x2xf32>) -> tensor<2x2xf32> {
  %a = tensor.extract_slice %x[1, 0] [1, 2] [1, 1] : tensor<4x2xf32> to tensor<1x2xf32>
  %b = tensor.extract_slice %x[2, 0] [1, 2] [1, 1] : tensor<4x2xf32> to tensor<1x2xf32>
  %e = tensor.empty() : tensor<2x2xf32>
  %c = tensor.insert_slice %a into %e[0, 0] [1, 2] [1, 1] : tensor<1x2xf32> into tensor<2x2xf32>
  %d = tensor.insert_slice %b into %c[1, 0] [1, 2] [1, 1] : tensor<1x2xf32> into tensor<2x2xf32>
  return %d : tensor<2x2xf32>
}
func.func private @f_sharded(%x_0: tensor<2x2xf32> {mesh.arg = 0, mesh.devices = [0], mesh.offsets = array<i64: 0, 0>},
                             %x_1: tensor<2x2xf32> {mesh.arg = 0, mesh.devices = [1], mesh.offsets = array<i64: 2, 0>})
    -> (tensor<2x2xf32> {mesh.result = 0, mesh.devices = [1], mesh.offsets = array<i64: 0, 0>}) {
  %h = mesh.for_one 1 on @m -> tensor<2x2xf32> {
    %a = tensor.extract_slice %x_0[1, 0] [1, 2] [1, 1] : tensor<2x2xf32> to tensor<1x2xf32>
    %b = tensor.extract_slice %x_1[0, 0] [1, 2] [1, 1] : tensor<2x2xf32> to tensor<1x2xf32>
    %e = tensor.empty() : tensor<2x2xf32>
    %c = tensor.insert_slice %a into %e[0, 0] [1, 2] [1, 1] : tensor<1x2xf32> into tensor<2x2xf32>
    %d = tensor.insert_slice %b into %c[1, 0] [1, 2] [1, 1] : tensor<1x2xf32> into tensor<2x2xf32>
    mesh.yield %d : tensor<2x2xf32>
  }
  return %h : tensor<2x2xf32>
}
"""


def test_a_slice_of_an_unpeered_shard_is_copied_alone():
    """Device 1 needs row 1 of x (owned by device 0, not peered) next to its own row 2: one Copy of
    the 1x2 slice (8 B), not of device 0's whole 2x2 shard."""
    module = mc.parse(SLICE_COPY, "slice_copy.mlir")
    s = emit_schedule(module)
    assert lines(s, 1) == [
        "allocate %a: 1x2xf32",
        "copy %a <- device 0 '%x_0'[1:2, 0:2] signals %a copied@1",
        "allocate %b: 1x2xf32",
        "kernel tensor.extract_slice(%x_1) -> %b",
        "free %x_1",
        "allocate %e: 2x2xf32",
        "kernel tensor.empty() -> %e",
        "kernel tensor.insert_slice(%a, %e) -> %e",  # in place: the yielded %d ends up in %e's buffer
        "free %a",
        "kernel tensor.insert_slice(%b, %e) -> %e",
        "free %b",
    ]
    assert lines(s, 0) == ["free %x_0 waits ['%a copied@1']"]
    x = np.arange(8, dtype=np.float32).reshape(4, 2)
    r = mc.run(module, {"x": x}, pipeline="", check=True)
    np.testing.assert_array_equal(r.outputs[0], x[1:3])
    assert [d.copy_bytes for d in r.stats.devices] == [0, 8]


def test_result_shards_that_do_not_cover_the_result_are_an_error():
    """Without a wrapper calling @f_sharded the mesh.offsets say where the shards go: here one 2x2
    shard for a 4x2 result."""
    head, sharded = SLICE_COPY.split("func.func private")
    mesh_line = head.splitlines()[0]
    text = mesh_line + """
func.func @f(%x: tensor<4x2xf32>) -> tensor<4x2xf32> {
  return %x : tensor<4x2xf32>
}
func.func private""" + sharded
    with pytest.raises(EmitError, match=r"result #0 of @f: its shards cover 4 of 8 elements"):
        emit_program(mc.parse(text, "cover.mlir"))


def test_buffer_names_of_a_device_are_the_first_free_suffix():
    from meshc.backend.emit import _Device

    d = _Device(0)
    assert [d.claim("%x") for _ in range(3)] == ["%x", "%x.1", "%x.2"]
    assert d.claim("%x.3") == "%x.3"  # a name taken as a base of its own
    assert d.claim("%x") == "%x.4"
    assert d.claim("%y") == "%y"
    e = _Device(1)
    assert [e.claim("%x.1"), e.claim("%x"), e.claim("%x")] == ["%x.1", "%x", "%x.2"]
