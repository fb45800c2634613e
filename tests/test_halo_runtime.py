"""Halo exchanges end to end (``mesh.update_halo``, MLIR mesh LLVM 20+: ``halo_sizes = [lo0, hi0, ...]``
give each device ``lo`` cells before and ``hi`` after its shard along each split dim, clipped at the
tensor edges): parsed in the upstream spelling, planned by reshard, unrolled, scheduled as one
``halo_exchange`` step per device and run on the threaded runtime and on MPI (``mpiexec``, one rank per
device). Every device's halo'd buffer is checked against numpy slices of the input, the unsharded
results against the reference interpreter, and the bytes each device receives against hand counts."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

import meshc.api as mc
from meshc.backend.emit import EmitError
from meshc.backend.schedule import (Allocate, ArgBinding, Collective, CollectiveSpec, DeviceSchedule, HaloExchange,
                                    HaloPart, ResultBinding, Schedule, ScheduleError)
from meshc.cli import main
from meshc.runtime.executor import RuntimeFailure, TestHooks, run_schedule
from meshc.sharding.spec import Mesh

DATA = Path(__file__).parent / "data" / "halo"
STENCIL_PIPELINE = "unroll,canonicalize,cse"  # tests/data/halo/stencil.mlir is already partitioned
MPI_TIMEOUT = 120  # seconds for one mpiexec job


def rows(n: int, cols: int = 4) -> np.ndarray:
    """An ``n x cols`` f32 array whose entry (i, j) is 10 i + j, so a row tells where it came from."""
    return (10 * np.arange(n)[:, None] + np.arange(cols)[None, :]).astype(np.float32)


def compiled_run(source: str, inputs: list, pipeline=None):
    """Compile ``source`` (a path or IR text) the unrolled way (the tests read the unrolled module), run
    its schedule on threads and return ``(compiled, report)``: ``report.outputs`` are the per-shard
    results of ``@NAME_sharded`` (halos included). The SPMD path of the same programs: tests/test_spmd.py."""
    module = mc.parse(source)
    bound = mc.bind_entry(module, inputs)
    compiled = mc.compile(module.clone(), pipeline, entry=bound.func.sym_name, spmd=False)
    report = run_schedule(compiled.schedule, mc.shard_inputs(compiled.program, bound.arrays), timeout=30)
    return compiled, report


def halo_steps(schedule: Schedule) -> dict[int, list[HaloExchange]]:
    return {d.device: [s for s in d.steps if isinstance(s, HaloExchange)] for d in schedule.devices}


def received(report, kind: str) -> list[int]:
    return [getattr(d, kind) for d in report.stats.devices]


# -- (a) an explicit update_halo in the upstream spelling ------------------------------------------------------


def test_upstream_update_halo_gives_each_device_its_halo_rows():
    x = rows(10)
    compiled, report = compiled_run(str(DATA / "upstream_update_halo.mlir"), [x])
    # 10 rows over 3 devices: cores 0:3, 3:6, 6:10; halos 1 below, 2 above, clipped at the edges
    want = [x[0:5], x[2:8], x[5:10]]
    assert [o.shape for o in report.outputs] == [(5, 4), (6, 4), (5, 4)]
    for got, w in zip(report.outputs, want):
        np.testing.assert_array_equal(got, w)
    halos = halo_steps(compiled.schedule)
    assert [[s.instance for s in halos[k]] for k in range(3)] == [["h0"], ["h0"], ["h0"]]
    # device 0 gets rows 3:5 of device 1 (2 rows x 4 f32 = 32 B); device 1 row 2 of device 0 (16 B) and rows
    # 6:8 of device 2 (32 B); device 2 row 5 of device 1 (16 B). No mesh axis is peered: all copies.
    assert [[(p.src_device, p.sizes) for p in halos[k][0].parts if p.mode != "local"] for k in range(3)] == [
        [(1, (2, 4))], [(0, (1, 4)), (2, (2, 4))], [(1, (1, 4))]]
    assert received(report, "copy_bytes") == [32, 48, 16]
    assert received(report, "peer_read_bytes") == [0, 0, 0]


def test_upstream_update_halo_runs_with_check_from_the_cli():
    r = CliRunner().invoke(main, ["run", str(DATA / "upstream_update_halo.mlir"), "--random-inputs", "--check",
                                  "--stats"])
    assert r.exit_code == 0, r.output
    assert "ran @main_sharded on mesh @grid (shape 3, 3 devices)" in r.output
    assert "result0: ok max abs err 0" in r.output


def test_the_reference_interpreter_reads_update_halo_as_the_identity():
    x = rows(10)
    ref = mc.run_reference(mc.parse(str(DATA / "upstream_update_halo.mlir")), [x])
    np.testing.assert_array_equal(ref.outputs[0], x)


# -- (b) a resharding to a sharding with halos ----------------------------------------------------------------


def test_reshard_to_halos_inserts_update_halo_and_the_results_match_the_reference():
    x = np.random.default_rng(3).standard_normal((10, 4)).astype(np.float32)
    r = mc.run(mc.parse(str(DATA / "shard_to_halo.mlir")), [x], check=True)
    assert all(c.ok for c in r.comparisons), r.comparisons
    np.testing.assert_array_equal(r.outputs[0], x)
    np.testing.assert_allclose(r.outputs[1], np.exp(x), rtol=1e-6)
    compiled, report = compiled_run(str(DATA / "shard_to_halo.mlir"), [x])
    (op,) = [op for op in compiled.module.walk() if op.name == "mesh.update_halo"]
    assert len(op.operands) == 3 and op.halo_sizes == (1, 2)  # the unrolled N-operand form
    # results of @main_sharded: the three halo'd shards of %h, then the three halo'd shards of exp (an
    # elementwise op on a haloed value keeps the halo: computed on the halo cells too, no exchange)
    for got, w in zip(report.outputs[:3], [x[0:5], x[2:8], x[5:10]]):
        np.testing.assert_array_equal(got, w)
    for got, w in zip(report.outputs[3:], [x[0:5], x[2:8], x[5:10]]):
        np.testing.assert_allclose(got, np.exp(w), rtol=1e-6)


def test_a_halo_change_takes_new_cells_from_the_owners_cores():
    text = """
    mesh.mesh @m(shape = 4)
    func.func @main(%x: tensor<10x2xf32>) -> tensor<10x2xf32> {
      %a = mesh.shard %x to <@m, [[0]], halo_sizes = [1, 1]> : tensor<10x2xf32>
      %h = mesh.shard %a to <@m, [[0]], halo_sizes = [2, 0]> : tensor<10x2xf32>
      return %h : tensor<10x2xf32>
    }
    """
    x = rows(10, 2)
    compiled, report = compiled_run(text, [x])
    # 10 over 4: cores 0:2, 2:4, 4:7, 7:10; with halos [2, 0]: 0:2, 0:4, 2:7, 5:10
    for got, w in zip(report.outputs, [x[0:2], x[0:4], x[2:7], x[5:10]]):
        np.testing.assert_array_equal(got, w)
    ops = [op.name for op in compiled.module.walk() if op.name.startswith("mesh.")]
    assert ops.count("mesh.update_halo") == 1
    # device 3 (core 7:10, old buffer 6:10) takes rows 5:7 from device 2's core, row 6 included (its own old
    # halo row is not used); device 2's old buffer holds rows 3:8, so rows 5:7 sit at 2:4 of it
    (step,) = halo_steps(compiled.schedule)[3]
    assert [(p.src_device, p.src_offsets, p.sizes, p.dst_offsets) for p in step.parts] == [
        (3, (1, 0), (3, 2), (2, 0)), (2, (2, 0), (2, 2), (0, 0))]


# -- (c) a stencil that reads the halos -------------------------------------------------------------------------


def test_a_three_point_stencil_reads_its_halos_locally():
    x = np.random.default_rng(5).standard_normal(10).astype(np.float32)
    module = mc.parse(str(DATA / "stencil.mlir"))
    r = mc.run(module, [x], pipeline=STENCIL_PIPELINE)
    want = x[0:8] + x[1:9] + x[2:10]
    np.testing.assert_allclose(r.outputs[0], want, rtol=1e-6)
    compiled = mc.compile(module.clone(), STENCIL_PIPELINE)
    # the reference interpreter runs the unrolled program (@stencil calls @stencil_sharded sequentially)
    np.testing.assert_allclose(mc.run_reference(compiled.module, [x]).outputs[0], want, rtol=1e-6)
    _, report = compiled_run(str(DATA / "stencil.mlir"), [x], STENCIL_PIPELINE)
    # device 0 (core 0:3) gets x[3] (4 B), device 1 (3:6) x[2] and x[6] (8 B), device 2 (6:10) x[5] (4 B);
    # the three slices of each device are then local: nothing else moves
    assert received(report, "copy_bytes") == [4, 8, 4]
    assert received(report, "peer_read_bytes") == [0, 0, 0]
    kinds = {s.kind for d in compiled.schedule.devices for s in d.steps}
    assert "copy" not in kinds and "peer_read" not in kinds and "halo_exchange" in kinds


# -- 2-D meshes, uneven and empty shards, wide halos ------------------------------------------------------------


def test_halos_on_two_dims_of_a_2x2_mesh_with_a_peered_axis():
    x = rows(6, 5)
    r = mc.run(mc.parse(str(DATA / "halo_2x2.mlir")), [x], check=True)
    assert all(c.ok for c in r.comparisons)
    compiled, report = compiled_run(str(DATA / "halo_2x2.mlir"), [x])
    # rows 6 over 2: 0:3, 3:6 (+1 each side); columns 5 over 2: 0:2, 2:5 (+2 before, +1 after)
    want = [x[0:4, 0:3], x[0:4, 0:5], x[2:6, 0:3], x[2:6, 0:5]]
    for got, w in zip(report.outputs, want):
        np.testing.assert_array_equal(got, w)
    # device 0: the column slab of device 1 (peered: 3x1 f32 = 12 B in place), the row slab of device 2 (1x2 =
    # 8 B) and the corner of device 3 (1x1 = 4 B) copied. Device 1: device 0's 3x2 (24 B) in place, 1x2 of
    # device 2 (8 B) and 1x3 of device 3 (12 B) copied. Devices 2 and 3 mirror 0 and 1.
    assert received(report, "peer_read_bytes") == [12, 24, 12, 24]
    assert received(report, "copy_bytes") == [12, 20, 12, 20]
    (step,) = halo_steps(compiled.schedule)[0]
    assert [(p.src_device, p.mode, p.dst_offsets, p.sizes) for p in step.parts] == [
        (0, "local", (0, 0), (3, 2)), (1, "peer_read", (0, 2), (3, 1)), (2, "copy", (3, 0), (1, 2)),
        (3, "copy", (3, 2), (1, 1))]


WIDE = """
mesh.mesh @m(shape = 4)
func.func @main(%x: tensor<10x2xf32>) -> tensor<10x2xf32> {
  %a = mesh.shard %x to <@m, [[0]]> : tensor<10x2xf32>
  %h = mesh.update_halo %a on @m split_axes = [[0]] halo_sizes = [3, 4] : tensor<10x2xf32>
  return %h : tensor<10x2xf32>
}
"""


def test_a_halo_wider_than_the_neighbours_shard_reads_further_devices():
    x = rows(10, 2)
    compiled, report = compiled_run(WIDE, [x])
    # cores 0:2, 2:4, 4:7, 7:10; halos 3 below and 4 above: 0:6, 0:8, 1:10, 4:10
    for got, w in zip(report.outputs, [x[0:6], x[0:8], x[1:10], x[4:10]]):
        np.testing.assert_array_equal(got, w)
    halos = halo_steps(compiled.schedule)
    # device 0 needs rows 2:6: 2:4 from its neighbour 1 and 4:6 from device 2, two hops away
    assert [(p.src_device, p.src_offsets[0], p.sizes[0]) for p in halos[0][0].parts] == [(0, 0, 2), (1, 0, 2),
                                                                                         (2, 0, 2)]
    # device 3 needs rows 4:7 (all of device 2's core) only
    assert [(p.src_device, p.sizes[0]) for p in halos[3][0].parts] == [(3, 3), (2, 3)]


def test_empty_shards_hold_only_their_halo_cells():
    text = WIDE.replace("10x2", "2x2").replace("[3, 4]", "[1, 1]").replace("shape = 4", "shape = 3")
    x = rows(2, 2)
    _, report = compiled_run(text, [x])
    # 2 rows over 3: cores 0:0, 0:1, 1:2; halos [1, 1]: 0:1, 0:2, 0:2 (device 0 holds device 1's row only)
    for got, w in zip(report.outputs, [x[0:1], x[0:2], x[0:2]]):
        np.testing.assert_array_equal(got, w)


@pytest.mark.parametrize("peered", [False, True])
def test_a_replicated_axis_exchanges_within_each_group(peered):
    mesh = "mesh.mesh @m(shape = 2x2" + (", peered_memory_axes = [1])" if peered else ")")
    text = WIDE.replace("mesh.mesh @m(shape = 4)", mesh).replace("[3, 4]", "[1, 1]")
    x = rows(10, 2)
    compiled, report = compiled_run(text, [x])
    halos = halo_steps(compiled.schedule)
    if peered:
        # devices 1 and 3 share the pieces of 0 and 2 (seed 000): only the owners exchange
        assert [len(halos[k]) for k in range(4)] == [1, 0, 1, 0]
        for got, w in zip(report.outputs, [x[0:6], x[4:10]]):
            np.testing.assert_array_equal(got, w)
    else:
        # device 1 (coords [0, 1]) takes row 5 from device 3 ([1, 1]), its neighbour along the split axis
        assert [p.src_device for p in halos[1][0].parts] == [1, 3]
        for got, w in zip(report.outputs, [x[0:6], x[0:6], x[4:10], x[4:10]]):
            np.testing.assert_array_equal(got, w)


# -- schedules: text, JSON, validation, errors ------------------------------------------------------------------


def test_schedule_text_and_json_show_the_halo_exchange():
    module = mc.parse(str(DATA / "upstream_update_halo.mlir"))
    schedule = mc.compile(module, spmd=False).schedule  # the unrolled op's result names (%0#1)
    from meshc.backend.text import schedule_text

    text = schedule_text(schedule)
    assert ("halo_exchange h0 -> %0#1: own '%x_1'[0:3, 0:4] -> [1:4, 0:4] local 48 B; device 0 '%x_0'[2:3, 0:4] -> "
            "[0:1, 0:4] copy 16 B; device 2 '%x_2'[0:2, 0:4] -> [4:6, 0:4] copy 32 B") in text
    assert "1 halo exchange receiving 48 B (peer read 0 B, copy 48 B)" in text
    data = json.loads(schedule.to_json_text())
    step = [s for s in data["devices"][2]["steps"] if s["step"] == "halo_exchange"][0]
    assert step["parts"][1] == {"src_device": 1, "src_buffer": "%x_1", "src_offsets": [2, 0], "sizes": [1, 4],
                                "dst_offsets": [0, 0], "mode": "copy"}
    again = Schedule.from_json_text(schedule.to_json_text())
    x = rows(10)
    args = [x[0:3], x[3:6], x[6:10]]
    for got, w in zip(run_schedule(again, args).outputs, [x[0:5], x[2:8], x[5:10]]):
        np.testing.assert_array_equal(got, w)


def exchange(parts, mesh=Mesh("m", (2,)), wait=()) -> Schedule:
    """Device 0 fills a 3-element ``h`` from ``parts``; device 1 holds ``x`` (2 elements) too."""
    d0 = DeviceSchedule(0, [Allocate("h", (3,), "f32"), HaloExchange("h0", "h", "f32", tuple(parts), wait=wait)])
    return Schedule(mesh, [d0, DeviceSchedule(1, [])], {}, [ArgBinding(0, 0, "x", (2,), "f32"),
                                                            ArgBinding(1, 1, "x", (2,), "f32")],
                    [ResultBinding(0, 0, "h")])


def test_the_validator_rejects_slabs_that_overlap_miss_cells_or_read_unpeered_memory():
    own = HaloPart(0, "x", (0,), (2,), (0,), "local")
    cases = [([own, HaloPart(1, "x", (0,), (2,), (1,), "copy")], "two halo slabs overlap at [1:3]"),
             ([own], "the halo slabs cover 2 of the output's 3 elements (shape [3])"),
             ([own, HaloPart(1, "x", (0,), (1,), (2,), "peer_read")], "devices 0 and 1 are not peered"),
             ([own, HaloPart(1, "x", (0,), (1,), (2,), "local")], "a 'local' halo slab from device 1"),
             ([own, HaloPart(1, "x", (0,), (2,), (2,), "copy")], "the halo slab at [2:4] does not fit the output")]
    for parts, message in cases:
        with pytest.raises(ScheduleError) as info:
            exchange(parts).validate()
        assert "device 0, step 1 (halo_exchange h0 -> h: " in str(info.value) and message in str(info.value)
    with pytest.raises(ScheduleError, match="mode must be one of local, peer_read, copy, got 'send'"):
        HaloPart(1, "x", (0,), (1,), (2,), "send")


def test_a_peered_slab_is_read_in_place_and_counted_as_peer_traffic():
    parts = [HaloPart(0, "x", (0,), (2,), (0,), "local"), HaloPart(1, "x", (1,), (1,), (2,), "peer_read")]
    report = run_schedule(exchange(parts, Mesh("m", (2,), (0,))), [np.array([1, 2], np.float32),
                                                                    np.array([3, 4], np.float32)])
    assert report.outputs[0].tolist() == [1.0, 2.0, 4.0]
    assert received(report, "peer_read_bytes") == [4, 0] and received(report, "copy_bytes") == [0, 0]


def test_a_halo_source_that_never_comes_ends_in_a_timeout_naming_it():
    """Device 1 drops out at c0 before the step that signals 'x@1', which device 0's exchange waits for."""
    parts = [HaloPart(0, "x", (0,), (2,), (0,), "local"), HaloPart(1, "x", (0,), (1,), (2,), "copy")]
    sched = exchange(parts, wait=("x@1",))
    sched.devices[1].steps[:] = [Collective("c0", "x", "x"), Allocate("t", (1,), "f32", signal="x@1")]
    sched.collectives["c0"] = CollectiveSpec("c0", "all_reduce", (), (1,))
    with pytest.raises(RuntimeFailure) as info:
        run_schedule(sched, [np.ones(2, np.float32)] * 2, timeout=0.2, hooks=TestHooks(skip_collective={(1, "c0")}))
    assert info.value.reason == "timeout"
    assert ("device 0, step 1 (halo_exchange h0 -> h: own 'x'[0:2] -> [0:2] local 8 B; device 1 'x'[0:1] -> [2:3] "
            "copy 4 B): event 'x@1' (signalled by device 1, step 1: allocate t: 1xf32) timed out after 0.2 s: "
            "devices [1] never reached it") in str(info.value)


