"""CPU time of ``meshc estimate`` against the device count, at real tensor sizes.

The program is the 2-layer Megatron chain of docs/estimate.md ("A layer too big to run"),
docs/examples/megatron_chain.mlir: activations of 65536x16384 and weights of 16384x16384 (f32), the
first matmul column-split, the second row-split, one ``all_reduce`` of the 2^32-byte result; no
data is needed, the mesh size is set as ``--mesh-shape tp=N`` sets it.
For a 1-D mesh of 8, 16, ... devices up to ``--max-devices`` (default 4096) it prints, measured in
a child process each (a fresh interpreter): the CPU seconds of the compile (parse + the SPMD
pipeline + the per-device instantiation, :func:`meshc.api.compile`), of the walk
(:func:`meshc.runtime.estimate.estimate`), the maximum resident memory of the child, and the
figures of device 0 (peak bytes, collective bytes received), which must be those of
tests/test_estimate.py's ``chain_figures``. The ratio column is the total CPU over the 8-device one.

Measured on the 2 shared cores of the development machine (other jobs running, load 6-8)::

    devices  compile CPU s  estimate CPU s  total  vs 8   max RSS MB      peak B  collective B
    -------  -------------  --------------  -----  -----  ----------  ----------  ------------
          8           1.37            0.05   1.42  1.00x          65  5100273668    7516192768
         16           1.36            0.06   1.41  1.00x          65  4697620484    8053063680
         32           1.41            0.06   1.48  1.04x          66  4496293892    8321499136
         64           1.51            0.07   1.59  1.12x          66  4395630596    8455716864
        128           1.59            0.07   1.66  1.17x          66  4345298948    8522825728
        256           1.55            0.10   1.65  1.16x          70  4320133124    8556380160
        512           1.83            0.17   2.00  1.41x          81  4307550212    8573157376
       1024           2.50            0.34   2.84  1.99x         118  4301258756    8581545984
       2048           3.79            0.77   4.56  3.21x         238  4298113028    8585740288
       4096           6.48            2.37   8.85  6.22x         667  4296540164    8587837440

At 4096 devices, run one after the other at load 20 (``--child 4096``): this code 4.44 s compile +
1.49 s walk = 5.93 s CPU, main before it 5.38 + 2.23 = 7.61 s (0.78x), the figures identical; what
went is the quadratic naming of buffers (``_Device.claim``) and the cyclic collector rescanning the
steps while they are built and walked (``meshc.ir.limits.spaced_collections``).

Before the walk kept collective pair traffic per group (``meshc.runtime.estimate.PairRow``) the
estimate alone took about 25 s CPU and 2 GB at 4096 devices. What grows now is linear in the
devices (the instantiation of every device's steps and the walk over them) plus the one
4096 x 4096 transfer matrix of the all_reduce (128 MiB, most of the resident memory).

Usage: python bench/estimate_scaling.py [--max-devices 4096] [--timeout 600]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The program (2 layers, the mesh size given by ``--mesh-shape`` as ``meshc estimate`` takes it).
CHAIN = ROOT / "docs/examples/megatron_chain.mlir"


def measure_once(devices: int) -> dict:
    """Compile and estimate the chain on ``devices`` in this process; CPU seconds and device 0's figures."""
    import resource
    import time

    import meshc.api as mc
    from meshc.runtime.estimate import estimate

    t0 = time.process_time()
    compiled = mc.compile(mc.parse(CHAIN.read_text(), str(CHAIN)), None, f"tp={devices}", entry="chain")
    t1 = time.process_time()
    est = estimate(compiled.program.schedule)
    t2 = time.process_time()
    d = est.devices[0]
    return {"compile": t1 - t0, "estimate": t2 - t1, "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
            "peak": d.stats.peak_bytes, "collective": d.stats.collective_bytes}


def run_child(devices: int, timeout: float) -> dict | None:
    """:func:`measure_once` in a fresh interpreter; None if it took longer than ``timeout`` seconds."""
    cmd = [sys.executable, __file__, "--child", str(devices)]
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, check=True)
    except subprocess.TimeoutExpired:
        return None
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--max-devices", type=int, default=4096)
    parser.add_argument("--timeout", type=float, default=600.0)
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(measure_once(args.child)))
        return
    header = ["devices", "compile CPU s", "estimate CPU s", "total", "vs 8 ", "max RSS MB", "    peak B",
              "collective B"]
    print("  ".join(header))
    print("  ".join("-" * len(h) for h in header))
    first = None
    devices = 8
    while devices <= args.max_devices:
        r = run_child(devices, args.timeout)
        if r is None:
            print(f"{devices:>7}  > {args.timeout:g} s")
        else:
            total = r["compile"] + r["estimate"]
            first = first or total
            cells = [f"{devices:>7}", f"{r['compile']:>13.2f}", f"{r['estimate']:>14.2f}", f"{total:>5.2f}",
                     f"{total / first:>4.2f}x", f"{r['rss_mb']:>10.0f}", f"{r['peak']:>10}", f"{r['collective']:>12}"]
            print("  ".join(cells), flush=True)
        devices *= 2


if __name__ == "__main__":
    main()
