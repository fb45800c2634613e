"""reshard pass: the collectives chosen per resharding step and per strategy, the
corpus programs' choices, consumers' needs, redundant pairs, byte counts of the
auto strategy, and located errors."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from meshc.dialects import mesh as M
from meshc.ir import DiagnosticError, print_op, verify
from meshc.parser import parse
from meshc.passes.base import PassContext
from meshc.passes.manager import PassManager
from meshc.passes.pipeline import PipelineError

DATA = Path(__file__).parent / "data"
FRONT = "sharding-propagation,distribute-types"


def run(text: str, pipeline: str, context: PassContext | None = None):
    m = parse(textwrap.dedent(text), "t.mlir")
    verify(m)
    PassManager.from_text(pipeline, context).run(m)
    again = parse(print_op(m), "again.mlir")  # the output parses back in
    verify(again)
    return m


def corpus(name: str, pipeline: str):
    m = parse((DATA / f"{name}.mlir").read_text(), f"{name}.mlir")
    verify(m)
    PassManager.from_text(pipeline).run(m)
    return m


def ops(m, cls) -> list:
    return [op for op in m.walk() if isinstance(op, cls)]


def collectives(m) -> list:
    return [op for op in m.walk() if isinstance(op, (M.CollectiveOp, M.UpdateHaloOp))]


def point(mesh: str, shape: str, src: str, dst: str) -> str:
    """A function whose only op is the resharding point ``src -> dst``."""
    t_in = f"tensor<{shape}, #mesh.shard<{src}>>"
    t_out = f"tensor<{shape}, #mesh.shard<{dst}>>"
    return f"""
    {mesh}
    func.func @f(%x: {t_in}) -> {t_out} {{
      %y = mesh.shard %x to <{dst}> : {t_in} -> {t_out}
      return %y : {t_out}
    }}
    """


# ------------------------------------------------------------------ corpus choices (acceptance)
def test_mlp_tensor_parallel_reduces_partial_sums_once():
    m = corpus("mlp_tensor_parallel", FRONT + ",reshard")
    cs = collectives(m)
    assert [c.name for c in cs] == ["mesh.all_reduce"]
    assert cs[0].mesh_axes == (0,)
    # the init of the second matmul is made partial by a local point, no collective
    marks = [s for s in ops(m, M.ShardOp) if s.is_resharding_point]
    assert len(marks) == 1 and M.sharding_of(marks[0].results[0].type).partial_axes == (0,)


@pytest.mark.parametrize("strategy, expected", [("collectives", ["mesh.all_to_all"]), ("auto", ["mesh.all_to_all"]),
                                                ("peer", [])])
def test_reshard_rows_to_cols_uses_one_all_to_all_or_peer_reads(strategy, expected):
    m = corpus("reshard_rows_to_cols", FRONT + f",reshard{{strategy={strategy}}}")
    cs = collectives(m)
    assert [c.name for c in cs] == expected
    peer_points = [s for s in ops(m, M.ShardOp) if s.peer_read]
    assert len(peer_points) == (1 if strategy == "peer" else 0)
    if expected:  # rows (dim 0) to cols (dim 1) over mesh axis 0
        assert (cs[0].axis_attr("concat_axis"), cs[0].axis_attr("split_axis"), cs[0].mesh_axes) == (0, 1, (0,))


def test_mesh2d_peered_reduces_over_axis_1_only():
    m = corpus("mesh2d_peered", FRONT + ",reshard")
    cs = collectives(m)
    assert [(c.name, c.mesh_axes) for c in cs] == [("mesh.all_reduce", (1,))]


# ------------------------------------------------------------------ one step each
STEPS = [
    # (mesh, shape, src, dst, [(op, attribute values)])
    ("mesh.mesh @m(shape = 4)", "8x16xf32", "@m, [[0]]", "@m, [[]]", [("mesh.all_gather", {"gather_axis": 0})]),
    ("mesh.mesh @m(shape = 4)", "8x16xf32", "@m, [[]]", "@m, [[], [0]]", [("mesh.all_slice", {"slice_axis": 1})]),
    ("mesh.mesh @m(shape = 4)", "8x16xf32", "@m, [[0]]", "@m, [[], [0]]",
     [("mesh.all_to_all", {"split_axis": 1, "concat_axis": 0})]),
    ("mesh.mesh @m(shape = 4)", "8x16xf32", "@m, [[]], partial = sum[0]", "@m, [[]]", [("mesh.all_reduce", {})]),
    ("mesh.mesh @m(shape = 4)", "8x16xf32", "@m, [[]], partial = sum[0]", "@m, [[0]]",
     [("mesh.reduce_scatter", {"scatter_axis": 0})]),
    ("mesh.mesh @m(shape = 4)", "10x4xf32", "@m, [[0]]", "@m, [[0]], halo_sizes = [1, 2]", [("mesh.update_halo", {})]),
    # a split moved between the axes of a 2x3 mesh: gather over 0, slice over 1
    ("mesh.mesh @g(shape = 2x3)", "6x7xf32", "@g, [[0]]", "@g, [[1]]",
     [("mesh.all_gather", {"gather_axis": 0}), ("mesh.all_slice", {"slice_axis": 0})]),
    # uneven: 5 rows over 2 devices gather like even ones
    ("mesh.mesh @g(shape = 2x3)", "5x4xf32", "@g, [[0]]", "@g, [[]]", [("mesh.all_gather", {"gather_axis": 0})]),
]


@pytest.mark.parametrize("mesh, shape, src, dst, expected", STEPS)
def test_each_step_lowers_to_its_collective(mesh, shape, src, dst, expected):
    m = run(point(mesh, shape, src, dst), "reshard{strategy=collectives}")
    cs = collectives(m)
    assert [c.name for c in cs] == [name for name, _ in expected]
    for c, (_, attrs) in zip(cs, expected):
        for key, value in attrs.items():
            assert c.axis_attr(key) == value
    # the chain starts at the argument and ends with the target's type, which is returned
    assert ops(m, M.ShardOp) == []
    func = next(op for op in m.walk() if op.name == "func.func")
    assert cs[0].operands[0] is func.body.args[0]
    ret = func.body.ops[-1]
    assert ret.operands[0] is cs[-1].results[0]
    assert str(M.sharding_of(ret.operands[0].type)) == f"<{dst}>"


def test_max_reduction_kind_is_kept():
    m = run(point("mesh.mesh @m(shape = 4)", "8xf32", "@m, [[]], partial = max[0]", "@m, [[]]"),
            "reshard{strategy=collectives}")
    (c,) = collectives(m)
    assert (c.name, c.reduction) == ("mesh.all_reduce", "max")


def test_replicated_to_partial_is_a_local_point():
    m = run(point("mesh.mesh @m(shape = 4)", "8xf32", "@m, [[]]", "@m, [[]], partial = sum[0]"), "reshard")
    assert collectives(m) == []
    (p,) = ops(m, M.ShardOp)
    assert p.is_resharding_point and not p.peer_read


# ------------------------------------------------------------------ strategies
def test_peer_strategy_reduces_partials_by_a_collective_then_reads_in_place():
    text = point("mesh.mesh @q(shape = 2x4, peered_memory_axes = [1])", "64x32xf32", "@q, [[0]], partial = sum[1]",
                 "@q, [[], [0]]")
    m = run(text, "reshard{strategy=peer}")
    (c,) = collectives(m)
    assert (c.name, c.mesh_axes) == ("mesh.all_reduce", (1,))
    (p,) = ops(m, M.ShardOp)
    assert p.peer_read and p.src is c.results[0]


def test_auto_reads_in_place_over_peered_axes_and_reports_bytes():
    # all_gather of 8x16 f32 over 4 peered devices: each device receives 3 shards of 2 x 16 x 4 B = 384 B;
    # reading in place moves the same 8*16 - 2*16 = 96 elements = 384 B, so auto reads in place.
    ctx = PassContext(remarks=True)
    m = run(point("mesh.mesh @p(shape = 4, peered_memory_axes = [0])", "8x16xf32", "@p, [[0]]", "@p, [[]]"),
            "reshard", ctx)
    assert collectives(m) == []
    assert [p.peer_read for p in ops(m, M.ShardOp)] == [True]
    assert any("peer reads over peered mesh axes [0], 384 bytes per device" in d.message for d in ctx.emitted)


def test_auto_uses_collectives_over_axes_that_are_not_peered():
    ctx = PassContext(remarks=True)
    m = run(point("mesh.mesh @m(shape = 4)", "8x16xf32", "@m, [[0]]", "@m, [[]]"), "reshard", ctx)
    assert [c.name for c in collectives(m)] == ["mesh.all_gather"]
    assert any("mesh axes [0] are not all peered" in d.message for d in ctx.emitted)


def test_unknown_strategy_is_a_pipeline_error():
    with pytest.raises(PipelineError) as info:
        PassManager.from_text("reshard{strategy=fast}")
    assert "collectives, peer, auto" in info.value.message


# ------------------------------------------------------------------ pairs and consumers
def test_redundant_pair_is_removed_and_chains_are_planned_from_the_source():
    text = """
    mesh.mesh @m(shape = 4)
    func.func @f(%x: tensor<8x16xf32, #mesh.shard<@m, [[0]]>>) -> (tensor<8x16xf32, #mesh.shard<@m, [[0]]>>, tensor<8x16xf32, #mesh.shard<@m, [[], [0]]>>) {
      %a = mesh.shard %x to <@m, [[]]> : tensor<8x16xf32, #mesh.shard<@m, [[0]]>> -> tensor<8x16xf32, #mesh.shard<@m, [[]]>>
      %b = mesh.shard %a to <@m, [[0]]> : tensor<8x16xf32, #mesh.shard<@m, [[]]>> -> tensor<8x16xf32, #mesh.shard<@m, [[0]]>>
      %c = mesh.shard %a to <@m, [[], [0]]> : tensor<8x16xf32, #mesh.shard<@m, [[]]>> -> tensor<8x16xf32, #mesh.shard<@m, [[], [0]]>>
      return %b, %c : tensor<8x16xf32, #mesh.shard<@m, [[0]]>>, tensor<8x16xf32, #mesh.shard<@m, [[], [0]]>>
    }
    """
    m = run(text, "reshard{strategy=collectives}")
    ret = next(op for op in m.walk() if op.name == "func.return")
    func = ret.parent.parent.parent
    assert ret.operands[0] is func.body.args[0]  # A -> B -> A is %x itself
    assert [c.name for c in collectives(m)] == ["mesh.all_to_all"]  # A -> C directly, no gather


def test_duplicate_points_share_one_collective():
    text = """
    mesh.mesh @m(shape = 4)
    func.func @f(%x: tensor<8xf32, #mesh.shard<@m, [[0]]>>) -> (tensor<8xf32, #mesh.shard<@m, [[]]>>, tensor<8xf32, #mesh.shard<@m, [[]]>>) {
      %a = mesh.shard %x to <@m, [[]]> : tensor<8xf32, #mesh.shard<@m, [[0]]>> -> tensor<8xf32, #mesh.shard<@m, [[]]>>
      %b = mesh.shard %x to <@m, [[]]> : tensor<8xf32, #mesh.shard<@m, [[0]]>> -> tensor<8xf32, #mesh.shard<@m, [[]]>>
      return %a, %b : tensor<8xf32, #mesh.shard<@m, [[]]>>, tensor<8xf32, #mesh.shard<@m, [[]]>>
    }
    """
    m = run(text, "reshard{strategy=collectives}")
    assert len(collectives(m)) == 1


def test_an_operand_the_op_cannot_take_gets_a_point_in_front_of_it():
    # linalg.add with a [[0]] result needs its replicated operand split too: a local all_slice
    text = """
    mesh.mesh @m(shape = 4)
    func.func @f(%a: tensor<8x4xf32, #mesh.shard<@m, [[0]]>>, %b: tensor<8x4xf32, #mesh.shard<@m, [[]]>>, %e: tensor<8x4xf32, #mesh.shard<@m, [[0]]>>) -> tensor<8x4xf32, #mesh.shard<@m, [[0]]>> {
      %r = linalg.add ins(%a, %b : tensor<8x4xf32, #mesh.shard<@m, [[0]]>>, tensor<8x4xf32, #mesh.shard<@m, [[]]>>) outs(%e : tensor<8x4xf32, #mesh.shard<@m, [[0]]>>) -> tensor<8x4xf32, #mesh.shard<@m, [[0]]>>
      return %r : tensor<8x4xf32, #mesh.shard<@m, [[0]]>>
    }
    """
    m = run(text, "reshard")
    (c,) = collectives(m)
    add = next(op for op in m.walk() if op.name == "linalg.add")
    assert c.name == "mesh.all_slice" and add.operands[1] is c.results[0]


def test_a_result_with_halos_is_computed_without_and_exchanged_after():
    h = "#mesh.shard<@m, [[0]], halo_sizes = [1, 1]>"
    text = f"""
    mesh.mesh @m(shape = 4)
    func.func @f(%x: tensor<12xf32, #mesh.shard<@m, [[0]]>>, %o: tensor<12xf32, {h}>) -> tensor<12xf32, {h}> {{
      %r = linalg.exp ins(%x : tensor<12xf32, #mesh.shard<@m, [[0]]>>) outs(%o : tensor<12xf32, {h}>) -> tensor<12xf32, {h}>
      return %r : tensor<12xf32, {h}>
    }}
    """
    m = run(text, "reshard")
    # exp never reads its destination, so the init is a new tensor.empty without halos (no data moves);
    # the op computes the cores, update_halo fills the halos
    assert [(c.name, c.halo_sizes) for c in collectives(m)] == [("mesh.update_halo", (1, 1))]
    exp = next(op for op in m.walk() if op.name == "linalg.exp")
    assert exp.operands[1].op.name == "tensor.empty"
    assert str(M.sharding_of(exp.operands[1].type)) == "<@m, [[0]]>"
    assert str(M.sharding_of(exp.results[0].type)) == "<@m, [[0]]>"
    assert collectives(m)[0].operands[0] is exp.results[0]


def test_explicit_offsets_shared_by_an_elementwise_op_need_no_resharding():
    s = "#mesh.shard<@m, [[0]], sharded_dims_offsets = [0, 1, 2, 3, 10]>"
    text = f"""
    mesh.mesh @m(shape = 4)
    func.func @f(%x: tensor<10xf32, {s}>, %o: tensor<10xf32, {s}>) -> tensor<10xf32, {s}> {{
      %r = linalg.exp ins(%x : tensor<10xf32, {s}>) outs(%o : tensor<10xf32, {s}>) -> tensor<10xf32, {s}>
      return %r : tensor<10xf32, {s}>
    }}
    """
    m = run(text, "reshard")
    assert collectives(m) == [] and ops(m, M.ShardOp) == []


# ------------------------------------------------------------------ errors and mesh shapes
def test_annotation_form_input_is_a_located_error():
    text = """
    mesh.mesh @m(shape = 4)
    func.func @f(%x: tensor<8xf32>) -> tensor<8xf32> {
      %y = mesh.shard %x to <@m, [[0]]> : tensor<8xf32>
      return %y : tensor<8xf32>
    }
    """
    with pytest.raises(DiagnosticError) as info:
        run(text, "reshard")
    assert "run distribute-types first" in info.value.message
    line = textwrap.dedent(text).splitlines()[3]
    assert (info.value.location.line, info.value.location.col) == (4, line.index("mesh.shard") + 1)


def test_offsets_on_a_dynamic_mesh_are_rejected_before_planning():
    # explicit boundaries need the device count: upstream's verifier rejects them on a dynamic mesh
    text = point("mesh.mesh @d(shape = ?)", "8xf32", "@d, [[0]]", "@d, [[0]], sharded_dims_offsets = [0, 3, 8]")
    with pytest.raises(DiagnosticError) as info:
        run(text, "reshard")
    assert "sharded_dims_offsets are not allowed on mesh @d of dynamic shape ?" in info.value.message
    assert info.value.location.line == 4


def test_mesh_shape_from_the_context_specializes_before_planning():
    text = point("mesh.mesh @d(shape = ?)", "8xf32", "@d, [[0]]", "@d, [[]]")
    m = run(text, "reshard{strategy=collectives}", PassContext(mesh_shapes={"d": (2,)}))
    assert ops(m, M.MeshOp)[0].shape == (2,)
    assert [c.name for c in collectives(m)] == ["mesh.all_gather"]

HALO_INIT = """mesh.mesh @m(shape = 1)
func.func @main(%a: tensor<4x1x7xf32>) -> tensor<4x7xf32> {
  %s = mesh.shard %a to <@m, [[0]], halo_sizes = [2, 0]> : tensor<4x1x7xf32>
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<4x7xf32>
  %f = linalg.fill ins(%one : f32) outs(%e : tensor<4x7xf32>) -> tensor<4x7xf32>
  %r = linalg.reduce { arith.mulf } ins(%s : tensor<4x1x7xf32>) outs(%f : tensor<4x7xf32>) dimensions = [1]
  %rs = mesh.shard %r to <@m, [[0]]> : tensor<4x7xf32>
  return %rs : tensor<4x7xf32>
}
"""


def test_a_fill_needed_with_halos_is_resharded_not_refilled():
    # a splat is made again with the sharding a consumer needs, except a sharding with halos: no fill
    # makes halo cells, so the resharding point (its halo exchange) stays (found by the differential tester)
    import numpy as np

    import meshc.api as mc

    a = (np.arange(28, dtype=np.float32).reshape(4, 1, 7) / 8)
    result = mc.run(mc.parse(HALO_INIT, "halo_init.mlir"), [a], check=True)
    assert result.check_ok
    np.testing.assert_array_equal(result.outputs[0], a[:, 0, :])  # a product over one element is exact


# -- a cut after an elementwise op of a partial value -------------------------------------------------------------

PARTIAL_THEN_ELEMENTWISE = """
mesh.mesh @m(shape = 4)
func.func @main(%x: tensor<8x16xf32>, %w: tensor<16x8xf32>) -> tensor<8x8xf32> {
  %xs = mesh.shard %x to <@m, [[], [0]]> : tensor<8x16xf32>
  %ws = mesh.shard %w to <@m, [[0]]> : tensor<16x8xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x8xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
  %p = linalg.matmul ins(%xs, %ws : tensor<8x16xf32>, tensor<16x8xf32>) outs(%f : tensor<8x8xf32>) -> tensor<8x8xf32>
  %t = math.tanh %p : tensor<8x8xf32>
  %q = arith.negf %t : tensor<8x8xf32>
  %r = mesh.shard %q to <@m, [[0]]> : tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}
"""


def test_a_partial_value_cut_after_elementwise_ops_is_one_reduce_scatter():
    # propagation replicates tanh (its operand is a partial sum) and the result's cut slices the negf:
    # the slice moves above both ops, so the partial matmul is reduce_scattered where the rows are cut
    # (it was an all_reduce and an all_slice), and tanh and negf run on each device's 2 rows
    import numpy as np

    import meshc.api as mc
    from meshc.runtime.estimate import estimate
    from tests.tolerance import assert_close, matmul_magnitude

    m = run(PARTIAL_THEN_ELEMENTWISE, FRONT + ",reshard")
    names = [op.name for op in m.walk() if op.name.startswith("mesh.") and op.name not in ("mesh.mesh", "mesh.shard")]
    assert names == ["mesh.reduce_scatter"]
    for op in m.walk():
        if op.name in ("math.tanh", "arith.negf"):
            assert M.sharding_of(op.results[0].type).split_axes == ((0,),)
    rng = np.random.default_rng(3)
    x, w = rng.standard_normal((8, 16)).astype(np.float32), (rng.standard_normal((8, 16)).T / 4).astype(np.float32)
    result = mc.run(mc.parse(PARTIAL_THEN_ELEMENTWISE), [x, w], check=True)
    assert result.check_ok
    # 16-term sums in f32 (tanh and negf do not amplify an error)
    assert_close(result.outputs[0], -np.tanh(x.astype(np.float64) @ w), 16, matmul_magnitude(x, w))
    # each device receives (g - 1) / g of the 8x8 f32 partial block: 192 B (an all_reduce: 384 B)
    assert [d.collective_bytes for d in result.stats.devices] == [3 * 256 // 4] * 4
    est = estimate(mc.compile(mc.parse(PARTIAL_THEN_ELEMENTWISE), None).program.schedule)
    assert [d.stats.collective_bytes for d in est.devices] == [3 * 256 // 4] * 4


PARTIAL_THEN_GENERIC = """
mesh.mesh @m(shape = 4)
func.func @main(%x: tensor<8x16xf32>, %w: tensor<16x8xf32>, %k: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %xs = mesh.shard %x to <@m, [[], [0]]> : tensor<8x16xf32>
  %ws = mesh.shard %w to <@m, [[0]]> : tensor<16x8xf32>
  %ks = mesh.shard %k to <@m, [[0]]> : tensor<8x8xf32>
  %z = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<8x8xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
  %p = linalg.matmul ins(%xs, %ws : tensor<8x16xf32>, tensor<16x8xf32>) outs(%f : tensor<8x8xf32>) -> tensor<8x8xf32>
  %e2 = tensor.empty() : tensor<8x8xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]} ins(%p : tensor<8x8xf32>) outs(%e2 : tensor<8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %d = arith.subf %in, %one : f32
    linalg.yield %d : f32
  } -> tensor<8x8xf32>
  %e3 = tensor.empty() : tensor<8x8xf32>
  %q = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>,
                                        affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]} ins(%s, %ks : tensor<8x8xf32>, tensor<8x8xf32>) outs(%e3 : tensor<8x8xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %m = arith.mulf %a, %b : f32
    linalg.yield %m : f32
  } -> tensor<8x8xf32>
  return %q : tensor<8x8xf32>
}
"""


@pytest.mark.parametrize("reads_position", [False, True], ids=["pointwise", "linalg.index"])
def test_a_partial_value_through_a_pointwise_generic_is_one_reduce_scatter(reads_position):
    # IREE fuses elementwise ops into a linalg.generic with identity maps (moe's "slots - 1"): that
    # generic commutes with the cut like an Elementwise op, so the partial product is reduce_scattered
    # into the row split its row-split consumer needs; a body that reads its position (linalg.index)
    # does not commute with a slice, and keeps the all_reduce then all_slice
    import numpy as np

    import meshc.api as mc
    from tests.tolerance import assert_close, matmul_magnitude

    text = PARTIAL_THEN_GENERIC
    if reads_position:
        text = text.replace("    %d = arith.subf %in, %one : f32\n",
                            "    %i = linalg.index 0 : index\n    %ii = arith.index_cast %i : index to i32\n"
                            "    %fi = arith.sitofp %ii : i32 to f32\n    %d = arith.subf %in, %fi : f32\n")
    m = run(text, FRONT + ",reshard")
    names = [op.name for op in m.walk() if op.name.startswith("mesh.") and op.name not in ("mesh.mesh", "mesh.shard")]
    assert names == (["mesh.all_reduce", "mesh.all_slice"] if reads_position else ["mesh.reduce_scatter"])
    rng = np.random.default_rng(5)
    x, w = rng.standard_normal((8, 16)).astype(np.float32), (rng.standard_normal((16, 8)) / 4).astype(np.float32)
    k = rng.standard_normal((8, 8)).astype(np.float32)
    result = mc.run(mc.parse(text), [x, w, k], check=True)
    assert result.check_ok
    shift = np.arange(8, dtype=np.float64)[:, None] if reads_position else 1.0
    # 16-term sums in f32, then one subtraction and one product (relative error kept)
    expected = (x.astype(np.float64) @ w - shift) * k
    assert_close(result.outputs[0], expected, 16, (matmul_magnitude(x, w) + 8) * np.abs(k).max())
    # each device receives (g - 1) / g of the 8x8 f32 partial (256 B): 192 B; an all_reduce twice that
    want = 3 * 256 // 4 if not reads_position else 2 * 3 * 256 // 4
    assert [d.collective_bytes for d in result.stats.devices] == [want] * 4
