"""unroll pass: the per-shard signature and its attributes, stored shards shared in a peer
group, one mesh.for_one per device, the N-operand collectives and their interpreter kernel,
the unsharded wrapper (partial results combined), dynamic meshes and --mesh-shape."""

from __future__ import annotations

import textwrap
from pathlib import Path

import numpy as np
import pytest

import meshc.api as api
from meshc.dialects import mesh as M
from meshc.dialects.func import FuncOp
from meshc.ir import DiagnosticError, print_op, verify
from meshc.parser import parse
from meshc.passes.base import PassContext
from meshc.passes.manager import PassManager
from meshc.passes.specialize_mesh import parse_shapes, specialize_meshes
from meshc.sharding import Mesh

DATA = Path(__file__).parent / "data"
PIPELINE = "reshard{strategy=collectives},partition,unroll"


def compile_text(text: str, pipeline: str = PIPELINE, context: PassContext | None = None):
    m = parse(textwrap.dedent(text), "t.mlir")
    verify(m)
    PassManager.from_text(pipeline, context).run(m)
    again = parse(print_op(m), "again.mlir")
    verify(again)
    assert print_op(again) == print_op(m)
    return again


def funcs(m) -> dict[str, FuncOp]:
    return {op.sym_name: op for op in m.body.ops if isinstance(op, FuncOp)}


def arg_attrs(f: FuncOp, key: str = "arg_attrs") -> list[dict]:
    return [{k: (v.value if hasattr(v, "value") else [e.value for e in v] if hasattr(v, "elements") else
                 list(v.values)) for k, v in d.entries} for d in f.attributes[key]]


SEED = """
mesh.mesh @mesh(shape = 2, peered_memory_axes = [0])
func.func @main(%arg0: tensor<2x3xf32, #mesh.shard<@mesh, [[0]]>>, %arg1: tensor<3x2xf32, #mesh.shard<@mesh, [[]]>>, %out_dps: tensor<2x2xf32, #mesh.shard<@mesh, [[0]]>>) -> tensor<2x2xf32, #mesh.shard<@mesh, [[0]]>> {
  %res = linalg.matmul ins(%arg0, %arg1 : tensor<2x3xf32, #mesh.shard<@mesh, [[0]]>>, tensor<3x2xf32, #mesh.shard<@mesh, [[]]>>) outs(%out_dps : tensor<2x2xf32, #mesh.shard<@mesh, [[0]]>>) -> tensor<2x2xf32, #mesh.shard<@mesh, [[0]]>>
  return %res : tensor<2x2xf32, #mesh.shard<@mesh, [[0]]>>
}
"""


def test_seed_example_unrolls_to_one_body_per_device():
    m = compile_text(SEED)
    fs = funcs(m)
    wrapper, sharded = fs["main"], fs["main_sharded"]
    assert (wrapper.visibility, sharded.visibility) == ("public", "private")
    assert str(wrapper.function_type) == "(tensor<2x3xf32>, tensor<3x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>"
    # rows of %arg0 on devices 0 and 1; %arg1 replicated over the peered axis: stored once for both
    assert arg_attrs(sharded) == [
        {"mesh.arg": 0, "mesh.devices": [0], "mesh.offsets": [0, 0]},
        {"mesh.arg": 0, "mesh.devices": [1], "mesh.offsets": [1, 0]},
        {"mesh.arg": 1, "mesh.devices": [0, 1], "mesh.offsets": [0, 0]},
        {"mesh.arg": 2, "mesh.devices": [0], "mesh.offsets": [0, 0]},
        {"mesh.arg": 2, "mesh.devices": [1], "mesh.offsets": [1, 0]},
    ]
    assert arg_attrs(sharded, "res_attrs") == [{"mesh.result": 0, "mesh.devices": [0], "mesh.offsets": [0, 0]},
                                               {"mesh.result": 0, "mesh.devices": [1], "mesh.offsets": [1, 0]}]
    ones = [op for op in sharded.body.ops if isinstance(op, M.ForOneOp)]
    assert [o.device for o in ones] == [[0], [1]]
    assert [[op.name for op in o.body.ops] for o in ones] == [["linalg.matmul", "mesh.yield"]] * 2
    assert ones[1].body.ops[0].operands[0] is sharded.body.args[1]  # device 1 multiplies its own row
    x, w = np.arange(6, dtype=np.float32).reshape(2, 3), np.ones((3, 2), dtype=np.float32)
    out = api.run_reference(m, [x, w, np.zeros((2, 2), np.float32)]).outputs[0]
    np.testing.assert_allclose(out, x @ w)


