"""meshc.annotate: parsing --mesh/--shard values, placing mesh.shard annotations (docs/pipeline.md stage 1)
on arguments, results and globals, and every error (unknown target, bad axes, mesh conflict, rank
too small, axis out of range, ...)."""

from __future__ import annotations

import pytest

from meshc.annotate import (AnnotationError, AnnotationSyntaxError, MeshSpec, Target, annotate, find_entry,
                            parse_axes, parse_mesh_spec, parse_shard_spec, parse_target)
from meshc.dialects.func import ReturnOp
from meshc.dialects.mesh import MeshOp, ShardingAttr, ShardOp
from meshc.ir import print_op, verify
from meshc.parser import parse

PROG = """module {
  util.global private @w = dense<1.000000e+00> : tensor<16x4xf32>
  func.func @f(%x: tensor<8x16xf32>, %n: index) -> (tensor<8x4xf32>, tensor<8x16xf32>) {
    %w = util.global.load @w : tensor<16x4xf32>
    %cst = arith.constant 0.000000e+00 : f32
    %e = tensor.empty() : tensor<8x4xf32>
    %z = linalg.fill ins(%cst : f32) outs(%e : tensor<8x4xf32>) -> tensor<8x4xf32>
    %r = linalg.matmul ins(%x, %w : tensor<8x16xf32>, tensor<16x4xf32>) outs(%z : tensor<8x4xf32>) -> tensor<8x4xf32>
    return %r, %x : tensor<8x4xf32>, tensor<8x16xf32>
  }
  func.func private @g() -> tensor<16x4xf32> {
    %w = util.global.load @w : tensor<16x4xf32>
    return %w : tensor<16x4xf32>
  }
}
"""


def prog():
    m = parse(PROG, "prog.mlir")
    verify(m)
    return m


def lines(m) -> list[str]:
    return [line.strip() for line in print_op(m).splitlines()]


def roundtrip(m) -> str:
    """The printed module parses back, verifies and prints identically (custom and generic form)."""
    text = print_op(m)
    again = parse(text, "out.mlir")
    verify(again)
    assert print_op(again) == text
    generic = print_op(m, generic=True)
    g = parse(generic, "generic.mlir")
    verify(g)
    assert print_op(g) == text
    return text


# ---------------------------------------------------------------------------------------------- parsing
@pytest.mark.parametrize("text,want", [
    ("tp=4", MeshSpec("tp", (4,))),
    ("m=2x4,peered=1", MeshSpec("m", (2, 4), (1,))),
    ("m=2x4,peered=0,1", MeshSpec("m", (2, 4), (0, 1))),
    ("m=2x4,peered=[1, 0]", MeshSpec("m", (2, 4), (1, 0))),
    ("m=2x?", MeshSpec("m", (2, None))),
    ("@mesh=8", MeshSpec("mesh", (8,))),
])
def test_parse_mesh_spec(text, want):
    assert parse_mesh_spec(text) == want
    assert parse_mesh_spec(str(want)) == want


@pytest.mark.parametrize("text,message", [
    ("tp", "is not NAME=SHAPE"),
    ("tp=", "is not NAME=SHAPE"),
    ("=4", "is not NAME=SHAPE"),
    ("tp=4x", "is not NAME=SHAPE"),
    ("tp=0", "mesh axis sizes must be positive, got 0"),
    ("tp=4,peered=1", "peered axis 1 is out of range for a mesh of rank 1"),
    ("m=2x2,peered=0,0", "peered axis 0 is repeated"),
])
def test_parse_mesh_spec_errors(text, message):
    with pytest.raises(AnnotationSyntaxError, match=message):
        parse_mesh_spec(text)


@pytest.mark.parametrize("text,want", [
    ("x", Target("arg", name="x")),
    ("%x", Target("arg", name="x")),
    ("%arg1", Target("arg", name="arg1")),
    ("1", Target("arg", index=1)),
    ("result0", Target("result", index=0)),
    ("result12", Target("result", index=12)),
    ("%result0", Target("arg", name="result0")),  # an argument that happens to be named result0
    ("@w1", Target("global", name="w1")),
])
def test_parse_target(text, want):
    assert parse_target(text) == want


@pytest.mark.parametrize("text", ["", "1x", "@", "%", "a b"])
def test_parse_target_errors(text):
    with pytest.raises(AnnotationSyntaxError, match="is not a target"):
        parse_target(text)


