"""``canonicalize``: fold constants, simplify, and erase dead code (MLIR's Canonicalizer).

Patterns, applied by the greedy driver of :mod:`meshc.passes.rewrite`
(which also erases ``Pure`` ops whose results are unused, e.g. an unused
``tensor.empty``, and hoists and merges constants at the top of each
function body as MLIR's ``OperationFolder`` does):

* **constant folding** of ``arith`` ops whose operands are all scalar
  constants (integers, ``index``, floats): binary ops, ``negf``, ``cmpi``,
  ``cmpf`` and casts. The values are computed with meshc's own arith
  kernels by the one folder, :mod:`meshc.kernels.fold`, so a folded program
  computes what the reference interpreter computes. Like MLIR, cases the
  arith dialect calls undefined are left alone (the rule of that module:
  division or remainder by zero, signed division of the minimum value by
  -1, shifts by the bit width or more), and so are ``fptosi``/``fptoui`` of
  NaN, infinities or out-of-range values;
* **integer identities** on scalars (MLIR's arith folders): ``x + 0``,
  ``x - 0``, ``x * 1``, ``x / 1``, ``x | 0``, ``x ^ 0`` -> ``x``;
  ``x * 0``, ``x & 0``, ``x - x``, ``x ^ x`` -> ``0``; ``x & x``, ``x | x`` -> ``x``;
  ``cmpi`` of a value with itself;
* **commutative ops** put a constant operand on the right (so CSE sees
  ``addi %c, %x`` and ``addi %x, %c`` as one);
* ``arith.select`` with a constant condition, or with equal branches;
* ``tensor.dim`` of a static dimension -> an ``index`` constant; of a dynamic
  dimension of a ``tensor.empty`` -> that dimension's size operand;
* the patterns ops declare themselves (``canonicalization_patterns`` of the op
  class, MLIR's ``getCanonicalizationPatterns``), e.g. the mesh dialect's:
  collectives over an empty or single-process device group erased, static
  ``mesh_shape`` / ``process_*_index`` folded, duplicate ``mesh.shard`` ops
  merged (:mod:`meshc.dialects.mesh_folds`).
* ``mesh.for_all`` / ``mesh.for_one`` yield only their used results.

Options: ``max-iterations`` bounds the driver's sweeps over the IR;
``test-convergence`` makes not reaching a fixpoint within them an error.
"""

from __future__ import annotations

import math
from typing import Any, Optional

import meshc.dialects.arith as arith
from meshc.ir.attributes import Attribute, FloatAttr, IntegerAttr
from meshc.ir.core import Operation, Value
from meshc.ir.types import I1, INDEX, FloatType, IndexType, IntegerType, TensorType, Type
from meshc.passes.base import Option, Pass
from meshc.kernels.fold import fold_binary
from meshc.passes.rewrite import PatternRewriter, RewritePattern, apply_patterns_greedily, constant_value



# ------------------------------------------------------------------ scalars <-> numpy
def _is_scalar(t: Type) -> bool:
    return isinstance(t, (IntegerType, IndexType, FloatType))


def _width(t: Type) -> int:
    return 64 if isinstance(t, IndexType) else t.width  # type: ignore[attr-defined]


def _scalar_of(v: Value) -> Optional[Any]:
    """The numpy scalar held by the scalar constant defining ``v`` (or None)."""
    attr = constant_value(v)
    if not _is_scalar(v.type) or not isinstance(attr, (IntegerAttr, FloatAttr)):
        return None
    import numpy as np

    from meshc.ir.types import numpy_dtype

    try:
        dt = numpy_dtype(v.type)
    except ValueError:
        return None
    if isinstance(attr, FloatAttr):
        return np.array(attr.value, dtype=np.float64).astype(dt)[()]
    if dt == np.bool_:
        return np.bool_(attr.value != 0)
    return np.array(attr.value).astype(dt)[()]


def _attr_of(x: Any, t: Type) -> Attribute:
    """The attribute of value ``x`` (a numpy scalar) as a constant of type ``t``."""
    if isinstance(t, FloatType):
        return FloatAttr(float(x), t)
    if t == I1:
        return IntegerAttr(1 if bool(x) else 0, I1)
    return IntegerAttr(int(x), t)


def _int_value(v: Value) -> Optional[int]:
    """The Python int of a scalar integer constant (signed reading), or None."""
    attr = constant_value(v)
    if isinstance(attr, IntegerAttr) and isinstance(v.type, (IntegerType, IndexType)):
        return attr.value
    return None


