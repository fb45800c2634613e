"""Inputs stream from the file into the device buffers: no unsharded host copy.

An 8192x8192 f32 LHS (256 MiB) row-sharded over 8 devices is read from a
``.npy`` (memory-mapped). A subprocess runs it and samples its anonymous
resident memory (``RssAnon`` of /proc/self/status: the mapped file's pages
are file-backed and do not count) every millisecond; the peak must stay below
1.3x the sum of every device's peak buffer bytes. Materialising the whole LHS
on the host would add 256 MiB, about 1.0x more."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

N, K, M = 8192, 8192, 16

PROGRAM = f"""
mesh.mesh @m(shape = 8, peered_memory_axes = [0])
func.func @main(%a: tensor<{N}x{K}xf32>, %b: tensor<{K}x{M}xf32>) -> tensor<{N}x{M}xf32> {{
  %as = mesh.shard %a to <@m, [[0]]> : tensor<{N}x{K}xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<{N}x{M}xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<{N}x{M}xf32>) -> tensor<{N}x{M}xf32>
  %r = linalg.matmul ins(%as, %b : tensor<{N}x{K}xf32>, tensor<{K}x{M}xf32>) outs(%f : tensor<{N}x{M}xf32>) -> tensor<{N}x{M}xf32>
  return %r : tensor<{N}x{M}xf32>
}}
"""

MEASURE = r"""
import json, sys, threading
import numpy as np
import meshc.api as mc
from meshc.runtime.io import load_array

def rss_anon():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("RssAnon:"):
                return int(line.split()[1]) * 1024
    raise SystemExit("no RssAnon in /proc/self/status")

peak = [rss_anon()]
stop = threading.Event()

def sample():
    while not stop.is_set():
        peak[0] = max(peak[0], rss_anon())
        stop.wait(0.001)

sampler = threading.Thread(target=sample, daemon=True)
sampler.start()
program, a_path, b_path, out_path = sys.argv[1:5]
r = mc.run(mc.parse(program), named_inputs={"a": load_array(a_path), "b": load_array(b_path)})
stop.set()
sampler.join()
peak[0] = max(peak[0], rss_anon())
np.save(out_path, r.outputs[0])
print(json.dumps({"peak_rss_anon": peak[0], "device_peaks": [d.peak_bytes for d in r.stats.devices]}))
"""


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs Linux /proc")
def test_row_sharded_8192x8192_lhs_from_npy_has_no_unsharded_host_copy(tmp_path):
    rng = np.random.default_rng(0)
    a = np.lib.format.open_memmap(tmp_path / "a.npy", mode="w+", dtype=np.float32, shape=(N, K))
    for i in range(0, N, 1024):  # written in blocks: this process never holds the whole LHS either
        a[i:i + 1024] = rng.random((1024, K), dtype=np.float32)
    a.flush()
    del a
    b = (rng.random((K, M), dtype=np.float32) - 0.5).astype(np.float32)
    np.save(tmp_path / "b.npy", b)
    (tmp_path / "prog.mlir").write_text(PROGRAM)
    (tmp_path / "measure.py").write_text(MEASURE)
    # one BLAS thread: its per-thread work buffers are process memory that is not a device buffer
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1", MKL_NUM_THREADS="1")
    proc = subprocess.run([sys.executable, str(tmp_path / "measure.py"), str(tmp_path / "prog.mlir"),
                           str(tmp_path / "a.npy"), str(tmp_path / "b.npy"), str(tmp_path / "out.npy")],
                          capture_output=True, text=True, env=env, cwd=str(Path(__file__).parent.parent))
    assert proc.returncode == 0, proc.stderr
    figures = json.loads(proc.stdout.strip().splitlines()[-1])
    # each device: its 1024x8192 f32 rows of A (32 MiB) + its 1024x16 result rows (64 KiB) + %z (4 B);
    # device 0 also holds B (8192x16 f32 = 512 KiB), read in place by the others (peered mesh)
    shard, out = 1024 * K * 4, 1024 * M * 4
    assert figures["device_peaks"] == [shard + out + 4 + K * M * 4] + [shard + out + 4] * 7
    total = sum(figures["device_peaks"])
    ratio = figures["peak_rss_anon"] / total
    print(f"\npeak RssAnon {figures['peak_rss_anon']} B, device buffers {total} B, ratio {ratio:.3f}")
    assert ratio < 1.3
    result = np.load(tmp_path / "out.npy")
    lhs = np.load(tmp_path / "a.npy", mmap_mode="r")
    for rows in (slice(0, 4), slice(1022, 1026), slice(N - 3, N)):  # across shard boundaries
        np.testing.assert_allclose(result[rows], np.asarray(lhs[rows]) @ b, rtol=1e-4, atol=1e-3)
