"""A ``tensor.pad`` carries the split of a padded dim, and the window that reads it exchanges halos:
a SAME convolution or pooling over a split spatial dim moves only the halo cells of the unpadded
tensor, never an all_gather (docs/pipeline.md, "Windows"). The pad's result is split at its own
boundaries (the first shard grown by the low pad, the last by the high one), each device pads the
global borders it holds, and ``reshard`` exchanges the halo on the pad's source. Values are checked
against numpy and the reference interpreter; bytes are the halo rows each device receives.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

import meshc.api as mc
from meshc.cli import main
from meshc.runtime.estimate import estimate
from tests.tolerance import assert_close

F32 = 4
STAGE4 = "sharding-propagation,distribute-types,reshard"


def conv1d_same(mesh: str, rows: int, low: int, high: int, taps: int, dilation: int = 1) -> str:
    """``conv_1d_nwc_wcf(pad(x, low, high), k)`` of x [2, rows, 4] split on its rows over a mesh of
    ``mesh`` devices; the output has as many rows as the window fits."""
    padded = rows + low + high
    out = padded - dilation * (taps - 1)
    return f"""
mesh.mesh @m(shape = {mesh})
func.func @f(%x: tensor<2x{rows}x4xf32>, %k: tensor<{taps}x4x4xf32>) -> tensor<2x{out}x4xf32> {{
  %xs = mesh.shard %x to <@m, [[], [0]]> : tensor<2x{rows}x4xf32>
  %z = arith.constant 0.0 : f32
  %p = tensor.pad %xs low[0, {low}, 0] high[0, {high}, 0] {{
  ^bb0(%a: index, %b: index, %c: index):
    tensor.yield %z : f32
  }} : tensor<2x{rows}x4xf32> to tensor<2x{padded}x4xf32>
  %e = tensor.empty() : tensor<2x{out}x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x{out}x4xf32>) -> tensor<2x{out}x4xf32>
  %y = linalg.conv_1d_nwc_wcf {{dilations = dense<{dilation}> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>}} ins(%p, %k : tensor<2x{padded}x4xf32>, tensor<{taps}x4x4xf32>) outs(%f : tensor<2x{out}x4xf32>) -> tensor<2x{out}x4xf32>
  %ys = mesh.shard %y to <@m, [[], [0]]> : tensor<2x{out}x4xf32>
  return %ys : tensor<2x{out}x4xf32>
}}
"""


def max_pool_same(mesh: str) -> str:
    """A 3-tap max-pool of stride 2 over 16 rows, SAME (-inf pads: none before, one after), as IREE
    writes it (a linalg.generic over the padded input, init -inf), the input split on its rows."""
    return f"""
