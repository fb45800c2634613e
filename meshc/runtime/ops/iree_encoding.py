"""Kernels of the iree_encoding dialect: data-tiling encodings do not change
values, so ``set_encoding`` and ``unset_encoding`` are identities in the
reference interpreter (IREE: an encoding describes a layout the backend
may choose; the logical tensor is unchanged).

``unset_encoding`` may name a result smaller than its operand (IREE allows
the encoded tensor to be padded): the leading part of each dim is kept.
"""

from __future__ import annotations

import numpy as np

from meshc.ir.types import TensorType
from meshc.runtime.interpreter import kernel


@kernel("iree_encoding.set_encoding")
def _set_encoding(interp, op, args):
    return [args[0]]


@kernel("iree_encoding.unset_encoding")
def _unset_encoding(interp, op, args):
    x = args[0]
    t = op.results[0].type
    if isinstance(t, TensorType) and isinstance(x, np.ndarray) and x.ndim == t.rank:
        dims = iter(args[1:])  # one size per '?' of the result type
        shape = [int(next(dims, x.shape[i])) if d is None else d for i, d in enumerate(t.shape)]
        if any(n > m for n, m in zip(shape, x.shape)):
            raise ValueError(f"result shape {shape} is larger than the encoded operand {list(x.shape)}")
        if tuple(shape) != x.shape:
            return [np.array(x[tuple(slice(0, n) for n in shape)], copy=True)]
    return [x]
