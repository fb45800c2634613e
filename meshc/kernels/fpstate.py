"""The floating-point error state the kernels run under, and the BLAS call slots.

Every kernel computes with numpy's floating-point warnings silenced (overflow
to inf, NaN from invalid operations and division by zero are values in MLIR's
semantics, not errors). Entering ``np.errstate`` costs about as much as a
small ufunc call, so a thread that runs many kernels enters it once with
:func:`quiet_scope` (the runtime's device threads and the reference
interpreter's calls do); inside such a scope :func:`quiet` and the kernels'
own guards skip it. Outside one, each kernel enters it itself, so a kernel
called on its own behaves the same.

BLAS slots: every thread that calls the BLAS at the same time gets its own
work buffers from it (tens of MiB for a large matmul), so N device threads
multiplying at once hold N of them although the cores run only a few at a
time. While :func:`blas_slots` is in force (the threaded runtime sets it for a
run: the cores // BLAS threads per device), at most that many kernels are
inside a BLAS call at once (:func:`blas_call`); the others wait for a free
slot, which costs no time when the cores are all busy anyway.
"""

from __future__ import annotations

import contextlib
import threading
from typing import Iterator

import numpy as np

_STATE = threading.local()
_NULL = contextlib.nullcontext()

try:  # numpy >= 2: the error state is a context variable, set without building np.errstate's object
    from numpy._core.umath import _extobj_contextvar as _EXTOBJ
    from numpy._core.umath import _make_extobj
except ImportError:  # older numpy: np.errstate itself
    _EXTOBJ = None
#: (an error state, its quiet version as _make_extobj(all="ignore") made it from that state)
_QUIET_OF: tuple = (None, None)


def _quiet_extobj():
    """The quiet version of this thread's current numpy error state (made once per state)."""
    global _QUIET_OF
    current = _EXTOBJ.get()
    made_from, quiet_state = _QUIET_OF
    if current is made_from or current is quiet_state:
        return quiet_state
    quiet_state = _make_extobj(all="ignore")  # keeps the current state's buffer size and callback
    _QUIET_OF = (current, quiet_state)
    return quiet_state


def quiet_active() -> bool:
    """Whether this thread is inside a :func:`quiet_scope`."""
    return getattr(_STATE, "depth", 0) > 0


class quiet_scope:  # noqa: N801 - used as a function: ``with quiet_scope():``
    """Run the block with every numpy floating-point warning ignored
    (``np.errstate(all="ignore")``) and mark this thread as such, so that
    the kernels called inside need not enter the error state again.
    Nests (an inner scope enters no new error state); the state is per thread."""

    __slots__ = ("_errstate", "_token")

    def __enter__(self) -> None:
        depth = getattr(_STATE, "depth", 0)
        self._errstate = self._token = None
        if not depth:
            if _EXTOBJ is not None:  # what np.errstate(all="ignore") does, its state made once
                self._token = _EXTOBJ.set(_quiet_extobj())
            else:
                self._errstate = np.errstate(all="ignore")
                self._errstate.__enter__()
        _STATE.depth = depth + 1

    def __exit__(self, *exc) -> None:
        _STATE.depth -= 1
        if self._token is not None:
            _EXTOBJ.reset(self._token)
        elif self._errstate is not None:
            self._errstate.__exit__(*exc)


def quiet() -> contextlib.AbstractContextManager:
    """A context that silences numpy's floating-point warnings: a no-op
    inside a :func:`quiet_scope` (already silenced), else
    ``np.errstate(all="ignore")``."""
    if getattr(_STATE, "depth", 0):
        return _NULL
    return np.errstate(all="ignore")


_SLOTS: list = [None, 0]  # the semaphore of the BLAS slots in force (or None: no limit), the blocks inside
_SLOTS_LOCK = threading.Lock()


@contextlib.contextmanager
def blas_slots(n: "int | None") -> Iterator[None]:
    """At most ``n`` BLAS calls at once (:func:`blas_call`) for the block (None: no limit).
    Blocks that overlap (runs on several threads at once) share the limit of the first; the
    limit ends with the last of them."""
    with _SLOTS_LOCK:
        if not _SLOTS[1]:
            _SLOTS[0] = threading.BoundedSemaphore(n) if n else None
        _SLOTS[1] += 1
    try:
        yield
    finally:
        with _SLOTS_LOCK:
            _SLOTS[1] -= 1
            if not _SLOTS[1]:
                _SLOTS[0] = None


def blas_call() -> contextlib.AbstractContextManager:
    """The context a kernel calls the BLAS in: a slot of :func:`blas_slots` when a limit is in
    force, else nothing."""
    slots = _SLOTS[0]
    return slots if slots is not None else _NULL
