"""Vocab-parallel gathers (meshc/interfaces/gather_models.py): an embedding table captured by a
``linalg.generic`` body (``tensor.extract``, what IREE emits for ``jnp.take``) and split on its vocab
dim is never gathered whole; each device reads its own rows (a masked gather) and the result is
partial, reduced once where a user needs it whole. A split of the table's columns is a split of the
result's columns."""

from __future__ import annotations

import re

import numpy as np
import pytest
from click.testing import CliRunner

import meshc.api as mc
from meshc.cli import main
from meshc.ir.printer import print_op
from meshc.passes.manager import PassManager
from tests.tolerance import tolerance

GATHER = """module {{
  mesh.mesh @m(shape = {mesh})
  func.func @main(%table: tensor<{v}x16xf32>, %ids: tensor<8xi32>, %pos: tensor<8x16xf32>) -> tensor<8x16xf32> {{
    %t = mesh.shard %table to <@m, {table}> : tensor<{v}x16xf32>
    %id = mesh.shard %ids to <@m, {ids}> : tensor<8xi32>
    %e = tensor.empty() : tensor<8x16xf32>
    %r = linalg.generic {{indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>],
                         iterator_types = ["parallel", "parallel"]}} ins(%id : tensor<8xi32>) outs(%e : tensor<8x16xf32>) {{
    ^bb0(%in: i32, %out: f32):
      %i0 = arith.index_cast %in : i32 to index
      %c0 = arith.constant 0 : index
      %cmax = arith.constant {vmax} : index
      %i1 = arith.maxsi %i0, %c0 : index
      %i = arith.minsi %i1, %cmax : index
      %j = linalg.index 1 : index
      %x = tensor.extract %t[%i, %j] : tensor<{v}x16xf32>
      linalg.yield %x : f32
    }} -> tensor<8x16xf32>
    %s = arith.addf %r, %pos : tensor<8x16xf32>
    %y = math.tanh %s : tensor<8x16xf32>
    return %y : tensor<8x16xf32>
  }}
}}"""

# An embedding bag: the gathered rows of each bag summed over a reduction loop.
BAG = """module {
  mesh.mesh @m(shape = 4)
  func.func @main(%table: tensor<64x16xf32>, %ids: tensor<3x5xi32>) -> tensor<3x16xf32> {
    %t = mesh.shard %table to <@m, [[0]]> : tensor<64x16xf32>
    %c = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<3x16xf32>
    %z = linalg.fill ins(%c : f32) outs(%e : tensor<3x16xf32>) -> tensor<3x16xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>],
                         iterator_types = ["parallel", "parallel", "reduction"]} ins(%ids : tensor<3x5xi32>) outs(%z : tensor<3x16xf32>) {
    ^bb0(%in: i32, %out: f32):
      %i = arith.index_cast %in : i32 to index
      %j = linalg.index 1 : index
      %x = tensor.extract %t[%i, %j] : tensor<64x16xf32>
      %a = arith.addf %out, %x : f32
      linalg.yield %a : f32
    } -> tensor<3x16xf32>
    %y = math.tanh %r : tensor<3x16xf32>
    return %y : tensor<3x16xf32>
  }
}"""


def _inputs(v: int, seed: int = 0) -> dict:
    rng = np.random.default_rng(seed)
    return {"table": rng.standard_normal((v, 16)).astype(np.float32),
            "ids": rng.integers(0, v, 8).astype(np.int32),
            "pos": rng.standard_normal((8, 16)).astype(np.float32)}


def _collectives(text: str, tmp_path) -> list[str]:
    path = tmp_path / "p.mlir"
    path.write_text(text)
    r = CliRunner().invoke(main, ["compile", str(path)])
    assert r.exit_code == 0, r.output
    return re.findall(r"= (mesh\.(?:all_gather|all_reduce|all_to_all|reduce_scatter|all_slice)) ", r.output)


def _run_exact(text: str, inputs: dict) -> None:
    """The sharded run equals the reference exactly (a masked gather adds zeros only)."""
    module = mc.parse(text)
    expected = mc.run_reference(mc.parse(text), inputs).outputs
    got = mc.run(module, inputs).outputs
    for a, b in zip(got, expected):
        np.testing.assert_array_equal(a, b)


@pytest.mark.parametrize("mesh, table, ids, v, reduced", [
    ("4", "[[0]]", "[[]]", 64, "mesh_axes = [0]"),         # vocab split: one all_reduce over its axis
    ("2x4", "[[1]]", "[[0]]", 64, "mesh_axes = [1]"),      # Megatron: ids data-parallel, table vocab-parallel
    ("4", "[[0]]", "[[]]", 10, "mesh_axes = [0]"),         # uneven vocab shards 2, 2, 3, 3
    ("3x2", "[[0]]", "[[1]]", 7, "mesh_axes = [0]"),       # uneven vocab shards 2, 2, 3; ids split on the other axis
])
def test_vocab_split_table_is_never_gathered(mesh, table, ids, v, reduced, tmp_path):
    text = GATHER.format(mesh=mesh, table=table, ids=ids, v=v, vmax=v - 1)
    assert _collectives(text, tmp_path) == ["mesh.all_reduce"]
    r = CliRunner().invoke(main, ["compile", str(tmp_path / "p.mlir")])
    assert reduced in r.output and "all_gather" not in r.output
    _run_exact(text, _inputs(v))


