"""Collectives inside a kernel's regions: the local-view ``mesh.all_reduce`` (and the other local-view
collectives) that ``partition`` leaves in the body of a region op partitioned in place
(:mod:`meshc.interfaces.region_models`: an ``scf.for`` or ``scf.while`` whose body all_reduces a split
contraction on every iteration, an ``scf.if`` whose branch does).

The region op is one Kernel step of each device's schedule (:mod:`meshc.backend.schedule`); its body
runs in the device's interpreter, which hands each local-view collective it meets to
``interp.body_collectives`` (:meth:`BodyCollectives.run`). Every device of a group meets the same
collectives in the same order: the trip count of a loop, an ``scf.while``'s condition and the condition
of a branch are replicated scalars (partition gives every device the same value, and refuses an
``scf.while`` whose condition reads a split or partial tensor), so the ``n``-th in-body collective of one
device is the ``n``-th of every other. That position (a per-device sequence number, counted over the
whole run) names the instance: a device whose ``n``-th collective is another op than its group's
fails with a clear error instead of mixing buffers.

Bytes follow the threaded runtime's model (:mod:`meshc.runtime.collectives`, the planner's
``transfer_matrix``) and are added to the device's stats as collective traffic, per run of the body;
a reduction's staging chunk is allocated in the device's pool for the call and freed after it, so
memory is accounted per iteration. Kinds: ``all_reduce``, ``all_gather``, ``all_slice``,
``all_to_all``, ``reduce_scatter`` (their axis attributes as in
:class:`~meshc.backend.schedule.CollectiveSpec`).
"""

from __future__ import annotations

import threading
import time
from typing import Any, Callable, Optional

import numpy as np

from meshc.backend.schedule import CollectiveSpec
from meshc.ir.location import DiagnosticError
from meshc.runtime.collectives import Rendezvous, group_collective

__all__ = ["body_collective_axes", "body_collective_runs", "BodyCollectives", "ThreadBodyCollectives", "MpiBodyCollectives", "body_spec", "BODY_KINDS"]

#: Local-view collectives a kernel's body may hold, with the axis attributes each takes.
BODY_KINDS = {"all_reduce": (), "all_gather": ("gather_axis",), "all_slice": ("slice_axis",),
              "all_to_all": ("split_axis", "concat_axis"), "reduce_scatter": ("scatter_axis",)}


def body_spec(op: Any, seq: int) -> CollectiveSpec:
    """The :class:`CollectiveSpec` of local-view collective ``op``, the device's ``seq``-th in-body one
    (instance ``body<seq>``).

    Raises:
        DiagnosticError: a collective kind the runtimes do not run inside a body.
    """
    kind = op.name.split(".", 1)[1]
    if kind not in BODY_KINDS:
        raise DiagnosticError(f"'{op.name}' inside a region op's body is not run by the runtime (it runs "
                              f"{', '.join('mesh.' + k for k in BODY_KINDS)})", op.location)
    attrs: dict = {name: int(op.attributes[name].value) for name in BODY_KINDS[kind]}
    if kind in ("all_reduce", "reduce_scatter"):
        attrs["reduction"] = op.reduction
    return CollectiveSpec(f"body{seq}", kind, tuple(op.mesh_axes), (), attrs, op.location)


