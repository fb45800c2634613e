"""Bugs of the differential tester that are known and still open, and bug signatures.

:func:`bug_signature` groups the bug outcomes of many failing programs into
distinct bugs (the kind, plus the exception and innermost meshc frame of a
traceback, the verdict of a wrong value, or the message of a located error,
with numbers, names, types and shardings blanked). Each entry of
:data:`KNOWN_OPEN` is ``(bug kind, piece of the signature)``, and has an
``xfail(strict=True)`` regression test in ``tests/test_regressions_pipeline.py``
naming the file and function to change; remove the entry with the mark once
fixed. ``bench/difftest.py`` reports any other bug as *new*. Empty today.
"""

from __future__ import annotations

import re

from tests.difftest.runner import Outcome, signature

KNOWN_OPEN: tuple[tuple[str, str], ...] = ()

#: Open bugs of the ``iree`` target (docs/iree.md, "Differential testing"). Empty today: the iree-compile 3.13
#: crash on a matmul of empty shards (seed 5: an f16 matmul whose contraction dim is split into 0-sized
#: shards on 8 devices) is avoided by the emitter, which lowers a linalg op with an empty iteration space to
#: its inits.
IREE_KNOWN_OPEN: tuple[tuple[str, str], ...] = ()

_FRAME = re.compile(r'File "[^"]*/(meshc/[^"]+)", line (\d+)')


def bug_signature(outcome: Outcome) -> str:
    """``kind: what`` of a bug outcome (:class:`tests.difftest.runner.Outcome` with status ``bug``).

    ``what`` is, for a traceback, its exception line and innermost ``meshc/...py:line``; for a
    ``mismatch``, which side is wrong (the runtime or the compiler); else the message's first line;
    always through :func:`tests.difftest.runner.signature` (numbers, value names, types, shardings
    blanked).
    """
    detail = outcome.detail.strip()
    if detail.startswith("Traceback"):
        lines = [ln for ln in detail.splitlines() if ln.strip()]
        frames = _FRAME.findall(detail)
        where = f" at {frames[-1][0]}:{frames[-1][1]}" if frames else ""
        return f"{outcome.kind}: {signature(lines[-1])}{where}"
    if outcome.kind == "mismatch":
        return f"mismatch: {detail.split('; ')[-1][:100]}"
    return f"{outcome.kind}: {signature(detail)}"


def is_known(sig: str, known: tuple[tuple[str, str], ...] = KNOWN_OPEN) -> bool:
    """True when the bug signature ``sig`` (:func:`bug_signature`) is a known open bug."""
    return any(sig.startswith(kind + ":") and piece in sig for kind, piece in known)
