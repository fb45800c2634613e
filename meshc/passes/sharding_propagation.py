"""``sharding-propagation``: give every tensor value of a function a sharding.

After upstream MLIR's ``sharding-propagation`` (``ShardingPropagation.cpp``,
LLVM 19-22); the rules come from each op's ShardingInterface
(:mod:`meshc.interfaces.sharding`), never from a per-op table here.

Input: the annotation form (docs/pipeline.md stage 1) -- a few ``mesh.shard``
ops (an upstream ``mesh.update_halo`` on tensors without shardings counts as
the annotations "its operand is split so, its result has these halos").
Each op of the function body is *decided* once: its loop sharding is
derived from what is known around it, in priority order (see
:func:`meshc.interfaces.sharding.loop_sharding`):

1. its results' pinned annotations (``%r2 = mesh.shard %r to S``) and the
   ``annotate_for_users`` annotations feeding its operands -- the user's;
2. what its users want of its results, and the shardings its operands are
   produced with -- what propagation found so far.

Deciding an op fixes the sharding of its results and what it needs of its
operands; later decisions never revise earlier ones. ``traversal`` sets the
order of one round of visits: ``forward`` (program order), ``backward``
(reverse), ``forward-backward`` (default) or ``backward-forward``
(upstream's default, which ``meshc-opt`` uses: docs/meshc-opt.md). Rounds repeat until no op can be decided (upstream
runs a single round; repeating lets information that reaches an op late
still arrive, and the order only decides which information wins a
conflict). Ops nothing reaches, and ops without a sharding rule (with a
remark), are replicated; a block argument takes the sharding its first
deciding user wants, without partial axes (arguments arrive whole), unless
it is annotated.

A broadcast (an op copying its inputs along loops they lack,
:func:`meshc.interfaces.sharding.broadcast_loops`: ``jnp.repeat`` of KV
heads) whose inputs are produced split waits for its users, and so do the
copies and reshapes after it that know nothing but what it would produce:
decided from the attention's head split, the small input is resharded
before the repeat instead of the repeated tensor after it (meshc's rule;
upstream propagates operand shardings forward through it). A user that
computes decides with the waiting producers' would-be shardings at the
lowest priority; once a round finds nothing new, the ops still waiting
decide from their inputs as any op.

Output (stage 2): every tensor value (block arguments and op results) is
followed by one ``mesh.shard %v to S`` giving the sharding it is produced
with -- for a split reduction, partial (``partial = sum[0]``). Where a user
needs something else, ``mesh.shard ... annotate_for_users`` ops between the
two carry the user's annotations that disagree and then what the op needs:
the resharding points that the ``reshard`` pass lowers. User annotations
are never dropped unless they agree with their neighbours in the chain.
Existing annotations are rebuilt in this canonical form (reusing their names
and locations), so the output is deterministic and running the pass twice
changes nothing. Functions without annotations, or already in distributed
form (shardings in types), are left alone with a remark. One mesh per
function; functions must have a single block.

**Sub-axes** (``sub-axes``, default true; the ``per-value`` form only). A split over a mesh axis of
``n`` devices cannot live on a reshape's major dim of ``p < n`` elements (grouped-query attention's
``[B, S, 2 KV heads, 8]`` on 4 "model" devices), but a split over its major ``p`` devices can: Shardy
calls that a sub-axis (``'model':(2)2``). For each static axis and each such reshape (``p | n``), the
function's annotations are tried on the mesh that splits the axis into ``(p, n // p)``
(:mod:`meshc.passes.sub_axes`: same devices, same order, same layouts), and propagation there is kept
when the resharding its decisions leave (each use whose need differs from its value's sharding, the
most bytes a device receives in the plan) is strictly smaller than on the function's own mesh; a
remark says so. A sharding a link cannot carry whole keeps its major axes the link carries
(:func:`meshc.interfaces.sharding.loop_sharding`), so the KV head of a pair of devices is computed by
that pair and gathered within it.

``annotations=per-use`` (what ``meshc-opt``'s ``sharding-propagation`` runs,
docs/meshc-opt.md) prints upstream's form instead, from the same decisions:
the input's annotations stay as written, every op the first round reached
gets ``mesh.shard %r to S`` after each result and a ``mesh.shard %v to S
annotate_for_users`` before each operand (upstream's
``maybeInsertTargetShardingAnnotation`` / ``maybeInsertSourceShardingAnnotation``),
each with a ``mesh.sharding`` value of its own that ``cse`` merges; see
:class:`_PerUse`. The default, ``per-value``, is the form above.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Optional

from meshc.dialects.func import FuncOp
from meshc.dialects.mesh import ShardingAttr, ShardOp, UpdateHaloOp, sharding_of
from meshc.dialects.mesh_clauses import SHARD_SPELLINGS
from meshc.interfaces.annotations import (BaseValue, Use, analyze_block, function_mesh, functions,
                                          in_per_device_body, is_tensor, static_sharding)
from meshc.interfaces.sharding import (IterationSpace, LoopSharding, broadcast_loops, captured_shardings_for,
                                       has_sharding_rule, iteration_space, loop_sharding, operand_shardings_for,
                                       replicated, result_shardings_for, sharding_model, unchanged_spaces,
                                       windows_on)
from meshc.ir.attributes import UnitAttr
from meshc.ir.core import BlockArgument, OpResult, Operation, Value
from meshc.passes.base import Option, Pass

TRAVERSALS = ("forward", "backward", "forward-backward", "backward-forward")
ANNOTATION_FORMS = ("per-value", "per-use")


class ShardingPropagation(Pass):
    """See the module docstring."""

    name = "sharding-propagation"
    summary = "Complete the sharding annotations of every tensor value (forward from operands, backward from users)"
    display_name = "ShardingPropagation"
    options = (Option("traversal", str, "forward-backward",
                      "order of the visits in one round of propagation", TRAVERSALS),
               Option("annotations", str, "per-value",
                      "per-value: one annotation tree per value (meshc's form); per-use: upstream's form, a "
                      "mesh.shard after every sharded op result and an annotate_for_users one before every "
                      "operand of a sharded op", ANNOTATION_FORMS),
               Option("sub-axes", bool, True,
                      "also propagate on the meshes that split a mesh axis into aligned groups (where a reshape's "
                      "major dim is smaller than the axis) and keep the one whose resharding points move the "
                      "fewest bytes per device"))

    def run(self, op: Operation) -> None:
        from meshc.dialects.mesh import drop_stale_sharding_values

        for func in functions(op):
            _halo_updates_as_annotations(func)
            if self.sub_axes and self.annotations == "per-value":
                _choose_sub_axes(self, func)
            _Propagation(self, func).run()
            drop_stale_sharding_values(func)


def produced_shardings(func: FuncOp, traversal: str = "forward-backward") -> dict[Value, ShardingAttr]:
    """The sharding sharding propagation would give each tensor value of ``func`` (block arguments and
    op results, not the ``mesh.shard`` annotations themselves), as this pass decides it, without
    changing ``func``; empty when ``func`` has no annotation or is already distributed. Passes that
    run before propagation use it to keep the splits the annotations imply (``propagate-reshapes``).

    Raises:
        DiagnosticError: as the pass (a function with several blocks, a non-static annotation).
    """
    if len(func.regions[0].blocks) != 1 or any(isinstance(op, UpdateHaloOp) for op in func.walk()):
        return {}  # the pass rewrites halo updates first; an analysis leaves the function as it is
    prop = _Propagation(ShardingPropagation(traversal=traversal), func)
    if not prop.analyze():
        return {}
    return {bv.value: prop.defs[id(bv.value)] for bv in prop.values if id(bv.value) in prop.defs}


def _sub_axis_candidates(func: FuncOp, mesh) -> list[tuple[int, int]]:
    """``(k, g)``: mesh axis ``k`` of composite size ``n`` in groups of ``g = n // p`` where a reshape of
    ``func`` has a group whose major dim has ``p`` elements, ``1 < p < n``, ``p | n`` (a split of the
    axis cannot live on that dim; a split of its major sub-axis of ``p`` devices can)."""
    from meshc.dialects.tensor import ReassociativeReshapeOp
    from meshc.interfaces.sharding_models import carrying_dim
    from meshc.ir.types import TensorType

    found: set[tuple[int, int]] = set()
    for op in func.walk():
        t = op.expanded_type if isinstance(op, ReassociativeReshapeOp) else None
        if not isinstance(t, TensorType):
            continue
        for group in op.reassociation:  # type: ignore[attr-defined]
            p = t.shape[carrying_dim(group, t.shape)] if len(group) > 1 else None
            for k, n in enumerate(mesh.shape):
                if p is not None and n is not None and 1 < p < n and n % p == 0:
                    found.add((k, n // p))
    return sorted(found)


def _reshard_bytes(func: FuncOp, traversal: str) -> Optional[int]:
    """What propagation on ``func`` as it stands leaves to move: over every use whose need differs from
    the sharding its value is produced with, the most bytes a device receives in the planned resharding
    (:func:`meshc.sharding.plan_reshard`); None when there is nothing to propagate or a need cannot be
    planned statically. The IR does not change (the analysis of :func:`produced_shardings`)."""
    from meshc.dialects.mesh import enclosing_module, lookup_mesh
    from meshc.ir.location import DiagnosticError
    from meshc.ir.types import TensorType, byte_width
    from meshc.sharding import ShardingError, plan_bytes_per_device, plan_reshard

    prop = _Propagation(ShardingPropagation(traversal=traversal), func)
    try:
        if not prop.analyze():
            return None
        mesh = lookup_mesh(enclosing_module(func), prop.mesh).as_mesh()
    except (DiagnosticError, ShardingError, ValueError):
        return None
    total = 0
    for bv in prop.values:
        t, src = bv.value.type, prop.defs.get(id(bv.value))
        if src is None or not isinstance(t, TensorType) or not t.has_static_shape:
            continue
        for use in bv.uses:
            dst = prop.wanted(use)
            if dst is None or dst == src:
                continue
            try:
                steps = plan_reshard(src.to_spec(), dst.to_spec(), mesh, t.shape)
                total += max(plan_bytes_per_device(steps, src.to_spec(), mesh, t.shape, byte_width(t.element_type)))
            except ShardingError:
                return None
    return total


def _choose_sub_axes(pass_: ShardingPropagation, func: FuncOp) -> None:
    """Move ``func`` onto a mesh that splits one of its mesh's axes (:mod:`meshc.passes.sub_axes`) when
    propagation there leaves fewer bytes to move (module docstring, "Sub-axes"). Each candidate of
    :func:`_sub_axis_candidates` is tried on the annotations (and undone); the cheapest one strictly
    cheaper than the function's own mesh is kept, with a remark."""
    from meshc.dialects.mesh import enclosing_module, lookup_mesh
    from meshc.passes.sub_axes import movable, move_function

    if len(func.regions[0].blocks) != 1:
        return
    try:
        name = function_mesh(func)
        module = enclosing_module(func)
        mesh_op = lookup_mesh(module, name) if name is not None and module is not None else None
    except Exception:  # the pass reports it where it always did
        return
    if mesh_op is None or not mesh_op.is_static:
        return
    mesh = mesh_op.as_mesh()
    candidates = _sub_axis_candidates(func, mesh)
    if not candidates or not movable(func, mesh.name):
        return
    if any(sharding_of(v.type) is not None for op in func.walk() for v in list(op.results) + _region_args(op)):
        return
    base = _reshard_bytes(func, pass_.traversal)
    if not base:
        return
    best: Optional[tuple[int, int, int]] = None
    for k, g in candidates:
        saved = {op: op.attributes["shard"] for op in func.walk() if isinstance(op, ShardOp) and "shard" in op.attributes}
        known = {id(op) for op in module.walk()}
        target = move_function(func, mesh_op, k, g)
        if target is None:
            continue
        cost = _reshard_bytes(func, pass_.traversal)
        for op, attr in saved.items():
            op.attributes["shard"] = attr
        if id(target) not in known:
            target.erase()
        if cost is not None and cost < base and (best is None or cost < best[0]):
            best = (cost, k, g)
    if best is None:
        return
    cost, k, g = best
    target = move_function(func, mesh_op, k, g)
    if target is not None:
        pass_.remark(func, f"function @{func.sym_name} moves to mesh @{target.sym_name} (shape "
                           f"{target.as_mesh().shape_str()}): mesh @{mesh.name} with axis {k} of {mesh.axis_size(k)} "
                           f"devices in groups of {g}, where its resharding points move {cost} B per device "
                           f"instead of {base} B")


