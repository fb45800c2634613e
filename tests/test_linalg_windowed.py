"""linalg convolutions and poolings (``WindowedOp``, every line of ``linalg.WINDOWED``: conv_1d/2d/3d
with and without batch and channels in NWC/NCW/NHWC/NCHW/NGCHW/NHWGC/NDHWC/NCDHW layouts, depthwise
convolutions with and without a channel multiplier, pooling_{nwc,ncw,nhwc,nchw,ndhwc}_{sum,max,min}):
custom-form round trip, verification, the
iteration space sharding propagation reads, the reference interpreter
against a loop-nest numpy reference written here, and sharded runs along
the batch (N) and output-channel (F) dims checked against the reference.

Float tolerances: each output is a sum of ``k`` products, so its rounding
error is bounded by about ``k * eps`` times the sum of the magnitudes of the
terms; the tests use ``rtol = atol = 4 * k * eps(dtype)`` on values of
magnitude about 1 (inputs in [-1, 1]), ``k`` the reduction length.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import numpy as np
import pytest

import meshc.api as mc
from meshc.dialects import linalg
from meshc.ir.core import op_class
from meshc.ir.location import DiagnosticError
from meshc.ir.verifier import verify
from meshc.parser import parse


def _t(shape, et="f32"):
    return "tensor<" + "x".join(map(str, shape)) + f"x{et}>"


def _program(op, x_shape, w_shape, out_shape, strides=None, dilations=None, et="f32"):
    attrs = []
    if dilations is not None:
        attrs.append(f"dilations = dense<{list(dilations)}> : tensor<{len(dilations)}xi64>")
    if strides is not None:
        attrs.append(f"strides = dense<{list(strides)}> : tensor<{len(strides)}xi64>")
    attr_text = (" {" + ", ".join(attrs) + "}") if attrs else ""
    tx, tw, to = _t(x_shape, et), _t(w_shape, et), _t(out_shape, et)
    return (f"func.func @main(%x: {tx}, %w: {tw}, %o: {to}) -> {to} {{\n"
            f"  %r = linalg.{op}{attr_text} ins(%x, %w : {tx}, {tw}) outs(%o : {to}) -> {to}\n"
            f"  return %r : {to}\n}}\n")


def _reference(op, x, w, init, strides, dilations):
    """The yaml's loop nest, written out (float64 accumulation)."""
    spec, combiner = linalg.WINDOWED[op]
    loops, _, w_spec, out_spec = spec
    dims = op_class(f"linalg.{op}").input_dims()
    size = dict(zip(out_spec, init.shape))
    size.update(zip(w_spec, w.shape))
    for d, n in zip(dims, x.shape):
        if len(d) == 1:
            size.setdefault(d[0], n)
    out = init.astype(np.float64).copy()
    for point in itertools.product(*(range(size[c]) for c in loops)):
        at = dict(zip(loops, point))
        xi, k = [], 0
        for d in dims:
            if len(d) == 1:
                xi.append(at[d[0]])
            else:
                xi.append(at[d[0]] * strides[k] + at[d[1]] * dilations[k])
                k += 1
        oi = tuple(at[c] for c in out_spec)
        v = float(x[tuple(xi)])
        if combiner == "conv":
            out[oi] += v * float(w[tuple(at[c] for c in w_spec)])
        elif combiner == "sum":
            out[oi] += v
        elif combiner == "max":
            out[oi] = max(out[oi], v)
        else:
            out[oi] = min(out[oi], v)
    return out


