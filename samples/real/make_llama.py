"""Export a Llama-2 decoder (prefill, bf16) with Megatron shardings and record XLA's figures; not run by the tests.

Needs JAX (0.12), and IREE's compiler (``iree-compile`` on PATH or ``--iree-compile``), in a Python that
has them; no weights are made: every argument is a ``jax.ShapeDtypeStruct``::

    XLA_FLAGS=--xla_force_host_platform_device_count=64 python make_llama.py --preset 7b OUT_DIR
    python make_llama.py --preset tiny tests/data/real      # the CI-sized version

The model (``llama(tokens, wte, layers..., final_norm, head)``), Llama-2's architecture:
``tokens`` [B, S] int32 -> ``jnp.take`` of the embedding ``wte`` [V, D] -> L decoder layers (RMSNorm,
q/k/v projections [D, D] to H heads of D/H, rotary embedding (rotate-half, base 10000, computed
from iotas), causal softmax attention (the mask from iotas), output projection [D, D], residual,
RMSNorm, SwiGLU MLP (gate and up [D, F], down [F, D]), residual) -> final RMSNorm -> logits through
the untied head [D, V]: [B, S, V]. Everything bf16 (tokens int32).

Shardings on a ``("data", "model")`` mesh (Megatron): tokens and logits' batch over "data"; wte
vocab-parallel (rows over "model"); Wq/Wk/Wv/Wgate/Wup column-parallel, Wo/Wdown row-parallel over
"model" (so each device holds H / model whole heads); the head column-parallel (vocab over
"model", so the logits' vocab dim too); the norms' weights replicated.

For a model ``NAME`` (``llama7b`` or ``llama_tiny`` for the presets, ``--name`` otherwise) it writes:

* ``NAME.stablehlo.mlir``: ``jax.jit(f).lower(*structs).as_text()`` (unsharded: what IREE lowers);
* ``NAME_sharded.stablehlo.mlir``: the program jitted with the shardings (Shardy form, what
  ``meshc annotate --shardings-from`` reads);
* ``NAME.linalg.mlir``: ``NAME.stablehlo.mlir`` through
  ``iree-compile --iree-input-type=stablehlo --compile-to=input``;
* ``NAME.xla.json``: the configuration, XLA's compile time (``lowered.compile()``, wall and CPU
  seconds of this process), its
  per-device ``compiled.memory_analysis()`` (argument, output, alias, temp and generated code bytes),
  ``compiled.cost_analysis()`` (flops, transcendentals, bytes accessed; of the SPMD-partitioned
  per-device module) and the collectives of ``compiled.as_text()`` by kind (``-start`` counted once,
  ``-done`` not).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

#: Llama-2-7B and a CI-sized version: layers, d_model, heads, ffn, vocab, batch, seq, mesh (data, model).
PRESETS = {
    "7b": dict(name="llama7b", layers=32, d=4096, heads=32, ffn=11008, vocab=32000, batch=8, seq=2048, mesh=(8, 8)),
    "tiny": dict(name="llama_tiny", layers=2, d=256, heads=4, ffn=512, vocab=512, batch=2, seq=64, mesh=(2, 4)),
}
COLLECTIVES = ("all-reduce", "all-gather", "reduce-scatter", "all-to-all", "collective-permute")


def parse_args(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("out", type=Path, nargs="?", default=Path("."), help="output directory")
    p.add_argument("--preset", choices=sorted(PRESETS), default="tiny")
    for key in ("layers", "d", "heads", "ffn", "vocab", "batch", "seq"):
        p.add_argument(f"--{key}", type=int, help=f"override the preset's {key}")
    p.add_argument("--mesh", help="override the preset's mesh, DATAxMODEL (e.g. 8x8)")
    p.add_argument("--name", help="override the preset's file name stem")
    p.add_argument("--iree-compile", default=shutil.which("iree-compile") or "iree-compile")
    p.add_argument("--skip-linalg", action="store_true", help="do not run iree-compile")
    args = p.parse_args(argv)
    cfg = dict(PRESETS[args.preset])
    for key in ("layers", "d", "heads", "ffn", "vocab", "batch", "seq", "name"):
        if getattr(args, key) is not None:
            cfg[key] = getattr(args, key)
    if args.mesh:
        try:
            cfg["mesh"] = tuple(int(n) for n in args.mesh.lower().split("x"))
        except ValueError:
            p.error(f"--mesh {args.mesh}: expected DATAxMODEL, e.g. 8x8")
        if len(cfg["mesh"]) != 2 or min(cfg["mesh"]) < 1:
            p.error(f"--mesh {args.mesh}: expected two positive sizes, DATAxMODEL")
    data, model = cfg["mesh"]
    for what, n, by in (("d", cfg["d"], cfg["heads"]), ("batch", cfg["batch"], data), ("heads", cfg["heads"], model),
                        ("ffn", cfg["ffn"], model), ("vocab", cfg["vocab"], model)):
        if n < 1 or n % by:
            p.error(f"{what} {n} must be a positive multiple of {by} (heads, the data and the model axes split evenly)")
    args.cfg = cfg
    return args


def main(argv: list[str]) -> None:
    args = parse_args(argv)
    cfg = args.cfg
    ndev = cfg["mesh"][0] * cfg["mesh"][1]
    flags = os.environ.get("XLA_FLAGS", "")
    if "xla_force_host_platform_device_count" not in flags:
        os.environ["XLA_FLAGS"] = f"{flags} --xla_force_host_platform_device_count={ndev}".strip()

    import jax
    import jax.numpy as jnp
    import numpy as np
    from jax.sharding import Mesh, NamedSharding
    from jax.sharding import PartitionSpec as P

    L, D, H, F, V, B, S = (cfg[k] for k in ("layers", "d", "heads", "ffn", "vocab", "batch", "seq"))
    DH = D // H
    dt = jnp.bfloat16

    def rms_norm(x, w, eps=1e-6):
        return x * jax.lax.rsqrt(jnp.mean(x * x, axis=-1, keepdims=True) + eps) * w

    def rotary(x):
        inv = 1.0 / (10000.0 ** (jnp.arange(0, DH, 2, dtype=jnp.float32) / DH))
        ang = jnp.arange(S, dtype=jnp.float32)[:, None] * inv[None, :]
        cos = jnp.concatenate([jnp.cos(ang)] * 2, -1).astype(dt)[None, :, None, :]
        sin = jnp.concatenate([jnp.sin(ang)] * 2, -1).astype(dt)[None, :, None, :]
        x1, x2 = x[..., : DH // 2], x[..., DH // 2:]
        return x * cos + jnp.concatenate([-x2, x1], axis=-1) * sin

    def attention(q, k, v):
        scores = jnp.einsum("bshd,bthd->bhst", q, k) / np.sqrt(DH).astype(dt)
        mask = jnp.arange(S)[:, None] >= jnp.arange(S)[None, :]
        scores = jnp.where(mask, scores, jnp.asarray(-1e9, dt))
        probs = jax.nn.softmax(scores, axis=-1)
        return jnp.einsum("bhst,bthd->bshd", probs, v).reshape(B, S, D)

    def layer(x, attn_norm, wq, wk, wv, wo, mlp_norm, w_gate, w_up, w_down):
        h = rms_norm(x, attn_norm)
        q = rotary((h @ wq).reshape(B, S, H, DH))
        k = rotary((h @ wk).reshape(B, S, H, DH))
        v = (h @ wv).reshape(B, S, H, DH)
        x = x + attention(q, k, v) @ wo
        h = rms_norm(x, mlp_norm)
        return x + (jax.nn.silu(h @ w_gate) * (h @ w_up)) @ w_down

    col, row = P(None, "model"), P("model", None)
    per_layer = [((D,), P()), ((D, D), col), ((D, D), col), ((D, D), col), ((D, D), row), ((D,), P()),
                 ((D, F), col), ((D, F), col), ((F, D), row)]
    shapes = [((B, S), jnp.int32, P("data", None)), ((V, D), dt, row)]
    for _ in range(L):
        shapes += [(s, dt, spec) for s, spec in per_layer]
    shapes += [((D,), dt, P()), ((D, V), dt, col)]
    out_spec = P("data", None, "model")

    def llama(tokens, wte, *rest):  # nine weights per layer, in per_layer's order
        *layers, final_norm, head = rest
        x = jnp.take(wte, tokens, axis=0)
        for i in range(L):
            x = layer(x, *layers[9 * i: 9 * i + 9])
        return rms_norm(x, final_norm) @ head

    structs = [jax.ShapeDtypeStruct(s, t) for s, t, _ in shapes]
    mesh = Mesh(np.array(jax.devices()[:ndev]).reshape(cfg["mesh"]), ("data", "model"))
    out = args.out
    out.mkdir(parents=True, exist_ok=True)
    name = cfg["name"]
    hlo = out / f"{name}.stablehlo.mlir"
    hlo.write_text(jax.jit(llama).lower(*structs).as_text())
    sharded = jax.jit(llama, in_shardings=[NamedSharding(mesh, spec) for _, _, spec in shapes],
                      out_shardings=NamedSharding(mesh, out_spec))
    lowered = sharded.lower(*structs)
    (out / f"{name}_sharded.stablehlo.mlir").write_text(lowered.as_text())
    start, cpu = time.perf_counter(), time.process_time()
    compiled = lowered.compile()
    compile_s, compile_cpu_s = time.perf_counter() - start, time.process_time() - cpu
    mem = compiled.memory_analysis()
    cost = compiled.cost_analysis()
    if isinstance(cost, (list, tuple)):  # older JAX: one dict per module
        cost = cost[0]
    text = compiled.as_text()
    collectives = {kind: len(re.findall(rf"= [^=]*? {kind}(?:-start)?\(", text)) for kind in COLLECTIVES}
    record = {
        "config": {k: v for k, v in cfg.items() if k != "mesh"} | {"mesh": {"data": cfg["mesh"][0],
                                                                         "model": cfg["mesh"][1]}},
        "jax": jax.__version__, "backend": jax.default_backend(),
        "xla_compile_s": round(compile_s, 3), "xla_compile_cpu_s": round(compile_cpu_s, 3),
        "memory_analysis": {key: int(getattr(mem, key)) for key in (
            "argument_size_in_bytes", "output_size_in_bytes", "alias_size_in_bytes", "temp_size_in_bytes",
            "generated_code_size_in_bytes")},
        "cost_analysis": {key: float(cost[key]) for key in ("flops", "transcendentals", "bytes accessed")
                          if key in cost},
        "collectives": collectives,
        "source": "jax.jit(f, in_shardings, out_shardings).lower(*ShapeDtypeStructs).compile(): "
                  "memory_analysis(), cost_analysis(), as_text()",
    }
    (out / f"{name}.xla.json").write_text(json.dumps(record, indent=1) + "\n")
    print(json.dumps(record, indent=1))
    if not args.skip_linalg:
        subprocess.run([args.iree_compile, "--iree-input-type=stablehlo", "--compile-to=input", str(hlo), "-o",
                        str(out / f"{name}.linalg.mlir")], check=True)


if __name__ == "__main__":
    main(sys.argv[1:])
