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

``tensor.expand_shape`` / ``collapse_shape`` on split tensors become the same
reshape of the device's rows with local shapes (:func:`local_reshape`; static when
the shards are even on a static mesh, ``?`` with ``output_shape`` operands
otherwise). The other ops whose static shapes live in attributes carry splits on
the dims their rule links (:mod:`meshc.interfaces.sharding_models`) and become
the op on the device's part:

* ``tensor.extract_slice`` / ``insert_slice`` (:func:`local_slice`): dims taken
  whole by the slice split like the tensor, the op's offsets and sizes kept on the
  other dims, the local size on split ones; an extract whose result alone is split
  slices the device's part of a replicated source (offset ``o + off * stride``);
* ``tensor.pad`` (unpadded dims split; the body's indices are made global) and
  ``tensor.concat`` (dims other than the concatenated one): the op on local
  operands, with the local result type;
* ``tensor.empty`` / ``splat`` / splat constants: a local tensor of the shard's size.

A linalg input dim indexed by an expression of split loops (``d0 + d1`` of a
convolution, a repeated ``d0``) is read from the offset where the device's local
loop indices start (:func:`_expr_box`). An op without a rule (``scf.if``,
``scf.for``...) is cloned whole into every device's body, the distributed values
its regions capture read whole. An op without tensor results (``tensor.extract``,
``tensor.dim``) stays at the function level, reading replicated operands. Shardings
that disagree with an op's rule are a located error (run ``reshard`` first). With
``--mesh-shape`` dynamic meshes are specialized first.
"""

from __future__ import annotations

from typing import Optional, Sequence, Union

import numpy as np

import meshc.dialects.linalg as linalg
import meshc.dialects.tensor as tensor
from meshc import testing_hooks
from meshc.dialects.arith import ConstantOp
from meshc.dialects.func import FuncOp
from meshc.dialects.mesh import (DYNAMIC_INDEX, I16, CollectiveOp, ForAllOp, ForOneOp, MeshOp, ShardingAttr, ShardOp,
                                 YieldOp, data_encoding_of, sharding_of, strip_sharding)
from meshc.dialects.scf import ForallOp, new_in_parallel
from meshc.interfaces.annotations import function_mesh, functions
from meshc.interfaces.sharding import ShardingRuleError, effective_links, iteration_space, loop_sharding
from meshc.interfaces.sharding_models import carrying_dim, linear_form, loops_of
from meshc.ir.affine import DimExpr
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
_SHAPE_FREE_OPS = ("tensor.cast", "tensor.bitcast", "tensor.concat", "tensor.pad")


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
        if a is b:
            return 0
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
        if not any(is_distributed(v) for v in list(op.operands) + list(op.results)):
            return False
        if op.results and not any(is_distributed(r) for r in op.results) and not op.regions:
            self.check_scalar_reader(op)
            return False
        return True

    def check_scalar_reader(self, op: Operation) -> None:
        """An op whose results are not tensors (``tensor.extract``, ``tensor.dim``) stays at the function
        level, where every device computes the same value from the whole tensor: ``unroll`` gives it
        the stored shard of a replicated operand. ``tensor.dim`` reads the global shape of any sharding;
        any other op needs replicated operands (its rule, or the lack of one, asks for them)."""
        if op.name == "tensor.dim":
            return
        for k, v in enumerate(op.operands):
            s = sharding_of(v.type)
            if s is not None and (any(s.split_axes) or s.partial_axes):
                raise op.error(f"cannot be partitioned: operand #{k} has sharding {s}, but an op without tensor "
                               "results reads whole replicated tensors (run reshard first)")

    # -- compute ops ------------------------------------------------------------------------------------------
    def partition(self, op: Operation) -> None:
        def body(view: DeviceView, read) -> list[Value]:
            return self.local_op(op, view, read)

        inits = self.dps_inits(op)
        self.emit(op, body, [r.type for r in op.results], inits)

    def dps_inits(self, op: Operation) -> list[Optional[Value]]:
        """The destination operand of each result (linalg inits, an ``insert_slice``'s destination), or None."""
        if type(op) is tensor.InsertSliceOp:
            return [op.dest]
        if isinstance(op, linalg.StructuredOp):
            inits = [v for v in op.inits if isinstance(v.type, TensorType)]
            if len(inits) == len(op.results):
                return inits
        return [None] * len(op.results)

    def local_op(self, op: Operation, view: DeviceView, read) -> list[Value]:
        """Emit ``op`` on this device's slices; return its local results."""
        m = view.m
        if isinstance(op, tensor.ReassociativeReshapeOp) and not _all_replicated(op):
            return [local_reshape(op, view, read, lambda shardings: self.check_shardings(op, shardings))]
        regions = self.regions(op, view)
        if isinstance(op, tensor.SliceOp) and not isinstance(op, tensor.ParallelInsertSliceOp) \
                and not _all_replicated(op):
            return [local_slice(op, view, read, regions)]
        operands = []
        for k, v in enumerate(op.operands):
            if not is_distributed(v):
                operands.append(v)
                continue
            operands.append(read(v, regions[k]))
        result_sizes = [[s for _, s in regions[len(op.operands) + r]] if is_distributed(res) else None
                        for r, res in enumerate(op.results)]
        if op.name in ("tensor.empty", "tensor.splat") and result_sizes[0] is not None:
            rt = local_type(op.results[0].type, result_sizes[0])
            dyn = [m.value(s) for s in result_sizes[0] if isinstance(s, Value)]
            if op.name == "tensor.empty":
                return list(m.b.insert(tensor.EmptyOp.build(rt, dyn, m.loc)).results)
            splat = Operation.create([op.operands[0]] + dyn, [rt], dict(op.attributes), location=m.loc,
                                     name="tensor.splat")
            return list(m.b.insert(splat).results)
        if op.name == "arith.constant" and isinstance(op.attributes.get("value"), DenseElementsAttr):
            return [self.local_splat(op, result_sizes[0], m)]  # type: ignore[arg-type]
        self.check_clonable(op)
        new = op.clone(self.read_captured(op, view, read))
        new.set_operands(operands)
        for r, (res, sizes) in enumerate(zip(new.results, result_sizes)):
            if sizes is not None:
                res.type = local_type(op.results[r].type, sizes)  # type: ignore[arg-type]
        _strip_nested(new)
        m.b.insert(new)
        if isinstance(new, linalg.StructuredOp):
            self.shift_linalg_index(new, op, regions, m)
        if isinstance(new, tensor.PadOp):
            _shift_block_args(new.body, [o for o, _ in regions[len(op.operands)] or []], m)
        return list(new.results)

    def read_captured(self, op: Operation, view: DeviceView, read) -> dict[Value, Value]:
        """Whole reads of the distributed values defined outside ``op`` that ops in its regions use (an
        op without a sharding rule computes on whole tensors in every device's body)."""
        out: dict[Value, Value] = {}
        inside = {v for inner in op.walk() if inner is not op for v in inner.results}
        inside |= {a for inner in op.walk() for r in inner.regions for b in r.blocks for a in b.args}
        for inner in op.walk():
            if inner is op:
                continue
            for v in inner.operands:
                if v not in out and v not in inside and is_distributed(v):
                    out[v] = read(v, [(0, view.dim_size(v, d)) for d in range(v.type.rank)])  # type: ignore
        return out

    def check_clonable(self, op: Operation) -> None:
        if _all_replicated(op):
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
        the op's shardings must be the ones its rule asks for (``reshard`` makes them so). A dim no
        split loop indexes exactly is read whole, except a linalg input dim indexed by an expression of
        split loops: its box starts where the device's local loop indices start (:func:`_expr_box`)."""
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
                    ranges[link.loop] = view.core_range(values[k], s, d, size=self.global_size(op, k, d, view))
        exprs = _indexing_exprs(op)
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
                elif exprs is not None and exprs[k] is not None:
                    box.append(_expr_box(view.m, exprs[k][d], ranges, self.global_size(op, k, d, view)))
                else:
                    box.append((0, self.global_size(op, k, d, view)))
            out.append(box)
        return out

    def global_size(self, op: Operation, k: int, d: int, view: DeviceView) -> Mixed:
        """Global size of dim ``d`` of operand ``k`` of ``op`` (results after the operands): static from
        the type, else ``tensor.dim`` of an operand. A dynamic result dim is sized by the op's size
        operands (``tensor.empty``, ``tensor.splat``, ``extract_slice``) or by an operand dim its loop
        indexes exactly (``tensor.dim`` of the result itself would not dominate the per-device body)."""
        values = list(op.operands) + list(op.results)
        v = values[k]
        if k < len(op.operands) or v.type.shape[d] is not None:  # type: ignore[attr-defined]
            return view.dim_size(v, d)
        if op.name in ("tensor.empty", "tensor.splat"):
            dyn = iter(op.operands[1:] if op.name == "tensor.splat" else op.operands)
            sizes: list[Mixed] = [n if n is not None else next(dyn) for n in v.type.shape]  # type: ignore
            return sizes[d]
        if isinstance(op, tensor.ExtractSliceOp):  # the slice's size operand of the kept dim
            dropped = set(op.dropped_dims())
            return [n for e, n in enumerate(op.mixed_sizes) if e not in dropped][d]
        space = iteration_space(op)
        links = space.results[k - len(op.operands)]
        link = effective_links(links)[d] if isinstance(links, tuple) else None
        for j, tl in enumerate(space.operands):
            if link is None or not isinstance(tl, tuple):
                break
            for e, other in enumerate(effective_links(tl)):
                if other is not None and other.loop == link.loop and other.multiple is None:
                    return view.dim_size(op.operands[j], e)
        raise PartitionError(f"the size of dynamic dim {d} of result #{k - len(op.operands)} ('{v.type}') is not "
                             "known from the operands")

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
        for r, (t, init) in enumerate(zip(result_types, inits)):
            if init is None or init.type != t:
                dyn: list[Value] = []
                if not t.has_static_shape:  # sized like the op's result (the dims of its operands)
                    view = DeviceView(om, self.mesh)
                    k = len(op.operands) + r
                    dyn = [om.value(self.global_size(op, k, d, view)) for d, n in enumerate(t.shape) if n is None]
                init = outer.insert(tensor.EmptyOp.build(t, dyn, op.location)).results[0]
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


def _all_replicated(op: Operation) -> bool:
    """Whether every distributed operand and result of ``op`` is replicated."""
    return all(s.is_replicated for s in (sharding_of(v.type) for v in list(op.operands) + list(op.results)) if s)


def _product(m: IndexMath, sizes: Sequence[Mixed]) -> Mixed:
    out: Mixed = 1
    for n in sizes:
        out = m.mul(out, n)
    return out


def local_reshape(op: tensor.ReassociativeReshapeOp, view: DeviceView, read, check) -> Value:
    """``tensor.expand_shape`` / ``collapse_shape`` on this device's rows, with local shapes.

    The op's rule (:mod:`meshc.interfaces.sharding_models`) splits only the *carrying* dim ``c`` of
    a reassociation group (its major non-unit dim) and only where shard boundaries stay whole rows
    of the group's other dims, so each device's shard of the collapsed dim is the contiguous block
    ``[off_c * rest, (off_c + size_c) * rest)`` (``rest``: product of the other dims of the group):

    * expand: the result's shard (from its sharding and ``output_shape``) gives ``(off_c, size_c)``;
      the device reads that block of the source -- its own shard when the source is split the same
      way, a local slice when it is replicated -- and expands it with ``output_shape`` = the local
      sizes (``?`` operands where a size is only known at run time: uneven shards, dynamic mesh);
    * collapse: the device reads its shard of the source (whole rows) and collapses it; the local
      result type is static when the local source is.

    ``check(shardings)`` raises unless the op's shardings are the ones its rule needs (``reshard``
    makes them so); a split dim of a group other than the carrying one is then impossible, and is
    reported as a PartitionError if met.
    """
    m = view.m
    src, res = op.operands[0], op.results[0]
    check([sharding_of(v.type) for v in list(op.operands) + list(op.results)])
    s_src = sharding_of(src.type) or ShardingAttr(view.mesh.sym_name, ())
    s_res = sharding_of(res.type) or ShardingAttr(view.mesh.sym_name, ())
    groups = op.reassociation
    if isinstance(op, tensor.ExpandShapeOp):
        out = op.mixed_output_shape
        res_box = [view.core_range(res, s_res, d, size=out[d]) for d in range(len(out))]
        src_box: list[tuple[Mixed, Mixed]] = []
        for g in groups:
            c = carrying_dim(g, res.type.shape)  # type: ignore[attr-defined]
            others = [d for d in g if d != c]
            if any(s_res.dim_axes(d) for d in others):
                raise PartitionError(f"result dim {others} of a reassociation group is split; only dim {c} can be")
            rest = _product(m, [out[d] for d in others])
            off, size = res_box[c]
            src_box.append((m.mul(off, rest), m.mul(size, rest)))
        sizes = [n for _, n in res_box]
        rt = local_type(res.type, sizes)  # type: ignore[arg-type]
        if any(n == 0 for _, n in src_box) and not rt.has_static_shape:
            # a group of zero elements (a 0 among its other dims) with a dynamic local size: no data to move,
            # and no expand whose static 0 source would verify against a dynamic output dim
            return m.b.insert(tensor.EmptyOp.build(rt, [n for n in sizes if isinstance(n, Value)], m.loc)).results[0]
        local = read(src, src_box)
        new: Operation = tensor.ExpandShapeOp.build(local, groups, rt, output_shape=sizes, loc=m.loc)
        return m.b.insert(new).results[0]
    rank = src.type.rank  # type: ignore[attr-defined]
    for g in groups:
        c = carrying_dim(g, src.type.shape)  # type: ignore[attr-defined]
        split = [d for d in g if d != c and s_src.dim_axes(d)]
        if split:
            raise PartitionError(f"source dim {split} of a reassociation group is split; only dim {c} can be")
    local = read(src, [view.core_range(src, s_src, d) for d in range(rank)])
    shape: list[Optional[int]] = []
    for g in groups:
        dims = [local.type.shape[d] for d in g]  # type: ignore[attr-defined]
        shape.append(None if any(n is None for n in dims) else int(np.prod(dims, dtype=np.int64)))
    rt = TensorType(tuple(shape), res.type.element_type, data_encoding_of(res.type))  # type: ignore[attr-defined]
    return m.b.insert(tensor.CollapseShapeOp.build(local, groups, rt, m.loc)).results[0]


def _indexing_exprs(op: Operation) -> Optional[list[Optional[tuple]]]:
    """For a linalg structured op: the indexing expressions of each operand's dims (inputs then inits),
    then of each tensor result's (its init's map); None for a non-tensor operand. None for other ops."""
    if not isinstance(op, linalg.StructuredOp):
        return None
    maps = op.indexing_maps()
    operands = list(op.inputs) + list(op.inits)
    out: list[Optional[tuple]] = [tuple(m.results) if isinstance(v.type, TensorType) else None
                                  for v, m in zip(operands, maps)]
    n_in = len(op.inputs)
    out += [tuple(maps[n_in + j].results) for j, v in enumerate(op.inits) if isinstance(v.type, TensorType)]
    return out


def _expr_box(m: IndexMath, expr, ranges: dict[int, tuple[Mixed, Mixed]], size: Mixed) -> tuple[Mixed, Mixed]:
    """(offset, size) a device reads of an input dim of ``size`` elements indexed by ``expr``, when the
    split loops run over local indices from 0 (``ranges``: loop -> (offset, size) of this device).

    A device's local index ``i_l`` of split loop ``l`` is global ``i_l + off_l``, so ``expr`` of the local
    indices addresses global element ``expr + sum(c_l * off_l)`` for an expression linear in the loops
    (coefficients ``c_l``): the box starts at that shift and runs to the end of the dim (non-negative
    coefficients and constant keep every access inside it). A plain loop ``d_l`` (a repeated loop of a
    diagonal map) reads the loop's own range. The sharding rule never splits the loops of other
    expressions (:func:`meshc.interfaces.sharding_models.unsplittable_loops`)."""
    split = [l for l in sorted(loops_of(expr)) if l in ranges]
    if not split:
        return 0, size
    lin = linear_form(expr)
    if lin is None or lin[1] < 0 or any(c < 0 for c in lin[0].values()):
        raise PartitionError(f"split loops {split} index an input dim by '{expr}', which partition cannot shift")
    if isinstance(expr, DimExpr):
        return ranges[expr.position]
    shift: Mixed = 0
    for l in split:
        shift = m.add(shift, m.mul(lin[0][l], ranges[l][0]))
    shift = m.min(shift, size)
    return shift, m.sub(size, shift)


def local_slice(op: tensor.SliceOp, view: DeviceView, read, regions) -> Value:
    """``tensor.extract_slice`` / ``insert_slice`` on this device's part, with local offsets and sizes.

    The op's rule (:mod:`meshc.interfaces.sharding_models`) splits a dim of the full tensor (the
    extract's source, the insert's destination and result) only where the slice takes it whole, and
    the sliced tensor (the extract's result, the insert's source) on any dim (an extract's result) or
    on those dims only (an insert's source). With ``(fo_d, _)`` the device's box of full dim ``d`` and
    ``(so, ss)`` its box of the sliced dim kept from it, the local op addresses offset
    ``o_d + so * st_d - fo_d``, size ``ss``, stride ``st_d`` (``o``, ``st``: the op's offset and stride;
    a dim dropped by rank reduction keeps size 1 at ``o_d - fo_d``): offset 0 and the local size on a
    split dim taken whole, the op's own offsets on the others. An extract reads only the part of its
    source it slices on dims with a static offset and unit stride (its read box is that part, the local
    offset then 0), so a replicated source is not copied whole.
    """
    m = view.m
    insert = isinstance(op, tensor.InsertSliceOp)
    full_k, sliced_k = (1, 0) if insert else (0, len(op.operands))
    full_v = op.operands[full_k]
    full_box = list(regions[full_k] or [(0, view.dim_size(full_v, d))
                                        for d in range(full_v.type.rank)])  # type: ignore[attr-defined]
    sliced_v = op.operands[0] if insert else op.results[0]
    sliced_box = regions[sliced_k] or [(0, view.dim_size(sliced_v, d))
                                      for d in range(sliced_v.type.rank)]  # type: ignore[attr-defined]
    dropped = set(op.dropped_dims())
    kept = [d for d in range(len(full_box)) if d not in dropped]
    position = {d: j for j, d in enumerate(kept)}
    offs, strides = op.mixed_offsets, op.mixed_strides
    local = [(offs[d], 1) if d in dropped else
             (m.add(offs[d], m.mul(sliced_box[position[d]][0], strides[d])), sliced_box[position[d]][1])
             for d in range(len(full_box))]
    if not insert:
        offsets: list[Mixed] = []
        local_strides: list[Mixed] = []
        for d, (start, size) in enumerate(local):
            st = strides[d]
            if isinstance(offs[d], int) and isinstance(st, int) and st >= 1:  # read just the sliced part
                extent = size if st == 1 else m.max(0, m.add(m.mul(m.sub(size, 1), st), 1))
                full_box[d] = (start, extent)
                offsets.append(0)
                st = 1 if isinstance(size, int) and size <= 1 else st  # one element: the stride is moot
            else:
                offsets.append(m.sub(start, full_box[d][0]))
            local_strides.append(st)
        src = read(full_v, full_box)
        sizes = [size for _, size in local]
        rt = local_type(op.results[0].type, [sliced_box[j][1] for j in range(len(kept))])  # type: ignore[arg-type]
        if src.type == rt and all(isinstance(o, int) and o == 0 for o in offsets) and not dropped \
                and all(isinstance(st, int) and st == 1 for st in local_strides):
            return src
        new: Operation = tensor.ExtractSliceOp.build(src, offsets, sizes, local_strides, rt, m.loc)
        return m.b.insert(new).results[0]
    dest = read(full_v, full_box)
    source = read(sliced_v, sliced_box) if regions[0] is not None else sliced_v
    offsets = [m.sub(start, fo) for (start, _), (fo, _) in zip(local, full_box)]
    new = tensor.InsertSliceOp.build(source, dest, offsets, [size for _, size in local], strides, loc=m.loc)
    return m.b.insert(new).results[0]


def _shift_block_args(block: Block, offsets: Sequence[Mixed], m: IndexMath) -> None:
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


def _strip_nested(op: Operation) -> None:
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

