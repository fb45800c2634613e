"""meshc.ir.opdef: ops declared by fields and traits get their verifier,
accessors, printer and parse rule from the declaration.

A toy op class (not registered, so the parser never sees it) checks the
mechanism itself; the converted dialects check that the derived pieces keep
the custom forms and the generic form (properties included) in agreement.
"""

from __future__ import annotations

import pytest

from meshc.dialects import REGISTRY, kernel_modules
from meshc.ir.attributes import IntegerAttr, StringAttr
from meshc.ir.core import Block, Operation, Region
from meshc.ir.location import DiagnosticError
from meshc.ir.opdef import (FLOAT_LIKE, INDEX_KIND, DestinationStyle, HasParent, Pure, SameOperandsAndResultType,
                            attribute, define_op, operand, region, result, var_operand)
from meshc.ir.printer import Printer
from meshc.ir.types import F32, F64, I32, INDEX, TensorType
from meshc.ir.verifier import verify
from meshc.parser import parse


@define_op(register=False)
class ToyOp(Operation):
    """A toy: two float operands of one type, an index group, a required string attribute."""

    name = "toy.op"
    lhs = operand(FLOAT_LIKE)
    rhs = operand(FLOAT_LIKE)
    sizes = var_operand(INDEX_KIND)
    output = result()
    tag = attribute(StringAttr)
    traits = (Pure(),)
    assembly_format = "$lhs `,` $rhs `[` $sizes `]` attr-dict `:` type($output)"


def _values(*types):
    block = Block(list(types), [f"v{i}" for i in range(len(types))])
    return block, list(block.args)


def _toy(operands, result_types, attributes=None, properties=None):
    return ToyOp.create(operands, result_types, attributes or {}, properties or {})


def test_fields_become_accessors_and_traits_names():
    _, (a, b, i, j) = _values(F32, F32, INDEX, INDEX)
    op = _toy([a, b, i, j], [F32], {"tag": StringAttr("t")})
    assert op.lhs is a and op.rhs is b and op.sizes == [i, j] and op.output is op.results[0]
    assert op.tag == StringAttr("t")
    assert op.traits == frozenset({"Pure"}) and op.has_trait("Pure")
    assert [o.name for o in ToyOp.opdef.operands] == ["lhs", "rhs", "sizes"]
    assert [(o.name, o.variadic) for o in ToyOp.opdef.operands][2] == ("sizes", True)


@pytest.mark.parametrize("operands, results, attrs, message", [
    ("a", [F32], {"tag": StringAttr("t")}, "expected at least 2 operands, but found 1"),
    ("ab", [], {"tag": StringAttr("t")}, "expected 1 results, but found 0"),
    ("ab", [F32], {}, "requires attribute 'tag'"),
    ("ab", [F32], {"tag": IntegerAttr(1)}, "attribute 'tag' must be a string, got '1'"),
    ("an", [F32], {"tag": StringAttr("t")}, "operand #1 must be floating-point-like, but got 'i32'"),
    ("abn", [F32], {"tag": StringAttr("t")}, "operand #2 must be index, but got 'i32'"),
])
def test_structural_checks(operands, results, attrs, message):
    _, (a, b, n) = _values(F32, F32, I32)
    values = {"a": a, "b": b, "n": n}
    op = _toy([values[c] for c in operands], results, attrs)
    with pytest.raises(DiagnosticError) as info:
        op.verify_()
    assert info.value.message == f"'toy.op' op {message}"


def test_properties_reach_the_verifier_and_the_printer():
    _, (a, b, i) = _values(F32, F32, INDEX)
    op = _toy([a, b, i], [F32], properties={"tag": StringAttr("t"), "extra": IntegerAttr(3)})
    op.verify_()  # 'tag' given as a property satisfies the required attribute
    p = Printer()
    op.print_custom(p)
    assert p.text() == " %v0, %v1[%v2] {tag = \"t\", extra = 3} : f32"


def test_regions_and_traits_with_checks():
    @define_op(register=False)
    class Holder(Operation):
        name = "toy.holder"
        body = region(single_block=True)
        extra = region(optional=True)

    @define_op(register=False)
    class Child(Operation):
        name = "toy.child"
        traits = (HasParent("toy.holder"),)

    @define_op(register=False)
    class Same(Operation):
        name = "toy.same"
        x = operand()
        y = result()
        traits = (SameOperandsAndResultType(),)

    h = Holder.create(regions=[Region([Block()])])
    h.verify_()
    assert h.body is h.regions[0] and h.extra is None
    with pytest.raises(DiagnosticError, match="expected 1 to 2 regions, but found 0"):
        Holder.create().verify_()
    child = Child.create()
    with pytest.raises(DiagnosticError, match="expects parent op 'toy.holder'"):
        child.verify_()
    h.regions[0].blocks[0].append(child)
    child.verify_()
    _, (x,) = _values(F32)
    with pytest.raises(DiagnosticError, match="operand #0 is 'f32', result is 'f64'"):
        Same.create([x], [F64]).verify_()


