"""Export a sharded JAX MLP for meshc: the first step of the README's "From a JAX function" walk-through.

Run it where JAX and IREE's compiler are installed (``pip install "jax[cpu]" iree-base-compiler``;
JAX needs Python >= 3.12), not in meshc's own environment::

    python export_jax_mlp.py OUT_DIR
    iree-compile --iree-input-type=stablehlo --compile-to=input \\
        OUT_DIR/mlp.stablehlo.mlir -o OUT_DIR/mlp.linalg.mlir

Files written into OUT_DIR:

- ``mlp_sharded.stablehlo.mlir``: ``jax.jit(mlp, in_shardings=..., out_shardings=...).lower(...)`` as
  text, with the shardings on a 2x4 mesh ("data", "model") in Shardy form (``sdy.mesh``,
  ``#sdy.sharding``): the batch over "data", W1's columns, b1 and W2's rows over "model";
- ``mlp.stablehlo.mlir``: the same function jitted without shardings, for ``iree-compile`` (IREE lowers
  the program, not its shardings: meshc reads those from the sharded export);
- ``mlp.inputs.npz``: the arguments in order (x[64,256], w1[256,1024], b1[1024], w2[1024,256],
  b2[256], float32, multiples of 1/256 so they are exact);
- ``mlp.expected.npz``: key ``out``, JAX's own output [64,256] float32.

With JAX 0.12 and IREE 3.13 this prints exactly ``mlp_sharded.stablehlo.mlir`` and, through
``iree-compile``, ``mlp.linalg.mlir`` of this directory (their inputs were drawn by another seed). meshc
does not import this script; nothing in its tests needs JAX.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

# eight CPU devices, so the 2x4 mesh exists on a machine without accelerators
os.environ.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=8")

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402
from jax.sharding import Mesh, NamedSharding  # noqa: E402
from jax.sharding import PartitionSpec as P  # noqa: E402


def mlp(x, w1, b1, w2, b2):
    """Two-layer MLP: relu(x @ w1 + b1) @ w2 + b2; x [64,256] -> [64,256]."""
    return jnp.maximum(x @ w1 + b1, 0.0) @ w2 + b2


def exact_values(rng: np.random.Generator, *shape: int) -> np.ndarray:
    """Random float32 values in [-0.25, 0.25), multiples of 1/256 (exact in float32)."""
    return (rng.integers(-64, 64, size=shape) / 256).astype(np.float32)


def main(out_dir: Path) -> None:
    out_dir.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(0)
    args = [exact_values(rng, 64, 256), exact_values(rng, 256, 1024), exact_values(rng, 1024),
            exact_values(rng, 1024, 256), exact_values(rng, 256)]

    mesh = Mesh(np.array(jax.devices()[:8]).reshape(2, 4), ("data", "model"))
    specs = [P("data", None), P(None, "model"), P("model"), P("model", None), P()]
    sharded = jax.jit(mlp, in_shardings=[NamedSharding(mesh, s) for s in specs],
                      out_shardings=NamedSharding(mesh, P("data", None)))
    (out_dir / "mlp_sharded.stablehlo.mlir").write_text(sharded.lower(*args).as_text())
    (out_dir / "mlp.stablehlo.mlir").write_text(jax.jit(mlp).lower(*args).as_text())

    np.savez(out_dir / "mlp.inputs.npz", x=args[0], w1=args[1], b1=args[2], w2=args[3], b2=args[4])
    np.savez(out_dir / "mlp.expected.npz", out=np.asarray(jax.jit(mlp)(*args)))
    print(f"wrote {out_dir}/mlp_sharded.stablehlo.mlir, mlp.stablehlo.mlir, mlp.inputs.npz, mlp.expected.npz")


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "."))
