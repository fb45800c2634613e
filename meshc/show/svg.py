"""The pictures of :mod:`meshc.show.render` as one SVG document, for reports.

Same content as the terminal figure (title, mesh and split lines, one grid
per plane drawn to scale, legend, empty shards), but blocks are rectangles
with exact pixel proportions (at least :data:`MIN_BLOCK` px) filled with the
device colours of :data:`meshc.show.render.PALETTE`. Text is monospace, 12 px;
its width is estimated at 0.6 em per character to decide which labels fit.
Figures are stacked top to bottom. Hand-written SVG 1.1, no scripts or
external resources.
"""

from __future__ import annotations

from typing import Iterable
from xml.sax.saxutils import escape

from meshc.show.layout import block_lines, footer_lines, frame_for, header_lines, label_size, legend_line, plane_title
from meshc.show.render import Figure, ink_colour, device_colour

__all__ = ["svg_document", "GRID_WIDTH", "GRID_HEIGHT", "MIN_BLOCK"]

#: Default bound of one grid, in px; the smallest side of a non-empty block, in px.
GRID_WIDTH, GRID_HEIGHT, MIN_BLOCK = 640, 360, 4
FONT = 12
CHAR_W = 0.6 * FONT  # px per monospace character
LINE = 16  # px per text line
MARGIN = 16


class _Canvas:
    def __init__(self) -> None:
        self.items: list[str] = []
        self.y = MARGIN
        self.width = 0.0

    def text(self, x: float, y: float, text: str, *, anchor: str = "start", bold: bool = False,
             fill: str = "#000000", size: int = FONT) -> None:
        weight = ' font-weight="bold"' if bold else ""
        self.items.append(f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" '
                          f'fill="{fill}"{weight}>{escape(text)}</text>')
        reach = x + (len(text) * size * 0.6 if anchor == "start" else len(text) * size * 0.3)
        self.width = max(self.width, reach)

    def line(self, text: str, *, bold: bool = False, indent: float = 0) -> None:
        self.y += LINE
        self.text(MARGIN + indent, self.y - 4, text, bold=bold)

    def rect(self, x: float, y: float, w: float, h: float, fill: str) -> None:
        self.items.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" fill="{fill}" '
                          f'stroke="#333333" stroke-width="1"/>')
        self.width = max(self.width, x + w)


def _figure(canvas: _Canvas, figure: Figure, max_width: int, max_height: int) -> None:
    pic = figure.picture
    canvas.line(figure.title, bold=True)
    for text in header_lines(pic):
        canvas.line(text, indent=2 * CHAR_W)
    if pic.planes:
        chars, lines = label_size(pic)
        frame = frame_for(pic, max_width, max_height, preferred=(max_width * 3 // 4, max_height), line_aspect=1.0,
                          border=0, label_width=round(chars * CHAR_W), label_height=lines * LINE + 4,
                          minimum=MIN_BLOCK)
        gutter = (len(str(pic.row_cuts[-1])) + 1) * CHAR_W if pic.row_dim is not None else 0
        x0 = MARGIN + 2 * CHAR_W + gutter
        for plane in pic.planes:
            title = plane_title(pic, plane.leading)
            if title:
                canvas.line(title, bold=True, indent=2 * CHAR_W)
            canvas.y += LINE
            if pic.col_dim is not None:
                for cut, x in zip(pic.col_cuts, frame.xs):
                    canvas.text(x0 + x, canvas.y - 4, str(cut), anchor="middle", size=FONT - 2, fill="#555555")
            y0 = canvas.y + 2
            legend = []
            for i, row in enumerate(plane.grid):
                for j, block in enumerate(row):
                    x, y = x0 + frame.xs[j], y0 + frame.ys[i]
                    w, h = frame.widths[j], frame.heights[i]
                    colour = device_colour(block.devices[0])
                    canvas.rect(x, y, w, h, colour)
                    key = f"#{i * len(row) + j}"
                    texts, needs_legend = block_lines(pic, block, key, int((w - 4) // CHAR_W), int(h // LINE))
                    if needs_legend:
                        legend.append(legend_line(pic, block, key))
                    top = y + (h - len(texts) * LINE) / 2
                    for k, text in enumerate(texts):
                        canvas.text(x + w / 2, top + (k + 1) * LINE - 4, text, anchor="middle",
                                    bold=k == 0, fill=ink_colour(colour))
            if pic.row_dim is not None:
                for cut, y in zip(pic.row_cuts, frame.ys):
                    canvas.text(x0 - 4, y0 + y + 4, str(cut), anchor="end", size=FONT - 2, fill="#555555")
            canvas.y = y0 + frame.ys[-1] + 4
            for text in legend:
                canvas.line(text, indent=2 * CHAR_W)
    for text in footer_lines(pic):
        canvas.line(text, indent=2 * CHAR_W)
    canvas.y += LINE


def svg_document(figures: Iterable[Figure], max_width: int = GRID_WIDTH, max_height: int = GRID_HEIGHT) -> str:
    """One SVG document holding every figure, top to bottom.

    ``max_width x max_height`` (px) bounds each grid; every non-empty block keeps at
    least :data:`MIN_BLOCK` px per side, so many shards may exceed it.
    """
    canvas = _Canvas()
    for figure in figures:
        _figure(canvas, figure, max_width, max_height)
    width, height = round(canvas.width + MARGIN), round(canvas.y + MARGIN)
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="monospace" xml:space="preserve">')
    background = f'<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>'
    return "\n".join([head, background, *canvas.items, "</svg>"]) + "\n"
