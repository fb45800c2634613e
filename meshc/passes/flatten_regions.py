"""``flatten-regions``: put the bodies of region ops that run a known number of times in their place.

Sharding propagation and partition work on the ops of a function's block; an op holding a region
(IREE's ``flow.dispatch.region``, ``scf.for``, a ``func.call``/``util.call``) used to be opaque: its
tensors were gathered and its body ran replicated. This pass asks each region op's region-flow
interface (:mod:`meshc.interfaces.region_flow`: which operands enter the block arguments, whether the
yields are carried, how many times the body runs) and, where the trip count is known, replaces the
op by copies of its body, block arguments bound to what flows into them (the operands, the previous
trip's yields for loop-carried values, the induction variable's constant), the results by the last
trip's yields. The function then shards and partitions exactly as its flat form: a matmul inside a
dispatch region, a loop or a called function gets the same collectives (XLA likewise inlines calls
before SPMD partitioning). Nested region ops are flattened in turn.

Only functions with sharding annotations are changed (a program with none keeps its structure), unless
option ``all-functions`` is set (what ``--auto-shard`` does before it looks for weights, so that it sees
the ops the annotated program will shard: a matmul inside a ``flow.dispatch.region``), and only region
ops directly in the function body. What stays: an ``scf.if`` on a computed condition, a
loop of unknown trip count (an ``scf.while``, whose trips depend on the data; a dynamic ``scf.for``)
or of more than ``max-trips`` trips, ``scf.forall`` (partition's own
parallel form), a call of a function without a single-block body; they stay, with a remark saying
why, and the region ops among them are sharded and partitioned in place by their ShardingInterface
(:mod:`meshc.interfaces.region_models`: the body runs per device on the device's shards).

Options: ``all-functions`` (default false: only annotated functions); ``max-trips`` (default 64): the largest static trip count of a loop that is unrolled;
``max-ops`` (default 20000): flattening stops (with a remark) once it has added that many ops.

A call of a recursive function (one that calls itself, directly or through others: a cycle of the call
graph) is never flattened: unrolled, it would grow the function up to ``max-ops`` and leave the call
anyway. In a function with sharding annotations it is an error at the call (partition cannot run a
recursion per device); with ``all-functions`` it stays, with a remark.
"""

from __future__ import annotations

from meshc.dialects.arith import ConstantOp
from meshc.dialects.func import FuncOp
from meshc.interfaces.annotations import function_mesh, functions
from meshc.interfaces.region_flow import (INDUCTION, RegionFlow, call_cycle, recursion_text, region_flow,
                                          region_flow_model)
from meshc.ir.attributes import IntegerAttr
from meshc.ir.builder import Builder
from meshc.ir.core import Operation, Value
from meshc.passes.base import Option, Pass


