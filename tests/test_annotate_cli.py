"""``meshc annotate`` end to end, and the option decorators ``run``/``compile`` reuse: output that parses
back, -o safety, exit code 1 with a clear message (never a traceback) for every kind of bad request."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import click
import numpy as np
import pytest
from click.testing import CliRunner

import meshc.api as mc
from meshc.cli import main
from meshc.commands._annotate_options import annotation_options, parameters_option
from meshc.commands._common import MeshcCommand
from meshc.ir import print_op

REAL = Path(__file__).parent / "data" / "real"
MLP = str(REAL / "mlp.linalg.mlir")
ONNX = str(REAL / "onnx_mlp.linalg.mlir")


def run(*args: str):
    r = CliRunner().invoke(main, list(args))
    assert "Traceback" not in r.stderr
    return r


def meshc(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, NO_COLOR="1")
    env.pop("MESHC_DEBUG", None)
    return subprocess.run([sys.executable, "-m", "meshc", *args], capture_output=True, text=True, env=env)


def test_annotate_to_stdout_parses_back():
    r = run("annotate", MLP, "--mesh", "tp=4", "--shard", "arg1=[[], [0]]", "--shard", "%arg3=<@tp, [[0]]>",
            "--shard", "result0=[[]]")
    assert r.exit_code == 0, r.stderr
    out = r.stdout
    assert "mesh.mesh @tp(shape = 4)" in out
    assert "%arg1_s = mesh.shard %arg1 to <@tp, [[], [0]]> : tensor<256x1024xf32>" in out
    assert "%arg3_s = mesh.shard %arg3 to <@tp, [[0]]> : tensor<1024x256xf32>" in out
    assert "util.return %result0_s : tensor<64x256xf32>" in out
    m = mc.parse(out, "out.mlir")  # parses and verifies
    assert print_op(m) == out
    assert r.stderr == ""


def test_annotate_output_file_and_input_protection(tmp_path):
    out = tmp_path / "annotated.mlir"
    r = run("annotate", MLP, "-o", str(out), "--mesh", "tp=4,peered=0", "--shard", "0=[[0]]")
    assert r.exit_code == 0 and r.stdout == ""
    assert r.stderr == f"wrote {out}: 1 annotation(s) added, mesh(es) added: @tp\n"
    text = out.read_text()
    assert "mesh.mesh @tp(shape = 4, peered_memory_axes = [0])" in text
    # annotating the annotated file again with the same flags changes nothing
    r = run("annotate", str(out), "--mesh", "tp=4,peered=0", "--shard", "0=[[0]]")
    assert r.exit_code == 0 and r.stdout.rstrip("\n") == text.rstrip("\n")
    # never over the input
    copy = tmp_path / "in.mlir"
    copy.write_text(Path(MLP).read_text())
    r = run("annotate", str(copy), "-o", str(copy), "--mesh", "tp=4")
    assert r.exit_code == 1 and "refusing to overwrite the input file" in r.stderr
    assert copy.read_text() == Path(MLP).read_text()


def test_shardings_from_both_forms_then_run(tmp_path):
    outs = []
    for export in ("mlp_sharded.stablehlo.mlir", "mlp_sharded_gspmd.stablehlo.mlir"):
        r = run("annotate", MLP, "--shardings-from", str(REAL / export))
        assert r.exit_code == 0, r.stderr
        outs.append(r.stdout)
    assert outs[0] == outs[1]
    assert "mesh.mesh @mesh(shape = 2x4)" in outs[0]
    annotated = tmp_path / "mlp.annotated.mlir"
    annotated.write_text(outs[0])
    r = meshc("run", str(annotated), "--reference", "--inputs", str(REAL / "mlp.inputs.npz"),
              "--expected", str(REAL / "mlp.expected.npz"))
    assert r.returncode == 0, r.stderr
    assert "result0 vs 'out': ok max abs err" in r.stdout


@pytest.mark.parametrize("args,message", [
    (["--mesh", "tp=4", "--shard", "arg9=[[0]]"],
     "error: --shard arg9=[[0]]: @main has no argument named %arg9 (arguments: %arg0, %arg1, %arg2, %arg3, %arg4)"),
    (["--mesh", "tp=4", "--shard", "arg1=[[], [0]"], "Invalid value for '--shard': '[[], [0]': unexpected end at "
                                                      "column 9"),
    (["--mesh", "tp=4", "--shard", "arg1=[[], [], [0]]"], "the sharding has 3 split dims [[], [], [0]] but the "
                                                           "tensor 'tensor<256x1024xf32>' has rank 2"),
    (["--mesh", "tp=4", "--shard", "arg1=[[], [1]]"], "mesh axis 1 is out of range for mesh @tp of rank 1"),
    (["--mesh", "tp=4", "--mesh", "tp=8"], "error: --mesh tp=8: the module already has a different mesh @tp (tp=4)"),
    (["--mesh", "tp=0"], "Invalid value for '--mesh': 'tp=0': mesh axis sizes must be positive"),
    (["--shard", "arg1=[[0]]"], "the split axes [[0]] need a mesh and the module has none"),
    (["--shardings-from", "missing.stablehlo.mlir"], "could not open --shardings-from file 'missing.stablehlo.mlir'"),
    ([], "nothing to add: give --mesh, --shard, --shardings-from or --auto-shard"),
    (["--mesh", "tp=4", "--entry", "nope", "--shard", "0=[[0]]"], "no function named '@nope' (functions: @main)"),
])
def test_errors_exit_1_without_traceback(args, message):
    r = run("annotate", MLP, *args)
    assert r.exit_code == 1
    assert message in r.stderr and r.stdout == ""


def test_located_error_from_a_jax_export(tmp_path):
    bad = tmp_path / "bad.stablehlo.mlir"
    bad.write_text((REAL / "mlp_sharded.stablehlo.mlir").read_text().replace('{"model"}, {}]', '{"modl"}, {}]'))
    r = meshc("annotate", MLP, "--shardings-from", str(bad))
    assert r.returncode == 1 and "Traceback" not in r.stderr
    first = r.stderr.splitlines()[0]
    assert first.startswith(f"{bad}:3:") and "argument 3 of @main uses axis \"modl\", which mesh @mesh does not " \
                                                 "have (axes: data, model)" in first


@pytest.mark.parametrize("dims, count", [('[{"data"}]', 1), ('[{"data"}, {}, {}]', 3)])
def test_a_shardy_sharding_of_another_rank_than_its_tensor_is_a_located_error(tmp_path, dims, count):
    """Shardy requires one dim sharding per tensor dim; meshc's own form may leave trailing dims out, so
    the count is checked on the export, at the sharding's location there."""
    text = (REAL / "mlp_sharded.stablehlo.mlir").read_text()
    bad = tmp_path / "b.stablehlo.mlir"
    bad.write_text(text.replace('#sdy.sharding<@mesh, [{"data"}, {}]>', f"#sdy.sharding<@mesh, {dims}>", 1))
    r = meshc("annotate", str(REAL / "mlp.func.linalg.mlir"), "--shardings-from", str(bad))
    assert (r.returncode, r.stdout) == (1, "")
    line = bad.read_text().splitlines()[2]
    col = line.index("#sdy.sharding") + 1  # the first one, %arg0's
    plural = "s" if count != 1 else ""
    assert r.stderr.splitlines()[0] == (
        f"{bad}:3:{col}: error: the sharding of argument 0 of @main has {count} dim sharding{plural} but its type "
        f"'tensor<64x256xf32>' has rank 2: Shardy requires one per dimension (sharding doesn't match tensor rank: "
        f"{count} != 2)")


