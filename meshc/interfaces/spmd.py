"""What an op's ShardingInterface model needs to rebuild it for one device (the SPMD rules).

Partition (``docs/pipeline.md`` stage 5) walks the ops of a function and, for each op on
distributed tensors, asks the op's model (:meth:`meshc.interfaces.sharding.ShardingModel.partition`)
to emit the op on this device's part, as upstream MLIR's ``Partition.cpp`` asks
``ShardingInterface::partition``; an op without a model is replicated. This module holds what
the models and the pass share:

* :class:`IndexMath`: ``arith`` on ``index`` values at a builder, folding what is known with
  the one constant folder (:mod:`meshc.kernels.fold`);
* :func:`balanced_range` and :class:`DeviceView`: a device's coordinates and the box of a
  distributed value it holds (DESIGN's balanced rule, or ``sharded_dims_offsets``);
* :class:`PartitionContext`: what a model's ``partition`` gets -- the view, a ``read`` of any
  box of a distributed operand, the boxes the op's rule gives each operand and result, and the
  check that the op's shardings are the ones its rule needs;
* :func:`clone_on_local_shapes`: the default partition of an op whose semantics follow its
  operands' shapes (structured, elementwise, same-shape ops): the op cloned onto the local
  slices with local result types;
* :func:`local_type`, :func:`extract`, :func:`known_sizes`, :func:`replace_clone`: small
  helpers of the models' ``partition`` and ``refine`` (unroll's static type inference).

Raises :class:`PartitionError` (turned into a located error by the pass) for what a device
cannot compute.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Hashable, Optional, Sequence, Union

import numpy as np

import meshc.dialects.tensor as tensor
from meshc.dialects.arith import ConstantOp
from meshc.dialects.mesh import (I16, CollectiveOp, MeshOp, ShardingAttr, ShardOp, data_encoding_of, sharding_of,
                                 strip_sharding)
from meshc.ir.attributes import DenseArrayAttr, DenseElementsAttr, IntegerAttr, StringAttr, SymbolRefAttr
from meshc.ir.builder import Builder
from meshc.ir.core import Block, Operation, Value
from meshc.ir.types import I1, INDEX, TensorType
from meshc.kernels.fold import fold_integer
from meshc.sharding.shards import shard_boundaries

__all__ = ["Mixed", "PartitionError", "IndexMath", "balanced_range", "DeviceView", "widened", "local_type", "extract",
           "all_replicated", "product", "shift_block_args", "strip_nested", "PartitionContext",
           "clone_on_local_shapes", "known_sizes", "replace_clone"]

Mixed = Union[int, Value]
"""An index known at compile time (int) or computed at run time (an ``index`` Value)."""



class PartitionError(ValueError):
    """Internal signal turned into a located error by the pass."""


# ---------------------------------------------------------------------------------------------------------------
# Index arithmetic
# ---------------------------------------------------------------------------------------------------------------

class IndexMath:
    """Emits ``arith`` ops on ``index`` values at a builder, folding whatever is known (ints).

    Known operands fold with :func:`meshc.kernels.fold.fold_integer` in ``index`` (64-bit, the
    rule for undefined cases of :mod:`meshc.kernels.fold`: a division by zero is emitted, not
    folded). Divisions are of non-negative values (sizes, shard counts), so ``divui``/``remui``
    follow Python's ``//``/``%`` there."""

    def __init__(self, builder: Builder, loc):
        self.b = builder
        self.loc = loc
        self._consts: dict[int, Value] = {}
        self._tables: dict[tuple, Value] = {}

    def value(self, x: Mixed) -> Value:
        if isinstance(x, Value):
            return x
        if x not in self._consts:
            op = ConstantOp.create([], [INDEX], {"value": IntegerAttr(int(x), INDEX)}, location=self.loc)
            self._consts[x] = self.b.insert(op).results[0]
        return self._consts[x]

    def _emit(self, name: str, a: Mixed, b: Mixed, attrs: Optional[dict] = None, rtype=INDEX) -> Value:
        op = Operation.create([self.value(a), self.value(b)], [rtype], attrs or {}, location=self.loc, name=name)
        return self.b.insert(op).results[0]

    def add(self, a: Mixed, b: Mixed) -> Mixed:
        if isinstance(a, int) and isinstance(b, int) and (c := _fold("addi", a, b)) is not None:
            return c
        if b == 0:
            return a
        if a == 0:
            return b
        return self._emit("arith.addi", a, b)

    def sub(self, a: Mixed, b: Mixed) -> Mixed:
        if isinstance(a, int) and isinstance(b, int) and (c := _fold("subi", a, b)) is not None:
            return c
        if a is b:
            return 0
        if b == 0:
            return a
        return self._emit("arith.subi", a, b)

    def mul(self, a: Mixed, b: Mixed) -> Mixed:
        if isinstance(a, int) and isinstance(b, int) and (c := _fold("muli", a, b)) is not None:
            return c
        if a == 0 or b == 0:
            return 0
        if b == 1:
            return a
        if a == 1:
            return b
        return self._emit("arith.muli", a, b)

    def div(self, a: Mixed, b: Mixed) -> Mixed:
        if isinstance(a, int) and isinstance(b, int) and (c := _fold("divui", a, b)) is not None:
            return c
        if b == 1:
            return a
        return self._emit("arith.divui", a, b)

    def rem(self, a: Mixed, b: Mixed) -> Mixed:
        if isinstance(a, int) and isinstance(b, int) and (c := _fold("remui", a, b)) is not None:
            return c
        if b == 1:
            return 0
        return self._emit("arith.remui", a, b)

    def max(self, a: Mixed, b: Mixed) -> Mixed:
        if isinstance(a, int) and isinstance(b, int) and (c := _fold("maxsi", a, b)) is not None:
            return c
        return self._emit("arith.maxsi", a, b)

    def min(self, a: Mixed, b: Mixed) -> Mixed:
        if isinstance(a, int) and isinstance(b, int) and (c := _fold("minsi", a, b)) is not None:
            return c
        return self._emit("arith.minsi", a, b)

    def cmp(self, pred: str, a: Mixed, b: Mixed) -> Union[bool, Value]:
        if isinstance(a, int) and isinstance(b, int):
            return bool(fold_integer("cmpi", [a, b], I1, INDEX, pred))
        return self._emit("arith.cmpi", a, b, {"predicate": StringAttr(pred)}, I1)

    def select(self, c: Union[bool, Value], a: Mixed, b: Mixed) -> Mixed:
        if isinstance(c, bool):
            return a if c else b
        if isinstance(a, int) and isinstance(b, int) and a == b:
            return a
        op = Operation.create([c, self.value(a), self.value(b)], [INDEX], location=self.loc, name="arith.select")
        return self.b.insert(op).results[0]

    def lookup(self, table: Sequence[int], i: Mixed) -> Mixed:
        """``table[i]``: an ``arith.constant`` index tensor and ``tensor.extract`` when ``i`` is unknown."""
        if isinstance(i, int):
            return table[i]
        key = tuple(table)
        if key not in self._tables:
            t = TensorType((len(table),), INDEX)
            const = ConstantOp.create([], [t], {"value": DenseElementsAttr(t, np.array(table, dtype=np.int64))},
                                      location=self.loc)
            self._tables[key] = self.b.insert(const).results[0]
        op = Operation.create([self._tables[key], i], [INDEX], location=self.loc, name="tensor.extract")
        return self.b.insert(op).results[0]


