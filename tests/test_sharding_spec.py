"""meshc.sharding.spec: reduction kinds, meshes (coordinates, peer groups) and shardings."""

from __future__ import annotations

import numpy as np
import pytest

from meshc.sharding import Mesh, ReductionKind, Sharding, ShardingError

K = ReductionKind


# -- ReductionKind -------------------------------------------------------------------------


def test_reduction_kinds_are_mlir_mesh_names():
    assert [k.value for k in K] == [
        "sum", "max", "min", "product", "average", "bitwise_and", "bitwise_or", "bitwise_xor", "generic",
    ]
    assert K.parse("max") is K.MAX
    assert K.parse(K.MIN) is K.MIN
    with pytest.raises(ShardingError, match="unknown reduction kind 'mean'"):
        K.parse("mean")


@pytest.mark.parametrize(
    "kind, dtype, expected",
    [
        (K.SUM, np.float32, 0.0),
        (K.PRODUCT, np.int32, 1),
        (K.MAX, np.float64, -np.inf),
        (K.MAX, np.int8, -128),
        (K.MAX, np.bool_, False),
        (K.MIN, np.float32, np.inf),
        (K.MIN, np.uint8, 255),
        (K.MIN, np.bool_, True),
        (K.BITWISE_AND, np.int16, -1),
        (K.BITWISE_AND, np.uint8, 255),
        (K.BITWISE_OR, np.int32, 0),
        (K.BITWISE_XOR, np.uint16, 0),
    ],
)
def test_identity_by_dtype(kind, dtype, expected):
    value = kind.identity(dtype)
    assert value == expected
    assert value.dtype == np.dtype(dtype)


@pytest.mark.parametrize(
    "kind, dtype, message",
    [
        (K.AVERAGE, np.float32, "'average' has no identity"),
        (K.GENERIC, np.float32, "'generic' has no identity"),
        (K.BITWISE_XOR, np.float64, "needs an integer or bool dtype, got float64"),
    ],
)
def test_identity_errors(kind, dtype, message):
    with pytest.raises(ShardingError, match=message):
        kind.identity(dtype)


def test_combiners_are_numpy_ufuncs():
    assert K.SUM.combiner is np.add
    assert K.PRODUCT.combiner is np.multiply
    assert K.MAX.combiner is np.maximum
    assert K.MIN.combiner is np.minimum
    assert K.BITWISE_XOR.combiner is np.bitwise_xor
    with pytest.raises(ShardingError, match="'generic' has no combiner"):
        K.GENERIC.combiner


@pytest.mark.parametrize(
    "kind, expected",
    [
        (K.SUM, [5, 8, 6]),  # [1, 6, 3] + [4, 2, 3]
        (K.MAX, [4, 6, 3]),
        (K.MIN, [1, 2, 3]),
        (K.PRODUCT, [4, 12, 9]),
        (K.BITWISE_AND, [0, 2, 3]),  # 1&4, 6&2, 3&3
        (K.BITWISE_OR, [5, 6, 3]),
        (K.BITWISE_XOR, [5, 4, 0]),
        (K.AVERAGE, [2, 4, 3]),  # integer average floors: 5 // 2, 8 // 2, 6 // 2
    ],
)
def test_reduce_int32(kind, expected):
    a, b = np.array([1, 6, 3], np.int32), np.array([4, 2, 3], np.int32)
    out = kind.reduce([a, b])
    assert out.dtype == np.int32
    assert out.tolist() == expected


def test_reduce_average_float_and_keeps_dtype():
    out = K.AVERAGE.reduce([np.array([1.0, 6.0], np.float32), np.array([4.0, 2.0], np.float32), np.array([1.0, 1.0], np.float32)])
    assert out.dtype == np.float32
    assert out.tolist() == [2.0, 3.0]  # (1 + 4 + 1) / 3, (6 + 2 + 1) / 3


def test_reduce_with_identity_gives_value_back():
    x = np.array([[3, -7], [0, 9]], np.int64)
    for kind in (K.SUM, K.MAX, K.MIN, K.PRODUCT, K.BITWISE_AND, K.BITWISE_OR, K.BITWISE_XOR):
        pad = np.full_like(x, kind.identity(x.dtype))
        np.testing.assert_array_equal(kind.reduce([pad, x, pad]), x)


def test_reduce_empty_group_raises():
    with pytest.raises(ShardingError, match="empty group"):
        K.SUM.reduce([])


# -- Mesh -------------------------------------------------------------------------------------


def test_row_major_coordinates():
    mesh = Mesh("m", (2, 4), peered_axes=(1,))
    assert mesh.num_devices == 8
    assert mesh.device_coords(6) == (1, 2)  # 6 = 1 * 4 + 2
    assert mesh.linear_index((1, 2)) == 6
    assert mesh.coords_of(3) == (0, 3)
    assert mesh.coords_of([1, 0]) == (1, 0)
    assert all(mesh.linear_index(mesh.device_coords(d)) == d for d in range(8))
    assert mesh.shape_str() == "2x4"