# ------------------------------------------------------------------ folding patterns
class FoldBinary(RewritePattern):
    """``arith.<binop>`` of two scalar constants -> a constant."""

    op_names = tuple(f"arith.{n}" for n in arith.INT_BINARY + arith.FLOAT_BINARY)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        kind = op.name.split(".", 1)[1]
        a, b = (_scalar_of(v) for v in op.operands)
        result = None if a is None or b is None else fold_binary(kind, a, b, op.result.type)
        if result is None:
            return False
        rewriter.replace_op(op, [rewriter.constant(_attr_of(result, op.result.type), op.result.type, op)])
        return True


class FoldUnaryAndCasts(RewritePattern):
    """``arith.negf`` and casts of a scalar constant -> a constant."""

    op_names = ("arith.negf",) + tuple(f"arith.{n}" for n in arith.CASTS)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        from meshc.ir.types import numpy_dtype
        from meshc.kernels import arith as k

        kind = op.name.split(".", 1)[1]
        x = _scalar_of(op.operands[0])
        t = op.result.type
        if x is None or not _is_scalar(t):
            return False
        if kind == "negf":
            result = k.UNARY["negf"](x)
        else:
            fn = k.CASTS.get(kind)
            if fn is None or (kind in ("fptosi", "fptoui") and not _float_fits(float(x), t, kind == "fptosi")):
                return False
            result = fn(x, numpy_dtype(t))
        rewriter.replace_op(op, [rewriter.constant(_attr_of(result, t), t, op)])
        return True


def _float_fits(x: float, t: Type, signed: bool) -> bool:
    if not math.isfinite(x):
        return False
    width = _width(t)
    lo, hi = (-(1 << (width - 1)), (1 << (width - 1)) - 1) if signed else (0, (1 << width) - 1)
    return lo <= math.trunc(x) <= hi


class FoldCompare(RewritePattern):
    """``arith.cmpi``/``cmpf`` of scalar constants -> an i1 constant; ``cmpi``
    of a value with itself -> true for eq/sle/sge/ule/uge, false otherwise."""

    op_names = ("arith.cmpi", "arith.cmpf")

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        from meshc.kernels import arith as k

        if op.result.type != I1:
            return False
        lhs, rhs = op.operands
        pred = op.predicate  # type: ignore[attr-defined]
        if op.name == "arith.cmpi" and lhs is rhs:
            result: Any = pred in ("eq", "sle", "sge", "ule", "uge")
        else:
            a, b = _scalar_of(lhs), _scalar_of(rhs)
            if a is None or b is None:
                return False
            result = (k.cmpi if op.name == "arith.cmpi" else k.cmpf)(pred, a, b)
        rewriter.replace_op(op, [rewriter.constant(_attr_of(result, I1), I1, op)])
        return True


class FoldSelect(RewritePattern):
    """``arith.select`` with a constant scalar condition, or equal branches -> that branch."""

    op_names = ("arith.select",)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        cond, a, b = op.operands
        if a is b:
            rewriter.replace_op(op, [a])
            return True
        c = _int_value(cond) if cond.type == I1 else None
        if c is None:
            return False
        rewriter.replace_op(op, [a if c != 0 else b])
        return True


_ZERO_IS_IDENTITY = ("addi", "subi", "ori", "xori", "shli", "shrsi", "shrui")
_ONE_IS_IDENTITY = ("muli", "divsi", "divui")
_ZERO_ABSORBS = ("muli", "andi")


class IntegerIdentities(RewritePattern):
    """Scalar integer identities; see the module docstring."""

    op_names = tuple(f"arith.{n}" for n in set(_ZERO_IS_IDENTITY + _ONE_IS_IDENTITY + _ZERO_ABSORBS))

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        t = op.result.type
        if not isinstance(t, (IntegerType, IndexType)):
            return False
        kind = op.name.split(".", 1)[1]
        x, y = op.operands
        cy = _int_value(y)
        replacement: Optional[Value] = None
        if cy == 0 and kind in _ZERO_IS_IDENTITY:
            replacement = x
        elif cy == 1 and kind in _ONE_IS_IDENTITY and t != I1:
            replacement = x
        elif cy == 0 and kind in _ZERO_ABSORBS:
            replacement = y
        elif x is y and kind in ("andi", "ori"):
            replacement = x
        elif x is y and kind in ("subi", "xori"):
            replacement = rewriter.constant(IntegerAttr(0, t), t, op)
        if replacement is None:
            return False
        rewriter.replace_op(op, [replacement])
        return True