def _fold(kind: str, a: int, b: int) -> Optional[int]:
    """``arith.<kind>`` of two known ``index`` values (:func:`meshc.kernels.fold.fold_integer`)."""
    return fold_integer(kind, [a, b], INDEX)


def balanced_range(m: IndexMath, n: Mixed, k: Mixed, i: Mixed) -> tuple[Mixed, Mixed]:
    """``(offset, size)`` of balanced shard ``i`` of ``n`` over ``k`` (DESIGN.md: ``n // k`` each, the
    last ``n % k`` one more): offset ``i*q + max(0, i - (k - r))``, size ``q + (i >= k - r)``."""
    if isinstance(n, int) and isinstance(k, int) and isinstance(i, int):
        bounds = shard_boundaries(n, k)
        return bounds[i], bounds[i + 1] - bounds[i]
    q, r = m.div(n, k), m.rem(n, k)
    if r == 0:
        return m.mul(i, q), q
    t = m.sub(k, r)
    offset = m.add(m.mul(i, q), m.max(0, m.sub(i, t)))
    size = m.select(m.cmp("sge", i, t), m.add(q, 1), q)
    return offset, size


# ---------------------------------------------------------------------------------------------------------------
# A device's view: coordinates and shard regions
# ---------------------------------------------------------------------------------------------------------------

