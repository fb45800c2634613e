"""The pure sharding model of meshc: meshes, shardings, shard arithmetic, resharding.

Every later pass and the runtime use this arithmetic; it imports nothing else
of meshc (only the standard library and numpy).

- :mod:`.spec`: :class:`ReductionKind`, :class:`Mesh`, :class:`Sharding` and the errors.
- :mod:`.shards`: balanced shard sizes and each device's local shape, offsets, slices.
- :mod:`.steps`: the named resharding steps (all_gather, all_to_all, ...) and what they do
  to a sharding.
- :mod:`.reshard`: :func:`plan_reshard` (any sharding to any other) and traffic counts.
- :mod:`.simulate`: reference semantics of shardings and steps on per-device numpy buffers.
"""

from . import reshard, shards, spec, steps
from .reshard import *  # noqa: F401,F403 -- each module's __all__ is its public surface
from .shards import *  # noqa: F401,F403
from .shards import storage_owner
from .spec import *  # noqa: F401,F403
from .steps import *  # noqa: F401,F403

# The numpy-backed reference semantics load on first use, so that parsing, verifying and
# printing a program (``meshc compile -p ""``, ``meshc-opt``) never imports numpy.
_SIMULATE = ("simulate", "Buffers", "shard_array", "unshard", "apply_step", "apply_plan")

__all__ = [*spec.__all__, *shards.__all__, "storage_owner", *steps.__all__, *reshard.__all__, *_SIMULATE[1:]]


def __getattr__(name: str):
    """Module attributes loaded on first use (PEP 562): :mod:`.simulate` and its public names."""
    if name in _SIMULATE:
        import importlib

        simulate = importlib.import_module(".simulate", __name__)
        return simulate if name == "simulate" else getattr(simulate, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