class ConstantToRight(RewritePattern):
    """A ``Commutative`` op with a constant left operand and a non-constant
    right one swaps them (MLIR's canonical operand order)."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        if not op.has_trait("Commutative") or len(op.operands) != 2:
            return False
        a, b = op.operands
        if constant_value(a) is None or constant_value(b) is not None:
            return False
        op.set_operand(0, b)
        op.set_operand(1, a)
        rewriter.modified(op)
        return True


class FoldTensorDim(RewritePattern):
    """``tensor.dim %t, %c`` with a constant in-range index: a static size
    becomes an ``index`` constant; a dynamic size of a ``tensor.empty``
    result becomes the matching size operand of the ``tensor.empty``."""

    op_names = ("tensor.dim",)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        if len(op.operands) != 2:
            return False
        source, index = op.operands
        i = _int_value(index)
        t = source.type
        if i is None or not isinstance(t, TensorType) or not 0 <= i < len(t.shape):
            return False
        size = t.shape[i]
        if size is not None:
            rewriter.replace_op(op, [rewriter.constant(IntegerAttr(size, INDEX), INDEX, op)])
            return True
        producer = getattr(source, "op", None)
        if producer is not None and producer.name == "tensor.empty":
            k = sum(1 for d in t.shape[:i] if d is None)
            if k < len(producer.operands):
                rewriter.replace_op(op, [producer.operands[k]])
                return True
        return False


class OpCanonicalization(RewritePattern):
    """The op's own ``canonicalization_patterns`` (see :class:`meshc.ir.core.Operation`)."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        for pattern in type(op).canonicalization_patterns:
            if pattern(op, rewriter):
                return True
        return False



class DropUnusedSpmdResults(RewritePattern):
    """A ``mesh.for_all`` / ``mesh.for_one`` with results and some of them unused yields only the
    used ones (as MLIR's ``scf.if``/``scf.for`` canonicalizations drop unused results), so that what
    only fed an unused result becomes dead code (a body fused by ``fuse-spmd-regions`` yields every
    value a later region may read, and a device whose later body does not read it computes it
    for nothing)."""

    op_names = ("mesh.for_all", "mesh.for_one")

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        if not op.results or all(r.uses for r in op.results) or len(op.regions) != 1 \
                or len(op.regions[0].blocks) != 1:
            return False
        body = op.regions[0].blocks[0]
        term = body.ops[-1] if body.ops else None
        if term is None or term.name != "mesh.yield" or len(term.operands) != len(op.results):
            return False
        keep = [i for i, r in enumerate(op.results) if r.uses]
        if not keep:
            return False  # a dead pure op: the driver erases it
        term.set_operands([term.operands[i] for i in keep])
        region = op.regions[0]
        op.regions = []
        new = Operation.create(list(op.operands), [op.results[i].type for i in keep], dict(op.attributes),
                               dict(op.properties), [region], op.location, op.name,
                               [op.results[i].name_hint for i in keep])
        rewriter.insert(new)
        for j, i in enumerate(keep):
            op.results[i].replace_all_uses_with(new.results[j])
        rewriter.erase_op(op)
        return True


PATTERNS = (FoldBinary, FoldUnaryAndCasts, FoldCompare, FoldSelect, IntegerIdentities, FoldTensorDim,
            ConstantToRight, OpCanonicalization, DropUnusedSpmdResults)


class Canonicalize(Pass):
    """Canonicalize: see the module docstring."""

    name = "canonicalize"
    display_name = "Canonicalizer"
    summary = ("Fold constants, simplify arith/select/tensor.dim, run the ops' own canonicalization patterns, "
               "erase dead pure ops, hoist and merge constants")
    options = (
        Option("max-iterations", int, 10,
               "Sweeps of the greedy driver over the IR before it stops (-1: until nothing changes).",
               minimum=-1, minimum_note="-1: no limit"),
        Option("test-convergence", bool, False, "Fail if the IR still changes after max-iterations sweeps."),
    )

    def run(self, op: Operation) -> None:
        driver = apply_patterns_greedily(op, [p() for p in PATTERNS], self.max_iterations)
        if not driver.changed:
            self.mark_all_preserved()
        if self.test_convergence and not driver.converged:
            raise self.error(op, f"canonicalization did not converge within {self.max_iterations} iterations")
