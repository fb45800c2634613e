"""``partition``: SPMD form, what each device computes (PIPELINE.md stage 5).

Input: the reshard output (stage 4): distributed tensor types, global-view
collectives, and resharding points left as ``mesh.shard ... : T_A -> T_B``
(``mark_partial`` steps, ``{peer_read}`` points). Each compute op with
distributed operands or results becomes a per-device body; collectives,
``mesh.update_halo`` and ``func.return`` stay between the bodies in global view.

``form=for_all`` (default; seed 000's first form)::

    %r = mesh.for_all on @m -> T_dist {
      %i = mesh.process_multi_index on @m : index
      ... offsets and sizes of this device's shards (arith on index) ...
      %xs = tensor.extract_slice %x[%off, 0] [%sz, 3] [1, 1] : T_x to tensor<?x3xf32>
      %r0 = <the op on the slices>
      mesh.yield %r0 : tensor<?x2xf32>
    }

``form=for_one`` (seed 000's second form)::

    %r = scf.forall (%i) in (%n) shared_outs(%o = %init) -> (T_dist) {
      scf.forall.in_parallel {
        mesh.for_one %i on @m {
          ... the same body, the init read from %o ...
          tensor.parallel_insert_slice %r0 into %o[%off, 0] [%sz, 2] [1, 1] : tensor<?x2xf32> into T_dist
        }
      }
    }

The init of a result that has no destination operand is a ``tensor.empty`` of the
distributed type (the seed's ``%out_dps``); in this form ``tensor.empty`` ops of
distributed types stay as such allocations.

Slices (``tensor.extract_slice`` with GLOBAL offsets on the distributed operand):

* offsets and sizes come from the device's coordinates and the sharding: the
  balanced rule of DESIGN.md (``n // k`` each, the last ``n % k`` one more), or the
  explicit ``sharded_dims_offsets`` (a table lookup); several mesh axes on one dim
  linearise the coordinates, first axis major. Sizes are static when the mesh is
  static and the shards even, ``?`` otherwise; a dynamic mesh reads its sizes from
  ``mesh.mesh_shape``;
* the loop ranges of an op follow its ShardingInterface
  (:mod:`meshc.interfaces.sharding`): a split loop's range is the shard of the
  result dim (or, for a split reduction loop, the operand dim) it indexes; every
  operand reads the box its indexing maps give, which is its own shard unless a
  ``{peer_read}`` point was fused into the op: then the box is read from the
  point's source and may straddle other devices' shards (seed 000: "slices may
  straddle shard boundaries"), which the runtime reads in place from peers;
* ``linalg.index`` of a split loop gets the loop offset added.

Resharding points left by ``reshard``: a ``{peer_read}`` point without a change of
partial axes is fused into its consumers (they slice the source); otherwise, and
for ``mark_partial`` points, a body reads the target region from the source, and
where the target adds partial axes only the devices at coordinate 0 of those axes
keep the value, the others take the reduction identity (the "only one device adds
the initial value" scheme for split reductions; the partial result is then reduced
by the collective ``reshard`` inserted).

Ops whose static shapes live in attributes (``tensor.expand_shape``, ``pad``,
``concat``...) are partitioned only when every tensor they touch is replicated;
split ones are a located error, as are shardings that disagree with the op's rule
(run ``reshard`` first). With ``--mesh-shape`` dynamic meshes are specialized first.
"""

from __future__ import annotations

from typing import Optional, Sequence, Union

import numpy as np

import meshc.dialects.linalg as linalg
import meshc.dialects.tensor as tensor
from meshc import testing_hooks
from meshc.dialects.arith import ConstantOp
from meshc.dialects.func import FuncOp
from meshc.dialects.mesh import (DYNAMIC_INDEX, I16, ForAllOp, ForOneOp, MeshOp, ShardingAttr, ShardOp, YieldOp,
                                 data_encoding_of, sharding_of, strip_sharding)
