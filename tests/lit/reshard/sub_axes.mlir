// reshard: a point that needs only the pieces of aligned groups of a mesh axis gathers within the
// groups, on the mesh that splits the axis (docs/pipeline.md stage 4, "Sub-axes"): the function moves
// to it as a whole, every sharding the same layout there; without `sub-axes` the whole axis.
// RUN: meshc compile %s -p "reshard" | filecheck %s
// RUN: meshc compile %s -p "reshard{sub-axes=false}" | filecheck %s --check-prefix=WHOLE
// RUN: meshc compile %s | meshc compile - -p local-view | filecheck %s --check-prefix=LOCAL

// 8 rows held 2 by 2 on 4 devices, wanted at 0, 1, 4, 5, 8: each device needs rows of its pair
// CHECK:       mesh.mesh @m(shape = 4)
// CHECK-NEXT:  mesh.mesh @m_a0g2(shape = 2x2)
// CHECK-LABEL: func.func @pairs(%x: tensor<8x4xf32, #mesh.shard<@m_a0g2, [[0, 1]]>>) -> tensor<8x4xf32, #mesh.shard<@m_a0g2, [[0, 1]], sharded_dims_offsets = [0, 1, 4, 5, 8]>>
// CHECK:         %[[G:.*]] = mesh.all_gather %x on @m_a0g2 mesh_axes = [1] gather_axis = 0 : tensor<8x4xf32, #mesh.shard<@m_a0g2, [[0, 1]]>> -> tensor<8x4xf32, #mesh.shard<@m_a0g2, [[0]]>>
// CHECK-NEXT:    %[[S:.*]] = mesh.all_slice %[[G]] on @m_a0g2 mesh_axes = [1] slice_axis = 0 : tensor<8x4xf32, #mesh.shard<@m_a0g2, [[0]]>> -> tensor<8x4xf32, #mesh.shard<@m_a0g2, [[0, 1]], sharded_dims_offsets = [0, 1, 4, 5, 8]>>
// CHECK-NEXT:    return %[[S]]
// WHOLE-NOT:   @m_a0g2
// WHOLE:       mesh.all_gather %x on @m mesh_axes = [0] gather_axis = 0
// the partitioned program in local view (upstream's form): a gather of 2 rows from each of 2 devices
// LOCAL:       mesh.mesh @m_a0g2(shape = 2x2)
// LOCAL:       func.func @pairs(%x: tensor<2x4xf32>)
// LOCAL-NEXT:    mesh.all_gather %x on @m_a0g2 mesh_axes = [1] gather_axis = 0 : tensor<2x4xf32> -> tensor<4x4xf32>
mesh.mesh @m(shape = 4)
func.func @pairs(%x: tensor<8x4xf32, #mesh.shard<@m, [[0]]>>) -> tensor<8x4xf32, #mesh.shard<@m, [[0]], sharded_dims_offsets = [0, 1, 4, 5, 8]>> {
  %y = mesh.shard %x to <@m, [[0]], sharded_dims_offsets = [0, 1, 4, 5, 8]> : tensor<8x4xf32, #mesh.shard<@m, [[0]]>> -> tensor<8x4xf32, #mesh.shard<@m, [[0]], sharded_dims_offsets = [0, 1, 4, 5, 8]>>
  return %y : tensor<8x4xf32, #mesh.shard<@m, [[0]], sharded_dims_offsets = [0, 1, 4, 5, 8]>>
}
