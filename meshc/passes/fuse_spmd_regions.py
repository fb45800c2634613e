"""``fuse-spmd-regions``: one per-device region per stretch between communication points
(docs/pipeline.md, stage 5).

``partition`` makes one SPMD region per op: a ``mesh.for_all`` that slices this device's part of
each operand, runs the op and yields the device's shard, which the next region slices again. Seed
000: "If we can reliably fuse mesh.for_one operations to avoid copying, operand resharding can be
handled as a separate concern" -- its examples put the slices and the matmul in one region. This
pass fuses each run of adjacent regions over the same mesh into one, so that every device runs one
region between two communication points; DESIGN.md's executable path ("partition, fuse adjacent
for_all regions, then emit one schedule").

A run is extended over the regions that follow in the same block while no op between them uses a
value of the run, and no mesh op (a collective, ``mesh.update_halo``, a resharding point) stands
between them; any other op between them (a constant, a ``tensor.dim`` of an argument) keeps its
place, before the fused region, which takes the place of the run's last region. A region joins the
run only if every use it makes of a value the run produces is a ``tensor.extract_slice`` of exactly
this device's shard of it (offsets and sizes equal, as expressions of the device's coordinates, to
the shard the producing region yields by the tensor's sharding -- DESIGN.md's balanced rule or
``sharded_dims_offsets``; unit strides; the yielded value's type): that slice becomes the yielded
value itself, so values flowing between fused bodies stay local (no yield and re-slice round trip).
A region reading another device's part (a fused ``{peer_read}`` point), a halo, or a dynamic
global size starts a new run instead.

Two forms, as ``partition`` makes them:

* ``form=for_all``: ``mesh.for_all`` regions become one ``mesh.for_all`` yielding the values used
  after the run;
* ``form=for_one``: ``scf.forall`` over the mesh whose ``in_parallel`` holds one ``mesh.for_one``
  become one ``scf.forall`` with the same bounds: the shared outputs of the values used after the
  run, one ``mesh.for_one`` with the bodies in order, and their ``tensor.parallel_insert_slice``
  ops at its end; a body's read of its own output (``partition``'s init) becomes the producer's
  local value when the init is the run's.

Inside the fused body, equal pure index arithmetic of the bodies (the coordinates, shard offsets)
is merged, as ``cse`` would. Values, collectives and traffic are those of the unfused program;
only the number of regions changes. No options; leave the pass out of ``-p`` (or give ``meshc
compile``/``run``/``estimate`` ``--no-fuse-regions``) for one region per op.
"""

from __future__ import annotations

from typing import Hashable, Optional

from meshc.dialects.mesh import ForAllOp, ForOneOp, MeshOp, YieldOp, sharding_of
from meshc.dialects.scf import ForallOp
from meshc.dialects.mesh_checks import enclosing_module
from meshc.dialects.tensor import EmptyOp, ExtractSliceOp
from meshc.interfaces.spmd import DeviceView, IndexExpressions, IndexMath, Mixed, local_type
from meshc.ir.attributes import DenseArrayAttr, IntegerAttr
from meshc.ir.builder import Builder
from meshc.ir.core import Block, Operation, Region, Value, is_ancestor
from meshc.ir.types import INDEX, TensorType
from meshc.passes.base import Pass
from meshc.passes.cse import _key as cse_key
from meshc.passes.reshard import is_mesh_op


class FuseSpmdRegions(Pass):
    """See the module docstring."""

    name = "fuse-spmd-regions"
    display_name = "FuseSpmdRegions"
    summary = ("Fuse adjacent per-device regions over one mesh (mesh.for_all, or scf.forall + mesh.for_one) "
               "with no communication between them into one region")
    op_names = ("builtin.module",)

    def run(self, op: Operation) -> None:
        self.fused = 0
        blocks = [b for inner in op.walk() if not isinstance(inner, (ForAllOp, ForOneOp, ForallOp))
                  for r in inner.regions for b in r.blocks]
        for block in blocks:
            if any(_form(o) is not None for o in block.ops):
                _BlockFuser(block, self).run()
        if not self.fused:
            self.mark_all_preserved()


# ---------------------------------------------------------------------------------------------------------------
# Which ops are regions, and their parts
# ---------------------------------------------------------------------------------------------------------------

