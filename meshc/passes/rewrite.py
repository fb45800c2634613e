"""Rewrite patterns and the greedy worklist driver that applies them.

After xDSL's ``pattern_rewriter.py`` and MLIR's
``applyPatternsAndFoldGreedily`` (STYLE.md item 6):

* a :class:`RewritePattern` names the ops it applies to (``op_names``; empty
  = every op) and implements ``match_and_rewrite(op, rewriter) -> bool``,
  changing the IR only through the rewriter and returning True when it did;
* the :class:`PatternRewriter` tells the driver what changed: ops it
  inserts are queued, users of replaced values are re-queued (their
  operands change; the users the replacement already had do not, and are
  not re-queued), and the defining ops of an erased op's operands are
  re-queued (they may have died);
* the driver visits ops top-down from a worklist, erases trivially dead ops
  (``Pure``, every result unused, not a terminator), then tries the patterns
  for the op's name, then the generic ones; it sweeps the IR again until a
  sweep changes nothing or ``max_iterations`` sweeps ran;
* costs, as MLIR's ``GreedyPatternRewriteDriver``: the worklist holds an op
  at most once (a membership set), an op leaves it only to be visited, and
  it comes back only when it is created, modified, or its operands or the
  users of its results change, so a sweep visits each op once plus once
  per such change; what the driver does per visit is O(the op's own
  operands and uses) (positions in a block are O(log n),
  :meth:`meshc.ir.core.Block.index_of`), except that hoisting a constant
  scans the block's prologue of distinct constants. A sweep that changed something is
  followed by a confirmation sweep (MLIR's driver does the same: the fixed
  point is the sweep that changes nothing), which is what
  ``max_iterations`` and ``converged`` count;
* constants are materialized once per isolated region, at the start of its
  entry block (MLIR's ``OperationFolder``; unless ``hoist_constants=False``): ``rewriter.constant(attr, type,
  near=op)`` returns the existing ``arith.constant`` of that value and type
  or creates it there. The driver also moves existing constants to that
  prologue and merges duplicates.
"""

from __future__ import annotations

import itertools

from collections import deque
from typing import ClassVar, Optional, Sequence

from meshc.ir.attributes import Attribute
from meshc.ir.builder import Rewriter
from meshc.ir.core import Block, Operation, Value
from meshc.ir.types import Type

CONSTANT_OP = "arith.constant"


def is_constant(op: Optional[Operation]) -> bool:
    """``op`` is a constant (``ConstantLike`` with a ``value`` attribute)."""
    return op is not None and op.has_trait("ConstantLike") and "value" in op.attributes


def constant_value(v: Value) -> Optional[Attribute]:
    """The ``value`` attribute of the constant defining ``v``, or None."""
    op = getattr(v, "op", None)
    return op.attributes["value"] if is_constant(op) else None


def is_trivially_dead(op: Operation) -> bool:
    """MLIR's ``isOpTriviallyDead`` for meshc: a ``Pure`` op, not a
    terminator, with results that are all unused."""
    return (bool(op.results) and not op.is_terminator and op.has_trait("Pure")
            and all(not r.uses for r in op.results))


class RewritePattern:
    """A rewrite of ops named in ``op_names`` (empty tuple: any op)."""

    op_names: ClassVar[tuple[str, ...]] = ()

    def match_and_rewrite(self, op: Operation, rewriter: "PatternRewriter") -> bool:
        """Rewrite ``op`` through ``rewriter``; return True if the IR changed."""
        raise NotImplementedError


