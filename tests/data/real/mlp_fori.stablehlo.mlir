module @jit_mlp_fori attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x64xf32>, %arg1: tensor<3x64x128xf32>, %arg2: tensor<3x128xf32>, %arg3: tensor<3x128x64xf32>, %arg4: tensor<3x64xf32>, %arg5: tensor<i32>) -> (tensor<8x64xf32> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0:7 = stablehlo.while(%iterArg = %arg1, %iterArg_0 = %arg2, %iterArg_1 = %arg3, %iterArg_2 = %arg4, %iterArg_3 = %c, %iterArg_4 = %arg5, %iterArg_5 = %arg0) : tensor<3x64x128xf32>, tensor<3x128xf32>, tensor<3x128x64xf32>, tensor<3x64xf32>, tensor<i32>, tensor<i32>, tensor<8x64xf32>
    cond {
      %1 = stablehlo.compare LT, %iterArg_3, %iterArg_4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %1 : tensor<i1>
    } do {
      %c_6 = stablehlo.constant dense<1> : tensor<i32>
      %1 = stablehlo.add %iterArg_3, %c_6 : tensor<i32>
      %2 = stablehlo.convert %iterArg_3 : tensor<i32>
      %c_7 = stablehlo.constant dense<0> : tensor<i32>
      %3 = stablehlo.compare LT, %2, %c_7, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_8 = stablehlo.constant dense<3> : tensor<i32>
      %4 = stablehlo.add %2, %c_8 : tensor<i32>
      %5 = stablehlo.select %3, %4, %2 : tensor<i1>, tensor<i32>
      %c_9 = stablehlo.constant dense<0> : tensor<i32>
      %c_10 = stablehlo.constant dense<0> : tensor<i32>
      %6 = stablehlo.compare LT, %c_9, %c_10, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_11 = stablehlo.constant dense<0> : tensor<i32>
      %c_12 = stablehlo.constant dense<64> : tensor<i32>
      %7 = stablehlo.add %c_11, %c_12 : tensor<i32>
      %c_13 = stablehlo.constant dense<0> : tensor<i32>
      %8 = stablehlo.select %6, %7, %c_13 : tensor<i1>, tensor<i32>
      %c_14 = stablehlo.constant dense<0> : tensor<i32>
      %c_15 = stablehlo.constant dense<0> : tensor<i32>
      %9 = stablehlo.compare LT, %c_14, %c_15, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_16 = stablehlo.constant dense<0> : tensor<i32>
      %c_17 = stablehlo.constant dense<128> : tensor<i32>
      %10 = stablehlo.add %c_16, %c_17 : tensor<i32>
      %c_18 = stablehlo.constant dense<0> : tensor<i32>
      %11 = stablehlo.select %9, %10, %c_18 : tensor<i1>, tensor<i32>
      %12 = stablehlo.dynamic_slice %iterArg, %5, %8, %11, sizes = [1, 64, 128] : (tensor<3x64x128xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x64x128xf32>
      %13 = stablehlo.reshape %12 : (tensor<1x64x128xf32>) -> tensor<64x128xf32>
      %14 = stablehlo.convert %iterArg_3 : tensor<i32>
      %c_19 = stablehlo.constant dense<0> : tensor<i32>
      %15 = stablehlo.compare LT, %14, %c_19, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_20 = stablehlo.constant dense<3> : tensor<i32>
      %16 = stablehlo.add %14, %c_20 : tensor<i32>
      %17 = stablehlo.select %15, %16, %14 : tensor<i1>, tensor<i32>
      %c_21 = stablehlo.constant dense<0> : tensor<i32>
      %c_22 = stablehlo.constant dense<0> : tensor<i32>
      %18 = stablehlo.compare LT, %c_21, %c_22, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_23 = stablehlo.constant dense<0> : tensor<i32>
      %c_24 = stablehlo.constant dense<128> : tensor<i32>
      %19 = stablehlo.add %c_23, %c_24 : tensor<i32>
      %c_25 = stablehlo.constant dense<0> : tensor<i32>
      %20 = stablehlo.select %18, %19, %c_25 : tensor<i1>, tensor<i32>
      %21 = stablehlo.dynamic_slice %iterArg_0, %17, %20, sizes = [1, 128] : (tensor<3x128xf32>, tensor<i32>, tensor<i32>) -> tensor<1x128xf32>
      %22 = stablehlo.reshape %21 : (tensor<1x128xf32>) -> tensor<128xf32>
      %23 = stablehlo.convert %iterArg_3 : tensor<i32>
      %c_26 = stablehlo.constant dense<0> : tensor<i32>
      %24 = stablehlo.compare LT, %23, %c_26, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_27 = stablehlo.constant dense<3> : tensor<i32>
      %25 = stablehlo.add %23, %c_27 : tensor<i32>
      %26 = stablehlo.select %24, %25, %23 : tensor<i1>, tensor<i32>
      %c_28 = stablehlo.constant dense<0> : tensor<i32>
      %c_29 = stablehlo.constant dense<0> : tensor<i32>
      %27 = stablehlo.compare LT, %c_28, %c_29, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_30 = stablehlo.constant dense<0> : tensor<i32>
      %c_31 = stablehlo.constant dense<128> : tensor<i32>
      %28 = stablehlo.add %c_30, %c_31 : tensor<i32>
      %c_32 = stablehlo.constant dense<0> : tensor<i32>
      %29 = stablehlo.select %27, %28, %c_32 : tensor<i1>, tensor<i32>
      %c_33 = stablehlo.constant dense<0> : tensor<i32>
      %c_34 = stablehlo.constant dense<0> : tensor<i32>
      %30 = stablehlo.compare LT, %c_33, %c_34, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_35 = stablehlo.constant dense<0> : tensor<i32>
      %c_36 = stablehlo.constant dense<64> : tensor<i32>
      %31 = stablehlo.add %c_35, %c_36 : tensor<i32>
      %c_37 = stablehlo.constant dense<0> : tensor<i32>
      %32 = stablehlo.select %30, %31, %c_37 : tensor<i1>, tensor<i32>
      %33 = stablehlo.dynamic_slice %iterArg_1, %26, %29, %32, sizes = [1, 128, 64] : (tensor<3x128x64xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x128x64xf32>
      %34 = stablehlo.reshape %33 : (tensor<1x128x64xf32>) -> tensor<128x64xf32>
      %35 = stablehlo.convert %iterArg_3 : tensor<i32>
      %c_38 = stablehlo.constant dense<0> : tensor<i32>
      %36 = stablehlo.compare LT, %35, %c_38, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_39 = stablehlo.constant dense<3> : tensor<i32>
      %37 = stablehlo.add %35, %c_39 : tensor<i32>
      %38 = stablehlo.select %36, %37, %35 : tensor<i1>, tensor<i32>
      %c_40 = stablehlo.constant dense<0> : tensor<i32>
      %c_41 = stablehlo.constant dense<0> : tensor<i32>
      %39 = stablehlo.compare LT, %c_40, %c_41, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_42 = stablehlo.constant dense<0> : tensor<i32>
      %c_43 = stablehlo.constant dense<64> : tensor<i32>
      %40 = stablehlo.add %c_42, %c_43 : tensor<i32>
      %c_44 = stablehlo.constant dense<0> : tensor<i32>
      %41 = stablehlo.select %39, %40, %c_44 : tensor<i1>, tensor<i32>
      %42 = stablehlo.dynamic_slice %iterArg_2, %38, %41, sizes = [1, 64] : (tensor<3x64xf32>, tensor<i32>, tensor<i32>) -> tensor<1x64xf32>
      %43 = stablehlo.reshape %42 : (tensor<1x64xf32>) -> tensor<64xf32>
      %44 = stablehlo.dot_general %iterArg_5, %13, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x64xf32>, tensor<64x128xf32>) -> tensor<8x128xf32>
      %45 = stablehlo.broadcast_in_dim %22, dims = [1] : (tensor<128xf32>) -> tensor<1x128xf32>
      %46 = stablehlo.broadcast_in_dim %45, dims = [0, 1] : (tensor<1x128xf32>) -> tensor<8x128xf32>
      %47 = stablehlo.add %44, %46 : tensor<8x128xf32>
      %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %48 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x128xf32>
      %49 = stablehlo.maximum %47, %48 : tensor<8x128xf32>
      %50 = stablehlo.dot_general %49, %34, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x128xf32>, tensor<128x64xf32>) -> tensor<8x64xf32>
      %51 = stablehlo.broadcast_in_dim %43, dims = [1] : (tensor<64xf32>) -> tensor<1x64xf32>
      %52 = stablehlo.broadcast_in_dim %51, dims = [0, 1] : (tensor<1x64xf32>) -> tensor<8x64xf32>
      %53 = stablehlo.add %50, %52 : tensor<8x64xf32>
      %54 = stablehlo.add %53, %iterArg_5 : tensor<8x64xf32>
      stablehlo.return %iterArg, %iterArg_0, %iterArg_1, %iterArg_2, %1, %iterArg_4, %54 : tensor<3x64x128xf32>, tensor<3x128xf32>, tensor<3x128x64xf32>, tensor<3x64xf32>, tensor<i32>, tensor<i32>, tensor<8x64xf32>
    }
    return %0#6 : tensor<8x64xf32>
  }
}
