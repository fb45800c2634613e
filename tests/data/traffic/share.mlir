mesh.mesh @m(shape = 2x3)
func.func @main(%x: tensor<10x9xf32>) -> (tensor<10x9xf32>, tensor<10x9xf32>) {
  %xs = mesh.shard %x to <@m, [[0], [1]]> : tensor<10x9xf32>
  %a = mesh.shard %xs to <@m, [[], [1]]> annotate_for_users : tensor<10x9xf32>
  %e = tensor.empty() : tensor<10x9xf32>
  %y = linalg.exp ins(%a : tensor<10x9xf32>) outs(%e : tensor<10x9xf32>) -> tensor<10x9xf32>
  %b = mesh.shard %xs to <@m, [[]]> annotate_for_users : tensor<10x9xf32>
  %z = linalg.negf ins(%b : tensor<10x9xf32>) outs(%e : tensor<10x9xf32>) -> tensor<10x9xf32>
  return %y, %z : tensor<10x9xf32>, tensor<10x9xf32>
}