def test_a_gspmd_sharding_of_another_rank_than_its_tensor_is_a_located_error(tmp_path):
    text = (REAL / "mlp_sharded_gspmd.stablehlo.mlir").read_text()
    bad = tmp_path / "g.stablehlo.mlir"
    bad.write_text(text.replace("{devices=[2,1,4]<=[8] last_tile_dim_replicate}",
                                "{devices=[2,4]<=[8] last_tile_dim_replicate}", 1))
    r = meshc("annotate", str(REAL / "mlp.func.linalg.mlir"), "--shardings-from", str(bad))
    assert (r.returncode, r.stdout) == (1, "")
    col = bad.read_text().splitlines()[1].index('"{devices=[2,4]') + 1
    assert r.stderr.splitlines()[0] == (
        f"{bad}:2:{col}: error: the sharding of argument 0 of @main ('{{devices=[2,4]<=[8] last_tile_dim_replicate}}') "
        "has 1 tile dimension but its type 'tensor<64x256xf32>' has rank 2: XLA requires one tile dimension per "
        "tensor dimension, besides the replicated one")


def test_warning_for_a_global_never_loaded(tmp_path):
    f = tmp_path / "g.mlir"
    f.write_text("util.global private @v = dense<0.0> : tensor<4xf32>\n"
                 "func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {\n  return %x : tensor<4xf32>\n}\n")
    r = run("annotate", str(f), "--mesh", "m=2", "--shard", "@v=[[0]]")
    assert r.exit_code == 0
    assert "warning: --shard @v=[[0]]: global @v is never loaded; nothing to annotate" in r.stderr


