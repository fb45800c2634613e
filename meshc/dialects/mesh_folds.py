"""The mesh dialect's canonicalization patterns (the ``canonicalization_patterns`` its op
classes declare; ``canonicalize`` runs them, see :class:`meshc.ir.core.Operation`).

Each pattern is a function ``(op, rewriter) -> bool`` after upstream MLIR's
``ShardOps.cpp`` (``getCanonicalizationPatterns`` of the collectives and of
``shard.shard``, the grid-shape folding of ``Transforms/Simplifications.cpp``):

* :func:`erase_trivial_collective`: a collective whose device group holds one
  process -- ``mesh_axes = []`` (upstream's rule), or only axes of size 1 of a
  static mesh (meshc's extension: the same group) -- is its input, when the
  result type equals the input type. With a different result type (an
  ``all_reduce`` to a wider accumulator, ``f32 -> f64``) the op stays, as
  upstream keeps it;
* :func:`drop_unit_axes`: a collective without per-axis lists (``all_gather``,
  ``all_reduce``, ``all_slice``, ``all_to_all``, ``reduce_scatter``) in local
  view drops the mesh axes of size 1 from ``mesh_axes`` (the device group is
  the same; in meshc's global view the types' shardings name those axes, so
  it stays);
* :func:`fold_mesh_query`: ``mesh.mesh_shape`` results of static axes become
  ``index`` constants (upstream folds these); ``process_multi_index`` results
  of size-1 axes become 0 and ``process_linear_index`` on a one-process mesh
  becomes 0 (the only value they can take). The other results stay, in a
  query of the remaining axes;
* :func:`fold_duplicate_shard`: a ``mesh.shard`` of a value another
  ``mesh.shard`` earlier in the block annotates already (a shared constant):
  with the same sharding it is that op's result; with another sharding it
  annotates that op's result instead (upstream's ``FoldDuplicateShardOp``);
* :func:`fold_sharding_value`: a ``mesh.shard ... to %s`` whose ``%s`` is now
  static becomes the inline form; :func:`fold_constant_sharding_sizes`: halo
  sizes and shard offsets given by ``arith.constant`` values become static
  (upstream's ``ShardingOp`` canonicalization).
"""

from __future__ import annotations

from typing import Optional, Sequence

from meshc.ir.attributes import DenseArrayAttr, IntegerAttr
from meshc.ir.core import Operation, OpResult
from meshc.ir.location import DiagnosticError
from meshc.ir.types import INDEX


def _mesh_shape(op: Operation) -> Optional[tuple[Optional[int], ...]]:
    """The shape of the mesh ``op`` names (None when it cannot be found)."""
    try:
        mesh = op.mesh_op()  # type: ignore[attr-defined]
    except (DiagnosticError, KeyError):
        return None
    return None if mesh is None else mesh.shape


def _group_is_one_process(op: Operation) -> bool:
    axes = op.mesh_axes  # type: ignore[attr-defined]
    if not axes:
        return True
    shape = _mesh_shape(op)
    return shape is not None and all(0 <= a < len(shape) and shape[a] == 1 for a in axes)


def erase_trivial_collective(op: Operation, rewriter) -> bool:
    """See the module docstring (upstream's ``EmptyGridAxesCanonicalizationPattern``)."""
    if getattr(op, "is_unrolled", False) or len(op.results) != 1 or not op.operands:
        return False
    if op.operands[0].type != op.results[0].type or not _group_is_one_process(op):
        return False
    rewriter.replace_op(op, [op.operands[0]])
    return True


def drop_unit_axes(op: Operation, rewriter) -> bool:
    """See the module docstring."""
    if getattr(op, "is_unrolled", False) or any(c.kind == "dyn_list" for c in op.clauses):  # type: ignore
        return False
    from meshc.dialects.mesh_attrs import sharding_of

    if any(sharding_of(v.type) is not None for v in (*op.operands, *op.results)):
        return False  # global view: the types' shardings name the axes the step moves
    axes = op.mesh_axes  # type: ignore[attr-defined]
    shape = _mesh_shape(op)
    if not axes or shape is None:
        return False
    kept = tuple(a for a in axes if not (0 <= a < len(shape) and shape[a] == 1))
    if kept == axes:
        return False
    old = op.attributes["mesh_axes"]
    if kept:
        op.attributes["mesh_axes"] = DenseArrayAttr(old.element_type, kept)  # type: ignore[attr-defined]
    else:
        del op.attributes["mesh_axes"]
    rewriter.modified(op)
    return True


