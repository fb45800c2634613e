"""Helpers every ``meshc`` command shares: input, output, diagnostics, exit codes.

Exit codes (DESIGN.md "Diagnostics"):

* ``0`` success;
* ``1`` bad input or usage: a :class:`DiagnosticError` (rendered like
  mlir-opt, never a traceback), a bad option value, an unknown option, an
  output (file or standard output) that cannot be written;
* ``2`` an internal error (a bug in meshc): one line ``internal error: ...``
  and a hint to report it (``MESHC_DEBUG=1`` shows the Python traceback);
* ``130`` interrupted (Ctrl-C);
* ``143`` terminated (``SIGTERM``: ``kill``, ``timeout``): handled as an interrupt
  (:func:`terminate_as_interrupt`), so what is being written is cleaned up as after Ctrl-C.

A command gets all of this by being declared with ``cls=MeshcCommand``.
Imports stay light: click only, the rest inside functions (STYLE.md item 13).
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
from typing import Any, Iterator, NoReturn, Optional

import click

EXIT_OK = 0
EXIT_USER_ERROR = 1
EXIT_INTERNAL_ERROR = 2
EXIT_INTERRUPTED = 130
EXIT_TERMINATED = 143  # 128 + SIGTERM, the shell's convention


class Terminated(KeyboardInterrupt):
    """``SIGTERM`` received (:func:`terminate_as_interrupt`): an interrupt, so every ``finally`` runs (a
    temporary output file is removed, MPI ranks are stopped) and the command exits with
    :data:`EXIT_TERMINATED`."""


@contextlib.contextmanager
def terminate_as_interrupt() -> Iterator[None]:
    """While the block runs, ``SIGTERM`` raises :class:`Terminated` in the main thread instead of
    killing the process on the spot (which would leave the ``.meshc-*.tmp`` of an output being
    written, possibly gigabytes). A handler someone else installed is kept; outside the main thread
    nothing changes. The previous handler is restored after the block."""
    import signal

    def _raise(signum, frame):
        raise Terminated()

    try:
        if signal.getsignal(signal.SIGTERM) is not signal.SIG_DFL:
            previous = None
        else:
            previous = signal.signal(signal.SIGTERM, _raise)
    except ValueError:  # not the main thread
        previous = None
    try:
        yield
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)

def exit_interrupted(err: KeyboardInterrupt) -> NoReturn:
    """Say ``interrupted`` (``terminated`` for :class:`Terminated`) on stderr and exit 130 (143). An MPI rank
    started by ``meshc run --launch`` (``MESHC_MPI_REPORT_DIR`` set: meshc.runtime.mpi_launch) stays silent:
    the launcher says it once for the job."""
    terminated = isinstance(err, Terminated)
    if not os.environ.get("MESHC_MPI_REPORT_DIR"):
        click.echo("terminated" if terminated else "interrupted", err=True)
    sys.exit(EXIT_TERMINATED if terminated else EXIT_INTERRUPTED)


REPORT_HINT = ("this is a bug in meshc; please report it with the input and the command line "
               "(set MESHC_DEBUG=1 to see the Python traceback)")


_TRUE_WORDS = ("true", "1", "on", "yes")
_FALSE_WORDS = ("false", "0", "off", "no")


def verify_each_option(fn):
    """``--verify-each[=true|false]`` / ``--no-verify-each`` (default true): verify the IR after every
    pass. ``--verify-each=false`` is mlir-opt's spelling; :class:`MeshcCommand` turns it into the flag."""
    return click.option("--verify-each/--no-verify-each", default=True, show_default=True,
                        help="Verify the IR after every pass (--verify-each=false, as mlir-opt, or "
                             "--no-verify-each turns it off).")(fn)


def propagate_reshapes_option(fn):
    """``--no-propagate-reshapes``: the default pipeline without ``propagate-reshapes``
    (:func:`meshc.api.default_pipeline`); resolved by :func:`pipeline_without_reshapes`."""
    return click.option("--no-propagate-reshapes", "no_propagate_reshapes", is_flag=True,
                        help="Leave propagate-reshapes out of the default pipeline: reshapes stay, and a "
                             "split crosses them on the major collapsed dim only.")(fn)


