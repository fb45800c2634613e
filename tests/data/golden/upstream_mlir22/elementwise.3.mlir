module {
  shard.grid @m(shape = 2x2)
  func.func @named(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
    %sharding = shard.sharding @m split_axes = [[1], [0]] : !shard.sharding
    %sharding_annotated = shard.shard %arg0 to %sharding : tensor<8x16xf32>
    %0 = tensor.empty() : tensor<8x16xf32>
    %sharding_0 = shard.sharding @m split_axes = [[1], [0]] : !shard.sharding
    %sharding_annotated_1 = shard.shard %0 to %sharding_0 : tensor<8x16xf32>
    %sharding_2 = shard.sharding @m split_axes = [[1], [0]] : !shard.sharding
    %sharding_annotated_3 = shard.shard %sharding_annotated to %sharding_2 annotate_for_users : tensor<8x16xf32>
    %sharding_4 = shard.sharding @m split_axes = [[1], [0]] : !shard.sharding
    %sharding_annotated_5 = shard.shard %sharding_annotated_1 to %sharding_4 annotate_for_users : tensor<8x16xf32>
    %1 = linalg.exp ins(%sharding_annotated_3 : tensor<8x16xf32>) outs(%sharding_annotated_5 : tensor<8x16xf32>) -> tensor<8x16xf32>
    %sharding_6 = shard.sharding @m split_axes = [[1], [0]] : !shard.sharding
    %sharding_annotated_7 = shard.shard %1 to %sharding_6 : tensor<8x16xf32>
    %sharding_8 = shard.sharding @m split_axes = [[1], [0]] : !shard.sharding
    %sharding_annotated_9 = shard.shard %sharding_annotated_7 to %sharding_8 annotate_for_users : tensor<8x16xf32>
    %sharding_10 = shard.sharding @m split_axes = [[1], [0]] : !shard.sharding
    %sharding_annotated_11 = shard.shard %sharding_annotated to %sharding_10 annotate_for_users : tensor<8x16xf32>
    %sharding_12 = shard.sharding @m split_axes = [[1], [0]] : !shard.sharding
    %sharding_annotated_13 = shard.shard %sharding_annotated_1 to %sharding_12 annotate_for_users : tensor<8x16xf32>
    %2 = linalg.add ins(%sharding_annotated_9, %sharding_annotated_11 : tensor<8x16xf32>, tensor<8x16xf32>) outs(%sharding_annotated_13 : tensor<8x16xf32>) -> tensor<8x16xf32>
    %sharding_14 = shard.sharding @m split_axes = [[1], [0]] : !shard.sharding
    %sharding_annotated_15 = shard.shard %2 to %sharding_14 : tensor<8x16xf32>
    return %sharding_annotated_15 : tensor<8x16xf32>
  }
}

