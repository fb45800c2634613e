"""The SPMD schedule template: one program for every device, instantiated per device (docs/pipeline.md stage 6s).

The unrolled path (docs/pipeline.md stages 6-7) copies the program once per device before the
backend sees it, so compile time and memory grow with the device count. The SPMD path stops the
compiler at stage 5 (``mesh.for_all`` bodies saying what ONE device does, collectives in global
view) and builds a :class:`SpmdTemplate` from it: the function, its mesh and, per
``mesh.for_all``, what of a device's coordinates its body depends on. Nothing here is per device;
the runtime's instantiation (:mod:`meshc.runtime.instantiate`) turns the template into the
per-device steps of today's :class:`~meshc.backend.schedule.Schedule`.

Shape classes
-------------
A body differs between devices only through the values it computes from the device's
coordinates (``mesh.process_multi_index``, ``mesh.mesh_shape`` and the index arithmetic on them).
Most of them only place the device's slices of distributed operands (``tensor.extract_slice``
offsets): the instantiation reads those from the device's stored shard, so they do not change the
body. :meth:`SpmdTemplate.signature` evaluates the rest -- the *relevant* integers (sizes of
local tensors, conditions of ``arith.select``, values a kernel computes with) -- and the shapes
of the device's shards; devices with the same signature run the same per-device body, which
:meth:`SpmdTemplate.class_body` builds ONCE per signature, exactly as ``unroll`` instantiates a
body for one device (:class:`meshc.passes.unroll.Instantiator`: the mesh queries and index
arithmetic folded, sizes made static), followed by the default pipeline's ``canonicalize`` and
``cse``. A balanced split has at most two shard sizes per split tensor dim, so the number of
classes is bounded independently of the device count (``sharded_dims_offsets`` tables give one
class per distinct shard shape).

What the template accepts (everything else raises :class:`SpmdUnsupported`, and the caller falls
back to the unrolled path with a remark): a single-block entry whose top level holds
``mesh.for_all`` ops, global-view collectives (every kind the runtime has), ``mesh.update_halo``,
ops on values without sharding (constants) and the return. The ``scf.forall`` + ``mesh.for_one``
form, calls of sharded functions, distributed ``tensor.empty`` at the top level and top-level
readers of distributed tensors are not instantiated yet. At instantiation, a body reading a
distributed tensor outside the device's own stored shard (a slice straddling shards) falls back
the same way.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional, Sequence

from meshc.ir.core import Block, Operation, OpResult, Value
from meshc.ir.location import DiagnosticError, Location, UNKNOWN_LOC

__all__ = ["MAX_SPMD_DEVICES", "SpmdUnsupported", "SpmdTemplate", "ClassBody", "BodyInfo", "build_template",
           "SPMD_PIPELINE", "spmd_pipeline"]

MAX_SPMD_DEVICES = 65536
"""Devices of one mesh the SPMD path (compile, ``meshc run``, ``meshc estimate``) accepts: the template
does not grow with the device count, the instantiation is linear in it (docs/runtime.md "Devices")."""

def spmd_pipeline(pipeline: str) -> str:
    """``pipeline`` (a comma-separated default pipeline, :func:`meshc.api.default_pipeline`) up to stage
    5 with its clean-up: the same passes without ``unroll``, what the SPMD path compiles with."""
    return ",".join(p for p in pipeline.split(",") if p.strip() != "unroll")


def _default_spmd_pipeline() -> tuple[str, ...]:
    from meshc.passes.registry import DEFAULT_PIPELINE

    return tuple(spmd_pipeline(",".join(DEFAULT_PIPELINE)).split(","))


SPMD_PIPELINE = _default_spmd_pipeline()
"""The default pipeline up to stage 5, with its clean-up (:func:`spmd_pipeline` of the default
pipeline): what the SPMD path compiles with by default."""

_CLEANUP = "canonicalize,cse"


class SpmdUnsupported(DiagnosticError):
    """A construct the SPMD template cannot instantiate yet (located at the op); the caller compiles
    the unrolled way instead and says so in a remark."""


@dataclass
class BodyInfo:
    """One ``mesh.for_all`` of the entry: ``ops`` (its body without the yield), ``yields`` (the
    yielded values, one per result), ``sources`` (the distributed values defined outside that the
    body reads, in first-use order), ``outside`` (the other values defined outside it reads),
    ``relevant`` (integer values whose device value may change the per-device body: module
    docstring), ``relevant_users`` (per relevant value, its users in the body: the op itself when
    it is integer arithmetic that folds away once its operands are known, else None; a value
    counts only where some user does not fold) and ``index`` (its position among the entry's
    for_all ops)."""

    op: Operation
    index: int
    ops: list
    yields: list
    sources: list
    outside: list
    relevant: list
    relevant_users: list


@dataclass
class ClassBody:
    """The per-device body of one shape class: ``func`` (a function of the instance module whose
    arguments are ``args``, each ``("piece", v)`` = the device's stored shard of distributed ``v``
    or ``("value", v)`` = function-level value ``v``, and whose results are the device's shards of
    the for_all results listed in ``owned``), built once per signature."""

    func: Operation
    args: list
    owned: list


def _distributed(v: Value) -> bool:
    from meshc.dialects.mesh import sharding_of
    from meshc.ir.types import TensorType

    return isinstance(v.type, TensorType) and sharding_of(v.type) is not None


def _replicated_constant(v: Value) -> bool:
    """``v`` is an ``arith.constant`` whose type is sharded but replicated (no split axis, not partial):
    what canonicalize hoists out of ``mesh.for_all`` bodies."""
    from meshc.dialects.arith import ConstantOp
    from meshc.dialects.mesh import sharding_of

    op = v.owner if isinstance(v, OpResult) else None
    if not isinstance(op, ConstantOp) or not _distributed(v):
        return False
    return _whole(v)


def _whole(v: Value) -> bool:
    """Every device holds all of distributed ``v`` (no split axis, not partial, no halo)."""
    from meshc.dialects.mesh import sharding_of

    spec = sharding_of(v.type).to_spec()  # type: ignore[union-attr]
    return not spec.split_mesh_axes and not spec.partial_axes and not spec.halo_sizes


def _unsharded_constant(op: Operation) -> Operation:
    """A copy of ``arith.constant`` ``op`` with the sharding stripped from its type and value."""
    from meshc.dialects.mesh import strip_sharding
    from meshc.ir.attributes import DenseElementsAttr

    new = op.clone()
    t = strip_sharding(op.results[0].type)
    new.results[0].type = t
    value = op.attributes.get("value")
    if isinstance(value, DenseElementsAttr) and value.type != t:
        new.attributes["value"] = DenseElementsAttr(t, value.array)  # type: ignore[arg-type]
    return new


def _integer(v: Value) -> bool:
    from meshc.ir.types import IndexType, IntegerType

    return isinstance(v.type, (IndexType, IntegerType))


def _is_distributed_slice(op: Operation, inside: set) -> bool:
    from meshc.dialects.tensor import ExtractSliceOp

    return isinstance(op, ExtractSliceOp) and op.source not in inside and _distributed(op.source)


def _transparent(op: Operation) -> bool:
    """Integer ops the instantiation may fold (unroll's ``Instantiator.fold``): their operands matter
    only through their results."""
    return (not op.regions and len(op.results) == 1 and _integer(op.results[0])
            and all(_integer(v) or v.type.__class__.__name__ == "TensorType" for v in op.operands))


class _Reader:
    """What :class:`meshc.passes.unroll.Instantiator` reads of its unroller, for one shape class:
    ``shards`` (the distributed sources: membership), ``mapping`` (outside values -> the class
    function's values), ``read`` (a region of the device's own shard)."""

    def __init__(self, spec, mesh_op, mapping: dict, own: dict, straddling: list, block: Block, args: list,
                 arg_types: list):
        self.spec = spec
        self.mesh = mesh_op
        self.mapping = mapping
        self.own = own  # distributed source -> (class function argument, Piece)
        self.shards = own
        self.straddling = straddling
        self.block, self.args, self.arg_types = block, args, arg_types
        self.reads = 0

    def read(self, b, v: Value, region, device: int, where: Operation) -> Value:
        """``region`` of ``v`` in the body: a slice of the device's own shard, or (a slice straddling
        shards) the parts of other devices' shards assembled as ``unroll`` does it."""
        import meshc.dialects.tensor as tensor
        from meshc.ir.types import TensorType
        from meshc.passes.unroll import _contains, _slice

        arg, piece = self.own[v]
        box = tuple((o, o + n) for o, n in region)
        if _contains(piece.region, box):
            return _slice(b, arg, piece, box, v.type, where)
        r = self.reads
        if r >= len(self.straddling) or self.straddling[r][0] is not v or self.straddling[r][1] != box:
            raise SpmdUnsupported(f"device {device} reads {list(box)} of '{v.type}', outside its stored shard "
                                  f"{list(piece.region)}, where the template does not expect it", where.location)
        self.reads += 1
        values = []
        for j, (q, _, inter) in enumerate(self.straddling[r][2]):
            t = q.local_type(v.type)
            values.append((self.block.add_arg(t, v.name_hint), q, inter))
            self.args.append(("part", r, j))
            self.arg_types.append(t)
        if len(values) == 1 and values[0][2] == box:
            return _slice(b, values[0][0], values[0][1], box, v.type, where)
        t = TensorType(tuple(hi - lo for lo, hi in box), v.type.element_type)  # type: ignore[attr-defined]
        acc = b.insert(tensor.EmptyOp.build(t, [], where.location)).results[0]
        for a, q, inter in values:
            part = _slice(b, a, q, inter, v.type, where)
            offs = [lo - blo for (lo, _), (blo, _) in zip(inter, box)]
            acc = b.insert(tensor.InsertSliceOp.build(part, acc, offs, [hi - lo for lo, hi in inter],
                                                      loc=where.location)).results[0]
        return acc

    def pieces_of(self, v: Value, where: Operation):
        raise SpmdUnsupported("the scf.forall + mesh.for_one form is not instantiated yet", where.location)