def test_destination_style_results_follow_the_inits():
    @define_op(register=False)
    class Dps(Operation):
        name = "toy.dps"
        inputs = var_operand()
        outputs = var_operand()
        res = result()
        traits = (DestinationStyle("outputs"),)

    from meshc.ir.attributes import DenseArrayAttr

    t4, t8 = TensorType((4,), F32), TensorType((8,), F32)
    _, (x, init) = _values(t4, t8)
    seg = {"operandSegmentSizes": DenseArrayAttr(I32, (1, 1))}
    Dps.create([x, init], [t8], seg).verify_()
    with pytest.raises(DiagnosticError, match="result #0 type 'tensor<4xf32>' does not match its init's type"):
        Dps.create([x, init], [t4], seg).verify_()
    with pytest.raises(DiagnosticError, match="requires attribute 'operandSegmentSizes'"):
        Dps.create([x, init], [t8]).verify_()


def test_integer_predicate_prints_by_name_and_round_trips():
    m = parse('%a = "x.a"() : () -> i32\n%c = "arith.cmpi"(%a, %a) {predicate = 2 : i64} : (i32, i32) -> i1')
    verify(m)
    out = m.print()
    assert "arith.cmpi slt, %a, %a : i32" in out
    verify(parse(out))


def test_keyword_attribute_must_be_an_identifier():
    m = parse('%a = "x.a"() : () -> i32\n%c = "arith.cmpi"(%a, %a) {predicate = "s lt"} : (i32, i32) -> i1')
    with pytest.raises(DiagnosticError, match="attribute 'predicate' must be a bare identifier"):
        verify(m)


@pytest.mark.parametrize("text, printed", [
    ('%c = "arith.constant"() <{value = 1 : i32}> : () -> i32', "arith.constant 1 : i32"),
    ('%t = "x.t"() : () -> tensor<2x3xf32>\n%i = "x.i"() : () -> index\n'
     '%e = "tensor.extract"(%t, %i, %i) : (tensor<2x3xf32>, index, index) -> f32',
     "tensor.extract %t[%i, %i] : tensor<2x3xf32>"),
    ('%e = "tensor.empty"() : () -> tensor<2xf32>', "tensor.empty() : tensor<2xf32>"),
    ('%t = "x.t"() : () -> tensor<?xf32>\n%i = "x.i"() : () -> index\n'
     '%d = "tensor.dim"(%t, %i) : (tensor<?xf32>, index) -> index', "tensor.dim %t, %i : tensor<?xf32>"),
])
def test_generic_forms_print_the_derived_custom_form(text, printed):
    m = parse(text)
    verify(m)
    assert printed in m.print()
    again = parse(m.print())
    verify(again)
    assert again.print() == m.print()


def test_one_registry_of_dialects():
    names = [d.name for d in REGISTRY]
    assert names[:4] == ["builtin", "func", "arith", "math"] and "mesh" in names
    assert "mesh_collectives" in kernel_modules() and "builtin" not in kernel_modules()
    from meshc.runtime.interpreter import load_kernels

    kernels = load_kernels()
    assert "arith.addf" in kernels and "linalg.conv_2d_nhwc_hwcf" in kernels and "mesh.all_gather" in kernels


_MATMUL_GENERIC = ('%a = "x.a"() : () -> tensor<4x8xf32>\n%b = "x.b"() : () -> tensor<8x2xf32>\n'
                   '%c = "x.c"() : () -> tensor<4x2xf32>\n'
                   '%r = "linalg.matmul"(%a, %b, %c) <{{operandSegmentSizes = array<i32: {segs}>}}> '
                   ': (tensor<4x8xf32>, tensor<8x2xf32>, tensor<4x2xf32>) -> tensor<4x2xf32>')


