"""The IREE backend (docs/iree.md): modules emitted from the schedule, compiled by IREE, run on N local devices.

Every run is compared with the reference interpreter and with the sample's expected .npz. Float
tolerances follow from the dtype and the reduction length K (the longest sum an output element is
made of: contraction dims, and the devices of an all_reduce): ``tol = 4 * K * eps(dtype)``, relative
and times ``max|expected|`` absolute. These tests need the ``iree`` extra (pip install -e '.[iree]').
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

import meshc.api as mc
from meshc.cli import main

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "samples"

# split rows -> replicated on a 2-device mesh without peered memory: one all_gather
ALL_GATHER = """
mesh.mesh @m(shape = 2)
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @main(%x: tensor<6x4xf32>) -> tensor<6x4xf32> {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<6x4xf32>
  %e = tensor.empty() : tensor<6x4xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%xs : tensor<6x4xf32>) outs(%e : tensor<6x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %v = math.exp %in : f32
    linalg.yield %v : f32
  } -> tensor<6x4xf32>
  %ys = mesh.shard %y to <@m, [[]]> : tensor<6x4xf32>
  return %ys : tensor<6x4xf32>
}
"""


def _tol(dtype, k: int) -> float:
    return 4 * k * float(np.finfo(dtype).eps)


def _run(text: str, name: str, arrays, device: str = "local-task"):
    from meshc.runtime.iree_backend import IreeBackend

    module = mc.parse(text, name)
    bound = mc.bind_entry(module, arrays)
    compiled = mc.compile(module.clone(), entry=bound.func.sym_name)
    backend = IreeBackend(device=device)
    try:
        result = mc.run_compiled(compiled, bound, module, backend=backend, rtol=0, atol=0)
    finally:
        backend.close()
    return compiled, result


def _assert_close(got, want, k: int) -> float:
    got, want = np.asarray(got), np.asarray(want)
    assert got.shape == want.shape and got.dtype == want.dtype
    tol = _tol(want.dtype, k)
    err = float(np.max(np.abs(got - want)))
    assert err <= tol * max(1.0, float(np.max(np.abs(want)))), (err, tol)
    return err


def _sample(name: str):
    text = (SAMPLES / f"{name}.mlir").read_text()
    inputs = dict(np.load(SAMPLES / f"{name}.inputs.npz"))
    expected = dict(np.load(SAMPLES / f"{name}.expected.npz"))
    return text, inputs, expected


@pytest.mark.parametrize("name, k, kinds", [
    ("seed_matmul_rows", 3, {"peer_read"}),          # 2 devices, the RHS read from device 0
    ("mlp_tensor_parallel", 256 + 1024, {"collective", "peer_read"}),  # 4 devices, one all_reduce
    ("reshard_rows_to_cols", 1, {"collective"}),    # 4 devices, one all_to_all
    ("mesh2d_peered", 128, {"collective"}),         # 2x4 devices, all_reduce in each row group
])
def test_sample_matches_reference_and_expected(name, k, kinds):
    text, inputs, expected = _sample(name)
    compiled, result = _run(text, str(SAMPLES / f"{name}.mlir"), inputs)
    n = compiled.schedule.mesh.num_devices
    assert len(result.stats.devices) == n
    (want,) = expected.values()
    _assert_close(result.outputs[0], want, k)
    _assert_close(result.outputs[0], result.reference[0], k)
    moved = {kind for d in result.stats.devices for kind, row in d.received_from.items() if sum(row.values())}
    assert moved == kinds


def test_all_gather_program_replicates_the_rows():
    x = (np.arange(24, dtype=np.float32).reshape(6, 4) - 12) / 8
    compiled, result = _run(ALL_GATHER, "all_gather.mlir", [x])
    kinds = [c.kind for c in compiled.schedule.collectives.values()]
    assert kinds == ["all_gather"]
    _assert_close(result.outputs[0], np.exp(x), 1)
    # each device receives the other's 3x4 f32 rows
    assert [d.collective_bytes for d in result.stats.devices] == [48, 48]


def test_f64_stays_f64():
    # iree-compile demotes f64 to f32 by default (and the functions' signatures with it); the backend keeps it
    x = np.arange(24, dtype=np.float64).reshape(6, 4) / 3
    _, result = _run(ALL_GATHER.replace("f32", "f64"), "all_gather64.mlir", [x])
    assert result.outputs[0].dtype == np.float64
    _assert_close(result.outputs[0], np.exp(x), 1)  # within f64 ulps: not f32's


def test_local_sync_driver_gives_the_same_values():
    text, inputs, expected = _sample("seed_matmul_rows")
    _, result = _run(text, "seed.mlir", inputs, device="local-sync")
    _assert_close(result.outputs[0], expected["result0"] if "result0" in expected else
                  next(iter(expected.values())), 3)


@pytest.mark.parametrize("name, k", [("mlp_tensor_parallel", 256 + 1024), ("reshard_rows_to_cols", 1),
                                     ("mesh2d_peered", 128)])
def test_original_signature_entry_shards_and_gathers_itself(name, k):
    from meshc.backend.iree_emit import emit_iree_module
    from meshc.runtime.iree_backend import IreeSession, compile_module, host_executable_target

    text, inputs, expected = _sample(name)
    module = mc.parse(text, str(SAMPLES / f"{name}.mlir"))
    bound = mc.bind_entry(module, inputs)
    compiled = mc.compile(module)
    emitted = emit_iree_module(compiled.program, host_executable_target())
    assert "mesh." not in emitted.text.split("\n", 1)[1]
    with IreeSession(compile_module(emitted.text), emitted.devices) as session:
        (got,) = session.call(compiled.program.entry, list(bound.arrays))
    _assert_close(got, next(iter(expected.values())), k)


def test_compiled_modules_are_cached_by_content(tmp_path, monkeypatch):
    from meshc.runtime.iree_backend import compile_module

    monkeypatch.setenv("MESHC_IREE_CACHE", str(tmp_path / "c"))
    out = CliRunner().invoke(main, ["compile", str(SAMPLES / "seed_matmul_rows.mlir"), "--emit=iree"])
    assert out.exit_code == 0, out.output
    first = compile_module(out.output)
    files = sorted(p.name for p in (tmp_path / "c").iterdir())
    assert any(f.endswith(".vmfb") for f in files)
    assert compile_module(out.output) == first
    assert sorted(p.name for p in (tmp_path / "c").iterdir()) == files


def test_cli_run_reports_like_the_other_backends():
    name = "seed_matmul_rows"
    out = CliRunner().invoke(main, ["run", str(SAMPLES / f"{name}.mlir"), "--inputs",
                                    str(SAMPLES / f"{name}.inputs.npz"), "--expected",
                                    str(SAMPLES / f"{name}.expected.npz"), "--check", "--stats",
                                    "--backend", "iree"])
    assert out.exit_code == 0, out.output
    assert "ran @main_sharded on mesh @mesh (shape 2, 2 devices)" in out.output
    assert "compare with the reference interpreter" in out.output
    assert out.output.count(": ok max abs err") == 2
    assert "bytes received by kind: peer read 24 B, copy 0 B, collective 0 B" in out.output


def test_iree_options_need_the_iree_backend():
    out = CliRunner().invoke(main, ["run", str(SAMPLES / "seed_matmul_rows.mlir"), "--random-inputs",
                                    "--iree-device", "local-sync"])
    assert out.exit_code == 1
    assert "--iree-device goes with --backend iree" in out.output


def test_missing_iree_is_a_clear_error(monkeypatch):
    from meshc.runtime import iree_backend

    monkeypatch.setitem(sys.modules, "iree.compiler", None)
    with pytest.raises(iree_backend.IreeUnavailable, match=r"pip install 'iree-base-compiler>=3.13'"):
        iree_backend.require_iree()
    out = CliRunner().invoke(main, ["run", str(SAMPLES / "seed_matmul_rows.mlir"), "--random-inputs",
                                    "--backend", "iree"])
    assert out.exit_code == 1
    assert "pip install 'iree-base-compiler>=3.13' 'iree-base-runtime>=3.13'" in out.output
    assert "Traceback" not in out.output


AVERAGE = """
mesh.mesh @m(shape = 2)
func.func @main(%x: tensor<4x6xf32>, %w: tensor<6x3xf32>) -> tensor<4x3xf32> {
  %xs = mesh.shard %x to <@m, [[], [0]]> : tensor<4x6xf32>
  %ws = mesh.shard %w to <@m, [[0]]> : tensor<6x3xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x3xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<4x3xf32>) -> tensor<4x3xf32>
  %y = linalg.matmul ins(%xs, %ws : tensor<4x6xf32>, tensor<6x3xf32>) outs(%f : tensor<4x3xf32>) -> tensor<4x3xf32>
  %ys = mesh.shard %y to <@m, [[]]> : tensor<4x3xf32>
  return %ys : tensor<4x3xf32>
}
"""


def test_a_reduction_without_a_lowering_names_the_collective():
    from meshc.backend.iree_emit import IreeEmitError, emit_iree_module

    compiled = mc.compile(mc.parse(AVERAGE, "avg.mlir"))
    (spec,) = compiled.schedule.collectives.values()
    assert spec.kind == "all_reduce"
    spec.attributes["reduction"] = "generic"
    with pytest.raises(IreeEmitError, match=r"all_reduce 'c0'.*'generic' reduction of f32 is not lowered") as info:
        emit_iree_module(compiled.program)
    assert "avg.mlir:" in str(info.value.diagnostics[0].location)


def test_an_average_all_reduce_divides_the_sum_by_the_group_size():
    from meshc.backend.iree_emit import emit_iree_module
    from meshc.runtime.iree_backend import IreeSession, compile_module
    from meshc.sharding.spec import ReductionKind

    compiled = mc.compile(mc.parse(AVERAGE, "avg.mlir"))
    (spec,) = compiled.schedule.collectives.values()
    spec.attributes["reduction"] = "average"  # the schedule's all_reduce made an average one
    emitted = emit_iree_module(compiled.program)
    assert emitted.text.count("arith.divf") == 2
    rng = np.random.default_rng(6)
    x = rng.integers(-8, 8, (4, 6)).astype(np.float32) / 8
    w = rng.integers(-8, 8, (6, 3)).astype(np.float32) / 8
    with IreeSession(compile_module(emitted.text), emitted.devices) as session:
        got = session.call(compiled.program.entry, [x, w])[0]
    want = ReductionKind.AVERAGE.reduce([x[:, :3] @ w[:3], x[:, 3:] @ w[3:]])
    np.testing.assert_array_equal(got, want)  # values on a 1/64 grid, halved: exact


# partial sums reduced onto row shards of 10 rows over 4 devices (3 rows on the last two): one reduce_scatter
REDUCE_SCATTER = """
mesh.mesh @m(shape = 4)
func.func @main(%x: tensor<10x8xf32>, %w: tensor<8x6xf32>) -> tensor<10x6xf32> {
  %xs = mesh.shard %x to <@m, [[], [0]]> : tensor<10x8xf32>
  %ws = mesh.shard %w to <@m, [[0]]> : tensor<8x6xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<10x6xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<10x6xf32>) -> tensor<10x6xf32>
  %y = linalg.matmul ins(%xs, %ws : tensor<10x8xf32>, tensor<8x6xf32>) outs(%f : tensor<10x6xf32>) -> tensor<10x6xf32>
  %yp = mesh.shard %y to <@m, [[]], partial = sum[0]> : tensor<10x6xf32>
  %ys = mesh.shard %yp to <@m, [[0]]> annotate_for_users : tensor<10x6xf32>
  return %ys : tensor<10x6xf32>
}
"""


def test_reduce_scatter_with_uneven_shards():
    rng = np.random.default_rng(3)
    x = rng.integers(-8, 8, (10, 8)).astype(np.float32) / 8
    w = rng.integers(-8, 8, (8, 6)).astype(np.float32) / 8
    compiled, result = _run(REDUCE_SCATTER, "rs.mlir", [x, w])
    assert [c.kind for c in compiled.schedule.collectives.values()] == ["reduce_scatter"]
    # values on a 1/64 grid: every sum is exact in f32, whatever the order
    np.testing.assert_array_equal(result.outputs[0], x @ w)
    np.testing.assert_array_equal(result.outputs[0], result.reference[0])
    # device i receives its rows (2, 2, 3, 3) of the 3 other devices' 10x6 partial sums
    assert [d.collective_bytes for d in result.stats.devices] == [3 * r * 6 * 4 for r in (2, 2, 3, 3)]


def test_halo_exchange_on_a_2x2_mesh_with_peer_and_copy_slabs():
    path = ROOT / "tests" / "data" / "halo" / "halo_2x2.mlir"
    x = np.arange(30, dtype=np.float32).reshape(6, 5)
    compiled, result = _run(path.read_text(), str(path), [x])
    assert any(type(s).__name__ == "HaloExchange" for d in compiled.schedule.devices for s in d.steps)
    np.testing.assert_array_equal(result.outputs[0], result.reference[0])
    kinds = {kind for d in result.stats.devices for kind in d.received_from}
    assert kinds == {"peer_read", "copy"}


TRANSPOSE_B = """mesh.mesh @m(shape = 2)
func.func @main(%a: tensor<4x6xf32>, %b: tensor<5x6xf32>) -> tensor<4x5xf32> {
  %as = mesh.shard %a to <@m, [[0]]> : tensor<4x6xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x5xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<4x5xf32>) -> tensor<4x5xf32>
  %c = linalg.matmul_transpose_b ins(%as, %b : tensor<4x6xf32>, tensor<5x6xf32>) outs(%f : tensor<4x5xf32>) -> tensor<4x5xf32>
  %cs = mesh.shard %c to <@m, [[0]]> : tensor<4x5xf32>
  return %cs : tensor<4x5xf32>
}
"""


@pytest.mark.parametrize("which", ["a", "b"])
def test_transposed_matmuls_become_matmuls_with_maps(which):
    # IREE 3.13 reads linalg.matmul with indexing_maps, not the older named transpose forms
    text = TRANSPOSE_B
    if which == "a":  # A given as 6x4 (k x m), its columns (m) split
        text = (text.replace("matmul_transpose_b", "matmul_transpose_a").replace("%a: tensor<4x6xf32>", "%a: tensor<6x4xf32>")
                .replace("<@m, [[0]]> : tensor<4x6xf32>", "<@m, [[], [0]]> : tensor<6x4xf32>")
                .replace("tensor<4x6xf32>, tensor<5x6xf32>", "tensor<6x4xf32>, tensor<6x5xf32>")
                .replace("%b: tensor<5x6xf32>", "%b: tensor<6x5xf32>"))
    rng = np.random.default_rng(5)
    a = rng.integers(-8, 8, (4, 6) if which == "b" else (6, 4)).astype(np.float32) / 8
    b = rng.integers(-8, 8, (5, 6) if which == "b" else (6, 5)).astype(np.float32) / 8
    compiled, result = _run(text, f"t{which}.mlir", [a, b])
    emitted = CliRunner().invoke(main, ["compile", "-", "--emit=iree"], input=text).output
    assert f"matmul_transpose_{which}" not in emitted and emitted.count("linalg.matmul indexing_maps") == 2, emitted
    # values on a 1/64 grid: exact in f32
    np.testing.assert_array_equal(result.outputs[0], a @ b.T if which == "b" else a.T @ b)
    np.testing.assert_array_equal(result.outputs[0], result.reference[0])


def test_a_dense_global_becomes_a_constant():
    # as samples/encoding_weight_global.mlir: the weight is an immutable dense util.global
    text = """mesh.mesh @m(shape = 4)
