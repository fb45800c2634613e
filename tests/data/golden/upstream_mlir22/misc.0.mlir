module {
  shard.grid @m(shape = 4)
  func.func @args(%arg0: tensor<3xf32>, %arg1: tensor<5xf32>, %arg2: tensor<8xf32>) -> (tensor<5xf32>, tensor<8xf32>) {
    %sharding = shard.sharding @m split_axes = [[0]] : !shard.sharding
    %sharding_annotated = shard.shard %arg2 to %sharding : tensor<8xf32>
    return %arg1, %sharding_annotated : tensor<5xf32>, tensor<8xf32>
  }
}

