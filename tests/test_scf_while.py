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
from meshc.runtime.body_collectives import body_collective_runs
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


def test_in_body_collectives_are_counted_per_trip_with_a_hint():
    module = mc.compile(mc.parse((LIT / "partition" / "while.mlir").read_text())).module
    loop = next(op for op in module.walk() if op.name == "scf.while")
    runs, notes = body_collective_runs(loop)
    assert [(op.name, n) for op, n in runs] == [("mesh.all_reduce", 1)]
    assert len(notes) == 1 and "data-dependent number of trips" in notes[0] and "counted once" in notes[0]
    runs, notes = body_collective_runs(loop, trips=5)
    assert [n for _, n in runs] == [5] and "5 trips" in notes[0]


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