@dataclass
class SpmdTemplate:
    """The device-count-independent program (module docstring): the stage-5 ``module``, its entry
    ``func`` (named ``entry``), the ``mesh_op`` it runs on and one :class:`BodyInfo` per
    ``mesh.for_all``. :meth:`layout` gives the storage of distributed values per device count;
    :meth:`class_body` the per-device bodies (cached per signature, in ``instance``, a module
    that holds every class function and every kernel op of the instantiated schedules: the stage-5
    module itself, so that kernels find its globals)."""

    module: Operation
    func: Operation
    entry: str
    mesh_op: Operation
    bodies: dict = field(default_factory=dict)
    instance: Optional[Operation] = None
    classes: dict = field(default_factory=dict)
    constants: dict = field(default_factory=dict)
    folded: dict = field(default_factory=dict)

    @property
    def mesh(self):
        """The :class:`meshc.sharding.spec.Mesh` (static)."""
        return self.mesh_op.as_mesh()  # type: ignore[attr-defined]

    # -- per device ---------------------------------------------------------------------------------------
    def signature(self, body: BodyInfo, device: int, coords: Sequence[int], own_piece, parts=None,
                  straddling: Optional[list] = None) -> tuple:
        """What device ``device`` (``coords``) needs of ``body``: the relevant integers it computes, the
        regions it reads relative to its stored shards (``own_piece(v)``: the Piece of distributed
        ``v`` the device holds) and the shapes of those shards. Equal signatures give equal bodies.
        A slice straddling shards is read from the pieces ``parts(v, box)`` gives (``[(Piece,
        intersection box)...]``, unroll's order: own piece, its peers', the others'); the device's
        ``(v, piece indices)`` of each such read are appended to ``straddling``, in body order.

        Raises:
            SpmdUnsupported: a slice whose offsets or sizes are not known on the device, or that
                straddles shards without ``parts``.
        """
        from meshc.dialects.arith import ConstantOp
        from meshc.dialects.tensor import DimOp, ExtractOp, ExtractSliceOp
        from meshc.interfaces.sharding import sharding_model
        from meshc.ir.attributes import DenseElementsAttr, IntegerAttr
        from meshc.passes.unroll import _contains, _evaluate

        known: dict[Value, int] = {}
        mesh_shape = self.mesh_op.shape  # type: ignore[attr-defined]

        def value(v: Value) -> Optional[int]:
            if v in known:
                return known[v]
            op = v.owner if isinstance(v, OpResult) else None
            if isinstance(op, ConstantOp) and isinstance(op.attributes.get("value"), IntegerAttr):
                return op.attributes["value"].value  # type: ignore[attr-defined]
            return None

        reads = []
        for op in body.ops:
            model = sharding_model(op)
            values = model.evaluate_on_device(op, tuple(coords), device, mesh_shape) if model else None
            if values is not None:
                known.update(zip(op.results, values))
                continue
            if isinstance(op, ExtractSliceOp) and op.source in body.sources:
                offs = [value(e) if isinstance(e, Value) else e for e in op.mixed_offsets]
                sizes = [value(e) if isinstance(e, Value) else e for e in op.mixed_sizes]
                strides = [value(e) if isinstance(e, Value) else e for e in op.mixed_strides]
                if any(x is None for x in offs + sizes) or any(s != 1 for s in strides):
                    raise SpmdUnsupported(f"slices a distributed tensor with offsets or sizes not known on "
                                          f"device {device}", op.location)
                piece = own_piece(op.source)
                box = tuple((o, o + n) for o, n in zip(offs, sizes))
                if _contains(piece.region, box):
                    reads.append((tuple(o - p for o, (p, _) in zip(offs, piece.region)), tuple(sizes), piece.shape))
                    continue
                if parts is None or straddling is None:
                    raise SpmdUnsupported(f"device {device} reads {list(box)} of '{op.source.type}', outside "
                                          f"its stored shard {list(piece.region)} (a slice straddling shards)",
                                          op.location)
                found = parts(op.source, box)
                straddling.append((op.source, box, found))
                reads.append(("parts", tuple(sizes), tuple(
                    (tuple(lo - p0 for (lo, _), (p0, _) in zip(inter, q.region)), tuple(hi - lo for lo, hi in inter),
                     tuple(lo - b0 for (lo, _), (b0, _) in zip(inter, box)), q.shape) for q, _, inter in found)))
                continue
            if isinstance(op, DimOp) and op.operands[0] in body.sources:
                d = value(op.operands[1])
                if d is not None:
                    known[op.results[0]] = int(op.operands[0].type.shape[d])  # type: ignore[attr-defined]
                continue
            if len(op.results) != 1 or not _integer(op.results[0]) or isinstance(op, ConstantOp):
                continue
            if isinstance(op, ExtractOp):
                table = op.operands[0].owner if isinstance(op.operands[0], OpResult) else None
                idx = [value(v) for v in op.operands[1:]]
                attr = table.attributes.get("value") if isinstance(table, ConstantOp) else None
                if isinstance(attr, DenseElementsAttr) and all(i is not None for i in idx):
                    known[op.results[0]] = int(attr.array[tuple(idx)])
                continue
            args = [value(v) for v in op.operands]
            if args and all(a is not None for a in args):
                memo = (op, tuple(args))  # devices share most values: fold each once
                r = self.folded.get(memo, self) if memo in self.folded else self.folded.setdefault(
                    memo, _evaluate(op, args))  # type: ignore[arg-type]
                if r is not None:
                    known[op.results[0]] = r
        shapes = tuple(own_piece(v).shape for v in body.sources)
        kept = tuple(value(v) for v, users in zip(body.relevant, body.relevant_users)
                     if any(folds is None or not all(r in known for r in folds.results) for folds in users))
        return (kept, tuple(reads), shapes)

    def class_body(self, body: BodyInfo, device: int, signature: tuple, own_piece, owned: list,
                   straddling: Sequence = ()) -> ClassBody:
        """The per-device body of ``body`` for the shape class of ``signature`` (built for
        ``device``, its first device; cached). ``owned``: ``(result index, Piece)`` of the results
        whose shard the device owns; ``straddling``: what :meth:`signature` listed for the device.
        A part of a straddling read is an argument ``("part", r, j)``: part ``j`` of read ``r``.

        Raises:
            SpmdUnsupported: the body needs what the template does not instantiate.
            DiagnosticError: the clean-up passes fail.
        """
        key = (body.index, signature, tuple((ri, piece.shape) for ri, piece in owned))
        found = self.classes.get(key)
        if found is not None:
            return found
        from meshc.dialects.arith import ConstantOp
        from meshc.dialects.builtin import ModuleOp
        from meshc.dialects.func import FuncOp, ReturnOp
        from meshc.ir.builder import Builder
        from meshc.ir.types import FunctionType
        from meshc.passes.unroll import Instantiator

        if self.instance is None:  # the stage-5 module itself: kernels find its globals and symbols
            self.instance = self.module
        spec = self.mesh
        arg_types, arg_names, args = [], [], []
        for v in body.sources:
            piece = own_piece(v)
            arg_types.append(piece.local_type(v.type))
            arg_names.append(v.name_hint)
            args.append(("piece", v))
        consts = []
        for v in body.outside:
            op = v.owner if isinstance(v, OpResult) else None
            if isinstance(op, ConstantOp):
                consts.append(v)
                continue
            arg_types.append(v.type)  # an argument or a function-level op: each device runs it where used
            arg_names.append(v.name_hint)
            args.append(("value", v))
        name = f"{self.entry}_spmd{len(self.classes)}"
        func = FuncOp.build(name, FunctionType(tuple(arg_types), ()), "private", arg_names, body.op.location)
        block: Block = func.body  # type: ignore[attr-defined]
        b = Builder.at_end(block)
        mapping: dict = {}
        own: dict = {}
        for (kind, v), a in zip(args, block.args):
            if kind == "piece":
                own[v] = (a, own_piece(v))
            else:
                mapping[v] = a
        for v in consts:  # a replicated constant hoisted out of the bodies: the body's own, unsharded
            mapping[v] = b.insert(_unsharded_constant(v.owner)).results[0]  # type: ignore[arg-type]
        reader = _Reader(spec, self.mesh_op, mapping, own, list(straddling), block, args, arg_types)
        inst = Instantiator(reader, device, {}, {})  # type: ignore[arg-type]
        inst.b = b
        for op in body.ops:
            inst.clone(op)
        values, types = [], []
        for ri, piece in owned:
            want = piece.local_type(body.op.results[ri].type)
            values.append(inst.cast_to(inst.value(body.yields[ri]), want, body.op))
            types.append(want)
        block.append(ReturnOp.create(values, (), location=body.op.location))
        func.set_function_type(FunctionType(tuple(arg_types), tuple(types)))  # type: ignore[attr-defined]
        scratch = ModuleOp.build_empty(self.module.location)
        scratch.body.append(func)
        self._clean(scratch)
        scratch.body.remove(func)
        self.instance.body.append(func)
        found = ClassBody(func, args, [ri for ri, _ in owned])
        self.classes[key] = found
        return found

    @staticmethod
    def _clean(module: Operation) -> None:
        from meshc.passes.base import PassContext
        from meshc.passes.manager import PassManager

        PassManager.from_text(_CLEANUP, PassContext(), verify_each=False).run(module, verify_input=False)

    def constant(self, op: Operation) -> Operation:
        """One ``arith.constant`` of the instance module per value and type (the unrolled path's
        ``cse`` merges them): what every device runs for ``op``."""
        key = (str(op.results[0].type), str(op.attributes.get("value")), op.name)
        found = self.constants.get(key)
        if found is None:
            if self.instance is None:
                self.instance = self.module
            holder = self.constants.get("holder")
            if holder is None:
                from meshc.dialects.func import FuncOp
                from meshc.ir.types import FunctionType

                from meshc.dialects.func import ReturnOp

                holder = FuncOp.build(f"{self.entry}_spmd_constants", FunctionType((), ()), "private")
                holder.body.append(ReturnOp.create([], (), location=op.location))  # type: ignore[attr-defined]
                self.instance.body.append(holder)  # a valid function: the schedule's JSON module parses back
                self.constants["holder"] = holder
            found = op.clone()
            block = holder.body  # type: ignore[attr-defined]
            block.insert_before(block.ops[-1], found)
            self.constants[key] = found
        return found


