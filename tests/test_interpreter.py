"""Reference interpreter: arith/math on scalars and tensors, control flow
(scf), calls, globals, the mesh / iree_encoding / flow adapters, and the
located errors. Each program goes through the parser, the verifier and
``Interpreter.call``; expected values are worked out by hand in comments."""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest

from meshc.ir.location import DiagnosticError
from meshc.ir.verifier import verify
from meshc.parser import parse
from meshc.runtime.interpreter import KERNELS, Device, Interpreter, entry_function


def module(text: str):
    m = parse(text, "t.mlir")
    verify(m)
    return m


def run(text: str, *args, entry: str = "main", device: Device | None = None, parameters=None):
    return Interpreter(module(text), device=device, parameters=parameters).call(entry, list(args))


# ---------------------------------------------------------------- arith / math


def test_i8_addition_wraps():
    text = """
    func.func @main(%a: i8, %b: i8) -> (i8, i8) {
      %s = arith.addi %a, %b : i8
      %m = arith.muli %a, %b : i8
      return %s, %m : i8, i8
    }"""
    s, m = run(text, np.int8(127), np.int8(2))
    assert s == np.int8(-127)  # 129 - 256
    assert m == np.int8(-2)  # 254 - 256
    assert s.dtype == np.int8 and m.dtype == np.int8


def test_signed_division_of_negative_numbers():
    text = """
    func.func @main(%a: i32, %b: i32) -> (i32, i32, i32, i32) {
      %q = arith.divsi %a, %b : i32
      %r = arith.remsi %a, %b : i32
      %f = arith.floordivsi %a, %b : i32
      %c = arith.ceildivsi %a, %b : i32
      return %q, %r, %f, %c : i32, i32, i32, i32
    }"""
    # -7 / 2 = -3.5: toward zero -3, remainder -7 - (-6) = -1, floor -4, ceil -3
    assert [int(v) for v in run(text, np.int32(-7), np.int32(2))] == [-3, -1, -4, -3]
    # 7 / -2: toward zero -3, remainder 1 (sign of the dividend), floor -4, ceil -3
    assert [int(v) for v in run(text, np.int32(7), np.int32(-2))] == [-3, 1, -4, -3]


def test_maximumf_propagates_nan_but_maxnumf_ignores_it():
    text = """
    func.func @main(%a: tensor<3xf32>, %b: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
      %x = arith.maximumf %a, %b : tensor<3xf32>
      %y = arith.maxnumf %a, %b : tensor<3xf32>
      return %x, %y : tensor<3xf32>, tensor<3xf32>
    }"""
    a = np.array([np.nan, 1.0, -0.0], np.float32)
    b = np.array([2.0, np.nan, 0.0], np.float32)
    x, y = run(text, a, b)
    assert np.isnan(x[0]) and np.isnan(x[1])  # IEEE maximum: NaN wins
    assert y[0] == 2.0 and y[1] == 1.0  # IEEE maxNum: the number wins
    assert x[2] == 0.0 and not np.signbit(x[2])  # max(-0, +0) = +0


def test_casts_and_compare_select():
    text = """
    func.func @main(%x: f32) -> (i32, f64, i1, f32) {
      %i = arith.fptosi %x : f32 to i32
      %d = arith.extf %x : f32 to f64
      %z = arith.constant 0.0 : f32
      %c = arith.cmpf olt, %x, %z : f32
      %n = arith.negf %x : f32
      %s = arith.select %c, %n, %x : f32
      return %i, %d, %c, %s : i32, f64, i1, f32
    }"""
    i, d, c, s = run(text, np.float32(-2.75))
    assert i == -2  # toward zero
    assert d == -2.75 and d.dtype == np.float64
    assert bool(c) is True
    assert s == 2.75  # |x|


