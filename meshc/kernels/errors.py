"""The one error type the kernels raise for invalid runtime values.

A kernel raises :class:`KernelError` when its operands cannot be computed
with: mismatched shapes or element types, an out-of-bounds slice or index,
an unknown element type or predicate. The message names the offending
numbers. Undefined behaviour in MLIR's sense (integer division by zero,
over-wide shifts) is *not* an error: each kernel documents the value it
returns instead.
"""

from __future__ import annotations


class KernelError(ValueError):
    """An operand value or parameter a kernel cannot compute with."""
