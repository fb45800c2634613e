"""Issue 7's last gap, end to end: programs that are both sharded and data-tiled compile and run
with ``meshc run --check`` (encodings applied per device shard, after ``unroll``).

* a plain sharded program with ``--target``: the default pipeline then runs ``set-encoding``
  after ``unroll``, so every device's matmuls are packed (local shapes);
* explicit ``iree_encoding.set_encoding`` / ``unset_encoding`` around a matmul whose operands
  are sharded, over uneven shards (10 over 3 devices: 3, 3, 4): data parallel (rows), tensor
  parallel (columns) and a split reduction dim (partial accumulators all-reduced packed);
* a weight in an immutable ``util.global``, sharded over 2 devices, run 10 times: each device
  packs the weight once (in a ``util.initializer``) and only its activations per call.

Relayout bytes are hand-computed from the packed shapes (``linalg.pack`` writes the packed
tensor, ``linalg.unpack`` the plain one; f32 = 4 B). Tile sizes M0xN0xK0: x86-generic 8x4x1,
x86-avx2 8x8x1, x86-avx512 16x16x1, M0 narrowed to the next power of two >= M
(``meshc.passes.materialize_encodings``).
"""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

import meshc.api as mc
from meshc.cli import main
from meshc.runtime.interpreter import Interpreter

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).parent / "data" / "encoding"
MLP = ROOT / "samples" / "mlp_tensor_parallel.mlir"
TARGETS = ["x86-generic", "x86-avx2", "x86-avx512"]


def meshc(*args):
    return CliRunner().invoke(main, ["run", *map(str, args)])


def relayouts(output: str) -> tuple[int, int]:
    """(ops, bytes) of the '--stats' relayout line (one call)."""
    m = re.search(r"^data-tiling relayouts \(linalg\.pack/unpack\): (\d+) ops, (\d+) B written$", output, re.M)
    assert m is not None, output
    return int(m.group(1)), int(m.group(2))


def per_device(result) -> list[tuple[int, int]]:
    return [(d.relayout_ops, d.relayout_bytes) for d in result.stats.devices]


def test_with_a_target_the_default_pipeline_sets_encodings_after_unroll():
    assert mc.default_pipeline("none") == ("convert-flow-to-tensor,flatten-regions,propagate-reshapes,sharding-propagation,distribute-types,reshard,partition,"
                                           "fuse-spmd-regions,"
                                           "propagate-encodings,materialize-encodings,canonicalize,cse")
    assert mc.default_pipeline("none", unroll=True) == (
        "convert-flow-to-tensor,flatten-regions,propagate-reshapes,sharding-propagation,distribute-types,reshard,partition,"
        "fuse-spmd-regions,unroll,propagate-encodings,materialize-encodings,canonicalize,cse")
    assert mc.default_pipeline("x86-avx2") == ("convert-flow-to-tensor,flatten-regions,propagate-reshapes,sharding-propagation,distribute-types,reshard,partition,"
                                               "fuse-spmd-regions,unroll,"
                                               "set-encoding,propagate-encodings,materialize-encodings,"
                                               "canonicalize,cse")


# -- (a) a plain tensor-parallel MLP, data-tiled by --target ---------------------------------------------------
@pytest.mark.parametrize("target", TARGETS)
def test_mlp_tensor_parallel_is_data_tiled_per_device(tmp_path, target):
    inputs = MLP.with_suffix(".inputs.npz")
    r = meshc(MLP, "--inputs", inputs, "--check", "--expected", MLP.with_suffix(".expected.npz"),
              "--target", target, "--stats", "-o", tmp_path / "out.npz")
    assert r.exit_code == 0, r.output
    assert len(re.findall(r"^  result0: ok ", r.stdout, re.M)) == 2  # the reference and the expected values
    # Per device (4 devices; x 64x256 replicated, W1 and W2 shards 256x256, b1 shard 256), every dim a
    # multiple of every tile, so the bytes are the same on each target: pack x 64x256 (65536 B), pack the
    # W1 shard (262144 B), unpack h 64x256 (65536 B), pack h as the next LHS (65536 B), pack the b1 shard
    # 256 -> 256x1 (1024 B), pack the W2 shard (262144 B), unpack y 64x256 (65536 B): 7 relayouts,
    # 787456 B; 4 devices: 28, 3149824 B.
    assert relayouts(r.stdout) == (28, 4 * 787456)
    x = dict(np.load(inputs))
    h = np.maximum(x["x"] @ x["w1"] + x["b1"], 0)
    np.testing.assert_allclose(np.load(tmp_path / "out.npz")["result0"], h @ x["w2"], rtol=1e-4, atol=1e-4)
    result = mc.run(mc.parse(str(MLP)), x, check=True, target=target)
    assert result.check_ok and per_device(result) == [(7, 787456)] * 4
    assert result.kernels["linalg.mmt4d"] == 8  # 2 matmuls x 4 devices, none left as linalg.matmul
    assert "linalg.matmul" not in result.kernels