def _form(op: Operation) -> Optional[str]:
    """``"for_all"`` for a ``mesh.for_all``, ``"for_one"`` for an ``scf.forall`` whose ``in_parallel``
    holds exactly one ``mesh.for_one`` of the loop's induction variables and nothing else, else None."""
    if isinstance(op, ForAllOp):
        return "for_all" if op.regions and len(op.regions[0].blocks) == 1 else None
    if not isinstance(op, ForallOp) or len(op.regions) != 1 or len(op.regions[0].blocks) != 1:
        return None
    block = op.regions[0].blocks[0]
    if len(block.ops) != 1 or not block.ops[0].regions or not block.ops[0].regions[0].blocks:
        return None
    inner = block.ops[0].regions[0].blocks[0].ops
    if len(inner) != 1 or not isinstance(inner[0], ForOneOp) or inner[0].results:
        return None
    rank = len(block.args) - len(op.results)
    if rank <= 0 or [v for v in inner[0].device] != list(block.args[:rank]):
        return None
    return "for_one"


def _mesh_name(op: Operation, form: str) -> str:
    if form == "alloc":
        return sharding_of(op.results[0].type).mesh  # type: ignore[union-attr]
    return op.mesh_name if form == "for_all" else _for_one(op).mesh_name  # type: ignore[attr-defined]


def _is_distributed_alloc(op: Operation) -> bool:
    """A ``tensor.empty`` of a static distributed type (``partition{form=for_one}`` keeps them, the
    seed's ``%out_dps``)."""
    return (isinstance(op, EmptyOp) and not op.operands and len(op.results) == 1
            and sharding_of(op.results[0].type) is not None and op.results[0].type.has_static_shape)


def _alloc_box(op: Operation, coords: Optional[list[Value]], block: Block) -> Optional[list[tuple[Mixed, Mixed]]]:
    """(offset, size) per dim of this device's shard of a distributed allocation, its index arithmetic
    emitted at the end of ``block`` (None: no mesh, or halos)."""
    t = op.results[0].type
    s = sharding_of(t)
    mesh = _lookup_mesh(op, s.mesh)  # type: ignore[union-attr]
    if mesh is None or any(s.to_spec().halo_of(d) != (0, 0) for d in range(t.rank)):  # type: ignore[union-attr]
        return None
    try:
        return DeviceView(IndexMath(Builder.at_end(block), op.location), mesh, coords=coords).region(
            op.results[0], s, with_halo=False)  # type: ignore[arg-type]
    except ValueError:  # explicit offsets on a dynamic mesh
        return None


def _local_alloc_type(op: Operation) -> Optional[TensorType]:
    """The type of the device's own ``tensor.empty`` of a distributed allocation (``?`` where the
    shards differ), or None when it is not taken into a run."""
    scratch = Block()
    box = _alloc_box(op, None, scratch)
    for o in scratch.ops:
        o.drop_operands()
    return None if box is None else local_type(op.results[0].type, [n for _, n in box])


def _build_local_alloc(op: Operation, coords: list[Value]) -> Block:
    """A block holding the index arithmetic and the device's own ``tensor.empty`` (last op) of a
    distributed allocation, at coordinates ``coords``."""
    block = Block()
    m = IndexMath(Builder.at_end(block), op.location)
    box = _alloc_box(op, coords, block)
    sizes = [n for _, n in box]  # type: ignore[union-attr]
    block.append(EmptyOp.build(local_type(op.results[0].type, sizes), [m.value(n) for n in sizes
                                                                      if not isinstance(n, int)], op.location))
    return block


_PENDING = object()  # the local value of an allocation not yet built (while deciding a run)


def _for_one(forall: Operation) -> ForOneOp:
    return forall.regions[0].blocks[0].ops[0].regions[0].blocks[0].ops[0]  # type: ignore[return-value]


def _bounds_key(forall: Operation) -> tuple:
    """What must agree between two fused ``scf.forall`` loops: bounds and steps, static and SSA."""
    n_outs = len(forall.results)
    keys = IndexExpressions({})
    dyn = tuple(keys.key(v) for v in forall.operands[:len(forall.operands) - n_outs])
    return (forall.attr("staticLowerBound"), forall.attr("staticUpperBound"), forall.attr("staticStep"), dyn,
            forall.attr("operandSegmentSizes").values[:3])  # type: ignore[union-attr]


