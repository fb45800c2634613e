"""Split tensors through ops that keep static shapes in attributes (and the other ops partition used to reject).

Before, ``partition`` stopped with "'tensor.extract_slice' op cannot be partitioned: ... keeps static
shapes in its attributes" whenever sharding propagation let a split through a slice, insert, pad,
concat or splat, and miscompiled linalg inputs indexed by expressions of split loops (``d0 + d1``).
The rules (meshc/interfaces/sharding_models.py): a slice / insert carries a split on the dims it takes
whole, a pad on its unpadded dims, a concat on the dims other than the concatenated one, a linalg loop
in an expression partition cannot shift (``9 - d0``) is never split; everything else becomes a
resharding point. Checked here: the iteration spaces (hand-derived), the collectives the pipeline
inserts (none where a split passes), per-device shards of the dynamic-mesh form on the interpreter,
and whole programs on the simulated devices against numpy and the reference interpreter (static,
uneven, 2-D and dynamic meshes; both partition forms; every reshard strategy).
"""

from __future__ import annotations

import re

import numpy as np
import pytest

import meshc.api as mc
from meshc.dialects.mesh import ShardingAttr
from meshc.ir.location import DiagnosticError
from meshc.interfaces.sharding import DimLink, effective_links, iteration_space, loop_sharding
from meshc.interfaces.sharding_models import linear_form, unsplittable_loops
from meshc.ir import print_op
from meshc.ir.affine import BinaryExpr, ConstantExpr, DimExpr
from meshc.passes.manager import PassManager
from meshc.runtime.interpreter import Device
from meshc.sharding import Mesh


def S(split, partial=()) -> ShardingAttr:
    return ShardingAttr("m", tuple(tuple(a) for a in split), tuple(partial))


def op_named(m, name: str):
    return next(op for op in m.walk() if op.name == name)


# ------------------------------------------------------------------ the rules
OPS = """
mesh.mesh @m(shape = 4)
func.func @f(%x: tensor<16x8xf32>, %d: tensor<10x8xf32>, %s: tensor<10x3xf32>, %y: tensor<10x3xf32>) -> (tensor<16x4xf32>, tensor<10x8xf32>, tensor<10x9xf32>, tensor<10x6xf32>) {
  %e = tensor.extract_slice %x[0, 2] [16, 4] [1, 1] : tensor<16x8xf32> to tensor<16x4xf32>
  %i = tensor.insert_slice %s into %d[0, 2] [10, 3] [1, 1] : tensor<10x3xf32> into tensor<10x8xf32>
  %c = arith.constant 0.0 : f32
  %p = tensor.pad %d low[0, 1] high[0, 0] {
  ^bb0(%a: index, %b: index):
    tensor.yield %c : f32
  } : tensor<10x8xf32> to tensor<10x9xf32>
  %k = tensor.concat dim(1) %s, %y : (tensor<10x3xf32>, tensor<10x3xf32>) -> tensor<10x6xf32>
  return %e, %i, %p, %k : tensor<16x4xf32>, tensor<10x8xf32>, tensor<10x9xf32>, tensor<10x6xf32>
}
"""


def test_slice_like_ops_link_only_the_dims_they_leave_whole():
    m = mc.parse(OPS)
    e, i, p, k = (op_named(m, n) for n in ("tensor.extract_slice", "tensor.insert_slice", "tensor.pad",
                                           "tensor.concat"))
    # extract [0, 2] [16, 4]: dim 0 taken whole (linked), dim 1 in part; the result linked on both dims
    space = iteration_space(e)
    assert space.operands[0] == (DimLink(0), None)
    assert space.results[0] == (DimLink(0), DimLink(1))
    # insert into columns [2, 5) of 8: only the rows are linked, in source, destination and result
    space = iteration_space(i)
    assert space.operands[:2] == ((DimLink(0), None), (DimLink(0), None))
    assert space.results[0] == (DimLink(0), None)
    # pad of columns only: the rows are linked; the padded columns (1 before, 0 after, 8 wide) are the
    # loop's less the pads, the result's are the loop's
    space = iteration_space(p)
    assert space.operands[0] == (DimLink(0), DimLink(1, padded=(1, 0, 8)))
    assert space.results[0] == (DimLink(0), DimLink(1))
    # concat along columns: rows linked in both inputs and the result
    space = iteration_space(k)
    assert space.operands == ((DimLink(0), None), (DimLink(0), None))
    assert space.results[0] == (DimLink(0), None)


