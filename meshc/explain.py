"""``meshc explain``: one line per resharding point and per collective the pipeline chose.

The lines are the remarks of the ``reshard`` pass (:func:`meshc.passes.reshard.explain_point`),
so ``meshc compile --remarks`` shows the same text. :func:`explain` runs the pipeline up to
``reshard`` (docs/pipeline.md stages 1-4: ``propagate-reshapes,sharding-propagation,distribute-types`` quietly, then
``reshard{strategy=...}`` with remarks on) on a copy of the module and collects them. Each line
reads::

    FILE:LINE:COL: %VALUE for 'CONSUMER': <SOURCE> -> <TARGET>: WHAT (WHY); BYTES

``WHAT`` lists the collectives inserted in order (``all_gather mesh_axes = [0] gather_axis =
0``...), or ``peer read in place`` when the consumer reads the source's shards where they are
(peered memory, seed 000), or ``mark_partial`` (local); ``WHY`` says why the strategy chose it;
``BYTES`` is what each device receives (bytes, the counting rule of
:func:`meshc.sharding.reshard.transfer_matrix`). A point that takes several steps is followed by
one line per step (``%VALUE step k/n: ...``) with that step's shardings and bytes. The location
is the consumer's (or the annotation's) in the input.

A point inside a loop (``scf.for``, ``scf.while``) runs on every trip: it is one line, its bytes
followed by ``per trip`` and, for a known trip count, ``N trips: TOTAL in all`` (``2 of 3 trips`` when
the last trip's value needs none), whether ``flatten-regions`` unrolled the loop (each copy gives the
same remark) or its body stays (a dynamic or large trip count).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Mapping, Optional, Sequence, Union

from meshc.ir.location import Location

#: The passes that put the shardings into the types (run before ``reshard``): the default pipeline's
#: (:data:`meshc.passes.registry.DEFAULT_PIPELINE`), so the points explained are those a compile lowers.
PIPELINE = "convert-flow-to-tensor,flatten-regions,propagate-reshapes,sharding-propagation,distribute-types"

STRATEGIES = ("auto", "collectives", "peer")


@dataclass(frozen=True)
class Explanation:
    """One line: where (the source location) and what (the reshard pass's remark text). ``in_loop``:
    the point is inside a loop (``scf.for``, ``scf.while``) and runs once per trip; ``trips``: how many
    trips run it (the trips of its loops, their product; None when one is dynamic), ``of_trips`` the
    loop's when that is more (the last trip's value needs no resharding). A line in a loop says so, with its bytes per
    trip and, for a known count, in all (:func:`meshc.passes.reshard.bytes_per_trip_text`)."""

    location: Location
    message: str
    in_loop: bool = False
    trips: Optional[int] = None
    of_trips: Optional[int] = None  # the loop's trips when the point runs on fewer (``trips`` of them)

    def __str__(self) -> str:
        from meshc.passes.reshard import bytes_per_trip_text

        message = _update_halo_text(self.message)
        if self.in_loop:
            message = bytes_per_trip_text(message, self.trips, self.of_trips)
        return f"{self.location}: {message}"


def _update_halo_text(message: str) -> str:
    """An update_halo line names the input's ``mesh.update_halo`` as the consumer (propagation reads it
    as a sharding with halos, so the remark names the next user), and empty halos read 'drops the halos'."""
    message = message.replace("update_halo halo_sizes = []", "update_halo drops the halos")
    if re.search(r"(: |then )update_halo ", message):
        message = re.sub(r"^(%\S+) for '[^']+': ", r"\1 for 'mesh.update_halo': ", message)
    return message


@dataclass
class ExplainReport:
    """The lines of :func:`explain` in program order, and ``notes`` (static mesh shapes that
    ``mesh_shape`` overrode). ``meshes`` counts the meshes the module declares."""

    lines: list[Explanation] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    meshes: int = 0

    def text(self) -> str:
        """What ``meshc explain`` prints: one line each, or one line saying why there is none."""
        if self.lines:
            return "".join(f"{e}\n" for e in self.lines)
        if not self.meshes:
            return "no mesh: nothing is sharded (add annotations first, e.g. with 'meshc annotate')\n"
        return "no resharding point and no collective: every value has the sharding its users need\n"


def explain(module: Any, mesh_shape: Union[str, Mapping[str, Sequence[int]], None] = None,
            strategy: str = "auto") -> ExplainReport:
    """Explain the data movement the pipeline chooses for ``module`` (left unchanged: a copy is
    compiled).

    ``mesh_shape`` (``"m=2x4"`` or ``{"m": (2, 4)}``) gives dynamic meshes their shape and
    overrides static ones, as ``meshc run --mesh-shape`` does (:func:`meshc.api.compile`);
    without it a dynamic mesh's bytes are reported as unknown. ``strategy`` is the reshard
    pass's option: ``auto`` (default), ``collectives`` or ``peer``.

    Raises:
        DiagnosticError: a bad ``mesh_shape`` or ``strategy`` (a PipelineError), or a pass's
            user error (located: e.g. two meshes in one function, a sharding the op's rule
            rejects).
    """
    from meshc.api import mesh_shapes_arg, override_mesh_shapes
    from meshc.dialects.mesh import MeshOp
    from meshc.ir.location import DiagnosticError
    from meshc.passes.base import PassContext
    from meshc.passes.manager import PassManager

    if strategy not in STRATEGIES:
        raise DiagnosticError(f"unknown reshard strategy '{strategy}' (known: {', '.join(STRATEGIES)})")
    work = module.clone()
    shapes = mesh_shapes_arg(mesh_shape)
    notes = override_mesh_shapes(work, shapes)
    PassManager.from_text(PIPELINE, PassContext(mesh_shapes=shapes)).run(work)
    context = PassContext(mesh_shapes=shapes, remarks=True)
    PassManager.from_text(f"reshard{{strategy={strategy}}}", context).run(work)
    lines = [Explanation(d.location, d.message) for d in context.emitted if d.severity == "remark"]
    lines += _body_collectives(work)
    meshes = sum(1 for op in work.walk() if isinstance(op, MeshOp))
    return ExplainReport(_per_trip(lines, _loop_trips(work), _loop_trips(module)), notes, meshes)


def _loop_trips(module: Any) -> dict[Location, Optional[int]]:
    """The source location of each op of ``module`` inside a loop -> the trips of its loops (their
    product; None when one is dynamic). A loop is a region op whose region-flow interface carries the
    yields back into its block (``scf.for``, ``scf.while``: :mod:`meshc.interfaces.region_flow`), its
    trips the interface's count (None: known at run time only)."""
    from meshc.interfaces.region_flow import region_flow

    out: dict[Location, Optional[int]] = {}
    for op in module.walk():
        inside, trips, p = False, 1, op.parent_op
        while p is not None:
            flow = region_flow(p)
            if flow is not None and flow.carried:
                inside = True
                trips = None if trips is None or flow.trips is None else trips * flow.trips
            p = p.parent_op
        if inside and op.location.known:
            out.setdefault(op.location, trips)
    return out


