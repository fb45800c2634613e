"""ShardingInterface: an op's sharding rules follow from its iteration space.

After upstream MLIR's mesh ``ShardingInterface`` (``ShardingInterface.td``,
``ShardingInterface.cpp``; the dialect is ``shard`` from LLVM 21). An op
describes itself by an :class:`IterationSpace`:

* its loops, each ``parallel`` or ``reduction`` (``getLoopIteratorTypes``);
* for every operand and result, which loop indexes each tensor dim (the
  projected-permutation part of ``getIndexingMaps``), as :class:`DimLink` s;
* for every result, the reduction kind its partial values combine with
  when a reduction loop is split (``getReductionLoopIteratorKinds``: the
  combiner ``arith.addf`` -> ``sum``, ``maximumf`` -> ``max``...);
* which operands are destinations (DPS inits) tied to which result.

No rule is written per op. A :class:`LoopSharding` assigns mesh axes to
loops (upstream's ``ShardingOption``), and then:

* a tensor dim indexed by loop ``l`` is split over the axes of ``l``, every
  other dim is replicated;
* split reduction loops make every result *partial* over their axes, with
  the result's reduction kind; an init tied to a result gets the result's
  sharding, partial included (a replicated init made partial keeps its value
  on the devices at coordinate 0 of those axes and the reduction identity
  elsewhere: ``MarkPartial`` of :mod:`meshc.sharding.steps`, the
  "only device 0 adds the init" of the partition).

Public API (for ``sharding-propagation`` and the partition pass):

``iteration_space(op) -> IterationSpace``
    the op's description (ops without a model: no loops, every tensor
    replicated; :func:`has_sharding_rule` tells them apart).
``loop_sharding(op, operand_shardings, result_shardings, *, soft_operand_shardings=(),``
``soft_result_shardings=(), mesh=None) -> LoopSharding``
    the mesh axes of each loop, from whichever shardings are known
    (``None`` = unknown). Shardings are tried in priority order -- results,
    operands, soft results, soft operands -- and each is honoured entirely
    or not at all: it is skipped when one of its split dims cannot be
    expressed by a loop or when it disagrees with loops already decided (a
    loop is decided, possibly unsplit, by the first sharding that indexes it);
    a second round gives the skipped ones what they can still get (the
    refinements listed under "Deviations from upstream").
    Partial axes of operands are ignored (upstream: they only concern the
    producer); ``operand_shardings`` may go on past the op's operands with
    its captured values (:attr:`IterationSpace.captured`; missing entries are
    read off their distributed types); partial axes of a result are then placed on the first free
    reduction loop whose combiner has that kind, if no reduction loop is
    split yet (upstream ``defaultGetShardingOption`` step 3).
``captured_shardings_for(op, loop_sharding) -> list[ShardingAttr]``
    what each captured tensor (:attr:`IterationSpace.captured`, read by the op's
    regions: an embedding table) must be.
``operand_shardings_for(op, loop_sharding) -> list[ShardingAttr | None]``
    what each operand must be (None: not a ranked tensor, or the operand
    takes any sharding, e.g. ``func.return``, ``tensor.dim``).
``result_shardings_for(op, loop_sharding) -> list[ShardingAttr | None]``
    what each result is (None for non-tensor results).
``dps_inits(op) -> tuple[int | None, ...]``
    per result, the operand it is written into (destination-passing style), or None.
``register_sharding_model(key, model)``
    attach a model to an op name or op class (external model: a new op is
    one registration); ``sharding_model(op)`` finds it (name first, then the
    class hierarchy).

Kept through an op (meshc's, beyond upstream's ``ShardingOption``): explicit
``sharded_dims_offsets`` of the sharding that decides a loop
(:attr:`LoopSharding.loop_bounds`), and the halos of an input on a loop the
op is pointwise in (:attr:`LoopSharding.loop_halos`). Among the shardings
the operands are produced with, those that split a dim are tried before the
replicated ones (a replicated operand is sliced for free).

Deviations from upstream, on purpose:

* an operand dim indexed by a compound expression (``d0 + d1`` of a
  convolution) is split along its one split parallel loop with halos only
  when it is a :class:`Window` (linear, non-negative, the other loops of
  static extent) on a static mesh and static shapes (:func:`window_halos`:
  one pair of widths covering every device's box, upstream's halo'd
  convolution); otherwise it stays replicated (gathered);
* a dim split is carried over a reshape only when it is provably exact under
  meshc's balanced rule (:attr:`DimLink.multiple`); with a dynamic mesh it
  is not (unless the other dims of the reassociation group are 1), and the dim
  stays replicated; a sharding with explicit ``sharded_dims_offsets`` is not
  carried over such a link (its boundaries count rows of a different size);
* a sharding that a loop sharding refuses in the first round (each honoured
  entirely or not at all, in priority order) gets a second round, in the same
  order: its splits may then split loops that only a soft operand's *unsplit*
  dims had left unsplit (that operand is sliced there, for free: Megatron's
  row-parallel weight split on the contraction wins over an activation
  produced split on batch only, and the result is partial), and failing that
  its dims the op can carry are honoured without the others (a ``[B, S, 192]``
  product split on batch and on a dim an ``expand_shape`` into heads cannot
  keep stays split on batch, only the other dim is gathered; XLA's partitioner
  reshards one dim at a time too). The operand or result it annotates ends up
  behind a resharding point for the rest.

All functions raise :class:`ShardingRuleError` (a ValueError) for a loop
sharding that does not fit the op or shardings on two meshes.
"""

from __future__ import annotations

import math
import threading
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Callable, Iterator, Optional, Sequence, Union

from meshc.dialects.mesh import MeshOp, ShardingAttr, enclosing_module, sharding_of
from meshc.interfaces.models import find_model
from meshc.interfaces.spmd import Mixed, PartitionContext, clone_on_local_shapes
from meshc.ir.core import Operation, Value
from meshc.ir.types import TensorType
from meshc.sharding.shards import shard_boundaries

PARALLEL = "parallel"
REDUCTION = "reduction"
#: A loop the op combines by itself: split from its operands, it indexes no result, and every device
#: still gets whole (not partial) results, the op moving what it needs inside (a region op whose body
#: all_reduces a split contraction on every iteration, :mod:`meshc.interfaces.region_models`).
INTERNAL = "internal"


class ShardingRuleError(ValueError):
    """A loop sharding that does not fit an op (wrong loop count), or shardings of one op
    that name different meshes."""


