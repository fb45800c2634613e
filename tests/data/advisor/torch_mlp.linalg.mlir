module @torch_mlp {
  util.func public @main(%arg0: tensor<4x8x16xf32>, %arg1: tensor<16x32xf32>, %arg2: tensor<32x16xf32>) -> tensor<4x8x16xf32> {
    %cst_0 = arith.constant 0.000000e+00 : f32
    %cst_ninf = arith.constant 0xFF800000 : f32
    %cst_scale = arith.constant 0.353553385 : f32
    %cst_1 = arith.constant 1.000000e+00 : f32
    %0 = tensor.empty() : tensor<4x16x32xf32>
    %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg1 : tensor<16x32xf32>) outs(%0 : tensor<4x16x32xf32>) {
    ^bb0(%in0: f32, %out: f32):
      linalg.yield %in0 : f32
    } -> tensor<4x16x32xf32>
    %2 = tensor.empty() : tensor<4x8x32xf32>
    %3 = linalg.fill ins(%cst_0 : f32) outs(%2 : tensor<4x8x32xf32>) -> tensor<4x8x32xf32>
    %4 = linalg.batch_matmul ins(%arg0, %1 : tensor<4x8x16xf32>, tensor<4x16x32xf32>) outs(%3 : tensor<4x8x32xf32>) -> tensor<4x8x32xf32>
    %5 = tensor.empty() : tensor<4x8x32xf32>
    %6 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%4 : tensor<4x8x32xf32>) outs(%5 : tensor<4x8x32xf32>) {
    ^bb0(%in0: f32, %out: f32):
      %r = arith.maximumf %in0, %cst_0 : f32
      linalg.yield %r : f32
    } -> tensor<4x8x32xf32>
    %7 = tensor.empty() : tensor<4x32x16xf32>
    %8 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg2 : tensor<32x16xf32>) outs(%7 : tensor<4x32x16xf32>) {
    ^bb0(%in0: f32, %out: f32):
      linalg.yield %in0 : f32
    } -> tensor<4x32x16xf32>
    %9 = tensor.empty() : tensor<4x8x16xf32>
    %10 = linalg.fill ins(%cst_0 : f32) outs(%9 : tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
    %11 = linalg.batch_matmul ins(%6, %8 : tensor<4x8x32xf32>, tensor<4x32x16xf32>) outs(%10 : tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
    util.return %11 : tensor<4x8x16xf32>
  }
}
