"""flow dialect (IREE dispatch regions): flow.dispatch.region with workload,
dynamic result dims and count region, flow.return; round trips (custom and
generic form), accessors and located verification errors."""

from __future__ import annotations

import textwrap

import pytest

from meshc.dialects.flow import DispatchRegionOp, ReturnOp, dynamic_dim_count
from meshc.ir import F32, I32, DiagnosticError, TensorType, print_op, verify
from meshc.parser import parse
from tests.irtest import expect_error, roundtrip


def regions(m) -> list[DispatchRegionOp]:
    return [op for op in m.walk() if isinstance(op, DispatchRegionOp)]


def test_dispatch_region_with_workload_dims_and_count():
    m, out = roundtrip("""
    util.func public @region(%arg0: tensor<?x?x16xf32>, %d0: index, %d1: index, %x: f32) -> tensor<?x?x16xf32> {
      %c16 = arith.constant 16 : index
      %r, %s = flow.dispatch.region[%d0, %d1, %c16] -> (tensor<?x?x16xf32>{%d1, %d0}, f32) {
        %y = arith.addf %x, %x : f32
        flow.return %arg0, %y : tensor<?x?x16xf32>, f32
      } count(%a: index, %b: index, %c: index) -> (index, index, index) {
        flow.return %a, %b, %c : index, index, index
      }
      util.return %r : tensor<?x?x16xf32>
    }""")
    assert ("%r, %s = flow.dispatch.region[%d0, %d1, %c16] -> (tensor<?x?x16xf32>{%d1, %d0}, f32) {\n"
            "      %y = arith.addf %x, %x : f32\n"
            "      flow.return %arg0, %y : tensor<?x?x16xf32>, f32\n"
            "    } count(%a: index, %b: index, %c: index) -> (index, index, index) {\n"
            "      flow.return %a, %b, %c : index, index, index\n"
            "    }") in out
    (op,) = regions(m)
    assert [v.name_hint for v in op.workload] == ["d0", "d1", "c16"]
    assert [v.name_hint for v in op.result_dims] == ["d1", "d0"]
    assert [v.name_hint for v in op.result_dims_of(0)] == ["d1", "d0"] and op.result_dims_of(1) == []
    assert [r.type for r in op.results] == [TensorType((None, None, 16), F32), F32]
    assert isinstance(op.return_op, ReturnOp) and len(op.return_op.operands) == 2
    assert [a.name_hint for a in op.count_region.blocks[0].args] == ["a", "b", "c"]
    assert "operandSegmentSizes = array<i32: 2, 3>" in print_op(m, generic=True)


def test_dispatch_region_without_results_or_workload_and_with_attributes():
    m, out = roundtrip("""
    util.func @f(%t: tensor<5x10xf32>) -> tensor<5x10xf32> {
      flow.dispatch.region {
        flow.return
      }
      %r = flow.dispatch.region -> (tensor<5x10xf32>) {
        flow.return %t : tensor<5x10xf32>
      } attributes {tag = 1 : i32}
      util.return %r : tensor<5x10xf32>
    }""")
    assert "    flow.dispatch.region {\n      flow.return\n    }\n" in out
    assert "%r = flow.dispatch.region -> (tensor<5x10xf32>) {\n      flow.return %t : tensor<5x10xf32>\n" \
           "    } attributes {tag = 1 : i32}" in out
    first, second = regions(m)
    assert first.workload == [] and first.results == [] and first.count_region is None
    assert second.attributes["tag"].value == 1 and second.attributes["tag"].type == I32


