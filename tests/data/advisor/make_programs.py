"""Write the advisor's test programs, in the form ``iree-compile --compile-to=input`` prints for JAX models.

Run from this directory: ``python make_programs.py``. Each program is what IREE's StableHLO-to-linalg
conversion makes of a JAX function (``util.func``, ``dot_general`` as ``tensor.collapse_shape`` +
``linalg.matmul``/``batch_matmul`` + ``tensor.expand_shape``, transposes as permuting ``linalg.generic``
ops, broadcasts as ``linalg.generic`` ops whose input map drops loops):

* ``flax_encoder.linalg.mlir`` -- a flax.linen encoder layer: the parameters first, in flax's sorted
  pytree order (attention key/out/query/value with ``DenseGeneral`` kernels ``[D, H, hd]`` and
  ``[H, hd, D]`` and biases ``[H, hd]``, then the MLP's Dense_0/Dense_1 bias and kernel), the data
  ``x[B, S, D]`` last; B=2, S=8, D=32, H=4, hd=8, MLP 64. Kernels are collapsed to 2-D before their
  matmul, as IREE lowers ``einsum('bsd,dhk->bshk')``.
* ``moe.linalg.mlir`` -- a top-1 mixture of 4 experts (params first: router ``[D, E]``, ``w_in`` stored
  ``[E, D, 2, F/2]`` (gate and up halves) and collapsed to ``[E, D, F]``, ``w_out`` stored ``[F, E, D]``
  and transposed to ``[E, F, D]``; then ``x[B, S, D]``): tokens masked per expert by the top-1 gate,
  ``batch_matmul`` per expert, combined by a gate-weighted contraction over the experts.
* ``torch_mlp.linalg.mlir`` -- ``x[B, S, D] @ W`` as torch-mlir lowers ``torch.matmul`` of a 3-D by a 2-D
  tensor: the weight broadcast to ``[B, D, F]`` and a ``linalg.batch_matmul``; the data first.
"""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).parent


def t(*shape: int) -> str:
    return "tensor<" + "x".join(map(str, shape)) + "xf32>"


def amap(n: int, dims) -> str:
    ds = ", ".join(f"d{i}" for i in range(n))
    return f"affine_map<({ds}) -> ({', '.join(f'd{i}' for i in dims)})>"


