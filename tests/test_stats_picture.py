"""Per-pair traffic accounting (meshc.runtime.stats) and the ``meshc run --stats`` picture
(meshc.show.stats_picture): peak-memory bars and the matrix of bytes received per pair of devices."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

import meshc.api as mc
from meshc.cli import main
from meshc.runtime.io import load_npz
from meshc.runtime.stats import DeviceStats, RunStats, TransferError
from meshc.show.stats_picture import (StatsPictureError, memory_lines, picture_lines, plain_text, shade_level,
                                      traffic_lines)

DATA = Path(__file__).parent / "data"
TABLE_CELL = r"\s+(\d+) │"


def run(name: str, shape=None):
    return mc.run(mc.parse(str(DATA / f"{name}.mlir")), load_npz(str(DATA / f"{name}.inputs.npz")), shape)


def row_sums_match_the_table(stats: RunStats) -> None:
    for kinds, field in ((["peer_read"], "peer_read_bytes"), (["copy"], "copy_bytes"),
                         (["collective"], "collective_bytes")):
        assert [sum(row) for row in stats.transfer_matrix(kinds)] == [getattr(d, field) for d in stats.devices]
    assert [sum(row) for row in stats.transfer_matrix()] == [
        d.peer_read_bytes + d.copy_bytes + d.collective_bytes for d in stats.devices]


def text_lines(lines) -> list[str]:
    return ["".join(text for text, _ in line).rstrip() for line in lines]


# ------------------------------------------------------------------ per-pair accounting (threads)
def test_mlp_all_reduce_and_peer_read_pairs_on_4_devices():
    r = run("mlp_tensor_parallel")
    stats = r.stats
    # all_reduce of the 64x256 f32 partial sums (16384 elements, 65536 B per device) over g = 4: the flattened
    # buffer is cut into 4 chunks of 4096 elements; receiver r gets from each other member s chunk r
    # (reduce-scatter) + chunk s (all-gather) = 8192 elements = 32768 B; row sum 3 x 32768 = 98304 B
    assert stats.transfer_matrix(["collective"]) == [[0, 32768, 32768, 32768], [32768, 0, 32768, 32768],
                                                     [32768, 32768, 0, 32768], [32768, 32768, 32768, 0]]
    # the replicated x (64x256 f32 = 65536 B) lives on device 0, the peer group's first; 1-3 read it in place
    assert stats.transfer_matrix(["peer_read"]) == [[0, 0, 0, 0], [65536, 0, 0, 0], [65536, 0, 0, 0],
                                                    [65536, 0, 0, 0]]
    assert stats.transfer_matrix(["copy"]) == [[0] * 4] * 4
    assert stats.transfer_matrix()[1] == [65536 + 32768, 0, 32768, 32768]
    row_sums_match_the_table(stats)
    assert [d.collective_bytes for d in stats.devices] == [98304] * 4


def test_reshard_rows_to_cols_all_to_all_pairs():
    stats = run("reshard_rows_to_cols").stats
    # 32x48 f32 from rows over 4 (8x48 each) to cols over 4 (32x12 each): receiver r gets from s the block of
    # s's 8 rows x r's 12 cols = 96 elements = 384 B; row sum 3 x 384 = 1152 B
    assert stats.transfer_matrix(["collective"]) == [[0 if r == s else 384 for s in range(4)] for r in range(4)]
    assert stats.transfer_matrix(["peer_read"]) == [[0] * 4] * 4
    row_sums_match_the_table(stats)


def test_peered_reshard_reads_the_same_blocks_in_place():
    x = np.arange(32 * 48, dtype=np.float32).reshape(32, 48)
    stats = mc.run(mc.parse(str(DATA / "backend" / "reshard_rows_to_cols_peered.mlir")), {"x": x}).stats
    # the same 8x12 f32 blocks (384 B) as the all_to_all, read in place from each other device
    assert stats.transfer_matrix(["peer_read"]) == [[0 if r == s else 384 for s in range(4)] for r in range(4)]
    assert stats.transfer_matrix(["collective"]) == [[0] * 4] * 4
    row_sums_match_the_table(stats)


def test_hand_written_program_with_peer_read_copy_and_all_gather():
    x = np.arange(32, dtype=np.float32).reshape(4, 8)
    stats = mc.run(mc.parse(str(DATA / "backend" / "unrolled_2x2.mlir")), {"x": x}, pipeline="").stats
    # 2x2 mesh peered along axis 1 (peer groups {0, 1}, {2, 3}); one 2x8 f32 shard = 64 B.
    # peer reads: 1 reads x_0 from 0, 3 reads x_1 from 2; copy: 2 copies x_0 from 0 (not peered);
    # all_gather over axis 0 (groups {0, 2}, {1, 3}): each member receives the other's 64 B shard
    assert stats.transfer_matrix(["peer_read"]) == [[0, 0, 0, 0], [64, 0, 0, 0], [0, 0, 0, 0], [0, 0, 64, 0]]
    assert stats.transfer_matrix(["copy"]) == [[0, 0, 0, 0], [0, 0, 0, 0], [64, 0, 0, 0], [0, 0, 0, 0]]
    assert stats.transfer_matrix(["collective"]) == [[0, 0, 64, 0], [0, 0, 0, 64], [64, 0, 0, 0], [0, 64, 0, 0]]
    assert stats.transfer_matrix() == [[0, 0, 64, 0], [64, 0, 0, 64], [128, 0, 0, 0], [0, 64, 64, 0]]
    row_sums_match_the_table(stats)
    assert json.loads(json.dumps(stats.to_json()))["devices"][2]["received_from"] == {
        "copy": {"0": 64}, "collective": {"0": 64}}


def test_record_transfer_rejects_unknown_kinds_negative_bytes_and_foreign_sources():
    d = DeviceStats(1)
    d.record_transfer(0, 10, "copy")
    d.record_transfer(0, 5, "copy")
    d.record_transfer(2, 0, "copy")  # nothing moved: not a pair
    d.record_transfers({0: 7, 3: 1}, "peer_read")
    assert d.received_from == {"copy": {0: 15}, "peer_read": {0: 7, 3: 1}}
    assert d.received() == {0: 22, 3: 1} and d.received("copy") == {0: 15}
    with pytest.raises(TransferError, match="unknown transfer kind 'halo'"):
        d.record_transfer(0, 1, "halo")
    with pytest.raises(TransferError, match="received -4 bytes from device 0"):
        d.record_transfer(0, -4, "copy")
    stats = RunStats([DeviceStats(0), d])
    with pytest.raises(TransferError, match="device 1 received 1 bytes from device 3, but the run has devices 0-1"):
        stats.transfer_matrix()
    with pytest.raises(TransferError, match="unknown transfer kind 'send'"):
        stats.transfer_matrix(["send"])


# ------------------------------------------------------------------ the picture (plain text)
def test_memory_bars_against_a_capacity():
    stats = RunStats([DeviceStats(0, peak_bytes=12288), DeviceStats(1, peak_bytes=6146)], capacity=16384)
    # width 8: 12288 / 16384 = 0.75 -> 6 full cells; 6146 / 16384 = 0.3751 -> 24.0 eighths = 3 full cells
    assert text_lines(memory_lines(stats, width=8)) == [
        "peak memory per device (physical bytes; bars: share of the device memory, 16384 B (16.00 KiB))",
        "  device 0 │██████  │ 12288 B (12.00 KiB)   75.0%",
        "  device 1 │███     │ 6146 B (6.00 KiB)     37.5%",
        "  largest peak 12288 B (device 0) is 2.00x the smallest, 6146 B (device 1)",
    ]


def test_memory_bars_unlimited_scale_to_the_largest_peak_in_eighths():
    stats = RunStats([DeviceStats(0, peak_bytes=800), DeviceStats(1, peak_bytes=100), DeviceStats(2)])
    # width 4 = 32 eighths: 800 -> 32 (4 full); 100 / 800 * 32 = 4 eighths = ▌; 0 -> empty
    assert text_lines(memory_lines(stats, width=4)) == [
        "peak memory per device (physical bytes; device memory unlimited: bars scaled to the largest peak, 800 B)",
        "  device 0 │████│ 800 B  100.0%",
        "  device 1 │▌   │ 100 B   12.5%",
        "  device 2 │    │ 0 B      0.0%",
        "  largest peak 800 B (device 0); device 2 allocates nothing",
    ]
    with pytest.raises(StatsPictureError, match="bar width must be >= 1 character, got 0"):
        memory_lines(stats, width=0)


def test_shade_levels_are_quarters_of_the_largest_cell():
    # ceil(4 * n / 100): 1 -> 1, 25 -> 1, 26 -> 2, 50 -> 2, 75 -> 3, 76 -> 4, 100 -> 4
    assert [shade_level(n, 100) for n in (0, 1, 25, 26, 50, 75, 76, 100)] == [0, 1, 1, 2, 2, 3, 4, 4]


def test_traffic_matrix_text_of_the_hand_written_program():
    x = np.zeros((4, 8), np.float32)
    stats = mc.run(mc.parse(str(DATA / "backend" / "unrolled_2x2.mlir")), {"x": x}, pipeline="").stats
    # largest cell 128 (device 2 <- 0: copy + all_gather); 64 / 128 -> level 2 (▒), 128 -> level 4 (█)
    assert text_lines(traffic_lines(stats)) == [
        "bytes received per pair of devices (rows: receiving device, columns: source device; "
        "peer read + copy + collective)",
        "  to \\ from     0      1      2      3    received",
        "          0     -      ·     64 ▒    ·          64",
        "          1    64 ▒    -      ·     64 ▒       128",
        "          2   128 █    ·      -      ·         128",
        "          3     ·     64 ▒   64 ▒    -         128",
        "       sent   192     64    128     64         448",
        "  shade: ░ up to 1/4 of the largest pair (128 B), ▒ up to 1/2, ▓ up to 3/4, █ above; · none; "
        "- the device itself",
    ]
    copy = text_lines(traffic_lines(stats, ["copy"]))
    assert copy[0].endswith("source device; copy)") and copy[4] == "          2   64 █   ·     -     ·          64"


def test_each_kind_gets_its_matrix_and_unknown_choices_fail():
    stats = run("mlp_tensor_parallel").stats
    text = plain_text(stats, "each")
    titles = re.findall(r"^bytes received per pair of devices .*; (.*)\)$", text, re.M)
    assert titles == ["peer read", "collective"]  # no copies: no copy matrix
    assert text.rstrip().endswith("bytes received by kind: peer read 196608 B, copy 0 B, collective 393216 B")
    with pytest.raises(StatsPictureError, match="unknown traffic matrix 'halo'"):
        picture_lines(stats, "halo")


def test_no_traffic_and_large_meshes_list_pairs():
    assert text_lines(traffic_lines(RunStats([DeviceStats(0), DeviceStats(1)])))[1] == "  no traffic"
    devices = [DeviceStats(k) for k in range(17)]
    devices[5].record_transfer(16, 300, "copy")
    devices[0].record_transfer(1, 200, "collective")
    devices[1].record_transfer(0, 200, "collective")
    lines = text_lines(traffic_lines(RunStats(devices)))
    assert lines[1] == ("  17 devices (a matrix is drawn up to 16); the 3 largest of 3 pairs, receiver <- source: "
                        "5 <- 16: 300 B, 0 <- 1: 200 B, 1 <- 0: 200 B")


# ------------------------------------------------------------------ meshc run --stats
def meshc(*args):
    return CliRunner().invoke(main, ["run", *map(str, args)])


def matrix_rows(text: str, n: int) -> dict[str, list[str]]:
    """The cells of the first printed matrix: row label -> cells (numbers, '-' or '·'; glyphs dropped)."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("bytes received per pair")) + 2
    out = {}
    for line in lines[start:start + n + 1]:
        words = [w for w in line.split() if w not in "░▒▓█"]
        out[words[0]] = words[1:]
    return out


