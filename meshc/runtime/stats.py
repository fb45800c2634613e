"""What a run of the threaded runtime measured: per-device stats and the
Chrome trace of every device's timeline (DESIGN.md "Runtime model").

Per device (:class:`DeviceStats`): steps and kernels run (by op name),
memory (peak and final physical bytes from the device pool, the logical
peak next to it: the difference is TensorLayout padding), traffic in bytes
the device *received* (peer reads in place, copies, collectives, with the
part of collective traffic that came from peered devices), and time: busy
(running steps) and waiting (for events and for other devices at
collectives). Seconds are wall-clock (``time.perf_counter``).

Traffic per pair of devices: every transfer a device receives is also
recorded by source and kind (:meth:`DeviceStats.record_transfer`,
``received_from[kind][src]`` bytes; kinds :data:`TRANSFER_KINDS`), so
:meth:`RunStats.transfer_matrix` gives ``matrix[dst][src]``, whose row ``dst``
sums to that device's ``peer_read_bytes``, ``copy_bytes`` and/or
``collective_bytes``. Collective bytes per pair follow the planner's cost
model, :func:`meshc.sharding.reshard.transfer_matrix` (the runtime takes
each member's row of it): ``all_gather``: from every other member of the
group, that member's shard; ``all_to_all``: from each other member, its
block of the receiver's new range; ``reduce_scatter``: from each other
member, the part of its buffer that becomes the receiver's shard;
``all_reduce`` of an ``n``-element buffer over ``g`` devices, counted as the
bandwidth-optimal reduce-scatter + all-gather of the flattened buffer cut
into ``g`` balanced chunks: receiver ``r`` gets from each other member ``s``
chunk ``r`` (reduce-scatter) and chunk ``s`` (all-gather), i.e. ``size(chunk
r) + size(chunk s)`` elements, so for an even split every pair moves ``2 n /
g`` elements and each row sums to ``2 (g - 1) n / g``; ``all_slice``:
nothing.

:meth:`RunStats.chrome_trace` is the Trace Event Format that
chrome://tracing and Perfetto read: ``{"traceEvents": [...]}`` with one
complete event (``"ph": "X"``, ``ts``/``dur`` in microseconds) per step,
``pid`` 0 and ``tid`` = the device, plus thread-name metadata events.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Mapping, Optional, Sequence

from meshc.runtime.devices import format_bytes

__all__ = ["TRANSFER_KINDS", "TransferError", "DeviceStats", "TraceEvent", "RunStats"]

#: Kinds of received traffic, with the :class:`DeviceStats` field each one adds to.
TRANSFER_KINDS = {"peer_read": "peer_read_bytes", "copy": "copy_bytes", "collective": "collective_bytes"}


class TransferError(ValueError):
    """A transfer kind that is not one of :data:`TRANSFER_KINDS`, a negative byte count, or a
    source device outside the run's devices."""


@dataclass
class DeviceStats:
    """Figures of one device over a run (bytes, counts, seconds)."""

    device: int
    steps: int = 0
    kernels: int = 0
    kernels_by_op: dict[str, int] = field(default_factory=dict)
    peak_bytes: int = 0
    peak_logical_bytes: int = 0
    final_bytes: int = 0
    allocated_bytes: int = 0
    allocations: int = 0
    peer_read_bytes: int = 0
    copy_bytes: int = 0
    collective_bytes: int = 0
    collective_peer_bytes: int = 0
    tile_bytes: int = 0       # of the peer read and copy bytes, those copied tile by tile (meshc.backend.peer_tile)
    relayout_ops: int = 0     # linalg.pack / linalg.unpack kernels run (data-tiling relayouts)
    relayout_bytes: int = 0   # bytes those relayouts wrote
    busy_seconds: float = 0.0
    wait_seconds: float = 0.0
    received_from: dict[str, dict[int, int]] = field(default_factory=dict)  # kind -> source device -> bytes

    def record_transfer(self, src: int, nbytes: int, kind: str) -> None:
        """Count ``nbytes`` bytes this device received from device ``src`` by ``kind``
        (``peer_read``, ``copy`` or ``collective``). Only the per-pair table: the caller
        adds the same bytes to the kind's total field (``peer_read_bytes``...). Called by
        the device's own thread (or rank), so no lock.

        Raises:
            TransferError: an unknown kind or negative bytes.
        """
        if kind not in TRANSFER_KINDS:
            raise TransferError(f"unknown transfer kind '{kind}' (kinds: {', '.join(TRANSFER_KINDS)})")
        if nbytes < 0:
            raise TransferError(f"device {self.device} received {nbytes} bytes from device {src}: must be >= 0")
        if nbytes:
            row = self.received_from.setdefault(kind, {})
            row[src] = row.get(src, 0) + int(nbytes)

    def record_transfers(self, sources: Mapping[int, int], kind: str) -> None:
        """:meth:`record_transfer` for each ``{source device: bytes}`` of ``sources``."""
        for src, nbytes in sources.items():
            self.record_transfer(src, nbytes, kind)

    def received(self, kind: Optional[str] = None) -> dict[int, int]:
        """Bytes received per source device: of ``kind``, or of every kind summed (None)."""
        kinds = TRANSFER_KINDS if kind is None else (kind,)
        out: dict[int, int] = {}
        for k in kinds:
            for src, n in self.received_from.get(k, {}).items():
                out[src] = out.get(src, 0) + n
        return out

    @property
    def padding_bytes(self) -> int:
        """Peak physical minus peak logical bytes (layout padding at the peak)."""
        return self.peak_bytes - self.peak_logical_bytes

    def to_json(self) -> dict:
        out = dict(self.__dict__)
        out["received_from"] = {k: {str(src): n for src, n in sorted(row.items())}
                                for k, row in self.received_from.items()}
        return out


