"""Kernels of the mesh dialect (upstream MLIR ``mesh``/``shard``, seed 000's
SPMD ops) in the reference interpreter.

The reference run is the unsharded program, so shardings do not change
values:

* ``mesh.shard`` is the identity; ``mesh.sharding`` produces ``None`` (a
  sharding is not a value the kernels read).

The SPMD ops answer from ``interp.device`` (:class:`Device`: coordinates and
concrete mesh shapes by mesh name), so a partitioned per-device program can
run on the interpreter one device at a time:

* ``mesh.mesh_shape``: the mesh op's sizes, ``?`` axes from
  ``device.mesh_shapes``;
* ``mesh.process_multi_index`` / ``process_linear_index``: the device's
  coordinates (row-major linear index), which must be given;
* ``mesh.neighbors_linear_indices``: the linear indices of the processes
  before and after the given one along ``split_axes`` (-1 past an edge),
  as upstream LLVM 20 defines them;
* ``mesh.for_all``: the body runs once, for this device, and yields its
  shard (needs the device's coordinates);
* ``mesh.for_one``: the body runs when the device is the named process, or
  always when no device is set (the reference simulates every process of a
  ``scf.forall`` over the mesh itself). On another device its results are
  ``None`` (the values live on the named process only).

Collectives (``all_reduce``, ``all_gather``, ...) move data between devices.
In the *global view* (stages 3 and 4, docs/pipeline.md: operand and result
carry shardings, ``: T_A -> T_B``) a value is the logical tensor, and a
partial one the sum (or max, ...) of its devices' parts, which is what the
reference computes when it runs the op producing it on whole tensors; the
collectives with a global-view form (all_gather, all_reduce, all_slice,
all_to_all, reduce_scatter, update_halo: the verifier refuses the others on
distributed types) then only change who holds which cells, so their kernels
(:mod:`meshc.runtime.ops.mesh_collectives`) return the operand: ``meshc run
--reference`` of the IR after ``distribute-types`` or ``reshard``. A local-view
collective (no shardings: one device's part) runs only inside a per-device kernel's body when the multi-device runtime gave the
interpreter a ``body_collectives`` handler (:mod:`meshc.runtime.body_collectives`);
anything else fails with a clear error.
"""

from __future__ import annotations

import numpy as np

from meshc.ir.location import DiagnosticError
from meshc.runtime.interpreter import kernel

COLLECTIVES = ("all_gather", "all_reduce", "all_slice", "all_to_all", "reduce_scatter", "broadcast", "gather",
               "reduce", "scatter", "send", "recv", "shift", "update_halo")


@kernel("mesh.shard")
def _shard(interp, op, args):
    return [args[0]]


@kernel("mesh.sharding")
def _sharding(interp, op, args):
    return [None]


def mesh_shape(interp, op) -> tuple[int, ...]:
    """Concrete sizes of the mesh ``op`` names (``?`` axes from the device).

    Raises:
        DiagnosticError: a dynamic axis whose size the device does not give.
    """
    name = op.mesh_name
    given = interp.device.mesh_shapes.get(name)
    mesh = op.mesh_op()
    static = mesh.shape if mesh is not None else None
    if given is not None:
        if static is not None and (len(given) != len(static) or any(
                s is not None and s != g for s, g in zip(static, given))):
            raise op.error(f"mesh @{name} has shape {_shape_text(static)} but the run gives {_shape_text(given)}")
        return tuple(int(g) for g in given)
    if static is None or any(s is None for s in static):
        raise op.error(f"mesh @{name} has shape {_shape_text(static or ())}: give its sizes "
                       f"(--mesh-shape {name}=...)")
    return tuple(int(s) for s in static)  # type: ignore[arg-type]


def _shape_text(shape) -> str:
    return "x".join("?" if s is None else str(s) for s in shape)


