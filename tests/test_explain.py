"""``meshc explain`` and the reshard pass's remarks it prints (meshc/explain.py, meshc/passes/reshard.py).

Byte counts are hand-computed with the counting rule of meshc.sharding.reshard.transfer_matrix
(what each device receives; all_reduce over g devices of an n-byte buffer: 2 (g-1) n / g).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from meshc.cli import main
from meshc.explain import explain
from meshc.ir.location import DiagnosticError
from meshc.ir.printer import print_op
from meshc.parser import parse

ROOT = Path(__file__).resolve().parent.parent
MESH2D = ROOT / "tests/data/mesh2d_peered.mlir"
ROWS_TO_COLS = ROOT / "tests/data/backend/reshard_rows_to_cols_peered.mlir"

#: %x is produced rows-split and partial over axis 1 and returned columns-split: two steps.
TWO_STEPS = """mesh.mesh @q(shape = 2x4, peered_memory_axes = [1])
func.func @main(%x: tensor<64x32xf32>) -> tensor<64x32xf32> {
  %a = mesh.shard %x to <@q, [[0]], partial = sum[1]> : tensor<64x32xf32>
  %b = mesh.shard %a to <@q, [[], [0]]> annotate_for_users : tensor<64x32xf32>
  return %b : tensor<64x32xf32>
}
"""

#: a rows-split value gathered for the return, on a mesh of unknown size.
DYNAMIC = """mesh.mesh @m(shape = ?)
func.func @main(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %a = mesh.shard %x to <@m, [[0]]> : tensor<8x16xf32>
  %b = mesh.shard %a to <@m, [[]]> annotate_for_users : tensor<8x16xf32>
  return %b : tensor<8x16xf32>
}
"""

ELEMENTWISE = """func.func @main(%x: tensor<32x48xf32>) -> tensor<32x48xf32> {
  %e = tensor.empty() : tensor<32x48xf32>
  %y = linalg.exp ins(%x : tensor<32x48xf32>) outs(%e : tensor<32x48xf32>) -> tensor<32x48xf32>
  return %y : tensor<32x48xf32>
}
"""


def lines_of(source, strategy: str = "auto", mesh_shape=None) -> list[str]:
    text = source.read_text() if isinstance(source, Path) else source
    name = str(source.relative_to(ROOT)) if isinstance(source, Path) else "t.mlir"
    return [str(e) for e in explain(parse(text, name), mesh_shape, strategy).lines]


def test_split_contraction_gives_a_local_mark_partial_and_one_all_reduce():
    # 64x32 f32 result rows over mesh axis 0 (2): a 32x32 block = 4096 B per device, partial over axis 1 (4
    # devices): all_reduce receives 2 * 3 * 4096 / 4 = 6144 B. The init %f becomes partial locally: 0 B.
    assert lines_of(MESH2D) == [
        "tests/data/mesh2d_peered.mlir:12:8: %f for 'linalg.matmul': <@m, [[0]]> -> <@m, [[0]], partial = sum[1]>: "
        "mark_partial mesh_axes = [1] (local: the devices off coordinate 0 of the new partial axes start from the "
        "reduction identity); each device receives 0 B",
        "tests/data/mesh2d_peered.mlir:13:9: %c for 'func.return': <@m, [[0]], partial = sum[1]> -> <@m, [[0]]>: "
        "all_reduce mesh_axes = [1] reduction = sum (partial values are combined by a collective); "
        "each device receives 6144 B",
    ]


def test_rows_to_columns_over_a_peered_axis_by_strategy():
    # 32x48 f32 over 4 peered devices: rows 8x48 -> columns 32x12 = 384 elements, of which a device
    # already holds 8x12 = 96: it reads 288 * 4 = 1152 B in place. The all_to_all moves the same: 3 peers
    # x 8x12 x 4 B = 1152 B.
    head = ("tests/data/backend/reshard_rows_to_cols_peered.mlir:10:8: %x for 'linalg.generic': "
            "<@m, [[0]]> -> <@m, [[], [0]]>: ")
    assert lines_of(ROWS_TO_COLS) == [head + "peer read in place (peer reads over peered mesh axes [0], 1152 bytes "
                                      "per device); each device receives 1152 B"]
    assert lines_of(ROWS_TO_COLS, "collectives") == [head + "all_to_all mesh_axes = [0] split_axis = 1 "
                                                     "concat_axis = 0 (strategy=collectives); each device receives "
                                                     "1152 B"]
    assert lines_of(ROWS_TO_COLS, "peer") == [head + "peer read in place (peer strategy); each device receives 1152 B"]


def test_a_point_of_two_steps_gets_a_line_per_step_with_its_own_bytes():
    # partial sum over axis 1 (4 devices) of a 32x32 f32 block (4096 B): 2 * 3 * 1024 = 6144 B; then rows over
    # axis 0 (2) -> columns: the other device's 32x16 block = 2048 B. In all 8192 B.
    out = lines_of(TWO_STEPS)
    assert out == [
        "t.mlir:4:8: %x for 'func.return': <@q, [[0]], partial = sum[1]> -> <@q, [[], [0]]>: all_reduce mesh_axes = "
        "[1] reduction = sum, then all_to_all mesh_axes = [0] split_axis = 1 concat_axis = 0 (collectives: mesh axes "
        "[0] are not all peered); each device receives 8192 B",
        "t.mlir:4:8: %x step 1/2: <@q, [[0]], partial = sum[1]> -> <@q, [[0]]>: all_reduce mesh_axes = [1] "
        "reduction = sum; each device receives 6144 B",
        "t.mlir:4:8: %x step 2/2: <@q, [[0]]> -> <@q, [[], [0]]>: all_to_all mesh_axes = [0] split_axis = 1 "
        "concat_axis = 0; each device receives 2048 B",
    ]
    peer = lines_of(TWO_STEPS, "peer")
    # [[], [0]] is replicated over the peered axis 1: stored once per peer group (devices 0 and 4 own it),
    # so only they read the other group's 32x16 block (2048 B); the others read it in place later.
    assert "all_reduce mesh_axes = [1] reduction = sum, then peer read in place (peer strategy: reads over " \
           "non-peered mesh axes [0] are copies); devices receive [8192, 6144, 6144, 6144, 8192, 6144, 6144, " \
           "6144] B" in peer[0]
    assert peer[2].endswith("<@q, [[0]]> -> <@q, [[], [0]]>: peer read in place; devices receive [2048, 0, 0, 0, "
                            "2048, 0, 0, 0] B")


def test_dynamic_mesh_bytes_depend_on_the_shape_until_it_is_given():
    (line,) = lines_of(DYNAMIC)
    assert line.endswith("all_gather mesh_axes = [0] gather_axis = 0 (collectives: mesh axes [0] are not all "
                         "peered); bytes per device depend on the mesh shape (dynamic)")
    # 8 rows over 3: 2, 3, 3 rows of 16 f32 (64 B a row). Device 0 receives 3 + 3 rows = 384 B, the others
    # 2 + 3 rows = 320 B.
    (line,) = lines_of(DYNAMIC, mesh_shape="m=3")
    assert line.endswith("; devices receive [384, 320, 320] B")


def test_a_static_mesh_shape_override_is_reported_as_a_note():
    report = explain(parse(TWO_STEPS, "t.mlir"), {"q": (2, 2)})
    assert report.notes == ["--mesh-shape q=2x2 overrides the static shape 2x4 of mesh @q"]
    # 32x32 f32 block (4096 B) reduced over 2 devices: 2 * 1 * 2048 = 4096 B.
    assert report.lines[1].message.endswith("all_reduce mesh_axes = [1] reduction = sum; each device receives 4096 B")


def test_without_mesh_or_without_resharding_one_line_says_so():
    plain = explain(parse(ELEMENTWISE, "t.mlir"))
    assert (plain.lines, plain.text()) == ([], "no mesh: nothing is sharded (add annotations first, e.g. with "
                                                "'meshc annotate')\n")
    seed = explain(parse((ROOT / "samples/seed_matmul_rows.mlir").read_text(), "s.mlir"))
    assert seed.text() == "no resharding point and no collective: every value has the sharding its users need\n"


def test_explain_leaves_the_module_unchanged():
    module = parse(MESH2D.read_text(), "m.mlir")
    before = print_op(module)
    explain(module)
    assert print_op(module) == before


def test_unknown_strategy_is_a_diagnostic_error():
    with pytest.raises(DiagnosticError, match="unknown reshard strategy 'fast' \\(known: auto, collectives, peer\\)"):
        explain(parse(MESH2D.read_text(), "m.mlir"), strategy="fast")


@pytest.mark.parametrize("source, strategy", [(MESH2D, "auto"), (ROWS_TO_COLS, "collectives"), (ROWS_TO_COLS, "peer"),
                                              (TWO_STEPS, "collectives"), (TWO_STEPS, "peer")])
def test_one_line_per_collective_and_resharding_point_left_in_the_ir(source, strategy):
    """Cross-check against the IR after reshard: every global-view collective and every mesh.shard
    point left (peer_read or mark_partial) is one action of an explained point."""
    from meshc.dialects.mesh import ShardOp
    from meshc.passes.base import PassContext
    from meshc.passes.manager import PassManager

    text = source.read_text() if isinstance(source, Path) else source
    module = parse(text, "t.mlir")
    PassManager.from_text(f"sharding-propagation,distribute-types,reshard{{strategy={strategy}}}",
                          PassContext()).run(module)
    kinds = {"mesh.all_gather", "mesh.all_reduce", "mesh.reduce_scatter", "mesh.all_to_all", "mesh.all_slice",
             "mesh.update_halo"}
    in_ir = sum(1 for op in module.walk() if op.name in kinds or (isinstance(op, ShardOp) and op.is_resharding_point))
    out = lines_of(source, strategy)
    steps = [ln for ln in out if re.search(r" step \d+/\d+: ", ln)]
    points = [ln for ln in out if ln not in steps]
    actions = sum(int(re.search(r" step \d+/(\d+): ", s).group(1)) for s in steps if " step 1/" in s)
    actions += sum(1 for p in points if ", then " not in p)
    assert in_ir > 0 and actions == in_ir


# ------------------------------------------------------------------ the command
def test_cli_prints_the_lines_and_compile_remarks_show_the_same_text():
    runner = CliRunner()
    result = runner.invoke(main, ["explain", str(MESH2D)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert len(lines) == 2 and lines[1].endswith("each device receives 6144 B")
    remarks = runner.invoke(main, ["compile", str(MESH2D), "--remarks", "-p",
                                   "sharding-propagation,distribute-types,reshard"])
    assert remarks.exit_code == 0, remarks.output
    for line in lines:  # 'LOC: MESSAGE' -> 'LOC: remark: MESSAGE'
        loc, _, message = line.partition(": ")
        assert f"{loc}: remark: {message}" in remarks.output


def test_cli_strategy_and_mesh_shape_options():
    runner = CliRunner()
    result = runner.invoke(main, ["explain", str(ROWS_TO_COLS), "--strategy", "collectives"])
    assert result.exit_code == 0 and "all_to_all mesh_axes = [0]" in result.output
    # rows of 32 over 2 -> columns: the other device's 16x24 block = 1536 B.
    result = runner.invoke(main, ["explain", str(ROWS_TO_COLS), "--mesh-shape", "m=2"])
    assert result.exit_code == 0
    assert "note: --mesh-shape m=2 overrides the static shape 4 of mesh @m" in result.output
    assert result.output.rstrip().endswith("each device receives 1536 B")


def test_cli_annotates_before_explaining(tmp_path):
    src = tmp_path / "ew.mlir"
    src.write_text(ELEMENTWISE)
    result = CliRunner().invoke(main, ["explain", str(src), "--mesh", "m=4", "--shard", "x=[[0]]",
                                       "--shard", "result0=[[], [0]]", "--strategy", "collectives"])
    assert result.exit_code == 0, result.output
    # rows 8x48 -> columns 32x12 over 4: from each of 3 others an 8x12 block: 3 * 96 * 4 B = 1152 B.
    assert "all_to_all mesh_axes = [0] split_axis = 1 concat_axis = 0" in result.output
    assert result.output.rstrip().endswith("each device receives 1152 B")


def test_cli_bad_input_is_a_located_error_with_exit_status_1(tmp_path):
    src = tmp_path / "bad.mlir"
    src.write_text("mesh.mesh @m(shape = 4)\nfunc.func @f(%x: tensor<8xf32>) -> tensor<8xf32> {\n"
                   "  %y = mesh.shard %x to <@m, [[1]]> : tensor<8xf32>\n  return %y : tensor<8xf32>\n}\n")
    result = CliRunner().invoke(main, ["explain", str(src)])
    assert result.exit_code == 1
    assert f"{src}:3:8: error: 'mesh.shard' op split axes of tensor dim 0: mesh axis 1 is out of range" in result.output


# ------------------------------------------------------------------ loops
#: %acc (columns over @m) times %w (rows): the matmul contracts over the split dim, so its init %f starts
#: partial and the partial product is reduce_scattered back to columns for the next trip.
LOOP = """mesh.mesh @m(shape = 2)
func.func @main(%x: tensor<8x4xf32>, %w: tensor<4x4xf32>, %n: index) -> tensor<8x4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cN = arith.constant TRIPS : index
  %xs = mesh.shard %x to <@m, [[], [0]]> : tensor<8x4xf32>
  %ws = mesh.shard %w to <@m, [[0]]> : tensor<4x4xf32>
  %r = scf.for %i = %c0 to UPPER step %c1 iter_args(%acc = %xs) -> (tensor<8x4xf32>) {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<8x4xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8x4xf32>) -> tensor<8x4xf32>
    %m = linalg.matmul ins(%acc, %ws : tensor<8x4xf32>, tensor<4x4xf32>) outs(%f : tensor<8x4xf32>) -> tensor<8x4xf32>
    scf.yield %m : tensor<8x4xf32>
  }
  return %r : tensor<8x4xf32>
}
"""


def loop(trips: int = 3, upper: str = "%cN") -> str:
    return LOOP.replace("TRIPS", str(trips)).replace("UPPER", upper)


def test_a_point_of_an_unrolled_loop_is_one_line_per_trip_with_its_total():
    # 3 static trips: flatten-regions unrolls them; each trip's 8x4 partial product is reduce_scattered to
    # columns over 2 devices (each receives the other's 8x2 half: 64 B), except the last trip's, returned as it
    # is: 2 of the 3 trips, 128 B in all. The init %f starts partial on each trip (0 B).
    assert lines_of(loop(3)) == [
        "t.mlir:12:10: %f for 'linalg.matmul': <@m, [[]]> -> <@m, [[]], partial = sum[0]>: mark_partial mesh_axes = "
        "[0] (local: the devices off coordinate 0 of the new partial axes start from the reduction identity); each "
        "device receives 0 B per trip, 3 trips: 0 B in all",
        "t.mlir:12:10: %m for 'linalg.matmul': <@m, [[]], partial = sum[0]> -> <@m, [[], [0]]>: reduce_scatter "
        "mesh_axes = [0] reduction = sum scatter_axis = 1 (partial values are combined by a collective); each device "
        "receives 64 B per trip, 2 of 3 trips: 128 B in all"]


@pytest.mark.parametrize("upper, trips, total", [("%n", None, None), ("%cN", 100, "6400 B in all")])
def test_a_point_in_a_loop_body_that_stays_says_per_trip(upper, trips, total):
    """A dynamic trip count (or more trips than flatten-regions' max-trips=64) keeps the loop: its body's
    reduce_scatter runs on every trip, one line; the total when the count is static."""
    [line] = lines_of(loop(trips or 3, upper))
    assert line.startswith("t.mlir:13:5: %m for 'scf.yield': <@m, [[]], partial = sum[0]> -> <@m, [[], [0]]>: "
                           "reduce_scatter mesh_axes = [0]")
    want = "each device receives 64 B per trip" + ("" if total is None else f", {trips} trips: {total}")
    assert line.endswith(want), line


def test_a_loop_invariant_value_resharded_once_is_not_per_trip():
    """%w gathered for the matmul of every trip: the copies reuse the first gather (one collective, 32 B)."""
    text = loop(3).replace("<@m, [[], [0]]> : tensor<8x4xf32>", "<@m, [[0]]> : tensor<8x4xf32>")
    assert lines_of(text) == [
        "t.mlir:12:10: %w for 'linalg.matmul': <@m, [[0]]> -> <@m, [[]]>: all_gather mesh_axes = [0] gather_axis = 0 "
        "(collectives: mesh axes [0] are not all peered); each device receives 32 B"]


def test_cli_explains_the_scan_and_fori_models_once_per_point(tmp_path):
    """The layer stacks of tests/data/real: lax.scan (scf.for, 3 trips, unrolled) and lax.fori_loop (scf.while:
    its body's all_reduce per trip of a dynamic count)."""
    real = ROOT / "tests/data/real"
    out = {}
    for name in ("mlp_scan", "mlp_fori"):
        annotated = tmp_path / f"{name}.mlir"
        r = CliRunner().invoke(main, ["annotate", str(real / f"{name}.linalg.mlir"), "--shardings-from",
                                      str(real / f"{name}_sharded.stablehlo.mlir"), "-o", str(annotated)])
        assert r.exit_code == 0, r.output
        r = CliRunner().invoke(main, ["explain", str(annotated)])
        assert r.exit_code == 0, r.output
        out[name] = r.output.splitlines()
    assert len(out["mlp_scan"]) == 3 and len(set(out["mlp_scan"])) == 3
    assert out["mlp_scan"][1].endswith("all_reduce mesh_axes = [1] reduction = sum (partial values are combined by a "
                                       "collective); each device receives 1536 B per trip, 3 trips: 4608 B in all")
    [fori] = out["mlp_fori"]
    assert "in the body of 'scf.while'" in fori and fori.endswith("; 1536 B per device per trip")


#: A replicated weight sliced by rows for an elementwise op (an all_slice: no collective).
SLICED_WEIGHT = """mesh.mesh @m(shape = 4PEERED)
func.func @main(%x: tensor<64x96xf32>, %w: tensor<64x96xf32>) -> tensor<64x96xf32> {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<64x96xf32>
  %ws = mesh.shard %w to <@m, [[]]> : tensor<64x96xf32>
  %e = tensor.empty() : tensor<64x96xf32>
  %y = linalg.add ins(%xs, %ws : tensor<64x96xf32>, tensor<64x96xf32>) outs(%e : tensor<64x96xf32>) -> tensor<64x96xf32>
  %r = mesh.shard %y to <@m, [[0]]> : tensor<64x96xf32>
  return %r : tensor<64x96xf32>
}
"""


@pytest.mark.parametrize("peered, reason, received", [
    ("", "(local: each device keeps its slice); each device receives 0 B", [0, 0, 0, 0]),
    (", peered_memory_axes = [0]", "(no collective: the value is stored once per peer group, and each device off "
                                   "the group's first reads its slice of that copy in place); devices receive "
                                   "[0, 6144, 6144, 6144] B", [0, 6144, 6144, 6144])])
def test_an_all_slice_says_local_only_when_it_moves_nothing(peered, reason, received):
    """The bytes of an all_slice are those the program moves (meshc estimate's peer reads of the same run):
    0 B when each device holds the value, else the slices read from the copy a peer group stores once
    (16x96 f32 = 6144 B), and the reason says which."""
    from meshc.api import compile as compile_module
    from meshc.runtime.estimate import estimate as estimate_schedule

    text = SLICED_WEIGHT.replace("PEERED", peered)
    [line] = lines_of(text)
    assert line == ("t.mlir:6:8: %w for 'linalg.add': <@m, [[]]> -> <@m, [[0]]>: all_slice mesh_axes = [0] "
                    f"slice_axis = 0 {reason}")
    compiled = compile_module(parse(text, "t.mlir"))
    est = estimate_schedule(compiled.program.schedule)
    assert [d.stats.peer_read_bytes + d.stats.copy_bytes + d.stats.collective_bytes for d in est.devices] == received
