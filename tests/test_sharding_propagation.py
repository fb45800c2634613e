"""ShardingInterface (meshc.interfaces.sharding) and the sharding-propagation pass.

Golden files (tests/data/golden/sharding_propagation/<corpus program>.txt) list the
sharding of every value after propagation, each reasoned by hand in their comments.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from meshc.dialects.mesh import ShardingAttr, ShardOp
from meshc.interfaces.annotations import describe_shardings, functions, value_shardings
from meshc.interfaces.sharding import (ANY, PARALLEL, REDUCTION, DimLink, IterationSpace, LoopSharding,
                                       ShardingModel, broadcast_loops, ShardingRuleError, has_sharding_rule, iteration_space,
                                       keeps_operand_sharding, loop_sharding, operand_shardings_for,
                                       register_sharding_model, result_shardings_for)
from meshc.ir import DiagnosticError, print_op, verify
from meshc.parser import parse
from meshc.passes.base import PassContext
from meshc.passes.manager import PassManager
from meshc.passes.pipeline import PipelineError
from meshc.sharding import Mesh

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
GOLDEN = DATA / "golden" / "sharding_propagation"
CORPUS = ["dynamic_mesh_rowsum", "encoding_exp_matmul", "mesh2d_peered", "mlp_tensor_parallel", "reshard_rows_to_cols",
          "seed_matmul_rows", "upstream_llvm19", "upstream_llvm20", "upstream_llvm22_shard"]
LIT = ROOT / "tests" / "lit" / "sharding-propagation"


def S(mesh: str, split, partial=(), kind="sum") -> ShardingAttr:
    return ShardingAttr(mesh, tuple(tuple(a) for a in split), tuple(partial), kind)


def module(text: str):
    m = parse(text, "test.mlir")
    verify(m)
    return m


def op_named(m, name: str):
    return next(op for op in m.walk() if op.name == name)


def propagate(m, pipeline: str = "sharding-propagation", context: PassContext | None = None):
    PassManager.from_text(pipeline, context).run(m)
    return m


MATMUL = """
mesh.mesh @m(shape = 2x2)
func.func @f(%a: tensor<8x16xf32>, %b: tensor<16x4xf32>, %c: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<8x16xf32>, tensor<16x4xf32>) outs(%c : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %r : tensor<8x4xf32>
}
"""

ROWMAX = """
mesh.mesh @m(shape = 4)
#id = affine_map<(d0, d1) -> (d0, d1)>
#rows = affine_map<(d0, d1) -> (d0)>
func.func @f(%x: tensor<8x16xf32>, %i: tensor<8xf32>) -> tensor<8xf32> {
  %r = linalg.generic {indexing_maps = [#id, #rows], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x16xf32>) outs(%i : tensor<8xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.COMBINER %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %r : tensor<8xf32>
}
"""


# ------------------------------------------------------------------------------------------------ interface
def test_matmul_iteration_space():
    mm = op_named(module(MATMUL), "linalg.matmul")
    space = iteration_space(mm)
    # loops (m, n, k); lhs (m, k) = (d0, d2), rhs (k, n) = (d2, d1), init and result (m, n) = (d0, d1)
    assert space.iterator_types == (PARALLEL, PARALLEL, REDUCTION)
    assert space.operands == ((DimLink(0), DimLink(2)), (DimLink(2), DimLink(1)), (DimLink(0), DimLink(1)))
    assert space.results == ((DimLink(0), DimLink(1)),)
    assert space.reduction_kinds == ("sum",)
    assert space.tied == (None, None, 0)
    assert has_sharding_rule(mm)


def test_matmul_row_split_from_lhs():
    mm = op_named(module(MATMUL), "linalg.matmul")
    ls = loop_sharding(mm, [S("m", [[0]]), None, None], [None])
    assert ls.loop_axes == ((0,), (), ())  # m over axis 0; k decided unsplit by the lhs' dim 1; n undecided
    assert ls.partial_axes == ()
    assert operand_shardings_for(mm, ls) == [S("m", [[0]]), S("m", []), S("m", [[0]])]
    assert result_shardings_for(mm, ls) == [S("m", [[0]])]


def test_matmul_contraction_split_makes_partial_result_and_init():
    mm = op_named(module(MATMUL), "linalg.matmul")
    ls = loop_sharding(mm, [S("m", [[0], [1]]), None, None], [None])
    assert ls.loop_axes == ((0,), (), (1,))
    assert ls.partial_axes == (1,) and ls.partial_kind(0) == "sum"
    # rhs (k, n): dim 0 over axis 1; the init is tied to the result: partial too
    assert operand_shardings_for(mm, ls) == [S("m", [[0], [1]]), S("m", [[1]]), S("m", [[0]], [1])]
    assert result_shardings_for(mm, ls) == [S("m", [[0]], [1])]


def test_column_split_from_result_backward():
    mm = op_named(module(MATMUL), "linalg.matmul")
    ls = loop_sharding(mm, [None, None, None], [S("m", [[], [1]])])
    assert ls.loop_axes == ((), (1,), ())
    assert operand_shardings_for(mm, ls) == [S("m", []), S("m", [[], [1]]), S("m", [[], [1]])]


def test_priority_and_all_or_nothing():
    mm = op_named(module(MATMUL), "linalg.matmul")
    # The result (first) decides m = [0], n unsplit; the lhs [[1], [0]] wants m = [1]: rejected as a whole,
    # so k stays undecided and the soft rhs [[1]] then splits k over axis 1.
    ls = loop_sharding(mm, [S("m", [[1], [0]]), None, None], [S("m", [[0]])],
                       soft_operand_shardings=[None, S("m", [[1]]), None])
    assert ls.loop_axes == ((0,), (), (1,))
    # musts beat softs: the soft result [[1]] loses against the must lhs [[0]] on loop m
    ls = loop_sharding(mm, [S("m", [[0]]), None, None], [None], soft_result_shardings=[S("m", [[1]])])
    assert ls.loop_axes == ((0,), (), ())


def test_mesh_axis_used_by_two_loops_is_rejected():
    mm = op_named(module(MATMUL), "linalg.matmul")
    # lhs rows over axis 0 first; the rhs [[0]] would put axis 0 on k as well: rejected
    ls = loop_sharding(mm, [S("m", [[0]]), S("m", [[0]]), None], [None])
    assert ls.loop_axes == ((0,), (), ())
    assert operand_shardings_for(mm, ls)[1] == S("m", [])


def test_partial_result_places_axes_on_the_reduction_loop():
    mm = op_named(module(MATMUL), "linalg.matmul")
    ls = loop_sharding(mm, [None, None, None], [S("m", [[0]], [1])])
    assert ls.loop_axes == ((0,), (), (1,))
    # a partial kind the combiner does not produce is ignored (split axes still used)
    ls = loop_sharding(mm, [None, None, None], [S("m", [[0]], [1], "max")])
    assert ls.loop_axes == ((0,), (), ())


@pytest.mark.parametrize("combiner, kind", [("addf", "sum"), ("maximumf", "max"), ("minimumf", "min"),
                                            ("mulf", "product")])
def test_reduction_kind_follows_the_combiner(combiner, kind):
    g = op_named(module(ROWMAX.replace("COMBINER", combiner)), "linalg.generic")
    ls = loop_sharding(g, [S("m", [[], [0]]), None], [None])
    assert ls.loop_axes == ((), (0,))
    assert result_shardings_for(g, ls) == [S("m", [], [0], kind)]


def test_unknown_combiner_forbids_splitting_the_reduction():
    g = op_named(module(ROWMAX.replace("COMBINER", "subf")), "linalg.generic")
    assert iteration_space(g).reduction_kinds == (None,)
    ls = loop_sharding(g, [S("m", [[], [0]]), None], [None])
    assert ls.loop_axes == ((), ())  # the input's [[], [0]] cannot be honoured: d1 must stay unsplit
    assert operand_shardings_for(g, ls)[0] == S("m", [])


def test_errors_are_value_errors():
    mm = op_named(module(MATMUL), "linalg.matmul")
    with pytest.raises(ShardingRuleError, match="meshes @a, @b"):
        loop_sharding(mm, [S("a", [[0]]), S("b", [[0]]), None], [None])
    with pytest.raises(ShardingRuleError, match="no mesh is known"):
        loop_sharding(mm, [None, None, None], [None])
    with pytest.raises(ShardingRuleError, match="2 loops does not fit 'linalg.matmul', which has 3"):
        operand_shardings_for(mm, LoopSharding("m", ((0,), ()), (PARALLEL, PARALLEL)))
    assert issubclass(ShardingRuleError, ValueError)


def test_dim_link_exactness():
    # split 4 of a collapsed 4x2 group over k devices: exact when k divides 4
    link = DimLink(0, multiple=4)
    assert link.exact_for((0,), (4,)) and link.exact_for((0,), (2,))
    assert not link.exact_for((0,), (3,))
    assert not link.exact_for((0,), (None,))  # dynamic mesh: unknown
    assert link.exact_for((0, 1), (2, 2)) and not link.exact_for((0, 1), (2, 4))  # 2*2 | 4, 2*4 does not
    assert DimLink(0).exact_for((0,), (None,))


def test_reshape_rules_use_the_mesh_shape():
    text = """
mesh.mesh @m(shape = 3)
func.func @f(%x: tensor<12x5xf32>) -> tensor<6x2x5xf32> {
  %e = tensor.expand_shape %x [[0, 1], [2]] output_shape [6, 2, 5] : tensor<12x5xf32> into tensor<6x2x5xf32>
  return %e : tensor<6x2x5xf32>
}
"""
    e = op_named(module(text), "tensor.expand_shape")
    assert iteration_space(e).operands[0] == (DimLink(0, 6), DimLink(2))
    ls = loop_sharding(e, [S("m", [[0]])], [None])
    assert ls.loop_axes == ((0,), (), ())  # 12 rows over 3 = 2 groups of the major dim 6 each
    # on a mesh of 4, 4 does not divide 6: the rows cannot stay split
    ls = loop_sharding(e, [S("m", [[0]])], [None], mesh=Mesh("m", (4,)))
    assert ls.loop_axes == ((), (), ())


def test_second_round_refines_a_soft_operands_unsplit_dims():
    mm = op_named(module(MATMUL), "linalg.matmul")
    # the lhs produced split on its rows only (k unsplit) and the rhs on k (Megatron's row-parallel
    # weight): the lhs alone leaves k unsplit, but a soft operand's replicated dim is free to slice,
    # so the second round splits k over axis 1 (the result partial) instead of gathering the rhs
    ls = loop_sharding(mm, [None, None, None], [None], soft_operand_shardings=[S("m", [[0]]), S("m", [[1]]), None])
    assert ls.loop_axes == ((0,), (), (1,)) and ls.partial_axes == (1,)
    assert operand_shardings_for(mm, ls)[:2] == [S("m", [[0], [1]]), S("m", [[1]])]
    # a must's unsplit dim is not refined: the user asked for the lhs as it is
    ls = loop_sharding(mm, [S("m", [[0]]), None, None], [None], soft_operand_shardings=[None, S("m", [[1]]), None])
    assert ls.loop_axes == ((0,), (), ())


def test_second_round_keeps_the_dims_a_reshape_can_carry():
    text = """
mesh.mesh @m(shape = 2x4)
func.func @f(%x: tensor<2x12xf32>) -> tensor<2x3x4xf32> {
  %e = tensor.expand_shape %x [[0], [1, 2]] output_shape [2, 3, 4] : tensor<2x12xf32> into tensor<2x3x4xf32>
  return %e : tensor<2x3x4xf32>
}
"""
    e = op_named(module(text), "tensor.expand_shape")
    # rows over axis 0, the 12 columns over axis 1 (4 devices): 4 does not divide the carrying dim 3,
    # so the columns cannot stay split, but the rows can: only the columns are gathered
    ls = loop_sharding(e, [S("m", [[0], [1]])], [None])
    assert ls.loop_axes == ((0,), (), ())
    assert operand_shardings_for(e, ls) == [S("m", [[0]])]
    assert not keeps_operand_sharding(e, 0, S("m", [[0], [1]]))
    assert keeps_operand_sharding(e, 0, S("m", [[0]]))
    assert keeps_operand_sharding(e, 0, S("m", [[], [1]]), mesh=Mesh("m", (2, 3)))  # 3 | 3: whole blocks


def test_no_rule_means_replicated():
    text = """
mesh.mesh @m(shape = 4)
func.func @f(%x: tensor<8xf32>, %i: index) -> f32 {
  %v = tensor.extract %x[%i] : tensor<8xf32>
  return %v : f32
}
"""
    x = op_named(module(text), "tensor.extract")
    assert not has_sharding_rule(x)
    ls = loop_sharding(x, [S("m", [[0]]), None], [None])
    assert ls.loop_axes == ()
    assert operand_shardings_for(x, ls) == [S("m", []), None]


def test_return_takes_any_sharding():
    ret = op_named(module(MATMUL), "func.return")
    assert iteration_space(ret).operands == (ANY,)
    assert operand_shardings_for(ret, LoopSharding("m", (), ())) == [None]


def test_external_model_registration():
    class TwoDimsModel(ShardingModel):
        def iteration_space(self, op):
            return IterationSpace((PARALLEL, PARALLEL), ((DimLink(1), DimLink(0)),), ((DimLink(0), DimLink(1)),))

    text = """
mesh.mesh @m(shape = 4)
func.func @f(%x: tensor<4x8xf32>) -> tensor<8x4xf32> {
  %y = "test.my_transpose"(%x) : (tensor<4x8xf32>) -> tensor<8x4xf32>
  return %y : tensor<8x4xf32>
}
"""
    op = op_named(module(text), "test.my_transpose")
    assert not has_sharding_rule(op)
    register_sharding_model("test.my_transpose", TwoDimsModel())
    assert has_sharding_rule(op)
    ls = loop_sharding(op, [S("m", [[0]])], [None])
    assert result_shardings_for(op, ls) == [S("m", [[], [0]])]


# ------------------------------------------------------------------------------------------------ the pass
@pytest.mark.parametrize("name", CORPUS)
def test_corpus_golden(name):
    m = propagate(module((DATA / f"{name}.mlir").read_text()))
    got = "".join(describe_shardings(f) for f in functions(m))
    golden = (GOLDEN / f"{name}.txt").read_text()
    expected = "".join(line + "\n" for line in golden.splitlines() if line and not line.startswith("#"))
    assert got == expected


def _lit_chunks() -> list[tuple[str, str]]:
    out = []
    for path in sorted(LIT.glob("*.mlir")):
        if path.name == "invalid.mlir":
            continue
        for i, chunk in enumerate(path.read_text().split("// -----")):
            out.append((f"{path.stem}.{i}", chunk))
    return out


PROGRAMS = [(n, (DATA / f"{n}.mlir").read_text()) for n in CORPUS] + _lit_chunks()


@pytest.mark.parametrize("name, text", PROGRAMS, ids=[p[0] for p in PROGRAMS])
def test_idempotent_and_deterministic(name, text):
    once = print_op(propagate(module(text)))
    assert print_op(propagate(module(text))) == once  # same input, same output
    assert print_op(propagate(module(once))) == once  # a second run changes nothing


@pytest.mark.parametrize("name, text", PROGRAMS, ids=[p[0] for p in PROGRAMS])
def test_every_tensor_value_gets_one_valid_sharding(name, text):
    m = propagate(module(text))
    for func in functions(m):
        records = value_shardings(func)
        if not any(r.sharding for r in records):
            assert "mesh.shard" not in print_op(func)  # nothing annotated: left alone
            continue
        mesh = next(op for op in m.walk() if op.name == "mesh.mesh"
                    and op.sym_name == records[0].sharding.mesh).as_mesh()
        for r in records:
            assert r.sharding is not None, r.value
            r.sharding.to_spec().validate(r.value.type.rank, mesh)
            for _, chain in r.uses:
                for s in chain:
                    s.to_spec().validate(r.value.type.rank, mesh)
        # exactly one non-annotate mesh.shard per value, directly after it
        for r in records:
            defs = [u for u, _ in r.value.uses if isinstance(u, ShardOp) and not u.annotate_for_users]
            assert len(defs) == 1


def test_traversal_option_and_its_errors():
    text = (LIT / "traversal.mlir").read_text()
    forward = print_op(propagate(module(text), "sharding-propagation{traversal=forward}"))
    backward = print_op(propagate(module(text), "sharding-propagation{traversal=backward}"))
    assert forward != backward
    assert forward == print_op(propagate(module(text)))  # default: forward-backward
    with pytest.raises(PipelineError, match="expects one of forward, backward, forward-backward, backward-forward"):
        PassManager.from_text("sharding-propagation{traversal=sideways}")


def test_remarks_for_ops_without_a_rule():
    text = """
mesh.mesh @m(shape = 4)
func.func @f(%x: tensor<8xf32>, %i: index) -> f32 {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<8xf32>
  %v = tensor.extract %xs[%i] : tensor<8xf32>
  return %v : f32
}
"""
    ctx = PassContext(remarks=True)
    propagate(module(text), context=ctx)
    messages = [(d.location.line, d.message) for d in ctx.emitted]
    assert (5, "no sharding rule for 'tensor.extract': its tensor operands and results are replicated") in messages
    assert (5, "operand #0 of 'tensor.extract' is resharded: <@m, [[0]]> -> <@m, [[]]>") in messages


def test_two_meshes_in_one_function_is_a_located_error():
    text = """
mesh.mesh @a(shape = 4)
mesh.mesh @b(shape = 4)
func.func @f(%x: tensor<8xf32>, %y: tensor<8xf32>) -> tensor<8xf32> {
  %xs = mesh.shard %x to <@a, [[0]]> : tensor<8xf32>
  %ys = mesh.shard %y to <@b, [[0]]> : tensor<8xf32>
  %z = arith.addf %xs, %ys : tensor<8xf32>
  return %z : tensor<8xf32>
}
"""
    with pytest.raises(DiagnosticError) as err:
        propagate(module(text))
    d = err.value.diagnostics[0]
    assert (d.location.line, d.location.col) == (6, 9)
    assert "uses mesh @b but function @f already uses mesh @a" in d.message


def test_block_arguments_are_never_inferred_partial():
    # The init of a split contraction must be partial; the argument itself arrives whole ([[]]) and is
    # marked partial on the way.
    text = MATMUL.replace("%r = linalg", '%as = mesh.shard %a to <@m, [[], [0]]> : tensor<8x16xf32>\n  %r = linalg') \
        .replace("ins(%a,", "ins(%as,").replace("shape = 2x2", "shape = 4")
    m = propagate(module(text))
    table = {r.value.name_hint: r for r in value_shardings(functions(m).__next__())}
    assert table["c"].sharding == S("m", [])
    assert [chain for _, chain in table["c"].uses] == [(S("m", [], [0]),)]


BROADCASTS = """
mesh.mesh @m(shape = 4)
func.func @f(%k: tensor<4x2x8xf32>, %b: tensor<8xf32>, %x: tensor<4x8xf32>) -> (tensor<4x2x4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) {
  %e = tensor.empty() : tensor<4x2x4x8xf32>
  %rep = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%k : tensor<4x2x8xf32>) outs(%e : tensor<4x2x4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<4x2x4x8xf32>
  %e2 = tensor.empty() : tensor<4x8xf32>
  %bias = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%b : tensor<8xf32>) outs(%e2 : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<4x8xf32>
  %scaled = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%b : tensor<8xf32>) outs(%e2 : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %in, %in : f32
    linalg.yield %s : f32
  } -> tensor<4x8xf32>
  %wide = tensor.expand_shape %x [[0], [1, 2]] output_shape [4, 2, 4] : tensor<4x8xf32> into tensor<4x2x4xf32>
  %back = tensor.collapse_shape %wide [[0], [1, 2]] : tensor<4x2x4xf32> into tensor<4x8xf32>
  return %rep, %bias, %back, %scaled : tensor<4x2x4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>
}
"""


def test_broadcast_loops_are_the_loops_a_copy_adds():
    # jnp.repeat of 2 KV heads over groups of 4 (loop 2 reads no dim of k) and a bias spread over the
    # rows (loop 0); not a body that computes (the doubled bias), not a reshape (no element added)
    m = module(BROADCASTS)
    generics = [op for op in m.walk() if op.name == "linalg.generic"]
    assert [broadcast_loops(op) for op in generics] == [(2,), (0,), ()]
    assert [broadcast_loops(op) for op in m.walk() if op.name.startswith("tensor.") and "shape" in op.name] == [(), ()]
