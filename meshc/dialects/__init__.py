"""Dialects: one module per dialect, each holding its op classes (operands,
results, attributes, ``verify_``, custom printer) and, next to them, the
parse callbacks of its grammar file ``grammar/<dialect>.lark`` (a ``Syntax``
mixin).

The dialects are listed once, in :data:`REGISTRY`: the parser reads their
modules and grammar files from it, and the reference interpreter the modules
of ``meshc.runtime.ops`` holding their kernels.

Dialect attributes ``#dialect.name<...>`` are built by factories registered
with :func:`register_attr`; unknown names become :class:`DialectAttr`, kept
with their structure and printed back as read.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Callable, Optional

from meshc.ir.attributes import Attribute



@dataclass(frozen=True)
class Dialect:
    """One registered dialect: ``name`` is its module ``meshc.dialects.<name>``
    (and grammar file ``grammar/<name>.lark`` when it has one); ``kernels``
    names the ``meshc.runtime.ops.<module>`` modules registering its
    interpreter kernels (the dialect itself never imports them: runtime
    concerns stay out of the dialects)."""

    name: str
    kernels: tuple[str, ...] = ()


REGISTRY: tuple[Dialect, ...] = (
    Dialect("builtin"),
    Dialect("func", ("func",)),
    Dialect("arith", ("arith",)),
    Dialect("math", ("math",)),
    Dialect("tensor", ("tensor",)),
    Dialect("linalg", ("linalg",)),
    Dialect("scf", ("scf",)),
    Dialect("util", ("util",)),
    Dialect("mesh", ("mesh", "mesh_collectives")),
    Dialect("iree_encoding", ("iree_encoding",)),
    Dialect("flow", ("flow",)),
    Dialect("tosa", ("tosa",)),
    Dialect("affine", ("affine",)),
    Dialect("cf", ("cf",)),
    Dialect("hal", ("hal",)),
    Dialect("iree_tensor_ext", ("iree_tensor_ext",)),
    Dialect("iree_linalg_ext", ("iree_linalg_ext",)),
)

_DIALECT_NAMES = [d.name for d in REGISTRY]


def kernel_modules() -> list[str]:
    """The ``meshc.runtime.ops`` module names of every registered dialect, in
    registry order (read by the reference interpreter)."""
    return [k for d in REGISTRY for k in d.kernels]


@dataclass(frozen=True)
class Keyword:
    """A bare keyword inside a dialect attribute body (``op_type = matmul``)."""

    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class DialectAttr(Attribute):
    """``#dialect.name<item, key = value, ...>`` (or ``#dialect.name``)."""

    name: str
    items: Optional[tuple[Any, ...]]  # None: no ``<...>`` body

    def get(self, key: str, default=None):
        for it in self.items or ():
            if isinstance(it, tuple) and it[0] == key:
                return it[1]
        return default

    def __str__(self) -> str:
        if self.items is None:
            return f"#{self.name}"
        return f"#{self.name}<{format_items(self.items)}>"


def format_items(items) -> str:
    parts = []
    for it in items:
        if isinstance(it, tuple):
            parts.append(f"{it[0]} = {it[1]}")
        else:
            parts.append(str(it))
    return ", ".join(parts)


_ATTR_FACTORIES: dict[str, Callable[[Optional[list]], Attribute]] = {}


def register_attr(name: str, factory: Callable[[Optional[list]], Attribute]) -> None:
    """Build ``#name<...>`` with ``factory(items)``; items are ``(key, value)``
    tuples or values; ``None`` when there is no body. The factory raises
    ValueError for a malformed body."""
    _ATTR_FACTORIES[name] = factory


def build_dialect_attr(name: str, items: Optional[list]) -> Attribute:
    load_all()
    factory = _ATTR_FACTORIES.get(name)
    if factory is not None:
        return factory(items)
    return DialectAttr(name, tuple(items) if items is not None else None)


_LOADED: list = []


def load_all() -> list:
    """Import every dialect module (registers ops and attributes)."""
    if not _LOADED:
        for n in _DIALECT_NAMES:
            try:
                _LOADED.append(importlib.import_module(f"meshc.dialects.{n}"))
            except ModuleNotFoundError as err:
                if err.name != f"meshc.dialects.{n}":
                    raise
    return _LOADED


class _Dialects:
    def __iter__(self):
        return iter(load_all())


DIALECTS = _Dialects()
