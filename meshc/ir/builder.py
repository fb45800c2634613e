"""Builder and rewriter: where new ops go, and how passes change the IR.

``Builder`` inserts ops at an insertion point (before/after an op, at the end
of a block). ``Rewriter`` adds the mutations passes use — replace an op's
results, erase, inline — and records whether anything changed, which the pass
manager's ``--print-ir-after-change`` and the greedy driver read.
"""

from __future__ import annotations

from typing import Optional, Sequence

from meshc.ir.core import Block, Operation, Value


class Builder:
    """Inserts operations at a point: ``(block, index)``; ``None`` index = end."""

    def __init__(self, block: Optional[Block] = None, index: Optional[int] = None):
        self.block = block
        self.index = index

    @staticmethod
    def before(op: Operation) -> "Builder":
        assert op.parent is not None, "op is not in a block"
        return Builder(op.parent, op.parent.index_of(op))

    @staticmethod
    def after(op: Operation) -> "Builder":
        assert op.parent is not None, "op is not in a block"
        return Builder(op.parent, op.parent.index_of(op) + 1)

    @staticmethod
    def at_end(block: Block) -> "Builder":
        return Builder(block, None)

    @staticmethod
    def at_start(block: Block) -> "Builder":
        return Builder(block, 0)

    def insert(self, op: Operation) -> Operation:
        """Insert ``op`` and advance past it; returns ``op``."""
        if self.block is None:
            raise ValueError("builder has no insertion point")
        if self.index is None:
            self.block.append(op)
        else:
            self.block.insert(self.index, op)
            self.index += 1
        return op

    def insert_all(self, ops: Sequence[Operation]) -> None:
        for op in ops:
            self.insert(op)


class Rewriter(Builder):
    """A builder that also replaces and erases, and remembers a change."""

    def __init__(self, block: Optional[Block] = None, index: Optional[int] = None):
        super().__init__(block, index)
        self.changed = False

    def set_before(self, op: Operation) -> None:
        b = Builder.before(op)
        self.block, self.index = b.block, b.index

    def set_after(self, op: Operation) -> None:
        b = Builder.after(op)
        self.block, self.index = b.block, b.index

    def insert(self, op: Operation) -> Operation:
        self.changed = True
        return super().insert(op)

    def replace_op(self, op: Operation, new_values: Sequence[Value] | Operation) -> None:
        """Replace every use of ``op``'s results with ``new_values`` and erase it."""
        values = new_values.results if isinstance(new_values, Operation) else list(new_values)
        if len(values) != len(op.results):
            raise ValueError(f"replacing '{op.name}' ({len(op.results)} results) with {len(values)} values")
        for old, new in zip(op.results, values):
            if new.name_hint is None:
                new.name_hint = old.name_hint
            old.replace_all_uses_with(new)
        self.erase_op(op)

    def erase_op(self, op: Operation) -> None:
        if self.block is op.parent and self.index is not None:
            if op.parent.index_of(op) < self.index:
                self.index -= 1
        op.erase()
        self.changed = True

    def replace_all_uses(self, old: Value, new: Value) -> None:
        if old.uses:
            self.changed = True
        old.replace_all_uses_with(new)

    def inline_block_before(self, block: Block, anchor: Operation, args: Sequence[Value] = ()) -> None:
        """Move ``block``'s ops before ``anchor`` (terminator included),
        replacing its arguments with ``args``."""
        for a, v in zip(block.args, args):
            a.replace_all_uses_with(v)
        for op in list(block.ops):
            block.remove(op)
            anchor.parent.insert_before(anchor, op)
        self.changed = True
