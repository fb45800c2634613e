"""The real models at IREE's later phases partition as their input-phase form.

tests/data/real/NAME.global_opt.mlir is NAME.stablehlo.mlir through ``iree-compile
--compile-to=global-optimization`` (the ABI stub on ``!hal.buffer_view``, ``hal.tensor.import`` /
``export``, compute barriers, ``linalg.softmax``, zero fills shared between consumers), and
NAME.dispatch_regions.mlir that through dispatch creation's region formation (every fused group in a
``flow.dispatch.region``), and NAME.dispatch_creation.mlir NAME.linalg.mlir through ``iree-compile
--compile-to=dispatch-creation`` (IREE 3.13: each fused group a ``flow.dispatch.workgroups`` on
``!iree_tensor_ext.dispatch.tensor`` bindings, ``flow.tensor.reshape`` / ``splat`` between them); all
made by samples/real/make_models.py (``later_phases``). Annotated with the framework's shardings
(``meshc annotate --shardings-from``), each has the collectives of NAME.linalg.mlir
(``--compile-to=input``) and runs ``--check --expected``. The held-out models and the loop models
(``lax.scan``, ``lax.fori_loop``: dispatches inside ``scf.for`` / ``scf.while``, reading their trip's
layer through ``iree_tensor_ext.dispatch.workload.ordinal`` and the loop condition through
``flow.tensor.load``) are kept at the dispatch-creation phase too; samples/real/README.md says where
their collectives differ.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from meshc.cli import main
from tests.test_real_models import (COMMUNICATING, HELD_OUT, MODELS, README, _annotated, _cell, _collective_bytes,
                                     _collectives, _trips, _xla, _xla_bytes)
from tests.test_real_models_sharded import DATA, TOL

PHASES = ("global_opt", "dispatch_regions", "dispatch_creation")
STAGE4 = "convert-flow-to-tensor,flatten-regions,propagate-reshapes,sharding-propagation,distribute-types,reshard"
LOOPS_KEPT = STAGE4.replace("flatten-regions,", "")
"""Stage 4 with loops kept as loops (a collective in a loop body counted once, as XLA's HLO holds it)."""
MARKER = {"dispatch_regions": "flow.dispatch.region", "dispatch_creation": "flow.dispatch.workgroups"}
"""The op that only the phase's form has."""


@pytest.mark.parametrize("phase", PHASES)
@pytest.mark.parametrize("name", MODELS)
def test_later_phases_have_the_input_phase_collectives(tmp_path, name, phase):
    later = _annotated(tmp_path, name, f"{name}.{phase}.mlir")
    text = later.read_text()
    assert "hal.buffer_view" not in text and "compute_barrier" not in text  # the ABI stub is read away
    source = (DATA / f"{name}.{phase}.mlir").read_text()
    assert all((p == phase) == (marker in source) for p, marker in MARKER.items())
    assert _collectives(later, STAGE4) == _collectives(_annotated(tmp_path, name), STAGE4)


@pytest.mark.parametrize("name,phase", [(n, p) for n in ("cnn", "moe", "llama_decode") for p in PHASES]
                         + [(n, "dispatch_creation") for n in MODELS if n not in ("cnn", "moe", "llama_decode")])
def test_later_phases_run_with_the_framework_shardings(tmp_path, name, phase):
    annotated = _annotated(tmp_path, name, f"{name}.{phase}.mlir")
    r = CliRunner().invoke(main, ["run", str(annotated), "--inputs", str(DATA / f"{name}.inputs.npz"), "--check",
                                  "--expected", str(DATA / f"{name}.expected.npz"), *TOL])
    assert r.exit_code == 0, r.output
    assert "(shape 2x4, 8 devices)" in r.output, r.output
    assert r.output.count(": ok max abs err") == 2 and "MISMATCH" not in r.output


def test_the_abi_stub_reads_as_its_tensor_function():
    import meshc.api as mc

    module = mc.parse(str(DATA / "cnn.global_opt.mlir"))
    func = next(op for op in module.walk() if op.name == "util.func")
    assert [str(t) for t in func.function_type.inputs] == ["tensor<4x16x16x3xf32>", "tensor<3x3x3x8xf32>",
                                                           "tensor<8xf32>", "tensor<512x10xf32>", "tensor<10xf32>"]
    assert [str(t) for t in func.function_type.results] == ["tensor<4x10xf32>"]
    assert "iree.abi.stub" not in func.attributes
    assert not any(op.name.startswith(("hal.", "iree_tensor_ext.")) for op in module.walk())


@pytest.mark.parametrize("name", ["cnn", "llama_decode"])
def test_dispatch_creation_runs_unsharded(name):
    # no shardings: the dispatches stay and run as they are (their kernels), against JAX
    r = CliRunner().invoke(main, ["run", str(DATA / f"{name}.dispatch_creation.mlir"), "--inputs",
                                  str(DATA / f"{name}.inputs.npz"), "--expected", str(DATA / f"{name}.expected.npz"),
                                  *TOL])
    assert r.exit_code == 0, r.output
    assert "vs 'out': ok max abs err" in r.output and "MISMATCH" not in r.output


def test_dispatch_creation_is_read_as_its_tensor_program(tmp_path):
    import meshc.api as mc
    from meshc.passes.manager import PassManager

    module = mc.parse(str(_annotated(tmp_path, "cnn", "cnn.dispatch_creation.mlir")))
    PassManager.from_text("convert-flow-to-tensor").run(module)
    names = [op.name for op in module.walk()]
    assert not any(n.startswith(("flow.", "iree_tensor_ext.")) for n in names)
    # IREE's pad (a splat and an offset store into it) is the insert_slice of the input into the splat
    pad = next(op for op in module.walk() if op.name == "tensor.insert_slice")
    assert list(pad.static_offsets) == [0, 1, 1, 0] and pad.operands[1].op.name == "tensor.splat"
    assert names.count("linalg.matmul") == 1 and names.count("tensor.collapse_shape") == 1



def _advised(path: Path) -> tuple[list[str], dict[str, int]]:
    """The arguments ``--auto-shard tp=4`` splits (``--explain``'s ``argN -> [...]``) and the
    collectives of the program it annotates."""
    r = CliRunner().invoke(main, ["compile", str(path), "--auto-shard", "tp=4", "--explain", "-p", STAGE4])
    assert r.exit_code == 0, r.output
    decisions = sorted(line.split(":")[0].strip() for line in r.output.splitlines()
                       if re.match(r"\s+arg\d+ -> ", line))
    found = Counter(re.findall(r"= mesh\.([a-z_]+) ", r.output))
    return decisions, {k: found[k] for k in COMMUNICATING if found[k]}


@pytest.mark.parametrize("phase", ["dispatch_creation", "dispatch_regions"])
@pytest.mark.parametrize("name", ["llama_block", "moe"])
def test_the_advisor_sees_the_weights_inside_the_dispatches(name, phase):
    # --auto-shard reads the dispatches as tensor ops first (flow.dispatch.workgroups through
    # convert-flow-to-tensor, flow.dispatch.region through flatten-regions): it splits the weights of
    # the input-phase form, and the products inside the regions are row-parallel where they were
    later, later_collectives = _advised(DATA / f"{name}.{phase}.mlir")
    first, first_collectives = _advised(DATA / f"{name}.linalg.mlir")
    assert later == first and later
    if name == "llama_block":  # the same ops: the same collectives (moe's dispatches fuse its router otherwise)
        assert later_collectives == first_collectives == {"all_reduce": 2}


@pytest.mark.parametrize("name", HELD_OUT)
def test_held_out_models_at_dispatch_creation_run_with_the_input_phase_collectives(tmp_path, name):
    later = _annotated(tmp_path, name, f"{name}.dispatch_creation.mlir")
    assert "flow.dispatch.workgroups" in (DATA / f"{name}.dispatch_creation.mlir").read_text()
    r = CliRunner().invoke(main, ["run", str(later), "--inputs", str(DATA / f"{name}.inputs.npz"), "--check",
                                  "--expected", str(DATA / f"{name}.expected.npz"), *TOL])
    assert r.exit_code == 0, r.output
    assert r.output.count(": ok max abs err") == 2 and "MISMATCH" not in r.output
    found = _collectives(later, STAGE4)
    first = _collectives(_annotated(tmp_path, name), STAGE4)
    if name == "cnn_sp":
        # dispatch creation puts each pad with its window in a dispatch body, which does not split a padded
        # dim (docs/pipeline.md, "Padded windows"): the rows are gathered once, before the first
        first = {"all_gather": 1}
    assert found == first


@pytest.mark.parametrize("phase", ["global_opt", "dispatch_regions", "dispatch_creation"])
@pytest.mark.parametrize("name", ["mlp_scan", "mlp_fori"])
def test_loop_models_at_later_phases_run_with_the_input_phase_collectives(tmp_path, name, phase):
    """The layer stacks in loops (lax.scan: an scf.for; lax.fori_loop of dynamic depth: an scf.while whose
    scf.condition forwards values computed in its before block, not its arguments) at IREE's later phases
    run with the framework's shardings and match JAX, with the input phase's collectives: XLA's one
    all_reduce per trip (mlp_fori: IREE puts the loop in an scf.if and hoists the products' tensor.empty
    destinations above it; the scf.if takes the loop's internal split of the hidden dim, so the weights
    keep their Megatron splits)."""
    later = _annotated(tmp_path, name, f"{name}.{phase}.mlir")
    assert all((p == phase) == (marker in (DATA / f"{name}.{phase}.mlir").read_text()) for p, marker in MARKER.items())
    assert _collectives(later, STAGE4) == _collectives(_annotated(tmp_path, name), STAGE4)
    # mlp_scan's 3 trips are unrolled by flatten-regions (3 all_reduce); the scf.while stays a loop;
    # kept as loops, both have XLA's one all_reduce in the body
    assert _collectives(later, LOOPS_KEPT) == _xla(name) == {"all_reduce": 1}
    r = CliRunner().invoke(main, ["run", str(later), "--inputs", str(DATA / f"{name}.inputs.npz"), "--check",
                                  "--expected", str(DATA / f"{name}.expected.npz"), *TOL])
    assert r.exit_code == 0, r.output
    assert r.output.count(": ok max abs err") == 2 and "MISMATCH" not in r.output


@pytest.mark.parametrize("phase", ["global_opt", "dispatch_regions"])
def test_fori_loop_at_later_phases_moves_what_xla_moves(tmp_path, phase):
    # a run with n = 2 (the inputs'): each device receives XLA's bytes, 2 trips x 2 x 3/4 of its 4x64 f32
    # partial sums, as at the input phase, and holds no more than there (the weights stay split: the
    # later phases once all_gathered the three stacks, 148608 B per device)
    import numpy as np

    import meshc.api as mc

    inputs = dict(np.load(DATA / "mlp_fori.inputs.npz"))
    first, later = (mc.run(mc.parse(str(_annotated(tmp_path, "mlp_fori", f))), inputs).stats.devices
                    for f in ("", f"mlp_fori.{phase}.mlir"))
    assert {d.collective_bytes for d in later} == {d.collective_bytes for d in first} == {_xla_bytes("mlp_fori")}
    assert _xla_bytes("mlp_fori") == 2 * 2 * 3 * (4 * 64 * 4) // 4
    assert max(d.peak_bytes for d in later) <= max(d.peak_bytes for d in first)
    # the estimate counts as much: IREE's rotated loop runs its body in the scf.while's "before" block,
    # n times, and its "after" block (the trip count --trip-count gives) n - 1 times
    assert _collective_bytes(_annotated(tmp_path, "mlp_fori", f"mlp_fori.{phase}.mlir"), _trips("mlp_fori") - 1) \
        == _xla_bytes("mlp_fori")


def test_readme_table_of_the_loop_models_at_later_phases(tmp_path):
    rows = {}
    for line in README.read_text().splitlines():
        cells = [c.strip().strip("`") for c in line.strip().strip("|").split("|")]
        if len(cells) == 6 and cells[0] in PHASES:
            rows[cells[0], cells[1]] = cells[2:]
    assert set(rows) == {(p, n) for p in PHASES for n in ("mlp_scan", "mlp_fori")}
    for (phase, name), (ours, xla, our_bytes, xla_bytes) in rows.items():
        later = _annotated(tmp_path, name, f"{name}.{phase}.mlir")
        assert ours == _cell(_collectives(later, LOOPS_KEPT)) and xla == _cell(_xla(name)), (phase, name)
        # mlp_fori's rotated loop: its "after" block, the trip count, runs n - 1 times
        trips = _trips(name) - 1 if name == "mlp_fori" else None
        assert int(our_bytes) == _collective_bytes(later, trips) and int(xla_bytes) == _xla_bytes(name), (phase, name)
