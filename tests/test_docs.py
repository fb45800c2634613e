"""Doc-tests: every command shown in ``docs/*.md`` and ``README.md`` runs, and prints what is shown.

Runnable blocks:

* ```` ```console ```` blocks: lines starting with ``$ `` are commands (a line ending in
  `` \\`` continues on the next one); the lines up to the next command are the expected
  output (stdout and stderr as a terminal shows them: merged, unbuffered). A last output line
  ``[N]`` means the command exits with status N (cram's convention); otherwise it must exit 0.
  A line ``...`` matches any number of lines (also none); ``...`` inside a line matches any
  text. Lines are compared without trailing spaces; trailing empty lines are ignored.
* ```` ```pycon ```` blocks: a Python session (``>>>`` / ``...`` prompts) checked with
  :mod:`doctest` (``ELLIPSIS``); the blocks of one page share their globals.

Blocks fenced ``sh`` (installation, exports from other tools), ``mlir``, ``python``, ``text``
and ``json`` are shown, not run. Commands run with ``bash`` in a scratch directory holding
symlinks to every top-level entry of the repository, so paths are relative to the repository
root and files a page writes stay out of the checkout; one directory per page, in page order.
``meshc`` and ``meshc-opt`` are the pre-forked clients of :mod:`tests.zygote` (the ``meshc_bin``
fixture of tests/conftest.py: the venv's entry points started in milliseconds, each exactly as its
console script, tests/test_zygote.py), else the console scripts next to ``sys.executable``. Environment: ``NO_COLOR=1``,
``COLUMNS=100``, ``PYTHONUNBUFFERED=1``, ``MESHC_DEBUG`` unset.

Float figures (:func:`float_figures_match`): the last bits of a float result depend on the BLAS
kernel numpy runs (OpenBLAS chooses one per CPU, ``OPENBLAS_CORETYPE`` forces one) and on the
order of the sums, so a page shows the figures of one machine and the check allows for that. On a
``resultN: shape [...] <float dtype> sum=S crc32=C [values=...]`` line the CRC-32 is not compared,
and ``S`` and the values compare within ``FIGURE_RTOL`` of their magnitude (plus
``FIGURE_ATOL`` times the largest value shown); on a comparison line (``resultN: ok max abs err A
max rel err R``) the status is compared exactly and ``A``, ``R`` are not (the status already says
whether they are within the tolerance). Everything else (shapes, dtypes, integer results and their
CRC-32, byte counts, the collectives chosen) is compared exactly.

``python tests/test_docs.py docs/PAGE.md`` prints what each command of a page prints now
(to write or update a page: measure, don't guess).
"""

from __future__ import annotations

import doctest
import os
import re
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PAGES = sorted(DOCS.glob("*.md")) + [ROOT / "README.md"]
SHOWN_ONLY = {"sh", "mlir", "python", "text", "json", ""}
RUN = {"console", "pycon"}
EXIT_LINE = re.compile(r"\[(\d+)\]")
FENCE = re.compile(r"^(`{3,}|~{3,})\s*([\w+-]*)\s*$")


@dataclass
class Command:
    """One ``$`` command of a console block: the shell text, the expected lines, the expected status."""

    text: str
    expected: list[str]
    status: int = 0
    line: int = 0  # 1-based line of the ``$`` in the page


@dataclass
class Block:
    """A fenced block: its info string (language), first content line (1-based) and lines."""

    lang: str
    line: int
    lines: list[str] = field(default_factory=list)


def fenced_blocks(text: str) -> list[Block]:
    """Every fenced code block of a Markdown page, in order.

    Raises:
        ValueError: a fence left open at the end of the page (the page number of its line).
    """
    blocks: list[Block] = []
    current: Block | None = None
    fence = ""
    for number, line in enumerate(text.splitlines(), 1):
        m = FENCE.match(line)
        if current is None:
            if m:
                fence, current = m.group(1), Block(m.group(2).lower(), number + 1)
        elif m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence) and not m.group(2):
            blocks.append(current)
            current = None
        else:
            current.lines.append(line)
    if current is not None:
        raise ValueError(f"fence opened on line {current.line - 1} is never closed")
    return blocks


