"""Region ops partitioned in place with the collectives their bodies need inside them
(meshc/interfaces/region_models.py, meshc/runtime/body_collectives.py): a Megatron MLP in an
scf.for keeps its weights split and all_reduces once per iteration, as XLA's SPMD partitioner does in
a while loop; an scf.if all_reduces in the branch that needs it. The runs (threads, MPI) are checked
against the reference interpreter, and `meshc estimate` counts the traffic `run --stats` measures."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import meshc.api as mc
from meshc.backend.spmd import spmd_pipeline
from meshc.ir.printer import print_op
from meshc.passes.manager import PassManager
from meshc.runtime.estimate import estimate
from tests.tolerance import assert_close

DATA = Path(__file__).parent / "data"

COLLECTIVE = re.compile(r"mesh\.(all_gather|all_reduce|all_to_all|reduce_scatter|update_halo) ")

MLP = """module {
  mesh.mesh @m(shape = MESH)
  func.func @mlp(%x: tensor<8x16xf32>, %w1: tensor<16x32xf32>, %w2: tensor<32x16xf32>, %nt: tensor<index>) -> tensor<8x16xf32> {
    %xs = mesh.shard %x to <@m, XS> : tensor<8x16xf32>
    %w1s = mesh.shard %w1 to <@m, [[], [TP]]> : tensor<16x32xf32>
    %w2s = mesh.shard %w2 to <@m, [[TP]]> : tensor<32x16xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = TRIPS
    %z = arith.constant 0.0 : f32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %xs) -> (tensor<8x16xf32>) {
      %e1 = tensor.empty() : tensor<8x32xf32>
      %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<8x32xf32>) -> tensor<8x32xf32>
      %h = linalg.matmul ins(%acc, %w1s : tensor<8x16xf32>, tensor<16x32xf32>) outs(%f1 : tensor<8x32xf32>) -> tensor<8x32xf32>
      %t = math.tanh %h : tensor<8x32xf32>
      %e2 = tensor.empty() : tensor<8x16xf32>
      %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<8x16xf32>) -> tensor<8x16xf32>
      %o = linalg.matmul ins(%t, %w2s : tensor<8x32xf32>, tensor<32x16xf32>) outs(%f2 : tensor<8x16xf32>) -> tensor<8x16xf32>
      scf.yield %o : tensor<8x16xf32>
    }
    return %r : tensor<8x16xf32>
  }
}"""

DYNAMIC = "tensor.extract %nt[] : tensor<index>"

IF = """module {
  mesh.mesh @m(shape = 4)
  func.func @branch(%x: tensor<8x16xf32>, %y: tensor<8x16xf32>, %w: tensor<16x16xf32>, %p: tensor<i1>) -> tensor<8x16xf32> {
    %xs = mesh.shard %x to <@m, [[], [0]]> : tensor<8x16xf32>
    %ws = mesh.shard %w to <@m, [[0]]> : tensor<16x16xf32>
    %z = arith.constant 0.0 : f32
    %c = tensor.extract %p[] : tensor<i1>
    %r = scf.if %c -> (tensor<8x16xf32>) {
      %e = tensor.empty() : tensor<8x16xf32>
      %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x16xf32>) -> tensor<8x16xf32>
      %mm = linalg.matmul ins(%xs, %ws : tensor<8x16xf32>, tensor<16x16xf32>) outs(%f : tensor<8x16xf32>) -> tensor<8x16xf32>
      scf.yield %mm : tensor<8x16xf32>
    } else {
      %t = math.tanh %y : tensor<8x16xf32>
      scf.yield %t : tensor<8x16xf32>
    }
    return %r : tensor<8x16xf32>
  }
}"""

#: flatten-regions unrolls a loop of at most max-trips static trips; 0 keeps every loop
KEEP_LOOPS = spmd_pipeline(mc.default_pipeline()).replace("flatten-regions", "flatten-regions{max-trips=0}")


def _mlp(mesh: str, xs: str, tp: int, trips=None) -> str:
    n = DYNAMIC if trips is None else f"arith.constant {trips} : index"
    return MLP.replace("MESH", mesh).replace("XS", xs).replace("TP", str(tp)).replace("TRIPS", n)


def _compiled(text: str, pipeline: str = ""):
    module = mc.parse(text)
    PassManager.from_text(pipeline or spmd_pipeline(mc.default_pipeline())).run(module)
    return module


def _inputs(trips: int, seed: int = 0) -> list:
    rng = np.random.default_rng(seed)
    return [rng.standard_normal((8, 16)).astype(np.float32), (rng.standard_normal((16, 32)) / 4).astype(np.float32),
            (rng.standard_normal((32, 16)) / 4).astype(np.float32), np.array(trips, dtype=np.int64)]


def _expected(x, w1, w2, n) -> tuple[np.ndarray, float]:
    """The MLP applied ``n`` times in float64, and the largest sum of absolute terms of its matmuls."""
    acc, magnitude = x.astype(np.float64), 0.0
    for _ in range(int(n)):
        magnitude = max(magnitude, float(np.max(np.abs(acc) @ np.abs(w1.astype(np.float64)))))
        t = np.tanh(acc @ w1.astype(np.float64))
        magnitude = max(magnitude, float(np.max(np.abs(t) @ np.abs(w2.astype(np.float64)))))
        acc = t @ w2.astype(np.float64)
    return acc, max(magnitude, float(np.max(np.abs(x))))


def _check_partitioned_loop(module, rows: int, tp_axis: int) -> None:
    """One all_reduce over the tensor-parallel axis inside the loop body, no collective elsewhere, the
    weights split (never gathered), the loop-carried rows as given."""
    loops = [op for op in module.walk() if op.name == "scf.for"]
    assert len(loops) == 1
    loop = loops[0]
    assert loop.parent_op.name == "mesh.for_all"
    inside = [op for op in loop.walk() if op is not loop and op.name.startswith("mesh.")]
    assert [op.name for op in inside] == ["mesh.all_reduce"]
    assert list(inside[0].mesh_axes) == [tp_axis]
    assert inside[0].parent_op is loop
    outside = [op for op in module.walk() if COLLECTIVE.match(op.name + " ") and not _nested_in(op, loop)]
    assert outside == []
    assert loop.results[0].type.shape == (rows, 16)
    matmuls = [op for op in loop.walk() if op.name == "linalg.matmul"]
    assert [tuple(m.operands[1].type.shape) for m in matmuls] == [(16, 32 // _tp_size(module, tp_axis)),
                                                                   (32 // _tp_size(module, tp_axis), 16)]


def _nested_in(op, outer) -> bool:
    p = op.parent_op
    while p is not None:
        if p is outer:
            return True
        p = p.parent_op
    return False


def _tp_size(module, axis: int) -> int:
    mesh = next(op for op in module.walk() if op.name == "mesh.mesh")
    return mesh.shape[axis]


# (mesh, sharding of the loop-carried activation, tensor-parallel axis, rows per device)
MLP_CASES = [("4", "[[]]", 0, 8),            # 1-D: Megatron over the whole mesh
             ("2x4", "[[]]", 1, 8),          # 2-D: tensor parallel over axis 1, replicated over axis 0
             ("2x4", "[[0]]", 1, 4)]         # 2-D: data parallel rows over axis 0, tensor parallel over axis 1


@pytest.mark.parametrize("mesh, xs, tp, rows", MLP_CASES, ids=[f"{c[0]}-{c[1]}" for c in MLP_CASES])
def test_megatron_mlp_in_a_dynamic_loop_all_reduces_once_per_iteration(mesh, xs, tp, rows):
    text = _mlp(mesh, xs, tp)
    text_ir = print_op(_compiled(text))
    assert "mesh.all_gather" not in text_ir  # the weights are never gathered
    _check_partitioned_loop(_compiled(text), rows, tp)
    for trips in (0, 1, 3):
        inputs = _inputs(trips)
        result = mc.run(mc.parse(text), inputs, check=True)
        assert result.check_ok
        want, magnitude = _expected(*inputs)
        assert_close(result.outputs[0], want, max(1, trips) * (16 + 32), magnitude)
        # one all_reduce per iteration over the tensor-parallel group: an 8x16 f32 buffer (rows per device)
        g = _tp_size(_compiled(text), tp)
        per_iteration = 2 * (g - 1) * rows * 16 * 4 // g
        assert [d.collective_bytes for d in result.stats.devices] == [trips * per_iteration] * len(
            result.stats.devices)


def test_a_static_loop_kept_as_a_loop_runs_its_collective_per_iteration_and_estimate_agrees():
    text = _mlp("2x4", "[[0]]", 1, trips=5)
    module = _compiled(text, KEEP_LOOPS)
    _check_partitioned_loop(module, 4, 1)
    inputs = _inputs(5, seed=1)
    result = mc.run(mc.parse(text), inputs, check=True, pipeline=KEEP_LOOPS)
    assert result.check_ok
    want, magnitude = _expected(*inputs)
    assert_close(result.outputs[0], want, 5 * (16 + 32), magnitude)
    compiled = mc.compile(mc.parse(text), KEEP_LOOPS, arg_shapes=None)
    est = estimate(compiled.program.schedule)
    assert est.notes == []  # a static trip count needs no hint
    run_bytes = [d.collective_bytes for d in result.stats.devices]
    assert [d.stats.collective_bytes for d in est.devices] == run_bytes
    assert run_bytes == [5 * 2 * 3 * 4 * 16 * 4 // 4] * 8  # 5 all_reduces of 4x16 f32 over 4 devices
    assert [d.stats.received_from["collective"] for d in est.devices] == [
        d.received_from["collective"] for d in result.stats.devices]


def test_a_dynamic_trip_count_is_counted_per_iteration_or_with_a_hint():
    text = _mlp("4", "[[]]", 0)
    compiled = mc.compile(mc.parse(text), None)
    per = estimate(compiled.program.schedule)
    assert len(per.notes) == 1 and "dynamic trip count" in per.notes[0] and "per iteration" in per.notes[0]
    hinted = estimate(compiled.program.schedule, trips=3)
    result = mc.run(mc.parse(text), _inputs(3), check=True)
    assert [d.stats.collective_bytes for d in hinted.devices] == [d.collective_bytes for d in result.stats.devices]
    assert [3 * d.stats.collective_bytes for d in per.devices] == [d.collective_bytes for d in result.stats.devices]


@pytest.mark.parametrize("taken", [True, False], ids=["then", "else"])
def test_an_if_all_reduces_in_the_branch_that_needs_it(taken):
    module = _compiled(IF)
    branch = next(op for op in module.walk() if op.name == "scf.if")
    assert branch.parent_op.name == "mesh.for_all"
    then_ops = [op.name for op in branch.regions[0].blocks[0].ops if op.name.startswith("mesh.")]
    else_ops = [op.name for op in branch.regions[1].blocks[0].ops if op.name.startswith("mesh.")]
    assert then_ops == ["mesh.all_reduce"] and else_ops == []
    assert [op for op in module.walk() if COLLECTIVE.match(op.name + " ") and not _nested_in(op, branch)] == []
    rng = np.random.default_rng(3)
    x, y = rng.standard_normal((8, 16)).astype(np.float32), rng.standard_normal((8, 16)).astype(np.float32)
    w = rng.standard_normal((16, 16)).astype(np.float32)
    result = mc.run(mc.parse(IF), [x, y, w, np.array(taken)], check=True)
    assert result.check_ok
    if taken:
        want = x.astype(np.float64) @ w.astype(np.float64)
        assert_close(result.outputs[0], want, 16, float(np.max(np.abs(x).astype(np.float64) @ np.abs(w))))
        assert all(d.collective_bytes == 2 * 3 * 8 * 16 * 4 // 4 for d in result.stats.devices)
    else:
        assert_close(result.outputs[0], np.tanh(y.astype(np.float64)), 1)
        assert all(d.collective_bytes == 0 for d in result.stats.devices)


def test_the_unrolled_path_runs_the_same_loop():
    text = _mlp("2x4", "[[0]]", 1)
    unrolled = ",".join(mc.default_pipeline().split(",")[:mc.default_pipeline().split(",").index(
        "fuse-spmd-regions") + 1] + ["unroll"] + mc.default_pipeline().split(",")[
        mc.default_pipeline().split(",").index("fuse-spmd-regions") + 1:])
    inputs = _inputs(2, seed=4)
    result = mc.run(mc.parse(text), inputs, check=True, pipeline=unrolled)
    assert result.check_ok
    want, magnitude = _expected(*inputs)
    assert_close(result.outputs[0], want, 2 * (16 + 32), magnitude)


def test_explain_names_the_collective_inside_the_loop():
    from meshc.explain import explain_text

    text = explain_text(mc.parse(_mlp("2x4", "[[0]]", 1)))
    lines = [line for line in text.splitlines() if "in the body of 'scf.for'" in line]
    assert len(lines) == 1
    assert "all_reduce mesh_axes = [1]" in lines[0] and "384 B per device per trip" in lines[0]  # 4x16 f32 over 4 devices, on every trip


def test_estimate_command_takes_a_trip_count():
    cmd = [sys.executable, "-m", "meshc", "estimate", str(DATA / "region/mlp_loop.mlir"), "--trip-count", "3", "--json"]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    import json

    data = json.loads(r.stdout)
    assert "counted 3 times" in data["notes"][0]
    assert [d["received"]["collective"] for d in data["devices"]] == [3 * 768] * 8


def test_the_loop_with_collectives_runs_on_mpi():
    pytest.importorskip("mpi4py")
    cmd = [sys.executable, "-m", "meshc", "run", str(DATA / "region/mlp_loop.mlir"), "--inputs",
           str(DATA / "region/mlp_loop.inputs.npz"), "--check", "--backend", "mpi", "--launch", "8"]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "result0: ok max abs err" in r.stdout  # --check's dtype and reduction-length tolerance


def test_the_trace_shows_each_iteration_s_collective(tmp_path):
    import json

    out = tmp_path / "trace.json"
    cmd = [sys.executable, "-m", "meshc", "run", str(DATA / "region/mlp_loop.mlir"), "--inputs",
           str(DATA / "region/mlp_loop.inputs.npz"), "--trace", str(out)]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    events = [e for e in json.loads(out.read_text())["traceEvents"] if e.get("args", {}).get("in_body")]
    # 3 iterations (the inputs' trip count) x 8 devices, one all_reduce each, named as the schedule
    # listing names it (b0) and numbered per run
    assert len(events) == 24
    assert sorted({e["name"] for e in events}) == [f"all_reduce b0 run {i} (in scf.for)" for i in range(3)]
    assert all(e["cat"] == "collective" for e in events)


def test_gather_and_reduce_scatter_inside_a_loop_body_run_per_iteration():
    # the runtimes run every local-view collective kind inside a body, not only the all_reduce that
    # partition puts there: all_gather then reduce_scatter multiplies each element by the group size
    text = (DATA / "region/body_gather_scatter.mlir").read_text()
    x = np.arange(32, dtype=np.float32).reshape(8, 4) + 1
    for trips in (0, 2):
        result = mc.run(mc.parse(text), [x, np.array(trips)], pipeline="canonicalize")
        np.testing.assert_array_equal(result.outputs[0], x * 4.0 ** trips)  # exact: small integers
        # per iteration: 3 x 32 B gathered, then (g - 1) / g of the 128 B buffer scattered
        assert [d.collective_bytes for d in result.stats.devices] == [trips * (96 + 96)] * 4
    compiled = mc.compile(mc.parse(text), "canonicalize")
    est = estimate(compiled.program.schedule, trips=2)
    assert [d.stats.collective_bytes for d in est.devices] == [2 * 192] * 4


def test_the_unrolled_form_of_a_gathering_body_runs_again_from_its_text():
    # `meshc compile --emit=unrolled` gives each device its own copy of the loop (mesh.for_one), so the
    # devices' in-body collectives are different ops at different lines: the runtime matches them by
    # kind, axes and attributes, not by location, and the values are the loop's (x times 4 per trip)
    text = (DATA / "region/body_gather_scatter.mlir").read_text()
    unrolled = print_op(mc.compile(mc.parse(text), "canonicalize,unroll").module)
    assert unrolled.count("mesh.for_one") == 4
    x = np.arange(32, dtype=np.float32).reshape(8, 4) + 1
    result = mc.run(mc.parse(unrolled), [x, np.array(2)], pipeline="")
    np.testing.assert_array_equal(result.outputs[0], x * 16.0)  # exact: small integers
    assert [d.collective_bytes for d in result.stats.devices] == [2 * 192] * 4


def test_the_hand_partitioned_gather_scatter_loop_compiles_and_runs_from_the_cli(tmp_path):
    # stage-5 input: `meshc compile` leaves the per-device body as it is (no global-view reading of its
    # local-view all_gather), `run` gives x * 4^trips on every device; the file holds no unsharded program,
    # so the values are compared with --expected, and `run --stats` moves what `meshc estimate` counts
    src = DATA / "region/body_gather_scatter.mlir"
    cmd = [sys.executable, "-m", "meshc"]
    r = subprocess.run(cmd + ["compile", str(src)], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0 and "mesh.all_gather %acc" in r.stdout, r.stderr
    x = np.arange(32, dtype=np.float32).reshape(8, 4) - 9
    np.savez(tmp_path / "in.npz", x=x, nt=np.array(3))
    np.savez(tmp_path / "want.npz", result0=x * 64)
    r = subprocess.run(cmd + ["run", str(src), "--inputs", str(tmp_path / "in.npz"), "--expected",
                              str(tmp_path / "want.npz"), "--stats", "--atol", "0", "--rtol", "0"],
                       capture_output=True, text=True, timeout=300, env={**os.environ, "COLUMNS": "200"})
    assert r.returncode == 0, r.stdout + r.stderr
    assert "result0: ok max abs err 0" in r.stdout
    rows = [line.split("│") for line in r.stdout.splitlines() if re.match(r"^│\s+[0-3] │", line)]
    assert [int(row[8]) for row in rows] == [3 * 192] * 4  # collective B: 3 trips of 96 + 96
    r = subprocess.run(cmd + ["estimate", str(src), "--trip-count", "3", "--json"], capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 0, r.stderr
    assert [d["received"]["collective"] for d in json.loads(r.stdout)["devices"]] == [3 * 192] * 4