@dataclass(frozen=True)
class DimLink:
    """Tensor dim indexed by loop ``loop``.

    ``multiple``: the link is exact only when the number of devices splitting
    the loop divides ``multiple`` (a reshape: splitting the major dim ``n0`` of
    a collapsed group ``n0 x rest`` over ``k`` devices is the balanced split of
    the collapsed dim only when ``k | n0``; a captured dim read at an affine
    index such as ``2 * d2 + d3``, :mod:`meshc.interfaces.index_forms`).
    ``None``: always exact.
    """

    loop: int
    multiple: Optional[int] = None
    extent: Optional[int] = None
    #: ``(low, high, size)``: the dim is the loop's less ``low`` cells before it and ``high`` after it
    #: (a ``tensor.pad``'s source of static ``size``: element ``i`` is the loop's ``i + low``). Split with
    #: the loop, the loop's shards are the dim's, the first grown by ``low`` and the last by ``high``
    #: (:meth:`loop_bounds`), so each device pads only the global borders it holds.
    padded: Optional[tuple[int, int, int]] = None

    def loop_bounds(self, dim_bounds: Sequence[int]) -> tuple[int, ...]:
        """The loop's ``k + 1`` shard boundaries for a padded dim split at ``dim_bounds``: inner ones shifted
        by ``low``, the ends at 0 and ``size + low + high``. 16 rows split 0, 4, 8, 12, 16 padded by
        (1, 1) -> 0, 5, 9, 13, 18."""
        lo, hi, n = self.padded  # type: ignore[misc]
        inner = tuple(b + lo for b in dim_bounds[1:-1])
        return (0,) + inner + (n + lo + hi,)

    def dim_bounds(self, loop_bounds: Sequence[int]) -> tuple[int, ...]:
        """The padded dim's shard boundaries for the loop split at ``loop_bounds``: shifted back by ``low``
        and clipped to the dim (the inverse of :meth:`loop_bounds`)."""
        lo, _, n = self.padded  # type: ignore[misc]
        return tuple(min(n, max(0, b - lo)) for b in loop_bounds)

    def exact_for(self, axes: Sequence[int], mesh_shape: Optional[Sequence[Optional[int]]]) -> bool:
        """Whether splitting over mesh ``axes`` keeps this dim's shards aligned with the loop's.

        ``extent`` (a gathered dim, :mod:`meshc.interfaces.gather_models`): the dim's static size; the
        split is allowed only over at most ``extent`` devices (no empty shard: a masked gather reads one
        element of its own shard)."""
        if not axes or (self.multiple is None and self.extent is None and self.padded is None):
            return True
        k = _group_size(axes, mesh_shape)  # a padded dim's boundaries need the group's size too
        if k is None:
            return False
        return (self.multiple is None or self.multiple % k == 0) and (self.extent is None or k <= self.extent)


class _AnySharding:
    """Marker of an operand that accepts any sharding (``func.return``, ``tensor.dim``)."""

    def __repr__(self) -> str:
        return "ANY"


ANY = _AnySharding()

TensorLinks = tuple[Optional[DimLink], ...]
OperandLinks = Union[None, _AnySharding, TensorLinks]


@dataclass(frozen=True)
class IterationSpace:
    """What the sharding rules need to know about an op (see the module docstring).

    ``operands[k]``: ``None`` (not a ranked tensor), :data:`ANY`, or one
    ``DimLink | None`` per tensor dim (``None``: no loop indexes the dim
    exactly, so it stays replicated). ``results[r]``: ``None`` or links.
    ``reduction_kinds[r]``: kind of result ``r``'s partial values (``None``:
    unknown combiner, so no reduction loop may be split). ``tied[k]``: the
    result operand ``k`` initialises (DPS init), or ``None``.

    ``captured``: tensors defined outside the op that its regions read (a
    ``tensor.extract`` of an embedding table in a ``linalg.generic`` body),
    each ``(value, links)``; they count as operands ``len(operands) + j``
    (:attr:`extended_operands`) for every rule: a captured dim linked to a
    loop is split with it, an unlinked one stays replicated. A model may add
    loops of its own beyond the op's (a gathered dim's loop, a reduction:
    splitting it makes the results partial, :mod:`meshc.interfaces.gather_models`).
    """

    iterator_types: tuple[str, ...]
    operands: tuple[OperandLinks, ...]
    results: tuple[Optional[TensorLinks], ...]
    reduction_kinds: tuple[Optional[str], ...] = ()
    tied: tuple[Optional[int], ...] = ()
    captured: tuple[tuple[Value, TensorLinks], ...] = ()
    #: per operand: None, or one :class:`Window` or None per dim (a dim with no exact link read through
    #: a sliding window of one parallel loop; such a dim is split with that loop and haloed)
    windows: tuple[Optional[tuple[Optional["Window"], ...]], ...] = ()

    def window_of(self, operand: int, dim: int) -> Optional["Window"]:
        """The :class:`Window` dim ``dim`` of operand ``operand`` is read through, or None."""
        w = self.windows[operand] if operand < len(self.windows) else None
        return w[dim] if w is not None and dim < len(w) else None

    @property
    def num_loops(self) -> int:
        return len(self.iterator_types)

    @property
    def extended_operands(self) -> tuple[OperandLinks, ...]:
        """The links of the operands, then of the captured values."""
        return self.operands + tuple(links for _, links in self.captured)

    def captured_index(self, value: Value) -> Optional[int]:
        """The extended operand index of captured ``value`` (``len(operands) + j``), or None."""
        for j, (v, _) in enumerate(self.captured):
            if v is value:
                return len(self.operands) + j
        return None

    def kind_of(self, result: int) -> Optional[str]:
        return self.reduction_kinds[result] if result < len(self.reduction_kinds) else None

    def tied_result(self, operand: int) -> Optional[int]:
        return self.tied[operand] if operand < len(self.tied) else None


@dataclass(frozen=True)
class Window:
    """An operand dim read through a sliding window of loop ``loop`` (a convolution's ``ow * s + kw * d``,
    a pooling window, a stencil's ``d0 + d1``): iteration ``i`` of the loop reads the elements
    ``stride * i + low`` to ``stride * i + high`` (inclusive), whatever the op's other loops in the
    expression are (their static extents give ``high``).

    A device running the loop over ``[a, b)`` reads ``[stride * a + low, stride * (b - 1) + high]``, and
    partition hands its clone the box from ``stride * a`` (the clone indexes it with the op's own
    expression over local indices): the dim is split with the loop and each shard widened by halos
    that cover that box (:func:`window_halos`; upstream MLIR's mesh partitions a convolution so, with
    ``update_halo``)."""

    loop: int
    stride: int
    low: int
    high: int
    #: the expression's other loops (the window's taps): a window whose taps are split is none
    others: tuple[int, ...] = ()

    def reads(self, start: int, stop: int) -> Optional[tuple[int, int]]:
        """``[stride * start, last + 1)``: the box of the dim loop iterations ``[start, stop)`` are given
        (None: no iteration)."""
        if stop <= start:
            return None
        return self.stride * start, self.stride * (stop - 1) + self.high + 1


def window_halos(window: Window, loop_bounds: Sequence[int], dim_bounds: Sequence[int]) -> tuple[int, int]:
    """``(low, high)`` halo widths that give every shard of a windowed dim (``dim_bounds``: its ``k + 1``
    shard boundaries) what its device's iterations of the window's loop (``loop_bounds``, the same ``k``
    devices in the same order) read: the widest need over the devices, so one ``update_halo`` serves
    them all (``halo_sizes`` are one pair per dim). Devices with no iteration need nothing. 14 output
    rows of a 3-tap window over 16 input rows on 4 devices: loop 0, 3, 6, 10, 14, input 0, 4, 8, 12, 16
    -> (2, 1)."""
    lo = hi = 0
    for i in range(len(loop_bounds) - 1):
        got = window.reads(loop_bounds[i], loop_bounds[i + 1])
        if got is None:
            continue
        lo = max(lo, dim_bounds[i] - got[0])
        hi = max(hi, got[1] - dim_bounds[i + 1])
    return lo, hi


