"""``local-view``: partition's global view rewritten as upstream MLIR's per-device (local) view.

meshc's ``partition`` (docs/pipeline.md stage 5) keeps distributed tensor types
(``tensor<8x16xf32, #mesh.shard<@m, [[0]]>>``) and one ``mesh.for_all`` body per op. Upstream's
``shard-partition`` / ``mesh-spmdization`` print what one device holds instead; this pass turns
the first into the second, so ``meshc-opt`` prints what upstream's CHECK lines read (the
upstream aliases end with it, docs/meshc-opt.md). meshc's own ``partition`` and ``compile`` keep
the global view.

* **Local types** follow upstream's ``shardShape`` (``ShardingInterface.cpp``): a split dim of
  size ``n`` over a device group of ``k`` is ``n / k`` when ``k`` divides ``n``, ``?`` when it
  does not or when ``n`` or a mesh axis is dynamic; with ``sharded_dims_offsets`` the common size
  of the shards, ``?`` when they differ; ``halo_sizes`` add ``low + high`` to a static size.
  Partial axes do not change the shape. (meshc's balanced rule and edge-clipped halos give some
  devices other sizes; those shapes are ``?`` in the bodies and meet the local types through
  ``tensor.cast`` or refined result types.)
* **Function signatures** take the local types; ``signature=global`` keeps the global shapes
  (the encoding dropped) and puts ``builtin.unrealized_conversion_cast`` between them and the
  local values, as upstream's resharding test passes print them.
* **``mesh.for_all`` bodies are inlined**: a ``tensor.extract_slice`` of a distributed value is
  the device's own shard, so it becomes the local value itself; ops of the body whose result
  had the slice's type take the local type where their verifier accepts it (elementwise ops on a
  halo'd shard become ``tensor<5x16xf32>``), else a ``tensor.cast`` keeps the body's type. A
  slice whose static sizes differ from the local type (a ``{peer_read}`` box) and any other
  reading of a non-replicated distributed value have no per-device form: a located error.
* **Collectives** get the result type of upstream's local-view rule
  (:meth:`~meshc.dialects.mesh_collectives.CollectiveOp.local_result_type`), followed by a
  ``tensor.cast`` to the local type where that is more static (``all_to_all`` on a dynamic mesh).
  An input dim the group size does not divide is cast to ``?`` first.
* **``update_halo``** takes upstream's form: the core of the source (an ``extract_slice`` when it
  has halos) inserted into a ``tensor.empty`` of the target's local size at the low halo
  widths, then ``update_halo`` on it (result of the same type). Dynamic sizes are computed from
  ``tensor.dim`` of the source and passed to ``tensor.empty``. A target without halos is the core.
* ``get_sharding`` of a distributed value becomes the ``mesh.sharding`` of its sharding (an
  equal one already defined before it is reused); ``func.call`` follows the callee's new
  signature.

Index arithmetic the inlined bodies no longer use is erased. Ops left with distributed types
that are none of the above (the input of ``partition`` rather than its output, the
``for_one`` form, a remaining resharding ``mesh.shard``) are a located error. Option:
``signature`` (``local``, the default, or ``global``).
"""

from __future__ import annotations

from typing import Optional

from meshc.dialects.builtin import UnrealizedConversionCastOp
from meshc.dialects.func import CallOp, FuncOp, ReturnOp
from meshc.dialects.mesh import ForAllOp, GetShardingOp, ShardingOp, sharding_of
from meshc.dialects.mesh_attrs import with_sharding
from meshc.dialects.mesh_checks import ShardingVerifyError, _dim_offsets, _group_size, lookup_mesh
from meshc.dialects.mesh_collectives import CollectiveOp, UpdateHaloOp
from meshc.dialects.tensor import CastOp, DimOp, EmptyOp, ExtractSliceOp, InsertSliceOp, dims_compatible
from meshc.interfaces.spmd import IndexMath
from meshc.ir.builder import Builder
from meshc.ir.core import Block, Operation, Value
from meshc.ir.location import DiagnosticError
from meshc.ir.types import INDEX, FunctionType, TensorType, Type
from meshc.passes.base import Option, Pass

SIGNATURES = ("local", "global")


