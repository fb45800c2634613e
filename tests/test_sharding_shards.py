"""meshc.sharding.shards: the balanced split and what each device holds."""

from __future__ import annotations

import pytest

from meshc.sharding import (
    Mesh,
    Sharding,
    ShardingError,
    bytes_per_device,
    core_region,
    dim_boundaries,
    dim_shard_count,
    dim_shard_index,
    holders,
    local_offsets,
    local_shape,
    local_slices,
    shard_boundaries,
    shard_offsets,
    shard_range,
    shard_sizes,
)


@pytest.mark.parametrize(
    "n, k, sizes",
    [
        (10, 4, [2, 2, 3, 3]),  # 10 // 4 = 2 each, the last 10 % 4 = 2 shards one more
        (16, 5, [3, 3, 3, 3, 4]),
        (2, 3, [0, 1, 1]),
        (12, 4, [3, 3, 3, 3]),
        (0, 3, [0, 0, 0]),
        (7, 1, [7]),
    ],
)
def test_balanced_shard_sizes(n, k, sizes):
    assert shard_sizes(n, k) == sizes


def test_balanced_rule_for_all_small_sizes():
    for n in range(31):
        for k in range(1, 9):
            sizes = shard_sizes(n, k)
            assert sum(sizes) == n
            assert sizes == sorted(sizes) and sizes[-1] - sizes[0] <= 1
            assert sizes.count(n // k + 1) == n % k


def test_offsets_boundaries_and_ranges():
    assert shard_boundaries(10, 4) == [0, 2, 4, 7, 10]
    assert shard_offsets(16, 5) == [0, 3, 6, 9, 12]
    assert shard_offsets(2, 3) == [0, 0, 1]
    assert shard_range(10, 4, 2) == (4, 3)
    assert shard_range(2, 3, 0) == (0, 0)


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: shard_sizes(None, 2), r"dynamic size \(\?\)"),
        (lambda: shard_sizes(5, 0), "into 0 shards; need at least 1"),
        (lambda: shard_sizes(-1, 2), "negative size -1"),
        (lambda: shard_range(10, 4, 4), "shard index 4 out of range for 4 shards"),
    ],
)
def test_split_errors(call, message):
    with pytest.raises(ShardingError, match=message):
        call()


MESH_2x4 = Mesh("m", (2, 4), peered_axes=(1,))
MESH_2x2 = Mesh("m", (2, 2))


def test_shard_index_of_multi_axis_split():
    minor0 = Sharding("m", ((1, 0),))
    assert dim_shard_count(minor0, MESH_2x4, 0) == 8
    assert dim_shard_index(minor0, MESH_2x4, (1, 2), 0) == 5  # c1 * size(axis 0) + c0 = 2 * 2 + 1
    assert dim_shard_index(Sharding("m", ((0, 1),)), MESH_2x4, (1, 2), 0) == 6  # 1 * 4 + 2
    assert dim_shard_index(minor0, MESH_2x4, 6, 1) == 0  # dim 1 is not split
    assert dim_shard_count(minor0, MESH_2x4, 1) == 1


def test_local_shapes_for_a_dim_split_over_two_axes():
    # 10 rows over the 4 shards of axes [0, 1]: 2, 2, 3, 3 rows; shard = 2 * c0 + c1.
    s = Sharding("m", ((0, 1),))
    assert [local_shape((10, 6), s, MESH_2x2, d) for d in range(4)] == [(2, 6), (2, 6), (3, 6), (3, 6)]
    # Axes [1, 0]: shard = 2 * c1 + c0, so device (0, 1) holds shard 2 and device (1, 0) shard 1.
    t = Sharding("m", ((1, 0),))
    assert local_shape((10, 6), t, MESH_2x2, (0, 1)) == (3, 6)
    assert local_shape((10, 6), t, MESH_2x2, (1, 0)) == (2, 6)
    assert local_offsets((10, 6), t, MESH_2x2, (1, 1)) == (7, 0)  # shard 3 starts at row 7


def test_two_dims_split_on_a_2x4_mesh():
    # 5 rows over axis 0: 2, 3 (boundaries 0, 2, 5); 7 cols over axis 1: 1, 2, 2, 2 (0, 1, 3, 5, 7).
    s = Sharding("m", ((0,), (1,)))
    assert local_shape((5, 7), s, MESH_2x4, (1, 0)) == (3, 1)
    assert local_shape((5, 7), s, MESH_2x4, (0, 3)) == (2, 2)
    assert local_offsets((5, 7), s, MESH_2x4, (1, 3)) == (2, 5)
    assert local_slices((5, 7), s, MESH_2x4, (1, 3)) == (slice(2, 5), slice(5, 7))
    assert dim_boundaries((5, 7), s, MESH_2x4, 1) == (0, 1, 3, 5, 7)


