"""meshc.frontends.jax_shardings: the mesh and argument/result shardings of JAX StableHLO exports, in
Shardy (sdy.mesh / #sdy.sharding) and GSPMD (mhlo.sharding strings) form; the GSPMD tile assignment
arithmetic; located errors; and the annotated MLP computing what JAX computes, with its partial sums
reduced once over the "model" axis."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import meshc.api as mc
from meshc.annotate import AnnotationError, MeshSpec
from meshc.dialects.mesh import ShardingAttr, ShardOp
from meshc.frontends.jax_shardings import (GspmdError, GspmdSharding, JaxShardingError, apply_jax_shardings,
                                           gspmd_split_axes, infer_mesh, load_jax_shardings, parse_gspmd_sharding,
                                           read_jax_shardings, transposed_iota)
from meshc.ir import print_op, verify
from meshc.parser import parse

REAL = Path(__file__).parent / "data" / "real"
SHARDY = REAL / "mlp_sharded.stablehlo.mlir"
GSPMD = REAL / "mlp_sharded_gspmd.stablehlo.mlir"

# What JAX asked for (corpus README): x[64,256] rows over "data"; W1 columns, b1 and W2 rows over "model";
# b2 replicated; the output rows over "data". Mesh axes: data = 0, model = 1.
MLP_ARGS = ["<@mesh, [[0]]>", "<@mesh, [[], [1]]>", "<@mesh, [[1]]>", "<@mesh, [[1]]>", "<@mesh, [[]]>"]
MLP_RESULTS = ["<@mesh, [[0]]>"]


# ---------------------------------------------------------------------------------------------- corpus files
def test_shardy_corpus_file():
    js = load_jax_shardings(str(SHARDY))
    assert (js.form, js.function) == ("shardy", "main")
    assert js.mesh.as_dict() == {"data": 2, "model": 4}
    assert js.mesh.spec() == MeshSpec("mesh", (2, 4))
    assert [str(s) for s in js.args] == MLP_ARGS
    assert [str(s) for s in js.results] == MLP_RESULTS
    assert js.arg_types == ["tensor<64x256xf32>", "tensor<256x1024xf32>", "tensor<1024xf32>", "tensor<1024x256xf32>",
                            "tensor<256xf32>"]
    assert js.result_types == ["tensor<64x256xf32>"]
    assert str(js.arg_locations[1]).endswith("mlp_sharded.stablehlo.mlir:3:151")  # the #sdy.sharding of %arg1
    assert js.warnings == []


def test_gspmd_corpus_file_gives_the_same_mesh_and_shardings():
    js = load_jax_shardings(str(GSPMD))
    shardy = load_jax_shardings(str(SHARDY))
    assert js.form == "gspmd"
    assert js.mesh.shape == (2, 4) == tuple(shardy.mesh.as_dict().values())  # {"data": 2, "model": 4}
    assert js.mesh.spec() == shardy.mesh.spec() == MeshSpec("mesh", (2, 4))
    assert js.args == shardy.args and js.results == shardy.results
    assert [str(s) for s in js.args] == MLP_ARGS and [str(s) for s in js.results] == MLP_RESULTS


# ---------------------------------------------------------------------------------------------- GSPMD strings
def test_gspmd_replicated_and_maximal():
    assert parse_gspmd_sharding("{replicated}") == GspmdSharding("replicated", text="{replicated}")
    m = parse_gspmd_sharding("{maximal device=3}")
    assert (m.kind, m.device) == ("maximal", 3)


def test_gspmd_iota_with_replicated_last_tile_dim():
    s = parse_gspmd_sharding("{devices=[2,1,4]<=[8] last_tile_dim_replicate}")
    assert (s.tile_dims, s.replicate, s.reshape, s.perm, s.num_devices) == ((2, 1), 4, (8,), (0,), 8)
    # devices 0-3 hold rows 0..31 (tile 0), devices 4-7 rows 32..63 (tile 1)
    assert s.device_array().tolist() == [[[0, 1, 2, 3]], [[4, 5, 6, 7]]]
    assert parse_gspmd_sharding("{devices=[2,2]<=[4] last_tile_dims={replicated}}").replicate == 2


def test_gspmd_transposed_iota():
    s = parse_gspmd_sharding("{devices=[4,2]<=[2,4]T(1,0) last_tile_dim_replicate}")
    assert (s.tile_dims, s.replicate, s.reshape, s.perm) == ((4,), 2, (2, 4), (1, 0))
    # arange(8).reshape(2, 4).T: tile k is on devices k and k + 4
    assert s.device_array().tolist() == [[0, 4], [1, 5], [2, 6], [3, 7]]


def test_gspmd_explicit_device_lists():
    plain = parse_gspmd_sharding("{devices=[2,2]0,1,2,3 metadata={op_name=\"jit(f)/x\" source_line=3}}")
    assert (plain.reshape, plain.perm) == ((4,), (0,))
    t = parse_gspmd_sharding("{devices=[2,2]0,2,1,3}")
    assert (t.reshape, t.perm) == ((2, 2), (1, 0))
    assert t.device_array().reshape(-1).tolist() == [0, 2, 1, 3]


@pytest.mark.parametrize("flat,want", [
    ([0, 1, 2, 3, 4, 5], ((6,), (0,))),
    ([0, 4, 1, 5, 2, 6, 3, 7], ((2, 4), (1, 0))),
    ([0, 2, 4, 1, 3, 5], ((3, 2), (1, 0))),
    ([0, 4, 2, 6, 1, 5, 3, 7], ((2, 2, 2), (2, 1, 0))),
    ([0], ((1,), (0,))),
])
def test_transposed_iota(flat, want):
    assert transposed_iota(flat) == want
    reshape, perm = want
    assert np.arange(len(flat)).reshape(reshape).transpose(perm).ravel().tolist() == flat


@pytest.mark.parametrize("text,message", [
    ("{devices=[2,2]0,3,1,2}", "the device list [0, 3, 1, 2] is not an iota or a transposed iota; such explicit "
                               "device orders are not supported"),
    ("{devices=[2,2]1,0,2,3}", "is not an iota or a transposed iota"),
    ("{devices=[2,2]0,1,1,2}", "the device list [0, 1, 1, 2] is not a permutation of 0..3"),
    ("{devices=[2,2]0,1,2}", "3 device ids listed for devices=[2, 2] (4 tiles)"),
    ("{devices=[2,2]<=[8]}", "the iota has 8 devices but devices=[2, 2] makes 4 tiles"),
    ("{devices=[2,4]<=[2,4]T(0,0)}", "T(0, 0) is not a permutation of the 2 iota dims"),
    ("{{replicated}, {replicated}}", "tuple shardings are not supported"),
    ("{manual}", "manual (shard_map) shardings are not supported"),
    ("{unknown}", "unknown shardings are not supported"),
    ("{devices=[2,2]<=[4] last_tile_dims={manual}}", "last_tile_dims={manual} is not supported"),
])
def test_gspmd_errors(text, message):
    with pytest.raises(GspmdError) as info:
        parse_gspmd_sharding(text)
    assert message in str(info.value)


def test_gspmd_syntax_error_offset():
    with pytest.raises(GspmdError) as info:
        parse_gspmd_sharding("{devices=[2,2]<=[4] bogus}")
    assert info.value.offset == 20  # "{devices=[2,2]<=[4] " is 20 characters


# ---------------------------------------------------------------------------------------------- mesh inference
@pytest.mark.parametrize("text,split", [
    ("{devices=[2,4]<=[8]}", ((0,), (1,))),  # device 4i + j holds tile (i, j)
    ("{devices=[4,2]<=[2,4]T(1,0)}", ((1,), (0,))),  # tile (k, i) on device 4i + k
    ("{devices=[8]<=[8]}", ((0, 1),)),
    ("{devices=[8]<=[2,4]T(1,0)}", ((1, 0),)),  # tile 2j + i on device 4i + j: "model" major
    ("{devices=[1,2,4]<=[8] last_tile_dim_replicate}", ((), (0,))),
    ("{devices=[1,4,2]<=[2,4]T(1,0) last_tile_dim_replicate}", ((), (1,))),
    ("{devices=[2,4]0,1,2,3,4,5,6,7}", ((0,), (1,))),
])
def test_split_axes_on_a_2x4_mesh(text, split):
    s = parse_gspmd_sharding(text)
    assert infer_mesh([s, parse_gspmd_sharding("{devices=[2,4]<=[8]}")]) == (2, 4)
    assert gspmd_split_axes(s, (2, 4)) == split


def test_mesh_inference_refines_incompatible_digit_orders():
    # 2x4 and 4x2 cuts of 8 devices: the common refinement is 2x2x2
    a = parse_gspmd_sharding("{devices=[2,4]<=[8]}")
    b = parse_gspmd_sharding("{devices=[4,2]<=[8]}")
    assert infer_mesh([a, b]) == (2, 2, 2)
    assert gspmd_split_axes(a, (2, 2, 2)) == ((0,), (1, 2))
    assert gspmd_split_axes(b, (2, 2, 2)) == ((0, 1), (2,))
    # tile (a, b) = flat position 2j + i of device 4i + j: on 2x2x2 (device 4c0 + 2c1 + c2), a = c1 and
    # b = 2 c2 + c0
    c = parse_gspmd_sharding("{devices=[2,4]0,4,1,5,2,6,3,7}")
    assert infer_mesh([c]) == (2, 2, 2)
    assert gspmd_split_axes(c, (2, 2, 2)) == ((1,), (2, 0))
    with pytest.raises(GspmdError, match="mesh axis 1 \\(size 4\\) varies along tile dims \\[0, 1\\]"):
        gspmd_split_axes(c, (2, 4))


def test_mesh_inference_errors_and_replicated_only():
    a = parse_gspmd_sharding("{devices=[3,4]<=[12]}")
    b = parse_gspmd_sharding("{devices=[2,6]<=[12]}")
    with pytest.raises(GspmdError, match="orders the devices incompatibly"):
        infer_mesh([a, b])  # 12 = 3x4 = 2x6: no common refinement
    with pytest.raises(GspmdError, match="spans 4 devices, but the program runs on 8"):
        infer_mesh([parse_gspmd_sharding("{devices=[4]<=[4]}")], 8)
    assert infer_mesh([parse_gspmd_sharding("{replicated}")], 8) == (8,)
    assert infer_mesh([]) == (1,)


# ---------------------------------------------------------------------------------------------- Shardy extras
SHARDY_EXTRAS = """module @m attributes {mhlo.num_partitions = 8 : i32} {
  sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
  func.func public @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<8x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "a"}p1, {}, {}], replicated={"c"}>}, %arg2: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}], unreduced={"c"}>}, %arg3: tensor<8xf32>) -> (tensor<8x8xf32> {jax.result_info = "out"}, tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}]>}) attributes {foo = "bar"} {
    %0 = stablehlo.add %arg3, %arg3 : tensor<8xf32>
    return %arg0, %0 : tensor<8x8xf32>, tensor<8xf32>
  }
}
"""


def test_shardy_open_dims_priorities_several_axes_unreduced():
    js = read_jax_shardings(SHARDY_EXTRAS, "extras.mlir")
    assert js.mesh.as_dict() == {"a": 2, "b": 2, "c": 2}
    assert js.args == [ShardingAttr("mesh", ((0,),)), ShardingAttr("mesh", ((1, 0),)),
                       ShardingAttr("mesh", ((),), (2,)), None]
    assert js.results == [None, ShardingAttr("mesh", ((2,),))]
    assert [s.target.kind + str(s.target.index) for s in js.shard_specs()] == ["arg0", "arg1", "arg2", "result1"]


def test_single_result_without_parentheses_and_private_helpers():
    text = ("module {\n  func.func private @helper(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
            "    return %a : tensor<4xf32>\n  }\n"
            "  func.func @main(%arg0: tensor<4xf32> {mhlo.sharding = \"{devices=[4]<=[4]}\"}) -> tensor<4xf32> {\n"
            "    %0 = call @helper(%arg0) : (tensor<4xf32>) -> tensor<4xf32>\n    return %0 : tensor<4xf32>\n"
            "  }\n}\n")
    js = read_jax_shardings(text, "one.mlir")
    assert (js.function, js.mesh.shape, js.args, js.results) == ("main", (4,), [ShardingAttr("mesh", ((0,),))],
                                                                 [None])
    assert js.result_types == ["tensor<4xf32>"]


def test_gspmd_maximal_is_replicated_with_a_warning():
    text = ("module attributes {mhlo.num_partitions = 4 : i32} {\n"
            "  func.func @main(%arg0: tensor<4xf32> {mhlo.sharding = \"{maximal device=1}\"}, "
            "%arg1: tensor<4xf32> {mhlo.sharding = \"{devices=[2,2]<=[4] last_tile_dim_replicate}\"}) "
            "-> (tensor<4xf32>) {\n    return %arg0 : tensor<4xf32>\n  }\n}\n")
    js = read_jax_shardings(text, "max.mlir")
    assert js.mesh.shape == (2, 2)
    assert js.args == [ShardingAttr("mesh", ()), ShardingAttr("mesh", ((0,),))]
    assert [(w.severity, w.message, str(w.location)) for w in js.warnings] == [
        ("warning", "argument 0 of @main is placed on device 1 only ({maximal}); meshc replicates it", "max.mlir:2:57")]


# ---------------------------------------------------------------------------------------------- located errors
def _header(args: str, results: str = "tensor<4xf32>") -> str:
    return f"module {{\n  func.func public @main({args}) -> {results} {{\n    return %arg0 : tensor<4xf32>\n  }}\n}}\n"


@pytest.mark.parametrize("text,where,message", [
    (_header("%arg0: tensor<4xf32>"), "2:3", "@main has no sharding on its arguments or results (no 'sdy.sharding' "
                                             "or 'mhlo.sharding' attribute)"),
    ("module {\n}\n", "1:1", "no 'func.func' found"),
    (_header('%arg0: tensor<4xf32> {mhlo.sharding = "{devices=[2,2]<=[4] bogus}"}'), "2:85",
     "argument 0 of @main: cannot read GSPMD sharding"),
    (_header('%arg0: tensor<4xf32> {mhlo.sharding = "{devices=[2,2]0,3,1,2}"}'), "2:65",
     "such explicit device orders are not supported"),
    (_header('%arg0: tensor<4xf32> {mhlo.sharding = 3 : i32}'), "2:64", "is not a string"),
    (_header('%arg0: tensor<4xf32> {sdy.sharding = #sdy.sharding<@nope, [{}]>}'), "2:63",
     "names mesh @nope, which no 'sdy.mesh' defines (meshes: none)"),
    ('sdy.mesh @mesh = <["x"=4]>\n' + _header('%arg0: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}'),
     "3:63", "uses axis \"y\", which mesh @mesh does not have (axes: x)"),
    ('sdy.mesh @mesh = <["x"=4]>\n' + _header('%arg0: tensor<4xf32> {sdy.sharding = '
                                              '#sdy.sharding<@mesh, [{"x":(1)2}]>}'),
     "3:63", "meshc does not support sub-axes"),
    (_header('%arg0: tensor<4xf32> {sdy.sharding = #sdy.sharding<mesh<["x"=4]>, [{"x"}]>}'), "2:63",
     "uses an inline mesh"),
    ('sdy.mesh @mesh = <["x"=4]>\n' + _header('%arg0: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}'),
     "3:63", "the sharding of argument 0 of @main has 2 dim shardings but its type 'tensor<4xf32>' has rank 1: "
             "Shardy requires one per dimension (sharding doesn't match tensor rank: 2 != 1)"),
    ('sdy.mesh @mesh = <["x"=4]>\n' + _header('%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}'),
     "3:65", "the sharding of argument 0 of @main has 1 dim sharding but its type 'tensor<4x8xf32>' has rank 2: "
             "Shardy requires one per dimension (sharding doesn't match tensor rank: 1 != 2)"),
    ('sdy.mesh @mesh = <["x"=4]>\n' + _header('%arg0: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, []>}'),
     "3:63", "has 0 dim shardings but its type 'tensor<4xf32>' has rank 1"),
    (_header('%arg0: tensor<4xf32> {mhlo.sharding = "{devices=[2,2]<=[4]}"}'), "2:64",
     "the sharding of argument 0 of @main ('{devices=[2,2]<=[4]}') has 2 tile dimensions but its type "
     "'tensor<4xf32>' has rank 1: XLA requires one tile dimension per tensor dimension, besides the replicated one"),
    (_header('%arg0: tensor<4xf32> {mhlo.sharding = "{devices=[2,2]<=[4] last_tile_dim_replicate}"}', "(tensor<4x4xf32> "
             '{mhlo.sharding = "{devices=[4,1]<=[4] last_tile_dim_replicate}"})'), "2:150",
     "the sharding of result 0 of @main ('{devices=[4,1]<=[4] last_tile_dim_replicate}') has 1 tile dimension but "
     "its type 'tensor<4x4xf32>' has rank 2"),
    ('sdy.mesh @mesh = <["x"=4], device_ids=[3, 2, 1, 0]>\n' + _header('%arg0: tensor<4xf32> {sdy.sharding = '
                                                                        '#sdy.sharding<@mesh, [{"x"}]>}'),
     "1:1", "lists device_ids [3, 2, 1, 0], which are not the default order 0..3"),
    ('sdy.mesh @a = <["x"=4]>\nsdy.mesh @b = <["y"=4]>\n' + _header(
        '%arg0: tensor<4xf32> {sdy.sharding = #sdy.sharding<@a, [{"x"}]>}, %arg1: tensor<4xf32> '
        '{sdy.sharding = #sdy.sharding<@b, [{}]>}'), "4:129", "is sharded on mesh @b but another value on mesh @a"),
    (_header('%arg0: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"]>}'), "2:89",
     "cannot read the signature of @main: unexpected ']'"),
    (_header('%arg0: tensor<4xf32> {mhlo.sharding = "{replicated}" : !!}'), "2:81",
     "cannot read the signature of @main: unexpected '!'"),
])
def test_read_errors_are_located(text, where, message):
    """Columns (hand-counted on _header's line 2): '(' at 25, '{' of the attributes at 47, an
    mhlo.sharding string's quote at 64, a #sdy.sharding at 63."""
    with pytest.raises(JaxShardingError) as info:
        read_jax_shardings(text, "in.mlir")
    err = info.value
    assert message in err.message
    assert str(err.location) == f"in.mlir:{where}"


def test_function_choice_errors():
    text = _header('%arg0: tensor<4xf32> {mhlo.sharding = "{replicated}"}')
    with pytest.raises(JaxShardingError, match=r"no function @other \(functions: @main\)"):
        read_jax_shardings(text, "f.mlir", "other")
    assert read_jax_shardings(text.replace("@main", "@only"), "f.mlir").function == "only"  # the only public one
    with pytest.raises(JaxShardingError, match="could not open --shardings-from file 'nowhere.mlir'"):
        load_jax_shardings("nowhere.mlir")


# ---------------------------------------------------------------------------------------------- applying
@pytest.mark.parametrize("program", ["mlp.linalg.mlir", "mlp.func.linalg.mlir"])
@pytest.mark.parametrize("export", [SHARDY, GSPMD])
def test_apply_to_the_linalg_program(program, export):
    m = mc.parse(str(REAL / program))
    report = apply_jax_shardings(m, load_jax_shardings(str(export)))
    verify(m)
    assert report.added == ["mesh"] and len(report.inserted) == 6
    text = print_op(m)
    assert "mesh.mesh @mesh(shape = 2x4)" in text
    for i, s in enumerate(MLP_ARGS):
        assert f"%arg{i}_s = mesh.shard %arg{i} to {s} : " in text
    body = [line.strip() for line in text.splitlines()]
    ret = next(i for i, line in enumerate(body) if line.startswith(("return", "util.return")))
    name, _, rest = body[ret - 1].partition(" = ")  # the result's annotation, just before the return
    assert rest.startswith("mesh.shard %") and rest.endswith(" to <@mesh, [[0]]> : tensor<64x256xf32>")
    assert body[ret].split()[1] == name
    again = parse(text, "again.mlir")
    verify(again)
    assert print_op(again) == text


def test_apply_mismatches():
    js = load_jax_shardings(str(SHARDY))
    layernorm = mc.parse(str(REAL / "layernorm.linalg.mlir"))
    with pytest.raises(JaxShardingError, match="@main of .*mlp_sharded.stablehlo.mlir has 5 arguments but @main has 3"):
        apply_jax_shardings(layernorm, js)
    wrong = SHARDY.read_text().replace("%arg2: tensor<1024xf32>", "%arg2: tensor<1000xf32>")
    js = read_jax_shardings(wrong, "wrong.mlir")
    with pytest.raises(JaxShardingError) as info:
        apply_jax_shardings(mc.parse(str(REAL / "mlp.linalg.mlir")), js)
    assert info.value.message == ("argument 2 of @main in wrong.mlir (--shardings-from) has type tensor<1000xf32> "
                                  f"but argument 2 of @main in {REAL / 'mlp.linalg.mlir'} has type tensor<1024xf32>")
    assert str(info.value.location).startswith("wrong.mlir:3:")


def test_apply_with_a_conflicting_mesh():
    text = (REAL / "mlp.linalg.mlir").read_text().replace("module @jit_mlp {",
                                                          "module @jit_mlp {\n  mesh.mesh @mesh(shape = 8)")
    m = mc.parse(text, "conflict.mlir")
    with pytest.raises(AnnotationError) as info:
        apply_jax_shardings(m, load_jax_shardings(str(SHARDY)))
    assert "mesh mesh=2x4: the module already has a different mesh @mesh (mesh=8)" in info.value.message


def _annotated_mlp():
    m = mc.parse(str(REAL / "mlp.linalg.mlir"))
    apply_jax_shardings(m, load_jax_shardings(str(SHARDY)))
    return m


def test_annotated_mlp_computes_what_jax_computes():
    m = _annotated_mlp()
    inputs = np.load(REAL / "mlp.inputs.npz")
    want = np.load(REAL / "mlp.expected.npz")["out"]
    got = mc.run_reference(m, [inputs[k] for k in inputs.files]).outputs[0]
    assert np.allclose(got, want, rtol=1e-5, atol=1e-5)


def test_partial_sums_are_reduced_once_over_the_model_axis():
    """After sharding-propagation, exactly one value is partial (the second matmul: its contracting dim,
    W2's rows, is split over "model" = axis 1) and exactly one resharding point turns it into a
    non-partial sharding: one all-reduce over the 4 "model" devices of each "data" row, as XLA emits."""
    from meshc.passes.base import PassContext
    from meshc.passes.manager import PassManager

    m = _annotated_mlp()
    PassManager.from_text("sharding-propagation", PassContext()).run(m)
    verify(m)
    produced = [op for op in m.walk() if isinstance(op, ShardOp) and not op.annotate_for_users]
    partial = [op for op in produced if op.sharding.partial_axes]
    assert len(partial) == 1
    (p,) = partial
    assert (p.sharding.partial_axes, p.sharding.partial_type, p.sharding.split_axes) == ((1,), "sum", ((0,),))
    assert p.src.owner.name == "linalg.matmul"
    reductions = [(op, user) for op in partial for user in op.results[0].users
                  if isinstance(user, ShardOp) and user.annotate_for_users and not user.sharding.partial_axes]
    assert len(reductions) == 1
    assert reductions[0][1].sharding == ShardingAttr("mesh", ((0,),))  # rows stay split over "data"


def test_mesh_inference_error_points_at_the_offending_sharding():
    text = _header('%arg0: tensor<4xf32> {mhlo.sharding = "{devices=[4]<=[4]}"}, '
                   '%arg1: tensor<4xf32> {mhlo.sharding = "{devices=[2]<=[2]}"}')
    with pytest.raises(JaxShardingError) as info:
        read_jax_shardings(text, "in.mlir")
    line = text.splitlines()[1]
    assert info.value.message == "'{devices=[2]<=[2]}' spans 2 devices, but the program runs on 4"
    assert (info.value.location.line, info.value.location.col) == (2, line.index('"{devices=[2]') + 1)
