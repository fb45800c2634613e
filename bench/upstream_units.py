"""Count the units of upstream MLIR / IREE test files that pass with ``meshc-opt`` in place of ``mlir-opt``.

    python bench/upstream_units.py DIR [--opt 'meshc-opt'] [--filecheck filecheck] [-v] [--strict]
    python bench/upstream_units.py --dir DIR ...

DIR holds upstream test files (``*.mlir``, searched recursively) fetched by hand and kept outside
this repository: llvm-project's ``mlir/test/Dialect/Mesh/*.mlir`` (LLVM 19/20) and
``mlir/test/Dialect/Shard/*.mlir`` (LLVM 21/22), IREE's ``Dialect/Encoding/IR/test/*.mlir`` and
``DispatchCreation/test/*encoding*.mlir``. Nothing is fetched at run time and the tests do not need
this script; docs/meshc-opt.md lists the files and the figures last measured.

A *unit* is one ``// -----`` chunk of a file whose RUN lines split the input (``-split-input-file``);
in a file that is not split, one ``CHECK-LABEL`` section (the checks from one label to the next, the
checks before the first label going with the first), or the whole file when it has no label. Each
chunk is written to a file of its own, with blank lines in front so that its line numbers stay those
of the original (``expected-error`` lines and diagnostics agree), and every RUN line runs on it with
``%s`` the chunk, ``mlir-opt``/``iree-opt`` replaced by ``--opt`` and ``FileCheck`` by
``--filecheck``, under ``bash -o pipefail`` as lit runs them. For a label section the command before
the closing ``| FileCheck`` runs once per file and FileCheck runs on its output once per section, with
a check file that keeps only that section's check lines. A unit passes when every RUN line exits 0; a
FileCheck whose prefix has no check line in the unit (a split without ``HOIST:`` lines under a RUN
line with ``--check-prefix=HOIST``) is not run for that unit.

Diagnostics need not match upstream's wording, only be where upstream expects them: by default the
message of every ``expected-error/warning/remark/note {{...}}`` is emptied (so any message at that
line matches); ``--strict`` keeps the messages. Prints one line per file (passed/units), a subtotal
per directory and the total, as fractions and percentages; ``-v`` adds the first error line of each
failing unit. ``--opt`` is a command prefix, so an older meshc can be measured with
``--opt 'env PYTHONPATH=/path/to/old/checkout python -m meshc.opt'``.
"""

from __future__ import annotations

import argparse
import re
import shlex
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

SPLIT = re.compile(r"^// -----", re.MULTILINE)
RUN = re.compile(r"//\s*RUN:\s?(.*)$")
EXPECTED = re.compile(r"(expected-(?:error|warning|remark|note)[^{\n]*)\{\{.*?\}\}")
PREFIXES = re.compile(r"--?check-prefix(?:es)?[= ]([\w,-]+)")
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
    """``(first line, text)`` of each ``// -----`` chunk (the whole text when not split)."""
    if not split:
        return [(1, text)]
    out, start, line = [], 0, 1
    for m in SPLIT.finditer(text):
        out.append((line, text[start:m.start()]))
        line += text.count("\n", start, m.end()) + 1
        start = text.find("\n", m.end()) + 1 if "\n" in text[m.end():] else len(text)
    out.append((line, text[start:]))
    return out


def check_prefixes(commands: list[str]) -> set[str]:
    """Every FileCheck prefix the RUN lines use (``CHECK`` when one names none)."""
    found = set()
    for command in commands:
        for segment in command.split("|"):
            if "FileCheck" not in segment:
                continue
            named = [p for m in PREFIXES.finditer(segment) for p in m.group(1).split(",")]
            found.update(named or ["CHECK"])
    return found


def check_line(line: str, prefixes: set[str]) -> bool:
    return any(re.search(rf"(?<![\w-]){re.escape(p)}(-[A-Z]+)?\s*:", line) for p in prefixes)


def label_sections(text: str, prefixes: set[str]) -> list[str]:
    """The text once per ``PREFIX-LABEL`` section, the check lines of the other sections blanked.

    Lines stay where they are (FileCheck's diagnostics keep their line numbers); the checks before
    the first label belong to the first section. Every label line stays in every section: labels split
    the output into the blocks FileCheck matches each section's checks in (a ``CHECK-NOT`` looks up to
    the next label only). One section (the text itself) when there is no label.
    """
    lines = text.split("\n")
    starts = [i for i, ln in enumerate(lines)
              if any(re.search(rf"(?<![\w-]){re.escape(p)}-LABEL\s*:", ln) for p in prefixes)]
    if len(starts) < 2:
        return [text]
    bounds = [0] + starts[1:] + [len(lines)]
    labels = set(starts)
    out = []
    for lo, hi in zip(bounds, bounds[1:]):
        out.append("\n".join(ln if lo <= i < hi or i in labels or not check_line(ln, prefixes) else ""
                             for i, ln in enumerate(lines)))
    return out


def substitute(command: str, path: str, opt: str, filecheck: str, check_path: str | None = None) -> str:
    """The RUN command with the tools replaced; ``check_path`` is FileCheck's ``%s`` when given."""
    command = re.sub(r"(?<![\w-])(mlir-opt|iree-opt)(?![\w-])", opt, command)
    segments = []
    for segment in command.split("|"):
        if re.search(r"(?<![\w-])FileCheck(?![\w-])", segment):
            segment = re.sub(r"(?<![\w-])FileCheck(?![\w-])", filecheck, segment)
            segment = segment.replace("%s", shlex.quote(check_path or path))
        segments.append(segment)
    command = "|".join(segments)
    return command.replace("%s", shlex.quote(path)).replace("%t", shlex.quote(path + ".tmp"))