def test_math_on_scalar_and_tensor():
    text = """
    func.func @main(%x: f32, %t: tensor<2xf64>) -> (f32, tensor<2xf64>) {
      %a = math.sqrt %x : f32
      %b = math.exp %t : tensor<2xf64>
      return %a, %b : f32, tensor<2xf64>
    }"""
    a, b = run(text, np.float32(6.25), np.array([0.0, 1.0]))
    assert a == np.float32(2.5)
    np.testing.assert_allclose(b, [1.0, np.e])


@pytest.mark.parametrize("ty, value, expect", [
    ("i1", np.bool_(True), np.bool_(False)),  # 1 + 1 = 2 = 0 mod 2
    ("i16", np.int16(-30000), np.int16(5536)),  # -60000 + 65536
    ("i64", np.int64(2 ** 62), np.int64(-2 ** 63)),  # 2**63 wraps to -2**63
    ("index", np.int64(21), np.int64(42)),
    ("f16", np.float16(1.5), np.float16(3.0)),
    ("bf16", ml_dtypes.bfloat16(1.5), ml_dtypes.bfloat16(3.0)),
    ("f64", np.float64(0.1), np.float64(0.2)),
])
def test_element_types_add_to_themselves(ty, value, expect):
    op = "addf" if ty.startswith(("f", "bf")) else "addi"
    text = f"""
    func.func @main(%a: {ty}) -> {ty} {{
      %s = arith.{op} %a, %a : {ty}
      return %s : {ty}
    }}"""
    (got,) = run(text, value)
    assert got == expect
    assert got.dtype == np.asarray(expect).dtype


def test_bf16_addition_rounds_to_nearest_even():
    text = """
    func.func @main(%a: bf16, %b: bf16) -> bf16 {
      %s = arith.addf %a, %b : bf16
      return %s : bf16
    }"""
    # bf16 has 8 significant bits: 1 + 2**-8 is halfway between 1 and 1 + 2**-7 -> ties to even 1.0;
    # 1 + 3 * 2**-8 is halfway between 1 + 2**-7 and 1 + 2**-6 -> even is 1 + 2**-6
    one = ml_dtypes.bfloat16(1.0)
    assert run(text, one, ml_dtypes.bfloat16(2.0 ** -8))[0] == one
    assert float(run(text, one, ml_dtypes.bfloat16(3 * 2.0 ** -8))[0]) == 1 + 2.0 ** -6


# ---------------------------------------------------------------- scf / func


def test_scf_for_iter_args_sum():
    text = """
    func.func @main(%n: index) -> (index, i32) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %z = arith.constant 0 : i32
      %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0, %cnt = %z) -> (index, i32) {
        %a = arith.addi %acc, %i : index
        %one = arith.constant 1 : i32
        %b = arith.addi %cnt, %one : i32
        scf.yield %a, %b : index, i32
      }
      return %r#0, %r#1 : index, i32
    }"""
    s, c = run(text, np.int64(10))
    assert s == 45 and c == 10  # 0 + 1 + ... + 9 = 45, ten iterations
    s, c = run(text, np.int64(0))
    assert s == 0 and c == 0  # no iteration: the initial values


def test_scf_for_with_step_and_i32_induction_variable():
    text = """
    func.func @main() -> i32 {
      %lb = arith.constant -3 : i32
      %ub = arith.constant 8 : i32
      %st = arith.constant 4 : i32
      %r = scf.for %i = %lb to %ub step %st iter_args(%acc = %lb) -> (i32) : i32 {
        %a = arith.addi %acc, %i : i32
        scf.yield %a : i32
      }
      return %r : i32
    }"""
    assert run(text)[0] == -3 + (-3 + 1 + 5)  # i = -3, 1, 5


def test_scf_if_branches():
    text = """
    func.func @main(%c: i1, %x: f32) -> f32 {
      %r = scf.if %c -> (f32) {
        %d = arith.addf %x, %x : f32
        scf.yield %d : f32
      } else {
        scf.yield %x : f32
      }
      return %r : f32
    }"""
    assert run(text, np.bool_(True), np.float32(3))[0] == 6.0
    assert run(text, np.bool_(False), np.float32(3))[0] == 3.0