@dataclass(frozen=True)
class TraceEvent:
    """One step on one device's timeline: ``start``/``end`` in seconds from
    the start of the run; ``category`` is the step kind."""

    device: int
    name: str
    category: str
    start: float
    end: float
    args: Optional[dict] = None


@dataclass
class RunStats:
    """Stats of every device (``devices[k]`` is device k's), the run's wall
    time, the pool capacity (None = unlimited) and the trace events."""

    devices: list[DeviceStats]
    wall_seconds: float = 0.0
    capacity: Optional[int] = None
    events: list[TraceEvent] = field(default_factory=list)

    def total(self, name: str) -> Any:
        """Sum of field ``name`` over the devices."""
        return sum(getattr(d, name) for d in self.devices)

    def transfer_matrix(self, kinds: Optional[Sequence[str]] = None) -> list[list[int]]:
        """``matrix[dst][src]``: bytes device ``dst`` received from device ``src``, summed over
        ``kinds`` (default: every kind of :data:`TRANSFER_KINDS`); square over the devices, zero
        diagonal. Row ``dst`` sums to the sum of the kinds' fields of device ``dst`` (e.g.
        ``collective_bytes`` for ``kinds=["collective"]``).

        Raises:
            TransferError: an unknown kind, or a recorded source outside the devices.
        """
        chosen = list(TRANSFER_KINDS) if kinds is None else list(kinds)
        for kind in chosen:
            if kind not in TRANSFER_KINDS:
                raise TransferError(f"unknown transfer kind '{kind}' (kinds: {', '.join(TRANSFER_KINDS)})")
        n = len(self.devices)
        matrix = [[0] * n for _ in range(n)]
        for dst, d in enumerate(self.devices):
            for kind in chosen:
                for src, nbytes in d.received_from.get(kind, {}).items():
                    if not 0 <= src < n:
                        raise TransferError(f"device {dst} received {nbytes} bytes from device {src}, but the run "
                                            f"has devices 0-{n - 1}")
                    matrix[dst][src] += nbytes
        return matrix

    def table(self) -> str:
        """A fixed-width table, one row per device, bytes in bytes."""
        cols = ("device", "kernels", "peak B", "logical peak B", "peer read B", "copy B", "collective B",
                "busy s", "wait s")
        rows = [cols]
        for d in self.devices:
            rows.append((str(d.device), str(d.kernels), str(d.peak_bytes), str(d.peak_logical_bytes),
                         str(d.peer_read_bytes), str(d.copy_bytes), str(d.collective_bytes),
                         f"{d.busy_seconds:.4f}", f"{d.wait_seconds:.4f}"))
        widths = [max(len(r[i]) for r in rows) for i in range(len(cols))]
        lines = ["  ".join(v.rjust(w) for v, w in zip(r, widths)) for r in rows]
        lines.append(f"wall {self.wall_seconds:.4f} s; device memory {format_bytes(self.capacity)} per device")
        return "\n".join(lines)

    def chrome_trace(self) -> dict:
        """The trace as Trace Event Format data (module docstring)."""
        out: list[dict] = [{"name": "process_name", "ph": "M", "pid": 0, "tid": 0,
                            "args": {"name": "meshc runtime"}}]
        for d in self.devices:
            out.append({"name": "thread_name", "ph": "M", "pid": 0, "tid": d.device,
                        "args": {"name": f"device {d.device}"}})
            out.append({"name": "thread_sort_index", "ph": "M", "pid": 0, "tid": d.device,
                        "args": {"sort_index": d.device}})
        for e in self.events:
            event = {"name": e.name, "cat": e.category, "ph": "X", "pid": 0, "tid": e.device,
                     "ts": round(e.start * 1e6, 3), "dur": round((e.end - e.start) * 1e6, 3)}
            if e.args:
                event["args"] = e.args
            out.append(event)
        return {"traceEvents": out, "displayTimeUnit": "ms"}

    def write_chrome_trace(self, path: str) -> None:
        """Write :meth:`chrome_trace` as JSON to ``path`` (:func:`meshc.output_files.write_file`:
        a regular file atomically, a device or FIFO in place).

        Raises:
            DiagnosticError: the file cannot be written (naming it and the reason).
        """
        from meshc.output_files import write_file

        write_file(path, lambda f: json.dump(self.chrome_trace(), f), what="trace file", dash_is_stdout=False)

    def to_json(self) -> dict:
        """Every figure as JSON-ready data (no trace)."""
        return {"wall_seconds": self.wall_seconds, "capacity": self.capacity,
                "devices": [d.to_json() for d in self.devices]}
