module {
  shard.grid @m(shape = 2x4)
  func.func @main(%arg0: tensor<64x128xf32>, %arg1: tensor<128x32xf32>) -> tensor<64x32xf32> {
    %sharding = shard.sharding @m split_axes = [[0], [1]] : !shard.sharding
    %sharding_annotated = shard.shard %arg0 to %sharding : tensor<64x128xf32>
    %sharding_0 = shard.sharding @m split_axes = [[1]] : !shard.sharding
    %sharding_annotated_1 = shard.shard %arg1 to %sharding_0 : tensor<128x32xf32>
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<64x32xf32>
    %sharding_2 = shard.sharding @m split_axes = [[0]] : !shard.sharding
    %sharding_annotated_3 = shard.shard %0 to %sharding_2 : tensor<64x32xf32>
    %sharding_4 = shard.sharding @m split_axes = [[0]] : !shard.sharding
    %sharding_annotated_5 = shard.shard %sharding_annotated_3 to %sharding_4 annotate_for_users : tensor<64x32xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%sharding_annotated_5 : tensor<64x32xf32>) -> tensor<64x32xf32>
    %sharding_6 = shard.sharding @m split_axes = [[0]] : !shard.sharding
    %sharding_annotated_7 = shard.shard %1 to %sharding_6 : tensor<64x32xf32>
    %sharding_8 = shard.sharding @m split_axes = [[0], [1]] : !shard.sharding
    %sharding_annotated_9 = shard.shard %sharding_annotated to %sharding_8 annotate_for_users : tensor<64x128xf32>
    %sharding_10 = shard.sharding @m split_axes = [[1]] : !shard.sharding
    %sharding_annotated_11 = shard.shard %sharding_annotated_1 to %sharding_10 annotate_for_users : tensor<128x32xf32>
    %sharding_12 = shard.sharding @m split_axes = [[0]] : !shard.sharding
    %sharding_annotated_13 = shard.shard %sharding_annotated_7 to %sharding_12 annotate_for_users : tensor<64x32xf32>
    %2 = linalg.matmul ins(%sharding_annotated_9, %sharding_annotated_11 : tensor<64x128xf32>, tensor<128x32xf32>) outs(%sharding_annotated_13 : tensor<64x32xf32>) -> tensor<64x32xf32>
    %sharding_14 = shard.sharding @m split_axes = [[0]] : !shard.sharding
    %sharding_annotated_15 = shard.shard %2 to %sharding_14 : tensor<64x32xf32>
    return %sharding_annotated_15 : tensor<64x32xf32>
  }
}

