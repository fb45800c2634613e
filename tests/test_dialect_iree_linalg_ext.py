"""iree_linalg_ext dialect: custom and generic forms round-trip, the kernels against numpy written out
by hand (stable orders, prefix combinations, indexed writes and reads), and sharded runs against the
reference interpreter (the models of meshc/interfaces/sharding_models_iree_linalg_ext.py)."""

from __future__ import annotations

import re

import numpy as np
import pytest
from click.testing import CliRunner

from meshc import api
from meshc.cli import main
from meshc.ir.location import DiagnosticError
from meshc.ir.printer import print_op
from meshc.ir.verifier import verify
from meshc.parser import parse
from meshc.runtime.interpreter import Interpreter
from tests.tolerance import assert_close

# the total-order key JAX's sort comparator computes (negative floats' bits flipped), descending
TOTAL_ORDER_DESC = """
  ^bb0(%a: f32, %b: f32{extra_args}):
    %ia = arith.bitcast %a : f32 to i32
    %na = arith.cmpi slt, %ia, %zero : i32
    %fa = arith.subi %max, %ia : i32
    %ka = arith.select %na, %fa, %ia : i32
    %ib = arith.bitcast %b : f32 to i32
    %nb = arith.cmpi slt, %ib, %zero : i32
    %fb = arith.subi %max, %ib : i32
    %kb = arith.select %nb, %fb, %ib : i32
    %gt = arith.cmpi sgt, %ka, %kb : i32
    iree_linalg_ext.yield %gt : i1
"""

SORTS = """
func.func @main(%x: tensor<4x6xf32>, %i: tensor<4x6xi32>) -> (tensor<4x6xf32>, tensor<4x6xi32>, tensor<4x6xf32>, tensor<4x6xi32>) {
  %zero = arith.constant 0 : i32
  %max = arith.constant 2147483647 : i32
  %0:2 = iree_linalg_ext.sort dimension(1) outs(%x, %i : tensor<4x6xf32>, tensor<4x6xi32>) {
""" + TOTAL_ORDER_DESC.format(extra_args=", %c: i32, %d: i32") + """
  } -> tensor<4x6xf32>, tensor<4x6xi32>
  // lexicographic: by the rounded value ascending, ties by the index descending (no single key)
  %1:2 = iree_linalg_ext.sort dimension(1) outs(%x, %i : tensor<4x6xf32>, tensor<4x6xi32>) {
  ^bb0(%a: f32, %b: f32, %c: i32, %d: i32):
    %ra = math.floor %a : f32
    %rb = math.floor %b : f32
    %lt = arith.cmpf olt, %ra, %rb : f32
    %eq = arith.cmpf oeq, %ra, %rb : f32
    %gt = arith.cmpi sgt, %c, %d : i32
    %tie = arith.andi %eq, %gt : i1
    %r = arith.ori %lt, %tie : i1
    iree_linalg_ext.yield %r : i1
  } -> tensor<4x6xf32>, tensor<4x6xi32>
  return %0#0, %0#1, %1#0, %1#1 : tensor<4x6xf32>, tensor<4x6xi32>, tensor<4x6xf32>, tensor<4x6xi32>
}
"""

