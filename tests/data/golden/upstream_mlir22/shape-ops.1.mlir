module {
  shard.grid @m(shape = 4)
  func.func @transpose_backward(%arg0: tensor<8x16xf32>, %arg1: tensor<16x8xf32>) -> tensor<16x8xf32> {
    %sharding = shard.sharding @m split_axes = [[], [0]] : !shard.sharding
    %sharding_annotated = shard.shard %arg0 to %sharding annotate_for_users : tensor<8x16xf32>
    %sharding_0 = shard.sharding @m split_axes = [[0]] : !shard.sharding
    %sharding_annotated_1 = shard.shard %arg1 to %sharding_0 annotate_for_users : tensor<16x8xf32>
    %transposed = linalg.transpose ins(%sharding_annotated : tensor<8x16xf32>) outs(%sharding_annotated_1 : tensor<16x8xf32>) permutation = [1, 0] 
    %sharding_2 = shard.sharding @m split_axes = [[0]] : !shard.sharding
    %sharding_annotated_3 = shard.shard %transposed to %sharding_2 : tensor<16x8xf32>
    return %sharding_annotated_3 : tensor<16x8xf32>
  }
}

