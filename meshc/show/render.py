"""Terminal pictures of sharded tensors (rich), plain text when colours are off.

A figure is a title line (the value), the lines of
:func:`meshc.show.layout.header_lines` (mesh, how each dim is cut), then per
plane a box-drawing grid drawn to scale: column offsets above, row offsets on
the left, one box per block filled with the colour of its first device
(:data:`PALETTE`, one colour per linear device index modulo its length) and
labelled with its devices, its size (rows x cols) and the partial reduction.
Blocks too small for their label show a key ``#k`` listed in a legend under
the grid; empty shards are listed last.

The characters are the same with and without colour: :func:`figure_lines`
yields runs of ``(text, rich style)``, :func:`plain_text` drops the styles and
:func:`print_figures` hands them to a ``rich.console.Console`` (which itself
drops the styles when the stream is not a terminal or ``NO_COLOR`` is set, see
:func:`console_for`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import IO, Iterable, Optional

from meshc.show.blocks import Plane, ShardPicture
from meshc.show.layout import (Frame, block_lines, footer_lines, frame_for, header_lines, label_size, legend_line,
                               plane_title)

__all__ = ["PALETTE", "Figure", "device_colour", "ink_colour", "text_frame", "figure_lines", "plain_text", "rich_text",
           "print_figures", "console_for", "MAX_WIDTH", "MAX_HEIGHT"]

#: Default size bound of one grid, borders included: characters x lines.
MAX_WIDTH, MAX_HEIGHT = 64, 24
#: The box a grid's aspect ratio is fitted in before labels grow it (characters x lines),
#: and how many characters of width one line of height stands for: a terminal cell is
#: about twice as tall as wide, and rows are drawn at half that again so pictures stay
#: compact (each axis is to scale on its own; the two axes are not to the same scale).
PREFERRED, LINE_ASPECT = (32, 12), 4.0

#: Block colours, indexed by linear device index modulo 16 (Tableau 10, then 6 lighter Tableau 20 hues).
PALETTE = ("#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7",
           "#9c755f", "#bab0ac", "#a0cbe8", "#ffbe7d", "#8cd17d", "#86bcb6", "#f1ce63", "#d4a6c8")

_CORNERS = {  # (up, down, left, right) -> box-drawing junction
    (False, True, False, True): "┌", (False, True, True, False): "┐", (True, False, False, True): "└",
    (True, False, True, False): "┘", (True, True, False, True): "├", (True, True, True, False): "┤",
    (False, True, True, True): "┬", (True, False, True, True): "┴", (True, True, True, True): "┼",
}

Run = tuple[str, Optional[str]]  # text and its rich style (None: default)


@dataclass(frozen=True)
class Figure:
    """What to draw for one value: ``title`` (e.g. ``%a: argument #0 in @main, tensor<64x128xf32>``)
    and its :class:`~meshc.show.blocks.ShardPicture`."""

    title: str
    picture: ShardPicture


def device_colour(device: int) -> str:
    """The ``#rrggbb`` colour of linear device ``device``."""
    return PALETTE[device % len(PALETTE)]


def ink_colour(background: str) -> str:
    """The text colour that reads better on ``background``: ``#000000`` (black) when its Rec. 601
    luma is above 140, else ``#ffffff``."""
    r, g, b = (int(background[i:i + 2], 16) for i in (1, 3, 5))
    return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#ffffff"


def _block_style(devices: tuple[int, ...]) -> str:
    bg = device_colour(devices[0])
    return f"{ink_colour(bg)} on {bg}"


def text_frame(picture: ShardPicture, max_width: int = MAX_WIDTH, max_height: int = MAX_HEIGHT) -> Frame:
    """The character frame of ``picture`` (:data:`PREFERRED`, :data:`LINE_ASPECT`), with room
    for :func:`meshc.show.layout.label_size` per block where the maximum allows."""
    chars, lines = label_size(picture)
    return frame_for(picture, max_width, max_height, preferred=PREFERRED, line_aspect=LINE_ASPECT, border=1,
                     label_width=chars, label_height=lines)


def _ticks(cuts: tuple[int, ...], positions: list[int]) -> list[tuple[int, str]]:
    """Column offsets above the borders: the first left-aligned, the last right-aligned, the others
    centred; a label that would touch the previous one is left out."""
    out: list[tuple[int, str]] = []
    end = -2
    last = len(cuts) - 1
    for k, (cut, x) in enumerate(zip(cuts, positions)):
        text = str(cut)
        start = x if k == 0 else x - len(text) + 1 if k == last else x - len(text) // 2
        start = max(start, 0)
        if start > end + 1:
            out.append((start, text))
            end = start + len(text) - 1
    return out


def _plane_grid(picture: ShardPicture, plane: Plane, frame: Frame) -> tuple[list[list[Run]], list[str]]:
    """The grid of one plane (runs per line, without the row-offset gutter) and its legend lines."""
    xs, ys = frame.xs, frame.ys
    width, height = xs[-1] + 1, ys[-1] + 1
    chars = [[" "] * width for _ in range(height)]
    styles: list[list[Optional[str]]] = [[None] * width for _ in range(height)]
    for y in ys:
        for x in range(width):
            chars[y][x] = "─"
    for x in xs:
        for y in range(height):
            chars[y][x] = "│"
    for i, y in enumerate(ys):
        for j, x in enumerate(xs):
            chars[y][x] = _CORNERS[(i > 0, i < len(ys) - 1, j > 0, j < len(xs) - 1)]
    legend = []
    for i, row in enumerate(plane.grid):
        for j, block in enumerate(row):
            key = f"#{i * len(row) + j}"
            w, h = frame.widths[j], frame.heights[i]
            x0, y0 = xs[j] + 1, ys[i] + 1
            style = _block_style(block.devices)
            for y in range(y0, y0 + h):
                for x in range(x0, x0 + w):
                    styles[y][x] = style
            lines, needs_legend = block_lines(picture, block, key, w, h)
            if needs_legend:
                legend.append(legend_line(picture, block, key))
            top = y0 + (h - len(lines)) // 2
            for k, text in enumerate(lines):
                left = x0 + (w - len(text)) // 2
                for c, ch in enumerate(text):
                    chars[top + k][left + c] = ch
                    styles[top + k][left + c] = style + " bold"
    runs = []
    for y in range(height):
        line: list[Run] = []
        for x in range(width):
            if line and line[-1][1] == styles[y][x]:
                line[-1] = (line[-1][0] + chars[y][x], styles[y][x])
            else:
                line.append((chars[y][x], styles[y][x]))
        runs.append(line)
    return runs, legend


def figure_lines(figure: Figure, max_width: int = MAX_WIDTH, max_height: int = MAX_HEIGHT) -> list[list[Run]]:
    """Every line of ``figure`` as runs of ``(text, rich style)`` (see the module docstring).

    ``max_width x max_height`` bounds each grid (borders included); many shards may
    exceed it, since every non-empty block keeps at least one cell.
    """
    pic = figure.picture
    out: list[list[Run]] = [[(figure.title, "bold")]]
    out += [[("  " + text, None)] for text in header_lines(pic)]
    if pic.planes:
        frame = text_frame(pic, max_width, max_height)
        gutter = len(str(pic.row_cuts[-1])) + 1 if pic.row_dim is not None else 0
        indent = " " * (2 + gutter)
        for plane in pic.planes:
            title = plane_title(pic, plane.leading)
            if title:
                out.append([("  " + title, "bold")])
            if pic.col_dim is not None:
                ticks = [" "] * (frame.xs[-1] + 1 + 8)
                for start, text in _ticks(pic.col_cuts, frame.xs):
                    ticks[start:start + len(text)] = list(text)
                out.append([(indent + "".join(ticks).rstrip(), "dim")])
            grid, legend = _plane_grid(pic, plane, frame)
            labels = {y: str(cut) for y, cut in zip(frame.ys, pic.row_cuts)} if gutter else {}
            for y, line in enumerate(grid):
                left = "  " + (labels.get(y, "").rjust(gutter - 1) + " " if gutter else "")
                out.append([(left, "dim")] + line)
            out += [[("  " + text, None)] for text in legend]
    out += [[("  " + text, None)] for text in footer_lines(pic)]
    return out


def plain_text(figures: Iterable[Figure], max_width: int = MAX_WIDTH, max_height: int = MAX_HEIGHT) -> str:
    """The figures without colours, separated by blank lines (what a non-terminal gets)."""
    parts = []
    for figure in figures:
        parts.append("\n".join("".join(text for text, _ in line) for line in figure_lines(figure, max_width,
                                                                                             max_height)))
    return "\n\n".join(parts) + "\n"


def rich_text(figure: Figure, max_width: int = MAX_WIDTH, max_height: int = MAX_HEIGHT):
    """``figure`` as a ``rich.text.Text`` with the block colours."""
    return styled_text(figure_lines(figure, max_width, max_height))


def styled_text(lines):
    """Lines of ``(chunk, rich style or None)`` pairs joined into one ``rich.text.Text``."""
    from rich.text import Text

    text = Text()
    for k, line in enumerate(lines):
        if k:
            text.append("\n")
        for chunk, style in line:
            text.append(chunk, style=style)
    return text


def console_for(stream: Optional[IO[str]] = None):
    """A ``rich.console.Console`` on ``stream`` (stdout by default): coloured on a terminal,
    plain when the stream is not a terminal, ``NO_COLOR`` is set or ``TERM=dumb``."""
    import sys

    from rich.console import Console

    from meshc.diagnostics import use_color

    stream = stream if stream is not None else sys.stdout
    colour = use_color(stream)
    return Console(file=stream, force_terminal=colour, no_color=not colour,
                   color_system="truecolor" if colour else None,
                   highlight=False, soft_wrap=True, emoji=False, markup=False)


def print_figures(figures: Iterable[Figure], console, max_width: int = MAX_WIDTH, max_height: int = MAX_HEIGHT) -> None:
    """Print the figures on ``console`` (a rich Console), separated by blank lines."""
    for k, figure in enumerate(figures):
        if k:
            console.print()
        console.print(rich_text(figure, max_width, max_height), soft_wrap=True)
