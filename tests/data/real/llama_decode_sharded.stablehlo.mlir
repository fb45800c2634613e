module @jit_llama_decode attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["data"=2, "model"=4]> {stablehlo.mesh = {axes = [{name = "data", size = 2 : i64}, {name = "model", size = 4 : i64}]}}
  func.func public @main(%arg0: tensor<2x1x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}, {}]>}, %arg1: tensor<2x15x4x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}, {"model"}, {}]>}, %arg2: tensor<2x15x4x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}, {"model"}, {}]>}, %arg3: tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg4: tensor<64x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>}, %arg5: tensor<64x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>}, %arg6: tensor<64x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>}, %arg7: tensor<64x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}]>}, %arg8: tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg9: tensor<64x128xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>}, %arg10: tensor<64x128xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>}, %arg11: tensor<128x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}]>}) -> (tensor<2x1x64xf32> {jax.result_info = "result", sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}, {}]>}) {
    %cst = stablehlo.constant dense<[-0.7596879, 0.0310223494, 7.073720e-02, 0.889593601, 0.98877108, 0.9988752, 0.999887526, 0.999988734, -0.7596879, 0.0310223494, 7.073720e-02, 0.889593601, 0.98877108, 0.9988752, 0.999887526, 0.999988734]> : tensor<16xf32>
    %cst_0 = stablehlo.constant dense<[0.650287867, -0.999518692, 0.997494995, 0.456752926, 0.149438128, 0.0474163815, 0.0149994381, 0.0047433991, 0.650287867, -0.999518692, 0.997494995, 0.456752926, 0.149438128, 0.0474163815, 0.0149994381, 0.0047433991]> : tensor<16xf32>
    %cst_1 = stablehlo.constant dense<[-0.7596879, 0.0310223494, 7.073720e-02, 0.889593601, 0.98877108, 0.9988752, 0.999887526, 0.999988734, -0.7596879, 0.0310223494, 7.073720e-02, 0.889593601, 0.98877108, 0.9988752, 0.999887526, 0.999988734]> : tensor<16xf32>
    %cst_2 = stablehlo.constant dense<[0.650287867, -0.999518692, 0.997494995, 0.456752926, 0.149438128, 0.0474163815, 0.0149994381, 0.0047433991, 0.650287867, -0.999518692, 0.997494995, 0.456752926, 0.149438128, 0.0474163815, 0.0149994381, 0.0047433991]> : tensor<16xf32>
    %0 = stablehlo.multiply %arg0, %arg0 : tensor<2x1x64xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst_3) applies stablehlo.add across dimensions = [2] : (tensor<2x1x64xf32>, tensor<f32>) -> tensor<2x1xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x1x1xf32>
    %cst_4 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<2x1x1xf32>
    %4 = stablehlo.divide %2, %3 : tensor<2x1x1xf32>
    %cst_5 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<2x1x1xf32>
    %6 = stablehlo.add %4, %5 : tensor<2x1x1xf32>
    %7 = stablehlo.rsqrt %6 : tensor<2x1x1xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1, 2] : (tensor<2x1x1xf32>) -> tensor<2x1x64xf32>
    %9 = stablehlo.multiply %arg0, %8 : tensor<2x1x64xf32>
    %10 = stablehlo.broadcast_in_dim %arg3, dims = [2] : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<2x1x64xf32>
    %12 = stablehlo.multiply %9, %11 : tensor<2x1x64xf32>
    %13 = stablehlo.dot_general %12, %arg4, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x1x64xf32>, tensor<64x64xf32>) -> tensor<2x1x64xf32>
    %14 = stablehlo.reshape %13 : (tensor<2x1x64xf32>) -> tensor<2x1x4x16xf32>
    %15 = stablehlo.slice %14 [0:2, 0:1, 0:4, 0:8] : (tensor<2x1x4x16xf32>) -> tensor<2x1x4x8xf32>
    %16 = stablehlo.slice %14 [0:2, 0:1, 0:4, 8:16] : (tensor<2x1x4x16xf32>) -> tensor<2x1x4x8xf32>
    %17 = stablehlo.broadcast_in_dim %cst, dims = [3] : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %18 = stablehlo.broadcast_in_dim %17, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<2x1x4x16xf32>
    %19 = stablehlo.multiply %14, %18 : tensor<2x1x4x16xf32>
    %20 = stablehlo.negate %16 : tensor<2x1x4x8xf32>
    %21 = stablehlo.concatenate %20, %15, dim = 3 : (tensor<2x1x4x8xf32>, tensor<2x1x4x8xf32>) -> tensor<2x1x4x16xf32>
    %22 = stablehlo.broadcast_in_dim %cst_0, dims = [3] : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %23 = stablehlo.broadcast_in_dim %22, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<2x1x4x16xf32>
    %24 = stablehlo.multiply %21, %23 : tensor<2x1x4x16xf32>
    %25 = stablehlo.add %19, %24 : tensor<2x1x4x16xf32>
    %26 = stablehlo.dot_general %12, %arg5, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x1x64xf32>, tensor<64x64xf32>) -> tensor<2x1x64xf32>
    %27 = stablehlo.reshape %26 : (tensor<2x1x64xf32>) -> tensor<2x1x4x16xf32>
    %28 = stablehlo.slice %27 [0:2, 0:1, 0:4, 0:8] : (tensor<2x1x4x16xf32>) -> tensor<2x1x4x8xf32>
    %29 = stablehlo.slice %27 [0:2, 0:1, 0:4, 8:16] : (tensor<2x1x4x16xf32>) -> tensor<2x1x4x8xf32>
    %30 = stablehlo.broadcast_in_dim %cst_1, dims = [3] : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %31 = stablehlo.broadcast_in_dim %30, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<2x1x4x16xf32>
    %32 = stablehlo.multiply %27, %31 : tensor<2x1x4x16xf32>
    %33 = stablehlo.negate %29 : tensor<2x1x4x8xf32>
    %34 = stablehlo.concatenate %33, %28, dim = 3 : (tensor<2x1x4x8xf32>, tensor<2x1x4x8xf32>) -> tensor<2x1x4x16xf32>
    %35 = stablehlo.broadcast_in_dim %cst_2, dims = [3] : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %36 = stablehlo.broadcast_in_dim %35, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<2x1x4x16xf32>
    %37 = stablehlo.multiply %34, %36 : tensor<2x1x4x16xf32>
    %38 = stablehlo.add %32, %37 : tensor<2x1x4x16xf32>
    %39 = stablehlo.concatenate %arg1, %38, dim = 1 : (tensor<2x15x4x16xf32>, tensor<2x1x4x16xf32>) -> tensor<2x16x4x16xf32>
    %40 = stablehlo.dot_general %12, %arg6, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x1x64xf32>, tensor<64x64xf32>) -> tensor<2x1x64xf32>
    %41 = stablehlo.reshape %40 : (tensor<2x1x64xf32>) -> tensor<2x1x4x16xf32>
    %42 = stablehlo.concatenate %arg2, %41, dim = 1 : (tensor<2x15x4x16xf32>, tensor<2x1x4x16xf32>) -> tensor<2x16x4x16xf32>
    %43 = stablehlo.dot_general %25, %39, batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x1x4x16xf32>, tensor<2x16x4x16xf32>) -> tensor<2x4x1x16xf32>
    %cst_6 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %44 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<2x4x1x16xf32>
    %45 = stablehlo.divide %43, %44 : tensor<2x4x1x16xf32>
    %cst_7 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %46 = stablehlo.reduce(%45 init: %cst_7) applies stablehlo.maximum across dimensions = [3] : (tensor<2x4x1x16xf32>, tensor<f32>) -> tensor<2x4x1xf32>
    %cst_8 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %47 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<2x4x1xf32>
    %48 = stablehlo.maximum %47, %46 : tensor<2x4x1xf32>
    %49 = stablehlo.broadcast_in_dim %48, dims = [0, 1, 2] : (tensor<2x4x1xf32>) -> tensor<2x4x1x1xf32>
    %50 = stablehlo.broadcast_in_dim %49, dims = [0, 1, 2, 3] : (tensor<2x4x1x1xf32>) -> tensor<2x4x1x16xf32>
    %51 = stablehlo.subtract %45, %50 : tensor<2x4x1x16xf32>
    %52 = stablehlo.exponential %51 : tensor<2x4x1x16xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %53 = stablehlo.reduce(%52 init: %cst_9) applies stablehlo.add across dimensions = [3] : (tensor<2x4x1x16xf32>, tensor<f32>) -> tensor<2x4x1xf32>
    %54 = stablehlo.broadcast_in_dim %53, dims = [0, 1, 2] : (tensor<2x4x1xf32>) -> tensor<2x4x1x1xf32>
    %55 = stablehlo.broadcast_in_dim %54, dims = [0, 1, 2, 3] : (tensor<2x4x1x1xf32>) -> tensor<2x4x1x16xf32>
    %56 = stablehlo.divide %52, %55 : tensor<2x4x1x16xf32>
    %57 = stablehlo.dot_general %42, %56, batching_dims = [0, 2] x [0, 1], contracting_dims = [1] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x16x4x16xf32>, tensor<2x4x1x16xf32>) -> tensor<2x4x16x1xf32>
    %58 = stablehlo.transpose %57, dims = [0, 3, 1, 2] : (tensor<2x4x16x1xf32>) -> tensor<2x1x4x16xf32>
    %59 = stablehlo.reshape %58 : (tensor<2x1x4x16xf32>) -> tensor<2x1x64xf32>
    %60 = stablehlo.dot_general %59, %arg7, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x1x64xf32>, tensor<64x64xf32>) -> tensor<2x1x64xf32>
    %61 = stablehlo.add %arg0, %60 : tensor<2x1x64xf32>
    %62 = stablehlo.multiply %61, %61 : tensor<2x1x64xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %63 = stablehlo.reduce(%62 init: %cst_10) applies stablehlo.add across dimensions = [2] : (tensor<2x1x64xf32>, tensor<f32>) -> tensor<2x1xf32>
    %64 = stablehlo.broadcast_in_dim %63, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x1x1xf32>
    %cst_11 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %65 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<2x1x1xf32>
    %66 = stablehlo.divide %64, %65 : tensor<2x1x1xf32>
    %cst_12 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %67 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<2x1x1xf32>
    %68 = stablehlo.add %66, %67 : tensor<2x1x1xf32>
    %69 = stablehlo.rsqrt %68 : tensor<2x1x1xf32>
    %70 = stablehlo.broadcast_in_dim %69, dims = [0, 1, 2] : (tensor<2x1x1xf32>) -> tensor<2x1x64xf32>
    %71 = stablehlo.multiply %61, %70 : tensor<2x1x64xf32>
    %72 = stablehlo.broadcast_in_dim %arg8, dims = [2] : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %73 = stablehlo.broadcast_in_dim %72, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<2x1x64xf32>
    %74 = stablehlo.multiply %71, %73 : tensor<2x1x64xf32>
    %75 = stablehlo.dot_general %74, %arg9, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x1x64xf32>, tensor<64x128xf32>) -> tensor<2x1x128xf32>
    %76 = call @silu(%75) : (tensor<2x1x128xf32>) -> tensor<2x1x128xf32>
    %77 = stablehlo.dot_general %74, %arg10, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x1x64xf32>, tensor<64x128xf32>) -> tensor<2x1x128xf32>
    %78 = stablehlo.multiply %76, %77 : tensor<2x1x128xf32>
    %79 = stablehlo.dot_general %78, %arg11, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x1x128xf32>, tensor<128x64xf32>) -> tensor<2x1x64xf32>
    %80 = stablehlo.add %61, %79 : tensor<2x1x64xf32>
    return %80 : tensor<2x1x64xf32>
  }
  func.func private @silu(%arg0: tensor<2x1x128xf32>) -> tensor<2x1x128xf32> {
    %0 = stablehlo.negate %arg0 : tensor<2x1x128xf32>
    %1 = stablehlo.exponential %0 : tensor<2x1x128xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x1x128xf32>
    %3 = stablehlo.add %2, %1 : tensor<2x1x128xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x1x128xf32>
    %5 = stablehlo.divide %4, %3 : tensor<2x1x128xf32>
    %6 = stablehlo.multiply %arg0, %5 : tensor<2x1x128xf32>
    return %6 : tensor<2x1x128xf32>
  }
}
