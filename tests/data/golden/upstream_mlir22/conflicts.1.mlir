module {
  shard.grid @m(shape = 4)
  func.func @operands_disagree(%arg0: tensor<8x16xf32>, %arg1: tensor<16x4xf32>, %arg2: tensor<8x4xf32>) -> tensor<8x4xf32> {
    %sharding = shard.sharding @m split_axes = [[0]] : !shard.sharding
    %sharding_annotated = shard.shard %arg0 to %sharding annotate_for_users : tensor<8x16xf32>
    %sharding_0 = shard.sharding @m split_axes = [[0]] : !shard.sharding
    %sharding_annotated_1 = shard.shard %arg1 to %sharding_0 annotate_for_users : tensor<16x4xf32>
    %0 = linalg.matmul ins(%sharding_annotated, %sharding_annotated_1 : tensor<8x16xf32>, tensor<16x4xf32>) outs(%arg2 : tensor<8x4xf32>) -> tensor<8x4xf32>
    return %0 : tensor<8x4xf32>
  }
}

