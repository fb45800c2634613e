mesh.mesh @m(shape = 3)
func.func @main(%x: tensor<10x4xf32>) -> tensor<10x4xf32> {
  %a = mesh.shard %x to <@m, [[0]]> : tensor<10x4xf32>
  %e = tensor.empty() : tensor<10x4xf32>
  %y = linalg.sqrt ins(%a : tensor<10x4xf32>) outs(%e : tensor<10x4xf32>) -> tensor<10x4xf32>
  %ys = mesh.shard %y to <@m, [[], [0]]> : tensor<10x4xf32>
  return %ys : tensor<10x4xf32>
}
