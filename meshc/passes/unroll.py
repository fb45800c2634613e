"""``unroll``: one value per stored shard, bodies instantiated per device (static meshes; docs/pipeline.md stage 6).

Seed 000: "After all operations have been sharded we need convert each distributed
tensor into a list of tensors ... In the case of a static mesh we can use the values
that correspond to shards directly. In this case we have to also unroll all loops that
run operations on the mesh." For each function ``@NAME`` of a partitioned module
(stage 5, either form) on a static mesh:

* ``@NAME_sharded`` (private) takes and returns per-shard values (the attributes and
  wrappers the backend reads: :mod:`meshc.interfaces.unrolled`). A distributed tensor
  is stored as :func:`meshc.dialects.mesh.storage_pieces`: one value per device, except
  that devices of a peer group holding the same data share one value, owned by the
  group's first device (seed 000's memory saving). Arguments and results carry
  ``{mesh.arg|mesh.result = <original index>, mesh.devices = [...], mesh.offsets =
  array<i64: ...>}`` so that the runtime streams each shard from the input file and
  reassembles results. A shard of a partial argument held off coordinate 0 of the
  partial axes also carries ``mesh.identity = <value>``: it starts from the reduction
  identity instead of the input's data.
* each ``mesh.for_all`` (or ``scf.forall`` + ``mesh.for_one``) becomes one
  ``mesh.for_one [coords] on @m -> (T...)`` per device that owns a shard of its results,
  the body cloned with the process index, mesh sizes and the index arithmetic on them
  folded to constants, and sizes made static. A ``tensor.extract_slice`` of a
  distributed value becomes a slice of the device's own shard, or, when it straddles
  shards (peer reads, halos), slices of the owning devices' values assembled in the
  reading device's body (own shard first, then its peer group's);
* each global-view collective becomes ONE op with one operand per stored shard of the
  source and one result per stored shard of the result, in owner order, carrying
  ``global_types = [T_source, T_result]`` (the dialect's unrolled form);
* a function-level op without tensor results that reads distributed tensors (partition
  leaves ``tensor.extract`` / ``tensor.dim`` there) reads the stored shard of a
  replicated operand; ``tensor.dim`` becomes the global size. Per-device ops whose
  result types follow their operands (``tensor.pad``, ``concat``, ``bitcast``,
  ``splat``, slices, reshapes) get static types once their operands have them
  (their ShardingInterface model's ``refine``; the mesh queries fold by the model's
  ``evaluate_on_device``: docs/pipeline.md "Per-op SPMD rules");
* ``@NAME`` keeps its original (unsharded) signature and stays public: it slices its
  arguments into shards (``tensor.extract_slice``), calls ``@NAME_sharded``, and
  assembles each result (``tensor.insert_slice`` into ``tensor.empty``; partial
  results are combined with their reduction) -- the seed's ``@main_shard_arg0`` /
  unshard wrappers -- so ``meshc run`` without ``--entry`` and the reference
  interpreter run it unchanged.

Functions on a dynamic mesh are left alone (a remark says so): the runtime
instantiates them once it knows the shape, or ``--mesh-shape`` specializes the mesh
at compile time (:mod:`meshc.passes.specialize_mesh`). Unsupported input (dynamic
tensor sizes, slice offsets of a distributed value that stay unknown on a device, a
resharding point left unpartitioned) is a located error.
"""

from __future__ import annotations

from collections import ChainMap
from typing import Optional, Sequence

import numpy as np

import meshc.dialects.linalg as linalg
import meshc.dialects.tensor as tensor
import meshc.dialects.arith as arith
from meshc.dialects.arith import ConstantOp
from meshc.dialects.func import CallOp, FuncOp
from meshc.dialects.mesh import (UNROLLED_ATTR, CollectiveOp, ForAllOp, ForOneOp, MeshOp, MeshShapeOp, Piece,
                                 ShardingVerifyError, ShardOp, UpdateHaloOp, YieldOp, piece_of_device, sharding_of,
                                 storage_pieces, strip_sharding)
from meshc.dialects.scf import ForallOp
from meshc.interfaces.sharding import sharding_model
from meshc.interfaces.unrolled import ARG, DEVICES, IDENTITY, OFFSETS, RESULT, SHARDED_SUFFIX
from meshc.ir.attributes import (ArrayAttr, DenseArrayAttr, DenseElementsAttr, DictionaryAttr, IntegerAttr,
                                 SymbolRefAttr, TypeAttr)
