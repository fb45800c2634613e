"""Region ops partitioned in place (meshc/interfaces/region_models.py): an scf.for of dynamic trip count
carrying a split tensor, a data-dependent scf.if and an scf.forall keep their splits through their
bodies, run per device (threads, the SPMD template, the unrolled schedules) and need no collective
when the body is local. A split contraction inside a body stays split and is all_reduced inside it
(tests/test_region_collectives.py); a split the loop-carried value cannot keep from one iteration to
the next (below: w's rows are the carried value's columns) is resharded inside the body, before its
yield (tests/test_region_reshards.py)."""

from __future__ import annotations

import re

import numpy as np
import pytest

import meshc.api as mc
from meshc.backend.spmd import spmd_pipeline
from meshc.ir.printer import print_op
from meshc.passes.manager import PassManager

# communication (an all_slice of a replicated value is a local slice, it moves nothing)
COLLECTIVE = re.compile(r"= (mesh\.(?:all_gather|all_reduce|all_to_all|reduce_scatter|update_halo)) ")

LOOP = """module {
  mesh.mesh @m(shape = MESH)
  func.func @main(%x: tensor<8x16xf32>, %w: tensor<16x16xf32>, %nt: tensor<index>) -> tensor<8x16xf32> {
    %xs = mesh.shard %x to <@m, XS> : tensor<8x16xf32>
    %ws = mesh.shard %w to <@m, WS> : tensor<16x16xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = tensor.extract %nt[] : tensor<index>
    %z = arith.constant 0.0 : f32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %xs) -> (tensor<8x16xf32>) {
      %e = tensor.empty() : tensor<8x16xf32>
      %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x16xf32>) -> tensor<8x16xf32>
      %mm = linalg.matmul ins(%acc, %ws : tensor<8x16xf32>, tensor<16x16xf32>) outs(%f : tensor<8x16xf32>) -> tensor<8x16xf32>
      %t = math.tanh %mm : tensor<8x16xf32>
      scf.yield %t : tensor<8x16xf32>
    }
    return %r : tensor<8x16xf32>
  }
}"""

IF = """module {
  mesh.mesh @m(shape = MESH)
  func.func @main(%x: tensor<8x16xf32>, %y: tensor<8x16xf32>, %w: tensor<16x4xf32>) -> tensor<8x4xf32> {
    %xs = mesh.shard %x to <@m, XS> : tensor<8x16xf32>
    %c0 = arith.constant 0 : index
    %z = arith.constant 0.0 : f32
    %v = tensor.extract %y[%c0, %c0] : tensor<8x16xf32>
    %p = arith.cmpf ogt, %v, %z : f32
    %r = scf.if %p -> (tensor<8x16xf32>) {
      %a = arith.addf %xs, %y : tensor<8x16xf32>
      scf.yield %a : tensor<8x16xf32>
    } else {
      %b = arith.mulf %xs, %y : tensor<8x16xf32>
      %c = math.exp %b : tensor<8x16xf32>
      scf.yield %c : tensor<8x16xf32>
    }
    %e = tensor.empty() : tensor<8x4xf32>
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x4xf32>) -> tensor<8x4xf32>
    %mm = linalg.matmul ins(%r, %w : tensor<8x16xf32>, tensor<16x4xf32>) outs(%f : tensor<8x4xf32>) -> tensor<8x4xf32>
    return %mm : tensor<8x4xf32>
  }
}"""

FORALL = """module {
  mesh.mesh @m(shape = MESH)
  func.func @main(%x: tensor<8x16xf32>, %init: tensor<8x16xf32>) -> tensor<8x16xf32> {
    %xs = mesh.shard %x to <@m, XS> : tensor<8x16xf32>
    %c4 = arith.constant 4 : index
    %r = scf.forall (%j) in (4) shared_outs(%o = %init) -> (tensor<8x16xf32>) {
      %off = arith.muli %j, %c4 : index
      %s = tensor.extract_slice %xs[0, %off] [8, 4] [1, 1] : tensor<8x16xf32> to tensor<8x4xf32>
      %t = math.exp %s : tensor<8x4xf32>
      scf.forall.in_parallel {
        tensor.parallel_insert_slice %t into %o[0, %off] [8, 4] [1, 1] : tensor<8x4xf32> into tensor<8x16xf32>
      }
    }
    return %r : tensor<8x16xf32>
  }
}"""


def _program(text: str, mesh: str, xs: str, ws: str = "[[]]") -> str:
    return text.replace("MESH", mesh).replace("XS", xs).replace("WS", ws)


