"""Runs the lit/FileCheck suite (tests/lit/**/*.mlir) inside pytest.

lit runs once per session (``lit -v tests/lit`` through the same Python, so
``meshc`` and ``filecheck`` are this venv's); each lit file is then one
pytest test that fails with lit's output for that file. Also checks that the
README's test command is the one ``.ci/run`` runs.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LIT_DIR = ROOT / "tests" / "lit"
LIT_FILES = sorted(p.relative_to(LIT_DIR).as_posix() for p in LIT_DIR.rglob("*.mlir")
                   if not {"Inputs", "Output"} & set(p.relative_to(LIT_DIR).parts))


@pytest.fixture(scope="session")
def lit_results(tmp_path_factory) -> dict[str, dict]:
    """Run lit on tests/lit once: lit test name (path under tests/lit) -> its JSON record."""
    out = tmp_path_factory.mktemp("lit") / "results.json"
    proc = subprocess.run([sys.executable, "-c", "import lit.main; lit.main.main()", "-v", "-o", str(out),
                           str(LIT_DIR)], capture_output=True, text=True, cwd=ROOT)
    if not out.exists():
        pytest.fail(f"lit did not run (exit {proc.returncode}):\n{proc.stdout}\n{proc.stderr}")
    records = json.loads(out.read_text())["tests"]
    return {r["name"].split(" :: ", 1)[1]: r for r in records}


def test_lit_suite_is_not_empty(lit_results):
    # The passes and diagnostics files at least (an empty run must not pass); test_lit_file
    # below fails for any file lit did not run.
    assert len(lit_results) >= 9
    assert {"passes/canonicalize.mlir", "diagnostics/verify-diagnostics.mlir"} <= set(lit_results)


@pytest.mark.parametrize("name", LIT_FILES)
def test_lit_file(lit_results, name):
    record = lit_results.get(name)
    assert record is not None, f"lit did not run {name}"
    if record["code"] not in ("PASS", "XFAIL"):
        pytest.fail(f"lit {record['code']}: {name}\n{record.get('output', '')}", pytrace=False)


def test_ci_runs_the_readme_test_command():
    readme = (ROOT / "README.md").read_text()
    ci = (ROOT / ".ci" / "run").read_text()
    command = next(line.strip() for line in ci.splitlines() if "pytest" in line and not line.startswith("#"))
    assert command in readme, f"README.md does not show the test command .ci/run runs: {command}"