from meshc.dialects.scf import ForallOp, new_in_parallel
from meshc.interfaces.annotations import function_mesh, functions
from meshc.interfaces.sharding import ShardingRuleError, effective_links, iteration_space, loop_sharding
from meshc.ir.attributes import (DenseArrayAttr, DenseElementsAttr, FloatAttr, IntegerAttr, StringAttr,
                                 SymbolRefAttr)
from meshc.ir.builder import Builder
from meshc.ir.core import Block, Operation, Region, Value
from meshc.ir.types import I1, I32, I64, INDEX, FloatType, TensorType, numpy_dtype
from meshc.passes.base import Option, Pass
from meshc.passes.reshard import is_distributed, is_mesh_op, lookup_mesh_op, needed_shardings
from meshc.passes.specialize_mesh import specialize_from_context
from meshc.sharding import ReductionKind, ShardingError, same_layout
from meshc.sharding.shards import shard_boundaries

FORMS = ("for_all", "for_one")

Mixed = Union[int, Value]
"""An index known at compile time (int) or computed at run time (an ``index`` Value)."""

#: Ops partitioned by cloning them onto local slices: their semantics follow their operands' shapes.
_SHAPE_FREE_DIALECTS = ("arith.", "math.", "linalg.", "iree_encoding.")
_SHAPE_FREE_OPS = ("tensor.cast", "tensor.bitcast")


class PartitionError(ValueError):
    """Internal signal turned into a located error by the pass."""


class Partition(Pass):
    """See the module docstring."""

    name = "partition"
    summary = "Turn each op on distributed tensors into per-device code (mesh.for_all, or scf.forall + mesh.for_one)"
    display_name = "Partition"
    options = (Option("form", str, "for_all", "for_all (one body run by every device) or for_one "
                                             "(scf.forall over the mesh with mesh.for_one)", choices=FORMS),)
    op_names = ("builtin.module",)

    def run(self, op: Operation) -> None:
        specialize_from_context(op, self.context)
        for func in functions(op):
            name = function_mesh(func)
            if name is not None:
                FunctionPartitioner(func, lookup_mesh_op(func, name), self.form).run()


# ---------------------------------------------------------------------------------------------------------------
# Index arithmetic
# ---------------------------------------------------------------------------------------------------------------

class IndexMath:
    """Emits ``arith`` ops on ``index`` values at a builder, folding whatever is known (ints).

    Divisions are of non-negative values (sizes, shard counts), so ``divui``/``remui`` follow
    Python's ``//``/``%`` there."""

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
        if isinstance(a, int) and isinstance(b, int):
            return a + b
        if b == 0:
            return a
        if a == 0:
            return b
        return self._emit("arith.addi", a, b)

    def sub(self, a: Mixed, b: Mixed) -> Mixed:
        if isinstance(a, int) and isinstance(b, int):
            return a - b
        if b == 0:
            return a
        return self._emit("arith.subi", a, b)

    def mul(self, a: Mixed, b: Mixed) -> Mixed:
        if isinstance(a, int) and isinstance(b, int):
            return a * b
        if a == 0 or b == 0:
            return 0
        if b == 1:
            return a
        if a == 1:
            return b
        return self._emit("arith.muli", a, b)

    def div(self, a: Mixed, b: Mixed) -> Mixed:
        if isinstance(a, int) and isinstance(b, int):
            return a // b
        if b == 1:
            return a
        return self._emit("arith.divui", a, b)

    def rem(self, a: Mixed, b: Mixed) -> Mixed:
        if isinstance(a, int) and isinstance(b, int):
            return a % b
        if b == 1:
            return 0
        return self._emit("arith.remui", a, b)

    def max(self, a: Mixed, b: Mixed) -> Mixed:
        if isinstance(a, int) and isinstance(b, int):
            return max(a, b)
        return self._emit("arith.maxsi", a, b)

    def min(self, a: Mixed, b: Mixed) -> Mixed:
        if isinstance(a, int) and isinstance(b, int):
            return min(a, b)
        return self._emit("arith.minsi", a, b)

    def cmp(self, pred: str, a: Mixed, b: Mixed) -> Union[bool, Value]:
        if isinstance(a, int) and isinstance(b, int):
            return {"eq": a == b, "sge": a >= b}[pred]
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
    if "uneven-slice-offset" in testing_hooks.INJECT:  # TEST-ONLY deliberate miscompile (meshc/testing_hooks.py)
        offset = testing_hooks.shifted_offset(m, offset, i, r)
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

    def core_range(self, v: Value, s: ShardingAttr, d: int) -> tuple[Mixed, Mixed]:
        """(offset, size) of this device's shard of dim ``d`` of ``v`` (sharded ``s``), halos excluded."""
        n = self.dim_size(v, d)
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
            off, size = self.core_range(v, s, d)
            low, high = spec.halo_of(d) if with_halo else (0, 0)
            if low or high:
                n = self.dim_size(v, d)
                start = self.m.max(0, self.m.sub(off, low))
                stop = self.m.min(n, self.m.add(self.m.add(off, size), high))
                off, size = start, self.m.sub(stop, start)
            out.append((off, size))
        return out


