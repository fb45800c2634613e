"""Estimate a schedule without running it: memory, traffic, flops and a modeled step time.

A backend over the schedule format (:mod:`meshc.backend.schedule`) beside the threaded runtime
(:mod:`meshc.runtime.executor`): it walks every device's steps in an order the schedule's events and
collectives allow, but allocates no data. Every figure is arithmetic on shapes, so a tensor of 10^9
elements costs nothing (docs/estimate.md).

What equals the runtime exactly (same functions, not copies):

* memory: each device has a :class:`meshc.runtime.devices.DevicePool` (capacity unlimited, so the
  walk never stops; exceeding the device memory is reported afterwards), buffers sized by
  :func:`meshc.runtime.devices.buffer_sizes` under the step's layout or the run's, arguments
  allocated before the first step on their binding's device (a value replicated over peered axes
  once per peer group), a reduction's staging chunk held during the collective
  (:func:`meshc.runtime.executor.staging_bytes`);
* traffic: peer reads and copies count the bytes of (the slice of) the source buffer, halo parts
  their slab, collectives each member's row of
  :func:`meshc.runtime.collectives.group_transfer_matrix`; every count goes through
  :func:`meshc.runtime.executor.accounted_bytes` (``--dtype-override``) and is recorded per source
  device as the runtime records it (:class:`meshc.runtime.stats.DeviceStats`).

So ``DeviceEstimate.stats`` has the fields of ``meshc run --stats`` (kernels, physical and logical
peak, final bytes, allocations, peer read / copy / collective bytes, relayouts, bytes per source
device) and they equal a run's (busy and wait seconds stay 0: nothing runs).

Flops (:func:`kernel_flops`) and time (:class:`Machine`, the roofline model of :func:`estimate`)
are a model, documented in docs/estimate.md.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from collections.abc import Mapping
from typing import Any, Optional, Sequence, Union

from meshc.backend.schedule import (Allocate, BufferLayout, Collective, Copy, Free, HaloExchange, Kernel, PeerRead,
                                    Schedule, ScheduleError)

__all__ = ["Machine", "DeviceEstimate", "CollectiveEstimate", "BodyCollectiveEstimate", "Estimate", "EstimateError",
           "estimate", "kernel_flops", "flops_bound", "body_bytes", "PairRow", "JSON_VERSION", "PAIR_LIMIT", "DEFAULT_PEAK_FLOPS",
           "DEFAULT_BANDWIDTH", "DEFAULT_LATENCY"]

JSON_VERSION = 1

#: Meshes of at most this many devices list collective bytes per (receiver, source) pair in the JSON
#: by default: above it the table would have devices^2 entries (4096 devices: 16.7 million).
PAIR_LIMIT = 256

#: Defaults of the roofline (round numbers of one accelerator: 100 TFLOP/s, 100 GB/s per link, 5 us).
DEFAULT_PEAK_FLOPS = 100e12
DEFAULT_BANDWIDTH = 100e9
DEFAULT_LATENCY = 5e-6


class EstimateError(ScheduleError):
    """A schedule the walk cannot complete: devices waiting for each other (events or collectives
    that never complete), or a step reading a buffer that does not exist; the message names the
    devices and steps."""


@dataclass(frozen=True)
class Machine:
    """The roofline of every device: ``peak_flops`` (flop/s), ``bandwidth`` (bytes/s a device
    receives over its link) and ``latency`` (seconds added per collective and per point-to-point
    transfer step).

    Raises:
        ValueError: a value that is not positive (latency: negative).
    """

    peak_flops: float = DEFAULT_PEAK_FLOPS
    bandwidth: float = DEFAULT_BANDWIDTH
    latency: float = DEFAULT_LATENCY

    def __post_init__(self) -> None:
        if not (self.peak_flops > 0 and self.bandwidth > 0 and self.latency >= 0) or not all(
                math.isfinite(v) for v in (self.peak_flops, self.bandwidth, self.latency)):
            raise ValueError(f"peak flops and bandwidth must be > 0 and latency >= 0 (finite), got "
                             f"{self.peak_flops}, {self.bandwidth}, {self.latency}")

    def transfer_seconds(self, nbytes: int) -> float:
        """Seconds to receive ``nbytes`` bytes in one step: ``latency + nbytes / bandwidth``."""
        return self.latency + nbytes / self.bandwidth


@dataclass
class DeviceEstimate:
    """One device's figures: ``stats`` (a :class:`meshc.runtime.stats.DeviceStats` with the run's
    memory and traffic fields, bytes), ``flops``, bytes ``sent`` per transfer kind (what the other
    devices received from this one), per collective instance ``collectives[instance] = (sent,
    received)`` bytes, and the model's seconds: ``compute_seconds`` (kernels), ``transfer_seconds``
    (collectives, copies, peer reads, halo exchanges), ``idle_seconds`` (waiting for events and
    other members of collectives) and ``finish_seconds`` (when its last step ends)."""

    device: int
    stats: Any
    flops: int = 0
    sent: dict[str, int] = field(default_factory=dict)
    collectives: dict[str, tuple[int, int]] = field(default_factory=dict)
    compute_seconds: float = 0.0
    transfer_seconds: float = 0.0
    idle_seconds: float = 0.0
    finish_seconds: float = 0.0
    #: True when the in-body part of ``stats.collective_bytes`` is an upper bound (a branch on a
    #: computed condition: the branch that moves most to this device is counted)
    collective_bound: bool = False
    #: True when ``stats.peak_bytes`` (``peak_logical_bytes``) is an upper bound: the staging of the
    #: in-body collectives of a branch on a computed condition sets it (held only if that branch runs)
    peak_bound: bool = False
    logical_peak_bound: bool = False
    #: True when ``flops`` is an upper bound: a region step's branch on a computed condition counts its
    #: costlier branch (:func:`flops_bound`)
    flops_bound: bool = False

    @property
    def received_bytes(self) -> int:
        """Bytes received by peer read, copy and collective."""
        s = self.stats
        return s.peer_read_bytes + s.copy_bytes + s.collective_bytes

    @property
    def sent_bytes(self) -> int:
        """Bytes the other devices received from this one, every kind."""
        return sum(self.sent.values())

    def to_json(self, pairs: bool = True) -> dict:
        """The device's entry of :meth:`Estimate.to_json`; without ``pairs``, ``received_from`` leaves
        out the per-source collective bytes (the other kinds stay)."""
        s = self.stats
        return {"device": self.device, "peak_bytes": s.peak_bytes, "peak_logical_bytes": s.peak_logical_bytes,
                "final_bytes": s.final_bytes, "allocations": s.allocations, "allocated_bytes": s.allocated_bytes,
                "kernels": s.kernels, "flops": self.flops, "flops_upper_bound": self.flops_bound,
                "received": {"peer_read": s.peer_read_bytes, "copy": s.copy_bytes,
                             "collective": s.collective_bytes, "collective_from_peers": s.collective_peer_bytes},
                "collective_upper_bound": self.collective_bound,
                "peak_upper_bound": self.peak_bound, "peak_logical_upper_bound": self.logical_peak_bound,
                "tile_bytes": s.tile_bytes,
                "sent": {k: self.sent.get(k, 0) for k in ("peer_read", "copy", "collective")},
                "received_from": {k: {str(src): n for src, n in sorted(row.items())}
                                  for k, row in sorted(s.received_from.items()) if pairs or k != "collective"},
                "collectives": {name: {"sent": sent, "received": recv}
                                for name, (sent, recv) in self.collectives.items()},
                "relayout_ops": s.relayout_ops, "relayout_bytes": s.relayout_bytes,
                "compute_seconds": self.compute_seconds, "transfer_seconds": self.transfer_seconds,
                "idle_seconds": self.idle_seconds, "finish_seconds": self.finish_seconds}


@dataclass
class CollectiveEstimate:
    """One collective instance: its ``kind``, ``mesh_axes``, ``group_size`` (devices per group),
    and the bytes each participant receives (``received[device]``) and sends (``sent[device]``)."""

    instance: str
    kind: str
    mesh_axes: tuple[int, ...]
    group_size: int
    received: dict[int, int] = field(default_factory=dict)
    sent: dict[int, int] = field(default_factory=dict)

    def to_json(self) -> dict:
        """The instance's entry of :meth:`Estimate.to_json`."""
        return {"instance": self.instance, "kind": self.kind, "mesh_axes": list(self.mesh_axes),
                "group_size": self.group_size, "total_bytes": sum(self.received.values()),
                "received": {str(d): n for d, n in sorted(self.received.items())},
                "sent": {str(d): n for d, n in sorted(self.sent.items())}}


