"""Sharding-model rules that keep what the user gave (meshc/interfaces/sharding.py): explicit uneven
``sharded_dims_offsets`` survive propagation (no all_gather + all_slice round trip where no data
needs to move), and an op pointwise in a haloed loop keeps the halo (one update_halo for a chain, no
exchange back to the core and out again)."""

from __future__ import annotations

import re

import numpy as np
import pytest

import meshc.api as mc
from meshc.ir.printer import print_op
from meshc.passes.manager import PassManager

UNEVEN = """module {
  mesh.mesh @m(shape = 2)
  func.func @main(%x: tensor<5x4xf32>, %w: tensor<4x3xf32>) -> tensor<5x3xf32> {
    %xs = mesh.shard %x to <@m, [[0]], sharded_dims_offsets = [0, 3, 5]> : tensor<5x4xf32>
    %y = math.exp %xs : tensor<5x4xf32>
    %z = arith.addf %y, %y : tensor<5x4xf32>
    %c0 = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<5x3xf32>
    %f = linalg.fill ins(%c0 : f32) outs(%e : tensor<5x3xf32>) -> tensor<5x3xf32>
    %r = linalg.matmul ins(%z, %w : tensor<5x4xf32>, tensor<4x3xf32>) outs(%f : tensor<5x3xf32>) -> tensor<5x3xf32>
    return %r : tensor<5x3xf32>
  }
}"""

HALO_CHAIN = """module {
  mesh.mesh @m(shape = 4)
  func.func @main(%x: tensor<16x4xf32>, %b: tensor<4xf32>) -> tensor<16x4xf32> {
    %xs = mesh.shard %x to <@m, [[0]]> : tensor<16x4xf32>
    %h = mesh.shard %xs to <@m, [[0]], halo_sizes = [2, 1]> annotate_for_users : tensor<16x4xf32>
    %y = math.exp %h : tensor<16x4xf32>
    %e = tensor.empty() : tensor<16x4xf32>
    %z = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>,
                                          affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
        ins(%y, %b : tensor<16x4xf32>, tensor<4xf32>) outs(%e : tensor<16x4xf32>) {
    ^bb0(%a: f32, %c: f32, %o: f32):
      %s = arith.addf %a, %c : f32
      linalg.yield %s : f32
    } -> tensor<16x4xf32>
    %w = mesh.shard %z to <@m, [[0]], halo_sizes = [2, 1]> annotate_for_users : tensor<16x4xf32>
    %t = math.tanh %w : tensor<16x4xf32>
    return %t : tensor<16x4xf32>
  }
}"""


def _compiled(text: str, pipeline: str = "sharding-propagation") -> str:
    module = mc.parse(text)
    PassManager.from_text(pipeline).run(module)
    return print_op(module)


def _collectives(text: str) -> list[str]:
    printed = _compiled(text, "sharding-propagation,distribute-types,reshard")
    return re.findall(r"= (mesh\.(?:all_gather|all_reduce|all_to_all|reduce_scatter|all_slice|update_halo)) ", printed)


def test_uneven_offsets_survive_an_elementwise_chain_and_a_matmul():
    printed = _compiled(UNEVEN)
    for name in ("y", "z", "e", "f", "r"):
        assert f"mesh.shard %{name} to <@m, [[0]], sharded_dims_offsets = [0, 3, 5]>" in printed, printed
    assert _collectives(UNEVEN) == []
    rng = np.random.default_rng(0)
    inputs = [rng.standard_normal((5, 4)).astype(np.float32), rng.standard_normal((4, 3)).astype(np.float32)]
    result = mc.run(mc.parse(UNEVEN), inputs, check=True)
    assert result.check_ok
    expected = mc.run_reference(mc.parse(UNEVEN), inputs).outputs[0]
    np.testing.assert_array_equal(result.outputs[0], expected)  # same rows, same order of sums


