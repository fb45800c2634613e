"""The ops of IREE's later phases that meshc reads: ``hal.tensor.import`` / ``export`` and
``iree_tensor_ext.compute_barrier`` (IREE's ABI, meshc/dialects/hal.py, iree_tensor_ext.py,
meshc/frontends/iree_abi.py), ``linalg.softmax`` (op, sharding rule, kernel), and the ops of loops of
dispatches at ``--compile-to=dispatch-creation``: ``flow.tensor.load`` / ``store`` and
``iree_tensor_ext.dispatch.workload.ordinal`` (kernels, and as tensor ops after convert-flow-to-tensor)."""

from __future__ import annotations

import numpy as np
import pytest

import meshc.api as mc
from meshc.ir.location import DiagnosticError
from meshc.ir.printer import print_op
from meshc.passes.manager import PassManager

STUB = """util.func public @main(%arg0: !hal.buffer_view) -> !hal.buffer_view attributes {iree.abi.stub} {
  %0 = hal.tensor.import %arg0 "input0" : !hal.buffer_view -> tensor<4x8xf32>
  %1 = iree_tensor_ext.compute_barrier.start %0 : tensor<4x8xf32> -> tensor<4x8xf32>
  %2 = arith.addf %1, %1 : tensor<4x8xf32>
  %3 = iree_tensor_ext.compute_barrier.end %2 : tensor<4x8xf32> -> tensor<4x8xf32>
  %4 = hal.tensor.export %3 "output0" : tensor<4x8xf32> -> !hal.buffer_view
  util.return %4 : !hal.buffer_view
}"""

DYNAMIC = """util.func public @main(%arg0: !hal.buffer_view, %n: index) -> !hal.buffer_view {
  %0 = hal.tensor.import %arg0 "input0" : !hal.buffer_view -> tensor<?x8xf32>{%n}
  %1 = iree_tensor_ext.compute_barrier.start %0 : tensor<?x8xf32>{%n} -> tensor<?x8xf32>
  %2 = hal.tensor.export %1 "output0" : tensor<?x8xf32>{%n} -> !hal.buffer_view
  util.return %2 : !hal.buffer_view
}"""

SOFTMAX = """module {
  mesh.mesh @m(shape = 2x2)
  func.func @main(%x: tensor<4x6x8xf32>) -> tensor<4x6x8xf32> {
    %xs = mesh.shard %x to <@m, SPLIT> : tensor<4x6x8xf32>
    %e = tensor.empty() : tensor<4x6x8xf32>
    %s = linalg.softmax dimension(2) ins(%xs : tensor<4x6x8xf32>) outs(%e : tensor<4x6x8xf32>) -> tensor<4x6x8xf32>
    return %s : tensor<4x6x8xf32>
  }
}"""


def test_an_abi_stub_is_its_tensor_function():
    module = mc.parse(STUB)
    text = print_op(module)
    assert "util.func public @main(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {" in text
    assert "hal." not in text and "compute_barrier" not in text and "iree.abi.stub" not in text
    x = np.arange(32, dtype=np.float32).reshape(4, 8)
    np.testing.assert_array_equal(mc.run(module, [x]).outputs[0], x + x)


def test_a_dynamic_import_stays_and_prints_back():
    module = mc.parse(DYNAMIC)
    text = print_op(module)
    assert 'hal.tensor.import %arg0 "input0" : !hal.buffer_view -> tensor<?x8xf32>{%n}' in text
    assert 'hal.tensor.export %0 "output0" : tensor<?x8xf32>{%n} -> !hal.buffer_view' in text
    assert print_op(mc.parse(text)) == text


def _softmax(x, axis):
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


@pytest.mark.parametrize("split, collectives", [("[[0], [1]]", 0), ("[[0, 1]]", 0), ("[[], [], [0]]", 1)])
def test_softmax_keeps_splits_off_its_dimension(split, collectives):
    text = SOFTMAX.replace("SPLIT", split)
    module = mc.parse(text)
    PassManager.from_text("sharding-propagation,distribute-types,reshard").run(module)
    printed = print_op(module)
    assert printed.count("mesh.all_gather") == collectives  # the softmax dim is gathered, no other
    assert "linalg.softmax dimension(2) ins(" in print_op(mc.parse(text))
    x = np.random.default_rng(0).standard_normal((4, 6, 8)).astype(np.float32)
    result = mc.run(mc.parse(text), [x], check=True)
    assert result.check_ok
    np.testing.assert_allclose(result.outputs[0], _softmax(x.astype(np.float64), 2), rtol=1e-6, atol=1e-7)