def _compiled(text: str, pipeline: str = "") -> "object":
    module = mc.parse(text)
    PassManager.from_text(pipeline or spmd_pipeline(mc.default_pipeline())).run(module)  # stage 5
    return module


def _collectives(text: str) -> list[str]:
    return COLLECTIVE.findall(print_op(_compiled(text)))


def _region_op(module, name: str):
    return next(op for op in module.walk() if op.name == name)


def _inputs(kind: str, trips: int = 3, seed: int = 0) -> list:
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((8, 16)).astype(np.float32)
    if kind == "loop":
        return [x, (rng.standard_normal((16, 16)) / 4).astype(np.float32), np.array(trips, dtype=np.int64)]
    if kind == "if":
        return [x, rng.standard_normal((8, 16)).astype(np.float32), rng.standard_normal((16, 4)).astype(np.float32)]
    return [x, np.zeros((8, 16), np.float32)]


def _expected_loop(x, w, n):
    out = x.astype(np.float64)
    for _ in range(int(n)):
        out = np.tanh(out @ w.astype(np.float64))
    return out


# (mesh, split of x, split of w, collectives after the default pipeline)
LOOP_CASES = [
    ("4", "[[0]]", "[[]]", []),                      # data parallel: the loop-carried rows stay split
    ("2x4", "[[0, 1]]", "[[]]", []),                 # rows over both axes of a 2-D mesh
    ("2x4", "[[0]]", "[[]]", []),                    # rows over axis 0, replicated over axis 1
]


