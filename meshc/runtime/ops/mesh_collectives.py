"""Kernels of the unrolled N-operand collectives (docs/pipeline.md stage 6) in the reference interpreter.

``%r:N = mesh.all_to_all %a0, ..., %a3 on @m ... {global_types = [T_src, T_dst]}`` takes one value
per stored shard of ``T_src`` and returns one per stored shard of ``T_dst``
(:func:`meshc.dialects.mesh.storage_pieces`: owner order, shards shared within a peer
group). The kernel gives every device its buffer, runs the op's step with the reference
semantics of :func:`meshc.sharding.simulate.apply_step`, and returns each result shard
from its owner. This is how the unrolled program of a sharded function runs sequentially
on the interpreter (``@NAME`` calls ``@NAME_sharded``).

A single-operand collective in global view (docs/pipeline.md stage 4, e.g. between the
``scf.forall`` bodies of ``partition{form=for_one}``, which the interpreter runs as the
whole mesh) does not change the tensor's values when its source is not partial: the
kernel returns the operand. Nor does a partial source in a function without per-device
bodies (stage 3 or 4, ``meshc run --reference`` of the IR after ``distribute-types`` or
``reshard``): the reference computed it on whole tensors, so it holds the combined value.
A partial source next to per-device bodies (the interpreter holds one array assembled from
them, not the per-device partial values) and the local-view forms keep the error of
:mod:`meshc.runtime.ops.mesh`. ``mesh.update_halo`` outside the unrolled form
returns its operand in every view: the reference run is the unsharded program,
in which a halo exchange changes no value (upstream writes it on a tensor of
the program, e.g. ``shard.update_halo %x on @grid split_axes = [[0]]
halo_sizes = [1, 2] : tensor<10x4xf32>``; meshc reads that as "``%x`` with
these halos", see ``sharding-propagation``).
"""

from __future__ import annotations

import numpy as np

from meshc.dialects.mesh import piece_of_device, sharding_of, storage_pieces, unrolled_types
from meshc.ir.types import element_type_of, numpy_dtype
from meshc.runtime.interpreter import kernel
from meshc.runtime.ops import mesh as mesh_ops
from meshc.sharding.simulate import apply_step

UNROLLABLE = ("all_gather", "all_reduce", "all_slice", "all_to_all", "reduce_scatter", "update_halo")


def _plan(op):
    """What the kernel needs of ``op``, computed once: mesh, step, shapes, shardings, shard maps."""
    t_src, t_dst = unrolled_types(op)
    mesh = op.mesh_op().as_mesh()
    src, dst = sharding_of(t_src).to_spec(), sharding_of(t_dst).to_spec()
    src_pieces, dst_pieces = storage_pieces(t_src, mesh), storage_pieces(t_dst, mesh)
    which = [piece_of_device(src_pieces, d) for d in mesh.devices()]
    dtypes = [numpy_dtype(element_type_of(r.type)) for r in op.results]
    return mesh, op.step(dst, mesh), src, t_src.shape, which, [p.owner for p in dst_pieces], dtypes


def _whole_tensor_program(op) -> bool:
    """The function holding ``op`` has no per-device body (trait ``PerDeviceBody``): stage-3/4 IR, whose
    every op the reference runs on whole tensors, so a partial value it holds is already combined."""
    from meshc.dialects.func import FuncOp

    func = op.parent_of_type(FuncOp)
    return func is not None and not any(inner.has_trait("PerDeviceBody") for inner in func.walk())


def _unrolled(interp, op, args):
    if not op.is_unrolled:
        if op.name == "mesh.update_halo":
            handler = getattr(interp, "body_collectives", None)
            if handler is not None and sharding_of(op.operands[0].type) is None:
                return [handler.run(op, args[0])]  # local view in a region op's body: a halo exchange
            return [args[0]]  # halo cells are copies of other devices' cells: the tensor's values never change
        src = sharding_of(op.operands[0].type)
        if src is not None and sharding_of(op.results[0].type) is not None and (
                not src.partial_axes or interp.cached(op, _whole_tensor_program)):
            # global view: the tensor's values do not change, only where they live; a partial one is
            # its devices' parts combined when every op ran on whole tensors (stage 3 or 4)
            return [args[0]]
        return mesh_ops._collective(interp, op, args)
    mesh, step, src, shape, which, owners, dtypes = interp.cached(op, _plan)
    buffers = [np.asarray(args[i]) for i in which]
    out = apply_step(buffers, step, src, mesh, shape)
    return [np.asarray(out[d]).astype(dt, copy=False) for d, dt in zip(owners, dtypes)]


for _name in UNROLLABLE:
    kernel(f"mesh.{_name}")(_unrolled)
