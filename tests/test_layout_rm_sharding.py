"""Hand-derived cases: sharded ROW_MAJOR widths under the physical rule sets, core-count grids,
option applicability and name spellings (meshc.layout, docs/layout.md).

Rule (docs/layout.md, "The rules"): under ``physical`` a sharded ROW_MAJOR tensor aligns its width to
the shard width, for height, width and block sharding alike (TT-Metal
``ttnn/core/tensor/layout/page_config.cpp``, row-major default alignment, PR #25055);
``physical-rm-unaligned`` keeps meshc's earlier physical rules (no such alignment).
A ROW_MAJOR sharded page is one shard row: pages = physical rows x shards along the width.
Notation: ru(x, a) = x rounded up to a multiple of a.
"""

from __future__ import annotations

import pytest

from meshc.layout import (
    CoreGridError,
    CoreRange,
    CoreRangeSet,
    Layout,
    LayoutError,
    MemoryConfig,
    MemoryLayout,
    PageConfig,
    ShapeError,
    ShardOrientation,
    ShardShapeError,
    ShardSpec,
    TensorLayout,
    Tile,
    build_layout,
    buffer_bytes,
    check_options_apply,
    cores_on_device_grid,
    parse_choice,
    parse_grid,
    parse_rules,
)

HEIGHT = MemoryLayout.HEIGHT_SHARDED
WIDTH = MemoryLayout.WIDTH_SHARDED
BLOCK = MemoryLayout.BLOCK_SHARDED
OLD = "physical-rm-unaligned"


def make(dtype, kind, shard, grid=(8, 8), rules="physical", align=None, tile=None):
    page = PageConfig.row_major() if tile is None else PageConfig.tiled(Tile(*tile))
    cores = grid if isinstance(grid, CoreRangeSet) else CoreRangeSet.grid(*grid)
    return TensorLayout(dtype, page, MemoryConfig(memory_layout=kind, shard_spec=ShardSpec(shard, cores)), align, rules)


def figures(layout, shape):
    """(physical shape, shard count, page shape, page bytes, pages, buffer bytes, bytes per core)."""
    r = layout.report(shape)
    return (r.physical_shape, r.shard_count, r.page_shape, r.page_size_bytes, r.num_pages, r.buffer_bytes,
            r.bytes_per_core)


# --------------------------------------------------------------------------
# Sharded ROW_MAJOR widths: physical (TT-Metal today) vs physical-rm-unaligned
# --------------------------------------------------------------------------
def test_width_sharded_row_major_pads_width_to_shard_width():
    # bfloat16 [1, 1, 64, 100], shards [64, 32] on 1x4: alignment [32] -> width ru(100, 32) = 128
    # physical [64, 128]; 128 / 32 = 4 shards; page = shard row 32 x 2 B = 64 B
    # pages 64 rows x 4 shards = 256 -> 16384 B; per core 64 x 32 x 2 = 4096 B
    layout = make("bfloat16", WIDTH, (64, 32), grid=(1, 4))
    assert figures(layout, (1, 1, 64, 100)) == ((64, 128), (1, 4), (1, 32), 64, 256, 16384, 4096)
    assert layout.effective_alignment() == (32,)
    # the buffer is exactly the physical shape: 64 x 128 x 2 = 16384
    assert 64 * 128 * 2 == layout.buffer_bytes((1, 1, 64, 100))


def test_width_sharded_row_major_old_rules_keep_the_width():
    # physical-rm-unaligned: alignment [1] -> physical [64, 100], but still ceil(100/32) = 4 shard columns
    # of whole 64-byte pages: the same 256 pages and 16384 B (12800 B of them are elements)
    layout = make("bfloat16", WIDTH, (64, 32), grid=(1, 4), rules=OLD)
    assert figures(layout, (1, 1, 64, 100)) == ((64, 100), (1, 4), (1, 32), 64, 256, 16384, 4096)
    assert layout.effective_alignment() == (1,)


def test_height_sharded_row_major_pads_width_to_shard_width():
    # [1, 1, 64, 30], shards [16, 32]: width ru(30, 32) = 32 == shard width; 64 / 16 = 4 shards
    # page 32 x 2 = 64 B; pages 64 rows x 1 = 64 -> 4096 B; per core 16 x 32 x 2 = 1024 B
    layout = make("bfloat16", HEIGHT, (16, 32))
    assert figures(layout, (1, 1, 64, 30)) == ((64, 32), (4, 1), (1, 32), 64, 64, 4096, 1024)


