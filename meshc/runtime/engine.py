"""The device engine: one device's plan and step loop, shared by the threaded runtime
(:mod:`meshc.runtime.executor`, one thread per device) and the MPI runtime (:mod:`meshc.runtime.mpi`,
one rank per device); docs/runtime.md "How a device runs its steps".

What is the same whichever way the devices talk lives here:

* the plan (:class:`DevicePlan`, built once per schedule load): each step with its handler and what
  can be worked out before running (:func:`prepare_steps`: an Allocate's bytes, a Kernel's planned op
  and bindings, the test hooks), then the records the loop runs. A kernel of an op without regions
  whose buffers are known runs through its bound kernel (:data:`meshc.runtime.interpreter.BINDERS`)
  on precomputed argument and output buffer names, fused with the Allocate steps right before it and
  the Free steps right after it. Without a trace, consecutive fused kernels form one *run*: the
  device's pool is charged once for the whole run with the figures worked out at load (the pool's
  contents follow from the steps alone: :meth:`meshc.runtime.devices.DevicePool.take_run`), so
  current, peak, logical peak, allocation count and bytes are exactly those of the step-by-step
  accounting. When the run might not fit the pool (``--device-memory``), or a kernel of it fails,
  its kernels are accounted one by one instead, so the error and the stats are those of the step
  that failed;
* the loop (:func:`run_device`): records back to back under one floating-point error state
  (:func:`meshc.kernels.fpstate.quiet_scope`, entered once per device thread or rank), blocking
  only where a step waits for an event (a real dependency) or at a collective;
* Allocate, Free and Kernel steps (the device's pool, :mod:`meshc.runtime.devices`; the reference
  interpreter's kernels), the argument checks, the halo slab helpers, the traffic accounting;
* the timeout and deadlock rule and its messages (:func:`check_timeout`, :func:`where`): a wait
  that lasts ``RunOptions.timeout`` seconds fails, naming the devices that never reached the point
  (stopped before it, or finished), else those blocked elsewhere (a deadlock) or still running.

A runtime implements only the transport (:class:`Transport`): waiting for events and signalling
them, peer reads and copies of another device's buffer, collectives, halo exchanges, where the
others are (its progress board) and what happens when a device stops or fails.
"""

from __future__ import annotations

import collections
import functools
import math
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Optional, Sequence

import numpy as np

from meshc.backend.schedule import (ArgBinding, BufferLayout, Collective, HaloExchange, HaloPart, Kernel, Schedule,
                                    ScheduleError, Step, captured_values)
from meshc.ir.location import UNKNOWN_LOC, DiagnosticError, Location, note
from meshc.kernels.fpstate import quiet_scope
from meshc.runtime.devices import DevicePool, buffer_sizes
from meshc.runtime.interpreter import BINDERS, KERNEL_ERRORS
from meshc.runtime.mpi_launch import FAILED, FINISHED, RUNNING, STOPPED  # a device's state on a progress board
from meshc.runtime.stats import DeviceStats

__all__ = ["Pending", "RunOptions", "TestHooks", "RuntimeFailure", "RunReport", "Aborted", "Stopped", "Transport",
           "DeviceState", "DevicePlan", "run_device", "check_timeout", "where", "RUNNING", "FINISHED", "STOPPED",
           "FAILED", "prepare_steps", "run_kernel_step", "kernel_failure", "output_mismatch", "check_argument",
           "checked_arguments", "device_interpreter", "step_indexes", "halo_slab", "count_halo_part", "place_slab",
           "unwritten", "trace_name", "staging_bytes", "accounted_bytes", "RELAYOUT_OPS", "DONE", "ABORTED",
           "STOPPED_RUN", "FAILED_RUN"]


_REDUCING = ("all_reduce", "reduce_scatter")
_STEP, _FUSED, _RUN = 0, 1, 2  # codes of a device's records (DevicePlan)


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


class Aborted(Exception):
    """Unwinds a device's run once another device has failed (raised by a transport's wait)."""


class Stopped(Exception):
    """Ends a device's run quietly (the skip_collective test hook, raised by a transport's collective)."""


@dataclass
class RunReport:
    """``outputs`` in result order and the run's ``stats``."""

    outputs: list
    stats: RunStats