def test_replicated_values_are_one_per_device_without_peered_memory():
    m = compile_text(SEED.replace(", peered_memory_axes = [0]", ""))
    attrs = arg_attrs(funcs(m)["main_sharded"])
    assert [a["mesh.devices"] for a in attrs if a["mesh.arg"] == 1] == [[0], [1]]


def test_the_sharded_function_runs_on_shards_cut_by_its_attributes():
    # the runtime's contract: stream each shard from the input by mesh.offsets, reassemble by mesh.offsets
    m = compile_text(SEED)
    sharded = funcs(m)["main_sharded"]
    rng = np.random.default_rng(3)
    inputs = [rng.standard_normal((2, 3)).astype(np.float32), rng.standard_normal((3, 2)).astype(np.float32),
              np.zeros((2, 2), np.float32)]
    args = []
    for t, a in zip(sharded.function_type.inputs, arg_attrs(sharded)):
        box = tuple(slice(o, o + n) for o, n in zip(a["mesh.offsets"], t.shape))
        args.append(inputs[a["mesh.arg"]][box])
    outs = api.run_reference(m, args, entry="main_sharded").outputs
    full = np.zeros((2, 2), np.float32)
    for o, a in zip(outs, arg_attrs(sharded, "res_attrs")):
        full[tuple(slice(s, s + n) for s, n in zip(a["mesh.offsets"], o.shape))] = o
    np.testing.assert_allclose(full, inputs[0] @ inputs[1], rtol=1e-5)


def test_partial_arguments_and_results_are_sharded_and_combined():
    # a partial argument: device 0 holds the value, the others the identity (-inf for max); a partial
    # result is combined by its reduction in the wrapper
    text = """
    mesh.mesh @m(shape = 2)
    func.func @f(%x: tensor<3xf32, #mesh.shard<@m, [[]], partial = max[0]>>) -> tensor<3xf32, #mesh.shard<@m, [[]], partial = max[0]>> {
      return %x : tensor<3xf32, #mesh.shard<@m, [[]], partial = max[0]>>
    }
    """
    m = compile_text(text)
    wrapper = funcs(m)["f"]
    assert [op.name for op in wrapper.body.ops] == ["tensor.empty", "arith.constant", "linalg.fill", "func.call",
                                                    "arith.maximumf", "func.return"]
    # the runtime's contract: device 1's shard of the argument starts from the identity of max
    assert arg_attrs(funcs(m)["f_sharded"]) == [
        {"mesh.arg": 0, "mesh.devices": [0], "mesh.offsets": [0]},
        {"mesh.arg": 0, "mesh.devices": [1], "mesh.offsets": [0], "mesh.identity": -np.inf}]
    x = np.array([1.0, -5.0, 2.5], dtype=np.float32)
    np.testing.assert_array_equal(api.run_reference(m, [x]).outputs[0], x)


def test_collectives_take_one_operand_per_stored_shard():
    text = """
    mesh.mesh @p(shape = 4, peered_memory_axes = [0])
    func.func @f(%x: tensor<8xf32, #mesh.shard<@p, [[]], partial = sum[0]>>) -> tensor<8xf32, #mesh.shard<@p, [[0]]>> {
      %y = mesh.shard %x to <@p, [[]]> : tensor<8xf32, #mesh.shard<@p, [[]], partial = sum[0]>> -> tensor<8xf32, #mesh.shard<@p, [[]]>>
      %z = mesh.shard %y to <@p, [[0]]> : tensor<8xf32, #mesh.shard<@p, [[]]>> -> tensor<8xf32, #mesh.shard<@p, [[0]]>>
      return %z : tensor<8xf32, #mesh.shard<@p, [[0]]>>
    }
    """
    m = compile_text(text, "reshard{strategy=collectives},partition,unroll")
    (rs,) = [op for op in m.walk() if isinstance(op, M.CollectiveOp)]
    # partial -> [[0]] is one reduce_scatter: 4 partial values in, 4 shards of 2 out
    assert rs.name == "mesh.reduce_scatter" and len(rs.operands) == 4 and len(rs.results) == 4
    assert [str(r.type) for r in rs.results] == ["tensor<2xf32>"] * 4
    x = np.arange(8, dtype=np.float32)
    np.testing.assert_array_equal(api.run_reference(m, [x]).outputs[0], x)


