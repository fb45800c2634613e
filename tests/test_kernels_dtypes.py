"""meshc.kernels.dtypes: MLIR element type names <-> numpy dtypes."""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest

from meshc.kernels import KernelError
from meshc.kernels import dtypes as dt


@pytest.mark.parametrize("name, expected", [
    ("i1", np.bool_), ("i8", np.int8), ("i16", np.int16), ("i32", np.int32), ("i64", np.int64),
    ("si8", np.int8), ("si32", np.int32), ("ui8", np.uint8), ("ui64", np.uint64), ("index", np.int64),
    ("f16", np.float16), ("bf16", ml_dtypes.bfloat16), ("f32", np.float32), ("f64", np.float64),
    ("f8E4M3FN", ml_dtypes.float8_e4m3fn), ("f8E5M2", ml_dtypes.float8_e5m2),
    ("f8E4M3FNUZ", ml_dtypes.float8_e4m3fnuz), ("f8E5M2FNUZ", ml_dtypes.float8_e5m2fnuz),
    ("f8E4M3B11FNUZ", ml_dtypes.float8_e4m3b11fnuz),
])
def test_numpy_dtype(name, expected):
    assert dt.numpy_dtype(name) == np.dtype(expected)


@pytest.mark.parametrize("name", ["i1", "i8", "i16", "i32", "i64", "ui8", "ui16", "ui32", "ui64",
                                  "f16", "bf16", "f32", "f64", "f8E4M3FN", "f8E5M2", "f8E4M3FNUZ",
                                  "f8E5M2FNUZ", "f8E4M3B11FNUZ"])
def test_round_trip_name(name):
    assert dt.mlir_type_name(dt.numpy_dtype(name)) == name


def test_signed_storage_reads_back_signless():
    # si32 and index share int32/int64 storage with the signless types.
    assert dt.mlir_type_name(dt.numpy_dtype("si32")) == "i32"
    assert dt.mlir_type_name(dt.numpy_dtype("index")) == "i64"


def test_unknown_names_raise():
    with pytest.raises(KernelError, match="i4"):
        dt.numpy_dtype("i4")
    with pytest.raises(KernelError, match="longdouble|float128|float96"):
        dt.mlir_type_name(np.longdouble)
    with pytest.raises(KernelError, match="<U3"):
        dt.mlir_type_name(np.dtype("U3"))


def test_complex_types_are_numpy_complex():
    assert dt.numpy_dtype("complex<f32>") == np.complex64 and dt.numpy_dtype("complex<f64>") == np.complex128
    assert dt.mlir_type_name(np.complex64) == "complex<f32>" and dt.mlir_type_name(np.complex128) == "complex<f64>"


def test_classification_and_widths():
    assert dt.is_float(ml_dtypes.bfloat16) and dt.is_float(np.float32)
    assert not dt.is_float(np.int32)
    assert dt.is_integer(np.bool_) and dt.is_integer(np.uint8) and not dt.is_integer(np.float16)
    assert [dt.bitwidth(dt.numpy_dtype(n)) for n in ("i1", "i8", "bf16", "f8E5M2", "f64", "index")] == \
        [1, 8, 16, 8, 64, 64]
    assert dt.as_dtype("bf16") == np.dtype(ml_dtypes.bfloat16)
    assert dt.as_dtype(np.int16) == np.dtype(np.int16)


def test_bf16_round_trip():
    # bf16 keeps 8 significant bits: 1 + 2**-7 survives, 1 + 2**-9 rounds to 1.
    x = np.array([1 + 2 ** -7, 1 + 2 ** -9, -3.5, 65280.0], np.float32)
    back = x.astype(dt.numpy_dtype("bf16")).astype(np.float32)
    np.testing.assert_array_equal(back, [1 + 2 ** -7, 1.0, -3.5, 65280.0])
