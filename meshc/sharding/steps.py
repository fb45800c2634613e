"""Resharding steps: the small named moves a resharding is made of.

Each step is a frozen dataclass that names the mesh axes it works on and
knows the sharding it produces (:meth:`Step.apply`). The collectives are
MLIR mesh's (``mesh.all_reduce``, ``reduce_scatter``, ``all_gather``,
``all_slice``, ``all_to_all``, ``update_halo``); ``mark_partial`` is meshc's
local step for a target that is partial where the source is not. A step
works inside the device groups of its ``axes`` (devices differing only on
those axes, ordered by their coordinates on ``axes``, first axis major).

How a step changes the sharding (``L`` = split axes of the dim involved):

============================  ==============================================
``AllReduce(axes, kind)``     drops ``axes`` from the partial axes
``ReduceScatter(axes, k, d)`` drops ``axes`` from the partial axes, appends them to ``L[d]``
``AllGather(axes, d)``        removes ``axes`` from the minor end of ``L[d]``
``AllSlice(axes, d)``         appends free ``axes`` to ``L[d]`` (local, no traffic)
``AllToAll(axes, s, d)``      moves ``axes`` from the minor end of ``L[s]`` to the end of ``L[d]``
``MarkPartial(axes, kind)``   adds free ``axes`` to the partial axes (local)
``UpdateHalo(halo_sizes)``    sets the halo widths (exchanges the new halo cells)
============================  ==============================================

Uneven shards: removing or appending minor axes keeps the data where it
is only when the splits *nest* -- each shard of the coarser split is the
union of consecutive shards of the finer one. Under the balanced rule this
fails for some sizes (10 rows: over 2 -> [0, 5, 10], over 4 -> [0, 2, 4, 7, 10]),
so :func:`is_exact` tells whether a step's data movement is well defined;
the planner only emits exact steps and the simulator checks it.

Explicit offsets: gathering minor axes of a dim with explicit boundaries
keeps every ``m``-th boundary; ``AllSlice`` may carry the target's
explicit boundaries; a result whose boundaries all equal the balanced rule
drops ``sharded_dims_offsets``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar, Sequence

from .shards import shard_boundaries
from .spec import Mesh, ReductionKind, ReshardError, Sharding

__all__ = [
    "Step",
    "AllReduce",
    "ReduceScatter",
    "AllGather",
    "AllSlice",
    "AllToAll",
    "MarkPartial",
    "UpdateHalo",
    "is_exact",
    "nests",
    "shardings_along",
]


def _axes_list(axes: Sequence[int]) -> str:
    return "[" + ", ".join(map(str, axes)) + "]"


@dataclass(frozen=True)
class Step:
    """Base of the resharding steps. ``op_name`` is the mesh op it lowers to."""

    op_name: ClassVar[str] = ""

    def __post_init__(self) -> None:
        # Accept lists and strings from callers; store tuples and ReductionKind.
        for name in ("axes", "halo_sizes", "offsets"):
            if hasattr(self, name):
                object.__setattr__(self, name, tuple(int(a) for a in getattr(self, name)))
        if hasattr(self, "kind"):
            object.__setattr__(self, "kind", ReductionKind.parse(self.kind))

    def apply(self, sharding: Sharding, mesh: Mesh, global_shape: Sequence[int | None]) -> Sharding:
        """The sharding after this step; raises ReshardError if the step does not apply to ``sharding``."""
        sharding.validate(len(global_shape), mesh)
        return self._apply(sharding, mesh, tuple(global_shape))

    def _apply(self, s: Sharding, mesh: Mesh, shape: tuple) -> Sharding:
        raise NotImplementedError

    def _fail(self, s: Sharding, why: str) -> ReshardError:
        return ReshardError(f"'{self}' does not apply to <{s.body_str()}>: {why}")


@dataclass(frozen=True)
class AllReduce(Step):
    """``mesh.all_reduce``: every device of a group gets the ``kind`` reduction of the group's
    buffers; the sharding stops being partial on ``axes``."""

    axes: tuple[int, ...]
    kind: ReductionKind = ReductionKind.SUM
    op_name: ClassVar[str] = "all_reduce"

    def _apply(self, s, mesh, shape):
        return _reduce(self, s)

    def __str__(self) -> str:
        return f"all_reduce mesh_axes = {_axes_list(self.axes)} reduction = {self.kind.value}"


@dataclass(frozen=True)
class ReduceScatter(Step):
    """``mesh.reduce_scatter``: reduce over the group, each device keeps its shard of the
    result along ``dim`` (``scatter_axis``); ``axes`` go from partial to the minor end of
    the dim's split axes."""

    axes: tuple[int, ...]
    kind: ReductionKind
    dim: int
    op_name: ClassVar[str] = "reduce_scatter"

    def _apply(self, s, mesh, shape):
        return _split(self, _reduce(self, s), self.dim, mesh, shape)

    def __str__(self) -> str:
        return (
            f"reduce_scatter mesh_axes = {_axes_list(self.axes)} reduction = {self.kind.value} "
            f"scatter_axis = {self.dim}"
        )


