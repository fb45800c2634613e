// The default pipeline (sharding-propagation, distribute-types, reshard,
// partition, unroll, canonicalize, cse) on annotated programs that upstream
// mlir-opt rejects or crashes on: a split moved between the axes of a 2x3 mesh
// with an unused argument, 5 rows over 2 devices (dynamic.mlir: a dynamic mesh
// with uneven shards).
// RUN: meshc compile %s --emit=unrolled --split-input-file | filecheck %s

mesh.mesh @g(shape = 2x3)
// CHECK-LABEL: func.func @move_axes(%x: tensor<6x7xf32>, %unused: tensor<4xf32>) -> tensor<6x7xf32> {
// CHECK:         func.call @move_axes_sharded(
// CHECK-LABEL: func.func private @move_axes_sharded(
// CHECK-SAME:    %unused_5: tensor<4xf32> {mesh.arg = 1, mesh.devices = [5], mesh.offsets = array<i64: 0>}
// CHECK-NEXT:    %[[G:.*]]:6 = mesh.all_gather %x_0, %x_1, %x_2, %x_3, %x_4, %x_5 on @g mesh_axes = [0] gather_axis = 0
// CHECK-NEXT:    %[[S:.*]]:6 = mesh.all_slice %[[G]]#0, %[[G]]#1, %[[G]]#2, %[[G]]#3, %[[G]]#4, %[[G]]#5 on @g mesh_axes = [1] slice_axis = 0
// CHECK-NEXT:    return %[[S]]#0, %[[S]]#1, %[[S]]#2, %[[S]]#3, %[[S]]#4, %[[S]]#5
func.func @move_axes(%x: tensor<6x7xf32>, %unused: tensor<4xf32>) -> tensor<6x7xf32> {
  %a = mesh.shard %x to <@g, [[0]]> : tensor<6x7xf32>
  %b = mesh.shard %a to <@g, [[1]]> : tensor<6x7xf32>
  return %b : tensor<6x7xf32>
}

// -----

mesh.mesh @m(shape = 2)
// 5 rows over 2 devices: rows [0, 2) and [2, 5)
// CHECK-LABEL: func.func private @rows_sharded(
// CHECK-SAME:    %x_0: tensor<2x4xf32> {mesh.arg = 0, mesh.devices = [0], mesh.offsets = array<i64: 0, 0>}
// CHECK-SAME:    %x_1: tensor<3x4xf32> {mesh.arg = 0, mesh.devices = [1], mesh.offsets = array<i64: 2, 0>}
// CHECK:         mesh.for_one 1 on @m -> tensor<3x4xf32> {
// CHECK-NEXT:      math.exp %x_1 : tensor<3x4xf32>
func.func @rows(%x: tensor<5x4xf32>) -> tensor<5x4xf32> {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<5x4xf32>
  %y = math.exp %xs : tensor<5x4xf32>
  return %y : tensor<5x4xf32>
}

