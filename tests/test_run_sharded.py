"""``meshc.api.run``: compile, run on the threaded runtime's simulated devices, gather.

Every corpus program equals its expected.npz (and the reference interpreter,
--check) on its declared mesh and, for the 1-D ones, with the mesh shape
overridden to 1, 2, 3, 4 and 8 devices (uneven and empty shards included);
the dynamic mesh on 1..8 devices; the 2-D mesh on 2x4 and 4x2. Then memory
figures worked out by hand from the allocation policy, input sharding from
memory-mapped files, tiled accounting, and the faults: a kernel failing on
device 2, a collective device 3 never reaches, a device out of memory."""

from __future__ import annotations

import threading
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

import meshc.api as mc
from meshc.backend.emit import GatherPart
from meshc.backend.schedule import BufferLayout
from meshc.ir.location import DiagnosticError
from meshc.ir.types import TensorType
from meshc.runtime.devices import OutOfDeviceMemory
from meshc.runtime.executor import RuntimeFailure, TestHooks
from meshc.runtime.io import compare
from meshc.runtime.tolerance import longest_reduction
from tests.tolerance import assert_close, matmul_magnitude

DATA = Path(__file__).parent / "data"

ONE_D = [("mlp_tensor_parallel", "tp"), ("reshard_rows_to_cols", "m"), ("seed_matmul_rows", "mesh"),
         ("upstream_llvm19", "mesh0"), ("upstream_llvm20", "mesh0"), ("upstream_llvm22_shard", "grid0")]
CASES = ([(name, None) for name, _ in ONE_D]
         + [(name, f"{mesh}={n}") for name, mesh in ONE_D for n in (1, 2, 3, 4, 8)]
         + [("dynamic_mesh_rowsum", f"m={n}") for n in range(1, 9)]
         + [("mesh2d_peered", None), ("mesh2d_peered", "m=2x4"), ("mesh2d_peered", "m=4x2"),
            ("encoding_exp_matmul", None)])

# Replicated RHS on a peered mesh of 8: rows of %a split, %b needed whole by every device.
REPLICATED_RHS = """
mesh.mesh @m(shape = 8{peered})
func.func @main(%a: tensor<16x32xf32>, %b: tensor<32x8xf32>) -> tensor<16x8xf32> {{
  %as = mesh.shard %a to <@m, [[0]]> : tensor<16x32xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x8xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<16x8xf32>) -> tensor<16x8xf32>
  %r = linalg.matmul ins(%as, %b : tensor<16x32xf32>, tensor<32x8xf32>) outs(%f : tensor<16x8xf32>) -> tensor<16x8xf32>
  return %r : tensor<16x8xf32>
}}
"""


def load(name: str):
    return mc.parse(str(DATA / f"{name}.mlir")), dict(np.load(DATA / f"{name}.inputs.npz"))


def device_threads() -> list:
    return [t for t in threading.enumerate() if t.name.startswith("meshc-device-") and t.is_alive()]


@pytest.mark.parametrize("name,shape", CASES, ids=[f"{n}-{s or 'declared'}" for n, s in CASES])
def test_corpus_program_equals_expected_and_reference(name, shape):
    module, inputs = load(name)
    r = mc.run(module, inputs, shape, check=True)
    assert r.check_ok, [(c.name, c.max_abs, c.max_rel) for c in r.comparisons]
    rows = compare(r.outputs, np.load(DATA / f"{name}.expected.npz"), reduction=longest_reduction(module))
    assert all(c.ok for c in rows), [(c.name, c.max_abs) for c in rows]
    if shape is not None:
        n = int(np.prod([int(d) for d in shape.split("=")[1].split("x")]))
        assert r.compiled.schedule.mesh.num_devices == n == len(r.stats.devices)