def _per_trip(lines: list[Explanation], in_body: Mapping[Location, Optional[int]],
              in_source_loop: Mapping[Location, Optional[int]]) -> list[Explanation]:
    """``lines`` with the points that run once per trip of a loop said so, each once:

    * a point inside a loop body that stays (``in_body``: :func:`_loop_trips` of the compiled module; an
      ``scf.while``, a loop of dynamic or large trip count) runs on every trip, the loop's trips;
    * ``flatten-regions`` unrolls a loop of static trip count, so the point of each trip's copy gives the
      same line: ``n`` equal lines of a location inside a loop of the source (``in_source_loop``) are
      one point run on ``n`` trips (of the source loop's). A point the copies share (a loop-invariant value resharded once,
      reused by the later trips) gives one line, left as it is.
    """
    counts = Counter((e.location, e.message) for e in lines)
    out: list[Explanation] = []
    seen: set[tuple[Location, str]] = set()
    for e in lines:
        key = (e.location, e.message)
        of: Optional[int] = None
        if e.location in in_body:
            trips: Optional[int] = in_body[e.location]
        elif counts[key] > 1 and e.location in in_source_loop:
            trips, of = counts[key], in_source_loop[e.location]
        else:
            out.append(e)
            continue
        if key not in seen:
            seen.add(key)
            out.append(Explanation(e.location, e.message, True, trips, of if of != trips else None))
    return out


def _body_collectives(module: Any) -> list[Explanation]:
    """One line per collective that a region op's body runs on every run of it (the ``mesh.all_reduce``
    after a split reduction, :func:`meshc.interfaces.region_models.combine_partials`), with the bytes
    each device receives per run (:func:`meshc.sharding.reshard.transfer_matrix`)."""
    from meshc.dialects.mesh import sharding_of
    from meshc.interfaces.region_models import REGION_OPS
    from meshc.ir.types import element_type_of, numpy_dtype
    from meshc.sharding.reshard import transfer_matrix

    out = []
    for op in module.walk():
        parent = op.parent_op
        if op.name != "mesh.all_reduce" or parent is None or parent.name not in REGION_OPS:
            continue
        src = sharding_of(op.operands[0].type)
        if src is None or not src.partial_axes:
            continue
        mesh = op.mesh_op().as_mesh()
        itemsize = numpy_dtype(element_type_of(op.results[0].type)).itemsize
        matrix = transfer_matrix(op.step(), src.to_spec(), mesh, op.operands[0].type.shape, itemsize)
        name = op.operands[0].name_hint or "value"
        axes = list(op.mesh_axes)
        out.append(Explanation(op.location, f"%{name} in the body of '{parent.name}': {src} -> partial axes "
                               f"{axes} combined: all_reduce mesh_axes = {axes} inside the body, on every run of "
                               "it (a split contraction of the body: its operands stay split, none is gathered "
                               f"before the op); {_per_device(matrix.sum(axis=1))}"))
    return out


def _per_device(received) -> str:
    """``384 B per device per run``, or ``128 to 192 B per device per run (uneven shards: ...)`` when the
    devices receive different bytes (the figures ``meshc compile --emit=schedule`` lists under each
    device's region step)."""
    low, high = int(received.min()), int(received.max())
    if low == high:
        return f"{high} B per device per run"
    return (f"{low} to {high} B per device per run (uneven shards: 'meshc compile --emit=schedule' lists each "
            "device's under its region step)")


def explain_text(module: Any, mesh_shape: Optional[Union[str, Mapping[str, Sequence[int]]]] = None,
                 strategy: str = "auto") -> str:
    """:func:`explain` as the text ``meshc explain`` prints (notes excluded)."""
    return explain(module, mesh_shape, strategy).text()