@dataclass(frozen=True)
class LoopSharding:
    """Mesh axes per loop of an op (upstream ``ShardingOption``).

    ``loop_axes[l]`` are the mesh axes loop ``l`` is split over (major to
    minor); ``loop_bounds[l]`` its explicit shard boundaries when the
    sharding that decided it had ``sharded_dims_offsets`` (uneven shards are
    kept through the op: every dim the loop indexes exactly gets them);
    ``loop_halos[l]`` the ``(low, high)`` halo it is computed with when a
    sharding with ``halo_sizes`` decided it and the op is pointwise in it
    (:meth:`_Solver.keeps_halo`: an elementwise chain on a haloed value keeps
    the halo instead of dropping it and exchanging it again);
    ``iterator_types`` and ``reduction_kinds`` (per result) are the
    op's, so that :attr:`partial_axes` and :meth:`partial_kind` answer what a
    split reduction makes of each result.
    """

    mesh: str
    loop_axes: tuple[tuple[int, ...], ...]
    iterator_types: tuple[str, ...]
    reduction_kinds: tuple[Optional[str], ...] = ()
    loop_bounds: tuple[Optional[tuple[int, ...]], ...] = ()
    loop_halos: tuple[Optional[tuple[int, int]], ...] = ()

    def halo_of(self, loop: int) -> Optional[tuple[int, int]]:
        """``(low, high)`` halo widths split loop ``loop`` is computed with (each device runs it over its
        shard widened by them, clipped to the loop's range), or None."""
        return self.loop_halos[loop] if loop < len(self.loop_halos) else None

    def bounds_of(self, loop: int) -> Optional[tuple[int, ...]]:
        """The explicit shard boundaries of split loop ``loop`` (``k + 1`` offsets, from a sharding with
        ``sharded_dims_offsets`` that decided it), or None for the balanced rule."""
        return self.loop_bounds[loop] if loop < len(self.loop_bounds) else None

    @property
    def partial_axes(self) -> tuple[int, ...]:
        """Mesh axes of the split reduction loops, in loop order: every result is partial over them."""
        return tuple(a for axes, it in zip(self.loop_axes, self.iterator_types) if it == REDUCTION for a in axes)

    def partial_kind(self, result: int) -> Optional[str]:
        """Reduction kind of result ``result``'s partial values (None when nothing is partial)."""
        if not self.partial_axes:
            return None
        return self.reduction_kinds[result] if result < len(self.reduction_kinds) else None

    @property
    def is_replicated(self) -> bool:
        return not any(self.loop_axes)

    def __str__(self) -> str:
        loops = ", ".join(f"{it[0]}{list(axes)}" for it, axes in zip(self.iterator_types, self.loop_axes))
        return f"@{self.mesh} loops ({loops})"


# ---------------------------------------------------------------------------------------------------------
# Models and their registry
# ---------------------------------------------------------------------------------------------------------

class ShardingModel:
    """An op's ShardingInterface: subclasses return its :class:`IterationSpace`, or None when the
    particular op instance has no rule (then it is replicated, as an op without a model).

    Besides the iteration space, a model answers the per-op SPMD questions of the later passes
    (``docs/pipeline.md``, "Per-op SPMD rules"), each with a default that follows from the space:

    * :meth:`dps_inits` -- which operand is the destination (DPS init) of each result; partition
      (the ``shared_outs`` of the ``for_one`` form) and the backend (in-place buffer reuse) both
      ask it, nothing else decides it;
    * :meth:`partition` -- the op on one device's part, given a
      :class:`~meshc.interfaces.spmd.PartitionContext` (upstream ``ShardingInterface::partition``;
      default: the op cloned onto the local slices with local result types);
    * :meth:`dynamic_result_size` -- the global size of a dynamic result dim from the op's own
      operands (default: unknown, partition then takes it from an operand dim the same loop indexes);
    * :meth:`evaluate_on_device` -- what unroll folds to constants on one device (the mesh queries);
    * :meth:`refine` -- unroll's static type inference: once a per-device op's operands have static
      types and its index operands are known, its result types (default: unchanged);
    * :meth:`fold_static` -- what specialize-shapes folds once the operand types are static
      (``tensor.dim``, ``tensor.cast``, integer arithmetic; default: nothing).
    """

    def iteration_space(self, op: Operation) -> Optional[IterationSpace]:  # pragma: no cover - abstract
        raise NotImplementedError

    def rule_remark(self, op: Operation) -> Optional[str]:
        """A remark sharding-propagation prints about the rule this model gives ``op`` (why it has one or
        not), or None. Default: None."""
        return None

    def dps_inits(self, op: Operation) -> tuple[Optional[int], ...]:
        """Per result of ``op``, the index of the operand it is written into (MLIR's
        DestinationStyleOpInterface ``getDpsInits``), or None. Default: the operands the iteration
        space ties to a result (:attr:`IterationSpace.tied`)."""
        space = self.iteration_space(op)
        out: list[Optional[int]] = [None] * len(op.results)
        for k, r in enumerate(space.tied if space is not None else ()):
            if r is not None and r < len(out) and out[r] is None:
                out[r] = k
        return tuple(out)

    def partition(self, op: Operation, ctx: PartitionContext) -> list[Value]:
        """Emit ``op`` for the device of ``ctx`` at ``ctx.m.b`` and return its local results (one per
        result of ``op``). Default: :func:`~meshc.interfaces.spmd.clone_on_local_shapes`.

        Raises:
            PartitionError: what the device cannot compute (a located error of the pass).
        """
        return clone_on_local_shapes(op, ctx)[1]

    def dynamic_result_size(self, op: Operation, result: int, dim: int) -> Optional[Mixed]:
        """The global size of dynamic dim ``dim`` of result ``result`` read off ``op``'s operands (an
        ``index`` Value or an int), or None when the op does not say."""
        return None

    def evaluate_on_device(self, op: Operation, coords: Sequence[int], device: int,
                           mesh_shape: Sequence[Optional[int]]) -> Optional[list[int]]:
        """The values of ``op``'s results on the device at ``coords`` (linear index ``device``) of a
        static mesh of ``mesh_shape``, when they are known there (the mesh queries), else None."""
        return None

    def refine(self, op: Operation, known: Callable[[Value], Optional[int]]) -> Operation:
        """``op`` (a per-device clone, not yet inserted) with the sizes that ``known`` now gives made
        static and its result types following; a rebuilt op replaces the clone
        (:func:`~meshc.interfaces.spmd.replace_clone`). Default: ``op`` unchanged."""
        return op

    def fold_static(self, op: Operation, known: Callable[[Value], Optional[int]]) -> Optional[list]:
        """The values of ``op``'s results (an ``int`` for an integer/index constant, or an existing
        ``Value``) once its operands' types are static and ``known`` gives the constant integer
        operands, or None when the op does not fold (MLIR's ``fold`` hooks: ``tensor.dim`` of a
        static dim, ``tensor.cast`` to a less static type, arith on constants). Used by
        specialize-shapes (docs/pipeline.md). Default: None."""
        return None


_BY_NAME: dict[str, ShardingModel] = {}
_BY_CLASS: dict[type, ShardingModel] = {}
_LOADED = False


def register_sharding_model(key: Union[str, type], model: ShardingModel) -> None:
    """Attach ``model`` to ops named ``key`` (``"linalg.matmul"``) or to ``key``, an op class, and its
    subclasses. A later registration for the same key replaces the earlier one."""
    if isinstance(key, str):
        _BY_NAME[key] = model
    else:
        _BY_CLASS[key] = model


def _load_builtin_models() -> None:
    global _LOADED
    if not _LOADED:
        _LOADED = True
        import meshc.interfaces.sharding_models  # noqa: F401  (registers on import)
        import meshc.interfaces.sharding_models_tosa  # noqa: F401
        import meshc.interfaces.sharding_models_iree_linalg_ext  # noqa: F401
        import meshc.interfaces.region_models  # noqa: F401


def sharding_model(op: Operation) -> Optional[ShardingModel]:
    """The model of ``op``: registered for its name, else for the nearest class in its MRO; a foreign
    op (a name meshc has no class for) gets the foreign-op model (:mod:`meshc.interfaces.foreign_models`)."""
    _load_builtin_models()
    model = find_model(op, _BY_NAME, _BY_CLASS)
    if model is None and type(op) is Operation:
        from meshc.interfaces.foreign_models import FOREIGN_MODEL
        return FOREIGN_MODEL
    return model


def has_sharding_rule(op: Operation) -> bool:
    """True when ``op`` has a model that describes this instance (ops without one are replicated).
    Inside :func:`unchanged_spaces` the answer comes from the same memo as :func:`iteration_space`."""
    return _space_and_rule(op)[1]


