#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
module {
  shard.grid @tp(shape = 4)
  func.func @mlp(%arg0: tensor<64x256xf32>, %arg1: tensor<256x1024xf32>, %arg2: tensor<1024xf32>, %arg3: tensor<1024x256xf32>) -> tensor<64x256xf32> {
    %sharding = shard.sharding @tp split_axes = [[]] : !shard.sharding
    %sharding_annotated = shard.shard %arg0 to %sharding : tensor<64x256xf32>
    %sharding_0 = shard.sharding @tp split_axes = [[], [0]] : !shard.sharding
    %sharding_annotated_1 = shard.shard %arg1 to %sharding_0 : tensor<256x1024xf32>
    %sharding_2 = shard.sharding @tp split_axes = [[0]] : !shard.sharding
    %sharding_annotated_3 = shard.shard %arg2 to %sharding_2 : tensor<1024xf32>
    %sharding_4 = shard.sharding @tp split_axes = [[0]] : !shard.sharding
    %sharding_annotated_5 = shard.shard %arg3 to %sharding_4 : tensor<1024x256xf32>
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<64x1024xf32>
    %sharding_6 = shard.sharding @tp split_axes = [[], [0]] : !shard.sharding
    %sharding_annotated_7 = shard.shard %0 to %sharding_6 : tensor<64x1024xf32>
    %sharding_8 = shard.sharding @tp split_axes = [[], [0]] : !shard.sharding
    %sharding_annotated_9 = shard.shard %sharding_annotated_7 to %sharding_8 annotate_for_users : tensor<64x1024xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%sharding_annotated_9 : tensor<64x1024xf32>) -> tensor<64x1024xf32>
    %sharding_10 = shard.sharding @tp split_axes = [[], [0]] : !shard.sharding
    %sharding_annotated_11 = shard.shard %1 to %sharding_10 : tensor<64x1024xf32>
    %sharding_12 = shard.sharding @tp split_axes = [[]] : !shard.sharding
    %sharding_annotated_13 = shard.shard %sharding_annotated to %sharding_12 annotate_for_users : tensor<64x256xf32>
    %sharding_14 = shard.sharding @tp split_axes = [[], [0]] : !shard.sharding
    %sharding_annotated_15 = shard.shard %sharding_annotated_1 to %sharding_14 annotate_for_users : tensor<256x1024xf32>
    %sharding_16 = shard.sharding @tp split_axes = [[], [0]] : !shard.sharding
    %sharding_annotated_17 = shard.shard %sharding_annotated_11 to %sharding_16 annotate_for_users : tensor<64x1024xf32>
    %2 = linalg.matmul ins(%sharding_annotated_13, %sharding_annotated_15 : tensor<64x256xf32>, tensor<256x1024xf32>) outs(%sharding_annotated_17 : tensor<64x1024xf32>) -> tensor<64x1024xf32>
    %sharding_18 = shard.sharding @tp split_axes = [[], [0]] : !shard.sharding
    %sharding_annotated_19 = shard.shard %2 to %sharding_18 : tensor<64x1024xf32>
    %sharding_20 = shard.sharding @tp split_axes = [[], [0]] : !shard.sharding
    %sharding_annotated_21 = shard.shard %sharding_annotated_19 to %sharding_20 annotate_for_users : tensor<64x1024xf32>
    %sharding_22 = shard.sharding @tp split_axes = [[0]] : !shard.sharding
    %sharding_annotated_23 = shard.shard %sharding_annotated_3 to %sharding_22 annotate_for_users : tensor<1024xf32>
    %sharding_24 = shard.sharding @tp split_axes = [[], [0]] : !shard.sharding
    %sharding_annotated_25 = shard.shard %sharding_annotated_7 to %sharding_24 annotate_for_users : tensor<64x1024xf32>
    %3 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%sharding_annotated_21, %sharding_annotated_23 : tensor<64x1024xf32>, tensor<1024xf32>) outs(%sharding_annotated_25 : tensor<64x1024xf32>) {
    ^bb0(%in: f32, %in_42: f32, %out: f32):
      %7 = arith.addf %in, %in_42 : f32
      %8 = arith.maximumf %7, %cst : f32
      linalg.yield %8 : f32
    } -> tensor<64x1024xf32>
    %sharding_26 = shard.sharding @tp split_axes = [[], [0]] : !shard.sharding
    %sharding_annotated_27 = shard.shard %3 to %sharding_26 : tensor<64x1024xf32>
    %4 = tensor.empty() : tensor<64x256xf32>
    %sharding_28 = shard.sharding @tp split_axes = [[]] : !shard.sharding
    %sharding_annotated_29 = shard.shard %4 to %sharding_28 : tensor<64x256xf32>
    %sharding_30 = shard.sharding @tp split_axes = [[]] : !shard.sharding
    %sharding_annotated_31 = shard.shard %sharding_annotated_29 to %sharding_30 annotate_for_users : tensor<64x256xf32>
    %5 = linalg.fill ins(%cst : f32) outs(%sharding_annotated_31 : tensor<64x256xf32>) -> tensor<64x256xf32>
    %sharding_32 = shard.sharding @tp split_axes = [[]] : !shard.sharding
    %sharding_annotated_33 = shard.shard %5 to %sharding_32 : tensor<64x256xf32>
    %sharding_34 = shard.sharding @tp split_axes = [[], [0]] : !shard.sharding
    %sharding_annotated_35 = shard.shard %sharding_annotated_27 to %sharding_34 annotate_for_users : tensor<64x1024xf32>
    %sharding_36 = shard.sharding @tp split_axes = [[0]] : !shard.sharding
    %sharding_annotated_37 = shard.shard %sharding_annotated_5 to %sharding_36 annotate_for_users : tensor<1024x256xf32>
    %sharding_38 = shard.sharding @tp split_axes = [[]] : !shard.sharding
    %sharding_annotated_39 = shard.shard %sharding_annotated_33 to %sharding_38 annotate_for_users : tensor<64x256xf32>
    %6 = linalg.matmul ins(%sharding_annotated_35, %sharding_annotated_37 : tensor<64x1024xf32>, tensor<1024x256xf32>) outs(%sharding_annotated_39 : tensor<64x256xf32>) -> tensor<64x256xf32>
    %sharding_40 = shard.sharding @tp split_axes = [[]] : !shard.sharding
    %sharding_annotated_41 = shard.shard %6 to %sharding_40 : tensor<64x256xf32>
    return %sharding_annotated_41 : tensor<64x256xf32>
  }
}

