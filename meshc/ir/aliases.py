"""Attribute aliases in printed IR, as mlir-opt prints them: ``#map = affine_map<...>`` and
``#encoding = #iree_encoding.encoding<...>`` lines before the module, and ``#map``, ``#encoding1``
where the attributes stood.

MLIR (``AsmPrinter``'s alias initializer) names every affine map ``#map``, ``#map1``, ... and IREE's
encoding dialect names its encoding attributes ``#encoding``, ``#encoding1``, ...; an alias
definition refers to the aliases of the attributes inside it (maps before the encodings that use
them). meshc prints attributes in place and keeps the input's spelling: a module read with alias
definitions of a kind (:func:`alias_kinds`, recorded by the parser as ``module.alias_kinds``) prints
that kind through aliases, one read with the attributes written in place prints them in place
(``--mlir-print-local-scope`` prints everything in place). Numbering follows the first appearance in
the printed text.
"""

from __future__ import annotations

from typing import Iterable, Optional

from meshc.ir.attributes import AffineMapAttr, Attribute

# alias prefix -> the text that starts such an attribute in printed IR (in dependency order: an
# encoding may hold maps, never the reverse)
KINDS: dict[str, str] = {"map": "affine_map<", "encoding": "#iree_encoding."}


def alias_kind(attr: Attribute) -> Optional[str]:
    """The alias prefix mlir-opt (or iree-opt) prints ``attr`` under (``map``, ``encoding``), or None
    for an attribute printed in place."""
    if isinstance(attr, AffineMapAttr):
        return "map"
    from meshc.dialects.iree_encoding import is_iree_encoding

    return "encoding" if is_iree_encoding(attr) else None


def alias_kinds(attrs: Iterable[Attribute]) -> frozenset[str]:
    """The alias prefixes of the attributes an input defined aliases for."""
    return frozenset(k for k in (alias_kind(a) for a in attrs) if k is not None)


def _skip_string(text: str, i: int) -> int:
    """The index after the string literal starting at ``text[i] == '"'``."""
    i += 1
    while i < len(text) and text[i] != '"':
        i += 2 if text[i] == "\\" else 1
    return i + 1


def _end_of(text: str, start: int, prefix: str) -> Optional[int]:
    """The index after the attribute starting at ``start`` (its balanced ``<...>``; ``->`` inside
    is no bracket), or None when it is not one with parameters."""
    i = start + len(prefix)
    if not prefix.endswith("<"):
        while i < len(text) and (text[i].isalnum() or text[i] in "_."):
            i += 1
        if i >= len(text) or text[i] != "<":
            return None
        i += 1
    depth = 1
    while i < len(text):
        c = text[i]
        if c == '"':
            i = _skip_string(text, i)
            continue
        if c == "-" and text.startswith("->", i):
            i += 2
            continue
        if c == "<":
            depth += 1
        elif c == ">":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return None


def _spans(text: str, prefix: str) -> list[tuple[int, int]]:
    """``(start, end)`` of every attribute of ``prefix`` outside string literals, in order."""
    out, i = [], 0
    while True:
        j = text.find(prefix, i)
        q = text.find('"', i)
        if j < 0:
            return out
        if 0 <= q < j:
            i = _skip_string(text, q)
            continue
        end = _end_of(text, j, prefix)
        if end is None:
            i = j + len(prefix)
            continue
        out.append((j, end))
        i = end


def with_aliases(text: str, kinds: Iterable[str]) -> str:
    """``text`` (a printed module) with the attributes of ``kinds`` (prefixes of :data:`KINDS`)
    replaced by aliases whose definitions come first, as mlir-opt prints them; ``text`` unchanged
    when it holds none."""
    definitions: list[str] = []
    for kind in KINDS:
        if kind not in kinds:
            continue
        spans = _spans(text, KINDS[kind])
        if not spans:
            continue
        names: dict[str, str] = {}
        for s, e in spans:
            names.setdefault(text[s:e], f"#{kind}{len(names) or ''}")
        pieces, last = [], 0
        for s, e in spans:
            pieces += [text[last:s], names[text[s:e]]]
            last = e
        text = "".join(pieces) + text[last:]
        # maps go first, so an encoding's definition already names the maps inside it
        definitions += [f"{n} = {a}" for a, n in names.items()]
    if not definitions:
        return text
    return "\n".join(definitions) + "\n" + text
