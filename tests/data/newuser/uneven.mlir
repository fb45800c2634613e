mesh.mesh @m(shape = 3)
func.func @main(%a: tensor<10x6xf32>, %b: tensor<6x5xf32>) -> tensor<10x5xf32> {
  %as = mesh.shard %a to <@m, [[0]]> : tensor<10x6xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<10x5xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<10x5xf32>) -> tensor<10x5xf32>
  %c = linalg.matmul ins(%as, %b : tensor<10x6xf32>, tensor<6x5xf32>) outs(%f : tensor<10x5xf32>) -> tensor<10x5xf32>
  %cs = mesh.shard %c to <@m, [[], [0]]> : tensor<10x5xf32>
  return %cs : tensor<10x5xf32>
}
