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

The step planning, the kernel step, the argument checks and the halo slab
helpers are shared with the MPI runtime (:func:`prepare_steps`,
:func:`run_kernel_step`, :func:`check_argument`, :func:`halo_slab`).

numpy releases the GIL inside its kernels (BLAS, ufunc loops on large
arrays), so device threads overlap there; the Python glue between steps is
serialised by the GIL. The process BLAS is limited to each device's share of
the cores while a run lasts (``RunOptions.blas_threads``,
:mod:`meshc.runtime.blas`), and at most cores // BLAS threads kernels are in a
BLAS call at once (:func:`meshc.kernels.fpstate.blas_slots`).

Each device's steps are planned once, at construction, into records its
thread runs back to back (:meth:`Executor._compile`; docs/runtime.md "How a
device runs its steps"): a kernel of an op without regions with its bound
kernel, buffers and output types looked up, fused with the Allocate steps
before it and the Free steps after it (without a trace); the thread blocks
only at an event wait or a collective, and enters the kernels' floating-point
error state once (:func:`meshc.kernels.fpstate.quiet_scope`).

Failures (always :class:`~meshc.ir.DiagnosticError`, located when the step
has a source location; every device thread has ended before ``run`` raises):

* a kernel error on one device stops every device; the error names the
  device, the op and its location (:class:`RuntimeFailure`, ``reason`` =
  ``"kernel"``);
* every wait (an event, a rendezvous) polls and gives up after
  ``RunOptions.timeout`` seconds (default 60) when the device(s) it waits for
  have passed the point they should have reached (stopped before it, or finished):
  the error names the collective (or event) and those devices
  (``"timeout"``). When they are instead blocked at an earlier wait of their
  own, the other wait is the cause and reports first; if nothing does within
  a second timeout the schedules wait for each other and the error says so
  (``"deadlock"``). Never a hang;
* running out of device memory raises
  :class:`~meshc.runtime.devices.OutOfDeviceMemory` (device, buffer, usage
  table of every device).

Test hooks (:class:`TestHooks`, for tests only, not a user flag): make a
device drop out at a collective instance instead of arriving, make a
device's n-th kernel raise.
"""

from __future__ import annotations

import collections
import functools
import math
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Optional, Sequence

import numpy as np

from meshc.backend.schedule import (ArgBinding, BufferLayout, Collective, HaloExchange, HaloPart, Kernel, Schedule,
                                    ScheduleError, Step, captured_values)
from meshc.ir.location import UNKNOWN_LOC, DiagnosticError, Location, note
from meshc.kernels.fpstate import blas_slots, quiet_scope
from meshc.runtime.blas import available_cores, blas_limit, resolve_blas_threads
from meshc.runtime.collectives import POLL_SECONDS, Rendezvous
from meshc.runtime.interpreter import BINDERS, KERNEL_ERRORS
from meshc.runtime.devices import DeviceMemory, buffer_sizes
from meshc.runtime.stats import DeviceStats, RunStats, TraceEvent

__all__ = ["RunOptions", "TestHooks", "RuntimeFailure", "RunReport", "Executor", "run_schedule", "prepare_steps",
           "run_kernel_step", "kernel_failure", "output_mismatch", "check_argument", "checked_arguments",
           "device_interpreter", "step_indexes", "halo_slab",
           "count_halo_part", "place_slab", "unwritten", "trace_name", "staging_bytes", "accounted_bytes"]

_REDUCING = ("all_reduce", "reduce_scatter")
_STEP, _FUSED = 0, 1  # codes of a device thread's records (Executor._compile)


@dataclass
class TestHooks:
    """Fault injection for tests (never a user flag).

    ``skip_collective``: ``(device, instance)`` pairs: the device never
    arrives at that collective instance: it passes over the step and stops
    there (its thread ends quietly, as a device that dropped out), so the
    others' wait ends in the timeout error. ``fail_kernel``:
    ``(device, n)`` pairs: the device's n-th kernel step (0-based, counting
    kernel steps only) raises ``ValueError("injected failure (test hook)")``
    from inside its kernel.
    """

    __test__ = False  # not a pytest test class

    skip_collective: set = field(default_factory=set)
    fail_kernel: set = field(default_factory=set)


RELAYOUT_OPS = ("linalg.pack", "linalg.unpack")  # data-tiling relayouts counted in the stats


def staging_bytes(kind: str, input_bytes: int, group_size: int) -> int:
    """Bytes a device holds in its pool while it takes part in a collective of ``kind`` in a group of
    ``group_size`` devices with an input buffer of ``input_bytes`` (numpy bytes): the receive chunk
    ``ceil(input_bytes / group_size)`` of a reduction (all_reduce, reduce_scatter), else 0; a group
    of one stages nothing (the allocation policy of :mod:`meshc.backend.schedule`)."""
    return math.ceil(input_bytes / group_size) if kind in _REDUCING and group_size > 1 else 0


def accounted_bytes(nbytes: int, dtype: Any, layout: Optional[BufferLayout]) -> int:
    """``nbytes`` of numpy ``dtype`` data counted in the accounted element type: the layout's
    ``dtype_override`` when it sets one (``--dtype-override``: the memory columns use it too,
    seed 002), else unchanged. E.g. 400 B of float32 under ``bfloat16`` count 200 B. The rule of
    every traffic figure (peer read, copy, collective, halo) of the runtime and of the estimate."""
    from meshc.layout.device import logical_bytes

    override = getattr(layout, "dtype_override", None)
    dt = np.dtype(dtype)
    if override is None or not dt.itemsize:
        return int(nbytes)
    return logical_bytes((int(nbytes) // dt.itemsize,), dt.name, override)


@dataclass
class RunOptions:
    """How to run: ``device_memory`` bytes per device (None = unlimited;
    ``meshc.runtime.devices.parse_bytes("16GiB")`` reads the flag),
    ``timeout`` seconds a wait may last (collectives and events), ``layout``
    of buffers whose step gives none, whether to record the ``trace``, test
    ``hooks``, and ``parameters`` (``{scope: {key: array}}``: the data of
    ``#stream.parameter.named<"scope"::"key">`` globals, given to every
    device's interpreter as :class:`meshc.runtime.interpreter.Interpreter`
    takes them), and ``blas_threads``: the BLAS threads each device's kernels may use
    (:func:`meshc.runtime.blas.resolve_blas_threads`: None = the CPUs available // devices, at
    least 1; 0 = leave the BLAS as it is)."""

    device_memory: Optional[int] = None
    timeout: float = 60.0
    layout: BufferLayout = field(default_factory=BufferLayout)
    trace: bool = True
    hooks: Optional[TestHooks] = None
    parameters: Optional[dict] = None
    blas_threads: Optional[int] = None


class RuntimeFailure(DiagnosticError):
    """A run that failed on a device: ``device`` (None when not one device's)
    and ``reason`` (``kernel``, ``timeout``, ``deadlock``, ``argument``,
    ``schedule``: a step met a value the schedule promised otherwise,
    ``internal``). ``stats`` holds what was measured up to the failure
    (every error ``run`` raises once threads have started carries it)."""

    def __init__(self, message: str, location: Location = UNKNOWN_LOC, notes: Optional[list] = None,
                 device: Optional[int] = None, reason: str = "internal"):
        super().__init__(message, location, notes)
        self.device = device
        self.reason = reason
        self.stats: Optional[RunStats] = None


class _Aborted(Exception):
    """Unwinds a device thread once another device has failed."""


class _Stopped(Exception):
    """Ends a device thread quietly (the skip_collective test hook)."""


@dataclass
class RunReport:
    """``outputs`` in result order and the run's ``stats``."""

    outputs: list
    stats: RunStats


def _injected_failure(interp, op, args):
    raise ValueError("injected failure (test hook)")


class _DeviceState:
    """Mutable state of one device during a run (touched by its thread)."""

    __slots__ = ("buffers", "meta", "stats", "trace", "kernel_count")

    def __init__(self, device: int):
        self.buffers: dict[str, Any] = {}
        self.meta: dict[str, tuple] = {}  # name -> (shape, numpy dtype) of allocated buffers
        self.stats = DeviceStats(device)
        self.trace: list[tuple] = []


class _RunState:
    """Everything shared by the device threads of one run."""

    def __init__(self, ex: "Executor"):
        n = ex.num_devices
        self.memory = DeviceMemory(n, ex.options.device_memory)
        self.devs = [_DeviceState(k) for k in range(n)]
        self.events = {name: threading.Event() for name in ex.signal_index}
        self.rendezvous = {name: Rendezvous(spec, ex.mesh, ex.schedule.participants(spec))
                           for name, spec in ex.schedule.collectives.items()}
        self.progress = [0] * n
        self.finished = [False] * n
        self.stopped: list[Optional[int]] = [None] * n  # step where a test hook stopped the device
        self.abort = threading.Event()
        self.halted = [False]  # abort, as a flag the device loops read without a call
        self.error: Optional[DiagnosticError] = None
        self._lock = threading.Lock()
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


def _slices(step, value, k: int, i: int) -> tuple:
    if step.offsets is None:
        return ()
    shape = np.shape(value)
    if len(step.offsets) != len(shape) or any(o + s > n for o, s, n in zip(step.offsets, step.sizes, shape)):
        raise RuntimeFailure(f"device {k}, step {i} ({step.describe()}): the slice does not fit device "
                             f"{step.src_device}'s buffer of shape {list(shape)}", step.location, device=k,
                             reason="schedule")
    return tuple(slice(o, o + s) for o, s in zip(step.offsets, step.sizes))


# -- what both runtimes (threads here, MPI in meshc.runtime.mpi) do the same way ------------------------------


#: A step ready to run: ``(handler, step, prepared data)``; a handler is called as
#: ``handler(..., i, step, data)`` by its runtime and returns the seconds it waited (or None).
Prepared = tuple[Callable, Step, Any]


def prepare_steps(k: int, steps: Sequence[Step], options: RunOptions, handlers: dict[str, Callable],
                  remote: Optional[Callable[[int, Step], Any]] = None) -> list[Prepared]:
    """Device ``k``'s ``steps`` with their handler (``handlers[step.kind]``) and what can be worked out
    before running: an Allocate's physical and logical bytes and its ``(shape, numpy dtype)``, a Kernel's
    planned op (the ``fail_kernel`` test hook swaps in a failing kernel) and buffer bindings, a
    Collective's ``skip_collective`` hook flag, and for PeerRead, Copy and HaloExchange steps what
    ``remote(i, step)`` gives (None without it: the threaded runtime reads other devices directly).

    Raises:
        ScheduleError: a buffer's layout cannot hold it, or a step kind without a handler.
        DiagnosticError: an op has no kernel (located at the op).
    """
    from meshc.kernels.dtypes import numpy_dtype
    from meshc.runtime.interpreter import Interpreter

    hooks = options.hooks
    plan: list[Prepared] = []
    kernels = 0
    for i, step in enumerate(steps):
        handler = handlers.get(step.kind)
        if handler is None:
            raise ScheduleError(f"device {k}, step {i}: unknown step {step!r}")
        data: Any = None
        if step.kind == "allocate":
            try:
                physical, logical = buffer_sizes(step.shape, step.dtype, step.layout or options.layout)
            except ValueError as err:
                raise ScheduleError(f"device {k}, step {i} ({step.describe()}): {err}", step.location) from None
            data = (physical, logical, (step.shape, numpy_dtype(step.dtype)))
        elif isinstance(step, Kernel):
            fn, op, operands, results, drops = Interpreter.plan_ops([step.op])[0]
            if hooks is not None and (k, kernels) in hooks.fail_kernel:
                fn = _injected_failure
            kernels += 1
            bind = tuple(zip(step.op.operands, step.inputs)) + tuple(
                zip(captured_values(step.op) if step.captures else (), step.captures))
            data = ([(fn, op, operands, results, drops)], bind, results)
        elif isinstance(step, Collective):
            data = hooks is not None and (k, step.instance) in hooks.skip_collective
        elif step.kind in ("peer_read", "copy", "halo_exchange") and remote is not None:
            data = remote(i, step)
        plan.append((handler, step, data))
    return plan


def step_indexes(schedule: Schedule) -> tuple[dict[str, tuple[int, int]], dict[tuple[int, str], int]]:
    """``(signal_index, collective_index)``: event name -> ``(device, step)`` signalling it, and
    ``(device, collective instance)`` -> the device's step taking part in it."""
    signals: dict[str, tuple[int, int]] = {}
    collectives: dict[tuple[int, str], int] = {}
    for d in schedule.devices:
        for i, step in enumerate(d.steps):
            if step.signal is not None:
                signals[step.signal] = (d.device, i)
            if isinstance(step, Collective):
                collectives[(d.device, step.instance)] = i
    return signals, collectives


def device_interpreter(schedule: Schedule, k: int, options: RunOptions):
    """Device ``k``'s :class:`~meshc.runtime.interpreter.Interpreter` on the schedule's module (None
    without one), initialized, with the device's mesh coordinates for the SPMD ops and the run's
    ``parameters``.

    Raises:
        DiagnosticError: the module's initializers fail.
    """
    if schedule.module is None:
        return None
    from meshc.runtime.interpreter import Device, Interpreter

    mesh = schedule.mesh
    device = Device(coords={mesh.name: mesh.device_coords(k)},
                    mesh_shapes={mesh.name: tuple(mesh.shape)})  # type: ignore[arg-type]
    interp = Interpreter(schedule.module, device=device, parameters=options.parameters)
    interp.initialize()
    return interp


def unwritten(k: int, i: int, step: Step, name: str) -> "RuntimeFailure":
    """The error of a step reading buffer ``name`` of device ``k`` before any step wrote it."""
    return RuntimeFailure(f"device {k}, step {i} ({step.describe()}): buffer '{name}' is read before any step "
                          "wrote it", step.location, device=k, reason="schedule")


def kernel_failure(k: int, i: int, step: Kernel, err: DiagnosticError) -> "RuntimeFailure":
    """The error of device ``k``'s kernel step ``i`` that failed with ``err`` (the interpreter's
    located diagnostic): names the device, keeps the op's location (the step's when the op has
    none) and notes the step (``reason="kernel"``)."""
    d = err.diagnostics[0]
    return RuntimeFailure(f"device {k}: {d.message}", d.location if d.location.known else step.location,
                          list(d.notes) + [note(f"step {i} of device {k}: {step.describe()}")],
                          device=k, reason="kernel")


def output_mismatch(k: int, step: Kernel, name: str, v: Any, shape: tuple, dt: np.dtype) -> "RuntimeFailure":
    """The error of a kernel whose result ``v`` for buffer ``name`` does not have the allocated
    ``shape`` and element type ``dt`` (``reason="schedule"``)."""
    return RuntimeFailure(
        f"device {k}: '{step.op.name}' op produced shape {list(np.shape(v))} of "
        f"{getattr(v, 'dtype', type(v).__name__)} for buffer '{name}', allocated as "
        f"{list(shape)} of {dt}", step.location, device=k, reason="schedule")


def run_kernel_step(interp, k: int, i: int, step: Kernel, data: Any, buffers: dict, meta: dict,
                    stats: DeviceStats) -> None:
    """Run a prepared Kernel step of device ``k`` on its ``buffers`` (name -> array) with ``interp``,
    store its outputs and count it in ``stats`` (kernels, by op name, data-tiling relayouts).

    Raises:
        RuntimeFailure: the kernel failed (``reason="kernel"``, located at the op, noting the step), an
            input was never written, or an output's shape or element type differs from its allocation
            (``reason="schedule"``).
    """
    planned, bind, results = data
    env = {}
    for value, name in bind:
        x = buffers.get(name)
        if x is None:
            raise unwritten(k, i, step, name)
        env[value] = x
    try:
        interp.run_steps(planned, env)
    except DiagnosticError as err:
        raise kernel_failure(k, i, step, err) from None
    for r, name in zip(results, step.outputs):
        v = env[r]
        shape, dt = meta[name]
        if getattr(v, "shape", None) != shape or getattr(v, "dtype", None) != dt:
            raise output_mismatch(k, step, name, v, shape, dt)
        buffers[name] = v
    stats.kernels += 1
    by_op = stats.kernels_by_op
    by_op[step.op.name] = by_op.get(step.op.name, 0) + 1
    if step.op.name in RELAYOUT_OPS:
        stats.relayout_ops += 1
        stats.relayout_bytes += sum(int(getattr(buffers.get(n), "nbytes", 0)) for n in step.outputs)


def checked_arguments(schedule: Schedule, args: Sequence[Any], layout: BufferLayout,
                      device: Optional[int] = None) -> Iterator[tuple[ArgBinding, Any, np.dtype, int, int]]:
    """For each argument binding of ``schedule`` (of ``device`` only, when given), ``(binding, array,
    numpy dtype, physical bytes, logical bytes)`` of its entry of ``args`` (:func:`check_argument`).

    Raises:
        RuntimeFailure: ``args`` has another length than the entry function's arguments, an entry
            is missing (None) or does not fit its binding (``reason="argument"``).
    """
    bindings = schedule.args
    expected = 1 + max((b.index for b in bindings), default=-1)
    if len(args) != expected:
        raise RuntimeFailure(f"the schedule takes {expected} arguments, got {len(args)}", reason="argument")
    for b in bindings:
        if device is not None and b.device != device:
            continue
        value = args[b.index]
        if value is None:
            raise RuntimeFailure(f"argument {b.index} (buffer '{b.buffer}' of device {b.device}) is missing",
                                 device=b.device, reason="argument")
        yield (b,) + check_argument(b, value, layout)


def check_argument(b: ArgBinding, value: Any, layout: BufferLayout) -> tuple[Any, np.dtype, int, int]:
    """``(array, numpy dtype, physical bytes, logical bytes)`` of argument binding ``b`` given
    ``value`` (an array is kept as is, so a memmap is not copied; anything else goes through
    ``np.asarray``).

    Raises:
        RuntimeFailure: ``value`` has another shape or element type than the binding
            (``reason="argument"``).
    """
    from meshc.kernels.dtypes import numpy_dtype

    if not isinstance(value, (np.ndarray, np.generic)):
        value = np.asarray(value)
    want = numpy_dtype(b.dtype)
    if tuple(np.shape(value)) != b.shape or value.dtype != want:
        raise RuntimeFailure(
            f"argument {b.index} has shape {list(np.shape(value))} and element type {value.dtype}, but the "
            f"schedule places a {'x'.join(map(str, b.shape + (b.dtype,)))} buffer '{b.buffer}' on device "
            f"{b.device} ({want})", device=b.device, reason="argument")
    physical, logical = buffer_sizes(b.shape, b.dtype, b.layout or layout)
    return value, want, physical, logical


def halo_slab(k: int, i: int, step: HaloExchange, part: HaloPart, value: Any, dtype: np.dtype) -> np.ndarray:
    """The box of ``part`` cut out of ``value`` (the whole source buffer as its device holds it) for
    device ``k``'s halo exchange ``step`` (index ``i``).

    Raises:
        RuntimeFailure: no value (not yet written or already freed), a box that does not fit the
            source, or an element type other than the output's ``dtype`` (``reason="schedule"``).
    """
    where = f"device {k}, step {i} ({step.describe()})"
    if value is None:
        raise RuntimeFailure(f"{where}: device {part.src_device} holds no value in buffer '{part.src_buffer}' (not "
                             "yet written, or already freed: is a wait for the producer's event missing?)",
                             step.location, device=k, reason="schedule")
    shape = np.shape(value)
    if len(shape) != len(part.sizes) or any(o + s > n for o, s, n in zip(part.src_offsets, part.sizes, shape)):
        raise RuntimeFailure(f"{where}: the slab {list(part.src_offsets)} + {list(part.sizes)} does not fit device "
                             f"{part.src_device}'s buffer '{part.src_buffer}' of shape {list(shape)}", step.location,
                             device=k, reason="schedule")
    slab = np.asarray(value)[tuple(slice(o, o + s) for o, s in zip(part.src_offsets, part.sizes))]
    if slab.dtype != dtype:
        raise RuntimeFailure(f"{where}: buffer '{part.src_buffer}' of device {part.src_device} holds {slab.dtype}, "
                             f"the output {dtype}", step.location, device=k, reason="schedule")
    return slab


def count_halo_part(stats: DeviceStats, part: HaloPart, nbytes: int) -> None:
    """Count a received halo slab: ``peer_read`` parts as peer traffic, ``copy`` parts as copies
    (``local`` ones move nothing)."""
    if part.mode == "peer_read":
        stats.peer_read_bytes += nbytes
        stats.record_transfer(part.src_device, nbytes, "peer_read")
    elif part.mode == "copy":
        stats.copy_bytes += nbytes
        stats.record_transfer(part.src_device, nbytes, "copy")


def place_slab(out: np.ndarray, part: HaloPart, slab: np.ndarray) -> None:
    """Write ``slab`` at ``part.dst_offsets`` of ``out`` (the schedule validated that it fits)."""
    out[tuple(slice(o, o + s) for o, s in zip(part.dst_offsets, part.sizes))] = slab


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
        self._interps = self._make_interpreters()
        self._plans = [self._compile(d.device, d.steps, self._prepare(d.device, d.steps))
                       for d in schedule.devices]
        self._fused_ops = [[step.op.name for code, _, step, _, _ in plan if code == _FUSED] for plan in self._plans]
        self._fused_counts = [collections.Counter(names) for names in self._fused_ops]
        self.blas_threads = resolve_blas_threads(self.options.blas_threads, self.num_devices)
        # at most as many BLAS calls at once as the cores run (each holds the BLAS's work buffers)
        self.blas_slots = max(1, available_cores() // self.blas_threads) if self.blas_threads else None
        if self.blas_slots is not None and self.blas_slots >= self.num_devices:
            self.blas_slots = None  # every device has a slot: no limit needed

    # -- preparation -------------------------------------------------------------------
    def _make_interpreters(self) -> list:
        return [device_interpreter(self.schedule, k, self.options) for k in range(self.num_devices)]

    def _prepare(self, k: int, steps: Sequence[Step]) -> list[Prepared]:
        """``(handler, step, data)`` per step: what can be worked out before running."""
        handlers = {"allocate": self._allocate, "kernel": self._kernel, "peer_read": self._peer_read,
                    "copy": self._copy, "collective": self._collective, "halo_exchange": self._halo,
                    "free": self._free}
        return prepare_steps(k, steps, self.options, handlers)

    def _compile(self, k: int, steps: Sequence[Step], prepared: list[Prepared]) -> list[tuple]:
        """Device ``k``'s prepared steps as the records its thread runs (once per schedule load):
        ``(code, index, step, handler, data)``. ``_STEP``: the step's handler as prepared.
        ``_FUSED``: a kernel of an op without regions or captured values, run by calling its kernel
        on the argument buffers directly (the buffers, the op's kernel and the outputs' allocated
        shapes and element types looked up here), together with the Allocate steps right before it
        and the Free steps right after it (none of them waiting for or signalling an event). Without
        a trace every such run of steps is one record; with one each step keeps its own (the trace
        times every step)."""
        meta: dict[str, tuple] = {}  # the allocations the steps will have made: name -> (shape, dtype)
        for b in self.schedule.args:
            if b.device == k:
                from meshc.kernels.dtypes import numpy_dtype

                meta[b.buffer] = (b.shape, numpy_dtype(b.dtype))
        fuse = not self.options.trace
        records: list[tuple] = []
        allocs: list[tuple] = []  # pending Allocate steps (fusable) before the next kernel
        group: Optional[list] = None  # the fused record being built: [first, step, allocs, kernel, frees]

        def flush() -> None:
            nonlocal group
            if group is not None:
                first, kstep, ga, kernel, frees = group
                entries = tuple((a[1], (a[2], a[3])) for a in ga)
                take = (entries, sum(a[2] for a in ga), sum(a[3] for a in ga), kstep.location) if ga else None
                metas = {a[1]: a[4] for a in ga}
                records.append((_FUSED, first, kstep, None, (take, metas, kernel, tuple(n for _, n in frees),
                                                            frees[-1][0] if frees else kernel[0])))
                group = None
            for j, a in allocs:
                records.append((_STEP,) + a)
            allocs.clear()

        for i, ((handler, step, data), st) in enumerate(zip(prepared, steps)):
            quiet = not step.wait and step.signal is None
            if step.kind == "allocate":
                meta[step.buffer] = data[2]
                if fuse and quiet:
                    if group is not None:
                        flush()
                    allocs.append((i, (i, step, handler, data)))
                    continue
            elif step.kind == "free":
                meta.pop(step.buffer, None)
                if group is not None and quiet:
                    group[4].append((i, step.buffer))
                    continue
            elif isinstance(step, Kernel) and not step.wait:
                kernel = self._fast_kernel(self._interps[k], step, data, meta)
                if kernel is not None:
                    flush() if group is not None else None
                    ga = [(j, a[1].buffer, a[3][0], a[3][1], a[3][2], a[1].location) for j, a in allocs]
                    allocs.clear()
                    group = [ga[0][0] if ga else i, step, ga, (i,) + kernel, []]
                    if not fuse or step.signal is not None:
                        flush()
                    continue
            flush()
            records.append((_STEP, i, step, handler, data))
        flush()
        return records

    @staticmethod
    def _fast_kernel(interp: Any, step: Kernel, data: Any, meta: dict) -> Optional[tuple]:
        """``(call, op, argument buffer names, ((output buffer, shape, dtype), ...), relayout, bound)``
        (``bound``: the output buffer names when ``call`` is a bound kernel, else None)
        of a Kernel step that can run without an environment (an op without regions or captured
        values whose outputs' allocations are known), else None. ``call(values)`` runs the kernel:
        the op's bound kernel (:data:`meshc.runtime.interpreter.BINDERS`) when it has one for
        these buffers, else its kernel with ``interp``."""
        planned, bind, results = data
        fn, op = planned[0][0], planned[0][1]
        if op.regions or step.captures or len(planned) != 1:
            return None
        names = dict(bind)
        try:
            args = tuple(names[v] for v in op.operands)
            outs = tuple((name,) + meta[name] for name in step.outputs)
        except KeyError:
            return None
        if len(outs) != len(results):
            return None
        call = None
        make = BINDERS.get(op.name)
        if make is not None and fn is not _injected_failure and all(n in meta for n in args):
            call = make(op, [meta[n] for n in args], [o[1:] for o in outs])
        bound = tuple(o[0] for o in outs) if call is not None else None  # the output buffers of a bound kernel
        if call is None:
            call = functools.partial(fn, interp, op)
        return call, op, args, outs, op.name in RELAYOUT_OPS, bound

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
        self._bind_args(st, args)
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
        stats = self._stats(st, time.perf_counter() - st.t0)
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

    def _bind_args(self, st: _RunState, args: Sequence[Any]) -> None:
        for b, value, want, physical, logical in checked_arguments(self.schedule, args, self.options.layout):
            st.memory.pools[b.device].allocate(b.buffer, physical, logical)
            dev = st.devs[b.device]
            dev.buffers[b.buffer] = value
            dev.meta[b.buffer] = (b.shape, want)

    def _device_main(self, st: _RunState, k: int) -> None:
        """The body of device ``k``'s thread: runs its records (:meth:`_compile`) in order under one
        floating-point error state (:func:`meshc.kernels.fpstate.quiet_scope`); it blocks only at
        an event it waits for or a collective."""
        dev = st.devs[k]
        stats = dev.stats
        plan = self._plans[k]
        nsteps = len(self.schedule.devices[k].steps)
        buffers, meta = dev.buffers, dev.meta
        pool = st.memory.pools[k]
        allocate, release = pool.take, pool.release_all
        getitem, pop = buffers.__getitem__, buffers.pop
        halted = st.halted
        fused = 0  # fused kernel records run (counted in the stats at the end)
        pending: tuple = ()  # buffers freed by the last fused record, not yet released from the pool
        interp = self._interps[k]
        progress, events = st.progress, st.events
        record = dev.trace.append if self.options.trace else None
        perf = time.perf_counter
        i, step = -1, None
        waited = 0.0
        begin = perf()
        try:
            with quiet_scope():
                for code, first, step, handler, data in plan:
                    if halted[0]:
                        return
                    progress[k] = i = first
                    if code == _FUSED:
                        t = perf() if record is not None else 0.0
                        take, metas, (i, fn, op, names, outs, relayout, checked), frees, last = data
                        if take is not None:
                            i = first
                            allocate(*take, pending)  # the previous record's frees, then these allocations
                            pending = ()
                            for name in metas:
                                pop(name, None)
                            meta.update(metas)
                            i = data[2][0]
                        elif pending:
                            release(pending)
                            pending = ()
                        try:
                            values = list(map(getitem, names))
                        except KeyError as err:
                            raise unwritten(k, i, step, err.args[0]) from None
                        try:
                            out = fn(values)
                        except DiagnosticError as err:
                            raise kernel_failure(k, i, step, err) from None
                        except KERNEL_ERRORS as err:
                            raise kernel_failure(k, i, step, interp._failure(op, (), {}, err)) from None
                        if checked is not None:  # a bound kernel's results: their buffers' shapes and types
                            buffers.update(zip(checked, out))
                        else:
                            if len(out) != len(outs):
                                raise kernel_failure(k, i, step, DiagnosticError(
                                    f"internal: kernel for '{op.name}' returned {len(out)} values for "
                                    f"{len(outs)} results", op.location))
                            for v, (name, shape, dt) in zip(out, outs):
                                if getattr(v, "shape", None) != shape or getattr(v, "dtype", None) != dt:
                                    raise output_mismatch(k, step, name, v, shape, dt)
                                buffers[name] = v
                        fused += 1
                        if relayout:
                            stats.relayout_ops += 1
                            stats.relayout_bytes += sum(int(getattr(buffers.get(n), "nbytes", 0))
                                                        for n in step.outputs)
                        if step.signal is not None:
                            events[step.signal].set()
                        if frees:  # the buffers go now; the pool counts their release with the next allocation
                            i = last
                            pending = frees
                            for name in frees:
                                pop(name, None)
                                meta.pop(name, None)
                        if record is not None:
                            record((first, t, perf()))
                        continue
                    if pending:
                        release(pending)
                        pending = ()
                    if step.wait:
                        t = perf()
                        self._wait_events(st, k, i, step)
                        waited += perf() - t
                    t = perf() if record is not None else 0.0
                    w = handler(st, dev, k, i, step, data)
                    if step.signal is not None:
                        events[step.signal].set()
                    if w:
                        stats.wait_seconds += w
                        waited += w
                    if record is not None:
                        record((i, t, perf()))
            i = nsteps
        except _Aborted:
            pass
        except _Stopped:
            st.stopped[k] = i
        except DiagnosticError as err:
            st.fail(err)
        except Exception as err:  # a bug or an unexpected numpy error: report it, never hang
            where = f"step {i} ({step.describe()})" if step is not None else "start"
            st.fail(RuntimeFailure(f"device {k}: {where} failed: {type(err).__name__}: {err}",
                                   step.location if step is not None else UNKNOWN_LOC, device=k))
        finally:
            if pending:
                release(pending)
            if fused:
                self._count_fused(k, fused, stats)
            stats.busy_seconds += max(perf() - begin - waited, 0.0)
            stats.steps = max(i, 0)  # steps completed
            st.finished[k] = True
            progress[k] = nsteps

    def _count_fused(self, k: int, n: int, stats: DeviceStats) -> None:
        """Count the kernels of device ``k``'s first ``n`` fused records in ``stats`` (kernels, by
        op name), once the thread ends instead of per kernel."""
        names = self._fused_ops[k]
        counts = self._fused_counts[k] if n == len(names) else collections.Counter(names[:n])
        by_op = stats.kernels_by_op
        stats.kernels += n
        for name, c in counts.items():
            by_op[name] = by_op.get(name, 0) + c

    # -- step handlers: (state, device state, device, index, step, prepared data) -> seconds waited
    def _allocate(self, st, dev, k, i, step, data):
        physical, logical, meta = data
        st.memory.pools[k].allocate(step.buffer, physical, logical, step.location)
        dev.buffers.pop(step.buffer, None)  # allocated, not yet written: no value
        dev.meta[step.buffer] = meta

    def _free(self, st, dev, k, i, step, data):
        pool = st.memory.pools[k]
        if pool.holds(step.buffer):
            pool.free(step.buffer)
        dev.buffers.pop(step.buffer, None)
        dev.meta.pop(step.buffer, None)

    def _kernel(self, st, dev, k, i, step, data):
        run_kernel_step(self._interps[k], k, i, step, data, dev.buffers, dev.meta, dev.stats)

    def _remote(self, st, k, i, step):
        value = st.devs[step.src_device].buffers.get(step.src_buffer)
        if value is None:
            raise RuntimeFailure(
                f"device {k}, step {i} ({step.describe()}): device {step.src_device} holds no value in buffer "
                f"'{step.src_buffer}' (not yet written, or already freed: is a wait for the producer's event "
                "missing?)", step.location, device=k, reason="schedule")
        cut = _slices(step, value, k, i)
        return value[cut] if cut else value

    def traffic_bytes(self, nbytes: int, dtype: Any) -> int:
        """``nbytes`` of numpy ``dtype`` data counted in the accounted element type: the layout's
        ``dtype_override`` when the run sets one (``--dtype-override``: the memory columns use it too,
        seed 002), else unchanged (:func:`accounted_bytes`). E.g. 400 B of float32 under ``bfloat16``
        count 200 B."""
        return accounted_bytes(nbytes, dtype, self.options.layout)

    def _peer_read(self, st, dev, k, i, step, data):
        view = self._remote(st, k, i, step)
        dev.buffers[step.buffer] = view
        a = np.asarray(view)
        n = self.traffic_bytes(a.nbytes, a.dtype)
        dev.stats.peer_read_bytes += n
        dev.stats.record_transfer(step.src_device, n, "peer_read")

    def _copy(self, st, dev, k, i, step, data):
        value = np.array(self._remote(st, k, i, step), copy=True)
        shape, dt = dev.meta[step.buffer]
        if value.shape != shape or value.dtype != dt:
            raise RuntimeFailure(f"device {k}, step {i} ({step.describe()}): copies shape {list(value.shape)} of "
                                 f"{value.dtype} into buffer '{step.buffer}', allocated as {list(shape)} of {dt}",
                                 step.location, device=k, reason="schedule")
        dev.buffers[step.buffer] = value
        n = self.traffic_bytes(value.nbytes, value.dtype)
        dev.stats.copy_bytes += n
        dev.stats.record_transfer(step.src_device, n, "copy")

    def _halo(self, st, dev, k, i, step, data):
        shape, dt = dev.meta[step.output]
        out = np.empty(shape, dt)
        for part in step.parts:
            holder = dev if part.src_device == k else st.devs[part.src_device]
            slab = halo_slab(k, i, step, part, holder.buffers.get(part.src_buffer), dt)
            place_slab(out, part, slab)
            count_halo_part(dev.stats, part, self.traffic_bytes(slab.nbytes, slab.dtype))
        dev.buffers[step.output] = out

    def _collective(self, st, dev, k, i, step, skip):
        if skip:
            raise _Stopped()
        rendezvous = st.rendezvous[step.instance]
        spec = rendezvous.spec
        value = dev.buffers.get(step.input)
        if value is None:
            raise unwritten(k, i, step, step.input)
        shape, dt = dev.meta[step.output]
        group = rendezvous.group_of(k)
        pool = st.memory.pools[k]
        staging = f"<staging of {step.instance}>"
        chunk = staging_bytes(spec.kind, np.asarray(value).nbytes, len(group))
        if chunk:
            pool.allocate(staging, chunk, chunk, spec.location)
        index = self.collective_index

        def passed(m: int) -> bool:
            return st.finished[m] or st.progress[m] > index[(m, step.instance)]

        def check(waited: float, missing: list) -> None:
            self._check_wait(st, k, waited, missing, passed, lambda: f"collective {spec.describe()}",
                             [d for d in group if d not in missing], spec.location)

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
        stats.collective_bytes += self.traffic_bytes(received, item)
        stats.collective_peer_bytes += self.traffic_bytes(peer, item)
        stats.record_transfers({src: self.traffic_bytes(n, item) for src, n in rendezvous.received_by(k).items()},
                               "collective")
        return waited

    # -- waiting -----------------------------------------------------------------------
    def _wait_events(self, st: _RunState, k: int, i: int, step: Step) -> None:
        dev = st.devs[k]
        for name in step.wait:
            event = st.events[name]
            if event.is_set():
                continue
            producer, j = self.signal_index[name]
            producer_step = self.schedule.devices[producer].steps[j]

            def passed(m: int, j: int = j) -> bool:
                return st.finished[m] or st.progress[m] > j

            what = (lambda name=name, producer=producer, j=j, ps=producer_step:
                    f"device {k}, step {i} ({step.describe()}): event '{name}' (signalled by device {producer}, "
                    f"step {j}: {ps.describe()})")
            t = time.perf_counter()
            while not event.wait(POLL_SECONDS):
                self._check_wait(st, k, time.perf_counter() - t, [producer], passed, what, [], step.location)
            dev.stats.wait_seconds += time.perf_counter() - t

    def _where(self, st: _RunState, m: int) -> str:
        """What device ``m`` is doing now, for wait errors."""
        steps = self.schedule.devices[m].steps
        if st.stopped[m] is not None:
            i = st.stopped[m]
            return f"device {m} stopped at step {i} of {len(steps)}: {steps[i].describe()} (test hook)"
        if st.finished[m]:
            return f"device {m} has finished its schedule"
        i = st.progress[m]
        return f"device {m} is at step {i} of {len(steps)}: {steps[i].describe()}"

    def _check_wait(self, st: _RunState, k: int, waited: float, missing: list, passed: Callable[[int], bool],
                    what: Callable[[], str], arrived: list, location: Location) -> None:
        """Called while device ``k`` waits for ``missing`` devices; raises to stop waiting."""
        if st.abort.is_set():
            raise _Aborted()
        timeout = self.options.timeout
        if waited < timeout:
            return
        gone = [m for m in missing if passed(m)]
        notes = [note(self._where(st, m)) for m in missing]
        if gone:
            behind = [m for m in missing if m not in gone]
            text = (f"{what()} timed out after {timeout:g} s: devices {gone} never reached it"
                    + (f"; devices {behind} are still on their way" if behind else "")
                    + (f" (arrived: {arrived})" if arrived else ""))
            raise RuntimeFailure(text, location, notes, device=gone[0], reason="timeout")
        if waited >= 2 * timeout:
            raise RuntimeFailure(f"{what()} timed out after {waited:.3g} s: devices {missing} are blocked waiting "
                                 "elsewhere (the schedules wait for each other: a deadlock)", location, notes,
                                 device=k, reason="deadlock")

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
        return RunStats([d.stats for d in st.devs], wall, self.options.device_memory, events)

def trace_name(schedule: Schedule, step: Step) -> str:
    """The name of ``step`` in a trace: the op of a kernel, the kind and instance of a collective or
    halo exchange, else the step kind and its buffer."""
    if isinstance(step, Kernel):
        return step.op.name
    if isinstance(step, Collective):
        return f"{schedule.collectives[step.instance].kind} {step.instance}"
    if isinstance(step, HaloExchange):
        return f"halo_exchange {step.instance}"
    return f"{step.kind} {getattr(step, 'buffer', '')}".rstrip()


def run_schedule(schedule: Schedule, args: Sequence[Any] = (), *, device_memory: Optional[int] = None,
                 timeout: float = 60.0, layout: Optional[BufferLayout] = None, trace: bool = True,
                 hooks: Optional[TestHooks] = None) -> RunReport:
    """Validate and run ``schedule`` once with ``args``; see :class:`Executor`
    and :class:`RunOptions` for the parameters and errors."""
    options = RunOptions(device_memory, timeout, layout or BufferLayout(), trace, hooks)
    return Executor(schedule, options).run(args)