from meshc.ir.builder import Builder
from meshc.ir.core import Block, Operation, Region, Value
from meshc.ir.types import I64, INDEX, FloatType, FunctionType, IndexType, IntegerType, TensorType
from meshc.passes.base import Pass
from meshc.passes.partition import identity_attr
from meshc.passes.reshard import sharded_functions
from meshc.passes.rewrite import is_trivially_dead
from meshc.sharding.combiners import combiner_op
from meshc.sharding.shards import core_region




class Unroll(Pass):
    """See the module docstring."""

    name = "unroll"
    summary = "Per-shard values and per-device mesh.for_one bodies on static meshes, plus unsharded wrappers"
    display_name = "Unroll"
    op_names = ("builtin.module",)

    def run(self, op: Operation) -> None:
        for func, mesh in sharded_functions(op, self.context):
            if not mesh.is_static:
                self.remark(func, f"mesh @{mesh.sym_name} is dynamic: @{func.sym_name} keeps its SPMD form (the runtime "
                                  "instantiates it once the shape is known; --mesh-shape specializes it)")
                continue
            FunctionUnroller(func, mesh).run()


def _dict(entries: dict) -> DictionaryAttr:
    return DictionaryAttr(tuple(entries.items()))


def _piece_attrs(key: str, index: int, piece: Optional[Piece]) -> DictionaryAttr:
    entries: dict = {key: IntegerAttr(index)}
    if piece is not None:
        entries[DEVICES] = ArrayAttr(tuple(IntegerAttr(d) for d in piece.devices))
        entries[OFFSETS] = DenseArrayAttr(I64, piece.offsets)
    return _dict(entries)