def _analyse(op: Operation, index: int) -> BodyInfo:
    """The :class:`BodyInfo` of one ``mesh.for_all``."""
    from meshc.dialects.mesh import YieldOp

    ops = list(op.body.ops)  # type: ignore[attr-defined]
    term = ops[-1] if ops and isinstance(ops[-1], YieldOp) else None
    if term is None:
        raise SpmdUnsupported("'mesh.for_all' body does not end with 'mesh.yield'", op.location)
    ops = ops[:-1]
    from meshc.backend.schedule import values_defined_inside

    inside = values_defined_inside(op)
    sources: list = []
    outside: list = []
    for inner in op.walk():
        if inner is op:
            continue
        for v in inner.operands:
            if v in inside:
                continue
            target = sources if _distributed(v) and not _replicated_constant(v) else outside
            if v not in target:
                target.append(v)
    relevant: set = set()
    for v in term.operands:
        relevant.add(v)
    for inner in reversed(ops):
        if _is_distributed_slice(inner, inside):
            continue
        if _transparent(inner) and not any(r in relevant for r in inner.results):
            continue
        for sub in inner.walk():
            relevant.update(v for v in sub.operands)
    ordered = [v for inner in ops for v in inner.results if v in relevant and _integer(v)]
    ordered += [v for v in outside if v in relevant and _integer(v)]
    in_body = set(ops)
    users = []
    for v in ordered:  # per relevant value, its users in the body: the op when it may fold, else None
        found = []
        for u in v.users:
            top = u
            while top is not None and top not in in_body:
                top = top.parent_op
            if top is None:
                continue
            if top is u and _is_distributed_slice(u, inside) and u.source in sources:  # type: ignore[attr-defined]
                continue  # offsets and sizes of a slice of a stored shard: the signature's reads hold them
            found.append(top if top is u and _transparent(u) else None)
        users.append(found)
    return BodyInfo(op, index, ops, list(term.operands), sources, outside, ordered, users)