def test_scf_forall_assembles_parallel_insert_slices():
    text = """
    func.func @main(%x: tensor<4x3xf32>) -> tensor<4x3xf32> {
      %e = tensor.empty() : tensor<4x3xf32>
      %r = scf.forall (%i) in (4) shared_outs(%o = %e) -> (tensor<4x3xf32>) {
        %row = tensor.extract_slice %x[%i, 0] [1, 3] [1, 1] : tensor<4x3xf32> to tensor<1x3xf32>
        %d = arith.addf %row, %row : tensor<1x3xf32>
        scf.forall.in_parallel {
          tensor.parallel_insert_slice %d into %o[%i, 0] [1, 3] [1, 1] : tensor<1x3xf32> into tensor<4x3xf32>
        }
      }
      return %r : tensor<4x3xf32>
    }"""
    x = np.arange(12, dtype=np.float32).reshape(4, 3)
    (r,) = run(text, x)
    np.testing.assert_array_equal(r, 2 * x)


def test_scf_forall_with_bounds_and_steps_writes_only_its_rows():
    text = """
    func.func @main(%x: tensor<6xf32>, %init: tensor<6xf32>) -> tensor<6xf32> {
      %r = scf.forall (%i) = (1) to (6) step (2) shared_outs(%o = %init) -> (tensor<6xf32>) {
        %v = tensor.extract_slice %x[%i] [1] [1] : tensor<6xf32> to tensor<1xf32>
        scf.forall.in_parallel {
          tensor.parallel_insert_slice %v into %o[%i] [1] [1] : tensor<1xf32> into tensor<6xf32>
        }
      }
      return %r : tensor<6xf32>
    }"""
    x = np.arange(1, 7, dtype=np.float32)  # 1..6
    (r,) = run(text, x, np.zeros(6, np.float32))
    np.testing.assert_array_equal(r, [0, 2, 0, 4, 0, 6])  # i = 1, 3, 5 copied


def test_func_call_and_private_callee():
    text = """
    func.func private @twice(%x: f32) -> f32 {
      %d = arith.addf %x, %x : f32
      return %d : f32
    }
    func.func @main(%x: f32) -> f32 {
      %a = func.call @twice(%x) : (f32) -> f32
      %b = func.call @twice(%a) : (f32) -> f32
      return %b : f32
    }"""
    assert run(text, np.float32(1.5))[0] == 6.0
    assert entry_function(module(text)).sym_name == "main"  # the only public function


# ---------------------------------------------------------------- util globals


GLOBALS = """
util.global private mutable @count = 0 : i32
util.global private @base : tensor<2xf32>
util.global private @init = dense<[1.0, 2.0]> : tensor<2xf32>
util.initializer {
  %v = util.global.load @init : tensor<2xf32>
  %d = arith.addf %v, %v : tensor<2xf32>
  util.global.store %d, @base : tensor<2xf32>
  util.return
}
util.func public @main() -> (tensor<2xf32>, i32) {
  %b = util.global.load @base : tensor<2xf32>
  %c = util.global.load @count : i32
  %one = arith.constant 1 : i32
  %n = arith.addi %c, %one : i32
  util.global.store %n, @count : i32
  util.return %b, %n : tensor<2xf32>, i32
}
"""


def test_initializer_runs_once_before_calls():
    interp = Interpreter(module(GLOBALS))
    b, n = interp.call("main", [])
    np.testing.assert_array_equal(b, [2.0, 4.0])  # the initializer doubled [1, 2]
    assert n == 1
    b, n = interp.call("main", [])
    np.testing.assert_array_equal(b, [2.0, 4.0])
    assert n == 2  # the counter persists; the initializer did not run again
    assert interp.stats["util.global.store"] == 3  # 1 in the initializer + 1 per call