class DeviceView:
    """The device running a body: its coordinates (index Values, or ints), the mesh sizes, and the
    region of every distributed value it holds or needs, emitted with :class:`IndexMath`."""

    def __init__(self, math: IndexMath, mesh: MeshOp, coords: Optional[Sequence[Mixed]] = None):
        self.m = math
        self.mesh = mesh
        self.spec = mesh.as_mesh()
        self._coords = list(coords) if coords is not None else None
        self._sizes: dict[int, Mixed] = {}

    def coords(self) -> list[Mixed]:
        if self._coords is None:
            rank = self.mesh.rank
            op = Operation.create([], [INDEX] * rank, {"mesh": SymbolRefAttr(self.mesh.sym_name)},
                                  location=self.m.loc, name="mesh.process_multi_index")
            self._coords = list(self.m.b.insert(op).results)
        return self._coords

    def size(self, axis: int) -> Mixed:
        s = self.mesh.shape[axis]
        if s is not None:
            return s
        if axis not in self._sizes:
            op = Operation.create([], [INDEX], {"mesh": SymbolRefAttr(self.mesh.sym_name),
                                                "axes": DenseArrayAttr(I16, (axis,))},
                                  location=self.m.loc, name="mesh.mesh_shape")
            self._sizes[axis] = self.m.b.insert(op).results[0]
        return self._sizes[axis]

    def shard_index(self, axes: Sequence[int]) -> tuple[Mixed, Mixed]:
        """(this device's shard index, shard count) of a dim split over ``axes`` (first axis major)."""
        idx: Mixed = 0
        k: Mixed = 1
        for a in axes:
            s = self.size(a)
            idx = self.m.add(self.m.mul(idx, s), self.coords()[a])
            k = self.m.mul(k, s)
        return idx, k

    def dim_size(self, v: Value, d: int) -> Mixed:
        n = v.type.shape[d]  # type: ignore[attr-defined]
        if n is not None:
            return n
        op = Operation.create([v, self.m.value(d)], [INDEX], location=self.m.loc, name="tensor.dim")
        return self.m.b.insert(op).results[0]

    def core_range(self, v: Value, s: ShardingAttr, d: int, size: Optional[Mixed] = None) -> tuple[Mixed, Mixed]:
        """(offset, size) of this device's shard of dim ``d`` of ``v`` (sharded ``s``), halos excluded.
        ``size``: the global size of the dim when the caller knows it (default: from ``v``'s type, or
        ``tensor.dim``)."""
        n = self.dim_size(v, d) if size is None else size
        axes = s.dim_axes(d)
        if not axes:
            return 0, n
        idx, k = self.shard_index(axes)
        if s.sharded_dims_offsets:
            if not self.mesh.is_static:
                raise PartitionError(f"explicit sharded_dims_offsets of {s} need a static mesh")
            bounds = s.to_spec().offsets_of(d, self.spec)
            start = self.m.lookup(bounds, idx)
            return start, self.m.sub(self.m.lookup(bounds, self.m.add(idx, 1)), start)
        return balanced_range(self.m, n, k, idx)

    def region(self, v: Value, s: ShardingAttr, with_halo: bool = True) -> list[tuple[Mixed, Mixed]]:
        """(offset, size) per dim of what this device holds of ``v``: its core, widened by the halos
        and clipped to the tensor (meshc's halo rule, :mod:`meshc.sharding.shards`)."""
        out = []
        spec = s.to_spec()
        for d in range(v.type.rank):  # type: ignore[attr-defined]
            core = self.core_range(v, s, d)
            halo = spec.halo_of(d) if with_halo else (0, 0)
            out.append(widened(self.m, core, halo, self.dim_size(v, d)) if any(halo) else core)
        return out


def widened(m: IndexMath, core: tuple[Mixed, Mixed], halo: Optional[Sequence[int]],
            size: Mixed) -> tuple[Mixed, Mixed]:
    """``(offset, size)`` of a shard's ``core`` widened by its ``(low, high)`` ``halo`` and clipped to
    ``[0, size)`` (meshc's halo rule, :mod:`meshc.sharding.shards`); ``core`` when there is no halo."""
    if not halo or not any(halo):
        return core
    off, n = core
    start = m.max(0, m.sub(off, halo[0]))
    stop = m.min(size, m.add(m.add(off, n), halo[1]))
    return start, m.sub(stop, start)


def local_type(global_type: TensorType, sizes: Sequence[Mixed]) -> TensorType:
    """The per-device type of a slice of ``global_type``: static dims where the size is known, no
    sharding (a data-tiling encoding is kept)."""
    return TensorType(tuple(s if isinstance(s, int) else None for s in sizes), global_type.element_type,
                      data_encoding_of(global_type))


