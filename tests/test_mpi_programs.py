"""End to end on MPI: the corpus programs compiled by the default pipeline and
the backend (meshc.api.compile, meshc.backend.emit), run with one rank per
device through the backend interface exactly as ``meshc run --backend mpi``
drives it (DRIVER below), give expected.npz and the threaded runtime's results."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("mpi4py")

import meshc.api as mc  # noqa: E402
from meshc.runtime.io import compare, load_npz  # noqa: E402
from meshc.runtime.tolerance import longest_reduction  # noqa: E402
from meshc.runtime.mpi_launch import find_mpiexec  # noqa: E402
from tests.tolerance import assert_close, reduction_chain_length  # noqa: E402

DATA = Path(__file__).parent / "data"
TIMEOUT = 120  # seconds for one mpiexec job

#: What every rank runs: the calls `meshc run --backend mpi` makes (meshc.runtime.backends docstring).
DRIVER = """
import json, sys
import meshc.api as mc
from meshc.runtime.backends import get_backend
from meshc.runtime.executor import RunOptions
from meshc.runtime.io import load_npz, write_outputs

program, inputs, shape, out, stats = sys.argv[1:6]
backend = get_backend("mpi")
with backend.guard():
    module = mc.parse(program)
    bound = mc.bind_entry(module, load_npz(inputs))
    compiled = mc.compile(module.clone(), None, shape or None, entry=bound.func.sym_name)
    args = backend.shard_inputs(compiled.program, bound.arrays)
    report = backend.run(compiled.schedule, args, RunOptions(timeout=60))
    if backend.is_root:
        write_outputs(out, mc.gather_results(compiled.program, report.outputs))
        with open(stats, "w") as fh:
            json.dump(report.stats.to_json(), fh)
"""

CASES = [("seed_matmul_rows", "", 2), ("mlp_tensor_parallel", "", 4), ("reshard_rows_to_cols", "", 4),
         ("mesh2d_peered", "m=2x2", 4), ("dynamic_mesh_rowsum", "m=3", 3), ("dynamic_mesh_rowsum", "m=4", 4),
         ("upstream_llvm22_shard", "", 4), ("newuser/scalar_arg", "", 2)]


@pytest.mark.parametrize("name,shape,ranks", CASES, ids=[f"{c[0]}-{c[2]}" for c in CASES])
def test_program_on_mpi_equals_expected_and_threads(tmp_path, name, shape, ranks):
    driver = tmp_path / "driver.py"
    driver.write_text(DRIVER)
    out, stats_path = tmp_path / "out.npz", tmp_path / "stats.json"
    cmd = [find_mpiexec(), "-n", str(ranks), sys.executable, str(driver), str(DATA / f"{name}.mlir"),
           str(DATA / f"{name}.inputs.npz"), shape, str(out), str(stats_path)]
    env = dict(os.environ, OMP_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1", NO_COLOR="1")
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT, env=env)
    assert proc.returncode == 0, proc.stderr
    with np.load(out) as z:
        outputs = [z[f"result{i}"] for i in range(len(z.files))]
    expected = load_npz(str(DATA / f"{name}.expected.npz"))
    module = mc.parse(str(DATA / f"{name}.mlir"))
    rows = compare(outputs, expected, reduction=longest_reduction(module))  # the rule of meshc run --expected
    assert all(c.ok for c in rows), rows
    threads = mc.run(module, load_npz(str(DATA / f"{name}.inputs.npz")), shape or None)
    for got, want in zip(outputs, threads.outputs):  # same sums, but each rank's BLAS may block them otherwise
        assert_close(got, want, k=reduction_chain_length(module))
    stats = json.loads(stats_path.read_text())
    assert stats["ranks"] == ranks == len(stats["devices"])
    for d, t in zip(stats["devices"], threads.stats.devices):
        # same schedule, same accounting: memory and traffic per device agree with the threaded runtime
        assert (d["peak_bytes"], d["kernels"], d["peer_read_bytes"], d["copy_bytes"], d["collective_bytes"]) == (
            t.peak_bytes, t.kernels, t.peer_read_bytes, t.copy_bytes, t.collective_bytes), (d["device"], d)


def test_meshc_run_backend_mpi_launch_prints_once_and_checks(tmp_path):
    # the CLI path: `meshc run --backend mpi --launch 2` starts mpiexec itself; rank 0 prints and writes -o
    import subprocess
    import sys
    from pathlib import Path

    import numpy as np

    pytest.importorskip("mpi4py")
    data = Path(__file__).parent / "data"
    out = tmp_path / "out.npz"
    meshc = Path(sys.executable).with_name("meshc")
    r = subprocess.run([str(meshc), "run", str(data / "seed_matmul_rows.mlir"), "--inputs",
                        str(data / "seed_matmul_rows.inputs.npz"), "--check", "--backend", "mpi", "--launch", "2",
                        "-o", str(out)], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.count("inputs bound by name") == 1 and r.stdout.count("ran @main_sharded") == 1
    assert "(shape 2, 2 devices)" in r.stdout and "result0: ok" in r.stdout
    expected = np.load(data / "seed_matmul_rows.expected.npz")["result0"]
    np.testing.assert_allclose(np.load(out)["result0"], expected, rtol=1e-4, atol=1e-5)
