"""meshc.kernels.generic.run_generic: loop structure, fast path, ordered loop."""

from __future__ import annotations

import numpy as np
import pytest

from meshc.ir.affine import AffineMap, BinaryExpr, ConstantExpr, DimExpr
from meshc.kernels import KernelError
from meshc.kernels import arith as A
from meshc.kernels.generic import run_generic

P, R = "parallel", "reduction"


def amap(num_dims, *results):
    """Map from dims / ints: an int k >= 0 is d{k}; the string '0' is the constant 0."""
    exprs = tuple(ConstantExpr(0) if r == "0" else DimExpr(r) if isinstance(r, int) else r for r in results)
    return AffineMap(num_dims, 0, exprs)


def test_elementwise_broadcast_into_transposed_output():
    a = np.arange(12.0).reshape(3, 4)
    b = np.array([100.0, 200.0, 300.0, 400.0])
    out = np.zeros((4, 3))
    (r,) = run_generic([a, b], [out], [amap(2, 0, 1), amap(2, 1), amap(2, 1, 0)], [P, P],
                       lambda args, index: [A.addf(args[0], args[1])])
    # r[j, i] = a[i, j] + b[j]
    np.testing.assert_array_equal(r, a.T + b[:, None])
    assert r.shape == (4, 3) and r.dtype == np.float64


def test_body_sees_full_iteration_shape_and_init_values():
    init = np.array([[1, 2, 3]], np.int32)
    seen = {}

    def body(args, index):
        seen["shapes"] = [x.shape for x in args]
        return [A.addi(args[0], args[1])]

    (r,) = run_generic([np.array([10, 20, 30], np.int32)], [init], [amap(2, 1), amap(2, 0, 1)], [P, P], body)
    assert seen["shapes"] == [(1, 3), (1, 3)]
    np.testing.assert_array_equal(r, [[11, 22, 33]])


def test_non_associative_reduction_matches_python_loop():
    rng = np.random.default_rng(3)
    x = rng.standard_normal((3, 4, 5))
    init = rng.standard_normal(3)

    def body(args, index):  # out = out * 0.5 + in
        return [A.addf(A.mulf(args[1], np.float64(0.5)), args[0])]

    (r,) = run_generic([x], [init], [amap(3, 0, 1, 2), amap(3, 0)], [P, R, R], body)
    expected = init.copy()
    for i in range(3):
        acc = init[i]
        for j in range(4):          # lexicographic over (d1, d2)
            for k in range(5):
                acc = acc * 0.5 + x[i, j, k]
        expected[i] = acc
    np.testing.assert_array_equal(r, expected)  # same operations in the same order: bit-exact


def test_reduction_dim_outermost_in_loop_order():
    # iterator order (reduction, parallel): the ordered loop still walks d0.
    x = np.array([[1.0, 2.0], [4.0, 8.0], [16.0, 32.0]])
    (r,) = run_generic([x], [np.zeros(2)], [amap(2, 0, 1), amap(2, 1)], [R, P],
                       lambda args, index: [A.addf(A.mulf(args[1], np.float64(0.5)), args[0])])
    # column 0: ((0*.5+1)*.5+4)*.5+16 = 18.25; column 1: ((0*.5+2)*.5+8)*.5+32 = 36.5
    np.testing.assert_array_equal(r, [18.25, 36.5])


def _matmul_body(args, index):
    return [A.addi(A.muli(args[0], args[1]), args[2])]


def _matmul_partial(args, index):
    return [A.muli(args[0], args[1])]


MATMUL_MAPS = [amap(3, 0, 2), amap(3, 2, 1), amap(3, 0, 1)]


@pytest.mark.parametrize("combiners, partial", [
    (None, None),                      # ordered loop
    (["addi"], _matmul_partial),       # fast path with partial body
    (["addi"], None),                  # fast path via identity outs
])
def test_matmul_generic_all_paths(combiners, partial):
    a = np.arange(6, dtype=np.int32).reshape(2, 3)
    b = np.arange(12, dtype=np.int32).reshape(3, 4)
    c = np.full((2, 4), 5, np.int32)
    (r,) = run_generic([a, b], [c], MATMUL_MAPS, [P, P, R], _matmul_body, combiners, partial)
    np.testing.assert_array_equal(r, c + a @ b)
    np.testing.assert_array_equal(c, np.full((2, 4), 5))


