"""``reshard``: insert the data movement wherever a producer's sharding differs from what a consumer needs.

Input: the distributed-types form (docs/pipeline.md stage 3). Output: stage 4, where every
resharding point became a chain of collectives in GLOBAL view, one op per step of
:func:`meshc.sharding.plan_reshard` (DESIGN.md rules: split -> replicate ``all_gather``,
replicate -> split ``all_slice`` (local), split dim i -> j ``all_to_all``, partial ->
replicate ``all_reduce``, partial -> split ``reduce_scatter``, halo changes
``update_halo``; moves between mesh axes, several dims at once and uneven shards are
compositions planned there). What the pass does, per function:

1. **Consumers' needs** (upstream MLIR ``Spmdization.cpp`` reads them off the
   ShardingInterface): for every op with a sharding rule, the loop sharding decided
   by its result shardings (:func:`meshc.interfaces.sharding.loop_sharding`) gives the
   sharding each operand must have; an operand that differs gets a resharding point
   ``mesh.shard %x to B : T_A -> T_B`` in front of the op, a result that cannot be
   produced as typed is produced as the rule says and resharded after the op.
   Operands with halos are read by their core (no point for the halo alone).
2. **Redundant pairs**: a point whose operand comes from another point is planned
   from the first one's source (``A -> B -> A`` disappears, ``A -> B -> C`` becomes
   ``A -> C``); duplicate points of one value to one sharding are merged. Contents are
   never moved where they can be made: an init that is never read gets a new
   ``tensor.empty`` of the needed sharding, and a point that would move a
   ``linalg.fill`` of a ``tensor.empty`` (a splat; IREE's global optimization shares one
   zero fill between consumers that need it sharded differently) is replaced by a new
   fill with the needed split (then a local ``mark_partial`` if it must be partial).
   A point that only slices the result of an elementwise op (or a pointwise ``linalg.generic``:
   :func:`_pointwise`) of a combined partial value (the
   op replicated because its operand is a partial sum, its user needing a split) moves above
   the op (:meth:`FunctionResharder.slice_before_elementwise`): the partial value is then
   reduce-scattered where it was all-reduced and sliced, and the op computes on the slice;
   also in the bodies of region ops partitioned in place. A point that only adds halos to the
   result of an op that keeps them (a ``tensor.pad``, whose source is smaller) moves above it
   (:meth:`FunctionResharder.halo_before_pad`): the halo of a padded window's input is exchanged
   on the unpadded rows, and each device pads the borders it holds.
3. **Lowering** each point by the ``strategy`` option:

   * ``collectives``: every step becomes its mesh collective; ``mark_partial``
     (replicated -> partial, a local step without a mesh op) stays a point
     ``mesh.shard ... : T_A -> T_B`` that ``partition`` lowers to "only the devices at
     coordinate 0 of the new partial axes keep the value, the others take the
     reduction identity".
   * ``peer`` (seed 000: "avoid resharding and have the subsequent operation consume
     the original sharding"): partial axes that must go are still reduced by an
     ``all_reduce`` (partial values are always combined by a collective), then the
     gathers / split moves are *not* inserted: one point ``mesh.shard ... {peer_read}``
     remains, and ``partition`` lets each device read the slice it needs straight
     from the source's shards (the runtime reads peers in place, and copies from
     devices outside the reader's peer group: a remark says so). Plans made only of
     reductions and local slices stay collectives.
   * ``auto`` (default): ``peer`` when every mesh axis the gathers / all_to_alls
     work on is a peered axis and the peer reads move no more bytes per device
     (the most any device receives) than the collectives
     (:func:`meshc.sharding.plan_bytes_per_device`); else ``collectives``. On a
     dynamic mesh (no byte counts) the peered test alone decides.

The resharding points ``distribute-types`` put inside the body of a region op partitioned in
place (:func:`meshc.interfaces.region_models.insert_body_reshards`: a loop-carried value's yield
resharded back to its iter_arg's sharding, an op of the body reading a value it needs split
otherwise) are lowered the same way, always to ``collectives`` (they run on every run of the body,
in local view after ``partition``); consumers' needs are not asked inside a body (its model made it
consistent).

``peer-tile=T0xT1..`` (with ``peer`` or ``auto``; seed 000's last paragraph: "each such tile can be
copied closer to the compute unit ... interleave it into the kernel") also marks every linalg
structured op of the function that has a distributed input with the tile sizes
(:data:`PEER_TILE_ATTR`, kept by partition and unroll on the per-device ops); the backend then
computes a marked op whose input lives on other devices tile by tile, each tile of that input copied
into a local buffer just before it is used, double-buffered (:mod:`meshc.backend.peer_tile`,
docs/runtime.md "Peer tiles"). A size of 0 takes its dim whole (``peer-tile=0``: the whole input, read
as without tiles). A malformed size list (a negative size, an empty one), or ``peer-tile`` with
``collectives``, is an error at the module.

**Sub-axes** (``sub-axes``, default true). A point that needs, on each device, only the pieces of an
aligned group of ``g`` consecutive coordinates of a mesh axis of ``n`` devices (``g | n``, ``g < n``:
an all_gather whose result each device then slices to a part its group holds, as explicit boundaries
``[0, 1, 4, 5, 8]`` over 4 devices of rows held 2 by 2) gathers within the group: before lowering, the
points of the function's body are planned again on the mesh that splits the axis into ``(n // g, g)``
(:mod:`meshc.sharding.subaxes`; Shardy's sub-axis ``'model':(2)2``), and when none receives more bytes
per device there and some receive fewer, the function moves onto that mesh as a whole
(:mod:`meshc.passes.sub_axes`: ``mesh.mesh @m_a0g2(shape = 2x2)`` declared after ``@m``, every sharding
the same layout on it), the split saving most first. The collective is then an ordinary one over the
minor axis, ``mesh.all_gather ... on @m_a0g2 mesh_axes = [1]``, valid upstream IR; partition, the
runtimes (threads, MPI: a communicator per group) and ``meshc estimate`` see an ordinary mesh. Axes
read by peer reads (``strategy=peer``, peered axes) are left whole: a peer read takes only what it
needs. ``sharding-propagation`` moves a function earlier when propagating there moves fewer bytes
(a reshape whose major dim is smaller than the axis: grouped-query attention's KV heads).

An impossible request (two meshes, a sharding invalid for the tensor, an op whose
rule rejects its shardings) is a located error, never a crash. With
``--mesh-shape`` (PassContext) meshes declared ``?`` are specialized first
(:mod:`meshc.passes.specialize_mesh`).
"""

from __future__ import annotations

import math
import re
from dataclasses import replace
from typing import Optional, Union