OTHERS = """
func.func @main(%x: tensor<4x6xf32>, %idx: tensor<3x1xi32>, %upd: tensor<3x6xf32>) -> (tensor<4x6xf32>, tensor<6xf32>, tensor<4x6xf32>, tensor<4x2xf32>, tensor<4x2xi32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<3x6xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %big = arith.constant 2147483647 : i32
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<4x6xf32>
  %a = tensor.empty() : tensor<6xf32>
  %a1 = linalg.fill ins(%one : f32) outs(%a : tensor<6xf32>) -> tensor<6xf32>
  %0:2 = iree_linalg_ext.scan dimension(0) inclusive(true) ins(%x : tensor<4x6xf32>) outs(%e, %a : tensor<4x6xf32>, tensor<6xf32>) {
  ^bb0(%p: f32, %q: f32):
    %s = arith.addf %p, %q : f32
    iree_linalg_ext.yield %s : f32
  } -> tensor<4x6xf32>, tensor<6xf32>
  %1:2 = iree_linalg_ext.scan dimension(0) inclusive(false) ins(%x : tensor<4x6xf32>) outs(%e, %a1 : tensor<4x6xf32>, tensor<6xf32>) {
  ^bb0(%p: f32, %q: f32):
    %s = arith.maximumf %p, %q : f32
    iree_linalg_ext.yield %s : f32
  } -> tensor<4x6xf32>, tensor<6xf32>
  %v = tensor.empty() : tensor<4x2xf32>
  %vi = linalg.fill ins(%ninf : f32) outs(%v : tensor<4x2xf32>) -> tensor<4x2xf32>
  %w = tensor.empty() : tensor<4x2xi32>
  %wi = linalg.fill ins(%big : i32) outs(%w : tensor<4x2xi32>) -> tensor<4x2xi32>
  %2:2 = iree_linalg_ext.topk dimension(1) ins(%x : tensor<4x6xf32>) outs(%vi, %wi : tensor<4x2xf32>, tensor<4x2xi32>) {
  ^bb0(%p: f32, %q: f32):
    %gt = arith.cmpf ogt, %p, %q : f32
    iree_linalg_ext.yield %gt : i1
  } -> tensor<4x2xf32>, tensor<4x2xi32>
  %3 = iree_linalg_ext.scatter dimension_map = [0] unique_indices(false) ins(%upd, %idx : tensor<3x6xf32>, tensor<3x1xi32>) outs(%x : tensor<4x6xf32>) {
  ^bb0(%u: f32, %o: f32):
    %s = arith.addf %o, %u : f32
    iree_linalg_ext.yield %s : f32
  } -> tensor<4x6xf32>
  %4 = iree_linalg_ext.scatter dimension_map = [0] unique_indices(false) ins(%upd, %idx : tensor<3x6xf32>, tensor<3x1xi32>) outs(%x : tensor<4x6xf32>) {
  ^bb0(%u: f32, %o: f32):
    %s = arith.mulf %o, %u : f32
    iree_linalg_ext.yield %s : f32
  } -> tensor<4x6xf32>
  %g = tensor.empty() : tensor<3x6xf32>
  %5 = iree_linalg_ext.gather dimension_map = [0] ins(%x, %idx : tensor<4x6xf32>, tensor<3x1xi32>) outs(%g : tensor<3x6xf32>) -> tensor<3x6xf32>
  return %0#0, %0#1, %1#0, %2#0, %2#1, %3, %4, %5 : tensor<4x6xf32>, tensor<6xf32>, tensor<4x6xf32>, tensor<4x2xf32>, tensor<4x2xi32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<3x6xf32>
}
"""


def _module(text: str):
    m = parse(text, "t.mlir")
    verify(m)
    return m


def _ties() -> np.ndarray:
    """4x6 float32 multiples of 1/4 with repeated values on every row (so stability matters) and both
    signed zeros."""
    x = (np.random.default_rng(3).integers(-6, 7, size=(4, 6)) / 4.0).astype(np.float32)
    x[0, :3] = x[0, 3]
    x[1, 1], x[1, 4] = 0.0, -0.0
    return x


@pytest.mark.parametrize("text", [SORTS, OTHERS], ids=["sorts", "others"])
def test_forms_round_trip(text):
    m = _module(text)
    printed = print_op(m)
    assert print_op(_module(printed)) == printed
    assert print_op(_module(print_op(m, generic=True))) == printed


def test_sorts_are_stable_as_the_comparator_orders():
    x = _ties()
    i = np.broadcast_to(np.arange(6, dtype=np.int32), (4, 6)).copy()
    got = Interpreter(_module(SORTS)).call("main", [x, i])
    # the total-order key: descending, -0.0 after +0.0, equal keys in input order
    bits = x.view(np.int32)
    key = np.where(bits < 0, np.int32(2147483647) - bits, bits)
    order = np.array([sorted(range(6), key=lambda j, r=r: -int(key[r, j])) for r in range(4)])
    np.testing.assert_array_equal(got[1], order)
    np.testing.assert_array_equal(got[0], np.take_along_axis(x, order, 1))
    assert np.signbit(got[0][1][list(order[1]).index(4)]) and not np.signbit(got[0][1][list(order[1]).index(1)])
    # the lexicographic comparator (run on every pair): floor ascending, then index descending
    lex = np.array([sorted(range(6), key=lambda j, r=r: (np.floor(x[r, j]), -j)) for r in range(4)])
    np.testing.assert_array_equal(got[3], lex)
    np.testing.assert_array_equal(got[2], np.take_along_axis(x, lex, 1))