def test_dispatch_region_holding_an_encoding_op():
    # IREE's FuseEncodingOpsIntoDispatchRegions shape: set_encoding inside the region
    m, out = roundtrip("""
    #enc = #iree_encoding.padding<[0, ?]>
    util.func public @f() -> tensor<640x320xf32, #enc> {
      %0 = flow.dispatch.region -> (tensor<640x320xf32, #enc>) {
        %1 = tensor.empty() : tensor<640x320xf32>
        %2 = iree_encoding.set_encoding %1 : tensor<640x320xf32> -> tensor<640x320xf32, #enc>
        flow.return %2 : tensor<640x320xf32, #enc>
      }
      util.return %0 : tensor<640x320xf32, #enc>
    }""")
    (op,) = regions(m)
    assert [o.name for o in op.body.ops] == ["tensor.empty", "iree_encoding.set_encoding", "flow.return"]
    assert "flow.dispatch.region -> (tensor<640x320xf32, #iree_encoding.padding<[0, ?]>>) {" in out


def test_dynamic_dim_count():
    # tensor<?x4x?xf32> has 2 dynamic dims; scalars have none
    assert dynamic_dim_count(TensorType((None, 4, None), F32)) == 2
    assert dynamic_dim_count(F32) == 0


# ---------------------------------------------------------------- errors
def test_result_dims_must_cover_every_dynamic_dim():
    expect_error("""\
    util.func @f(%t: tensor<?x?xf32>, %d: index) {
      %r = flow.dispatch.region -> (tensor<?x?xf32>{%d}) {
        flow.return %t : tensor<?x?xf32>
      }
      util.return
    }""", "result type 'tensor<?x?xf32>' has 2 dynamic dims but 1 sizes are given", 2, "%d}")


def test_return_types_must_match_results():
    expect_error("""\
    util.func @f(%t: tensor<4xf32>, %u: tensor<8xf32>) {
      %r = flow.dispatch.region -> (tensor<4xf32>) {
        flow.return %u : tensor<8xf32>
      }
      util.return
    }""", "type of operand #0 ('tensor<8xf32>') does not match 'flow.dispatch.region' results type 'tensor<4xf32>'",
                 3, "flow.return")


def test_return_count_must_match_results():
    expect_error("""\
    util.func @f(%t: tensor<4xf32>) {
      %r = flow.dispatch.region -> (tensor<4xf32>) {
        flow.return
      }
      util.return
    }""", "returns 0 values but 'flow.dispatch.region' results expects 1", 3, "flow.return")


def test_body_must_end_with_flow_return():
    expect_error("""\
    util.func @f(%x: f32) {
      flow.dispatch.region {
        %y = arith.addf %x, %x : f32
      }
      util.return
    }""", "expects the body to end with 'flow.return'", 2, "flow.dispatch.region")


def test_workload_must_be_index():
    expect_error("""\
    util.func @f(%n: i32) {
      flow.dispatch.region[%n] {
        flow.return
      }
      util.return
    }""", "use of value '%n' expects different type than prior uses: 'index' vs 'i32'", 2, "%n]")


def test_count_region_takes_one_argument_per_workload_value():
    expect_error("""\
    util.func @f(%n: index) {
      flow.dispatch.region[%n] {
        flow.return
      } count(%a: index, %b: index) -> (index, index, index) {
        flow.return %a, %b, %b : index, index, index
      }
      util.return
    }""", "count region has 2 arguments but the workload has 1 values", 2, "flow.dispatch.region")


def test_count_region_returns_three_indices():
    expect_error("""\
    util.func @f(%n: index) {
      flow.dispatch.region[%n] {
        flow.return
      } count(%a: index) -> (index, index, index) {
        flow.return %a, %a : index, index
      }
      util.return
    }""", "returns 2 values but the workgroup count region (x, y, z) expects 3", 5, "flow.return")


def test_count_region_header_must_declare_three_indices():
    expect_error("""\
    util.func @f(%n: index) {
      flow.dispatch.region[%n] {
        flow.return
      } count(%a: index) -> (index, index) {
        flow.return %a, %a : index, index
      }
      util.return
    }""", "the count region of 'flow.dispatch.region' must return (index, index, index), got (index, index)", 4,
                 "count")


def test_flow_return_needs_a_flow_parent():
    expect_error("""\
    util.func @f() {
      flow.return
    }""", "expects parent op to be one of 'flow.dispatch.region, flow.dispatch.workgroups, flow.executable.export'",
                 2, "flow.return")