@dataclass
class BodyCollectiveEstimate:
    """One in-body collective (a :class:`~meshc.backend.schedule.BodyCollective` of a region step,
    named alike on every device): its ``kind``, ``mesh_axes``, ``group_size``, and per device the
    bytes it receives on one run (``per_run``), the runs counted (``runs``; a dynamic trip count:
    ``--trip-count``, else 1) and their product (``received``). ``bound``: it sits in a branch on a
    computed condition, so its runs are an upper bound (the branch may not run)."""

    instance: str
    kind: str
    mesh_axes: tuple[int, ...]
    group_size: int
    per_run: dict[int, int] = field(default_factory=dict)
    runs: dict[int, int] = field(default_factory=dict)
    received: dict[int, int] = field(default_factory=dict)
    bound: bool = False

    def to_json(self) -> dict:
        """The instance's entry of :meth:`Estimate.to_json` (``body_collectives``)."""
        return {"instance": self.instance, "kind": self.kind, "mesh_axes": list(self.mesh_axes),
                "group_size": self.group_size, "upper_bound": self.bound,
                "total_bytes": sum(self.received.values()),
                "per_run": {str(d): n for d, n in sorted(self.per_run.items())},
                "runs": {str(d): n for d, n in sorted(self.runs.items())},
                "received": {str(d): n for d, n in sorted(self.received.items())}}


@dataclass
class _BodyTraffic:
    """What one device receives from a list of body nodes (:meth:`_Walk.body_traffic`): bytes per
    source ``row``, their sum ``received``, modeled ``seconds``, the largest staging ``chunk``,
    ``items`` ``(instance, runs, bytes per run, group size, kind, mesh axes)`` and whether it is an
    upper ``bound``."""

    row: dict[int, int] = field(default_factory=dict)
    received: int = 0
    seconds: float = 0.0
    chunk: int = 0
    items: list = field(default_factory=list)
    bound: bool = False
    #: the ``chunk`` is held only if a branch on a computed condition runs (an upper bound)
    chunk_bound: bool = False

    def add(self, other: "_BodyTraffic") -> None:
        for m, n in other.row.items():
            self.row[m] = self.row.get(m, 0) + n
        self.received += other.received
        self.seconds += other.seconds
        if other.chunk > self.chunk:
            self.chunk, self.chunk_bound = other.chunk, other.chunk_bound
        elif other.chunk == self.chunk:
            self.chunk_bound = self.chunk_bound and other.chunk_bound
        self.items.extend(other.items)
        self.bound = self.bound or other.bound


@dataclass
class Estimate:
    """The whole estimate: ``devices[k]`` is device k's, ``collectives`` in program order,
    ``capacity`` (bytes per device, None = unlimited), the ``machine`` and the modeled
    ``step_seconds`` (the latest finish over the devices: the end of the critical path)."""

    devices: list[DeviceEstimate]
    collectives: list[CollectiveEstimate]
    capacity: Optional[int]
    machine: Machine
    step_seconds: float = 0.0
    mesh: str = ""
    mesh_shape: tuple[int, ...] = ()
    entry: str = ""
    notes: list = field(default_factory=list)  # what the walk could not know (a dynamic trip count)
    body_collectives: list = field(default_factory=list)  # BodyCollectiveEstimate, in order of first meeting
    #: ``{"loop": "file:line:col", "op": name, "trips": count or None}`` per loop of dynamic trip count
    dynamic_loops: list = field(default_factory=list)
    #: the given trip counts no dynamic loop took, as written (``12=3``, ``3``: :class:`TripCounts`)
    unmatched_trip_counts: list = field(default_factory=list)
    #: a dynamic loop counted once for want of a count (the CLI prints them as warnings)
    warnings: list = field(default_factory=list)

    def over_memory(self) -> list[DeviceEstimate]:
        """The devices whose physical peak exceeds ``capacity`` (none when unlimited)."""
        if self.capacity is None:
            return []
        return [d for d in self.devices if d.stats.peak_bytes > self.capacity]

    def total(self, name: str) -> int:
        """Sum over the devices of ``stats`` field ``name`` (or of a :class:`DeviceEstimate` attribute)."""
        return sum(getattr(d.stats, name) if hasattr(d.stats, name) else getattr(d, name) for d in self.devices)

    def critical_device(self) -> int:
        """The device that finishes last (the lowest such id)."""
        return max(self.devices, key=lambda d: (d.finish_seconds, -d.device)).device if self.devices else 0

    def to_json(self, pairs: Optional[bool] = None) -> dict:
        """The schema of docs/estimate.md ("JSON"), version :data:`JSON_VERSION`. ``pairs``: whether
        each device's ``received_from`` lists its collective bytes per source device (a devices^2
        table); None: only on meshes of at most :data:`PAIR_LIMIT` devices. ``collective_pairs``
        says which."""
        over = self.over_memory()
        if pairs is None:
            pairs = len(self.devices) <= PAIR_LIMIT
        return {"version": JSON_VERSION, "entry": self.entry, "collective_pairs": pairs,
                "mesh": {"name": self.mesh, "shape": list(self.mesh_shape)},
                "machine": {"peak_flops": self.machine.peak_flops, "bandwidth": self.machine.bandwidth,
                            "latency": self.machine.latency},
                "device_memory": self.capacity,
                "summary": {"step_seconds": self.step_seconds, "critical_device": self.critical_device(),
                            "max_peak_bytes": max((d.stats.peak_bytes for d in self.devices), default=0),
                            "flops": self.total("flops"),
                            "flops_upper_bound": any(d.flops_bound for d in self.devices),
                            "received_bytes": sum(d.received_bytes for d in self.devices),
                            "over_memory": [d.device for d in over]},
                "notes": list(self.notes),
                "warnings": list(self.warnings),
                "dynamic_loops": list(self.dynamic_loops),
                "devices": [d.to_json(pairs) for d in self.devices],
                "collectives": [c.to_json() for c in self.collectives],
                "body_collectives": [b.to_json() for b in self.body_collectives]}


