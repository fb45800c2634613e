"""The pre-forked meshc, meshc-opt and filecheck of the lit run (tests/zygote.py) behaves as the console scripts: same output,
errors and exit status, standard input passed through, and the real script run when no server is up."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

BIN = Path(sys.executable).parent
CANON = str(ROOT / "tests" / "lit" / "passes" / "canonicalize.mlir")
CASES = [
    ("meshc", ["--help"], None),
    ("meshc", ["bogus"], None),                      # usage error: exit 1, program named meshc
    ("meshc", ["compile", "/no/such.mlir"], None),   # located error, exit 1
    ("meshc-opt", [CANON], None),
    ("meshc-opt", [], "bad"),                         # program on standard input, a parse error
    ("meshc-opt", [], Path(CANON).read_text()),
    ("filecheck", [CANON], "module {\n}\n"),         # a failed check: exit 1 and the report
    ("filecheck", ["--help"], None),
]


def _run(path, args, stdin, cwd):
    env = {"PATH": f"{BIN}:/usr/bin:/bin", "NO_COLOR": "1"}
    env.update({k: os.environ[k] for k in ("HOME", "XDG_CACHE_HOME") if k in os.environ})  # the parser's cache
    return subprocess.run([str(path), *args], input=stdin, capture_output=True, text=True, cwd=cwd, env=env,
                          timeout=120)


@pytest.mark.parametrize("tool, args, stdin", CASES)
def test_zygote_client_prints_and_exits_as_the_console_script(meshc_bin, tool, args, stdin, tmp_path):
    real = _run(BIN / tool, args, stdin, tmp_path)
    fast = _run(meshc_bin / tool, args, stdin, tmp_path)
    assert (fast.returncode, fast.stdout, fast.stderr) == (real.returncode, real.stdout, real.stderr)
    assert real.stdout or real.stderr


def test_zygote_client_runs_the_console_script_when_no_server_is_up(tmp_path):
    from tests import zygote

    shims = zygote.write_shims(tmp_path, tmp_path / "no-server", BIN)
    proc = _run(shims["meshc"], ["--help"], None, tmp_path)
    assert proc.returncode == 0 and proc.stdout.startswith("Usage: meshc ")
