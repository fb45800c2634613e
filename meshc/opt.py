"""``meshc-opt``: meshc behind mlir-opt's command line, for RUN lines written for mlir-opt / iree-opt.

``meshc-opt [options] [INPUT]`` parses INPUT (standard input when it is missing
or ``-``), verifies it, runs the passes named on the command line, in order,
and prints the module (to ``-o FILE``, stdout by default). With no pass named
nothing else runs, as with mlir-opt (unlike ``meshc compile``, which then
runs the default pipeline). Options take one or two dashes (``-canonicalize``,
``--canonicalize``) and values after ``=`` or as the next argument; boolean
options also take ``=true`` / ``=false``:

* ``--PASS`` / ``--PASS=opt1=v1 opt2=v2`` for every meshc pass and every
  upstream name of :data:`meshc.passes.registry.ALIASES`, or
  ``--pass-pipeline='builtin.module(func.func(a,b),c)'`` (``-p``); not both;
* ``--split-input-file``, ``--verify-diagnostics``, ``--mlir-print-op-generic``,
  ``--allow-unregistered-dialect``, ``--mlir-print-ir-{before,after}-all``,
  ``--mlir-print-ir-{before,after}=PASS``, ``--mlir-print-ir-after-change``,
  ``--mlir-print-ir-after-failure``, ``--mlir-timing``, ``--verify-each[=false]``,
  ``--dump-pass-pipeline``, ``--mlir-print-debuginfo`` (each op's location in place); ``--mlir-print-local-scope`` (attributes in place, no
  ``#map`` / ``#encoding`` aliases: :mod:`meshc.ir.aliases`); ``--mlir-disable-threading``
  and ``--mlir-print-ir-module-scope`` are accepted and change nothing (meshc runs one
  thread and dumps the whole module), as are ``--mlir-pretty-debuginfo`` and
  ``--mlir-print-value-users`` (documented as such); ``--split-input-file=MARKER``,
  ``--output-split-marker=MARKER``, ``--no-implicit-module``, ``--verify-roundtrip``,
  ``--mlir-disable-diagnostic-notes``, ``--mlir-elide-elementsattrs-if-larger=N`` and
  ``--mlir-print-elementsattrs-with-hex-if-larger=N`` as mlir-opt; meshc's ``--remarks``,
  ``--mesh-shape NAME=SIZES``, ``--spelling={mesh19,mesh20,shard,input}`` and
  ``--value-names={asm,source}`` too.

The module prints in the spelling it was read in (:mod:`meshc.ir.spelling`), as
mlir-opt prints what it parsed, unless ``--spelling`` names another, with attribute aliases
for the kinds the input defined aliases for (``meshc compile --aliases=input``); constants
print with mlir-opt's names (``%c2_i64``, ``%cst``; :class:`meshc.ir.printer.Printer`),
unless ``--value-names=source`` keeps the input's names as ``meshc compile`` does.

The work is done by ``meshc compile`` (:mod:`meshc.commands.compile`): this
module only translates the command line, resolves upstream pass names
(:mod:`meshc.passes.aliases`) and rejects ops of unknown dialects unless
``--allow-unregistered-dialect`` is given. Exit codes as ``meshc``: 0 success,
1 bad input or usage, 2 internal error. docs/meshc-opt.md is the user's page.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import NoReturn, Optional

from meshc.commands._common import EXIT_INTERRUPTED, EXIT_USER_ERROR

PROG = "meshc-opt"


@dataclass
class Flag:
    """One driver option: ``kind`` is ``bool`` (takes ``=true/false``), ``value`` (needs a value)
    or ``list`` (a value, repeatable); ``compile`` is the ``meshc compile`` option it becomes
    (None: handled here)."""

    kind: str
    compile: Optional[str]
    help: str
    metavar: str = ""


FLAGS: dict[str, Flag] = {
    "o": Flag("value", "--output", "Output file ('-': stdout; written only on success).", "FILE"),
    "pass-pipeline": Flag("value", None, "A textual pass pipeline, e.g. 'builtin.module(func.func(cse))'.",
                          "PIPELINE"),
    "split-input-file": Flag("bool", "--split-input-file", "Process each '// -----' chunk on its own "
                             "(=MARKER: split on lines that are MARKER instead)."),
    "output-split-marker": Flag("value", "--output-split-marker", "The line printed between the outputs of the "
                                "chunks (default '// -----').", "MARKER"),
    "no-implicit-module": Flag("bool", "--no-implicit-module", "The input must be one top-level builtin.module "
                               "(no implicit module around top-level ops)."),
    "verify-roundtrip": Flag("bool", "--verify-roundtrip", "Check that the output, custom and generic form, "
                             "reads back to itself."),
    "verify-diagnostics": Flag("bool", "--verify-diagnostics",
                               "Check diagnostics against the 'expected-error {{...}}' comments."),
    "mlir-print-op-generic": Flag("bool", "--generic", "Print every op in the generic form."),
    "mlir-print-debuginfo": Flag("bool", "--print-debuginfo",
                                 "Print each op's source location after it, loc(\"file\":line:col), in place."),
    "allow-unregistered-dialect": Flag("bool", None, "Accept ops of dialects meshc does not know (generic form)."),
    "mlir-print-ir-before-all": Flag("bool", "--print-ir-before-all", "Print the IR (stderr) before every pass."),
    "mlir-print-ir-after-all": Flag("bool", "--print-ir-after-all", "Print the IR (stderr) after every pass."),
    "mlir-print-ir-before": Flag("list", "--print-ir-before", "Print the IR before this pass (repeatable).", "PASS"),
    "mlir-print-ir-after": Flag("list", "--print-ir-after", "Print the IR after this pass (repeatable).", "PASS"),
    "mlir-print-ir-after-change": Flag("bool", "--print-ir-after-change",
                                       "Print the IR after a pass only if it changed it."),
    "mlir-print-ir-after-failure": Flag("bool", "--print-ir-after-failure",
                                        "Print the IR after a pass only if it failed."),
    "mlir-timing": Flag("bool", "--timing", "Print the time of parsing, every pass and printing (stderr)."),
    "verify-each": Flag("bool", None, "Verify the IR after every pass (default true)."),
    "dump-pass-pipeline": Flag("bool", None, "Print the pass pipeline that runs (stderr)."),
    "mlir-disable-threading": Flag("bool", None, "Accepted; meshc runs passes on one thread anyway."),
    "mlir-disable-diagnostic-notes": Flag("bool", None, "Print diagnostics without their notes."),
    "mlir-elide-elementsattrs-if-larger": Flag("value", None, "Print dense constants of more than N elements "
                                               "(not splats) as dense_resource<__elided__>.", "N"),
    "mlir-print-elementsattrs-with-hex-if-larger": Flag("value", None, "Print dense constants of more than N "
                                                        "elements (not splats) in hex, dense<\"0x...\"> (-1: "
                                                        "never; meshc's default: 64).", "N"),
    "mlir-pretty-debuginfo": Flag("bool", None, "Accepted; locations print as --mlir-print-debuginfo prints "
                                  "them, loc(\"file\":line:col)."),
    "mlir-print-value-users": Flag("bool", None, "Accepted, no effect: meshc prints no '// users:' comments."),
    "mlir-print-local-scope": Flag("bool", None, "Print every attribute in place (no #map / #encoding aliases)."),
    "mlir-print-ir-module-scope": Flag("bool", None, "Accepted; meshc's IR dumps print the whole module anyway."),
    "spelling": Flag("value", "--spelling", "Print in this spelling: mesh19 (LLVM 19), mesh20 (LLVM 20), shard "
                     "(LLVM 21+), input (default: the one the input was read in).", "SPELLING"),
    "value-names": Flag("value", "--value-names", "source: keep the input's value names; asm (default): "
                        "constants named as mlir-opt names them (%c2_i64, %cst, %true) (meshc).", "KIND"),
    "remarks": Flag("bool", "--remarks", "Show the remarks passes emit (meshc)."),
    "mesh-shape": Flag("list", "--mesh-shape", "Shape of a mesh, e.g. m=2x4 (meshc; repeatable).", "NAME=SIZES"),
}
SPELLING_CHOICES = ("mesh19", "mesh20", "shard21", "shard", "input")
"""Values of ``--spelling`` (:mod:`meshc.ir.spelling`; ``input``: the spelling each module was read in)."""
VALUE_NAME_CHOICES = ("asm", "source")
"""Values of ``--value-names`` (``meshc compile --value-names``; :class:`meshc.ir.printer.Printer`)."""
SHORT = {"p": "pass-pipeline", "h": "help", "help": "help", "version": "version"}

VERIFY_EACH_OPTION = {True: "--verify-each", False: "--no-verify-each"}
"""How ``--verify-each[=BOOL]`` reaches the pass manager: the ``meshc compile`` option
(``PassManager(verify_each=...)``); the one place to change if the manager's option changes."""

