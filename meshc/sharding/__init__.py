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

from .reshard import bytes_moved_per_device, plan_bytes_per_device, plan_reshard, same_layout, transfer_matrix
from .shards import (
    bytes_per_device,
    check_offsets_fit,
    core_region,
    dim_boundaries,
    dim_shard_count,
    dim_shard_index,
    holders,
    local_offsets,
    local_region,
    local_shape,
    local_slices,
    shard_boundaries,
    shard_offsets,
    shard_range,
    shard_sizes,
    storage_owner,
)
from .simulate import apply_plan, apply_step, shard_array, unshard
from .spec import Mesh, ReductionKind, ReshardError, Sharding, ShardingError
from .steps import (
    AllGather,
    AllReduce,
    AllSlice,
    AllToAll,
    MarkPartial,
    ReduceScatter,
    Step,
    UpdateHalo,
    is_exact,
    nests,
    shardings_along,
)

__all__ = [
    "Mesh",
    "ReductionKind",
    "ReshardError",
    "Sharding",
    "storage_owner",
    "ShardingError",
    "shard_sizes",
    "shard_offsets",
    "shard_boundaries",
    "shard_range",
    "dim_shard_count",
    "dim_shard_index",
    "dim_boundaries",
    "check_offsets_fit",
    "core_region",
    "local_region",
    "local_shape",
    "local_offsets",
    "local_slices",
    "holders",
    "bytes_per_device",
    "Step",
    "AllReduce",
    "ReduceScatter",
    "AllGather",
    "AllSlice",
    "AllToAll",
    "MarkPartial",
    "UpdateHalo",
    "is_exact",
    "nests",
    "shardings_along",
    "plan_reshard",
    "same_layout",
    "transfer_matrix",
    "bytes_moved_per_device",
    "plan_bytes_per_device",
    "shard_array",
    "unshard",
    "apply_step",
    "apply_plan",
]