def test_mlp_without_a_target_has_no_relayouts():
    r = meshc(MLP, "--inputs", MLP.with_suffix(".inputs.npz"), "--check", "--stats")
    assert r.exit_code == 0, r.output
    assert "data-tiling relayouts" not in r.stdout and "  result0: ok " in r.stdout


# -- (b) explicit encodings around a matmul on uneven shards ---------------------------------------------------
# Per device (ops, bytes) for x86-generic, x86-avx2, x86-avx512, from the packed shapes:
EXPLICIT = {
    # rows 3, 3, 4 of x 10x16; w 16x12 replicated; M0 = min(m0, 16) (iteration M = 10), so each device's
    # rows are padded to one whole M tile: pack x -> 1x16xM0x1, pack w -> ceil(12/N0)x16xN0x1,
    # unpack r x 12 rows.
    "sharded_rows_uneven": {
        "x86-generic": [(3, 4 * (8 * 16 + 3 * 16 * 4) + 4 * 12 * r) for r in (3, 3, 4)],  # 512 + 768 + 48r
        "x86-avx2": [(3, 4 * (8 * 16 + 2 * 16 * 8) + 4 * 12 * r) for r in (3, 3, 4)],  # 512 + 1024 + 48r
        "x86-avx512": [(3, 4 * (16 * 16 + 16 * 16) + 4 * 12 * r) for r in (3, 3, 4)],  # 1024 + 1024 + 48r
    },
    # columns 3, 3, 4 of w 16x10; x 6x16 replicated; M0 = min(m0, 8) (M = 6): pack x -> 1x16xM0x1,
    # each device's n columns padded to one N tile: pack -> 1x16xN0x1, unpack 6 x n.
    "sharded_cols_uneven": {
        "x86-generic": [(3, 4 * (8 * 16 + 16 * 4) + 4 * 6 * n) for n in (3, 3, 4)],
        "x86-avx2": [(3, 4 * (8 * 16 + 16 * 8) + 4 * 6 * n) for n in (3, 3, 4)],
        "x86-avx512": [(3, 4 * (8 * 16 + 16 * 16) + 4 * 6 * n) for n in (3, 3, 4)],
    },
    # K = 10 split 3, 3, 4; M = 6 (M0 = 8 on every target), N = 12: pack x shard 6xk -> 1xkx8x1,
    # pack w shard kx12 -> ceil(12/N0)xkxN0x1, the packed accumulators all-reduced, unpack 6x12 (288 B).
    "sharded_k_split": {
        "x86-generic": [(3, 4 * (8 * k + 3 * 4 * k) + 288) for k in (3, 3, 4)],
        "x86-avx2": [(3, 4 * (8 * k + 2 * 8 * k) + 288) for k in (3, 3, 4)],
        "x86-avx512": [(3, 4 * (8 * k + 16 * k) + 288) for k in (3, 3, 4)],
    },
}


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("name", sorted(EXPLICIT))
def test_explicit_encodings_on_uneven_shards(tmp_path, name, target):
    path = DATA / f"{name}.mlir"
    rng = np.random.default_rng(5)
    module = mc.parse(str(path))
    args = [rng.standard_normal(t.shape).astype(np.float32) for t in module.body.ops[-1].function_type.inputs]
    np.savez(tmp_path / "in.npz", *args)
    np.savez(tmp_path / "want.npz", result0=args[0] @ args[1])
    r = meshc(path, "--inputs", tmp_path / "in.npz", "--check", "--expected", tmp_path / "want.npz",
              "--target", target, "--stats")
    assert r.exit_code == 0, r.output
    assert len(re.findall(r"^  result0: ok ", r.stdout, re.M)) == 2
    want = EXPLICIT[name][target]
    assert relayouts(r.stdout) == (sum(o for o, _ in want), sum(b for _, b in want))
    result = mc.run(module, args, check=True, target=target)
    assert result.check_ok and per_device(result) == want
    np.testing.assert_allclose(result.outputs[0], args[0] @ args[1], rtol=1e-5, atol=1e-5)