from meshc.dialects.func import FuncOp
from meshc.dialects.mesh import I16, MeshOp, ShardingAttr, ShardOp, _split_attr, lookup_mesh, sharding_of, with_sharding
from meshc.interfaces.annotations import function_mesh, functions, per_device
from meshc.interfaces.sharding import (ShardingRuleError, effective_links, iteration_space, loop_sharding,
                                       operand_shardings_for, result_shardings_for, windows_on,
                                       has_sharding_rule, with_result_halos)
from meshc.ir.attributes import DenseArrayAttr, IntegerAttr, StringAttr, SymbolRefAttr
from meshc.ir.builder import Builder
from meshc.ir.core import Block, Operation, Value
from meshc.ir.location import DiagnosticError
from meshc.ir.types import I64, INDEX, TensorType, byte_width
from meshc.passes.base import Option, Pass
from meshc.passes.specialize_mesh import specialize_from_context
from meshc.sharding import (AllGather, AllReduce, AllSlice, AllToAll, MarkPartial, Mesh, ReduceScatter, Sharding,
                            ShardingError, Step, UpdateHalo, plan_bytes_per_device, plan_reshard, same_layout)
from meshc.sharding.shards import local_region, shard_boundaries, storage_owner
from meshc.sharding.subaxes import derived_mesh_name, group_sizes, split_mesh, split_sharding
from meshc.passes.sub_axes import movable, move_function

STRATEGIES = ("collectives", "peer", "auto")

#: A lowered resharding: collective steps, and ``("point", target, peer_read)`` entries kept as mesh.shard.
Action = Union[Step, tuple]


class Reshard(Pass):
    """See the module docstring."""

    name = "reshard"
    summary = "Lower resharding points to global-view collectives (or in-place peer reads)"
    display_name = "Reshard"
    options = (Option("strategy", str, "auto", "collectives | peer (read in place) | auto (by bytes and peered axes)",
                      choices=STRATEGIES),
               Option("peer-tile", str, "", "with strategy peer or auto: compute each linalg op whose input is read "
                      "from another device tile by tile, copying a tile of the sizes TxT.. (the remote operand's "
                      "trailing dims; 0: whole) just before it is used, double-buffered (empty: read in place)"),
               Option("sub-axes", bool, True, "gather within aligned groups of a mesh axis where the resharding "
                      "points need no more, on a mesh that splits the axis (false: whole mesh axes only)"))
    op_names = ("builtin.module",)

    def run(self, op: Operation) -> None:
        tile = parse_peer_tile(self.peer_tile, op)
        if tile and self.strategy == "collectives":
            raise op.error("reshard: option 'peer-tile' needs strategy=peer or strategy=auto (collectives read "
                           "nothing from peers)")
        for func, mesh in sharded_functions(op, self.context):
            FunctionResharder(self, func, mesh).run()
            if tile:
                mark_peer_tiles(func, tile)


#: The attribute ``reshard{peer-tile=...}`` puts on the linalg ops of a sharded function: the tile sizes of
#: an input the op reads from another device (its trailing dims; 0: the whole dim). The backend reads it
#: (:mod:`meshc.backend.peer_tile`); ops without it read remote inputs in place.
PEER_TILE_ATTR = "mesh.peer_tile"


def parse_peer_tile(text: str, where: Operation) -> tuple[int, ...]:
    """``"32x16"`` -> ``(32, 16)``; ``""`` -> ``()`` (no tiling).

    Every size 0 (``"0"``, ``"0x0"``) takes every dim whole: one tile, the whole remote operand, which the
    backend reads as the untiled program does (a peer read in place).

    Raises:
        DiagnosticError: at ``where``, for anything but non-negative sizes joined by ``x``.
    """
    body = text.strip()
    if not body:
        return ()
    parts = body.lower().split("x")
    if not all(p.strip().isdigit() for p in parts):
        raise where.error(f"reshard: option 'peer-tile' expects non-negative tile sizes joined by 'x' (e.g. 32x32; "
                          f"0 takes a dim whole), got '{text}'")
    return tuple(int(p) for p in parts)


def mark_peer_tiles(func: Operation, tile: tuple[int, ...]) -> None:
    """Give every linalg structured op of ``func`` with a distributed input (LinalgStructuredInterface:
    iterator types and indexing maps; whatever its name) the :data:`PEER_TILE_ATTR` ``tile``, which
    partition and unroll keep on the per-device op; the backend tiles the input it reads from a peer."""
    for op in func.walk():
        if not (callable(getattr(op, "indexing_maps", None)) and callable(getattr(op, "iterator_types", None))):
            continue
        if any(is_distributed(v) for v in getattr(op, "inputs", ())):
            op.attributes[PEER_TILE_ATTR] = DenseArrayAttr(I64, tile)


def lookup_mesh_op(func: Operation, name: str) -> MeshOp:
    """The ``mesh.mesh`` named ``name`` in ``func``'s module.

    Raises:
        DiagnosticError: at ``func``, when it is undefined or not a mesh.
    """
    from meshc.dialects.mesh import ShardingVerifyError, enclosing_module

    try:
        return lookup_mesh(enclosing_module(func), name)
    except ShardingVerifyError as err:
        raise func.error(str(err)) from None


def sharded_functions(op: Operation, context) -> list[tuple[Operation, MeshOp]]:
    """The functions of ``op`` that use a mesh, each with its ``mesh.mesh`` op, after the run's
    ``--mesh-shape`` specialisations (:func:`meshc.passes.specialize_mesh.specialize_from_context`):
    what reshard, partition and unroll each walk. A list, so that a pass may add functions.

    Raises:
        DiagnosticError: a function uses two meshes, or an undefined one.
    """
    specialize_from_context(op, context)
    found = []
    for func in list(functions(op)):
        name = function_mesh(func)
        if name is not None:
            found.append((func, lookup_mesh_op(func, name)))
    return found


def needed_shardings(op: Operation, mesh: Mesh) -> tuple[list, list]:
    """What each operand and result of ``op`` must be, from its ShardingInterface and its result
    shardings (results first: upstream ``Spmdization`` lets the result annotation decide).

    A split loop whose result dim has explicit ``sharded_dims_offsets`` gives those boundaries to
    every dim it indexes (so an elementwise op on such tensors needs no resharding); everything
    else follows :func:`meshc.interfaces.sharding.operand_shardings_for` /
    :func:`~meshc.interfaces.sharding.result_shardings_for` (balanced shards).

    Raises:
        ShardingRuleError: the shardings do not fit the op's rule (two meshes...).
    """
    operands = [sharding_of(v.type) for v in op.operands]
    results = [sharding_of(r.type) for r in op.results]
    ls = loop_sharding(op, operands, results, mesh=mesh)
    # a window reads a dim its operand holds whole from it as well (no halo exchange then), and a dim it
    # holds at explicit boundaries at those (a tensor.pad's result: the exchange moves only halo cells)
    need_in = [windows_on(op, k, need, have, ls) if need is not None and have is not None else need
               for k, (need, have) in enumerate(zip(operand_shardings_for(op, ls, mesh), operands))]
    need_out = result_shardings_for(op, ls, mesh)
    if not any(s is not None and s.sharded_dims_offsets for s in results) or not mesh.is_static:
        return need_in, need_out
    space = iteration_space(op)
    bounds: dict[int, tuple[int, ...]] = {}
    for have, links in zip(results, space.results):
        if have is None or not have.sharded_dims_offsets or links is None:
            continue
        for d, link in enumerate(effective_links(links)):
            if link is not None and have.dim_axes(d) and have.dim_axes(d) == ls.loop_axes[link.loop]:
                bounds.setdefault(link.loop, tuple(have.to_spec().offsets_of(d, mesh)))
    values = list(op.operands) + list(op.results)
    links_all = list(space.operands) + list(space.results)
    needs = need_in + need_out
    for k, (need, links) in enumerate(zip(needs, links_all)):
        if need is not None and isinstance(links, tuple):
            needs[k] = _with_bounds(need, links, ls, bounds, values[k].type, mesh)
    return needs[:len(need_in)], needs[len(need_in):]


