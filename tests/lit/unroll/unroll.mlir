// unroll (static meshes): one value per stored shard, one mesh.for_one per
// device, N-operand collectives, and the unsharded wrapper with the original
// signature (seed 000's unrolled example and shard/unshard functions).
// RUN: meshc compile %s -p "reshard{strategy=collectives},partition,unroll" | filecheck %s
// RUN: meshc compile %s -p "reshard{strategy=collectives},partition{form=for_one},unroll" | filecheck %s --check-prefix=FORONE
// RUN: meshc compile %s -p "reshard{strategy=collectives},partition,unroll" | meshc compile - -p "" | filecheck %s

mesh.mesh @mesh(shape = 2, peered_memory_axes = [0])
mesh.mesh @g(shape = 2x3)
mesh.mesh @m(shape = 4)
mesh.mesh @p(shape = 4, peered_memory_axes = [0])

// The wrapper keeps the name, the public visibility and the unsharded signature.
// CHECK-LABEL: func.func @seed(%arg0: tensor<2x3xf32>, %arg1: tensor<3x2xf32>, %out_dps: tensor<2x2xf32>) -> tensor<2x2xf32> {
// CHECK:         %[[A0:.*]] = tensor.extract_slice %arg0[0, 0] [1, 3] [1, 1] : tensor<2x3xf32> to tensor<1x3xf32>
// CHECK:         %[[A1:.*]] = tensor.extract_slice %arg0[1, 0] [1, 3] [1, 1] : tensor<2x3xf32> to tensor<1x3xf32>
// CHECK:         %[[R:.*]]:2 = func.call @seed_sharded(%[[A0]], %[[A1]], %arg1, %{{.*}}, %{{.*}}) :
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT:    %[[I0:.*]] = tensor.insert_slice %[[R]]#0 into %[[E]][0, 0] [1, 2] [1, 1]
// CHECK-NEXT:    %[[I1:.*]] = tensor.insert_slice %[[R]]#1 into %[[I0]][1, 0] [1, 2] [1, 1]
// CHECK-NEXT:    return %[[I1]] : tensor<2x2xf32>
// The replicated RHS is stored once in the peer group of devices 0 and 1.
// CHECK-LABEL: func.func private @seed_sharded(
// CHECK-SAME:    %arg0_0: tensor<1x3xf32> {mesh.arg = 0, mesh.devices = [0], mesh.offsets = array<i64: 0, 0>}
// CHECK-SAME:    %arg0_1: tensor<1x3xf32> {mesh.arg = 0, mesh.devices = [1], mesh.offsets = array<i64: 1, 0>}
// CHECK-SAME:    %arg1_0: tensor<3x2xf32> {mesh.arg = 1, mesh.devices = [0, 1], mesh.offsets = array<i64: 0, 0>}
// CHECK-SAME:    -> (tensor<1x2xf32> {mesh.result = 0, mesh.devices = [0], mesh.offsets = array<i64: 0, 0>}, tensor<1x2xf32> {mesh.result = 0, mesh.devices = [1], mesh.offsets = array<i64: 1, 0>})
// CHECK-NEXT:    %[[S0:.*]] = mesh.for_one 0 on @mesh -> tensor<1x2xf32> {
// CHECK-NEXT:      %[[M0:.*]] = linalg.matmul ins(%arg0_0, %arg1_0 : tensor<1x3xf32>, tensor<3x2xf32>) outs(%out_dps_0 : tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT:      mesh.yield %[[M0]] : tensor<1x2xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[S1:.*]] = mesh.for_one 1 on @mesh -> tensor<1x2xf32> {
// CHECK-NEXT:      %[[M1:.*]] = linalg.matmul ins(%arg0_1, %arg1_0 : tensor<1x3xf32>, tensor<3x2xf32>) outs(%out_dps_1 : tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT:      mesh.yield %[[M1]] : tensor<1x2xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[S0]], %[[S1]] : tensor<1x2xf32>, tensor<1x2xf32>
// FORONE-LABEL: func.func private @seed_sharded(
// FORONE:         mesh.for_one 0 on @mesh -> tensor<1x2xf32> {
// FORONE-NEXT:      linalg.matmul ins(%arg0_0, %arg1_0 : tensor<1x3xf32>, tensor<3x2xf32>) outs(%out_dps_0 : tensor<1x2xf32>)
// FORONE:         mesh.for_one 1 on @mesh -> tensor<1x2xf32> {
// FORONE-NEXT:      linalg.matmul ins(%arg0_1, %arg1_0 : tensor<1x3xf32>, tensor<3x2xf32>) outs(%out_dps_1 : tensor<1x2xf32>)
func.func @seed(%arg0: tensor<2x3xf32, #mesh.shard<@mesh, [[0]]>>, %arg1: tensor<3x2xf32, #mesh.shard<@mesh, [[]]>>, %out_dps: tensor<2x2xf32, #mesh.shard<@mesh, [[0]]>>) -> tensor<2x2xf32, #mesh.shard<@mesh, [[0]]>> {
  %res = linalg.matmul ins(%arg0, %arg1 : tensor<2x3xf32, #mesh.shard<@mesh, [[0]]>>, tensor<3x2xf32, #mesh.shard<@mesh, [[]]>>) outs(%out_dps : tensor<2x2xf32, #mesh.shard<@mesh, [[0]]>>) -> tensor<2x2xf32, #mesh.shard<@mesh, [[0]]>>
  return %res : tensor<2x2xf32, #mesh.shard<@mesh, [[0]]>>
}

// uneven: 5 rows over 2 devices, 2 and 3 rows; the sizes are static once unrolled
// CHECK-LABEL: func.func private @uneven_sharded(
// CHECK-SAME:    %x_0: tensor<2x4xf32> {mesh.arg = 0, mesh.devices = [0], mesh.offsets = array<i64: 0, 0>}
// CHECK-SAME:    %x_1: tensor<3x4xf32> {mesh.arg = 0, mesh.devices = [1], mesh.offsets = array<i64: 2, 0>}
// CHECK:         mesh.for_one 0 on @mesh -> tensor<2x4xf32> {
// CHECK-NEXT:      linalg.exp ins(%x_0 : tensor<2x4xf32>) outs(%e_0 : tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK:         mesh.for_one 1 on @mesh -> tensor<3x4xf32> {
// CHECK-NEXT:      linalg.exp ins(%x_1 : tensor<3x4xf32>) outs(%e_1 : tensor<3x4xf32>) -> tensor<3x4xf32>
func.func @uneven(%x: tensor<5x4xf32, #mesh.shard<@mesh, [[0]]>>, %e: tensor<5x4xf32, #mesh.shard<@mesh, [[0]]>>) -> tensor<5x4xf32, #mesh.shard<@mesh, [[0]]>> {
  %r = linalg.exp ins(%x : tensor<5x4xf32, #mesh.shard<@mesh, [[0]]>>) outs(%e : tensor<5x4xf32, #mesh.shard<@mesh, [[0]]>>) -> tensor<5x4xf32, #mesh.shard<@mesh, [[0]]>>
  return %r : tensor<5x4xf32, #mesh.shard<@mesh, [[0]]>>
}

// 2x3 mesh, a split moved from mesh axis 0 to mesh axis 1, and an unused argument
// CHECK-LABEL: func.func private @move_axes_sharded(
// CHECK-SAME:    %unused_5: tensor<2xf32> {mesh.arg = 1, mesh.devices = [5], mesh.offsets = array<i64: 2>}
// CHECK-NEXT:    %[[G:.*]]:6 = mesh.all_gather %x_0, %x_1, %x_2, %x_3, %x_4, %x_5 on @g mesh_axes = [0] gather_axis = 0 {global_types = [tensor<6x7xf32, #mesh.shard<@g, [[0]]>>, tensor<6x7xf32, #mesh.shard<@g, [[]]>>]} : tensor<3x7xf32>, {{.*}} -> tensor<6x7xf32>,
// CHECK-NEXT:    %[[S:.*]]:6 = mesh.all_slice %[[G]]#0, %[[G]]#1, %[[G]]#2, %[[G]]#3, %[[G]]#4, %[[G]]#5 on @g mesh_axes = [1] slice_axis = 0 {{.*}} -> tensor<2x7xf32>, tensor<2x7xf32>, tensor<2x7xf32>, tensor<2x7xf32>, tensor<2x7xf32>, tensor<2x7xf32>
// CHECK-NEXT:    return %[[S]]#0, %[[S]]#1, %[[S]]#2, %[[S]]#3, %[[S]]#4, %[[S]]#5
func.func @move_axes(%x: tensor<6x7xf32, #mesh.shard<@g, [[0]]>>, %unused: tensor<4xf32, #mesh.shard<@g, [[1]]>>) -> tensor<6x7xf32, #mesh.shard<@g, [[1]]>> {
  %y = mesh.shard %x to <@g, [[1]]> : tensor<6x7xf32, #mesh.shard<@g, [[0]]>> -> tensor<6x7xf32, #mesh.shard<@g, [[1]]>>
  return %y : tensor<6x7xf32, #mesh.shard<@g, [[1]]>>
}

// halo exchange: each device's shard grows by its neighbours' rows (clipped at the edges)
// CHECK-LABEL: func.func private @halo_sharded(
// CHECK:         mesh.update_halo %x_0, %x_1, %x_2, %x_3 on @m split_axes = [[0]] halo_sizes = [1, 1] {global_types = [{{.*}}]} : tensor<2x4xf32>, tensor<2x4xf32>, tensor<3x4xf32>, tensor<3x4xf32> -> tensor<3x4xf32>, tensor<4x4xf32>, tensor<5x4xf32>, tensor<4x4xf32>
func.func @halo(%x: tensor<10x4xf32, #mesh.shard<@m, [[0]]>>) -> tensor<10x4xf32, #mesh.shard<@m, [[0]], halo_sizes = [1, 1]>> {
  %y = mesh.shard %x to <@m, [[0]], halo_sizes = [1, 1]> : tensor<10x4xf32, #mesh.shard<@m, [[0]]>> -> tensor<10x4xf32, #mesh.shard<@m, [[0]], halo_sizes = [1, 1]>>
  return %y : tensor<10x4xf32, #mesh.shard<@m, [[0]], halo_sizes = [1, 1]>>
}

// partial sums over a peered axis: 4 operands, one result (replicated in the peer group)
// CHECK-LABEL: func.func @reduce(%x: tensor<8xf32>) -> tensor<8xf32> {
// devices 1..3 start from the identity of sum (0), device 0 holds the value
// CHECK:         %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    %[[Z:.*]] = linalg.fill ins(%[[ZERO]] : f32)
// CHECK:         func.call @reduce_sharded(%x, %[[Z]], %{{.*}}, %{{.*}})
// CHECK-LABEL: func.func private @reduce_sharded(
// CHECK:         %[[R:.*]] = mesh.all_reduce %x_0, %x_1, %x_2, %x_3 on @p mesh_axes = [0] {{.*}} : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32> -> tensor<8xf32>
// CHECK-NEXT:    return %[[R]] : tensor<8xf32>
func.func @reduce(%x: tensor<8xf32, #mesh.shard<@p, [[]], partial = sum[0]>>) -> tensor<8xf32, #mesh.shard<@p, [[]]>> {
  %y = mesh.shard %x to <@p, [[]]> : tensor<8xf32, #mesh.shard<@p, [[]], partial = sum[0]>> -> tensor<8xf32, #mesh.shard<@p, [[]]>>
  return %y : tensor<8xf32, #mesh.shard<@p, [[]]>>
}