def test_a_split_wanted_on_a_dim_written_in_part_is_not_taken():
    m = mc.parse(OPS)
    i, p, k = (op_named(m, n) for n in ("tensor.insert_slice", "tensor.pad", "tensor.concat"))
    mesh = Mesh("m", (4,))
    for op in (i, p, k):
        ls = loop_sharding(op, [None] * len(op.operands), [S([[], [0]])], mesh=mesh)
        assert ls.loop_axes == ((), ()), op.name  # columns stay whole: a resharding point instead
        ls = loop_sharding(op, [None] * len(op.operands), [S([[0]])], mesh=mesh)
        assert ls.loop_axes == ((0,), ()), op.name


def test_linear_forms_of_affine_expressions():
    d0, d1 = DimExpr(0), DimExpr(1)
    assert linear_form(BinaryExpr("+", BinaryExpr("*", d0, ConstantExpr(2)), d1)) == ({0: 2, 1: 1}, 0)
    # 9 - d0 is 9 + d0 * -1
    assert linear_form(BinaryExpr("+", ConstantExpr(9), BinaryExpr("*", d0, ConstantExpr(-1)))) == ({0: -1}, 9)
    assert linear_form(BinaryExpr("mod", d0, ConstantExpr(4))) is None
    assert linear_form(BinaryExpr("*", d0, d1)) is None


GENERICS = """
mesh.mesh @m(shape = 4)
func.func @f(%x: tensor<12xf32>, %w: tensor<3xf32>, %o: tensor<10xf32>, %q: tensor<10x10xf32>) -> (tensor<10xf32>, tensor<10xf32>, tensor<10xf32>) {
  %conv = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0 + d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x, %w : tensor<12xf32>, tensor<3xf32>) outs(%o : tensor<10xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %c, %m : f32
    linalg.yield %s : f32
  } -> tensor<10xf32>
  %rev = linalg.generic {indexing_maps = [affine_map<(d0) -> (11 - d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : tensor<12xf32>) outs(%o : tensor<10xf32>) {
  ^bb0(%a: f32, %c: f32):
    linalg.yield %a : f32
  } -> tensor<10xf32>
  %diag = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0, d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%q : tensor<10x10xf32>) outs(%o : tensor<10xf32>) {
  ^bb0(%a: f32, %c: f32):
    linalg.yield %a : f32
  } -> tensor<10xf32>
  return %conv, %rev, %diag : tensor<10xf32>, tensor<10xf32>, tensor<10xf32>
}
"""


def test_loops_in_expressions_partition_cannot_shift_are_never_split():
    m = mc.parse(GENERICS)
    conv, rev, diag = [op for op in m.walk() if op.name == "linalg.generic"]
    # d0 + d1: linear with non-negative coefficients, both loops splittable; x's dim is linked to neither
    assert unsplittable_loops(conv.indexing_maps(), 2) == set()
    assert iteration_space(conv).operands[0] == (None,)
    # 11 - d0: a negative coefficient, so d0 is linked nowhere (the result wanted split becomes a reshard)
    assert unsplittable_loops(rev.indexing_maps(), 1) == {0}
    assert iteration_space(rev).results[0] == (None,)
    assert loop_sharding(rev, [None, None], [S([[0]])], mesh=Mesh("m", (4,))).loop_axes == ((),)
    # a diagonal input is fine (the repeated d0 reads the loop's own range)
    assert unsplittable_loops(diag.indexing_maps(), 1) == set()
    assert effective_links(iteration_space(diag).operands[0]) == (DimLink(0), None)


