"""``meshc compile`` and ``meshc passes`` end to end: exit codes, diagnostics
without tracebacks, -o safety, stdin, options, lazy imports."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import types
from pathlib import Path

import pytest
from click.testing import CliRunner

from meshc.cli import main
from meshc.passes.base import Pass
from meshc.passes.registry import DEFAULT_PIPELINE, known_passes

GOOD = "func.func @f(%x: i32) -> i32 {\n  %c = arith.constant 2 : i32\n  %y = arith.muli %x, %c : i32\n" \
       "  return %y : i32\n}\n"


def meshc(*args: str, input: str | bytes | None = None, cwd=None) -> subprocess.CompletedProcess:
    env = dict(os.environ, NO_COLOR="1")
    env.pop("MESHC_DEBUG", None)
    return subprocess.run([sys.executable, "-m", "meshc", *args], input=input, capture_output=True, cwd=cwd,
                          env=env, text=not isinstance(input, bytes))


@pytest.fixture
def good(tmp_path):
    p = tmp_path / "good.mlir"
    p.write_text(GOOD)
    return p


# ------------------------------------------------------------------ bad input: exit 1, located, no traceback
@pytest.mark.parametrize("text,where,message", [
    ("func.func @f( {\n", "1:15", "unexpected '{'"),
    ("func.func @f() {\n  %a = arith.addi %b, %b : i32\n  return\n}\n", "2:19",
     "use of undeclared SSA value name '%b'"),
    ("func.func @f() -> i32 {\n  return\n}\n", "2:3", "'func.return' op has 0 operands, but enclosing function"),
    ("func.func @f() {\n  %a = arith.constant 1 : i33x\n}\n", "2:", "error:"),
    ("module {\n  func.func @f() {\n    return\n  }\n  func.func @f() {\n    return\n  }\n}\n", "5:3",
     "redefinition of symbol named 'f'"),
    ("@@@\n", "1:1", "unexpected"),
])
def test_bad_input_is_located_and_exits_1(tmp_path, text, where, message):
    f = tmp_path / "bad.mlir"
    f.write_text(text)
    r = meshc("compile", str(f))
    assert r.returncode == 1
    assert f"{f}:{where}" in r.stderr and ": error: " in r.stderr and message in r.stderr
    assert "Traceback" not in r.stderr and r.stdout == ""


def test_invalid_utf8_and_missing_file(tmp_path):
    f = tmp_path / "bin.mlir"
    f.write_bytes(b"func.func @f() {\n  \xff\n}\n")
    r = meshc("compile", str(f))
    assert (r.returncode, r.stderr.splitlines()[0]) == (1, f"{f}:2:3: error: input is not valid UTF-8")
    r = meshc("compile", str(tmp_path / "missing.mlir"))
    assert r.returncode == 1 and "error: could not open input file" in r.stderr and "Traceback" not in r.stderr


def test_error_shows_source_line_and_caret(tmp_path):
    f = tmp_path / "e.mlir"
    f.write_text("func.func @f() {\n  %a = arith.addi %b, %b : i32\n  return\n}\n")
    lines = meshc("compile", str(f)).stderr.splitlines()
    assert lines == [f"{f}:2:19: error: use of undeclared SSA value name '%b'",
                     "  %a = arith.addi %b, %b : i32",
                     "                  ^"]


# ------------------------------------------------------------------ output
def test_prints_canonicalized_module_by_default(good):
    r = meshc("compile", str(good))
    assert r.returncode == 0 and r.stderr == ""
    assert r.stdout == ("module {\n  func.func @f(%x: i32) -> i32 {\n    %c = arith.constant 2 : i32\n"
                        "    %y = arith.muli %x, %c : i32\n    return %y : i32\n  }\n}\n")


def test_stdin_and_generic(good):
    r = meshc("compile", "-", "-p", "", "--generic", input=GOOD)
    assert r.returncode == 0
    assert r.stdout.startswith('"builtin.module"() ({') and '"arith.muli"(%x, %c)' in r.stdout
    r = meshc("compile", "-", input="func.func @f() {\n  retur\n}\n")
    assert r.returncode == 1 and r.stderr.startswith("<stdin>:2:3: error:") and "  retur\n  ^" in r.stderr


def test_output_file_written_atomically(good, tmp_path):
    out = tmp_path / "out.mlir"
    r = meshc("compile", str(good), "-o", str(out))
    assert (r.returncode, r.stdout) == (0, "")
    assert out.read_text() == meshc("compile", str(good)).stdout
    # a failing run leaves an existing output alone and no temporary file behind
    bad = tmp_path / "bad.mlir"
    bad.write_text("func.func @f( {\n")
    out.write_text("previous\n")
    assert meshc("compile", str(bad), "-o", str(out)).returncode == 1
    assert out.read_text() == "previous\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.mlir", "good.mlir", "out.mlir"]


def test_output_never_overwrites_input(good, tmp_path):
    for spelling in (str(good), f"{tmp_path}/./good.mlir", "good.mlir"):
        r = meshc("compile", str(good), "-o", spelling, cwd=tmp_path)
        assert r.returncode == 1 and "refusing to overwrite the input file" in r.stderr
    link = tmp_path / "link.mlir"
    link.symlink_to(good)
    assert meshc("compile", str(link), "-o", str(good)).returncode == 1
    assert good.read_text() == GOOD
    r = meshc("compile", str(good), "-o", str(tmp_path))
    assert r.returncode == 1 and "is a directory" in r.stderr


# ------------------------------------------------------------------ options
def test_unknown_pass_option_and_flag_exit_1(good):
    r = meshc("compile", str(good), "-p", "cse,nope")
    assert r.returncode == 1
    assert r.stderr.splitlines() == [
        f"<pass-pipeline>:1:5: error: unknown pass 'nope'; known passes: {', '.join(known_passes())}",
        "cse,nope", "    ^"]
    assert "known passes: canonicalize, convert-flow-to-tensor, cse," in r.stderr
    r = meshc("compile", str(good), "-p", "canonicalize{max-iterations=many}")
    assert r.returncode == 1 and "option 'max-iterations' expects an integer, got 'many'" in r.stderr
    r = meshc("compile", str(good), "--print-ir-after=nope")
    assert r.returncode == 1 and "unknown pass 'nope'" in r.stderr
    r = meshc("compile", str(good), "--no-such-flag")
    assert r.returncode == 1 and "No such option" in r.stderr
    r = meshc("compile", str(good), "--mesh-shape", "m=2x0")
    assert r.returncode == 1 and "mesh sizes must be positive" in r.stderr


def test_nested_pipeline_and_empty_pipeline(good):
    nested = meshc("compile", str(good), "--pass-pipeline", "builtin.module(func.func(canonicalize,cse))")
    assert nested.returncode == 0 and nested.stdout == meshc("compile", str(good)).stdout
    assert meshc("compile", str(good), "-p", "").stdout == meshc("compile", str(good), "-p", "verify").stdout


def test_verify_diagnostics_exit_codes(tmp_path):
    f = tmp_path / "v.mlir"
    f.write_text("func.func @f() {\n  // expected-error @+1 {{use of undeclared SSA value name '%b'}}\n"
                 "  %a = arith.addi %b, %b : i32\n  return\n}\n")
    assert meshc("compile", str(f), "--verify-diagnostics").returncode == 0
    f.write_text("func.func @f() {\n  // expected-error @+1 {{something else}}\n"
                 "  %a = arith.addi %b, %b : i32\n  return\n}\n")
    r = meshc("compile", str(f), "--verify-diagnostics")
    assert r.returncode == 1
    assert f"{f}:3:19: error: unexpected error: use of undeclared SSA value name '%b'" in r.stderr
    assert f'{f}:2:6: error: expected error "something else" was not produced' in r.stderr


def test_timing_table_and_no_colour(good):
    r = meshc("compile", str(good), "--timing")
    assert r.returncode == 0
    for label in ("parse", "verify", "canonicalize", "cse", "print", "Total"):
        assert label in r.stderr
    assert "\x1b[" not in r.stderr


def test_passes_command_lists_passes_options_and_default():
    r = meshc("passes")
    assert r.returncode == 0
    for name in ("canonicalize", "cse", "symbol-dce", "verify"):
        assert f"\n  {name} " in r.stdout
    assert "max-iterations: int = 10" in r.stdout and "test-convergence: bool = false" in r.stdout
    assert f"Default pipeline: {','.join(DEFAULT_PIPELINE)}" in r.stdout


def test_help_imports_neither_parser_nor_passes():
    code = ("import sys\nfrom meshc.cli import main\nfor argv in (['--help'], ['compile', '--help']):\n"
            "    try:\n        main(argv)\n    except SystemExit:\n        pass\n"
            "print(sorted(m for m in ('numpy', 'lark', 'meshc.parser', 'meshc.passes.manager', 'rich') "
            "if m in sys.modules))")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert r.stdout.strip().splitlines()[-1] == "[]"


# ------------------------------------------------------------------ internal errors, interrupts, context
class _Boom(Pass):
    name = "boom"
    summary = "raises"

    def run(self, op):
        raise RuntimeError("kaput")


class _Interrupt(Pass):
    name = "interrupt"
    summary = "Ctrl-C"

    def run(self, op):
        raise KeyboardInterrupt


class _Shapes(Pass):
    name = "shapes"
    summary = "records mesh shapes"
    seen: dict = {}

    def run(self, op):
        _Shapes.seen = dict(self.context.mesh_shapes)


@pytest.fixture
def fake_passes(monkeypatch):
    mod = types.ModuleType("meshc_test_fake_passes")
    mod.Boom, mod.Interrupt, mod.Shapes = _Boom, _Interrupt, _Shapes
    monkeypatch.setitem(sys.modules, mod.__name__, mod)
    from meshc.passes import registry

    for cls in (_Boom, _Interrupt, _Shapes):
        monkeypatch.setitem(registry.PASSES, cls.name, f"{mod.__name__}:{cls.__name__[1:]}")
    monkeypatch.delenv("MESHC_DEBUG", raising=False)


def test_internal_error_exit_2_and_interrupt_130(good, fake_passes):
    runner = CliRunner()
    r = runner.invoke(main, ["compile", str(good), "-p", "boom"])
    assert r.exit_code == 2
    assert "internal error: PassCrash: pass 'boom' crashed: RuntimeError: kaput" in r.output
    assert "please report it" in r.output and "Traceback" not in r.output
    r = runner.invoke(main, ["compile", str(good), "-p", "interrupt"])
    assert r.exit_code == 130 and "interrupted" in r.output


def test_mesh_shapes_reach_passes(tmp_path, fake_passes):
    p = tmp_path / "meshes.mlir"
    p.write_text("mesh.mesh @m(shape = ?x?)\nmesh.mesh @n(shape = ?)\n" + GOOD)
    r = CliRunner().invoke(main, ["compile", str(p), "-p", "shapes", "--mesh-shape", "m=2x4",
                                  "--mesh-shape", "@n=3"])
    assert r.exit_code == 0, r.output
    assert _Shapes.seen == {"m": (2, 4), "n": (3,)}


SPLIT = """mesh.mesh @m(shape = 4)
func.func @a(%x: tensor<8xf32>) -> tensor<8xf32> {
  %y = mesh.shard %x to <@m, [[0]]> : tensor<8xf32>
  %z = math.exp %y : tensor<8xf32>
  return %z : tensor<8xf32>
}
// -----
mesh.mesh @n(shape = ?)
func.func @b(%x: tensor<8xf32>) -> tensor<8xf32> {
  %y = mesh.shard %x to <@n, [[0]]> : tensor<8xf32>
  %z = math.exp %y : tensor<8xf32>
  return %z : tensor<8xf32>
}
"""


def test_mesh_shape_overrides_a_static_mesh_like_run(tmp_path):
    p = tmp_path / "split.mlir"
    p.write_text(SPLIT)
    first = tmp_path / "first.mlir"
    first.write_text(SPLIT.split("// -----")[0])
    r = meshc("compile", str(first), "--emit=unrolled", "--mesh-shape", "m=2")
    assert r.returncode == 0, r.stderr
    assert r.stderr == "note: --mesh-shape m=2 overrides the static shape 4 of mesh @m\n"
    # 8 rows over the 2 devices of the overridden mesh: two for_one bodies of 4 rows
    assert "mesh.mesh @m(shape = 2)" in r.stdout and r.stdout.count("mesh.for_one") == 2
    assert "tensor<4xf32>" in r.stdout
    # each chunk of a split input takes the shapes of the meshes it declares and ignores the others
    r = meshc("compile", str(p), "--emit=unrolled", "--split-input-file", "--mesh-shape", "m=2", "--mesh-shape", "n=3")
    assert r.returncode == 0, r.stderr
    chunks = r.stdout.split("// -----")
    assert "mesh.mesh @m(shape = 2)" in chunks[0] and chunks[0].count("mesh.for_one") == 2
    # 8 rows over 3 devices: 2, 3, 3 (the balanced rule)
    assert "mesh.mesh @n(shape = 3)" in chunks[1] and chunks[1].count("mesh.for_one") == 3
    assert "tensor<2xf32>" in chunks[1] and "tensor<3xf32>" in chunks[1]
    # a mesh no chunk declares is an error; so is one the single module does not declare
    r = meshc("compile", str(p), "--split-input-file", "--mesh-shape", "m=2", "--mesh-shape", "q=3")
    assert r.returncode == 1 and r.stdout == ""
    assert ("Invalid value for '--mesh-shape': 'q=3' names mesh '@q', which the input does not declare "
            "(declared meshes: @m, @n)") in r.stderr
    r = meshc("compile", str(first), "--mesh-shape", "n=3")
    assert r.returncode == 1
    assert ("Invalid value for '--mesh-shape': 'n=3' names mesh '@n', which the module does not declare "
            "(declared meshes: @m)") in r.stderr
    # a shape of another rank is refused at the mesh op
    r = meshc("compile", str(first), "--mesh-shape", "m=2x2")
    assert r.returncode == 1 and f"{first}:1:1: error: 'mesh.mesh' op has rank 1; --mesh-shape m=2x2 has rank 2" \
        in r.stderr


def test_target_adds_set_encoding_to_the_default_pipeline():
    # exp(x) @ w, the 24 rows of x split over 2 devices, no encodings written
    mm = Path(__file__).parent / "data" / "encoding" / "sharded_matmul.mlir"
    plain = meshc("compile", str(mm), "--emit=unrolled")  # per device, as --target compiles
    tiled = meshc("compile", str(mm), "--target", "x86-avx2")
    assert plain.returncode == tiled.returncode == 0, plain.stderr + tiled.stderr
    assert "linalg.mmt4d" not in plain.stdout and plain.stdout.count("linalg.matmul") == 2
    # per device: 12 rows (M0 = 8, avx2) x K = 32 -> the x shard packed 2x32x8x1 (ceil(12 / 8) = 2, K0 = 1)
    # before exp, which then runs on the packed layout
    assert tiled.stdout.count("linalg.mmt4d ins(") == 2
    assert len(re.findall(r"linalg\.pack %x0_\d .*: tensor<12x32xf32> -> tensor<2x32x8x1xf32>", tiled.stdout)) == 2
