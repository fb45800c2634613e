"""Drawing to scale: element ranges -> cells (characters or pixels), and what each block says.

Shared by the terminal renderer (:mod:`meshc.show.render`, cells are
characters: a line is about twice as tall as a character is wide) and the
SVG renderer (:mod:`meshc.show.svg`, cells are pixels).

* :func:`allocate` maps interval sizes (elements) to cells proportionally
  (largest-remainder rounding), every non-empty interval at least ``minimum``
  cells, so uneven shards (10 rows over 4: 2, 2, 3, 3) keep their ratios.
* :func:`frame_for` picks the picture size: the tensor's aspect ratio in a
  preferred box, grown (within ``max_width x max_height``) until each block
  can hold its label.
* :func:`block_lines` is the text inside a block: its devices (``d5 (1,1)``,
  ``d0-d3``), its size (rows x cols) and, for a partial sharding, the
  reduction (``partial sum[1]``); what does not fit is dropped, and a block
  whose devices do not fit shows a key ``#k`` explained in the legend
  (:func:`legend_line`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from meshc.show.blocks import Block, ShardPicture, devices_label, dims_label, partial_label, split_description

__all__ = ["allocate", "Frame", "frame_for", "block_lines", "label_size", "partial_lines", "legend_line", "header_lines",
           "plane_title", "footer_lines"]


def allocate(sizes: Sequence[int], budget: int, minimum: int = 1) -> list[int]:
    """Cells for intervals of ``sizes`` elements: proportional to the sizes, each >= ``minimum``.

    The total is ``max(budget, minimum * len(sizes))``. Intervals whose share
    would be below ``minimum`` get exactly ``minimum``; the rest is shared by
    the others in proportion, rounded by largest remainder (ties to the
    lower index). Example: sizes 2, 2, 3, 3 in 20 cells -> 4, 4, 6, 6.

    Raises:
        ValueError: a negative size, ``minimum < 1``, or no sizes.
    """
    if not sizes:
        raise ValueError("allocate() needs at least one interval")
    if minimum < 1 or any(s < 0 for s in sizes):
        raise ValueError(f"allocate(): sizes must be >= 0 and minimum >= 1, got {list(sizes)}, {minimum}")
    n = len(sizes)
    budget = max(budget, minimum * n)
    fixed: set[int] = set()
    while True:
        free = [i for i in range(n) if i not in fixed]
        rest = budget - minimum * len(fixed)
        total = sum(sizes[i] for i in free)
        ideal = {i: (sizes[i] * rest / total if total else rest / len(free)) for i in free}
        small = [i for i in free if ideal[i] < minimum]
        if not small or len(small) == len(free):
            break
        fixed.update(small)
    cells = [minimum] * n
    for i in free:
        cells[i] = max(minimum, int(ideal[i]))
    leftover = budget - sum(cells)
    order = sorted(free, key=lambda i: (-(ideal[i] - int(ideal[i])), i))
    for i in order[:max(0, leftover)]:
        cells[i] += 1
    return cells


@dataclass(frozen=True)
class Frame:
    """Interior sizes of the column and row intervals, in cells, and the border thickness
    between them (1 character in a terminal, 0 in SVG where rectangles have strokes)."""

    widths: tuple[int, ...]
    heights: tuple[int, ...]
    border: int

    @property
    def xs(self) -> list[int]:
        """Position of each vertical border (one per col cut), from 0."""
        out = [0]
        for w in self.widths:
            out.append(out[-1] + w + self.border)
        return out

    @property
    def ys(self) -> list[int]:
        """Position of each horizontal border (one per row cut), from 0."""
        out = [0]
        for h in self.heights:
            out.append(out[-1] + h + self.border)
        return out


def frame_for(picture: ShardPicture, max_width: int, max_height: int, *, preferred: tuple[int, int],
              line_aspect: float, border: int, label_width: int, label_height: int, minimum: int = 1) -> Frame:
    """Cell sizes of ``picture``'s row and column intervals.

    The grid takes the tensor's aspect ratio (one cell of height counting as
    ``line_aspect`` cells of width) at the largest size inside the ``preferred``
    ``(width, height)`` box; it is then grown while each column interval has fewer than
    ``label_width`` cells or each row interval fewer than ``label_height``, and kept within
    ``max_width x max_height`` (borders included). ``minimum`` is the least cells of a
    non-empty interval: it wins over the maximum when there are many intervals. Within
    each axis the intervals are to scale (:func:`allocate`); the two axes may not be.
    """
    rows = [b - a for a, b in zip(picture.row_cuts, picture.row_cuts[1:])]
    cols = [b - a for a, b in zip(picture.col_cuts, picture.col_cuts[1:])]
    room_w = max(1, max_width - border * (len(cols) + 1))
    room_h = max(1, max_height - border * (len(rows) + 1))
    aspect = line_aspect * sum(cols) / max(1, sum(rows))  # wanted width / height, in cells
    width, height = float(preferred[0]), preferred[0] / aspect
    if height > preferred[1]:
        height, width = float(preferred[1]), preferred[1] * aspect
    width = min(room_w, max(width, len(cols) * label_width))
    height = min(room_h, max(height, len(rows) * label_height))
    if picture.rank == 0:  # one element: just room for the label
        width, height = label_width, label_height
    widths = _fit(cols, round(width), minimum, room_w, label_width)
    return Frame(widths, _fit(rows, round(height), minimum, room_h, label_height), border)


def _fit(sizes: Sequence[int], budget: int, minimum: int, ceiling: int, wanted: int) -> tuple[int, ...]:
    """:func:`allocate` with the budget moved near ``budget`` (from 3/4 of it up to 3/2 of it, at most
    ``ceiling``; the closest wins) to draw better, in order of preference: exactly proportional
    cells of at least ``wanted`` each (room for the labels); equal cells for equal sizes, at least
    ``wanted``; exactly proportional; equal for equal. When the intervals need more than
    ``ceiling`` anyway, only the scale counts and budgets up to twice their least total are tried.
    Examples: rows 1, 1, 2, 2 wanting 2 lines each, in 8 lines -> budget 12: 2, 2, 4, 4;
    rows 2, 2, 3, 3 in 19 lines -> 18: 4, 4, 5, 5."""
    n, total = len(sizes), sum(sizes)
    low = max(minimum * n, (3 * budget) // 4)
    high = max(low, budget, min(ceiling, (3 * budget) // 2))
    if minimum * n >= ceiling:  # past the maximum anyway: up to twice the least total, to keep the scale
        high = max(high, 2 * minimum * n)
    candidates = sorted(range(low, high + 1), key=lambda b: (abs(b - budget), -b))
    options = [(b, allocate(sizes, b, minimum)) for b in candidates]

    def exact(b: int, cells: list[int]) -> bool:
        return all(c * total == size * b for c, size in zip(cells, sizes))

    def even(b: int, cells: list[int]) -> bool:
        by_size: dict[int, set[int]] = {}
        for size, c in zip(sizes, cells):
            by_size.setdefault(size, set()).add(c)
        return all(len(c) == 1 for c in by_size.values())

    def roomy(b: int, cells: list[int]) -> bool:
        return min(cells) >= wanted

    forced = minimum * n >= ceiling
    preferences = ((exact,), (even,)) if forced else ((exact, roomy), (even, roomy), (exact,), (even,))
    for tests in preferences:
        for b, cells in options:
            if all(t(b, cells) for t in tests):
                return tuple(cells)
    return tuple(allocate(sizes, budget, minimum))


def partial_lines(picture: ShardPicture) -> list[str]:
    """The partial mark of a block, long and short: ``["partial sum[1]", "sum[1]"]`` (``[]`` if not partial)."""
    s = picture.sharding
    if not s.partial_axes:
        return []
    body = f"{s.partial_type.value}[" + ",".join(str(a) for a in s.partial_axes) + "]"
    return [f"partial {body}", body]


def label_size(picture: ShardPicture) -> tuple[int, int]:
    """``(characters, lines)`` a block of ``picture`` wants for its label: the longest devices
    label (at most 16) plus a margin of 2, and 2 lines (3 when partial). A rank-0 tensor (one
    box) also wants room for ``scalar`` and ``partial sum[0]``."""
    widest = max((len(devices_label(picture.mesh, b.devices)) for p in picture.planes for b in p.blocks), default=1)
    if picture.rank == 0:
        widest = max([widest, len("scalar")] + [len(t) for t in partial_lines(picture)])
    return min(widest, 16) + 2, 3 if picture.sharding.partial_axes else 2


def block_lines(picture: ShardPicture, block: Block, key: str, width: int, height: int) -> tuple[list[str], bool]:
    """The lines of text inside ``block`` given its interior ``width x height`` cells (characters),
    and whether the block needs a legend line (no devices label fits, so ``key`` shows instead, or
    no line fits at all).

    Order: devices (``d5 (1,1)``, else ``d5`` without coordinates, else the key), size
    (rows x cols), partial reduction (``partial sum[1]``, else ``sum[1]``).
    """
    full = devices_label(picture.mesh, block.devices)
    short = devices_label(picture.mesh, block.devices, coords=False)
    first = next((t for t in (full, short) if len(t) <= width), key)
    candidates = [first, dims_label(picture, block)]
    candidates += [t for t in partial_lines(picture) if len(t) <= width][:1]
    lines = [t for t in candidates if len(t) <= width][:max(0, height)]
    return lines, not lines or lines[0] not in (full, short)


def legend_line(picture: ShardPicture, block: Block, key: str) -> str:
    """``#3  rows 7:10, cols 0:8 (3x8): d3`` -- a block whose label did not fit in the picture."""
    where = []
    if picture.rank >= 2:
        where.append(f"rows {block.rows[0]}:{block.rows[1]}")
    if picture.rank >= 1:
        where.append(f"cols {block.cols[0]}:{block.cols[1]}")
    place = ", ".join(where) or "the element"
    return f"{key}  {place} ({dims_label(picture, block)}): {devices_label(picture.mesh, block.devices)}"


