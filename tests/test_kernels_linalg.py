"""meshc.kernels.linalg: named ops, data motion, reduce, pack/unpack, mmt4d."""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest

from meshc.dialects.linalg import CONTRACTIONS
from meshc.kernels import KernelError
from meshc.kernels import arith as A
from meshc.kernels import linalg as L
from tests.tolerance import assert_close

RNG = np.random.default_rng(7)


def test_matmul_hand_values_and_no_aliasing():
    a = np.array([[1, 2], [3, 4]], np.float32)
    b = np.array([[5, 6], [7, 8]], np.float32)
    c = np.array([[1, 0], [0, 1]], np.float32)
    a0, b0, c0 = a.copy(), b.copy(), c.copy()
    out = L.matmul(a, b, c)
    # [[1*5+2*7, 1*6+2*8], [3*5+4*7, 3*6+4*8]] + I = [[20, 22], [43, 51]]
    np.testing.assert_array_equal(out, [[20, 22], [43, 51]])
    assert out.dtype == np.float32
    for x, x0 in ((a, a0), (b, b0), (c, c0)):
        np.testing.assert_array_equal(x, x0)
        assert not np.shares_memory(out, x)


def test_matmul_casts_inputs_to_accumulator_type():
    a = np.array([[-128, 127]], np.int8)
    b = np.array([[2], [2]], np.int8)
    c = np.zeros((1, 1), np.int32)
    # sign-extended to i32 first: -256 + 254 = -2 (no i8 wrap)
    np.testing.assert_array_equal(L.matmul(a, b, c), np.array([[-2]], np.int32))
    # i8 accumulator wraps: 127*2 + 127*2 = 508 = 508 - 512 = -4
    np.testing.assert_array_equal(L.matmul(np.array([[127, 127]], np.int8), b, np.zeros((1, 1), np.int8)),
                                  np.array([[-4]], np.int8))


def test_matmul_bf16_accumulates_in_f32():
    bf = ml_dtypes.bfloat16
    a = np.ones((1, 512), bf)
    b = np.ones((512, 1), bf)
    # per-step bf16 rounding would stall at 256; one final rounding gives 512 exactly
    assert float(L.matmul(a, b, np.zeros((1, 1), bf))[0, 0]) == 512.0


def test_matmul_shape_errors_name_the_sizes():
    with pytest.raises(KernelError, match="size 4 but input 0 dim 1 has size 3"):
        L.matmul(np.zeros((2, 3)), np.zeros((4, 5)), np.zeros((2, 5)))
    with pytest.raises(KernelError, match="rank 1"):
        L.matmul(np.zeros(3), np.zeros((3, 5)), np.zeros((2, 5)))


@pytest.mark.parametrize("name, spec, shapes", [
    ("batch_matmul", "bmk,bkn->bmn", [(2, 3, 4), (2, 4, 5), (2, 3, 5)]),
    ("matmul_transpose_a", "km,kn->mn", [(4, 3), (4, 5), (3, 5)]),
    ("matmul_transpose_b", "mk,nk->mn", [(3, 4), (5, 4), (3, 5)]),
    ("batch_matmul_transpose_b", "bmk,bnk->bmn", [(2, 3, 4), (2, 5, 4), (2, 3, 5)]),
    ("batch_reduce_matmul", "bmk,bkn->mn", [(2, 3, 4), (2, 4, 5), (3, 5)]),
    ("matvec", "mk,k->m", [(3, 4), (4,), (3,)]),
    ("vecmat", "k,kn->n", [(4,), (4, 5), (5,)]),
    ("batch_matvec", "bmk,bk->bm", [(2, 3, 4), (2, 4), (2, 3)]),
    ("batch_vecmat", "bk,bkn->bn", [(2, 4), (2, 4, 5), (2, 5)]),
    ("dot", "k,k->", [(4,), (4,), ()]),
])
def test_contractions_match_einsum(name, spec, shapes):
    # the runtime calls the kernel with the spec of the dialect's letters; it must compute what the
    # independently written einsum ``spec`` does
    _, lhs, rhs, out = CONTRACTIONS[name]
    x, y, c = (RNG.integers(-5, 5, s).astype(np.int64) for s in shapes)
    np.testing.assert_array_equal(L.contract(f"{lhs},{rhs}->{out}", x, y, c, name), c + np.einsum(spec, x, y))


