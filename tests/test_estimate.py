"""``meshc estimate`` (meshc/runtime/estimate.py, docs/estimate.md): its memory and traffic figures
equal a run's (``meshc run --stats``) on every device of every program small enough to run --
corpus programs and samples over several meshes, strategies and layouts, the real models with the
shardings of samples/real/README.md, random programs of the differential tester -- and a large
Megatron chain that only the estimate can do is checked against figures computed by hand."""

from __future__ import annotations

import glob
import json
import subprocess
import sys
from pathlib import Path

import pytest

import meshc.api as mc
from meshc.runtime.estimate import Machine, estimate, kernel_flops
from meshc.backend.schedule import BufferLayout
from meshc.dialects.mesh import MeshOp
from meshc.ir.location import DiagnosticError
from tests.difftest import generate_from_seed
from tests.difftest.runner import pipeline_text, plans

ROOT = Path(__file__).resolve().parent.parent
MESHC = str(Path(sys.executable).with_name("meshc"))

#: Every field of DeviceStats that a run and an estimate both count (all but busy/wait seconds).
FIELDS = ("steps", "kernels", "kernels_by_op", "peak_bytes", "peak_logical_bytes", "final_bytes", "allocated_bytes",
          "allocations", "peer_read_bytes", "copy_bytes", "collective_bytes", "collective_peer_bytes",
          "relayout_ops", "relayout_bytes", "received_from")


def compare_with_run(module, pipeline=None, mesh_shape=None, layout=None, target="none", parameters=None,
                     entry=None):
    """Compile ``module`` (a clone) as ``meshc run`` does, run it with random inputs and estimate it;
    assert that every device's figures agree (an entry with dynamic dims is first specialised to 10
    per dynamic dim, as ``--arg-shape`` would). Returns the estimate."""
    from meshc.ir.types import TensorType
    from meshc.passes.specialize_shapes import entry_function, has_dynamic_args, specialize_shapes

    func = entry_function(module, entry)
    if has_dynamic_args(func):
        specialize_shapes(module, [tuple(10 if n is None else n for n in t.shape) if isinstance(t, TensorType)
                                   else None for t in func.function_type.inputs], entry)
    bound = mc.bind_entry(module, None, entry, 0, None)
    compiled = mc.compile(module.clone(), pipeline, mesh_shape, entry=bound.func.sym_name, target=target)
    run = mc.run_compiled(compiled, bound, layout=layout, parameters=parameters)
    est = estimate(compiled.program.schedule, layout=layout)
    assert len(est.devices) == len(run.stats.devices) == compiled.program.schedule.mesh.num_devices
    for got, want in zip(est.devices, run.stats.devices):
        for name in FIELDS:
            assert getattr(got.stats, name) == getattr(want, name), (name, got.device)
    # sent bytes are the transposed received_from matrix, per kind
    for kind in ("peer_read", "copy", "collective"):
        matrix = run.stats.transfer_matrix([kind])
        for src, d in enumerate(est.devices):
            assert d.sent.get(kind, 0) == sum(row[src] for row in matrix)
    return est


# -- the corpus: every program over its meshes and the three reshard strategies ---------------------

CORPUS = sorted(glob.glob(str(ROOT / "samples/*.mlir")) + glob.glob(str(ROOT / "tests/data/*.mlir"))
                + glob.glob(str(ROOT / "tests/data/halo/*.mlir")) + glob.glob(str(ROOT / "tests/data/traffic/*.mlir"))
                + glob.glob(str(ROOT / "tests/data/encoding/*.mlir")))
#: Not runnable as they are: a program already unrolled by hand, and meshes the program cannot use
#: (the stencil's halo is wider than a shard of 8 devices: a compile error by design).
NOT_RUNNABLE = {("unrolled.mlir", None), ("unrolled.mlir", "3"), ("unrolled.mlir", "8"), ("stencil.mlir", "8")}


