"""The default float tolerance of ``meshc run --check/--expected`` and :func:`meshc.api.run_compiled`.

A sharded program computes the same sums as the unsharded one in another order (partial sums
per device, then a collective), and the BLAS kernel under numpy picks its own blocking and
vector width at run time (``OPENBLAS_CORETYPE``), so float results differ in their last bits
from one run, machine or mesh to another. For a sum of ``K`` terms ``t_i`` computed in any
order in a float type of epsilon ``eps`` (unit roundoff ``u = eps / 2``), the classical bound
(Higham, *Accuracy and Stability of Numerical Algorithms*, 2nd ed., section 3.1) is
``|computed - exact| <= gamma_K * sum|t_i|`` with ``gamma_K = K u / (1 - K u)``; two orders
therefore differ by at most about ``2 K u sum|t_i| = K eps sum|t_i|``.

The comparison knows the results only, not ``sum|t_i|``: the default rule takes
``max|expected|`` (per output) as the magnitude and ``K`` as the longest reduction of the
program (:func:`longest_reduction`):

    atol = max(DEFAULT_ATOL, K * eps * max|expected|),   rtol = DEFAULT_RTOL

``eps`` is the epsilon of the compared dtype (float32: 1.19e-7). When the terms cancel heavily
``max|expected|`` underestimates ``sum|t_i|``; for random inputs (a sum of ``K`` terms of random
sign) the typical rounding error grows like ``sqrt(K)`` while the rule grows like ``K``, which
leaves a margin of about ``sqrt(K)``. A real miscompile (a wrong element, a missing or doubled
partial sum) is still caught as long as its error exceeds ``K * eps`` relative to the largest
value: 1e-2 relative for K up to about 80,000 in float32. Integers and booleans are compared
exactly, whatever the rule. ``docs/runtime.md`` ("Checking results") documents the rule for users.
"""

from __future__ import annotations

from typing import Any, Optional

DEFAULT_RTOL = 1e-4
DEFAULT_ATOL = 1e-5


def longest_reduction(op: Any) -> int:
    """The longest reduction, in elements summed (or otherwise combined) per result element, of the
    linalg structured ops nested in ``op`` (a module or a function): for each op, the product of the
    trip counts of its reduction loops (``linalg.matmul`` ``MxK @ KxN``: ``K``; ``linalg.reduce``
    over dims 0 and 1 of ``AxBxC``: ``A*B``). A reduction loop whose trip count is not static
    counts as the largest static dim of the op's operands (an upper bound of the trip counts on
    any mesh these shapes come from). 1 when the program has no reduction.
    """
    from meshc.dialects.linalg import StructuredOp

    longest = 1
    for inner in op.walk():
        if not isinstance(inner, StructuredOp):
            continue
        try:
            dims = inner.reduction_dims()
            if not dims:
                continue
            ranges = inner.static_loop_ranges()
        except Exception:  # noqa: BLE001 - an op the verifier let through without a loop structure
            continue
        fallback = _largest_static_dim(inner)
        length = 1
        for d in dims:
            size = ranges[d] if d < len(ranges) else None
            length *= size if size is not None and size > 0 else fallback
        longest = max(longest, length)
    return longest


def default_atol(k: int, eps: float, max_expected: float, floor: float = DEFAULT_ATOL) -> float:
    """The absolute tolerance of the default rule (module docstring): ``max(floor, k * eps *
    max_expected)``; ``k`` the longest reduction, ``eps`` the dtype's epsilon, ``max_expected`` the
    largest finite ``|expected|`` of the output (same unit as the values)."""
    return max(floor, k * eps * max_expected)


def _largest_static_dim(op: Any) -> int:
    from meshc.ir.types import TensorType

    largest = 1
    for v in op.operands:
        t = v.type
        if isinstance(t, TensorType):
            for s in t.shape:
                if isinstance(s, int) and s > 0:
                    largest = max(largest, s)
    return largest


def describe(k: Optional[int], atol: float) -> str:
    """The tolerance header of a comparison under the default rule: ``atol max(1e-05, 1024 x eps x
    max|expected|)`` (``k`` None: the plain ``atol 1e-05``)."""
    if k is None:
        return f"atol {atol:g}"
    return f"atol max({atol:g}, {k} x eps x max|expected|)"
