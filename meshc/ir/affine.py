"""Affine expressions and maps, as MLIR's ``affine_map<(d0, d1)[s0] -> (...)>``.

Values are immutable and hashable. ``AffineMap.results`` are expression
trees over dims ``d{i}`` and symbols ``s{i}``; ``str()`` prints MLIR's form
(``affine_map<(d0, d1) -> (d1, d0)>`` is ``str(AffineMap.permutation(...))``
wrapped by the attribute printer).

Source: MLIR ``AffineExpr``/``AffineMap`` (mlir/IR/AffineExpr.h); the
binary operators are ``+``, ``*``, ``floordiv``, ``ceildiv``, ``mod``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence


class AffineExpr:
    """Base of the affine expression tree."""

    def evaluate(self, dims: Sequence[int], symbols: Sequence[int] = ()) -> int:
        raise NotImplementedError

    # precedence for printing: 0 sum, 1 product, 2 atom
    prec = 2


@dataclass(frozen=True)
class DimExpr(AffineExpr):
    """Dimension ``d{position}``."""

    position: int

    def evaluate(self, dims, symbols=()):
        return dims[self.position]

    def __str__(self) -> str:
        return f"d{self.position}"


@dataclass(frozen=True)
class SymbolExpr(AffineExpr):
    """Symbol ``s{position}``."""

    position: int

    def evaluate(self, dims, symbols=()):
        return symbols[self.position]

    def __str__(self) -> str:
        return f"s{self.position}"


@dataclass(frozen=True)
class ConstantExpr(AffineExpr):
    """An integer constant."""

    value: int

    def evaluate(self, dims, symbols=()):
        return self.value

    def __str__(self) -> str:
        return str(self.value)


_BINARY_PREC = {"+": 0, "*": 1, "floordiv": 1, "ceildiv": 1, "mod": 1}


@dataclass(frozen=True)
class BinaryExpr(AffineExpr):
    """``lhs <kind> rhs`` with kind one of ``+ * floordiv ceildiv mod``.

    Subtraction is ``lhs + rhs * -1`` as in MLIR; the printer shows it as
    ``lhs - rhs``.
    """

    kind: str
    lhs: AffineExpr
    rhs: AffineExpr

    @property
    def prec(self) -> int:  # type: ignore[override]
        return _BINARY_PREC[self.kind]

    def evaluate(self, dims, symbols=()):
        a = self.lhs.evaluate(dims, symbols)
        b = self.rhs.evaluate(dims, symbols)
        if self.kind == "+":
            return a + b
        if self.kind == "*":
            return a * b
        if self.kind == "floordiv":
            return a // b
        if self.kind == "ceildiv":
            return -((-a) // b)
        return a % b

    def __str__(self) -> str:
        p = self.prec
        if self.kind == "+":
            rhs = self.rhs
            neg = _negated(rhs)
            if neg is not None:
                return f"{_wrap(self.lhs, 0)} - {_wrap(neg, 1)}"
            return f"{_wrap(self.lhs, 0)} + {_wrap(rhs, 1)}"
        op = " * " if self.kind == "*" else f" {self.kind} "
        return f"{_wrap(self.lhs, p)}{op}{_wrap(self.rhs, p + 1)}"


def _negated(expr: AffineExpr) -> AffineExpr | None:
    if isinstance(expr, ConstantExpr) and expr.value < 0:
        return ConstantExpr(-expr.value)
    if isinstance(expr, BinaryExpr) and expr.kind == "*" and expr.rhs == ConstantExpr(-1):
        return expr.lhs
    return None


def _wrap(expr: AffineExpr, min_prec: int) -> str:
    text = str(expr)
    return f"({text})" if expr.prec < min_prec else text


@dataclass(frozen=True)
class AffineMap:
    """``(d0..d{num_dims-1})[s0..] -> (results...)``.

    A projected permutation (every result a distinct ``DimExpr``) is the
    common case for linalg indexing maps; ``dim_positions()`` returns its dim
    indices, with ``None`` for a constant-0 result (a broadcast unit dim).
    """

    num_dims: int
    num_symbols: int
    results: tuple[AffineExpr, ...]

    @staticmethod
    def identity(rank: int) -> "AffineMap":
        """``(d0, ..., d{rank-1}) -> (d0, ..., d{rank-1})``; one shared (immutable) map per rank."""
        return _identity(rank)

    @staticmethod
    def from_dims(num_dims: int, positions: Sequence[int]) -> "AffineMap":
        """Map ``(d0..) -> (d{positions[0]}, ...)``; maps are immutable, so equal ones are shared."""
        return _from_dims(num_dims, tuple(positions))

    @property
    def num_results(self) -> int:
        return len(self.results)

    def is_projected_permutation(self, allow_zero_results: bool = True) -> bool:
        """True when every result is a distinct dim (or the constant 0 when
        ``allow_zero_results``), as MLIR's ``isProjectedPermutation``."""
        seen: set[int] = set()
        for r in self.results:
            if isinstance(r, DimExpr):
                if r.position in seen:
                    return False
                seen.add(r.position)
            elif not (allow_zero_results and r == ConstantExpr(0)):
                return False
        return True

    def is_permutation(self) -> bool:
        return self.num_results == self.num_dims and self.is_projected_permutation(False)

    def dim_positions(self) -> tuple[int | None, ...]:
        """Dim index per result (``None`` for a constant 0).

        Raises:
            ValueError: a result is neither a dim nor the constant 0.
        """
        out: list[int | None] = []
        for r in self.results:
            if isinstance(r, DimExpr):
                out.append(r.position)
            elif r == ConstantExpr(0):
                out.append(None)
            else:
                raise ValueError(f"result '{r}' of {self} is not a dim or 0")
        return tuple(out)

    def evaluate(self, dims: Sequence[int], symbols: Sequence[int] = ()) -> tuple[int, ...]:
        return tuple(r.evaluate(dims, symbols) for r in self.results)

    def __str__(self) -> str:
        dims = ", ".join(f"d{i}" for i in range(self.num_dims))
        syms = ""
        if self.num_symbols:
            syms = "[" + ", ".join(f"s{i}" for i in range(self.num_symbols)) + "]"
        res = ", ".join(str(r) for r in self.results)
        return f"({dims}){syms} -> ({res})"


@lru_cache(maxsize=4096)
def _identity(rank: int) -> AffineMap:
    return AffineMap(rank, 0, tuple(DimExpr(i) for i in range(rank)))


@lru_cache(maxsize=4096)
def _from_dims(num_dims: int, positions: tuple[int, ...]) -> AffineMap:
    return AffineMap(num_dims, 0, tuple(DimExpr(p) for p in positions))