def console_commands(block: Block) -> list[Command]:
    """The commands of a ``console`` block with their expected output and exit status.

    Raises:
        ValueError: output before the first ``$`` line, or a block without commands.
    """
    commands: list[Command] = []
    lines = block.lines
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.startswith("$ "):
            if commands:
                commands[-1].expected.append(line)
            elif line.strip():
                raise ValueError(f"line {block.line + i}: output before the first '$ ' command")
            i += 1
            continue
        start = i
        parts = [line[2:]]
        while parts[-1].endswith("\\") and i + 1 < len(lines):
            parts[-1] = parts[-1][:-1]
            i += 1
            parts.append(lines[i])
        commands.append(Command(" ".join(p.strip() for p in parts).strip(), [], 0, block.line + start))
        i += 1
    if not commands:
        raise ValueError(f"line {block.line}: a console block without a '$ ' command")
    for c in commands:
        while c.expected and not c.expected[-1].strip():
            c.expected.pop()
        if c.expected and EXIT_LINE.fullmatch(c.expected[-1].strip()):
            c.status = int(c.expected.pop().strip()[1:-1])
            while c.expected and not c.expected[-1].strip():
                c.expected.pop()
    return commands


FLOAT_SUMMARY = re.compile(r"(?P<head>.*?: shape \[[\d, ]*\] (?:float\d+|bfloat16|float8\w*) )sum=(?P<sum>\S+) "
                           r"crc32=[0-9a-f]{8}(?: values=(?P<values>.*))?")
COMPARISON = re.compile(r"(?P<head>\s*\S.*?: (?:ok|MISMATCH)) max abs err \S+ max rel err \S+(?P<tail>.*)")
NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?|[-+]?inf|nan")
FIGURE_RTOL = 1e-3  # relative, of a float sum or value shown (a float32 sum in another order)
FIGURE_ATOL = 1e-4  # times the largest magnitude of the figures on the line (values near zero)


def _numbers_close(expected: str, actual: str) -> bool:
    """The numbers of two texts that are the same apart from them match within FIGURE_RTOL/ATOL."""
    if re.sub(r"\s+", "", NUMBER.sub("#", expected)) != re.sub(r"\s+", "", NUMBER.sub("#", actual)):  # numpy pads
        return False
    want = [float(x) for x in NUMBER.findall(expected)]
    got = [float(x) for x in NUMBER.findall(actual)]
    scale = max((abs(w) for w in want if w == w and abs(w) != float("inf")), default=0.0)
    for w, g in zip(want, got):
        if w != w or g != g or abs(w) == float("inf") or abs(g) == float("inf"):
            if not (w != w and g != g) and w != g:
                return False
        elif abs(w - g) > FIGURE_RTOL * abs(w) + FIGURE_ATOL * scale:
            return False
    return True


def float_figures_match(pattern: str, line: str) -> bool:
    """True when ``line`` differs from ``pattern`` only in the float figures that vary with the BLAS
    kernel (module docstring): the CRC-32 of a float output (its sum and values within tolerance),
    or the error figures of a comparison line."""
    p, a = FLOAT_SUMMARY.fullmatch(pattern), FLOAT_SUMMARY.fullmatch(line)
    if p and a:
        return (_line_matches(p.group("head"), a.group("head")) and _numbers_close(p.group("sum"), a.group("sum"))
                and (p.group("values") is None) == (a.group("values") is None)
                and (p.group("values") is None or _numbers_close(p.group("values"), a.group("values"))))
    p, a = COMPARISON.fullmatch(pattern), COMPARISON.fullmatch(line)
    return bool(p and a) and _line_matches(p.group("head"), a.group("head")) and \
        _line_matches(p.group("tail"), a.group("tail"))


def _line_matches(pattern: str, line: str) -> bool:
    if pattern == line:
        return True
    if float_figures_match(pattern, line):
        return True
    if "..." not in pattern:
        return False
    regex = ".*".join(re.escape(part) for part in pattern.split("..."))
    return re.fullmatch(regex, line, re.DOTALL) is not None


def output_matches(expected: list[str], actual: list[str]) -> bool:
    """True when ``actual`` matches ``expected`` (``...`` lines and in-line ``...`` are wildcards)."""
    memo: dict[tuple[int, int], bool] = {}

    def match(i: int, j: int) -> bool:
        key = (i, j)
        if key not in memo:
            if i == len(expected):
                result = j == len(actual)
            elif expected[i].strip() == "...":
                result = any(match(i + 1, k) for k in range(j, len(actual) + 1))
            else:
                result = j < len(actual) and _line_matches(expected[i], actual[j]) and match(i + 1, j + 1)
            memo[key] = result
        return memo[key]

    return match(0, 0)