def test_column_split_table_needs_no_collective(tmp_path):
    text = GATHER.format(mesh="4", table="[[], [0]]", ids="[[]]", v=64, vmax=63)
    assert _collectives(text, tmp_path) == []
    _run_exact(text, _inputs(64))


def test_vocab_smaller_than_the_mesh_is_not_split(tmp_path):
    # 2 rows over 4 devices would leave empty shards: the table is gathered instead (exact either way)
    text = GATHER.format(mesh="4", table="[[0]]", ids="[[]]", v=2, vmax=1)
    assert _collectives(text, tmp_path) == ["mesh.all_gather"]
    _run_exact(text, _inputs(2))


def test_propagation_makes_the_lookup_partial():
    text = GATHER.format(mesh="2x4", table="[[1]]", ids="[[0]]", v=64, vmax=63)
    module = mc.parse(text)
    PassManager.from_text("sharding-propagation").run(module)
    printed = print_op(module)
    assert "mesh.shard %r to <@m, [[0]], partial = sum[1]>" in printed
    assert "annotate_for_users : tensor<64x16xf32>" not in printed  # the table is read as it is split


def test_embedding_bag_sums_partial_rows(tmp_path):
    assert _collectives(BAG, tmp_path) == ["mesh.all_reduce"]
    rng = np.random.default_rng(1)
    inputs = {"table": rng.standard_normal((64, 16)).astype(np.float32),
              "ids": rng.integers(0, 64, (3, 5)).astype(np.int32)}
    module = mc.parse(BAG)
    result = mc.run(module, inputs, check=True)
    assert result.check_ok
    # a row sum over a bag of 5, in another order: a few float32 ulps at most
    expected = np.tanh(inputs["table"][inputs["ids"]].sum(axis=1))
    rtol, atol = tolerance(np.float32, 5, float(np.abs(inputs["table"]).max() * 5))
    np.testing.assert_allclose(result.outputs[0], expected, rtol=rtol, atol=atol)


def test_each_device_reads_only_its_rows_of_the_table():
    text = GATHER.format(mesh="4", table="[[0]]", ids="[[]]", v=64, vmax=63)
    module = mc.parse(text)
    PassManager.from_text("sharding-propagation,distribute-types,reshard,partition").run(module)
    reads = [op for op in module.walk() if op.name == "tensor.extract_slice" and op.operands[0].name_hint == "table"]
    assert [tuple(r.results[0].type.shape) for r in reads] == [(16, 16)]  # the device's 64 / 4 rows, never all 64


# IREE's dispatch creation fuses the lookup, its bounds check (NaN for an id outside the table) and the
# position add into one op: its yield is affine in the element read.
FUSED = """module {{
  mesh.mesh @m(shape = {mesh})
  func.func @main(%table: tensor<{v}x16xf32>, %ids: tensor<8xi32>, %pos: tensor<8x16xf32>) -> tensor<8x16xf32> {{
    %t = mesh.shard %table to <@m, {table}> : tensor<{v}x16xf32>
    %id = mesh.shard %ids to <@m, {ids}> : tensor<8xi32>
    %nan = arith.constant 0x7FC00000 : f32
    %c0 = arith.constant 0 : i32
    %cmax = arith.constant {vmax} : i32
    %e = tensor.empty() : tensor<8x16xf32>
    %r = linalg.generic {{indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>,
                                           affine_map<(d0, d1) -> (d0, d1)>],
                         iterator_types = ["parallel", "parallel"]}} ins(%id, %pos : tensor<8xi32>, tensor<8x16xf32>) outs(%e : tensor<8x16xf32>) {{
    ^bb0(%in: i32, %p: f32, %out: f32):
      %i = arith.index_cast %in : i32 to index
      %j = linalg.index 1 : index
      %x = tensor.extract %t[%i, %j] : tensor<{v}x16xf32>
      %lo = arith.cmpi sge, %in, %c0 : i32
      %hi = arith.cmpi sle, %in, %cmax : i32
      %ok = arith.andi %lo, %hi : i1
      %g = arith.select %ok, %x, %nan : f32
      %a = arith.addf %g, %p : f32
      linalg.yield %a : f32
    }} -> tensor<8x16xf32>
    %y = math.tanh %r : tensor<8x16xf32>
    return %y : tensor<8x16xf32>
  }}
}}"""


@pytest.mark.parametrize("mesh, table, ids, v", [("4", "[[0]]", "[[]]", 64), ("2x4", "[[1]]", "[[0]]", 64),
                                                  ("4", "[[0]]", "[[]]", 10)])
def test_a_fused_lookup_and_add_stays_vocab_parallel(mesh, table, ids, v, tmp_path):
    # the position add and the NaN of the bounds check come from the first vocab shard only: one device
    # adds the row, one the position, the others zeros, so the sum is the reference's exactly
    text = FUSED.format(mesh=mesh, table=table, ids=ids, v=v, vmax=v - 1)
    assert _collectives(text, tmp_path) == ["mesh.all_reduce"]
    _run_exact(text, _inputs(v))

