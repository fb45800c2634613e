"""linalg dialect: round trips of every op (custom and generic form), the
StructuredOp description (iterator types, indexing maps, loop ranges, payload
kind, reduction kind) of every structured op, the corpus programs, and
located verification errors (MLIR LinalgOps.cpp / LinalgInterfaces.cpp rules)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from meshc.dialects.linalg import (CONTRACTIONS, ELEMENTWISE_ARITY, BroadcastOp, ContractionOp, ElementwiseOp,
                                   FillOp, GenericOp, MapOp, PackOp, ReduceOp, StructuredOp, TransposeOp,
                                   UnPackOp)
from meshc.ir import F32, AffineMap, DiagnosticError, TensorType, print_op, verify
from meshc.ir.core import op_class
from meshc.parser import parse
from tests.irtest import expect_error, roundtrip

DATA = Path(__file__).parent / "data"


def structured(module) -> dict[str, StructuredOp]:
    """Structured ops by result name (``%mm`` -> ``"mm"``)."""
    return {op.results[0].name_hint: op for op in module.walk() if isinstance(op, StructuredOp) and op.results}


def maps(op) -> list[str]:
    return [str(m) for m in op.indexing_maps()]


NAMED = """
func.func @named(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>, %v: tensor<8xf32>,
                 %w: tensor<4xf32>, %s: f32, %p: tensor<4x8xi1>, %e0: tensor<f32>, %at: tensor<8x4xf32>,
                 %bt: tensor<16x8xf32>, %b1: tensor<2x4x8xf32>, %b2: tensor<2x8x16xf32>, %b3: tensor<2x4x16xf32>,
                 %bv: tensor<2x8xf32>, %bw: tensor<2x4xf32>, %l4: tensor<2x3x8x1xf32>, %r4: tensor<5x3x4x1xf32>,
                 %o4: tensor<2x5x8x4xf32>, %l5: tensor<7x2x3x8x1xf32>, %r5: tensor<7x5x3x4x1xf32>,
                 %o5: tensor<7x2x5x8x4xf32>, %dyn: tensor<?x8xf32>, %dyc: tensor<?x16xf32>) -> tensor<4x16xf32> {
  %mm = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  %mmd = linalg.matmul ins(%dyn, %b : tensor<?x8xf32>, tensor<8x16xf32>) outs(%dyc : tensor<?x16xf32>) -> tensor<?x16xf32>
  %mta = linalg.matmul_transpose_a ins(%at, %b : tensor<8x4xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  %mtb = linalg.matmul_transpose_b ins(%a, %bt : tensor<4x8xf32>, tensor<16x8xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  %mum = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%at, %b : tensor<8x4xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  %mdef = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  %bmm = linalg.batch_matmul ins(%b1, %b2 : tensor<2x4x8xf32>, tensor<2x8x16xf32>) outs(%b3 : tensor<2x4x16xf32>) -> tensor<2x4x16xf32>
  %brm = linalg.batch_reduce_matmul ins(%b1, %b2 : tensor<2x4x8xf32>, tensor<2x8x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  %mv = linalg.matvec {tag = 1 : i32} ins(%a, %v : tensor<4x8xf32>, tensor<8xf32>) outs(%w : tensor<4xf32>) -> tensor<4xf32>
  %vm = linalg.vecmat ins(%w, %a : tensor<4xf32>, tensor<4x8xf32>) outs(%v : tensor<8xf32>) -> tensor<8xf32>
  %bmv = linalg.batch_matvec ins(%b1, %bv : tensor<2x4x8xf32>, tensor<2x8xf32>) outs(%bw : tensor<2x4xf32>) -> tensor<2x4xf32>
  %bvm = linalg.batch_vecmat ins(%bw, %b1 : tensor<2x4xf32>, tensor<2x4x8xf32>) outs(%bv : tensor<2x8xf32>) -> tensor<2x8xf32>
  %dot = linalg.dot ins(%v, %v : tensor<8xf32>, tensor<8xf32>) outs(%e0 : tensor<f32>) -> tensor<f32>
  %m4 = linalg.mmt4d ins(%l4, %r4 : tensor<2x3x8x1xf32>, tensor<5x3x4x1xf32>) outs(%o4 : tensor<2x5x8x4xf32>) -> tensor<2x5x8x4xf32>
  %bm4 = linalg.batch_mmt4d ins(%l5, %r5 : tensor<7x2x3x8x1xf32>, tensor<7x5x3x4x1xf32>) outs(%o5 : tensor<7x2x5x8x4xf32>) -> tensor<7x2x5x8x4xf32>
  %fill = linalg.fill ins(%s : f32) outs(%a : tensor<4x8xf32>) -> tensor<4x8xf32>
  %copy = linalg.copy ins(%a : tensor<4x8xf32>) outs(%a : tensor<4x8xf32>) -> tensor<4x8xf32>
  %exp = linalg.exp ins(%a : tensor<4x8xf32>) outs(%a : tensor<4x8xf32>) -> tensor<4x8xf32>
  %add = linalg.add ins(%a, %a : tensor<4x8xf32>, tensor<4x8xf32>) outs(%a : tensor<4x8xf32>) -> tensor<4x8xf32>
  %sel = linalg.select ins(%p, %a, %a : tensor<4x8xi1>, tensor<4x8xf32>, tensor<4x8xf32>) outs(%a : tensor<4x8xf32>) -> tensor<4x8xf32>
  %tr = linalg.transpose ins(%a : tensor<4x8xf32>) outs(%at : tensor<8x4xf32>) permutation = [1, 0]
  %bc = linalg.broadcast ins(%v : tensor<8xf32>) outs(%a : tensor<4x8xf32>) dimensions = [0]
  return %mm : tensor<4x16xf32>
}
"""


def test_named_ops_round_trip():
    m, out = roundtrip(NAMED)
    # MLIR elides default matmul maps and keeps user maps (LLVM 20)
    assert "%mdef = linalg.matmul ins(%a, %b" in out
    assert "%mum = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>," in out
    assert "%mv = linalg.matvec {tag = 1 : i32} ins(%a, %v : tensor<4x8xf32>, tensor<8xf32>)" in out
    assert "linalg.transpose ins(%a : tensor<4x8xf32>) outs(%at : tensor<8x4xf32>) permutation = [1, 0]\n" in out
    generic = print_op(m, generic=True)
    assert '"linalg.matmul"(%a, %b, %c) {operandSegmentSizes = array<i32: 2, 1>}' in generic


@pytest.mark.parametrize("name, iterators, expected_maps, ranges", [
    # matmul: loops (m, n, k) = (4, 16, 8); A(m, k), B(k, n), C(m, n)
    ("mm", "ppr", ["(d0, d1, d2) -> (d0, d2)", "(d0, d1, d2) -> (d2, d1)", "(d0, d1, d2) -> (d0, d1)"], [4, 16, 8]),
    ("mmd", "ppr", ["(d0, d1, d2) -> (d0, d2)", "(d0, d1, d2) -> (d2, d1)", "(d0, d1, d2) -> (d0, d1)"],
     [None, 16, 8]),
    ("mta", "ppr", ["(d0, d1, d2) -> (d2, d0)", "(d0, d1, d2) -> (d2, d1)", "(d0, d1, d2) -> (d0, d1)"], [4, 16, 8]),
    ("mtb", "ppr", ["(d0, d1, d2) -> (d0, d2)", "(d0, d1, d2) -> (d1, d2)", "(d0, d1, d2) -> (d0, d1)"], [4, 16, 8]),
    ("mum", "ppr", ["(d0, d1, d2) -> (d2, d0)", "(d0, d1, d2) -> (d2, d1)", "(d0, d1, d2) -> (d0, d1)"], [4, 16, 8]),
    ("bmm", "pppr", ["(d0, d1, d2, d3) -> (d0, d1, d3)", "(d0, d1, d2, d3) -> (d0, d3, d2)",
                     "(d0, d1, d2, d3) -> (d0, d1, d2)"], [2, 4, 16, 8]),
    ("brm", "rppr", ["(d0, d1, d2, d3) -> (d0, d1, d3)", "(d0, d1, d2, d3) -> (d0, d3, d2)",
                     "(d0, d1, d2, d3) -> (d1, d2)"], [2, 4, 16, 8]),
    ("mv", "pr", ["(d0, d1) -> (d0, d1)", "(d0, d1) -> (d1)", "(d0, d1) -> (d0)"], [4, 8]),
    ("vm", "pr", ["(d0, d1) -> (d1)", "(d0, d1) -> (d1, d0)", "(d0, d1) -> (d0)"], [8, 4]),
    ("bmv", "ppr", ["(d0, d1, d2) -> (d0, d1, d2)", "(d0, d1, d2) -> (d0, d2)", "(d0, d1, d2) -> (d0, d1)"],
     [2, 4, 8]),
    ("bvm", "ppr", ["(d0, d1, d2) -> (d0, d2)", "(d0, d1, d2) -> (d0, d2, d1)", "(d0, d1, d2) -> (d0, d1)"],
     [2, 8, 4]),
    ("dot", "r", ["(d0) -> (d0)", "(d0) -> (d0)", "(d0) -> ()"], [8]),
    # mmt4d loops (m, n, k, m0, n0, k0) = (2, 5, 3, 8, 4, 1)
    ("m4", "pprppr", ["(d0, d1, d2, d3, d4, d5) -> (d0, d2, d3, d5)", "(d0, d1, d2, d3, d4, d5) -> (d1, d2, d4, d5)",
                      "(d0, d1, d2, d3, d4, d5) -> (d0, d1, d3, d4)"], [2, 5, 3, 8, 4, 1]),
    ("bm4", "ppprppr", ["(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d3, d4, d6)",
                        "(d0, d1, d2, d3, d4, d5, d6) -> (d0, d2, d3, d5, d6)",
                        "(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d4, d5)"], [7, 2, 5, 3, 8, 4, 1]),
    ("fill", "pp", ["(d0, d1) -> ()", "(d0, d1) -> (d0, d1)"], [4, 8]),
    ("copy", "pp", ["(d0, d1) -> (d0, d1)"] * 2, [4, 8]),
    ("exp", "pp", ["(d0, d1) -> (d0, d1)"] * 2, [4, 8]),
    ("add", "pp", ["(d0, d1) -> (d0, d1)"] * 3, [4, 8]),
    ("sel", "pp", ["(d0, d1) -> (d0, d1)"] * 4, [4, 8]),
    # transpose: init (8, 4) = input dims permuted; input read at (d1, d0)
    ("tr", "pp", ["(d0, d1) -> (d1, d0)", "(d0, d1) -> (d0, d1)"], [8, 4]),
    ("bc", "pp", ["(d0, d1) -> (d1)", "(d0, d1) -> (d0, d1)"], [4, 8]),
])
def test_iteration_space_of_named_ops(name, iterators, expected_maps, ranges):
    m, _ = roundtrip(NAMED)
    op = structured(m)[name]
    words = {"p": "parallel", "r": "reduction"}
    assert op.iterator_types() == [words[c] for c in iterators]
    assert op.num_loops == len(iterators)
    assert maps(op) == expected_maps
    assert op.static_loop_ranges() == ranges
    assert len(op.inputs) + len(op.inits) == len(op.operands) and len(op.inits) == 1
    assert op.inits[0].type == op.results[0].type


def test_payload_and_reduction_kinds():
    m, _ = roundtrip(NAMED)
    ops = structured(m)
    assert ops["mm"].payload_kind == "contraction" and ops["mm"].reduction_kind() == "sum"
    assert ops["mm"].reduction_dims() == [2] and ops["mm"].parallel_dims() == [0, 1]
    assert ops["exp"].payload_kind == "elementwise" and ops["exp"].fn == "exp" and ops["exp"].reduction_kind() is None
    assert ops["fill"].payload_kind == "fill" and isinstance(ops["fill"], FillOp)
    assert ops["copy"].payload_kind == "copy" and ops["tr"].payload_kind == "copy" and ops["bc"].payload_kind == "copy"
    assert ops["mum"].einsum_spec() == "km,kn->mn" and ops["m4"].einsum_spec() == "mkxz,nkyz->mnxy"
    assert isinstance(ops["tr"], TransposeOp) and ops["tr"].array == [1, 0]
    assert isinstance(ops["bc"], BroadcastOp) and ops["bc"].array == [0]


def test_every_named_op_is_registered():
    for name in CONTRACTIONS:
        assert issubclass(op_class(f"linalg.{name}"), ContractionOp)
    for name, arity in ELEMENTWISE_ARITY.items():
        cls = op_class(f"linalg.{name}")
        assert issubclass(cls, ElementwiseOp) and cls.num_inputs == arity


REGIONS = """
func.func @regions(%a: tensor<4x8xf32>, %w: tensor<4xf32>, %i: tensor<4x8xi32>, %wi: tensor<4xi32>) -> tensor<4xf32> {
  %r = linalg.reduce { arith.addf } ins(%a : tensor<4x8xf32>) outs(%w : tensor<4xf32>) dimensions = [1]
  %rmax = linalg.reduce ins(%a : tensor<4x8xf32>) outs(%w : tensor<4xf32>) dimensions = [1] (%in: f32, %init: f32) {
      %m = arith.maximumf %init, %in : f32
      linalg.yield %m : f32
    }
  %rsq = linalg.reduce ins(%a : tensor<4x8xf32>) outs(%w : tensor<4xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %m = arith.mulf %in, %in : f32
      %n = arith.addf %m, %init : f32
      linalg.yield %n : f32
    }
  %rxor = linalg.reduce { arith.xori } ins(%i : tensor<4x8xi32>) outs(%wi : tensor<4xi32>) dimensions = [1]
  %m1 = linalg.map { arith.mulf } ins(%a, %a : tensor<4x8xf32>, tensor<4x8xf32>) outs(%a : tensor<4x8xf32>)
  %m2 = linalg.map ins(%a : tensor<4x8xf32>) outs(%a : tensor<4x8xf32>)
    (%x: f32) {
      %y = math.exp %x : f32
      %z = math.exp %y : f32
      linalg.yield %z : f32
    }
  %m3 = linalg.map { math.exp } ins(%a : tensor<4x8xf32>) outs(%a : tensor<4x8xf32>) {tag = "x"}
  %g = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>]} ins(%a : tensor<4x8xf32>) outs(%w : tensor<4xf32>) attrs = {foo = 2} {
  ^bb0(%in: f32, %out: f32):
    %q = arith.addf %in, %out : f32
    %ix = linalg.index 1 : index
    linalg.yield %q : f32
  } -> tensor<4xf32>
  %g2:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"], library_call = "lib"} ins(%a : tensor<4x8xf32>) outs(%a, %a : tensor<4x8xf32>, tensor<4x8xf32>) {
  ^bb0(%in: f32, %o1: f32, %o2: f32):
    linalg.yield %in, %in : f32, f32
  } -> (tensor<4x8xf32>, tensor<4x8xf32>)
  return %r : tensor<4xf32>
}
"""


def test_region_ops_round_trip_short_and_long_forms():
    m, out = roundtrip(REGIONS)
    # a single payload op taking the block args in order prints in short form (MLIR findPayloadOp)
    assert "%r = linalg.reduce { arith.addf } ins(%a : tensor<4x8xf32>) outs(%w : tensor<4xf32>) dimensions = [1]\n" \
        in out
    assert "%rmax = linalg.reduce { arith.maximumf } ins(" in out
    assert "%m1 = linalg.map { arith.mulf } ins(" in out
    assert "%m3 = linalg.map { math.exp } ins(%a : tensor<4x8xf32>) outs(%a : tensor<4x8xf32>) {tag = \"x\"}\n" in out
    # anything else keeps the long form
    assert "dimensions = [1]\n      (%in: f32, %init: f32) {\n        %m = arith.mulf %in, %in : f32" in out
    assert "outs(%a : tensor<4x8xf32>)\n      (%x: f32) {\n" in out
    # generic: iterator types print as strings, extra attributes behind `attrs =`
    assert ('iterator_types = ["parallel", "reduction"]} ins(%a : tensor<4x8xf32>) outs(%w : tensor<4xf32>) '
            'attrs = {foo = 2} {') in out
    assert 'library_call = "lib"} ins(%a : tensor<4x8xf32>) outs(%a, %a : tensor<4x8xf32>, tensor<4x8xf32>) {' \
        in out
    assert "} -> (tensor<4x8xf32>, tensor<4x8xf32>)" in out


def test_region_op_descriptions():
    m, _ = roundtrip(REGIONS)
    ops = structured(m)
    r = ops["r"]
    assert isinstance(r, ReduceOp) and r.dimensions == [1]
    assert r.iterator_types() == ["parallel", "reduction"]
    assert maps(r) == ["(d0, d1) -> (d0, d1)", "(d0, d1) -> (d0)"]
    assert r.static_loop_ranges() == [4, 8]
    # the short form builds `arith.addf %init, %in` (init first, as MLIR)
    payload = r.payload_block.ops[0]
    assert payload.name == "arith.addf" and payload.operands[0] is r.payload_block.args[1]
    assert [r.reduction_kind(), ops["rmax"].reduction_kind(), ops["rsq"].reduction_kind(),
            ops["rxor"].reduction_kind()] == ["sum", "max", "sum", "bitwise_xor"]
    m2 = ops["m2"]
    assert isinstance(m2, MapOp) and m2.iterator_types() == ["parallel"] * 2 and m2.reduction_kind() is None
    assert len(m2.payload_block.args) == 1  # map bodies take inputs only
    g = ops["g"]
    assert isinstance(g, GenericOp) and g.payload_kind == "region"
    assert g.iterator_types() == ["parallel", "reduction"] and g.reduction_kind() == "sum"
    g2 = next(op for op in m.walk() if isinstance(op, GenericOp) and len(op.results) == 2)
    assert len(g2.inits) == 2 and len(g2.results) == 2 and g2.static_loop_ranges() == [4, 8]
    assert g2.loop_of(0, 0) == 0 and g2.loop_of(2, 1) == 1


def test_transposed_generic_loop_ranges():
    # (d0, d1) -> (d1, d0) on a 4x8 input: d1 ranges over 4, d0 over 8; the 8x4 init agrees
    text = """
    func.func @t(%a: tensor<4x8xf32>, %o: tensor<8x4xf32>) -> tensor<8x4xf32> {
      %g = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x8xf32>) outs(%o : tensor<8x4xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<8x4xf32>
      return %g : tensor<8x4xf32>
    }
    """
    m, _ = roundtrip(text)
    assert structured(m)["g"].static_loop_ranges() == [8, 4]


def test_pack_unpack_and_tensor_aliases():
    text = """
    func.func @p(%a: tensor<4x8xf32>, %d: tensor<2x1x4x4xf32>, %d2: tensor<1x8x4x1xf32>, %n: index,
                 %dd: tensor<1x?x4x?xf32>) -> tensor<4x8xf32> {
      %cst = arith.constant 0.0 : f32
      %p = linalg.pack %a padding_value(%cst : f32) outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [4, 4] into %d : tensor<4x8xf32> -> tensor<2x1x4x4xf32>
      %p2 = tensor.pack %a inner_dims_pos = [0, 1] inner_tiles = [4, 1] into %d2 : tensor<4x8xf32> -> tensor<1x8x4x1xf32>
      %p3 = tensor.pack %a inner_dims_pos = [0, 1] inner_tiles = [4, %n] into %dd : tensor<4x8xf32> -> tensor<1x?x4x?xf32>
      %u = tensor.unpack %p2 inner_dims_pos = [0, 1] inner_tiles = [4, 1] into %a : tensor<1x8x4x1xf32> -> tensor<4x8xf32>
      return %u : tensor<4x8xf32>
    }
    """
    m, out = roundtrip(text)
    assert ("linalg.pack %a padding_value(%cst : f32) outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] "
            "inner_tiles = [4, 4] into %d : tensor<4x8xf32> -> tensor<2x1x4x4xf32>") in out
    assert "%p2 = linalg.pack %a inner_dims_pos = [0, 1] inner_tiles = [4, 1] into %d2" in out
    assert "%u = linalg.unpack %p2 inner_dims_pos = [0, 1] inner_tiles = [4, 1] into %a" in out
    packs = [op for op in m.walk() if isinstance(op, PackOp)]
    assert packs[0].padding_value is not None and packs[0].outer_dims_perm == [1, 0]
    n = m.regions[0].blocks[0].ops[0].body.args[3]
    assert packs[2].mixed_tiles == [4, n] and packs[2].padding_value is None
    # packed dims of 4x8 tiled [4, 4] on dims [0, 1], outer order [1, 0]: [8/4, 4/4] + [4, 4]
    assert packs[0].expected_packed_dims((4, 8)) == [2, 1, 4, 4]
    assert isinstance(next(op for op in m.walk() if op.name == "linalg.unpack"), UnPackOp)


@pytest.mark.parametrize("filename, generics, matmuls, fills", [
    ("real/mlp.linalg.mlir", 5, 2, 2),
    ("real/mlp.func.linalg.mlir", 5, 2, 2),
    ("real/layernorm.linalg.mlir", 15, 0, 2),
    ("real/onnx_mlp.linalg.mlir", 3, 2, 2),
    ("encoding_exp_matmul.mlir", 1, 1, 1),
])
def test_corpus_programs(filename, generics, matmuls, fills):
    m = parse((DATA / filename).read_text(), filename)
    verify(m)
    out = print_op(m)
    again = parse(out, "again.mlir")
    verify(again)
    assert print_op(again) == out
    from_generic = parse(print_op(m, generic=True), "generic.mlir")
    verify(from_generic)
    assert print_op(from_generic) == out
    ops = [op for op in m.walk() if isinstance(op, StructuredOp)]
    assert sum(isinstance(op, GenericOp) for op in ops) == generics
    assert sum(op.name == "linalg.matmul" for op in ops) == matmuls
    assert sum(op.name == "linalg.fill" for op in ops) == fills


def test_corpus_mlp_iteration_spaces():
    m = parse((DATA / "real" / "mlp.linalg.mlir").read_text(), "mlp.linalg.mlir")
    verify(m)
    mms = [op for op in m.walk() if op.name == "linalg.matmul"]
    # x[64,256] @ W1[256,1024]: (m, n, k) = (64, 1024, 256); then h[64,1024] @ W2[1024,256]
    assert [op.static_loop_ranges() for op in mms] == [[64, 1024, 256], [64, 256, 1024]]
    bias = next(op for op in m.walk() if isinstance(op, GenericOp))
    assert maps(bias) == ["(d0, d1) -> (d1)", "(d0, d1) -> (d0, d1)"] and bias.static_loop_ranges() == [64, 1024]
    ln = parse((DATA / "real" / "layernorm.linalg.mlir").read_text(), "layernorm.linalg.mlir")
    verify(ln)
    sums = [op for op in ln.walk() if isinstance(op, GenericOp) and op.reduction_dims()]
    assert [op.reduction_kind() for op in sums] == ["sum", "sum"]
    # the (d0, 0) broadcast of a 64x1 tensor: loop 1 ranges over the 256 columns of the init
    bcast = next(op for op in ln.walk() if isinstance(op, GenericOp) and "(d0, d1) -> (d0, 0)" in maps(op))
    assert bcast.static_loop_ranges() == [64, 256]


def test_build_structured_op():
    m = parse("func.func @g(%a: tensor<4x8xf32>, %b: tensor<8x2xf32>, %c: tensor<4x2xf32>) -> tensor<4x2xf32> {\n"
              "  return %c : tensor<4x2xf32>\n}\n", "b.mlir")
    func = m.regions[0].blocks[0].ops[0]
    a, b, c = func.body.args
    mm = op_class("linalg.matmul").build([a, b], [c])
    func.body.insert_before(func.body.ops[-1], mm)
    func.body.ops[-1].set_operand(0, mm.results[0])
    verify(m)
    assert mm.results[0].type == TensorType((4, 2), F32)
    assert mm.attributes["operandSegmentSizes"].values == (2, 1)
    assert "linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x2xf32>) outs(%c : tensor<4x2xf32>) -> " \
           "tensor<4x2xf32>" in print_op(m)
    assert mm.indexing_maps()[2] == AffineMap.from_dims(3, [0, 1])
    assert mm.static_loop_ranges() == [4, 2, 8]


GEN = ("func.func @f(%a: tensor<4x8xf32>, %o: tensor<4xf32>) -> tensor<4xf32> {\n"
       "  %g = linalg.generic {indexing_maps = [MAPS], iterator_types = [ITS]} ins(%a : tensor<4x8xf32>) "
       "outs(%o : tensor<4xf32>) {\n"
       "  ^bb0(ARGS):\n    BODY\n  } -> tensor<4xf32>\n  return %g : tensor<4xf32>\n}\n")
OK_MAPS = "affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>"


def gen(maps=OK_MAPS, its='"parallel", "reduction"', args="%in: f32, %out: f32",
        body="linalg.yield %in : f32") -> str:
    return GEN.replace("MAPS", maps).replace("ITS", its).replace("ARGS", args).replace("BODY", body)


MM = ("func.func @f(%a: tensor<4x8xf32>, %b: tensor<B>, %c: tensor<4x16xf32>) -> tensor<4x16xf32> {\n"
      "  %r = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<B>) outs(%c : tensor<4x16xf32>) RES\n"
      "  return %c : tensor<4x16xf32>\n}\n")


@pytest.mark.parametrize("text, message, line, token", [
    # K of A is 8, of B is 7
    (MM.replace("B", "7x16xf32").replace("RES", "-> tensor<4x16xf32>"),
     "inferred input/output operand #1 has shape's dimension #0 to be 8, but found 7", 2, "linalg.matmul"),
    (MM.replace("B", "8x16xf32").replace("RES", "-> tensor<4x8xf32>"),
     "expected type of operand #2 ('tensor<4x16xf32>') to match type of corresponding result ('tensor<4x8xf32>')",
     2, "linalg.matmul"),
    (MM.replace("B", "8x16xf32").replace("RES", "").replace("%r = ", ""),
     "expected the number of tensor results (0) to be equal to the number of output tensors (1)", 2,
     "linalg.matmul"),
    # batch 2 vs 3
    ("func.func @f(%a: tensor<2x4x8xf32>, %b: tensor<3x8x16xf32>, %c: tensor<2x4x16xf32>) {\n"
     "  %r = linalg.batch_matmul ins(%a, %b : tensor<2x4x8xf32>, tensor<3x8x16xf32>) outs(%c : tensor<2x4x16xf32>)"
     " -> tensor<2x4x16xf32>\n  return\n}\n",
     "inferred input/output operand #1 has shape's dimension #0 to be 2, but found 3", 2, "linalg.batch_matmul"),
    (gen(maps="affine_map<(d0, d1) -> (d0, d1)>"),
     "expected the number of indexing_map (1) to be equal to the number of input/output operands (2)", 2,
     "linalg.generic"),
    (gen(maps="affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0)>"),
     "expected indexing_map #1 to have 2 dim(s) to match the number of loops", 2, "linalg.generic"),
    (gen(maps="affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>"),
     "expected operand rank (2) to match the result rank of indexing_map #0 (1)", 2, "linalg.generic"),
    (gen(its='"parallel", "window"'), "unexpected iterator type 'window'", 2, "linalg.generic"),
    (gen(args="%in: f32"), "expected as many non-induction variable region arguments", 2, "linalg.generic"),
    (gen(args="%in: f64, %out: f32", body="linalg.yield %out : f32"),
     "expected type of bb argument #0 (f64) to match element or self type of the corresponding operand (f32)", 2,
     "linalg.generic"),
    (gen(body="linalg.yield %in, %out : f32, f32"),
     "expected number of yield values (2) to match the number of inits / outs operands", 4, "linalg.yield"),
    (gen(args="%in: f32, %out: f32", body="%x = arith.extf %in : f32 to f64\n    linalg.yield %x : f64"),
     "type of yield operand 1 (f64) doesn't match the element type of the enclosing linalg.generic op (f32)", 5,
     "linalg.yield"),
    (gen(body="%i = linalg.index 2 : index\n    linalg.yield %in : f32"),
     "expected dim (2) to be lower than the number of loops (2) of the enclosing LinalgOp", 4, "linalg.index"),
    # d0 + d1 over loops (4, 8) reaches 3 + 7 = 10: the init needs >= 11 elements, has 4
    (gen(maps="affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0 + d1)>"),
     "inferred input/output operand #1 has shape's dimension #0 to be greater than or equal to 11, but found 4", 2,
     "linalg.generic"),
    ("func.func @f(%a: tensor<4x8xf32>, %o: tensor<8x4xf32>) {\n"
     "  %t = linalg.transpose ins(%a : tensor<4x8xf32>) outs(%o : tensor<8x4xf32>) permutation = [1, 1]\n"
     "  return\n}\n", "permutation is not valid", 2, "linalg.transpose"),
    ("func.func @f(%a: tensor<4x8xf32>, %o: tensor<4x8xf32>) {\n"
     "  %t = linalg.transpose ins(%a : tensor<4x8xf32>) outs(%o : tensor<4x8xf32>) permutation = [1, 0]\n"
     "  return\n}\n", "dim(result, 0) = 4 doesn't match dim(input, permutation[0]) = 8", 2, "linalg.transpose"),
    ("func.func @f(%a: tensor<8xf32>, %o: tensor<4x8xf32>) {\n"
     "  %t = linalg.broadcast ins(%a : tensor<8xf32>) outs(%o : tensor<4x8xf32>) dimensions = [0, 1]\n"
     "  return\n}\n", "input rank plus added dimensions does not match init rank. input rank: 1, dimensions size: 2,"
                      " init rank: 2", 2, "linalg.broadcast"),
    ("func.func @f(%a: tensor<8xf32>, %o: tensor<4x8xf32>) {\n"
     "  %t = linalg.broadcast ins(%a : tensor<8xf32>) outs(%o : tensor<4x8xf32>) dimensions = [1]\n"
     "  return\n}\n", "input dim 0 should match init dim 0. input: 8, init: 4", 2, "linalg.broadcast"),
    ("func.func @f(%v: f64, %o: tensor<4xf32>) {\n"
     "  %t = linalg.fill ins(%v : f64) outs(%o : tensor<4xf32>) -> tensor<4xf32>\n  return\n}\n",
     "expected fill value type 'f64' to match the element type 'f32' of the output", 2, "linalg.fill"),
    ("func.func @f(%a: tensor<4x8xf32>, %o: tensor<8xf32>) {\n"
     "  %t = linalg.reduce { arith.addf } ins(%a : tensor<4x8xf32>) outs(%o : tensor<8xf32>) dimensions = [1]\n"
     "  return\n}\n", "init dimensions [8] doesn't match input dimensions after reduction [4]", 2, "linalg.reduce"),
    ("func.func @f(%a: tensor<4x8xf32>, %o: tensor<4x8xf32>) {\n"
     "  %t = linalg.map ins(%a, %a : tensor<4x8xf32>, tensor<4x8xf32>) outs(%o : tensor<4x8xf32>) (%x: f32) {\n"
     "    linalg.yield %x : f32\n  }\n  return\n}\n",
     "expects number of operands to match the arity of mapper, but got: 2 and 1", 2, "linalg.map"),
    ("func.func @f(%a: tensor<4x8xf32>, %o: tensor<4x8xf32>) {\n"
     "  %t = linalg.add indexing_maps = [] ins(%a, %a : tensor<4x8xf32>, tensor<4x8xf32>) outs(%o : tensor<4x8xf32>)"
     " -> tensor<4x8xf32>\n  return\n}\n", "'linalg.add' does not accept 'indexing_maps'", 2, "linalg.add"),
    # 8 columns tiled by 4 give 2 outer columns, the dest has 1
    ("func.func @f(%a: tensor<4x8xf32>, %d: tensor<1x1x4x4xf32>) {\n"
     "  %p = linalg.pack %a inner_dims_pos = [0, 1] inner_tiles = [4, 4] into %d : tensor<4x8xf32> -> "
     "tensor<1x1x4x4xf32>\n  return\n}\n",
     "the shape of output is not large enough to hold the packed data. Expected at least tensor<1x2x4x4xf32>", 2,
     "linalg.pack"),
    ("func.func @f(%a: tensor<4x8xf32>, %d: tensor<1x2x4x2xf32>) {\n"
     "  %p = linalg.pack %a inner_dims_pos = [0, 1] inner_tiles = [4, 4] into %d : tensor<4x8xf32> -> "
     "tensor<1x2x4x2xf32>\n  return\n}\n",
     "mismatch in inner tile sizes specified and shaped of tiled dimension in the packed type", 2, "linalg.pack"),
])
def test_invalid(text, message, line, token):
    expect_error(text, message, line, token)


def test_seed_outs_mismatch_is_a_located_error():
    # seed 000 writes outs(%out_slice : tensor<2x2xf32>) for a 1x2 slice and `-> tensor<1x2xf32>`
    text = ("func.func @f(%a: tensor<1x3xf32>, %b: tensor<3x2xf32>, %o: tensor<2x2xf32>) {\n"
            "  %r = linalg.matmul ins(%a, %b : tensor<1x3xf32>, tensor<3x2xf32>)\n"
            "                     outs(%o : tensor<2x2xf32>) -> tensor<1x2xf32>\n  return\n}\n")
    expect_error(text, "inferred input/output operand #2 has shape's dimension #0 to be 1, but found 2", 2,
                 "linalg.matmul")


def test_mlir_opt_generic_form_and_late_attr_dict():
    # mlir-opt's generic form of a named op: properties, a body region, memoized maps (elided when printed);
    # an attr-dict after outs(...) is read too (parseNamedStructuredOp) and printed after the name
    text = """
    func.func @f(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>) -> tensor<4x16xf32> {
      %0 = "linalg.matmul"(%a, %b, %c) <{operandSegmentSizes = array<i32: 2, 1>}> ({
      ^bb0(%in: f32, %in_0: f32, %out: f32):
        %1 = arith.mulf %in, %in_0 : f32
        %2 = arith.addf %out, %1 : f32
        linalg.yield %2 : f32
      }) {linalg.memoized_indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>]} : (tensor<4x8xf32>, tensor<8x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
      %1 = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%0 : tensor<4x16xf32>) {tag} -> tensor<4x16xf32>
      return %1 : tensor<4x16xf32>
    }
    """
    m = parse(textwrap.dedent(text), "t.mlir")
    verify(m)
    first = next(op for op in m.walk() if op.name == "linalg.matmul")
    assert first.inputs == list(first.operands[:2]) and first.static_loop_ranges() == [4, 16, 8]
    out = print_op(m)
    assert "%0 = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) -> " \
           "tensor<4x16xf32>\n" in out
    assert "%1 = linalg.matmul {tag} ins(%a, %b" in out
    again = parse(out, "again.mlir")
    verify(again)
    assert print_op(again) == out
