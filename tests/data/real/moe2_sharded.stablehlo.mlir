module @jit_moe2 attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["data"=2, "model"=4]> {stablehlo.mesh = {axes = [{name = "data", size = 2 : i64}, {name = "model", size = 4 : i64}]}}
  func.func public @main(%arg0: tensor<2x8x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}, {}]>}, %arg1: tensor<32x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, %arg2: tensor<8x32x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}, {}]>}, %arg3: tensor<8x64x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}, {}]>}) -> (tensor<2x8x32xf32> {jax.result_info = "result", sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}, {}]>}) {
    %cst = stablehlo.constant dense<"0x0000803F0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F000000000000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F00000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F00000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F00000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F"> : tensor<16x16xf32>
    %cst_0 = stablehlo.constant dense<"0x0000803F0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F000000000000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F00000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F00000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F00000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F"> : tensor<16x16xf32>
    %0 = stablehlo.reshape %arg0 : (tensor<2x8x32xf32>) -> tensor<16x32xf32>
    %1 = stablehlo.dot_general %0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x32xf32>, tensor<32x8xf32>) -> tensor<16x8xf32>
    %cst_1 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %2 = stablehlo.reduce(%1 init: %cst_1) applies stablehlo.maximum across dimensions = [1] : (tensor<16x8xf32>, tensor<f32>) -> tensor<16xf32>
    %cst_2 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %4 = stablehlo.maximum %3, %2 : tensor<16xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<16xf32>) -> tensor<16x1xf32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [0, 1] : (tensor<16x1xf32>) -> tensor<16x8xf32>
    %7 = stablehlo.subtract %1, %6 : tensor<16x8xf32>
    %8 = stablehlo.exponential %7 : tensor<16x8xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %9 = stablehlo.reduce(%8 init: %cst_3) applies stablehlo.add across dimensions = [1] : (tensor<16x8xf32>, tensor<f32>) -> tensor<16xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0] : (tensor<16xf32>) -> tensor<16x1xf32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [0, 1] : (tensor<16x1xf32>) -> tensor<16x8xf32>
    %12 = stablehlo.divide %8, %11 : tensor<16x8xf32>
    %values, %indices = chlo.top_k(%12, k = 2) : tensor<16x8xf32> -> (tensor<16x2xf32>, tensor<16x2xi32>)
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<16x32xf32>
    %14 = stablehlo.slice %indices [0:16, 0:1] : (tensor<16x2xi32>) -> tensor<16x1xi32>
    %15 = stablehlo.reshape %14 : (tensor<16x1xi32>) -> tensor<16xi32>
    %16 = call @_one_hot(%15) : (tensor<16xi32>) -> tensor<16x8xf32>
    %17 = stablehlo.dot_general %cst, %16, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x16xf32>, tensor<16x8xf32>) -> tensor<16x8xf32>
    %cst_5 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %18 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<16x8xf32>
    %19 = stablehlo.subtract %17, %18 : tensor<16x8xf32>
    %20 = stablehlo.multiply %19, %16 : tensor<16x8xf32>
    %21 = stablehlo.broadcast_in_dim %16, dims = [0, 1] : (tensor<16x8xf32>) -> tensor<16x8x1xf32>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %22 = stablehlo.reduce(%20 init: %cst_6) applies stablehlo.add across dimensions = [1] : (tensor<16x8xf32>, tensor<f32>) -> tensor<16xf32>
    %23 = stablehlo.convert %22 : (tensor<16xf32>) -> tensor<16xi32>
    %24 = call @_one_hot(%23) : (tensor<16xi32>) -> tensor<16x8xf32>
    %25 = stablehlo.broadcast_in_dim %24, dims = [0, 2] : (tensor<16x8xf32>) -> tensor<16x1x8xf32>
    %26 = stablehlo.broadcast_in_dim %21, dims = [0, 1, 2] : (tensor<16x8x1xf32>) -> tensor<16x8x8xf32>
    %27 = stablehlo.broadcast_in_dim %25, dims = [0, 1, 2] : (tensor<16x1x8xf32>) -> tensor<16x8x8xf32>
    %28 = stablehlo.multiply %26, %27 : tensor<16x8x8xf32>
    %29 = stablehlo.dot_general %28, %0, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x8x8xf32>, tensor<16x32xf32>) -> tensor<8x8x32xf32>
    %30 = stablehlo.dot_general %29, %arg2, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x8x32xf32>, tensor<8x32x64xf32>) -> tensor<8x8x64xf32>
    %31 = stablehlo.multiply %30, %30 : tensor<8x8x64xf32>
    %32 = stablehlo.multiply %31, %30 : tensor<8x8x64xf32>
    %cst_7 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %33 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<8x8x64xf32>
    %34 = stablehlo.multiply %33, %32 : tensor<8x8x64xf32>
    %35 = stablehlo.add %30, %34 : tensor<8x8x64xf32>
    %cst_8 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %36 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<8x8x64xf32>
    %37 = stablehlo.multiply %36, %35 : tensor<8x8x64xf32>
    %38 = stablehlo.tanh %37 : tensor<8x8x64xf32>
    %cst_9 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %39 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<8x8x64xf32>
    %40 = stablehlo.add %39, %38 : tensor<8x8x64xf32>
    %cst_10 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %41 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<8x8x64xf32>
    %42 = stablehlo.multiply %41, %40 : tensor<8x8x64xf32>
    %43 = stablehlo.multiply %30, %42 : tensor<8x8x64xf32>
    %44 = stablehlo.dot_general %43, %arg3, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x8x64xf32>, tensor<8x64x32xf32>) -> tensor<8x8x32xf32>
    %45 = stablehlo.multiply %12, %16 : tensor<16x8xf32>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %46 = stablehlo.reduce(%45 init: %cst_11) applies stablehlo.add across dimensions = [1] : (tensor<16x8xf32>, tensor<f32>) -> tensor<16xf32>
    %47 = stablehlo.dot_general %28, %44, contracting_dims = [2, 1] x [1, 0], precision = [DEFAULT, DEFAULT] : (tensor<16x8x8xf32>, tensor<8x8x32xf32>) -> tensor<16x32xf32>
    %48 = stablehlo.broadcast_in_dim %46, dims = [0] : (tensor<16xf32>) -> tensor<16x1xf32>
    %49 = stablehlo.broadcast_in_dim %48, dims = [0, 1] : (tensor<16x1xf32>) -> tensor<16x32xf32>
    %50 = stablehlo.multiply %47, %49 : tensor<16x32xf32>
    %51 = stablehlo.add %13, %50 : tensor<16x32xf32>
    %52 = stablehlo.slice %indices [0:16, 1:2] : (tensor<16x2xi32>) -> tensor<16x1xi32>
    %53 = stablehlo.reshape %52 : (tensor<16x1xi32>) -> tensor<16xi32>
    %54 = call @_one_hot(%53) : (tensor<16xi32>) -> tensor<16x8xf32>
    %55 = stablehlo.dot_general %cst_0, %54, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x16xf32>, tensor<16x8xf32>) -> tensor<16x8xf32>
    %cst_12 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %56 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<16x8xf32>
    %57 = stablehlo.subtract %55, %56 : tensor<16x8xf32>
    %58 = stablehlo.multiply %57, %54 : tensor<16x8xf32>
    %59 = stablehlo.broadcast_in_dim %54, dims = [0, 1] : (tensor<16x8xf32>) -> tensor<16x8x1xf32>
    %cst_13 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %60 = stablehlo.reduce(%58 init: %cst_13) applies stablehlo.add across dimensions = [1] : (tensor<16x8xf32>, tensor<f32>) -> tensor<16xf32>
    %61 = stablehlo.convert %60 : (tensor<16xf32>) -> tensor<16xi32>
    %62 = call @_one_hot(%61) : (tensor<16xi32>) -> tensor<16x8xf32>
    %63 = stablehlo.broadcast_in_dim %62, dims = [0, 2] : (tensor<16x8xf32>) -> tensor<16x1x8xf32>
    %64 = stablehlo.broadcast_in_dim %59, dims = [0, 1, 2] : (tensor<16x8x1xf32>) -> tensor<16x8x8xf32>
    %65 = stablehlo.broadcast_in_dim %63, dims = [0, 1, 2] : (tensor<16x1x8xf32>) -> tensor<16x8x8xf32>
    %66 = stablehlo.multiply %64, %65 : tensor<16x8x8xf32>
    %67 = stablehlo.dot_general %66, %0, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x8x8xf32>, tensor<16x32xf32>) -> tensor<8x8x32xf32>
    %68 = stablehlo.dot_general %67, %arg2, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x8x32xf32>, tensor<8x32x64xf32>) -> tensor<8x8x64xf32>
    %69 = stablehlo.multiply %68, %68 : tensor<8x8x64xf32>
    %70 = stablehlo.multiply %69, %68 : tensor<8x8x64xf32>
    %cst_14 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %71 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<8x8x64xf32>
    %72 = stablehlo.multiply %71, %70 : tensor<8x8x64xf32>
    %73 = stablehlo.add %68, %72 : tensor<8x8x64xf32>
    %cst_15 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %74 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<8x8x64xf32>
    %75 = stablehlo.multiply %74, %73 : tensor<8x8x64xf32>
    %76 = stablehlo.tanh %75 : tensor<8x8x64xf32>
    %cst_16 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %77 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<8x8x64xf32>
    %78 = stablehlo.add %77, %76 : tensor<8x8x64xf32>
    %cst_17 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %79 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<8x8x64xf32>
    %80 = stablehlo.multiply %79, %78 : tensor<8x8x64xf32>
    %81 = stablehlo.multiply %68, %80 : tensor<8x8x64xf32>
    %82 = stablehlo.dot_general %81, %arg3, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x8x64xf32>, tensor<8x64x32xf32>) -> tensor<8x8x32xf32>
    %83 = stablehlo.multiply %12, %54 : tensor<16x8xf32>
    %cst_18 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %84 = stablehlo.reduce(%83 init: %cst_18) applies stablehlo.add across dimensions = [1] : (tensor<16x8xf32>, tensor<f32>) -> tensor<16xf32>
    %85 = stablehlo.dot_general %66, %82, contracting_dims = [2, 1] x [1, 0], precision = [DEFAULT, DEFAULT] : (tensor<16x8x8xf32>, tensor<8x8x32xf32>) -> tensor<16x32xf32>
    %86 = stablehlo.broadcast_in_dim %84, dims = [0] : (tensor<16xf32>) -> tensor<16x1xf32>
    %87 = stablehlo.broadcast_in_dim %86, dims = [0, 1] : (tensor<16x1xf32>) -> tensor<16x32xf32>
    %88 = stablehlo.multiply %85, %87 : tensor<16x32xf32>
    %89 = stablehlo.add %51, %88 : tensor<16x32xf32>
    %90 = stablehlo.reshape %89 : (tensor<16x32xf32>) -> tensor<2x8x32xf32>
    return %90 : tensor<2x8x32xf32>
  }
  func.func private @_one_hot(%arg0: tensor<16xi32>) -> tensor<16x8xf32> {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [0] : (tensor<16xi32>) -> tensor<16x1xi32>
    %1 = stablehlo.iota dim = 1 : tensor<1x8xi32>
    %2 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<16x1xi32>) -> tensor<16x8xi32>
    %3 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<1x8xi32>) -> tensor<16x8xi32>
    %4 = stablehlo.compare EQ, %2, %3, SIGNED : (tensor<16x8xi32>, tensor<16x8xi32>) -> tensor<16x8xi1>
    %5 = stablehlo.convert %4 : (tensor<16x8xi1>) -> tensor<16x8xf32>
    return %5 : tensor<16x8xf32>
  }
}
