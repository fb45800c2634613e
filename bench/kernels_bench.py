"""Benchmarks of meshc.kernels against plain numpy (prints figures only).

1. ``linalg.matmul`` kernel on 1024x1024x1024 f32 (zero and non-zero
   accumulator) vs ``np.matmul``; target ratio <= 1.2.
2. A chain of 50 elementwise ``linalg.generic`` ops (``y = x * a + b``
   through the arith kernels) on 1M f32 elements vs the same numpy
   expression; target ratio <= 1.5. Shown twice: with the body allocating
   every temporary, and with the product's buffer donated to the ``addf``
   (``out=``), which is what numpy's temporary elision does for the plain
   expression.

Each figure is the median of 5 runs (after one warm-up).
Run: ``.venv/bin/python bench/kernels_bench.py`` (``--smoke``: 64^3 and a chain of 5 on 1024
elements, once, as tests/test_bench_smoke.py runs it).
"""

from __future__ import annotations

import statistics
import time

import numpy as np

from meshc.ir.affine import AffineMap
from meshc.kernels import arith as A
from meshc.kernels import linalg as L
from meshc.kernels.generic import run_generic

REPEATS = 5


def median_seconds(fn) -> float:
    fn()
    times = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def report(name: str, kernel_s: float, numpy_s: float, target: float) -> None:
    ratio = kernel_s / numpy_s
    print(f"{name:<44} kernel {kernel_s * 1e3:9.2f} ms   numpy {numpy_s * 1e3:9.2f} ms   "
          f"ratio {ratio:5.2f} (target <= {target})")


def bench_matmul(n: int = 1024) -> None:
    rng = np.random.default_rng(0)
    a = rng.standard_normal((n, n), dtype=np.float32)
    b = rng.standard_normal((n, n), dtype=np.float32)
    zero = np.zeros((n, n), np.float32)
    c = rng.standard_normal((n, n), dtype=np.float32)
    numpy_s = median_seconds(lambda: np.matmul(a, b))
    report(f"linalg.matmul {n}^3 f32, zero init", median_seconds(lambda: L.matmul(a, b, zero)), numpy_s, 1.2)
    numpy_acc_s = median_seconds(lambda: c + np.matmul(a, b))
    report(f"linalg.matmul {n}^3 f32, non-zero init (vs c + a@b)",
           median_seconds(lambda: L.matmul(a, b, c)), numpy_acc_s, 1.2)


def bench_elementwise_chain(size: int = 1 << 20, length: int = 50) -> None:
    x = np.random.default_rng(1).standard_normal(size, dtype=np.float32)
    scale, shift = np.float32(1.0001), np.float32(-0.0001)
    identity = AffineMap.identity(1)
    maps = [identity, identity]

    def body(args, index):
        return [A.addf(A.mulf(args[0], scale), shift)]

    def body_donating(args, index):
        # An interpreter that knows the product dies at the addf hands its
        # buffer to the kernel: the reuse numpy's temporary elision does.
        product = A.mulf(args[0], scale)
        return [A.addf(product, shift, out=product)]

    def chain(region):
        def run():
            value = x
            for _ in range(length):
                (value,) = run_generic([value], [value], maps, ["parallel"], region)
            return value
        return run

    def plain():
        value = x
        for _ in range(length):
            value = value * scale + shift
        return value

    for region in (body, body_donating):  # same operations, same result
        np.testing.assert_array_equal(chain(region)(), plain())
    numpy_s = median_seconds(plain)
    report(f"{length} generics on {size} f32, fresh temporaries", median_seconds(chain(body)), numpy_s, 1.5)
    report(f"{length} generics on {size} f32, donated temporary", median_seconds(chain(body_donating)),
           numpy_s, 1.5)


if __name__ == "__main__":
    import sys

    if "--smoke" in sys.argv:  # the smallest sizes, one repetition (tests/test_bench_smoke.py)
        REPEATS = 1
        bench_matmul(64)
        bench_elementwise_chain(1024, 5)
    else:
        bench_matmul()
        bench_elementwise_chain()
