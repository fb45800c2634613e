"""scf dialect: for / if / yield / forall / forall.in_parallel round trips
(custom and generic form), implicit terminators, accessors, and located
verification errors."""

from __future__ import annotations

import textwrap

import pytest

from meshc.dialects.scf import DYNAMIC_INDEX, ExecuteRegionOp, ForallOp, ForOp, IfOp, InParallelOp, YieldOp
from meshc.ir import F32, I32, INDEX, DiagnosticError, TensorType, print_op, verify
from meshc.parser import parse
from tests.irtest import expect_error, first, roundtrip


# ---------------------------------------------------------------- scf.for
def test_for_with_iter_args_round_trips_and_exposes_its_parts():
    m, out = roundtrip("""
    func.func @sum(%lb: index, %ub: index, %s: index, %x: f32, %y: i32) -> (f32, i32) {
      %r, %k = scf.for %i = %lb to %ub step %s iter_args(%acc = %x, %n = %y) -> (f32, i32) {
        %a = arith.addf %acc, %acc : f32
        %b = arith.addi %n, %n : i32
        scf.yield %a, %b : f32, i32
      }
      return %r, %k : f32, i32
    }""")
    assert "%r, %k = scf.for %i = %lb to %ub step %s iter_args(%acc = %x, %n = %y) -> (f32, i32) {" in out
    assert "      scf.yield %a, %b : f32, i32\n    }" in out
    loop = first(m, ForOp)
    assert [a.name_hint for a in loop.body.args] == ["i", "acc", "n"]
    assert loop.induction_var.type == INDEX
    assert [v.name_hint for v in (loop.lower_bound, loop.upper_bound, loop.step)] == ["lb", "ub", "s"]
    assert [v.name_hint for v in loop.init_args] == ["x", "y"]
    assert [a.type for a in loop.region_iter_args] == [F32, I32]
    assert [r.type for r in loop.results] == [F32, I32]
    assert isinstance(loop.yield_op, YieldOp) and loop.yield_op is loop.body.ops[-1]
    assert len(loop.yield_op.operands) == 2


def test_for_without_iter_args_gets_an_implicit_yield_that_is_not_printed():
    m, out = roundtrip("""
    func.func @f(%n: index, %x: f32) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      scf.for %i = %c0 to %n step %c1 {
        %y = arith.mulf %x, %x : f32
      }
      return
    }""")
    loop = first(m, ForOp)
    assert [op.name for op in loop.body.ops] == ["arith.mulf", "scf.yield"]
    assert "scf.yield" not in out
    assert "scf.for %i = %c0 to %n step %c1 {\n      %y = arith.mulf %x, %x : f32\n    }" in out
    # the generic form shows the terminator
    assert '"scf.yield"() : () -> ()' in print_op(m, generic=True)


def test_for_over_i32_prints_its_type_and_unsigned_flag():
    m, out = roundtrip("""
    func.func @f(%a: i32, %b: i32, %c: i32) -> i32 {
      %r = scf.for unsigned %i = %a to %b step %c iter_args(%s = %a) -> (i32) : i32 {
        %t = arith.addi %s, %i : i32
        scf.yield %t : i32
      }
      return %r : i32
    }""")
    assert "scf.for unsigned %i = %a to %b step %c iter_args(%s = %a) -> (i32) : i32 {" in out
    loop = first(m, ForOp)
    assert loop.unsigned_cmp and loop.induction_var.type == I32
    assert "unsignedCmp" in print_op(m, generic=True)


def test_single_result_arrow_without_parentheses_is_accepted_and_printed_with_them():
    _, out = roundtrip("""
    func.func @f(%n: index, %x: f32) -> f32 {
      %r = scf.for %i = %n to %n step %n iter_args(%a = %x) -> f32 {
        scf.yield %a : f32
      }
      return %r : f32
    }""")
    assert "iter_args(%a = %x) -> (f32) {" in out


def test_sibling_loops_reuse_induction_variable_names():
    _, out = roundtrip("""
    func.func @f(%n: index) {
      scf.for %i = %n to %n step %n {
      }
      scf.for %i = %n to %n step %n {
      }
      return
    }""")
    assert out.count("scf.for %i = %n to %n step %n {") == 2


