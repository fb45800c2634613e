"""``meshc annotate``: add a mesh and sharding annotations to a program and print it.

``meshc annotate IN [-o OUT] [--mesh NAME=SHAPE] [--shard TARGET=AXES] [--shardings-from F]
[--auto-shard tp=N|dp=N|ep=N[,...] [--batch-arg NAME] [--explain]] [--entry NAME]`` parses and verifies ``IN`` (``-`` = stdin), adds what the options ask for (see
:mod:`meshc.annotate` and :mod:`meshc.commands._annotate_options`), verifies the result and prints
it -- to stdout, or to ``-o OUT`` written atomically and never over the input -- so users can keep
and edit the annotated IR (docs/pipeline.md stage 1) and hand it to ``meshc compile``/``run``. ``--auto-shard`` writes the advisor's annotated IR
(:mod:`meshc.autoshard`, as ``meshc run --auto-shard`` shards it; ``--explain`` prints its reasons
on stderr). Warnings
(a global never loaded, a GSPMD ``{maximal}`` sharding read as replicated) go to stderr. Exit codes:
see :mod:`meshc.commands._common`.
"""

from __future__ import annotations

from typing import Optional

import click

from meshc.commands._annotate_options import AnnotationOptions, annotation_options, auto_shard_options, shard_module
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
@auto_shard_options
def command(input_path: str, output: str, entry: Optional[str], generic: bool,
            annotations: AnnotationOptions, auto_shard: Optional[str] = None, explain: bool = False) -> None:
    """Add mesh and sharding annotations to a program and print it."""
    if not annotations and not auto_shard:
        if explain:
            raise click.UsageError("--explain explains --auto-shard: give --auto-shard tp=N, dp=N or ep=N")
        raise click.UsageError("nothing to add: give --mesh, --shard, --shardings-from or --auto-shard")
    for read in (input_path, annotations.shardings_from):
        if read:
            check_output_path(output, read)
    from meshc.ir.printer import print_op
    from meshc.ir.verifier import verify
    from meshc.parser import parse

    text, name = read_input(input_path)
    module = parse(text, name)
    verify(module)
    report, plan = shard_module(module, entry, annotations, auto_shard, explain)
    verify(module)
    write_output(output, print_op(module, generic=generic))
    if output != "-":
        added = list(report.added) if report is not None else []
        count = len(report.inserted) if report is not None else 0
        if plan is not None:
            added += [plan.spec.kind] if plan.spec.kind not in added else []
            count += len(plan.shards) + len(plan.operand_annotations)
        meshes = ", ".join("@" + m for m in added) or "none"
        click.echo(f"wrote {output}: {count} annotation(s) added, mesh(es) added: {meshes}", err=True)
