"""Dynamic tensor dims run at run time: specialize-shapes (meshc/passes/specialize_shapes.py) gives the
entry the shapes of its bound inputs before the pipeline, through the API and ``meshc run``.

The sample samples/dynamic_rows.mlir takes ``%x: tensor<?x8xf32>`` split by rows on a ``?x2`` mesh and
computes an elementwise generic on a ``tensor.dim``-driven ``tensor.empty``, a matmul with the dynamic
dim as M and a column sum over the dynamic dim (partial on the row axis, ending in an all_reduce)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import meshc.api as mc
from meshc.ir.location import DiagnosticError
from meshc.passes.specialize_shapes import parse_arg_shapes, specialize_shapes
from tests.tolerance import assert_close, matmul_magnitude

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "samples" / "dynamic_rows.mlir"
MESHC = str(Path(sys.executable).with_name("meshc"))
CLI_TIMEOUT = 300


def inputs(n: int, seed: int = 3) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed + n)
    return (rng.standard_normal((n, 8)).astype(np.float32), rng.standard_normal((8, 4)).astype(np.float32))


def check_outputs(outputs, x, w) -> None:
    """The three results against numpy, within the bound of tests/tolerance.py for float32."""
    y, mm, cs = outputs
    assert y.shape == x.shape and mm.shape == (x.shape[0], 4) and cs.shape == (8,)
    assert_close(y, x * x, k=1)
    assert_close(mm, x.astype(np.float64) @ w.astype(np.float64), k=8, magnitude=matmul_magnitude(x, w),
                 dtype=np.float32)
    assert_close(cs, x.astype(np.float64).sum(axis=0), k=max(x.shape[0], 1),
                 magnitude=float(np.abs(x).sum(axis=0).max(initial=0.0)), dtype=np.float32)


def rows_per_device(compiled, arg: int = 0) -> list[int]:
    return [s.shape[0] for s in compiled.program.args if s.index == arg]


@pytest.mark.parametrize("mesh", ["m=2x2", "m=3x2"])
@pytest.mark.parametrize("n", [8, 10, 13, 1])
def test_api_runs_the_dynamic_rows_sample_at_each_size(mesh, n):
    module = mc.parse(SAMPLE.read_text(), str(SAMPLE))
    x, w = inputs(n)
    r = mc.run(module, {"x": x, "w": w}, mesh_shape=mesh, check=True)
    assert r.check_ok, [(c.name, c.max_abs) for c in r.comparisons]
    check_outputs(r.outputs, x, w)
    # run compiled a copy: the module itself keeps its dynamic signature
    func = next(op for op in module.walk() if getattr(op, "name", "") == "func.func")
    assert str(func.function_type.inputs[0]) == "tensor<?x8xf32>"


@pytest.mark.parametrize("mesh,n,want", [("m=2x2", 10, [5, 5, 5, 5]), ("m=3x2", 10, [3, 3, 3, 3, 4, 4]),
                                         ("m=3x2", 13, [4, 4, 4, 4, 5, 5]), ("m=3x2", 1, [0, 0, 0, 0, 1, 1]),
                                         ("m=2x2", 13, [6, 6, 7, 7])])
def test_uneven_dynamic_rows_follow_the_balanced_shard_rule(mesh, n, want):
    # rows split on mesh axis 0 (replicated over axis 1): n // k rows each, the last n % k one more
    module = mc.parse(SAMPLE.read_text())
    compiled = mc.compile(module, None, mesh, arg_shapes=[(n, 8), (8, 4)])
    assert rows_per_device(compiled) == want


def test_the_reduction_over_the_dynamic_dim_ends_in_an_all_reduce():
    from meshc.ir.printer import print_op

    compiled = mc.compile(mc.parse(SAMPLE.read_text()), None, "m=2x2", arg_shapes=[(10, 8), (8, 4)])
    text = print_op(compiled.module)
    assert "mesh.all_reduce" in text and "?" not in text.split("mesh.mesh")[1].split("\n", 1)[1]


NEG = """
mesh.mesh @m(shape = ?x2)
func.func @main(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<?x8xf32>
  %y = arith.negf %xs : tensor<?x8xf32>
  return %y : tensor<?x8xf32>
}
"""


def test_a_program_still_dynamic_at_unroll_keeps_unrolls_error():
    with pytest.raises(DiagnosticError, match="unroll needs static tensor shapes, got 'tensor<[?]x8xf32"):
        mc.compile(mc.parse(NEG), None, "m=2x2")
    # the same program on inputs: specialised, it runs (5 rows over 2: 2, 3)
    x = np.arange(40, dtype=np.float32).reshape(5, 8)
    r = mc.run(mc.parse(NEG), [x], mesh_shape="m=2x2", check=True)
    assert r.check_ok
    np.testing.assert_array_equal(r.outputs[0], -x)


def test_run_caches_the_compiled_program_by_input_shapes(monkeypatch):
    mc._COMPILED_CACHE.clear()
    calls = []
    real = mc.compile
    monkeypatch.setattr(mc, "compile", lambda *a, **k: calls.append(k.get("arg_shapes")) or real(*a, **k))
    module = mc.parse(SAMPLE.read_text())
    for n, seed in ((10, 1), (10, 2), (13, 1), (10, 3)):
        x, w = inputs(n, seed)
        r = mc.run(module, [x, w], mesh_shape="m=2x2")
        check_outputs(r.outputs, x, w)  # a cached program computes on the new inputs
    assert calls == [[(10, 8), (8, 4)], [(13, 8), (8, 4)]]


def test_inputs_that_contradict_a_static_dim_name_the_argument():
    module = mc.parse(SAMPLE.read_text())
    x = np.zeros((10, 9), np.float32)
    with pytest.raises(DiagnosticError, match=r"argument #0 \(%x\) has shape \[10, 9\]"):
        mc.run(module, [x, np.zeros((8, 4), np.float32)], mesh_shape="m=2x2")
    with pytest.raises(DiagnosticError, match=r"argument #0 \(%x\) has shape \[10, 9\], which contradicts"):
        specialize_shapes(mc.parse(SAMPLE.read_text()), {"x": (10, 9)})


def test_parse_arg_shapes():
    assert parse_arg_shapes("x=10x8; %w=8x4;2=;3=0") == {"x": (10, 8), "w": (8, 4), 2: (), 3: (0,)}
    for bad in ("x", "x=1a", "=4", "x=-1"):
        with pytest.raises(ValueError, match="NAME=SIZES"):
            parse_arg_shapes(bad)


def test_specialising_folds_dim_and_index_arithmetic_for_extract_slice_and_expand():
    text = """
