#map = affine_map<(d0, d1, d2, d3) -> ()>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 + d4, d2 + d5, d6)>
#map3 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6, d3)>
#map4 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
#map5 = affine_map<(d0, d1, d2, d3) -> (d3)>
#map6 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1 * 2 + d4, d2 * 2 + d5, d3)>
#map7 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>
#map8 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>
#map9 = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
#map10 = affine_map<(d0, d1) -> ()>
#map11 = affine_map<(d0, d1) -> (d0, d1)>
#map12 = affine_map<(d0, d1, d2) -> (d0, d2)>
#map13 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map14 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map15 = affine_map<(d0, d1) -> (d1)>
module @jit_cnn {
  util.func public @main(%arg0: tensor<4x16x16x3xf32>, %arg1: tensor<3x3x3x8xf32>, %arg2: tensor<8xf32>, %arg3: tensor<512x10xf32>, %arg4: tensor<10xf32>) -> tensor<4x10xf32> {
    %cst = arith.constant 0xFF800000 : f32
    %cst_0 = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<4x16x16x8xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_0 : f32) outs(%0 : tensor<4x16x16x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x16x16x8xf32>
    %padded = tensor.pad %arg0 low[0, 1, 1, 0] high[0, 1, 1, 0] {
    ^bb0(%arg5: index, %arg6: index, %arg7: index, %arg8: index):
      tensor.yield %cst_0 : f32
    } : tensor<4x16x16x3xf32> to tensor<4x18x18x3xf32>
    %2 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%padded, %arg1 : tensor<4x18x18x3xf32>, tensor<3x3x3x8xf32>) outs(%1 : tensor<4x16x16x8xf32>) attrs =  {linalg.memoized_indexing_maps = [#map2, #map3, #map4]} {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %22 = arith.mulf %in, %in_1 : f32
      %23 = arith.addf %out, %22 : f32
      linalg.yield %23 : f32
    } -> tensor<4x16x16x8xf32>
    %3 = tensor.empty() : tensor<4x16x16x8xf32>
    %4 = linalg.generic {indexing_maps = [#map5, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg2 : tensor<8xf32>) outs(%3 : tensor<4x16x16x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x16x16x8xf32>
    %5 = tensor.empty() : tensor<4x16x16x8xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2, %4 : tensor<4x16x16x8xf32>, tensor<4x16x16x8xf32>) outs(%5 : tensor<4x16x16x8xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %22 = arith.addf %in, %in_1 : f32
      linalg.yield %22 : f32
    } -> tensor<4x16x16x8xf32>
    %7 = tensor.empty() : tensor<4x16x16x8xf32>
    %8 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%6 : tensor<4x16x16x8xf32>) outs(%7 : tensor<4x16x16x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %22 = arith.maximumf %in, %cst_0 : f32
      linalg.yield %22 : f32
    } -> tensor<4x16x16x8xf32>
    %9 = tensor.empty() : tensor<2x2xf32>
    %10 = tensor.empty() : tensor<4x8x8x8xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst : f32) outs(%10 : tensor<4x8x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x8x8x8xf32>
    %12 = linalg.generic {indexing_maps = [#map6, #map7, #map8], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%8, %9 : tensor<4x16x16x8xf32>, tensor<2x2xf32>) outs(%11 : tensor<4x8x8x8xf32>) attrs =  {linalg.memoized_indexing_maps = [#map6, #map7, #map8]} {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %22 = arith.maximumf %out, %in : f32
      linalg.yield %22 : f32
    } -> tensor<4x8x8x8xf32>
    %13 = tensor.empty() : tensor<4x8x8x8xf32>
    %14 = linalg.generic {indexing_maps = [#map9, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%12 : tensor<4x8x8x8xf32>) outs(%13 : tensor<4x8x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x8x8x8xf32>
    %collapsed = tensor.collapse_shape %14 [[0], [1, 2, 3]] : tensor<4x8x8x8xf32> into tensor<4x512xf32>
    %15 = tensor.empty() : tensor<4x10xf32>
    %16 = linalg.generic {indexing_maps = [#map10, #map11], iterator_types = ["parallel", "parallel"]} ins(%cst_0 : f32) outs(%15 : tensor<4x10xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x10xf32>
    %17 = linalg.generic {indexing_maps = [#map12, #map13, #map14], iterator_types = ["parallel", "parallel", "reduction"]} ins(%collapsed, %arg3 : tensor<4x512xf32>, tensor<512x10xf32>) outs(%16 : tensor<4x10xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %22 = arith.mulf %in, %in_1 : f32
      %23 = arith.addf %out, %22 : f32
      linalg.yield %23 : f32
    } -> tensor<4x10xf32>
    %18 = tensor.empty() : tensor<4x10xf32>
    %19 = linalg.generic {indexing_maps = [#map15, #map11], iterator_types = ["parallel", "parallel"]} ins(%arg4 : tensor<10xf32>) outs(%18 : tensor<4x10xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x10xf32>
    %20 = tensor.empty() : tensor<4x10xf32>
    %21 = linalg.generic {indexing_maps = [#map11, #map11, #map11], iterator_types = ["parallel", "parallel"]} ins(%17, %19 : tensor<4x10xf32>, tensor<4x10xf32>) outs(%20 : tensor<4x10xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %22 = arith.addf %in, %in_1 : f32
      linalg.yield %22 : f32
    } -> tensor<4x10xf32>
    util.return %21 : tensor<4x10xf32>
  }
}

