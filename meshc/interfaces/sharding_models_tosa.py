"""ShardingInterface models of the tosa dialect (external models, registered on import by
:func:`meshc.interfaces.sharding.sharding_model`'s loader).

After upstream MLIR's TOSA ``ShardingInterfaceImpl.cpp`` (elementwise ops and ``tosa.matmul``),
with meshc's rule for ``tosa.transpose``:

* elementwise ops (:class:`meshc.dialects.tosa.ElementwiseTosaOp`): one parallel loop per result
  dim; a data operand's dim is linked to its loop unless it is broadcast (size 1 against a larger
  result dim: it stays replicated); zero points and ``mul``'s shift are not linked (replicated,
  ``[[]]`` as upstream shows them);
* ``tosa.matmul``: loops ``(n, h, w, c)``, parallel except the reduction ``c``; ``a`` is
  ``(n, h, c)``, ``b`` ``(n, c, w)``, the result ``(n, h, w)``, partial ``sum`` when ``c`` is split
  (upstream's batch-matmul model); zero points replicated;
* ``tosa.transpose``: loops = result dims; input dim ``perms[i]`` is linked to loop ``i`` (no rule
  when the permutation is not a constant); the perms operand is replicated.

Partition clones each op onto its local operands (the default); ``refine`` gives unroll the
static result shapes (broadcast: the larger size per dim; matmul: ``(N, H, W)``; transpose: the
permuted input shape).
"""

from __future__ import annotations

from typing import Optional

from meshc.dialects import tosa
from meshc.interfaces.sharding import (PARALLEL, REDUCTION, DimLink, IterationSpace, ShardingModel,
                                       register_sharding_model)
from meshc.ir.core import Operation
from meshc.ir.types import TensorType


def _unlinked(t) -> Optional[tuple]:
    return (None,) * t.rank if isinstance(t, TensorType) else None


def _identity(rank: int) -> tuple:
    return tuple(DimLink(d) for d in range(rank))


class TosaElementwiseModel(ShardingModel):
    """Elementwise tosa ops with TOSA broadcasting; see the module docstring."""

    def iteration_space(self, op: Operation) -> Optional[IterationSpace]:
        t = op.results[0].type if len(op.results) == 1 else None
        if not isinstance(t, TensorType):
            return None
        data = op.data_operand_count  # type: ignore[attr-defined]
        operands = []
        for k, v in enumerate(op.operands):
            if k >= data or not isinstance(v.type, TensorType) or v.type.rank != t.rank:
                operands.append(_unlinked(v.type))
                continue
            links = tosa.broadcast_links(v.type, t)
            operands.append(tuple(DimLink(d) if linked else None for d, linked in enumerate(links)))
        return IterationSpace((PARALLEL,) * t.rank, tuple(operands), (_identity(t.rank),))

    def refine(self, op: Operation, known) -> Operation:
        """Result dim = the largest static size of the data operands' dim (all static), else as is."""
        t = op.results[0].type
        shapes = [v.type.shape for v in op.operands[:op.data_operand_count]  # type: ignore[attr-defined]
                  if isinstance(v.type, TensorType) and v.type.rank == t.rank]
        new = []
        for d, old in enumerate(t.shape):
            sizes = [s[d] for s in shapes]
            new.append(old if not sizes or any(s is None for s in sizes) else max(sizes))
        op.results[0].type = t.with_shape(tuple(new))
        return op


class TosaMatMulModel(ShardingModel):
    """``tosa.matmul``: the batch matmul model; see the module docstring."""

    def iteration_space(self, op: Operation) -> Optional[IterationSpace]:
        a, b = op.operands[0].type, op.operands[1].type
        if not all(isinstance(t, TensorType) and t.rank == 3 for t in (a, b, op.results[0].type)):
            return None
        n, h, w, c = (DimLink(i) for i in range(4))
        operands = [(n, h, c), (n, c, w)] + [_unlinked(v.type) for v in op.operands[2:]]
        return IterationSpace((PARALLEL, PARALLEL, PARALLEL, REDUCTION), tuple(operands), ((n, h, w),), ("sum",))

    def refine(self, op: Operation, known) -> Operation:
        a, b = op.operands[0].type, op.operands[1].type
        op.results[0].type = op.results[0].type.with_shape((a.shape[0], a.shape[1], b.shape[2]))
        return op


class TosaTransposeModel(ShardingModel):
    """``tosa.transpose``; see the module docstring."""

    def iteration_space(self, op: Operation) -> Optional[IterationSpace]:
        perms = op.perms()  # type: ignore[attr-defined]
        t = op.results[0].type
        if perms is None or not isinstance(t, TensorType) or len(perms) != t.rank:
            return None
        links = [None] * t.rank
        for i, p in enumerate(perms):
            links[p] = DimLink(i)
        operands = [tuple(links)] + [_unlinked(v.type) for v in op.operands[1:]]
        return IterationSpace((PARALLEL,) * t.rank, tuple(operands), (_identity(t.rank),))

    def refine(self, op: Operation, known) -> Operation:
        perms = op.perms()  # type: ignore[attr-defined]
        shape = op.operands[0].type.shape
        if perms is not None:
            op.results[0].type = op.results[0].type.with_shape(tuple(shape[p] for p in perms))
        return op


def _register() -> None:
    register_sharding_model(tosa.ElementwiseTosaOp, TosaElementwiseModel())
    register_sharding_model(tosa.MatMulOp, TosaMatMulModel())
    register_sharding_model(tosa.TransposeOp, TosaTransposeModel())


_register()
