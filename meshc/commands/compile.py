"""``meshc compile``: parse, verify, run a pass pipeline, print the IR.

mlir-opt's driver for meshc: ``INPUT`` (``-`` = stdin) is parsed and
verified, the pipeline (``-p``; the default pipeline without it; ``-p ""``
none) runs under the pass manager, and the module is printed to ``-o``
(stdout by default), written only after everything succeeded and never over
the input file. ``--split-input-file`` processes each ``// -----`` chunk on
its own (line numbers stay those of the file) and joins the outputs with
``// -----``; ``--verify-diagnostics`` checks the diagnostics against the
``expected-*`` comments instead of printing them (see
:mod:`meshc.diagnostics`). The IR is verified after every pass unless
``--verify-each=false`` (mlir-opt's spelling; ``--no-verify-each`` too). ``--mesh-shape m=2x4`` gives a dynamic mesh its
shape and overrides a static one with a note on stderr, as ``meshc run``
does (:func:`meshc.api.override_mesh_shapes`); a chunk that does not declare
the mesh ignores it, a name no chunk declares is an error. Without ``-p``,
a ``--target`` other than ``none`` adds ``unroll`` and ``set-encoding``
(:func:`meshc.api.default_pipeline`). The default pipeline stops at stage 5
(docs/pipeline.md: one ``mesh.for_all`` program for every device, nothing
copied per device); ``--emit=unrolled`` (or ``-p ...,unroll``) prints the
seed's per-device form (stage 6). ``--emit=schedule`` / ``schedule-json`` /
``iree`` build the schedules from the SPMD template when the pipeline did
not unroll (they list every device: a mesh up to :data:`meshc.api.MAX_LISTED_DEVICES` devices), from
``@NAME_sharded`` when it did (up to :data:`meshc.api.MAX_UNROLLED_DEVICES`);
a program the template does not handle yet is compiled again with unroll,
with a note. Exit codes: see :mod:`meshc.commands._common`.
"""

from __future__ import annotations

import sys
import click

from meshc.commands._annotate_options import annotation_options, auto_shard_options, shard_module
from meshc.commands.run import arg_shape_option, require_static_args, specialize_arg_shapes
from meshc.commands._common import (EXIT_USER_ERROR, MeshcCommand, check_mesh_shape_names, check_output_path,
                                    mesh_shape_override_option, parse_mesh_shapes, read_input, render_timing,
                                    fuse_regions_option, peer_tile_option, pipeline_for, propagate_reshapes_option, sources_for,
                                    single_pipeline, verify_each_option, write_output)


def _pass_names(values: tuple[str, ...]) -> frozenset[str]:
    return frozenset(n.strip() for v in values for n in v.split(",") if n.strip())


@click.command(name="compile", cls=MeshcCommand)
@click.argument("input_path", metavar="INPUT")
@click.option("-o", "--output", default="-", show_default=True, metavar="OUT",
              help="Output file ('-': stdout). Written only on success; never the input file.")
@click.option("-p", "--pass-pipeline", "pipeline", multiple=True, callback=single_pipeline, metavar="PIPELINE",
              help="Passes to run, e.g. 'canonicalize,cse' or 'builtin.module(func.func(cse))'; '' runs none. "
                   "Default: the default pipeline (see 'meshc passes').")
@click.option("--generic", is_flag=True, help="Print every op in the generic form.")
@click.option("--print-debuginfo", is_flag=True,
              help="Print each op's source location after it, loc(\"file\":line:col) (mlir-opt's "
                   "--mlir-print-debuginfo, locations in place).")
@click.option("--split-input-file", is_flag=True, help="Process each '// -----' chunk of INPUT separately.")
@click.option("--split-marker", default="// -----", hidden=True,
              help="The line --split-input-file splits on (meshc-opt's --split-input-file=MARKER).")
@click.option("--output-split-marker", default="// -----", hidden=True,
              help="The line between the outputs of the chunks (meshc-opt's --output-split-marker).")
@click.option("--no-implicit-module", is_flag=True, hidden=True,
              help="The input must be one top-level builtin.module (meshc-opt's --no-implicit-module).")
@click.option("--verify-roundtrip", is_flag=True, hidden=True,
              help="Check that the output reads back to itself, custom and generic form (meshc-opt's "
                   "--verify-roundtrip).")
@click.option("--verify-diagnostics", is_flag=True,
              help="Check diagnostics against 'expected-error {{...}}' comments; exit 0 when all match.")