def _with_bounds(need: ShardingAttr, links, ls, bounds: dict, t: TensorType, mesh: Mesh) -> ShardingAttr:
    """``need`` with the explicit boundaries of the loops in ``bounds`` on the dims they index."""
    if not t.has_static_shape:
        return need
    explicit = {d: link.dim_bounds(bounds[link.loop]) if link.padded is not None else bounds[link.loop]
                for d, link in enumerate(effective_links(links))
                if link is not None and link.loop in bounds and need.dim_axes(d) == ls.loop_axes[link.loop]}
    # a padded dim's (a tensor.pad's source) back at the balanced split of its own size spells none
    explicit = {d: b for d, b in explicit.items()
                if tuple(b) != tuple(shard_boundaries(t.shape[d], mesh.group_size(need.dim_axes(d))))
                or effective_links(links)[d].padded is None}  # type: ignore[union-attr]
    if not explicit:
        return need
    flat: list[int] = []
    spec = need.to_spec()
    for d, axes in enumerate(need.split_axes):
        if axes:  # a dim of no loop keeps its own (a window's operand: a tensor.pad's boundaries)
            flat += explicit.get(d) or spec.offsets_of(d, mesh) or shard_boundaries(t.shape[d], mesh.group_size(axes))
    return replace(need, sharded_dims_offsets=tuple(flat))


def is_mesh_op(op: Operation) -> bool:
    return op.name.startswith("mesh.")


def _is_reshard(op: Operation) -> bool:
    """``op`` only reshards its one operand: a resharding point (not a peer read) or a global-view
    collective (its operand and result distributed)."""
    from meshc.dialects.mesh_collectives import CollectiveOp

    if isinstance(op, ShardOp):
        return op.is_resharding_point and not op.peer_read
    return (isinstance(op, CollectiveOp) and not op.is_unrolled and len(op.operands) == 1 and len(op.results) == 1
            and is_distributed(op.operands[0]) and is_distributed(op.results[0]))


def _pointwise(op: Operation) -> bool:
    """``op`` computes each result element from the operands' elements at the same position, so it
    commutes with slicing: an op with the ``Elementwise`` trait, or a structured linalg op that says it
    is pointwise (:attr:`meshc.dialects.linalg.StructuredOp.is_pointwise`: IREE's fused elementwise
    ``linalg.generic``)."""
    from meshc.dialects.linalg import StructuredOp

    return op.has_trait("Elementwise") or (isinstance(op, StructuredOp) and op.is_pointwise)


def is_distributed(v: Value) -> bool:
    return sharding_of(v.type) is not None


