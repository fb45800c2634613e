"""The threaded multi-device runtime: runs a :class:`~meshc.backend.schedule.Schedule`
with one thread per simulated device (docs/runtime.md; docs/pipeline.md stage 7).

Each device thread executes its steps in order (the step kinds and the
allocation policy are documented in :mod:`meshc.backend.schedule`):

* ``Allocate``/``Free`` go through the device's pool
  (:mod:`meshc.runtime.devices`), which counts current and peak bytes;
* ``Kernel`` runs the reference interpreter's kernel for the step's IR op
  (``KERNELS[op.name](interp, op, args)`` through ``Interpreter.run_steps``:
  one numpy code path for the interpreter and the runtime). Each device has
  its own :class:`~meshc.runtime.interpreter.Interpreter` on the schedule's
  module whose ``device`` gives the SPMD ops the device's mesh coordinates.
  A kernel's result must have the shape and element type its output buffer
  was allocated with;
* ``PeerRead`` binds a view of the peered device's array (no copy) and
  counts its bytes as peer traffic; ``Copy`` copies and counts copy bytes;
* ``Collective`` meets the other members of its device group at the
  instance's :class:`~meshc.runtime.collectives.Rendezvous`;
* ``HaloExchange`` (an unrolled ``mesh.update_halo``) fills its output slab
  by slab: its own core from its own buffer, each halo slab read straight
  from the owning device's buffer once that device's producing step has
  signalled (the step's events), counted as peer traffic from a peered
  device and as a copy from any other.

Each device's plan and step loop are the device engine's (:mod:`meshc.runtime.engine`,
shared with the MPI runtime): this module is the threads' transport -- events, reads of
another device's buffers, rendezvous collectives, halo slabs, and the progress board the
timeout rule reads.

numpy releases the GIL inside its kernels (BLAS, ufunc loops on large
arrays), so device threads overlap there; the Python glue between steps is
serialised by the GIL. The process BLAS is limited to each device's share of
the cores while a run lasts (``RunOptions.blas_threads``,
:mod:`meshc.runtime.blas`), and at most cores // BLAS threads kernels are in a
BLAS call at once (:func:`meshc.kernels.fpstate.blas_slots`).

Each device's steps are planned once, at construction, into records its
thread runs back to back (:class:`meshc.runtime.engine.DevicePlan`; docs/runtime.md
"How a device runs its steps"); the thread blocks only at an event wait or a
collective, and enters the kernels' floating-point error state once.

Failures (always :class:`~meshc.ir.DiagnosticError`, located when the step
has a source location; every device thread has ended before ``run`` raises):

* a kernel error on one device stops every device; the error names the
  device, the op and its location (:class:`RuntimeFailure`, ``reason`` =
  ``"kernel"``);
* every wait (an event, a rendezvous) polls and gives up after
  ``RunOptions.timeout`` seconds (default 60) when the device(s) it waits for
  have passed the point they should have reached (stopped before it, or finished):
  the error names the collective (or event) and those devices
  (``"timeout"``). When they are instead blocked at a wait of their own (or
  still running a step), the error after the same timeout names them and says
  the schedules may wait for each other (``"deadlock"``); only when a device
  of the run has stopped (a test hook) does such a wait leave the report to
  the wait that device left, for up to a second timeout
  (:func:`meshc.runtime.engine.check_timeout`). Never a hang;
* running out of device memory raises
  :class:`~meshc.runtime.devices.OutOfDeviceMemory` (device, buffer, usage
  table of every device).

Test hooks (:class:`TestHooks`, for tests only, not a user flag): make a
device drop out at a collective instance instead of arriving, make a
device's n-th kernel raise.
"""

from __future__ import annotations

import functools
import os
import threading
import time
from typing import Any, Callable, Optional, Sequence

import numpy as np

