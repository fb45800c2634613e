"""Long fuzzing runs of meshc's parser, verifier and printer (issue 10).

Runs the seeded stream of ``tests/fuzz`` (generated modules, text mutations
of every .mlir under tests/ and samples/, structural IR mutations printed in
the generic form) for ``--minutes`` (or ``--cases``), in ``--workers``
processes whose address space is capped at ``--memory-mb`` (so "memory stays
bounded" is checked: a MemoryError is a crash), each input under a
``--timeout`` wall-clock limit. Prints the cases run, outcomes by kind and the
distinct crash signatures, each marked NEW or known (an open bug listed in
``tests/fuzz/known.py`` with an xfail reproducer); writes each crash's input
and a minimized reproducer to ``--out``. Exit status 1 on a new crash or a
bad CLI exit. A sample of crashing and nasty inputs also goes
through ``meshc compile FILE -p ""`` (exit code must be 0 or 1, no
traceback).

With ``--atheris`` (``pip install atheris``), coverage-guided fuzzing of the
same property runs instead, starting from the seed corpus.

Usage: python bench/fuzz.py --minutes 10 [--seed 0] [--workers 2] [--out /tmp/meshc-fuzz]
"""

from __future__ import annotations

import argparse
import collections
import multiprocessing as mp
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests.fuzz import cases, check, load_seeds  # noqa: E402
from tests.fuzz.known import is_known  # noqa: E402
from tests.fuzz.minimize import minimize  # noqa: E402


def _limit_memory(mb: int) -> None:
    if mb > 0:
        resource.setrlimit(resource.RLIMIT_AS, (mb << 20, mb << 20))


def _worker(args) -> tuple[int, collections.Counter, dict]:
    """Run cases of stream ``seed`` until the deadline; return (count, kinds, crashes)."""
    seed, deadline, max_cases, timeout, memory_mb = args
    _limit_memory(memory_mb)
    import warnings

    warnings.simplefilter("ignore")
    seeds = load_seeds()
    kinds: collections.Counter = collections.Counter()
    crashes: dict = {}
    n = 0
    for desc, data in cases(seed, max_cases, seeds):
        if time.time() > deadline:
            break
        out = check(data, timeout=timeout)
        n += 1
        kinds[out.kind] += 1
        if out.is_crash:
            entry = crashes.setdefault(out.signature, [0, desc, data, out.stage, out.detail])
            entry[0] += 1
    return n, kinds, crashes


def _cli_check(data: bytes, path: Path) -> str:
    """'' when ``meshc compile FILE -p ""`` exits 0 or 1 without a traceback, else what went wrong."""
    path.write_bytes(data)
    try:
        proc = subprocess.run([sys.executable, "-m", "meshc", "compile", str(path), "-p", ""],
                              capture_output=True, timeout=60, cwd=REPO)
    except subprocess.TimeoutExpired:
        return "timeout"
    if proc.returncode not in (0, 1) or b"Traceback" in proc.stderr:
        return f"exit {proc.returncode}: {proc.stderr.decode('utf-8', 'replace')[-300:]}"
    return ""