class FunctionResharder:
    """The three phases of the module docstring on one function."""

    def __init__(self, owner: Reshard, func: FuncOp, mesh: MeshOp):
        self.owner = owner
        self.func = func
        self.mesh_op = mesh
        self.mesh = mesh.as_mesh()

    def run(self) -> None:
        for block in self.func.regions[0].blocks:
            #: (source value id, the actions so far) -> (value, the point that built it): a later point
            #: starting with the same steps from the same value reuses them (one collective, counted once)
            self.built: dict[tuple, tuple[Value, str]] = {}
            for op in list(block.ops):
                if per_device(op):  # partition's output read again: already per device
                    continue
                if not is_mesh_op(op) and op.name not in ("func.return", "util.return", "func.call", "util.call"):
                    self.insert_needed_points(op)
            self.slice_before_elementwise(block)
            self.halo_before_pad(block)
            self.compose_points(block)
            for op in list(block.ops):
                if isinstance(op, ShardOp) and op.is_resharding_point and not op.peer_read:
                    target, source = sharding_of(op.results[0].type), sharding_of(op.src.type)
                    moves = target is not None and source is not None and not self.same(
                        replace(source, partial_axes=(), partial_type="sum"),
                        replace(target, partial_axes=(), partial_type="sum"), op.src.type)
                    refilled = _fresh_fill(op.src, target, op) if moves else None
                    if refilled is not None:  # a splat is made again with the target sharding, never moved
                        op.results[0].replace_all_uses_with(refilled)
                        op.erase()
            if block is self.func.regions[0].blocks[0]:
                self.use_sub_axes(block)
            for op in list(block.ops):
                if isinstance(op, ShardOp):
                    self.lower_point(op)
            for op in list(block.ops):
                if op.regions and not is_mesh_op(op) and not per_device(op):
                    self.lower_body_points(op)

    def lower_body_points(self, op: Operation) -> None:
        """Lower the resharding points inside the regions of ``op`` (those
        :func:`meshc.interfaces.region_models.insert_body_reshards` put in the body of a region op
        partitioned in place, nested ones included) to collectives: each runs on every run of the
        body, in local view after ``partition``, so none is a peer read."""
        saved = self.built
        for region in op.regions:
            for block in region.blocks:
                self.built = {}  # a value of one body is not reused in another
                self.slice_before_elementwise(block)
                for inner in list(block.ops):
                    if isinstance(inner, ShardOp) and inner.is_resharding_point and is_distributed(inner.src):
                        self.lower_point(inner, in_body=True)
                    elif inner.regions and not is_mesh_op(inner):
                        self.lower_body_points(inner)
        self.built = saved

    # -- 0. sub-axes ---------------------------------------------------------------------------------------------
    def use_sub_axes(self, block: Block) -> None:
        """Gather within aligned groups where the points need no more (module docstring, "Sub-axes"): for
        each static mesh axis ``k`` of composite size ``n`` that the points of ``block`` gather or
        all_to_all over, and each group size ``g`` (``g | n``, ``1 < g < n``), plan every such point again
        on the mesh that splits ``k`` into ``(n // g, g)`` (:mod:`meshc.sharding.subaxes`: the same devices
        in the same order). When no point receives more bytes per device there and some receive fewer,
        the function moves onto that mesh (:meth:`move_to_mesh`), the best split first; then the points
        are lowered there as anywhere. Peer reads (``strategy=peer``, a peered axis) read only what they
        need already: such axes are left whole."""
        if not self.owner.sub_axes or not self.mesh.is_static or self.owner.strategy == "peer":
            return
        cases = []
        for op in block.ops:
            if not (isinstance(op, ShardOp) and op.is_resharding_point and not op.peer_read):
                continue
            t, src, dst = op.src.type, sharding_of(op.src.type), sharding_of(op.results[0].type)
            if src is None or dst is None or not isinstance(t, TensorType) or not t.has_static_shape:
                continue
            try:
                steps = plan_reshard(src.to_spec(), dst.to_spec(), self.mesh, t.shape)
            except ShardingError:
                continue
            axes = {a for s in steps if isinstance(s, (AllGather, AllToAll)) for a in s.axes}
            if axes:
                item = byte_width(t.element_type)
                before = max(plan_bytes_per_device(steps, src.to_spec(), self.mesh, t.shape, item))
                cases.append((src.to_spec(), dst.to_spec(), t.shape, item, before, axes))
        best: Optional[tuple[int, int, int]] = None
        for k in sorted({a for c in cases for a in c[5]} - set(self.mesh.peered_axes)):
            for g in group_sizes(self.mesh.axis_size(k)):
                saved = self._saved_on(cases, k, g)
                if saved and (best is None or saved > best[0]):
                    best = (saved, k, g)
        if best is not None and movable(self.func, self.mesh.name):
            self.move_to_mesh(best[1], best[2], best[0])

    def _saved_on(self, cases: list, k: int, g: int) -> Optional[int]:
        """Bytes per device the ``cases`` save in all on the mesh with axis ``k`` in groups of ``g``
        (None when one of them would receive more there, or cannot be planned)."""
        name = derived_mesh_name(self.mesh.name, k, g)
        derived = split_mesh(self.mesh, k, g, name)
        saved = 0
        for src, dst, shape, item, before, _ in cases:
            a, b = split_sharding(src, k, name), split_sharding(dst, k, name)
            try:
                after = max(plan_bytes_per_device(plan_reshard(a, b, derived, shape), a, derived, shape, item))
            except ShardingError:
                return None
            if after > before:
                return None
            saved += before - after
        return saved

    def move_to_mesh(self, k: int, g: int, saved: int) -> None:
        """Put the function on the mesh whose axis ``k`` is split into groups of ``g``
        (:func:`meshc.passes.sub_axes.move_function`), with a remark."""
        target = move_function(self.func, self.mesh_op, k, g)
        if target is None:
            return
        old = self.mesh
        if self.owner.context.remarks:
            self.owner.remark(self.func, f"function @{self.func.sym_name} moves to mesh @{target.sym_name} "
                                         f"(shape {target.as_mesh().shape_str()}): mesh @{old.name} with axis {k} "
                                         f"of {old.axis_size(k)} devices in groups of {g}, so that its resharding "
                                         f"points gather within a group ({saved} B per device fewer)")
        self.mesh_op, self.mesh = target, target.as_mesh()

    # -- 1. what consumers need ---------------------------------------------------------------------------------
    def insert_needed_points(self, op: Operation) -> None:
        operands = [sharding_of(v.type) for v in op.operands]
        results = [sharding_of(r.type) for r in op.results]
        if not any(operands) and not any(results):
            return
        try:
            need_in, need_out = needed_shardings(op, self.mesh)
        except ShardingRuleError as err:
            raise op.error(f"cannot be partitioned with these shardings: {err}") from None
        tied = iteration_space(op).tied
        for i, (have, need) in enumerate(zip(operands, need_in)):
            is_init = i < len(tied) and tied[i] is not None  # a destination must have its result's type
            keep_halo = is_init or bool(need is not None and need.halo_sizes)  # the op computes on the halo too
            if have is None or need is None or self.same(have, need, op.operands[i].type, ignore_halo=not keep_halo):
                continue
            v = op.operands[i]
            if contents_unread(op, i):  # never move uninitialised memory: a new tensor.empty with `need`
                fresh = _fresh_empty(v, need, op)
                Builder.before(op).insert(fresh)
                op.set_operand(i, fresh.results[0])
                continue
            refilled = _fresh_fill(v, need, op)
            if refilled is not None:  # a splat is made again with `need`, never moved
                op.set_operand(i, refilled)
                continue
            point = ShardOp.build(v, need, loc=op.location, distributed=True)
            Builder.before(op).insert(point)
            op.set_operand(i, point.result)
        for r, (have, need) in enumerate(zip(results, need_out)):
            if have is None or need is None or self.same(have, need, op.results[r].type):
                continue
            res = op.results[r]
            final_type = res.type
            res.type = with_sharding(final_type, need)  # type: ignore[arg-type]
            point = ShardOp.build(res, have, loc=op.location, distributed=True)
            point.results[0].type = final_type
            Builder.after(op).insert(point)
            res.replace_uses_if(point.result, lambda user: user is not point)

    def slice_before_elementwise(self, block: Block) -> None:
        """Cut before an elementwise op rather than after it, where that lets a partial value be
        reduce-scattered instead of all-reduced then sliced. A point ``v -> B`` whose source is the
        only result of an op with the ``Elementwise`` trait, used by the point alone, and that only
        slices (:func:`meshc.sharding.plan_reshard` gives ``all_slice`` steps: ``B`` splits more of
        a value ``v``'s sharding has whole) moves above the op when one of its operands is a
        combination of a partial value (a resharding point or global-view collective from a partial
        sharding, used there alone; through elementwise ops of one use too): the op computes on the
        ``B`` split, each of its tensor operands is resharded to ``B`` (a combination from its
        partial source: the partial -> split plan is one ``reduce_scatter`` where it was an
        ``all_reduce`` and a slice; another operand: a local slice). Elementwise ops commute with
        slices, so the values are the same; each device receives half the bytes and computes the op
        on its slice only. The pair comes from the value's consumers: an elementwise op of a partial
        operand is replicated (the sum is needed first) and its user needs a split (a loop-carried
        value's yield resharded back to its iter_arg's split, docs/pipeline.md "Reshards inside a
        body"). DESIGN.md: partial -> split = reduce_scatter; XLA's reduce-scatter creator
        (``ReduceScatterCreator``: all-reduce followed by a dynamic slice) makes the same fold."""
        work = [op for op in block.ops if isinstance(op, ShardOp) and op.is_resharding_point and not op.peer_read]
        while work:
            point = work.pop()
            if point.parent is not block:
                continue
            work.extend(self._sink_point(point))

    def halo_before_pad(self, block: Block) -> None:
        """Exchange a halo on the operands of the op that produces the value rather than on the value,
        where that moves fewer bytes: a point ``v -> H`` that only adds halos (``H`` is ``v``'s
        sharding with ``halo_sizes``: one ``update_halo``), ``v`` the only result of an op used by the
        point alone, moves above the op when the op keeps halos on the loops of ``v``'s halo'd dims
        (:func:`~meshc.interfaces.sharding.with_result_halos`: the op's rule then computes ``H`` from
        its operands' halo'd shardings) and those operands are smaller than ``v`` (a ``tensor.pad``'s
        source: the halo cells are the source's, the pads are made where they lie). A SAME
        convolution's input is then exchanged before its padding, as XLA's partitioner does it (its
        halo exchange of a padded convolution moves the unpadded rows)."""
        work = [op for op in block.ops if isinstance(op, ShardOp) and op.is_resharding_point and not op.peer_read]
        while work:
            point = work.pop()
            if point.parent is block:
                work.extend(self._halo_above(point))

    def _halo_above(self, point: ShardOp) -> list:
        """:meth:`halo_before_pad` for one ``point``; returns the new points (to try again)."""
        v = point.src
        op = getattr(v, "op", None)
        if op is None or len(op.results) != 1 or len(v.uses) != 1 or not has_sharding_rule(op):
            return []
        have, want = sharding_of(v.type), sharding_of(point.results[0].type)
        t = v.type
        if have is None or want is None or have.halo_sizes or not want.halo_sizes or have.partial_axes \
                or not isinstance(t, TensorType) or not t.has_static_shape \
                or not self.same(have, want, t, ignore_halo=True):
            return []
        shardings = [sharding_of(o.type) for o in op.operands]
        try:
            ls = loop_sharding(op, shardings, [have], mesh=self.mesh)
            halo_ls = with_result_halos(op, ls, 0, want, self.mesh)
            if halo_ls is None:
                return []
            needs = operand_shardings_for(op, halo_ls, self.mesh)
            made = result_shardings_for(op, halo_ls, self.mesh)[0]
        except ShardingRuleError:
            return []
        if made is None or not self.same(made, want, t):
            return []
        tensors = [i for i, o in enumerate(op.operands) if is_distributed(o) and needs[i] is not None]
        if sum(math.prod(op.operands[i].type.shape) for i in tensors) >= math.prod(t.shape):
            return []  # not fewer cells to exchange: leave the point where it is
        new_points = []
        for i in tensors:
            o = op.operands[i]
            if self.same(sharding_of(o.type), needs[i], o.type):
                continue
            moved = ShardOp.build(o, needs[i], loc=point.location, distributed=True)
            moved.results[0].type = with_sharding(o.type, needs[i])  # type: ignore[arg-type]
            Builder.before(op).insert(moved)
            op.set_operand(i, moved.result)
            new_points.append(moved)
        v.type = point.results[0].type
        point.results[0].replace_all_uses_with(v)
        point.erase()
        return new_points

    def _combined_partial(self, v: Value, user: Operation, depth: int = 4) -> bool:
        """``v`` (used by ``user`` alone) combines a partial value: a resharding point or global-view
        collective from a partial sharding, or an elementwise op (of one use) of such a value."""
        producer = getattr(v, "op", None)
        if producer is None or depth == 0 or any(u is not user for u, _ in v.uses):
            return False
        if _is_reshard(producer):
            s = sharding_of(producer.operands[0].type)
            return s is not None and bool(s.partial_axes)
        if _pointwise(producer) and len(producer.results) == 1:
            return any(self._combined_partial(o, producer, depth - 1) for o in producer.operands if is_distributed(o))
        return False

    def _sink_point(self, point: ShardOp) -> list:
        """Move ``point`` above its source's elementwise op when :meth:`slice_before_elementwise` says so;
        returns the new points (to try again)."""
        v = point.src
        op = getattr(v, "op", None)
        if op is None or not _pointwise(op) or len(op.results) != 1 or len(v.uses) != 1:
            return []
        have, want = sharding_of(v.type), sharding_of(point.results[0].type)
        t = v.type
        if have is None or want is None or want.halo_sizes or have.halo_sizes or not isinstance(t, TensorType):
            return []
        try:
            steps = plan_reshard(have.to_spec(), want.to_spec(), self.mesh, t.shape)
        except ShardingError:
            return []
        if not steps or not all(isinstance(st, AllSlice) for st in steps):
            return []
        tensors = [i for i, o in enumerate(op.operands) if is_distributed(o)]
        if not all(op.operands[i].type.shape == t.shape and self.same(sharding_of(op.operands[i].type), have,
                                                                        op.operands[i].type) for i in tensors):
            return []  # not one shape and layout: leave the op as it is
        if not any(self._combined_partial(op.operands[i], op) for i in tensors):
            return []
        new_points: list = []
        done: dict = {}  # an operand read twice (x * x) is resharded once
        for i in tensors:
            o = op.operands[i]
            if o in done:
                op.set_operand(i, done[o])
                continue
            producer = getattr(o, "op", None)
            src = o
            if producer is not None and _is_reshard(producer) and all(u is op for u, _ in o.uses) and \
                    producer.operands[0].type.element_type == o.type.element_type:
                src = producer.operands[0]  # plan from the combination's source (partial -> B)
            moved = ShardOp.build(src, want, loc=point.location, distributed=True)
            moved.results[0].type = with_sharding(o.type, want)  # type: ignore[arg-type]
            Builder.before(op).insert(moved)
            done[o] = moved.result
            op.set_operand(i, moved.result)
            new_points.append(moved)
        for o in done:
            producer = getattr(o, "op", None)
            if producer is not None and _is_reshard(producer) and not o.uses:
                producer.erase()
        v.type = point.results[0].type
        point.results[0].replace_all_uses_with(v)
        point.erase()
        return new_points

    def same(self, a: ShardingAttr, b: ShardingAttr, t, ignore_halo: bool = False) -> bool:
        sa, sb = a.to_spec(), b.to_spec()
        if ignore_halo:
            sa, sb = sa.without_halo(), sb.without_halo()
        try:
            return same_layout(sa, sb, self.mesh, t.shape)
        except ShardingError:
            return a == b

    # -- 2. redundant pairs ---------------------------------------------------------------------------------------
    def compose_points(self, block: Block) -> None:
        seen: dict[tuple, Value] = {}
        for op in list(block.ops):
            if not isinstance(op, ShardOp):
                continue
            if not is_distributed(op.src):
                raise op.error("expects distributed tensor types (run distribute-types first): the operand type "
                               f"'{op.src.type}' carries no '#mesh.shard'")
            src = op.src
            while isinstance(getattr(src, "op", None), ShardOp) and src.op.is_resharding_point:  # type: ignore
                src = src.op.src  # type: ignore[union-attr]
            if src is not op.src:
                op.set_operand(0, src)
            out = op.results[0]
            if src.type == out.type:
                out.replace_all_uses_with(src)
                op.erase()
                continue
            if out.uses and all(contents_unread(user, i) for user, i in out.uses):  # nothing read: no data moves
                fresh = _fresh_empty(src, sharding_of(out.type), op)  # type: ignore[arg-type]
                Builder.before(op).insert(fresh)
                out.replace_all_uses_with(fresh.results[0])
                op.erase()
                continue
            key = (id(src), out.type, op.peer_read)
            if key in seen:
                out.replace_all_uses_with(seen[key])
                op.erase()
                continue
            seen[key] = out
        for op in reversed(list(block.ops)):  # points left without users (their consumers were composed)
            if isinstance(op, ShardOp) and not op.results[0].uses:
                op.erase()

    # -- 3. lowering -----------------------------------------------------------------------------------------------
    def lower_point(self, op: ShardOp, in_body: bool = False) -> None:
        t_in, t_out = op.src.type, op.results[0].type
        src, dst = sharding_of(t_in), sharding_of(t_out)
        assert isinstance(t_in, TensorType) and src is not None and dst is not None
        shape = t_in.shape
        try:
            steps = plan_reshard(src.to_spec(), dst.to_spec(), self.mesh, shape)
        except ShardingError as err:
            raise op.error(f"cannot reshard {src} to {dst}: {err}") from None
        if not steps:
            if self.owner.context.remarks:  # same layout spelled differently: partition copies it locally
                self.owner.remark(op, f"{_who(op)}: {src} -> {dst}: same data on every device, nothing moves")
            return
        actions, note = self.choose(op, steps, src.to_spec(), dst.to_spec(), t_in, in_body)
        keys = [(id(op.src), tuple(_action_key(a) for a in actions[:k + 1])) for k in range(len(actions))]
        reused = [self.built[key][1] if key in self.built else None for key in keys]
        if self.owner.context.remarks:
            for line in explain_point(op, actions, note, self.mesh, reused):
                self.owner.remark(op, line)
        value: Value = op.src
        current = src.to_spec()
        builder = Builder.before(op)
        who = _who(op)
        for k, action in enumerate(actions):
            last = k == len(actions) - 1
            if reused[k] is not None and not last:
                value = self.built[keys[k]][0]
                current = action[1] if isinstance(action, tuple) else action.apply(current, self.mesh, shape)
                continue
            if isinstance(action, tuple):
                _, target, peer = action
                nxt = target
                new = ShardOp.build(value, ShardingAttr.from_spec(nxt), loc=op.location, distributed=True,
                                    peer_read=peer)
            else:
                nxt = action.apply(current, self.mesh, shape)
                new = build_collective(action, value, with_sharding(t_in, ShardingAttr.from_spec(nxt)),
                                       self.mesh_op.sym_name, current, op.location)
            if last:
                new.results[0].type = t_out  # same layout as the target, spelled as written
                if isinstance(new, ShardOp):
                    new.attributes["shard"] = dst
            builder.insert(new)
            value, current = new.results[0], nxt
            self.built.setdefault(keys[k], (value, who))
        op.results[0].replace_all_uses_with(value)
        op.erase()

    def choose(self, op: ShardOp, steps: list[Step], src: Sharding, dst: Sharding,
               t: TensorType, in_body: bool = False) -> tuple[list[Action], str]:
        """The actions of the chosen strategy, and a note on the choice for the remark (a point in the
        body of a region op: collectives)."""
        moves = [s for s in steps if isinstance(s, (AllGather, AllToAll))]
        collectives: list[Action] = [("point", s.apply(c, self.mesh, t.shape), False)
                                     if isinstance(s, MarkPartial) else s
                                     for s, c in zip(steps, _currents(src, steps, self.mesh, t.shape))]
        if in_body:
            parent = op.parent_op.name if op.parent_op is not None else "a region op"
            return collectives, f" (in the body of '{parent}': collectives, run on every run of the body)"
        strategy = self.owner.strategy
        if strategy == "collectives" or not moves:
            return collectives, " (strategy=collectives)" if moves else ""
        axes = sorted({a for s in moves for a in s.axes})
        peered = all(a in self.mesh.peered_axes for a in axes)
        try:
            peer = self.peer_actions(src, dst, t)
        except ShardingError:
            return collectives, " (no in-place plan)"
        if strategy == "auto":
            if not peered:
                return collectives, f" (collectives: mesh axes {axes} are not all peered)"
            costs = self.costs(steps, peer, src, t)
            if costs is not None and costs[1] > costs[0]:
                return collectives, f" (collectives: {costs[0]} < {costs[1]} bytes per device by peer reads)"
            how = f", {costs[1]} bytes per device" if costs is not None else ""
            return peer, f" (peer reads over peered mesh axes {axes}{how})"
        if not peered:
            return peer, f" (peer strategy: reads over non-peered mesh axes {[a for a in axes if a not in self.mesh.peered_axes]} are copies)"
        return peer, " (peer strategy)"

    def peer_actions(self, src: Sharding, dst: Sharding, t: TensorType) -> list[Action]:
        """All-reduce the partial axes the target does not keep, read the rest in place, then add
        the target's halos by ``update_halo``."""
        kind_kept = dst.partial_type is src.partial_type
        kept = tuple(a for a in src.partial_axes if kind_kept and a in dst.partial_axes)
        mid = replace(src, partial_axes=kept, partial_type=src.partial_type if kept else "sum")
        actions: list[Action] = list(plan_reshard(src, mid, self.mesh, t.shape))
        core = dst.without_halo()
        actions.append(("point", core, True))
        if dst.halo_sizes:
            actions.append(UpdateHalo(dst.halo_sizes))
        return actions

    def costs(self, steps: list[Step], peer: list[Action], src: Sharding, t: TensorType) -> Optional[tuple[int, int]]:
        """Most bytes any device receives: (collectives, peer reads); None on a dynamic mesh/shape."""
        if not self.mesh.is_static or not t.has_static_shape:
            return None
        item = byte_width(t.element_type)
        coll = max(plan_bytes_per_device(steps, src, self.mesh, t.shape, item))
        total = [0] * self.mesh.num_devices
        current = src
        for a in peer:
            if isinstance(a, tuple):
                target = a[1]
                for d in self.mesh.devices():
                    total[d] += item * _missing(t.shape, current, target, self.mesh, d)
            else:
                moved = plan_bytes_per_device([a], current, self.mesh, t.shape, item)
                total = [x + y for x, y in zip(total, moved)]
                target = a.apply(current, self.mesh, t.shape)
            current = target
        return coll, max(total)


