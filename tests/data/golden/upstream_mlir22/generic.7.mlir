module {
  shard.grid @m(shape = 2x2)
  func.func @reduce_2d(%arg0: tensor<8x16xf32>, %arg1: tensor<16xf32>) -> tensor<16xf32> {
    %sharding = shard.sharding @m split_axes = [[0], [1]] : !shard.sharding
    %sharding_annotated = shard.shard %arg0 to %sharding : tensor<8x16xf32>
    %sharding_0 = shard.sharding @m split_axes = [[0], [1]] : !shard.sharding
    %sharding_annotated_1 = shard.shard %sharding_annotated to %sharding_0 annotate_for_users : tensor<8x16xf32>
    %sharding_2 = shard.sharding @m split_axes = [[1]] : !shard.sharding
    %sharding_annotated_3 = shard.shard %arg1 to %sharding_2 annotate_for_users : tensor<16xf32>
    %reduced = linalg.reduce { arith.addf } ins(%sharding_annotated_1 : tensor<8x16xf32>) outs(%sharding_annotated_3 : tensor<16xf32>) dimensions = [0] 
    %sharding_4 = shard.sharding @m split_axes = [[1]] : !shard.sharding
    %sharding_annotated_5 = shard.shard %reduced to %sharding_4 : tensor<16xf32>
    return %sharding_annotated_5 : tensor<16xf32>
  }
}

