"""The mesh folds, simplifications and local-view lowerings keep what a program computes: each
program runs on every device of its mesh (the reference interpreter with that device's
coordinates) before and after the pass, and the results agree exactly; plus the affine and cf
ops the lowerings emit."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from meshc.ir.location import DiagnosticError
from meshc.ir.printer import print_op
from meshc.ir.verifier import verify
from meshc.parser import parse
from meshc.passes.manager import PassManager
from meshc.runtime.interpreter import Device, Interpreter

SLICES = """
mesh.mesh @m(shape = 2x3)
func.func @main(%x: tensor<4x12xi32>, %y: tensor<6x5xi32>) -> (tensor<4x2xi32>, tensor<?x5xi32>, index, index, index) {
  %0 = mesh.all_slice %x on @m mesh_axes = [1, 0] slice_axis = 1 : tensor<4x12xi32> -> tensor<4x2xi32>
  %c = tensor.cast %y : tensor<6x5xi32> to tensor<?x5xi32>
  %1 = mesh.all_slice %c on @m mesh_axes = [1] slice_axis = 0 : tensor<?x5xi32> -> tensor<?x5xi32>
  %i:2 = mesh.process_multi_index on @m : index, index
  %j = mesh.process_multi_index on @m axes = [1] : index
  return %0, %1, %i#0, %i#1, %j : tensor<4x2xi32>, tensor<?x5xi32>, index, index, index
}
"""


def _run_everywhere(text: str, pipeline: str, shape: tuple[int, ...], args) -> None:
    before = parse(text, "t.mlir")
    verify(before)
    after = parse(text, "t.mlir")
    PassManager.from_text(pipeline).run(after)
    assert print_op(after) != print_op(before)
    for coords in itertools.product(*(range(n) for n in shape)):
        device = Device({"m": coords}, {"m": shape})
        want = Interpreter(before, device=device).call("main", list(args))
        got = Interpreter(after, device=device).call("main", list(args))
        assert len(got) == len(want)
        for g, w in zip(got, want):
            np.testing.assert_array_equal(np.asarray(g), np.asarray(w))


QUERIES = """
mesh.mesh @m(shape = 2x3)
func.func @main() -> (index, index, index, index) {
  %i:2 = mesh.process_multi_index on @m : index, index
  %j = mesh.process_multi_index on @m axes = [1] : index
  %l = mesh.process_linear_index on @m : index
  return %i#0, %i#1, %j, %l : index, index, index, index
}
"""


@pytest.mark.parametrize("pipeline", ["lower-process-multi-index", "lower-process-multi-index,canonicalize,cse"])
def test_multi_index_lowering_computes_what_the_op_does(pipeline):
    _run_everywhere(QUERIES, pipeline, (2, 3), [])


def test_all_slice_lowering_on_every_device():
    m = parse(SLICES, "t.mlir")
    PassManager.from_text("lower-all-slice,lower-process-multi-index,canonicalize,cse").run(m)
    assert "mesh.all_slice" not in print_op(m)
    x = np.arange(48, dtype=np.int32).reshape(4, 12)
    y = np.arange(30, dtype=np.int32).reshape(6, 5)
    for i, j in itertools.product(range(2), range(3)):
        out = Interpreter(m, device=Device({"m": (i, j)}, {"m": (2, 3)})).call("main", [x, y])
        g = j * 2 + i  # row-major over mesh_axes = [1, 0]: sizes 3, 2
        np.testing.assert_array_equal(out[0], x[:, 2 * g:2 * g + 2])
        np.testing.assert_array_equal(out[1], y[2 * j:2 * j + 2])
        assert [int(v) for v in out[2:]] == [i, j, j]


def test_slice_of_the_lowering_on_one_device():
    m = parse(SLICES, "t.mlir")
    PassManager.from_text("lower-all-slice,lower-process-multi-index").run(m)
    x = np.arange(48, dtype=np.int32).reshape(4, 12)
    y = np.arange(30, dtype=np.int32).reshape(6, 5)
    out = Interpreter(m, device=Device({"m": (1, 2)}, {"m": (2, 3)})).call("main", [x, y])
    # group [1, 0] of device (1, 2): in-group index 2 * 2 + 1 = 5, 2 columns each
    np.testing.assert_array_equal(out[0], x[:, 10:12])
    np.testing.assert_array_equal(out[1], y[4:6])   # group [1]: index 2 of 3, 2 rows each
    assert [int(v) for v in out[2:]] == [1, 2, 2]


DYNAMIC = """
mesh.mesh @m(shape = ?)
func.func @main(%x: tensor<?xi32>) -> tensor<?xi32> {
  %0 = mesh.all_slice %x on @m mesh_axes = [0] slice_axis = 0 : tensor<?xi32> -> tensor<?xi32>
  return %0 : tensor<?xi32>
}
"""


def test_dynamic_sizes_are_checked_at_run_time():
    m = parse(DYNAMIC, "t.mlir")
    PassManager.from_text("lower-all-slice").run(m)
    assert "cf.assert" in print_op(m)
    device = Device({"m": (1,)}, {"m": (3,)})
    np.testing.assert_array_equal(Interpreter(m, device=device).call("main", [np.arange(6, dtype=np.int32)])[0],
                                  [2, 3])
    with pytest.raises(DiagnosticError, match="not divisible by the device group size"):
        Interpreter(m, device=device).call("main", [np.arange(7, dtype=np.int32)])


FOLDS = """
mesh.mesh @m(shape = 2x1x3)
func.func @main(%x: tensor<6xi32>, %y: tensor<6xi32>) -> (tensor<6xi32>, tensor<6xi32>, index, index, tensor<6xi32>) {
  %0 = mesh.all_reduce %x on @m mesh_axes = [1] : tensor<6xi32> -> tensor<6xi32>
  %1 = mesh.all_gather %x on @m mesh_axes = [] gather_axis = 0 : tensor<6xi32> -> tensor<6xi32>
  %s:2 = mesh.mesh_shape @m axes = [2, 0] : index, index
  %2 = mesh.all_slice %x on @m mesh_axes = [1, 2] slice_axis = 0 : tensor<6xi32> -> tensor<2xi32>
  %3 = mesh.all_gather %2 on @m mesh_axes = [2] gather_axis = 0 : tensor<2xi32> -> tensor<6xi32>
  return %0, %1, %s#0, %s#1, %3 : tensor<6xi32>, tensor<6xi32>, index, index, tensor<6xi32>
}
"""


def test_canonicalize_and_simplify_fold_exactly():
    m = parse(FOLDS, "t.mlir")
    PassManager.from_text("canonicalize,mesh-simplify").run(m)
    text = print_op(m)
    assert "mesh.all_reduce" not in text and "mesh.mesh_shape" not in text and "mesh.all_slice" not in text
    x = np.arange(6, dtype=np.int32)
    got = Interpreter(m).call("main", [x, x])
    np.testing.assert_array_equal(got[0], x)
    np.testing.assert_array_equal(got[4], x)
    assert [int(got[2]), int(got[3])] == [3, 2]


def test_affine_and_cf_ops():
    m = parse("""
    func.func @main(%l: index, %a: index, %b: index, %c: i1) -> (index, index, index) {
      %0:2 = affine.delinearize_index %l into (%a, %b) : index, index
      %1 = affine.linearize_index [%0#0, %0#1] by (%a, %b) : index
      cf.assert %c, "must hold"
      return %0#0, %0#1, %1 : index, index, index
    }""", "t.mlir")
    verify(m)
    assert [int(v) for v in Interpreter(m).call("main", [11, 3, 4, True])] == [2, 3, 11]
    with pytest.raises(DiagnosticError, match="assertion failed: must hold"):
        Interpreter(m).call("main", [1, 3, 4, False])
    with pytest.raises(DiagnosticError, match="one result per basis element"):
        verify(parse("func.func @f(%l: index, %a: index) {\n  %0:2 = affine.delinearize_index %l into (%a) : "
                     "index, index\n  return\n}", "t.mlir"))