@verify_each_option
@fuse_regions_option
@peer_tile_option
@click.option("--print-ir-before-all", is_flag=True, help="Print the IR (stderr) before every pass.")
@click.option("--print-ir-after-all", is_flag=True, help="Print the IR (stderr) after every pass.")
@click.option("--print-ir-before", multiple=True, metavar="PASS", help="Print the IR before these passes.")
@click.option("--print-ir-after", multiple=True, metavar="PASS", help="Print the IR after these passes.")
@click.option("--print-ir-after-change", is_flag=True, help="Print the IR after a pass only if it changed it.")
@click.option("--print-ir-after-failure", is_flag=True, help="Print the IR after a pass only if it failed.")
@click.option("--timing", is_flag=True, help="Print the wall time of parsing, every pass and printing (stderr).")
@click.option("--remarks", is_flag=True, help="Show the remarks passes emit.")
@mesh_shape_override_option
@click.option("--target", type=click.Choice(["none", "x86-generic", "x86-avx2", "x86-avx512"]), default="none",
              show_default=True, help="Data-tiling target: any other than 'none' adds unroll,set-encoding (default pipeline) "
                   "and packs for this target in materialize-encodings ('none': encodings dropped).")
@click.option("--emit", type=click.Choice(["mlir", "unrolled", "schedule", "schedule-json", "iree"]), default="mlir",
              show_default=True,
              help="What to print: the IR ('unrolled': the pipeline with unroll added, the static per-device "
                   "form @NAME_sharded), the per-device schedules of the entry function (readable text, "
                   "or JSON: see meshc/backend/schedule.py), or one IREE input module for the whole mesh "
                   "(docs/iree.md).")
@click.option("--spelling", type=click.Choice(["input", "mesh19", "mesh20", "shard21", "shard"]), default=None,
              help="Print the sharding ops in this upstream spelling: 'mesh19' (LLVM 19 inline shardings), 'mesh20' "
                   "(LLVM 20 mesh.sharding values), 'shard' (LLVM 22 shard.grid/shard.sharding; 'shard21': LLVM 21's "
                   "scatter_axis), 'input' (the one "
                   "each module was read in). Default: the canonical form (docs/meshc-opt.md, 'Spellings').")
@click.option("--value-names", type=click.Choice(["source", "asm"]), default="source", show_default=True,
              help="How values are named in the output: 'source' keeps the input's names; 'asm' gives constants "
                   "mlir-opt's names (%c2_i64, %cst, %true), as meshc-opt prints (docs/meshc-opt.md).")
@click.option("--aliases", type=click.Choice(["none", "input"]), default="none", show_default=True,
              help="Attribute aliases in the output: 'none' prints attributes in place; 'input' prints the kinds "
                   "the input defined aliases for (#map = affine_map<...>, #encoding = #iree_encoding...) through "
                   "aliases, as mlir-opt does (meshc-opt's default; meshc/ir/aliases.py).")
