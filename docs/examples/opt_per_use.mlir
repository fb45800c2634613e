shard.grid @grid(shape = 4)
func.func @f(%x: tensor<8x3xf32>) -> tensor<8x3xf32> {
  %y = tosa.exp %x : (tensor<8x3xf32>) -> tensor<8x3xf32>
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %ys = shard.shard %y to %rows : tensor<8x3xf32>
  return %ys : tensor<8x3xf32>
}
