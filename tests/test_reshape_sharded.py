"""tensor.expand_shape / collapse_shape on split tensors (issue 9 gap: data-parallel layer norm).

The rule (meshc/interfaces/sharding_models.py): a split passes to the carrying (major non-unit) dim
of a reassociation group when the shard boundaries stay whole rows of the group's other dims --
always when those dims are 1, else when the device count divides the carrying dim; otherwise a
resharding point. Checked here: the iteration spaces and loop shardings (hand-computed), the
collectives the pipeline inserts (none when a split passes through, an all_gather when it cannot),
per-device shards of the partitioned dynamic-mesh form run on the interpreter, and whole programs
run on the simulated devices against numpy and the reference interpreter (static, uneven, 2-D,
dynamic meshes; both partition forms; every reshard strategy).
"""

from __future__ import annotations

import re

import numpy as np
import pytest

import meshc.api as mc
from meshc.dialects.mesh import ShardingAttr
from meshc.interfaces.sharding import DimLink, iteration_space, loop_sharding, operand_shardings_for
from meshc.ir import print_op
from meshc.passes.manager import PassManager
from meshc.runtime.interpreter import Device
from meshc.sharding import Mesh


def S(mesh: str, split) -> ShardingAttr:
    return ShardingAttr(mesh, tuple(tuple(a) for a in split))


def op_named(m, name: str):
    return next(op for op in m.walk() if op.name == name)


RESHAPES = """
mesh.mesh @m(shape = 4)
func.func @f(%x: tensor<32x6xf32>, %y: tensor<1x12x7xf32>, %z: tensor<64xf32>) -> (tensor<8x4x6xf32>, tensor<84xf32>, tensor<64x1xf32>) {
  %e = tensor.expand_shape %x [[0, 1], [2]] output_shape [8, 4, 6] : tensor<32x6xf32> into tensor<8x4x6xf32>
  %c = tensor.collapse_shape %y [[0, 1, 2]] : tensor<1x12x7xf32> into tensor<84xf32>
  %u = tensor.expand_shape %z [[0, 1]] output_shape [64, 1] : tensor<64xf32> into tensor<64x1xf32>
  return %e, %c, %u : tensor<8x4x6xf32>, tensor<84xf32>, tensor<64x1xf32>
}
"""


def test_iteration_spaces_link_the_carrying_dim_only():
    m = mc.parse(RESHAPES)
    e, c, u = [op for op in m.walk() if op.name.startswith("tensor.") and "shape" in op.name]
    # expand 32 -> 8x4: source dim 0 is loop 0 (the 8) when the device count divides 8; the minor 4 has
    # no link, so loop 1 indexes no result dim and is never split
    space = iteration_space(e)
    assert space.operands[0] == (DimLink(0, 8), DimLink(2))
    assert space.results[0] == (DimLink(0), None, DimLink(2))
    # collapse 1x12x7 -> 84: the carrying dim is 12 (after a unit dim), linked with multiple 12 on both sides
    space = iteration_space(c)
    assert space.operands[0] == (None, DimLink(0, 12), None)
    assert space.results[0] == (DimLink(0, 12),)
    # expand 64 -> 64x1: the other dim is 1, so the link is exact for any device count
    space = iteration_space(u)
    assert space.operands[0] == (DimLink(0),)
    assert space.results[0] == (DimLink(0), None)


@pytest.mark.parametrize("shape, axes", [
    ((4,), (0,)),   # 4 | 8: rows [2j, 2j+2) of 8x4 = elements [8j, 8j+8) of 32
    ((2,), (0,)),
    ((8,), (0,)),
    ((3,), ()),     # 32 over 3 = 10, 11, 11 elements; 8 rows over 3 = 2, 3, 3 rows = 8, 12, 12 elements
    ((2, 2), (0, 1)),  # 2*2 = 4 | 8
    ((2, 3), (0,)),  # 6 does not divide 8; the major axis's 2 do: it stays, axis 1 is gathered
    ((None,), ()),  # dynamic: the device count is unknown
])
def test_expand_split_passes_only_when_rows_stay_whole(shape, axes):
    m = mc.parse(RESHAPES)
    e = op_named(m, "tensor.expand_shape")
    split = [[0, 1]] if len(shape) == 2 else [[0]]
    ls = loop_sharding(e, [S("m", split), None], [None], mesh=Mesh("m", shape))
    assert ls.loop_axes == (axes, (), ())


