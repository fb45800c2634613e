"""meshc: a compiler driver for sharded tensor programs.

Reads MLIR-style textual IR (func, arith, math, tensor, linalg, scf, the
``mesh`` sharding dialect and ``iree_encoding``), runs sharding and
data-tiling passes, emits one schedule per device and executes the schedules
on simulated devices with a threaded numpy runtime.
"""

__version__ = "0.1.0"