_TRUE, _FALSE = ("true", "1", "on", "yes"), ("false", "0", "off", "no")
_INTEGER_VALUES = ("mlir-elide-elementsattrs-if-larger", "mlir-print-elementsattrs-with-hex-if-larger")


class UsageError(Exception):
    """A bad command line: printed as ``meshc-opt: error: ...``, exit 1."""


@dataclass
class Invocation:
    """A parsed ``meshc-opt`` command line."""

    input: str = "-"
    bools: dict[str, bool] = field(default_factory=dict)
    values: dict[str, str] = field(default_factory=dict)
    lists: dict[str, list[str]] = field(default_factory=dict)
    pass_flags: list[tuple[str, Optional[str]]] = field(default_factory=list)  # (name, options text)
    help: bool = False
    version: bool = False

    def flag(self, name: str) -> bool:
        """The value of boolean option ``name`` (``verify-each`` defaults to true, the others false)."""
        return self.bools.get(name, name == "verify-each")


def _parse_bool(name: str, text: Optional[str]) -> bool:
    if text is None:
        return True
    if text.lower() in _TRUE:
        return True
    if text.lower() in _FALSE:
        return False
    raise UsageError(f"'--{name}' expects true or false, got '{text}'")


def _suggest_option(word: str) -> str:
    import difflib

    from meshc.passes.aliases import known_names

    names = sorted(set(FLAGS) | set(known_names()) | {"help", "version"})
    close = difflib.get_close_matches(word, names, n=3, cutoff=0.6)
    return ("; did you mean " + " or ".join(f"'--{c}'" for c in close) + "?") if close else ""