def test_scan_topk_scatter_gather_match_numpy():
    x = _ties()
    idx = np.array([[2], [0], [2]], np.int32)
    upd = (np.arange(18, dtype=np.float32).reshape(3, 6) / 8).astype(np.float32)
    got = Interpreter(_module(OTHERS)).call("main", [x, idx, upd])
    np.testing.assert_array_equal(got[0], np.cumsum(x, axis=0, dtype=np.float32))  # sequential, as IREE's loop
    np.testing.assert_array_equal(got[1], np.cumsum(x, axis=0, dtype=np.float32)[-1])
    excl = np.maximum.accumulate(np.vstack([np.ones((1, 6), np.float32), x[:-1]]), axis=0)
    np.testing.assert_array_equal(got[2], excl)
    top = np.array([sorted(range(6), key=lambda j, r=r: -x[r, j])[:2] for r in range(4)])
    np.testing.assert_array_equal(got[4], top)
    np.testing.assert_array_equal(got[3], np.take_along_axis(x, top, 1))
    added, scaled = x.copy(), x.copy()
    for b, (row,) in enumerate(idx):
        added[row] += upd[b]
        scaled[row] *= upd[b]
    np.testing.assert_array_equal(got[5], added)
    np.testing.assert_array_equal(got[6], scaled)
    np.testing.assert_array_equal(got[7], x[idx[:, 0]])


SHARDED = """
mesh.mesh @m(shape = 2x2)
func.func @main(%x: tensor<4x6x8xf32>, %idx: tensor<5x1xi32>, %upd: tensor<5x8xf32>, %t: tensor<6x8xf32>) -> (tensor<4x6x8xf32>, tensor<4x6x8xi32>, tensor<4x6x8xf32>, tensor<4x6x2xf32>, tensor<6x8xf32>, tensor<5x8xf32>) {
  %xs = mesh.shard %x to <@m, [[0], [1]]> : tensor<4x6x8xf32>
  %ts = mesh.shard %t to <@m, [[], [1]]> : tensor<6x8xf32>
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0 : i32
  %c0 = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x6x8xi32>
  %iota = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} outs(%e : tensor<4x6x8xi32>) {
  ^bb0(%o: i32):
    %k = linalg.index 2 : index
    %ki = arith.index_cast %k : index to i32
    linalg.yield %ki : i32
  } -> tensor<4x6x8xi32>
  %0:2 = iree_linalg_ext.sort dimension(2) outs(%xs, %iota : tensor<4x6x8xf32>, tensor<4x6x8xi32>) {
  ^bb0(%a: f32, %b: f32, %c: i32, %d: i32):
    %gt = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %gt : i1
  } -> tensor<4x6x8xf32>, tensor<4x6x8xi32>
  %f = tensor.empty() : tensor<4x6x8xf32>
  %acc = tensor.empty() : tensor<4x8xf32>
  %1:2 = iree_linalg_ext.scan dimension(1) inclusive(true) ins(%xs : tensor<4x6x8xf32>) outs(%f, %acc : tensor<4x6x8xf32>, tensor<4x8xf32>) {
  ^bb0(%p: f32, %q: f32):
    %s = arith.addf %p, %q : f32
    iree_linalg_ext.yield %s : f32
  } -> tensor<4x6x8xf32>, tensor<4x8xf32>
  %v = tensor.empty() : tensor<4x6x2xf32>
  %vi = linalg.fill ins(%ninf : f32) outs(%v : tensor<4x6x2xf32>) -> tensor<4x6x2xf32>
  %w = tensor.empty() : tensor<4x6x2xi32>
  %wi = linalg.fill ins(%zero : i32) outs(%w : tensor<4x6x2xi32>) -> tensor<4x6x2xi32>
  %2:2 = iree_linalg_ext.topk dimension(2) ins(%xs : tensor<4x6x8xf32>) outs(%vi, %wi : tensor<4x6x2xf32>, tensor<4x6x2xi32>) {
  ^bb0(%p: f32, %q: f32):
    %gt = arith.cmpf ogt, %p, %q : f32
    iree_linalg_ext.yield %gt : i1
  } -> tensor<4x6x2xf32>, tensor<4x6x2xi32>
  %3 = iree_linalg_ext.scatter dimension_map = [0] unique_indices(false) ins(%upd, %idx : tensor<5x8xf32>, tensor<5x1xi32>) outs(%ts : tensor<6x8xf32>) {
  ^bb0(%u: f32, %o: f32):
    %s = arith.addf %o, %u : f32
    iree_linalg_ext.yield %s : f32
  } -> tensor<6x8xf32>
  %g = tensor.empty() : tensor<5x8xf32>
  %4 = iree_linalg_ext.gather dimension_map = [0] ins(%3, %idx : tensor<6x8xf32>, tensor<5x1xi32>) outs(%g : tensor<5x8xf32>) -> tensor<5x8xf32>
  return %0#0, %0#1, %1#0, %2#0, %3, %4 : tensor<4x6x8xf32>, tensor<4x6x8xi32>, tensor<4x6x8xf32>, tensor<4x6x2xf32>, tensor<6x8xf32>, tensor<5x8xf32>
}
"""