def test_peer_groups_of_a_2x4_mesh_peered_on_axis_1():
    mesh = Mesh("m", (2, 4), peered_axes=(1,))
    assert mesh.peer_group(2) == [0, 1, 2, 3]
    assert mesh.peer_group((1, 0)) == [4, 5, 6, 7]
    assert mesh.is_peered(1, 3)
    assert not mesh.is_peered(1, 5)
    assert Mesh("m", (2, 4)).peer_group(5) == [5]


def test_seed_000_dynamic_3d_mesh_peered_on_axes_1_and_2():
    # Seed 000: (h, i, j) and (k, l, m) share memory iff h == k.
    mesh = Mesh("mesh", (None, None, None), peered_axes=(1, 2))
    assert not mesh.is_static and mesh.shape_str() == "?x?x?"
    concrete = mesh.specialize((2, 2, 3))
    assert concrete.peer_group((1, 0, 2)) == [6, 7, 8, 9, 10, 11]  # h = 1: linear 6..11
    assert concrete.is_peered((0, 1, 1), (0, 0, 2))
    assert not concrete.is_peered((0, 1, 1), (1, 1, 1))


def test_axis_group_order_follows_the_given_axes():
    mesh = Mesh("m", (2, 4))
    assert mesh.axis_group((1, 2), [1]) == [4, 5, 6, 7]
    assert mesh.axis_group((1, 2), [0]) == [2, 6]
    # axis 1 major, axis 0 minor: (0,0) (1,0) (0,1) (1,1) ...
    assert mesh.axis_group((1, 2), [1, 0]) == [0, 4, 1, 5, 2, 6, 3, 7]
    assert mesh.axis_group((1, 2), [0, 1]) == list(range(8))
    assert mesh.axis_group(5, []) == [5]
    assert mesh.group_position((1, 2), [1, 0]) == 5  # 2 * 2 + 1, the index of device 6 above
    assert mesh.axis_groups([0]) == [[0, 4], [1, 5], [2, 6], [3, 7]]
    assert mesh.axis_groups([]) == [[d] for d in range(8)]


def test_dynamic_mesh_and_specialize():
    mesh = Mesh("m", (None, 4))
    with pytest.raises(ShardingError, match=r"axis 0 is dynamic \(\?x4\)"):
        mesh.num_devices
    assert mesh.specialize((3, 4)).num_devices == 12
    with pytest.raises(ShardingError, match="static size 4; cannot specialize it to 5"):
        mesh.specialize((3, 5))
    with pytest.raises(ShardingError, match="has rank 2"):
        mesh.specialize((3,))


@pytest.mark.parametrize(
    "build, message",
    [
        (lambda: Mesh("m", ()), "must have rank >= 1"),
        (lambda: Mesh("m", (2, 0)), "axis 1 has size 0"),
        (lambda: Mesh("m", (2, 2), peered_axes=(2,)), "mesh axis 2 out of range for mesh @m of rank 2"),
        (lambda: Mesh("m", (2, 2), peered_axes=(1, 1)), "mesh axis 1 listed twice"),
        (lambda: Mesh("m", (2, 4)).device_coords(8), "device 8 out of range for mesh @m of 8 devices"),
        (lambda: Mesh("m", (2, 4)).linear_index((2, 0)), "coordinate 2 out of range on axis 0"),
        (lambda: Mesh("m", (2, 4)).linear_index((1,)), "have 1 entries; mesh @m has rank 2"),
    ],
)
def test_mesh_errors(build, message):
    with pytest.raises(ShardingError, match=message):
        build()


# -- Sharding ----------------------------------------------------------------------------------


def test_trailing_empty_split_entries_are_dropped():
    assert Sharding("m", ((0,), ())) == Sharding("m", ((0,),))
    assert Sharding("m", [[0], []]).split_axes == ((0,),)
    assert Sharding("m", ((), ())) == Sharding.replicated("m")


def test_partial_type_is_sum_when_nothing_is_partial():
    assert Sharding("m", partial_type="max") == Sharding("m")
    assert Sharding("m", partial_axes=(1,), partial_type="max").partial_type is K.MAX


@pytest.mark.parametrize(
    "sharding, text",
    [
        (Sharding("m", ((0,), ()), partial_axes=(1,)), "@m, [[0]], partial = sum[1]"),
        (Sharding("m"), "@m, [[]]"),
        (Sharding("m", ((), (1, 0))), "@m, [[], [1, 0]]"),
        (Sharding("m", ((0,),), partial_axes=(1, 2), partial_type=K.MAX), "@m, [[0]], partial = max[1, 2]"),
        (Sharding("m", ((0,),), halo_sizes=(1, 2)), "@m, [[0]], halo_sizes = [1, 2]"),
        (Sharding("m", ((0,),), sharded_dims_offsets=(0, 3, 5)), "@m, [[0]], sharded_dims_offsets = [0, 3, 5]"),
    ],
)
def test_body_str(sharding, text):
    assert sharding.body_str() == text


