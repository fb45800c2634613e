// Sample: the first example of seed 000 (corrected): a 2x3 @ 3x2 matmul whose LHS and result rows
// are split over a 1-D peered mesh of 2 devices while the RHS is replicated.
mesh.mesh @mesh(shape = 2, peered_memory_axes = [0])

func.func @main(%arg0: tensor<2x3xf32>, %arg1: tensor<3x2xf32>, %out_dps: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %arg0_sharded = mesh.shard %arg0 to <@mesh, [[0]]> : tensor<2x3xf32>
  %arg1_sharded = mesh.shard %arg1 to <@mesh, []> : tensor<3x2xf32>
  %out_dps_sharded = mesh.shard %out_dps to <@mesh, [[0]]> : tensor<2x2xf32>
  %res = linalg.matmul ins(%arg0_sharded, %arg1_sharded : tensor<2x3xf32>, tensor<3x2xf32>)
                       outs(%out_dps_sharded : tensor<2x2xf32>) -> tensor<2x2xf32>
  %res_sharded = mesh.shard %res to <@mesh, [[0]]> : tensor<2x2xf32>
  return %res_sharded : tensor<2x2xf32>
}