# -- trip counts ---------------------------------------------------------------------------------


@dataclass
class TripCounts:
    """The trips of the loops whose trip count is dynamic (an ``scf.for`` of computed bounds, an
    ``scf.while``), for their bodies' flops and in-body collectives: ``at[(line, col)]`` for the loop
    written at that source line and column of the input (``col`` 0: any loop on that line), else
    ``default`` for every other one (None: counted once, per iteration). ``meshc estimate
    --trip-count N`` / ``--trip-count LINE=N`` / ``LINE:COL=N`` (:meth:`parse`).

    The walk asks :meth:`of` for each dynamic loop it meets; afterwards :meth:`uncounted` lists the
    loops it counted once for want of a count and :meth:`unmatched` the counts that named no loop (or
    a default given where no loop is dynamic), which the CLI reports (docs/estimate.md)."""

    default: Optional[int] = None
    at: dict = field(default_factory=dict)
    #: str(location) -> (location, op name, trips used or None), in order of first meeting
    seen: dict = field(default_factory=dict)
    used: set = field(default_factory=set)

    @classmethod
    def of_option(cls, trips: Union[int, "TripCounts", None]) -> "TripCounts":
        """``trips`` as a :class:`TripCounts` (an int: the count of every dynamic loop)."""
        return trips if isinstance(trips, TripCounts) else cls(default=trips)

    @classmethod
    def parse(cls, texts: Sequence[str]) -> "TripCounts":
        """The counts of ``--trip-count`` values: ``N`` (every dynamic loop without its own), ``LINE=N``
        or ``LINE:COL=N`` (the loop at that source position). Raises ValueError naming a malformed
        value, a negative count, or two counts for one loop (or two defaults)."""
        out = cls()
        for text in texts:
            where, eq, count = text.rpartition("=")
            try:
                n = int(count)
                if n < 0:
                    raise ValueError
            except ValueError:
                raise ValueError(f"--trip-count {text}: the count must be an integer >= 0 (N, LINE=N or "
                                 "LINE:COL=N)") from None
            if not eq:
                if out.default is not None:
                    raise ValueError(f"--trip-count {text}: a count for every loop is given twice")
                out.default = n
                continue
            line, _, col = where.partition(":")
            try:
                key = (int(line), int(col) if col else 0)
                if key[0] <= 0 or key[1] < 0:
                    raise ValueError
            except ValueError:
                raise ValueError(f"--trip-count {text}: the loop is named by its source line (LINE=N or "
                                 "LINE:COL=N)") from None
            if key in out.at:
                raise ValueError(f"--trip-count {text}: that loop has a count already")
            out.at[key] = n
        return out

    def of(self, location, name: str) -> Optional[int]:
        """The trips of the dynamic loop ``name`` written at ``location`` (None: no count given)."""
        line, col = getattr(location, "line", 0), getattr(location, "col", 0)
        key = next((k for k in ((line, col), (line, 0)) if k in self.at), None)
        if key is not None:
            self.used.add(key)
            n: Optional[int] = self.at[key]
        else:
            n = self.default
            if n is not None:
                self.used.add("default")
        self.seen.setdefault(str(location), (location, name, n))
        return n

    def uncounted(self) -> list:
        """``(location, op name)`` of each dynamic loop met without a count."""
        return [(loc, name) for loc, name, n in self.seen.values() if n is None]

    def unmatched(self) -> list[str]:
        """The counts no dynamic loop took, as written (``LINE=N``, ``LINE:COL=N``, ``N``)."""
        out = [f"{line}{':' + str(col) if col else ''}={n}" for (line, col), n in self.at.items()
               if (line, col) not in self.used]
        if self.default is not None and "default" not in self.used:
            out.append(str(self.default))
        return out


def _trips_at(trips: Union[int, TripCounts, None], op) -> Optional[int]:
    """The count of dynamic loop ``op`` under ``trips`` (see :class:`TripCounts`)."""
    if isinstance(trips, TripCounts):
        return trips.of(op.location, op.name)
    return trips


# -- flops --------------------------------------------------------------------------------------


def _body_ops(block) -> int:
    """Arithmetic ops (``arith.*`` but constants, ``math.*``) in ``block``, nested regions included."""
    return sum(1 for top in block.ops for op in top.walk()
               if (op.name.startswith("arith.") and op.name != "arith.constant") or op.name.startswith("math."))


def kernel_flops(op, operand_shapes: Sequence[Optional[tuple[int, ...]]],
                 result_shapes: Sequence[Optional[tuple[int, ...]]],
                 trips: Union[int, "TripCounts", None] = None) -> int:
    """Flops of one kernel of IR op ``op`` whose operands and results have the local shapes
    ``operand_shapes``/``result_shapes`` (elements; None or ``()`` for a scalar). The rule
    (docs/estimate.md, "Flops"):

    * a linalg structured op: the product of its loop sizes (each loop's size from the first
      operand dim its indexing map gives as exactly that loop, else the op's static size, else 1)
      times the ops per point: 2 for a contraction (``linalg.matmul``: 2*M*N*K), 1 for a named
      elementwise op, 0 for fill, copy, transpose and broadcast, and for a region op (generic,
      map, reduce) the ``arith``/``math`` ops of its body, constants excluded;
    * an ``arith``/``math`` op (constants excluded): one per element of its first result (1 for
      a scalar);
    * a region op partitioned in place (``scf.for``, ``scf.while``, ``scf.if``, a dispatch region:
      an op with a region-flow model, :mod:`meshc.interfaces.region_flow`): the flops of its body's
      ops (their own, local, static types), times its trips (a dynamic count: ``trips``, an int for
      every loop or a :class:`TripCounts` per loop, else 1);
      a loop's test blocks (``scf.while``'s "before" block) once more; a branch on a computed
      condition its costlier branch (an upper bound, as for its collectives);
    * anything else (tensor ops, relayouts, calls, mesh ops...): 0.
    """
    from meshc.dialects.linalg import StructuredOp

    if isinstance(op, StructuredOp):
        from meshc.ir.affine import DimExpr

        ranges: list[Optional[int]] = [None] * op.num_loops
        for shape, m in zip(operand_shapes, op.indexing_maps()):
            for size, expr in zip(shape or (), m.results):
                if isinstance(expr, DimExpr) and expr.position < len(ranges) and ranges[expr.position] is None:
                    ranges[expr.position] = int(size)
        static = op.static_loop_ranges()
        points = math.prod(r if r is not None else (static[i] or 1) for i, r in enumerate(ranges))
        kind = op.payload_kind
        if kind == "contraction":
            per = 2
        elif kind == "elementwise":
            per = 1
        elif kind in ("fill", "copy"):
            per = 0
        else:
            block = op.payload_block
            per = _body_ops(block) if block is not None else 0
        return points * per
    if (op.name.startswith("arith.") and op.name != "arith.constant") or op.name.startswith("math."):
        shape = result_shapes[0] if result_shapes else None
        return math.prod(shape) if shape else 1
    if op.regions:
        return _region_flops(op, trips)
    return 0


