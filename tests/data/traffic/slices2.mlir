mesh.mesh @m(shape = 3, peered_memory_axes = [0])
func.func @main(%x: tensor<10x8xf32>, %y: tensor<3x8xf32>) -> (tensor<4x8xf32>, tensor<10x8xf32>, tensor<13x8xf32>, tensor<5x4xf32>, tensor<15x8xf32>) {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<10x8xf32>
  %a = tensor.extract_slice %xs[1, 0] [4, 8] [2, 1] : tensor<10x8xf32> to tensor<4x8xf32>
  %as = mesh.shard %a to <@m, [[0]]> : tensor<4x8xf32>
  %ys = mesh.shard %y to <@m, [[0]]> : tensor<3x8xf32>
  %b = tensor.insert_slice %ys into %xs[2, 0] [3, 8] [3, 1] : tensor<3x8xf32> into tensor<10x8xf32>
  %bs = mesh.shard %b to <@m, [[0]]> : tensor<10x8xf32>
  %cc = tensor.concat dim(0) %xs, %ys : (tensor<10x8xf32>, tensor<3x8xf32>) -> tensor<13x8xf32>
  %ccs = mesh.shard %cc to <@m, [[0]]> : tensor<13x8xf32>
  %d = tensor.extract_slice %xs[3, 1] [5, 4] [1, 2] : tensor<10x8xf32> to tensor<5x4xf32>
  %ds = mesh.shard %d to <@m, [[], [0]]> : tensor<5x4xf32>
  %c = arith.constant -2.0 : f32
  %p = tensor.pad %xs low[2, 0] high[3, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %c : f32
  } : tensor<10x8xf32> to tensor<15x8xf32>
  %ps = mesh.shard %p to <@m, [[0]]> : tensor<15x8xf32>
  return %as, %bs, %ccs, %ds, %ps : tensor<4x8xf32>, tensor<10x8xf32>, tensor<13x8xf32>, tensor<5x4xf32>, tensor<15x8xf32>
}