def parse_args(argv: list[str]) -> Invocation:
    """Parse a ``meshc-opt`` command line (see the module docstring).

    Raises:
        UsageError: an unknown option or pass (with suggestions), a missing or bad value, more than
            one input file, ``--pass-pipeline`` together with pass options.
    """
    from meshc.passes.aliases import known_names

    passes = set(known_names())
    inv = Invocation()
    inputs: list[str] = []
    i = 0
    only_inputs = False
    while i < len(argv):
        arg = argv[i]
        i += 1
        if only_inputs or arg == "-" or not arg.startswith("-"):
            inputs.append(arg)
            continue
        if arg == "--":
            only_inputs = True
            continue
        body = arg[2:] if arg.startswith("--") else arg[1:]
        name, eq, value = body.partition("=")
        text: Optional[str] = value if eq else None
        name = SHORT.get(name, name)
        if name == "help":
            inv.help = True
            continue
        if name == "version":
            inv.version = True
            continue
        flag = FLAGS.get(name)
        if flag is None:
            from meshc.passes.registry import ALIASES

            if name in passes:
                inv.pass_flags.append((name, text))
                continue
            if name in ALIASES:  # an upstream name without meshc equivalent: say why
                a = ALIASES[name]
                raise UsageError(f"'{arg}': '{name}' ({a.origin}) has no meshc equivalent: {a.differences}")
            raise UsageError(f"unknown option or pass '{arg}'{_suggest_option(name)} "
                             f"('{PROG} --help' lists them)")
        if name == "split-input-file" and text is not None and text.lower() not in _TRUE + _FALSE:
            inv.bools[name] = True  # mlir-opt's --split-input-file=MARKER
            inv.values["split-marker"] = text
            continue
        if flag.kind == "bool":
            inv.bools[name] = _parse_bool(name, text)
            continue
        if text is None:
            if i >= len(argv):
                raise UsageError(f"'{arg}' needs a value ({flag.metavar})")
            text = argv[i]
            i += 1
        if flag.kind == "list":
            inv.lists.setdefault(name, []).append(text)
        else:
            if name == "value-names" and text not in VALUE_NAME_CHOICES:
                raise UsageError(f"'--value-names' expects one of {', '.join(VALUE_NAME_CHOICES)}, got '{text}'")
            if name == "spelling" and text not in SPELLING_CHOICES:
                raise UsageError(f"'--spelling' expects one of {', '.join(SPELLING_CHOICES)}, got '{text}'")
            if name in _INTEGER_VALUES:
                try:
                    int(text)
                except ValueError:
                    raise UsageError(f"'--{name}' expects an integer, got '{text}'") from None
            if name in inv.values:  # mlir-opt: "may only occur zero or one times!"
                raise UsageError(f"'{arg}': '--{name}' may only be given once (it was given "
                                 f"'{inv.values[name]}' before)")
            inv.values[name] = text
    if len(inputs) > 1:
        raise UsageError(f"one input file at most, got {len(inputs)}: " + ", ".join(f"'{x}'" for x in inputs))
    if inputs:
        inv.input = inputs[0]
    if "pass-pipeline" in inv.values and inv.pass_flags:
        raise UsageError("'--pass-pipeline' cannot be used together with pass options ("
                         + ", ".join(f"'--{n}'" for n, _ in inv.pass_flags) + ")")
    return inv