def _injected_failure(interp, op, args):
    raise ValueError("injected failure (test hook)")




#: A step ready to run: ``(handler, step, prepared data)``; a handler is called as
#: ``handler(transport, device state, i, step, data)`` and returns the seconds it waited (or None).
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
        elif step.kind in ("peer_read", "copy", "halo_exchange") and remote is not None:  # a peer tile is a copy
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
    none) and notes the step (``reason="kernel"``). A wait inside the kernel's body that failed (an
    in-body collective's timeout or deadlock, :mod:`meshc.runtime.body_collectives`: a
    :class:`RuntimeFailure`) keeps its message, device and reason, with the step noted."""
    d = err.diagnostics[0]
    step_note = note(f"step {i} of device {k}: {step.describe()}")
    if isinstance(err, RuntimeFailure) and err.reason in ("timeout", "deadlock"):
        return RuntimeFailure(d.message, d.location if d.location.known else step.location,
                              list(d.notes) + [step_note], device=err.device, reason=err.reason)
    return RuntimeFailure(f"device {k}: {d.message}", d.location if d.location.known else step.location,
                          list(d.notes) + [step_note], device=k, reason="kernel")


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
    tile = step.tile
    for n, (value, name) in enumerate(bind):
        x = buffers.get(name)
        if x is None:
            raise unwritten(k, i, step, name)
        if type(x) is Pending:  # a peer tile still on its way
            x = buffers[name] = x.result()
        if tile is not None and n < len(tile.inputs) and tile.inputs[n] is not None:
            x = np.asarray(x)[_box(tile.inputs[n])]
        env[value] = x
    try:
        interp.run_steps(planned, env)
    except DiagnosticError as err:
        raise kernel_failure(k, i, step, err) from None
    for j, (r, name) in enumerate(zip(results, step.outputs)):
        v = env[r]
        shape, dt = meta[name]
        if tile is not None:
            v = _write_tile(k, i, step, j, v, buffers, shape, dt)
        if getattr(v, "shape", None) != shape or getattr(v, "dtype", None) != dt:
            raise output_mismatch(k, step, name, v, shape, dt)
        buffers[name] = v
    stats.kernels += 1
    by_op = stats.kernels_by_op
    by_op[step.op.name] = by_op.get(step.op.name, 0) + 1
    if step.op.name in RELAYOUT_OPS:
        stats.relayout_ops += 1
        stats.relayout_bytes += sum(int(getattr(buffers.get(n), "nbytes", 0)) for n in step.outputs)


class Pending:
    """A buffer whose value a transport is still filling (a peer tile: the threads' copy threads,
    :mod:`meshc.backend.peer_tile`): a tiled kernel reading it waits for :meth:`result`; a Free drops it
    once it is filled. Only tile buffers are pending, and only tiled kernels read them."""

    __slots__ = ("future",)

    def __init__(self, future: Any):
        self.future = future

    def result(self) -> Any:
        """The filled array (blocks until it is; re-raises what the fill raised)."""
        return self.future.result()


def _box(box: tuple) -> tuple:
    """The numpy index of a tile box ``(offsets, sizes)``."""
    return tuple(slice(o, o + n) for o, n in zip(box[0], box[1]))


def _write_tile(k: int, i: int, step: Kernel, j: int, v: Any, buffers: dict, shape: tuple, dt: np.dtype) -> Any:
    """Output ``j`` of tiled kernel ``step`` (:class:`~meshc.backend.schedule.KernelTile`) with the
    tile's value ``v`` written into its box: the output buffer as the earlier tiles left it, or (the
    first tile, ``fresh``) a writable copy of the tied init's whole buffer.

    Raises:
        RuntimeFailure: the tile's value does not fit its box, or a later tile finds no earlier value
            (``reason="schedule"``).
    """
    tile = step.tile
    name = step.outputs[j]
    src = tile.fresh[j]
    if src is not None:
        acc = np.array(buffers[step.inputs[src]], dtype=dt, copy=True)
    else:
        acc = buffers.get(name)
        if not isinstance(acc, np.ndarray) or not acc.flags.writeable:
            raise RuntimeFailure(f"device {k}, step {i} ({step.describe()}): output '{name}' holds no earlier "
                                 "tile's values (a first tile must start it)", step.location, device=k,
                                 reason="schedule")
    box = tile.outputs[j]
    if acc.shape != shape or tuple(np.shape(v)) != tuple(box[1]):
        raise output_mismatch(k, step, name, v, tuple(box[1]), dt)
    acc[_box(box)] = v
    return acc


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


def count_halo_part(stats: DeviceStats, part: HaloPart, nbytes: int, tile: bool = False) -> None:
    """Count a received halo slab: ``peer_read`` parts as peer traffic, ``copy`` parts as copies
    (``local`` ones move nothing); the remote slabs of a peer tile (``tile``: a HaloExchange with
    ``tile`` set, :mod:`meshc.backend.peer_tile`) also as tile bytes."""
    if tile and part.mode != "local":
        stats.tile_bytes += nbytes
    if part.mode == "peer_read":
        stats.peer_read_bytes += nbytes
        stats.record_transfer(part.src_device, nbytes, "peer_read")
    elif part.mode == "copy":
        stats.copy_bytes += nbytes
        stats.record_transfer(part.src_device, nbytes, "copy")


def place_slab(out: np.ndarray, part: HaloPart, slab: np.ndarray) -> None:
    """Write ``slab`` at ``part.dst_offsets`` of ``out`` (the schedule validated that it fits)."""
    out[tuple(slice(o, o + s) for o, s in zip(part.dst_offsets, part.sizes))] = slab




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



# -- one device's run ------------------------------------------------------------------------------------------


class DeviceState:
    """What one device's run changes (touched by the device's own thread or rank; others only read
    ``buffers`` of a peered device): ``buffers`` (name -> array, or None: allocated, not written),
    ``meta`` (name -> ``(shape, numpy dtype)`` of the allocated buffers and the arguments), its
    ``pool``, ``stats`` and ``trace`` (``(step, start, end)`` in ``time.perf_counter`` seconds)."""

    __slots__ = ("device", "buffers", "meta", "pool", "stats", "trace", "interp")

    def __init__(self, device: int, pool: DevicePool, stats: DeviceStats, interp: Any = None):
        self.device = device
        self.buffers: dict[str, Any] = {}
        self.meta: dict[str, tuple] = {}
        self.pool = pool
        self.stats = stats
        self.trace: list[tuple] = []
        self.interp = interp

    def bind(self, b: ArgBinding, value: Any, dtype: np.dtype, physical: int, logical: int) -> None:
        """Hold argument ``b`` (checked by :func:`check_argument`) in the pool and the buffers."""
        self.pool.allocate(b.buffer, physical, logical)
        self.buffers[b.buffer] = value
        self.meta[b.buffer] = (b.shape, dtype)


class Transport:
    """How a runtime moves data and synchronises devices; the engine does the rest. The step
    handlers are called unbound, as ``Cls.handler(transport, dev, i, step, data)`` with the
    :class:`DeviceState`, the step's index and the prepared data, and return the seconds they
    waited (None: none). ``halted`` is a one-element list the loop reads before each record
    (``[True]``: another device failed, stop)."""

    halted: list = [False]

    def peer_read(self, dev: DeviceState, i: int, step: Step, data: Any) -> Optional[float]:
        """Bind ``step.buffer`` to (a slice of) a peered device's buffer; count its traffic."""
        raise NotImplementedError

    def copy(self, dev: DeviceState, i: int, step: Step, data: Any) -> Optional[float]:
        """Copy (a slice of) another device's buffer into the allocated ``step.buffer``."""
        raise NotImplementedError

    def collective(self, dev: DeviceState, i: int, step: Step, skip: bool) -> Optional[float]:
        """Take part in the collective instance (``skip``: the test hook, raise :class:`Stopped`)."""
        raise NotImplementedError

    def halo(self, dev: DeviceState, i: int, step: Step, data: Any) -> Optional[float]:
        """Fill a halo exchange's output slab by slab."""
        raise NotImplementedError

    def wait(self, dev: DeviceState, i: int, step: Step) -> None:
        """Block until every event ``step.wait`` names is signalled (counted in ``dev.stats``)."""
        raise NotImplementedError

    def signal(self, dev: DeviceState, i: int, step: Step) -> None:
        """Step ``i`` (whose ``signal`` is set) completed: tell the devices that wait for it."""
        raise NotImplementedError

    def progress(self, k: int) -> Callable[[int], None]:
        """The setter of device ``k``'s step index on the progress board."""
        raise NotImplementedError


