module @jit_mlp_scan attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x64xf32>, %arg1: tensor<3x64x128xf32>, %arg2: tensor<3x128xf32>, %arg3: tensor<3x128x64xf32>, %arg4: tensor<3x64xf32>) -> (tensor<8x64xf32> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0:6 = stablehlo.while(%iterArg = %arg1, %iterArg_0 = %arg2, %iterArg_1 = %arg3, %iterArg_2 = %arg4, %iterArg_3 = %c, %iterArg_4 = %arg0) : tensor<3x64x128xf32>, tensor<3x128xf32>, tensor<3x128x64xf32>, tensor<3x64xf32>, tensor<i32>, tensor<8x64xf32>
    cond {
      %c_5 = stablehlo.constant dense<3> : tensor<i32>
      %1 = stablehlo.compare LT, %iterArg_3, %c_5, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %1 : tensor<i1>
    } do {
      %1 = func.call @dynamic_index_in_dim(%iterArg, %iterArg_3) : (tensor<3x64x128xf32>, tensor<i32>) -> tensor<64x128xf32>
      %2 = func.call @dynamic_index_in_dim_0(%iterArg_0, %iterArg_3) : (tensor<3x128xf32>, tensor<i32>) -> tensor<128xf32>
      %3 = func.call @dynamic_index_in_dim_1(%iterArg_1, %iterArg_3) : (tensor<3x128x64xf32>, tensor<i32>) -> tensor<128x64xf32>
      %4 = func.call @dynamic_index_in_dim_2(%iterArg_2, %iterArg_3) : (tensor<3x64xf32>, tensor<i32>) -> tensor<64xf32>
      %5 = stablehlo.dot_general %iterArg_4, %1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x64xf32>, tensor<64x128xf32>) -> tensor<8x128xf32>
      %6 = stablehlo.broadcast_in_dim %2, dims = [1] : (tensor<128xf32>) -> tensor<1x128xf32>
      %7 = stablehlo.broadcast_in_dim %6, dims = [0, 1] : (tensor<1x128xf32>) -> tensor<8x128xf32>
      %8 = stablehlo.add %5, %7 : tensor<8x128xf32>
      %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %9 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x128xf32>
      %10 = stablehlo.maximum %8, %9 : tensor<8x128xf32>
      %11 = stablehlo.dot_general %10, %3, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x128xf32>, tensor<128x64xf32>) -> tensor<8x64xf32>
      %12 = stablehlo.broadcast_in_dim %4, dims = [1] : (tensor<64xf32>) -> tensor<1x64xf32>
      %13 = stablehlo.broadcast_in_dim %12, dims = [0, 1] : (tensor<1x64xf32>) -> tensor<8x64xf32>
      %14 = stablehlo.add %11, %13 : tensor<8x64xf32>
      %15 = stablehlo.add %14, %iterArg_4 : tensor<8x64xf32>
      %c_5 = stablehlo.constant dense<1> : tensor<i32>
      %16 = stablehlo.add %iterArg_3, %c_5 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_0, %iterArg_1, %iterArg_2, %16, %15 : tensor<3x64x128xf32>, tensor<3x128xf32>, tensor<3x128x64xf32>, tensor<3x64xf32>, tensor<i32>, tensor<8x64xf32>
    }
    return %0#5 : tensor<8x64xf32>
  }
  func.func private @dynamic_index_in_dim(%arg0: tensor<3x64x128xf32>, %arg1: tensor<i32>) -> tensor<64x128xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, sizes = [1, 64, 128] : (tensor<3x64x128xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x64x128xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x64x128xf32>) -> tensor<64x128xf32>
    return %1 : tensor<64x128xf32>
  }
  func.func private @dynamic_index_in_dim_0(%arg0: tensor<3x128xf32>, %arg1: tensor<i32>) -> tensor<128xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, sizes = [1, 128] : (tensor<3x128xf32>, tensor<i32>, tensor<i32>) -> tensor<1x128xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x128xf32>) -> tensor<128xf32>
    return %1 : tensor<128xf32>
  }
  func.func private @dynamic_index_in_dim_1(%arg0: tensor<3x128x64xf32>, %arg1: tensor<i32>) -> tensor<128x64xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, sizes = [1, 128, 64] : (tensor<3x128x64xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x128x64xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x128x64xf32>) -> tensor<128x64xf32>
    return %1 : tensor<128x64xf32>
  }
  func.func private @dynamic_index_in_dim_2(%arg0: tensor<3x64xf32>, %arg1: tensor<i32>) -> tensor<64xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, sizes = [1, 64] : (tensor<3x64xf32>, tensor<i32>, tensor<i32>) -> tensor<1x64xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x64xf32>) -> tensor<64xf32>
    return %1 : tensor<64xf32>
  }
}
