"""Values defined above a region op that its body reads with another sharding
(meshc/interfaces/region_models.py ``outer_reshards``, docs/pipeline.md "Reshards inside a body").

The zero destination of a split contraction inside an ``scf.if`` or ``scf.for`` (``w`` row-split: each
device sums its rows' part) is a ``linalg.fill`` defined above the region op: the body reads it
partial through a resharding point just before the matmul (no data moves: the devices off coordinate
0 of the partial axes start from zeros), and the partial product is all_reduced inside the branch or
iteration, so both branches yield the region op's one (replicated) sharding, XLA's rule. Checked on
1-D and 2-D meshes, both branches, dynamic and static (kept) trip counts: values against numpy and
the reference interpreter, the ops in the partitioned IR, the bytes ``run --stats`` counts against a
figure worked out by hand and against ``meshc estimate``."""

from __future__ import annotations

import numpy as np
import pytest

import meshc.api as mc
from meshc.backend.spmd import spmd_pipeline
from meshc.ir.location import DiagnosticError
from meshc.passes.base import PassContext
from meshc.passes.manager import PassManager
from meshc.runtime.estimate import estimate
from tests.test_regressions_pipeline import ANNOTATED  # the result pinned row-split: init and result differ
from tests.tolerance import assert_close, matmul_magnitude

IF = """module {
  mesh.mesh @m(shape = MESH)
  func.func @main(%x: tensor<4x6xf32>, %w: tensor<6x8xf32>, %p: tensor<i1>) -> tensor<4x8xf32> {
    %ws = mesh.shard %w to <@m, WS> : tensor<6x8xf32>
    %c = tensor.extract %p[] : tensor<i1>
    %e = tensor.empty() : tensor<4x8xf32>
    %z = arith.constant 0.0 : f32
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
    %r = scf.if %c -> (tensor<4x8xf32>) {
      %y = linalg.matmul ins(%x, %ws : tensor<4x6xf32>, tensor<6x8xf32>) outs(%f : tensor<4x8xf32>) -> tensor<4x8xf32>
      scf.yield %y : tensor<4x8xf32>
    } else {
      scf.yield %f : tensor<4x8xf32>
    }
    return %r : tensor<4x8xf32>
  }
}"""

# FILL: where the zero destination is made (above the loop, or its fill in the body of an empty above)
LOOP = """module {
  mesh.mesh @m(shape = MESH)
  func.func @main(%x: tensor<4x6xf32>, %w: tensor<6x8xf32>, %a: tensor<4x8xf32>, %nt: tensor<index>) -> tensor<4x8xf32> {
    %ws = mesh.shard %w to <@m, WS> : tensor<6x8xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = TRIPS
    %e = tensor.empty() : tensor<4x8xf32>
    %z = arith.constant 0.0 : f32
OUTER    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a) -> (tensor<4x8xf32>) {
INNER      %y = linalg.matmul ins(%x, %ws : tensor<4x6xf32>, tensor<6x8xf32>) outs(%f : tensor<4x8xf32>) -> tensor<4x8xf32>
      %t = math.tanh %acc : tensor<4x8xf32>
      %s = arith.addf %t, %y : tensor<4x8xf32>
      scf.yield %s : tensor<4x8xf32>
    }
    return %r : tensor<4x8xf32>
  }
}"""

FILL = "    %f = linalg.fill ins(%z : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>\n"
FILL_IN = "  " + FILL

#: 4x8 f32, the all_reduced product
BYTES = 4 * 8 * 4

# (mesh, split of w, devices per all_reduce group, number of groups)
MESHES = [("3", "[[0]]", 3, 1), ("2x3", "[[1]]", 3, 2), ("2x2", "[[0, 1]]", 4, 1)]


def _loop(mesh: str, ws: str, trips=None, fill_above: bool = True) -> str:
    n = "tensor.extract %nt[] : tensor<index>" if trips is None else f"arith.constant {trips} : index"
    return (LOOP.replace("MESH", mesh).replace("WS", ws).replace("TRIPS", n)
            .replace("OUTER", FILL if fill_above else "").replace("INNER", "" if fill_above else FILL_IN))


