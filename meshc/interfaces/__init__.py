"""Op interfaces that passes query instead of testing op classes (STYLE.md item 9).

* :mod:`.sharding` — the ShardingInterface: an op's iteration space (loop
  iterator types, how each tensor dim is indexed by the loops, reduction
  kinds) and the generic sharding rules derived from it; a registry of
  external models keyed by op name or class; the per-op SPMD rules (``partition``,
  ``dps_inits``, ``dynamic_result_size``, ``evaluate_on_device``, ``refine``) are
  model methods too (docs/pipeline.md, "Per-op SPMD rules").
* :mod:`.sharding_models` — the models of the builtin dialects (linalg,
  arith/math on tensors, tensor, iree_encoding, func.return), registered
  lazily on first use, with their SPMD rules (local reshapes, slices, splats,
  pad and linalg index shifting, unroll's static type inference).
* :mod:`.spmd` — what the models and the partition pass share: index arithmetic,
  a device's view, the :class:`~.spmd.PartitionContext`.
* :mod:`.unrolled` — the contract between ``unroll``'s output and the backend
  (per-shard attributes, the unshard the backend reads).
* :mod:`.annotations` — reading the ``mesh.shard`` annotation form of a
  function: annotation chains, the function's mesh, type-sharding checks.
* :mod:`.encoding` — the encoding propagation interfaces of seed 001
  (data-tiling encodings).
* :mod:`.models` — how an op finds its registered model (by name, then by class).

Importing this package imports nothing else.
"""
