"""What a run of the threaded runtime measured: per-device stats and the
Chrome trace of every device's timeline (DESIGN.md "Runtime model").

Per device (:class:`DeviceStats`): steps and kernels run (by op name),
memory (peak and final physical bytes from the device pool, the logical
peak next to it: the difference is TensorLayout padding), traffic in bytes
the device *received* (peer reads in place, copies, collectives, with the
part of collective traffic that came from peered devices), and time: busy
(running steps) and waiting (for events and for other devices at
collectives). Seconds are wall-clock (``time.perf_counter``).

:meth:`RunStats.chrome_trace` is the Trace Event Format that
chrome://tracing and Perfetto read: ``{"traceEvents": [...]}`` with one
complete event (``"ph": "X"``, ``ts``/``dur`` in microseconds) per step,
``pid`` 0 and ``tid`` = the device, plus thread-name metadata events.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Optional

from meshc.runtime.devices import format_bytes

__all__ = ["DeviceStats", "TraceEvent", "RunStats"]


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
    relayout_ops: int = 0     # linalg.pack / linalg.unpack kernels run (data-tiling relayouts)
    relayout_bytes: int = 0   # bytes those relayouts wrote
    busy_seconds: float = 0.0
    wait_seconds: float = 0.0

    @property
    def padding_bytes(self) -> int:
        """Peak physical minus peak logical bytes (layout padding at the peak)."""
        return self.peak_bytes - self.peak_logical_bytes

    def to_json(self) -> dict:
        return dict(self.__dict__)


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
        """Write :meth:`chrome_trace` as JSON to ``path``."""
        with open(path, "w", encoding="utf-8") as f:
            json.dump(self.chrome_trace(), f)

    def to_json(self) -> dict:
        """Every figure as JSON-ready data (no trace)."""
        return {"wall_seconds": self.wall_seconds, "capacity": self.capacity,
                "devices": [d.to_json() for d in self.devices]}