def local_type(t: Type, module) -> Type:
    """The per-device type of ``t``: upstream's ``shardShape`` of a distributed tensor type (see the
    module docstring), ``t`` itself when it carries no sharding.

    Raises:
        ShardingVerifyError: the sharding names no mesh of ``module``.
    """
    s = sharding_of(t)
    if s is None:
        return t
    assert isinstance(t, TensorType)
    mesh = lookup_mesh(module, s.mesh)
    spec = s.to_spec()
    shape: list[Optional[int]] = []
    for d, n in enumerate(t.shape):
        axes = s.split_axes[d] if d < len(s.split_axes) else ()
        if not axes:
            shape.append(n)
            continue
        k = _group_size(mesh, axes)
        size: Optional[int] = None
        bounds = _dim_offsets(s, mesh, d) if s.sharded_dims_offsets else None
        if bounds is not None:
            sizes = {b - a for a, b in zip(bounds, bounds[1:])}
            size = sizes.pop() if len(sizes) == 1 else None
        elif n is not None and k is not None and k > 0 and n % k == 0:
            size = n // k
        if size is not None:
            low, high = spec.halo_of(d)
            size += low + high
        shape.append(size)
    return with_sharding(t, None).with_shape(shape)


def _global_type(t: Type) -> Type:
    """``t`` without its sharding (the global shape as a plain tensor type)."""
    return with_sharding(t, None) if sharding_of(t) is not None else t  # type: ignore[arg-type]


class LocalView(Pass):
    """See the module docstring."""

    name = "local-view"
    summary = "Rewrite partition's global view (distributed types, mesh.for_all) as upstream's per-device view"
    op_names = ("builtin.module",)
    options = (Option("signature", str, "local",
                      "function signatures in local types, or kept global with unrealized_conversion_cast",
                      choices=SIGNATURES),)

    def run(self, op: Operation) -> None:
        changed = False
        funcs = [f for f in op.regions[0].block.ops if isinstance(f, FuncOp) and not f.is_declaration]
        new_types = {}
        for f in funcs:
            try:
                new_types[f.sym_name] = _FunctionView(op, f, self.signature == "global").signature_types()
            except ShardingVerifyError as err:
                raise self.error(f, str(err)) from None
        for f in funcs:
            view = _FunctionView(op, f, self.signature == "global", new_types)
            try:
                changed |= view.run()
            except ShardingVerifyError as err:
                raise self.error(f, str(err)) from None
        if not changed:
            self.mark_all_preserved()


