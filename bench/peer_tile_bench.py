"""Benchmark of peer tiles (meshc/backend/peer_tile.py, docs/runtime.md "Peer tiles"); prints figures,
asserts nothing.

A row-split matmul ``A[M,K] @ B[K,N]`` (f32) on a 1-D peered mesh of D devices, in two layouts of B:

* ``replicated``: B replicated over the peered axis, so stored once (on device 0) and read by the others
  from its memory (seed 000's example);
* ``split``: B split by rows over the devices, so each device needs the others' pieces.

Each is compiled three ways by the default pipeline (the SPMD template path, as ``meshc run``) and run
on the threaded runtime, interleaved round by round (median over the rounds):

* ``peer``: ``reshard{strategy=peer}``: the remote operand is read in place (replicated) or assembled
  whole from its pieces (split);
* ``peer-tile``: ``reshard{strategy=peer peer-tile=TxT}``: the operand is copied tile by tile,
  double-buffered, just before each tile is used;
* ``collectives``: ``reshard{strategy=collectives}`` (split: an ``all_gather`` of B; replicated: the
  same in-place read as peer, since nothing moves by collectives).

Printed per layout and way: the largest device peak (bytes, from ``--stats``' accounting), the largest
peak of a device that receives data (``reader``: with B replicated, device 0 stores B whole whatever the
way; a reader holds nothing of it read in place, two tiles with peer tiles), the bytes one device receives (peer read + copy + collective) and the tile bytes among them, and the wall time per
call; then each figure as a ratio to ``peer`` of the same run. The figures also equal ``meshc estimate``'s
(checked here, as the tests do).

Usage: .venv/bin/python bench/peer_tile_bench.py [--m 1024] [--k 2048] [--n 1024] [--devices 4] [--tile 256]
       [--rounds 5]
"""

from __future__ import annotations

import argparse
import statistics
import time

import meshc.api as mc
from meshc.runtime.estimate import estimate

PROGRAM = """
mesh.mesh @m(shape = {d}, peered_memory_axes = [0])
func.func @main(%a: tensor<{m}x{k}xf32>, %b: tensor<{k}x{n}xf32>) -> tensor<{m}x{n}xf32> {{
  %as = mesh.shard %a to <@m, [[0]]> : tensor<{m}x{k}xf32>
  %bs = mesh.shard %b to <@m, {b}> : tensor<{k}x{n}xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<{m}x{n}xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<{m}x{n}xf32>) -> tensor<{m}x{n}xf32>
  %c = linalg.matmul ins(%as, %bs : tensor<{m}x{k}xf32>, tensor<{k}x{n}xf32>) outs(%f : tensor<{m}x{n}xf32>)
       -> tensor<{m}x{n}xf32>
  %r = mesh.shard %c to <@m, [[0]]> : tensor<{m}x{n}xf32>
  return %r : tensor<{m}x{n}xf32>
}}
"""

LAYOUTS = {"replicated": "[[]]", "split": "[[0]]"}


def ways(tile: int) -> dict[str, str]:
    return {"peer": "strategy=peer", "peer-tile": f"strategy=peer peer-tile={tile}x{tile}",
            "collectives": "strategy=collectives"}


def figures(result, compiled) -> dict:
    devices = result.stats.devices
    est = estimate(compiled.program.schedule)
    for got, want in zip(est.devices, devices):  # the estimate counts what the run did
        assert (got.stats.peak_bytes, got.stats.peer_read_bytes, got.stats.copy_bytes, got.stats.tile_bytes) == (
            want.peak_bytes, want.peer_read_bytes, want.copy_bytes, want.tile_bytes)
    readers = [d for d in devices if d.peer_read_bytes + d.copy_bytes + d.collective_bytes] or devices
    return {"peak": max(d.peak_bytes for d in devices), "reader": max(d.peak_bytes for d in readers),
            "received": max(d.peer_read_bytes + d.copy_bytes + d.collective_bytes for d in devices),
            "tiles": max(d.tile_bytes for d in devices), "tiled_kernels": sum(d.kernels for d in devices)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--m", type=int, default=1024)
    ap.add_argument("--k", type=int, default=2048)
    ap.add_argument("--n", type=int, default=1024)
    ap.add_argument("--devices", type=int, default=4)
    ap.add_argument("--tile", type=int, default=256)
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    print(f"A {args.m}x{args.k} @ B {args.k}x{args.n} f32 rows over {args.devices} peered devices; "
          f"peer-tile {args.tile}x{args.tile}; median of {args.rounds} interleaved rounds")
    for layout, b in LAYOUTS.items():
        text = PROGRAM.format(d=args.devices, m=args.m, k=args.k, n=args.n, b=b)
        module = mc.parse(text, "peer_tile_bench.mlir")
        bound = mc.bind_entry(module, None, None, 0, None)
        runs = {}
        for name, opts in ways(args.tile).items():
            compiled = mc.compile(module.clone(), mc.default_pipeline(reshard=opts))
            runs[name] = (compiled, [], None)
        for _ in range(args.rounds):
            for name, (compiled, times, _) in runs.items():
                t = time.perf_counter()
                result = mc.run_compiled(compiled, bound)
                times.append(time.perf_counter() - t)
                runs[name] = (compiled, times, result)
        rows = {name: dict(figures(result, compiled), seconds=statistics.median(times))
                for name, (compiled, times, result) in runs.items()}
        base = rows["peer"]
        print(f"\nB {layout} ({args.k * args.n * 4} B):")
        print(f"  {'way':<12} {'peak B':>10} {'reader B':>10} {'received B':>10} {'tile B':>10} {'s/call':>8}   "
              f"{'peak/peer':>9} {'reader/peer':>11} {'recv/peer':>9} {'time/peer':>9}")
        for name, r in rows.items():
            ratio = lambda key: r[key] / base[key] if base[key] else float("nan")  # noqa: E731
            print(f"  {name:<12} {r['peak']:>10} {r['reader']:>10} {r['received']:>10} {r['tiles']:>10} "
                  f"{r['seconds']:>8.4f}   {ratio('peak'):>9.3f} {ratio('reader'):>11.3f} {ratio('received'):>9.3f} "
                  f"{ratio('seconds'):>9.3f}")


if __name__ == "__main__":
    main()
