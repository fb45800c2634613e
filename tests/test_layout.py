"""Hand-derived cases for meshc.layout (seed 002's TensorLayout).

Every expected number is worked out from the rules in the comment next to it.
Notation: ru(x, a) = x rounded up to a multiple of a; ``tile`` = tile bytes.
"""

from __future__ import annotations

import pytest

from meshc.layout import (
    AlignmentError,
    BufferType,
    CoreGridError,
    CoreRange,
    CoreRangeSet,
    DTypeError,
    LayoutError,
    MemoryConfig,
    MemoryLayout,
    PageConfig,
    ShapeError,
    ShardOrientation,
    ShardShapeError,
    ShardSpec,
    ShardSpecError,
    StridesError,
    TensorLayout,
    Tile,
    TileError,
    build_layout,
    buffer_bytes,
    device_buffer_layout,
    logical_bytes,
)

HEIGHT = MemoryLayout.HEIGHT_SHARDED
WIDTH = MemoryLayout.WIDTH_SHARDED
BLOCK = MemoryLayout.BLOCK_SHARDED
COL = ShardOrientation.COL_MAJOR


def make(
    dtype,
    tile=None,
    kind=MemoryLayout.INTERLEAVED,
    shard=None,
    grid=(8, 8),
    orientation=ShardOrientation.ROW_MAJOR,
    align=None,
    rules="seed",
    physical_shard=None,
    buffer_type=BufferType.DRAM,
):
    """A TensorLayout; ``tile=None`` means ROW_MAJOR, else TILE with that tile."""
    page = PageConfig.row_major() if tile is None else PageConfig.tiled(Tile(*tile))
    spec = None
    if shard is not None:
        cores = grid if isinstance(grid, CoreRangeSet) else CoreRangeSet.grid(*grid)
        spec = ShardSpec(shard, cores, orientation, physical_shard)
    return TensorLayout(dtype, page, MemoryConfig(buffer_type, kind, spec), align, rules)


def figures(layout, shape):
    """(physical shape, shard count, page shape, page bytes, pages, buffer bytes, bytes per core)."""
    r = layout.report(shape)
    return (
        r.physical_shape,
        r.shard_count,
        r.page_shape,
        r.page_size_bytes,
        r.num_pages,
        r.buffer_bytes,
        r.bytes_per_core,
    )


# --------------------------------------------------------------------------
# Tile sizes per dtype
# --------------------------------------------------------------------------
@pytest.mark.parametrize(
    "tile, dtype, size",
    [
        ((32, 32), "float32", 4096),  # 1024 el x 4 B
        ((32, 32), "int32", 4096),  # 1024 x 4
        ((32, 32), "uint32", 4096),  # 1024 x 4
        ((32, 32), "bfloat16", 2048),  # 1024 x 2
        ((32, 32), "float16", 2048),  # 1024 x 2
        ((32, 32), "uint16", 2048),  # 1024 x 2
        ((32, 32), "uint8", 1024),  # 1024 x 1
        ((32, 32), "int8", 1024),  # 1024 x 1
        ((32, 32), "bfloat8_b", 1088),  # 1024 mantissa B + 4 faces x 16 rows = 64 exp B
        ((32, 32), "bfloat4_b", 576),  # 512 + 64
        ((16, 32), "bfloat4_b", 288),  # 512 el / 2 = 256 + 2 faces x 16 rows = 32
        ((16, 16), "bfloat8_b", 272),  # 256 + 1 face x 16 rows = 16
        ((8, 32), "bfloat8_b", 272),  # 256 + 2 faces x 8 rows = 16
        ((4, 32), "bfloat8_b", 144),  # 128 + ru(2 x 4 = 8, 16) = 16
        ((1, 16), "bfloat8_b", 32),  # 16 + ru(1 face x 1 row, 16) = 16
        ((1, 16), "bfloat4_b", 24),  # 8 + 16
        ((4, 16), "bfloat16", 128),  # 64 x 2
        ((2, 32), "uint8", 64),  # 64 x 1
    ],
)
def test_tile_bytes(tile, dtype, size):
    assert Tile(*tile).bytes_for(dtype) == size