def _halo_updates_as_annotations(func: FuncOp) -> None:
    """An input ``%h = mesh.update_halo %x on @m split_axes = S halo_sizes = H : T`` (upstream spelling,
    no shardings in the types, static sizes) says "``%x`` is split as S; ``%h`` is it with halos H": it
    becomes ``%s = mesh.shard %x to <@m, S> annotate_for_users`` and ``%h = mesh.shard %s to <@m, S,
    halo_sizes = H>``, which ``reshard`` lowers to a global-view ``mesh.update_halo`` (the cells' values
    do not change, only who holds them)."""
    from meshc.dialects.mesh import DYNAMIC_INDEX

    for op in list(func.walk()):
        if not isinstance(op, UpdateHaloOp) or op.is_unrolled or len(op.operands) != 1 or in_per_device_body(op):
            continue  # one in a per-device body (partition's output read again) is a local-view exchange
        if DYNAMIC_INDEX in op.halo_sizes or sharding_of(op.destination.type) is not None:
            continue
        halo = tuple(op.halo_sizes) if any(op.halo_sizes) else ()
        split = ShardOp.build(op.destination, ShardingAttr(op.mesh_name, op.split_axes), True, op.location)
        result = ShardOp.build(split.results[0], ShardingAttr(op.mesh_name, op.split_axes, halo_sizes=halo),
                               loc=op.location)
        for new in (split, result):
            op.parent.insert_before(op, new)  # type: ignore[union-attr]
        result.results[0].name_hint = op.results[0].name_hint
        op.results[0].replace_all_uses_with(result.results[0])
        op.erase()


