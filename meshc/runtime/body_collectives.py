"""Collectives inside a kernel's regions: the local-view ``mesh.all_reduce`` (and the other local-view
collectives) that ``partition`` leaves in the body of a region op partitioned in place
(:mod:`meshc.interfaces.region_models`: an ``scf.for`` whose body all_reduces a split contraction on
every iteration, an ``scf.if`` whose branch does).

The region op is one Kernel step of each device's schedule (:mod:`meshc.backend.schedule`); its body
runs in the device's interpreter, which hands each local-view collective it meets to
``interp.body_collectives`` (:meth:`BodyCollectives.run`). Every device of a group meets the same
collectives in the same order: the trip count of a loop and the condition of a branch are replicated
scalars (partition gives every device the same value), so the ``n``-th in-body collective of one
device is the ``n``-th of every other. That position (a per-device sequence number, counted over the
whole run) is what the members meet on: a device whose ``n``-th collective is another collective
than its group's fails with a clear error instead of mixing buffers. Errors and the trace name a
collective as the schedule listing does (``'b0'``, and which run of it), not by that position. Should the devices still part ways (a device
that fails or stops inside a body, a fault of the runtime), a member waits under the run's
``--collective-timeout`` as at a top-level collective, on both runtimes: past it the wait ends in
an error naming the in-body collective, its location and the missing devices (where the MPI
runtime expects a member: at the Kernel step whose listing holds the same instance).

Bytes follow the threaded runtime's model (:mod:`meshc.runtime.collectives`, the planner's
``transfer_matrix``) and are added to the device's stats as collective traffic, per run of the body;
a reduction's staging chunk is allocated in the device's pool for the call and freed after it, so
memory is accounted per iteration. Kinds: ``all_reduce``, ``all_gather``, ``all_slice``,
``all_to_all``, ``reduce_scatter`` (their axis attributes as in
:class:`~meshc.backend.schedule.CollectiveSpec`), and ``update_halo`` (the halo exchange of a window's
operand, upstream's local form: the buffer holds the core at the low halo width, :func:`core_of`; the
device contributes its core and receives its halo cells from the cores that own them).

The schedule lists the same collectives under each region step (:mod:`meshc.backend.schedule`,
"Region steps": ``b0``, ``b1``... per device, in the order the devices meet them), so a run's trace
names each run of one by its listed name: ``all_reduce b0 run 2 (in scf.for)`` (:func:`body_listing`);
``meshc estimate`` counts them from the listing (:mod:`meshc.runtime.estimate`).
"""

from __future__ import annotations

import threading
import time
from typing import Any, Callable, Optional

import numpy as np

from meshc.backend.schedule import CollectiveSpec
from meshc.ir.location import DiagnosticError
from meshc.runtime.collectives import Rendezvous

__all__ = ["body_collective_axes", "body_listing", "core_of", "BodyCollectives", "ThreadBodyCollectives", "MpiBodyCollectives",
           "body_spec", "BODY_KINDS"]

#: Local-view collectives a kernel's body may hold, with the axis attributes each takes.
BODY_KINDS = {"all_reduce": (), "all_gather": ("gather_axis",), "all_slice": ("slice_axis",),
              "all_to_all": ("split_axis", "concat_axis"), "reduce_scatter": ("scatter_axis",),
              "update_halo": ("halo_axis", "halo_low", "halo_high")}


def body_spec(op: Any, seq: int, name: Optional[str] = None) -> CollectiveSpec:
    """The :class:`CollectiveSpec` of local-view collective ``op``, the device's ``seq``-th in-body one,
    named ``name``: its instance in the device's schedule listing (``b0``...,
    :func:`body_listing`), so errors and the trace name it as ``meshc compile --emit=schedule`` and
    ``meshc estimate`` do; ``body<seq>`` for a schedule without a listing.

    Raises:
        DiagnosticError: a collective kind the runtimes do not run inside a body.
    """
    kind = op.name.split(".", 1)[1]
    if kind not in BODY_KINDS:
        raise DiagnosticError(f"'{op.name}' inside a region op's body is not run by the runtime (it runs "
                              f"{', '.join('mesh.' + k for k in BODY_KINDS)})", op.location)
    if kind == "update_halo":
        attrs: dict = op.exchange_attributes()
    else:
        attrs = {name: int(op.attributes[name].value) for name in BODY_KINDS[kind]}
    if kind in ("all_reduce", "reduce_scatter"):
        attrs["reduction"] = op.reduction
    return CollectiveSpec(name or f"body{seq}", kind, tuple(op.mesh_axes), (), attrs, op.location)


