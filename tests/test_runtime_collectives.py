"""Collectives of the threaded runtime against the reference semantics of
meshc.sharding.simulate (uneven shards included), and their traffic against
meshc.sharding.reshard.transfer_matrix."""

from __future__ import annotations

import numpy as np
import pytest

from meshc.backend.schedule import (Allocate, ArgBinding, Collective, CollectiveSpec, DeviceSchedule, ResultBinding,
                                    Schedule)
from meshc.runtime.collectives import CollectiveError, group_collective
from meshc.runtime.executor import run_schedule
from meshc.sharding import (AllGather, AllReduce, AllSlice, AllToAll, Mesh, ReduceScatter, Sharding, apply_step,
                            shard_array, transfer_matrix)
from tests.tolerance import assert_close

rng = np.random.default_rng(3)


def collective_schedule(mesh: Mesh, spec: CollectiveSpec, inputs, out_shapes, out_dtype="f32") -> Schedule:
    """Device k: x (argument k) -> collective -> y (allocated with out_shapes[k]); result k = y of device k."""
    n = mesh.num_devices
    devices = [DeviceSchedule(k, [Allocate("y", out_shapes[k], out_dtype), Collective(spec.instance, "x", "y")])
               for k in range(n)]
    args = [ArgBinding(k, k, "x", inputs[k].shape, "f32") for k in range(n)]
    return Schedule(mesh, devices, {spec.instance: spec}, args, [ResultBinding(k, k, "y") for k in range(n)])


def run_against_simulate(mesh, spec, step, src, shape, inputs):
    expected = apply_step(inputs, step, src, mesh, shape)
    report = run_schedule(collective_schedule(mesh, spec, inputs, [e.shape for e in expected]), inputs)
    for k, (got, want) in enumerate(zip(report.outputs, expected)):
        assert got.shape == want.shape, k
        np.testing.assert_array_equal(got, want)
    received = transfer_matrix(step, src, mesh, shape, 4).sum(axis=1)
    assert [d.collective_bytes for d in report.stats.devices] == received.tolist()
    return report


def test_all_reduce_of_partial_sums():
    mesh = Mesh("m", (4,))
    src = Sharding("m", (), partial_axes=(0,))
    parts = [rng.standard_normal((5, 3)).astype(np.float32) for _ in range(4)]
    report = run_against_simulate(mesh, CollectiveSpec("c0", "all_reduce", (0,)), AllReduce((0,)), src, (5, 3), parts)
    # a sum of 4 terms in the collective's order: within the bound of tests/tolerance.py
    assert_close(report.outputs[2], parts[0] + parts[1] + parts[2] + parts[3], k=4,
                 magnitude=float(np.max(np.sum(np.abs(parts), axis=0))))
    # bandwidth-optimal all_reduce of 15 f32 over 4: chunks 3, 4, 4, 4; device 0 gets 3 from each other
    # member plus their chunks 4 + 4 + 4: (3 * 3 + 12) * 4 B = 84 B
    assert report.stats.devices[0].collective_bytes == 84


def test_all_gather_of_uneven_shards():
    mesh = Mesh("m", (4,))
    src = Sharding("m", ((0,),))
    full = rng.standard_normal((10, 3)).astype(np.float32)
    inputs = shard_array(full, src, mesh)  # rows 2, 2, 3, 3
    report = run_against_simulate(mesh, CollectiveSpec("g", "all_gather", (0,), attributes={"gather_axis": 0}),
                                  AllGather((0,), 0), src, (10, 3), inputs)
    np.testing.assert_array_equal(report.outputs[3], full)
    # device 0 receives the other shards: (2 + 3 + 3) rows x 3 x 4 B = 96 B
    assert report.stats.devices[0].collective_bytes == 96


def test_all_gather_with_an_empty_shard():
    mesh = Mesh("m", (3,))
    src = Sharding("m", ((0,),))
    full = np.arange(4, dtype=np.float32).reshape(2, 2)
    inputs = shard_array(full, src, mesh)  # 2 over 3 -> rows 0, 1, 1
    assert [x.shape[0] for x in inputs] == [0, 1, 1]
    run_against_simulate(mesh, CollectiveSpec("g", "all_gather", (0,), attributes={"gather_axis": 0}),
                         AllGather((0,), 0), src, (2, 2), inputs)


def test_reduce_scatter_of_uneven_shards():
    mesh = Mesh("m", (4,))
    src = Sharding("m", (), partial_axes=(0,))
    parts = [rng.integers(-5, 5, (3, 10)).astype(np.float32) for _ in range(4)]
    spec = CollectiveSpec("r", "reduce_scatter", (0,), attributes={"scatter_axis": 1})
    report = run_against_simulate(mesh, spec, ReduceScatter((0,), "sum", 1), src, (3, 10), parts)
    assert [o.shape for o in report.outputs] == [(3, 2), (3, 2), (3, 3), (3, 3)]
    np.testing.assert_array_equal(report.outputs[3], sum(parts)[:, 7:])


def test_all_to_all_of_uneven_shards():
    mesh = Mesh("m", (4,))
    src = Sharding("m", ((0,),))
    full = rng.standard_normal((10, 6)).astype(np.float32)
    inputs = shard_array(full, src, mesh)
    spec = CollectiveSpec("a", "all_to_all", (0,), attributes={"split_axis": 1, "concat_axis": 0})
    report = run_against_simulate(mesh, spec, AllToAll((0,), 0, 1), src, (10, 6), inputs)
    # 6 columns over 4 -> 1, 1, 2, 2; device 2 ends with all rows of columns 2:4
    np.testing.assert_array_equal(report.outputs[2], full[:, 2:4])