def test_globals_of_the_onnx_model_with_entry():
    r = run("annotate", ONNX, "--entry", "onnx_mlp", "--mesh", "tp=4", "--shard", "@w1=[[], [0]]",
            "--shard", "@w2=[[0]]", "--shard", "x=[[]]")
    assert r.exit_code == 1 and "@onnx_mlp has no argument named %x (arguments: %arg0)" in r.stderr
    r = run("annotate", ONNX, "--entry", "onnx_mlp", "--mesh", "tp=4", "--shard", "@w1=[[], [0]]",
            "--shard", "@w2=[[0]]")
    assert r.exit_code == 0
    assert "%w1_s = mesh.shard %w1 to <@tp, [[], [0]]> : tensor<256x1024xf32>" in r.stdout
    assert "%w2_s = mesh.shard %w2 to <@tp, [[0]]> : tensor<1024x256xf32>" in r.stdout


# ---------------------------------------------------------------------------------------------- decorators
@click.command(cls=MeshcCommand)
@click.argument("input_path")
@annotation_options
@parameters_option
def probe(input_path, annotations, parameters):
    """A command built like run/compile would be: one decorator per group of options."""
    m = mc.parse(input_path)
    report = annotations.apply(m)
    tables = parameters.load()
    click.echo(f"meshes={report.added} inserted={len(report.inserted)} scopes={sorted(tables)} "
               f"given={bool(annotations)},{bool(parameters)}")
    for scope, table in tables.items():
        click.echo(f"{scope}: {sorted(table)}")


def test_decorators_give_one_object_each():
    r = CliRunner().invoke(probe, [ONNX, "--mesh", "tp=2", "--shard", "@w1=[[0]]",
                                   "--parameters", f"model={REAL / 'onnx_mlp.weights.npz'}"])
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines() == ["meshes=['tp'] inserted=1 scopes=['model'] given=True,True",
                                     "model: ['b1', 'b2', 'w1', 'w2']"]
    r = CliRunner().invoke(probe, [ONNX])
    assert r.stdout.splitlines() == ["meshes=[] inserted=0 scopes=[] given=False,False"]


def test_decorator_option_errors_exit_1():
    r = CliRunner().invoke(probe, [ONNX, "--parameters", "model="])
    assert r.exit_code == 1 and "Invalid value for '--parameters': 'model=' is not SCOPE=FILE" in r.stderr
    r = CliRunner().invoke(probe, [ONNX, "--shard", "@w1"])
    assert r.exit_code == 1 and "Invalid value for '--shard': '@w1' is not TARGET=AXES" in r.stderr
    r = CliRunner().invoke(probe, [ONNX, "--parameters", "model=w.irpa"])
    assert r.exit_code == 1 and "parameter file 'w.irpa' is not .npz or .safetensors" in r.stderr


