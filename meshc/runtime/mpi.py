"""The MPI runtime: runs a :class:`~meshc.backend.schedule.Schedule` with one MPI
rank per device (docs/pipeline.md stage 7), the same schedules and numpy kernels as the threaded
runtime (:mod:`meshc.runtime.executor`).

Rank ``r`` of the communicator is linear device ``r`` (row-major mesh
coordinates, ``Mesh.device_coords``); the communicator must have exactly
``mesh.num_devices`` ranks. Every rank builds the same static plan from the
schedule, then runs only its own device's steps. Step by step:

* ``Allocate``/``Free``/``Kernel``, the plan and the step loop: the device
  engine's (:mod:`meshc.runtime.engine`, shared with the threaded runtime: a
  device pool per rank, the reference interpreter's kernels, fused runs of
  kernels, the same errors); this module is the MPI transport;
* ``Copy``: the producer sends. A copy on device k of device j's buffer waits
  for events that j signals (the schedule's rule: the producer's event); j
  sends the slice with ``Isend`` right after the latest of those steps
  (before its first step when there is none: an argument) and k receives it
  with ``Irecv`` into the allocated buffer;
* ``PeerRead``: when both devices are on one node (``COMM_TYPE_SHARED``) the
  owner publishes the buffer, after the same step, into its segment of an MPI
  shared-memory window (``Win.Allocate_shared``; one slot per published
  value, laid out before the run) and keeps only that copy, and the reader
  binds a view of it: read in place, nothing copied. Otherwise (or with
  ``shared_memory="off"``) the read falls back to a message like a copy. The
  stats say which happened (``peer_memory``, ``peer_copy_bytes``);
* ``HaloExchange`` (an unrolled ``mesh.update_halo``): the local slabs come
  from the device's own buffers; every remote slab is one transfer planned
  like a copy (the source ``Isend``s the slab after the step the exchange
  waits for) or, for a ``peer_read`` slab of a device on the same node, read
  in place from the source's shared-window slot like a peer read; the
  receiver posts all its ``Irecv``s at once and polls them together, under
  the same timeout rule;
* events: a step's ``signal`` sends an empty message to every other device
  that waits for it; waiting polls ``Irecv``;
* ``Collective``: on the communicator of the device's group over the
  collective's mesh axes (``Comm.Split``, cached by :class:`MpiJob`). The
  members first exchange their buffer shapes and element types
  (``Iallgather`` of a small vector), so that every member checks the same
  things the threaded runtime checks (:mod:`meshc.runtime.collectives`) and
  fails the same way; then ``all_gather`` -> ``Iallgather`` (``Iallgatherv``
  for uneven shards), ``all_reduce`` -> ``Iallreduce`` (sum, max, min, prod,
  bitwise), ``reduce_scatter`` -> ``Ireduce_scatter_block`` (even) or
  ``Ireduce_scatter`` with per-rank counts (uneven), ``all_to_all`` ->
  ``Ialltoall`` (``Ialltoallv``), ``all_slice`` -> a local slice. The tensor
  axis a collective works on is moved to the front first, so every piece is
  one contiguous run of bytes. Reductions MPI has no operation or datatype
  for (``average``, bf16, f16, bool...) gather every member's buffer and
  reduce with the reference semantics (:func:`meshc.runtime.collectives.group_collective`).
  Floating-point sums may round differently from the threaded runtime (MPI
  picks the order of the additions). Schedule schema v1 has no broadcast,
  send/recv or shift instance: point-to-point data moves as Copy steps
  (``Isend``/``Irecv`` above).

* collectives inside a Kernel step's body (:mod:`meshc.runtime.body_collectives`): the same
  metadata exchange (a negative instance number per in-body sequence number and kind), then
  every member's buffer by ``Iallgatherv`` and the threaded runtime's group math
  (:meth:`MpiExecutor.body_collective`).

Every request is non-blocking and polled; a wait that lasts longer than
``RunOptions.timeout`` (a collective's: its metadata exchange and its data
together, from the rank's arrival) ends as in the threaded runtime: the devices that
never reached the collective (or event) are named, with where they are,
read from the job's progress board (:mod:`meshc.runtime.mpi_launch`), or, when
they are blocked elsewhere (or still running), the same timeout reports them as a
deadlock (:func:`meshc.runtime.engine.check_timeout`). Members that
issue different collectives on one communicator are reported at once.

A failure on one rank (with ``on_error="abort"``, the default) is printed
once for the job -- device, op and location, plus the rank -- and ends every
rank with ``Comm.Abort``; ``on_error="raise"`` raises on the failing rank
instead (single-rank use).

Rank 0 gathers the results (in the schedule's result order) and every
device's stats (:class:`MpiRunStats`).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any, Callable, Optional, Sequence

import numpy as np

from meshc.backend.schedule import (Allocate, CollectiveSpec, Copy, Free, HaloExchange, Kernel, PeerRead, Schedule,
                                    ScheduleError, Step, body_collectives)
from meshc.ir.location import UNKNOWN_LOC, DiagnosticError, Location
from meshc.runtime.body_collectives import BODY_KINDS, MpiBodyCollectives, attach, body_collective_axes, body_listing
from meshc.runtime.collectives import CollectiveError, _plan, group_collective, plan_traffic
from meshc.runtime.devices import DevicePool
from meshc.runtime.blas import blas_limit, resolve_blas_threads
from meshc.runtime.engine import (FAILED_RUN, STOPPED_RUN, DevicePlan, DeviceState, RunOptions, RunReport,
                                  RuntimeFailure, Stopped, Transport, check_timeout, checked_arguments,
                                  count_halo_part, device_interpreter, halo_slab, place_slab, run_device,
                                  step_indexes, trace_name, unwritten, where)
from meshc.runtime.mpi_launch import FAILED, FINISHED, RUNNING, STOPPED, MpiJob
from meshc.runtime.mpi_launch import job as get_job
from meshc.runtime.stats import DeviceStats, RunStats, TraceEvent
from meshc.sharding.spec import Mesh

__all__ = ["MpiDeviceStats", "MpiRunStats", "MpiRunReport", "MpiExecutor", "run_schedule_mpi"]

_REDUCING = ("all_reduce", "reduce_scatter")
_ALIGN = 64  # bytes; slots of the shared window start on cache lines
_MAX_RANK = 24  # tensor rank the collective metadata vector can describe
_NAME_WORDS = 4  # int64 words holding an element type's name
_SPIN = 64  # polls before a waiting rank starts to sleep
_MAX_SLEEP = 1e-3  # seconds between polls at most
#: Element types (numpy names) MPI reduces natively, with their MPI datatypes; others take the reference path.
_MPI_TYPES = {"float32": "FLOAT", "float64": "DOUBLE", "int8": "INT8_T", "int16": "INT16_T", "int32": "INT32_T",
              "int64": "INT64_T", "uint8": "UINT8_T", "uint16": "UINT16_T", "uint32": "UINT32_T",
              "uint64": "UINT64_T"}
_MPI_OPS = {"sum": "SUM", "max": "MAX", "min": "MIN", "product": "PROD", "bitwise_and": "BAND",
            "bitwise_or": "BOR", "bitwise_xor": "BXOR"}


@dataclass
class MpiDeviceStats(DeviceStats):
    """:class:`DeviceStats` plus what only MPI has: the ``rank`` and ``host``
    that ran the device, ``peer_memory`` (how its peer reads were served:
    ``shared window``, ``copies``, ``both`` or ``none``),
    ``shared_window_bytes`` (its segment of the node's shared window),
    ``published_bytes`` (copied into that segment for peers to read) and
    ``peer_copy_bytes`` (peer reads that fell back to messages)."""

    rank: int = 0
    host: str = ""
    peer_memory: str = "none"
    shared_window_bytes: int = 0
    published_bytes: int = 0
    peer_copy_bytes: int = 0


@dataclass
class MpiRunStats(RunStats):
    """:class:`RunStats` of an MPI run (gathered on rank 0); ``ranks`` is the
    communicator size."""

    ranks: int = 0

    def table(self) -> str:
        """The threaded runtime's table plus one line per device on MPI placement and peer memory."""
        lines = [super().table()]
        for d in self.devices:
            extra = getattr(d, "peer_memory", "none")
            lines.append(f"device {d.device}: rank {getattr(d, 'rank', d.device)} on {getattr(d, 'host', '?')}; "
                         f"peer reads: {extra}; shared window {getattr(d, 'shared_window_bytes', 0)} B, "
                         f"published {getattr(d, 'published_bytes', 0)} B, "
                         f"peer reads by message {getattr(d, 'peer_copy_bytes', 0)} B")
        return "\n".join(lines)

    def to_json(self) -> dict:
        out = super().to_json()
        out["backend"] = "mpi"
        out["ranks"] = self.ranks
        return out


@dataclass
class MpiRunReport(RunReport):
    """:class:`RunReport` of one rank: ``outputs`` and ``stats`` are filled on
    the ``root`` rank only (elsewhere ``[]`` and None)."""

    root: bool = True
    rank: int = 0


# -- the static plan (identical on every rank) ----------------------------------------------------


@dataclass
class _Slot:
    """A value device ``owner`` publishes after its step ``after`` into its
    segment of the shared window, at byte ``offset``."""

    owner: int
    buffer: str
    after: int
    offset: int
    shape: tuple
    dtype: np.dtype

    @property
    def nbytes(self) -> int:
        return math.prod(self.shape) * self.dtype.itemsize


@dataclass
class _Transfer:
    """Data of a Copy or PeerRead step (``step``, index ``dst_step`` on
    ``dst``) that ``src`` sends after its step ``after`` (message ``tag``), or
    that ``dst`` reads from ``slot`` in the shared window."""

    src: int
    dst: int
    after: int
    dst_step: int
    step: Any
    tag: int
    shape: tuple
    dtype: np.dtype
    slot: Optional[_Slot] = None


@dataclass
class _Notify:
    """Event ``event`` signalled by ``src``'s step ``after``, first awaited by ``dst``'s step ``dst_step``
    (message ``tag``)."""

    event: str
    src: int
    dst: int
    after: int
    tag: int
    dst_step: int


class _Plan:
    """Who sends what to whom and when, laid out from the schedule alone so
    that every rank computes the same tags and window layout.

    Raises:
        ScheduleError: a copy or peer read whose source buffer is not live
            at the point the producer would send it (the schedule does not
            wait for the producer's event).
    """

    def __init__(self, schedule: Schedule, node_of: Sequence[int], shared: bool):
        self.s = schedule
        self.signal_index, self.collective_index = step_indexes(schedule)
        self.instance_ids = {name: n for n, name in enumerate(sorted(schedule.collectives))}
        #: ``(device, listed in-body instance) -> index of the Kernel step whose body lists it``: where a
        #: member of an in-body collective is expected (the timeout rule)
        self.body_step = {(k, c.instance): i for k, d in enumerate(schedule.devices) for i, st in enumerate(d.steps)
                          if isinstance(st, Kernel) and st.body for c in body_collectives(st.body)}
        self.after: dict[int, dict[int, list]] = {d.device: {} for d in schedule.devices}
        self.incoming: dict[tuple[int, int], Any] = {}  # _Transfer per step; a halo exchange: one per part
        self.notify_in: dict[tuple[int, str], _Notify] = {}
        self.slots: dict[int, list[_Slot]] = {d.device: [] for d in schedule.devices}
        self._slot_of: dict[tuple, _Slot] = {}
        self._tags: dict[tuple[int, int], int] = {}
        self._meta_memo: dict[tuple, Optional[tuple]] = {}
        for d in schedule.devices:
            k = d.device
            for i, step in enumerate(d.steps):
                for event in step.wait:
                    p, j = self.signal_index[event]
                    if p != k and (k, event) not in self.notify_in:
                        n = _Notify(event, p, k, j, self._tag(p, k), i)
                        self.notify_in[(k, event)] = n
                        self.after[p].setdefault(j, []).append(n)
                if isinstance(step, (Copy, PeerRead)):
                    self._add_transfer(k, i, step, shared and node_of[k] == node_of[step.src_device])
                elif isinstance(step, HaloExchange):
                    self._add_halo(k, i, step, [shared and node_of[k] == node_of[p.src_device] for p in step.parts])
        self.arena_bytes = {k: _align(sum(s.nbytes for s in v) + _ALIGN * len(v)) for k, v in self.slots.items()}

    def _tag(self, src: int, dst: int) -> int:
        n = self._tags.get((src, dst), 0) + 1
        self._tags[(src, dst)] = n
        return n

    def send_point(self, k: int, step: Step) -> int:
        """The step of ``step.src_device`` after which it sends: the latest
        step of that device among the events ``step`` waits for (-1: none)."""
        j = step.src_device
        points = [self.signal_index[e][1] for e in step.wait if self.signal_index[e][0] == j]
        return max(points, default=-1)

    def meta(self, device: int, buffer: str, upto: int) -> Optional[tuple]:
        """``(shape, numpy dtype)`` of ``buffer`` on ``device`` after its step
        ``upto`` (-1: before the first), None when it is not live then."""
        key = (device, buffer, upto)
        if key not in self._meta_memo:
            self._meta_memo[key] = self._find_meta(device, buffer, upto)
        return self._meta_memo[key]

    def _find_meta(self, device: int, buffer: str, upto: int) -> Optional[tuple]:
        from meshc.kernels.dtypes import numpy_dtype

        steps = self.s.devices[device].steps
        for i in range(upto, -1, -1):
            step = steps[i]
            if isinstance(step, Free) and step.buffer == buffer:
                return None
            if isinstance(step, Allocate) and step.buffer == buffer:
                return tuple(step.shape), numpy_dtype(step.dtype)
            if isinstance(step, PeerRead) and step.buffer == buffer:
                src = self.meta(step.src_device, step.src_buffer, self.send_point(device, step))
                if src is None:
                    return None
                return (tuple(step.sizes) if step.sizes is not None else src[0]), src[1]
        for a in self.s.args:
            if a.device == device and a.buffer == buffer:
                return tuple(a.shape), numpy_dtype(a.dtype)
        return None

    def _source(self, k: int, i: int, step: Step, carried: Step) -> tuple[int, tuple]:
        """``(send point, (shape, dtype) of the source buffer)`` of ``carried`` (a Copy or PeerRead, or
        a halo slab described as a Copy) of device ``k``'s step ``i`` (``step``).

        Raises:
            ScheduleError: the source holds no such buffer at its send point.
        """
        j = carried.src_device
        after = self.send_point(k, carried)
        src = self.meta(j, carried.src_buffer, after)
        if src is None:
            point = f"after its step {after}" if after >= 0 else "before its first step"
            raise ScheduleError(f"device {k}, step {i} ({step.describe()}): device {j} holds no buffer "
                                f"'{carried.src_buffer}' {point}, where the MPI runtime sends it (the step must wait "
                                f"for the event of the step of device {j} that produces it)", step.location)
        return after, src

    def _add_transfer(self, k: int, i: int, step: Step, shared: bool) -> None:
        after, src = self._source(k, i, step, step)
        where = f"device {k}, step {i} ({step.describe()})"
        if isinstance(step, Copy):
            dst = self.meta(k, step.buffer, i - 1)
            if dst is None:
                raise ScheduleError(f"{where}: buffer '{step.buffer}' is not allocated", step.location)
            shape, dtype = dst
        else:
            shape = tuple(step.sizes) if step.sizes is not None else src[0]
            dtype = src[1]
        in_place = shared and isinstance(step, PeerRead)
        self.incoming[(k, i)] = self._transfer(k, i, step, after, src, shape, dtype, in_place)

    def _transfer(self, k: int, i: int, step: Step, after: int, src: tuple, shape: tuple, dtype: np.dtype,
                  in_place: bool) -> _Transfer:
        """What ``step`` (index ``i`` of device ``k``) receives from ``step.src_device``: a read of the
        source's slot in the shared window (``in_place``; one slot per buffer and send point), else a
        message sent after the source's step ``after``."""
        j = step.src_device
        if in_place:
            key = (j, step.src_buffer, after)
            slot = self._slot_of.get(key)
            if slot is None:
                used = sum(_align(s.nbytes) for s in self.slots[j])
                slot = self._slot_of[key] = _Slot(j, step.src_buffer, after, used, src[0], src[1])
                self.slots[j].append(slot)
                self.after[j].setdefault(after, []).insert(0, slot)
            return _Transfer(j, k, after, i, step, 0, shape, dtype, slot)
        t = _Transfer(j, k, after, i, step, self._tag(j, k), shape, dtype)
        self.after[j].setdefault(after, []).append(t)
        return t

    def _add_halo(self, k: int, i: int, step: HaloExchange, same_node: Sequence[bool]) -> None:
        """One transfer per remote slab of a halo exchange (None for a local one), in part order: a
        ``peer_read`` slab of a device on the node reads the source's window slot in place, any other
        slab is a message the source sends after the step the exchange waits for."""
        from meshc.kernels.dtypes import numpy_dtype

        dtype = numpy_dtype(step.dtype)
        out: list[Optional[_Transfer]] = []
        for part, shared in zip(step.parts, same_node):
            if part.mode == "local":
                out.append(None)
                continue
            carrier = Copy(step.output, part.src_device, part.src_buffer, part.src_offsets, part.sizes,
                           wait=step.wait, loc=step.loc)  # what the source sends (the slab), described as a copy
            after, src = self._source(k, i, step, carrier)
            out.append(self._transfer(k, i, carrier, after, src, tuple(part.sizes), dtype,
                                      shared and part.mode == "peer_read"))
        self.incoming[(k, i)] = out


def _align(n: int) -> int:
    return -(-n // _ALIGN) * _ALIGN


def _bytes(a: np.ndarray) -> np.ndarray:
    """A C-contiguous array's bytes as a flat uint8 view (any element type)."""
    return a.reshape(-1).view(np.uint8)


def _name_words(dtype: np.dtype) -> list[int]:
    raw = np.dtype(dtype).name.encode()[: 8 * _NAME_WORDS].ljust(8 * _NAME_WORDS, b"\0")
    return np.frombuffer(raw, np.int64).tolist()


def _name_of(words: np.ndarray) -> str:
    return np.asarray(words, np.int64).tobytes().rstrip(b"\0").decode(errors="replace")


# -- the executor ------------------------------------------------------------------------------------


class MpiExecutor(Transport):
    """Runs ``schedule`` on the ranks of ``comm`` (default ``COMM_WORLD``),
    this process being device ``comm.rank``. Construct it on every rank
    (the constructor is collective); :meth:`run` may be called several
    times; :meth:`close` frees the shared window (collective).

    ``shared_memory``: ``"auto"`` (peer reads through shared windows where
    the devices are on one node) or ``"off"`` (always messages).
    ``on_error``: ``"abort"`` (print once, ``Comm.Abort``) or ``"raise"``.

    Raises:
        MpiUnavailable: mpi4py is missing.
        RuntimeFailure: the communicator size differs from the mesh's device
            count (``reason="argument"``).
        ScheduleError: the schedule does not validate, or a copy / peer read
            does not wait for its producer.
        DiagnosticError: an op has no kernel.
    """

    def __init__(self, schedule: Schedule, options: Optional[RunOptions] = None, *, comm: Any = None,
                 shared_memory: str = "auto", on_error: str = "abort"):
        if shared_memory not in ("auto", "off"):
            raise ValueError(f"shared_memory must be 'auto' or 'off', got '{shared_memory}'")
        if on_error not in ("abort", "raise"):
            raise ValueError(f"on_error must be 'abort' or 'raise', got '{on_error}'")
        self.options = options or RunOptions()
        if not self.options.timeout > 0:
            raise ValueError(f"the collective timeout must be > 0 seconds, got {self.options.timeout}")
        self.job: MpiJob = get_job(comm)
        self.MPI = self.job.MPI
        self.on_error = on_error
        self.schedule = schedule
        self.mesh: Mesh = schedule.mesh
        self.rank = self.job.rank
        self._i = -1
        try:
            self._setup(shared_memory == "auto")
        except KeyboardInterrupt:  # an interrupt is no failure: mpi_launch.guard ends the job
            raise
        except BaseException as err:  # noqa: BLE001 - every rank fails the same way; report once
            self._fail(err)

    def _setup(self, shared: bool) -> None:
        schedule, job = self.schedule, self.job
        n = self.mesh.num_devices
        if job.size != n:
            raise RuntimeFailure(
                f"mesh @{self.mesh.name} has {n} devices (shape {self.mesh.shape_str()}) but MPI runs {job.size} "
                f"rank{'s' if job.size != 1 else ''}: one rank per device is needed (mpiexec -n {n} ..., or "
                f"meshc run --launch {n}; --mesh-shape must match the number of ranks)", reason="argument")
        schedule.validate()
        self.plan = _Plan(schedule, job.node_of, shared)
        self.comms = {axes: job.group_comm(self.mesh, axes)
                      for axes in sorted({spec.mesh_axes for spec in schedule.collectives.values()})}
        for axes in body_collective_axes(schedule.module):  # created by every rank, in one order
            job.group_comm(self.mesh, axes)
        self._window = None
        self._segments: dict[int, Any] = {}
        node = [r for r in range(job.size) if job.same_node(r, self.rank)]
        self._blas = resolve_blas_threads(self.options.blas_threads, len(node))  # the ranks share the node's cores
        if any(self.plan.arena_bytes[r] for r in node):
            self._window = self.MPI.Win.Allocate_shared(self.plan.arena_bytes[self.rank], 1, comm=job.node_comm)
            self._node_rank = {r: i for i, r in enumerate(node)}
        k = self.rank
        self.interp = device_interpreter(schedule, k, self.options)
        self._plan = DevicePlan(k, schedule.devices[k].steps, schedule.args, self.options, self.interp, MpiExecutor,
                                lambda i, step: self.plan.incoming[(k, i)])
        self._steps = self._plan.steps

    # -- running -------------------------------------------------------------------------------------
    def run(self, args: Sequence[Any] = ()) -> MpiRunReport:
        """Run this rank's device with its arguments from ``args`` (entries
        of other devices' arguments are never touched and may be None; a
        numpy memmap slice is read only when used) and return the report
        (outputs and stats on rank 0).

        Raises (``on_error="raise"``; with ``"abort"`` the job ends instead):
            RuntimeFailure: a wrong argument, a kernel error, a timeout, a
                deadlock (as the threaded runtime).
            OutOfDeviceMemory: the device's pool ran out.
            CollectiveError: buffers that do not fit a collective.
        """
        job, k = self.job, self.rank
        self.pool = DevicePool(k, self.options.device_memory)
        self.stats = MpiDeviceStats(k, rank=k, host=job.host)
        self.stats.shared_window_bytes = self.plan.arena_bytes[k] if self._window is not None else 0
        dev = DeviceState(k, self.pool, self.stats, self.interp)
        attach(self.interp, MpiBodyCollectives(k, self.mesh, self.stats, self.pool, self.body_collective),
               self.options.trace, body_listing(self.schedule.devices[k].steps), self.options.layout,
               self.options.hooks)
        self.buffers, self.meta = dev.buffers, dev.meta
        self.pending: list[tuple] = []  # (request, data kept alive, receiver, its step) of sends
        self.received: set[str] = set()
        self._i = -1
        try:
            for b, value, want, physical, logical in checked_arguments(self.schedule, args, self.options.layout,
                                                                       self.rank):
                dev.bind(b, value, want, physical, logical)
            self._after(-1)
        except KeyboardInterrupt:
            raise
        except BaseException as err:  # noqa: BLE001
            self._fail(err)
        job.comm.Barrier()
        t0 = time.perf_counter()
        with blas_limit(self._blas):  # this rank's share of the node's cores
            how, i, error = run_device(self._plan, dev, self)
        self._i = i
        if how == STOPPED_RUN:
            job.set_progress(i, STOPPED)
            self._wait_for_abort()
        if how == FAILED_RUN:
            self._fail(error)  # type: ignore[arg-type]
        try:
            self._drain_sends()
            outputs = self._own_results()
        except KeyboardInterrupt:
            raise
        except BaseException as err:  # noqa: BLE001
            self._fail(err)
        self._pool_figures()
        job.set_progress(len(self._steps), FINISHED)
        wall = time.perf_counter() - t0
        trace = [(j, t - t0, end - t0) for j, t, end in dev.trace]
        body = getattr(self.interp, "body_collectives", None)
        if self.options.trace and body is not None:  # collectives run inside kernels' bodies
            trace += [(name, t - t0, end - t0, detail) for name, t, end, detail in body.events]
        gathered = job.comm.gather((outputs, self.stats, trace, wall), root=0)
        if k != 0:
            return MpiRunReport([], None, root=False, rank=k)  # type: ignore[arg-type]
        return self._report(gathered)

    def _pool_figures(self) -> None:
        s, pool = self.stats, self.pool
        s.peak_bytes, s.peak_logical_bytes, s.final_bytes = pool.peak, pool.logical_peak, pool.current
        s.allocated_bytes, s.allocations = pool.allocated_bytes, pool.allocations

    def close(self) -> None:
        """Free the shared window (collective over the node; call on every rank)."""
        if self._window is not None:
            self._segments.clear()
            self._window.Free()
            self._window = None

    def _fail(self, err: BaseException) -> None:
        if not isinstance(err, DiagnosticError):
            step = self._steps[self._i][1] if 0 <= self._i < len(getattr(self, "_steps", ())) else None
            where = f"step {self._i} ({step.describe()})" if step is not None else "start"
            err = RuntimeFailure(f"device {self.rank}: {where} failed: {type(err).__name__}: {err}",
                                 step.location if step is not None else UNKNOWN_LOC, device=self.rank)
        self.job.set_progress(max(self._i, 0), FAILED)
        if self.on_error == "raise":
            raise err
        self.job.fail(err)

    def _wait_for_abort(self) -> None:
        """A device that dropped out (test hook) waits for the others' timeout to end the job."""
        deadline = time.monotonic() + 4 * self.options.timeout + 30
        while time.monotonic() < deadline:
            time.sleep(0.05)
        self.job.abort(1)

    # -- what happens after a step: publish, send, notify ------------------------------------------
    def _after(self, i: int) -> None:
        actions = self.plan.after[self.rank].get(i)
        if self.pending:
            self._prune_sends()
        if not actions:
            return
        p2p, BYTE = self.job.p2p, self.MPI.BYTE
        for a in actions:
            if isinstance(a, _Slot):
                self._publish(a)
            elif isinstance(a, _Transfer):
                data = self._outgoing(a)
                self.pending.append((p2p.Isend([_bytes(data), BYTE], dest=a.dst, tag=a.tag), data, a.dst,
                                     a.dst_step))
            else:
                data = np.empty(0, np.uint8)
                self.pending.append((p2p.Isend([data, BYTE], dest=a.dst, tag=a.tag), data, a.dst, a.dst_step))

    def _outgoing(self, t: _Transfer) -> np.ndarray:
        """The bytes of transfer ``t`` as this (source) device holds them now, checked as threads check a read."""
        step = t.step
        where = f"device {t.dst}, step {t.dst_step} ({step.describe()})"
        value = self.buffers.get(step.src_buffer)
        if value is None:
            raise RuntimeFailure(
                f"{where}: device {self.rank} holds no value in buffer '{step.src_buffer}' (not yet written, or "
                "already freed: is a wait for the producer's event missing?)", step.location, device=t.dst,
                reason="schedule")
        if step.offsets is not None:
            shape = np.shape(value)
            if len(step.offsets) != len(shape) or any(o + s > n for o, s, n in zip(step.offsets, step.sizes, shape)):
                raise RuntimeFailure(f"{where}: the slice does not fit device {step.src_device}'s buffer of shape "
                                     f"{list(shape)}", step.location, device=t.dst, reason="schedule")
            value = value[tuple(slice(o, o + s) for o, s in zip(step.offsets, step.sizes))]
        data = np.require(value, requirements="C")  # (not ascontiguousarray: it makes a 0-d scalar 1-d)
        if data.shape != t.shape or data.dtype != t.dtype:
            what = f"into buffer '{step.buffer}', allocated as" if isinstance(step, Copy) else "where the schedule has"
            raise RuntimeFailure(f"{where}: copies shape {list(data.shape)} of {data.dtype} {what} "
                                 f"{list(t.shape)} of {t.dtype}", step.location, device=t.dst, reason="schedule")
        return data

    def _segment(self, owner: int) -> Any:
        seg = self._segments.get(owner)
        if seg is None:
            seg = self._segments[owner] = self._window.Shared_query(self._node_rank[owner])[0]
        return seg

    def _publish(self, slot: _Slot) -> None:
        value = self.buffers.get(slot.buffer)
        if value is None or np.shape(value) != slot.shape or np.asarray(value).dtype != slot.dtype:
            raise RuntimeFailure(f"device {self.rank}: buffer '{slot.buffer}' after step {slot.after} holds "
                                 f"{'nothing' if value is None else list(np.shape(value))}, but peers read it as "
                                 f"{list(slot.shape)} of {slot.dtype}", device=self.rank, reason="schedule")
        view = np.ndarray(slot.shape, slot.dtype, buffer=self._segment(self.rank), offset=slot.offset)
        view[...] = value
        self.buffers[slot.buffer] = view  # the window holds the only copy from now on
        self.stats.published_bytes += view.nbytes

    def _prune_sends(self) -> None:
        self.pending = [p for p in self.pending if not p[0].Test()]

    def _drain_sends(self) -> None:
        """Wait until every message this device sent has been taken (large ones need the receiver)."""
        self._prune_sends()
        if not self.pending:
            return
        requests = [p[0] for p in self.pending]
        expect = sorted({(dst, step, True) for _, _, dst, step in self.pending})
        what = lambda: f"device {self.rank}: sending to devices {sorted({e[0] for e in expect})}"  # noqa: E731
        self.stats.wait_seconds += self._poll(lambda: self.MPI.Request.Testall(requests),
                                              self._checker(what, UNKNOWN_LOC, expect))
        self.pending = []

    # -- the transport (meshc.runtime.engine.Transport): (device state, index, step, data) -> seconds waited ----
    def progress(self, k: int) -> Callable[[int], None]:
        return self.job.set_progress

    def signal(self, dev, i, step):
        self._after(i)

    def wait(self, dev, i, step):
        self._wait_events(i, step)

    def _receive(self, dev, i, step, t: _Transfer):
        if t.slot is not None:  # a peer read in place from the owner's window segment
            whole = np.ndarray(t.slot.shape, t.slot.dtype, buffer=self._segment(t.src), offset=t.slot.offset)
            view = whole[tuple(slice(o, o + s) for o, s in zip(step.offsets, step.sizes))] \
                if step.offsets is not None else whole
            self.buffers[step.buffer] = view
            self.stats.peer_read_bytes += view.nbytes
            self.stats.record_transfer(t.src, view.nbytes, "peer_read")
            self._peer_mode("shared window")
            return 0.0
        data = np.empty(t.shape, t.dtype)
        request = self.job.p2p.Irecv([_bytes(data), self.MPI.BYTE], source=t.src, tag=t.tag)
        sent = (f"its step {t.after}: {self.schedule.devices[t.src].steps[t.after].describe()}" if t.after >= 0
                else "binding its arguments")
        head = f"device {self.rank}, step {i} ({step.describe()})"
        what = lambda: f"{head}: data from device {t.src} (sent after {sent})"  # noqa: E731
        waited = self._poll(request.Test, self._checker(what, step.location, [(t.src, t.after, False)]))
        self.buffers[step.buffer] = data
        if isinstance(step, Copy):
            self.stats.copy_bytes += data.nbytes
        else:
            self.stats.peer_read_bytes += data.nbytes
            self.stats.peer_copy_bytes += data.nbytes
            self._peer_mode("copies")
        self.stats.record_transfer(t.src, data.nbytes, "copy" if isinstance(step, Copy) else "peer_read")
        return waited

    def halo(self, dev, i, step, transfers):
        """Fill the exchange's output: local slabs from this device's buffers, peer slabs from the owners'
        window slots, the rest from messages (all posted at once, polled together)."""
        k = self.rank
        shape, dt = self.meta[step.output]
        out = np.empty(shape, dt)
        incoming = []
        for part, t in zip(step.parts, transfers):
            if t is None:
                place_slab(out, part, halo_slab(k, i, step, part, self.buffers.get(part.src_buffer), dt))
            elif t.slot is not None:
                whole = np.ndarray(t.slot.shape, t.slot.dtype, buffer=self._segment(t.src), offset=t.slot.offset)
                slab = halo_slab(k, i, step, part, whole, dt)
                place_slab(out, part, slab)
                count_halo_part(self.stats, part, slab.nbytes, step.tile)
                self._peer_mode("shared window")
            else:
                data = np.empty(t.shape, t.dtype)
                incoming.append((part, t, data, self.job.p2p.Irecv([_bytes(data), self.MPI.BYTE], source=t.src,
                                                                  tag=t.tag)))
        waited = 0.0
        if incoming:
            requests = [r for _, _, _, r in incoming]
            sources = sorted({t.src for _, t, _, _ in incoming})
            expect = sorted({(t.src, t.after, False) for _, t, _, _ in incoming})
            what = lambda: f"device {k}, step {i} ({step.describe()}): halo slabs from devices {sources}"  # noqa: E731
            waited = self._poll(lambda: self.MPI.Request.Testall(requests), self._checker(what, step.location, expect))
            for part, t, data, _ in incoming:
                place_slab(out, part, data)
                count_halo_part(self.stats, part, data.nbytes, step.tile)
                if part.mode == "peer_read":
                    self.stats.peer_copy_bytes += data.nbytes
                    self._peer_mode("copies")
        self.buffers[step.output] = out
        return waited

    peer_read = copy = _receive

    def _peer_mode(self, mode: str) -> None:
        s = self.stats
        s.peer_memory = mode if s.peer_memory in ("none", mode) else "both"

    def _wait_events(self, i: int, step: Step) -> None:
        for event in step.wait:
            n = self.plan.notify_in.get((self.rank, event))
            if n is None or event in self.received:  # signalled by an earlier step of this device, or seen
                continue
            request = self.job.p2p.Irecv([np.empty(0, np.uint8), self.MPI.BYTE], source=n.src, tag=n.tag)
            ps = self.schedule.devices[n.src].steps[n.after]
            what = (lambda n=n, ps=ps: f"device {self.rank}, step {i} ({step.describe()}): event '{n.event}' "
                                       f"(signalled by device {n.src}, step {n.after}: {ps.describe()})")
            self.stats.wait_seconds += self._poll(request.Test,
                                                  self._checker(what, step.location, [(n.src, n.after, False)]))
            self.received.add(event)

    # -- collectives ---------------------------------------------------------------------------------
    def collective(self, dev, i, step, skip):
        if skip:
            raise Stopped()
        spec = self.schedule.collectives[step.instance]
        value = self.buffers.get(step.input)
        if value is None:
            raise unwritten(self.rank, i, step, step.input)
        value = np.asarray(value)
        out_shape, out_dt = self.meta[step.output]
        members = self.mesh.axis_group(self.rank, spec.mesh_axes)
        pos, g = members.index(self.rank), len(members)
        chunk = math.ceil(value.nbytes / g) if spec.kind in _REDUCING and g > 1 else 0
        staging = f"<staging of {step.instance}>"
        if chunk:
            self.pool.allocate(staging, chunk, chunk, spec.location)
        try:
            out, received, peer, waited = self._run_collective(spec, members, pos, value, out_shape, out_dt)
        finally:
            if chunk:
                self.pool.free(staging)
        self.buffers[step.output] = out
        self.stats.collective_bytes += received
        self.stats.collective_peer_bytes += peer
        return waited

    def _run_collective(self, spec: CollectiveSpec, members: list, pos: int, value: np.ndarray, out_shape: tuple,
                        out_dt: np.dtype) -> tuple[np.ndarray, int, int, float]:
        comm = self.comms[spec.mesh_axes]
        g = len(members)
        since = time.perf_counter()  # one wait under the timeout: the metadata and the data together
        # 1. who brings what: instance, input shape and element type, output shape
        what = lambda: f"collective {spec.describe()}"  # noqa: E731
        expect = [(m, self.plan.collective_index.get((m, spec.instance), -1), True) for m in members]
        in_shapes, out_shapes, names, waited = self._meet(
            comm, self.plan.instance_ids[spec.instance], spec, members, value, out_shape, what, expect,
            "the schedules wait for each other: a deadlock", since)
        # 2. the threaded runtime's checks, identically on every member
        if len(set(names)) != 1:
            raise CollectiveError(f"collective {spec.describe()} on devices {members}: element types differ: {names}",
                                  spec.location)
        src, shape, steps = _plan(spec, members, in_shapes, out_shapes)
        for m, want, got in zip(members, _received_shapes(spec, in_shapes, out_shapes), out_shapes):
            if want != got:
                raise CollectiveError(f"collective {spec.describe()} on devices {members}: device {m} receives shape "
                                      f"{list(want)} but allocated its output as {list(got)}", spec.location)
        received, peer = self._traffic(spec, members, pos, src, shape, steps, value.dtype.itemsize)
        # 3. the data
        if g == 1:
            out = group_collective(spec, members, [value], [out_shape], [out_dt]).outputs[0]
            return out, received, peer, waited
        request, finish = self._start(spec, comm, members, pos, value, in_shapes, out_shapes, out_dt)
        if request is not None:
            waited += self._poll(request.Test, self._checker(what, spec.location, expect, members), since)
        out = finish()
        if out.dtype != out_dt:
            out = out.astype(out_dt)
        return out, received, peer, waited

    def _meet(self, comm, ident: int, spec: CollectiveSpec, members: list, value: np.ndarray, out_shape: tuple,
              what: Callable[[], str], expect: list, why: str,
              since: Optional[float] = None) -> tuple[list, list, list, float]:
        """Step 1 of a collective (module docstring): the members exchange their instance number
        ``ident`` (a top-level instance's index, :func:`_body_ident` for an in-body one), input and
        output shapes and element type in one ``Iallgather`` polled under the timeout rule (``what``,
        ``expect``: :meth:`_checker`; the wait counted from ``since``, the collective's start). Returns ``(input shapes, output shapes, element type names,
        seconds waited)`` in group order.

        Raises:
            CollectiveError: a buffer of rank above the metadata vector's.
            RuntimeFailure: a member takes part in another collective on the same group (``why`` says
                what that means; ``reason="deadlock"``), a timeout.
        """
        if value.ndim > _MAX_RANK or len(out_shape) > _MAX_RANK:
            raise CollectiveError(f"collective {spec.describe()}: buffers of rank > {_MAX_RANK} are not supported "
                                  "by the MPI runtime", spec.location)
        width = 3 + 2 * _MAX_RANK + _NAME_WORDS
        mine = np.zeros(width, np.int64)
        mine[0], mine[1], mine[2] = ident, value.ndim, len(out_shape)
        mine[3:3 + value.ndim] = value.shape
        mine[3 + _MAX_RANK:3 + _MAX_RANK + len(out_shape)] = out_shape
        mine[3 + 2 * _MAX_RANK:] = _name_words(value.dtype)
        table = np.zeros((len(members), width), np.int64)
        waited = self._poll(comm.Iallgather(mine, table).Test, self._checker(what, spec.location, expect, members),
                            since)
        for m, row in zip(members, table):
            if row[0] != mine[0]:
                raise RuntimeFailure(
                    f"{what()}: device {m} takes part in {self._instance_text(int(row[0]))} at the same time on the "
                    f"same device group {members} ({why})", spec.location, device=self.rank, reason="deadlock")
        in_shapes = [tuple(int(x) for x in row[3:3 + row[1]]) for row in table]
        out_shapes = [tuple(int(x) for x in row[3 + _MAX_RANK:3 + _MAX_RANK + row[2]]) for row in table]
        names = [_name_of(row[3 + 2 * _MAX_RANK:]) for row in table]
        return in_shapes, out_shapes, names, waited

    def _instance_text(self, ident: int) -> str:
        """What instance number ``ident`` of :meth:`_meet` names, for errors."""
        if ident < 0:
            _, kind = divmod(-ident - 1, len(BODY_KINDS))  # its position in that device's order, not a name
            return f"another in-body collective ({list(BODY_KINDS)[kind]})"
        ids = {n: name for name, n in self.plan.instance_ids.items()}
        return f"collective '{ids.get(ident, '?')}'"

    def body_collective(self, spec: CollectiveSpec, seq: int, run: int, listed: Optional[str], members: list,
                        value: np.ndarray, out_shape: tuple, out_dt: np.dtype) -> tuple[np.ndarray, list]:
        """One in-body collective of this rank's device (:class:`~meshc.runtime.body_collectives.MpiBodyCollectives`:
        the device's ``seq``-th, the ``run``-th run of instance ``spec.instance``, ``listed`` its name in
        the device's listing, None without one; errors name it so): the
        members' shapes and element types by :meth:`_meet`, then every member's buffer by one
        ``Iallgatherv``, both polled under the timeout rule (a member is expected at the Kernel step
        whose body lists the same instance); each member computes its output with the threaded
        runtime's group math. Returns ``(output, bytes received from each member)``.

        Raises:
            RuntimeFailure: a member in another collective (the devices' loops or branches took
                different paths), a timeout or deadlock naming the collective and the missing devices.
            CollectiveError: element types or shapes that do not fit the collective.
        """
        comm = self.job.group_comm(self.mesh, spec.mesh_axes)
        what = lambda: f"in-body collective {spec.describe()} (run {run})"  # noqa: E731
        since = time.perf_counter()  # one wait under the timeout: the metadata and the data together
        here = self.job.progress_of(self.rank)[0] if self.job.board is not None else -1
        expect = [(m, self.plan.body_step.get((m, listed), here) if listed is not None else here, "in")
                  for m in members]
        in_shapes, out_shapes, names, waited = self._meet(
            comm, _body_ident(seq, spec.kind), spec, members, value, out_shape, what, expect,
            "the devices' loops or branches took different paths", since)
        if len(set(names)) != 1:
            raise CollectiveError(f"{what()} on devices {members}: element types differ: {names}", spec.location)
        if len(members) > 1:
            BYTE = self.MPI.BYTE
            x = np.ascontiguousarray(value)
            counts = [math.prod(s) * x.dtype.itemsize for s in in_shapes]
            recv = np.empty(sum(counts), np.uint8)
            request = comm.Iallgatherv([_bytes(x), BYTE], [recv, (counts, _displs(counts)), BYTE])
            waited += self._poll(request.Test, self._checker(what, spec.location, expect, members), since)
            values = [recv[o:o + n].view(x.dtype).reshape(s) for o, n, s in zip(_displs(counts), counts, in_shapes)]
        else:
            values = [value]
        self.stats.wait_seconds += waited
        result = group_collective(spec, members, values, out_shapes, [out_dt] * len(members))
        pos = members.index(self.rank)
        return result.outputs[pos], [int(n) for n in result.matrix[pos]]

    def _traffic(self, spec, members, pos, src, shape, steps, itemsize) -> tuple[int, int]:
        """Bytes this member receives (and from peered devices) by the planner's cost model, as threads count."""
        matrix = plan_traffic(spec, members, src, shape, steps, itemsize)
        row = matrix[pos]
        self.stats.record_transfers(dict(zip(members, (int(n) for n in row))), "collective")
        peer = sum(int(row[s]) for s, other in enumerate(members)
                   if other != self.rank and self.mesh.is_peered(self.rank, other))
        return int(row.sum()), peer

    def _start(self, spec, comm, members, pos, value, in_shapes, out_shapes, out_dt):
        """Post the collective's MPI request; returns ``(request or None, finish)``
        where ``finish()`` builds the output once the request completed."""
        MPI, BYTE = self.MPI, self.MPI.BYTE
        a, kind = spec.attributes, spec.kind
        dt = value.dtype
        if kind == "all_slice":
            d = a["slice_axis"]
            start = sum(o[d] for o in out_shapes[:pos])
            cut = (slice(None),) * d + (slice(start, start + out_shapes[pos][d]),)
            return None, lambda: np.array(value[cut])
        if kind == "all_gather":
            d = a["gather_axis"]
            x = np.ascontiguousarray(np.moveaxis(value, d, 0))
            inner = math.prod(x.shape[1:]) * dt.itemsize
            counts = [s[d] * inner for s in in_shapes]
            recv = np.empty((sum(s[d] for s in in_shapes),) + x.shape[1:], dt)
            if len(set(counts)) == 1:
                req = comm.Iallgather([_bytes(x), BYTE], [_bytes(recv), BYTE])
            else:
                req = comm.Iallgatherv([_bytes(x), BYTE], [_bytes(recv), (counts, _displs(counts)), BYTE])
            return req, lambda: _front_to(recv, d)
        if kind == "all_to_all":
            return self._start_all_to_all(a, comm, pos, value, in_shapes, out_shapes)
        op_name = _MPI_OPS.get(a.get("reduction", "sum"))
        native = op_name is not None and dt.name in _MPI_TYPES and (
            not op_name.startswith("B") or dt.kind in "iu")
        if not native:  # reference semantics on every member's buffer
            x = np.require(value, requirements="C")
            everyone = np.empty((len(members),) + x.shape, dt)
            req = comm.Iallgather([_bytes(x), BYTE], [_bytes(everyone), BYTE])
            return req, lambda: group_collective(spec, members, list(everyone), out_shapes,
                                                 [out_dt] * len(members)).outputs[pos]
        op, mt = getattr(MPI, op_name), getattr(MPI, _MPI_TYPES[dt.name])
        if kind == "all_reduce":
            x = np.ascontiguousarray(value).reshape(-1)
            recv = np.empty_like(x)
            return comm.Iallreduce([_bytes(x), mt], [_bytes(recv), mt], op), lambda: recv.reshape(value.shape)
        d = a["scatter_axis"]
        x = np.ascontiguousarray(np.moveaxis(value, d, 0))
        inner = math.prod(x.shape[1:])
        counts = [o[d] * inner for o in out_shapes]
        recv = np.empty((out_shapes[pos][d],) + x.shape[1:], dt)
        if len(set(counts)) == 1:
            req = comm.Ireduce_scatter_block([_bytes(x), mt], [_bytes(recv), mt], op)
        else:
            req = comm.Ireduce_scatter([_bytes(x), mt], [_bytes(recv), mt], counts, op)
        return req, lambda: _front_to(recv, d)

    def _start_all_to_all(self, a, comm, pos, value, in_shapes, out_shapes):
        BYTE = self.MPI.BYTE
        split, concat = a["split_axis"], a["concat_axis"]
        dt = value.dtype
        sizes = [o[split] for o in out_shapes]
        starts = _displs(sizes)
        pieces = [np.ascontiguousarray(value[(slice(None),) * split + (slice(s, s + n),)])
                  for s, n in zip(starts, sizes)]
        send = np.concatenate([_bytes(p) for p in pieces]) if pieces else np.empty(0, np.uint8)
        counts = _all_to_all_counts(in_shapes, out_shapes, split, dt.itemsize)
        scounts = counts[pos]
        shapes = [s[:split] + (sizes[pos],) + s[split + 1:] for s in in_shapes]
        rcounts = [row[pos] for row in counts]
        recv = np.empty(sum(rcounts), np.uint8)
        if len({c for row in counts for c in row}) == 1:
            req = comm.Ialltoall([send, BYTE], [recv, BYTE])
        else:
            req = comm.Ialltoallv([send, (scounts, _displs(scounts)), BYTE], [recv, (rcounts, _displs(rcounts)), BYTE])

        def finish() -> np.ndarray:
            parts = [recv[o:o + n].view(dt).reshape(s) for o, n, s in zip(_displs(rcounts), rcounts, shapes)]
            return np.concatenate(parts, axis=concat)

        return req, finish

    # -- waiting -------------------------------------------------------------------------------------
    def _poll(self, test: Callable[[], bool], check: Callable[[float], None], since: Optional[float] = None) -> float:
        """Poll ``test`` until it is true; past the timeout ``check(waited)`` decides (raises to stop),
        ``waited`` counted from ``since`` (a ``time.perf_counter()`` reading: where the wait began when
        it spans several requests, as a collective's metadata and data do) or from now. Sleeps between
        polls once the first ones failed, so oversubscribed ranks leave the cores to the ranks that
        compute. Returns the seconds this call waited."""
        if test():
            return 0.0
        t0 = time.perf_counter()
        start = t0 if since is None else since
        timeout = self.options.timeout
        polls, delay = 0, 1e-5
        while not test():
            polls += 1
            if polls > _SPIN:
                time.sleep(delay)
                delay = min(2 * delay, _MAX_SLEEP)
            waited = time.perf_counter() - start
            if waited >= timeout:
                check(waited)
        return time.perf_counter() - t0

    def _checker(self, what: Callable[[], str], location: Location, expect: list,
                 members: Optional[list] = None) -> Callable[[float], None]:
        """The timeout rule of the threaded runtime on the progress board. ``expect`` lists
        ``(device, step, at)``: the device must reach its step (``at`` True) or pass it (False), or
        (``at`` ``"in"``: an in-body collective of the Kernel step ``step``) be in that step: one that
        has passed it, finished or stopped has left the body without taking part."""
        def check(waited: float) -> None:
            timeout = self.options.timeout
            if self.job.board is None:
                self._timeout_plain(waited, f"{what()}: devices {[m for m, _, _ in expect if m != self.rank]}",
                                    location)
                return
            arrived, gone, behind = [], [], []
            for m, idx, at in expect:
                step, state = self.job.progress_of(m)  # type: ignore[misc]
                if at == "in" and m != self.rank:
                    if state == RUNNING and step == idx:
                        arrived.append(m)  # in the body (on its way to the collective or waiting in it)
                    elif state == RUNNING and step < idx:
                        behind.append(m)
                    else:
                        gone.append(m)
                    continue
                reached = step >= idx if at else step > idx
                if m == self.rank or state == FINISHED or (state in (RUNNING, FAILED) and reached):
                    arrived.append(m)  # a member that failed while waiting here had arrived
                elif state in (STOPPED, FAILED):
                    gone.append(m)
                else:
                    behind.append(m)
            check_timeout(what, location, waited, timeout, gone, behind, arrived if members is not None else [],
                          self.rank, self._where, [m for m, _, _ in expect], self._cause_elsewhere())
        return check

    def _cause_elsewhere(self) -> bool:
        """Whether another rank of the job has stopped or failed (read from the progress board): the
        wait it left reports the cause (:func:`meshc.runtime.engine.check_timeout`)."""
        board = self.job.board
        return board is not None and any(int(board[r, 1]) in (STOPPED, FAILED) for r in range(self.job.size)
                                         if r != self.rank)

    def _timeout_plain(self, waited: float, what: str, location: Location) -> None:
        if waited >= self.options.timeout:
            raise RuntimeFailure(f"{what} timed out after {self.options.timeout:g} s (the ranks are not on one node, "
                                 "so where the others are is not known)" if self.job.board is None else
                                 f"{what} timed out after {self.options.timeout:g} s", location, device=self.rank,
                                 reason="timeout")

    def _where(self, m: int) -> str:
        """What device ``m`` is doing now (read from the progress board), for wait errors."""
        i, state = self.job.progress_of(m)  # type: ignore[misc]
        return where(self.schedule.devices[m].steps, m, i, state)

    # -- results and stats -----------------------------------------------------------------------------
    def _own_results(self) -> dict[int, np.ndarray]:
        out = {}
        for r in self.schedule.results:
            if r.device != self.rank:
                continue
            value = self.buffers.get(r.buffer)
            if value is None:
                raise RuntimeFailure(f"result {r.index}: buffer '{r.buffer}' of device {r.device} was never written",
                                     device=r.device, reason="schedule")
            out[r.index] = np.array(value)  # owns its data (a window view does not outlive the run)
        return out

    def _report(self, gathered: list) -> MpiRunReport:
        outputs: list[Any] = [None] * len(self.schedule.results)
        devices, events = [], []
        wall = 0.0
        for k, (results, stats, trace, seconds) in enumerate(gathered):
            for index, value in results.items():
                outputs[index] = value
            devices.append(stats)
            wall = max(wall, seconds)
            steps = self.schedule.devices[k].steps
            for entry in trace:
                if len(entry) == 4:  # an in-body collective (meshc.runtime.body_collectives)
                    name, t, end, detail = entry
                    events.append(TraceEvent(k, name, "collective", t, end, {"in_body": True, "detail": detail}))
                    continue
                i, t, end = entry
                events.append(TraceEvent(k, trace_name(self.schedule, steps[i]), steps[i].kind, t, end,
                                         {"step": i, "detail": steps[i].describe()}))
        stats = MpiRunStats(devices, wall, self.options.device_memory, events, ranks=self.job.size)
        return MpiRunReport(outputs, stats, root=True, rank=0)


def _body_ident(seq: int, kind: str) -> int:
    """The instance number of a device's ``seq``-th in-body collective, of ``kind``, in the metadata
    step of :meth:`MpiExecutor._meet`: negative (top-level instances count from 0), and different
    for another sequence number or another kind, so members on other paths never match."""
    return -1 - (seq * len(BODY_KINDS) + list(BODY_KINDS).index(kind))


def _all_to_all_counts(in_shapes: Sequence[tuple], out_shapes: Sequence[tuple], split: int,
                       itemsize: int) -> list[list[int]]:
    """``counts[j][i]``: the bytes member ``j`` of an all_to_all sends member ``i`` (its input of
    ``in_shapes[j]`` cut along ``split`` into the pieces ``out_shapes`` take), from the shapes the
    metadata exchange gave every member. Each member decides from the whole matrix whether the
    exchange is even (``Ialltoall``) or not (``Ialltoallv``), so all call the same MPI collective:
    deciding from its own row and column only, a member whose pieces are all empty (3 rows over 4
    devices) would call ``Ialltoall`` while the others call ``Ialltoallv``, mismatched collectives
    on one communicator that leave the next one waiting."""
    sizes = [o[split] for o in out_shapes]
    return [[math.prod(s[:split] + (n,) + s[split + 1:]) * itemsize for n in sizes] for s in in_shapes]


def _displs(counts: Sequence[int]) -> list[int]:
    out, total = [], 0
    for c in counts:
        out.append(total)
        total += c
    return out


def _front_to(x: np.ndarray, d: int) -> np.ndarray:
    """Undo moving tensor axis ``d`` to the front (a contiguous array)."""
    return x if d == 0 else np.ascontiguousarray(np.moveaxis(x, 0, d))


def _received_shapes(spec: CollectiveSpec, in_shapes: list, out_shapes: list) -> list[tuple]:
    """What each member receives (after ``_plan`` checked the pieces add up)."""
    a, kind = spec.attributes, spec.kind
    first = in_shapes[0]
    if kind == "all_gather":
        d = a["gather_axis"]
        return [first[:d] + (sum(s[d] for s in in_shapes),) + first[d + 1:]] * len(in_shapes)
    if kind == "all_reduce":
        return list(in_shapes)
    if kind == "all_to_all":
        s, c = a["split_axis"], a["concat_axis"]
        total = sum(x[c] for x in in_shapes)
        return [tuple(total if i == c else o[s] if i == s else n for i, n in enumerate(first)) for o in out_shapes]
    d = a["scatter_axis"] if kind == "reduce_scatter" else a["slice_axis"]
    return [x[:d] + (o[d],) + x[d + 1:] for x, o in zip(in_shapes, out_shapes)]


def run_schedule_mpi(schedule: Schedule, args: Sequence[Any] = (), options: Optional[RunOptions] = None, *,
                     comm: Any = None, shared_memory: str = "auto", on_error: str = "abort") -> MpiRunReport:
    """Run ``schedule`` once on the MPI ranks of ``comm`` (call it on every
    rank with the same schedule): the MPI counterpart of
    :func:`meshc.runtime.executor.run_schedule`, with the same ``args``
    (per-shard arrays in the schedule's argument order; each rank reads only
    the entries of its own device, so memmap slices stream from the file)
    and :class:`RunOptions`. Returns the outputs and stats on rank 0
    (``report.root``); see :class:`MpiExecutor` for the options and errors.
    """
    ex = MpiExecutor(schedule, options, comm=comm, shared_memory=shared_memory, on_error=on_error)
    try:
        return ex.run(args)
    finally:
        ex.close()
