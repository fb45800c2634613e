"""The body listing of a region step: what a Kernel step's region op runs of collectives, as the
schedule format records it (:class:`~meshc.backend.schedule.BodyCollective`, ``BodyLoop``,
``BodyBranch``; :mod:`meshc.backend.schedule`, "Region steps").

A region op partitioned in place (an ``scf.for`` or ``scf.if`` whose body all_reduces a split
contraction: :mod:`meshc.interfaces.region_models`) is one Kernel step, and the runtimes run the
local-view collectives of its body on every run of it (:mod:`meshc.runtime.body_collectives`). The
listing makes them visible to the backends without the IR: each local-view collective (one operand
without a sharding, a kind of :data:`~meshc.backend.schedule.COLLECTIVE_KINDS`) with this device's
buffer shapes, nested in the loops and branches that hold one, each read from the op's region-flow
interface (:mod:`meshc.interfaces.region_flow`, MLIR's ``RegionBranchOpInterface``):

* a model whose blocks are ``alternatives`` (``scf.if``) is a :class:`BodyBranch`, one entry per
  region; ``taken`` is the region whose block :meth:`region_flow` names (a constant condition), else
  None;
* another model is a :class:`BodyLoop` of its ``trips`` (None: dynamic), the nodes of its
  ``test_blocks`` first and counted as ``retest`` (they run once more: ``scf.while``'s "before"
  block), unless it runs its body exactly once and carries nothing (``scf.execute_region``, a dispatch
  region): its nodes join the enclosing list;
* an op without a model (a ``linalg.generic`` payload) runs its regions once, in order.

A local-view ``mesh.update_halo`` (a window's halo exchange) is listed as kind ``update_halo``: its
``shape`` is the core the device contributes, its ``out_shape`` the buffer (core and both halo
widths), its attributes :meth:`~meshc.dialects.mesh_collectives.UpdateHaloOp.exchange_attributes`.

An in-body collective on shards of unequal sizes has a result type with dynamic dims (upstream MLIR's
local-view rule gives no static type that fits every member: ``mesh.all_gather`` of 2 or 3 rows of
10): :func:`group_out_shapes` gives each member's ``out_shape`` from its group's listed input shapes,
by the balanced split the runtimes follow (DESIGN.md; :mod:`meshc.runtime.collectives`).

Loops and branches without a collective inside are left out. Instance names (``b0``, ``b1``...) are
given per device in step order by :func:`number_body`, so the ``n``-th in-body collective of a
device's listing is the one the runtimes match by order with its group.
"""

from __future__ import annotations

import dataclasses
from typing import Iterator, Optional

from meshc.backend.schedule import COLLECTIVE_KINDS, BodyBranch, BodyCollective, BodyLoop, BodyNode
from meshc.ir.core import Block, Operation

__all__ = ["region_body", "number_body", "in_body_collective", "group_out_shapes"]


def in_body_collective(op: Operation) -> Optional[str]:
    """The kind of ``op`` when it is a local-view collective a body may hold (one operand whose type
    carries no sharding, a kind of :data:`COLLECTIVE_KINDS`), else None."""
    from meshc.dialects.mesh import sharding_of
    from meshc.dialects.mesh_collectives import CollectiveOp, UpdateHaloOp

    if not isinstance(op, (CollectiveOp, UpdateHaloOp)) or len(op.operands) != 1 \
            or sharding_of(op.operands[0].type) is not None:
        return None
    kind = op.name.split(".", 1)[1]
    return kind if kind in COLLECTIVE_KINDS else None


def _static_shape(t) -> Optional[tuple[int, ...]]:
    shape = getattr(t, "shape", None)
    if shape is None or not all(isinstance(d, int) and d >= 0 for d in shape):
        return None
    return tuple(shape)


def _input_shape(v) -> Optional[tuple[int, ...]]:
    """The static shape of the buffer value ``v`` holds: its type's, else that of the value a
    ``tensor.cast`` to a dynamic type made it from (partition casts the input of an in-body
    ``all_slice`` / ``reduce_scatter`` of a dim its group does not divide, upstream's rule refusing
    that static type; the data are the same)."""
    from meshc.dialects.tensor import CastOp

    shape = _static_shape(v.type)
    while shape is None and isinstance(getattr(v, "op", None), CastOp):
        v = v.op.operands[0]
        shape = _static_shape(v.type)
    return shape


def _collective(op: Operation, kind: str) -> BodyCollective:
    from meshc.ir.types import element_type_of

    shape, out_shape = _input_shape(op.operands[0]), _static_shape(op.results[0].type)
    if kind == "update_halo":  # the device contributes its core (the buffer less both halo widths)
        attrs: dict = op.exchange_attributes()  # type: ignore[attr-defined]
        out_shape = shape  # the exchange keeps its buffer's shape (the runtimes allocate it so)
        if shape is not None:
            d = attrs["halo_axis"]
            shape = shape[:d] + (shape[d] - attrs["halo_low"] - attrs["halo_high"],) + shape[d + 1:]
    else:
        attrs = {name: int(op.attributes[name].value) for name in COLLECTIVE_KINDS[kind]}  # type: ignore
    if kind in ("all_reduce", "reduce_scatter"):
        attrs["reduction"] = op.reduction  # type: ignore[attr-defined]
    if out_shape is None and kind == "all_reduce":
        out_shape = shape  # an all_reduce keeps its input's shape (the runtimes allocate it so)
    return BodyCollective("", kind, tuple(op.mesh_axes), shape, out_shape,  # type: ignore[attr-defined]
                          str(element_type_of(op.results[0].type)), attrs, op.location, op)


