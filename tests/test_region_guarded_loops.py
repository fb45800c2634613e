"""A Megatron MLP layer in a loop of dynamic trip count guarded by an ``scf.if``, its destinations hoisted
(meshc/interfaces/region_models.py: a nested region op's ``INTERNAL`` loop is one of the enclosing op's
too; a zero destination the body shares with other readers is read partial through a point).

IREE's global optimization turns ``lax.fori_loop(0, n, ...)`` into ``scf.if (0 < n) { scf.while }`` with
the body in the while's "before" block, and hoists the products' ``tensor.empty`` out of the loop
(samples/real/README.md, ``mlp_fori.global_opt.mlir``). Written here by hand in the shapes that form
takes: the destinations above both region ops, in the ``scf.if`` only, their zero fills hoisted too, one
``tensor.empty`` in the body shared between a fill and an elementwise op, an ``scf.for`` of dynamic bound
instead of the ``scf.while``; on a 2-D mesh (batch x model) and a 1-D one (model). Each keeps ``w1``
column-split and ``w2`` row-split: one ``all_reduce`` per trip in the body and no ``all_gather``, values
against numpy and the reference interpreter, and the bytes ``run --stats`` counts against a figure worked
out by hand."""

from __future__ import annotations

import re

import numpy as np
import pytest

import meshc.api as mc
from meshc.passes.manager import PassManager
from tests.tolerance import assert_close

B, D, H = 8, 16, 32

LOOP = """module {
  mesh.mesh @m(shape = MESH)
  func.func @main(%x: tensor<8x16xf32>, %w1: tensor<16x32xf32>, %w2: tensor<32x16xf32>, %n: i32) -> tensor<8x16xf32> {
    %xs = mesh.shard %x to <@m, XS> : tensor<8x16xf32>
    %w1s = mesh.shard %w1 to <@m, [[], [AX]]> : tensor<16x32xf32>
    %w2s = mesh.shard %w2 to <@m, [[AX]]> : tensor<32x16xf32>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant 0.0 : f32
TOP    %go = arith.cmpi slt, %c0, %n : i32
    %r = scf.if %go -> (tensor<8x16xf32>) {
GUARDLOOP
      scf.yield %y : tensor<8x16xf32>
    } else {
      scf.yield %xs : tensor<8x16xf32>
    }
    return %r : tensor<8x16xf32>
  }
}"""

EMPTIES = ("%e32 = tensor.empty() : tensor<8x32xf32>\n", "%e16 = tensor.empty() : tensor<8x16xf32>\n")
FILLS = ("%f1 = linalg.fill ins(%zero : f32) outs(%e32 : tensor<8x32xf32>) -> tensor<8x32xf32>\n",
         "%f2 = linalg.fill ins(%zero : f32) outs(%e16 : tensor<8x16xf32>) -> tensor<8x16xf32>\n")

# the layer: h = relu(a @ w1) (its elementwise op writing into %e32, as IREE's do), a + h @ w2
LAYER = """FILL1%h = linalg.matmul ins(%a, %w1s : tensor<8x16xf32>, tensor<16x32xf32>) outs(%f1 : tensor<8x32xf32>) -> tensor<8x32xf32>
%relu = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%h : tensor<8x32xf32>) outs(%e32 : tensor<8x32xf32>) {
^bb0(%in: f32, %out: f32):
  %m = arith.maximumf %in, %zero : f32
  linalg.yield %m : f32
} -> tensor<8x32xf32>
FILL2%o = linalg.matmul ins(%relu, %w2s : tensor<8x32xf32>, tensor<32x16xf32>) outs(%f2 : tensor<8x16xf32>) -> tensor<8x16xf32>
%res = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%o, %a : tensor<8x16xf32>, tensor<8x16xf32>) outs(%e16 : tensor<8x16xf32>) {
^bb0(%p: f32, %q: f32, %out: f32):
  %s = arith.addf %p, %q : f32
  linalg.yield %s : f32
} -> tensor<8x16xf32>
"""

# IREE's rotated while: the layer and the count in the "before" block, which runs n times (n > 0)
WHILE = """%w:2 = scf.while (%i = %c0, %a = %xs) : (i32, tensor<8x16xf32>) -> (i32, tensor<8x16xf32>) {
BODY  %i1 = arith.addi %i, %c1 : i32
  %more = arith.cmpi slt, %i1, %n : i32
  scf.condition(%more) %i1, %res : i32, tensor<8x16xf32>
} do {
^bb0(%i2: i32, %b: tensor<8x16xf32>):
  scf.yield %i2, %b : i32, tensor<8x16xf32>
}
%y = arith.addf %w#1, %xs : tensor<8x16xf32>
"""

