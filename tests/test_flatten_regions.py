"""flatten-regions (meshc/passes/flatten_regions.py) and the region-flow interface
(meshc/interfaces/region_flow.py): a matmul inside a flow.dispatch.region, an scf.for of static trip
count or a called function partitions with the same collectives as the program written flat, and
runs correctly sharded."""

from __future__ import annotations

import re

import numpy as np
import pytest

import meshc.api as mc
from meshc.interfaces.region_flow import INDUCTION, region_flow
from meshc.ir.printer import print_op
from meshc.passes.manager import PassManager

HEAD = """module {
  mesh.mesh @m(shape = 2x4)
  func.func @main(%x: tensor<8x16xf32>, %w: tensor<16x16xf32>) -> tensor<8x16xf32> {
    %xs = mesh.shard %x to <@m, [[0], [1]]> : tensor<8x16xf32>
    %ws = mesh.shard %w to <@m, [[1]]> : tensor<16x16xf32>
"""
LAYER = """      %c0{n} = arith.constant 0.0 : f32
      %e{n} = tensor.empty() : tensor<8x16xf32>
      %f{n} = linalg.fill ins(%c0{n} : f32) outs(%e{n} : tensor<8x16xf32>) -> tensor<8x16xf32>
      %mm{n} = linalg.matmul ins({a}, %ws : tensor<8x16xf32>, tensor<16x16xf32>) outs(%f{n} : tensor<8x16xf32>) -> tensor<8x16xf32>
      %t{n} = math.tanh %mm{n} : tensor<8x16xf32>
"""
TAIL = """    return {r} : tensor<8x16xf32>
  }}
}}"""

FLAT1 = HEAD + LAYER.format(n=0, a="%xs") + TAIL.format(r="%t0")
FLAT3 = HEAD + "".join(LAYER.format(n=n, a="%xs" if n == 0 else f"%t{n - 1}") for n in range(3)) + TAIL.format(r="%t2")

DISPATCH = HEAD + """    %r = flow.dispatch.region -> (tensor<8x16xf32>) {
""" + LAYER.format(n=0, a="%xs") + """      flow.return %t0 : tensor<8x16xf32>
    }
""" + TAIL.format(r="%r")

LOOP = HEAD + """    %lb = arith.constant 0 : index
    %ub = arith.constant 3 : index
    %st = arith.constant 1 : index
    %r = scf.for %i = %lb to %ub step %st iter_args(%acc = %xs) -> (tensor<8x16xf32>) {
""" + LAYER.format(n=0, a="%acc") + """      scf.yield %t0 : tensor<8x16xf32>
    }
""" + TAIL.format(r="%r")

CALL = """module {
  mesh.mesh @m(shape = 2x4)
  func.func private @layer(%a: tensor<8x16xf32>, %ws: tensor<16x16xf32>) -> tensor<8x16xf32> {
""" + LAYER.format(n=0, a="%a") + """    return %t0 : tensor<8x16xf32>
  }
  func.func @main(%x: tensor<8x16xf32>, %w: tensor<16x16xf32>) -> tensor<8x16xf32> {
    %xs = mesh.shard %x to <@m, [[0], [1]]> : tensor<8x16xf32>
    %ws = mesh.shard %w to <@m, [[1]]> : tensor<16x16xf32>
    %r = func.call @layer(%xs, %ws) : (tensor<8x16xf32>, tensor<16x16xf32>) -> tensor<8x16xf32>
""" + TAIL.format(r="%r")

IF = HEAD + """    %c = arith.constant COND
    %r = scf.if %c -> (tensor<8x16xf32>) {
""" + LAYER.format(n=0, a="%xs") + """      scf.yield %t0 : tensor<8x16xf32>
    } else {
      scf.yield %xs : tensor<8x16xf32>
    }
""" + TAIL.format(r="%r")


def _collectives(text: str) -> list[str]:
    module = mc.parse(text)
    PassManager.from_text(mc.default_pipeline()).run(module)
    printed = print_op(module)
    return re.findall(r"= (mesh\.(?:all_gather|all_reduce|all_to_all|reduce_scatter|all_slice)) ", printed)


def _inputs(seed: int = 0) -> list:
    rng = np.random.default_rng(seed)
    return [rng.standard_normal((8, 16)).astype(np.float32), (rng.standard_normal((16, 16)) / 4).astype(np.float32)]


@pytest.mark.parametrize("text, flat", [(DISPATCH, FLAT1), (LOOP, FLAT3), (CALL, FLAT1),
                                        (IF.replace("COND", "true"), FLAT1)])
def test_region_ops_partition_as_their_flat_form(text, flat):
    got = _collectives(text)
    assert got == _collectives(flat)
    assert "mesh.all_reduce" in got  # the contraction over the split rows of w is reduced, never gathered
    result = mc.run(mc.parse(text), _inputs(), check=True)
    assert result.check_ok
    np.testing.assert_array_equal(result.outputs[0], mc.run(mc.parse(flat), _inputs()).outputs[0])


def test_a_constant_false_condition_takes_the_else_branch():
    text = IF.replace("COND", "false")
    assert _collectives(text) == []
    x, w = _inputs()
    np.testing.assert_array_equal(mc.run(mc.parse(text), [x, w]).outputs[0], x)


def test_what_cannot_be_flattened_stays_replicated_and_runs():
    # a computed condition, and a loop of more trips than max-trips
    computed = IF.replace("%c = arith.constant COND",
                          "%c0x = arith.constant 1.0 : f32\n    %c = arith.cmpf olt, %c0x, %c0x : f32")
    long_loop = LOOP.replace("%ub = arith.constant 3", "%ub = arith.constant 100")
    for text in (computed, long_loop):
        module = mc.parse(text)
        PassManager.from_text("flatten-regions").run(module)
        assert any(op.name in ("scf.if", "scf.for") for op in module.walk())
        assert mc.run(mc.parse(text), _inputs(), check=True).check_ok


def test_region_flow_of_each_op():
    loop = next(op for op in mc.parse(LOOP).walk() if op.name == "scf.for")
    flow = region_flow(loop)
    assert (flow.trips, flow.carried, flow.induction, flow.entry) == (3, True, (0, 1), (INDUCTION, 3))
    dispatch = next(op for op in mc.parse(DISPATCH).walk() if op.name == "flow.dispatch.region")
    assert (region_flow(dispatch).trips, region_flow(dispatch).entry) == (1, ())
    call = next(op for op in mc.parse(CALL).walk() if op.name == "func.call")
    assert (region_flow(call).trips, region_flow(call).entry) == (1, (0, 1))


def test_a_program_without_annotations_keeps_its_regions():
    text = DISPATCH.replace('    %xs = mesh.shard %x to <@m, [[0], [1]]> : tensor<8x16xf32>\n', "    %xs = arith.addf %x, %x : tensor<8x16xf32>\n")
    text = text.replace('    %ws = mesh.shard %w to <@m, [[1]]> : tensor<16x16xf32>\n', "    %ws = arith.addf %w, %w : tensor<16x16xf32>\n")
    module = mc.parse(text)
    PassManager.from_text("flatten-regions").run(module)
    assert any(op.name == "flow.dispatch.region" for op in module.walk())
