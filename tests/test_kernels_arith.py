"""meshc.kernels.arith against hand-computed values (MLIR arith semantics)."""

from __future__ import annotations

import warnings

import ml_dtypes
import numpy as np
import pytest

from meshc.kernels import KernelError
from meshc.kernels import arith as A

NAN = np.nan


def i8(*v):
    return np.array(v, np.int8)


def f32(*v):
    return np.array(v, np.float32)


def eq(actual, expected):
    """Exact equality including dtype, NaN positions and the sign of zero."""
    actual, expected = np.asarray(actual), np.asarray(expected)
    assert actual.dtype == expected.dtype, (actual.dtype, expected.dtype)
    np.testing.assert_array_equal(actual, expected)
    if actual.dtype.kind == "f":
        np.testing.assert_array_equal(np.signbit(actual), np.signbit(expected))


# ------------------------------------------------------------------ floats

def test_float_binary_basics():
    eq(A.addf(f32(1.5, -2), f32(2.25, 2)), f32(3.75, 0))
    eq(A.subf(f32(1), f32(3)), f32(-2))
    eq(A.mulf(f32(-1.5), f32(4)), f32(-6))
    eq(A.divf(f32(1, -1, 0), f32(0, 0, 0))[:2], f32(np.inf, -np.inf))
    assert np.isnan(A.divf(f32(0), f32(0)))[0]
    # remf has the sign of the dividend: fmod(-7, 2) = -1, fmod(7, -2) = 1.
    eq(A.remf(f32(-7, 7, 5.5), f32(2, -2, 2)), f32(-1, 1, 1.5))
    eq(A.negf(f32(0, 2)), f32(-0.0, -2))


def test_maximumf_propagates_nan_and_orders_zeros():
    a = f32(NAN, 1, -0.0, 0.0, -0.0, 3)
    b = f32(1, NAN, 0.0, -0.0, -0.0, 2)
    eq(A.maximumf(a, b), f32(NAN, NAN, 0.0, 0.0, -0.0, 3))
    eq(A.minimumf(a, b), f32(NAN, NAN, -0.0, -0.0, -0.0, 2))


def test_maxnumf_ignores_nan():
    a = f32(NAN, 1, NAN, -0.0, 0.0)
    b = f32(1, NAN, NAN, 0.0, -0.0)
    eq(A.maxnumf(a, b), f32(1, 1, NAN, 0.0, 0.0))
    eq(A.minnumf(a, b), f32(1, 1, NAN, -0.0, -0.0))


def test_bf16_ops_round_once():
    bf = ml_dtypes.bfloat16
    # 1 + 2**-8 is halfway between bf16 1 and 1 + 2**-7: ties to even gives 1.
    eq(A.addf(np.array([1.0], bf), np.array([2 ** -8], bf)), np.array([1.0], bf))
    eq(A.addf(np.array([1.0], bf), np.array([3 * 2 ** -9], bf)), np.array([1 + 2 ** -7], bf))


# ---------------------------------------------------------------- integers

def test_addi_wraps_without_warning():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        eq(A.addi(i8(127), i8(1)), i8(-128))            # 127 + 1 = 128 - 256
        assert A.addi(np.int8(127), np.int8(1)) == -128  # scalar path too
        eq(A.subi(i8(-128), i8(1)), i8(127))
        eq(A.muli(i8(64), i8(4)), i8(0))                  # 256 mod 256
        eq(A.muli(i8(100), i8(3)), i8(44))                # 300 - 256
        eq(A.addi(np.int64(2 ** 62), np.int64(2 ** 62)), np.int64(-(2 ** 63)))


def test_i1_arithmetic_is_mod_2():
    t, f = np.array([True]), np.array([False])
    eq(A.addi(t, t), f)   # 1 + 1 = 2 = 0 mod 2
    eq(A.muli(t, t), t)
    eq(A.subi(f, t), t)   # 0 - 1 = -1 = 1 mod 2


def test_python_scalar_takes_other_dtype():
    eq(A.addi(i8(100), 100), i8(-56))  # 200 - 256


def test_mismatched_dtypes_raise():
    with pytest.raises(KernelError, match="int8 vs int16"):
        A.addi(i8(1), np.array([1], np.int16))
    with pytest.raises(KernelError, match="float"):
        A.addf(i8(1), i8(1))
    with pytest.raises(KernelError, match="integer"):
        A.addi(f32(1), f32(1))


