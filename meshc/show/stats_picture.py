"""The summary picture ``meshc run --stats`` prints under its per-device table.

Two parts, drawn from a :class:`meshc.runtime.stats.RunStats`:

* **peak memory**: one bar per device of its peak *physical* bytes (the pool's
  peak: layout padding included) against the device capacity
  (``--device-memory``); when memory is unlimited the bars are scaled to the
  largest peak and the title says so. Each bar is followed by the bytes, the
  same in KiB/MiB (:func:`meshc.runtime.devices.format_bytes`) and the
  percentage of the scale, then one line with the largest/smallest peak ratio.
* **traffic matrix**: bytes received per pair of devices
  (:meth:`~meshc.runtime.stats.RunStats.transfer_matrix`): row = the
  receiving device, column = the source device, summed over peer reads,
  copies and collectives (``traffic="sum"``), or one kind, or one matrix per
  kind that moved bytes (``"each"``). The ``received`` column is the row sum
  (the table's per-device bytes of those kinds), the ``sent`` row the column
  sums. Each non-zero cell carries a shade glyph, ``░▒▓█`` for up to 1/4,
  1/2, 3/4 and above 3/4 of the largest cell (and, in colour, a background
  of the same level), so hot links stand out; ``·`` is no traffic, ``-`` the
  device itself. A legend says so and gives the bytes per kind. Meshes of
  more than :data:`MAX_MATRIX_DEVICES` devices get the largest pairs as a
  list instead of a matrix.

Like :mod:`meshc.show.render`, lines are runs of ``(text, rich style)``: the
characters are the same with and without colour, :func:`plain_text` drops the
styles (what tests and non-terminals see) and :func:`print_picture` hands
them to a rich console.
"""

from __future__ import annotations

import math
from typing import Optional, Sequence

from meshc.runtime.devices import format_bytes
from meshc.runtime.stats import TRANSFER_KINDS, RunStats
from meshc.show.render import device_colour, ink_colour, styled_text

__all__ = ["TRAFFIC_CHOICES", "BAR_WIDTH", "MAX_MATRIX_DEVICES", "SHADES", "StatsPictureError", "memory_lines",
           "traffic_lines", "picture_lines", "plain_text", "rich_text", "print_picture", "shade_level"]

#: Values of ``traffic``: the sum of every kind, one kind, or one matrix per kind with traffic.
TRAFFIC_CHOICES = ("sum", "peer_read", "copy", "collective", "each")
#: Characters of a full bar.
BAR_WIDTH = 40
#: Largest mesh drawn as a matrix; larger ones list their :data:`TOP_PAIRS` largest pairs.
MAX_MATRIX_DEVICES = 16
TOP_PAIRS = 10
#: Shade glyphs of levels 1-4 (a cell's bytes up to 1/4, 1/2, 3/4, and above 3/4 of the largest cell).
SHADES = "░▒▓█"
#: Cell backgrounds of levels 1-4 (light yellow to dark red).
HEAT = ("#fde9a9", "#f9a54f", "#e0542a", "#9e0c1c")
_EIGHTHS = " ▏▎▍▌▋▊▉"  # partial bar cells, 0/8 to 7/8
_KIND_NAMES = {"peer_read": "peer read", "copy": "copy", "collective": "collective"}

Run = tuple[str, Optional[str]]  # text and its rich style (None: default)


class StatsPictureError(ValueError):
    """A ``traffic`` choice that is not one of :data:`TRAFFIC_CHOICES`, or a bar width below 1."""


def _bytes_text(n: int) -> str:
    """``12292 B (12.00 KiB)``; ``20 B`` below 1 KiB."""
    return f"{n} B" if n < 1024 else f"{n} B ({format_bytes(n)})"


def _bar(fraction: float, width: int) -> str:
    """A bar of ``fraction`` (0..1) of ``width`` cells in eighths; a non-zero fraction shows at least 1/8."""
    eighths = round(min(max(fraction, 0.0), 1.0) * width * 8)
    if fraction > 0 and eighths == 0:
        eighths = 1
    full, part = divmod(eighths, 8)
    text = "█" * full + (_EIGHTHS[part] if part else "")
    return text.ljust(width)


