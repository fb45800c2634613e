module {
  shard.grid @mesh(shape = 2)
  func.func @main(%arg0: tensor<2x3xf32>, %arg1: tensor<3x2xf32>, %arg2: tensor<2x2xf32>) -> tensor<2x2xf32> {
    %sharding = shard.sharding @mesh split_axes = [[0]] : !shard.sharding
    %sharding_annotated = shard.shard %arg0 to %sharding : tensor<2x3xf32>
    %sharding_0 = shard.sharding @mesh split_axes = [[]] : !shard.sharding
    %sharding_annotated_1 = shard.shard %arg1 to %sharding_0 : tensor<3x2xf32>
    %sharding_2 = shard.sharding @mesh split_axes = [[0]] : !shard.sharding
    %sharding_annotated_3 = shard.shard %arg2 to %sharding_2 : tensor<2x2xf32>
    %sharding_4 = shard.sharding @mesh split_axes = [[0]] : !shard.sharding
    %sharding_annotated_5 = shard.shard %sharding_annotated to %sharding_4 annotate_for_users : tensor<2x3xf32>
    %sharding_6 = shard.sharding @mesh split_axes = [[]] : !shard.sharding
    %sharding_annotated_7 = shard.shard %sharding_annotated_1 to %sharding_6 annotate_for_users : tensor<3x2xf32>
    %sharding_8 = shard.sharding @mesh split_axes = [[0]] : !shard.sharding
    %sharding_annotated_9 = shard.shard %sharding_annotated_3 to %sharding_8 annotate_for_users : tensor<2x2xf32>
    %0 = linalg.matmul ins(%sharding_annotated_5, %sharding_annotated_7 : tensor<2x3xf32>, tensor<3x2xf32>) outs(%sharding_annotated_9 : tensor<2x2xf32>) -> tensor<2x2xf32>
    %sharding_10 = shard.sharding @mesh split_axes = [[0]] : !shard.sharding
    %sharding_annotated_11 = shard.shard %0 to %sharding_10 : tensor<2x2xf32>
    return %sharding_annotated_11 : tensor<2x2xf32>
  }
}

