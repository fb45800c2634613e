"""Hypothesis strategies over :mod:`tests.difftest.gen` (the CI driver of the generator)."""

from __future__ import annotations

from typing import Sequence, TypeVar

from hypothesis import strategies as st

from tests.difftest.gen import Case, generate

T = TypeVar("T")


class DrawChooser:
    """:class:`tests.difftest.gen.Chooser` over a hypothesis ``draw``: integers and
    choices shrink towards their first option (small dims, 1-D meshes, fewer ops)."""

    def __init__(self, draw):
        self.draw = draw

    def integer(self, lo: int, hi: int) -> int:
        return self.draw(st.integers(lo, hi))

    def pick(self, options: Sequence[T]) -> T:
        return self.draw(st.sampled_from(options))

    def chance(self, percent: int) -> bool:
        return self.draw(st.integers(0, 99)) >= 100 - percent


@st.composite
def programs(draw, max_ops: int = 4, max_devices: int = 16) -> Case:
    """Random well-typed programs with random shardings on random meshes (:func:`generate`)."""
    return generate(DrawChooser(draw), max_ops, max_devices)