CASES = [
    # op, input, filter, output, strides, dilations
    ("conv_1d_nwc_wcf", (2, 9, 3), (3, 3, 4), (2, 4, 4), (2,), (1,)),
    ("conv_2d_nhwc_hwcf", (2, 7, 8, 3), (3, 2, 3, 5), (2, 5, 7, 5), None, None),
    ("conv_2d_nhwc_hwcf", (3, 9, 9, 2), (2, 3, 2, 4), (3, 4, 3, 4), (2, 3), (2, 1)),
    ("conv_2d_nchw_fchw", (2, 3, 8, 7), (4, 3, 3, 2), (2, 4, 3, 6), (2, 1), (1, 1)),
    ("depthwise_conv_2d_nhwc_hwc", (2, 6, 6, 3), (3, 3, 3), (2, 2, 2, 3), (1, 1), (2, 2)),
    ("pooling_nhwc_sum", (2, 6, 7, 3), (2, 3), (2, 3, 5, 3), (2, 1), (1, 1)),
    ("pooling_nhwc_max", (2, 6, 7, 3), (2, 2), (2, 5, 6, 3), None, None),
    ("pooling_nhwc_min", (1, 8, 8, 2), (3, 3), (1, 3, 3, 2), (2, 2), (1, 1)),
    # the rest of the yaml's family (conv 1-D/2-D/3-D with and without batch and channels, grouped,
    # depthwise with and without a multiplier, poolings in NWC/NCW/NCHW/NDHWC)
    ("conv_1d", (8,), (3,), (6,), None, None),
    ("conv_2d", (8, 7), (3, 2), (6, 6), None, None),
    ("conv_3d", (5, 6, 7), (2, 3, 2), (4, 4, 6), None, None),
    ("conv_1d_ncw_fcw", (2, 3, 8), (4, 3, 3), (2, 4, 6), None, None),
    ("conv_2d_nhwc_fhwc", (2, 7, 8, 3), (5, 3, 2, 3), (2, 5, 7, 5), None, None),
    ("conv_2d_ngchw_fgchw", (2, 2, 3, 7, 8), (4, 2, 3, 3, 2), (2, 2, 4, 5, 7), None, None),
    ("conv_2d_ngchw_gfchw", (2, 2, 3, 7, 8), (2, 4, 3, 3, 2), (2, 2, 4, 5, 7), None, None),
    ("conv_2d_nhwgc_gfhwc", (2, 7, 8, 2, 3), (2, 4, 3, 2, 3), (2, 5, 7, 2, 4), None, None),
    ("conv_3d_ndhwc_dhwcf", (2, 5, 6, 7, 3), (2, 3, 2, 3, 4), (2, 4, 4, 6, 4), None, None),
    ("conv_3d_ncdhw_fcdhw", (2, 3, 5, 6, 7), (4, 3, 2, 3, 2), (2, 4, 4, 4, 6), None, None),
    ("depthwise_conv_1d_nwc_wc", (2, 8, 3), (3, 3), (2, 6, 3), None, None),
    ("depthwise_conv_1d_ncw_cw", (2, 3, 8), (3, 3), (2, 3, 6), None, None),
    ("depthwise_conv_1d_nwc_wcm", (2, 8, 3), (3, 3, 2), (2, 6, 3, 2), None, None),
    ("depthwise_conv_2d_nchw_chw", (2, 3, 7, 8), (3, 3, 2), (2, 3, 5, 7), None, None),
    ("depthwise_conv_2d_nhwc_hwcm", (2, 7, 8, 3), (3, 2, 3, 2), (2, 5, 7, 3, 2), None, None),
    ("depthwise_conv_3d_ndhwc_dhwc", (2, 5, 6, 7, 3), (2, 3, 2, 3), (2, 4, 4, 6, 3), None, None),
    ("depthwise_conv_3d_ncdhw_cdhw", (2, 3, 5, 6, 7), (3, 2, 3, 2), (2, 3, 4, 4, 6), None, None),
    ("depthwise_conv_3d_ndhwc_dhwcm", (2, 5, 6, 7, 3), (2, 3, 2, 3, 2), (2, 4, 4, 6, 3, 2), None, None),
    ("pooling_nchw_sum", (2, 3, 7, 8), (3, 2), (2, 3, 5, 7), None, None),
    ("pooling_nchw_max", (2, 3, 7, 8), (3, 2), (2, 3, 5, 7), None, None),
    ("pooling_nwc_sum", (2, 8, 3), (3,), (2, 6, 3), None, None),
    ("pooling_nwc_max", (2, 8, 3), (3,), (2, 6, 3), None, None),
    ("pooling_nwc_min", (2, 8, 3), (3,), (2, 6, 3), None, None),
    ("pooling_ncw_sum", (2, 3, 8), (3,), (2, 3, 6), None, None),
    ("pooling_ncw_max", (2, 3, 8), (3,), (2, 3, 6), None, None),
    ("pooling_ndhwc_sum", (2, 5, 6, 7, 3), (2, 3, 2), (2, 4, 4, 6, 3), None, None),
    ("pooling_ndhwc_max", (2, 5, 6, 7, 3), (2, 3, 2), (2, 4, 4, 6, 3), None, None),
    ("pooling_ndhwc_min", (2, 5, 6, 7, 3), (2, 3, 2), (2, 4, 4, 6, 3), None, None),
    ("conv_2d_nhwc_fhwc", (2, 7, 8, 3), (5, 3, 2, 3), (2, 3, 6, 5), (2, 1), (1, 2)),
    ("pooling_nchw_max", (2, 3, 7, 8), (3, 2), (2, 3, 3, 4), (2, 2), (1, 1)),
    ("depthwise_conv_1d_nwc_wcm", (2, 8, 3), (3, 3, 2), (2, 4, 3, 2), (1,), (2,)),
    ("conv_3d_ncdhw_fcdhw", (1, 2, 7, 6, 5), (3, 2, 2, 2, 2), (1, 3, 3, 5, 2), (2, 1, 2), (1, 1, 1)),
]


