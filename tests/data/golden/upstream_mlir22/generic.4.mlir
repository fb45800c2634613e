#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
module {
  shard.grid @m(shape = 4)
  func.func @row_max_cols(%arg0: tensor<8x16xf32>, %arg1: tensor<8xf32>) -> tensor<8xf32> {
    %sharding = shard.sharding @m split_axes = [[], [0]] : !shard.sharding
    %sharding_annotated = shard.shard %arg0 to %sharding : tensor<8x16xf32>
    %sharding_0 = shard.sharding @m split_axes = [[], [0]] : !shard.sharding
    %sharding_annotated_1 = shard.shard %sharding_annotated to %sharding_0 annotate_for_users : tensor<8x16xf32>
    %sharding_2 = shard.sharding @m split_axes = [[]] : !shard.sharding
    %sharding_annotated_3 = shard.shard %arg1 to %sharding_2 annotate_for_users : tensor<8xf32>
    %0 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%sharding_annotated_1 : tensor<8x16xf32>) outs(%sharding_annotated_3 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %1 = arith.maximumf %in, %out : f32
      linalg.yield %1 : f32
    } -> tensor<8xf32>
    %sharding_4 = shard.sharding @m split_axes = [[]] : !shard.sharding
    %sharding_annotated_5 = shard.shard %0 to %sharding_4 : tensor<8xf32>
    return %sharding_annotated_5 : tensor<8xf32>
  }
}