def test_fill_casts_value():
    np.testing.assert_array_equal(L.fill(1.5, (2, 2), "f32"), np.full((2, 2), 1.5, np.float32))
    # 300 -> i8 wraps to 44 (cast_signed truncation)
    out = L.fill(np.int64(300), (3,), "i8")
    assert out.dtype == np.int8 and list(out) == [44, 44, 44]


def test_transpose_and_broadcast():
    x = np.arange(6).reshape(2, 3)
    t = L.transpose(x, [1, 0])
    np.testing.assert_array_equal(t, [[0, 3], [1, 4], [2, 5]])
    ident = L.transpose(x, [0, 1])
    assert not np.shares_memory(ident, x)
    with pytest.raises(KernelError, match="permutation"):
        L.transpose(x, [0, 0])
    # input [3] into [2, 3, 4] adding dims 0 and 2: out[i, j, k] = x[j]
    b = L.broadcast(np.array([7, 8, 9]), (2, 3, 4), [0, 2])
    assert b.shape == (2, 3, 4) and b.flags.writeable
    np.testing.assert_array_equal(b[1, :, 3], [7, 8, 9])
    np.testing.assert_array_equal(b[0, 2, :], [9, 9, 9, 9])
    with pytest.raises(KernelError, match=r"\(3,\)"):
        L.broadcast(np.array([7, 8, 9]), (2, 4), [0])


def test_reduce_named_combiners():
    x = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], np.float32)
    (s,) = L.reduce([x], [np.array([10.0, 20.0], np.float32)], [1], "addf")
    np.testing.assert_array_equal(s, [16.0, 35.0])  # 10+1+2+3, 20+4+5+6
    (m,) = L.reduce([x], [np.full(3, -np.inf, np.float32)], [0], "maximumf")
    np.testing.assert_array_equal(m, [4.0, 5.0, 6.0])
    (nan_max,) = L.reduce([np.array([1.0, np.nan], np.float32)], [np.array(0.0, np.float32)], [0], "maximumf")
    assert np.isnan(nan_max)
    (num_max,) = L.reduce([np.array([1.0, np.nan], np.float32)], [np.array(0.0, np.float32)], [0], "maxnumf")
    assert num_max == 1.0
    (w,) = L.reduce([np.array([100, 100], np.int8)], [np.array(100, np.int8)], [0], "addi")
    assert w == 44  # 300 - 256


def test_reduce_callable_is_ordered():
    x = np.array([[1.0, 2.0, 4.0], [8.0, 0.0, 2.0]])
    init = np.array([0.0, 16.0])
    # out = out * 0.5 + in, in order: row 0: ((0*.5+1)*.5+2)*.5+4 = 5.25
    # row 1: ((16*.5+8)*.5+0)*.5+2 = 6
    (r,) = L.reduce([x], [init], [1], lambda args: [A.addf(A.mulf(args[1], np.float64(0.5)), args[0])])
    np.testing.assert_array_equal(r, [5.25, 6.0])
    np.testing.assert_array_equal(init, [0.0, 16.0])


def test_reduce_two_inputs_argmax_style():
    vals = np.array([3.0, 9.0, 9.0, 1.0])
    idxs = np.arange(4, dtype=np.int64)

    def region(args):
        v, i, best, best_i = args
        take = A.cmpf("ogt", v, best)
        return [A.select(take, v, best), A.select(take, i, best_i)]

    best, where = L.reduce([vals, idxs], [np.array(-np.inf), np.array(-1, np.int64)], [0], region)
    assert best == 9.0 and where == 1  # first of the two maxima