def pipeline_text(inv: Invocation) -> str:
    """The pipeline the user asked for, as written: ``--pass-pipeline``, or the pass flags joined
    in command-line order (``--NAME=opts`` -> ``NAME{opts}``); '' when no pass is named."""
    if "pass-pipeline" in inv.values:
        return inv.values["pass-pipeline"]
    return ",".join(n if t is None else f"{n}{{{t}}}" for n, t in inv.pass_flags)


def resolve_pipeline(text: str) -> str:
    """The meshc pipeline for the user's ``text``: upstream names replaced, module passes taken out of
    function nests (:func:`meshc.passes.aliases.expand`), every pass and option checked by building it.

    Raises:
        DiagnosticError: a malformed pipeline, unknown pass or option, a bad value (located in ``text``,
            file ``<pass-pipeline>``).
    """
    from meshc.passes.aliases import expand
    from meshc.passes.base import PassContext
    from meshc.passes.manager import PassManager, build
    from meshc.passes.pipeline import format_pipeline, parse_pipeline

    specs = expand(parse_pipeline(text))
    return PassManager(build(specs, PassContext())).pipeline_text() if specs else format_pipeline(specs)


def compile_args(inv: Invocation, pipeline: str) -> list[str]:
    """The ``meshc compile`` command line that does what ``inv`` asks (``pipeline``: resolved).

    Raises:
        DiagnosticError: a ``--mlir-print-ir-before/after`` name that is not a pass.
    """
    from meshc.ir.location import DiagnosticError
    from meshc.passes.aliases import meshc_names
    from meshc.passes.pipeline import PipelineError

    args = ["-p", pipeline]
    for name, flag in FLAGS.items():
        if flag.compile is None:
            continue
        if flag.kind == "bool":
            if inv.flag(name):
                args.append(flag.compile)
        elif flag.kind == "value":
            if name in inv.values:
                args += [flag.compile, inv.values[name]]
        else:
            for v in inv.lists.get(name, []):
                if name.startswith("mlir-print-ir-"):
                    try:
                        names = [m for n in v.split(",") if n.strip() for m in meshc_names(n.strip())]
                    except PipelineError as err:
                        raise DiagnosticError(f"--{name}: {err.diagnostics[0].message}") from None
                    args += [a for m in names for a in (flag.compile, m)]
                else:
                    args += [flag.compile, v]
    if "split-marker" in inv.values:
        args += ["--split-marker", inv.values["split-marker"]]
    if "spelling" not in inv.values:
        args += ["--spelling", "input"]  # mlir-opt prints what it parsed
    if not inv.flag("mlir-print-local-scope"):
        args += ["--aliases", "input"]  # mlir-opt prints aliases; meshc those the input defined
    if "value-names" not in inv.values:
        args += ["--value-names", "asm"]  # mlir-opt names constants itself
    args.append(VERIFY_EACH_OPTION[inv.flag("verify-each")])
    return args + ["--", inv.input]


