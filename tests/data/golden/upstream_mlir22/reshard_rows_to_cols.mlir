#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  shard.grid @m(shape = 4)
  func.func @main(%arg0: tensor<32x48xf32>) -> tensor<32x48xf32> {
    %sharding = shard.sharding @m split_axes = [[0]] : !shard.sharding
    %sharding_annotated = shard.shard %arg0 to %sharding : tensor<32x48xf32>
    %0 = tensor.empty() : tensor<32x48xf32>
    %sharding_0 = shard.sharding @m split_axes = [[], [0]] : !shard.sharding
    %sharding_annotated_1 = shard.shard %0 to %sharding_0 : tensor<32x48xf32>
    %sharding_2 = shard.sharding @m split_axes = [[], [0]] : !shard.sharding
    %sharding_annotated_3 = shard.shard %sharding_annotated to %sharding_2 annotate_for_users : tensor<32x48xf32>
    %sharding_4 = shard.sharding @m split_axes = [[], [0]] : !shard.sharding
    %sharding_annotated_5 = shard.shard %sharding_annotated_1 to %sharding_4 annotate_for_users : tensor<32x48xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%sharding_annotated_3 : tensor<32x48xf32>) outs(%sharding_annotated_5 : tensor<32x48xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = math.exp %in : f32
      linalg.yield %2 : f32
    } -> tensor<32x48xf32>
    %sharding_6 = shard.sharding @m split_axes = [[], [0]] : !shard.sharding
    %sharding_annotated_7 = shard.shard %1 to %sharding_6 : tensor<32x48xf32>
    return %sharding_annotated_7 : tensor<32x48xf32>
  }
}