def test_queries():
    s = Sharding("m", ((0,), (), (2, 1)), halo_sizes=(1, 2, 3, 4))
    assert not s.is_replicated and not s.is_partial
    assert s.sharded_dims == (0, 2)
    assert s.split_mesh_axes == (0, 2, 1)
    assert s.axes_of(1) == () and s.axes_of(7) == ()
    assert s.halo_of(0) == (1, 2) and s.halo_of(1) == (0, 0) and s.halo_of(2) == (3, 4)
    assert Sharding("m").is_replicated
    assert not Sharding("m", partial_axes=(0,)).is_replicated
    mesh = Mesh("m", (2, 4))
    t = Sharding("m", ((0,), (1,)), sharded_dims_offsets=(0, 3, 5, 0, 1, 2, 3, 4))
    assert t.offsets_of(0, mesh) == (0, 3, 5)
    assert t.offsets_of(1, mesh) == (0, 1, 2, 3, 4)
    assert Sharding("m", ((0,),)).offsets_of(0, mesh) is None


def test_normalized():
    s = Sharding("m", ((0,),), partial_axes=(2, 1), halo_sizes=(0, 0))
    assert s.normalized() == Sharding("m", ((0,),), partial_axes=(1, 2))


MESH = Mesh("m", (2, 4))


@pytest.mark.parametrize(
    "sharding, rank, message",
    [
        (Sharding("n", ((0,),)), 2, "refers to mesh @n, not @m"),
        (Sharding("m", ((0,), (1,))), 1, "has 2 split_axes entries but the tensor has rank 1"),
        (Sharding("m", ((2,),)), 1, "mesh axis 2 in split_axes of tensor dim 0 is out of range for mesh @m of rank 2"),
        (Sharding("m", ((0,), (0,))), 2, r"mesh axis 0 is used twice \(tensor dim 0 and tensor dim 1\)"),
        (Sharding("m", ((1, 1),)), 1, "mesh axis 1 is used twice"),
        (Sharding("m", partial_axes=(1, 1)), 1, "mesh axis 1 is used twice in partial_axes"),
        (Sharding("m", partial_axes=(5,)), 1, "mesh axis 5 in partial_axes is out of range"),
        (Sharding("m", ((1,),), partial_axes=(1,)), 1, r"partial axis 1 is also a split axis \(of tensor dim 0\)"),
        (Sharding("m", partial_axes=(0,), partial_type=K.GENERIC), 1, "partial type 'generic' is not allowed"),
        (Sharding("m", ((0,),), halo_sizes=(1,)), 1, "halo_sizes has 1 values; expected 2"),
        (Sharding("m", ((0,),), halo_sizes=(1, -1)), 1, "halo_sizes must be >= 0"),
        (
            Sharding("m", ((0,), (1,)), sharded_dims_offsets=(0, 3, 5)),
            2,
            r"has 3 values; expected 8 \(k \+ 1 per sharded dim: dim 0: 2 shards -> 3, dim 1: 4 shards -> 5\)",
        ),
        (Sharding("m", ((1,),), sharded_dims_offsets=(0, 3, 2, 4, 5)), 1, r"not non-decreasing: \[0, 3, 2, 4, 5\]"),
        (Sharding("m", ((0,),), sharded_dims_offsets=(1, 3, 5)), 1, r"must start at 0, got \[1, 3, 5\]"),
        (Sharding("m", sharded_dims_offsets=(0, 4)), 1, "no tensor dim is sharded"),
    ],
)
def test_validation_errors(sharding, rank, message):
    with pytest.raises(ShardingError, match=message):
        sharding.validate(rank, MESH)


def test_explicit_boundaries_take_halos():
    # meshc lets explicit boundaries take halos (a window reading a tensor.pad's result: its first and
    # last shards hold the pads); each shard is widened and clipped to the tensor
    from meshc.sharding.shards import local_region

    mesh = Mesh("m", (4,))
    s = Sharding("m", ((0,),), halo_sizes=(1, 2), sharded_dims_offsets=(0, 5, 9, 13, 18))
    s.validate(1, mesh)
    regions = [local_region((18,), s, mesh, (i,))[0] for i in range(4)]
    assert regions == [(0, 7), (4, 11), (8, 15), (12, 18)]


def test_valid_shardings_pass_and_errors_are_value_errors():
    Sharding("m", ((0,), (), (1,))).validate(3, MESH)
    Sharding("m", ((1, 0),), sharded_dims_offsets=tuple(range(9))).validate(1, MESH)  # 8 shards of 1
    Sharding("m", ((0,),), sharded_dims_offsets=(0, 1)).validate(1, Mesh("m", (None, 4)))  # count unknown
    assert issubclass(ShardingError, ValueError)