def test_an_update_halo_left_in_global_view_is_a_located_emit_error():
    text = """mesh.mesh @m(shape = 2)
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = func.call @f_sharded(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func private @f_sharded(%x: tensor<4xf32> {mesh.arg = 0, mesh.devices = [0], mesh.offsets = array<i64: 0>})
    -> (tensor<4xf32> {mesh.result = 0, mesh.devices = [0], mesh.offsets = array<i64: 0>}) {
  %h = mesh.update_halo %x on @m split_axes = [[0]] halo_sizes = [1, 1] : tensor<4xf32>
  return %h : tensor<4xf32>
}
"""
    with pytest.raises(EmitError) as info:
        mc.compile(mc.parse(text, "h.mlir"), "")
    assert info.value.message == "'mesh.update_halo' op is not in the unrolled N-operand form (docs/pipeline.md stage 6)"
    assert str(info.value.location) == "h.mlir:8:8"


# -- MPI -----------------------------------------------------------------------------------------------------------

#: What every rank runs: the calls `meshc run --backend mpi` makes, with a pipeline argument.
DRIVER = """
import json, sys
import numpy as np
import meshc.api as mc
from meshc.runtime.backends import get_backend
from meshc.runtime.executor import RunOptions

program, inputs, pipeline, out, stats = sys.argv[1:6]
backend = get_backend("mpi")
with backend.guard():
    module = mc.parse(program)
    with np.load(inputs) as z:
        arrays = [z[f"arg{i}"] for i in range(len(z.files))]
    bound = mc.bind_entry(module, arrays)
    compiled = mc.compile(module.clone(), pipeline or None, entry=bound.func.sym_name)
    report = backend.run(compiled.schedule, backend.shard_inputs(compiled.program, bound.arrays),
                         RunOptions(timeout=60))
    if backend.is_root:
        np.savez(out, *report.outputs)
        with open(stats, "w") as fh:
            json.dump(report.stats.to_json(), fh)
"""