def test_a_partial_result_does_not_split_a_reduction_loop_no_operand_indexes():
    # out[d0] = sum_d1 x[d0 + d1]: d1 indexes no operand dim exactly, so no device could know its range
    text = """
    mesh.mesh @m(shape = 4)
    func.func @f(%x: tensor<12xf32>, %o: tensor<10xf32>) -> tensor<10xf32> {
      %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0 + d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<12xf32>) outs(%o : tensor<10xf32>) {
      ^bb0(%a: f32, %c: f32):
        %s = arith.addf %c, %a : f32
        linalg.yield %s : f32
      } -> tensor<10xf32>
      return %r : tensor<10xf32>
    }
    """
    # MLIR's verifier rejects such a generic (every loop must size some operand dim) ...
    with pytest.raises(DiagnosticError, match="shape-to-loops map to be non-null"):
        mc.parse(text)
    # ... and the sharding rule, asked about it unverified, still splits neither loop
    from meshc.parser import parse as parse_unverified

    g = op_named(parse_unverified(text), "linalg.generic")
    assert loop_sharding(g, [None, None], [S([[]], partial=[0])], mesh=Mesh("m", (4,))).loop_axes == ((), ())


# ------------------------------------------------------------------ the pipeline's choices
def collectives(text: str) -> list[str]:
    m = mc.parse(text)
    PassManager.from_text("sharding-propagation,distribute-types,reshard").run(m)
    return re.findall(r"mesh\.(all_gather|all_slice|all_to_all|all_reduce|reduce_scatter)", print_op(m))


