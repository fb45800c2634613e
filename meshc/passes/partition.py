"""``partition``: SPMD form, what each device computes (docs/pipeline.md stage 5).

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
reshape of the device's rows with local shapes (:func:`meshc.interfaces.sharding_models.local_reshape`; static when
the shards are even on a static mesh, ``?`` with ``output_shape`` operands
otherwise). The other ops whose static shapes live in attributes carry splits on
the dims their rule links (:mod:`meshc.interfaces.sharding_models`) and become
the op on the device's part:

* ``tensor.extract_slice`` / ``insert_slice`` (:func:`meshc.interfaces.sharding_models.local_slice`): dims taken
  whole by the slice split like the tensor, the op's offsets and sizes kept on the
  other dims, the local size on split ones; an extract whose result alone is split
  slices the device's part of a replicated source (offset ``o + off * stride``);
* ``tensor.pad`` (every dim of static widths split: a padded dim at its source's boundaries, the low
  pad on the first device and the high pad on the last, each device's widths computed from its
  boxes; the body's indices are made global) and
  ``tensor.concat`` (dims other than the concatenated one): the op on local
  operands, with the local result type;
* ``tensor.empty`` / ``splat`` / splat constants: a local tensor of the shard's size.

A linalg input dim indexed by an expression of split loops (``d0 + d1`` of a
convolution, a repeated ``d0``) is read from the offset where the device's local
loop indices start (:func:`_expr_box`). The pass computes those boxes, builds the
two forms and lowers the resharding points; the op itself is rebuilt on the
device's part by its ShardingInterface model
(:meth:`~meshc.interfaces.sharding.ShardingModel.partition`, docs/pipeline.md
"Per-op SPMD rules"; upstream ``Partition.cpp``), never by a test of its name here.
A region op (``scf.for``, ``scf.if``, ``scf.forall``) is rebuilt on the device's
shards with its body partitioned in place, op by op, by the same rules
(:mod:`meshc.interfaces.region_models`, through ``PartitionContext.partition_inner``);
the global-view collectives ``reshard`` put in its body (a split reduction's
``all_reduce``, a reshard of a cut use: ``all_gather``, ``all_to_all``,
``reduce_scatter``, ``all_slice``) become local-view ones that every device runs on
every run of the body.
An op without a model is cloned whole into every
device's body, with a remark, the distributed values its regions capture read whole. An op without tensor results (``tensor.extract``,
``tensor.dim``) stays at the function level, reading replicated operands. Shardings
that disagree with an op's rule are a located error (run ``reshard`` first). With
``--mesh-shape`` dynamic meshes are specialized first.
"""

from __future__ import annotations

from typing import Optional, Union

import meshc.dialects.linalg as linalg
import meshc.dialects.tensor as tensor
from meshc.dialects.func import FuncOp
from meshc.dialects.mesh import (DYNAMIC_INDEX, ForAllOp, ForOneOp, MeshOp, ShardOp, YieldOp, sharding_of)
from meshc.dialects.mesh_attrs import ShardEncodingAttr, ShardingAttr
from meshc.dialects.scf import ForallOp, new_in_parallel
from meshc.interfaces.sharding import (ANY, ShardingRuleError, Window, windows_on, dps_inits, effective_links, iteration_space,
                                       loop_sharding, sharding_model, unchanged_spaces)
from meshc.interfaces.region_models import zero_destination
from meshc.interfaces.annotations import per_device
from meshc.interfaces.sharding_models import fill, identity_attr, linear_form, loops_of, mark_partial
from meshc.interfaces.spmd import (DeviceView, IndexMath, Mixed, PartitionContext, PartitionError, all_replicated,
                                   clone_on_local_shapes, extract, widened)
from meshc.ir.affine import DimExpr
from meshc.ir.attributes import DenseArrayAttr, FloatAttr, IntegerAttr, SymbolRefAttr
from meshc.ir.builder import Builder
from meshc.ir.core import Block, Operation, Region, Value
from meshc.ir.types import I1, I32, I64, INDEX, FloatType, TensorType, numpy_dtype
from meshc.passes.base import Option, Pass
from meshc.passes.reshard import is_distributed, is_mesh_op, needed_shardings, sharded_functions
from meshc.sharding import ReductionKind, ShardingError, same_layout

FORMS = ("for_all", "for_one")



class Partition(Pass):
    """See the module docstring."""

    name = "partition"
    summary = "Turn each op on distributed tensors into per-device code (mesh.for_all, or scf.forall + mesh.for_one)"
    display_name = "Partition"
    options = (Option("form", str, "for_all", "for_all (one body run by every device) or for_one "
                                             "(scf.forall over the mesh with mesh.for_one)", choices=FORMS),)
    op_names = ("builtin.module",)

    def run(self, op: Operation) -> None:
        for func, mesh in sharded_functions(op, self.context):
            FunctionPartitioner(func, mesh, self.form, self).run()


