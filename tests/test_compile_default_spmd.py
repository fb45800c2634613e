"""meshc compile's default pipeline stops at stage 5 (no unroll): the IR, the schedules from the SPMD
template, the unrolled form on request (--emit=unrolled, -p ...,unroll, --target), and the unrolled
fallback of a program the template does not handle (docs/pipeline.md, stage 6s)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import meshc.api as mc
from meshc.cli import main as meshc_main

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
MLP = SAMPLES / "mlp_tensor_parallel.mlir"
ROWSUM = SAMPLES / "dynamic_mesh_rowsum.mlir"
FOR_ONE = "sharding-propagation,distribute-types,reshard,partition{form=for_one},canonicalize"


def meshc(*args):
    return CliRunner().invoke(meshc_main, [str(a) for a in args])


def test_with_unroll_puts_unroll_after_the_last_distributing_pass():
    assert mc.with_unroll("partition,cse") == "partition,unroll,cse"
    assert mc.with_unroll("partition,fuse-spmd-regions,cse") == "partition,fuse-spmd-regions,unroll,cse"
    assert mc.with_unroll("canonicalize") == "canonicalize,unroll"
    assert mc.with_unroll("reshard{strategy=peer peer-tile=2x2},partition") == \
        "reshard{strategy=peer peer-tile=2x2},partition,unroll"
    assert mc.with_unroll("partition,unroll,cse") == "partition,unroll,cse"  # already unrolls
    assert mc.unrolls("builtin.module(unroll)") and not mc.unrolls(mc.default_pipeline())
    assert mc.unrolls(mc.default_pipeline("x86-avx2")) and mc.unrolls(mc.default_pipeline(unroll=True))
    assert mc.with_unroll(mc.default_pipeline()) == mc.default_pipeline(unroll=True)


def test_the_default_compile_prints_stage_5_and_emit_unrolled_the_per_device_form():
    stage5 = meshc("compile", MLP)
    assert stage5.exit_code == 0, stage5.output
    assert stage5.output.count("mesh.for_all") == 1 and "mlp_sharded" not in stage5.output  # one fused region
    assert "mesh.for_one" not in stage5.output
    unrolled = meshc("compile", MLP, "--emit=unrolled")
    assert unrolled.exit_code == 0, unrolled.output
    assert "func.func private @mlp_sharded(" in unrolled.output
    assert unrolled.output.count("mesh.for_one") == 4  # one body per device of @tp (shape 4)
    same = meshc("compile", MLP, "-p", mc.default_pipeline(unroll=True))
    assert same.output == unrolled.output


def _steps(text: str) -> list[list[tuple]]:
    """Per device, each step's kind, shape, op, collective instance, source device and slice (buffer
    names aside: they differ between the two paths)."""
    data = json.loads(text)
    return [[(s["step"], tuple(s.get("shape", ())), s.get("name"), s.get("instance"), s.get("src_device"),
              tuple(s.get("offsets", ())), tuple(s.get("sizes", ()))) for s in d["steps"]] for d in data["devices"]]


@pytest.mark.parametrize("sample, shape", [(MLP, "tp=4"), (ROWSUM, "m=5")])
def test_the_default_schedule_is_the_unrolled_schedule(sample, shape):
    spmd = meshc("compile", sample, "--mesh-shape", shape, "--emit", "schedule-json")
    unrolled = meshc("compile", sample, "--mesh-shape", shape, "--emit", "schedule-json",
                     "-p", mc.default_pipeline(unroll=True))
    assert spmd.exit_code == 0 and unrolled.exit_code == 0, spmd.output + unrolled.output
    want = int(shape.split("=")[1])
    assert len(_steps(spmd.output)) == want
    assert _steps(spmd.output) == _steps(unrolled.output)


def test_emit_schedule_of_a_mesh_past_the_unrolled_limit():
    n = mc.MAX_UNROLLED_DEVICES + 1  # the SPMD template, nothing copied per device
    r = meshc("compile", ROWSUM, "--mesh-shape", f"m={n}", "--emit", "schedule")
    assert r.exit_code == 0, r.output
    assert r.output.startswith(f"// meshc schedule of @main_sharded on mesh @m: shape {n}")
    assert r.output.count("device ") >= n


@pytest.mark.parametrize("emit", ["schedule", "schedule-json", "iree"])
def test_emit_of_a_per_device_listing_past_its_limit_is_refused_at_once(emit):
    n = mc.MAX_LISTED_DEVICES + 1  # every device's steps would be listed: refused before the pipeline
    r = meshc("compile", ROWSUM, "--mesh-shape", f"m={n}", "--emit", emit)
    assert r.exit_code == 1 and "Traceback" not in r.output
    assert f"mesh @m (shape {n} from --mesh-shape) has {n} devices; --emit schedule, schedule-json and iree list " \
           f"every device's steps, for at most {mc.MAX_LISTED_DEVICES} devices" in r.output
    assert r.output.count("\n") <= 4  # the error and its source line, nothing listed


def test_a_program_the_template_does_not_handle_is_scheduled_unrolled_with_a_note():
    r = CliRunner().invoke(meshc_main, ["compile", str(MLP), "-p", FOR_ONE, "--emit", "schedule"])
    assert r.exit_code == 0, r.output
    assert r.stderr.startswith("note: the SPMD schedule does not handle this program yet: 'tensor.empty' at the "
                               "function level is not instantiated yet")
    assert r.stderr.rstrip().endswith("compiled per device (unroll) instead")
    assert "// meshc schedule of @mlp_sharded on mesh @tp: shape 4, peered axes [0], 4 devices" in r.output
    over = meshc("compile", MLP, "-p", FOR_ONE, "--emit", "schedule", "--mesh-shape",
                 f"tp={mc.MAX_UNROLLED_DEVICES + 1}")
    assert over.exit_code == 1 and "meshc unrolls at most 256 devices per mesh" in over.output
    assert "Traceback" not in over.output


def test_the_api_compiles_a_user_pipeline_without_unroll_through_the_template():
    module = mc.parse(str(MLP))
    c = mc.compile(module, mc.default_pipeline(fuse_regions=False).replace("cse", "cse,canonicalize"))
    assert c.template is not None and c.program.runs == "mlp_sharded"
    assert c.schedule.mesh.num_devices == 4 and c.module.lookup("mlp_sharded") is None
    unrolled = mc.compile(mc.parse(str(MLP)), mc.default_pipeline(), spmd=False)  # spmd=False: unroll added
    assert unrolled.template is None and unrolled.module.lookup("mlp_sharded") is not None
    assert [len(d.steps) for d in unrolled.schedule.devices] == [len(d.steps) for d in c.schedule.devices]
    with pytest.raises(mc.DiagnosticError, match="add unroll to the pipeline"):
        mc.compile(mc.parse(str(MLP)), FOR_ONE)


def test_explain_takes_a_mesh_past_the_unrolled_limit_up_to_its_own():
    n = mc.MAX_UNROLLED_DEVICES + 44  # 300: nothing copied per device
    r = meshc("explain", MLP, "--mesh-shape", f"tp={n}")
    assert r.exit_code == 0, r.output
    assert "all_reduce mesh_axes = [0] reduction = sum" in r.output
    over = meshc("explain", MLP, "--mesh-shape", f"tp={mc.MAX_EXPLAINED_DEVICES + 1}")
    assert over.exit_code == 1 and "Traceback" not in over.output
    assert (f"has {mc.MAX_EXPLAINED_DEVICES + 1} devices; meshc explain takes at most {mc.MAX_EXPLAINED_DEVICES} "
            "devices per mesh") in over.output
