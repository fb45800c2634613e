"""Structural verification of IR (MLIR's rules), then each op's ``verify_``.

Checks, in order, for every op (pre-order):
  * each operand is defined: a value of an enclosing block that dominates the
    use (defined earlier in the same block, or in a block of an enclosing
    region), and not across an ``IsolatedFromAbove`` op;
  * the op is registered or a known-unregistered op (kept in generic form);
  * terminators stand last in their block;
  * successors (``"op"(...)[^bb1]``): only an op that ends its block has
    them, each is a block of that same region and not its entry block, and
    a registered op has none (no meshc op branches; MLIR's ``ZeroSuccessors``);
  * every integer ``array<iN: ...>`` among its attributes and properties
    (also inside arrays and dictionaries) holds values its element type can
    store (MLIR's ``DenseI64ArrayAttr`` holds ``int64_t``: a custom form's
    parser that skipped the check would print a generic form that reads back
    differently, e.g. 2**63 as the dynamic-size sentinel -2**63);
  * the op's own ``verify_()``;
  * the argument hooks (:func:`register_argument_verify_hook`) on the
    arguments of each block, before the ops in it, so a bad argument type is
    reported at the argument, as MLIR's parser does.

Raises :class:`DiagnosticError` at the first problem, located at the op.

Cost: O(ops + operands) per verification, as MLIR's verifier. Operand
dominance within a block compares positions from one index per block built
once per verification; symbol lookups (``module.lookup``: the mesh of every
sharding, the callee of every call) go through a symbol table built once per
verification (:func:`meshc.ir.core.symbol_lookup_cache`), not a scan of the
module per use.
"""

from __future__ import annotations

from meshc.ir.attributes import ArrayAttr, Attribute, DenseArrayAttr, DictionaryAttr
from meshc.ir.core import Block, BlockArgument, Operation, OpResult, Placeholder, Value, symbol_lookup_cache
from meshc.ir.limits import recursion_headroom
from meshc.ir.location import DiagnosticError, note
from meshc.ir.types import IntegerType


_OP_HOOKS: list = []


_ARG_HOOKS: list = []


def register_argument_verify_hook(fn) -> None:
    """Run ``fn(op, argument)`` on every block argument of ``op``'s regions before the ops of that
    block are verified (dialects use it for checks of argument types, e.g. shardings in them).
    ``fn`` raises :class:`DiagnosticError`, located at the argument when it has a location."""
    if fn not in _ARG_HOOKS:
        _ARG_HOOKS.append(fn)


def register_op_verify_hook(fn) -> None:
    """Run ``fn(op)`` on every op after its own ``verify_`` (dialects use it
    for checks that apply to any op, e.g. the shardings inside tensor types).
    ``fn`` raises :class:`DiagnosticError`."""
    if fn not in _OP_HOOKS:
        _OP_HOOKS.append(fn)


def verify(op: Operation) -> None:
    """Verify ``op`` and everything nested in it.

    Raises:
        DiagnosticError: the first violation found.
    """
    with recursion_headroom(), symbol_lookup_cache():
        _verify_op(op, {})


def _visible_index(block: Block) -> dict[int, int]:
    return {id(o): i for i, o in enumerate(block.ops)}


def _verify_op(op: Operation, block_index: dict[int, dict[int, int]]) -> None:
    for i, v in enumerate(op.operands):
        _check_dominance(op, i, v, block_index)
    for region in op.regions:
        for block in region.blocks:
            for arg in block.args:
                for hook in _ARG_HOOKS:
                    hook(op, arg)
            ops = block.ops
            if len(ops) > 1:  # positions for the dominance of uses in this block, built once
                block_index[id(block)] = {id(o): j for j, o in enumerate(ops)}
            last = len(ops) - 1
            for j, inner in enumerate(ops):
                if j != last and "Terminator" in inner.traits:
                    raise inner.error("must be the last operation in the parent block")
                if inner.successors:
                    _check_successors(inner, block, j == last)
                _verify_op(inner, block_index)
    for where in (op.attributes, op.properties):
        if where:
            for name, attr in where.items():
                if isinstance(attr, _MAY_HOLD_INT_ARRAYS):
                    _check_int_array(op, name, attr)
    try:
        op.verify_()
        for hook in _OP_HOOKS:
            hook(op)
    except DiagnosticError:
        raise
    except (ValueError, KeyError, IndexError, TypeError, AttributeError) as err:
        raise op.error(f"is malformed: {err}") from None


def _check_successors(op: Operation, block: Block, last: bool) -> None:
    """MLIR's rules for successors (Operation and Region verification in MLIR's Verifier.cpp).

    Raises:
        DiagnosticError: at ``op``: a registered op with successors that does not declare them
            (``prints_successors``: a branch such as ``cf.br``), an op with successors that does not
            end its block, a successor in another region or the region's entry block.
    """
    if type(op) is not Operation and not getattr(op, "prints_successors", False):
        raise op.error(f"requires 0 successors but found {len(op.successors)}")
    if not last:
        raise op.error("operation with block successors must terminate its parent block")
    region = block.parent
    for k, succ in enumerate(op.successors):
        if region is None or succ.parent is not region:
            raise op.error(f"successor #{k} is a block of another region (a successor must be a block of "
                           "the region holding the op)")
        if succ is region.blocks[0]:
            raise op.error(f"successor #{k} is the entry block of the region, which may not have "
                           "predecessors")


