"""Kernels of the MLIR ``tensor`` dialect.

Offsets, sizes, strides and shapes are in elements. Every kernel returns a
new array that shares no memory with its inputs (``extract`` returns a numpy
scalar), except :func:`write_slice`, which writes into its destination.
Out-of-bounds accesses raise :class:`KernelError` naming the dim, offset,
size, stride and extent.

Source: MLIR tensor dialect documentation (TensorOps.td): extract_slice /
insert_slice (offsets, sizes, strides; rank-reducing forms), pad (low/high
padding with a constant), concat, expand_shape / collapse_shape
(reassociation groups, row-major), extract, insert, from_elements, reshape,
splat, empty.
"""

from __future__ import annotations

from typing import Any, Sequence

import numpy as np

from meshc.kernels import arith
from meshc.kernels import dtypes as _dt
from meshc.kernels.errors import KernelError


def _ints(name: str, values: Sequence[Any], rank: int, op: str) -> list[int]:
    out = [int(v) for v in values]
    if len(out) != rank:
        raise KernelError(f"tensor.{op}: {len(out)} {name} for rank {rank}")
    return out


def _slices(op: str, shape: tuple[int, ...], offsets: Sequence[Any], sizes: Sequence[Any],
            strides: Sequence[Any] | None) -> tuple[slice, ...]:
    rank = len(shape)
    offs = _ints("offsets", offsets, rank, op)
    szs = _ints("sizes", sizes, rank, op)
    strs = _ints("strides", strides, rank, op) if strides is not None else [1] * rank
    result = []
    for d, (o, n, s, extent) in enumerate(zip(offs, szs, strs, shape)):
        if s < 1 or n < 0 or o < 0 or (n > 0 and o + (n - 1) * s >= extent) or o > extent:
            raise KernelError(f"tensor.{op}: dim {d}: offset {o}, size {n}, stride {s} out of bounds "
                              f"for extent {extent}")
        result.append(slice(o, o + (n - 1) * s + 1 if n else o, s))
    return tuple(result)


def extract_slice(x: Any, offsets: Sequence[int], sizes: Sequence[int], strides: Sequence[int] | None = None,
                  drop_dims: Sequence[int] = ()) -> np.ndarray:
    """``tensor.extract_slice``: ``result[i...] = x[offset + i * stride ...]``
    for ``i < size`` per dim; ``drop_dims`` lists unit dims (of ``sizes``)
    removed for the rank-reducing form.

    Raises:
        KernelError: a slice leaves the source, a stride is < 1, or a dropped
            dim does not have size 1.
    """
    x = np.asarray(x)
    view = x[_slices("extract_slice", x.shape, offsets, sizes, strides)]
    drop = tuple(int(d) for d in drop_dims)
    bad = [d for d in drop if not 0 <= d < view.ndim or view.shape[d] != 1]
    if bad:
        raise KernelError(f"tensor.extract_slice: drop_dims {bad} are not unit dims of the slice {view.shape}")
    return np.array(np.squeeze(view, axis=drop) if drop else view, copy=True)


def _fit(op: str, src: np.ndarray, sizes: Sequence[int]) -> np.ndarray:
    """``src`` reshaped to ``sizes``, allowing only dropped unit dims."""
    sizes = tuple(int(n) for n in sizes)
    if tuple(n for n in src.shape if n != 1) != tuple(n for n in sizes if n != 1):
        raise KernelError(f"tensor.{op}: source shape {src.shape} does not match the slice sizes {sizes}")
    return src.reshape(sizes)


def insert_slice(src: Any, dest: Any, offsets: Sequence[int], sizes: Sequence[int],
                 strides: Sequence[int] | None = None) -> np.ndarray:
    """``tensor.insert_slice`` (and ``parallel_insert_slice``): a copy of
    ``dest`` with ``src`` written at ``dest[offset + i * stride ...]``.
    ``src`` may be rank-reduced (unit dims of ``sizes`` dropped).

    Raises:
        KernelError: bounds, shape or dtype mismatch.
    """
    src, dest = np.asarray(src), np.asarray(dest)
    if src.dtype != dest.dtype:
        raise KernelError(f"tensor.insert_slice: source dtype {src.dtype} != dest dtype {dest.dtype}")
    index = _slices("insert_slice", dest.shape, offsets, sizes, strides)
    out = dest.copy()
    out[index] = _fit("insert_slice", src, sizes)
    return out