def test_sharded_run_keeps_the_parallel_dims_split(tmp_path):
    rng = np.random.default_rng(5)
    x = (rng.integers(-64, 65, size=(4, 6, 8)) / 16).astype(np.float32)
    idx = np.array([[1], [4], [1], [5], [0]], np.int32)
    upd = (rng.integers(-8, 9, size=(5, 8)) / 8).astype(np.float32)
    t = (rng.integers(-8, 9, size=(6, 8)) / 8).astype(np.float32)
    got = api.run(_module(SHARDED), [x, idx, upd, t], check=True).outputs
    order = np.argsort(-x, axis=2, kind="stable")
    np.testing.assert_array_equal(got[1], order)
    np.testing.assert_array_equal(got[0], np.take_along_axis(x, order, 2))
    # multiples of 1/16 summed six at a time: exact in float32
    np.testing.assert_array_equal(got[2], np.cumsum(x.astype(np.float64), axis=1))
    np.testing.assert_array_equal(got[3], np.take_along_axis(x, order[..., :2], 2))
    added = t.copy()
    np.add.at(added, idx[:, 0], upd)
    np.testing.assert_array_equal(got[4], added)
    assert_close(got[5], added[idx[:, 0]], k=1, dtype=np.float32)
    out = tmp_path / "sharded.mlir"
    out.write_text(SHARDED)
    r = CliRunner().invoke(main, ["compile", str(out), "-p", "sharding-propagation,distribute-types,reshard"])
    assert r.exit_code == 0, r.output
    # sort and topk run on each device's (dim 0, dim 1) block; the scan needs its dim 1 whole (one
    # all_gather over mesh axis 1), scatter and gather keep the slice dim split: nothing else moves
    assert re.findall(r"= mesh\.(\w+) ", r.output) == ["all_gather"], r.output
    assert "gather_axis = 1 : tensor<4x6x8xf32, #mesh.shard<@m, [[0], [1]]>>" in r.output
    for op in ("sort", "topk"):
        assert re.search(rf"iree_linalg_ext\.{op} dimension\(2\) \S* ?\S*\(%\w+(, %\w+)? : tensor<4x6x8xf32, "
                         r"#mesh\.shard<@m, \[\[0\], \[1\]\]>>", r.output), r.output
    assert "outs(%t : tensor<6x8xf32, #mesh.shard<@m, [[], [1]]>>)" in r.output


@pytest.mark.parametrize("text, message", [
    ("%0 = iree_linalg_ext.gather dimension_map = [1] ins(%s, %i : tensor<7x5xf32>, tensor<3x1xi32>) "
     "outs(%o : tensor<3x5xf32>) -> tensor<3x5xf32>", "dimension map is invalid"),
    ("%0 = iree_linalg_ext.gather dimension_map = [0] ins(%s, %i : tensor<7x5xf32>, tensor<3x1xi32>) "
     "outs(%o : tensor<3x5xf32>) -> tensor<3x4xf32>", "expected type of result #0"),
])
def test_verifier_errors_are_located(text, message):
    src = ("func.func @f(%s: tensor<7x5xf32>, %i: tensor<3x1xi32>, %o: tensor<3x5xf32>) {\n  " + text
           + "\n  return\n}\n")
    with pytest.raises(DiagnosticError) as err:
        _module(src)
    assert message in str(err.value)
    assert "t.mlir:2:" in str(err.value)


