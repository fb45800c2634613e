"""Device memory pools of the threaded runtime (DESIGN.md "Runtime model").

Each simulated device owns a :class:`DevicePool` with a capacity in bytes
(``--device-memory 16GiB``; default unlimited). Every buffer of the device is
allocated through it, sized by its TensorLayout (seed 002):
``meshc.layout.buffer_bytes(local_shape, dtype, layout=..., tile=...,
dtype_override=...)`` bytes, the *physical* size (the default row-major
layout gives numpy's ``nbytes``); the *logical* size (elements times element
bits, ``meshc.layout.logical_bytes``) is tracked next to it, so the padding a
layout adds shows up in the stats. Current and peak bytes of both are kept
per device. What is allocated when is the schedule's allocation policy
(:mod:`meshc.backend.schedule`); the pool only counts.

Running out of memory raises :class:`OutOfDeviceMemory` naming the device,
the buffer, the bytes asked for and the usage table of every device.
"""

from __future__ import annotations

import math
import re
import threading
from typing import Optional, Sequence

from meshc.backend.schedule import BufferLayout
from meshc.ir.location import UNKNOWN_LOC, DiagnosticError, Location

__all__ = ["parse_bytes", "format_bytes", "buffer_sizes", "OutOfDeviceMemory", "DevicePool", "DeviceMemory",
           "MemoryFlagError", "map_large_host_buffers", "LARGE_BUFFER_BYTES"]

LARGE_BUFFER_BYTES = 4 << 20
"""Host allocations of at least this many bytes get a memory mapping of their own
(:func:`map_large_host_buffers`): numpy's threshold for asking for transparent huge pages, so that
a fresh mapping costs a few page faults."""


def map_large_host_buffers(threshold: int = LARGE_BUFFER_BYTES) -> bool:
    """Make the C allocator serve every allocation of ``threshold`` bytes or more from a memory
    mapping of its own, unmapped when freed, for the rest of the process (``mallopt(M_MMAP_THRESHOLD)``,
    glibc). glibc's default starts at 128 KiB but raises the threshold after each free of a mapped
    block (up to 32 MiB), after which freed buffers stay in the heap of the thread that allocated
    them: with one thread per device, every device keeps the previous call's buffers, and the
    process's peak resident memory grows with each call (a 4096^3 matmul on 8 devices: 339 MiB for
    one call, 356 MiB for three, 289 MiB with this). A zero-filled buffer (``tensor.empty``,
    ``linalg.fill`` of 0) from a fresh mapping also stays unwritten until a kernel writes it.
    ``meshc run`` calls this at start; a program embedding meshc decides for itself. Returns
    whether the allocator took it (False off glibc: nothing changes)."""
    import ctypes

    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return False
    m_mmap_threshold = -3  # glibc's malloc.h
    return bool(mallopt(m_mmap_threshold, int(threshold)))

_UNITS = {"": 1, "b": 1, "kb": 1000, "mb": 1000 ** 2, "gb": 1000 ** 3, "tb": 1000 ** 4,
          "kib": 1024, "mib": 1024 ** 2, "gib": 1024 ** 3, "tib": 1024 ** 4}
_SIZE = re.compile(r"\s*([0-9]+(?:\.[0-9]*)?)\s*([A-Za-z]*)\s*")


class MemoryFlagError(ValueError):
    """A device memory size that does not parse (``--device-memory``)."""


def parse_bytes(text: "str | int") -> int:
    """Bytes in ``text``: ``"16GiB"`` = 16 * 2**30, ``"512MB"`` = 512 * 10**6,
    ``"1.5KiB"`` = 1536, ``"4096"`` = 4096 (binary units KiB MiB GiB TiB,
    decimal KB MB GB TB, case-insensitive; rounded down to whole bytes).

    Raises:
        MemoryFlagError: not a non-negative number with a known unit.
    """
    if isinstance(text, int) and not isinstance(text, bool):
        if text < 0:
            raise MemoryFlagError(f"device memory must be >= 0 bytes, got {text}")
        return text
    m = _SIZE.fullmatch(str(text))
    unit = m.group(2).lower() if m else None
    if m is None or unit not in _UNITS:
        raise MemoryFlagError(f"cannot read '{text}' as a memory size (examples: 16GiB, 512MiB, 8GB, 4096)")
    return int(float(m.group(1)) * _UNITS[unit])


def format_bytes(n: Optional[int]) -> str:
    """``1536`` -> ``"1.50 KiB"``; ``None`` -> ``"unlimited"``."""
    if n is None:
        return "unlimited"
    if n < 1024:
        return f"{n} B"
    for unit in ("KiB", "MiB", "GiB", "TiB"):
        n /= 1024
        if n < 1024 or unit == "TiB":
            return f"{n:.2f} {unit}"
    return f"{n} B"  # pragma: no cover


_SIZES: dict = {}
_SIZES_LOCK = threading.Lock()


