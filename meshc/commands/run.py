"""``meshc run``: compile a program, execute it on simulated devices, show (or save, or check) its results.

Without ``--reference`` the program is compiled with the default pipeline
(``-p PIPELINE`` for another; ``meshc passes`` lists it), the backend builds
one schedule per device (:mod:`meshc.backend.emit`) and the threaded runtime
runs them (:mod:`meshc.runtime.executor`): one thread per device, memory
pools, peer reads, copies and collectives. Each device's argument buffer is
a read-only view of its shard of the memory-mapped input (a copy only where
the shard is not contiguous; docs/runtime.md, "Inputs and results"); the results are
reassembled in their original (unsharded) shapes. ``--mesh-shape m=2x4``
gives a dynamic mesh its shape (the passes specialise it, the SPMD template is instantiated per
device) or overrides a static one (a note on stderr says so).

``--reference`` runs the unsharded program on the reference interpreter
(numpy, shardings and data-tiling encodings ignored): the oracle every
sharded run is checked against; ``--check`` runs both and compares them
(max abs / rel error per result; exit 1 on a mismatch). The entry function
is ``--entry NAME``, or the module's only public function.

Inputs: ``--inputs F.npz`` binds arrays by argument name when every
argument's name (``%x``) is a key, otherwise by position in the file's key
order (exported models name their inputs differently); ``--input NAME=F.npy``
binds one argument by name or position; ``--random-inputs --seed N`` makes
them up (floats in [-1, 1) on a 1/256 grid, integers in [-8, 8)). An input file may be a stream
(``-`` for standard input, ``<(...)``, a FIFO): read into memory once (:func:`meshc.runtime.io.load_npz`).
Dynamic tensor dims (``tensor<?x8xf32>``): the entry is specialised to the
shapes of the bound inputs before the pipeline (specialize-shapes, as a JIT);
``--arg-shape NAME=10x8`` (name or position, repeatable) fixes them instead,
before anything else, and is what ``--random-inputs`` needs for a dynamic
dim (docs/pipeline.md, "Dynamic tensor dims").
``--parameters SCOPE=F.npz`` supplies the data of globals initialised with
``#stream.parameter.named<"SCOPE"::"KEY">`` (IREE parameter archives, ``.npz`` or
``.safetensors``; every device's interpreter holds the tables). meshc prints which binding rule it used.

Sharding without editing the program (README.md, "Commands"): ``--mesh``, ``--shard`` and ``--shardings-from``
(:mod:`meshc.commands._annotate_options`) annotate the parsed module before the passes, as ``meshc
annotate`` would; ``--auto-shard tp=N|dp=N|ep=N`` lets :mod:`meshc.autoshard` choose the shardings, and
``--explain`` prints its reasons.

Outputs: ``result0``, ``result1``, ... summarised on screen (type, shape,
dtype, sum and CRC-32 of the bytes, the values when at most 16 elements) and
written to ``-o OUT.npz`` atomically (``OUT.npy``: the one result; the format by extension, checked
before running with the sizes: :func:`meshc.runtime.io.output_format`, :func:`meshc.runtime.io.check_outputs`;
only when ``--check``/``--expected`` pass, as mlir-opt keeps ``-o`` only on success). ``--expected F.npz`` compares them
(keys ``result<i>``, else by position; floats ``|got - want| <= atol + rtol *
|want|``, ``--atol-scale`` multiplying atol by ``max|want|``; without
``--atol``/``--atol-scale`` atol is ``max(1e-5, K x eps x max|want|)``, K the
longest reduction, :mod:`meshc.runtime.tolerance`; integers exactly) and
exits 1 on a mismatch, printing the max abs/rel error per output. ``--repeat N`` calls the entry function N times in one process
(initializers run once) and reports the time per call.

Runtime (sharded runs): ``--device-memory 16GiB`` per device (default
unlimited; running out is an error naming the device and buffer),
``--collective-timeout SECONDS`` (default 60: the longest one wait of a device, at a collective
from its arrival until it has its result, or for another device's event or data; past it the
run ends with an error naming the collective or event and the devices it waits for, and where
they are; docs/runtime.md, "Collectives"),
``--layout tile [--tile 32x32] [--dtype-override bfloat16]`` accounts
buffers at their tiled physical size (seed 002, ``meshc.layout``).
``--blas-threads N`` limits the BLAS threads of each device (each device
thread, each MPI rank) while the schedules run (default: the CPUs available
// devices, at least 1, so that the devices' BLAS calls do not oversubscribe
the cores; 0 leaves the BLAS as it is; docs/runtime.md, "BLAS threads").
``--stats`` prints a table per device (kernels run, physical and logical
peak bytes, bytes moved by peer read / copy / collective, busy and waiting
time), then a picture (:mod:`meshc.show.stats_picture`): one bar per device
of its peak physical bytes against the device memory (scaled to the largest
peak when unlimited) and the matrix of bytes received per pair of devices
(rows receive, columns send), shaded by magnitude; ``--stats-traffic``
picks the matrix: ``sum`` of peer reads, copies and collectives (default),
one kind, or ``each`` kind (and implies ``--stats``). ``--show`` prints,
after compiling and before running, the ``meshc show`` picture of the entry
function's arguments and results (``--show %NAME``, repeatable: those
values, named as ``meshc show --value`` names them) as sharded on the run's
mesh shape. ``--trace T.json`` writes a Chrome trace (chrome://tracing, Perfetto)
of every device's timeline. On a terminal, a compile or a run that lasts
more than a few seconds shows a progress display (passes done, devices
started and finished, steps: :mod:`meshc.progress`).

Errors (exit 1, never a traceback): a missing or extra input, a shape or
dtype that does not match the signature, an unreadable file, an op without a
kernel (named and located), an out-of-bounds slice, a failing kernel (device
and op), a collective timeout, a device out of memory.
"""

from __future__ import annotations

import math
import os
import sys
from typing import Any, Optional

import click

from meshc.commands._annotate_options import annotation_options, auto_shard_options, shard_module
from meshc.commands._common import (EXIT_USER_ERROR, FiniteFloat, MeshcCommand, check_distinct_outputs,
                                    check_mesh_shape_names, check_output_path, fuse_regions_option, peer_tile_option,
                                    parse_mesh_shapes, pipeline_for, propagate_reshapes_option, read_input,
                                    single_pipeline, verify_each_option)

TRAFFIC_CHOICES = ("sum", "peer-read", "copy", "collective", "each")

SMALL = 16  # print the values of outputs with at most this many elements


def arg_shape_option(fn):
    """``--arg-shape NAME=SIZES`` (repeatable): the sizes of an entry argument with dynamic dims."""
    return click.option("--arg-shape", "arg_shape", multiple=True, metavar="NAME=SIZES",
                        help="Sizes of an entry argument with dynamic ('?') dims, by name or 0-based position, "
                             "e.g. x=10x8 (repeatable); needed by --random-inputs for a dynamic dim. With "
                             "inputs, their shapes specialise the entry without it.")(fn)


def specialize_arg_shapes(module, entry: Optional[str], values: tuple[str, ...]) -> None:
    """Specialise the entry of ``module`` in place to ``--arg-shape`` ``values`` (no-op without any).

    Raises:
        click.BadParameter: a malformed value.
        DiagnosticError: an unknown argument, or sizes contradicting its type.
    """
    if not values:
        return
    from meshc.passes.specialize_shapes import parse_arg_shapes, specialize_shapes

    try:
        shapes = parse_arg_shapes(";".join(values))
    except ValueError as err:
        raise click.BadParameter(str(err), param_hint="'--arg-shape'") from None
    specialize_shapes(module, shapes, entry)


