module {
  mesh.mesh @cols(shape = 2x2)
  func.func @llvm19(%arg0: tensor<4x6xf32>) -> tensor<4x6xf32> {
    %a = mesh.shard %arg0 to <@cols, [[], [1]], partial = max[0]> : tensor<4x6xf32>
    %r = mesh.all_reduce %a on @cols mesh_axes = [0] reduction = <max> : tensor<4x6xf32> -> tensor<4x6xf32>
    return %r : tensor<4x6xf32>
  }
}
// -----
module {
  mesh.mesh @rows(shape = 4)
  func.func @llvm20(%arg0: tensor<8x4xf32>) -> tensor<8x1xf32> {
    %a = mesh.shard %arg0 to <@rows, [[0]]> : tensor<8x4xf32>
    %b = mesh.shard %a to <@rows, [[0]]> annotate_for_users : tensor<8x4xf32>
    %r = mesh.reduce_scatter %b on @rows mesh_axes = [0] reduction = <min> scatter_axis = 1 : tensor<8x4xf32> -> tensor<8x1xf32>
    return %r : tensor<8x1xf32>
  }
}
