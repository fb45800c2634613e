"""Benchmark of the threaded runtime (meshc.runtime.executor); prints figures, asserts nothing.

1. A 4096x4096x4096 f32 matmul (a) as one ``np.matmul`` and (b) row-sharded
   over 8 devices by the runtime from a hand-built schedule: device k holds
   its 512 rows of A, B is replicated over the (all peered) mesh, stored once
   on device 0 and read in place by the others; each device runs one
   ``linalg.matmul`` kernel on its rows. The variants run interleaved (a, b,
   c, d, a, b, ...; 5 rounds after a warm-up); prints the median and spread
   of wall and CPU seconds of each, and b/a. BLAS threads: the runtime limits
   the BLAS to each device's share of the cores itself
   (``RunOptions.blas_threads``, at most cores // threads kernels in the BLAS
   at once); (a) uses the BLAS's default threads. (c) runs the same row
   blocks on plain threads with the BLAS's default threads, (d) with the
   runtime's limits (threadpoolctl and the same number of BLAS slots), so
   b/d is the runtime's own cost and d/a what splitting the matmul costs on
   this machine's BLAS.
2. Many tiny ops on many devices: a chain of 1000 ``arith.addf`` ops per device, 8 devices,
   each on an 8x8 f32 shard, scheduled as the backend does (allocate the result, run the
   kernel, free the operand after its last use); vs the same 8 x 1000 ``np.add`` calls in a
   plain Python loop. Prints the wall and CPU time per call of both and the ratio.
   Target: within 5x of the numpy loop.
3. Per-step overhead: 10k tiny kernel steps (``arith.addf`` on a 4-element
   tensor) on one device, and on 4 devices at once; overhead = (runtime wall
   time - the same kernel calls made directly in a loop) / steps.
   Target: under 50 us per step.

Usage: .venv/bin/python bench/runtime_bench.py [--size 4096] [--devices 8] [--repeat 5] [--steps 10000]
"""

from __future__ import annotations

import argparse
import os
import statistics
import threading
import time

import numpy as np

import meshc.api as mc
from meshc.backend.schedule import (Allocate, ArgBinding, DeviceSchedule, Free, Kernel, PeerRead, ResultBinding,
                                    Schedule)
from meshc.runtime.executor import Executor, RunOptions
from meshc.sharding.spec import Mesh

def matmul_schedule(devices: int, m: int, k: int, n: int) -> Schedule:
    """Row-sharded ``A[m,k] @ B[k,n]`` over a 1-D mesh of ``devices`` peered devices."""
    rows = m // devices
    module = mc.parse(f"""
func.func @mm(%a: tensor<{rows}x{k}xf32>, %b: tensor<{k}x{n}xf32>) -> tensor<{rows}x{n}xf32> {{
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<{rows}x{n}xf32>
  %c = linalg.fill ins(%z : f32) outs(%e : tensor<{rows}x{n}xf32>) -> tensor<{rows}x{n}xf32>
  %r = linalg.matmul ins(%a, %b : tensor<{rows}x{k}xf32>, tensor<{k}x{n}xf32>) outs(%c : tensor<{rows}x{n}xf32>) -> tensor<{rows}x{n}xf32>
  return %r : tensor<{rows}x{n}xf32>
}}""", filename="bench_mm.mlir")
    ops = {op.name: op for op in module.walk()}
    scheds = []
    for d in range(devices):
        steps = [Allocate("z", (), "f32"), Kernel(ops["arith.constant"], (), ("z",)),
                 Allocate("c", (rows, n), "f32"), Kernel(ops["tensor.empty"], (), ("c",)),
                 Kernel(ops["linalg.fill"], ("z", "c"), ("c",)), Free("z")]
        if d:
            steps.append(PeerRead("b", 0, "b"))
        steps += [Kernel(ops["linalg.matmul"], ("a", "b", "c"), ("c",)), Free("a")]
        scheds.append(DeviceSchedule(d, steps))
    args = [ArgBinding(d, d, "a", (rows, k), "f32") for d in range(devices)]
    args.append(ArgBinding(devices, 0, "b", (k, n), "f32"))  # stored once, on device 0
    results = [ResultBinding(d, d, "c") for d in range(devices)]
    return Schedule(Mesh("m", (devices,), (0,)), scheds, {}, args, results, module, "mm")


def plain_threads(blocks: list, b: np.ndarray, slots: "int | None") -> list:
    """``np.matmul(block, b)`` for every block on a thread of its own, at most ``slots`` of them
    inside the BLAS at once (None: no limit), as the runtime's device threads do; the results."""
    out: list = [None] * len(blocks)
    gate = threading.BoundedSemaphore(slots) if slots else None

    def work(d):
        if gate is None:
            out[d] = np.matmul(blocks[d], b)
            return
        with gate:
            out[d] = np.matmul(blocks[d], b)

    threads = [threading.Thread(target=work, args=(d,)) for d in range(len(blocks))]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    return out