def _missing(shape, have: Sharding, want: Sharding, mesh, device: int) -> int:
    """Elements of ``device``'s region under ``want`` that it does not hold under ``have``."""
    a = local_region(shape, want, mesh, device)
    b = local_region(shape, have, mesh, device)
    n_a = 1
    n_both = 1
    for (a0, a1), (b0, b1) in zip(a, b):
        n_a *= a1 - a0
        n_both *= max(0, min(a1, b1) - max(a0, b0))
    return n_a - n_both


def _currents(src: Sharding, steps, mesh, shape) -> list[Sharding]:
    out, cur = [], src
    for s in steps:
        out.append(cur)
        cur = s.apply(cur, mesh, shape)
    return out


# -- remarks: one line per resharding point and per step (``meshc explain`` prints them) ------------------------
def explain_point(op: ShardOp, actions: list[Action], note: str, mesh: Mesh,
                  reused: Optional[list[Optional[str]]] = None) -> list[str]:
    """The remark lines of a lowered resharding point ``op`` (``%v: A -> B`` of the tensor value ``%v``).

    First line: ``%v for 'user': <A> -> <B>: <what is inserted> (<why>); <bytes>``; then, when the
    point takes several actions, one line per action: ``%v step k/n: <from> -> <to>: <action>;
    <bytes>``. ``<bytes>`` is what each device receives (the counting rule of
    :func:`meshc.sharding.reshard.transfer_matrix`; peer reads: the elements of the target region the
    device does not hold, times the element size), or that it depends on the mesh shape (dynamic).
    ``reused[k]`` names the earlier point whose identical step k (same value, same steps before it)
    this point reuses: that step moves nothing again (0 B) and its text says ``reuses ...``.
    """
    t = op.src.type
    assert isinstance(t, TensorType)
    src = sharding_of(t).to_spec()  # type: ignore[union-attr]
    static = mesh.is_static and t.has_static_shape
    item = byte_width(t.element_type)
    rows, current = [], src
    reused = reused or [None] * len(actions)
    for a, again in zip(actions, reused):
        nxt = a[1] if isinstance(a, tuple) else a.apply(current, mesh, t.shape)
        moved = _received(a, current, nxt, mesh, t.shape, item) if static else None
        rows.append((current, nxt, a, [0] * mesh.num_devices if static and again else moved, again))
        current = nxt
    total = [sum(col) for col in zip(*(r[3] for r in rows))] if static else None
    why = note or _default_reason(actions, total)
    dst = sharding_of(op.results[0].type)
    what = ", then ".join(_action_text(a, b, action) + (f" (reuses the one of {again})" if again else "")
                          for a, b, action, _, again in rows)
    lines = [f"{_who(op)}: {sharding_of(t)} -> {dst}: {what}{why}; {_bytes_text(total)}"]
    if len(rows) > 1:
        label = _value_label(op.src)
        for k, (a, b, action, moved, again) in enumerate(rows, 1):
            text = f"reuses the {_action_text(a, b, action)} of {again}" if again else _action_text(a, b, action)
            lines.append(f"{label} step {k}/{len(rows)}: <{a.body_str()}> -> <{b.body_str()}>: {text}; "
                         f"{_bytes_text(moved)}")
    return lines