@propagate_reshapes_option
@arg_shape_option
@annotation_options
@auto_shard_options
def command(input_path: str, output: str, pipeline: "str | None", generic: bool, split_input_file: bool,
            verify_diagnostics: bool, verify_each: bool, print_ir_before_all: bool, print_ir_after_all: bool,
            print_ir_before: tuple[str, ...], print_ir_after: tuple[str, ...], print_ir_after_change: bool,
            print_ir_after_failure: bool, timing: bool, remarks: bool, mesh_shape: tuple[str, ...],
            target: str, emit: str, spelling: "str | None" = None, value_names: str = "source",
            no_propagate_reshapes: bool = False, annotations=None, auto_shard=None,
            explain: bool = False, fuse_regions: bool = True, aliases: str = "none",
            arg_shape: tuple[str, ...] = (), print_debuginfo: bool = False, split_marker: str = "// -----",
            output_split_marker: str = "// -----", no_implicit_module: bool = False,
            verify_roundtrip: bool = False) -> None:
    """Parse, verify, run passes and print IR."""
    import meshc.api as mc
    from meshc.diagnostics import DiagnosticPrinter, DiagnosticVerifier, split_input
    from meshc.ir.location import DiagnosticError
    from meshc.ir.printer import print_op
    from meshc.passes.base import PassContext
    from meshc.passes.manager import IRPrinting, PassManager, Timing, check_pass_names, measure
    from meshc.passes.pipeline import PIPELINE_FILE
    from meshc.progress import Progress

    for read in (input_path, annotations.shardings_from if annotations else None):
        if read:
            check_output_path(output, read)
    sources = sources_for()
    pipeline = pipeline_for(mc, pipeline, target, fuse_regions, no_propagate_reshapes)
    pipeline_text = mc.default_pipeline(target) if pipeline is None else pipeline
    if emit == "unrolled":  # the seed's per-device form: the pipeline with unroll (meshc.api.with_unroll)
        pipeline_text = mc.with_unroll(pipeline_text)
    sources.add(PIPELINE_FILE, pipeline_text)
    before, after = _pass_names(print_ir_before), _pass_names(print_ir_after)
    check_pass_names(sorted(before | after))
    timer = Timing() if timing else None
    shapes = parse_mesh_shapes(mesh_shape)
    per_device = mc.unrolls(pipeline_text)  # copies the program per device: within meshc.api.MAX_UNROLLED_DEVICES
    context = PassContext(mesh_shapes={}, remarks=remarks)
    context.target = target  # read by materialize-encodings when its own 'target' option is not given
    printing = IRPrinting(print_ir_before_all, print_ir_after_all, before, after, print_ir_after_change,
                          print_ir_after_failure, generic)
    manager = PassManager.from_text(pipeline_text, context, verify_each=verify_each, printing=printing,
                                    timing=timer)

    from meshc.parser import parse, parsed_ir_frozen

    text, name = read_input(input_path)
    printer = DiagnosticPrinter(sources)
    outputs: list[str] = []
    failed = False
    mismatches = []
    declared: dict[str, None] = {}  # mesh names of the chunks parsed, in order
    unparsed = False  # a chunk that did not parse may declare any mesh
    # the parsed IR lives until the command ends: no collection walks it again (meshc.parser.parsed_ir_frozen)
    with parsed_ir_frozen():
        for chunk in split_input(text, split_input_file, split_marker):
            verifier = DiagnosticVerifier(text, name, chunk.first, chunk.last) if verify_diagnostics else None
            sink = verifier.process if verifier is not None else printer.emit
            context.emit = sink
            module = None
            try:
                with measure(timer, "parse"):
                    module = parse(chunk.text, name)
                if no_implicit_module:
                    _check_explicit_module(module, name, chunk.first)
                if spelling != "input":  # the module prints (and dumps) in the spelling asked for
                    module.spelling = spelling
                # --mesh/--shard/--shardings-from/--auto-shard (README.md, "Commands")
                if annotations or auto_shard or explain:
                    shard_module(module, None, annotations, auto_shard, explain)
                specialize_arg_shapes(module, None, arg_shape)
                if emit != "mlir":  # per-device schedules and unrolled programs need every size
                    require_static_args(module, None, f"--emit={emit}", "")
                names = mc.mesh_names(module)
                declared.update(dict.fromkeys(names))
                if not split_input_file:  # an option error naming --mesh-shape and the declared meshes
                    check_mesh_shape_names(shapes, names)
                # --mesh-shape as 'meshc run': static meshes overridden (a note), an unknown name an error -- but a
                # chunk of a split input ignores the meshes it does not declare (the whole input is checked below)
                context.mesh_shapes = {n: s for n, s in shapes.items() if n in names} if split_input_file else shapes
                for line in mc.override_mesh_shapes(module, context.mesh_shapes):
                    click.echo(f"note: {line}", err=True)
                # a -p without unroll, printed: no limit
                if per_device or pipeline is None or emit not in ("mlir", "unrolled"):
                    listing = emit not in ("mlir", "unrolled") and not per_device  # one step list per device
                    mc.check_device_count(module, context.mesh_shapes,
                                          mc.MAX_UNROLLED_DEVICES if per_device else
                                          mc.MAX_LISTED_DEVICES if listing else mc.MAX_DEVICES,
                                          mc.LISTING_LIMIT_REASON if listing else None)
                original = module.clone() if emit not in ("mlir", "unrolled") and not per_device else None
                # the IR dumps and the diagnostics checker write to stderr as the passes run: no display then
                quiet = verify_diagnostics or any((print_ir_before_all, print_ir_after_all, print_ir_before,
                                                   print_ir_after, print_ir_after_change, print_ir_after_failure))
                with Progress(sys.stderr, enabled=False if quiet else None) as shown:
                    manager.observer = shown if shown.enabled else None
                    manager.run(module)
                with measure(timer, "print"):
                    if emit in ("mlir", "unrolled"):
                        printed = print_op(module, generic=generic, asm_names=value_names == "asm",
                                           debuginfo=print_debuginfo)
                        if aliases == "input" and not generic:
                            from meshc.ir.aliases import with_aliases

                            printed = with_aliases(printed, getattr(module, "alias_kinds", ()))
                        if verify_roundtrip:
                            _verify_roundtrip(module, value_names == "asm")
                        outputs.append(printed)
                    else:
                        program = _program(mc, module, original, pipeline_text, context, verify_each)
                        if emit == "iree":  # one IREE module, one logical device per mesh device (docs/iree.md)
                            from meshc.backend.iree_emit import emit_iree_module

                            outputs.append(emit_iree_module(program, _iree_target()).text)
                        else:  # per-device schedules (meshc.backend); in-body bytes: the runtimes' model
                            from meshc.backend.text import render
                            from meshc.runtime.estimate import body_bytes

                            outputs.append(render(program.schedule, emit, body_bytes(program.schedule)))
            except DiagnosticError as err:
                failed = True
                unparsed = unparsed or module is None
                for d in err.diagnostics:
                    sink(d)
            if verifier is not None:
                mismatches.extend(verifier.finish())
    if split_input_file and not unparsed:  # a name no chunk declares is a mistake
        check_mesh_shape_names(shapes, list(declared), "input")

    result = (output_split_marker + "\n").join(outputs)
    ok = not mismatches if verify_diagnostics else not failed
    if output == "-" or ok:
        write_output(output, result)
    printer.emit_all(mismatches)
    if timer is not None:
        render_timing(timer)
    if not ok:
        sys.exit(EXIT_USER_ERROR)


