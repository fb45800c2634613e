"""Benchmarks of the reference interpreter (``meshc run --reference``'s
machinery) against plain numpy; prints figures only.

1. A 1024x1024x1024 f32 ``linalg.matmul`` (``tensor.empty`` + ``linalg.fill``
   + ``linalg.matmul``): parse + ``Interpreter.call`` in one process vs
   ``np.matmul`` on the same arrays. Target: ratio <= 1.2. The call alone
   is shown too.
2. A chain of 50 elementwise ``linalg.generic`` ops, each
   ``y = y * 1.0001 + 0.5`` on 1M f32 elements (the constants defined once
   outside the bodies): ``Interpreter.call`` vs the same numpy expression in
   a loop. Target: ratio <= 1.5. The parse time is shown separately.
3. A small model: samples/real/layernorm.linalg.mlir (JAX layer norm, 64x256 f32: about 20
   linalg ops) vs the same computation as numpy calls (mean, subtract, square, mean, rsqrt,
   scale, shift). Per-op dispatch dominates at this size. Target: ratio <= 2.

4. The other small real models of samples/real against the same computation as numpy calls,
   on the inputs stored beside them: the JAX MLP (``mlp``, matmuls as named ops, and
   ``mlp_generic``, every matmul a ``linalg.generic``), the ONNX MLP (weights as parameters),
   the attention (``attention``, ``attention_heads_first`` and its generic form). Dispatch
   dominates the small ones; no target of their own (the layer norm's is the goal), their
   ratios are printed.

Every figure is the median of 5 runs after one warm-up (parts 3 and 4: of 5 runs of 50 calls, except
for the BLAS-bound MLPs, with the CPU time per call too, the figure to read on a loaded machine). The grammar is
built once per process before timing (its cost is printed first: a
``meshc`` command pays it once, on top of any program). The machine may be
shared: run it twice if a figure looks off.
Run: ``.venv/bin/python bench/interp_bench.py`` (``--layernorm``: part 3 only; ``--models``:
parts 3 and 4; ``--smoke``: every part at its smallest size, once, as tests/test_bench_smoke.py runs it).
"""

from __future__ import annotations

import statistics
import time

import numpy as np

from meshc.api import parse
from meshc.runtime.interpreter import Interpreter

REPEATS = 5
#: calls per timed repetition of the small models (parts 3 and 4), so that one repetition lasts long
#: enough for the CPU clock's resolution
INNER = 50
#: CPU seconds per call of the functions of the last median_seconds (same order)
LAST_CPU: list[float] = []


def median_seconds(*fns, inner: int = 1) -> list[float]:
    """Median wall time per call of each ``fn()`` over REPEATS repetitions of ``inner`` calls,
    after one warm-up; the functions run in turn (a, b, a, b, ...) so a load change on a shared
    machine hits all of them alike. The median CPU (process) time per call of each is left in
    :data:`LAST_CPU`: on a loaded machine the wall time is mostly the wait for a core."""
    for fn in fns:
        fn()
    times: list[list[float]] = [[] for _ in fns]
    cpus: list[list[float]] = [[] for _ in fns]
    for _ in range(REPEATS):
        for fn, ts, cs in zip(fns, times, cpus):
            cpu, start = time.process_time(), time.perf_counter()
            for _ in range(inner):
                fn()
            ts.append((time.perf_counter() - start) / inner)
            cs.append((time.process_time() - cpu) / inner)
    LAST_CPU[:] = [statistics.median(cs) for cs in cpus]
    return [statistics.median(ts) for ts in times]


def report(name: str, interp_s: float, numpy_s: float, target: float, cpu: bool = False) -> None:
    ratio = interp_s / numpy_s
    verdict = "ok" if ratio <= target else "OVER TARGET"
    line = (f"{name:<46} interpreter {interp_s * 1e3:9.3f} ms   numpy {numpy_s * 1e3:9.3f} ms   "
            f"ratio {ratio:5.2f} (target <= {target}: {verdict})")
    if cpu:
        ci, cn = LAST_CPU
        line += f"; CPU {ci * 1e3:.3f} / {cn * 1e3:.3f} ms, ratio {ci / cn:.2f}"
    print(line)


