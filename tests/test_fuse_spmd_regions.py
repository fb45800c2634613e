"""``fuse-spmd-regions`` (meshc/passes/fuse_spmd_regions.py): adjacent per-device regions over one
mesh with no communication between them become one, in both partition forms; the fused program
computes the same values with the same traffic, memory and collectives as the unfused one (every
corpus program and sample, both forms, several meshes, and a real model), and every consumer of
the fused form (unroll, the backend, the IR dumps, the IREE emitter, ``meshc estimate``) takes it."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import meshc.api as mc
from meshc.dialects.mesh import ForAllOp
from meshc.dialects.scf import ForallOp
from meshc.passes.base import PassContext
from meshc.passes.manager import PassManager
from tests.difftest.runner import pipeline_text
from tests.test_estimate import CORPUS, FIELDS, NOT_RUNNABLE, _annotated, _mesh_shapes

ROOT = Path(__file__).resolve().parent.parent
MESHC = str(Path(sys.executable).with_name("meshc"))
MLP = ROOT / "samples" / "mlp_tensor_parallel.mlir"
UPTO_PARTITION = "sharding-propagation,distribute-types,reshard,partition{form=%s}"


def _regions(module, form: str) -> int:
    kind = ForAllOp if form == "for_all" else ForallOp
    return sum(1 for op in module.walk() if isinstance(op, kind))


def _partitioned(path: Path, form: str, fuse: bool, text: str = ""):
    module = mc.parse(text or path.read_text(), str(path))
    pipeline = UPTO_PARTITION % form + (",fuse-spmd-regions" if fuse else "")
    PassManager.from_text(pipeline, PassContext()).run(module)
    return module


@pytest.mark.parametrize("form,before", [("for_all", 8), ("for_one", 6)])
def test_the_mlp_runs_one_region(form, before):
    """The tensor-parallel MLP: one region per op and resharding point before (8; the for_one form
    keeps its two tensor.empty ops as distributed allocations), one after, and the only op left
    between regions is the all_reduce after it (docs/pipeline.md, stage 5)."""
    assert _regions(_partitioned(MLP, form, False), form) == before
    fused = _partitioned(MLP, form, True)
    assert _regions(fused, form) == 1
    func = next(op for op in fused.walk() if op.name == "func.func")
    names = [op.name for op in func.regions[0].blocks[0].ops]
    assert names[-2:] == ["mesh.all_reduce", "func.return"]
    # the values between the fused bodies stay local: no slice reads a value the region produces
    region = next(op for op in fused.walk() if op.name in ("mesh.for_all", "scf.forall"))
    produced = set(region.results)
    assert not [op for op in region.walk() if op.name == "tensor.extract_slice" and op.operands[0] in produced]


SEED_CHAIN = """mesh.mesh @m(shape = 4)
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @f(%x: tensor<8x16xf32>, %w: tensor<16x16xf32>, %v: tensor<16x16xf32>) -> tensor<8x16xf32> {
  %xs = mesh.shard %x to <@m, [[]]> : tensor<8x16xf32>
  %ws = mesh.shard %w to <@m, [[], [0]]> : tensor<16x16xf32>
  %vs = mesh.shard %v to <@m, [[0]]> : tensor<16x16xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8x16xf32>) -> tensor<8x16xf32>
  %a = linalg.matmul ins(%xs, %ws : tensor<8x16xf32>, tensor<16x16xf32>) outs(%f : tensor<8x16xf32>) -> tensor<8x16xf32>
  %b = linalg.matmul ins(%a, %vs : tensor<8x16xf32>, tensor<16x16xf32>) outs(%f : tensor<8x16xf32>) -> tensor<8x16xf32>
  %g = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%b : tensor<8x16xf32>) outs(%e : tensor<8x16xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %r = arith.maximumf %in, %zero : f32
    linalg.yield %r : f32
  } -> tensor<8x16xf32>
  %c = linalg.matmul ins(%g, %ws : tensor<8x16xf32>, tensor<16x16xf32>) outs(%f : tensor<8x16xf32>) -> tensor<8x16xf32>
  %cs = mesh.shard %c to <@m, [[]]> : tensor<8x16xf32>
  return %cs : tensor<8x16xf32>
}
"""


@pytest.mark.parametrize("form", ["for_all", "for_one"])
def test_collectives_bound_the_regions(form):
    """Each collective ends a region: the second matmul contracts the first one's split columns
    with v's split rows, so its partial sums are reduced (all_reduce) before the ReLU, and the third
    matmul's column-split result is gathered for the replicated return; the program runs as many
    regions as stretches between collectives, and every collective stays between two."""
    module = _partitioned(MLP, form, True, SEED_CHAIN)
    func = next(op for op in module.walk() if op.name == "func.func")
    kinds = ["region" if op.name in ("mesh.for_all", "scf.forall") else op.name
             for op in func.regions[0].blocks[0].ops if op.name not in ("arith.constant", "tensor.empty")]
    assert kinds == ["region", "mesh.all_reduce", "region", "mesh.all_gather", "region", "func.return"]
    assert _regions(_partitioned(MLP, form, False, SEED_CHAIN), form) >= 6
    assert_same_run(mc.parse(SEED_CHAIN), pipeline_text("auto", form))


def _run(module, pipeline, shape):
    from meshc.ir.types import TensorType
    from meshc.passes.specialize_shapes import entry_function, has_dynamic_args, specialize_shapes

    func = entry_function(module, None)
    if has_dynamic_args(func):
        specialize_shapes(module, [tuple(10 if n is None else n for n in t.shape) if isinstance(t, TensorType)
                                   else None for t in func.function_type.inputs], None)
    bound = mc.bind_entry(module, None, None, 0, None)
    compiled = mc.compile(module.clone(), pipeline, shape, entry=bound.func.sym_name)
    return compiled, mc.run_compiled(compiled, bound)


def assert_same_run(module, pipeline: str, shape=None) -> None:
    """Fused and unfused (the pipeline without fuse-spmd-regions) give bit-identical results and
    identical per-device stats and collectives."""
    assert "fuse-spmd-regions" in pipeline
    fused_c, fused = _run(module.clone(), pipeline, shape)
    plain_c, plain = _run(module.clone(), pipeline.replace("fuse-spmd-regions,", ""), shape)
    assert len(fused.outputs) == len(plain.outputs)
    for a, b in zip(fused.outputs, plain.outputs):
        assert a.dtype == b.dtype and np.array_equal(a, b, equal_nan=True)
    for got, want in zip(fused.stats.devices, plain.stats.devices):
        for name in FIELDS:
            assert getattr(got, name) == getattr(want, name), (name, got.device)
    specs = lambda c: [(s.kind, s.mesh_axes) for s in c.program.schedule.collectives.values()]  # noqa: E731
    assert specs(fused_c) == specs(plain_c)


def _cases():
    for path in CORPUS:
        for shape in _mesh_shapes(path)[:2]:
            if (Path(path).name, shape and shape.split("=")[1]) in NOT_RUNNABLE:
                continue
            for form in ("for_all", "for_one"):
                yield pytest.param(path, shape, form, id=f"{Path(path).name}-{shape}-{form}")


@pytest.mark.parametrize("path,shape,form", list(_cases()))
def test_fused_equals_unfused(path, shape, form):
    module = mc.parse(Path(path).read_text(), path)
    assert_same_run(module, pipeline_text("auto", form), shape)


@pytest.mark.parametrize("strategy", ["collectives", "peer"])
def test_fused_equals_unfused_under_each_strategy(strategy):
    for name in ("mlp_tensor_parallel.mlir", "mesh2d_peered.mlir", "reshard_rows_to_cols.mlir"):
        path = ROOT / "samples" / name
        assert_same_run(mc.parse(path.read_text(), str(path)), pipeline_text(strategy, "for_all"))


def test_fused_equals_unfused_on_a_real_model():
    module = _annotated("onnx_mlp.linalg.mlir", ["tp=4"], ["@w1=[[], [0]]", "@b1=[[0]]", "@w2=[[0]]"])
    params = {"model": dict(np.load(ROOT / "tests/data/real/onnx_mlp.weights.npz"))}
    bound = mc.bind_entry(module, None, None, 0, None)
    for spmd in (False, True):
        runs = []
        for fuse in (True, False):
            compiled = mc.compile(module.clone(), mc.default_pipeline(fuse_regions=fuse), entry=bound.func.sym_name,
                                  spmd=spmd)
            runs.append(mc.run_compiled(compiled, bound, parameters=params))
        assert np.array_equal(runs[0].outputs[0], runs[1].outputs[0])
        for got, want in zip(runs[0].stats.devices, runs[1].stats.devices):
            # unrolled: every figure equal. The SPMD path, fused, runs one more linalg.fill (a zero-fill
            # of the partial sum's destination kept in the fused body: a known gap), so there the work
            # counts and the bytes allocated in all may differ by that fill and its buffer; the peak,
            # the final memory and every byte moved must not
            work = ("steps", "kernels", "kernels_by_op", "allocated_bytes", "allocations")
            for name in FIELDS:
                if spmd and name in work:
                    continue
                assert getattr(got, name) == getattr(want, name), (spmd, name)
            if spmd:
                extra = {op: n - want.kernels_by_op.get(op, 0) for op, n in got.kernels_by_op.items()
                         if n != want.kernels_by_op.get(op, 0)}
                assert extra in ({}, {"linalg.fill": 1}), extra


def test_the_fused_form_prints_and_parses_back():
    """What --print-ir-after-all shows after the pass reads back and compiles to the same schedule."""
    fused = _partitioned(MLP, "for_all", True)
    from meshc.ir.printer import print_op

    text = print_op(fused)
    again = mc.parse(text, "fused.mlir")
    assert print_op(again) == text
    rest = "unroll,propagate-encodings,materialize-encodings,canonicalize,cse"
    a = mc.compile(again, rest).program.schedule
    b = mc.compile(mc.parse(MLP.read_text(), str(MLP))).program.schedule
    assert [len(d.steps) for d in a.devices] == [len(d.steps) for d in b.devices]


def test_cli_fuses_by_default_and_turns_it_off():
    def compile_(*extra):
        out = subprocess.run([MESHC, "compile", str(MLP), *extra], capture_output=True, text=True)
        return out

    dumps = compile_("--print-ir-after=fuse-spmd-regions")
    assert dumps.returncode == 0
    after = dumps.stderr.split("IR Dump After FuseSpmdRegions (fuse-spmd-regions)")[1]
    assert after.count("mesh.for_all") == 1
    plain = compile_("--no-fuse-regions", "--print-ir-after=partition")
    assert plain.returncode == 0 and "fuse-spmd-regions" not in plain.stderr
    # the same IREE module, up to the names of SSA values
    unnamed = lambda text: re.sub(r"%[\w.$#-]+", "%v", text)  # noqa: E731
    assert unnamed(compile_("--emit", "iree").stdout) == unnamed(compile_("--emit", "iree", "--no-fuse-regions").stdout)
    wrong = compile_("--no-fuse-regions", "-p", "cse")
    assert wrong.returncode != 0 and "leave fuse-spmd-regions out" in wrong.stderr
    est = [subprocess.run([MESHC, "estimate", str(MLP), "--json", *extra], capture_output=True, text=True).stdout
           for extra in ((), ("--no-fuse-regions",))]
    _same_json(json.loads(est[0]), json.loads(est[1]))


def _same_json(a, b) -> None:
    """Equal JSON, floats (the roofline's modeled seconds, summed in another order) within 1e-12."""
    assert type(a) is type(b)
    if isinstance(a, dict):
        assert a.keys() == b.keys()
        for k in a:
            _same_json(a[k], b[k])
    elif isinstance(a, list):
        assert len(a) == len(b)
        for x, y in zip(a, b):
            _same_json(x, y)
    elif isinstance(a, float):
        assert a == pytest.approx(b, rel=1e-12, abs=1e-18)
    else:
        assert a == b


def test_default_pipeline_has_the_pass_after_partition():
    passes = mc.default_pipeline().split(",")
    assert passes[passes.index("partition") + 1] == "fuse-spmd-regions"
    assert "fuse-spmd-regions" not in mc.default_pipeline(fuse_regions=False)


# difftest (program of seed 1350 after shrinking, mesh declared as run): the regions of %r2 .. %2 fuse;
# %r9's region cannot join them (it reads the whole-row block of %r2, not this device's shard) and
# starts a run with the fill of %f12. Its init is %2, a result of the first run: the fused loop replaced
# it, so the second fusion must read the init from the op, not from a list taken before.
STALE_INIT = """
mesh.mesh @m(shape = 2x3)
func.func @main(%a0: tensor<4x6x8xf32>, %a1: tensor<4x24xf32>) -> (tensor<f32>) {
  %s1 = mesh.shard %a0 to <@m, [[0, 1]]> : tensor<4x6x8xf32>
  %r2 = tensor.collapse_shape %s1 [[0, 1], [2]] : tensor<4x6x8xf32> into tensor<24x8xf32>
  %s3 = mesh.shard %r2 to <@m, [[], [0]], partial = sum[1]> : tensor<24x8xf32>
  %s4 = mesh.shard %a1 to <@m, [[0]]> : tensor<4x24xf32>
  %c5 = arith.constant 0.0 : f32
  %e6 = tensor.empty() : tensor<4x8xf32>
  %f7 = linalg.fill ins(%c5 : f32) outs(%e6 : tensor<4x8xf32>) -> tensor<4x8xf32>
  %u8 = mesh.shard %s3 to <@m, [[1]]> annotate_for_users : tensor<24x8xf32>
  %r9 = linalg.matmul ins(%s4, %u8 : tensor<4x24xf32>, tensor<24x8xf32>) outs(%f7 : tensor<4x8xf32>) -> tensor<4x8xf32>
  %c10 = arith.constant 1e+30 : f32
  %e11 = tensor.empty() : tensor<f32>
  %f12 = linalg.fill ins(%c10 : f32) outs(%e11 : tensor<f32>) -> tensor<f32>
  %r13 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%r9 : tensor<4x8xf32>) outs(%f12 : tensor<f32>) {
  ^bb0(%in: f32, %acc: f32):
    %v = arith.minimumf %acc, %in : f32
    linalg.yield %v : f32
  } -> tensor<f32>
  %s14 = mesh.shard %r13 to <@m, [[]]> : tensor<f32>
  return %s14 : tensor<f32>
}
"""


def test_a_region_met_before_the_previous_run_fused_reads_its_inits_after():
    module = _partitioned(MLP, "for_one", True, STALE_INIT)  # verified after the pass: no erased init
    assert _regions(module, "for_one") < _regions(_partitioned(MLP, "for_one", False, STALE_INIT), "for_one")
    for strategy in ("peer", "collectives", "auto"):
        assert_same_run(mc.parse(STALE_INIT), pipeline_text(strategy, "for_one"))