def test_a_loop_carried_split_that_changes_is_resharded_in_the_body():
    # w's rows (the contraction) are the columns of the loop-carried value, which its yield (the
    # matmul's columns, w's columns) does not carry on: the carried value keeps the split w's rows
    # give it ([[0], [1]]), the contraction's partial sums are reduce_scattered in the body to the
    # iter_arg's split (the tanh between them runs on the slice: reshard's slice_before_elementwise,
    # not an all_reduce then a slice), on every iteration; w is never gathered
    text = _program(LOOP, "2x4", "[[0]]", "[[1]]")
    assert _collectives(text) == ["mesh.reduce_scatter"]
    module = _compiled(text)
    loop = _region_op(module, "scf.for")
    inside = [op.name for op in loop.walk() if op is not loop and op.name.startswith("mesh.")]
    assert inside == ["mesh.reduce_scatter"]
    assert loop.results[0].type.shape == (4, 4)
    for trips in (0, 1, 3):
        inputs = _inputs("loop", trips)
        result = mc.run(mc.parse(text), inputs, check=True)
        assert result.check_ok
        np.testing.assert_allclose(result.outputs[0], _expected_loop(*inputs), rtol=1e-5, atol=1e-5)
        # one reduce_scatter of the 4x16 f32 partial sums over the 4 devices of axis 1 per iteration:
        # (g - 1) / g of the buffer (an all_reduce: twice that)
        assert [d.collective_bytes for d in result.stats.devices] == [trips * 3 * 4 * 16 * 4 // 4] * 8


@pytest.mark.parametrize("mesh, xs, ws, want", LOOP_CASES, ids=[f"{c[0]}-{c[1]}-{c[2]}" for c in LOOP_CASES])
def test_a_dynamic_loop_keeps_its_loop_carried_split(mesh, xs, ws, want):
    text = _program(LOOP, mesh, xs, ws)
    assert _collectives(text) == want
    module = _compiled(text)
    loop = _region_op(module, "scf.for")
    assert loop.parent_op.name == "mesh.for_all"  # the loop runs per device ...
    assert not any(op.name.startswith("mesh.") for op in loop.walk() if op is not loop)  # ... with a local body
    rows = {"[[0]]": 8 // int(mesh.split("x")[0]), "[[0, 1]]": 1}[xs]
    assert loop.results[0].type.shape == (rows, 16)
    for trips in (0, 1, 3):
        inputs = _inputs("loop", trips)
        result = mc.run(mc.parse(text), inputs, check=True)
        assert result.check_ok
        np.testing.assert_allclose(result.outputs[0], _expected_loop(*inputs), rtol=1e-5, atol=1e-5)


IF_CASES = [("4", "[[0]]", []), ("2x2", "[[0], [1]]", []), ("2x2", "[[0, 1]]", [])]


@pytest.mark.parametrize("mesh, xs, want", IF_CASES, ids=[f"{c[0]}-{c[1]}" for c in IF_CASES])
@pytest.mark.parametrize("sign", [1.0, -1.0], ids=["then", "else"])
def test_a_data_dependent_if_is_partitioned_in_place(mesh, xs, want, sign):
    text = _program(IF, mesh, xs)
    got = _collectives(text)
    # a split of x's columns (the matmul's contraction) stays through the if: the result is partial,
    # combined when the result is reassembled, never gathered before the if
    assert got == want
    module = _compiled(text)
    branch = _region_op(module, "scf.if")
    assert branch.parent_op.name == "mesh.for_all"
    assert not any(op.name.startswith("mesh.") for op in branch.walk() if op is not branch)
    x, y, w = _inputs("if")
    y[0, 0] = sign * abs(y[0, 0])
    result = mc.run(mc.parse(text), [x, y, w], check=True)
    assert result.check_ok
    x64, y64 = x.astype(np.float64), y.astype(np.float64)
    r = x64 + y64 if sign > 0 else np.exp(x64 * y64)
    np.testing.assert_allclose(result.outputs[0], r @ w, rtol=1e-4, atol=1e-4)


FORALL_CASES = [("4", "[[0]]", []), ("2x2", "[[0, 1]]", []), ("2x2", "[[0]]", []),
                # the forall slices the columns, so a column split cannot be kept; the dims the op can
                # carry are kept (sharding-propagation's second round), so x is gathered over axis 1
                # only, once, before the forall, and its rows stay split
                ("2x2", "[[0], [1]]", ["mesh.all_gather"])]


@pytest.mark.parametrize("mesh, xs, want", FORALL_CASES, ids=[f"{c[0]}-{c[1]}" for c in FORALL_CASES])
def test_a_forall_runs_on_each_device_shard(mesh, xs, want):
    text = _program(FORALL, mesh, xs)
    assert _collectives(text) == want
    module = _compiled(text)
    forall = next(op for op in module.walk() if op.name == "scf.forall" and op.parent_op.name == "mesh.for_all")
    assert forall.results[0].type.shape[1] == 16
    x, init = _inputs("forall")
    result = mc.run(mc.parse(text), [x, init], check=True)
    assert result.check_ok
    np.testing.assert_allclose(result.outputs[0], np.exp(x.astype(np.float64)), rtol=1e-5)


@pytest.mark.parametrize("form", ["for_all", "for_one"])
@pytest.mark.parametrize("name", ["loop", "if", "forall"])
def test_both_forms_unroll_to_static_per_device_bodies(name, form):
    text = _program({"loop": LOOP, "if": IF, "forall": FORALL}[name], "3", "[[0]]")  # 8 rows: uneven shards
    module = _compiled(text, "flatten-regions,sharding-propagation,distribute-types,reshard,"
                             f"partition{{form={form}}},fuse-spmd-regions,unroll,canonicalize,cse")
    ops = [op for op in module.walk() if op.name in ("scf.for", "scf.if", "scf.forall")
           and op.parent_op.name != "mesh.for_all"]
    region_ops = [op for op in ops if op.parent_op.name == "func.func" or op.parent_op.name == "mesh.for_one"]
    assert region_ops
    for op in ops:
        for inner in op.walk():
            for r in inner.results:
                assert not hasattr(r.type, "has_static_shape") or r.type.has_static_shape, inner.name
    inputs = _inputs(name)
    assert mc.run(mc.parse(text), inputs, check=True).check_ok


def test_the_partitioned_loop_runs_on_mpi(tmp_path):
    pytest.importorskip("mpi4py")
    import subprocess
    import sys
    from pathlib import Path

    data = Path(__file__).parent / "data"
    cmd = [sys.executable, "-m", "meshc", "run", str(data / "region_for_dynamic.mlir"), "--inputs",
           str(data / "region_for_dynamic.inputs.npz"), "--check", "--backend", "mpi", "--launch", "4"]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "result0: ok max abs err" in r.stdout  # --check's dtype and reduction-length tolerance: any BLAS


SCALAR_CARRIES = """mesh.mesh @m(shape = 4)
func.func @main(%x: tensor<8x4xf32>, %n: index) -> (tensor<8x4xf32>, f32, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %s = mesh.shard %x to <@m, [[0]]> : tensor<8x4xf32>
  %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %s, %acc = %z, %k = %c0) -> (tensor<8x4xf32>, f32, index) {
    %y = arith.addf %a, %a : tensor<8x4xf32>
    %half = arith.constant 0.5 : f32
    %acc1 = arith.addf %acc, %half : f32
    %k1 = arith.addi %k, %c1 : index
    scf.yield %y, %acc1, %k1 : tensor<8x4xf32>, f32, index
  }
  return %r#0, %r#1, %r#2 : tensor<8x4xf32>, f32, index
}
"""


@pytest.mark.parametrize("trips", [0, 3, 70])
def test_a_region_op_s_scalar_results_leave_the_per_device_form_as_replicated_rank_0_tensors(trips):
    """A loop kept as a region (dynamic bound) that carries an f32 and an index beside its split tensor:
    the scalars leave mesh.for_all as replicated tensor<f32>/tensor<index> read back with tensor.extract,
    the tensor stays split (no collective), and every value is exact (sums of powers of two)."""
    module = mc.parse(SCALAR_CARRIES)
    compiled = mc.compile(module)
    text = print_op(compiled.module)
    assert "tensor.from_elements" in text
    assert re.search(r"tensor\.extract %\w+#1\[\] : tensor<f32, #mesh\.shard<@m, \[\[\]\]>>", text)
    assert "all_gather" not in text and "all_reduce" not in text
    x = np.arange(32, dtype=np.float32).reshape(8, 4) / 8
    result = mc.run(mc.parse(SCALAR_CARRIES), [x, np.array(trips, np.int64)], check=True)
    assert result.check_ok
    np.testing.assert_array_equal(result.outputs[0], x * np.float32(2.0) ** trips)
    assert float(result.outputs[1]) == 0.5 * trips and int(result.outputs[2]) == trips
    assert [d.collective_bytes for d in result.stats.devices] == [0] * 4


PEERED_LOOP = """mesh.mesh @m(shape = 2x2, peered_memory_axes = [1])
func.func @main(%x: tensor<4x8xf32>, %w1: tensor<8x16xf32>, %w2: tensor<16x8xf32>, %n: index) -> tensor<4x8xf32> {
  %w1s = mesh.shard %w1 to <@m, [[], [1]]> : tensor<8x16xf32>
  %w2s = mesh.shard %w2 to <@m, [[1]]> : tensor<16x8xf32>
  %z = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %t = %c0 to %n step %c1 iter_args(%acc = %x) -> (tensor<4x8xf32>) {
    %e1 = tensor.empty() : tensor<4x16xf32>
    %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<4x16xf32>) -> tensor<4x16xf32>
    %h = linalg.matmul ins(%acc, %w1s : tensor<4x8xf32>, tensor<8x16xf32>) outs(%f1 : tensor<4x16xf32>) -> tensor<4x16xf32>
    %e2 = tensor.empty() : tensor<4x8xf32>
    %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<4x8xf32>) -> tensor<4x8xf32>
    %o = linalg.matmul ins(%h, %w2s : tensor<4x16xf32>, tensor<16x8xf32>) outs(%f2 : tensor<4x8xf32>) -> tensor<4x8xf32>
    scf.yield %o : tensor<4x8xf32>
  }
  return %r : tensor<4x8xf32>
}
"""


@pytest.mark.parametrize("trips", [0, 2])
def test_a_loop_whose_replicated_result_a_peer_group_stores_once_is_run_by_every_member(trips):
    """On a mesh peered along the axis its in-body all_reduce spans, the loop's replicated result is stored by one
    device of each peer group; every device still runs the loop (each all_reduce needs its whole group), so
    nothing waits for a device that skipped it. Values exact (inputs on a 1/4 grid, small sums)."""
    rng = np.random.default_rng(3)
    x = rng.integers(-2, 3, (4, 8)).astype(np.float32) / 4
    w1 = rng.integers(-1, 2, (8, 16)).astype(np.float32) / 4
    w2 = rng.integers(-1, 2, (16, 8)).astype(np.float32) / 4
    compiled = mc.compile(mc.parse(PEERED_LOOP))
    loops = [sum(1 for s in d.steps if getattr(s, "op", None) is not None and s.op.name == "scf.for")
             for d in compiled.program.schedule.devices]
    assert loops == [1, 1, 1, 1]
    result = mc.run(mc.parse(PEERED_LOOP), [x, w1, w2, np.array(trips, np.int64)], check=True)
    assert result.check_ok
    want = x.astype(np.float64)
    for _ in range(trips):
        want = want @ w1 @ w2
    np.testing.assert_array_equal(result.outputs[0], want.astype(np.float32))
    # per trip one ring all_reduce of each device's 4x8 f32 (128 B) partial over its 2-device axis-1 group:
    # 2 x (g - 1) / g of the buffer received, 128 B
    assert [d.collective_bytes for d in result.stats.devices] == [trips * 2 * (2 - 1) * 128 // 2] * 4
