"""``meshc show``: a picture of how each tensor value is sharded over the devices.

``INPUT`` (``-`` = stdin) is parsed and run through
``sharding-propagation,distribute-types`` (docs/pipeline.md stages 2-3); then, for
each chosen tensor value of the entry function (``--entry NAME``, else the
only public function), the last two dims are drawn to scale, one box per
block, coloured and labelled with the devices that hold it (see
:mod:`meshc.show`). Default: the entry function's arguments and returned
values; ``--all``: every tensor value; ``--value %NAME`` (repeatable): the
values so named in the printed IR after propagation (what ``meshc compile -p
sharding-propagation`` prints: the user's names, then ``%0, %1, ...``). A dynamic mesh needs
``--mesh-shape m=SIZES``. Colours only on a terminal (not with ``NO_COLOR``);
``--svg FILE`` also writes the pictures as SVG (to standard output -- ``-``, ``/dev/stdout``, the
file standard output is redirected to -- the SVG alone: the text pictures go to standard error then). ``--mesh/--shard/--shardings-from`` annotate the
program first (as ``meshc annotate``), and ``--auto-shard tp=N|dp=N|ep=N`` pictures the advisor's plan
(``--explain``: its reasons, on stderr). Exit codes: see
:mod:`meshc.commands._common`.
"""

from __future__ import annotations

import sys
from typing import Optional

import click

from meshc.commands._annotate_options import AnnotationOptions, annotation_options, auto_shard_options, shard_module
from meshc.commands.run import arg_shape_option, specialize_arg_shapes  # the one --arg-shape
from meshc.commands._common import (MeshcCommand, check_mesh_shape_names, check_output_path,
                                    mesh_shape_override_option, parse_mesh_shapes, read_input, write_output)

#: The passes that put every tensor value's sharding into its type.
PIPELINE = "convert-flow-to-tensor,flatten-regions,sharding-propagation,distribute-types"


def distribute(module, mesh_shapes: Optional[dict[str, tuple[int, ...]]] = None) -> None:
    """Run :data:`PIPELINE` on ``module`` in place (the form :func:`meshc.show.render_values` reads).

    Raises:
        DiagnosticError: invalid input or a pass's user error.
    """
    from meshc.passes.base import PassContext
    from meshc.passes.manager import PassManager
    from meshc.show.values import record_propagation_names

    halos = [op.location for op in module.walk() if op.name == "mesh.update_halo"]
    context = PassContext(mesh_shapes=dict(mesh_shapes or {}))
    first, second = PIPELINE.rsplit(",", 1)
    PassManager.from_text(first, context).run(module)
    record_propagation_names(module, halos)  # names as 'meshc compile -p sharding-propagation' prints them
    PassManager.from_text(second, context).run(module)


def check_svg_path(path: str) -> None:
    """Refuse ``--svg PATH`` whose extension names another format (``pic.png``, ``pic.pdf``): the file
    would hold SVG text under a name that promises something else. ``.svg`` (any case), no extension,
    and a path written in place (a device, FIFO, ``/dev/stdout``) are accepted.

    Raises:
        DiagnosticError: naming the path and its extension, before any work.
    """
    import os

    from meshc.ir.location import DiagnosticError
    from meshc.output_files import writes_in_place

    ext = os.path.splitext(path)[1].lower()
    if ext in ("", ".svg") or writes_in_place(path):
        return
    raise DiagnosticError(f"--svg '{path}': meshc show writes SVG, but the extension '{ext}' names another "
                          "format; give a .svg file (convert it afterwards, e.g. with rsvg-convert, for a "
                          "raster image)")


@click.command(name="show", cls=MeshcCommand)
@click.argument("input_path", metavar="INPUT")
@click.option("--value", "value_names", multiple=True, metavar="%NAME",
              help="Draw this tensor value (named as in the IR printed after propagation; repeatable).")
@click.option("--all", "all_values", is_flag=True, help="Draw every tensor value of the entry function.")
@click.option("--entry", default=None, metavar="NAME", help="Function to show (default: the only public one).")
@mesh_shape_override_option
@arg_shape_option
@click.option("--svg", "svg_path", default=None, metavar="FILE", help="Also write the pictures as SVG to FILE.")
@click.option("--width", default=64, show_default=True, type=click.IntRange(16, 1000),
              help="Largest grid width in characters (borders included).")
@click.option("--height", default=24, show_default=True, type=click.IntRange(4, 1000),
              help="Largest grid height in lines (borders included).")
@annotation_options
@auto_shard_options
def command(input_path: str, value_names: tuple[str, ...], all_values: bool, entry: Optional[str],
            mesh_shape: tuple[str, ...], svg_path: Optional[str], width: int, height: int,
            annotations: Optional[AnnotationOptions] = None, auto_shard: Optional[str] = None,
            explain: bool = False, arg_shape: tuple[str, ...] = ()) -> None:
    """Picture of how each tensor value is sharded over the devices."""
    if value_names and all_values:
        raise click.UsageError("--value and --all cannot be combined")
    shapes = parse_mesh_shapes(mesh_shape)
    if svg_path:
        for read in (input_path, annotations.shardings_from if annotations else None):
            if read:
                check_output_path(svg_path, read)
        check_svg_path(svg_path)
    from meshc.dialects.mesh import sharding_of
    from meshc.ir.location import DiagnosticError
    from meshc.parser import parse
    from meshc.ir.functions import entry_function
    from meshc.show import (ValueNames, check_mesh_shapes, entry_values, figures_for, find_value, print_figures,
                            tensor_values)
    from meshc.show.render import console_for

    text, name = read_input(input_path)
    module = parse(text, name)
    entry_function(module, entry, purpose="show")  # --entry names a function; or there is one to show
    if annotations or auto_shard or explain:
        shard_module(module, entry, annotations, auto_shard, explain)
    from meshc.api import MAX_DEVICES, MAX_UNROLLED_DEVICES, check_device_count, mesh_names, override_mesh_shapes

    check_mesh_shape_names(shapes, mesh_names(module))
    specialize_arg_shapes(module, entry, arg_shape)  # --arg-shape: dynamic dims drawn at these sizes
    for line in override_mesh_shapes(module, shapes):
        click.echo(f"note: {line}", err=True)
    check_device_count(module, shapes, MAX_UNROLLED_DEVICES,  # nothing unrolled, but a picture per device
                       why=f"meshc show draws at most {MAX_UNROLLED_DEVICES} devices per mesh (one picture per "
                           f"device; meshc compile, run and estimate take up to {MAX_DEVICES})")
    check_mesh_shapes(module, shapes)
    distribute(module, shapes)
    func = entry_function(module, entry, purpose="show")
    everything = tensor_values(func)
    if not any(sharding_of(v.type) is not None for v in everything):
        raise DiagnosticError(f"function @{func.sym_name} has no sharded tensor value (no mesh.shard "
                              "annotation): nothing to show", func.location)
    if value_names:
        names = ValueNames(module)
        values = [find_value(func, names, n) for n in value_names]
    else:
        values = everything if all_values else entry_values(func)
    figures = figures_for(module, values, shapes)
    from meshc.output_files import names_standard_output

    # --svg /dev/stdout > p.svg (or --svg -): the SVG alone on standard output, the text on standard error
    svg_on_stdout = bool(svg_path) and (svg_path == "-" or names_standard_output(svg_path))
    print_figures(figures, console_for(sys.stderr if svg_on_stdout else None), width, height)
    if svg_path:
        from meshc.show.svg import svg_document

        write_output(svg_path, svg_document(figures))
