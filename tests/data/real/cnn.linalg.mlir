module @jit_cnn {
  util.func public @main(%arg0: tensor<4x16x16x3xf32>, %arg1: tensor<3x3x3x8xf32>, %arg2: tensor<8xf32>, %arg3: tensor<512x10xf32>, %arg4: tensor<10xf32>) -> tensor<4x10xf32> {
    %cst = arith.constant 0xFF800000 : f32
    %cst_0 = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<4x16x16x8xf32>
    %1 = linalg.fill ins(%cst_0 : f32) outs(%0 : tensor<4x16x16x8xf32>) -> tensor<4x16x16x8xf32>
    %padded = tensor.pad %arg0 low[0, 1, 1, 0] high[0, 1, 1, 0] {
    ^bb0(%arg5: index, %arg6: index, %arg7: index, %arg8: index):
      tensor.yield %cst_0 : f32
    } : tensor<4x16x16x3xf32> to tensor<4x18x18x3xf32>
    %2 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%padded, %arg1 : tensor<4x18x18x3xf32>, tensor<3x3x3x8xf32>) outs(%1 : tensor<4x16x16x8xf32>) -> tensor<4x16x16x8xf32>
    %3 = tensor.empty() : tensor<4x16x16x8xf32>
    %4 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg2 : tensor<8xf32>) outs(%3 : tensor<4x16x16x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x16x16x8xf32>
    %5 = tensor.empty() : tensor<4x16x16x8xf32>
    %6 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2, %4 : tensor<4x16x16x8xf32>, tensor<4x16x16x8xf32>) outs(%5 : tensor<4x16x16x8xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %22 = arith.addf %in, %in_1 : f32
      linalg.yield %22 : f32
    } -> tensor<4x16x16x8xf32>
    %7 = tensor.empty() : tensor<4x16x16x8xf32>
    %8 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%6 : tensor<4x16x16x8xf32>) outs(%7 : tensor<4x16x16x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %22 = arith.maximumf %in, %cst_0 : f32
      linalg.yield %22 : f32
    } -> tensor<4x16x16x8xf32>
    %9 = tensor.empty() : tensor<2x2xf32>
    %10 = tensor.empty() : tensor<4x8x8x8xf32>
    %11 = linalg.fill ins(%cst : f32) outs(%10 : tensor<4x8x8x8xf32>) -> tensor<4x8x8x8xf32>
    %12 = linalg.pooling_nhwc_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%8, %9 : tensor<4x16x16x8xf32>, tensor<2x2xf32>) outs(%11 : tensor<4x8x8x8xf32>) -> tensor<4x8x8x8xf32>
    %13 = tensor.empty() : tensor<4x8x8x8xf32>
    %14 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%12 : tensor<4x8x8x8xf32>) outs(%13 : tensor<4x8x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x8x8x8xf32>
    %collapsed = tensor.collapse_shape %14 [[0], [1, 2, 3]] : tensor<4x8x8x8xf32> into tensor<4x512xf32>
    %15 = tensor.empty() : tensor<4x10xf32>
    %16 = linalg.fill ins(%cst_0 : f32) outs(%15 : tensor<4x10xf32>) -> tensor<4x10xf32>
    %17 = linalg.matmul ins(%collapsed, %arg3 : tensor<4x512xf32>, tensor<512x10xf32>) outs(%16 : tensor<4x10xf32>) -> tensor<4x10xf32>
    %18 = tensor.empty() : tensor<4x10xf32>
    %19 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%arg4 : tensor<10xf32>) outs(%18 : tensor<4x10xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x10xf32>
    %20 = tensor.empty() : tensor<4x10xf32>
    %21 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%17, %19 : tensor<4x10xf32>, tensor<4x10xf32>) outs(%20 : tensor<4x10xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %22 = arith.addf %in, %in_1 : f32
      linalg.yield %22 : f32
    } -> tensor<4x10xf32>
    util.return %21 : tensor<4x10xf32>
  }
}