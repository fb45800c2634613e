// reshard: one resharding step each (DESIGN.md rules), in global view; the
// 2x3 move of a split between mesh axes, several dims at once, uneven shards.
// RUN: meshc compile %s -p "reshard{strategy=collectives}" | filecheck %s

mesh.mesh @m(shape = 4)
mesh.mesh @g(shape = 2x3)

// split -> replicate: all_gather
// CHECK-LABEL: func.func @gather
// CHECK:         %[[R:.*]] = mesh.all_gather %x on @m mesh_axes = [0] gather_axis = 0 : tensor<8x16xf32, #mesh.shard<@m, [[0]]>> -> tensor<8x16xf32, #mesh.shard<@m, [[]]>>
// CHECK-NEXT:    return %[[R]]
func.func @gather(%x: tensor<8x16xf32, #mesh.shard<@m, [[0]]>>) -> tensor<8x16xf32, #mesh.shard<@m, [[]]>> {
  %y = mesh.shard %x to <@m, [[]]> : tensor<8x16xf32, #mesh.shard<@m, [[0]]>> -> tensor<8x16xf32, #mesh.shard<@m, [[]]>>
  return %y : tensor<8x16xf32, #mesh.shard<@m, [[]]>>
}

// replicate -> split: all_slice (local)
// CHECK-LABEL: func.func @slice
// CHECK:         mesh.all_slice %x on @m mesh_axes = [0] slice_axis = 1 : tensor<8x16xf32, #mesh.shard<@m, [[]]>> -> tensor<8x16xf32, #mesh.shard<@m, [[], [0]]>>
func.func @slice(%x: tensor<8x16xf32, #mesh.shard<@m, [[]]>>) -> tensor<8x16xf32, #mesh.shard<@m, [[], [0]]>> {
  %y = mesh.shard %x to <@m, [[], [0]]> : tensor<8x16xf32, #mesh.shard<@m, [[]]>> -> tensor<8x16xf32, #mesh.shard<@m, [[], [0]]>>
  return %y : tensor<8x16xf32, #mesh.shard<@m, [[], [0]]>>
}

// split dim 0 -> split dim 1: one all_to_all
// CHECK-LABEL: func.func @rows_to_cols
// CHECK:         mesh.all_to_all %x on @m mesh_axes = [0] split_axis = 1 concat_axis = 0 : tensor<8x16xf32, #mesh.shard<@m, [[0]]>> -> tensor<8x16xf32, #mesh.shard<@m, [[], [0]]>>
// CHECK-NOT:     mesh.all_
func.func @rows_to_cols(%x: tensor<8x16xf32, #mesh.shard<@m, [[0]]>>) -> tensor<8x16xf32, #mesh.shard<@m, [[], [0]]>> {
  %y = mesh.shard %x to <@m, [[], [0]]> : tensor<8x16xf32, #mesh.shard<@m, [[0]]>> -> tensor<8x16xf32, #mesh.shard<@m, [[], [0]]>>
  return %y : tensor<8x16xf32, #mesh.shard<@m, [[], [0]]>>
}

// partial -> replicate: all_reduce (the reduction kind is kept)
// CHECK-LABEL: func.func @reduce
// CHECK:         mesh.all_reduce %x on @m mesh_axes = [0] reduction = max : tensor<8x16xf32, #mesh.shard<@m, [[]], partial = max[0]>> -> tensor<8x16xf32, #mesh.shard<@m, [[]]>>
func.func @reduce(%x: tensor<8x16xf32, #mesh.shard<@m, [[]], partial = max[0]>>) -> tensor<8x16xf32, #mesh.shard<@m, [[]]>> {
  %y = mesh.shard %x to <@m, [[]]> : tensor<8x16xf32, #mesh.shard<@m, [[]], partial = max[0]>> -> tensor<8x16xf32, #mesh.shard<@m, [[]]>>
  return %y : tensor<8x16xf32, #mesh.shard<@m, [[]]>>
}

// partial -> split: reduce_scatter
// CHECK-LABEL: func.func @reduce_scatter
// CHECK:         mesh.reduce_scatter %x on @m mesh_axes = [0] scatter_axis = 0 : tensor<8x16xf32, #mesh.shard<@m, [[]], partial = sum[0]>> -> tensor<8x16xf32, #mesh.shard<@m, [[0]]>>
func.func @reduce_scatter(%x: tensor<8x16xf32, #mesh.shard<@m, [[]], partial = sum[0]>>) -> tensor<8x16xf32, #mesh.shard<@m, [[0]]>> {
  %y = mesh.shard %x to <@m, [[0]]> : tensor<8x16xf32, #mesh.shard<@m, [[]], partial = sum[0]>> -> tensor<8x16xf32, #mesh.shard<@m, [[0]]>>
  return %y : tensor<8x16xf32, #mesh.shard<@m, [[0]]>>
}

// replicate -> partial: no collective, a local point partition lowers
// CHECK-LABEL: func.func @mark_partial
// CHECK:         mesh.shard %x to <@m, [[]], partial = sum[0]> : tensor<8x16xf32, #mesh.shard<@m, [[]]>> -> tensor<8x16xf32, #mesh.shard<@m, [[]], partial = sum[0]>>
// CHECK-NOT:     mesh.all_
func.func @mark_partial(%x: tensor<8x16xf32, #mesh.shard<@m, [[]]>>) -> tensor<8x16xf32, #mesh.shard<@m, [[]], partial = sum[0]>> {
  %y = mesh.shard %x to <@m, [[]], partial = sum[0]> : tensor<8x16xf32, #mesh.shard<@m, [[]]>> -> tensor<8x16xf32, #mesh.shard<@m, [[]], partial = sum[0]>>
  return %y : tensor<8x16xf32, #mesh.shard<@m, [[]], partial = sum[0]>>
}