def test_replicated_axis_and_dims_smaller_than_the_device_count():
    s = Sharding("m", ((1,),))
    assert local_slices((8,), s, MESH_2x4, 0) == local_slices((8,), s, MESH_2x4, 4) == (slice(0, 2),)
    # 2 rows over 4 shards: 0, 0, 1, 1.
    assert [local_shape((2, 3), s, MESH_2x4, d) for d in range(4)] == [(0, 3), (0, 3), (1, 3), (1, 3)]
    assert local_slices((2, 3), s, MESH_2x4, 1) == (slice(0, 0), slice(0, 3))


def test_explicit_offsets_upstream_example():
    # MLIR mesh docs: 32x32x32, dims 0 and 1 sharded, offsets [0, 24, 32, 0, 20, 32]:
    # the first device gets 24x20x32, the last 8x12x32.
    s = Sharding("m", ((0,), (1,)), sharded_dims_offsets=(0, 24, 32, 0, 20, 32))
    assert local_shape((32, 32, 32), s, MESH_2x2, 0) == (24, 20, 32)
    assert local_shape((32, 32, 32), s, MESH_2x2, 1) == (24, 12, 32)
    assert local_shape((32, 32, 32), s, MESH_2x2, 3) == (8, 12, 32)
    assert local_offsets((32, 32, 32), s, MESH_2x2, 3) == (24, 20, 0)
    bad = Sharding("m", ((0,), (1,)), sharded_dims_offsets=(0, 24, 30, 0, 20, 32))
    with pytest.raises(ShardingError, match="tensor dim 0 end at 30 but the dim has size 32"):
        local_shape((32, 32, 32), bad, MESH_2x2, 0)


def test_halos_are_clipped_at_the_tensor_edges():
    mesh = Mesh("m", (4,))
    # Cores of 10 over 4: [0,2) [2,4) [4,7) [7,10); halo 1 low, 2 high.
    s = Sharding("m", ((0,),), halo_sizes=(1, 2))
    assert [local_slices((10,), s, mesh, d) for d in range(4)] == [
        (slice(0, 4),),  # [0 - 1, 2 + 2) clipped to 0
        (slice(1, 6),),
        (slice(3, 9),),
        (slice(6, 10),),  # [7 - 1, 10 + 2) clipped to 10
    ]
    assert core_region((10,), s, mesh, 2) == ((4, 7),)
    assert local_shape((10, 3), s, mesh, 1) == (5, 3)


def test_holders():
    rows = Sharding("m", ((0,),))  # rows [0, 5) on mesh row 0, [5, 10) on row 1; axis 1 replicates
    assert holders((10,), rows, MESH_2x4, (6,)) == [4, 5, 6, 7]
    # Over all 8 devices: 10 // 8 = 1, last 2 get 2: boundaries 0..6, 8, 10; row 6 is shard 6 = (1, 2).
    assert holders((10,), Sharding("m", ((0, 1),)), MESH_2x4, (6,)) == [6]
    halo = Sharding("m", ((0,),), halo_sizes=(1, 1))
    assert holders((10,), halo, Mesh("m", (4,)), (4,)) == [1, 2]  # core of 2, high halo of 1
    assert holders((3, 3), Sharding("m", partial_axes=(0,)), MESH_2x2, (2, 2)) == [0, 1, 2, 3]
    with pytest.raises(ShardingError, match=r"index \(10,\) is outside a tensor of shape \(10,\)"):
        holders((10,), rows, MESH_2x4, (10,))


def test_bytes_per_device():
    mesh = Mesh("m", (4,))
    assert bytes_per_device((10, 3), 4, Sharding("m", ((0,),)), mesh) == [24, 24, 36, 36]  # rows 2, 2, 3, 3 x 3 x 4 B
    replicated = Sharding("m")
    assert bytes_per_device((4, 4), 4, replicated, MESH_2x4) == [64] * 8
    # Seed 000: replicated over the peered axis 1 -> stored once per peer group.
    assert bytes_per_device((4, 4), 4, replicated, MESH_2x4, peered_storage=True) == [64, 0, 0, 0, 64, 0, 0, 0]
    rows = Sharding("m", ((0,),))
    assert bytes_per_device((4, 4), 4, rows, MESH_2x4, peered_storage=True) == [32, 0, 0, 0, 32, 0, 0, 0]
    # Partial over the peered axis: every device holds its own partial value.
    partial = Sharding("m", partial_axes=(1,))
    assert bytes_per_device((4, 4), 4, partial, MESH_2x4, peered_storage=True) == [64] * 8


def test_dynamic_sizes_are_rejected():
    with pytest.raises(ShardingError, match=r"tensor dim 0 has size \?"):
        local_shape((None, 4), Sharding("m", ((0,),)), MESH_2x2, 0)
    with pytest.raises(ShardingError, match="axis 0 is dynamic"):
        local_shape((4, 4), Sharding("m", ((0,),)), Mesh("m", (None, 2)), (0, 0))
