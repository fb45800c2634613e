"""Region flow: how a region-holding op's values flow through its regions (an op interface).

MLIR states the same facts with ``RegionBranchOpInterface`` (which operands enter which region's
block arguments, which terminator operands leave as the op's results or come back as the next
iteration's arguments) and ``CallOpInterface``/``CallableOpInterface`` (a call's operands are the
callee's arguments, its results the callee's returned values). Each model here answers them for one
op, and ``flatten-regions`` (:mod:`meshc.passes.flatten_regions`) uses the answer to put the body of a
region that runs a known number of times in place of the op, so that ``sharding-propagation`` and
``partition`` see its ops as the flat program (IREE's dispatch regions, calls, loops of static trip
count partition with the same collectives as their flat form; XLA likewise inlines calls before its
SPMD partitioner).

:class:`RegionFlow` (what :meth:`RegionFlowModel.region_flow` returns for one op instance):

* ``body``: the single block that runs (a region's entry block, or a callee's body);
* ``entry``: per block argument of ``body``, the operand of the op flowing into it on the first run,
  or :data:`INDUCTION` (the induction variable of a loop) or None (nothing known);
* ``carried``: the terminator's operands flow back into the block arguments after ``entry``'s
  non-induction ones (loop-carried values, ``scf.for``'s ``iter_args``), else they are the results;
* ``trips``: how many times ``body`` runs (1: a dispatch region, ``scf.execute_region``, a call, the
  taken branch of an ``scf.if`` on a constant; a static loop's trip count), None when unknown
  (an ``scf.if`` on a computed condition, a dynamic loop);
* ``induction``: ``(lower bound, step)`` of the induction variable, when the loop has one (ints);
* ``results``: the op's results are the terminator's operands of the last run, in order.

Models: ``flow.dispatch.region`` (no block arguments; its values come from above), ``scf.execute_region``,
``scf.if``, ``scf.for``, ``scf.while`` (inits enter the "before" block, the condition's forwarded values
the "after" block and the results, the yields come back to the "before" block; ``trips`` None), ``scf.forall`` (its ``shared_outs`` flow into the block arguments after the
induction variables; ``trips`` None: its body runs in parallel, partition's own form), ``func.call`` /
``util.call`` (the callee's body, a function of the same module).

Beyond the runs, each model answers two questions for partitioning in place
(:mod:`meshc.interfaces.region_models`, the ShardingInterface of the region ops that stay):
:meth:`RegionFlowModel.blocks` (the blocks whose ops run, a forall's ``in_parallel`` body included) and
:meth:`RegionFlowModel.ties` (the values that are one tensor at different points of the flow: an
``scf.for`` init, block argument, yield and result; both yields of an ``scf.if`` and its result), and
:meth:`RegionFlowModel.uniform` (the scalars that must be equal on every device: an ``scf.while``'s
condition).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Union

from meshc.interfaces.models import find_model
from meshc.ir.attributes import BoolAttr, IntegerAttr
from meshc.ir.core import Block, Operation, Value

__all__ = ["INDUCTION", "RegionFlow", "RegionFlowModel", "call_cycle", "callees", "recursion_text", "region_flow",
           "region_flow_model", "register_region_flow"]


class _Induction:
    def __repr__(self) -> str:
        return "INDUCTION"


#: Marker of a block argument that is a loop's induction variable.
INDUCTION = _Induction()

Entry = Union[None, int, _Induction]


@dataclass(frozen=True)
class RegionFlow:
    """See the module docstring."""

    body: Block
    entry: tuple[Entry, ...]
    trips: Optional[int]
    carried: bool = False
    induction: Optional[tuple[int, int]] = None


def _constant(v: Value) -> Optional[Union[int, bool]]:
    """The value of an ``arith.constant`` integer/index/i1 ``v``, or None."""
    op = getattr(v, "op", None)
    if op is None or op.name != "arith.constant":
        return None
    a = op.attributes.get("value")
    if isinstance(a, BoolAttr):
        return bool(a.value)
    if isinstance(a, IntegerAttr):
        return int(a.value)
    return None


class RegionFlowModel:
    """An op's region-flow interface: :meth:`region_flow` of an instance. Attached from outside, by op
    name (:func:`register_region_flow`), apart from the op's ShardingInterface model: a region op that
    stays keeps the fallback of an op without a sharding rule (replicated, cloned whole)."""

    #: True for a call (MLIR's ``CallOpInterface``): its body is a callee's, which ``inline`` copies
    is_call = False
    #: True when :meth:`blocks` are alternatives, one of which runs per run of the op (a branch: MLIR's
    #: ``RegionBranchOpInterface`` successors of the op's entry that do not come back), False when each
    #: runs on every run (a loop's body, once per trip)
    alternatives = False

    def region_flow(self, op: Operation) -> Optional[RegionFlow]:  # pragma: no cover - abstract
        raise NotImplementedError

    def blocks(self, op: Operation) -> list[Block]:
        """The blocks of ``op`` whose ops run when ``op`` runs, in order (MLIR's successor regions; a
        forall's ``in_parallel`` body last). Default: the entry block of every non-empty region."""
        return [r.blocks[0] for r in op.regions if r.blocks and (r.blocks[0].ops or r.blocks[0].args)]

    def ties(self, op: Operation) -> list[tuple[Value, ...]]:
        """Groups of values that are one tensor at different points of ``op``'s region flow (MLIR's
        ``RegionBranchOpInterface`` edges: operand -> block argument -> terminator operand -> result):
        whatever sharding one of them has, the others must have for the op to run without moving
        data. Default: the terminator operands of each block of :meth:`blocks` with the op's results."""
        groups: list[list[Value]] = [[r] for r in op.results]
        for block in self.blocks(op):
            term = block.ops[-1] if block.ops and block.ops[-1].is_terminator else None
            if term is not None and len(term.operands) == len(op.results):
                for g, v in zip(groups, term.operands):
                    g.append(v)
        return [tuple(g) for g in groups]

    def test_blocks(self, op: Operation) -> list[Block]:
        """The leading blocks of :meth:`blocks` that run once more than the others, after the last trip:
        the test that ends a loop (``scf.while``'s "before" block, whose ``scf.condition`` is false on
        its last run; MLIR's ``RegionBranchOpInterface``: the "before" region is the entry successor
        and the one that exits). Default: none."""
        return []

    def uniform(self, op: Operation) -> list[Value]:
        """The scalars of ``op``'s regions that decide how its regions run (a loop's continuation
        condition) and so must be equal on every device of a partitioned program, else devices take
        different trips and the collectives of the body never match. Default: none."""
        return []


_MODELS: dict[str, RegionFlowModel] = {}


def register_region_flow(name: str, model: RegionFlowModel) -> None:
    """Attach region-flow ``model`` to ops named ``name`` (a later registration replaces it)."""
    _MODELS[name] = model


class _OnceModel(RegionFlowModel):
    """``flow.dispatch.region``, ``scf.execute_region``: the first region's entry block runs once."""

    def region_flow(self, op: Operation) -> Optional[RegionFlow]:
        if not op.regions or len(op.regions[0].blocks) != 1:
            return None
        body = op.regions[0].blocks[0]
        return RegionFlow(body, (None,) * len(body.args), 1)

    def blocks(self, op: Operation) -> list[Block]:
        """The body only (a dispatch region's workgroup-count region computes no tensors)."""
        return [op.regions[0].blocks[0]] if op.regions and op.regions[0].blocks else []


class _IfModel(RegionFlowModel):
    """``scf.if``: the branch its constant condition takes runs once; unknown trips otherwise."""

    alternatives = True

    def region_flow(self, op: Operation) -> Optional[RegionFlow]:
        cond = _constant(op.operands[0])
        if cond is None:
            return None
        region = op.regions[0] if cond else (op.regions[1] if len(op.regions) > 1 else None)
        if region is None or len(region.blocks) != 1:
            return None
        return RegionFlow(region.blocks[0], (), 1)


class _ForModel(RegionFlowModel):
    """``scf.for``: the body runs ``ceil((ub - lb) / step)`` times when the bounds are constants; the
    iter_args' inits enter, the yields are carried."""

    def ties(self, op: Operation) -> list[tuple[Value, ...]]:
        """iter_arg ``k``: its init (operand ``3 + k``), block argument ``1 + k``, yield ``k``, result ``k``."""
        body = op.regions[0].blocks[0]
        term = body.ops[-1]
        return [(op.operands[3 + k], body.args[1 + k], term.operands[k], r) for k, r in enumerate(op.results)]

    def region_flow(self, op: Operation) -> Optional[RegionFlow]:
        lb, ub, step = (_constant(v) for v in op.operands[:3])
        body = op.regions[0].blocks[0]
        entry: tuple[Entry, ...] = (INDUCTION,) + tuple(range(3, len(op.operands)))
        if lb is None or ub is None or step is None or step <= 0 or op.attr("unsignedCmp") is not None:
            return RegionFlow(body, entry, None, carried=True)
        trips = max(0, -(-(int(ub) - int(lb)) // int(step)))
        return RegionFlow(body, entry, trips, carried=True, induction=(int(lb), int(step)))


class _WhileModel(RegionFlowModel):
    """``scf.while``: the inits enter the "before" block's arguments; its ``scf.condition`` forwards
    values to the "after" block's arguments (condition true) or to the results (false); the "after"
    block's ``scf.yield`` flows back into the "before" arguments. The trip count depends on the data
    (``trips`` None): the op is never flattened, it is partitioned in place."""

    def blocks(self, op: Operation) -> list[Block]:
        """The "before" block, then the "after" block."""
        return [op.regions[0].blocks[0], op.regions[1].blocks[0]]

    def ties(self, op: Operation) -> list[tuple[Value, ...]]:
        """Per loop-carried value ``k``: its init, "before" argument and yield; per forwarded value ``j``:
        the condition's operand ``1 + j``, the "after" argument and the result. When the condition
        forwards a "before" argument unchanged at its own position (lax.while_loop, lax.fori_loop and
        lax.scan all lower so), the two groups are one."""
        before, after = op.regions[0].blocks[0], op.regions[1].blocks[0]
        cond, yld = before.ops[-1], after.ops[-1]
        carried = [[v, a, y] for v, a, y in zip(op.operands, before.args, yld.operands)]
        out: list[list[Value]] = []
        for j, (f, a, r) in enumerate(zip(cond.operands[1:], after.args, op.results)):
            if j < len(carried) and f is before.args[j]:
                carried[j] += [a, r]
            else:
                out.append([f, a, r])
        return [tuple(g) for g in carried + out]

    def test_blocks(self, op: Operation) -> list[Block]:
        """The "before" block: it runs ``trips + 1`` times, the last time to find the condition false."""
        return [op.regions[0].blocks[0]]

    def uniform(self, op: Operation) -> list[Value]:
        """The condition of the ``scf.condition``: every device must take the same number of trips."""
        return [op.regions[0].blocks[0].ops[-1].operands[0]]

    def region_flow(self, op: Operation) -> Optional[RegionFlow]:
        before = op.regions[0].blocks[0]
        return RegionFlow(before, tuple(range(len(op.operands))), None, carried=True)


class _ForallModel(RegionFlowModel):
    """``scf.forall``: induction variables, then the ``shared_outs`` (its last operands) flow in; the body
    runs in parallel (``trips`` None)."""

    def blocks(self, op: Operation) -> list[Block]:
        """The body, then the ``scf.forall.in_parallel`` terminator's body (its parallel inserts)."""
        body = op.regions[0].blocks[0]
        term = body.ops[-1] if body.ops else None
        return [body] + ([term.regions[0].blocks[0]] if term is not None and term.regions else [])

    def ties(self, op: Operation) -> list[tuple[Value, ...]]:
        """shared_out ``k``: its init, block argument (after the induction variables), result ``k``."""
        body = op.regions[0].blocks[0]
        outs = len(op.results)
        first, ivs = len(op.operands) - outs, len(body.args) - outs
        return [(op.operands[first + k], body.args[ivs + k], r) for k, r in enumerate(op.results)]

    def region_flow(self, op: Operation) -> Optional[RegionFlow]:
        body = op.regions[0].blocks[0]
        outs = len(op.results)
        ivs = len(body.args) - outs
        first = len(op.operands) - outs
        return RegionFlow(body, (INDUCTION,) * ivs + tuple(range(first, len(op.operands))), None)


class _CallModel(RegionFlowModel):
    """``func.call`` / ``util.call``: the callee's single-block body runs once on the call's operands."""

    is_call = True

    def region_flow(self, op: Operation) -> Optional[RegionFlow]:
        from meshc.dialects.mesh import enclosing_module

        module = enclosing_module(op)
        callee = module.lookup(op.attributes["callee"].root) if module is not None else None  # type: ignore
        if callee is None or not callee.regions or len(callee.regions[0].blocks) != 1:
            return None
        body = callee.regions[0].blocks[0]
        if len(body.args) != len(op.operands):
            return None
        return RegionFlow(body, tuple(range(len(op.operands))), 1)


def callees(func: Operation) -> list[Operation]:
    """The functions of the module (with a single-block body) that the calls in ``func`` call, in order,
    once each: the edges of MLIR's ``CallGraph`` out of ``func``."""
    out: dict[int, Operation] = {}
    for op in func.walk():
        model = region_flow_model(op)
        if model is not None and model.is_call:
            flow = model.region_flow(op)
            callee = flow.body.parent_op if flow is not None else None
            if callee is not None:
                out.setdefault(id(callee), callee)
    return list(out.values())


def call_cycle(func: Operation) -> Optional[list[Operation]]:
    """The shortest chain of calls by which ``func`` calls itself, ``[func, g, ..., func]`` (``[f, f]``
    for a direct recursion), or None when it does not (it is in no cycle of the call graph)."""
    parent: dict[int, Operation] = {}
    queue = [func]
    while queue:
        f = queue.pop(0)
        for g in callees(f):
            if g is func:  # back along the first calls that reached f
                path = [f]
                while path[-1] is not func:
                    path.append(parent[id(path[-1])])
                return path[::-1] + [func]
            if id(g) not in parent:
                parent[id(g)] = f
                queue.append(g)
    return None


def recursion_text(cycle: list[Operation]) -> str:
    """``@f calls itself`` / ``@a calls @b, which calls @a``: the chain of :func:`call_cycle`."""
    names = ["@" + str(getattr(f.attributes.get("sym_name"), "value", "?")) for f in cycle]
    if len(names) == 2:
        return f"{names[0]} calls itself"
    return f"{names[0]} calls " + ", which calls ".join(names[1:])


def region_flow_model(op: Operation) -> Optional[RegionFlowModel]:
    """The region-flow model of ``op`` (by its name), or None."""
    return find_model(op, _MODELS, {})


def region_flow(op: Operation) -> Optional[RegionFlow]:
    """``op``'s :class:`RegionFlow` from its model, or None (no model, or nothing known)."""
    model = region_flow_model(op)
    return model.region_flow(op) if model is not None else None


def _register() -> None:
    once = _OnceModel()
    for name in ("flow.dispatch.region", "scf.execute_region"):
        register_region_flow(name, once)
    register_region_flow("scf.if", _IfModel())
    register_region_flow("scf.for", _ForModel())
    register_region_flow("scf.while", _WhileModel())
    register_region_flow("scf.forall", _ForallModel())
    call = _CallModel()
    for name in ("func.call", "util.call"):
        register_region_flow(name, call)


_register()