def extract(m: IndexMath, v: Value, region: Sequence[tuple[Mixed, Mixed]]) -> Value:
    """``tensor.extract_slice %v[offsets] [sizes] [1...]`` with GLOBAL offsets (docs/pipeline.md stage 5)."""
    offsets = [m.value(o) if isinstance(o, Value) else o for o, _ in region]
    sizes = [s for _, s in region]
    rt = local_type(v.type, sizes)  # type: ignore[arg-type]
    op = tensor.ExtractSliceOp.build(v, offsets, sizes, [1] * len(region), rt, m.loc)
    return m.b.insert(op).results[0]


def all_replicated(op: Operation) -> bool:
    """Whether every distributed operand and result of ``op`` is replicated."""
    return all(s.is_replicated for s in (sharding_of(v.type) for v in list(op.operands) + list(op.results)) if s)


def product(m: IndexMath, sizes: Sequence[Mixed]) -> Mixed:
    out: Mixed = 1
    for n in sizes:
        out = m.mul(out, n)
    return out


def shift_block_args(block: Block, offsets: Sequence[Mixed], m: IndexMath) -> None:
    """Index block arguments that are local indices of a per-device op (``tensor.pad``'s body gets the
    result's indices) become global ones: ``arg + offset`` of the device's box, where used."""
    b = Builder.at_start(block)
    for arg, off in zip(block.args, offsets):
        if (isinstance(off, int) and off == 0) or not arg.uses:
            continue
        if isinstance(off, int):
            const = ConstantOp.create([], [INDEX], {"value": IntegerAttr(off, INDEX)}, location=m.loc)
            off = b.insert(const).results[0]
        add = Operation.create([arg, off], [INDEX], location=m.loc, name="arith.addi")
        arg.replace_all_uses_with(add.results[0])
        add.set_operand(0, arg)
        b.insert(add)


def strip_nested(op: Operation) -> None:
    """Remove shardings from the types of values inside ``op``'s regions (bodies run per device). The
    op is cloned whole into every device's body, so every value inside it is a whole tensor: sharding
    annotations, resharding points and global-view collectives nested in it (left by the passes that
    do not look into regions) are the identity there and are dropped."""
    for inner in list(op.walk()):
        if inner is not op and (isinstance(inner, (ShardOp, CollectiveOp)) and len(inner.operands) == 1
                                and len(inner.results) == 1):
            inner.results[0].replace_all_uses_with(inner.operands[0])
            inner.erase()
    for inner in op.walk():
        if inner is not op:
            for r in inner.results:
                r.type = strip_sharding(r.type)
        for region in inner.regions:
            for block in region.blocks:
                for a in block.args:
                    a.type = strip_sharding(a.type)


# ---------------------------------------------------------------------------------------------------------------
# What a model's partition gets
# ---------------------------------------------------------------------------------------------------------------

Region_ = list[tuple[Mixed, Mixed]]


@dataclass
class PartitionContext:
    """The device an op is partitioned for, handed to its model's ``partition``.

    ``view``: the device (:class:`DeviceView`; ``view.m`` emits index arithmetic and ops at the body's
    insertion point). ``read(v, box)``: the local value of distributed ``v`` over ``box`` (GLOBAL
    ``(offset, size)`` per dim; a ``tensor.extract_slice``, or a ``shared_outs`` argument of the
    ``for_one`` form). ``check(shardings)``: raises :class:`PartitionError` unless the op's shardings
    (operands then results) are the ones its rule needs. ``regions()``: the box each operand, then
    each result, covers on this device under the op's rule (None for values that are not
    distributed), computed on first use (it checks the shardings). ``captured()``: whole reads of the
    distributed values the op's regions use from outside. :meth:`partition_inner`: an op of the regions
    partitioned the pass's way."""

    op: Operation
    view: "object"
    read: Callable[[Value, Sequence[tuple[Mixed, Mixed]]], Value]
    check: Callable[[list], None]
    _regions: Callable[[], list] = field(repr=False, default=lambda: [])
    _captured: Callable[[], dict] = field(repr=False, default=lambda: {})
    _cache: dict = field(default_factory=dict, repr=False)
    _inner: Optional[Callable] = field(repr=False, default=None)

    def partition_inner(self, inner: Operation, view: "DeviceView", read) -> list[Value]:
        """Partition ``inner``, an op in the regions of this op, for ``view`` (whose ``m`` inserts into the
        new body) with ``read`` giving the local values of the body: what the pass does for a top-level
        op (its model's :meth:`~meshc.interfaces.sharding.ShardingModel.partition`). Region ops that are
        partitioned in place (:mod:`meshc.interfaces.region_models`) call it for their body.

        Raises:
            PartitionError: no partitioner was given (the op is not partitioned by the pass).
        """
        if self._inner is None:
            raise PartitionError(f"'{inner.name}' inside '{self.op.name}' cannot be partitioned here")
        return self._inner(inner, view, read)

    @property
    def m(self) -> "IndexMath":
        return self.view.m  # type: ignore[attr-defined]

    def regions(self) -> list[Optional[Region_]]:
        if "regions" not in self._cache:
            self._cache["regions"] = self._regions()
        return self._cache["regions"]

    def captured(self) -> dict:
        return self._captured()

    @property
    def all_replicated(self) -> bool:
        """Whether every distributed operand and result of the op is replicated."""
        return all_replicated(self.op)

    def local_operands(self) -> list[Value]:
        """Each operand as this device reads it: its box (:meth:`regions`) of a distributed operand, the
        value itself otherwise."""
        regions = self.regions()
        return [self.read(v, regions[k]) if sharding_of(v.type) is not None else v  # type: ignore[arg-type]
                for k, v in enumerate(self.op.operands)]

    def result_sizes(self) -> list[Optional[list[Mixed]]]:
        """The local sizes of each distributed result (None for the others)."""
        regions, n = self.regions(), len(self.op.operands)
        return [[s for _, s in regions[n + r]] if sharding_of(res.type) is not None else None  # type: ignore
                for r, res in enumerate(self.op.results)]