def _inputs(seed: int):
    rng = np.random.default_rng(seed)
    return (rng.standard_normal((4, 6)).astype(np.float32), (rng.standard_normal((6, 8)) / 2).astype(np.float32),
            rng.standard_normal((4, 8)).astype(np.float32))


def _partitioned(text: str, pipeline: str = ""):
    module = mc.parse(text)
    PassManager.from_text(pipeline or spmd_pipeline(mc.default_pipeline())).run(module)
    return module


def _ring_all_reduce_total(group: int, groups: int) -> int:
    """Bytes all devices receive for one all_reduce of the product: a ring moves 2 (g - 1) / g of the
    buffer into each of the g devices of a group (reduce_scatter, then all_gather)."""
    return groups * 2 * (group - 1) * BYTES


@pytest.mark.parametrize("mesh, ws, group, groups", MESHES, ids=[m[0] for m in MESHES])
@pytest.mark.parametrize("taken", [True, False], ids=["then", "else"])
def test_an_if_reads_a_zero_init_from_above_partial_and_reduces_in_its_branch(mesh, ws, group, groups, taken):
    text = IF.replace("MESH", mesh).replace("WS", ws)
    module = _partitioned(text)
    branch = next(op for op in module.walk() if op.name == "scf.if")
    then_ops = [op.name for op in branch.regions[0].blocks[0].ops]
    # the zeros above become partial in the branch (a select off coordinate 0), the product is reduced there
    assert then_ops.index("arith.select") < then_ops.index("linalg.matmul") < then_ops.index("mesh.all_reduce")
    assert [op.name for op in branch.regions[1].blocks[0].ops] == ["scf.yield"]
    assert sum(op.name.startswith("mesh.all_") for op in module.walk()) == 1
    assert branch.results[0].type == branch.regions[0].blocks[0].ops[-1].operands[0].type \
        == branch.regions[1].blocks[0].ops[-1].operands[0].type
    x, w, _ = _inputs(3)
    result = mc.run(mc.parse(text), [x, w, np.array(taken)], check=True)
    assert result.check_ok
    want = x.astype(np.float64) @ w if taken else np.zeros((4, 8))
    assert_close(result.outputs[0], want, 6, matmul_magnitude(x, w))
    moved = [d.collective_bytes for d in result.stats.devices]
    assert sum(moved) == (_ring_all_reduce_total(group, groups) if taken else 0)
    if taken:  # estimate counts the branch with the collective (an upper bound for the else branch)
        est = estimate(mc.compile(mc.parse(text), None).program.schedule)
        assert [d.stats.collective_bytes for d in est.devices] == moved


def _loop_reference(x, w, a, trips: int) -> np.ndarray:
    acc = a.astype(np.float64)
    y = x.astype(np.float64) @ w
    for _ in range(trips):
        acc = np.tanh(acc) + y
    return acc


@pytest.mark.parametrize("fill_above", [True, False], ids=["fill-above", "empty-above"])
@pytest.mark.parametrize("mesh, ws, group, groups", MESHES[:2], ids=[m[0] for m in MESHES[:2]])
def test_a_dynamic_loop_reads_a_zero_init_from_above_partial(mesh, ws, group, groups, fill_above):
    text = _loop(mesh, ws, fill_above=fill_above)
    module = _partitioned(text)
    loop = next(op for op in module.walk() if op.name == "scf.for")
    body = [op.name for op in loop.regions[0].blocks[0].ops]
    assert body.index("linalg.matmul") < body.index("mesh.all_reduce")
    assert [op for op in module.walk() if op.name.startswith("mesh.all_") and op.parent_op is not loop] == []
    schedule = mc.compile(mc.parse(text), None).program.schedule
    per_trip = estimate(schedule)
    for trips in (0, 1, 3):
        x, w, a = _inputs(trips)
        result = mc.run(mc.parse(text), [x, w, a, np.array(trips, dtype=np.int64)], check=True)
        assert result.check_ok
        assert_close(result.outputs[0], _loop_reference(x, w, a, trips), 6 * max(1, trips),
                     matmul_magnitude(x, w) + 1)
        moved = [d.collective_bytes for d in result.stats.devices]
        assert sum(moved) == trips * _ring_all_reduce_total(group, groups)
        assert [trips * d.stats.collective_bytes for d in per_trip.devices] == moved
        assert [d.stats.collective_bytes for d in estimate(schedule, trips=trips).devices] == moved


