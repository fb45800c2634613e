#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
#map2 = affine_map<(d0) -> (d0)>
#map3 = affine_map<(d0) -> ()>
module {
  shard.grid @m(shape = ?)
  func.func @main(%arg0: tensor<10x8xf32>) -> (tensor<10xf32>, tensor<f32>) {
    %sharding = shard.sharding @m split_axes = [[0]] : !shard.sharding
    %sharding_annotated = shard.shard %arg0 to %sharding : tensor<10x8xf32>
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<10xf32>
    %sharding_0 = shard.sharding @m split_axes = [[0]] : !shard.sharding
    %sharding_annotated_1 = shard.shard %0 to %sharding_0 : tensor<10xf32>
    %sharding_2 = shard.sharding @m split_axes = [[0]] : !shard.sharding
    %sharding_annotated_3 = shard.shard %sharding_annotated_1 to %sharding_2 annotate_for_users : tensor<10xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%sharding_annotated_3 : tensor<10xf32>) -> tensor<10xf32>
    %sharding_4 = shard.sharding @m split_axes = [[0]] : !shard.sharding
    %sharding_annotated_5 = shard.shard %1 to %sharding_4 : tensor<10xf32>
    %sharding_6 = shard.sharding @m split_axes = [[0]] : !shard.sharding
    %sharding_annotated_7 = shard.shard %sharding_annotated to %sharding_6 annotate_for_users : tensor<10x8xf32>
    %sharding_8 = shard.sharding @m split_axes = [[0]] : !shard.sharding
    %sharding_annotated_9 = shard.shard %sharding_annotated_5 to %sharding_8 annotate_for_users : tensor<10xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%sharding_annotated_7 : tensor<10x8xf32>) outs(%sharding_annotated_9 : tensor<10xf32>) {
    ^bb0(%in: f32, %out: f32):
      %6 = arith.addf %in, %out : f32
      linalg.yield %6 : f32
    } -> tensor<10xf32>
    %sharding_10 = shard.sharding @m split_axes = [[0]] : !shard.sharding
    %sharding_annotated_11 = shard.shard %2 to %sharding_10 : tensor<10xf32>
    %3 = tensor.empty() : tensor<f32>
    %sharding_12 = shard.sharding @m split_axes = [] : !shard.sharding
    %sharding_annotated_13 = shard.shard %3 to %sharding_12 : tensor<f32>
    %sharding_14 = shard.sharding @m split_axes = [] : !shard.sharding
    %sharding_annotated_15 = shard.shard %sharding_annotated_13 to %sharding_14 annotate_for_users : tensor<f32>
    %4 = linalg.fill ins(%cst : f32) outs(%sharding_annotated_15 : tensor<f32>) -> tensor<f32>
    %sharding_16 = shard.sharding @m split_axes = [] : !shard.sharding
    %sharding_annotated_17 = shard.shard %4 to %sharding_16 : tensor<f32>
    %sharding_18 = shard.sharding @m split_axes = [[]] : !shard.sharding
    %sharding_annotated_19 = shard.shard %sharding_annotated_11 to %sharding_18 annotate_for_users : tensor<10xf32>
    %sharding_20 = shard.sharding @m split_axes = [] : !shard.sharding
    %sharding_annotated_21 = shard.shard %sharding_annotated_17 to %sharding_20 annotate_for_users : tensor<f32>
    %5 = linalg.generic {indexing_maps = [#map2, #map3], iterator_types = ["reduction"]} ins(%sharding_annotated_19 : tensor<10xf32>) outs(%sharding_annotated_21 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %6 = arith.addf %in, %out : f32
      linalg.yield %6 : f32
    } -> tensor<f32>
    %sharding_22 = shard.sharding @m split_axes = [[0]] : !shard.sharding
    %sharding_annotated_23 = shard.shard %2 to %sharding_22 : tensor<10xf32>
    %sharding_24 = shard.sharding @m split_axes = [[]] : !shard.sharding
    %sharding_annotated_25 = shard.shard %5 to %sharding_24 : tensor<f32>
    return %sharding_annotated_23, %sharding_annotated_25 : tensor<10xf32>, tensor<f32>
  }
}