def _allocate(transport, dev: DeviceState, i: int, step: Step, data: Any) -> None:
    physical, logical, meta = data
    dev.pool.allocate(step.buffer, physical, logical, step.location)
    dev.buffers.pop(step.buffer, None)  # allocated, not yet written: no value
    dev.meta[step.buffer] = meta


def _free(transport, dev: DeviceState, i: int, step: Step, data: Any) -> None:
    pool = dev.pool
    if pool.holds(step.buffer):
        pool.free(step.buffer)
    value = dev.buffers.pop(step.buffer, None)
    if type(value) is Pending:
        value.result()  # never leave a fill running past its buffer's end
    dev.meta.pop(step.buffer, None)


def _kernel(transport, dev: DeviceState, i: int, step: Step, data: Any) -> None:
    run_kernel_step(dev.interp, dev.device, i, step, data, dev.buffers, dev.meta, dev.stats)


class DevicePlan:
    """Device ``k``'s ``steps`` planned for running (once per schedule load; module docstring):
    ``records`` the loop runs, ``steps`` and ``interp`` (the device's interpreter, None without a
    module). ``transport`` is the runtime's :class:`Transport` class (its handlers are looked up
    here), ``remote(i, step)`` what a PeerRead, Copy or HaloExchange step gets prepared (None:
    nothing), ``args`` the schedule's argument bindings (device ``k``'s hold pool bytes).

    Records: ``(code, index, step, handler, data)``. ``_STEP``: the step's handler as prepared.
    ``_FUSED``: a kernel of an op without regions or captured values, run by calling its kernel on
    the argument buffers directly, together with the Allocate steps right before it and the Free
    steps right after it (none of them waiting for or signalling an event). ``_RUN`` (without a
    trace): consecutive fused records of bound kernels, of which only the last may signal, with
    the pool figures of the whole run. With a trace each step keeps its own record (the trace times
    every step).

    Raises:
        ScheduleError: a buffer's layout cannot hold it, or a step kind without a handler.
        DiagnosticError: an op has no kernel (located at the op).
    """

    def __init__(self, k: int, steps: Sequence[Step], args: Sequence[ArgBinding], options: RunOptions, interp: Any,
                 transport: type, remote: Optional[Callable[[int, Step], Any]] = None):
        self.device, self.steps, self.interp, self.options = k, steps, interp, options
        handlers = {"allocate": _allocate, "free": _free, "kernel": _kernel, "peer_read": transport.peer_read,
                    "copy": transport.copy, "collective": transport.collective,
                    "halo_exchange": transport.halo}
        prepared = prepare_steps(k, steps, options, handlers, remote)
        self.records = self._compile(steps, [b for b in args if b.device == k], prepared)
        names = []
        for code, _, step, _, data in self.records:
            if code == _FUSED:
                names.append(step.op.name)
            elif code == _RUN:
                names.extend(kernel[1].op.name for kernel in data[1])
        self.fused_ops = names
        self.fused_counts = collections.Counter(names)

    def _compile(self, steps: Sequence[Step], args: list, prepared: list[Prepared]) -> list[tuple]:
        from meshc.kernels.dtypes import numpy_dtype

        meta: dict[str, tuple] = {b.buffer: (b.shape, numpy_dtype(b.dtype)) for b in args}
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
                kernel = _fast_kernel(self.interp, step, data, meta)
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
        return self._runs(records, args) if fuse else records

    def _runs(self, records: list[tuple], args: list) -> list[tuple]:
        """``records`` with each stretch of at least two consecutive fused records of bound kernels
        (no relayout; only the last may signal) replaced by one ``_RUN`` record: ``(code, first index,
        last kernel step, None, (run accounting, fused records))``. The accounting is worked out by
        following the pool's contents through the steps from the bound arguments on (the steps alone
        decide them); ``(removed, added, rise, logical rise, net, logical net, allocations, bytes)``
        for :meth:`~meshc.runtime.devices.DevicePool.take_run`. No runs when a step would allocate a
        buffer twice (the step-by-step path raises that error)."""
        held: dict[str, tuple[int, int]] = {}
        try:
            for b in args:
                held[b.buffer] = buffer_sizes(b.shape, b.dtype, b.layout or self.options.layout)
        except ValueError:
            return records  # the argument check reports it
        out: list[tuple] = []
        stretch: list[tuple] = []

        def runnable(rec: tuple) -> bool:
            return rec[0] == _FUSED and rec[4][2][6] is not None and not rec[4][2][5]

        def close() -> bool:
            """Append the stretch (a run when it has two records or more); False: the pool's contents
            cannot be followed (a buffer allocated twice)."""
            if len(stretch) < 2:
                ok = all(_simulate(rec, held, None) for rec in stretch)
                out.extend(stretch)
                stretch.clear()
                return ok
            start = dict(held)
            acct = [0, 0, None, None, 0, 0]  # net, logical net, rise, logical rise, allocations, bytes
            popped: set = set()
            for rec in stretch:
                if not _simulate(rec, held, (acct, popped)):
                    return False
            removed = tuple((n, start[n]) for n in popped if n in start)
            added = {n: held[n] for n in held if n not in start or n in popped}
            metas = {}
            for rec in stretch:
                metas.update(rec[4][1])
            added_meta = {n: metas[n] for n in added}
            kernels = tuple(_run_entry(rec) for rec in stretch)
            net, lnet, rise, lrise, n, nbytes = acct
            out.append((_RUN, stretch[0][1], stretch[-1][2], None,
                        ((removed, added, rise, lrise, net, lnet, n, nbytes), kernels, tuple(stretch),
                         tuple(added_meta.items()), tuple(n for n, _ in removed))))
            stretch.clear()
            return True

        for rec in records:
            if runnable(rec):
                stretch.append(rec)
                if rec[2].signal is not None and not close():
                    return records
                continue
            if not close() or not _simulate(rec, held, None):
                return records
            out.append(rec)
        if not close():
            return records
        return out


