"""Captured tensors read at affine combinations of loop indices (meshc/interfaces/index_forms.py): a
``tensor.extract`` at ``2 * i + j``, ``i * 4 + j`` or ``i floordiv 2`` (IREE's dispatch creation fuses
grouped-query heads and reshapes that way) links the tensor dim to the major loop when a split of that
loop is a block split of the dim, so a tensor split there is read in place; a split of another loop,
or over a device count the major digit's size is no multiple of, still gathers it."""

from __future__ import annotations

import re

import numpy as np
import pytest
from click.testing import CliRunner

import meshc.api as mc
from meshc.cli import main
from meshc.interfaces.sharding import DimLink, iteration_space

# r[i, j, k] = -q[2 * i + j, k] * w[i, j, k]: the 8 rows of q as 4 groups of 2
GROUPED = """module {{
  mesh.mesh @m(shape = {mesh})
  func.func @main(%q: tensor<8x16xf32>, %w: tensor<{a}x{b}x16xf32>) -> tensor<{a}x{b}x16xf32> {{
    %t = mesh.shard %q to <@m, {qs}> : tensor<8x16xf32>
    %v = mesh.shard %w to <@m, {ws}> : tensor<{a}x{b}x16xf32>
    %e = tensor.empty() : tensor<{a}x{b}x16xf32>
    %r = linalg.generic {{indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
                         iterator_types = ["parallel", "parallel", "parallel"]}}
        ins(%v : tensor<{a}x{b}x16xf32>) outs(%e : tensor<{a}x{b}x16xf32>) {{
    ^bb0(%in: f32, %out: f32):
      %c = arith.constant {b} : index
      %i = linalg.index 0 : index
      %j = linalg.index 1 : index
      %k = linalg.index 2 : index
      %s = {scaled}
      %h = arith.addi %s, %j : index
      %x = tensor.extract %t[%h, %k] : tensor<8x16xf32>
      %n = arith.negf %x : f32
      %y = arith.mulf %n, %in : f32
      linalg.yield %y : f32
    }} -> tensor<{a}x{b}x16xf32>
    return %r : tensor<{a}x{b}x16xf32>
  }}
}}"""

# r[i, k] = t[i floordiv 2, k] + w[i, k]: each row of t read by two consecutive rows of the result
HALVED = """module {{
  mesh.mesh @m(shape = {mesh})
  func.func @main(%t0: tensor<4x16xf32>, %w: tensor<8x16xf32>) -> tensor<8x16xf32> {{
    %t = mesh.shard %t0 to <@m, [[0]]> : tensor<4x16xf32>
    %e = tensor.empty() : tensor<8x16xf32>
    %r = linalg.generic {{indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                         iterator_types = ["parallel", "parallel"]}} ins(%w : tensor<8x16xf32>) outs(%e : tensor<8x16xf32>) {{
    ^bb0(%in: f32, %out: f32):
      %c2 = arith.constant 2 : index
      %i = linalg.index 0 : index
      %k = linalg.index 1 : index
      {expr}
      %x = tensor.extract %t[%h, %k] : tensor<4x16xf32>
      %y = arith.addf %x, %in : f32
      linalg.yield %y : f32
    }} -> tensor<8x16xf32>
    return %r : tensor<8x16xf32>
  }}
}}"""

# t[(4 * i + j) floordiv 4, (4 * i + j) mod 4] (through an i32 cast: t[i, j], the plain loops),
# plus t[1 - i, j] and t[min(i + j, 1), j], each through a captured value of its own
DELINEARIZED = """module {
  mesh.mesh @m(shape = 2)
  func.func @main(%t0: tensor<2x4xf32>, %w: tensor<2x4xf32>) -> tensor<2x4xf32> {
    %t = mesh.shard %t0 to <@m, [[0]]> : tensor<2x4xf32>
    %tr = mesh.shard %t0 to <@m, [[0]]> : tensor<2x4xf32>
    %tc = mesh.shard %t0 to <@m, [[0]]> : tensor<2x4xf32>
    %e = tensor.empty() : tensor<2x4xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                         iterator_types = ["parallel", "parallel"]} ins(%w : tensor<2x4xf32>) outs(%e : tensor<2x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %c4 = arith.constant 4 : index
      %c1 = arith.constant 1 : index
      %i = linalg.index 0 : index
      %j = linalg.index 1 : index
      %a = arith.muli %i, %c4 : index
      %l = arith.addi %a, %j : index
      %l32 = arith.index_cast %l : index to i32
      %c4i = arith.constant 4 : i32
      %hi32 = arith.divsi %l32, %c4i : i32
      %hi = arith.index_cast %hi32 : i32 to index
      %lo = arith.remui %l, %c4 : index
      %x = tensor.extract %t[%hi, %lo] : tensor<2x4xf32>
      %rev = arith.subi %c1, %i : index
      %z = tensor.extract %tr[%rev, %lo] : tensor<2x4xf32>
      %both = arith.addi %i, %j : index
      %d = arith.minui %both, %c1 : index
      %u = tensor.extract %tc[%d, %j] : tensor<2x4xf32>
      %s = arith.addf %x, %z : f32
      %y = arith.addf %s, %u : f32
      linalg.yield %y : f32
    } -> tensor<2x4xf32>
    return %r : tensor<2x4xf32>
  }
}"""


def _grouped(mesh: str, qs: str, ws: str, major_first: bool = True) -> str:
    """``2 * i + j`` (i in [0, 4), j in [0, 2), the constant on the left) or ``i * 4 + j`` (i in
    [0, 2), j in [0, 4), on the right)."""
    a, b, scaled = (4, 2, "arith.muli %c, %i : index") if major_first else (2, 4, "arith.muli %i, %c : index")
    return GROUPED.format(mesh=mesh, qs=qs, ws=ws, a=a, b=b, scaled=scaled)