# ---------------------------------------------------------------------------------------------------------------
# The pass on one function
# ---------------------------------------------------------------------------------------------------------------

class FunctionPartitioner:
    """Partitions the top-level ops of one function (see the module docstring)."""

    def __init__(self, func: FuncOp, mesh: MeshOp, form: str, pass_: Optional[Pass] = None):
        self.func = func
        self.mesh = mesh
        self.spec = mesh.as_mesh()
        self.form = form
        self.pass_ = pass_
        self.remarked: set = set()

    def run(self) -> None:
        for block in self.func.regions[0].blocks:
            for op in list(block.ops):
                if self.wants_partition(op):
                    try:
                        with unchanged_spaces():  # the op and its operands stay as they are until emit
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
        if is_mesh_op(op) or op.is_terminator or "callee" in op.attributes:  # calls keep their callee's types
            return False
        if per_device(op):  # partition's output read again (a forall of for_ones): already per device
            return False
        if self.form == "for_one" and isinstance(op, tensor.EmptyOp):
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
        if all(links is ANY for links in iteration_space(op).operands if links is not None):
            return  # reads only shapes (tensor.dim): any sharding will do
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
        """The destination operand of each result (the op's ShardingInterface
        :func:`~meshc.interfaces.sharding.dps_inits`), or None."""
        return [op.operands[k] if k is not None else None for k in dps_inits(op)]

    def local_op(self, op: Operation, view: DeviceView, read) -> list[Value]:
        """Emit ``op`` on this device's slices; return its local results. The op's ShardingInterface
        model does it (:meth:`~meshc.interfaces.sharding.ShardingModel.partition`); an op without a
        model is cloned whole, which needs every tensor it touches replicated (upstream
        ``Partition.cpp``'s fallback), with a remark."""
        ctx = PartitionContext(op, view, read, lambda shardings: self.check_shardings(op, shardings),
                               lambda: self.regions(op, view), lambda: self.read_captured(op, view, read),
                               _inner=self.local_op)
        model = sharding_model(op)
        if model is not None:
            return model.partition(op, ctx)
        if not all_replicated(op):
            raise PartitionError(f"'{op.name}' keeps static shapes in its attributes and is partitioned only when "
                                 "every tensor it touches is replicated")
        if op not in self.remarked:
            self.remarked.add(op)
            if self.pass_ is not None:
                self.pass_.remark(op, f"no sharding rule for '{op.name}': cloned whole into every device's body")
        return clone_on_local_shapes(op, ctx)[1]

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
                    n = self.global_size(op, k, d, view)
                    ranges[link.loop] = widened(view.m, view.core_range(values[k], s, d, size=n),
                                                ls.halo_of(link.loop), n)
        exprs = _indexing_exprs(op)
        out: list[Optional[list[tuple[Mixed, Mixed]]]] = []
        for k, v in enumerate(values):
            if shardings[k] is None:
                out.append(None)
                continue
            tl = links[k] if isinstance(links[k], tuple) else (None,) * v.type.rank  # type: ignore[attr-defined]
            box = []
            for d, link in enumerate(effective_links(tl)):
                if link is not None and link.loop in ranges and link.padded is not None:
                    box.append(_padded_box(view.m, link.padded, ranges[link.loop]))
                elif link is not None and link.loop in ranges:
                    box.append(ranges[link.loop])
                elif k < n_in and shardings[k].dim_axes(d) and space.window_of(k, d) is not None \
                        and space.window_of(k, d).loop in ranges \
                        and not any(l in ranges for l in space.window_of(k, d).others):  # type: ignore[union-attr]
                    box.append(_window_box(view.m, space.window_of(k, d), ranges))  # type: ignore[arg-type]
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
        model = sharding_model(op)
        own = model.dynamic_result_size(op, k - len(op.operands), d) if model is not None else None
        if own is not None:
            return own
        space = iteration_space(op)
        links = space.results[k - len(op.operands)]
        link = effective_links(links)[d] if isinstance(links, tuple) else None
        for j, tl in enumerate(space.operands if link is not None else ()):
            if not isinstance(tl, tuple):  # a scalar operand (linalg.fill's value) indexes no loop
                continue
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
        ls = loop_sharding(op, shardings[:n_in], shardings[n_in:], mesh=self.spec)
        for k, (have, want) in enumerate(zip(shardings, need)):
            if have is None or want is None:
                continue
            v = (list(op.operands) + list(op.results))[k]
            if have.partial_axes and not want.partial_axes and zero_destination(v):
                continue  # zeros are a partial sum of zeros: the destination of a split reduction in a body
            if k < n_in:
                want = windows_on(op, k, want, have, ls)
            a, b = have.to_spec().without_halo(), want.to_spec()
            if k >= n_in or want.halo_sizes:  # results, and operands of a loop computed on its halo
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
            region = view.region(result, dst_s)
            local = read(op.src, region)
            return [mark_partial(view, local, [s for _, s in region], new_axes, dst_s.partial_type)]

        self.emit(op, body, [result.type], [None], read_direct=True)

    # -- the two forms ------------------------------------------------------------------------------------------
    def emit(self, op: Operation, body, result_types: list, inits: list[Optional[Value]],
             read_direct: bool = False) -> None:
        """Replace ``op`` by its per-device form (``mesh.for_all`` or ``scf.forall`` + ``mesh.for_one``) whose
        ``body(view, read)`` computes this device's part of each result.

        A result that is no tensor (an ``f32`` or ``index`` a region op carries, e.g. a loop's running
        count) leaves the per-device form as a replicated rank-0 tensor (``tensor.from_elements`` in
        the body, ``tensor.extract`` after it), since the SPMD forms yield distributed tensors only
        (seed 000): every device computes the same value, as the region's sharding rule requires of
        the scalars it carries (:meth:`meshc.interfaces.region_flow.RegionFlowModel.uniform`)."""
        scalars = [k for k, t in enumerate(result_types) if not isinstance(t, TensorType)]
        if scalars:
            body, result_types, inits = self._scalars_as_tensors(op, body, result_types, inits, scalars)
        if self.form == "for_all":
            new = self.emit_for_all(op, body, result_types, read_direct)
        else:
            new = self.emit_forall(op, body, result_types, inits, read_direct)
        results = list(new.results)
        after = Builder.after(new)
        for k in scalars:  # the replicated rank-0 tensor read back as the scalar the op's users take
            results[k] = after.insert(tensor.ExtractOp.create([new.results[k]], [op.results[k].type],
                                                              location=op.location)).results[0]
        for old, r in zip(op.results, results):
            r.name_hint = old.name_hint
            old.replace_all_uses_with(r)
        op.erase()

    def _scalars_as_tensors(self, op: Operation, body, result_types: list, inits: list, scalars: list[int]):
        """``body``, ``result_types`` and ``inits`` with results ``scalars`` carried as replicated rank-0
        tensors of their type (see :meth:`emit`)."""
        replicated = ShardingAttr(self.mesh.sym_name, ())
        types = list(result_types)
        for k in scalars:
            types[k] = TensorType((), types[k], ShardEncodingAttr(replicated))

        def wrapped(view: DeviceView, read) -> list[Value]:
            values = list(body(view, read))
            for k in scalars:
                local = TensorType((), result_types[k])
                values[k] = view.m.b.insert(tensor.FromElementsOp.create([values[k]], [local],
                                                                         location=op.location)).results[0]
            return values

        return wrapped, types, [None if k in scalars else v for k, v in enumerate(inits)]

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


