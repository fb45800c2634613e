"""Reshards inside the body of a region op partitioned in place (meshc/interfaces/region_models.py:
cut uses, ``body_reshards``): a loop-carried value whose sharding the body changes keeps its
iter_arg's sharding for the whole loop and the body reshards its yield back to it (all_to_all,
all_gather, reduce_scatter, as upstream MLIR's spmdization of scf.for and XLA's while loop do); an op
of the body that needs another sharding of a body value than its producer gives reads a reshard of it
(all_to_all, all_gather). Checked on 1-D and 2-D meshes, dynamic and static trip counts: the values
against numpy and the reference interpreter, the collectives in the partitioned IR, the bytes `run
--stats` counts against a figure worked out by hand and against `meshc estimate`."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import meshc.api as mc
from meshc.backend.spmd import spmd_pipeline
from meshc.passes.manager import PassManager
from meshc.runtime.estimate import estimate
from tests.tolerance import assert_close

DATA = Path(__file__).parent / "data" / "region"

COLLECTIVE = re.compile(r"mesh\.(all_gather|all_reduce|all_to_all|reduce_scatter|all_slice|update_halo)$")

#: flatten-regions unrolls loops of at most max-trips static trips; 0 keeps every loop a loop
KEEP_LOOPS = spmd_pipeline(mc.default_pipeline()).replace("flatten-regions", "flatten-regions{max-trips=0}")

LOOP = """module {
  mesh.mesh @m(shape = MESH)
  func.func @main(%x: tensor<8x8xf32>, %w: tensor<8x8xf32>, %nt: tensor<index>) -> tensor<8x8xf32> {
    %xs = mesh.shard %x to <@m, XS> : tensor<8x8xf32>
    %ws = mesh.shard %w to <@m, WS> : tensor<8x8xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = TRIPS
    %z = arith.constant 0.0 : f32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %xs) -> (tensor<8x8xf32>) {
BODY
    }
    return %r : tensor<8x8xf32>
  }
}"""

MATMUL = """      %e = tensor.empty() : tensor<8x8xf32>
      %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
      %h = linalg.matmul ins(%acc, %ws : tensor<8x8xf32>, tensor<8x8xf32>) outs(%f : tensor<8x8xf32>) -> tensor<8x8xf32>