def _inputs(x_shape, w_shape, out_shape, dtype, seed, combiner):
    rng = np.random.default_rng(seed)
    x = rng.uniform(-1, 1, x_shape).astype(dtype)
    w = rng.uniform(-1, 1, w_shape).astype(dtype)
    init = {"max": np.full(out_shape, -np.inf), "min": np.full(out_shape, np.inf)}.get(
        combiner, rng.uniform(-1, 1, out_shape)).astype(dtype)
    return x, w, init


def _tolerance(op, w_shape, dtype):
    spec, combiner = linalg.WINDOWED[op]
    _, _, w_spec, out_spec = spec
    k = int(np.prod([n for c, n in zip(w_spec, w_shape) if c not in out_spec]))  # the reduction length
    if combiner in ("max", "min"):
        return 0.0  # no arithmetic: exact
    return 4 * k * float(np.finfo(dtype).eps)


@pytest.mark.parametrize("op, xs, ws, os, strides, dilations", CASES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_custom_form_round_trips_and_verifies(op, xs, ws, os, strides, dilations):
    text = _program(op, xs, ws, os, strides, dilations)
    m = parse(text)
    verify(m)
    printed = m.print()
    assert f"linalg.{op}" in printed and f"ins(%x, %w : {_t(xs)}, {_t(ws)}) outs(%o : {_t(os)})" in printed
    if strides is not None:  # MLIR prints a splat as dense<2>
        spelled = str(strides[0]) if len(set(strides)) == 1 else "[" + ", ".join(map(str, strides)) + "]"
        assert f"strides = dense<{spelled}> : tensor<{len(strides)}xi64>" in printed
    again = parse(printed)
    verify(again)
    assert again.print() == printed
    generic = parse(m.print(generic=True))
    verify(generic)
    assert generic.print() == printed


def test_iteration_space_of_conv_2d_nhwc_hwcf():
    m = parse(_program("conv_2d_nhwc_hwcf", (3, 9, 9, 2), (2, 3, 2, 4), (3, 4, 3, 4), (2, 3), (2, 1)))
    op = m.body.ops[0].body.ops[0]
    assert op.iterator_types() == ["parallel"] * 4 + ["reduction"] * 3
    maps = [str(mp) for mp in op.indexing_maps()]
    assert maps == ["(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 * 2 + d4 * 2, d2 * 3 + d5, d6)",
                    "(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6, d3)",
                    "(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)"]
    assert op.static_loop_ranges() == [3, 4, 3, 4, 2, 3, 2]
    assert op.reduction_kind() == "sum"


@pytest.mark.parametrize("text, fragment", [
    (_program("conv_2d_nhwc_hwcf", (1, 5, 5, 2), (3, 3, 2, 4), (1, 4, 3, 4)),
     "inferred input/output operand #0 has shape's dimension #1 to be greater than or equal to 6, but found 5"),
    (_program("conv_2d_nhwc_hwcf", (1, 5, 5, 2), (3, 3, 2, 4), (1, 3, 3, 4), strides=(1, 1, 1)),
     "expected 'strides' to hold 2 positive integers (one per spatial dim)"),
    (_program("conv_1d_nwc_wcf", (1, 5, 2), (3, 2, 4), (1, 3, 4), dilations=(0,)),
     "expected 'dilations' to hold 1 positive integers"),
    (_program("conv_2d_nhwc_hwcf", (1, 5, 5, 3), (3, 3, 2, 4), (1, 3, 3, 4)),
     "inferred input/output operand #1 has shape's dimension #2 to be 3, but found 2"),
])
def test_verifier_errors(text, fragment):
    m = parse(text, "conv.mlir")
    with pytest.raises(DiagnosticError) as info:
        verify(m)
    assert fragment in info.value.message and info.value.location.line == 2


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("op, xs, ws, os, strides, dilations", CASES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_reference_interpreter_matches_the_loop_nest(op, xs, ws, os, strides, dilations, dtype):
    et = {"float32": "f32", "float64": "f64"}[dtype]
    m = parse(_program(op, xs, ws, os, strides, dilations, et))
    verify(m)
    combiner = linalg.WINDOWED[op][1]
    x, w, init = _inputs(xs, ws, os, dtype, 7, combiner)
    got = mc.run_reference(m, [x, w, init]).outputs[0]
    n = len(strides or dilations or ()) or sum(1 for d in linalg.WINDOWED[op][0][1] if d == "[")
    want = _reference(op, x, w, init, strides or (1,) * n, dilations or (1,) * n)
    assert got.dtype == np.dtype(dtype) and got.shape == os
    tol = _tolerance(op, ws, dtype)
    np.testing.assert_allclose(got, want, rtol=tol, atol=tol)
    if combiner in ("max", "min"):
        assert np.array_equal(got, want.astype(dtype))


def test_integer_convolution_is_exact():
    m = parse(_program("conv_2d_nhwc_hwcf", (2, 6, 6, 3), (3, 3, 3, 2), (2, 2, 2, 2), (2, 2), (1, 1), "i32"))
    verify(m)
    rng = np.random.default_rng(3)
    x = rng.integers(-50, 50, (2, 6, 6, 3)).astype(np.int32)
    w = rng.integers(-50, 50, (3, 3, 3, 2)).astype(np.int32)
    init = rng.integers(-50, 50, (2, 2, 2, 2)).astype(np.int32)
    got = mc.run_reference(m, [x, w, init]).outputs[0]
    assert np.array_equal(got, _reference("conv_2d_nhwc_hwcf", x, w, init, (2, 2), (1, 1)).astype(np.int32))


SHARDED = """
mesh.mesh @m(shape = 2x2)
func.func @main(%x: tensor<4x9x9x3xf32>, %w: tensor<3x3x3x6xf32>) -> tensor<4x4x4x6xf32> {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<4x9x9x3xf32>
  %ws = mesh.shard %w to <@m, [[], [], [], [1]]> : tensor<3x3x3x6xf32>
  %e = tensor.empty() : tensor<4x4x4x6xf32>
  %c = arith.constant 0.0 : f32
  %o = linalg.fill ins(%c : f32) outs(%e : tensor<4x4x4x6xf32>) -> tensor<4x4x4x6xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%xs, %ws : tensor<4x9x9x3xf32>, tensor<3x3x3x6xf32>) outs(%o : tensor<4x4x4x6xf32>) -> tensor<4x4x4x6xf32>
  return %r : tensor<4x4x4x6xf32>
}
"""


def _in_for_all(op) -> bool:
    parent = op.parent_op
    while parent is not None:
        if parent.name == "mesh.for_all":
            return True
        parent = parent.parent_op
    return False


@pytest.mark.parametrize("mesh_shape", [None, "m=3x2", "m=1x4", "m=4x3"])
def test_sharded_along_batch_and_output_channels(mesh_shape):
    m = parse(SHARDED)
    rng = np.random.default_rng(11)
    x = rng.uniform(-1, 1, (4, 9, 9, 3)).astype(np.float32)
    w = rng.uniform(-1, 1, (3, 3, 3, 6)).astype(np.float32)
    r = mc.run(m, [x, w], mesh_shape, check=True)
    assert r.check_ok, [(c.name, c.max_abs) for c in r.comparisons]
    compiled = mc.compile(parse(SHARDED), mesh_shape=mesh_shape)
    # the per-device convolutions: on the SPMD path those of the class bodies (functions of the stage-5
    # module), not the one of the mesh.for_all body, whose batch dim is dynamic when 4 does not split evenly
    local = [op for op in compiled.module.walk() if op.name == "linalg.conv_2d_nhwc_hwcf"
             and not _in_for_all(op)]
    assert local, "the convolution was not kept per device"
    shape = tuple(int(d) for d in mesh_shape.split("=")[1].split("x")) if mesh_shape else (2, 2)
    batch = -(-4 // shape[0])  # the largest shard of N over mesh axis 0
    channels = -(-6 // shape[1])  # of F over mesh axis 1
    assert max(op.inputs[0].type.shape[0] for op in local) == batch
    assert max(op.inputs[1].type.shape[3] for op in local) == channels
    assert all(op.inputs[0].type.shape[1:] == (9, 9, 3) for op in local)  # spatial dims and C stay whole
    want = _reference("conv_2d_nhwc_hwcf", x, w, np.zeros((4, 4, 4, 6), np.float32), (2, 2), (1, 1))
    tol = _tolerance("conv_2d_nhwc_hwcf", (3, 3, 3, 6), "float32")
    np.testing.assert_allclose(r.outputs[0], want, rtol=tol, atol=tol)


UPSTREAM_MAPS = json.loads((Path(__file__).parent / "data" / "linalg_windowed_maps.json").read_text())
"""What ``iree-opt --linalg-generalize-named-ops`` prints for each op (its indexing maps, loop order and
iterator types), recorded as test data."""


@pytest.mark.parametrize("op", sorted(UPSTREAM_MAPS["ops"]))
def test_iteration_space_is_the_generalized_form_upstream_prints(op):
    case = next(c for c in CASES if c[0] == op)
    m = parse(_program(*case))
    verify(m)
    named = m.body.ops[0].body.ops[0]
    want = UPSTREAM_MAPS["ops"][op]
    assert [str(mp) for mp in named.indexing_maps()] == want["indexing_maps"]
    assert named.iterator_types() == want["iterator_types"]


@pytest.mark.parametrize("op, split", [("pooling_nchw_max", "[[0], [1]]"), ("conv_2d_ngchw_fgchw", "[[0], [1]]"),
                                       ("depthwise_conv_2d_nhwc_hwcm", "[[0], [], [], [1]]"),
                                       ("conv_3d_ndhwc_dhwcf", "[[0]]"), ("pooling_ncw_sum", "[[], [0, 1]]")])
def test_the_family_runs_sharded_on_its_parallel_dims(op, split):
    # each op with its input split on parallel dims (batch, channels, groups) on a 2x2 mesh: the
    # per-device ops read their shard, and the values equal the loop nest's
    case = next(c for c in CASES if c[0] == op)
    _, xs, ws, os, strides, dilations = case
    text = _program(op, xs, ws, os, strides, dilations).replace(
        "func.func", "mesh.mesh @m(shape = 2x2)\nfunc.func", 1).replace(
        f"  %r = linalg.{op}", f"  %xs = mesh.shard %x to <@m, {split}> : {_t(xs)}\n  %r = linalg.{op}", 1).replace(
        "ins(%x, %w", "ins(%xs, %w", 1)
    combiner = linalg.WINDOWED[op][1]
    x, w, init = _inputs(xs, ws, os, "float32", 13, combiner)
    r = mc.run(parse(text), [x, w, init], check=True)
    assert r.check_ok, [(c.name, c.max_abs) for c in r.comparisons]
    n = len(strides or dilations or ()) or sum(1 for d in linalg.WINDOWED[op][0][1] if d == "[")
    want = _reference(op, x, w, init, strides or (1,) * n, dilations or (1,) * n)
    tol = _tolerance(op, ws, "float32")
    np.testing.assert_allclose(r.outputs[0], want, rtol=tol, atol=tol)
    assert sum(d.collective_bytes for d in r.stats.devices) == 0  # parallel dims: nothing moves