def test_height_sharded_row_major_old_rules_refuse_the_wider_shard():
    # physical-rm-unaligned (as TT-Metal before PR #25055): width stays 30, the 32-wide shard does not span it
    with pytest.raises(ShardShapeError, match="HEIGHT_SHARDED: shard width 32 must equal the physical width 30"):
        make("bfloat16", HEIGHT, (16, 32), rules=OLD).physical_shape((1, 1, 64, 30))


def test_height_sharded_row_major_narrower_shard_is_still_an_error():
    # [64, 100], shards [16, 32]: width ru(100, 32) = 128, four shard widths, not one
    with pytest.raises(ShardShapeError, match="shard width 32 must equal the physical width 128"):
        make("bfloat16", HEIGHT, (16, 32)).physical_shape((64, 100))


def test_block_sharded_row_major_pads_width_to_shard_width():
    # [1, 1, 50, 100], shards [32, 48] on 2x3: width ru(100, 48) = 144, height 50 (no height alignment)
    # shards ceil(50/32) = 2 x 144/48 = 3; page 48 x 2 = 96 B; pages 50 rows x 3 = 150 -> 14400 B
    # per core 32 x 48 x 2 = 3072 B; shard (i, j) on core (i, j)
    layout = make("bfloat16", BLOCK, (32, 48), grid=(2, 3))
    assert figures(layout, (1, 1, 50, 100)) == ((50, 144), (2, 3), (1, 48), 96, 150, 14400, 3072)
    assert layout.shard_cores((1, 1, 50, 100)) == [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)]


def test_block_sharded_row_major_old_rules():
    # physical [50, 100]; the same 2 x 3 shards and 150 pages of 96 B
    layout = make("bfloat16", BLOCK, (32, 48), grid=(2, 3), rules=OLD)
    assert figures(layout, (1, 1, 50, 100)) == ((50, 100), (2, 3), (1, 48), 96, 150, 14400, 3072)


def test_user_alignment_width_entry_rounds_up_to_the_shard_width():
    # float32 [64, 100] width-sharded, shards [96, 32], alignment [48, 1]:
    # merged [48, ru(1, 32) = 32]; height ru(64, 48) = 96 == shard height; width ru(100, 32) = 128 -> 4 shards
    # page 32 x 4 = 128 B; pages 96 x 4 = 384 -> 49152 B; per core 96 x 32 x 4 = 12288 B
    layout = make("float32", WIDTH, (96, 32), grid=(1, 4), align=(48, 1))
    assert layout.effective_alignment() == (48, 32)
    assert figures(layout, (64, 100)) == ((96, 128), (1, 4), (1, 32), 128, 384, 49152, 12288)
    # alignment [40] with shard width 32 -> ru(40, 32) = 64: width ru(100, 64) = 128
    wide = make("float32", WIDTH, (64, 32), grid=(1, 4), align=(40,))
    assert wide.effective_alignment() == (64,)
    assert wide.physical_shape((64, 100)) == (64, 128)
    # the old rules keep a user alignment as given: ru(100, 40) = 120
    assert make("float32", WIDTH, (64, 32), grid=(1, 4), align=(40,), rules=OLD).physical_shape((64, 100)) == (64, 120)


def test_row_major_interleaved_and_tile_layouts_are_unchanged():
    # interleaved row major under both physical rule sets: alignment [1], [64, 100] stays [64, 100]
    for rules in ("physical", OLD):
        assert TensorLayout("bfloat16", PageConfig.row_major(), rules=rules).physical_shape((64, 100)) == (64, 100)
    # TILE width sharding: [2, 30, 64] -> height ru(30, 32) = 32 x 2 = 64, width 64, 2 shards of [64, 32]
    for rules in ("physical", OLD):
        tiled = make("bfloat16", WIDTH, (64, 32), grid=(1, 2), rules=rules, tile=(32, 32))
        assert figures(tiled, (2, 30, 64)) == ((64, 64), (1, 2), (32, 32), 2048, 4, 8192, 4096)