def _action_key(a: Action) -> tuple:
    """What identifies a lowering action for reuse: the step, or the kept point's target and mode."""
    return ("point", str(a[1]), a[2]) if isinstance(a, tuple) else ("step", str(a))


def contents_unread(op: Operation, i: int) -> bool:
    """True when ``op`` never reads the CONTENTS of operand ``i``, so a reshard of it would move
    uninitialised or dead data: the operand is a ``tensor.empty`` (MLIR: "a tensor of unspecified
    contents"), or it is a DPS init of a linalg op whose loops are all parallel and whose payload
    does not use the init's block argument (named elementwise ops, ``linalg.fill``, a generic that
    only yields values computed from its inputs). Such an operand is given the needed sharding by a
    new ``tensor.empty`` instead of collectives (docs/pipeline.md stage 4)."""
    from meshc.dialects.linalg import StructuredOp
    from meshc.dialects.tensor import EmptyOp

    v = op.operands[i]
    if isinstance(getattr(v, "op", None), EmptyOp):
        return True
    if not isinstance(op, StructuredOp) or op.reduction_dims():
        return False
    n_in = len(op.inputs)
    if not n_in <= i < n_in + len(op.inits):
        return False
    block = op.payload_block
    if block is None:  # named ops with only parallel loops compute from their inputs alone
        return True
    arg = block.args[i] if i < len(block.args) else None
    return arg is not None and not arg.uses


