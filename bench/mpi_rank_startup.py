"""CPU time one MPI rank spends before its first step, against the device count.

Under ``meshc run --backend mpi --launch N`` (or ``mpiexec -n N meshc run --backend mpi``) every
rank runs the whole command: it parses the program, compiles the SPMD template, instantiates the
schedule (:mod:`meshc.runtime.instantiate`), then :class:`meshc.runtime.mpi.MpiExecutor` validates
it, lays out the static plan of every transfer (``_Plan``) and compiles its own device's step loop
(:class:`meshc.runtime.engine.DevicePlan`). This benchmark does the same in a fresh interpreter per
mesh size, without MPI (the plan is laid out as for ranks on one node), and prints the CPU seconds
of each part for device 0 and the total's ratio to the 8-device one. A rank runs one device, so a
start-up that does not grow with the mesh keeps the ratio near 1; what grows is the instantiation
of every device's steps and the plan over all of them (docs/runtime.md "MPI": each rank builds the
schedule of the whole mesh).

Measured on the 2 shared cores of the development machine (load 12, one child per row)::

    program              devices  steps  compile  instantiate  validate+plan  device plan  total  vs first
    dynamic_mesh_rowsum        8    104     1.01         0.02           0.00         0.06   1.07     1.00x
    dynamic_mesh_rowsum       64    832     0.89         0.04           0.00         0.08   0.97     0.90x
    dynamic_mesh_rowsum      256   3328     0.96         0.10           0.01         0.06   1.03     0.96x
    dynamic_mesh_rowsum     1024  13312     1.29         0.40           0.10         0.13   1.51     1.42x
    mlp_tensor_parallel        8    174     0.87         0.02           0.00         0.05   0.92     1.00x
    mlp_tensor_parallel       64   1406     0.93         0.04           0.00         0.05   0.99     1.07x
    mlp_tensor_parallel      256   5630     1.09         0.17           0.01         0.07   1.17     1.27x
    mlp_tensor_parallel     1024  22526     1.70         0.71           0.26         0.08   2.05     2.21x

Before a slice offset equal to the device index stopped giving every device its own body
(:mod:`meshc.backend.spmd`), mlp_tensor_parallel on 1024 devices built 1024 bodies: instantiate
2.09 s, total 3.47 s (2.73x), in an earlier run of this benchmark (load 8).

(``compile`` includes ``instantiate``; 1024 ranks cannot run here, the MPI runtime takes one rank
per device, so the per-rank figures are measured apart.)

Usage: python bench/mpi_rank_startup.py [--devices 8,64,256,1024] [--timeout 600]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROGRAMS = {"dynamic_mesh_rowsum": ("samples/dynamic_mesh_rowsum.mlir", "m"),
            "mlp_tensor_parallel": ("samples/mlp_tensor_parallel.mlir", "tp")}


def measure_once(name: str, devices: int) -> dict:
    """What rank 0 of a ``devices``-rank job computes before its first step, in CPU seconds."""
    import meshc.api as mc
    import meshc.runtime.instantiate as instantiate_module
    from meshc.runtime.engine import DevicePlan, RunOptions, device_interpreter
    from meshc.runtime.mpi import MpiExecutor, _Plan

    path, axis = PROGRAMS[name]
    spent = {"instantiate": 0.0}
    instantiate = instantiate_module.instantiate

    def timed(template):
        t = time.process_time()
        try:
            return instantiate(template)
        finally:
            spent["instantiate"] += time.process_time() - t

    instantiate_module.instantiate = timed  # spmd_program calls it through the module
    t0 = time.process_time()
    module = mc.parse((ROOT / path).read_text(), path)
    compiled = mc.compile(module, None, f"{axis}={devices}")
    t1 = time.process_time()
    schedule = compiled.program.schedule
    schedule.validate()
    plan = _Plan(schedule, [0] * schedule.mesh.num_devices, True)
    t2 = time.process_time()
    options = RunOptions()
    interp = device_interpreter(schedule, 0, options)
    DevicePlan(0, schedule.devices[0].steps, schedule.args, options, interp, MpiExecutor,
               lambda i, step: plan.incoming[(0, i)])
    t3 = time.process_time()
    return {"steps": sum(len(d.steps) for d in schedule.devices), "compile": t1 - t0,
            "instantiate": spent["instantiate"], "plan": t2 - t1, "device_plan": t3 - t2}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--devices", default="8,64,256,1024")
    parser.add_argument("--timeout", type=float, default=600.0)
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(measure_once(args.child[0], int(args.child[1]))))
        return
    header = ["program            ", "devices", "steps", "compile", "instantiate", "validate+plan", "device plan",
              "total", "vs first"]
    print("  ".join(header))
    for name in PROGRAMS:
        first = None
        for n in (int(x) for x in args.devices.split(",")):
            try:
                out = subprocess.run([sys.executable, __file__, "--child", name, str(n)], capture_output=True,
                                     text=True, timeout=args.timeout, check=True, cwd=ROOT)
            except subprocess.TimeoutExpired:
                print(f"{name:<19}  {n:>7}  > {args.timeout:g} s")
                continue
            r = json.loads(out.stdout.strip().splitlines()[-1])
            total = r["compile"] + r["plan"] + r["device_plan"]
            first = first or total
            print(f"{name:<19}  {n:>7}  {r['steps']:>5}  {r['compile']:>7.2f}  {r['instantiate']:>11.2f}  "
                  f"{r['plan']:>13.2f}  {r['device_plan']:>11.2f}  {total:>5.2f}  {total / first:>7.2f}x", flush=True)


if __name__ == "__main__":
    main()
