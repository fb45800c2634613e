#map = affine_map<(d0, d1) -> ()>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d2)>
#map3 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map4 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map5 = affine_map<(d0, d1) -> (d1)>
module @jit_mlp {
  util.func public @main(%arg0: tensor<64x256xf32>, %arg1: tensor<256x1024xf32>, %arg2: tensor<1024xf32>, %arg3: tensor<1024x256xf32>, %arg4: tensor<256xf32>) -> tensor<64x256xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<64x1024xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst : f32) outs(%0 : tensor<64x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<64x1024xf32>
    %2 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<64x256xf32>, tensor<256x1024xf32>) outs(%1 : tensor<64x1024xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %16 = arith.mulf %in, %in_0 : f32
      %17 = arith.addf %out, %16 : f32
      linalg.yield %17 : f32
    } -> tensor<64x1024xf32>
    %3 = tensor.empty() : tensor<64x1024xf32>
    %4 = linalg.generic {indexing_maps = [#map5, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg2 : tensor<1024xf32>) outs(%3 : tensor<64x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<64x1024xf32>
    %5 = tensor.empty() : tensor<64x1024xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%2, %4 : tensor<64x1024xf32>, tensor<64x1024xf32>) outs(%5 : tensor<64x1024xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %16 = arith.addf %in, %in_0 : f32
      linalg.yield %16 : f32
    } -> tensor<64x1024xf32>
    %7 = tensor.empty() : tensor<64x1024xf32>
    %8 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%6 : tensor<64x1024xf32>) outs(%7 : tensor<64x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      %16 = arith.maximumf %in, %cst : f32
      linalg.yield %16 : f32
    } -> tensor<64x1024xf32>
    %9 = tensor.empty() : tensor<64x256xf32>
    %10 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst : f32) outs(%9 : tensor<64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<64x256xf32>
    %11 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "reduction"]} ins(%8, %arg3 : tensor<64x1024xf32>, tensor<1024x256xf32>) outs(%10 : tensor<64x256xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %16 = arith.mulf %in, %in_0 : f32
      %17 = arith.addf %out, %16 : f32
      linalg.yield %17 : f32
    } -> tensor<64x256xf32>
    %12 = tensor.empty() : tensor<64x256xf32>
    %13 = linalg.generic {indexing_maps = [#map5, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg4 : tensor<256xf32>) outs(%12 : tensor<64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<64x256xf32>
    %14 = tensor.empty() : tensor<64x256xf32>
    %15 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%11, %13 : tensor<64x256xf32>, tensor<64x256xf32>) outs(%14 : tensor<64x256xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %16 = arith.addf %in, %in_0 : f32
      linalg.yield %16 : f32
    } -> tensor<64x256xf32>
    util.return %15 : tensor<64x256xf32>
  }
}