def test_cli_stats_prints_table_then_picture_for_the_mlp():
    r = meshc(DATA / "mlp_tensor_parallel.mlir", "--inputs", DATA / "mlp_tensor_parallel.inputs.npz", "--stats")
    assert r.exit_code == 0, r.output
    out = r.stdout
    assert out.index("per-device stats") < out.index("peak memory per device") < out.index("bytes received per")
    assert "device memory unlimited: bars scaled to the largest peak, 721924 B" in out
    # device 0 holds x (65536 B) that the others read in place: 721924 - 656388 = 65536; device 1's bar:
    # 656388 / 721924 = 0.909 of 40 cells = 290.9 -> 291 eighths = 36 full cells + 3/8 (▍)
    assert "  device 1 │████████████████████████████████████▍   │ 656388 B (641.00 KiB)   90.9%" in out
    rows = matrix_rows(out, 4)
    # 65536 B peer read of x + 32768 B all_reduce from device 0; 32768 B from every other device
    assert rows["1"] == ["98304", "-", "32768", "32768", "163840"]
    assert rows["0"] == ["-", "32768", "32768", "32768", "98304"]
    assert rows["sent"] == ["294912", "98304", "98304", "98304", "589824"]
    table = re.findall(r"^│\s+(\d) │" + TABLE_CELL * 7, out, re.M)
    for device, *cells in table:  # received = the table's peer read + copy + collective of the device
        assert int(rows[device][-1]) == sum(int(c) for c in cells[4:7])


