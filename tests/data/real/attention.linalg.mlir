module @jit_attention {
  util.func public @main(%arg0: tensor<2x16x64xf32>, %arg1: tensor<64x64xf32>, %arg2: tensor<64x64xf32>, %arg3: tensor<64x64xf32>, %arg4: tensor<64x64xf32>) -> tensor<2x16x64xf32> {
    %cst = arith.constant 0xFF800000 : f32
    %cst_0 = arith.constant 4.000000e+00 : f32
    %cst_1 = arith.constant 0.000000e+00 : f32
    %collapsed = tensor.collapse_shape %arg0 [[0, 1], [2]] : tensor<2x16x64xf32> into tensor<32x64xf32>
    %0 = tensor.empty() : tensor<32x64xf32>
    %1 = linalg.fill ins(%cst_1 : f32) outs(%0 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %2 = linalg.matmul ins(%collapsed, %arg1 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%1 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %expanded = tensor.expand_shape %2 [[0, 1], [2, 3]] output_shape [2, 16, 4, 16] : tensor<32x64xf32> into tensor<2x16x4x16xf32>
    %3 = tensor.empty() : tensor<2x4x16x16xf32>
    %4 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded : tensor<2x16x4x16xf32>) outs(%3 : tensor<2x4x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x4x16x16xf32>
    %5 = tensor.empty() : tensor<32x64xf32>
    %6 = linalg.fill ins(%cst_1 : f32) outs(%5 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %7 = linalg.matmul ins(%collapsed, %arg2 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%6 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %expanded_2 = tensor.expand_shape %7 [[0, 1], [2, 3]] output_shape [2, 16, 4, 16] : tensor<32x64xf32> into tensor<2x16x4x16xf32>
    %8 = tensor.empty() : tensor<2x4x16x16xf32>
    %9 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_2 : tensor<2x16x4x16xf32>) outs(%8 : tensor<2x4x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x4x16x16xf32>
    %10 = tensor.empty() : tensor<32x64xf32>
    %11 = linalg.fill ins(%cst_1 : f32) outs(%10 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %12 = linalg.matmul ins(%collapsed, %arg3 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%11 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %expanded_3 = tensor.expand_shape %12 [[0, 1], [2, 3]] output_shape [2, 16, 4, 16] : tensor<32x64xf32> into tensor<2x16x4x16xf32>
    %13 = tensor.empty() : tensor<2x4x16x16xf32>
    %14 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_3 : tensor<2x16x4x16xf32>) outs(%13 : tensor<2x4x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x4x16x16xf32>
    %15 = tensor.empty() : tensor<2x4x16x16xf32>
    %16 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%9 : tensor<2x4x16x16xf32>) outs(%15 : tensor<2x4x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x4x16x16xf32>
    %collapsed_4 = tensor.collapse_shape %4 [[0, 1], [2], [3]] : tensor<2x4x16x16xf32> into tensor<8x16x16xf32>
    %collapsed_5 = tensor.collapse_shape %16 [[0, 1], [2], [3]] : tensor<2x4x16x16xf32> into tensor<8x16x16xf32>
    %17 = tensor.empty() : tensor<8x16x16xf32>
    %18 = linalg.fill ins(%cst_1 : f32) outs(%17 : tensor<8x16x16xf32>) -> tensor<8x16x16xf32>
    %19 = linalg.batch_matmul ins(%collapsed_4, %collapsed_5 : tensor<8x16x16xf32>, tensor<8x16x16xf32>) outs(%18 : tensor<8x16x16xf32>) -> tensor<8x16x16xf32>
    %expanded_6 = tensor.expand_shape %19 [[0, 1], [2], [3]] output_shape [2, 4, 16, 16] : tensor<8x16x16xf32> into tensor<2x4x16x16xf32>
    %20 = tensor.empty() : tensor<2x4x16x16xf32>
    %21 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_6 : tensor<2x4x16x16xf32>) outs(%20 : tensor<2x4x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %46 = arith.divf %in, %cst_0 : f32
      linalg.yield %46 : f32
    } -> tensor<2x4x16x16xf32>
    %22 = tensor.empty() : tensor<2x4x16xf32>
    %23 = linalg.fill ins(%cst : f32) outs(%22 : tensor<2x4x16xf32>) -> tensor<2x4x16xf32>
    %24 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%21 : tensor<2x4x16x16xf32>) outs(%23 : tensor<2x4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %46 = arith.maximumf %out, %in : f32
      linalg.yield %46 : f32
    } -> tensor<2x4x16xf32>
    %25 = tensor.empty() : tensor<2x4x16x16xf32>
    %26 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%24 : tensor<2x4x16xf32>) outs(%25 : tensor<2x4x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x4x16x16xf32>
    %27 = tensor.empty() : tensor<2x4x16x16xf32>
    %28 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%21, %26 : tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>) outs(%27 : tensor<2x4x16x16xf32>) {
    ^bb0(%in: f32, %in_12: f32, %out: f32):
      %46 = arith.subf %in, %in_12 : f32
      linalg.yield %46 : f32
    } -> tensor<2x4x16x16xf32>
    %29 = tensor.empty() : tensor<2x4x16x16xf32>
    %30 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%28 : tensor<2x4x16x16xf32>) outs(%29 : tensor<2x4x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %46 = math.exp %in : f32
      linalg.yield %46 : f32
    } -> tensor<2x4x16x16xf32>
    %31 = tensor.empty() : tensor<2x4x16xf32>
    %32 = linalg.fill ins(%cst_1 : f32) outs(%31 : tensor<2x4x16xf32>) -> tensor<2x4x16xf32>
    %33 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%30 : tensor<2x4x16x16xf32>) outs(%32 : tensor<2x4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %46 = arith.addf %out, %in : f32
      linalg.yield %46 : f32
    } -> tensor<2x4x16xf32>
    %34 = tensor.empty() : tensor<2x4x16x16xf32>
    %35 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%33 : tensor<2x4x16xf32>) outs(%34 : tensor<2x4x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x4x16x16xf32>
    %36 = tensor.empty() : tensor<2x4x16x16xf32>
    %37 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%30, %35 : tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>) outs(%36 : tensor<2x4x16x16xf32>) {
    ^bb0(%in: f32, %in_12: f32, %out: f32):
      %46 = arith.divf %in, %in_12 : f32
      linalg.yield %46 : f32
    } -> tensor<2x4x16x16xf32>
    %collapsed_7 = tensor.collapse_shape %37 [[0, 1], [2], [3]] : tensor<2x4x16x16xf32> into tensor<8x16x16xf32>
    %collapsed_8 = tensor.collapse_shape %14 [[0, 1], [2], [3]] : tensor<2x4x16x16xf32> into tensor<8x16x16xf32>
    %38 = tensor.empty() : tensor<8x16x16xf32>
    %39 = linalg.fill ins(%cst_1 : f32) outs(%38 : tensor<8x16x16xf32>) -> tensor<8x16x16xf32>
    %40 = linalg.batch_matmul ins(%collapsed_7, %collapsed_8 : tensor<8x16x16xf32>, tensor<8x16x16xf32>) outs(%39 : tensor<8x16x16xf32>) -> tensor<8x16x16xf32>
    %expanded_9 = tensor.expand_shape %40 [[0, 1], [2], [3]] output_shape [2, 4, 16, 16] : tensor<8x16x16xf32> into tensor<2x4x16x16xf32>
    %41 = tensor.empty() : tensor<2x16x4x16xf32>
    %42 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_9 : tensor<2x4x16x16xf32>) outs(%41 : tensor<2x16x4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x4x16xf32>
    %collapsed_10 = tensor.collapse_shape %42 [[0, 1], [2, 3]] : tensor<2x16x4x16xf32> into tensor<32x64xf32>
    %43 = tensor.empty() : tensor<32x64xf32>
    %44 = linalg.fill ins(%cst_1 : f32) outs(%43 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %45 = linalg.matmul ins(%collapsed_10, %arg4 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%44 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %expanded_11 = tensor.expand_shape %45 [[0, 1], [2]] output_shape [2, 16, 64] : tensor<32x64xf32> into tensor<2x16x64xf32>
    util.return %expanded_11 : tensor<2x16x64xf32>
  }
}