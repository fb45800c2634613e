"""``meshc estimate``: per-device memory, traffic, flops and a modeled step time, without running.

The program is read, sharded and compiled exactly as ``meshc run`` does it (the same options, taken
from ``run``'s declarations: ``--mesh-shape``, ``--mesh``/``--shard``/``--shardings-from``,
``--auto-shard``/``--batch-arg``/``--explain``, ``-p``, ``--entry``, ``--device-memory``, ``--layout``/``--tile``/
``--dtype-override``, ``--target``); then :func:`meshc.runtime.estimate.estimate` walks the
per-device schedules without allocating any data, so a 7B-parameter layer costs what its step
count costs. Its memory and traffic figures are those ``meshc run --stats`` measures (docs/estimate.md).

Output: a table per device (kernels, flops, physical and logical peak bytes, bytes received by peer
read / copy / collective and sent, modeled seconds), a table per collective instance, and a summary
line; ``--json`` prints the documented JSON instead. ``--peak-flops``, ``--bandwidth`` and
``--latency`` set the roofline. A device whose peak exceeds ``--device-memory`` is reported (device
and peak) and the estimate still succeeds, unless ``--fail-on-oom`` (then exit 1).
"""

from __future__ import annotations

import json
import sys
from typing import Any, Optional

import click

from meshc.commands import run as _run
from meshc.commands._annotate_options import annotation_options, auto_shard_options, shard_module
from meshc.commands._common import (EXIT_USER_ERROR, FiniteFloat, MeshcCommand, check_mesh_shape_names,
                                    parse_mesh_shapes, pipeline_for, read_input)

#: ``meshc run`` options that ``estimate`` takes as they are (their declarations are shared, not copied).
SHARED_RUN_OPTIONS = ("entry", "pipeline", "mesh_shape", "device_memory", "buffer_layout", "tile", "dtype_override",
                      "target", "arg_shape", "fuse_regions", "peer_tile")


def _shared_options(fn):
    """Add ``meshc run``'s declarations of :data:`SHARED_RUN_OPTIONS` to the command ``fn``."""
    params = {p.name: p for p in _run.command.params}
    fn.params[1:1] = [params[name] for name in SHARED_RUN_OPTIONS]
    return fn


@_shared_options
@click.command(name="estimate", cls=MeshcCommand)
@click.argument("input_path", metavar="INPUT")
@click.option("--peak-flops", default=100e12, type=FiniteFloat(min=0, min_open=True),
              metavar="FLOP/S", help="Roofline: flops per second of each device (default 1e14).")
@click.option("--bandwidth", default=100e9, type=FiniteFloat(min=0, min_open=True),
              metavar="B/S", help="Roofline: bytes per second a device receives over its link (default 1e11).")
@click.option("--latency", default=5e-6, type=FiniteFloat(min=0), metavar="SECONDS",
              help="Roofline: seconds added per collective and per copy, peer read or halo exchange (default 5e-6).")
@click.option("--trip-count", "trip_count", multiple=True, metavar="[LINE[:COL]=]N",
              help="Trips of a loop with a dynamic trip count (an scf.for of computed bounds, an scf.while), for "
                   "its body's flops and collectives: N for every such loop, LINE=N (LINE:COL=N) for the one "
                   "written at that line of INPUT (repeatable; a per-loop count wins). A count that names no "
                   "such loop is an error; a dynamic loop without one is counted once, with a warning.")
@click.option("--json", "as_json", is_flag=True, help="Print the estimate as JSON (docs/estimate.md) instead of tables.")
@click.option("--fail-on-oom", is_flag=True,
              help="Exit 1 when a device's peak exceeds --device-memory (default: report it and succeed).")