PARAMS = """
util.global private @w = #stream.parameter.named<"model"::"w"> : tensor<2x2xf32>
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %w = util.global.load @w : tensor<2x2xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2xf32>) -> tensor<2xf32>
  %y = linalg.matvec ins(%w, %x : tensor<2x2xf32>, tensor<2xf32>) outs(%f : tensor<2xf32>) -> tensor<2xf32>
  return %y : tensor<2xf32>
}
"""


def test_parameter_globals_read_the_given_scope():
    w = np.array([[1, 2], [3, 4]], np.float32)
    (y,) = run(PARAMS, np.array([1, 1], np.float32), parameters={"model": {"w": w}})
    np.testing.assert_array_equal(y, [3, 7])  # row sums


@pytest.mark.parametrize("params, message", [
    ({}, "no parameters were given for scope 'model'"),
    ({"model": {"v": np.zeros((2, 2), np.float32)}}, "have no key 'w' (keys: v)"),
    ({"model": {"w": np.zeros((2, 3), np.float32)}}, "parameter \"model\"::\"w\" has shape [2, 3]"),
    ({"model": {"w": np.zeros((2, 2), np.float64)}}, "has dtype float64, expected float32"),
])
def test_parameter_errors_name_the_global(params, message):
    with pytest.raises(DiagnosticError) as err:
        run(PARAMS, np.zeros(2, np.float32), parameters=params)
    assert "global @w" in err.value.message and message in err.value.message
    assert (err.value.location.line, err.value.location.col) == (2, 1)


# ---------------------------------------------------------------- mesh / encodings / flow


def test_mesh_shard_is_identity_and_sharding_value_is_ignored():
    text = """
    mesh.mesh @m(shape = 2)
    func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
      %s = mesh.sharding @m split_axes = [[0]] : !mesh.sharding
      %a = mesh.shard %x to %s : tensor<4xf32>
      %b = mesh.shard %a to <@m, [[]]> annotate_for_users : tensor<4xf32>
      return %b : tensor<4xf32>
    }"""
    x = np.arange(4, dtype=np.float32)
    np.testing.assert_array_equal(run(text, x)[0], x)


SPMD = """
mesh.mesh @m(shape = 2x3)
func.func @main() -> (index, index, index, index, index, index) {
  %i:2 = mesh.process_multi_index on @m : index, index
  %l = mesh.process_linear_index on @m : index
  %n = mesh.mesh_shape @m axes = [1] : index
  %d, %u = mesh.neighbors_linear_indices on @m[%i#0, %i#1] split_axes = [1] : index, index
  return %i#0, %i#1, %l, %n, %d, %u : index, index, index, index, index, index
}
"""


def test_spmd_queries_answer_from_the_device():
    got = run(SPMD, device=Device(coords={"m": (1, 2)}))
    # linear index 1 * 3 + 2 = 5; axis-1 neighbours of (1, 2): (1, 1) = 4 and none (-1)
    assert [int(v) for v in got] == [1, 2, 5, 3, 4, -1]
    got = run(SPMD, device=Device(coords={"m": (0, 0)}))
    assert [int(v) for v in got] == [0, 0, 0, 3, -1, 1]


def test_spmd_query_without_a_device_is_a_located_error():
    with pytest.raises(DiagnosticError) as err:
        run(SPMD)
    assert "needs the coordinates of the device running it on mesh @m" in err.value.message
    assert err.value.location.line == 4


def test_dynamic_mesh_shape_comes_from_the_device():
    text = """
    mesh.mesh @m(shape = ?)
    func.func @main() -> index {
      %n = mesh.mesh_shape @m : index
      return %n : index
    }"""
    assert run(text, device=Device(mesh_shapes={"m": (7,)}))[0] == 7
    with pytest.raises(DiagnosticError, match=r"mesh @m has shape \?: give its sizes"):
        run(text)