#: The attribute kinds :func:`_check_int_array` looks into (every other kind holds no integer array).
_MAY_HOLD_INT_ARRAYS = (ArrayAttr, DictionaryAttr, DenseArrayAttr)


def _check_int_array(op: Operation, name: str, attr: Attribute) -> None:
    """Raise (located at ``op``) when an integer DenseArrayAttr in ``attr`` holds a value outside
    its element type: ``[-2**(w-1), 2**(w-1))`` for signless and signed ``iw``, ``[0, 2**w)`` for
    ``uiw``, 0/1 for ``i1`` (the stored form: the parser turns ``array<i8: 255>`` into -1)."""
    if isinstance(attr, (ArrayAttr, DictionaryAttr)):
        for inner in (attr.elements if isinstance(attr, ArrayAttr) else (a for _, a in attr.entries)):
            _check_int_array(op, name, inner)
        return
    if not isinstance(attr, DenseArrayAttr) or not isinstance(attr.element_type, IntegerType):
        return
    w = attr.element_type.width
    if w == 1:
        lo, hi = -1, 1
    elif attr.element_type.signedness == "u":
        lo, hi = 0, (1 << w) - 1
    else:
        lo, hi = -(1 << (w - 1)), (1 << (w - 1)) - 1
    for v in attr.values:
        if isinstance(v, float) or not lo <= v <= hi:
            raise op.error(f"attribute '{name}' holds {v}, out of range for '{attr.element_type}' (from {lo} to "
                           f"{hi})")


def _check_dominance(user: Operation, index: int, v: Value, cache: dict) -> None:
    """Raise (located at ``user``) unless operand ``index``, ``v``, dominates its use. ``cache``, one per
    verification: ``id(block)`` -> the positions of its ops, and ``(id(block), id(def_block))`` -> the
    op of ``def_block`` that holds ``block``, with no ``IsolatedFromAbove`` op between."""
    if type(v) is OpResult and v.op.parent is user.parent and user.parent is not None:
        # the common case, a value defined in the user's own block: compare the two positions
        idx = cache.get(id(user.parent))
        if idx is not None:
            p_def, p_use = idx.get(id(v.op)), idx.get(id(user))
            if p_def is not None and p_use is not None and p_def < p_use:
                return
    if isinstance(v, Placeholder):
        raise DiagnosticError(f"use of undeclared SSA value name '%{v.name}'", v.loc)
    def_block = v.parent_block()
    if def_block is None:
        raise user.error(f"operand #{index} does not belong to any block (was its defining op erased?)")
    # walk up from the user until reaching def_block; the blocks passed on the way remember the op of
    # def_block that holds them (no isolated op between), so the uses of one value at every level of a
    # nest cost O(depth) in all, not O(depth) each
    cur: Operation = user
    passed: list[Block] = []
    while True:
        blk = cur.parent
        if blk is None:
            raise user.error(f"operand #{index} is not defined in an enclosing scope",
                             [note("operand defined here", v.location)] if v.location.known else [])
        if blk is not def_block:
            holder = cache.get((id(blk), id(def_block)))  # type: ignore[call-overload]
            if holder is not None:
                cur, blk = holder, def_block
        if blk is def_block:
            for b in passed:
                cache[(id(b), id(def_block))] = cur  # type: ignore[index]
            if isinstance(v, BlockArgument):
                return
            assert isinstance(v, OpResult)
            idx = cache.get(id(blk))
            if idx is None or id(v.op) not in idx or id(cur) not in idx:
                idx = _visible_index(blk)
                cache[id(blk)] = idx
            if idx.get(id(v.op), 1 << 60) < idx.get(id(cur), -1):
                return
            raise user.error(f"operand #{index} does not dominate this use",
                             [note("operand defined here", v.location)] if v.location.known else [])
        if blk.parent is not None and blk.parent is def_block.parent:
            # another block of the same region: the entry block dominates all;
            # meshc does not model branches, so any earlier block is accepted
            region_blocks = blk.parent.blocks
            if region_blocks.index(def_block) < region_blocks.index(blk):
                return
            raise user.error(f"operand #{index} does not dominate this use",
                             [note("operand defined here", v.location)] if v.location.known else [])
        owner = blk.parent_op
        if owner is None:
            raise user.error(f"operand #{index} is not defined in an enclosing scope")
        if owner.has_trait("IsolatedFromAbove"):
            raise user.error(f"using value defined outside the region of '{owner.name}', which is isolated "
                             "from above", [note("value defined here", v.location)] if v.location.known else [])
        passed.append(blk)
        cur = owner