def test_overriding_a_static_mesh_says_so_and_a_dynamic_one_does_not():
    module, inputs = load("mlp_tensor_parallel")
    r = mc.run(module, inputs, "tp=3")
    assert r.notes == ["--mesh-shape tp=3 overrides the static shape 4 of mesh @tp"]
    assert mc.run(module, inputs, "tp=4").notes == []  # the declared shape: nothing to say
    module, inputs = load("dynamic_mesh_rowsum")
    assert mc.run(module, inputs, {"m": (5,)}).notes == []
    with pytest.raises(DiagnosticError, match="--mesh-shape names mesh '@n', which the module does not declare"):
        mc.run(module, inputs, "n=2")


def test_run_leaves_the_callers_module_unchanged():
    module, inputs = load("seed_matmul_rows")
    before = mc.parse(str(DATA / "seed_matmul_rows.mlir"))
    from meshc.ir import print_op

    mc.run(module, inputs, "mesh=3")
    assert print_op(module) == print_op(before)


def test_mlp_tensor_parallel_peak_bytes_per_device_follow_the_allocation_policy():
    """4 devices, f32. Arguments: x 64x256 = 65536 B is replicated over the peered axis, so it is held
    once (device 0); w1, w2 shards 256x256 = 262144 B; b1 shard 256 = 1024 B.
    Device 0 arguments: 65536 + 262144 + 1024 + 262144 = 590848 B; devices 1-3: 525312 B.
    Then, in order: tensor.empty %e1 (64x256 = 65536 B), the constant %zero (4 B), linalg.fill into a
    new buffer %f1 (65536 B: its outs %e1 is read again later) -> the peak: device 0: 590848 + 65536 +
    4 + 65536 = 721924 B; devices 1-3: 525312 + 131076 = 656388 B. The matmul writes into %f1 and the
    generic into %e1 (in place), w1/x/b1 are freed before %e2 (65536 B) is allocated, so nothing later
    exceeds it (the all_reduce holds %e2 + a 65536 / 4 = 16384 B receive chunk)."""
    module, inputs = load("mlp_tensor_parallel")
    r = mc.run(module, inputs)
    assert [d.peak_bytes for d in r.stats.devices] == [721924, 656388, 656388, 656388]
    # only the replicated result stays: on device 0, 64x256 f32
    assert [d.final_bytes for d in r.stats.devices] == [65536, 0, 0, 0]
    assert [d.peer_read_bytes for d in r.stats.devices] == [0, 65536, 65536, 65536]


def test_replicated_input_on_a_peered_mesh_of_8_is_held_once():
    """%b (32x8 f32 = 1024 B) is replicated. Peered mesh: one binding on device 0, read in place by the
    7 others (1024 B of peer traffic each). Device 0 peak: a shard 2x32 = 256 + b 1024 + the result
    shard 2x8 = 64 + %z 4 = 1348 B; devices 1-7: 256 + 64 + 4 = 324 B. Unpeered: 8 bindings, every
    device holds its own copy: 1348 B each."""
    a = np.arange(16 * 32, dtype=np.float32).reshape(16, 32) / 64
    b = np.linspace(-1, 1, 32 * 8, dtype=np.float32).reshape(32, 8)
    peered = mc.run(mc.parse(REPLICATED_RHS.format(peered=", peered_memory_axes = [0]")), [a, b], check=True)
    bindings = [x for x in peered.compiled.schedule.args if x.buffer.startswith("%b")]
    assert [(x.device, x.shape) for x in bindings] == [(0, (32, 8))]
    assert [d.peak_bytes for d in peered.stats.devices] == [1348] + [324] * 7
    assert [d.peer_read_bytes for d in peered.stats.devices] == [0] + [1024] * 7
    assert_close(peered.outputs[0], a @ b, k=32, magnitude=matmul_magnitude(a, b))  # float32 sums of 32 terms
    alone = mc.run(mc.parse(REPLICATED_RHS.format(peered="")), [a, b], check=True)
    assert len([x for x in alone.compiled.schedule.args if x.buffer.startswith("%b")]) == 8
    assert [d.peak_bytes for d in alone.stats.devices] == [1348] * 8
    assert peered.check_ok and alone.check_ok