def test_a_comparator_that_is_no_order_is_a_located_error():
    # ">=" on a value computed apart for each side (so run on every pair): ties order both ways
    text = """
func.func @main(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %0 = iree_linalg_ext.sort dimension(1) outs(%x : tensor<2x4xf32>) {
  ^bb0(%a: f32, %b: f32):
    %ra = math.floor %a : f32
    %rb = math.ceil %b : f32
    %c = arith.cmpf oge, %ra, %rb : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}
"""
    x = np.array([[1.5, 1.25, 0.5, 2.0], [1.0, 1.0, 3.0, 1.0]], np.float32)
    with pytest.raises(DiagnosticError) as err:
        Interpreter(_module(text)).call("main", [x])
    assert "not a strict weak order" in str(err.value) and "t.mlir:3:" in str(err.value)


def test_out_of_range_scatter_rows_are_dropped_and_non_strict_keys_sort():
    text = """
func.func @main(%x: tensor<3x4xf32>, %u: tensor<3x4xf32>, %i: tensor<3xi32>) -> (tensor<3x4xf32>, tensor<3x4xf32>) {
  %0 = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true) ins(%u, %i : tensor<3x4xf32>, tensor<3xi32>) outs(%x : tensor<3x4xf32>) {
  ^bb0(%a: f32, %b: f32):
    iree_linalg_ext.yield %a : f32
  } -> tensor<3x4xf32>
  %1 = iree_linalg_ext.sort dimension(0) outs(%x : tensor<3x4xf32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf oge, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<3x4xf32>
  return %0, %1 : tensor<3x4xf32>, tensor<3x4xf32>
}
"""
    x = (np.arange(12, dtype=np.float32).reshape(3, 4) % 5).astype(np.float32)
    u = -np.ones((3, 4), np.float32) * np.arange(1, 4, dtype=np.float32)[:, None]
    got = Interpreter(_module(text)).call("main", [x, u, np.array([2, 3, -1], np.int32)])
    want = x.copy()
    want[2] = u[0]  # rows 3 and -1 fall outside the 3 rows: dropped
    np.testing.assert_array_equal(got[0], want)
    np.testing.assert_array_equal(got[1], -np.sort(-x, axis=0))


ARG_COMPARE = """
func.func @main(%x: tensor<3x7xf32>, %base: index) -> (tensor<3xf32>, tensor<3xi32>, tensor<3xf32>, tensor<3xi64>, tensor<3xf32>, tensor<3xi32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %pinf = arith.constant 0x7F800000 : f32
  %z = arith.constant 0 : i32
  %z64 = arith.constant 0 : i64
  %e = tensor.empty() : tensor<3xf32>
  %ei = tensor.empty() : tensor<3xi32>
  %ei64 = tensor.empty() : tensor<3xi64>
  %lo = linalg.fill ins(%ninf : f32) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  %hi = linalg.fill ins(%pinf : f32) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  %i0 = linalg.fill ins(%z : i32) outs(%ei : tensor<3xi32>) -> tensor<3xi32>
  %i64 = linalg.fill ins(%z64 : i64) outs(%ei64 : tensor<3xi64>) -> tensor<3xi64>
  %zf = arith.constant 0.0 : f32
  %zero = linalg.fill ins(%zf : f32) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  // argmax, the first of equal maxima, positions from %base
  %0:2 = iree_linalg_ext.arg_compare dimension(1) ins(%x : tensor<3x7xf32>) outs(%lo, %i0 : tensor<3xf32>, tensor<3xi32>) index_base(%base : index) {
  ^bb0(%a: f32, %b: f32):
    %gt = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %gt : i1
  } -> tensor<3xf32>, tensor<3xi32>
  // argmin, non-strict: the last of equal minima
  %1:2 = iree_linalg_ext.arg_compare dimension(1) ins(%x : tensor<3x7xf32>) outs(%hi, %i64 : tensor<3xf32>, tensor<3xi64>) {
  ^bb0(%a: f32, %b: f32):
    %le = arith.cmpf ole, %a, %b : f32
    iree_linalg_ext.yield %le : i1
  } -> tensor<3xf32>, tensor<3xi64>
  // the largest magnitude from 0 (a comparator of computed values: run per position)
  %2:2 = iree_linalg_ext.arg_compare dimension(1) ins(%x : tensor<3x7xf32>) outs(%zero, %i0 : tensor<3xf32>, tensor<3xi32>) {
  ^bb0(%a: f32, %b: f32):
    %aa = math.absf %a : f32
    %ab = math.absf %b : f32
    %gt = arith.cmpf ogt, %aa, %ab : f32
    iree_linalg_ext.yield %gt : i1
  } -> tensor<3xf32>, tensor<3xi32>
  return %0#0, %0#1, %1#0, %1#1, %2#0, %2#1 : tensor<3xf32>, tensor<3xi32>, tensor<3xf32>, tensor<3xi64>, tensor<3xf32>, tensor<3xi32>
}
"""