def _block(block: Block) -> list[BodyNode]:
    return [n for o in block.ops for n in _op(o)]


def _op(op: Operation) -> list[BodyNode]:
    from meshc.interfaces.region_flow import region_flow_model

    kind = in_body_collective(op)
    if kind is not None:
        return [_collective(op, kind)]
    if not op.regions:
        return []
    model = region_flow_model(op)
    if model is None:
        return [n for r in op.regions for b in r.blocks for n in _block(b)]
    flow = model.region_flow(op)
    if model.alternatives:
        entries = [r.blocks[0] if r.blocks else None for r in op.regions]
        branches = tuple(tuple(_block(b)) if b is not None else () for b in entries)
        if not any(branches):
            return []
        taken = None
        if flow is not None:
            taken = next((i for i, b in enumerate(entries) if b is flow.body), None)
        return [BodyBranch(op.name, taken, branches, op.location)]
    tests = model.test_blocks(op)
    test = [n for b in tests for n in _block(b)]
    inner = test + [n for b in model.blocks(op) if not any(b is t for t in tests) for n in _block(b)]
    if not inner:
        return []
    if flow is not None and flow.trips == 1 and not flow.carried and not test:
        return inner
    return [BodyLoop(op.name, flow.trips if flow is not None else None, tuple(inner), op.location, len(test))]


def region_body(op: Operation) -> tuple[BodyNode, ...]:
    """The listing of Kernel op ``op``'s regions (module docstring), instance names left empty (see
    :func:`number_body`); ``()`` when its regions hold no in-body collective."""
    if not op.regions:
        return ()
    nodes = _op(op)
    return tuple(nodes)


def number_body(nodes: tuple[BodyNode, ...], counter: Iterator[int]) -> tuple[BodyNode, ...]:
    """``nodes`` with each collective named ``b<n>``, ``n`` drawn from ``counter`` in pre-order (one
    counter per device, over its steps in order)."""

    def walk(ns) -> tuple:
        out = []
        for n in ns:
            if isinstance(n, BodyCollective):
                out.append(dataclasses.replace(n, instance=f"b{next(counter)}"))
            elif isinstance(n, BodyLoop):
                out.append(dataclasses.replace(n, body=walk(n.body)))
            else:
                out.append(dataclasses.replace(n, branches=tuple(walk(b) for b in n.branches)))
        return tuple(out)

    return walk(nodes)



def _out_shape(c: BodyCollective, shapes: list, pos: int) -> Optional[tuple[int, ...]]:
    """Member ``pos``'s output shape of in-body collective ``c`` whose group's members have input
    ``shapes`` (group order): a gathered (concatenated) dim is the sum of the members', a split one
    the member's piece of the balanced split (DESIGN.md: ``n // g`` each, the last ``n % g`` one more),
    every other dim the member's own; None when a member's input shape is not known."""
    if any(x is None for x in shapes):
        return None
    g = len(shapes)
    a = c.attributes
    out = list(shapes[pos])

    def piece(n: int) -> int:
        return n // g + (1 if pos >= g - n % g else 0)

    if c.kind == "all_gather":
        d = a["gather_axis"]
        out[d] = sum(x[d] for x in shapes)
    elif c.kind == "all_to_all":
        out[a["concat_axis"]] = sum(x[a["concat_axis"]] for x in shapes)
        out[a["split_axis"]] = piece(shapes[pos][a["split_axis"]])
    elif c.kind in ("all_slice", "reduce_scatter"):
        d = a["slice_axis" if c.kind == "all_slice" else "scatter_axis"]
        out[d] = piece(shapes[pos][d])
    return tuple(out)


def group_out_shapes(devices: list, mesh) -> list:
    """``devices`` (the :class:`~meshc.backend.schedule.DeviceSchedule` of each device, in device order)
    with each in-body collective's missing ``out_shape`` (a result type with dynamic dims: shards of
    unequal sizes, module docstring) given from its group's listed input shapes (:func:`_out_shape`);
    ``mesh`` (:class:`~meshc.sharding.spec.Mesh`) gives the groups. Devices without such a collective are
    returned as they are."""
    from meshc.backend.schedule import Kernel, body_collectives

    index: dict[int, dict[str, BodyCollective]] = {}
    missing = False
    for dev in devices:
        found = index.setdefault(dev.device, {})
        for step in dev.steps:
            if isinstance(step, Kernel) and step.body:
                for c in body_collectives(step.body):
                    found[c.instance] = c
                    missing |= c.out_shape is None
    if not missing:
        return devices

    def fill(k: int, nodes) -> tuple:
        out = []
        for n in nodes:
            if isinstance(n, BodyCollective):
                if n.out_shape is None:
                    group = mesh.axis_group(k, n.mesh_axes)
                    theirs = [index.get(m, {}).get(n.instance) for m in group]
                    if all(x is not None for x in theirs):
                        n = dataclasses.replace(n, out_shape=_out_shape(n, [x.shape for x in theirs],
                                                                        group.index(k)))
                out.append(n)
            elif isinstance(n, BodyLoop):
                out.append(dataclasses.replace(n, body=fill(k, n.body)))
            else:
                out.append(dataclasses.replace(n, branches=tuple(fill(k, b) for b in n.branches)))
        return tuple(out)

    result = []
    for dev in devices:
        steps = [dataclasses.replace(s, body=fill(dev.device, s.body)) if isinstance(s, Kernel) and s.body else s
                 for s in dev.steps]
        result.append(dataclasses.replace(dev, steps=steps))
    return result
