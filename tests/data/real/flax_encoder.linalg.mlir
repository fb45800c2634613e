module @jit_encoder {
  util.func public @main(%arg0: tensor<4x16xf32>, %arg1: tensor<64x4x16xf32>, %arg2: tensor<64xf32>, %arg3: tensor<4x16x64xf32>, %arg4: tensor<4x16xf32>, %arg5: tensor<64x4x16xf32>, %arg6: tensor<4x16xf32>, %arg7: tensor<64x4x16xf32>, %arg8: tensor<128xf32>, %arg9: tensor<64x128xf32>, %arg10: tensor<64xf32>, %arg11: tensor<128x64xf32>, %arg12: tensor<64xf32>, %arg13: tensor<64xf32>, %arg14: tensor<64xf32>, %arg15: tensor<64xf32>, %arg16: tensor<2x16x64xf32>) -> tensor<2x16x64xf32> {
    %cst = arith.constant 4.000000e+00 : f32
    %cst_0 = arith.constant 5.000000e-01 : f32
    %cst_1 = arith.constant 1.000000e+00 : f32
    %cst_2 = arith.constant 0.797884583 : f32
    %cst_3 = arith.constant 4.471500e-02 : f32
    %cst_4 = arith.constant 9.99999997E-7 : f32
    %cst_5 = arith.constant 6.400000e+01 : f32
    %cst_6 = arith.constant 0xFF800000 : f32
    %cst_7 = arith.constant 0.000000e+00 : f32
    %collapsed = tensor.collapse_shape %arg16 [[0, 1], [2]] : tensor<2x16x64xf32> into tensor<32x64xf32>
    %collapsed_8 = tensor.collapse_shape %arg5 [[0], [1, 2]] : tensor<64x4x16xf32> into tensor<64x64xf32>
    %0 = tensor.empty() : tensor<32x64xf32>
    %1 = linalg.fill ins(%cst_7 : f32) outs(%0 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %2 = linalg.matmul ins(%collapsed, %collapsed_8 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%1 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %expanded = tensor.expand_shape %2 [[0, 1], [2, 3]] output_shape [2, 16, 4, 16] : tensor<32x64xf32> into tensor<2x16x4x16xf32>
    %expanded_9 = tensor.expand_shape %arg4 [[0, 1, 2], [3]] output_shape [1, 1, 4, 16] : tensor<4x16xf32> into tensor<1x1x4x16xf32>
    %3 = tensor.empty() : tensor<2x16x4x16xf32>
    %4 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (0, 0, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_9 : tensor<1x1x4x16xf32>) outs(%3 : tensor<2x16x4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x4x16xf32>
    %5 = tensor.empty() : tensor<2x16x4x16xf32>
    %6 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded, %4 : tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) outs(%5 : tensor<2x16x4x16xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %178 = arith.addf %in, %in_38 : f32
      linalg.yield %178 : f32
    } -> tensor<2x16x4x16xf32>
    %collapsed_10 = tensor.collapse_shape %arg1 [[0], [1, 2]] : tensor<64x4x16xf32> into tensor<64x64xf32>
    %7 = tensor.empty() : tensor<32x64xf32>
    %8 = linalg.fill ins(%cst_7 : f32) outs(%7 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %9 = linalg.matmul ins(%collapsed, %collapsed_10 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%8 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %expanded_11 = tensor.expand_shape %9 [[0, 1], [2, 3]] output_shape [2, 16, 4, 16] : tensor<32x64xf32> into tensor<2x16x4x16xf32>
    %expanded_12 = tensor.expand_shape %arg0 [[0, 1, 2], [3]] output_shape [1, 1, 4, 16] : tensor<4x16xf32> into tensor<1x1x4x16xf32>
    %10 = tensor.empty() : tensor<2x16x4x16xf32>
    %11 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (0, 0, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_12 : tensor<1x1x4x16xf32>) outs(%10 : tensor<2x16x4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x4x16xf32>
    %12 = tensor.empty() : tensor<2x16x4x16xf32>
    %13 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_11, %11 : tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) outs(%12 : tensor<2x16x4x16xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %178 = arith.addf %in, %in_38 : f32
      linalg.yield %178 : f32
    } -> tensor<2x16x4x16xf32>
    %collapsed_13 = tensor.collapse_shape %arg7 [[0], [1, 2]] : tensor<64x4x16xf32> into tensor<64x64xf32>
    %14 = tensor.empty() : tensor<32x64xf32>
    %15 = linalg.fill ins(%cst_7 : f32) outs(%14 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %16 = linalg.matmul ins(%collapsed, %collapsed_13 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%15 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %expanded_14 = tensor.expand_shape %16 [[0, 1], [2, 3]] output_shape [2, 16, 4, 16] : tensor<32x64xf32> into tensor<2x16x4x16xf32>
    %expanded_15 = tensor.expand_shape %arg6 [[0, 1, 2], [3]] output_shape [1, 1, 4, 16] : tensor<4x16xf32> into tensor<1x1x4x16xf32>
    %17 = tensor.empty() : tensor<2x16x4x16xf32>
    %18 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (0, 0, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_15 : tensor<1x1x4x16xf32>) outs(%17 : tensor<2x16x4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x4x16xf32>
    %19 = tensor.empty() : tensor<2x16x4x16xf32>
    %20 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_14, %18 : tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) outs(%19 : tensor<2x16x4x16xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %178 = arith.addf %in, %in_38 : f32
      linalg.yield %178 : f32
    } -> tensor<2x16x4x16xf32>
    %21 = tensor.empty() : tensor<f32>
    %22 = linalg.generic {indexing_maps = [affine_map<() -> ()>], iterator_types = []} outs(%21 : tensor<f32>) {
    ^bb0(%out: f32):
      linalg.yield %cst : f32
    } -> tensor<f32>
    %23 = tensor.empty() : tensor<2x16x4x16xf32>
    %24 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> ()>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%22 : tensor<f32>) outs(%23 : tensor<2x16x4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x4x16xf32>
    %25 = tensor.empty() : tensor<2x16x4x16xf32>
    %26 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%6, %24 : tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) outs(%25 : tensor<2x16x4x16xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %178 = arith.divf %in, %in_38 : f32
      linalg.yield %178 : f32
    } -> tensor<2x16x4x16xf32>
    %27 = tensor.empty() : tensor<2x4x16x16xf32>
    %28 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%26 : tensor<2x16x4x16xf32>) outs(%27 : tensor<2x4x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x4x16x16xf32>
    %29 = tensor.empty() : tensor<2x4x16x16xf32>
    %30 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%13 : tensor<2x16x4x16xf32>) outs(%29 : tensor<2x4x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x4x16x16xf32>
    %collapsed_16 = tensor.collapse_shape %28 [[0, 1], [2], [3]] : tensor<2x4x16x16xf32> into tensor<8x16x16xf32>
    %collapsed_17 = tensor.collapse_shape %30 [[0, 1], [2], [3]] : tensor<2x4x16x16xf32> into tensor<8x16x16xf32>
    %31 = tensor.empty() : tensor<8x16x16xf32>
    %32 = linalg.fill ins(%cst_7 : f32) outs(%31 : tensor<8x16x16xf32>) -> tensor<8x16x16xf32>
    %33 = linalg.batch_matmul ins(%collapsed_16, %collapsed_17 : tensor<8x16x16xf32>, tensor<8x16x16xf32>) outs(%32 : tensor<8x16x16xf32>) -> tensor<8x16x16xf32>
    %expanded_18 = tensor.expand_shape %33 [[0, 1], [2], [3]] output_shape [2, 4, 16, 16] : tensor<8x16x16xf32> into tensor<2x4x16x16xf32>
    %34 = tensor.empty() : tensor<2x4x16xf32>
    %35 = linalg.fill ins(%cst_6 : f32) outs(%34 : tensor<2x4x16xf32>) -> tensor<2x4x16xf32>
    %36 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%expanded_18 : tensor<2x4x16x16xf32>) outs(%35 : tensor<2x4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %178 = arith.maximumf %out, %in : f32
      linalg.yield %178 : f32
    } -> tensor<2x4x16xf32>
    %37 = tensor.empty() : tensor<2x4x16x16xf32>
    %38 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%36 : tensor<2x4x16xf32>) outs(%37 : tensor<2x4x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x4x16x16xf32>
    %39 = tensor.empty() : tensor<2x4x16x16xf32>
    %40 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_18, %38 : tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>) outs(%39 : tensor<2x4x16x16xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %178 = arith.subf %in, %in_38 : f32
      linalg.yield %178 : f32
    } -> tensor<2x4x16x16xf32>
    %41 = tensor.empty() : tensor<2x4x16x16xf32>
    %42 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%40 : tensor<2x4x16x16xf32>) outs(%41 : tensor<2x4x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %178 = math.exp %in : f32
      linalg.yield %178 : f32
    } -> tensor<2x4x16x16xf32>
    %43 = tensor.empty() : tensor<2x4x16xf32>
    %44 = linalg.fill ins(%cst_7 : f32) outs(%43 : tensor<2x4x16xf32>) -> tensor<2x4x16xf32>
    %45 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%42 : tensor<2x4x16x16xf32>) outs(%44 : tensor<2x4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %178 = arith.addf %out, %in : f32
      linalg.yield %178 : f32
    } -> tensor<2x4x16xf32>
    %46 = tensor.empty() : tensor<2x4x16x16xf32>
    %47 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%45 : tensor<2x4x16xf32>) outs(%46 : tensor<2x4x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x4x16x16xf32>
    %48 = tensor.empty() : tensor<2x4x16x16xf32>
    %49 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%42, %47 : tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>) outs(%48 : tensor<2x4x16x16xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %178 = arith.divf %in, %in_38 : f32
      linalg.yield %178 : f32
    } -> tensor<2x4x16x16xf32>
    %50 = tensor.empty() : tensor<2x4x16x16xf32>
    %51 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%20 : tensor<2x16x4x16xf32>) outs(%50 : tensor<2x4x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x4x16x16xf32>
    %52 = tensor.empty() : tensor<2x4x16x16xf32>
    %53 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%49 : tensor<2x4x16x16xf32>) outs(%52 : tensor<2x4x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x4x16x16xf32>
    %collapsed_19 = tensor.collapse_shape %51 [[0, 1], [2], [3]] : tensor<2x4x16x16xf32> into tensor<8x16x16xf32>
    %collapsed_20 = tensor.collapse_shape %53 [[0, 1], [2], [3]] : tensor<2x4x16x16xf32> into tensor<8x16x16xf32>
    %54 = tensor.empty() : tensor<8x16x16xf32>
    %55 = linalg.fill ins(%cst_7 : f32) outs(%54 : tensor<8x16x16xf32>) -> tensor<8x16x16xf32>
    %56 = linalg.batch_matmul ins(%collapsed_19, %collapsed_20 : tensor<8x16x16xf32>, tensor<8x16x16xf32>) outs(%55 : tensor<8x16x16xf32>) -> tensor<8x16x16xf32>
    %expanded_21 = tensor.expand_shape %56 [[0, 1], [2], [3]] output_shape [2, 4, 16, 16] : tensor<8x16x16xf32> into tensor<2x4x16x16xf32>
    %57 = tensor.empty() : tensor<2x16x4x16xf32>
    %58 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_21 : tensor<2x4x16x16xf32>) outs(%57 : tensor<2x16x4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x4x16xf32>
    %collapsed_22 = tensor.collapse_shape %58 [[0, 1], [2, 3]] : tensor<2x16x4x16xf32> into tensor<32x64xf32>
    %collapsed_23 = tensor.collapse_shape %arg3 [[0, 1], [2]] : tensor<4x16x64xf32> into tensor<64x64xf32>
    %59 = tensor.empty() : tensor<32x64xf32>
    %60 = linalg.fill ins(%cst_7 : f32) outs(%59 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %61 = linalg.matmul ins(%collapsed_22, %collapsed_23 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%60 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %expanded_24 = tensor.expand_shape %61 [[0, 1], [2]] output_shape [2, 16, 64] : tensor<32x64xf32> into tensor<2x16x64xf32>
    %expanded_25 = tensor.expand_shape %arg2 [[0, 1, 2]] output_shape [1, 1, 64] : tensor<64xf32> into tensor<1x1x64xf32>
    %62 = tensor.empty() : tensor<2x16x64xf32>
    %63 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (0, 0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_25 : tensor<1x1x64xf32>) outs(%62 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x64xf32>
    %64 = tensor.empty() : tensor<2x16x64xf32>
    %65 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_24, %63 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%64 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %178 = arith.addf %in, %in_38 : f32
      linalg.yield %178 : f32
    } -> tensor<2x16x64xf32>
    %66 = tensor.empty() : tensor<2x16x64xf32>
    %67 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg16, %65 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%66 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %178 = arith.addf %in, %in_38 : f32
      linalg.yield %178 : f32
    } -> tensor<2x16x64xf32>
    %68 = tensor.empty() : tensor<2x16x64xf32>
    %69 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%67 : tensor<2x16x64xf32>) outs(%68 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %178 = arith.mulf %in, %in : f32
      linalg.yield %178 : f32
    } -> tensor<2x16x64xf32>
    %70 = tensor.empty() : tensor<2x16xf32>
    %71 = linalg.fill ins(%cst_7 : f32) outs(%70 : tensor<2x16xf32>) -> tensor<2x16xf32>
    %72 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%67 : tensor<2x16x64xf32>) outs(%71 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %178 = arith.addf %out, %in : f32
      linalg.yield %178 : f32
    } -> tensor<2x16xf32>
    %73 = tensor.empty() : tensor<2x16xf32>
    %74 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%72 : tensor<2x16xf32>) outs(%73 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %178 = arith.divf %in, %cst_5 : f32
      linalg.yield %178 : f32
    } -> tensor<2x16xf32>
    %75 = tensor.empty() : tensor<2x16xf32>
    %76 = linalg.fill ins(%cst_7 : f32) outs(%75 : tensor<2x16xf32>) -> tensor<2x16xf32>
    %77 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%69 : tensor<2x16x64xf32>) outs(%76 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %178 = arith.addf %out, %in : f32
      linalg.yield %178 : f32
    } -> tensor<2x16xf32>
    %78 = tensor.empty() : tensor<2x16xf32>
    %79 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%77 : tensor<2x16xf32>) outs(%78 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %178 = arith.divf %in, %cst_5 : f32
      linalg.yield %178 : f32
    } -> tensor<2x16xf32>
    %80 = tensor.empty() : tensor<2x16xf32>
    %81 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%74 : tensor<2x16xf32>) outs(%80 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %178 = arith.mulf %in, %in : f32
      linalg.yield %178 : f32
    } -> tensor<2x16xf32>
    %82 = tensor.empty() : tensor<2x16xf32>
    %83 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%79, %81 : tensor<2x16xf32>, tensor<2x16xf32>) outs(%82 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %178 = arith.subf %in, %in_38 : f32
      linalg.yield %178 : f32
    } -> tensor<2x16xf32>
    %84 = tensor.empty() : tensor<2x16xf32>
    %85 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%83 : tensor<2x16xf32>) outs(%84 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %178 = arith.maximumf %in, %cst_7 : f32
      linalg.yield %178 : f32
    } -> tensor<2x16xf32>
    %expanded_26 = tensor.expand_shape %85 [[0], [1, 2]] output_shape [2, 16, 1] : tensor<2x16xf32> into tensor<2x16x1xf32>
    %86 = tensor.empty() : tensor<2x16x64xf32>
    %87 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%74 : tensor<2x16xf32>) outs(%86 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x64xf32>
    %88 = tensor.empty() : tensor<2x16x64xf32>
    %89 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%67, %87 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%88 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %178 = arith.subf %in, %in_38 : f32
      linalg.yield %178 : f32
    } -> tensor<2x16x64xf32>
    %90 = tensor.empty() : tensor<2x16x1xf32>
    %91 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_26 : tensor<2x16x1xf32>) outs(%90 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %178 = arith.addf %in, %cst_4 : f32
      linalg.yield %178 : f32
    } -> tensor<2x16x1xf32>
    %92 = tensor.empty() : tensor<2x16x1xf32>
    %93 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%91 : tensor<2x16x1xf32>) outs(%92 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %178 = math.rsqrt %in : f32
      linalg.yield %178 : f32
    } -> tensor<2x16x1xf32>
    %expanded_27 = tensor.expand_shape %arg13 [[0, 1, 2]] output_shape [1, 1, 64] : tensor<64xf32> into tensor<1x1x64xf32>
    %94 = tensor.empty() : tensor<2x16x64xf32>
    %95 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%93 : tensor<2x16x1xf32>) outs(%94 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x64xf32>
    %96 = tensor.empty() : tensor<2x16x64xf32>
    %97 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (0, 0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_27 : tensor<1x1x64xf32>) outs(%96 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x64xf32>
    %98 = tensor.empty() : tensor<2x16x64xf32>
    %99 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%95, %97 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%98 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %178 = arith.mulf %in, %in_38 : f32
      linalg.yield %178 : f32
    } -> tensor<2x16x64xf32>
    %100 = tensor.empty() : tensor<2x16x64xf32>
    %101 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%89, %99 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%100 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %178 = arith.mulf %in, %in_38 : f32
      linalg.yield %178 : f32
    } -> tensor<2x16x64xf32>
    %expanded_28 = tensor.expand_shape %arg12 [[0, 1, 2]] output_shape [1, 1, 64] : tensor<64xf32> into tensor<1x1x64xf32>
    %102 = tensor.empty() : tensor<2x16x64xf32>
    %103 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (0, 0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_28 : tensor<1x1x64xf32>) outs(%102 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x64xf32>
    %104 = tensor.empty() : tensor<2x16x64xf32>
    %105 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%101, %103 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%104 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %178 = arith.addf %in, %in_38 : f32
      linalg.yield %178 : f32
    } -> tensor<2x16x64xf32>
    %collapsed_29 = tensor.collapse_shape %105 [[0, 1], [2]] : tensor<2x16x64xf32> into tensor<32x64xf32>
    %106 = tensor.empty() : tensor<32x128xf32>
    %107 = linalg.fill ins(%cst_7 : f32) outs(%106 : tensor<32x128xf32>) -> tensor<32x128xf32>
    %108 = linalg.matmul ins(%collapsed_29, %arg9 : tensor<32x64xf32>, tensor<64x128xf32>) outs(%107 : tensor<32x128xf32>) -> tensor<32x128xf32>
    %expanded_30 = tensor.expand_shape %108 [[0, 1], [2]] output_shape [2, 16, 128] : tensor<32x128xf32> into tensor<2x16x128xf32>
    %expanded_31 = tensor.expand_shape %arg8 [[0, 1, 2]] output_shape [1, 1, 128] : tensor<128xf32> into tensor<1x1x128xf32>
    %109 = tensor.empty() : tensor<2x16x128xf32>
    %110 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (0, 0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_31 : tensor<1x1x128xf32>) outs(%109 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x128xf32>
    %111 = tensor.empty() : tensor<2x16x128xf32>
    %112 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_30, %110 : tensor<2x16x128xf32>, tensor<2x16x128xf32>) outs(%111 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %178 = arith.addf %in, %in_38 : f32
      linalg.yield %178 : f32
    } -> tensor<2x16x128xf32>
    %113 = tensor.empty() : tensor<2x16x128xf32>
    %114 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%112 : tensor<2x16x128xf32>) outs(%113 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %178 = arith.mulf %in, %in : f32
      linalg.yield %178 : f32
    } -> tensor<2x16x128xf32>
    %115 = tensor.empty() : tensor<2x16x128xf32>
    %116 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%114, %112 : tensor<2x16x128xf32>, tensor<2x16x128xf32>) outs(%115 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %178 = arith.mulf %in, %in_38 : f32
      linalg.yield %178 : f32
    } -> tensor<2x16x128xf32>
    %117 = tensor.empty() : tensor<2x16x128xf32>
    %118 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%116 : tensor<2x16x128xf32>) outs(%117 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %178 = arith.mulf %in, %cst_3 : f32
      linalg.yield %178 : f32
    } -> tensor<2x16x128xf32>
    %119 = tensor.empty() : tensor<2x16x128xf32>
    %120 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%112, %118 : tensor<2x16x128xf32>, tensor<2x16x128xf32>) outs(%119 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %178 = arith.addf %in, %in_38 : f32
      linalg.yield %178 : f32
    } -> tensor<2x16x128xf32>
    %121 = tensor.empty() : tensor<2x16x128xf32>
    %122 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%120 : tensor<2x16x128xf32>) outs(%121 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %178 = arith.mulf %in, %cst_2 : f32
      linalg.yield %178 : f32
    } -> tensor<2x16x128xf32>
    %123 = tensor.empty() : tensor<2x16x128xf32>
    %124 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%122 : tensor<2x16x128xf32>) outs(%123 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %178 = math.tanh %in : f32
      linalg.yield %178 : f32
    } -> tensor<2x16x128xf32>
    %125 = tensor.empty() : tensor<2x16x128xf32>
    %126 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%124 : tensor<2x16x128xf32>) outs(%125 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %178 = arith.addf %in, %cst_1 : f32
      linalg.yield %178 : f32
    } -> tensor<2x16x128xf32>
    %127 = tensor.empty() : tensor<2x16x128xf32>
    %128 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%126 : tensor<2x16x128xf32>) outs(%127 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %178 = arith.mulf %in, %cst_0 : f32
      linalg.yield %178 : f32
    } -> tensor<2x16x128xf32>
    %129 = tensor.empty() : tensor<2x16x128xf32>
    %130 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%112, %128 : tensor<2x16x128xf32>, tensor<2x16x128xf32>) outs(%129 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %178 = arith.mulf %in, %in_38 : f32
      linalg.yield %178 : f32
    } -> tensor<2x16x128xf32>
    %collapsed_32 = tensor.collapse_shape %130 [[0, 1], [2]] : tensor<2x16x128xf32> into tensor<32x128xf32>
    %131 = tensor.empty() : tensor<32x64xf32>
    %132 = linalg.fill ins(%cst_7 : f32) outs(%131 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %133 = linalg.matmul ins(%collapsed_32, %arg11 : tensor<32x128xf32>, tensor<128x64xf32>) outs(%132 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %expanded_33 = tensor.expand_shape %133 [[0, 1], [2]] output_shape [2, 16, 64] : tensor<32x64xf32> into tensor<2x16x64xf32>
    %expanded_34 = tensor.expand_shape %arg10 [[0, 1, 2]] output_shape [1, 1, 64] : tensor<64xf32> into tensor<1x1x64xf32>
    %134 = tensor.empty() : tensor<2x16x64xf32>
    %135 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (0, 0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_34 : tensor<1x1x64xf32>) outs(%134 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x64xf32>
    %136 = tensor.empty() : tensor<2x16x64xf32>
    %137 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_33, %135 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%136 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %178 = arith.addf %in, %in_38 : f32
      linalg.yield %178 : f32
    } -> tensor<2x16x64xf32>
    %138 = tensor.empty() : tensor<2x16x64xf32>
    %139 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%105, %137 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%138 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %178 = arith.addf %in, %in_38 : f32
      linalg.yield %178 : f32
    } -> tensor<2x16x64xf32>
    %140 = tensor.empty() : tensor<2x16x64xf32>
    %141 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%139 : tensor<2x16x64xf32>) outs(%140 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %178 = arith.mulf %in, %in : f32
      linalg.yield %178 : f32
    } -> tensor<2x16x64xf32>
    %142 = tensor.empty() : tensor<2x16xf32>
    %143 = linalg.fill ins(%cst_7 : f32) outs(%142 : tensor<2x16xf32>) -> tensor<2x16xf32>
    %144 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%139 : tensor<2x16x64xf32>) outs(%143 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %178 = arith.addf %out, %in : f32
      linalg.yield %178 : f32
    } -> tensor<2x16xf32>
    %145 = tensor.empty() : tensor<2x16xf32>
    %146 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%144 : tensor<2x16xf32>) outs(%145 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %178 = arith.divf %in, %cst_5 : f32
      linalg.yield %178 : f32
    } -> tensor<2x16xf32>
    %147 = tensor.empty() : tensor<2x16xf32>
    %148 = linalg.fill ins(%cst_7 : f32) outs(%147 : tensor<2x16xf32>) -> tensor<2x16xf32>
    %149 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%141 : tensor<2x16x64xf32>) outs(%148 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %178 = arith.addf %out, %in : f32
      linalg.yield %178 : f32
    } -> tensor<2x16xf32>
    %150 = tensor.empty() : tensor<2x16xf32>
    %151 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%149 : tensor<2x16xf32>) outs(%150 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %178 = arith.divf %in, %cst_5 : f32
      linalg.yield %178 : f32
    } -> tensor<2x16xf32>
    %152 = tensor.empty() : tensor<2x16xf32>
    %153 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%146 : tensor<2x16xf32>) outs(%152 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %178 = arith.mulf %in, %in : f32
      linalg.yield %178 : f32
    } -> tensor<2x16xf32>
    %154 = tensor.empty() : tensor<2x16xf32>
    %155 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%151, %153 : tensor<2x16xf32>, tensor<2x16xf32>) outs(%154 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %178 = arith.subf %in, %in_38 : f32
      linalg.yield %178 : f32
    } -> tensor<2x16xf32>
    %156 = tensor.empty() : tensor<2x16xf32>
    %157 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%155 : tensor<2x16xf32>) outs(%156 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %178 = arith.maximumf %in, %cst_7 : f32
      linalg.yield %178 : f32
    } -> tensor<2x16xf32>
    %expanded_35 = tensor.expand_shape %157 [[0], [1, 2]] output_shape [2, 16, 1] : tensor<2x16xf32> into tensor<2x16x1xf32>
    %158 = tensor.empty() : tensor<2x16x64xf32>
    %159 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%146 : tensor<2x16xf32>) outs(%158 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x64xf32>
    %160 = tensor.empty() : tensor<2x16x64xf32>
    %161 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%139, %159 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%160 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %178 = arith.subf %in, %in_38 : f32
      linalg.yield %178 : f32
    } -> tensor<2x16x64xf32>
    %162 = tensor.empty() : tensor<2x16x1xf32>
    %163 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_35 : tensor<2x16x1xf32>) outs(%162 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %178 = arith.addf %in, %cst_4 : f32
      linalg.yield %178 : f32
    } -> tensor<2x16x1xf32>
    %164 = tensor.empty() : tensor<2x16x1xf32>
    %165 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%163 : tensor<2x16x1xf32>) outs(%164 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %178 = math.rsqrt %in : f32
      linalg.yield %178 : f32
    } -> tensor<2x16x1xf32>
    %expanded_36 = tensor.expand_shape %arg15 [[0, 1, 2]] output_shape [1, 1, 64] : tensor<64xf32> into tensor<1x1x64xf32>
    %166 = tensor.empty() : tensor<2x16x64xf32>
    %167 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%165 : tensor<2x16x1xf32>) outs(%166 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x64xf32>
    %168 = tensor.empty() : tensor<2x16x64xf32>
    %169 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (0, 0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_36 : tensor<1x1x64xf32>) outs(%168 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x64xf32>
    %170 = tensor.empty() : tensor<2x16x64xf32>
    %171 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%167, %169 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%170 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %178 = arith.mulf %in, %in_38 : f32
      linalg.yield %178 : f32
    } -> tensor<2x16x64xf32>
    %172 = tensor.empty() : tensor<2x16x64xf32>
    %173 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%161, %171 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%172 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %178 = arith.mulf %in, %in_38 : f32
      linalg.yield %178 : f32
    } -> tensor<2x16x64xf32>
    %expanded_37 = tensor.expand_shape %arg14 [[0, 1, 2]] output_shape [1, 1, 64] : tensor<64xf32> into tensor<1x1x64xf32>
    %174 = tensor.empty() : tensor<2x16x64xf32>
    %175 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (0, 0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_37 : tensor<1x1x64xf32>) outs(%174 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x64xf32>
    %176 = tensor.empty() : tensor<2x16x64xf32>
    %177 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%173, %175 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%176 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %178 = arith.addf %in, %in_38 : f32
      linalg.yield %178 : f32
    } -> tensor<2x16x64xf32>
    util.return %177 : tensor<2x16x64xf32>
  }
}