class _Region:
    """One region of a run: its body block, the values it yields for its results (``for_all``: the
    ``mesh.yield``; ``for_one``: the ``parallel_insert_slice`` ops), the block arguments that stand
    for its coordinates and outputs (``for_one``)."""

    def __init__(self, op: Operation, form: str):
        self.op, self.form = op, form
        self.local: Optional[Operation] = None  # alloc: the device's tensor.empty, once built
        self.local_type: Optional[TensorType] = None  # alloc: its type
        self.built: Optional[Block] = None  # alloc: the index arithmetic and the tensor.empty
        self.reads: Optional[dict[int, tuple]] = None  # what it reads of the run it joined (local_reads)
        if form == "alloc":
            self.body = Block()
            self.ivs, self.outs, self.inserts = [], [], []
        elif form == "for_all":
            self.body = op.regions[0].blocks[0]
            self.ivs: list[Value] = []
            self.outs: list[Value] = []
            self.inserts: list[Operation] = []
        else:
            loop_block = op.regions[0].blocks[0]
            rank = len(loop_block.args) - len(op.results)
            self.ivs, self.outs = list(loop_block.args[:rank]), list(loop_block.args[rank:])
            self.body = _for_one(op).regions[0].blocks[0]
            self.inserts = [o for o in self.body.ops if o.name == "tensor.parallel_insert_slice"]

    @property
    def inits(self) -> list[Value]:
        """The shared outputs' initial values (for_one), read now: fusing the run before this region
        replaces a value of that run it reads by the fused loop's result, so a list taken when the
        region was met would name the erased loop's result."""
        if self.form != "for_one":
            return []
        return list(self.op.operands[len(self.op.operands) - len(self.op.results):])

    def current_yielded(self) -> list[Optional[Value]]:
        """The local value of each result, read now (reads replaced meanwhile are followed)."""
        if self.form == "alloc":
            return [self.local.results[0]] if self.local is not None else [None]
        if self.form == "for_all":
            term = self.body.ops[-1] if self.body.ops else None
            return list(term.operands) if isinstance(term, YieldOp) else []
        by_dest = {id(o.operands[1]): o for o in self.inserts if len(o.operands) > 1}
        return [by_dest[id(a)].operands[0] if id(a) in by_dest else None for a in self.outs]

    @property
    def well_formed(self) -> bool:
        """Whether the region has the shape partition gives it: one yielded value per result (for_all),
        one ``parallel_insert_slice`` per output, each writing it, at the end of the body (for_one)."""
        yielded = self.current_yielded()
        if self.form == "alloc":
            return self.local_type is not None
        if self.form == "for_all":
            return len(yielded) == len(self.op.results)
        n = len(self.inserts)
        return (all(v is not None for v in yielded) and n == len(self.outs)
                and self.body.ops[len(self.body.ops) - n:] == self.inserts)


# ---------------------------------------------------------------------------------------------------------------
# Index expressions compared by structure
# ---------------------------------------------------------------------------------------------------------------

# ---------------------------------------------------------------------------------------------------------------
# One block
# ---------------------------------------------------------------------------------------------------------------

