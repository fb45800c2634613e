"""Option mistakes of ``meshc run``/``compile``/``show``/``explain`` are usage errors (exit 1) naming the
option, checked before anything runs; ``--stats-traffic`` alone; ``--repeat`` counts per call;
``--mesh-shape`` applies to every pipeline. Programs from a new user's report (tests/data/newuser)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from meshc.cli import main

DATA = Path(__file__).parent / "data"
UNEVEN = DATA / "newuser" / "uneven.mlir"  # 10x6 @ 6x5 matmul, rows split over mesh @m of 3 devices
DYNAMIC = DATA / "dynamic_mesh_rowsum.mlir"  # mesh.mesh @m(shape = ?), 10x8 input


def meshc(*args):
    return CliRunner().invoke(main, [*map(str, args)])


@pytest.mark.parametrize("args, option, why", [
    (["--seed", "-1"], "--seed", "-1 is not in the range x>=0"),
    (["--collective-timeout", "nan"], "--collective-timeout", "'nan' is not a finite number"),
    (["--collective-timeout", "inf"], "--collective-timeout", "'inf' is not a finite number"),
    (["--collective-timeout", "0"], "--collective-timeout", "0.0 is not in the range x>0"),
    (["--check", "--rtol", "-1"], "--rtol", "-1.0 is not in the range x>=0"),
    (["--check", "--atol", "nan"], "--atol", "'nan' is not a finite number"),
    (["--check", "--atol", "-inf"], "--atol", "'-inf' is not a finite number"),
    (["--repeat", "0"], "--repeat", "0 is not in the range x>=1"),
    (["--dtype-override", "int4"], "--dtype-override", "unknown data type 'int4'"),
    (["--dtype-override", "bfloat8_b"], "--dtype-override", "bfloat8_b is a block float"),
    (["--layout", "tile", "--tile", "2x2"], "--tile", "tile 2x2 is not supported"),
    (["--layout", "tile", "--tile", "0x32"], "--tile", "'0x32' is not HxW with positive sizes"),
    (["--mesh-shape", "q=4"], "--mesh-shape",
     "'q=4' names mesh '@q', which the module does not declare (declared meshes: @m)"),
])
def test_bad_option_values_are_usage_errors(args, option, why):
    r = meshc("run", UNEVEN, "--random-inputs", *args)
    assert r.exit_code == 1, r.output
    assert f"Invalid value for '{option}'" in r.stderr and why in r.stderr
    assert "internal error" not in r.stderr and "uneven.mlir:" not in r.stderr  # no program line blamed


def test_tile_without_tile_layout_is_an_error():
    r = meshc("run", UNEVEN, "--random-inputs", "--tile", "16x16")
    assert r.exit_code == 1
    assert "--tile applies to --layout tile" in r.stderr


def test_tiled_layout_with_a_valid_tile_runs():
    r = meshc("run", UNEVEN, "--random-inputs", "--layout", "tile", "--tile", "16x32", "--stats")
    assert r.exit_code == 0, r.output
    assert "per-device stats (buffers tile 16x32)" in r.stdout


@pytest.mark.parametrize("args", [["--stats-traffic"], ["--stats-traffic", "--check"]])
def test_stats_traffic_alone_means_sum(args):
    r = meshc("run", UNEVEN, "--random-inputs", *args)
    assert r.exit_code == 0, r.output
    assert "peer read + copy + collective" in r.stdout  # the 'sum' matrix
    assert ("compare with the reference interpreter" in r.stdout) == ("--check" in args)  # --check not eaten


def test_stats_traffic_before_the_input_keeps_the_input():
    r = meshc("run", "--stats-traffic", UNEVEN, "--random-inputs")
    assert r.exit_code == 0, r.output
    r = meshc("run", UNEVEN, "--random-inputs", "--stats-traffic", "collective")
    assert r.exit_code == 0 and "(rows: receiving device, columns: source device; collective)" in r.stdout


def test_repeat_counts_steps_and_kernels_per_call():
    one = meshc("run", UNEVEN, "--random-inputs")
    five = meshc("run", UNEVEN, "--random-inputs", "--repeat", "5")
    assert one.exit_code == 0 and five.exit_code == 0, five.output
    # 3 devices x (fill, matmul, 2 more) = 12 kernels per call: the same figure per call, 60 over 5 calls
    assert "36 steps, 12 kernels," in one.stdout
    assert "36 steps, 12 kernels, " in five.stdout and "ms per call (60 kernels over 5 calls)" in five.stdout


def test_show_value_without_percent_says_so():
    r = meshc("run", UNEVEN, "--random-inputs", "--show", "c")
    assert r.exit_code == 1
    assert "unexpected extra argument (c); --show values start with %" in r.stderr


def test_mesh_shape_applies_with_an_explicit_pipeline():
    r = meshc("compile", DYNAMIC, "-p", "sharding-propagation", "--mesh-shape", "m=4")
    assert r.exit_code == 0, r.output
    assert "mesh.mesh @m(shape = 4)" in r.stdout and "overrides" not in r.stderr  # ? is no static size


def test_mesh_shape_overrides_a_partly_static_mesh_whole(tmp_path):
    p = tmp_path / "m.mlir"
    p.write_text(DYNAMIC.read_text().replace("shape = ?", "shape = ?x3"))
    r = meshc("compile", p, "-p", "sharding-propagation", "--mesh-shape", "m=2x4")
    assert r.exit_code == 0, r.output
    assert "mesh.mesh @m(shape = 2x4)" in r.stdout
    assert "note: --mesh-shape m=2x4 overrides the static shape ?x3 of mesh @m" in r.stderr


@pytest.mark.parametrize("command", ["compile", "explain", "show"])
def test_undeclared_mesh_shape_names_the_option(command):
    r = meshc(command, DYNAMIC, "--mesh-shape", "q=4")
    assert r.exit_code == 1
    assert ("Invalid value for '--mesh-shape': 'q=4' names mesh '@q', which the module does not declare "
            "(declared meshes: @m)") in r.stderr
    assert ":1:1:" not in r.stderr  # not located at the first (comment) line


def test_local_view_collectives_say_why_nothing_was_unrolled():
    r = meshc("run", Path(__file__).parents[1] / "docs" / "examples" / "collectives.mlir", "--random-inputs")
    assert r.exit_code == 1
    assert "uses a mesh only through collectives in local view" in r.stderr
    assert "include the sharding-propagation" not in r.stderr  # the default pipeline has them


@pytest.mark.parametrize("command", ["compile", "run"])
def test_a_second_pass_pipeline_is_a_usage_error_not_silently_dropped(command):
    extra = ["--random-inputs"] if command == "run" else []
    r = meshc(command, UNEVEN, *extra, "-p", "cse", "--pass-pipeline", "canonicalize")
    assert r.exit_code == 1, r.output
    assert "-p 'cse' -p 'canonicalize': -p/--pass-pipeline is given 2 times; give one pipeline" in r.stderr
    if command == "compile":
        one = meshc(command, UNEVEN, "-p", "")  # one pipeline, the empty one: accepted
        assert one.exit_code == 0 and "linalg.matmul" in one.output, one.output
