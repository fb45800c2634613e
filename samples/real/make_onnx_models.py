"""Make the ONNX models of tests/data/real/onnx_attn.* and onnx_cnn.*: weights as inline constants.

Each model is built with ``onnx.helper``, its weights as graph initializers, and saved as NAME.onnx
with NAME.inputs.npz (the input ``x``) and NAME.expected.npz (the output ``y``, computed here in
numpy float64 and stored as float32). Every weight is a multiple of 1/64 in [-1/2, 1/2], so the
products are exact in float32 up to the accumulations.

* ``onnx_attn``: multi-head self-attention on x[2, 8, 32]: q/k/v ``MatMul`` by 32x32 weights,
  ``Reshape`` to [2, 8, 4, 8] (4 heads of 8) and ``Transpose`` to [2, 4, 8, 8], scores q @ k^T
  scaled by 1/sqrt(8), ``Softmax``, the value product, back to [2, 8, 32], output ``MatMul``.
* ``onnx_cnn``: x[4, 3, 12, 12] NCHW -> ``Conv`` 3x3 pad 1 to 8 channels -> ``Relu`` -> ``MaxPool``
  2x2 -> ``Conv`` 3x3 (valid) to 16 channels -> ``Relu`` -> ``Flatten`` -> ``Gemm`` to 10.

IREE's importer keeps the initializers as ``arith.constant dense<...>`` values of the function body
(without ``--externalize-params``). To lower a model to the input phase meshc reads::

    iree-import-onnx NAME.onnx -o NAME.torch.mlir
    iree-compile --iree-input-type=onnx --iree-torch-emit-async-entry-points=false \\
        --compile-to=input NAME.torch.mlir -o NAME.linalg.mlir

Run with a Python that has ``onnx`` and ``numpy`` (``iree-base-compiler`` for the two commands
above), from the directory the files should go to::

    python samples/real/make_onnx_models.py [OUT_DIR]

The ``.onnx`` files are not kept in tests/data/real (only the lowered ``.linalg.mlir`` and the
``.npz`` files are).
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

RNG = np.random.default_rng(0)


def grid(*shape: int) -> np.ndarray:
    """Random float32 multiples of 1/64 in [-1/2, 1/2] of ``shape``."""
    return (RNG.integers(-32, 33, size=shape) / 64).astype(np.float32)


def conv2d(x: np.ndarray, w: np.ndarray, b: np.ndarray, pad: int) -> np.ndarray:
    """NCHW convolution of ``x`` [N, C, H, W] by ``w`` [F, C, K, K] (stride 1, zero padding ``pad``)
    plus the bias ``b`` [F]: [N, F, H + 2 pad - K + 1, W + 2 pad - K + 1], float64."""
    x = np.pad(x, ((0, 0), (0, 0), (pad, pad), (pad, pad)))
    n, _, h, wd = x.shape
    f, _, k, _ = w.shape
    ho, wo = h - k + 1, wd - k + 1
    out = np.zeros((n, f, ho, wo))
    for i in range(k):
        for j in range(k):
            out += np.einsum("nchw,fc->nfhw", x[:, :, i:i + ho, j:j + wo], w[:, :, i, j])
    return out + b[None, :, None, None]


def cnn(out: Path) -> None:
    """``onnx_cnn``: two convolutions, a max-pool and a dense layer (module docstring)."""
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    w1, b1, w2, b2, w3, b3 = grid(8, 3, 3, 3), grid(8), grid(16, 8, 3, 3), grid(16), grid(16 * 4 * 4, 10), grid(10)
    nodes = [helper.make_node("Conv", ["x", "W1", "B1"], ["c1"], pads=[1, 1, 1, 1], kernel_shape=[3, 3]),
             helper.make_node("Relu", ["c1"], ["r1"]),
             helper.make_node("MaxPool", ["r1"], ["p1"], kernel_shape=[2, 2], strides=[2, 2]),
             helper.make_node("Conv", ["p1", "W2", "B2"], ["c2"], kernel_shape=[3, 3]),
             helper.make_node("Relu", ["c2"], ["r2"]),
             helper.make_node("Flatten", ["r2"], ["f"]),
             helper.make_node("Gemm", ["f", "W3", "B3"], ["y"])]
    inits = [numpy_helper.from_array(a, n) for a, n in
             [(w1, "W1"), (b1, "B1"), (w2, "W2"), (b2, "B2"), (w3, "W3"), (b3, "B3")]]
    graph = helper.make_graph(nodes, "cnn", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [4, 3, 12, 12])],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [4, 10])], inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    onnx.checker.check_model(model)
    onnx.save(model, str(out / "onnx_cnn.onnx"))
    x = grid(4, 3, 12, 12)
    y = np.maximum(conv2d(x.astype(np.float64), w1, b1, 1), 0)
    y = y.reshape(4, 8, 6, 2, 6, 2).max(axis=(3, 5))
    y = np.maximum(conv2d(y, w2, b2, 0), 0).reshape(4, -1) @ w3 + b3
    np.savez(out / "onnx_cnn.inputs.npz", x=x)
    np.savez(out / "onnx_cnn.expected.npz", y=y.astype(np.float32))


def attn(out: Path, d: int = 32, heads: int = 4, seq: int = 8, batch: int = 2) -> None:
    """``onnx_attn``: multi-head self-attention (module docstring), ``heads`` heads of ``d // heads``."""
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    hd = d // heads
    wq, wk, wv, wo = grid(d, d), grid(d, d), grid(d, d), grid(d, d)
    split = numpy_helper.from_array(np.array([batch, seq, heads, hd], np.int64), "shape")
    merge = numpy_helper.from_array(np.array([batch, seq, d], np.int64), "back")
    scale = numpy_helper.from_array(np.array(1 / np.sqrt(hd), np.float32), "scale")
    nodes = []
    for name, w in (("q", "Wq"), ("k", "Wk"), ("v", "Wv")):
        nodes += [helper.make_node("MatMul", ["x", w], [name + "0"]),
                  helper.make_node("Reshape", [name + "0", "shape"], [name + "1"]),
                  helper.make_node("Transpose", [name + "1"], [name], perm=[0, 2, 1, 3])]
    nodes += [helper.make_node("Transpose", ["k"], ["kt"], perm=[0, 1, 3, 2]),
              helper.make_node("MatMul", ["q", "kt"], ["s0"]),
              helper.make_node("Mul", ["s0", "scale"], ["s1"]),
              helper.make_node("Softmax", ["s1"], ["p"], axis=-1),
              helper.make_node("MatMul", ["p", "v"], ["o0"]),
              helper.make_node("Transpose", ["o0"], ["o1"], perm=[0, 2, 1, 3]),
              helper.make_node("Reshape", ["o1", "back"], ["o2"]),
              helper.make_node("MatMul", ["o2", "Wo"], ["y"])]
    inits = [numpy_helper.from_array(a, n) for a, n in [(wq, "Wq"), (wk, "Wk"), (wv, "Wv"), (wo, "Wo")]]
    graph = helper.make_graph(nodes, "attn", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [batch, seq, d])],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [batch, seq, d])],
                              inits + [split, merge, scale])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    onnx.checker.check_model(model)
    onnx.save(model, str(out / "onnx_attn.onnx"))
    x = grid(batch, seq, d).astype(np.float64)
    q, k, v = [(x @ w).reshape(batch, seq, heads, hd).transpose(0, 2, 1, 3) for w in (wq, wk, wv)]
    s = q @ k.transpose(0, 1, 3, 2) / np.sqrt(hd)
    p = np.exp(s - s.max(-1, keepdims=True))
    p /= p.sum(-1, keepdims=True)
    y = (p @ v).transpose(0, 2, 1, 3).reshape(batch, seq, d) @ wo
    np.savez(out / "onnx_attn.inputs.npz", x=x.astype(np.float32))
    np.savez(out / "onnx_attn.expected.npz", y=y.astype(np.float32))


def main(argv: list[str]) -> None:
    out = Path(argv[1]) if len(argv) > 1 else Path(".")
    out.mkdir(parents=True, exist_ok=True)
    cnn(out)  # first: the random stream is drawn in this order (the CNN's weights, then the attention's)
    attn(out)


if __name__ == "__main__":
    main(sys.argv)
