"""Benchmark of ``meshc run`` end to end (a process per run); prints figures, asserts nothing.

A 4096x4096x4096 f32 matmul whose LHS and result rows are split over a 1-D peered mesh of 8
devices and whose RHS is replicated (stored once, read in place), its inputs in an uncompressed
``.npz`` (memory-mapped by meshc), run

  (a) as a numpy script in its own process: ``np.load`` the same file, one ``np.matmul``, save
      the result;
  (b) by ``meshc run --inputs F.npz -o OUT.npz --repeat R`` on the threaded runtime;
  (c) with ``--backend mpi --launch 2 --mesh-shape m=2`` (2 ranks; skipped without mpi4py).

Prints per call the time of (b) and (c) (meshc's own "time: ... per call", the median of the
calls) against one ``np.matmul`` timed inside (a), the peak RSS of (a) and (b) (``ru_maxrss`` of
the child), the device buffers' sum (A's shards + B once + C's shards, as ``--stats`` counts
them) and the inputs as loaded, and the ratios: (b)/(a) time, RSS(b) / (buffers + inputs).
The machine may be shared: ``uptime`` is printed first; each figure's CPU time is shown too.

Then, as the wall time on a shared machine is mostly the wait for the cores, the CPU seconds
per call of (a) and (b): a process with ``--repeat R+1`` less one with ``--repeat 1``, over R
(``--cpu-rounds`` interleaved rounds), and their ratio per round.

Usage: .venv/bin/python bench/cli_bench.py [--size 4096] [--devices 8] [--repeat 3] [--no-mpi] [--rounds 2] [--cpu-rounds 2]
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

PROGRAM = """mesh.mesh @m(shape = {d}, peered_memory_axes = [0])
func.func @main(%a: tensor<{n}x{n}xf32>, %b: tensor<{n}x{n}xf32>) -> tensor<{n}x{n}xf32> {{
  %as = mesh.shard %a to <@m, [[0]]> : tensor<{n}x{n}xf32>
  %bs = mesh.shard %b to <@m, []> : tensor<{n}x{n}xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<{n}x{n}xf32>
  %es = mesh.shard %e to <@m, [[0]]> : tensor<{n}x{n}xf32>
  %c = linalg.fill ins(%z : f32) outs(%es : tensor<{n}x{n}xf32>) -> tensor<{n}x{n}xf32>
  %r = linalg.matmul ins(%as, %bs : tensor<{n}x{n}xf32>, tensor<{n}x{n}xf32>) outs(%c : tensor<{n}x{n}xf32>) -> tensor<{n}x{n}xf32>
  %rs = mesh.shard %r to <@m, [[0]]> : tensor<{n}x{n}xf32>
  return %rs : tensor<{n}x{n}xf32>
}}
"""

NUMPY_SCRIPT = """
import sys, time, numpy as np
f = np.load(sys.argv[1], mmap_mode="r")
a, b = f["a"], f["b"]
times = []
for _ in range(int(sys.argv[3])):
    t = time.perf_counter()
    c = np.matmul(a, b)
    times.append(time.perf_counter() - t)
