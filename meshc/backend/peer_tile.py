"""Peer tiles: a linalg op whose input lives in another device's memory, computed tile by tile, each
tile copied closer to the compute just before it is used (seed 000's last paragraph: "each such tile
can be copied closer to the compute unit ... interleave it into the kernel"; docs/runtime.md "Peer
tiles").

``reshard{peer-tile=T0xT1..}`` marks the linalg ops of a sharded function with the tile sizes
(:data:`meshc.passes.reshard.PEER_TILE_ATTR`). :func:`tile_peer_operands` rewrites a finished
:class:`~meshc.backend.schedule.Schedule` (the unrolled path's and the SPMD template's alike): on
each device, a marked Kernel step reading an input through a PeerRead (in place) or an Allocate +
Copy (the whole needed box) of another device's buffer becomes, with ``t`` tiles of that input::

    allocate X.t0 (tile 0)      copy X.t0 <- src[tile 0]      (waits for the producer, as the read did)
    allocate X.t1 (tile 1)      copy X.t1 <- src[tile 1]      (tile i + 1 is fetched ...)
    kernel op tile 0            free X.t0                      (... before tile i is computed)
    allocate X.t0 (tile 2)      copy X.t0 <- src[tile 2]
    kernel op tile 1            free X.t1
    ...

so at most two tile buffers are live (double buffering: the local peak holds the two largest
consecutive tiles instead of the operand, or instead of nothing for a read in place), and each byte
of the remote box is read exactly once. A tile copy from a peered device is a ``Copy(tile="peer_read")``
(peer read traffic), from any other device ``Copy(tile="copy")``; both count as tile bytes
(:attr:`meshc.runtime.stats.DeviceStats.tile_bytes`), in ``meshc run --stats`` and ``meshc estimate``
alike. The event the read waited for is waited for by the first tile copy; the event its Free
signalled (the owner may free its buffer) is signalled by the last tile copy.

Which loops are tiled (from the op's iteration space: ``iterator_types()`` and ``indexing_maps()``,
MLIR's LinalgStructuredInterface, never its name): the tile sizes apply to the remote input's trailing
dims (``32x32`` on a ``KxN`` operand of a matmul: 32 rows of K, 32 columns of N; on a ``BxKxN``
operand of a batch matmul: the batch dim whole); a size of 0, or one not smaller than the dim, takes
the dim whole; a dim that does not divide gets a smaller last tile. A dim is tiled when its map result
is exactly one loop ``d`` and every other operand reads ``d`` only as a whole dim (``d0 + d1`` of a
convolution keeps it whole) and the payload does not read ``linalg.index d``. Each tile's kernel
(:class:`~meshc.backend.schedule.KernelTile`) reads every operand through the box of the tiled loops'
ranges and writes its results into their box of the output buffer:

* a tiled **parallel** loop writes its own slice of the results;
* a tiled **reduction** loop accumulates: the tile reads its init box from the output buffer the
  earlier tiles wrote (linalg's loops are sequential, so running a reduction loop's range in pieces,
  in order, computes the same sums up to float rounding of the re-association).

The first tile starts each output as a copy of its init. An op whose results are not all tied to its
inits, an input read twice by the op, a remote buffer other steps read too, or a mark on an op
without a remote input leaves the step as it was.
"""

from __future__ import annotations

import itertools
import math
from typing import Optional, Sequence

from meshc.backend.schedule import Allocate, Copy, Free, Kernel, KernelTile, PeerRead, Schedule, Step

__all__ = ["PEER_TILE_ATTR", "tile_peer_operands", "tile_sizes_of"]

PEER_TILE_ATTR = "mesh.peer_tile"  # the same name as meshc.passes.reshard.PEER_TILE_ATTR (backends do not import passes)


def tile_sizes_of(op) -> Optional[tuple[int, ...]]:
    """The tile sizes ``reshard{peer-tile=...}`` gave ``op`` (None: not marked)."""
    attr = op.attributes.get(PEER_TILE_ATTR)
    values = getattr(attr, "values", None)
    return None if values is None else tuple(int(v) for v in values)


def tile_peer_operands(schedule: Schedule) -> Schedule:
    """``schedule`` with every marked Kernel step whose input is read from another device computed tile
    by tile (module docstring), in place (the same object is returned)."""
    if schedule.module is None:
        return schedule
    for d in schedule.devices:
        if any(isinstance(s, Kernel) and PEER_TILE_ATTR in s.op.attributes for s in d.steps):
            d.steps = _Device(schedule, d.device, d.steps).run()
    return schedule


