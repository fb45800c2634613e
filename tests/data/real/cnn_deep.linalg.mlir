module @jit_cnn_deep {
  util.func public @main(%arg0: tensor<4x16x16x3xf32>, %arg1: tensor<3x3x3x8xf32>, %arg2: tensor<8xf32>, %arg3: tensor<3x3x8x16xf32>, %arg4: tensor<16xf32>, %arg5: tensor<256x10xf32>, %arg6: tensor<10xf32>) -> tensor<4x10xf32> {
    %cst = arith.constant 0xFF800000 : f32
    %cst_0 = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<4x16x16x8xf32>
    %1 = linalg.fill ins(%cst_0 : f32) outs(%0 : tensor<4x16x16x8xf32>) -> tensor<4x16x16x8xf32>
    %padded = tensor.pad %arg0 low[0, 1, 1, 0] high[0, 1, 1, 0] {
    ^bb0(%arg7: index, %arg8: index, %arg9: index, %arg10: index):
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
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %31 = arith.addf %in, %in_2 : f32
      linalg.yield %31 : f32
    } -> tensor<4x16x16x8xf32>
    %7 = tensor.empty() : tensor<4x16x16x8xf32>
    %8 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%6 : tensor<4x16x16x8xf32>) outs(%7 : tensor<4x16x16x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %31 = arith.maximumf %in, %cst_0 : f32
      linalg.yield %31 : f32
    } -> tensor<4x16x16x8xf32>
    %9 = tensor.empty() : tensor<4x8x8x16xf32>
    %10 = linalg.fill ins(%cst_0 : f32) outs(%9 : tensor<4x8x8x16xf32>) -> tensor<4x8x8x16xf32>
    %padded_1 = tensor.pad %8 low[0, 0, 0, 0] high[0, 1, 1, 0] {
    ^bb0(%arg7: index, %arg8: index, %arg9: index, %arg10: index):
      tensor.yield %cst_0 : f32
    } : tensor<4x16x16x8xf32> to tensor<4x17x17x8xf32>
    %11 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%padded_1, %arg3 : tensor<4x17x17x8xf32>, tensor<3x3x8x16xf32>) outs(%10 : tensor<4x8x8x16xf32>) -> tensor<4x8x8x16xf32>
    %12 = tensor.empty() : tensor<4x8x8x16xf32>
    %13 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg4 : tensor<16xf32>) outs(%12 : tensor<4x8x8x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x8x8x16xf32>
    %14 = tensor.empty() : tensor<4x8x8x16xf32>
    %15 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%11, %13 : tensor<4x8x8x16xf32>, tensor<4x8x8x16xf32>) outs(%14 : tensor<4x8x8x16xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %31 = arith.addf %in, %in_2 : f32
      linalg.yield %31 : f32
    } -> tensor<4x8x8x16xf32>
    %16 = tensor.empty() : tensor<4x8x8x16xf32>
    %17 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%15 : tensor<4x8x8x16xf32>) outs(%16 : tensor<4x8x8x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %31 = arith.maximumf %in, %cst_0 : f32
      linalg.yield %31 : f32
    } -> tensor<4x8x8x16xf32>
    %18 = tensor.empty() : tensor<2x2xf32>
    %19 = tensor.empty() : tensor<4x4x4x16xf32>
    %20 = linalg.fill ins(%cst : f32) outs(%19 : tensor<4x4x4x16xf32>) -> tensor<4x4x4x16xf32>
    %21 = linalg.pooling_nhwc_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%17, %18 : tensor<4x8x8x16xf32>, tensor<2x2xf32>) outs(%20 : tensor<4x4x4x16xf32>) -> tensor<4x4x4x16xf32>
    %22 = tensor.empty() : tensor<4x16x4x4xf32>
    %23 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%21 : tensor<4x4x4x16xf32>) outs(%22 : tensor<4x16x4x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x16x4x4xf32>
    %collapsed = tensor.collapse_shape %23 [[0], [1, 2, 3]] : tensor<4x16x4x4xf32> into tensor<4x256xf32>
    %24 = tensor.empty() : tensor<4x10xf32>
    %25 = linalg.fill ins(%cst_0 : f32) outs(%24 : tensor<4x10xf32>) -> tensor<4x10xf32>
    %26 = linalg.matmul ins(%collapsed, %arg5 : tensor<4x256xf32>, tensor<256x10xf32>) outs(%25 : tensor<4x10xf32>) -> tensor<4x10xf32>
    %27 = tensor.empty() : tensor<4x10xf32>
    %28 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%arg6 : tensor<10xf32>) outs(%27 : tensor<4x10xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x10xf32>
    %29 = tensor.empty() : tensor<4x10xf32>
    %30 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%26, %28 : tensor<4x10xf32>, tensor<4x10xf32>) outs(%29 : tensor<4x10xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %31 = arith.addf %in, %in_2 : f32
      linalg.yield %31 : f32
    } -> tensor<4x10xf32>
    util.return %30 : tensor<4x10xf32>
  }
}