def test_map_and_elementwise():
    x = np.array([1.0, -2.0], np.float32)
    y = np.array([3.0, 4.0], np.float32)
    out = L.map([x, y], lambda args: A.mulf(args[0], args[1]), np.zeros(2, np.float32))
    np.testing.assert_array_equal(out, [3.0, -8.0])
    np.testing.assert_array_equal(L.elementwise("add", [x, y], np.zeros(2, np.float32)), [4.0, 2.0])
    np.testing.assert_array_equal(L.elementwise("max", [x, y], np.zeros(2, np.float32)), [3.0, 4.0])
    # i8 inputs into an f32 destination are converted with sitofp first
    np.testing.assert_array_equal(
        L.elementwise("sub", [np.array([-1, 2], np.int8), np.array([1, 1], np.int8)], np.zeros(2, np.float32)),
        [-2.0, 1.0])
    np.testing.assert_array_equal(L.elementwise("div", [np.array([-7], np.int32), np.array([2], np.int32)],
                                                np.zeros(1, np.int32)), [-3])
    np.testing.assert_array_equal(L.elementwise("select", [np.array([True, False]), x, y],
                                                np.zeros(2, np.float32)), [1.0, 4.0])
    with pytest.raises(KernelError, match="unknown"):
        L.elementwise("frobnicate", [x], x)


# ---------------------------------------------------------------- pack

def _pack_reference(src, inner_dims_pos, inner_tiles, outer_dims_perm, pad_value):
    """Element loop straight from the linalg.pack definition."""
    shape = L.packed_shape(src.shape, inner_dims_pos, inner_tiles, outer_dims_perm)
    rank = src.ndim
    perm = outer_dims_perm or list(range(rank))
    out = np.empty(shape, src.dtype)
    for idx in np.ndindex(*shape):
        outer = [0] * rank
        for j, d in enumerate(perm):
            outer[d] = idx[j]
        point = list(outer)
        for i, d in enumerate(inner_dims_pos):
            point[d] = outer[d] * inner_tiles[i] + idx[rank + i]
        inside = all(p < n for p, n in zip(point, src.shape))
        out[idx] = src[tuple(point)] if inside else pad_value
    return out


def test_pack_hand_example_with_padding_and_outer_perm():
    src = np.arange(15, dtype=np.int32).reshape(3, 5)
    out = L.pack(src, (3, 2, 2, 2), [0, 1], [2, 2], outer_dims_perm=[1, 0], padding_value=-1)
    # padded 4x6, out[j, i] = padded[2i:2i+2, 2j:2j+2]
    np.testing.assert_array_equal(out[0, 0], [[0, 1], [5, 6]])
    np.testing.assert_array_equal(out[1, 1], [[12, 13], [-1, -1]])
    np.testing.assert_array_equal(out[2, 1], [[14, -1], [-1, -1]])
    np.testing.assert_array_equal(out[2, 0], [[4, -1], [9, -1]])


@pytest.mark.parametrize("shape, pos, tiles, perm", [
    ((4, 6), [1, 0], [3, 2], None),
    ((5, 7), [0, 1], [2, 3], [1, 0]),
    ((3, 5, 4), [2, 0], [3, 2], [2, 0, 1]),
    ((6, 5), [1], [4], [1, 0]),
    ((2, 3, 7), [], [], [2, 1, 0]),
])
def test_pack_matches_reference_and_unpack_round_trips(shape, pos, tiles, perm):
    src = RNG.integers(0, 100, shape).astype(np.int64)
    packed = L.pack(src, None, pos, tiles, perm, padding_value=-7)
    np.testing.assert_array_equal(packed, _pack_reference(src, pos, tiles, perm, -7))
    back = L.unpack(packed, src.shape, pos, tiles, perm)
    np.testing.assert_array_equal(back, src)