def test_all_slice_moves_nothing():
    mesh = Mesh("m", (4,))
    full = rng.standard_normal((7, 2)).astype(np.float32)
    report = run_against_simulate(mesh, CollectiveSpec("s", "all_slice", (0,), attributes={"slice_axis": 0}),
                                  AllSlice((0,), 0), Sharding("m"), (7, 2), [full] * 4)
    np.testing.assert_array_equal(report.outputs[0], full[:1])  # 7 over 4 -> 1, 2, 2, 2
    assert report.stats.total("collective_bytes") == 0


def test_groups_over_one_mesh_axis_and_peer_traffic():
    """2x4 mesh, peered axis 1: groups over axis 1 are peer groups, groups over axis 0 are not."""
    mesh = Mesh("m", (2, 4), (1,))
    full = rng.standard_normal((2, 8)).astype(np.float32)
    src = Sharding("m", ((0,), (1,)))  # dim 0 over axis 0, dim 1 over axis 1: each device a 1x2 block
    inputs = shard_array(full, src, mesh)
    spec = CollectiveSpec("g1", "all_gather", (1,), attributes={"gather_axis": 1})
    report = run_against_simulate(mesh, spec, AllGather((1,), 1), src, (2, 8), inputs)
    np.testing.assert_array_equal(report.outputs[5], full[1:2])
    # 3 other members x 1x2 f32 = 24 B, all from peered devices
    assert [(d.collective_bytes, d.collective_peer_bytes) for d in report.stats.devices] == [(24, 24)] * 8
    spec0 = CollectiveSpec("g0", "all_gather", (0,), attributes={"gather_axis": 0})
    report = run_against_simulate(mesh, spec0, AllGather((0,), 0), src, (2, 8), inputs)
    assert [(d.collective_bytes, d.collective_peer_bytes) for d in report.stats.devices] == [(8, 0)] * 8


def test_explicit_sizes_that_are_not_balanced():
    """Pieces 3, 3, 2 (not the balanced 2, 3, 3) gather in group order."""
    mesh = Mesh("m", (3,))
    inputs = [np.full((3, 1), 1, np.float32), np.full((3, 1), 2, np.float32), np.full((2, 1), 3, np.float32)]
    spec = CollectiveSpec("g", "all_gather", (0,), attributes={"gather_axis": 0})
    report = run_schedule(collective_schedule(mesh, spec, inputs, [(8, 1)] * 3), inputs)
    assert report.outputs[1].ravel().tolist() == [1, 1, 1, 2, 2, 2, 3, 3]
    spec = CollectiveSpec("s", "reduce_scatter", (0,), attributes={"scatter_axis": 0})
    parts = [np.arange(8, dtype=np.float32).reshape(8, 1)] * 3
    report = run_schedule(collective_schedule(mesh, spec, parts, [(4, 1), (1, 1), (3, 1)]), parts)
    assert [o.ravel().tolist() for o in report.outputs] == [[0, 3, 6, 9], [12], [15, 18, 21]]


def test_all_reduce_into_a_wider_accumulator():
    mesh = Mesh("m", (2,))
    x = [np.array([1.5, 2.0], np.float32), np.array([0.25, 1.0], np.float32)]
    report = run_schedule(collective_schedule(mesh, CollectiveSpec("r", "all_reduce", (0,)), x, [(2,)] * 2, "f64"), x)
    assert report.outputs[0].dtype == np.float64 and report.outputs[0].tolist() == [1.75, 3.0]


def test_max_reduction():
    mesh = Mesh("m", (3,))
    x = [np.array([1, 9], np.float32), np.array([5, 2], np.float32), np.array([3, 4], np.float32)]
    spec = CollectiveSpec("r", "all_reduce", (0,), attributes={"reduction": "max"})
    report = run_schedule(collective_schedule(mesh, spec, x, [(2,)] * 3), x)
    assert report.outputs[2].tolist() == [5, 9]


def test_group_collective_reports_shapes_that_do_not_fit():
    spec = CollectiveSpec("g", "all_gather", (0,), attributes={"gather_axis": 0})
    with pytest.raises(CollectiveError, match=r"device 5 contributes shape \[2, 4\] but device 4 contributes \[2, 3\]"):
        group_collective(spec, [4, 5], [np.zeros((2, 3)), np.zeros((2, 4))], [(4, 3)] * 2, [np.dtype("f8")] * 2)
    with pytest.raises(CollectiveError, match=r"device 4 receives shape \[4, 3\] but allocated its output as \[5, 3\]"):
        group_collective(spec, [4, 5], [np.zeros((2, 3)), np.zeros((2, 3))], [(5, 3)] * 2, [np.dtype("f8")] * 2)
    scatter = CollectiveSpec("s", "reduce_scatter", (0,), attributes={"scatter_axis": 0})
    with pytest.raises(CollectiveError, match=r"sizes \[1, 1\], which do not split 4"):
        group_collective(scatter, [0, 1], [np.zeros((4,)), np.zeros((4,))], [(1,), (1,)], [np.dtype("f8")] * 2)


def test_a_collective_error_in_a_run_is_located_at_the_collective():
    from meshc.ir.location import Location
    from meshc.runtime.collectives import CollectiveError as Err

    mesh = Mesh("m", (2,))
    spec = CollectiveSpec("g", "all_gather", (0,), attributes={"gather_axis": 0}, loc=Location("p.mlir", 4, 9))
    x = [np.zeros((2, 3), np.float32), np.zeros((2, 3), np.float32)]
    with pytest.raises(Err) as info:
        run_schedule(collective_schedule(mesh, spec, x, [(3, 3)] * 2), x)
    assert info.value.location == Location("p.mlir", 4, 9)
    assert "receives shape [4, 3] but allocated its output as [3, 3]" in str(info.value)