# ------------------------------------------------------------------ whole programs
PROGRAMS = {
    # the reported program: rows split over the mesh, a slice of columns [2, 6)
    "slice": ("""
mesh.mesh @m(shape = 4)
func.func @main(%x: tensor<16x8xf32>) -> tensor<16x4xf32> {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<16x8xf32>
  %s = tensor.extract_slice %xs[0, 2] [16, 4] [1, 1] : tensor<16x8xf32> to tensor<16x4xf32>
  return %s : tensor<16x4xf32>
}
""", lambda x: [x[:, 2:6]], [(16, 8)]),
    # rows split, every other column from 1; a rank-reducing slice of the rows' column 2
    "slice_strided": ("""
mesh.mesh @m(shape = 4)
func.func @main(%x: tensor<10x9xf32>, %y: tensor<10x6x5xf32>) -> (tensor<10x4xf32>, tensor<10x3xf32>) {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<10x9xf32>
  %s = tensor.extract_slice %xs[0, 1] [10, 4] [1, 2] : tensor<10x9xf32> to tensor<10x4xf32>
  %ys = mesh.shard %y to <@m, [[0]]> : tensor<10x6x5xf32>
  %r = tensor.extract_slice %ys[0, 2, 1] [10, 1, 3] [1, 1, 1] : tensor<10x6x5xf32> to tensor<10x3xf32>
  return %s, %r : tensor<10x4xf32>, tensor<10x3xf32>
}
""", lambda x, y: [x[:, 1:9:2], y[:, 2, 1:4]], [(10, 9), (10, 6, 5)]),
    # only the result is split (columns of a strided slice of a replicated source)
    "slice_result": ("""
mesh.mesh @m(shape = 4)
func.func @main(%x: tensor<16x9xf32>) -> tensor<16x4xf32> {
  %s = tensor.extract_slice %x[0, 1] [16, 4] [1, 2] : tensor<16x9xf32> to tensor<16x4xf32>
  %ss = mesh.shard %s to <@m, [[], [0]]> : tensor<16x4xf32>
  return %ss : tensor<16x4xf32>
}
""", lambda x: [x[:, 1:9:2]], [(16, 9)]),
    # rows split but sliced in part: gathered first (a resharding point), then sliced
    "slice_partial": ("""
mesh.mesh @m(shape = 4)
func.func @main(%x: tensor<16x8xf32>) -> tensor<6x8xf32> {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<16x8xf32>
  %s = tensor.extract_slice %xs[3, 0] [6, 8] [1, 1] : tensor<16x8xf32> to tensor<6x8xf32>
  return %s : tensor<6x8xf32>
}
""", lambda x: [x[3:9]], [(16, 8)]),
    # inserts: rows split and filled whole (unit and stride 2 columns); a destination split on columns
    # written in part (gathered first)
    "insert": ("""
mesh.mesh @m(shape = 4)
func.func @main(%x: tensor<10x3xf32>, %d: tensor<10x8xf32>, %z: tensor<10x4xf32>) -> (tensor<10x8xf32>, tensor<10x8xf32>) {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<10x3xf32>
  %r = tensor.insert_slice %xs into %d[0, 2] [10, 3] [1, 1] : tensor<10x3xf32> into tensor<10x8xf32>
  %ds = mesh.shard %d to <@m, [[], [0]]> : tensor<10x8xf32>
  %q = tensor.insert_slice %z into %ds[0, 1] [10, 4] [1, 2] : tensor<10x4xf32> into tensor<10x8xf32>
  return %r, %q : tensor<10x8xf32>, tensor<10x8xf32>
}
""", lambda x, d, z: [np.concatenate([d[:, :2], x, d[:, 5:]], axis=1), _strided_insert(d, z)],
        [(10, 3), (10, 8), (10, 4)]),
    # pads: rows split (unpadded), the padding value depends on the (global) row and column; a split
    # wanted on the padded columns becomes a resharding point
    "pad": ("""
mesh.mesh @m(shape = 4)
func.func @main(%x: tensor<10x6xf32>) -> (tensor<10x9xf32>, tensor<10x9xf32>) {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<10x6xf32>
  %p = tensor.pad %xs low[0, 1] high[0, 2] {
  ^bb0(%i: index, %j: index):
    %c10 = arith.constant 10 : index
    %i10 = arith.muli %i, %c10 : index
    %k = arith.addi %i10, %j : index
    %ki = arith.index_cast %k : index to i32
    %f = arith.sitofp %ki : i32 to f32
    tensor.yield %f : f32
  } : tensor<10x6xf32> to tensor<10x9xf32>
  %c = arith.constant 1.5 : f32
  %q = tensor.pad %x low[0, 1] high[0, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %c : f32
  } : tensor<10x6xf32> to tensor<10x9xf32>
  %qs = mesh.shard %q to <@m, [[], [0]]> : tensor<10x9xf32>
  return %p, %qs : tensor<10x9xf32>, tensor<10x9xf32>
}
""", lambda x: [_pad_by_index(x), np.pad(x, ((0, 0), (1, 2)), constant_values=1.5)], [(10, 6)]),
    # concats: rows split (concatenated along columns); a split wanted on the concatenated dim
    "concat": ("""
mesh.mesh @m(shape = 4)
func.func @main(%x: tensor<10x6xf32>, %y: tensor<10x3xf32>) -> (tensor<10x9xf32>, tensor<10x9xf32>) {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<10x6xf32>
  %c = tensor.concat dim(1) %xs, %y : (tensor<10x6xf32>, tensor<10x3xf32>) -> tensor<10x9xf32>
  %d = tensor.concat dim(1) %y, %x : (tensor<10x3xf32>, tensor<10x6xf32>) -> tensor<10x9xf32>
  %ds = mesh.shard %d to <@m, [[], [0]]> : tensor<10x9xf32>
  return %c, %ds : tensor<10x9xf32>, tensor<10x9xf32>
}
""", lambda x, y: [np.concatenate([x, y], axis=1), np.concatenate([y, x], axis=1)], [(10, 6), (10, 3)]),
    # a splat split like its user, and a matmul between a slice and a pad (data parallel rows)
    "chain": ("""
mesh.mesh @m(shape = 4)
func.func @main(%x: tensor<12x10xf32>, %w: tensor<6x5xf32>, %a: f32) -> tensor<12x7xf32> {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<12x10xf32>
  %s = tensor.extract_slice %xs[0, 4] [12, 6] [1, 1] : tensor<12x10xf32> to tensor<12x6xf32>
  %t = tensor.splat %a : tensor<12x5xf32>
  %mm = linalg.matmul ins(%s, %w : tensor<12x6xf32>, tensor<6x5xf32>) outs(%t : tensor<12x5xf32>) -> tensor<12x5xf32>
  %z = arith.constant 0.0 : f32
  %p = tensor.pad %mm low[0, 2] high[0, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %z : f32
  } : tensor<12x5xf32> to tensor<12x7xf32>
  return %p : tensor<12x7xf32>
}
""", lambda x, w, a: [np.pad(x[:, 4:] @ w + a, ((0, 0), (2, 0)))], [(12, 10), (6, 5), ()]),
    # linalg inputs indexed by expressions of split loops: a convolution (d0 + d1), a strided one with its
    # reduction split (2 * d0 + d1), a diagonal (d0, d0), a reversal (11 - d0: never split)
    "generics": ("""
mesh.mesh @m(shape = 4)
func.func @main(%x: tensor<12xf32>, %w: tensor<3xf32>, %v: tensor<23xf32>, %q: tensor<10x10xf32>) -> (tensor<10xf32>, tensor<10xf32>, tensor<10xf32>, tensor<10xf32>) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<10xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<10xf32>) -> tensor<10xf32>
  %fs = mesh.shard %f to <@m, [[0]]> : tensor<10xf32>
  %conv = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0 + d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x, %w : tensor<12xf32>, tensor<3xf32>) outs(%fs : tensor<10xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %c, %m : f32
    linalg.yield %s : f32
  } -> tensor<10xf32>
  %ws = mesh.shard %w to <@m, [[0]]> : tensor<3xf32>
  %strided = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0 * 2 + d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%v, %ws : tensor<23xf32>, tensor<3xf32>) outs(%f : tensor<10xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %c, %m : f32
    linalg.yield %s : f32
  } -> tensor<10xf32>
  %es = mesh.shard %e to <@m, [[0]]> : tensor<10xf32>
  %diag = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0, d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%q : tensor<10x10xf32>) outs(%es : tensor<10xf32>) {
  ^bb0(%a: f32, %c: f32):
    linalg.yield %a : f32
  } -> tensor<10xf32>
  %rev = linalg.generic {indexing_maps = [affine_map<(d0) -> (11 - d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : tensor<12xf32>) outs(%es : tensor<10xf32>) {
  ^bb0(%a: f32, %c: f32):
    linalg.yield %a : f32
  } -> tensor<10xf32>
  return %conv, %strided, %diag, %rev : tensor<10xf32>, tensor<10xf32>, tensor<10xf32>, tensor<10xf32>
}
""", lambda x, w, v, q: [np.correlate(x, w, mode="valid"), np.array([v[2 * i:2 * i + 3] @ w for i in range(10)]),
                         np.diag(q), x[11:1:-1]], [(12,), (3,), (23,), (10, 10)]),
    # ops without tensor results at the function level (an element, a dim) and an scf.if whose regions
    # capture split values
    "scalars": ("""
mesh.mesh @m(shape = 4)
func.func @main(%x: tensor<10x8xf32>, %c: i1) -> (f32, index, tensor<10x8xf32>) {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<10x8xf32>
  %i = arith.constant 7 : index
  %j = arith.constant 3 : index
  %v = tensor.extract %xs[%i, %j] : tensor<10x8xf32>
  %c0 = arith.constant 0 : index
  %n = tensor.dim %xs, %c0 : tensor<10x8xf32>
  %r = scf.if %c -> (tensor<10x8xf32>) {
    %d = arith.addf %xs, %xs : tensor<10x8xf32>
    scf.yield %d : tensor<10x8xf32>
  } else {
    scf.yield %xs : tensor<10x8xf32>
  }
  return %v, %n, %r : f32, index, tensor<10x8xf32>
}
""", lambda x, c: [x[7, 3], 10, x + x if c else x], [(10, 8), "i1"]),
    # a 2-D mesh: dim 0 over axis 0, dim 1 over axis 1, all four ops on dim 2
    "mesh2d": ("""
mesh.mesh @m(shape = 2x2)
func.func @main(%x: tensor<6x5x8xf32>, %y: tensor<6x5x3xf32>) -> (tensor<6x5x4xf32>, tensor<6x5x10xf32>, tensor<6x5x11xf32>, tensor<6x5x8xf32>) {
  %xs = mesh.shard %x to <@m, [[0], [1]]> : tensor<6x5x8xf32>
  %s = tensor.extract_slice %xs[0, 0, 1] [6, 5, 4] [1, 1, 2] : tensor<6x5x8xf32> to tensor<6x5x4xf32>
  %c = arith.constant -1.0 : f32
  %p = tensor.pad %xs low[0, 0, 1] high[0, 0, 1] {
  ^bb0(%i: index, %j: index, %k: index):
    tensor.yield %c : f32
  } : tensor<6x5x8xf32> to tensor<6x5x10xf32>
  %k = tensor.concat dim(2) %xs, %y : (tensor<6x5x8xf32>, tensor<6x5x3xf32>) -> tensor<6x5x11xf32>
  %r = tensor.insert_slice %y into %xs[0, 0, 4] [6, 5, 3] [1, 1, 1] : tensor<6x5x3xf32> into tensor<6x5x8xf32>
  return %s, %p, %k, %r : tensor<6x5x4xf32>, tensor<6x5x10xf32>, tensor<6x5x11xf32>, tensor<6x5x8xf32>
}
""", lambda x, y: [x[:, :, 1::2], np.pad(x, ((0, 0), (0, 0), (1, 1)), constant_values=-1.0),
                   np.concatenate([x, y], axis=2), np.concatenate([x[:, :, :4], y, x[:, :, 7:]], axis=2)],
        [(6, 5, 8), (6, 5, 3)]),
}