def fuse_regions_option(fn):
    """``--fuse-regions/--no-fuse-regions`` (default on): whether the default pipeline runs
    ``fuse-spmd-regions`` after ``partition`` (:func:`meshc.api.default_pipeline`)."""
    return click.option("--fuse-regions/--no-fuse-regions", default=True, show_default=True,
                        help="Fuse the per-device regions between two communication points into one "
                             "(fuse-spmd-regions in the default pipeline); --no-fuse-regions keeps one per op.")(fn)


def _peer_tile_value(ctx, param, value):
    if value is None:
        return None
    body = value.strip().lower()
    parts = body.split("x")
    if not all(p.isdigit() for p in parts):  # 0 (every size 0): the whole operand, one tile
        raise click.BadParameter(f"'{value}': expected non-negative tile sizes joined by 'x', e.g. 32x32 (0 takes a "
                                 "dim whole)")
    ctx.meta["meshc.peer_tile"] = body
    return body


def peer_tile_option(fn):
    """``--peer-tile SIZES``: the default pipeline's ``reshard`` runs with ``strategy=peer peer-tile=SIZES``
    (:mod:`meshc.backend.peer_tile`); :func:`pipeline_for` reads it (kept in the click context)."""
    return click.option("--peer-tile", metavar="SIZES", default=None, expose_value=False, callback=_peer_tile_value,
                        help="Read each linalg op's input that lives on another device tile by tile, copying each "
                             "tile (SIZES of its trailing dims, e.g. 32x32; 0: whole) just before it is used, "
                             "double-buffered: reshard{strategy=peer peer-tile=SIZES} in the default pipeline "
                             "(docs/runtime.md, 'Peer tiles').")(fn)


def pipeline_for(mc, pipeline: "str | None", target: str, fuse_regions: bool = True,
                 no_propagate_reshapes: bool = False) -> "str | None":
    """The ``-p`` text, or None for the default pipeline; with ``--no-fuse-regions`` and/or
    ``--no-propagate-reshapes`` the default pipeline without ``fuse-spmd-regions`` /
    ``propagate-reshapes`` (:func:`meshc.api.default_pipeline`, which ``meshc.api.compile`` still
    compiles the SPMD way).

    Raises:
        click.UsageError: either switch together with ``-p`` (the pipeline is then the user's: leave the
            pass out of its text instead).
    """
    if no_propagate_reshapes and pipeline is not None:
        raise click.UsageError("--no-propagate-reshapes changes the default pipeline; with -p, leave "
                               "propagate-reshapes out of PIPELINE instead")
    if not fuse_regions and pipeline is not None:
        raise click.UsageError("--no-fuse-regions changes the default pipeline; with -p, leave "
                               "fuse-spmd-regions out of the pipeline instead")
    ctx = click.get_current_context(silent=True)
    peer_tile = ctx.meta.get("meshc.peer_tile") if ctx is not None else None
    if peer_tile and pipeline is not None:
        raise click.UsageError("--peer-tile sets reshard's options in the default pipeline; with -p, write "
                               f"reshard{{strategy=peer peer-tile={peer_tile}}} in PIPELINE instead")
    if fuse_regions and not no_propagate_reshapes and not peer_tile:
        return pipeline
    return mc.default_pipeline(target, propagate_reshapes=not no_propagate_reshapes, fuse_regions=fuse_regions,
                               reshard=f"strategy=peer peer-tile={peer_tile}" if peer_tile else "")


def expand_bool_flag_values(args: list[str], flag: str, negated: str) -> list[str]:
    """``args`` with ``FLAG=VALUE`` rewritten to ``FLAG`` or ``NEGATED`` (``true``/``false``, also
    ``1``/``0``, ``on``/``off``, ``yes``/``no``, any case), up to a ``--``.

    Raises:
        click.BadParameter: a value that is not one of those.
    """
    out = list(args)
    prefix = flag + "="
    for i, word in enumerate(out):
        if word == "--":
            break
        if word.startswith(prefix):
            value = word[len(prefix):].lower()
            if value in _TRUE_WORDS:
                out[i] = flag
            elif value in _FALSE_WORDS:
                out[i] = negated
            else:
                raise click.BadParameter(f"'{word[len(prefix):]}' is not a boolean (true or false)",
                                         param_hint=f"'{flag}'")
    return out