def _run_entry(rec: tuple) -> tuple:
    """A fused record's kernel as a run executes it: ``(index, step, arity, call, first argument,
    second argument, output, frees, argument names, output names)``; ``arity`` 1 or 2: ``call`` is
    the bound kernel's ``direct`` form of one result (:data:`meshc.runtime.interpreter.BINDERS`),
    called on the argument buffers; 0: ``call`` takes the list of them and returns the results."""
    i, call, _, names, _, _, bound = rec[4][2]
    frees = rec[4][3]
    direct = getattr(call, "direct", None)
    if direct is not None and len(bound) == 1 and len(names) in (1, 2):
        return (i, rec[2], len(names), direct, names[0], names[-1], bound[0], frees, names, bound)
    return (i, rec[2], 0, call, None, None, None, frees, names, bound)


def _simulate(rec: tuple, held: dict, acct: Optional[tuple]) -> bool:
    """Follow one record's (``rec``) effect on the pool's contents ``held`` (name -> sizes); with ``acct``
    (``([net, logical net, rise, logical rise, allocations, bytes], popped names)``) also its
    figures, as :meth:`~meshc.runtime.devices.DevicePool.take` counts them. False: a buffer would be
    allocated twice."""
    code, step, data = rec[0], rec[2], rec[4]
    if code == _STEP:
        if step.kind == "allocate":
            if step.buffer in held:
                return False
            held[step.buffer] = data[:2]
        elif step.kind == "free":
            held.pop(step.buffer, None)
        return True
    take, frees = data[0], data[3]
    if take is not None:
        for name, sizes in take[0]:
            if name in held:
                return False
            held[name] = sizes
        if acct is not None:
            a = acct[0]
            a[0] += take[1]
            a[1] += take[2]
            a[2] = a[0] if a[2] is None else max(a[2], a[0])
            a[3] = a[1] if a[3] is None else max(a[3], a[1])
            a[4] += len(take[0])
            a[5] += take[1]
    for name in frees:
        sizes = held.pop(name, None)
        if sizes is not None and acct is not None:
            acct[0][0] -= sizes[0]
            acct[0][1] -= sizes[1]
            acct[1].add(name)
    return True


