"""Long differential-testing runs of the sharding pipeline (README.md, "Reliability").

Generates random programs (``tests/difftest/gen.py``: matmuls, batch matmuls,
elementwise and reduction generics, transposes, broadcasts, reshapes, slices,
fills, with random shardings on random 1-D to 3-D meshes of at most 16 devices),
compiles each under every reshard strategy and partition form, runs it on the
simulated devices and compares with the reference interpreter
(``tests/difftest/runner.py``). Program ``k`` of worker ``w`` is
``generate_from_seed(seed * 1_000_000 + w + k * workers)``, so any failure is
reproduced from the seed printed with it. Prints the programs run, outcomes,
the rejection rate and its causes, op kinds and meshes covered, and the
distinct bugs (:func:`tests.difftest.known.bug_signature`), each marked NEW or
known (an open bug listed in ``tests/difftest/known.py`` with an xfail
regression test) with the seeds of its first programs; writes every failing
program and its report to ``--out``. Exit status 1 when a new bug was found.

``--inject NAME`` enables a deliberate miscompile of ``tests/difftest/miscompiles.py``
(:data:`tests.difftest.miscompiles.KNOWN`, patched onto the product function it
replaces) and reports how many programs it took to catch it.

``--target iree`` runs each program on the IREE backend instead (docs/iree.md: one compile per
program, strategy auto and form for_all; bugs of ``IREE_KNOWN_OPEN`` in ``tests/difftest/known.py``
count as known).

Usage: python bench/difftest.py --minutes 10 [--workers 2] [--seed 0] [--max-ops 6] [--out /tmp/meshc-difftest]
       python bench/difftest.py --programs 20 --target iree
       python bench/difftest.py --programs 500 --inject drop-all-reduce
"""

from __future__ import annotations

import argparse
import contextlib
import multiprocessing as mp
import signal
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))


class _CaseTimeout(BaseException):
    """A program that took longer than --case-timeout (a hang is a bug too)."""


def _alarm(signum, frame):  # noqa: ARG001
    raise _CaseTimeout()


def _worker(job):
    """Run programs until the deadline or the count; return (tally, failure texts)."""
    w, workers, seed, deadline, count, max_ops, inject, case_timeout, target = job
    import warnings

    warnings.simplefilter("ignore")
    from tests.difftest import Tally, check_case, generate_from_seed, miscompiles
    from tests.difftest.known import bug_signature
    from tests.difftest.runner import CaseResult, Outcome

    with miscompiles.injected(inject) if inject else contextlib.nullcontext():
        return _run(w, workers, seed, deadline, count, max_ops, case_timeout, Tally,
                    lambda case: check_case(case, target=target), generate_from_seed, bug_signature, CaseResult,
                    Outcome)


def _run(w, workers, seed, deadline, count, max_ops, case_timeout, Tally, check_case, generate_from_seed,
         bug_signature, CaseResult, Outcome):
    """:func:`_worker`'s loop."""
    signal.signal(signal.SIGALRM, _alarm)
    tally = Tally()
    failures = []
    k = 0
    first_catch = None
    while time.time() < deadline and k < count:
        program_seed = seed * 1_000_000 + w + k * workers
        case = generate_from_seed(program_seed, max_ops)
        k += 1
        signal.setitimer(signal.ITIMER_REAL, case_timeout)
        try:
            result = check_case(case)
        except _CaseTimeout:
            result = CaseResult(case, [Outcome(("-", "-"), "bug", "timeout", f"over {case_timeout:g} s")])
        except AssertionError as err:  # a generator bug: report, do not count
            failures.append((program_seed, f"generator: {err}", ["generator: " + str(err).splitlines()[0][:100]]))
            continue
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        tally.add(result)
        if result.bugs:
            if first_catch is None:
                first_catch = k
            failures.append((program_seed, result.report(), sorted({bug_signature(o) for o in result.bugs})))
            tally.failures.clear()  # keep the reports only (smaller to send back)
    return tally, failures, first_catch