def test_explicit_encodings_without_a_target_are_dropped():
    for name in EXPLICIT:
        r = meshc(DATA / f"{name}.mlir", "--random-inputs", "--check", "--stats")
        assert r.exit_code == 0, r.output
        assert "  result0: ok " in r.stdout and "data-tiling relayouts" not in r.stdout


# -- (c) a weight in an immutable global, 2 devices, 10 calls --------------------------------------------------
def global_weight(path: Path) -> np.ndarray:
    """The 16x12 f32 weight of ``@w`` (its dense<"0x..."> hex, little-endian)."""
    hex_data = re.search(r'dense<"0x([0-9A-F]+)">', path.read_text()).group(1)
    return np.frombuffer(bytes.fromhex(hex_data), dtype="<f4").reshape(16, 12)


def test_weight_global_is_packed_once_per_device(tmp_path, monkeypatch):
    path = DATA / "weight_global_sharded.mlir"
    w = global_weight(path)
    x = np.random.default_rng(11).standard_normal((6, 16)).astype(np.float32)
    np.savez(tmp_path / "in.npz", x0=x)
    np.savez(tmp_path / "want.npz", result0=x @ w)
    initialized: list[dict] = []  # the kernels each device interpreter ran in its initializers

    def initialize(self):
        done = self.initialized
        original(self)
        if not done:
            initialized.append(dict(self.stats))

    original = Interpreter.initialize
    monkeypatch.setattr(Interpreter, "initialize", initialize)
    r = meshc(path, "--inputs", tmp_path / "in.npz", "--target", "x86-avx2", "--repeat", "10", "--stats",
              "--check", "--expected", tmp_path / "want.npz", "-o", tmp_path / "out.npz")
    assert r.exit_code == 0, r.output
    assert len(re.findall(r"^  result0: ok ", r.stdout, re.M)) == 2
    np.testing.assert_allclose(np.load(tmp_path / "out.npz")["result0"], x @ w, rtol=1e-5, atol=1e-5)
    # one interpreter per device (the reference run's interpreter runs no initializer with a pack): the
    # weight 16x12 packed once each to 2x16x8x1 (N0 = 8, K0 = 1): 256 f32 = 1024 B
    packs = [k.get("linalg.pack", 0) for k in initialized]
    assert sorted(packs) == [0, 1, 1]
    # per call and device: pack the 3x16 rows (M = 3 -> M0 = 4): 1x16x4x1 = 64 f32 = 256 B; unpack the
    # 3x12 result: 144 B; the accumulator's fill is done on the packed layout: 2 relayouts, 400 B
    assert relayouts(r.stdout) == (4, 800)
    module = mc.parse(str(path))
    result = mc.run(module, [x], check=True, target="x86-avx2", repeat=10)
    assert result.check_ok and per_device(result) == [(2, 400), (2, 400)]
    assert result.kernels["linalg.pack"] == 10 * 2  # 10 calls x 2 devices, the activations only
    assert result.kernels["linalg.unpack"] == 10 * 2 and result.kernels["linalg.mmt4d"] == 10 * 2
    # the compiled program: the weight's pack sits in a util.initializer; each device's for_one loads it
    text = result.compiled.module.print()
    init = text[text.index("util.initializer"):text.index("func.func @main")]
    assert "linalg.pack" in init and "-> tensor<2x16x8x1xf32>" in init
    assert text.count("util.global.load immutable @w_encoded : tensor<2x16x8x1xf32>") == 2


