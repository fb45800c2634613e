"""Count the units of upstream MLIR test files that pass with ``meshc-opt`` in place of ``mlir-opt``.

    python bench/upstream_units.py DIR [--opt 'meshc-opt'] [--filecheck filecheck] [-v]

DIR holds upstream test files (``*.mlir``, searched recursively), e.g. llvm-project's
``mlir/test/Dialect/Mesh/{ops,invalid}.mlir`` of LLVM 19/20 and ``mlir/test/Dialect/Shard/...`` of
LLVM 21/22, fetched by hand (the tests do not need this script). A *unit* is one ``// -----`` chunk
of a file whose RUN lines split the input (``-split-input-file``), else the whole file. Each unit is
written to a file of its own, with blank lines in front so that its line numbers stay those of the
original (``expected-error`` lines and diagnostics agree), and every RUN line runs on it with ``%s``
the unit, ``mlir-opt``/``iree-opt`` replaced by ``--opt`` and ``FileCheck`` by ``--filecheck``,
under ``bash -o pipefail`` as lit runs them. A unit passes when all its RUN lines exit 0.

Diagnostics need not match upstream's wording, only be where upstream expects them: by default the
message of every ``expected-error/warning/remark/note {{...}}`` is emptied (so any message at that
line matches); ``--strict`` keeps the messages. Prints one line per file (passed/units) and the
total, as a fraction; ``-v`` adds the first error line of each failing unit. ``--opt`` is a command prefix, so an older meshc can be measured
with ``--opt 'env PYTHONPATH=/path/to/old/checkout python -m meshc.opt'``.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
from pathlib import Path

SPLIT = re.compile(r"^// -----", re.MULTILINE)
RUN = re.compile(r"//\s*RUN:\s?(.*)$")
EXPECTED = re.compile(r"(expected-(?:error|warning|remark|note)[^{\n]*)\{\{.*?\}\}")
TIMEOUT_S = 120


def run_lines(text: str) -> list[str]:
    """The RUN commands of a test file (``\\``-continued lines joined)."""
    commands, current = [], ""
    for line in text.splitlines():
        m = RUN.search(line)
        if not m:
            continue
        part = m.group(1).rstrip()
        if part.endswith("\\"):
            current += part[:-1] + " "
            continue
        commands.append(current + part)
        current = ""
    return commands


def units(text: str, split: bool) -> list[tuple[int, str]]:
    """``(first line, text)`` of each unit."""
    if not split:
        return [(1, text)]
    out, start, line = [], 0, 1
    for m in SPLIT.finditer(text):
        out.append((line, text[start:m.start()]))
        line += text.count("\n", start, m.end()) + 1
        start = text.find("\n", m.end()) + 1 if "\n" in text[m.end():] else len(text)
    out.append((line, text[start:]))
    return out


def substitute(command: str, path: str, opt: str, filecheck: str) -> str:
    command = re.sub(r"(?<![\w-])(mlir-opt|iree-opt)(?![\w-])", opt, command)
    command = re.sub(r"(?<![\w-])FileCheck(?![\w-])", filecheck, command)
    return command.replace("%s", path).replace("%t", path + ".tmp")


def run_unit(commands: list[str], first_line: int, text: str, opt: str, filecheck: str,
             workdir: Path, name: str, strict: bool = False) -> tuple[bool, str]:
    path = workdir / name
    if not strict:
        text = EXPECTED.sub(lambda m: m.group(1) + "{{}}", text)
    path.write_text("\n" * (first_line - 1) + text)
    for command in commands:
        try:
            proc = subprocess.run(["bash", "-o", "pipefail", "-c", substitute(command, str(path), opt, filecheck)],
                                  capture_output=True, text=True, timeout=TIMEOUT_S)
        except subprocess.TimeoutExpired:
            return False, f"timed out after {TIMEOUT_S} s"
        if proc.returncode != 0:
            lines = [ln for ln in (proc.stderr + proc.stdout).splitlines() if "error" in ln] or \
                    (proc.stderr + proc.stdout).splitlines() or [f"exit {proc.returncode}"]
            return False, lines[0][:200]
    return True, ""


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("directory", type=Path)
    ap.add_argument("--opt", default="meshc-opt", help="command replacing mlir-opt/iree-opt (default: meshc-opt)")
    ap.add_argument("--filecheck", default="filecheck", help="command replacing FileCheck (default: filecheck)")
    ap.add_argument("--strict", action="store_true", help="expected diagnostics must match upstream's messages")
    ap.add_argument("-v", "--verbose", action="store_true", help="show the first error of each failing unit")
    args = ap.parse_args(argv)
    files = sorted(args.directory.rglob("*.mlir"))
    if not files:
        print(f"no .mlir files under {args.directory}", file=sys.stderr)
        return 1
    total = passed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for f in files:
            text = f.read_text()
            commands = run_lines(text)
            if not commands:
                continue
            split = any("split-input-file" in c for c in commands)
            results = []
            for i, (line, body) in enumerate(units(text, split)):
                ok, why = run_unit(commands, line, body, args.opt, args.filecheck, Path(tmp), f"u{i}_{f.name}",
                                   args.strict)
                results.append((line, ok, why))
            n_ok = sum(ok for _, ok, _ in results)
            total += len(results)
            passed += n_ok
            print(f"{f.relative_to(args.directory)}: {n_ok}/{len(results)}")
            if args.verbose:
                for line, ok, why in results:
                    if not ok:
                        print(f"  unit at line {line}: {why}")
    print(f"total: {passed}/{total} units pass ({100.0 * passed / max(total, 1):.1f}%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
