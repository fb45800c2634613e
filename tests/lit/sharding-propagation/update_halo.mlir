// An explicit halo exchange in the input (upstream mesh.update_halo / shard.update_halo on tensors without
// shardings) reads as "the operand is split as split_axes; the result is it with these halos": propagation
// turns it into those two annotations and reshard lowers them to one global-view mesh.update_halo.
// RUN: meshc compile %s -p sharding-propagation | filecheck %s
// RUN: meshc compile %s -p sharding-propagation,distribute-types,reshard | filecheck %s --check-prefix=RESHARD

mesh.mesh @m(shape = 2x2)

// CHECK-LABEL: func.func @two_dims
// CHECK-NOT:     mesh.update_halo
// CHECK:         mesh.shard %x to <@m, [[0], [1]]>
// CHECK:         mesh.shard %{{.*}} to <@m, [[0], [1]], halo_sizes = [1, 1, 2, 0]>
// RESHARD-LABEL: func.func @two_dims(%x: tensor<8x6xf32, #mesh.shard<@m, [[0], [1]]>>) -> tensor<8x6xf32, #mesh.shard<@m, [[0], [1]], halo_sizes = [1, 1, 2, 0]>>
// RESHARD-NEXT:    %[[H:.*]] = mesh.update_halo %x on @m split_axes = [[0], [1]] halo_sizes = [1, 1, 2, 0] : tensor<8x6xf32, #mesh.shard<@m, [[0], [1]]>> -> tensor<8x6xf32, #mesh.shard<@m, [[0], [1]], halo_sizes = [1, 1, 2, 0]>>
// RESHARD-NEXT:    return %[[H]]
func.func @two_dims(%x: tensor<8x6xf32>) -> tensor<8x6xf32> {
  %h = mesh.update_halo %x on @m split_axes = [[0], [1]] halo_sizes = [1, 1, 2, 0] : tensor<8x6xf32>
  return %h : tensor<8x6xf32>
}

// A value already annotated with the split keeps it; the upstream spelling is accepted.
// RESHARD-LABEL: func.func @annotated
// RESHARD:         mesh.update_halo %{{.*}} on @m split_axes = [[1]] halo_sizes = [0, 1] : tensor<8x6xf32, #mesh.shard<@m, [[1]]>> -> tensor<8x6xf32, #mesh.shard<@m, [[1]], halo_sizes = [0, 1]>>
func.func @annotated(%x: tensor<8x6xf32>) -> tensor<8x6xf32> {
  %a = mesh.shard %x to <@m, [[1]]> : tensor<8x6xf32>
  %h = shard.update_halo %a on @m split_axes = [[1]] halo_sizes = [0, 1] : tensor<8x6xf32>
  return %h : tensor<8x6xf32>
}