@pytest.mark.parametrize("mesh", ["2", "4", "3"])
def test_a_haloed_chain_exchanges_its_halo_once(mesh):
    text = HALO_CHAIN.replace("shape = 4", f"shape = {mesh}")
    printed = _compiled(text)
    for name in ("y", "z"):
        assert f"mesh.shard %{name} to <@m, [[0]], halo_sizes = [2, 1]>" in printed, printed
    assert _collectives(text) == ["mesh.update_halo"]
    rng = np.random.default_rng(1)
    inputs = [rng.standard_normal((16, 4)).astype(np.float32), rng.standard_normal(4).astype(np.float32)]
    result = mc.run(mc.parse(text), inputs, check=True)
    assert result.check_ok
    expected = mc.run_reference(mc.parse(text), inputs).outputs[0]
    np.testing.assert_array_equal(result.outputs[0], expected)  # elementwise: exactly the same values


def test_a_reduction_over_the_haloed_dim_drops_the_halo():
    # a row sum over the split dim is not pointwise in it: it reads the core (halo cells counted once)
    text = """module {
      mesh.mesh @m(shape = 4)
      func.func @main(%x: tensor<16x4xf32>) -> tensor<4xf32> {
        %xs = mesh.shard %x to <@m, [[0]]> : tensor<16x4xf32>
        %h = mesh.shard %xs to <@m, [[0]], halo_sizes = [1, 1]> annotate_for_users : tensor<16x4xf32>
        %c = arith.constant 0.0 : f32
        %e = tensor.empty() : tensor<4xf32>
        %f = linalg.fill ins(%c : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
        %s = linalg.reduce ins(%h : tensor<16x4xf32>) outs(%f : tensor<4xf32>) dimensions = [0]
          (%in: f32, %acc: f32) {
            %a = arith.addf %in, %acc : f32
            linalg.yield %a : f32
          }
        return %s : tensor<4xf32>
      }
    }"""
    rng = np.random.default_rng(2)
    x = rng.standard_normal((16, 4)).astype(np.float32)
    result = mc.run(mc.parse(text), [x], check=True)
    assert result.check_ok


FOREIGN = """module {
  mesh.mesh @m(shape = 4)
  func.func @main(%x: tensor<8x16xf32>, %y: tensor<%Y%xf32>) -> tensor<8x16xf32> {
    %xs = mesh.shard %x to <@m, [[0]]> : tensor<8x16xf32>
    %a = "%OP%"(%xs, %y) : (tensor<8x16xf32>, tensor<%Y%xf32>) -> tensor<8x16xf32>
    %b = math.exp %a : tensor<8x16xf32>
    return %b : tensor<8x16xf32>
  }
}"""


def _foreign(op: str, y: str = "8x16") -> str:
    return FOREIGN.replace("%OP%", op).replace("%Y%", y)


@pytest.mark.parametrize("op", ["stablehlo.add", "stablehlo.multiply", "mhlo.maximum"])  # tosa has classes
def test_a_known_elementwise_foreign_op_keeps_the_split(op):
    printed = _compiled(_foreign(op))
    assert "mesh.shard %y to <@m, [[0]]>" in printed and "mesh.shard %a to <@m, [[0]]>" in printed, printed
    assert _collectives(_foreign(op)) == []
    body = _compiled(_foreign(op), "sharding-propagation,distribute-types,reshard,partition,unroll")
    assert body.count(f'"{op}"') == 4 and "(tensor<2x16xf32>, tensor<2x16xf32>) -> (tensor<2x16xf32>)" in body


@pytest.mark.parametrize("op, y", [("foo.bar", "8x16"), ("stablehlo.add", "1x16")])
def test_other_foreign_ops_are_replicated_with_a_remark(op, y):
    from meshc.interfaces.foreign_models import foreign_rule_remark

    text = _foreign(op, y)
    assert _collectives(text) == ["mesh.all_gather"]
    foreign = next(o for o in mc.parse(text).walk() if o.name == op)
    why = foreign_rule_remark(foreign)
    assert why == (f"'{op}' is not a known elementwise op" if op == "foo.bar"
                   else f"'{op}' has operands and results of different shapes (a broadcast)")