def test_pack_errors():
    src = np.zeros((3, 4))
    with pytest.raises(KernelError, match="padding_value"):
        L.pack(src, None, [0], [2])
    with pytest.raises(KernelError, match=r"\(2, 4, 2\)"):
        L.pack(src, (1, 4, 2), [0], [2], padding_value=0.0)
    with pytest.raises(KernelError, match="inner_dims_pos"):
        L.pack(src, None, [0, 0], [1, 1])
    with pytest.raises(KernelError, match="dest dim 0"):
        L.unpack(np.zeros((2, 4, 2)), (5, 4), [0], [2])


def test_mmt4d_equals_matmul_on_packed_data():
    m, k, n = 7, 10, 5
    m0, k0, n0 = 4, 3, 2
    a = RNG.standard_normal((m, k))
    b = RNG.standard_normal((k, n))
    c = RNG.standard_normal((m, n))
    lhs = L.pack(a, None, [0, 1], [m0, k0], padding_value=0.0)                   # [M1, K1, M0, K0]
    rhs = L.pack(b, None, [1, 0], [n0, k0], outer_dims_perm=[1, 0], padding_value=0.0)  # [N1, K1, N0, K0]
    acc = L.pack(c, None, [0, 1], [m0, n0], padding_value=0.0)                   # [M1, N1, M0, N0]
    assert lhs.shape == (2, 4, 4, 3) and rhs.shape == (3, 4, 2, 3) and acc.shape == (2, 3, 4, 2)
    out = L.mmt4d(lhs, rhs, acc)
    # float64 sums of k + 1 terms (the accumulator too) in the kernel's order, the einsum's and the BLAS's
    bound = float(np.max(np.abs(c) + np.abs(a) @ np.abs(b)))
    assert_close(out, acc + np.einsum("ikac,jkbc->ijab", lhs, rhs), k=k + 1, magnitude=bound)
    assert_close(L.unpack(out, (m, n), [0, 1], [m0, n0]), c + a @ b, k=k + 1, magnitude=bound)
    batch = L.batch_mmt4d(lhs[None], rhs[None], acc[None])
    np.testing.assert_array_equal(batch[0], out)  # the same kernel on the same data


@pytest.mark.parametrize("spec, shapes", [
    ("mk,kn->mn", [(5, 4), (4, 3), (5, 3)]),
    ("bmk,bkn->bmn", [(2, 5, 4), (2, 4, 3), (2, 5, 3)]),
    ("mk,k->m", [(5, 4), (4,), (5,)]),
    ("k,k->", [(4,), (4,), ()]),
])
@pytest.mark.parametrize("zero_init", [False, True])
def test_a_bound_contraction_gives_the_bits_of_the_kernel(spec, shapes, zero_init):
    rng = np.random.default_rng(3)
    a, b = (rng.standard_normal(s).astype(np.float32) for s in shapes[:2])
    a[..., 0] = -0.0  # products of -0 and sums that may end at -0: the +0 init makes them +0
    b[..., 0] = -0.0
    a.reshape(-1)[:4] = -0.0
    c = np.zeros(shapes[2], np.float32) if zero_init else rng.standard_normal(shapes[2]).astype(np.float32)
    call = L.bind_contract(spec, shapes, [np.float32] * 3, "test", zero_init)
    for _ in range(2):
        got, want = call(a, b, c), L.contract(spec, a, b, c)
        assert got.shape == want.shape and got.dtype == want.dtype and got.tobytes() == want.tobytes()
        assert not np.shares_memory(got, c)
    # operands of another type go to the kernel
    got = call(a.astype(np.float64), b, c)
    assert got.tobytes() == L.contract(spec, a.astype(np.float64), b, c).tobytes()


def test_a_bound_contraction_checks_the_letters_once():
    with pytest.raises(KernelError, match="size"):
        L.bind_contract("mk,kn->mn", [(5, 4), (3, 3), (5, 3)], [np.float32] * 3, "matmul")