def test_backward_misaligned_expand_reads_a_replicated_source():
    # the result wanted rows-split over 3: loop 0 is split, the source cannot follow, so it is replicated
    m = mc.parse(RESHAPES)
    e = op_named(m, "tensor.expand_shape")
    mesh = Mesh("m", (3,))
    ls = loop_sharding(e, [None, None], [S("m", [[0]])], mesh=mesh)
    assert ls.loop_axes == ((0,), (), ())
    assert operand_shardings_for(e, ls, mesh)[0] == S("m", [])


def test_explicit_offsets_do_not_cross_a_scaled_link():
    m = mc.parse(RESHAPES)
    c = op_named(m, "tensor.collapse_shape")
    rows = ShardingAttr("m", ((), (0,)), sharded_dims_offsets=(0, 3, 6, 9, 12))
    assert loop_sharding(c, [rows], [None]).loop_axes == ((),)  # boundaries count rows of 7, not elements
    assert loop_sharding(c, [S("m", [[], [0]])], [None]).loop_axes == ((0,),)  # balanced: 4 | 12


# ------------------------------------------------------------------ the pipeline's choices
ROWS = """
mesh.mesh @m(shape = {shape})
func.func @main(%x: tensor<32x6xf32>) -> tensor<32x6xf32> {{
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<32x6xf32>
  %e = tensor.expand_shape %xs [[0, 1], [2]] output_shape [8, 4, 6] : tensor<32x6xf32> into tensor<8x4x6xf32>
  %i = tensor.empty() : tensor<8x4x6xf32>
  %x2 = linalg.exp ins(%e : tensor<8x4x6xf32>) outs(%i : tensor<8x4x6xf32>) -> tensor<8x4x6xf32>
  %c = tensor.collapse_shape %x2 [[0, 1], [2]] : tensor<8x4x6xf32> into tensor<32x6xf32>
  return %c : tensor<32x6xf32>
}}
"""


def collectives(text: str, pipeline: str = "sharding-propagation,distribute-types,reshard") -> list[str]:
    m = mc.parse(text)
    PassManager.from_text(pipeline).run(m)
    return re.findall(r"mesh\.(all_gather|all_slice|all_to_all|all_reduce|reduce_scatter)", print_op(m))


def test_rows_that_stay_whole_move_no_data_and_misaligned_ones_are_gathered_once():
    assert collectives(ROWS.format(shape=4)) == []
    assert collectives(ROWS.format(shape=3)) == ["all_gather"]  # before the expand; all else replicated
    assert collectives(ROWS.format(shape="2x2").replace("[[0]]", "[[0, 1]]")) == []


# ------------------------------------------------------------------ per-device shards, dynamic mesh
DYNAMIC = """
mesh.mesh @d(shape = ?)
func.func @f(%x: tensor<64xf32, #mesh.shard<@d, [[0]]>>) -> tensor<64x1xf32, #mesh.shard<@d, [[0]]>> {
  %e = tensor.expand_shape %x [[0, 1]] output_shape [64, 1] : tensor<64xf32, #mesh.shard<@d, [[0]]>> into tensor<64x1xf32, #mesh.shard<@d, [[0]]>>
  return %e : tensor<64x1xf32, #mesh.shard<@d, [[0]]>>
}
"""


@pytest.mark.parametrize("n, rows", [(3, [21, 21, 22]), (5, [12, 13, 13, 13, 13]), (4, [16] * 4)])
def test_dynamic_mesh_form_gives_each_device_its_rows(n, rows):
    # 64 over n: 64 // n each, the last 64 % n one more (3: 21, 21, 22; 5: 12, 12+1 x4 -> 12, 13, 13, 13, 13)
    m = mc.parse(DYNAMIC)
    PassManager.from_text("partition").run(m)
    assert "output_shape [%" in print_op(m)  # the local size is an operand, not a constant
    x = np.arange(64, dtype=np.float32)
    shards = [mc.run_reference(m, [x], device=Device(coords={"d": (i,)}, mesh_shapes={"d": (n,)})).outputs[0]
              for i in range(n)]
    assert [s.shape for s in shards] == [(r, 1) for r in rows]
    np.testing.assert_array_equal(np.concatenate(shards), x.reshape(64, 1))


