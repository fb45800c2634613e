"""The ``meshc`` command line: a click group whose subcommands load lazily.

Each subcommand lives in ``meshc/commands/<name>.py`` and exposes a click
command named ``command``. Importing numpy, lark or the passes happens only
inside the command that needs them, so ``meshc --help`` starts fast
(STYLE.md item 13).
"""

from __future__ import annotations

import importlib

import click

# name -> (module, one-line help shown by ``meshc --help``)
COMMANDS: dict[str, tuple[str, str]] = {
    "compile": ("meshc.commands.compile", "Parse, verify, run passes and print IR or schedules."),
    "run": ("meshc.commands.run", "Compile and execute on simulated devices (or the reference interpreter)."),
    "annotate": ("meshc.commands.annotate", "Add mesh and sharding annotations to a program and print it."),
    "layout": ("meshc.commands.layout", "Physical shape, pages and bytes of a tensor under a TensorLayout."),
    "passes": ("meshc.commands.passes", "List every pass, its options and the default pipeline."),
    "show": ("meshc.commands.show", "Picture of how each tensor value is sharded over the devices."),
    "explain": ("meshc.commands.explain", "One line per resharding point and collective: what moved, why, bytes per device."),
    "estimate": ("meshc.commands.estimate", "Per-device memory, traffic, flops and modeled step time, without running."),
}


EXIT_USAGE_ERROR = 1
"""Exit code of a usage error (no command, an unknown command or option, a bad option value): 1, as
for every bad input (:mod:`meshc.commands._common`); click's own 2 would read as an internal error."""


class LazyGroup(click.Group):
    """A click group that imports a subcommand's module only when it is used; usage errors
    (``meshc`` alone, ``meshc bogus``, ``meshc --bogus``, and those of every command) exit with
    :data:`EXIT_USAGE_ERROR`."""

    def main(self, *args, **kwargs):
        """click's ``main`` with standard output and error tolerating a reader that goes away
        (``| head -1``, :func:`meshc.output_files.tolerate_closed_pipes`): every command, its help
        and its usage errors end as they would have, with exit 0 or 1, never click's silent exit 1;
        ``SIGTERM`` handled as an interrupt (:func:`meshc.commands._common.terminate_as_interrupt`); and
        the whole command under :func:`meshc.ir.limits.recursion_headroom`, so that every program within
        the parser's nesting limits also compiles, runs and is drawn."""
        from meshc.commands._common import terminate_as_interrupt
        from meshc.ir.limits import recursion_headroom
        from meshc.output_files import guard_standard_streams, tolerate_closed_pipes

        guard_standard_streams()
        # SIGTERM: cleaned up as Ctrl-C, exit 143; the recursion budget of the IR limits for the passes,
        # the runtime and the pictures too, not only parse/verify/print
        with tolerate_closed_pipes(), terminate_as_interrupt(), recursion_headroom():
            return super().main(*args, **kwargs)

    def __call__(self, *args, **kwargs):
        """The console script's entry (``meshc``, ``python -m meshc``; tests call :meth:`main`): the
        process leaves its IR to the operating system at exit (:func:`meshc.commands._common.leave_ir_at_exit`)."""
        from meshc.commands._common import leave_ir_at_exit

        leave_ir_at_exit()
        return super().__call__(*args, **kwargs)

    def make_context(self, info_name, args, parent=None, **extra):
        from meshc.output_files import guard_standard_streams

        guard_standard_streams()  # ``>&-`` / ``<&-``: errors with exit 1, not an internal error
        try:
            return super().make_context(info_name, args, parent=parent, **extra)
        except click.UsageError as err:  # also click's "no arguments: show the help"
            err.exit_code = EXIT_USAGE_ERROR
            raise
        except KeyboardInterrupt as err:  # exit 130 as in a command, not click's "Aborted!" and 1
            from meshc.commands._common import exit_interrupted

            exit_interrupted(err)

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except click.UsageError as err:  # "No such command 'bogus'", or a command's own usage error
            err.exit_code = EXIT_USAGE_ERROR
            raise
        except KeyboardInterrupt as err:  # while a command's module is imported or its options parsed
            from meshc.commands._common import exit_interrupted

            exit_interrupted(err)
        except OSError as err:  # a command that is no MeshcCommand writing a full standard output
            import errno

            if err.errno == errno.EPIPE:
                raise
            from meshc.commands._common import report_stdout_failure

            report_stdout_failure(err)
            raise

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in COMMANDS:
            return None
        module_name, _ = COMMANDS[name]
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as err:
            if err.name != module_name:
                raise
            return _not_built(name)
        return module.command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, COMMANDS[name][1]) for name in self.list_commands(ctx)]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


def _not_built(name: str) -> click.Command:
    @click.command(name=name, context_settings={"ignore_unknown_options": True})
    @click.argument("args", nargs=-1, type=click.UNPROCESSED)
    def stub(args: tuple[str, ...]) -> None:
        raise click.ClickException(f"'meshc {name}' is not available in this build")

    return stub


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="meshc")
def main() -> None:
    """meshc: shard tensor programs, see what every device runs and holds,
    and check the sharded program computes what the unsharded one does."""


if __name__ == "__main__":
    main()