def _fresh_empty(v: Value, need: ShardingAttr, where: Operation) -> Operation:
    """A ``tensor.empty`` of ``v``'s shape (its dynamic sizes from ``v``'s own ``tensor.empty`` when it
    is one) with sharding ``need``, located at ``where``."""
    from meshc.dialects.tensor import EmptyOp

    t = v.type
    assert isinstance(t, TensorType)
    owner = getattr(v, "op", None)
    if isinstance(owner, EmptyOp):
        dyn = list(owner.operands)
    elif not t.has_static_shape:
        raise where.error(f"cannot give the unread init '{t}' the sharding {need}: its dynamic sizes are unknown "
                          "here (use a tensor.empty as the init)")
    else:
        dyn = []
    return EmptyOp.build(with_sharding(t, need), dyn, loc=where.location)  # type: ignore[arg-type]


def _fresh_fill(v: Value, need: ShardingAttr, where: Operation) -> Optional[Value]:
    """``v`` made again with sharding ``need`` before ``where`` when it is a ``linalg.fill`` of a
    ``tensor.empty`` (a splat, which IREE's global optimization shares between consumers that need it
    sharded differently): a new ``tensor.empty`` + ``linalg.fill`` with ``need`` without its partial
    axes, then (if ``need`` has some) a resharding point to ``need`` that ``partition`` lowers locally
    (the value on the devices at coordinate 0 of those axes, the identity elsewhere). None for any
    other ``v``, and when ``need`` has halos (a fill's rule makes no halo cells: the halo exchange
    of a resharding point does): it is resharded by collectives."""
    from meshc.dialects.linalg import FillOp
    from meshc.dialects.tensor import EmptyOp

    fill = getattr(v, "op", None)
    if any(need.halo_sizes):
        return None
    if not isinstance(fill, FillOp) or len(fill.operands) != 2 or isinstance(fill.operands[0].type, TensorType):
        return None
    if not isinstance(getattr(fill.operands[1], "op", None), EmptyOp):
        return None
    whole = replace(need, partial_axes=(), partial_type="sum")
    b = Builder.before(where)
    empty = b.insert(_fresh_empty(fill.operands[1], whole, where))
    new = fill.clone({fill.operands[1]: empty.results[0]})
    new.results[0].type = with_sharding(v.type, whole)  # type: ignore[arg-type]
    b.insert(new)
    if not need.partial_axes:
        return new.results[0]
    point = b.insert(ShardOp.build(new.results[0], need, loc=where.location, distributed=True))
    return point.results[0]


def _value_label(v: Value) -> str:
    """``%name`` as written in the source, else which result or argument it is."""
    if v.name_hint:
        return f"%{v.name_hint}"
    if isinstance(getattr(v, "op", None), Operation):
        return f"result #{v.index} of '{v.op.name}'"  # type: ignore[attr-defined]
    return f"argument #{getattr(v, 'index', '?')}"