def local_type(global_type: TensorType, sizes: Sequence[Mixed]) -> TensorType:
    """The per-device type of a slice of ``global_type``: static dims where the size is known, no
    sharding (a data-tiling encoding is kept)."""
    return TensorType(tuple(s if isinstance(s, int) else None for s in sizes), global_type.element_type,
                      data_encoding_of(global_type))


def extract(m: IndexMath, v: Value, region: Sequence[tuple[Mixed, Mixed]]) -> Value:
    """``tensor.extract_slice %v[offsets] [sizes] [1...]`` with GLOBAL offsets (PIPELINE.md stage 5)."""
    offsets = [m.value(o) if isinstance(o, Value) else o for o, _ in region]
    sizes = [s for _, s in region]
    rt = local_type(v.type, sizes)  # type: ignore[arg-type]
    op = tensor.ExtractSliceOp.build(v, offsets, sizes, [1] * len(region), rt, m.loc)
    return m.b.insert(op).results[0]


def identity_attr(kind: str, element_type):
    """The reduction identity of ``kind`` as a scalar attribute of ``element_type`` (None: no identity,
    ``average``)."""
    try:
        value = ReductionKind.parse(kind).identity(numpy_dtype(element_type))
    except ShardingError:
        return None
    if isinstance(element_type, FloatType):
        return FloatAttr(float(value), element_type)
    return IntegerAttr(int(value), element_type)


# ---------------------------------------------------------------------------------------------------------------
# The pass on one function
# ---------------------------------------------------------------------------------------------------------------

