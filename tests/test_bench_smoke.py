"""Every benchmark under bench/ runs at its smallest size, exits 0 and prints its figure lines.

The benchmarks assert nothing about speed (README.md, "Performance": their figures are read
beside the peer's); this only keeps them runnable as the code they call changes. Each runs in a
fresh process (``sys.executable``, this checkout) with a timeout, at sizes that take a few CPU
seconds; the figures printed are checked to be numbers (no ``nan``: a figure the bench failed to
parse out of meshc's output). A peer that is no meshc dependency (xdsl-opt, JAX) is used when
the environment has it and left out otherwise; the meshc half always runs: llama7b_bench reads
the tiny model's files kept in tests/data/real instead of generating them with JAX, and
upstream_units runs on a file of its own here instead of llvm-project's tests. The MPI and IREE
benches need the ``mpi`` and ``iree`` extras (pyproject.toml) and are skipped without them.
"""

from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"
DATA = ROOT / "tests" / "data" / "real"
BIN = Path(sys.executable).parent
#: seconds of wall time per bench before it counts as hung (a few CPU seconds each when run alone;
#: the machine may be shared)
TIMEOUT_S = 300
NUMBER = r"-?[0-9]+(?:\.[0-9]+)?(?:e[-+]?[0-9]+)?"

UPSTREAM_FILE = """\
// RUN: mlir-opt %s | FileCheck %s

// CHECK-LABEL: func.func @twice
func.func @twice(%a: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: arith.addf
  %0 = arith.addf %a, %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}
"""


def _has(module: str) -> bool:
    return importlib.util.find_spec(module) is not None


def _llama_dir(tmp: Path) -> list[str]:
    for name in ("llama_tiny.linalg.mlir", "llama_tiny_sharded.stablehlo.mlir", "llama_tiny.xla.json"):
        shutil.copy(DATA / name, tmp / name)
    return ["--preset", "tiny", "--dir", str(tmp)]


def _upstream_dir(tmp: Path) -> list[str]:
    (tmp / "tests").mkdir()
    (tmp / "tests" / "twice.mlir").write_text(UPSTREAM_FILE)
    return [str(tmp / "tests"), "--opt", str(BIN / "meshc-opt"), "--filecheck", str(BIN / "filecheck")]