def test_parameters_values_reach_the_command():
    r = CliRunner().invoke(probe, [ONNX, "--parameters", str(REAL / "onnx_mlp.weights.npz")])
    assert r.exit_code == 0 and r.stdout.splitlines()[-1] == ": ['b1', 'b2', 'w1', 'w2']"  # unnamed scope ""
    w = np.load(REAL / "onnx_mlp.weights.npz")
    assert w["w1"].shape == (256, 1024)


# -- --auto-shard in annotate, explain and show (README's command table) ---------------------------------
def test_annotate_auto_shard_writes_the_advisors_ir(tmp_path):
    out = tmp_path / "tp.mlir"
    r = run("annotate", MLP, "--auto-shard", "tp=4", "--explain", "-o", str(out))
    assert r.exit_code == 0, r.stderr
    text = out.read_text()
    assert "mesh.mesh @tp(shape = 4)" in text
    assert "mesh.shard %arg1 to <@tp, [[], [0]]>" in text and "mesh.shard %arg3 to <@tp, [[0]]>" in text
    assert "arg1 -> [[], [0]]: column-parallel weight" in r.stderr  # --explain's reasons
    # 3 argument shardings (arg1, arg2, arg3) + 1 operand annotation of the row-parallel product
    assert f"wrote {out}: 4 annotation(s) added, mesh(es) added: @tp" in r.stderr
    # the annotated IR runs like --auto-shard itself: same collectives
    plain = run("compile", MLP, "--auto-shard", "tp=4")
    again = run("compile", str(out))
    assert plain.exit_code == 0 and again.exit_code == 0
    assert again.stdout.count("mesh.all_reduce") == plain.stdout.count("mesh.all_reduce") == 1


def test_explain_and_show_take_auto_shard():
    r = run("explain", MLP, "--auto-shard", "tp=4")
    assert r.exit_code == 0, r.stderr
    assert "all_reduce mesh_axes = [0] reduction = sum" in r.stdout
    r = run("show", MLP, "--auto-shard", "tp=4", "--value", "%arg1")
    assert r.exit_code == 0, r.stderr
    # 1024 columns over 4 devices: four 256x256 blocks
    assert "sharding <@tp, [[], [0]]>" in r.stdout and "│256x256 │256x256 │256x256 │256x256 │" in r.stdout


@pytest.mark.parametrize("args, message", [
    (["--auto-shard", "tp=4", "--shard", "arg1=[[0]]"],
     "--shard cannot be combined with --auto-shard: --auto-shard tp=4 chooses the shardings itself"),
    (["--auto-shard", "tp=3", "--mesh", "m=3"],
     "--auto-shard tp=3 shards on its own mesh @tp of 3 devices, which conflicts with --mesh m=3"),
    (["--explain"], "--explain explains --auto-shard"),
    (["--auto-shard", "tp"], "Invalid value for '--auto-shard'"),
])
@pytest.mark.parametrize("command", ["annotate", "run", "compile", "explain", "show"])
def test_auto_shard_conflicts_are_usage_errors(command, args, message):
    extra = ["--random-inputs"] if command == "run" else []
    r = run(command, MLP, *extra, *args)
    assert r.exit_code == 1 and message in r.stderr, r.stderr


def test_shardings_from_type_mismatch_names_both_files():
    stablehlo = str(REAL / "attention_heads_first_sharded.stablehlo.mlir")
    r = run("annotate", MLP, "--shardings-from", stablehlo)
    assert r.exit_code == 1
    assert (f"argument 0 of @main in {stablehlo} (--shardings-from) has type tensor<2x16x64xf32> but argument 0 "
            f"of @main in {MLP} has type tensor<64x256xf32>") in r.stderr