def test_generic_form_properties_reach_a_linalg_verifier():
    from meshc.dialects.linalg import MatmulOp, StructuredOp

    m = parse(_MATMUL_GENERIC.format(segs="2, 1"))
    verify(m)
    op = next(o for o in m.walk() if o.name == "linalg.matmul")
    assert isinstance(op, MatmulOp) and "operandSegmentSizes" in op.properties
    assert [len(op.inputs), len(op.inits), len(op.result_tensors)] == [2, 1, 1]
    assert op.outputs == op.inits and op.body is None and op.has_trait("DestinationStyle")
    assert StructuredOp.opdef.operands[0].variadic and [o.name for o in StructuredOp.opdef.operands] == \
        ["inputs", "inits"]
    assert "linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x2xf32>) outs(%c : tensor<4x2xf32>)" in m.print()
    # the property splits the groups the verifier checks: 1 input, 2 inits
    with pytest.raises(DiagnosticError, match="'linalg.matmul' op expected 2 inputs and 1 init, got 1 and 2"):
        verify(parse(_MATMUL_GENERIC.format(segs="1, 2")))
    with pytest.raises(DiagnosticError, match=r"requires attribute 'operandSegmentSizes' with 2 entries"):
        verify(parse(_MATMUL_GENERIC.format(segs="3")))
    with pytest.raises(DiagnosticError, match=r"operand count \(3\) does not match with the total size \(2\)"):
        verify(parse(_MATMUL_GENERIC.format(segs="1, 1")))


def test_linalg_index_result_kind_is_declared():
    text = ('%g = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} '
            'outs(%o : tensor<4xf32>) {\n^bb0(%out: f32):\n  %i = "linalg.index"() <{dim = 0 : i64}> : () -> f32\n'
            '  linalg.yield %out : f32\n} -> tensor<4xf32>')
    m = parse('func.func @f(%o: tensor<4xf32>) {\n' + text + '\nreturn\n}')
    with pytest.raises(DiagnosticError, match="'linalg.index' op result #0 must be index, but got 'f32'"):
        verify(m)


_SLICE = ('%t = "x.t"() : () -> tensor<4xf32>\n'
          '%s = "tensor.extract_slice"(%t) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, '
          'static_offsets = array<i64: OFF>, static_sizes = array<i64: 2>, static_strides = array<i64: 1>}> '
          ': (tensor<4xf32>) -> tensor<2xf32>')
_FORALL = ('%t = "x.t"() : () -> tensor<4xf32>\n'
           '%r = "scf.forall"(%t) <{operandSegmentSizes = array<i32: 0, 0, 0, 1>, staticLowerBound = array<i64: 0>, '
           'staticUpperBound = array<i64: 4>, staticStep = array<i64: STEP>}> ({\n'
           '^bb0(%i: index, %o: tensor<4xf32>):\n  scf.forall.in_parallel {\n  }\n}) : (tensor<4xf32>) -> '
           'tensor<4xf32>')


@pytest.mark.parametrize("text, printed", [
    (_SLICE.replace("OFF", "1"), "tensor.extract_slice %t[1] [2] [1] : tensor<4xf32> to tensor<2xf32>"),
    (_FORALL.replace("STEP", "1"), "scf.forall (%i) in (4) shared_outs(%o = %t) -> (tensor<4xf32>) {"),
])
def test_properties_of_converted_tensor_and_scf_ops_verify_and_print(text, printed):
    test_generic_forms_print_the_derived_custom_form(text, printed)


@pytest.mark.parametrize("text, message", [
    # the op's own check (verify_op) reads the properties
    (_SLICE.replace("OFF", "3"), "'tensor.extract_slice' op slice along dimension 0 runs out-of-bounds: 4 >= 4"),
    (_FORALL.replace("STEP", "0"), "'scf.forall' op expects positive steps, got step #0 = 0"),
    # the derived checks read them too
    (_SLICE.replace("OFF", "1").replace("static_sizes = array<i64: 2>", "static_sizes = 2"),
     "'tensor.extract_slice' op attribute 'static_sizes' must be array<i64: ...>, got '2'"),
    (_FORALL.replace("STEP", "1").replace("staticStep = array<i64: 1>", "staticStep = [1]"),
     "'scf.forall' op attribute 'staticStep' must be array<i64: ...>, got '[1]'"),
    ('%a = "x.a"() : () -> tensor<2xf32>\n%r = "tensor.concat"(%a) <{dim = "x"}> : (tensor<2xf32>) -> tensor<2xf32>',
     "'tensor.concat' op attribute 'dim' must be an integer, got '\"x\"'"),
])
def test_properties_reach_the_verifiers_of_converted_tensor_and_scf_ops(text, message):
    m = parse(text)
    with pytest.raises(DiagnosticError) as info:
        verify(m)
    assert info.value.message == message


def test_parallel_insert_slice_drops_the_result_field_of_insert_slice():
    from meshc.dialects.tensor import InsertSliceOp, ParallelInsertSliceOp

    assert [r.name for r in InsertSliceOp.opdef.results] == ["output"]
    assert ParallelInsertSliceOp.opdef.results == []
    assert [o.name for o in ParallelInsertSliceOp.opdef.operands] == ["source", "dest", "offsets", "sizes", "strides"]