// a halo change requested by a reshard: update_halo
// CHECK-LABEL: func.func @halo
// CHECK:         mesh.update_halo %x on @m split_axes = [[0]] halo_sizes = [1, 2] : tensor<10x4xf32, #mesh.shard<@m, [[0]]>> -> tensor<10x4xf32, #mesh.shard<@m, [[0]], halo_sizes = [1, 2]>>
func.func @halo(%x: tensor<10x4xf32, #mesh.shard<@m, [[0]]>>) -> tensor<10x4xf32, #mesh.shard<@m, [[0]], halo_sizes = [1, 2]>> {
  %y = mesh.shard %x to <@m, [[0]], halo_sizes = [1, 2]> : tensor<10x4xf32, #mesh.shard<@m, [[0]]>> -> tensor<10x4xf32, #mesh.shard<@m, [[0]], halo_sizes = [1, 2]>>
  return %y : tensor<10x4xf32, #mesh.shard<@m, [[0]], halo_sizes = [1, 2]>>
}

// 2x3 mesh, a split moved from mesh axis 0 to mesh axis 1 on the same dim:
// gather over axis 0, slice over axis 1. The unused argument is left alone.
// CHECK-LABEL: func.func @move_axes
// CHECK-SAME:    %unused: tensor<4xf32, #mesh.shard<@g, [[1]]>>
// CHECK:         %[[G:.*]] = mesh.all_gather %x on @g mesh_axes = [0] gather_axis = 0 : tensor<6x7xf32, #mesh.shard<@g, [[0]]>> -> tensor<6x7xf32, #mesh.shard<@g, [[]]>>
// CHECK-NEXT:    %[[S:.*]] = mesh.all_slice %[[G]] on @g mesh_axes = [1] slice_axis = 0 : tensor<6x7xf32, #mesh.shard<@g, [[]]>> -> tensor<6x7xf32, #mesh.shard<@g, [[1]]>>
// CHECK-NEXT:    return %[[S]]
func.func @move_axes(%x: tensor<6x7xf32, #mesh.shard<@g, [[0]]>>, %unused: tensor<4xf32, #mesh.shard<@g, [[1]]>>) -> tensor<6x7xf32, #mesh.shard<@g, [[1]]>> {
  %y = mesh.shard %x to <@g, [[1]]> : tensor<6x7xf32, #mesh.shard<@g, [[0]]>> -> tensor<6x7xf32, #mesh.shard<@g, [[1]]>>
  return %y : tensor<6x7xf32, #mesh.shard<@g, [[1]]>>
}

// two dims swap their mesh axes (the planner's composition): gather dim 0 over
// axis 0, move axis 1 from dim 1 to dim 0 by all_to_all, slice dim 1 over axis 0
// CHECK-LABEL: func.func @swap
// CHECK:         %[[A:.*]] = mesh.all_gather %x on @g mesh_axes = [0] gather_axis = 0 : {{.*}} -> tensor<6x6xf32, #mesh.shard<@g, [[], [1]]>>
// CHECK-NEXT:    %[[B:.*]] = mesh.all_to_all %[[A]] on @g mesh_axes = [1] split_axis = 0 concat_axis = 1 : {{.*}} -> tensor<6x6xf32, #mesh.shard<@g, [[1]]>>
// CHECK-NEXT:    %[[C:.*]] = mesh.all_slice %[[B]] on @g mesh_axes = [0] slice_axis = 1 : {{.*}} -> tensor<6x6xf32, #mesh.shard<@g, [[1], [0]]>>
// CHECK-NEXT:    return %[[C]]
func.func @swap(%x: tensor<6x6xf32, #mesh.shard<@g, [[0], [1]]>>) -> tensor<6x6xf32, #mesh.shard<@g, [[1], [0]]>> {
  %y = mesh.shard %x to <@g, [[1], [0]]> : tensor<6x6xf32, #mesh.shard<@g, [[0], [1]]>> -> tensor<6x6xf32, #mesh.shard<@g, [[1], [0]]>>
  return %y : tensor<6x6xf32, #mesh.shard<@g, [[1], [0]]>>
}

// uneven: 5 rows over 2 devices (2 and 3 rows, the balanced rule); upstream rejects it
// CHECK-LABEL: func.func @uneven
// CHECK:         mesh.all_gather %x on @g mesh_axes = [0] gather_axis = 0 : tensor<5x4xf32, #mesh.shard<@g, [[0]]>> -> tensor<5x4xf32, #mesh.shard<@g, [[]]>>
func.func @uneven(%x: tensor<5x4xf32, #mesh.shard<@g, [[0]]>>) -> tensor<5x4xf32, #mesh.shard<@g, [[]]>> {
  %y = mesh.shard %x to <@g, [[]]> : tensor<5x4xf32, #mesh.shard<@g, [[0]]>> -> tensor<5x4xf32, #mesh.shard<@g, [[]]>>
  return %y : tensor<5x4xf32, #mesh.shard<@g, [[]]>>
}
