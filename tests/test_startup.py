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
