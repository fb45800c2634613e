"""Shrink a crashing input to a small reproducer (delta debugging over lines, then tokens).

``minimize(data, keep)`` removes ever smaller chunks of lines and then of
tokens while ``keep(candidate)`` stays true (typically "same crash
signature"), so a bug report carries a few lines instead of a whole seed.
"""

from __future__ import annotations

from typing import Callable

from .mutator import tokenize


def _ddmin(items: list[str], keep: Callable[[list[str]], bool], budget: list[int]) -> list[str]:
    n = 2
    while len(items) >= 2 and budget[0] > 0:
        chunk = max(1, len(items) // n)
        removed = False
        for start in range(0, len(items), chunk):
            cand = items[:start] + items[start + chunk:]
            budget[0] -= 1
            if cand and keep(cand):
                items = cand
                n = max(n - 1, 2)
                removed = True
                break
            if budget[0] <= 0:
                break
        if not removed:
            if chunk == 1:
                break
            n = min(len(items), n * 2)
    return items


def minimize(data: bytes, keep: Callable[[bytes], bool], max_tries: int = 3000) -> bytes:
    """A smaller input for which ``keep`` still holds (``data`` itself if none).

    ``keep`` is called at most ``max_tries`` times; non-UTF-8 bytes are
    replaced by U+FFFD first only if that keeps the property.
    """
    text = data.decode("utf-8", "replace")
    if not keep(text.encode()):
        return data
    budget = [max_tries]
    lines = _ddmin(text.splitlines(keepends=True), lambda ls: keep("".join(ls).encode()), budget)
    toks = _ddmin(tokenize("".join(lines)), lambda ts: keep("".join(ts).encode()), budget)
    return "".join(toks).encode()
