"""Sub-axes: mesh axis ``k`` of size ``n`` seen as two axes ``(n // g, g)`` over the same devices.

Shardy writes a sub-axis ``'model':(2)2``; upstream MLIR's mesh / shard dialect has none, and the
natural spelling there is a second mesh whose shape splits the axis, ``mesh.mesh @mesh_a1g2(shape =
2x2x2)`` next to ``@mesh(shape = 2x4)``. Devices are numbered row-major on both, so device ``(d, m)``
of the first is device ``(d, m // g, m % g)`` of the second, with the same linear index: a sharding
over axis ``k`` is the same layout as one over ``(k, k + 1)`` (:func:`split_sharding`), and axis
``k + 1`` of the derived mesh alone groups ``g`` consecutive coordinates of axis ``k`` (the aligned
groups ``[0, g)``, ``[g, 2g)``, ...). A collective over that axis moves data within each group only.

Pure arithmetic on :class:`~meshc.sharding.spec.Mesh` and :class:`~meshc.sharding.spec.Sharding`; the
``reshard`` pass decides when a function uses such a mesh (meshc/passes/reshard.py).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Sequence

from .spec import Mesh, Sharding, ShardingError

__all__ = ["derived_mesh_name", "group_sizes", "split_axis_list", "split_mesh", "split_sharding"]


def derived_mesh_name(name: str, axis: int, g: int) -> str:
    """The symbol of mesh ``name`` with ``axis`` in groups of ``g``: ``mesh`` 1 2 -> ``mesh_a1g2``."""
    return f"{name}_a{axis}g{g}"


def group_sizes(n: int) -> list[int]:
    """The group sizes ``g`` an axis of ``n`` devices splits into (``1 < g < n``, ``g | n``), ascending."""
    return [g for g in range(2, n) if n % g == 0]


def split_axis_list(axes: Sequence[int], axis: int) -> tuple[int, ...]:
    """``axes`` of the original mesh on the derived one: ``axis`` becomes ``(axis, axis + 1)`` (major,
    minor: the same linearised coordinate), later axes move up by one."""
    out: list[int] = []
    for a in axes:
        out += [a, a + 1] if a == axis else [a + 1 if a > axis else a]
    return tuple(out)


def split_mesh(mesh: Mesh, axis: int, g: int, name: str) -> Mesh:
    """``mesh`` with ``axis`` (static, ``g`` dividing its size, ``1 < g < size``) split into ``(size // g,
    g)``, named ``name``; a peered axis gives two peered axes (the same peer groups).

    Raises:
        ShardingError: the axis is dynamic, or ``g`` does not split it.
    """
    n = mesh.axis_size(axis)
    if g not in group_sizes(n):
        raise ShardingError(f"mesh @{mesh.name} axis {axis} of size {n} does not split into groups of {g}")
    shape = list(mesh.shape)
    shape[axis:axis + 1] = [n // g, g]
    return Mesh(name, tuple(shape), split_axis_list(mesh.peered_axes, axis))


def split_sharding(s: Sharding, axis: int, name: str) -> Sharding:
    """``s`` on the derived mesh ``name``: the same data on every device (halos and explicit boundaries
    are per split dim, whose device count does not change)."""
    return replace(s, mesh=name, split_axes=tuple(split_axis_list(a, axis) for a in s.split_axes),
                   partial_axes=split_axis_list(s.partial_axes, axis))
