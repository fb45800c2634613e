module @jit_encoder {
  util.func public @main(%arg0: tensor<4x8xf32>, %arg1: tensor<32x4x8xf32>, %arg2: tensor<32xf32>, %arg3: tensor<4x8x32xf32>, %arg4: tensor<4x8xf32>, %arg5: tensor<32x4x8xf32>, %arg6: tensor<4x8xf32>, %arg7: tensor<32x4x8xf32>, %arg8: tensor<64xf32>, %arg9: tensor<32x64xf32>, %arg10: tensor<32xf32>, %arg11: tensor<64x32xf32>, %arg12: tensor<2x8x32xf32>) -> tensor<2x8x32xf32> {
    %cst_0 = arith.constant 0.000000e+00 : f32
    %cst_ninf = arith.constant 0xFF800000 : f32
    %cst_scale = arith.constant 0.353553385 : f32
    %cst_1 = arith.constant 1.000000e+00 : f32
    %0 = tensor.collapse_shape %arg12 [[0, 1], [2]] : tensor<2x8x32xf32> into tensor<16x32xf32>
    %1 = tensor.collapse_shape %arg5 [[0], [1, 2]] : tensor<32x4x8xf32> into tensor<32x32xf32>
    %2 = tensor.empty() : tensor<16x32xf32>
    %3 = linalg.fill ins(%cst_0 : f32) outs(%2 : tensor<16x32xf32>) -> tensor<16x32xf32>
    %4 = linalg.matmul ins(%0, %1 : tensor<16x32xf32>, tensor<32x32xf32>) outs(%3 : tensor<16x32xf32>) -> tensor<16x32xf32>
    %5 = tensor.expand_shape %4 [[0, 1], [2, 3]] output_shape [2, 8, 4, 8] : tensor<16x32xf32> into tensor<2x8x4x8xf32>
    %6 = tensor.empty() : tensor<2x8x4x8xf32>
    %7 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%5, %arg4 : tensor<2x8x4x8xf32>, tensor<4x8xf32>) outs(%6 : tensor<2x8x4x8xf32>) {
    ^bb0(%in0: f32, %in1: f32, %out: f32):
      %r = arith.addf %in0, %in1 : f32
      linalg.yield %r : f32
    } -> tensor<2x8x4x8xf32>
    %8 = tensor.collapse_shape %arg1 [[0], [1, 2]] : tensor<32x4x8xf32> into tensor<32x32xf32>
    %9 = tensor.empty() : tensor<16x32xf32>
    %10 = linalg.fill ins(%cst_0 : f32) outs(%9 : tensor<16x32xf32>) -> tensor<16x32xf32>
    %11 = linalg.matmul ins(%0, %8 : tensor<16x32xf32>, tensor<32x32xf32>) outs(%10 : tensor<16x32xf32>) -> tensor<16x32xf32>
    %12 = tensor.expand_shape %11 [[0, 1], [2, 3]] output_shape [2, 8, 4, 8] : tensor<16x32xf32> into tensor<2x8x4x8xf32>
    %13 = tensor.empty() : tensor<2x8x4x8xf32>
    %14 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%12, %arg0 : tensor<2x8x4x8xf32>, tensor<4x8xf32>) outs(%13 : tensor<2x8x4x8xf32>) {
    ^bb0(%in0: f32, %in1: f32, %out: f32):
      %r = arith.addf %in0, %in1 : f32
      linalg.yield %r : f32
    } -> tensor<2x8x4x8xf32>
    %15 = tensor.collapse_shape %arg7 [[0], [1, 2]] : tensor<32x4x8xf32> into tensor<32x32xf32>
    %16 = tensor.empty() : tensor<16x32xf32>
    %17 = linalg.fill ins(%cst_0 : f32) outs(%16 : tensor<16x32xf32>) -> tensor<16x32xf32>
    %18 = linalg.matmul ins(%0, %15 : tensor<16x32xf32>, tensor<32x32xf32>) outs(%17 : tensor<16x32xf32>) -> tensor<16x32xf32>
    %19 = tensor.expand_shape %18 [[0, 1], [2, 3]] output_shape [2, 8, 4, 8] : tensor<16x32xf32> into tensor<2x8x4x8xf32>
    %20 = tensor.empty() : tensor<2x8x4x8xf32>
    %21 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%19, %arg6 : tensor<2x8x4x8xf32>, tensor<4x8xf32>) outs(%20 : tensor<2x8x4x8xf32>) {
    ^bb0(%in0: f32, %in1: f32, %out: f32):
      %r = arith.addf %in0, %in1 : f32
      linalg.yield %r : f32
    } -> tensor<2x8x4x8xf32>
    %22 = tensor.empty() : tensor<2x8x4x8xf32>
    %23 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%7 : tensor<2x8x4x8xf32>) outs(%22 : tensor<2x8x4x8xf32>) {
    ^bb0(%in0: f32, %out: f32):
      %r = arith.mulf %in0, %cst_scale : f32
      linalg.yield %r : f32
    } -> tensor<2x8x4x8xf32>
    %24 = tensor.empty() : tensor<2x4x8x8xf32>
    %25 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%23 : tensor<2x8x4x8xf32>) outs(%24 : tensor<2x4x8x8xf32>) {
    ^bb0(%in0: f32, %out: f32):
      linalg.yield %in0 : f32
    } -> tensor<2x4x8x8xf32>
    %26 = tensor.empty() : tensor<2x4x8x8xf32>
    %27 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%14 : tensor<2x8x4x8xf32>) outs(%26 : tensor<2x4x8x8xf32>) {
    ^bb0(%in0: f32, %out: f32):
      linalg.yield %in0 : f32
    } -> tensor<2x4x8x8xf32>
    %28 = tensor.collapse_shape %25 [[0, 1], [2], [3]] : tensor<2x4x8x8xf32> into tensor<8x8x8xf32>
    %29 = tensor.collapse_shape %27 [[0, 1], [2], [3]] : tensor<2x4x8x8xf32> into tensor<8x8x8xf32>
    %30 = tensor.empty() : tensor<8x8x8xf32>
    %31 = linalg.fill ins(%cst_0 : f32) outs(%30 : tensor<8x8x8xf32>) -> tensor<8x8x8xf32>
    %32 = linalg.batch_matmul ins(%28, %29 : tensor<8x8x8xf32>, tensor<8x8x8xf32>) outs(%31 : tensor<8x8x8xf32>) -> tensor<8x8x8xf32>
    %33 = tensor.expand_shape %32 [[0, 1], [2], [3]] output_shape [2, 4, 8, 8] : tensor<8x8x8xf32> into tensor<2x4x8x8xf32>
    %34 = tensor.empty() : tensor<2x4x8xf32>
    %35 = linalg.fill ins(%cst_ninf : f32) outs(%34 : tensor<2x4x8xf32>) -> tensor<2x4x8xf32>
    %36 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%33 : tensor<2x4x8x8xf32>) outs(%35 : tensor<2x4x8xf32>) {
    ^bb0(%in0: f32, %out: f32):
      %r = arith.maximumf %out, %in0 : f32
      linalg.yield %r : f32
    } -> tensor<2x4x8xf32>
    %37 = tensor.empty() : tensor<2x4x8x8xf32>
    %38 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%33, %36 : tensor<2x4x8x8xf32>, tensor<2x4x8xf32>) outs(%37 : tensor<2x4x8x8xf32>) {
    ^bb0(%in0: f32, %in1: f32, %out: f32):
      %r = arith.subf %in0, %in1 : f32
      linalg.yield %r : f32
    } -> tensor<2x4x8x8xf32>
    %39 = tensor.empty() : tensor<2x4x8x8xf32>
    %40 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%38 : tensor<2x4x8x8xf32>) outs(%39 : tensor<2x4x8x8xf32>) {
    ^bb0(%in0: f32, %out: f32):
      %r = math.exp %in0 : f32
      linalg.yield %r : f32
    } -> tensor<2x4x8x8xf32>
    %41 = tensor.empty() : tensor<2x4x8xf32>
    %42 = linalg.fill ins(%cst_0 : f32) outs(%41 : tensor<2x4x8xf32>) -> tensor<2x4x8xf32>
    %43 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%40 : tensor<2x4x8x8xf32>) outs(%42 : tensor<2x4x8xf32>) {
    ^bb0(%in0: f32, %out: f32):
      %r = arith.addf %out, %in0 : f32
      linalg.yield %r : f32
    } -> tensor<2x4x8xf32>
    %44 = tensor.empty() : tensor<2x4x8x8xf32>
    %45 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%40, %43 : tensor<2x4x8x8xf32>, tensor<2x4x8xf32>) outs(%44 : tensor<2x4x8x8xf32>) {
    ^bb0(%in0: f32, %in1: f32, %out: f32):
      %r = arith.divf %in0, %in1 : f32
      linalg.yield %r : f32
    } -> tensor<2x4x8x8xf32>
    %46 = tensor.collapse_shape %45 [[0, 1], [2], [3]] : tensor<2x4x8x8xf32> into tensor<8x8x8xf32>
    %47 = tensor.empty() : tensor<2x4x8x8xf32>
    %48 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%21 : tensor<2x8x4x8xf32>) outs(%47 : tensor<2x4x8x8xf32>) {
    ^bb0(%in0: f32, %out: f32):
      linalg.yield %in0 : f32
    } -> tensor<2x4x8x8xf32>
    %49 = tensor.collapse_shape %48 [[0, 1], [2], [3]] : tensor<2x4x8x8xf32> into tensor<8x8x8xf32>
    %50 = tensor.empty() : tensor<8x8x8xf32>
    %51 = linalg.fill ins(%cst_0 : f32) outs(%50 : tensor<8x8x8xf32>) -> tensor<8x8x8xf32>
    %52 = linalg.batch_matmul ins(%46, %49 : tensor<8x8x8xf32>, tensor<8x8x8xf32>) outs(%51 : tensor<8x8x8xf32>) -> tensor<8x8x8xf32>
    %53 = tensor.expand_shape %52 [[0, 1], [2], [3]] output_shape [2, 4, 8, 8] : tensor<8x8x8xf32> into tensor<2x4x8x8xf32>
    %54 = tensor.empty() : tensor<2x8x4x8xf32>
    %55 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%53 : tensor<2x4x8x8xf32>) outs(%54 : tensor<2x8x4x8xf32>) {
    ^bb0(%in0: f32, %out: f32):
      linalg.yield %in0 : f32
    } -> tensor<2x8x4x8xf32>
    %56 = tensor.collapse_shape %55 [[0, 1], [2, 3]] : tensor<2x8x4x8xf32> into tensor<16x32xf32>
    %57 = tensor.collapse_shape %arg3 [[0, 1], [2]] : tensor<4x8x32xf32> into tensor<32x32xf32>
    %58 = tensor.empty() : tensor<16x32xf32>
    %59 = linalg.fill ins(%cst_0 : f32) outs(%58 : tensor<16x32xf32>) -> tensor<16x32xf32>
    %60 = linalg.matmul ins(%56, %57 : tensor<16x32xf32>, tensor<32x32xf32>) outs(%59 : tensor<16x32xf32>) -> tensor<16x32xf32>
    %61 = tensor.expand_shape %60 [[0, 1], [2]] output_shape [2, 8, 32] : tensor<16x32xf32> into tensor<2x8x32xf32>
    %62 = tensor.empty() : tensor<2x8x32xf32>
    %63 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%61, %arg2 : tensor<2x8x32xf32>, tensor<32xf32>) outs(%62 : tensor<2x8x32xf32>) {
    ^bb0(%in0: f32, %in1: f32, %out: f32):
      %r = arith.addf %in0, %in1 : f32
      linalg.yield %r : f32
    } -> tensor<2x8x32xf32>
    %64 = tensor.empty() : tensor<2x8x32xf32>
    %65 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%63, %arg12 : tensor<2x8x32xf32>, tensor<2x8x32xf32>) outs(%64 : tensor<2x8x32xf32>) {
    ^bb0(%in0: f32, %in1: f32, %out: f32):
      %r = arith.addf %in0, %in1 : f32
      linalg.yield %r : f32
    } -> tensor<2x8x32xf32>
    %66 = tensor.collapse_shape %65 [[0, 1], [2]] : tensor<2x8x32xf32> into tensor<16x32xf32>
    %67 = tensor.empty() : tensor<16x64xf32>
    %68 = linalg.fill ins(%cst_0 : f32) outs(%67 : tensor<16x64xf32>) -> tensor<16x64xf32>
    %69 = linalg.matmul ins(%66, %arg9 : tensor<16x32xf32>, tensor<32x64xf32>) outs(%68 : tensor<16x64xf32>) -> tensor<16x64xf32>
    %70 = tensor.empty() : tensor<16x64xf32>
    %71 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%69, %arg8 : tensor<16x64xf32>, tensor<64xf32>) outs(%70 : tensor<16x64xf32>) {
    ^bb0(%in0: f32, %in1: f32, %out: f32):
      %r = arith.addf %in0, %in1 : f32
      linalg.yield %r : f32
    } -> tensor<16x64xf32>
    %72 = tensor.empty() : tensor<16x64xf32>
    %73 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%71 : tensor<16x64xf32>) outs(%72 : tensor<16x64xf32>) {
    ^bb0(%in0: f32, %out: f32):
      %r = arith.maximumf %in0, %cst_0 : f32
      linalg.yield %r : f32
    } -> tensor<16x64xf32>
    %74 = tensor.empty() : tensor<16x32xf32>
    %75 = linalg.fill ins(%cst_0 : f32) outs(%74 : tensor<16x32xf32>) -> tensor<16x32xf32>
    %76 = linalg.matmul ins(%73, %arg11 : tensor<16x64xf32>, tensor<64x32xf32>) outs(%75 : tensor<16x32xf32>) -> tensor<16x32xf32>
    %77 = tensor.empty() : tensor<16x32xf32>
    %78 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%76, %arg10 : tensor<16x32xf32>, tensor<32xf32>) outs(%77 : tensor<16x32xf32>) {
    ^bb0(%in0: f32, %in1: f32, %out: f32):
      %r = arith.addf %in0, %in1 : f32
      linalg.yield %r : f32
    } -> tensor<16x32xf32>
    %79 = tensor.expand_shape %78 [[0, 1], [2]] output_shape [2, 8, 32] : tensor<16x32xf32> into tensor<2x8x32xf32>
    %80 = tensor.empty() : tensor<2x8x32xf32>
    %81 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%79, %65 : tensor<2x8x32xf32>, tensor<2x8x32xf32>) outs(%80 : tensor<2x8x32xf32>) {
    ^bb0(%in0: f32, %in1: f32, %out: f32):
      %r = arith.addf %in0, %in1 : f32
      linalg.yield %r : f32
    } -> tensor<2x8x32xf32>
    util.return %81 : tensor<2x8x32xf32>
  }
}