def test_tile_faces():
    # 32x32 -> four 16x16 faces; 1x32 -> two 1x16 faces; 16x16 -> one face.
    assert (Tile(32, 32).face_shape, Tile(32, 32).num_faces) == ((16, 16), 4)
    assert (Tile(1, 32).face_shape, Tile(1, 32).num_faces) == ((1, 16), 2)
    assert Tile(16, 16).num_faces == 1


# --------------------------------------------------------------------------
# The seed's worked example, in both rule sets
# --------------------------------------------------------------------------
def test_seed_worked_example_seed_rules():
    layout = make("bfloat16", (32, 32), HEIGHT, (49, 30))
    r = layout.report((56, 56, 30))
    assert r.logical_2d_shape == (3136, 30)  # 56 x 56 = 3136 rows, width 30
    assert r.shard_count == (64, 1) and r.num_shards == 64  # 3136 / 49 = 64, none partial
    assert r.physical_shard_shape == (64, 32)  # [ru(49,32), ru(30,32)]
    assert r.physical_shape == (4096, 32)  # 64 shards x 64 rows; 1 x 32
    assert r.physical_shape[0] * r.physical_shape[1] == 131072
    assert (r.page_shape, r.page_size_bytes) == ((32, 32), 2048)
    assert r.num_pages == 128  # 4096/32 x 32/32
    assert r.buffer_bytes == 262144  # 128 x 2048
    assert r.bytes_per_core == 4096  # (64/32) x (32/32) = 2 tiles x 2048
    assert r.logical_bytes == 188160  # 56 x 56 x 30 x 2
    assert r.alignment == (32, 32)


def test_seed_worked_example_physical_rules_is_an_error():
    # The shard [49, 30] is the physical shard under these rules; 49 % 32 != 0.
    with pytest.raises(ShardShapeError, match=r"\[49, 30\].*32x32"):
        make("bfloat16", (32, 32), HEIGHT, (49, 30), rules="physical")


def test_seed_tensor_physical_rules_with_tile_sized_shard():
    # width ru(30,32) = 32; height ru(56,32) = 64 after dim -2, x 56 = 3584
    # shards 3584 / 64 = 56; pages 3584/32 = 112 tiles x 2048 = 229376
    layout = make("bfloat16", (32, 32), HEIGHT, (64, 32), rules="physical")
    assert figures(layout, (56, 56, 30)) == ((3584, 32), (56, 1), (32, 32), 2048, 112, 229376, 4096)


# --------------------------------------------------------------------------
# Seed rules: interleaved, each sharded layout, partial shards
# --------------------------------------------------------------------------
def test_issue_partial_height_shard_tiny_tile_16x16():
    # [1, 50, 20] -> 2-D [50, 20]; shards of 24, 24, 2 rows -> 32 + 32 + 16 = 80
    # width 20 -> ru(20,16) = 32; tiles (80/16) x (32/16) = 10 x 512 B (256 el x 2)
    # every core reserves [32, 32] = 4 tiles = 2048 B
    layout = make("bfloat16", (16, 16), HEIGHT, (24, 20))
    assert figures(layout, (1, 50, 20)) == ((80, 32), (3, 1), (16, 16), 512, 10, 5120, 2048)


def test_float32_tile_interleaved_exact():
    # [64, 64] already tile-aligned; 2 x 2 tiles x 4096 B
    assert figures(make("float32", (32, 32)), (64, 64)) == ((64, 64), None, (32, 32), 4096, 4, 16384, None)


def test_uint32_tile_interleaved_flattened_height():
    # seed rules align the flattened 2-D tensor: [3, 33, 40] -> [99, 40]
    # -> [ru(99,32), ru(40,32)] = [128, 64]; 4 x 2 tiles x 4096 B
    assert figures(make("uint32", (32, 32)), (3, 33, 40)) == ((128, 64), None, (32, 32), 4096, 8, 32768, None)


def test_uint32_tile_interleaved_physical_rules_pads_each_matrix():
    # physical rules: height ru(33,32) = 64, x 3 = 192; width 64; 6 x 2 tiles
    layout = make("uint32", (32, 32), rules="physical")
    assert figures(layout, (3, 33, 40)) == ((192, 64), None, (32, 32), 4096, 12, 49152, None)