def buffer_sizes(shape: Sequence[int], dtype: str, layout: BufferLayout) -> tuple[int, int]:
    """``(physical, logical)`` bytes of a device buffer of local ``shape``
    (elements) and MLIR element type ``dtype`` under ``layout``.

    Element types the layout engine does not know (f8 variants...) are
    accounted as numpy stores them (``itemsize`` per element) when the
    layout is row-major.

    Raises:
        meshc.layout.LayoutError: the layout cannot hold the buffer (a tile
            layout for an unknown element type, a bad tile...).
        meshc.kernels.errors.KernelError: unknown element type.
    """
    key = (tuple(shape), dtype, layout)
    hit = _SIZES.get(key)
    if hit is not None:
        return hit
    from meshc.kernels.dtypes import numpy_dtype
    from meshc.layout import DTypeError, buffer_bytes, logical_bytes

    np_name = numpy_dtype(dtype).name
    try:
        sizes = (buffer_bytes(tuple(shape), np_name, layout.kind, layout.tile, layout.dtype_override),
                 logical_bytes(tuple(shape), np_name, layout.dtype_override))
    except DTypeError:
        if layout.kind != "row_major" or layout.dtype_override is not None:
            raise
        n = math.prod(shape) * numpy_dtype(dtype).itemsize
        sizes = (n, n)
    with _SIZES_LOCK:
        _SIZES[key] = sizes
    return sizes


class OutOfDeviceMemory(DiagnosticError):
    """A device's pool cannot hold a new buffer. ``device``, ``buffer``,
    ``requested`` and ``available`` (bytes) say which; ``table`` is every
    device's usage when it happened."""

    def __init__(self, device: int, buffer: str, requested: int, available: int, capacity: int, table: str,
                 location: Location = UNKNOWN_LOC):
        self.device, self.buffer, self.requested, self.available = device, buffer, requested, available
        self.table = table
        super().__init__(
            f"device {device} is out of memory: buffer '{buffer}' needs {requested} bytes "
            f"({format_bytes(requested)}) but only {available} of its {capacity} bytes ({format_bytes(capacity)}) "
            f"are free\n{table}", location)


