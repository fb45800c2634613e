"""Print spellings: the upstream versions a dialect with several surface syntaxes can print in.

meshc keeps one canonical internal form (DESIGN.md "IR syntax"); how it is
written out is the printer's choice. The sharding dialect has three upstream
spellings:

=========  ==============================================================
spelling   what it prints
=========  ==============================================================
None       the canonical form (seed 000's): LLVM 19's, but reduction kinds
           bare (``reduction = max``)
``mesh19`` LLVM 19: ``mesh.mesh``, inline shardings ``<@m, [[0]]>``,
           ``reduction = <max>``
``mesh20`` LLVM 20: ``mesh.sharding`` values, ``mesh.shard %x to %s``
``shard``  LLVM 22: ``shard.grid``, ``shard.sharding`` values of type
           ``!shard.sharding``, ``grid_axes``, ``scatter_dim``
``shard21`` LLVM 21: as ``shard`` but ``scatter_axis`` (read when a
           ``shard.*`` module writes ``scatter_axis``)
=========  ==============================================================

A parsed module records the spelling it was read in (``ModuleOp.spelling``,
set by the mesh dialect's parse hook); :func:`meshc.ir.printer.print_op` prints
in that spelling unless told another. Ops consult ``Printer.spelling``;
dialect types, which print through ``str()``, are renamed by
:func:`spelled_type_name` while a printer runs (:func:`printing_in`).
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from typing import Iterator, Optional

SPELLINGS = ("mesh19", "mesh20", "shard21", "shard")
"""The upstream spellings, oldest first (None is the canonical form)."""

_CURRENT: ContextVar[Optional[str]] = ContextVar("meshc_print_spelling", default=None)

#: (spelling, dialect, type name) -> the dialect name printed for ``!dialect.name`` in that spelling
_TYPE_DIALECTS: dict[tuple[Optional[str], str, str], str] = {}


SHARD_SPELLINGS = ("shard21", "shard")
"""The spellings of the ``shard`` dialect (LLVM 21+)."""


def register_type_spelling(spelling: str, dialect: str, name: str, printed_dialect: str) -> None:
    """Print ``!dialect.name`` as ``!printed_dialect.name`` in ``spelling`` (e.g. the mesh dialect's
    ``!mesh.sharding`` is ``!shard.sharding`` in LLVM 21+)."""
    _TYPE_DIALECTS[(spelling, dialect, name)] = printed_dialect


def spelled_type_name(dialect: str, name: str) -> str:
    """The dialect prefix ``!dialect.name`` prints with in the spelling being printed."""
    return _TYPE_DIALECTS.get((_CURRENT.get(), dialect, name), dialect)


def check_spelling(spelling: str) -> str:
    """``spelling`` itself when it is one of :data:`SPELLINGS`.

    Raises:
        ValueError: any other name (the message lists the valid ones).
    """
    if spelling not in SPELLINGS:
        raise ValueError(f"unknown spelling '{spelling}' (expected one of {', '.join(SPELLINGS)})")
    return spelling


@contextmanager
def printing_in(spelling: Optional[str]) -> Iterator[Optional[str]]:
    """Within the block, dialect types print in ``spelling`` (None: the canonical form)."""
    token = _CURRENT.set(spelling)
    try:
        yield spelling
    finally:
        _CURRENT.reset(token)
