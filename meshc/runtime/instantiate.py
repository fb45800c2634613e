"""Instantiate an SPMD schedule template per device (docs/pipeline.md stage 6s, docs/runtime.md "Devices").

:func:`instantiate` turns a :class:`meshc.backend.spmd.SpmdTemplate` (one program for every
device) into today's :class:`meshc.backend.emit.Program`: a
:class:`~meshc.backend.schedule.Schedule` with one step list per device, the shard map of the
arguments and results and the gather plan. Everything per device comes from the device's
coordinates, arithmetically:

* where each distributed value lives: :func:`meshc.dialects.mesh.storage_pieces` of its type on
  the mesh (balanced shards or ``sharded_dims_offsets``; one piece per peer group of devices that
  hold the same data, owned by the group's first device, seed 000);
* what a device runs for a ``mesh.for_all``: the body of its shape class
  (:meth:`~meshc.backend.spmd.SpmdTemplate.class_body`, built once per class), its kernel ops
  shared by every device of the class, its arguments bound to the device's stored shards (read in
  place from a peered owner, copied from another one);
* collective groups: the groups of the op's ``mesh_axes`` (one :class:`CollectiveSpec` over the
  whole mesh, as the unrolled path has); halo slabs: the cores of the source sharding that meet the
  device's region;
* the result reassembly: the core of one shard per region (partial shards combined), as
  ``unroll``'s unshard wrapper does it.

The steps, the allocation policy (in-place reuse, frees after the last use, events) and the key
order are the unrolled path's (:mod:`meshc.backend.emit`, whose emitter this extends), so a run's
memory and traffic equal the unrolled path's. Cost: linear in devices x steps per device, no IR
copied per device.
"""

from __future__ import annotations

from typing import Any, Optional

from meshc.backend.emit import (COLLECTIVE_KINDS, EmitError, GatherPart, Program, ShardSlot, _Buf, _Emitter, _Stored,
                                _value_type)
from meshc.backend.schedule import ArgBinding, captured_values
from meshc.backend.spmd import SpmdTemplate, SpmdUnsupported, _distributed, pieces_index
from meshc.interfaces.unrolled import SHARDED_SUFFIX
from meshc.ir.core import Operation, OpResult, Value
from meshc.ir.limits import spaced_collections
from meshc.ir.types import FloatType, TensorType

__all__ = ["instantiate"]

_REDUCING = ("all_reduce", "reduce_scatter")