def same_collective(a: CollectiveSpec, b: CollectiveSpec) -> bool:
    """Whether two devices' in-body collectives met at one position of their run order are the same
    collective: kind, mesh axes and attributes (not the op's location nor its listed name: the
    unrolled form gives each device its own copy of the op, and the listing numbers per device)."""
    return (a.kind, a.mesh_axes, a.attributes) == (b.kind, b.mesh_axes, b.attributes)


def _out_shape(op: Any, value: np.ndarray, listed: Optional[tuple]) -> tuple:
    """The output shape of in-body collective ``op`` on this device: its result type's when static,
    else the device's schedule listing's (``listed``: shards of unequal sizes, whose piece the
    backend gives from the group's shapes, :func:`meshc.backend.region_body.group_out_shapes`), else
    the input's for an ``all_reduce``."""
    t = op.results[0].type
    shape = getattr(t, "shape", None)
    if shape is not None and all(isinstance(s, int) for s in shape):
        return tuple(shape)
    if listed is not None:
        return tuple(listed)
    if op.has_trait("SameOperandsAndResultShape"):  # all_reduce, update_halo: the buffer's shape
        return tuple(value.shape)
    raise DiagnosticError(f"'{op.name}' inside a region op's body needs a static result shape, got '{t}' (and the "
                          "schedule lists none for this device)", op.location)