class FunctionPartitioner:
    """Partitions the top-level ops of one function (see the module docstring)."""

    def __init__(self, func: FuncOp, mesh: MeshOp, form: str):
        self.func = func
        self.mesh = mesh
        self.spec = mesh.as_mesh()
        self.form = form

    def run(self) -> None:
        for block in self.func.regions[0].blocks:
            for op in list(block.ops):
                if self.wants_partition(op):
                    try:
                        self.partition(op)
                    except (PartitionError, ShardingRuleError, ShardingError) as err:
                        raise op.error(f"cannot be partitioned: {err}") from None
            for op in reversed(list(block.ops)):
                if isinstance(op, ShardOp):
                    if not op.results[0].uses:
                        op.erase()
                        continue
                    try:
                        self.lower_point(op)
                    except (PartitionError, ShardingError) as err:
                        raise op.error(f"cannot be partitioned: {err}") from None

    def wants_partition(self, op: Operation) -> bool:
        if is_mesh_op(op) or op.name in ("func.return", "util.return", "func.call", "util.call") or op.is_terminator:
            return False
        if self.form == "for_one" and op.name == "tensor.empty":
            return False  # a distributed allocation (the seed's %out_dps)
        return any(is_distributed(v) for v in list(op.operands) + list(op.results))

    # -- compute ops ------------------------------------------------------------------------------------------
    def partition(self, op: Operation) -> None:
        def body(view: DeviceView, read) -> list[Value]:
            return self.local_op(op, view, read)

        inits = self.dps_inits(op)
        self.emit(op, body, [r.type for r in op.results], inits)

    def dps_inits(self, op: Operation) -> list[Optional[Value]]:
        """The destination operand of each result (linalg inits), or None."""
        if isinstance(op, linalg.StructuredOp):
            inits = [v for v in op.inits if isinstance(v.type, TensorType)]
            if len(inits) == len(op.results):
                return inits
        return [None] * len(op.results)

    def local_op(self, op: Operation, view: DeviceView, read) -> list[Value]:
        """Emit ``op`` on this device's slices; return its local results."""
        m = view.m
        regions = self.regions(op, view)
        operands = []
        for k, v in enumerate(op.operands):
            if not is_distributed(v):
                operands.append(v)
                continue
            operands.append(read(v, regions[k]))
        result_sizes = [[s for _, s in regions[len(op.operands) + r]] if is_distributed(res) else None
                        for r, res in enumerate(op.results)]
        if op.name == "tensor.empty":
            rt = local_type(op.results[0].type, result_sizes[0])  # type: ignore[arg-type]
            dyn = [m.value(s) for s in result_sizes[0] if isinstance(s, Value)]  # type: ignore[union-attr]
            return list(m.b.insert(tensor.EmptyOp.build(rt, dyn, m.loc)).results)
        if op.name == "arith.constant" and isinstance(op.attributes.get("value"), DenseElementsAttr):
            return [self.local_splat(op, result_sizes[0], m)]  # type: ignore[arg-type]
        self.check_clonable(op)
        new = op.clone({})
        new.set_operands(operands)
        for r, (res, sizes) in enumerate(zip(new.results, result_sizes)):
            if sizes is not None:
                res.type = local_type(op.results[r].type, sizes)  # type: ignore[arg-type]
        _strip_nested(new)
        m.b.insert(new)
        if isinstance(new, linalg.StructuredOp):
            self.shift_linalg_index(new, op, regions, m)
        return list(new.results)

    def check_clonable(self, op: Operation) -> None:
        everything_replicated = all(s.is_replicated for s in (sharding_of(v.type) for v in
                                                                list(op.operands) + list(op.results)) if s)
        if everything_replicated:
            return
        if op.name.startswith(_SHAPE_FREE_DIALECTS) or op.name in _SHAPE_FREE_OPS:
            if op.name in ("linalg.pack", "linalg.unpack"):
                raise PartitionError(f"'{op.name}' with split dims is not supported")
            return
        raise PartitionError(f"'{op.name}' keeps static shapes in its attributes and is partitioned only when "
                             "every tensor it touches is replicated")

    def local_splat(self, op: Operation, sizes: Sequence[Mixed], m: IndexMath) -> Value:
        attr = op.attributes["value"]
        rt = local_type(op.results[0].type, sizes)  # type: ignore[arg-type]
        if not attr.is_splat:  # type: ignore[attr-defined]
            sharding = sharding_of(op.results[0].type)
            if sharding is not None and sharding.is_replicated and rt.shape == attr.type.shape:
                # a replicated constant: every device holds the whole value
                plain = DenseElementsAttr(rt, attr.array)  # type: ignore[attr-defined]
                return m.b.insert(ConstantOp.create([], [rt], {"value": plain}, location=m.loc)).results[0]
            raise PartitionError("a non-splat constant cannot be split")
        scalar_t = rt.element_type
        value = attr.splat_value()  # type: ignore[attr-defined]
        if rt.has_static_shape:
            arr = np.full(rt.shape, value, dtype=numpy_dtype(scalar_t))
            c = ConstantOp.create([], [rt], {"value": DenseElementsAttr(rt, arr)}, location=m.loc)
            return m.b.insert(c).results[0]
        return self.fill(m, rt, sizes, FloatAttr(float(value), scalar_t) if isinstance(scalar_t, FloatType)
                         else IntegerAttr(int(value), scalar_t))

    def fill(self, m: IndexMath, rt: TensorType, sizes: Sequence[Mixed], scalar) -> Value:
        """``linalg.fill ins(scalar) outs(tensor.empty(...))`` of local type ``rt``."""
        dyn = [m.value(s) for s in sizes if isinstance(s, Value)]
        empty = m.b.insert(tensor.EmptyOp.build(rt, dyn, m.loc)).results[0]
        c = m.b.insert(ConstantOp.create([], [scalar.type], {"value": scalar}, location=m.loc)).results[0]
        f = linalg.FillOp.build([c], [empty], loc=m.loc)
        return m.b.insert(f).results[0]

    def shift_linalg_index(self, new: linalg.StructuredOp, old: Operation, regions, m: IndexMath) -> None:
        """``linalg.index`` of a split loop reads the local loop index: add the loop's offset."""
        offsets = self.loop_offsets(old, regions)
        for idx in [o for o in new.walk() if isinstance(o, linalg.IndexOp)]:
            off = offsets.get(idx.dim, 0)
            if off == 0:
                continue
            b = Builder.after(idx)
            mm = IndexMath(b, idx.location)
            add = Operation.create([idx.result, mm.value(off) if isinstance(off, int) else off], [INDEX],
                                   location=idx.location, name="arith.addi")
            idx.result.replace_all_uses_with(add.results[0])
            add.set_operand(0, idx.result)
            b.insert(add)

    def loop_offsets(self, op: Operation, regions) -> dict[int, Mixed]:
        space = iteration_space(op)
        out: dict[int, Mixed] = {}
        links = list(space.operands) + list(space.results)
        for k, tl in enumerate(links):
            if not isinstance(tl, tuple) or regions[k] is None:
                continue
            for d, link in enumerate(effective_links(tl)):
                if link is not None and link.loop not in out:
                    out[link.loop] = regions[k][d][0]
        return out

    def regions(self, op: Operation, view: DeviceView) -> list[Optional[list[tuple[Mixed, Mixed]]]]:
        """The box each operand then each result covers on this device (None for non-distributed ones).

        Split loops take the range of the shard of the first result (then operand) dim they index;
        the op's shardings must be the ones its rule asks for (``reshard`` makes them so)."""
        values = list(op.operands) + list(op.results)
        shardings = [sharding_of(v.type) for v in values]
        n_in = len(op.operands)
        ls = loop_sharding(op, shardings[:n_in], shardings[n_in:], mesh=self.spec)
        self.check_shardings(op, shardings)
        space = iteration_space(op)
        links = list(space.operands) + list(space.results)
        ranges: dict[int, tuple[Mixed, Mixed]] = {}
        order = list(range(n_in, len(values))) + list(range(n_in))
        for k in order:
            s, tl = shardings[k], links[k]
            if s is None or not isinstance(tl, tuple):
                continue
            for d, link in enumerate(effective_links(tl)):
                if link is None or link.loop in ranges or not ls.loop_axes[link.loop]:
                    continue
                if s.dim_axes(d) == ls.loop_axes[link.loop]:
                    ranges[link.loop] = view.core_range(values[k], s, d)
        out: list[Optional[list[tuple[Mixed, Mixed]]]] = []
        for k, v in enumerate(values):
            if shardings[k] is None:
                out.append(None)
                continue
            tl = links[k] if isinstance(links[k], tuple) else (None,) * v.type.rank  # type: ignore[attr-defined]
            box = []
            for d, link in enumerate(effective_links(tl)):
                if link is not None and link.loop in ranges:
                    box.append(ranges[link.loop])
                else:
                    box.append((0, view.dim_size(v, d)))
            out.append(box)
        return out

    def check_shardings(self, op: Operation, shardings) -> None:
        """Raise unless the op's shardings are what its rule needs (:func:`needed_shardings`; an operand is
        read by its core, so its halos do not matter)."""
        n_in = len(op.operands)
        need_in, need_out = needed_shardings(op, self.spec)
        need = need_in + need_out
        for k, (have, want) in enumerate(zip(shardings, need)):
            if have is None or want is None:
                continue
            v = (list(op.operands) + list(op.results))[k]
            a, b = have.to_spec().without_halo(), want.to_spec()
            if k >= n_in:
                a = have.to_spec()
            if not same_layout(a, b, self.spec, v.type.shape):  # type: ignore[attr-defined]
                what = f"operand #{k}" if k < n_in else f"result #{k - n_in}"
                raise PartitionError(f"{what} has sharding {have} but the op's rule needs {want} here (run "
                                     "reshard first)")

    # -- resharding points --------------------------------------------------------------------------------------
    def fusable(self, v: Value) -> Optional[Value]:
        """The source a consumer reads ``v`` from: a ``{peer_read}`` point that keeps the partial axes is
        read through (seed 000: the consumer takes the original sharding)."""
        op = getattr(v, "op", None)
        if isinstance(op, ShardOp) and op.peer_read and op.is_resharding_point:
            a, b = sharding_of(op.src.type), sharding_of(op.results[0].type)
            if a is not None and b is not None and sorted(a.partial_axes) == sorted(b.partial_axes):
                return op.src
        return None

    def lower_point(self, op: ShardOp) -> None:
        """A body reading the target region from the source, the identity where partial axes appear."""
        src_s, dst_s = sharding_of(op.src.type), sharding_of(op.results[0].type)
        if src_s is None or dst_s is None:  # an annotation: the input is not in distributed form
            raise PartitionError(f"expects distributed tensor types (run distribute-types and reshard first): "
                                 f"'{op.src.type}' -> '{op.results[0].type}'")
        lost = [a for a in src_s.partial_axes if a not in dst_s.partial_axes]
        if lost or (src_s.partial_axes and src_s.partial_type != dst_s.partial_type):
            raise PartitionError(f"partial axes {lost or list(src_s.partial_axes)} of {src_s} must be reduced by "
                                 "a collective (run reshard)")
        new_axes = [a for a in dst_s.partial_axes if a not in src_s.partial_axes]
        result = op.results[0]

        def body(view: DeviceView, read) -> list[Value]:
            m = view.m
            region = view.region(result, dst_s)
            local = read(op.src, region)
            if not new_axes:
                return [local]
            ident = identity_attr(dst_s.partial_type, result.type.element_type)  # type: ignore[attr-defined]
            if ident is None:
                return [local]
            cond: Union[bool, Value] = True
            for a in new_axes:
                c = m.cmp("eq", view.coords()[a], 0)
                cond = c if cond is True else m.b.insert(Operation.create(
                    [cond, c], [I1], location=m.loc, name="arith.andi")).results[0]  # type: ignore[list-item]
            zero = self.fill(m, local.type, [s for _, s in region], ident)  # type: ignore[arg-type]
            sel = Operation.create([cond, local, zero], [local.type], location=m.loc, name="arith.select")
            return [m.b.insert(sel).results[0]]

        self.emit(op, body, [result.type], [None], read_direct=True)

    # -- the two forms ------------------------------------------------------------------------------------------
    def emit(self, op: Operation, body, result_types: list, inits: list[Optional[Value]],
             read_direct: bool = False) -> None:
        if self.form == "for_all":
            new = self.emit_for_all(op, body, result_types, read_direct)
        else:
            new = self.emit_forall(op, body, result_types, inits, read_direct)
        for old, r in zip(op.results, new.results):
            r.name_hint = old.name_hint
            old.replace_all_uses_with(r)
        op.erase()

    def reader(self, m: IndexMath, direct: bool, rename: Optional[dict] = None):
        def read(v: Value, region) -> Value:
            if rename and v in rename:
                v = rename[v]
            elif not direct:
                v = self.fusable(v) or v
            return extract(m, v, region)
        return read

    def emit_for_all(self, op: Operation, body, result_types: list, read_direct: bool) -> Operation:
        block = Block()
        m = IndexMath(Builder.at_end(block), op.location)
        view = DeviceView(m, self.mesh)
        values = body(view, self.reader(m, read_direct))
        m.b.insert(YieldOp.create(values, (), location=op.location))
        new = ForAllOp.create([], result_types, {"mesh": SymbolRefAttr(self.mesh.sym_name)}, regions=[Region([block])],
                              location=op.location)
        Builder.before(op).insert(new)
        return new

    def emit_forall(self, op: Operation, body, result_types: list, inits: list[Optional[Value]],
                    read_direct: bool) -> Operation:
        outer = Builder.before(op)
        om = IndexMath(outer, op.location)
        sizes = [DeviceView(om, self.mesh).size(a) for a in range(self.mesh.rank)]
        outs = []
        for t, init in zip(result_types, inits):
            if init is None or init.type != t:
                if not t.has_static_shape:
                    raise PartitionError(f"form=for_one needs a static global shape for the new destination of "
                                         f"type '{t}'")
                init = outer.insert(tensor.EmptyOp.build(t, [], op.location)).results[0]
            outs.append(init)
        rank = self.mesh.rank
        fblock = Block([INDEX] * rank + [v.type for v in outs])
        ivs, out_args = fblock.args[:rank], fblock.args[rank:]
        for a, iv in enumerate(ivs):  # the seed's %proc_idx
            iv.name_hint = "i" if rank == 1 else f"i{a}"
        for r, arg in enumerate(out_args):
            arg.name_hint = "out" if len(out_args) == 1 else f"out{r}"
        in_par = new_in_parallel(op.location)
        fblock.append(in_par)
        one_block = Block()
        m = IndexMath(Builder.at_end(one_block), op.location)
        view = DeviceView(m, self.mesh, coords=list(ivs))
        rename = {init: arg for init, arg in zip(inits, out_args) if init is not None}
        values = body(view, self.reader(m, read_direct, rename))
        for v, arg, res_t in zip(values, out_args, result_types):
            region = view.region(arg, sharding_of(res_t))  # type: ignore[arg-type]
            offsets = [o for o, _ in region]
            ins = tensor.ParallelInsertSliceOp.build(v, arg, offsets, [s for _, s in region], loc=op.location)
            m.b.insert(ins)
        one = ForOneOp.create(list(ivs), [], {"mesh": SymbolRefAttr(self.mesh.sym_name),
                                              "device": DenseArrayAttr(I64, (DYNAMIC_INDEX,) * rank)},
                              regions=[Region([one_block])], location=op.location)
        in_par.body.append(one)
        ub_static = tuple(s if isinstance(s, int) else DYNAMIC_INDEX for s in sizes)
        ub_dyn = [om.value(s) for s in sizes if isinstance(s, Value)]
        attrs = {"staticLowerBound": DenseArrayAttr(I64, (0,) * rank), "staticUpperBound": DenseArrayAttr(I64, ub_static),
                 "staticStep": DenseArrayAttr(I64, (1,) * rank),
                 "operandSegmentSizes": DenseArrayAttr(I32, (0, len(ub_dyn), 0, len(outs)))}
        new = ForallOp.create(ub_dyn + outs, result_types, attrs, regions=[Region([fblock])], location=op.location)
        outer.insert(new)
        return new


def _strip_nested(op: Operation) -> None:
    """Remove shardings from the types of values inside ``op``'s regions (bodies run per device)."""
    for inner in op.walk():
        if inner is not op:
            for r in inner.results:
                r.type = strip_sharding(r.type)
        for region in inner.regions:
            for block in region.blocks:
                for a in block.args:
                    a.type = strip_sharding(a.type)

