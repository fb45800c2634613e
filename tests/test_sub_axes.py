"""Gathers within aligned groups of a mesh axis (meshc/passes/reshard.py, "Sub-axes"): a resharding
that needs, on each device, only the pieces of its group of ``g`` consecutive coordinates of an axis of
``n`` devices moves the function onto the mesh that splits the axis into ``(n // g, g)`` and gathers
over the minor axis alone. tests/data/subaxes/*.mlir: 4 devices in pairs, 8 devices in pairs, the
second axis of a 2x4 mesh in pairs. Each runs ``--check`` on threads, on MPI (``--launch``) and on IREE,
and ``meshc estimate`` counts the bytes of one piece per device, as ``run --stats`` does on threads and
on MPI (the whole axis: ``n - 1`` pieces)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

import meshc.api as mc
from meshc.cli import main
from meshc.runtime.estimate import estimate

DATA = Path(__file__).parent / "data" / "subaxes"
TIMEOUT = 180  # seconds for one launched job (a liveness guard, not a timing assertion)

# program, devices, derived mesh, its shape, gathered mesh axes, bytes per device (one piece), whole axis
CASES = [("tanh_pairs", 4, "m_a0g2", "2x2", "[1]", 2 * 4 * 4, 3 * 2 * 4 * 4),
         ("tanh_pairs_of_8", 8, "m_a0g2", "4x2", "[1]", 2 * 4 * 4, 7 * 2 * 4 * 4),
         ("matmul_pairs_2d", 8, "m_a1g2", "2x2x2", "[2]", 2 * 16 * 4, 3 * 2 * 16 * 4)]
IDS = [c[0] for c in CASES]


def _inputs(tmp_path: Path, name: str) -> Path:
    rng = np.random.default_rng(7)
    module = mc.parse(str(DATA / f"{name}.mlir"))
    func = next(op for op in module.walk() if op.name == "func.func")
    arrays = {f"arg{i}": rng.standard_normal(a.type.shape).astype(np.float32) for i, a in enumerate(func.body.args)}
    path = tmp_path / "in.npz"
    np.savez(path, **arrays)
    return path


def _stats_collective_bytes(output: str) -> list[int]:
    """The "collective B" column of ``meshc run --stats``'s per-device table, device by device."""
    lines = output.splitlines()
    header = next(line for line in lines if "collective B" in line)
    column = [c.strip() for c in header.strip().strip("┃").split("┃")].index("collective B")
    rows = [[c.strip() for c in line.strip().strip("│").split("│")] for line in lines
            if re.match(r"│\s+\d+ │", line.strip())]
    return [int(r[column]) for r in rows]


def _bytes(path: Path, pipeline=None) -> list[int]:
    est = estimate(mc.compile(mc.parse(str(path)), pipeline).program.schedule)
    return [d.stats.collective_bytes for d in est.devices]


@pytest.mark.parametrize("name, devices, mesh, shape, axes, piece, whole", CASES, ids=IDS)
def test_group_gather_is_printed_on_the_derived_mesh(name, devices, mesh, shape, axes, piece, whole):
    r = CliRunner().invoke(main, ["compile", str(DATA / f"{name}.mlir")])
    assert r.exit_code == 0, r.output
    assert f"mesh.mesh @{mesh}(shape = {shape})" in r.output, r.output
    gathers = re.findall(r"mesh\.all_gather %\S+ on @(\w+) mesh_axes = (\[[\d, ]*\])", r.output)
    assert gathers == [(mesh, axes)], r.output
    assert "mesh.for_all on @" + mesh in r.output and "mesh.for_all on @m " not in r.output


@pytest.mark.parametrize("name, devices, mesh, shape, axes, piece, whole", CASES, ids=IDS)
def test_estimate_counts_one_piece_per_device(name, devices, mesh, shape, axes, piece, whole):
    assert _bytes(DATA / f"{name}.mlir") == [piece] * devices
    # without sub-axes the gather spans the whole axis: n - 1 pieces
    off = mc.default_pipeline(reshard="sub-axes=false")
    assert _bytes(DATA / f"{name}.mlir", off) == [whole] * devices


@pytest.mark.parametrize("name, devices, mesh, shape, axes, piece, whole", CASES, ids=IDS)
def test_runs_correct_on_threads_with_the_group_bytes(tmp_path, name, devices, mesh, shape, axes, piece, whole):
    r = CliRunner().invoke(main, ["run", str(DATA / f"{name}.mlir"), "--inputs", str(_inputs(tmp_path, name)),
                                  "--check", "--stats"])
    assert r.exit_code == 0, r.output
    assert f"on mesh @{mesh} (shape {shape}, {devices} devices)" in r.output, r.output
    assert ": ok max abs err" in r.output and "MISMATCH" not in r.output, r.output
    assert _stats_collective_bytes(r.output) == [piece] * devices  # what meshc estimate counts


@pytest.mark.parametrize("name, devices, mesh, shape, axes, piece, whole", CASES, ids=IDS)
def test_runs_correct_on_mpi(tmp_path, name, devices, mesh, shape, axes, piece, whole):
    pytest.importorskip("mpi4py")
    env = dict(os.environ, OMP_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1", NO_COLOR="1")
    r = subprocess.run([sys.executable, "-m", "meshc", "run", str(DATA / f"{name}.mlir"), "--inputs",
                        str(_inputs(tmp_path, name)), "--check", "--stats", "--backend", "mpi", "--launch", str(devices),
                        "--collective-timeout", "30", "-o", str(tmp_path / "out.npz")],
                       capture_output=True, text=True, timeout=TIMEOUT, env=env)
    assert r.returncode == 0, r.stdout + r.stderr
    assert ": ok max abs err" in r.stdout and "MISMATCH" not in r.stdout, r.stdout
    assert f"on mesh @{mesh} (shape {shape}, {devices} devices)" in r.stdout, r.stdout
    assert _stats_collective_bytes(r.stdout) == [piece] * devices  # one MPI communicator per group


def test_explain_says_why_the_function_moves():
    r = CliRunner().invoke(main, ["explain", str(DATA / "tanh_pairs.mlir")])
    assert r.exit_code == 0, r.output
    assert "moves to mesh @m_a0g2 (shape 2x2): mesh @m with axis 0 of 4 devices in groups of 2" in r.output, r.output
    assert "each device receives 32 B" in r.output, r.output


@pytest.mark.parametrize("name, devices, mesh, shape, axes, piece, whole", CASES, ids=IDS)
def test_runs_correct_on_iree(tmp_path, name, devices, mesh, shape, axes, piece, whole):
    # one IREE module with a logical device per mesh device: the group's gather is a transfer per pair
    pytest.importorskip("iree.runtime")
    r = CliRunner().invoke(main, ["run", str(DATA / f"{name}.mlir"), "--inputs", str(_inputs(tmp_path, name)),
                                  "--check", "--backend", "iree"])
    assert r.exit_code == 0, r.output
    assert f"on mesh @{mesh} (shape {shape}, {devices} devices)" in r.output, r.output
    assert ": ok max abs err" in r.output and "MISMATCH" not in r.output, r.output
