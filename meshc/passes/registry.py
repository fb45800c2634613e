"""Pass name -> pass class, imported lazily, and the default pipeline.

``PASSES`` maps each pipeline name to ``"module:Class"``; the module is
imported only when the pass is used (or listed by ``meshc passes``), so
``meshc --help`` imports no pass. A new pass adds one line here.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Optional

from meshc.passes.base import Pass

PASSES: dict[str, str] = {
    "canonicalize": "meshc.passes.canonicalize:Canonicalize",
    "convert-flow-to-tensor": "meshc.passes.convert_flow_to_tensor:ConvertFlowToTensor",
    "cse": "meshc.passes.cse:CSE",
    "distribute-types": "meshc.passes.distribute_types:DistributeTypes",
    "flatten-regions": "meshc.passes.flatten_regions:FlattenRegions",
    "hoist-encoding-ops": "meshc.passes.hoist_encoding_ops:HoistEncodingOps",
    "inline": "meshc.passes.inline:Inline",
    "partition": "meshc.passes.partition:Partition",
    "reshard": "meshc.passes.reshard:Reshard",
    "mesh-simplify": "meshc.passes.mesh_simplify:MeshSimplify",
    "local-view": "meshc.passes.local_view:LocalView",
    "lower-all-slice": "meshc.passes.lower_all_slice:LowerAllSlice",
    "linalg-generalize-named-ops": "meshc.passes.generalize_named_ops:GeneralizeNamedOps",
    "lower-process-multi-index": "meshc.passes.lower_process_multi_index:LowerProcessMultiIndex",
    "fuse-spmd-regions": "meshc.passes.fuse_spmd_regions:FuseSpmdRegions",
    "materialize-encodings": "meshc.passes.materialize_encodings:MaterializeEncodings",
    "propagate-encodings": "meshc.passes.propagate_encodings:PropagateEncodings",
    "propagate-reshapes": "meshc.passes.propagate_reshapes:PropagateReshapes",
    "set-encoding": "meshc.passes.set_encoding:SetEncoding",
    "sharding-propagation": "meshc.passes.sharding_propagation:ShardingPropagation",
    "specialize-mesh": "meshc.passes.specialize_mesh:SpecializeMesh",
    "specialize-shapes": "meshc.passes.specialize_shapes:SpecializeShapes",
    "symbol-dce": "meshc.passes.symbol_dce:SymbolDCE",
    "unroll": "meshc.passes.unroll:Unroll",
    "verify": "meshc.passes.verify:Verify",
}

DEFAULT_PIPELINE: list[str] = ["convert-flow-to-tensor", "flatten-regions", "propagate-reshapes",
                               "sharding-propagation", "distribute-types", "reshard", "partition", "fuse-spmd-regions",
                               "propagate-encodings",
                               "materialize-encodings", "canonicalize", "cse"]
"""What ``meshc compile`` runs without ``-p`` (pipeline elements, in order; ``--no-propagate-reshapes``
drops ``propagate-reshapes``, ``--no-fuse-regions`` drops ``fuse-spmd-regions``): up to stage 5
(docs/pipeline.md), one ``mesh.for_all`` program for every device, nothing copied per device, so
its cost does not grow with the device count. :data:`UNROLLED_PIPELINE` adds ``unroll``."""

UNROLLED_PIPELINE: list[str] = DEFAULT_PIPELINE[:DEFAULT_PIPELINE.index("fuse-spmd-regions") + 1] + [
    "unroll"] + DEFAULT_PIPELINE[DEFAULT_PIPELINE.index("fuse-spmd-regions") + 1:]
"""The default pipeline with ``unroll`` after ``fuse-spmd-regions``: the seed's static per-device form
(stage 6, ``@NAME_sharded``), what ``meshc compile --emit=unrolled`` and a ``--target`` other than
``none`` compile with (the encodings then see local shapes)."""




@dataclass(frozen=True)
class AliasOption:
    """An option of an upstream pass: its value goes to meshc option ``target``
    (``"pass.option"``), or, with ``target`` None, only the ``accepted`` values
    are allowed (they need no meshc option: meshc does that already)."""

    name: str
    target: Optional[str] = None
    accepted: tuple[str, ...] = ()


@dataclass(frozen=True)
class PassAlias:
    """An upstream pass name (mlir-opt, iree-opt) and the meshc pipeline that
    stands for it; ``pipeline`` empty means meshc has no equivalent (using the
    name is an error saying ``differences``). Used by ``meshc-opt``
    (:mod:`meshc.passes.aliases`, docs/meshc-opt.md)."""

    pipeline: str
    origin: str
    differences: str
    options: tuple[AliasOption, ...] = ()


_PARTITION = "sharding-propagation,distribute-types,reshard{strategy=collectives},partition,local-view"
_PARTITION_DIFF = ("meshc's partition, then local-view for upstream's per-device types; values left unannotated are "
                   "completed by sharding-propagation first, and meshc chooses its own collectives and partial-sum "
                   "scheme (arith.select, not scf.if)")

_RESHARD = "distribute-types,reshard{strategy=collectives},partition,local-view{signature=global}"
_RESHARD_LLVM20 = _RESHARD + ",lower-all-slice"
_RESHARD_DIFF = ("the mesh.shard pairs become meshc's collectives, shown per device with the function signatures "
                 "kept global (unrealized_conversion_cast at the boundaries)")

ALIASES: dict[str, PassAlias] = {
    # MLIR's mesh / shard dialect
    "sharding-propagation": PassAlias(
        "sharding-propagation{traversal=backward-forward annotations=per-use}", "MLIR",
        "same pass; upstream's default traversal is backward-forward (meshc's own default is forward-backward); "
        "upstream's output form, an annotation per sharded op result and per operand (annotations=per-use; "
        "meshc's own default is one annotation tree per value)",
        (AliasOption("traversal", "sharding-propagation.traversal"),
         AliasOption("annotations", "sharding-propagation.annotations"))),
    "mesh-spmdization": PassAlias(_PARTITION, "MLIR (LLVM 19/20)", _PARTITION_DIFF),
    "shard-partition": PassAlias(_PARTITION, "MLIR (LLVM 21+)", _PARTITION_DIFF),
    "shard-simplify": PassAlias("mesh-simplify", "MLIR (LLVM 22)", "same patterns"),
    "test-mesh-folding": PassAlias("mesh-simplify", "MLIR (LLVM 18)",
                                   "the mesh_shape folds, and the simplifications of the later test pass too"),
    "test-grid-simplifications": PassAlias("mesh-simplify", "MLIR (LLVM 21+)",
                                           "also folds all_gather/all_slice pairs and all_reduce + all_slice "
                                           "(upstream's shard-simplify patterns)"),
    "test-mesh-simplifications": PassAlias("mesh-simplify", "MLIR (LLVM 19/20)",
                                           "also folds all_gather/all_slice pairs and all_reduce + all_slice "
                                           "(upstream's shard-simplify patterns)"),
    "test-grid-all-slice-op-lowering": PassAlias("lower-all-slice", "MLIR (LLVM 21+)",
                                                 "the in-group linear index is arith (upstream: affine.apply)"),
    "test-mesh-all-slice-op-lowering": PassAlias("lower-all-slice", "MLIR (LLVM 19/20)",
                                                 "the in-group linear index is arith (upstream: affine.apply)"),
    "test-grid-process-multi-index-op-lowering": PassAlias("lower-process-multi-index", "MLIR (LLVM 21+)",
                                                           "same rewrite"),
    "test-mesh-process-multi-index-op-lowering": PassAlias("lower-process-multi-index", "MLIR (LLVM 19/20)",
                                                           "same rewrite"),
    "test-grid-resharding-partition": PassAlias(_RESHARD, "MLIR (LLVM 21+)", _RESHARD_DIFF),
    "test-mesh-resharding-spmdization": PassAlias(_RESHARD_LLVM20, "MLIR (LLVM 19/20)", _RESHARD_DIFF),
    # MLIR's test passes of the folders
    "test-constant-fold": PassAlias("canonicalize", "MLIR",
                                    "canonicalize: the same folds, and dead pure ops are erased too"),
    "test-single-fold": PassAlias("canonicalize", "MLIR",
                                  "canonicalize: folds to a fixpoint (not a single fold per op); dead pure ops "
                                  "are erased too"),
    # IREE's dispatch creation
    "iree-dispatch-creation-set-encoding": PassAlias(
        "set-encoding", "IREE",
        "encodes linalg.matmul / batch_matmul (and their transposed forms) only, with iteration_sizes; "
        "encoding-option=generic only",
        (AliasOption("encoding-option", accepted=("generic",)),)),
    "iree-dispatch-creation-propagate-encodings": PassAlias(
        "propagate-encodings", "IREE", "meshc's interfaces decide which ops encodings move through"),
    "iree-dispatch-creation-propagate-encodings-through-generic-ops": PassAlias(
        "propagate-encodings", "IREE", "propagate-encodings moves encodings through linalg.generic and the other "
                                       "ops that have a model alike"),
    "iree-dispatch-creation-hoist-encoding-ops": PassAlias(
        "hoist-encoding-ops", "IREE", "the same rewrites inside flow.dispatch.region; the ops moved come from "
                                      "meshc's encoding interfaces"),
    "iree-dispatch-creation-fuse-encoding-ops-into-dispatch-regions-pass": PassAlias(
        "", "IREE", "meshc forms no dispatch regions, so there is nothing to fuse encoding ops into"),
}
"""Upstream pass names ``meshc-opt`` accepts, one table (docs/meshc-opt.md shows it).
``canonicalize``, ``cse`` and ``symbol-dce`` are meshc passes of the same name and meaning."""


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
    """:data:`DEFAULT_PIPELINE` as pipeline text."""
    return ",".join(DEFAULT_PIPELINE)