@pytest.mark.parametrize("text,want", [
    ("[[], [0]]", (None, ((), (0,)), (), "sum")),
    ("[[0, 1]]", (None, ((0, 1),), (), "sum")),
    ("[[]]", (None, ((),), (), "sum")),
    ("[]", (None, (), (), "sum")),
    ("[0, [1]]", (None, ((0,), (1,)), (), "sum")),  # a bare axis, as LLVM 19 also reads it
    ("<@tp, [[], [0]]>", ("tp", ((), (0,)), (), "sum")),
    ("<@m, [[0]], partial = max[1]>", ("m", ((0,),), (1,), "max")),
    (" < @m , [ [ 1 ] ] > ", ("m", ((1,),), (), "sum")),
])
def test_parse_axes(text, want):
    assert parse_axes(text.strip()) == want


@pytest.mark.parametrize("text,column", [
    ("[[0]", 5),  # unexpected end: one past the text
    ("[[a]]", 3),
    ("<tp, [[0]]>", 2),
    ("[[0]] x", 7),
    ("[[0],, [1]]", 6),
])
def test_parse_axes_errors_point_at_the_column(text, column):
    with pytest.raises(AnnotationSyntaxError) as info:
        parse_axes(text)
    assert info.value.column == column
    assert f"at column {column}" in str(info.value) and "expected a split-axes list" in str(info.value)


def test_parse_shard_spec_forms():
    s = parse_shard_spec("arg1=[[], [0]]")
    assert (s.target, s.sharding, s.split_axes, s.origin) == (Target("arg", name="arg1"), None, ((), (0,)),
                                                              "--shard arg1=[[], [0]]")
    assert s.on_mesh("tp") == ShardingAttr("tp", ((), (0,)))
    s = parse_shard_spec("@w2=<@tp, [[0]], partial = sum[1]>")
    assert (s.target, s.sharding) == (Target("global", name="w2"), ShardingAttr("tp", ((0,),), (1,)))
    assert s.on_mesh("other") == ShardingAttr("tp", ((0,),), (1,))  # a named mesh is kept


@pytest.mark.parametrize("text,message", [
    ("arg1", "is not TARGET=AXES"),
    ("arg1=", "is not TARGET=AXES"),
    ("1x=[[0]]", "is not a target"),
    ("x=[[0]", "unexpected end"),
    ("x=<@m, [[0]], partial = sum[1]", "unexpected end"),
])
def test_parse_shard_spec_errors(text, message):
    with pytest.raises(AnnotationSyntaxError, match=message):
        parse_shard_spec(text)


# ---------------------------------------------------------------------------------------------- placement
def test_argument_by_name_position_and_percent_name():
    for target in ("x", "%x", "0"):
        m = prog()
        report = annotate(m, ["m=4"], [f"{target}=[[0]]"])
        assert report.added == ["m"] and len(report.inserted) == 1
        out = lines(m)
        # the mesh goes first in the module, the annotation first in the entry block
        assert out[1] == "mesh.mesh @m(shape = 4)"
        assert out[3] == "func.func @f(%x: tensor<8x16xf32>, %n: index) -> (tensor<8x4xf32>, tensor<8x16xf32>) {"
        assert out[4] == "%x_s = mesh.shard %x to <@m, [[0]]> : tensor<8x16xf32>"
        assert ("%r = linalg.matmul ins(%x_s, %w : tensor<8x16xf32>, tensor<16x4xf32>) outs(%z : "
                "tensor<8x4xf32>) -> tensor<8x4xf32>") in out
        assert "return %r, %x_s : tensor<8x4xf32>, tensor<8x16xf32>" in out
        func = find_entry(m)
        x = func.body.args[0]
        assert [u.name for u in x.users] == ["mesh.shard"]  # every other use reads the annotation
        roundtrip(m)


def test_results_are_annotated_before_the_return():
    m = prog()
    annotate(m, ["m=2x2"], ["result0=[[0], [1]]", "result1=<@m, [[], [0, 1]]>"])
    out = lines(m)
    i = out.index("return %r_s, %x_s : tensor<8x4xf32>, tensor<8x16xf32>")
    assert out[i - 2:i] == ["%r_s = mesh.shard %r to <@m, [[0], [1]]> : tensor<8x4xf32>",
                            "%x_s = mesh.shard %x to <@m, [[], [0, 1]]> : tensor<8x16xf32>"]
    ret = find_entry(m).body.ops[-1]
    assert isinstance(ret, ReturnOp) and all(isinstance(v.owner, ShardOp) for v in ret.operands)
    roundtrip(m)