class MeshcCommand(click.Command):
    """A click command with meshc's error handling (see the module docstring).
    A command with the ``--verify-each`` flag (:func:`verify_each_option`) also reads
    ``--verify-each=true|false``."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if any(p.name == "verify_each" for p in self.params):
            args = expand_bool_flag_values(args, "--verify-each", "--no-verify-each")
        return super().parse_args(ctx, args)

    def make_context(self, info_name, args, parent=None, **extra):
        try:
            return super().make_context(info_name, args, parent=parent, **extra)
        except click.UsageError as err:
            err.exit_code = EXIT_USER_ERROR
            raise

    def invoke(self, ctx: click.Context) -> Any:
        from meshc.ir.location import DiagnosticError

        try:
            result = super().invoke(ctx)
            sys.stdout.flush()  # a standard output that cannot take it (> /dev/full) fails here, not at exit
            return result
        except DiagnosticError as err:
            print_diagnostics(err.diagnostics, sources_for(ctx))
            stdout_failure()
            sys.exit(EXIT_USER_ERROR)
        except (click.exceptions.Exit, click.exceptions.Abort):
            raise
        except click.UsageError as err:  # e.g. click.BadParameter raised by the command
            err.exit_code = EXIT_USER_ERROR
            raise
        except click.ClickException:
            raise
        except KeyboardInterrupt as err:
            exit_interrupted(err)
        except OSError as err:
            if err.errno == errno.EPIPE:  # stdout closed early (| head): not an error of ours
                raise
            report_stdout_failure(err)
            internal_error(err)
        except Exception as err:  # noqa: BLE001 - every other exception is a meshc bug
            internal_error(err)


def stdout_failure(err: Optional[OSError] = None) -> Optional[OSError]:
    """The error of writing standard output (``ENOSPC`` of ``> /dev/full``...), else None: ``err``
    when it was raised by a write to standard output (the innermost frame of its traceback holds
    the stream, as ``click.echo`` or a rich console does), else the error of flushing it now.
    After an error the text still pending is dropped (the descriptor is pointed at the null device),
    so Python's own flush at exit does not fail again with a traceback."""
    failed = err if err is not None and _raised_writing_stdout(err) else None
    if failed is None:
        try:
            sys.stdout.flush()
        except OSError as flush_err:
            failed = flush_err
    if failed is not None:
        try:
            fd = sys.stdout.fileno()
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, fd)
            os.close(null)
        except (OSError, ValueError):
            pass
    return failed


def report_stdout_failure(err: OSError) -> None:
    """When ``err`` is a failure to write standard output (:func:`stdout_failure`, e.g. ``> /dev/full``):
    print ``error: could not write to standard output: <why>`` and exit 1 (bad input, not a meshc
    bug); otherwise return."""
    from meshc.ir.location import DiagnosticError

    failed = stdout_failure(err)
    if failed is not None:
        print_diagnostics(DiagnosticError(f"could not write to standard output: "
                                          f"{failed.strerror or failed}").diagnostics)
        sys.exit(EXIT_USER_ERROR)


def _raised_writing_stdout(err: BaseException) -> bool:
    tb = err.__traceback__
    if tb is None:
        return False
    while tb.tb_next is not None:
        tb = tb.tb_next
    out = sys.stdout
    buffer = getattr(out, "buffer", None)
    for value in tb.tb_frame.f_locals.values():
        for stream in (value, getattr(value, "file", None)):  # a rich Console holds its stream as .file
            if stream is None:
                continue
            if stream is out or stream is sys.__stdout__ or (buffer is not None and (
                    stream is buffer or getattr(stream, "buffer", None) is buffer)):
                return True
    return False


def internal_error(err: BaseException) -> None:
    """Print ``internal error: ...`` and the report hint; exit 2 (re-raise under MESHC_DEBUG)."""
    if os.environ.get("MESHC_DEBUG"):
        raise err
    click.echo(f"internal error: {type(err).__name__}: {err}".rstrip(), err=True)
    click.echo(f"note: {REPORT_HINT}", err=True)
    sys.exit(EXIT_INTERNAL_ERROR)


_SOURCES_KEY = "meshc.sources"


def sources_for(ctx: Optional[click.Context] = None):
    """The :class:`meshc.diagnostics.SourceManager` of the current command
    (created on first use and kept in ``ctx.meta``, so errors raised later
    render with the right source lines, e.g. of a buffer read from stdin)."""
    from meshc.diagnostics import SourceManager

    ctx = ctx or click.get_current_context(silent=True)
    if ctx is None:
        return SourceManager()
    return ctx.meta.setdefault(_SOURCES_KEY, SourceManager())