# ------------------------------------------------------------------ whole programs on the simulated devices
PROGRAMS = {
    # expand then collapse back, rows split: x -> exp(x)
    "rows": (ROWS.format(shape=4), lambda x: [np.exp(x)], [(32, 6)]),
    # split on the minor dim of a collapse (gathered first) and a split wanted on the minor dim of an expand
    "minor": ("""
mesh.mesh @m(shape = 4)
func.func @main(%x: tensor<4x8xf32>, %y: tensor<32xf32>) -> (tensor<32xf32>, tensor<8x4xf32>) {
  %xs = mesh.shard %x to <@m, [[], [0]]> : tensor<4x8xf32>
  %c = tensor.collapse_shape %xs [[0, 1]] : tensor<4x8xf32> into tensor<32xf32>
  %i = tensor.empty() : tensor<32xf32>
  %n = linalg.negf ins(%c : tensor<32xf32>) outs(%i : tensor<32xf32>) -> tensor<32xf32>
  %e = tensor.expand_shape %y [[0, 1]] output_shape [8, 4] : tensor<32xf32> into tensor<8x4xf32>
  %es = mesh.shard %e to <@m, [[], [0]]> : tensor<8x4xf32>
  %j = tensor.empty() : tensor<8x4xf32>
  %a = linalg.abs ins(%es : tensor<8x4xf32>) outs(%j : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %n, %a : tensor<32xf32>, tensor<8x4xf32>
}
""", lambda x, y: [-x.reshape(32), np.abs(y.reshape(8, 4))], [(4, 8), (32,)]),
    # results wanted split, arguments unannotated (backward propagation through both reshapes)
    "backward": ("""
mesh.mesh @m(shape = 4)
func.func @main(%x: tensor<8x4xf32>, %y: tensor<32xf32>) -> (tensor<32xf32>, tensor<8x4xf32>) {
  %i = tensor.empty() : tensor<8x4xf32>
  %x1 = linalg.exp ins(%x : tensor<8x4xf32>) outs(%i : tensor<8x4xf32>) -> tensor<8x4xf32>
  %c = tensor.collapse_shape %x1 [[0, 1]] : tensor<8x4xf32> into tensor<32xf32>
  %cs = mesh.shard %c to <@m, [[0]]> : tensor<32xf32>
  %j = tensor.empty() : tensor<32xf32>
  %y1 = linalg.exp ins(%y : tensor<32xf32>) outs(%j : tensor<32xf32>) -> tensor<32xf32>
  %e = tensor.expand_shape %y1 [[0, 1]] output_shape [8, 4] : tensor<32xf32> into tensor<8x4xf32>
  %es = mesh.shard %e to <@m, [[0]]> : tensor<8x4xf32>
  return %cs, %es : tensor<32xf32>, tensor<8x4xf32>
}
""", lambda x, y: [np.exp(x).reshape(32), np.exp(y).reshape(8, 4)], [(8, 4), (32,)]),
    # unit dims: 64 -> 64x1 (uneven over 3) and 1x10x1 -> 10 (carrying dim after a unit dim)
    "unit": ("""
mesh.mesh @m(shape = 3)
func.func @main(%x: tensor<64xf32>, %z: tensor<1x10x1xf32>) -> (tensor<64x1xf32>, tensor<10xf32>) {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<64xf32>
  %e = tensor.expand_shape %xs [[0, 1]] output_shape [64, 1] : tensor<64xf32> into tensor<64x1xf32>
  %i = tensor.empty() : tensor<64x1xf32>
  %r = linalg.exp ins(%e : tensor<64x1xf32>) outs(%i : tensor<64x1xf32>) -> tensor<64x1xf32>
  %zs = mesh.shard %z to <@m, [[], [0]]> : tensor<1x10x1xf32>
  %c = tensor.collapse_shape %zs [[0, 1, 2]] : tensor<1x10x1xf32> into tensor<10xf32>
  return %r, %c : tensor<64x1xf32>, tensor<10xf32>
}
""", lambda x, z: [np.exp(x).reshape(64, 1), z.reshape(10)], [(64,), (1, 10, 1)]),
    # a partial sum (split reduction) reduced before the expand
    "partial": ("""
mesh.mesh @m(shape = 4)
func.func @main(%x: tensor<8x12xf32>) -> tensor<2x4xf32> {
  %xs = mesh.shard %x to <@m, [[], [0]]> : tensor<8x12xf32>
  %z = arith.constant 0.0 : f32
  %i = tensor.empty() : tensor<8xf32>
  %f = linalg.fill ins(%z : f32) outs(%i : tensor<8xf32>) -> tensor<8xf32>
  %r = linalg.reduce { arith.addf } ins(%xs : tensor<8x12xf32>) outs(%f : tensor<8xf32>) dimensions = [1]
  %e = tensor.expand_shape %r [[0, 1]] output_shape [2, 4] : tensor<8xf32> into tensor<2x4xf32>
  return %e : tensor<2x4xf32>
}
""", lambda x: [x.sum(axis=1).reshape(2, 4)], [(8, 12)]),
    # 2-D mesh: rows over both axes into an expand, one split per group of a collapse
    "mesh2d": ("""
mesh.mesh @m(shape = 2x2)
func.func @main(%x: tensor<4x2x6x2xf32>, %y: tensor<8x12xf32>) -> (tensor<8x12xf32>, tensor<4x2x3x4xf32>) {
  %xs = mesh.shard %x to <@m, [[0], [], [1]]> : tensor<4x2x6x2xf32>
  %c = tensor.collapse_shape %xs [[0, 1], [2, 3]] : tensor<4x2x6x2xf32> into tensor<8x12xf32>
  %ys = mesh.shard %y to <@m, [[0, 1]]> : tensor<8x12xf32>
  %e = tensor.expand_shape %ys [[0, 1], [2, 3]] output_shape [4, 2, 3, 4] : tensor<8x12xf32> into tensor<4x2x3x4xf32>
  return %c, %e : tensor<8x12xf32>, tensor<4x2x3x4xf32>
}
""", lambda x, y: [x.reshape(8, 12), y.reshape(4, 2, 3, 4)], [(4, 2, 6, 2), (8, 12)]),
    # a dynamic mesh: 64 -> 64x1 carries the split, 8x6 -> 48 is gathered (the count may not divide 8)
    "dynamic": ("""
mesh.mesh @m(shape = ?)
func.func @main(%x: tensor<64xf32>, %a: tensor<8x6xf32>) -> (tensor<64x1xf32>, tensor<48xf32>) {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<64xf32>
  %e = tensor.expand_shape %xs [[0, 1]] output_shape [64, 1] : tensor<64xf32> into tensor<64x1xf32>
  %i = tensor.empty() : tensor<64x1xf32>
  %r = linalg.exp ins(%e : tensor<64x1xf32>) outs(%i : tensor<64x1xf32>) -> tensor<64x1xf32>
  %as = mesh.shard %a to <@m, [[0]]> : tensor<8x6xf32>
  %c = tensor.collapse_shape %as [[0, 1]] : tensor<8x6xf32> into tensor<48xf32>
  return %r, %c : tensor<64x1xf32>, tensor<48xf32>
}
""", lambda x, a: [np.exp(x).reshape(64, 1), a.reshape(48)], [(64,), (8, 6)]),
}