"""

BODIES = {
    # the yield is the transpose of the carried value: its split moves to the other dim
    "transpose": """      %e = tensor.empty() : tensor<8x8xf32>
      %t = linalg.transpose ins(%acc : tensor<8x8xf32>) outs(%e : tensor<8x8xf32>) permutation = [1, 0]
      %u = math.tanh %t : tensor<8x8xf32>
      scf.yield %u : tensor<8x8xf32>""",
    # the yield is split like w's columns (w column-split) or partial (w row-split, the contraction)
    "matmul": MATMUL + "      scf.yield %h : tensor<8x8xf32>",
    # h + h^T: the add needs h^T split like h (an all_to_all in the middle of the body)
    "symmetric": MATMUL + """      %e2 = tensor.empty() : tensor<8x8xf32>
      %ht = linalg.transpose ins(%h : tensor<8x8xf32>) outs(%e2 : tensor<8x8xf32>) permutation = [1, 0]
      %s = arith.addf %h, %ht : tensor<8x8xf32>
      %u = math.tanh %s : tensor<8x8xf32>
      scf.yield %u : tensor<8x8xf32>""",
    # a softmax over the columns needs whole rows: h is gathered in the body, the yield is replicated
    "softmax": MATMUL + """      %e2 = tensor.empty() : tensor<8x8xf32>
      %p = linalg.softmax dimension(1) ins(%h : tensor<8x8xf32>) outs(%e2 : tensor<8x8xf32>) -> tensor<8x8xf32>
      scf.yield %p : tensor<8x8xf32>""",
    # an elementwise op of the partial h before the yield's cut (reshard's slice_before_elementwise:
    # one reduce_scatter where the sum is needed, not an all_reduce then a slice): linear in h, not
    # linear, a chain of two, and a product with a replicated constant (sliced locally in the body)
    "negate": MATMUL + """      %q = arith.negf %h : tensor<8x8xf32>
      scf.yield %q : tensor<8x8xf32>""",
    "square": MATMUL + """      %q = arith.mulf %h, %h : tensor<8x8xf32>
      scf.yield %q : tensor<8x8xf32>""",
    "tanh_neg": MATMUL + """      %t = math.tanh %h : tensor<8x8xf32>
      %q = arith.negf %t : tensor<8x8xf32>
      scf.yield %q : tensor<8x8xf32>""",
    "scaled": MATMUL + """      %two = arith.constant dense<2.0> : tensor<8x8xf32>
      %q = arith.mulf %h, %two : tensor<8x8xf32>
      scf.yield %q : tensor<8x8xf32>""",
}


def _softmax(a):
    e = np.exp(a - a.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def _reference(body: str, x, w, n) -> tuple[np.ndarray, float]:
    """The loop in float64, and the largest sum of absolute terms of its matmuls (the tolerance's)."""
    acc, w64, magnitude = x.astype(np.float64), w.astype(np.float64), float(np.max(np.abs(x)))
    for _ in range(int(n)):
        if body == "transpose":
            acc = np.tanh(acc.T)
            continue
        magnitude = max(magnitude, float(np.max(np.abs(acc) @ np.abs(w64))))
        h = acc @ w64
        acc = {"matmul": h, "symmetric": np.tanh(h + h.T), "softmax": _softmax(h), "negate": -h, "square": h * h,
               "tanh_neg": -np.tanh(h), "scaled": 2 * h}[body]
    return acc, magnitude


def _text(body: str, mesh: str, xs: str, ws: str = "[[]]", trips=None) -> str:
    n = "tensor.extract %nt[] : tensor<index>" if trips is None else f"arith.constant {trips} : index"
    return (LOOP.replace("MESH", mesh).replace("XS", xs).replace("WS", ws).replace("TRIPS", n)
            .replace("BODY", BODIES[body]))


def _inputs(trips: int, seed: int = 0) -> list:
    rng = np.random.default_rng(seed)
    return [rng.standard_normal((8, 8)).astype(np.float32), (rng.standard_normal((8, 8)) / 3).astype(np.float32),
            np.array(trips, dtype=np.int64)]


def _compiled(text: str, pipeline: str = ""):
    module = mc.parse(text)
    PassManager.from_text(pipeline or spmd_pipeline(mc.default_pipeline())).run(module)
    return module


def _collectives(module) -> tuple[list[str], list[str]]:
    """The collectives inside the (one) scf.for, and those outside it."""
    loop = next(op for op in module.walk() if op.name == "scf.for")
    inside = {id(op) for op in loop.walk()}
    found = [op for op in module.walk() if COLLECTIVE.match(op.name)]
    return ([op.name[5:] for op in found if id(op) in inside], [op.name[5:] for op in found if id(op) not in inside])


def _check_run(text: str, body: str, trips: int, per_iteration, pipeline=None, seed: int = 0):
    inputs = _inputs(trips, seed)
    result = mc.run(mc.parse(text), inputs, check=True, pipeline=pipeline)
    assert result.check_ok
    want, magnitude = _reference(body, *inputs)
    assert_close(result.outputs[0], want, max(1, trips) * 8, magnitude)
    got = [d.collective_bytes for d in result.stats.devices]
    if per_iteration is not None:
        assert got == [trips * b for b in per_iteration]
    return result


# (body, mesh, split of x, split of w, collectives in the body, bytes each device receives per iteration)
CASES = [
    # split dim 0 -> dim 1: the yield goes back by an all_to_all (3 blocks of 2x2 f32)
    ("transpose", "4", "[[0]]", "[[]]", ["all_to_all"], [3 * 2 * 2 * 4] * 4),
    # 2-D: rows over axis 1 of a 2x4 mesh, replicated over axis 0
    ("transpose", "2x4", "[[1]]", "[[]]", ["all_to_all"], [3 * 2 * 2 * 4] * 8),
    # rows over axis 0 and columns over axis 1: both splits swap dims, as the planner composes it
    # (meshc.sharding.plan_reshard: gather axis 0's dim, move axis 1's, slice axis 0's back)
    ("transpose", "2x2", "[[0], [1]]", "[[]]", ["all_gather", "all_to_all", "all_slice"], None),
    # replicated -> split: w's column split gives the yield split columns, gathered back
    ("matmul", "4", "[[]]", "[[], [0]]", ["all_gather"], [3 * 8 * 2 * 4] * 4),
    # 2-D: rows over axis 0 (data parallel), w's columns over axis 1
    ("matmul", "2x4", "[[0]]", "[[], [1]]", ["all_gather"], [3 * 4 * 2 * 4] * 8),
    # split -> partial: the carried value's columns are the contraction; the partial yield is
    # reduce_scattered back to split columns ((g - 1) / g of the 8x8 f32 buffer)
    ("matmul", "4", "[[], [0]]", "[[0]]", ["reduce_scatter"], [3 * 256 // 4] * 4),
    ("matmul", "2x4", "[[0], [1]]", "[[1]]", ["reduce_scatter"], [3 * 128 // 4] * 8),
    # a reshard in the middle of the body (h^T to h's split), then the yield gathered
    ("symmetric", "4", "[[]]", "[[], [0]]", ["all_to_all", "all_gather"], [3 * 2 * 2 * 4 + 3 * 8 * 2 * 4] * 4),
    # an op that needs whole rows reads a gathered copy; its result is what the iter_arg carries
    ("softmax", "4", "[[]]", "[[], [0]]", ["all_gather"], [3 * 8 * 2 * 4] * 4),
    ("softmax", "2x2", "[[]]", "[[], [0, 1]]", ["all_gather"], [3 * 8 * 2 * 4] * 4),
    # an elementwise op between the partial h and the yield's split: still one reduce_scatter (the
    # bytes of the plain matmul above, half those of an all_reduce)
    ("negate", "4", "[[], [0]]", "[[0]]", ["reduce_scatter"], [3 * 256 // 4] * 4),
    ("square", "4", "[[], [0]]", "[[0]]", ["reduce_scatter"], [3 * 256 // 4] * 4),
    ("tanh_neg", "2x4", "[[0], [1]]", "[[1]]", ["reduce_scatter"], [3 * 128 // 4] * 8),
    ("scaled", "2x2", "[[], [0, 1]]", "[[0, 1]]", ["reduce_scatter", "all_slice"], [3 * 256 // 4] * 4),
]

IDS = [f"{c[0]}-{c[1]}-{c[2]}-{c[3]}" for c in CASES]


@pytest.mark.parametrize("body, mesh, xs, ws, inside, per_iteration", CASES, ids=IDS)
def test_a_dynamic_loop_reshards_inside_its_body(body, mesh, xs, ws, inside, per_iteration):
    text = _text(body, mesh, xs, ws)
    module = _compiled(text)
    got_inside, outside = _collectives(module)
    assert outside == []  # nothing is gathered once before the loop: the body runs on shards
    assert got_inside == inside
    loop = next(op for op in module.walk() if op.name == "scf.for")
    assert loop.parent_op.name == "mesh.for_all"
    # the iter_arg, the yield and the results have one local type: the init's sharding throughout
    init = loop.operands[3].type
    assert loop.regions[0].blocks[0].args[1].type == init == loop.results[0].type
    assert loop.regions[0].blocks[0].ops[-1].operands[0].type == init
    for trips in (0, 1, 3):
        _check_run(text, body, trips, per_iteration, seed=trips)


@pytest.mark.parametrize("trips", [1, 4])
@pytest.mark.parametrize("body, mesh, xs, ws, inside, per_iteration",
                         [CASES[1], CASES[2], CASES[6], CASES[7]], ids=[IDS[1], IDS[2], IDS[6], IDS[7]])
def test_a_static_loop_kept_as_a_loop_and_estimate_agrees(body, mesh, xs, ws, inside, per_iteration, trips):
    text = _text(body, mesh, xs, ws, trips=trips)
    got_inside, outside = _collectives(_compiled(text, KEEP_LOOPS))
    assert outside == [] and got_inside
    result = _check_run(text, body, trips, per_iteration, pipeline=KEEP_LOOPS, seed=5)
    est = estimate(mc.compile(mc.parse(text), KEEP_LOOPS, arg_shapes=None).program.schedule)
    assert est.notes == []  # a static trip count needs no hint
    assert [d.stats.collective_bytes for d in est.devices] == [d.collective_bytes for d in result.stats.devices]
    assert [d.stats.received_from["collective"] for d in est.devices] == [
        d.received_from["collective"] for d in result.stats.devices]


@pytest.mark.parametrize("body, mesh, xs, ws, inside, per_iteration", [CASES[0], CASES[5], CASES[8], CASES[12]],
                         ids=[IDS[0], IDS[5], IDS[8], IDS[12]])
def test_a_dynamic_loop_s_estimate_with_a_trip_count_equals_the_run(body, mesh, xs, ws, inside, per_iteration):
    text = _text(body, mesh, xs, ws)
    schedule = mc.compile(mc.parse(text), None).program.schedule
    per = estimate(schedule)
    assert len(per.notes) == 1 and "dynamic trip count" in per.notes[0]
    result = _check_run(text, body, 3, per_iteration, seed=7)
    run = [d.collective_bytes for d in result.stats.devices]
    assert [d.stats.collective_bytes for d in estimate(schedule, trips=3).devices] == run
    assert [3 * d.stats.collective_bytes for d in per.devices] == run


@pytest.mark.parametrize("trips", [1, 3])
def test_a_static_loop_flattened_by_default_computes_the_same(trips):
    # the default pipeline unrolls short static loops: the same reshards then run between the copies
    text = _text("symmetric", "2x2", "[[]]", "[[], [0]]", trips=trips)
    module = _compiled(text)
    assert not any(op.name == "scf.for" for op in module.walk())
    _check_run(text, "symmetric", trips, None, seed=2)


IF = """module {
  mesh.mesh @m(shape = MESH)
  func.func @main(%x: tensor<8x8xf32>, %p: tensor<i1>) -> tensor<8x8xf32> {
    %xs = mesh.shard %x to <@m, XS> : tensor<8x8xf32>
    %c = tensor.extract %p[] : tensor<i1>
    %r = scf.if %c -> (tensor<8x8xf32>) {
      %e = tensor.empty() : tensor<8x8xf32>
      %t = linalg.transpose ins(%xs : tensor<8x8xf32>) outs(%e : tensor<8x8xf32>) permutation = [1, 0]
      scf.yield %t : tensor<8x8xf32>
    } else {
      %u = math.tanh %xs : tensor<8x8xf32>
      scf.yield %u : tensor<8x8xf32>
    }
    return %r : tensor<8x8xf32>
  }
}"""


@pytest.mark.parametrize("mesh, xs, steps", [("4", "[[0]]", ["all_to_all"]),
                                             ("2x2", "[[0], [1]]", ["all_gather", "all_to_all", "all_slice"])])
@pytest.mark.parametrize("taken", [True, False], ids=["then", "else"])
def test_an_if_whose_branches_yield_different_splits_reshards_one_branch(mesh, xs, steps, taken):
    text = IF.replace("MESH", mesh).replace("XS", xs)
    module = _compiled(text)
    branch = next(op for op in module.walk() if op.name == "scf.if")
    assert branch.parent_op.name == "mesh.for_all"
    per_branch = [[op.name for op in r.blocks[0].ops if COLLECTIVE.match(op.name)] for r in branch.regions]
    # the result takes the then-branch's split (the transpose's): the else-branch's yield is resharded
    assert per_branch == [[], ["mesh." + k for k in steps]]
    assert [op for op in module.walk() if COLLECTIVE.match(op.name) and op.parent_op is not branch] == []
    x = np.random.default_rng(9).standard_normal((8, 8)).astype(np.float32)
    result = mc.run(mc.parse(text), [x, np.array(taken)], check=True)
    assert result.check_ok
    want = x.T if taken else np.tanh(x.astype(np.float64))
    assert_close(result.outputs[0], want, 1)
    moved = [d.collective_bytes for d in result.stats.devices]
    assert (all(b == 0 for b in moved) if taken else all(b > 0 for b in moved))
    # estimate counts the branch with more in-body collectives (an upper bound, with a note): the else
    est = estimate(mc.compile(mc.parse(text), None).program.schedule)
    assert len(est.notes) == 1 and "upper bound" in est.notes[0]
    if not taken:
        assert [d.stats.collective_bytes for d in est.devices] == moved


def test_meshc_run_check_on_threads_and_mpi(tmp_path):
    src = tmp_path / "carried.mlir"
    src.write_text(_text("matmul", "2x4", "[[0], [1]]", "[[1]]"))
    x, w, n = _inputs(3, seed=11)
    np.savez(tmp_path / "in.npz", x=x, w=w, nt=n)
    base = [sys.executable, "-m", "meshc", "run", str(src), "--inputs", str(tmp_path / "in.npz"), "--check"]
    r = subprocess.run(base + ["--stats"], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "result0: ok max abs err" in r.stdout
    # 3 reduce_scatters of 4x8 f32 partial sums over the 4 devices of axis 1: 3 x 96 B each
    assert "collective 2304 B" in r.stdout
    pytest.importorskip("mpi4py")
    r = subprocess.run(base + ["--backend", "mpi", "--launch", "8"], capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "result0: ok max abs err" in r.stdout


def test_uneven_shards_reshard_inside_the_body_too():
    # 6 rows over 4 devices (1, 1, 2, 2): the per-device buffers of the in-body all_to_all differ in size;
    # the schedule lists each member's (tests/test_region_uneven.py), so the body cuts as on equal
    # shards and nothing is gathered before the loop; the values are the same
    text = _text("transpose", "4", "[[0]]").replace("8x8", "6x6")
    inside, outside = _collectives(_compiled(text))
    assert inside == ["all_to_all"] and outside == []
    x = np.random.default_rng(4).standard_normal((6, 6)).astype(np.float32)
    result = mc.run(mc.parse(text), [x, x, np.array(3)], check=True)
    assert result.check_ok
    assert_close(result.outputs[0], _reference("transpose", x, x, 3)[0], 1)


def test_a_window_over_a_split_spatial_dim_gathers_inside_the_body():
    # no halo is inferred for a convolution window (docs/pipeline.md, as in the flat program, which
    # gathers its input once): the body gathers the carried rows on every iteration, computes its own
    # split output rows, and yields them with the iter_arg's split (no reshard at the yield)
    text = (DATA / "conv_loop.mlir").read_text()
    inside, outside = _collectives(_compiled(text))
    assert inside == ["all_gather"] and outside == []
    rng = np.random.default_rng(6)
    x = rng.standard_normal((4, 16, 8)).astype(np.float32)
    k = (rng.standard_normal((3, 8, 8)) / 5).astype(np.float32)
    result = mc.run(mc.parse(text), [x, k, np.array(3)], check=True)
    assert result.check_ok
    acc, magnitude = x.astype(np.float64), 0.0
    for _ in range(3):
        p = np.pad(acc, ((0, 0), (1, 1), (0, 0)))
        windows = np.stack([p[:, j:j + 16, :] for j in range(3)], axis=2)  # n, w, tap, c
        magnitude = max(magnitude, float(np.max(np.einsum("nwjc,jcf->nwf", np.abs(windows), np.abs(k)))))
        acc = np.tanh(np.einsum("nwjc,jcf->nwf", windows, k.astype(np.float64)))
    assert_close(result.outputs[0], acc, 3 * 3 * 8, magnitude)
    # per iteration each device receives the 3 other 4x4x8 f32 shards
    moved = [d.collective_bytes for d in result.stats.devices]
    assert moved == [3 * 3 * 4 * 4 * 8 * 4] * 4
    est = estimate(mc.compile(mc.parse(text), None).program.schedule, trips=3)
    assert [d.stats.collective_bytes for d in est.devices] == moved


@pytest.mark.parametrize("trips", [0, 1, 3])
def test_an_scf_while_reshards_its_after_block_s_yield(trips):
    text = (DATA / "while_transpose.mlir").read_text()
    module = _compiled(text)
    loop = next(op for op in module.walk() if op.name == "scf.while")
    inside = [op.name for op in loop.walk() if COLLECTIVE.match(op.name)]
    assert inside == ["mesh.all_to_all"] and loop.results[0].type.shape == (2, 8)
    assert not any(COLLECTIVE.match(op.name) and not any(a is loop for a in op.ancestors()) for op in module.walk())
    x = np.random.default_rng(trips).standard_normal((8, 8)).astype(np.float32)
    result = mc.run(mc.parse(text), [x, np.array(trips)], check=True)
    assert result.check_ok
    assert_close(result.outputs[0], _reference("transpose", x, x, trips)[0], 1)
    moved = [d.collective_bytes for d in result.stats.devices]
    assert moved == [trips * 3 * 2 * 2 * 4] * 4  # 3 blocks of 2x2 f32 per trip
    est = estimate(mc.compile(mc.parse(text), None).program.schedule, trips=trips)
    assert [d.stats.collective_bytes for d in est.devices] == moved