MATMUL = """
func.func @main(%a: tensor<{n}x{n}xf32>, %b: tensor<{n}x{n}xf32>) -> tensor<{n}x{n}xf32> {{
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<{n}x{n}xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<{n}x{n}xf32>) -> tensor<{n}x{n}xf32>
  %c = linalg.matmul ins(%a, %b : tensor<{n}x{n}xf32>, tensor<{n}x{n}xf32>)
                     outs(%f : tensor<{n}x{n}xf32>) -> tensor<{n}x{n}xf32>
  return %c : tensor<{n}x{n}xf32>
}}
"""


def warm_parser() -> None:
    start = time.perf_counter()
    parse("func.func @warm() { return }", "warm.mlir")
    print(f"grammar build (once per process): {(time.perf_counter() - start) * 1e3:.1f} ms")


def bench_matmul(n: int = 1024) -> None:
    rng = np.random.default_rng(0)
    a = rng.standard_normal((n, n), dtype=np.float32)
    b = rng.standard_normal((n, n), dtype=np.float32)
    text = MATMUL.format(n=n)
    interp = Interpreter(parse(text, "matmul.mlir"))
    (got,) = interp.call("main", [a, b])
    np.testing.assert_allclose(got, a @ b, rtol=1e-3, atol=1e-3)

    def parse_and_call():
        return Interpreter(parse(text, "matmul.mlir")).call("main", [a, b])

    full_s, call_s, numpy_s = median_seconds(parse_and_call, lambda: interp.call("main", [a, b]),
                                             lambda: np.matmul(a, b))
    report(f"matmul {n}x{n}x{n} f32 (parse + call)", full_s, numpy_s, 1.2)
    report(f"matmul {n}x{n}x{n} f32 (call only)", call_s, numpy_s, 1.2)


def chain_program(size: int, length: int) -> str:
    t = f"tensor<{size}xf32>"
    lines = [f"func.func @main(%y0: {t}) -> {t} {{",
             "  %a = arith.constant 1.0001 : f32",
             "  %b = arith.constant 0.5 : f32",
             f"  %e = tensor.empty() : {t}"]
    for k in range(1, length + 1):
        lines += [
            f"  %y{k} = linalg.generic {{indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], "
            f"iterator_types = [\"parallel\"]}} ins(%y{k - 1} : {t}) outs(%e : {t}) {{",
            "  ^bb0(%x: f32, %o: f32):",
            "    %m = arith.mulf %x, %a : f32",
            "    %s = arith.addf %m, %b : f32",
            "    linalg.yield %s : f32",
            f"  }} -> {t}"]
    lines += [f"  return %y{length} : {t}", "}"]
    return "\n".join(lines)


def bench_chain(size: int = 1 << 20, length: int = 50) -> None:
    x = np.random.default_rng(1).standard_normal(size, dtype=np.float32)
    start = time.perf_counter()
    module = parse(chain_program(size, length), "chain.mlir")
    parse_s = time.perf_counter() - start
    interp = Interpreter(module)
    a, b = np.float32(1.0001), np.float32(0.5)

    def numpy_chain():
        y = x
        for _ in range(length):
            y = y * a + b
        return y

    (got,) = interp.call("main", [x])
    np.testing.assert_array_equal(got, numpy_chain())
    interp_s, numpy_s = median_seconds(lambda: interp.call("main", [x]), numpy_chain)
    report(f"{length} elementwise generics on {size} f32", interp_s, numpy_s, 1.5)
    print(f"{'':<46} parse {parse_s * 1e3:.2f} ms (once per program)")


def bench_layernorm() -> None:
    import os

    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "samples", "real", "layernorm.linalg.mlir")
    with open(path, encoding="utf-8") as fh:
        module = parse(fh.read(), "layernorm.linalg.mlir")
    rng = np.random.default_rng(2)
    x = rng.standard_normal((64, 256), dtype=np.float32)
    g = rng.standard_normal(256, dtype=np.float32)
    b = rng.standard_normal(256, dtype=np.float32)
    interp = Interpreter(module)

    def numpy_layernorm():
        mean = x.sum(axis=1, keepdims=True) / np.float32(256)
        d = x - mean
        var = (d * d).sum(axis=1, keepdims=True) / np.float32(256)
        return d * (np.float32(1) / np.sqrt(var + np.float32(1e-5))) * g + b

    (got,) = interp.call("main", [x, g, b])
    np.testing.assert_allclose(got, numpy_layernorm(), rtol=1e-4, atol=1e-4)
    interp_s, numpy_s = median_seconds(lambda: interp.call("main", [x, g, b]), numpy_layernorm, inner=INNER)
    report("layernorm 64x256 f32 (samples/real)", interp_s, numpy_s, 2.0, cpu=True)