def _program(mc, module, original, pipeline_text: str, context, verify_each: bool):
    """The :class:`meshc.backend.emit.Program` of ``module`` after the pipeline
    (:func:`meshc.api.schedule_program`: the SPMD template's instantiation when the pipeline did not
    unroll, at any device count up to :data:`meshc.api.MAX_DEVICES`). A program the template does not
    handle yet is compiled again from ``original`` (the module before the pipeline) with unroll added
    (:func:`meshc.api.with_unroll`), within :data:`meshc.api.MAX_UNROLLED_DEVICES`, with a note on
    stderr naming what the template lacks.

    Raises:
        DiagnosticError: the module cannot be scheduled, or a fallback over the unrolled limit.
    """
    from meshc.backend.spmd import SpmdUnsupported
    from meshc.passes.base import PassContext
    from meshc.passes.manager import PassManager

    try:
        return mc.schedule_program(module)[0]
    except SpmdUnsupported as err:
        if original is None:
            raise
        click.echo(f"note: {mc.spmd_fallback_note(err)}", err=True)
        mc.check_device_count(original, context.mesh_shapes, mc.MAX_UNROLLED_DEVICES)
        again = PassContext(mesh_shapes=context.mesh_shapes, remarks=False)
        again.target = context.target  # type: ignore[attr-defined]
        again.emit = context.emit
        PassManager.from_text(mc.with_unroll(pipeline_text), again, verify_each=verify_each).run(original)
        return mc.schedule_program(original)[0]


def _iree_target() -> "str | None":
    """The llvm-cpu target of ``--emit=iree``: the host's when IREE is installed, else None (the emitter's
    generic x86-64 target)."""
    from meshc.runtime.iree_backend import IreeUnavailable, host_executable_target

    try:
        return host_executable_target()
    except IreeUnavailable:
        return None


def _check_explicit_module(module, name: str, first_line: int) -> None:
    """``--no-implicit-module``: the input is one top-level ``builtin.module`` (mlir-opt: "source must
    contain a single top-level operation"; a single op of another kind, which mlir-opt would take as
    the top level, is refused too: meshc's top level is always a module).

    Raises:
        DiagnosticError: located at the first line of the input (chunk).
    """
    from meshc.ir.location import DiagnosticError, Location

    count = getattr(module, "top_level_ops", None)
    if count is None:  # the input was one explicit module
        return
    where = Location(name, first_line, 1)
    if count != 1:
        raise DiagnosticError(f"source must contain a single top-level operation, found: {count}", where)
    op = module.body.ops[0]
    raise DiagnosticError(f"with --no-implicit-module, meshc needs the top-level operation to be a "
                          f"'builtin.module', found '{op.name}'", op.location)


def _verify_roundtrip(module, asm_names: bool) -> None:
    """``--verify-roundtrip``: the module printed in the custom and in the generic form reads back to the
    same text (mlir-opt checks its own round trip after the passes the same way).

    Raises:
        DiagnosticError: the form that did not read back, and the first line that differs.
    """
    from meshc.ir.location import DiagnosticError
    from meshc.ir.printer import print_op
    from meshc.ir.verifier import verify
    from meshc.parser import parse

    for generic in (False, True):
        form = "generic" if generic else "custom"
        text = print_op(module, generic=generic, asm_names=asm_names)
        try:
            again = parse(text, f"<{form} form>")
            verify(again)
        except DiagnosticError as err:
            raise DiagnosticError(f"round trip failed: the output in the {form} form does not read back: "
                                  f"{err.diagnostics[0]}") from None
        back = print_op(again, generic=generic, asm_names=asm_names)
        if back != text:
            before, after = text.splitlines() + [""], back.splitlines() + [""]
            k = next((i for i, (a, b) in enumerate(zip(before, after)) if a != b), 0)
            raise DiagnosticError(f"round trip failed: the output in the {form} form reads back differently "
                                  f"(line {k + 1}: {before[k].strip()!r} becomes {after[k].strip()!r})")