def test_unrolled_all_to_all_kernel_moves_the_blocks():
    # 4x4 rows over 2 devices -> columns: device d gets rows 0..3 of columns 2d, 2d+1
    text = """
    mesh.mesh @m(shape = 2)
    func.func @f(%a: tensor<2x4xf32>, %b: tensor<2x4xf32>) -> (tensor<4x2xf32>, tensor<4x2xf32>) {
      %r:2 = mesh.all_to_all %a, %b on @m mesh_axes = [0] split_axis = 1 concat_axis = 0 {global_types = [tensor<4x4xf32, #mesh.shard<@m, [[0]]>>, tensor<4x4xf32, #mesh.shard<@m, [[], [0]]>>]} : tensor<2x4xf32>, tensor<2x4xf32> -> tensor<4x2xf32>, tensor<4x2xf32>
      return %r#0, %r#1 : tensor<4x2xf32>, tensor<4x2xf32>
    }
    """
    m = parse(textwrap.dedent(text), "t.mlir")
    verify(m)
    full = np.arange(16, dtype=np.float32).reshape(4, 4)
    c0, c1 = api.run_reference(m, [full[:2], full[2:]]).outputs
    np.testing.assert_array_equal(c0, full[:, :2])
    np.testing.assert_array_equal(c1, full[:, 2:])


def test_halo_exchange_runs_unrolled():
    # 10 rows over 4 devices (2, 2, 3, 3) with one halo row each side, clipped at the edges:
    # device 1 holds rows [1, 5), device 3 rows [6, 10)
    text = """
    mesh.mesh @m(shape = 4)
    func.func @f(%x: tensor<10xf32, #mesh.shard<@m, [[0]]>>) -> tensor<10xf32, #mesh.shard<@m, [[0]], halo_sizes = [1, 1]>> {
      %y = mesh.shard %x to <@m, [[0]], halo_sizes = [1, 1]> : tensor<10xf32, #mesh.shard<@m, [[0]]>> -> tensor<10xf32, #mesh.shard<@m, [[0]], halo_sizes = [1, 1]>>
      return %y : tensor<10xf32, #mesh.shard<@m, [[0]], halo_sizes = [1, 1]>>
    }
    """
    m = compile_text(text)
    x = np.arange(10, dtype=np.float32)
    outs = api.run_reference(m, [x[0:2], x[2:4], x[4:7], x[7:10]], entry="f_sharded").outputs
    assert [o.tolist() for o in outs] == [[0, 1, 2], [1, 2, 3, 4], [3, 4, 5, 6, 7], [6, 7, 8, 9]]
    np.testing.assert_array_equal(api.run_reference(m, [x]).outputs[0], x)


# ------------------------------------------------------------------ dynamic meshes and --mesh-shape
DYNAMIC = """
mesh.mesh @m(shape = ?)
func.func @f(%x: tensor<10xf32, #mesh.shard<@m, [[0]]>>) -> tensor<10xf32, #mesh.shard<@m, [[0]]>> {
  %y = math.exp %x : tensor<10xf32, #mesh.shard<@m, [[0]]>>
  return %y : tensor<10xf32, #mesh.shard<@m, [[0]]>>
}
"""


def test_a_dynamic_mesh_is_left_in_spmd_form_with_a_remark():
    ctx = PassContext(remarks=True)
    m = compile_text(DYNAMIC, PIPELINE, ctx)
    assert list(funcs(m)) == ["f"]
    assert any(isinstance(op, M.ForAllOp) for op in m.walk())
    assert any("mesh @m is dynamic: @f keeps its SPMD form" in d.message for d in ctx.emitted)


def test_mesh_shape_specializes_and_unrolls_with_uneven_shards():
    m = compile_text(DYNAMIC, PIPELINE, PassContext(mesh_shapes={"m": (3,)}))
    sharded = funcs(m)["f_sharded"]
    # 10 over 3: 3, 3, 4
    assert [str(t) for t in sharded.function_type.inputs] == ["tensor<3xf32>", "tensor<3xf32>", "tensor<4xf32>"]
    x = np.linspace(0, 1, 10, dtype=np.float32)
    np.testing.assert_allclose(api.run_reference(m, [x]).outputs[0], np.exp(x), rtol=1e-6)