def print_diagnostics(diags, sources=None) -> None:
    """Render ``diags`` on stderr (coloured on a terminal)."""
    from meshc.diagnostics import DiagnosticPrinter

    DiagnosticPrinter(sources if sources is not None else sources_for()).emit_all(diags)


# ------------------------------------------------------------------ input / output
def read_input(path: str) -> tuple[str, str]:
    """``(text, name)`` of the input file (``-``: standard input, named ``<stdin>``), registered with
    the diagnostics' sources so that errors show its lines (:func:`meshc.parser.read_source`).

    Raises:
        DiagnosticError: the file cannot be read, or is not UTF-8 (located
            at the first bad byte).
    """
    from meshc.parser import read_source

    text, name = read_source(path)
    sources_for().add(name, text)
    return text, name


OUTPUT_PARAMS = ("output", "trace_path", "svg_path")
"""Click parameter names of the options that name files a command writes
(``-o/--output``, ``meshc run --trace``, ``meshc show --svg``):
:func:`check_output_path` names the one that gave the refused path."""


def check_output_path(output: str, input_path: str, option: Optional[str] = None) -> None:
    """Refuse an output path that is the input file (checked before any work).
    ``option`` is the option that gave ``output`` (``-o``, ``--trace``), named
    in the message; by default the current command's option of
    :data:`OUTPUT_PARAMS` whose value is ``output``, else ``-o``.

    A character device (a terminal, ``/dev/null``) may be both: writing it overwrites nothing. An
    ``input_path`` of ``-`` is standard input: refused when it is redirected from the file ``output``
    names (:func:`meshc.output_files.is_standard_input`).

    A path that will be written as a new or regular file must be creatable, checked here so that a long
    command does not fail only at its end: its folder must exist and be writable, and an existing
    file writable (a device, FIFO or descriptor alias is written in place: only opened at the end).

    Raises:
        DiagnosticError: ``output`` names the same file as ``input_path``
            (:func:`meshc.output_files.same_file`) or the file standard input reads, a directory, a path whose folder does not exist
            (or is no directory, or is not writable), or an existing file that is not writable.
    """
    from meshc.ir.location import DiagnosticError

    if output == "-":
        return
    option = option or _output_option(output) or "-o"
    if os.path.isdir(output):
        raise DiagnosticError(f"output path '{output}' ({option}) is a directory")
    from meshc.output_files import is_character_device, is_standard_input, same_file, writes_in_place

    if not writes_in_place(output):
        try:
            os.stat(output)
        except OSError as err:  # a loop of symbolic links: a shell redirection refuses it too
            if err.errno == errno.ELOOP:
                raise DiagnosticError(f"cannot write output path '{output}' ({option}): "
                                      f"{err.strerror}") from None
        target = os.path.realpath(output)  # a symbolic link: the file it points to is replaced
        folder = os.path.dirname(target)
        if not os.path.isdir(folder):
            what = "is not a directory" if os.path.exists(folder) else "does not exist"
            raise DiagnosticError(f"cannot write output path '{output}' ({option}): the folder '{folder}' {what}")
        if not os.access(folder, os.W_OK | os.X_OK):
            raise DiagnosticError(f"cannot write output path '{output}' ({option}): the folder '{folder}' is not "
                                  "writable")
        if os.path.exists(target) and not os.access(target, os.W_OK):
            raise DiagnosticError(f"cannot write output path '{output}' ({option}): the file is not writable")

    if input_path == "-" and is_standard_input(output):  # ``-o k.mlir < k.mlir``: as ``-o k.mlir k.mlir``
        raise DiagnosticError(f"refusing to overwrite the input file '{output}' (read as '-', standard input) with "
                              f"the output of {option} (choose another {option} path)")
    if input_path != "-" and os.path.exists(output) and os.path.exists(input_path):
        if same_file(output, input_path) and not is_character_device(output):  # a terminal can be both
            raise DiagnosticError(f"refusing to overwrite the input file '{input_path}' with the output of {option} "
                                  f"(choose another {option} path)")


