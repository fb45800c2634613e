"""``meshc show`` on every mesh program of the corpus, compared with stored plain-text renderings.

The renderings live in tests/data/show/<name>.txt (``--all``: every tensor value
after ``sharding-propagation,distribute-types``). After a deliberate change of the
pictures, rewrite them with ``.venv/bin/python -m tests.test_show_corpus`` and
review the diff.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from meshc.cli import main

DATA = Path(__file__).parent / "data"
SHOW = DATA / "show"

# rendering name -> (program, extra arguments); every mesh program of tests/data has one at least
CASES: dict[str, tuple[Path, list[str]]] = {
    "dynamic_mesh_rowsum.m3": (DATA / "dynamic_mesh_rowsum.mlir", ["--mesh-shape", "m=3"]),
    "dynamic_mesh_rowsum.m4": (DATA / "dynamic_mesh_rowsum.mlir", ["--mesh-shape", "m=4"]),
    "mesh2d_peered": (DATA / "mesh2d_peered.mlir", []),
    "mlp_tensor_parallel": (DATA / "mlp_tensor_parallel.mlir", []),
    "reshard_rows_to_cols": (DATA / "reshard_rows_to_cols.mlir", []),
    "seed_matmul_rows": (DATA / "seed_matmul_rows.mlir", []),
    "upstream_llvm19": (DATA / "upstream_llvm19.mlir", []),
    "upstream_llvm20": (DATA / "upstream_llvm20.mlir", []),
    "upstream_llvm22_shard": (DATA / "upstream_llvm22_shard.mlir", []),
    "rank3_partial": (SHOW / "rank3_partial.mlir", []),
    "region_for_dynamic": (DATA / "region_for_dynamic.mlir", []),
}


def render(program: Path, extra: list[str]) -> str:
    result = CliRunner().invoke(main, ["show", str(program), "--all", *extra], env={"NO_COLOR": "1"})
    assert result.exit_code == 0, result.output + result.stderr
    return result.stdout


def test_every_mesh_program_has_a_rendering():
    mesh_programs = {p for p in DATA.glob("*.mlir") if "mesh.mesh" in p.read_text() or "shard.grid" in p.read_text()}
    assert len(mesh_programs) == 9  # the 9 mesh programs of the corpus today
    assert mesh_programs <= {program for program, _ in CASES.values()}


@pytest.mark.parametrize("name", sorted(CASES))
def test_rendering_matches_stored(name):
    program, extra = CASES[name]
    expected = (SHOW / f"{name}.txt").read_text(encoding="utf-8")
    got = render(program, extra)
    assert "\x1b[" not in got  # plain text: no colour codes off a terminal
    assert got == expected


def _update() -> None:  # pragma: no cover - maintenance entry point
    for name, (program, extra) in sorted(CASES.items()):
        (SHOW / f"{name}.txt").write_text(render(program, extra), encoding="utf-8")
        print(f"wrote {SHOW / name}.txt", file=sys.stderr)


if __name__ == "__main__":  # pragma: no cover
    _update()