@annotation_options
@auto_shard_options
def command(input_path: str, peak_flops: float, bandwidth: float, latency: float, as_json: bool, fail_on_oom: bool,
            entry: Optional[str] = None, pipeline: Optional[str] = None, mesh_shape: tuple[str, ...] = (),
            device_memory: Optional[str] = None, buffer_layout: str = "row-major", tile: str = "32x32",
            dtype_override: Optional[str] = None, target: str = "none", annotations: Any = None,
            auto_shard: Optional[str] = None, explain: bool = False, arg_shape: tuple[str, ...] = (),
            fuse_regions: bool = True, trip_count: tuple[str, ...] = ()) -> None:
    """Per-device memory, traffic, flops and modeled step time, without running."""
    from meshc.runtime.estimate import TripCounts

    try:
        trips = TripCounts.parse(trip_count)
    except ValueError as err:
        raise click.BadParameter(str(err), param_hint="'--trip-count'") from None
    ctx = click.get_current_context()
    if ctx.get_parameter_source("tile") == click.core.ParameterSource.COMMANDLINE:
        _run._tile_pair(tile)
        from meshc.layout import LayoutError, check_options_apply

        try:  # as meshc run: an option that does not apply to the layout is an error
            check_options_apply(buffer_layout, ["--tile"])
        except LayoutError as err:
            raise click.UsageError(str(err)) from None
    layout = _run._layout(buffer_layout, tile, dtype_override)
    memory = None if device_memory is None else _run._memory(device_memory)
    shapes = parse_mesh_shapes(mesh_shape)
    import meshc.api as mc
    from meshc.runtime.estimate import Machine, estimate
    from meshc.runtime.interpreter import entry_function

    text, name = read_input(input_path)
    module = mc.parse(text, name)
    entry_function(module, entry, purpose="estimate")  # --entry names a function; or there is one to estimate
    shard_module(module, entry, annotations, auto_shard, explain)
    _run.specialize_arg_shapes(module, entry, arg_shape)  # --arg-shape: the sizes of dynamic dims (no inputs here)
    if pipeline is None:  # the default pipeline unrolls: every size must be known
        _run.require_static_args(module, entry, "meshc estimate", "")
    pipeline = pipeline_for(mc, pipeline, target, fuse_regions)
    if shapes:
        check_mesh_shape_names(shapes, mc.mesh_names(module))
    func = entry_function(module, entry, purpose="estimate")
    from meshc.progress import Progress

    with Progress(sys.stderr) as shown:
        compiled = _run._compile(mc, module, pipeline, shapes, func.sym_name, target,
                                 progress=shown if shown.enabled else None)
    for line in compiled.notes:
        click.echo(f"note: {line}", err=True)
    with Progress(sys.stderr) as shown:
        result = estimate(compiled.program.schedule, layout=layout, device_memory=memory,
                          machine=Machine(peak_flops, bandwidth, latency), progress=shown if shown.enabled else None,
                          trips=trips)
    if result.unmatched_trip_counts:
        loops = ", ".join(f"{d['loop']} '{d['op']}'" for d in result.dynamic_loops) or "none"
        click.echo(f"{name}: error: --trip-count {', '.join(result.unmatched_trip_counts)} names no loop with a "
                   f"dynamic trip count of @{func.sym_name} (its dynamic loops: {loops}; a loop is named by the "
                   "line it is written on, LINE=N)", err=True)
        sys.exit(EXIT_USER_ERROR)
    uncounted = tuple(f"{d['loop']}: " for d in result.dynamic_loops if d["trips"] is None)
    for line in result.notes:
        if not (line.startswith(uncounted) and "dynamic trip count" in line):  # its warning says it
            click.echo(f"note: {line}", err=True)
    for line in result.warnings:
        click.echo(f"warning: {line}", err=True)
    if as_json:
        click.echo(json.dumps(result.to_json(), indent=1))
    else:
        print_estimate(result, layout, compiled.program.runs)
    over = result.over_memory()
    for d in over:
        from meshc.runtime.devices import format_bytes

        click.echo(f"{'error' if fail_on_oom else 'warning'}: device {d.device} needs {d.stats.peak_bytes} B "
                   f"({format_bytes(d.stats.peak_bytes)}) at its peak, more than the device memory of "
                   f"{result.capacity} B ({format_bytes(result.capacity)})", err=True)
    if over and fail_on_oom:
        sys.exit(EXIT_USER_ERROR)