@dataclass(frozen=True)
class AllGather(Step):
    """``mesh.all_gather``: concatenate the group's shards along ``dim`` (``gather_axis``);
    ``axes`` must be the minor-most split axes of ``dim`` and are removed from it."""

    axes: tuple[int, ...]
    dim: int
    op_name: ClassVar[str] = "all_gather"

    def _apply(self, s, mesh, shape):
        return _unsplit(self, s, self.dim, mesh, shape)

    def __str__(self) -> str:
        return f"all_gather mesh_axes = {_axes_list(self.axes)} gather_axis = {self.dim}"


@dataclass(frozen=True)
class AllSlice(Step):
    """``mesh.all_slice``: each device keeps its part of its buffer along ``dim``
    (``slice_axis``); free ``axes`` are appended to the dim's split axes. Local, no traffic.

    ``offsets``: the dim's ``k + 1`` explicit boundaries after the slice when the
    target has ``sharded_dims_offsets``; empty means the balanced rule.
    """

    axes: tuple[int, ...]
    dim: int
    offsets: tuple[int, ...] = ()
    op_name: ClassVar[str] = "all_slice"

    def _apply(self, s, mesh, shape):
        return _split(self, s, self.dim, mesh, shape, self.offsets or None)

    def __str__(self) -> str:
        text = f"all_slice mesh_axes = {_axes_list(self.axes)} slice_axis = {self.dim}"
        return text + (f" sharded_dims_offsets = {_axes_list(self.offsets)}" if self.offsets else "")


@dataclass(frozen=True)
class AllToAll(Step):
    """``mesh.all_to_all``: move split ``axes`` from the minor end of ``src_dim``
    (``concat_axis``) to the end of ``dst_dim`` (``split_axis``). Each device cuts its
    buffer along ``dst_dim`` into one piece per group member and concatenates the pieces
    it receives along ``src_dim``."""

    axes: tuple[int, ...]
    src_dim: int
    dst_dim: int
    op_name: ClassVar[str] = "all_to_all"

    def _apply(self, s, mesh, shape):
        if self.src_dim == self.dst_dim:
            raise self._fail(s, "source and destination dims are the same")
        return _split(self, _unsplit(self, s, self.src_dim, mesh, shape), self.dst_dim, mesh, shape)

    def __str__(self) -> str:
        return (
            f"all_to_all mesh_axes = {_axes_list(self.axes)} split_axis = {self.dst_dim} "
            f"concat_axis = {self.src_dim}"
        )


@dataclass(frozen=True)
class MarkPartial(Step):
    """Make a value partial over free ``axes`` without communication: the device at
    coordinate 0 on ``axes`` keeps its value, the others take the reduction identity
    (for ``average`` every device keeps it). Lowers to a select on
    ``mesh.process_multi_index``; no mesh collective."""

    axes: tuple[int, ...]
    kind: ReductionKind = ReductionKind.SUM
    op_name: ClassVar[str] = "mark_partial"

    def _apply(self, s, mesh, shape):
        _check_free(self, s, mesh)
        if s.partial_axes and s.partial_type is not self.kind:
            raise self._fail(s, f"already partial with {s.partial_type.value}")
        return replace(s, partial_axes=s.partial_axes + self.axes, partial_type=self.kind)

    def __str__(self) -> str:
        return f"mark_partial mesh_axes = {_axes_list(self.axes)} reduction = {self.kind.value}"