class DevicePool:
    """The memory of one device: ``capacity`` bytes (None = unlimited).

    Tracks ``current``/``peak`` physical bytes, ``logical_current``/
    ``logical_peak`` logical bytes, ``allocations`` (count) and
    ``allocated_bytes`` (sum of every allocation's physical bytes) over the
    run. Buffers are named; a name is held at most once. Thread-safe (the
    device's thread allocates; others read the figures for error tables).
    """

    def __init__(self, device: int, capacity: Optional[int] = None, memory: Optional["DeviceMemory"] = None):
        self.device = device
        self.capacity = capacity
        self.memory = memory
        self.current = self.peak = 0
        self.logical_current = self.logical_peak = 0
        self.allocations = 0
        self.allocated_bytes = 0
        self._held: dict[str, tuple[int, int]] = {}  # name -> (physical, logical) bytes
        self._lock = threading.Lock()

    def allocate(self, name: str, physical: int, logical: int, location: Location = UNKNOWN_LOC) -> None:
        """Hold ``physical`` bytes (``logical`` of them data) for buffer ``name``.

        Raises:
            OutOfDeviceMemory: more than the capacity would be in use.
            ValueError: ``name`` is already held (a schedule bug).
        """
        with self._lock:
            if name in self._held:
                raise ValueError(f"device {self.device}: buffer '{name}' is allocated twice")
            if self.capacity is not None and self.current + physical > self.capacity:
                available = self.capacity - self.current
                table = self.memory.usage_table() if self.memory is not None else self.usage_line()
                raise OutOfDeviceMemory(self.device, name, physical, available, self.capacity, table, location)
            self._held[name] = (physical, logical)
            self.current += physical
            self.logical_current += logical
            self.allocations += 1
            self.allocated_bytes += physical
            if self.current > self.peak:
                self.peak = self.current
            if self.logical_current > self.logical_peak:
                self.logical_peak = self.logical_current

    def free(self, name: str) -> int:
        """Release buffer ``name``; returns its physical bytes.

        Raises:
            KeyError: ``name`` is not held.
        """
        with self._lock:
            physical, logical = self._held.pop(name)
            self.current -= physical
            self.logical_current -= logical
            return physical

    def take(self, entries: tuple, physical: int, logical: int, location: Location = UNKNOWN_LOC,
             released: tuple = ()) -> None:
        """:meth:`release` each of ``released`` (the Free steps that came before), then
        :meth:`allocate` each ``(name, (physical, logical))`` of ``entries`` (``physical`` and
        ``logical``: their sums) at once, as the device's own thread does for the Allocate steps
        before a kernel: the same checks and errors (the first buffer that does not fit is named),
        the counters updated once. Called by the device's own thread only (the one thread that changes
        its pool), so it takes no lock: other threads only read the counters and :meth:`held`'s
        snapshot."""
        held = self._held
        for name in released:
            entry = held.pop(name, None)
            if entry is not None:
                self.current -= entry[0]
                self.logical_current -= entry[1]
        if self.capacity is not None and self.current + physical > self.capacity:
            for name, (p, lg) in entries:
                self.allocate(name, p, lg, location)
            return
        for name, sizes in entries:
            if name in held:
                raise ValueError(f"device {self.device}: buffer '{name}' is allocated twice")
        for name, sizes in entries:
            held[name] = sizes
        current = self.current = self.current + physical
        self.logical_current += logical
        self.allocations += len(entries)
        self.allocated_bytes += physical
        if current > self.peak:
            self.peak = current
        if self.logical_current > self.logical_peak:
            self.logical_peak = self.logical_current

    def take_run(self, removed: tuple, added: dict, rise: Optional[int], logical_rise: Optional[int], net: int,
                 logical_net: int, allocations: int, nbytes: int) -> bool:
        """Charge the pool at once for a run of steps whose figures were worked out beforehand (by
        following the pool's contents through the steps: :class:`meshc.runtime.engine.DevicePlan`):
        ``removed`` ``(name, (physical, logical))`` held now and released by the run, ``added``
        name -> sizes held after it, ``rise``/``logical_rise`` the highest physical/logical bytes
        above the current ones while it runs (None: it allocates nothing), ``net``/``logical_net``
        the change at its end, ``allocations`` and ``nbytes`` (physical) it allocates. The figures
        (current, peak, logical, allocation count and bytes) end as the step-by-step
        :meth:`take`/:meth:`release_all` would leave them. Returns False, changing nothing, when
        the run might not fit the capacity or the pool does not hold what the run expects (the
        caller then runs it step by step, which raises where it fails). The device's own thread
        only, as :meth:`take`."""
        held = self._held
        if rise is not None and self.capacity is not None and self.current + rise > self.capacity:
            return False
        for name, sizes in removed:
            if held.get(name) != sizes:
                return False
        for name, sizes in removed:
            del held[name]
        for name in added:
            if name in held:
                for n, sizes in removed:
                    held[n] = sizes
                return False
        held.update(added)
        current, logical = self.current, self.logical_current
        if rise is not None:
            if current + rise > self.peak:
                self.peak = current + rise
            if logical + logical_rise > self.logical_peak:  # type: ignore[operator]
                self.logical_peak = logical + logical_rise  # type: ignore[operator]
        self.current = current + net
        self.logical_current = logical + logical_net
        self.allocations += allocations
        self.allocated_bytes += nbytes
        return True

    def snapshot(self) -> tuple:
        """The pool's figures now, for :meth:`restore`."""
        return (self.current, self.peak, self.logical_current, self.logical_peak, self.allocations,
                self.allocated_bytes)

    def restore(self, snapshot: tuple, run: tuple) -> None:
        """Undo a :meth:`take_run` of ``run`` (its arguments) made right after ``snapshot``."""
        removed, added = run[0], run[1]
        held = self._held
        for name in added:
            held.pop(name, None)
        for name, sizes in removed:
            held[name] = sizes
        (self.current, self.peak, self.logical_current, self.logical_peak, self.allocations,
         self.allocated_bytes) = snapshot

    def release_all(self, names: tuple) -> None:
        """:meth:`release` each of ``names``."""
        held = self._held
        for name in names:  # the device's own thread only, as take()
            entry = held.pop(name, None)
            if entry is not None:
                self.current -= entry[0]
                self.logical_current -= entry[1]

    def release(self, name: str) -> None:
        """Release buffer ``name`` if it is held here (a Free step of a buffer the device never
        allocated, e.g. a peer-read view, releases nothing)."""
        with self._lock:
            entry = self._held.pop(name, None)
            if entry is not None:
                self.current -= entry[0]
                self.logical_current -= entry[1]

    def holds(self, name: str) -> bool:
        """Whether buffer ``name`` is allocated here."""
        return name in self._held

    def held(self) -> dict[str, int]:
        """Physical bytes of every buffer held now, by name."""
        with self._lock:
            return {k: e[0] for k, e in list(self._held.items())}  # a snapshot: take() adds without the lock

    def usage_line(self) -> str:
        """This device's row of the usage table."""
        return (f"{self.device:>6}  {self.current:>14}  {self.peak:>14}  {_cap(self.capacity):>14}  "
                f"{len(self._held):>7}")


def _cap(capacity: Optional[int]) -> str:
    return "unlimited" if capacity is None else str(capacity)


class DeviceMemory:
    """The pools of all devices (``pools[k]`` is device k's), each of
    ``capacity`` bytes (None = unlimited)."""

    HEADER = f"{'device':>6}  {'in use (B)':>14}  {'peak (B)':>14}  {'capacity (B)':>14}  {'buffers':>7}"

    def __init__(self, num_devices: int, capacity: Optional[int] = None):
        self.capacity = capacity
        self.pools = [DevicePool(k, capacity, self) for k in range(num_devices)]

    def usage_table(self) -> str:
        """Per-device bytes in use, peak bytes, capacity and live buffer count."""
        return "\n".join([self.HEADER] + [p.usage_line() for p in self.pools])