def bench_matmul(size: int, devices: int, repeat: int) -> None:
    """Part 1, interleaved (a, b, c, d, a, b, ...) so that a change of load hits every variant
    alike; prints each variant's median and spread of wall and CPU (process) seconds per call."""
    from meshc.runtime.blas import available_cores, blas_limit, resolve_blas_threads

    rng = np.random.default_rng(0)
    a = rng.standard_normal((size, size), dtype=np.float32)
    b = rng.standard_normal((size, size), dtype=np.float32)
    rows = size // devices
    blocks = [a[d * rows:(d + 1) * rows] for d in range(devices)]
    ex = Executor(matmul_schedule(devices, size, size, size), RunOptions(trace=False))
    threads = resolve_blas_threads(None, devices)
    slots = max(1, available_cores() // threads)
    slots = None if slots >= devices else slots
    report = [None]

    def runtime():
        report[0] = ex.run(blocks + [b])

    def same_limits():
        with blas_limit(threads):
            plain_threads(blocks, b, slots)

    variants = [("(a) one np.matmul, the BLAS's default threads", lambda: np.matmul(a, b)),
                (f"(b) runtime, {devices} devices ({threads} BLAS thread(s) each, {slots or 'no'} slot limit)",
                 runtime),
                (f"(c) {devices} plain threads, default BLAS threads", lambda: plain_threads(blocks, b, None)),
                (f"(d) {devices} plain threads, the runtime's BLAS limits", same_limits)]
    walls: list[list[float]] = [[] for _ in variants]
    cpus: list[list[float]] = [[] for _ in variants]
    for _, fn in variants:  # warm-up, not timed
        fn()
    for _ in range(repeat):
        for (_, fn), w, c in zip(variants, walls, cpus):
            c0, t0 = time.process_time(), time.perf_counter()
            fn()
            w.append(time.perf_counter() - t0)
            c.append(time.process_time() - c0)
    ref = np.matmul(a, b)
    err = float(np.max(np.abs(np.concatenate(report[0].outputs) - ref)))  # type: ignore[union-attr]
    print(f"matmul {size}^3 f32, {available_cores()} CPUs, {repeat} interleaved runs each (wall / CPU s per call)")
    med = [statistics.median(w) for w in walls]
    cmed = [statistics.median(c) for c in cpus]
    for (name, _), w, c in zip(variants, walls, cpus):
        print(f"  {name:<72} wall median {statistics.median(w):.3f} [{min(w):.3f}-{max(w):.3f}]  "
              f"cpu median {statistics.median(c):.3f} [{min(c):.3f}-{max(c):.3f}]")
    ratios = [wb / wa for wa, wb in zip(walls[0], walls[1])]
    print(f"  ratio b/a wall {med[1] / med[0]:.3f} (per run {min(ratios):.3f}-{max(ratios):.3f}), cpu "
          f"{cmed[1] / cmed[0]:.3f} (target <= 1.05); b/d wall {med[1] / med[3]:.3f} cpu {cmed[1] / cmed[3]:.3f} "
          f"(the runtime's own cost); d/a wall {med[3] / med[0]:.3f} cpu {cmed[3] / cmed[0]:.3f} (what splitting "
          f"costs on this BLAS); c/a wall {med[2] / med[0]:.3f}; max |b - a| = {err:.3g}")
    d0, d1 = report[0].stats.devices[0], report[0].stats.devices[1]  # type: ignore[union-attr]
    print(f"  device 0 peak {d0.peak_bytes} B, device 1 peak {d1.peak_bytes} B (B stored once, device 1 "
          f"peer-reads {d1.peer_read_bytes} B)")


def tiny_schedule(devices: int, steps: int) -> tuple[Schedule, object]:
    module = mc.parse("""
func.func @tiny(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = arith.addf %x, %x : tensor<4xf32>
  return %y : tensor<4xf32>
}""", filename="bench_tiny.mlir")
    add = next(op for op in module.walk() if op.name == "arith.addf")
    scheds = [DeviceSchedule(d, [Allocate("y", (4,), "f32")] + [Kernel(add, ("x", "x"), ("y",))] * steps)
              for d in range(devices)]
    args = [ArgBinding(d, d, "x", (4,), "f32") for d in range(devices)]
    return Schedule(Mesh("m", (devices,)), scheds, {}, args, [ResultBinding(0, 0, "y")], module, "tiny"), add


def bench_overhead(steps: int, devices: int, repeat: int) -> None:
    from meshc.runtime.interpreter import KERNELS, Interpreter

    sched, add = tiny_schedule(devices, steps)
    x = np.arange(4, dtype=np.float32)
    interp = Interpreter(sched.module)
    fn = KERNELS[add.name]
    fn(interp, add, [x, x])
    direct = []
    for _ in range(repeat):
        t = time.perf_counter()
        for _ in range(steps):
            fn(interp, add, [x, x])
        direct.append(time.perf_counter() - t)
    ex = Executor(sched, RunOptions(trace=True))
    ex.run([x] * devices)  # warm-up
    walls = []
    for _ in range(repeat):
        t = time.perf_counter()
        ex.run([x] * devices)
        walls.append(time.perf_counter() - t)
    base, wall = statistics.median(direct), statistics.median(walls)
    total = steps * devices
    # devices run concurrently: compare with the kernels of all devices done one after another
    overhead = (wall - base * devices) / total
    print(f"{steps} tiny kernel steps x {devices} device(s): runtime {wall * 1e3:.1f} ms, direct kernel calls "
          f"{base * devices * 1e3:.1f} ms -> overhead {overhead * 1e6:.2f} us/step "
          f"({wall / total * 1e6:.2f} us/step all in; target < 50 us)")


def chain_schedule(devices: int, ops: int, shape: tuple = (8, 8)) -> Schedule:
    """``ops`` chained ``arith.addf`` per device, each op's result allocated before it and its
    operand freed after it (the backend's allocation policy)."""
    t = "x".join(map(str, shape)) + "xf32"
    lines = [f"func.func @chain(%x: tensor<{t}>) -> tensor<{t}> {{"]
    prev = "%x"
    for j in range(ops):
        lines.append(f"  %v{j} = arith.addf {prev}, %x : tensor<{t}>")
        prev = f"%v{j}"
    lines += [f"  return {prev} : tensor<{t}>", "}"]
    module = mc.parse("\n".join(lines), filename="bench_chain.mlir")
    adds = [op for op in module.walk() if op.name == "arith.addf"]
    scheds = []
    for d in range(devices):
        steps = []
        prev = "x"
        for j, op in enumerate(adds):
            out = f"v{j}"
            steps += [Allocate(out, shape, "f32"), Kernel(op, (prev, "x"), (out,))]
            if prev != "x":
                steps.append(Free(prev))
            prev = out
        scheds.append(DeviceSchedule(d, steps))
    args = [ArgBinding(d, d, "x", shape, "f32") for d in range(devices)]
    results = [ResultBinding(d, d, prev) for d in range(devices)]
    return Schedule(Mesh("m", (devices,)), scheds, {}, args, [results[0]], module, "chain")


def _timed(fn, repeat: int) -> tuple[float, float]:
    """Median wall and CPU (process) seconds of ``fn()`` over ``repeat`` calls after a warm-up."""
    fn()
    walls, cpus = [], []
    for _ in range(repeat):
        c, t = time.process_time(), time.perf_counter()
        fn()
        walls.append(time.perf_counter() - t)
        cpus.append(time.process_time() - c)
    return statistics.median(walls), statistics.median(cpus)


def bench_tiny_mesh(ops: int, devices: int, repeat: int) -> None:
    ex = Executor(chain_schedule(devices, ops), RunOptions(trace=False))
    x = np.arange(64, dtype=np.float32).reshape(8, 8) / 64
    args = [x] * devices

    def numpy_loop():
        for _ in range(devices):
            y = x
            for _ in range(ops):
                y = np.add(y, x)
        return y

    got = ex.run(args).outputs[0]
    assert np.array_equal(got, numpy_loop())  # the figures compare the same work
    # interleave the two (runtime, numpy, runtime, numpy, ...) on a shared machine
    rt, npl = [], []
    for _ in range(repeat):
        rt.append(_timed(lambda: ex.run(args), 1))
        npl.append(_timed(numpy_loop, 1))
    rw, rc = statistics.median(w for w, _ in rt), statistics.median(c for _, c in rt)
    nw, nc = statistics.median(w for w, _ in npl), statistics.median(c for _, c in npl)
    print(f"{ops} tiny addf ops x {devices} devices (8x8 f32 each), per call: runtime wall {rw * 1e3:.2f} ms "
          f"cpu {rc * 1e3:.2f} ms; numpy loop wall {nw * 1e3:.2f} ms cpu {nc * 1e3:.2f} ms; "
          f"ratio wall {rw / nw:.2f} cpu {rc / nc:.2f} (target <= 5); {rw / (ops * devices) * 1e6:.2f} us/kernel")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--size", type=int, default=4096)
    p.add_argument("--devices", type=int, default=8)
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--steps", type=int, default=10000)
    p.add_argument("--only", choices=["matmul", "tiny", "overhead"], default=None, help="run one part only")
    ns = p.parse_args()
    os.system("uptime")
    if ns.only in (None, "tiny"):
        bench_tiny_mesh(1000, ns.devices, ns.repeat)
    if ns.only == "tiny":
        return
    if ns.only in (None, "matmul"):
        bench_matmul(ns.size, ns.devices, ns.repeat)
    if ns.only == "matmul":
        return
    bench_overhead(ns.steps, 1, ns.repeat)
    bench_overhead(ns.steps, 4, ns.repeat)


if __name__ == "__main__":
    main()
