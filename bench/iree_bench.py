"""Benchmark of the IREE backend (meshc.runtime.iree_backend) against the threaded runtime; prints figures,
asserts nothing.

A sample program (default: the tensor-parallel MLP on 4 devices, samples/mlp_tensor_parallel.mlir) is
compiled once by meshc, then run

  (a) by the threaded runtime (one thread per device, numpy kernels);
  (b) by the IREE backend on ``local-task`` devices, and (c) on ``local-sync`` devices: one IREE
      module for the whole mesh, kernels compiled by IREE's llvm-cpu backend for the host CPU.

Prints the emit + iree-compile time of (b) (the module cache is a fresh temporary folder, so it
compiles), then the median and minimum seconds per call of each, and the ratios b/a and c/a.
Calls are timed around the backend's ``run`` (sharding the inputs and gathering the results are
not counted). Needs the iree extra: pip install 'meshc[iree]'.

With ``--matmul SIZES`` (e.g. ``2048,4096``) it runs instead an ``S x S x S`` f32 matmul row-split on
each of ``--devices`` (default 2,4,8; A split on its rows, B replicated, the result's rows split) and
prints, per size and device count, in one run: seconds per call of (a) the threads backend, (b) the
IREE backend (``local-task``) and (c) one ``np.matmul`` of the whole problem, each "per call" (the
backend's ``run`` on the shards) and "end to end" (cutting the inputs into shards, the call and
gathering the result: ``meshc run``'s path), the CPU time of this process per call (user + system,
``time.process_time``: the threads' and IREE's worker threads included), and the ratios IREE/threads and
each/np.matmul. Before the device counts of a size it prints IREE's own ceiling on this machine: the whole
matmul on one IREE device (the backend on a 1-device mesh: the same flags and runtime path) against the one
np.matmul, wall and CPU; where that ratio is above 1, IREE's kernel is slower than OpenBLAS's, which no
number of devices makes up for. ``--repeat`` calls each (after one warm-up call per call, none for end to
end); without it 3, and 1 for a size of 4096 or more (the machine is shared). Prints ``uptime``'s load first
and last.

Usage: .venv/bin/python bench/iree_bench.py [--sample mlp_tensor_parallel] [--repeat 20]
       .venv/bin/python bench/iree_bench.py --matmul 2048,4096 [--devices 2,4,8]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Optional

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def _time(backend, program, arrays, repeat: int) -> list[float]:
    from meshc.runtime.executor import RunOptions

    args = backend.shard_inputs(program, arrays)
    backend.run(program.schedule, args, RunOptions(trace=False))  # warm-up
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        backend.run(program.schedule, args, RunOptions(trace=False))
        times.append(time.perf_counter() - t0)
    return times


def matmul_text(size: int, devices: int) -> str:
    """``A[S,S] @ B[S,S]`` with A's rows split over a 1-D mesh of ``devices`` (B replicated)."""
    t = f"tensor<{size}x{size}xf32>"
    return f"""mesh.mesh @m(shape = {devices})
func.func @main(%a: {t}, %b: {t}) -> {t} {{
  %as = mesh.shard %a to <@m, [[0]]> : {t}
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : {t}
  %f = linalg.fill ins(%z : f32) outs(%e : {t}) -> {t}
  %c = linalg.matmul ins(%as, %b : {t}, {t}) outs(%f : {t}) -> {t}
  %cs = mesh.shard %c to <@m, [[0]]> : {t}
  return %cs : {t}
}}
"""


def _measure(fn, repeat: int, warm: bool = True) -> tuple[float, float, object]:
    """(median wall seconds, mean CPU seconds of this process, last value) per call of ``fn``, after one
    warm-up call (with ``warm``)."""
    value = fn() if warm else None
    walls, cpus = [], []
    for _ in range(repeat):
        c0, t0 = time.process_time(), time.perf_counter()
        value = fn()
        walls.append(time.perf_counter() - t0)
        cpus.append(time.process_time() - c0)
    return statistics.median(walls), sum(cpus) / len(cpus), value


def _check(what: str, got, want, size: int) -> None:
    """Stop the bench when ``got`` is not ``want`` (np.matmul's) to float32 rounding over ``size`` terms: a benchmark
    of wrong values is no benchmark."""
    err = float(np.max(np.abs(got - want)))
    if err > 1e-5 * size * float(np.max(np.abs(want))):
        raise SystemExit(f"{what}: max abs err {err:.3g} against np.matmul")


