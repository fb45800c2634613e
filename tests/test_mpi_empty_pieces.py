"""Collectives whose pieces are empty on some devices (3 rows over 4 devices: 0, 1, 1, 1) on MPI,
``meshc run --backend mpi --launch 4 --check``, at top level and in loop bodies
(tests/data/empty_pieces/*.mlir): every member must call the same MPI collective, so each run
holds several collectives one after the other (a mismatched one leaves the next waiting). The
results are checked against numpy, not only against the reference interpreter. Also: the count
matrix an MPI all_to_all decides by, and a wrong command line refused before mpiexec starts."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from meshc.cli import main
from meshc.runtime.mpi import _all_to_all_counts
from tests.tolerance import assert_close, chain_magnitude, matmul_magnitude

DATA = Path(__file__).parent / "data" / "empty_pieces"
TIMEOUT = 180  # seconds for one launched job (a liveness guard, not a timing assertion)
TRIPS = 3


def _launch(tmp_path: Path, program: str, arrays: dict) -> dict:
    """``meshc run PROGRAM --backend mpi --launch 4 --check -o out.npz``; returns the results."""
    pytest.importorskip("mpi4py")
    np.savez(tmp_path / "in.npz", **arrays)
    out = tmp_path / "out.npz"
    env = dict(os.environ, OMP_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1", NO_COLOR="1")
    r = subprocess.run([sys.executable, "-m", "meshc", "run", str(DATA / program), "--inputs",
                        str(tmp_path / "in.npz"), "--check", "--backend", "mpi", "--launch", "4",
                        "--collective-timeout", "30", "-o", str(out)],
                       capture_output=True, text=True, timeout=TIMEOUT, env=env)
    assert r.returncode == 0, r.stdout + r.stderr
    n = r.stdout.count(": ok max abs err")
    with np.load(out) as z:
        results = {k: z[k] for k in z.files}
    assert n == len(results) > 0, r.stdout
    return results


def test_top_level_collectives_with_empty_pieces_run_on_mpi(tmp_path):
    rng = np.random.default_rng(3)
    f = lambda *shape: rng.standard_normal(shape).astype(np.float32)  # noqa: E731
    arrays = {"a": f(3, 3), "c": f(3, 5), "x": f(3, 4), "w": f(4, 2), "h": f(3, 4), "o": f(3, 2), "b": f(4, 4)}
    got = _launch(tmp_path, "top.mlir", arrays)
    # reshards move data only: exactly the inputs
    for i, name in [(0, "a"), (1, "c"), (3, "c"), (4, "h"), (5, "o"), (6, "b")]:
        np.testing.assert_array_equal(got[f"result{i}"], arrays[name])
    # the reduce_scatter of the 4-term partial sums (one term per device)
    x, w = arrays["x"], arrays["w"]
    assert_close(got["result2"], x.astype(np.float64) @ w, 4, matmul_magnitude(x, w))


def test_collectives_in_loop_bodies_with_empty_pieces_run_on_mpi(tmp_path):
    rng = np.random.default_rng(5)
    x = rng.standard_normal((2, 16)).astype(np.float32)
    w1 = (rng.standard_normal((16, 3)) / 4).astype(np.float32)
    w2 = (rng.standard_normal((3, 16)) / 4).astype(np.float32)
    v = rng.standard_normal((2, 3, 2)).astype(np.float32)
    k = rng.standard_normal((3, 2, 2)).astype(np.float32)
    got = _launch(tmp_path, "body.mlir", {"x": x, "w1": w1, "w2": w2, "v": v, "k": k,
                                          "nt": np.array(TRIPS, np.int64)})
    acc, magnitude = x.astype(np.float64), 0.0
    for _ in range(TRIPS):
        magnitude = max(magnitude, chain_magnitude(np.abs(acc), np.abs(w1), np.abs(w2)))
        acc = np.tanh(acc @ w1) @ w2
    assert_close(got["result0"], acc, TRIPS * 16, magnitude)
    # one output row per batch: the 3 taps over the 3 rows, summed over the input channels, TRIPS times
    a = np.tanh(v.astype(np.float64))
    conv = np.einsum("btc,tcf->bf", a, k.astype(np.float64))[:, None, :]
    assert_close(got["result1"], TRIPS * conv, TRIPS * 6, TRIPS * float(np.einsum(
        "btc,tcf->bf", np.abs(a), np.abs(k.astype(np.float64))).max()))


@pytest.mark.parametrize("in_shapes, out_shapes, even", [
    # 3x3 column-split (0, 1, 1, 1) to row-split: device 0 sends and receives nothing, others do
    ([(3, 0), (3, 1), (3, 1), (3, 1)], [(0, 3), (1, 3), (1, 3), (1, 3)], False),
    # 4x4: every piece one element
    ([(4, 1)] * 4, [(1, 4)] * 4, True),
    # 6x6 (1, 1, 2, 2): uneven, no piece empty
    ([(6, 1), (6, 1), (6, 2), (6, 2)], [(1, 6), (1, 6), (2, 6), (2, 6)], False),
])
def test_every_all_to_all_member_reads_the_same_count_matrix(in_shapes, out_shapes, even):
    counts = _all_to_all_counts(in_shapes, out_shapes, 0, 4)
    # row j: what member j sends; column i: what member i receives (4-byte elements)
    want = [[n * s[1] * 4 for n in (o[0] for o in out_shapes)] for s in in_shapes]
    assert counts == want
    assert (len({c for row in counts for c in row}) == 1) == even
    if in_shapes[0] == (3, 0):  # device 0's own row and column alone look even (all zero)
        assert set(counts[0]) == {0} and {row[0] for row in counts} == {0}


def test_an_invalid_launch_is_refused_once_before_mpiexec_starts(monkeypatch, tmp_path):
    import meshc.runtime.mpi_launch as mpi_launch

    def started(*args, **kwargs):
        raise AssertionError("mpiexec was started")

    monkeypatch.setattr(mpi_launch, "relaunch", started)
    program = tmp_path / "p.mlir"
    program.write_text((DATA / "top.mlir").read_text())
    runner = CliRunner()
    for argv, message in [
            (["--reference", "--backend", "mpi", "--launch", "6"],
             "--backend mpi applies to the sharded run; drop --reference"),
            (["--random-inputs", "--inputs", str(tmp_path / "in.npz"), "--backend", "mpi", "--launch", "4"],
             "--random-inputs cannot be combined with --inputs/--input"),
            (["--random-inputs", "--device-memory", "12XB", "--backend", "mpi", "--launch", "4"],
             "cannot read '12XB' as a memory size")]:
        r = runner.invoke(main, ["run", str(program), *argv], prog_name="meshc")
        assert r.exit_code == 1, r.output  # meshc's usage errors exit 1 (docs/troubleshooting.md)
        assert r.stderr.count("Error:") == 1 and message in r.stderr, r.stderr
        assert r.stderr.startswith("Usage: meshc run [OPTIONS] INPUT")


def test_a_usage_error_on_the_ranks_prints_as_click_prints_it():
    import click

    from meshc.runtime.mpi_launch import _render_failure, _usage_error

    err = click.UsageError("--tile goes with --layout tile")
    assert _usage_error(err) and not _usage_error(ValueError("x"))
    assert _render_failure(err, 2, 4, "h", None) == "Error: --tile goes with --layout tile\n"