def test_for_all_runs_the_body_for_this_device():
    text = """
    mesh.mesh @m(shape = 2)
    func.func @main(%x: tensor<4xf32>) -> tensor<4xf32, #mesh.shard<@m, [[0]]>> {
      %r = mesh.for_all on @m -> tensor<4xf32, #mesh.shard<@m, [[0]]>> {
        %i = mesh.process_linear_index on @m : index
        %c2 = arith.constant 2 : index
        %o = arith.muli %i, %c2 : index
        %s = tensor.extract_slice %x[%o] [2] [1] : tensor<4xf32> to tensor<2xf32>
        mesh.yield %s : tensor<2xf32>
      }
      return %r : tensor<4xf32, #mesh.shard<@m, [[0]]>>
    }"""
    x = np.array([1, 2, 3, 4], np.float32)
    np.testing.assert_array_equal(run(text, x, device=Device(coords={"m": (1,)}))[0], [3, 4])


FOR_ONE = """
mesh.mesh @mesh(shape = 2)
func.func @main(%a: tensor<2x3xf32>, %b: tensor<3x2xf32>, %out_dps: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %n = mesh.mesh_shape @mesh : index
  %res = scf.forall (%p) in (%n) shared_outs(%out = %out_dps) -> (tensor<2x2xf32>) {
    scf.forall.in_parallel {
      mesh.for_one %p on @mesh {
        %a_row = tensor.extract_slice %a[%p, 0] [1, 3] [1, 1] : tensor<2x3xf32> to tensor<1x3xf32>
        %o_row = tensor.extract_slice %out[%p, 0] [1, 2] [1, 1] : tensor<2x2xf32> to tensor<1x2xf32>
        %r = linalg.matmul ins(%a_row, %b : tensor<1x3xf32>, tensor<3x2xf32>) outs(%o_row : tensor<1x2xf32>) -> tensor<1x2xf32>
        tensor.parallel_insert_slice %r into %out[%p, 0] [1, 2] [1, 1] : tensor<1x2xf32> into tensor<2x2xf32>
      }
    }
  }
  return %res : tensor<2x2xf32>
}
"""


def test_forall_of_for_one_simulates_every_process():
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    b = np.ones((3, 2), np.float32)
    c = np.full((2, 2), 10, np.float32)
    (r,) = run(FOR_ONE, a, b, c)
    np.testing.assert_array_equal(r, [[13, 13], [22, 22]])  # 10 + row sums 3 and 12


def test_for_one_on_another_device_is_skipped():
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    b = np.ones((3, 2), np.float32)
    c = np.full((2, 2), 10, np.float32)
    (r,) = run(FOR_ONE, a, b, c, device=Device(coords={"mesh": (1,)}))
    np.testing.assert_array_equal(r, [[10, 10], [22, 22]])  # only process 1 wrote its row


def test_collectives_need_the_multi_device_runtime():
    text = """
    mesh.mesh @m(shape = 4)
    func.func @main(%x: tensor<8xf32>) -> tensor<8xf32> {
      %r = mesh.all_reduce %x on @m mesh_axes = [0] reduction = sum : tensor<8xf32> -> tensor<8xf32>
      return %r : tensor<8xf32>
    }"""
    with pytest.raises(DiagnosticError) as err:
        run(text, np.zeros(8, np.float32))
    assert "'mesh.all_reduce' op moves data between devices and needs the multi-device runtime" in \
        err.value.message
    assert (err.value.location.line, err.value.location.col) == (4, 12)


