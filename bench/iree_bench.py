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

Usage: .venv/bin/python bench/iree_bench.py [--sample mlp_tensor_parallel] [--repeat 20]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

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


def main() -> None:
    """Parse the options, run (a), (b), (c) and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--sample", default="mlp_tensor_parallel")
    parser.add_argument("--repeat", type=int, default=20)
    opts = parser.parse_args()
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
