"""The SPMD rules on the ops and the one home of each shared concept (docs/pipeline.md, "Per-op
SPMD rules", "Constants and combiners", "The contract between unroll's wrappers and the backend").

* partition, unroll and the backend ask the ShardingInterface model of an op instead of
  branching on its name: at most 15 op-name string literals in the three files together;
* ``dps_inits`` is one model method, and the backend's ``tied_operands`` is that answer;
* one combiner table (:mod:`meshc.sharding.combiners`) that the kernels, the linalg models, the
  sharding model and the backend agree with;
* one constant folder (:mod:`meshc.kernels.fold`) with one rule for undefined cases;
* the backend does not import the runtime; the product has no test hooks.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import numpy as np
import pytest

import meshc.api as mc
from meshc.backend.emit import COMBINERS as EMIT_COMBINERS
from meshc.backend.emit import tied_operands
from meshc.interfaces.sharding import ShardingModel, dps_inits, sharding_model
from meshc.ir.types import I8, I32, INDEX
from meshc.kernels import combiners as kernel_combiners
from meshc.kernels.fold import fold_binary, fold_integer, is_undefined
from meshc.sharding.combiners import COMBINERS, KIND_OF_OP, by_op, combiner_op
from meshc.sharding.spec import ReductionKind

ROOT = Path(__file__).resolve().parents[1]
OP_NAME = re.compile(r"^(arith|math|tensor|linalg|scf|mesh|func|iree_encoding|util|builtin|shard)\.[a-z_.]*$")


def _op_name_literals(path: Path) -> list[tuple[int, str]]:
    """String literals whose whole value is an op name (``"tensor.pad"``) or a dialect prefix
    (``"arith."``); text inside f-strings (messages) does not count."""
    out = []
    for tok in tokenize.generate_tokens(io.StringIO(path.read_text()).readline):
        if tok.type == tokenize.STRING:
            try:
                value = ast.literal_eval(tok.string)
            except (ValueError, SyntaxError):
                continue
            if isinstance(value, str) and OP_NAME.match(value):
                out.append((tok.start[0], value))
    return out


def test_the_spmd_passes_ask_the_interface_not_op_names():
    files = [ROOT / "meshc/passes/partition.py", ROOT / "meshc/passes/unroll.py", ROOT / "meshc/backend/emit.py"]
    found = {f.name: _op_name_literals(f) for f in files}
    assert sum(len(v) for v in found.values()) <= 15, found


def _module(text: str):
    return mc.parse(text)


MATMUL = """func.func @f(%a: tensor<4x3xf32>, %b: tensor<3x2xf32>, %c: tensor<4x2xf32>, %d: tensor<8x2xf32>)
    -> (tensor<4x2xf32>, tensor<8x2xf32>) {
  %r = linalg.matmul ins(%a, %b : tensor<4x3xf32>, tensor<3x2xf32>) outs(%c : tensor<4x2xf32>) -> tensor<4x2xf32>
  %i = tensor.insert_slice %r into %d[0, 0] [4, 2] [1, 1] : tensor<4x2xf32> into tensor<8x2xf32>
  %e = arith.addf %r, %r : tensor<4x2xf32>
  return %e, %i : tensor<4x2xf32>, tensor<8x2xf32>
}"""


def test_dps_inits_is_one_model_method_that_partition_and_the_backend_share():
    ops = {op.name: op for op in _module(MATMUL).walk()}
    assert dps_inits(ops["linalg.matmul"]) == (2,)
    assert dps_inits(ops["tensor.insert_slice"]) == (1,)
    assert dps_inits(ops["arith.addf"]) == (None,)
    for op in ops.values():
        assert tied_operands(op) == [(k, r) for r, k in enumerate(dps_inits(op)) if k is not None]


def test_structured_dps_inits_are_what_the_iteration_space_ties():
    """linalg ops answer dps_inits without building the iteration space: the same answer as the
    generic rule (the operands the iteration space ties to a result), on every structured op of a
    real model with captured tensor reads, multi-result generics and named ops."""
    import meshc.dialects.linalg as linalg

    checked = 0
    for name in ("llama_tiny.linalg.mlir", "gpt2_layer.linalg.mlir", "moe.linalg.mlir", "cnn.linalg.mlir"):
        path = Path(__file__).parent / "data" / "real" / name
        for op in mc.parse(path.read_text(), str(path)).walk():
            if isinstance(op, linalg.StructuredOp):
                model = sharding_model(op)
                assert model.dps_inits(op) == ShardingModel.dps_inits(model, op), op.name
                checked += 1
    assert checked > 300


def test_every_op_model_answers_the_spmd_questions():
    ops = {op.name: op for op in _module(MATMUL).walk()}
    for name in ("linalg.matmul", "tensor.insert_slice", "arith.addf"):
        model = sharding_model(ops[name])
        assert isinstance(model, ShardingModel)
        for method in ("partition", "dps_inits", "dynamic_result_size", "evaluate_on_device", "refine"):
            assert callable(getattr(model, method))


def test_one_combiner_table_for_kernels_linalg_backend_and_sharding():
    ops = {c.op for c in COMBINERS}
    assert len(ops) == 15 and {"arith.maxnumf", "arith.minnumf", "arith.maxui", "arith.minui"} <= ops
    assert set(EMIT_COMBINERS) == ops
    assert {"arith." + n for n in kernel_combiners.COMBINERS} == ops
    import meshc.dialects.linalg as linalg

    assert linalg.COMBINER_KINDS == KIND_OF_OP
    for c in COMBINERS:  # every kind names a ReductionKind whose numpy fold agrees with the op's kernel
        kind = ReductionKind.parse(c.kind)
        dtype = np.float32 if c.is_float else np.int32
        a, b = np.array([3, -2, 5], dtype), np.array([1, 4, 5], dtype)
        if c.short not in ("maxui", "minui"):  # the unsigned reading differs from numpy's signed one
            np.testing.assert_array_equal(kernel_combiners.combine(c.short, a, b), kind.combiner(a, b))
        assert by_op(c.op) is c
    assert combiner_op("sum", True) == "arith.addf" and combiner_op("max", False) == "arith.maxsi"
    assert combiner_op("bitwise_and", True) is None and combiner_op("average", True) is None


@pytest.mark.parametrize("kind,a,b,t", [("divsi", 7, 0, I32), ("remui", 7, 0, INDEX), ("divsi", -128, -1, I8),
                                        ("shli", 1, 32, I32), ("shrsi", 1, 8, I8)])
def test_undefined_cases_are_never_folded(kind, a, b, t):
    assert is_undefined(kind, a, b, t)
    assert fold_integer(kind, [a, b], t) is None


def test_the_folder_computes_with_the_kernels_in_the_op_type():
    assert fold_integer("addi", [127, 1], I8) == -128  # wraps at the width
    assert fold_integer("divui", [7, 2], INDEX) == 3
    assert fold_integer("cmpi", [2, 3], INDEX, INDEX, "slt") == 1
    assert fold_integer("select", [0, 4, 5], INDEX) == 5
    assert fold_binary("addi", np.int32(2), np.int32(3), I32) == 5


def test_canonicalize_partition_and_unroll_use_the_one_folder():
    for rel in ("meshc/passes/canonicalize.py", "meshc/interfaces/spmd.py", "meshc/interfaces/sharding_models.py"):
        text = (ROOT / rel).read_text()
        assert "meshc.kernels.fold import" in text, rel
    # unroll folds through the models' scalar folder, which is the one folder
    assert "import fold_scalar_integer" in (ROOT / "meshc/passes/unroll.py").read_text()
    from meshc.interfaces.spmd import IndexMath
    from meshc.passes import partition

    assert partition.IndexMath is IndexMath  # partition's index arithmetic folds through spmd's IndexMath
    assert "_undefined" not in (ROOT / "meshc/passes/canonicalize.py").read_text()


def test_the_backend_does_not_import_the_runtime_and_the_product_has_no_test_hooks():
    for path in (ROOT / "meshc/backend").glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                assert not node.module.startswith("meshc.runtime"), (path.name, node.module)
    assert not (ROOT / "meshc/testing_hooks.py").exists()
    for path in (ROOT / "meshc").rglob("*.py"):
        assert "testing_hooks" not in path.read_text(), path


def test_no_source_cites_a_missing_pipeline_document():
    for path in (ROOT / "meshc").rglob("*.py"):
        text = path.read_text()
        assert "PIPELINE.md" not in text, path
        assert not re.search(r"\(issue \d+", text), path
    assert (ROOT / "docs/pipeline.md").exists()