def _fast_kernel(interp: Any, step: Kernel, data: Any, meta: dict) -> Optional[tuple]:
    """``(call, op, argument buffer names, ((output buffer, shape, dtype), ...), relayout, bound)``
    (``bound``: the output buffer names when ``call`` is a bound kernel, else None)
    of a Kernel step that can run without an environment (an op without regions or captured
    values whose outputs' allocations are known), else None. ``call(values)`` runs the kernel:
    the op's bound kernel (:data:`meshc.runtime.interpreter.BINDERS`) when it has one for
    these buffers, else its kernel with ``interp``."""
    planned, bind, results = data
    fn, op = planned[0][0], planned[0][1]
    if op.regions or step.captures or len(planned) != 1 or step.tile is not None:
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


#: How a device's run ended (:func:`run_device`).
DONE, ABORTED, STOPPED_RUN, FAILED_RUN = "done", "aborted", "stopped", "failed"


def run_device(plan: DevicePlan, dev: DeviceState, transport: Transport) -> tuple[str, int, Optional[DiagnosticError]]:
    """Run ``plan``'s records on ``dev`` with ``transport``, back to back under one floating-point
    error state; block only where a step waits for an event or at a collective. Returns ``(how,
    step index, error)``: ``"done"``, ``"aborted"`` (another device failed: :class:`Aborted`),
    ``"stopped"`` (the skip_collective test hook: :class:`Stopped`) or ``"failed"`` with the
    error (a :class:`~meshc.ir.DiagnosticError`; anything else a step raised becomes a
    :class:`RuntimeFailure` naming the device and the step). The stats (steps done, busy and wait
    seconds, kernels by op) are counted either way."""
    k = dev.device
    stats = dev.stats
    records = plan.records
    steps = plan.steps
    nsteps = len(steps)
    buffers, meta = dev.buffers, dev.meta
    pool = dev.pool
    allocate, release = pool.take, pool.release_all
    getitem, pop = buffers.__getitem__, buffers.pop
    halted = transport.halted
    fused = 0  # fused kernels run (counted in the stats at the end)
    pending: tuple = ()  # buffers freed by the last fused record, not yet released from the pool
    interp = plan.interp
    progress = transport.progress(k)
    wait, signal = transport.wait, transport.signal
    record = dev.trace.append if plan.options.trace else None
    perf = time.perf_counter
    i, step = -1, None
    at = [-1]  # the step a run taken step by step is at
    waited = 0.0
    begin = perf()
    how, error = DONE, None
    try:
        with quiet_scope():
            for code, first, step, handler, data in records:
                if halted[0]:
                    return ABORTED, i, None
                progress(first)
                i = first
                if code == _RUN:
                    if pending:
                        release(pending)
                        pending = ()
                    acct, kernels, fused_records, added_meta, removed = data
                    snapshot = pool.snapshot()
                    if not pool.take_run(*acct):  # it may not fit: step by step, to fail where it does not
                        at[0] = first
                        try:
                            for rec in fused_records:
                                at[0] = rec[1]
                                pending = _take_fused(rec[4], dev, pending)
                                at[0] = rec[4][2][0]
                                at[0], pending = _kernel_fused(rec[2], rec[4], dev)
                                fused += 1
                        except BaseException:
                            i = at[0]
                            raise
                        i = at[0]
                        if step.signal is not None:
                            signal(dev, i, step)
                        continue
                    r = 0
                    try:
                        for i, step, arity, fn, a, b, o, frees, names, outs in kernels:
                            if arity == 2:
                                buffers[o] = fn(getitem(a), getitem(b))
                            elif arity == 1:
                                buffers[o] = fn(getitem(a))
                            else:
                                buffers.update(zip(outs, fn(list(map(getitem, names)))))
                            for name in frees:
                                pop(name, None)
                            r += 1
                    except BaseException as err:  # account the run up to this kernel, as step by step
                        pool.restore(snapshot, acct)
                        _account(fused_records[:r + 1], pool)
                        fused += r
                        if isinstance(err, KeyError):
                            raise unwritten(k, i, step, err.args[0]) from None
                        if isinstance(err, DiagnosticError):
                            raise kernel_failure(k, i, step, err) from None
                        if isinstance(err, KERNEL_ERRORS):
                            raise kernel_failure(k, i, step, interp._failure(step.op, (), {}, err)) from None
                        raise
                    fused += r
                    for name in removed:
                        meta.pop(name, None)
                    meta.update(added_meta)
                    if step.signal is not None:
                        signal(dev, i, step)
                    continue
                if code == _FUSED:
                    t = perf() if record is not None else 0.0
                    pending = _take_fused(data, dev, pending)
                    i = data[2][0]
                    i, pending = _kernel_fused(step, data, dev)
                    fused += 1
                    if step.signal is not None:
                        signal(dev, i, step)
                    if record is not None:
                        record((first, t, perf()))
                    continue
                if pending:
                    release(pending)
                    pending = ()
                if step.wait:
                    t = perf()
                    wait(dev, i, step)
                    waited += perf() - t
                t = perf() if record is not None else 0.0
                w = handler(transport, dev, i, step, data)
                if step.signal is not None:
                    signal(dev, i, step)
                if w:
                    stats.wait_seconds += w
                    waited += w
                if record is not None:
                    record((i, t, perf()))
        i = nsteps
    except Aborted:
        how = ABORTED
    except Stopped:
        how = STOPPED_RUN
    except DiagnosticError as err:
        how, error = FAILED_RUN, err
    except Exception as err:  # a bug or an unexpected numpy error: report it, never hang
        at = f"step {i} ({step.describe()})" if step is not None else "start"
        how, error = FAILED_RUN, RuntimeFailure(f"device {k}: {at} failed: {type(err).__name__}: {err}",
                                                step.location if step is not None else UNKNOWN_LOC, device=k)
    finally:
        if pending:
            release(pending)
        if fused:
            _count_fused(plan, fused, stats)
        stats.busy_seconds += max(perf() - begin - waited, 0.0)
        stats.steps = max(i, 0)  # steps completed
    return how, i, error