def normalize(text: str) -> list[str]:
    """Output lines without trailing spaces and without trailing empty lines."""
    lines = [line.rstrip() for line in text.splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def environment(meshc_bin: Path | None = None) -> dict[str, str]:
    """The commands' environment (module docstring); ``meshc_bin`` first on ``PATH`` when given."""
    env = dict(os.environ)
    env.pop("MESHC_DEBUG", None)
    first = ([str(meshc_bin)] if meshc_bin else []) + [os.path.dirname(sys.executable)]
    env.update(NO_COLOR="1", COLUMNS="100", PYTHONUNBUFFERED="1", PATH=os.pathsep.join(first + [env.get("PATH", "")]))
    return env


def scratch_dir(tmp: Path) -> Path:
    """``tmp`` with a symlink to every top-level entry of the repository (dot entries excepted)."""
    for entry in ROOT.iterdir():
        if not entry.name.startswith("."):
            (tmp / entry.name).symlink_to(entry)
    return tmp


def run_command(cmd: Command, cwd: Path, meshc_bin: Path | None = None) -> tuple[int, str]:
    proc = subprocess.run(["bash", "-c", cmd.text], cwd=cwd, env=environment(meshc_bin), stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, timeout=600)
    return proc.returncode, proc.stdout


def check_page(page: Path, cwd: Path, meshc_bin: Path | None = None) -> tuple[int, list[str]]:
    """Run every console and pycon block of ``page`` in ``cwd`` (``meshc_bin``: :func:`environment`); the
    number of blocks run and one message per failure (page:line, the command, the expected and the
    actual output)."""
    failures: list[str] = []
    ran = 0
    globs: dict = {}
    rel = page.relative_to(ROOT) if page.is_relative_to(ROOT) else Path(page.name)
    for block in fenced_blocks(page.read_text(encoding="utf-8")):
        if block.lang == "console":
            ran += 1
            for cmd in console_commands(block):
                status, out = run_command(cmd, cwd, meshc_bin)
                actual = normalize(out)
                expected = [line.rstrip() for line in cmd.expected]
                if status != cmd.status or not output_matches(expected, actual):
                    failures.append(f"{rel}:{cmd.line}: $ {cmd.text}\n  exit status {status} (expected {cmd.status})\n"
                                    "--- expected\n" + "\n".join(expected) + "\n--- actual\n" + "\n".join(actual))
        elif block.lang == "pycon":
            ran += 1
            failures += _run_pycon(block, rel, cwd, globs)
    return ran, failures


def _run_pycon(block: Block, rel: Path, cwd: Path, globs: dict) -> list[str]:
    text = "\n".join(block.lines) + "\n"
    test = doctest.DocTestParser().get_doctest(text, globs, f"{rel}:{block.line}", str(rel), block.line - 1)
    lines: list[str] = []
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    old = os.getcwd()
    os.chdir(cwd)
    try:
        runner.run(test, out=lines.append, clear_globs=False)
    finally:
        os.chdir(old)
    globs.update(test.globs)  # DocTest copies its globals: carry them to the next block
    return ["".join(lines)] if runner.failures else []


# ------------------------------------------------------------------ the doc-tests
@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(ROOT)) for p in PAGES])
def test_commands_shown_in_page_run_and_print_what_is_shown(page: Path, tmp_path: Path, meshc_bin: Path):
    ran, failures = check_page(page, scratch_dir(tmp_path), meshc_bin)
    assert not failures, "\n\n".join(failures)
    if page.parent == DOCS and page.name not in ("README.md", "passes.md"):
        assert ran > 0, f"{page.name} shows no command that a test runs"


def test_docs_use_only_known_block_languages():
    for page in PAGES:
        for block in fenced_blocks(page.read_text(encoding="utf-8")):
            assert block.lang in RUN | SHOWN_ONLY, f"{page.name}:{block.line}: unknown block language '{block.lang}'"


def test_relative_links_in_docs_resolve():
    link = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")
    for page in PAGES:
        for target in link.findall(page.read_text(encoding="utf-8")):
            if "://" in target or target.startswith("mailto:"):
                continue
            assert (page.parent / target).exists(), f"{page.relative_to(ROOT)} links to missing '{target}'"


def test_every_docs_page_is_listed_in_the_docs_index():
    index = (DOCS / "README.md").read_text(encoding="utf-8")
    for page in DOCS.glob("*.md"):
        if page.name != "README.md":
            assert f"]({page.name})" in index, f"docs/README.md does not link {page.name}"


def test_passes_md_is_generated_from_the_pass_registry():
    sys.path.insert(0, str(DOCS))
    try:
        import gen_passes
    finally:
        sys.path.remove(str(DOCS))
    current = (DOCS / "passes.md").read_text(encoding="utf-8")
    assert current == gen_passes.render(), "docs/passes.md is stale: run 'python docs/gen_passes.py'"