def test_a_static_loop_kept_as_a_loop_and_its_estimate_equals_the_run():
    trips = 70  # above flatten-regions' max-trips: the default pipeline keeps the loop
    text = _loop("2x3", "[[1]]", trips=trips)
    module = _partitioned(text)
    assert any(op.name == "scf.for" for op in module.walk())
    x, w, a = _inputs(11)
    result = mc.run(mc.parse(text), [x, w, a, np.array(0, dtype=np.int64)], check=True)
    assert result.check_ok
    assert_close(result.outputs[0], _loop_reference(x, w, a, trips), 6 * trips, matmul_magnitude(x, w) + 1)
    moved = [d.collective_bytes for d in result.stats.devices]
    assert sum(moved) == trips * _ring_all_reduce_total(3, 2)
    est = estimate(mc.compile(mc.parse(text), None).program.schedule)
    assert est.notes == []
    assert [d.stats.collective_bytes for d in est.devices] == moved


@pytest.mark.parametrize("ran, hint", [([], "run sharding-propagation before distribute-types"),
                                       (["sharding-propagation"], "sharding-propagation ran, yet")])
def test_the_unequal_types_hint_says_whether_propagation_ran(ran, hint):
    with pytest.raises(DiagnosticError) as info:
        PassManager.from_text("distribute-types", PassContext(completed=list(ran))).run(mc.parse(ANNOTATED, "a.mlir"))
    text = str(info.value)
    assert "'linalg.matmul' op" in text and hint in text and info.value.location.line == 7
    other = "run sharding-propagation before" if ran else "sharding-propagation ran"
    assert other not in text


# a value from above read with another split: x replicated read beside a row-split y (replicated ->
# split), or x row-split read by a slice of its rows (split -> replicated)
SPLITS = """module {
  mesh.mesh @m(shape = MESH)
  func.func @main(%x: tensor<4x6xf32>, %y: tensor<4x6xf32>, %p: tensor<i1>) -> tensor<2x6xf32> {
    %xa = mesh.shard %x to <@m, XS> : tensor<4x6xf32>
    %ys = mesh.shard %y to <@m, [[0]]> : tensor<4x6xf32>
    %c = tensor.extract %p[] : tensor<i1>
    %r = scf.if %c -> (tensor<2x6xf32>) {
      %e = tensor.empty() : tensor<4x6xf32>
      %a = linalg.add ins(%xa, %ys : tensor<4x6xf32>, tensor<4x6xf32>) outs(%e : tensor<4x6xf32>) -> tensor<4x6xf32>
      %s = tensor.extract_slice %a[1, 0] [2, 6] [1, 1] : tensor<4x6xf32> to tensor<2x6xf32>
      scf.yield %s : tensor<2x6xf32>
    } else {
      %s2 = tensor.extract_slice %xa[2, 0] [2, 6] [1, 1] : tensor<4x6xf32> to tensor<2x6xf32>
      scf.yield %s2 : tensor<2x6xf32>
    }
    return %r : tensor<2x6xf32>
  }
}"""


@pytest.mark.parametrize("mesh, xs", [("2", "[[]]"), ("2", "[[0]]"), ("2x2", "[[1]]")])
@pytest.mark.parametrize("taken", [True, False], ids=["then", "else"])
def test_a_split_of_a_value_from_above_is_resharded_once_before_the_if(mesh, xs, taken):
    text = SPLITS.replace("MESH", mesh).replace("XS", xs)
    module = _partitioned(text)
    branch = next(op for op in module.walk() if op.name == "scf.if")
    assert not any(op.name.startswith("mesh.") for op in branch.walk() if op is not branch)
    rng = np.random.default_rng(4)
    x, y = (rng.standard_normal((4, 6)).astype(np.float32) for _ in range(2))
    result = mc.run(mc.parse(text), [x, y, np.array(taken)], check=True)
    assert result.check_ok
    want = (x + y)[1:3] if taken else x[2:4]
    assert_close(result.outputs[0], want, 1)
