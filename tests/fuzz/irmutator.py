"""Structural mutations of parsed IR, printed in the generic form.

Text mutations rarely produce a *well-formed* generic op with the wrong
structure (the generic parser checks operand counts against the function
type), yet that is what exposes verifiers that accept malformed registered
ops whose custom printers then crash or print text that does not parse.
:func:`mutate_ir` parses a seed, changes one op's operands, results,
attributes or regions in memory, and prints the module in the generic form.
"""

from __future__ import annotations

import random
from typing import Optional

from meshc.ir import (ArrayAttr, Block, BoolAttr, DenseArrayAttr, DiagnosticError, FloatAttr, IntegerAttr,
                      OpResult, Region, StringAttr, TypeAttr, UnitAttr, print_op)
from meshc.ir.types import F32, I1, I32, I64, INDEX, TensorType

_TYPES = (F32, I32, I64, I1, INDEX, TensorType((4, 8), F32), TensorType((None,), I32), TensorType((), F32))
_ATTRS = (UnitAttr(), BoolAttr(True), IntegerAttr(7), IntegerAttr(-1, I32), FloatAttr(0.5), StringAttr("x"),
          StringAttr("parallel"), ArrayAttr(()), ArrayAttr((IntegerAttr(1), IntegerAttr(2))),
          DenseArrayAttr(I64, (1, -2, 3)), DenseArrayAttr(I64, ()), TypeAttr(F32), ArrayAttr((StringAttr("x"),)))


def _ops(module):
    return [op for op in module.walk() if op is not module]


def _visible_values(op) -> list:
    """Values defined before ``op`` in its block and in enclosing blocks (up to the function)."""
    out = []
    cur = op
    while cur is not None and cur.parent is not None:
        blk = cur.parent
        out.extend(blk.args)
        for o in blk.ops:
            if o is cur:
                break
            out.extend(o.results)
        owner = blk.parent_op
        if owner is None or owner.has_trait("IsolatedFromAbove"):
            break
        cur = owner
    return out


def mutate_ir(rng: random.Random, module) -> Optional[tuple[str, str]]:
    """One structural change to a random op of ``module`` (mutated in place):
    ``(generic text, description)``, or None when nothing applies."""
    ops = _ops(module)
    if not ops:
        return None
    op = rng.choice(ops)
    kind = rng.choice(("drop-operand", "add-operand", "swap-operand", "drop-result", "add-result",
                       "result-type", "drop-attr", "set-attr", "drop-region", "add-region", "add-block",
                       "empty-region"))
    if kind == "drop-operand" and op.operands:
        vals = list(op.operands)
        del vals[rng.randrange(len(vals))]
        op.set_operands(vals)
    elif kind in ("add-operand", "swap-operand"):
        vis = _visible_values(op)
        if not vis:
            return None
        vals = list(op.operands)
        if kind == "swap-operand" and vals:
            vals[rng.randrange(len(vals))] = rng.choice(vis)
        else:
            vals.insert(rng.randrange(len(vals) + 1), rng.choice(vis))
        op.set_operands(vals)
    elif kind == "drop-result" and op.results and not op.results[-1].uses:
        op.results.pop()
    elif kind == "add-result":
        op.results.append(OpResult(rng.choice(_TYPES), op, len(op.results)))
    elif kind == "result-type" and op.results:
        r = rng.choice(op.results)
        r.type = rng.choice(_TYPES + (_other_shape(r.type),))
    elif kind == "drop-attr" and (op.attributes or op.properties):
        d = op.attributes if op.attributes else op.properties
        del d[rng.choice(sorted(d))]
    elif kind == "set-attr":
        d = op.properties if op.properties and rng.random() < 0.5 else op.attributes
        keys = sorted(d) + ["value", "predicate", "sym_name", "operandSegmentSizes", "static_sizes"]
        d[rng.choice(keys)] = rng.choice(_ATTRS)
    elif kind == "drop-region" and op.regions:
        op.regions.pop(rng.randrange(len(op.regions)))
    elif kind == "add-region":
        r = Region()
        r.add_block(Block())
        op.add_region(r)
    elif kind == "add-block" and op.regions:
        rng.choice(op.regions).add_block(Block([rng.choice(_TYPES)]))
    elif kind == "empty-region" and op.regions:
        reg = rng.choice(op.regions)
        reg.blocks.clear()
    else:
        return None
    try:
        text = print_op(module, generic=True)
    except DiagnosticError:
        return None
    return text, f"{kind} on '{op.name}'"


def _other_shape(t):
    if isinstance(t, TensorType) and t.rank:
        return t.with_shape(tuple((d or 1) + 1 for d in t.shape))
    return TensorType((3,), t if not isinstance(t, TensorType) else t.element_type)
