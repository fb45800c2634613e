"""Deliberate miscompiles for testing the differential tester (issue 10). TEST-ONLY.

The differential tester (``tests/difftest``) must prove it finds bugs: a test
adds one name of :data:`KNOWN` to :data:`INJECT`, runs generated programs and
asserts some run disagrees with the reference interpreter (or fails), then
clears the set. Each pass or backend file checks its name in one clearly
marked check ``if "<name>" in testing_hooks.INJECT:  # TEST-ONLY`` (partition,
reshard, backend/emit); with :data:`INJECT` empty (always, outside those tests)
nothing changes.

Never set from user input: no flag or environment variable reads it.
"""

from __future__ import annotations

from typing import Any

#: The miscompiles enabled now (test-only; empty in normal use).
INJECT: set[str] = set()

#: Every miscompile a hook implements: name -> where and what.
KNOWN: dict[str, str] = {
    "uneven-slice-offset": "partition: a device's slice offset of an uneven split dim is one element too low "
                           "(every shard but the first)",
    "wrong-reduction-kind": "reshard: a reducing collective (all_reduce, reduce_scatter) combines with the "
                            "wrong kind (sum <-> max)",
    "backend-wrong-reduction": "backend: the schedule's reducing collectives combine with the wrong kind "
                               "(after the IR verified)",
    "drop-all-reduce": "backend: an all_reduce is emitted over device groups of one (no data moves: each "
                       "device keeps its partial value)",
    "wrong-peer-group": "backend: the stored shards a collective reads are looked up as if every mesh axis "
                        "were peered (peer groups span non-peered axes)",
}


def shifted_offset(m: Any, offset: Any, index: Any, remainder: Any) -> Any:
    """``uneven-slice-offset``: ``offset - 1`` for shard ``index > 0`` when the split is uneven
    (``remainder != 0``), built with :class:`meshc.passes.partition.IndexMath` ``m``."""
    if isinstance(remainder, int) and remainder == 0:
        return offset
    return m.sub(offset, m.select(m.cmp("sge", index, 1), 1, 0))


def wrong_reduction(kind: str) -> str:
    """``wrong-reduction-kind``: the reduction a buggy reshard would pick instead of ``kind``."""
    return "max" if kind == "sum" else "sum"


def wrong_peer_pieces(global_type: Any, mesh: Any) -> Any:
    """``wrong-peer-group``: :func:`meshc.dialects.mesh.storage_pieces` computed with every mesh
    axis peered."""
    from dataclasses import replace

    from meshc.dialects.mesh import storage_pieces

    return storage_pieces(global_type, replace(mesh, peered_axes=tuple(range(len(mesh.shape)))))
