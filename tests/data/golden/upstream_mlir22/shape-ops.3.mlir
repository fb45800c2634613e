module {
  shard.grid @m(shape = 4)
  func.func @broadcast_new_dim(%arg0: tensor<16xf32>, %arg1: tensor<4x16xf32>) -> tensor<4x16xf32> {
    %sharding = shard.sharding @m split_axes = [[]] : !shard.sharding
    %sharding_annotated = shard.shard %arg0 to %sharding annotate_for_users : tensor<16xf32>
    %sharding_0 = shard.sharding @m split_axes = [[0]] : !shard.sharding
    %sharding_annotated_1 = shard.shard %arg1 to %sharding_0 annotate_for_users : tensor<4x16xf32>
    %broadcasted = linalg.broadcast ins(%sharding_annotated : tensor<16xf32>) outs(%sharding_annotated_1 : tensor<4x16xf32>) dimensions = [0] 
    %sharding_2 = shard.sharding @m split_axes = [[0]] : !shard.sharding
    %sharding_annotated_3 = shard.shard %broadcasted to %sharding_2 : tensor<4x16xf32>
    return %sharding_annotated_3 : tensor<4x16xf32>
  }
}

