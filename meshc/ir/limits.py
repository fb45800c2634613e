"""Size and nesting limits of textual IR, and the recursion budget of IR walks.

meshc's attributes, types, affine expressions, regions, the printer and the
verifier are recursive, so an input nested thousands of levels deep would
reach Python's recursion limit (a ``RecursionError`` traceback) and a huge
literal would exhaust memory or Python's int/str conversion limit. The parser
enforces these documented limits with located errors instead; within them,
``parse``/``verify``/``print_op`` run under :func:`recursion_headroom`, and so
does every ``meshc`` and ``meshc-opt`` command as a whole (the passes, the
runtime, the pictures), so every input within the limits works.

* :data:`MAX_ATTR_DEPTH` — nesting levels of attributes and types
  (``[[...]]``, ``{a = {...}}``, ``complex<complex<...>>``, a tensor's
  encoding, function types), counted on the values built, so the printed
  form (generic or custom, inside an implicit ``module``) has the same depth
  and parses back. mlir-opt has no such limit but recurses on the C++
  stack; real IR nests a handful of levels.
* regions nest at most ``meshc.parser.MAX_NESTING`` (200) deep.
* :data:`MAX_BRACKET_DEPTH` — a coarse pre-parse guard on nested
  ``( [ { <`` of any kind (outside strings and comments), far above what
  the two limits above allow in any printed form (2 brackets per generic
  region, up to 3 per attribute level).
* :data:`MAX_LITERAL_DIGITS` — digits of one decimal or hexadecimal number
  (CPython refuses int/str conversion past 4300 digits).
* :data:`MAX_AFFINE_DEPTH` — depth of an affine expression tree
  (``d0 + d0 + ... + d0`` nests without brackets).
* :data:`MAX_DENSE_RANK` — rank of a ``dense<...>`` literal: numpy arrays
  have at most 64 dims.
* A ``dense<...>`` literal may describe up to 2**62 bytes: a splat is kept
  as a zero-stride numpy view (O(1) memory, see
  :class:`meshc.ir.attributes.DenseElementsAttr`); other literals hold no
  more elements than the text spells out.
"""

from __future__ import annotations

import sys
from contextlib import contextmanager
from typing import Iterator

MAX_ATTR_DEPTH = 256
MAX_BRACKET_DEPTH = 4096
MAX_LITERAL_DIGITS = 1000
MAX_AFFINE_DEPTH = 256
MAX_DENSE_RANK = 64
MAX_DENSE_BYTES = 1 << 62

#: Python frames parse/verify/print may use: the deepest IR within the limits
#: above (199 regions around a 255-deep attribute) needs about 1,850 frames
#: for parse, verify, print and re-parse; it also runs on a 1 MiB thread stack.
RECURSION_LIMIT = 6000


@contextmanager
def recursion_headroom(limit: int = RECURSION_LIMIT) -> Iterator[None]:
    """Raise Python's recursion limit to at least ``limit`` frames for the
    block, then restore it (a no-op when it is already that high)."""
    old = sys.getrecursionlimit()
    if old >= limit:
        yield
        return
    sys.setrecursionlimit(limit)
    try:
        yield
    finally:
        sys.setrecursionlimit(old)


#: Allocations between two young-generation collections of CPython's cycle collector while a
#: pipeline runs (CPython's default is 700). IR is a large graph of long-lived objects that point
#: at each other; with the default, collections run so often and survive so much that they cost up
#: to a quarter of a compile of 70,000 ops, and more as the program grows.
GC_YOUNG_THRESHOLD = 100_000
#: ...and the thresholds of the two older generations meanwhile (CPython's: 10 and 10): a full
#: collection walks every live object, so it runs once per 500 million allocations at most.
GC_OLDER_THRESHOLDS = (50, 100)


@contextmanager
def spaced_collections(young: int = GC_YOUNG_THRESHOLD) -> Iterator[None]:
    """Run the block with CPython's young-generation collection threshold raised to at least
    ``young`` allocations and the older ones' to :data:`GC_OLDER_THRESHOLDS`, then restore the
    thresholds. Young collections still happen, so the garbage of the ops a pass erases right
    after making them goes; older garbage waits for the end of the pipeline (or a full
    collection), about the size of the IR once more."""
    import gc

    old = gc.get_threshold()
    if old[0] >= young:
        yield
        return
    gc.set_threshold(young, *GC_OLDER_THRESHOLDS)
    try:
        yield
    finally:
        gc.set_threshold(*old)