def device_coords(interp, op) -> tuple[int, ...]:
    """This device's coordinates on the mesh ``op`` names.

    Raises:
        DiagnosticError: the run has no device on that mesh (the unsharded
            reference run), or coordinates outside the mesh.
    """
    name = op.mesh_name
    coords = interp.device.coords.get(name)
    if coords is None:
        raise op.error(f"needs the coordinates of the device running it on mesh @{name}; the unsharded "
                       "reference run has none: a partitioned program has no single reference (run it on the devices, "
                       "meshc run without --reference, and compare with --expected; or run the IR before partition "
                       "with --reference)")
    shape = mesh_shape(interp, op)
    if len(coords) != len(shape) or any(not 0 <= c < s for c, s in zip(coords, shape)):
        raise op.error(f"device coordinates {list(coords)} are not on mesh @{name} of shape {_shape_text(shape)}")
    return tuple(int(c) for c in coords)


def _selected(op, values: tuple[int, ...]) -> list:
    axes = op.axes("axes")
    picked = [values[a] for a in axes] if axes else list(values)
    return [np.int64(v) for v in picked]


def linear_index(coords, shape) -> int:
    """Row-major linear index of ``coords`` on a mesh of ``shape``."""
    k = 0
    for c, s in zip(coords, shape):
        k = k * s + c
    return k


@kernel("mesh.mesh_shape")
def _mesh_shape(interp, op, args):
    return _selected(op, mesh_shape(interp, op))


@kernel("mesh.shard_shape")
def _shard_shape(interp, op, args):
    values = {id(v): a for v, a in zip(op.operands, args)}
    sizes = op.evaluate(lambda v: None if values.get(id(v)) is None else int(values[id(v)]), mesh_shape(interp, op))
    if sizes is None:
        raise op.error("cannot compute the shard shape: a dim of the LLVM 20 form is '?'")
    return [np.int64(s) for s in sizes]


@kernel("mesh.get_sharding")
def _get_sharding(interp, op, args):
    return [None]


@kernel("mesh.process_multi_index")
def _process_multi_index(interp, op, args):
    return _selected(op, device_coords(interp, op))


@kernel("mesh.process_linear_index")
def _process_linear_index(interp, op, args):
    return [np.int64(linear_index(device_coords(interp, op), mesh_shape(interp, op)))]


@kernel("mesh.neighbors_linear_indices")
def _neighbors(interp, op, args):
    shape = mesh_shape(interp, op)
    coords = [int(a) for a in args]
    axes = list(op.axes("split_axes"))
    # The split axes together form one axis (major to minor); step along it.
    sizes = [shape[a] for a in axes]
    pos = linear_index([coords[a] for a in axes], sizes)
    total = int(np.prod(sizes)) if sizes else 1
    out = []
    for step in (-1, 1):
        p = pos + step
        if not 0 <= p < total:
            out.append(np.int64(-1))
            continue
        moved = list(coords)
        for a, s in zip(reversed(axes), reversed(sizes)):
            moved[a] = p % s
            p //= s
        out.append(np.int64(linear_index(moved, shape)))
    return out


@kernel("mesh.for_all")
def _for_all(interp, op, args):
    device_coords(interp, op)
    return interp.run_block(op.body, [], interp.env)


@kernel("mesh.for_one")
def _for_one(interp, op, args):
    env = interp.env
    target = tuple(int(env[e]) if not isinstance(e, int) else e for e in op.device)
    coords = interp.device.coords.get(op.mesh_name)
    if coords is not None and tuple(int(c) for c in coords) != target:
        return [None] * len(op.results)
    return interp.run_block(op.body, [], env)


def _collective(interp, op, args):
    handler = getattr(interp, "body_collectives", None)
    if handler is not None and len(op.operands) == 1 and not _sharded(op.operands[0].type):
        # a local-view collective in the body of a per-device kernel (a region op partitioned in place):
        # the multi-device runtime that runs this device meets the other devices of its group
        return [handler.run(op, args[0])]
    raise DiagnosticError(f"'{op.name}' op moves data between devices and needs the multi-device runtime; "
                          "the reference interpreter runs the unsharded program", op.location)


def _sharded(t) -> bool:
    from meshc.dialects.mesh import sharding_of

    return sharding_of(t) is not None


for _name in COLLECTIVES:
    kernel(f"mesh.{_name}")(_collective)
