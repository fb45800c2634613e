"""Fuzzing meshc's parser, verifier and printer (issue 10, first bullet).

Parts:
  * :mod:`tests.fuzz.oracle` — the property (parse, verify, print, round trip
    raise nothing but a located ``DiagnosticError``) and crash classes;
  * :mod:`tests.fuzz.generator` — a grammar-aware generator of modules;
  * :mod:`tests.fuzz.mutator` — token/byte mutations of seed files;
  * :mod:`tests.fuzz.irmutator` — structural mutations of parsed seeds,
    printed in the generic form (malformed registered ops);
  * :mod:`tests.fuzz.minimize` — delta debugging of a crashing input;
  * :func:`load_seeds` / :func:`cases` — the seeded stream of inputs used by
    ``tests/test_fuzz_parser.py`` (a fixed count in CI) and ``bench/fuzz.py``
    (long runs).

Seeds: every ``.mlir`` under ``tests/`` (``tests/data``, ``tests/lit/**``
without lit's ``Output`` folders, ``tests/fuzz/seeds``) and ``samples/``,
split at ``// -----`` lines, sorted by path so a seed number always means
the same inputs for the same tree.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Iterator

from .generator import generate
from .irmutator import mutate_ir
from .mutator import mutate
from .oracle import CRASH_CLASSES, Outcome, check

__all__ = ["CRASH_CLASSES", "Outcome", "cases", "check", "generate", "load_seeds", "mutate", "REPO"]

REPO = Path(__file__).resolve().parents[2]


def load_seeds(repo: Path = REPO) -> list[bytes]:
    """Seed inputs: each ``// -----`` chunk of every ``.mlir`` under tests/ and samples/, sorted by path."""
    paths = sorted(p for root in ("tests", "samples") for p in (repo / root).rglob("*.mlir")
                   if "Output" not in p.relative_to(repo).parts)
    seeds: list[bytes] = []
    for p in paths:
        data = p.read_bytes()
        for chunk in data.split(b"\n// -----\n"):
            if chunk.strip():
                seeds.append(chunk)
    return seeds


def cases(seed: int, count: int, seeds: list[bytes], generated_share: float = 0.3,
          structural_share: float = 0.25) -> Iterator[tuple[str, bytes]]:
    """``count`` inputs ``(description, bytes)`` drawn from ``random.Random(seed)``:
    ``generated_share`` of them from the generator (a third of those then
    mutated), ``structural_share`` structural IR mutations of seeds printed
    in the generic form (:mod:`tests.fuzz.irmutator`), the rest text mutations of
    seeds. The description says how to rebuild the input."""
    rng = random.Random(seed)
    parsed_ok: dict[int, bool] = {}
    for i in range(count):
        r = rng.random()
        if seeds and generated_share <= r < generated_share + structural_share:
            k = rng.randrange(len(seeds))
            found = _structural(rng, seeds[k], parsed_ok, k)
            if found is not None:
                yield f"case {i}: seed chunk {k} + {found[1]}", found[0].encode()
                continue
        if r < generated_share or not seeds:
            depth = rng.choice((2, 4, 6, 8))
            text = generate(rng, max_depth=depth, error_rate=rng.choice((0.0, 0.05, 0.2)))
            data = text.encode()
            desc = f"case {i}: generated (depth {depth})"
            if rng.random() < 0.33:
                data, applied = mutate(rng, data, seeds)
                desc += " + " + ",".join(applied)
            yield desc, data
        else:
            k = rng.randrange(len(seeds))
            data, applied = mutate(rng, seeds[k], seeds)
            yield f"case {i}: seed chunk {k} + {','.join(applied)}", data


def _structural(rng: random.Random, seed: bytes, parsed_ok: dict, k: int):
    """(generic text, description) of a structural mutation of seed ``k``, or None
    when the seed does not parse and verify (remembered in ``parsed_ok``)."""
    from meshc.ir import DiagnosticError, verify
    from meshc.parser import parse

    if parsed_ok.get(k) is False:
        return None
    try:
        module = parse(seed.decode("utf-8"), "seed.mlir")
        verify(module)
    except (DiagnosticError, UnicodeDecodeError):
        parsed_ok[k] = False
        return None
    parsed_ok[k] = True
    return mutate_ir(rng, module)
