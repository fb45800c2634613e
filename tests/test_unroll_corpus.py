"""Every corpus program through the whole pipeline (sharding-propagation, distribute-types,
reshard, partition, unroll, canonicalize, cse): both partition forms and every reshard
strategy print, parse back and -- run by the unsharded wrapper on the reference interpreter,
which executes each device's mesh.for_one in turn and the N-operand collectives -- equal
``expected.npz`` (float32: rtol 1e-4, atol 1e-5, the corpus README's tolerance). The
dynamic-mesh program is specialized with --mesh-shape (several sizes). Also: every
intermediate IR dump parses back in, and the per-shard function run on shards cut by its
``mesh.arg``/``mesh.offsets`` attributes reassembles to the same results."""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest

import meshc.api as api
from meshc.dialects.func import FuncOp
from meshc.ir import print_op, verify
from meshc.parser import parse
from meshc.passes.base import PassContext
from meshc.passes.manager import IRPrinting, PassManager
from meshc.passes.registry import DEFAULT_PIPELINE, UNROLLED_PIPELINE

DATA = Path(__file__).parent / "data"
STATIC = ["seed_matmul_rows", "mlp_tensor_parallel", "reshard_rows_to_cols", "mesh2d_peered", "encoding_exp_matmul",
          "upstream_llvm19", "upstream_llvm20", "upstream_llvm22_shard"]


def pipeline(form: str = "for_all", strategy: str = "auto") -> str:
    return ("sharding-propagation,distribute-types,reshard{strategy=%s},partition{form=%s},unroll,canonicalize,cse"
            % (strategy, form))


def compile_corpus(name: str, text: str, shapes: dict | None = None):
    m = parse((DATA / f"{name}.mlir").read_text(), f"{name}.mlir")
    verify(m)
    PassManager.from_text(text, PassContext(mesh_shapes=shapes or {})).run(m)
    out = print_op(m)
    again = parse(out, "again.mlir")
    verify(again)
    assert print_op(again) == out
    return again


def check_outputs(name: str, outputs) -> None:
    expected = np.load(DATA / f"{name}.expected.npz")
    assert len(outputs) == len(expected.files)
    for i, o in enumerate(outputs):
        np.testing.assert_allclose(o, expected[f"result{i}"], rtol=1e-4, atol=1e-5)


def test_default_pipeline_is_the_distributed_one():
    # stage 5: no unroll (the SPMD template is instantiated per device); the unrolled one puts unroll
    # before the encoding passes, so they run on per-device programs (data tiling is opt-in: --target)
    assert DEFAULT_PIPELINE == ["convert-flow-to-tensor", "flatten-regions", "propagate-reshapes",
                                "sharding-propagation", "distribute-types", "reshard", "partition", "fuse-spmd-regions",
                                "propagate-encodings",
                                "materialize-encodings", "canonicalize", "cse"]
    assert UNROLLED_PIPELINE == ["convert-flow-to-tensor", "flatten-regions", "propagate-reshapes",
                                 "sharding-propagation", "distribute-types", "reshard", "partition", "fuse-spmd-regions",
                                 "unroll", "propagate-encodings",
                                 "materialize-encodings", "canonicalize", "cse"]


@pytest.mark.parametrize("strategy", ["auto", "collectives", "peer"])
@pytest.mark.parametrize("form", ["for_all", "for_one"])
@pytest.mark.parametrize("name", STATIC)
def test_corpus_program_unrolled_equals_expected(name, form, strategy):
    m = compile_corpus(name, pipeline(form, strategy))
    check_outputs(name, api.run_reference(m, dict(np.load(DATA / f"{name}.inputs.npz"))).outputs)


