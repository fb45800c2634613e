"""Runtime backends: who executes a schedule (docs/pipeline.md stage 7).

The compiler ends at a :class:`~meshc.backend.schedule.Schedule`; a backend
runs it. Both backends share the schedule format, the allocation policy and
the numpy kernels of the reference interpreter, and return the same
:class:`~meshc.runtime.executor.RunReport` (outputs in the schedule's result
order, per-device :class:`~meshc.runtime.stats.RunStats`), so nothing before
the runtime knows which one runs:

* ``threads`` (:class:`ThreadsBackend`): one thread per device in this
  process (:class:`meshc.runtime.executor.Executor`);
* ``iree`` (:class:`meshc.runtime.iree_backend.IreeBackend`): one IREE
  module for the whole mesh, compiled by IREE and run on one local IREE
  device per mesh device (the extra ``pip install -e '.[iree]'``);
* ``mpi`` (:class:`MpiBackend`): one MPI rank per device, started by
  ``mpiexec -n N`` (:mod:`meshc.runtime.mpi`). Every rank runs the same
  command; only :attr:`Backend.is_root` (rank 0) gets the outputs and stats
  and should print or write them. mpi4py and an MPI library are the optional
  extra ``pip install -e '.[mpi]'``; without them :func:`get_backend`
  raises :class:`~meshc.runtime.mpi_launch.MpiUnavailable` saying so.

A driver (``meshc run``) uses a backend in four calls::

    backend = get_backend(name)                       # "threads" | "mpi"
    with backend.guard():                             # MPI: an error on any rank prints once, aborts all
        ...compile to `program` (meshc.backend.emit.Program)...
        args = backend.shard_inputs(program, arrays)  # MPI: this rank's shards only
        report = backend.run(program.schedule, args, RunOptions(...))
        # or, calling it repeatedly: ex = backend.executor(schedule, options); ex.run(args) ...; ex.close()
        if backend.is_root: ...gather_results(program, report.outputs), print, -o, --check, --stats...
"""

from __future__ import annotations

import contextlib
from typing import Any, ClassVar, ContextManager, Optional, Sequence

from meshc.ir.location import DiagnosticError

__all__ = ["BACKENDS", "UnknownBackend", "Backend", "ThreadsBackend", "MpiBackend", "get_backend", "shard_view"]

#: Backend names, as ``meshc run --backend`` spells them.
BACKENDS = ("threads", "mpi", "iree")


class UnknownBackend(DiagnosticError, ValueError):
    """A backend name that is not one of :data:`BACKENDS`."""


class Backend:
    """What every backend offers (module docstring)."""

    name: ClassVar[str] = ""

    @property
    def is_root(self) -> bool:
        """Whether this process reports the results (always, for threads; rank 0 on MPI)."""
        return True

    def guard(self, sources: Any = None) -> ContextManager:
        """A context for the whole command: errors inside it end the run the
        backend's way (threads: they propagate; MPI: printed once as a located
        diagnostic, then every rank is aborted, exit code 1 or 2). ``sources``
        is the :class:`meshc.diagnostics.SourceManager` to render source lines from."""
        return contextlib.nullcontext()

    def shard_inputs(self, program: Any, arrays: Sequence[Any]) -> list[Any]:
        """The schedule's per-shard arguments from the entry function's
        ``arrays`` (argument order, unsharded; numpy memmaps welcome):
        argument ``slot.position`` is ``arrays[slot.index]`` cut at the slot's
        offsets to its local shape (:class:`meshc.backend.emit.ShardSlot`),
        a read-only view where the block is contiguous, else a copy
        (:func:`shard_view`); scalars pass through. Shards this process does not run are None (MPI)."""
        mine = self._devices(program)
        owner = {b.index: b.device for b in program.schedule.args}
        return [_shard(slot, arrays[slot.index]) if mine is None or owner.get(slot.position) in mine else None
                for slot in program.args]

    def _devices(self, program: Any) -> Optional[set]:
        """Devices whose inputs this process needs (None: all)."""
        return None

    def executor(self, schedule: Any, options: Any = None) -> Any:
        """What runs ``schedule`` under ``options`` call after call: an object whose
        ``run(args)`` is :meth:`run` with these ``schedule`` and ``options`` and whose ``close()``
        frees what it set up (call it on every rank). What depends only on the schedule is set
        up once, before the first call (MPI: the shared-memory window its peers read through);
        this default sets up nothing and calls :meth:`run` every time."""
        return _RunEachCall(self, schedule, options)

    def run(self, schedule: Any, args: Sequence[Any], options: Any = None) -> Any:
        """Run ``schedule`` once with per-shard ``args`` under ``options``
        (:class:`meshc.runtime.executor.RunOptions`); returns the
        :class:`~meshc.runtime.executor.RunReport` (on MPI: outputs and stats
        on the root rank only, ``[]`` and None elsewhere).

        Raises:
            RuntimeFailure, OutOfDeviceMemory, ScheduleError: as the threaded
                runtime (on MPI the job is aborted instead, inside ``guard``).
        """
        raise NotImplementedError