def flops_bound(op) -> bool:
    """Whether :func:`kernel_flops` of ``op`` is an upper bound: ``op`` holds (at any depth) a branch
    on a computed condition (a region-flow model whose blocks are ``alternatives``, ``scf.if``, and no
    constant condition) whose branches' flops differ, so the costlier one is counted although a run
    may take the other."""
    from meshc.interfaces.region_flow import region_flow_model

    for inner in op.walk():
        if not inner.regions:
            continue
        model = region_flow_model(inner)
        if model is None or not model.alternatives:
            continue
        entries = [r.blocks[0] for r in inner.regions if r.blocks]
        flow = model.region_flow(inner)
        if flow is not None and any(b is flow.body for b in entries):
            continue
        if len({_block_flops(b, None) for b in entries} | ({0} if len(entries) < len(inner.regions) else set())) > 1:
            return True
    return False


def _static_shape_of(t) -> Optional[tuple[int, ...]]:
    shape = getattr(t, "shape", None)
    return tuple(shape) if shape is not None and all(isinstance(d, int) for d in shape) else None


def _block_flops(block, trips: Union[int, "TripCounts", None]) -> int:
    return sum(kernel_flops(o, [_static_shape_of(v.type) for v in o.operands],
                            [_static_shape_of(r.type) for r in o.results], trips) for o in block.ops)


def _region_flops(op, trips: Union[int, "TripCounts", None]) -> int:
    """The flops of region op ``op``'s body (see :func:`kernel_flops`); 0 without a region-flow model."""
    from meshc.interfaces.region_flow import region_flow_model

    model = region_flow_model(op)
    if model is None:
        return 0
    flow = model.region_flow(op)
    if model.alternatives:
        entries = [r.blocks[0] for r in op.regions if r.blocks]
        if flow is not None and any(b is flow.body for b in entries):
            return _block_flops(flow.body, trips)
        return max((_block_flops(b, trips) for b in entries), default=0)
    if flow is not None and flow.trips is not None:
        n = flow.trips
    else:
        given = _trips_at(trips, op)
        n = given if given is not None else 1
    tests = model.test_blocks(op)
    total = sum(_block_flops(b, trips) for b in model.blocks(op)) * n
    return total + sum(_block_flops(b, trips) for b in tests)


# -- the walk ------------------------------------------------------------------------------------


class PairRow(Mapping):
    """``{source device: bytes}`` one device received by collectives, kept as the rows of the
    groups' transfer matrices it took part in (each ``(members, row)``: numpy arrays of the group's
    linear device ids and of the bytes received from each), not as a dict: a group of 4096 devices
    would cost 4096^2 dict entries. Read as a mapping (``row[src]``, iteration, ``==`` a dict) it is
    the dict :attr:`meshc.runtime.stats.DeviceStats.received_from` of a run holds (sources with
    bytes > 0), built on first read."""

    __slots__ = ("parts", "_dict")

    def __init__(self) -> None:
        self.parts: list[tuple[Any, Any]] = []
        self._dict: Optional[dict[int, int]] = None

    def add(self, members, row) -> None:
        """Add one group's ``row`` (bytes from each of ``members``)."""
        self.parts.append((members, row))
        self._dict = None

    def as_dict(self) -> dict[int, int]:
        """The sources with bytes > 0 and their bytes."""
        if self._dict is None:
            import numpy as np

            out: dict[int, int] = {}
            for members, row in self.parts:
                nz = np.nonzero(row)[0]
                for src, n in zip(members[nz].tolist(), row[nz].tolist()):
                    out[src] = out.get(src, 0) + n
            self._dict = out
        return self._dict

    def __getitem__(self, src: int) -> int:
        return self.as_dict()[src]

    def __iter__(self):
        return iter(self.as_dict())

    def __len__(self) -> int:
        return len(self.as_dict())

    def __repr__(self) -> str:
        return f"PairRow({self.as_dict()!r})"



class _BodyMatrices:
    """The transfer matrices of a schedule's in-body collectives, per group (see :meth:`matrix`)."""

    def __init__(self, schedule: Schedule):
        self.schedule = schedule
        self.index: Optional[list] = None  # Schedule.body_index(), built on first use
        self.cache: dict[tuple, Any] = {}

    def matrix(self, k: int, c, members: list[int], itemsize: int):
        """``[r, s]``: the bytes member ``r`` of ``members`` (the group of device ``k``'s in-body
        collective ``c``) receives from member ``s`` on one run
        (:func:`meshc.runtime.collectives.group_transfer_matrix`), each member with the shapes of
        ITS OWN collective of that instance name.

        Raises:
            EstimateError: a member has no collective of that name (their bodies differ) or its shape
                is not static.
            meshc.runtime.collectives.CollectiveError: shapes that do not fit the collective.
        """
        from meshc.runtime.collectives import group_transfer_matrix

        key = (c.instance, members[0], tuple(c.mesh_axes))
        got = self.cache.get(key)
        if got is None:
            if self.index is None:
                self.index = self.schedule.body_index()
            mine = []
            for m in members:
                other = self.index[m].get(c.instance)
                if other is None or other.kind != c.kind or other.shape is None or other.out_shape is None:
                    raise EstimateError(f"device {k}: in-body collective {c.spec().describe()} has no counterpart "
                                        f"with static shapes on device {m} of its group (their bodies meet "
                                        "different collectives)", c.location)
                mine.append(other)
            got = self.cache[key] = group_transfer_matrix(c.spec(), members, [o.shape for o in mine],
                                                          [o.out_shape for o in mine], itemsize)
        return got


