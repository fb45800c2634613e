"""The real JAX models of tests/data/real/ (samples/real/make_models.py) with their frameworks' own
Megatron shardings on a (2, 4) mesh, against XLA's partition of the same programs
(xla_collectives.json): the GPT-2 layer's vocab-parallel embedding table (argument 1, also the tied
head) is never gathered, and the top-1 MoE's expert-split batch matmuls stay local per expert."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from meshc.cli import main
from tests.test_real_models_sharded import DATA, TOL

XLA = json.loads((DATA / "xla_collectives.json").read_text())["models"]
KINDS = ("all_gather", "all_reduce", "reduce_scatter", "all_to_all")


def _annotated(name: str, tmp_path):
    out = tmp_path / f"{name}_annotated.mlir"
    r = CliRunner().invoke(main, ["annotate", str(DATA / f"{name}.linalg.mlir"), "--shardings-from",
                                  str(DATA / f"{name}_sharded.stablehlo.mlir"), "-o", str(out)])
    assert r.exit_code == 0, r.output
    return out


def _collectives(path) -> list[tuple[str, str]]:
    """(kind, operand) of every collective after reshard."""
    r = CliRunner().invoke(main, ["compile", str(path), "-p", "flatten-regions,sharding-propagation,distribute-types,"
                                                              "reshard"])
    assert r.exit_code == 0, r.output
    return re.findall(r"= mesh\.(all_gather|all_reduce|reduce_scatter|all_to_all) (%\w+)", r.output)


def _xla_total(name: str) -> int:
    return sum(XLA[name][k.replace("_", "-")] for k in KINDS)


@pytest.mark.parametrize("name", ["gpt2_layer", "moe"])
def test_framework_shardings_run_and_match_jax(name, tmp_path):
    path = _annotated(name, tmp_path)
    r = CliRunner().invoke(main, ["run", str(path), "--inputs", str(DATA / f"{name}.inputs.npz"), "--check",
                                  "--expected", str(DATA / f"{name}.expected.npz"), *TOL])
    assert r.exit_code == 0, r.output
    assert r.output.count(": ok max abs err") == 2 and "MISMATCH" not in r.output


def test_gpt2_embedding_table_is_never_gathered(tmp_path):
    ops = _collectives(_annotated("gpt2_layer", tmp_path))
    gathered = [v for k, v in ops if k == "all_gather"]
    assert "%arg1" not in gathered and "%arg1_s" not in gathered, ops  # wte: the lookup and the tied head
    # the lookup's partial sum is one all_reduce; all reductions no more than XLA's three
    assert sum(k == "all_reduce" for k, _ in ops) <= XLA["gpt2_layer"]["all-reduce"], ops


def test_moe_with_experts_split_moves_no_more_collectives_than_xla(tmp_path):
    ops = _collectives(_annotated("moe", tmp_path))
    assert len(ops) <= _xla_total("moe"), ops
    gathered = {v for k, v in ops if k == "all_gather"}
    assert not gathered & {"%arg2", "%arg2_s", "%arg4", "%arg4_s"}, ops  # the expert weights stay split