util.global private @w = dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
func.func @main(%x: tensor<4x3xf32>) -> tensor<4x2xf32> {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<4x3xf32>
  %w = util.global.load immutable @w : tensor<3x2xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x2xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<4x2xf32>) -> tensor<4x2xf32>
  %y = linalg.matmul ins(%xs, %w : tensor<4x3xf32>, tensor<3x2xf32>) outs(%f : tensor<4x2xf32>) -> tensor<4x2xf32>
  %ys = mesh.shard %y to <@m, [[0]]> : tensor<4x2xf32>
  return %ys : tensor<4x2xf32>
}
"""
    x = np.arange(12, dtype=np.float32).reshape(4, 3) / 4
    compiled, result = _run(text, "g.mlir", [x])
    w = np.array([[1, 2], [3, 4], [5, 6]], np.float32)
    np.testing.assert_array_equal(result.outputs[0], x @ w)
    np.testing.assert_array_equal(result.outputs[0], result.reference[0])
    emitted = CliRunner().invoke(main, ["compile", "-", "--emit=iree"], input=text).output
    assert "util.global.load" not in emitted and emitted.count("arith.constant dense<") == 4


EMPTY_SHARDS = """mesh.mesh @m(shape = 4)
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @main(%x: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %xs = mesh.shard %x to <@m, [[0]], sharded_dims_offsets = [0, 2, 4, 4, 4]> : tensor<4x3xf32>
  %e = tensor.empty() : tensor<4x3xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%xs : tensor<4x3xf32>) outs(%e : tensor<4x3xf32>) {
  ^bb0(%in: f32, %out: f32):
    %v = arith.addf %in, %in : f32
    linalg.yield %v : f32
  } -> tensor<4x3xf32>
  %ys = mesh.shard %y to <@m, [[]]> : tensor<4x3xf32>
  return %ys : tensor<4x3xf32>
}
"""


def test_empty_shards_are_empty_tensors():
    # rows split 2, 2, 0, 0 (sharded_dims_offsets): devices 2 and 3 hold 0x3 shards at offset 4 = the dim's
    # size, which tensor.extract_slice refuses; they are tensor.empty, and nothing is moved for them
    x = np.arange(12, dtype=np.float32).reshape(4, 3) / 4
    compiled, result = _run(EMPTY_SHARDS, "empty.mlir", [x])
    np.testing.assert_array_equal(result.outputs[0], x + x)
    np.testing.assert_array_equal(result.outputs[0], result.reference[0])
    emitted = CliRunner().invoke(main, ["compile", "-", "--emit=iree"], input=EMPTY_SHARDS).output
    assert "tensor.empty() : tensor<0x3xf32>" in emitted
    assert "tensor.extract_slice %arg0[4, 0] [0, 3]" not in emitted


def test_named_elementwise_ops_become_generics():
    # linalg.exp (which IREE 3.13 does not parse) on the cores, then a halo exchange over 3 devices
    path = ROOT / "tests" / "data" / "halo" / "shard_to_halo.mlir"
    x = (np.arange(40, dtype=np.float32).reshape(10, 4) - 20) / 16
    compiled, result = _run(path.read_text(), str(path), [x])
    emitted = CliRunner().invoke(main, ["compile", str(path), "--emit=iree"]).output
    assert "linalg.exp" not in emitted and emitted.count("math.exp") == 3
    for got, want in zip(result.outputs, result.reference):
        _assert_close(got, want, 1)


def test_simulated_runtime_options_are_refused():
    out = CliRunner().invoke(main, ["run", str(SAMPLES / "seed_matmul_rows.mlir"), "--random-inputs",
                                    "--backend", "iree", "--device-memory", "1GiB"])
    assert out.exit_code == 1
    assert "--device-memory applies to the threads and mpi backends, not to --backend iree" in out.output


def test_uneven_all_to_all_then_all_gather():
    # the planner moves %x to row shards (all_to_all, 10 rows over 4 devices: 2, 2, 3, 3) and gathers the
    # row shards of the product to every device (all_gather)
    text = REDUCE_SCATTER.replace("  %yp = mesh.shard %y to <@m, [[]], partial = sum[0]> : tensor<10x6xf32>\n", "")
    text = text.replace("%ys = mesh.shard %yp to <@m, [[0]]> annotate_for_users", "%ys = mesh.shard %y to <@m, [[0]]>")
    rng = np.random.default_rng(4)
    x = rng.integers(-8, 8, (10, 8)).astype(np.float32) / 8
    w = rng.integers(-8, 8, (8, 6)).astype(np.float32) / 8
    compiled, result = _run(text, "a2a.mlir", [x, w])
    assert sorted(c.kind for c in compiled.schedule.collectives.values()) == ["all_gather", "all_to_all"]
    np.testing.assert_array_equal(result.outputs[0], x @ w)
    np.testing.assert_array_equal(result.outputs[0], result.reference[0])


def test_emit_without_iree_uses_the_generic_x86_target(monkeypatch):
    monkeypatch.setitem(sys.modules, "iree.compiler", None)
    out = CliRunner().invoke(main, ["compile", str(SAMPLES / "seed_matmul_rows.mlir"), "--emit=iree"])
    assert out.exit_code == 0, out.output
    assert out.output.count('{cpu = "generic", cpu_features = ""') == 2
    assert out.output.count("flow.tensor.transfer") == 4  # the RHS to device 1; shards and result moved


# -- the corpus: every sample, test program and real model, through the CLI -----------------------------------

_REAL = ROOT / "samples" / "real"
_DATA = ROOT / "tests" / "data"
_MLP_TP = ["--mesh", "tp=4", "--shard", "arg1=[[], [0]]", "--shard", "arg2=[[0]]", "--shard", "arg3=[[0]]"]
#: (program, its inputs/expected stem, extra options): the shardings of samples/real/README.md
CORPUS = [(SAMPLES / f"{n}.mlir", SAMPLES / n, []) for n in
          ("seed_matmul_rows", "mlp_tensor_parallel", "reshard_rows_to_cols", "mesh2d_peered", "encoding_exp_matmul")]
CORPUS += [(SAMPLES / "dynamic_mesh_rowsum.mlir", SAMPLES / "dynamic_mesh_rowsum", ["--mesh-shape", f"m={m}"])
           for m in (1, 2, 3, 4, 8)]
# dynamic rows (specialized from the inputs' row counts); expected values computed with numpy
CORPUS += [(SAMPLES / "dynamic_rows.mlir", SAMPLES / f"dynamic_rows.{rows}", ["--mesh-shape", mesh])
           for rows, mesh in ((6, "m=2x2"), (13, "m=3x2"))]
CORPUS += [(_DATA / f"{n}.mlir", _DATA / n, []) for n in ("upstream_llvm19", "upstream_llvm20", "upstream_llvm22_shard")]
_ONNX_PARAMS = ["--parameters", f"model={_REAL / 'onnx_mlp.weights.npz'}"]
CORPUS += [(_REAL / "mlp.func.linalg.mlir", _REAL / "mlp", _MLP_TP),
           (_REAL / "mlp.func.linalg.mlir", _REAL / "mlp", ["--auto-shard", "dp=2"]),
           (_REAL / "mlp.func.linalg.mlir", _REAL / "mlp", ["--auto-shard", "tp=4"]),
           (_REAL / "mlp.linalg.mlir", _REAL / "mlp", ["--auto-shard", "tp=4"]),
           (_REAL / "mlp_generic.linalg.mlir", _REAL / "mlp", ["--auto-shard", "tp=4"]),
           (_REAL / "attention_heads_first_generic.linalg.mlir", _REAL / "attention_heads_first",
            ["--auto-shard", "tp=4"]),
           (_REAL / "onnx_mlp.linalg.mlir", _REAL / "onnx_mlp", [*_ONNX_PARAMS, "--auto-shard", "tp=4"]),
           (_REAL / "layernorm.linalg.mlir", _REAL / "layernorm", ["--auto-shard", "dp=2"]),
           (_REAL / "layernorm.linalg.mlir", _REAL / "layernorm", ["--auto-shard", "dp=3"]),
           (_REAL / "attention_heads_first.linalg.mlir", _REAL / "attention_heads_first", ["--auto-shard", "tp=4"]),
           (_REAL / "attention.linalg.mlir", _REAL / "attention", ["--auto-shard", "dp=2"]),
           (_REAL / "attention.linalg.mlir", _REAL / "attention", ["--auto-shard", "tp=2"]),
           (_REAL / "onnx_mlp.linalg.mlir", _REAL / "onnx_mlp", [*_ONNX_PARAMS, "--mesh", "tp=4", "--shard",
                                                                 "@w1=[[], [0]]", "--shard", "@w2=[[0]]"])]


def _corpus_id(entry) -> str:
    path, stem, extra = entry
    return stem.name + ":" + path.name + ("[" + " ".join(extra[-1:]) + "]" if extra else "")


@pytest.mark.parametrize("path, stem, extra", CORPUS, ids=[_corpus_id(e) for e in CORPUS])
def test_corpus_program_runs_with_check_and_expected(path, stem, extra):
    from tests.tolerance import reduction_chain_length, tolerance

    expected = dict(np.load(f"{stem}.expected.npz"))
    module = mc.parse(path.read_text(), str(path))
    # K: the program's reduction chain plus the devices an all_reduce may add (at most 8 here)
    k = reduction_chain_length(module) + 8
    dtypes = {str(np.asarray(v).dtype) for v in expected.values()}
    assert dtypes == {"float32"}, dtypes
    magnitude = max(float(np.max(np.abs(v))) for v in expected.values())
    rtol, atol = tolerance(np.float32, k, magnitude)
    out = CliRunner().invoke(main, ["run", str(path), "--inputs", f"{stem}.inputs.npz", "--expected",
                                    f"{stem}.expected.npz", "--check", "--backend", "iree", "--rtol", str(rtol),
                                    "--atol", str(atol), *extra])
    assert out.exit_code == 0, out.output
    assert "compare with the reference interpreter" in out.output
    assert out.output.count(": ok max abs err") == 2 * len(expected), out.output
    assert "Traceback" not in out.output


#: samples/real/README.md: a JAX export's shardings applied to the linalg file (meshc annotate), then run
ANNOTATED = [("mlp.func.linalg.mlir", "mlp_sharded.stablehlo.mlir", "mlp"),
             ("mlp.func.linalg.mlir", "mlp_sharded_gspmd.stablehlo.mlir", "mlp"),
             ("attention_heads_first.linalg.mlir", "attention_heads_first_sharded.stablehlo.mlir",
              "attention_heads_first")]


@pytest.mark.parametrize("program, export, stem", ANNOTATED, ids=[e[1] for e in ANNOTATED])
def test_real_model_with_the_framework_shardings_runs(tmp_path, program, export, stem):
    annotated = tmp_path / "annotated.mlir"
    out = CliRunner().invoke(main, ["annotate", str(_REAL / program), "--shardings-from", str(_REAL / export),
                                    "-o", str(annotated)])
    assert out.exit_code == 0, out.output
    out = CliRunner().invoke(main, ["run", str(annotated), "--inputs", str(_REAL / f"{stem}.inputs.npz"),
                                    "--expected", str(_REAL / f"{stem}.expected.npz"), "--check", "--backend",
                                    "iree", "--atol", "1e-4", "--atol-scale", "--rtol", "1e-4"])
    assert out.exit_code == 0, out.output
    assert out.output.count(": ok max abs err") == 2, out.output


def test_a_partitioned_stencil_reads_its_halos(tmp_path):
    # tests/data/halo/stencil.mlir is written in the partitioned form (unroll only): y[i] = x[i] + x[i+1] + x[i+2]
    # on 3 devices, halos exchanged by mesh.update_halo; the reference interpreter cannot run that form, numpy can
    x = (np.arange(10, dtype=np.float32) - 4) / 8
    np.savez(tmp_path / "in.npz", x=x)
    np.savez(tmp_path / "want.npz", result0=x[:-2] + x[1:-1] + x[2:])
    out = CliRunner().invoke(main, ["run", str(_DATA / "halo" / "stencil.mlir"), "-p", "unroll,canonicalize,cse",
                                    "--inputs", str(tmp_path / "in.npz"), "--expected", str(tmp_path / "want.npz"),
                                    "--backend", "iree", "--rtol", "0", "--atol", "0"])
    assert out.exit_code == 0, out.output
    assert "ran @stencil_sharded on mesh @m (shape 3, 3 devices)" in out.output
    assert out.output.count(": ok max abs err 0") == 1, out.output  # on a 1/8 grid: exact


#: hand-written test programs without expected values (tests/data): random inputs, checked against the reference
RANDOM = ["backend/partial_arg.mlir", "backend/partial_result.mlir", "backend/unrolled_2x2.mlir",
          "traffic/share.mlir", "newuser/uneven.mlir", "halo/upstream_update_halo.mlir", "show/rank3_partial.mlir"]


@pytest.mark.parametrize("name", RANDOM)
def test_test_program_with_random_inputs_matches_the_reference(name):
    out = CliRunner().invoke(main, ["run", str(_DATA / name), "--random-inputs", "--check", "--backend", "iree"])
    assert out.exit_code == 0, out.output
    assert "compare with the reference interpreter" in out.output and "MISMATCH" not in out.output, out.output


def test_a_partial_argument_entry_starts_other_shards_from_the_identity():
    # @g's argument is partial (sum): device 1's shard is zeros in the original-signature entry too
    from meshc.backend.iree_emit import emit_iree_module
    from meshc.runtime.iree_backend import IreeSession, compile_module

    path = _DATA / "backend" / "partial_arg.mlir"
    compiled = mc.compile(mc.parse(path.read_text(), str(path)))
    emitted = emit_iree_module(compiled.program)
    assert 'arith.constant dense<"0x00000000"> : tensor<4xf32>' in emitted.text
    x = np.array([1, -2, 3.5, 4], np.float32)
    with IreeSession(compile_module(emitted.text), emitted.devices) as session:
        (got,) = session.call("g", [x])
    np.testing.assert_array_equal(got, x + x)


# the difftest's seed 5: K (1) split over 4 devices leaves 6 of the 8 devices a matmul with an empty contraction
EMPTY_CONTRACTION = """mesh.mesh @m(shape = 4x2x1)
func.func @main(%a0: tensor<6xf16>, %a1: tensor<3x1xf16>, %a2: tensor<1x4xf16>) -> (tensor<3x4xf16>) {
  %s1 = mesh.shard %a0 to <@m, [[1, 0, 2]]> : tensor<6xf16>
  %s2 = mesh.shard %a2 to <@m, [[0, 2], [1]]> : tensor<1x4xf16>
  %c3 = arith.constant 0.0 : f16
  %e4 = tensor.empty() : tensor<3x4xf16>
  %f5 = linalg.fill ins(%c3 : f16) outs(%e4 : tensor<3x4xf16>) -> tensor<3x4xf16>
  %r6 = linalg.matmul ins(%a1, %s2 : tensor<3x1xf16>, tensor<1x4xf16>) outs(%f5 : tensor<3x4xf16>) -> tensor<3x4xf16>
  %s7 = mesh.shard %r6 to <@m, [[], [1]], partial = max[0, 2]> : tensor<3x4xf16>
  %s8 = mesh.shard %s7 to <@m, [[2]]> : tensor<3x4xf16>
  return %s8 : tensor<3x4xf16>
}
"""


def test_a_matmul_with_an_empty_contraction_is_its_init():
    # iree-compile 3.13 crashes on such a matmul (AnnotateDispatchesPass under const-eval); no iteration runs, so
    # the emitter gives the init itself: only the 2 devices holding the K element print a matmul
    from meshc.backend.iree_emit import emit_iree_module

    compiled = mc.compile(mc.parse(EMPTY_CONTRACTION, "seed5.mlir"))
    emitted = emit_iree_module(compiled.program)
    assert emitted.text.count("linalg.matmul ins(") == 2
    assert "tensor<3x0xf16>" in emitted.text.split("util.func public @main(", 1)[0]  # the shards still exist
    assert sum(k.get("linalg.matmul", 0) for k in emitted.kernels) == 8


def test_a_dense_weight_global_sample_runs():
    # samples/encoding_weight_global.mlir (no inputs file): random inputs, checked against the reference
    out = CliRunner().invoke(main, ["run", str(SAMPLES / "encoding_weight_global.mlir"), "--random-inputs",
                                    "--check", "--backend", "iree", "--mesh", "d=2", "--shard", "x=[[0]]"])
    assert out.exit_code == 0, out.output
    assert out.output.count(": ok max abs err") == 1, out.output


def test_a_parameter_global_without_its_data_is_a_located_error():
    # the weights of #stream.parameter.named globals become constants of the module; without --parameters
    # the emitter reports the missing data at the global, as the interpreter does
    from meshc.backend.iree_emit import IreeEmitError, emit_iree_module

    path = _REAL / "onnx_mlp.linalg.mlir"
    module = mc.parse(path.read_text(), str(path))
    compiled = mc.compile(module, entry="onnx_mlp")
    with pytest.raises(IreeEmitError, match=r"'util.global.load' op of @w1 \(device 0\) cannot be lowered") as info:
        emit_iree_module(compiled.program)
    assert "onnx_mlp.linalg.mlir:8:" in str(info.value.diagnostics[0].location)
    with pytest.raises(IreeEmitError, match=r"no key 'w1'") as info:
        emit_iree_module(compiled.program, parameters={"model": {"w9": np.zeros(1, np.float32)}})
    assert "onnx_mlp.linalg.mlir:2:" in str(info.value.diagnostics[0].location)


#: Generated programs run on the IREE target per CI run (tests/difftest; each compiled once, strategy auto,
#: for_all): programs ``generate_from_seed(0..N-1)``, about 30 s on 2 shared cores with an empty module cache.
IREE_DIFF_PROGRAMS = 10


def test_generated_programs_on_iree_compute_what_the_reference_computes(request):
    from tests.difftest import Tally, check_case, generate_from_seed
    from tests.difftest.known import IREE_KNOWN_OPEN, bug_signature, is_known

    tally, new = Tally(), []
    for seed in range(IREE_DIFF_PROGRAMS):
        result = check_case(generate_from_seed(seed), target="iree")
        tally.add(result)
        new += [result.report() for o in result.bugs if not is_known(bug_signature(o), IREE_KNOWN_OPEN)]
    reporter = request.config.pluginmanager.get_plugin("terminalreporter")
    if reporter is not None:
        for line in ["", "iree target:"] + tally.lines():
            reporter.write_line(line)
    assert not new, "\n\n".join(new)
    assert tally.total == IREE_DIFF_PROGRAMS
    assert tally.runs["ok"] >= 0.6 * sum(tally.runs.values()), tally.lines()


def test_difftest_bench_takes_the_iree_target(tmp_path, capsys):
    import importlib.util

    spec = importlib.util.spec_from_file_location("bench_difftest", ROOT / "bench" / "difftest.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)  # type: ignore[union-attr]
    assert bench.main(["--programs", "2", "--workers", "1", "--max-ops", "2", "--target", "iree",
                       "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("2 programs in ") and "target iree" in out and "differential programs: 2 " in out


# A matmul or batch matmul with a reduction loop longer than REDUCTION_BLOCK_ABOVE is a chain of blocks of
# REDUCTION_BLOCK: (op, lhs shape, rhs shape, init shape, split of the lhs, operand slices per block behind a
# barrier: those not contiguous in memory on a device)
BLOCKED = [
    ("linalg.matmul", (8, 4100), (4100, 6), (8, 6), "[[0]]", 1),  # lhs 4 x 512 cut of 4 x 4100; rhs rows
    ("linalg.matmul_transpose_a", (4100, 8), (4100, 6), (8, 6), "[[], [0]]", 0),  # both cut in rows
    ("linalg.matmul_transpose_b", (8, 3000), (6, 3000), (8, 6), "[[0]]", 2),
    ("linalg.batch_matmul", (2, 4, 2600), (2, 2600, 6), (2, 4, 6), "[[0]]", 2),  # rhs: a batch of 2
    ("linalg.batch_matmul_transpose_b", (2, 4, 2600), (2, 6, 2600), (2, 4, 6), "[[], [0]]", 2),
]


def _contraction_text(op, sa, sb, sc, split):
    ta, tb, tc = (f"tensor<{'x'.join(map(str, s))}xf32>" for s in (sa, sb, sc))
    return f"""mesh.mesh @m(shape = 2)
