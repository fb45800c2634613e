"""Runs the lit/FileCheck suite (tests/lit/**/*.mlir) inside pytest.

The lit files are cut into shards of :data:`SHARD` files (in path order); lit runs once per shard
(``lit -v FILE...`` through the same Python, so ``filecheck`` is this venv's) when the first test of
the shard needs it, and each lit file is one pytest test that fails with lit's output for that file.
Each shard is one ``xdist_group``, so ``--dist loadgroup`` (pyproject.toml) runs a shard on one
worker and the shards spread over the workers. ``meshc`` and ``meshc-opt`` in RUN lines are the
pre-forked clients of :mod:`tests.zygote` (``--param meshc_bin``): the venv's entry points, started
in milliseconds; the console scripts themselves are run by tests/test_startup.py, tests/test_opt_cli.py
and the doc-tests. Also checks that the README's test command is the one ``.ci/run`` runs.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests import zygote

ROOT = Path(__file__).resolve().parent.parent
LIT_DIR = ROOT / "tests" / "lit"
LIT_FILES = sorted(p.relative_to(LIT_DIR).as_posix() for p in LIT_DIR.rglob("*.mlir")
                   if not {"Inputs", "Output"} & set(p.relative_to(LIT_DIR).parts))

#: Lit files per lit run (one xdist group): small enough to spread, big enough that lit's own start-up
#: (about 0.3 s) stays small beside the files' RUN lines.
SHARD = 8
SHARDS = [LIT_FILES[i:i + SHARD] for i in range(0, len(LIT_FILES), SHARD)]
SHARD_OF = {name: k for k, names in enumerate(SHARDS) for name in names}
#: Seconds to wait for the zygote's server (tests/zygote.py) to be up before the clients fall back
#: to the console scripts.
SERVER_START = 120.0


@pytest.fixture(scope="session")
def meshc_bin(tmp_path_factory):
    """A directory with the ``meshc`` and ``meshc-opt`` clients of :mod:`tests.zygote`, its server started
    (and stopped at the end of the session)."""
    folder = tmp_path_factory.mktemp("zygote")
    sock = folder / "sock"
    env = dict(os.environ, NO_COLOR="1")
    env.pop("MESHC_DEBUG", None)
    with open(folder / "server.log", "wb") as log:
        server = subprocess.Popen([sys.executable, "-m", "tests.zygote", "serve", str(sock)], cwd=ROOT, env=env,
                                  stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT)
    zygote.write_shims(folder, sock, Path(sys.executable).parent)
    deadline = time.monotonic() + SERVER_START
    while not sock.exists() and server.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    yield folder
    server.terminate()
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


@pytest.fixture(scope="session")
def lit_shard(tmp_path_factory, meshc_bin):
    """``lit_shard(k)``: lit run on shard ``k`` (once): lit test name (path under tests/lit) -> its JSON record."""
    done: dict[int, dict[str, dict]] = {}

    def run(k: int) -> dict[str, dict]:
        if k not in done:
            out = tmp_path_factory.mktemp("lit") / "results.json"
            proc = subprocess.run([sys.executable, "-c", "import lit.main; lit.main.main()", "-v", "-o", str(out),
                                   f"--param=meshc_bin={meshc_bin}", *(str(LIT_DIR / n) for n in SHARDS[k])],
                                  capture_output=True, text=True, cwd=ROOT)
            if not out.exists():
                pytest.fail(f"lit did not run (exit {proc.returncode}):\n{proc.stdout}\n{proc.stderr}")
            records = json.loads(out.read_text())["tests"]
            done[k] = {r["name"].split(" :: ", 1)[1]: r for r in records}
        return done[k]

    return run


@pytest.mark.xdist_group("lit0")
def test_lit_suite_is_not_empty(lit_shard):
    # The passes and diagnostics files at least (an empty run must not pass); test_lit_file
    # below fails for any file lit did not run.
    assert len(LIT_FILES) >= 9
    assert {"passes/canonicalize.mlir", "diagnostics/verify-diagnostics.mlir"} <= set(LIT_FILES)
    assert sorted(n for names in SHARDS for n in names) == LIT_FILES
    assert set(lit_shard(0)) == set(SHARDS[0])  # one lit run reports exactly its shard's files


@pytest.mark.parametrize("name", [pytest.param(n, marks=pytest.mark.xdist_group(f"lit{SHARD_OF[n]}"))
                                  for n in LIT_FILES])
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
