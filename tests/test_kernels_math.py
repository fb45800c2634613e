"""meshc.kernels.math against the standard library and hand values."""

from __future__ import annotations

import math

import ml_dtypes
import numpy as np
import pytest

from meshc.kernels import KernelError
from meshc.kernels import math as M


def test_erf_f64_matches_math_erf():
    x = np.linspace(-7.0, 7.0, 28001)
    ref = np.array([math.erf(v) for v in x])
    rel = np.abs(M.erf(x) - ref) / np.maximum(np.abs(ref), 1e-300)
    assert rel.max() < 1e-14


def test_erf_f32_relative_error_below_1e7():
    x = np.linspace(-5.0, 5.0, 20001).astype(np.float32)
    got = M.erf(x)
    assert got.dtype == np.float32
    ref = np.array([math.erf(float(v)) for v in x])
    rel = np.abs(got.astype(np.float64) - ref) / np.maximum(np.abs(ref), 1e-30)
    assert rel.max() < 1e-7


def test_erf_special_values():
    got = M.erf(np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1e-8]))
    np.testing.assert_array_equal(got[:4], [0.0, -0.0, 1.0, -1.0])
    assert np.signbit(got[1]) and np.isnan(got[4])
    assert got[5] == pytest.approx(2 / math.sqrt(math.pi) * 1e-8, rel=1e-15)


def test_erfc_large_argument_keeps_relative_accuracy():
    x = np.array([3.0, 5.0, 10.0, 20.0])
    ref = np.array([math.erfc(v) for v in x])  # erfc(20) ~ 5.4e-176
    np.testing.assert_allclose(M.erfc(x), ref, rtol=1e-13)


@pytest.mark.parametrize("name, ref", [
    ("exp", math.exp), ("exp2", lambda v: 2.0 ** v), ("expm1", math.expm1), ("log1p", math.log1p),
    ("tanh", math.tanh), ("sin", math.sin), ("cos", math.cos), ("tan", math.tan), ("atan", math.atan),
    ("sqrt", math.sqrt), ("rsqrt", lambda v: 1 / math.sqrt(v)),
])
def test_unary_against_math(name, ref):
    x = np.array([0.25, 0.5, 1.0, 1.75])
    np.testing.assert_allclose(M.UNARY[name](x), [ref(v) for v in x], rtol=1e-15)


def test_logs_and_binary():
    np.testing.assert_allclose(M.log(np.array([math.e])), [1.0])
    np.testing.assert_array_equal(M.log2(np.array([8.0])), [3.0])
    np.testing.assert_array_equal(M.log10(np.array([1000.0])), [3.0])
    np.testing.assert_array_equal(M.powf(np.array([2.0]), np.array([10.0])), [1024.0])
    # atan2(y=1, x=-1) = 3*pi/4
    assert M.atan2(np.float64(1.0), np.float64(-1.0)) == pytest.approx(3 * math.pi / 4, rel=1e-15)
    np.testing.assert_array_equal(M.copysign(np.array([3.0, 3.0]), np.array([-0.0, 1.0])), [-3.0, 3.0])


def test_rounding_family():
    x = np.array([2.5, -2.5, 0.5, -0.5, 1.4, -1.6], np.float32)
    np.testing.assert_array_equal(M.round(x), [3, -3, 1, -1, 1, -2])      # half away from zero
    np.testing.assert_array_equal(M.roundeven(x), [2, -2, 0, -0, 1, -2])  # half to even
    np.testing.assert_array_equal(M.ceil(x), [3, -2, 1, -0, 2, -1])
    np.testing.assert_array_equal(M.floor(x), [2, -3, 0, -1, 1, -2])
    np.testing.assert_array_equal(M.trunc(x), [2, -2, 0, -0, 1, -1])
    assert M.round(x).dtype == np.float32


def test_half_and_bf16_keep_dtype():
    bf = ml_dtypes.bfloat16
    r = M.sqrt(np.array([2.0], bf))
    assert r.dtype == np.dtype(bf)
    # sqrt(2) = 1.41421..; bf16 neighbours 1.40625 and 1.4140625: nearest is 1.4140625.
    assert float(r[0]) == 1.4140625
    h = M.exp(np.array([1.0], np.float16))
    assert h.dtype == np.float16 and float(h[0]) == float(np.float16(math.e))


def test_fma_and_abs():
    np.testing.assert_array_equal(M.fma(np.float32(2), np.float32(3), np.float32(1)), 7.0)
    # (1 + 2**-12)^2 - 1 = 2**-11 + 2**-24: the product rounded to f32 first would lose 2**-24.
    a = np.float32(1 + 2 ** -12)
    assert M.fma(a, a, np.float32(-1)) == np.float32(2 ** -11 + 2 ** -24)
    np.testing.assert_array_equal(M.absf(np.array([-0.0, -2.0])), [0.0, 2.0])
    np.testing.assert_array_equal(M.absi(np.array([-128, -5, 7], np.int8)), np.array([-128, 5, 7], np.int8))


def test_integer_ops():
    np.testing.assert_array_equal(M.ctpop(np.array([-1, 0, 6], np.int8)), np.array([8, 0, 2], np.int8))
    # 2**10 = 1024; 3**3 = 27; (-1)**3 = -1; 2**-1 -> 0; 1**-5 -> 1; 2**31 wraps to INT_MIN
    np.testing.assert_array_equal(
        M.ipowi(np.array([2, 3, -1, 2, 1, 2], np.int32), np.array([10, 3, 3, -1, -5, 31], np.int32)),
        np.array([1024, 27, -1, 0, 1, -(2 ** 31)], np.int32))


def test_type_errors():
    with pytest.raises(KernelError, match="float"):
        M.exp(np.array([1], np.int32))
    with pytest.raises(KernelError, match="integer"):
        M.absi(np.array([1.0]))


def test_out_buffer():
    x = np.array([0.0, 1.0])
    assert M.exp(x, out=x) is x
    np.testing.assert_array_equal(x, [1.0, math.e])
    buf = np.empty(1, np.float32)
    assert M.erf(np.array([0.5], np.float32), out=buf) is buf
    assert buf[0] == np.float32(math.erf(0.5))
    with pytest.raises(KernelError, match="out must be"):
        M.exp(np.array([1.0]), out=np.empty(1, np.float32))