def test_softmax_rejects_a_dimension_out_of_range():
    with pytest.raises(Exception, match="dimension 3 is out of range for rank 3"):
        mc.parse(SOFTMAX.replace("SPLIT", "[[0]]").replace("dimension(2)", "dimension(3)"))


LOOP = """module {
  mesh.mesh @m(shape = 2)
  util.func public @main(%stackARG: tensor<3x4xf32>, %xARG: tensor<4xf32>, %n0: tensor<i32>) -> tensor<4xf32> {
SHARDS
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n32 = flow.tensor.load %n0 : tensor<i32>
    %n = arith.index_cast %n32 : i32 to index
    %r = scf.for %t = %c0 to %n step %c1 iter_args(%acc = %x) -> (tensor<4xf32>) {
      %y = flow.dispatch.workgroups[%t](%stack, %t, %acc) : (tensor<3x4xf32>, index, tensor<4xf32>) -> tensor<4xf32> =
          (%b: !iree_tensor_ext.dispatch.tensor<readonly:tensor<3x4xf32>>, %i: index, %a: !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>>, %o: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xf32>>) {
        %k = iree_tensor_ext.dispatch.workload.ordinal %i, 0 : index
        %row = iree_tensor_ext.dispatch.tensor.load %b, offsets = [%k, 0], sizes = [1, 4], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<3x4xf32>> -> tensor<4xf32>
        %v = iree_tensor_ext.dispatch.tensor.load %a, offsets = [0], sizes = [4], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>> -> tensor<4xf32>
        %e = tensor.empty() : tensor<4xf32>
        %s = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%row, %v : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) {
        ^bb0(%p: f32, %q: f32, %out: f32):
          %m = arith.mulf %p, %q : f32
          linalg.yield %m : f32
        } -> tensor<4xf32>
        iree_tensor_ext.dispatch.tensor.store %s, %o, offsets = [0], sizes = [4], strides = [1] : tensor<4xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xf32>>
        flow.return
      } count(%w: index) -> (index, index, index) {
        %cx, %cy, %cz = iree_tensor_ext.dispatch.workgroup_count_from_slice(%w)
        flow.return %cx, %cy, %cz : index, index, index
      }
      scf.yield %y : tensor<4xf32>
    }
    %last = flow.tensor.load %r[%c1] : tensor<4xf32>
    %out = flow.tensor.store %last, %r[%c0] : tensor<4xf32>
    util.return %out : tensor<4xf32>
  }
}"""


@pytest.mark.parametrize("sharded", [False, True])
def test_a_loop_of_dispatches_runs(sharded):
    # x times the rows 0 .. n-1 of the stack (the loop's dispatch reads its trip's row through the
    # workload ordinal), then element 1 stored at element 0; kept as dispatches (the kernels) or, with
    # the program annotated, put in place and partitioned on 2 devices: each runs the loop on its half
    # of x and of the stack's columns, and the result is all_gathered once, for the element read
    shards = ("    %stack = mesh.shard %stack0 to <@m, [[], [0]]> : tensor<3x4xf32>\n"
              "    %x = mesh.shard %x0 to <@m, [[0]]> : tensor<4xf32>\n")
    module = mc.parse(LOOP.replace("ARG", "0" if sharded else "").replace("SHARDS\n", shards if sharded else "", 1))
    stack = np.array([[1, 2, 3, 4], [0.5, 0.25, 2, -1], [3, 3, 3, 3]], dtype=np.float32)
    x = np.array([1, -2, 0.5, 4], dtype=np.float32)
    expected = x * stack[0] * stack[1]
    expected[0] = expected[1]
    result = mc.run(module, [stack, x, np.array(2, dtype=np.int32)], check=sharded)
    np.testing.assert_array_equal(result.outputs[0], expected)  # exact: products of a few multiples of 1/4
    compiled = mc.compile(module.clone())
    names = [op.name for op in compiled.module.walk()]
    assert ("flow.dispatch.workgroups" in names) != sharded and names.count("mesh.all_gather") == int(sharded)


def test_a_flow_tensor_load_out_of_bounds_is_a_located_error():
    module = mc.parse("""util.func public @main(%t: tensor<3xf32>, %i: index) -> f32 {
  %e = flow.tensor.load %t[%i] : tensor<3xf32>
  util.return %e : f32
}""")
    with pytest.raises(DiagnosticError, match=r"<string>:2:\d+: .*'flow.tensor.load' op failed: .*\[3\] out of bounds for shape \(3,\)"):
        mc.run(module, [np.zeros(3, np.float32), 3])
