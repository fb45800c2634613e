"""``meshc explain``: one line per resharding point and collective: what moved, why, bytes per device.

``INPUT`` (``-`` = stdin) is parsed, verified, optionally annotated (``--mesh``, ``--shard``,
``--shardings-from``, as ``meshc annotate``; or by the advisor, ``--auto-shard tp=N|dp=N|ep=N``, whose
reasons ``--explain`` prints on stderr), and compiled up to the ``reshard`` pass with
``--strategy`` (:func:`meshc.explain.explain`, the same function ``import meshc`` exposes as
``meshc.explain``). Each line on stdout is ``FILE:LINE:COL: %VALUE for 'CONSUMER': <SOURCE> ->
<TARGET>: WHAT (WHY); BYTES`` -- the text ``meshc compile --remarks`` shows as the reshard pass's
remarks. ``--mesh-shape m=SIZES`` sizes a dynamic mesh (else bytes are reported as depending on
the shape) or overrides a static one like ``meshc run`` (a note on stderr); ``--arg-shape x=10x8``
gives dynamic tensor dims their sizes (specialize-shapes). Exit codes: see
:mod:`meshc.commands._common`.
"""

from __future__ import annotations

from typing import Optional

import click

from meshc.commands._annotate_options import AnnotationOptions, annotation_options, auto_shard_options, shard_module
from meshc.commands._common import MeshcCommand, check_mesh_shape_names, parse_mesh_shapes, read_input
from meshc.commands.run import arg_shape_option, specialize_arg_shapes  # the one --arg-shape


@click.command(name="explain", cls=MeshcCommand)
@click.argument("input_path", metavar="INPUT", type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--strategy", type=click.Choice(["auto", "collectives", "peer"]), default="auto", show_default=True,
              help="How the reshard pass moves data: collectives, in-place peer reads, or auto (peer reads when "
                   "every axis involved is peered and they move no more bytes).")
@click.option("--mesh-shape", "mesh_shape", multiple=True, metavar="NAME=SIZES",
              help="Shape of a mesh, e.g. m=2x4: sets a dynamic ('?') mesh, overrides a static one (repeatable).")
@click.option("--entry", default=None, metavar="NAME",
              help="Function whose arguments and results --shard/--shardings-from name (default: the only "
                   "public one).")
@arg_shape_option
@annotation_options
@auto_shard_options
def command(input_path: str, strategy: str, mesh_shape: tuple[str, ...], entry: Optional[str],
            annotations: AnnotationOptions, auto_shard: Optional[str] = None, explain: bool = False,
            arg_shape: tuple[str, ...] = ()) -> None:
    """One line per resharding point and collective: what moved, why, bytes per device."""
    shapes = parse_mesh_shapes(mesh_shape)
    from meshc.api import MAX_DEVICES, MAX_EXPLAINED_DEVICES, check_device_count, mesh_names
    from meshc.explain import explain as explain_resharding
    from meshc.ir.functions import entry_function, functions_of
    from meshc.ir.location import DiagnosticError
    from meshc.ir.verifier import verify
    from meshc.parser import parse

    text, name = read_input(input_path)
    module = parse(text, name)
    verify(module)
    if entry is not None:  # as run, estimate and show: the function must exist
        entry_function(module, entry, purpose="explain")
    elif not any(not f.is_declaration for f in functions_of(module)):
        raise DiagnosticError("the module has no function to explain")
    if annotations or auto_shard or explain:
        shard_module(module, entry, annotations, auto_shard, explain)
        verify(module)
    check_mesh_shape_names(shapes, mesh_names(module))
    specialize_arg_shapes(module, entry, arg_shape)  # --arg-shape: bytes of dynamic dims at these sizes
    check_device_count(module, shapes, MAX_EXPLAINED_DEVICES,  # nothing unrolled; the bytes: a devices^2 matrix
                       why=f"meshc explain takes at most {MAX_EXPLAINED_DEVICES} devices per mesh (the bytes of each "
                           "collective are counted on a devices x devices matrix; meshc compile, run and estimate "
                           f"take up to {MAX_DEVICES})")
    report = explain_resharding(module, shapes, strategy)
    for note in report.notes:
        click.echo(f"note: {note}", err=True)
    click.echo(report.text(), nl=False)