def test_signed_division_rounding():
    a = i8(-7, 7, -7, 7, 6)
    b = i8(2, -2, -2, 2, 3)
    eq(A.divsi(a, b), i8(-3, -3, 3, 3, 2))        # toward zero
    eq(A.floordivsi(a, b), i8(-4, -4, 3, 3, 2))   # toward -inf
    eq(A.ceildivsi(a, b), i8(-3, -3, 4, 4, 2))    # toward +inf
    eq(A.remsi(a, b), i8(-1, 1, -1, 1, 0))        # sign of the dividend


def test_division_ub_cases_return_documented_values():
    eq(A.divsi(i8(5, -128), i8(0, -1)), i8(0, -128))   # /0 -> 0; INT_MIN / -1 wraps
    eq(A.remsi(i8(5, -128), i8(0, -1)), i8(0, 0))
    eq(A.divui(i8(5), i8(0)), i8(0))
    eq(A.remui(i8(5), i8(0)), i8(0))
    eq(A.floordivsi(i8(-128), i8(-1)), i8(-128))
    eq(A.ceildivsi(i8(9), i8(0)), i8(0))
    big = np.array([np.iinfo(np.int64).min], np.int64)
    eq(A.divsi(big, np.array([-1], np.int64)), big)


def test_unsigned_division_reads_bits_unsigned():
    eq(A.divui(i8(-2), i8(2)), i8(127))   # 254 / 2
    eq(A.remui(i8(-1), i8(10)), i8(5))    # 255 mod 10
    eq(A.divui(i8(7), i8(-1)), i8(0))     # 7 / 255


def test_bitwise_and_shifts():
    eq(A.andi(i8(0b1100), i8(0b1010)), i8(0b1000))
    eq(A.ori(i8(0b1100), i8(0b1010)), i8(0b1110))
    eq(A.xori(i8(0b1100), i8(0b1010)), i8(0b0110))
    eq(A.shli(i8(1, 64, 1, 1), i8(3, 1, 8, -1)), i8(8, -128, 0, 0))  # 8 and 255 >= width -> 0
    eq(A.shrsi(i8(-8, -8, 8), i8(1, 8, 2)), i8(-4, 0, 2))
    eq(A.shrui(i8(-8), i8(1)), i8(124))                              # 248 >> 1


def test_integer_min_max():
    a, b = i8(-1, 5), i8(1, 3)
    eq(A.maxsi(a, b), i8(1, 5))
    eq(A.minsi(a, b), i8(-1, 3))
    eq(A.maxui(a, b), i8(-1, 5))   # -1 is 255 unsigned
    eq(A.minui(a, b), i8(1, 3))


# ------------------------------------------------------------- comparisons

def test_cmpi_all_predicates():
    a, b = i8(-1, 1, 2), i8(1, 1, -3)
    expected = {
        "eq": [0, 1, 0], "ne": [1, 0, 1],
        "slt": [1, 0, 0], "sle": [1, 1, 0], "sgt": [0, 0, 1], "sge": [0, 1, 1],
        # unsigned: -1 = 255, -3 = 253
        "ult": [0, 0, 1], "ule": [0, 1, 1], "ugt": [1, 0, 0], "uge": [1, 1, 0],
    }
    assert set(expected) == set(A.CMPI_PREDICATES)
    for pred, want in expected.items():
        eq(A.cmpi(pred, a, b), np.array(want, bool))


def test_cmpi_i1_signed_reading():
    t, f = np.array([True]), np.array([False])
    eq(A.cmpi("slt", t, f), np.array([True]))   # -1 < 0
    eq(A.cmpi("ult", t, f), np.array([False]))  # 1 < 0


