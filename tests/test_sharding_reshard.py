"""meshc.sharding.reshard / steps / simulate: resharding plans, their traffic, and their
reference semantics on per-device numpy buffers."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from meshc.sharding import (
    AllGather,
    AllReduce,
    AllSlice,
    AllToAll,
    MarkPartial,
    Mesh,
    ReduceScatter,
    ReductionKind,
    ReshardError,
    Sharding,
    UpdateHalo,
    apply_plan,
    apply_step,
    bytes_moved_per_device,
    is_exact,
    local_shape,
    nests,
    plan_bytes_per_device,
    plan_reshard,
    same_layout,
    shard_array,
    shardings_along,
    transfer_matrix,
    unshard,
)

K = ReductionKind
M4 = Mesh("m", (4,))
M2x2 = Mesh("m", (2, 2))


def S(*split, **kw) -> Sharding:
    return Sharding("m", tuple(split), **kw)


# -- plans for the named cases ------------------------------------------------------------------


@pytest.mark.parametrize(
    "src, dst, shape, plan",
    [
        (S((0,)), S(), (8, 4), [AllGather((0,), 0)]),  # split -> replicate
        (S(), S((0,)), (8, 4), [AllSlice((0,), 0)]),  # replicate -> split
        (S(partial_axes=(0,)), S(), (8, 4), [AllReduce((0,), K.SUM)]),  # partial -> replicate
        (S(partial_axes=(0,)), S((), (0,)), (8, 4), [ReduceScatter((0,), K.SUM, 1)]),  # partial -> split
        (S((0,)), S((), (0,)), (8, 4), [AllToAll((0,), 0, 1)]),  # split dim 0 -> split dim 1
        (S((0,)), S((0,)), (8, 4), []),
        (S(), S(partial_axes=(0,), partial_type=K.MAX), (8,), [MarkPartial((0,), K.MAX)]),
        (
            S(partial_axes=(0,)),
            S(partial_axes=(0,), partial_type=K.MAX),
            (8,),
            [AllReduce((0,), K.SUM), MarkPartial((0,), K.MAX)],
        ),
    ],
)
def test_plans_on_a_1d_mesh(src, dst, shape, plan):
    assert plan_reshard(src, dst, M4, shape) == plan


@pytest.mark.parametrize(
    "src, dst, shape, plan",
    [
        # 8 rows: over axis 0 [0, 4, 8], over [0, 1] [0, 2, 4, 6, 8]: nested, slice locally.
        (S((0,)), S((0, 1)), (8,), [AllSlice((1,), 0)]),
        # 10 rows: over 2 [0, 5, 10], over 4 [0, 2, 4, 7, 10]; row 5 is no boundary, so
        # device (1, 0) needs rows 4..6 it does not hold: gather, then slice.
        (S((0,)), S((0, 1)), (10,), [AllGather((0,), 0), AllSlice((0, 1), 0)]),
        (S((0, 1)), S((0,), (1,)), (8, 8), [AllToAll((1,), 0, 1)]),
        (S((0, 1)), S((), (1, 0)), (8, 8), [AllToAll((1,), 0, 1), AllToAll((0,), 0, 1)]),
        # Moving a split to another mesh axis: gather then slice.
        (S((0,)), S((1,)), (8,), [AllGather((0,), 0), AllSlice((1,), 0)]),
        # Swapping the axes of two dims: free one dim, all_to_all into it, slice the other.
        (S((0,), (1,)), S((1,), (0,)), (6, 6), [AllGather((0,), 0), AllToAll((1,), 1, 0), AllSlice((0,), 1)]),
        (S(partial_axes=(0, 1)), S((1,), (0,)), (4, 4), [ReduceScatter((1,), K.SUM, 0), ReduceScatter((0,), K.SUM, 1)]),
        # Partial axis the target keeps stays partial; the other one is scattered.
        (S(partial_axes=(0, 1)), S((1,), partial_axes=(0,)), (4,), [ReduceScatter((1,), K.SUM, 0)]),
        # A split axis that becomes partial: gather it, then mark it.
        (S((0,)), S(partial_axes=(0,)), (4,), [AllGather((0,), 0), MarkPartial((0,), K.SUM)]),
    ],
)
def test_plans_on_a_2x2_mesh(src, dst, shape, plan):
    assert plan_reshard(src, dst, M2x2, shape) == plan


def test_plans_with_halos_and_explicit_offsets():
    m2 = Mesh("m", (2,))
    assert plan_reshard(S((0,)), S((0,), halo_sizes=(1, 1)), M4, (8,)) == [UpdateHalo((1, 1))]
    assert plan_reshard(S((0,), halo_sizes=(1, 1)), S((), (0,)), M4, (8, 8)) == [UpdateHalo(()), AllToAll((0,), 0, 1)]
    irregular = S((0,), sharded_dims_offsets=(0, 1, 4))
    assert plan_reshard(irregular, S((0,)), m2, (4,)) == [AllGather((0,), 0), AllSlice((0,), 0)]
    assert plan_reshard(S((0,)), irregular, m2, (4,)) == [AllGather((0,), 0), AllSlice((0,), 0, (0, 1, 4))]
    # Offsets that spell out the balanced rule are the same layout: nothing to do.
    assert plan_reshard(S((0,), sharded_dims_offsets=(0, 2, 4)), S((0,)), m2, (4,)) == []
    assert same_layout(S((0,), sharded_dims_offsets=(0, 2, 4)), S((0,)), m2, (4,))


def test_dynamic_sizes_take_steps_exact_for_every_size():
    dyn = Mesh("m", (None, None))
    assert plan_reshard(S((0,)), S((), (0,)), dyn, (None, 8)) == [AllToAll((0,), 0, 1)]
    # Whether [0] nests in [0, 1] depends on the sizes: gather all, slice again.
    assert plan_reshard(S((0,)), S((0, 1)), dyn, (None,)) == [AllGather((0,), 0), AllSlice((0, 1), 0)]


def test_plan_errors():
    with pytest.raises(ReshardError, match="tensor dim 0 end at 5 but the dim has size 4"):
        plan_reshard(S((0,), sharded_dims_offsets=(0, 1, 5)), S(), Mesh("m", (2,)), (4,))
    with pytest.raises(ReshardError, match="cannot reshard between meshes: <@m, \\[\\[0\\]\\]> is on @m, <@n, \\[\\[\\]\\]> on @n"):
        plan_reshard(S((0,)), Sharding("n"), M4, (8,))
    with pytest.raises(ReshardError, match="invalid target sharding: .*mesh axis 0 is used twice"):
        plan_reshard(S((0,)), S((0,), (0,)), M4, (8, 8))
    with pytest.raises(ReshardError, match="invalid source sharding: .*2 split_axes entries but the tensor has rank 1"):
        plan_reshard(S((), (0,)), S(), M4, (8,))


# -- steps -------------------------------------------------------------------------------------------


def test_step_text_uses_mesh_op_attribute_names():
    assert str(AllToAll((0,), 0, 1)) == "all_to_all mesh_axes = [0] split_axis = 1 concat_axis = 0"
    assert str(ReduceScatter((1, 0), K.MAX, 2)) == "reduce_scatter mesh_axes = [1, 0] reduction = max scatter_axis = 2"
    assert str(AllGather((1,), 0)) == "all_gather mesh_axes = [1] gather_axis = 0"
    assert str(AllSlice((0,), 1)) == "all_slice mesh_axes = [0] slice_axis = 1"
    assert str(AllReduce((0,), "sum")) == "all_reduce mesh_axes = [0] reduction = sum"
    assert str(UpdateHalo((1, 2))) == "update_halo halo_sizes = [1, 2]"


def test_step_results():
    shape = (8, 8)
    assert AllGather((1,), 0).apply(S((0, 1)), M2x2, shape) == S((0,))
    assert AllToAll((1,), 0, 1).apply(S((0, 1)), M2x2, shape) == S((0,), (1,))
    assert ReduceScatter((0,), K.SUM, 1).apply(S(partial_axes=(0, 1)), M2x2, shape) == S((), (0,), partial_axes=(1,))
    assert MarkPartial((1,), K.SUM).apply(S((0,)), M2x2, shape) == S((0,), partial_axes=(1,))
    steps = [AllSlice((0,), 0), AllSlice((1,), 1)]
    assert shardings_along(S(), steps, M2x2, shape) == [S((0,)), S((0,), (1,))]
    # Gathering the minor axis of explicit boundaries keeps every second one.
    explicit = S((0, 1), sharded_dims_offsets=(0, 1, 2, 3, 8))
    assert AllGather((1,), 0).apply(explicit, M2x2, shape) == S((0,), sharded_dims_offsets=(0, 2, 8))


@pytest.mark.parametrize(
    "step, sharding, message",
    [
        (AllGather((1,), 0), S((0,)), r"mesh axes \[1\] are not the minor-most split axes of tensor dim 0 \(\[0\]\)"),
        (AllSlice((0,), 1), S((0,)), r"mesh axes \[0\] are already split or partial"),
        (AllReduce((1,), K.SUM), S((0,)), r"mesh axes \[1\] are not partial"),
        (AllReduce((1,), K.MAX), S(partial_axes=(1,)), "combine with sum, not max"),
        (AllToAll((0,), 0, 0), S((0,)), "source and destination dims are the same"),
        (AllSlice((0,), 2), S(), "tensor dim 2 out of range for rank 2"),
        (AllToAll((0,), 0, 1), S((0,), halo_sizes=(1, 1)), "it has halos"),
        (MarkPartial((0,), K.MAX), S(partial_axes=(1,)), "already partial with sum"),
    ],
)
def test_step_errors(step, sharding, message):
    with pytest.raises(ReshardError, match=message):
        step.apply(sharding, M2x2, (8, 8))


def test_nesting_and_exactness():
    # 12 rows: [0, 6, 12] vs [0, 3, 6, 9, 12] nest; 10 rows: [0, 5, 10] vs [0, 2, 4, 7, 10] do not.
    assert nests(S((0,)), S((0, 1)), 0, M2x2, (12,))
    assert not nests(S((0,)), S((0, 1)), 0, M2x2, (10,))
    assert nests(S(), S((0, 1)), 0, M2x2, (10,))
    assert not nests(S((1,)), S((0, 1)), 0, M2x2, (12,))  # not a prefix
    assert is_exact(AllSlice((1,), 0), S((0,)), M2x2, (12,))
    assert not is_exact(AllSlice((1,), 0), S((0,)), M2x2, (10,))
    assert not is_exact(AllGather((1,), 0), S((0, 1)), M2x2, (10,))


# -- reference semantics --------------------------------------------------------------------------


def test_shard_array_partial_conventions():
    x = np.arange(6.0)
    m2 = Mesh("m", (2,))
    zero, one = shard_array(x, S(partial_axes=(0,)), m2)
    np.testing.assert_array_equal(zero, x)
    np.testing.assert_array_equal(one, np.zeros(6))
    assert shard_array(x, S(partial_axes=(0,), partial_type=K.MAX), m2)[1].tolist() == [-np.inf] * 6
    for buffer in shard_array(x, S(partial_axes=(0,), partial_type=K.AVERAGE), m2):
        np.testing.assert_array_equal(buffer, x)  # average: every member holds the value


def test_all_to_all_rows_to_cols():
    x = np.arange(16.0).reshape(4, 4)
    m2 = Mesh("m", (2,))
    out = apply_step(shard_array(x, S((0,)), m2), AllToAll((0,), 0, 1), S((0,)), m2, x.shape)
    np.testing.assert_array_equal(out[0], x[:, :2])
    np.testing.assert_array_equal(out[1], x[:, 2:])


def test_reduce_scatter_and_all_reduce_by_hand():
    m2 = Mesh("m", (2,))
    bufs = [np.array([1.0, 2.0, 3.0]), np.array([10.0, 20.0, 30.0])]
    # Sum [11, 22, 33], scattered 3 over 2 -> 1 and 2 elements.
    out = apply_step(bufs, ReduceScatter((0,), K.SUM, 0), S(partial_axes=(0,)), m2, (3,))
    assert [b.tolist() for b in out] == [[11.0], [22.0, 33.0]]
    maxed = apply_step(bufs, AllReduce((0,), K.MAX), S(partial_axes=(0,), partial_type=K.MAX), m2, (3,))
    assert [b.tolist() for b in maxed] == [[10.0, 20.0, 30.0]] * 2


def test_all_gather_of_uneven_and_empty_shards():
    x = np.arange(3.0).reshape(1, 3)
    bufs = shard_array(x, S((0,)), M4)  # 1 row over 4: 0, 0, 0, 1
    assert [b.shape for b in bufs] == [(0, 3), (0, 3), (0, 3), (1, 3)]
    out = apply_step(bufs, AllGather((0,), 0), S((0,)), M4, x.shape)
    assert all(np.array_equal(b, x) for b in out)


def test_update_halo_fills_from_neighbours():
    x = np.arange(5.0)
    m2 = Mesh("m", (2,))
    out = apply_step(shard_array(x, S((0,)), m2), UpdateHalo((1, 1)), S((0,)), m2, (5,))
    # Cores [0, 2) and [2, 5); halos of 1 each side, clipped at the edges.
    assert [b.tolist() for b in out] == [[0.0, 1.0, 2.0], [1.0, 2.0, 3.0, 4.0]]


def test_simulation_errors():
    x = np.arange(10.0)
    # 10 rows over axis 0: [0, 5) [5, 10); over [0, 1] device 2 = (1, 0) needs rows [4, 7).
    with pytest.raises(ReshardError, match=r"device 2 needs \[4, 7\) of tensor dim 0 but holds only \[5, 10\)"):
        apply_step(shard_array(x, S((0,)), M2x2), AllSlice((1,), 0), S((0,)), M2x2, (10,))
    with pytest.raises(ReshardError, match="device 0 holds shape \\(10,\\), but <@m, \\[\\[0\\]\\]> of a \\(10,\\) tensor gives it \\(5,\\)"):
        apply_step([x] * 4, AllGather((0,), 0), S((0,)), M2x2, (10,))
    with pytest.raises(ReshardError, match="3 buffers for a mesh of 4 devices"):
        unshard([x] * 3, S(), M4, (10,))
    replicas = [x, x, x + 1, x]
    np.testing.assert_array_equal(unshard(replicas, S(), M4, (10,)), x)  # reads device 0
    with pytest.raises(ReshardError, match="device 2 disagrees with its replicas"):
        unshard(replicas, S(), M4, (10,), strict=True)
    with pytest.raises(ReshardError, match="no buffer for devices \\[3\\]"):
        unshard({0: x, 1: x, 2: x}, S(), M4, (10,))


def test_bitwise_partial_on_integers():
    x = np.array([[5, 12], [7, 0]], dtype=np.int32)
    src = S(partial_axes=(0, 1), partial_type=K.BITWISE_XOR)
    bufs = shard_array(x, src, M2x2)
    out, final = apply_plan(bufs, plan_reshard(src, S((1,)), M2x2, x.shape), src, M2x2, x.shape)
    assert final == S((1,))
    np.testing.assert_array_equal(unshard(out, final, M2x2, x.shape), x)


# -- traffic ------------------------------------------------------------------------------------------


def test_bytes_moved_per_step():
    f32 = 4
    # all_gather 10x3 rows 2, 2, 3, 3: device 0 receives 2 + 3 + 3 rows, device 2 2 + 2 + 3.
    assert bytes_moved_per_device(AllGather((0,), 0), S((0,)), M4, (10, 3), f32) == [96, 96, 84, 84]
    assert bytes_moved_per_device(AllSlice((0,), 0), S(), M4, (10, 3), f32) == [0] * 4
    # all_reduce of 8 floats over 4: chunks of 2; from each of 3 others 2 + 2 elements.
    assert bytes_moved_per_device(AllReduce((0,), K.SUM), S(partial_axes=(0,)), M4, (8,), f32) == [48] * 4
    # reduce_scatter to rows 2, 2, 3, 3: 3 peers x own rows x 3 cols.
    assert bytes_moved_per_device(ReduceScatter((0,), K.SUM, 0), S(partial_axes=(0,)), M4, (10, 3), f32) == [72, 72, 108, 108]
    # all_to_all 4x8 over 2: device 0 gets device 1's rows 2..3 x cols 0..3.
    m2 = Mesh("m", (2,))
    assert bytes_moved_per_device(AllToAll((0,), 0, 1), S((0,)), m2, (4, 8), f32) == [32, 32]
    # update_halo 10 over 4, halo 1: the device at each end needs 1 cell, the middle ones 2.
    f64 = 8
    matrix = transfer_matrix(UpdateHalo((1, 1)), S((0,)), M4, (10,), f64)
    assert matrix.sum(axis=1).tolist() == [8, 16, 16, 8]
    assert matrix[1, 0] == 8 and matrix[1, 2] == 8 and matrix[1, 3] == 0


def test_peer_and_copy_traffic_on_a_peered_mesh():
    mesh = Mesh("m", (2, 4), peered_axes=(1,))
    # 8x4 f32 split over peered axis 1: 2 rows each; a gather reads 3 x 2 rows x 16 B from peers.
    along_peers = AllGather((1,), 0)
    assert bytes_moved_per_device(along_peers, S((1,)), mesh, (8, 4), 4, peered=True) == [96] * 8
    assert bytes_moved_per_device(along_peers, S((1,)), mesh, (8, 4), 4, peered=False) == [0] * 8
    across = AllGather((0,), 0)  # 4 rows each, from the other peer group: copies
    assert bytes_moved_per_device(across, S((0,)), mesh, (8, 4), 4, peered=False) == [64] * 8
    assert bytes_moved_per_device(across, S((0,)), mesh, (8, 4), 4, peered=True) == [0] * 8


def test_a_partial_sum_is_sliced_to_its_target_split_before_it_is_reduced():
    # partial over axis 0, wanted split on its rows over axis 1: slicing is local, so each device
    # keeps its 4 rows of the 8x4 f32 partial buffer first and the all_reduce over 2 devices moves
    # 2 x 1/2 x 64 B instead of the whole 128 B buffer
    src = S(partial_axes=(0,))
    steps = plan_reshard(src, S((1,)), M2x2, (8, 4))
    assert steps == [AllSlice((1,), 0), AllReduce((0,), K.SUM)]
    assert plan_bytes_per_device(steps, src, M2x2, (8, 4), 4) == [64] * 4
    # a dim on its way elsewhere is not sliced early: here a reduce_scatter does it all
    assert plan_reshard(src, S((0,)), M2x2, (8, 4)) == [ReduceScatter((0,), K.SUM, 0)]


def test_plan_bytes_sums_the_steps():
    # [[0]] -> [[0, 1]] over 10 rows: all_gather (rows 5 from the other half) then a free slice.
    steps = plan_reshard(S((0,)), S((0, 1)), M2x2, (10,))
    assert plan_bytes_per_device(steps, S((0,)), M2x2, (10,), 8) == [40] * 4


# -- property: any plan moves the data correctly ------------------------------------------------------

KINDS = [K.SUM, K.MAX, K.MIN, K.PRODUCT, K.AVERAGE]


@st.composite
def meshes(draw):
    rank = draw(st.integers(1, 3))
    shape = draw(st.lists(st.integers(1, 4), min_size=rank, max_size=rank).filter(lambda s: math.prod(s) <= 16))
    peered = draw(st.lists(st.integers(0, rank - 1), unique=True))
    return Mesh("m", tuple(shape), tuple(sorted(peered)))


@st.composite
def shardings(draw, mesh: Mesh, rank: int):
    """Each mesh axis replicates, is partial, or splits a tensor dim, in a random order."""
    split: list[list[int]] = [[] for _ in range(rank)]
    partial = []
    for axis in draw(st.permutations(range(mesh.rank))):
        role = draw(st.sampled_from(["free", "partial"] + [f"dim{d}" for d in range(rank)]))
        if role == "partial":
            partial.append(axis)
        elif role.startswith("dim"):
            split[int(role[3:])].append(axis)
    kind = draw(st.sampled_from(KINDS))
    return Sharding("m", tuple(map(tuple, split)), tuple(partial), kind)


@st.composite
def with_halo_or_offsets(draw, sharding: Sharding, mesh: Mesh, shape):
    choice = draw(st.sampled_from(["none", "halo", "offsets"]))
    if choice == "none" or not sharding.sharded_dims:
        return sharding
    if choice == "halo":
        halo = draw(st.lists(st.integers(0, 3), min_size=2 * len(sharding.sharded_dims), max_size=2 * len(sharding.sharded_dims)))
        return Sharding("m", sharding.split_axes, sharding.partial_axes, sharding.partial_type, halo_sizes=tuple(halo))
    flat = []
    for d in sharding.sharded_dims:
        k, n = mesh.group_size(sharding.split_axes[d]), shape[d]
        cuts = draw(st.lists(st.integers(0, n), min_size=k - 1, max_size=k - 1))
        flat += [0, *sorted(cuts), n]
    return Sharding("m", sharding.split_axes, sharding.partial_axes, sharding.partial_type, sharded_dims_offsets=tuple(flat))


@st.composite
def reshard_cases(draw, extras: bool):
    mesh = draw(meshes())
    rank = draw(st.integers(1, 3))
    shape = tuple(draw(st.lists(st.integers(0, 9), min_size=rank, max_size=rank)))
    src, dst = draw(shardings(mesh, rank)), draw(shardings(mesh, rank))
    if extras:
        src, dst = draw(with_halo_or_offsets(src, mesh, shape)), draw(with_halo_or_offsets(dst, mesh, shape))
    seed = draw(st.integers(0, 2**32 - 1))
    return mesh, shape, src, dst, seed


def check_plan(mesh, shape, src, dst, seed):
    # Small integers in float64: sums, products and averages of them are exact.
    x = np.random.default_rng(seed).integers(-5, 6, size=shape).astype(np.float64)
    steps = plan_reshard(src, dst, mesh, shape)
    buffers, sharding = shard_array(x, src, mesh), src
    for step in steps:
        assert is_exact(step, sharding, mesh, shape)
        moved = bytes_moved_per_device(step, sharding, mesh, shape, 8)
        assert min(moved) >= 0
        if isinstance(step, (AllSlice, MarkPartial)):
            assert sum(moved) == 0  # local steps
        buffers = apply_step(buffers, step, sharding, mesh, shape)
        sharding = step.apply(sharding, mesh, shape)
        assert [b.shape for b in buffers] == [local_shape(shape, sharding, mesh, d) for d in mesh.devices()]
        np.testing.assert_array_equal(unshard(buffers, sharding, mesh, shape, strict=True), x)
    assert same_layout(sharding, dst, mesh, shape)
    if not dst.partial_axes:
        for device, (got, want) in enumerate(zip(buffers, shard_array(x, dst, mesh))):
            np.testing.assert_array_equal(got, want, err_msg=f"device {device}")


@settings(max_examples=400, deadline=None)
@given(reshard_cases(extras=False))
def test_every_plan_reshards_correctly(case):
    check_plan(*case)


@settings(max_examples=200, deadline=None)
@given(reshard_cases(extras=True))
def test_every_plan_reshards_correctly_with_halos_and_offsets(case):
    check_plan(*case)


@settings(max_examples=200, deadline=None)
@given(reshard_cases(extras=False))
def test_plans_for_a_dynamic_mesh_work_on_the_concrete_mesh(case):
    """The partition pass plans once for ``?x?`` meshes and unknown sizes; the runtime
    runs that plan on whatever mesh shape it is given."""
    mesh, shape, src, dst, seed = case
    dynamic = Mesh("m", (None,) * mesh.rank, mesh.peered_axes)
    steps = plan_reshard(src, dst, dynamic, (None,) * len(shape))
    x = np.random.default_rng(seed).integers(-5, 6, size=shape).astype(np.float64)
    buffers, final = apply_plan(shard_array(x, src, mesh), steps, src, mesh, shape)
    assert same_layout(final, dst, mesh, shape)
    np.testing.assert_array_equal(unshard(buffers, final, mesh, shape, strict=True), x)
