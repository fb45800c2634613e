"""Print spellings (meshc.ir.spelling): a module prints in the spelling it was read in, any other on
request, and what meshc prints in the LLVM 19 spelling is what mlir-opt 19 reads (its printouts are
recorded under tests/data/spelling/: ``X.mlir`` is meshc's output, ``X.mlir-opt-19.mlir`` what
``mlir-opt-19 --split-input-file X.mlir`` printed, Debian LLVM 19.1.7)."""

from __future__ import annotations

from pathlib import Path

import pytest

from meshc.diagnostics import split_input
from meshc.dialects import mesh as M
from meshc.ir import print_op, verify
from meshc.parser import parse

DATA = Path(__file__).parent / "data" / "spelling"

GRID = "shard.grid @g(shape = 2x2)\n"
MESH = "mesh.mesh @g(shape = 2x2)\n"


def func(body: str, args: str = "%x: tensor<4x4xf32>") -> str:
    return f"func.func @f({args}) {{\n{body}\n  return\n}}\n"


@pytest.mark.parametrize("text, spelling", [
    (MESH + func('  %a = mesh.shard %x to <@g, [[0]]> : tensor<4x4xf32>'), None),
    (MESH + func('  %a = mesh.all_reduce %x on @g mesh_axes = [0] reduction = <max> : tensor<4x4xf32> -> '
                 'tensor<4x4xf32>'), "mesh19"),
    (MESH + func('  %s = mesh.sharding @g split_axes = [[0]] : !mesh.sharding'), "mesh20"),
    (MESH + func('  %a = mesh.shard %x to %s : tensor<4x4xf32>', '%x: tensor<4x4xf32>, %s: !mesh.sharding'),
     "mesh20"),
    (GRID, "shard"),
    (GRID + func("  %r = shard.reduce_scatter %x on @g grid_axes = [0] scatter_axis = 0 : tensor<4x4xf32> -> "
                 "tensor<2x4xf32>"), "shard21"),  # LLVM 21 wrote scatter_axis, LLVM 22 scatter_dim
    (GRID + func("  %r = shard.reduce_scatter %x on @g grid_axes = [0] scatter_dim = 0 : tensor<4x4xf32> -> "
                 "tensor<2x4xf32>"), "shard"),
    ('"shard.grid"() {sym_name = "g", shape = array<i64: 2>} : () -> ()', "shard"),
])
def test_the_spelling_read_is_recorded(text, spelling):
    m = parse(text)
    assert m.spelling == spelling
    assert M.source_spelling(m) == spelling


def test_a_sharding_value_prints_back_by_name_and_a_new_one_before_its_user():
    m = parse(GRID + func("""  %s = shard.sharding @g split_axes = [[0]] : !shard.sharding
  %a = shard.shard %x to %s : tensor<4x4xf32>"""))
    verify(m)
    shard = next(op for op in m.walk() if isinstance(op, M.ShardOp))
    assert shard.sharding == M.ShardingAttr("g", ((0,),)) and len(shard.operands) == 1  # canonical inside
    assert "%a = shard.shard %x to %s : tensor<4x4xf32>" in print_op(m)
    shard.attributes["shard"] = M.ShardingAttr("g", ((1,),))  # a pass changed it: the old value no longer fits
    lines = [line.strip() for line in print_op(m).splitlines()]
    i = lines.index("%a = shard.shard %x to %0 : tensor<4x4xf32>")
    assert lines[i - 1] == "%0 = shard.sharding @g split_axes = [[1]] : !shard.sharding"
    assert lines[i - 2] == "%s = shard.sharding @g split_axes = [[0]] : !shard.sharding"  # kept, unused


def test_a_sharding_value_defined_after_its_user_is_not_reused():
    m = parse(GRID + func("""  %a = shard.shard %x to <@g, [[0]]> : tensor<4x4xf32>
  %s = shard.sharding @g split_axes = [[0]] : !shard.sharding"""))
    shard = next(op for op in m.walk() if isinstance(op, M.ShardOp))
    shard.sharding_origin = next(op for op in m.walk() if isinstance(op, M.ShardingOp)).results[0]
    text = print_op(m)
    assert "%0 = shard.sharding @g split_axes = [[0]] : !shard.sharding\n    %a = shard.shard %x to %0" in text
    reread = parse(text)
    verify(reread)  # every value is defined before its use


def test_each_spelling_converts_to_each_other():
    source = MESH + func("""  %s = mesh.sharding @g split_axes = [[], [1]] partial = sum [0] : !mesh.sharding
  %a = mesh.shard %x to %s : tensor<4x4xf32>
  %r = mesh.reduce_scatter %a on @g mesh_axes = [0] reduction = max scatter_axis = 0 : tensor<4x4xf32> -> tensor<2x4xf32>""")
    m = parse(source)
    verify(m)
    texts = {s: print_op(m, spelling=s) for s in (None, "mesh19", "mesh20", "shard21", "shard")}
    assert "%a = mesh.shard %x to <@g, [[], [1]], partial = sum[0]> : tensor<4x4xf32>" in texts["mesh19"]
    assert "reduction = <max> scatter_axis = 0" in texts["mesh19"] and "mesh.sharding" not in texts["mesh19"]
    assert "reduction = max scatter_axis = 0" in texts[None] and "mesh.sharding" not in texts[None]
    assert "%a = mesh.shard %x to %s : tensor<4x4xf32>" in texts["mesh20"]
    assert "%s = shard.sharding @g split_axes = [[], [1]] partial = sum [0] : !shard.sharding" in texts["shard"]
    assert "shard.reduce_scatter %a on @g grid_axes = [0] reduction = max scatter_dim = 0" in texts["shard"]
    assert "shard.reduce_scatter %a on @g grid_axes = [0] reduction = max scatter_axis = 0" in texts["shard21"]
    for spelling, text in texts.items():  # each reads back to the same module
        again = parse(text)
        verify(again)
        assert print_op(again, spelling=None) == texts[None], spelling


def _structure(text: str) -> list[list[tuple]]:
    """Per chunk: each op's name, attributes and result types (the value names left out: mlir-opt
    renames values)."""
    out = []
    for chunk in split_input(text, True):
        m = parse(chunk.text)
        verify(m)
        out.append([(op.name, tuple(sorted((k, str(v)) for k, v in op.attributes.items())),
                     tuple(str(r.type) for r in op.results)) for op in m.walk()])
    return out


@pytest.mark.parametrize("name", ["chunks_mesh19", "propagated_mesh19"])
def test_mlir_opt_19_reads_the_llvm19_spelling_back_unchanged(name):
    ours = (DATA / f"{name}.mlir").read_text()
    upstream = (DATA / f"{name}.mlir-opt-19.mlir").read_text()
    assert _structure(upstream) == _structure(ours)
    assert "reduction = <" in ours or "mesh.shard" in ours


def test_the_recorded_llvm19_output_is_what_meshc_prints():
    for chunk in split_input((DATA / "chunks_mesh19.mlir").read_text(), True):
        m = parse(chunk.text)
        assert print_op(m, spelling="mesh19").strip() == chunk.text.strip()