def test_strides_follow_the_padded_width():
    # float32 [2, 3, 100] width-sharded [6, 32]: physical [6, 128]; strides (3 x 128, 128, 1)
    assert make("float32", WIDTH, (6, 32), grid=(1, 4)).strides((2, 3, 100)) == (384, 128, 1)
    assert make("float32", WIDTH, (6, 32), grid=(1, 4), rules=OLD).strides((2, 3, 100)) == (300, 100, 1)


def test_rule_set_spellings():
    assert make("bfloat16", WIDTH, (64, 32), rules="PHYSICAL_RM_UNALIGNED").rules == OLD
    assert parse_rules(" Physical ") == "physical"
    assert parse_rules("physical_rm_unaligned") == OLD
    with pytest.raises(LayoutError, match="unknown layout rules 'physical-pre'.*physical-rm-unaligned"):
        parse_rules("physical-pre")


# --------------------------------------------------------------------------
# Core counts on the device grid (TT-NN num_cores_to_corerangeset, row-wise)
# --------------------------------------------------------------------------
def test_core_count_fills_whole_rows():
    # 56 cores on 8x8 (rows x cols): 56 // 8 = 7 whole rows, 0 left -> rows 0-6 x cols 0-7
    grid = cores_on_device_grid(56, (8, 8))
    assert grid.ranges == (CoreRange((0, 0), (6, 7)),)
    assert (str(grid), grid.num_cores, grid.is_rectangle) == ("7x8", 56, True)
    assert parse_grid("56") == grid  # default device grid 8x8


def test_core_count_partial_last_row():
    # 10 on 8x8: one whole row (0,0)-(0,7), then 10 - 8 = 2 cores (1,0)-(1,1)
    grid = parse_grid("10")
    assert grid.ranges == (CoreRange((0, 0), (0, 7)), CoreRange((1, 0), (1, 1)))
    assert (str(grid), grid.num_cores, grid.is_rectangle) == ("0,0-0,7+1,0-1,1", 10, False)
    # fewer cores than a row: 5 -> (0,0)-(0,4); exactly one row: 8 -> (0,0)-(0,7)
    assert parse_grid("5").ranges == (CoreRange((0, 0), (0, 4)),)
    assert str(parse_grid("8")) == "1x8"


def test_core_count_on_a_7x8_device():
    # 7 rows of 8 (TT-Metal's x=8, y=7): 20 = 2 rows + 4 -> (0,0)-(1,7), (2,0)-(2,3); 56 is all of it
    assert parse_grid("20", (7, 8)).ranges == (CoreRange((0, 0), (1, 7)), CoreRange((2, 0), (2, 3)))
    assert parse_grid("56", (7, 8)).num_cores == 56
    with pytest.raises(CoreGridError, match="57 cores does not fit the device grid 7x8 \\(56 cores\\)"):
        parse_grid("57", (7, 8))
    with pytest.raises(CoreGridError, match="0 cores has no cores"):
        parse_grid("0")


def test_core_count_grid_places_height_shards_in_row_order():
    # bfloat16 TILE [320, 32], physical shards [32, 32]: 10 shards on the 10 cores of parse_grid("10")
    layout = make("bfloat16", HEIGHT, (32, 32), grid=parse_grid("10"), tile=(32, 32))
    assert layout.shard_cores((320, 32)) == [(0, c) for c in range(8)] + [(1, 0), (1, 1)]
    # 10 x (32/32) tiles x 2048 B = 20480 B
    assert layout.buffer_bytes((320, 32)) == 20480


def test_core_count_grid_for_block_sharding_must_be_a_rectangle():
    with pytest.raises(CoreGridError, match="one rectangle: grid 0,0-0,7\\+1,0-1,1 has 10 cores but spans 2x8 = 16"):
        build_layout("bfloat16", "tile", None, "block_sharded", "32x32", "10", rules="physical")


def test_build_layout_core_count_and_device_grid():
    # --grid 56 on the default 8x8: a 7x8 rectangle; on --device-grid 7x8 too
    seed_example = dict(dtype="bfloat16", layout="tile", memory_layout="height_sharded", shard_shape="64x32",
                        rules="physical")
    for device in (None, "7x8"):
        layout = build_layout(**seed_example, grid="56", device_grid=device)
        assert str(layout.memory_config.shard_spec.grid) == "7x8"
        # physical [3584, 32] -> 3584 / 64 = 56 shards on 56 cores; 112 tiles x 2048 B
        assert (layout.shard_count((56, 56, 30)), layout.buffer_bytes((56, 56, 30))) == ((56, 1), 229376)
    with pytest.raises(CoreGridError, match="core grid 8x8 reaches core \\(7,7\\), outside the device grid 7x8"):
        build_layout(**seed_example, grid="8x8", device_grid="7x8")
    with pytest.raises(CoreGridError, match="device grid 0x8 has no cores"):
        build_layout(**seed_example, grid="4", device_grid="0x8")