def matmul_bench(sizes: list[int], device_counts: list[int], repeat: Optional[int]) -> None:
    """The ``--matmul`` figures (module docstring)."""
    import subprocess

    import meshc.api as mc
    from meshc.api import gather_results
    from meshc.runtime.backends import ThreadsBackend
    from meshc.runtime.executor import RunOptions
    from meshc.runtime.iree_backend import IreeBackend

    print("load:", subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip())
    rng = np.random.default_rng(0)
    for size in sizes:
        reps = repeat if repeat is not None else 1 if size >= 4096 else 3
        a = rng.standard_normal((size, size), dtype=np.float32)
        b = rng.standard_normal((size, size), dtype=np.float32)
        np_wall, np_cpu, want = _measure(lambda: np.matmul(a, b), reps)
        print(f"{size}^3 f32 matmul: np.matmul {np_wall:.3f} s/call, cpu {np_cpu:.3f} s/call ({reps} timed calls)")
        # IREE's own ceiling here: the whole matmul on one IREE device (the backend on a 1-device mesh: same
        # flags, same runtime path), against the one np.matmul (OpenBLAS) above
        one = mc.compile(mc.parse(matmul_text(size, 1), f"matmul{size}_1.mlir"), entry="main").program
        ceiling = IreeBackend()
        one_args = ceiling.shard_inputs(one, [a, b])
        c_wall, c_cpu, out = _measure(lambda: ceiling.run(one.schedule, one_args, RunOptions(trace=False)), reps)
        _check("iree on 1 device", gather_results(one, out.outputs)[0], want, size)
        del out
        ceiling.close()
        print(f"  ceiling, 1 IREE device: {c_wall:.3f} s/call, cpu {c_cpu:.3f} s/call (iree/np x{c_wall / np_wall:.2f} "
              f"wall, x{c_cpu / np_cpu:.2f} cpu)")
        for n in device_counts:
            module = mc.parse(matmul_text(size, n), f"matmul{size}_{n}.mlir")
            program = mc.compile(module, entry="main").program
            rows = {}
            for name, backend in (("threads", ThreadsBackend()), ("iree", IreeBackend())):
                t0 = time.perf_counter()
                args = backend.shard_inputs(program, [a, b])  # IREE: emit, compile (cached) and load here
                setup = time.perf_counter() - t0
                call = _measure(lambda: backend.run(program.schedule, args, RunOptions(trace=False)), reps)

                def end_to_end():
                    shards = backend.shard_inputs(program, [a, b])
                    report = backend.run(program.schedule, shards, RunOptions(trace=False))
                    return gather_results(program, report.outputs)

                e2e = _measure(end_to_end, reps, warm=False)  # the per-call runs warmed it up
                _check(f"{name} on {n} devices", e2e[2][0], want, size)
                rows[name] = (call, e2e, setup)
                if name == "iree":
                    backend.close()
            (tc, te, _), (ic, ie, isetup) = rows["threads"], rows["iree"]
            del rows
            print(f"  {n} devices: per call threads {tc[0]:.3f} s iree {ic[0]:.3f} s (iree/threads x{ic[0] / tc[0]:.2f}, "
                  f"threads/np x{tc[0] / np_wall:.2f}, iree/np x{ic[0] / np_wall:.2f}); end to end threads "
                  f"{te[0]:.3f} s iree {ie[0]:.3f} s (x{ie[0] / te[0]:.2f}); cpu/call threads {tc[1]:.3f} s "
                  f"iree {ic[1]:.3f} s (x{ic[1] / max(tc[1], 1e-9):.2f}); iree setup {isetup:.1f} s")
    print("load:", subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip())


def main() -> None:
    """Parse the options, run (a), (b), (c) and print the figures (or the ``--matmul`` ones)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--sample", default="mlp_tensor_parallel")
    parser.add_argument("--repeat", type=int, default=None)
    parser.add_argument("--matmul", default=None, help="sizes S of S^3 f32 matmuls, comma-separated")
    parser.add_argument("--devices", default="2,4,8", help="device counts of --matmul")
    opts = parser.parse_args()
    if opts.matmul:
        matmul_bench([int(x) for x in opts.matmul.split(",")], [int(x) for x in opts.devices.split(",")],
                     opts.repeat)
        return
    opts.repeat = opts.repeat or 20
    os.environ["MESHC_IREE_CACHE"] = tempfile.mkdtemp(prefix="meshc-iree-bench-")

    import meshc.api as mc
    from meshc.runtime.backends import ThreadsBackend
    from meshc.runtime.iree_backend import IreeBackend

    path = ROOT / "samples" / f"{opts.sample}.mlir"
    module = mc.parse(path.read_text(), str(path))
    inputs = ROOT / "samples" / f"{opts.sample}.inputs.npz"
    bound = mc.bind_entry(module, dict(np.load(inputs)) if inputs.exists() else None,
                          random_seed=None if inputs.exists() else 0)
    program = mc.compile(module.clone(), entry=bound.func.sym_name).program
    n = program.schedule.mesh.num_devices
    rows = [("threads", _time(ThreadsBackend(), program, bound.arrays, opts.repeat))]
    for device in ("local-task", "local-sync"):
        backend = IreeBackend(device=device)
        t0 = time.perf_counter()
        backend.shard_inputs(program, bound.arrays)  # emits, compiles and loads the module
        if device == "local-task":
            print(f"{opts.sample} on {n} devices: emit + iree-compile + load {time.perf_counter() - t0:.2f} s")
        rows.append((f"iree {device}", _time(backend, program, bound.arrays, opts.repeat)))
        backend.close()
    base = statistics.median(rows[0][1])
    for name, times in rows:
        med = statistics.median(times)
        print(f"  {name:16s} median {med * 1e3:8.3f} ms  min {min(times) * 1e3:8.3f} ms  x{med / base:.2f} of threads")


if __name__ == "__main__":
    main()