def _bound(n: int, bound: bool) -> str:
    """``n`` as a table cell, ``<= n`` when it is an upper bound."""
    return f"<= {n}" if bound else str(n)


def _device_list(devices: list[int]) -> str:
    """``0-3, 6`` for a sorted list of device ids."""
    runs: list[list[int]] = []
    for d in devices:
        if runs and runs[-1][1] + 1 == d:
            runs[-1][1] = d
        else:
            runs.append([d, d])
    return ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in runs)


def _seconds(s: float) -> str:
    """``s`` seconds in the unit that reads best (s, ms, us)."""
    if s >= 1:
        return f"{s:.3f} s"
    if s >= 1e-3:
        return f"{s * 1e3:.3f} ms"
    return f"{s * 1e6:.3f} us"


#: Above this many devices the text table shows each run of consecutive devices with equal figures
#: as one row (``0-4095``); ``--json`` always has one entry per device.
COLLAPSE_ABOVE = 64


def print_estimate(result, layout, runs: str = "") -> None:
    """Print ``result`` (a :class:`meshc.runtime.estimate.Estimate`) as ``meshc run --stats`` prints
    its stats: a rich table per device (above :data:`COLLAPSE_ABOVE` devices, one row per run of
    consecutive devices with equal figures) and a total row (bytes exact), a table per collective
    instance, and the summary lines (step time and its critical device, the largest peak, total
    flops, bytes moved, the machine)."""
    from rich.console import Console
    from rich.table import Table

    from meshc.diagnostics import use_color
    from meshc.runtime.devices import format_bytes

    stream = sys.stdout
    color = use_color(stream)
    console = Console(file=stream, force_terminal=color, no_color=not color, highlight=False,
                      width=None if color else 200)
    layout_text = "row-major" if layout is None or layout.kind == "row_major" else \
        f"tile {layout.tile[0]}x{layout.tile[1]}"
    if layout is not None and layout.dtype_override:
        layout_text += f", accounted as {layout.dtype_override}"
    n = len(result.devices)
    click.echo(f"estimate of @{runs or result.entry} on mesh @{result.mesh} (shape "
               f"{'x'.join(map(str, result.mesh_shape)) or 'scalar'}, {n} device{'s' if n != 1 else ''}): "
               "nothing allocated, nothing run")
    table = Table(title=f"per-device estimate (buffers {layout_text})", title_justify="left")
    columns = ["device", "kernels", "flops", "peak B (physical)", "peak B (logical)", "peer read B", "copy B",
               "collective B", "sent B", "compute", "transfer", "finish"]
    for c in columns:
        table.add_column(c, justify="right")
    rows = []
    anybound = any(d.collective_bound for d in result.devices)  # what a device sends is another's receipt
    for d in result.devices:
        s = d.stats
        row = (str(s.kernels), _bound(d.flops, d.flops_bound), _bound(s.peak_bytes, d.peak_bound),
               _bound(s.peak_logical_bytes, d.logical_peak_bound), str(s.peer_read_bytes),
               str(s.copy_bytes), _bound(s.collective_bytes, d.collective_bound), _bound(d.sent_bytes, anybound),
               _seconds(d.compute_seconds), _seconds(d.transfer_seconds), _seconds(d.finish_seconds))
        if n > COLLAPSE_ABOVE and rows and rows[-1][2] == row:  # the run of devices with the same figures
            rows[-1][1] = d.device
        else:
            rows.append([d.device, d.device, row])
    for first, last, row in rows:
        table.add_row(str(first) if first == last else f"{first}-{last}", *row)
    table.add_row("total", str(result.total("kernels")),
                  _bound(result.total("flops"), any(d.flops_bound for d in result.devices)),
                  _bound(result.total("peak_bytes"), any(d.peak_bound for d in result.devices)),
                  _bound(result.total("peak_logical_bytes"), any(d.logical_peak_bound for d in result.devices)),
                  str(result.total("peer_read_bytes")),
                  str(result.total("copy_bytes")),
                  _bound(result.total("collective_bytes"), anybound),
                  _bound(sum(d.sent_bytes for d in result.devices), anybound), "", "", "", style="bold")
    console.print(table)
    if result.collectives:
        ct = Table(title="per collective (bytes each device receives)", title_justify="left")
        for c in ("instance", "kind", "mesh axes", "group", "min B", "max B", "total B"):
            ct.add_column(c, justify="right")
        for c in result.collectives:
            got = list(c.received.values()) or [0]
            ct.add_row(c.instance, c.kind, str(list(c.mesh_axes)), str(c.group_size), str(min(got)), str(max(got)),
                       str(sum(got)))
        console.print(ct)
    if result.body_collectives:
        bt = Table(title="per in-body collective (inside a region step: bytes each device receives)",
                   title_justify="left")
        for c in ("instance", "kind", "mesh axes", "group", "runs", "min B per run", "max B per run", "total B"):
            bt.add_column(c, justify="right")
        for b in result.body_collectives:
            per = list(b.per_run.values()) or [0]
            runs = sorted(set(b.runs.values())) or [0]
            bt.add_row(b.instance, b.kind, str(list(b.mesh_axes)), str(b.group_size),
                       ("at most " if b.bound else "") + "/".join(map(str, runs)), str(min(per)), str(max(per)),
                       _bound(sum(b.received.values()), b.bound))
        console.print(bt)
    bound = [d.device for d in result.devices if d.collective_bound]
    if bound:
        click.echo(f"upper bound: the collective bytes of device{'s' if len(bound) != 1 else ''} "
                   f"{_device_list(bound)} count a branch on a computed condition as taken (the branch that "
                   "moves most); a run moves at most that")
    peaked = [d.device for d in result.devices if d.peak_bound or d.logical_peak_bound]
    if peaked:
        click.echo(f"upper bound: the peak bytes of device{'s' if len(peaked) != 1 else ''} {_device_list(peaked)} "
                   "hold the staging of the in-body collectives of a branch on a computed condition (the branch "
                   "that needs most); a run needs at most that")
    branched = [d.device for d in result.devices if d.flops_bound]
    if branched:
        click.echo(f"upper bound: the flops of device{'s' if len(branched) != 1 else ''} {_device_list(branched)} "
                   "count the costlier branch of a branch on a computed condition; a run computes at most that")
    peak = max(result.devices, key=lambda d: (d.stats.peak_bytes, -d.device)) if result.devices else None
    moved = sum(d.received_bytes for d in result.devices)
    tiled = sum(d.stats.tile_bytes for d in result.devices)
    m = result.machine
    click.echo(f"step time {_seconds(result.step_seconds)} (critical path ends on device "
               f"{result.critical_device()}); peak {'<= ' if peak and peak.peak_bound else ''}"
               f"{peak.stats.peak_bytes if peak else 0} B "
               f"({format_bytes(peak.stats.peak_bytes if peak else 0)}) on device {peak.device if peak else 0}; "
               f"{'<= ' if any(d.flops_bound for d in result.devices) else ''}{result.total('flops')} flops; "
               f"{moved} B moved"
               + (f" (of which {tiled} B copied tile by tile, peer tiles)" if tiled else ""))
    click.echo(f"roofline: {m.peak_flops:g} flop/s, {m.bandwidth:g} B/s, {m.latency:g} s latency; device memory "
               f"{format_bytes(result.capacity)} per device")