from meshc.backend.schedule import BufferLayout, Schedule, Step
from meshc.ir.location import DiagnosticError, Location
from meshc.kernels.fpstate import blas_slots
from meshc.runtime.blas import available_cores, blas_limit, resolve_blas_threads
from meshc.runtime.collectives import MAX_POLL_SECONDS, POLL_SECONDS, Rendezvous
from meshc.runtime.body_collectives import ThreadBodyCollectives, attach, body_listing
from meshc.runtime.devices import DeviceMemory
from meshc.runtime.engine import (FINISHED, RELAYOUT_OPS, RUNNING, STOPPED, STOPPED_RUN,  # noqa: F401
                                  Aborted, DevicePlan, DeviceState, Prepared, RunOptions, RunReport, RuntimeFailure,
                                  Stopped, TestHooks, Transport, accounted_bytes, check_argument, check_timeout,
                                  Pending, checked_arguments, count_halo_part, device_interpreter, halo_slab, kernel_failure,
                                  output_mismatch, place_slab, prepare_steps, run_device, run_kernel_step,
                                  staging_bytes, step_indexes, trace_name, unwritten, where)
from meshc.runtime.stats import DeviceStats, RunStats, TraceEvent

__all__ = ["RunOptions", "TestHooks", "RuntimeFailure", "RunReport", "Executor", "run_schedule", "prepare_steps",
           "run_kernel_step", "kernel_failure", "output_mismatch", "check_argument", "checked_arguments",
           "device_interpreter", "step_indexes", "halo_slab",
           "count_halo_part", "place_slab", "unwritten", "trace_name", "staging_bytes", "accounted_bytes"]


def _fill(shape: tuple, dtype: np.dtype, slabs: list) -> np.ndarray:
    """A new ``shape`` array of ``dtype`` with each ``(part, slab)`` placed at its part's box."""
    out = np.empty(shape, dtype)
    for part, slab in slabs:
        place_slab(out, part, slab)
    return out


