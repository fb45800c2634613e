"""Pass name -> pass class, imported lazily, and the default pipeline.

``PASSES`` maps each pipeline name to ``"module:Class"``; the module is
imported only when the pass is used (or listed by ``meshc passes``), so
``meshc --help`` imports no pass. A new pass adds one line here.
"""

from __future__ import annotations

import importlib

from meshc.passes.base import Pass

PASSES: dict[str, str] = {
    "canonicalize": "meshc.passes.canonicalize:Canonicalize",
    "cse": "meshc.passes.cse:CSE",
    "distribute-types": "meshc.passes.distribute_types:DistributeTypes",
    "partition": "meshc.passes.partition:Partition",
    "reshard": "meshc.passes.reshard:Reshard",
    "materialize-encodings": "meshc.passes.materialize_encodings:MaterializeEncodings",
    "propagate-encodings": "meshc.passes.propagate_encodings:PropagateEncodings",
    "set-encoding": "meshc.passes.set_encoding:SetEncoding",
    "sharding-propagation": "meshc.passes.sharding_propagation:ShardingPropagation",
    "specialize-mesh": "meshc.passes.specialize_mesh:SpecializeMesh",
    "symbol-dce": "meshc.passes.symbol_dce:SymbolDCE",
    "unroll": "meshc.passes.unroll:Unroll",
    "verify": "meshc.passes.verify:Verify",
}

DEFAULT_PIPELINE: list[str] = ["sharding-propagation", "distribute-types", "reshard", "partition", "unroll",
                               "propagate-encodings", "materialize-encodings", "canonicalize", "cse"]
"""What ``meshc compile`` runs without ``-p`` (pipeline elements, in order)."""


class UnknownPassError(KeyError):
    """A pass name that is not in :data:`PASSES`."""

    def __init__(self, name: str):
        super().__init__(name)
        self.name = name

    def __str__(self) -> str:
        return f"unknown pass '{self.name}'; known passes: {', '.join(known_passes())}"


def known_passes() -> list[str]:
    """Every registered pass name, sorted."""
    return sorted(PASSES)


def pass_class(name: str) -> type[Pass]:
    """The pass class registered as ``name`` (imports its module).

    Raises:
        UnknownPassError: ``name`` is not registered.
    """
    target = PASSES.get(name)
    if target is None:
        raise UnknownPassError(name)
    module_name, _, cls_name = target.partition(":")
    cls = getattr(importlib.import_module(module_name), cls_name)
    if cls.name != name:  # pragma: no cover - a registry typo
        raise RuntimeError(f"registry entry '{name}' points at pass '{cls.name}'")
    return cls


def default_pipeline_text() -> str:
    return ",".join(DEFAULT_PIPELINE)