def _mesh_shapes(path: str) -> list:
    module = mc.parse(Path(path).read_text(), path)
    meshes = [op for op in module.walk() if isinstance(op, MeshOp)]
    dynamic = any(s is None for m in meshes for s in m.shape)
    if len(meshes) != 1:
        return [None]
    m = meshes[0]
    extra = ["3", "8"] if len(m.shape) == 1 else ["2x3", "2x2"] if len(m.shape) == 2 else []
    return ([] if dynamic else [None]) + [f"{m.sym_name}={s}" for s in extra]


def _corpus_cases():
    for path in CORPUS:
        for shape in _mesh_shapes(path):
            if (Path(path).name, shape and shape.split("=")[1]) in NOT_RUNNABLE:
                continue
            for strategy in (("auto", "collectives", "peer") if shape is None or shape.endswith("=3") else ("auto",)):
                yield pytest.param(path, shape, strategy, id=f"{Path(path).name}-{shape}-{strategy}")


CORPUS_CASES = list(_corpus_cases())


def test_the_corpus_is_covered():
    files = {c.values[0] for c in CORPUS_CASES}
    assert len(files) >= 35 and len(CORPUS_CASES) >= 150


@pytest.mark.parametrize("path,shape,strategy", CORPUS_CASES)
def test_corpus_equals_run_stats(path, shape, strategy):
    module = mc.parse(Path(path).read_text(), path)
    compare_with_run(module, pipeline_text(strategy, "for_all"), shape)


LAYOUTS = [BufferLayout("tile", (32, 32)), BufferLayout("tile", (16, 16), "bfloat16"),
           BufferLayout("row_major", (32, 32), "bfloat16")]


@pytest.mark.parametrize("layout", LAYOUTS, ids=["tile32", "tile16-bf16", "row-major-bf16"])
@pytest.mark.parametrize("name", ["mlp_tensor_parallel.mlir", "mesh2d_peered.mlir", "reshard_rows_to_cols.mlir"])
def test_layouts_equal_run_stats(name, layout):
    path = ROOT / "samples" / name
    est = compare_with_run(mc.parse(path.read_text(), str(path)), layout=layout)
    if layout.kind == "tile":
        assert any(d.stats.peak_bytes > d.stats.peak_logical_bytes for d in est.devices)  # padding is counted


@pytest.mark.parametrize("name", ["sharded_matmul.mlir", "sharded_k_split.mlir", "sharded_rows_uneven.mlir"])
def test_data_tiling_relayouts_equal_run_stats(name):
    path = ROOT / "tests/data/encoding" / name
    est = compare_with_run(mc.parse(path.read_text(), str(path)), target="x86-avx2")
    assert est.total("relayout_ops") > 0


# -- the real models, sharded as samples/real/README.md documents ---------------------------------

REAL = ROOT / "samples" / "real"


def _annotated(name, meshes=(), shards=(), shardings_from=None, auto_shard=None):
    from meshc.commands._annotate_options import AnnotationOptions, _mesh, _shard, shard_module

    module = mc.parse((REAL / name).read_text(), str(REAL / name))
    options = AnnotationOptions(tuple(_mesh(m) for m in meshes), tuple(_shard(s) for s in shards),
                                str(REAL / shardings_from) if shardings_from else None)
    shard_module(module, None, options, auto_shard, False)
    return module


REAL_CASES = [
    ("mlp.func.linalg.mlir", dict(meshes=["tp=4"], shards=["arg1=[[], [0]]", "arg2=[[0]]", "arg3=[[0]]"])),
    ("mlp.func.linalg.mlir", dict(auto_shard="tp=4")),
    ("mlp.func.linalg.mlir", dict(auto_shard="dp=2")),
    ("mlp.func.linalg.mlir", dict(shardings_from="mlp_sharded.stablehlo.mlir")),
    ("mlp.func.linalg.mlir", dict(shardings_from="mlp_sharded_gspmd.stablehlo.mlir")),
    ("mlp.linalg.mlir", dict(auto_shard="tp=4")),
    ("mlp_generic.linalg.mlir", dict(auto_shard="tp=4")),
    ("onnx_mlp.linalg.mlir", dict(meshes=["tp=4"], shards=["@w1=[[], [0]]", "@w2=[[0]]"])),
    ("onnx_mlp.linalg.mlir", dict(auto_shard="tp=4")),
    ("layernorm.linalg.mlir", dict(auto_shard="dp=2")),
    ("layernorm.linalg.mlir", dict(auto_shard="dp=3")),
    ("attention_heads_first.linalg.mlir", dict(auto_shard="tp=4")),
    ("attention_heads_first.linalg.mlir", dict(shardings_from="attention_heads_first_sharded.stablehlo.mlir")),
    ("attention_heads_first_generic.linalg.mlir", dict(auto_shard="tp=4")),
    ("attention.linalg.mlir", dict(auto_shard="dp=2")),
    ("attention.linalg.mlir", dict(auto_shard="tp=2")),
]


