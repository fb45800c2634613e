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
