"""Build ``onnx_mix``: a small ONNX graph of the ops torch-mlir lowers to IREE's LinalgExt and to fused
generics (an embedding ``Gather``, ``LayerNormalization``, ``Gelu``, ``Split``/``Concat``, ``Where``,
``CumSum`` -> ``iree_linalg_ext.scan``, ``TopK`` -> ``iree_linalg_ext.sort``, ``ArgMax`` ->
``iree_linalg_ext.arg_compare``), with its inputs and a float64 numpy reference; not run by the tests.

Needs ``onnx`` and IREE's compiler (Python 3.11 or later)::

    python3 -m venv /tmp/onnxenv && /tmp/onnxenv/bin/pip install onnx iree-base-compiler
    PATH=/tmp/onnxenv/bin:$PATH /tmp/onnxenv/bin/python make_onnx_mix.py [OUT_DIR]

It writes ``onnx_mix.onnx`` (weights as initializers, so IREE inlines them as constants), then
``iree-import-onnx`` and ``iree-compile --iree-input-type=onnx --compile-to=input`` give
``onnx_mix.linalg.mlir``; ``onnx_mix.inputs.npz`` (key ``tok``: int64 tokens [2, 8]) and
``onnx_mix.expected.npz`` (``tv``, ``ti``: the top 3 values and positions of the running sums per
token; ``amf``: their argmax, as f32). Weights are multiples of 1/64, exact in float32.
"""

from __future__ import annotations

import subprocess
import sys
from math import erf
from pathlib import Path

import numpy as np
import onnx
from onnx import TensorProto
from onnx import helper as h
from onnx import numpy_helper as nh

V, S, D = 32, 8, 16


def build(out: Path) -> None:
    rng = np.random.default_rng(1)

    def grid(*shape):
        return (rng.integers(-32, 33, size=shape) / 64).astype(np.float32)

    emb, gain, bias, w1, w2 = grid(V, D), 1 + grid(D), grid(D), grid(D, 4 * D), grid(4 * D, D)

    def i64(name, values):
        return nh.from_array(np.array(values, np.int64), name)

    nodes = [
        h.make_node("Gather", ["E", "tok"], ["x"], axis=0),
        h.make_node("LayerNormalization", ["x", "G", "Bt"], ["ln"], axis=-1, epsilon=1e-5),
        h.make_node("MatMul", ["ln", "W1"], ["h1"]),
        h.make_node("Gelu", ["h1"], ["h2"]),
        h.make_node("MatMul", ["h2", "W2"], ["h3"]),
        h.make_node("Add", ["x", "h3"], ["r"]),
        h.make_node("ReduceMean", ["r", "ax"], ["m"], keepdims=1),
        h.make_node("Sub", ["r", "m"], ["c"]),
        h.make_node("Split", ["c", "sp"], ["c1", "c2"], axis=2),
        h.make_node("Concat", ["c2", "c1"], ["cc"], axis=2),
        h.make_node("Greater", ["cc", "zero"], ["pos"]),
        h.make_node("Where", ["pos", "cc", "zero"], ["relu"]),
        h.make_node("CumSum", ["relu", "axis1"], ["cs"]),
        h.make_node("TopK", ["cs", "k"], ["tv", "ti"], axis=-1),
        h.make_node("ArgMax", ["cs"], ["am"], axis=-1, keepdims=0),
        h.make_node("Cast", ["am"], ["amf"], to=TensorProto.FLOAT),
    ]
    inits = [nh.from_array(emb, "E"), nh.from_array(gain, "G"), nh.from_array(bias, "Bt"), nh.from_array(w1, "W1"),
             nh.from_array(w2, "W2"), i64("ax", [-1]), i64("sp", [D // 2, D // 2]),
             nh.from_array(np.array(0, np.float32), "zero"), i64("axis1", 1), i64("k", [3])]
    graph = h.make_graph(
        nodes, "onnx_mix", [h.make_tensor_value_info("tok", TensorProto.INT64, [2, S])],
        [h.make_tensor_value_info("tv", TensorProto.FLOAT, [2, S, 3]),
         h.make_tensor_value_info("ti", TensorProto.INT64, [2, S, 3]),
         h.make_tensor_value_info("amf", TensorProto.FLOAT, [2, S])], inits)
    model = h.make_model(graph, opset_imports=[h.make_opsetid("", 20)])
    onnx.checker.check_model(model)
    onnx.save(model, out / "onnx_mix.onnx")

    tok = rng.integers(0, V, size=(2, S)).astype(np.int64)
    x = emb.astype(np.float64)[tok]
    mu = x.mean(-1, keepdims=True)
    ln = (x - mu) / np.sqrt(((x - mu) ** 2).mean(-1, keepdims=True) + 1e-5) * gain + bias
    h1 = ln @ w1
    r = x + 0.5 * h1 * (1 + np.vectorize(erf)(h1 / np.sqrt(2))) @ w2
    c = r - r.mean(-1, keepdims=True)
    cc = np.concatenate([c[..., D // 2:], c[..., :D // 2]], -1)
    cs = np.cumsum(np.where(cc > 0, cc, 0), axis=1)
    ti = np.argsort(-cs, axis=-1, kind="stable")[..., :3]
    np.savez(out / "onnx_mix.inputs.npz", tok=tok)
    np.savez(out / "onnx_mix.expected.npz", tv=np.take_along_axis(cs, ti, -1).astype(np.float32), ti=ti,
             amf=cs.argmax(-1).astype(np.float32))
    subprocess.run(["iree-import-onnx", str(out / "onnx_mix.onnx"), "-o", str(out / "onnx_mix.torch.mlir")], check=True)
    subprocess.run(["iree-compile", "--iree-input-type=onnx", "--iree-torch-emit-async-entry-points=false",
                    "--compile-to=input", str(out / "onnx_mix.torch.mlir"), "-o", str(out / "onnx_mix.linalg.mlir")],
                   check=True)


if __name__ == "__main__":
    build(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[2] / "tests" / "data" / "real")