def test_int32_row_major_interleaved_no_padding():
    # [2, 3, 5] -> [6, 5]; page = one row of 5 x 4 B = 20 B; 6 pages = 120 = 30 el x 4
    assert figures(make("int32"), (2, 3, 5)) == ((6, 5), None, (1, 5), 20, 6, 120, None)


def test_uint16_row_major_height_sharded_partial_height():
    # [10, 8], shards [4, 8]: 4, 4, 2 rows, alignment [1] -> 10 rows; width 8
    # page = shard row 8 x 2 B = 16 B; pages 10 rows x 1 shard column = 10 -> 160 B
    # per core 4 x 8 x 2 = 64 B
    layout = make("uint16", None, HEIGHT, (4, 8))
    assert figures(layout, (10, 8)) == ((10, 8), (3, 1), (1, 8), 16, 10, 160, 64)


def test_uint8_tile_width_sharded_partial_width():
    # [64, 100], shards [64, 48]: widths 48, 48, 4 -> 64 + 64 + ru(4,32) = 32 -> 160
    # height 64 (one shard), aligned shard height 64 == physical height
    # tiles 2 x 5 = 10 x 1024 B; per core [64, 64] = 4 tiles = 4096
    layout = make("uint8", (32, 32), WIDTH, (64, 48), grid=(1, 4))
    assert figures(layout, (64, 100)) == ((64, 160), (1, 3), (32, 32), 1024, 10, 10240, 4096)


def test_bfloat8_b_tile_interleaved_one_tile():
    # [32, 32] = one tile of 1024 + 64 B
    assert figures(make("bfloat8_b", (32, 32)), (32, 32)) == ((32, 32), None, (32, 32), 1088, 1, 1088, None)


def test_bfloat4_b_block_sharded_partial_both():
    # [100, 100], shards [48, 48] on 3x3: 48, 48, 4 each way -> 64 + 64 + 32 = 160
    # tiles 5 x 5 = 25 x 576 B = 14400; per core [64, 64] = 4 tiles = 2304
    layout = make("bfloat4_b", (32, 32), BLOCK, (48, 48), grid=(3, 3))
    assert figures(layout, (100, 100)) == ((160, 160), (3, 3), (32, 32), 576, 25, 14400, 2304)
    # shard (i, j) on core (i, j) for ROW_MAJOR orientation
    assert layout.shard_cores((100, 100)) == [(i, j) for i in range(3) for j in range(3)]


def test_float16_row_major_width_sharded_partial_page():
    # [4, 30], shards [4, 8]: widths 8, 8, 8, 6 -> physical width 30, 4 shards
    # page = shard row 8 x 2 B = 16 B; pages 4 rows x 4 shard columns = 16 -> 256 B
    # (4 x 30 x 2 = 240 logical; the partial pages waste 4 rows x 2 el x 2 B = 16)
    layout = make("float16", None, WIDTH, (4, 8), grid=(1, 4))
    assert figures(layout, (4, 30)) == ((4, 30), (1, 4), (1, 8), 16, 16, 256, 64)
    assert layout.logical_bytes((4, 30)) == 240


def test_int8_tiny_tile_8x32_interleaved():
    # [10, 40] -> [ru(10,8), ru(40,32)] = [16, 64]; 2 x 2 tiles x (8 x 32 x 1) = 256 B
    assert figures(make("int8", (8, 32)), (10, 40)) == ((16, 64), None, (8, 32), 256, 4, 1024, None)


def test_bfloat8_b_tiny_tile_1x16():
    # [3, 20] -> [3, ru(20,16) = 32]; 3 x 2 tiles of 16 + 16 B = 32
    assert figures(make("bfloat8_b", (1, 16)), (3, 20)) == ((3, 32), None, (1, 16), 32, 6, 192, None)


def test_bfloat16_tiny_tile_4x16():
    # [5, 17] -> [8, 32]; 2 x 2 tiles x 128 B
    assert figures(make("bfloat16", (4, 16)), (5, 17)) == ((8, 32), None, (4, 16), 128, 4, 512, None)