def _who(op: ShardOp) -> str:
    users = list(dict.fromkeys(u.name for u in op.results[0].users))
    return _value_label(op.src) + (" for " + ", ".join(f"'{u}'" for u in users) if users else "")


def _action_text(current: Sharding, nxt: Sharding, a: Action) -> str:
    if not isinstance(a, tuple):
        return str(a)
    if a[2]:
        return "peer read in place"
    new = [x for x in nxt.partial_axes if x not in current.partial_axes]
    return f"mark_partial mesh_axes = [{', '.join(map(str, new))}]"


def _default_reason(actions: list[Action], received: Optional[list[int]] = None) -> str:
    """Why a point without a strategy choice (no gathers or all_to_alls) was lowered as it was; an
    all_slice is local unless some device ``received`` bytes: its slice of a value its peer group stores
    once, read from the group's copy (:func:`_received`)."""
    if any(isinstance(a, (AllReduce, ReduceScatter)) for a in actions):
        return " (partial values are combined by a collective)"
    if any(isinstance(a, tuple) for a in actions):  # mark_partial points (peer reads come with a note)
        return " (local: the devices off coordinate 0 of the new partial axes start from the reduction identity)"
    if all(isinstance(a, AllSlice) for a in actions):
        if received and any(received):
            return (" (no collective: the value is stored once per peer group, and each device off the "
                    "group's first reads its slice of that copy in place)")
        return " (local: each device keeps its slice)"
    return ""


def _received(a: Action, current: Sharding, nxt: Sharding, mesh: Mesh, shape, item: int) -> list[int]:
    """Bytes each device receives during action ``a`` (static mesh and shape), as the unrolled program
    moves them (docs/pipeline.md stage 6: data that devices of one peer group hold alike is stored once, on
    the group's first device, :func:`meshc.sharding.storage_owner`):

    * a peer read: each stored shard of the target is filled by its owner, which reads what it does not
      hold (a target replicated over peered axes: only the group's first device reads);
    * an all_slice of a source stored once per peer group: each target shard's owner that does not own
      the source takes its slice from the group's stored value by a peer read (its slice's bytes);
    * any other collective: :func:`meshc.sharding.plan_bytes_per_device`.
    """
    devices = list(mesh.devices())
    if isinstance(a, tuple):
        if not a[2]:
            return [0] * mesh.num_devices
        return [item * _missing(shape, current, nxt, mesh, d) if storage_owner(shape, nxt, mesh, d) == d else 0
                for d in devices]
    if isinstance(a, AllSlice) and any(storage_owner(shape, current, mesh, d) != d for d in devices):
        out = []
        for d in devices:
            takes = storage_owner(shape, nxt, mesh, d) == d and storage_owner(shape, current, mesh, d) != d
            out.append(item * math.prod(b - e for e, b in local_region(shape, nxt, mesh, d)) if takes else 0)
        return out
    return plan_bytes_per_device([a], current, mesh, shape, item)


def _bytes_text(per_device: Optional[list[int]]) -> str:
    """``each device receives 384 B`` / ``devices receive [0, 384] B`` (<= 16 devices) / ``up to ...``."""
    if per_device is None:
        return "bytes per device depend on the mesh shape (dynamic)"
    if len(set(per_device)) == 1:
        return f"each device receives {per_device[0]} B"
    if len(per_device) <= 16:
        return f"devices receive [{', '.join(map(str, per_device))}] B"
    return f"devices receive up to {max(per_device)} B ({sum(per_device)} B in all)"


#: the bytes at the end of a remark line: ``; each device receives ...`` / ``; devices receive ...``
#: (:func:`_bytes_text`), or an in-body collective's ``; 384 B per device per run`` (maybe with a note)
_BYTES_TAIL = re.compile(r"; (?:((?:each device receives|devices receive) )(.*)|([0-9][^;]* per device) per run"
                         r"( \([^;]*\))?)$")


def bytes_per_trip_text(message: str, trips: Optional[int], of_trips: Optional[int] = None) -> str:
    """``message`` (a remark line ending in the bytes of :func:`_bytes_text`, or ``N B per device per
    run``) said of a point inside a loop, which moves that much on each of ``trips`` trips: ``...; each
    device receives 384 B per trip, 3 trips: 1152 B in all`` (``trips`` None, a dynamic count: ``...
    per trip``; ``of_trips``: the loop's trips, when the point runs on fewer: ``2 of 3 trips``)."""
    m = _BYTES_TAIL.search(message)
    count = f"{trips} of {of_trips} trips" if of_trips is not None else f"{trips} trips"
    if m is None:
        return message + ("; per trip" if trips is None else f"; per trip, {count}")
    verb, figures, note = (m.group(1), m.group(2), "") if m.group(1) else ("", m.group(3), m.group(4) or "")
    text = f"; {verb}{figures} per trip"
    if trips is not None:
        if "dynamic" in figures:
            text += f", {count}"
        else:
            total = re.sub(r"\d+", lambda d: str(int(d.group()) * trips), figures)
            text += f", {count}: {total}" + ("" if total.endswith(" in all)") else " in all")
    return message[:m.start()] + text + note


def build_collective(step: Step, value: Value, result_type: TensorType, mesh: str, current: Sharding,
                     loc) -> Operation:
    """The global-view mesh op of ``step`` from ``value`` (sharded ``current``) to ``result_type``
    (docs/pipeline.md stage 4)."""
    attrs: dict = {"mesh": SymbolRefAttr(mesh)}
    if isinstance(step, UpdateHalo):
        attrs["split_axes"] = _split_attr(current.split_axes)
        attrs["static_halo_sizes"] = DenseArrayAttr(I64, tuple(step.halo_sizes))
        return Operation.create([value], [result_type], attrs, location=loc, name="mesh.update_halo")
    if step.axes:
        attrs["mesh_axes"] = DenseArrayAttr(I16, tuple(step.axes))
    kind = getattr(step, "kind", None)
    if kind is not None and kind.value != "sum":
        attrs["reduction"] = StringAttr(kind.value)
    if isinstance(step, AllGather):
        attrs["gather_axis"] = IntegerAttr(step.dim, INDEX)
    elif isinstance(step, AllSlice):
        attrs["slice_axis"] = IntegerAttr(step.dim, INDEX)
    elif isinstance(step, AllToAll):
        attrs["split_axis"] = IntegerAttr(step.dst_dim, INDEX)
        attrs["concat_axis"] = IntegerAttr(step.src_dim, INDEX)
    elif isinstance(step, ReduceScatter):
        attrs["scatter_axis"] = IntegerAttr(step.dim, INDEX)
    elif not isinstance(step, AllReduce):
        raise DiagnosticError(f"internal: no mesh op for step {step}", loc)
    return Operation.create([value], [result_type], attrs, location=loc, name=f"mesh.{step.op_name}")

