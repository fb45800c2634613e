"""Click options that shard a program without editing it, for any command (README.md, "Commands").

``meshc annotate`` uses them, and ``meshc run`` / ``meshc compile`` add them with one decorator each::

    @click.command(name="run", cls=MeshcCommand)
    @annotation_options            # --mesh, --shard, --shardings-from  ->  annotations: AnnotationOptions
    @parameters_option             # --parameters SCOPE=FILE             ->  parameters: ParameterOptions
    def command(..., annotations, parameters):
        module = parse(...)
        report_warnings(annotations.apply(module, entry))   # before the passes
        tables = parameters.load()                          # {scope: {key: array}} for meshc.api.run_bound

The decorators replace their options' keyword arguments by one object each, so a command's
signature grows by one parameter per decorator. Malformed values are usage errors (exit 1) raised
while click parses the command line; requests that do not fit the module raise
:class:`meshc.annotate.AnnotationError` (a DiagnosticError: exit 1) from ``apply``. Imports of lark,
numpy and the IR happen only when a value is parsed or applied (STYLE.md item 13).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, Optional

import click


@dataclass(frozen=True)
class AnnotationOptions:
    """The parsed ``--mesh`` (:class:`meshc.annotate.MeshSpec`), ``--shard``
    (:class:`meshc.annotate.ShardSpec`) and ``--shardings-from`` values of a command."""

    meshes: tuple = ()
    shards: tuple = ()
    shardings_from: Optional[str] = None

    def __bool__(self) -> bool:
        return bool(self.meshes or self.shards or self.shardings_from)

    def apply(self, module, entry: Optional[str] = None):
        """Annotate ``module`` in place: the ``--mesh`` meshes, then the mesh and argument/result
        shardings of ``--shardings-from`` (arguments matched by position), then the ``--shard``
        requests. Returns the :class:`meshc.annotate.AnnotationReport` (its ``warnings`` are for the
        user: see :func:`report_warnings`).

        Raises:
            meshc.annotate.AnnotationError, meshc.frontends.jax_shardings.JaxShardingError: see
                :func:`meshc.annotate.annotate` and :func:`meshc.frontends.jax_shardings.apply_jax_shardings`.
        """
        from meshc.annotate import AnnotationReport, annotate

        report = AnnotationReport()
        if not self:
            return report
        first = annotate(module, meshes=self.meshes)
        report.added += first.added
        report.reused += first.reused
        if self.shardings_from:
            from meshc.frontends.jax_shardings import apply_jax_shardings, load_jax_shardings

            _merge(report, apply_jax_shardings(module, load_jax_shardings(self.shardings_from), entry))
        if self.shards:
            _merge(report, annotate(module, shards=self.shards, entry=entry))
        return report


def _merge(into, more) -> None:
    into.added += more.added
    into.reused += more.reused
    into.inserted += more.inserted
    into.unchanged += more.unchanged
    into.warnings += more.warnings


def _parse_each(parser, option: str):
    def callback(ctx: click.Context, param: click.Parameter, values: tuple[str, ...]) -> tuple:
        if not values:  # the common case: no import of meshc.annotate (and the dialects) at start-up
            return ()
        from meshc.annotate import AnnotationSyntaxError

        out = []
        for v in values:
            try:
                out.append(parser(v))
            except AnnotationSyntaxError as err:
                raise click.BadParameter(str(err), ctx=ctx, param_hint=f"'{option}'") from None
        return tuple(out)

    return callback


def _mesh(value: str):
    from meshc.annotate import parse_mesh_spec

    return parse_mesh_spec(value)


def _shard(value: str):
    from meshc.annotate import parse_shard_spec

    return parse_shard_spec(value)


def annotation_options(fn):
    """Add ``--mesh NAME=SHAPE[,peered=AXES]``, ``--shard TARGET=AXES`` (both repeatable) and
    ``--shardings-from FILE.stablehlo.mlir``; the command receives them as one keyword argument
    ``annotations`` (:class:`AnnotationOptions`)."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        kwargs["annotations"] = AnnotationOptions(kwargs.pop("mesh", ()), kwargs.pop("shard", ()),
                                                  kwargs.pop("shardings_from", None))
        return fn(*args, **kwargs)

    options = [
        click.option("--mesh", "mesh", multiple=True, metavar="NAME=SHAPE", callback=_parse_each(_mesh, "--mesh"),
                     help="Add mesh NAME, e.g. tp=4 or m=2x4,peered=1 (repeatable; an identical existing mesh is "
                          "reused)."),
        click.option("--shard", "shard", multiple=True, metavar="TARGET=AXES", callback=_parse_each(_shard, "--shard"),
                     help="Shard an argument (x, %x or its 0-based position), a result (result0), a global (@w) "
                          "or a value of the entry's body by its SSA name (%cst_1: an inline weight constant): "
                          "AXES is a split-axes list on the only mesh ('[[], [0]]') or a sharding "
                          "('<@tp, [[], [0]]>'). Repeatable."),
        click.option("--shardings-from", "shardings_from", default=None, metavar="FILE",
                     help="Read the mesh and the argument/result shardings of a JAX StableHLO export (Shardy or "
                          "GSPMD form); arguments are matched by position."),
    ]
    for option in reversed(options):
        wrapper = option(wrapper)
    return wrapper


