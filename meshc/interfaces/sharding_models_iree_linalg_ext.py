"""ShardingInterface models of the iree_linalg_ext dialect (external models, registered on import by
:func:`meshc.interfaces.sharding.sharding_model`'s loader).

meshc's rules, after IREE's tiling interfaces of these ops (``LinalgExtOps.cpp``
``getLoopIteratorTypes``: sort, scan and topk are parallel on every dim but the one they run along;
scatter's loops are its updates' dims, gather's its output's):

* ``sort`` / ``scan`` / ``topk`` along dim ``d``: loops = the operand dims, all parallel; every
  operand and result linked on every dim but ``d``, which each device needs whole (its elements
  are ordered or combined together). scan's accumulator (rank - 1) is linked on the other dims.
  The ``outs`` are the results' destinations.
* ``arg_compare`` along dim ``d``: loops = the input's dims, all parallel; the input linked on every
  dim but ``d`` (the best element is searched over the whole dim), the two outs and results on the
  input's other dims; ``index_base`` is a scalar.
* ``scatter``: loops = the original's dims; the original and the result linked on every slice dim
  (the dims after the first ``index depth``), the updates' slice dims on the same loops; the
  indexed dims, the updates' batch dims and the indices stay replicated (a device writes rows it
  may not own otherwise).
* ``gather``: loops = the output's dims; output batch dims linked to the indices' batch dims,
  output slice dims to the source's slice dims; the source's indexed dims stay replicated (any
  device may read any row).

Partition clones each op onto its local operands (the default: the regions are scalar).
"""

from __future__ import annotations

from typing import Optional

from meshc.dialects import iree_linalg_ext as ext
from meshc.interfaces.sharding import PARALLEL, DimLink, IterationSpace, ShardingModel, register_sharding_model
from meshc.ir.core import Operation
from meshc.ir.types import TensorType


def _but(rank: int, d: int, loops: Optional[list] = None) -> tuple:
    """Links of a tensor whose dim ``k`` is loop ``loops[k]`` (default ``k``), ``d`` unlinked."""
    loops = loops if loops is not None else list(range(rank))
    return tuple(None if k == d else DimLink(loops[k]) for k in range(rank))


class _DestinationModel(ShardingModel):
    """Base of the LinalgExt models: each result is its ``outs`` operand's (destination style)."""

    def refine(self, op: Operation, known) -> Operation:
        """The results take their inits' (now static) types."""
        for r, v in zip(op.results, op.inits):  # type: ignore[attr-defined]
            r.type = v.type
        return op


class AlongDimModel(_DestinationModel):
    """sort / topk / scan along ``dimension``; see the module docstring."""

    def iteration_space(self, op: Operation) -> Optional[IterationSpace]:
        t = op.operands[0].type
        if not isinstance(t, TensorType) or t.rank is None:
            return None
        rank, d = t.rank, op.dimension  # type: ignore[attr-defined]
        full = _but(rank, d)
        operands = []
        for v in op.operands:
            r = v.type.rank if isinstance(v.type, TensorType) else None
            if r == rank:
                operands.append(full)
            elif r == rank - 1:  # scan's accumulator: the dims but d
                operands.append(tuple(DimLink(k if k < d else k + 1) for k in range(r)))
            else:
                return None
        n_in = len(op.operands) - len(op.results)
        results = tuple(operands[n_in + i] for i in range(len(op.results)))
        tied = tuple(None if k < n_in else k - n_in for k in range(len(op.operands)))
        return IterationSpace((PARALLEL,) * rank, tuple(operands), results, (None,) * len(op.results), tied)


class ArgCompareModel(_DestinationModel):
    """``iree_linalg_ext.arg_compare``; see the module docstring."""

    def iteration_space(self, op: Operation) -> Optional[IterationSpace]:
        t = op.operands[0].type
        if not isinstance(t, TensorType) or t.rank is None:
            return None
        rank, d = t.rank, op.dimension  # type: ignore[attr-defined]
        rest = tuple(DimLink(k if k < d else k + 1) for k in range(rank - 1))
        operands = [_but(rank, d), rest, rest] + [None] * (len(op.operands) - 3)
        return IterationSpace((PARALLEL,) * rank, tuple(operands), (rest, rest), (None, None),
                              (None, 0, 1) + (None,) * (len(op.operands) - 3))


class ScatterModel(_DestinationModel):
    """``iree_linalg_ext.scatter``; see the module docstring."""

    def iteration_space(self, op: Operation) -> Optional[IterationSpace]:
        orig, upd, idx = op.operands[2].type, op.operands[0].type, op.operands[1].type
        if not all(isinstance(t, TensorType) and t.rank is not None for t in (orig, upd, idx)):
            return None
        depth, batch = op.index_depth, op.batch_rank  # type: ignore[attr-defined]
        o = tuple(None if k < depth else DimLink(k) for k in range(orig.rank))
        u = tuple(None if k < batch else DimLink(depth + k - batch) for k in range(upd.rank))
        return IterationSpace((PARALLEL,) * orig.rank, (u, (None,) * idx.rank, o), (o,), (None,), (None, None, 0))


class GatherModel(_DestinationModel):
    """``iree_linalg_ext.gather``; see the module docstring."""

    def iteration_space(self, op: Operation) -> Optional[IterationSpace]:
        src, idx, out = (v.type for v in op.operands)
        if not all(isinstance(t, TensorType) and t.rank is not None for t in (src, idx, out)):
            return None
        depth, batch = op.index_depth, op.batch_rank  # type: ignore[attr-defined]
        s = tuple(None if k < depth else DimLink(batch + k - depth) for k in range(src.rank))
        i = tuple(DimLink(k) if k < batch else None for k in range(idx.rank))
        full = tuple(DimLink(k) for k in range(out.rank))
        return IterationSpace((PARALLEL,) * out.rank, (s, i, full), (full,), (None,), (None, None, 0))


def _register() -> None:
    along = AlongDimModel()
    for cls in (ext.SortOp, ext.ScanOp, ext.TopkOp):
        register_sharding_model(cls, along)
    register_sharding_model(ext.ArgCompareOp, ArgCompareModel())
    register_sharding_model(ext.ScatterOp, ScatterModel())
    register_sharding_model(ext.GatherOp, GatherModel())


_register()
