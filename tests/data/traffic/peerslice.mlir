mesh.mesh @m(shape = 3, peered_memory_axes = [0])
func.func @main(%x: tensor<12x4xf32>) -> tensor<15x4xf32> {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<12x4xf32>
  %c = arith.constant 0.0 : f32
  %p = tensor.pad %xs low[1, 0] high[2, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %c : f32
  } : tensor<12x4xf32> to tensor<15x4xf32>
  %ps = mesh.shard %p to <@m, [[0]]> : tensor<15x4xf32>
  return %ps : tensor<15x4xf32>
}
