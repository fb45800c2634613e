"""Export small real models from JAX / flax with Megatron shardings on a (2, 4) mesh; not run by the tests.

Needs JAX, flax and IREE's compiler in a separate environment (Python >= 3.12 for current JAX)::

    python3.12 -m venv /tmp/jaxenv && /tmp/jaxenv/bin/pip install "jax[cpu]" flax iree-base-compiler
    /tmp/jaxenv/bin/python make_models.py [OUT_DIR]

For each model ``NAME`` of :data:`MODELS` it writes into OUT_DIR (default: ``tests/data/real``):

* ``NAME.stablehlo.mlir``: ``jax.jit(f).lower(*args).as_text()`` (unsharded: what IREE lowers);
* ``NAME_sharded.stablehlo.mlir``: ``jax.jit(f, in_shardings=..., out_shardings=...)`` lowered on a
  mesh of 8 CPU devices ``("data"=2, "model"=4)``, the shardings in Shardy form (what
  ``meshc annotate --shardings-from`` reads);
* ``NAME.linalg.mlir``: ``NAME.stablehlo.mlir`` through
  ``iree-compile --iree-input-type=stablehlo --compile-to=input``;
* ``NAME_generic.linalg.mlir``: that with every named linalg op generalized
  (``iree-opt --linalg-generalize-named-ops``), for models with convolutions or pooling;
* ``NAME.global_opt.mlir``, ``NAME.dispatch_regions.mlir`` and ``NAME.dispatch_creation.mlir``: the
  model at IREE's later phases (:func:`later_phases`: ``--compile-to=global-optimization``, then
  dispatch-region formation; and ``NAME.linalg.mlir`` through ``--compile-to=dispatch-creation``,
  made with IREE 3.13.0rc20261016);
* ``NAME.inputs.npz``: the arguments of ``@main`` in order (keys ``arg0``, ``arg1``, ...; floats are
  multiples of 1/256 so the inputs are exact in float32);
* ``NAME.expected.npz``: key ``out``, JAX's float32 output;

and ``xla_collectives.json``: per model, the collectives in XLA's own SPMD partition of the sharded
program (``.lower(*args).compile().as_text()``, one count per HLO collective op: ``all-reduce``,
``all-gather``, ``reduce-scatter``, ``all-to-all``, ``collective-permute``; async ``-start`` forms
count once, ``-done`` not at all).

The models (all float32, small so that the files stay a few hundred kB):

* ``llama_block``: a Llama-style decoder block on x[2,16,64]: RMSNorm, q/k/v projections to 4 heads of
  16, rotary embedding (rotate-half form), causal softmax attention, output projection, residual,
  RMSNorm, SwiGLU MLP (hidden 128), residual. Megatron: Wq/Wk/Wv/Wgate/Wup column-parallel, Wo/Wdown
  row-parallel over "model"; the batch over "data".
* ``llama_decode``: the same block decoding one token x[2,1,64] at position 15 against a KV cache
  [2, 15, 4, 16] (heads split over "model", like the weights that make them).
* ``gpt2_layer``: tokens[2,16] (int32) -> ``jnp.take`` of the token embedding wte[256,64] + position
  embedding, one GPT-2 layer (LayerNorm, attention with biases and a causal mask, tanh-GELU MLP),
  final LayerNorm, logits through the tied head ``h @ wte.T``. Vocab-parallel wte (rows over
  "model"), attention and MLP weights Megatron-split, logits split on the vocab.
* ``cnn``: x[4,16,16,3] NHWC -> 3x3 convolution to 8 channels (``SAME``) + bias, relu, 2x2 max-pool,
  channel-major flatten, dense to 10. The conv's output channels over "model" and the dense weight's
  rows (channel-major, so the same split) over "model"; the batch over "data".
* ``moe``: a top-1 (Switch) mixture of 4 experts on x[2,8,64]: a softmax router, the 16 tokens
  dispatched by one-hot masks to [E=4, capacity 8, 64] expert buffers, each expert a relu MLP
  (64 -> 128 -> 64) as batched products over E, combined back scaled by the router probability.
  Expert-parallel: the experts' weights [E, ...] split on E over "model", tokens over "data".
* ``flax_encoder``: a ``flax.linen`` Transformer encoder layer on x[2,16,64]
  (``nn.MultiHeadDotProductAttention`` with 4 heads, ``nn.LayerNorm``, ``nn.Dense`` MLP 64 -> 128 -> 64,
  post-norm); ``apply`` takes the parameters first. Megatron: the query/key/value kernels [64, 4, 16]
  split on heads, the output kernel [4, 16, 64] on heads, the MLP column- then row-parallel.
* ``mlp_scan``: ``lax.scan`` over 3 stacked MLP layers on x[8,64] (w1 [3,64,128], w2 [3,128,64]);
  IREE turns the scan's static while loop into an ``scf.for`` of 3 trips.
* ``mlp_fori``: the first ``n`` (an int32 argument, 2 in the inputs) of the same stack by
  ``lax.fori_loop(0, n, ...)``: a while loop of dynamic trip count, an ``scf.while`` after IREE, whose
  body slices layer ``i`` off the stacks. Both: w1 column-, w2 row-parallel over "model", x over
  "data"; XLA's all-reduce sits in the while body (counted once, ``trips`` in ``xla_collectives.json``).
* ``moe2`` (held out): a top-2 mixture of 8 experts on x[2,8,32] (tanh-GELU experts 32 -> 64 -> 32, no
  biases, capacity 8): ``lax.top_k`` of the router probabilities, which IREE lowers to
  ``iree_linalg_ext.sort`` (descending by a total-order integer key, the indices sorted along), each of
  the two choices dispatched and combined as in ``moe``. Expert-parallel over "model", tokens over "data".
* ``llama_wide``, ``llama_mqa``: the Llama block with grouped-query attention of 8 query heads over 2
  KV heads, and multi-query attention (1 KV head), ``jnp.repeat`` of the KV heads: fewer KV heads
  than "model" devices, so Wk/Wv's column blocks are parts of a head.
"""

