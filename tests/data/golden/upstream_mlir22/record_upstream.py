"""Record what upstream ``mlir-opt-22 --sharding-propagation`` does on meshc's test programs.

Not a test: a tool run by hand where mlir-opt-22 is installed (Debian
``mlir-22-tools``). The tests only read what it writes here
(``manifest.json`` and one ``<name>.mlir`` per program that upstream
accepted), so they never need mlir-opt.

Each program (the corpus files of tests/data and every ``// -----`` chunk of
tests/lit/sharding-propagation/*.mlir) is parsed and printed by meshc, then
respelled for the LLVM 21+ ``shard`` dialect: ``mesh.mesh`` -> ``shard.grid``
(``peered_memory_axes`` dropped: upstream has no such thing), each inline
``mesh.shard %x to <@m, [[0]]>`` -> a ``shard.sharding`` value plus
``shard.shard %x to %s``. Programs whose annotations have ``partial`` axes
(upstream 22 shardings have none) or that use ``iree_encoding`` are marked
``not-convertible``; programs meshc rejects (the invalid.mlir chunks) ``invalid-input``.

Usage: ``.venv/bin/python tests/data/golden/upstream_mlir22/record_upstream.py [mlir-opt-22]``
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[3]
CORPUS = ["dynamic_mesh_rowsum", "encoding_exp_matmul", "mesh2d_peered", "mlp_tensor_parallel",
          "reshard_rows_to_cols", "seed_matmul_rows", "upstream_llvm19", "upstream_llvm20", "upstream_llvm22_shard"]
LIT_DIR = ROOT / "tests" / "lit" / "sharding-propagation"

_SHARD = re.compile(r"^(\s*)(%\S+) = mesh\.shard (%\S+) to <@([\w$.]+), (\[.*\])>( annotate_for_users)? : (.*)$")
_MESH = re.compile(r"^(\s*)mesh\.mesh @([\w$.]+)\(shape = ([\d?x]+)(?:, peered_memory_axes = \[[\d, ]*\])?\)$")


def programs() -> list[tuple[str, str, int, str]]:
    """(name, source path relative to the repo, chunk index, text) of every program to record."""
    out = []
    for name in CORPUS:
        path = ROOT / "tests" / "data" / f"{name}.mlir"
        out.append((name, path.relative_to(ROOT).as_posix(), 0, path.read_text()))
    for path in sorted(LIT_DIR.glob("*.mlir")):
        for i, chunk in enumerate(split_chunks(path.read_text())):
            out.append((f"{path.stem}.{i}", path.relative_to(ROOT).as_posix(), i, chunk))
    return out


def split_chunks(text: str) -> list[str]:
    """The ``// -----`` chunks of a lit file, each padded with blank lines to keep line numbers."""
    chunks, current, start = [], [], 0
    for n, line in enumerate(text.splitlines()):
        if line.strip() == "// -----":
            chunks.append("\n" * start + "\n".join(current) + "\n")
            current, start = [], n + 1
        else:
            current.append(line)
    chunks.append("\n" * start + "\n".join(current) + "\n")
    return chunks


def to_shard_dialect(text: str) -> str | None:
    """meshc's canonical print of ``text`` respelled for upstream, or None if not convertible."""
    from meshc.ir import print_op, verify
    from meshc.parser import parse

    module = parse(text, "input.mlir")
    verify(module)
    canonical = print_op(module)
    if "partial =" in canonical or "iree_encoding" in canonical:
        return None
    lines, count = [], 0
    for line in canonical.splitlines():
        m = _MESH.match(line)
        if m:
            lines.append(f"{m.group(1)}shard.grid @{m.group(2)}(shape = {m.group(3)})")
            continue
        m = _SHARD.match(line)
        if m:
            indent, res, src, mesh, split, annotate, ty = m.groups()
            count += 1
            lines.append(f"{indent}%upstream_s{count} = shard.sharding @{mesh} split_axes = {split} : !shard.sharding")
            lines.append(f"{indent}{res} = shard.shard {src} to %upstream_s{count}{annotate or ''} : {ty}")
            continue
        if "mesh." in line:
            return None
        lines.append(line)
    return "\n".join(lines) + "\n"


def main() -> None:
    global DiagnosticError
    from meshc.ir.location import DiagnosticError

    tool = sys.argv[1] if len(sys.argv) > 1 else "mlir-opt-22"
    version = subprocess.run([tool, "--version"], capture_output=True, text=True).stdout.strip().splitlines()
    manifest = {"tool": " ".join(l.strip() for l in version), "programs": []}
    for name, source, chunk, text in programs():
        entry = {"name": name, "source": source, "chunk": chunk}
        try:
            converted = to_shard_dialect(text)
        except DiagnosticError:
            entry["status"] = "invalid-input"
            converted = None
        if "status" in entry:
            pass
        elif converted is None:
            entry["status"] = "not-convertible"
        else:
            proc = subprocess.run([tool, "--pass-pipeline=builtin.module(func.func(sharding-propagation))"],
                                  input=converted, capture_output=True, text=True)
            if proc.returncode == 0:
                entry["status"] = "ok"
                (HERE / f"{name}.mlir").write_text(proc.stdout)
            else:
                entry["status"] = "failed"
                entry["stderr"] = proc.stderr.strip().splitlines()[:3]
        manifest["programs"].append(entry)
        print(f"{name}: {entry['status']}")
    (HERE / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n")


if __name__ == "__main__":
    main()
