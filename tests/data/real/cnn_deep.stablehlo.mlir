module @jit_cnn_deep attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x16x16x3xf32>, %arg1: tensor<3x3x3x8xf32>, %arg2: tensor<8xf32>, %arg3: tensor<3x3x8x16xf32>, %arg4: tensor<16xf32>, %arg5: tensor<256x10xf32>, %arg6: tensor<10xf32>) -> (tensor<4x10xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<4x16x16x3xf32>, tensor<3x3x3x8xf32>) -> tensor<4x16x16x8xf32>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [3] : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<4x16x16x8xf32>
    %3 = stablehlo.add %0, %2 : tensor<4x16x16x8xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x16x16x8xf32>
    %5 = stablehlo.maximum %3, %4 : tensor<4x16x16x8xf32>
    %6 = stablehlo.convolution(%5, %arg3) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[0, 1], [0, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<4x16x16x8xf32>, tensor<3x3x8x16xf32>) -> tensor<4x8x8x16xf32>
    %7 = stablehlo.broadcast_in_dim %arg4, dims = [3] : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<4x8x8x16xf32>
    %9 = stablehlo.add %6, %8 : tensor<4x8x8x16xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4x8x8x16xf32>
    %11 = stablehlo.maximum %9, %10 : tensor<4x8x8x16xf32>
    %cst_1 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<f32>
    %13 = "stablehlo.reduce_window"(%11, %12) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<0> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
    ^bb0(%arg7: tensor<f32>, %arg8: tensor<f32>):
      %20 = stablehlo.maximum %arg7, %arg8 : tensor<f32>
      stablehlo.return %20 : tensor<f32>
    }) : (tensor<4x8x8x16xf32>, tensor<f32>) -> tensor<4x4x4x16xf32>
    %14 = stablehlo.transpose %13, dims = [0, 3, 1, 2] : (tensor<4x4x4x16xf32>) -> tensor<4x16x4x4xf32>
    %15 = stablehlo.reshape %14 : (tensor<4x16x4x4xf32>) -> tensor<4x256xf32>
    %16 = stablehlo.dot_general %15, %arg5, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x256xf32>, tensor<256x10xf32>) -> tensor<4x10xf32>
    %17 = stablehlo.broadcast_in_dim %arg6, dims = [1] : (tensor<10xf32>) -> tensor<1x10xf32>
    %18 = stablehlo.broadcast_in_dim %17, dims = [0, 1] : (tensor<1x10xf32>) -> tensor<4x10xf32>
    %19 = stablehlo.add %16, %18 : tensor<4x10xf32>
    return %19 : tensor<4x10xf32>
  }
}