def run_mpi(tmp_path, program: Path, arrays: list, ranks: int, pipeline: str = ""):
    """Per-shard outputs (halos included) and stats of ``program`` run on ``ranks`` MPI ranks."""
    pytest.importorskip("mpi4py")
    from meshc.runtime.mpi_launch import find_mpiexec

    driver, inputs = tmp_path / "driver.py", tmp_path / "in.npz"
    driver.write_text(DRIVER)
    np.savez(inputs, **{f"arg{i}": a for i, a in enumerate(arrays)})
    out, stats = tmp_path / "out.npz", tmp_path / "stats.json"
    env = dict(os.environ, OMP_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1", NO_COLOR="1")
    proc = subprocess.run([find_mpiexec(), "-n", str(ranks), sys.executable, str(driver), str(program), str(inputs),
                           pipeline, str(out), str(stats)], capture_output=True, text=True, timeout=MPI_TIMEOUT,
                          env=env)
    assert proc.returncode == 0, proc.stderr
    with np.load(out) as z:
        outputs = [z[f"arr_{i}"] for i in range(len(z.files))]
    return outputs, json.loads(stats.read_text())["devices"]


def test_mpi_halos_on_a_2x2_mesh_read_peers_in_place_and_match_threads(tmp_path):
    x = rows(6, 5)
    outputs, devices = run_mpi(tmp_path, DATA / "halo_2x2.mlir", [x], 4)
    for got, w in zip(outputs, [x[0:4, 0:3], x[0:4, 0:5], x[2:6, 0:3], x[2:6, 0:5]]):
        np.testing.assert_array_equal(got, w)
    # the same bytes as the threaded runtime (test above): peer slabs through the node's shared window
    assert [d["peer_read_bytes"] for d in devices] == [12, 24, 12, 24]
    assert [d["copy_bytes"] for d in devices] == [12, 20, 12, 20]
    assert [d["peer_memory"] for d in devices] == ["shared window"] * 4
    assert [d["peer_copy_bytes"] for d in devices] == [0, 0, 0, 0]


def test_mpi_stencil_on_3_ranks_equals_numpy(tmp_path):
    x = np.random.default_rng(11).standard_normal(10).astype(np.float32)
    outputs, devices = run_mpi(tmp_path, DATA / "stencil.mlir", [x], 3, STENCIL_PIPELINE)
    want = x[0:8] + x[1:9] + x[2:10]
    np.testing.assert_allclose(np.concatenate(outputs), want, rtol=1e-6)
    assert [d["copy_bytes"] for d in devices] == [4, 8, 4]


def test_meshc_run_backend_mpi_launch_checks_an_upstream_update_halo(tmp_path):
    pytest.importorskip("mpi4py")
    out = tmp_path / "out.npz"
    meshc = Path(sys.executable).with_name("meshc")
    x = np.random.default_rng(2).standard_normal((10, 4)).astype(np.float32)
    np.savez(tmp_path / "in.npz", x=x)
    r = subprocess.run([str(meshc), "run", str(DATA / "upstream_update_halo.mlir"), "--inputs",
                        str(tmp_path / "in.npz"), "--check", "--backend", "mpi", "--launch", "3", "-o", str(out)],
                       capture_output=True, text=True, timeout=MPI_TIMEOUT)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "(shape 3, 3 devices)" in r.stdout and "result0: ok" in r.stdout
    np.testing.assert_array_equal(np.load(out)["result0"], x)