class FunctionUnroller:
    """Builds ``@NAME_sharded`` from a partitioned function and turns the function into its wrapper."""

    def __init__(self, func: FuncOp, mesh: MeshOp):
        self.func = func
        self.mesh = mesh
        self.spec = mesh.as_mesh()
        self.pieces: dict[Value, list[Piece]] = {}
        self.shards: dict[Value, list[Value]] = {}
        self.mapping: dict[Value, Value] = {}

    # -- the whole function ------------------------------------------------------------------------------------
    def run(self) -> None:
        func = self.func
        if len(func.regions[0].blocks) != 1:
            raise func.error("unroll handles single-block functions")
        module = func.parent_op
        if module is not None and module.lookup(func.sym_name + SHARDED_SUFFIX) is not None:  # type: ignore
            raise func.error(f"cannot create @{func.sym_name}{SHARDED_SUFFIX}: the module already has that symbol")
        old = func.body
        types, names, arg_attrs = [], [], []
        for i, a in enumerate(old.args):
            if self.distributed(a):
                for k, p in enumerate(self.pieces_of(a, func)):
                    types.append(p.local_type(a.type))  # type: ignore[arg-type]
                    names.append(f"{a.name_hint or 'arg' + str(i)}_{k}")
                    attrs = _piece_attrs(ARG, i, p)
                    ident = self.starts_from_identity(a.type, p)  # type: ignore[arg-type]
                    if ident is not None:
                        attrs = DictionaryAttr(attrs.entries + ((IDENTITY, ident),))
                    arg_attrs.append(attrs)
            else:
                types.append(a.type)
                names.append(a.name_hint)
                arg_attrs.append(_piece_attrs(ARG, i, None))
        block = Block(types, names)
        it = iter(block.args)
        for a in old.args:
            if self.distributed(a):
                self.shards[a] = [next(it) for _ in self.pieces[a]]
            else:
                self.mapping[a] = next(it)
        self.b = Builder.at_end(block)
        res_types: list = []
        res_attrs: list = []
        self.return_name = type(func).return_name  # func.return or util.return
        for op in list(old.ops):
            if op.is_terminator:  # func.return or util.return
                res_types, res_attrs = self.unroll_return(op)
            else:
                self.unroll_op(op)
        sharded = type(func).build(func.sym_name + SHARDED_SUFFIX, FunctionType(tuple(types), tuple(res_types)),
                               "private", loc=func.location, body=False)
        sharded.regions[0].add_block(block)
        sharded.attributes["arg_attrs"] = ArrayAttr(tuple(arg_attrs))
        sharded.attributes["res_attrs"] = ArrayAttr(tuple(res_attrs))
        func.parent.insert_after(func, sharded)  # type: ignore[union-attr]
        self.make_wrapper(sharded)

    def starts_from_identity(self, t: TensorType, piece: Piece):
        """The reduction identity (a scalar attribute) a shard of a partial argument holds instead of the
        value: devices off coordinate 0 of the partial axes (:func:`meshc.sharding.simulate.shard_array`);
        None for the others and for kinds without an identity."""
        s = sharding_of(t)
        coords = self.spec.device_coords(piece.owner)
        if s is None or not any(coords[a] for a in s.partial_axes):
            return None
        return identity_attr(s.partial_type, t.element_type)

    def distributed(self, v: Value) -> bool:
        return isinstance(v.type, TensorType) and sharding_of(v.type) is not None

    def pieces_of(self, v: Value, where: Operation) -> list[Piece]:
        if v not in self.pieces:
            self.pieces[v] = self.pieces_of_type(v.type, where)  # type: ignore[arg-type]
        return self.pieces[v]

    def pieces_of_type(self, t: TensorType, where: Operation) -> list[Piece]:
        if not t.has_static_shape:
            raise where.error(f"unroll needs static tensor shapes, got '{t}'")
        try:
            return storage_pieces(t, self.spec)
        except ShardingVerifyError as err:
            raise where.error(str(err)) from None

    def local(self, v: Value) -> Value:
        """The new value of a non-distributed value of the old function."""
        return self.mapping.get(v, v)

    # -- function-level ops ---------------------------------------------------------------------------------------
    def unroll_op(self, op: Operation) -> None:
        if isinstance(op, ForAllOp):
            self.unroll_spmd(op, op.body, list(op.body.ops[-1].operands), {}, {})
        elif isinstance(op, ForallOp):
            self.unroll_forall(op)
        elif isinstance(op, (CollectiveOp, UpdateHaloOp)):
            self.unroll_collective(op)
        elif isinstance(op, ShardOp):
            raise op.error("is a resharding point; run partition before unroll")
        elif isinstance(op, tensor.EmptyOp) and self.distributed(op.results[0]):
            self.unroll_empty(op)
        elif isinstance(op, CallOp) and any(self.distributed(v) for v in list(op.operands) + list(op.results)):
            self.unroll_call(op)
        elif not any(self.distributed(r) for r in op.results) and not op.regions and op.results \
                and any(self.distributed(v) for v in op.operands):
            self.unroll_scalar_reader(op)
        elif any(self.distributed(v) for v in list(op.operands) + list(op.results)):
            raise op.error("works on distributed tensors outside a per-device body; run partition before unroll")
        else:
            new = op.clone(self.mapping)
            self.b.insert(new)

    def unroll_scalar_reader(self, op: Operation) -> None:
        """A function-level op without tensor results that reads distributed tensors (partition leaves
        ``tensor.extract``, ``tensor.dim`` there): ``tensor.dim`` reads the global shape (a constant, or a
        lookup in a constant table of the dims); any other op reads the stored shard of a tensor that
        is whole (replicated), on whichever device runs it."""
        if isinstance(op, tensor.DimOp):
            shape = op.operands[0].type.shape  # type: ignore[attr-defined]
            index = self.local(op.operands[1])
            d_op = getattr(index, "op", None)
            if isinstance(d_op, ConstantOp) and isinstance(d_op.attributes.get("value"), IntegerAttr):
                d = d_op.attributes["value"].value  # type: ignore[attr-defined]
                c = ConstantOp.create([], [INDEX], {"value": IntegerAttr(int(shape[d]), INDEX)}, location=op.location)
                self.mapping[op.results[0]] = self.b.insert(c).results[0]
                return
            t = TensorType((len(shape),), INDEX)
            table = self.b.insert(ConstantOp.create([], [t], {"value": DenseElementsAttr(
                t, np.array(shape, dtype=np.int64))}, location=op.location)).results[0]
            ext = tensor.ExtractOp.create([table, index], [INDEX], location=op.location)
            self.mapping[op.results[0]] = self.b.insert(ext).results[0]
            return
        mapping = ChainMap({}, self.mapping)  # this op's own reads over the function's (no O(function) copy)
        for v in op.operands:
            if not self.distributed(v):
                continue
            whole = [i for i, p in enumerate(self.pieces_of(v, op)) if p.shape == tuple(v.type.shape)]  # type: ignore
            s = sharding_of(v.type)
            if not whole or (s is not None and s.partial_axes):
                raise op.error(f"reads '{v.type}' outside a per-device body; it must be replicated there (run "
                               "partition before unroll)")
            mapping[v] = self.shards[v][whole[0]]
        new = op.clone(mapping)
        for old_r, new_r in zip(op.results, new.results):
            self.mapping[old_r] = new_r
        self.b.insert(new)

    def unroll_return(self, op: Operation) -> tuple[list, list]:
        values, types, attrs = [], [], []
        for j, v in enumerate(op.operands):
            if self.distributed(v):
                for p, s in zip(self.pieces_of(v, op), self.shards[v]):
                    values.append(s)
                    types.append(s.type)
                    attrs.append(_piece_attrs(RESULT, j, p))
            else:
                values.append(self.local(v))
                types.append(v.type)
                attrs.append(_piece_attrs(RESULT, j, None))
        self.b.insert(Operation.create(values, (), location=op.location, name=self.return_name))
        return types, attrs

    def unroll_collective(self, op: Operation) -> None:
        src, dst = op.operands[0], op.results[0]
        if not self.distributed(src) or len(op.operands) != 1:
            raise op.error("expects the global-view form (a distributed operand) before unroll")
        pieces = self.pieces_of(dst, op)
        attrs = dict(op.attributes)
        attrs[UNROLLED_ATTR] = ArrayAttr((TypeAttr(src.type), TypeAttr(dst.type)))
        new = Operation.create(self.shards[src], [p.local_type(dst.type) for p in pieces], attrs,  # type: ignore
                               location=op.location, name=op.name)
        self.b.insert(new)
        self.shards[dst] = list(new.results)

    def unroll_empty(self, op: Operation) -> None:
        """A distributed ``tensor.empty`` (a for_one-form destination): an empty shard per owner."""
        r = op.results[0]
        values = []
        for p in self.pieces_of(r, op):
            block = Block()
            t = p.local_type(r.type)  # type: ignore[arg-type]
            e = block.append(tensor.EmptyOp.build(t, [], op.location))
            block.append(YieldOp.create([e.results[0]], (), location=op.location))
            values.append(self.b.insert(self.for_one(p.owner, [t], block, op)).results[0])
        self.shards[r] = values

    def unroll_call(self, op: CallOp) -> None:
        args = []
        for v in op.operands:
            args.extend(self.shards[v] if self.distributed(v) else [self.local(v)])
        types, owners = [], []
        for r in op.results:
            if self.distributed(r):
                ps = self.pieces_of(r, op)
                types.extend(p.local_type(r.type) for p in ps)  # type: ignore[arg-type]
                owners.append((r, len(ps)))
            else:
                types.append(r.type)
                owners.append((r, 0))
        new = self.b.insert(CallOp.create(args, types, {"callee": SymbolRefAttr(op.callee + SHARDED_SUFFIX)},
                                          location=op.location))
        k = 0
        for r, n in owners:
            if n:
                self.shards[r] = list(new.results[k:k + n])
                k += n
            else:
                self.mapping[r] = new.results[k]
                k += 1

    def for_one(self, device: int, types: list, block: Block, where: Operation) -> ForOneOp:
        coords = self.spec.device_coords(device)
        return ForOneOp.create([], types, {"mesh": SymbolRefAttr(self.mesh.sym_name),
                                           "device": DenseArrayAttr(I64, coords)},
                               regions=[Region([block])], location=where.location)  # type: ignore[return-value]

    # -- per-device bodies ----------------------------------------------------------------------------------------
    def unroll_forall(self, op: ForallOp) -> None:
        """``scf.forall`` over the mesh with one ``mesh.for_one`` of the ivs in its ``in_parallel``."""
        rank = self.mesh.rank
        term = op.terminator
        ones = [o for o in term.body.ops] if term is not None else []
        ok = (op.rank == rank and all(v == 0 for v in op.lower_bounds) and all(v == 1 for v in op.steps)
              and all(u == s or isinstance(getattr(u, "op", None), MeshShapeOp)
                      for u, s in zip(op.upper_bounds, self.mesh.shape))
              and len(ones) == 1 and isinstance(ones[0], ForOneOp)
              and list(ones[0].device) == list(op.induction_vars))
        if not ok:
            raise op.error("unroll expects 'scf.forall' over the whole mesh with one 'mesh.for_one' of its "
                           "induction variables in its 'scf.forall.in_parallel'")
        one = ones[0]
        inserts = [o for o in one.body.ops if isinstance(o, tensor.ParallelInsertSliceOp)]
        outs = list(op.region_out_args)
        yields: list[Optional[Value]] = [None] * len(outs)
        for ins in inserts:
            if ins.dest not in outs:
                raise ins.error("unroll expects inserts into the shared_outs of the enclosing scf.forall")
            yields[outs.index(ins.dest)] = ins.source
        if any(y is None for y in yields):
            raise op.error("every shared_out must get one tensor.parallel_insert_slice")
        aliases = dict(zip(outs, op.outputs))
        body_ops = [o for o in op.body.ops if o is not term] + [o for o in one.body.ops
                                                                if not isinstance(o, tensor.ParallelInsertSliceOp)]
        ivs = {v: i for i, v in enumerate(op.induction_vars)}
        self.unroll_spmd(op, body_ops, yields, aliases, ivs, inserts)  # type: ignore[arg-type]

    def unroll_spmd(self, op: Operation, body, yields: Sequence[Value], aliases: dict, ivs: dict,
                    inserts: Sequence[Operation] = ()) -> None:
        """One ``mesh.for_one`` per device owning a shard of ``op``'s results."""
        ops = list(body.ops) if isinstance(body, Block) else list(body)
        if ops and isinstance(ops[-1], YieldOp):
            ops = ops[:-1]
        per_result = [self.pieces_of(r, op) if self.distributed(r) else None for r in op.results]
        for r, ps in zip(op.results, per_result):
            if ps is None:
                raise op.error(f"result of type '{r.type}' is not a distributed tensor")
        slots: dict = {r: [None] * len(ps) for r, ps in zip(op.results, per_result)}  # type: ignore[arg-type]
        for d in self.spec.devices():
            owned = [(ri, pi) for ri, ps in enumerate(per_result) for pi, p in enumerate(ps)  # type: ignore
                     if p.owner == d]
            if not owned:
                continue
            inst = Instantiator(self, d, aliases, ivs)
            block = Block()
            inst.b = Builder.at_end(block)
            for inner in ops:
                inst.clone(inner)
            for ins in inserts:
                inst.check_insert(ins, op)
            values, types = [], []
            for ri, pi in owned:
                piece = per_result[ri][pi]  # type: ignore[index]
                want = piece.local_type(op.results[ri].type)  # type: ignore[arg-type]
                values.append(inst.cast_to(inst.value(yields[ri]), want, op))
                types.append(want)
            block.append(YieldOp.create(values, (), location=op.location))
            _erase_dead(block)
            one = self.b.insert(self.for_one(d, types, block, op))
            for (ri, pi), res in zip(owned, one.results):
                res.name_hint = op.results[ri].name_hint
                slots[op.results[ri]][pi] = res
        for r in op.results:
            self.shards[r] = slots[r]

    # -- reading a region of a distributed value --------------------------------------------------------------------
    def read(self, b: Builder, v: Value, region: Sequence[tuple[int, int]], device: int, where: Operation) -> Value:
        """The values of global ``region`` ((offset, size) per dim) of distributed ``v`` in ``device``'s body:
        its own shard when it covers the region, else parts of the owning devices' shards (own peer group
        first) assembled with ``tensor.insert_slice``. A partial value is read from devices with the same
        coordinates on its partial axes only."""
        pieces = self.pieces_of(v, where)
        shards = self.shards[v]
        s = sharding_of(v.type).to_spec()  # type: ignore[union-attr]
        coords = self.spec.device_coords(device)
        box = tuple((o, o + n) for o, n in region)
        own = piece_of_device(pieces, device)
        if _contains(pieces[own].region, box):
            return _slice(b, shards[own], pieces[own], box, v.type, where)  # type: ignore[arg-type]
        peers = set(self.spec.peer_group(device))
        candidates = [i for i, p in enumerate(pieces)
                      if all(self.spec.device_coords(p.owner)[a] == coords[a] for a in s.partial_axes)]
        best: dict[tuple, int] = {}
        for i in sorted(candidates, key=lambda i: (i != own, not (set(pieces[i].devices) & peers), i)):
            for d in pieces[i].devices:  # a piece stored once for devices whose halo'd regions agree holds every core
                core = core_region(v.type.shape, s, self.spec, d)  # type: ignore[attr-defined]
                best.setdefault(core, i)
        parts = []
        for core, i in best.items():
            inter = tuple((max(a0, b0), min(a1, b1)) for (a0, a1), (b0, b1) in zip(core, box))
            if all(lo < hi for lo, hi in inter) or (not inter and not box):
                parts.append((i, inter))
        covered = sum(int(np.prod([hi - lo for lo, hi in inter])) for _, inter in parts)
        if covered != int(np.prod([hi - lo for lo, hi in box])):
            raise where.error(f"internal: the shards of '{v.type}' do not cover {list(box)} for device {device}")
        if len(parts) == 1 and parts[0][1] == box:
            i = parts[0][0]
            return _slice(b, shards[i], pieces[i], box, v.type, where)  # type: ignore[arg-type]
        t = TensorType(tuple(hi - lo for lo, hi in box), v.type.element_type)  # type: ignore[attr-defined]
        acc = b.insert(tensor.EmptyOp.build(t, [], where.location)).results[0]
        for i, inter in parts:
            part = _slice(b, shards[i], pieces[i], inter, v.type, where)  # type: ignore[arg-type]
            offs = [lo - blo for (lo, _), (blo, _) in zip(inter, box)]
            acc = b.insert(tensor.InsertSliceOp.build(part, acc, offs, [hi - lo for lo, hi in inter],
                                                      loc=where.location)).results[0]
        return acc

    # -- the unsharded wrapper ------------------------------------------------------------------------------------
    def make_wrapper(self, sharded: FuncOp) -> None:
        """``@NAME`` with its original signature: shard the arguments, call ``@NAME_sharded``, unshard."""
        func = self.func
        old = func.body
        ftype = func.function_type
        plain = FunctionType(tuple(strip_sharding(t) for t in ftype.inputs), tuple(strip_sharding(t) for t in
                                                                                   ftype.results))
        block = Block(plain.inputs, [a.name_hint for a in old.args])
        b = Builder.at_end(block)
        args = []
        for a_old, a in zip(old.args, block.args):
            if not self.distributed(a_old):
                args.append(a)
                continue
            for p in self.pieces[a_old]:
                box = p.region
                ident = self.starts_from_identity(a_old.type, p)  # type: ignore[arg-type]
                if ident is not None:
                    empty = b.insert(tensor.EmptyOp.build(p.local_type(a_old.type), [], func.location))
                    c = b.insert(ConstantOp.create([], [ident.type], {"value": ident}, location=func.location))
                    fill = linalg.FillOp.build([c.results[0]], [empty.results[0]], loc=func.location)
                    args.append(b.insert(fill).results[0])
                    continue
                if p.local_type(a_old.type) == a.type:  # type: ignore[arg-type]
                    args.append(a)  # the whole tensor
                    continue
                args.append(b.insert(tensor.ExtractSliceOp.build(a, [lo for lo, _ in box], list(p.shape),
                                                                 None, p.local_type(a_old.type),
                                                                 func.location)).results[0])
        call = b.insert(CallOp.create(args, list(sharded.function_type.results),
                                      {"callee": SymbolRefAttr(sharded.sym_name)}, location=func.location))
        outs, k = [], 0
        for t in ftype.results:
            if isinstance(t, TensorType) and sharding_of(t) is not None:
                ps = self.pieces_of_type(t, func)
                outs.append(self.unshard(b, t, ps, list(call.results[k:k + len(ps)])))
                k += len(ps)
            else:
                outs.append(call.results[k])
                k += 1
        b.insert(Operation.create(outs, (), location=func.location, name=type(func).return_name))
        old_region = func.regions[0]
        for op in reversed(list(old.ops)):
            op.drop_operands()
        for op in reversed(list(old.ops)):
            for r in op.results:
                r.uses.clear()
            old.remove(op)
        old_region.blocks.clear()
        old_region.add_block(block)
        func.set_function_type(plain)

    def unshard(self, b: Builder, t: TensorType, pieces: list[Piece], values: list[Value]) -> Value:
        """The global tensor from its shards: the core of one shard per region (partial values combined
        with the reduction over the partial axes)."""
        s = sharding_of(t).to_spec()  # type: ignore[union-attr]
        loc = self.func.location
        plain = TensorType(t.shape, t.element_type, strip_sharding(t).encoding)  # type: ignore[attr-defined]
        groups: dict[tuple, dict[tuple, int]] = {}
        for i, p in enumerate(pieces):
            for d in p.devices:  # every holder's core (their halo'd regions agree, their cores may not)
                core = core_region(t.shape, s, self.spec, d)
                coords = self.spec.device_coords(d)
                groups.setdefault(core, {}).setdefault(tuple(coords[a] for a in s.partial_axes), i)
        if len(groups) == 1:
            (core, members), = groups.items()
            if pieces[next(iter(members.values()))].region == core and core == tuple((0, n) for n in t.shape):
                return self.combine(b, s, [values[i] for i in members.values()], plain)
        acc = b.insert(tensor.EmptyOp.build(plain, [], loc)).results[0]
        for core, members in groups.items():
            parts = []
            for i in members.values():
                parts.append(_slice(b, values[i], pieces[i], core, t, self.func))
            part = self.combine(b, s, parts, parts[0].type)
            acc = b.insert(tensor.InsertSliceOp.build(part, acc, [lo for lo, _ in core], [hi - lo for lo, hi in core],
                                                      loc=loc)).results[0]
        return acc

    def combine(self, b: Builder, s, parts: list[Value], t) -> Value:
        if len(parts) == 1:
            return parts[0]
        kind = s.partial_type.value
        is_float = isinstance(t.element_type, FloatType)
        name = combiner_op(kind, is_float)
        if name is None:
            raise self.func.error(f"cannot unshard a result partial with '{kind}'")
        acc = parts[0]
        for p in parts[1:]:
            acc = b.insert(Operation.create([acc, p], [acc.type], location=self.func.location, name=name)).results[0]
        return acc