def memory_lines(stats: RunStats, width: int = BAR_WIDTH) -> list[list[Run]]:
    """The peak-memory bars of every device (module docstring); ``width`` characters per full bar.

    Raises:
        StatsPictureError: ``width`` below 1.
    """
    if width < 1:
        raise StatsPictureError(f"the bar width must be >= 1 character, got {width}")
    peaks = [d.peak_bytes for d in stats.devices]
    if stats.capacity is not None:
        scale = stats.capacity
        title = (f"peak memory per device (physical bytes; bars: share of the device memory, "
                 f"{_bytes_text(scale)})")
    else:
        scale = max(peaks, default=0)
        title = (f"peak memory per device (physical bytes; device memory unlimited: bars scaled to the largest "
                 f"peak, {scale} B)")
    out: list[list[Run]] = [[(title, "bold")]]
    if not peaks:
        return out
    label_w = len(str(len(peaks) - 1))
    figures = [_bytes_text(p) for p in peaks]
    fig_w = max(len(f) for f in figures)
    for d, peak, figure in zip(stats.devices, peaks, figures):
        fraction = peak / scale if scale else 0.0
        out.append([(f"  device {d.device:>{label_w}} ", None), ("│", "dim"),
                    (_bar(fraction, width), device_colour(d.device)), ("│", "dim"),
                    (f" {figure:<{fig_w}} {100 * fraction:6.1f}%", None)])
    high = max(range(len(peaks)), key=lambda k: (peaks[k], -k))
    low = min(range(len(peaks)), key=lambda k: (peaks[k], k))
    if peaks[high] == peaks[low]:
        out.append([(f"  every device peaks at {peaks[high]} B", None)])
    elif peaks[low] == 0:
        out.append([(f"  largest peak {peaks[high]} B (device {high}); device {low} allocates nothing", None)])
    else:
        out.append([(f"  largest peak {peaks[high]} B (device {high}) is {peaks[high] / peaks[low]:.2f}x the "
                     f"smallest, {peaks[low]} B (device {low})", None)])
    return out


def shade_level(nbytes: int, largest: int) -> int:
    """0 for no traffic, else 1-4: ``ceil(4 * nbytes / largest)`` (levels of :data:`SHADES`)."""
    if nbytes <= 0 or largest <= 0:
        return 0
    return min(4, max(1, math.ceil(4 * nbytes / largest)))


def _kinds_label(kinds: Sequence[str]) -> str:
    return " + ".join(_KIND_NAMES[k] for k in kinds)


def _kind_totals(stats: RunStats) -> str:
    text = ", ".join(f"{_KIND_NAMES[k]} {stats.total(field)} B" for k, field in TRANSFER_KINDS.items())
    tiles = stats.total("tile_bytes")
    return text + (f" (of which {tiles} B copied tile by tile, peer tiles)" if tiles else "")