def dps_inits(op: Operation) -> tuple[Optional[int], ...]:
    """Per result of ``op``, the index of its destination-passing init operand or None
    (:meth:`ShardingModel.dps_inits`; an op without a model has none)."""
    model = sharding_model(op)
    return model.dps_inits(op) if model is not None else (None,) * len(op.results)


def _replicated_space(op: Operation) -> IterationSpace:
    def unlinked(t) -> Optional[TensorLinks]:
        return (None,) * t.rank if isinstance(t, TensorType) else None

    return IterationSpace((), tuple(unlinked(v.type) for v in op.operands), tuple(unlinked(r.type) for r in op.results))


_SPACES = threading.local()  # .memo: {id(op): (op, space, has a rule)}, .named: {kind: {...}} while an unchanged_spaces() block runs


@contextmanager
def unchanged_spaces() -> Iterator[None]:
    """Within this block (on this thread) :func:`iteration_space` computes each op's space once: the
    caller promises that no op it asks about changes meanwhile, except for the shardings in its
    types, which no iteration space reads (partition, while it partitions one op, asks for that op's
    space from five places; distribute-types gives the values inside a region op their shardings).
    Nested blocks share the outer memo, and so do the models' own memos (:func:`unchanged_memo`)."""
    outer = getattr(_SPACES, "memo", None)
    outer_named = getattr(_SPACES, "named", None)
    if outer is None:
        _SPACES.memo = {}
        _SPACES.named = {}
    try:
        yield
    finally:
        _SPACES.memo = outer
        _SPACES.named = outer_named


def unchanged_memo(kind: str) -> Optional[dict]:
    """A dictionary named ``kind`` that lives as long as the outermost :func:`unchanged_spaces` block
    open on this thread (None outside one): a model stores there what it derived from ops that do not
    change meanwhile (the region models: composed spaces, dim classes, the values a body reads from
    above), keyed by op identity with the op kept beside its answer."""
    named = getattr(_SPACES, "named", None)
    if named is None:
        return None
    return named.setdefault(kind, {})


def iteration_space(op: Operation) -> IterationSpace:
    """``op``'s iteration space; for an op without a rule, no loops and every tensor dim unlinked
    (so every tensor operand and result is replicated)."""
    return _space_and_rule(op)[0]


def _space_and_rule(op: Operation) -> tuple[IterationSpace, bool]:
    """``(iteration_space(op), has_sharding_rule(op))``, computed once per op inside
    :func:`unchanged_spaces`."""
    memo = getattr(_SPACES, "memo", None)
    if memo is not None:
        known = memo.get(id(op))
        if known is not None and known[0] is op:
            return known[1], known[2]
    model = sharding_model(op)
    space = model.iteration_space(op) if model is not None else None
    ruled = space is not None
    space = space if ruled else _replicated_space(op)
    if memo is not None:
        memo[id(op)] = (op, space, ruled)
    return space, ruled


# ---------------------------------------------------------------------------------------------------------
# Loop sharding from known shardings
# ---------------------------------------------------------------------------------------------------------

MeshLike = Union[None, str, MeshOp, object]  # a name, a mesh.mesh op or a meshc.sharding.spec.Mesh


def _group_size(axes: Sequence[int], shape: Optional[Sequence[Optional[int]]]) -> Optional[int]:
    if shape is None:
        return None
    sizes = [shape[a] if 0 <= a < len(shape) else None for a in axes]
    if any(s is None for s in sizes):
        return None
    return math.prod(sizes)  # type: ignore[arg-type]


def _mesh_shape(op: Operation, name: str, mesh: MeshLike) -> Optional[tuple[Optional[int], ...]]:
    """Axis sizes of mesh ``name`` (None if unknown): from ``mesh`` when it is a mesh object,
    else from the ``mesh.mesh`` of ``op``'s module."""
    if mesh is not None and not isinstance(mesh, str):
        return tuple(mesh.shape)  # type: ignore[attr-defined]
    module = enclosing_module(op)
    target = module.lookup(name) if module is not None else None
    return target.shape if isinstance(target, MeshOp) else None


def _mesh_name(mesh: MeshLike) -> Optional[str]:
    if mesh is None:
        return None
    if isinstance(mesh, str):
        return mesh
    if isinstance(mesh, MeshOp):
        return mesh.sym_name
    return mesh.name  # type: ignore[attr-defined]


def effective_links(links: TensorLinks) -> TensorLinks:
    """``links`` with every repeated loop after its first dim unlinked (a diagonal map such as
    ``(d0, d0)`` cannot split both dims over the same axes)."""
    seen: set[int] = set()
    out: list[Optional[DimLink]] = []
    for link in links:
        if link is None or link.loop in seen:
            out.append(None)
        else:
            seen.add(link.loop)
            out.append(link)
    return tuple(out)