def _collectives(text: str, tmp_path) -> list[str]:
    path = tmp_path / "p.mlir"
    path.write_text(text)
    r = CliRunner().invoke(main, ["compile", str(path)])
    assert r.exit_code == 0, r.output
    return re.findall(r"= mesh\.(all_gather|all_reduce|all_to_all|reduce_scatter|all_slice) ", r.output)


def _run(text: str, inputs: dict, expected: np.ndarray) -> None:
    """The sharded run, checked against the reference interpreter, equals ``expected`` exactly (every
    element is one product or sum of the same two floats on either side)."""
    result = mc.run(mc.parse(text), inputs, check=True)
    assert result.check_ok
    np.testing.assert_array_equal(result.outputs[0], expected)


def _captured_links(text: str) -> tuple:
    op = next(o for o in mc.parse(text).walk() if o.name == "linalg.generic")
    return tuple(links for _, links in iteration_space(op).captured)


@pytest.mark.parametrize("major_first", [True, False])
def test_grouped_rows_link_to_the_major_loop(major_first):
    # 2 * i + j: rows in 4 blocks of 2 follow i; i * 4 + j: 2 blocks of 4
    links = _captured_links(_grouped("4", "[[0]]", "[[]]", major_first))
    assert links == ((DimLink(0, multiple=4 if major_first else 2), DimLink(2)),)


@pytest.mark.parametrize("mesh, major_first", [("4", True), ("2", True), ("2", False)])
def test_grouped_rows_split_are_read_in_place(mesh, major_first, tmp_path):
    text = _grouped(mesh, "[[0]]", "[[0]]", major_first)
    assert _collectives(text, tmp_path) == []
    rng = np.random.default_rng(3)
    a, b = (4, 2) if major_first else (2, 4)
    q = rng.standard_normal((8, 16)).astype(np.float32)
    w = rng.standard_normal((a, b, 16)).astype(np.float32)
    _run(text, {"q": q, "w": w}, -q.reshape(a, b, 16) * w)


@pytest.mark.parametrize("mesh, ws", [
    ("3", "[[]]"),          # 3 devices do not divide the 4 groups: the balanced 8 rows are no 4-block split
    ("2", "[[], [0]]"),     # the minor loop split: each device needs rows of every group
])
def test_grouped_rows_gathered_where_no_block_split(mesh, ws, tmp_path):
    text = _grouped(mesh, "[[0]]", ws)
    assert _collectives(text, tmp_path) == ["all_gather"]
    rng = np.random.default_rng(4)
    q = rng.standard_normal((8, 16)).astype(np.float32)
    w = rng.standard_normal((4, 2, 16)).astype(np.float32)
    _run(text, {"q": q, "w": w}, -q.reshape(4, 2, 16) * w)


@pytest.mark.parametrize("div", ["divsi", "divui", "floordivsi"])
def test_halved_index_reads_its_own_rows(div, tmp_path):
    text = HALVED.format(mesh="4", expr=f"%h = arith.{div} %i, %c2 : index")
    assert _captured_links(text) == ((DimLink(0, multiple=4), DimLink(1)),)
    assert _collectives(text, tmp_path) == []
    rng = np.random.default_rng(5)
    t = rng.standard_normal((4, 16)).astype(np.float32)
    w = rng.standard_normal((8, 16)).astype(np.float32)
    _run(text, {"t0": t, "w": w}, np.repeat(t, 2, axis=0) + w)


def test_delinearized_index_is_the_plain_loops_and_others_gather():
    # (4i + j) floordiv 4 and mod 4 are i and j; 1 - i (reversed) and min(i + j, 1) (no form) are
    # data-independent but no block split: each gets a gather loop of its own (a reduction)
    plain, reversed_, clamped = _captured_links(DELINEARIZED)
    assert plain == (DimLink(0), DimLink(1))
    assert reversed_[0].loop >= 2 and reversed_[0].extent == 2 and reversed_[1] == DimLink(1)
    assert clamped[0].loop >= 2 and clamped[1] == DimLink(1)
    rng = np.random.default_rng(6)
    t = rng.standard_normal((2, 4)).astype(np.float32)
    w = rng.standard_normal((2, 4)).astype(np.float32)
    i, j = np.indices((2, 4))
    result = mc.run(mc.parse(DELINEARIZED), {"t0": t, "w": w}, check=True)
    assert result.check_ok
    np.testing.assert_array_equal(result.outputs[0], (t + t[1 - i, j]) + t[np.minimum(i + j, 1), j])


@pytest.mark.parametrize("expr", [
    "%c3 = arith.constant 3 : index\n      %a = arith.muli %i, %c3 : index\n      %h = arith.divui %a, %c2 : index",
    "%a = arith.muli %i, %k : index\n      %h = arith.remui %a, %c2 : index",
    "%a = arith.subi %k, %i : index\n      %h = arith.divsi %a, %c2 : index",
])
def test_inexact_index_arithmetic_is_no_link(expr):
    # (3i) floordiv 2 (its remainder part 3 * (i mod 2) spans more than the divisor), (i * k) mod 2 (a
    # product of loops), (k - i) / 2 (may be negative): no form is proved, the dim gets a gather loop
    (links,) = _captured_links(HALVED.format(mesh="4", expr=expr))
    assert links[0].loop >= 2 and links[1] == DimLink(1)