def test_specialize_mesh_rules():
    m = parse("mesh.mesh @m(shape = ?x4)\nmesh.mesh @s(shape = 2)\n", "t.mlir")
    changed = specialize_meshes(m, {"m": (3, 4), "s": (2,)})
    assert [c.sym_name for c in changed] == ["m"] and changed[0].shape == (3, 4)
    assert specialize_meshes(m, {"m": (3, 4)}) == []  # idempotent
    for shapes, message in [({"m": (3,)}, "has rank 2; cannot specialize it to shape 3"),
                            ({"s": (4,)}, "axis 0 has static size 2; cannot specialize it to 4"),
                            ({"q": (4,)}, "--mesh-shape names mesh '@q', which the module does not declare")]:
        with pytest.raises(DiagnosticError) as info:
            specialize_meshes(m, shapes)
        assert message in info.value.message
    assert parse_shapes("m=5;n=2x4") == {"m": (5,), "n": (2, 4)}
    with pytest.raises(ValueError):
        parse_shapes("m=0")


def test_specialize_mesh_pass_option():
    m = compile_text(DYNAMIC, "specialize-mesh{shapes=m=2}")
    assert next(op for op in m.walk() if isinstance(op, M.MeshOp)).shape == (2,)


# ------------------------------------------------------------------ errors
def test_a_resharding_point_left_is_a_located_error():
    text = """
    mesh.mesh @m(shape = 4)
    func.func @f(%x: tensor<8xf32, #mesh.shard<@m, [[0]]>>) -> tensor<8xf32, #mesh.shard<@m, [[]]>> {
      %y = mesh.shard %x to <@m, [[]]> {peer_read} : tensor<8xf32, #mesh.shard<@m, [[0]]>> -> tensor<8xf32, #mesh.shard<@m, [[]]>>
      return %y : tensor<8xf32, #mesh.shard<@m, [[]]>>
    }
    """
    with pytest.raises(DiagnosticError) as info:
        compile_text(text, "unroll")
    assert info.value.message == "'mesh.shard' op is a resharding point; run partition before unroll"
    assert info.value.location.line == 4


def test_dynamic_tensor_sizes_are_a_located_error():
    text = """
    mesh.mesh @m(shape = 2)
    func.func @f(%x: tensor<?xf32, #mesh.shard<@m, [[0]]>>) -> tensor<?xf32, #mesh.shard<@m, [[0]]>> {
      return %x : tensor<?xf32, #mesh.shard<@m, [[0]]>>
    }
    """
    with pytest.raises(DiagnosticError) as info:
        compile_text(text, "unroll")
    assert "unroll needs static tensor shapes, got 'tensor<?xf32, #mesh.shard<@m, [[0]]>>'" in info.value.message


def test_storage_pieces_share_within_peer_groups_only():
    # 2x4 mesh peered along axis 1; rows split over axis 0, replicated over axis 1:
    # devices 0-3 share rows [0, 4), devices 4-7 rows [4, 8)
    t = parse("mesh.mesh @m(shape = 2x4)\nfunc.func private @f(tensor<8x2xf32, #mesh.shard<@m, [[0]]>>)\n",
              "t.mlir").body.ops[1].function_type.inputs[0]
    pieces = M.storage_pieces(t, Mesh("m", (2, 4), (1,)))
    assert [(p.devices, p.offsets, p.shape) for p in pieces] == [((0, 1, 2, 3), (0, 0), (4, 2)),
                                                                  ((4, 5, 6, 7), (4, 0), (4, 2))]
    assert len(M.storage_pieces(t, Mesh("m", (2, 4)))) == 8
    assert M.piece_of_device(pieces, 6) == 1


def test_an_existing_sharded_symbol_is_a_located_error():
    text = SEED + "func.func private @main_sharded()\n"
    with pytest.raises(DiagnosticError) as info:
        compile_text(text)
    assert info.value.message == "'func.func' op cannot create @main_sharded: the module already has that symbol"
    assert info.value.location.line == 3