def run(args) -> int:
    deadline = time.time() + 60 * args.minutes if args.minutes else float("inf")
    max_cases = args.cases or 10 ** 9
    per_worker = max_cases // args.workers + 1
    jobs = [(args.seed * 1000 + w, deadline, per_worker, args.timeout, args.memory_mb) for w in range(args.workers)]
    t0 = time.time()
    if args.workers == 1:
        results = [_worker(jobs[0])]
    else:
        with mp.get_context("spawn").Pool(args.workers) as pool:
            results = pool.map(_worker, jobs)
    elapsed = time.time() - t0
    total = sum(r[0] for r in results)
    kinds: collections.Counter = collections.Counter()
    crashes: dict = {}
    for _, k, c in results:
        kinds.update(k)
        for sig, entry in c.items():
            if sig in crashes:
                crashes[sig][0] += entry[0]
            else:
                crashes[sig] = entry
    print(f"cases: {total} in {elapsed:.0f} s ({total / max(elapsed, 1e-9):.0f}/s, {args.workers} workers)")
    print("outcomes: " + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())))
    by_class = collections.Counter()
    known = {sig for sig, entry in crashes.items() if is_known(entry[1], sig[0])}
    for sig, entry in crashes.items():
        by_class[sig[0]] += 1
    print(f"distinct crashes: {len(crashes)}" + (" (" + ", ".join(f"{k} {v}" for k, v in sorted(by_class.items()))
                                                 + ")" if crashes else "")
          + f"; new: {len(crashes) - len(known)}, known open: {len(known)}")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for i, (sig, (count, desc, data, stage, detail)) in enumerate(sorted(crashes.items())):
        (out / f"crash{i}.mlir").write_bytes(data)
        small = minimize(data, lambda d, s=sig: check(d, timeout=args.timeout).signature == s, max_tries=1500)
        (out / f"crash{i}.min.mlir").write_bytes(small)
        print(f"  [{i}] {'known open' if sig in known else 'NEW'}: {sig[0]} x{count} at {stage} ({sig[2] or '-'}): "
              f"{detail[:160]}")
        print(f"      from {desc}; minimized ({len(small)} bytes): {small[:200]!r}")
    cli_inputs = [(out / f"crash{i}.min.mlir").read_bytes() for i in range(len(crashes))] + _nasty_inputs()
    cli_bad = 0
    for j, data in enumerate(cli_inputs):
        problem = _cli_check(data, out / "cli_input.mlir")
        if problem:
            cli_bad += 1
            print(f"  CLI problem on input {j} ({data[:80]!r}): {problem}")
    print(f"meshc compile -p '' on {len(cli_inputs)} crash and nasty inputs: {cli_bad} bad exits")
    print(f"seed {args.seed} (worker streams {', '.join(str(j[0]) for j in jobs)}); rerun one case: "
          "tests.fuzz.cases(stream, N, load_seeds()) yields case N-1 last")
    return 1 if len(crashes) > len(known) or cli_bad else 0


def _nasty_inputs() -> list[bytes]:
    """One input per crash class of the issue, for the CLI check."""
    deep = 2000
    return [
        b"", b"\xff\xfe", "\"x.a\"() : () -> ()\n".encode() * 3,
        ('"x.r"() ({\n' * deep + "}) : () -> ()\n" * deep).encode(),
        ('"x.a"() {a = ' + "[" * deep + "]" * deep + "} : () -> ()").encode(),
        ('"x.a"() : () -> ' + "complex<" * deep + "f32" + ">" * deep).encode(),
        ('"x.a"() {a = affine_map<(d0) -> (' + " + ".join(["d0"] * 3000) + ")>} : () -> ()").encode(),
        b'"x.a"() : () -> tensor<99999999999999999999xf32>',
        b'"x.a"() {v = dense<1.0> : tensor<100000x100000x100000xf32>} : () -> ()',
        ('"x.a"() {v = ' + "9" * 5000 + "} : () -> ()").encode(),
        ('"x.a"() {v = "' + "a" * 1000000 + '"} : () -> ()').encode(),
    ]


def run_atheris(args) -> int:  # pragma: no cover - optional dependency
    import atheris

    seeds_dir = Path(args.out) / "corpus"
    seeds_dir.mkdir(parents=True, exist_ok=True)
    for i, s in enumerate(load_seeds()):
        (seeds_dir / f"seed{i}.mlir").write_bytes(s)

    def one(data: bytes) -> None:
        out = check(data, timeout=args.timeout)
        if out.is_crash:
            raise RuntimeError(f"{out.kind} at {out.stage}: {out.detail}")

    _limit_memory(args.memory_mb)
    atheris.Setup([sys.argv[0], str(seeds_dir), f"-max_total_time={int(args.minutes * 60)}"], one)
    atheris.Fuzz()
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--minutes", type=float, default=1.0, help="wall-clock budget (0: use --cases)")
    ap.add_argument("--cases", type=int, default=0, help="stop after this many cases (0: no limit)")
    ap.add_argument("--seed", type=int, default=0, help="stream seed (worker w uses seed*1000+w)")
    ap.add_argument("--workers", type=int, default=max(1, min(2, os.cpu_count() or 1)))
    ap.add_argument("--timeout", type=float, default=10.0, help="seconds per input before it counts as a hang")
    ap.add_argument("--memory-mb", type=int, default=2048, help="address-space cap per worker (0: none)")
    ap.add_argument("--out", default="/tmp/meshc-fuzz", help="where crash inputs and reproducers go")
    ap.add_argument("--atheris", action="store_true", help="coverage-guided fuzzing with atheris instead")
    args = ap.parse_args()
    if not args.minutes and not args.cases:
        ap.error("give --minutes or --cases")
    return run_atheris(args) if args.atheris else run(args)


if __name__ == "__main__":
    sys.exit(main())
