module @jit_moe attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["data"=2, "model"=4]> {stablehlo.mesh = {axes = [{name = "data", size = 2 : i64}, {name = "model", size = 4 : i64}]}}
  func.func public @main(%arg0: tensor<2x8x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}, {}]>}, %arg1: tensor<64x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, %arg2: tensor<4x64x128xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}, {}]>}, %arg3: tensor<4x128xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}]>}, %arg4: tensor<4x128x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}, {}]>}, %arg5: tensor<4x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}]>}) -> (tensor<2x8x64xf32> {jax.result_info = "result", sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}, {}]>}) {
    %cst = stablehlo.constant dense<"0x0000803F0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F000000000000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F00000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F00000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F00000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F"> : tensor<16x16xf32>
    %0 = stablehlo.reshape %arg0 : (tensor<2x8x64xf32>) -> tensor<16x64xf32>
    %1 = stablehlo.dot_general %0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x64xf32>, tensor<64x4xf32>) -> tensor<16x4xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %2 = stablehlo.reduce(%1 init: %cst_0) applies stablehlo.maximum across dimensions = [1] : (tensor<16x4xf32>, tensor<f32>) -> tensor<16xf32>
    %cst_1 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %4 = stablehlo.maximum %3, %2 : tensor<16xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<16xf32>) -> tensor<16x1xf32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [0, 1] : (tensor<16x1xf32>) -> tensor<16x4xf32>
    %7 = stablehlo.subtract %1, %6 : tensor<16x4xf32>
    %8 = stablehlo.exponential %7 : tensor<16x4xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %9 = stablehlo.reduce(%8 init: %cst_2) applies stablehlo.add across dimensions = [1] : (tensor<16x4xf32>, tensor<f32>) -> tensor<16xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0] : (tensor<16xf32>) -> tensor<16x1xf32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [0, 1] : (tensor<16x1xf32>) -> tensor<16x4xf32>
    %12 = stablehlo.divide %8, %11 : tensor<16x4xf32>
    %13 = call @argmax(%12) : (tensor<16x4xf32>) -> tensor<16xi32>
    %14 = call @_one_hot(%13) : (tensor<16xi32>) -> tensor<16x4xf32>
    %15 = stablehlo.dot_general %cst, %14, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x16xf32>, tensor<16x4xf32>) -> tensor<16x4xf32>
    %cst_3 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %16 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<16x4xf32>
    %17 = stablehlo.subtract %15, %16 : tensor<16x4xf32>
    %18 = stablehlo.multiply %17, %14 : tensor<16x4xf32>
    %19 = stablehlo.broadcast_in_dim %14, dims = [0, 1] : (tensor<16x4xf32>) -> tensor<16x4x1xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %20 = stablehlo.reduce(%18 init: %cst_4) applies stablehlo.add across dimensions = [1] : (tensor<16x4xf32>, tensor<f32>) -> tensor<16xf32>
    %21 = stablehlo.convert %20 : (tensor<16xf32>) -> tensor<16xi32>
    %22 = call @_one_hot_0(%21) : (tensor<16xi32>) -> tensor<16x8xf32>
    %23 = stablehlo.broadcast_in_dim %22, dims = [0, 2] : (tensor<16x8xf32>) -> tensor<16x1x8xf32>
    %24 = stablehlo.broadcast_in_dim %19, dims = [0, 1, 2] : (tensor<16x4x1xf32>) -> tensor<16x4x8xf32>
    %25 = stablehlo.broadcast_in_dim %23, dims = [0, 1, 2] : (tensor<16x1x8xf32>) -> tensor<16x4x8xf32>
    %26 = stablehlo.multiply %24, %25 : tensor<16x4x8xf32>
    %27 = stablehlo.dot_general %26, %0, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x4x8xf32>, tensor<16x64xf32>) -> tensor<4x8x64xf32>
    %28 = stablehlo.dot_general %27, %arg2, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x8x64xf32>, tensor<4x64x128xf32>) -> tensor<4x8x128xf32>
    %29 = stablehlo.broadcast_in_dim %arg3, dims = [0, 2] : (tensor<4x128xf32>) -> tensor<4x1x128xf32>
    %30 = stablehlo.broadcast_in_dim %29, dims = [0, 1, 2] : (tensor<4x1x128xf32>) -> tensor<4x8x128xf32>
    %31 = stablehlo.add %28, %30 : tensor<4x8x128xf32>
    %32 = call @relu(%31) : (tensor<4x8x128xf32>) -> tensor<4x8x128xf32>
    %33 = stablehlo.dot_general %32, %arg4, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x8x128xf32>, tensor<4x128x64xf32>) -> tensor<4x8x64xf32>
    %34 = stablehlo.broadcast_in_dim %arg5, dims = [0, 2] : (tensor<4x64xf32>) -> tensor<4x1x64xf32>
    %35 = stablehlo.broadcast_in_dim %34, dims = [0, 1, 2] : (tensor<4x1x64xf32>) -> tensor<4x8x64xf32>
    %36 = stablehlo.add %33, %35 : tensor<4x8x64xf32>
    %37 = stablehlo.multiply %12, %14 : tensor<16x4xf32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %38 = stablehlo.reduce(%37 init: %cst_5) applies stablehlo.add across dimensions = [1] : (tensor<16x4xf32>, tensor<f32>) -> tensor<16xf32>
    %39 = stablehlo.dot_general %26, %36, contracting_dims = [2, 1] x [1, 0], precision = [DEFAULT, DEFAULT] : (tensor<16x4x8xf32>, tensor<4x8x64xf32>) -> tensor<16x64xf32>
    %40 = stablehlo.broadcast_in_dim %38, dims = [0] : (tensor<16xf32>) -> tensor<16x1xf32>
    %41 = stablehlo.broadcast_in_dim %40, dims = [0, 1] : (tensor<16x1xf32>) -> tensor<16x64xf32>
    %42 = stablehlo.multiply %39, %41 : tensor<16x64xf32>
    %43 = stablehlo.reshape %42 : (tensor<16x64xf32>) -> tensor<2x8x64xf32>
    return %43 : tensor<2x8x64xf32>
  }
  func.func private @argmax(%arg0: tensor<16x4xf32>) -> tensor<16xi32> {
    %0 = stablehlo.iota dim = 1 : tensor<16x4xi32>
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1:2 = stablehlo.reduce(%arg0 init: %cst), (%0 init: %c) across dimensions = [1] : (tensor<16x4xf32>, tensor<16x4xi32>, tensor<f32>, tensor<i32>) -> (tensor<16xf32>, tensor<16xi32>)
     reducer(%arg1: tensor<f32>, %arg3: tensor<f32>) (%arg2: tensor<i32>, %arg4: tensor<i32>)  {
      %2 = stablehlo.compare GT, %arg1, %arg3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %3 = stablehlo.compare NE, %arg1, %arg1, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %4 = stablehlo.or %2, %3 : tensor<i1>
      %5 = stablehlo.compare EQ, %arg1, %arg3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %6 = stablehlo.compare LT, %arg2, %arg4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %7 = stablehlo.and %5, %6 : tensor<i1>
      %8 = stablehlo.or %4, %7 : tensor<i1>
      %9 = stablehlo.select %4, %arg1, %arg3 : tensor<i1>, tensor<f32>
      %10 = stablehlo.select %8, %arg2, %arg4 : tensor<i1>, tensor<i32>
      stablehlo.return %9, %10 : tensor<f32>, tensor<i32>
    }
    return %1#1 : tensor<16xi32>
  }
  func.func private @_one_hot(%arg0: tensor<16xi32>) -> tensor<16x4xf32> {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [0] : (tensor<16xi32>) -> tensor<16x1xi32>
    %1 = stablehlo.iota dim = 1 : tensor<1x4xi32>
    %2 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<16x1xi32>) -> tensor<16x4xi32>
    %3 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<1x4xi32>) -> tensor<16x4xi32>
    %4 = stablehlo.compare EQ, %2, %3, SIGNED : (tensor<16x4xi32>, tensor<16x4xi32>) -> tensor<16x4xi1>
    %5 = stablehlo.convert %4 : (tensor<16x4xi1>) -> tensor<16x4xf32>
    return %5 : tensor<16x4xf32>
  }
  func.func private @_one_hot_0(%arg0: tensor<16xi32>) -> tensor<16x8xf32> {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [0] : (tensor<16xi32>) -> tensor<16x1xi32>
    %1 = stablehlo.iota dim = 1 : tensor<1x8xi32>
    %2 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<16x1xi32>) -> tensor<16x8xi32>
    %3 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<1x8xi32>) -> tensor<16x8xi32>
    %4 = stablehlo.compare EQ, %2, %3, SIGNED : (tensor<16x8xi32>, tensor<16x8xi32>) -> tensor<16x8xi1>
    %5 = stablehlo.convert %4 : (tensor<16x8xi1>) -> tensor<16x8xf32>
    return %5 : tensor<16x8xf32>
  }
  func.func private @relu(%arg0: tensor<4x8x128xf32>) -> tensor<4x8x128xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x8x128xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<4x8x128xf32>
    return %1 : tensor<4x8x128xf32>
  }
}
