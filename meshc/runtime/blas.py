"""How many threads the BLAS may use while devices run (docs/runtime.md, "BLAS threads").

Every simulated device (a thread of the threaded runtime, an MPI rank) calls
the process's BLAS from its kernels (``np.matmul`` ...). Left alone, OpenBLAS
and MKL start one thread per core for every call, so N devices calling at
once run N x cores threads on the cores and lose time switching between
them. The runtime therefore limits the BLAS, with threadpoolctl, to each
device's share of the cores while a run lasts: ``cores // devices``, at least
1, unless told otherwise (``meshc run --blas-threads N``). OpenBLAS's limit is
per process, so the threaded runtime sets it once around the run, and every
device thread sees it.
"""

from __future__ import annotations

import contextlib
import os
from typing import Iterator, Optional

__all__ = ["available_cores", "default_blas_threads", "resolve_blas_threads", "blas_limit", "blas_thread_counts"]


def available_cores() -> int:
    """The CPUs this process may run on (its affinity mask where the OS has one), at least 1."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def default_blas_threads(devices: int) -> int:
    """Each of ``devices`` devices' share of the cores: ``available_cores() // devices``, at least 1."""
    return max(1, available_cores() // max(1, devices))


def resolve_blas_threads(requested: Optional[int], devices: int) -> Optional[int]:
    """The BLAS thread limit of a run on ``devices`` devices: ``requested`` when given (>= 1), the
    default share (:func:`default_blas_threads`) for None, and None (no limit: the BLAS keeps its
    own setting) for 0.

    Raises:
        ValueError: ``requested`` is negative.
    """
    if requested is None:
        return default_blas_threads(devices)
    if requested < 0:
        raise ValueError(f"the BLAS thread count must be >= 0, got {requested}")
    return requested or None


_CONTROLLER: list = []


def _controller():
    """One threadpoolctl controller per process (finding the loaded BLAS libraries takes a few
    milliseconds: done once, not per run); None when threadpoolctl is missing."""
    if not _CONTROLLER:
        try:
            from threadpoolctl import ThreadpoolController
        except ImportError:  # a dependency of meshc (pyproject.toml); tolerated for embedders without it
            _CONTROLLER.append(None)
        else:
            import numpy  # noqa: F401  (loads the BLAS that numpy ships, for the controller to find)

            _CONTROLLER.append(ThreadpoolController())
    return _CONTROLLER[0]


@contextlib.contextmanager
def blas_limit(threads: Optional[int]) -> Iterator[None]:
    """Limit the BLAS libraries loaded in this process to ``threads`` threads (None: no change)
    for the block, and restore their previous setting after it. Nothing is changed when the limit
    is already in force (the common case of repeated runs), nor without threadpoolctl."""
    controller = _controller() if threads is not None else None
    if controller is None:
        yield
        return
    blas = controller.select(user_api="blas")
    if all(lib.num_threads == threads for lib in blas.lib_controllers):
        yield
        return
    with blas.limit(limits=threads):
        yield


def blas_thread_counts() -> list[int]:
    """The thread count of each BLAS library loaded in this process, as threadpoolctl reads it
    now (``[]`` without threadpoolctl)."""
    try:
        from threadpoolctl import threadpool_info
    except ImportError:
        return []
    return [lib["num_threads"] for lib in threadpool_info() if lib.get("user_api") == "blas"]