def build_template(module: Operation, entry: Optional[str] = None) -> Optional[SpmdTemplate]:
    """The :class:`SpmdTemplate` of ``module``'s entry (``entry``, else the only public function)
    after the stage-5 pipeline (:data:`SPMD_PIPELINE`); None when the entry uses no mesh (it runs
    as is on one device, :func:`meshc.backend.emit.emit_program`) or its mesh is still dynamic (the
    backend's error says to give ``--mesh-shape``).

    Raises:
        SpmdUnsupported: a construct the template does not instantiate yet (module docstring).
        DiagnosticError: no such entry.
    """
    from meshc.dialects.func import ReturnOp
    from meshc.dialects.mesh import CollectiveOp, ForAllOp, ShardOp, UpdateHaloOp
    from meshc.interfaces.annotations import function_mesh
    from meshc.ir.functions import entry_function
    from meshc.passes.reshard import lookup_mesh_op

    func = entry_function(module, entry)
    name = function_mesh(func)
    if name is None:
        return None
    mesh_op = lookup_mesh_op(func, name)
    if not mesh_op.is_static:  # type: ignore[attr-defined]
        return None
    if len(func.regions[0].blocks) != 1:
        raise SpmdUnsupported("the SPMD template handles single-block functions", func.location)
    from meshc.ir.types import TensorType

    dynamic = [t for t in (*func.function_type.inputs, *func.function_type.results)  # type: ignore[attr-defined]
               if isinstance(t, TensorType) and not t.has_static_shape]
    if dynamic:  # unroll's error says what to do (inputs or --arg-shape specialise them first)
        raise SpmdUnsupported(f"@{func.sym_name} has dynamic tensor shapes ('{dynamic[0]}')", func.location)
    template = SpmdTemplate(module, func, func.sym_name, mesh_op)  # type: ignore[attr-defined]
    ops = list(func.body.ops)  # type: ignore[attr-defined]
    if not ops or not isinstance(ops[-1], ReturnOp):
        raise SpmdUnsupported(f"@{func.sym_name} does not end with 'func.return'", func.location)  # type: ignore
    for op in ops[:-1]:
        if isinstance(op, ForAllOp):
            template.bodies[op] = _analyse(op, len(template.bodies))
        elif isinstance(op, (CollectiveOp, UpdateHaloOp)):
            if not _distributed(op.operands[0]) or len(op.operands) != 1:
                raise SpmdUnsupported(f"'{op.name}' is not in the global view", op.location)
        elif isinstance(op, ShardOp):
            raise op.error("is a resharding point; run partition first")
        elif all(_replicated_constant(r) for r in op.results) and op.results and all(
                u.parent_op is not func for r in op.results for u in r.users):
            pass  # a replicated constant the bodies read (canonicalize hoisted it): cloned into each body
        elif any(_distributed(v) for v in op.results) or op.regions or not op.results:
            raise SpmdUnsupported(f"'{op.name}' at the function level is not instantiated yet", op.location)
        elif not all(_whole(v) for v in op.operands if _distributed(v)):
            # unroll's rule for what partition leaves there (tensor.extract, tensor.dim): replicated operands
            raise SpmdUnsupported(f"'{op.name}' reads a split or partial tensor at the function level",
                                  op.location)
    return template


def loc_or_unknown(loc: Optional[Location]) -> Location:
    """``loc``, or the unknown location for None."""
    return loc if loc is not None else UNKNOWN_LOC


def pieces_index(pieces: Sequence[Any], devices: int) -> list[int]:
    """``index[d]`` = the position in ``pieces`` (:func:`meshc.dialects.mesh.storage_pieces`) of the
    piece device ``d`` holds, for the ``devices`` devices of the mesh (one pass, not one search per
    device)."""
    index = [-1] * devices
    for i, p in enumerate(pieces):
        for d in p.devices:
            index[d] = i
    return index