@dataclass(frozen=True)
class ParameterOptions:
    """The ``--parameters SCOPE=FILE`` values of a command (``FILE`` alone: the unnamed scope)."""

    specs: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.specs)

    def load(self) -> dict:
        """``{scope: {key: array}}`` (:func:`meshc.frontends.parameters.load_parameters`).

        Raises:
            meshc.frontends.parameters.ParameterError: an unreadable file, no ``safetensors`` package
                for a ``.safetensors`` file, or a key found in two files of one scope.
        """
        from meshc.frontends.parameters import load_parameters

        return load_parameters(self.specs)


def _check_parameter(ctx: click.Context, param: click.Parameter, values: tuple[str, ...]) -> tuple[str, ...]:
    for v in values:
        scope, sep, path = v.partition("=")
        if not (path if sep else scope).strip():
            raise click.BadParameter(f"'{v}' is not SCOPE=FILE (e.g. model=weights.npz)", ctx=ctx,
                                     param_hint="'--parameters'")
    return values


def parameters_option(fn):
    """Add ``--parameters SCOPE=FILE`` (repeatable; ``.npz`` or ``.safetensors``); the command receives
    one keyword argument ``parameters`` (:class:`ParameterOptions`)."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        kwargs["parameters"] = ParameterOptions(tuple(kwargs.pop("parameter_specs", ())))
        return fn(*args, **kwargs)

    return click.option("--parameters", "parameter_specs", multiple=True, metavar="SCOPE=FILE",
                        callback=_check_parameter,
                        help="Data of #stream.parameter.named<\"SCOPE\"::\"KEY\"> globals from a .npz or "
                             ".safetensors file (repeatable; FILE alone: the unnamed scope).")(wrapper)


def report_warnings(report) -> None:
    """Print the warnings of an :class:`meshc.annotate.AnnotationReport` on stderr."""
    if report.warnings:
        from meshc.commands._common import print_diagnostics

        print_diagnostics(report.warnings)


#: Where :func:`auto_shard_options` leaves ``--batch-arg`` for :func:`shard_module` (click's ``Context.meta``).
BATCH_ARG_KEY = "meshc.batch_arg"


def auto_shard_options(fn):
    """Add ``--auto-shard KIND=N[,KIND=N]``, ``--batch-arg NAME`` and ``--explain`` (keyword arguments
    ``auto_shard`` and ``explain``; ``--batch-arg`` goes to :func:`shard_module` through the click
    context, :data:`BATCH_ARG_KEY`), the options of :func:`shard_module`: ``meshc run``, ``compile``,
    ``annotate``, ``explain``, ``show`` and ``estimate``."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        batch_arg = kwargs.pop("batch_arg", None)
        if batch_arg is not None:
            if not kwargs.get("auto_shard"):
                raise click.UsageError("--batch-arg names the data of --auto-shard: give --auto-shard too")
            click.get_current_context().meta[BATCH_ARG_KEY] = batch_arg
        return fn(*args, **kwargs)

    wrapper = click.option("--explain", "explain", is_flag=True,
                           help="Print why --auto-shard chose its shardings, the chosen plan and the runner-up "
                                "with their costs (stderr).")(wrapper)
    wrapper = click.option("--batch-arg", "batch_arg", default=None, metavar="NAME",
                           help="The data argument of --auto-shard (name x or %x, or 0-based position): dp splits "
                                "its batch; default: what flows into the first weight contraction.")(wrapper)
    return click.option("--auto-shard", "auto_shard", default=None, metavar="tp=N|dp=N|ep=N[,...]",
                        help="Choose shardings: tensor-parallel matmul chains (tp=N, mesh @tp), a split batch "
                             "(dp=N, mesh @dp) or split experts (ep=N, mesh @ep); several kinds combine on one "
                             "mesh, one axis each (dp=2,tp=4: mesh @dp_tp of shape 2x4).")(wrapper)