class _BlockFuser:
    def __init__(self, block: Block, owner: FuseSpmdRegions):
        self.block = block
        self.owner = owner

    def run(self) -> None:
        run: list[_Region] = []
        produced: set[int] = set()  # ids of the run's results
        for op in list(self.block.ops):
            form = _form(op) or ("alloc" if _is_distributed_alloc(op) else None)
            if form is not None:
                region = _Region(op, form)
                if form == "alloc":
                    region.local_type = _local_alloc_type(op)
                if run and region.well_formed and self.joins(run, region, produced):
                    run.append(region)
                    produced.update(id(r) for r in op.results)
                    continue
                if form == "alloc" and run:
                    continue  # an allocation the run does not take stays where it is
                self.fuse(run)
                run = [region] if region.well_formed else []
                produced = {id(r) for r in op.results} if run else set()
                continue
            if run and (is_mesh_op(op) or op.is_terminator or _uses_any(op, produced)):
                self.fuse(run)
                run, produced = [], set()
        self.fuse(run)

    # -- may a region join the run? -------------------------------------------------------------------------
    def joins(self, run: list[_Region], region: _Region, produced: set[int]) -> bool:
        """Whether ``region`` may join ``run``: the same form and mesh (and loop bounds, for_one), and
        only reads of this device's own shard of the run's values. A distributed ``tensor.empty``
        (``alloc``) joins a run of the for_one form, as the for_all form's per-device empty would."""
        if any(_mesh_name(r.op, r.form) != _mesh_name(region.op, region.form) for r in run[:1]):
            return False
        regions = [r for r in run if r.form != "alloc"]
        if region.form == "alloc":
            return not regions or regions[0].form == "for_one"
        if regions:
            first = regions[0]
            if region.form != first.form:
                return False
            if region.form == "for_one" and (_bounds_key(region.op) != _bounds_key(first.op)
                                             or len(region.ivs) != len(first.ivs)):
                return False
        elif region.form != "for_one":
            return False
        region.reads = self.local_reads(run, region, produced)
        return region.reads is not None

    def local_reads(self, run: list[_Region], region: _Region, produced: set[int]) -> Optional[dict[int, tuple]]:
        """For each op of ``region`` that reads a value of the run: id(slice result) -> (the producer's
        local value, or ``_PENDING`` for an allocation not built yet; (producer, result index)); None
        if some use is not a read of this device's own shard."""
        ivs = {id(v): a for r in run + [region] for a, v in enumerate(r.ivs)}
        exprs = IndexExpressions(ivs)
        producer: dict[int, tuple[_Region, int]] = {id(res): (r, k) for r in run for k, res in enumerate(r.op.results)}
        # a for_one region's init that is a run's value is read through its output argument
        aliases: dict[int, Value] = {}
        for k, init in enumerate(region.inits):
            if id(init) in produced:
                aliases[id(region.outs[k])] = init
        out: dict[int, Value] = {}
        for inner in (o for top in region.body.ops for o in top.walk()):
            for i, v in enumerate(inner.operands):
                source = aliases.get(id(v), v)
                if id(source) not in produced:
                    continue
                if region.form == "for_one" and inner in region.inserts and i == 1:
                    continue  # writing the own output
                if not isinstance(inner, ExtractSliceOp) or i != 0 or inner.parent is not region.body:
                    return None
                local = self.own_shard(producer[id(source)], inner, exprs, _mesh_name(region.op, region.form),
                                       region.ivs or None)
                if local is None:
                    return None
                out[id(inner.results[0])] = (local, producer[id(source)])
        return out

    def own_shard(self, prod: tuple[_Region, int], read: ExtractSliceOp, exprs: IndexExpressions,
                  mesh_name: str, coords: Optional[list[Value]] = None) -> Optional[Value]:
        """The producer's local value when ``read`` slices exactly this device's shard of result ``k``."""
        region, k = prod
        result, local = region.op.results[k], region.current_yielded()[k]
        t = result.type
        local_t = region.local_type if region.form == "alloc" else (local.type if local is not None else None)
        if local_t is None or read.results[0].type != local_t or not isinstance(t, TensorType) \
                or not t.has_static_shape:
            return None
        if local is None:
            local = _PENDING  # type: ignore[assignment]
        if any(s != 1 for s in read.mixed_strides):
            return None
        want = self.shard_box(region, k, exprs, mesh_name, coords)
        if want is None:
            return None
        got = [(exprs.key(o), exprs.key(s)) for o, s in zip(read.mixed_offsets, read.mixed_sizes)]
        return local if got == want else None

    def shard_box(self, region: _Region, k: int, exprs: IndexExpressions, mesh_name: str,
                  coords: Optional[list[Value]] = None) -> Optional[list]:
        """Keys of (offset, size) per dim of what this device yields of result ``k``: the
        ``parallel_insert_slice`` box (for_one), or the shard of the result's sharding (for_all, and
        a distributed allocation), at the device's coordinates (``coords``: the loop's induction
        variables of the for_one form; default ``mesh.process_multi_index``)."""
        if region.form == "for_one":
            ins = next(o for o in region.inserts if o.operands[1] is region.outs[k])
            if any(s != 1 for s in ins.mixed_strides):  # type: ignore[attr-defined]
                return None
            return [(exprs.key(o), exprs.key(s)) for o, s in zip(ins.mixed_offsets, ins.mixed_sizes)]  # type: ignore
        result = region.op.results[k]
        s = sharding_of(result.type)
        if s is not None and any(s.to_spec().halo_of(d) != (0, 0) for d in range(result.type.rank)):
            return None
        if s is None:
            return [(0, n) for n in result.type.shape]
        mesh = _lookup_mesh(region.op, mesh_name)
        if mesh is None:
            return None
        scratch = Block()
        exprs.scratch.append(scratch)
        m = IndexMath(Builder.at_end(scratch), region.op.location)
        try:
            box = DeviceView(m, mesh, coords=coords).region(result, s, with_halo=False)
            return [(exprs.key(o), exprs.key(n)) for o, n in box]
        except ValueError:  # a shard the view cannot express (explicit offsets on a dynamic mesh)
            return None
        finally:
            for o in scratch.ops:
                o.drop_operands()

    # -- fusing ---------------------------------------------------------------------------------------------
    def fuse(self, run: list[_Region]) -> None:
        if sum(1 for r in run if r.form != "alloc") < 2:
            return
        members = [r.op for r in run]
        # an allocation also used after the run stays where it is (its reads stay global reads)
        run = [r for r in run if r.form != "alloc" or all(_inside(user, members) for user, _ in r.op.results[0].uses)]
        self.owner.fused += sum(1 for r in run if r.form != "alloc") - 1
        ivs = next(r.ivs for r in run if r.form != "alloc")
        for r in run:
            if r.form == "alloc":
                r.built = _build_local_alloc(r.op, ivs)
                r.local = r.built.ops[-1]
        produced = {id(res) for r in run for res in r.op.results}
        reads: dict[int, Value] = {}  # id(a slice of a run's value) -> the local value it reads
        for r in run[1:]:
            for sid, (local, (producer, k)) in (r.reads or {}).items():  # found when r joined the run
                if id(producer.op.results[k]) in produced:  # else an allocation left out: a global read
                    reads[sid] = producer.current_yielded()[k] if local is _PENDING else local
        for r in run:  # a value kept local takes the name of the result it stood for (buffer names)
            for res, local in zip(r.op.results, r.current_yielded()):
                if local is not None and local.name_hint is None:
                    local.name_hint = res.name_hint
        members = [r.op for r in run]
        outside = [(r, k) for r in run if r.form != "alloc" for k, res in enumerate(r.op.results)
                   if any(not _inside(user, members) for user, _ in res.uses)]
        if run[0].form == "for_all":
            self.fuse_for_all(run, outside, reads)
        else:
            self.fuse_for_one(run, outside, reads)

    def fuse_for_all(self, run: list[_Region], outside: list[tuple[_Region, int]], reads: dict[int, Value]) -> None:
        last = run[-1].op
        body = Block()
        self.merge_bodies(run, body, reads)
        yielded = [r.current_yielded()[k] for r, k in outside]
        body.append(YieldOp.create(yielded, (), location=last.location))
        new = ForAllOp.create([], [r.op.results[k].type for r, k in outside], dict(run[0].op.attributes),
                              regions=[Region([body])], location=run[0].op.location)
        Builder.before(last).insert(new)
        self.replace(run, outside, new.results)

    def fuse_for_one(self, run: list[_Region], outside: list[tuple[_Region, int]], reads: dict[int, Value]) -> None:
        allocs = [r for r in run if r.form == "alloc"]
        run = [r for r in run if r.form != "alloc"]
        first, last = run[0], run[-1].op
        rank = len(first.ivs)
        fresh: dict[int, Value] = {}  # an absorbed allocation's result -> a new one before the fused loop

        def outer(v: Value) -> Value:
            v = self.outer_init(run, v)
            for a in allocs:
                if a.op.results[0] is v:
                    if id(v) not in fresh:
                        fresh[id(v)] = Builder.before(last).insert(a.op.clone()).results[0]
                    return fresh[id(v)]
            return v

        inits = [outer(r.inits[k]) for r, k in outside]
        n_dyn = len(first.op.operands) - len(first.op.results)
        loop_block = Block([INDEX] * rank + [v.type for v in inits],
                           [a.name_hint for a in first.ivs] + [r.outs[k].name_hint for r, k in outside])
        ivs, outs = loop_block.args[:rank], loop_block.args[rank:]
        kept = {(id(r), k): outs[j] for j, (r, k) in enumerate(outside)}
        inserts: list[Operation] = []
        for r in run:  # one set of coordinates first, so that the bodies' index arithmetic merges
            for old, new in zip(r.ivs, ivs):
                old.replace_all_uses_with(new)
        body = Block()
        self.merge_bodies(sorted(run + allocs, key=lambda r: self.block.index_of(r.op)), body, reads)
        for r in run:
            for k, arg in enumerate(r.outs):
                ins = next(o for o in r.inserts if o.operands[1] is arg)
                if (id(r), k) in kept:
                    inserts.append(ins)
                    arg.replace_all_uses_with(kept[(id(r), k)])
                else:  # a value only the run reads: no output; what still reads the output reads its init
                    ins.drop_operands()
                    ins.detach()
                    if arg.uses:
                        arg.replace_all_uses_with(outer(r.inits[k]))
        for ins in inserts:
            ins.detach()
            body.append(ins)
        in_par = first.op.regions[0].blocks[0].ops[0]
        one = _for_one(first.op)
        new_one = ForOneOp.create(list(ivs), [], dict(one.attributes), regions=[Region([body])],
                                  location=one.location)
        new_in_par = Operation.create([], [], dict(in_par.attributes), regions=[Region([Block()])],
                                      location=in_par.location, name=in_par.name)
        new_in_par.regions[0].blocks[0].append(new_one)
        loop_block.append(new_in_par)
        attrs = dict(first.op.attributes)
        seg = attrs["operandSegmentSizes"]
        attrs["operandSegmentSizes"] = DenseArrayAttr(seg.element_type, tuple(seg.values[:3]) + (len(inits),))  # type: ignore
        new = ForallOp.create(list(first.op.operands[:n_dyn]) + inits, [v.type for v in inits], attrs,
                              regions=[Region([loop_block])], location=first.op.location)
        Builder.before(last).insert(new)
        self.replace(run, outside, new.results)
        for a in allocs:
            a.op.erase()

    @staticmethod
    def outer_init(run: list[_Region], init: Value) -> Value:
        """A shared output's initial value defined before the run: a run's value is replaced by its own
        producer's init (each device overwrites its whole box, so only the allocation matters)."""
        by_result = {id(res): (r, k) for r in run for k, res in enumerate(r.op.results)}
        while id(init) in by_result:
            r, k = by_result[id(init)]
            init = r.inits[k]
        return init

    @staticmethod
    def merge_bodies(run: list[_Region], body: Block, reads: dict[int, Value]) -> None:
        """Move every body's ops (but the terminators and the ``parallel_insert_slice`` ops) into ``body``
        in order; replace each read of a run's value by the local value; merge equal pure index
        arithmetic (ops without tensor results or regions), as ``cse`` would."""
        known: dict[Hashable, Operation] = {}
        for r in run:
            for op in list((r.built if r.form == "alloc" else r.body).ops):  # type: ignore[union-attr]
                if isinstance(op, YieldOp) or op in r.inserts:
                    continue
                op.detach()
                rid = id(op.results[0]) if op.results else None
                if rid in reads:
                    local = reads[rid]
                    while id(local) in reads:  # a read yielded as it is, read again
                        local = reads[id(local)]
                    op.results[0].replace_all_uses_with(local)
                    op.erase()
                    continue
                body.append(op)
                key = cse_key(op) if not any(isinstance(res.type, TensorType) for res in op.results) else None
                if key is None:
                    continue
                twin = known.get(key)
                if twin is None:
                    known[key] = op
                    continue
                for a, b in zip(op.results, twin.results):
                    a.replace_all_uses_with(b)
                op.erase()

    @staticmethod
    def replace(run: list[_Region], outside: list[tuple[_Region, int]], results) -> None:
        for (r, k), new in zip(outside, results):
            old = r.op.results[k]
            new.name_hint = old.name_hint
            old.replace_all_uses_with(new)
        for r in reversed(run):
            for op in list(r.op.walk(pre_order=False)):
                op.drop_operands()
            r.op.detach()


def _inside(user: Operation, members: list[Operation]) -> bool:
    """Whether ``user`` is one of ``members`` or inside one."""
    return any(user is m or (m.regions and is_ancestor(m.regions[0], user)) for m in members)


def _uses_any(op: Operation, values: set[int]) -> bool:
    return any(id(v) in values for inner in op.walk() for v in inner.operands)


def _lookup_mesh(op: Operation, name: str) -> Optional[MeshOp]:
    module = enclosing_module(op)
    found = module.lookup(name) if module is not None else None  # type: ignore[union-attr]
    return found if isinstance(found, MeshOp) else None
