"""Runs the lit/FileCheck suite (tests/lit/**/*.mlir) inside pytest.

The lit files are cut into shards of :data:`SHARD` files (in path order); lit runs once per shard and
pytest run (``lit -v FILE...`` through the same Python, so ``filecheck`` is this venv's) when the first
test of the shard needs it, whichever pytest-xdist worker that is (:func:`lit_shard`), and each lit file
is one pytest test that fails with lit's output for that file. ``meshc`` and ``meshc-opt`` in RUN lines are the
pre-forked clients of :mod:`tests.zygote` (``--param meshc_bin``): the venv's entry points, started
in milliseconds; the console scripts themselves are run by tests/test_startup.py, tests/test_opt_cli.py
and the doc-tests. Also checks that the README's test command is the one ``.ci/run`` runs.
"""

from __future__ import annotations

import fcntl
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LIT_DIR = ROOT / "tests" / "lit"
LIT_FILES = sorted(p.relative_to(LIT_DIR).as_posix() for p in LIT_DIR.rglob("*.mlir")
                   if not {"Inputs", "Output"} & set(p.relative_to(LIT_DIR).parts))

#: Lit files per lit run: small enough to spread, big enough that lit's own start-up
#: (about 0.3 s) stays small beside the files' RUN lines.
SHARD = 8
SHARDS = [LIT_FILES[i:i + SHARD] for i in range(0, len(LIT_FILES), SHARD)]
SHARD_OF = {name: k for k, names in enumerate(SHARDS) for name in names}
def _run_lit(files: list[str], out: Path, meshc_bin: Path) -> dict[str, dict]:
    proc = subprocess.run([sys.executable, "-c", "import lit.main; lit.main.main()", "-v", "-o", str(out),
                           f"--param=meshc_bin={meshc_bin}", *(str(LIT_DIR / n) for n in files)],
                          capture_output=True, text=True, cwd=ROOT)
    if not out.exists():
        pytest.fail(f"lit did not run (exit {proc.returncode}):\n{proc.stdout}\n{proc.stderr}")
    records = json.loads(out.read_text())["tests"]
    return {r["name"].split(" :: ", 1)[1]: r for r in records}


@pytest.fixture(scope="session")
def lit_shard(tmp_path_factory, meshc_bin):
    """``lit_shard(k)``: lit test name (path under tests/lit) -> its JSON record, of the one lit run on
    shard ``k`` in this pytest run: the first worker to ask runs it (holding the shard's lock) and
    leaves its records in the run's directory, shared by the pytest-xdist workers; the others read them."""
    base = tmp_path_factory.getbasetemp()
    shared = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "lit-shards"
    shared.mkdir(exist_ok=True)
    done: dict[int, dict[str, dict]] = {}

    def run(k: int) -> dict[str, dict]:
        if k not in done:
            out = shared / f"{k}.json"
            with open(shared / f"{k}.lock", "w") as lock:
                fcntl.flock(lock, fcntl.LOCK_EX)
                if out.exists():
                    records = json.loads(out.read_text())["tests"]
                    done[k] = {r["name"].split(" :: ", 1)[1]: r for r in records}
                else:
                    done[k] = _run_lit(SHARDS[k], shared / f"{k}.partial.json", meshc_bin)
                    os.replace(shared / f"{k}.partial.json", out)
        return done[k]

    return run


def test_lit_suite_is_not_empty(lit_shard):
    # The passes and diagnostics files at least (an empty run must not pass); test_lit_file
    # below fails for any file lit did not run.
    assert len(LIT_FILES) >= 9
    assert {"passes/canonicalize.mlir", "diagnostics/verify-diagnostics.mlir"} <= set(LIT_FILES)
    assert sorted(n for names in SHARDS for n in names) == LIT_FILES
    assert set(lit_shard(0)) == set(SHARDS[0])  # one lit run reports exactly its shard's files


@pytest.mark.parametrize("name", LIT_FILES)
def test_lit_file(lit_shard, name):
    record = lit_shard(SHARD_OF[name]).get(name)
    assert record is not None, f"lit did not run {name}"
    if record["code"] not in ("PASS", "XFAIL"):
        pytest.fail(f"lit {record['code']}: {name}\n{record.get('output', '')}", pytrace=False)


def test_ci_runs_the_readme_test_command():
    readme = (ROOT / "README.md").read_text()
    ci = (ROOT / ".ci" / "run").read_text()
    command = next(line.strip() for line in ci.splitlines() if "pytest" in line and not line.startswith("#"))
    assert command in readme, f"README.md does not show the test command .ci/run runs: {command}"
