"""``meshc annotate``: add a mesh and sharding annotations to a program and print it.

``meshc annotate IN [-o OUT] [--mesh NAME=SHAPE] [--shard TARGET=AXES] [--shardings-from F]
[--entry NAME]`` parses and verifies ``IN`` (``-`` = stdin), adds what the options ask for (see
:mod:`meshc.annotate` and :mod:`meshc.commands._annotate_options`), verifies the result and prints
it -- to stdout, or to ``-o OUT`` written atomically and never over the input -- so users can keep
and edit the annotated IR (PIPELINE.md stage 1) and hand it to ``meshc compile``/``run``. Warnings
(a global never loaded, a GSPMD ``{maximal}`` sharding read as replicated) go to stderr. Exit codes:
see :mod:`meshc.commands._common`.
"""

from __future__ import annotations

from typing import Optional

import click

from meshc.commands._annotate_options import AnnotationOptions, annotation_options, report_warnings
from meshc.commands._common import MeshcCommand, check_output_path, read_input, write_output


@click.command(name="annotate", cls=MeshcCommand)
@click.argument("input_path", metavar="INPUT")
@click.option("-o", "--output", default="-", show_default=True, metavar="OUT",
              help="Output file ('-': stdout). Written only on success; never the input file.")
@click.option("--entry", default=None, metavar="NAME",
              help="Function whose arguments and results --shard/--shardings-from name (default: the only "
                   "public one).")
@click.option("--generic", is_flag=True, help="Print every op in the generic form.")
@annotation_options
def command(input_path: str, output: str, entry: Optional[str], generic: bool,
            annotations: AnnotationOptions) -> None:
    """Add mesh and sharding annotations to a program and print it."""
    if not annotations:
        raise click.UsageError("nothing to add: give --mesh, --shard or --shardings-from")
    check_output_path(output, input_path)
    from meshc.ir.printer import print_op
    from meshc.ir.verifier import verify
    from meshc.parser import parse

    text, name = read_input(input_path)
    module = parse(text, name)
    verify(module)
    report = annotations.apply(module, entry)
    verify(module)
    write_output(output, print_op(module, generic=generic))
    report_warnings(report)
    if output != "-":
        meshes = ", ".join("@" + m for m in report.added) or "none"
        click.echo(f"wrote {output}: {len(report.inserted)} annotation(s) added, mesh(es) added: {meshes}", err=True)
