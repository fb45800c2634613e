module {
  shard.grid @m(shape = 4)
  func.func @batch_backward(%arg0: tensor<4x8x16xf32>, %arg1: tensor<4x16x12xf32>, %arg2: tensor<4x8x12xf32>) -> tensor<4x8x12xf32> {
    %sharding = shard.sharding @m split_axes = [[], [0]] : !shard.sharding
    %sharding_annotated = shard.shard %arg0 to %sharding annotate_for_users : tensor<4x8x16xf32>
    %sharding_0 = shard.sharding @m split_axes = [[]] : !shard.sharding
    %sharding_annotated_1 = shard.shard %arg1 to %sharding_0 annotate_for_users : tensor<4x16x12xf32>
    %sharding_2 = shard.sharding @m split_axes = [[], [0]] : !shard.sharding
    %sharding_annotated_3 = shard.shard %arg2 to %sharding_2 annotate_for_users : tensor<4x8x12xf32>
    %0 = linalg.batch_matmul ins(%sharding_annotated, %sharding_annotated_1 : tensor<4x8x16xf32>, tensor<4x16x12xf32>) outs(%sharding_annotated_3 : tensor<4x8x12xf32>) -> tensor<4x8x12xf32>
    %sharding_4 = shard.sharding @m split_axes = [[], [0]] : !shard.sharding
    %sharding_annotated_5 = shard.shard %0 to %sharding_4 : tensor<4x8x12xf32>
    return %sharding_annotated_5 : tensor<4x8x12xf32>
  }
}