@dataclass
class _Node:
    """One ``mesh.shard`` of the rebuilt annotation tree of a base value: the root is the value's
    own sharding, each child an ``annotate_for_users`` step towards some uses."""

    sharding: ShardingAttr
    parent: Optional["_Node"]
    depth: int
    children: dict = field(default_factory=dict)
    candidates: list = field(default_factory=list)
    uses: list = field(default_factory=list)
    first: int = 1 << 30  # position of the first consumer below this node
    op: Optional[ShardOp] = None


class _Propagation:
    def __init__(self, pass_: ShardingPropagation, func: FuncOp):
        self.pass_ = pass_
        self.func = func
        self.ls: dict[int, LoopSharding] = {}
        self.spaces: dict[int, IterationSpace] = {}
        self.defs: dict[int, ShardingAttr] = {}            # id(base value) -> sharding it is produced with
        self.needs: dict[tuple[int, int], ShardingAttr] = {}  # (id(op), operand) -> sharding the op needs
        self.told: set[int] = set()  # ops whose model's rule remark is out
        self.waiting: set[int] = set()  # broadcasts left for their users to decide (see :meth:`waits`)
        self.tentative: dict[int, ShardingAttr] = {}  # id(result of a waiting op) -> its sharding from its inputs
        self.late = False  # a round found nothing new: waiting broadcasts decide from their inputs

    # -- setup ----------------------------------------------------------------------------------------------
    def run(self) -> None:
        if self.analyze():
            if self.pass_.annotations == "per-use":
                _PerUse(self).rewrite()
            else:
                self.rewrite()

    def analyze(self) -> bool:
        """Decide every op and value of the function (no rewriting); False when there is nothing to
        propagate (no annotation, or already distributed: with a remark)."""
        with unchanged_spaces():  # the IR does not change: each op's space is composed once
            return self._analyze()

    def _analyze(self) -> bool:
        func = self.func
        if len(func.regions[0].blocks) > 1:  # upstream's rule, annotated or not
            raise self.pass_.error(func, "only one block is supported: sharding propagation needs a function "
                                         f"with a single block, got {len(func.regions[0].blocks)}")
        mesh = function_mesh(func)
        if mesh is None:
            self.pass_.remark(func, f"function @{func.sym_name} has no sharding annotation; nothing to propagate")
            return False
        if any(sharding_of(v.type) is not None for op in func.walk() for v in list(op.results) + _region_args(op)):
            self.pass_.remark(func, f"function @{func.sym_name} is already in distributed form; not propagated")
            return False
        self.mesh = mesh
        self.block = func.body
        self.position = {id(op): i for i, op in enumerate(self.block.ops)}
        self.values = analyze_block(self.block)
        self.base = {id(bv.value): bv for bv in self.values}
        self.use_of: dict[tuple[int, int], tuple[BaseValue, Use]] = {}
        for bv in self.values:
            for use in bv.uses:
                k = self.operand_of(use)
                if k is not None:
                    self.use_of[(id(use.consumer), k)] = (bv, use)
        for bv in self.values:
            if bv.pinned is not None and isinstance(bv.value, BlockArgument):
                self.defs[id(bv.value)] = bv.pinned
        ops = [op for op in self.block.ops if not isinstance(op, ShardOp)
               and (any(is_tensor(v) for v in op.operands) or any(is_tensor(r) for r in op.results))]
        self.deciding = [op for op in ops if self.decides(op)]
        self.propagate()
        self.reached = [op for op in self.deciding if id(op) in self.first_round and has_sharding_rule(op)]
        self.finalize()
        return True

    def decides(self, op: Operation) -> bool:
        """Ops that get a loop sharding: all but those whose tensors all take any sharding."""
        space = self.space(op)
        return not has_sharding_rule(op) or any(isinstance(x, tuple) for x in space.operands + space.results)

    def operand_of(self, use: Use) -> Optional[int]:
        """The (extended) operand index of ``use`` in its consumer: the operand, or for a use inside the
        consumer's regions the index its rule gives the captured value (None: no rule for it, so the
        value is needed replicated)."""
        if use.operand is not None:
            return use.operand
        if not is_tensor(use.site.operands[use.site_index]):
            return None
        return self.space(use.consumer).captured_index(use.site.operands[use.site_index])

    def space(self, op: Operation) -> IterationSpace:
        key = id(op)
        if key not in self.spaces:
            self.spaces[key] = iteration_space(op)
        return self.spaces[key]

    # -- propagation -----------------------------------------------------------------------------------------
    def propagate(self) -> None:
        forward, backward = self.deciding, list(reversed(self.deciding))
        rounds = {"forward": [forward], "backward": [backward], "forward-backward": [forward, backward],
                  "backward-forward": [backward, forward]}[self.pass_.traversal]
        changed = True
        while changed:
            changed = False
            for sweep in rounds:
                for op in sweep:
                    changed |= self.decide(op)
            if not hasattr(self, "first_round"):
                self.first_round = set(self.ls)  # what upstream's single round decides (per-use form)
            if not changed and not self.late and self.waiting - set(self.ls):
                self.late = changed = True  # nothing reaches them from their users: their inputs decide

    def operand_knowledge(self, op: Operation) -> tuple[list, list]:
        """(must, soft) sharding per operand: an ``annotate_for_users`` right before the op is the user's;
        otherwise the last annotation on the way, or the sharding the value is produced with."""
        musts: list[Optional[ShardingAttr]] = []
        softs: list[Optional[ShardingAttr]] = []
        for i, links in enumerate(self.space(op).extended_operands):
            must = soft = None
            entry = self.use_of.get((id(op), i))
            if isinstance(links, tuple) and entry is not None:
                bv, use = entry
                if use.path and use.path[-1].annotate_for_users:
                    must = static_sharding(use.path[-1])
                elif use.path:
                    soft = static_sharding(use.path[-1])
                else:
                    soft = self.defs.get(id(bv.value), bv.pinned)
            musts.append(must)
            softs.append(soft)
        return musts, softs

    def tentative_knowledge(self, op: Operation) -> list:
        """Per operand, the sharding a waiting producer (:meth:`waits`) would give it from its own
        inputs, where nothing else is known of the operand (None otherwise)."""
        out: list[Optional[ShardingAttr]] = []
        for i, links in enumerate(self.space(op).extended_operands):
            entry = self.use_of.get((id(op), i))
            t = None
            if isinstance(links, tuple) and entry is not None and not entry[1].path:
                if id(entry[0].value) not in self.defs and entry[0].pinned is None:
                    t = self.tentative.get(id(entry[0].value))
            out.append(t)
        return out

    def wanted(self, use: Use) -> Optional[ShardingAttr]:
        """What ``use`` wants of its value: the decided consumer's need, else the last annotation."""
        k = self.operand_of(use)
        if k is None:
            return replicated(self.mesh)
        need = self.needs.get((id(use.consumer), k))
        if need is not None:
            return need
        return static_sharding(use.path[-1]) if use.path else None

    def result_knowledge(self, op: Operation) -> tuple[list, list]:
        """(must, soft) sharding per result: its pinned annotation; the first use that wants something."""
        musts: list[Optional[ShardingAttr]] = []
        softs: list[Optional[ShardingAttr]] = []
        for r in op.results:
            bv = self.base.get(id(r))
            musts.append(bv.pinned if bv is not None else None)
            soft = None
            for use in bv.uses if bv is not None else ():
                soft = self.wanted(use)
                if soft is not None:
                    break
            softs.append(soft)
        return musts, softs

    def decide(self, op: Operation) -> bool:
        """Give ``op`` its loop sharding if something is known around it (True if it got one now)."""
        if id(op) in self.ls:
            return False
        if id(op) not in self.told:
            self.told.add(id(op))
            model = sharding_model(op)
            said = model.rule_remark(op) if model is not None else None
            if said is not None:
                self.pass_.remark(op, said)
        if not has_sharding_rule(op):
            if not any(is_tensor(v) for v in op.operands):
                return False  # a source without a rule (a non-splat constant): replicated by finalize, spreading nothing
            self.replicate_without_rule(op)
            return True
        must_o, soft_o = self.operand_knowledge(op)
        must_r, soft_r = self.result_knowledge(op)
        tentative = self.tentative_knowledge(op)
        known = any(s is not None for s in must_o + soft_o + must_r + soft_r)
        if not known and (self.late or all(t is None for t in tentative)):
            return False
        moves = getattr(op, "copies_inputs", False)  # a copy, transpose or reshape: data movement only
        if not self.late and ((not known and moves) or self.waits(op, must_o, soft_o, must_r, soft_r)):
            self.wait(op, soft_o, tentative)
            return False
        if id(op) in self.waiting and not self.late:
            tentative = []  # decided from its users: what it waited for, not what it would carry
        self.record(op, loop_sharding(op, must_o, must_r, soft_operand_shardings=soft_o,
                                      soft_result_shardings=soft_r, late_operand_shardings=tentative,
                                      mesh=self.mesh))
        return True

    def waits(self, op: Operation, must_o: list, soft_o: list, must_r: list, soft_r: list) -> bool:
        """Whether ``op`` waits for its users: it broadcasts its inputs along some loops
        (:func:`meshc.interfaces.sharding.broadcast_loops`), only the shardings its inputs are
        produced with are known, and one of them splits a dim. Deciding from those would carry the
        inputs' split onto the larger result and reshard there (a KV head repeated for its group of
        query heads, split on the head dim, while the attention wants the query heads split);
        decided from its users, the op reshards its smaller inputs instead. Until a round finds
        nothing new (:attr:`late`): then its inputs decide, as for any op. The copies, transposes
        and reshapes after it that know only its tentative result wait alike (the repeat's
        collapse into heads and the transpose for the attention's product); the first op that
        computes something decides with it at the lowest priority."""
        if self.late or any(s is not None for s in must_o + must_r + soft_r):
            return False
        if not any(s is not None and any(s.split_axes) for s in soft_o):
            return False
        return bool(broadcast_loops(op, self.space(op)))

    def wait(self, op: Operation, soft_o: list, tentative: list) -> None:
        """Leave ``op`` undecided for now, noting the shardings its results would have from
        ``soft_o`` (:meth:`tentative_knowledge`): its users decide with them at the lowest
        priority, and a user that knows nothing else waits too (the chain after a broadcast is
        decided from the attention's side, not the broadcast's input)."""
        self.waiting.add(id(op))
        ls = loop_sharding(op, [], [], soft_operand_shardings=soft_o, late_operand_shardings=tentative,
                           mesh=self.mesh)
        for r, t in zip(op.results, result_shardings_for(op, ls)):
            if t is not None:
                self.tentative[id(r)] = replace(t, partial_axes=(), partial_type="sum") if t.partial_axes else t

    def replicate_without_rule(self, op: Operation) -> None:
        self.pass_.remark(op, f"no sharding rule for '{op.name}': its tensor operands and results are replicated")
        self.record(op, loop_sharding(op, [], [], mesh=self.mesh))

    def record(self, op: Operation, ls: LoopSharding) -> None:
        """Fix what ``op`` needs of its operands and produces; an unannotated argument takes the first
        need it meets."""
        self.ls[id(op)] = ls
        for i, need in enumerate(operand_shardings_for(op, ls) + captured_shardings_for(op, ls)):
            if need is None:
                continue
            self.needs[(id(op), i)] = need
            bv, use = self.use_of[(id(op), i)]
            if isinstance(bv.value, BlockArgument) and id(bv.value) not in self.defs:
                self.defs[id(bv.value)] = _argument_sharding(use, need)
        for r, s in zip(op.results, result_shardings_for(op, ls)):
            if s is not None:
                self.defs[id(r)] = s

    def finalize(self) -> None:
        """Replicate the ops nothing reached; give the remaining arguments what their first use wants."""
        for op in self.deciding:
            if id(op) in self.ls:
                continue
            if not has_sharding_rule(op):
                self.replicate_without_rule(op)
                continue
            self.pass_.remark(op, f"no sharding reaches '{op.name}': it is replicated")
            self.record(op, loop_sharding(op, [], [], mesh=self.mesh))
        for bv in self.values:
            if id(bv.value) not in self.defs:
                wanted = next(((u, w) for u, w in zip(bv.uses, map(self.wanted, bv.uses)) if w is not None), None)
                self.defs[id(bv.value)] = _argument_sharding(*wanted) if wanted else replicated(self.mesh)

    # -- rewriting ---------------------------------------------------------------------------------------------
    def final_need(self, use: Use) -> Optional[ShardingAttr]:
        k = self.operand_of(use)
        if k is None:
            return replicated(self.mesh)
        return self.needs.get((id(use.consumer), k))

    def chain(self, bv: BaseValue, use: Use) -> list[tuple[ShardingAttr, list[ShardOp]]]:
        items: list[tuple[ShardingAttr, Optional[ShardOp]]] = [(self.defs[id(bv.value)], None)]
        items += [(static_sharding(a), a) for a in use.path]
        need = self.final_need(use)
        k = self.operand_of(use)
        if need is not None and k is not None and id(use.consumer) in self.ls:
            # a window reads its operand at the boundaries that operand has (a tensor.pad's result)
            need = windows_on(use.consumer, k, need, items[-1][0], self.ls[id(use.consumer)])
        if need is not None:
            items.append((need, None))
        out: list[tuple[ShardingAttr, list[ShardOp]]] = []
        for s, a in items:
            if not out or out[-1][0] != s:
                out.append((s, []))
            if a is not None:
                out[-1][1].append(a)
        return out

    def rewrite(self) -> None:
        """Give every use the chain of resharding points it needs and materialize them. The remark
        "operand #k of 'op' is resharded" stands where the last point of the chain is (the
        annotation kept for it, else the first consumer), the location the ``reshard`` pass and
        ``meshc explain`` give the same point."""
        trees: list[tuple[BaseValue, _Node]] = []
        resharded: list[tuple[_Node, str]] = []
        for bv in self.values:
            root = _Node(self.defs[id(bv.value)], None, 0)
            for use in bv.uses:
                steps = self.chain(bv, use)
                node = root
                root.candidates += steps[0][1]
                for s, ops in steps[1:]:
                    node = node.children.setdefault(s, _Node(s, node, node.depth + 1))
                    node.candidates += ops
                node.uses.append(use)
                leaf = node
                while leaf is not None:
                    leaf.first = min(leaf.first, self.position[id(use.consumer)])
                    leaf = leaf.parent
                if len(steps) > 1 and use.operand is not None:
                    resharded.append((node, f"operand #{use.operand} of '{use.consumer.name}' is resharded: "
                                      + " -> ".join(str(s) for s, _ in steps)))
            trees.append((bv, root))
        originals = [op for op in self.block.ops if isinstance(op, ShardOp)]
        chosen = self.materialize(trees)
        for node, text in resharded:
            self.pass_.remark(node.op, text)
        for op in originals:
            if id(op) not in chosen:
                op.drop_operands()
                op.parent = None
        self.reorder(trees, chosen)

    def materialize(self, trees: list[tuple[BaseValue, "_Node"]]) -> set[int]:
        """Give every node a ``mesh.shard`` op -- the user's first annotation that landed on it (keeping
        its name and location) or a new one -- and point each use at its node. Returns the reused ops."""
        chosen: set[int] = set()
        for bv, root in trees:
            for node in _preorder(root):
                parent: Value = bv.value if node.parent is None else node.parent.op.result  # type: ignore[union-attr]
                annotate = node.parent is not None
                reuse = min(node.candidates, key=lambda a: self.position[id(a)], default=None)
                if reuse is None:
                    loc = bv.value.location if node.parent is None else self.block.ops[node.first].location
                    node.op = ShardOp.build(parent, node.sharding, annotate, loc)  # type: ignore[assignment]
                else:
                    chosen.add(id(reuse))
                    _reconfigure(reuse, parent, node.sharding, annotate)
                    node.op = reuse
                for use in node.uses:
                    use.site.set_operand(use.site_index, node.op.result)  # type: ignore[union-attr]
        return chosen

    def reorder(self, trees: list[tuple[BaseValue, "_Node"]], chosen: set[int]) -> None:
        roots = {id(bv.value): root for bv, root in trees}
        pending: dict[int, list[tuple[int, int, int, ShardOp]]] = {}
        for bv, root in trees:
            for seq, node in enumerate(_preorder(root)):
                if node.parent is not None:
                    consumer = self.block.ops[node.first]
                    pending.setdefault(id(consumer), []).append((bv.order, node.depth, seq, node.op))
        new_ops: list[Operation] = [roots[id(a)].op for a in self.block.args if id(a) in roots]  # type: ignore
        for op in self.block.ops:
            if isinstance(op, ShardOp):
                continue
            new_ops += [item[3] for item in sorted(pending.get(id(op), []), key=lambda t: t[:3])]
            new_ops.append(op)
            new_ops += [roots[id(r)].op for r in op.results if id(r) in roots]  # type: ignore[misc]
        for op in new_ops:
            op.parent = self.block
        self.block.ops = new_ops


