"""meshc's sharding-propagation against upstream mlir-opt 22's, on the same programs.

The upstream results were recorded by hand with
``tests/data/golden/upstream_mlir22/record_upstream.py`` (Debian LLVM 22.1.8,
``mlir-opt-22 --pass-pipeline='builtin.module(func.func(sharding-propagation))'``);
this test only reads them. For every program upstream accepted, each value
upstream annotates (its sharding, and the sharding each user reads it with)
is compared with meshc's on the split axes (upstream 22 shardings have no
partial axes). Values are matched by position: argument number, or the
position of the producing op among the ops that are not mesh/shard ops.

``comparison.json`` (written from these runs) lists how many values were
compared per program and the few divergences, each with the reason; the test
fails when a divergence appears or disappears, or when fewer values are
compared than recorded.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from meshc.dialects.mesh import ShardingOp, ShardOp
from meshc.interfaces.annotations import functions, value_shardings
from meshc.ir import verify
from meshc.parser import parse
from meshc.passes.manager import PassManager

ROOT = Path(__file__).resolve().parent.parent
UPSTREAM = ROOT / "tests" / "data" / "golden" / "upstream_mlir22"
sys.path.insert(0, str(UPSTREAM))
from record_upstream import split_chunks  # noqa: E402

MANIFEST = json.loads((UPSTREAM / "manifest.json").read_text())
COMPARISON = json.loads((UPSTREAM / "comparison.json").read_text())
ACCEPTED = [e for e in MANIFEST["programs"] if e["status"] == "ok"]


def _table(func) -> dict[str, tuple]:
    """Split axes by position key: ``def <value>`` and ``use <op>#<operand>`` (last annotation read)."""
    ops = [op for op in func.body.ops if not isinstance(op, (ShardOp, ShardingOp))]
    position = {id(op): i for i, op in enumerate(ops)}

    def key(v) -> str:
        owner = v.owner
        return f"op{position[id(owner)]}#{v.index}" if hasattr(owner, "name") else f"arg{v.index}"

    table: dict[str, tuple] = {}
    for vs in value_shardings(func):
        if vs.sharding is not None:
            table[f"def {key(vs.value)}"] = vs.sharding.split_axes
        for use, chain in vs.uses:
            last = chain[-1] if chain else vs.sharding
            if last is not None and use.operand is not None:
                table[f"use op{position[id(use.consumer)]}#{use.operand}"] = last.split_axes
    return table


def compare(entry: dict) -> tuple[int, list[dict]]:
    """(number of upstream entries compared, the divergences) for one recorded program."""
    text = split_chunks((ROOT / entry["source"]).read_text())[entry["chunk"]]
    ours = parse(text, entry["source"])
    verify(ours)
    PassManager.from_text("sharding-propagation").run(ours)
    theirs = parse((UPSTREAM / f"{entry['name']}.mlir").read_text(), f"{entry['name']}.mlir")
    verify(theirs)
    by_name = {f.sym_name: f for f in functions(ours)}
    compared, divergences = 0, []
    for func in functions(theirs):
        mine = _table(by_name[func.sym_name])
        for key, split in _table(func).items():
            compared += 1
            if mine.get(key) != split:
                divergences.append({"function": func.sym_name, "key": key, "upstream": [list(a) for a in split],
                                    "meshc": [list(a) for a in mine.get(key, ())]})
    return compared, divergences


def test_upstream_runs_were_recorded():
    # 9 corpus programs and every chunk of the sharding-propagation lit files were run; upstream
    # accepted the corpus programs but encoding_exp_matmul (iree_encoding: not convertible).
    names = {e["name"]: e["status"] for e in MANIFEST["programs"]}
    assert "LLVM version 22" in MANIFEST["tool"]
    for corpus in ("dynamic_mesh_rowsum", "mesh2d_peered", "mlp_tensor_parallel", "reshard_rows_to_cols",
                   "seed_matmul_rows", "upstream_llvm19", "upstream_llvm20", "upstream_llvm22_shard"):
        assert names[corpus] == "ok"
    assert names["encoding_exp_matmul"] == "not-convertible"
    assert len(ACCEPTED) == len(COMPARISON["programs"]) >= 30


@pytest.mark.parametrize("entry", ACCEPTED, ids=[e["name"] for e in ACCEPTED])
def test_same_split_axes_as_upstream(entry):
    compared, divergences = compare(entry)
    recorded = COMPARISON["programs"][entry["name"]]
    assert compared == recorded["compared"] > 0
    known = [{k: d[k] for k in ("function", "key", "upstream", "meshc")} for d in recorded.get("divergences", [])]
    assert divergences == known


def test_every_divergence_has_a_reason():
    divergences = [d for p in COMPARISON["programs"].values() for d in p.get("divergences", [])]
    assert len(divergences) == 3
    assert all(len(d["reason"]) > 40 for d in divergences)


if __name__ == "__main__":  # print the comparison (to refresh comparison.json by hand)
    out = {}
    for e in ACCEPTED:
        n, div = compare(e)
        out[e["name"]] = {"compared": n, **({"divergences": div} if div else {})}
    print(json.dumps({"programs": out}, indent=1))
