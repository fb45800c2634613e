"""meshc's Python API; the CLI commands are thin wrappers over it.

    import meshc.api as mc
    m = mc.parse("prog.mlir")                    # or IR text
    r = mc.run_reference(m, {"x": x})            # unsharded, numpy
    r.outputs[0]
    c = mc.compile(m, mesh_shape={"m": (8,)})    # pipeline + per-device schedules
    print(c.schedule.summary())
    r = mc.run(m, {"x": x}, mesh_shape="m=8", check=True)   # simulated devices
    r.outputs[0], r.stats.table(), r.comparisons

Errors raise :class:`meshc.ir.DiagnosticError` carrying the located
diagnostic(s).
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from typing import Any, Mapping, Optional, Sequence, Union

from meshc.ir.core import Operation
from meshc.ir.location import UNKNOWN_LOC, DiagnosticError


def parse(text_or_path: str, filename: Optional[str] = None) -> Operation:
    """Parse IR text, or the file at that path, into a verified module.

    Raises:
        DiagnosticError: unreadable file, malformed IR, or invalid IR.
    """
    from meshc.ir.verifier import verify
    from meshc.parser import parse as parse_text
    from meshc.parser import parse_file

    if filename is None and "\n" not in text_or_path and (
            text_or_path.endswith(".mlir") or os.path.exists(text_or_path)):
        module = parse_file(text_or_path)
    else:
        module = parse_text(text_or_path, filename or "<string>")
    verify(module)
    return module


@dataclass
class RunResult:
    """Outputs of one run, in result order, plus what was measured.

    ``seconds_per_call`` is wall time per call of the entry function (median
    over ``repeat``; ``times`` holds every call); ``binding`` says how inputs
    were bound (``by name``, ``by position``, ``random (seed N)``) and
    ``sources`` where each argument came from; ``kernels`` counts kernels
    executed by op name (all calls).
    """

    outputs: list[Any]
    entry: str
    binding: str = ""
    seconds_per_call: float = 0.0
    kernels: dict[str, int] = field(default_factory=dict)
    stats: Any = None
    sources: list[str] = field(default_factory=list)
    times: list[float] = field(default_factory=list)
    arg_names: list[Optional[str]] = field(default_factory=list)
    #: sharded runs (:func:`run`): what was compiled, notes for the user, and the --check results
    compiled: Any = None
    notes: list[str] = field(default_factory=list)
    reference: Optional[list[Any]] = None
    comparisons: Optional[list[Any]] = None

    @property
    def check_ok(self) -> bool:
        """True unless a --check comparison failed (also True without --check)."""
        return all(c.ok for c in self.comparisons or ())


def entry_args(func) -> list:
    """ArgSpecs (name, type) of a function's arguments."""
    from meshc.runtime.io import ArgSpec

    names = [a.name_hint for a in func.body.args] if not func.is_declaration else []
    return [ArgSpec(names[i] if i < len(names) else None, t) for i, t in enumerate(func.function_type.inputs)]


@dataclass
class BoundEntry:
    """The entry function and its inputs, checked against its signature:
    ``arrays`` in argument order (scalars as numpy scalars), ``rule`` how
    they were bound, ``sources`` where each came from."""

    func: Operation
    arrays: list[Any]
    rule: str
    sources: list[str]
    arg_names: list[Optional[str]]


def bind_entry(module: Operation, inputs: Union[Sequence[Any], Mapping[str, Any], None] = None,
               entry: Optional[str] = None, random_seed: Optional[int] = None,
               named_inputs: Optional[Mapping[str, Any]] = None) -> BoundEntry:
    """Choose the entry function (``entry``, else the only public one) and
    bind its inputs: ``inputs`` is a list in argument order, or a mapping
    bound by argument name (or by position in key order when the names do
    not match: exported models); ``named_inputs`` binds single arguments by
    name or 0-based position (``--input NAME=F.npy``); ``random_seed``
    generates inputs instead.

    Raises:
        DiagnosticError: no such function, or bad inputs (missing, extra,
            wrong shape or dtype: which argument, expected vs got).
    """
    from meshc.ir.types import TensorType
    from meshc.ir.functions import entry_function
    from meshc.runtime.io import bind_inputs, check_input, random_inputs

    func = entry_function(module, entry)
    specs = entry_args(func)
    sources: list[str] = []
    if random_seed is not None:
        if inputs is not None or named_inputs:
            raise DiagnosticError("give either input arrays or a random seed, not both")
        arrays, rule = random_inputs(specs, random_seed), f"random (seed {random_seed})"
    elif isinstance(inputs, Mapping) or named_inputs:
        bound = bind_inputs(specs, inputs if isinstance(inputs, Mapping) else None, named_inputs)
        arrays, rule, sources = bound.arrays, bound.rule, bound.sources
    elif inputs is None:
        if specs:
            raise DiagnosticError(f"'@{func.sym_name}' takes {len(specs)} arguments ("
                                  + ", ".join(f"%{s.name}: {s.type}" for s in specs) + "): give inputs")
        arrays, rule = [], "none"
    else:
        if len(inputs) != len(specs):
            raise DiagnosticError(f"'@{func.sym_name}' takes {len(specs)} arguments, got {len(inputs)} inputs")
        arrays = [check_input(s, a, i) for i, (s, a) in enumerate(zip(specs, inputs))]
        rule = "by position"
    arrays = [a if isinstance(s.type, TensorType) else np_scalar(a) for s, a in zip(specs, arrays)]
    return BoundEntry(func, arrays, rule, sources, [s.name for s in specs])