func.func @f(%x: tensor<?x6xf32>) -> (tensor<?x6xf32>, tensor<?x2x3xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c0 : tensor<?x6xf32>
  %m = arith.subi %n, %c1 : index
  %s = tensor.extract_slice %x[1, 0] [%m, 6] [1, 1] : tensor<?x6xf32> to tensor<?x6xf32>
  %e = tensor.expand_shape %x [[0], [1, 2]] output_shape [%n, 2, 3] : tensor<?x6xf32> into tensor<?x2x3xf32>
  return %s, %e : tensor<?x6xf32>, tensor<?x2x3xf32>
}
"""
    module = mc.parse(text)
    func = specialize_shapes(module, [(5, 6)])
    assert [str(t) for t in func.function_type.results] == ["tensor<4x6xf32>", "tensor<5x2x3xf32>"]
    x = np.arange(30, dtype=np.float32).reshape(5, 6)
    s, e = mc.run_reference(module, [x]).outputs
    np.testing.assert_array_equal(s, x[1:])
    np.testing.assert_array_equal(e, x.reshape(5, 2, 3))


# -- the CLI -----------------------------------------------------------------------------------------------------
def meshc(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([MESHC, *args], capture_output=True, text=True, timeout=CLI_TIMEOUT,
                          env=dict(os.environ, NO_COLOR="1", OPENBLAS_NUM_THREADS="1"))


@pytest.mark.parametrize("size,mesh", [(6, "m=2x2"), (13, "m=3x2")])
def test_cli_runs_and_checks_the_sample_inputs(tmp_path, size, mesh):
    out = tmp_path / "out.npz"
    inputs_path = ROOT / "samples" / f"dynamic_rows.{size}.inputs.npz"
    r = meshc("run", str(SAMPLE), "--inputs", str(inputs_path), "--mesh-shape", mesh, "--check", "-o", str(out))
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.count(": ok") == 3
    assert f"atol max(1e-05, {max(size, 8)} x eps" in r.stdout  # the reduction over the dynamic dim
    with np.load(inputs_path) as z:
        x, w = z["x"], z["w"]
    with np.load(out) as z:
        check_outputs([z["result0"], z["result1"], z["result2"]], x, w)


def test_cli_random_inputs_need_arg_shape(tmp_path):
    r = meshc("run", str(SAMPLE), "--random-inputs", "--mesh-shape", "m=2x2")
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert "argument #0 (%x: tensor<?x8xf32>) has a dynamic shape; give its sizes with --arg-shape x=SIZES" in r.stderr
    out = tmp_path / "out.npz"
    r = meshc("run", str(SAMPLE), "--random-inputs", "--arg-shape", "x=7x8", "--mesh-shape", "m=3x2", "--check",
              "-o", str(out))
    assert r.returncode == 0, r.stdout + r.stderr
    with np.load(out) as z:
        assert z["result0"].shape == (7, 8) and z["result1"].shape == (7, 4)


def test_cli_bad_arg_shapes_are_located_errors():
    r = meshc("run", str(SAMPLE), "--random-inputs", "--arg-shape", "x=7x9", "--mesh-shape", "m=2x2")
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert "dynamic_rows.mlir:8:1: error: input for argument #0 (%x) has shape [7, 9], which contradicts" in r.stderr
    r = meshc("run", str(SAMPLE), "--random-inputs", "--arg-shape", "q=7x8", "--mesh-shape", "m=2x2")
    assert r.returncode == 1 and "has no argument '%q' (arguments: %x, %w)" in r.stderr
    r = meshc("run", str(SAMPLE), "--random-inputs", "--arg-shape", "x=7y8", "--mesh-shape", "m=2x2")
    assert r.returncode != 0 and "Traceback" not in r.stderr and "'x=7y8' is not NAME=SIZES" in r.stderr


def test_cli_inputs_contradicting_the_type_name_the_argument(tmp_path):
    bad = tmp_path / "bad.npz"
    np.savez(bad, x=np.zeros((4, 5), np.float32), w=np.zeros((8, 4), np.float32))
    r = meshc("run", str(SAMPLE), "--inputs", str(bad), "--mesh-shape", "m=2x2")
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert "argument #0 (%x) has shape [4, 5]" in r.stderr


def test_cli_estimate_with_arg_shape():
    r = meshc("estimate", str(SAMPLE), "--arg-shape", "x=12x8", "--mesh-shape", "m=3x2", "--json")
    assert r.returncode == 0, r.stdout + r.stderr
    import json

    devices = json.loads(r.stdout)["devices"]
    assert len(devices) == 6
    r = meshc("estimate", str(SAMPLE), "--mesh-shape", "m=3x2")
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert ("meshc estimate: argument #0 (%x: tensor<?x8xf32>) has a dynamic shape; give its sizes with "
            "--arg-shape x=SIZES (e.g. x=4x8)") in r.stderr


def test_cli_mpi_backend_runs_a_dynamic_program():
    pytest.importorskip("mpi4py")
    inputs_path = ROOT / "samples" / "dynamic_rows.13.inputs.npz"
    r = meshc("run", str(SAMPLE), "--inputs", str(inputs_path), "--mesh-shape", "m=2x2", "--check", "--backend",
              "mpi", "--launch", "4")
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.count(": ok") == 3


def test_cli_explain_and_show_take_arg_shape():
    r = meshc("explain", str(SAMPLE), "--mesh-shape", "m=3x2", "--arg-shape", "x=10x8")
    assert r.returncode == 0, r.stderr
    # the column sum (8 floats) all-reduced over mesh axis 0
    assert "%cs for 'func.return': <@m, [[]], partial = sum[0]> -> <@m, [[]]>: all_reduce mesh_axes = [0]" in r.stdout
    r = meshc("show", str(SAMPLE), "--mesh-shape", "m=3x2", "--arg-shape", "x=10x8")
    assert r.returncode == 0, r.stderr
    assert "%x: argument #0 in @main, tensor<10x8xf32>" in r.stdout
    assert "dim 0 (10): 3 shards over mesh axis 0, sizes 3, 3, 4" in r.stdout
