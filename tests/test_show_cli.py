"""``meshc show``: value choice, names as in the printed IR, --svg, errors; render_values for ``run --show``."""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console

from meshc.cli import main
from meshc.commands.show import distribute
from meshc.ir.location import DiagnosticError
from meshc.ir.printer import print_op
from meshc.parser import parse
from meshc.show import entry_values, render_values, tensor_values

DATA = Path(__file__).parent / "data"
MESH2D = str(DATA / "mesh2d_peered.mlir")
ROWSUM = str(DATA / "dynamic_mesh_rowsum.mlir")


def show(*args):
    return CliRunner().invoke(main, ["show", *args], env={"NO_COLOR": "1"})


def titles(stdout: str) -> list[str]:
    return [line.split(":")[0] for line in stdout.splitlines() if line.startswith("%")]


def test_default_is_arguments_and_results():
    result = show(MESH2D)
    assert result.exit_code == 0, result.stderr
    # %a, %b are the arguments; the result is %cs, the resharding point partial -> [[0]]
    assert titles(result.stdout) == ["%a", "%b", "%cs"]
    assert "%cs: result of mesh.shard, returned #0 in @main, tensor<64x32xf32>" in result.stdout


def test_all_lists_every_tensor_value_in_printed_order():
    result = show(MESH2D, "--all")
    assert result.exit_code == 0, result.stderr
    assert titles(result.stdout) == ["%a", "%b", "%e", "%f", "%2", "%c", "%cs"]


def test_names_match_the_printed_ir():
    module = parse((DATA / "mesh2d_peered.mlir").read_text(), "mesh2d_peered.mlir")
    distribute(module)
    printed = print_op(module)
    for name in ["%0", "%c", "%cs"]:
        assert f"  {name} = " in printed
        result = show(MESH2D, "--value", name)
        assert titles(result.stdout) == [name]
    # %0 is the mark-partial resharding point feeding the matmul's init
    assert "  %0 = mesh.shard %f to <@m, [[0]], partial = sum[1]>" in printed


def test_value_partial_marked_with_its_reduction():
    result = show(MESH2D, "--value", "c")  # '%' is optional
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert "partial: each holder has a partial value, sum over axis 1 (4 devices per reduction)" in out
    assert out.count("partial sum[1]") == 2 and "d0-d3" in out and "d4-d7" in out


def test_dynamic_mesh_uneven_shards():
    m3 = show(ROWSUM, "--value", "%x", "--mesh-shape", "m=3")
    m4 = show(ROWSUM, "--value", "%x", "--mesh-shape", "m=4")
    assert m3.exit_code == m4.exit_code == 0
    assert "sizes 3, 3, 4" in m3.stdout and "sizes 2, 2, 3, 3" in m4.stdout  # 10 over 3, 10 over 4
    assert [line[:5].strip() for line in m4.stdout.splitlines() if "├" in line] == ["2", "4", "7"]


def test_dynamic_mesh_without_shape_is_an_error():
    result = show(ROWSUM)
    assert result.exit_code == 1
    assert "error: mesh @m has dynamic shape ?; give its sizes with --mesh-shape m=4" in result.stderr
    assert "Traceback" not in result.stderr


def test_errors_exit_1():
    cases = [
        ((MESH2D, "--value", "%a", "--all"), "--value and --all cannot be combined"),
        ((MESH2D, "--value", "%nope"), "no tensor value named '%nope' in @main after sharding propagation "
                                       "(its tensor values: %a, %b, %e, %f, %2, %c, %cs)"),
        ((ROWSUM, "--mesh-shape", "q=2"), "Invalid value for '--mesh-shape': 'q=2' names mesh '@q', "
                                          "which the module does not declare (declared meshes: @m)"),
        ((ROWSUM, "--mesh-shape", "m=2x2"), "'mesh.mesh' op has rank 1; --mesh-shape m=2x2 has rank 2"),
        ((str(DATA / "real" / "mlp.linalg.mlir"),), "function @main has no sharded tensor value"),
        ((MESH2D, "--entry", "other"), "no function named '@other'"),
    ]
    # a static mesh is overridden, as `meshc run` does, with a note
    result = show(MESH2D, "--mesh-shape", "m=2x8")
    assert result.exit_code == 0 and "note: --mesh-shape m=2x8 overrides the static" in result.stderr
    for args, message in cases:
        result = show(*args)
        assert result.exit_code == 1, (args, result.output)
        assert message in result.stderr, (args, result.stderr)
        assert "Traceback" not in result.stderr


def test_svg_written(tmp_path):
    out = tmp_path / "pic.svg"
    result = show(MESH2D, "--svg", str(out))
    assert result.exit_code == 0, result.stderr
    root = ET.fromstring(out.read_text())
    rects = root.findall("{http://www.w3.org/2000/svg}rect")[1:]
    assert len(rects) == 8 + 4 + 2  # %a: 2x4 blocks, %b: 4, %cs: 2
    refused = show(MESH2D, "--svg", MESH2D)
    assert refused.exit_code == 1 and "refusing to overwrite the input file" in refused.stderr


@pytest.mark.parametrize("target", ["/dev/stdout", "-", "same"])
def test_svg_to_standard_output_is_the_svg_alone_with_the_text_on_stderr(tmp_path, target):
    import subprocess
    import sys

    out = tmp_path / "p.svg"
    where = out if target == "same" else target  # 'same': --svg p.svg while stdout is p.svg too
    with open(out, "w") as fh:
        r = subprocess.run([sys.executable, "-m", "meshc", "show", MESH2D, "--svg", str(where)], stdout=fh,
                           stderr=subprocess.PIPE, text=True, timeout=120, env={"NO_COLOR": "1", "PATH": ""})
    assert r.returncode == 0, r.stderr
    root = ET.fromstring(out.read_text())  # valid XML: nothing before or after the document
    assert len(root.findall("{http://www.w3.org/2000/svg}rect")[1:]) == 8 + 4 + 2
    assert titles(r.stderr) == ["%a", "%b", "%cs"] and "<svg" not in r.stderr
    plain = show(MESH2D)  # without --svg the text stays on standard output
    assert titles(plain.stdout) == ["%a", "%b", "%cs"]