def test_arg_compare_is_argmax_argmin_and_runs_any_comparator():
    # ties and a NaN on purpose: row 0 has two maxima (3 at 1 and 4) and two minima (-2 at 2 and 5),
    # row 1 a NaN (never chosen: ogt is false for it), row 2 all equal; values are exact
    x = np.array([[0, 3, -2, 1, 3, -2, 0.5], [1, np.nan, -4, 2, 0, -4, 2], [5, 5, 5, 5, 5, 5, 5]], np.float32)
    m = parse(ARG_COMPARE)
    verify(m)
    out = api.run_reference(m, [x, np.array(10)]).outputs
    assert out[0].tolist() == [3, 2, 5] and out[1].tolist() == [11, 13, 10] and out[1].dtype == np.int32
    assert out[2].tolist() == [-2, -4, 5] and out[3].tolist() == [5, 5, 6] and out[3].dtype == np.int64
    assert out[4].tolist() == [3, -4, 5] and out[5].tolist() == [1, 2, 0]  # |-4| beats 2; NaN compares false


def test_arg_compare_runs_sharded_on_its_other_dims():
    text = ARG_COMPARE.replace("func.func @main(%x: tensor<3x7xf32>, %base: index)",
                               "mesh.mesh @m(shape = 2)\nfunc.func @main(%x0: tensor<3x7xf32>, %base: index)").replace(
        "  %ninf =", "  %x = mesh.shard %x0 to <@m, [[0]]> : tensor<3x7xf32>\n  %ninf =", 1)
    rng = np.random.default_rng(4)
    x = rng.integers(-3, 4, (3, 7)).astype(np.float32)  # small integers: many ties
    r = api.run(parse(text), [x, np.array(0)], check=True)
    assert r.check_ok
    assert r.outputs[1].tolist() == np.argmax(x, axis=1).tolist()
    assert r.outputs[3].tolist() == (6 - np.argmin(x[:, ::-1], axis=1)).tolist()
    assert sum(d.collective_bytes for d in r.stats.devices) == 0  # the rows stay split: nothing moves


@pytest.mark.parametrize("flags", [(), ("--auto-shard", "dp=2"), ("--mesh", "m=2x2", "--shard", "arg0=[[0], [1]]")],
                         ids=["unsharded", "dp2", "tokens-2x2"])
def test_an_onnx_graph_through_torch_mlir_runs_as_numpy_computes_it(flags):
    # samples/real/make_onnx_mix.py: an embedding, LayerNormalization, Gelu, Split/Concat, Where, CumSum
    # (an iree_linalg_ext.scan), TopK (a sort) and ArgMax (an arg_compare), weights inlined as constants;
    # the top-3 positions and the argmax are exact, the values within run --check's tolerance of the
    # float64 reference (derived from float32's eps and the longest reduction: meshc.runtime.tolerance)
    from tests.test_real_models_sharded import DATA
    r = CliRunner().invoke(main, ["run", str(DATA / "onnx_mix.linalg.mlir"), "--inputs", str(DATA / "onnx_mix.inputs.npz"),
                                  "--check", "--expected", str(DATA / "onnx_mix.expected.npz"), *flags])
    assert r.exit_code == 0, r.output
    assert r.output.count(": ok max abs err") == 6 and "MISMATCH" not in r.output, r.output
    assert "result1 vs 'ti': ok max abs err 0 max rel err 0 (exact)" in r.output
