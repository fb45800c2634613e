"""Peer tiles: a linalg op whose input lives in another device's memory, computed tile by tile, each
tile copied closer to the compute just before it is used (seed 000's last paragraph: "each such tile
can be copied closer to the compute unit ... interleave it into the kernel"; docs/runtime.md "Peer
tiles").

``reshard{peer-tile=T0xT1..}`` marks the linalg ops of a sharded function with the tile sizes
(:data:`meshc.passes.reshard.PEER_TILE_ATTR`). :func:`tile_peer_operands` rewrites a finished
:class:`~meshc.backend.schedule.Schedule` (the unrolled path's and the SPMD template's alike). On each
device, a marked Kernel step's input is tiled when it comes, in *pieces*, from other devices: either
one read of the whole (a PeerRead view, or Allocate + Copy), or a ``tensor.empty`` buffer filled by
``tensor.insert_slice`` kernels (static boxes, unit strides, covering it exactly once) of the device's
own buffers and of such reads (a box straddling shards). Those steps disappear; with ``t`` tiles of
the input the kernel becomes::

    allocate X.t0 (tile 0)      halo_exchange (tile) -> X.t0      (its pieces' slabs of tile 0)
    allocate X.t1 (tile 1)      halo_exchange (tile) -> X.t1      (tile i + 1 is fetched ...)
    kernel op tile 0            free X.t0                          (... before tile i is computed)
    allocate X.t0 (tile 2)      halo_exchange (tile) -> X.t0
    kernel op tile 1            free X.t1
    ...

so at most two tile buffers are live (double buffering: the local peak holds the two largest
consecutive tiles instead of the operand, or instead of nothing for a read in place), and each byte
of the remote pieces is read exactly once. A tile is a :class:`~meshc.backend.schedule.HaloExchange`
with ``tile`` set: a slab per piece it overlaps, ``local`` (the device's own buffer), ``peer_read``
(a peered device's, read in place: peer read traffic) or ``copy`` (any other device's: copy traffic),
the remote ones also counted as tile bytes (:attr:`meshc.runtime.stats.DeviceStats.tile_bytes`), in
``meshc run --stats`` and ``meshc estimate`` alike. Each fetch waits for the events its pieces' reads
waited for (the MPI runtime sends a slab after the producer's step, so every fetch names them). The
event a piece's read or Free signalled (its owner may free or overwrite the buffer) is signalled by
the last fetch instead; several pieces' events become one, renamed in the owners' waits. A local
piece whose Free came before the kernel is freed after its tiles.

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
inits or whose shapes are not static, an input read twice by the op, pieces that other steps use too
or that do not cover the input exactly once, or a mark on an op without a remote input leave the
steps as they were.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from typing import Optional, Sequence

from meshc.backend.schedule import (Allocate, Copy, Free, HaloExchange, HaloPart, Kernel, KernelTile, PeerRead,
                                    Schedule, ScheduleError, Step)

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
    renamed: dict[str, str] = {}  # events of several pieces' Frees -> the one event of their last tile
    for d in schedule.devices:
        if any(isinstance(s, Kernel) and PEER_TILE_ATTR in s.op.attributes for s in d.steps):
            d.steps = _Device(schedule, d.device, d.steps, renamed).run()
    if renamed:
        for d in schedule.devices:
            for i, s in enumerate(d.steps):
                if any(e in renamed for e in s.wait):
                    d.steps[i] = dataclasses.replace(s, wait=tuple(dict.fromkeys(renamed.get(e, e) for e in s.wait)))
    return schedule


class _Piece:
    """A box of a kernel input that one buffer supplies: ``sizes`` elements at ``dst`` of the input
    come from ``src_offsets`` of ``src_buffer`` on ``src_device``, by ``mode`` (``local``,
    ``peer_read``, ``copy``); ``wait``: the events its read waited for; ``steps``: the indexes of the
    steps that brought it (removed by the rewrite); ``signal``: the event its view's Free signalled."""

    __slots__ = ("dst", "sizes", "src_device", "src_buffer", "src_offsets", "mode", "wait", "steps", "signal",
                 "moved")

    def __init__(self, dst, sizes, src_device, src_buffer, src_offsets, mode, wait=(), steps=(), signal=None):
        self.dst, self.sizes = tuple(dst), tuple(sizes)
        self.src_device, self.src_buffer, self.src_offsets = src_device, src_buffer, tuple(src_offsets)
        self.mode, self.wait, self.steps, self.signal = mode, tuple(wait), set(steps), signal
        self.moved: Optional[int] = None  # a local source's Free before the kernel, moved after its tiles

    def part(self, box: tuple) -> Optional[HaloPart]:
        """The part of this piece inside ``box`` (offsets, sizes of the input), placed relative to the
        box; None when they do not meet."""
        lo = [max(a, d) for a, d in zip(box[0], self.dst)]
        hi = [min(a + n, d + m) for a, n, d, m in zip(box[0], box[1], self.dst, self.sizes)]
        if any(h <= l for l, h in zip(lo, hi)):
            return None
        return HaloPart(self.src_device, self.src_buffer,
                        tuple(o + l - d for o, l, d in zip(self.src_offsets, lo, self.dst)),
                        tuple(h - l for l, h in zip(lo, hi)), tuple(l - b for l, b in zip(lo, box[0])), self.mode)