def write_slice(dest: np.ndarray, src: Any, offsets: Sequence[int], sizes: Sequence[int],
                strides: Sequence[int] | None = None) -> np.ndarray:
    """:func:`insert_slice` written IN PLACE into ``dest`` (which the caller
    owns, e.g. the result being assembled by ``scf.forall`` from its
    ``tensor.parallel_insert_slice`` ops); returns ``dest``. The one kernel
    here that writes an operand.

    Raises:
        KernelError: bounds, shape or dtype mismatch, or ``dest`` read-only.
    """
    src = np.asarray(src)
    if src.dtype != dest.dtype:
        raise KernelError(f"tensor.parallel_insert_slice: source dtype {src.dtype} != dest dtype {dest.dtype}")
    if not dest.flags.writeable:
        raise KernelError("tensor.parallel_insert_slice: destination buffer is read-only")
    index = _slices("parallel_insert_slice", dest.shape, offsets, sizes, strides)
    dest[index] = _fit("parallel_insert_slice", src, sizes)
    return dest


def pad(x: Any, low: Sequence[int], high: Sequence[int], value: Any) -> np.ndarray:
    """``tensor.pad``: ``low[d]`` / ``high[d]`` elements of ``value`` (cast
    to the element type) before / after each dim.

    Raises:
        KernelError: negative padding or wrong number of entries.
    """
    x = np.asarray(x)
    lo = _ints("low paddings", low, x.ndim, "pad")
    hi = _ints("high paddings", high, x.ndim, "pad")
    if any(v < 0 for v in lo + hi):
        raise KernelError(f"tensor.pad: negative padding low={lo} high={hi}")
    v = value if isinstance(value, (np.ndarray, np.generic)) else np.asarray(value)
    return np.pad(x, list(zip(lo, hi)), mode="constant", constant_values=arith.convert(v, x.dtype))


def concat(tensors: Sequence[Any], dim: int) -> np.ndarray:
    """``tensor.concat``: join along ``dim``; other dims and dtypes must match.

    Raises:
        KernelError: no operand, bad dim, or mismatched shapes/dtypes.
    """
    arrays = [np.asarray(t) for t in tensors]
    if not arrays:
        raise KernelError("tensor.concat: needs at least one operand")
    first = arrays[0]
    if not 0 <= dim < first.ndim:
        raise KernelError(f"tensor.concat: dim {dim} outside rank {first.ndim}")
    for i, a in enumerate(arrays):
        if a.dtype != first.dtype or a.ndim != first.ndim or \
                any(a.shape[d] != first.shape[d] for d in range(a.ndim) if d != dim):
            raise KernelError(f"tensor.concat: operand {i} ({a.shape}, {a.dtype}) does not match "
                              f"operand 0 ({first.shape}, {first.dtype}) off dim {dim}")
    return np.concatenate(arrays, axis=dim)


def _check_groups(op: str, reassociation: Sequence[Sequence[int]], rank: int) -> list[list[int]]:
    groups = [[int(d) for d in g] for g in reassociation]
    flat = [d for g in groups for d in g]
    if flat != list(range(rank)) or any(not g for g in groups):
        raise KernelError(f"tensor.{op}: reassociation {groups} does not split dims 0..{rank - 1} in order")
    return groups


def expand_shape(x: Any, reassociation: Sequence[Sequence[int]], output_shape: Sequence[int]) -> np.ndarray:
    """``tensor.expand_shape``: source dim i becomes the output dims
    ``reassociation[i]`` (row-major), whose sizes multiply to it.

    Raises:
        KernelError: groups or sizes inconsistent.
    """
    x = np.asarray(x)
    out_shape = tuple(int(n) for n in output_shape)
    groups = _check_groups("expand_shape", reassociation, len(out_shape))
    if len(groups) != x.ndim:
        raise KernelError(f"tensor.expand_shape: {len(groups)} groups for source rank {x.ndim}")
    for i, g in enumerate(groups):
        if int(np.prod([out_shape[d] for d in g])) != x.shape[i]:
            raise KernelError(f"tensor.expand_shape: source dim {i} of size {x.shape[i]} != product of "
                              f"output dims {g} {[out_shape[d] for d in g]}")
    return np.array(x.reshape(out_shape), copy=True)