# --------------------------------------------------------------------------
# Options that do not apply, malformed values, spellings
# --------------------------------------------------------------------------
@pytest.mark.parametrize("kwargs, message", [
    (dict(tile="3x3"), "--tile applies to --layout tile"),
    (dict(tile="16x16"), "--tile applies to --layout tile"),
    (dict(grid="8x8"), "--grid applies to sharded memory layouts"),
    (dict(grid="56"), "--grid applies to sharded memory layouts"),
    (dict(orientation="col_major"), "--orientation applies to sharded memory layouts"),
    (dict(device_grid="8x8"), "--device-grid applies to sharded memory layouts"),
    (dict(physical_shard_shape="64x32"), "--physical-shard-shape applies to sharded memory layouts"),
])
def test_options_that_do_not_apply_are_errors(kwargs, message):
    with pytest.raises(LayoutError, match=message):
        build_layout("bfloat16", **kwargs)


def test_physical_shard_shape_applies_to_seed_rules_only():
    with pytest.raises(LayoutError, match="--physical-shard-shape applies to --rules seed; the physical rules"):
        check_options_apply("tile", ["--physical-shard-shape"], "height_sharded", "physical")
    check_options_apply("tile", ["--physical-shard-shape", "--tile", "--grid"], "height_sharded", "seed")  # fine


@pytest.mark.parametrize("kwargs, error, message", [
    (dict(grid="abc"), CoreGridError, "bad grid 'abc'"),
    (dict(tile="3by3"), ShapeError, "bad tile '3by3'"),
    (dict(orientation="diagonal"), LayoutError, "unknown orientation 'diagonal'"),
    (dict(device_grid="eight"), CoreGridError, "bad device grid 'eight'"),
])
def test_malformed_values_are_errors_even_where_they_do_not_apply(kwargs, error, message):
    with pytest.raises(error, match=message):
        build_layout("bfloat16", "row_major", **kwargs)


def test_names_in_any_case_with_hyphens():
    assert parse_choice("row-major", Layout, "layout") is Layout.ROW_MAJOR
    assert parse_choice("ROW_MAJOR", Layout, "layout") is Layout.ROW_MAJOR
    assert parse_choice("Height-Sharded", MemoryLayout, "memory layout") is HEIGHT
    assert parse_choice("COL-MAJOR", ShardOrientation, "orientation") is ShardOrientation.COL_MAJOR
    # the width-sharded case spelled with hyphens and capitals: the same 16384 B
    layout = build_layout("BFLOAT16", "Row-Major", None, "WIDTH-SHARDED", "64x32", "1x4", "Row-Major", None, None,
                          "L1", "Physical")
    assert layout.buffer_bytes((1, 1, 64, 100)) == 16384
    # the runtime's device buffers take both spellings: float32 [4, 6] = 24 x 4 = 96 B
    assert buffer_bytes((4, 6), "float32", "row-major") == buffer_bytes((4, 6), "float32", "ROW_MAJOR") == 96


def test_python_api_follows_the_same_rules():
    import meshc

    # the width-sharded case through meshc.layout: [64, 128], 16384 B
    report = meshc.layout((1, 1, 64, 100), layout="row-major", memory_layout="width_sharded", shard_shape=(64, 32),
                          grid="1x4", rules="physical")
    assert (report.physical_shape, report.buffer_bytes) == ((64, 128), 16384)
    # a core count: 56 shards of [64, 32] on rows 0-6 of the 8x8 device grid
    report = meshc.layout((56, 56, 30), layout="tile", memory_layout="height_sharded", shard_shape=(64, 32),
                          grid="56", rules="physical")
    assert (report.num_shards, report.num_pages) == (56, 112)
    with pytest.raises(meshc.LayoutError, match="--tile applies to --layout tile"):
        meshc.layout((4, 4), tile="16x16")
