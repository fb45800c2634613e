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

Loops and branches without a collective inside are left out. Instance names (``b0``, ``b1``...) are
given per device in step order by :func:`number_body`, so the ``n``-th in-body collective of a
device's listing is the one the runtimes match by order with its group.
"""

from __future__ import annotations

import dataclasses
from typing import Iterator, Optional

from meshc.backend.schedule import COLLECTIVE_KINDS, BodyBranch, BodyCollective, BodyLoop, BodyNode
from meshc.ir.core import Block, Operation

__all__ = ["region_body", "number_body", "in_body_collective"]


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


def _collective(op: Operation, kind: str) -> BodyCollective:
    from meshc.ir.types import element_type_of

    shape, out_shape = _static_shape(op.operands[0].type), _static_shape(op.results[0].type)
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