def collapse_shape(x: Any, reassociation: Sequence[Sequence[int]]) -> np.ndarray:
    """``tensor.collapse_shape``: the source dims of each group merge
    (row-major) into one output dim.

    Raises:
        KernelError: the groups do not cover the source dims in order.
    """
    x = np.asarray(x)
    groups = _check_groups("collapse_shape", reassociation, x.ndim)
    shape = tuple(int(np.prod([x.shape[d] for d in g])) for g in groups)
    return np.array(x.reshape(shape), copy=True)


def reshape(x: Any, shape: Sequence[int]) -> np.ndarray:
    """``tensor.reshape``: same elements, row-major, in ``shape``.

    Raises:
        KernelError: element counts differ.
    """
    x = np.asarray(x)
    shape = tuple(int(n) for n in shape)
    if int(np.prod(shape)) != x.size:
        raise KernelError(f"tensor.reshape: {x.shape} ({x.size} elements) cannot become {shape}")
    return np.array(x.reshape(shape), copy=True)


def _check_index(op: str, shape: tuple[int, ...], indices: Sequence[Any]) -> tuple[int, ...]:
    idx = tuple(int(i) for i in indices)
    if len(idx) != len(shape) or any(not 0 <= i < n for i, n in zip(idx, shape)):
        raise KernelError(f"tensor.{op}: indices {list(idx)} out of bounds for shape {shape}")
    return idx


def extract(x: Any, indices: Sequence[int]) -> Any:
    """``tensor.extract``: the element at ``indices`` (a numpy scalar).

    Raises:
        KernelError: wrong count or an index outside its dim.
    """
    x = np.asarray(x)
    return x[_check_index("extract", x.shape, indices)]


def insert(scalar: Any, dest: Any, indices: Sequence[int]) -> np.ndarray:
    """``tensor.insert``: a copy of ``dest`` with ``scalar`` at ``indices``."""
    dest = np.asarray(dest)
    idx = _check_index("insert", dest.shape, indices)
    out = dest.copy()
    out[idx] = scalar
    return out


def from_elements(elements: Sequence[Any], shape: Sequence[int], dtype: Any) -> np.ndarray:
    """``tensor.from_elements``: ``shape`` filled row-major from ``elements``
    (``dtype`` an MLIR type name or numpy dtype).

    Raises:
        KernelError: the element count is not the shape's size.
    """
    dtype = _dt.as_dtype(dtype)
    shape = tuple(int(n) for n in shape)
    if len(elements) != int(np.prod(shape)):
        raise KernelError(f"tensor.from_elements: {len(elements)} elements for shape {shape}")
    out = np.empty(len(elements), dtype)
    for i, e in enumerate(elements):
        out[i] = e
    return out.reshape(shape)


def splat(value: Any, shape: Sequence[int]) -> np.ndarray:
    """``tensor.splat``: ``shape`` filled with scalar ``value`` (its dtype)."""
    v = value if isinstance(value, (np.ndarray, np.generic)) else np.asarray(value)
    return np.full(tuple(int(n) for n in shape), v, v.dtype)


def empty(shape: Sequence[int], dtype: Any) -> np.ndarray:
    """``tensor.empty``: contents are unspecified in MLIR; zeros here, so
    runs are reproducible."""
    return np.zeros(tuple(int(n) for n in shape), _dt.as_dtype(dtype))


def dim(x: Any, index: int) -> int:
    """``tensor.dim``: size of dim ``index``.

    Raises:
        KernelError: ``index`` outside the rank.
    """
    x = np.asarray(x)
    if not 0 <= int(index) < x.ndim:
        raise KernelError(f"tensor.dim: index {index} outside rank {x.ndim}")
    return int(x.shape[int(index)])