# ---------------------------------------------------------------- scf.if
def test_if_with_results_and_if_without_else():
    m, out = roundtrip("""
    func.func @f(%c: i1, %x: f32, %y: f32) -> f32 {
      %r = scf.if %c -> (f32) {
        scf.yield %x : f32
      } else {
        %z = arith.addf %x, %y : f32
        scf.yield %z : f32
      }
      scf.if %c {
        %w = arith.mulf %x, %x : f32
      }
      return %r : f32
    }""")
    assert "%r = scf.if %c -> (f32) {\n      scf.yield %x : f32\n    } else {" in out
    assert "scf.if %c {\n      %w = arith.mulf %x, %x : f32\n    }\n    return" in out
    ifs = [op for op in m.walk() if isinstance(op, IfOp)]
    assert ifs[0].condition.name_hint == "c"
    assert [op.name for op in ifs[0].else_block.ops] == ["arith.addf", "scf.yield"]
    assert ifs[1].else_block is None
    assert [op.name for op in ifs[1].then_block.ops] == ["arith.mulf", "scf.yield"]


def test_generic_if_with_empty_else_region_reads_as_no_else():
    text = """
    "func.func"() ({
    ^bb0(%c: i1):
      "scf.if"(%c) ({
        "scf.yield"() : () -> ()
      }, {
      }) : (i1) -> ()
      "func.return"() : () -> ()
    }) {sym_name = "f", function_type = (i1) -> ()} : () -> ()
    """
    m, out = roundtrip(text)
    assert "scf.if %c {\n    }" in out
    assert first(m, IfOp).else_block is None


# ---------------------------------------------------------------- scf.execute_region
def test_execute_region_custom_form_round_trips_as_mlir_opt_prints_it():
    m, out = roundtrip("""
    func.func @f(%x: f32, %y: i32) -> (f32, f32, i32) {
      %r = scf.execute_region -> f32 {
        scf.yield %x : f32
      }
      %s = scf.execute_region -> f32 no_inline {
        %a = arith.addf %x, %x : f32
        scf.yield %a : f32
      } {tag = "k"}
      %t:2 = scf.execute_region -> (f32, i32) {
        scf.yield %x, %y : f32, i32
      }
      scf.execute_region {
        scf.yield
      }
      return %r, %s, %t#1 : f32, f32, i32
    }""")
    assert "    %r = scf.execute_region -> f32 {\n      scf.yield %x : f32\n    }\n" in out
    assert "%s = scf.execute_region -> f32 no_inline {" in out and '    } {tag = "k"}\n' in out
    assert "%t:2 = scf.execute_region -> (f32, i32) {\n      scf.yield %x, %y : f32, i32\n    }" in out
    assert "    scf.execute_region {\n      scf.yield\n    }\n" in out  # the terminator is always printed
    ops = [op for op in m.walk() if isinstance(op, ExecuteRegionOp)]
    assert [[str(r.type) for r in op.results] for op in ops] == [["f32"], ["f32"], ["f32", "i32"], []]
    assert [op.no_inline for op in ops] == [False, True, False, False]
    generic = print_op(m, generic=True)
    assert '"scf.execute_region"() ({' in generic and '}) {no_inline, tag = "k"} : () -> (f32)' in generic


def test_execute_region_with_several_blocks_round_trips():
    m, out = roundtrip("""
    func.func @f(%x: f32) -> f32 {
      %r = scf.execute_region -> f32 {
        cf.br ^bb1
      ^bb1:
        scf.yield %x : f32
      }
      return %r : f32
    }""")
    assert len(first(m, ExecuteRegionOp).regions[0].blocks) == 2 and "^bb1:\n      scf.yield %x : f32" in out


@pytest.mark.parametrize("text, message, line, token", [
    ("""
    func.func @f(%x: f32) -> i32 {
      %r = scf.execute_region -> i32 {
        scf.yield %x : f32
      }
      return %r : i32
    }""", "'scf.execute_region' op along control flow edge from Region #0 to parent results: source type #0 'f32' "
          "should match input type #0 'i32'", 3, "scf.execute_region"),
    ("""
    func.func @f(%x: f32) -> f32 {
      %r = "scf.execute_region"() ({
      ^bb0(%a: f32):
        scf.yield %a : f32
      }) : () -> f32
      return %r : f32
    }""", "'scf.execute_region' op region cannot have any arguments", 3, '"scf.execute_region"'),
    ("""
    func.func @f() {
      "scf.execute_region"() ({
      }) : () -> ()
      return
    }""", "'scf.execute_region' op region needs to have at least one block", 3, '"scf.execute_region"'),
])
def test_execute_region_errors_as_upstream_words_them(text, message, line, token):
    expect_error(text, message, line, token)