class _Solver:
    """Decides the mesh axes of each loop, one known sharding at a time."""

    def __init__(self, space: IterationSpace, shape: Optional[Sequence[Optional[int]]]):
        self.space = space
        self.shape = shape
        self.axes: list[Optional[tuple[int, ...]]] = [None] * space.num_loops
        self.owner: dict[int, int] = {}  # mesh axis -> loop
        self.bounds: dict[int, tuple[int, ...]] = {}  # loop -> explicit boundaries (uneven shards)
        self.halos: dict[int, tuple[int, int]] = {}  # loop -> (low, high) halo it is computed with
        self.soft_unsplit: set[int] = set()  # loops left unsplit only by a soft operand's unsplit dim

    def splittable(self, loop: int) -> bool:
        """A reduction loop needs a known combiner for every tensor result and an operand dim it indexes
        (the dim whose shard gives each device its range of the loop); a parallel loop must index every
        tensor result of rank > 0 (otherwise a split would leave devices computing overlapping results)."""
        results = [(r, links) for r, links in enumerate(self.space.results) if links is not None]
        if self.space.iterator_types[loop] == REDUCTION:
            kinds = [self.space.kind_of(r) for r, _ in results]
            indexed = any(isinstance(links, tuple) and any(l is not None and l.loop == loop
                                                           for l in effective_links(links))
                          for links in self.space.extended_operands)
            return indexed and bool(results) and all(k is not None and k != "generic" for k in kinds)
        if self.space.iterator_types[loop] == INTERNAL:
            return any(isinstance(links, tuple) and any(l is not None and l.loop == loop for l in effective_links(links))
                       for links in self.space.extended_operands)
        # a rank-0 result has no dim to index: it is no overlap (a region op's loop counter, carried
        # replicated next to a split tensor; any value a device could compute differently from split
        # data comes out of a reduction loop, never of a parallel one)
        return all(any(l is not None and l.loop == loop for l in effective_links(links)) for _, links in results
                   if links != ())

    def try_split(self, links: TensorLinks, sharding: ShardingAttr, operand: bool = False, soft: bool = False,
                  refine: bool = False, windows: Optional[tuple] = None) -> bool:
        """Honour ``sharding`` of a tensor indexed by ``links`` entirely, or change nothing (False).
        ``operand``: an input (its halos may be kept); ``soft``: the sharding a soft operand is
        produced with, whose unsplit dims leave their loops unsplit only until ``refine``: then this
        sharding's splits may split such loops (the operand that left them unsplit is sliced there
        for free) and its own unsplit dims decide nothing. ``windows`` (an input's, per dim: a
        :class:`Window` or None): a split dim read through a window splits the window's loop over the
        same axes (balanced: the dim is then haloed, :func:`windows_on`), as XLA's partitioner splits
        a convolution's output rows with its input's."""
        proposal: dict[int, tuple[int, ...]] = {}
        for d, link in enumerate(effective_links(links)):
            axes = tuple(sharding.dim_axes(d))
            w = windows[d] if windows is not None and d < len(windows) and link is None else None
            if w is not None and axes and not sharding.partial_axes:
                if proposal.get(w.loop, axes) != axes:
                    return False
                proposal[w.loop] = axes
                continue
            if link is None or not link.exact_for(axes, self.shape) or (
                    axes and not operand and not self._pads_own_split(link.loop, sharding, d)):
                if axes:
                    return False
                continue
            if axes and link.multiple is not None and sharding.sharded_dims_offsets:
                return False  # explicit boundaries are in the tensor dim's units, not the loop's (a reshape)
            proposal[link.loop] = axes
        for d in range(len(links), len(sharding.split_axes)):
            if sharding.dim_axes(d):
                return False
        if refine:
            proposal = {loop: axes for loop, axes in proposal.items() if axes}
        for loop, axes in proposal.items():
            current = self.axes[loop]
            if refine and current == () and loop in self.soft_unsplit:
                current = None
            if current is not None and current != axes:
                return False
            if axes and current is None and not self.splittable(loop):
                return False
            if any(self.owner.get(a, loop) != loop for a in axes):
                return False
        fresh = {loop for loop, axes in proposal.items() if axes and not self.axes[loop]}
        if soft:
            self.soft_unsplit |= {loop for loop, axes in proposal.items() if not axes and self.axes[loop] is None}
        self.soft_unsplit -= fresh
        self._commit(proposal)
        self._keep_bounds(links, sharding, fresh)
        if operand:
            self._keep_halos(links, sharding, {loop for loop, axes in proposal.items() if axes})
        return True

    def _pads_own_split(self, loop: int, sharding: ShardingAttr, d: int) -> bool:
        """Whether dim ``d`` of a result (or another non-input tensor) split as ``sharding`` may decide
        ``loop``: always, unless an input dim is that loop's padded (:attr:`DimLink.padded`), whose
        split the loop then takes only at the pad's own boundaries (those of the balanced split of the
        input: each device pads its borders, nothing moves); another split of a padded dim is made
        after the op (the source keeps its split) rather than before it at uneven boundaries."""
        pad = next((l for links in self.space.operands if isinstance(links, tuple) for l in links
                    if l is not None and l.loop == loop and l.padded is not None), None)
        if pad is None:
            return True
        k = _group_size(sharding.dim_axes(d), self.shape)
        if k is None:
            return False
        lo, hi, n = pad.padded  # type: ignore[misc]
        given = (_offsets_per_dim(sharding, self.shape) or {}).get(d) if sharding.sharded_dims_offsets else None
        return tuple(given or shard_boundaries(n + lo + hi, k)) == pad.loop_bounds(shard_boundaries(n, k))

    def keeps_halo(self, loop: int) -> bool:
        """Whether the op may run parallel loop ``loop`` over a haloed shard: every dim of every tensor it
        touches is indexed exactly by one loop (no compound index, no reshape, no gathered dim), so each
        result cell depends on the operand cells at the same loop index only (a padded dim's at that
        index less the low pad, or a pad cell). A tensor no loop indexes (a zero point of
        ``tosa.negate``, read whole by every cell) does not count."""
        if self.space.iterator_types[loop] != PARALLEL:
            return False
        tensors = [t for t in self.space.extended_operands + self.space.results
                   if isinstance(t, tuple) and any(l is not None for l in t)]
        return all(l is not None and l.multiple is None and l.extent is None for t in tensors for l in t)

    def _keep_halos(self, links: TensorLinks, sharding: ShardingAttr, loops: set[int]) -> None:
        """Record the halos input ``sharding`` gives its split ``loops`` (the first input -- an operand
        that is no DPS init -- with halos on a loop decides them), where the op keeps them. A result's halos never do: a result wanted with
        halos its operands lack is computed on the core and exchanged after."""
        if not sharding.halo_sizes or not loops:
            return
        spec = sharding.to_spec()
        for d, link in enumerate(effective_links(links)):
            if link is None or link.loop not in loops:
                continue
            halo = spec.halo_of(d)
            if any(halo) and link.loop not in self.halos and self.keeps_halo(link.loop):
                self.halos[link.loop] = halo

    def _keep_bounds(self, links: TensorLinks, sharding: ShardingAttr, loops: set[int]) -> None:
        """Record the explicit boundaries ``sharding`` gives the newly split ``loops`` (dims linked exactly;
        a padded dim's, balanced or not, shifted into the loop's: :meth:`DimLink.loop_bounds`, unless
        that is the balanced split of the loop too)."""
        if not loops:
            return
        per_dim = _offsets_per_dim(sharding, self.shape) if sharding.sharded_dims_offsets else {}
        if per_dim is None:
            return
        for d, link in enumerate(effective_links(links)):
            if link is None or link.multiple is not None or link.loop not in loops:
                continue
            if link.padded is not None:
                k = _group_size(sharding.dim_axes(d), self.shape)
                if k is None:
                    continue
                lo, hi, n = link.padded
                bounds = link.loop_bounds(per_dim.get(d) or shard_boundaries(n, k))
                if bounds != tuple(shard_boundaries(n + lo + hi, k)):
                    self.bounds[link.loop] = bounds
            elif d in per_dim:
                self.bounds[link.loop] = per_dim[d]

    def try_partial(self, result: int, sharding: ShardingAttr) -> bool:
        partial = tuple(sharding.partial_axes)
        reductions = [l for l, it in enumerate(self.space.iterator_types) if it == REDUCTION]
        if not partial or any(self.axes[l] for l in reductions):
            return False
        if self.space.kind_of(result) != sharding.partial_type or any(a in self.owner for a in partial):
            return False
        for loop in reductions:
            if self.axes[loop] is None and self.splittable(loop):
                self._commit({loop: partial})
                return True
        return False

    def _commit(self, proposal: dict[int, tuple[int, ...]]) -> None:
        for loop, axes in proposal.items():
            self.axes[loop] = axes
            for a in axes:
                self.owner[a] = loop


def with_result_halos(op: Operation, ls: LoopSharding, result: int, halo: ShardingAttr,
                      mesh: MeshLike = None) -> Optional[LoopSharding]:
    """``ls`` with the loops that index result ``result``'s split dims computed on the halos ``halo``
    (that result's sharding with ``halo_sizes``) gives them (:attr:`LoopSharding.loop_halos`), when
    the op keeps halos on every such loop (each result cell reads the operands at its own loop index:
    an elementwise op, a ``tensor.pad``); None otherwise. Then :func:`operand_shardings_for` gives
    the operands those halos and :func:`result_shardings_for` the result ``halo``'s: the exchange
    can be made on the operands instead of the result (``reshard``: a ``tensor.pad``'s source, which
    holds no pad cells, rather than its result)."""
    space = iteration_space(op)
    _check_fits(op, space, ls)
    links = space.results[result] if result < len(space.results) else None
    if not isinstance(links, tuple) or not halo.halo_sizes:
        return None
    solver = _Solver(space, _mesh_shape(op, ls.mesh, mesh))
    spec = halo.to_spec()
    halos = list(ls.loop_halos) or [None] * space.num_loops
    for d, link in enumerate(effective_links(links)):
        h = spec.halo_of(d)
        if not any(h):
            continue
        if link is None or not solver.keeps_halo(link.loop) or tuple(halo.dim_axes(d)) != ls.loop_axes[link.loop]:
            return None
        halos[link.loop] = h
    return replace(ls, loop_halos=tuple(halos))