mesh.mesh @m(shape = {mesh})
func.func @f(%x: tensor<2x16x4xf32>) -> tensor<2x8x4xf32> {{
  %xs = mesh.shard %x to <@m, [[], [0]]> : tensor<2x16x4xf32>
  %ninf = arith.constant 0xFF800000 : f32
  %p = tensor.pad %xs low[0, 0, 0] high[0, 1, 0] {{
  ^bb0(%a: index, %b: index, %c: index):
    tensor.yield %ninf : f32
  }} : tensor<2x16x4xf32> to tensor<2x17x4xf32>
  %w = tensor.empty() : tensor<3xf32>
  %e = tensor.empty() : tensor<2x8x4xf32>
  %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %y = linalg.generic {{indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1 * 2 + d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}} ins(%p, %w : tensor<2x17x4xf32>, tensor<3xf32>) outs(%f : tensor<2x8x4xf32>) {{
  ^bb0(%in: f32, %unused: f32, %acc: f32):
    %m = arith.maximumf %acc, %in : f32
    linalg.yield %m : f32
  }} -> tensor<2x8x4xf32>
  %ys = mesh.shard %y to <@m, [[], [0]]> : tensor<2x8x4xf32>
  return %ys : tensor<2x8x4xf32>
}}
"""


def _compiled(text: str, pipeline: str = STAGE4) -> str:
    r = CliRunner().invoke(main, ["compile", "-", "-p", pipeline], input=text)
    assert r.exit_code == 0, r.output
    return r.output


def _conv1d(x: np.ndarray, k: np.ndarray, low: int, high: int, dilation: int) -> np.ndarray:
    p = np.pad(x.astype(np.float64), ((0, 0), (low, high), (0, 0)))
    taps = k.shape[0]
    out = p.shape[1] - dilation * (taps - 1)
    windows = np.stack([p[:, j * dilation:j * dilation + out, :] for j in range(taps)], axis=2)
    return np.einsum("nwjc,jcf->nwf", windows, k.astype(np.float64))


@pytest.mark.parametrize("mesh, rows, low, high, taps, dilation, halos, received", [
    # 16 rows over 4 devices padded by (1, 1): the pad's shards 5, 4, 4, 5 rows; a 3-tap window reads one
    # row of each neighbour (a row of x: 2 x 4 f32)
    ("4", 16, 1, 1, 3, 1, (1, 1), [1, 2, 2, 1]),
    # uneven shards (5, 5, 6 rows over 3): the same halos
    ("3", 16, 1, 1, 3, 1, (1, 1), [1, 2, 1]),
    # dilated by 2 (pads of 2 both sides) over 8 rows on 4 devices: two rows of each neighbour
    ("4", 8, 2, 2, 3, 2, (2, 2), [2, 4, 4, 2]),
])
def test_a_same_convolution_over_split_rows_exchanges_the_halo_of_its_unpadded_input(
        mesh, rows, low, high, taps, dilation, halos, received):
    text = conv1d_same(mesh, rows, low, high, taps, dilation)
    out = _compiled(text)
    # one halo exchange, on the pad's source (the unpadded rows), and nothing gathered
    exchanges = re.findall(r"= mesh\.update_halo %(\w+) on @m split_axes = \[\[\], \[0\]\] halo_sizes = "
                           r"\[(\d+), (\d+)\] : tensor<2x(\d+)x4xf32", out)
    assert [(int(a), int(b), int(n)) for _, a, b, n in exchanges] == [(*halos, rows)]
    assert "all_gather" not in out and "all_to_all" not in out
    # the pad's result keeps the split (and the halos it is computed with): its first shard holds the low
    # pad, its last the high one, the inner boundaries are x's (balanced) shifted by the low pad
    k = int(mesh)
    sizes = [rows // k + (1 if i >= k - rows % k else 0) for i in range(k)]
    padded = rows + low + high
    offsets = ", ".join(map(str, [0] + [int(b) + low for b in np.cumsum(sizes)[:-1]] + [padded]))
    assert (f"to tensor<2x{padded}x4xf32, #mesh.shard<@m, [[], [0]], halo_sizes = [{halos[0]}, {halos[1]}], "
            f"sharded_dims_offsets = [{offsets}]>>") in out
    rng = np.random.default_rng(11)
    x = rng.standard_normal((2, rows, 4)).astype(np.float32)
    kern = (rng.standard_normal((taps, 4, 4)) / 3).astype(np.float32)
    result = mc.run(mc.parse(text), [x, kern], check=True)
    assert result.check_ok
    magnitude = float(np.max(np.abs(_conv1d(np.abs(x), np.abs(kern), low, high, dilation))))
    assert_close(result.outputs[0], _conv1d(x, kern, low, high, dilation), taps * 4, magnitude)
    row = 2 * 4 * F32
    assert [d.copy_bytes for d in result.stats.devices] == [row * n for n in received]
    est = estimate(mc.compile(mc.parse(text)).program.schedule)
    assert [d.stats.copy_bytes for d in est.devices] == [row * n for n in received]


def test_a_strided_max_pool_pads_with_minus_infinity_only_on_the_last_device():
    text = max_pool_same("4")
    out = _compiled(text)
    # output rows 2 per device read input rows [4i, 4i + 4]: one row of the next device, none before
    assert re.findall(r"mesh\.update_halo %\w+ on @m split_axes = \[\[\], \[0\]\] halo_sizes = \[(\d+), (\d+)\]",
                      out) == [("0", "1")]
    assert "all_gather" not in out
    x = np.random.default_rng(12).standard_normal((2, 16, 4)).astype(np.float32)
    result = mc.run(mc.parse(text), [x], check=True)
    assert result.check_ok
    p = np.pad(x, ((0, 0), (0, 1), (0, 0)), constant_values=-np.inf)
    want = np.max(np.stack([p[:, j:j + 15:2, :] for j in range(3)]), axis=0)
    np.testing.assert_array_equal(result.outputs[0], want)  # a max is exact
    assert [d.copy_bytes for d in result.stats.devices] == [2 * 4 * F32] * 3 + [0]


def test_a_pad_of_a_split_dim_on_a_dynamic_mesh_keeps_the_gather():
    # the pad's boundaries need the group's size: on a mesh of unknown shape the padded dim is gathered
    text = conv1d_same("?", 16, 1, 1, 3)
    out = _compiled(text)
    assert "mesh.all_gather" in out and "update_halo" not in out


DATA = Path(__file__).parent / "data" / "real"


def test_cnn_sp_exchanges_the_halos_xla_exchanges(tmp_path):
    # the held-out spatially split CNN (samples/real/README.md): conv 3x3 SAME, 3x3 max-pool stride 2
    # SAME, conv 3x3 SAME dilated by 2, H over "model": three halo exchanges of the unpadded rows
    # (1 row each side, 1 row after, 2 rows each side), the bytes of XLA's five collective-permutes
    annotated = tmp_path / "cnn_sp.mlir"
    r = CliRunner().invoke(main, ["annotate", str(DATA / "cnn_sp.linalg.mlir"), "--shardings-from",
                                  str(DATA / "cnn_sp_sharded.stablehlo.mlir"), "-o", str(annotated)])
    assert r.exit_code == 0, r.output
    out = _compiled(annotated.read_text(), "propagate-reshapes," + STAGE4)
    halos = re.findall(r"mesh\.update_halo %\w+ on @mesh split_axes = \[\[0\], \[1\]\] halo_sizes = \[0, 0, (\d), "
                       r"(\d)\] : tensor<(2x\d+x\d+x\d+)xf32", out)
    assert halos == [("1", "1", "2x16x16x4"), ("0", "1", "2x16x16x8"), ("2", "2", "2x8x8x8")]
    assert "all_gather" not in out
    xla = json.loads((DATA / "xla_collectives.json").read_text())["models"]["cnn_sp"]["collectives"]
    permuted = sum(c["received_bytes"] for c in xla if c["kind"] == "collective-permute")
    est = estimate(mc.compile(mc.parse(str(annotated))).program.schedule)
    assert max(d.stats.copy_bytes for d in est.devices) == permuted == 2048
