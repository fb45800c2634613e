"""``meshc estimate`` on region steps (meshc/runtime/estimate.py, docs/estimate.md): per-loop trip
counts (``--trip-count N`` / ``LINE=N`` / ``LINE:COL=N``, :class:`TripCounts`), a located error for a
count that names no dynamic loop, a warning for a dynamic loop without one, and the peak of a branch
on a computed condition marked as an upper bound. Figures are checked against ``meshc run --stats``
of the same program."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import meshc.api as mc
from meshc.runtime.estimate import TripCounts, estimate

DATA = Path(__file__).parent / "data"

# two loops of dynamic trip count (lines 11 and 18), each with one reduce_scatter per trip (the partial
# product reduce_scattered into the carried value's column split)
TWO_LOOPS = """module {
  mesh.mesh @m(shape = 4)
  func.func @main(%x: tensor<8x16xf32>, %w: tensor<16x16xf32>, %at: tensor<index>, %bt: tensor<index>) -> tensor<8x16xf32> {
    %xs = mesh.shard %x to <@m, [[], [0]]> : tensor<8x16xf32>
    %ws = mesh.shard %w to <@m, [[0]]> : tensor<16x16xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %na = tensor.extract %at[] : tensor<index>
    %nb = tensor.extract %bt[] : tensor<index>
    %z = arith.constant 0.0 : f32
    %r = scf.for %i = %c0 to %na step %c1 iter_args(%a = %xs) -> (tensor<8x16xf32>) {
      %e = tensor.empty() : tensor<8x16xf32>
      %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x16xf32>) -> tensor<8x16xf32>
      %y = linalg.matmul ins(%a, %ws : tensor<8x16xf32>, tensor<16x16xf32>) outs(%f : tensor<8x16xf32>) -> tensor<8x16xf32>
      %t = math.tanh %y : tensor<8x16xf32>
      scf.yield %t : tensor<8x16xf32>
    }
    %s = scf.for %i = %c0 to %nb step %c1 iter_args(%a = %r) -> (tensor<8x16xf32>) {
      %e = tensor.empty() : tensor<8x16xf32>
      %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x16xf32>) -> tensor<8x16xf32>
      %y = linalg.matmul ins(%a, %ws : tensor<8x16xf32>, tensor<16x16xf32>) outs(%f : tensor<8x16xf32>) -> tensor<8x16xf32>
      %t = math.tanh %y : tensor<8x16xf32>
      scf.yield %t : tensor<8x16xf32>
    }
    return %s : tensor<8x16xf32>
  }
}"""


def _inputs(a: int, b: int) -> list:
    rng = np.random.default_rng(11)
    return [rng.standard_normal((8, 16)).astype(np.float32), (rng.standard_normal((16, 16)) / 4).astype(np.float32),
            np.array(a, dtype=np.int64), np.array(b, dtype=np.int64)]


def _meshc(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "meshc", *args], capture_output=True, text=True, timeout=300)


def test_trip_counts_parse_counts_by_line_column_and_for_every_loop():
    t = TripCounts.parse(["3", "11=2", "18:10=5"])
    assert (t.default, t.at) == (3, {(11, 0): 2, (18, 10): 5})
    for bad in (["x=3"], ["3", "4"], ["11=1", "11=2"], ["-1"], ["0=2"], ["11=two"]):
        with pytest.raises(ValueError, match="--trip-count"):
            TripCounts.parse(bad)


@pytest.mark.parametrize("a, b", [(2, 5), (3, 0)])
def test_each_dynamic_loop_takes_its_own_count_as_a_run_counts_it(a, b):
    schedule = mc.compile(mc.parse(TWO_LOOPS), None).program.schedule
    result = mc.run(mc.parse(TWO_LOOPS), _inputs(a, b), check=True)
    assert result.check_ok
    run = [d.collective_bytes for d in result.stats.devices]
    assert run == [(a + b) * 3 * 8 * 16 * 4 // 4] * 4  # (g - 1) / g of the 8x16 f32 partial over 4, per trip
    trips = TripCounts.parse([f"11={a}", f"18:10={b}"])
    est = estimate(schedule, trips=trips)
    assert [d.stats.collective_bytes for d in est.devices] == run
    assert est.unmatched_trip_counts == [] and est.warnings == []
    assert [(d["loop"].rsplit(":", 2)[1:], d["trips"]) for d in est.dynamic_loops] == [
        (["11", "10"], a), (["18", "10"], b)]
    # a count for every loop but the first, which has its own: the same figures
    mixed = estimate(schedule, trips=TripCounts.parse([f"11={a}", str(b)]))
    assert [d.stats.collective_bytes for d in mixed.devices] == run
    # flops follow the counts too: one loop's body costs the same per trip
    once = estimate(schedule, trips=1)
    per_trip = (once.total("flops") - estimate(schedule, trips=0).total("flops")) // 2
    assert est.total("flops") - estimate(schedule, trips=0).total("flops") == (a + b) * per_trip > 0


def test_a_count_that_names_no_loop_is_an_error_and_an_uncounted_loop_a_warning(tmp_path):
    src = tmp_path / "two.mlir"
    src.write_text(TWO_LOOPS)
    r = _meshc("estimate", str(src), "--trip-count", "11=2", "--trip-count", "12=4")
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert f"{src}: error: --trip-count 12=4 names no loop with a dynamic trip count" in r.stderr
    assert f"{src}:11:10 'scf.for', {src}:18:10 'scf.for'" in r.stderr
    r = _meshc("estimate", str(DATA / "region/branch.mlir"), "--trip-count", "3")
    assert r.returncode == 1 and "--trip-count 3 names no loop" in r.stderr and "dynamic loops: none" in r.stderr
    r = _meshc("estimate", str(src), "--trip-count", "11=2", "--json")
    assert r.returncode == 0, r.stderr
    warnings = [line for line in r.stderr.splitlines() if line.startswith("warning:")]
    assert warnings == [f"warning: {src}:18:10: 'scf.for' has a dynamic trip count and no --trip-count: its body "
                        "(flops, in-body collectives) is counted once (give --trip-count N for every loop, or "
                        "--trip-count 18=N for this one)"]
    data = json.loads(r.stdout)
    assert [d["trips"] for d in data["dynamic_loops"]] == [2, None]
    assert [x["received"]["collective"] for x in data["devices"]] == [3 * 3 * 8 * 16 * 4 // 4] * 4
    r = _meshc("estimate", str(src), "--trip-count", "x=2")
    assert r.returncode == 1 and "the loop is named by its source line" in r.stderr


def test_the_peak_of_a_branch_on_a_computed_condition_is_an_upper_bound_of_either_run():
    path = DATA / "region/branch.mlir"
    text = path.read_text()
    est = estimate(mc.compile(mc.parse(text, str(path)), None).program.schedule)
    assert all(d.peak_bound and d.logical_peak_bound for d in est.devices)
    rng = np.random.default_rng(2)
    peaks = []
    for taken in (True, False):
        inputs = [rng.standard_normal((8, 16)).astype(np.float32), rng.standard_normal((8, 16)).astype(np.float32),
                  rng.standard_normal((16, 16)).astype(np.float32), np.array(taken)]
        result = mc.run(mc.parse(text, str(path)), inputs, check=True)
        assert result.check_ok
        peaks.append([d.peak_bytes for d in result.stats.devices])
    # the taken branch holds the all_reduce's staging: the bound is reached, the else run stays below it
    assert peaks[0] == [d.stats.peak_bytes for d in est.devices]
    assert all(p < d.stats.peak_bytes for p, d in zip(peaks[1], est.devices))
    r = _meshc("estimate", str(path), "--json")
    assert r.returncode == 0, r.stderr
    assert all(d["peak_upper_bound"] for d in json.loads(r.stdout)["devices"])
    # a loop's staging is held on every trip: its peak is exact
    loop = estimate(mc.compile(mc.parse((DATA / "region/mlp_loop.mlir").read_text()), None).program.schedule, trips=2)
    assert not any(d.peak_bound for d in loop.devices)