class Func:
    """A tiny text builder of one ``util.func``."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.n = 0

    def new(self) -> str:
        self.n += 1
        return f"%{self.n - 1}"

    def emit(self, line: str) -> None:
        self.lines.append("    " + line)

    def empty(self, shape) -> str:
        v = self.new()
        self.emit(f"{v} = tensor.empty() : {t(*shape)}")
        return v

    def fill(self, shape, cst: str) -> str:
        e = self.empty(shape)
        v = self.new()
        self.emit(f"{v} = linalg.fill ins({cst} : f32) outs({e} : {t(*shape)}) -> {t(*shape)}")
        return v

    def collapse(self, x: str, src, groups, dst) -> str:
        v = self.new()
        self.emit(f"{v} = tensor.collapse_shape {x} {groups} : {t(*src)} into {t(*dst)}")
        return v

    def expand(self, x: str, src, groups, dst) -> str:
        v = self.new()
        self.emit(f"{v} = tensor.expand_shape {x} {groups} output_shape [{', '.join(map(str, dst))}] : "
                  f"{t(*src)} into {t(*dst)}")
        return v

    def matmul(self, a: str, b: str, m: int, k: int, n: int) -> str:
        init = self.fill((m, n), "%cst_0")
        v = self.new()
        self.emit(f"{v} = linalg.matmul ins({a}, {b} : {t(m, k)}, {t(k, n)}) outs({init} : {t(m, n)}) -> {t(m, n)}")
        return v

    def batch_matmul(self, a: str, b: str, bt: int, m: int, k: int, n: int) -> str:
        init = self.fill((bt, m, n), "%cst_0")
        v = self.new()
        self.emit(f"{v} = linalg.batch_matmul ins({a}, {b} : {t(bt, m, k)}, {t(bt, k, n)}) outs({init} : "
                  f"{t(bt, m, n)}) -> {t(bt, m, n)}")
        return v

    def generic(self, ins, out_shape, maps, iters, body, init=None) -> str:
        """``ins``: (value, shape); ``maps``: one dims list per input then the output's; ``body``: lines using
        %in0.. and %out, the last defining %r (or yielding an input when it is a name)."""
        n = len(iters)
        out = init if init is not None else self.empty(out_shape)
        v = self.new()
        args = ", ".join(f"%in{i}: f32" for i in range(len(ins))) + (", " if ins else "") + "%out: f32"
        self.emit(f"{v} = linalg.generic {{indexing_maps = [{', '.join(amap(n, m) for m in maps)}], "
                  f"iterator_types = [{', '.join(repr(i).replace(chr(39), chr(34)) for i in iters)}]}} "
                  f"ins({', '.join(x for x, _ in ins)} : {', '.join(t(*s) for _, s in ins)}) "
                  f"outs({out} : {t(*out_shape)}) {{")
        self.emit(f"^bb0({args}):")
        for line in body[:-1]:
            self.emit("  " + line)
        last = body[-1]
        if last.startswith("%in") or last == "%out":
            self.emit(f"  linalg.yield {last} : f32")
        else:
            self.emit("  " + last)
            self.emit("  linalg.yield %r : f32")
        self.emit(f"}} -> {t(*out_shape)}")
        return v

    # JAX-level helpers
    def transpose(self, x: str, shape, perm) -> str:
        """Result dim i = input dim perm[i] (``stablehlo.transpose``), as IREE's permuting generic."""
        out = [shape[p] for p in perm]
        inv = [perm.index(i) for i in range(len(perm))]
        return self.generic([(x, shape)], out, [inv, list(range(len(perm)))], ["parallel"] * len(perm), ["%in0"])

    def binary(self, op: str, a, b, shape, amap_a=None, amap_b=None) -> str:
        r = len(shape)
        ident = list(range(r))
        return self.generic([a, b], shape, [amap_a or ident, amap_b or ident, ident], ["parallel"] * r,
                            [f"%r = {op} %in0, %in1 : f32"])

    def softmax_last(self, x: str, shape) -> str:
        """Softmax over the last dim (max, sub, exp, sum, div: as JAX lowers ``jax.nn.softmax``)."""
        r = len(shape)
        red = list(shape[:-1])
        ident = list(range(r))
        mx = self.generic([(x, shape)], red, [ident, ident[:-1]], ["parallel"] * (r - 1) + ["reduction"],
                          ["%r = arith.maximumf %out, %in0 : f32"], init=self.fill(red, "%cst_ninf"))
        sub = self.binary("arith.subf", (x, shape), (mx, red), shape, amap_b=ident[:-1])
        ex = self.generic([(sub, shape)], shape, [ident, ident], ["parallel"] * r, ["%r = math.exp %in0 : f32"])
        sm = self.generic([(ex, shape)], red, [ident, ident[:-1]], ["parallel"] * (r - 1) + ["reduction"],
                          ["%r = arith.addf %out, %in0 : f32"], init=self.fill(red, "%cst_0"))
        return self.binary("arith.divf", (ex, shape), (sm, red), shape, amap_b=ident[:-1])

    def text(self, name: str, args, result_shape, ret: str) -> str:
        sig = ", ".join(f"%arg{i}: {t(*s)}" for i, s in enumerate(args))
        head = [f"module @{name} {{", f"  util.func public @main({sig}) -> {t(*result_shape)} {{",
                "    %cst_0 = arith.constant 0.000000e+00 : f32",
                "    %cst_ninf = arith.constant 0xFF800000 : f32",
                "    %cst_scale = arith.constant 0.353553385 : f32",
                "    %cst_1 = arith.constant 1.000000e+00 : f32"]
        return "\n".join(head + self.lines + [f"    util.return {ret} : {t(*result_shape)}", "  }", "}", ""])


