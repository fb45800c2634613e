"""Moving a function onto a mesh that splits one of its mesh's axes (shared by ``sharding-propagation``
and ``reshard``; the arithmetic is :mod:`meshc.sharding.subaxes`).

A function of meshc uses one mesh. To gather within aligned groups of ``g`` devices of axis ``k``
(Shardy's sub-axis ``'model':(2)2``), the function moves, as a whole, to the mesh whose axis ``k`` is
split into ``(n // g, g)``, declared next to the original (``mesh.mesh @mesh_a1g2(shape = 2x2x2)``
after ``mesh.mesh @mesh(shape = 2x4)``): the same devices in the same linear order, so every
sharding keeps its layout (axis ``k`` becomes ``k, k + 1``) and the collectives over the minor axis
alone run within the groups. Everything after (distribute-types, reshard, partition, the runtimes,
``meshc estimate``) sees an ordinary mesh; the printed IR stays upstream IR (two ``mesh.mesh`` symbols,
one per function).
"""

from __future__ import annotations

from typing import Optional

from meshc.dialects.mesh import MeshOp, ShardingAttr, ShardOp, enclosing_module, lookup_mesh, sharding_of, with_sharding
from meshc.ir.attributes import SymbolRefAttr
from meshc.ir.builder import Builder
from meshc.ir.core import Operation
from meshc.ir.types import TensorType
from meshc.sharding.subaxes import derived_mesh_name, split_mesh, split_sharding

__all__ = ["movable", "move_function"]


def movable(func: Operation, mesh: str) -> bool:
    """Whether ``func``'s ops name mesh ``mesh`` only in shardings (inline ``mesh.shard`` annotations and
    tensor types: no collective, halo exchange, mesh query or ``mesh.sharding`` value) and no op of its
    module refers to ``func`` (a call would see another mesh in its signature)."""
    for op in func.walk():
        if op is func or (isinstance(op, ShardOp) and op.sharding_value is None):
            continue
        if any(isinstance(a, SymbolRefAttr) and a.root == mesh for a in op.attributes.values()):
            return False
    module = enclosing_module(func)
    name = getattr(func, "sym_name", None)
    return module is None or not any(isinstance(a, SymbolRefAttr) and a.root == name
                                     for op in module.walk() for a in op.attributes.values())


def move_function(func: Operation, mesh_op: MeshOp, axis: int, g: int) -> Optional[MeshOp]:
    """Put every sharding of ``func`` on ``mesh_op`` onto the mesh that splits ``axis`` into groups of
    ``g`` (:func:`~meshc.sharding.subaxes.derived_mesh_name`; declared right after ``mesh_op``, or the
    module's mesh of that name when it has the shape): the types of values and block arguments, the
    function's signature and the ``mesh.shard`` annotations. Returns the derived ``mesh.mesh``, None
    (nothing changed) when a symbol of that name is something else."""
    mesh = mesh_op.as_mesh()
    name = derived_mesh_name(mesh.name, axis, g)
    derived = split_mesh(mesh, axis, g, name)
    module = enclosing_module(func)
    target: Optional[MeshOp] = None
    if module is not None and any(getattr(op, "sym_name", None) == name for op in module.walk()):
        try:
            target = lookup_mesh(module, name)
        except Exception:  # a symbol of that name that is no mesh
            return None
        if target.as_mesh().shape != derived.shape or tuple(target.peered_memory_axes) != derived.peered_axes:
            return None
    if target is None:
        target = MeshOp.build(name, derived.shape, derived.peered_axes, loc=mesh_op.location)
        Builder.after(mesh_op).insert(target)
    old = mesh.name

    def moved(t):
        s = sharding_of(t) if isinstance(t, TensorType) else None
        if s is None or s.mesh != old:
            return t
        return with_sharding(t, ShardingAttr.from_spec(split_sharding(s.to_spec(), axis, name)))

    for op in func.walk():
        for v in op.results:
            v.type = moved(v.type)
        for region in op.regions:
            for block in region.blocks:
                for a in block.args:
                    a.type = moved(a.type)
        if isinstance(op, ShardOp) and op.sharding is not None and op.sharding.mesh == old:
            op.attributes["shard"] = ShardingAttr.from_spec(split_sharding(op.sharding.to_spec(), axis, name))
    ftype = getattr(func, "function_type", None)
    if ftype is not None:
        func.set_function_type(type(ftype)(tuple(moved(t) for t in ftype.inputs),  # type: ignore[attr-defined]
                                           tuple(moved(t) for t in ftype.results)))
    return target
