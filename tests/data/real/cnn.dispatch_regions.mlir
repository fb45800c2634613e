#map = affine_map<(d0, d1, d2, d3) -> (d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 + d4, d2 + d5, d6)>
#map3 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6, d3)>
#map4 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
#map5 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1 * 2 + d4, d2 * 2 + d5, d3)>
#map6 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>
#map7 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>
#map8 = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
#map9 = affine_map<(d0, d1) -> (d1)>
#map10 = affine_map<(d0, d1) -> (d0, d1)>
module @jit_cnn {
  util.func public @main(%arg0: !hal.buffer_view, %arg1: !hal.buffer_view, %arg2: !hal.buffer_view, %arg3: !hal.buffer_view, %arg4: !hal.buffer_view) -> !hal.buffer_view attributes {iree.abi.stub, iree.reflection = {iree.abi.declaration = "sync func @main(%input0: tensor<4x16x16x3xf32>, %input1: tensor<3x3x3x8xf32>, %input2: tensor<8xf32>, %input3: tensor<512x10xf32>, %input4: tensor<10xf32>) -> (%output0: tensor<4x10xf32>)"}} {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0xFF800000 : f32
    %0 = hal.tensor.import %arg0 "input0" : !hal.buffer_view -> tensor<4x16x16x3xf32>
    %1 = iree_tensor_ext.compute_barrier.start %0 : tensor<4x16x16x3xf32> -> tensor<4x16x16x3xf32>
    %2 = hal.tensor.import %arg1 "input1" : !hal.buffer_view -> tensor<3x3x3x8xf32>
    %3 = iree_tensor_ext.compute_barrier.start %2 : tensor<3x3x3x8xf32> -> tensor<3x3x3x8xf32>
    %4 = hal.tensor.import %arg2 "input2" : !hal.buffer_view -> tensor<8xf32>
    %5 = iree_tensor_ext.compute_barrier.start %4 : tensor<8xf32> -> tensor<8xf32>
    %6 = hal.tensor.import %arg3 "input3" : !hal.buffer_view -> tensor<512x10xf32>
    %7 = iree_tensor_ext.compute_barrier.start %6 : tensor<512x10xf32> -> tensor<512x10xf32>
    %8 = hal.tensor.import %arg4 "input4" : !hal.buffer_view -> tensor<10xf32>
    %9 = iree_tensor_ext.compute_barrier.start %8 : tensor<10xf32> -> tensor<10xf32>
    %10 = tensor.empty() : tensor<4x16x16x8xf32>
    %11 = linalg.fill ins(%cst : f32) outs(%10 : tensor<4x16x16x8xf32>) -> tensor<4x16x16x8xf32>
    %12 = flow.dispatch.region -> (tensor<4x18x18x3xf32>) {
      %padded = tensor.pad %1 low[0, 1, 1, 0] high[0, 1, 1, 0] {
      ^bb0(%arg5: index, %arg6: index, %arg7: index, %arg8: index):
        tensor.yield %cst : f32
      } : tensor<4x16x16x3xf32> to tensor<4x18x18x3xf32>
      flow.return %padded : tensor<4x18x18x3xf32>
    }
    %13 = flow.dispatch.region -> (tensor<4x16x16x8xf32>) {
      %25 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%5 : tensor<8xf32>) outs(%10 : tensor<4x16x16x8xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<4x16x16x8xf32>
      flow.return %25 : tensor<4x16x16x8xf32>
    }
    %14 = flow.dispatch.region -> (tensor<4x16x16x8xf32>) {
      %25 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%12, %3 : tensor<4x18x18x3xf32>, tensor<3x3x3x8xf32>) outs(%11 : tensor<4x16x16x8xf32>) attrs =  {linalg.memoized_indexing_maps = [#map2, #map3, #map4]} {
      ^bb0(%in: f32, %in_1: f32, %out: f32):
        %28 = arith.mulf %in, %in_1 : f32
        %29 = arith.addf %out, %28 : f32
        linalg.yield %29 : f32
      } -> tensor<4x16x16x8xf32>
      %26 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%25, %13 : tensor<4x16x16x8xf32>, tensor<4x16x16x8xf32>) outs(%10 : tensor<4x16x16x8xf32>) {
      ^bb0(%in: f32, %in_1: f32, %out: f32):
        %28 = arith.addf %in, %in_1 : f32
        linalg.yield %28 : f32
      } -> tensor<4x16x16x8xf32>
      %27 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%26 : tensor<4x16x16x8xf32>) outs(%10 : tensor<4x16x16x8xf32>) {
      ^bb0(%in: f32, %out: f32):
        %28 = arith.maximumf %in, %cst : f32
        linalg.yield %28 : f32
      } -> tensor<4x16x16x8xf32>
      flow.return %27 : tensor<4x16x16x8xf32>
    }
    %15 = tensor.empty() : tensor<2x2xf32>
    %16 = tensor.empty() : tensor<4x8x8x8xf32>
    %17 = linalg.fill ins(%cst_0 : f32) outs(%16 : tensor<4x8x8x8xf32>) -> tensor<4x8x8x8xf32>
    %18 = flow.dispatch.region -> (tensor<4x8x8x8xf32>) {
      %25 = linalg.generic {indexing_maps = [#map5, #map6, #map7], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%14, %15 : tensor<4x16x16x8xf32>, tensor<2x2xf32>) outs(%17 : tensor<4x8x8x8xf32>) attrs =  {linalg.memoized_indexing_maps = [#map5, #map6, #map7]} {
      ^bb0(%in: f32, %in_1: f32, %out: f32):
        %27 = arith.maximumf %out, %in : f32
        linalg.yield %27 : f32
      } -> tensor<4x8x8x8xf32>
      %26 = linalg.generic {indexing_maps = [#map8, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%25 : tensor<4x8x8x8xf32>) outs(%16 : tensor<4x8x8x8xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<4x8x8x8xf32>
      flow.return %26 : tensor<4x8x8x8xf32>
    }
    %collapsed = tensor.collapse_shape %18 [[0], [1, 2, 3]] : tensor<4x8x8x8xf32> into tensor<4x512xf32>
    %19 = tensor.empty() : tensor<4x10xf32>
    %20 = linalg.fill ins(%cst : f32) outs(%19 : tensor<4x10xf32>) -> tensor<4x10xf32>
    %21 = flow.dispatch.region -> (tensor<4x10xf32>) {
      %25 = linalg.generic {indexing_maps = [#map9, #map10], iterator_types = ["parallel", "parallel"]} ins(%9 : tensor<10xf32>) outs(%19 : tensor<4x10xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<4x10xf32>
      flow.return %25 : tensor<4x10xf32>
    }
    %22 = flow.dispatch.region -> (tensor<4x10xf32>) {
      %25 = linalg.matmul ins(%collapsed, %7 : tensor<4x512xf32>, tensor<512x10xf32>) outs(%20 : tensor<4x10xf32>) -> tensor<4x10xf32>
      %26 = linalg.generic {indexing_maps = [#map10, #map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%25, %21 : tensor<4x10xf32>, tensor<4x10xf32>) outs(%19 : tensor<4x10xf32>) {
      ^bb0(%in: f32, %in_1: f32, %out: f32):
        %27 = arith.addf %in, %in_1 : f32
        linalg.yield %27 : f32
      } -> tensor<4x10xf32>
      flow.return %26 : tensor<4x10xf32>
    }
    %23 = iree_tensor_ext.compute_barrier.end %22 : tensor<4x10xf32> -> tensor<4x10xf32>
    %24 = hal.tensor.export %23 "output0" : tensor<4x10xf32> -> !hal.buffer_view
    util.return %24 : !hal.buffer_view
  }
}