# ------------------------------------------------------------------ unregistered ops
_REJECT_UNREGISTERED = [False]


def _reject_unregistered(op) -> None:
    """Verifier hook: an op meshc has no class for is an error unless --allow-unregistered-dialect."""
    from meshc.ir.core import Operation, registered_op_names

    if _REJECT_UNREGISTERED[0] and type(op) is Operation:
        dialect = op.name.split(".", 1)[0]
        known = {n.split(".", 1)[0] for n in registered_op_names()}
        what = (f"dialect '{dialect}' has no op of this name in meshc" if dialect in known else
                f"dialect '{dialect}' is unknown to meshc")
        raise op.error(f"is not registered ({what}); '--allow-unregistered-dialect' accepts it in the generic form")


# ------------------------------------------------------------------ help
def help_text() -> str:
    """The text of ``meshc-opt --help``: usage, the options, meshc's passes and the upstream names."""
    from meshc.passes.registry import ALIASES, known_passes, pass_class

    lines = [f"Usage: {PROG} [options] [INPUT]", "",
             "Parse and verify INPUT ('-' or none: stdin), run the passes named, in order, and print the IR.",
             "Without a pass only parses, verifies and prints. Options take '-' or '--'.", "", "Options:"]
    rows = [("--help, -h", "Show this message and exit."), ("--version", "Show the version and exit."),
            ("-o FILE", FLAGS["o"].help), ("--pass-pipeline=PIPELINE, -p", FLAGS["pass-pipeline"].help)]
    for name, flag in FLAGS.items():
        if name in ("o", "pass-pipeline"):
            continue
        shown = f"--{name}" + ("=BOOL" if name == "verify-each" else f"={flag.metavar}" if flag.metavar else "")
        rows.append((shown, flag.help))
    width = max(len(r[0]) for r in rows) + 2
    lines += [f"  {a.ljust(width)}{b}" for a, b in rows]
    lines += ["", "Passes (--NAME, or --NAME='opt=value ...'; options: 'meshc passes'):"]
    names = known_passes()
    width = max(len(n) for n in names) + 2
    for n in names:
        lines.append(f"  --{n.ljust(width)}{pass_class(n).summary}")
    lines += ["", "Upstream pass names (docs/meshc-opt.md):"]
    for n, a in sorted(ALIASES.items()):
        what = f"runs {a.pipeline}" if a.pipeline else "no meshc equivalent"
        lines += [f"  --{n}", f"      {a.origin}: {what}"]
    return "\n".join(lines) + "\n"


def _fail(message: str) -> NoReturn:
    sys.stderr.write(f"{PROG}: error: {message}\n")
    sys.exit(EXIT_USER_ERROR)