class _Device:
    """The rewrite of one device's steps."""

    def __init__(self, schedule: Schedule, k: int, steps: list[Step]):
        self.schedule, self.k, self.steps = schedule, k, steps
        self.names = {n for s in steps for n in _names(s)}

    def run(self) -> list[Step]:
        steps = self.steps
        replace: dict[int, list[Step]] = {}
        drop: set[int] = set()
        for i, step in enumerate(steps):
            if not isinstance(step, Kernel) or tile_sizes_of(step.op) is None or step.tile is not None:
                continue
            plan = self.plan(i, step)
            if plan is None:
                continue
            new, removed = plan
            replace[i] = new
            drop |= removed
        if not replace:
            return steps
        out: list[Step] = []
        for i, step in enumerate(steps):
            if i in drop:
                continue
            out.extend(replace.get(i, (step,)))
        return out

    # -- which input, which loops ---------------------------------------------------------------------------
    def remote_reads(self, i: int, step: Kernel) -> list[tuple[int, int, Optional[int], int]]:
        """``(input position, read step index, allocate step index or None, free step index)`` of each
        input of kernel ``i`` read from another device by a step nothing else uses."""
        op = step.op
        n_in = len(getattr(op, "inputs", ()))
        out = []
        for p in range(n_in):
            name = step.inputs[p]
            if step.inputs.count(name) != 1 or name in step.captures:
                continue
            read = alloc = None
            for j in range(i - 1, -1, -1):
                s = self.steps[j]
                if isinstance(s, (PeerRead, Copy)) and s.buffer == name:
                    read = j
                    if isinstance(s, Copy):
                        alloc = next((a for a in range(j - 1, -1, -1) if isinstance(self.steps[a], Allocate)
                                      and self.steps[a].buffer == name), None)
                    break
                if name in _names(s):
                    break
            if read is None or (isinstance(self.steps[read], Copy) and (alloc is None or self.steps[read].tile)):
                continue
            if self.steps[read].signal is not None or any(
                    name in _names(self.steps[j]) for j in range(read + 1, i)):
                continue
            free = None
            for j in range(i + 1, len(self.steps)):
                s = self.steps[j]
                if isinstance(s, Free) and s.buffer == name:
                    free = j
                    break
                if name in _names(s):
                    break
            if free is None or self.steps[free].wait:
                continue
            if alloc is not None and (self.steps[alloc].wait or self.steps[alloc].signal is not None):
                continue
            out.append((p, read, alloc, free))
        return out

    def plan(self, i: int, step: Kernel) -> Optional[tuple[list[Step], set[int]]]:
        op = step.op
        try:
            maps, iters = op.indexing_maps(), op.iterator_types()
        except (AttributeError, NotImplementedError):
            return None
        n_in, n_out = len(op.inputs), len(op.inits)
        types = [v.type for v in op.operands]
        if len(op.results) != n_out or len(step.outputs) != n_out or len(maps) != len(types) or not all(
                getattr(t, "has_static_shape", False) for t in types):
            return None
        best = None
        for p, read, alloc, free in self.remote_reads(i, step):
            loops = self.tiled_loops(op, maps, iters, p, tile_sizes_of(op) or ())
            if loops:
                nbytes = math.prod(types[p].shape)
                if best is None or nbytes > best[0]:
                    best = (nbytes, p, read, alloc, free, loops)
        if best is None:
            return None
        _, p, read, alloc, free, loops = best
        return self.emit(i, step, maps, p, read, alloc, free, loops)

    def tiled_loops(self, op, maps, iters, p: int, sizes: Sequence[int]) -> dict[int, int]:
        """Loop -> tile size of the loops tiled through input ``p``'s dims (module docstring)."""
        from meshc.ir.affine import DimExpr

        shape = op.operands[p].type.shape
        amap = maps[p]
        sizes = tuple(sizes)[-len(shape):] if shape else ()
        sizes = (0,) * (len(shape) - len(sizes)) + sizes
        indexed = _index_dims(op)
        loops: dict[int, int] = {}
        for e, (expr, t, n) in enumerate(zip(amap.results, sizes, shape)):
            if not isinstance(expr, DimExpr) or t <= 0 or t >= n:
                continue
            d = expr.position
            if d in loops or d in indexed or iters[d] not in ("parallel", "reduction"):
                continue
            if all(_reads_whole(m, d) for m in maps):
                loops[d] = t
        return loops

    # -- the steps --------------------------------------------------------------------------------------------
    def fresh_name(self, base: str) -> str:
        name, n = base, 0
        while name in self.names:
            n += 1
            name = f"{base}.{n}"
        self.names.add(name)
        return name

    def emit(self, i: int, step: Kernel, maps, p: int, read: int, alloc: Optional[int], free: int,
             loops: dict[int, int]) -> tuple[list[Step], set[int]]:
        from meshc.ir.affine import DimExpr

        op = step.op
        n_in = len(op.inputs)
        types = [v.type for v in op.operands]
        src: Step = self.steps[read]
        remote_shape = types[p].shape
        base = tuple(src.offsets) if src.offsets is not None else (0,) * len(remote_shape)
        peered = self.schedule.mesh.is_peered(self.k, src.src_device)
        dtype = str(types[p].element_type)
        extent = {d: _loop_extent(maps, types, d) for d in loops}
        order = sorted(loops)
        ranges = [[(s, min(loops[d], extent[d] - s)) for s in range(0, extent[d], loops[d])] for d in order]
        tiles = [dict(zip(order, combo)) for combo in itertools.product(*ranges)]
        bufs = (self.fresh_name(f"{src.buffer}.t0"), self.fresh_name(f"{src.buffer}.t1"))

        def box(q: int, tile: dict) -> Optional[tuple]:
            offs, sizes, cut = [], [], False
            for expr, n in zip(maps[q].results, types[q].shape):
                if isinstance(expr, DimExpr) and expr.position in tile:
                    s, m = tile[expr.position]
                    offs.append(s)
                    sizes.append(m)
                    cut = True
                else:
                    offs.append(0)
                    sizes.append(n)
            return (tuple(offs), tuple(sizes)) if cut else None

        def whole(q: int) -> tuple:
            shape = types[q].shape
            return (0,) * len(shape), tuple(shape)

        def fetch(t: int, last: bool) -> list[Step]:
            b = box(p, tiles[t]) or whole(p)
            buf = bufs[t % 2]
            offsets = tuple(o + x for o, x in zip(base, b[0]))
            return [Allocate(buf, b[1], dtype, loc=src.loc),
                    Copy(buf, src.src_device, src.src_buffer, offsets, b[1], "peer_read" if peered else "copy",
                         wait=src.wait if t == 0 else (), signal=self.steps[free].signal if last else None,
                         loc=src.loc)]

        out: list[Step] = fetch(0, len(tiles) == 1)
        for t, tile in enumerate(tiles):
            if t + 1 < len(tiles):
                out += fetch(t + 1, t + 2 == len(tiles))
            inputs = list(step.inputs)
            inputs[p] = bufs[t % 2]
            in_boxes: list = [box(q, tile) if q != p else None for q in range(len(inputs))]
            out_boxes, fresh = [], []
            for j in range(len(step.outputs)):
                q = n_in + j
                out_boxes.append(box(q, tile) or whole(q))
                in_boxes[q] = out_boxes[-1]
                fresh.append(q if t == 0 else None)
                if t > 0:
                    inputs[q] = step.outputs[j]
            out.append(Kernel(op, tuple(inputs), step.outputs, step.captures,
                              KernelTile(tuple(in_boxes), tuple(out_boxes), tuple(fresh)),
                              wait=step.wait if t == 0 else (), signal=step.signal if t + 1 == len(tiles) else None,
                              loc=step.loc))
            out.append(Free(bufs[t % 2], loc=src.loc))
        removed = {read, free} | ({alloc} if alloc is not None else set())
        return out, removed


