module @jit_cnn_sp {
  util.func public @main(%arg0: tensor<2x16x16x4xf32>, %arg1: tensor<3x3x4x8xf32>, %arg2: tensor<3x3x8x8xf32>, %arg3: tensor<512x10xf32>) -> tensor<2x10xf32> {
    %cst = arith.constant 0xFF800000 : f32
    %cst_0 = arith.constant 0.000000e+00 : f32
    %cst_1 = arith.constant dense<0xFF800000> : tensor<f32>
    %0 = tensor.empty() : tensor<2x16x16x8xf32>
    %1 = linalg.fill ins(%cst_0 : f32) outs(%0 : tensor<2x16x16x8xf32>) -> tensor<2x16x16x8xf32>
    %padded = tensor.pad %arg0 low[0, 1, 1, 0] high[0, 1, 1, 0] {
    ^bb0(%arg4: index, %arg5: index, %arg6: index, %arg7: index):
      tensor.yield %cst_0 : f32
    } : tensor<2x16x16x4xf32> to tensor<2x18x18x4xf32>
    %2 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%padded, %arg1 : tensor<2x18x18x4xf32>, tensor<3x3x4x8xf32>) outs(%1 : tensor<2x16x16x8xf32>) -> tensor<2x16x16x8xf32>
    %3 = tensor.empty() : tensor<2x16x16x8xf32>
    %4 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2 : tensor<2x16x16x8xf32>) outs(%3 : tensor<2x16x16x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %15 = arith.maximumf %in, %cst_0 : f32
      linalg.yield %15 : f32
    } -> tensor<2x16x16x8xf32>
    %5 = tensor.empty() : tensor<2x8x8x8xf32>
    %6 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> ()>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_1 : tensor<f32>) outs(%5 : tensor<2x8x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x8x8x8xf32>
    %padded_2 = tensor.pad %4 low[0, 0, 0, 0] high[0, 1, 1, 0] {
    ^bb0(%arg4: index, %arg5: index, %arg6: index, %arg7: index):
      tensor.yield %cst : f32
    } : tensor<2x16x16x8xf32> to tensor<2x17x17x8xf32>
    %7 = tensor.empty() : tensor<3x3xf32>
    %8 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1 * 2 + d4, d2 * 2 + d5, d3)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%padded_2, %7 : tensor<2x17x17x8xf32>, tensor<3x3xf32>) outs(%6 : tensor<2x8x8x8xf32>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %15 = arith.maximumf %out, %in : f32
      linalg.yield %15 : f32
    } -> tensor<2x8x8x8xf32>
    %9 = tensor.empty() : tensor<2x8x8x8xf32>
    %10 = linalg.fill ins(%cst_0 : f32) outs(%9 : tensor<2x8x8x8xf32>) -> tensor<2x8x8x8xf32>
    %padded_3 = tensor.pad %8 low[0, 2, 2, 0] high[0, 2, 2, 0] {
    ^bb0(%arg4: index, %arg5: index, %arg6: index, %arg7: index):
      tensor.yield %cst_0 : f32
    } : tensor<2x8x8x8xf32> to tensor<2x12x12x8xf32>
    %11 = linalg.conv_2d_nhwc_hwcf {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%padded_3, %arg2 : tensor<2x12x12x8xf32>, tensor<3x3x8x8xf32>) outs(%10 : tensor<2x8x8x8xf32>) -> tensor<2x8x8x8xf32>
    %collapsed = tensor.collapse_shape %11 [[0], [1, 2, 3]] : tensor<2x8x8x8xf32> into tensor<2x512xf32>
    %12 = tensor.empty() : tensor<2x10xf32>
    %13 = linalg.fill ins(%cst_0 : f32) outs(%12 : tensor<2x10xf32>) -> tensor<2x10xf32>
    %14 = linalg.matmul ins(%collapsed, %arg3 : tensor<2x512xf32>, tensor<512x10xf32>) outs(%13 : tensor<2x10xf32>) -> tensor<2x10xf32>
    util.return %14 : tensor<2x10xf32>
  }
}