class _RunState(Transport):
    """The threads' transport of one run (:class:`meshc.runtime.engine.Transport`): everything the
    device threads share -- pools, device states, events, rendezvous, the progress board."""

    def __init__(self, ex: "Executor"):
        n = ex.num_devices
        self.ex = ex
        self.memory = DeviceMemory(n, ex.options.device_memory)
        self.devs = [DeviceState(k, self.memory.pools[k], DeviceStats(k), ex._interps[k]) for k in range(n)]
        self.events = {name: threading.Event() for name in ex.signal_index}
        self.rendezvous = {name: Rendezvous(spec, ex.mesh, ex.schedule.participants(spec))
                           for name, spec in ex.schedule.collectives.items()}
        self.progress_board = [0] * n
        self.finished = [False] * n
        board: dict = {}
        board_lock = threading.Lock()
        for dev in self.devs:  # collectives inside kernels' bodies (region ops partitioned in place)
            attach(dev.interp, ThreadBodyCollectives(
                dev.device, ex.mesh, dev.stats, dev.pool, board, board_lock,
                lambda k, waited, missing, what, loc: self._check_wait(
                    k, waited, missing(), lambda m: self.finished[m], lambda: what, [], loc)), ex.options.trace,
                ex._body_listings[dev.device], ex.options.layout, ex.options.hooks)
        self.stopped: list[Optional[int]] = [None] * n  # step where a test hook stopped the device
        self.abort = threading.Event()
        self.halted = [False]  # abort, as a flag the device loops read without a call
        self.error: Optional[DiagnosticError] = None
        self._lock = threading.Lock()
        self._copier = None  # copy threads of peer tiles (copier())
        self.t0 = 0.0

    def fail(self, err: DiagnosticError) -> None:
        """Record the first failure and stop every device."""
        with self._lock:
            if self.error is None:
                self.error = err
        self.halt()

    def halt(self) -> None:
        """Stop every device (they unwind at their next step or wait)."""
        self.halted[0] = True
        self.abort.set()

    # -- the transport -------------------------------------------------------------------
    def progress(self, k: int) -> Callable[[int], None]:
        return functools.partial(self.progress_board.__setitem__, k)

    def signal(self, dev: DeviceState, i: int, step: Step) -> None:
        self.events[step.signal].set()  # type: ignore[index]

    def _remote(self, k, i, step):
        value = self.devs[step.src_device].buffers.get(step.src_buffer)
        if value is None:
            raise RuntimeFailure(
                f"device {k}, step {i} ({step.describe()}): device {step.src_device} holds no value in buffer "
                f"'{step.src_buffer}' (not yet written, or already freed: is a wait for the producer's event "
                "missing?)", step.location, device=k, reason="schedule")
        cut = _slices(step, value, k, i)
        return value[cut] if cut else value

    def peer_read(self, dev, i, step, data):
        view = self._remote(dev.device, i, step)
        dev.buffers[step.buffer] = view
        a = np.asarray(view)
        n = self.ex.traffic_bytes(a.nbytes, a.dtype)
        dev.stats.peer_read_bytes += n
        dev.stats.record_transfer(step.src_device, n, "peer_read")

    def copy(self, dev, i, step, data):
        k = dev.device
        value = np.array(self._remote(k, i, step), copy=True)
        shape, dt = dev.meta[step.buffer]
        if value.shape != shape or value.dtype != dt:
            raise RuntimeFailure(f"device {k}, step {i} ({step.describe()}): copies shape {list(value.shape)} of "
                                 f"{value.dtype} into buffer '{step.buffer}', allocated as {list(shape)} of {dt}",
                                 step.location, device=k, reason="schedule")
        dev.buffers[step.buffer] = value
        n = self.ex.traffic_bytes(value.nbytes, value.dtype)
        dev.stats.copy_bytes += n
        dev.stats.record_transfer(step.src_device, n, "copy")

    def halo(self, dev, i, step, data):
        k = dev.device
        shape, dt = dev.meta[step.output]
        slabs = []
        for part in step.parts:
            holder = dev if part.src_device == k else self.devs[part.src_device]
            slab = halo_slab(k, i, step, part, holder.buffers.get(part.src_buffer), dt)  # a view: nothing copied
            slabs.append((part, slab))
            count_halo_part(dev.stats, part, self.ex.traffic_bytes(slab.nbytes, slab.dtype), step.tile)
        if step.tile:  # a peer tile: filled by a copy thread while the device computes (engine.Pending)
            dev.buffers[step.output] = Pending(self.copier().submit(_fill, shape, dt, slabs))
            return
        dev.buffers[step.output] = _fill(shape, dt, slabs)

    def copier(self):
        """The run's copy threads (started at the first peer tile; ended with the run): what a device's
        DMA engine is to its compute units, so tile ``i + 1`` arrives while tile ``i`` computes."""
        with self._lock:
            if self._copier is None:
                from concurrent.futures import ThreadPoolExecutor

                self._copier = ThreadPoolExecutor(max(1, min(4, os.cpu_count() or 1)), "meshc-tile-copy")
            return self._copier

    def collective(self, dev, i, step, skip):
        if skip:
            raise Stopped()
        k = dev.device
        rendezvous = self.rendezvous[step.instance]
        spec = rendezvous.spec
        value = dev.buffers.get(step.input)
        if value is None:
            raise unwritten(k, i, step, step.input)
        shape, dt = dev.meta[step.output]
        group = rendezvous.group_of(k)
        pool = dev.pool
        staging = f"<staging of {step.instance}>"
        chunk = staging_bytes(spec.kind, np.asarray(value).nbytes, len(group))
        if chunk:
            pool.allocate(staging, chunk, chunk, spec.location)
        index = self.ex.collective_index

        def passed(m: int) -> bool:
            return self.finished[m] or self.progress_board[m] > index[(m, step.instance)]

        def check(waited: float, missing_of: Callable[[], list]) -> None:
            if self.abort.is_set():
                raise Aborted()
            if waited < self.ex.options.timeout:  # nothing to report yet: O(1), not O(group) per poll
                return
            missing = missing_of()
            absent = set(missing)
            self._check_wait(k, waited, missing, passed, lambda: f"collective {spec.describe()}",
                             [d for d in group if d not in absent], spec.location)

        t = time.perf_counter()
        try:
            out, received, peer, compute = rendezvous.arrive(k, value, shape, dt, check)
        finally:
            if chunk:
                pool.free(staging)
        waited = max(time.perf_counter() - t - compute, 0.0)
        dev.buffers[step.output] = out
        stats = dev.stats
        item = np.dtype(getattr(out, "dtype", dt))
        traffic = self.ex.traffic_bytes
        stats.collective_bytes += traffic(received, item)
        stats.collective_peer_bytes += traffic(peer, item)
        stats.record_transfers({src: traffic(n, item) for src, n in rendezvous.received_by(k).items()},
                               "collective")
        return waited

    def wait(self, dev, i, step):
        k = dev.device
        for name in step.wait:
            event = self.events[name]
            if event.is_set():
                continue
            producer, j = self.ex.signal_index[name]
            producer_step = self.ex.schedule.devices[producer].steps[j]

            def passed(m: int, j: int = j) -> bool:
                return self.finished[m] or self.progress_board[m] > j

            what = (lambda name=name, producer=producer, j=j, ps=producer_step:
                    f"device {k}, step {i} ({step.describe()}): event '{name}' (signalled by device {producer}, "
                    f"step {j}: {ps.describe()})")
            t = time.perf_counter()
            poll = POLL_SECONDS
            while not event.wait(poll):
                poll = min(2 * poll, MAX_POLL_SECONDS)  # a long wait polls less often (many waiters)
                self._check_wait(k, time.perf_counter() - t, [producer], passed, what, [], step.location)
            dev.stats.wait_seconds += time.perf_counter() - t

    # -- the timeout rule on this run's board ---------------------------------------------
    def _where(self, m: int) -> str:
        """What device ``m`` is doing now, for wait errors."""
        steps = self.ex.schedule.devices[m].steps
        if self.stopped[m] is not None:
            return where(steps, m, self.stopped[m], STOPPED)  # type: ignore[arg-type]
        return where(steps, m, self.progress_board[m], FINISHED if self.finished[m] else RUNNING)

    def _check_wait(self, k: int, waited: float, missing: list, passed: Callable[[int], bool],
                    what: Callable[[], str], arrived: list, location: Location) -> None:
        """Called while device ``k`` waits for ``missing`` devices; raises to stop waiting."""
        if self.abort.is_set():
            raise Aborted()
        if waited < self.ex.options.timeout:  # check_timeout would return: skip building its lists
            return
        gone = [m for m in missing if passed(m)]
        gone_set = set(gone)
        check_timeout(what, location, waited, self.ex.options.timeout, gone, [m for m in missing if m not in gone_set],
                      arrived, k, self._where, missing, any(s is not None for s in self.stopped))