def _out_shape(op: Any, value: np.ndarray) -> tuple:
    t = op.results[0].type
    shape = getattr(t, "shape", None)
    if shape is not None and all(isinstance(s, int) for s in shape):
        return tuple(shape)
    if op.name == "mesh.all_reduce":
        return tuple(value.shape)
    raise DiagnosticError(f"'{op.name}' inside a region op's body needs a static result shape, got '{t}'",
                          op.location)


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

    def run(self, op: Any, value: Any) -> np.ndarray:
        """Take part in local-view collective ``op`` with this device's ``value``; returns its output."""
        value = np.asarray(value)
        seq = self.seq
        self.seq += 1
        spec = body_spec(op, seq)
        out_shape = _out_shape(op, value)
        from meshc.ir.types import element_type_of, numpy_dtype

        out_dt = numpy_dtype(element_type_of(op.results[0].type))
        members = self.mesh.axis_group(self.device, spec.mesh_axes)
        staging = None
        if spec.kind in ("all_reduce", "reduce_scatter") and len(members) > 1 and self.pool is not None:
            staging = f"<staging of in-body {spec.instance}>"
            chunk = -(-value.nbytes // len(members))
            self.pool.allocate(staging, chunk, chunk, spec.location)
        t = time.perf_counter()
        try:
            out, row = self.exchange(spec, op, members, value, out_shape, out_dt)
        finally:
            if staging is not None:
                self.pool.free(staging)
        parent = op.parent_op.name if op.parent_op is not None else "a kernel"
        if self.record:
            self.events.append((f"{spec.kind} {spec.instance} (in {parent})", t, time.perf_counter(),
                                spec.describe()))
        received = {m: int(n) for m, n in zip(members, row) if n}
        self.stats.collective_bytes += sum(received.values())
        self.stats.collective_peer_bytes += sum(n for m, n in received.items()
                                                if m != self.device and self.mesh.is_peered(self.device, m))
        self.stats.record_transfers(received, "collective")
        self.stats.body_collectives = getattr(self.stats, "body_collectives", 0) + 1
        return out

    def exchange(self, spec: CollectiveSpec, op: Any, members: list, value: np.ndarray, out_shape: tuple,
                 out_dt: np.dtype) -> tuple[np.ndarray, list]:  # pragma: no cover - abstract
        """Meet the group; returns ``(output, bytes received from each member, in group order)``."""
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

    def exchange(self, spec, op, members, value, out_shape, out_dt):
        key = spec.instance
        with self.lock:
            entry = self.board.get(key)
            if entry is None:
                entry = self.board[key] = [Rendezvous(spec, self.mesh, list(self.mesh.devices())), op.name,
                                           self.mesh.num_devices]
        rendezvous, name, _ = entry
        if name != op.name or rendezvous.spec != spec:
            raise DiagnosticError(f"device {self.device}: in-body collective #{spec.instance[4:]} is "
                                  f"{spec.describe()} but another device's is {rendezvous.spec.describe()} (the "
                                  "devices' loops or branches took different paths)", op.location)
        what = f"in-body collective {spec.describe()}"
        try:
            out, _, _, _ = rendezvous.arrive(self.device, value, out_shape, out_dt,
                                             lambda waited, missing: self.check(self.device, waited, missing, what,
                                                                                spec.location))
            row = [rendezvous.received_by(self.device).get(m, 0) for m in members]
        finally:
            with self.lock:
                entry[2] -= 1
                if entry[2] == 0:
                    del self.board[key]  # every device has left: the instance is done
        return out, row


class MpiBodyCollectives(BodyCollectives):
    """The MPI runtime's: the group's communicator (``comms(axes)``) exchanges every member's buffer
    (``allgather``), and each member computes its output with the threaded runtime's group math, so
    both runtimes give the same values and count the same bytes."""

    def __init__(self, device: int, mesh: Any, stats: Any, pool: Any, comms: Callable[[tuple], Any]):
        super().__init__(device, mesh, stats, pool)
        self.comms = comms

    def exchange(self, spec, op, members, value, out_shape, out_dt):
        comm = self.comms(spec.mesh_axes)
        t = time.perf_counter()
        got = comm.allgather((op.name, spec.instance, value, out_shape))
        self.stats.wait_seconds += time.perf_counter() - t
        for m, (name, instance, _, _) in zip(members, got):
            if name != op.name or instance != spec.instance:
                raise DiagnosticError(f"device {self.device}: in-body collective {spec.describe()} meets "
                                      f"'{name}' ({instance}) on device {m} (the devices' loops or branches took "
                                      "different paths)", op.location)
        values = [g[2] for g in got]
        shapes = [g[3] for g in got]
        result = group_collective(spec, members, values, shapes, [out_dt] * len(members))
        pos = members.index(self.device)
        return result.outputs[pos], [int(n) for n in result.matrix[pos]]


def attach(interp: Optional[Any], handler: BodyCollectives, trace: bool = True) -> None:
    """Let ``interp`` (a device's interpreter, None without a module) hand its bodies' collectives to
    ``handler``, which keeps their trace events when ``trace``."""
    handler.record = trace
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


def _constant_int(v: Any) -> Optional[int]:
    op = getattr(v, "op", None)
    if op is None or op.name != "arith.constant":
        return None
    a = op.attributes.get("value")
    value = getattr(a, "value", None)
    return int(value) if isinstance(value, (int, bool, np.integer)) else None


def body_collective_runs(op: Any, trips: Optional[int] = None) -> tuple[list[tuple[Any, int]], list[str]]:
    """The local-view collectives nested in kernel op ``op``, each with how many times one run of
    ``op`` meets it, and notes on what is not known statically: an ``scf.for`` with constant bounds
    runs its body ``ceil((ub - lb) / step)`` times; a dynamic one ``trips`` times (given, e.g.
    ``meshc estimate --trip-count``), else once, said per iteration in a note; an ``scf.if`` on a
    computed condition counts the branch with more collectives (a note says it is an upper bound); an
    ``scf.while`` runs its "after" block ``trips`` times and its "before" block ``trips + 1`` times
    (once each without ``trips``, said in a note).
    ``meshc estimate`` multiplies each collective's traffic by its runs."""
    notes: list[str] = []
    out: list[tuple[Any, int]] = []

    def walk(o: Any, times: int) -> None:
        from meshc.dialects.mesh import sharding_of

        if (o.name.startswith("mesh.") and o.name.split(".", 1)[1] in BODY_KINDS and len(o.operands) == 1
                and sharding_of(o.operands[0].type) is None and o is not op):
            out.append((o, times))
            return
        if not o.regions:
            return
        if o.name == "scf.for":
            lb, ub, st = (_constant_int(v) for v in o.operands[:3])
            if lb is not None and ub is not None and st is not None and st > 0:
                n = max(0, -(-(ub - lb) // st))
            elif trips is not None:
                n = trips
            else:
                n = 1
            saved = len(out)
            for r in o.regions:
                for b in r.blocks:
                    for x in b.ops:
                        walk(x, times * n)
            if len(out) > saved and (lb is None or ub is None or st is None):
                notes.append(f"{o.location}: 'scf.for' with a dynamic trip count: its in-body collectives are "
                             + (f"counted {trips} times (--trip-count)" if trips is not None else
                                "counted once (per iteration; give --trip-count N)"))
            return
        if o.name == "scf.while":
            # the "before" block runs once more than the "after" block (the test that ends the loop)
            n = trips if trips is not None else 1
            saved = len(out)
            for k, r in enumerate(o.regions):
                for b in r.blocks:
                    for x in b.ops:
                        walk(x, times * (n + (1 if k == 0 and trips is not None else 0)))
            if len(out) > saved:
                notes.append(f"{o.location}: 'scf.while' runs a data-dependent number of trips: its in-body "
                             "collectives are " + (f"counted for {trips} trips (--trip-count)" if trips is not None
                                                   else "counted once (per iteration; give --trip-count N)"))
            return
        if o.name == "scf.if":
            cond = _constant_int(o.operands[0])
            branches = []
            for r in o.regions:
                saved = len(out)
                for b in r.blocks:
                    for x in b.ops:
                        walk(x, times)
                branches.append(out[saved:])
                del out[saved:]
            if cond is not None:
                out.extend(branches[0] if cond else (branches[1] if len(branches) > 1 else []))
            else:
                most = max(branches, key=len, default=[])
                if any(branches):
                    notes.append(f"{o.location}: 'scf.if' on a computed condition: the branch with more in-body "
                                 "collectives is counted (an upper bound)")
                out.extend(most)
            return
        for r in o.regions:
            for b in r.blocks:
                for x in b.ops:
                    walk(x, times)

    walk(op, 1)
    return out, notes
