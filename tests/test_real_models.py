"""Six real models exported from JAX / flax with their Megatron shardings, against XLA's own partition.

tests/data/real/NAME.linalg.mlir is the model lowered by IREE (``--compile-to=input``),
NAME_sharded.stablehlo.mlir the same function jitted on a ("data"=2, "model"=4) mesh with
NamedShardings, NAME.inputs.npz / NAME.expected.npz its arguments and JAX's output, and
xla_collectives.json the collectives of XLA's SPMD partition of the sharded program; all made by
samples/real/make_models.py (which says what each model is). Nothing here needs JAX.

Each model is annotated with the framework's shardings (``meshc annotate --shardings-from``), run
sharded against the reference interpreter and JAX (``--check --expected``), and its collectives
(the global-view form after ``reshard``) compared with XLA's: equal for the attention models that
``propagate-reshapes`` fixes (the heads survive IREE's ``(batch, heads)`` collapse), and, for every
model, as samples/real/README.md's table says.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from meshc.cli import main
from tests.test_real_models_sharded import DATA, TOL

MODELS = ("llama_block", "llama_decode", "gpt2_layer", "cnn", "moe", "flax_encoder")
XLA = json.loads((DATA / "xla_collectives.json").read_text())
README = Path(__file__).resolve().parent.parent / "samples" / "real" / "README.md"
COMMUNICATING = ("all_gather", "all_reduce", "reduce_scatter", "all_to_all", "shift", "update_halo", "broadcast",
                 "gather", "reduce", "scatter", "send", "recv")
"""mesh ops that move data between devices (``all_slice`` keeps a local part: no communication)."""
XLA_NAMES = {"all-reduce": "all_reduce", "all-gather": "all_gather", "reduce-scatter": "reduce_scatter",
             "all-to-all": "all_to_all", "collective-permute": "collective_permute"}
STAGE4 = "propagate-reshapes,sharding-propagation,distribute-types,reshard"


def _annotated(tmp_path: Path, name: str, linalg: str = "") -> Path:
    out = tmp_path / f"{name}_annotated.mlir"
    r = CliRunner().invoke(main, ["annotate", str(DATA / (linalg or f"{name}.linalg.mlir")), "--shardings-from",
                                  str(DATA / f"{name}_sharded.stablehlo.mlir"), "-o", str(out)])
    assert r.exit_code == 0, r.output
    return out


def _collectives(path: Path, pipeline: str = STAGE4) -> dict[str, int]:
    """Communicating collectives of ``path`` after ``pipeline`` (global view: one op per collective)."""
    r = CliRunner().invoke(main, ["compile", str(path), "-p", pipeline])
    assert r.exit_code == 0, r.output
    found = Counter(re.findall(r"= mesh\.([a-z_]+) ", r.output))
    return {k: found[k] for k in COMMUNICATING if found[k]}


def _xla(name: str) -> dict[str, int]:
    return {XLA_NAMES[k]: n for k, n in XLA["models"][name].items() if n}


def _readme_rows() -> dict[str, tuple[str, str]]:
    """model -> (meshc cell, XLA cell) of the README's side-by-side table."""
    rows = {}
    for line in README.read_text().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 3 and cells[0].strip("`") in MODELS:
            rows[cells[0].strip("`")] = (cells[1], cells[2])
    return rows


ORDER = ("all_reduce", "all_gather", "reduce_scatter", "all_to_all", "collective_permute") + COMMUNICATING


def _cell(counts: dict[str, int]) -> str:
    """``2 all_reduce + 1 all_gather`` (kinds in :data:`ORDER`; ``none`` for no collective)."""
    return " + ".join(f"{counts[k]} {k}" for k in dict.fromkeys(ORDER) if counts.get(k)) or "none"


@pytest.mark.parametrize("name, linalg", [(m, "") for m in MODELS] + [("cnn", "cnn_generic.linalg.mlir")])
def test_model_runs_sharded_with_the_framework_shardings(tmp_path, name, linalg):
    annotated = _annotated(tmp_path, name, linalg)
    r = CliRunner().invoke(main, ["run", str(annotated), "--inputs", str(DATA / f"{name}.inputs.npz"), "--check",
                                  "--expected", str(DATA / f"{name}.expected.npz"), *TOL])
    assert r.exit_code == 0, r.output
    assert "(shape 2x4, 8 devices)" in r.output, r.output
    assert r.output.count(": ok max abs err") == 2 and "MISMATCH" not in r.output


@pytest.mark.parametrize("name", ["llama_block", "llama_decode", "flax_encoder"])
def test_attention_models_move_what_xla_moves(tmp_path, name):
    # Megatron on (2, 4): heads split over "model", one all_reduce after the attention's output
    # projection and one after the MLP's row-parallel product, as XLA
    annotated = _annotated(tmp_path, name)
    assert _xla(name) == {"all_reduce": 2}
    assert _collectives(annotated) == _xla(name)
    # without the pass the head split stops at IREE's (batch, heads) collapse: q, k and v are gathered
    before = _collectives(annotated, STAGE4.replace("propagate-reshapes,", ""))
    assert before == {"all_gather": 6, "all_reduce": 2}


def test_readme_table_is_what_meshc_and_xla_do(tmp_path):
    rows = _readme_rows()
    assert set(rows) == set(MODELS)
    for name in MODELS:
        meshc_cell, xla_cell = rows[name]
        assert meshc_cell == _cell(_collectives(_annotated(tmp_path, name))), name
        assert xla_cell == _cell(_xla(name)), name