def flax_encoder() -> str:
    B, S, D, H, K, F = 2, 8, 32, 4, 8, 64
    args = [(H, K), (D, H, K), (D,), (H, K, D), (H, K), (D, H, K), (H, K), (D, H, K), (F,), (D, F), (D,), (F, D),
            (B, S, D)]
    f = Func()
    x = "%arg12"
    xc = f.collapse(x, (B, S, D), "[[0, 1], [2]]", (B * S, D))

    def proj(kernel: str, bias: str) -> str:
        w = f.collapse(kernel, (D, H, K), "[[0], [1, 2]]", (D, H * K))
        y = f.matmul(xc, w, B * S, D, H * K)
        y4 = f.expand(y, (B * S, H * K), "[[0, 1], [2, 3]]", (B, S, H, K))
        return f.binary("arith.addf", (y4, (B, S, H, K)), (bias, (H, K)), (B, S, H, K), amap_b=[2, 3])

    q = proj("%arg5", "%arg4")
    k = proj("%arg1", "%arg0")
    v = proj("%arg7", "%arg6")
    # scores: einsum('bqhd,bkhd->bhqk') -> batch (b, h) collapsed, q as [BH, S, K], k as [BH, K, S]
    qs = f.generic([(q, (B, S, H, K))], (B, S, H, K), [[0, 1, 2, 3], [0, 1, 2, 3]], ["parallel"] * 4,
                   ["%r = arith.mulf %in0, %cst_scale : f32"])
    qt = f.transpose(qs, (B, S, H, K), [0, 2, 1, 3])          # [B, H, S, K]
    kt = f.transpose(k, (B, S, H, K), [0, 2, 3, 1])           # [B, H, K, S]
    qb = f.collapse(qt, (B, H, S, K), "[[0, 1], [2], [3]]", (B * H, S, K))
    kb = f.collapse(kt, (B, H, K, S), "[[0, 1], [2], [3]]", (B * H, K, S))
    s = f.batch_matmul(qb, kb, B * H, S, K, S)
    s4 = f.expand(s, (B * H, S, S), "[[0, 1], [2], [3]]", (B, H, S, S))
    p = f.softmax_last(s4, (B, H, S, S))
    pb = f.collapse(p, (B, H, S, S), "[[0, 1], [2], [3]]", (B * H, S, S))
    vt = f.transpose(v, (B, S, H, K), [0, 2, 1, 3])           # [B, H, S, K]
    vb = f.collapse(vt, (B, H, S, K), "[[0, 1], [2], [3]]", (B * H, S, K))
    o = f.batch_matmul(pb, vb, B * H, S, S, K)
    o4 = f.expand(o, (B * H, S, K), "[[0, 1], [2], [3]]", (B, H, S, K))
    ot = f.transpose(o4, (B, H, S, K), [0, 2, 1, 3])          # [B, S, H, K]
    oc = f.collapse(ot, (B, S, H, K), "[[0, 1], [2, 3]]", (B * S, H * K))
    wo = f.collapse("%arg3", (H, K, D), "[[0, 1], [2]]", (H * K, D))
    a = f.matmul(oc, wo, B * S, H * K, D)
    a3 = f.expand(a, (B * S, D), "[[0, 1], [2]]", (B, S, D))
    a3 = f.binary("arith.addf", (a3, (B, S, D)), ("%arg2", (D,)), (B, S, D), amap_b=[2])
    h = f.binary("arith.addf", (a3, (B, S, D)), (x, (B, S, D)), (B, S, D))
    hc = f.collapse(h, (B, S, D), "[[0, 1], [2]]", (B * S, D))
    u = f.matmul(hc, "%arg9", B * S, D, F)
    u = f.binary("arith.addf", (u, (B * S, F)), ("%arg8", (F,)), (B * S, F), amap_b=[1])
    u = f.generic([(u, (B * S, F))], (B * S, F), [[0, 1], [0, 1]], ["parallel"] * 2,
                  ["%r = arith.maximumf %in0, %cst_0 : f32"])
    d = f.matmul(u, "%arg11", B * S, F, D)
    d = f.binary("arith.addf", (d, (B * S, D)), ("%arg10", (D,)), (B * S, D), amap_b=[1])
    d3 = f.expand(d, (B * S, D), "[[0, 1], [2]]", (B, S, D))
    out = f.binary("arith.addf", (d3, (B, S, D)), (h, (B, S, D)), (B, S, D))
    return f.text("jit_encoder", args, (B, S, D), out)


