"""TensorLayout: logical shape, 2-D sharding, alignment after sharding, physical size.

meshc's memory layout engine, after seed 002 (TT-Metal's "Tensor +
TensorLayout"): every per-device buffer has an explicit physical shape, page
size and byte size instead of an implicit padded shape. Pure arithmetic: this
package imports nothing else of meshc (and no numpy).

Worked examples (shapes in elements, sizes in bytes):

Seed 002's Resnet example, seed rules (the default)::

    logical [56, 56, 30], bfloat16, TILE 32x32, HEIGHT_SHARDED, shard [49, 30]
    2-D [56*56, 30] = [3136, 30]; 3136 / 49 = 64 shards, none partial
    each shard aligned by itself: [49, 30] -> [64, 32]
    physical [64 * 64, 32] = [4096, 32] = 131072 elements
    = (4096/32) * (32/32) = 128 tiles of 32*32*2 = 2048 B -> 262144 B
    every core reserves 2 tiles = 4096 B

The same tensor under ``rules="physical"`` (TT-Metal since September 2025)
is an error: the shard [49, 30] is the physical shard and is not tile-sized.
With shard [64, 32] instead: width 30 -> 32; height 56 -> 64 (dim -2), x 56
= 3584 rows (each 56x30 matrix padded, not the flattened height); physical
[3584, 32] = 112 tiles = 229376 B, cut into 3584 / 64 = 56 shards.

A partial last shard adds only its own aligned size (seed rules)::

    [1, 50, 20] bfloat16, TILE 16x16, HEIGHT_SHARDED, shard [24, 20]
    shards of 24, 24, 2 rows -> 32 + 32 + 16 = 80 rows; width 20 -> 32
    physical [80, 32]; every core still reserves [32, 32]

Matrices padded one by one under the physical rules, TILE 32x32::

    [1, 48, 56, 32] -> 48 x roundup(56, 32) = 48 x 64 = 3072 rows, physical [3072, 32]
    [5, 4, 3, 2]    -> 5 x 4 x roundup(3, 32) = 640 rows, width roundup(2, 32) = 32

A ROW_MAJOR sharded tensor under the physical rules pads its width to the
shard width (TT-Metal ``page_config.cpp``, PR #25055)::

    [1, 1, 64, 100] bfloat16, WIDTH_SHARDED, shard [64, 32], grid 1x4
    width 100 -> roundup(100, 32) = 128; physical [64, 128], 4 shards
    pages: one shard row each, 64 rows x 4 shards = 256 pages of 64 B = 16384 B
    (``rules="physical-rm-unaligned"``: physical [64, 100], the same pages)

The runtime's default (``device_buffer_layout``): ROW_MAJOR, interleaved,
alignment [1], so ``buffer_bytes == prod(shape) * itemsize``.
"""

from __future__ import annotations

from .device import buffer_bytes, device_buffer_layout, logical_bytes
from .dtypes import DTYPES, TT_METAL_DTYPES, DataType
from .errors import (
    AlignmentError,
    CoreGridError,
    DTypeError,
    LayoutError,
    ShapeError,
    ShardShapeError,
    ShardSpecError,
    StridesError,
    TileError,
)
from .memory import BufferType, CoreRange, CoreRangeSet, MemoryConfig, MemoryLayout, ShardOrientation, ShardSpec
from .parse import (
    DEFAULT_DEVICE_GRID,
    build_layout,
    check_options_apply,
    cores_on_device_grid,
    parse_choice,
    parse_device_grid,
    parse_dims,
    parse_grid,
    parse_pair,
    parse_rules,
)
from .tensor_layout import PHYSICAL_RULES, RULES, LayoutReport, TensorLayout
from .tile import VALID_TILE_SHAPES, Layout, PageConfig, Tile, ceil_div, round_up

__all__ = [
    "AlignmentError", "BufferType", "CoreGridError", "CoreRange", "CoreRangeSet", "DEFAULT_DEVICE_GRID", "DTYPES",
    "DTypeError", "DataType", "Layout", "LayoutError", "LayoutReport", "MemoryConfig", "MemoryLayout",
    "PHYSICAL_RULES", "PageConfig", "RULES", "ShapeError", "ShardOrientation", "ShardShapeError", "ShardSpec",
    "ShardSpecError", "StridesError", "TT_METAL_DTYPES", "TensorLayout", "Tile", "TileError", "VALID_TILE_SHAPES",
    "buffer_bytes", "build_layout", "ceil_div", "check_options_apply", "cores_on_device_grid",
    "device_buffer_layout", "logical_bytes", "parse_choice", "parse_device_grid", "parse_dims", "parse_grid",
    "parse_pair", "parse_rules", "round_up",
]