ONE_D = [None, "m=1", "m=2", "m=3", "m=4", "m=5", "m=8"]
SHAPES = ([(name, s) for name in ("rows", "minor", "backward", "unit", "partial") for s in ONE_D]
          + [("mesh2d", s) for s in (None, "m=2x3", "m=3x2", "m=4x2", "m=1x3")]
          + [("dynamic", f"m={n}") for n in (1, 2, 3, 4, 5, 7)])


@pytest.mark.parametrize("name, shape", SHAPES, ids=[f"{n}-{s or 'declared'}" for n, s in SHAPES])
def test_programs_match_numpy_and_the_reference(name, shape):
    text, want, shapes = PROGRAMS[name]
    rng = np.random.default_rng(7)
    inputs = [rng.standard_normal(s).astype(np.float32) for s in shapes]
    r = mc.run(mc.parse(text), inputs, shape, check=True)
    assert r.check_ok, [(c.name, c.max_abs) for c in r.comparisons]
    for got, exp in zip(r.outputs, want(*inputs)):
        np.testing.assert_allclose(got, exp, rtol=1e-6, atol=1e-6)


FORMS = ["sharding-propagation,distribute-types,reshard{strategy=%s},partition{form=%s},unroll,canonicalize,cse"
         % (s, f) for s in ("collectives", "peer", "auto") for f in ("for_all", "for_one")]


@pytest.mark.parametrize("pipeline", FORMS, ids=[p.split(",")[2][8:] + "-" + p.split(",")[3][10:-1] for p in FORMS])
@pytest.mark.parametrize("name, shape", [("rows", "m=3"), ("unit", "m=3"), ("backward", "m=3"), ("mesh2d", "m=2x3"),
                                         ("dynamic", "m=3")])
def test_every_strategy_and_form(name, shape, pipeline):
    text, want, shapes = PROGRAMS[name]
    rng = np.random.default_rng(11)
    inputs = [rng.standard_normal(s).astype(np.float32) for s in shapes]
    r = mc.run(mc.parse(text), inputs, shape, check=True, pipeline=pipeline)
    assert r.check_ok
    for got, exp in zip(r.outputs, want(*inputs)):
        np.testing.assert_allclose(got, exp, rtol=1e-6, atol=1e-6)
