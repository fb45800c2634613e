"""meshc.show.render and meshc.show.svg: the grid text, colours on and off, the SVG document."""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET

from rich.console import Console

from meshc.sharding import Mesh, Sharding
from meshc.show.blocks import shard_picture
from meshc.show.render import (PALETTE, Figure, console_for, device_colour, figure_lines, ink_colour, plain_text,
                               print_figures)
from meshc.show.svg import svg_document

M4 = Mesh("m", (4,))
M2x4 = Mesh("m", (2, 4))
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def fig(shape, split=(), partial=(), mesh=M4, title="%v", **kw):
    return Figure(title, shard_picture(shape, Sharding("m", split, partial, **kw), mesh))


def test_rows_drawn_to_scale_with_offsets():
    text = plain_text([fig((10, 8), [[0]])])
    assert text == (
        "%v\n"
        "  mesh @m 4 (4 devices), sharding <@m, [[0]]>\n"
        "  rows  dim 0 (10): 4 shards over mesh axis 0, sizes 2, 2, 3, 3\n"
        "  cols  dim 1 (8): not split\n"
        "     0                                8\n"
        "   0 ┌────────────────────────────────┐\n"
        "     │               d0               │\n"
        "     │              2x8               │\n"
        "   2 ├────────────────────────────────┤\n"
        "     │               d1               │\n"
        "     │              2x8               │\n"
        "   4 ├────────────────────────────────┤\n"
        "     │               d2               │\n"
        "     │              3x8               │\n"
        "     │                                │\n"
        "   7 ├────────────────────────────────┤\n"
        "     │               d3               │\n"
        "     │              3x8               │\n"
        "     │                                │\n"
        "  10 └────────────────────────────────┘\n"
    )


def test_2d_grid_junctions_and_labels():
    text = plain_text([fig((64, 128), [[0], [1]], mesh=M2x4)])
    borders = [line.lstrip("0123456789 ") for line in text.splitlines() if any(c in line for c in "┌├└")]
    # 2 x 4 blocks: 3 horizontal borders, each crossing 3 inner vertical ones
    assert [(b[0], b[-1]) for b in borders] == [("┌", "┐"), ("├", "┤"), ("└", "┘")]
    assert [borders[0].count("┬"), borders[1].count("┼"), borders[2].count("┴")] == [3, 3, 3]
    for d in range(8):  # every device labelled once with its coordinates
        assert text.count(f"d{d} ({d // 4},{d % 4})") == 1
    assert text.count("32x32") == 8
    assert "     0         32         64         96        128\n" in text


def test_rank3_planes_are_titled():
    text = plain_text([fig((4, 6, 10), [[0], [1]], mesh=M2x4)])
    assert "  [0:2, :, :]\n" in text and "  [2:4, :, :]\n" in text
    assert "lead  dim 0 (4): 2 shards over mesh axis 0, sizes 2, 2" in text
    assert text.index("d3 (0,3)") < text.index("[2:4, :, :]") < text.index("d4 (1,0)")


def test_narrow_blocks_get_keys_and_a_legend():
    # 200 over 16 devices of a 2x8 mesh in at most 32 characters: most blocks are 1 wide
    text = plain_text([fig((200,), [[0, 1]], mesh=Mesh("m", (2, 8)))], max_width=32)
    legend = [line.strip() for line in text.splitlines() if line.startswith("  #")]
    assert legend[0] == "#0  cols 0:12 (12): d0 (0,0)"
    assert legend[-1] == "#15  cols 187:200 (13): d15 (1,7)"
    assert len(legend) == 16


def test_empty_shards_listed():
    text = plain_text([fig((2, 8), [[0]], mesh=Mesh("m", (3,)))])
    assert text.endswith("  empty shards: d0 (0x8)\n")


def test_colours_follow_the_first_holder():
    lines = figure_lines(fig((64, 32), [[0]], (1,), mesh=M2x4))
    styles = {style for line in lines for _, style in line if style and " on " in style}
    # rows 0:32 on d0-d3 -> d0's colour, rows 32:64 on d4-d7 -> d4's; labels add bold
    bg0, bg4 = device_colour(0), device_colour(4)
    assert styles == {f"{ink_colour(bg0)} on {bg0}", f"{ink_colour(bg0)} on {bg0} bold",
                      f"{ink_colour(bg4)} on {bg4}", f"{ink_colour(bg4)} on {bg4} bold"}
    assert device_colour(16) == PALETTE[0]
    assert ink_colour("#ffffff") == "#000000" and ink_colour("#000000") == "#ffffff"


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_console_colour_on_a_terminal_only(monkeypatch):
    figure = fig((10, 8), [[0]])
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("TERM", raising=False)
    tty = _Tty()
    print_figures([figure], console_for(tty))
    coloured = tty.getvalue()
    assert "\x1b[" in coloured and "48;2;78;121;167" in coloured  # d0's background #4e79a7
    assert ANSI.sub("", coloured) == plain_text([figure])
    monkeypatch.setenv("NO_COLOR", "1")
    tty = _Tty()
    print_figures([figure], console_for(tty))
    assert tty.getvalue() == plain_text([figure])
    monkeypatch.delenv("NO_COLOR")
    pipe = io.StringIO()
    print_figures([figure], console_for(pipe))
    assert pipe.getvalue() == plain_text([figure])


def test_narrow_console_does_not_wrap():
    out = io.StringIO()
    figures = [fig((64, 128), [[0], [1]], mesh=M2x4), fig((10,), [[0]])]
    print_figures(figures, Console(file=out, width=20, color_system=None))
    assert out.getvalue() == plain_text(figures)


def test_svg_blocks_to_scale():
    doc = svg_document([fig((10, 8), [[0]], title="%x <rows>")])
    root = ET.fromstring(doc)
    ns = "{http://www.w3.org/2000/svg}"
    rects = root.findall(f"{ns}rect")[1:]  # the first is the background
    assert [r.get("fill") for r in rects] == [device_colour(d) for d in range(4)]
    heights = [float(r.get("height")) for r in rects]
    # 2, 2, 3, 3 rows: heights in the same ratio
    assert heights[2] / heights[0] == 1.5 and heights[0] == heights[1] and heights[2] == heights[3]
    texts = [t.text for t in root.findall(f"{ns}text")]
    assert "%x <rows>" in texts and "d2" in texts and "3x8" in texts


def test_svg_two_figures_stack():
    doc = svg_document([fig((10, 8), [[0]]), fig((64, 128), [[0], [1]], mesh=M2x4)])
    root = ET.fromstring(doc)
    ns = "{http://www.w3.org/2000/svg}"
    rects = root.findall(f"{ns}rect")[1:]
    assert len(rects) == 4 + 8
    first_bottom = max(float(r.get("y")) + float(r.get("height")) for r in rects[:4])
    assert min(float(r.get("y")) for r in rects[4:]) > first_bottom
    assert float(root.get("height")) > max(float(r.get("y")) + float(r.get("height")) for r in rects)