class PatternRewriter(Rewriter):
    """The rewriter patterns receive: a :class:`Rewriter` that reports every
    change to the driver. Its insertion point is set before the matched op."""

    def __init__(self, driver: "GreedyRewriteDriver"):
        super().__init__()
        self.driver = driver

    def insert(self, op: Operation) -> Operation:
        super().insert(op)
        self.driver.add_tree(op)
        return op

    def replace_op(self, op: Operation, new_values: Sequence[Value] | Operation) -> None:
        # The users of op's results get new operands and are re-queued; the users the new values
        # already had are unchanged and are not (a shared constant's thousands of users would make
        # every merge into it cost O(users)).
        for r in op.results:
            self.driver.add_users(r)
        super().replace_op(op, new_values)

    def erase_op(self, op: Operation) -> None:
        self.driver.will_erase(op)
        super().erase_op(op)

    def replace_all_uses(self, old: Value, new: Value) -> None:
        self.driver.add_users(old)  # the ops whose operands change; new's other users do not
        super().replace_all_uses(old, new)

    def modified(self, op: Operation) -> None:
        """Call after changing ``op`` in place (operands, attributes)."""
        self.changed = True
        self.driver.add(op)

    def constant(self, value: Attribute, type: Type, near: Operation) -> Value:
        """An ``arith.constant value : type`` visible from ``near`` (shared, hoisted)."""
        return self.driver.constant(value, type, near)