def _take_fused(data: tuple, dev: DeviceState, pending: tuple) -> tuple:
    """The allocations of a fused record (``data``) on ``dev``, after releasing ``pending`` (the
    frees of the record before). Returns the frees still pending (none).

    Raises:
        OutOfDeviceMemory: an allocation does not fit.
    """
    take, metas = data[0], data[1]
    if take is not None:
        dev.pool.take(*take, pending)  # the previous record's frees, then these allocations
        buffers = dev.buffers
        for name in metas:
            buffers.pop(name, None)
        dev.meta.update(metas)
    elif pending:
        dev.pool.release_all(pending)
    return ()


def _kernel_fused(step: Kernel, data: tuple, dev: DeviceState) -> tuple[int, tuple]:
    """Run a fused record's kernel and its frees on ``dev`` (its allocations made). Returns ``(index
    of its last step, its frees)``: the pool releases them with the next allocation.

    Raises:
        RuntimeFailure: as :func:`run_kernel_step`.
    """
    k, buffers, meta = dev.device, dev.buffers, dev.meta
    _, _, (i, fn, op, names, outs, relayout, checked), frees, last = data
    try:
        values = list(map(buffers.__getitem__, names))
    except KeyError as err:
        raise unwritten(k, i, step, err.args[0]) from None
    try:
        out = fn(values)
    except DiagnosticError as err:
        raise kernel_failure(k, i, step, err) from None
    except KERNEL_ERRORS as err:
        raise kernel_failure(k, i, step, dev.interp._failure(op, (), {}, err)) from None
    if checked is not None:  # a bound kernel's results: their buffers' shapes and types
        buffers.update(zip(checked, out))
    else:
        if len(out) != len(outs):
            raise kernel_failure(k, i, step, DiagnosticError(
                f"internal: kernel for '{op.name}' returned {len(out)} values for {len(outs)} results", op.location))
        for v, (name, shape, dt) in zip(out, outs):
            if getattr(v, "shape", None) != shape or getattr(v, "dtype", None) != dt:
                raise output_mismatch(k, step, name, v, shape, dt)
            buffers[name] = v
    if relayout:
        dev.stats.relayout_ops += 1
        dev.stats.relayout_bytes += sum(int(getattr(buffers.get(n), "nbytes", 0)) for n in step.outputs)
    for name in frees:  # the buffers go now; the pool counts their release with the next allocation
        buffers.pop(name, None)
        meta.pop(name, None)
    return (last if frees else i), frees