def run_bound(module: Operation, bound: BoundEntry, repeat: int = 1, parameters: Optional[dict] = None,
              device: Any = None) -> RunResult:
    """Call ``bound.func`` ``repeat`` times in one reference interpreter
    (initializers run once). ``parameters`` maps a parameter scope to
    ``{key: array}`` (``#stream.parameter.named<"scope"::"key">`` globals);
    ``device`` (:class:`meshc.runtime.interpreter.Device`) answers the SPMD
    ops of a per-device program.

    Raises:
        DiagnosticError: an op that fails or has no kernel (located at the op).
    """
    from meshc.runtime.interpreter import Interpreter

    interp = Interpreter(module, device=device, parameters=parameters)
    name = bound.func.sym_name  # type: ignore[attr-defined]
    times = []
    outputs: list[Any] = []
    for _ in range(max(1, repeat)):
        t0 = time.perf_counter()
        outputs = interp.call(name, bound.arrays)
        times.append(time.perf_counter() - t0)
    ordered = sorted(times)
    return RunResult(outputs, name, bound.rule, ordered[len(ordered) // 2], dict(interp.stats),
                     sources=bound.sources, times=times, arg_names=bound.arg_names)


def run_reference(module: Operation, inputs: Union[Sequence[Any], Mapping[str, Any], None] = None,
                  entry: Optional[str] = None, repeat: int = 1, parameters: Optional[dict] = None,
                  random_seed: Optional[int] = None, named_inputs: Optional[Mapping[str, Any]] = None,
                  device: Any = None) -> RunResult:
    """Run ``module``'s entry function on the reference interpreter:
    :func:`bind_entry` then :func:`run_bound` (see both for the arguments).

    Raises:
        DiagnosticError: bad inputs (missing, extra, wrong shape or dtype),
            or an op that fails or has no kernel (located at the op).
    """
    bound = bind_entry(module, inputs, entry, random_seed, named_inputs)
    return run_bound(module, bound, repeat, parameters, device)


def np_scalar(a: Any) -> Any:
    """A 0-d array as the numpy scalar the interpreter uses for scalar values."""
    import numpy as np

    return np.asarray(a)[()]


# -- sharded compilation and runs (docs/pipeline.md stage 7) ---------------------------------------------------------------------


@dataclass
class Compiled:
    """A module after the pass pipeline and its per-device schedules:
    ``module`` (compiled in place), ``program``
    (:class:`meshc.backend.emit.Program`: the schedule and shard map),
    ``notes`` for the user (static mesh shapes overridden) and the remarks
    and warnings the passes emitted."""

    module: Operation
    program: Any
    notes: list[str] = field(default_factory=list)
    diagnostics: list[Any] = field(default_factory=list)
    template: Any = None  # the SPMD template (meshc.backend.spmd.SpmdTemplate) when compiled that way

    @property
    def schedule(self):
        """The :class:`meshc.backend.schedule.Schedule`."""
        return self.program.schedule


def mesh_shapes_arg(mesh_shape: Union[str, Mapping[str, Sequence[int]], None]) -> dict[str, tuple[int, ...]]:
    """``"m=2x4"``, ``"m=2x4,n=8"`` or ``{"m": (2, 4)}`` as a dict (None: empty).

    Raises:
        DiagnosticError: text that is not ``NAME=SIZES`` with positive sizes.
    """
    if mesh_shape is None:
        return {}
    if isinstance(mesh_shape, str):
        from meshc.passes.specialize_mesh import parse_shapes

        try:
            return parse_shapes(mesh_shape)
        except ValueError as err:
            raise DiagnosticError(f"--mesh-shape: {err}") from None
    return {str(k).lstrip("@"): tuple(int(d) for d in v) for k, v in mesh_shape.items()}


def mesh_names(module: Operation) -> list[str]:
    """The names of the ``mesh.mesh`` ops of ``module``, in module order."""
    from meshc.dialects.mesh import MeshOp

    return [op.sym_name for op in module.walk() if isinstance(op, MeshOp)]


def unknown_mesh_error(name: str, known: Sequence[str], where: str = "module",
                       location: Any = None) -> DiagnosticError:
    """The error for ``--mesh-shape`` naming mesh ``@name`` that ``where``
    (``module``, or ``input`` for a ``--split-input-file`` input) does not
    declare; ``known``: the mesh names it does declare."""
    listed = ", ".join("@" + n for n in known) or "none"
    message = f"--mesh-shape names mesh '@{name}', which the {where} does not declare (meshes: {listed})"
    return DiagnosticError(message, location if location is not None else UNKNOWN_LOC)


MAX_DEVICES = 65536
"""Devices of one mesh the SPMD path accepts (``meshc run``, ``meshc estimate``, :func:`compile` and
:func:`run` with the default pipeline; :data:`meshc.backend.spmd.MAX_SPMD_DEVICES`), for static
meshes, ``--mesh-shape`` and ``--mesh`` alike (:func:`check_device_count`): the compiled template does
not grow with the device count, only its per-device instantiation does (linearly). A larger mesh is
refused at once (README "Commands", docs/runtime.md "Devices")."""

MAX_LISTED_DEVICES = 4096
"""Devices of one mesh whose schedules ``meshc compile --emit=schedule``, ``schedule-json`` and ``iree``
print: each lists every device's steps (one step list, one IREE device per mesh device), so the output
and the time to build it grow with the device count (4096 devices of a small program: a few seconds,
tens of MB). A larger mesh is refused at once (:func:`check_device_count`); ``meshc estimate`` gives the
per-device figures of any mesh up to :data:`MAX_DEVICES`."""

LISTING_LIMIT_REASON = (f"--emit schedule, schedule-json and iree list every device's steps, for at most "
                        f"{MAX_LISTED_DEVICES} devices (meshc estimate gives the per-device figures of up to "
                        f"{MAX_DEVICES})")
"""The reason :func:`too_many_devices` gives for a mesh over :data:`MAX_LISTED_DEVICES`."""

MAX_UNROLLED_DEVICES = 256
"""Devices of one mesh the commands that copy the program once per device, or work per device,
accept: ``compile`` with a pipeline that unrolls (``--emit=unrolled``, ``-p ...,unroll``, a data-tiling
``--target``: the encodings need local shapes), a program the SPMD template does not handle yet
(compiled the unrolled way),
``show`` (one picture per device) and ``--auto-shard`` (the advisor weighs each plan per device). Compile time grows
faster than linearly with the device count there: measured on a 2-core machine, ``meshc run
samples/dynamic_mesh_rowsum.mlir --mesh-shape m=256`` took about 30 s unrolled."""

MAX_EXPLAINED_DEVICES = 4096
"""Devices of one mesh ``meshc explain`` accepts: nothing is copied per device (the pipeline runs up to
``reshard``), but the bytes each device receives come from a devices x devices matrix per
collective (:func:`meshc.sharding.reshard.transfer_matrix`: 128 MiB at 4096 devices, 32 GiB at
65536), so past this a clear error beats running out of memory."""

MAX_THREAD_DEVICES = 4096
"""Devices the threads runtime (``meshc run``, ``--backend threads``) runs: one Python thread per
device. ``meshc estimate`` takes :data:`MAX_DEVICES`; MPI runs one rank per device."""


def too_many_devices(what: str, devices: int, limit: Optional[int] = None,
                     why: Optional[str] = None) -> Optional[str]:
    """The message refusing ``what`` (``mesh @m (shape 100000)``, ``'m=2048'``) of ``devices``
    devices, or None within ``limit`` (default :data:`MAX_DEVICES`; :data:`MAX_UNROLLED_DEVICES`,
    :data:`MAX_THREAD_DEVICES`): one text for every command and every source of a mesh shape.
    ``why``: the reason given instead of the limit's own (``meshc show`` draws a picture per
    device, not a copy of the program)."""
    limit = MAX_DEVICES if limit is None else limit
    if devices <= limit:
        return None
    if why is not None:
        pass
    elif limit == MAX_UNROLLED_DEVICES:
        why = (f"meshc unrolls at most {limit} devices per mesh (one copy of the program per device; "
               f"the default pipelines of meshc compile, run and estimate take up to {MAX_DEVICES})")
    elif limit == MAX_THREAD_DEVICES:
        why = (f"the threads runtime runs at most {limit} devices (one thread per device; meshc estimate "
               f"takes up to {MAX_DEVICES}, --backend mpi one rank per device)")
    else:
        why = f"meshc simulates at most {limit} devices per mesh"
    return f"{what} has {devices} devices; {why}"


def check_device_count(module: Operation, shapes: Optional[Mapping[str, Sequence[int]]] = None,
                       limit: Optional[int] = None, why: Optional[str] = None) -> None:
    """Refuse a mesh of ``module`` with more than ``limit`` devices (default :data:`MAX_DEVICES`), its
    static shape or its ``shapes`` entry (``--mesh-shape``) counted; dynamic sizes without a shape are
    not counted; ``why``: as :func:`too_many_devices`. Call it before any per-device work (it walks
    the mesh ops only).

    Raises:
        DiagnosticError: located at the mesh op, naming the mesh, its device count and the limit.
    """
    from meshc.dialects.mesh import MeshOp

    shapes = shapes or {}
    for op in module.walk():
        if not isinstance(op, MeshOp):
            continue
        given = shapes.get(op.sym_name)
        dims = tuple(given) if given is not None else tuple(op.shape)
        if any(d is None for d in dims):
            continue
        devices = 1
        for d in dims:
            devices *= int(d)
        source = " from --mesh-shape" if given is not None else ""
        message = too_many_devices(f"mesh @{op.sym_name} (shape {'x'.join(map(str, dims))}{source})", devices,
                                   limit, why)
        if message:
            raise DiagnosticError(message, op.location)


def override_mesh_shapes(module: Operation, shapes: Mapping[str, Sequence[int]], *,
                         ignore_unknown: bool = False) -> list[str]:
    """Give the meshes named in ``shapes`` their shape before the pipeline
    runs, whatever the pipeline (``meshc run/compile/explain/show
    --mesh-shape``): a dynamic mesh (``shape = ?``) is specialised, as
    ``specialize-mesh`` would (which then finds it done: specialising is
    idempotent); a mesh with static sizes (``shape = 2x2`` or ``?x3``) is
    overridden whole, for a program written for another device count (the
    annotations are in global shapes, so only the mesh op changes). Returns
    one note per static size changed.
    ``ignore_unknown`` skips names the module does not declare (one chunk of
    a ``--split-input-file`` input: the caller checks the whole input).

    Raises:
        DiagnosticError: a name that is no mesh of the module (unless
            ``ignore_unknown``), or a shape of another rank (located at the
            mesh op).
    """
    from meshc.dialects.mesh import MeshOp
    from meshc.ir.attributes import DenseArrayAttr
    from meshc.ir.types import I64

    meshes = {op.sym_name: op for op in module.walk() if isinstance(op, MeshOp)}
    notes = []
    for name, shape in shapes.items():
        mesh = meshes.get(name)
        if mesh is None:
            if ignore_unknown:
                continue
            raise unknown_mesh_error(name, list(meshes), "module")
        old = mesh.shape
        if tuple(shape) == tuple(old):
            continue
        new = "x".join(map(str, shape))
        if len(shape) != len(old):
            raise mesh.error(f"has rank {len(old)}; --mesh-shape {name}={new} has rank {len(shape)}")
        mesh.attributes["shape"] = DenseArrayAttr(I64, tuple(int(d) for d in shape))
        if any(a is not None and a != b for a, b in zip(old, shape)):
            declared = "x".join("?" if a is None else str(a) for a in old)
            notes.append(f"--mesh-shape {name}={new} overrides the static shape {declared} of mesh @{name}")
    return notes


def default_pipeline(target: str = "none", propagate_reshapes: bool = True, fuse_regions: bool = True,
                     reshard: str = "", unroll: Optional[bool] = None) -> str:
    """The pipeline text ``meshc compile`` and ``meshc run`` use without
    ``-p``: :data:`meshc.passes.registry.DEFAULT_PIPELINE` (up to stage 5: one
    program for every device, nothing copied per device).
    ``unroll`` (default: when ``target`` is not ``none``) adds ``unroll`` after
    ``fuse-spmd-regions`` (:data:`meshc.passes.registry.UNROLLED_PIPELINE`: the
    seed's per-device form, ``meshc compile --emit=unrolled``), and a
    data-tiling ``target`` then also ``set-encoding`` right after ``unroll``,
    so that ``--target x86-avx2`` data-tiles the matmuls of every device's
    program (IREE runs SetEncoding when data tiling is enabled; the encodings
    must see local shapes, which only the per-device form has).
    ``propagate_reshapes=False`` (``--no-propagate-reshapes``) leaves out
    ``propagate-reshapes``: reshapes stay, and a split crosses them on the
    major collapsed dim only.
    ``fuse_regions=False`` (``--no-fuse-regions``) leaves out
    ``fuse-spmd-regions``: one per-device region per op. ``reshard``: options of the
    ``reshard`` pass (``"strategy=peer peer-tile=32x32"``: ``--peer-tile``), the pass
    written ``reshard{...}``; such a pipeline still compiles the SPMD way."""
    from meshc.passes.registry import DEFAULT_PIPELINE

    left_out = {"propagate-reshapes": not propagate_reshapes, "fuse-spmd-regions": not fuse_regions}
    passes = [p for p in DEFAULT_PIPELINE if not left_out.get(p, False)]
    if reshard.strip():
        passes = [f"reshard{{{reshard.strip()}}}" if p == "reshard" else p for p in passes]
    if unroll is None:
        unroll = target != "none"
    if unroll:
        at = passes.index("fuse-spmd-regions" if fuse_regions else "partition") + 1
        passes.insert(at, "unroll")
        if target != "none":
            passes.insert(passes.index("unroll") + 1, "set-encoding")
    return ",".join(passes)


def with_unroll(pipeline: str) -> str:
    """``pipeline`` (pipeline text) with ``unroll`` after its last top-level distributing pass
    (``fuse-spmd-regions``, else ``partition``, else at the end) when it runs none (:func:`unrolls`):
    the pipeline of the per-device form (``meshc compile --emit=unrolled``; the unrolled fallback of
    the SPMD path). A pipeline that unrolls already is returned as is.

    Raises:
        meshc.passes.pipeline.PipelineError: malformed pipeline text.
    """
    from meshc.passes.pipeline import PassSpec, format_pipeline, parse_pipeline

    if unrolls(pipeline):
        return pipeline
    items = parse_pipeline(pipeline)
    names = [i.name if isinstance(i, PassSpec) else "" for i in items]
    at = len(items)
    for anchor in ("fuse-spmd-regions", "partition"):
        if anchor in names:
            at = len(names) - names[::-1].index(anchor)
            break
    return format_pipeline(items[:at] + [PassSpec("unroll")] + items[at:])


def unrolls(pipeline: str) -> bool:
    """Whether pipeline text ``pipeline`` runs ``unroll`` (copies the program once per device), at any
    nesting.

    Raises:
        meshc.passes.pipeline.PipelineError: malformed pipeline text.
    """
    from meshc.passes.pipeline import PassSpec, parse_pipeline

    def walk(items) -> bool:
        return any(i.name == "unroll" if isinstance(i, PassSpec) else walk(i.items) for i in items)

    return walk(parse_pipeline(pipeline))


def compile(module: Operation, pipeline: Optional[str] = None,
            mesh_shape: Union[str, Mapping[str, Sequence[int]], None] = None, *, entry: Optional[str] = None,
            remarks: bool = False, target: str = "none", verify_each: bool = True,
            arg_shapes: Optional[Sequence[Optional[Sequence[int]]]] = None,
            propagate_reshapes: bool = True,
            spmd: Optional[bool] = None, fuse_regions: bool = True, progress: Any = None) -> Compiled:
    """Run ``pipeline`` (the default pipeline when None; ``""`` none) on
    ``module`` in place and build the per-device schedules of the entry
    function (``entry``, else the only public one).

    ``mesh_shape`` (``"m=2x4"`` or ``{"m": (2, 4)}``) gives dynamic meshes
    their shape (specialize-mesh, run by the distributed passes) and
    overrides the shape of static ones (:func:`override_mesh_shapes`, with a
    note). ``target``: data-tiling target of materialize-encodings (without
    ``pipeline``, a target other than ``none`` also runs set-encoding:
    :func:`default_pipeline`). ``verify_each``: verify the IR after every
    pass (the pass manager's default, mlir-opt's ``--verify-each``).
    ``progress`` (:class:`meshc.progress.Progress`) is told each pass as it
    starts and ends. ``arg_shapes`` (one shape per entry argument, in order; None entries
    skipped): when the entry has dynamic tensor dims, specialize-shapes
    gives them these sizes before the pipeline (the inputs' shapes, as a JIT;
    :mod:`meshc.passes.specialize_shapes`). ``propagate_reshapes=False``:
    the default pipeline without ``propagate-reshapes``.

    ``spmd`` (default: when ``pipeline`` is None, or the default pipeline with or without ``unroll``,
    and ``target`` is ``none``): compile to stage 5 only (the default pipeline, which does not
    unroll, or ``pipeline`` without its ``unroll``: :func:`meshc.backend.spmd.spmd_pipeline`) and
    instantiate the device-count-independent SPMD template per device
    (:mod:`meshc.runtime.instantiate`; ``Compiled.template``); a program the template does not
    handle yet is compiled the unrolled way instead (:func:`with_unroll` of the pipeline), with a
    note saying why (docs/pipeline.md stage 6s). ``Compiled.module`` is then the stage-5 module (no
    ``@NAME_sharded``). ``spmd=False``: the unrolled way, ``pipeline`` (default: the default
    pipeline) with ``unroll`` added when it has none (:func:`with_unroll`). Otherwise (``spmd``
    None and a pipeline of the user's, or a data-tiling ``target``, whose default pipeline unrolls)
    the pipeline runs as is, and the schedules come from ``@NAME_sharded`` when it unrolled, else
    from the SPMD template of its output (:func:`schedule_program`).

    Raises:
        DiagnosticError: a pass fails, an argument shape contradicts the
            entry's static dims, or the module cannot be scheduled
            (:class:`meshc.backend.emit.EmitError`: e.g. a dynamic mesh
            without a shape; :class:`meshc.backend.spmd.SpmdUnsupported`: a
            pipeline without ``unroll`` whose output the template does not
            handle), or a mesh has more devices than the path accepts
            (:func:`check_device_count`: :data:`MAX_DEVICES` without
            ``unroll``, :data:`MAX_UNROLLED_DEVICES` with it).
    """
    from meshc.passes.base import PassContext
    from meshc.passes.manager import PassManager

    shapes = mesh_shapes_arg(mesh_shape)
    notes = override_mesh_shapes(module, shapes)
    unrolled = spmd is False  # asked for: the pipeline with unroll
    if spmd is None:  # the default pipeline, with or without its switches (``--no-fuse-regions`` ...)
        spmd = target == "none" and (pipeline is None or _without_reshard_options(pipeline) in {
            default_pipeline(target, reshapes, fuse, unroll=u)
            for reshapes in (True, False) for fuse in (True, False) for u in (True, False)})
    text = default_pipeline(target, propagate_reshapes, fuse_regions, unroll=None if spmd else True) \
        if pipeline is None else pipeline
    if unrolled:
        text = with_unroll(text)
    check_device_count(module, shapes, MAX_DEVICES if spmd or not unrolls(text) else MAX_UNROLLED_DEVICES)
    if arg_shapes is not None:
        specialize_entry(module, arg_shapes, entry)
    context = PassContext(mesh_shapes=shapes, remarks=remarks)
    context.target = target  # type: ignore[attr-defined]  # read by materialize-encodings
    if spmd:
        compiled = _compile_spmd(module, context, entry, verify_each, notes, text, progress)
        if compiled is not None:
            return compiled
        check_device_count(module, shapes, MAX_UNROLLED_DEVICES)
        context = PassContext(mesh_shapes=shapes, remarks=remarks)
        context.target = target  # type: ignore[attr-defined]
        text = with_unroll(text)
    PassManager.from_text(text, context, verify_each=verify_each, observer=progress).run(module)
    from meshc.backend.spmd import SpmdUnsupported

    try:
        program, template = schedule_program(module, entry)
    except SpmdUnsupported as err:  # a pipeline of the user's without unroll
        d = err.diagnostics[0] if err.diagnostics else None
        raise DiagnosticError(f"the SPMD schedule does not handle this program yet: {d.message if d else err}; "
                              "add unroll to the pipeline", d.location if d else UNKNOWN_LOC) from None
    compiled = Compiled(module, program, notes, list(context.emitted))
    compiled.template = template
    return compiled


def schedule_program(module: Operation, entry: Optional[str] = None) -> tuple[Any, Any]:
    """The :class:`meshc.backend.emit.Program` of ``module`` after a pipeline, and the SPMD template it
    came from (None when unrolled): from ``@NAME_sharded`` when the pipeline unrolled
    (:func:`meshc.backend.emit.emit_program`); from the stage-5 module's SPMD template otherwise
    (:func:`meshc.backend.spmd.build_template`, :func:`meshc.runtime.instantiate.instantiate`: cost
    linear in the device count); an entry without a mesh, on a dynamic mesh or not partitioned
    (``mesh.shard`` left) goes to ``emit_program`` (one device, or its error: give --mesh-shape, the
    pipeline did not distribute it).

    Raises:
        meshc.backend.spmd.SpmdUnsupported: a construct the template does not instantiate yet
            (the caller may compile with :func:`with_unroll` of its pipeline instead).
        DiagnosticError: as :func:`meshc.backend.emit.emit_program`.
    """
    from meshc.backend.emit import emit_program
    from meshc.backend.spmd import build_template
    from meshc.dialects.func import FuncOp
    from meshc.dialects.mesh import ShardOp
    from meshc.interfaces.unrolled import SHARDED_SUFFIX
    from meshc.ir.functions import entry_function
    from meshc.runtime.instantiate import instantiate

    func = entry_function(module, entry)
    sharded = module.lookup(func.sym_name + SHARDED_SUFFIX)  # type: ignore[attr-defined]
    if isinstance(sharded, FuncOp) and not sharded.is_declaration or any(
            isinstance(op, ShardOp) for op in func.walk()):  # unrolled, or not partitioned: emit_program's error
        return emit_program(module, entry), None
    template = build_template(module, entry)
    return (emit_program(module, entry), None) if template is None else (instantiate(template), template)


def spmd_fallback_note(err: DiagnosticError) -> str:
    """The note saying that the SPMD schedule does not handle a program (``err``: the
    :class:`meshc.backend.spmd.SpmdUnsupported` raised, located at the op) and that it was compiled
    per device (unroll) instead."""
    d = err.diagnostics[0] if err.diagnostics else None
    where = f" ({d.location})" if d is not None and d.location != UNKNOWN_LOC else ""
    return (f"the SPMD schedule does not handle this program yet: {d.message if d else err}{where}; "
            "compiled per device (unroll) instead")


def _without_reshard_options(pipeline: str) -> str:
    """``pipeline`` with ``reshard{...}`` written ``reshard``: its options (strategy, peer-tile) change
    how points are lowered, not whether the SPMD template handles the program."""
    import re

    return re.sub(r"\breshard\{[^}]*\}", "reshard", pipeline)


def _compile_spmd(module: Operation, context: Any, entry: Optional[str], verify_each: bool,
                  notes: list[str], pipeline: str, progress: Any = None) -> Optional[Compiled]:
    """The SPMD path of :func:`compile`: stage 5 (``pipeline``, the default pipeline, without its
    ``unroll``: :func:`meshc.backend.spmd.spmd_pipeline`), the template, its instantiation. None (with
    a note, ``module`` unchanged) when the template does not handle the program yet.

    Raises:
        DiagnosticError: as :func:`compile`.
    """
    from meshc.backend.spmd import SpmdUnsupported, spmd_pipeline
    from meshc.passes.manager import PassManager

    work = module.clone()
    PassManager.from_text(spmd_pipeline(pipeline), context, verify_each=verify_each, observer=progress).run(work)
    try:
        program, template = schedule_program(work, entry)
    except SpmdUnsupported as err:
        notes.append(spmd_fallback_note(err))
        return None
    compiled = Compiled(work, program, notes, list(context.emitted))
    compiled.template = template
    return compiled


def specialize_entry(module: Operation, arg_shapes: Sequence[Optional[Sequence[int]]],
                     entry: Optional[str] = None) -> bool:
    """Specialise the entry function of ``module`` in place to ``arg_shapes``
    (one per argument, in order) when it has dynamic tensor dims
    (:func:`meshc.passes.specialize_shapes.specialize_shapes`); return whether
    it did. A static entry is left alone (its inputs were checked when bound).

    Raises:
        DiagnosticError: a shape that contradicts an argument's static dims.
    """
    from meshc.passes.specialize_shapes import entry_function, has_dynamic_args, specialize_shapes

    func = entry_function(module, entry)
    if not has_dynamic_args(func):
        return False
    specialize_shapes(module, list(arg_shapes), func.sym_name)
    return True


def specialized(module: Operation, arg_shapes: Sequence[Optional[Sequence[int]]],
                entry: Optional[str] = None) -> Operation:
    """``module`` when its entry is static, else a copy specialised to ``arg_shapes``
    (:func:`specialize_entry`): the reference program of a checked run, whose reduction lengths (the
    default float tolerance, :mod:`meshc.runtime.tolerance`) are then known.

    Raises:
        DiagnosticError: as :func:`specialize_entry`.
    """
    from meshc.passes.specialize_shapes import entry_function, has_dynamic_args

    if not has_dynamic_args(entry_function(module, entry)):
        return module
    copy = module.clone()
    specialize_entry(copy, arg_shapes, entry)
    return copy


def input_shapes(bound: BoundEntry) -> list[Optional[tuple[int, ...]]]:
    """The shape of each bound tensor input (None for scalars): the ``arg_shapes`` of :func:`compile`."""
    from meshc.ir.types import TensorType

    return [tuple(getattr(a, "shape", ())) if isinstance(t, TensorType) else None
            for a, t in zip(bound.arrays, bound.func.function_type.inputs)]  # type: ignore[attr-defined]


_COMPILED_CACHE: "dict[tuple, Compiled]" = {}
_CACHE_SIZE = 8
"""Programs :func:`run` compiled, by (module text, pipeline, mesh shapes, input shapes, entry,
target): running the same dynamic-shape program again on inputs of the same shapes reuses it (a
JIT's cache, for this process)."""


def shard_inputs(program: Any, arrays: Sequence[Any]) -> list[Any]:
    """One array per argument of the schedule: the shard of the original
    argument at the slot's offsets with its local shape, as a read-only VIEW
    into the input where the block is contiguous in memory, else a copy of the
    block (:func:`meshc.runtime.backends.shard_view`: a numpy memmap from
    ``np.load(mmap_mode='r')`` reads only the shard's pages, and a replicated
    argument is the one input array on every device); a shard of a partial
    input that starts from the reduction identity (``mesh.identity``) is a new
    array filled with it; scalars pass through. No kernel writes into the
    caller's arrays (the views are read-only)."""
    from meshc.runtime.backends import ThreadsBackend

    return ThreadsBackend().shard_inputs(program, arrays)


def gather_results(program: Any, outputs: Sequence[Any], consume: bool = False) -> list[Any]:
    """Reassemble each original result from the per-device result shards
    (``outputs``, in the schedule's result order) by ``program.gather``
    (:class:`meshc.backend.emit.GatherPart`: each block written once into a
    new array; a shard that is the whole result is returned as is; the
    shards of a partial result combined with the combiner's arith kernel,
    :func:`meshc.kernels.combiners.combine`).
    With ``consume`` (``outputs`` a list the caller gives up), each shard's
    entry is set to None after its last use, so that a shard is freed as
    soon as it is copied into its result (no second full copy of the results
    at once)."""
    import numpy as np

    from meshc.kernels.combiners import combine

    uses: dict[int, int] = {}
    for parts in program.gather:
        for part in parts:
            for j, _ in part.sources:
                uses[j] = uses.get(j, 0) + 1

    def used(j: int) -> None:
        if consume:
            uses[j] -= 1
            if not uses[j]:
                outputs[j] = None  # type: ignore[index]

    results = []
    for parts, t in zip(program.gather, program.result_types):
        if len(parts) == 1 and len(parts[0].sources) == 1:
            j, at = parts[0].sources[0]
            value = outputs[j]
            if np.shape(value) == tuple(parts[0].sizes) and not any(at):
                results.append(value)
                used(j)
                continue
        dtype = np.asarray(outputs[parts[0].sources[0][0]]).dtype
        out = np.empty(tuple(t.shape) if hasattr(t, "shape") else (), dtype=dtype)
        for part in parts:
            blocks = [np.asarray(outputs[j])[tuple(slice(a, a + n) for a, n in zip(at, part.sizes))]
                      for j, at in part.sources]
            value = blocks[0]
            for b in blocks[1:]:
                value = combine(part.combiner.split(".", 1)[1], value, b)
            out[tuple(slice(o, o + n) for o, n in zip(part.offsets, part.sizes))] = value
            del blocks, value
            for j, _ in part.sources:
                used(j)
        results.append(out[()] if out.shape == () and not hasattr(t, "shape") else out)
    return results


def run(module: Operation, inputs: Union[Sequence[Any], Mapping[str, Any], None] = None,
        mesh_shape: Union[str, Mapping[str, Sequence[int]], None] = None, check: bool = False, *,
        entry: Optional[str] = None, pipeline: Optional[str] = None, random_seed: Optional[int] = None,
        named_inputs: Optional[Mapping[str, Any]] = None, target: str = "none", **options: Any) -> RunResult:
    """Compile ``module`` (a copy: ``module`` itself is not changed) with
    ``pipeline`` and ``mesh_shape`` (:func:`compile`), run it on the
    simulated devices of the threaded runtime and return the results in the
    original (unsharded) shapes: :func:`bind_entry` (inputs by name,
    position, ``named_inputs`` or ``random_seed``), :func:`compile` (with the
    data-tiling ``target``), then :func:`run_compiled` (``check`` and the
    ``options`` are its own).

    Raises:
        DiagnosticError: bad inputs, a pass or backend error, or a failed run
            (see :func:`run_compiled`).
    """
    bound = bind_entry(module, inputs, entry, random_seed, named_inputs)
    arg_shapes = input_shapes(bound)
    from meshc.ir.printer import print_op

    key = (print_op(module, generic=True), pipeline, repr(sorted(mesh_shapes_arg(mesh_shape).items())), repr(arg_shapes),
           bound.func.sym_name, target)  # type: ignore[attr-defined]
    compiled = _COMPILED_CACHE.get(key)
    if compiled is None:
        compiled = compile(module.clone(), pipeline, mesh_shape, entry=bound.func.sym_name,  # type: ignore
                           target=target, arg_shapes=arg_shapes)
        if len(_COMPILED_CACHE) >= _CACHE_SIZE:
            _COMPILED_CACHE.pop(next(iter(_COMPILED_CACHE)))
        _COMPILED_CACHE[key] = compiled
    reference = specialized(module, arg_shapes, bound.func.sym_name) if check else None  # type: ignore
    return run_compiled(compiled, bound, reference, **options)


def run_compiled(compiled: Compiled, bound: BoundEntry, reference: Optional[Operation] = None, *, repeat: int = 1,
                 device_memory: Optional[int] = None, timeout: float = 60.0, layout: Any = None, trace: bool = False,
                 hooks: Any = None, rtol: float = 1e-4, atol: Optional[float] = None, atol_scale: bool = False,
                 progress: Optional[Any] = None, parameters: Optional[dict] = None,
                 backend: Any = "threads", blas_threads: Optional[int] = None) -> Optional[RunResult]:
    """Run ``compiled`` on the simulated devices with the inputs of
    ``bound`` (bound against the original signature) and gather the results.

    Each device's argument buffer is a read-only view of its shard of the
    input, or a copy of the shard where it is not contiguous
    (:func:`shard_inputs`). With ``reference`` (the original, unsharded
    module) the reference interpreter runs it too and the results are
    compared (``RunResult.comparisons``; floats ``|got - want| <= atol +
    rtol*|want|``, ``atol`` times ``max|want|`` with ``atol_scale``; with
    ``atol`` None, the default rule of :mod:`meshc.runtime.tolerance`:
    ``max(1e-5, K x eps x max|want|)``, ``K`` the longest reduction of
    ``reference``; integers always exactly).
    ``repeat`` runs the schedule N times (the time per call is the median).
    ``device_memory`` (bytes per device, None = unlimited), ``timeout``
    (seconds a device waits at a collective or event), ``layout``
    (:class:`meshc.backend.schedule.BufferLayout` of the buffers: tiled
    physical sizes in the memory accounting), ``trace`` (record the Chrome
    trace) and ``hooks`` (:class:`meshc.runtime.executor.TestHooks`) go to
    the runtime. ``progress(done_steps, total_steps)`` is called about ten
    times a second while the schedules run, and ``progress.devices(started,
    finished, total)`` too when it has that method (:class:`meshc.progress.Progress`). ``parameters`` (``{scope: {key:
    array}}``) holds the data of ``#stream.parameter.named`` globals, for
    every device and for the reference run. ``backend`` is ``threads`` (one
    thread per device) or ``mpi`` (this process is one rank of an MPI job:
    it reads only its own shards; only rank 0 gets a result, the other ranks
    get None), ``iree``, or a :class:`meshc.runtime.backends.Backend` object
    (e.g. an ``IreeBackend`` with its options).
    ``blas_threads``: the BLAS threads of each device
    (:class:`meshc.runtime.executor.RunOptions`; None: the CPUs // devices).

    Raises:
        meshc.runtime.executor.RuntimeFailure: a kernel error on a device, a
            collective timeout, a deadlock (its ``stats`` holds what was
            measured until then).
        meshc.runtime.devices.OutOfDeviceMemory: a device's pool ran out.
        DiagnosticError: the reference run fails.
    """
    from meshc.backend.schedule import BufferLayout
    from meshc.runtime.executor import RunOptions

    program = compiled.program
    options = RunOptions(device_memory, timeout, layout or BufferLayout(), trace, hooks, parameters, blas_threads)
    times, report = [], None
    calls = max(1, repeat)
    if backend != "threads":
        from meshc.runtime.backends import get_backend

        runner = backend if not isinstance(backend, str) else get_backend(backend)  # or a Backend object
        args = runner.shard_inputs(program, bound.arrays)  # this rank's shards only
        session = runner.executor(program.schedule, options)  # set up once for every call (MPI: windows)
        try:
            for _ in range(calls):
                report = None  # the previous call's outputs go before this call allocates its own
                t0 = time.perf_counter()
                report = session.run(args)
                times.append(time.perf_counter() - t0)
        finally:
            session.close()
        if not runner.is_root:
            return None
    else:
        args = shard_inputs(program, bound.arrays)
        executor = _watched_executor(program.schedule, options)
        for i in range(calls):
            watch = None
            if progress is not None:  # steps of every call: call i covers [i * total, (i + 1) * total]
                watch = (lambda i: lambda done, total: progress(i * total + done, calls * total))(i)
                watch.devices = getattr(progress, "devices", None)  # type: ignore[attr-defined]
            report = None  # the previous call's outputs go before this call allocates its own
            t0 = time.perf_counter()
            report = executor.run_watched(args, watch)
            times.append(time.perf_counter() - t0)
    del args
    shards, report.outputs = list(report.outputs), []  # type: ignore[union-attr]
    outputs = gather_results(program, shards, consume=True)  # each shard freed once copied
    del shards
    kernels: dict[str, int] = {}
    for d in report.stats.devices:  # type: ignore[union-attr]
        for name, n in d.kernels_by_op.items():
            kernels[name] = kernels.get(name, 0) + n * calls
    ordered = sorted(times)
    result = RunResult(outputs, program.entry, bound.rule, ordered[len(ordered) // 2], kernels,
                       report.stats, bound.sources, times, bound.arg_names,  # type: ignore[union-attr]
                       compiled=compiled, notes=list(compiled.notes))
    if reference is not None:
        from meshc.ir.functions import entry_function
        from meshc.runtime.io import compare

        ref_bound = BoundEntry(entry_function(reference, program.entry), bound.arrays, bound.rule, bound.sources,
                               bound.arg_names)
        result.reference = run_bound(reference, ref_bound, parameters=parameters).outputs
        expected = {f"result{i}": v for i, v in enumerate(result.reference)}
        if atol is None and not atol_scale:
            from meshc.runtime.tolerance import DEFAULT_ATOL, longest_reduction

            result.comparisons = compare(outputs, expected, rtol=rtol, atol=DEFAULT_ATOL,
                                         reduction=longest_reduction(reference))
        else:
            result.comparisons = compare(outputs, expected, rtol=rtol, atol=1e-5 if atol is None else atol,
                                         atol_scale=atol_scale)
    return result


_WATCHED: list = []


def steps_reached(state: Any) -> int:
    """The steps the devices of a threaded run have reached: the sum of the run state's progress
    board (``meshc.runtime.executor._RunState.progress_board``, one step index per device); 0
    before the run state exists."""
    return sum(getattr(state, "progress_board", None) or ())


def _watched_executor(schedule: Any, options: Any) -> Any:
    """An :class:`meshc.runtime.executor.Executor` with a ``run_watched``
    method: :meth:`run` plus ``progress(done, total)`` called every 0.1 s from
    a watcher thread, ``done`` being the steps the devices have reached (read
    from the run state's per-device step indices, :func:`steps_reached`). The class is made on first use so that
    importing this module does not import numpy."""
    if not _WATCHED:
        import threading

        from meshc.runtime.executor import Executor

        class WatchedExecutor(Executor):
            _state: Any = None
            _started = _finished = 0

            def _device_main(self, st, k):  # keep the run state for the watcher; count the devices
                self._state = st
                with self._count_lock:
                    self._started += 1
                try:
                    super()._device_main(st, k)
                finally:
                    with self._count_lock:
                        self._finished += 1

            def run_watched(self, args: Sequence[Any], progress: Optional[Any]):
                watcher, stop = None, threading.Event()
                total = sum(len(d.steps) for d in self.schedule.devices)
                self._count_lock, self._started, self._finished = threading.Lock(), 0, 0
                devices = getattr(progress, "devices", None)
                n = len(self.schedule.devices)
                if progress is not None:
                    def watch() -> None:
                        while not stop.wait(0.1):
                            progress(min(steps_reached(self._state), total), total)
                            if devices is not None:
                                devices(self._started, self._finished, n)

                    watcher = threading.Thread(target=watch, name="meshc-progress", daemon=True)
                    watcher.start()
                try:
                    return self.run(args)
                finally:
                    stop.set()
                    if watcher is not None:
                        watcher.join()
                        progress(total, total)
                        if devices is not None:
                            devices(self._started, self._finished, n)
                    self._state = None  # the run state holds every device buffer: let them go

        _WATCHED.append(WatchedExecutor)
    return _WATCHED[0](schedule, options)