class BodyCollectives:
    """One device's handler of the collectives its kernels' bodies meet (module docstring): the
    sequence number, the stats and the pool; :meth:`exchange` is the transport's."""

    def __init__(self, device: int, mesh: Any, stats: Any, pool: Any = None):
        self.device = device
        self.mesh = mesh
        self.stats = stats
        self.pool = pool
        self.seq = 0
        #: ``(name, start, end, detail)`` per in-body collective run (``time.perf_counter`` seconds): the
        #: runtimes add them to the trace as collective events on the device's timeline
        self.events: list[tuple[str, float, float, str]] = []
        self.record = True  # whether to keep them (the run records a trace)
        #: ``id(op) -> instance`` of the device's schedule listing (:func:`body_listing`), and how many
        #: times each instance has run: the trace names a run ``all_reduce b0 run 2 (in scf.for)``
        self.names: dict[int, str] = {}
        #: ``id(op) -> out_shape`` of the listing (the device's own, where the result type has dynamic dims)
        self.out_shapes: dict[int, tuple] = {}
        self.runs: dict[str, int] = {}
        #: the run's buffer layout: bytes are accounted in its ``dtype_override`` as every collective's
        #: (:func:`meshc.runtime.engine.accounted_bytes`)
        self.layout: Any = None
        #: listed instances (``b0``...) this device never reaches (the ``skip_collective`` test hook,
        #: :class:`~meshc.runtime.engine.TestHooks`): it stops there, as at a skipped top-level collective
        self.skip: frozenset = frozenset()

    def run(self, op: Any, value: Any) -> np.ndarray:
        """Take part in local-view collective ``op`` with this device's ``value``; returns its output."""
        value = np.asarray(value)
        if self.skip and self.names.get(id(op)) in self.skip:
            from meshc.runtime.engine import Stopped

            raise Stopped()
        seq = self.seq
        self.seq += 1
        listed = self.names.get(id(op))
        spec = body_spec(op, seq, listed)
        run = self.runs.get(spec.instance, -1) + 1  # the how-many-th run of this listed collective
        self.runs[spec.instance] = run
        out_shape = _out_shape(op, value, self.out_shapes.get(id(op)))
        from meshc.ir.types import element_type_of, numpy_dtype

        out_dt = numpy_dtype(element_type_of(op.results[0].type))
        members = self.mesh.axis_group(self.device, spec.mesh_axes)
        if spec.kind == "update_halo":  # the core is what the device contributes (upstream's local form)
            value = core_of(value, spec)
        staging = None
        if spec.kind in ("all_reduce", "reduce_scatter") and len(members) > 1 and self.pool is not None:
            staging = f"<staging of in-body {spec.instance}>"
            chunk = -(-value.nbytes // len(members))
            self.pool.allocate(staging, chunk, chunk, spec.location)
        t = time.perf_counter()
        try:
            out, row = self.exchange(spec, seq, run, listed, members, value, out_shape, out_dt)
        finally:
            if staging is not None:
                self.pool.free(staging)
        parent = op.parent_op.name if op.parent_op is not None else "a kernel"
        if self.record:
            if listed is not None:
                name = f"{spec.kind} {listed} run {run} (in {parent})"
            else:  # a schedule without a body listing: the device's sequence number
                name = f"{spec.kind} {spec.instance} (in {parent})"
            self.events.append((name, t, time.perf_counter(), spec.describe()))
        from meshc.runtime.engine import accounted_bytes

        received = {m: accounted_bytes(int(n), out_dt, self.layout) for m, n in zip(members, row) if n}
        self.stats.collective_bytes += sum(received.values())
        self.stats.collective_peer_bytes += sum(n for m, n in received.items()
                                                if m != self.device and self.mesh.is_peered(self.device, m))
        self.stats.record_transfers(received, "collective")
        self.stats.body_collectives = getattr(self.stats, "body_collectives", 0) + 1
        return out

    def exchange(self, spec: CollectiveSpec, seq: int, run: int, listed: Optional[str], members: list,
                 value: np.ndarray, out_shape: tuple,
                 out_dt: np.dtype) -> tuple[np.ndarray, list]:  # pragma: no cover - abstract
        """Meet the group at the device's ``seq``-th in-body collective (``spec``, named by the listing:
        ``listed``, None without one; on its ``run``-th run: what errors say); returns ``(output, bytes received from each member, in
        group order)``."""
        raise NotImplementedError


class ThreadBodyCollectives(BodyCollectives):
    """The threaded runtime's: one :class:`~meshc.runtime.collectives.Rendezvous` per sequence number,
    shared by the device threads through ``board`` (a dict and its lock), created by the first device
    that arrives and dropped by the last that leaves. ``check(waited, missing)`` raises to stop a wait
    (abort, timeout)."""

    def __init__(self, device: int, mesh: Any, stats: Any, pool: Any, board: dict, lock: threading.Lock,
                 check: Callable[[int, float, Callable[[], list], str, Any], None]):
        super().__init__(device, mesh, stats, pool)
        self.board, self.lock, self.check = board, lock, check

    def exchange(self, spec, seq, run, listed, members, value, out_shape, out_dt):
        with self.lock:
            entry = self.board.get(seq)
            if entry is None:
                entry = self.board[seq] = [Rendezvous(spec, self.mesh, list(self.mesh.devices())), spec.kind,
                                           self.mesh.num_devices]
        rendezvous, _, _ = entry
        what = f"in-body collective {spec.describe()} (run {run})"
        if not same_collective(rendezvous.spec, spec):
            raise DiagnosticError(f"{what} meets another device's {rendezvous.spec.describe()} at the same "
                                  "position of their runs' order (the devices' loops or branches took different "
                                  "paths)", spec.location)
        try:
            out, _, _, _ = rendezvous.arrive(self.device, value, out_shape, out_dt,
                                             lambda waited, missing: self.check(self.device, waited, missing, what,
                                                                                spec.location))
            row = [rendezvous.received_by(self.device).get(m, 0) for m in members]
        finally:
            with self.lock:
                entry[2] -= 1
                if entry[2] == 0:
                    del self.board[seq]  # every device has left: the instance is done
        return out, row


class MpiBodyCollectives(BodyCollectives):
    """The MPI runtime's: ``transport(spec, listed, members, value, out_shape, out_dt)`` (the MPI
    executor's, :meth:`meshc.runtime.mpi.MpiExecutor.body_collective`) exchanges the members' buffers
    on the group's communicator with non-blocking requests polled under the run's timeout rule, and
    each member computes its output with the threaded runtime's group math, so both runtimes give the
    same values and count the same bytes. ``seq`` is the device's sequence number of the collective
    (what members match on), ``run`` its run of instance ``spec.instance``, ``listed`` that instance's
    name in the device's schedule listing (``b0``...; None without one): where the other members are
    expected."""

    def __init__(self, device: int, mesh: Any, stats: Any, pool: Any,
                 transport: Callable[[CollectiveSpec, int, int, Optional[str], list, np.ndarray, tuple, np.dtype],
                                     tuple[np.ndarray, list]]):
        super().__init__(device, mesh, stats, pool)
        self.transport = transport

    def exchange(self, spec, seq, run, listed, members, value, out_shape, out_dt):
        return self.transport(spec, seq, run, listed, members, value, out_shape, out_dt)


def core_of(buffer: np.ndarray, spec: CollectiveSpec) -> np.ndarray:
    """The core of an in-body ``update_halo`` ``buffer``: ``halo_low`` cells in along ``halo_axis``,
    ``halo_high`` before its end.

    Raises:
        DiagnosticError: a buffer smaller than its halos."""
    a = spec.attributes
    d, lo, hi = a["halo_axis"], a["halo_low"], a["halo_high"]
    if d >= buffer.ndim or buffer.shape[d] < lo + hi:
        raise DiagnosticError(f"in-body {spec.describe()}: a buffer of shape {list(buffer.shape)} has no room for "
                              f"halos ({lo}, {hi}) along tensor axis {d}", spec.location)
    index = [slice(None)] * buffer.ndim
    index[d] = slice(lo, buffer.shape[d] - hi)
    return buffer[tuple(index)]


def body_listing(steps: Any) -> tuple[dict[int, str], dict[int, tuple]]:
    """``(names, out_shapes)`` of the in-body collectives listed in a device's ``steps`` (the Kernel
    steps' bodies, :class:`~meshc.backend.schedule.BodyCollective` with their ``op``), in one walk:
    ``names`` maps ``id(op)`` to the instance ``meshc compile --emit=schedule`` prints (the names the
    trace events use), ``out_shapes`` maps ``id(op)`` to its listed result shape where the listing
    gives one. A schedule's listing does not change between runs: the runtimes make it once per
    device when they load the schedule, not once per run (it walks every step)."""
    from meshc.backend.schedule import Kernel, body_collectives

    names: dict[int, str] = {}
    out_shapes: dict[int, tuple] = {}
    for step in steps:
        if isinstance(step, Kernel) and step.body:
            for c in body_collectives(step.body):
                if c.op is not None:
                    names[id(c.op)] = c.instance
                    if c.out_shape is not None:
                        out_shapes[id(c.op)] = tuple(c.out_shape)
    return names, out_shapes


def attach(interp: Optional[Any], handler: BodyCollectives, trace: bool = True,
           listing: tuple[dict[int, str], dict[int, tuple]] = ({}, {}), layout: Any = None,
           hooks: Any = None) -> None:
    """Let ``interp`` (a device's interpreter, None without a module) hand its bodies' collectives to
    ``handler``, which keeps their trace events when ``trace``, named by the ``listing`` of the
    device's steps (:func:`body_listing`), and accounts bytes under the run's ``layout``
    (:class:`~meshc.backend.schedule.BufferLayout`, None: as numpy counts them). ``hooks``
    (:class:`~meshc.runtime.engine.TestHooks`): a ``skip_collective`` pair of this device and a listed
    in-body instance (``(3, "b0")``) stops the device at the first run of that collective."""
    handler.record = trace
    handler.layout = layout
    handler.names, handler.out_shapes = listing
    skip = getattr(hooks, "skip_collective", None) or ()
    handler.skip = frozenset(name for k, name in skip if k == handler.device)
    if interp is not None:
        interp.body_collectives = handler


def body_collective_axes(module: Optional[Any]) -> list[tuple[int, ...]]:
    """The mesh axes of the local-view collectives nested in ``module``'s ops (sorted, distinct): the
    device groups whose communicators the MPI runtime creates before the run."""
    if module is None:
        return []
    found = set()
    for op in module.walk():
        if op.name.startswith("mesh.") and op.name.split(".", 1)[1] in BODY_KINDS and len(op.operands) == 1:
            from meshc.dialects.mesh import sharding_of

            if sharding_of(op.operands[0].type) is None and op.parent_op is not None:
                found.add(tuple(op.mesh_axes))
    return sorted(found)