def _attention(heads_first: bool):
    def run(x, wq, wk, wv, wo):
        b, s, d = x.shape
        h, dh = 4, d // 4

        def heads(t):
            t = t.reshape(b, s, h, dh)
            return t.transpose(2, 0, 1, 3) if heads_first else t.transpose(0, 2, 1, 3)

        q, k, v = heads(x @ wq), heads(x @ wk), heads(x @ wv)
        scores = np.matmul(q, k.transpose(0, 1, 3, 2)) / np.float32(np.sqrt(dh))
        e = np.exp(scores - scores.max(axis=-1, keepdims=True))
        o = np.matmul(e / e.sum(axis=-1, keepdims=True), v)
        o = o.transpose(1, 2, 0, 3) if heads_first else o.transpose(0, 2, 1, 3)
        return o.reshape(b, s, d) @ wo

    return run


def _mlp(x, w1, b1, w2, b2):
    return np.maximum(x @ w1 + b1, np.float32(0)) @ w2 + b2


BLAS_BOUND = ("mlp", "mlp_generic", "onnx_mlp")  # a call lasts long enough without repeating it (BLAS threads: CPU > wall)


def bench_models() -> None:
    import os

    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "samples", "real")
    cases = [("mlp", "mlp", _mlp, None), ("mlp_generic", "mlp", _mlp, None),
             ("onnx_mlp", "onnx_mlp", None, "model"),
             ("attention", "attention", _attention(False), None),
             ("attention_heads_first", "attention_heads_first", _attention(True), None),
             ("attention_heads_first_generic", "attention_heads_first", _attention(True), None)]
    for name, data, peer, scope in cases:
        with open(os.path.join(here, f"{name}.linalg.mlir"), encoding="utf-8") as fh:
            module = parse(fh.read(), f"{name}.linalg.mlir")
        inputs = np.load(os.path.join(here, f"{data}.inputs.npz"))
        args = [inputs[k] for k in inputs.files]
        params = {}
        if scope is not None:
            weights = np.load(os.path.join(here, f"{data}.weights.npz"))
            params = {scope: {k: weights[k] for k in weights.files}}
        interp = Interpreter(module, parameters=params)
        entry = next(op.sym_name for op in module.body.ops if op.name in ("func.func", "util.func"))
        if peer is None:  # the ONNX MLP: x @ w1 + b1, relu, @ w2 (+ b2 when the archive has it)
            w = params[scope]

            def peer(x, w=w):
                h = np.maximum(x @ w["w1"] + w["b1"], np.float32(0)) @ w["w2"]
                return h + w["b2"] if "b2" in w else h
        (got,) = interp.call(entry, args)
        want = peer(*args)
        np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4 * float(np.abs(want).max()))
        interp_s, numpy_s = median_seconds(lambda: interp.call(entry, args), lambda: peer(*args),
                                           inner=1 if name in BLAS_BOUND else INNER)
        ratio = interp_s / numpy_s
        ci, cn = LAST_CPU
        print(f"{name + ' (samples/real)':<46} interpreter {interp_s * 1e3:9.3f} ms   numpy {numpy_s * 1e3:9.3f} ms   "
              f"ratio {ratio:5.2f}; CPU {ci * 1e3:.3f} / {cn * 1e3:.3f} ms, ratio {ci / cn:.2f}")


if __name__ == "__main__":
    import os
    import sys

    os.system("uptime")
    smoke = "--smoke" in sys.argv  # the smallest sizes, one repetition (tests/test_bench_smoke.py)
    if smoke:
        REPEATS, INNER = 1, 2
    warm_parser()
    if "--layernorm" not in sys.argv and "--models" not in sys.argv:
        bench_matmul(64 if smoke else 1024)
        bench_chain(*((1024, 5) if smoke else ()))
    bench_layernorm()
    if "--layernorm" not in sys.argv:
        bench_models()
