module {
  mesh.mesh @mesh0(shape = 4)
  func.func @main(%arg0: tensor<8x16xf32>, %arg1: tensor<16x4xf32>) -> tensor<8x4xf32> {
    %0 = mesh.shard %arg0 to <@mesh0, [[0]]> : tensor<8x16xf32>
    %1 = mesh.shard %arg1 to <@mesh0, [[]]> : tensor<16x4xf32>
    %cst = arith.constant 0.000000e+00 : f32
    %2 = tensor.empty() : tensor<8x4xf32>
    %3 = mesh.shard %2 to <@mesh0, [[0]]> : tensor<8x4xf32>
    %4 = linalg.fill ins(%cst : f32) outs(%3 : tensor<8x4xf32>) -> tensor<8x4xf32>
    %5 = mesh.shard %4 to <@mesh0, [[0]]> : tensor<8x4xf32>
    %6 = linalg.matmul ins(%0, %1 : tensor<8x16xf32>, tensor<16x4xf32>) outs(%5 : tensor<8x4xf32>) -> tensor<8x4xf32>
    %7 = mesh.shard %6 to <@mesh0, [[0]]> : tensor<8x4xf32>
    return %7 : tensor<8x4xf32>
  }
}