def _account(fused_records: Sequence[tuple], pool: DevicePool) -> None:
    """Charge ``pool`` for the allocations and frees of ``fused_records`` as step by step, up to the
    allocations of the last one (whose kernel failed)."""
    pending: tuple = ()
    for rec in fused_records:
        take = rec[4][0]
        if take is not None:
            pool.take(*take, pending)
        elif pending:
            pool.release_all(pending)
        pending = rec[4][3]


def _count_fused(plan: DevicePlan, n: int, stats: DeviceStats) -> None:
    """Count the first ``n`` fused kernels of ``plan`` in ``stats`` (kernels, by op name), once the
    run ends instead of per kernel."""
    names = plan.fused_ops
    counts = plan.fused_counts if n == len(names) else collections.Counter(names[:n])
    by_op = stats.kernels_by_op
    stats.kernels += n
    for name, c in counts.items():
        by_op[name] = by_op.get(name, 0) + c


# -- the timeout and deadlock rule -----------------------------------------------------------------------------


def where(steps: Sequence[Step], m: int, i: int, state: int) -> str:
    """What device ``m`` (with ``steps``) is doing at step ``i`` in ``state``, for wait errors."""
    if state == STOPPED:
        return f"device {m} stopped at step {i} of {len(steps)}: {steps[i].describe()} (test hook)"
    if state == FINISHED or i >= len(steps):
        return f"device {m} has finished its schedule"
    if state == FAILED:
        return f"device {m} failed at step {i} of {len(steps)}"
    return f"device {m} is at step {i} of {len(steps)}: {steps[i].describe()}"