def test_fast_path_float_combiners_keep_nan_and_zero_rules():
    x = np.array([[1.0, np.nan, 3.0], [-0.0, 0.0, -0.0], [-0.0, -0.0, -0.0]])
    maps = [amap(2, 0, 1), amap(2, 0)]
    init = np.full(3, -np.inf)

    def run(name):
        body = lambda args, index: [A.BINARY[name](args[0], args[1])]  # noqa: E731
        fast = run_generic([x], [init], maps, [P, R], body, [name])[0]
        ordered = run_generic([x], [init], maps, [P, R], body)[0]
        return fast, ordered

    fast, ordered = run("maximumf")
    for r in (fast, ordered):
        assert np.isnan(r[0]) and r[1] == 0.0 and not np.signbit(r[1]) and np.signbit(r[2])
    fast, ordered = run("maxnumf")
    for r in (fast, ordered):
        assert r[0] == 3.0 and not np.signbit(r[1]) and np.signbit(r[2])


def test_two_outputs_sum_and_max_fast_path():
    x = np.array([[3, -1, 7], [2, 2, -9]], np.int64)
    sums, maxes = run_generic(
        [x], [np.zeros(2, np.int64), np.full(2, np.iinfo(np.int64).min)],
        [amap(2, 0, 1), amap(2, 0), amap(2, 0)], [P, R],
        lambda args, index: [A.addi(args[0], args[1]), A.maxsi(args[0], args[2])],
        ["addi", "maxsi"], lambda args, index: [args[0], args[0]])
    np.testing.assert_array_equal(sums, [9, -5])
    np.testing.assert_array_equal(maxes, [7, 2])
    assert not np.shares_memory(sums, maxes)


def test_mixed_combiners_fall_back_to_ordered_loop():
    x = np.array([[1.0, 2.0, 4.0]])

    def body(args, index):
        return [A.addf(args[0], args[1]), A.addf(A.mulf(args[2], np.float64(0.5)), args[0])]

    s, r = run_generic([x], [np.zeros(1), np.zeros(1)], [amap(2, 0, 1), amap(2, 0), amap(2, 0)], [P, R],
                       body, ["addf", None])
    assert s[0] == 7.0 and r[0] == 5.25  # ((0*.5+1)*.5+2)*.5+4


def test_linalg_index_parallel_and_reduction():
    (r,) = run_generic([], [np.zeros((2, 3), np.int64)], [amap(2, 0, 1)], [P, P],
                       lambda args, index: [A.addi(A.muli(index(0), np.int64(10)), index(1))])
    np.testing.assert_array_equal(r, [[0, 1, 2], [10, 11, 12]])
    # sum_j x[i, j] * j with an ordered loop (index of a reduction loop is its point)
    x = np.array([[1, 1, 1], [1, 2, 3]], np.int64)
    (s,) = run_generic([x], [np.zeros(2, np.int64)], [amap(2, 0, 1), amap(2, 0)], [P, R],
                       lambda args, index: [A.addi(A.muli(args[0], index(1)), args[1])])
    np.testing.assert_array_equal(s, [0 + 1 + 2, 0 + 2 + 6])
    (f,) = run_generic([x], [np.zeros(2, np.int64)], [amap(2, 0, 1), amap(2, 0)], [P, R],
                       lambda args, index: [A.addi(A.muli(args[0], index(1)), args[1])], ["addi"],
                       lambda args, index: [A.muli(args[0], index(1))])
    np.testing.assert_array_equal(f, s)


def test_constant_zero_results():
    x = np.array([[1, 2], [3, 4], [5, 6]], np.int32)
    init = np.full((3, 2), -1, np.int32)
    # reads x[i, 0]; writes out[i, 0] only
    (r,) = run_generic([x], [init], [amap(1, 0, "0"), amap(1, 0, "0")], [P],
                       lambda args, index: [A.muli(args[0], np.int32(10))])
    np.testing.assert_array_equal(r, [[10, -1], [30, -1], [50, -1]])


def test_non_permutation_map_gathers():
    x = np.arange(6.0)
    w = np.array([1.0, 10.0, 100.0])
    conv = [AffineMap(2, 0, (BinaryExpr("+", DimExpr(0), DimExpr(1)),)), amap(2, 1), amap(2, 0)]
    (r,) = run_generic([x, w], [np.zeros(4)], conv, [P, R],
                       lambda args, index: [A.addf(A.mulf(args[0], args[1]), args[2])])
    # r[i] = x[i] + 10 x[i+1] + 100 x[i+2]
    np.testing.assert_array_equal(r, [x[i] + 10 * x[i + 1] + 100 * x[i + 2] for i in range(4)])
    with pytest.raises(KernelError, match=r"indexed by 'd0 \+ d1' over \[0, 6\]"):
        run_generic([x, w], [np.zeros(5)], conv, [P, R],
                    lambda args, index: [A.addf(A.mulf(args[0], args[1]), args[2])])