def loop_sharding(op: Operation, operand_shardings: Sequence[Optional[ShardingAttr]],
                  result_shardings: Sequence[Optional[ShardingAttr]], *,
                  soft_operand_shardings: Sequence[Optional[ShardingAttr]] = (),
                  soft_result_shardings: Sequence[Optional[ShardingAttr]] = (),
                  late_operand_shardings: Sequence[Optional[ShardingAttr]] = (),
                  mesh: MeshLike = None) -> LoopSharding:
    """The mesh axes of each loop of ``op`` from the known shardings (None = unknown).

    Priority: ``result_shardings``, ``operand_shardings``, ``soft_result_shardings``,
    ``soft_operand_shardings``, ``late_operand_shardings`` (what operands would be produced with,
    their producers undecided yet), each list in order, the soft and late operand shardings that
    split a dim before those that split none; see the module docstring for the rule.
    ``mesh`` (a name, a ``mesh.mesh`` op or a :class:`meshc.sharding.Mesh`) names the mesh
    when no sharding is known, and gives the axis sizes that reshape links need (else they are
    looked up in ``op``'s module). Loops no sharding decides are not split.

    Raises:
        ShardingRuleError: shardings on different meshes, or no mesh at all.
    """
    space = iteration_space(op)
    operand_shardings = _with_captured(space, operand_shardings)
    ordered: list[tuple[str, int, ShardingAttr]] = []
    for kind, shardings in (("result", result_shardings), ("operand", operand_shardings),
                            ("result", soft_result_shardings), ("operand", soft_operand_shardings),
                            ("operand", late_operand_shardings)):
        ordered += [(kind, i, s) for i, s in enumerate(shardings) if s is not None]
    n_soft = sum(s is not None for s in list(soft_operand_shardings) + list(late_operand_shardings))
    ordered = _splits_first(ordered, len(ordered) - n_soft)
    names = {s.mesh for _, _, s in ordered}
    given = _mesh_name(mesh)
    if given is not None:
        names.add(given)
    if len(names) > 1:
        raise ShardingRuleError(f"'{op.name}' has shardings on meshes {', '.join('@' + n for n in sorted(names))};"
                                " one op works on one mesh")
    if not names:
        raise ShardingRuleError(f"no mesh is known for '{op.name}' (no sharding given and no mesh named)")
    name = names.pop()
    solver = _Solver(space, _mesh_shape(op, name, mesh))
    first_soft = len(ordered) - n_soft
    failed = []
    for n, (kind, i, s) in enumerate(ordered):
        links = space.results[i] if kind == "result" else space.extended_operands[i]
        flags = (kind == "operand" and space.tied_result(i) is None, n >= first_soft)
        windows = space.windows[i] if kind == "operand" and i < len(space.windows) else None
        if isinstance(links, tuple) and not solver.try_split(links, s, *flags, windows=windows):
            failed.append((links, s, flags, windows))
    for links, s, flags, windows in failed:  # splits the first round refused: see the module docstring
        if not solver.try_split(links, s, *flags, refine=True, windows=windows):
            kept = _keepable_part(links, s, solver.shape)
            if kept is not None:
                solver.try_split(links, kept, *flags, refine=True)
    for kind, i, s in ordered:
        if kind == "result" and s.partial_axes:
            solver.try_partial(i, s)
    bounds = tuple(solver.bounds.get(l) for l in range(space.num_loops)) if solver.bounds else ()
    halos = tuple(solver.halos.get(l) for l in range(space.num_loops)) if solver.halos else ()
    return LoopSharding(name, tuple(a or () for a in solver.axes), space.iterator_types, space.reduction_kinds,
                        bounds, halos)


def _keepable_part(links: TensorLinks, sharding: ShardingAttr,
                   shape: Optional[Sequence[Optional[int]]]) -> Optional[ShardingAttr]:
    """``sharding`` without the splits of the dims ``links`` cannot carry (no loop, or a reshape link
    inexact for the devices splitting it; of a dim split over several mesh axes, the longest major
    prefix the link carries stays); None when nothing would be left or nothing was dropped,
    or for a sharding with halos or explicit offsets (kept whole or not at all). A tensor split on
    batch and on a dim an ``expand_shape`` cannot keep stays split on batch: only the other dim is
    gathered, as XLA's partitioner reshards one dim at a time."""
    if sharding.halo_sizes or sharding.sharded_dims_offsets:
        return None
    split, dropped = [], False
    for d, axes in enumerate(sharding.split_axes):
        link = effective_links(links)[d] if d < len(links) else None
        keep = len(axes)
        while keep and (link is None or not link.exact_for(axes[:keep], shape)):
            keep -= 1  # the major axes a link carries stay (a sub-axis of the split: meshc.passes.sub_axes)
        dropped |= keep < len(axes)
        split.append(tuple(axes[:keep]))
    if not dropped or not any(split):
        return None
    return ShardingAttr(sharding.mesh, tuple(split))


def _with_halos(need: ShardingAttr, links: TensorLinks, ls: LoopSharding) -> ShardingAttr:
    """``need`` with the halos of its loops (:attr:`LoopSharding.loop_halos`) on the dims they index."""
    if not ls.loop_halos or need.partial_axes:
        return need
    flat: list[int] = []
    for d, link in enumerate(effective_links(links)):
        if not need.dim_axes(d):
            continue
        halo = ls.halo_of(link.loop) if link is not None else None
        flat += list(halo or (0, 0))
    return replace(need, halo_sizes=tuple(flat)) if any(flat) else need


def broadcast_loops(op: Operation, space: Optional[IterationSpace] = None) -> tuple[int, ...]:
    """The parallel loops along which ``op`` broadcasts its inputs, for an op whose results copy
    input elements (``copies_inputs``: a structured op's payload): loops that index a result dim of
    static size other than 1 but no dim of any operand that is not a result's destination (DPS
    init), nor of a captured tensor. Only when every dim of those inputs but unit dims is indexed by
    a loop alone (not a convolution's window, ``oh + kh``), and for a static result with more
    elements than each input (a reshape's minor dims are no broadcast). ``jnp.repeat`` of the KV
    heads of grouped-query attention (``out[b, s, g, r, d] = k[b, s, g, d]``: loop ``r``), a bias
    copied to every row. ``space``: ``op``'s (default: looked up). Returns the loops, ascending.

    Sharding propagation (:mod:`meshc.passes.sharding_propagation`) decides such an op from what
    its users want before what its inputs are produced with: the result is larger than the inputs
    by the broadcast loops' sizes, so a split the users want on another dim is cheaper to reach on
    the inputs (resharded before the broadcast, then sliced for free) than on the result."""
    if not getattr(op, "copies_inputs", False):
        return ()  # computes something along the loop (a one-hot of an index): not a copy
    space = space if space is not None else iteration_space(op)
    read: set[int] = set()
    largest = 0
    values = list(op.operands) + [v for v, _ in space.captured]
    for k, links in enumerate(space.extended_operands):
        if not isinstance(links, tuple) or (k < len(space.operands) and space.tied_result(k) is not None):
            continue
        t = values[k].type if k < len(values) else None
        if not isinstance(t, TensorType) or any(link is None and size != 1 for size, link in zip(t.shape, links)):
            return ()  # an input dim no loop indexes alone (a convolution's window): not a broadcast
        read.update(link.loop for link in links if link is not None)
        largest = max(largest, t.num_elements if t.has_static_shape else -1)
    out: set[int] = set()
    for r, links in zip(op.results, space.results):
        if not isinstance(links, tuple) or not isinstance(r.type, TensorType):
            continue
        if not r.type.has_static_shape or not 0 <= largest < r.type.num_elements:
            continue  # not larger than its inputs (a reshape's minor dims are no broadcast)
        for size, link in zip(r.type.shape, links):
            if (link is not None and link.loop not in read and size != 1
                    and space.iterator_types[link.loop] == PARALLEL):
                out.add(link.loop)
    return tuple(sorted(out))