np.savez(sys.argv[2], result0=c)
print("time: %.3f ms per call" % (sorted(times)[len(times) // 2] * 1e3))
"""


def child(cmd: list, env: dict) -> tuple[float, float, float, str]:
    """Run ``cmd``; its (wall s, CPU s, peak RSS MiB, stdout). One child at a time, so
    ``RUSAGE_CHILDREN``'s max RSS after it is its own unless an earlier child was larger: each
    measurement runs in a fresh helper process for that reason."""
    helper = ("import resource, subprocess, sys, time, json\n"
              "t = time.perf_counter()\n"
              "p = subprocess.run(sys.argv[1:], capture_output=True, text=True)\n"
              "w = time.perf_counter() - t\n"
              "r = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
              "print(json.dumps([w, r.ru_utime + r.ru_stime, r.ru_maxrss / 1024, p.stdout, p.stderr, p.returncode]))\n")
    import json

    out = subprocess.run([sys.executable, "-c", helper] + cmd, capture_output=True, text=True, env=env, check=True)
    w, cpu, rss, stdout, stderr, rc = json.loads(out.stdout)
    if rc:
        raise SystemExit(f"{' '.join(cmd)} failed ({rc}):\n{stderr}")
    return w, cpu, rss, stdout


def per_call(stdout: str) -> float:
    m = re.search(r"time: ([0-9.]+) ms per call", stdout)
    return float(m.group(1)) / 1e3 if m else float("nan")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--size", type=int, default=4096)
    p.add_argument("--devices", type=int, default=8)
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--no-mpi", action="store_true")
    p.add_argument("--rounds", type=int, default=2, help="interleaved process rounds of the per-call figures")
    p.add_argument("--cpu-rounds", type=int, default=2,
                   help="rounds of the CPU-time measurement (0: none); each runs every process twice")
    ns = p.parse_args()
    n, d = ns.size, ns.devices
    os.system("uptime")
    env = dict(os.environ)
    meshc = [sys.executable, "-m", "meshc.cli"]
    with tempfile.TemporaryDirectory(prefix="meshc-cli-bench-") as tmp:
        prog, inputs = os.path.join(tmp, "mm.mlir"), os.path.join(tmp, "in.npz")
        with open(prog, "w", encoding="utf-8") as fh:
            fh.write(PROGRAM.format(n=n, d=d))
        rng = np.random.default_rng(0)
        np.savez(inputs, a=rng.standard_normal((n, n), dtype=np.float32),
                 b=rng.standard_normal((n, n), dtype=np.float32))
        script = os.path.join(tmp, "np_mm.py")
        with open(script, "w", encoding="utf-8") as fh:
            fh.write(NUMPY_SCRIPT)
        nbytes = n * n * 4
        buffers = 3 * nbytes  # A's shards, B once, C's shards
        loaded = 2 * nbytes
        runs = {"numpy": [], "threads": [], "mpi": []}
        for _ in range(max(1, ns.rounds)):  # interleaved
            runs["numpy"].append(child([sys.executable, script, inputs, os.path.join(tmp, "np_out.npz"),
                                        str(ns.repeat)], env))
            runs["threads"].append(child(meshc + ["run", prog, "--inputs", inputs, "-o", os.path.join(tmp, "o.npz"),
                                                  "--repeat", str(ns.repeat)], env))
            if not ns.no_mpi:
                try:
                    import mpi4py  # noqa: F401
                except ImportError:
                    ns.no_mpi = True
                else:
                    runs["mpi"].append(child(meshc + ["run", prog, "--inputs", inputs, "-o",
                                                      os.path.join(tmp, "m.npz"), "--repeat", str(ns.repeat),
                                                      "--backend", "mpi", "--launch", "2", "--mesh-shape", "m=2"],
                                             env))
        # CPU s per call: the process CPU of --repeat R+1 less that of --repeat 1, over R (loading,
        # compiling and saving cancel out); the figure to read when the cores are shared, as the
        # wall time is then mostly the wait for them
        cpu_runs: dict = {"numpy": [], "threads": []}
        for _ in range(ns.cpu_rounds):  # interleaved too
            for k in cpu_runs:
                one, more = [], []
                for r, into in ((1, one), (ns.repeat + 1, more)):
                    if k == "numpy":
                        into.append(child([sys.executable, script, inputs, os.path.join(tmp, "np_out.npz"),
                                           str(r)], env)[1])
                    else:
                        into.append(child(meshc + ["run", prog, "--inputs", inputs, "-o",
                                                   os.path.join(tmp, "o.npz"), "--repeat", str(r)], env)[1])
                cpu_runs[k].append((more[0] - one[0]) / ns.repeat)
        mib = 1 << 20
        best = {k: min(v, key=lambda r: per_call(r[3])) for k, v in runs.items() if v}
        tn = per_call(best["numpy"][3])
        print(f"matmul {n}^3 f32, {d} devices, {os.cpu_count()} CPUs; per call (median of {ns.repeat} calls, "
              f"best of {max(1, ns.rounds)} processes)")
        for k, (w, cpu, rss, out) in best.items():
            t = per_call(out)
            print(f"  {k:<8} {t:.3f} s per call ({t / tn:.3f}x numpy); process wall {w:.2f} s cpu {cpu:.2f} s; "
                  f"peak RSS {rss:.0f} MiB")
        if ns.cpu_rounds:
            cn, ct = cpu_runs["numpy"], cpu_runs["threads"]
            ratios = [t / n for t, n in zip(ct, cn)]
            print(f"  CPU s per call ({ns.cpu_rounds} interleaved rounds): numpy "
                  f"{', '.join(f'{x:.3f}' for x in cn)}; threads {', '.join(f'{x:.3f}' for x in ct)}; "
                  f"ratio {min(ratios):.3f}-{max(ratios):.3f} (median of rounds "
                  f"{statistics.median(ratios):.3f}; target <= 1.05)")
        rss = best["threads"][2]
        print(f"  device buffers {buffers / mib:.0f} MiB + inputs as loaded {loaded / mib:.0f} MiB = "
              f"{(buffers + loaded) / mib:.0f} MiB; meshc threads peak RSS / that = {rss * mib / (buffers + loaded):.2f} "
              f"(target <= 1.3); numpy script {best['numpy'][2]:.0f} MiB")


if __name__ == "__main__":
    main()