def test_cli_stats_traffic_implies_stats_and_picks_a_kind():
    r = meshc(DATA / "reshard_rows_to_cols.mlir", "--random-inputs", "--stats-traffic", "peer-read",
              "--device-memory", "1MiB")
    assert r.exit_code == 0, r.output
    assert "per-device stats" in r.stdout
    assert "columns: source device; peer read)\n  no traffic\n" in r.stdout
    assert "peak memory per device (physical bytes; bars: share of the device memory, 1048576 B (1.00 MiB))" \
        in r.stdout
    peak = int(re.search(r"^│\s+0 │\s+\d+ │\s+(\d+) │", r.stdout, re.M).group(1))  # the table's device 0
    assert re.search(rf"^  device 0 │.*│ {peak} B .* {100 * peak / 2 ** 20:6.1f}%$", r.stdout, re.M)
    r = meshc(DATA / "reshard_rows_to_cols.mlir", "--random-inputs", "--stats-traffic", "collective")
    rows = matrix_rows(r.stdout, 4)
    assert rows["2"] == ["384", "384", "-", "384", "1152"]


def test_cli_stats_matrix_on_mpi_equals_threads(tmp_path):
    pytest.importorskip("mpi4py")
    meshc_exe = Path(sys.executable).with_name("meshc")
    args = [str(meshc_exe), "run", "-p", "", str(DATA / "backend" / "unrolled_2x2.mlir"), "--random-inputs",
            "--stats"]
    env = dict(os.environ, NO_COLOR="1", OMP_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1")
    threads = subprocess.run(args, capture_output=True, text=True, timeout=120, env=env)
    mpi = subprocess.run(args + ["--backend", "mpi", "--launch", "4"], capture_output=True, text=True, timeout=120,
                         env=env)
    assert threads.returncode == 0 and mpi.returncode == 0, threads.stderr + mpi.stderr
    # rank 0 gathers every device's per-pair table: the same matrix as the threaded runtime (see
    # test_hand_written_program_with_peer_read_copy_and_all_gather for the figures)
    assert matrix_rows(mpi.stdout, 4) == matrix_rows(threads.stdout, 4)
    assert matrix_rows(mpi.stdout, 4)["2"] == ["128", "·", "-", "·", "128"]
