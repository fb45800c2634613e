"""numpy kernels of the iree_linalg_ext ops (semantics in :mod:`meshc.dialects.iree_linalg_ext`).

* :func:`order_by_key` -- the stable order along a dim of a comparator ``cmp(a, b) = key(a) < key(b)``
  (or ``>``): IREE's sort and topk loops (``LinalgExtOps.cpp`` ``generateScalarImplementation``)
  swap or insert only when the comparator holds, so elements the comparator does not order keep
  their input order; that is numpy's ``kind="stable"`` order;
* :func:`order_by_comparisons` -- the same stable order from the comparator's answers on every
  pair of one row (``less[..., i, j] = cmp(x_i, x_j)``, ``n * n`` per row): the rank of ``i`` is the
  number of elements before it plus the equivalent ones of lower index;
* :func:`index_columns` / :func:`in_bounds` / :func:`gather` -- the positions
  ``p[dimension_map[j]] = idx[b, j]`` of each batch point ``b`` on the first ``depth`` dims (the rest
  are the slice, taken whole), which of them lie inside the data, and the gathered slices.

Errors: :class:`~meshc.kernels.errors.KernelError` for a comparator that is not a strict weak order
(the ranks are not a permutation).
"""

from __future__ import annotations

from typing import Sequence

import numpy as np

from meshc.kernels.errors import KernelError


def order_by_key(key: np.ndarray, dim: int, descending: bool) -> np.ndarray:
    """The stable permutation along ``dim`` sorting ``key`` ascending (or descending), as int64
    indices of ``key``'s shape."""
    if not descending:
        return np.argsort(key, axis=dim, kind="stable")
    n = key.shape[dim]
    rev = np.flip(key, axis=dim)
    order = np.argsort(rev, axis=dim, kind="stable")
    return n - 1 - np.flip(order, axis=dim)


def order_by_comparisons(less: np.ndarray, dim: int, rank: int) -> np.ndarray:
    """The stable permutation along ``dim`` from ``less`` (shape: the operand's with ``dim`` moved last,
    then ``n`` more: ``less[..., i, j]`` = the comparator on elements ``i`` (lhs) and ``j`` (rhs)).

    Raises:
        KernelError: the comparator is not a strict weak order on some row.
    """
    less = less.astype(bool)
    n = less.shape[-1]
    before = less.sum(axis=-2)  # j before i
    lessT = np.swapaxes(less, -1, -2)
    tie = ~less & ~lessT
    lower = np.tril(np.ones((n, n), dtype=bool), -1)  # j < i
    pos = before + (tie & lower).sum(axis=-1)
    if not np.array_equal(np.sort(pos, axis=-1), np.broadcast_to(np.arange(n), pos.shape)):
        raise KernelError("the comparator region is not a strict weak order (its ranks are not a permutation)")
    perm = np.zeros_like(pos)
    np.put_along_axis(perm, pos, np.broadcast_to(np.arange(n), pos.shape).copy(), axis=-1)
    return np.moveaxis(perm, -1, dim) if rank > 1 else perm


def permute(x: np.ndarray, order: np.ndarray, dim: int) -> np.ndarray:
    """``x`` reordered along ``dim`` by ``order``."""
    return np.take_along_axis(np.asarray(x), order, axis=dim)


def index_columns(indices: np.ndarray, batch_rank: int, dimension_map: Sequence[int]) -> tuple[np.ndarray, ...]:
    """Per indexed dim ``k < depth`` (in dim order), the flat batch's start index on it (int64, ``B``
    entries): ``p[dimension_map[j]] = indices[b, j]``."""
    depth = len(dimension_map)
    idx = np.asarray(indices).astype(np.int64)
    idx = idx.reshape(-1, depth) if idx.ndim > batch_rank else idx.reshape(-1, 1)
    cols: list = [None] * depth
    for j, d in enumerate(dimension_map):
        cols[d] = idx[:, j]
    return tuple(cols)


def in_bounds(cols: Sequence[np.ndarray], shape: Sequence[int]) -> np.ndarray:
    """The batch points whose start indices lie inside ``shape`` (bool, ``B``)."""
    ok = np.ones(len(cols[0]) if cols else 1, dtype=bool)
    for c, n in zip(cols, shape):
        ok &= (c >= 0) & (c < n)
    return ok


def gather(source: np.ndarray, indices: np.ndarray, batch_rank: int, dimension_map: Sequence[int],
           out_shape: Sequence[int]) -> np.ndarray:
    """``iree_linalg_ext.gather``: ``out[b, s] = source[p(b), s]``; start indices are clamped into the
    source (stablehlo.gather's rule; IREE leaves out-of-range reads undefined)."""
    cols = index_columns(indices, batch_rank, dimension_map)
    cols = tuple(np.clip(c, 0, n - 1) for c, n in zip(cols, source.shape))
    return np.asarray(source)[cols].reshape(tuple(out_shape))