def body_bytes(schedule: Schedule, layout: Optional[BufferLayout] = None) -> list[dict[str, int]]:
    """Per device (linear order), the bytes each of its in-body collectives (by instance name,
    :meth:`meshc.backend.schedule.Schedule.body_index`) receives on ONE run, from every member's own
    shapes, accounted under ``layout`` as :func:`estimate` counts them (``--dtype-override``); a
    collective without static shapes is left out. What ``meshc compile --emit=schedule`` prints
    under a region step.

    Raises:
        EstimateError: a member of a group has no counterpart of a collective.
        meshc.runtime.collectives.CollectiveError: shapes that do not fit the collective.
    """
    from meshc.kernels.dtypes import numpy_dtype
    from meshc.runtime.executor import accounted_bytes

    matrices = _BodyMatrices(schedule)
    mesh = schedule.mesh
    out = []
    for k, found in enumerate(schedule.body_index()):
        row: dict[str, int] = {}
        for name, c in found.items():
            if c.shape is None or c.out_shape is None:
                continue
            members = mesh.axis_group(k, c.mesh_axes)
            dt = numpy_dtype(c.dtype)
            m = matrices.matrix(k, c, members, dt.itemsize)
            row[name] = sum(accounted_bytes(int(b), dt, layout) for b in m[members.index(k)] if b)
        out.append(row)
    return out


