"""Float tolerances for tests, derived from the dtype, the reduction length and the magnitude.

Why: numpy's matmul goes to the BLAS (OpenBLAS picks a kernel per CPU at run time, and
``OPENBLAS_CORETYPE=Haswell``/``SkylakeX`` forces one), and a sharded program sums the same
terms in another order (partial sums per device, then a collective). Float results therefore
differ in their last bits between machines and between the sharded and the unsharded run; a test
must allow for that and no more.

The bound (Higham, *Accuracy and Stability of Numerical Algorithms*, 2nd ed., section 3.1): a sum
``s = t_1 + ... + t_K`` of ``K`` terms (a dot product: ``t_i = a_i b_i``, the product's own
rounding included) computed in any order, pairwise, blocked or with FMA, in a float type of
epsilon ``eps`` (unit roundoff ``u = eps / 2``) satisfies

    |computed - s| <= gamma_K * sum_i |t_i|,   gamma_K = K u / (1 - K u) ~= K u.

Two computations of ``s`` in different orders (or a float32 one against the exact value) thus
differ by at most ``2 K u sum|t_i| = K eps sum|t_i|``. :func:`tolerance` returns that as ``atol``,
with ``magnitude`` an upper bound of ``sum|t_i|`` over the result's elements (for ``a @ b``:
``max(|a| @ |b|)``, :func:`matmul_magnitude`), and ``rtol`` a few ``eps`` for the final rounding of
each result element (and an elementwise op such as an add or a max applied after the sum).
Chained reductions (``relu(x @ w1) @ w2``): the errors of the first add up in the second, so pass
``k`` as the sum of the chain's reduction lengths and ``magnitude`` as a bound of the last sum of
absolute terms (:func:`chain_magnitude`).

No figure here depends on the CPU: the tolerances follow from the shapes, dtypes and inputs only.
"""

from __future__ import annotations

from typing import Optional

import numpy as np

#: ulps allowed per result element on top of the reduction bound (the last rounding of the result
#: and of the few elementwise ops around a reduction: bias add, relu, scaling).
ELEMENT_ULPS = 4


def eps_of(dtype) -> float:
    """Machine epsilon of a float dtype (numpy's, or ml_dtypes' for bfloat16/float8).

    Raises:
        TypeError: ``dtype`` is not a float type.
    """
    dtype = np.dtype(dtype)
    try:
        return float(np.finfo(dtype).eps)
    except (TypeError, ValueError):
        import ml_dtypes

        return float(ml_dtypes.finfo(dtype).eps)


def tolerance(dtype, k: int, magnitude: float) -> tuple[float, float]:
    """``(rtol, atol)`` for comparing float results of a ``k``-term reduction whose sum of absolute
    terms is at most ``magnitude`` per element (same unit as the values): ``atol = k * eps *
    magnitude`` (the module docstring's bound), ``rtol = ELEMENT_ULPS * eps``.

    Raises:
        ValueError: ``k`` below 1 or a negative magnitude.
    """
    if k < 1 or magnitude < 0:
        raise ValueError(f"tolerance needs k >= 1 and magnitude >= 0 (got k={k}, magnitude={magnitude})")
    eps = eps_of(dtype)
    return ELEMENT_ULPS * eps, k * eps * float(magnitude)


def matmul_magnitude(a, b) -> float:
    """``max(|a| @ |b|)`` in float64: the largest sum of absolute terms of any element of ``a @ b``."""
    return float(np.max(np.abs(np.asarray(a, np.float64)) @ np.abs(np.asarray(b, np.float64)), initial=0.0))


def chain_magnitude(x, *weights) -> float:
    """A bound of the sum of absolute terms of the last product of ``x @ w1 @ w2 ...`` (elementwise
    ops between them, such as a bias and a relu, not larger in magnitude than their input:
    pass the bias-added weights' bound yourself if they are): ``max(|x| @ |w1| @ |w2| ...)``."""
    acc = np.abs(np.asarray(x, np.float64))
    for w in weights:
        acc = acc @ np.abs(np.asarray(w, np.float64))
    return float(np.max(acc, initial=0.0))


def assert_close(got, want, k: int, magnitude: Optional[float] = None, dtype=None) -> None:
    """``numpy.testing.assert_allclose(got, want)`` within :func:`tolerance` of ``k`` terms.

    ``magnitude`` defaults to ``max|want|``: an estimate of the sum of absolute terms, not a bound;
    it holds when the terms do not cancel much, and for sums of random-sign terms the rounding
    error grows like ``sqrt(k)`` while the tolerance grows like ``k``. Give the bound
    (:func:`matmul_magnitude`) when the inputs are at hand. ``dtype``: the computed type
    (default: ``got``'s).

    Raises:
        AssertionError: an element differs by more than the tolerance (numpy's message).
    """
    got, want = np.asarray(got), np.asarray(want)
    if magnitude is None:
        finite = np.abs(want[np.isfinite(want)].astype(np.float64))
        magnitude = float(finite.max(initial=0.0))
    rtol, atol = tolerance(dtype if dtype is not None else got.dtype, k, magnitude)
    np.testing.assert_allclose(got, want, rtol=rtol, atol=atol)


def reduction_chain_length(module) -> int:
    """The sum, over the linalg structured ops of ``module`` (parsed IR), of each op's reduction
    length (product of the trip counts of its reduction loops; a dynamic one counts as the op's
    largest static dim): at least the summed ``k`` of any chain of reductions in the program, the
    ``k`` of :func:`tolerance` for a program's results. 1 without reductions."""
    from meshc.dialects.linalg import StructuredOp
    from meshc.ir.types import TensorType

    total = 0
    for op in module.walk():
        if not isinstance(op, StructuredOp) or not op.reduction_dims():
            continue
        ranges = op.static_loop_ranges()
        dims = [s for v in op.operands if isinstance(v.type, TensorType) for s in v.type.shape if s]
        length = 1
        for d in op.reduction_dims():
            length *= ranges[d] or max(dims, default=1)
        total += length
    return max(total, 1)
