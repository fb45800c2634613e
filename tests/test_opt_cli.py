"""``meshc-opt`` (meshc/opt.py): mlir-opt's command line, its errors and exit codes, the upstream
pass names of the registry's alias table (meshc/passes/aliases.py). The lit files under
tests/lit/meshc-opt/ run it as a drop-in with upstream-style RUN lines."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from meshc.opt import Invocation, UsageError, compile_args, help_text, main, parse_args, resolve_pipeline
from meshc.passes.aliases import expand, known_names, meshc_names
from meshc.passes.base import PassContext
from meshc.passes.manager import build
from meshc.passes.pipeline import PipelineError, format_pipeline, parse_pipeline
from meshc.passes.registry import ALIASES, PASSES, pass_class

PROGRAM = """mesh.mesh @m(shape = 2)
func.func @f(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %dead = arith.constant 7 : i32
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<4x4xf32>
  %e = tensor.empty() : tensor<4x4xf32>
  %y = linalg.exp ins(%xs : tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %y : tensor<4x4xf32>
}
"""
UNKNOWN_OP = """func.func @g(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "foo.bar"(%x) {k = 3 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
"""


@pytest.fixture
def program(tmp_path) -> Path:
    p = tmp_path / "in.mlir"
    p.write_text(PROGRAM)
    return p


def run(capsys, *args: str) -> tuple[int, str, str]:
    """``meshc-opt ARGS`` in this process: (exit code, stdout, stderr)."""
    code = 0
    try:
        main(list(args))
    except SystemExit as err:
        code = err.code if isinstance(err.code, int) else (0 if err.code is None else 1)
    out, err = capsys.readouterr()
    return code, out, err


# ------------------------------------------------------------------ no pass, input, output
def test_no_pass_only_parses_verifies_and_prints(capsys, program):
    code, out, err = run(capsys, str(program))
    assert (code, err) == (0, "")
    assert "%c7_i32 = arith.constant 7 : i32" in out  # nothing ran, not even canonicalize; mlir-opt's name
    assert "#mesh.shard" not in out  # nor the default pipeline of 'meshc compile'
    assert out.startswith("module {\n  mesh.mesh @m(shape = 2)\n")


def test_print_debuginfo_follows_each_op_with_its_source_location(capsys, program):
    code, out, err = run(capsys, "--mlir-print-debuginfo", str(program))
    assert (code, err) == (0, "")
    where = str(program)
    assert f'%c7_i32 = arith.constant 7 : i32 loc("{where}":3:11)' in out
    assert f'mesh.mesh @m(shape = 2) loc("{where}":1:1)' in out
    assert f'return %y : tensor<4x4xf32> loc("{where}":7:3)' in out
    assert f'}} loc("{where}":2:1)' in out  # the function, after its body
    # and a pass's own ops: canonicalize folds nothing here, so every op keeps its line
    code, out, _ = run(capsys, "--mlir-print-debuginfo", "--canonicalize", str(program))
    assert code == 0 and f'linalg.exp ins(%xs : tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) -> ' \
        f'tensor<4x4xf32> loc("{where}":6:8)' in out


def test_location_text_quotes_the_file_and_marks_unknown_positions():
    from meshc.ir.location import UNKNOWN_LOC, Location
    from meshc.ir.printer import location_text

    assert location_text(Location('a "b"\\c.mlir', 3, 4)) == 'loc("a \\"b\\"\\\\c.mlir":3:4)'
    assert location_text(UNKNOWN_LOC) == "loc(unknown)"


def test_output_file(capsys, program, tmp_path):
    target = tmp_path / "out.mlir"
    code, out, err = run(capsys, "-o", str(target), "--canonicalize", str(program))
    assert (code, out, err) == (0, "", "")
    text = target.read_text()
    assert "arith.constant 7" not in text and "linalg.exp" in text


def test_console_script_reads_stdin():
    exe = Path(sys.executable).with_name("meshc-opt")
    env = dict(os.environ, NO_COLOR="1")
    for args in ([], ["-"]):
        proc = subprocess.run([str(exe), *args, "-cse"], input=PROGRAM, capture_output=True, text=True, env=env)
        assert proc.returncode == 0, proc.stderr
        assert "linalg.exp ins(%xs : tensor<4x4xf32>)" in proc.stdout


def test_missing_input_file(capsys, tmp_path):
    code, out, err = run(capsys, str(tmp_path / "nope.mlir"))
    assert code == 1 and out == ""
    assert "could not open input file" in err and "Traceback" not in err


def test_single_and_double_dash_are_the_same(capsys, program):
    results = {run(capsys, a, b, str(program)) for a, b in [("--canonicalize", "--cse"), ("-canonicalize", "-cse"),
                                                            ("--pass-pipeline=canonicalize,cse", "--verify-each")]}
    assert len(results) == 1
    code, out, _ = results.pop()
    assert code == 0 and "arith.constant 7" not in out


# ------------------------------------------------------------------ unregistered dialects
def test_unknown_op_is_an_error_without_allow_unregistered_dialect(capsys, tmp_path):
    p = tmp_path / "u.mlir"
    p.write_text(UNKNOWN_OP)
    code, out, err = run(capsys, str(p))
    assert code == 1 and out == ""
    assert f"{p}:2:8: error: 'foo.bar' op is not registered (dialect 'foo' is unknown to meshc)" in err
    assert "--allow-unregistered-dialect" in err


def test_unknown_op_round_trips_with_allow_unregistered_dialect(capsys, tmp_path):
    p = tmp_path / "u.mlir"
    p.write_text(UNKNOWN_OP)
    code, generic, err = run(capsys, "--allow-unregistered-dialect", "--mlir-print-op-generic", str(p))
    assert (code, err) == (0, "")
    assert '"foo.bar"(' in generic and '"func.func"()' in generic
    again = tmp_path / "g.mlir"
    again.write_text(generic)
    code, second, _ = run(capsys, "-allow-unregistered-dialect", "-mlir-print-op-generic", str(again))
    assert code == 0 and second == generic


def test_unknown_op_of_a_known_dialect_says_so(capsys, tmp_path):
    p = tmp_path / "u.mlir"
    p.write_text(UNKNOWN_OP.replace("foo.bar", "arith.frob"))
    code, _, err = run(capsys, str(p))
    assert code == 1 and "dialect 'arith' has no op of this name in meshc" in err


# ------------------------------------------------------------------ command-line errors
@pytest.mark.parametrize("args,message", [
    (["--canonicalise"], "unknown option or pass '--canonicalise'; did you mean '--canonicalize'?"),
    (["-shard-partiton"], "did you mean '--shard-partition'"),
    (["--frobnicate-everything"], "unknown option or pass '--frobnicate-everything' ('meshc-opt --help' lists them)"),
    (["--cse", "--pass-pipeline=cse"], "'--pass-pipeline' cannot be used together with pass options ('--cse')"),
    (["a.mlir", "b.mlir"], "one input file at most, got 2: 'a.mlir', 'b.mlir'"),
    (["-o"], "'-o' needs a value (FILE)"),
    (["--verify-each=maybe"], "'--verify-each' expects true or false, got 'maybe'"),
    (["--iree-dispatch-creation-fuse-encoding-ops-into-dispatch-regions-pass"],
     "has no meshc equivalent: meshc forms no dispatch regions"),
])
def test_usage_errors(capsys, args, message):
    code, out, err = run(capsys, *args)
    assert code == 1 and out == ""
    assert err.startswith("meshc-opt: error: ") and message in err, err


@pytest.mark.parametrize("pipeline,col,message", [
    ("builtin.module(func.func(canonicalise))", 26, "unknown pass 'canonicalise'; did you mean 'canonicalize'?"),
    ("builtin.module(func.func(cse)", 30, "expected ')' to close the nested pipeline"),
    ("cse,,canonicalize", 5, "expected a pass or op name"),
    ("sharding-propagation{traversal=sideways}", 22, "option 'traversal' expects one of forward, backward, "
                                                     "forward-backward, backward-forward, got 'sideways'"),
    ("func.func(shard-partition{ordering=x})", 27, "pass 'shard-partition' has no option 'ordering' in meshc "
                                                   "(it takes no options)"),
    ("iree-dispatch-creation-set-encoding{encoding-option=matmulk}", 37, "meshc supports only 'generic', got 'matmulk'"),
    ("builtin.module(util.func(iree-dispatch-creation-fuse-encoding-ops-into-dispatch-regions-pass))", 26,
     "'iree-dispatch-creation-fuse-encoding-ops-into-dispatch-regions-pass' (IREE) has no meshc equivalent"),
    ("canonicalize{max-iterations=many}", 14, "option 'max-iterations' expects an integer, got 'many'"),
    ("canonicalize{max-iterations=-5}", 14, "option 'max-iterations' expects an integer >= -1 (-1: no limit), "
                                            "got '-5'"),
    ("builtin.module(inline{max-ops=-3})", 23, "option 'max-ops' expects an integer >= 0, got '-3'"),
])
def test_pipeline_errors_are_located_in_the_pipeline(capsys, program, pipeline, col, message):
    code, out, err = run(capsys, f"--pass-pipeline={pipeline}", str(program))
    assert code == 1 and out == ""
    lines = err.splitlines()
    assert lines[0].startswith(f"<pass-pipeline>:1:{col}: error: ") and message in lines[0], err
    assert lines[1] == pipeline and lines[2] == " " * (col - 1) + "^"


def test_pass_flag_option_errors_are_located(capsys, program):
    code, _, err = run(capsys, "--canonicalize=max-iterations=x", str(program))
    assert code == 1
    assert err.splitlines()[:3] == ["<pass-pipeline>:1:14: error: option 'max-iterations' expects an integer, got 'x'",
                                    "canonicalize{max-iterations=x}", "             ^"]


def test_print_ir_after_an_unknown_pass(capsys, program):
    code, _, err = run(capsys, "--mlir-print-ir-after=shard-partiton", "-cse", str(program))
    assert code == 1
    assert "--mlir-print-ir-after: unknown pass 'shard-partiton'; did you mean 'shard-partition'" in err


# ------------------------------------------------------------------ the translation to meshc compile
def test_compile_args_wire_every_option():
    inv = parse_args(["--split-input-file", "--verify-diagnostics", "-mlir-print-op-generic", "--mlir-timing",
                      "--mlir-print-ir-after-change", "--mlir-print-ir-after-failure", "--mlir-print-ir-before-all",
                      "--mlir-print-ir-after-all", "--mlir-print-ir-after=mesh-spmdization", "--verify-each=false",
                      "--mlir-disable-threading", "-o", "out.mlir", "in.mlir"])
    args = compile_args(inv, "cse")
    assert args[:2] == ["-p", "cse"] and args[-2:] == ["--", "in.mlir"]
    for flag in ("--split-input-file", "--verify-diagnostics", "--generic", "--timing", "--print-ir-after-change",
                 "--print-ir-after-failure", "--print-ir-before-all", "--print-ir-after-all", "--no-verify-each"):
        assert flag in args
    assert args[args.index("--output") + 1] == "out.mlir"
    after = [args[i + 1] for i, a in enumerate(args) if a == "--print-ir-after"]
    assert after == ["sharding-propagation", "distribute-types", "reshard", "partition", "local-view"]
    assert "--verify-each" in compile_args(parse_args([]), "") and "--no-verify-each" not in compile_args(
        parse_args([]), "")


def test_verify_each_false_reaches_the_pass_manager(capsys, program, monkeypatch):
    import meshc.passes.manager as manager

    seen = []
    real = manager.PassManager.from_text.__func__

    def spy(cls, text, context=None, **kwargs):
        seen.append(kwargs.get("verify_each"))
        return real(cls, text, context, **kwargs)

    monkeypatch.setattr(manager.PassManager, "from_text", classmethod(spy))
    assert run(capsys, "--verify-each=false", "-cse", str(program))[0] == 0
    assert run(capsys, "-cse", str(program))[0] == 0
    assert seen == [False, True]


def test_passes_run_in_command_line_order():
    inv = parse_args(["--symbol-dce", "-cse", "--canonicalize=max-iterations=3", "-sharding-propagation"])
    assert inv.pass_flags == [("symbol-dce", None), ("cse", None), ("canonicalize", "max-iterations=3"),
                              ("sharding-propagation", None)]
    from meshc.opt import pipeline_text

    assert resolve_pipeline(pipeline_text(inv)) == \
        ("builtin.module(symbol-dce,cse,canonicalize{max-iterations=3},"
         "sharding-propagation{traversal=backward-forward annotations=per-use})")


def test_no_pass_is_an_empty_pipeline():
    from meshc.opt import pipeline_text

    assert pipeline_text(Invocation()) == "" and resolve_pipeline("") == ""


# ------------------------------------------------------------------ the alias table
def test_every_alias_builds_and_maps_its_options_to_real_options():
    for name, alias in ALIASES.items():
        if not alias.pipeline:
            assert alias.differences, name
            continue
        specs = parse_pipeline(alias.pipeline)
        build(specs, PassContext())  # every pass and option of the replacement exists
        in_pipeline = {s.name for s in specs}
        for opt in alias.options:
            if opt.target is None:
                assert opt.accepted, (name, opt)
                continue
            target_pass, _, target_option = opt.target.partition(".")
            assert target_pass in in_pipeline, (name, opt)
            assert target_option in {o.name for o in pass_class(target_pass).options}, (name, opt)


def test_alias_options_are_passed_on():
    specs = expand(parse_pipeline("builtin.module(func.func(sharding-propagation{traversal=forward}))"))
    # upstream's output form comes with the name (meshc's own default is per-value)
    assert format_pipeline(specs) == "func.func(sharding-propagation{traversal=forward annotations=per-use})"
    specs = expand(parse_pipeline("sharding-propagation{annotations=per-value}"))
    assert format_pipeline(specs) == "sharding-propagation{traversal=backward-forward annotations=per-value}"
    specs = expand(parse_pipeline("iree-dispatch-creation-set-encoding{encoding-option=generic}"))
    assert format_pipeline(specs) == "set-encoding"


def test_module_passes_leave_function_nests():
    specs = expand(parse_pipeline("builtin.module(func.func(cse,shard-partition,test-single-fold),symbol-dce)"))
    assert format_pipeline(specs) == ("func.func(cse,sharding-propagation,distribute-types),"
                                      "reshard{strategy=collectives},partition,local-view,func.func(canonicalize),symbol-dce")
    assert format_pipeline(expand(parse_pipeline("util.func(propagate-encodings)"))) == "propagate-encodings"
    assert format_pipeline(expand(parse_pipeline("any(cse)"))) == "any(cse)"


def test_accepted_names_and_what_they_run():
    names = known_names()
    assert set(PASSES) <= set(names)
    assert {"shard-partition", "mesh-spmdization", "test-constant-fold", "iree-dispatch-creation-set-encoding"} \
        <= set(names)
    assert "iree-dispatch-creation-fuse-encoding-ops-into-dispatch-regions-pass" not in names
    assert meshc_names("iree-dispatch-creation-hoist-encoding-ops") == ["hoist-encoding-ops"]
    assert meshc_names("cse") == ["cse"]
    assert meshc_names("test-constant-fold") == ["canonicalize"]
    with pytest.raises(PipelineError, match="unknown pass 'nope'"):
        meshc_names("nope")


def test_help_lists_every_pass_and_alias(capsys):
    code, out, _ = run(capsys, "--help")
    assert code == 0 and out == help_text()
    for name in list(PASSES) + list(ALIASES):
        assert f"  --{name}" in out, name
    for option in ("--split-input-file", "--verify-diagnostics", "--allow-unregistered-dialect",
                   "--mlir-print-ir-after-all", "--mlir-timing", "--verify-each=BOOL", "--mlir-disable-threading"):
        assert option in out
    assert run(capsys, "-h")[1] == out


def test_usage_error_type():
    with pytest.raises(UsageError, match="one input file at most"):
        parse_args(["a", "b"])


def test_the_docs_table_is_the_alias_table():
    page = (Path(__file__).resolve().parent.parent / "docs" / "meshc-opt.md").read_text()
    section = page.split("## Upstream pass names", 1)[1].split("\n## ", 1)[0]
    rows = [line.split(" | ") for line in section.splitlines() if line.startswith("| `")]
    shown = {r[0].strip("| `"): r[2] for r in rows}
    assert set(shown) == set(ALIASES)
    for name, alias in ALIASES.items():
        runs = shown[name]
        if runs.startswith("the same as "):  # "the same as `other`"
            runs = shown[runs.removeprefix("the same as ").strip("`")]
        assert runs == (f"`{alias.pipeline}`" if alias.pipeline else "(an error)"), name


def test_the_default_pipeline_spelled_out_prints_what_meshc_compile_prints(capsys):
    # with the source names meshc compile keeps (meshc-opt names constants as mlir-opt: --value-names)
    # and the attributes in place (meshc-opt prints the sample's #map aliases back: --mlir-print-local-scope)
    from click.testing import CliRunner

    from meshc.cli import main as meshc_main
    from meshc.passes.registry import DEFAULT_PIPELINE

    sample = str(Path(__file__).resolve().parent.parent / "samples" / "mlp_tensor_parallel.mlir")
    # meshc's own default traversal: meshc-opt's bare 'sharding-propagation' is upstream's (backward-forward)
    # and meshc's own output form: meshc-opt's is upstream's (annotations=per-use)
    steps = ["sharding-propagation{traversal=forward-backward annotations=per-value}" if p == "sharding-propagation"
             else p
             for p in DEFAULT_PIPELINE]
    code, out, err = run(capsys, f"--pass-pipeline={','.join(steps)}", "--value-names=source",
                         "--mlir-print-local-scope", sample)
    assert (code, err) == (0, "")
    compiled = CliRunner().invoke(meshc_main, ["compile", sample])
    assert compiled.exit_code == 0 and "mesh.for_all" in out
    assert out == compiled.output


def test_version(capsys):
    from importlib.metadata import version

    code, out, err = run(capsys, "--version")
    assert (code, err) == (0, "") and out == f"meshc-opt (meshc) {version('meshc')}\n"


def test_value_names_choose_mlir_opts_constant_names_or_the_sources(capsys, tmp_path):
    src = tmp_path / "c.mlir"
    src.write_text("func.func @f() -> (i64, index, f32, i64) {\n  %a = arith.constant 2 : i64\n"
                   "  %b = arith.constant 8 : index\n  %c = arith.constant 0.5 : f32\n  %d = arith.constant 2 : i64\n"
                   "  return %a, %b, %c, %d : i64, index, f32, i64\n}\n")
    code, out, err = run(capsys, str(src))
    assert (code, err) == (0, "")
    assert "return %c2_i64, %c8, %cst, %c2_i64_0 : i64, index, f32, i64" in out
    code, out, err = run(capsys, "--value-names=source", str(src))
    assert code == 0 and "return %a, %b, %c, %d : i64, index, f32, i64" in out
    code, out, err = run(capsys, "--value-names=mlir", str(src))
    assert code == 1 and "'--value-names' expects one of asm, source, got 'mlir'" in err


def test_a_value_option_given_twice_is_refused_as_mlir_opt_does():
    with pytest.raises(UsageError, match=r"'-p': '--pass-pipeline' may only be given once \(it was given 'cse' before\)"):
        parse_args(["--pass-pipeline=cse", "-p", "canonicalize", "in.mlir"])
    with pytest.raises(UsageError, match="'--spelling' may only be given once"):
        parse_args(["--spelling", "shard", "--spelling=mesh19", "in.mlir"])
    assert parse_args(["-p", "cse", "in.mlir"]).values["pass-pipeline"] == "cse"


def test_linalg_generalize_named_ops_writes_named_ops_as_generics_that_compute_the_same(capsys, tmp_path):
    """Upstream's pass name (samples/real/README.md runs iree-opt --linalg-generalize-named-ops)."""
    src = Path(__file__).resolve().parent / "data" / "real" / "mlp.func.linalg.mlir"
    out = tmp_path / "g.mlir"
    code, _, err = run(capsys, "--linalg-generalize-named-ops", str(src), "-o", str(out))
    assert code == 0, err
    text = out.read_text()
    assert "linalg.matmul" not in text and "linalg.add" not in text
    assert ("linalg.generic {indexing_maps = [#map, #map1, #map2], iterator_types = [\"parallel\", \"parallel\", "
            "\"reduction\"]} ins(%arg0, %arg1 : tensor<64x256xf32>, tensor<256x1024xf32>)") in text
    assert "      %3 = arith.mulf %in, %in_0 : f32\n      %4 = arith.addf %out, %3 : f32\n" in text
    import numpy as np

    import meshc.api as mc

    inputs = dict(np.load(src.parent / "mlp.inputs.npz"))
    want = mc.run_reference(mc.parse(src.read_text(), str(src)), inputs).outputs
    got = mc.run_reference(mc.parse(text, str(out)), inputs).outputs
    np.testing.assert_array_equal(got[0], want[0])


# ------------------------------------------------------------------ mlir-opt / iree-opt flags of common RUN lines
CONSTANTS = """func.func @f() -> (tensor<8xf32>, tensor<2xf32>, tensor<100xf32>) {
  %a = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]> : tensor<8xf32>
  %b = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %c = arith.constant dense<1.0> : tensor<100xf32>
  return %a, %b, %c : tensor<8xf32>, tensor<2xf32>, tensor<100xf32>
}
"""


def test_large_dense_constants_are_elided_or_printed_in_hex_as_mlir_opt_does(capsys, tmp_path):
    src = tmp_path / "c.mlir"
    src.write_text(CONSTANTS)
    code, out, err = run(capsys, "--mlir-elide-elementsattrs-if-larger=4", str(src))
    assert (code, err) == (0, "")
    assert "    %cst = arith.constant dense_resource<__elided__> : tensor<8xf32>\n" in out
    assert "%cst_0 = arith.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>" in out  # small: kept
    assert "%cst_1 = arith.constant dense<1.000000e+00> : tensor<100xf32>" in out  # a splat is never elided
    code, out, _ = run(capsys, "--mlir-print-elementsattrs-with-hex-if-larger", "4", str(src))
    assert code == 0
    assert ('%cst = arith.constant dense<"0x0000803F0000004000004040000080400000A0400000C0400000E04000000041"> : '
            'tensor<8xf32>') in out
    assert "dense<[1.000000e+00, 2.000000e+00]>" in out and "dense<1.000000e+00> : tensor<100xf32>" in out
    big = tmp_path / "big.mlir"  # 70 elements: meshc prints hex above 64 by default, -1 never
    values = ", ".join(f"{k}.0" for k in range(70))
    big.write_text(f"func.func @g() -> tensor<70xf32> {{\n  %a = arith.constant dense<[{values}]> : tensor<70xf32>\n"
                   "  return %a : tensor<70xf32>\n}\n")
    assert 'dense<"0x000000000000803F' in run(capsys, str(big))[1]
    code, out, _ = run(capsys, "--mlir-print-elementsattrs-with-hex-if-larger=-1", str(big))
    assert code == 0 and "dense<[0.000000e+00, 1.000000e+00, 2.000000e+00," in out and 'dense<"' not in out
    code, _, err = run(capsys, "--mlir-elide-elementsattrs-if-larger=many", str(src))
    assert (code, err) == (1, "meshc-opt: error: '--mlir-elide-elementsattrs-if-larger' expects an integer, "
                              "got 'many'\n")
    from meshc.ir.attributes import DenseElementsAttr

    assert (DenseElementsAttr.ELIDE_THRESHOLD, DenseElementsAttr.HEX_THRESHOLD) == (None, 64)  # restored


def test_split_input_file_takes_a_marker_and_output_split_marker_joins_the_outputs(capsys, tmp_path):
    src = tmp_path / "s.mlir"
    src.write_text("func.func @a() {\n  return\n}\n// ==\nfunc.func @b() {\n  return\n}\n")
    code, out, err = run(capsys, "--split-input-file=// ==", "--output-split-marker=// ++", str(src))
    assert (code, err) == (0, "")
    assert out == ("module {\n  func.func @a() {\n    return\n  }\n}\n// ++\n"
                   "module {\n  func.func @b() {\n    return\n  }\n}\n")
    code, out, _ = run(capsys, "--split-input-file", str(src))  # the default marker is not in the file
    assert code == 0 and out.count("module {") == 1 and "// ++" not in out


def test_no_implicit_module_needs_one_top_level_module(capsys, tmp_path):
    two = tmp_path / "two.mlir"
    two.write_text("func.func @a() {\n  return\n}\nfunc.func @b() {\n  return\n}\n")
    code, _, err = run(capsys, "--no-implicit-module", str(two))
    assert code == 1
    assert err.startswith(f"{two}:1:1: error: source must contain a single top-level operation, found: 2\n")
    one = tmp_path / "one.mlir"
    one.write_text("func.func @a() {\n  return\n}\n")
    code, _, err = run(capsys, "--no-implicit-module", str(one))
    assert code == 1 and ("error: with --no-implicit-module, meshc needs the top-level operation to be a "
                          "'builtin.module', found 'func.func'") in err
    mod = tmp_path / "mod.mlir"
    mod.write_text("module {\n  func.func @a() {\n    return\n  }\n}\n")
    code, out, err = run(capsys, "--no-implicit-module", str(mod))
    assert (code, err, out) == (0, "", mod.read_text())


def test_verify_roundtrip_passes_on_what_meshc_prints(capsys, tmp_path):
    src = tmp_path / "c.mlir"
    src.write_text(CONSTANTS)
    code, out, err = run(capsys, "--verify-roundtrip", "--cse", str(src))
    assert (code, err) == (0, "")
    assert run(capsys, "--cse", str(src))[1] == out


def test_verify_roundtrip_reports_a_form_that_does_not_read_back(monkeypatch):
    from meshc.commands.compile import _verify_roundtrip
    from meshc.ir.location import DiagnosticError
    from meshc.parser import parse

    module = parse(CONSTANTS, "c.mlir")
    import meshc.ir.printer as printer

    real = printer.print_op
    monkeypatch.setattr(printer, "print_op", lambda op, generic=False, **kw: real(op, generic=generic, **kw)
                        .replace("tensor<2xf32>", "tensor<3xf32>", 1) if not generic else real(op, True, **kw))
    with pytest.raises(DiagnosticError, match="round trip failed: the output in the custom form does not read back"):
        _verify_roundtrip(module, True)


def test_disable_diagnostic_notes_prints_the_error_alone(capsys, tmp_path):
    src = tmp_path / "w.mlir"
    src.write_text("func.func @w(%x: f32) -> f32 {\n  %r = scf.while (%a = %x) : (f32) -> f32 {\n    scf.yield %a : "
                   "f32\n  } do {\n  ^bb0(%b: f32):\n    scf.yield %b : f32\n  }\n  return %r : f32\n}\n")
    code, _, err = run(capsys, str(src))
    assert code == 1 and f"{src}:3:5: note: terminator here" in err
    code, _, quiet = run(capsys, "--mlir-disable-diagnostic-notes", str(src))
    assert code == 1 and quiet == (f"{src}:2:8: error: 'scf.while' op expects the 'before' region to terminate with "
                                   "'scf.condition'\n  %r = scf.while (%a = %x) : (f32) -> f32 {\n       ^\n")
    code, _, again = run(capsys, str(src))
    assert again == err  # notes are back for the next command


@pytest.mark.parametrize("flag", ["--mlir-pretty-debuginfo", "--mlir-print-value-users"])
def test_flags_accepted_for_compatibility_change_nothing_and_are_documented(capsys, program, flag):
    code, out, err = run(capsys, flag, str(program))
    assert (code, err) == (0, "")
    assert out == run(capsys, str(program))[1]
    assert f"`{flag}`" in (Path(__file__).resolve().parent.parent / "docs" / "meshc-opt.md").read_text()
    assert flag in help_text()