# ------------------------------------------------------------------ the harness itself
def test_console_block_parsing_commands_continuations_and_exit_status():
    block = Block("console", 10, ["$ meshc compile a.mlir \\", "    -p ''", "module {", "}", "",
                                  "$ meshc compile bad.mlir", "bad.mlir:1:1: error: x", "[1]", ""])
    first, second = console_commands(block)
    assert (first.text, first.expected, first.status, first.line) == ("meshc compile a.mlir -p ''",
                                                                      ["module {", "}"], 0, 10)
    assert (second.text, second.expected, second.status, second.line) == ("meshc compile bad.mlir",
                                                                          ["bad.mlir:1:1: error: x"], 1, 15)
    with pytest.raises(ValueError, match="line 3: output before"):
        console_commands(Block("console", 3, ["stray", "$ true"]))
    with pytest.raises(ValueError, match="without a"):
        console_commands(Block("console", 3, ["", ""]))


def test_fenced_blocks_finds_languages_lines_and_unclosed_fences():
    text = "# t\n\n```console\n$ true\n```\n\n````sh\n```\nx\n````\n"
    blocks = fenced_blocks(text)
    assert [(b.lang, b.line, b.lines) for b in blocks] == [("console", 4, ["$ true"]), ("sh", 8, ["```", "x"])]
    with pytest.raises(ValueError, match="line 2 is never closed"):
        fenced_blocks("x\n```console\n$ true\n")


def test_output_matching_wildcards():
    assert output_matches(["a", "...", "d"], ["a", "b", "c", "d"])
    assert output_matches(["a", "...", "d"], ["a", "d"])  # ... matches no line too
    assert not output_matches(["a", "...", "d"], ["a", "b", "c"])
    assert output_matches(["ran on 2 devices: ... ms"], ["ran on 2 devices: 7.694 ms"])
    assert not output_matches(["ran on 2 devices: ... ms"], ["ran on 4 devices: 7.694 ms"])
    assert not output_matches(["a"], ["a", "b"])
    assert not output_matches(["a", "b"], ["a"])
    assert output_matches([], [])


def test_float_figures_allow_for_the_blas_kernel_and_nothing_else():
    shown = "result0: shape [64, 256] float32 sum=-5.2267 crc32=4102d476"
    assert output_matches([shown], ["result0: shape [64, 256] float32 sum=-5.22671 crc32=e9ba68e6"])
    assert not output_matches([shown], ["result0: shape [64, 256] float32 sum=-5.3 crc32=e9ba68e6"])
    assert not output_matches([shown], ["result0: shape [64, 128] float32 sum=-5.2267 crc32=e9ba68e6"])
    assert not output_matches([shown], ["result0: shape [64, 256] float16 sum=-5.2267 crc32=e9ba68e6"])
    exact = "result0: shape [4] int32 sum=6 crc32=0a1b2c3d values=[0, 1, 2, 3]"
    assert not output_matches([exact], ["result0: shape [4] int32 sum=6 crc32=ffffffff values=[0, 1, 2, 3]"])
    small = "result0: shape [2] float32 sum=1.5 crc32=03ccef8a values=[ 0.5, 1. ]"
    assert output_matches([small], ["result0: shape [2] float32 sum=1.5 crc32=11111111 values=[0.50000006, 1.        ]"])
    assert not output_matches([small], ["result0: shape [2] float32 sum=1.5 crc32=11111111 values=[ 0.6, 0.9 ]"])
    ok = "  result0 vs 'out': ok max abs err 2.62e-06 max rel err 0.000112"
    assert output_matches([ok], ["  result0 vs 'out': ok max abs err 2.86e-06 max rel err 8.12e-05"])
    assert not output_matches([ok], ["  result0 vs 'out': MISMATCH max abs err 2.86e-06 max rel err 8.12e-05"])
    assert not output_matches([ok], ["  result1 vs 'out': ok max abs err 2.62e-06 max rel err 0.000112"])


def test_a_wrong_expected_output_or_status_is_reported(tmp_path: Path):
    page = tmp_path / "probe.md"
    page.write_text("```console\n$ echo hi\nho\n$ false\n```\n", encoding="utf-8")
    ran, failures = check_page(page, tmp_path)
    assert ran == 1 and len(failures) == 2
    assert "probe.md:2: $ echo hi" in failures[0] and "--- actual\nhi" in failures[0]
    assert "exit status 1 (expected 0)" in failures[1]


def main(argv: list[str]) -> int:
    """Print what each command of the given pages prints now (and its exit status)."""
    import tempfile

    for name in argv:
        page = Path(name).resolve()
        with tempfile.TemporaryDirectory() as tmp:
            cwd = scratch_dir(Path(tmp))
            for block in fenced_blocks(page.read_text(encoding="utf-8")):
                if block.lang != "console":
                    continue
                for cmd in console_commands(block):
                    status, out = run_command(cmd, cwd)
                    print(f"$ {cmd.text}")
                    print("\n".join(normalize(out)))
                    if status:
                        print(f"[{status}]")
                    print()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