def check_distinct_outputs(outputs: "list[tuple[str, Optional[str]]]") -> None:
    """Refuse two outputs of one command that name the same file (checked before any work): the
    second would overwrite the first. ``outputs``: ``(option, path)`` pairs (``("-o", "r.npz")``,
    ``("--trace", "t.json")``); a None path is an option not given. Paths compare as files when
    they exist (links, hard links) and as resolved paths when not; a character device (a
    terminal, ``/dev/null``) may take several outputs.

    Raises:
        DiagnosticError: naming both options and the path.
    """
    from meshc.ir.location import DiagnosticError
    from meshc.output_files import is_character_device, same_file

    given = [(option, path) for option, path in outputs if path]
    for i, (first, a) in enumerate(given):
        for second, b in given[i + 1:]:
            if same_file(a, b) and not is_character_device(a):
                what = f"'{a}'" if a == b else f"'{a}' and '{b}'"
                raise DiagnosticError(f"{first} and {second} name the same file {what}: one output would "
                                      f"overwrite the other (give each its own path)")


def _output_option(value: str) -> Optional[str]:
    """The first spelling (``-o``, ``--trace``) of the current command's output option whose value is
    ``value`` (None outside a command, or when none has it)."""
    ctx = click.get_current_context(silent=True)
    if ctx is None:
        return None
    for param in ctx.command.params:
        if param.name in OUTPUT_PARAMS and ctx.params.get(param.name) == value and param.opts:
            return param.opts[0]
    return None


def write_output(output: str, text: str) -> None:
    """Write ``text`` to stdout (``-``) or to ``output`` with :func:`meshc.output_files.write_file`:
    a regular file atomically (a failed run never leaves a truncated file), a device, FIFO or
    ``/dev/stdout`` in place.

    Raises:
        DiagnosticError: the file cannot be written (naming it and the reason).
    """
    from meshc.output_files import write_file

    write_file(output, text)


# ------------------------------------------------------------------ shared options
class FiniteFloat(click.FloatRange):
    """A float option that must be a finite number in ``[min, max]`` (click's :class:`click.FloatRange`
    lets ``nan`` through, since every comparison with it is false, and ``inf`` when there is no max):
    ``--rtol nan`` or ``--collective-timeout inf`` are usage errors (exit 1) naming the option."""

    name = "float"

    def convert(self, value: Any, param: Optional[click.Parameter], ctx: Optional[click.Context]) -> Any:
        import math

        number = click.FLOAT.convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a finite number", param, ctx)
        return super().convert(number, param, ctx)


def check_mesh_shape_names(shapes: dict, declared: list[str], where: str = "module") -> None:
    """Refuse ``--mesh-shape`` names that ``where`` (the module, or the whole ``--split-input-file``
    input) does not declare: an option error, listing the declared meshes (``declared``).

    Raises:
        click.BadParameter: the first unknown name (exit 1, naming ``--mesh-shape``).
    """
    for name, dims in shapes.items():
        if name not in declared:
            listed = ", ".join("@" + n for n in declared) or "none"
            raise click.BadParameter(f"'{name}={'x'.join(map(str, dims))}' names mesh '@{name}', which the {where} "
                                     f"does not declare (declared meshes: {listed})", param_hint="'--mesh-shape'")




def parse_mesh_shapes(values: tuple[str, ...]) -> dict[str, tuple[int, ...]]:
    """``("m=2x4", "n=8")`` -> ``{"m": (2, 4), "n": (8,)}`` (``--mesh-shape``). The name may be
    written as in the IR (``@m``, ``@"dyn m"``) or bare (``dyn m``).

    Raises:
        click.BadParameter: not ``NAME=D0xD1...`` with positive sizes, more
            devices than :data:`meshc.api.MAX_DEVICES`, or a mesh named twice.
    """
    import re

    shapes: dict[str, tuple[int, ...]] = {}
    for v in values:
        text, _, sizes = v.strip().rpartition("=")
        text = text.strip()
        text = text[1:] if text.startswith("@") else text
        if not text or re.fullmatch(r"\d+(?:x\d+)*", sizes) is None:
            raise click.BadParameter(f"'{v}' is not NAME=SIZES (e.g. m=2x4)", param_hint="'--mesh-shape'")
        if text.startswith('"'):  # the IR's quoted spelling, @"dyn m", names the mesh dyn m
            from meshc.parser import _unquote

            if len(text) < 2 or not text.endswith('"'):
                raise click.BadParameter(f"'{v}': unterminated quoted mesh name", param_hint="'--mesh-shape'")
            text = _unquote(text)
        name, dims = text, tuple(int(d) for d in sizes.split("x"))
        if any(d <= 0 for d in dims):
            raise click.BadParameter(f"'{v}': mesh sizes must be positive", param_hint="'--mesh-shape'")
        devices = 1
        for d in dims:
            devices *= d
        from meshc.api import too_many_devices  # the one limit of static and --mesh-shape meshes

        message = too_many_devices(f"'{v}'", devices)
        if message:
            raise click.BadParameter(message, param_hint="'--mesh-shape'")
        if name in shapes:
            raise click.BadParameter(f"mesh '{name}' is given twice", param_hint="'--mesh-shape'")
        shapes[name] = dims
    return shapes