from __future__ import annotations

import functools
import json
import os
import re
import subprocess
import sys
from pathlib import Path

os.environ.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=8")

import flax.linen as nn  # noqa: E402
import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402
from jax.sharding import Mesh, NamedSharding  # noqa: E402
from jax.sharding import PartitionSpec as P  # noqa: E402

B, S, D, H, F = 2, 16, 64, 4, 128
DH = D // H
RNG = np.random.default_rng(18)
COLLECTIVES = ("all-reduce", "all-gather", "reduce-scatter", "all-to-all", "collective-permute")


def grid(shape, span=32, rng=None):
    """Random float32 of ``shape``: integers in [-span, span] / 256 (exact in float32), drawn from ``rng``
    (default :data:`RNG`)."""
    return ((rng or RNG).integers(-span, span + 1, size=shape) / 256.0).astype(np.float32)


# ----------------------------------------------------------------------------------------- Llama block
def rms_norm(x, w, eps=1e-6):
    """RMSNorm over the last dim: ``x / sqrt(mean(x^2) + eps) * w``."""
    return x * jax.lax.rsqrt(jnp.mean(x * x, axis=-1, keepdims=True) + eps) * w


def rotary(x):
    """Rotary embedding (rotate-half form) of ``x`` [B, S, H, DH] by position along S (base 10000)."""
    s, dh = x.shape[1], x.shape[-1]
    inv = 1.0 / (10000.0 ** (np.arange(0, dh, 2, dtype=np.float32) / dh))
    ang = np.arange(s, dtype=np.float32)[:, None] * inv[None, :]  # [S, DH/2]
    cos = jnp.asarray(np.concatenate([np.cos(ang)] * 2, -1))[None, :, None, :]
    sin = jnp.asarray(np.concatenate([np.sin(ang)] * 2, -1))[None, :, None, :]
    x1, x2 = x[..., : dh // 2], x[..., dh // 2:]
    return x * cos + jnp.concatenate([-x2, x1], axis=-1) * sin


def causal_attention(q, k, v):
    """Softmax attention of q, k, v [B, S, H, DH] with a causal mask; result [B, S, H*DH]."""
    s, dh = q.shape[1], q.shape[-1]
    scores = jnp.einsum("bshd,bthd->bhst", q, k) / np.float32(np.sqrt(dh))
    mask = np.tril(np.ones((s, s), dtype=bool))
    scores = jnp.where(mask, scores, np.float32(-1e9))
    probs = jax.nn.softmax(scores, axis=-1)
    return jnp.einsum("bhst,bthd->bshd", probs, v).reshape(q.shape[0], q.shape[1], -1)


def llama_block(x, attn_norm, wq, wk, wv, wo, mlp_norm, w_gate, w_up, w_down):
    """One Llama decoder block on ``x`` [B, S, D]; weights [in, out]."""
    h = rms_norm(x, attn_norm)
    q = rotary((h @ wq).reshape(B, S, H, DH))
    k = rotary((h @ wk).reshape(B, S, H, DH))
    v = (h @ wv).reshape(B, S, H, DH)
    x = x + causal_attention(q, k, v) @ wo
    h = rms_norm(x, mlp_norm)
    return x + (jax.nn.silu(h @ w_gate) * (h @ w_up)) @ w_down


def llama_model():
    args = [grid((B, S, D), 256), 1 + grid((D,)), grid((D, D)), grid((D, D)), grid((D, D)), grid((D, D)),
            1 + grid((D,)), grid((D, F)), grid((D, F)), grid((F, D))]
    col, row = P(None, "model"), P("model", None)
    specs = [P("data", None, None), P(), col, col, col, row, P(), col, col, row]
    return llama_block, args, specs, P("data", None, None)


def llama_decode(x, cache_k, cache_v, attn_norm, wq, wk, wv, wo, mlp_norm, w_gate, w_up, w_down):
    """The Llama block decoding one token ``x`` [B, 1, D] at position S - 1 against a KV cache of the
    S - 1 tokens before it (``cache_k``/``cache_v`` [B, S - 1, H, DH], keys already rotated): the new
    key and value are appended, the query attends to all S positions."""
    h = rms_norm(x, attn_norm)
    q = rotary_at((h @ wq).reshape(B, 1, H, DH), S - 1)
    k = jnp.concatenate([cache_k, rotary_at((h @ wk).reshape(B, 1, H, DH), S - 1)], axis=1)
    v = jnp.concatenate([cache_v, (h @ wv).reshape(B, 1, H, DH)], axis=1)
    scores = jnp.einsum("bshd,bthd->bhst", q, k) / np.float32(np.sqrt(DH))
    o = jnp.einsum("bhst,bthd->bshd", jax.nn.softmax(scores, axis=-1), v).reshape(B, 1, D)
    x = x + o @ wo
    h = rms_norm(x, mlp_norm)
    return x + (jax.nn.silu(h @ w_gate) * (h @ w_up)) @ w_down


def rotary_at(x, position: int):
    """:func:`rotary` of ``x`` [B, 1, H, DH] at one ``position``."""
    inv = 1.0 / (10000.0 ** (np.arange(0, DH, 2, dtype=np.float32) / DH))
    ang = np.float32(position) * inv
    cos, sin = (jnp.asarray(np.concatenate([f(ang)] * 2, -1)) for f in (np.cos, np.sin))
    x1, x2 = x[..., : DH // 2], x[..., DH // 2:]
    return x * cos + jnp.concatenate([-x2, x1], axis=-1) * sin


def llama_decode_model():
    args = [grid((B, 1, D), 256), grid((B, S - 1, H, DH), 64), grid((B, S - 1, H, DH), 64), 1 + grid((D,)),
            grid((D, D)), grid((D, D)), grid((D, D)), grid((D, D)), 1 + grid((D,)), grid((D, F)), grid((D, F)),
            grid((F, D))]
    col, row, cache = P(None, "model"), P("model", None), P("data", None, "model", None)
    specs = [P("data", None, None), cache, cache, P(), col, col, col, row, P(), col, col, row]
    return llama_decode, args, specs, P("data", None, None)


def llama_gqa_block(x, attn_norm, wq, wk, wv, wo, mlp_norm, w_gate, w_up, w_down, heads=8, kv_heads=4):
    """The Llama block with grouped-query attention: ``heads`` query heads share ``kv_heads`` key and
    value heads (``jnp.repeat`` of each KV head over its group of ``heads // kv_heads`` query heads)."""
    b, s, d = x.shape
    dh = d // heads
    h = rms_norm(x, attn_norm)
    q = rotary((h @ wq).reshape(b, s, heads, dh))
    k = jnp.repeat(rotary((h @ wk).reshape(b, s, kv_heads, dh)), heads // kv_heads, axis=2)
    v = jnp.repeat((h @ wv).reshape(b, s, kv_heads, dh), heads // kv_heads, axis=2)
    x = x + causal_attention(q, k, v) @ wo
    h = rms_norm(x, mlp_norm)
    return x + (jax.nn.silu(h @ w_gate) * (h @ w_up)) @ w_down


def llama_gqa_model(heads=8, kv_heads=4):
    kv = D // heads * kv_heads
    args = [grid((B, S, D), 256), 1 + grid((D,)), grid((D, D)), grid((D, kv)), grid((D, kv)), grid((D, D)),
            1 + grid((D,)), grid((D, F)), grid((D, F)), grid((F, D))]
    col, row = P(None, "model"), P("model", None)
    specs = [P("data", None, None), P(), col, col, col, row, P(), col, col, row]
    return (functools.partial(llama_gqa_block, heads=heads, kv_heads=kv_heads), args, specs,
            P("data", None, None))


# ------------------------------------------------------------------------------------------- GPT-2 layer
V = 256


def layer_norm(x, g, b, eps=1e-5):
    """LayerNorm over the last dim with gain ``g`` and bias ``b``."""
    mu = jnp.mean(x, axis=-1, keepdims=True)
    var = jnp.mean((x - mu) ** 2, axis=-1, keepdims=True)
    return (x - mu) * jax.lax.rsqrt(var + eps) * g + b


def gpt2_layer(tokens, wte, wpe, ln1_g, ln1_b, w_qkv, b_qkv, w_proj, b_proj, ln2_g, ln2_b, w_fc, b_fc,
               w_out, b_out, lnf_g, lnf_b, heads=H, heads_major=False):
    """tokens [B, S] int32 -> logits [B, S, V]: embedding, one GPT-2 layer, final LayerNorm, tied head.
    The fused ``c_attn`` product is ``[B, S, 3, heads, dh]`` (GPT-2's layout: q, k, v blocks), or
    with ``heads_major`` ``[B, S, heads, 3, dh]`` (Megatron's: each head's q, k, v together)."""
    x = jnp.take(wte, tokens, axis=0) + wpe[None]
    h = layer_norm(x, ln1_g, ln1_b)
    qkv = h @ w_qkv + b_qkv
    if heads_major:
        qkv = qkv.reshape(*qkv.shape[:2], heads, 3, -1)
        q, k, v = qkv[:, :, :, 0], qkv[:, :, :, 1], qkv[:, :, :, 2]
    else:
        qkv = qkv.reshape(*qkv.shape[:2], 3, heads, -1)
        q, k, v = qkv[:, :, 0], qkv[:, :, 1], qkv[:, :, 2]
    o = causal_attention(q, k, v)
    x = x + o @ w_proj + b_proj
    h = layer_norm(x, ln2_g, ln2_b)
    x = x + jax.nn.gelu(h @ w_fc + b_fc, approximate=True) @ w_out + b_out
    return layer_norm(x, lnf_g, lnf_b) @ wte.T


def gpt2_model(d=D, heads=H, heads_major=False):
    tokens = RNG.integers(0, V, size=(B, S)).astype(np.int32)
    args = [tokens, grid((V, d), 64), grid((S, d), 64), 1 + grid((d,)), grid((d,)),
            grid((d, 3, heads, d // heads)).reshape(d, 3 * d), grid((3 * d,)), grid((d, d)), grid((d,)),
            1 + grid((d,)), grid((d,)), grid((d, 4 * d)), grid((4 * d,)), grid((4 * d, d)), grid((d,)),
            1 + grid((d,)), grid((d,))]
    col, row = P(None, "model"), P("model", None)
    specs = [P("data", None), P("model", None), P(), P(), P(), col, P("model"), row, P(), P(), P(), col,
             P("model"), row, P(), P(), P()]
    fn = gpt2_layer if (heads, heads_major) == (H, False) else functools.partial(
        gpt2_layer, heads=heads, heads_major=heads_major)
    return fn, args, specs, P("data", None, "model")


# ------------------------------------------------------------------------------------------------- CNN
def cnn(x, kernel, bias, w, b):
    """x [N, 16, 16, 3] NHWC -> conv 3x3 -> 8 channels + bias, relu, 2x2 max-pool, flatten (C, H, W), dense."""
    y = jax.lax.conv_general_dilated(x, kernel, (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))
    y = jnp.maximum(y + bias, 0.0)
    y = jax.lax.reduce_window(y, -jnp.inf, jax.lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "VALID")
    y = y.transpose(0, 3, 1, 2).reshape(y.shape[0], -1)
    return y @ w + b


def cnn_model():
    args = [grid((4, 16, 16, 3), 256), grid((3, 3, 3, 8), 64), grid((8,)), grid((8 * 8 * 8, 10)), grid((10,))]
    specs = [P("data", None, None, None), P(None, None, None, "model"), P("model"), P("model", None), P()]
    return cnn, args, specs, P("data", None)


def cnn_deep(x, k1, b1, k2, b2, w, b):
    """x [N, 16, 16, 3] NHWC -> conv 3x3 to 8 channels + bias, relu -> conv 3x3 stride 2 to 16
    channels + bias, relu -> 2x2 max-pool -> flatten (C, H, W) -> dense to 10."""
    dims = ("NHWC", "HWIO", "NHWC")
    y = jnp.maximum(jax.lax.conv_general_dilated(x, k1, (1, 1), "SAME", dimension_numbers=dims) + b1, 0.0)
    y = jnp.maximum(jax.lax.conv_general_dilated(y, k2, (2, 2), "SAME", dimension_numbers=dims) + b2, 0.0)
    y = jax.lax.reduce_window(y, -jnp.inf, jax.lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "VALID")
    y = y.transpose(0, 3, 1, 2).reshape(y.shape[0], -1)
    return y @ w + b


def cnn_deep_model():
    """Megatron-style on the channels: conv 1 column-parallel (output channels over "model"), conv 2
    row-parallel (its input channels over "model": a partial sum, one all_reduce), the rest replicated."""
    args = [grid((4, 16, 16, 3), 256), grid((3, 3, 3, 8), 64), grid((8,)), grid((3, 3, 8, 16), 64), grid((16,)),
            grid((16 * 4 * 4, 10)), grid((10,))]
    specs = [P("data", None, None, None), P(None, None, None, "model"), P("model"), P(None, None, "model", None),
             P(), P(), P()]
    return cnn_deep, args, specs, P("data", None)


def cnn_sp(x, k1, k2, w):
    """x [N, 16, 16, 4] NHWC -> conv 3x3 SAME to 8 channels, relu -> 3x3 max-pool stride 2 SAME (-inf
    pads) -> conv 3x3 SAME dilated by 2 (pads of 2) -> flatten (H, W, C) -> dense to 10, no biases."""
    dims = ("NHWC", "HWIO", "NHWC")
    y = jnp.maximum(jax.lax.conv_general_dilated(x, k1, (1, 1), "SAME", dimension_numbers=dims), 0.0)
    y = jax.lax.reduce_window(y, -jnp.inf, jax.lax.max, (1, 3, 3, 1), (1, 2, 2, 1), "SAME")
    y = jax.lax.conv_general_dilated(y, k2, (1, 1), "SAME", rhs_dilation=(2, 2), dimension_numbers=dims)
    return y.reshape(y.shape[0], -1) @ w


def cnn_sp_model():
    """Spatial partitioning: the image rows (H) over "model", the batch over "data"; XLA exchanges the
    windows' halos with its neighbours (collective-permutes) and all-reduces the dense layer."""
    args = [grid((2, 16, 16, 4), 256), grid((3, 3, 4, 8), 64), grid((3, 3, 8, 8), 64), grid((8 * 8 * 8, 10))]
    specs = [P("data", "model", None, None), P(), P(), P()]
    return cnn_sp, args, specs, P("data", None)


# ------------------------------------------------------------------------------------------------- MoE
E, T, C = 4, 8, 8


def moe(x, w_router, w1, b1, w2, b2):
    """Top-1 Switch MoE on x [B, T, D]: tokens dispatched to expert argmax(x @ Wr) (capacity C per expert,
    overflow dropped), each expert relu(t @ w1[e] + b1[e]) @ w2[e] + b2[e] on its [C, D] slots, combined
    back scaled by the router probability."""
    tokens = x.reshape(B * T, D)
    probs = jax.nn.softmax(tokens @ w_router, axis=-1)  # [N, E]
    choice = jnp.argmax(probs, axis=-1)
    onehot = jax.nn.one_hot(choice, E, dtype=x.dtype)  # [N, E]
    # position of each token in its expert's buffer: a running count by a lower-triangular product
    # (jnp.cumsum lowers to iree_linalg_ext.scan)
    slot = (np.tril(np.ones((B * T, B * T), np.float32)) @ onehot - 1) * onehot
    dispatch = onehot[:, :, None] * jax.nn.one_hot(slot.sum(-1).astype(jnp.int32), C, dtype=x.dtype)[:, None, :]
    expert_in = jnp.einsum("nec,nd->ecd", dispatch, tokens)  # [E, C, D]
    hidden = jax.nn.relu(jnp.einsum("ecd,edf->ecf", expert_in, w1) + b1[:, None, :])
    expert_out = jnp.einsum("ecf,efd->ecd", hidden, w2) + b2[:, None, :]
    gate = (probs * onehot).sum(-1)  # [N]
    out = jnp.einsum("nec,ecd->nd", dispatch, expert_out) * gate[:, None]
    return out.reshape(B, T, D)


def moe_model():
    args = [grid((B, T, D), 256), grid((D, E), 64), grid((E, D, F)), grid((E, F)), grid((E, F, D)), grid((E, D))]
    specs = [P("data", None, None), P(), P("model", None, None), P("model", None), P("model", None, None),
             P("model", None)]
    return moe, args, specs, P("data", None, None)


def moe2(x, w_router, w1, w2):
    """Top-2 of E experts on x [B, T, D] (no biases, capacity 8 per expert): ``lax.top_k`` of the router
    probabilities (an ``iree_linalg_ext.sort`` of the probabilities with their indices after IREE),
    each choice dispatched, run through its expert's tanh-GELU MLP and combined back scaled by its
    probability, as :func:`moe` does for one."""
    b, t, d = x.shape
    tokens = x.reshape(b * t, d)
    probs = jax.nn.softmax(tokens @ w_router, axis=-1)
    top = jax.lax.top_k(probs, 2)[1]
    out = jnp.zeros_like(tokens)
    for k in range(2):
        onehot = jax.nn.one_hot(top[:, k], w1.shape[0], dtype=x.dtype)
        slot = (np.tril(np.ones((b * t, b * t), np.float32)) @ onehot - 1) * onehot
        dispatch = onehot[:, :, None] * jax.nn.one_hot(slot.sum(-1).astype(jnp.int32), 8, dtype=x.dtype)[:, None, :]
        expert_in = jnp.einsum("nec,nd->ecd", dispatch, tokens)
        hidden = jax.nn.gelu(jnp.einsum("ecd,edf->ecf", expert_in, w1))
        expert_out = jnp.einsum("ecf,efd->ecd", hidden, w2)
        gate = (probs * onehot).sum(-1)
        out = out + jnp.einsum("nec,ecd->nd", dispatch, expert_out) * gate[:, None]
    return out.reshape(b, t, d)


def moe2_model():
    """:func:`moe2` on x [2, 8, 32] with 8 experts of hidden 64, expert-parallel over "model"; its inputs
    come from a generator of its own (seeded as :data:`RNG`), so they do not depend on the models before."""
    rng = np.random.default_rng(18)
    args = [grid((2, 8, 32), 256, rng), grid((32, 8), 64, rng), grid((8, 32, 64), rng=rng),
            grid((8, 64, 32), rng=rng)]
    specs = [P("data", None, None), P(), P("model", None, None), P("model", None, None)]
    return moe2, args, specs, P("data", None, None)


# ---------------------------------------------------------------------------------------- flax encoder
class EncoderLayer(nn.Module):
    """Post-norm Transformer encoder layer: x + MHA(x) -> LayerNorm -> x + MLP(x) -> LayerNorm."""

    @nn.compact
    def __call__(self, x):
        a = nn.MultiHeadDotProductAttention(num_heads=H, qkv_features=D, name="attn")(x, x)
        x = nn.LayerNorm(name="ln1")(x + a)
        h = nn.Dense(F, name="fc1")(x)
        h = nn.Dense(D, name="fc2")(nn.gelu(h, approximate=True))
        return nn.LayerNorm(name="ln2")(x + h)


def flax_model():
    layer = EncoderLayer()
    x = grid((B, S, D), 256)
    params = layer.init(jax.random.PRNGKey(0), x)
    # parameters as exact values (multiples of 1/256) of their initialised shapes
    params = jax.tree_util.tree_map_with_path(
        lambda k, p: 1 + grid(p.shape) if "scale" in jax.tree_util.keystr(k) else grid(p.shape), params)
    leaves, treedef = jax.tree_util.tree_flatten(params)
    paths = [jax.tree_util.keystr(k) for k, _ in jax.tree_util.tree_flatten_with_path(params)[0]]

    def spec(path: str, leaf) -> P:
        if "attn" in path and "kernel" in path:
            return P("model", None, None) if "'out'" in path else P(None, "model", None)
        if "attn" in path and "bias" in path:
            return P() if "'out'" in path else P("model", None)
        if "fc1" in path:
            return P(None, "model") if "kernel" in path else P("model")
        if "fc2" in path and "kernel" in path:
            return P("model", None)
        return P()

    def encoder(*flat):
        *ps, xin = flat
        return layer.apply(jax.tree_util.tree_unflatten(treedef, ps), xin)

    specs = [spec(p, leaf) for p, leaf in zip(paths, leaves)] + [P("data", None, None)]
    return encoder, [np.asarray(leaf) for leaf in leaves] + [x], specs, P("data", None, None)


# ------------------------------------------------------------------------------------- loops (scf.while)
L = 3  # stacked layers of mlp_scan


def mlp_layer(x, w1, b1, w2, b2):
    """x [N, D] -> relu(x @ w1 + b1) @ w2 + b2 + x (w1 [D, F], w2 [F, D])."""
    return jnp.maximum(x @ w1 + b1, 0.0) @ w2 + b2 + x


def mlp_scan(x, w1, b1, w2, b2):
    """``lax.scan`` over ``L`` stacked MLP layers (w1 [L, D, F], b1 [L, F], w2 [L, F, D], b2 [L, D])."""
    def step(h, layer):
        return mlp_layer(h, *layer), None

    return jax.lax.scan(step, x, (w1, b1, w2, b2))[0]


def mlp_scan_model():
    args = [grid((8, D), 256), grid((L, D, F)), grid((L, F)), grid((L, F, D)), grid((L, D))]
    specs = [P("data", None), P(None, None, "model"), P(None, "model"), P(None, "model", None), P()]
    return mlp_scan, args, specs, P("data", None)


def mlp_fori(x, w1, b1, w2, b2, n):
    """The first ``n`` of ``L`` stacked MLP layers (weights as :func:`mlp_scan`'s), ``n`` an int32
    argument: ``lax.fori_loop`` of dynamic bound, a while loop whose body reads layer ``i`` of the stack."""
    return jax.lax.fori_loop(0, n, lambda i, h: mlp_layer(h, w1[i], b1[i], w2[i], b2[i]), x)


def mlp_fori_model():
    args = [grid((8, D), 256), grid((L, D, F)), grid((L, F)), grid((L, F, D)), grid((L, D)), np.array(2, np.int32)]
    specs = [P("data", None), P(None, None, "model"), P(None, "model"), P(None, "model", None), P(), P()]
    return mlp_fori, args, specs, P("data", None)


MODELS = {"llama_block": llama_model, "gpt2_layer": gpt2_model, "cnn": cnn_model, "moe": moe_model,
          "flax_encoder": flax_model, "llama_decode": llama_decode_model,
          # held-out variants of the same kinds (after the six: their inputs do not change the others')
          "gpt2_h6": functools.partial(gpt2_model, d=48, heads=6),
          "gpt2_heads_major": functools.partial(gpt2_model, heads=8, heads_major=True),
          "llama_gqa": llama_gqa_model, "cnn_deep": cnn_deep_model,
          "moe2": moe2_model,  # top-2 routing: lax.top_k, an iree_linalg_ext.sort after IREE
          # loops IREE lowers to scf.while
          "mlp_scan": mlp_scan_model, "mlp_fori": mlp_fori_model,
          # grouped-query attention with fewer KV heads (2; multi-query: 1) than "model" devices (4)
          "llama_wide": functools.partial(llama_gqa_model, kv_heads=2),
          "llama_mqa": functools.partial(llama_gqa_model, kv_heads=1),
          # held out later (last: its inputs do not change the others'): convolutions split on the rows
          "cnn_sp": cnn_sp_model}
GENERALIZE = {"cnn"}
#: trips of the loop of a loop model: XLA's counts are per HLO collective op, and one in a while body
#: runs once per trip (``xla_collectives.json`` records them as ``trips``; the tests multiply)
LOOP_TRIPS = {"mlp_scan": L, "mlp_fori": 2}


def count_collectives(hlo: str) -> dict[str, int]:
    """Collectives of an optimized HLO module's text, by kind (``-start`` counted, ``-done`` not)."""
    counts = {}
    for kind in COLLECTIVES:
        counts[kind] = len(re.findall(rf"= [^=]*? {kind}(?:-start)?\(", hlo))
    return counts


#: bytes per element of the HLO element types
HLO_BYTES = {"pred": 1, "s8": 1, "u8": 1, "s16": 2, "u16": 2, "f16": 2, "bf16": 2, "s32": 4, "u32": 4, "f32": 4,
             "s64": 8, "u64": 8, "f64": 8, "c64": 8, "c128": 16}
COLLECTIVE_LINE = re.compile(r"= (?P<type>[^=]*?) (?P<kind>" + "|".join(COLLECTIVES) + r")(?P<start>-start)?\((?P<rest>.*)$")


def _group_size(rest: str, devices: int) -> int:
    """Devices per group of one HLO collective, from its ``replica_groups``: the mesh form
    (``mesh['data'=2,'model'=4] {'model'}``), the iota form (``[2,4]<=[8]``: 2 groups of 4) or the
    explicit list (``{{0,1,2,3},{4,5,6,7}}``); all ``devices`` when it lists none."""
    m = re.search(r"replica_groups=mesh\[([^\]]*)\]\s*\{([^}]*)\}", rest)
    if m:
        sizes = {k.strip("'"): int(v) for k, v in re.findall(r"('[^']*')=(\d+)", m.group(1))}
        n = 1
        for name in re.findall(r"'([^']*)'", m.group(2)):
            n *= sizes[name]
        return n
    m = re.search(r"replica_groups=\[([\d,]+)\]<=", rest)
    if m:
        return int(m.group(1).split(",")[-1])
    m = re.search(r"replica_groups=\{\{([\d,]*)\}", rest)
    if m:
        return len(m.group(1).split(","))
    return devices


def collective_bytes(hlo: str, devices: int = 8) -> list[dict]:
    """Each collective of an optimized HLO module's text with the bytes one device receives in it.

    ``result_bytes`` R is the per-device result (all elements of a tuple result; of an async
    ``-start``, its last element, the output); ``group`` n the devices per replica group. Bytes
    received per device are those of the bandwidth-optimal ring algorithms, the model meshc counts
    (``meshc estimate``, ``run --stats``: docs/estimate.md): all-reduce ``2 (n-1)/n R``,
    all-gather ``(n-1)/n R``, reduce-scatter ``(n-1) R``, all-to-all ``(n-1)/n R``,
    collective-permute ``R``."""
    out = []
    for line in hlo.splitlines():
        m = COLLECTIVE_LINE.search(line)
        if not m or line.lstrip().startswith("//"):
            continue
        shapes = re.findall(r"\b([a-z]+\d*)\[([\d,]*)\]", m.group("type"))
        if m.group("start") and len(shapes) > 1:
            shapes = shapes[-1:]
        r = 0
        for dtype, dims in shapes:
            count = 1
            for d in filter(None, dims.split(",")):
                count *= int(d)
            r += count * HLO_BYTES[dtype]
        n = _group_size(m.group("rest"), devices)
        kind = m.group("kind")
        received = {"all-reduce": 2 * (n - 1) * r // n, "all-gather": (n - 1) * r // n,
                    "reduce-scatter": (n - 1) * r, "all-to-all": (n - 1) * r // n,
                    "collective-permute": r}[kind]
        out.append({"kind": kind, "type": m.group("type").strip(), "group": n, "result_bytes": r,
                    "received_bytes": received})
    return out


def xla_summary(hlo: str) -> dict:
    """The counts of :func:`count_collectives`, the collectives of :func:`collective_bytes` and the
    bytes each device receives in all of them (``bytes_per_device``)."""
    each = collective_bytes(hlo)
    return {**count_collectives(hlo), "bytes_per_device": sum(c["received_bytes"] for c in each),
            "collectives": each}


def later_phases(hlo: Path, global_opt: Path, regions: Path, linalg: Path, dispatches: Path) -> None:
    """The model at IREE's later phases: ``--compile-to=global-optimization`` (the ABI stub on
    ``!hal.buffer_view``, softmax raised to ``linalg.softmax``, fills shared between consumers), and
    that through dispatch creation's region formation (``flow.dispatch.region`` around each fused
    group: ``iree-opt`` with ``iree-dispatch-creation-form-dispatch-regions``); and the input-phase
    ``linalg`` through the whole of dispatch creation (``--compile-to=dispatch-creation``: each fused
    group a ``flow.dispatch.workgroups`` on ``!iree_tensor_ext.dispatch.tensor`` bindings, the
    reshapes between them ``flow.tensor.reshape``; the same file as from the StableHLO)."""
    subprocess.run(["iree-compile", "--iree-input-type=stablehlo", "--compile-to=global-optimization", str(hlo),
                    "-o", str(global_opt)], check=True)
    subprocess.run(["iree-opt", "--pass-pipeline=builtin.module(util.func(iree-dispatch-creation-form-dispatch-regions))",
                    str(global_opt), "-o", str(regions)], check=True)
    subprocess.run(["iree-compile", "--compile-to=dispatch-creation", str(linalg), "-o", str(dispatches)], check=True)


def main(out: Path, only: frozenset = frozenset(), xla_only: bool = False) -> None:
    """Export every model of :data:`MODELS` (or those named in ``only``) into ``out``; ``xla_only``:
    write none of the model files, only ``xla_collectives.json`` (entries of other models kept).
    Every model's inputs are drawn, in order, so a model's files do not depend on ``only``."""
    out.mkdir(parents=True, exist_ok=True)
    mesh = Mesh(np.array(jax.devices()[:8]).reshape(2, 4), ("data", "model"))
    summary = out / "xla_collectives.json"
    xla = json.loads(summary.read_text())["models"] if summary.exists() else {}
    for name, make in MODELS.items():
        fn, args, specs, out_spec = make()
        if only and name not in only:
            continue
        sharded = jax.jit(fn, in_shardings=[NamedSharding(mesh, s) for s in specs],
                          out_shardings=NamedSharding(mesh, out_spec))
        lowered = sharded.lower(*args)
        xla[name] = xla_summary(lowered.compile().as_text())
        if name in LOOP_TRIPS:
            xla[name]["trips"] = LOOP_TRIPS[name]
        print(name, {k: v for k, v in xla[name].items() if k != "collectives"})
        if xla_only:
            continue
        np.savez(out / f"{name}.inputs.npz", **{f"arg{i}": a for i, a in enumerate(args)})
        np.savez(out / f"{name}.expected.npz", out=np.asarray(jax.jit(fn)(*args), dtype=np.float32))
        hlo = out / f"{name}.stablehlo.mlir"
        hlo.write_text(jax.jit(fn).lower(*args).as_text())
        (out / f"{name}_sharded.stablehlo.mlir").write_text(lowered.as_text())
        linalg = out / f"{name}.linalg.mlir"
        subprocess.run(["iree-compile", "--iree-input-type=stablehlo", "--compile-to=input", str(hlo), "-o",
                        str(linalg)], check=True)
        if name in GENERALIZE:
            subprocess.run(["iree-opt", "--linalg-generalize-named-ops", str(linalg), "-o",
                            str(out / f"{name}_generic.linalg.mlir")], check=True)
        later_phases(hlo, out / f"{name}.global_opt.mlir", out / f"{name}.dispatch_regions.mlir", linalg,
                     out / f"{name}.dispatch_creation.mlir")
    summary.write_text(json.dumps(
        {"mesh": {"data": 2, "model": 4}, "source": "jax.jit(...).lower(*args).compile().as_text()",
         "jax": jax.__version__, "models": {k: xla[k] for k in MODELS if k in xla}}, indent=1) + "\n")


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", type=Path,
                        default=Path(__file__).resolve().parents[2] / "tests" / "data" / "real")
    parser.add_argument("--only", default="", help="comma-separated models to export (default: all)")
    parser.add_argument("--xla-only", action="store_true", help="only recompute xla_collectives.json")
    a = parser.parse_args()
    main(a.out, frozenset(filter(None, a.only.split(","))), a.xla_only)
