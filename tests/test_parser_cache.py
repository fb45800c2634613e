"""The pickled-parser cache of meshc/parser.py: written on the first run, loaded by the next ones,
and never a reason for a wrong parse (a damaged cache file is rebuilt).

Each case runs in a fresh interpreter with its own ``XDG_CACHE_HOME`` (the parser is built once per
process).
"""

from __future__ import annotations

import os
import subprocess
import sys

PROGRAM = """\
func.func @f(%a: tensor<4x4xf32>, %b: f32) -> tensor<4x4xf32> {
  %c = arith.constant 2.5 : f32
  %s = arith.addf %b, %c : f32
  %e = tensor.empty() : tensor<4x4xf32>
  %f = linalg.fill ins(%s : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %f : tensor<4x4xf32>
}
"""

BAD = "func.func @f() {\n  %x = arith.addf %y, %y : f32\n  return\n}\n"

SCRIPT = """
import sys
from meshc.ir import DiagnosticError, print_op
from meshc.parser import _parser, parse
print(print_op(parse(sys.argv[1], "a.mlir")))
try:
    parse(sys.argv[2], "b.mlir")
except DiagnosticError as err:
    print(err)
print(type(_parser()[0].parser.parser.parser.callbacks).__name__)
"""


def _run(cache: str) -> str:
    env = dict(os.environ, XDG_CACHE_HOME=cache)
    return subprocess.run([sys.executable, "-c", SCRIPT, PROGRAM, BAD], capture_output=True, text=True,
                          check=True, env=env).stdout


def _pickles(cache) -> list:
    return sorted((cache / "meshc").glob("parser-*.pickle"))


def test_first_run_writes_the_cache_and_later_runs_parse_the_same(tmp_path):
    built = _run(str(tmp_path))
    assert len(_pickles(tmp_path)) == 1
    loaded = _run(str(tmp_path))
    assert loaded == built
    lines = built.splitlines()
    assert "    %f = linalg.fill ins(%s : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>" in lines
    assert lines[-2] == "b.mlir:2:19: error: use of undeclared SSA value name '%y'"
    assert lines[-1] == "dict"


def _tables(cache) -> list:
    return sorted((cache / "meshc").glob("tables-*.marshal"))


def test_the_parse_tables_are_cached_and_a_damaged_file_is_rebuilt(tmp_path):
    built = _run(str(tmp_path))
    (path,) = _tables(tmp_path)
    path.write_bytes(path.read_bytes()[:1000])  # truncated
    assert _run(str(tmp_path)) == built
    assert path.stat().st_size > 100_000  # written again in full
    path.write_bytes(b"not marshal data")
    assert _run(str(tmp_path)) == built
    assert path.stat().st_size > 100_000


def test_a_syntax_error_is_reported_by_lark_with_cached_tables(tmp_path):
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path))
    script = ("import sys\nfrom meshc.ir import DiagnosticError\nfrom meshc.parser import parse\n"
              "try:\n    parse(sys.argv[1], 'c.mlir')\nexcept DiagnosticError as err:\n    print(err)\n")
    bad = "func.func @f() {\n  %x = arith.addf %a %b : f32\n}\n"
    runs = [subprocess.run([sys.executable, "-c", script, bad], capture_output=True, text=True, check=True,
                           env=env).stdout for _ in range(2)]  # built, then from the cached tables
    assert runs[0] == runs[1]
    assert runs[0].startswith("c.mlir:2:22: error: unexpected '%b'")


def test_a_damaged_cache_file_is_rebuilt(tmp_path):
    built = _run(str(tmp_path))
    (path,) = _pickles(tmp_path)
    path.write_bytes(path.read_bytes()[:1000])  # truncated
    assert _run(str(tmp_path)) == built
    assert path.stat().st_size > 1000  # written again in full
    path.write_bytes(b"not a pickle")
    assert _run(str(tmp_path)) == built


def test_an_unwritable_cache_directory_still_parses(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")  # $XDG_CACHE_HOME/meshc cannot be created under a regular file
    reference = _run(str(tmp_path / "ok"))
    assert _run(str(blocker)) == reference
