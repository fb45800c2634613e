"""Deliberate miscompiles that prove the differential tester finds bugs (test-only).

Each entry of :data:`KNOWN` names one bug and :func:`patches` gives the product attributes that
inject it: ``(owner, attribute name, replacement)``, each replacement wrapping the product function
it replaces. ``tests/test_difftest.py`` applies them with pytest's ``monkeypatch.setattr`` (undone
after the test); ``bench/difftest.py --inject NAME`` with :func:`injected` (plain attribute
patching, undone on exit). The product code has no hook for them: it never knows it is tested.
"""

from __future__ import annotations

import contextlib
from dataclasses import replace
from typing import Any, Callable, Iterator

#: Every miscompile :func:`patches` injects: name -> where and what.
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


def wrong_reduction(kind: str) -> str:
    """The reduction a buggy pass would pick instead of ``kind``."""
    return "max" if kind == "sum" else "sum"


def patches(name: str) -> list[tuple[Any, str, Callable]]:
    """``(owner, attribute, replacement)`` for each product attribute miscompile ``name`` replaces.

    Raises:
        KeyError: ``name`` is not in :data:`KNOWN`.
    """
    from meshc.backend import emit
    from meshc.interfaces import spmd
    from meshc.passes import reshard

    if name not in KNOWN:
        raise KeyError(f"unknown miscompile '{name}' (known: {', '.join(KNOWN)})")
    if name == "uneven-slice-offset":
        original = spmd.balanced_range

        def balanced_range(m, n, k, i):
            offset, size = original(m, n, k, i)
            if isinstance(n, int) and isinstance(k, int) and isinstance(i, int):
                return offset, size
            r = m.rem(n, k)
            if isinstance(r, int) and r == 0:
                return offset, size
            return m.sub(offset, m.select(m.cmp("sge", i, 1), 1, 0)), size

        return [(spmd, "balanced_range", balanced_range)]
    if name == "wrong-reduction-kind":
        from meshc.ir.attributes import StringAttr

        original_build = reshard.build_collective

        def build_collective(step, *args, **kwargs):
            op = original_build(step, *args, **kwargs)
            kind = getattr(step, "kind", None)
            if kind is not None:
                op.attributes["reduction"] = StringAttr(wrong_reduction(kind.value))
            return op

        return [(reshard, "build_collective", build_collective)]
    original_spec = emit._Emitter.collective_spec
    if name == "backend-wrong-reduction":
        def wrong_spec(instance, kind, op, attrs):
            if "reduction" in attrs:
                attrs = dict(attrs, reduction=wrong_reduction(attrs["reduction"]))
            return original_spec(instance, kind, op, attrs)

        return [(emit._Emitter, "collective_spec", staticmethod(wrong_spec))]
    if name == "drop-all-reduce":
        def dropped_spec(instance, kind, op, attrs):
            spec = original_spec(instance, kind, op, attrs)
            return replace(spec, mesh_axes=()) if kind == "all_reduce" else spec

        return [(emit._Emitter, "collective_spec", staticmethod(dropped_spec))]
    # wrong-peer-group

    def source_pieces(self, t_src):
        from meshc.dialects.mesh import storage_pieces

        return storage_pieces(t_src, replace(self.mesh, peered_axes=tuple(range(len(self.mesh.shape)))))

    return [(emit._Emitter, "source_pieces", source_pieces)]


@contextlib.contextmanager
def injected(name: str) -> Iterator[None]:
    """Miscompile ``name`` enabled by plain attribute patching inside the ``with`` block (the bench's
    way; tests use ``monkeypatch``)."""
    saved = []
    for owner, attr, new in patches(name):
        saved.append((owner, attr, owner.__dict__[attr] if isinstance(owner, type) else getattr(owner, attr)))
        setattr(owner, attr, new)
    try:
        yield
    finally:
        for owner, attr, old in reversed(saved):
            setattr(owner, attr, old)
