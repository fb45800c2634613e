"""Affine forms of the index values a structured op's body computes from its own loop indices.

IREE's dispatch creation fuses reshapes and the rotate-half of grouped-query attention into the
products that read them, so a ``tensor.extract`` inside a ``linalg.generic`` body indexes a captured
tensor not by one ``linalg.index`` but by index arithmetic on several: the 8 query heads as 4 KV
groups of 2 read at ``2 * d2 + d3``, a collapsed loop delinearized by ``d3 floordiv 4`` and
``d3 mod 4``. :func:`index_form` reads such a value as an affine form over *digits* of the loops:

* a digit ``(loop, div, size)`` is ``(i_loop floordiv div) mod size``, ranging over ``[0, size)``;
  ``linalg.index k`` of a loop of static trip count ``T`` is the digit ``(k, 1, T)``, the whole loop;
* a form is ``sum(c * digit) + c0`` with integer coefficients; ``arith.addi``/``subi``, ``muli`` by a
  constant, and ``index_cast``/``index_castui`` (when the range fits the type) combine forms;
* ``divsi``/``divui``/``floordivsi``/``remsi``/``remui`` by a positive constant ``q`` of a
  non-negative form are exact when the form splits into a part whose coefficients ``q`` divides and a
  remainder part ranging inside ``[0, q)`` (a digit of coefficient ``c`` is first cut into its low and
  high digits where ``c`` times the low digit's size becomes a multiple of ``q``, when its size allows):
  ``d3 floordiv 4`` with ``d3`` in ``[0, 8)`` is the high
  digit ``(3, 4, 2)``, ``(4 * d0 + d1) mod 4`` with ``d1`` in ``[0, 4)`` is ``d1``. Anything else
  (a data-dependent value, a product of loops, an inexact division) has no form.

:func:`block_link` then says when a form indexes a dim of size ``N`` as a contiguous block split of one
loop: its *major* digit ``(k, div, s)`` is the top digit of loop ``k`` (``div * s`` is its trip
count), with coefficient ``C`` where ``C * s == N``, and the other terms range inside ``[0, C)``.
Splitting loop ``k`` over ``n`` devices with ``n | s`` gives device ``j`` the digit values
``[j s / n, (j + 1) s / n)``, so it reads only the dim's elements ``[j N / n, (j + 1) N / n)``: the
balanced block of the dim (``DESIGN.md``), as a collapsed reshape group does
(:attr:`DimLink.multiple <meshc.interfaces.sharding.DimLink>` = ``s``). ``2 * d2 + d3`` with ``d2`` in
``[0, 4)`` and ``d3`` in ``[0, 2)`` links an 8-long dim to ``d2``; a split of ``d3`` is no block
split of it. The rule is the one MLIR's ``linalg`` collapse/expand of iteration spaces relies on
(``mlir/lib/Dialect/Linalg/Transforms/ElementwiseOpFusion.cpp``: a collapsed group's major loop).
"""

from __future__ import annotations

from dataclasses import dataclass
from math import gcd
from typing import Optional, Sequence

import meshc.dialects.linalg as linalg
from meshc.dialects.arith import integer_constant
from meshc.ir.core import Operation, OpResult, Value
from meshc.ir.types import IndexType, IntegerType

__all__ = ["Digit", "IndexForm", "index_form", "block_link"]


@dataclass(frozen=True, order=True)
class Digit:
    """``(i_loop floordiv div) mod size``: values in ``[0, size)``."""

    loop: int
    div: int
    size: int


@dataclass(frozen=True)
class IndexForm:
    """``sum(c * digit for digit, c in terms) + const`` (terms sorted, no zero coefficient)."""

    terms: tuple[tuple[Digit, int], ...]
    const: int = 0

    @property
    def low(self) -> int:
        """The least value the form takes."""
        return self.const + sum(min(0, c * (d.size - 1)) for d, c in self.terms)

    @property
    def high(self) -> int:
        """The greatest value the form takes."""
        return self.const + sum(max(0, c * (d.size - 1)) for d, c in self.terms)


