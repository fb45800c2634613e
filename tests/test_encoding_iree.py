"""meshc's encoding propagation against IREE 3.13's, from recorded runs (the tests never need IREE).

tests/data/encoding/iree/comparison.json holds, for each program of that folder, where the set_encoding
and unset_encoding ops sit after IREE's passes (``iree-opt`` of ``iree-base-compiler`` 3.13.0:
``iree-dispatch-creation-propagate-encodings`` then
``iree-dispatch-creation-propagate-encodings-through-generic-ops``, on each function) and after
meshc's ``propagate-encodings``, and the verdict: ``same``, or ``improvement`` with the reason.
These tests recompute meshc's placement and check it against the record, and check that every
difference from IREE is a recorded improvement.

Regenerate the record (needs iree-opt)::

    python -m tests.test_encoding_iree /path/to/iree-opt "iree-base-compiler 3.13.0"
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import meshc.api as mc
from meshc.dialects.iree_encoding import encoding_attr_of
from meshc.ir.core import BlockArgument, OpResult
from meshc.passes.base import PassContext
from meshc.passes.manager import PassManager

DIR = Path(__file__).parent / "data" / "encoding" / "iree"
RECORD = DIR / "comparison.json"
IREE_PIPELINE = ("builtin.module(func.func(iree-dispatch-creation-propagate-encodings,"
                 "iree-dispatch-creation-propagate-encodings-through-generic-ops))")
IMPROVEMENTS = {
    "exp_matmul": "meshc bubbles the LHS set_encoding through the elementwise exp (the RFC's first example); "
                  "IREE 3.13 only bubbles through dequantisation-like or broadcasting generics",
    "transpose": "meshc bubbles the RHS set_encoding through linalg.transpose (the source's encoding composes "
                 "the permutation); IREE 3.13 stops at the transpose",
    "global": "meshc hoists the set_encoding of an immutable global into a util.initializer (the RFC's "
              "hoisting); IREE 3.13's propagation leaves it in the function",
    "multi_result": "meshc bubbles the set_encoding of result #1 through the two-result generic (the RFC's "
                    "multi-result example), unsetting result #0; IREE 3.13 stops at multi-result generics",
}


def describe(v) -> str:
    """Where a value comes from: ``arg<i>``, ``global.load @g``, or the producing op's name."""
    if isinstance(v, BlockArgument):
        return f"arg{v.index}"
    if isinstance(v, OpResult):
        if v.op.name == "util.global.load":
            return f"util.global.load @{v.op.global_name}"
        return v.op.name + (f"#{v.index}" if len(v.op.results) > 1 else "")
    return "?"


def placement(module) -> list[str]:
    """Sorted one-line descriptions of every set/unset_encoding: what it wraps, who uses the result, and
    the enclosing op (``func.func`` or ``util.initializer``)."""
    out = []
    for op in module.walk():
        if op.name not in ("iree_encoding.set_encoding", "iree_encoding.unset_encoding"):
            continue
        kind = op.name.split(".")[1]
        enc = encoding_attr_of(op.results[0].type if kind == "set_encoding" else op.operands[0].type)
        users = ",".join(sorted(u.name for u in op.results[0].users))
        where = op.parent_op.name if op.parent_op is not None else "?"
        out.append(f"{kind}[{enc.operand_index if enc else '?'}]({describe(op.operands[0])}) -> {users} in {where}")
    return sorted(out)


def meshc_placement(path: Path) -> list[str]:
    m = mc.parse(str(path))
    PassManager.from_text("propagate-encodings", PassContext()).run(m)
    return placement(m)


def load_record() -> dict:
    return json.loads(RECORD.read_text())


PROGRAMS = sorted(p.stem for p in DIR.glob("*.mlir"))


def test_record_covers_every_program():
    assert sorted(load_record()["programs"]) == PROGRAMS
    assert len(PROGRAMS) == 7


@pytest.mark.parametrize("name", PROGRAMS)
def test_meshc_placement_matches_the_record(name):
    entry = load_record()["programs"][name]
    assert meshc_placement(DIR / f"{name}.mlir") == entry["meshc"]


@pytest.mark.parametrize("name", PROGRAMS)
def test_same_as_iree_or_a_documented_improvement(name):
    entry = load_record()["programs"][name]
    if entry["meshc"] == entry["iree"]:
        assert entry["verdict"] == "same"
    else:
        assert entry["verdict"] == "improvement" and entry["why"] == IMPROVEMENTS[name]


def test_programs_iree_moves_are_placed_the_same():
    # the programs where IREE 3.13 itself moves encodings: dequantisation, broadcast, sinking through exp
    record = load_record()["programs"]
    for name in ("dequant", "bcast", "sink"):
        assert record[name]["verdict"] == "same", name
        assert record[name]["iree"] != record[name]["input"], name  # IREE did move something


def regenerate(iree_opt: str, package: str) -> None:  # pragma: no cover - needs IREE
    version = subprocess.run([iree_opt, "--version"], capture_output=True, text=True).stdout
    programs = {}
    for name in PROGRAMS:
        path = DIR / f"{name}.mlir"
        out = subprocess.run([iree_opt, f"--pass-pipeline={IREE_PIPELINE}", str(path)], capture_output=True,
                             text=True, check=True).stdout
        iree = placement(mc.parse(out, f"{name}.iree.mlir"))
        mine = meshc_placement(path)
        entry = {"input": placement(mc.parse(str(path))), "iree": iree, "meshc": mine,
                 "verdict": "same" if iree == mine else "improvement"}
        if iree != mine:
            entry["why"] = IMPROVEMENTS[name]
        programs[name] = entry
    RECORD.write_text(json.dumps({"iree_package": package, "iree_opt": " ".join(version.split()),
                                  "iree_pipeline": IREE_PIPELINE,
                                  "meshc_pipeline": "propagate-encodings", "programs": programs}, indent=2) + "\n")


if __name__ == "__main__":  # pragma: no cover
    regenerate(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else "iree-base-compiler (version not given)")