FOR = """%ni = arith.index_cast %n : i32 to index
%z = arith.constant 0 : index
%one = arith.constant 1 : index
%y0 = scf.for %it = %z to %ni step %one iter_args(%a = %xs) -> (tensor<8x16xf32>) {
BODY  scf.yield %res : tensor<8x16xf32>
}
%y = arith.addf %y0, %xs : tensor<8x16xf32>
"""

#: where the destinations are made: (above both region ops, in the scf.if, in the loop body)
PLACES = {
    "empty-above-both": (EMPTIES, (), FILLS),
    "empty-and-fill-above-both": (EMPTIES + FILLS, (), ()),
    "empty-in-the-if": ((), EMPTIES, FILLS),
    "empty-shared-in-the-body": ((), (), EMPTIES + FILLS),
}

#: (mesh, x's sharding, the model axis, its size, the batch rows per device)
MESHES = [("2x4", "[[0]]", 1, 4, 4), ("4", "[[]]", 0, 4, 8)]


def _indent(lines, n: int) -> str:
    return "".join(" " * n + line for line in "".join(lines).splitlines(keepends=True))


def _program(mesh: str, xs: str, axis: int, place: str, loop: str) -> str:
    top, guard, body = PLACES[place]
    layer = LAYER.replace("FILL1", FILLS[0] if FILLS[0] in body else "").replace(
        "FILL2", FILLS[1] if FILLS[1] in body else "")
    layer = "".join(line for line in EMPTIES if line in body) + layer
    inner = (WHILE if loop == "while" else FOR).replace("BODY", _indent([layer], 2))
    return (LOOP.replace("MESH", mesh).replace("XS", xs).replace("AX", str(axis)).replace("TOP", _indent(top, 4))
            .replace("GUARDLOOP\n", _indent(guard, 6) + _indent([inner], 6)))


def _inputs(seed: int, n: int):
    rng = np.random.default_rng(seed)
    q = lambda *s: (rng.integers(-64, 64, size=s) / 256).astype(np.float32)  # noqa: E731
    return [q(B, D), q(D, H), q(H, D), np.int32(n)]


def _reference(x, w1, w2, n: int) -> np.ndarray:
    """The program in float64: n layers, then the guard's add of x (n > 0); x itself when n = 0."""
    a = x.astype(np.float64)
    for _ in range(n):
        a = a + np.maximum(a @ w1, 0) @ w2
    return a + x if n > 0 else a


def _magnitude(x, w1, w2, n: int) -> float:
    """A bound of the sum of absolute terms of any result element: the program on absolute values
    (relu dropped), every rounding error of every trip carried to the end at most that large."""
    a = np.abs(x.astype(np.float64))
    for _ in range(n):
        a = a + a @ np.abs(w1) @ np.abs(w2)
    return float(np.max(a + np.abs(x)))


@pytest.mark.parametrize("loop", ["while", "for"])
@pytest.mark.parametrize("place", list(PLACES))
@pytest.mark.parametrize("mesh, xs, axis, model, rows", MESHES, ids=[m[0] for m in MESHES])
def test_a_guarded_loop_keeps_the_megatron_splits(mesh, xs, axis, model, rows, place, loop):
    text = _program(mesh, xs, axis, place, loop)
    module = mc.parse(text)
    PassManager.from_text("sharding-propagation,distribute-types,reshard").run(module)
    from meshc.ir.printer import print_op

    out = print_op(module)
    assert re.findall(r"= mesh\.(all_\w+|reduce_scatter)", out) == ["all_reduce"], out
    ar = next(op for op in module.walk() if op.name == "mesh.all_reduce")
    assert ar.parent_op.name == ("scf.while" if loop == "while" else "scf.for")  # in the body, every trip
    assert f"tensor<16x32xf32, #mesh.shard<@m, [[], [{axis}]]>>" in out  # the weights are never gathered
    for n in (3, 1, 0):
        x, w1, w2, nt = _inputs(n, n)
        result = mc.run(mc.parse(text), [x, w1, w2, nt], check=True)
        assert result.check_ok
        # chained reductions: D + H terms and a residual add per trip, and the guard's add
        assert_close(result.outputs[0], _reference(x, w1, w2, n), n * (D + H + 1) + 1, _magnitude(x, w1, w2, n))
        # per trip, a ring all_reduce of each device's rows x 16 f32 over the model axis: 2 (t - 1) / t of it
        per_trip = 2 * (model - 1) * rows * D * 4 // model
        assert {d.collective_bytes for d in result.stats.devices} == {n * per_trip}