# ---------------------------------------------------------------- scf.forall
def test_forall_normalized_with_shared_outs_and_mapping():
    m, out = roundtrip("""
    func.func @f(%n: index, %t: tensor<8x4xf32>) -> tensor<8x4xf32> {
      %o = scf.forall (%i, %j) in (%n, 4) shared_outs(%out = %t) -> (tensor<8x4xf32>) {
        scf.forall.in_parallel {
          "test.combine"(%out, %i, %j) : (tensor<8x4xf32>, index, index) -> ()
        }
      } {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
      return %o : tensor<8x4xf32>
    }""")
    assert ("%o = scf.forall (%i, %j) in (%n, 4) shared_outs(%out = %t) -> (tensor<8x4xf32>) {\n"
            "      scf.forall.in_parallel {\n") in out
    assert "} {mapping = [#gpu.thread<y>, #gpu.thread<x>]}" in out
    loop = first(m, ForallOp)
    assert loop.rank == 2 and loop.is_normalized
    ub = loop.upper_bounds
    assert ub[0].name_hint == "n" and ub[1] == 4
    assert loop.lower_bounds == [0, 0] and loop.steps == [1, 1]
    assert [a.name_hint for a in loop.induction_vars] == ["i", "j"]
    assert [a.name_hint for a in loop.region_out_args] == ["out"]
    assert loop.outputs[0].name_hint == "t"
    assert loop.results[0].type == TensorType((8, 4), F32)
    assert len(loop.mapping) == 2
    assert isinstance(loop.terminator, InParallelOp) and len(loop.terminator.yielding_ops) == 1
    generic = print_op(m, generic=True)
    assert f"staticUpperBound = array<i64: {DYNAMIC_INDEX}, 4>" in generic
    assert "operandSegmentSizes = array<i32: 0, 1, 0, 1>" in generic


def test_forall_with_bounds_and_steps_prints_the_long_form():
    m, out = roundtrip("""
    func.func @f(%n: index, %s: index) {
      scf.forall (%i) = (1) to (%n) step (%s) {
        %x = arith.addi %i, %i : index
      }
      return
    }""")
    assert "scf.forall (%i) = (1) to (%n) step (%s) {\n      %x = arith.addi %i, %i : index\n    }" in out
    loop = first(m, ForallOp)
    assert not loop.is_normalized
    assert loop.lower_bounds == [1]
    assert loop.steps[0].name_hint == "s"
    # no results and an empty in_parallel: the terminator is implicit
    assert [op.name for op in loop.body.ops] == ["arith.addi", "scf.forall.in_parallel"]
    assert "in_parallel" not in out


def test_forall_long_form_with_zero_lower_bounds_and_unit_steps_prints_normalized():
    m, out = roundtrip("""
    func.func @f(%n: index) {
      scf.forall (%i, %j) = (0, 0) to (%n, 8) step (1, 1) {
      }
      return
    }""")
    assert "scf.forall (%i, %j) in (%n, 8) {\n    }" in out
    assert first(m, ForallOp).is_normalized


def test_seed000_forall_with_mesh_for_one_inside_in_parallel():
    # seed 000's scf.forall + mesh.for_one example (types corrected)
    m, out = roundtrip("""
    #shard_0_on_0 = #mesh.shard<@mesh, [[0]]>
    mesh.mesh @mesh(shape = 2, peered_memory_axes = [0])
    func.func @main_shard_arg0(%arg0 : tensor<2x3xf32>, %out_dps: tensor<2x3xf32, #shard_0_on_0>)
        -> tensor<2x3xf32, #shard_0_on_0> {
      %mesh_size = mesh.mesh_shape @mesh : index
      %res = scf.forall (%proc_idx) in (%mesh_size)
          shared_outs(%out = %out_dps) -> (tensor<2x3xf32, #shard_0_on_0>) {
        scf.forall.in_parallel {
          mesh.for_one %proc_idx on @mesh {
            %slice = tensor.extract_slice %arg0[%proc_idx, 0][1, 3][1, 1] : tensor<2x3xf32> to tensor<1x3xf32>
            tensor.parallel_insert_slice %slice into %out[%proc_idx, 0][1, 3][1, 1] :
                tensor<1x3xf32> into tensor<2x3xf32, #shard_0_on_0>
          }
        }
      }
      return %res : tensor<2x3xf32, #shard_0_on_0>
    }""")
    ip = first(m, InParallelOp)
    assert [op.name for op in ip.yielding_ops] == ["mesh.for_one"]
    assert "scf.forall.in_parallel {\n        mesh.for_one %proc_idx on @mesh {" in out


