"""Start-up cost: parsing, verifying and printing a program imports no numpy.

numpy (and ml_dtypes behind it) is most of the start-up time of ``meshc compile -p ""`` and
``meshc-opt`` when loaded eagerly; the compiler's IR, parser and mesh dialect do not need it, so
it loads with the first kernel, reduction or traffic count instead
(``meshc/sharding/__init__.py``).
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

PROGRAM = """\
mesh.mesh @m(shape = 2x2)
func.func @f(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %s = mesh.shard %a to <@m, [[0], [1]]> : tensor<4x4xf32>
  %r = arith.addf %s, %s : tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}
"""


def _modules_after(code: str) -> tuple[str, set[str]]:
    script = textwrap.dedent(code) + "\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))\n"
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    *printed, modules = out.splitlines()
    return "\n".join(printed), set(json.loads(modules))


def test_parse_verify_print_does_not_import_numpy(tmp_path):
    path = tmp_path / "p.mlir"
    path.write_text(PROGRAM)
    # once to fill the parser's cache (a first run on a machine builds it with lark), then as a user runs it
    subprocess.run([sys.executable, "-m", "meshc.cli", "compile", "-p", "", str(path)], capture_output=True, check=True)
    printed, mods = _modules_after(f"""
        import sys
        from meshc.cli import main
        sys.argv = ["meshc", "compile", "-p", "", {str(path)!r}]
        try:
            main()
        except SystemExit as stop:
            assert stop.code in (0, None), stop.code
    """)
    assert "mesh.shard %a to <@m, [[0], [1]]>" in printed
    assert "meshc.parser" in mods and "meshc.dialects.mesh" in mods
    assert "numpy" not in mods and "ml_dtypes" not in mods
    # nor the resharding planner or the backends: parse, verify and print need none of them; nor lark
    # (meshc's own LALR loop runs from cached tables), pickle or hashlib (the caches use marshal)
    assert not {"meshc.sharding.reshard", "meshc.backend.spmd", "meshc.runtime"} & mods
    assert not {"lark", "pickle", "hashlib"} & mods


def test_help_imports_neither_numpy_nor_the_parser_nor_the_dialects():
    printed, mods = _modules_after("""
        import sys
        from meshc.cli import main
        sys.argv = ["meshc", "--help"]
        try:
            main()
        except SystemExit as stop:
            assert stop.code in (0, None), stop.code
    """)
    assert "compile" in printed and "run" in printed
    assert not {"numpy", "lark", "rich", "meshc.parser", "meshc.runtime", "meshc.dialects.mesh"} & mods


def test_the_api_device_limit_is_the_spmd_backend_limit():
    # meshc.api keeps its own copy so that importing it does not import the SPMD backend
    import meshc.api
    import meshc.backend.spmd

    assert meshc.api.MAX_DEVICES == meshc.backend.spmd.MAX_SPMD_DEVICES


def test_the_reference_semantics_still_load_on_use():
    import meshc.sharding as sh
    from meshc.sharding import simulate

    assert sh.apply_step is simulate.apply_step and sh.simulate is simulate
    assert list(sh._SIMULATE[1:]) == list(simulate.__all__)
    assert set(simulate.__all__) <= set(sh.__all__)
    import numpy as np

    assert sh.ReductionKind.MAX.combiner is np.maximum
    assert sh.ReductionKind.MIN.identity(np.int8) == 127


BF16 = """\
mesh.mesh @m(shape = 2)
func.func @f(%a: tensor<4x4xbf16>) -> tensor<4x4xbf16> {
  %s = mesh.shard %a to <@m, [[0]]> : tensor<4x4xbf16>
  %r = arith.addf %s, %s : tensor<4x4xbf16>
  return %r : tensor<4x4xbf16>
}
"""


def _cli(argv: list[str]) -> str:
    return f"""
        import sys
        from meshc.cli import main
        sys.argv = {["meshc", *argv]!r}
        try:
            main()
        except SystemExit as stop:
            assert stop.code in (0, None), stop.code
    """


def test_the_default_pipeline_and_an_f32_run_do_not_import_ml_dtypes(tmp_path):
    # importing ml_dtypes costs more than compiling a small program (meshc/kernels/dtypes.py):
    # canonicalize's constant folding and an f32 run must not load it
    path = tmp_path / "p.mlir"
    path.write_text(PROGRAM)
    printed, mods = _modules_after(_cli(["compile", str(path)]))
    assert "mesh.for_all" in printed and "numpy" in mods and "ml_dtypes" not in mods
    printed, mods = _modules_after(_cli(["run", str(path), "--random-inputs", "--check"]))
    assert "ml_dtypes" not in mods


def test_a_bf16_program_loads_ml_dtypes_on_use(tmp_path):
    import ml_dtypes
    import numpy as np

    path, inputs, out = tmp_path / "b.mlir", tmp_path / "in.npy", tmp_path / "out.npy"
    path.write_text(BF16)
    a = (np.arange(16, dtype=np.float32).reshape(4, 4) / 4).astype(ml_dtypes.bfloat16)
    np.save(inputs, a)
    _, mods = _modules_after(_cli(["run", str(path), "--inputs", str(inputs), "--check", "-o", str(out)]))
    assert "ml_dtypes" in mods
    got = np.load(out, allow_pickle=False)
    # x + x is exact in bf16 for these values (multiples of 1/4 below 8)
    assert got.view(np.uint16).tolist() == (a + a).view(np.uint16).tolist()


def test_the_console_scripts_leave_their_ir_to_the_os_at_exit_and_still_write_everything(tmp_path):
    """``meshc`` and ``meshc-opt`` freeze what is alive when the interpreter exits
    (meshc.commands._common.leave_ir_at_exit): the output written to a file, to a pipe, and to standard error is
    complete, the exit code kept; an in-process call (click's ``main``, as the tests use) registers nothing."""
    import shutil

    from meshc.ir import print_op
    from meshc.parser import parse

    lines = ["func.func @f(%a: f32) -> f32 {"]
    for i in range(2000):
        lines.append(f"  %v{i} = arith.addf {'%a' if i == 0 else f'%v{i - 1}'}, %a : f32")
    lines += ["  return %v1999 : f32", "}", ""]
    src = tmp_path / "long.mlir"
    src.write_text("\n".join(lines))
    expected = print_op(parse(src.read_text(), str(src)))
    out = tmp_path / "out.mlir"
    meshc = [sys.executable, "-m", "meshc.cli"]
    to_file = subprocess.run(meshc + ["compile", "-p", "", str(src), "-o", str(out)], capture_output=True, text=True)
    assert to_file.returncode == 0 and to_file.stdout == ""
    assert out.read_text() == expected
    to_pipe = subprocess.run(meshc + ["compile", "-p", "", str(src)], capture_output=True, text=True)
    assert to_pipe.returncode == 0 and to_pipe.stdout == expected
    opt = shutil.which("meshc-opt", path=str(__import__("pathlib").Path(sys.executable).parent))
    assert opt is not None
    via_opt = subprocess.run([opt, str(src)], capture_output=True, text=True)
    assert via_opt.returncode == 0 and via_opt.stdout.count("arith.addf") == 2000
    bad = tmp_path / "bad.mlir"
    bad.write_text("func.func @f() {\n  %x = arith.addf %y, %y : f32\n  return\n}\n")
    failed = subprocess.run(meshc + ["compile", str(bad)], capture_output=True, text=True)
    assert failed.returncode == 1 and "use of undeclared SSA value name '%y'" in failed.stderr
    probe = subprocess.run([sys.executable, "-c", textwrap.dedent("""\
        import atexit, gc
        from click.testing import CliRunner
        import meshc.commands._common as common
        from meshc.cli import main
        assert CliRunner().invoke(main, ["--help"]).exit_code == 0
        print(common._leaving)
        """)], capture_output=True, text=True, check=True)
    assert probe.stdout.strip() == "False"