def test_float32_tile_32x16():
    # [1, 40, 20] -> [40, 20] -> [ru(40,32) = 64, ru(20,16) = 32]; 2 x 2 tiles x 2048 B
    assert figures(make("float32", (32, 16)), (1, 40, 20)) == ((64, 32), None, (32, 16), 2048, 4, 8192, None)


def test_uint8_tiny_tile_2x32():
    # [3, 33] -> [4, 64]; 2 x 2 tiles x 64 B
    assert figures(make("uint8", (2, 32)), (3, 33)) == ((4, 64), None, (2, 32), 64, 4, 256, None)


def test_bfloat4_b_tile_16x32():
    # [16, 32] is one 16x32 tile of 256 + 32 B
    assert figures(make("bfloat4_b", (16, 32)), (16, 32)) == ((16, 32), None, (16, 32), 288, 1, 288, None)


# --------------------------------------------------------------------------
# Alignment
# --------------------------------------------------------------------------
def test_user_alignment_on_each_shard():
    # seed example with alignment [64, 64]: each [49, 30] shard -> [64, 64]
    # physical [64 x 64, 64] = [4096, 64]; 128 x 2 tiles x 2048; per core 2 x 2 tiles
    layout = make("bfloat16", (32, 32), HEIGHT, (49, 30), align=(64, 64))
    assert figures(layout, (56, 56, 30)) == ((4096, 64), (64, 1), (32, 32), 2048, 256, 524288, 8192)


def test_user_alignment_rounded_up_to_tile():
    # alignment [40, 20] merges with the 32x32 tile -> [ru(40,32), ru(20,32)] = [64, 32]
    # [100, 20] -> [ru(100,64), ru(20,32)] = [128, 32]; 4 tiles x 2048
    layout = make("bfloat16", (32, 32), align=(40, 20))
    assert layout.effective_alignment() == (64, 32)
    assert figures(layout, (100, 20)) == ((128, 32), None, (32, 32), 2048, 4, 8192, None)


def test_tile_rank1_alignment_keeps_tile_height():
    # [48] merges with tile 32x32 as [32, 48 -> 64]
    assert make("bfloat16", (32, 32), align=(48,)).effective_alignment() == (32, 64)


def test_row_major_width_alignment():
    # float32 [3, 5], alignment [8] (width only): [3, 8]; page 8 x 4 = 32 B; 3 pages
    layout = make("float32", align=(8,))
    assert figures(layout, (3, 5)) == ((3, 8), None, (1, 8), 32, 3, 96, None)
    assert layout.report((3, 5)).alignment == (8,)


def test_row_major_alignment_on_each_partial_shard():
    # float32 [10, 6], height shards [3, 6], alignment [4, 8]:
    # rows 3, 3, 3, 1 -> 4 + 4 + 4 + ru(1,4) = 16; width 6 -> 8
    # page 8 x 4 = 32 B, 16 pages = 512; per core 4 x 8 x 4 = 128
    layout = make("float32", None, HEIGHT, (3, 6), grid=(2, 2), align=(4, 8))
    assert figures(layout, (10, 6)) == ((16, 8), (4, 1), (1, 8), 32, 16, 512, 128)


def test_explicit_physical_shard_shape_replaces_alignment():
    # [1, 50, 20] bfloat16 TILE 32x32, shards [24, 20], physical shard [64, 32]:
    # rows 24, 24, 2 each take 64 -> 192; width 32; 6 tiles x 2048; per core 2 tiles
    layout = make("bfloat16", (32, 32), HEIGHT, (24, 20), physical_shard=(64, 32))
    assert layout.effective_alignment() == (64, 32)
    assert figures(layout, (1, 50, 20)) == ((192, 32), (3, 1), (32, 32), 2048, 6, 12288, 4096)


def test_physical_rules_rank3_alignment():
    # [3, 5, 40, 40], alignment [128, 32, 32]: width ru(40,32) = 64
    # height: ru(40,32) = 64; x 5 = 320 -> ru(320,128) = 384; x 3 = 1152
    # tiles 36 x 2 = 72 x 2048 = 147456
    layout = make("bfloat16", (32, 32), align=(128, 32, 32), rules="physical")
    assert figures(layout, (3, 5, 40, 40)) == ((1152, 64), None, (32, 32), 2048, 72, 147456, None)
    # strides: width 64; dim -3 steps 64 rows x 64; dim -4 steps 384 rows x 64
    assert layout.strides((3, 5, 40, 40)) == (24576, 4096, 64, 1)


