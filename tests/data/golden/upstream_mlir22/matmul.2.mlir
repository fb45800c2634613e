module {
  shard.grid @m(shape = 4)
  func.func @contraction(%arg0: tensor<8x16xf32>, %arg1: tensor<16x4xf32>) -> tensor<8x4xf32> {
    %sharding = shard.sharding @m split_axes = [[], [0]] : !shard.sharding
    %sharding_annotated = shard.shard %arg0 to %sharding : tensor<8x16xf32>
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<8x4xf32>
    %sharding_0 = shard.sharding @m split_axes = [[]] : !shard.sharding
    %sharding_annotated_1 = shard.shard %0 to %sharding_0 : tensor<8x4xf32>
    %sharding_2 = shard.sharding @m split_axes = [[]] : !shard.sharding
    %sharding_annotated_3 = shard.shard %sharding_annotated_1 to %sharding_2 annotate_for_users : tensor<8x4xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%sharding_annotated_3 : tensor<8x4xf32>) -> tensor<8x4xf32>
    %sharding_4 = shard.sharding @m split_axes = [[]] : !shard.sharding
    %sharding_annotated_5 = shard.shard %1 to %sharding_4 : tensor<8x4xf32>
    %sharding_6 = shard.sharding @m split_axes = [[], [0]] : !shard.sharding
    %sharding_annotated_7 = shard.shard %sharding_annotated to %sharding_6 annotate_for_users : tensor<8x16xf32>
    %sharding_8 = shard.sharding @m split_axes = [[0]] : !shard.sharding
    %sharding_annotated_9 = shard.shard %arg1 to %sharding_8 annotate_for_users : tensor<16x4xf32>
    %sharding_10 = shard.sharding @m split_axes = [[]] : !shard.sharding
    %sharding_annotated_11 = shard.shard %sharding_annotated_5 to %sharding_10 annotate_for_users : tensor<8x4xf32>
    %2 = linalg.matmul ins(%sharding_annotated_7, %sharding_annotated_9 : tensor<8x16xf32>, tensor<16x4xf32>) outs(%sharding_annotated_11 : tensor<8x4xf32>) -> tensor<8x4xf32>
    %sharding_12 = shard.sharding @m split_axes = [[]] : !shard.sharding
    %sharding_annotated_13 = shard.shard %2 to %sharding_12 : tensor<8x4xf32>
    return %sharding_annotated_13 : tensor<8x4xf32>
  }
}