def test_global_is_annotated_after_every_load():
    m = prog()
    report = annotate(m, ["m=4"], ["@w=[[], [0]]"])
    assert len(report.inserted) == 2  # one load in @f, one in @g
    text = roundtrip(m)
    assert text.count("%w_s = mesh.shard %w to <@m, [[], [0]]> : tensor<16x4xf32>") == 2
    assert "ins(%x, %w_s : " in text and "return %w_s : tensor<16x4xf32>" in text


def test_partial_and_several_meshes():
    m = prog()
    annotate(m, ["a=2", "b=2x2,peered=1"], ["x=<@b, [[0]], partial = sum[1]>", "@w=<@b, [[1]]>"])
    out = lines(m)
    assert out[1:3] == ["mesh.mesh @a(shape = 2)", "mesh.mesh @b(shape = 2x2, peered_memory_axes = [1])"]
    assert "%x_s = mesh.shard %x to <@b, [[0]], partial = sum[1]> : tensor<8x16xf32>" in out
    roundtrip(m)


def test_identical_mesh_is_reused_and_annotating_twice_changes_nothing():
    m = prog()
    annotate(m, ["m=4"], ["x=[[0]]", "result0=[[0]]", "@w=[[]]"])
    first = print_op(m)
    report = annotate(m, ["m=4"], ["x=[[0]]", "result0=[[0]]", "@w=[[]]"])
    assert report.added == [] and report.reused == ["m"] and report.inserted == []
    assert len(report.unchanged) == 4  # x, result0 and the two loads of @w
    assert print_op(m) == first


def test_only_the_given_targets_are_annotated():
    m = prog()
    annotate(m, ["m=4"], ["result1=[[0]]"])
    shards = [op for op in m.walk() if isinstance(op, ShardOp)]
    assert [str(op.sharding) for op in shards] == ["<@m, [[0]]>"]
    assert shards[0].src is find_entry(m).body.args[0]  # result 1 returns %x


def test_entry_choice():
    two = "func.func @a(%x: tensor<4xf32>) -> tensor<4xf32> {\n  return %x : tensor<4xf32>\n}\n" \
          "func.func @b(%y: tensor<4xf32>) -> tensor<4xf32> {\n  return %y : tensor<4xf32>\n}\n"
    m = parse(two, "two.mlir")
    with pytest.raises(AnnotationError, match="several public functions; choose one with --entry: @a, @b"):
        annotate(m, ["m=2"], ["0=[[0]]"])
    annotate(m, ["m=2"], ["0=[[0]]"], entry="@b")
    assert "%y_s = mesh.shard %y to <@m, [[0]]> : tensor<4xf32>" in print_op(m)
    with pytest.raises(AnnotationError, match=r"no function named '@c' \(functions: @a, @b\)"):
        annotate(m, (), ["0=[[0]]"], entry="c")


# ---------------------------------------------------------------------------------------------- errors
@pytest.mark.parametrize("meshes,shards,message", [
    (["m=4"], ["y=[[0]]"], "--shard y=[[0]]: @f has no argument named %y (arguments: %x, %n)"),
    (["m=4"], ["2=[[0]]"], "--shard 2=[[0]]: @f has 2 argument(s); there is no argument 2"),
    (["m=4"], ["result2=[[0]]"], "@f has 2 result(s); there is no result2"),
    (["m=4"], ["@v=[[0]]"], "no util.global named @v (globals: @w)"),
    (["m=4"], ["n=[[0]]"], "argument 1 (%n) of @f has type index; only ranked tensors can be sharded"),
    (["m=2x2"], ["x=[[0], [], [1]]"], "sharding <@m, [[0], [], [1]]> does not fit argument 0 (%x) of @f : "
                                      "tensor<8x16xf32> on mesh @m (shape 2x2): the sharding has 3 split "
                                      "dims [[0], [], [1]] but the tensor 'tensor<8x16xf32>' has rank 2"),
    (["m=4"], ["x=[[1]]"], "split axes of tensor dim 0: mesh axis 1 is out of range for mesh @m of rank 1"),
    (["m=2x2"], ["x=[[0], [0]]"], "mesh axis 0 is used more than once"),
    (["m=2x2"], ["x=<@m, [[0]], partial = sum[0]>"], "partial axis 0 is also used in split axes of tensor dim 0"),
    ([], ["x=[[0]]"], "the split axes [[0]] need a mesh and the module has none: add one with --mesh NAME=SHAPE"),
    (["a=2", "b=2"], ["x=[[0]]"], "the module has 2 meshes (@a, @b); name one: <@a, [[0]]>"),
    (["a=2"], ["x=<@b, [[0]]>"], "names mesh @b, which the module does not define (meshes: @a); add it with "
                                 "--mesh b=SHAPE"),
    (["a=2", "b=2"], ["x=<@a, [[0]]>", "result0=<@b, [[0]]>"],
     "--shard result0=<@b, [[0]]>: sharding <@b, [[0]]> puts mesh @b into function @f, which already uses mesh @a "
     "(--shard x=<@a, [[0]]>); meshc handles one mesh per function"),
    (["m=4"], ["x=[[0]]", "0=[[]]"], "--shard 0=[[]]: argument 0 of @f is also annotated by --shard x=[[0]]"),
    (["m=4"], ["@w=[[0]]", "@w=[[0]]"], "global @w is also annotated by --shard @w=[[0]]"),
])
def test_request_errors(meshes, shards, message):
    m = prog()
    before = print_op(parse(PROG, "prog.mlir"))
    with pytest.raises(AnnotationError) as info:
        annotate(m, meshes, shards)
    assert message in info.value.message
    # no annotation was placed (meshes, added first, may be)
    assert not any(isinstance(op, ShardOp) for op in m.walk())
    assert before.splitlines()[1] in print_op(m)