class _SpmdEmitter(_Emitter):
    """The emitter of :mod:`meshc.backend.emit` reading a template instead of ``@NAME_sharded``."""

    def __init__(self, template: SpmdTemplate):
        mesh = template.mesh
        super().__init__(template.module, template.func, mesh, False)
        self.t = template
        self.n = mesh.num_devices
        self.layouts: dict[Value, tuple[list, list[int]]] = {}
        self.type_layouts: dict[Any, tuple[list, list[int]]] = {}  # by tensor type: values of one type share it
        self.pstore: dict[tuple, _Stored] = {}
        self.arg_slots: list[ShardSlot] = []
        self.result_slots: list[ShardSlot] = []
        self.gather: list[list[GatherPart]] = []
        self.printers: dict[int, Any] = {}
        self.cores: dict[Value, list] = {}
        self.captures: dict[Operation, list[Value]] = {}
        self.buffer_types: dict[Value, tuple[tuple[int, ...], str]] = {}

    # -- storage ----------------------------------------------------------------------------------------------
    def layout(self, v: Value, where: Operation) -> tuple[list, list[int]]:
        """The stored pieces of distributed ``v`` and, per device, the index of the one it holds."""
        got = self.layouts.get(v)
        if got is None:
            got = self.type_layouts.get(v.type)  # the pieces follow from the type alone
            if got is None:
                from meshc.dialects.mesh import ShardingVerifyError, storage_pieces

                try:
                    pieces = storage_pieces(v.type, self.mesh)  # type: ignore[arg-type]
                except ShardingVerifyError as err:
                    raise EmitError(f"'{where.name}' op: {err}", where.location) from None
                got = self.type_layouts[v.type] = (pieces, pieces_index(pieces, self.n))
            self.layouts[v] = got
        return got

    def own_piece(self, v: Value, k: int):
        pieces, index = self.layout(v, self.func)
        return pieces[index[k]]

    def store(self, key: tuple, s: _Stored) -> _Stored:
        self.pstore[key] = s
        self.stored[key] = s  # type: ignore[index]  # every stored buffer, for place_frees
        return s

    def piece_buf(self, v: Value, k: int, user: Operation) -> _Buf:
        """Device ``k``'s buffer of its piece of distributed ``v`` (read from the owner if needed)."""
        _, index = self.layout(v, user)
        s = self.pstore[(v, index[k])]
        return s.buf if s.device == k else self.read_remote(s, k, user)

    def name_in(self, func: Operation, v: Value) -> str:
        printer = self.printers.get(id(func))
        if printer is None:
            from meshc.ir.printer import Printer

            printer = self.printers[id(func)] = Printer()
            printer.print_op(func)
        return "%" + printer.name_value(v)

    # -- values the function level holds ----------------------------------------------------------------------
    def resolve(self, v: Value, k: int, user: Operation) -> _Buf:
        if _distributed(v):  # a whole tensor a function-level op reads: the device's stored shard
            return self.piece_buf(v, k, user)
        s = self.pstore.get((v, None))
        if s is not None:
            return s.buf if s.device == k else self.read_remote(s, k, user)
        owner = v.owner if isinstance(v, OpResult) else None
        if owner is not None and owner.parent_op is self.func:
            return self.replicate(self.function_level(owner), k)[v.index]  # type: ignore[attr-defined]
        raise EmitError(f"'{user.name}' op on device {k} uses {self.name_of(v)}, which nothing produces "
                        "(internal: SPMD instantiation)", user.location)

    def function_level(self, op: Operation) -> Operation:
        from meshc.dialects.arith import ConstantOp

        return self.t.constant(op) if isinstance(op, ConstantOp) else op  # constants merged as cse does

    # -- the function -----------------------------------------------------------------------------------------
    def run(self) -> None:
        from meshc.dialects.mesh import CollectiveOp, ForAllOp, UpdateHaloOp

        ops = list(self.func.body.ops)  # type: ignore[attr-defined]
        self.check_collectives(ops)
        self.bind_args()
        plans = {op: self.plan(op) for op in ops if isinstance(op, ForAllOp)}
        self.drop_dead(ops, plans)
        for op in ops[:-1]:
            if isinstance(op, ForAllOp):
                for k, cb, owned, straddling in plans[op]:
                    self.emit_body(cb, k, op, owned, straddling)
            elif isinstance(op, UpdateHaloOp):
                self.assemble_spmd(op)
            elif isinstance(op, CollectiveOp):
                self.collective(op)
            # anything else works on values without sharding: replicated, run where used
        self.bind_results(ops[-1])
        self.module = self.t.instance

    def check_collectives(self, ops: list) -> None:
        """Refuse, before any per-device work, a collective whose per-pair traffic matrix would not fit
        in the host's memory (:func:`meshc.runtime.collectives.pair_traffic_refusal`, the error its
        planning raises later): a 65536-device group is refused at once, not after instantiating every
        device. The instances are named as :meth:`collective` names them.

        Raises:
            CollectiveError: the first such collective, located at it.
        """
        from meshc.dialects.mesh import CollectiveOp
        from meshc.runtime.collectives import pair_traffic_refusal

        count = 0
        for op in ops[:-1]:
            if not isinstance(op, CollectiveOp):
                continue
            kind = op.name.split(".", 1)[1]
            if kind not in COLLECTIVE_KINDS:
                continue
            if kind == "all_slice" and any(len(p.devices) > 1 for p in self.layout(op.operands[0], op)[0]):
                continue  # assembled, no collective instance (collective())
            instance = f"c{count}"
            count += 1
            g = self.mesh.group_size(op.mesh_axes)  # type: ignore[attr-defined]
            if g <= 1024:
                continue
            attrs: dict = {name: op.axis_attr(name) for name in COLLECTIVE_KINDS[kind]}  # type: ignore[attr-defined]
            if kind in _REDUCING:
                attrs["reduction"] = op.reduction  # type: ignore[attr-defined]
            refusal = pair_traffic_refusal(self.collective_spec(instance, kind, op, attrs), g)
            if refusal is not None:
                raise refusal

    def drop_dead(self, ops: list, plans: dict) -> None:
        """Leave out the bodies whose shards nothing reads (the unrolled path's canonicalize erases
        such ``mesh.for_one`` ops): walk the function backwards, the results' and the collectives'
        operands' pieces live, a kept body's used arguments live."""
        from meshc.dialects.mesh import ForAllOp

        live: set = set()

        def all_pieces(v: Value, where: Operation) -> None:
            if _distributed(v):
                pieces, _ = self.layout(v, where)
                live.update((v, i) for i in range(len(pieces)))

        for op in reversed(ops):
            if not isinstance(op, ForAllOp):
                for v in op.operands:
                    all_pieces(v, op)
                continue
            kept = []
            everyone = _runs_collectives(op)  # every member of its collectives' groups runs it (plan)
            for k, cb, owned, straddling in plans[op]:
                if not everyone and not any((op.results[ri], i) in live for ri, i in owned):
                    continue
                kept.append((k, cb, owned, straddling))
                for arg, a in zip(cb.args, cb.func.body.args):  # type: ignore[attr-defined]
                    if a.has_uses and arg[0] != "value":
                        live.add(self.bound_piece(arg, k, straddling, op))
            plans[op] = kept

    def bound_piece(self, arg: tuple, k: int, straddling: list, where: Operation) -> tuple:
        """``(value, piece index)`` a class function argument ``("piece", v)`` or ``("part", r, j)`` is
        bound to on device ``k``."""
        if arg[0] == "piece":
            _, index = self.layout(arg[1], where)
            return arg[1], index[k]
        v, _, found = straddling[arg[1]]
        return v, found[arg[2]][1]

    def bind_args(self) -> None:
        from meshc.dialects.mesh import sharding_of
        from meshc.interfaces.sharding_models import identity_attr

        for i, a in enumerate(self.func.body.args):  # type: ignore[attr-defined]
            name = self.name_of(a)
            if not _distributed(a):
                shape, dtype, is_tensor = _value_type(a, self.func)
                buf = _Buf(self.devs[0].claim(name), 0, "arg", shape, dtype)
                pos = len(self.args)
                self.args.append(ArgBinding(pos, 0, buf.name, shape, dtype))
                self.store((a, None), _Stored(0, buf, None, name))
                self.arg_slots.append(ShardSlot(pos, i, (0,), (0,) * len(shape), shape, dtype, is_tensor))
                continue
            t: TensorType = a.type  # type: ignore[assignment]
            s = sharding_of(t)
            dtype = str(t.element_type)
            pieces, _ = self.layout(a, self.func)
            hint = a.name_hint if a.name_hint and not a.name_hint.isdigit() else f"arg{i}"
            for j, p in enumerate(pieces):
                k = p.owner
                buf = _Buf(self.devs[k].claim(f"%{hint}_{j}"), k, "arg", p.shape, dtype)  # unroll's names
                pos = len(self.args)
                self.args.append(ArgBinding(pos, k, buf.name, p.shape, dtype))
                self.store((a, j), _Stored(k, buf, None, name))
                ident = None
                coords = self.mesh.device_coords(k)
                if s is not None and any(coords[ax] for ax in s.partial_axes):
                    attr = identity_attr(s.partial_type, t.element_type)
                    ident = getattr(attr, "value", None)
                self.arg_slots.append(ShardSlot(pos, i, p.devices, p.offsets, p.shape, dtype, True, ident))

    def bind_results(self, ret: Operation) -> None:
        from meshc.dialects.mesh import sharding_of
        from meshc.sharding.combiners import combiner_op
        from meshc.sharding.shards import core_region

        for j, v in enumerate(ret.operands):
            if not _distributed(v):
                buf = self.resolve(v, 0, ret)
                s = self.pstore.get((v, None)) or _Stored(0, buf, None, self.name_of(v))
                shape, dtype, is_tensor = _value_type(v, ret)
                s.buf.result = True
                pos = len(self.results)
                self.results.append((pos, s))
                self.result_slots.append(ShardSlot(pos, j, (0,), (0,) * len(shape), shape, dtype, is_tensor))
                self.gather.append([GatherPart((0,) * len(shape), shape, ((pos, (0,) * len(shape)),))])
                continue
            t: TensorType = v.type  # type: ignore[assignment]
            spec = sharding_of(t).to_spec()  # type: ignore[union-attr]
            pieces, _ = self.layout(v, ret)
            positions = []
            for i, p in enumerate(pieces):
                s = self.pstore[(v, i)]
                s.buf.result = True
                pos = len(self.results)
                positions.append(pos)
                self.results.append((pos, s))
                self.result_slots.append(ShardSlot(pos, j, p.devices, p.offsets, p.shape, str(t.element_type)))
            groups: dict[tuple, dict[tuple, int]] = {}
            for i, p in enumerate(pieces):
                for d in p.devices:  # every holder's core (their halo'd regions agree, their cores may not)
                    core = core_region(tuple(t.shape), spec, self.mesh, d)
                    coords = self.mesh.device_coords(d)
                    groups.setdefault(core, {}).setdefault(tuple(coords[a] for a in spec.partial_axes), i)
            combiner = (combiner_op(spec.partial_type.value, isinstance(t.element_type, FloatType))
                        if spec.partial_axes else None)
            parts = []
            for core, members in groups.items():
                sources = tuple((positions[i], tuple(lo - p0 for (lo, _), (p0, _) in zip(core, pieces[i].region)))
                                for i in members.values())
                if len(sources) > 1 and combiner is None:
                    raise EmitError(f"cannot reassemble a result partial with '{spec.partial_type.value}'",
                                    ret.location)
                parts.append(GatherPart(tuple(lo for lo, _ in core), tuple(hi - lo for lo, hi in core), sources,
                                        combiner if len(sources) > 1 else None))
            self.gather.append(parts)

    # -- bodies -----------------------------------------------------------------------------------------------
    def plan(self, op: Operation) -> list:
        """``(device, class body, [(result index, piece index)...])`` for each device owning a shard of a
        result of the for_all ``op``, in device order."""
        body = self.t.bodies[op]
        layouts = [self.layout(r, op) for r in op.results]
        # a body whose region ops run collectives is run by every device, owner of a result shard or not:
        # each member of a collective's group must meet it (a replicated result over peered axes is owned
        # by one device of its peer group, whose peers would otherwise skip the body and leave it waiting)
        everyone = _runs_collectives(op)
        out = []
        for k in range(self.n):
            owned = [(ri, pieces[index[k]]) for ri, (pieces, index) in enumerate(layouts)
                     if pieces[index[k]].owner == k]
            if not owned and not everyone:
                continue
            own = (lambda k: lambda v: self.own_piece(v, k))(k)
            parts = (lambda k: lambda v, box: self.parts(v, box, k, op))(k)
            straddling: list = []
            signature = self.t.signature(body, k, self.mesh.device_coords(k), own, parts, straddling)
            cb = self.t.class_body(body, k, signature, own, owned, straddling)
            out.append((k, cb, [(ri, layouts[ri][1][k]) for ri, _ in owned], straddling))
        return out

    def parts(self, v: Value, box: tuple, k: int, where: Operation) -> list:
        """``[(Piece, piece index, intersection)...]``: where device ``k`` reads global ``box`` of
        distributed ``v`` from when its own shard does not hold it -- the cores of ``v``'s sharding
        that meet the box, each from the first piece holding it in unroll's order (own piece, then
        its peer group's, then the others; a partial value only from devices with ``k``'s
        coordinates on the partial axes).

        Raises:
            EmitError: the cores do not cover the box (an internal error).
        """
        import math

        from meshc.dialects.mesh import sharding_of
        from meshc.sharding.shards import core_region

        pieces, index = self.layout(v, where)
        spec = sharding_of(v.type).to_spec()  # type: ignore[union-attr]
        cores = self.cores.get(v)
        if cores is None:
            cores = self.cores[v] = [core_region(tuple(v.type.shape), spec, self.mesh, d)  # type: ignore
                                     for d in range(self.n)]
        coords = self.mesh.device_coords(k)
        own = index[k]
        peers = set(self.mesh.peer_group(k))
        candidates = [i for i, p in enumerate(pieces)
                      if all(self.mesh.device_coords(p.owner)[a] == coords[a] for a in spec.partial_axes)]
        best: dict = {}
        for i in sorted(candidates, key=lambda i: (i != own, not (set(pieces[i].devices) & peers), i)):
            for d in pieces[i].devices:
                best.setdefault(cores[d], i)
        out = []
        for core, i in best.items():
            inter = tuple((max(a0, b0), min(a1, b1)) for (a0, a1), (b0, b1) in zip(core, box))
            if all(lo < hi for lo, hi in inter) or (not inter and not box):
                out.append((pieces[i], i, inter))
        covered = sum(math.prod(hi - lo for lo, hi in inter) for _, _, inter in out)
        if covered != math.prod(hi - lo for lo, hi in box):
            raise EmitError(f"internal: the shards of '{v.type}' do not cover {list(box)} for device {k}",
                            where.location)
        return out

    def emit_body(self, cb, k: int, op: Operation, owned: list, straddling: list) -> None:
        from meshc.dialects.arith import ConstantOp

        func = cb.func
        block = func.body
        env: dict[Value, Any] = {}
        for arg, a in zip(cb.args, block.args):
            if not a.has_uses:
                continue
            env[a] = ("outside", arg[1]) if arg[0] == "value" else self.pstore[self.bound_piece(arg, k, straddling,
                                                                                              op)]
        ops = list(block.ops)
        ret = ops[-1]
        names = {y: self.name_of(op.results[ri]) for (ri, _), y in zip(owned, ret.operands)}
        for inner in ops[:-1]:
            if isinstance(inner, ConstantOp):
                env[inner.results[0]] = ("constant", self.t.constant(inner))
                continue
            if self.slice_remote(inner, k, env, names, func):
                continue
            inputs = [self.value_buf(env, v, k, inner) for v in inner.operands]
            captures = [self.value_buf(env, v, k, inner) for v in self.captured(inner)] if inner.regions else []
            outs = []
            for r in inner.results:
                shape, dtype = self.buffer_type(r, inner)
                buf = _Buf(self.devs[k].claim(names.get(r) or self.name_in(func, r)), k, "alloc", shape, dtype)
                buf.alloc = self.add(k, "allocate", {"buf": buf}, inner.location)
                outs.append(buf)
            d = self.add(k, "kernel", {"op": inner, "inputs": inputs, "outputs": outs, "captures": captures},
                         inner.location)
            for r, b in zip(inner.results, outs):
                env[r] = _Stored(k, b, d, b.name)
        for (ri, i), y in zip(owned, ret.operands):
            self.store((op.results[ri], i), self.yielded(env, y, k, ret, names[y]))

    def buffer_type(self, v: Value, where: Operation) -> tuple[tuple[int, ...], str]:
        """``(local shape, element type)`` of a class body's value ``v`` (:func:`_value_type`), computed
        once for every device of the class."""
        got = self.buffer_types.get(v)
        if got is None:
            got = self.buffer_types[v] = _value_type(v, where)[:2]
        return got

    def captured(self, op: Operation) -> list[Value]:
        """:func:`captured_values` of a class body's ``op``, computed once for every device of the class."""
        got = self.captures.get(op)
        if got is None:
            got = self.captures[op] = captured_values(op)
        return got

    def value_buf(self, env: dict, v: Value, k: int, user: Operation) -> _Buf:
        x = env.get(v)
        if isinstance(x, _Stored):
            return x.buf if x.device == k else self.read_remote(x, k, user)
        if x is None:
            raise EmitError(f"'{user.name}' op on device {k}: internal: a value of its class body has no buffer",
                            user.location)
        if x[0] == "constant":
            return self.replicate(x[1], k)[0]
        return self.resolve(x[1], k, user)

    def yielded(self, env: dict, y: Value, k: int, user: Operation, name: str) -> _Stored:
        """Where device ``k``'s shard of a for_all result lives (the unrolled path's ``on_device``)."""
        x = env.get(y)
        if isinstance(x, _Stored) and (x.device == k or self.mesh.is_peered(k, x.device)):
            return x
        buf = self.value_buf(env, y, k, user)
        dev = self.devs[k]
        if isinstance(x, _Stored):
            producer = dev.remote[id(x)][1]
        elif x[0] == "constant":
            producer = dev.replicated[x[1]][1]
        else:
            s = self.pstore.get((x[1], None))
            producer = dev.remote[id(s)][1] if s is not None and s.device != k else None
        return _Stored(k, buf, producer, name)

    def slice_remote(self, op: Operation, k: int, env: dict, names: dict, func: Operation) -> bool:
        """The unrolled path's :meth:`_Emitter.remote_slice` on a class body: a static slice of a shard
        stored on another device, used only in the body, reads just the slice."""
        from meshc.dialects.tensor import K_DYNAMIC, ExtractSliceOp

        if not isinstance(op, ExtractSliceOp) or len(op.operands) != 1:
            return False
        s = env.get(op.source)
        result = op.results[0]
        offsets, sizes, strides = op.static_offsets, op.static_sizes, op.static_strides
        if not isinstance(s, _Stored) or s.device == k or K_DYNAMIC in offsets + sizes or any(x != 1 for x in strides):
            return False
        if not isinstance(result.type, TensorType) or tuple(result.type.shape) != tuple(sizes):
            return False
        if any(u.parent is not op.parent or u.is_terminator for u in result.users):
            return False
        name = names.get(result) or self.name_in(func, result)
        shape, dtype, _ = _value_type(result, op)
        if self.mesh.is_peered(k, s.device):
            buf = _Buf(self.devs[k].claim(name), k, "view", shape, dtype)
            draft = self.add(k, "peer_read", {"buf": buf, "src": s.buf, "offsets": offsets, "sizes": sizes},
                             op.location)
        else:
            buf = _Buf(self.devs[k].claim(name), k, "alloc", shape, dtype)
            buf.alloc = self.add(k, "allocate", {"buf": buf}, op.location)
            draft = self.add(k, "copy", {"buf": buf, "src": s.buf, "offsets": offsets, "sizes": sizes},
                             op.location)
        if s.producer is not None:
            draft.wait.append(s.producer)
            s.producer.signal = ""
        s.buf.remote.append(draft)
        env[result] = _Stored(k, buf, draft, name)
        return True

    # -- collectives and halos --------------------------------------------------------------------------------
    def collective(self, op: Operation) -> None:
        kind = op.name.split(".", 1)[1]
        if kind not in COLLECTIVE_KINDS:
            raise EmitError(f"'{op.name}' op: the runtime has no {kind} collective (it runs "
                            f"{', '.join(COLLECTIVE_KINDS)})", op.location)
        src, dst = op.operands[0], op.results[0]
        src_pieces, _ = self.layout(src, op)
        dst_pieces, dst_index = self.layout(dst, op)
        if kind == "all_slice" and any(len(p.devices) > 1 for p in src_pieces):
            self.assemble_spmd(op)
            return
        attrs: dict = {name: op.axis_attr(name) for name in COLLECTIVE_KINDS[kind]}  # type: ignore[attr-defined]
        if kind in _REDUCING:
            attrs["reduction"] = op.reduction  # type: ignore[attr-defined]
        instance = f"c{len(self.collectives)}"
        self.collectives[instance] = self.collective_spec(instance, kind, op, attrs)
        dtype = str(dst.type.element_type)  # type: ignore[attr-defined]
        name = self.name_of(dst)
        inputs = [self.piece_buf(src, k, op) for k in range(self.n)]
        outputs = []
        for k in range(self.n):
            piece = dst_pieces[dst_index[k]]
            buf = _Buf(self.devs[k].claim(name if piece.owner == k else f"{name}.scratch"), k, "alloc", piece.shape,
                       dtype)
            buf.alloc = self.add(k, "allocate", {"buf": buf}, op.location)
            outputs.append(buf)
        key = self.key()
        for k in range(self.n):
            d = self.add(k, "collective", {"instance": instance, "input": inputs[k], "output": outputs[k]},
                         op.location, key)
            i = dst_index[k]
            if dst_pieces[i].owner == k:
                self.store((dst, i), _Stored(k, outputs[k], d, name))

    def assemble_spmd(self, op: Operation) -> None:
        """The unrolled path's :meth:`_Emitter.assemble` (``mesh.update_halo``; an ``all_slice`` of a
        value stored once per peer group) on the stored pieces of the global-view op."""
        from meshc.dialects.mesh import sharding_of
        from meshc.sharding.spec import ShardingError

        src, dst = op.operands[0], op.results[0]
        src_pieces, _ = self.layout(src, op)
        dst_pieces, _ = self.layout(dst, op)
        try:
            spec = sharding_of(src.type).to_spec()  # type: ignore[union-attr]
            slabs = [self.halo_slabs(piece.owner, piece.region, src_pieces, spec, tuple(src.type.shape),  # type: ignore
                                     op.location) for piece in dst_pieces]
        except ShardingError as err:
            raise EmitError(f"'{op.name}' op: {err}", op.location) from None
        instance = f"h{self.halos}"
        self.halos += 1
        name = self.name_of(dst)
        dtype = str(dst.type.element_type)  # type: ignore[attr-defined]
        outputs = []
        for piece in dst_pieces:
            buf = _Buf(self.devs[piece.owner].claim(name), piece.owner, "alloc", piece.shape, dtype)
            buf.alloc = self.add(piece.owner, "allocate", {"buf": buf}, op.location)
            outputs.append(buf)
        key = self.key()
        for j, (piece, out, boxes) in enumerate(zip(dst_pieces, outputs, slabs)):
            k = piece.owner
            parts = []
            for i, box in boxes:
                s = self.pstore[(src, i)]
                src_region = src_pieces[i].region
                parts.append({"src": s.buf, "store": s, "sizes": tuple(b - a for a, b in box),
                              "src_offsets": tuple(a - p0 for (a, _), (p0, _) in zip(box, src_region)),
                              "dst_offsets": tuple(a - p0 for (a, _), (p0, _) in zip(box, piece.region))})
            d = self.halo_step(k, instance, out, parts, op.location, key)
            self.store((dst, j), _Stored(k, out, d, name))