def moe() -> str:
    B, S, D, E, F = 2, 4, 16, 4, 32
    T = B * S
    args = [(D, E), (E, D, 2, F // 2), (F, E, D), (B, S, D)]
    f = Func()
    xc = f.collapse("%arg3", (B, S, D), "[[0, 1], [2]]", (T, D))
    logits = f.matmul(xc, "%arg0", T, D, E)
    probs = f.softmax_last(logits, (T, E))
    top = f.generic([(probs, (T, E))], (T,), [[0, 1], [0]], ["parallel", "reduction"],
                    ["%r = arith.maximumf %out, %in0 : f32"], init=f.fill((T,), "%cst_ninf"))
    gate = f.generic([(probs, (T, E)), (top, (T,))], (T, E), [[0, 1], [0], [0, 1]], ["parallel"] * 2,
                     ["%c = arith.cmpf oeq, %in0, %in1 : f32", "%r = arith.select %c, %in0, %cst_0 : f32"])
    # tokens per expert: xe[e, t, d] = x[t, d] where expert e is the token's top-1, else 0
    xe = f.generic([(xc, (T, D)), (gate, (T, E))], (E, T, D), [[1, 2], [1, 0], [0, 1, 2]], ["parallel"] * 3,
                   ["%c = arith.cmpf ogt, %in1, %cst_0 : f32", "%r = arith.select %c, %in0, %cst_0 : f32"])
    w_in = f.collapse("%arg1", (E, D, 2, F // 2), "[[0], [1], [2, 3]]", (E, D, F))
    hid = f.batch_matmul(xe, w_in, E, T, D, F)
    hid = f.generic([(hid, (E, T, F))], (E, T, F), [[0, 1, 2], [0, 1, 2]], ["parallel"] * 3,
                    ["%r = arith.maximumf %in0, %cst_0 : f32"])
    w_out = f.transpose("%arg2", (F, E, D), [1, 0, 2])        # [E, F, D]
    ye = f.batch_matmul(hid, w_out, E, T, F, D)
    # combine: y[t, d] = sum_e gate[t, e] * ye[e, t, d]
    y = f.generic([(gate, (T, E)), (ye, (E, T, D))], (T, D), [[0, 2], [2, 0, 1], [0, 1]],
                  ["parallel", "parallel", "reduction"],
                  ["%m = arith.mulf %in0, %in1 : f32", "%r = arith.addf %out, %m : f32"], init=f.fill((T, D), "%cst_0"))
    y3 = f.expand(y, (T, D), "[[0, 1], [2]]", (B, S, D))
    return f.text("jit_moe", args, (B, S, D), y3)


def torch_mlp() -> str:
    B, S, D, F = 4, 8, 16, 32
    args = [(B, S, D), (D, F), (F, D)]
    f = Func()
    w1 = f.generic([("%arg1", (D, F))], (B, D, F), [[1, 2], [0, 1, 2]], ["parallel"] * 3, ["%in0"])
    h = f.batch_matmul("%arg0", w1, B, S, D, F)
    h = f.generic([(h, (B, S, F))], (B, S, F), [[0, 1, 2], [0, 1, 2]], ["parallel"] * 3,
                  ["%r = arith.maximumf %in0, %cst_0 : f32"])
    w2 = f.generic([("%arg2", (F, D))], (B, F, D), [[1, 2], [0, 1, 2]], ["parallel"] * 3, ["%in0"])
    y = f.batch_matmul(h, w2, B, S, F, D)
    return f.text("torch_mlp", args, (B, S, D), y)


# -- inputs and the numpy reference of each program (its ``NAME.expected.npz``, key ``out``) -----------------
def _softmax(a):
    import numpy as np

    e = np.exp(a - a.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True)


def flax_encoder_reference(kb, kk, ob, ok, qb, qk, vb, vk, b0, k0, b1, k1, x):
    import numpy as np

    q, k, v = (np.einsum("bsd,dhk->bshk", x, w) + b for w, b in ((qk, qb), (kk, kb), (vk, vb)))
    p = _softmax(np.einsum("bqhd,bkhd->bhqk", q / np.sqrt(q.shape[-1]), k))
    h = np.einsum("bshk,hkd->bsd", np.einsum("bhqk,bkhd->bqhd", p, v), ok) + ob + x
    return np.maximum(h @ k0 + b0, 0) @ k1 + b1 + h


def moe_reference(router, w_in, w_out, x):
    import numpy as np

    tokens = x.reshape(-1, x.shape[-1])
    probs = _softmax(tokens @ router)
    expert = probs.argmax(-1)
    e, d = w_in.shape[:2]
    out = [probs[i, expert[i]] * (np.maximum(tok @ w_in[expert[i]].reshape(d, -1), 0) @ w_out[:, expert[i], :])
           for i, tok in enumerate(tokens)]
    return np.stack(out).reshape(x.shape)


def torch_mlp_reference(x, w1, w2):
    import numpy as np

    return np.maximum(x @ w1, 0) @ w2


PROGRAMS = {
    "flax_encoder": (flax_encoder, flax_encoder_reference,
                     ["key_bias", "key_kernel", "out_bias", "out_kernel", "query_bias", "query_kernel", "value_bias",
                      "value_kernel", "dense0_bias", "dense0_kernel", "dense1_bias", "dense1_kernel", "x"]),
    "moe": (moe, moe_reference, ["router", "w_in", "w_out", "x"]),
    "torch_mlp": (torch_mlp, torch_mlp_reference, ["x", "w1", "w2"]),
}


def write(name: str) -> None:
    """Write ``NAME.linalg.mlir``, ``NAME.inputs.npz`` (multiples of 1/64 in [-1, 1), seed 0, keyed by
    parameter name in argument order) and ``NAME.expected.npz`` (the numpy reference, float64 rounded to
    float32)."""
    import re

    import numpy as np

    make, reference, names = PROGRAMS[name]
    text = make()
    (HERE / f"{name}.linalg.mlir").write_text(text)
    sig = re.search(r"@main\((.*?)\) ->", text).group(1)
    shapes = [tuple(int(d) for d in m.split("x")[:-1]) for m in re.findall(r"tensor<([0-9x]+f32)>", sig)]
    rng = np.random.default_rng(0)
    arrays = [(rng.integers(-64, 64, s) / 64).astype(np.float32) for s in shapes]
    np.savez(HERE / f"{name}.inputs.npz", **dict(zip(names, arrays)))
    out = reference(*[a.astype(np.float64) for a in arrays]).astype(np.float32)
    np.savez(HERE / f"{name}.expected.npz", out=out)
    print(f"wrote {name}.linalg.mlir, {name}.inputs.npz, {name}.expected.npz")


if __name__ == "__main__":
    for program in PROGRAMS:
        write(program)