def _first_error(proc: subprocess.CompletedProcess) -> str:
    lines = [ln for ln in (proc.stderr + proc.stdout).splitlines() if "error" in ln] or \
            (proc.stderr + proc.stdout).splitlines() or [f"exit {proc.returncode}"]
    return lines[0][:200]


def _bash(command: str, stdin: str | None = None) -> subprocess.CompletedProcess | str:
    try:
        return subprocess.run(["bash", "-o", "pipefail", "-c", command], input=stdin,
                              capture_output=True, text=True, timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return f"timed out after {TIMEOUT_S} s"


def _uses_prefix(command: str, check_text: str) -> bool:
    """Whether the FileCheck of ``command`` has a check line in ``check_text``."""
    fc = [s for s in command.split("|") if "FileCheck" in s]
    if not fc:
        return True
    named = [p for m in PREFIXES.finditer(fc[-1]) for p in m.group(1).split(",")] or ["CHECK"]
    return any(check_line(ln, set(named)) for ln in check_text.splitlines())


def run_chunk(commands: list[str], first_line: int, text: str, opt: str, filecheck: str,
              workdir: Path, name: str, prefixes: set[str], by_label: bool,
              strict: bool = False) -> list[tuple[int, bool, str]]:
    """Run one chunk; ``(line, passed, why)`` per unit (its label sections when ``by_label``)."""
    path = workdir / name
    if not strict:
        text = EXPECTED.sub(lambda m: m.group(1) + "{{}}", text)
    padded = "\n" * (first_line - 1) + text
    path.write_text(padded)
    sections = label_sections(padded, prefixes) if by_label else [padded]
    section_lines = []
    for k, section in enumerate(sections):
        check_path = workdir / f"{name}.check{k}"
        check_path.write_text(section)
        first = next((i + 1 for i, ln in enumerate(section.split("\n"))
                      if check_line(ln, prefixes) and i + 1 >= first_line), first_line)
        section_lines.append((first, str(check_path), section))
    failures: dict[int, str] = {}
    for command in commands:
        head, sep, tail = command.rpartition("|")
        if sep and re.search(r"(?<![\w-])FileCheck(?![\w-])", tail) and len(sections) > 1:
            proc = _bash(substitute(head, str(path), opt, filecheck))
            if isinstance(proc, str) or proc.returncode != 0:
                why = proc if isinstance(proc, str) else _first_error(proc)
                for k in range(len(sections)):
                    failures.setdefault(k, why)
                continue
            for k, (_, check_path, section) in enumerate(section_lines):
                if k in failures or not _uses_prefix(command, section):
                    continue
                check = _bash(substitute(tail, str(path), opt, filecheck, check_path), stdin=proc.stdout)
                if isinstance(check, str) or check.returncode != 0:
                    failures[k] = check if isinstance(check, str) else _first_error(check)
            continue
        if not _uses_prefix(command, padded):
            continue
        proc = _bash(substitute(command, str(path), opt, filecheck, section_lines[0][1]))
        if isinstance(proc, str) or proc.returncode != 0:
            why = proc if isinstance(proc, str) else _first_error(proc)
            for k in range(len(sections)):
                failures.setdefault(k, why)
    return [(line, k not in failures, failures.get(k, "")) for k, (line, _, _) in enumerate(section_lines)]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("directory", type=Path, nargs="?", help="the upstream test files (or --dir)")
    ap.add_argument("--dir", type=Path, dest="dir_option", help="the upstream test files")
    ap.add_argument("--opt", default="meshc-opt", help="command replacing mlir-opt/iree-opt (default: meshc-opt)")
    ap.add_argument("--filecheck", default="filecheck", help="command replacing FileCheck (default: filecheck)")
    ap.add_argument("--strict", action="store_true", help="expected diagnostics must match upstream's messages")
    ap.add_argument("-v", "--verbose", action="store_true", help="show the first error of each failing unit")
    args = ap.parse_args(argv)
    directory = args.dir_option or args.directory
    if directory is None:
        ap.error("the directory of upstream test files is required (DIR or --dir)")
    files = sorted(directory.rglob("*.mlir"))
    if not files:
        print(f"no .mlir files under {directory}", file=sys.stderr)
        return 1
    total = passed = 0
    groups: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    with tempfile.TemporaryDirectory() as tmp:
        for f in files:
            text = f.read_text()
            commands = run_lines(text)
            if not commands:
                continue
            split = any("split-input-file" in c for c in commands)
            prefixes = check_prefixes(commands)
            results = []
            for i, (line, body) in enumerate(units(text, split)):
                results += run_chunk(commands, line, body, args.opt, args.filecheck, Path(tmp),
                                     f"u{i}_{f.name}", prefixes, by_label=not split, strict=args.strict)
            n_ok = sum(ok for _, ok, _ in results)
            rel = f.relative_to(directory)
            group = groups[str(rel.parent)]
            group[0] += n_ok
            group[1] += len(results)
            total += len(results)
            passed += n_ok
            print(f"{rel}: {n_ok}/{len(results)}")
            if args.verbose:
                for line, ok, why in results:
                    if not ok:
                        print(f"  unit at line {line}: {why}")
    for name, (ok, n) in sorted(groups.items()):
        print(f"{name}/: {ok}/{n} ({100.0 * ok / max(n, 1):.1f}%)")
    print(f"total: {passed}/{total} units pass ({100.0 * passed / max(total, 1):.1f}%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