class _PerUse:
    """Upstream's output form (``annotations=per-use``, after ``ShardingPropagation.cpp`` and the
    ``maybeInsert{Target,Source}ShardingAnnotation`` helpers of MLIR's ShardingInterface): the input's
    annotations stay where they are and, for every op propagation reached in its first round (upstream
    runs one; in the order of the traversal's first sweep),

    - each tensor result ``%r`` produced with sharding S gets ``%a = mesh.shard %r to S`` right after
      the op, unless its user already is such an annotation; every user of ``%r`` then reads ``%a``,
      and a user that is an annotation ``%r2 = mesh.shard %r to S'`` (S' != S) reads it through
      ``mesh.shard %a to S annotate_for_users``;
    - each tensor operand ``%v`` the op needs with sharding S is read through a new
      ``mesh.shard %v to S annotate_for_users`` right before the op (all of the op's operands that
      are ``%v`` share it), unless ``%v`` already is such an annotation; when ``%v`` is an
      ``annotate_for_users`` annotation with another sharding, ``mesh.shard %v to S`` goes between.

    A module read in LLVM 21+'s ``shard`` spelling gets its result annotations without partial axes
    (LLVM 21+'s propagation marks a reduction's result with its split axes only; LLVM 20's with
    ``partial = sum[...]``, as meshc's own form).

    Every new annotation has its own ``mesh.sharding`` op on the line before (the value spellings
    print it; ``cse`` merges the equal ones, as upstream's). Ops no sharding reached, and ops without
    a sharding rule, get no annotations (upstream leaves them alone too)."""

    def __init__(self, prop: "_Propagation"):
        self.prop = prop
        self.block = prop.block

    def rewrite(self) -> None:
        ops = list(self.prop.reached)
        order = self.prop.pass_.traversal
        if order.startswith("backward"):
            ops.reverse()
        drop_partial = _module_spelling(self.prop.func) in SHARD_SPELLINGS
        for op in ops:
            ls = self.prop.ls[id(op)]
            for r, s in zip(op.results, result_shardings_for(op, ls)):
                if s is not None and drop_partial and s.partial_axes:
                    s = replace(s, partial_axes=(), partial_type="sum")
                if s is not None and is_tensor(r):
                    self.annotate_result(op, r, s)
            for i, s in enumerate(operand_shardings_for(op, ls)):
                if s is not None and i < len(op.operands) and is_tensor(op.operands[i]):
                    v = op.operands[i]  # a window reads it at the boundaries it is produced with
                    have = v.op.sharding if isinstance(v, OpResult) and isinstance(v.op, ShardOp) \
                        else self.prop.defs.get(id(v))
                    self.annotate_operand(op, i, windows_on(op, i, s, have, ls) if have is not None else s)

    def new_shard(self, src: Value, sharding: ShardingAttr, annotate: bool, anchor: Operation, after: bool,
                  origin: Optional[Value] = None) -> ShardOp:
        """``mesh.shard src to sharding`` (with its own ``mesh.sharding`` op unless ``origin`` gives one),
        inserted after or before ``anchor``; returns the shard op."""
        from meshc.dialects.mesh import ShardingOp

        loc = src.location if isinstance(src, BlockArgument) or after else anchor.location
        shard = ShardOp.build(src, sharding, annotate, loc)
        new: list[Operation] = [shard]
        if origin is None:
            value_op = ShardingOp.build(sharding, loc)
            value_op.folded_into_users = True
            origin = value_op.results[0]
            new.insert(0, value_op)
        shard.sharding_origin = origin
        if after:
            for op in reversed(new):
                self.block.insert_after(anchor, op)
        else:
            for op in new:
                self.block.insert_before(anchor, op)
        return shard

    def annotate_result(self, op: Operation, r: Value, sharding: ShardingAttr) -> None:
        new: Optional[ShardOp] = None
        for user, index in list(r.uses):
            if isinstance(user, ShardOp) and index == 0 and user.sharding == sharding and not user.annotate_for_users:
                new = new or user
                continue
            if new is None:
                new = self.new_shard(r, sharding, False, op, after=True)
            user.set_operand(index, new.result)
            if isinstance(user, ShardOp) and index == 0 and not user.annotate_for_users:
                second = self.new_shard(new.result, sharding, True, new, after=True, origin=new.sharding_origin)
                for u2, i2 in list(new.result.uses):
                    if u2 is not second:
                        u2.set_operand(i2, second.result)

    def annotate_operand(self, op: Operation, index: int, sharding: ShardingAttr) -> None:
        v = op.operands[index]
        src = v.op if isinstance(v, OpResult) else None
        if isinstance(src, ShardOp) and src.sharding == sharding and src.annotate_for_users:
            return
        new = self.new_shard(v, sharding, True, op, after=False)
        for i, w in enumerate(op.operands):
            if w is v:
                op.set_operand(i, new.result)
        if isinstance(src, ShardOp) and src.annotate_for_users:
            before = self.new_shard(v, sharding, False, new, after=False, origin=new.sharding_origin)
            new.set_operand(0, before.result)


