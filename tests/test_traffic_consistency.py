"""``meshc explain`` bytes per device vs the bytes each device receives in a run (``--stats``).

Explain counts what each resharding point moves as the unrolled program moves it (a value replicated
over peered axes is stored once per peer group, on its first device: docs/pipeline.md stage 6). Two kinds
of traffic are not resharding points, so explain does not list them (by design):
  * peer reads of a value held once per peer group by the group's other devices when they COMPUTE with
    it (e.g. a replicated input read in place by devices 1..3 in the MLP sample);
  * slices that straddle shard boundaries (tensor.extract_slice of a split value), read from the owners
    by partition (seed 000) rather than by a reshard.
"""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np

import meshc.api as mc
from meshc.explain import explain

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests/data/traffic"


def explain_per_device(module, n: int) -> list[int]:
    """Sum of every point's per-device bytes (the first line of each point; step lines repeat them)."""
    total = [0] * n
    for e in explain(module).lines:
        if " step " in e.message.split(":", 1)[0]:
            continue
        each = re.search(r"each device receives (\d+) B", e.message)
        some = re.search(r"devices receive \[([\d, ]+)\] B", e.message)
        vals = [int(each.group(1))] * n if each else [int(x) for x in some.group(1).split(",")]
        total = [a + b for a, b in zip(total, vals)]
    return total


def run(path: Path):
    module = mc.parse(path.read_text(), str(path))
    result = mc.run(module, random_seed=0, check=True)
    received = [sum(d.received().values()) for d in result.stats.devices]
    return module, result, received


def test_peered_pad_then_all_slice_reads_only_each_slice():
    module, result, received = run(DATA / "peerslice.mlir")
    ref = mc.run_reference(module, random_seed=0).outputs[0]
    np.testing.assert_array_equal(result.outputs[0], ref)
    assert result.outputs[0].shape == (15, 4) and not result.outputs[0][0].any()  # low pad row is 0.0
    # 12x4 f32 rows over 3 devices: 4 rows each. The pad keeps the split (docs/pipeline.md, "Padded
    # windows"): each device pads its own rows, the first by the low row, the last by the two high ones
    # (rows 0-5, 5-9, 9-15 of the result). The 15x4 result split evenly in 3 (rows 0-5, 5-10, 10-15):
    # device 1 peer-reads row 9 from device 2 (4 f32 = 16 B), the others hold theirs.
    assert received == [0, 16, 0]
    assert explain_per_device(module, 3) == received


def test_two_points_sharing_an_all_gather_count_it_once_and_empty_inits_never_move():
    module, result, received = run(DATA / "share.mlir")
    ref = mc.run_reference(module, random_seed=0).outputs
    for got, want in zip(result.outputs, ref):
        np.testing.assert_allclose(got, want, rtol=1e-6)
    # 10x9 f32 on 2x3: %x [[0],[1]] shards are 5x3. all_gather over axis 0: the other 5x3 = 60 B. Then over
    # axis 1 (columns 3 each): the other two 10x3 blocks = 2 * 120 = 240 B. The negf point reuses the first
    # all_gather (0 B again); the tensor.empty init is recreated with [[]] (0 B). 60 + 240 = 300 B per device.
    assert received == [300] * 6
    assert explain_per_device(module, 6) == received
    lines = [e.message for e in explain(module).lines]
    assert any("reuses the all_gather mesh_axes = [0] gather_axis = 0 of %x for 'linalg.exp'; each device "
               "receives 0 B" in m for m in lines)
    assert not any(m.startswith("%e") for m in lines)


def test_pad_concat_insert_slice_differ_only_by_straddling_slices():
    module, result, received = run(DATA / "slices2.mlir")
    for got, want in zip(result.outputs, mc.run_reference(module, random_seed=0).outputs):
        np.testing.assert_array_equal(got, want)
    # explain: %x (10x8 rows 3,3,4) to replicated: device 0 reads rows 3..9 = 7 * 32 = 224 B; %y (3x8, 1 row
    # each) 2 * 32 = 64 B -> device 0: 288. all_slices from device 0's stored values: %b rows 3/3/4 ->
    # [0, 96, 128]; %cc 13 rows 4/4/5 -> [0, 128, 160]. %p keeps %x's split (rows 0-5, 5-8, 8-15 with the
    # pads); to 15 rows 5 each device 1 reads rows 8, 9 from device 2 -> [0, 64, 0].
    assert explain_per_device(module, 3) == [288, 288, 288]
    # The run adds the straddling slices %a (strided rows) and %d (columns 1,3,5,7 of rows 3..7 split over
    # devices by columns) read from the rows' owners: device 0 reads 3x1 + 2x1 f32 = 20 B, device 1 reads
    # 2x1 = 8 B, device 2 reads row 2 of %x_1 (8 f32 = 32 B) and a 3x3 block (36 B) = 68 B.
    assert received == [288 + 20, 288 + 8, 288 + 68]


def test_samples_mlp_and_rows_to_cols():
    module, _, received = run(ROOT / "samples/reshard_rows_to_cols.mlir")
    assert explain_per_device(module, 4) == received == [1152] * 4
    module, _, received = run(ROOT / "samples/mlp_tensor_parallel.mlir")
    # all_reduce of the 64x256 f32 partial result (65536 B) over 4 devices: 2 * 3/4 * 65536 = 98304 B each
    assert explain_per_device(module, 4) == [98304] * 4
    # devices 1..3 also peer-read the replicated input x (64x256 f32 = 65536 B) stored once on device 0
    assert received == [98304, 98304 + 65536, 98304 + 65536, 98304 + 65536]


def test_traffic_is_counted_in_the_overridden_dtype_like_memory():
    from meshc.backend.schedule import BufferLayout

    module = mc.parse((DATA / "share.mlir").read_text(), "share.mlir")
    result = mc.run(module, random_seed=0, layout=BufferLayout(dtype_override="bfloat16"))
    # 300 B of float32 per device (see above) = 75 elements; as bfloat16 (2 B each): 150 B
    assert [sum(d.received().values()) for d in result.stats.devices] == [150] * 6
    assert [d.collective_bytes for d in result.stats.devices] == [150] * 6
    module = mc.parse((DATA / "peerslice.mlir").read_text(), "peerslice.mlir")
    result = mc.run(module, random_seed=0, layout=BufferLayout(dtype_override="bfloat16"))
    # 0 / 16 / 0 B of float32 peer reads (see above) = 0 / 4 / 0 elements -> 0 / 8 / 0 B as bfloat16
    assert [d.peer_read_bytes for d in result.stats.devices] == [0, 8, 0]