def shard_module(module, entry: Optional[str], annotations: Any, auto_shard: Optional[str], explain: bool,
                 speaks: bool = True):
    """Apply ``--mesh/--shard/--shardings-from`` then ``--auto-shard`` to ``module`` in place (before the
    passes); ``--explain`` prints the advisor's reasons on stderr. Without ``speaks`` (an MPI rank other
    than 0: the job prints them once) the warnings and ``--explain`` are not printed. Shared by every command with
    :func:`annotation_options` and :func:`auto_shard_options`. Returns the
    :class:`meshc.annotate.AnnotationReport` of the options (None without any) and the
    :class:`meshc.autoshard.AutoShardPlan` (None without ``--auto-shard``).

    Raises:
        click.UsageError: ``--explain`` without ``--auto-shard``; ``--shard``/``--shardings-from`` with
            ``--auto-shard`` (the advisor chooses the shardings itself); a ``--mesh`` other than the
            advisor's mesh (``@tp`` for ``tp=N``, ``@dp`` for ``dp=N``, ``@dp_tp`` for ``dp=2,tp=4``) with
            ``--auto-shard``.
        meshc.ir.location.DiagnosticError: ``--batch-arg`` names no tensor argument of the entry (exit 1).
        click.BadParameter: a malformed ``--auto-shard`` value, or one of more devices than
            :data:`meshc.api.MAX_UNROLLED_DEVICES`.
        meshc.annotate.AnnotationError: a request that does not fit the module (exit 1).
    """
    if explain and not auto_shard:
        raise click.UsageError("--explain explains --auto-shard: give --auto-shard tp=N, dp=N or ep=N")
    spec = None
    if auto_shard:
        from meshc.autoshard import AutoShardError, parse_auto_shard

        try:
            spec = parse_auto_shard(auto_shard)
        except AutoShardError as err:
            raise click.BadParameter(str(err), param_hint="'--auto-shard'") from None
        from meshc.api import MAX_UNROLLED_DEVICES, too_many_devices

        message = too_many_devices(f"'{auto_shard}'", spec.devices, MAX_UNROLLED_DEVICES,
                                   why=f"the advisor (--auto-shard) weighs each plan device by device, at most "
                                       f"{MAX_UNROLLED_DEVICES} devices")
        if message:
            raise click.BadParameter(message, param_hint="'--auto-shard'")
        _check_auto_shard_conflicts(annotations, spec)
    report = None
    if annotations:
        report = annotations.apply(module, entry)
        if speaks:
            report_warnings(report)
    plan = None
    if spec is not None:
        from meshc.autoshard import auto_shard as advise

        ctx = click.get_current_context(silent=True)
        batch_arg = ctx.meta.get(BATCH_ARG_KEY) if ctx is not None else None
        # the plans are costed with the pipeline the command compiles with (--no-propagate-reshapes)
        keep_reshapes = bool(ctx.params.get("no_propagate_reshapes")) if ctx is not None else False
        # --arg-shape (run, explain, estimate, show): the sizes a dynamic entry's plans are costed at
        arg_shape = tuple(ctx.params.get("arg_shape") or ()) if ctx is not None else ()
        given = None
        if arg_shape:
            from meshc.passes.specialize_shapes import parse_arg_shapes

            try:
                given = parse_arg_shapes(";".join(arg_shape))
            except ValueError as err:
                raise click.BadParameter(str(err), param_hint="'--arg-shape'") from None
        plan = advise(module, spec, entry, batch_arg, propagate_reshapes=not keep_reshapes, arg_shapes=given)
        if plan.warnings and speaks:  # a mode that found nothing to split: said with or without --explain
            from meshc.commands._common import print_diagnostics
            from meshc.ir.location import Diagnostic

            from meshc.annotate import find_entry

            func = find_entry(module, entry)
            print_diagnostics([Diagnostic("warning", w, func.location) for w in plan.warnings])
        if explain and speaks:
            click.echo(plan.explain(), err=True)
    return report, plan


def _check_auto_shard_conflicts(annotations: Any, spec) -> None:
    """The usage errors of :func:`shard_module` for options that contradict ``--auto-shard``."""
    given = f"--auto-shard {spec}"
    if annotations and (annotations.shards or annotations.shardings_from):
        option = "--shard" if annotations.shards else "--shardings-from"
        raise click.UsageError(f"{option} cannot be combined with --auto-shard: {given} chooses the shardings "
                               f"itself (on its mesh @{spec.kind}); drop one of them")
    for mesh in (annotations.meshes if annotations else ()):
        if mesh.name != spec.kind or tuple(mesh.shape) != spec.shape:
            raise click.UsageError(f"{given} shards on its own mesh @{spec.kind} of {spec.devices} devices, which "
                                   f"conflicts with --mesh {mesh}: drop --mesh (or give --mesh {spec.mesh})")
