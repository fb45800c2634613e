"""The contract between ``unroll``'s output (docs/pipeline.md stage 6) and the backend.

``unroll`` builds, next to each public function ``@NAME`` on a static mesh, the private
``@NAME`` + :data:`SHARDED_SUFFIX` holding one argument and result per stored shard, and keeps
``@NAME`` as the *wrapper* that shards its arguments, calls it and reassembles its results. The
backend (:mod:`meshc.backend.emit`) reads exactly what this module names, and both sides import
it, so neither can drift from the other:

* the per-shard attributes of ``@NAME_sharded``'s arguments and results, :data:`ARG` or
  :data:`RESULT` (the index of the original argument or result), :data:`DEVICES` (the devices
  holding the shard; the first stores it), :data:`OFFSETS` (its global offsets) and, for a shard
  of a partial argument held off coordinate 0 of the partial axes, :data:`IDENTITY` (the
  reduction identity it starts from);
* the *unshard* of each result of the wrapper after its single ``func.call`` of
  ``@NAME_sharded``, read by :func:`gather_plan` into :class:`GatherPart` s. It is one of

  - a result of the call (a shard that is the whole result);
  - a ``tensor.extract_slice`` of one, with static offsets and unit strides (a shard cut to its
    core, when it has halos);
  - a combination of such values by one combiner op of
    :data:`meshc.sharding.combiners.COMBINERS` (the shards of a partial result);
  - a chain of ``tensor.insert_slice`` of such values into a ``tensor.empty`` (one block each).

  A wrapper without the call (a hand-written per-shard program) is reassembled from the result
  shards' :data:`OFFSETS` instead (:func:`gather_by_offsets`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Optional, Sequence

import meshc.dialects.tensor as tensor
from meshc.dialects.func import CallOp
from meshc.ir.core import Operation, OpResult, Value
from meshc.ir.types import TensorType, Type
from meshc.sharding.combiners import by_op

__all__ = ["SHARDED_SUFFIX", "ARG", "RESULT", "DEVICES", "OFFSETS", "IDENTITY", "GatherPart", "gather_plan",
           "gather_by_offsets"]

#: Suffix of the per-device function ``unroll`` builds.
SHARDED_SUFFIX = "_sharded"
#: Argument attribute: index of the original argument a shard belongs to.
ARG = "mesh.arg"
#: Result attribute: index of the original result a shard belongs to.
RESULT = "mesh.result"
#: The devices holding a shard (``[first, ...]``: the first one stores it).
DEVICES = "mesh.devices"
#: The shard's global offsets (``array<i64: ...>``).
OFFSETS = "mesh.offsets"
#: The reduction identity a shard of a partial argument starts from.
IDENTITY = "mesh.identity"

#: Builds the error raised for a wrapper that does not follow the contract: (message, location).
ErrorFactory = Callable[[str, object], Exception]


@dataclass(frozen=True)
class GatherPart:
    """One block of an original result: ``result[offsets : offsets + sizes]``
    is ``combine(out_j[at : at + sizes] for j, at in sources)``, ``out_j``
    being the schedule's result ``j``; ``combiner`` (``arith.addf``,
    ``arith.maximumf``...) combines the shards of a partial result, None when
    there is one source."""

    offsets: tuple[int, ...]
    sizes: tuple[int, ...]
    sources: tuple[tuple[int, tuple[int, ...]], ...]
    combiner: Optional[str] = None


def _owner(v: Value) -> Optional[Operation]:
    return v.owner if isinstance(v, OpResult) else None


def gather_plan(wrapper: Operation, sharded: Operation, slots: Sequence, result_types: Sequence[Type],
                error: ErrorFactory) -> list[list[GatherPart]]:
    """How each result of ``wrapper`` is put together from ``sharded``'s results, read off the unshard
    after its call of ``sharded`` (module docstring); without one call,
    :func:`gather_by_offsets`. ``slots[j]``: the result shard ``j`` of ``sharded`` (``.shape``,
    ``.index``, ``.offsets``, ``.position``: :class:`meshc.backend.emit.ShardSlot`).

    Raises:
        ``error(message, location)``: a result assembled otherwise, or shards that do not cover it
        exactly once.
    """
    calls = [op for op in wrapper.body.ops  # type: ignore[attr-defined]
             if isinstance(op, CallOp) and getattr(op.attributes.get("callee"), "root", None) == sharded.sym_name]
    if len(calls) != 1:
        return gather_by_offsets(wrapper, slots, result_types, error)
    call = calls[0]
    ret = wrapper.body.ops[-1]  # type: ignore[attr-defined]

    def fail(i: int, why: str) -> Exception:
        return error(f"result #{i} of @{wrapper.sym_name}: cannot reassemble it from the shards of "  # type: ignore
                     f"@{sharded.sym_name}: {why}", wrapper.location)  # type: ignore[attr-defined]

    def source(i: int, v: Value) -> tuple[Optional[str], list]:
        op = _owner(v)
        if op is call:
            return None, [(v.index, (0,) * len(slots[v.index].shape))]  # type: ignore[attr-defined]
        if isinstance(op, tensor.ExtractSliceOp) and _owner(op.operands[0]) is call and len(op.operands) == 1 \
                and set(op.static_strides) <= {1}:
            return None, [(op.operands[0].index, tuple(op.static_offsets))]  # type: ignore[attr-defined]
        if op is not None and by_op(op.name) is not None:
            parts = [source(i, x) for x in op.operands]
            if any(c not in (None, op.name) for c, _ in parts):
                raise fail(i, f"partial shards combined by different ops ({op.name} and others)")
            return op.name, [src for _, srcs in parts for src in srcs]
        raise fail(i, f"'{op.name if op is not None else 'a block argument'}' is not part of an unshard")

    plan = []
    for i, (v, t) in enumerate(zip(ret.operands, result_types)):
        shape = tuple(t.shape) if isinstance(t, TensorType) else ()
        op = _owner(v)
        if not isinstance(op, tensor.InsertSliceOp):
            combiner, srcs = source(i, v)
            plan.append([GatherPart((0,) * len(shape), shape, tuple(srcs), combiner)])
            continue
        parts = []
        while isinstance(op, tensor.InsertSliceOp):
            combiner, srcs = source(i, op.operands[0])
            parts.append(GatherPart(tuple(op.static_offsets), tuple(op.static_sizes), tuple(srcs), combiner))
            op = _owner(op.operands[1])
        if not isinstance(op, tensor.EmptyOp):
            raise fail(i, "the shards are not inserted into a tensor.empty")
        plan.append(parts[::-1])
    return plan


def gather_by_offsets(wrapper: Operation, slots: Sequence, result_types: Sequence[Type],
                      error: ErrorFactory) -> list[list[GatherPart]]:
    """Each result from the :data:`OFFSETS` of its shards: one holder of each region.

    Raises:
        ``error(message, location)``: the shards overlap or leave elements out.
    """
    plan: list[list[GatherPart]] = [[] for _ in result_types]
    seen: set = set()
    for slot in slots:
        if (slot.index, slot.offsets, slot.shape) not in seen:  # a region held by several devices: once
            seen.add((slot.index, slot.offsets, slot.shape))
            plan[slot.index].append(GatherPart(slot.offsets, slot.shape, ((slot.position, (0,) * len(slot.shape)),)))
    for i, (parts, t) in enumerate(zip(plan, result_types)):
        total = math.prod(t.shape) if isinstance(t, TensorType) else 1
        covered = sum(math.prod(p.sizes) for p in parts)
        if covered != total or not parts:
            raise error(f"result #{i} of @{wrapper.sym_name}: its shards cover {covered} of {total} "  # type: ignore
                        "elements (overlapping or missing pieces)", wrapper.location)  # type: ignore[attr-defined]
    return plan