def test_render_values_api_for_run_show():
    module = parse((DATA / "dynamic_mesh_rowsum.mlir").read_text(), "rowsum.mlir")
    distribute(module, {"m": (3,)})
    func = next(op for op in module.body.ops if op.name == "func.func")
    assert len(tensor_values(func)) == 9 and len(entry_values(func)) == 3  # %x; %rs, %ts
    out = io.StringIO()
    figures = render_values(module, entry_values(func), Console(file=out, color_system=None), mesh_shapes={"m": (3,)})
    assert [f.title.split(":")[0] for f in figures] == ["%x", "%rs", "%ts"]
    assert figures[0].picture.row_cuts == (0, 3, 6, 10)  # 10 over 3 -> 3, 3, 4
    assert "sizes 3, 3, 4" in out.getvalue()


def test_render_values_needs_the_distributed_form():
    module = parse((DATA / "mesh2d_peered.mlir").read_text(), "mesh2d_peered.mlir")  # no passes run
    func = next(op for op in module.body.ops if op.name == "func.func")
    with pytest.raises(DiagnosticError) as info:
        render_values(module, entry_values(func), Console(file=io.StringIO(), color_system=None))
    d = info.value.diagnostics[0]
    assert d.message == ("%a has no sharding in its type 'tensor<64x128xf32>' (run sharding-propagation and "
                         "distribute-types first)")
    # line 6 is 'func.func @main(%a: ...': %a starts after the 16 characters 'func.func @main('
    assert (d.location.line, d.location.col) == (6, 17)


# -- value names are those of 'meshc compile -p sharding-propagation' -------------------------------------------
SAMPLES = Path(__file__).resolve().parent.parent / "samples"
SAMPLE_ARGS = {"dynamic_mesh_rowsum": ["--mesh-shape", "m=4"], "dynamic_rows": ["--mesh-shape", "m=2x2", "--arg-shape", "x=10x8"]}
#: Passes before propagation that match a program's SAMPLE_ARGS (its dynamic dims at those sizes).
SAMPLE_PREFIX = {"dynamic_rows": "specialize-shapes{arg-shapes=x=10x8},"}


def propagated_types(program: Path, prefix: str = "") -> dict[str, str]:
    """Value name -> its type in the IR printed by 'meshc compile -p sharding-propagation' (results of
    single-result ops and function arguments; tensor types only)."""
    r = CliRunner().invoke(main, ["compile", "-p", prefix + "sharding-propagation", str(program)])
    assert r.exit_code == 0, r.output
    types = {}
    for name, t in re.findall(r"(%[\w.$-]+): (tensor<[^>]*>)", r.stdout):  # arguments
        types[name] = t
    lines = r.stdout.splitlines()
    for i, line in enumerate(lines):
        m = re.match(r"(\s*)(%[\w.$-]+) = .*: (?:.* -> )?(tensor<[^>]*>)$", line)
        if m:
            types[m.group(2)] = m.group(3)
            continue
        m = re.match(r"(\s*)(%[\w.$-]+) = .*\{$", line)  # an op with a region: '} -> T' closes it
        if m:
            end = next(ln for ln in lines[i + 1:] if ln.startswith(m.group(1) + "}"))
            found = re.search(r"-> (tensor<[^>]*>)$", end)
            if found:
                types[m.group(2)] = found.group(1)
    return types


@pytest.mark.parametrize("program", sorted(p.stem for p in SAMPLES.glob("*.mlir") if "mesh.mesh" in p.read_text()))
def test_all_names_values_as_printed_after_propagation(program):
    path = SAMPLES / f"{program}.mlir"
    result = show(str(path), "--all", *SAMPLE_ARGS.get(program, []))
    assert result.exit_code == 0, result.stderr
    printed = propagated_types(path, SAMPLE_PREFIX.get(program, ""))
    shown = re.findall(r"^(%[\w.$-]+): .*, (tensor<[^>]*>)$", result.stdout, re.M)
    assert shown, result.stdout
    for name, t in shown:
        assert printed.get(name) == t, (name, t, printed)


def test_value_accepts_the_users_names_kept_by_propagation():
    # samples/mlp_tensor_parallel.mlir: '%w1s = mesh.shard %w1 to <@tp, [[], [0]]>' (256x1024, columns over 4
    # devices: 256 each); '%0 = mesh.shard %e1 to <@tp, [[], [0]]> : tensor<64x1024xf32>' in the printed IR.
    result = show(str(SAMPLES / "mlp_tensor_parallel.mlir"), "--value", "%w1s", "--value", "%0", "--value", "xs")
    assert result.exit_code == 0, result.stderr
    assert titles(result.stdout) == ["%w1s", "%0", "%xs"]
    assert "%w1s: result of mesh.shard in @mlp, tensor<256x1024xf32>" in result.stdout
    assert "%0: result of mesh.shard in @mlp, tensor<64x1024xf32>" in result.stdout
    assert "%xs: result of mesh.shard in @mlp, tensor<64x256xf32>" in result.stdout


def test_update_halo_result_is_labelled_as_such():
    result = show(str(Path(__file__).parent / "data" / "show" / "halo23.mlir"), "--all")
    assert result.exit_code == 0, result.stderr
    assert "%h: result of mesh.update_halo, returned #0 in @main, tensor<7x10xf32>" in result.stdout
