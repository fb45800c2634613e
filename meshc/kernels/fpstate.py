"""The floating-point error state the kernels run under.

Every kernel computes with numpy's floating-point warnings silenced (overflow
to inf, NaN from invalid operations and division by zero are values in MLIR's
semantics, not errors). Entering ``np.errstate`` costs about as much as a
small ufunc call, so a thread that runs many kernels enters it once with
:func:`quiet_scope` (the runtime's device threads and the reference
interpreter's calls do); inside such a scope :func:`quiet` and the kernels'
own guards skip it. Outside one, each kernel enters it itself, so a kernel
called on its own behaves the same.
"""

from __future__ import annotations

import contextlib
import threading
from typing import Iterator

import numpy as np

_STATE = threading.local()
_NULL = contextlib.nullcontext()


def quiet_active() -> bool:
    """Whether this thread is inside a :func:`quiet_scope`."""
    return getattr(_STATE, "depth", 0) > 0


@contextlib.contextmanager
def quiet_scope() -> Iterator[None]:
    """Run the block with every numpy floating-point warning ignored
    (``np.errstate(all="ignore")``) and mark this thread as such, so that
    the kernels called inside need not enter the error state again.
    Nests; the state is per thread."""
    with np.errstate(all="ignore"):
        _STATE.depth = getattr(_STATE, "depth", 0) + 1
        try:
            yield
        finally:
            _STATE.depth -= 1


def quiet() -> contextlib.AbstractContextManager:
    """A context that silences numpy's floating-point warnings: a no-op
    inside a :func:`quiet_scope` (already silenced), else
    ``np.errstate(all="ignore")``."""
    if getattr(_STATE, "depth", 0):
        return _NULL
    return np.errstate(all="ignore")