# --------------------------------------------------------------------------
# Physical rules
# --------------------------------------------------------------------------
def test_physical_rules_issue_examples():
    layout = make("bfloat16", (32, 32), rules="physical")
    # [1, 48, 56, 32]: 48 x ru(56,32) = 48 x 64 = 3072 rows; 96 tiles
    assert figures(layout, (1, 48, 56, 32)) == ((3072, 32), None, (32, 32), 2048, 96, 196608, None)
    # [5, 4, 3, 2]: 5 x 4 x ru(3,32) = 640 rows, width ru(2,32) = 32; 20 tiles
    assert layout.physical_shape((5, 4, 3, 2)) == (640, 32)
    assert layout.num_pages((5, 4, 3, 2)) == 20


def test_seed_rules_flatten_before_aligning():
    # same [1, 48, 56, 32] under seed rules: [2688, 32]; 2688 = 84 x 32 -> no padding
    layout = make("bfloat16", (32, 32))
    assert figures(layout, (1, 48, 56, 32)) == ((2688, 32), None, (32, 32), 2048, 84, 172032, None)


def test_physical_rules_width_sharded():
    # [2, 30, 64]: height ru(30,32) = 32 x 2 = 64; width 64; shards [64, 32] -> 2
    # shard height 64 == physical height; 2 x 2 tiles; per core 2 tiles = 4096
    layout = make("bfloat16", (32, 32), WIDTH, (64, 32), grid=(1, 2), rules="physical")
    assert figures(layout, (2, 30, 64)) == ((64, 64), (1, 2), (32, 32), 2048, 4, 8192, 4096)


def test_physical_rules_block_sharded_partial_shards_keep_physical_shape():
    # [96, 96] float32, shards [64, 64] on 2x2: ceil(96/64) = 2 each way, the last
    # ones partial; physical stays [96, 96] = 9 tiles x 4096; per core 4 tiles
    layout = make("float32", (32, 32), BLOCK, (64, 64), grid=(2, 2), rules="physical")
    assert figures(layout, (96, 96)) == ((96, 96), (2, 2), (32, 32), 4096, 9, 36864, 16384)


def test_physical_rules_row_major_height_sharded():
    # int32 [10, 8], shards [4, 8]: 3 shards cut [10, 8]; pages of 8 x 4 = 32 B
    layout = make("int32", None, HEIGHT, (4, 8), rules="physical")
    assert figures(layout, (10, 8)) == ((10, 8), (3, 1), (1, 8), 32, 10, 320, 128)


def test_buffer_type_l1_is_descriptive():
    # same numbers as DRAM: the allocator's bank alignment is not modelled
    dram = make("uint16", None, HEIGHT, (4, 8))
    l1 = make("uint16", None, HEIGHT, (4, 8), buffer_type=BufferType.L1)
    assert figures(l1, (10, 8)) == figures(dram, (10, 8)) == ((10, 8), (3, 1), (1, 8), 16, 10, 160, 64)


# --------------------------------------------------------------------------
# Ranks 0/1, empty tensors, strides, core order
# --------------------------------------------------------------------------
def test_rank0_and_rank1():
    # rank 0 -> [1, 1]; TILE pads it to one 32x32 tile
    assert make("bfloat16", (32, 32)).logical_2d_shape(()) == (1, 1)
    assert figures(make("bfloat16", (32, 32)), ()) == ((32, 32), None, (32, 32), 2048, 1, 2048, None)
    assert make("float32").buffer_bytes(()) == 4
    # rank 1 [100] -> [1, 100]; row major: one page of 100 B
    assert figures(make("uint8"), (100,)) == ((1, 100), None, (1, 100), 100, 1, 100, None)
    # physical rules TILE: height 1 -> 32, width ru(100,32) = 128 -> 4 tiles
    assert make("uint8", (32, 32), rules="physical").physical_shape((100,)) == (32, 128)


