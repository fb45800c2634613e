"""The mesh dialect's sharding-check library: mesh lookup, mesh-axis checks,
:func:`check_sharding` / :func:`verify_sharding` / :func:`verify_op_shardings`
(the ``#mesh.shard`` encodings of any op's types), the local-vs-global type
check of SPMD bodies, and the checks of the collectives' global view and
unrolled N-operand form (docs/pipeline.md stages 4 and 6) with
:func:`storage_pieces`, which applies the storage policy of
:mod:`meshc.sharding.storage` to a distributed tensor type.

Raises :class:`ShardingVerifyError` (a ValueError) with a message; the ops
turn it into a located error. Re-exported by :mod:`meshc.dialects.mesh`.
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import ClassVar, Iterator, Optional, Sequence, Union

from meshc.ir.attributes import (ArrayAttr, Attribute, DenseArrayAttr, IntegerAttr, StringAttr, SymbolRefAttr,
                                 UnitAttr)
from meshc.ir.core import Block, Operation, OpResult, Region, Value, op_class, register_op, unchanged_ir_memo
from meshc.ir.location import UNKNOWN_LOC, DiagnosticError, Location, note
from meshc.ir.types import I64, INDEX, K_DYNAMIC, FunctionType, IntegerType, OpaqueType, TensorType, Type
from meshc.sharding import storage as _storage
from meshc.dialects.mesh_attrs import (REDUCTION_KINDS, ShardEncodingAttr, ShardingAttr, data_encoding_of,
                                       sharding_of)


# ---------------------------------------------------------------------------------------------------------------
# Constants and small helpers
# ---------------------------------------------------------------------------------------------------------------

#: A ``?`` in a mesh shape, or an SSA entry of a static index list (upstream ``ShapedType::kDynamic``).
DYNAMIC_INDEX = K_DYNAMIC
#: The canonical type of a ``mesh.sharding`` value (``!shard.sharding`` is read as the same thing).
SHARDING_TYPE = OpaqueType("mesh", "sharding")
#: Element type of mesh-axis lists (upstream ``MeshAxis`` is ``int16_t``).
I16 = IntegerType(16)

Entry = Union[int, Value]  # one entry of a static/dynamic index list


class ShardingVerifyError(ValueError):
    """A sharding that does not fit its mesh or tensor (the message names the offending numbers)."""


def is_sharding_type(t: Type) -> bool:
    """True for ``!mesh.sharding`` and its LLVM 21+ spelling ``!shard.sharding``."""
    return isinstance(t, OpaqueType) and t.dialect in ("mesh", "shard") and t.name == "sharding" and not t.body


def balanced_shard_sizes(n: int, k: int) -> tuple[int, ...]:
    """The distinct shard sizes of ``n`` elements over ``k`` devices under meshc's balanced rule
    (DESIGN.md: ``n // k`` each, the last ``n % k`` shards one more): 10 over 4 -> (2, 3); 8 over 4 -> (2,)."""
    q, r = divmod(n, k)
    return (q,) if r == 0 else (q, q + 1)


def _axes_text(axes: Sequence[int]) -> str:
    return "[" + ", ".join(str(a) for a in axes) + "]"


def _split_text(split: Sequence[Sequence[int]]) -> str:
    return "[" + (", ".join(_axes_text(a) for a in split) or "[]") + "]"


def _alternatives(sizes: Sequence[int]) -> str:
    return " or ".join(str(s) for s in sizes)


def _normalize_split(split) -> tuple[tuple[int, ...], ...]:
    axes = [tuple(int(a) for a in entry) for entry in split]
    while axes and not axes[-1]:
        axes.pop()
    return tuple(axes)


def _int_values(attr: Optional[Attribute]) -> tuple[int, ...]:
    """Integers of a DenseArrayAttr (or of an ArrayAttr of IntegerAttr, as a generic form may spell them)."""
    if attr is None:
        return ()
    if isinstance(attr, DenseArrayAttr):
        return tuple(int(v) for v in attr.values)
    if isinstance(attr, ArrayAttr):
        return tuple(int(e.value) for e in attr.elements)  # type: ignore[attr-defined]
    raise TypeError(f"expected an array of integers, got '{attr}'")


def _split_values(attr: Optional[Attribute]) -> tuple[tuple[int, ...], ...]:
    if attr is None:
        return ()
    if not isinstance(attr, ArrayAttr):
        raise TypeError(f"expected an array of mesh-axis arrays, got '{attr}'")
    return _normalize_split(_int_values(e) for e in attr.elements)


def _split_attr(split) -> ArrayAttr:
    return ArrayAttr(tuple(DenseArrayAttr(I16, tuple(axes)) for axes in _normalize_split(split)))


def enclosing_module(op: Operation):
    """The nearest ``builtin.module`` around ``op`` (None for a detached op). O(depth), or O(1)
    amortized while the IR does not change (:func:`meshc.ir.core.unchanged_ir_memo`: during a
    verification each block passed remembers its module, so the ops of a deep nest do not each walk
    up to the module)."""
    from meshc.dialects.builtin import ModuleOp

    memo = unchanged_ir_memo()
    passed = []
    found = None
    for a in op.ancestors():
        if isinstance(a, ModuleOp):
            found = a
            break
        if memo is not None:
            hit = memo.get(("enclosing_module", id(a)))
            if hit is not None and hit[0] is a:
                found = hit[1]
                break
            passed.append(a)
    if memo is not None:
        for a in passed:
            memo[("enclosing_module", id(a))] = (a, found)
    return found


def lookup_mesh(module, name: str) -> "MeshOp":
    """The ``mesh.mesh`` named ``name`` in ``module``'s symbol table.

    Raises:
        ShardingVerifyError: no symbol of that name, or it is not a mesh.
    """
    target = module.lookup(name)
    if target is None:
        raise ShardingVerifyError(f"undefined mesh '@{name}'")
    if target.name != "mesh.mesh":  # MeshOp (meshc.dialects.mesh), by name: this module comes first
        raise ShardingVerifyError(f"'@{name}' does not reference a mesh (it is a '{target.name}')")
    return target


# ---------------------------------------------------------------------------------------------------------------
# Sharding verification (shared with verifier hooks)
# ---------------------------------------------------------------------------------------------------------------

def _check_mesh_axis(axis: int, mesh: Optional["MeshOp"], mesh_name: str, where: str) -> None:
    if axis < 0:
        raise ShardingVerifyError(f"{where}: mesh axis {axis} is negative")
    if mesh is not None and axis >= mesh.rank:
        raise ShardingVerifyError(f"{where}: mesh axis {axis} is out of range for mesh @{mesh_name} of rank "
                                  f"{mesh.rank}")


def check_mesh_axes(axes: Sequence[int], mesh: Optional["MeshOp"], mesh_name: str, what: str) -> None:
    """Raise ShardingVerifyError unless ``axes`` are distinct, in-range axes of ``mesh`` (``what``
    names the list, e.g. ``mesh_axes``). Upstream MLIR mesh verifies collectives' mesh_axes this way."""
    seen: set[int] = set()
    for a in axes:
        _check_mesh_axis(a, mesh, mesh_name, what)
        if a in seen:
            raise ShardingVerifyError(f"{what}: mesh axis {a} is listed twice")
        seen.add(a)


def _group_size(mesh: Optional["MeshOp"], axes: Sequence[int]) -> Optional[int]:
    """Devices in a group over mesh ``axes`` (product of their sizes); None when unknown (dynamic)."""
    if mesh is None:
        return None
    k = 1
    for a in axes:
        size = mesh.shape[a] if 0 <= a < mesh.rank else None
        if size is None:
            return None
        k *= size
    return k


def _dim_offsets(s: ShardingAttr, mesh: Optional["MeshOp"], dim: int) -> Optional[tuple[int, ...]]:
    """The ``k + 1`` boundaries ``sharded_dims_offsets`` gives tensor ``dim`` (None if undecidable)."""
    pos = 0
    for d, axes in enumerate(s.split_axes):
        if not axes:
            continue
        k = _group_size(mesh, axes)
        if k is None:
            return None
        if d == dim:
            chunk = s.sharded_dims_offsets[pos:pos + k + 1]
            return chunk if len(chunk) == k + 1 else None
        pos += k + 1
    return None


_AXES_RANGE_CHECKED: ContextVar[bool] = ContextVar("axes_range_checked", default=True)


@contextmanager
def upstream_axis_checks() -> Iterator[None]:
    """Within this block, a sharding's split and partial axes are checked for sign and duplicates
    only, not for their range, as upstream's ``mesh.sharding`` / ``shard.sharding`` and ``shard``
    verifiers do (LLVM 19-22: ``MeshOps.cpp`` / ``ShardOps.cpp`` ``verifyMeshAxes``). Upstream's own
    tests rely on it: LLVM 20's ``ops.mlir`` writes ``partial = sum[1, 2]`` on a mesh of rank 2,
    LLVM 22's ``sharding-propagation.mlir`` splits on ``[0, 1, 2]`` of a rank-1 grid.

    ``meshc-opt`` runs inside it; meshc's own commands do not, and the passes that need the sizes
    of the axes (distributed types, partition, unroll) check the range again at the value's line
    (docs/meshc-opt.md, "Verifier rules").
    """
    token = _AXES_RANGE_CHECKED.set(False)
    try:
        yield
    finally:
        _AXES_RANGE_CHECKED.reset(token)


def check_sharding(sharding: ShardingAttr, tensor_type: Optional[Type] = None,
                   mesh: Optional["MeshOp"] = None, annotation: bool = False) -> None:
    """Check ``sharding`` on its own, against ``mesh`` (its ``mesh.mesh`` op, if known) and against
    ``tensor_type`` (the annotated tensor, if known). Entries equal to :data:`DYNAMIC_INDEX` in
    ``halo_sizes``/``sharded_dims_offsets`` (SSA values) are skipped.

    Rules (MLIR mesh ``MeshSharding``/``mesh.sharding`` verifiers, LLVM 19/20 docs):
      * every mesh axis is in range of the mesh rank and used at most once, across split and partial axes
        (so partial axes are disjoint from split axes); for an ``annotation`` (a sharding value or
        a ``shard`` op's sharding, not a sharded type) within :func:`upstream_axis_checks` the range
        is not checked;
      * at most rank(tensor) split-axes entries (trailing empty ones do not count), checked first (a
        split list written for another tensor is the error, whatever else is wrong in it);
      * the partial reduction kind is one of :data:`REDUCTION_KINDS` (``generic`` included, as upstream's
        verifier: it has no combiner, so the passes that combine partial values reject it);
      * ``halo_sizes`` has 2 non-negative entries per split tensor dim; ``sharded_dims_offsets`` has
        ``k + 1`` entries per split dim (``k`` = devices splitting it), starting at 0, non-decreasing and
        ending at the dim size, on a mesh of static shape only; both together widen the explicit shards
        by the halos (meshc's; upstream MLIR keeps them exclusive: docs/ir-syntax.md).

    Raises:
        ShardingVerifyError: the first violation, naming the axis, dim or count.
    """
    check_split_rank(sharding, tensor_type)  # first: a split list for another tensor explains the rest
    _check_axes_use(sharding, mesh if _AXES_RANGE_CHECKED.get() or not annotation else None)
    if sharding.partial_axes:
        kind = sharding.partial_type
        if kind not in REDUCTION_KINDS:
            raise ShardingVerifyError(f"unknown reduction kind '{kind}' (expected one of "
                                      f"{', '.join(REDUCTION_KINDS)})")
    _check_halo(sharding)
    _check_offsets(sharding, tensor_type, mesh)


def check_split_rank(sharding: ShardingAttr, tensor_type: Optional[Type]) -> None:
    """At most rank(tensor) split-axes entries (trailing empty ones are dropped when read).

    Raises:
        ShardingVerifyError: ``the sharding has 2 split dims but the tensor 'tensor<4xf32>' has rank 1``.
    """
    if isinstance(tensor_type, TensorType) and tensor_type.rank is not None and \
            len(sharding.split_axes) > tensor_type.rank:
        raise ShardingVerifyError(f"the sharding has {len(sharding.split_axes)} split dims "
                                  f"{_split_text(sharding.split_axes)} but the tensor '{tensor_type}' has rank "
                                  f"{tensor_type.rank}")


def _check_axes_use(sharding: ShardingAttr, ranged_mesh: Optional["MeshOp"]) -> None:
    """Mesh axes in range of ``ranged_mesh`` (None: the sign only), each used once across split and
    partial axes."""
    seen: dict[int, str] = {}
    for d, axes in enumerate(sharding.split_axes):
        where = f"split axes of tensor dim {d}"
        for a in axes:
            _check_mesh_axis(a, ranged_mesh, sharding.mesh, where)
            if a in seen:
                raise ShardingVerifyError(f"mesh axis {a} is used more than once (in {seen[a]} and in {where})")
            seen[a] = where
    for a in sharding.partial_axes:
        _check_mesh_axis(a, ranged_mesh, sharding.mesh, "partial axes")
        if a in seen:
            if seen[a] == "partial axes":
                raise ShardingVerifyError(f"partial axis {a} is listed twice")
            raise ShardingVerifyError(f"partial axis {a} is also used in {seen[a]}; partial and split axes must be "
                                      "disjoint")
        seen[a] = "partial axes"


def _sharded_dims(sharding: ShardingAttr) -> list[int]:
    return [d for d, axes in enumerate(sharding.split_axes) if axes]


def _check_halo(sharding: ShardingAttr) -> None:
    """(low, high) per split tensor dim, none negative (LLVM 20 ``halo_sizes``)."""
    halo = sharding.halo_sizes
    if not halo:
        return
    n = len(_sharded_dims(sharding))
    if len(halo) != 2 * n:
        raise ShardingVerifyError(f"halo_sizes has {len(halo)} entries; expected 2 per split tensor dim ({2 * n})")
    for h in halo:
        if h != DYNAMIC_INDEX and h < 0:
            raise ShardingVerifyError(f"halo size {h} is negative")


def _check_offsets(sharding: ShardingAttr, tensor_type: Optional[Type], mesh: Optional["MeshOp"]) -> None:
    """``k + 1`` boundaries per split dim, from 0 up to the dim size (LLVM 20 ``sharded_dims_offsets``)."""
    offsets = sharding.sharded_dims_offsets
    if not offsets:
        return
    if mesh is not None and not mesh.is_static:  # upstream: offsets need the device count
        raise ShardingVerifyError(f"sharded_dims_offsets are not allowed on mesh @{mesh.sym_name} of dynamic shape "
                                  f"{'x'.join('?' if d is None else str(d) for d in mesh.shape)}")
    sharded = _sharded_dims(sharding)
    counts = [_group_size(mesh, sharding.split_axes[d]) for d in sharded]
    if mesh is None or any(k is None for k in counts):
        return  # the number of shards per dim is not known before the mesh shape is
    expected = sum(k + 1 for k in counts)  # type: ignore[operator]
    if len(offsets) != expected:
        raise ShardingVerifyError(f"sharded_dims_offsets has {len(offsets)} entries; expected {expected} "
                                  "(number of shards + 1 for each split tensor dim)")
    for d in sharded:
        bounds = _dim_offsets(sharding, mesh, d) or ()
        static = [b for b in bounds if b != DYNAMIC_INDEX]
        if (bounds and bounds[0] not in (0, DYNAMIC_INDEX)) or any(b < a for a, b in zip(static, static[1:])):
            raise ShardingVerifyError(f"sharded_dims_offsets of tensor dim {d} must start at 0 and not "
                                      f"decrease, got {_axes_text(bounds)}")
        if isinstance(tensor_type, TensorType) and d < tensor_type.rank:
            size = tensor_type.shape[d]
            if size is not None and bounds and bounds[-1] not in (size, DYNAMIC_INDEX):
                raise ShardingVerifyError(f"sharded_dims_offsets of tensor dim {d} end at {bounds[-1]} but the "
                                          f"dim has size {size}")


def verify_sharding(attr: Union[ShardingAttr, ShardEncodingAttr], tensor_type: Optional[Type], module,
                    loc: Location, prefix: str = "", annotation: bool = False) -> None:
    """Verify a sharding (inline attribute or ``#mesh.shard`` encoding) for a verifier.

    ``module`` is the ``builtin.module`` whose symbol table holds the mesh (None skips the checks
    that need the mesh); ``tensor_type`` is the annotated tensor (None skips rank checks).
    See :func:`check_sharding` for the rules.

    Raises:
        DiagnosticError: at ``loc``, message ``prefix`` + the problem (the mesh is undefined or not a
            mesh, or a rule of :func:`check_sharding` fails).
    """
    sharding = attr.sharding if isinstance(attr, ShardEncodingAttr) else attr
    try:
        mesh = lookup_mesh(module, sharding.mesh) if module is not None else None
        check_sharding(sharding, tensor_type, mesh, annotation)
    except ShardingVerifyError as err:
        raise DiagnosticError(f"{prefix}{err}", loc) from None


def _is_sharded(t: Type) -> bool:
    return isinstance(t, TensorType) and isinstance(t.encoding, ShardEncodingAttr)


def verify_op_shardings(op: Operation) -> None:
    """Verify every ``#mesh.shard`` encoding in the types of ``op``'s operands, results and region
    entry-block arguments (a function's arguments), with :func:`verify_sharding`.

    Any verifier may call this for any op (it only reads types).

    Raises:
        DiagnosticError: at ``op``, naming the operand/result/argument and its type.
    """
    if not any(_is_sharded(v.type) for v in op.operands) and not any(_is_sharded(r.type) for r in op.results) \
            and not any(_is_sharded(a.type) for region in op.regions if region.blocks for a in region.blocks[0].args):
        return  # most ops: no sharded type at all
    module = None  # looked up at the first sharded type
    memo = unchanged_ir_memo()
    groups = [("operand", op.operands), ("result", op.results)]
    for r, region in enumerate(op.regions):
        if region.blocks:
            groups.append((f"region #{r} argument", region.blocks[0].args))
    for what, values in groups:
        for i, v in enumerate(values):
            t = v.type
            if not isinstance(t, TensorType) or not isinstance(t.encoding, ShardEncodingAttr):
                continue
            if module is None:
                module = enclosing_module(op)
            key = ("verify_sharding", id(module), t)
            if memo is not None and key in memo:  # the same type on the same module verified this run
                continue
            verify_sharding(t.encoding.sharding, t, module, op.location,
                            f"'{op.source_name()}' op {what} #{i} of type '{t}': ")
            if memo is not None:
                memo[key] = True


def verify_argument_sharding(op: Operation, arg: Value) -> None:
    """Verifier argument hook: the ``#mesh.shard`` encoding in the type of block argument ``arg`` of
    ``op`` (a function's argument), located at the argument (upstream reports a bad sharding attribute
    where it is written).

    Raises:
        DiagnosticError: as :func:`verify_sharding`, at the argument (at ``op`` when it has no location).
    """
    s = sharding_of(arg.type)
    if s is None:
        return
    loc = getattr(arg, "loc", UNKNOWN_LOC)
    if loc == UNKNOWN_LOC:
        loc = op.location
    verify_sharding(s, arg.type, enclosing_module(op), loc, f"'{op.source_name()}' op argument of type '{arg.type}': ")


def shard_type_problem(global_type: Type, local_type: Type, mesh: Optional["MeshOp"]) -> Optional[str]:
    """Why ``local_type`` cannot be one process's shard of the distributed ``global_type`` (None if it
    can, or if that is undecidable: dynamic sizes or mesh axes, halos).

    Split dims follow ``sharded_dims_offsets`` when given, else meshc's balanced rule (DESIGN.md);
    dims that are not split must keep their size. Element types must match.
    """
    if not isinstance(global_type, TensorType) or not isinstance(local_type, TensorType):
        return None if global_type == local_type else f"expected '{global_type}'"
    if global_type.element_type != local_type.element_type:
        return f"element type '{local_type.element_type}' differs from '{global_type.element_type}'"
    if global_type.rank != local_type.rank:
        return f"rank {local_type.rank} differs from {global_type.rank}"
    s = sharding_of(global_type)
    for d, (gn, ln) in enumerate(zip(global_type.shape, local_type.shape)):
        if gn is None or ln is None:
            continue
        axes = s.dim_axes(d) if s is not None else ()
        if not axes:
            if gn != ln:
                return f"dim {d} has size {ln}, expected {gn} (the dim is not split)"
            continue
        if s.halo_sizes:  # type: ignore[union-attr]
            continue
        k = _group_size(mesh, axes)
        if k is None or k == 0:
            continue
        if s.sharded_dims_offsets:  # type: ignore[union-attr]
            bounds = _dim_offsets(s, mesh, d)  # type: ignore[arg-type]
            if bounds is None or DYNAMIC_INDEX in bounds:
                continue
            allowed = tuple(sorted({b - a for a, b in zip(bounds, bounds[1:])}))
        else:
            allowed = balanced_shard_sizes(gn, k)
        if ln not in allowed:
            return f"dim {d} has size {ln}, expected {_alternatives(allowed)} ({gn} split over {k} devices)"
    return None



# ---------------------------------------------------------------------------------------------------------------
# Global view and unrolled form of the collectives (docs/pipeline.md stages 4 and 6)
# ---------------------------------------------------------------------------------------------------------------

#: Attribute of the unrolled N-operand form: ``[T_source, T_result]``, the global distributed types.
UNROLLED_ATTR = "global_types"



class Piece(_storage.Piece):
    """A :class:`meshc.sharding.storage.Piece` of a distributed tensor type: adds the type of the
    piece's value."""

    def local_type(self, global_type: TensorType) -> TensorType:
        """The type of this piece's value: the global type with the piece's shape and no sharding (a
        data-tiling encoding is kept)."""
        return TensorType(self.shape, global_type.element_type, data_encoding_of(global_type))


def storage_pieces(global_type: TensorType, mesh) -> list[Piece]:
    """The values a distributed tensor is stored as once unrolled, in the order of their owners
    (:func:`meshc.sharding.storage.pieces_of` of the type's shape and sharding). ``mesh`` is a
    static :class:`meshc.sharding.Mesh`.

    Raises:
        ShardingVerifyError: ``global_type`` has no sharding or a dynamic shape, or the sharding
            does not fit the mesh (the message says which).
    """
    return list(_storage_pieces(global_type, mesh))


@lru_cache(maxsize=512)
def _storage_pieces(global_type: TensorType, mesh) -> tuple[Piece, ...]:
    """:func:`storage_pieces`, remembered per (type, mesh): both are immutable values."""
    from meshc.sharding.spec import ShardingError

    s = sharding_of(global_type)
    if s is None or not global_type.has_static_shape:
        raise ShardingVerifyError(f"'{global_type}' is not a distributed tensor of static shape")
    try:
        return tuple(Piece(p.devices, p.region) for p in _storage.pieces_of(global_type.shape, s.to_spec(), mesh))
    except ShardingError as err:
        raise ShardingVerifyError(str(err)) from None


def piece_of_device(pieces: Sequence[Piece], device: int) -> int:
    """Index of the piece ``device`` holds (:func:`meshc.sharding.storage.piece_of_device`).

    Raises:
        ShardingVerifyError: no piece holds ``device``.
    """
    from meshc.sharding.spec import ShardingError

    try:
        return _storage.piece_of_device(pieces, device)
    except ShardingError as err:
        raise ShardingVerifyError(str(err)) from None

def _mesh_spec(op: Operation, mesh: Optional["MeshOp"]):
    return mesh.as_mesh() if mesh is not None else None


def verify_global_view(op: Operation, t_in: Type, t_out: Type, mesh: Optional["MeshOp"]) -> None:
    """A collective between distributed tensors (docs/pipeline.md stage 4): both types carry a
    ``#mesh.shard`` on the op's mesh, the global shapes are equal, and the op's step
    (:meth:`CollectiveOp.step`) turns the operand's sharding into the result's
    (:func:`meshc.sharding.same_layout`). Reduction ops may change the element type.

    Raises:
        DiagnosticError: at ``op``, naming both shardings.
    """
    from meshc.sharding.reshard import same_layout
    from meshc.sharding.spec import ShardingError

    s_in, s_out = sharding_of(t_in), sharding_of(t_out)
    if s_in is None or s_out is None:
        raise op.error(f"in global view both types carry a '#mesh.shard' encoding, got '{t_in}' and '{t_out}'")
    name = op.mesh_name  # type: ignore[attr-defined]
    for s in (s_in, s_out):
        if s.mesh != name:
            raise op.error(f"works on mesh @{name} but the sharding {s} is on @{s.mesh}")
    assert isinstance(t_in, TensorType) and isinstance(t_out, TensorType)
    if t_in.shape != t_out.shape:
        raise op.error(f"in global view the operand and result have the same global shape, got '{t_in}' and "
                       f"'{t_out}'")
    reduces = op.name in ("mesh.all_reduce", "mesh.reduce_scatter")
    if not reduces and t_in.element_type != t_out.element_type:
        raise op.error(f"expects the same element type for input and result, got '{t_in.element_type}' and "
                       f"'{t_out.element_type}'")
    spec = _mesh_spec(op, mesh)
    if spec is None:
        return
    try:
        out_spec = s_out.to_spec()
        step = op.step(out_spec, spec)  # type: ignore[attr-defined]
        result = step.apply(s_in.to_spec(), spec, t_in.shape)
        same = same_layout(result, out_spec, spec, t_in.shape)
    except ShardingError as err:
        raise op.error(f"does not apply to the operand sharding {s_in}: {err}") from None
    if not same:
        raise op.error(f"turns the operand sharding {s_in} into {ShardingAttr.from_spec(result)}, not the result "
                       f"sharding {s_out}")


def unrolled_types(op: Operation) -> tuple[TensorType, TensorType]:
    """The global ``(source, result)`` types of an unrolled collective (its ``global_types``).

    Raises:
        DiagnosticError: the attribute is missing or not two distributed tensor types.
    """
    from meshc.ir.attributes import TypeAttr

    a = op.attributes.get(UNROLLED_ATTR)
    ok = isinstance(a, ArrayAttr) and len(a) == 2 and all(
        isinstance(e, TypeAttr) and isinstance(e.type, TensorType) and sharding_of(e.type) is not None for e in a)
    if not ok:
        raise op.error(f"'{UNROLLED_ATTR}' must be [source type, result type], two distributed tensor types, "
                       f"got '{a}'")
    return a[0].type, a[1].type  # type: ignore[index]


def verify_unrolled(op: Operation, mesh: Optional["MeshOp"]) -> None:
    """The unrolled N-operand form (docs/pipeline.md stage 6): one operand per stored shard of the source
    (:func:`storage_pieces` of ``global_types[0]``, owner order), one result per stored shard of the
    result, each of the shard's local type; the global types obey :func:`verify_global_view`; the
    mesh is static and every clause is static.

    Raises:
        DiagnosticError: at ``op``, naming the count or the operand/result and the expected type.
    """
    t_src, t_dst = unrolled_types(op)
    if mesh is None:
        return
    if not mesh.is_static:
        raise op.error(f"the unrolled form needs a static mesh; @{mesh.sym_name} has shape "
                       f"{'x'.join('?' if d is None else str(d) for d in mesh.shape)}")
    for name in ("static_halo_sizes", "root"):
        if DYNAMIC_INDEX in _int_values(op.attributes.get(name)):
            raise op.error("the unrolled form takes static clauses only")
    verify_global_view(op, t_src, t_dst, mesh)
    spec = mesh.as_mesh()
    for what, values, t in (("operand", op.operands, t_src), ("result", op.results, t_dst)):
        try:
            pieces = storage_pieces(t, spec)
        except ShardingVerifyError as err:
            raise op.error(str(err)) from None
        if len(values) != len(pieces):
            raise op.error(f"expects {len(pieces)} {what}s (one per stored shard of '{t}'), got {len(values)}")
        for i, (v, piece) in enumerate(zip(values, pieces)):
            want = piece.local_type(t)
            if v.type != want:
                raise op.error(f"{what} #{i} (the shard of devices {list(piece.devices)}) has type '{v.type}', "
                               f"expected '{want}'")


def print_unrolled(op: Operation, p) -> None:
    """``%r:2 = mesh.<op> %a, %b on @m <clauses> {global_types = [...]} : A, B -> C, D``."""
    p.write(f" {p.values(op.operands)} on {SymbolRefAttr(op.mesh_name)}" + op.clauses_text(p))  # type: ignore
    p.write(p.attr_dict(op.attributes, op.clause_attr_names()))  # type: ignore[attr-defined]
    p.write(" : " + p.types(v.type for v in op.operands) + " -> " + p.types(r.type for r in op.results))


