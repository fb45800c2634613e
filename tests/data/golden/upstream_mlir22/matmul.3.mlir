module {
  shard.grid @m(shape = 4)
  func.func @contraction_then_replicated(%arg0: tensor<8x16xf32>, %arg1: tensor<16x4xf32>, %arg2: tensor<8x4xf32>) -> tensor<8x4xf32> {
    %sharding = shard.sharding @m split_axes = [[], [0]] : !shard.sharding
    %sharding_annotated = shard.shard %arg0 to %sharding : tensor<8x16xf32>
    %sharding_0 = shard.sharding @m split_axes = [[0]] : !shard.sharding
    %sharding_annotated_1 = shard.shard %arg1 to %sharding_0 : tensor<16x4xf32>
    %sharding_2 = shard.sharding @m split_axes = [[], [0]] : !shard.sharding
    %sharding_annotated_3 = shard.shard %sharding_annotated to %sharding_2 annotate_for_users : tensor<8x16xf32>
    %sharding_4 = shard.sharding @m split_axes = [[0]] : !shard.sharding
    %sharding_annotated_5 = shard.shard %sharding_annotated_1 to %sharding_4 annotate_for_users : tensor<16x4xf32>
    %sharding_6 = shard.sharding @m split_axes = [[]] : !shard.sharding
    %sharding_annotated_7 = shard.shard %arg2 to %sharding_6 annotate_for_users : tensor<8x4xf32>
    %0 = linalg.matmul ins(%sharding_annotated_3, %sharding_annotated_5 : tensor<8x16xf32>, tensor<16x4xf32>) outs(%sharding_annotated_7 : tensor<8x4xf32>) -> tensor<8x4xf32>
    %sharding_8 = shard.sharding @m split_axes = [[]] : !shard.sharding
    %sharding_annotated_9 = shard.shard %0 to %sharding_8 : tensor<8x4xf32>
    return %sharding_annotated_9 : tensor<8x4xf32>
  }
}