def test_empty_tensor():
    # [0, 7] float32 row major: no rows, no pages, no bytes; TILE: [0, 32], 0 tiles
    assert figures(make("float32"), (0, 7)) == ((0, 7), None, (1, 7), 28, 0, 0, None)
    assert make("float32", (32, 32)).buffer_bytes((0, 7)) == 0


def test_strides():
    # row major [2, 3, 5] -> physical width 5: (3 x 5, 5, 1)
    assert make("float32").strides((2, 3, 5)) == (15, 5, 1)
    # seed rules TILE: width 32, rows not padded between matrices: (3 x 32, 32, 1)
    assert make("float32", (32, 32)).strides((2, 3, 5)) == (96, 32, 1)
    # physical rules TILE: each matrix padded to 32 rows: (32 x 32, 32, 1)
    assert make("float32", (32, 32), rules="physical").strides((2, 3, 5)) == (1024, 32, 1)
    # even, unpadded shards keep strides: [64, 64] row major height shards [16, 64]
    assert make("float32", None, HEIGHT, (16, 64)).strides((64, 64)) == (64, 1)


def test_strides_error_when_shards_padded():
    # seed example: 64 shards padded from 49 to 64 rows -> no ND strides
    with pytest.raises(StridesError, match="49 to 64"):
        make("bfloat16", (32, 32), HEIGHT, (49, 30)).strides((56, 56, 30))


def test_col_major_core_order_height_sharded():
    # 3 shards on a 2x2 grid, column by column: (0,0), (1,0), (0,1)
    layout = make("float32", None, HEIGHT, (4, 8), grid=(2, 2), orientation=COL)
    assert layout.shard_cores((10, 8)) == [(0, 0), (1, 0), (0, 1)]


def test_block_sharded_col_major_fits_transposed_grid():
    # [64, 96] bf16 TILE, shards [32, 32]: 2 x 3 shards on a grid of 3 rows x 2 cols.
    # COL_MAJOR maps shards along the height to grid columns (2) and along the
    # width to grid rows (3): fits; shard (i, j) on core (j, i).
    layout = make("bfloat16", (32, 32), BLOCK, (32, 32), grid=(3, 2), orientation=COL)
    assert figures(layout, (64, 96)) == ((64, 96), (2, 3), (32, 32), 2048, 6, 12288, 2048)
    assert layout.shard_cores((64, 96)) == [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)]


# --------------------------------------------------------------------------
# Validation errors
# --------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", ["bfloat8_b", "bfloat4_b"])
def test_block_float_needs_tile(dtype):
    with pytest.raises(DTypeError, match=f"{dtype} needs TILE"):
        make(dtype)


def test_unknown_dtype():
    with pytest.raises(DTypeError, match="unknown data type 'float128'"):
        make("float128")


@pytest.mark.parametrize("shape", [(64, 32), (8, 8), (32, 64), (3, 32)])
def test_invalid_tile(shape):
    with pytest.raises(TileError, match=f"{shape[0]}x{shape[1]}"):
        Tile(*shape)


def test_physical_rules_tile_shard_must_be_tile_sized():
    # [64, 48]: 48 % 32 = 16
    with pytest.raises(ShardShapeError, match=r"\[64, 48\]"):
        make("float32", (32, 32), BLOCK, (64, 48), grid=(2, 2), rules="physical")


def test_physical_shard_shape_must_be_tile_sized():
    with pytest.raises(ShardShapeError, match=r"\[48, 32\]"):
        make("bfloat16", (32, 32), HEIGHT, (24, 20), physical_shard=(48, 32))


def test_height_sharded_aligned_width_must_equal_physical_width():
    # [64, 64], shards [32, 30]: widths 30, 30, 4 -> 32 + 32 + 32 = 96 != aligned 32
    with pytest.raises(ShardShapeError, match="width 32 must equal the physical width 96"):
        make("bfloat16", (32, 32), HEIGHT, (32, 30)).physical_shape((64, 64))


