"""``meshc layout``: numbers in --json, the table, and exit code 1 on an invalid layout."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from meshc.cli import main

SEED_EXAMPLE = [
    "layout", "--shape", "56x56x30", "--dtype", "bfloat16", "--layout", "tile",
    "--memory-layout", "height_sharded", "--shard-shape", "49x30", "--grid", "8x8",
]


def run(args):
    return CliRunner().invoke(main, args)


def run_json(args):
    result = run(args + ["--json"])
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


def test_seed_example_json():
    # [3136, 30] -> 64 shards of [49, 30], each aligned to [64, 32] -> [4096, 32]
    # 128 tiles x 2048 B = 262144 B; per core 2 tiles = 4096 B
    assert run_json(SEED_EXAMPLE) == {
        "logical_2d_shape": [3136, 30],
        "physical_shape": [4096, 32],
        "physical_shard_shape": [64, 32],
        "num_shards": 64,
        "page_shape": [32, 32],
        "page_size_bytes": 2048,
        "num_pages": 128,
        "buffer_bytes": 262144,
        "bytes_per_core": 4096,
        "alignment": [32, 32],
    }


def test_seed_example_physical_rules_exits_1():
    result = run(SEED_EXAMPLE + ["--rules", "physical", "--json"])
    assert result.exit_code == 1
    assert result.stderr.startswith("error: ") and "[49, 30]" in result.stderr
    assert "Traceback" not in result.stderr and result.stdout == ""


def test_physical_rules_tile_sized_shard():
    # height ru(56,32) = 64 x 56 = 3584 rows; 56 shards of [64, 32]; 112 tiles
    args = SEED_EXAMPLE[:-4] + ["--shard-shape", "64x32", "--rules", "physical"]
    out = run_json(args)
    assert (out["physical_shape"], out["num_shards"], out["num_pages"], out["buffer_bytes"]) == (
        [3584, 32], 56, 112, 229376,
    )


def test_interleaved_row_major_defaults():
    # float32 [2, 3, 5] -> [6, 5], one 20 B page per row, no shards
    out = run_json(["layout", "--shape", "2x3x5", "--dtype", "float32"])
    assert out == {
        "logical_2d_shape": [6, 5],
        "physical_shape": [6, 5],
        "physical_shard_shape": None,
        "num_shards": None,
        "page_shape": [1, 5],
        "page_size_bytes": 20,
        "num_pages": 6,
        "buffer_bytes": 120,
        "bytes_per_core": None,
        "alignment": [1],
    }


def test_block_sharded_partial_tiny_tile_alignment_col_major():
    # bfloat16 [100, 100], tile 16x16, alignment 32x32, block shards [48, 48] on 3x3, col_major:
    # 48, 48, 4 each way -> 64 + 64 + ru(4,32) = 32 -> [160, 160]
    # tiles (160/16)^2 = 100 x 512 B = 51200; per core (64/16)^2 = 16 tiles = 8192
    out = run_json([
        "layout", "--shape", "100x100", "--layout", "tile", "--tile", "16x16", "--alignment", "32x32",
        "--memory-layout", "block_sharded", "--shard-shape", "48x48", "--grid", "3x3",
        "--orientation", "col_major", "--buffer-type", "l1",
    ])
    assert (out["physical_shape"], out["num_shards"], out["page_size_bytes"], out["num_pages"]) == (
        [160, 160], 9, 512, 100,
    )
    assert (out["buffer_bytes"], out["bytes_per_core"], out["alignment"]) == (51200, 8192, [32, 32])


def test_physical_shard_shape_option():
    # [1, 50, 20], shards [24, 20] held in [64, 32]: 3 x 64 = 192 rows; 6 tiles
    out = run_json([
        "layout", "--shape", "1x50x20", "--layout", "tile", "--memory-layout", "height_sharded",
        "--shard-shape", "24x20", "--physical-shard-shape", "64x32",
    ])
    assert (out["physical_shape"], out["num_pages"], out["alignment"]) == ([192, 32], 6, [64, 32])


def test_table_output():
    result = run(SEED_EXAMPLE)
    assert result.exit_code == 0
    for text in ("[3136, 30]", "[4096, 32]", "64 (64 x 1)", "262144", "4096", "2048", "128"):
        assert text in result.stdout


@pytest.mark.parametrize(
    "args, message",
    [
        (["--shape", "4x4", "--dtype", "bfloat8_b"], "bfloat8_b needs TILE"),
        (["--shape", "4x4", "--dtype", "float128"], "unknown data type 'float128'"),
        (["--shape", "4xx4"], "bad shape '4xx4'"),
        (["--shape", "4x4", "--layout", "tile", "--tile", "64x64"], "tile 64x64 is not supported"),
        (["--shape", "4x4", "--memory-layout", "height_sharded"], "needs a shard spec"),
        (["--shape", "4x4", "--shard-shape", "2x4"], "INTERLEAVED memory layout takes no shard spec"),
        (["--shape", "4x4", "--memory-layout", "diagonal"], "unknown memory layout 'diagonal'"),
        (["--shape", "4x4", "--rules", "tt"], "unknown layout rules 'tt'"),
        (["--shape", "4x4", "--alignment", "2x2x2"], "rank 1 or 2"),
        (SEED_EXAMPLE[1:-2] + ["--grid", "7x9"], "64 shards (64x1) but the grid 7x9 has only 63 cores"),
        (
            ["--shape", "64x64", "--memory-layout", "block_sharded", "--shard-shape", "32x32",
             "--grid", "0,0-1,0+0,1-0,1"],
            "one rectangle",
        ),
        (["--shape", "64x64", "--memory-layout", "width_sharded", "--shard-shape", "32x32"], "physical height 64"),
        (["--shape", "4x4", "--memory-layout", "height_sharded", "--shard-shape", "2x4", "--grid", "2-2"], "grid"),
    ],
)
def test_invalid_layout_exits_1(args, message):
    result = run(["layout"] + args + ["--json"])
    assert result.exit_code == 1, result.stdout
    assert result.stderr.startswith("error: ")
    assert message in result.stderr
    assert "Traceback" not in result.stderr
    assert result.stdout == ""


def test_installed_entry_point_subprocess():
    # python -m meshc runs the same click group as the installed `meshc` script
    proc = subprocess.run(
        [sys.executable, "-m", "meshc", "layout", "--shape", "5x4x3x2", "--dtype", "float32",
         "--layout", "tile", "--rules", "physical", "--json"],
        capture_output=True, text=True, check=False,
    )
    assert proc.returncode == 0, proc.stderr
    # 5 x 4 x ru(3,32) = 640 rows, width 32: 20 tiles x 4096 B
    out = json.loads(proc.stdout)
    assert (out["physical_shape"], out["num_pages"], out["buffer_bytes"]) == ([640, 32], 20, 81920)

    bad = subprocess.run(
        [sys.executable, "-m", "meshc", "layout", "--shape", "4x4", "--dtype", "bfloat4_b"],
        capture_output=True, text=True, check=False,
    )
    assert bad.returncode == 1
    assert bad.stderr.strip() == "error: bfloat4_b needs TILE layout (a block float only exists in tiles), got ROW_MAJOR"
