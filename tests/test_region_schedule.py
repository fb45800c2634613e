"""The body of a region step in the schedule format (meshc/backend/region_body.py, the Body* nodes of
meshc/backend/schedule.py): a loop or branch partitioned in place is one kernel step, and the schedule
lists the collectives its body runs, with each device's own shapes. `meshc estimate` counts them from
every member's own shapes and equals `run --stats` wherever the run is deterministic (uneven splits
on 1-D and 2-D meshes, static and hinted dynamic trip counts); a branch on a computed condition is
reported as an upper bound. The trace and `explain` name the same collectives and bytes."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

import meshc.api as mc
from meshc.backend.schedule import BodyBranch, BodyCollective, BodyLoop, Kernel, Schedule, ScheduleError
from meshc.backend.region_body import region_body
from meshc.runtime.estimate import body_bytes, estimate
from tests.test_region_collectives import IF, KEEP_LOOPS, MLP


def _mlp(mesh: str, xs: str, tp: int, rows: int, hidden: int, trips=None) -> str:
    """The MLP of tests/test_region_collectives.py with ``rows`` rows and a hidden dim of ``hidden``."""
    n = "tensor.extract %nt[] : tensor<index>" if trips is None else f"arith.constant {trips} : index"
    text = MLP.replace("MESH", mesh).replace("XS", xs).replace("TP", str(tp)).replace("TRIPS", n)
    return (text.replace("8x16", f"{rows}x16").replace("8x32", f"{rows}x{hidden}")
            .replace("16x32", f"16x{hidden}").replace("32x16", f"{hidden}x16"))


def _inputs(rows: int, hidden: int, trips: int, seed: int = 0) -> list:
    rng = np.random.default_rng(seed)
    return [rng.standard_normal((rows, 16)).astype(np.float32),
            (rng.standard_normal((16, hidden)) / 4).astype(np.float32),
            (rng.standard_normal((hidden, 16)) / 4).astype(np.float32), np.array(trips, dtype=np.int64)]


def _shard_sizes(n: int, k: int) -> list[int]:
    """DESIGN.md's balanced split: n // k each, the last n % k shards one more."""
    return [n // k + (1 if i >= k - n % k else 0) for i in range(k)]


def _all_reduce_bytes(nbytes: int, g: int) -> int:
    """What each member of a group of ``g`` receives in an all_reduce of ``nbytes`` (reduce_scatter then
    all_gather of the bandwidth-optimal algorithm: 2 (g - 1) / g of the buffer)."""
    return 2 * (g - 1) * nbytes // g


# (mesh, sharding of the carried rows, tensor-parallel axis, rows, hidden): every case splits unevenly
UNEVEN = [("4", "[[]]", 0, 8, 10),         # 1-D: hidden 10 over 4 devices (2, 2, 3, 3 columns)
          ("4x2", "[[0]]", 1, 10, 32),     # 2-D: 10 rows over axis 0 (2, 2, 3, 3), tensor parallel over axis 1
          ("2x4", "[[0]]", 1, 10, 10)]     # 2-D: 10 rows over axis 0 (5, 5), hidden 10 over axis 1 (2, 2, 3, 3)


def _expected_bytes(mesh: str, xs: str, tp: int, rows: int, trips: int) -> list[int]:
    """Per device (linear order): trips all_reduces of its own rows x 16 f32 over the tensor-parallel
    group."""
    shape = [int(s) for s in mesh.split("x")]
    out = []
    for k in range(int(np.prod(shape))):
        coords = np.unravel_index(k, shape)
        mine = _shard_sizes(rows, shape[0])[coords[0]] if xs == "[[0]]" else rows
        out.append(trips * _all_reduce_bytes(mine * 16 * 4, shape[tp]))
    return out


@pytest.mark.parametrize("mesh, xs, tp, rows, hidden", UNEVEN, ids=[c[0] for c in UNEVEN])
def test_estimate_equals_run_stats_on_uneven_splits(mesh, xs, tp, rows, hidden):
    trips = 3
    for text, pipeline, hint in ((_mlp(mesh, xs, tp, rows, hidden, trips), KEEP_LOOPS, None),  # static, a loop
                                 (_mlp(mesh, xs, tp, rows, hidden), None, trips)):            # dynamic + hint
        inputs = _inputs(rows, hidden, trips)
        result = mc.run(mc.parse(text), inputs, check=True, pipeline=pipeline)
        assert result.check_ok
        compiled = mc.compile(mc.parse(text), pipeline, arg_shapes=None)
        est = estimate(compiled.program.schedule, trips=hint)
        want = _expected_bytes(mesh, xs, tp, rows, trips)
        assert [d.collective_bytes for d in result.stats.devices] == want
        for d, r in zip(est.devices, result.stats.devices):
            assert d.stats.collective_bytes == r.collective_bytes
            assert d.stats.collective_peer_bytes == r.collective_peer_bytes
            assert dict(d.stats.received_from.get("collective", {})) == r.received_from.get("collective", {})
            assert (d.stats.peak_bytes, d.stats.kernels) == (r.peak_bytes, r.kernels)
            assert not d.collective_bound
        assert est.notes == ([] if hint is None else [n for n in est.notes if "counted 3 times" in n])
        # the listing each device's step carries: its own rows, the bytes it receives per iteration
        per_run = body_bytes(compiled.program.schedule)
        assert [row["b0"] * trips for row in per_run] == want
        loops = [s.body[0] for d in compiled.program.schedule.devices for s in d.steps
                 if isinstance(s, Kernel) and s.body]
        assert len(loops) == len(want)
        assert all(isinstance(n, BodyLoop) and n.trips == (trips if hint is None else None) for n in loops)


def test_the_listing_has_each_device_s_shapes():
    schedule = mc.compile(mc.parse(_mlp("4x2", "[[0]]", 1, 10, 32)), None).program.schedule
    index = schedule.body_index()
    assert [index[k]["b0"].shape for k in range(8)] == [(2, 16)] * 4 + [(3, 16)] * 4
    assert [index[k]["b0"].out_shape for k in range(8)] == [(2, 16)] * 4 + [(3, 16)] * 4
    assert all(index[k]["b0"].kind == "all_reduce" and index[k]["b0"].mesh_axes == (1,) for k in range(8))


@pytest.mark.parametrize("rows", [8, 10], ids=["even", "uneven"])
def test_the_listing_round_trips_through_json_and_the_loaded_schedule_runs(rows):
    # rows over axis 0 of a 4x2 mesh: 8 -> 2 each; 10 -> 2, 2, 3, 3 (uneven): the class bodies' in-body
    # all_reduce has static types that differ between devices (2x16 and 3x16), each taking its input's
    # shape, so the module verifies when the JSON is read back and the listing is the same
    text = _mlp("4x2", "[[0]]", 1, rows, 32)
    schedule = mc.compile(mc.parse(text), None).program.schedule
    index = schedule.body_index()
    mine = _shard_sizes(rows, 4)
    assert [index[k]["b0"].shape for k in range(8)] == [(mine[k // 2], 16) for k in range(8)]
    assert [index[k]["b0"].out_shape for k in range(8)] == [(mine[k // 2], 16) for k in range(8)]
    back = Schedule.from_json_text(schedule.to_json_text())
    back.validate()
    assert back.body_index() == index
    assert back.to_json() == schedule.to_json()
    reduces = [op for op in back.module.walk() if op.name == "mesh.all_reduce" and op.parent_op.name == "scf.for"
               and op.parent_op.parent_op.name == "func.func"]  # the class bodies' (the template's is in a for_all)
    assert sorted(str(op.results[0].type) for op in reduces) == sorted(
        {f"tensor<{n}x16xf32>" for n in mine})
    # the loaded schedule runs as the compiled one (the runtime unaffected), and its trace names the runs
    # of the listed b0
    compiled = mc.compile(mc.parse(text), None)
    loaded = dataclasses.replace(compiled, program=dataclasses.replace(compiled.program, schedule=back))
    inputs = _inputs(rows, 32, 2, seed=5)
    bound = mc.bind_entry(mc.parse(text), inputs)
    got = mc.run_compiled(loaded, bound, trace=True)
    want = mc.run_compiled(compiled, bound)
    np.testing.assert_array_equal(got.outputs[0], want.outputs[0])  # the same kernels in the same order
    assert [d.collective_bytes for d in got.stats.devices] == [2 * _all_reduce_bytes(mine[k // 2] * 16 * 4, 2)
                                                               for k in range(8)]
    names = sorted({e.name for e in got.stats.events if (e.args or {}).get("in_body")})
    assert names == ["all_reduce b0 run 0 (in scf.for)", "all_reduce b0 run 1 (in scf.for)"]


def test_the_body_listing_is_read_once_per_device_when_the_schedule_loads(monkeypatch):
    # walking every step for the in-body listing on every run cost about 1 us per step (a 1000-op chain
    # on 8 devices, bench/runtime_bench.py part 2: 4.3x a numpy loop with it, 2.5x without): the
    # executor makes it once per device, and every run still names its in-body collectives by it
    import meshc.runtime.body_collectives as bc
    import meshc.runtime.executor as executor

    calls = []

    def counted(steps):
        calls.append(len(steps))
        return bc.body_listing(steps)

    monkeypatch.setattr(executor, "body_listing", counted)
    text = _mlp("4x2", "[[0]]", 1, 8, 32)
    compiled = mc.compile(mc.parse(text), None)
    bound = mc.bind_entry(mc.parse(text), _inputs(8, 32, 2, seed=5))
    got = mc.run_compiled(compiled, bound, repeat=3, trace=True)
    assert calls == [len(d.steps) for d in compiled.program.schedule.devices]  # 8 devices, once each
    names = sorted({e.name for e in got.stats.events if (e.args or {}).get("in_body")})
    assert names == ["all_reduce b0 run 0 (in scf.for)", "all_reduce b0 run 1 (in scf.for)"]


def test_a_group_whose_members_list_different_collectives_is_refused():
    schedule = mc.compile(mc.parse(_mlp("4", "[[]]", 0, 8, 16)), None).program.schedule
    data = schedule.to_json()
    for step in data["devices"][2]["steps"]:
        for node in step.get("body", ()):
            node["body"][0]["kind"] = "all_gather"
            node["body"][0]["attributes"] = {"gather_axis": 0}
    with pytest.raises(ScheduleError, match=r"op index \d+ names no 'mesh.all_gather' of the module"):
        Schedule.from_json(data)  # the op index checks the kind
    for step in data["devices"][2]["steps"]:
        for node in step.get("body", ()):
            del node["body"][0]["op"]
    with pytest.raises(ScheduleError, match="in-body collective all_gather 'b0'.*device 0 of its group has "
                                            "all_reduce 'b0'"):
        Schedule.from_json(data).validate()


def _if_schedule_json() -> dict:
    return mc.compile(mc.parse(IF), None).program.schedule.to_json()


def test_a_branch_on_a_computed_condition_is_an_upper_bound():
    schedule = mc.compile(mc.parse(IF), None).program.schedule
    branch = next(s.body[0] for s in schedule.devices[0].steps if isinstance(s, Kernel) and s.body)
    assert isinstance(branch, BodyBranch) and branch.taken is None
    assert [len(b) for b in branch.branches] == [1, 0]
    est = estimate(schedule)
    bound = _all_reduce_bytes(8 * 16 * 4, 4)
    assert [(d.stats.collective_bytes, d.collective_bound) for d in est.devices] == [(bound, True)] * 4
    assert len(est.notes) == 1 and "upper bound" in est.notes[0]
    data = est.to_json()
    assert [d["collective_upper_bound"] for d in data["devices"]] == [True] * 4
    assert data["body_collectives"][0]["upper_bound"] is True
    rng = np.random.default_rng(3)
    args = [rng.standard_normal((8, 16)).astype(np.float32), rng.standard_normal((8, 16)).astype(np.float32),
            rng.standard_normal((16, 16)).astype(np.float32)]
    for taken, moved in ((True, bound), (False, 0)):  # a run moves the bound or less
        result = mc.run(mc.parse(IF), args + [np.array(taken)])
        assert [d.collective_bytes for d in result.stats.devices] == [moved] * 4


@pytest.mark.parametrize("taken, moved", [(0, 768), (1, 0)], ids=["then", "else"])
def test_a_branch_known_statically_is_counted_exactly(taken, moved):
    data = _if_schedule_json()
    for dev in data["devices"]:
        for step in dev["steps"]:
            for node in step.get("body", ()):
                node["taken"] = taken
    est = estimate(Schedule.from_json(data))
    assert moved == _all_reduce_bytes(8 * 16 * 4, 4) or moved == 0
    assert [(d.stats.collective_bytes, d.collective_bound) for d in est.devices] == [(moved, False)] * 4
    assert est.notes == []


def test_region_body_reads_a_constant_condition_from_the_region_flow_interface():
    module = mc.parse("""module {
  mesh.mesh @m(shape = 4)
  func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
    %t = arith.constant false
    %r = scf.if %t -> (tensor<4xf32>) {
      %a = mesh.all_reduce %x on @m mesh_axes = [0] : tensor<4xf32> -> tensor<4xf32>
      scf.yield %a : tensor<4xf32>
    } else {
      %g = mesh.all_gather %x on @m mesh_axes = [0] gather_axis = 0 : tensor<4xf32> -> tensor<16xf32>
      %s = mesh.all_slice %g on @m mesh_axes = [0] slice_axis = 0 : tensor<16xf32> -> tensor<4xf32>
      scf.yield %s : tensor<4xf32>
    }
    return %r : tensor<4xf32>
  }
}""")
    op = next(o for o in module.walk() if o.name == "scf.if")
    (branch,) = region_body(op)
    assert isinstance(branch, BodyBranch) and branch.taken == 1  # the constant false takes the else
    assert [[c.kind for c in b] for b in branch.branches] == [["all_reduce"], ["all_gather", "all_slice"]]
    assert all(isinstance(c, BodyCollective) for b in branch.branches for c in b)
    assert [c.shape for c in branch.branches[1]] == [(4,), (16,)]
    assert [c.attributes for c in branch.branches[1]] == [{"gather_axis": 0}, {"slice_axis": 0}]


def test_explain_gives_the_bytes_the_listing_lists():
    from meshc.explain import explain_text

    for text, low, high in ((_mlp("4x2", "[[0]]", 1, 10, 32), 128, 192),  # 2 and 3 rows of 16 f32, groups of 2
                            (_mlp("2x4", "[[0]]", 1, 8, 32), 384, 384)):   # 4 rows of 16 f32, groups of 4
        per_run = body_bytes(mc.compile(mc.parse(text), None).program.schedule)
        assert (min(r["b0"] for r in per_run), max(r["b0"] for r in per_run)) == (low, high)
        lines = [line for line in explain_text(mc.parse(text)).splitlines() if "in the body of 'scf.for'" in line]
        assert len(lines) == 1
        figure = f"{high} B" if low == high else f"{low} to {high} B"
        assert f"; {figure} per device per trip" in lines[0]


def test_in_body_bytes_are_accounted_in_the_dtype_override_by_the_run_and_the_estimate():
    from meshc.backend.schedule import BufferLayout

    text = _mlp("4x2", "[[0]]", 1, 10, 32)
    layout = BufferLayout("row_major", (32, 32), "bfloat16")  # f32 counted as 2-byte elements
    result = mc.run(mc.parse(text), _inputs(10, 32, 2), layout=layout)
    est = estimate(mc.compile(mc.parse(text), None).program.schedule, layout=layout, trips=2)
    assert [d.collective_bytes for d in result.stats.devices] == [b // 2 for b in _expected_bytes(
        "4x2", "[[0]]", 1, 10, 2)]
    assert [d.stats.collective_bytes for d in est.devices] == [d.collective_bytes for d in result.stats.devices]
    assert [dict(d.stats.received_from["collective"]) for d in est.devices] == [
        d.received_from["collective"] for d in result.stats.devices]


@pytest.mark.parametrize("trips", [None, 1, 3])
def test_a_loop_step_s_flops_are_its_body_s_times_its_trips(trips):
    """tests/data/region/mlp_loop.mlir on 2x4: x replicated (8x16), w1 split to 16x8 and w2 to 8x16 per
    device; one trip is 2*8*16*8 (matmul) + 8*8 (tanh) + 2*8*8*16 (matmul) = 4160 flops per device; a
    dynamic trip count without --trip-count counts one trip."""
    from pathlib import Path

    text = (Path(__file__).parent / "data" / "region" / "mlp_loop.mlir").read_text()
    compiled = mc.compile(mc.parse(text))
    est = estimate(compiled.program.schedule, trips=trips)
    per_trip = 2 * 8 * 16 * 8 + 8 * 8 + 2 * 8 * 8 * 16
    assert [d.flops for d in est.devices] == [per_trip * (trips or 1)] * 8


def test_the_flops_of_a_branch_on_a_computed_condition_are_an_upper_bound(tmp_path):
    """IF on 4 devices: the then branch is the split contraction 2*8*16*4 = 1024 flops per device (w's
    16 rows over 4: K = 4), the else branch tanh of 8x16 = 128: the costlier is counted and marked
    (table, summary line, JSON); a loop without a branch is exact."""
    import json
    import subprocess
    import sys

    est = estimate(mc.compile(mc.parse(IF), None).program.schedule)
    assert [(d.flops, d.flops_bound) for d in est.devices] == [(1024, True)] * 4
    data = est.to_json()
    assert [d["flops_upper_bound"] for d in data["devices"]] == [True] * 4
    assert data["summary"]["flops_upper_bound"] is True
    # a loop without a branch counts exactly
    loop = estimate(mc.compile(mc.parse(_mlp("4", "[[]]", 0, 8, 16, 2)), KEEP_LOOPS).program.schedule)
    assert not any(d.flops_bound for d in loop.devices) and loop.to_json()["summary"]["flops_upper_bound"] is False
    path = tmp_path / "if.mlir"
    path.write_text(IF)
    r = subprocess.run([sys.executable, "-m", "meshc", "estimate", str(path)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    rows = [line for line in r.stdout.splitlines() if line.startswith("│")]
    assert all("<= 1024" in line for line in rows[:4]) and "<= 4096" in rows[4]
    assert "<= 4096 flops" in r.stdout and "the flops of devices 0-3" in r.stdout
    r = subprocess.run([sys.executable, "-m", "meshc", "estimate", str(path), "--json"], capture_output=True,
                       text=True)
    assert json.loads(r.stdout)["summary"]["flops_upper_bound"] is True
