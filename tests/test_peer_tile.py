"""Peer tiles (meshc/backend/peer_tile.py, docs/runtime.md "Peer tiles"): ``reshard{peer-tile=...}`` computes a
linalg op whose input lives on other devices tile by tile, each tile copied just before it is used
(double-buffered). Results match the reference interpreter (the tolerance rule of meshc/runtime/tolerance.py),
the local peak holds two tiles instead of the operand, each remote byte is read once, and ``meshc estimate``
counts exactly what the run does, on the SPMD template path and the unrolled one, threads and MPI."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import meshc.api as mc
from meshc.backend.schedule import HaloExchange, Kernel, Schedule
from meshc.runtime.estimate import estimate


#: A row-split matmul whose replicated right operand is stored once, on device 0 of the peer group.
ROWS = """
mesh.mesh @m(shape = 2, peered_memory_axes = [0])
func.func @main(%a: tensor<8x64x{t}>, %b: tensor<64x24x{t}>) -> tensor<8x24x{t}> {{
  %as = mesh.shard %a to <@m, [[0]]> : tensor<8x64x{t}>
  %bs = mesh.shard %b to <@m, []> : tensor<64x24x{t}>
  %zero = arith.constant 0.0 : {t}
  %e = tensor.empty() : tensor<8x24x{t}>
  %f = linalg.fill ins(%zero : {t}) outs(%e : tensor<8x24x{t}>) -> tensor<8x24x{t}>
  %c = linalg.matmul ins(%as, %bs : tensor<8x64x{t}>, tensor<64x24x{t}>) outs(%f : tensor<8x24x{t}>) -> tensor<8x24x{t}>
  %r = mesh.shard %c to <@m, [[0]]> : tensor<8x24x{t}>
  return %r : tensor<8x24x{t}>
}}
"""

#: The right operand split by rows over both axes of a 2x2 mesh (axis 1 peered): each device assembles it
#: from its own piece, a peered one (read in place) and two others (copied).
PIECES = """
mesh.mesh @m(shape = 2x2, peered_memory_axes = [1])
func.func @main(%a: tensor<12x50x{t}>, %b: tensor<50x37x{t}>) -> tensor<12x37x{t}> {{
  %as = mesh.shard %a to <@m, [[0, 1]]> : tensor<12x50x{t}>
  %bs = mesh.shard %b to <@m, [[0, 1]]> : tensor<50x37x{t}>
  %zero = arith.constant 0.0 : {t}
  %e = tensor.empty() : tensor<12x37x{t}>
  %f = linalg.fill ins(%zero : {t}) outs(%e : tensor<12x37x{t}>) -> tensor<12x37x{t}>
  %c = linalg.matmul ins(%as, %bs : tensor<12x50x{t}>, tensor<50x37x{t}>) outs(%f : tensor<12x37x{t}>) -> tensor<12x37x{t}>
  %r = mesh.shard %c to <@m, [[0, 1]]> : tensor<12x37x{t}>
  return %r : tensor<12x37x{t}>
}}
"""

#: A batch matmul on a mesh without peered memory: every remote piece is a copy.
BATCH = """
mesh.mesh @m(shape = 4)
func.func @main(%a: tensor<3x8x40x{t}>, %b: tensor<3x40x20x{t}>) -> tensor<3x8x20x{t}> {{
  %as = mesh.shard %a to <@m, [[], [0]]> : tensor<3x8x40x{t}>
  %bs = mesh.shard %b to <@m, [[], [], [0]]> : tensor<3x40x20x{t}>
  %zero = arith.constant 0.0 : {t}
  %e = tensor.empty() : tensor<3x8x20x{t}>
  %f = linalg.fill ins(%zero : {t}) outs(%e : tensor<3x8x20x{t}>) -> tensor<3x8x20x{t}>
  %c = linalg.batch_matmul ins(%as, %bs : tensor<3x8x40x{t}>, tensor<3x40x20x{t}>) outs(%f : tensor<3x8x20x{t}>) -> tensor<3x8x20x{t}>
  %r = mesh.shard %c to <@m, [[], [0]]> : tensor<3x8x20x{t}>
  return %r : tensor<3x8x20x{t}>
}}
"""

#: A generic max-of-products contraction (reduction loop d2) whose right operand is split over a peered mesh.
GENERIC = """
#ik = affine_map<(i, j, k) -> (i, k)>
#kj = affine_map<(i, j, k) -> (k, j)>
#ij = affine_map<(i, j, k) -> (i, j)>
mesh.mesh @m(shape = 3, peered_memory_axes = [0])
func.func @main(%a: tensor<9x33x{t}>, %b: tensor<33x14x{t}>, %c: tensor<9x14x{t}>) -> tensor<9x14x{t}> {{
  %as = mesh.shard %a to <@m, [[0]]> : tensor<9x33x{t}>
  %bs = mesh.shard %b to <@m, [[0]]> : tensor<33x14x{t}>
  %cs = mesh.shard %c to <@m, [[0]]> : tensor<9x14x{t}>
  %r = linalg.generic {{indexing_maps = [#ik, #kj, #ij], iterator_types = ["parallel", "parallel", "reduction"]}}
      ins(%as, %bs : tensor<9x33x{t}>, tensor<33x14x{t}>) outs(%cs : tensor<9x14x{t}>) {{
  ^bb0(%x: {t}, %y: {t}, %acc: {t}):
    %p = arith.mulf %x, %y : {t}
    %q = arith.addf %p, %acc : {t}
    %m = arith.maximumf %acc, %q : {t}
    linalg.yield %m : {t}
  }} -> tensor<9x14x{t}>
  %rs = mesh.shard %r to <@m, [[0]]> : tensor<9x14x{t}>
  return %rs : tensor<9x14x{t}>
}}
"""

#: Two peered devices, the right operand split by rows: each assembles it from its own piece and its peer's.
HALVES = PIECES.replace("shape = 2x2, peered_memory_axes = [1]", "shape = 2, peered_memory_axes = [0]").replace(
    "[[0, 1]]", "[[0]]")

PROGRAMS = {"rows": ROWS, "pieces": PIECES, "batch": BATCH, "generic": GENERIC, "halves": HALVES}


def pipeline(tile: str, strategy: str = "peer") -> str:
    return mc.default_pipeline(reshard=f"strategy={strategy}" + (f" peer-tile={tile}" if tile else ""))


def compiled_for(text: str, tile: str, spmd=None, strategy: str = "peer"):
    module = mc.parse(text)
    return module, mc.compile(module.clone(), pipeline(tile, strategy), spmd=spmd)


def run_checked(text: str, tile: str, spmd=None):
    """Compile with peer tiles ``tile``, run with random inputs, compare with the reference interpreter
    (the default tolerance: dtype epsilon times the reduction length) and with ``meshc estimate``."""
    module, compiled = compiled_for(text, tile, spmd)
    bound = mc.bind_entry(module, None, None, 0, None)
    result = mc.run_compiled(compiled, bound, module)
    assert result.comparisons and all(c.ok for c in result.comparisons), result.comparisons
    est = estimate(compiled.program.schedule)
    for got, want in zip(est.devices, result.stats.devices):
        for name in ("kernels", "peak_bytes", "peak_logical_bytes", "final_bytes", "allocated_bytes", "allocations",
                     "peer_read_bytes", "copy_bytes", "collective_bytes", "tile_bytes", "received_from"):
            assert getattr(got.stats, name) == getattr(want, name), (name, got.device)
    return compiled, result


def tiled_kernels(schedule: Schedule, k: int) -> list[Kernel]:
    return [s for s in schedule.devices[k].steps if isinstance(s, Kernel) and s.tile is not None]


@pytest.mark.parametrize("dtype", ["f32", "f64"])
@pytest.mark.parametrize("name,tile", [("rows", "16x8"), ("rows", "24x10"), ("pieces", "16x16"), ("pieces", "7x5"),
                                       ("batch", "16x8"), ("batch", "7x5"), ("generic", "5x4"), ("generic", "11x0")])
def test_tiled_results_match_the_reference(name, tile, dtype):
    compiled, result = run_checked(PROGRAMS[name].format(t=dtype), tile)
    schedule = compiled.program.schedule
    assert compiled.template is not None  # the SPMD template path (meshc run's default)
    assert any(tiled_kernels(schedule, k) for k in range(schedule.mesh.num_devices))
    untiled = run_checked(PROGRAMS[name].format(t=dtype), "")[1]
    for tiled, whole in zip(result.stats.devices, untiled.stats.devices):  # every remote byte read once
        assert tiled.peer_read_bytes + tiled.copy_bytes == whole.peer_read_bytes + whole.copy_bytes
        assert tiled.peak_bytes <= whole.peak_bytes + 2 * 16 * 24 * 8  # never more than two tiles over


def test_peak_is_two_tiles_plus_result_and_traffic_the_operand_once():
    # device 1 holds its rows of a (4x64 f32), the result (4x24) and two 16x24 tiles of b, never b itself
    compiled, result = run_checked(ROWS.format(t="f32"), "16x0")
    d1 = result.stats.devices[1]
    assert d1.peak_bytes == 4 * 64 * 4 + 4 * 24 * 4 + 2 * 16 * 24 * 4 == 4480
    assert d1.peer_read_bytes == d1.tile_bytes == 64 * 24 * 4  # b read once, tile by tile
    assert result.stats.devices[0].tile_bytes == 0  # device 0 owns b: nothing to copy
    tiles = tiled_kernels(compiled.program.schedule, 1)
    assert [t.tile.inputs[0] for t in tiles] == [((0, s), (4, 16)) for s in (0, 16, 32, 48)]  # the K slices of a
    assert [t.tile.fresh for t in tiles] == [(2,), (None,), (None,), (None,)]  # the first tile starts from the init


def test_a_tile_size_that_does_not_divide_gets_a_smaller_last_tile():
    compiled, result = run_checked(ROWS.format(t="f64"), "24x10")  # K = 64: 24, 24, 16; N = 24: 10, 10, 4
    steps = compiled.program.schedule.devices[1].steps
    shapes = [s.shape for s in steps if getattr(s, "buffer", "").startswith("%b") and s.kind == "allocate"]
    assert shapes == [(r, c) for r in (24, 24, 16) for c in (10, 10, 4)]
    d1 = result.stats.devices[1]
    assert d1.peak_bytes == (4 * 64 + 4 * 24 + 2 * 24 * 10) * 8  # the two largest consecutive tiles
    assert d1.peer_read_bytes == d1.tile_bytes == 64 * 24 * 8


def test_assembled_operand_is_never_held_whole():
    compiled, result = run_checked(PIECES.format(t="f64"), "16x16")
    _, whole = run_checked(PIECES.format(t="f64"), "")
    schedule = compiled.program.schedule
    modes = {p.mode for s in schedule.devices[0].steps if isinstance(s, HaloExchange) for p in s.parts}
    assert modes == {"local", "peer_read", "copy"}
    own_rows = (12, 12, 13, 13)  # 50 rows of b over 4 devices
    for k, (tiled, plain) in enumerate(zip(result.stats.devices, whole.stats.devices)):
        # rows of a (3x50), the result (3x37), the own piece of b and two 16x16 tiles: the 50x37 operand
        # (14800 B) is never assembled
        assert tiled.peak_bytes == (3 * 50 + 3 * 37 + own_rows[k] * 37 + 2 * 16 * 16) * 8, k
        assert plain.peak_bytes - tiled.peak_bytes >= (50 * 37 - 2 * 16 * 16) * 8, k
        assert tiled.tile_bytes == tiled.peer_read_bytes + tiled.copy_bytes == (50 - own_rows[k]) * 37 * 8


def test_unrolled_path_builds_the_same_schedule_figures():
    _, spmd = run_checked(PIECES.format(t="f32"), "7x5", spmd=True)
    compiled, unrolled = run_checked(PIECES.format(t="f32"), "7x5", spmd=False)
    assert compiled.template is None
    for a, b in zip(spmd.stats.devices, unrolled.stats.devices):
        assert (a.kernels, a.peak_bytes, a.peer_read_bytes, a.copy_bytes, a.tile_bytes) == (
            b.kernels, b.peak_bytes, b.peer_read_bytes, b.copy_bytes, b.tile_bytes)


def test_schedule_json_round_trip_keeps_tiles():
    module, compiled = compiled_for(BATCH.format(t="f32"), "7x5", spmd=False)  # the unrolled module round-trips
    schedule = compiled.program.schedule
    again = Schedule.from_json(json.loads(json.dumps(schedule.to_json())))
    for d, e in zip(schedule.devices, again.devices):
        assert [s.describe() for s in d.steps] == [s.describe() for s in e.steps]
    assert sum(isinstance(s, HaloExchange) and s.tile for d in again.devices for s in d.steps) > 0


def test_a_gathered_operand_is_tiled_only_where_a_peer_stores_it():
    # auto gathers b over the non-peered axis 0 by a collective; the gathered value is stored once per peer
    # group (axis 1), on its first device, which computes with it whole; the other device reads it tile by tile
    module, compiled = compiled_for(PIECES.format(t="f32"), "16x16", strategy="auto")
    _, plain = compiled_for(PIECES.format(t="f32"), "", strategy="auto")
    schedule = compiled.program.schedule
    for k in (0, 2):
        assert [s.describe() for s in schedule.devices[k].steps] == [
            s.describe() for s in plain.program.schedule.devices[k].steps]
    assert all(tiled_kernels(schedule, k) for k in (1, 3))
    bound = mc.bind_entry(module, None, None, 0, None)
    tiled, whole = mc.run_compiled(compiled, bound, module), mc.run_compiled(plain, bound, module)
    assert all(c.ok for c in tiled.comparisons)
    for k in (1, 3):
        assert tiled.stats.devices[k].tile_bytes == whole.stats.devices[k].peer_read_bytes == 50 * 37 * 4
        assert tiled.stats.devices[k].collective_bytes == whole.stats.devices[k].collective_bytes


def cli(*args: str):
    from click.testing import CliRunner

    from meshc.cli import main

    r = CliRunner().invoke(main, list(args))
    assert "Traceback" not in r.stderr and r.exception is None or isinstance(r.exception, SystemExit), r.stderr
    return r


@pytest.mark.parametrize("args,message", [
    (["--peer-tile", "16y4"], "expected non-negative tile sizes joined by 'x'"),
    (["--peer-tile", "-4"], "'-4': expected non-negative tile sizes joined by 'x'"),
    (["--peer-tile", "16x"], "'16x': expected non-negative tile sizes joined by 'x'"),
    (["--peer-tile", ""], "expected non-negative tile sizes joined by 'x'"),
    (["--peer-tile", "16", "-p", "canonicalize"], "with -p, write reshard{strategy=peer peer-tile=16}"),
    (["-p", "sharding-propagation,distribute-types,reshard{strategy=collectives peer-tile=8},partition,unroll"],
     "option 'peer-tile' needs strategy=peer"),
    (["-p", "sharding-propagation,distribute-types,reshard{peer-tile=8x-1},partition,unroll"],
     "option 'peer-tile' expects non-negative tile sizes joined by 'x' (e.g. 32x32; 0 takes a dim whole), got "
     "'8x-1'"),
])
def test_bad_options_are_clear_errors(tmp_path, args, message):
    path = tmp_path / "rows.mlir"
    path.write_text(ROWS.format(t="f32"))
    r = cli("run", str(path), "--random-inputs", *args)
    assert r.exit_code in (1, 2) and message in r.stderr, r.stderr


def test_cli_run_and_estimate_count_the_same_tiles(tmp_path):
    path = tmp_path / "rows.mlir"
    path.write_text(ROWS.format(t="f32"))
    run = cli("run", str(path), "--random-inputs", "--peer-tile", "16x0", "--check", "--stats")
    assert run.exit_code == 0, run.stderr
    assert "result0: ok" in run.stdout and "4480" in run.stdout and "6144" in run.stdout
    est = cli("estimate", str(path), "--peer-tile", "16x0", "--json")
    assert est.exit_code == 0, est.stderr
    devices = json.loads(est.stdout)["devices"]
    assert devices[1]["peak_bytes"] == 4480 and devices[1]["received"]["peer_read"] == 6144
    assert devices[1]["tile_bytes"] == 6144
    assert "(of which 6144 B copied tile by tile" in run.stdout
    text = cli("estimate", str(path), "--peer-tile", "16x0")
    assert text.exit_code == 0, text.stderr
    assert "6144 B moved (of which 6144 B copied tile by tile, peer tiles)" in text.stdout


@pytest.mark.parametrize("tile", ["0", "0x0", "0x0x0"])
def test_peer_tile_0_takes_the_whole_operand_as_plain_peer_reads_do(tmp_path, tile):
    """``0`` (the help's "0: whole"): every dim whole, one tile of the whole remote operand, which is the
    untiled program: the run checks, and it reads, holds and counts what ``reshard{strategy=peer}`` does
    (no tile bytes), in run, estimate, compile and the pass option alike."""
    path = tmp_path / "rows.mlir"
    path.write_text(ROWS.format(t="f32"))
    run = cli("run", str(path), "--random-inputs", "--peer-tile", tile, "--check", "--stats")
    assert run.exit_code == 0, run.stderr
    assert "result0: ok" in run.stdout and "peer read 6144 B" in run.stdout and "tile by tile" not in run.stdout
    est = cli("estimate", str(path), "--peer-tile", tile, "--json")
    assert est.exit_code == 0, est.stderr
    plain = cli("estimate", str(path), "-p", pipeline("", "peer"), "--json")
    assert json.loads(est.stdout)["devices"] == json.loads(plain.stdout)["devices"]
    device1 = json.loads(est.stdout)["devices"][1]
    assert device1["received"]["peer_read"] == 6144 and device1["tile_bytes"] == 0
    compiled = cli("compile", str(path), "--peer-tile", tile, "--emit", "schedule")
    assert compiled.exit_code == 0, compiled.stderr
    assert "peer_read %b@0 <- device 0 '%b_0'" in compiled.stdout and "(tile)" not in compiled.stdout
    module, tiled = compiled_for(ROWS.format(t="f32"), tile)
    assert not any(tiled_kernels(tiled.program.schedule, k) for k in (0, 1))
    bound = mc.bind_entry(module, None, None, 0, None)
    result = mc.run_compiled(tiled, bound, module)
    assert result.comparisons and all(c.ok for c in result.comparisons)


@pytest.mark.skipif(pytest.importorskip("mpi4py") is None, reason="needs mpi4py")
def test_tiles_on_mpi_equal_threads(tmp_path):
    from meshc.runtime.mpi_launch import find_mpiexec

    driver = tmp_path / "driver.py"
    driver.write_text("""
import json, sys
import meshc.api as mc
from meshc.runtime.backends import get_backend
from meshc.runtime.executor import RunOptions
text, pipe, out = sys.argv[1:4]
backend = get_backend("mpi")
with backend.guard():
    module = mc.parse(open(text).read())
    bound = mc.bind_entry(module, None, None, 0, None)
    compiled = mc.compile(module.clone(), pipe)
    report = backend.run(compiled.schedule, backend.shard_inputs(compiled.program, bound.arrays), RunOptions(timeout=60))
    if backend.is_root:
        import numpy as np
        np.save(out + ".npy", mc.gather_results(compiled.program, report.outputs)[0])
        json.dump(report.stats.to_json(), open(out + ".json", "w"))
""")
    src = tmp_path / "halves.mlir"
    src.write_text(HALVES.format(t="f64"))
    out = str(tmp_path / "out")
    env = dict(os.environ, OMP_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1", NO_COLOR="1")
    proc = subprocess.run([find_mpiexec(), "-n", "2", sys.executable, str(driver), str(src), pipeline("7x5"), out],
                          capture_output=True, text=True, timeout=120, env=env)
    assert proc.returncode == 0, proc.stderr
    _, threads = run_checked(HALVES.format(t="f64"), "7x5")
    assert all(t.tile_bytes for t in threads.stats.devices)
    np.testing.assert_allclose(np.load(out + ".npy"), threads.outputs[0], rtol=1e-12, atol=1e-12)
    for d, t in zip(json.loads(Path(out + ".json").read_text())["devices"], threads.stats.devices):
        assert (d["peak_bytes"], d["kernels"], d["peer_read_bytes"], d["copy_bytes"], d["tile_bytes"]) == (
            t.peak_bytes, t.kernels, t.peer_read_bytes, t.copy_bytes, t.tile_bytes)
