"""The ``import meshc`` API (meshc/__init__.py) and ``Module.print``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

import meshc
import meshc.api as mc
from meshc.cli import main
from meshc.passes.registry import UNROLLED_PIPELINE

UNROLLED = ",".join(UNROLLED_PIPELINE)  # the default pipeline with unroll: meshc compile --emit=unrolled

ROOT = Path(__file__).resolve().parent.parent
SEED = str(ROOT / "samples/seed_matmul_rows.mlir")
MESH2D = str(ROOT / "tests/data/mesh2d_peered.mlir")


def seed_inputs():
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    b = np.arange(6, dtype=np.float32).reshape(3, 2) - 2.0
    return a, b, np.zeros((2, 2), np.float32)


def test_import_meshc_and_the_cli_import_nothing_heavy():
    code = ("import sys, meshc, meshc.cli; "
            "print(sorted(m for m in sys.modules if m.startswith('meshc.') or m in ('numpy', 'lark')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['meshc.cli']"


def test_every_public_name_resolves_and_unknown_names_raise():
    for name in meshc.__all__:
        assert getattr(meshc, name) is not None
    assert meshc.Module.__name__ == "ModuleOp"
    with pytest.raises(AttributeError, match="module 'meshc' has no attribute 'nope'"):
        meshc.nope  # noqa: B018


def test_layout_and_explain_are_callable_and_still_their_modules():
    import meshc.explain as explain_module
    import meshc.layout as layout_module
    from meshc.layout import TensorLayout

    assert meshc.layout is layout_module and meshc.explain is explain_module
    assert meshc.layout.TensorLayout is TensorLayout and callable(meshc.layout) and callable(meshc.explain)
    assert meshc.explain.ExplainReport is meshc.ExplainReport


def test_parse_takes_a_path_or_text_and_print_round_trips():
    from_path = meshc.parse(SEED)
    from_text = meshc.parse(Path(SEED).read_text())
    assert isinstance(from_path, meshc.Module)
    text = from_path.print()
    assert text == from_text.print() and meshc.parse(text).print() == text
    generic = from_path.print(generic=True)
    assert generic.startswith('"builtin.module"() ({') and '"linalg.matmul"' in generic
    assert meshc.parse(generic).print() == text


def test_parse_error_carries_location_and_message():
    with pytest.raises(meshc.DiagnosticError) as info:
        meshc.parse("func.func @f(%x: f32) -> f32 {\n  return %y : f32\n}\n")
    assert (info.value.location.line, info.value.location.col) == (2, 10)
    assert info.value.message == "use of undeclared SSA value name '%y'"


def test_compile_returns_a_compiled_copy_and_leaves_the_module_alone():
    module = meshc.parse(SEED)
    before = module.print()
    distributed = meshc.compile(module, "sharding-propagation,distribute-types")
    assert module.print() == before
    assert "tensor<2x3xf32, #mesh.shard<@mesh, [[0]]>>" in distributed.print()
    assert "mesh.shard %" not in distributed.print()
    assert meshc.compile(module, "").print() == before
    full = meshc.compile(module).print()  # the default pipeline stops at stage 5: one program for all devices
    assert "@main_sharded" not in full and "mesh.for_all on @mesh" in full
    unrolled = meshc.compile(module, UNROLLED).print()  # the seed's per-device form
    assert "func.func private @main_sharded" in unrolled and unrolled.count("mesh.for_one") == 2
    assert module.print() == before


def test_compile_mesh_shape_overrides_the_static_mesh():
    module = meshc.compile(meshc.parse(SEED), UNROLLED, "mesh=4")  # unrolled: a shard type per device
    text = module.print()
    assert "mesh.mesh @mesh(shape = 4, peered_memory_axes = [0])" in text
    # 2 rows over 4 devices: shards of 0, 0, 1, 1 rows (the balanced rule), so empty 0x3 shards of %arg0 exist
    assert "tensor<0x3xf32>" in text and "tensor<1x3xf32>" in text


def test_override_mesh_shapes_notes_and_unknown_names():
    module = meshc.parse(SEED)
    assert mc.mesh_names(module) == ["mesh"]
    # a chunk of a split input ignores the meshes it does not declare; the others are overridden with a note
    assert mc.override_mesh_shapes(module, {"q": (3,)}, ignore_unknown=True) == []
    assert mc.override_mesh_shapes(module, {"mesh": (4,), "q": (3,)}, ignore_unknown=True) == [
        "--mesh-shape mesh=4 overrides the static shape 2 of mesh @mesh"]
    assert mc.override_mesh_shapes(module, {"mesh": (4,)}) == []  # already 4: no note
    with pytest.raises(meshc.DiagnosticError, match=r"--mesh-shape names mesh '@q', which the module does not "
                                                    r"declare \(meshes: @mesh\)"):
        mc.override_mesh_shapes(module, {"q": (3,)})


def test_compile_errors_are_typed_and_located():
    with pytest.raises(meshc.PipelineError) as info:
        meshc.compile(meshc.parse(SEED), "cse,canonicalise")
    assert (info.value.location.file, info.value.location.col) == ("<pass-pipeline>", 5)
    with pytest.raises(meshc.DiagnosticError, match="--mesh-shape names mesh '@m'"):
        meshc.compile(meshc.parse(SEED), None, {"m": (4,)})


def test_run_matches_numpy_and_reports_per_device_stats():
    a, b, out = seed_inputs()
    module = meshc.parse(SEED)
    result = meshc.run(module, [a, b, out], check=True)
    np.testing.assert_array_equal(result.outputs[0], a @ b)
    assert result.check_ok and [c.ok for c in result.comparisons] == [True]
    # device 0 holds a row of arg0 (12 B), all of arg1 (24 B) and a row of the result (8 B) = 44 B; device 1
    # reads arg1 in place from device 0 (24 B of peer traffic) and holds 12 + 8 = 20 B.
    stats = [(d.kernels, d.peak_bytes, d.peer_read_bytes) for d in result.stats.devices]
    assert stats == [(1, 44, 0), (1, 20, 24)]
    by_name = meshc.run(module, {"arg0": a, "arg1": b, "out_dps": out}, mesh_shape="mesh=4")
    np.testing.assert_array_equal(by_name.outputs[0], a @ b)
    assert len(by_name.stats.devices) == 4
    np.testing.assert_array_equal(meshc.run_reference(module, [a, b, out]).outputs[0], a @ b)


def test_run_rejects_inputs_of_the_wrong_shape():
    a, b, out = seed_inputs()
    with pytest.raises(meshc.DiagnosticError, match=r"argument #0 \(%arg0\) has shape \[3, 2\], expected \[2, 3\]"):
        meshc.run(meshc.parse(SEED), [a.T.copy(), b, out])


def test_explain_reports_the_all_reduce_bytes():
    # a 32x32 f32 partial block (4096 B) reduced over 4 devices: 2 * 3 * 1024 = 6144 B per device.
    report = meshc.explain(meshc.parse(MESH2D), strategy="collectives")
    assert isinstance(report, meshc.ExplainReport)
    assert [e.location.line for e in report.lines] == [12, 13]
    assert report.lines[1].message.endswith("each device receives 6144 B")


def test_layout_agrees_with_the_cli_json():
    # seed 002's example: [56, 56, 30] -> 2-D [3136, 30], 64 shards of [49, 30] aligned to [64, 32] each:
    # [4096, 32] = 128 tiles of 2048 B = 262144 B, 2 tiles (4096 B) per core.
    report = meshc.layout((56, 56, 30), layout="tile", memory_layout="height_sharded", shard_shape=(49, 30))
    assert (report.physical_shape, report.num_pages, report.buffer_bytes, report.bytes_per_core) == \
        ((4096, 32), 128, 262144, 4096)
    cli = CliRunner().invoke(main, ["layout", "--shape", "56x56x30", "--layout", "tile", "--memory-layout",
                                    "height_sharded", "--shard-shape", "49x30", "--json"])
    assert cli.exit_code == 0 and json.loads(cli.output) == report.to_json()
    same = meshc.layout("56x56x30", layout="tile", memory_layout="height_sharded", shard_shape="49x30")
    assert same == report


def test_layout_errors_are_layout_errors():
    with pytest.raises(meshc.LayoutError, match=r"TILE shard shape \[49, 30\] is not a multiple of the tile 32x32"):
        meshc.layout("56x56x30", layout="tile", memory_layout="height_sharded", shard_shape="49x30",
                     rules="physical")
    with pytest.raises(ValueError, match="bad shape '5y4'"):
        meshc.layout("5y4")