def _names(step: Step) -> tuple[str, ...]:
    """Every local buffer name ``step`` reads, writes, creates or frees."""
    if isinstance(step, Kernel):
        return step.inputs + step.outputs + step.captures
    names = [getattr(step, a) for a in ("buffer", "input", "output") if isinstance(getattr(step, a, None), str)]
    return tuple(names)


def _reads_whole(amap, d: int) -> bool:
    """Whether map ``amap`` uses loop ``d`` only as whole results (``d``, never ``d + e`` or ``2 * d``)."""
    from meshc.ir.affine import DimExpr

    return all(isinstance(e, DimExpr) or d not in _dims_of(e) for e in amap.results)


def _dims_of(expr) -> set[int]:
    from meshc.ir.affine import BinaryExpr, DimExpr

    if isinstance(expr, DimExpr):
        return {expr.position}
    if isinstance(expr, BinaryExpr):
        return _dims_of(expr.lhs) | _dims_of(expr.rhs)
    return set()


def _index_dims(op) -> set[int]:
    """Loops the op's payload reads with ``linalg.index`` (their tiles would need global indices)."""
    out: set[int] = set()
    for inner in op.walk():
        if inner is not op and inner.name == "linalg.index":
            dim = inner.attributes.get("dim")
            out.add(int(getattr(dim, "value", -1)))
    return out


def _loop_extent(maps, types, d: int) -> int:
    """The size of loop ``d``: the first operand dim indexed by exactly ``d``."""
    from meshc.ir.affine import DimExpr

    for amap, t in zip(maps, types):
        for expr, n in zip(amap.results, t.shape):
            if isinstance(expr, DimExpr) and expr.position == d:
                return int(n)
    raise ValueError(f"loop d{d} indexes no operand dim")