class _Walk:
    """State of one estimate (see :func:`estimate`)."""

    def __init__(self, schedule: Schedule, layout: BufferLayout, machine: Machine,
                 trips: Union[int, TripCounts, None] = None):
        self.trips = TripCounts.of_option(trips)
        self.body: dict[str, BodyCollectiveEstimate] = {}  # in-body collectives by instance name
        self.body_matrices = _BodyMatrices(schedule)
        self.bounds: set[int] = set()  # devices whose in-body bytes are an upper bound
        #: device -> the (physical, logical) peak a branch's staging set: an upper bound while it stays the peak
        self.peak_bounds: dict[int, int] = {}
        self.logical_peak_bounds: dict[int, int] = {}
        self.notes: list[str] = []
        self.warnings: list[str] = []
        from meshc.runtime.devices import DeviceMemory
        from meshc.runtime.stats import DeviceStats

        self.schedule = schedule
        self.layout = layout
        self.machine = machine
        n = schedule.mesh.num_devices
        self.n = n
        self.memory = DeviceMemory(n, None)
        self.stats = [DeviceStats(k) for k in range(n)]
        self.est = [DeviceEstimate(k, self.stats[k]) for k in range(n)]
        self.meta: list[dict[str, tuple]] = [{} for _ in range(n)]  # buffer -> (shape, numpy dtype)
        self.clock = [0.0] * n
        self.events: dict[str, float] = {}
        self.pos = [0] * n
        self.groups: dict[str, dict[int, list[int]]] = {}
        self.arrived: dict[tuple[str, int], dict[int, tuple]] = {}  # (instance, first member) -> device -> data
        self.collectives: dict[str, CollectiveEstimate] = {}
        self.flops_bound_of: dict[int, bool] = {}  # flops_bound per region op
        self.flops_of: dict[tuple, int] = {}  # kernel_flops per (op, shapes): ops live as long as the schedule
        self.matrices: dict[tuple, tuple] = {}  # group_matrix's, per instance and member shapes
        self.collective_sent = [0] * n  # bytes the other members received from device k, every collective
        mesh = schedule.mesh
        for name, spec in schedule.collectives.items():
            chosen = set(schedule.participants(spec))
            by_device: dict[int, list[int]] = {}
            size = 1
            for members in mesh.axis_groups(spec.mesh_axes):
                if members[0] in chosen:
                    size = len(members)
                    group = list(members)  # one list per group, shared by its members (read only)
                    for d in members:
                        by_device[d] = group
            self.groups[name] = by_device
            self.collectives[name] = CollectiveEstimate(name, spec.kind, tuple(spec.mesh_axes), size)

    # -- helpers ---------------------------------------------------------------------------
    def sizes(self, k: int, i: int, step, shape, dtype: str, layout) -> tuple[int, int]:
        from meshc.runtime.devices import buffer_sizes

        try:
            return buffer_sizes(shape, dtype, layout or self.layout)
        except ValueError as err:
            raise ScheduleError(f"device {k}, step {i} ({step.describe()}): {err}", step.location) from None

    def source(self, k: int, i: int, step, device: int, buffer: str) -> tuple:
        meta = self.meta[device].get(buffer)
        if meta is None:
            raise EstimateError(f"device {k}, step {i} ({step.describe()}): device {device} holds no buffer "
                                f"'{buffer}' at this point", step.location)
        return meta

    def bind_args(self) -> None:
        from meshc.kernels.dtypes import numpy_dtype
        from meshc.runtime.devices import buffer_sizes

        for b in self.schedule.args:
            physical, logical = buffer_sizes(b.shape, b.dtype, b.layout or self.layout)
            self.memory.pools[b.device].allocate(b.buffer, physical, logical)
            self.meta[b.device][b.buffer] = (tuple(b.shape), numpy_dtype(b.dtype))

    # -- steps -----------------------------------------------------------------------------
    def run_step(self, k: int, i: int, step) -> None:
        """Every step but a collective: its memory, traffic, flops and modeled seconds."""
        from meshc.kernels.dtypes import numpy_dtype
        from meshc.runtime.executor import RELAYOUT_OPS, accounted_bytes

        pool, meta, stats, est = self.memory.pools[k], self.meta[k], self.stats[k], self.est[k]
        seconds = 0.0
        if isinstance(step, Allocate):
            physical, logical = self.sizes(k, i, step, step.shape, step.dtype, step.layout)
            pool.allocate(step.buffer, physical, logical, step.location)
            meta[step.buffer] = (tuple(step.shape), numpy_dtype(step.dtype))
        elif isinstance(step, Free):
            if pool.holds(step.buffer):
                pool.free(step.buffer)
            meta.pop(step.buffer, None)
        elif isinstance(step, Kernel):
            shapes = tuple(meta[b][0] if b in meta else None for b in step.inputs)
            outs = tuple(meta[b][0] if b in meta else None for b in step.outputs)
            if step.tile is not None:  # a tile computes on its boxes
                shapes = tuple(s if box is None else tuple(box[1]) for s, box in zip(shapes, step.tile.inputs))
                outs = tuple(tuple(box[1]) for box in step.tile.outputs)
            key = (id(step.op), shapes, outs)  # the devices of a shape class share their kernel ops
            flops = self.flops_of.get(key)
            if flops is None:
                flops = self.flops_of[key] = kernel_flops(step.op, shapes, outs, self.trips)
            est.flops += flops
            if step.op.regions and not est.flops_bound:
                bound = self.flops_bound_of.get(id(step.op))
                if bound is None:
                    bound = self.flops_bound_of[id(step.op)] = flops_bound(step.op)
                est.flops_bound = bound
            seconds = flops / self.machine.peak_flops
            est.compute_seconds += seconds
            stats.kernels += 1
            stats.kernels_by_op[step.op.name] = stats.kernels_by_op.get(step.op.name, 0) + 1
            if step.body:  # a region step whose body runs collectives
                seconds += self.body_collectives(k, step)
            if step.op.name in RELAYOUT_OPS:
                stats.relayout_ops += 1
                stats.relayout_bytes += sum(math.prod(meta[b][0]) * meta[b][1].itemsize
                                            for b in step.outputs if b in meta)
        elif isinstance(step, (PeerRead, Copy)):
            shape, dt = self.source(k, i, step, step.src_device, step.src_buffer)
            part = tuple(step.sizes) if step.offsets is not None else shape
            n = accounted_bytes(math.prod(part) * dt.itemsize, dt, self.layout)
            if isinstance(step, PeerRead):
                meta[step.buffer] = (part, dt)
                stats.peer_read_bytes += n
                stats.record_transfer(step.src_device, n, "peer_read")
            else:
                stats.copy_bytes += n
                stats.record_transfer(step.src_device, n, "copy")
            seconds = self.machine.transfer_seconds(n)
            est.transfer_seconds += seconds
        elif isinstance(step, HaloExchange):
            from meshc.runtime.executor import count_halo_part

            if step.output not in meta:
                raise EstimateError(f"device {k}, step {i} ({step.describe()}): output '{step.output}' is not "
                                    "allocated", step.location)
            dt = meta[step.output][1]
            moved = 0
            for p in step.parts:
                n = accounted_bytes(p.elements * dt.itemsize, dt, self.layout)
                count_halo_part(stats, p, n, step.tile)
                moved += n if p.mode != "local" else 0
            if any(p.mode != "local" for p in step.parts):
                seconds = self.machine.transfer_seconds(moved)
                est.transfer_seconds += seconds
        self.clock[k] += seconds

    def body_collectives(self, k: int, step: Kernel) -> float:
        """The traffic of the in-body collectives of kernel ``step`` of device ``k`` (a region op
        partitioned in place), from the step's body listing (:class:`~meshc.backend.schedule.BodyCollective`
        and its loops and branches), as the runtimes count it (:mod:`meshc.runtime.body_collectives`):
        per run of each collective, the device's row of its group's transfer matrix, every member with
        ITS OWN shapes (the member's collective of the same instance name: uneven splits differ by
        device), times its runs. A loop runs its body ``trips`` times (a dynamic one: ``self.trips``
        when given, else once with a note); a branch whose condition is known statically counts the
        branch it takes, one on a computed condition the branch that moves most to this device: an
        upper bound, recorded in ``bounds`` and said in a note. The largest staging chunk is held once
        (freed per call in a run). Returns the modeled seconds."""
        import numpy as np

        mesh, stats = self.schedule.mesh, self.stats[k]
        traffic = self.body_traffic(k, step.body, 1)
        for name, runs, per_run, g, kind, axes in traffic.items:
            b = self.body.get(name)
            if b is None:
                b = self.body[name] = BodyCollectiveEstimate(name, kind, axes, g)
            b.received[k] = b.received.get(k, 0) + per_run * runs
            b.per_run[k] = per_run
            b.runs[k] = b.runs.get(k, 0) + runs
            if traffic.bound:
                b.bound = True
        if traffic.bound:
            self.bounds.add(k)
        row = {m: n for m, n in traffic.row.items() if n}
        if row:
            stats.collective_bytes += sum(row.values())
            stats.collective_peer_bytes += sum(n for m, n in row.items() if m != k and mesh.is_peered(k, m))
            pairs = stats.received_from.get("collective")
            if pairs is None:  # one PairRow per device, shared with the top-level collectives' rows
                pairs = stats.received_from["collective"] = PairRow()
            pairs.add(np.asarray(list(row), dtype=np.int64), np.asarray(list(row.values()), dtype=np.int64))
            for m, n in row.items():
                self.collective_sent[m] += n
        if traffic.chunk:
            pool = self.memory.pools[k]
            before = pool.peak, pool.logical_peak
            pool.allocate("<staging of in-body collectives>", traffic.chunk, traffic.chunk, step.location)
            if traffic.chunk_bound:  # a peak this staging sets is an upper bound (until a later one passes it)
                if pool.peak > before[0]:
                    self.peak_bounds[k] = pool.peak
                if pool.logical_peak > before[1]:
                    self.logical_peak_bounds[k] = pool.logical_peak
            pool.free("<staging of in-body collectives>")
        self.est[k].transfer_seconds += traffic.seconds
        return traffic.seconds

    def body_traffic(self, k: int, nodes, times: int) -> "_BodyTraffic":
        """What device ``k`` receives from the in-body collectives of ``nodes``, each run ``times``
        times per run of the step (see :meth:`body_collectives`)."""
        from meshc.backend.schedule import BodyBranch, BodyLoop
        from meshc.kernels.dtypes import numpy_dtype
        from meshc.runtime.executor import staging_bytes

        out = _BodyTraffic()
        for n in nodes:
            if isinstance(n, BodyLoop):
                trips = n.trips
                if trips is None:
                    given = self.trips.of(n.location, n.name)
                    trips = given if given is not None else 1
                    self.note(f"{n.location}: '{n.name}' with a dynamic trip count: its in-body collectives are "
                              + (f"counted {given} times (--trip-count)" if given is not None else
                                 "counted once (per iteration; give --trip-count N)"))
                out.add(self.body_traffic(k, n.body, times * trips))
                if n.retest:  # the test runs once more, to end the loop (scf.while's "before" block)
                    out.add(self.body_traffic(k, n.body[:n.retest], times))
            elif isinstance(n, BodyBranch):
                if n.taken is not None:
                    out.add(self.body_traffic(k, n.branches[n.taken], times))
                    continue
                options = [self.body_traffic(k, b, times) for b in n.branches]
                most = max(options, key=lambda t: (t.received, t.seconds), default=_BodyTraffic())
                chunks = [t.chunk for t in options] or [0]
                if max(chunks) > min(chunks):  # the staging of the branch that needs most: held if it runs
                    most.chunk, most.chunk_bound = max(chunks), True
                if any(t.items for t in options):
                    most.bound = True
                    self.note(f"{n.location}: '{n.name}' on a computed condition: its in-body collectives are an "
                              "upper bound (the branch that moves most to each device is counted)")
                out.add(most)
            else:
                if n.shape is None or n.out_shape is None:
                    self.note(f"{n.location}: in-body {n.kind} '{n.instance}' has a dynamic shape: not counted")
                    continue
                members = self.schedule.mesh.axis_group(k, n.mesh_axes)
                dt = numpy_dtype(n.dtype)
                matrix = self.body_matrices.matrix(k, n, members, dt.itemsize)
                pos = members.index(k)
                row = {m: self.accounted(int(b), dt) * times for m, b in zip(members, matrix[pos]) if b}
                per_run = sum(self.accounted(int(b), dt) for b in matrix[pos] if b)
                out.items.append((n.instance, times, per_run, len(members), n.kind, tuple(n.mesh_axes)))
                if not times:
                    continue
                for m, b in row.items():
                    out.row[m] = out.row.get(m, 0) + b
                out.received += per_run * times
                if per_run:
                    out.seconds += times * self.machine.transfer_seconds(per_run)
                out.chunk = max(out.chunk, staging_bytes(n.kind, math.prod(n.shape) * dt.itemsize, len(members)))
        return out

    def note(self, text: str) -> None:
        if text not in self.notes:
            self.notes.append(text)

    def arrive(self, k: int, i: int, step: Collective) -> None:
        from meshc.runtime.executor import staging_bytes

        spec = self.schedule.collectives[step.instance]
        group = self.groups[step.instance][k]
        shape, dt = self.source(k, i, step, k, step.input)
        if step.output not in self.meta[k]:
            raise EstimateError(f"device {k}, step {i} ({step.describe()}): output '{step.output}' is not "
                                "allocated", step.location)
        out_shape, out_dt = self.meta[k][step.output]
        chunk = staging_bytes(spec.kind, math.prod(shape) * dt.itemsize, len(group))
        if chunk:
            self.memory.pools[k].allocate(f"<staging of {step.instance}>", chunk, chunk, spec.location)
        self.arrived.setdefault((step.instance, group[0]), {})[k] = (shape, dt, out_shape, out_dt, chunk,
                                                                     self.clock[k], step)

    def group_matrix(self, instance: str, group: list[int], rows: list) -> tuple:
        """``(matrix, received, sent, peer)`` of one group of ``instance``: the bytes member ``r``
        receives from member ``s`` (:func:`meshc.runtime.collectives.group_transfer_matrix`, each
        entry accounted under ``--dtype-override``), per member the bytes it receives and the part
        from its peered members (each accounted as one sum, as a run counts them), and the accounted
        bytes the others receive from it (column sums). The
        matrix depends only on the members' shapes, so groups with equal shapes share one (the groups
        of a 2-D mesh's axis); the peered part is computed per group from its coordinates."""
        import numpy as np

        from meshc.runtime.collectives import group_transfer_matrix

        spec = self.schedule.collectives[instance]
        key = (instance, tuple(r[0] for r in rows), tuple(r[2] for r in rows), rows[0][1].itemsize,
               tuple(str(r[3]) for r in rows))
        got = self.matrices.get(key)
        if got is None:
            raw = matrix = group_transfer_matrix(spec, group, [r[0] for r in rows], [r[2] for r in rows],
                                                 rows[0][1].itemsize)
            if getattr(self.layout, "dtype_override", None) is not None:  # accounted per entry, as a run's
                matrix = matrix.copy()
                for r in range(len(group)):
                    values, inverse = np.unique(matrix[r], return_inverse=True)
                    matrix[r] = np.asarray([self.accounted(int(v), rows[r][3]) for v in values],
                                           dtype=np.int64)[inverse]
            got = self.matrices[key] = (raw, matrix, raw.sum(axis=1), matrix.sum(axis=0))
        raw, matrix, received, sent = got
        mesh = self.schedule.mesh
        apart = [a for a in range(mesh.rank) if a not in mesh.peered_axes]
        labels = [tuple(mesh.device_coords(d)[a] for a in apart) for d in group]  # mesh.is_peered, per pair
        peer = np.zeros(len(group), dtype=np.int64)
        if len(set(labels)) < len(group):
            by_label: dict[tuple, list[int]] = {}
            for r, lab in enumerate(labels):
                by_label.setdefault(lab, []).append(r)
            for idx in by_label.values():
                if len(idx) > 1:
                    sub = raw[np.ix_(idx, idx)]
                    peer[idx] = sub.sum(axis=1) - np.diagonal(sub)
        return matrix, received, sent, peer

    def accounted(self, nbytes: int, dtype) -> int:
        from meshc.runtime.executor import accounted_bytes

        return accounted_bytes(nbytes, dtype, self.layout)

    def complete(self, instance: str, group: list[int]) -> None:
        import numpy as np

        spec = self.schedule.collectives[instance]
        data = self.arrived.pop((instance, group[0]))
        rows = [data[d] for d in group]
        dtypes = {r[1] for r in rows}
        if len(dtypes) != 1:
            from meshc.runtime.collectives import CollectiveError

            raise CollectiveError(f"collective {spec.describe()} on devices {group}: element types differ: "
                                  f"{[str(r[1]) for r in rows]}", spec.location)
        matrix, received_all, sent_all, peer_all = self.group_matrix(instance, group, rows)
        c = self.collectives[instance]
        members = np.asarray(group, dtype=np.int64)
        received_accounted = []
        for r, d in enumerate(group):
            stats = self.stats[d]
            n = self.accounted(int(received_all[r]), rows[r][3])
            stats.collective_bytes += n
            stats.collective_peer_bytes += self.accounted(int(peer_all[r]), rows[r][3])
            if n:  # a run records a source only for bytes > 0: the row's key exists once bytes arrive
                row = stats.received_from.get("collective")
                if row is None:
                    row = stats.received_from["collective"] = PairRow()
                row.add(members, matrix[r])
            received_accounted.append(n)
            c.received[d] = c.received.get(d, 0) + n
            v = int(sent_all[r])
            if v:
                c.sent[d] = c.sent.get(d, 0) + v
                self.collective_sent[d] += v
            sent, recv = self.est[d].collectives.get(instance, (0, 0))
            self.est[d].collectives[instance] = (sent + v, recv + n)
        start = max(r[5] for r in rows)
        seconds = self.machine.transfer_seconds(max(received_accounted)) if len(group) > 1 else 0.0
        for r, d in enumerate(group):
            if rows[r][4]:
                self.memory.pools[d].free(f"<staging of {instance}>")
            self.est[d].idle_seconds += start - rows[r][5]
            self.est[d].transfer_seconds += seconds
            self.clock[d] = start + seconds
            step = rows[r][6]
            if step.signal is not None:
                self.events[step.signal] = self.clock[d]
            self.pos[d] += 1

    # -- the walk --------------------------------------------------------------------------
    progress: Any = None  # see estimate()

    def run(self) -> None:
        self.bind_args()
        steps = [d.steps for d in self.schedule.devices]
        waiting: set[int] = set()  # devices arrived at a collective
        while True:
            progressed = False
            for k in range(self.n):
                while self.pos[k] < len(steps[k]):
                    i = self.pos[k]
                    step = steps[k][i]
                    if k in waiting:
                        break
                    if any(e not in self.events for e in step.wait):
                        break
                    if step.wait:
                        start = max(self.clock[k], max(self.events[e] for e in step.wait))
                        self.est[k].idle_seconds += start - self.clock[k]
                        self.clock[k] = start
                    progressed = True
                    if isinstance(step, Collective):
                        self.arrive(k, i, step)
                        group = self.groups[step.instance][k]
                        if len(self.arrived[(step.instance, group[0])]) == len(group):
                            waiting.difference_update(group)
                            self.complete(step.instance, group)
                            continue
                        waiting.add(k)
                        break
                    self.run_step(k, i, step)
                    if step.signal is not None:
                        self.events[step.signal] = self.clock[k]
                    self.pos[k] += 1
            if self.progress is not None:
                self.progress(sum(self.pos), sum(map(len, steps)))
                self.progress.devices(sum(1 for p in self.pos if p), sum(1 for p, s in zip(self.pos, steps)
                                                                         if p == len(s)), self.n)
            if all(self.pos[k] == len(steps[k]) for k in range(self.n)):
                return
            if not progressed:
                stuck = [k for k in range(self.n) if self.pos[k] < len(steps[k])]
                where = "; ".join(self.blocked(k, steps[k][self.pos[k]]) for k in stuck[:4])
                raise EstimateError(f"the schedules wait for each other (devices {stuck}): {where}",
                                    steps[stuck[0]][self.pos[stuck[0]]].location)

    def blocked(self, k: int, step) -> str:
        """Why device ``k`` cannot run ``step`` (its next one), for the deadlock error."""
        head = f"device {k} at step {self.pos[k]} ({step.describe()})"
        if isinstance(step, Collective):
            group = self.groups[step.instance][k]
            here = self.arrived.get((step.instance, group[0]), {})
            return f"{head} waits for devices {[d for d in group if d not in here]}"
        return f"{head} waits for event(s) {[e for e in step.wait if e not in self.events]}"

    def result(self, capacity: Optional[int]) -> Estimate:
        for k, s in enumerate(self.stats):
            pool = self.memory.pools[k]
            s.peak_bytes, s.peak_logical_bytes, s.final_bytes = pool.peak, pool.logical_peak, pool.current
            s.allocated_bytes, s.allocations = pool.allocated_bytes, pool.allocations
            s.steps = len(self.schedule.devices[k].steps)
            self.est[k].finish_seconds = self.clock[k]
        for k, n in enumerate(self.collective_sent):  # column sums of the groups' matrices
            if n:
                self.est[k].sent["collective"] = n
        for dst, s in enumerate(self.stats):
            for kind, row in s.received_from.items():
                if kind == "collective":
                    continue
                for src, n in row.items():
                    sent = self.est[src].sent
                    sent[kind] = sent.get(kind, 0) + n
        mesh = self.schedule.mesh
        order = [self.collectives[name] for name in self.schedule.collectives]
        for k in self.bounds:
            self.est[k].collective_bound = True
        for k, s in enumerate(self.stats):
            self.est[k].peak_bound = self.peak_bounds.get(k) == s.peak_bytes
            self.est[k].logical_peak_bound = self.logical_peak_bounds.get(k) == s.peak_logical_bytes
        for loc, name in self.trips.uncounted():
            self.warnings.append(f"{loc}: '{name}' has a dynamic trip count and no --trip-count: its body "
                                 f"(flops, in-body collectives) is counted once (give --trip-count N for every "
                                 f"loop, or --trip-count {loc.line}=N for this one)")
        return Estimate(self.est, order, capacity, self.machine, max(self.clock, default=0.0), mesh.name,
                        tuple(mesh.shape), self.schedule.entry, list(self.notes), list(self.body.values()),
                        dynamic_loops=[{"loop": str(loc), "op": name, "trips": n}
                                       for loc, name, n in self.trips.seen.values()],
                        unmatched_trip_counts=self.trips.unmatched(), warnings=list(self.warnings))