def _erase_dead(block: Block) -> None:
    """Drop the pure ops of ``block`` nothing uses (the folded index arithmetic)."""
    for op in reversed(list(block.ops)):
        if is_trivially_dead(op):
            op.erase()


def _contains(outer: Sequence[tuple[int, int]], inner: Sequence[tuple[int, int]]) -> bool:
    return all(a0 <= b0 and b1 <= a1 for (a0, a1), (b0, b1) in zip(outer, inner))


def _slice(b: Builder, value: Value, piece: Piece, box: Sequence[tuple[int, int]], global_type: TensorType,
           where: Operation) -> Value:
    """``box`` (global (start, stop) per dim) out of the shard ``value`` that holds ``piece``."""
    if tuple(box) == piece.region:
        return value
    offsets = [lo - p0 for (lo, _), (p0, _) in zip(box, piece.region)]
    sizes = [hi - lo for lo, hi in box]
    rt = TensorType(tuple(sizes), global_type.element_type, value.type.encoding)  # type: ignore[attr-defined]
    return b.insert(tensor.ExtractSliceOp.build(value, offsets, sizes, None, rt, where.location)).results[0]


class Instantiator:
    """Clones a per-device body for one device: process queries and index arithmetic folded to
    constants, sizes made static, reads of distributed values resolved to shards."""

    def __init__(self, unroller: FunctionUnroller, device: int, aliases: dict, ivs: dict):
        self.u = unroller
        self.device = device
        self.coords = unroller.spec.device_coords(device)
        self.aliases = aliases  # shared_outs block args -> the distributed init values
        self.ivs = ivs  # scf.forall induction vars -> mesh axis
        # the device's own values over the function's: a view, not an O(function) copy per device and body
        self.mapping: ChainMap = ChainMap({}, unroller.mapping)
        self.consts: dict[Value, int] = {}
        self.b: Builder = Builder()

    # -- values ---------------------------------------------------------------------------------------------------
    def value(self, v: Value) -> Value:
        if v in self.ivs and v not in self.mapping:
            self.mapping[v] = self.const(self.coords[self.ivs[v]])
        return self.mapping.get(v, v)

    def const(self, n: int) -> Value:
        op = ConstantOp.create([], [INDEX], {"value": IntegerAttr(int(n), INDEX)})
        r = self.b.insert(op).results[0]
        self.consts[r] = int(n)
        return r

    def known(self, v: Value) -> Optional[int]:
        """The constant value of an index/integer value of the new body (None if unknown)."""
        nv = self.value(v)
        if nv in self.consts:
            return self.consts[nv]
        op = getattr(nv, "op", None)
        if isinstance(op, ConstantOp) and isinstance(op.attributes.get("value"), IntegerAttr):
            return op.attributes["value"].value  # type: ignore[attr-defined]
        return None

    def is_distributed_source(self, v: Value) -> Optional[Value]:
        v = self.aliases.get(v, v)
        return v if v in self.u.shards else None

    # -- cloning ----------------------------------------------------------------------------------------------------
    def clone(self, op: Operation) -> None:
        if self.fold(op):
            return
        if isinstance(op, tensor.ExtractSliceOp) and self.is_distributed_source(op.source) is not None:
            self.read_slice(op)
            return
        if isinstance(op, tensor.DimOp) and self.is_distributed_source(op.operands[0]) is not None:
            d = self.known(op.operands[1])
            src = self.is_distributed_source(op.operands[0])
            self.mapping[op.results[0]] = self.const(src.type.shape[d])  # type: ignore[union-attr, index]
            return
        mapping = self.mapping.new_child()  # this op's own reads over the device's values (no copy)
        for inner in op.walk():
            for v in inner.operands:
                if v in mapping:
                    continue
                if v in self.ivs:
                    mapping[v] = self.value(v)
                    continue
                src = self.is_distributed_source(v)
                if src is not None:  # any other use reads the whole tensor
                    whole = [(0, n) for n in src.type.shape]  # type: ignore[attr-defined]
                    mapping[v] = self.u.read(self.b, src, whole, self.device, op)
        new = self.refine(op.clone(mapping))
        for old_r, new_r in zip(op.results, new.results):
            self.mapping[old_r] = new_r
        self.b.insert(new)

    def fold(self, op: Operation) -> bool:
        """Process queries and integer arithmetic on known values become constants."""
        model = sharding_model(op)
        values = model.evaluate_on_device(op, self.coords, self.device, self.u.mesh.shape) if model else None
        if values is not None:  # the mesh queries (process index, mesh shape): constants on this device
            for r, v in zip(op.results, values):
                self.mapping[r] = self.const(v)
            return True
        if len(op.results) != 1 or not isinstance(op.results[0].type, (IndexType, IntegerType)):
            return False
        if isinstance(op, tensor.ExtractOp):
            return self.fold_lookup(op)
        if isinstance(op, ConstantOp):
            return False
        known = [self.known(v) for v in op.operands]
        if not known or any(k is None for k in known):
            return False
        result = _evaluate(op, known)  # type: ignore[arg-type]
        if result is None:
            return False
        if op.results[0].type == INDEX:
            self.mapping[op.results[0]] = self.const(result)
        else:
            t = op.results[0].type
            c = ConstantOp.create([], [t], {"value": IntegerAttr(int(result), t)})
            self.mapping[op.results[0]] = self.b.insert(c).results[0]
            self.consts[c.results[0]] = int(result)
        return True

    def fold_lookup(self, op: Operation) -> bool:
        table = getattr(self.value(op.operands[0]), "op", None)
        idx = [self.known(v) for v in op.operands[1:]]
        if not isinstance(table, ConstantOp) or any(i is None for i in idx):
            return False
        attr = table.attributes.get("value")
        if not isinstance(attr, DenseElementsAttr):
            return False
        self.mapping[op.results[0]] = self.const(int(attr.array[tuple(idx)]))
        return True

    def read_slice(self, op: tensor.ExtractSliceOp) -> None:
        src = self.is_distributed_source(op.source)
        offsets = [self.known(e) if isinstance(e, Value) else e for e in op.mixed_offsets]
        sizes = [self.known(e) if isinstance(e, Value) else e for e in op.mixed_sizes]
        strides = [self.known(e) if isinstance(e, Value) else e for e in op.mixed_strides]
        if any(x is None for x in offsets + sizes) or any(s != 1 for s in strides):
            raise op.error(f"slices a distributed tensor with offsets, sizes or strides that are not known on "
                           f"device {self.device} (unit strides and foldable index arithmetic are required)")
        if op.result.type.rank != len(sizes):  # type: ignore[attr-defined]
            raise op.error("unroll does not handle rank-reducing slices of distributed tensors")
        region = list(zip(offsets, sizes))
        self.mapping[op.result] = self.u.read(self.b, src, region, self.device, op)  # type: ignore[arg-type]

    def check_insert(self, ins: Operation, forall: Operation) -> None:
        """A ``tensor.parallel_insert_slice`` must write this device's own shard of the result."""
        offsets = [self.known(e) if isinstance(e, Value) else e for e in ins.mixed_offsets]  # type: ignore
        sizes = [self.known(e) if isinstance(e, Value) else e for e in ins.mixed_sizes]  # type: ignore
        outs = list(forall.region_out_args)  # type: ignore[attr-defined]
        r = forall.results[outs.index(ins.operands[1])]
        pieces = self.u.pieces_of(r, forall)
        p = pieces[piece_of_device(pieces, self.device)]
        if any(x is None for x in offsets + sizes) or tuple(offsets) != p.offsets or tuple(sizes) != p.shape:
            raise ins.error(f"device {self.device} inserts [{offsets}] [{sizes}] but its shard of the result is "
                            f"at {list(p.offsets)} of size {list(p.shape)}")

    # -- static sizes ---------------------------------------------------------------------------------------------
    def refine(self, op: Operation) -> Operation:
        """Make dynamic sizes that are now known static, and result types follow: the op's
        ShardingInterface model's static type inference
        (:meth:`~meshc.interfaces.sharding.ShardingModel.refine`); an op without a model keeps its types."""
        model = sharding_model(op)
        return model.refine(op, self.known) if model is not None else op

    def cast_to(self, v: Value, want: TensorType, where: Operation) -> Value:
        if v.type == want:
            return v
        have = v.type
        if not isinstance(have, TensorType) or have.rank != want.rank or any(
                a is not None and a != b for a, b in zip(have.shape, want.shape)):
            raise where.error(f"device {self.device} yields '{have}' but its shard has type '{want}'")
        return self.b.insert(tensor.CastOp.create([v], [want], location=where.location)).results[0]


def _evaluate(op: Operation, args: list[int]) -> Optional[int]:
    """Integer ``arith`` ops on known values: the op models' one scalar folder
    (:func:`meshc.interfaces.sharding_models.fold_scalar_integer`: canonicalize's folder, with its
    rule for undefined cases)."""
    from meshc.interfaces.sharding_models import fold_scalar_integer

    return fold_scalar_integer(op, args)