class GreedyRewriteDriver:
    """Applies ``patterns`` to everything nested in ``root`` until a fixpoint;
    see the module docstring (the rules and costs of MLIR's
    ``GreedyPatternRewriteDriver``). ``run()`` returns True if anything
    changed; afterwards ``changed`` holds the same, ``converged`` whether the
    last sweep changed nothing, ``sweeps`` how many sweeps ran and
    ``visits`` how many ops were visited in all."""

    def __init__(self, root: Operation, patterns: Sequence[RewritePattern], max_iterations: int = 10,
                 hoist_constants: bool = True):
        self.root = root
        self.max_iterations = max_iterations
        self.hoist_constants = hoist_constants
        self.by_name: dict[str, list[RewritePattern]] = {}
        self.generic: list[RewritePattern] = []
        for p in patterns:
            if p.op_names:
                for n in p.op_names:
                    self.by_name.setdefault(n, []).append(p)
            else:
                self.generic.append(p)
        self.worklist: deque[Operation] = deque()
        self.queued: set[int] = set()
        self.attached: dict[int, Operation] = {}  # see _alive
        self.constants: dict[tuple[int, Attribute, Type], Operation] = {}
        self.rewriter = PatternRewriter(self)
        self.converged = False
        self.changed = False
        self.sweeps = 0
        self.visits = 0

    # -- worklist -------------------------------------------------------------------
    def add(self, op: Operation) -> None:
        """Queue ``op`` unless it is queued already (O(1))."""
        if id(op) not in self.queued and op is not self.root:
            self.queued.add(id(op))
            self.worklist.append(op)

    def add_tree(self, op: Operation) -> None:
        for o in op.walk():
            self.add(o)

    def add_users(self, v: Value) -> None:
        """Queue the users of ``v`` (O(uses of v))."""
        for user in v.users:
            self.add(user)

    def will_erase(self, op: Operation) -> None:
        for inner in op.walk():
            for v in inner.operands:
                owner = getattr(v, "op", None)
                if owner is not None:
                    self.add(owner)
            if is_constant(inner):
                key = self._constant_key(inner)
                if key is not None and self.constants.get(key) is inner:
                    del self.constants[key]

    def _alive(self, op: Operation) -> bool:
        """Whether ``op`` is still nested in the root. The ops found attached since the last change are
        remembered (``self.attached``, emptied whenever a visit changes the IR), so the ops of a deep
        nest do not each walk up to the root: O(1) amortized between changes, O(depth) after one."""
        attached = self.attached
        passed = []
        while op is not self.root:
            if id(op) in attached:
                break
            parent = op.parent_op
            if op.parent is None or parent is None:
                return False
            passed.append(op)
            op = parent
        for o in passed:
            attached[id(o)] = o
        return True

    # -- driver ---------------------------------------------------------------------
    def run(self) -> bool:
        """Sweep until a sweep changes nothing or ``max_iterations`` sweeps ran
        (at least one; -1: no limit, MLIR's ``GreedyRewriteConfig::kNoLimit``);
        True if anything changed."""
        changed_any = False
        sweeps = itertools.count() if self.max_iterations == -1 else range(max(self.max_iterations, 1))
        for _ in sweeps:
            self.sweeps += 1
            self.constants.clear()
            self.attached.clear()
            for region in self.root.regions:
                for op in region.walk():
                    self.add(op)
            changed = False
            while self.worklist:
                op = self.worklist.popleft()
                self.queued.discard(id(op))
                if self._alive(op):
                    self.visits += 1
                    if self._visit(op):
                        changed = True
                        self.attached.clear()
                    elif self.rewriter.changed:  # a pattern that changed the IR but did not say so
                        self.attached.clear()
            changed_any |= changed
            if not changed:
                self.converged = True
                break
        self.changed = changed_any
        return changed_any

    def _visit(self, op: Operation) -> bool:
        rw = self.rewriter
        if is_trivially_dead(op):
            rw.erase_op(op)
            return True
        if is_constant(op) and self.hoist_constants:
            return self._register_constant(op)
        for p in self.by_name.get(op.name, []) + self.generic:
            rw.changed = False
            rw.set_before(op)
            if p.match_and_rewrite(op, rw):
                return True
        return False

    # -- constants --------------------------------------------------------------------
    def _insertion_block(self, near: Operation) -> Block:
        """Entry block of the nearest isolated-from-above ancestor region (or the root's)."""
        op = near
        while True:
            parent = op.parent_op
            if parent is None or parent is self.root or parent.has_trait("IsolatedFromAbove"):
                break
            op = parent
        block = op.parent
        assert block is not None and block.parent is not None
        return block.parent.blocks[0]

    @staticmethod
    def _constant_key(op: Operation) -> Optional[tuple]:
        try:
            key = (op.name, op.attributes["value"], op.results[0].type)
            hash(key)
        except TypeError:
            return None
        return key

    def _prologue_end(self, block: Block) -> int:
        i = 0
        while i < len(block.ops) and is_constant(block.ops[i]):
            i += 1
        return i

    def _register_constant(self, op: Operation) -> bool:
        """Merge ``op`` into an equal hoisted constant, or hoist it; True if the IR changed."""
        key = self._constant_key(op)
        if key is None or len(op.attributes) != 1:
            return False
        block = self._insertion_block(op)
        full_key = (id(block),) + key
        existing = self.constants.get(full_key)
        if existing is not None and existing is not op and self._alive(existing):
            self.rewriter.replace_op(op, existing.results)
            return True
        self.constants[full_key] = op
        end = self._prologue_end(block)
        if op.parent is block and block.index_of(op) < end:
            return False
        op.detach()
        block.insert(self._prologue_end(block), op)
        return True

    def constant(self, value: Attribute, type: Type, near: Operation) -> Value:
        if not self.hoist_constants:  # a new constant right before ``near``
            op = Operation.create(result_types=[type], attributes={"value": value}, location=near.location,
                                  name=CONSTANT_OP)
            near.parent.insert_before(near, op)  # type: ignore[union-attr]
            self.rewriter.changed = True
            return op.results[0]
        block = self._insertion_block(near)
        full_key = (id(block), CONSTANT_OP, value, type)
        existing = self.constants.get(full_key)
        if existing is not None and self._alive(existing):
            return existing.results[0]
        op = Operation.create(result_types=[type], attributes={"value": value}, location=near.location,
                              name=CONSTANT_OP)
        block.insert(self._prologue_end(block), op)
        self.rewriter.changed = True
        self.constants[full_key] = op
        return op.results[0]


def apply_patterns_greedily(root: Operation, patterns: Sequence[RewritePattern],
                            max_iterations: int = 10, hoist_constants: bool = True) -> GreedyRewriteDriver:
    """Run the greedy driver on everything nested in ``root``; returns the
    driver (``.converged`` says whether a sweep changed nothing). With
    ``hoist_constants=False`` constants stay where they are and new ones are
    made next to their user (for a pass that must not move values out of
    per-device bodies, as the canonicalizer may after unroll)."""
    driver = GreedyRewriteDriver(root, patterns, max_iterations, hoist_constants)
    driver.run()
    return driver
