"""The SPMD path (meshc/backend/spmd.py, meshc/runtime/instantiate.py; docs/pipeline.md stage 6s):
the default ``meshc run`` compiles to stage 5 once and instantiates the template per device. Its
results equal the reference interpreter's, and every device's memory and traffic figures equal the
unrolled path's exactly, on every corpus program over 1-D, 2-D, uneven and peered meshes; the number
of per-device bodies it builds does not grow with the device count; 1024 devices run."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import meshc.api as mc
from meshc.backend.spmd import SpmdUnsupported, build_template
from meshc.ir.types import TensorType
from meshc.passes.specialize_shapes import entry_function, has_dynamic_args, specialize_shapes
from tests.test_estimate import CORPUS, FIELDS, NOT_RUNNABLE, _mesh_shapes

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
#: Corpus programs the template does not instantiate yet (they fall back to the unrolled path with a note).
FALLS_BACK: set = set()
EARLIER_ARGUMENT_FREE = {"region_for_dynamic.mlir"}

CASES = [(path, shape) for path in CORPUS for shape in _mesh_shapes(path)
         if (Path(path).name, None if shape is None else shape.split("=")[1]) not in NOT_RUNNABLE]


def _load(path: str):
    module = mc.parse(Path(path).read_text(), path)
    func = entry_function(module, None)
    if has_dynamic_args(func):  # as --arg-shape would: 10 per dynamic dim
        specialize_shapes(module, [tuple(10 if n is None else n for n in t.shape) if isinstance(t, TensorType)
                                   else None for t in func.function_type.inputs], None)
    return module


@pytest.mark.parametrize("path,shape", CASES, ids=[f"{Path(p).name}-{s}" for p, s in CASES])
def test_spmd_run_equals_the_unrolled_run(path, shape):
    module = _load(path)
    bound = mc.bind_entry(module, None, None, 0, None)
    spmd = mc.compile(module.clone(), None, shape, entry=bound.func.sym_name)
    unrolled = mc.compile(module.clone(), None, shape, entry=bound.func.sym_name, spmd=False)
    falls_back = any("SPMD schedule does not handle" in n for n in spmd.notes)
    assert falls_back == (Path(path).name in FALLS_BACK), spmd.notes
    # an input written in the partitioned form already has no unsharded semantics the interpreter runs: its
    # reference is the unrolled module's wrapper (every device's program run in turn)
    partitioned = any(op.name == "mesh.for_all" for op in module.walk())
    got = mc.run_compiled(spmd, bound, unrolled.module if partitioned else module)
    want = mc.run_compiled(unrolled, bound)
    assert got.check_ok  # against the reference interpreter, the default tolerance rule
    for a, b in zip(got.outputs, want.outputs):
        np.testing.assert_array_equal(np.asarray(a), np.asarray(b))  # the same kernels in the same order
    assert len(got.stats.devices) == len(want.stats.devices)
    # Both paths run the same passes, but the pipeline's closing canonicalize,cse meets different IR: on the
    # SPMD path the stage-5 bodies (a whole-tensor read of a distributed value is ONE extract_slice, which cse
    # merges with an equal one), on the unrolled path the per-device copies, where each such read is already
    # its own tensor.empty + insert_slice assembly that cse never merges (destinations: meshc/passes/cse.py).
    # So the SPMD run may do less (slices2.mlir: x assembled twice on device 0 instead of three times); what
    # it holds and moves is the same.
    # A scalar extracted at function level and read inside each device's region (region_for_dynamic.mlir's
    # trip count): unrolled, it is extracted once, on device 0, from device 0's argument, which then stays
    # live to the end, and copied to the others; each SPMD body extracts its own and frees the argument
    # after its last use. So there the SPMD peak and copies may be lower (by that scalar's bytes), never
    # higher.
    lower_peak = Path(path).name in EARLIER_ARGUMENT_FREE
    for d_got, d_want in zip(got.stats.devices, want.stats.devices):
        for name in FIELDS:  # bytes per device, peak memory, collective and peer traffic, kernels
            if name in _WORK or (lower_peak and name in _SCALAR_COPY):
                assert _at_most(getattr(d_got, name), getattr(d_want, name)), (name, d_got.device)
            else:
                assert getattr(d_got, name) == getattr(d_want, name), (name, d_got.device)
    # ... and exactly what the unrolled path runs once cse has seen the stage-5 bodies as well
    merged = mc.compile(module.clone(), mc.default_pipeline(unroll=True).replace(",unroll,", ",cse,unroll,"), shape,
                        entry=bound.func.sym_name, spmd=False)
    same = mc.run_compiled(merged, bound)
    for a, b in zip(got.outputs, same.outputs):
        np.testing.assert_array_equal(np.asarray(a), np.asarray(b))
    assert len(got.stats.devices) == len(same.stats.devices)
    for d_got, d_same in zip(got.stats.devices, same.stats.devices):
        for name in FIELDS:
            if lower_peak and name in _WORK | _SCALAR_COPY:
                assert _at_most(getattr(d_got, name), getattr(d_same, name)), (name, d_got.device)
            else:
                assert getattr(d_got, name) == getattr(d_same, name), (name, d_got.device)
    assert spmd.schedule.collectives.keys() == unrolled.schedule.collectives.keys()
    for name, spec in spmd.schedule.collectives.items():
        other = unrolled.schedule.collectives[name]
        assert (spec.kind, spec.mesh_axes, spec.attributes) == (other.kind, other.mesh_axes, other.attributes)


#: Figures of the work a device does (FIELDS): the SPMD run's are at most the unrolled run's (see below).
_WORK = {"steps", "kernels", "kernels_by_op", "allocated_bytes", "allocations"}
#: What the unrolled path's single extract + copies of a function-level scalar add (EARLIER_ARGUMENT_FREE)
_SCALAR_COPY = {"peak_bytes", "peak_logical_bytes", "copy_bytes", "received_from"}


def _at_most(got, want) -> bool:
    if isinstance(got, dict):
        return all(n <= want.get(k, 0) for k, n in got.items())
    return got <= want


def _classes(text: str, name: str, shape: str, fuse_regions: bool = False) -> int:
    compiled = mc.compile(mc.parse(text, name), None, shape, fuse_regions=fuse_regions)
    assert compiled.template is not None
    return len(compiled.template.classes)


def test_the_bodies_built_do_not_grow_with_the_device_count():
    rowsum = (SAMPLES / "dynamic_mesh_rowsum.mlir").read_text()
    # 10 rows over m devices: at most two shard sizes per split dim (1 and 2 rows on 8 devices, 0 and 1 on
    # more than 10), device 0 apart for the partial sum; 7 for_all bodies
    few, many = _classes(rowsum, "rowsum.mlir", "m=8"), _classes(rowsum, "rowsum.mlir", "m=300")
    assert few == many == 12
    assert _classes(rowsum, "rowsum.mlir", "m=900") == many
    # fused (the default pipeline): 3 regions, one class each, whatever the device count
    assert [_classes(rowsum, "rowsum.mlir", s, True) for s in ("m=8", "m=300", "m=900")] == [3, 3, 3]
    peerslice = (ROOT / "tests/data/traffic/peerslice.mlir").read_text()
    # the pad keeps the row split (the first device pads the low row, the last the high ones) and the
    # result moves to the even split: a few kinds of devices (borders, 0 or 1 rows on more devices than
    # rows, those whose rows move), the same number whatever the device count past the rows
    assert _classes(peerslice, "peerslice.mlir", "m=300") == _classes(peerslice, "peerslice.mlir", "m=900") == 10


def test_one_wide_shards_whose_offset_is_the_device_index_share_a_body():
    """1024 columns of w1 (and rows of w2) over 1024 devices: each device's slice starts at its own
    index, which the canonicalized body uses as the offset directly (no multiply); the offset only
    places the slice in the stored shard, so the devices still share two bodies (device 0, which
    seeds the partial sum, and the others), as on 256 devices (4-wide shards)."""
    mlp = (SAMPLES / "mlp_tensor_parallel.mlir").read_text()
    assert [_classes(mlp, "mlp.mlir", f"tp={n}", True) for n in (4, 256, 1024)] == [2, 2, 2]
    # 4096 devices: 1024 columns give 1 or 0 each (an empty shard: one more body)
    assert _classes(mlp, "mlp.mlir", "tp=4096", True) == 3


def test_the_template_is_built_once_whatever_the_device_count():
    """The compiled stage-5 module holds one mesh.for_all per op (--no-fuse-regions; one fused region with
    fuse-spmd-regions), not one body per device."""
    def for_alls(shape: str, fuse_regions: bool = False) -> int:
        compiled = mc.compile(mc.parse((SAMPLES / "mlp_tensor_parallel.mlir").read_text(), "mlp.mlir"), None, shape,
                              fuse_regions=fuse_regions)
        return len(compiled.template.bodies)

    assert for_alls("tp=2") == for_alls("tp=512") == 8
    assert for_alls("tp=2", True) == for_alls("tp=512", True) == 1


def test_1024_devices_run_and_check():
    module = mc.parse((SAMPLES / "dynamic_mesh_rowsum.mlir").read_text(), "rowsum.mlir")
    x = np.arange(80, dtype=np.float32).reshape(10, 8)
    r = mc.run(module, [x], "m=1024", check=True)
    assert r.check_ok
    np.testing.assert_array_equal(r.outputs[0], x.sum(axis=1))
    assert r.outputs[1] == np.float32(x.sum())
    devices = r.stats.devices
    assert len(devices) == 1024
    # 10 rows over 1024 devices: devices 1014-1023 hold one row each, the others none (balanced rule);
    # the total is all-reduced: 2 (g - 1) n / g bytes of an f32 scalar cut into 1024 chunks
    assert [d.peak_bytes for d in devices[1012:1016]] == [devices[0].peak_bytes] * 2 + [devices[1023].peak_bytes] * 2
    assert sum(d.collective_bytes for d in devices) == 2 * 4 * 1023


FUNCTION_LEVEL = {
    # a scalar op on arguments at the function level, read by every device's body
    "scalar.mlir": """mesh.mesh @m(shape = 3)
