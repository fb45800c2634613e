"""Readable schedules (``meshc compile --emit=schedule``) and their memory plan.

:func:`schedule_text` prints a header (entry, mesh, where arguments are
placed, the collective instances, where results are read), then one section
per device: its coordinates, step, kernel and byte counts, and its steps in
order, one line each, with the events a step waits for or signals and the
source location. A halo exchange's line lists its slabs (source device and
buffer box, destination box, mode, bytes) and the device header sums the
bytes its halo exchanges receive. A region step's body listing
(:mod:`meshc.backend.schedule`, "Region steps") follows its line, indented:
each loop (trips or ``dynamic trips``) and branch (static or computed
condition, each branch's collectives), and each collective with its shapes,
its group and, when the caller passes them, the bytes the device receives
per iteration (per run outside a loop). ``--emit=schedule-json`` prints
:meth:`meshc.backend.schedule.Schedule.to_json_text` instead (schema in
:mod:`meshc.backend.schedule`).

:func:`memory_plan` replays each device's steps under the allocation policy
of :mod:`meshc.backend.schedule` without running any kernel: argument
buffers held from the start, Allocate/Free, and the receive chunk
``ceil(input bytes / group size)`` a reduction holds while it runs. Its
per-device peak is the figure the threaded runtime measures (the runtime
keeps one pool per device and each device allocates in its own step order).
Bytes are ``meshc.layout.buffer_bytes`` of the local shape (seed 002: the
physical size under the layout; row-major = numpy's ``nbytes``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Optional

from meshc.backend.schedule import (Allocate, BodyBranch, BodyLoop, BufferLayout, Collective, Copy, Free, HaloExchange,
                                    Kernel, PeerRead, Schedule, Step)

__all__ = ["DeviceMemoryPlan", "memory_plan", "buffer_size", "schedule_text", "render"]

_REDUCING = ("all_reduce", "reduce_scatter")


def buffer_size(shape: tuple[int, ...], dtype: str, layout: Optional[BufferLayout] = None) -> int:
    """Physical bytes of a device buffer of local ``shape`` (elements) and MLIR
    element type ``dtype`` under ``layout`` (None: row-major): what the
    runtime's pool allocates for it (``meshc.layout.buffer_bytes``; element
    types the layout engine does not know count numpy's itemsize).

    Raises:
        meshc.layout.LayoutError: the layout cannot hold the buffer.
        meshc.kernels.errors.KernelError: unknown element type.
    """
    from meshc.kernels.dtypes import numpy_dtype
    from meshc.layout import DTypeError, buffer_bytes

    layout = layout or BufferLayout()
    np_dtype = numpy_dtype(dtype)
    try:
        return buffer_bytes(tuple(shape), np_dtype.name, layout.kind, layout.tile, layout.dtype_override)
    except DTypeError:
        if layout.kind != "row_major" or layout.dtype_override is not None:
            raise
        return math.prod(shape) * np_dtype.itemsize


@dataclass
class DeviceMemoryPlan:
    """Bytes of one device under the allocation policy: ``peak`` (and the
    step index where it is first reached; -1 = the arguments alone),
    ``args`` (argument buffers bound before the first step), ``final``
    (still held after the last step: results and buffers never freed)."""

    device: int
    peak: int = 0
    peak_step: int = -1
    args: int = 0
    final: int = 0


def memory_plan(schedule: Schedule, layout: Optional[BufferLayout] = None) -> list[DeviceMemoryPlan]:
    """Per-device memory figures of ``schedule`` (module docstring); buffers
    whose step gives no layout use ``layout`` (None: row-major)."""
    from meshc.kernels.dtypes import numpy_dtype

    out = []
    for d in schedule.devices:
        k = d.device
        held: dict[str, int] = {}
        raw: dict[str, int] = {}  # numpy bytes of the value a buffer holds (reduction staging)
        plan = DeviceMemoryPlan(k)
        for a in schedule.args:
            if a.device == k:
                held[a.buffer] = buffer_size(a.shape, a.dtype, a.layout or layout)
                raw[a.buffer] = math.prod(a.shape) * numpy_dtype(a.dtype).itemsize
        plan.args = plan.peak = sum(held.values())
        for i, step in enumerate(d.steps):
            extra = 0
            if isinstance(step, Allocate):
                held[step.buffer] = buffer_size(step.shape, step.dtype, step.layout or layout)
                raw[step.buffer] = math.prod(step.shape) * numpy_dtype(step.dtype).itemsize
            elif isinstance(step, PeerRead):
                raw[step.buffer] = _remote_bytes(schedule, step)
            elif isinstance(step, Free):
                held.pop(step.buffer, None)
            elif isinstance(step, Collective):
                spec = schedule.collectives[step.instance]
                group = schedule.mesh.group_size(spec.mesh_axes)  # O(axes), not the O(group) listing
                if spec.kind in _REDUCING and group > 1:
                    extra = math.ceil(raw.get(step.input, 0) / group)
            now = sum(held.values()) + extra
            if now > plan.peak:
                plan.peak, plan.peak_step = now, i
        plan.final = sum(held.values())
        out.append(plan)
    return out


def _remote_bytes(schedule: Schedule, step: PeerRead) -> int:
    """numpy bytes of what a peer read binds (its slice, or the source buffer's shape as allocated)."""
    from meshc.kernels.dtypes import numpy_dtype

    source = None
    for s in schedule.devices[step.src_device].steps:
        if isinstance(s, Allocate) and s.buffer == step.src_buffer:
            source = (s.shape, s.dtype)
    for a in schedule.args:
        if a.device == step.src_device and a.buffer == step.src_buffer:
            source = (a.shape, a.dtype)
    if source is None:
        return 0
    shape = step.sizes if step.sizes is not None else source[0]
    return math.prod(shape) * numpy_dtype(source[1]).itemsize


# -- text -------------------------------------------------------------------------------------------------------


def _devices_text(devices: list[int]) -> str:
    if len(devices) > 2 and devices == list(range(devices[0], devices[-1] + 1)):
        return f"{devices[0]}-{devices[-1]}"
    return ", ".join(map(str, devices))


class _ValueNames:
    """Printed names (``%h``) of op results, as the IR dump of their function shows them."""

    def __init__(self) -> None:
        self.printers: dict = {}

    def of(self, op) -> str:
        from meshc.ir.printer import Printer

        func = op
        while func.parent_op is not None and func.name != "func.func":
            func = func.parent_op
        p = self.printers.get(id(func))
        if p is None:
            p = self.printers[id(func)] = Printer()
            p.print_op(func)
        return ", ".join("%" + p.name_value(r) for r in op.results)


def _step_line(i: int, step: Step, names: _ValueNames) -> str:
    text = step.describe()
    if isinstance(step, Kernel) and step.op.results:
        text = f"kernel {names.of(step.op)} = {text[len('kernel '):]}"
    line = f"  {i:4d}  {text}"
    if step.wait:
        line += f"  [waits {', '.join(step.wait)}]"
    if step.signal is not None:
        line += f"  [signals {step.signal}]"
    loc = step.location
    if loc.known and not isinstance(step, Free):
        line += f"  // {loc}"
    return line


def _body_lines(nodes, device: int, schedule: Schedule, sizes: Optional[dict], depth: int,
                in_loop: bool) -> list[str]:
    """The lines of a region step's body listing (module docstring), indented by ``depth``."""
    pad = "        " + "  " * depth
    lines = []
    for n in nodes:
        where = f"  // {n.location}" if n.location.known else ""
        if isinstance(n, BodyLoop):
            lines.append(f"{pad}{n.describe()}{where}")
            lines += _body_lines(n.body, device, schedule, sizes, depth + 1, True)
        elif isinstance(n, BodyBranch):
            bound = " (its bytes are an upper bound)" if n.taken is None else ""
            lines.append(f"{pad}{n.describe()}{bound}{where}")
            for i, b in enumerate(n.branches):
                lines.append(f"{pad}  branch {i}:" + ("" if b else " no collective"))
                lines += _body_lines(b, device, schedule, sizes, depth + 2, in_loop)
        else:
            group = schedule.mesh.axis_group(device, n.mesh_axes)
            nbytes = None if sizes is None else sizes.get(n.instance)
            per = "iteration" if in_loop else "run"
            got = f", {nbytes} B per {per}" if nbytes is not None else ""
            lines.append(f"{pad}{n.describe()}, group [{_devices_text(group)}]{got}{where}")
    return lines


def schedule_text(schedule: Schedule, layout: Optional[BufferLayout] = None,
                  body_bytes: Optional[list] = None) -> str:
    """The readable form of ``schedule`` (module docstring); byte figures use
    ``layout`` for buffers whose step gives none (None: row-major). ``body_bytes``: per device, the
    bytes each in-body collective (by instance) receives on one run
    (:func:`meshc.runtime.estimate.body_bytes`, the runtimes' model), printed on its line; None
    leaves them out."""
    mesh = schedule.mesh
    n = mesh.num_devices
    lines = [f"// meshc schedule of @{schedule.entry or '?'} on mesh @{mesh.name}: shape {mesh.shape_str()}, "
             f"peered axes {list(mesh.peered_axes)}, {n} device{'s' if n != 1 else ''}"]
    for a in schedule.args:
        lines.append(f"// argument #{a.index} -> device {a.device} '{a.buffer}' "
                     f"{'x'.join(map(str, a.shape + (a.dtype,)))}")
    for spec in schedule.collectives.values():
        where = f"  // {spec.location}" if spec.location.known else ""
        lines.append(f"// collective {spec.describe()}, devices {_devices_text(list(schedule.participants(spec)))}"
                     + where)
    for r in schedule.results:
        lines.append(f"// result #{r.index} <- device {r.device} '{r.buffer}'")
    plans = memory_plan(schedule, layout)
    names = _ValueNames()
    for d, plan in zip(schedule.devices, plans):
        kernels = sum(isinstance(s, Kernel) for s in d.steps)
        moves = sum(isinstance(s, (PeerRead, Copy)) for s in d.steps)
        coords = ", ".join(map(str, mesh.device_coords(d.device)))
        lines.append("")
        lines.append(f"device {d.device} (coords [{coords}]): {len(d.steps)} steps, {kernels} kernels, "
                     f"{moves} peer reads/copies{_halo_summary(d.steps)}; peak {plan.peak} bytes, arguments "
                     f"{plan.args} bytes")
        sizes = body_bytes[d.device] if body_bytes is not None else None
        for i, s in enumerate(d.steps):
            lines.append(_step_line(i, s, names))
            if isinstance(s, Kernel) and s.body:
                lines += _body_lines(s.body, d.device, schedule, sizes, 0, False)
    return "\n".join(lines) + "\n"


def _json_collectives(nodes):
    """The collective nodes of a JSON body listing, nested ones included."""
    for n in nodes:
        if n["node"] == "collective":
            yield n
        elif n["node"] == "loop":
            yield from _json_collectives(n["body"])
        else:
            for b in n["branches"]:
                yield from _json_collectives(b)


def _halo_summary(steps: list) -> str:
    """``, 1 halo exchange receiving 48 B (peer read 0 B, copy 48 B)`` for a device with halo exchanges."""
    halos = [s for s in steps if isinstance(s, HaloExchange)]
    if not halos:
        return ""
    peer = sum(h.bytes_by_mode()["peer_read"] for h in halos)
    copy = sum(h.bytes_by_mode()["copy"] for h in halos)
    n = len(halos)
    return (f", {n} halo exchange{'s' if n != 1 else ''} receiving {peer + copy} B (peer read {peer} B, copy "
            f"{copy} B)")


def render(schedule: Schedule, emit: str, body_bytes: Optional[list] = None) -> str:
    """``schedule`` as ``meshc compile --emit`` prints it: ``schedule`` (text)
    or ``schedule-json`` (schema version 1, indented, newline-terminated).
    ``body_bytes`` (see :func:`schedule_text`): in the JSON, each in-body
    collective node also gets its ``group`` and ``bytes`` per run
    (informative: readers recompute them from the shapes).

    Raises:
        ValueError: another ``emit`` kind.
    """
    if emit == "schedule":
        return schedule_text(schedule, body_bytes=body_bytes)
    if emit == "schedule-json":
        if body_bytes is None:
            return schedule.to_json_text(indent=2) + "\n"
        import json

        data = schedule.to_json()
        for d, dev in zip(data["devices"], schedule.devices):
            for step in d["steps"]:
                for node in _json_collectives(step.get("body", ())):
                    node["group"] = schedule.mesh.axis_group(dev.device, node["mesh_axes"])
                    if node["instance"] in body_bytes[dev.device]:
                        node["bytes"] = body_bytes[dev.device][node["instance"]]
        return json.dumps(data, indent=2) + "\n"
    raise ValueError(f"unknown schedule format '{emit}' (schedule, schedule-json)")
