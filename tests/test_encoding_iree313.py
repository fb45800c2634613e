"""propagate-encodings against what iree-opt 3.13 printed (tests/data/iree-3.13): for each
function, the encoding ops -- which op they are, which op holds them, the value they convert
(a function argument or the op defining it) and their types -- are the ones IREE left."""

from __future__ import annotations

from pathlib import Path

import pytest

from meshc.ir.core import BlockArgument
from meshc.parser import parse
from meshc.passes.manager import PassManager

DATA = Path(__file__).parent / "data" / "iree-3.13"
CASES = sorted(p.name[:-len(".through-generic-ops.iree-opt.txt")] for p in DATA.glob("*.iree-opt.txt"))


def _encoding_ops(module) -> dict[str, list[tuple]]:
    out: dict[str, list[tuple]] = {}
    for func in module.regions[0].blocks[0].ops:
        if func.name not in ("util.func", "func.func"):
            continue
        rows = []
        for op in func.walk():
            if op.name.startswith("iree_encoding."):
                src = op.operands[0]
                where = (f"arg{src.index}" if isinstance(src, BlockArgument) and src.block.parent_op is func
                         else src.op.name if not isinstance(src, BlockArgument) else "block-arg")
                rows.append((op.name, op.parent_op.name, where, str(src.type), str(op.results[0].type)))
        out[func.attributes["sym_name"].value] = rows
    return out


@pytest.mark.parametrize("case", CASES)
def test_encoding_ops_stay_where_iree_leaves_them(case):
    assert CASES, "no recorded iree-opt output"
    ours = parse((DATA / f"{case}.mlir").read_text(), f"{case}.mlir")
    PassManager.from_text("propagate-encodings").run(ours)
    theirs = parse((DATA / f"{case}.through-generic-ops.iree-opt.txt").read_text(), "iree.txt")
    assert _encoding_ops(ours) == _encoding_ops(theirs)