class _Device:
    """The rewrite of one device's steps."""

    def __init__(self, schedule: Schedule, k: int, steps: list[Step], renamed: dict[str, str]):
        self.schedule, self.k, self.steps, self.renamed = schedule, k, steps, renamed
        self.names = {n for s in steps for n in _names(s)}
        self.users: dict[str, list[int]] = {}
        for i, s in enumerate(steps):
            for n in dict.fromkeys(_names(s)):
                self.users.setdefault(n, []).append(i)

    def run(self) -> list[Step]:
        steps = self.steps
        replace: dict[int, list[Step]] = {}
        drop: set[int] = set()
        for i, step in enumerate(steps):
            if not isinstance(step, Kernel) or tile_sizes_of(step.op) is None or step.tile is not None:
                continue
            plan = self.plan(i, step, drop)
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

    # -- where an input comes from ------------------------------------------------------------------------------
    def uses(self, name: str, lo: int, hi: int) -> list[int]:
        """Steps in ``(lo, hi)`` naming buffer ``name``."""
        return [j for j in self.users.get(name, ()) if lo < j < hi]

    def free_after(self, name: str, i: int) -> Optional[int]:
        """The Free of ``name`` that ends its use at step ``i`` (no other step naming it in between)."""
        for j in self.users.get(name, ()):
            if j > i:
                s = self.steps[j]
                return j if isinstance(s, Free) and s.buffer == name else None
        return None

    def remote(self, name: str, before: int) -> Optional[_Piece]:
        """The whole of buffer ``name`` as one piece when it was read from another device by the step
        before ``before`` naming it (a PeerRead view, or Allocate + Copy), used only at ``before`` and freed
        right after it; None otherwise."""
        prior = [j for j in self.users.get(name, ()) if j < before]
        if not prior:
            return None
        read = self.steps[prior[-1]]
        if not isinstance(read, (PeerRead, Copy)) or read.buffer != name:
            return None
        steps = {prior[-1]}
        if isinstance(read, Copy):
            if len(prior) < 2 or not isinstance(self.steps[prior[-2]], Allocate) or self.steps[prior[-2]].wait \
                    or self.steps[prior[-2]].signal is not None:
                return None
            steps.add(prior[-2])
            shape = self.steps[prior[-2]].shape
        else:
            shape = read.sizes
        free = self.free_after(name, before)
        if free is None or self.steps[free].wait:
            return None
        signals = [e for e in (read.signal, self.steps[free].signal) if e is not None]
        if len(signals) > 1:
            return None
        steps.add(free)
        signal = signals[0] if signals else None  # the owner frees its buffer once this is set
        mode = "peer_read" if isinstance(read, PeerRead) else "copy"
        if shape is None:
            return _Piece((), (), read.src_device, read.src_buffer, (), mode, read.wait, steps, signal)
        offsets = read.offsets if read.offsets is not None else (0,) * len(shape)
        return _Piece((0,) * len(shape), shape, read.src_device, read.src_buffer, offsets, mode, read.wait, steps,
                      signal)

    def pieces(self, name: str, i: int, shape: tuple) -> Optional[list[_Piece]]:
        """Where input buffer ``name`` of kernel ``i`` comes from, when some of it comes from another
        device: one remote read of the whole, or a ``tensor.empty`` filled by ``tensor.insert_slice``
        kernels of static boxes (unit strides) covering it, each from the device's own buffer (live
        until after ``i``) or from a remote read used only there. None otherwise."""
        from meshc.dialects.tensor import EmptyOp, InsertSliceOp

        whole = self.remote(name, i)
        if whole is not None:
            if whole.sizes == () and shape:
                whole.dst, whole.sizes, whole.src_offsets = (0,) * len(shape), tuple(shape), (0,) * len(shape)
            return [whole]
        prior = [j for j in self.users.get(name, ()) if j < i]
        found: list[_Piece] = []
        removed: set[int] = set()
        for j in reversed(prior):
            s = self.steps[j]
            if isinstance(s, Kernel) and isinstance(s.op, InsertSliceOp) and s.outputs == (name,) \
                    and s.inputs[1:2] == (name,) and len(s.inputs) == 2 and not s.wait and s.signal is None:
                src_t = s.op.operands[0].type
                offs, sizes, strides = s.op.static_offsets, s.op.static_sizes, s.op.static_strides
                if any(x != 1 for x in strides) or getattr(src_t, "shape", None) != tuple(sizes):
                    return None
                src = s.inputs[0]
                piece = self.remote(src, j)
                if piece is not None:
                    piece.dst, piece.sizes = tuple(offs), tuple(sizes)
                    if not piece.src_offsets:
                        piece.src_offsets = (0,) * len(sizes)
                else:
                    piece = _Piece(offs, sizes, self.k, src, (0,) * len(sizes), "local")
                    later = [u for u in self.users.get(src, ()) if u > j]
                    if src == name or not later:
                        return None
                    if later[0] < i:  # freed before the kernel: the tiles read it, so it is freed after them
                        free = self.steps[later[0]]
                        if len(later) > 1 and later[1] < i or not (isinstance(free, Free) and free.buffer == src) \
                                or free.signal is not None:  # a later wait is harmless, a later signal is not
                            return None
                        piece.moved = later[0]
                piece.steps.add(j)
                found.append(piece)
                removed.add(j)
                continue
            if isinstance(s, Kernel) and isinstance(s.op, EmptyOp) and s.outputs == (name,) and not s.wait \
                    and s.signal is None:
                alloc = [a for a in prior if a < j]
                if not alloc or not isinstance(self.steps[alloc[-1]], Allocate) or self.steps[alloc[-1]].wait:
                    return None
                free = self.free_after(name, i)
                if free is None or self.steps[free].wait or self.steps[free].signal is not None:
                    return None
                if not any(p.mode != "local" for p in found):
                    return None
                found[-1].steps |= {j, alloc[-1], free}
                if sum(math.prod(p.sizes) for p in found) != math.prod(shape):
                    return None  # not covered exactly once (checked cell by cell per tile later)
                return found
            return None
        return None

    # -- which input, which loops ---------------------------------------------------------------------------
    def plan(self, i: int, step: Kernel, taken: set[int]) -> Optional[tuple[list[Step], set[int]]]:
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
        for p in range(n_in):
            name = step.inputs[p]
            if step.inputs.count(name) != 1 or name in step.captures:
                continue
            pieces = self.pieces(name, i, tuple(types[p].shape))
            if pieces is None or any(s in taken for pc in pieces for s in pc.steps):
                continue
            loops = self.tiled_loops(op, maps, iters, p, tile_sizes_of(op) or ())
            if loops:
                nbytes = math.prod(types[p].shape)
                if best is None or nbytes > best[0]:
                    best = (nbytes, p, pieces, loops)
        if best is None:
            return None
        _, p, pieces, loops = best
        return self.emit(i, step, maps, p, pieces, loops)

    def tiled_loops(self, op, maps, iters, p: int, sizes: Sequence[int]) -> dict[int, int]:
        """Loop -> tile size of the loops tiled through input ``p``'s dims (module docstring)."""
        from meshc.ir.affine import DimExpr

        shape = op.operands[p].type.shape
        amap = maps[p]
        sizes = tuple(sizes)[-len(shape):] if shape else ()
        sizes = (0,) * (len(shape) - len(sizes)) + sizes
        indexed = _index_dims(op)
        loops: dict[int, int] = {}
        for expr, t, n in zip(amap.results, sizes, shape):
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

    def emit(self, i: int, step: Kernel, maps, p: int, pieces: list[_Piece],
             loops: dict[int, int]) -> Optional[tuple[list[Step], set[int]]]:
        from meshc.ir.affine import DimExpr

        op = step.op
        n_in = len(op.inputs)
        types = [v.type for v in op.operands]
        dtype = str(types[p].element_type)
        order = list(loops)  # the remote operand's tile grid, row-major
        ranges = [[(s, min(loops[d], _loop_extent(maps, types, d) - s))
                   for s in range(0, _loop_extent(maps, types, d), loops[d])] for d in order]
        tiles = [dict(zip(order, combo)) for combo in itertools.product(*ranges)]
        name = step.inputs[p]
        bufs = (self.fresh_name(f"{name}.t0"), self.fresh_name(f"{name}.t1"))
        loc = step.loc

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

        # the last tile reading each remote piece signals (for the owner's Free) what its view's Free did
        fetches = []
        for tile in tiles:
            b = box(p, tile) or whole(p)
            parts = [(pc, pc.part(b)) for pc in pieces]
            fetches.append((b, [(pc, part) for pc, part in parts if part is not None]))
        last_read: dict[int, int] = {}
        for t, (_, used) in enumerate(fetches):
            for pc, _ in used:
                last_read[id(pc)] = t
        signals = [pc.signal for pc in pieces if pc.signal is not None]
        closing = max(last_read.values(), default=0)
        event = None
        if signals:
            event = signals[0] if len(signals) == 1 else self.fresh_event(signals)
            if len(signals) > 1:
                for old in signals:
                    self.renamed[old] = event

        def fetch(t: int) -> list[Step]:
            b, used = fetches[t]
            buf = bufs[t % 2]
            wait = tuple(dict.fromkeys(e for pc, _ in used for e in pc.wait))
            halo = HaloExchange(f"tile {name} {t}", buf, dtype, tuple(part for _, part in used), True, wait=wait,
                                signal=event if t == closing else None, loc=loc)
            try:
                halo.check_cover(b[1])
            except ScheduleError:
                raise _NotCovered() from None
            return [Allocate(buf, b[1], dtype, loc=loc), halo]

        try:
            out: list[Step] = fetch(0)
            for t, tile in enumerate(tiles):
                if t + 1 < len(tiles):
                    out += fetch(t + 1)  # tile t + 1 is on its way while tile t computes
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
                                  wait=step.wait if t == 0 else (),
                                  signal=step.signal if t + 1 == len(tiles) else None, loc=loc))
                out.append(Free(bufs[t % 2], loc=loc))
        except _NotCovered:
            return None
        removed = set().union(*(pc.steps for pc in pieces))
        for pc in pieces:
            if pc.moved is not None:
                out.append(self.steps[pc.moved])
                removed.add(pc.moved)
        return out, removed

    def fresh_event(self, olds: list[str]) -> str:
        return f"{olds[0]}+{len(olds) - 1} tiles read"


class _NotCovered(Exception):
    """A tile's pieces do not cover it exactly once: the kernel is left as it was."""


def _names(step: Step) -> tuple[str, ...]:
    """Every local buffer name ``step`` reads, writes, creates or frees."""
    if isinstance(step, Kernel):
        return step.inputs + step.outputs + step.captures
    if isinstance(step, HaloExchange):
        return step.reads() + (step.output,)
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
    from meshc.dialects.linalg import IndexOp

    return {inner.dim for inner in op.walk() if inner is not op and isinstance(inner, IndexOp)}


def _loop_extent(maps, types, d: int) -> int:
    """The size of loop ``d``: the first operand dim indexed by exactly ``d``."""
    from meshc.ir.affine import DimExpr

    for amap, t in zip(maps, types):
        for expr, n in zip(amap.results, t.shape):
            if isinstance(expr, DimExpr) and expr.position == d:
                return int(n)
    raise ValueError(f"loop d{d} indexes no operand dim")
