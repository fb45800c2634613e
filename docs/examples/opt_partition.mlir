// Upstream's partition input, annotated (LLVM 21+ spelling): exp reads %x split by rows, so
// each device computes its half of the rows; the result leaves whole (an all_gather).
shard.grid @grid(shape = 2)

func.func @f(%x: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %split = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %whole = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %xs = shard.shard %x to %split annotate_for_users : tensor<4x3xf32>
  %e = tensor.empty() : tensor<4x3xf32>
  %y = linalg.exp ins(%xs : tensor<4x3xf32>) outs(%e : tensor<4x3xf32>) -> tensor<4x3xf32>
  %ys = shard.shard %y to %split : tensor<4x3xf32>
  %r = shard.shard %ys to %whole annotate_for_users : tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}
