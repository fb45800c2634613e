module {
  mesh.mesh @mesh0(shape = 4)
  func.func @main(%arg0: tensor<8x16xf32>, %arg1: tensor<16x4xf32>) -> tensor<8x4xf32> {
    %sharding_annotated = mesh.shard %arg0 to <@mesh0, [[0]]> : tensor<8x16xf32>
    %sharding_annotated_0 = mesh.shard %arg1 to <@mesh0, [[]]> : tensor<16x4xf32>
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<8x4xf32>
    %sharding_annotated_1 = mesh.shard %0 to <@mesh0, [[0]]> : tensor<8x4xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%sharding_annotated_1 : tensor<8x4xf32>) -> tensor<8x4xf32>
    %sharding_annotated_2 = mesh.shard %1 to <@mesh0, [[0]]> : tensor<8x4xf32>
    %2 = linalg.matmul ins(%sharding_annotated, %sharding_annotated_0 : tensor<8x16xf32>, tensor<16x4xf32>) outs(%sharding_annotated_2 : tensor<8x4xf32>) -> tensor<8x4xf32>
    %sharding_annotated_3 = mesh.shard %2 to <@mesh0, [[0]]> : tensor<8x4xf32>
    return %sharding_annotated_3 : tensor<8x4xf32>
  }
}

