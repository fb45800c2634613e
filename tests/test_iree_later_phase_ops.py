"""The ops of IREE's later phases that meshc reads: ``hal.tensor.import`` / ``export`` and
``iree_tensor_ext.compute_barrier`` (IREE's ABI, meshc/dialects/hal.py, iree_tensor_ext.py,
meshc/frontends/iree_abi.py) and ``linalg.softmax`` (op, sharding rule, kernel)."""

from __future__ import annotations

import numpy as np
import pytest

import meshc.api as mc
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