def check_timeout(what: Callable[[], str], location: Location, waited: float, timeout: float, gone: list,
                  behind: list, arrived: list, device: int, where_of: Callable[[int], str],
                  expected: Sequence[int] = (), cause_elsewhere: bool = False) -> None:
    """The rule of a wait of device ``device`` that has lasted ``waited`` seconds: from ``timeout``
    seconds on (the user's ``--collective-timeout``, measured from the start of this one wait), the
    wait ends. The error names the devices that have passed the point they should have reached
    (``gone``: stopped before it, or finished: a timeout, with those still on their way, ``behind``,
    and the ``arrived`` ones of a collective); else the devices still ``behind``, which are blocked
    waiting elsewhere or still running a step longer than the timeout (a deadlock when the schedules
    wait for each other); else, every ``expected`` device having passed the point, a fault of the
    transport. One exception keeps the cause in the error: when a device of the run has stopped or
    failed (``cause_elsewhere``), the devices ``behind`` are likely blocked behind it, and the wait
    that device left reports it, so a wait with only devices ``behind`` goes on, up to twice the
    timeout. Returns while the wait may go on.

    Raises:
        RuntimeFailure: ``reason="timeout"`` or ``"deadlock"``, noting where each missing device is.
    """
    if waited < timeout:
        return
    missing = sorted(gone + behind)
    notes = [note(where_of(m)) for m in missing]
    if gone:
        text = (f"{what()} timed out after {timeout:g} s: devices {sorted(gone)} never reached it"
                + (f"; devices {sorted(behind)} are still on their way" if behind else "")
                + (f" (arrived: {sorted(arrived)})" if arrived else ""))
        raise RuntimeFailure(text, location, notes, device=min(gone), reason="timeout")
    if missing and cause_elsewhere and waited < 2 * timeout:
        return
    if missing:
        after = f"{waited:.3g}" if cause_elsewhere else f"{timeout:g}"
        raise RuntimeFailure(f"{what()} timed out after {after} s: devices {missing} are blocked waiting "
                             "elsewhere (the schedules wait for each other: a deadlock) or still running a step "
                             "that lasts longer than --collective-timeout", location, notes, device=device,
                             reason="deadlock")
    raise RuntimeFailure(f"{what()} timed out after {timeout:g} s although devices {sorted(expected)} have passed "
                         "the point where they take part", location, device=device, reason="timeout")