def _strided_insert(d: np.ndarray, z: np.ndarray) -> np.ndarray:
    out = d.copy()
    out[:, 1:9:2] = z
    return out


def _pad_by_index(x: np.ndarray) -> np.ndarray:
    # padded element (i, j) of the 10x9 result is 10 * i + j; x sits in columns [1, 7)
    i, j = np.meshgrid(np.arange(10), np.arange(9), indexing="ij")
    out = (10 * i + j).astype(np.float32)
    out[:, 1:7] = x
    return out


def dynamic(text: str) -> str:
    """The program with ``@m`` declared dynamic (``?`` per axis)."""
    return re.sub(r"(mesh\.mesh @m\(shape = )([0-9x]+)\)",
                  lambda mt: mt.group(1) + "x".join("?" for _ in mt.group(2).split("x")) + ")", text, count=1)


def peered(text: str) -> str:
    return text.replace("mesh.mesh @m(shape = 4)", "mesh.mesh @m(shape = 4, peered_memory_axes = [0])", 1)


def inputs_for(shapes, seed: int) -> list:
    rng = np.random.default_rng(seed)
    out = []
    for s in shapes:
        if s == "i1":
            out.append(np.bool_(True))
        elif s == ():
            out.append(np.float32(rng.standard_normal()))
        else:
            out.append(rng.standard_normal(s).astype(np.float32))
    return out