def test_height_sharded_shard_wider_than_tensor():
    # [64, 30], shards [32, 40]: one width shard of 30 -> 32, but aligned shard width ru(40,32) = 64
    with pytest.raises(ShardShapeError, match="width 64 must equal the physical width 32"):
        make("bfloat16", (32, 32), HEIGHT, (32, 40)).physical_shape((64, 30))


def test_width_sharded_aligned_height_must_equal_physical_height():
    # [100, 64], shards [64, 32]: rows 64, 36 -> 64 + 64 = 128 != aligned 64
    with pytest.raises(ShardShapeError, match="height 64 must equal the physical height 128"):
        make("bfloat16", (32, 32), WIDTH, (64, 32)).num_pages((100, 64))


def test_physical_rules_height_shard_width_mismatch():
    # [64, 64]: physical width 64, shard width 32
    with pytest.raises(ShardShapeError, match="width 32 must equal the physical width 64"):
        make("bfloat16", (32, 32), HEIGHT, (32, 32), rules="physical").buffer_bytes((64, 64))


def test_more_shards_than_cores():
    # seed example needs 64 cores, a 7x9 grid has 63
    with pytest.raises(CoreGridError, match="64 shards.*only 63 cores"):
        make("bfloat16", (32, 32), HEIGHT, (49, 30), grid=(7, 9)).physical_shape((56, 56, 30))


def test_block_sharded_shards_exceed_grid():
    # 2 x 3 shards, ROW_MAJOR on 3 rows x 2 cols: 3 along the width > 2 columns
    with pytest.raises(CoreGridError, match="2x3 shards do not fit the 3x2 core grid"):
        make("bfloat16", (32, 32), BLOCK, (32, 32), grid=(3, 2)).physical_shape((64, 96))


def test_block_sharded_grid_must_be_one_rectangle():
    # rows 0-1 x cols 0-1 plus core (2, 0): 5 cores spanning 3x2 = 6
    grid = CoreRangeSet((CoreRange((0, 0), (1, 1)), CoreRange((2, 0), (2, 0))))
    with pytest.raises(CoreGridError, match="one rectangle.*5 cores but spans 3x2 = 6"):
        make("bfloat16", (32, 32), BLOCK, (32, 32), grid=grid)
    # the same grid is fine for height sharding (5 cores, in range order)
    ok = make("bfloat16", (32, 32), HEIGHT, (32, 32), grid=grid)
    assert ok.shard_cores((160, 32)) == [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)]


def test_overlapping_core_ranges():
    with pytest.raises(CoreGridError, match=r"core \(1,1\)"):
        CoreRangeSet((CoreRange((0, 0), (1, 1)), CoreRange((1, 1), (2, 2))))


def test_sharded_layout_needs_shard_spec():
    with pytest.raises(ShardSpecError, match="HEIGHT_SHARDED memory layout needs a shard spec"):
        MemoryConfig(BufferType.L1, HEIGHT, None)


def test_interleaved_takes_no_shard_spec():
    with pytest.raises(ShardSpecError, match=r"INTERLEAVED.*\[32, 32\]"):
        MemoryConfig(BufferType.DRAM, MemoryLayout.INTERLEAVED, ShardSpec((32, 32)))


def test_bad_shard_shapes():
    with pytest.raises(ShardSpecError, match=r"\[0, 32\]"):
        ShardSpec((0, 32))
    with pytest.raises(ShardSpecError, match=r"\[32, 16\] is smaller than the shard shape \[24, 20\]"):
        ShardSpec((24, 20), physical_shard_shape=(32, 16))


def test_physical_shard_shape_conflicts():
    with pytest.raises(ShardSpecError, match="physical rules"):
        make("bfloat16", (32, 32), HEIGHT, (32, 32), rules="physical", physical_shard=(32, 32))
    with pytest.raises(ShardSpecError, match="not both"):
        make("bfloat16", (32, 32), HEIGHT, (24, 20), align=(64, 32), physical_shard=(64, 32))


