"""``scf.while`` / ``scf.condition`` (meshc/dialects/scf.py): parse and print, the reference
interpreter and the threaded runtime on loops whose trip count depends on the data, the region-flow
model (meshc/interfaces/region_flow.py) and the loop partitioned in place with its body's collective
run once per trip (meshc/interfaces/region_models.py, meshc/runtime/body_collectives.py)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import meshc.api as mc
from meshc.interfaces.region_flow import region_flow, region_flow_model
from meshc.ir.printer import print_op
from meshc.passes.manager import PassManager
from meshc.backend.region_body import region_body
from meshc.backend.schedule import BodyLoop
from meshc.runtime.estimate import estimate
from tests.tolerance import assert_close

LIT = Path(__file__).parent / "lit"

# steps of the Collatz map until 1 (a trip count no bound states), and the largest value met
COLLATZ = """func.func @collatz(%n: i64) -> (i64, i64) {
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %two = arith.constant 2 : i64
  %three = arith.constant 3 : i64
  %r:3 = scf.while (%v = %n, %k = %zero, %top = %n) : (i64, i64, i64) -> (i64, i64, i64) {
    %more = arith.cmpi sgt, %v, %one : i64
    scf.condition(%more) %v, %k, %top : i64, i64, i64
  } do {
  ^bb0(%a: i64, %b: i64, %t: i64):
    %rem = arith.remsi %a, %two : i64
    %odd = arith.cmpi ne, %rem, %zero : i64
    %half = arith.divsi %a, %two : i64
    %tri = arith.muli %a, %three : i64
    %tri1 = arith.addi %tri, %one : i64
    %next = arith.select %odd, %tri1, %half : i64
    %b1 = arith.addi %b, %one : i64
    %t1 = arith.maxsi %t, %next : i64
    scf.yield %next, %b1, %t1 : i64, i64, i64
  }
  return %r#1, %r#2 : i64, i64
}
"""


def _collatz(n: int) -> tuple[int, int]:
    steps, top = 0, n
    while n > 1:
        n = 3 * n + 1 if n % 2 else n // 2
        steps += 1
        top = max(top, n)
    return steps, top


@pytest.mark.parametrize("n", [1, 6, 27])
def test_reference_runs_a_data_dependent_trip_count(n):
    out = mc.run_reference(mc.parse(COLLATZ), [np.int64(n)]).outputs
    assert (int(out[0]), int(out[1])) == _collatz(n)  # 27: 111 steps, up to 9232


def test_a_do_while_runs_its_before_block_once_more_than_its_after_block():
    # the "before" block doubles and forwards i1 and f32 (other types than it carries); zero trips of
    # the "after" block when the first doubling is already past the limit
    text = """func.func @f(%x: f32, %limit: f32) -> (f32, i32) {
      %zero = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %r:3 = scf.while (%a = %x, %k = %zero) : (f32, i32) -> (i1, f32, i32) {
        %d = arith.addf %a, %a : f32
        %k1 = arith.addi %k, %one : i32
        %c = arith.cmpf olt, %d, %limit : f32
        scf.condition(%c) %c, %d, %k1 : i1, f32, i32
      } do {
      ^bb0(%c2: i1, %b: f32, %j: i32):
        scf.yield %b, %j : f32, i32
      }
      return %r#1, %r#2 : f32, i32
    }"""
    module = mc.parse(text)
    for x, limit, want in ((1.0, 10.0, (16.0, 4)), (8.0, 10.0, (16.0, 1))):
        out = mc.run_reference(module, [np.float32(x), np.float32(limit)]).outputs
        assert (float(out[0]), int(out[1])) == want


def test_custom_and_generic_forms_print_what_parses_back():
    module = mc.parse(COLLATZ)
    custom = print_op(module)
    assert "scf.while (%v = %n, %k = %zero, %top = %n) : (i64, i64, i64) -> (i64, i64, i64) {" in custom
    assert "} do {\n    ^bb0(%a: i64, %b: i64, %t: i64):" in custom
    generic = print_op(module, generic=True)
    assert '"scf.while"(%n, %zero, %n) ({' in generic and '"scf.condition"(%more, %v, %k, %top)' in generic
    for text in (custom, generic):
        assert print_op(mc.parse(text)) == custom


def test_region_flow_model_ties_and_an_unknown_trip_count():
    module = mc.parse(COLLATZ)
    loop = next(op for op in module.walk() if op.name == "scf.while")
    model = region_flow_model(loop)
    before, after = loop.regions[0].blocks[0], loop.regions[1].blocks[0]
    assert model.blocks(loop) == [before, after]
    flow = region_flow(loop)
    assert flow.trips is None and flow.body is before and flow.entry == (0, 1, 2)
    # the condition forwards the "before" arguments unchanged: init, both block arguments, yield and
    # result are one value at different points of the flow
    ties = model.ties(loop)
    assert len(ties) == 3
    for k, group in enumerate(ties):
        assert group == (loop.operands[k], before.args[k], after.ops[-1].operands[k], after.args[k],
                         loop.results[k])
    assert model.uniform(loop) == [before.ops[-1].operands[0]]


def test_region_passes_keep_the_loop():
    # flatten-regions cannot unroll a loop of unknown trip count; canonicalize and cse keep it whole
    module = mc.parse(COLLATZ)
    PassManager.from_text("flatten-regions{all-functions=true},canonicalize,cse").run(module)
    assert sum(op.name == "scf.while" for op in module.walk()) == 1
    assert tuple(int(v) for v in mc.run_reference(module, [np.int64(27)]).outputs) == _collatz(27)


def _mlp_inputs(trips: int, seed: int = 0):
    rng = np.random.default_rng(seed)
    x = (rng.standard_normal((8, 16)) * 0.5).astype(np.float32)
    w1 = (rng.standard_normal((16, 32)) * 0.25).astype(np.float32)
    w2 = (rng.standard_normal((32, 16)) * 0.25).astype(np.float32)
    return [x, w1, w2, np.int32(trips)]


@pytest.mark.parametrize("trips", [0, 1, 3])
def test_megatron_mlp_in_a_while_loop_runs_sharded_with_one_all_reduce_per_trip(trips):
    # tests/lit/partition/while.mlir: x rows over axis 0, w1 column- and w2 row-split over axis 1
    text = (LIT / "partition" / "while.mlir").read_text()
    inputs = _mlp_inputs(trips)
    result = mc.run(mc.parse(text), inputs, check=True)
    assert result.check_ok
    x, w1, w2, _ = (a.astype(np.float64) for a in inputs)
    magnitude = float(np.max(np.abs(x)))
    for _ in range(trips):
        t = np.tanh(x @ w1)
        magnitude = max(magnitude, float(np.max(np.abs(t) @ np.abs(w2))))
        x = t @ w2
    assert_close(result.outputs[0], x, max(1, trips) * (16 + 32), magnitude)
    # per trip one all_reduce of the device's 4x16 f32 rows over the 4 devices of its axis-1 group
    per_trip = 2 * 3 * 4 * 16 * 4 // 4
    assert [d.collective_bytes for d in result.stats.devices] == [trips * per_trip] * 8
    compiled = mc.compile(mc.parse(text))
    assert [d.stats.collective_bytes for d in estimate(compiled.program.schedule, trips=trips).devices] == [
        trips * per_trip] * 8


def test_in_body_collectives_are_listed_in_the_loop_and_counted_per_trip_with_a_hint():
    compiled = mc.compile(mc.parse((LIT / "partition" / "while.mlir").read_text()))
    loop = next(op for op in compiled.module.walk() if op.name == "scf.while")
    (node,) = region_body(loop)
    assert isinstance(node, BodyLoop) and node.name == "scf.while" and node.trips is None
    assert node.retest == 0  # the "before" block holds no collective: nothing runs once more
    assert [c.kind for c in node.body] == ["all_reduce"]
    once = estimate(compiled.program.schedule)
    assert any("dynamic trip count" in n and "counted once" in n for n in once.notes)
    five = estimate(compiled.program.schedule, trips=5)
    assert [d.stats.collective_bytes for d in five.devices] == [5 * d.stats.collective_bytes for d in once.devices]


# a collective in the "before" block: it runs once more than the "after" block's (the last test)
TEST_COLLECTIVE = """module {
  mesh.mesh @m(shape = 4)
  func.func @main(%x: tensor<8x4xf32>, %n: tensor<i32>) -> tensor<8x4xf32> {
    %s = mesh.shard %x to <@m, [[], [0]]> : tensor<8x4xf32>
    %zero = arith.constant dense<0> : tensor<i32>
    %r:2 = scf.while (%a = %s, %i = %zero) : (tensor<8x4xf32>, tensor<i32>) -> (tensor<8x4xf32>, tensor<i32>) {
      %e = tensor.empty() : tensor<8xf32>
      %z = arith.constant 0.0 : f32
      %f = linalg.fill ins(%z : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
      %rows = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
          iterator_types = ["parallel", "reduction"]} ins(%a : tensor<8x4xf32>) outs(%f : tensor<8xf32>) {
      ^bb0(%v: f32, %acc: f32):
        %t = arith.addf %v, %acc : f32
        linalg.yield %t : f32
      } -> tensor<8xf32>
      %k = tensor.extract %rows[%c0] : tensor<8xf32>
      %lim = arith.constant 1000.0 : f32
      %small = arith.cmpf olt, %k, %lim : f32
      %ii = tensor.extract %i[] : tensor<i32>
      %nn = tensor.extract %n[] : tensor<i32>
      %more = arith.cmpi slt, %ii, %nn : i32
      %go = arith.andi %small, %more : i1
      scf.condition(%go) %a, %i : tensor<8x4xf32>, tensor<i32>
    } do {
    ^bb0(%b: tensor<8x4xf32>, %j: tensor<i32>):
      %y = arith.addf %b, %b : tensor<8x4xf32>
      %one = arith.constant dense<1> : tensor<i32>
      %j1 = arith.addi %j, %one : tensor<i32>
      scf.yield %y, %j1 : tensor<8x4xf32>, tensor<i32>
    }
    return %r#0 : tensor<8x4xf32>
  }
}
"""


@pytest.mark.parametrize("trips", [0, 2])
def test_a_collective_in_the_loop_test_runs_once_more_and_the_estimate_counts_it(trips):
    text = TEST_COLLECTIVE.replace("%k = tensor.extract %rows[%c0]", "%c0 = arith.constant 0 : index\n"
                                   "      %k = tensor.extract %rows[%c0]")
    x = np.full((8, 4), 0.25, np.float32)
    result = mc.run(mc.parse(text), [x, np.array(trips, np.int32)], check=True)
    assert result.check_ok
    np.testing.assert_array_equal(result.outputs[0], x * 2.0 ** trips)  # exact: powers of two
    compiled = mc.compile(mc.parse(text))
    loop = next(op for op in compiled.module.walk() if op.name == "scf.while")
    (node,) = region_body(loop)
    assert isinstance(node, BodyLoop) and node.retest == 1
    assert [c.kind for c in node.body] == ["all_reduce"]
    # the row sums all_reduce over the 4 devices: 8 f32 = 32 B, each device receives 3/4 of the group's
    # ring traffic per run; trips + 1 runs of the test
    runs = [d.collective_bytes for d in result.stats.devices]
    assert len(set(runs)) == 1 and runs[0] > 0
    assert runs[0] % (trips + 1) == 0
    est = estimate(compiled.program.schedule, trips=trips)
    assert [d.stats.collective_bytes for d in est.devices] == runs


def test_a_condition_that_differs_between_devices_is_a_located_error():
    text = (LIT / "partition" / "while_invalid.mlir").read_text()
    with pytest.raises(mc.DiagnosticError) as err:
        PassManager.from_text("partition").run(mc.parse(text))
    message = str(err.value)
    assert "'scf.while' op cannot be partitioned: its condition at" in message
    assert "partial = sum[0]" in message and "different trip counts" in message


# lax.while_loop's shape: the condition reads a reduction of the split carried tensor (its squared norm)
NORM_LOOP = """module {
  mesh.mesh @m(shape = 4)
  func.func @shrink(%x: tensor<8xf32>, %tol: f32) -> tensor<8xf32> {
    %xs = mesh.shard %x to <@m, [[0]]> : tensor<8xf32>
    %half = arith.constant 0.5 : f32
    %zero = arith.constant 0.0 : f32
    %r = scf.while (%a = %xs) : (tensor<8xf32>) -> tensor<8xf32> {
      %sq = arith.mulf %a, %a : tensor<8xf32>
      %e = tensor.empty() : tensor<f32>
      %f = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
      %s = linalg.reduce ins(%sq : tensor<8xf32>) outs(%f : tensor<f32>) dimensions = [0]
        (%in: f32, %acc: f32) {
          %y = arith.addf %in, %acc : f32
          linalg.yield %y : f32
        }
      %v = tensor.extract %s[] : tensor<f32>
      %gt = arith.cmpf ogt, %v, %tol : f32
      scf.condition(%gt) %a : tensor<8xf32>
    } do {
    ^bb0(%b: tensor<8xf32>):
      %hs = tensor.empty() : tensor<8xf32>
      %hf = linalg.fill ins(%half : f32) outs(%hs : tensor<8xf32>) -> tensor<8xf32>
      %h = arith.mulf %b, %hf : tensor<8xf32>
      scf.yield %h : tensor<8xf32>
    }
    return %r : tensor<8xf32>
  }
}
"""


def test_a_condition_on_a_split_tensor_s_norm_is_combined_before_it_is_tested():
    module = mc.compile(mc.parse(NORM_LOOP)).module
    loop = next(op for op in module.walk() if op.name == "scf.while")
    before = loop.regions[0].blocks[0]
    # the carried tensor stays split (2 of 8 per device); its partial sum is all_reduced in the
    # "before" block on every trip, so every device tests the same value
    assert loop.operands[0].type.shape == (2,)
    assert [op.name for op in before.ops if op.name.startswith("mesh.")] == ["mesh.all_reduce"]
    x = np.arange(8, dtype=np.float32)  # |x|^2 = 140: halved 10 times to 140 / 4^10 <= 1e-3 < ...
    result = mc.run(mc.parse(NORM_LOOP), [x, np.float32(1e-3)], check=True)
    assert result.check_ok
    trips = next(k for k in range(64) if 140.0 / 4 ** k <= 1e-3)
    np.testing.assert_array_equal(result.outputs[0], x * np.float32(0.5) ** trips)  # powers of 2: exact
    # the test runs trips + 1 times, one all_reduce of one f32 over the 4 devices each time (the ring's
    # chunks of a 1-element buffer are uneven: the device holding it receives more), as estimate says
    got = [d.collective_bytes for d in result.stats.devices]
    assert all(n % (trips + 1) == 0 for n in got) and sum(got) // (trips + 1) == 24
    compiled = mc.compile(mc.parse(NORM_LOOP))
    assert [d.stats.collective_bytes for d in estimate(compiled.program.schedule, trips=trips).devices] == got


# scf.condition forwards values its before block computes, in another order than the loop carries them
PERMUTED = """mesh.mesh @m(shape = 2x2)
func.func @f(%x: tensor<8x4xf32>, %n: i32) -> (tensor<8x4xf32>, tensor<8x4xf32>) {
  %xs = mesh.shard %x to <@m, [[0], [1]]> : tensor<8x4xf32>
  %z = arith.constant 0 : i32
  %r:3 = scf.while (%a = %xs, %i = %z, %q = %xs) : (tensor<8x4xf32>, i32, tensor<8x4xf32>)
      -> (tensor<8x4xf32>, tensor<8x4xf32>, i32) {
    %h = arith.mulf %a, %a : tensor<8x4xf32>
    %c = arith.cmpi slt, %i, %n : i32
    scf.condition(%c) %q, %h, %i : tensor<8x4xf32>, tensor<8x4xf32>, i32
  } do {
  ^bb0(%b: tensor<8x4xf32>, %d: tensor<8x4xf32>, %j: i32):
    %one = arith.constant 1 : i32
    %j1 = arith.addi %j, %one : i32
    %e = arith.addf %b, %d : tensor<8x4xf32>
    scf.yield %e, %j1, %d : tensor<8x4xf32>, i32, tensor<8x4xf32>
  }
  return %r#0, %r#1 : tensor<8x4xf32>, tensor<8x4xf32>
}
"""


def _permuted_reference(x: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray]:
    a, i, q = x, 0, x
    while True:
        h = a * a
        if not i < n:
            return q, h
        b, d, j = q, h, i
        a, i, q = b + d, j + 1, d


@pytest.mark.parametrize("trips", [0, 1, 3])
def test_a_condition_forwarding_computed_values_in_another_order_runs_sharded(trips):
    """The results take the types of the values the condition forwards (not of the inits at the same
    position), on every device; values exact (x on a 1/4 grid, at most 3 squarings and sums in f32)."""
    x = (np.arange(32, dtype=np.float32).reshape(8, 4) % 5) / 4
    result = mc.run(mc.parse(PERMUTED), [x, np.array(trips, np.int32)], check=True)
    assert result.check_ok
    want = _permuted_reference(x.astype(np.float64), trips)
    for got, w in zip(result.outputs, want):
        np.testing.assert_array_equal(got, w.astype(np.float32))
    assert [d.collective_bytes for d in result.stats.devices] == [0] * 4


def test_a_do_while_without_a_mesh_runs_and_its_forwarded_value_is_the_result():
    text = """func.func @f(%x: tensor<4x4xf32>, %l: f32) -> tensor<4x4xf32> {
  %r = scf.while (%a = %x) : (tensor<4x4xf32>) -> tensor<4x4xf32> {
    %h = arith.addf %a, %a : tensor<4x4xf32>
    %c = arith.cmpf olt, %l, %l : f32
    scf.condition(%c) %h : tensor<4x4xf32>
  } do {
  ^bb0(%b: tensor<4x4xf32>):
    scf.yield %b : tensor<4x4xf32>
  }
  return %r : tensor<4x4xf32>
}
"""
    x = np.arange(16, dtype=np.float32).reshape(4, 4)
    result = mc.run(mc.parse(text), [x, np.float32(1.0)], check=True)
    assert result.check_ok
    np.testing.assert_array_equal(result.outputs[0], x + x)  # the before block once, the condition false
