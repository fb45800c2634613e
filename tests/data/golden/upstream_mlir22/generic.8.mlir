#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  shard.grid @m(shape = 4)
  func.func @two_results(%arg0: tensor<8x16xf32>, %arg1: tensor<8x16xf32>, %arg2: tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<8x16xf32>) {
    %sharding = shard.sharding @m split_axes = [[0]] : !shard.sharding
    %sharding_annotated = shard.shard %arg0 to %sharding : tensor<8x16xf32>
    %sharding_0 = shard.sharding @m split_axes = [[0]] : !shard.sharding
    %sharding_annotated_1 = shard.shard %sharding_annotated to %sharding_0 annotate_for_users : tensor<8x16xf32>
    %sharding_2 = shard.sharding @m split_axes = [[0]] : !shard.sharding
    %sharding_annotated_3 = shard.shard %arg1 to %sharding_2 annotate_for_users : tensor<8x16xf32>
    %sharding_4 = shard.sharding @m split_axes = [[0]] : !shard.sharding
    %sharding_annotated_5 = shard.shard %arg2 to %sharding_4 annotate_for_users : tensor<8x16xf32>
    %0:2 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%sharding_annotated_1 : tensor<8x16xf32>) outs(%sharding_annotated_3, %sharding_annotated_5 : tensor<8x16xf32>, tensor<8x16xf32>) {
    ^bb0(%in: f32, %out: f32, %out_10: f32):
      %1 = math.exp %in : f32
      %2 = arith.negf %in : f32
      linalg.yield %1, %2 : f32, f32
    } -> (tensor<8x16xf32>, tensor<8x16xf32>)
    %sharding_6 = shard.sharding @m split_axes = [[0]] : !shard.sharding
    %sharding_annotated_7 = shard.shard %0#1 to %sharding_6 : tensor<8x16xf32>
    %sharding_8 = shard.sharding @m split_axes = [[0]] : !shard.sharding
    %sharding_annotated_9 = shard.shard %0#0 to %sharding_8 : tensor<8x16xf32>
    return %sharding_annotated_9, %sharding_annotated_7 : tensor<8x16xf32>, tensor<8x16xf32>
  }
}