def test_cmpf_all_predicates_with_nan():
    a = f32(1, 1, 2, NAN, NAN)
    b = f32(1, 2, 1, 1, NAN)
    expected = {
        "false": [0, 0, 0, 0, 0], "true": [1, 1, 1, 1, 1],
        "oeq": [1, 0, 0, 0, 0], "ogt": [0, 0, 1, 0, 0], "oge": [1, 0, 1, 0, 0],
        "olt": [0, 1, 0, 0, 0], "ole": [1, 1, 0, 0, 0], "one": [0, 1, 1, 0, 0],
        "ord": [1, 1, 1, 0, 0], "uno": [0, 0, 0, 1, 1],
        "ueq": [1, 0, 0, 1, 1], "ugt": [0, 0, 1, 1, 1], "uge": [1, 0, 1, 1, 1],
        "ult": [0, 1, 0, 1, 1], "ule": [1, 1, 0, 1, 1], "une": [0, 1, 1, 1, 1],
    }
    assert set(expected) == set(A.CMPF_PREDICATES)
    for pred, want in expected.items():
        eq(A.cmpf(pred, a, b), np.array(want, bool))


def test_unknown_predicate_raises():
    with pytest.raises(KernelError, match="'lt'"):
        A.cmpi("lt", i8(1), i8(2))
    with pytest.raises(KernelError, match="'gt'"):
        A.cmpf("gt", f32(1), f32(2))


def test_select_broadcasts_scalar_condition():
    eq(A.select(np.array([True, False]), i8(1, 2), i8(3, 4)), i8(1, 4))
    eq(A.select(np.bool_(False), f32(1, 2), f32(3, 4)), f32(3, 4))
    with pytest.raises(KernelError, match="i1"):
        A.select(i8(1), i8(1), i8(2))


# -------------------------------------------------------------------- casts

def test_integer_extension_and_truncation():
    eq(A.extsi(i8(-1, 5), "i32"), np.array([-1, 5], np.int32))
    eq(A.extui(i8(-1, 5), "i32"), np.array([255, 5], np.int32))
    eq(A.extsi(np.array([True, False]), "i8"), i8(-1, 0))
    eq(A.extui(np.array([True, False]), "i8"), i8(1, 0))
    eq(A.trunci(np.array([300, -129], np.int32), "i8"), i8(44, 127))  # 300-256, -129+256
    eq(A.trunci(np.array([3, 2], np.int32), "i1"), np.array([True, False]))
    eq(A.index_cast(np.array([-2], np.int32), "index"), np.array([-2], np.int64))
    eq(A.index_castui(np.array([-2], np.int32), "index"), np.array([2 ** 32 - 2], np.int64))
    eq(A.index_cast(np.array([2 ** 33 + 5], np.int64), "i32"), np.array([5], np.int32))


def test_fptosi_rounds_toward_zero_and_saturates():
    x = np.array([-2.7, 2.7, -0.5, NAN, 1e10, -1e10], np.float64)
    eq(A.fptosi(x, "i32"), np.array([-2, 2, 0, 0, 2 ** 31 - 1, -(2 ** 31)], np.int32))
    eq(A.fptosi(f32(127.9, 128.0), "i8"), i8(127, 127))


def test_fptoui_stores_signless_bits():
    # 200.9 -> 200 = 0xC8, stored in signless i8 as 200 - 256 = -56.
    eq(A.fptoui(np.array([200.9, -3.0, 1e10]), "i8"), i8(-56, 0, -1))


def test_int_to_float():
    eq(A.sitofp(i8(-1, 3), "f32"), f32(-1, 3))
    eq(A.uitofp(i8(-1, 3), "f32"), f32(255, 3))
    eq(A.uitofp(np.array([True]), "f32"), f32(1))
    eq(A.sitofp(np.array([True]), "f32"), f32(-1))


def test_truncf_rounds_to_nearest_even_once():
    bf = ml_dtypes.bfloat16
    # 1 + 2**-8 + 2**-30 is just above the bf16 halfway point 1 + 2**-8: it must
    # round up to 1 + 2**-7. Rounding via f32 first would lose 2**-30 and tie to 1.
    eq(A.truncf(np.array([1 + 2 ** -8 + 2 ** -30, 1 + 2 ** -8]), "bf16"), np.array([1 + 2 ** -7, 1], bf))
    e4 = ml_dtypes.float8_e4m3fn
    eq(A.truncf(np.array([1 + 2 ** -4 + 2 ** -40]), "f8E4M3FN"), np.array([1.125], e4))
    eq(A.truncf(np.array([1.0 + 2 ** -30], np.float64), "f32"), f32(1.0))
    eq(A.extf(np.array([1.5], bf), "f32"), f32(1.5))