@pytest.mark.parametrize("name,how", REAL_CASES, ids=[f"{n}-{'-'.join(map(str, h.values()))}"[:60]
                                                      for n, h in REAL_CASES])
def test_real_models_equal_run_stats(name, how):
    parameters = None
    if name.startswith("onnx_mlp"):
        from meshc.commands._annotate_options import ParameterOptions

        parameters = ParameterOptions((f"model={REAL / 'onnx_mlp.weights.npz'}",)).load()
    est = compare_with_run(_annotated(name, **how), parameters=parameters)
    assert len(est.devices) > 1


def test_real_mlp_figures_of_the_readme():
    """samples/real/README.md: tp=4 MLP, per-device peak 657412 B, 98304 B received in one all_reduce."""
    est = compare_with_run(_annotated("mlp.func.linalg.mlir", auto_shard="tp=4"))
    assert [d.stats.peak_bytes for d in est.devices] == [657412] * 4
    assert [d.stats.collective_bytes for d in est.devices] == [98304] * 4
    assert [c.kind for c in est.collectives] == ["all_reduce"]


# -- random programs of the differential tester -----------------------------------------------------

def test_random_programs_equal_run_stats():
    compared = 0
    for seed in range(40):
        case = generate_from_seed(seed)
        module = mc.parse(case.text, "difftest.mlir")
        bound = mc.bind_entry(module, random_seed=case.seed)
        for _, pipeline, shape in plans(case, (("auto", "for_all"), ("collectives", "for_one"), ("peer", "for_all"))):
            try:
                compiled = mc.compile(module.clone(), pipeline, shape, entry="main")
            except DiagnosticError:
                continue  # rejected by the compiler (the difftest counts those); nothing to compare
            run = mc.run_compiled(compiled, bound, timeout=10.0)
            est = estimate(compiled.program.schedule)
            for got, want in zip(est.devices, run.stats.devices):
                for name in FIELDS:
                    assert getattr(got.stats, name) == getattr(want, name), (seed, pipeline, name, got.device)
            compared += 1
    assert compared >= 60


# -- a large case only the estimate can do ---------------------------------------------------------

M, H = 65536, 16384  # activations M x H, weights H x H (f32)

CHAIN = f"""mesh.mesh @tp(shape = 8)

func.func @chain(%x: tensor<{M}x{H}xf32>, %w1: tensor<{H}x{H}xf32>, %w2: tensor<{H}x{H}xf32>) -> tensor<{M}x{H}xf32> {{
  %xs = mesh.shard %x to <@tp, [[]]> : tensor<{M}x{H}xf32>
  %w1s = mesh.shard %w1 to <@tp, [[], [0]]> : tensor<{H}x{H}xf32>
  %w2s = mesh.shard %w2 to <@tp, [[0]]> : tensor<{H}x{H}xf32>
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<{M}x{H}xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<{M}x{H}xf32>) -> tensor<{M}x{H}xf32>
  %h = linalg.matmul ins(%xs, %w1s : tensor<{M}x{H}xf32>, tensor<{H}x{H}xf32>) outs(%f1 : tensor<{M}x{H}xf32>) -> tensor<{M}x{H}xf32>
  %e2 = tensor.empty() : tensor<{M}x{H}xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<{M}x{H}xf32>) -> tensor<{M}x{H}xf32>
  %y = linalg.matmul ins(%h, %w2s : tensor<{M}x{H}xf32>, tensor<{H}x{H}xf32>) outs(%f2 : tensor<{M}x{H}xf32>) -> tensor<{M}x{H}xf32>
  %ys = mesh.shard %y to <@tp, [[]]> : tensor<{M}x{H}xf32>
  return %ys : tensor<{M}x{H}xf32>
}}
"""