def _splits_first(ordered: list, start: int) -> list:
    """``ordered`` with its soft operand shardings (from ``start``) reordered so that those splitting a
    dim come before those that split none (stable otherwise): an operand produced replicated can be
    sliced to any split for free, while honouring it first would gather the split ones (the expert
    weights of a batch matmul whose dispatched tokens arrive replicated)."""
    head, soft = ordered[:start], ordered[start:]
    return head + [e for e in soft if any(e[2].split_axes)] + [e for e in soft if not any(e[2].split_axes)]


def _offsets_per_dim(sharding: ShardingAttr, shape) -> Optional[dict[int, tuple[int, ...]]]:
    """``sharding``'s flat ``sharded_dims_offsets`` cut into the ``k + 1`` boundaries of each split dim
    (None when a group size is unknown or the list does not fit)."""
    out: dict[int, tuple[int, ...]] = {}
    flat = tuple(sharding.sharded_dims_offsets)
    start = 0
    for d, axes in enumerate(sharding.split_axes):
        if not axes:
            continue
        k = _group_size(axes, shape)
        if k is None or start + k + 1 > len(flat):
            return None
        out[d] = flat[start:start + k + 1]
        start += k + 1
    return out if start == len(flat) else None


def _explicit_offsets(need: ShardingAttr, links: TensorLinks, ls: LoopSharding, t, shape) -> ShardingAttr:
    """``need`` with the explicit boundaries of its loops (:attr:`LoopSharding.loop_bounds`) on the dims
    they index exactly; the other split dims then spell their balanced boundaries (the offsets list
    covers every split dim). Unchanged when no loop has bounds or a size is unknown."""
    if not isinstance(t, TensorType):
        return need
    explicit: dict[int, tuple[int, ...]] = {}
    for d, link in enumerate(effective_links(links)):
        if link is None or link.multiple is not None or not need.dim_axes(d):
            continue
        if link.padded is not None:  # a padded dim: the loop's shards less the pads (the borders' devices')
            k = _group_size(need.dim_axes(d), shape)
            if k is None:
                return need
            lo, hi, n = link.padded
            bounds = link.dim_bounds(ls.bounds_of(link.loop) or shard_boundaries(n + lo + hi, k))
            if bounds != tuple(shard_boundaries(n, k)):
                explicit[d] = bounds
        elif ls.bounds_of(link.loop) is not None:
            explicit[d] = ls.bounds_of(link.loop)  # type: ignore[assignment]
    if not explicit:
        return need
    flat: list[int] = []
    for d, axes in enumerate(need.split_axes):
        if not axes:
            continue
        if d in explicit:
            flat += explicit[d]
            continue
        k = _group_size(axes, shape)
        if k is None or d >= t.rank or t.shape[d] is None:
            return need
        flat += shard_boundaries(t.shape[d], k)
    if any(len(b) != (_group_size(need.dim_axes(d), shape) or 0) + 1 for d, b in explicit.items()):
        return need
    return replace(need, sharded_dims_offsets=tuple(flat))


def _with_captured(space: IterationSpace, operand_shardings: Sequence[Optional[ShardingAttr]]) -> list:
    """``operand_shardings`` extended to the captured values: the given entries, then the sharding in
    each remaining captured value's (distributed) type, if any."""
    out = list(operand_shardings)
    n = len(space.operands)
    for j, (v, _) in enumerate(space.captured):
        if n + j >= len(out):
            out += [None] * (n + j - len(out)) + [sharding_of(v.type)]
    return out


def _fitted_space(op: Operation, ls: LoopSharding, mesh: MeshLike):
    """``op``'s iteration space, checked to have ``ls``'s loops, and the axis sizes of its mesh."""
    space = iteration_space(op)
    _check_fits(op, space, ls)
    return space, _mesh_shape(op, ls.mesh, mesh)


def _check_fits(op: Operation, space: IterationSpace, ls: LoopSharding) -> None:
    if len(ls.loop_axes) != space.num_loops:
        raise ShardingRuleError(f"loop sharding with {len(ls.loop_axes)} loops does not fit '{op.name}', which "
                                f"has {space.num_loops}")


def _split_axes(links: TensorLinks, ls: LoopSharding, shape) -> list[tuple[int, ...]]:
    split: list[tuple[int, ...]] = []
    for link in effective_links(links):
        axes = ls.loop_axes[link.loop] if link is not None else ()
        split.append(axes if link is not None and link.exact_for(axes, shape) else ())
    return split


def operand_shardings_for(op: Operation, ls: LoopSharding, mesh: MeshLike = None) -> list[Optional[ShardingAttr]]:
    """The sharding each operand of ``op`` must have under ``ls``: dims follow their loops; an
    init tied to a result also takes the result's partial axes. None for operands that are not
    ranked tensors or that accept any sharding.

    Raises:
        ShardingRuleError: ``ls`` has the wrong number of loops for ``op``.
    """
    space, shape = _fitted_space(op, ls, mesh)
    out: list[Optional[ShardingAttr]] = []
    for k, links in enumerate(space.operands):
        if not isinstance(links, tuple):
            out.append(None)
            continue
        tied = space.tied_result(k)
        kind = ls.partial_kind(tied) if tied is not None else None
        partial = ls.partial_axes if kind is not None else ()
        need = ShardingAttr(ls.mesh, tuple(_split_axes(links, ls, shape)), partial, kind or "sum")
        need = _with_halos(_explicit_offsets(need, links, ls, op.operands[k].type, shape), links, ls)
        out.append(_with_windows(need, space, k, op, ls, shape))
    return out


def _with_windows(need: ShardingAttr, space: IterationSpace, k: int, op: Operation, ls: LoopSharding,
                  shape) -> ShardingAttr:
    """``need`` (operand ``k``'s) with its windowed dims (:attr:`IterationSpace.windows`) split over the
    axes of their split loop and haloed (:func:`window_halos`), on a static mesh and shapes; unchanged
    otherwise (the dim stays replicated: gathered). The window's loop bounds are its explicit ones or
    the balanced split of the loop's extent (read off a result dim the loop indexes exactly); the dim's
    shards are balanced (explicit boundaries of the other dims are kept; :func:`windows_on` gives it
    the boundaries of the operand it reads)."""
    t = op.operands[k].type if k < len(op.operands) else None
    if not space.windows or need.partial_axes or not isinstance(t, TensorType):
        return need
    split = [tuple(need.dim_axes(d)) for d in range(t.rank)]
    halos = {d: need.to_spec().halo_of(d) for d in range(t.rank) if split[d]}
    changed = False
    for d in range(t.rank):
        w = space.window_of(k, d)
        axes = ls.loop_axes[w.loop] if w is not None else ()
        if w is None or split[d] or not axes or ls.halo_of(w.loop) or any(ls.loop_axes[l] for l in w.others):
            continue
        n, size, count = _loop_extent(space, op, w.loop), t.shape[d], _group_size(axes, shape)
        if n is None or size is None or count is None:
            continue
        bounds = ls.bounds_of(w.loop) or shard_boundaries(n, count)
        split[d], halos[d] = tuple(axes), window_halos(w, bounds, shard_boundaries(size, count))
        changed = True
    if not changed:
        return need
    flat = tuple(h for d in range(t.rank) if split[d] for h in halos[d])
    offsets = need.sharded_dims_offsets
    if offsets:
        given = _offsets_per_dim(need, shape)
        if given is None or not t.has_static_shape:
            return need
        offsets = _spelled_offsets(split, given, t, shape)
    return replace(need, split_axes=tuple(split), halo_sizes=flat if any(flat) else (),
                   sharded_dims_offsets=tuple(offsets))


