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
    %padded = tensor.pad %1 low[0, 1, 1, 0] high[0, 1, 1, 0] {
    ^bb0(%arg5: index, %arg6: index, %arg7: index, %arg8: index):
      tensor.yield %cst : f32
    } : tensor<4x16x16x3xf32> to tensor<4x18x18x3xf32>
    %12 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 + d4, d2 + d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%padded, %3 : tensor<4x18x18x3xf32>, tensor<3x3x3x8xf32>) outs(%11 : tensor<4x16x16x8xf32>) attrs =  {linalg.memoized_indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 + d4, d2 + d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>]} {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %28 = arith.mulf %in, %in_1 : f32
      %29 = arith.addf %out, %28 : f32
      linalg.yield %29 : f32
    } -> tensor<4x16x16x8xf32>
    %13 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%5 : tensor<8xf32>) outs(%10 : tensor<4x16x16x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x16x16x8xf32>
    %14 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%12, %13 : tensor<4x16x16x8xf32>, tensor<4x16x16x8xf32>) outs(%10 : tensor<4x16x16x8xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %28 = arith.addf %in, %in_1 : f32
      linalg.yield %28 : f32
    } -> tensor<4x16x16x8xf32>
    %15 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%14 : tensor<4x16x16x8xf32>) outs(%10 : tensor<4x16x16x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %28 = arith.maximumf %in, %cst : f32
      linalg.yield %28 : f32
    } -> tensor<4x16x16x8xf32>
    %16 = tensor.empty() : tensor<2x2xf32>
    %17 = tensor.empty() : tensor<4x8x8x8xf32>
    %18 = linalg.fill ins(%cst_0 : f32) outs(%17 : tensor<4x8x8x8xf32>) -> tensor<4x8x8x8xf32>
    %19 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1 * 2 + d4, d2 * 2 + d5, d3)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%15, %16 : tensor<4x16x16x8xf32>, tensor<2x2xf32>) outs(%18 : tensor<4x8x8x8xf32>) attrs =  {linalg.memoized_indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1 * 2 + d4, d2 * 2 + d5, d3)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>]} {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %28 = arith.maximumf %out, %in : f32
      linalg.yield %28 : f32
    } -> tensor<4x8x8x8xf32>
    %20 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%19 : tensor<4x8x8x8xf32>) outs(%17 : tensor<4x8x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x8x8x8xf32>
    %collapsed = tensor.collapse_shape %20 [[0], [1, 2, 3]] : tensor<4x8x8x8xf32> into tensor<4x512xf32>
    %21 = tensor.empty() : tensor<4x10xf32>
    %22 = linalg.fill ins(%cst : f32) outs(%21 : tensor<4x10xf32>) -> tensor<4x10xf32>
    %23 = linalg.matmul ins(%collapsed, %7 : tensor<4x512xf32>, tensor<512x10xf32>) outs(%22 : tensor<4x10xf32>) -> tensor<4x10xf32>
    %24 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%9 : tensor<10xf32>) outs(%21 : tensor<4x10xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x10xf32>
    %25 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%23, %24 : tensor<4x10xf32>, tensor<4x10xf32>) outs(%21 : tensor<4x10xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %28 = arith.addf %in, %in_1 : f32
      linalg.yield %28 : f32
    } -> tensor<4x10xf32>
    %26 = iree_tensor_ext.compute_barrier.end %25 : tensor<4x10xf32> -> tensor<4x10xf32>
    %27 = hal.tensor.export %26 "output0" : tensor<4x10xf32> -> !hal.buffer_view
    util.return %27 : !hal.buffer_view
  }
}