def test_global_view_layout_collectives_keep_the_logical_value_on_the_reference():
    # stage-4 IR (docs/pipeline.md): the reference holds whole tensors, a partial one already summed,
    # so an all_reduce, all_gather, all_slice or all_to_all in global view returns what it reads
    text = """
    mesh.mesh @m(shape = 2x2)
    func.func @main(%x: tensor<4x4xf32, #mesh.shard<@m, [[]], partial = sum[1]>>) -> tensor<4x4xf32, #mesh.shard<@m, [[]]>> {
      %s = mesh.all_reduce %x on @m mesh_axes = [1] : tensor<4x4xf32, #mesh.shard<@m, [[]], partial = sum[1]>> -> tensor<4x4xf32, #mesh.shard<@m, [[]]>>
      %r = mesh.all_slice %s on @m mesh_axes = [0] slice_axis = 0 : tensor<4x4xf32, #mesh.shard<@m, [[]]>> -> tensor<4x4xf32, #mesh.shard<@m, [[0]]>>
      %a = mesh.all_to_all %r on @m mesh_axes = [0] split_axis = 1 concat_axis = 0 : tensor<4x4xf32, #mesh.shard<@m, [[0]]>> -> tensor<4x4xf32, #mesh.shard<@m, [[], [0]]>>
      %g = mesh.all_gather %a on @m mesh_axes = [0] gather_axis = 1 : tensor<4x4xf32, #mesh.shard<@m, [[], [0]]>> -> tensor<4x4xf32, #mesh.shard<@m, [[]]>>
      return %g : tensor<4x4xf32, #mesh.shard<@m, [[]]>>
    }"""
    x = np.arange(16, dtype=np.float32).reshape(4, 4)
    np.testing.assert_array_equal(run(text, x)[0], x)


def test_a_partial_global_view_value_next_to_per_device_bodies_has_no_reference():
    # partition{form=for_one}: the scf.forall the reference runs as the whole mesh assembles ONE array
    # from the devices' partial sums, which is not their sum: the all_reduce after it keeps its error
    from pathlib import Path

    import meshc.api as mc
    from meshc.passes.manager import PassManager

    m = mc.parse(str(Path(__file__).parent.parent / "samples/mlp_tensor_parallel.mlir"))
    PassManager.from_text("sharding-propagation,distribute-types,reshard,partition{form=for_one}").run(m)
    args = [np.ones(t.shape, np.float32) for t in entry_function(m).function_type.inputs]
    with pytest.raises(DiagnosticError, match="'mesh.all_reduce' op moves data between devices"):
        Interpreter(m).call("mlp", args)


def test_encodings_are_identities():
    text = """
    #enc = #iree_encoding.testing<>
    func.func @main(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
      %s = iree_encoding.set_encoding %x : tensor<2x3xf32> -> tensor<2x3xf32, #enc>
      %u = iree_encoding.unset_encoding %s : tensor<2x3xf32, #enc> -> tensor<2x3xf32>
      return %u : tensor<2x3xf32>
    }"""
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    np.testing.assert_array_equal(run(text, x)[0], x)


def test_flow_dispatch_region_runs_its_body():
    text = """
    func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
      %r = flow.dispatch.region -> (tensor<4xf32>) {
        %d = arith.mulf %x, %x : tensor<4xf32>
        flow.return %d : tensor<4xf32>
      }
      return %r : tensor<4xf32>
    }"""
    np.testing.assert_array_equal(run(text, np.array([1, 2, 3, 4], np.float32))[0], [1, 4, 9, 16])


# ---------------------------------------------------------------- errors


def test_op_without_kernel_is_named_and_located():
    text = """func.func @main(%x: f32) -> f32 {
  %c = arith.constant 1.0 : f32
  %y = "foo.bar"(%x) : (f32) -> f32
  return %y : f32
}"""
    with pytest.raises(DiagnosticError) as err:
        run(text, np.float32(1))
    assert err.value.message == "'foo.bar' op has no kernel: the interpreter cannot execute it"
    assert (err.value.location.file, err.value.location.line, err.value.location.col) == ("t.mlir", 3, 8)
    assert "foo.bar" not in KERNELS


