"""mesh dialect: every op round-trips in custom and generic form, upstream
spellings (LLVM 20 ``mesh.sharding`` values, LLVM 21+ ``shard``/``grid``) print
canonically, accessors, the sharding checks and located verification errors."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from meshc.dialects import mesh as M
from meshc.dialects.builtin import ModuleOp
from meshc.dialects.func import FuncOp
from meshc.ir import F32, I64, INDEX, DiagnosticError, Location, TensorType, print_op, verify
from meshc.parser import parse
from tests.irtest import expect_error, first, roundtrip

DATA = Path(__file__).parent / "data"

MESHES = """
mesh.mesh @m(shape = 2x4, peered_memory_axes = [1])
mesh.mesh @one(shape = 4)
mesh.mesh @dyn(shape = ?x?)
"""


def in_func(body: str, args: str = "%x: tensor<8x16xf32>, %c: index, %h: i64") -> str:
    return MESHES + f"func.func @f({args}) {{\n{textwrap.dedent(body)}\n  return\n}}\n"


# ------------------------------------------------------------------ round trips, one op each
T = "tensor<8x16xf32>"
# op -> source line(s) inside @f; printed back unchanged after "= " unless CANONICAL says otherwise
OPS = {
    "sharding_dynamic": "%s = mesh.sharding @m split_axes = [[0], [1]] halo_sizes = [1, %h, 2, 2] : !mesh.sharding",
    "shard": f"%0 = mesh.shard %x to <@m, [[0], [1]]> annotate_for_users : {T}",
    "mesh_shape": "%0:2 = mesh.mesh_shape @m : index, index",
    "mesh_shape_axes": "%0 = mesh.mesh_shape @m axes = [1] : index",
    "process_multi_index": "%0 = mesh.process_multi_index on @m axes = [0] : index",
    "process_linear_index": "%0 = mesh.process_linear_index on @m : index",
    "neighbors": "%0:2 = mesh.neighbors_linear_indices on @m[%c, %c] split_axes = [0] : index, index",
    "all_gather": f"%0 = mesh.all_gather %x on @m mesh_axes = [1] gather_axis = 0 : {T} -> tensor<32x16xf32>",
    "all_reduce": f"%0 = mesh.all_reduce %x on @m mesh_axes = [0, 1] reduction = product : {T} -> tensor<8x16xf64>",
    "all_slice": f"%0 = mesh.all_slice %x on @one mesh_axes = [0] slice_axis = 1 : {T} -> tensor<8x4xf32>",
    "all_to_all": f"%0 = mesh.all_to_all %x on @one mesh_axes = [0] split_axis = 1 concat_axis = 0 : {T} -> "
                  "tensor<32x4xf32>",
    "reduce_scatter": f"%0 = mesh.reduce_scatter %x on @one mesh_axes = [0] scatter_axis = 1 : {T} -> tensor<8x4xf32>",
    "broadcast": f"%0 = mesh.broadcast %x on @m mesh_axes = [0, 1] root = [1, %c] : ({T}, index) -> {T}",
    "gather": f"%0 = mesh.gather %x on @one mesh_axes = [0] gather_axis = 1 root = [0] : ({T}) -> tensor<8x64xf32>",
    "scatter": f"%0 = mesh.scatter %x on @one mesh_axes = [0] scatter_axis = 0 root = [%c] : ({T}, index) -> "
               "tensor<2x16xf32>",
    "reduce": f"%0 = mesh.reduce %x on @one mesh_axes = [0] root = [3] : ({T}) -> {T}",
    "send": f"%0 = mesh.send %x on @one mesh_axes = [0] destination = [2] : ({T}) -> {T}",
    "recv": f"%0 = mesh.recv %x on @one mesh_axes = [0] : ({T}) -> {T}",
    "shift": f"%0 = mesh.shift %x on @m mesh_axes = [0, 1] shift_axis = 0 offset = 1 : {T} -> {T}",
    "update_halo": f"%0 = mesh.update_halo %x on @m split_axes = [[], [0]] halo_sizes = [%h, 2] : {T}",
    "for_all": "%0 = mesh.for_all on @one -> tensor<8x16xf32, #mesh.shard<@one, [[], [0]]>> {\n"
               "  %s = \"test.piece\"() : () -> tensor<8x4xf32>\n  mesh.yield %s : tensor<8x4xf32>\n}",
    "for_one": f"%0 = mesh.for_one [1, %c] on @m -> {T} {{\n  mesh.yield %x : {T}\n}}",
    "for_one_no_result": f"mesh.for_one %c on @one {{\n  \"test.use\"(%x) : ({T}) -> ()\n}}",
    "yield": "%0 = mesh.for_all on @dyn -> index {\n  mesh.yield %c : index\n}",
    "for_all_attributes": "%0 = mesh.for_all on @dyn -> index attributes {tag = \"a\"} {\n  mesh.yield %c : index\n}",
}
# upstream or redundant spellings -> the canonical text printed
CANONICAL = {
    "sharding_partial_empty": ("%s = shard.sharding @m split_axes = [[0], [1], []] partial = max [] "
                               "halo_sizes = [1, %h, 2, 2] : !shard.sharding",
                               "%s = mesh.sharding @m split_axes = [[0], [1]] halo_sizes = [1, %h, 2, 2] : "
                               "!mesh.sharding"),
    "shard_alias": (f"%0 = shard.shard %x to <@m, [[0], [1]], partial = min[]> annotate_for_users : {T}",
                    f"= mesh.shard %x to <@m, [[0], [1]]> annotate_for_users : {T}"),
    "grid_shape": ("%0:2 = shard.grid_shape @m axes = [] : index, index", "= mesh.mesh_shape @m : index, index"),
    "reduction_angle": (f"%0 = shard.all_reduce %x on @m grid_axes = [0] reduction = <max> : {T} -> {T}",
                        f"= mesh.all_reduce %x on @m mesh_axes = [0] reduction = max : {T} -> {T}"),
    "reduction_default": (f"%0 = mesh.reduce_scatter %x on @one mesh_axes = [0] reduction = sum scatter_axis = 1 : "
                          f"{T} -> tensor<8x4xf32>",
                          f"= mesh.reduce_scatter %x on @one mesh_axes = [0] scatter_axis = 1 : {T} -> "
                          "tensor<8x4xf32>"),
    "arrow_for_functional": (f"%0 = mesh.send %x on @one mesh_axes = [0] destination = [2] : {T} -> {T}",
                             f"= mesh.send %x on @one mesh_axes = [0] destination = [2] : ({T}) -> {T}"),
}


@pytest.mark.parametrize("key", sorted(OPS))
def test_every_op_round_trips_in_custom_and_generic_form(key):
    source = OPS[key]
    _, out = roundtrip(in_func(source))
    first_line = source.split("\n")[0]
    assert (first_line.split("= ", 1)[1] if first_line.startswith("%0") else first_line) in out


@pytest.mark.parametrize("key", sorted(CANONICAL))
def test_upstream_spellings_print_canonically(key):
    source, printed = CANONICAL[key]
    m, _ = roundtrip(in_func(source))
    assert printed in print_op(m, spelling=None)


def test_mesh_op_round_trips():
    _, out = roundtrip("mesh.mesh @g(shape = 2x?, peered_memory_axes = [0])")
    assert "mesh.mesh @g(shape = 2x?, peered_memory_axes = [0])" in out


def test_mesh_accessors_and_dynamic_shape():
    m, out = roundtrip("mesh.mesh @m(shape = 2x?x4, peered_memory_axes = [2, 0])\nshard.grid @g(shape = ?)")
    mesh, grid = m.body.ops
    assert isinstance(grid, M.MeshOp) and grid.name == "mesh.mesh" and grid.sym_name == "g"
    assert mesh.shape == (2, None, 4) and mesh.rank == 3 and not mesh.is_static
    assert mesh.peered_memory_axes == (2, 0)
    assert "shard.grid @g(shape = ?)" in out  # one shard.* op: the module prints in the LLVM 21+ spelling
    assert "mesh.mesh @g(shape = ?)" in print_op(m, spelling=None)
    spec = M.MeshOp.build("p", (2, 4), (1,)).as_mesh()
    assert (spec.name, spec.shape, spec.peered_axes, spec.num_devices) == ("p", (2, 4), (1,), 8)


def test_built_ops_print_in_canonical_form():
    module = ModuleOp.build_empty()
    module.body.append(M.MeshOp.build("m", (4,)))
    s = M.ShardingAttr("m", ((), (0,)), sharded_dims_offsets=(0, 2, 5, 9, 16))
    module.body.append(M.ShardingOp.build(s))
    verify(module)
    text = print_op(module, spelling="mesh20")
    assert "= mesh.sharding @m" in print_op(module)  # never folded into an annotation: kept canonically too
    assert "mesh.sharding" not in print_op(module, spelling="mesh19")  # LLVM 19 has no sharding values
    assert "mesh.mesh @m(shape = 4)" in text
    assert "= mesh.sharding @m split_axes = [[], [0]] sharded_dims_offsets = [0, 2, 5, 9, 16] : !mesh.sharding" in text
    assert module.body.ops[1].sharding == s


# ------------------------------------------------------------------ upstream spellings and folding
def test_three_upstream_spellings_print_identically_but_for_the_mesh_name():
    texts = [print_op(parse((DATA / f"{n}.mlir").read_text(), f"{n}.mlir"), spelling=None)
             for n in ("upstream_llvm19", "upstream_llvm20", "upstream_llvm22_shard")]
    assert texts[0] == texts[1]
    assert texts[2] != texts[0] and texts[2].replace("@grid0", "@mesh0") == texts[0]
    assert "mesh.sharding" not in texts[1] and "shard." not in texts[2]
    assert "%1 = mesh.shard %arg1 to <@mesh0, [[]]> annotate_for_users : tensor<16x4xf32>" in texts[0]


@pytest.mark.parametrize("name", ["upstream_llvm19", "upstream_llvm20", "upstream_llvm22_shard", "seed_matmul_rows",
                                  "mlp_tensor_parallel", "mesh2d_peered", "dynamic_mesh_rowsum",
                                  "reshard_rows_to_cols"])
def test_corpus_programs_round_trip(name):
    roundtrip((DATA / f"{name}.mlir").read_text())


def test_sharding_value_folds_into_every_user_and_prints_back_in_its_spelling():
    m, out = roundtrip(in_func("""
      %s = shard.sharding @m split_axes = [[1]] partial = sum [0] : !shard.sharding
      %a = mesh.shard %x to %s : tensor<8x16xf32>
      %b = mesh.shard %a to %s annotate_for_users : tensor<8x16xf32>"""))
    assert m.spelling == "shard"
    assert "%s = shard.sharding @m split_axes = [[1]] partial = sum [0] : !shard.sharding" in out
    assert "%a = shard.shard %x to %s : tensor<8x16xf32>" in out
    assert "%b = shard.shard %a to %s annotate_for_users : tensor<8x16xf32>" in out
    canonical = print_op(m, spelling=None)
    assert "mesh.sharding" not in canonical and "%a = mesh.shard %x to <@m, [[1]], partial = sum[0]>" in canonical
    a, b = [op for op in m.walk() if isinstance(op, M.ShardOp)]
    want = M.ShardingAttr("m", ((1,),), (0,), "sum")
    assert a.sharding == want and b.sharding == want
    assert a.sharding_value is None and not a.annotate_for_users and b.annotate_for_users
    assert len(a.operands) == 1


def test_sharding_from_a_block_argument_keeps_the_value_form():
    m, out = roundtrip(in_func("%a = mesh.shard %x to %s : tensor<8x16xf32>",
                               "%x: tensor<8x16xf32>, %s: !mesh.sharding"))
    shard = first(m, M.ShardOp)
    assert shard.sharding is None and shard.sharding_value is first(m, FuncOp).args[1]
    assert "%a = mesh.shard %x to %s : tensor<8x16xf32>" in out


def test_sharding_with_ssa_halo_keeps_the_op_and_exposes_its_entries():
    m, out = roundtrip(in_func("""
      %s = mesh.sharding @m split_axes = [[0]] halo_sizes = [%h, 1] : !mesh.sharding
      %a = mesh.shard %x to %s : tensor<8x16xf32>"""))
    op = first(m, M.ShardingOp)
    assert op.sharding is None
    assert op.dynamic_list("static_halo_sizes") == [first(m, FuncOp).args[2], 1]
    assert "%a = mesh.shard %x to %s : tensor<8x16xf32>" in out


def test_generic_form_input_folds_like_the_custom_form():
    text = MESHES + """
    func.func @f(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
      %s = "mesh.sharding"() {mesh = @one, split_axes = [array<i16: 0>]} : () -> !mesh.sharding
      %a = "mesh.shard"(%x, %s) : (tensor<8x16xf32>, !mesh.sharding) -> tensor<8x16xf32>
      return %a : tensor<8x16xf32>
    }"""
    m, out = roundtrip(text)
    assert first(m, M.ShardOp).sharding == M.ShardingAttr("one", ((0,),))
    assert "%a = mesh.shard %x to %s : tensor<8x16xf32>" in out  # LLVM 20 in, LLVM 20 out
    canonical = print_op(m, spelling=None)
    assert "%a = mesh.shard %x to <@one, [[0]]> : tensor<8x16xf32>" in canonical and "mesh.sharding" not in canonical


# ------------------------------------------------------------------ accessors
def test_collective_accessors():
    m, _ = roundtrip(in_func("""
      %0 = mesh.all_to_all %x on @m mesh_axes = [1, 0] split_axis = 0 concat_axis = 1 : tensor<8x16xf32> -> tensor<1x128xf32>
      %1 = mesh.reduce_scatter %x on @m mesh_axes = [1] reduction = max scatter_axis = 1 : tensor<8x16xf32> -> tensor<8x4xf32>
      %2 = mesh.broadcast %x on @dyn mesh_axes = [0] root = [%c] : (tensor<8x16xf32>, index) -> tensor<8x16xf32>
      %3 = mesh.all_reduce %x on @m : tensor<8x16xf32> -> tensor<8x16xf32>"""))
    a2a, rs, bc, ar = [op for op in m.walk() if isinstance(op, M.CollectiveOp)]
    mesh = first(m, M.MeshOp)
    assert a2a.mesh_name == "m" and a2a.mesh_axes == (1, 0)
    assert a2a.group_size(mesh) == 8  # 4 devices on axis 1 times 2 on axis 0
    assert (a2a.axis_attr("split_axis"), a2a.axis_attr("concat_axis")) == (0, 1)
    assert rs.reduction == "max" and ar.reduction == "sum" and ar.mesh_axes == ()
    assert bc.group_size(bc.mesh_op()) is None  # dynamic mesh axis
    assert bc.dynamic_list("root") == [first(m, FuncOp).args[1]]
    assert bc.input is first(m, FuncOp).args[0]


def test_query_and_spmd_accessors():
    m, _ = roundtrip(in_func("""
      %i:2 = mesh.process_multi_index on @m : index, index
      %r = mesh.for_one [1, %c] on @m -> tensor<8x16xf32> {
        mesh.yield %x : tensor<8x16xf32>
      }"""))
    q = first(m, M.ProcessMultiIndexOp)
    assert q.mesh_op() is first(m, M.MeshOp) and len(q.results) == 2
    one = first(m, M.ForOneOp)
    assert one.device == [1, first(m, FuncOp).args[1]]
    assert isinstance(one.body.ops[-1], M.YieldOp) and one.has_trait("ParallelCombining")


def test_seed_return_inside_bodies_becomes_mesh_yield():
    m, out = roundtrip(in_func("""
      %r = mesh.for_one 0 on @one {
        return %x : tensor<8x16xf32>
      }"""))
    one = first(m, M.ForOneOp)
    assert [r.type for r in one.results] == [TensorType((8, 16), F32)]  # inferred from the yield
    assert isinstance(one.body.ops[-1], M.YieldOp)
    assert "%r = mesh.for_one 0 on @one -> tensor<8x16xf32> {\n      mesh.yield %x : tensor<8x16xf32>" in out


# ------------------------------------------------------------------ sharding checks (pure and hook)
def test_balanced_shard_sizes_follow_the_design_rule():
    # 10 over 4 -> 2, 2, 3, 3; 16 over 5 -> 3, 3, 3, 3, 4; 2 over 3 -> 0, 1, 1; 8 over 4 -> 2 each.
    assert M.balanced_shard_sizes(10, 4) == (2, 3)
    assert M.balanced_shard_sizes(16, 5) == (3, 4)
    assert M.balanced_shard_sizes(2, 3) == (0, 1)
    assert M.balanced_shard_sizes(8, 4) == (2,)


def test_check_sharding_without_a_mesh_checks_what_it_can():
    M.check_sharding(M.ShardingAttr("m", ((0,), (5,))))  # axis 5 cannot be checked without the mesh
    with pytest.raises(M.ShardingVerifyError, match="partial axis 1 is listed twice"):
        M.check_sharding(M.ShardingAttr("m", ((0,),), (1, 1)))
    with pytest.raises(M.ShardingVerifyError, match="mesh axis -1 is negative"):
        M.check_sharding(M.ShardingAttr("m", ((-1,),)))
    M.check_sharding(M.ShardingAttr("m", (), (0,), "generic"))  # upstream's verifier accepts it too
    with pytest.raises(M.ShardingVerifyError, match="unknown reduction kind 'mean'"):
        M.check_sharding(M.ShardingAttr("m", (), (0,), "mean"))
    # explicit boundaries with halos (meshc's, a window over a tensor.pad's result; upstream rejects it)
    M.check_sharding(M.ShardingAttr("m", ((0,),), halo_sizes=(1, 1), sharded_dims_offsets=(0, 4)))
    with pytest.raises(M.ShardingVerifyError, match="halo size -1 is negative"):
        M.check_sharding(M.ShardingAttr("m", ((0,),), halo_sizes=(1, -1)))


def test_check_sharding_offsets_against_the_mesh():
    mesh = M.MeshOp.build("m", (2, 3))
    # dim 0 over axis 0 (2 shards: 3 bounds), dim 1 over axis 1 (3 shards: 4 bounds) -> 7 entries
    M.check_sharding(M.ShardingAttr("m", ((0,), (1,)), sharded_dims_offsets=(0, 1, 4, 0, 2, 2, 6)),
                     TensorType((4, 6), F32), mesh)
    with pytest.raises(M.ShardingVerifyError, match=r"tensor dim 1 must start at 0 and not decrease, got \[0, 3, 2, 6\]"):
        M.check_sharding(M.ShardingAttr("m", ((0,), (1,)), sharded_dims_offsets=(0, 1, 4, 0, 3, 2, 6)), None, mesh)
    with pytest.raises(M.ShardingVerifyError, match="has 6 entries; expected 7"):
        M.check_sharding(M.ShardingAttr("m", ((0,), (1,)), sharded_dims_offsets=(0, 1, 4, 0, 2, 6)), None, mesh)


def test_verify_sharding_reports_at_the_given_location():
    m = parse(MESHES, "t.mlir")
    t = TensorType((8, 16), F32)
    M.verify_sharding(M.ShardEncodingAttr(M.ShardingAttr("m", ((0,), (1,)))), t, m, Location("x.mlir", 3, 4))
    with pytest.raises(DiagnosticError) as info:
        M.verify_sharding(M.ShardingAttr("one", ((), (0,)), sharded_dims_offsets=(0, 4, 8, 12, 15)), t, m,
                          Location("x.mlir", 3, 4), "here: ")
    assert info.value.message == "here: sharded_dims_offsets of tensor dim 1 end at 15 but the dim has size 16"
    assert (info.value.location.line, info.value.location.col) == (3, 4)


def test_verify_op_shardings_checks_function_arguments():
    # func.func does not check the encodings of its arguments; a verifier hook can, with this.
    m = parse(MESHES + "func.func @f(%a: tensor<8xf32>, %b: tensor<8xf32, #mesh.shard<@one, [[1]]>>) {\n  return\n}",
              "t.mlir")
    with pytest.raises(DiagnosticError) as info:
        M.verify_op_shardings(first(m, FuncOp))
    assert info.value.message == ("'func.func' op region #0 argument #1 of type 'tensor<8xf32, #mesh.shard<@one, "
                                  "[[1]]>>': split axes of tensor dim 0: mesh axis 1 is out of range for mesh @one "
                                  "of rank 1")


def test_shard_type_problem_uses_offsets_and_the_balanced_rule():
    m = parse(MESHES, "t.mlir")
    one = m.lookup("one")
    offsets = TensorType((4, 14), F32, M.ShardEncodingAttr(M.ShardingAttr("one", ((), (0,)),
                                                                          sharded_dims_offsets=(0, 2, 5, 9, 14))))
    # the shards of dim 1 have sizes 2, 3, 4, 5
    assert M.shard_type_problem(offsets, TensorType((4, 5), F32), one) is None
    assert M.shard_type_problem(offsets, TensorType((4, 6), F32), one) == \
        "dim 1 has size 6, expected 2 or 3 or 4 or 5 (14 split over 4 devices)"
    balanced = TensorType((10,), F32, M.ShardEncodingAttr(M.ShardingAttr("one", ((0,),))))
    assert M.shard_type_problem(balanced, TensorType((3,), F32), one) is None
    assert M.shard_type_problem(balanced, TensorType((3,), I64), one) == "element type 'i64' differs from 'f32'"
    assert M.shard_type_problem(balanced, TensorType((None,), F32), one) is None  # dynamic: undecidable


def test_sharding_helpers_of_types():
    t = TensorType((8,), F32)
    s = M.ShardingAttr("m", ((0,), ()))
    assert s.split_axes == ((0,),) and str(s) == "<@m, [[0]]>"
    st = M.with_sharding(t, s)
    assert M.sharding_of(st) == s and M.strip_sharding(st) == t
    assert M.is_sharding_type(M.SHARDING_TYPE) and not M.is_sharding_type(INDEX)
    assert s.to_spec().split_axes == ((0,),)


# ------------------------------------------------------------------ located errors
def test_error_mesh_size_zero():
    expect_error("mesh.mesh @m(shape = 2x0)", "'mesh.mesh' op mesh axis 1 has size 0; sizes must be positive or '?'",
                 1, "mesh.mesh")


def test_error_peered_axis_out_of_range():
    expect_error("mesh.mesh @m(shape = 2x4, peered_memory_axes = [2])",
                 "peered_memory_axes: mesh axis 2 is out of range for mesh @m of rank 2", 1, "mesh.mesh")


def test_error_undefined_mesh():
    expect_error("""\
        func.func @f(%x: tensor<4xf32>) {
          %0 = mesh.shard %x to <@nope, [[0]]> : tensor<4xf32>
          return
        }""", "'mesh.shard' op undefined mesh '@nope'", 2, "mesh.shard")


def test_error_symbol_is_not_a_mesh():
    expect_error("""\
        func.func @f(%x: tensor<4xf32>) {
          %0 = mesh.all_reduce %x on @f : tensor<4xf32> -> tensor<4xf32>
          return
        }""", "'mesh.all_reduce' op '@f' does not reference a mesh (it is a 'func.func')", 2, "mesh.all_reduce")


def test_error_split_axis_out_of_range():
    expect_error("""\
        mesh.mesh @m(shape = 4)
        func.func @f(%x: tensor<4x4xf32>) {
          %0 = mesh.shard %x to <@m, [[0], [1]]> : tensor<4x4xf32>
          return
        }""", "split axes of tensor dim 1: mesh axis 1 is out of range for mesh @m of rank 1", 3, "mesh.shard")


def test_error_mesh_axis_used_twice():
    expect_error("""\
        mesh.mesh @m(shape = 2x2)
        func.func @f(%x: tensor<4x4xf32>) {
          %0 = mesh.shard %x to <@m, [[0, 1], [1]]> : tensor<4x4xf32>
          return
        }""", "mesh axis 1 is used more than once (in split axes of tensor dim 0 and in split axes of tensor dim 1)",
                 3, "mesh.shard")


def test_error_partial_overlaps_split():
    expect_error("""\
        mesh.mesh @m(shape = 2x2)
        func.func @f(%x: tensor<4x4xf32>) {
          %0 = mesh.shard %x to <@m, [[], [0]], partial = sum[0]> : tensor<4x4xf32>
          return
        }""", "partial axis 0 is also used in split axes of tensor dim 1", 3, "mesh.shard")


def test_error_more_split_entries_than_tensor_rank():
    expect_error("""\
        mesh.mesh @m(shape = 2x2)
        func.func @f(%x: tensor<4xf32>) {
          %0 = mesh.shard %x to <@m, [[], [0]]> : tensor<4xf32>
          return
        }""", "the sharding has 2 split dims [[], [0]] but the tensor 'tensor<4xf32>' has rank 1", 3,
                 "mesh.shard")


def test_error_in_a_folded_sharding_points_at_the_sharding_op():
    expect_error("""\
        mesh.mesh @m(shape = 2x2)
        func.func @f(%x: tensor<4x4xf32>) {
          %s = mesh.sharding @m split_axes = [[0], [1]] halo_sizes = [1, 1] : !mesh.sharding
          %0 = mesh.shard %x to %s : tensor<4x4xf32>
          return
        }""", "'mesh.sharding' op halo_sizes has 2 entries; expected 2 per split tensor dim (4)", 3, "mesh.sharding")


def test_error_bare_axis_in_split_axes():
    expect_error("""\
        mesh.mesh @m(shape = 2)
        func.func @f(%x: tensor<4xf32>) {
          %0 = mesh.shard %x to <@m, [0]> : tensor<4xf32>
          return
        }""", "expected a list of mesh axes such as '[0]' for each tensor dimension, got a bare integer '0'", 3, "0]")


def test_error_unknown_reduction_kind_points_at_the_word():
    expect_error("""\
        mesh.mesh @m(shape = 2)
        func.func @f(%x: tensor<4xf32>) {
          %0 = mesh.all_reduce %x on @m reduction = mean : tensor<4xf32> -> tensor<4xf32>
          return
        }""", "unknown reduction kind 'mean'", 3, "mean")


def test_error_unknown_clause_points_at_the_key():
    expect_error("""\
        mesh.mesh @m(shape = 2)
        func.func @f(%x: tensor<4xf32>) {
          %0 = mesh.all_gather %x on @m mesh_axes = [0] gather_axis = 0 root = [0] : tensor<4xf32> -> tensor<8xf32>
          return
        }""", "'mesh.all_gather' does not take 'root' (expected: mesh_axes, gather_axis)", 3, "root")


def test_error_all_gather_shape():
    # 2 devices on mesh axis 0: gathering 3 rows gives 6 (upstream's rule for the local view), not 8.
    expect_error("""\
        mesh.mesh @m(shape = 2x4)
        func.func @f(%x: tensor<3x16xf32>) {
          %0 = mesh.all_gather %x on @m mesh_axes = [0] gather_axis = 0 : tensor<3x16xf32> -> tensor<8x16xf32>
          return
        }""", "gather_axis: result dim 0 has size 8 but 6 is expected", 3, "mesh.all_gather")


def test_all_gather_of_uneven_shards_has_a_dynamic_result():
    # 10 rows over 4 devices are pieces of 2, 2, 3, 3 rows: no static local type holds every piece, so the
    # gathered size is dynamic in the local view (upstream accepts a dynamic result dim always)
    roundtrip("""\
        mesh.mesh @m(shape = 4)
        func.func @f(%x: tensor<3x16xf32>) -> tensor<?x16xf32> {
          %0 = mesh.all_gather %x on @m mesh_axes = [0] gather_axis = 0 : tensor<3x16xf32> -> tensor<?x16xf32>
          return %0 : tensor<?x16xf32>
        }""")
    expect_error("""\
        mesh.mesh @m(shape = 4)
        func.func @f(%x: tensor<3x16xf32>) {
          %0 = mesh.all_gather %x on @m mesh_axes = [0] gather_axis = 0 : tensor<3x16xf32> -> tensor<10x16xf32>
          return
        }""", "gather_axis: result dim 0 has size 10 but 12 is expected", 3, "mesh.all_gather")


def test_error_all_slice_shape():
    expect_error("""\
        mesh.mesh @m(shape = 4)
        func.func @f(%x: tensor<8x16xf32>) {
          %0 = mesh.all_slice %x on @m mesh_axes = [0] slice_axis = 1 : tensor<8x16xf32> -> tensor<8x5xf32>
          return
        }""", "slice_axis: result dim 1 has size 5 but 4 is expected", 3, "mesh.all_slice")


def test_error_collective_mesh_axis_out_of_range():
    expect_error("""\
        mesh.mesh @m(shape = 4)
        func.func @f(%x: tensor<8xf32>) {
          %0 = mesh.all_reduce %x on @m mesh_axes = [1] : tensor<8xf32> -> tensor<8xf32>
          return
        }""", "'mesh.all_reduce' op mesh_axes: mesh axis 1 is out of range for mesh @m of rank 1", 3, "mesh.all_reduce")


def test_error_gather_axis_out_of_range():
    expect_error("""\
        mesh.mesh @m(shape = 4)
        func.func @f(%x: tensor<8xf32>) {
          %0 = mesh.gather %x on @m mesh_axes = [0] gather_axis = 1 root = [0] : (tensor<8xf32>) -> tensor<8xf32>
          return
        }""", "'mesh.gather' op gather_axis 1 is out of range for a tensor of rank 1", 3, "mesh.gather")


def test_error_for_all_yield_is_not_a_shard():
    expect_error("""\
        mesh.mesh @m(shape = 2)
        func.func @f(%a: tensor<2x3xf32>) {
          %r = mesh.for_all on @m -> tensor<2x3xf32, #mesh.shard<@m, [[0]]>> {
            %s = "test.slice"(%a) : (tensor<2x3xf32>) -> tensor<1x2xf32>
            return %s : tensor<1x2xf32>
          }
          return
        }""", "dim 1 has size 2, expected 3 (the dim is not split)", 3, "mesh.for_all")


def test_error_for_one_without_results_bound_to_a_name():
    expect_error("""\
        mesh.mesh @m(shape = 2)
        func.func @f(%a: tensor<2xf32>) {
          %r = mesh.for_one 0 on @m {
            "test.use"(%a) : (tensor<2xf32>) -> ()
          }
          return
        }""", "operation defines 0 results but was provided 1 to bind", 3, "%r")


def test_error_sharding_op_result_type():
    expect_error("""\
        mesh.mesh @m(shape = 2)
        func.func @f() {
          %s = mesh.sharding @m split_axes = [[0]] : index
          return
        }""", "'mesh.sharding' expects the result type '!mesh.sharding', got 'index'", 3, "mesh.sharding")


def test_error_collective_signature_mismatch():
    expect_error("""\
        mesh.mesh @m(shape = 2)
        func.func @f(%x: tensor<2xf32>, %i: i64) {
          %0 = mesh.broadcast %x on @m mesh_axes = [0] root = [%i] : (tensor<2xf32>, index) -> tensor<2xf32>
          return
        }""", "use of value '%i' expects different type than prior uses: 'index' vs 'i64'", 3, "%i]")


# ------------------------------------------------------------------ distributed forms (docs/pipeline.md stages 3, 4, 6)
S0, R = "#mesh.shard<@one, [[0]]>", "#mesh.shard<@one, [[]]>"
G0, GR, GC = f"tensor<8x16xf32, {S0}>", f"tensor<8x16xf32, {R}>", "tensor<8x16xf32, #mesh.shard<@one, [[], [0]]>>"
GP = "tensor<8x16xf32, #mesh.shard<@one, [[]], partial = sum[0]>>"
DIST_ARGS = f"%x: {G0}, %p: {GP}, %a: tensor<2x16xf32>, %b: tensor<2x16xf32>, %c: tensor<2x16xf32>, " \
            "%d: tensor<2x16xf32>"
UNROLLED_GATHER = (f"%0:4 = mesh.all_gather %a, %b, %c, %d on @one mesh_axes = [0] gather_axis = 0 "
                   f"{{global_types = [{G0}, {GR}]}} : tensor<2x16xf32>, tensor<2x16xf32>, tensor<2x16xf32>, "
                   "tensor<2x16xf32> -> tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>")
DISTRIBUTED = {
    "resharding_point": f"%0 = mesh.shard %x to <@one, [[], [0]]> : {G0} -> {GC}",
    "peer_read_point": f"%0 = mesh.shard %x to <@one, [[]]> {{peer_read}} : {G0} -> {GR}",
    "global_all_gather": f"%0 = mesh.all_gather %x on @one mesh_axes = [0] gather_axis = 0 : {G0} -> {GR}",
    "global_all_to_all": f"%0 = mesh.all_to_all %x on @one mesh_axes = [0] split_axis = 1 concat_axis = 0 : {G0} -> "
                         f"{GC}",
    "global_all_reduce": f"%0 = mesh.all_reduce %p on @one mesh_axes = [0] : {GP} -> {GR}",
    "global_reduce_scatter": f"%0 = mesh.reduce_scatter %p on @one mesh_axes = [0] scatter_axis = 0 : {GP} -> {G0}",
    "global_all_slice": f"%0 = mesh.all_gather %x on @one mesh_axes = [0] gather_axis = 0 : {G0} -> {GR}\n"
                        f"%1 = mesh.all_slice %0 on @one mesh_axes = [0] slice_axis = 1 : {GR} -> {GC}",
    "global_update_halo": f"%0 = mesh.update_halo %x on @one split_axes = [[0]] halo_sizes = [1, 0] : {G0} -> "
                          "tensor<8x16xf32, #mesh.shard<@one, [[0]], halo_sizes = [1, 0]>>",
    "unrolled_all_gather": UNROLLED_GATHER,
    "unrolled_all_reduce": f"%0:4 = mesh.all_reduce %a, %b, %c, %d on @one mesh_axes = [0] reduction = max "
                           f"{{global_types = [tensor<2x16xf32, #mesh.shard<@one, [[]], partial = max[0]>>, "
                           f"tensor<2x16xf32, {R}>]}} : tensor<2x16xf32>, tensor<2x16xf32>, tensor<2x16xf32>, "
                           "tensor<2x16xf32> -> tensor<2x16xf32>, tensor<2x16xf32>, tensor<2x16xf32>, tensor<2x16xf32>",
}


@pytest.mark.parametrize("key", sorted(DISTRIBUTED))
def test_distributed_forms_round_trip(key):
    source = DISTRIBUTED[key]
    _, out = roundtrip(in_func(source, DIST_ARGS))
    for line in source.split("\n"):
        assert line.split("= ", 1)[1] in out


def test_resharding_point_accessors():
    m, _ = roundtrip(in_func(DISTRIBUTED["peer_read_point"], DIST_ARGS))
    op = first(m, M.ShardOp)
    assert op.is_resharding_point and op.peer_read and op.sharding == M.ShardingAttr("one", ())
    built = M.ShardOp.build(op.src, M.ShardingAttr("one", ((), (0,))), distributed=True, peer_read=True)
    assert str(built.results[0].type) == GC and built.peer_read


def test_collective_steps_of_the_global_view():
    m, _ = roundtrip(in_func(DISTRIBUTED["global_all_to_all"] + "\n" + DISTRIBUTED["global_reduce_scatter"]
                             .replace("%0", "%1"), DIST_ARGS))
    a2a, rs = [op for op in m.walk() if isinstance(op, M.CollectiveOp)]
    assert str(a2a.step()) == "all_to_all mesh_axes = [0] split_axis = 1 concat_axis = 0"
    assert str(rs.step()) == "reduce_scatter mesh_axes = [0] reduction = sum scatter_axis = 0"


def test_unrolled_form_accessors():
    m, out = roundtrip(in_func(UNROLLED_GATHER, DIST_ARGS))
    op = first(m, M.AllGatherOp)
    assert op.is_unrolled and len(op.operands) == 4 and len(op.results) == 4
    assert [str(t) for t in M.unrolled_types(op)] == [G0, GR]
    assert "%0:4 = mesh.all_gather %a, %b, %c, %d on @one" in out


def test_error_resharding_point_types_differ_beyond_the_sharding():
    expect_error(in_func(f"%0 = mesh.shard %x to <@one, [[]]> : {G0} -> tensor<8x8xf32, {R}>", DIST_ARGS),
                 "operand type '" + G0 + "' and result type 'tensor<8x8xf32, " + R + ">' may differ only in their "
                 "sharding", 6, "mesh.shard")


def test_error_resharding_point_needs_distributed_types():
    expect_error(in_func(f"%0 = mesh.shard %a to <@one, [[0]]> : tensor<2x16xf32> -> {G0}", DIST_ARGS),
                 "a resharding point 'T_A -> T_B' needs '#mesh.shard' encodings on both types", 6, "mesh.shard")


def test_error_resharding_point_result_sharding_is_the_ops():
    expect_error(in_func(f"%0 = mesh.shard %x to <@one, [[], [0]]> : {G0} -> {GR}", DIST_ARGS),
                 "result type '" + GR + "' does not carry the sharding <@one, [[], [0]]> of the op", 6, "mesh.shard")


def test_error_global_view_sharding_change_must_match_the_collective():
    expect_error(in_func(f"%0 = mesh.all_gather %x on @one mesh_axes = [0] gather_axis = 0 : {G0} -> {GC}",
                         DIST_ARGS),
                 "turns the operand sharding <@one, [[0]]> into <@one, [[]]>, not the result sharding "
                 "<@one, [[], [0]]>", 6, "mesh.all_gather")


def test_error_global_view_keeps_the_global_shape():
    expect_error(in_func(f"%0 = mesh.all_gather %x on @one mesh_axes = [0] gather_axis = 0 : {G0} -> "
                         f"tensor<32x16xf32, {R}>", DIST_ARGS),
                 "in global view the operand and result have the same global shape", 6, "mesh.all_gather")


def test_error_global_view_step_must_apply():
    expect_error(in_func(f"%0 = mesh.all_reduce %x on @one mesh_axes = [0] : {G0} -> {G0}", DIST_ARGS),
                 "does not apply to the operand sharding <@one, [[0]]>", 6, "mesh.all_reduce")


def test_error_global_view_needs_a_sharding_on_both_types():
    expect_error(in_func(f"%0 = mesh.all_gather %x on @one mesh_axes = [0] gather_axis = 0 : {G0} -> "
                         "tensor<8x16xf32>", DIST_ARGS),
                 "in global view both types carry a '#mesh.shard' encoding", 6, "mesh.all_gather")


def test_error_global_view_of_a_collective_without_one():
    expect_error(in_func(f"%0 = mesh.shift %x on @one mesh_axes = [0] shift_axis = 0 offset = 1 : {G0} -> {G0}",
                         DIST_ARGS), "has no global-view form", 6, "mesh.shift")


def test_error_update_halo_split_axes_must_be_the_operands():
    expect_error(in_func(f"%0 = mesh.update_halo %x on @one split_axes = [[], [0]] halo_sizes = [1, 0] : {G0} -> "
                         "tensor<8x16xf32, #mesh.shard<@one, [[], [0]], halo_sizes = [1, 0]>>", DIST_ARGS),
                 "split_axes [[], [0]] differ from the operand's sharding <@one, [[0]]>", 6, "mesh.update_halo")


def test_error_unrolled_operand_count():
    # 8 rows over 4 devices of a mesh without peered axes: 4 stored shards, not 3
    text = UNROLLED_GATHER.replace("%a, %b, %c, %d", "%a, %b, %c").replace(
        "tensor<2x16xf32>, tensor<2x16xf32>, tensor<2x16xf32>, tensor<2x16xf32> ->",
        "tensor<2x16xf32>, tensor<2x16xf32>, tensor<2x16xf32> ->")
    expect_error(in_func(text, DIST_ARGS), f"expects 4 operands (one per stored shard of '{G0}'), got 3", 6,
                 "mesh.all_gather")


def test_error_unrolled_shard_type():
    text = UNROLLED_GATHER.replace("-> tensor<8x16xf32>, tensor<8x16xf32>,", "-> tensor<8x16xf32>, tensor<8x8xf32>,")
    expect_error(in_func(text, DIST_ARGS), "result #1 (the shard of devices [1]) has type 'tensor<8x8xf32>', "
                                           "expected 'tensor<8x16xf32>'", 6, "mesh.all_gather")


def test_error_unrolled_form_needs_a_static_mesh():
    text = ("%0:2 = mesh.all_reduce %a, %b on @dyn mesh_axes = [0] {global_types = [tensor<2x16xf32, "
            "#mesh.shard<@dyn, [[]], partial = sum[0]>>, tensor<2x16xf32, #mesh.shard<@dyn, [[]]>>]} : "
            "tensor<2x16xf32>, tensor<2x16xf32> -> tensor<2x16xf32>, tensor<2x16xf32>")
    expect_error(in_func(text, DIST_ARGS), "the unrolled form needs a static mesh; @dyn has shape ?x?", 6,
                 "mesh.all_reduce")


def test_error_unrolled_form_of_a_rooted_collective():
    text = f"%0:2 = mesh.broadcast %a, %b on @one mesh_axes = [0] root = [0] : ({T}) -> {T}"
    expect_error(in_func(text, DIST_ARGS), "'mesh.broadcast' has no unrolled N-operand form", 6, "mesh.broadcast")


def test_error_unrolled_operand_and_type_counts_differ():
    text = "%0:2 = mesh.all_reduce %a, %b on @one mesh_axes = [0] : tensor<2x16xf32> -> tensor<2x16xf32>, " \
           "tensor<2x16xf32>"
    expect_error(in_func(text, DIST_ARGS), "'mesh.all_reduce' has 2 operands but 1 operand types", 6,
                 "mesh.all_reduce")


def test_storage_pieces_of_a_partial_tensor_are_never_shared():
    # partial over the peered axis of @m (2x4, peered [1]): each device holds its own partial value
    t = TensorType((8,), F32, M.ShardEncodingAttr(M.ShardingAttr("m", (), (1,))))
    pieces = M.storage_pieces(t, M.MeshOp.build("m", (2, 4), (1,)).as_mesh())
    assert [p.devices for p in pieces] == [(d,) for d in range(8)]
    replicated = TensorType((8,), F32, M.ShardEncodingAttr(M.ShardingAttr("m", ())))
    assert [p.devices for p in M.storage_pieces(replicated, M.MeshOp.build("m", (2, 4), (1,)).as_mesh())] == \
        [(0, 1, 2, 3), (4, 5, 6, 7)]
