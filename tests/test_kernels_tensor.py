"""meshc.kernels.tensor: slices, pad, concat, reshapes, element access."""

from __future__ import annotations

import numpy as np
import pytest

from meshc.kernels import KernelError
from meshc.kernels import tensor as T


def grid():
    return np.arange(30).reshape(5, 6)  # x[i, j] = 6 i + j


def test_strided_extract_slice():
    # rows 1, 3 ; cols 0, 2, 4  -> 6i + j
    out = T.extract_slice(grid(), [1, 0], [2, 3], [2, 2])
    np.testing.assert_array_equal(out, [[6, 8, 10], [18, 20, 22]])
    assert not np.shares_memory(out, grid())


def test_rank_reducing_extract_slice():
    out = T.extract_slice(grid(), [2, 1], [1, 4], [1, 1], drop_dims=[0])
    np.testing.assert_array_equal(out, [13, 14, 15, 16])
    with pytest.raises(KernelError, match="not unit dims"):
        T.extract_slice(grid(), [2, 1], [2, 4], [1, 1], drop_dims=[0])


def test_extract_slice_bounds_errors_name_numbers():
    with pytest.raises(KernelError, match="dim 1: offset 4, size 2, stride 2 out of bounds for extent 6"):
        T.extract_slice(grid(), [0, 4], [1, 2], [1, 2])  # last index 4 + 1*2 = 6
    with pytest.raises(KernelError, match="offset -1"):
        T.extract_slice(grid(), [-1, 0], [1, 1])
    # an empty slice at the end is in bounds
    assert T.extract_slice(grid(), [5, 0], [0, 6]).shape == (0, 6)


def test_insert_slice_strided_and_rank_reduced():
    dest = np.zeros((4, 4), np.int64)
    out = T.insert_slice(np.array([[1, 2], [3, 4]]), dest, [0, 1], [2, 2], [2, 2])
    np.testing.assert_array_equal(out, [[0, 1, 0, 2], [0, 0, 0, 0], [0, 3, 0, 4], [0, 0, 0, 0]])
    np.testing.assert_array_equal(dest, np.zeros((4, 4)))
    row = T.insert_slice(np.array([7, 8, 9]), dest, [3, 1], [1, 3])
    np.testing.assert_array_equal(row[3], [0, 7, 8, 9])
    with pytest.raises(KernelError, match="out of bounds"):
        T.insert_slice(np.array([7, 8, 9]), dest, [3, 2], [1, 3])
    with pytest.raises(KernelError, match="dtype"):
        T.insert_slice(np.array([7.0]), dest, [0, 0], [1, 1])


def test_pad_and_concat():
    x = np.array([[1, 2]], np.int32)
    np.testing.assert_array_equal(T.pad(x, [1, 0], [0, 2], 9), [[9, 9, 9, 9], [1, 2, 9, 9]])
    with pytest.raises(KernelError, match="negative"):
        T.pad(x, [-1, 0], [0, 0], 0)
    c = T.concat([x, np.array([[3, 4], [5, 6]], np.int32)], 0)
    np.testing.assert_array_equal(c, [[1, 2], [3, 4], [5, 6]])
    with pytest.raises(KernelError, match="operand 1"):
        T.concat([x, np.zeros((1, 3), np.int32)], 0)


def test_expand_and_collapse_shape():
    x = np.arange(24).reshape(6, 4)
    e = T.expand_shape(x, [[0, 1], [2]], [2, 3, 4])
    assert e.shape == (2, 3, 4) and e[1, 2, 3] == 23  # row 1*3+2 = 5, col 3 -> 5*4+3
    np.testing.assert_array_equal(T.collapse_shape(e, [[0], [1, 2]]), np.arange(24).reshape(2, 12))
    with pytest.raises(KernelError, match="source dim 0 of size 6"):
        T.expand_shape(x, [[0, 1], [2]], [4, 2, 4])
    with pytest.raises(KernelError, match="reassociation"):
        T.collapse_shape(e, [[0, 2], [1]])
    np.testing.assert_array_equal(T.reshape(x, [4, 6])[3], [18, 19, 20, 21, 22, 23])
    with pytest.raises(KernelError, match="24 elements"):
        T.reshape(x, [5, 5])


def test_element_access():
    x = grid()
    assert T.extract(x, [4, 5]) == 29
    with pytest.raises(KernelError, match=r"\[5, 0\] out of bounds for shape \(5, 6\)"):
        T.extract(x, [5, 0])
    y = T.insert(np.int64(-1), x, [0, 0])
    assert y[0, 0] == -1 and x[0, 0] == 0
    f = T.from_elements([1, 2, 3, 4, 5, 6], [2, 3], "i8")
    assert f.dtype == np.int8 and f[1, 0] == 4
    with pytest.raises(KernelError, match="5 elements for shape"):
        T.from_elements([1, 2, 3, 4, 5], [2, 3], "i8")
    np.testing.assert_array_equal(T.splat(np.float32(2.5), [2]), np.array([2.5, 2.5], np.float32))
    assert T.empty([2, 2], "bf16").shape == (2, 2)
    assert T.dim(x, 1) == 6