def require_static_args(module, entry: Optional[str], what: str = "--random-inputs",
                        alternative: str = " or inputs with --inputs") -> None:
    """``--random-inputs`` (``what``) needs every size: an entry argument with a dynamic dim left is
    an error asking for ``--arg-shape`` (or ``alternative``).

    Raises:
        DiagnosticError: naming the first such argument (located at the function).
    """
    from meshc.ir.location import DiagnosticError
    from meshc.ir.types import TensorType
    from meshc.passes.specialize_shapes import entry_function

    func = entry_function(module, entry)
    for i, a in enumerate(func.body.args):
        if isinstance(a.type, TensorType) and None in a.type.shape:
            name = a.name_hint or str(i)
            raise DiagnosticError(f"{what}: argument #{i} (%{name}: {a.type}) has a dynamic shape; give "
                                  f"its sizes with --arg-shape {name}=SIZES (e.g. "
                                  f"{name}={'x'.join('4' if n is None else str(n) for n in a.type.shape)})"
                                  f"{alternative}", func.location)


def _split_assignment(value: str, option: str) -> tuple[str, str]:
    """``(NAME, FILE)`` of ``NAME=FILE``.

    Raises:
        click.BadParameter: no ``=``, or an empty NAME or FILE (named in the message).
    """
    name, sep, path = value.partition("=")
    name, path = name.strip(), path.strip()
    if not sep or not path or not name.lstrip("%"):
        missing = "" if not sep else ": the NAME is missing" if not name.lstrip("%") else ": the FILE is missing"
        raise click.BadParameter(f"'{value}' is not NAME=FILE{missing}", param_hint=f"'{option}'")
    return name, path


def _check_single_inputs(single_inputs: tuple[str, ...]) -> None:
    """Each ``--input NAME=FILE`` well formed, and no NAME twice (``x`` and ``%x`` are one name).

    Raises:
        click.BadParameter: naming the malformed value or the name given twice.
    """
    seen: set[str] = set()
    for item in single_inputs:
        key = _split_assignment(item, "--input")[0].lstrip("%")
        if key in seen:
            raise click.BadParameter(f"argument '{key}' is given twice", param_hint="'--input'")
        seen.add(key)


