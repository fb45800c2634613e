"""Parse / verify / print throughput of meshc on generated modules.

Generates modules of 1k, 10k and 100k ops (a mix of arith, math, tensor and
linalg ops in one function, as exported models look), in custom form and in
generic form, and prints ops/second for parse, verify and print separately,
plus the process' peak memory. Targets (issue: foundation): parse+verify+print
of 10k ops under 3 s and of 100k ops under 30 s, time growing linearly.

Then the whole-process comparison with the peer: CPU seconds (user + system, best of
``--repeats``, runs interleaved) of ``meshc compile -p ""`` and ``xdsl-opt`` (parse, verify,
print; no passes) on the same generated file at 10k and 100k ops, and on an empty module (the
start-up), with the speed-up ``xdsl-opt / meshc``. xDSL is not a meshc dependency: install it in a
separate virtual environment and pass ``--xdsl-opt PATH`` (or set ``$XDSL_OPT``).

Figures (2 shared cores, CPU s, one run each while the machine was loaded; goal 3x not yet met):

| input | meshc before | meshc after | xdsl-opt 0.74 | speed-up after |
|---|---|---|---|---|
| empty module (start-up) | 0.46-0.51 | 0.30-0.35 | 0.28-0.29 | 0.85x |
| 10k ops | 3.27 (xdsl-opt 3.61, load 11.8) | 2.63 (load 4.6) | 3.60 | 1.37x |
| 100k ops | 28 (issue's figure; xDSL 47) | 29.0 (load 5-8) | 46.9 | 1.62x |

Then (interleaved runs, CPU s, 10k ops, whole process): at load 12-14 main 3.69-4.05, with the
one-match lexer 3.17-3.83, xdsl-opt 4.34-5.04; at load 2 main 2.31-2.80, after 2.06-2.19, xdsl-opt
2.95-3.06 (1.4-1.5x). In one process, best of 3 parses of the 10k module: 1.44-1.57 s before,
1.08-1.10 s after. Start-up unchanged within noise (0.24-0.26 s). Each contextual-lexer state matches the skipped text (whitespace,
comments, ``loc(...)``) and the next token in one atomic regex match (``meshc.parser._FastBasicLexer``):
110k matches instead of 191k for a 10k-op module, tokens built without lark's keyword-argument
path; errors and the end of input still go through lark's own lexer. ``compile`` no longer imports
``meshc.annotate`` (and through it every dialect) when no ``--mesh``/``--shard`` is given.

Where the gain came from: lark's ``v_args`` wrapper is no longer put on the helper methods (it
built a new bound wrapper on every ``self.use``/``self.build``); rule callbacks are bound once and
called with their children inline; the built parser is pickled (lark's own cache format costs
~0.12 s more to load); no cyclic garbage collection during a parse. Measured and not kept:
``lark-cython`` 0.0.17 (installs cleanly) parsed the 10k module in 2.07 s against 1.93 s for
pure-Python lark in the same process, no gain. Still to do for the 3x goal: fewer tokens (whitespace
is matched separately from the 110k tokens of a 10k-op module, 191k regex matches), and start-up
(the contextual lexer compiles one scanner regex per parser state on first use).

Then (one LALR loop over lark's tables in ``meshc.parser._Driver``, per-character scanners, a
plain tensor type as one token; CPU s, best of 3 interleaved runs, load 0.0-0.4, both with bytecode
caches): empty module 0.469 against xdsl-opt 0.75 0.425 (0.91x); 10k ops 1.987 against 5.234
(2.63x). In one process at load 3, a parse of the 10k module: 1.12 s through the new loop, 1.85 s
through lark's own loop on the same grammar and callbacks.

Then (meshc's loop runs from lark's tables cached as plain data with ``marshal``: ``compile -p ""``
imports no lark, pickle or hashlib, and lark's parser is loaded only to report a syntax error; CPU
s, interleaved with main's code and xdsl-opt 0.75 in one run, load 25-31 on the 2 shared cores):
empty module 0.243 against main 0.399 and xdsl-opt 0.420 (1.73x; this bench alone: 0.194 against
0.334, 1.72x); 10k ops 1.176 against main 1.474 and xdsl-opt 4.277 (3.64x; main 2.90x; this bench
alone: 1.242 against 3.946, 3.18x); 100k ops (this bench, one run, load 25) 12.44 against 43.61
(3.51x).

Then (the parsed IR frozen out of the cyclic collector while the command runs,
``meshc.parser.parsed_ir_frozen``: the first full collection walked a 100k-op module, 0.9 s, as long
as verifying it; then the IR left to the operating system at exit,
``meshc.commands._common.leave_ir_at_exit``: the interpreter's last collection and the freeing of
every object took 1.6 s; CPU s, best of 3 interleaved runs against xdsl-opt 0.75): freezing alone at
load 0.2: empty module 0.114 against 0.166 (1.46x), 10k ops 0.720 against 2.187 (3.04x), 100k ops
6.859 against 20.623 (3.01x); both, at load 3.1: 0.099 against 0.167 (1.69x), 0.666 against 2.224
(3.34x), 5.962 against 20.758 (3.48x). Again at load 0.8: 0.102 against 0.170 (1.67x), 0.665 against 2.208 (3.32x), 6.091
against 20.894 (3.43x).

Usage: python bench/parse_bench.py [--sizes 1000,10000,100000] [--generic-only|--custom-only]
       [--xdsl-opt PATH] [--process-sizes 10000,100000] [--repeats 3]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time


def make_module(n_ops: int) -> str:
    """A function with about ``n_ops`` ops: tensor ops every few lines so
    the mix exercises types, attributes and regions, not only scalars."""
    lines = ["func.func @main(%a: f32, %b: f32, %t: tensor<64x64xf32>) -> f32 {"]
    prev = "%a"
    count = 0
    i = 0
    have_linalg = _has_dialect("linalg")
    while count < n_ops - 1:
        k = i % 5
        if k == 0:
            lines.append(f"  %v{i} = arith.addf {prev}, %b : f32")
        elif k == 1:
            lines.append(f"  %v{i} = arith.mulf {prev}, %a fastmath<fast> : f32")
        elif k == 2:
            lines.append(f"  %v{i} = math.exp {prev} : f32")
        elif k == 3:
            lines.append(f"  %c{i} = arith.constant {i}.5 : f32")
            lines.append(f"  %v{i} = arith.maximumf {prev}, %c{i} : f32")
            count += 1
        else:
            if have_linalg:
                lines.append(f"  %e{i} = tensor.empty() : tensor<64x64xf32>")
                lines.append(f"  %f{i} = linalg.fill ins({prev} : f32) outs(%e{i} : tensor<64x64xf32>) "
                             "-> tensor<64x64xf32>")
                count += 1
                lines.append(f"  %v{i} = arith.subf {prev}, %a : f32")
            else:
                lines.append(f"  %v{i} = arith.subf {prev}, %a : f32")
        prev = f"%v{i}"
        count += 1
        i += 1
    lines.append(f"  return {prev} : f32")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _has_dialect(name: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(f"meshc.dialects.{name}") is not None


def measure(text: str, n_ops: int, label: str) -> float:
    from meshc.ir import print_op, verify
    from meshc.parser import parse

    t0 = time.perf_counter()
    m = parse(text, "bench.mlir")
    t1 = time.perf_counter()
    verify(m)
    t2 = time.perf_counter()
    out = print_op(m)
    t3 = time.perf_counter()
    total = t3 - t0
    print(f"{label:>8} {n_ops:>7} ops: parse {n_ops / (t1 - t0):>8.0f} ops/s  verify {n_ops / (t2 - t1):>9.0f} ops/s  "
          f"print {n_ops / (t3 - t2):>8.0f} ops/s  total {total:6.2f} s ({n_ops / total:.0f} ops/s)")
    assert out
    return total


def _cpu_of(cmd: list[str], out_path: str) -> float:
    """CPU seconds (user + system) of one run of ``cmd`` (a child process), its stdout to ``out_path``.

    Raises:
        SystemExit: the command failed (its stderr is shown)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with open(out_path, "w") as out:
        proc = subprocess.run(cmd, stdout=out, stderr=subprocess.PIPE, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed:\n{proc.stderr}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def whole_process(sizes: list[int], xdsl_opt: str | None, repeats: int) -> None:
    """Print the CPU time of whole processes, ``meshc compile -p ""`` (parse, verify, print) against
    ``xdsl-opt`` (the same: no passes) on the same file, interleaved, best of ``repeats``; then the
    start-up time on an empty module. CPU time, not wall time: the machine may be shared."""
    meshc = [sys.executable, "-m", "meshc.cli", "compile", "-p", ""]
    # both with their bytecode caches, as an installed xDSL has them: PYTHONDONTWRITEBYTECODE would
    # make every meshc run of an editable checkout compile its modules again (~0.2 s)
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    with tempfile.TemporaryDirectory() as tmp:
        cases = [("empty module", "func.func @main() {\n  return\n}\n")]
        cases += [(f"{n} ops", make_module(n)) for n in sizes]
        peer = "xdsl-opt" if xdsl_opt else "(no xdsl-opt)"
        print(f"\nwhole process, CPU s (best of {repeats}, interleaved; load average "
              f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
        print(f"{'input':>14} {'meshc':>8} {peer:>14} {'speed-up':>9}")
        for label, text in cases:
            path = os.path.join(tmp, "in.mlir")
            with open(path, "w") as f:
                f.write(text)
            ours, theirs = [], []
            _cpu_of(meshc + [path], os.path.join(tmp, "meshc.out"))  # warm-up: bytecode, parser and regex caches
            for _ in range(repeats):
                ours.append(_cpu_of(meshc + [path], os.path.join(tmp, "meshc.out")))
                if xdsl_opt:
                    theirs.append(_cpu_of([xdsl_opt, path], os.path.join(tmp, "xdsl.out")))
            if theirs:
                print(f"{label:>14} {min(ours):8.3f} {min(theirs):14.3f} {min(theirs) / min(ours):8.2f}x")
            else:
                print(f"{label:>14} {min(ours):8.3f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="1000,10000,100000")
    ap.add_argument("--custom-only", action="store_true")
    ap.add_argument("--generic-only", action="store_true")
    ap.add_argument("--xdsl-opt", default=os.environ.get("XDSL_OPT") or shutil.which("xdsl-opt"),
                    help="the peer's executable (default: $XDSL_OPT, else xdsl-opt on PATH); install xDSL "
                         "in a separate virtual environment, it is no dependency of meshc")
    ap.add_argument("--process-sizes", default="10000,100000",
                    help="sizes for the whole-process comparison ('' to skip it)")
    ap.add_argument("--repeats", type=int, default=3)
    args = ap.parse_args()
    from meshc.ir import print_op
    from meshc.parser import parse

    parse("func.func @warm() { return }")  # build the parser once (cached tables)
    totals = {}
    for n in (int(s) for s in args.sizes.split(",")):
        text = make_module(n)
        if not args.generic_only:
            totals[("custom", n)] = measure(text, n, "custom")
        if not args.custom_only:
            generic = print_op(parse(text), generic=True)
            totals[("generic", n)] = measure(generic, n, "generic")
    for form in ("custom", "generic"):
        sizes = sorted(n for f, n in totals if f == form)
        for a, b in zip(sizes, sizes[1:]):
            print(f"{form}: {b // a}x ops -> {totals[(form, b)] / totals[(form, a)]:.1f}x time")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak RSS: {peak:.0f} MiB")
    if args.process_sizes:
        whole_process([int(s) for s in args.process_sizes.split(",")], args.xdsl_opt, args.repeats)


if __name__ == "__main__":
    main()