def _padded_box(m: IndexMath, padded: tuple[int, int, int], loop: tuple[Mixed, Mixed]) -> tuple[Mixed, Mixed]:
    """(offset, size) a device reads of a padded dim (:attr:`~meshc.interfaces.sharding.DimLink.padded`:
    ``(low, high, size)``, a ``tensor.pad``'s source) for its range ``loop`` of the padded loop: that
    range shifted back by ``low`` and clipped to ``[0, size)`` (the rest of the range is the pads)."""
    low, _, n = padded
    off, size = loop
    start = m.min(n, m.max(0, m.sub(off, low)))
    stop = m.min(n, m.max(0, m.sub(m.add(off, size), low)))
    return start, m.sub(stop, start)


def _window_box(m: IndexMath, w: Window, ranges: dict[int, tuple[Mixed, Mixed]]) -> tuple[Mixed, Mixed]:
    """(offset, size) a device reads of an input dim split with the loop of its sliding window ``w``
    (:class:`~meshc.interfaces.sharding.Window`; the dim is haloed so that this range is the device's
    own, :func:`~meshc.interfaces.sharding.window_halos`): ``[stride * a + low, stride * (b - 1) + high]``
    for its loop range ``[a, b)`` (:meth:`~meshc.interfaces.sharding.Window.reads`), nothing when that is
    empty. The clone indexes it with the op's own expression over the local loop indices, so the box
    starts at ``stride * a``, the shift :func:`_expr_box` gives a replicated dim."""
    off, size = ranges[w.loop]
    span = m.add(m.mul(w.stride, m.sub(size, 1)), w.high + 1)
    return m.mul(w.stride, off), m.mul(m.min(size, 1), span)


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


