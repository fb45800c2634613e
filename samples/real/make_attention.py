"""Export the multi-head self-attention sample (issue 9) from JAX; not run by the tests.

Needs JAX and IREE's compiler in a separate environment (Python >= 3.12 for current JAX):

    python3.12 -m venv /tmp/jaxenv && /tmp/jaxenv/bin/pip install "jax[cpu]" iree-base-compiler
    /tmp/jaxenv/bin/python make_attention.py [OUT_DIR]

Writes into OUT_DIR (default: this directory):

* ``attention.stablehlo.mlir``: ``jax.jit(attention).lower(...).as_text()``;
* ``attention.linalg.mlir``: that, through ``iree-compile --iree-input-type=stablehlo --compile-to=input``;
* ``attention.inputs.npz``: x, wq, wk, wv, wo in argument order (multiples of 1/256, exact in float32);
* ``attention.expected.npz``: key ``out``, JAX's float32 output;
* ``attention_heads_first.*``: the same function with the heads as the leading batch dim of the two
  batched products (``[H, B, S, 16]`` instead of ``[B, H, S, 16]``), same inputs and expected output;
* ``attention_heads_first_sharded.stablehlo.mlir``: that function jitted on a mesh of 4 devices ("model")
  with Megatron's shardings in Shardy form: Wq/Wk/Wv split on their output columns (one head each), Wo
  on its rows, x and the result replicated;
* ``attention_heads_first_generic.linalg.mlir`` and ``mlp_generic.linalg.mlir``: the linalg files with
  every named op turned into ``linalg.generic`` by ``iree-opt --linalg-generalize-named-ops``.

Model: B=2, S=16, model dim 64, 4 heads of 16; ``out = concat_h(softmax(q_h k_h^T / 4) v_h) @ wo``
with ``q = x @ wq`` etc. (no biases, no mask). IREE turns each two-batch-dim product into
``tensor.collapse_shape`` of the two batch dims + ``linalg.batch_matmul``: the order of the two dims
decides which of them a sharding can split through the collapse (the major one), so heads-first keeps
a head split local and batch-first a batch split.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

os.environ.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=4")

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402
from jax.sharding import NamedSharding, PartitionSpec as P  # noqa: E402

B, S, D, H = 2, 16, 64, 4
DH = D // H


def attention(x, wq, wk, wv, wo):
    """Multi-head self-attention of ``x`` [B, S, D]; weights [D, D] (input dim first); heads [B, H, S, DH]."""
    def heads(t):  # [B, S, D] -> [B, H, S, DH]
        return t.reshape(B, S, H, DH).transpose(0, 2, 1, 3)

    q, k, v = heads(x @ wq), heads(x @ wk), heads(x @ wv)
    scores = jnp.einsum("bhqd,bhkd->bhqk", q, k) / np.float32(np.sqrt(DH))
    probs = jax.nn.softmax(scores, axis=-1)
    o = jnp.einsum("bhqk,bhkd->bhqd", probs, v)
    return o.transpose(0, 2, 1, 3).reshape(B, S, D) @ wo


def attention_heads_first(x, wq, wk, wv, wo):
    """The same attention with heads [H, B, S, DH] (heads the leading batch dim)."""
    def heads(t):  # [B, S, D] -> [H, B, S, DH]
        return t.reshape(B, S, H, DH).transpose(2, 0, 1, 3)

    q, k, v = heads(x @ wq), heads(x @ wk), heads(x @ wv)
    scores = jnp.einsum("hbqd,hbkd->hbqk", q, k) / np.float32(np.sqrt(DH))
    probs = jax.nn.softmax(scores, axis=-1)
    o = jnp.einsum("hbqk,hbkd->hbqd", probs, v)
    return o.transpose(1, 2, 0, 3).reshape(B, S, D) @ wo


def _inputs() -> dict[str, np.ndarray]:
    rng = np.random.default_rng(9)

    def grid(shape, span):  # integers in [-span, span] / 256: exact in float32
        return (rng.integers(-span, span + 1, size=shape) / 256.0).astype(np.float32)

    return {"x": grid((B, S, D), 256), "wq": grid((D, D), 32), "wk": grid((D, D), 32),
            "wv": grid((D, D), 32), "wo": grid((D, D), 32)}


def _generalize(src: Path, dst: Path) -> None:
    subprocess.run(["iree-opt", "--linalg-generalize-named-ops", str(src), "-o", str(dst)], check=True)


def main(out: Path) -> None:
    inputs = _inputs()
    args = list(inputs.values())
    for name, fn in (("attention", attention), ("attention_heads_first", attention_heads_first)):
        np.savez(out / f"{name}.inputs.npz", **inputs)
        np.savez(out / f"{name}.expected.npz", out=np.asarray(jax.jit(fn)(*args), dtype=np.float32))
        hlo = out / f"{name}.stablehlo.mlir"
        hlo.write_text(jax.jit(fn).lower(*args).as_text())
        subprocess.run(["iree-compile", "--iree-input-type=stablehlo", "--compile-to=input", str(hlo), "-o",
                        str(out / f"{name}.linalg.mlir")], check=True)
    mesh = jax.make_mesh((4,), ("model",))
    specs = [P(), P(None, "model"), P(None, "model"), P(None, "model"), P("model", None)]
    sharded = jax.jit(attention_heads_first, in_shardings=[NamedSharding(mesh, s) for s in specs],
                      out_shardings=NamedSharding(mesh, P()))
    (out / "attention_heads_first_sharded.stablehlo.mlir").write_text(sharded.lower(*args).as_text())
    _generalize(out / "attention_heads_first.linalg.mlir", out / "attention_heads_first_generic.linalg.mlir")
    _generalize(Path(__file__).parent / "mlp.linalg.mlir", out / "mlp_generic.linalg.mlir")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent)