def clone_on_local_shapes(op: Operation, ctx: PartitionContext) -> tuple[Operation, list[Value]]:
    """The default partition (upstream's for ops whose semantics follow their operands' shapes): ``op``
    cloned onto the device's local operands, each distributed result given its local type, shardings
    stripped inside its regions; returns the inserted clone and its results."""
    operands = ctx.local_operands()
    sizes = ctx.result_sizes()
    new = op.clone(ctx.captured())
    new.set_operands(operands)
    for r, (res, rs) in enumerate(zip(new.results, sizes)):
        if rs is not None:
            res.type = local_type(op.results[r].type, rs)  # type: ignore[arg-type]
    strip_nested(new)
    ctx.m.b.insert(new)
    return new, list(new.results)


# ---------------------------------------------------------------------------------------------------------------
# Unroll's static type inference
# ---------------------------------------------------------------------------------------------------------------

def known_sizes(shape, sizes: Sequence[Value], known: Callable[[Value], Optional[int]]) -> tuple[list, list]:
    """``shape`` (None for a dynamic dim) with the dynamic dims whose size operand (from ``sizes``, in
    order) is now a known constant (``known``) made static; returns (new shape, the size operands still
    dynamic)."""
    dyn = iter(sizes)
    new_shape, rest = [], []
    for d in shape:
        if d is None:
            v = next(dyn)
            k = known(v)
            new_shape.append(k)
            if k is None:
                rest.append(v)
        else:
            new_shape.append(d)
    return new_shape, rest


def replace_clone(old: Operation, new: Operation) -> Operation:
    """``new`` takes over the names of ``old``'s results (``old`` is a fresh clone not yet inserted,
    whose operands are dropped); returns ``new``."""
    for a, b in zip(old.results, new.results):
        b.name_hint = a.name_hint
    old.drop_operands()
    return new


class IndexExpressions:
    """A structural key per index value (:meth:`key`): equal keys compute the same number on every
    device. Constants are their ints; a pure op without regions is its name, attributes and the keys
    of its operands; the coordinates of the fused loops are one key; anything else is itself."""

    def __init__(self, ivs: dict[int, int]):
        self._memo: dict[int, Hashable] = {}
        self._ivs = ivs  # id(induction variable) -> axis
        self.scratch: list[Block] = []  # blocks whose values have keys: alive as long as the memo (ids)

    def key(self, x: Mixed) -> Hashable:
        if isinstance(x, int):
            return x
        memo = self._memo.get(id(x))
        if memo is not None:
            return memo
        out: Hashable = ("value", id(x))
        if id(x) in self._ivs:
            out = ("coordinate", self._ivs[id(x)])
        else:
            op = getattr(x, "op", None)
            if op is not None and op.name == "arith.constant" and isinstance(op.attr("value"), IntegerAttr) \
                    and x.type == INDEX:
                out = op.attr("value").value
            elif op is not None and not op.regions and op.has_trait("Pure"):
                attrs = tuple(sorted((k, hashable_attr(a)) for k, a in list(op.attributes.items())
                                     + list(op.properties.items())))
                out = (op.name, attrs, tuple(self.key(o) for o in op.operands), x.index)  # type: ignore
        self._memo[id(x)] = out
        return out


def hashable_attr(a) -> Hashable:
    """``a`` itself when hashable, else its text (a key part of :class:`IndexExpressions`)."""
    try:
        hash(a)
        return a
    except TypeError:
        return str(a)
