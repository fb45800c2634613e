module {
  mesh.mesh @cols(shape = 2x2)
  func.func @llvm19(%arg0: tensor<4x6xf32>) -> tensor<4x6xf32> {
    %sharding_annotated = mesh.shard %arg0 to <@cols, [[], [1]], partial = max[0]> : tensor<4x6xf32>
    %all_reduce = mesh.all_reduce %sharding_annotated on @cols mesh_axes = [0] reduction = <max> : tensor<4x6xf32> -> tensor<4x6xf32>
    return %all_reduce : tensor<4x6xf32>
  }
}

// -----
module {
  mesh.mesh @rows(shape = 4)
  func.func @llvm20(%arg0: tensor<8x4xf32>) -> tensor<8x1xf32> {
    %sharding_annotated = mesh.shard %arg0 to <@rows, [[0]]> : tensor<8x4xf32>
    %sharding_annotated_0 = mesh.shard %sharding_annotated to <@rows, [[0]]> annotate_for_users : tensor<8x4xf32>
    %reduce_scatter = mesh.reduce_scatter %sharding_annotated_0 on @rows mesh_axes = [0] reduction = <min> scatter_axis = 1 : tensor<8x4xf32> -> tensor<8x1xf32>
    return %reduce_scatter : tensor<8x1xf32>
  }
}