def check_program(text: str, name: str, shape, pipeline=None, seed: int = 7) -> None:
    _, want, shapes = PROGRAMS[name]
    inputs = inputs_for(shapes, seed)
    r = mc.run(mc.parse(text), inputs, shape, check=True, pipeline=pipeline)
    assert r.check_ok, [(c.name, c.max_abs) for c in r.comparisons]
    for got, exp in zip(r.outputs, want(*inputs)):
        np.testing.assert_allclose(np.asarray(got), np.asarray(exp, dtype=np.asarray(got).dtype), rtol=1e-5,
                                   atol=1e-5)


ONE_D = [None, "m=1", "m=2", "m=3", "m=5", "m=8"]
SHAPES = ([(name, s) for name in PROGRAMS if name != "mesh2d" for s in ONE_D]
          + [("mesh2d", s) for s in (None, "m=2x3", "m=3x2", "m=1x3", "m=4x2")])


@pytest.mark.parametrize("name, shape", SHAPES, ids=[f"{n}-{s or 'declared'}" for n, s in SHAPES])
def test_programs_match_numpy_and_the_reference(name, shape):
    check_program(PROGRAMS[name][0], name, shape)


DYNAMIC = [(name, s) for name in ("slice", "slice_strided", "slice_result", "insert", "pad", "concat", "chain",
                                   "generics", "scalars")
           for s in ("m=1", "m=3", "m=4", "m=7")] + [("mesh2d", s) for s in ("m=2x3", "m=3x1")]


@pytest.mark.parametrize("name, shape", DYNAMIC, ids=[f"{n}-{s}" for n, s in DYNAMIC])
def test_dynamic_meshes(name, shape):
    text = dynamic(PROGRAMS[name][0])
    assert "shape = ?" in text
    check_program(text, name, shape)