@dataclass(frozen=True)
class UpdateHalo(Step):
    """``mesh.update_halo``: set the halo widths (2 per sharded dim, or none) and fill new
    halo cells from the devices owning them; shrinking a halo is local."""

    halo_sizes: tuple[int, ...]
    op_name: ClassVar[str] = "update_halo"

    def _apply(self, s, mesh, shape):
        if self.halo_sizes and s.sharded_dims_offsets:
            s = _respell(self, s, {}, mesh, shape, {})  # drops offsets equal to the balanced rule
        result = replace(s, halo_sizes=self.halo_sizes)
        result.validate(len(shape), mesh)
        return result

    def __str__(self) -> str:
        return f"update_halo halo_sizes = {_axes_list(self.halo_sizes)}"


# -- how steps change a sharding ----------------------------------------------------------


def _reduce(step: Step, s: Sharding) -> Sharding:
    if not step.axes:
        raise step._fail(s, "no mesh axes to reduce over")
    missing = [a for a in step.axes if a not in s.partial_axes]
    if missing:
        raise step._fail(s, f"mesh axes {missing} are not partial")
    if s.partial_type is not step.kind:
        raise step._fail(s, f"the partial values combine with {s.partial_type.value}, not {step.kind.value}")
    return replace(s, partial_axes=tuple(a for a in s.partial_axes if a not in step.axes))


def _check_free(step: Step, s: Sharding, mesh: Mesh) -> None:
    if not step.axes:
        raise step._fail(s, "no mesh axes given")
    mesh.check_axes(step.axes, f"'{step}'")
    busy = [a for a in step.axes if a in s.used_mesh_axes]
    if busy:
        raise step._fail(s, f"mesh axes {busy} are already split or partial")


def _split(step: Step, s: Sharding, dim: int, mesh: Mesh, shape: tuple, bounds=None) -> Sharding:
    """``s`` with ``step.axes`` appended to the split axes of ``dim``."""
    _check_dim(step, s, dim, shape)
    _check_free(step, s, mesh)
    return _respell(step, s, {dim: s.axes_of(dim) + step.axes}, mesh, shape, {dim: bounds})


def _unsplit(step: Step, s: Sharding, dim: int, mesh: Mesh, shape: tuple) -> Sharding:
    """``s`` with ``step.axes`` removed from the minor end of the split axes of ``dim``."""
    _check_dim(step, s, dim, shape)
    current, n = s.axes_of(dim), len(step.axes)
    if not n or current[len(current) - n :] != step.axes:
        raise step._fail(s, f"mesh axes {list(step.axes)} are not the minor-most split axes of tensor dim {dim} ({list(current)})")
    explicit = s.offsets_of(dim, mesh)
    bounds = explicit[:: mesh.group_size(step.axes)] if explicit is not None else None
    return _respell(step, s, {dim: current[: len(current) - n]}, mesh, shape, {dim: bounds})


def _check_dim(step: Step, s: Sharding, dim: int, shape: tuple) -> None:
    if not 0 <= dim < len(shape):
        raise step._fail(s, f"tensor dim {dim} out of range for rank {len(shape)}")
    if s.halo_sizes:
        raise step._fail(s, "it has halos; drop them first with update_halo []")


