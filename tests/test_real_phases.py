"""The real models at IREE's later phases partition as their input-phase form.

tests/data/real/NAME.global_opt.mlir is NAME.stablehlo.mlir through ``iree-compile
--compile-to=global-optimization`` (the ABI stub on ``!hal.buffer_view``, ``hal.tensor.import`` /
``export``, compute barriers, ``linalg.softmax``, zero fills shared between consumers), and
NAME.dispatch_regions.mlir that through dispatch creation's region formation (every fused group in a
``flow.dispatch.region``); both made by samples/real/make_models.py (``later_phases``). Annotated with
the framework's shardings (``meshc annotate --shardings-from``), each has the collectives of
NAME.linalg.mlir (``--compile-to=input``) and runs ``--check --expected``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from meshc.cli import main
from tests.test_real_models import MODELS, _annotated, _collectives
from tests.test_real_models_sharded import DATA, TOL

PHASES = ("global_opt", "dispatch_regions")
STAGE4 = "flatten-regions,propagate-reshapes,sharding-propagation,distribute-types,reshard"


@pytest.mark.parametrize("phase", PHASES)
@pytest.mark.parametrize("name", MODELS)
def test_later_phases_have_the_input_phase_collectives(tmp_path, name, phase):
    later = _annotated(tmp_path, name, f"{name}.{phase}.mlir")
    text = later.read_text()
    assert "hal.buffer_view" not in text and "compute_barrier" not in text  # the ABI stub is read away
    assert (phase == "dispatch_regions") == ("flow.dispatch.region" in (DATA / f"{name}.{phase}.mlir").read_text())
    assert _collectives(later, STAGE4) == _collectives(_annotated(tmp_path, name), STAGE4)


@pytest.mark.parametrize("phase", PHASES)
@pytest.mark.parametrize("name", ["cnn", "moe", "llama_decode"])
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