class FlattenRegions(Pass):
    """See the module docstring."""

    name = "flatten-regions"
    display_name = "FlattenRegions"
    summary = ("Inline region ops whose body runs a known number of times (dispatch regions, calls, static "
               "loops) so that sharding sees their ops")
    options = (Option("all-functions", bool, False, "flatten functions without sharding annotations too"),
               Option("max-trips", int, 64, "largest static trip count of a loop that is unrolled", minimum=0),
               Option("max-ops", int, 20000, "stop flattening after adding this many ops",
                      minimum=0),)
    op_names = ("builtin.module",)

    def run(self, op: Operation) -> None:
        #: callee id -> its call cycle (None: not recursive); inlining a call keeps whether a function
        #: reaches itself, so one answer per callee serves the whole run
        self._cycles: dict[int, "list[Operation] | None"] = {}
        changed = False
        for func in list(functions(op)):
            if self.all_functions or function_mesh(func) is not None:
                changed |= self.flatten(func)
        if not changed:
            self.mark_all_preserved()

    def flatten(self, func: FuncOp) -> bool:
        """Flatten the region ops of ``func``'s body until none is left that can be; True if any was."""
        added = 0
        changed = False
        said: set[int] = set()
        progress = True
        while progress:
            progress = False
            for op in list(func.body.ops):
                model = region_flow_model(op)
                if model is None:
                    continue
                flow = region_flow(op)
                cycle = self.cycle_of(flow.body.parent_op) if model.is_call and flow is not None else None
                if cycle is not None:
                    self.recursive_call(func, op, cycle)
                    if id(op) not in said:
                        said.add(id(op))
                        self.remark(op, f"'{op.name}' is not flattened: {recursion_text(cycle)}")
                    continue
                why = self.why_not(op, flow)
                if why is not None:
                    if id(op) not in said:
                        said.add(id(op))
                        self.remark(op, f"'{op.name}' is not flattened ({why}): it is partitioned in place")
                    continue
                if added + len(flow.body.ops) * max(1, flow.trips) > self.max_ops:  # type: ignore[union-attr]
                    self.remark(op, f"'{op.name}' is not flattened: the function reached max-ops={self.max_ops}")
                    return changed
                added += self.inline(op, flow)  # type: ignore[arg-type]
                changed = progress = True
        return changed

    def cycle_of(self, callee: Operation) -> "list[Operation] | None":
        """:func:`call_cycle` of ``callee``, once per run."""
        if not hasattr(self, "_cycles"):  # flatten() called without run()
            self._cycles = {}
        if id(callee) not in self._cycles:
            self._cycles[id(callee)] = call_cycle(callee)
        return self._cycles[id(callee)]

    @staticmethod
    def recursive_call(func: FuncOp, call: Operation, cycle: list[Operation]) -> None:
        """A call of a recursive function (``cycle``: :func:`call_cycle`) cannot be flattened, nor
        partitioned in place (a call keeps its callee's types): in a function with sharding annotations
        that is an error at the call; elsewhere (``all-functions``) the call stays as it is.

        Raises:
            DiagnosticError: at ``call``, when ``func`` has sharding annotations.
        """
        if function_mesh(func) is not None:
            callee = cycle[0].attributes["sym_name"].value
            raise call.error(f"recursive call to @{callee} ({recursion_text(cycle)}): meshc cannot inline or "
                             "partition recursion; call it from an unannotated function, or write the "
                             "recursion as a loop (scf.for, scf.while)")

    def why_not(self, op: Operation, flow) -> "str | None":
        if flow is None:
            return "its region-flow interface gives no single body run a known number of times"
        if flow.trips is None:
            return "its body runs an unknown number of times"
        if flow.carried and flow.trips > self.max_trips:
            return f"{flow.trips} trips, more than max-trips={self.max_trips}"
        if any(e is None for e in flow.entry):
            return "some of its block arguments receive no known value"
        if flow.induction is None and any(e is INDUCTION for e in flow.entry):
            return "its induction variable has no constant bounds"
        return None

    def inline(self, op: Operation, flow: RegionFlow) -> int:
        """Replace ``op`` by ``flow.trips`` copies of its body; return the number of ops added."""
        return inline_body(op, flow)


def inline_body(op: Operation, flow: RegionFlow) -> int:
    """Replace region op (or call) ``op`` by ``flow.trips`` copies of the body its region-flow interface
    gives (block arguments bound as :class:`RegionFlow` says, results replaced by the last trip's
    yields); return the number of ops added. Used by ``flatten-regions`` and ``inline``."""
    b = Builder.before(op)
    body = flow.body
    carried = [a for a, e in zip(body.args, flow.entry) if e is not INDUCTION]
    values: list[Value] = [op.operands[e] for e in flow.entry if e is not INDUCTION]  # type: ignore[index]
    added = 0
    results: list[Value] = list(values) if flow.carried else []
    for trip in range(flow.trips or 0):
        mapping: dict[Value, Value] = {}
        for arg, e in zip(body.args, flow.entry):
            if e is INDUCTION:
                lb, step = flow.induction  # type: ignore[misc]
                c = ConstantOp.create([], [arg.type], {"value": IntegerAttr(lb + trip * step, arg.type)},
                                      location=op.location)
                mapping[arg] = b.insert(c).results[0]
                added += 1
        for arg, v in zip(carried, values):
            mapping[arg] = v
        for inner in body.ops[:-1]:
            b.insert(inner.clone(mapping))
            added += 1
        yielded = [mapping.get(v, v) for v in body.ops[-1].operands]
        if flow.carried:
            values = yielded
        results = yielded
    for old, new in zip(op.results, results):
        if old.name_hint and not new.name_hint:
            new.name_hint = old.name_hint
        old.replace_all_uses_with(new)
    op.erase()
    return added