def test_results_never_alias_inputs():
    x = np.arange(4.0)
    r1, r2 = run_generic([x], [np.zeros(4), np.zeros(4)], [amap(1, 0)] * 3, [P],
                         lambda args, index: [args[0], args[0]])
    assert not np.shares_memory(r1, x) and not np.shares_memory(r1, r2)
    (c,) = run_generic([], [np.zeros(3)], [amap(1, 0)], [P], lambda args, index: [1.5])
    np.testing.assert_array_equal(c, [1.5, 1.5, 1.5])
    c[0] = 2.0  # writable, real array
    (e,) = run_generic([np.zeros((2, 0))], [np.full(2, 4.0)], [amap(2, 0, 1), amap(2, 0)], [P, R],
                       lambda args, index: [args[1]])
    np.testing.assert_array_equal(e, [4.0, 4.0])


def test_fresh_body_values_are_results_unless_an_operand_or_result_shares_them():
    x = np.arange(4.0)
    y = np.arange(4.0) * 2  # owns its memory, writable: what a kernel returns
    # returned as is when nothing else holds it
    (r,) = run_generic([x], [np.zeros(4)], [amap(1, 0)] * 2, [P], lambda args, index: [y])
    assert r is y
    # copied when an operand is a view of it (the body yields a value the caller still reads) ...
    (r,) = run_generic([y[::1]], [np.zeros(4)], [amap(1, 0)] * 2, [P], lambda args, index: [y])
    assert r is not y and not np.shares_memory(r, y)
    np.testing.assert_array_equal(r, y)
    # ... or when it is yielded twice
    r1, r2 = run_generic([x], [np.zeros(4), np.zeros(4)], [amap(1, 0)] * 3, [P], lambda args, index: [y, y])
    assert not np.shares_memory(r1, r2)
    np.testing.assert_array_equal(r2, y)


def test_plans_are_kept_per_operand_shapes():
    plans: dict = {}
    maps, its = [amap(2, 0, 1), amap(2, 0)], [P, R]
    for shape in [(2, 3), (2, 3), (4, 1)]:
        a = np.arange(np.prod(shape), dtype=np.float64).reshape(shape)
        (r,) = run_generic([a], [np.zeros(shape[0])], maps, its, lambda args, index: [A.addf(args[0], args[1])],
                           ["addf"], plans=plans)
        np.testing.assert_array_equal(r, a.sum(axis=1))
    assert sorted(plans) == [((2, 3), (2,)), ((4, 1), (4,))]


def test_errors_are_kernel_errors_with_numbers():
    x = np.zeros((3, 4))
    with pytest.raises(KernelError, match="loop d1 has size 4 from operand 0 dim 1, but operand 1 dim 0 has size 5"):
        run_generic([x, np.zeros(5)], [np.zeros(3)], [amap(2, 0, 1), amap(2, 1), amap(2, 0)], [P, P],
                    lambda args, index: [args[0]])
    with pytest.raises(KernelError, match="names reduction loops"):
        run_generic([x], [x], [amap(2, 0, 1), amap(2, 0, 1)], [P, R], lambda args, index: [args[0]])
    with pytest.raises(KernelError, match="returned 2 values for 1 outputs"):
        run_generic([x], [x], [amap(2, 0, 1)] * 2, [P, P], lambda args, index: [args[0], args[0]])
    with pytest.raises(KernelError, match="dtype float32, output 0 is float64"):
        run_generic([x], [x], [amap(2, 0, 1)] * 2, [P, P], lambda args, index: [args[0].astype(np.float32)])
    with pytest.raises(KernelError, match="d2"):
        run_generic([x], [x], [amap(3, 0, 1)] * 2, [P, P, P], lambda args, index: [args[0]])
    with pytest.raises(KernelError, match="omits parallel loops"):
        run_generic([x], [np.zeros(3)], [amap(2, 0, 1), amap(2, 0)], [P, P], lambda args, index: [args[0]])
    with pytest.raises(KernelError, match="combiner 'addi' does not apply"):
        run_generic([x], [np.zeros(3)], [amap(2, 0, 1), amap(2, 0)], [P, R], lambda args, index: [args[0]],
                    ["addi"])
