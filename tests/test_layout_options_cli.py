"""CLI: sharded row-major widths under ``--rules physical`` / ``physical-rm-unaligned``, ``--grid N`` with
``--device-grid``, options that do not apply (``meshc layout`` and ``meshc run`` alike), name spellings.

Figures are hand-derived as in tests/test_layout_rm_sharding.py (docs/layout.md, "The rules").
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from meshc.cli import main

UNEVEN = Path(__file__).parent / "data" / "newuser" / "uneven.mlir"  # 10x6 @ 6x5 matmul over 3 devices
WIDTH_CASE = ["--shape", "1x1x64x100", "--layout", "row_major", "--memory-layout", "width_sharded",
              "--shard-shape", "64x32", "--grid", "1x4"]
HEIGHT_CASE = ["--shape", "1x1x64x30", "--memory-layout", "height_sharded", "--shard-shape", "16x32"]
BLOCK_CASE = ["--shape", "1x1x50x100", "--memory-layout", "block_sharded", "--shard-shape", "32x48", "--grid", "2x3"]


def invoke(*args):
    return CliRunner().invoke(main, [*map(str, args)])


def layout_json(*args):
    result = invoke("layout", *args, "--json")
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


def key_figures(out):
    return (out["physical_shape"], out["num_shards"], out["page_size_bytes"], out["num_pages"], out["buffer_bytes"],
            out["bytes_per_core"], out["alignment"])


@pytest.mark.parametrize("case, rules, expected", [
    # width 100 -> ru(100, 32) = 128; 64 rows x 4 shards = 256 pages of 32 x 2 = 64 B = 16384 B; 4096 B per core
    (WIDTH_CASE, "physical", ([64, 128], 4, 64, 256, 16384, 4096, [32])),
    (WIDTH_CASE, "physical-rm-unaligned", ([64, 100], 4, 64, 256, 16384, 4096, [1])),
    # width 30 -> 32; 64 / 16 = 4 shards; 64 pages of 64 B = 4096 B; 16 x 32 x 2 = 1024 B per core
    (HEIGHT_CASE, "physical", ([64, 32], 4, 64, 64, 4096, 1024, [32])),
    # width 100 -> ru(100, 48) = 144; 2 x 3 shards; 50 rows x 3 = 150 pages of 96 B = 14400 B; 3072 B per core
    (BLOCK_CASE, "physical", ([50, 144], 6, 96, 150, 14400, 3072, [48])),
    (BLOCK_CASE, "physical-rm-unaligned", ([50, 100], 6, 96, 150, 14400, 3072, [1])),
])
def test_row_major_sharded_physical_shapes(case, rules, expected):
    assert key_figures(layout_json(*case, "--rules", rules)) == expected


def test_height_sharded_old_rules_error_exits_1():
    result = invoke("layout", *HEIGHT_CASE, "--rules", "physical-rm-unaligned")
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr == "error: HEIGHT_SHARDED: shard width 32 must equal the physical width 30\n"


def test_core_count_grid_in_the_table_and_json():
    # [56, 56, 30] TILE under the physical rules, shards [64, 32]: 3584 / 64 = 56 shards on rows 0-6 of 8x8
    args = ["--shape", "56x56x30", "--layout", "tile", "--memory-layout", "height_sharded", "--shard-shape", "64x32",
            "--rules", "physical", "--grid", "56"]
    table = invoke("layout", *args)
    assert table.exit_code == 0, table.stderr
    assert "7x8 (56 cores)" in table.stdout and "56 (56 x 1)" in table.stdout
    out = layout_json(*args, "--device-grid", "7x8")
    assert (out["num_shards"], out["num_pages"], out["buffer_bytes"]) == (56, 112, 229376)


@pytest.mark.parametrize("args, message", [
    # 57 cores on 7 rows of 8 = 56
    (["--grid", "57", "--device-grid", "7x8"], "grid of 57 cores does not fit the device grid 7x8 (56 cores)"),
    # an explicit grid outside an explicit device grid
    (["--grid", "8x8", "--device-grid", "7x8"], "core grid 8x8 reaches core (7,7), outside the device grid 7x8"),
    # 3584 / 64 = 56 shards, and --grid 10 gives one row of 8 plus 2 cores
    (["--grid", "10"], "HEIGHT_SHARDED: 56 shards (56x1) but the grid 0,0-0,7+1,0-1,1 has only 10 cores"),
])
def test_core_count_errors_exit_1(args, message):
    base = ["--shape", "56x56x30", "--layout", "tile", "--memory-layout", "height_sharded", "--shard-shape", "64x32",
            "--rules", "physical"]
    result = invoke("layout", *base, *args)
    assert result.exit_code == 1, result.stdout
    assert result.stderr == f"error: {message}\n"


@pytest.mark.parametrize("args, message", [
    (["--tile", "3x3"], "--tile applies to --layout tile (a row-major layout has no tiles)"),
    (["--layout", "row-major", "--tile", "32x32"], "--tile applies to --layout tile"),
    (["--grid", "8x8"], "--grid applies to sharded memory layouts (an INTERLEAVED buffer has no shards)"),
    (["--grid", "56"], "--grid applies to sharded memory layouts"),
    (["--orientation", "col_major"], "--orientation applies to sharded memory layouts"),
    (["--device-grid", "7x8"], "--device-grid applies to sharded memory layouts"),
    (["--physical-shard-shape", "32x32"], "--physical-shard-shape applies to sharded memory layouts"),
    (["--layout", "tile", "--memory-layout", "height_sharded", "--shard-shape", "32x32",
      "--physical-shard-shape", "32x32", "--rules", "physical"], "--physical-shard-shape applies to --rules seed"),
    # malformed values: errors whether or not the option applies
    (["--grid", "abc"], "bad grid 'abc'"),
    (["--tile", "3by3"], "bad tile '3by3'"),
    (["--device-grid", "8"], "bad device grid '8'"),
    (["--layout", "tiles"], "unknown layout 'tiles' (known: tile, row_major)"),
])
def test_layout_options_that_do_not_apply_exit_1(args, message):
    result = invoke("layout", "--shape", "64x64", *args)
    assert result.exit_code == 1, result.stdout
    assert result.stderr.startswith("error: ") and message in result.stderr
    assert result.stdout == "" and "Traceback" not in result.stderr


def test_layout_names_in_any_case_and_with_hyphens():
    spelled = layout_json("--shape", "1x1x64x100", "--layout", "ROW-MAJOR", "--memory-layout", "Width-Sharded",
                          "--shard-shape", "64x32", "--grid", "1x4", "--orientation", "COL-MAJOR",
                          "--buffer-type", "L1", "--rules", "PHYSICAL")
    assert key_figures(spelled) == ([64, 128], 4, 64, 256, 16384, 4096, [32])


# ------------------------------------------------------------------ meshc run: the same rule and spellings
@pytest.mark.parametrize("spelling", ["row_major", "ROW-MAJOR", "Row_Major"])
def test_run_accepts_both_row_major_spellings(spelling):
    r = invoke("run", UNEVEN, "--random-inputs", "--layout", spelling, "--stats")
    assert r.exit_code == 0, r.stderr
    assert "per-device stats (buffers row-major)" in r.stdout


def test_run_accepts_tile_in_any_case():
    r = invoke("run", UNEVEN, "--random-inputs", "--layout", "TILE", "--tile", "16x32", "--stats")
    assert r.exit_code == 0, r.stderr
    assert "per-device stats (buffers tile 16x32)" in r.stdout


@pytest.mark.parametrize("args, message", [
    # the rule meshc layout follows, in the same words
    (["--layout", "row_major", "--tile", "16x16"], "--tile applies to --layout tile (a row-major layout has no tiles)"),
    (["--tile", "3x3"], "--tile applies to --layout tile"),
    (["--reference", "--tile", "16x16"], "--tile applies to --layout tile"),
    # malformed: an error whether or not --tile applies
    (["--tile", "abc"], "'abc' is not HxW with positive sizes"),
    (["--layout", "tiles"], "unknown layout 'tiles'"),
])
def test_run_layout_option_errors_exit_1(args, message):
    r = invoke("run", UNEVEN, "--random-inputs", *args)
    assert r.exit_code == 1, r.stdout
    assert message in r.stderr and "Traceback" not in r.stderr