def traffic_lines(stats: RunStats, kinds: Optional[Sequence[str]] = None) -> list[list[Run]]:
    """The matrix of bytes received per (receiver, source) pair, summed over ``kinds``
    (default: every kind), with its legend (module docstring).

    Raises:
        meshc.runtime.stats.TransferError: an unknown kind.
    """
    chosen = list(TRANSFER_KINDS) if kinds is None else list(kinds)
    matrix = stats.transfer_matrix(chosen)
    n = len(matrix)
    out: list[list[Run]] = [[(f"bytes received per pair of devices (rows: receiving device, columns: source "
                              f"device; {_kinds_label(chosen)})", "bold")]]
    largest = max((v for row in matrix for v in row), default=0)
    if largest == 0:
        out.append([("  no traffic", None)])
        return out
    if n > MAX_MATRIX_DEVICES:
        pairs = sorted(((v, dst, src) for dst, row in enumerate(matrix) for src, v in enumerate(row) if v),
                       key=lambda p: (-p[0], p[1], p[2]))
        shown = ", ".join(f"{dst} <- {src}: {v} B" for v, dst, src in pairs[:TOP_PAIRS])
        out.append([(f"  {n} devices (a matrix is drawn up to {MAX_MATRIX_DEVICES}); the {min(TOP_PAIRS, len(pairs))} "
                     f"largest of {len(pairs)} pairs, receiver <- source: {shown}", None)])
        return out
    received = [sum(row) for row in matrix]
    sent = [sum(matrix[dst][src] for dst in range(n)) for src in range(n)]
    w = max(len(str(v)) for v in received + sent + [n - 1])
    corner = "to \\ from"
    label_w = max(len(corner), len("sent"))
    total_w = max(len("received"), len(str(sum(received))))
    header: list[Run] = [(f"  {corner:>{label_w}} ", "dim")]
    for src in range(n):
        header.append((f"  {src:>{w}}  ", device_colour(src) + " bold"))
    header.append((f"  {'received':>{total_w}}", "dim"))
    out.append(header)
    for dst, row in enumerate(matrix):
        line: list[Run] = [(f"  {dst:>{label_w}} ", device_colour(dst) + " bold")]
        for src, v in enumerate(row):
            level = shade_level(v, largest)
            if src == dst:
                line.append((f"  {'-':>{w}}  ", "dim"))
            elif level == 0:
                line.append((f"  {'·':>{w}}  ", "dim"))
            else:
                bg = HEAT[level - 1]
                line.append(("  ", None))
                line.append((f"{v:>{w}} {SHADES[level - 1]}", f"{ink_colour(bg)} on {bg}"))
        line.append((f"  {received[dst]:>{total_w}}", None))
        out.append(line)
    out.append([(f"  {'sent':>{label_w}} ", "dim")] + [(f"  {v:>{w}}  ", None) for v in sent]
               + [(f"  {sum(received):>{total_w}}", "bold")])
    out.append([(f"  shade: {SHADES[0]} up to 1/4 of the largest pair ({largest} B), {SHADES[1]} up to 1/2, "
                 f"{SHADES[2]} up to 3/4, {SHADES[3]} above; · none; - the device itself", None)])
    return out


def picture_lines(stats: RunStats, traffic: str = "sum", width: int = BAR_WIDTH) -> list[list[Run]]:
    """The whole picture: :func:`memory_lines`, a blank line, the traffic matrix or matrices
    (``traffic``: :data:`TRAFFIC_CHOICES`) and the bytes moved per kind.

    Raises:
        StatsPictureError: an unknown ``traffic`` or a bar width below 1.
    """
    if traffic not in TRAFFIC_CHOICES:
        raise StatsPictureError(f"unknown traffic matrix '{traffic}' (choices: {', '.join(TRAFFIC_CHOICES)})")
    out = memory_lines(stats, width)
    if traffic == "sum":
        groups: list[Optional[list[str]]] = [None]
    elif traffic == "each":
        groups = [[k] for k, field in TRANSFER_KINDS.items() if stats.total(field)] or [None]
    else:
        groups = [[traffic]]
    for kinds in groups:
        out.append([])
        out += traffic_lines(stats, kinds)
    out.append([(f"  bytes received by kind: {_kind_totals(stats)}", None)])
    return out


def plain_text(stats: RunStats, traffic: str = "sum", width: int = BAR_WIDTH) -> str:
    """:func:`picture_lines` without styles, one string ending in a newline (what a non-terminal gets)."""
    return "\n".join("".join(text for text, _ in line).rstrip() for line in picture_lines(stats, traffic, width)) + "\n"


def rich_text(stats: RunStats, traffic: str = "sum", width: int = BAR_WIDTH):
    """The picture as a ``rich.text.Text`` with its colours."""
    return styled_text(picture_lines(stats, traffic, width))


def print_picture(stats: RunStats, console, traffic: str = "sum", width: int = BAR_WIDTH) -> None:
    """Print the picture on ``console`` (a rich Console, e.g. :func:`meshc.show.render.console_for`)."""
    console.print(rich_text(stats, traffic, width), soft_wrap=True)