def test_bitcast_same_width():
    eq(A.bitcast(f32(1.0), "i32"), np.array([0x3F800000], np.int32))
    eq(A.bitcast(np.array([-1], np.int16), "bf16").view(np.int16), np.array([-1], np.int16))
    with pytest.raises(KernelError, match="widths differ"):
        A.bitcast(f32(1.0), "i64")


def test_convert_cast_signed():
    eq(A.convert(i8(-1), np.int32), np.array([-1], np.int32))
    eq(A.convert(i8(-1), np.int32, signed=False), np.array([255], np.int32))
    eq(A.convert(i8(-3), np.float32), f32(-3))


def test_registries_name_their_functions():
    assert A.BINARY["divsi"] is A.divsi and A.BINARY["maximumf"] is A.maximumf
    assert len(A.BINARY) == 28 and A.UNARY["negf"] is A.negf
    assert set(A.CASTS) == {"extsi", "extui", "trunci", "index_cast", "index_castui", "extf", "truncf",
                            "sitofp", "uitofp", "fptosi", "fptoui", "bitcast"}


def test_inputs_not_written():
    a, b = i8(1, 2), i8(3, 4)
    A.addi(a, b)
    A.shli(a, b)
    eq(a, i8(1, 2))
    eq(b, i8(3, 4))


def test_out_buffer_donation_writes_in_place():
    a, b = f32(1, 2), f32(10, 20)
    tmp = A.mulf(a, b)                     # [10, 40], a dead temporary
    r = A.addf(tmp, f32(1, 1), out=tmp)
    assert r is tmp
    eq(tmp, f32(11, 41))
    eq(a, f32(1, 2))
    buf = np.empty(2, np.int8)
    assert A.addi(i8(127, 1), i8(1, 1), out=buf) is buf
    eq(buf, i8(-128, 2))
    eq(A.divsi(i8(-7), i8(2), out=np.empty(1, np.int8)), i8(-3))
    eq(A.maximumf(f32(-0.0), f32(0.0), out=np.empty(1, np.float32)), f32(0.0))
    bf = ml_dtypes.bfloat16
    eq(A.addf(np.array([1.0], bf), np.array([2 ** -8], bf), out=np.empty(1, bf)), np.array([1.0], bf))


def test_out_buffer_must_fit():
    with pytest.raises(KernelError, match=r"float32 array of shape \(2,\), got float64 \(2,\)"):
        A.addf(f32(1, 2), f32(1, 2), out=np.empty(2))
    with pytest.raises(KernelError, match="shape"):
        A.addi(i8(1, 2), i8(1, 2), out=np.empty(3, np.int8))


def test_fold_integer_fast_path_equals_the_kernels():
    """meshc.kernels.fold's Python-int path for 64-bit values gives what the arith kernels give, on
    edge values (0, +-1, the 64-bit limits, overflowing products) and random ones."""
    import random

    from meshc.ir.types import I64, INDEX, IntegerType
    from meshc.kernels import fold

    edges = [0, 1, -1, 2, 7, -7, 3, 2**31, -2**31, 2**62, 2**63 - 1, -2**63, 2**32 + 5]
    rng = random.Random(4)
    values = edges + [rng.randrange(-2**63, 2**63) for _ in range(30)] + [rng.randrange(-100, 100) for _ in range(30)]
    kinds = ["addi", "subi", "muli", "maxsi", "minsi", "divui", "remui", "divsi", "remsi", "ceildivsi", "floordivsi"]
    predicates = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]
    for t in (INDEX, I64, IntegerType(32)):
        for a in values[::3]:
            for b in values[1::4]:
                for kind in kinds:
                    fast = fold._fast_fold(kind, [a, b], t, None, None)
                    if fast is not None:
                        assert fast == fold._kernel_fold(kind, [a, b], t, None, None), (kind, a, b, t)
                for pred in predicates:
                    fast = fold._fast_fold("cmpi", [a, b], INDEX, t, pred)
                    if fast is not None:
                        assert fast == fold._kernel_fold("cmpi", [a, b], INDEX, t, pred), (pred, a, b, t)
    assert fold._fast_fold("muli", [2**62, 4], INDEX, None, None) is None  # wraps: the kernels' path
    assert fold.fold_integer("muli", [2**62, 4], INDEX) == 0