def _form(terms: dict[Digit, int], const: int, trips: Sequence[Optional[int]]) -> IndexForm:
    """The normal form: digits clipped to their loop's range, empty digits dropped, and a digit
    followed by the next one of the same loop at the matching coefficient merged into one."""
    clipped: dict[Digit, int] = {}
    for d, c in terms.items():
        size = min(d.size, -(-trips[d.loop] // d.div))  # type: ignore[operator]
        if c and size > 1:
            key = Digit(d.loop, d.div, size)
            clipped[key] = clipped.get(key, 0) + c
    merged = True
    while merged:
        merged = False
        for lo, c in list(clipped.items()):
            hi = next((d for d in clipped if d.loop == lo.loop and d.div == lo.div * lo.size
                       and clipped[d] == c * lo.size), None)
            if hi is not None:
                del clipped[lo], clipped[hi]
                clipped[Digit(lo.loop, lo.div, lo.size * hi.size)] = c
                merged = True
                break
    return IndexForm(tuple(sorted((d, c) for d, c in clipped.items() if c)), const)


def _add(a: IndexForm, b: IndexForm, scale: int, trips) -> IndexForm:
    terms = dict(a.terms)
    for d, c in b.terms:
        terms[d] = terms.get(d, 0) + scale * c
    return _form(terms, a.const + scale * b.const, trips)


def _divide(f: IndexForm, q: int, trips) -> Optional[tuple[IndexForm, IndexForm]]:
    """``(f floordiv q, f mod q)`` when exact as forms (module docstring), else None."""
    if q <= 0 or f.low < 0:
        return None
    terms: dict[Digit, int] = {}
    for d, c in f.terms:
        step = q // gcd(q, abs(c))  # the digit's multiple at which its coefficient becomes a multiple of q
        if c % q and 1 < step < d.size and d.size % step == 0:
            terms[Digit(d.loop, d.div, step)] = terms.get(Digit(d.loop, d.div, step), 0) + c
            top = Digit(d.loop, d.div * step, d.size // step)
            terms[top] = terms.get(top, 0) + c * step
        else:
            terms[d] = terms.get(d, 0) + c
    a0, b0 = divmod(f.const, q)
    high = {d: c // q for d, c in terms.items() if c % q == 0}
    rest = _form({d: c for d, c in terms.items() if c % q}, b0, trips)
    if rest.low < 0 or rest.high >= q:
        return None
    return _form(high, a0, trips), rest


def _fits(f: IndexForm, t) -> bool:
    if isinstance(t, IndexType):
        return True
    return isinstance(t, IntegerType) and -(1 << (t.width - 1)) <= f.low and f.high < (1 << (t.width - 1))


def index_form(op: Operation, v: Value, trips: Sequence[Optional[int]]) -> Optional[IndexForm]:
    """The affine form (module docstring) of index or integer value ``v`` over the loops of structured
    ``op`` (``linalg.index`` ops whose parent is ``op``; ``trips``: its static trip counts), or None
    when ``v`` has none (a loaded, data-dependent index, a product of loops, an inexact division, a
    loop of dynamic trip count)."""
    seen: dict[int, Optional[IndexForm]] = {}

    def walk(x: Value, depth: int) -> Optional[IndexForm]:
        if id(x) in seen:
            return seen[id(x)]
        seen[id(x)] = got = (None if depth > 64 else visit(x, depth))
        return got

    def visit(x: Value, depth: int) -> Optional[IndexForm]:
        c = integer_constant(x)
        if c is not None:
            return IndexForm((), c)
        owner = x.op if isinstance(x, OpResult) else None
        if owner is None:
            return None
        if isinstance(owner, linalg.IndexOp):
            k = owner.dim
            if owner.parent_op is not op or k >= len(trips) or trips[k] is None:
                return None
            return _form({Digit(k, 1, trips[k]): 1}, 0, trips)  # type: ignore[dict-item]
        name = owner.name
        if name in ("arith.index_cast", "arith.index_castui"):
            f = walk(owner.operands[0], depth + 1)
            return f if f is not None and _fits(f, x.type) and _fits(f, owner.operands[0].type) else None
        if len(owner.operands) != 2 or name not in _BINARY:
            return None
        a = walk(owner.operands[0], depth + 1)
        b = walk(owner.operands[1], depth + 1)
        if a is None or b is None:
            return None
        if name == "arith.addi":
            return _add(a, b, 1, trips)
        if name == "arith.subi":
            return _add(a, b, -1, trips)
        if name == "arith.muli":
            if b.terms and a.terms:
                return None
            f, k = (a, b.const) if not b.terms else (b, a.const)
            return _form({d: k * c for d, c in f.terms}, k * f.const, trips)
        if b.terms:
            return None
        parts = _divide(a, b.const, trips)
        if parts is None:
            return None
        return parts[0] if name in _DIVS else parts[1]

    f = walk(v, 0)
    return f if f is not None and _fits(f, v.type) else None


_DIVS = ("arith.divsi", "arith.divui", "arith.floordivsi")
_BINARY = ("arith.addi", "arith.subi", "arith.muli", "arith.remsi", "arith.remui") + _DIVS


def block_link(f: IndexForm, n: int, trips: Sequence[Optional[int]]) -> Optional[tuple[int, Optional[int]]]:
    """``(loop, multiple)`` when form ``f`` indexes a dim of static size ``n`` as a block split of one
    loop (module docstring): ``multiple`` None for the plain loop (``linalg.index k`` of a loop of trip
    count ``n``), else the size of its major digit (splits over a number of devices dividing it are
    exact, :meth:`DimLink.exact_for <meshc.interfaces.sharding.DimLink.exact_for>`). None otherwise."""
    for major, c in f.terms:
        if c <= 0 or c * major.size != n or major.div * major.size != trips[major.loop]:
            continue
        rest = IndexForm(tuple(t for t in f.terms if t[0] != major), f.const)
        if rest.low < 0 or rest.high >= c:
            continue
        plain = c == 1 and major.div == 1 and not rest.terms and rest.const == 0
        return major.loop, None if plain else major.size
    return None
