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

import importlib
from typing import Any

# The submodules load on first use (PEP 562), so that importing one of them (the dialects import
# :mod:`.combiners` and :mod:`.storage`) does not import the others: parsing, verifying and printing
# a program (``meshc compile -p ""``, ``meshc-opt``) never imports the resharding planner, and never
# numpy, which the reference semantics of :mod:`.simulate` need.
_SUBMODULES = ("combiners", "reshard", "shards", "simulate", "spec", "steps", "storage")
_STAR = ("reshard", "shards", "spec", "steps")  # ``from .X import *``, in this order (each module's __all__)
_SIMULATE = ("simulate", "Buffers", "shard_array", "unshard", "apply_step", "apply_plan")


def _public() -> dict[str, Any]:
    """Every public name of :data:`_STAR` (and ``storage_owner``) by value, ``__all__`` with them."""
    names: dict[str, Any] = {}
    for sub in _STAR:
        module = importlib.import_module(f".{sub}", __name__)
        names.update((n, getattr(module, n)) for n in module.__all__)
    names["storage_owner"] = importlib.import_module(".shards", __name__).storage_owner
    spec, shards, steps, reshard = (importlib.import_module(f".{m}", __name__)
                                    for m in ("spec", "shards", "steps", "reshard"))
    names["__all__"] = [*spec.__all__, *shards.__all__, "storage_owner", *steps.__all__, *reshard.__all__,
                        *_SIMULATE[1:]]
    return names


def __getattr__(name: str) -> Any:
    """Module attributes loaded on first use (PEP 562): the submodules, their public names, and
    :mod:`.simulate` (numpy) with its public names."""
    if name in _SUBMODULES:
        return importlib.import_module(f".{name}", __name__)
    if name in _SIMULATE:
        simulate = importlib.import_module(".simulate", __name__)
        return simulate if name == "simulate" else getattr(simulate, name)
    if name.startswith("__") and name != "__all__":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    public = _public()
    for key, value in public.items():
        globals().setdefault(key, value)  # a submodule imported meanwhile keeps its attribute
    if name in public:
        return public[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