def test_out_of_bounds_dynamic_slice_is_located():
    text = """func.func @main(%x: tensor<4xf32>, %o: index) -> tensor<2xf32> {
  %s = tensor.extract_slice %x[%o] [2] [1] : tensor<4xf32> to tensor<2xf32>
  return %s : tensor<2xf32>
}"""
    np.testing.assert_array_equal(run(text, np.arange(4, dtype=np.float32), np.int64(2))[0], [2, 3])
    with pytest.raises(DiagnosticError) as err:
        run(text, np.arange(4, dtype=np.float32), np.int64(3))
    assert err.value.message.startswith("'tensor.extract_slice' op failed: ")
    assert "offset 3, size 2, stride 1 out of bounds for extent 4" in err.value.message
    assert (err.value.location.line, err.value.location.col) == (2, 8)


def test_a_function_called_again_computes_alike_and_fails_located():
    # from the second call on, a block runs as its generated function: same values, stats, errors
    text = """func.func @main(%x: tensor<4xf32>, %o: index) -> tensor<2xf32> {
  %s = tensor.extract_slice %x[%o] [2] [1] : tensor<4xf32> to tensor<2xf32>
  %t = arith.addf %s, %s : tensor<2xf32>
  return %t : tensor<2xf32>
}"""
    interp = Interpreter(module(text))
    x = np.arange(4, dtype=np.float32)
    for k in range(3):
        np.testing.assert_array_equal(interp.call("main", [x, np.int64(k)])[0], [2 * k, 2 * k + 2])
    assert interp.stats == {"tensor.extract_slice": 3, "arith.addf": 3}
    with pytest.raises(DiagnosticError) as err:
        interp.call("main", [x, np.int64(3)])
    assert err.value.message.startswith("'tensor.extract_slice' op failed: ")
    assert (err.value.location.line, err.value.location.col) == (2, 8)
    assert interp.stats == {"tensor.extract_slice": 3, "arith.addf": 3}  # the failed call counts nothing
    with pytest.raises(DiagnosticError, match="block expects 2 arguments, got 1"):
        interp.call("main", [x])


def test_error_inside_a_loop_body_points_at_the_inner_op():
    text = """func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %r = scf.for %i = %c0 to %c6 step %c1 iter_args(%a = %x) -> (tensor<4xf32>) {
    %e = tensor.extract %x[%i] : tensor<4xf32>
    %b = tensor.insert %e into %a[%c0] : tensor<4xf32>
    scf.yield %b : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}"""
    with pytest.raises(DiagnosticError) as err:
        run(text, np.zeros(4, np.float32))
    assert "indices [4] out of bounds for shape (4,)" in err.value.message
    assert err.value.location.line == 6


def test_entry_function_choice():
    two = """
    func.func @a() { return }
    func.func @b() { return }
    func.func private @c() { return }"""
    with pytest.raises(DiagnosticError, match="several public functions; choose one with --entry: @a, @b"):
        entry_function(module(two))
    assert entry_function(module(two), "c").sym_name == "c"
    with pytest.raises(DiagnosticError, match=r"no function named '@d' \(functions: @a, @b, @c\)"):
        entry_function(module(two), "d")


def test_values_are_freed_after_their_last_use():
    text = """
    func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
      %a = arith.addf %x, %x : tensor<4xf32>
      %b = arith.mulf %a, %a : tensor<4xf32>
      %c = arith.subf %b, %x : tensor<4xf32>
      return %c : tensor<4xf32>
    }"""
    m = module(text)
    interp = Interpreter(m)
    x = np.array([1, 2, 3, 4], np.float32)
    (c,) = interp.call("main", [x])
    np.testing.assert_array_equal(c, (2 * x) ** 2 - x)  # [3, 14, 33, 60]
    func = entry_function(m)
    plan = interp.plan(func.body)
    dropped = [[getattr(v, "name_hint", None) for v in step[4]] for step in plan.steps]
    assert dropped == [[], ["a"], ["x", "b"]]  # %x lives until %c; %c is the block's result
    np.testing.assert_array_equal(x, [1, 2, 3, 4])  # the input was not written