def _merge(tallies):
    from tests.difftest import Tally

    total = Tally()
    for t in tallies:
        for name in ("programs", "runs", "rejections", "bug_kinds", "ops", "meshes", "dtypes"):
            getattr(total, name).update(getattr(t, name))
        total.seconds += t.seconds
    return total


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=0.0, help="run for this long (0: use --programs)")
    parser.add_argument("--programs", type=int, default=0, help="stop after this many programs (all workers)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--max-ops", type=int, default=6, help="compute ops per program (1 to this)")
    parser.add_argument("--case-timeout", type=float, default=120.0, help="seconds per program before it counts "
                                                                         "as a hang")
    parser.add_argument("--inject", default=None, help="enable one deliberate miscompile "
                                                            "(tests/difftest/miscompiles.py)")
    parser.add_argument("--out", default="/tmp/meshc-difftest", help="folder for failing programs")
    parser.add_argument("--target", default="threads", choices=("threads", "iree"),
                        help="run the compiled programs on the threaded runtime's simulated devices (every "
                             "strategy and form) or on IREE (docs/iree.md; one compile per program)")
    args = parser.parse_args(argv)
    if not args.minutes and not args.programs:
        args.minutes = 1.0
    from tests.difftest import miscompiles

    if args.inject and args.inject not in miscompiles.KNOWN:
        parser.error(f"--inject: unknown miscompile '{args.inject}' (known: {', '.join(miscompiles.KNOWN)})")
    deadline = time.time() + 60 * args.minutes if args.minutes else float("inf")
    per_worker = -(-args.programs // args.workers) if args.programs else 10 ** 9
    jobs = [(w, args.workers, args.seed, deadline, per_worker, args.max_ops, args.inject, args.case_timeout,
             args.target)
            for w in range(args.workers)]
    t0 = time.time()
    if args.workers == 1:
        results = [_worker(jobs[0])]
    else:
        with mp.get_context("spawn").Pool(args.workers) as pool:
            results = pool.map(_worker, jobs)
    elapsed = time.time() - t0
    tally = _merge(r[0] for r in results)
    failures = [f for r in results for f in r[1]]
    print(f"{tally.total} programs in {elapsed:.0f} s ({tally.total / max(elapsed, 1e-9):.1f}/s, {args.workers} "
          f"workers, up to {args.max_ops} ops each, seed {args.seed}, target {args.target})" + (f", injected: {args.inject}"
                                                                          if args.inject else ""))
    for line in tally.lines():
        print(line)
    from tests.difftest.known import IREE_KNOWN_OPEN, KNOWN_OPEN, is_known

    known = KNOWN_OPEN + (IREE_KNOWN_OPEN if args.target == "iree" else ())

    bugs: dict[str, list[int]] = {}
    for seed, _, sigs in failures:
        for sig in sigs:
            bugs.setdefault(sig, []).append(seed)
    new_bugs = [sig for sig in bugs if not is_known(sig, known)]
    print(f"distinct bugs: {len(bugs)}; new: {len(new_bugs)}, known open: {len(bugs) - len(new_bugs)}")
    for sig, seeds in sorted(bugs.items(), key=lambda kv: -len(kv[1])):
        print(f"  {'known open' if sig not in new_bugs else 'NEW'} x{len(seeds)} (seeds "
              f"{', '.join(map(str, seeds[:4]))}{', ...' if len(seeds) > 4 else ''}): {sig[:200]}")
    out = Path(args.out)
    if failures:
        out.mkdir(parents=True, exist_ok=True)
        for seed, text, _ in failures:
            (out / f"failure-{seed}.txt").write_text(text)
        print(f"{len(failures)} failing programs written to {out}/failure-<seed>.txt "
              "(reproduce one: tests.difftest.generate_from_seed(seed, max_ops))")
        shown = set()
        for seed, text, sigs in failures:  # the first program of each distinct bug
            if not set(sigs) <= shown and len(shown) < 8:
                shown.update(sigs)
                print(f"--- seed {seed}\n{text[:1500]}")
    if args.inject:
        firsts = [r[2] for r in results if r[2] is not None]
        print(f"injected miscompile '{args.inject}': caught by {len(failures)} of {tally.total} programs"
              + (f" (first after {min(firsts)} programs of a worker)" if firsts else " -- NOT CAUGHT"))
        return 0 if failures else 1
    return 1 if new_bugs else 0


if __name__ == "__main__":
    sys.exit(main())