def _slices(step, value, k: int, i: int) -> tuple:
    if step.offsets is None:
        return ()
    shape = np.shape(value)
    if len(step.offsets) != len(shape) or any(o + s > n for o, s, n in zip(step.offsets, step.sizes, shape)):
        raise RuntimeFailure(f"device {k}, step {i} ({step.describe()}): the slice does not fit device "
                             f"{step.src_device}'s buffer of shape {list(shape)}", step.location, device=k,
                             reason="schedule")
    return tuple(slice(o, o + s) for o, s in zip(step.offsets, step.sizes))


class Executor:
    """Runs ``schedule`` (validated here) under ``options``; :meth:`run` may
    be called several times (each run starts with empty pools).

    Raises (construction):
        ScheduleError: the schedule does not validate, or a buffer's layout
            cannot hold it.
        DiagnosticError: an op has no kernel (located at the op), or the
            module's initializers fail.
    """

    def __init__(self, schedule: Schedule, options: Optional[RunOptions] = None):
        self.schedule = schedule
        self.options = options or RunOptions()
        if not self.options.timeout > 0:
            raise ValueError(f"the collective timeout must be > 0 seconds, got {self.options.timeout}")
        schedule.validate()
        self.mesh = schedule.mesh
        self.num_devices = self.mesh.num_devices
        self.signal_index, self.collective_index = step_indexes(schedule)
        self._interps = [device_interpreter(schedule, k, self.options) for k in range(self.num_devices)]
        self._plans = [DevicePlan(d.device, d.steps, schedule.args, self.options, self._interps[d.device], _RunState)
                       for d in schedule.devices]
        self._body_listings = [body_listing(d.steps) for d in schedule.devices]  # once, not per run
        self.blas_threads = resolve_blas_threads(self.options.blas_threads, self.num_devices)
        # at most as many BLAS calls at once as the cores run (each holds the BLAS's work buffers)
        self.blas_slots = max(1, available_cores() // self.blas_threads) if self.blas_threads else None
        if self.blas_slots is not None and self.blas_slots >= self.num_devices:
            self.blas_slots = None  # every device has a slot: no limit needed

    def traffic_bytes(self, nbytes: int, dtype: Any) -> int:
        """``nbytes`` of numpy ``dtype`` data counted in the accounted element type: the layout's
        ``dtype_override`` when the run sets one (``--dtype-override``: the memory columns use it too,
        seed 002), else unchanged (:func:`accounted_bytes`). E.g. 400 B of float32 under ``bfloat16``
        count 200 B."""
        return accounted_bytes(nbytes, dtype, self.options.layout)

    # -- running -----------------------------------------------------------------------
    def run(self, args: Sequence[Any] = ()) -> RunReport:
        """Run with ``args`` (arrays in entry-argument order; a numpy memmap
        is bound without a copy) and return the outputs and stats.

        Raises:
            RuntimeFailure: a wrong argument, a kernel error, a timeout or a
                deadlock (module docstring); its ``stats`` is set.
            OutOfDeviceMemory: a pool ran out.
        """
        st = _RunState(self)
        for b, value, want, physical, logical in checked_arguments(self.schedule, args, self.options.layout):
            st.devs[b.device].bind(b, value, want, physical, logical)
        threads = [threading.Thread(target=self._device_main, args=(st, k), name=f"meshc-device-{k}", daemon=True)
                   for k in range(self.num_devices)]
        with blas_limit(self.blas_threads), blas_slots(self.blas_slots):
            st.t0 = time.perf_counter()
            try:
                for t in threads:
                    t.start()
                for t in threads:
                    t.join()
            except BaseException:
                st.halt()
                for t in threads:
                    if t.is_alive():
                        t.join()
                raise
            finally:
                if st._copier is not None:
                    st._copier.shutdown(wait=True)
        try:
            stats = self._stats(st, time.perf_counter() - st.t0)
        finally:
            for dev in st.devs:  # the interpreters outlive the run: their body-collective handlers must not
                if dev.interp is not None:  # keep the run's state (and its buffers) alive until the next run
                    dev.interp.body_collectives = None
        if st.error is not None:
            st.error.stats = stats  # type: ignore[attr-defined]
            raise st.error
        outputs: list[Any] = [None] * len(self.schedule.results)
        for r in self.schedule.results:
            value = st.devs[r.device].buffers.get(r.buffer)
            if value is None:
                raise RuntimeFailure(f"result {r.index}: buffer '{r.buffer}' of device {r.device} was never written",
                                     device=r.device, reason="schedule")
            outputs[r.index] = value
        return RunReport(outputs, stats)

    def _device_main(self, st: _RunState, k: int) -> None:
        """The body of device ``k``'s thread: the engine's loop (:func:`meshc.runtime.engine.run_device`)."""
        how, i, error = run_device(self._plans[k], st.devs[k], st)
        if how == STOPPED_RUN:
            st.stopped[k] = i
        elif error is not None:
            st.fail(error)
        st.finished[k] = True
        st.progress_board[k] = len(self.schedule.devices[k].steps)

    # -- stats -------------------------------------------------------------------------
    def _stats(self, st: _RunState, wall: float) -> RunStats:
        events: list[TraceEvent] = []
        for k, dev in enumerate(st.devs):
            pool = st.memory.pools[k]
            s = dev.stats
            s.peak_bytes, s.peak_logical_bytes, s.final_bytes = pool.peak, pool.logical_peak, pool.current
            s.allocated_bytes, s.allocations = pool.allocated_bytes, pool.allocations
            steps = self.schedule.devices[k].steps
            for i, t, end in dev.trace:
                step = steps[i]
                events.append(TraceEvent(k, trace_name(self.schedule, step), step.kind, t - st.t0, end - st.t0,
                                         {"step": i, "detail": step.describe()}))
            body = getattr(dev.interp, "body_collectives", None)
            if self.options.trace and body is not None:  # collectives run inside kernels' bodies
                for name, t, end, detail in body.events:
                    events.append(TraceEvent(k, name, "collective", t - st.t0, end - st.t0,
                                             {"in_body": True, "detail": detail}))
        return RunStats([d.stats for d in st.devs], wall, self.options.device_memory, events)


def run_schedule(schedule: Schedule, args: Sequence[Any] = (), *, device_memory: Optional[int] = None,
                 timeout: float = 60.0, layout: Optional[BufferLayout] = None, trace: bool = True,
                 hooks: Optional[TestHooks] = None) -> RunReport:
    """Validate and run ``schedule`` once with ``args``; see :class:`Executor`
    and :class:`RunOptions` for the parameters and errors."""
    options = RunOptions(device_memory, timeout, layout or BufferLayout(), trace, hooks)
    return Executor(schedule, options).run(args)