def test_inputs_are_sharded_from_memory_mapped_files(tmp_path):
    x = np.arange(10 * 8, dtype=np.float32).reshape(10, 8)
    np.save(tmp_path / "x.npy", x)
    from meshc.runtime.io import load_array

    mapped = load_array(str(tmp_path / "x.npy"))
    assert isinstance(mapped, np.memmap)
    module = mc.parse(str(DATA / "dynamic_mesh_rowsum.mlir"))
    r = mc.run(module, named_inputs={"x": mapped}, mesh_shape="m=4", check=True)
    np.testing.assert_allclose(r.outputs[0], x.sum(axis=1), rtol=1e-6)
    assert r.check_ok and r.binding == "by name"
    # the shards: 10 rows over 4 devices -> 2, 2, 3, 3 rows, each a read-only view of its rows of the
    # memmap (no copy: only the shard's pages are read)
    compiled = mc.compile(mc.parse(str(DATA / "dynamic_mesh_rowsum.mlir")), mesh_shape="m=4")
    shards = mc.shard_inputs(compiled.program, [mapped])
    assert [s.shape for s in shards] == [(2, 8), (2, 8), (3, 8), (3, 8)]
    assert all(np.shares_memory(s, mapped) and not s.flags.writeable for s in shards)
    np.testing.assert_array_equal(np.concatenate(shards), x)


def test_partial_result_at_the_boundary_is_summed_like_the_wrapper_does():
    module = mc.parse(str(DATA / "backend" / "partial_result.mlir"))
    a = np.arange(24, dtype=np.float32).reshape(4, 6) / 8
    b = np.linspace(-1, 1, 18, dtype=np.float32).reshape(6, 3)
    r = mc.run(module, [a, b], check=True)
    # device 0 holds a[:, :3] @ b[:3], device 1 a[:, 3:] @ b[3:]: the result is their sum
    assert r.compiled.program.gather == [[GatherPart((0, 0), (4, 3), ((0, (0, 0)), (1, (0, 0))), "arith.addf")]]
    assert_close(r.outputs[0], a @ b, k=6, magnitude=matmul_magnitude(a, b))
    assert r.check_ok


def test_partial_input_shard_off_coordinate_0_starts_from_the_identity():
    module = mc.parse(str(DATA / "backend" / "partial_arg.mlir"))
    a = np.array([1, 2, 3, 4], np.float32)
    r = mc.run(module, [a], check=True)
    assert [(s.devices, s.identity) for s in r.compiled.program.args] == [((0,), None), ((1,), 0.0)]
    shards = mc.shard_inputs(r.compiled.program, [a])
    np.testing.assert_array_equal(shards[1], np.zeros(4, np.float32))  # the identity, not the input
    np.testing.assert_array_equal(r.outputs[0], 2 * a)  # the reduce_scatter adds a and 0
    assert r.check_ok


def test_gather_writes_each_block_once_and_combines_partial_blocks():
    """result (4,) = [out0[1:3] | out1 + out2] (a core cut out of a halo shard, then a partial block)."""
    program = SimpleNamespace(result_types=(TensorType((4,), _f32()),), gather=[[
        GatherPart((0,), (2,), ((0, (1,)),)),
        GatherPart((2,), (2,), ((1, (0,)), (2, (0,))), "arith.addf")]])
    outs = [np.array([9, 1, 2, 9], np.float32), np.array([10, 20], np.float32), np.array([1, 2], np.float32)]
    np.testing.assert_array_equal(mc.gather_results(program, outs)[0], [1, 2, 11, 22])
    whole = SimpleNamespace(result_types=(TensorType((2,), _f32()),), gather=[[GatherPart((0,), (2,), ((1, (0,)),))]])
    assert mc.gather_results(whole, outs)[0] is outs[1]  # a shard that is the whole result is not copied