def _module_spelling(op: Operation) -> Optional[str]:
    """The spelling the module holding ``op`` was read in (:func:`meshc.dialects.mesh.source_spelling`)."""
    while op.parent_op is not None:
        op = op.parent_op
    return getattr(op, "spelling", None)


def _reconfigure(op: ShardOp, src: Value, sharding: ShardingAttr, annotate: bool) -> None:
    """Make ``op`` annotate ``src`` with ``sharding`` (its other attributes kept)."""
    op.set_operands([src])
    rest = {k: v for k, v in op.attributes.items() if k not in ("shard", "annotate_for_users")}
    op.attributes = {"shard": sharding, **({"annotate_for_users": UnitAttr()} if annotate else {}), **rest}


def _argument_sharding(use: Use, need: ShardingAttr) -> ShardingAttr:
    """The sharding of an argument without annotation, from one of its uses: the first annotation on
    the way, else what the user needs without partial axes (arguments arrive whole; a user needing
    a partial value marks it so on the way)."""
    if use.path:
        return static_sharding(use.path[0])
    return replace(need, partial_axes=(), partial_type="sum") if need.partial_axes else need


def _preorder(node: _Node):
    yield node
    for child in node.children.values():
        yield from _preorder(child)


def _region_args(op: Operation) -> list[Value]:
    return [a for r in op.regions for b in r.blocks for a in b.args]
