"""Shrink a crashing input to a small reproducer.

``minimize(data, keep)`` first removes whole operations while the input
still parses and verifies (:func:`minimize_ir`: a crash of the printer or of
the round trip usually sits in one op of a large seed, and removing lines of
a generic-form module rarely keeps its braces balanced), then ever smaller
chunks of lines and then of tokens (delta debugging), while
``keep(candidate)`` stays true (typically "same crash signature"), so a bug
report carries a few lines instead of a whole seed.
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


def minimize_ir(text: str, keep: Callable[[bytes], bool], budget: list[int]) -> str:
    """``text`` with operations removed while ``keep`` holds, printed in the generic form.

    Walks the ops in pre-order from the last one back; an op whose results
    are unused is erased (with everything nested in it) and the module
    printed generically; the removal stays when ``keep`` accepts that text.
    ``text`` comes back unchanged when it does not parse and verify.
    ``budget[0]`` (calls of ``keep`` left) is decremented.
    """
    from meshc.ir import DiagnosticError, print_op, verify
    from meshc.parser import parse

    def ops_of(source: str):
        module = parse(source, "min.mlir")
        verify(module)
        return module, [op for op in module.walk() if op is not module]

    try:
        _, ops = ops_of(text)
    except (DiagnosticError, RecursionError, MemoryError, ValueError):
        return text
    k = len(ops) - 1
    while k >= 0 and budget[0] > 0:
        try:
            module, ops = ops_of(text)
            op = ops[k]
            if any(r.uses for r in op.results):
                k -= 1
                continue
            op.erase()
            candidate = print_op(module, generic=True)
        except Exception:  # noqa: BLE001 - a candidate that cannot even be built is skipped
            k -= 1
            continue
        budget[0] -= 1
        if keep(candidate.encode()):
            text = candidate  # ops before k keep their pre-order indices
        k -= 1
    return text


def minimize(data: bytes, keep: Callable[[bytes], bool], max_tries: int = 3000) -> bytes:
    """A smaller input for which ``keep`` still holds (``data`` itself if none).

    ``keep`` is called at most ``max_tries`` times; non-UTF-8 bytes are
    replaced by U+FFFD first only if that keeps the property.
    """
    text = data.decode("utf-8", "replace")
    if not keep(text.encode()):
        return data
    budget = [max_tries]
    text = minimize_ir(text, keep, budget)
    lines = _ddmin(text.splitlines(keepends=True), lambda ls: keep("".join(ls).encode()), budget)
    toks = _ddmin(tokenize("".join(lines)), lambda ts: keep("".join(ts).encode()), budget)
    return "".join(toks).encode()