def chain_figures(n: int, machine: Machine) -> dict:
    """The Megatron chain on ``n`` devices, by hand. Device memory: x (replicated, M*H*4 B), its
    column block of w1 and row block of w2 (H*H*4/n B each), the scalar 0 (4 B), and the first
    matmul's output h (M*H*4/n B) all live at the first matmul: the peak (x and w1 are freed after
    it; the partial y of M*H*4 B plus h, w2 and the scalar, then y plus the all_reduce's staging
    chunk of M*H*4/n B, are both smaller). Traffic: one all_reduce of y (M*H*4 B): each device
    receives 2 (n - 1) / n of it. Flops: two matmuls of 2*M*(H/n)*H each per device."""
    x, w, h = M * H * 4, H * H * 4 // n, M * H * 4 // n
    received = 2 * (n - 1) * x // n
    flops = 2 * (2 * M * (H // n) * H)
    return {"peak": x + 2 * w + 4 + h, "received": received, "flops": flops,
            "seconds": flops / machine.peak_flops + machine.latency + received / machine.bandwidth}


def test_megatron_chain_on_8_devices_by_hand():
    n = 8
    machine = Machine(1e15, 50e9, 2e-6)
    compiled = mc.compile(mc.parse(CHAIN, "chain.mlir"), None, f"tp={n}", entry="chain")
    est = estimate(compiled.program.schedule, device_memory=4 << 30, machine=machine)
    want = chain_figures(n, machine)
    assert len(est.devices) == n
    for d in est.devices:
        assert d.stats.peak_bytes == d.stats.peak_logical_bytes == want["peak"] == 5100273668
        assert d.stats.collective_bytes == want["received"] == 7516192768
        assert d.sent["collective"] == want["received"]  # a symmetric all_reduce sends what it receives
        assert d.stats.peer_read_bytes == d.stats.copy_bytes == 0
        assert d.flops == want["flops"] == 2 ** 46 // n
        assert d.collectives == {"c0": (want["received"], want["received"])}
        assert d.finish_seconds == pytest.approx(want["seconds"], rel=1e-12)
    assert est.step_seconds == pytest.approx(want["seconds"], rel=1e-12)
    assert [c.kind for c in est.collectives] == ["all_reduce"] and est.collectives[0].group_size == n
    assert [d.device for d in est.over_memory()] == list(range(n))  # 4.75 GiB > 4 GiB


def test_megatron_chain_cli_json_and_oom(tmp_path):
    path = tmp_path / "chain.mlir"
    path.write_text(CHAIN)
    proc = subprocess.run([MESHC, "estimate", str(path), "--json", "--device-memory", "4GiB"], capture_output=True,
                          text=True)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["version"] == 1 and data["mesh"] == {"name": "tp", "shape": [8]}
    assert data["summary"]["over_memory"] == list(range(8))
    assert data["summary"]["max_peak_bytes"] == 5100273668
    assert data["devices"][3]["received"]["collective"] == 7516192768
    assert "warning: device 0 needs 5100273668 B (4.75 GiB) at its peak, more than the device memory of " \
           "4294967296 B (4.00 GiB)" in proc.stderr
    proc = subprocess.run([MESHC, "estimate", str(path), "--device-memory", "4GiB", "--fail-on-oom"],
                          capture_output=True, text=True)
    assert proc.returncode == 1 and "error: device 0 needs 5100273668 B" in proc.stderr
    assert "step time" in proc.stdout  # the estimate is still printed


# -- flops rule -------------------------------------------------------------------------------------

def test_kernel_flops_rule():
    module = mc.parse("""
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @f(%a: tensor<4x6xf32>, %b: tensor<6x5xf32>, %c: tensor<4x5xf32>, %v: tensor<4xf32>) -> tensor<4xf32> {
  %m = linalg.matmul ins(%a, %b : tensor<4x6xf32>, tensor<6x5xf32>) outs(%c : tensor<4x5xf32>) -> tensor<4x5xf32>
  %e = arith.addf %m, %c : tensor<4x5xf32>
  %x = linalg.exp ins(%e : tensor<4x5xf32>) outs(%c : tensor<4x5xf32>) -> tensor<4x5xf32>
  %r = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x5xf32>) outs(%v : tensor<4xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %sq = arith.mulf %in, %in : f32
    %s = arith.addf %sq, %acc : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}""", "f.mlir")
    ops = {op.name: op for op in module.walk()}
    assert kernel_flops(ops["linalg.matmul"], [(4, 6), (6, 5), (4, 5)], [(4, 5)]) == 2 * 4 * 5 * 6
    assert kernel_flops(ops["linalg.matmul"], [(10 ** 5, 6), (6, 10 ** 5), (10 ** 5, 10 ** 5)], [None]) \
        == 2 * 10 ** 10 * 6  # the buffers' (local) shapes decide, not the op's types
    assert kernel_flops(ops["arith.addf"], [(4, 5), (4, 5)], [(4, 5)]) == 20
    assert kernel_flops(ops["linalg.exp"], [(4, 5), (4, 5)], [(4, 5)]) == 20
    assert kernel_flops(ops["linalg.generic"], [(4, 5), (4,)], [(4,)]) == 4 * 5 * 2
    assert kernel_flops(ops["func.return"], [(4,)], []) == 0


def test_time_model_waits_for_the_slowest_member():
    """mlp_tensor_parallel: device 0 owns the replicated x (peered axis): the others peer-read it, so
    device 0 arrives first at the all_reduce and idles; every device ends at the same time."""
    path = ROOT / "samples/mlp_tensor_parallel.mlir"
    machine = Machine(1e12, 1e9, 1e-5)
    compiled = mc.compile(mc.parse(path.read_text(), str(path)), None, None, entry="mlp")
    est = estimate(compiled.program.schedule, machine=machine)
    d0, d1 = est.devices[0], est.devices[1]
    assert d0.stats.peer_read_bytes == 0 and d1.stats.peer_read_bytes == 65536
    assert d0.idle_seconds == pytest.approx(d1.idle_seconds + 1e-5 + 65536 / 1e9)
    assert {d.finish_seconds for d in est.devices} == {est.step_seconds}
    assert est.step_seconds == pytest.approx(d1.compute_seconds + d1.transfer_seconds)
    assert d1.transfer_seconds == pytest.approx(2 * 1e-5 + (65536 + 98304) / 1e9)


def test_schedules_that_wait_for_each_other_are_an_error():
    from meshc.runtime.estimate import EstimateError
    from meshc.backend.schedule import Allocate, DeviceSchedule, Schedule
    from meshc.sharding.spec import Mesh

    devices = [DeviceSchedule(0, [Allocate("a", (2,), "f32", wait=("e1",)), Allocate("b", (2,), "f32", signal="e0")]),
               DeviceSchedule(1, [Allocate("a", (2,), "f32", wait=("e0",)), Allocate("b", (2,), "f32", signal="e1")])]
    with pytest.raises(EstimateError, match=r"wait for each other \(devices \[0, 1\]\): device 0 at step 0 "
                                            r"\(allocate a: 2xf32\) waits for event\(s\) \['e1'\]"):
        estimate(Schedule(Mesh("m", (2,)), devices))


# -- the command line -------------------------------------------------------------------------------

def _meshc(*args, cwd=ROOT):
    return subprocess.run([MESHC, *args], capture_output=True, text=True, cwd=cwd)


def test_cli_table_and_summary():
    proc = _meshc("estimate", "samples/mlp_tensor_parallel.mlir")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert out.startswith("estimate of @mlp_sharded on mesh @tp (shape 4, 4 devices): nothing allocated, nothing run")
    assert "721924" in out and "656388" in out and "98304" in out
    assert "step time" in out and "peak 721924 B (705.00 KiB) on device 0; 67239936 flops" in out


def test_cli_options_shared_with_run():
    proc = _meshc("estimate", "samples/dynamic_mesh_rowsum.mlir", "--mesh-shape", "m=3", "--layout", "tile",
                  "--tile", "16x16", "--dtype-override", "bfloat16", "--json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["mesh"]["shape"] == [3] and len(data["devices"]) == 3
    proc = _meshc("estimate", "samples/real/mlp.func.linalg.mlir", "--auto-shard", "tp=4", "--json")
    assert json.loads(proc.stdout)["devices"][0]["peak_bytes"] == 657412


@pytest.mark.parametrize("args,message", [
    (["no_such_file.mlir"], "no_such_file.mlir"),
    (["samples/mlp_tensor_parallel.mlir", "--peak-flops", "0"], "--peak-flops"),
    (["samples/mlp_tensor_parallel.mlir", "--device-memory", "lots"], "--device-memory"),
    (["samples/mlp_tensor_parallel.mlir", "--tile", "3x"], "--tile"),
    (["samples/mlp_tensor_parallel.mlir", "--mesh-shape", "nope=4"], "nope"),
    (["samples/dynamic_mesh_rowsum.mlir"], "--mesh-shape m=N"),
])
def test_cli_bad_input_is_a_located_error(args, message):
    proc = _meshc("estimate", *args)
    assert proc.returncode == 1
    assert message in proc.stderr and "Traceback" not in proc.stderr


def test_cli_lists_estimate():
    proc = _meshc("--help")
    assert "estimate  Per-device memory, traffic, flops and modeled step time" in proc.stdout


def test_big_tensors_cost_no_memory():
    """10^9-element buffers: the walk is arithmetic only (the estimate takes well under its 4 GB)."""
    import resource

    text = """mesh.mesh @m(shape = 4)
func.func @f(%x: tensor<1000000x1000xf32>) -> tensor<1000000x1000xf32> {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<1000000x1000xf32>
  %y = math.exp %xs : tensor<1000000x1000xf32>
  %ys = mesh.shard %y to <@m, [[]]> : tensor<1000000x1000xf32>
  return %ys : tensor<1000000x1000xf32>
}"""
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    compiled = mc.compile(mc.parse(text, "big.mlir"), None, None, entry="f")
    est = estimate(compiled.program.schedule)
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before < 200_000  # KiB: no 1 GB buffer
    # the replicated result makes propagation gather x first: every device receives the 3 other
    # shards (3 * 10^9 B), computes exp over all 10^9 elements, and holds x gathered and y (8 * 10^9 B)
    assert [d.flops for d in est.devices] == [10 ** 9] * 4
    assert [d.stats.collective_bytes for d in est.devices] == [3 * 10 ** 9] * 4
    assert [d.stats.peak_bytes for d in est.devices] == [8 * 10 ** 9] * 4


def _run_stats_rows(stdout: str) -> dict:
    """``{device: [kernels, peak physical, peak logical, padding, peer read, copy, collective]}`` from the
    table ``meshc run --stats`` prints."""
    rows = {}
    for line in stdout.splitlines():
        cells = [c.strip() for c in line.split("│")[1:-1]]
        if cells and cells[0].isdigit():
            rows[int(cells[0])] = [int(c) for c in cells[1:8]]
    return rows


@pytest.mark.parametrize("args", [
    ["samples/mlp_tensor_parallel.mlir"],
    ["samples/mesh2d_peered.mlir", "--layout", "tile", "--tile", "16x16"],
    ["samples/reshard_rows_to_cols.mlir", "--mesh-shape", "m=3", "--dtype-override", "bfloat16"],
    ["samples/real/attention_heads_first.linalg.mlir", "--auto-shard", "tp=4"],
    ["samples/real/mlp.func.linalg.mlir", "--shardings-from", "samples/real/mlp_sharded.stablehlo.mlir"],
    ["samples/mlp_tensor_parallel.mlir", "--mesh-shape", "tp=2", "--device-memory", "64MiB"],
    ["samples/dynamic_rows.mlir", "--mesh-shape", "m=3x2", "--arg-shape", "x=13x8", "--layout", "tile",
     "--tile", "4x16"],
])
def test_cli_estimate_equals_run_stats_table(args):
    run = _meshc("run", *args, "--random-inputs", "--stats")
    assert run.returncode == 0, run.stderr
    want = _run_stats_rows(run.stdout)
    est = _meshc("estimate", *args, "--json")
    assert est.returncode == 0, est.stderr
    devices = json.loads(est.stdout)["devices"]
    assert len(want) == len(devices) > 1
    for d in devices:
        r = d["received"]
        got = [d["kernels"], d["peak_bytes"], d["peak_logical_bytes"], d["peak_bytes"] - d["peak_logical_bytes"],
               r["peer_read"], r["copy"], r["collective"]]
        assert got == want[d["device"]]


# -- large meshes: pair traffic per group, matrices shared by groups of equal shapes ----------------

UNEVEN_2D = """mesh.mesh @m(shape = 3x4)
func.func @f(%a: tensor<10x18xf32>, %b: tensor<18x6xf32>) -> tensor<10x6xf32> {
  %as = mesh.shard %a to <@m, [[0], [1]]> : tensor<10x18xf32>
  %bs = mesh.shard %b to <@m, [[1]]> : tensor<18x6xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<10x6xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<10x6xf32>) -> tensor<10x6xf32>
  %y = linalg.matmul ins(%as, %bs : tensor<10x18xf32>, tensor<18x6xf32>) outs(%f : tensor<10x6xf32>) -> tensor<10x6xf32>
  %ys = mesh.shard %y to <@m, [[]]> : tensor<10x6xf32>
  return %ys : tensor<10x6xf32>
}"""


@pytest.mark.parametrize("mesh_shape", [None, "m=2x3", "m=4x2", "m=1x5"])
def test_shared_group_matrices_equal_run_on_uneven_2d_meshes(mesh_shape):
    """Rows 10 over 3 (4, 3, 3) or 4 (3, 3, 2, 2) devices and contraction 18 over 4 (5, 5, 4, 4) or 3 or
    5: the all_reduce groups along axis 1 have members of unequal shapes, and groups of equal shapes
    share one matrix. Every device's figures, per-source rows included, equal a run's."""
    from meshc.runtime import estimate as estimate_module

    module = mc.parse(UNEVEN_2D, "uneven_2d.mlir")
    est = compare_with_run(module, mesh_shape=mesh_shape)
    rows = [d.stats.received_from.get("collective") for d in est.devices]
    assert any(isinstance(r, estimate_module.PairRow) for r in rows)
    for d, row in zip(est.devices, rows):  # a PairRow reads as the dict a run records (no zero entries)
        if row is not None:
            assert dict(row) == {s: n for s, n in row.items() if n} and d.device not in row
            assert sum(row.values()) == d.stats.collective_bytes


def test_group_matrices_are_shared_by_groups_of_equal_shapes():
    """On an 8x8 mesh with balanced shards, the 8 all_reduce groups of each collective share one matrix."""
    text = CHAIN.replace("shape = 8)", "shape = 8x8)").replace("[[], [0]]", "[[], [1]]").replace(
        "<@tp, [[0]]>", "<@tp, [[1]]>")
    compiled = mc.compile(mc.parse(text, "chain2d.mlir"), None, None, entry="chain")
    from meshc.runtime.estimate import _Walk

    walk = _Walk(compiled.program.schedule, BufferLayout(), Machine())
    walk.run()
    est = walk.result(None)
    groups = {(c.instance, c.group_size) for c in est.collectives}
    assert groups == {("c0", 8)}
    assert len(walk.matrices) == 1  # 8 groups, one matrix
    x = M * H * 4
    for d in est.devices:  # the all_reduce of y over the 8 devices of a row of the mesh
        assert d.stats.collective_bytes == 2 * 7 * x // 8 and d.flops == 2 ** 46 // 8
        assert len(d.stats.received_from["collective"]) == 7


def test_megatron_chain_on_4096_devices_by_hand():
    """The 2-layer chain at real size on 4096 devices: shards of w1 and w2 of H*H*4/4096 = 2^18 B, of
    h of M*H*4/4096 = 2^20 B, the all_reduce of the 2^32-byte y in 4096 chunks of 2^18 elements: each
    device receives 2 chunks (2^21 B) from each of the 4095 others."""
    n = 4096
    machine = Machine(1e15, 50e9, 2e-6)
    compiled = mc.compile(mc.parse(CHAIN, "chain.mlir"), None, f"tp={n}", entry="chain")
    est = estimate(compiled.program.schedule, device_memory=4 << 30, machine=machine)
    want = chain_figures(n, machine)
    assert want["peak"] == 2 ** 32 + 2 * 2 ** 18 + 4 + 2 ** 20 == 4296540164
    assert want["received"] == 4095 * 2 ** 21 == 8587837440
    assert len(est.devices) == n
    for d in est.devices:
        assert d.stats.peak_bytes == d.stats.peak_logical_bytes == want["peak"]
        assert d.stats.collective_bytes == d.sent["collective"] == want["received"]
        assert d.stats.peer_read_bytes == d.stats.copy_bytes == 0
        assert d.flops == want["flops"] == 2 ** 46 // n
        assert d.collectives == {"c0": (want["received"], want["received"])}
        assert d.finish_seconds == pytest.approx(want["seconds"], rel=1e-12)
    row = est.devices[77].stats.received_from["collective"]
    assert len(row) == 4095 and 77 not in row and set(row.values()) == {2 ** 21}
    c = est.collectives[0]
    assert (c.kind, c.group_size, sum(c.received.values())) == ("all_reduce", n, n * want["received"])
    assert [d.device for d in est.over_memory()] == list(range(n))  # 2^32 + 1.5 MiB > 4 GiB
    data = est.to_json()  # per-pair collective bytes left out above PAIR_LIMIT devices
    assert data["collective_pairs"] is False and data["devices"][5]["received_from"] == {}
    assert data["devices"][5]["received"]["collective"] == want["received"]


def test_a_group_whose_pair_matrix_exceeds_host_memory_is_a_located_error(monkeypatch):
    # 2048 devices in one all_reduce: a 2048 x 2048 int64 per-pair matrix and its planning copies,
    # 96 MiB; with 128 MiB said to be available (half of it may be used) the estimate refuses at the
    # collective before allocating it
    from meshc.runtime import io
    from meshc.runtime.collectives import CollectiveError

    compiled = mc.compile(mc.parse(CHAIN, "chain.mlir"), None, "tp=2048", entry="chain")
    monkeypatch.setattr(io, "available_host_memory", lambda: 128 << 20)
    with pytest.raises(CollectiveError, match=r"group of 2048 devices: its per-pair traffic \(2048 x 2048 entries, "
                                              r"about 0\.1 GiB .* more than half of the 0\.1 GiB") as err:
        estimate(compiled.program.schedule)
    assert err.value.location.line > 0


def test_a_group_whose_pair_matrix_exceeds_host_memory_is_refused_before_the_instantiation(monkeypatch):
    # the same refusal, asked of every collective before any device's steps are built (a 65536-device
    # group is refused at once): the message names the instance as the schedule does
    from meshc.runtime import instantiate as inst
    from meshc.runtime import io
    from meshc.runtime.collectives import CollectiveError

    monkeypatch.setattr(io, "available_host_memory", lambda: 128 << 20)
    built = []
    monkeypatch.setattr(inst._SpmdEmitter, "bind_args", lambda self: built.append(self))
    with pytest.raises(CollectiveError, match=r"collective all_reduce 'c0' over mesh axes \[0\] reduction = sum on "
                                              r"a group of 2048 devices: its per-pair traffic") as err:
        mc.compile(mc.parse(CHAIN, "chain.mlir"), None, "tp=2048", entry="chain")
    assert err.value.location.line > 0 and built == []