func.func @main(%a: {ta}, %b: {tb}) -> {tc} {{
  %as = mesh.shard %a to <@m, {split}> : {ta}
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : {tc}
  %f = linalg.fill ins(%z : f32) outs(%e : {tc}) -> {tc}
  %c = {op} ins(%as, %b : {ta}, {tb}) outs(%f : {tc}) -> {tc}
  %cs = mesh.shard %c to <@m, [[]]> : {tc}
  return %cs : {tc}
}}
"""


@pytest.mark.parametrize("op, sa, sb, sc, split, held", BLOCKED, ids=[e[0].split(".")[1] for e in BLOCKED])
def test_a_long_reduction_is_blocked_and_exact(op, sa, sb, sc, split, held):
    from meshc.backend.iree_emit import REDUCTION_BLOCK

    text = _contraction_text(op, sa, sb, sc, split)
    rng = np.random.default_rng(11)
    a = rng.integers(-8, 9, sa).astype(np.float32) / 8  # on a 1/64 grid every partial sum is exact in f32
    b = rng.integers(-8, 9, sb).astype(np.float32) / 8
    compiled, result = _run(text, "blocked.mlir", [a, b])
    ea = np.swapaxes(a, -1, -2) if op.endswith("transpose_a") else a
    eb = np.swapaxes(b, -1, -2) if op.endswith("transpose_b") else b
    want = ea @ eb
    np.testing.assert_array_equal(result.outputs[0], want)
    np.testing.assert_array_equal(result.reference[0], want)
    emitting = CliRunner().invoke(main, ["compile", "-", "--emit=iree"], input=text)
    assert emitting.exit_code == 0, (emitting.output, emitting.exception)
    emitted = emitting.output
    k = ea.shape[-1]
    blocks = -(-k // REDUCTION_BLOCK)  # the last one shorter (4100 = 8 * 512 + 4)
    base = "linalg.batch_matmul" if "batch" in op else "linalg.matmul"
    chain = [ln for ln in emitted.splitlines() if f"= {base} indexing_maps" in ln]
    assert len(chain) == 2 * blocks, emitted  # on each of the 2 devices
    assert sum(f"{k - (blocks - 1) * REDUCTION_BLOCK}xf32>" in ln or f"<{k - (blocks - 1) * REDUCTION_BLOCK}x" in ln
               for ln in chain) == 2
    assert emitted.count("util.optimization_barrier %c_") == 2 * blocks * held, emitted


def test_a_reduction_of_at_most_the_threshold_is_one_matmul():
    from meshc.backend.iree_emit import REDUCTION_BLOCK_ABOVE

    k = REDUCTION_BLOCK_ABOVE
    text = _contraction_text("linalg.matmul", (4, k), (k, 3), (4, 3), "[[0]]")
    emitted = CliRunner().invoke(main, ["compile", "-", "--emit=iree"], input=text).output
    assert emitted.count("= linalg.matmul ins(") == 2 and "indexing_maps" not in emitted, emitted


SCALAR_ARGS = """mesh.mesh @m(shape = 2)
func.func @main(%x: tensor<4xf64>, %s: f64, %k: i32) -> tensor<4xf64> {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<4xf64>
  %e = tensor.empty() : tensor<4xf64>
  %kf = arith.sitofp %k : i32 to f64
  %t = arith.addf %s, %kf : f64
  %f = linalg.fill ins(%t : f64) outs(%e : tensor<4xf64>) -> tensor<4xf64>
  %y = arith.addf %xs, %f : tensor<4xf64>
  return %y : tensor<4xf64>
}
"""


def test_scalar_arguments_are_passed_as_values(tmp_path):
    """A scalar argument (f64, i32) reaches the IREE function as a value, not as a buffer (which IREE refuses:
    "variant ... is not a value type"); the result is exact."""
    prog = tmp_path / "s.mlir"
    prog.write_text(SCALAR_ARGS)
    inputs = tmp_path / "in.npz"
    x = np.array([0.5, -1.25, 2.0, 3.75])
    np.savez(inputs, x=x, s=np.float64(0.25), k=np.int32(3))
    out = tmp_path / "out.npz"
    r = CliRunner().invoke(main, ["run", str(prog), "--inputs", str(inputs), "--check", "--backend", "iree",
                                  "-o", str(out)])
    assert r.exit_code == 0, r.output
    np.testing.assert_array_equal(np.load(out)["result0"], x + 3.25)


def test_a_run_prints_no_binding_leak_report_at_exit():
    """nanobind's exit-time leak report of IREE's bindings (hundreds of lines) is turned off: a successful run's
    standard error holds only meshc's own lines."""
    import subprocess

    name = "seed_matmul_rows"
    r = subprocess.run([sys.executable, "-m", "meshc.cli", "run", str(SAMPLES / f"{name}.mlir"), "--inputs",
                        str(SAMPLES / f"{name}.inputs.npz"), "--check", "--backend", "iree"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert "nanobind" not in r.stderr and "leaked" not in r.stderr
    assert r.stdout.count(": ok max abs err") == 1


# -- region ops partitioned in place, and a top-level tensor.extract -------------------------------------------

# x split by rows on axis 0 and by columns on axis 1, w by rows on axis 1: the contraction is split, so the body
# all_reduces over axis 1 on every trip (and all_slices the carried value back to its column split)
def _loop_all_reduce() -> str:
    from tests.test_region_partition import LOOP

    return LOOP.replace("MESH", "2x2").replace("XS", "[[0], [1]]").replace("WS", "[[1]]")



# a do-while on a condition computed from the carried value (gathered whole in the "before" block on every
# test) and a replicated limit; the "after" block all_reduces a split contraction
WHILE_COMPUTED = """
mesh.mesh @m(shape = 4)
func.func @main(%x: tensor<8x16xf32>, %w: tensor<16x16xf32>, %lim: tensor<f32>) -> (tensor<8x16xf32>, index) {
  %ws = mesh.shard %w to <@m, [[0]]> : tensor<16x16xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %l = tensor.extract %lim[] : tensor<f32>
  %z = arith.constant 0.0 : f32
  %r:2 = scf.while (%acc = %x, %i = %c0) : (tensor<8x16xf32>, index) -> (tensor<8x16xf32>, index) {
    %e = tensor.extract %acc[%c0, %c0] : tensor<8x16xf32>
    %small = arith.cmpf olt, %e, %l : f32
    %more = arith.cmpi slt, %i, %c8 : index
    %go = arith.andi %small, %more : i1
    scf.condition(%go) %acc, %i : tensor<8x16xf32>, index
  } do {
  ^bb0(%a: tensor<8x16xf32>, %j: index):
    %e0 = tensor.empty() : tensor<8x16xf32>
    %f = linalg.fill ins(%z : f32) outs(%e0 : tensor<8x16xf32>) -> tensor<8x16xf32>
    %mm = linalg.matmul ins(%a, %ws : tensor<8x16xf32>, tensor<16x16xf32>) outs(%f : tensor<8x16xf32>) -> tensor<8x16xf32>
    %t = math.tanh %mm : tensor<8x16xf32>
    %u = arith.addf %t, %a : tensor<8x16xf32>
    %j1 = arith.addi %j, %c1 : index
    scf.yield %u, %j1 : tensor<8x16xf32>, index
  }
  return %r#0, %r#1 : tensor<8x16xf32>, index
}
"""

# a top-level tensor.extract of a value gathered whole (replicated) after a row-split add
EXTRACT = """
mesh.mesh @m(shape = 4)
func.func @main(%x: tensor<8x4xf32>) -> (tensor<8x4xf32>, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = mesh.shard %x to <@m, [[0]]> : tensor<8x4xf32>
  %y = arith.addf %s, %s : tensor<8x4xf32>
  %e = tensor.extract %y[%c1, %c0] : tensor<8x4xf32>
  %f = arith.addf %e, %e : f32
  return %y, %f : tensor<8x4xf32>, f32
}
"""


def _emitted(text: str, name: str):
    from meshc.backend.iree_emit import emit_iree_module

    return emit_iree_module(mc.compile(mc.parse(text, name)).program).text


def test_a_loop_all_reduces_in_its_body_on_every_trip():
    # the loop is one scf.for of the emitted module carrying every device's shard; the in-body all_reduce and
    # all_slice are transfers and folds inside it, run on every trip by IREE's host code
    program = _loop_all_reduce()
    text = _emitted(program, "loop.mlir")
    assert text.count("scf.for") == 1 and "mesh." not in text.split("\n", 1)[1]
    rng = np.random.default_rng(3)
    x = rng.standard_normal((8, 16)).astype(np.float32)
    w = (rng.standard_normal((16, 16)) / 4).astype(np.float32)
    for trips in (3, 0):  # the same module (cached): the trip count is data
        _, result = _run(program, "loop.mlir", [x, w, np.array(trips, dtype=np.int64)])
        want = x.astype(np.float64)
        for _ in range(trips):
            want = np.tanh(want @ w)
        _assert_close(result.outputs[0], want.astype(np.float32), 16 * max(trips, 1))
        _assert_close(result.outputs[0], result.reference[0], 16 * max(trips, 1))


def test_a_while_loop_tests_a_condition_computed_from_replicated_data():
    rng = np.random.default_rng(2)
    x = (rng.random((8, 16)) * 0.5).astype(np.float32)
    x[0, 0] = 0.1
    w = (rng.random((16, 16)) / 4).astype(np.float32)
    _, result = _run(WHILE_COMPUTED, "while.mlir", [x, w, np.array(3.0, dtype=np.float32)])
    want, trips = x.astype(np.float64), 0
    while want[0, 0] < 3.0 and trips < 8:
        want, trips = np.tanh(want @ w) + want, trips + 1
    assert 0 < trips < 8  # the data ends the loop, not the trip bound
    assert int(result.outputs[1]) == trips == int(result.reference[1])
    _assert_close(result.outputs[0], want.astype(np.float32), 16 * trips)


@pytest.mark.parametrize("taken", [True, False])
def test_an_if_all_reduces_in_the_branch_it_takes(taken):
    rng = np.random.default_rng(4)
    x, y = rng.standard_normal((8, 16)).astype(np.float32), rng.standard_normal((8, 16)).astype(np.float32)
    w = rng.standard_normal((16, 16)).astype(np.float32)
    name = _DATA / "region" / "branch.mlir"
    _, result = _run(name.read_text(), str(name), [x, y, w, np.array(taken)])
    want = x.astype(np.float64) @ w if taken else np.tanh(y.astype(np.float64))
    _assert_close(result.outputs[0], want.astype(np.float32), 16)


def test_a_region_op_without_collectives_runs_whole_on_each_device():
    rng = np.random.default_rng(5)
    x = rng.standard_normal((8, 16)).astype(np.float32)
    w = (rng.standard_normal((16, 16)) / 4).astype(np.float32)
    name = _DATA / "region_for_dynamic.mlir"
    _, result = _run(name.read_text(), str(name), [x, w, np.array(2, dtype=np.int64)])
    want = np.tanh(np.tanh(x.astype(np.float64) @ w) @ w)
    _assert_close(result.outputs[0], want.astype(np.float32), 32)


def test_a_top_level_extract_of_a_replicated_tensor_is_an_f32_scalar():
    x = (np.arange(32, dtype=np.float32).reshape(8, 4) - 7) / 4
    _, result = _run(EXTRACT, "extract.mlir", [x])
    np.testing.assert_array_equal(result.outputs[0], 2 * x)
    assert result.outputs[1].dtype == np.float32 and result.outputs[1].shape == ()
    assert float(result.outputs[1]) == 4 * float(x[1, 0])  # exact: sums of quarters


@pytest.mark.parametrize("trips", [3, 0])
def test_stats_count_a_loop_body_s_transfers_once_per_trip_as_threads_do(trips):
    # tests/data/region/while_transpose.mlir: one all_to_all per trip (IREE's lowering moves what the
    # threaded runtime's does: 3 blocks of 2x2 f32 to each device); the sharded function returns how many
    # times the after block ran, and --stats multiplies its transfers by it
    from meshc.backend.iree_emit import emit_iree_module

    name = _DATA / "region" / "while_transpose.mlir"
    text = name.read_text()
    module = emit_iree_module(mc.compile(mc.parse(text, str(name))).program)
    assert len(module.scopes) == 1 and all(t.scope == module.scopes[0] for t in module.transfers)
    x = np.random.default_rng(8).standard_normal((8, 8)).astype(np.float32)
    _, result = _run(text, str(name), [x, np.array(trips, dtype=np.int64)])
    threads = mc.run(mc.parse(text, str(name)), [x, np.array(trips, dtype=np.int64)])
    assert [d.collective_bytes for d in result.stats.devices] == [trips * 3 * 2 * 2 * 4] * 4
    assert [d.collective_bytes for d in result.stats.devices] == [d.collective_bytes for d in threads.stats.devices]
    assert [d.received_from.get("collective", {}) for d in result.stats.devices] == [
        d.received_from.get("collective", {}) for d in threads.stats.devices]
    _assert_close(result.outputs[0], threads.outputs[0], 8 * max(trips, 1))


# -- arguments returned as they are, and a loop reducing into a carried accumulator -------------------------------

# the sharded argument returned twice next to a value computed from it, and a scalar argument returned: every part
# of the sharded call has its own util.optimization_barrier in @main (IREE 3.13 gives all the results of one
# barrier the resource usage of its first operand: a forwarded argument next to a computed part failed to verify)
RETURNED_ARGUMENT = """
mesh.mesh @m(shape = 2)
func.func @main(%d: tensor<4x6xf32>, %a: f32) -> (tensor<4x6xf32>, tensor<4x6xf32>, f32, tensor<4x6xf32>) {
  %ds = mesh.shard %d to <@m, [[0]]> : tensor<4x6xf32>
  %e = arith.addf %ds, %ds : tensor<4x6xf32>
  return %e, %ds, %a, %ds : tensor<4x6xf32>, tensor<4x6xf32>, f32, tensor<4x6xf32>
}
"""

# a dynamic loop, one per device (no collective in the body), whose body max-reduces into a carried accumulator
# filled with -inf; the 5 rows of x split over 6 devices (device 0 holds none): the loop's results are pinned
# to their device (iree-compile 3.13 crashed in OutlineMemoizeRegionsPass, the reduce placed on no device)
LOOP_MAX = """
mesh.mesh @m(shape = 6)
func.func @main(%x: tensor<5x7xf32>, %w: tensor<7x7xf32>, %n: index) -> (tensor<5xf32>, tensor<5x7xf32>) {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<5x7xf32>
  %ws = mesh.shard %w to <@m, [[]]> : tensor<7x7xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<5xf32>
  %init = linalg.fill ins(%ninf : f32) outs(%e : tensor<5xf32>) -> tensor<5xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init, %h = %xs) -> (tensor<5xf32>, tensor<5x7xf32>) {
    %e2 = tensor.empty() : tensor<5x7xf32>
    %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<5x7xf32>) -> tensor<5x7xf32>
    %m = linalg.matmul ins(%h, %ws : tensor<5x7xf32>, tensor<7x7xf32>) outs(%f2 : tensor<5x7xf32>) -> tensor<5x7xf32>
    %t = math.sin %m : tensor<5x7xf32>
    %mx = linalg.reduce ins(%t : tensor<5x7xf32>) outs(%acc : tensor<5xf32>) dimensions = [1]
      (%in: f32, %a: f32) {
        %q = arith.maximumf %in, %a : f32
        linalg.yield %q : f32
      }
    scf.yield %mx, %t : tensor<5xf32>, tensor<5x7xf32>
  }
  return %r#0, %r#1 : tensor<5xf32>, tensor<5x7xf32>
}
"""


def test_an_argument_returned_next_to_a_computed_value_and_a_scalar():
    d = (np.arange(24, dtype=np.float32).reshape(4, 6) - 11) / 8
    _, result = _run(RETURNED_ARGUMENT, "returned.mlir", [d, np.float32(-2.75)])
    np.testing.assert_array_equal(result.outputs[0], 2 * d)  # exact: sums of eighths
    np.testing.assert_array_equal(result.outputs[1], d)
    np.testing.assert_array_equal(result.outputs[3], d)
    assert result.outputs[2].dtype == np.float32 and float(result.outputs[2]) == -2.75


def test_a_loop_max_reduces_into_a_carried_accumulator():
    rng = np.random.default_rng(7)
    x = rng.standard_normal((5, 7)).astype(np.float32)
    w = (rng.standard_normal((7, 7)) / 2).astype(np.float32)
    trips = 3
    _, result = _run(LOOP_MAX, "loop_max.mlir", [x, w, np.array(trips, dtype=np.int64)])
    h, acc = x.astype(np.float64), np.full(5, -np.inf)
    for _ in range(trips):
        h = np.sin(h @ w)
        acc = np.maximum(acc, h.max(axis=1))
    # each trip: a 7-long dot product and a sin (Lipschitz 1) per element; the max itself is exact
    _assert_close(result.outputs[1], h.astype(np.float32), 8 * trips)
    _assert_close(result.outputs[0], acc.astype(np.float32), 8 * trips)
    _assert_close(result.outputs[0], result.reference[0], 8 * trips)
    assert np.any(acc > h.max(axis=1))  # the accumulator carries an earlier trip's max somewhere