class _RunEachCall:
    """:meth:`Backend.executor` for a backend with nothing to set up per schedule."""

    def __init__(self, backend: Backend, schedule: Any, options: Any):
        self.backend, self.schedule, self.options = backend, schedule, options

    def run(self, args: Sequence[Any]) -> Any:
        return self.backend.run(self.schedule, args, self.options)

    def close(self) -> None:
        pass


class ThreadsBackend(Backend):
    """One thread per device in this process (:mod:`meshc.runtime.executor`)."""

    name = "threads"

    def run(self, schedule: Any, args: Sequence[Any], options: Any = None) -> Any:
        from meshc.runtime.executor import Executor

        return Executor(schedule, options).run(args)


class MpiBackend(Backend):
    """One MPI rank per device (:mod:`meshc.runtime.mpi`); ``comm`` defaults
    to ``COMM_WORLD``, ``shared_memory`` is ``"auto"`` (peer reads through
    MPI shared-memory windows where the ranks share a node) or ``"off"``.

    Raises:
        MpiUnavailable: mpi4py (or an MPI library) is not installed; the
            message gives the install command.
    """

    name = "mpi"

    def __init__(self, comm: Any = None, shared_memory: str = "auto"):
        from meshc.runtime.mpi_launch import job

        if shared_memory not in ("auto", "off"):
            raise ValueError(f"shared_memory must be 'auto' or 'off', got '{shared_memory}'")
        self.job = job(comm)
        self.shared_memory = shared_memory

    @property
    def rank(self) -> int:
        """This process's rank (= the device it runs)."""
        return self.job.rank

    @property
    def size(self) -> int:
        """Number of ranks (must equal the mesh's device count)."""
        return self.job.size

    @property
    def is_root(self) -> bool:
        return self.job.rank == 0

    def guard(self, sources: Any = None) -> ContextManager:
        from meshc.runtime.mpi_launch import guard

        return guard(self.job.comm, sources)

    def _devices(self, program: Any) -> Optional[set]:
        return {self.job.rank}

    def executor(self, schedule: Any, options: Any = None) -> Any:
        """A :class:`meshc.runtime.mpi.MpiExecutor` (collective: call it on every rank): the
        shared-memory window and the communicators are set up once for every call."""
        from meshc.runtime.mpi import MpiExecutor

        return MpiExecutor(schedule, options, comm=self.job.comm, shared_memory=self.shared_memory)

    def run(self, schedule: Any, args: Sequence[Any], options: Any = None) -> Any:
        from meshc.runtime.mpi import run_schedule_mpi

        return run_schedule_mpi(schedule, args, options, comm=self.job.comm, shared_memory=self.shared_memory)


def shard_view(array: Any, offsets: Sequence[int], shape: Sequence[int]) -> Any:
    """The block of ``array`` at ``offsets`` of ``shape``, as a device's argument buffer: a
    read-only view into ``array`` when the block is contiguous in memory (no copy: a block of a
    memmap reads only its own pages, and a replicated argument given to several devices is the one
    array, as the memory accounting counts it), else (not contiguous, or not aligned for its dtype:
    numpy would copy it in every kernel) a C-contiguous copy of the block. Read-only,
    so that no kernel writes into the caller's array (a kernel that writes an operand in place
    needs a writable array it owns: the runtime's in-place rules, docs/runtime.md)."""
    import numpy as np

    # the Ellipsis keeps a 0-d block an array (a view), not a numpy scalar
    block = np.asarray(array)[tuple(slice(o, o + n) for o, n in zip(offsets, shape)) + (Ellipsis,)]
    if (block.flags.c_contiguous or block.flags.f_contiguous) and block.flags.aligned:
        view = block.view()
        view.flags.writeable = False
        return view
    return np.array(block, copy=True, order="C")


def _shard(slot: Any, array: Any) -> Any:
    """``array``'s piece for ``slot`` (:func:`shard_view`; the whole value for a scalar; a new array of the
    reduction identity for a shard of a partial input that starts from it, as :func:`meshc.api.shard_inputs`)."""
    if not slot.is_tensor:
        return array
    if slot.identity is not None:
        import numpy as np

        from meshc.kernels.dtypes import numpy_dtype

        return np.full(slot.shape, slot.identity, dtype=numpy_dtype(slot.dtype))
    return shard_view(array, slot.offsets, slot.shape)


def get_backend(name: str, **options: Any) -> Backend:
    """The backend called ``name`` (:data:`BACKENDS`), built with ``options``
    (``mpi``: ``comm``, ``shared_memory``).

    Raises:
        UnknownBackend: another name.
        MpiUnavailable: ``mpi`` without mpi4py / MPI (says how to install them).
        IreeUnavailable: ``iree`` without IREE's Python packages (says how to install them).
    """
    if name == "threads":
        return ThreadsBackend(**options)
    if name == "mpi":
        return MpiBackend(**options)
    if name == "iree":  # one IREE module for the mesh, N local IREE devices (meshc.runtime.iree_backend)
        from meshc.runtime.iree_backend import IreeBackend

        return IreeBackend(**options)
    raise UnknownBackend(f"unknown runtime backend '{name}' (known: {', '.join(BACKENDS)})")