def mesh_shape_option(fn):
    """``--mesh-shape NAME=2x4`` (repeatable): sizes for meshes declared with ``?``."""
    return click.option("--mesh-shape", "mesh_shape", multiple=True, metavar="NAME=SIZES",
                        help="Sizes of a mesh declared with '?' dims, e.g. m=2x4 (repeatable).")(fn)


def mesh_shape_override_option(fn):
    """``--mesh-shape NAME=2x4`` (repeatable) of a command that also overrides static meshes
    (:func:`meshc.api.override_mesh_shapes`, with a note), as ``meshc run`` does."""
    return click.option("--mesh-shape", "mesh_shape", multiple=True, metavar="NAME=SIZES",
                        help="Shape of a mesh, e.g. m=2x4: sets a dynamic ('?') mesh, overrides a static one "
                             "(repeatable).")(fn)


def render_timing(timing, stream=None) -> None:
    """Print a :class:`meshc.passes.manager.Timing` as a table on stderr
    (like mlir-opt's ``--mlir-timing`` report: wall time and share per row)."""
    from rich.console import Console
    from rich.table import Table

    from meshc.diagnostics import use_color

    stream = stream or sys.stderr
    total = timing.total
    table = Table(title="Execution time report", title_justify="left")
    table.add_column("Wall time (ms)", justify="right")
    table.add_column("%", justify="right")
    table.add_column("Runs", justify="right")
    table.add_column("Name")
    for label, seconds in timing.seconds.items():
        share = 100.0 * seconds / total if total > 0 else 0.0
        table.add_row(f"{seconds * 1e3:.3f}", f"{share:.1f}", str(timing.count[label]), label)
    table.add_row(f"{total * 1e3:.3f}", "100.0", "", "Total", style="bold")
    Console(file=stream, force_terminal=use_color(stream), no_color=not use_color(stream), highlight=False,
            width=100).print(table)


def leave_ir_at_exit() -> None:
    """For a console script's process (``meshc``, ``meshc-opt``): when the interpreter exits, every
    object still alive is frozen (``gc.freeze``, after the other exit handlers) so that the final
    collection does not walk and free the IR one object at a time before the process ends: 1.6 s of a
    7.6 s ``compile -p ""`` of 100k ops (``bench/parse_bench.py``). The operating system takes the
    memory back at once. Objects reachable from modules are still finalized as usual; the IR holds no
    open file (outputs are written and closed by :mod:`meshc.output_files`; the parse's own freezing is
    :func:`meshc.parser.parsed_ir_frozen`). Not for a process that embeds meshc: an IR cycle with a
    finalizer would not be finalized at its exit. Registered once."""
    import atexit
    import gc

    global _leaving
    if not _leaving:
        _leaving = True
        atexit.register(gc.freeze)  # atexit runs last-registered first: after the handlers set up later


_leaving = False


def single_pipeline(ctx: click.Context, param: click.Parameter, values: tuple[str, ...]) -> Optional[str]:
    """The click callback of ``-p/--pass-pipeline`` (declared ``multiple=True`` to see repeats): the one
    pipeline given, or None (the default pipeline). Given twice it is a usage error, as in
    ``meshc-opt``: click would keep only the last and run the other passes silently never.

    Raises:
        click.UsageError: the option is given more than once.
    """
    if len(values) > 1:
        shown = " ".join(f"-p '{v}'" for v in values)
        raise click.UsageError(f"{shown}: -p/--pass-pipeline is given {len(values)} times; give one pipeline, its "
                               "passes joined by commas (e.g. -p 'cse,canonicalize')", ctx=ctx)
    return values[0] if values else None