def test_alignment_rank_rules():
    # seed rules align 2-D shards: rank 3 is refused
    with pytest.raises(AlignmentError, match="rank 1 or 2; got rank 3"):
        make("bfloat16", (32, 32), align=(2, 32, 32))
    # physical rules: rank 3 alignment on a rank-2 tensor
    with pytest.raises(AlignmentError, match="rank 3, more than the tensor's rank 2"):
        make("bfloat16", (32, 32), align=(64, 32, 32), rules="physical").physical_shape((40, 40))
    # an empty or non-positive alignment
    with pytest.raises(AlignmentError, match="at least one entry"):
        make("float32", align=())
    with pytest.raises(AlignmentError, match=r"\[0, 8\]"):
        make("float32", align=(0, 8))
    # outer entries must be multiples of the height entry: 48 % 32 != 0
    with pytest.raises(AlignmentError, match="multiples of the height entry 32"):
        make("bfloat16", (32, 32), align=(48, 32, 32), rules="physical")


def test_bad_shape_and_rules():
    with pytest.raises(ShapeError, match="-1"):
        make("float32").physical_shape((2, -1))
    with pytest.raises(LayoutError, match="unknown layout rules 'tt'"):
        make("float32", rules="tt")


def test_errors_are_value_errors():
    assert issubclass(ShardShapeError, ValueError) and issubclass(CoreGridError, LayoutError)


# --------------------------------------------------------------------------
# Text options and the runtime link
# --------------------------------------------------------------------------
def test_build_layout_from_text():
    layout = build_layout(
        "bfloat16", "tile", "32x32", "block_sharded", "48x48", "0,0-2,2", "col_major", None, None, "l1", "seed"
    )
    assert layout.memory_config.shard_spec.grid.num_cores == 9  # rows 0-2 x cols 0-2
    assert layout.physical_shape((100, 100)) == (160, 160)  # as in the bfloat4_b case


def test_device_buffer_layout_default_is_unpadded():
    # row major, interleaved, alignment [1]: prod(shape) x itemsize
    assert buffer_bytes((4, 6), "float32") == 96  # 24 x 4
    assert buffer_bytes((2, 3, 5), "int64") == 240  # 30 x 8
    assert buffer_bytes((3,), "bool") == 3
    assert buffer_bytes((), "float64") == 8
    assert buffer_bytes((0, 8), "float32") == 0  # an empty shard
    assert buffer_bytes((5, 5), "bfloat16") == 50
    layout = device_buffer_layout((4, 6), "float32")
    assert layout.physical_shape((4, 6)) == (4, 6)
    assert layout.memory_config.memory_layout is MemoryLayout.INTERLEAVED


def test_device_buffer_layout_tile_and_override():
    # [4, 6] float32 TILE 32x32 -> [32, 32] = 1 tile of 4096 B
    assert buffer_bytes((4, 6), "float32", "tile") == 4096
    # accounted as bfloat16: 1 tile of 2048 B; logical 24 x 2 = 48 B
    assert buffer_bytes((4, 6), "float32", "tile", dtype_override="bfloat16") == 2048
    assert logical_bytes((4, 6), "float32", "bfloat16") == 48
    assert logical_bytes((4, 6), "float32") == 96
    # [20, 20] float32, tile 16x16 -> [32, 32] = 4 tiles x 1024 B; logical 1600
    assert buffer_bytes((20, 20), "float32", "tile", (16, 16)) == 4096
    assert buffer_bytes((20, 20), "float32", "TILE", "16x16") == 4096  # CLI spellings
    # bfloat8_b: [40, 40] -> [64, 64] = 4 tiles x 1088; logical 1600 el x 1 B
    assert buffer_bytes((40, 40), "float32", "tile", dtype_override="bfloat8_b") == 4352
    assert logical_bytes((40, 40), "float32", "bfloat8_b") == 1600


def test_device_buffer_layout_errors():
    with pytest.raises(DTypeError, match="bfloat8_b needs TILE"):
        device_buffer_layout((4, 4), "float32", dtype_override="bfloat8_b")
    with pytest.raises(LayoutError, match="unknown layout 'tiled'"):
        device_buffer_layout((4, 4), "float32", layout="tiled")
    with pytest.raises(TileError, match="64x64"):
        device_buffer_layout((4, 4), "float32", layout="tile", tile=(64, 64))
    with pytest.raises(ShapeError):
        device_buffer_layout((4, -4), "float32")
