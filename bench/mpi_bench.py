"""Benchmark of the MPI runtime (meshc.runtime.mpi) against the threaded one; prints figures, asserts nothing.

The row-sharded 4096x4096x4096 f32 matmul of bench/runtime_bench.py (device k
holds its rows of A; B is replicated over the all-peered mesh, stored once on
device 0 and read in place by the others; one ``linalg.matmul`` kernel per
device), run

  (a) as one ``np.matmul`` (the BLAS's default threads), and (a1) as one
      ``np.matmul`` on one BLAS thread (in a subprocess: the single-core baseline);
  (b) by the threaded runtime on 4 devices (4 threads in this process);
  (c) by the MPI runtime on 4 ranks (``mpiexec -n 4``): each rank reads only
      its rows of A from an ``.npy`` file (memory-mapped); rank 0 publishes B
      into the node's MPI shared-memory window and the other ranks read it in
      place; rank 0 gathers the result rows. Timed inside the job (median of
      the runs, after a barrier), so process start-up is not counted; the
      job's total wall time (start-up included) is printed next to it.

  (d) by the command line, ``meshc run PROG --inputs F.npz -o OUT.npz --backend mpi --launch R
      --mesh-shape m=R --repeat N`` on bench/cli_bench.py's program (A's rows split, B
      replicated over the peered mesh), its inputs in an uncompressed ``.npz``; its own "time: ...
      per call" (the median of the calls inside the job, binding and gathering included, as (c)).

(c) and (d) run interleaved, ``--rounds`` times (c, d, c, d, ...), so a change of load hits both
alike; each round prints d/c (the CLI path against the bench's own job; goal: at most 1).
Prints the medians and the ratios c/a, c/a1, c/b, b/a, d/c. BLAS threads: each MPI rank
gets ``--blas-threads`` (default: CPUs // ranks, at least 1) through
OPENBLAS_NUM_THREADS / OMP_NUM_THREADS / MKL_NUM_THREADS; (a) and (b) use this
process's BLAS as it is (with threadpoolctl installed, (b) limits BLAS to one
thread per device thread, as runtime_bench does).

Usage: .venv/bin/python bench/mpi_bench.py [--size 4096] [--ranks 4] [--repeat 5] [--rounds 2] [--blas-threads N]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cli_bench import PROGRAM, child, per_call  # noqa: E402  (the command line's program and timing)
from runtime_bench import matmul_schedule  # noqa: E402  (the same schedule)


def time_matmul(size: int, devices: int, repeat: int):
    """``size``^3 f32 matmul: one ``np.matmul`` (the BLAS's default threads) against A row-split
    over ``devices`` threads of the runtime (its own BLAS limits, meshc/runtime/blas.py), each
    ``repeat`` times after a warm-up; returns ``(a, b, ref, numpy_times, runtime_times)``, seconds
    per call."""
    from meshc.runtime.executor import Executor, RunOptions

    rng = np.random.default_rng(0)
    a = rng.standard_normal((size, size), dtype=np.float32)
    b = rng.standard_normal((size, size), dtype=np.float32)
    ref = np.matmul(a, b)  # warm-up
    rows = size // devices
    args = [a[d * rows:(d + 1) * rows] for d in range(devices)] + [b]
    ex = Executor(matmul_schedule(devices, size, size, size), RunOptions(trace=False))
    ex.run(args)  # warm-up
    times_a, times_b = [], []
    for _ in range(repeat):  # interleaved, so a change of load hits both alike
        t = time.perf_counter()
        np.matmul(a, b)
        times_a.append(time.perf_counter() - t)
        t = time.perf_counter()
        ex.run(args)
        times_b.append(time.perf_counter() - t)
    return a, b, ref, times_a, times_b


def worker(folder: str, size: int, ranks: int, repeat: int) -> None:
    """One MPI rank: run the schedule ``repeat`` times; rank 0 writes the timings and the result."""
    from meshc.runtime.executor import RunOptions
    from meshc.runtime.mpi import MpiExecutor
    from meshc.runtime.mpi_launch import guard

    with guard() as job:
        rank, rows = job.rank, size // ranks
        a = np.load(os.path.join(folder, "a.npy"), mmap_mode="r")
        b = np.load(os.path.join(folder, "b.npy"), mmap_mode="r")
        args: list = [None] * (ranks + 1)
        args[rank] = a[rank * rows:(rank + 1) * rows]  # a memmap slice: only these rows are read
        if rank == 0:
            args[ranks] = b  # stored once, on device 0
        ex = MpiExecutor(matmul_schedule(ranks, size, size, size), RunOptions(trace=False))
        ex.run(args)  # warm-up
        times, walls, report = [], [], None
        for _ in range(repeat):
            job.comm.Barrier()
            t = time.perf_counter()
            report = ex.run(args)
            times.append(time.perf_counter() - t)
            if report.root:
                walls.append(report.stats.wall_seconds)
        if report.root:
            np.save(os.path.join(folder, "c.npy"), np.concatenate(report.outputs))
            d0, d1 = report.stats.devices[0], report.stats.devices[1]
            with open(os.path.join(folder, "mpi.json"), "w", encoding="utf-8") as fh:
                json.dump({"times": times, "walls": walls, "peer_memory": d1.peer_memory,
                           "published": d0.published_bytes, "peer_read": d1.peer_read_bytes,
                           "peak0": d0.peak_bytes, "peak1": d1.peak_bytes}, fh)
        ex.close()


def one_thread_matmul(folder: str, repeat: int) -> list[float]:
    """Seconds of ``np.matmul`` in a fresh process limited to one BLAS thread."""
    code = ("import sys, time, numpy as np; a = np.load(sys.argv[1]); b = np.load(sys.argv[2]); np.matmul(a, b); "
            "ts = []\nfor _ in range(int(sys.argv[3])):\n t = time.perf_counter(); np.matmul(a, b); "
            "ts.append(time.perf_counter() - t)\nprint(' '.join(map(str, ts)))")
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1", MKL_NUM_THREADS="1")
    out = subprocess.run([sys.executable, "-c", code, os.path.join(folder, "a.npy"), os.path.join(folder, "b.npy"),
                          str(repeat)], check=True, env=env, capture_output=True, text=True, timeout=1800).stdout
    return [float(t) for t in out.split()]


def run_mpi(folder: str, size: int, ranks: int, repeat: int, blas: int) -> tuple[dict, float]:
    from meshc.runtime.mpi_launch import mpiexec_command

    env = dict(os.environ, OPENBLAS_NUM_THREADS=str(blas), OMP_NUM_THREADS=str(blas), MKL_NUM_THREADS=str(blas))
    cmd = mpiexec_command(ranks, [os.path.abspath(__file__), "--worker", folder, "--size", str(size), "--ranks",
                                  str(ranks), "--repeat", str(repeat)])
    cmd[cmd.index("-m"):cmd.index("-m") + 2] = []  # run this file, not a module
    t = time.perf_counter()
    subprocess.run(cmd, check=True, env=env, timeout=1800)
    total = time.perf_counter() - t
    with open(os.path.join(folder, "mpi.json"), encoding="utf-8") as fh:
        return json.load(fh), total


def run_cli(folder: str, ranks: int, repeat: int, blas: int) -> tuple[float, float, float]:
    """``meshc run --backend mpi --launch ranks`` on ``folder``'s prog.mlir and in.npz, ``blas`` BLAS
    threads per rank; returns (seconds per call as the command prints it: the median of the calls,
    process wall s, CPU s of the process and its ranks, seconds of the fastest call)."""
    cmd = [sys.executable, "-m", "meshc.cli", "run", os.path.join(folder, "prog.mlir"), "--inputs",
           os.path.join(folder, "in.npz"), "-o", os.path.join(folder, "out.npz"), "--repeat", str(repeat),
           "--backend", "mpi", "--launch", str(ranks), "--mesh-shape", f"m={ranks}", "--blas-threads", str(blas)]
    wall, cpu, _, out = child(cmd, dict(os.environ))
    fastest = re.search(r"; min ([0-9.]+) ms\)", out)
    return per_call(out), wall, cpu, float(fastest.group(1)) / 1e3 if fastest else float("nan")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--size", type=int, default=4096)
    p.add_argument("--ranks", type=int, default=4)
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--rounds", type=int, default=2, help="interleaved rounds of (c) and (d)")
    p.add_argument("--blas-threads", type=int, default=None)
    p.add_argument("--worker", default=None, help=argparse.SUPPRESS)
    ns = p.parse_args()
    if ns.worker:
        worker(ns.worker, ns.size, ns.ranks, ns.repeat)
        return
    size, ranks, repeat = ns.size, ns.ranks, ns.repeat
    blas = ns.blas_threads or max(1, (os.cpu_count() or 1) // ranks)
    a, b, ref, times_a, times_b = time_matmul(size, ranks, repeat)
    with tempfile.TemporaryDirectory(prefix="meshc-mpi-bench-") as folder:
        np.save(os.path.join(folder, "a.npy"), a)
        np.save(os.path.join(folder, "b.npy"), b)
        np.savez(os.path.join(folder, "in.npz"), a=a, b=b)
        with open(os.path.join(folder, "prog.mlir"), "w", encoding="utf-8") as fh:
            fh.write(PROGRAM.format(n=size, d=ranks))
        times_a1 = one_thread_matmul(folder, repeat)
        rounds = []  # (c's median, its job, d's per call, d's wall, d's CPU), interleaved
        for _ in range(max(1, ns.rounds)):
            mpi, total = run_mpi(folder, size, ranks, repeat, blas)
            rounds.append((statistics.median(mpi["times"]), total) + run_cli(folder, ranks, repeat, blas)
                          + (min(mpi["times"]),))
        err = float(np.max(np.abs(np.load(os.path.join(folder, "c.npy")) - ref)))
        with np.load(os.path.join(folder, "out.npz")) as got:
            err_d = float(np.max(np.abs(got["result0"] - ref)))
    ta, tb, tc = statistics.median(times_a), statistics.median(times_b), statistics.median(mpi["times"])
    td = statistics.median(r[2] for r in rounds)
    ta1 = statistics.median(times_a1)
    runs = lambda ts: ", ".join(f"{t:.3f}" for t in ts)  # noqa: E731
    blas_b = "the runtime's own BLAS limits, meshc/runtime/blas.py"
    print(f"matmul {size}^3 f32 row-sharded over {ranks} devices, {os.cpu_count()} CPUs")
    print(f"  (a) np.matmul                 median {ta:.3f} s  (runs {runs(times_a)})")
    print(f"  (a1) np.matmul, 1 BLAS thread median {ta1:.3f} s  (runs {runs(times_a1)})")
    print(f"  (b) threads, {ranks} devices        median {tb:.3f} s  (runs {runs(times_b)}; {blas_b})")
    print(f"  (c) MPI, {ranks} ranks              median {tc:.3f} s  (runs {runs(mpi['times'])}; {blas} BLAS "
          f"thread(s) per rank; steps alone {statistics.median(mpi['walls']):.3f} s, the rest is binding the "
          f"arguments and gathering the result on rank 0; job wall time with start-up {total:.1f} s)")
    print(f"  (d) meshc run --backend mpi --launch {ranks} median {td:.3f} s  (per round {runs(r[2] for r in rounds)}; "
          f"process wall {runs(r[3] for r in rounds)} s, CPU {runs(r[4] for r in rounds)} s, start-up and "
          f"compile included)")
    dc = [r[2] / r[0] for r in rounds]
    print(f"  CLI path against the bench, {len(rounds)} interleaved rounds: (c) {runs(r[0] for r in rounds)} s, "
          f"(d) {runs(r[2] for r in rounds)} s; d/c per round {', '.join(f'{x:.3f}' for x in dc)} "
          f"(median {statistics.median(dc):.3f}; goal <= 1); fastest calls (c) {runs(r[6] for r in rounds)} s, "
          f"(d) {runs(r[5] for r in rounds)} s")
    print(f"  ratios: c/a = {tc / ta:.3f}, c/a1 = {tc / ta1:.3f}, c/b = {tc / tb:.3f}, b/a = {tb / ta:.3f}, "
          f"d/a = {td / ta:.3f}; max |c - a| = {err:.3g}, max |d - a| = {err_d:.3g}")
    print(f"  MPI peer memory: {mpi['peer_memory']}; rank 0 published B ({mpi['published']} B) into the shared "
          f"window, rank 1 read {mpi['peer_read']} B in place; pool peaks: device 0 {mpi['peak0']} B, device 1 "
          f"{mpi['peak1']} B")


if __name__ == "__main__":
    main()