# ---------------------------------------------------------------- errors
def test_yield_type_must_match_loop_result():
    expect_error("""\
    func.func @f(%n: index, %x: f32) -> f32 {
      %r = scf.for %i = %n to %n step %n iter_args(%a = %x) -> (f32) {
        scf.yield %i : index
      }
      return %r : f32
    }""", "type of operand #0 ('index') does not match result #0 of the parent 'scf.for' ('f32')", 3, "scf.yield")


def test_yield_count_must_match_if_results():
    expect_error("""\
    func.func @f(%c: i1, %x: f32) -> f32 {
      %r = scf.if %c -> (f32) {
        scf.yield
      } else {
        scf.yield %x : f32
      }
      return %r : f32
    }""", "has 0 operands, but parent 'scf.if' has 1 results", 3, "scf.yield")


def test_iter_args_need_one_type_each():
    expect_error("""\
    func.func @f(%n: index, %x: f32) {
      %r = scf.for %i = %n to %n step %n iter_args(%a = %x, %b = %x) -> (f32) {
        scf.yield %a : f32
      }
      return
    }""", "expected as many iter_args types as iter_args: 2 iter_args but 1 types", 2, "%a")


def test_if_with_results_needs_an_else():
    expect_error("""\
    func.func @f(%c: i1, %x: f32) -> f32 {
      %r = scf.if %c -> (f32) {
        scf.yield %x : f32
      }
      return %r : f32
    }""", "must have an else block if defining values", 2, "scf.if")


def test_if_condition_must_be_i1():
    expect_error("""\
    func.func @f(%x: f32) {
      scf.if %x {
      }
      return
    }""", "use of value '%x' expects different type than prior uses: 'i1' vs 'f32'", 2, "%x")


def test_constant_step_must_be_positive():
    expect_error("""\
    func.func @f(%n: index) {
      %c0 = arith.constant 0 : index
      scf.for %i = %n to %n step %c0 {
      }
      return
    }""", "constant step operand must be positive, got 0", 3, "scf.for")


def test_forall_needs_one_bound_per_induction_variable():
    expect_error("""\
    func.func @f() {
      scf.forall (%i, %j) in (4) {
      }
      return
    }""", "'scf.forall' has 2 induction variables but 1 upper bounds", 2, "scf.forall")


def test_forall_results_must_match_shared_outs():
    expect_error("""\
    func.func @f(%t: tensor<4xf32>) {
      %a, %b = scf.forall (%i) in (4) shared_outs(%o = %t) -> (tensor<4xf32>, tensor<4xf32>) {
      }
      return
    }""", "'scf.forall' has 1 shared_outs but 2 result types", 2, "scf.forall")


def test_forall_static_steps_must_be_positive():
    expect_error("""\
    func.func @f() {
      scf.forall (%i) = (0) to (8) step (0) {
      }
      return
    }""", "expects positive steps, got step #0 = 0", 2, "scf.forall")


def test_forall_mapping_size_must_match_rank():
    expect_error("""\
    func.func @f() {
      scf.forall (%i, %j) in (4, 4) {
      } {mapping = [#gpu.thread<x>]}
      return
    }""", "mapping attribute size must match op rank (2), got 1", 2, "scf.forall")


def test_in_parallel_only_inside_forall():
    expect_error("""\
    func.func @f(%c: i1) {
      scf.if %c {
        scf.forall.in_parallel {
        }
      }
      return
    }""", "expects parent op 'scf.forall', got 'scf.if'", 3, "scf.forall.in_parallel")


def test_yield_outside_scf_parent_is_rejected():
    expect_error("""\
    func.func @f() {
      scf.yield
    }""", "expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'",
                 2, "scf.yield")


def test_generic_for_with_mixed_bound_types_is_rejected():
    expect_error("""\
    func.func @f(%a: index, %b: i32) {
      "scf.for"(%a, %b, %a) ({
      ^bb0(%i: index):
        "scf.yield"() : () -> ()
      }) : (index, i32, index) -> ()
      return
    }""", "expects lower bound, upper bound and step to have the same type (index or a signless integer), got "
          "'index', 'i32', 'index'", 2, '"scf.for"')


def test_forall_body_must_end_with_in_parallel():
    expect_error("""\
    func.func @f() {
      "scf.forall"() ({
      ^bb0(%i: index):
        "test.op"() : () -> ()
      }) {staticLowerBound = array<i64: 0>, staticUpperBound = array<i64: 4>, staticStep = array<i64: 1>,
          operandSegmentSizes = array<i32: 0, 0, 0, 0>} : () -> ()
      return
    }""", "expects the body to end with 'scf.forall.in_parallel'", 2, '"scf.forall"')