def test_mesh_conflicts_point_at_the_existing_mesh():
    m = parse("mesh.mesh @m(shape = 2x2)\nfunc.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
              "  return %x : tensor<4xf32>\n}\n", "has_mesh.mlir")
    with pytest.raises(AnnotationError) as info:
        annotate(m, ["m=4"])
    err = info.value
    assert err.message == "--mesh m=4: the module already has a different mesh @m (m=2x2); rename one of them"
    assert [(n.message, str(n.location)) for n in err.diagnostics[0].notes] == [
        ("mesh @m defined here", "has_mesh.mlir:1:1")]
    with pytest.raises(AnnotationError, match="--mesh f=2: symbol @f already exists and is a 'func.func', not a mesh"):
        annotate(m, ["f=2"])
    with pytest.raises(AnnotationError) as info:  # same shape, different peered axes: still different
        annotate(m, ["m=2x2,peered=0"])
    assert info.value.message.startswith("--mesh m=2x2,peered=0: the module already has a different mesh @m (m=2x2)")
    report = annotate(m, ["m=2x2"], ["x=[[0, 1]]"])
    assert report.reused == ["m"] and len([op for op in m.body.ops if isinstance(op, MeshOp)]) == 1


def test_existing_different_annotation_is_an_error_with_a_note():
    text = ("mesh.mesh @m(shape = 4)\nfunc.func @f(%x: tensor<8xf32>) -> tensor<8xf32> {\n"
            "  %a = mesh.shard %x to <@m, [[0]]> : tensor<8xf32>\n  return %a : tensor<8xf32>\n}\n")
    m = parse(text, "ann.mlir")
    with pytest.raises(AnnotationError) as info:
        annotate(m, (), ["x=[[]]"])
    assert "argument 0 (%x) of @f is already annotated with <@m, [[0]]>; not adding <@m, [[]]>" in info.value.message
    assert str(info.value.diagnostics[0].notes[0].location) == "ann.mlir:3:8"  # the op (at its name)
    with pytest.raises(AnnotationError, match="result 0 of @f is already annotated with <@m, \\[\\[0\\]\\]>"):
        annotate(m, (), ["result0=[[]]"])
    report = annotate(m, (), ["x=[[0]]", "result0=[[0]]"])  # the same sharding: nothing to do
    assert report.inserted == [] and len(report.unchanged) == 2
    two = parse(text.replace("%x: tensor<8xf32>)", "%x: tensor<8xf32>, %y: tensor<8xf32>)"), "ann2.mlir")
    with pytest.raises(AnnotationError, match="puts mesh @n into function @f, which already uses mesh @m \\(its "
                                              "existing annotations\\)"):
        annotate(two, ["n=2"], ["y=<@n, [[0]]>"])


def test_global_never_loaded_is_a_warning():
    m = parse("util.global private @v = dense<0.0> : tensor<4xf32>\n"
              "func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {\n  return %x : tensor<4xf32>\n}\n", "v.mlir")
    report = annotate(m, ["m=2"], ["@v=[[0]]"])
    assert report.inserted == []
    assert [(w.severity, w.message) for w in report.warnings] == [
        ("warning", "--shard @v=[[0]]: global @v is never loaded; nothing to annotate")]