def _query_values(op: Operation, shape: Sequence[Optional[int]]) -> list[Optional[int]]:
    """The value each result of a mesh query takes on every process (None: it varies or is unknown)."""
    if op.name == "mesh.process_linear_index":
        total = 1
        for s in shape:
            total = None if s is None or total is None else total * s
        return [0 if total == 1 else None]
    axes = op.axes("axes") or tuple(range(len(shape)))  # type: ignore[attr-defined]
    if op.name == "mesh.mesh_shape":
        return [shape[a] if 0 <= a < len(shape) else None for a in axes]
    return [0 if 0 <= a < len(shape) and shape[a] == 1 else None for a in axes]


def fold_mesh_query(op: Operation, rewriter) -> bool:
    """See the module docstring; ``mesh.mesh_shape``, ``process_multi_index`` and
    ``process_linear_index`` declare it."""
    shape = _mesh_shape(op)
    if shape is None or not op.results:
        return False
    values = _query_values(op, shape)
    if len(values) != len(op.results) or all(v is None for v in values):
        return False
    replacements = [None if v is None else rewriter.constant(IntegerAttr(v, INDEX), INDEX, op) for v in values]
    rest = [i for i, v in enumerate(values) if v is None]
    if rest:
        axes = op.axes("axes") or tuple(range(len(shape)))  # type: ignore[attr-defined]
        attrs = dict(op.attributes)
        old = op.attributes.get("axes")
        kind = old.element_type if isinstance(old, DenseArrayAttr) else None
        from meshc.dialects.mesh_checks import I16

        attrs["axes"] = DenseArrayAttr(kind or I16, tuple(axes[i] for i in rest))
        new = rewriter.insert(op.create(result_types=[INDEX] * len(rest), attributes=attrs, location=op.location))
        for k, i in enumerate(rest):
            replacements[i] = new.results[k]
    rewriter.replace_op(op, replacements)  # type: ignore[arg-type]
    return True


def fold_duplicate_shard(op: Operation, rewriter) -> bool:
    """See the module docstring (upstream's ``FoldDuplicateShardOp``)."""
    src = op.operands[0]
    if len(src.uses) < 2 or (isinstance(src, OpResult) and src.op.name == op.name):
        return False
    if op.sharding is None or op.src.type != op.results[0].type:  # type: ignore[attr-defined]
        return False
    block = op.parent
    for user, index in src.uses:
        if user is op or index != 0:
            continue
        if user.name != op.name or user.parent is not block or block is None \
                or block.index_of(user) > block.index_of(op):
            return False
        if user.sharding is None or user.src.type != user.results[0].type:  # type: ignore[attr-defined]
            return False
        if user.sharding == op.sharding and user.annotate_for_users == op.annotate_for_users:  # type: ignore
            rewriter.replace_op(op, [user.results[0]])
        else:
            op.set_operand(0, user.results[0])
            rewriter.modified(op)
        return True
    return False


def fold_sharding_value(op: Operation, rewriter) -> bool:
    """See the module docstring."""
    if op.fold_sharding_value():  # type: ignore[attr-defined]
        rewriter.modified(op)
        return True
    return False


def fold_constant_sharding_sizes(op: Operation, rewriter) -> bool:
    """See the module docstring: ``halo_sizes = [1, %c2]`` with ``%c2 = arith.constant 2 : i64``
    becomes ``halo_sizes = [1, 2]``."""
    from meshc.dialects.mesh_checks import DYNAMIC_INDEX, _int_values

    pos, changed, keep = 0, False, []
    attrs = dict(op.attributes)
    for name in op._list_names():  # type: ignore[attr-defined]
        old = op.attributes.get(name)
        statics = list(_int_values(old))
        for i, v in enumerate(statics):
            if v != DYNAMIC_INDEX:
                continue
            operand = op.operands[pos]
            pos += 1
            c = operand.op.attributes.get("value") if isinstance(operand, OpResult) \
                and operand.op.has_trait("ConstantLike") else None
            if isinstance(c, IntegerAttr):
                statics[i] = c.value
                changed = True
            else:
                keep.append(operand)
        if old is not None:
            attrs[name] = DenseArrayAttr(old.element_type, tuple(statics))  # type: ignore[attr-defined]
    if not changed:
        return False
    op.attributes = attrs
    op.set_operands(keep)
    rewriter.modified(op)
    for user in list(op.results[0].users):
        rewriter.modified(user)  # a shard op using it may now take the inline form
    return True