FORMS = ["sharding-propagation,distribute-types,reshard{strategy=%s},partition{form=%s},unroll,canonicalize,cse"
         % (s, f) for s in ("collectives", "peer", "auto") for f in ("for_all", "for_one")]
FORM_IDS = [p.split(",")[2][8:] + "-" + p.split(",")[3][10:-1] for p in FORMS]


@pytest.mark.parametrize("pipeline", FORMS, ids=FORM_IDS)
@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_every_strategy_and_form_on_an_uneven_peered_mesh(name, pipeline):
    text = PROGRAMS[name][0]
    shape = "m=2x3" if name == "mesh2d" else "m=3"
    check_program(text.replace("shape = 2x2)", "shape = 2x2, peered_memory_axes = [0, 1])") if name == "mesh2d"
                  else peered(text), name, shape, pipeline)


@pytest.mark.parametrize("pipeline", FORMS[:2], ids=FORM_IDS[:2])
@pytest.mark.parametrize("name", ["slice", "pad", "insert", "generics"])
def test_forms_on_a_dynamic_mesh(name, pipeline):
    check_program(dynamic(PROGRAMS[name][0]), name, "m=3", pipeline)


def test_splits_through_whole_dims_move_no_data():
    # the reported slice, the rows of an insert / pad / concat: no collective at all
    assert collectives(PROGRAMS["slice"][0]) == []
    assert collectives(PROGRAMS["slice_strided"][0]) == []
    assert collectives(PROGRAMS["chain"][0]) == []
    assert collectives(PROGRAMS["mesh2d"][0]) == []


def test_splits_on_dims_written_in_part_are_resharded():
    # a slice of rows [3, 9) of row-split x: x is gathered once, then sliced on every device
    assert collectives(PROGRAMS["slice_partial"][0]) == ["all_gather"]
    # %d is column-split (its annotation): the first insert fills its rows whole, so it takes %d by rows
    # (an all_to_all); the second writes its columns in part, so it takes %d gathered
    assert collectives(PROGRAMS["insert"][0]) == ["all_to_all", "all_gather"]
    # the padded / concatenated columns cannot carry the split wanted on the result: the op runs on the
    # rows of its row-split operand, and one all_to_all moves the result from rows to columns
    assert collectives(PROGRAMS["pad"][0]) == ["all_to_all"]
    assert collectives(PROGRAMS["concat"][0]) == ["all_to_all"]


# ------------------------------------------------------------------ per-device shards, dynamic mesh
DYNAMIC_SLICE = """
mesh.mesh @d(shape = ?)
func.func @f(%x: tensor<16x8xf32, #mesh.shard<@d, [[0]]>>) -> tensor<16x4xf32, #mesh.shard<@d, [[0]]>> {
  %s = tensor.extract_slice %x[0, 2] [16, 4] [1, 1] : tensor<16x8xf32, #mesh.shard<@d, [[0]]>> to tensor<16x4xf32, #mesh.shard<@d, [[0]]>>
  return %s : tensor<16x4xf32, #mesh.shard<@d, [[0]]>>
}
"""


@pytest.mark.parametrize("n, rows", [(3, [5, 5, 6]), (5, [3, 3, 3, 3, 4]), (4, [4] * 4)])
def test_dynamic_mesh_form_gives_each_device_its_rows_of_the_slice(n, rows):
    # 16 over n: 16 // n each, the last 16 % n one more (3: 5, 5, 6; 5: 3, 3, 3, 3, 3+1)
    m = mc.parse(DYNAMIC_SLICE)
    PassManager.from_text("partition").run(m)
    assert "keeps static shapes" not in print_op(m)
    x = np.arange(128, dtype=np.float32).reshape(16, 8)
    shards = [mc.run_reference(m, [x], device=Device(coords={"d": (i,)}, mesh_shapes={"d": (n,)})).outputs[0]
              for i in range(n)]
    assert [s.shape for s in shards] == [(r, 4) for r in rows]
    np.testing.assert_array_equal(np.concatenate(shards), x[:, 2:6])