def _respell(step: Step, s: Sharding, lists: dict, mesh: Mesh, shape: tuple, new_bounds: dict) -> Sharding:
    """``s`` with new split ``lists`` for some dims, keeping ``sharded_dims_offsets`` right.

    Without explicit offsets before or after, only the lists change. Otherwise
    every sharded dim gets explicit boundaries (given in ``new_bounds``, kept
    from ``s`` for untouched dims, balanced for the rest), and the offsets are
    dropped again when all of them equal the balanced rule.
    """
    split = tuple(lists.get(d, s.axes_of(d)) for d in range(len(shape)))
    out = replace(s, split_axes=split, sharded_dims_offsets=())
    if not s.sharded_dims_offsets and all(b is None for b in new_bounds.values()):
        return out
    flat: list[int] = []
    balanced_everywhere = True
    for dim, axes in enumerate(split):
        if not axes:
            continue
        n, k = shape[dim], mesh.group_size(axes)
        if n is None:
            raise step._fail(s, f"explicit sharded_dims_offsets need static sizes; tensor dim {dim} is dynamic")
        balanced = tuple(shard_boundaries(n, k))
        bounds = new_bounds.get(dim)
        if bounds is None:
            bounds = s.offsets_of(dim, mesh) if dim not in lists else None
        bounds = balanced if bounds is None else tuple(bounds)
        if len(bounds) != k + 1 or bounds[-1] != n:
            raise step._fail(s, f"boundaries {list(bounds)} do not split tensor dim {dim} of size {n} into {k} shards")
        balanced_everywhere &= bounds == balanced
        flat.extend(bounds)
    result = out if balanced_everywhere else replace(out, sharded_dims_offsets=tuple(flat))
    result.validate(len(shape), mesh)
    return result


# -- exactness ---------------------------------------------------------------------------------


def _maybe_bounds(s: Sharding, mesh: Mesh, shape: tuple, dim: int) -> tuple[int, ...] | None:
    """Boundaries of ``dim`` if they can be known statically, else ``None``."""
    axes = s.split_mesh_axes if s.sharded_dims_offsets else s.axes_of(dim)
    if any(mesh.shape[a] is None for a in axes):
        return None
    explicit = s.offsets_of(dim, mesh)
    if explicit is not None:
        return explicit
    if shape[dim] is None:
        return None
    return tuple(shard_boundaries(shape[dim], mesh.group_size(s.axes_of(dim))))


def nests(coarse: Sharding, fine: Sharding, dim: int, mesh: Mesh, global_shape: Sequence[int | None]) -> bool:
    """True when every shard of ``coarse`` on ``dim`` is the union of consecutive shards of ``fine``.

    Requires ``coarse``'s split axes of ``dim`` to be a prefix of ``fine``'s
    (``m`` = the size of the extra axes); then the test is
    ``bounds(fine)[::m] == bounds(coarse)``. Always true when ``coarse`` does not
    split ``dim``; with dynamic sizes only that case and equal balanced splits
    are known to nest. Example: 12 rows over 2 then 4 nest; 10 rows do not.
    """
    shape = tuple(global_shape)
    small, big = coarse.axes_of(dim), fine.axes_of(dim)
    if big[: len(small)] != small:
        return False
    if not small:
        return True
    if small == big and not coarse.sharded_dims_offsets and not fine.sharded_dims_offsets:
        return True
    c, f = _maybe_bounds(coarse, mesh, shape, dim), _maybe_bounds(fine, mesh, shape, dim)
    if c is None or f is None:
        return False
    m = (len(f) - 1) // (len(c) - 1)
    return tuple(f[::m]) == tuple(c)


def is_exact(step: Step, sharding: Sharding, mesh: Mesh, global_shape: Sequence[int | None]) -> bool:
    """True when ``step``'s data movement is well defined for ``sharding``: every dim it
    unsplits or splits further nests (see :func:`nests`). Raises ReshardError if the step
    does not apply at all."""
    result = step.apply(sharding, mesh, global_shape)
    for dim in range(len(global_shape)):
        before, after = sharding.axes_of(dim), result.axes_of(dim)
        if before == after:
            continue
        grew = after[: len(before)] == before
        coarse, fine = (sharding, result) if grew else (result, sharding)
        if not nests(coarse, fine, dim, mesh, global_shape):
            return False
    return True


def shardings_along(src: Sharding, steps: Sequence[Step], mesh: Mesh, global_shape: Sequence[int | None]) -> list[Sharding]:
    """The sharding after each of ``steps`` starting from ``src`` (same length as ``steps``)."""
    out, current = [], src
    for step in steps:
        current = step.apply(current, mesh, global_shape)
        out.append(current)
    return out
