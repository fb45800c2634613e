"""meshc.show.blocks and meshc.show.layout: blocks, holders, labels, drawing to scale."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meshc.sharding import Mesh, Sharding
from meshc.show.blocks import (Block, ShowError, devices_label, device_label, dims_label, partial_label,
                               shard_picture, split_description)
from meshc.show.layout import _fit, allocate, block_lines, footer_lines, frame_for, header_lines, legend_line

M4 = Mesh("m", (4,))
M3 = Mesh("m", (3,))
M2x4 = Mesh("m", (2, 4), (1,))


def S(split=(), partial=(), **kw):
    return Sharding("m", split, partial, **kw)


def grid_devices(plane):
    return [[b.devices for b in row] for row in plane.grid]


# -- blocks and holders ------------------------------------------------------------------------


def test_uneven_rows_over_4():
    # 10 over 4 -> 2, 2, 3, 3 (the last 10 % 4 = 2 shards one more): cuts 0, 2, 4, 7, 10
    pic = shard_picture((10, 8), S([[0]]), M4)
    assert pic.row_cuts == (0, 2, 4, 7, 10) and pic.col_cuts == (0, 8)
    assert len(pic.planes) == 1
    assert pic.planes[0].blocks == [Block((0, 2), (0, 8), (0,)), Block((2, 4), (0, 8), (1,)),
                                    Block((4, 7), (0, 8), (2,)), Block((7, 10), (0, 8), (3,))]
    assert pic.empty == ()


def test_uneven_rows_over_3():
    # 10 over 3 -> 3, 3, 4
    pic = shard_picture((10, 8), S([[0]]), M3)
    assert pic.row_cuts == (0, 3, 6, 10)
    assert [b.height for b in pic.planes[0].blocks] == [3, 3, 4]


def test_empty_shard_is_listed_not_drawn():
    # 2 over 3 -> 0, 1, 1: device 0 holds a 0x8 shard; cuts 0, 1, 2 (two blocks)
    pic = shard_picture((2, 8), S([[0]]), M3)
    assert pic.row_cuts == (0, 1, 2)
    assert grid_devices(pic.planes[0]) == [[(1,)], [(2,)]]
    assert [(e.device, e.shape) for e in pic.empty] == [(0, (0, 8))]
    assert footer_lines(pic) == ["empty shards: d0 (0x8)"]


def test_2d_mesh_each_block_one_device():
    # rows over axis 0 (2 shards of 32), cols over axis 1 (4 of 32): device (i, j) = 4 i + j
    pic = shard_picture((64, 128), S([[0], [1]]), M2x4)
    assert pic.row_cuts == (0, 32, 64) and pic.col_cuts == (0, 32, 64, 96, 128)
    assert grid_devices(pic.planes[0]) == [[(0,), (1,), (2,), (3,)], [(4,), (5,), (6,), (7,)]]


def test_replicated_axis_lists_every_holder():
    # rows over mesh axis 1 only: axis 0 replicates, so shard j is on (0, j) and (1, j) = d j, d j+4
    pic = shard_picture((128, 32), S([[1]]), M2x4)
    assert grid_devices(pic.planes[0]) == [[(0, 4)], [(1, 5)], [(2, 6)], [(3, 7)]]
    assert pic.planes[0].blocks[0].height == 32


def test_partial_blocks_are_held_by_the_reduction_group():
    pic = shard_picture((64, 32), S([[0]], (1,)), M2x4)
    assert grid_devices(pic.planes[0]) == [[(0, 1, 2, 3)], [(4, 5, 6, 7)]]
    assert partial_label(pic.sharding) == "sum over axis 1"


def test_rank3_planes_per_leading_range():
    # dim 0 (4) over axis 0 -> planes [0:2] (devices with coordinate 0 on axis 0) and [2:4];
    # dim 1 (6) over axis 1 (4 shards) -> 1, 1, 2, 2 rows; dim 2 unsplit
    pic = shard_picture((4, 6, 10), S([[0], [1]]), M2x4)
    assert [p.leading for p in pic.planes] == [((0, 2),), ((2, 4),)]
    assert pic.row_cuts == (0, 1, 2, 4, 6) and pic.col_cuts == (0, 10)
    assert grid_devices(pic.planes[0]) == [[(0,)], [(1,)], [(2,)], [(3,)]]
    assert grid_devices(pic.planes[1]) == [[(4,)], [(5,)], [(6,)], [(7,)]]


def test_rank3_unsplit_leading_dim_is_one_plane():
    pic = shard_picture((3, 4, 8), S([[], [], [0]]), M4)
    assert [p.leading for p in pic.planes] == [((0, 3),)]
    assert pic.col_cuts == (0, 2, 4, 6, 8)


def test_rank1_is_one_row_and_rank0_one_cell():
    pic = shard_picture((10,), S([[0]]), M4)
    assert pic.row_dim is None and pic.col_dim == 0
    assert [b.cols for b in pic.planes[0].blocks] == [(0, 2), (2, 4), (4, 7), (7, 10)]
    assert dims_label(pic, pic.planes[0].blocks[2]) == "3"
    scalar = shard_picture((), S((), (0,)), M4)
    assert grid_devices(scalar.planes[0]) == [[(0, 1, 2, 3)]]
    assert dims_label(scalar, scalar.planes[0].blocks[0]) == "scalar"


def test_halo_overlaps_are_their_own_blocks():
    # 8 over 2 with halo 1/1: d0 holds 0:4 + 1 after -> 0:5, d1 holds 4:8 + 1 before -> 3:8
    pic = shard_picture((8,), S([[0]], halo_sizes=(1, 1)), Mesh("m", (2,)))
    assert [(b.cols, b.devices) for b in pic.planes[0].blocks] == [((0, 3), (0,)), ((3, 5), (0, 1)),
                                                                   ((5, 8), (1,))]


def test_explicit_offsets():
    # sharded_dims_offsets [0, 9, 12]: cols 0:9 on d0, 9:12 on d1
    pic = shard_picture((10, 12), S([[], [0]], sharded_dims_offsets=(0, 9, 12)), Mesh("m", (2,)))
    assert [(b.cols, b.devices) for b in pic.planes[0].blocks] == [((0, 9), (0,)), ((9, 12), (1,))]
    assert split_description(pic, 1) == "dim 1 (12): 2 shards over mesh axis 0, sizes 9, 3"


def test_empty_tensor_has_no_planes():
    pic = shard_picture((0, 4), S([[0]]), M4)
    assert pic.planes == () and footer_lines(pic) == ["empty tensor (0x4): no element to draw"]


@pytest.mark.parametrize("shape, sharding, mesh, message", [
    ((None, 4), S([[0]]), M4, "dynamic shape ?x4"),
    ((8, 4), S([[0]]), Mesh("m", (None,)), "mesh @m has dynamic shape ?"),
    ((8, 4), S([[0], [0]]), M4, "mesh axis 0 is used twice"),
    ((8,), S([[0], [1]]), M2x4, "has 2 split_axes entries but the tensor has rank 1"),
])
def test_errors(shape, sharding, mesh, message):
    with pytest.raises(ShowError, match=message.replace("[", r"\[").replace("?", r"\?")):
        shard_picture(shape, sharding, mesh)


# -- labels ------------------------------------------------------------------------------------


def test_device_labels():
    assert device_label(M2x4, 5) == "d5 (1,1)"
    assert device_label(M4, 2) == "d2"
    assert devices_label(M2x4, [3, 1, 0, 2]) == "d0-d3"
    assert devices_label(M2x4, [0, 4]) == "d0,d4"
    assert devices_label(M2x4, [0, 1, 2, 7]) == "d0-d2,d7"
    assert devices_label(M2x4, [6]) == "d6 (1,2)"
    assert devices_label(M2x4, [6], coords=False) == "d6"


def test_partial_and_split_descriptions():
    assert partial_label(S((), (0, 1), partial_type="max")) == "max over axes 0, 1"
    assert partial_label(S([[0]])) == ""
    pic = shard_picture((10, 8), S([[0]]), M4)
    assert split_description(pic, 0) == "dim 0 (10): 4 shards over mesh axis 0, sizes 2, 2, 3, 3"
    assert split_description(pic, 1) == "dim 1 (8): not split"
    # past 8 shards the sizes print as runs: 100 over 16 -> 100 // 16 = 6 each, the last 100 % 16 = 4 one more
    big = shard_picture((100,), S([[0, 1]]), Mesh("m", (4, 4)))
    assert split_description(big, 0) == "dim 0 (100): 16 shards over mesh axes 0, 1, sizes 6 (x12), 7 (x4)"


def test_header_lines_name_replication_and_partial():
    pic = shard_picture((64, 32), S([[0]], (1,)), M2x4)
    assert header_lines(pic) == [
        "mesh @m 2x4 (8 devices, peered axes [1]), sharding <@m, [[0]], partial = sum[1]>",
        "rows  dim 0 (64): 2 shards over mesh axis 0, sizes 32, 32",
        "cols  dim 1 (32): not split",
        "partial: each holder has a partial value, sum over axis 1 (4 devices per reduction)",
    ]
    rep = shard_picture((128, 32), S([[1]]), M2x4)
    assert header_lines(rep)[-1] == "replicated over mesh axis 0: each block is held by 2 devices"


def test_block_lines_fall_back_to_short_label_then_key():
    pic = shard_picture((64, 32), S([[0]], (1,)), M2x4)
    block = pic.planes[0].blocks[1]  # rows 32:64 on d4-d7
    assert block_lines(pic, block, "#1", 20, 5) == (["d4-d7", "32x32", "partial sum[1]"], False)
    assert block_lines(pic, block, "#1", 6, 5) == (["d4-d7", "32x32", "sum[1]"], False)
    assert block_lines(pic, block, "#1", 6, 1) == (["d4-d7"], False)
    assert block_lines(pic, block, "#1", 3, 2) == (["#1"], True)
    one = shard_picture((64, 128), S([[0], [1]]), M2x4)
    b5 = one.planes[0].grid[1][1]
    assert block_lines(one, b5, "#5", 8, 2) == (["d5 (1,1)", "32x32"], False)
    assert block_lines(one, b5, "#5", 4, 2) == (["d5"], False)  # "32x32" needs 5
    assert legend_line(one, b5, "#5") == "#5  rows 32:64, cols 32:64 (32x32): d5 (1,1)"


# -- drawing to scale ------------------------------------------------------------------------------


def test_allocate_proportional():
    assert allocate([2, 2, 3, 3], 20) == [4, 4, 6, 6]  # 20 / 10 = 2 cells per element
    assert allocate([2, 2, 3, 3], 19) == [4, 4, 6, 5]  # 3.8, 3.8, 5.7, 5.7: remainders .8, .8, .7, .7
    assert allocate([1, 99], 10) == [1, 9]  # 0.1 -> the minimum 1; 99 gets the other 9
    assert allocate([5], 3, minimum=4) == [4]  # the minimum wins over the budget
    with pytest.raises(ValueError, match="at least one"):
        allocate([], 4)


@given(st.lists(st.integers(0, 50), min_size=1, max_size=12), st.integers(0, 80), st.integers(1, 3))
def test_allocate_properties(sizes, budget, minimum):
    cells = allocate(sizes, budget, minimum)
    assert sum(cells) == max(budget, minimum * len(sizes))
    assert min(cells) >= minimum
    for a, ca in zip(sizes, cells):  # a larger interval never gets fewer cells
        for b, cb in zip(sizes, cells):
            if a > b:
                assert ca >= cb


def test_fit_prefers_exact_scale_with_room_for_labels():
    # rows 1, 1, 2, 2 wanting 2 lines each, budget 8: 8 / 6 is not exact; 12 gives 2, 2, 4, 4
    assert _fit([1, 1, 2, 2], 8, 1, 19, 2) == (2, 2, 4, 4)
    # 2, 2, 3, 3 in 19 (ceiling 19): budgets 14..19, none a multiple of 10 (exact); 19 gives
    # 4, 4, 6, 5 (equal sizes unequal), 18 gives 3.6, 3.6, 5.4, 5.4 -> 4, 4, 5, 5
    assert _fit([2, 2, 3, 3], 19, 1, 19, 2) == (4, 4, 5, 5)
    # forced past the ceiling (14 intervals, 9 lines): the least exact budget, 16 = total
    sizes = [1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2]
    assert _fit(sizes, 9, 1, 9, 2) == tuple(sizes)


def test_frame_keeps_uneven_shards_to_scale():
    pic = shard_picture((10, 8), S([[0]]), M4)
    frame = frame_for(pic, 64, 24, preferred=(32, 12), line_aspect=4.0, border=1, label_width=4, label_height=2)
    # aspect 4 * 8 / 10 = 3.2 -> 32 wide, 10 lines: exactly 2, 2, 3, 3
    assert frame.heights == (2, 2, 3, 3) and frame.widths == (32,)
    assert frame.ys == [0, 3, 6, 10, 14] and frame.xs == [0, 33]