def header_lines(picture: ShardPicture) -> list[str]:
    """The lines under a value's title: the mesh, how each dim is cut (rows, cols, leading dims),
    which mesh axes replicate, and the partial reduction."""
    mesh, s = picture.mesh, picture.sharding
    peered = f", peered axes [{', '.join(map(str, mesh.peered_axes))}]" if mesh.peered_axes else ""
    lines = [f"mesh @{mesh.name} {mesh.shape_str()} ({mesh.num_devices} devices{peered}), sharding <{s.body_str()}>"]
    for dim in range(picture.rank):
        role = "rows" if dim == picture.row_dim else "cols" if dim == picture.col_dim else "lead"
        lines.append(f"{role}  {split_description(picture, dim)}")
    unused = [a for a in range(mesh.rank) if a not in s.used_mesh_axes]
    if unused:
        word = "axis" if len(unused) == 1 else "axes"
        lines.append(f"replicated over mesh {word} {', '.join(map(str, unused))}: "
                     f"each block is held by {mesh.group_size(unused)} devices")
    if s.partial_axes:
        lines.append(f"partial: each holder has a partial value, {partial_label(s)} "
                     f"({mesh.group_size(s.partial_axes)} devices per reduction)")
    return lines


def plane_title(picture: ShardPicture, leading: Sequence[tuple[int, int]]) -> str:
    """``[0:2, :, :]`` -- the leading-dim ranges of one plane (rank > 2); ``""`` otherwise."""
    if picture.rank <= 2:
        return ""
    return "[" + ", ".join([f"{a}:{b}" for a, b in leading] + [":", ":"]) + "]"


def footer_lines(picture: ShardPicture) -> list[str]:
    """``empty shards: d0 (0x8)`` (devices whose shard has no element), or a note that the
    tensor itself has no element."""
    if not picture.planes:
        shape = "x".join(map(str, picture.shape))
        return [f"empty tensor ({shape}): no element to draw"]
    if not picture.empty:
        return []
    items = [f"{devices_label(picture.mesh, [e.device])} ({'x'.join(map(str, e.shape)) or 'scalar'})"
             for e in picture.empty]
    return ["empty shards: " + ", ".join(items)]