class _FunctionView:
    """The rewrite of one function (see the module docstring)."""

    def __init__(self, module, func: FuncOp, global_signature: bool, callee_types=None):
        self.module = module
        self.func = func
        self.global_signature = global_signature
        self.callee_types = callee_types or {}
        #: values that had a distributed type -> that (global-view) type
        self.dist: dict[Value, TensorType] = {}
        #: ops this rewrite made or moved out of bodies (erased again when left unused)
        self.made: list[Operation] = []
        self.changed = False

    def local(self, t: Type) -> Type:
        return local_type(t, self.module)

    def signature_types(self) -> FunctionType:
        ft = self.func.function_type
        conv = _global_type if self.global_signature else self.local
        return FunctionType(tuple(conv(t) for t in ft.inputs), tuple(conv(t) for t in ft.results))

    # -- the function ---------------------------------------------------------------------------------------------
    def run(self) -> bool:
        f = self.func
        old = f.function_type
        new = self.signature_types()
        entry = f.body
        for arg in list(entry.args):
            t = arg.type
            if sharding_of(t) is None:
                continue
            self.changed = True
            loc_t = self.local(t)
            if not self.global_signature:
                arg.type = loc_t
                self.dist[arg] = t  # type: ignore[assignment]
                continue
            arg.type = _global_type(t)
            if arg.type == loc_t:
                self.dist[arg] = t  # type: ignore[assignment]
                continue
            cast = Builder.at_start(entry).insert(UnrealizedConversionCastOp.create([arg], [loc_t], location=f.location))
            arg.replace_uses_if(cast.results[0], lambda user, c=cast: user is not c)
            self.dist[cast.results[0]] = t  # type: ignore[assignment]
        if new != old:
            self.changed = True
            f.set_function_type(new)
        for block in f.regions[0].blocks:
            self.block(block)
        for block in f.regions[0].blocks:
            term = block.terminator
            if isinstance(term, ReturnOp):
                self.returned(term, new.results)
        self.erase_dead()
        return self.changed

    def returned(self, ret: Operation, types) -> None:
        for i, (v, want) in enumerate(zip(ret.operands, types)):
            if v.type == want:
                continue
            ret.set_operand(i, self.convert(v, want, ret, unrealized=self.global_signature))

    def convert(self, v: Value, want: Type, before: Operation, unrealized: bool = False) -> Value:
        """``v`` as a value of type ``want``: a ``tensor.cast`` (or, with ``unrealized``, an
        ``unrealized_conversion_cast`` when the shapes are not cast compatible) before ``before``."""
        if v.type == want:
            return v
        a, b = v.type, want
        compatible = (isinstance(a, TensorType) and isinstance(b, TensorType) and a.element_type == b.element_type
                      and dims_compatible(a.shape, b.shape))
        if unrealized:
            op: Operation = UnrealizedConversionCastOp.create([v], [want], location=before.location)
        elif compatible:
            op = CastOp.create([v], [want], location=before.location)
        else:
            raise _located(before, f"local-view: a value of type '{a}' cannot stand for the local type '{b}'")
        Builder.before(before).insert(op)
        self.made.append(op)
        return op.results[0]

    # -- blocks -----------------------------------------------------------------------------------------------------
    def block(self, block: Block) -> None:
        for op in list(block.ops):
            if isinstance(op, ForAllOp):
                self.inline(op)
            elif isinstance(op, (CollectiveOp, UpdateHaloOp)) and op.is_unrolled:
                raise _located(op, "local-view: the unrolled form (after unroll) has no local view; run local-view "
                                   "right after partition")
            elif isinstance(op, CollectiveOp) and self.distributed(op):
                self.collective(op)
            elif isinstance(op, UpdateHaloOp) and self.distributed(op):
                self.update_halo(op)
            elif isinstance(op, GetShardingOp):
                self.get_sharding(op)
            elif isinstance(op, CallOp):
                self.call(op)
            elif isinstance(op, ReturnOp):
                continue
            else:
                self.other(op)

    def distributed(self, op: Operation) -> bool:
        return any(v in self.dist or sharding_of(v.type) is not None for v in op.operands) \
            or any(sharding_of(r.type) is not None for r in op.results)

    def other(self, op: Operation) -> None:
        """An op outside the cases above: allowed when it reads distributed values whole that are
        replicated (the local value is the whole tensor) and makes none."""
        for r in op.results:
            if sharding_of(r.type) is not None:
                raise _located(op, "local-view: this op has a distributed result; local-view reads the output of "
                               "partition (form=for_all), where only mesh.for_all, collectives and update_halo do")
        for v in op.operands:
            g = self.dist.get(v)
            if g is not None and v.type != _global_type(g):
                raise _located(op, f"local-view: this op reads the whole distributed value of type '{g}', which has "
                               "no per-device form")
        for region in op.regions:
            for block in region.blocks:
                for arg in block.args:
                    if sharding_of(arg.type) is not None:
                        raise _located(op, "local-view: a block argument of this op has a distributed type")
                self.block(block)

    # -- mesh.for_all ----------------------------------------------------------------------------------------------
    def inline(self, fa: ForAllOp) -> None:
        self.changed = True
        body = fa.regions[0].block
        term = body.terminator
        refined: dict[Value, Type] = {}
        slices: list[tuple[ExtractSliceOp, Value]] = []
        for inner in list(fa.walk()):
            if inner is fa:
                continue
            for i, v in enumerate(inner.operands):
                g = self.dist.get(v)
                if g is None:
                    if sharding_of(v.type) is not None:
                        raise _located(inner, f"local-view: this op reads a distributed value of type '{v.type}' that "
                                          "local-view has not rewritten")
                    continue
                if isinstance(inner, ExtractSliceOp) and i == 0:
                    self.own_shard(inner, v)
                    slices.append((inner, v))
                    break
                if v.type != _global_type(g):
                    raise _located(inner, f"local-view: this op reads the whole distributed value of type '{g}', "
                                      "which has no per-device form")
        for inner, v in slices:
            s = inner.results[0]
            if s.type != v.type:
                refined[v] = s.type
            s.replace_all_uses_with(v)
            inner.erase()
        moved = [op for op in body.ops if op is not term]
        for op in moved:
            op.detach()
            Builder.before(fa).insert(op)
        self.made.extend(moved)
        self.refine(moved, refined)
        for i, r in enumerate(fa.results):
            y = term.operands[i]
            want = self.local(r.type)
            if y.type != want:
                if not (isinstance(y.type, TensorType) and isinstance(want, TensorType)
                        and dims_compatible(y.type.shape, want.shape)):
                    raise _located(fa, f"local-view: yielded value #{i} of type '{y.type}' cannot stand for the local "
                                   f"type '{want}'")
                y = self.convert(y, want, fa)
            if r.name_hint and y.name_hint is None:
                y.name_hint = r.name_hint
            r.replace_all_uses_with(y)
            if sharding_of(r.type) is not None:
                self.dist[y] = r.type  # type: ignore[assignment]
        fa.erase()
        for op in moved:
            if op.parent is not None:
                self.nested(op)

    def nested(self, op: Operation) -> None:
        """Rewrite for_all bodies and collectives nested in an op moved out of a body."""
        for region in op.regions:
            for block in region.blocks:
                for inner in list(block.ops):
                    if isinstance(inner, (ForAllOp,)):
                        self.inline(inner)
                    else:
                        self.nested(inner)

    def own_shard(self, op: ExtractSliceOp, v: Value) -> None:
        """Raise unless the slice ``op`` of ``v`` (local type now) can be the device's own shard."""
        s, t = op.results[0].type, v.type
        if not (isinstance(s, TensorType) and isinstance(t, TensorType) and s.rank == t.rank
                and dims_compatible(s.shape, t.shape)):
            raise _located(op, f"local-view: this slice of a distributed value ('{s}' of the local '{t}') is not the "
                           "device's own shard (a peer read) and has no per-device form")

    def refine(self, ops: list[Operation], refined: dict[Value, Type]) -> None:
        """Give ops that read a value whose type became more static that type where they verify with it
        (see the module docstring); else read it through a ``tensor.cast`` to the old type."""
        if not refined:
            return
        for op in ops:
            touched = [v for v in op.operands if v in refined]
            if not touched:
                continue
            saved = [r.type for r in op.results]
            for r in op.results:
                for v in touched:
                    old = refined[v]
                    if isinstance(r.type, TensorType) and isinstance(old, TensorType) and r.type.shape == old.shape \
                            and isinstance(v.type, TensorType) and v.type.rank == old.rank:
                        r.type = r.type.with_shape(v.type.shape)
                        break
            try:
                op.verify_()
            except DiagnosticError:
                for r, t in zip(op.results, saved):
                    r.type = t
                for i, v in enumerate(op.operands):
                    if v in refined:
                        op.set_operand(i, self.convert(v, refined[v], op))
                continue
            for r, t in zip(op.results, saved):
                if r.type != t:
                    refined[r] = t

    # -- collectives and halos -------------------------------------------------------------------------------------
    def collective(self, op: CollectiveOp) -> None:
        self.changed = True
        r = op.results[0]
        g_out = r.type
        want = self.local(g_out)
        x = op.operands[0]
        if sharding_of(x.type) is not None:
            raise _located(op, f"local-view: the operand of type '{x.type}' was not rewritten to the local view")
        k = op.group_size(op.mesh_op())
        elem = want.element_type if isinstance(want, TensorType) else x.type.element_type
        r.type = op.local_result_type(x.type, elem, k)
        try:
            op.verify_()
        except DiagnosticError:
            split, gather = op.local_dims()
            t_in = x.type
            loose = t_in.with_shape([None if d in (split, gather) else n for d, n in enumerate(t_in.shape)])
            op.set_operand(0, self.convert(x, loose, op))
            r.type = op.local_result_type(loose, elem, k)
            try:
                op.verify_()
            except DiagnosticError as err:
                raise _located(op, f"local-view: no local-view form: {err.message}") from None
        if sharding_of(g_out) is not None:
            self.dist[r] = g_out  # type: ignore[assignment]
        if r.type != want:
            cast = CastOp.create([r], [want], location=op.location)
            Builder.after(op).insert(cast)
            self.made.append(cast)
            r.replace_uses_if(cast.results[0], lambda user, c=cast: user is not c)
            self.dist[cast.results[0]] = g_out  # type: ignore[assignment]

    def update_halo(self, op: UpdateHaloOp) -> None:
        self.changed = True
        x = op.operands[0]
        g_src = self.dist.get(x)
        g_dst = op.results[0].type
        src, dst = sharding_of(g_src) if g_src is not None else None, sharding_of(g_dst)
        if src is None or dst is None or src.split_axes != dst.split_axes or len(op.operands) != 1:
            raise _located(op, "local-view: update_halo needs a distributed operand and result of one split and static "
                           "halo sizes")
        t = x.type
        assert isinstance(t, TensorType)
        b = Builder.before(op)
        m = IndexMath(b, op.location)
        lo_s = [src.to_spec().halo_of(d) for d in range(t.rank)]
        lo_t = [dst.to_spec().halo_of(d) for d in range(t.rank)]
        core = []
        for d, n in enumerate(t.shape):
            size = n if n is not None else b.insert(DimOp.create([x, m.value(d)], [INDEX],
                                                                 location=op.location)).results[0]
            core.append(m.sub(m.sub(size, lo_s[d][0]), lo_s[d][1]))
        value = x
        if any(lo != (0, 0) for lo in lo_s):
            value = b.insert(ExtractSliceOp.build(x, [lo for lo, _ in lo_s], core, loc=op.location)).results[0]
        want = self.local(g_dst)
        if dst.halo_sizes:
            sizes = [m.add(m.add(c, lo), hi) for c, (lo, hi) in zip(core, lo_t)]
            shape = [s if isinstance(s, int) else None for s in sizes]
            empty = b.insert(EmptyOp.build(t.with_shape(shape), [s for s in sizes if isinstance(s, Value)],
                                           loc=op.location)).results[0]
            value = b.insert(InsertSliceOp.build(value, empty, [lo for lo, _ in lo_t], core,
                                                 loc=op.location)).results[0]
            op.set_operand(0, value)
            op.results[0].type = value.type
            try:
                op.verify_()
            except DiagnosticError as err:
                raise _located(op, f"local-view: no local-view form: {err.message}") from None
            value = op.results[0]
            res = value
            if value.type != want:
                cast = CastOp.create([value], [want], location=op.location)
                Builder.after(op).insert(cast)
                self.made.append(cast)
                value.replace_uses_if(cast.results[0], lambda user, c=cast: user is not c)
                res = cast.results[0]
            self.dist[res] = g_dst  # type: ignore[assignment]
            return
        value = self.convert(value, want, op)
        op.results[0].replace_all_uses_with(value)
        op.erase()
        self.dist[value] = g_dst  # type: ignore[assignment]

    def get_sharding(self, op: GetShardingOp) -> None:
        v = op.operands[0]
        g = self.dist.get(v, v.type)
        s = sharding_of(g)
        if s is None:
            return
        self.changed = True
        found = None
        for prev in op.parent.ops:
            if prev is op:
                break
            if isinstance(prev, ShardingOp) and prev.sharding == s:
                found = prev.results[0]
        if found is None:
            new = Builder.before(op).insert(ShardingOp.build(s, loc=op.location))
            found = new.results[0]
        op.results[0].replace_all_uses_with(found)
        op.erase()

    def call(self, op: CallOp) -> None:
        ftype = self.callee_types.get(op.callee)
        if ftype is None:
            self.other(op)
            return
        for i, (v, want) in enumerate(zip(op.operands, ftype.inputs)):
            if v.type != want:
                self.changed = True
                op.set_operand(i, self.convert(v, want, op, unrealized=self.global_signature))
        for r, want in zip(op.results, ftype.results):
            if r.type == want:
                continue
            self.changed = True
            g = r.type
            loc_t = self.local(g)
            r.type = want
            if want != loc_t:
                cast = UnrealizedConversionCastOp.create([r], [loc_t], location=op.location)
                Builder.after(op).insert(cast)
                self.made.append(cast)
                r.replace_uses_if(cast.results[0], lambda user, c=cast: user is not c)
                self.dist[cast.results[0]] = g  # type: ignore[assignment]
            elif sharding_of(g) is not None:
                self.dist[r] = g  # type: ignore[assignment]

    # -- clean-up --------------------------------------------------------------------------------------------------
    def erase_dead(self) -> None:
        progress = True
        while progress:
            progress = False
            for op in reversed(self.made):
                if op.parent is None or not op.has_trait("Pure") or op.regions:
                    continue
                if any(r.has_uses for r in op.results):
                    continue
                op.erase()
                progress = True
            self.made = [op for op in self.made if op.parent is not None]


def _located(op: Operation, message: str) -> DiagnosticError:
    """``op.error(message)`` at the op's location, or at the nearest enclosing op that has one (ops
    made by earlier passes may carry none)."""
    where: Optional[Operation] = op
    while where is not None and not where.location.known:
        where = where.parent_op
    return DiagnosticError(f"'{op.source_name()}' op {message}", where.location if where is not None else op.location)
