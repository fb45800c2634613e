"""The one table of reduction combiners: arith op <-> mesh reduction kind <-> numpy.

A reduction body ``out = combiner(f(inputs), out)`` whose combiner is one of
:data:`COMBINERS` has a mesh ``ReductionKind`` (``arith.addf`` -> ``sum``,
``arith.maxnumf`` -> ``max``...): that is how upstream MLIR's ShardingInterface
models of linalg ops turn a reduction loop split over a mesh axis into a
``partial`` sharding, and how meshc's unshard combines the shards of a partial
result back (``unroll``), how the backend recognises that combination
(:func:`meshc.backend.emit.emit_program`), and how the kernels pick their fast
reduction paths (:mod:`meshc.kernels.combiners`).

Every consumer imports this table; nothing else lists combiner ops. Pure data:
it imports nothing of meshc.

Source: MLIR arith op semantics (``ArithOps.td``) and the mesh dialect's
``ReductionKind`` (``MeshBase.td``); ``product`` is ``mulf``/``muli``,
``bitwise_*`` exist for integers only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

__all__ = ["Combiner", "COMBINERS", "KIND_OF_OP", "KIND_UFUNC", "combiner_op", "by_op"]


@dataclass(frozen=True)
class Combiner:
    """One combiner: the arith op ``op`` (full name, ``"arith.addf"``), the mesh reduction ``kind``
    it computes (``"sum"``), whether it is a float op, and ``canonical``: whether unshard picks this
    op for ``kind`` on its element kind (one canonical op per kind and element kind)."""

    op: str
    kind: str
    is_float: bool
    canonical: bool = False

    @property
    def short(self) -> str:
        """The op name without the dialect (``"addf"``): the kernels' key."""
        return self.op.split(".", 1)[1]


#: Every combiner op, floats first (the order :mod:`meshc.kernels.combiners` lists them in).
COMBINERS: tuple[Combiner, ...] = (
    Combiner("arith.addf", "sum", True, True),
    Combiner("arith.mulf", "product", True, True),
    Combiner("arith.maximumf", "max", True, True),
    Combiner("arith.minimumf", "min", True, True),
    Combiner("arith.maxnumf", "max", True),
    Combiner("arith.minnumf", "min", True),
    Combiner("arith.addi", "sum", False, True),
    Combiner("arith.muli", "product", False, True),
    Combiner("arith.maxsi", "max", False, True),
    Combiner("arith.minsi", "min", False, True),
    Combiner("arith.maxui", "max", False),
    Combiner("arith.minui", "min", False),
    Combiner("arith.andi", "bitwise_and", False, True),
    Combiner("arith.ori", "bitwise_or", False, True),
    Combiner("arith.xori", "bitwise_xor", False, True),
)

#: arith op name -> mesh reduction kind.
KIND_OF_OP: dict[str, str] = {c.op: c.kind for c in COMBINERS}

#: mesh reduction kind -> the numpy ufunc (by name) folding two partial values elementwise; ``average``
#: folds with ``add`` and divides afterwards (:meth:`meshc.sharding.spec.ReductionKind.reduce`).
KIND_UFUNC: dict[str, str] = {"sum": "add", "average": "add", "product": "multiply", "max": "maximum",
                              "min": "minimum", "bitwise_and": "bitwise_and", "bitwise_or": "bitwise_or",
                              "bitwise_xor": "bitwise_xor"}

_BY_OP = {c.op: c for c in COMBINERS}
_CANONICAL = {(c.kind, c.is_float): c.op for c in COMBINERS if c.canonical}


def by_op(name: str) -> Optional[Combiner]:
    """The combiner whose op is ``name`` (``"arith.maxnumf"``), or None when ``name`` is not one."""
    return _BY_OP.get(name)


def combiner_op(kind: str, is_float: bool) -> Optional[str]:
    """The arith op that combines two partial values of reduction ``kind`` (``"sum"``) on float
    (``is_float``) or integer elements: ``addf``/``addi``, ``maximumf``/``maxsi``, ``minimumf``/``minsi``,
    ``mulf``/``muli``, and ``andi``/``ori``/``xori`` for integers. None when no arith op computes it
    (``average``, ``generic``, bitwise kinds on floats)."""
    return _CANONICAL.get((kind, is_float))