class _RunCommand(MeshcCommand):
    """``meshc run``'s command: ``--show`` takes a value only when the next word starts with ``%``,
    so ``meshc run --show IN.mlir`` keeps ``IN.mlir`` as the input; ``--stats-traffic`` takes one only
    when the next word is one of its choices (alone it means ``sum``)."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        out = list(args)
        bare_show = False
        for i, word in enumerate(out):
            if word == "--":
                break
            if word == "--show" and i + 1 < len(out) and not out[i + 1].startswith(("%", "-")):
                out[i] = "--show="
                bare_show = True
            if word == "--stats-traffic" and (i + 1 == len(out) or out[i + 1] not in TRAFFIC_CHOICES):
                out[i] = "--stats-traffic=sum"
        try:
            return super().parse_args(ctx, out)
        except click.UsageError as err:
            if bare_show and "unexpected extra argument" in err.message:
                err.message += "; --show values start with % (e.g. --show %x), the input file comes once"
            raise


@click.command(name="run", cls=_RunCommand)
@click.argument("input_path", metavar="INPUT")
@click.option("--reference", is_flag=True,
              help="Run the unsharded program on the reference interpreter (numpy).")
@click.option("--entry", default=None, metavar="NAME", help="Function to run (default: the only public one).")
@click.option("--inputs", "inputs_path", default=None, metavar="FILE.npz",
              help="Input arrays: by argument name when every name is a key, else by position.")
@click.option("--input", "single_inputs", multiple=True, metavar="NAME=FILE.npy",
              help="One argument (by name or 0-based position) from a .npy file (repeatable).")
@click.option("--random-inputs", is_flag=True, help="Generate the inputs (see --seed).")
@arg_shape_option
@click.option("--seed", default=0, show_default=True, type=click.IntRange(min=0), help="Seed of --random-inputs.")
@click.option("--parameters", "parameter_files", multiple=True, metavar="SCOPE=FILE.npz",
              help="Data of #stream.parameter.named<\"SCOPE\"::\"KEY\"> globals from a .npz or .safetensors "
                   "file (repeatable; FILE alone: the unnamed scope).")
@click.option("-o", "--output", default=None, metavar="OUT.npz",
              help="Write result0, result1, ... to OUT.npz (OUT.npy: the one result of a one-result function; "
                   "a device or FIFO takes the .npz; other extensions are refused before running).")
@click.option("--check", is_flag=True,
              help="Also run the reference interpreter and compare; exit 1 on a mismatch.")
@click.option("--expected", "expected_path", default=None, metavar="FILE.npz",
              help="Compare the outputs with these arrays; exit 1 on a mismatch.")
@click.option("--rtol", default=1e-4, show_default=True, type=FiniteFloat(min=0),
              help="Relative tolerance of --expected and --check.")
@click.option("--atol", default=None, type=FiniteFloat(min=0),
              help="Absolute tolerance of --expected and --check. Default: max(1e-05, K x eps x max|expected|) "
                   "per float output, K the program's longest reduction (elements summed per result element), "
                   "eps the dtype's epsilon: float rounding of a K-term sum in another order (docs/runtime.md). "
                   "Given (or with --atol-scale, default 1e-05), exactly this. Integers compare exactly.")
@click.option("--atol-scale", is_flag=True, help="Multiply --atol by max|expected| (per output).")
@click.option("--repeat", default=1, show_default=True, type=click.IntRange(min=1),
              help="Call the entry function N times; report the time per call.")
@click.option("--stats", is_flag=True, help="Print per-device kernels, memory, traffic and time, and a picture of "
                                            "peak memory and bytes moved per pair of devices.")
@click.option("--stats-traffic", "stats_traffic", default=None, is_flag=False, flag_value="sum",
              type=click.Choice(TRAFFIC_CHOICES),
              help="Matrix of --stats: bytes of every kind summed (sum: the default, also when the option is "
                   "given alone), one kind, or one matrix per kind (implies --stats).")
@click.option("--show", "show_values", multiple=True, is_flag=False, flag_value="", metavar="[%NAME]",
              help="Before running, draw how the entry's arguments and results (or the %NAME values; repeatable) "
                   "are sharded on the run's mesh.")
@click.option("--backend", "backend_name", type=click.Choice(["threads", "mpi", "iree"]), default="threads",
              show_default=True,
              help="Execute the schedules on threads (one per device), on MPI (one rank per device: run under "
                   "mpiexec, or with --launch N; needs pip install -e '.[mpi]') or on IREE (one compiled module, "
                   "one local IREE device per mesh device; needs pip install -e '.[iree]'; docs/iree.md).")
@click.option("--iree-device", type=click.Choice(["local-task", "local-sync"]), default="local-task",
              show_default=True, help="With --backend iree: IREE's local driver for every device.")
@click.option("--iree-target-cpu", default="host", show_default=True, metavar="CPU",
              help="With --backend iree: the llvm-cpu target CPU (host: this machine's).")
@click.option("--launch", type=click.IntRange(min=1), default=None, metavar="N",
              help="With --backend mpi: start the job on N ranks with mpiexec.")
@click.option("--blas-threads", type=click.IntRange(min=0), default=None, metavar="N",
              help="BLAS threads each device (thread or MPI rank) may use (default: CPUs // devices, at least 1; "
                   "0: leave the BLAS as it is).")
@click.option("--trace", "trace_path", default=None, metavar="TRACE.json",
              help="Write a Chrome trace (chrome://tracing, Perfetto) of every device's timeline.")
@click.option("-p", "--pass-pipeline", "pipeline", multiple=True, callback=single_pipeline, metavar="PIPELINE",
              help="Passes to compile with (default: the default pipeline, see 'meshc passes').")
@verify_each_option
@fuse_regions_option
@peer_tile_option
@click.option("--mesh-shape", "mesh_shape", multiple=True, metavar="NAME=SIZES",
              help="Shape of a mesh, e.g. m=2x4: sets a dynamic ('?') mesh, overrides a static one (repeatable).")
@click.option("--device-memory", default=None, metavar="SIZE",
              help="Memory of each device, e.g. 16GiB, 512MB (default: unlimited).")
@click.option("--collective-timeout", default=60.0, show_default=True, type=FiniteFloat(min=0, min_open=True),
              metavar="SECONDS", help="Longest wait of a device before the run fails: at a collective, from the "
                   "device's arrival until it has its result (on MPI the exchange of shapes and the data together); "
                   "for another device's event, data or halo slabs, each wait on its own. Running steps (kernels) "
                   "are not timed.")
@click.option("--layout", "buffer_layout", default="row-major", show_default=True, metavar="row-major|tile",
              callback=lambda ctx, param, value: _layout_name(value),
              help="Device buffer layout for memory accounting (tile: padded to whole tiles); row_major, "
                   "any case, is row-major too.")
@click.option("--tile", default="32x32", show_default=True, metavar="HxW", help="Tile shape of --layout tile.")
@click.option("--dtype-override", default=None, metavar="DTYPE",
              help="Account buffers in this device data type (bfloat16, bfloat8_b, ...).")
@click.option("--target", type=click.Choice(["none", "x86-generic", "x86-avx2", "x86-avx512"]), default="none",
              show_default=True, help="Data-tiling target: any other than 'none' adds unroll,set-encoding and packs for this "
                   "target in materialize-encodings ('none': no data tiling, encodings dropped).")
@propagate_reshapes_option
@annotation_options
@auto_shard_options
def command(input_path: str, reference: bool, entry: Optional[str], inputs_path: Optional[str],
            single_inputs: tuple[str, ...], random_inputs: bool, seed: int, parameter_files: tuple[str, ...],
            output: Optional[str], check: bool, expected_path: Optional[str], rtol: float, atol: float,
            atol_scale: bool, repeat: int, stats: bool, trace_path: Optional[str], pipeline: Optional[str],
            mesh_shape: tuple[str, ...], device_memory: Optional[str], collective_timeout: float,
            buffer_layout: str, tile: str, dtype_override: Optional[str], target: str, annotations: Any = None,
            auto_shard: Optional[str] = None, explain: bool = False, backend_name: str = "threads",
            launch: Optional[int] = None, stats_traffic: Optional[str] = None,
            show_values: tuple[str, ...] = (), iree_device: str = "local-task",
            iree_target_cpu: str = "host", verify_each: bool = True,
            blas_threads: Optional[int] = None, arg_shape: tuple[str, ...] = (),
            no_propagate_reshapes: bool = False, fuse_regions: bool = True) -> None:
    """Compile and execute on simulated devices (or the reference interpreter)."""
    ctx = click.get_current_context()
    import meshc.api as mc
    from meshc.output_files import REPORT_ON_STDERR_ENV, names_standard_output, report_on_stderr

    # -o /dev/stdout > out.npz; an MPI rank of such a run (its standard output is the launcher's pipe)
    if any(p and names_standard_output(p) for p in (output, trace_path)) or os.environ.get(REPORT_ON_STDERR_ENV):
        ctx.with_resource(report_on_stderr())  # the report must not corrupt the output
    if no_propagate_reshapes and reference:
        raise click.UsageError("--no-propagate-reshapes applies to the sharded run; drop --reference")
    if reference and not fuse_regions:
        raise click.UsageError("--no-fuse-regions applies to the sharded run; drop --reference")
    pipeline = pipeline_for(mc, pipeline, target, fuse_regions, no_propagate_reshapes)
    if not iree_target_cpu.strip():  # IREE would take '' for its generic CPU, with a warning in meshc's module
        raise click.BadParameter(f"'{iree_target_cpu}' is no CPU name: give one (host: this machine's; generic, "
                                 "or an LLVM CPU name such as znver3)", param_hint="'--iree-target-cpu'")
    for option in ("iree_device", "iree_target_cpu"):
        if backend_name != "iree" and ctx.get_parameter_source(option) == click.core.ParameterSource.COMMANDLINE:
            raise click.UsageError(f"--{option.replace('_', '-')} goes with --backend iree")
    if backend_name == "iree":
        if reference:
            raise click.UsageError("--backend iree applies to the sharded run; drop --reference")
        simulated = [name for name, used in (("--device-memory", device_memory is not None),
                                             ("--trace", trace_path is not None),
                                             ("--layout", buffer_layout != "row-major")) if used]
        if simulated:  # memory pools and timelines belong to the simulated runtimes, not IREE's
            verb = "applies" if len(simulated) == 1 else "apply"
            raise click.UsageError(f"{', '.join(simulated)} {verb} to the threads and mpi backends, not to "
                                   "--backend iree")
        from meshc.runtime.backends import get_backend

        backend_name = get_backend("iree", device=iree_device, target_cpu=iree_target_cpu)  # type: ignore
    if ctx.get_parameter_source("tile") == click.core.ParameterSource.COMMANDLINE:
        _tile_pair(tile)  # a malformed --tile is an error whether or not it applies
        from meshc.layout import LayoutError, check_options_apply

        try:  # the rule meshc layout follows: an option that does not apply to the layout is an error
            check_options_apply(buffer_layout, ["--tile"])
        except LayoutError as err:
            raise click.UsageError(str(err)) from None
    pictures = _Pictures(stats_traffic.replace("-", "_") if stats_traffic else "sum", show_values)
    stats = stats or stats_traffic is not None
    if launch is not None and backend_name != "mpi":
        raise click.UsageError("--launch goes with --backend mpi")
    if backend_name == "mpi" and reference:
        raise click.UsageError("--backend mpi applies to the sharded run; drop --reference")
    _check_usage(input_path, reference, inputs_path, single_inputs, random_inputs, parameter_files, output, check,
                 expected_path, stats, trace_path, pipeline, mesh_shape, device_memory, buffer_layout, tile,
                 dtype_override, target, annotations, pictures)
    if launch is not None:  # every check of the command line above: a usage error is printed once
        from meshc.runtime.mpi_launch import MpiUnavailable, relaunch

        _check_launch_ranks(launch, input_path, mesh_shape, annotations, auto_shard)
        try:
            sys.exit(relaunch(launch, sys.argv[1:], blas_threads=blas_threads))
        except MpiUnavailable as err:  # no mpiexec: what is missing and how to install it, exit 1
            raise MpiUnavailable(f"--backend mpi --launch {launch}: {err.message}") from None
    if backend_name == "mpi":
        from meshc.runtime.backends import get_backend
        from meshc.runtime.mpi_launch import MpiUnavailable

        try:
            backend = get_backend("mpi")
        except MpiUnavailable as err:  # no mpi4py or no MPI library
            raise MpiUnavailable(f"--backend mpi: {err.message}") from None
        with backend.guard():
            return _command(input_path, reference, entry, inputs_path, single_inputs, random_inputs, seed,
                            parameter_files, output, check, expected_path, rtol, atol, atol_scale, repeat, stats,
                            trace_path, pipeline, mesh_shape, device_memory, collective_timeout, buffer_layout,
                            tile, dtype_override, target, annotations, auto_shard, explain, backend_name, pictures,
                            verify_each, blas_threads, arg_shape)
    return _command(input_path, reference, entry, inputs_path, single_inputs, random_inputs, seed,
                    parameter_files, output, check, expected_path, rtol, atol, atol_scale, repeat, stats,
                    trace_path, pipeline, mesh_shape, device_memory, collective_timeout, buffer_layout,
                    tile, dtype_override, target, annotations, auto_shard, explain, backend_name, pictures,
                    verify_each, blas_threads, arg_shape)


def _check_launch_ranks(launch: int, input_path: str, mesh_shape: tuple[str, ...], annotations,
                        auto_shard: Optional[str]) -> None:
    """Before ``--launch N`` starts mpiexec: refuse N ranks for a program whose one mesh (after ``--mesh``
    and ``--mesh-shape``, or the mesh ``--auto-shard`` adds) has another device count, with the message
    every rank would print after starting (MPI runs one rank per device). Programs read from standard
    input, with several meshes or a dynamic mesh without ``--mesh-shape`` are left to the ranks.

    Raises:
        DiagnosticError: the device count differs from ``launch``, or the program does not parse.
    """
    if input_path == "-" or (annotations and annotations.shardings_from):  # read once / meshes come from a file
        return
    import meshc.api as mc
    from meshc.autoshard import parse_auto_shard
    from meshc.dialects.mesh import MeshOp
    from meshc.ir.location import DiagnosticError

    module = mc.parse(*read_input(input_path))
    if auto_shard:
        counts = [(f"the mesh of --auto-shard {auto_shard}", parse_auto_shard(auto_shard).devices, None, "--auto-shard")]
    else:
        if annotations and annotations.meshes:
            from meshc.annotate import annotate

            annotate(module, meshes=annotations.meshes)
        shapes = parse_mesh_shapes(mesh_shape)
        meshes = [op for op in module.walk() if isinstance(op, MeshOp)]
        if len(meshes) != 1:
            return
        mesh = meshes[0]
        shape = tuple(shapes.get(mesh.sym_name, mesh.shape))
        if any(d is None for d in shape):
            return
        counts = [(f"mesh @{mesh.sym_name}", math.prod(shape), mesh.location, "--mesh-shape")]
    for what, n, loc, option in counts:
        if n != launch:
            raise DiagnosticError(f"--launch {launch}: {what} has {n} device{'s' if n != 1 else ''}, but MPI runs one "
                                  f"rank per device: use --launch {n} (or {option} for {launch} devices)",
                                  *([loc] if loc is not None else []))


def _input_paths(input_path, inputs_path, expected_path, single_inputs, parameter_files, annotations) -> list[str]:
    """The files ``meshc run`` reads (the program, inputs, expected values, parameters, shardings): no
    output may be written over them."""
    paths = [p for p in (inputs_path, expected_path, input_path) if p]
    paths += [_split_assignment(i, "--input")[1] for i in single_inputs]
    paths += [(i.partition("=")[2] or i).strip() for i in parameter_files]  # SCOPE=FILE, or FILE alone
    paths += [annotations.shardings_from] if annotations and annotations.shardings_from else []
    return paths


def _check_usage(input_path, reference, inputs_path, single_inputs, random_inputs, parameter_files, output, check,
                 expected_path, stats, trace_path, pipeline, mesh_shape, device_memory, buffer_layout, tile,
                 dtype_override, target, annotations, pictures) -> None:
    """The checks of ``meshc run``'s options that need neither the program nor its inputs, made before
    any work (and before ``--launch`` starts mpiexec, so that a wrong command line is reported once,
    not once per rank): options that exclude each other or do not apply to the run, malformed
    values, standard input read twice, an output over an input or of a format meshc does not write.

    Raises:
        click.UsageError: naming the options at fault (exit 1, :data:`EXIT_USER_ERROR`).
        DiagnosticError: an output path that would overwrite an input, or an unknown output format.
    """
    if random_inputs and (inputs_path or single_inputs):
        raise click.UsageError("--random-inputs cannot be combined with --inputs/--input")
    if reference:
        sharded_only = [("--check", check), ("--stats", stats), ("--trace", trace_path), ("-p", pipeline is not None),
                        ("--show", bool(pictures and pictures.show)),
                        ("--device-memory", device_memory), ("--layout", buffer_layout != "row-major"),
                        ("--dtype-override", dtype_override), ("--target", target != "none")]
        used = [name for name, value in sharded_only if value]
        if used:
            verb = "applies" if len(used) == 1 else "apply"
            raise click.UsageError(f"{', '.join(used)} {verb} to the sharded run; drop --reference")
    else:
        _layout(buffer_layout, tile, dtype_override)
        if device_memory is not None:
            _memory(device_memory)
    parse_mesh_shapes(mesh_shape)
    _check_single_inputs(single_inputs)
    protect = _input_paths(input_path, inputs_path, expected_path, single_inputs, parameter_files, annotations)
    stdin_readers = [name for name, path in [("INPUT", input_path), ("--inputs", inputs_path),
                                             ("--expected", expected_path)] +
                     [("--input", _split_assignment(i, "--input")[1]) for i in single_inputs] if path == "-"]
    if len(stdin_readers) > 1:
        raise click.UsageError(f"{' and '.join(stdin_readers)} {'both' if len(stdin_readers) == 2 else 'all'} read "
                               "'-' (standard input), which can be read once: give the others as files")
    check_distinct_outputs([("-o", output), ("--trace", trace_path)])
    for out in (output, trace_path):
        for path in protect if out else ():  # before any work: never write the outputs over an input
            check_output_path(out, path)
    if output:  # its format, by extension, before any work
        from meshc.runtime.io import output_format

        output_format(output)


def _command(input_path, reference, entry, inputs_path, single_inputs, random_inputs, seed, parameter_files,
             output, check, expected_path, rtol, atol, atol_scale, repeat, stats, trace_path, pipeline,
             mesh_shape, device_memory, collective_timeout, buffer_layout, tile, dtype_override, target,
             annotations, auto_shard, explain, backend_name, pictures=None, verify_each=True,
             blas_threads=None, arg_shape=()) -> None:
    layout = None if reference else _layout(buffer_layout, tile, dtype_override)
    memory = None if reference or device_memory is None else _memory(device_memory)
    shapes = parse_mesh_shapes(mesh_shape)
    import meshc.api as mc
    from meshc.runtime.devices import map_large_host_buffers
    from meshc.runtime.io import load_array, load_npz, write_outputs

    map_large_host_buffers()  # freed device buffers go back to the OS, not to a thread's heap
    text, name = read_input(input_path)
    module = mc.parse(text, name)
    speaks = backend_name != "mpi" or _is_mpi_root()  # notes and warnings: once per job (rank 0)
    shard_module(module, entry, annotations, auto_shard, explain, speaks)
    if shapes:  # after --mesh/--auto-shard, which may add the mesh named
        check_mesh_shape_names(shapes, mc.mesh_names(module))
    specialize_arg_shapes(module, entry, arg_shape)
    _check_element_types(module, entry)
    if random_inputs:
        require_static_args(module, entry)
        _check_random_input_sizes(mc, module, entry, shapes, memory)  # before the outputs: what is made first
    sizes = result_sizes(module, entry)
    compared = "--check" if check else "--expected" if expected_path else None
    from meshc.runtime.io import check_outputs

    check_outputs(sizes, output, compare_with=compared)  # before anything is allocated or written
    # an MPI rank reads only its own shards (copied where unaligned: shard_view), not whole inputs
    npz = load_npz(inputs_path, read_unaligned=backend_name != "mpi") if inputs_path else None
    named = {}
    for item in single_inputs:
        key, path = _split_assignment(item, "--input")
        named[key] = load_array(path)
    expected = _load_expected(expected_path) if expected_path else None
    from meshc.runtime.io import check_expected_shapes

    if expected is not None:  # a wrong-shaped --expected is found before the run, not after it
        from meshc.ir.functions import entry_function

        check_expected_shapes(sizes, expected, expected_path or "", entry_function(module, entry).sym_name)
    if check:
        _check_has_reference(module, entry)
    static_module = module  # the entry at the inputs' shapes: the reference of --check and its tolerance
    if reference:
        result = _run_reference(mc, module, npz, entry, seed if random_inputs else None, named, repeat,
                                parameter_files, shapes, inputs_path)
    else:
        from meshc.ir.location import DiagnosticError

        parameters = _load_parameters(parameter_files, module, warn=speaks)  # a bad file fails now, not after the compile
        bound = mc.bind_entry(module, npz, entry, seed if random_inputs else None, named or None)
        mc.check_device_count(module, shapes)  # at once: the SPMD limit, then the threads runtime's
        if backend_name == "threads":
            mc.check_device_count(module, shapes, mc.MAX_THREAD_DEVICES)
        from meshc.progress import Progress

        from meshc.progress import display_stream

        root = backend_name != "mpi" or _is_mpi_root()  # one display for an MPI job: rank 0's
        with Progress(display_stream(), enabled=None if root else False) as shown:
            compiled = _compile(mc, module, pipeline, shapes, bound.func.sym_name, target, verify_each,
                                mc.input_shapes(bound), spmd=None,
                                progress=shown if shown.enabled else None)
        static_module = mc.specialized(module, mc.input_shapes(bound), bound.func.sym_name)
        if expected is not None:  # dynamic result dims are known now, at the inputs' shapes
            check_expected_shapes(result_sizes(static_module, bound.func.sym_name), expected, expected_path or "",
                                  bound.func.sym_name, " at the inputs' shapes")
        for line in compiled.notes if speaks else ():
            click.echo(f"note: {line}", err=True)
        if speaks:
            _print_binding(bound, inputs_path)
            if pictures is not None and pictures.show:
                show_sharding(module, bound.func.sym_name, shapes, pictures.show)
        bar = Progress(display_stream(), enabled=None if root else False)
        try:
            result = mc.run_compiled(compiled, bound, static_module if check else None, repeat=repeat,
                                     device_memory=memory, timeout=collective_timeout, layout=layout,
                                     trace=trace_path is not None, rtol=rtol, atol=atol, atol_scale=atol_scale,
                                     progress=bar if bar.enabled and backend_name == "threads" else None,
                                     parameters=parameters, backend=backend_name,
                                     blas_threads=blas_threads)
        except DiagnosticError as err:  # a failed run: keep the trace of what the devices did until then
            if trace_path and getattr(err, "stats", None) is not None:
                _write_trace(err.stats, trace_path)  # type: ignore[attr-defined]
            raise
        finally:
            bar.close()
        if result is None:  # an MPI rank other than 0: rank 0 prints and writes the results
            return
        _print_run(result)
    for i, value in enumerate(result.outputs):
        click.echo(f"result{i}: {summary(value)}")
    if repeat > 1:
        click.echo(f"time: {result.seconds_per_call * 1e3:.3f} ms per call (median of {repeat} calls; "
                   f"min {min(result.times) * 1e3:.3f} ms)")
    if stats:
        _print_stats(result.stats, layout, pictures.traffic if pictures is not None else "sum")
    if trace_path:
        _write_trace(result.stats, trace_path)
    ok = True
    from meshc.runtime.tolerance import DEFAULT_ATOL, longest_reduction

    reduction = None  # the default tolerance rule (meshc.runtime.tolerance) unless --atol/--atol-scale
    if atol is None and not atol_scale:
        reduction = longest_reduction(static_module)
    atol = DEFAULT_ATOL if atol is None else atol
    if expected is not None:  # the sizes now known (dynamic shapes), before comparing
        from meshc.runtime.io import ResultSize

        check_outputs([ResultSize.of_array(i, a, sizes[i].location if i < len(sizes) else None)
                       for i, a in enumerate(result.outputs)], compare_with="--expected")
    if result.comparisons is not None:
        ok = _report(result.comparisons, "the reference interpreter", rtol, atol, atol_scale, reduction)
    if expected is not None:
        ok = _check(result.outputs, expected, expected_path or "", rtol, atol, atol_scale, reduction) and ok
    if not ok:
        if output:  # as mlir-opt's -o: a failed command leaves what the path held as it was
            click.echo(f"error: the results were not written to {output}: they failed the comparison (run "
                       "without --check/--expected to save them)", err=True)
        sys.exit(EXIT_USER_ERROR)
    if output:
        protect = _input_paths(input_path, inputs_path, expected_path, single_inputs, parameter_files, annotations)
        write_outputs(output, result.outputs, protect=protect, locations=[r.location for r in sizes])
        click.echo(f"wrote {len(result.outputs)} output(s) to {output}")


def result_sizes(module, entry: Optional[str]) -> list:
    """One :class:`meshc.runtime.io.ResultSize` per result of the entry function of ``module``: its type,
    elements and bytes (None while a dim is dynamic), located at the op that computes it (at the return
    when it returns an argument; at the function without a return)."""
    from meshc.ir.core import OpResult
    from meshc.ir.functions import entry_function
    from meshc.ir.types import TensorType, byte_width
    from meshc.runtime.io import ResultSize

    func = entry_function(module, entry)
    ret = func.body.terminator
    sizes = []
    for i, t in enumerate(func.function_type.results):
        loc = func.location
        if ret is not None and i < len(ret.operands):
            v = ret.operands[i]
            loc = v.owner.location if isinstance(v, OpResult) else ret.location
        shape = tuple(t.shape) if isinstance(t, TensorType) else ()
        element = t.element_type if isinstance(t, TensorType) else t
        elements: Optional[int] = None
        nbytes: Optional[int] = None
        if None not in shape:
            elements = 1
            for d in shape:
                elements *= int(d)
            try:
                nbytes = elements * byte_width(element)
            except ValueError:  # no fixed width: not checked before the run
                nbytes = None
        sizes.append(ResultSize(i, str(t), elements, nbytes, loc, shape))
    return sizes


def _check_has_reference(module, entry: Optional[str]) -> None:
    """``--check`` compares with the unsharded program on the reference interpreter: a program already
    partitioned (``meshc compile``'s output, whose ``mesh.for_all`` / ``mesh.for_one`` bodies run per
    device, trait ``PerDeviceBody``) has none. It still runs (without ``--check``, or with
    ``--expected``).

    Raises:
        DiagnosticError: at the first such op of the entry function.
    """
    from meshc.ir.functions import entry_function
    from meshc.ir.location import DiagnosticError

    func = entry_function(module, entry)
    spmd = next((op for op in func.walk() if op.has_trait("PerDeviceBody")), None)
    if spmd is not None:
        raise DiagnosticError(f"--check compares with the unsharded program, which this input no longer holds: "
                              f"'{spmd.name}' runs a partitioned per-device body (meshc compile's output); check "
                              "the program it was compiled from, or compare with --expected FILE.npz",
                              spmd.location)


def _check_element_types(module, entry: Optional[str]) -> None:
    """Before any input is read or made: every argument and result of the entry function must have
    an element type the runtime stores (:func:`meshc.kernels.dtypes.numpy_dtype`: integers of 1, 8,
    16, 32 and 64 bits, index, the IEEE and ml_dtypes floats, complex<f32/f64>).

    Raises:
        DiagnosticError: at the argument (else the function), naming it and its type.
    """
    from meshc.ir.location import UNKNOWN_LOC, DiagnosticError
    from meshc.ir.types import TensorType
    from meshc.kernels.dtypes import numpy_dtype
    from meshc.kernels.errors import KernelError
    from meshc.runtime.interpreter import entry_function

    func = entry_function(module, entry)
    types = func.function_type
    args = func.body.args if not func.is_declaration else []
    for kind, values in (("argument", types.inputs), ("result", types.results)):
        for i, t in enumerate(values):
            element = t.element_type if isinstance(t, TensorType) else t
            try:
                numpy_dtype(str(element))
            except KernelError:
                loc = func.location
                name = ""
                if kind == "argument" and i < len(args):
                    name = f" (%{args[i].name_hint})" if args[i].name_hint else ""
                    if getattr(args[i], "loc", None) not in (None, UNKNOWN_LOC):
                        loc = args[i].loc
                raise DiagnosticError(f"{kind} #{i}{name} of @{func.sym_name} has element type {element}, which "
                                      "meshc cannot run: numpy has no storage for it (integers of 1, 8, 16, 32 or 64 "
                                      "bits, index, f16/bf16/f32/f64, the f8/f6/f4 types and complex<f32>/"
                                      "complex<f64> run)", loc) from None


def _check_random_input_sizes(mc, module, entry: Optional[str], shapes: dict, memory: Optional[int]) -> None:
    """Before ``--random-inputs`` allocates anything: every argument must fit in the memory of the
    devices together (with ``--device-memory``: ``memory`` x the devices of the largest mesh,
    ``--mesh-shape`` counted; a dynamic mesh without a shape counts as one device) and in the host's
    memory (:func:`meshc.runtime.io.check_input_sizes`), each error located at its argument.

    Raises:
        DiagnosticError: naming the argument, its size and the memory it does not fit in.
    """
    from meshc.dialects.mesh import MeshOp
    from meshc.runtime.interpreter import entry_function
    from meshc.runtime.io import check_input_sizes

    devices = 1
    for op in module.walk():
        if isinstance(op, MeshOp):
            dims = tuple(shapes.get(op.sym_name, op.shape))
            if all(d is not None for d in dims):
                count = 1
                for d in dims:
                    count *= int(d)
                devices = max(devices, count)
    func = entry_function(module, entry)
    from meshc.ir.location import UNKNOWN_LOC

    where = [a.loc if getattr(a, "loc", None) not in (None, UNKNOWN_LOC) else func.location for a in func.body.args]
    check_input_sizes(mc.entry_args(func), devices=devices, device_memory=memory, locations=where)


def _compile(mc, module, pipeline: Optional[str], shapes: dict, entry: str, target: str,
             verify_each: bool = True, arg_shapes=None, spmd: Optional[bool] = None,
             progress=None):
    """``meshc.api.compile`` of a clone of ``module`` (``spmd``: its option; None = the SPMD path for
    the default pipeline); the backend's "the pipeline did not unroll it"
    error gets its true reason when the default pipeline (which has every distributing pass) ran: the
    entry uses a mesh only through collectives in local view, with no sharding to partition.

    Raises:
        DiagnosticError: as :func:`meshc.api.compile`.
    """
    from meshc.backend.emit import EmitError

    try:
        return mc.compile(module.clone(), pipeline, shapes or None, entry=entry, target=target,
                          verify_each=verify_each, arg_shapes=arg_shapes, spmd=spmd, progress=progress)
    except EmitError as err:
        first = err.diagnostics[0] if err.diagnostics else None
        default = pipeline is None or pipeline == mc.default_pipeline(target, fuse_regions=False)
        if not default or first is None or "did not unroll it" not in first.message:
            raise
        from meshc.interfaces.annotations import function_mesh
        from meshc.ir.functions import entry_function

        if function_mesh(entry_function(module, entry)) is not None:
            raise
        head = first.message.split(": the pipeline did not unroll it")[0]
        raise EmitError(f"{head}: it uses a mesh only through collectives in local view (no mesh.shard or sharded "
                        "type to partition), so the default pipeline's partition and unroll passes leave it as it is "
                        "and there is no per-device program to run (meshc runs programs written in global view, "
                        "sharded by mesh.shard, --shard or --auto-shard)", first.location) from None


def _run_reference(mc, module, npz, entry, random_seed, named, repeat, parameter_files, shapes, inputs_path):
    from meshc.runtime.interpreter import Device

    parameters = _load_parameters(parameter_files, module)
    bound = mc.bind_entry(module, npz, entry, random_seed, named or None)
    _print_binding(bound, inputs_path)
    return mc.run_bound(module, bound, repeat, parameters, Device(mesh_shapes=shapes))


def _load_parameters(parameter_files: tuple[str, ...], module=None, warn: bool = True) -> dict:
    """``{scope: {key: array}}`` of the ``--parameters`` files; with ``module`` and ``warn``, a warning on
    stderr for each scope no parameter global of the program reads."""
    from meshc.commands._annotate_options import ParameterOptions
    from meshc.frontends.parameters import parameter_globals, unused_parameter_scopes

    parameters = ParameterOptions(tuple(parameter_files)).load() if parameter_files else {}
    if module is not None and warn:
        read = sorted({f"'{ref.scope}'" for ref in parameter_globals(module)})
        for scope in unused_parameter_scopes(module, parameters):
            what = f"reads parameters of scope {', '.join(read)} only" if read else "has no parameter globals"
            if scope:
                click.echo(f"warning: --parameters {scope}=...: no global reads scope '{scope}' "
                           f"(the program {what}); the file is not used", err=True)
            else:  # IREE's unscoped form: --parameters FILE
                hint = "; give it as --parameters SCOPE=FILE" if read else ""
                click.echo(f"warning: --parameters FILE (no SCOPE=): no global reads unscoped parameters "
                           f"(the program {what}){hint}; the file is not used", err=True)
    return parameters


def _load_expected(path: str) -> dict:
    """The arrays of the ``--expected`` file (:func:`meshc.runtime.io.load_npz`).

    Raises:
        InputFileError: as ``load_npz``, the message naming the file as the ``--expected`` file.
    """
    from meshc.runtime.io import InputFileError, load_npz

    try:
        return load_npz(path)
    except InputFileError as err:
        raise InputFileError(err.diagnostics[0].message.replace("input file", "--expected file", 1)) from None


def _write_trace(stats, path: str) -> None:
    stats.write_chrome_trace(path)  # DiagnosticError when it cannot be written
    click.echo(f"wrote the trace of {len(stats.devices)} device(s) to {path}")


def _layout(kind: str, tile: str, dtype_override: Optional[str]):
    """The :class:`meshc.backend.schedule.BufferLayout` of ``--layout/--tile/--dtype-override``, checked
    before anything runs: a tile shape TT-Metal supports (:data:`meshc.layout.tile.VALID_TILE_SHAPES`,
    seed 002) and a known data type; a block float (``bfloat8_b``, ``bfloat4_b``) only in tiles.

    Raises:
        click.BadParameter: naming the option at fault.
    """
    from meshc.backend.schedule import BufferLayout, ScheduleError
    from meshc.layout.dtypes import DataType
    from meshc.layout.errors import LayoutError
    from meshc.layout.tile import Tile

    parts = _tile_pair(tile)
    if kind == "tile":
        try:
            Tile(int(parts[0]), int(parts[1]))
        except LayoutError as err:
            raise click.BadParameter(str(err), param_hint="'--tile'") from None
    if dtype_override is not None:
        try:
            dtype = DataType.parse(dtype_override)
        except LayoutError as err:
            raise click.BadParameter(str(err), param_hint="'--dtype-override'") from None
        if dtype.block_float and kind != "tile":
            raise click.BadParameter(f"{dtype.name} is a block float: it exists only in tiles; add --layout tile",
                                     param_hint="'--dtype-override'")
    try:
        return BufferLayout(kind.replace("-", "_"), (int(parts[0]), int(parts[1])), dtype_override)
    except ScheduleError as err:
        raise click.BadParameter(str(err), param_hint="'--layout'") from None


def _layout_name(value: str) -> str:
    """``--layout``: ``row-major`` or ``tile``, named as ``meshc layout`` names them (any case, ``_`` or ``-``:
    :func:`meshc.layout.parse_choice`). Raises ``click.BadParameter`` naming the known layouts."""
    from meshc.layout import Layout, LayoutError, parse_choice

    try:
        return parse_choice(value, Layout, "layout").value.replace("_", "-")
    except LayoutError as err:
        raise click.BadParameter(str(err), param_hint="'--layout'") from None


def _tile_pair(tile: str) -> list[str]:
    """The two sizes of ``--tile HxW`` as text; raises ``click.BadParameter`` unless two positive integers."""
    parts = tile.lower().split("x")
    if len(parts) != 2 or not all(p.isdigit() and int(p) > 0 for p in parts):
        raise click.BadParameter(f"'{tile}' is not HxW with positive sizes (e.g. 32x32)", param_hint="'--tile'")
    return parts


def _memory(text: str) -> int:
    from meshc.runtime.devices import MemoryFlagError, parse_bytes

    try:
        return parse_bytes(text)
    except MemoryFlagError as err:
        raise click.BadParameter(str(err), param_hint="'--device-memory'") from None


def _print_run(result) -> None:
    program = result.compiled.program
    sched = program.schedule
    mesh = sched.mesh
    steps = sum(len(d.steps) for d in sched.devices)
    n = mesh.num_devices
    calls = max(1, len(result.times))
    kernels = sum(result.kernels.values())  # summed over the calls (RunResult.kernels)
    work = f"{steps} steps, {kernels} kernels, {result.seconds_per_call * 1e3:.3f} ms"
    if calls > 1:
        work = (f"{steps} steps, {kernels // calls} kernels, {result.seconds_per_call * 1e3:.3f} ms per call "
                f"({kernels} kernels over {calls} calls)")
    from meshc.ir.attributes import symbol_text

    click.echo(f"ran {symbol_text(program.runs)} on mesh {symbol_text(mesh.name)} (shape {mesh.shape_str()}, {n} device"
               f"{'s' if n != 1 else ''}): {work}")


def _print_stats(stats, layout, traffic: str = "sum") -> None:
    """A rich table, one row per device, and a total row (bytes are exact); then the picture of
    :mod:`meshc.show.stats_picture` (``traffic``: its matrix choice)."""
    from rich.console import Console
    from rich.table import Table

    from meshc.diagnostics import use_color

    stream = sys.stdout
    layout_text = "row-major" if layout is None or layout.kind == "row_major" else \
        f"tile {layout.tile[0]}x{layout.tile[1]}"
    if layout is not None and layout.dtype_override:
        layout_text += f", accounted as {layout.dtype_override}"
    table = Table(title=f"per-device stats (buffers {layout_text})", title_justify="left")
    counted = ["kernels", "peak_bytes", "peak_logical_bytes", "padding_bytes", "peer_read_bytes", "copy_bytes",
               "collective_bytes"]
    columns = ["device", "kernels", "peak B (physical)", "peak B (logical)", "padding B", "peer read B", "copy B",
               "collective B"]
    if stats.total("relayout_ops"):  # data-tiled runs: linalg.pack/unpack executed and the bytes they wrote
        counted += ["relayout_ops", "relayout_bytes"]
        columns += ["relayouts", "relayout B"]
    for c in [*columns, "busy s", "wait s"]:
        table.add_column(c, justify="right")
    for d in stats.devices:
        table.add_row(str(d.device), *(str(getattr(d, name)) for name in counted),
                      f"{d.busy_seconds:.4f}", f"{d.wait_seconds:.4f}")
    table.add_row("total", *(str(stats.total(name)) for name in counted), f"{stats.total('busy_seconds'):.4f}",
                  f"{stats.total('wait_seconds'):.4f}", style="bold")
    color = use_color(stream)
    Console(file=stream, force_terminal=color, no_color=not color, highlight=False,
            width=None if color else 160).print(table)
    from meshc.runtime.devices import format_bytes

    click.echo(f"wall {stats.wall_seconds:.4f} s; device memory {format_bytes(stats.capacity)} per device")
    relayouts = stats.total("relayout_ops")
    if relayouts:
        click.echo(f"data-tiling relayouts (linalg.pack/unpack): {relayouts} ops, "
                   f"{stats.total('relayout_bytes')} B written")
    from meshc.show.render import console_for
    from meshc.show.stats_picture import print_picture

    click.echo()
    print_picture(stats, console_for(stream), traffic)


class _Pictures:
    """What ``--stats-traffic`` and ``--show`` ask for: the matrix choice of the stats picture
    (:data:`meshc.show.stats_picture.TRAFFIC_CHOICES`) and the values to draw (``""``: the entry's
    arguments and results)."""

    def __init__(self, traffic: str, show: tuple[str, ...]):
        self.traffic = traffic
        self.show = show


def show_sharding(module, entry: str, mesh_shapes: dict, names: tuple[str, ...]) -> None:
    """Print the ``meshc show`` picture of ``entry``'s values in ``module`` (annotated, before the
    passes; not modified) as sharded on ``mesh_shapes`` (``--mesh-shape``: specialises dynamic meshes,
    overrides static ones as the compile did). ``names``: ``%NAME`` values to draw, ``""`` meaning
    the arguments and results.

    Raises:
        DiagnosticError: a pass fails, an unknown value name, a value that cannot be drawn.
    """
    from meshc.api import override_mesh_shapes
    from meshc.commands.show import distribute
    from meshc.ir.functions import entry_function
    from meshc.show import ValueNames, entry_values, find_value, render_values
    from meshc.show.render import console_for

    copy = module.clone()
    override_mesh_shapes(copy, mesh_shapes)
    distribute(copy, mesh_shapes)
    func = entry_function(copy, entry)
    values = []
    value_names = ValueNames(copy)
    for name in names:
        chosen = entry_values(func) if name == "" else [find_value(func, value_names, name)]
        values += [v for v in chosen if not any(v is w for w in values)]
    render_values(copy, values, console_for(), mesh_shapes=mesh_shapes)
    click.echo()


def _print_binding(bound, inputs_path: Optional[str]) -> None:
    """``@f: inputs bound by name from F`` and the source of each argument
    (``bound`` is a BoundEntry or a RunResult)."""
    name = bound.func.sym_name if hasattr(bound, "func") else bound.entry
    if not bound.arg_names:
        click.echo(f"@{name}: no arguments")
        return
    where = f" from {inputs_path}" if inputs_path else ""
    rule = bound.rule if hasattr(bound, "rule") else bound.binding
    click.echo(f"@{name}: inputs bound {rule}{where}")
    for arg, src in zip(bound.arg_names, bound.sources):
        if src:
            click.echo(f"  %{arg} <- {src}")


def _is_mpi_root() -> bool:
    from meshc.runtime.backends import get_backend

    return bool(get_backend("mpi").is_root)


SUMMARY_LIMIT = 1 << 28  # elements; larger outputs are summarised by shape and dtype only


def summary(value: Any) -> str:
    """One line about an output: shape, dtype, sum, CRC-32 of the bytes and
    the values when small."""
    import zlib

    import numpy as np

    a = np.asarray(value)
    if a.size > SUMMARY_LIMIT:  # e.g. a huge splat constant held as a broadcast view
        return f"shape {list(a.shape)} {a.dtype} ({a.size} elements: sum and checksum not computed)"
    c = np.ascontiguousarray(a)
    try:  # the bytes in place: a big result is not copied to checksum it
        crc = zlib.crc32(memoryview(c).cast("B"))
    except (TypeError, ValueError):  # a dtype without a buffer format (ml_dtypes)
        crc = zlib.crc32(c.tobytes())
    del c
    with np.errstate(all="ignore"):
        if a.dtype.kind == "c":  # complex: the complex sum, both parts shown
            z = complex(np.sum(a, dtype=np.complex128)) if a.size else 0j
            shown_sum = f"{z.real:.6g}{z.imag:+.6g}j"
        else:
            try:  # summed in float64 chunk by chunk, not through a float64 copy of the whole result
                total = float(np.sum(a, dtype=np.float64)) if a.size else 0.0
            except TypeError:
                total = float(np.sum(a.astype(np.float64)))
            shown_sum = f"{total:.6g}"
    line = f"shape {list(a.shape)} {a.dtype} sum={shown_sum} crc32={crc:08x}"
    if a.size <= SMALL:
        shown = a.astype(np.float64) if a.dtype.kind == "V" else a  # bf16/f8 (ml_dtypes)
        values = np.array2string(shown, separator=", ", threshold=SMALL)
        line += f" values={' '.join(values.split())}"
    return line


def _check(outputs, expected, path: str, rtol: float, atol: float, atol_scale: bool,
           reduction: Optional[int] = None) -> bool:
    from meshc.runtime.io import compare, unmatched_expected

    rows = compare(outputs, expected, rtol=rtol, atol=atol, atol_scale=atol_scale, reduction=reduction)
    ignored = unmatched_expected(len(outputs), expected)
    if ignored:
        results = ", ".join(f"result{i}" for i in range(len(outputs))) or "none"
        click.echo(f"note: {len(ignored)} array(s) of {path} match no result and are not compared: "
                   f"{', '.join(repr(k) for k in ignored)} (results: {results})", err=True)
    return _report(rows, path, rtol, atol, atol_scale, reduction)


ROUNDING_UNITS = 32
"""A failing float comparison whose max abs error is at most this many rounding units (epsilon of the
dtype) of ``max|expected|`` fails only because the values are large: the report hints ``--atol-scale``."""


def _report(rows, what: str, rtol: float, atol: float, atol_scale: bool, reduction: Optional[int] = None) -> bool:
    """Print one comparison line per output (NaN mismatches counted); False (and an error line) on a
    mismatch, with a hint at ``--atol-scale`` for outputs that differ only by float rounding of their
    largest values (:data:`ROUNDING_UNITS`). The tolerance itself is never changed. ``reduction``:
    the comparison used the default rule of :mod:`meshc.runtime.tolerance` with this K."""
    from meshc.runtime.tolerance import describe

    tol = f"rtol {rtol:g}, " + describe(reduction, atol) + (" x max|expected|" if atol_scale else "")
    exact = [getattr(c, "exact", False) for c in rows]
    if rows and all(exact):  # integers and booleans compare for equality: no tolerance applies
        tol = "exact: integer results"
    click.echo(f"compare with {what} ({tol}):")
    for c, is_exact in zip(rows, exact):
        status = "ok" if c.ok else "MISMATCH"
        notes = [n for n in (c.note, getattr(c, "nan_text", lambda: "")(),
                             "exact" if is_exact and not all(exact) else "") if n]
        note = f" ({'; '.join(notes)})" if notes else ""
        click.echo(f"  {c.name}: {status} max abs err {c.max_abs:.3g} max rel err {c.max_rel:.3g}{note}")
    bad = [c for c in rows if not c.ok]
    if bad:
        def why(c) -> str:
            nan = f", {c.nan_mismatches} NaN mismatch(es)" if getattr(c, "nan_mismatches", 0) else ""
            return f"{c.name} (max abs err {c.max_abs:.3g}{nan})"

        click.echo(f"error: {len(bad)} of {len(rows)} output(s) differ from {what}: "
                   + ", ".join(why(c) for c in bad), err=True)
        for c in bad:
            hint = _atol_scale_hint(c, atol, atol_scale)
            if hint:
                click.echo(f"hint: {hint}", err=True)
        return False
    return True


def _atol_scale_hint(c, atol: float, atol_scale: bool) -> str:
    """The ``--atol-scale`` hint of :func:`_report` for comparison ``c`` ("" when it does not apply)."""
    needed = getattr(c, "atol_scale_needed", None)
    big = getattr(c, "max_expected", 0.0)
    if needed is None or big <= 0 or c.max_abs > ROUNDING_UNITS * c.rounding * big:
        return ""
    units = c.max_abs / (c.rounding * big)
    head = (f"{c.name}'s max abs err {c.max_abs:.3g} is {units:.2g} rounding unit(s) (eps {c.rounding:.3g}) of "
            f"max|expected| {big:.4g}: float rounding at this magnitude; ")
    if atol_scale:
        return head + f"--atol-scale passes with --atol {_round_up(needed):.2g}"
    if atol >= needed:
        return head + (f"add --atol-scale (atol x max|expected| = {atol:g} x {big:.4g} = {atol * big:.3g} "
                       f">= the errors), or --atol {_round_up(needed * big):.2g}")
    return head + f"add --atol-scale --atol {_round_up(needed):.2g} (atol x max|expected|)"


def _round_up(x: float) -> float:
    """``x`` rounded up to two significant digits (a tolerance to suggest: never below the need)."""
    import math

    if x <= 0:
        return 0.0
    step = 10 ** (math.floor(math.log10(x)) - 1)
    return math.ceil(x / step - 1e-9) * step
