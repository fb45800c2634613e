"""In-body collectives other than all_reduce on shards of unequal sizes (meshc/interfaces/region_models.py,
"Uneven shards in a body"; meshc/backend/region_body.py ``group_out_shapes``): the loops of
tests/test_region_reshards.py on 6x6 tensors, whose 6 rows or columns split 1, 1, 2, 2 over 4 devices,
reshard inside their bodies as on equal shards (all_to_all, all_gather, reduce_scatter, all_slice) and
compute the unsharded program's values on threads and MPI; each member's output shape is listed in the
schedule, which round-trips through JSON and runs again; `meshc estimate` counts the bytes `run --stats`
measures."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import numpy as np
import pytest

import meshc.api as mc
from meshc.backend.schedule import Schedule
from meshc.runtime.backends import get_backend
from meshc.runtime.estimate import estimate
from meshc.runtime.executor import Executor
from tests.test_region_reshards import _collectives, _compiled, _reference, _text
from tests.tolerance import assert_close

TRIPS = 3
N = 6  # over 4 devices: 1, 1, 2, 2 (DESIGN.md's balanced split)


def _sizes(n: int, k: int) -> list[int]:
    return [n // k + (1 if i >= k - n % k else 0) for i in range(k)]


def _uneven(body: str, mesh: str, xs: str, ws: str) -> str:
    return _text(body, mesh, xs, ws).replace("8x8", f"{N}x{N}")


def _inputs(seed: int) -> list:
    rng = np.random.default_rng(seed)
    return [rng.standard_normal((N, N)).astype(np.float32), (rng.standard_normal((N, N)) / 3).astype(np.float32),
            np.array(TRIPS, dtype=np.int64)]


# per trip, what each device of the 1-D mesh receives (f32): the all_to_all of a transpose back to split
# rows gets its own rows of every other member's columns; the all_gather of w's split columns the other
# members' columns of 6 rows; the reduce_scatter of the 6x6 partial product its own rows of the others'
_ROWS = _sizes(N, 4)
TRANSPOSE = [4 * r * (N - r) for r in _ROWS]
GATHER = [4 * N * (N - c) for c in _ROWS]
SCATTER = [4 * 3 * r * N for r in _ROWS]

# (body, mesh, split of x, split of w, collectives in the body, bytes per trip per device or None)
CASES = [
    ("transpose", "4", "[[0]]", "[[]]", ["all_to_all"], TRANSPOSE),
    ("matmul", "4", "[[]]", "[[], [0]]", ["all_gather"], GATHER),
    ("matmul", "4", "[[], [0]]", "[[0]]", ["reduce_scatter"], SCATTER),
    # 2-D: rows over axis 1 of 2x4 (1, 1, 2, 2), replicated over axis 0: each row of the mesh as the 1-D case
    ("transpose", "2x4", "[[1]]", "[[]]", ["all_to_all"], TRANSPOSE + TRANSPOSE),
    # over both axes of 2x2 (6 over the flattened 4: 1, 1, 2, 2): the partial product reduce_scattered,
    # then an all_slice; a softmax's rows gathered over both axes
    ("scaled", "2x2", "[[], [0, 1]]", "[[0, 1]]", ["reduce_scatter", "all_slice"], None),
    ("softmax", "2x2", "[[]]", "[[], [0, 1]]", ["all_gather"], None),
]
IDS = [f"{c[0]}-{c[1]}-{c[4][0]}" for c in CASES]


@pytest.mark.parametrize("body, mesh, xs, ws, inside, per_trip", CASES, ids=IDS)
def test_uneven_shards_reshard_inside_the_body_and_estimate_equals_the_run(body, mesh, xs, ws, inside, per_trip):
    text = _uneven(body, mesh, xs, ws)
    got_inside, outside = _collectives(_compiled(text))
    assert (got_inside, outside) == (inside, [])  # nothing gathered once before the loop
    inputs = _inputs(len(inside))
    result = mc.run(mc.parse(text), inputs, check=True)
    assert result.check_ok
    want, magnitude = _reference(body, *inputs)
    assert_close(result.outputs[0], want, TRIPS * N, magnitude)
    run = [d.collective_bytes for d in result.stats.devices]
    if per_trip is not None:
        assert run == [TRIPS * b for b in per_trip]
    assert len(set(run)) > 1  # the members' pieces differ
    schedule = mc.compile(mc.parse(text), None).program.schedule
    est = estimate(schedule, trips=TRIPS)
    for d, r in zip(est.devices, result.stats.devices):
        assert d.stats.collective_bytes == r.collective_bytes
        assert dict(d.stats.received_from.get("collective", {})) == r.received_from.get("collective", {})
        assert (d.stats.peak_bytes, d.stats.kernels) == (r.peak_bytes, r.kernels)
    # the listing: each member's own output shape (static), the group's pieces by the balanced split
    index = schedule.body_index()
    assert all(c.out_shape is not None and c.shape is not None for row in index for c in row.values())
    # the JSON round trip is exact and the loaded schedule runs to the same bits and bytes
    back = Schedule.from_json_text(schedule.to_json_text())
    back.validate()
    assert back.to_json() == schedule.to_json() and back.body_index() == index
    args = get_backend("threads").shard_inputs(mc.compile(mc.parse(text), None).program, inputs)
    first, again = Executor(schedule).run(args), Executor(back).run(args)
    for a, b in zip(first.outputs, again.outputs):
        np.testing.assert_array_equal(a, b)
    assert [d.collective_bytes for d in again.stats.devices] == [d.collective_bytes for d in first.stats.devices]


def test_the_listing_gives_each_member_its_piece():
    # the transpose on 4: each device's all_to_all takes its 6 x (own columns) and gives (own rows) x 6
    schedule = mc.compile(mc.parse(_uneven("transpose", "4", "[[0]]", "[[]]")), None).program.schedule
    index = schedule.body_index()
    assert [(index[k]["b0"].shape, index[k]["b0"].out_shape) for k in range(4)] == [
        ((N, r), (r, N)) for r in _ROWS]


def test_a_while_loop_transposing_ten_rows_on_four_devices_runs_on_mpi_from_its_schedule_json(tmp_path):
    """tests/data/region/while_transpose.mlir with 10x10 (2, 2, 3, 3 rows): `meshc compile --emit
    schedule-json`, then the MPI launcher on 4 ranks runs that file; the outputs and the per-device
    collective bytes are the threaded runtime's on the same schedule."""
    pytest.importorskip("mpi4py")
    from pathlib import Path

    from meshc.runtime.mpi_launch import find_mpiexec

    text = (Path(__file__).parent / "data/region/while_transpose.mlir").read_text().replace("8x8", "10x10")
    src = tmp_path / "loop.mlir"
    src.write_text(text)
    r = subprocess.run([sys.executable, "-m", "meshc", "compile", str(src), "--emit", "schedule-json", "-o",
                        str(tmp_path / "s.json")], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    rng = np.random.default_rng(9)
    x = (rng.standard_normal((10, 10))).astype(np.float32)
    compiled = mc.compile(mc.parse(text), None)
    args = get_backend("threads").shard_inputs(compiled.program, [x, np.array(TRIPS)])
    threads = Executor(Schedule.from_json_text((tmp_path / "s.json").read_text())).run(args)
    np.savez(tmp_path / "args.npz", **{f"arg{i}": np.asarray(a) for i, a in enumerate(args)})
    cmd = [find_mpiexec(), "-n", "4", sys.executable, "-m", "meshc.runtime.mpi_launch", str(tmp_path / "s.json"),
           "--args", str(tmp_path / "args.npz"), "-o", str(tmp_path / "out.npz"), "--stats", str(tmp_path / "stats.json"),
           "--collective-timeout", "60"]
    env = dict(os.environ, OMP_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1", NO_COLOR="1")
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300, env=env)
    assert proc.returncode == 0, proc.stderr
    with np.load(tmp_path / "out.npz") as z:
        outs = [z[f"result{i}"] for i in range(len(z.files))]
    assert len(outs) == len(threads.outputs)
    for got, ref in zip(outs, threads.outputs):
        np.testing.assert_array_equal(got, ref)  # the same kernels on the same shards
    # 2 or 3 rows of every other member's 2 or 3 columns, per trip (f32)
    rows = _sizes(10, 4)
    per_trip = [4 * r * (10 - r) for r in rows]
    assert [d.collective_bytes for d in threads.stats.devices] == [TRIPS * b for b in per_trip]
    devices = json.loads((tmp_path / "stats.json").read_text())["devices"]
    assert [d["collective_bytes"] for d in devices] == [TRIPS * b for b in per_trip]
    assert [d["received_from"]["collective"] for d in devices] == [
        {str(k): n for k, n in d.received_from["collective"].items()} for d in threads.stats.devices]
    est = estimate(Schedule.from_json_text((tmp_path / "s.json").read_text()), trips=TRIPS)
    assert [d.stats.collective_bytes for d in est.devices] == [d["collective_bytes"] for d in devices]