def _spelled_offsets(split: Sequence[tuple[int, ...]], given: dict[int, tuple[int, ...]], t: TensorType,
                     shape) -> list[int]:
    """The flat ``sharded_dims_offsets`` of a tensor of type ``t`` split as ``split``: ``given``'s
    boundaries where it has them, the balanced ones elsewhere."""
    flat: list[int] = []
    for d, axes in enumerate(split):
        if axes:
            flat += given.get(d) or shard_boundaries(t.shape[d], _group_size(axes, shape))  # type: ignore[arg-type]
    return flat


def read_whole_windows(op: Operation, k: int, need: ShardingAttr, have: ShardingAttr) -> ShardingAttr:
    """``need`` (operand ``k``'s, from :func:`operand_shardings_for`) with the windowed dims ``have``
    leaves replicated made replicated too, their halos dropped: a window reads its box from a whole dim
    as well (the body of a region op whose class of that dim may not be split, the value from above
    a loop). ``need`` itself when no such dim is split in it."""
    space = iteration_space(op)
    t = op.operands[k].type if k < len(op.operands) else None
    if not space.windows or not isinstance(t, TensorType):
        return need
    whole = {d for d in range(t.rank) if space.window_of(k, d) is not None and need.dim_axes(d)
             and not have.dim_axes(d)}
    if not whole:
        return need
    spec = need.to_spec()
    split = tuple(() if d in whole else tuple(need.dim_axes(d)) for d in range(t.rank))
    flat = tuple(h for d in range(t.rank) if split[d] for h in spec.halo_of(d))
    offsets = need.sharded_dims_offsets
    if offsets:
        shape = _mesh_shape(op, need.mesh, None)
        given = _offsets_per_dim(need, shape)
        if given is None or not t.has_static_shape:
            return need
        offsets = tuple(_spelled_offsets(split, given, t, shape))
    return replace(need, split_axes=split, halo_sizes=flat if any(flat) else (), sharded_dims_offsets=offsets)


def windows_on(op: Operation, k: int, need: ShardingAttr, have: ShardingAttr,
               ls: Optional[LoopSharding] = None) -> ShardingAttr:
    """``need`` (operand ``k``'s, from :func:`operand_shardings_for` under ``ls``) fitted to the sharding
    ``have`` the operand is produced with on its windowed dims: those ``have`` holds whole are read whole
    (:func:`read_whole_windows`); those ``have`` splits over the same axes at explicit boundaries (a
    ``tensor.pad``'s result, the first shard grown by the low pad and the last by the high one) keep
    them, haloed so that each device's shard covers its box (:func:`window_halos` against those
    boundaries): the exchange is then one ``update_halo`` of the halo cells (meshc lets explicit
    boundaries take halos; upstream MLIR's mesh keeps the two exclusive). The window's loop bounds
    are ``ls``'s explicit ones or the balanced split of its extent."""
    need = read_whole_windows(op, k, need, have)
    space = iteration_space(op)
    t = op.operands[k].type if k < len(op.operands) else None
    if not space.windows or not have.sharded_dims_offsets or need.partial_axes or not isinstance(t, TensorType) \
            or not t.has_static_shape:
        return need
    shape = _mesh_shape(op, need.mesh, None)
    theirs = _offsets_per_dim(have, shape)
    if not theirs:
        return need
    spec = need.to_spec()
    split = [tuple(need.dim_axes(d)) for d in range(t.rank)]
    halos = {d: spec.halo_of(d) for d in range(t.rank) if split[d]}
    bounds: dict[int, tuple[int, ...]] = dict(_offsets_per_dim(need, shape) or {}) if need.sharded_dims_offsets else {}
    changed = False
    for d in range(t.rank):
        w = space.window_of(k, d)
        if w is None or not split[d] or split[d] != tuple(have.dim_axes(d)) or d not in theirs:
            continue
        n, count = _loop_extent(space, op, w.loop), _group_size(split[d], shape)
        if n is None or count is None:
            continue
        loop_bounds = (ls.bounds_of(w.loop) if ls is not None else None) or shard_boundaries(n, count)
        bounds[d], halos[d] = theirs[d], window_halos(w, loop_bounds, theirs[d])
        changed = True
    if not changed:
        return need
    if any(split[d] and _group_size(split[d], shape) is None for d in range(t.rank)):
        return need
    flat = tuple(h for d in range(t.rank) if split[d] for h in halos[d])
    return replace(need, halo_sizes=flat if any(flat) else (),
                   sharded_dims_offsets=tuple(_spelled_offsets(split, bounds, t, shape)))


def _loop_extent(space: IterationSpace, op: Operation, loop: int) -> Optional[int]:
    """Static extent of ``loop``: the size of a result (then operand) dim it indexes exactly."""
    values = list(op.results) + list(op.operands)
    for v, links in zip(values, list(space.results) + list(space.operands)):
        if not isinstance(links, tuple) or not isinstance(v.type, TensorType):
            continue
        for d, link in enumerate(effective_links(links)):
            if link is not None and link.loop == loop and link.multiple is None and v.type.shape[d] is not None:
                return v.type.shape[d]
    return None


def captured_shardings_for(op: Operation, ls: LoopSharding, mesh: MeshLike = None) -> list[ShardingAttr]:
    """The sharding each captured value of ``op`` (:attr:`IterationSpace.captured`) must have under
    ``ls``: dims follow their loops (a gathered dim its gather loop), never partial.

    Raises:
        ShardingRuleError: ``ls`` has the wrong number of loops for ``op``.
    """
    space, shape = _fitted_space(op, ls, mesh)
    return [_explicit_offsets(ShardingAttr(ls.mesh, tuple(_split_axes(links, ls, shape))), links, ls, v.type, shape)
            for v, links in space.captured]


def result_shardings_for(op: Operation, ls: LoopSharding, mesh: MeshLike = None) -> list[Optional[ShardingAttr]]:
    """The sharding of each result of ``op`` under ``ls`` (None for non-tensor results): dims follow
    their loops, and split reduction loops make the result partial with its reduction kind.

    Raises:
        ShardingRuleError: ``ls`` has the wrong number of loops for ``op``.
    """
    space, shape = _fitted_space(op, ls, mesh)
    out: list[Optional[ShardingAttr]] = []
    for r, links in enumerate(space.results):
        if links is None:
            out.append(None)
            continue
        kind = ls.partial_kind(r)
        partial = ls.partial_axes if kind is not None else ()
        need = ShardingAttr(ls.mesh, tuple(_split_axes(links, ls, shape)), partial, kind or "sum")
        out.append(_with_halos(_explicit_offsets(need, links, ls, op.results[r].type, shape), links, ls))
    return out


def replicated(mesh: str) -> ShardingAttr:
    """The fully replicated sharding ``<@mesh, [[]]>``."""
    return ShardingAttr(mesh, ())


def keeps_operand_sharding(op: Operation, operand: int, sharding: ShardingAttr, mesh: MeshLike = None) -> bool:
    """Whether ``op`` takes operand ``operand`` split as ``sharding`` as it is: the loop sharding that
    sharding alone decides (:func:`loop_sharding`) needs exactly ``sharding`` of that operand
    (:func:`operand_shardings_for`), so no resharding point is needed there. False when a split dim
    is linked to no loop, or only inexactly for the devices splitting it (a reshape whose group
    cannot keep the shards' boundaries: ``192 -> 3x4x16`` over 4 devices), or when the op has no
    sharding rule. ``mesh`` as for :func:`loop_sharding` (a detached op needs it for reshape links)."""
    if not has_sharding_rule(op):
        return False
    given: list[Optional[ShardingAttr]] = [None] * len(op.operands)
    given[operand] = sharding
    try:
        ls = loop_sharding(op, given, [], mesh=mesh)
        need = operand_shardings_for(op, ls, mesh)[operand]
    except ShardingRuleError:
        return False
    return need is None or need == sharding