def instantiate(template: SpmdTemplate) -> Program:
    """The per-device :class:`~meshc.backend.emit.Program` of ``template`` (module docstring): the
    schedule runs ``@NAME_sharded`` as the unrolled path's does, with the same steps, buffers and
    figures.

    Raises:
        SpmdUnsupported: a device needs what the template does not instantiate (the caller falls
            back to the unrolled path).
        EmitError: the program cannot be scheduled (located at the op).
        ScheduleError: the built schedule does not validate (a bug).
    """
    from meshc.backend.peer_tile import tile_peer_operands
    from meshc.dialects.mesh import strip_sharding

    runs = template.entry + SHARDED_SUFFIX
    with spaced_collections():  # meshc.ir.limits: class bodies and drafts live until the schedule is built
        emitter = _SpmdEmitter(template)
        emitter.run()
        schedule = emitter.schedule(runs)
    tile_peer_operands(schedule)  # reshard{peer-tile=...}: remote inputs copied tile by tile
    ftype = template.func.function_type  # type: ignore[attr-defined]
    return Program(schedule, template.entry, runs, emitter.arg_slots, emitter.result_slots,
                   tuple(strip_sharding(t) for t in ftype.inputs), tuple(strip_sharding(t) for t in ftype.results),
                   emitter.gather)


def spmd_program(module: Operation, entry: Optional[str] = None) -> Optional[Program]:
    """:func:`instantiate` of :func:`meshc.backend.spmd.build_template` of a stage-5 ``module``; None
    when the entry runs without a mesh or on a dynamic one (:func:`meshc.backend.emit.emit_program`
    handles both)."""
    from meshc.backend.spmd import build_template

    template = build_template(module, entry)
    return None if template is None else instantiate(template)


def _runs_collectives(op: Operation) -> bool:
    """Whether the for_all ``op``'s body holds a local-view collective (one a region op partitioned in place
    runs in its body: :func:`meshc.backend.region_body.in_body_collective`)."""
    from meshc.backend.region_body import in_body_collective

    return any(in_body_collective(o) is not None for o in op.walk())