# -- (d) any sharding x any target: exp(x) @ w with explicit encodings (samples/encoding_exp_matmul.mlir) -------
EXP = ROOT / "samples" / "encoding_exp_matmul.mlir"
# x 64x256 (M x K), w 256x128 (K x N). Each case: mesh, --shard options.
SHARDINGS = {
    "split_m": ("m=4", ["x=[[0]]"]),
    "split_n": ("m=4", ["w=[[],[0]]"]),
    "split_k": ("m=4", ["w=[[0]]"]),  # partial accumulators, whole-tensor shards: all_reduce on packed data
    "split_k_uneven": ("m=3", ["w=[[0]]"]),  # K 256 over 3: 85, 85, 86
    "split_m_and_n": ("m=4", ["x=[[0]]", "w=[[],[0]]"]),  # a sharding conflict: an all_gather of an encoded operand
    "mesh_2x3_m_k": ("m=2x3", ["x=[[0],[1]]", "w=[[1]]"]),  # M 64 over 2 (32 rows = 4 whole 8-row tiles), K over 3
    "mesh_3x2_m_k_uneven": ("m=3x2", ["x=[[0],[1]]", "w=[[1]]"]),  # M 64 over 3: 21, 21, 22 rows
    "mesh_2x2_m_n": ("m=2x2", ["x=[[0]]", "w=[[],[1]]"]),
}


def exp_matmul_reference() -> np.ndarray:
    x = dict(np.load(EXP.with_suffix(".inputs.npz")))
    return np.exp(x["x"].astype(np.float64)) @ x["w"].astype(np.float64)


def shard_args(case: str) -> list[str]:
    mesh, shards = SHARDINGS[case]
    return ["--mesh", mesh] + [a for s in shards for a in ("--shard", s)]


@pytest.mark.parametrize("target", ["none"] + TARGETS)
@pytest.mark.parametrize("case", sorted(SHARDINGS))
def test_sharded_exp_matmul_runs_on_every_target(tmp_path, case, target):
    r = meshc(EXP, "--inputs", EXP.with_suffix(".inputs.npz"), "--check", "--target", target, *shard_args(case),
              "-o", tmp_path / "out.npz")
    assert r.exit_code == 0, r.output
    assert "  result0: ok " in r.stdout
    np.testing.assert_allclose(np.load(tmp_path / "out.npz")["result0"], exp_matmul_reference(), rtol=1e-4,
                               atol=1e-3)


def compiled_text(case: str, target: str = "x86-avx2") -> str:
    r = CliRunner().invoke(main, ["compile", str(EXP), "--target", target, "--remarks", *shard_args(case)])
    assert r.exit_code == 0, r.output
    return r.output


def all_reduce_line(text: str) -> str:
    lines = [ln for ln in text.splitlines() if "mesh.all_reduce" in ln and "global_types" in ln]
    assert len(lines) == 1, text
    return lines[0]


def test_all_reduce_of_packed_tiles_stays_packed():
    # m=2x3: M 64 split over axis 0 (32 rows per device = 4 tiles of M0 = 8), K over axis 1; the 3 devices of a
    # reduction group hold the same 32x128 rows, packed 4x16x8x8 (N 128 / N0 8 = 16). The packed global type
    # is 64x128 packed: 8x16x8x8, its dim 0 (M outer) split over axis 0 -> 4x16x8x8 per device.
    line = all_reduce_line(compiled_text("mesh_2x3_m_k"))
    assert "global_types = [tensor<8x16x8x8xf32, #mesh.shard<@m, [[0]], partial = sum[1]>>" in line
    assert line.count("tensor<4x16x8x8xf32>") == 12  # 6 operands + 6 results
    # whole-tensor partial sums (K split over 4): 64x128 -> 8x16x8x8 on every device
    line = all_reduce_line(compiled_text("split_k"))
    assert "global_types = [tensor<8x16x8x8xf32, #mesh.shard<@m, [[]], partial = sum[0]>>" in line
    assert line.count("tensor<8x16x8x8xf32>") == 8  # 4 operands + 4 results


def test_collectives_that_cannot_run_on_packed_tiles_run_unpacked():
    # m=3x2: 21, 21, 22 rows per device pack to 3 M tiles each (ceil(21/8) = ceil(22/8) = 3), but the packed
    # global 64 rows = 8 tiles would split 2, 3, 3: the packed shards are not pieces of one packed tensor, so
    # the accumulators are unpacked first and the all_reduce sums plain 21x128 / 22x128 shards.
    text = compiled_text("mesh_3x2_m_k_uneven")
    assert "'mesh.all_reduce' runs on unpacked shards" in text
    line = all_reduce_line(text)
    assert line.count("tensor<21x128xf32>") == 8 and line.count("tensor<22x128xf32>") == 4  # 2 groups of 21 rows
    # an all_gather of an encoded operand (M and N both split: the sharding conflict is resolved by gathering)
    text = compiled_text("split_m_and_n")
    assert "'mesh.all_gather' runs on unpacked shards" in text
    assert "cannot materialize" not in text