#id = affine_map<(d0) -> (d0)>
func.func @main(%x: tensor<7xf32>, %a: f32, %b: f32) -> tensor<7xf32> {
  %s = arith.mulf %a, %b : f32
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<7xf32>
  %e = tensor.empty() : tensor<7xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%xs : tensor<7xf32>)
      outs(%e : tensor<7xf32>) {
  ^bb0(%i: f32, %o: f32):
    %t = arith.addf %i, %s : f32
    linalg.yield %t : f32
  } -> tensor<7xf32>
  %rs = mesh.shard %r to <@m, [[0]]> : tensor<7xf32>
  return %rs : tensor<7xf32>
}""",
    # tensor.extract of an all-reduced total at the function level (partition leaves it there)
    "extract.mlir": """mesh.mesh @m(shape = 3)
#id = affine_map<(d0) -> (d0)>
#none = affine_map<(d0) -> ()>
func.func @main(%x: tensor<7xf32>) -> f32 {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<7xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %t = linalg.generic {indexing_maps = [#id, #none], iterator_types = ["reduction"]} ins(%xs : tensor<7xf32>)
      outs(%z : tensor<f32>) {
  ^bb0(%i: f32, %o: f32):
    %s = arith.addf %i, %o : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  %ts = mesh.shard %t to <@m, []> : tensor<f32>
  %v = tensor.extract %ts[] : tensor<f32>
  return %v : f32
}""",
}


@pytest.mark.parametrize("name", sorted(FUNCTION_LEVEL))
def test_function_level_ops_run_on_the_spmd_path(tmp_path, name):
    path = tmp_path / name
    path.write_text(FUNCTION_LEVEL[name])
    compiled = mc.compile(mc.parse(str(path)))
    assert compiled.template is not None and not compiled.notes
    test_spmd_run_equals_the_unrolled_run(str(path), None)


def test_build_template_refuses_the_for_one_form_with_a_located_error():
    from meshc.passes.manager import PassManager

    module = mc.parse((SAMPLES / "seed_matmul_rows.mlir").read_text(), "seed.mlir")
    PassManager.from_text("sharding-propagation,distribute-types,reshard,partition{form=for_one}").run(module)
    with pytest.raises(SpmdUnsupported, match="'scf.forall' at the function level") as err:
        build_template(module)
    assert "seed.mlir:" in str(err.value)