def _f32():
    from meshc.ir.types import F32

    return F32


def test_tiled_layout_accounts_physical_and_logical_bytes():
    """seed_matmul_rows on 2 devices, 32x32 tiles: every 2-D f32 buffer (1x3, 3x2, 1x2) takes one tile
    of 32 * 32 * 4 = 4096 B. Device 0 holds a row of A, B and a row of the output: 3 tiles = 12288 B
    physical, (3 + 6 + 2) * 4 = 44 B logical; device 1 (B read in place): 8192 B vs (3 + 2) * 4 = 20 B.
    Accounted as bfloat16: tiles of 32 * 32 * 2 = 2048 B, logical halves."""
    module, inputs = load("seed_matmul_rows")
    r = mc.run(module, inputs, layout=BufferLayout("tile", (32, 32)), check=True)
    assert [(d.peak_bytes, d.peak_logical_bytes) for d in r.stats.devices] == [(12288, 44), (8192, 20)]
    assert [d.padding_bytes for d in r.stats.devices] == [12244, 8172]
    r = mc.run(module, inputs, layout=BufferLayout("tile", (32, 32), "bfloat16"))
    assert [(d.peak_bytes, d.peak_logical_bytes) for d in r.stats.devices] == [(6144, 22), (4096, 10)]
    assert r.outputs[0].dtype == np.float32  # the override changes the accounting, not the values


def test_repeat_runs_the_schedule_n_times():
    module, inputs = load("reshard_rows_to_cols")
    r = mc.run(module, inputs, repeat=3)
    assert len(r.times) == 3 and r.seconds_per_call in r.times
    assert r.kernels["linalg.generic"] == 3 * 4  # one exp per device per call


def test_progress_callback_reaches_the_total():
    module, inputs = load("mlp_tensor_parallel")
    seen = []
    r = mc.run(module, inputs, progress=lambda done, total: seen.append((done, total)))
    total = sum(len(d.steps) for d in r.compiled.schedule.devices)
    assert seen[-1] == (total, total) and all(t == total and 0 <= d <= total for d, t in seen)


def test_kernel_failing_on_device_2_names_the_device_and_op():
    module, inputs = load("mlp_tensor_parallel")
    with pytest.raises(RuntimeFailure) as info:
        mc.run(module, inputs, hooks=TestHooks(fail_kernel={(2, 0)}))
    err = info.value
    assert err.device == 2 and err.reason == "kernel"
    assert "device 2: 'tensor.empty' op failed: injected failure (test hook)" in str(err)
    assert err.location.line == 15  # the tensor.empty of mlp_tensor_parallel.mlir
    assert device_threads() == []


def test_collective_that_device_3_skips_ends_in_an_error_within_the_timeout():
    module, inputs = load("mlp_tensor_parallel")
    with pytest.raises(RuntimeFailure) as info:
        mc.run(module, inputs, timeout=1.0, hooks=TestHooks(skip_collective={(3, "c0")}))
    err = info.value
    assert err.reason == "timeout" and err.device == 3
    assert "collective all_reduce 'c0' over mesh axes [0] reduction = sum timed out after 1 s: devices [3] " \
           "never reached it" in str(err)
    assert err.location.line == 28  # the matmul whose partial sums the all_reduce combines
    assert device_threads() == []


def test_device_out_of_memory_names_device_and_buffer():
    """With 700000 B per device, device 0 (peak 721924 B, see above) fails when it allocates %f1:
    590848 + 65536 + 4 = 656388 B are in use, 43612 B free, %f1 needs 65536 B."""
    module, inputs = load("mlp_tensor_parallel")
    with pytest.raises(OutOfDeviceMemory) as info:
        mc.run(module, inputs, device_memory=700000)
    err = info.value
    assert (err.device, err.buffer, err.requested, err.available) == (0, "%f1", 65536, 43612)
    assert "device 0 is out of memory: buffer '%f1' needs 65536 bytes" in str(err)
    assert device_threads() == []