#: (script, arguments (a function of a temporary folder, or a list), modules it needs, figure lines:
#: a regular expression each, searched line by line in the output)
CASES = [
    ("cli_bench.py", ["--size", "256", "--repeat", "2", "--rounds", "1", "--cpu-rounds", "1", "--no-mpi"], (),
     [rf"numpy +{NUMBER} s per call", rf"threads +{NUMBER} s per call \({NUMBER}x numpy\)",
      rf"CPU s per call .* ratio {NUMBER}-{NUMBER}", rf"peak RSS / that = {NUMBER}"]),
    ("compile_scaling.py", ["--sizes", "10", "--max-devices", "8", "--max-unrolled-devices", "8"], (),
     [rf"^10 +76 +{NUMBER} +{NUMBER}", rf"^8 +34 +{NUMBER} +{NUMBER} +1\.00x"]),
    ("difftest.py", lambda tmp: ["--programs", "1", "--workers", "1", "--out", str(tmp)], (),
     [r"^differential programs: 1 ", r"^distinct bugs: 0"]),
    ("estimate_scaling.py", ["--max-devices", "8"], (), [rf"^ +8 +{NUMBER} +{NUMBER} +{NUMBER} +1\.00x"]),
    ("fuzz.py", lambda tmp: ["--minutes", "0", "--cases", "5", "--workers", "1", "--out", str(tmp)], (),
     [r"^cases: [0-9]+ in", r"^distinct crashes: 0", r"crash and nasty inputs: 0 bad exits"]),
    ("interp_bench.py", ["--smoke"], (),
     [rf"^matmul 64x64x64 f32 \(call only\) +interpreter +{NUMBER} ms +numpy +{NUMBER} ms +ratio +{NUMBER}",
      rf"^layernorm 64x256 f32 .* ratio +{NUMBER} .*CPU {NUMBER} / {NUMBER} ms, ratio {NUMBER}",
      rf"^attention \(samples/real\) .* ratio {NUMBER}"]),
    ("iree_bench.py", ["--repeat", "1"], ("iree.compiler", "iree.runtime"),
     [rf"threads +median +{NUMBER} ms", rf"iree local-task +median +{NUMBER} ms .* x{NUMBER} of threads"]),
    ("kernels_bench.py", ["--smoke"], (),
     [rf"^linalg.matmul 64\^3 f32, zero init +kernel +{NUMBER} ms +numpy +{NUMBER} ms +ratio +{NUMBER}",
      rf"^5 generics on 1024 f32, donated temporary +kernel +{NUMBER} ms"]),
    ("llama7b_bench.py", _llama_dir, (),
     [rf"^annotate \+ compile CPU s +{NUMBER}", rf"^per-device peak B +[0-9]+ +[0-9]+ +{NUMBER}",
      r"^met: peak within 25%"]),
    ("mpi_bench.py", ["--size", "256", "--ranks", "2", "--repeat", "2", "--rounds", "1"], ("mpi4py",),
     [rf"\(c\) MPI, 2 ranks +median {NUMBER} s", rf"\(d\) meshc run --backend mpi --launch 2 median {NUMBER} s",
      rf"d/c per round {NUMBER} \(median {NUMBER}", rf"max \|d - a\| = {NUMBER}"]),
    ("mpi_rank_startup.py", ["--devices", "8"], (),
     [rf"^dynamic_mesh_rowsum +8 +[0-9]+ +{NUMBER} +{NUMBER} +{NUMBER} +{NUMBER} +{NUMBER} +1\.00x",
      rf"^mlp_tensor_parallel +8 +[0-9]+ +{NUMBER} .* 1\.00x"]),
    ("parse_bench.py", ["--sizes", "100", "--process-sizes", "100", "--repeats", "1"], (),
     [rf"custom +100 ops: parse +{NUMBER} ops/s", rf"^ +empty module +{NUMBER}", rf"^ +100 ops +{NUMBER}"]),
    ("peer_tile_bench.py", ["--m", "64", "--k", "64", "--n", "64", "--tile", "16", "--rounds", "1"], (),
     [rf"^ +peer-tile +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +{NUMBER} +{NUMBER}", r"^B split"]),
    ("runtime_bench.py", ["--size", "256", "--steps", "100", "--repeat", "1"], (),
     [rf"1000 tiny addf ops x 8 devices .* ratio wall {NUMBER} cpu {NUMBER}",
      rf"ratio b/a wall {NUMBER} .* cpu {NUMBER}", rf"100 tiny kernel steps x 4 device\(s\): .* {NUMBER} us/step"]),
    ("upstream_units.py", _upstream_dir, (), [r"^total: 1/1 units pass"]),
]


def test_every_bench_has_a_case():
    assert sorted(p.name for p in BENCH.glob("*.py")) == sorted(c[0] for c in CASES)


@pytest.mark.parametrize("script,args,needs,figures", CASES, ids=[c[0] for c in CASES])
def test_bench_runs_at_its_smallest_size(tmp_path, script, args, needs, figures):
    for module in needs:
        if not _has(module):
            pytest.skip(f"{script} needs {module} (an optional extra of pyproject.toml)")
    argv = args(tmp_path) if callable(args) else args
    p = subprocess.run([sys.executable, str(BENCH / script), *argv], cwd=ROOT, capture_output=True, text=True,
                       timeout=TIMEOUT_S)
    assert p.returncode == 0, f"{script} exited {p.returncode}:\n{p.stdout[-3000:]}\n{p.stderr[-3000:]}"
    lines = p.stdout.splitlines()
    for figure in figures:
        assert any(re.search(figure, line) for line in lines), f"{script}: no line matches {figure!r}:\n{p.stdout}"
    assert not re.search(r"\bnan\b", p.stdout), f"{script} printed a figure it could not measure:\n{p.stdout}"
