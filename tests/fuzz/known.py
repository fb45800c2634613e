"""Crashes of the parser/verifier/printer fuzzer that are known and still open.

Each entry is ``(crash class, op name)``: a crash of that class (one of
:data:`tests.fuzz.oracle.CRASH_CLASSES`) on an input whose description names
that op (a structural mutation ``... on 'op.name'``). Every entry has an
``xfail(strict=True)`` reproducer in ``tests/test_fuzz_regressions.py``
naming the file and function that must change; remove the entry with the
mark once fixed. ``bench/fuzz.py`` reports any other crash as *new*.
Empty today: every crash found so far is fixed.
"""

from __future__ import annotations

KNOWN_OPEN: frozenset[tuple[str, str]] = frozenset()


def is_known(desc: str, kind: str, known: frozenset[tuple[str, str]] = KNOWN_OPEN) -> bool:
    """True when a crash of class ``kind`` on the input described by ``desc`` is a known open bug."""
    return any(kind == k and f"'{op}'" in desc for k, op in known)