@pytest.mark.parametrize("form", ["for_all", "for_one"])
@pytest.mark.parametrize("size", [1, 3, 4, 7, 12])
def test_dynamic_mesh_program_specialized_by_mesh_shape(size, form):
    m = compile_corpus("dynamic_mesh_rowsum", pipeline(form), {"m": (size,)})
    sharded = next(op for op in m.body.ops if isinstance(op, FuncOp) and op.sym_name == "main_sharded")
    assert len([a for a in sharded.attributes["arg_attrs"]]) == size  # 10 rows: one shard per device
    check_outputs("dynamic_mesh_rowsum",
                  api.run_reference(m, dict(np.load(DATA / "dynamic_mesh_rowsum.inputs.npz"))).outputs)


@pytest.mark.parametrize("form", ["for_all", "for_one"])
def test_dynamic_mesh_program_keeps_its_spmd_form(form):
    m = compile_corpus("dynamic_mesh_rowsum", pipeline(form))
    assert [op.sym_name for op in m.body.ops if isinstance(op, FuncOp)] == ["main"]
    names = {op.name for op in m.walk()}
    assert "mesh.mesh_shape" in names and ("mesh.for_all" in names or "scf.forall" in names)


@pytest.mark.parametrize("name", STATIC + ["dynamic_mesh_rowsum"])
def test_every_intermediate_dump_parses_back(name):
    stream = io.StringIO()
    m = parse((DATA / f"{name}.mlir").read_text(), f"{name}.mlir")
    PassManager.from_text(pipeline(), printing=IRPrinting(after_all=True, stream=stream)).run(m)
    dumps = stream.getvalue().split("// -----// IR Dump After ")[1:]
    assert len(dumps) == 7
    for dump in dumps:
        text = dump.split("\n", 1)[1]
        again = parse(text, "dump.mlir")
        verify(again)
        assert print_op(again) == text.rstrip("\n") + "\n"


@pytest.mark.parametrize("name", ["seed_matmul_rows", "mlp_tensor_parallel", "reshard_rows_to_cols",
                                  "mesh2d_peered"])
def test_sharded_function_on_shards_cut_by_its_attributes(name):
    m = compile_corpus(name, pipeline())
    sharded = next(op for op in m.body.ops if isinstance(op, FuncOp) and op.sym_name.endswith("_sharded"))
    inputs = dict(np.load(DATA / f"{name}.inputs.npz"))
    arrays = [inputs[a.name_hint] for a in
              next(op for op in m.body.ops if isinstance(op, FuncOp) and not op.sym_name.endswith("_sharded")).body.args]

    def entries(d):
        return {k: v for k, v in d.entries}

    args = []
    for t, d in zip(sharded.function_type.inputs, sharded.attributes["arg_attrs"]):
        e = entries(d)
        offsets = e["mesh.offsets"].values
        args.append(arrays[e["mesh.arg"].value][tuple(slice(o, o + n) for o, n in zip(offsets, t.shape))])
    outs = api.run_reference(m, args, entry=sharded.sym_name).outputs
    expected = np.load(DATA / f"{name}.expected.npz")["result0"]
    full = np.full(expected.shape, np.nan, dtype=np.float32)
    for o, d in zip(outs, sharded.attributes["res_attrs"]):
        e = entries(d)
        full[tuple(slice(s, s + n) for s, n in zip(e["mesh.offsets"].values, o.shape))] = o
    np.testing.assert_allclose(full, expected, rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("form, strategy", [("for_all", "auto"), ("for_one", "peer"), ("for_all", "collectives")])
@pytest.mark.parametrize("name", STATIC + ["dynamic_mesh_rowsum"])
def test_corpus_program_runs_on_the_simulated_devices(name, form, strategy):
    # the threaded runtime executes the per-device schedules of @NAME_sharded
    m = parse((DATA / f"{name}.mlir").read_text(), f"{name}.mlir")
    shape = {"m": (3,)} if name == "dynamic_mesh_rowsum" else None
    r = api.run(m, dict(np.load(DATA / f"{name}.inputs.npz")), mesh_shape=shape, pipeline=pipeline(form, strategy))
    check_outputs(name, r.outputs)