def estimate(schedule: Schedule, *, layout: Optional[BufferLayout] = None, device_memory: Optional[int] = None,
             machine: Optional[Machine] = None, progress: Any = None,
             trips: Union[int, TripCounts, None] = None) -> Estimate:
    """Walk ``schedule`` without allocating data and return its :class:`Estimate`: per device the
    memory and traffic figures of a run under ``layout`` (the run's default buffer layout; None:
    row-major), equal to :class:`meshc.runtime.stats.DeviceStats` of a run (module docstring),
    flops (:func:`kernel_flops`) and the roofline times of ``machine`` (docs/estimate.md, "Time"):
    a kernel takes ``flops / peak_flops``; a copy, peer read or halo exchange ``latency + bytes /
    bandwidth`` of the bytes the device receives; a collective starts when the last member of its
    group arrives and takes ``latency + max received bytes / bandwidth`` for every member (nothing
    for a group of one); waits for events start a step no earlier than the event's step ended.
    ``step_seconds`` is the latest finish. ``device_memory`` (bytes per device, None = unlimited)
    is only compared with the peaks (:meth:`Estimate.over_memory`): the walk never fails for it.
    ``trips``: the trip count of a region step's loop whose trip count is dynamic, for the flops
    and collectives of its body: an int for every such loop, or a :class:`TripCounts` (per loop, by
    source line); a loop without one is counted once, per iteration (said in ``notes`` and
    ``warnings``; ``dynamic_loops`` lists them all, ``unmatched_trip_counts`` the counts no loop
    took); in-body
    collectives count from the steps' body listings, every group member with its own shapes, a
    branch on a computed condition as an upper bound (``DeviceEstimate.collective_bound``,
    ``Estimate.body_collectives``, a note; the peak too when that branch's staging sets it,
    ``DeviceEstimate.peak_bound``).
    ``progress`` (:class:`meshc.progress.Progress`) is told, after each sweep over the devices, the
    steps walked (``progress(done, total)``) and the devices started and finished (``devices``).

    Raises:
        ScheduleError: the schedule does not validate, a buffer's layout cannot hold it.
        EstimateError: the devices wait for each other forever.
        meshc.runtime.collectives.CollectiveError: a collective's buffers do not fit together.
    """
    schedule.validate()
    from meshc.ir.limits import spaced_collections

    with spaced_collections():  # meshc.ir.limits: the walk's state lives until its result is built
        walk = _Walk(schedule, layout or BufferLayout(), machine or Machine(), trips)
        walk.progress = progress
        walk.run()
        return walk.result(device_memory)
