"""Fuzzing the parser, verifier and printer (issue 10): a fixed seeded stream in CI.

Every input — generated modules, text mutations of every .mlir under tests/
and samples/, structural IR mutations printed in the generic form (see
tests/fuzz/) — must end in success (and then round-trip in custom and generic
form) or in a DiagnosticError located at line > 0; never another exception,
a RecursionError, a MemoryError or a hang. Long runs: ``bench/fuzz.py``.
"""

from __future__ import annotations

import random
import subprocess
import sys
import time

import pytest

from tests.fuzz import CRASH_CLASSES, cases, check, generate, load_seeds, mutate
from tests.fuzz.known import is_known
from tests.fuzz.mutator import MUTATIONS, m_deep_nesting, m_non_utf8, tokenize

CI_CASES = 2000
CI_SEED = 20261130


@pytest.fixture(scope="module")
def seeds() -> list[bytes]:
    return load_seeds()


def test_seeds_cover_the_corpus(seeds):
    # tests/data, tests/lit/**, tests/fuzz/seeds and samples: well over a hundred '// -----' chunks
    assert len(seeds) > 150
    assert any(b"mesh.shard" in s for s in seeds) and any(b"stablehlo" in s for s in seeds)


def test_seeded_stream_never_crashes(seeds):
    kinds: dict[str, int] = {}
    crashes = []
    known = 0
    for desc, data in cases(CI_SEED, CI_CASES, seeds):
        out = check(data, timeout=20.0)
        kinds[out.kind] = kinds.get(out.kind, 0) + 1
        if out.is_crash:
            if is_known(desc, out.kind):  # the one list bench/fuzz.py uses too
                known += 1
            else:
                crashes.append(f"{desc}: {out.kind} at {out.stage} ({out.where}): {out.detail[:200]}\n"
                               f"    input: {data[:300]!r}")
    print(f"{CI_CASES} cases: {kinds}; known open: {known}")
    assert not crashes, f"{len(crashes)} crashes:\n" + "\n".join(crashes[:10])
    # the stream must exercise both outcomes, not only rejections
    assert kinds.get("ok", 0) >= CI_CASES // 20
    assert kinds.get("diagnostic", 0) >= CI_CASES // 2


def test_stream_is_deterministic(seeds):
    a = [d for _, d in cases(7, 30, seeds)]
    b = [d for _, d in cases(7, 30, seeds)]
    assert a == b
    assert a != [d for _, d in cases(8, 30, seeds)]


# ------------------------------------------------------------------ the oracle itself
def test_oracle_accepts_success_and_located_errors():
    assert check(b'"x.a"() : () -> ()').kind == "ok"
    out = check(b'"x.a"(%undefined) : (f32) -> ()')
    assert out.kind == "diagnostic" and out.stage == "parse"
    out = check(b"\xff\xfe")
    assert out.kind == "diagnostic" and out.stage == "decode" and "UTF-8" in out.detail


@pytest.mark.parametrize("raised, kind", [
    (ValueError("boom"), "exception"), (RecursionError("deep"), "recursion"), (MemoryError(), "memory"),
    (KeyError("k"), "exception"),
])
def test_oracle_classifies_crashes(monkeypatch, raised, kind):
    import meshc.parser

    def bad_parse(text, filename="<stdin>"):
        raise raised

    monkeypatch.setattr(meshc.parser, "parse", bad_parse)
    out = check(b'"x.a"() : () -> ()')
    assert out.kind == kind and out.is_crash and kind in CRASH_CLASSES


def test_oracle_flags_unlocated_errors_and_hangs(monkeypatch):
    import meshc.parser
    from meshc.ir import DiagnosticError

    def unlocated(text, filename="<stdin>"):
        raise DiagnosticError("no place")

    monkeypatch.setattr(meshc.parser, "parse", unlocated)
    assert check(b"x").kind == "unlocated"

    def slow(text, filename="<stdin>"):
        time.sleep(5)

    monkeypatch.setattr(meshc.parser, "parse", slow)
    assert check(b"x", timeout=0.2).kind == "timeout"


def test_oracle_flags_round_trip_failures(monkeypatch):
    import meshc.ir

    real = meshc.ir.print_op
    calls = []

    def drifting(op, generic=False):
        calls.append(1)
        return real(op, generic) + ("// drift\n" * len(calls))  # a different text at every print

    monkeypatch.setattr(meshc.ir, "print_op", drifting)
    out = check(b'"x.a"() : () -> ()')
    assert out.kind == "roundtrip" and out.stage == "reparse"


# ------------------------------------------------------------------ mutator and generator
def test_tokenize_is_lossless():
    text = '%0 = "x.a"(%a) {b = dense<[1, 2]> : tensor<2xi32>} : (f32) -> i1 // c\n^bb0(%x: f32):'
    toks = tokenize(text)
    assert "".join(toks) == text
    assert '"x.a"' in toks and "->" in toks and "// c" in toks and "%0" in toks


def test_every_mutation_returns_bytes():
    rng = random.Random(3)
    seed = b'func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n  return %a : tensor<4xf32>\n}\n'
    for f, weight in MUTATIONS:
        assert weight > 0
        for _ in range(5):
            out = f(rng, seed, [seed])
            assert isinstance(out, bytes)
    data, applied = mutate(random.Random(1), seed, [seed])
    assert 1 <= len(applied) <= 3 and isinstance(data, bytes)


def test_non_utf8_and_deep_nesting_mutations():
    rng = random.Random(5)
    out = m_non_utf8(rng, b"abc", [])
    with pytest.raises(UnicodeDecodeError):
        out.decode("utf-8")
    deep = m_deep_nesting(random.Random(0), b'"x.a"() : () -> ()', [])
    assert len(deep) > 100  # 50..5000 openers and closers were added


def test_generator_makes_mostly_valid_modules():
    ok = sum(check(generate(random.Random(i), max_depth=4, error_rate=0.0)).kind == "ok" for i in range(40))
    assert ok >= 30  # 98% of 400 such modules verify and round-trip; a few pick out-of-range values


# ------------------------------------------------------------------ the command line
CLI_INPUTS = {
    "empty": b"",
    "non-utf8": b'"x.a"() : () -> ()\n\xff\n',
    "deep-regions": ('"x.r"() ({\n' * 300 + "}) : () -> ()\n" * 300).encode(),
    "deep-array": ('"x.a"() {a = ' + "[" * 5000 + "]" * 5000 + "} : () -> ()").encode(),
    "huge-dim": b'"x.a"() : () -> tensor<99999999999999999999xf32>',
    "huge-splat": b'"x.a"() {v = dense<1.0> : tensor<100000x100000x100000xf32>} : () -> ()',
    "long-number": ('"x.a"() {v = ' + "9" * 5000 + "} : () -> ()").encode(),
}


@pytest.mark.parametrize("name", sorted(CLI_INPUTS))
def test_cli_compile_exits_cleanly(tmp_path, name):
    path = tmp_path / "in.mlir"
    path.write_bytes(CLI_INPUTS[name])
    proc = subprocess.run([sys.executable, "-m", "meshc", "compile", str(path), "-p", ""],
                          capture_output=True, timeout=120)
    stderr = proc.stderr.decode("utf-8", "replace")
    assert "Traceback" not in stderr and "internal error" not in stderr
    if name in ("empty", "huge-splat"):
        assert proc.returncode == 0, stderr
    else:
        assert proc.returncode == 1
        assert f"{path}:" in stderr and ": error: " in stderr  # file:line:col: error: ...