def main(argv: Optional[list[str]] = None) -> None:
    """The ``meshc-opt`` console script (exits with meshc's codes)."""
    from meshc.commands._common import internal_error
    from meshc.output_files import guard_standard_streams, tolerate_closed_pipes

    guard_standard_streams()  # ``>&-`` / ``<&-``: errors with exit 1, not an internal error
    if argv is None:  # the console script's process: its IR is left to the OS at exit
        from meshc.commands._common import leave_ir_at_exit

        leave_ir_at_exit()
    argv = list(sys.argv[1:] if argv is None else argv)
    from meshc.commands._common import EXIT_TERMINATED, Terminated, terminate_as_interrupt

    try:
        from meshc.ir.limits import recursion_headroom

        # ``| head``: the rest is dropped, no error; the passes get the recursion budget of the IR limits
        with tolerate_closed_pipes(), terminate_as_interrupt(), recursion_headroom():
            _main(argv)
    except KeyboardInterrupt as err:
        terminated = isinstance(err, Terminated)
        sys.stderr.write("terminated\n" if terminated else "interrupted\n")
        sys.exit(EXIT_TERMINATED if terminated else EXIT_INTERRUPTED)
    except SystemExit:
        raise
    except Exception as err:  # noqa: BLE001 - a bug in the driver
        internal_error(err)


def _main(argv: list[str]) -> None:
    from meshc.ir.location import DiagnosticError

    try:
        inv = parse_args(argv)
    except UsageError as err:
        _fail(str(err))
    if inv.help:
        sys.stdout.write(help_text())
        return
    if inv.version:
        from importlib.metadata import version

        sys.stdout.write(f"{PROG} (meshc) {version('meshc')}\n")
        return
    text = pipeline_text(inv)
    try:
        pipeline = resolve_pipeline(text)
        args = compile_args(inv, pipeline)
    except DiagnosticError as err:
        from meshc.diagnostics import DiagnosticPrinter, SourceManager
        from meshc.passes.pipeline import PIPELINE_FILE

        sources = SourceManager()
        sources.add(PIPELINE_FILE, text)
        DiagnosticPrinter(sources).emit_all(err.diagnostics)
        sys.exit(EXIT_USER_ERROR)
    if inv.flag("dump-pass-pipeline"):
        sys.stderr.write(f"Pass Manager: {pipeline or 'builtin.module()'}\n")
    from meshc.commands.compile import command
    from meshc.ir.verifier import register_op_verify_hook

    register_op_verify_hook(_reject_unregistered)
    _REJECT_UNREGISTERED[0] = not inv.flag("allow-unregistered-dialect")
    from meshc.dialects.mesh_checks import upstream_axis_checks

    from meshc.diagnostics import SHOW_NOTES
    from meshc.ir.attributes import DenseElementsAttr

    saved = SHOW_NOTES[0], DenseElementsAttr.ELIDE_THRESHOLD, DenseElementsAttr.HEX_THRESHOLD
    SHOW_NOTES[0] = not inv.flag("mlir-disable-diagnostic-notes")
    if "mlir-elide-elementsattrs-if-larger" in inv.values:
        DenseElementsAttr.ELIDE_THRESHOLD = int(inv.values["mlir-elide-elementsattrs-if-larger"])
    if "mlir-print-elementsattrs-with-hex-if-larger" in inv.values:
        DenseElementsAttr.HEX_THRESHOLD = int(inv.values["mlir-print-elementsattrs-with-hex-if-larger"])
    try:
        with upstream_axis_checks():  # a sharding's mesh axes checked as mlir-opt checks them
            command.main(args=args, prog_name=PROG, standalone_mode=True)
    finally:
        _REJECT_UNREGISTERED[0] = False
        SHOW_NOTES[0], DenseElementsAttr.ELIDE_THRESHOLD, DenseElementsAttr.HEX_THRESHOLD = saved


if __name__ == "__main__":
    main()
