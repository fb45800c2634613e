"""Helpers shared by the dialect and pass tests: round trips through the
custom and generic forms, and located-error expectations."""

from __future__ import annotations

import textwrap

import pytest

from meshc.ir import DiagnosticError, print_op, verify
from meshc.parser import parse


def roundtrip(text: str):
    """Parse + verify ``text``; the printed text and the generic form both
    read back to the same text (and the generic form to itself). Returns
    ``(module, printed text)``."""
    m = parse(textwrap.dedent(text), "t.mlir")
    verify(m)
    out = print_op(m)
    again = parse(out, "again.mlir")
    verify(again)
    assert print_op(again) == out
    generic = print_op(m, generic=True)
    from_generic = parse(generic, "generic.mlir")
    verify(from_generic)
    assert print_op(from_generic) == out
    assert print_op(from_generic, generic=True) == generic
    return m, out


def expect_error(text: str, message: str, line: int, token: str) -> None:
    """``text`` fails (parse or verify) with ``message`` at the first
    ``token`` of 1-based ``line``."""
    src = textwrap.dedent(text)
    with pytest.raises(DiagnosticError) as info:
        verify(parse(src, "t.mlir"))
    err = info.value
    assert message in err.message, err.message
    col = src.splitlines()[line - 1].index(token) + 1
    assert (err.location.line, err.location.col) == (line, col), (str(err.location), err.message)


def first(module, cls):
    """The first op of class ``cls`` in ``module`` (pre-order)."""
    return next(op for op in module.walk() if isinstance(op, cls))
