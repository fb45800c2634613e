module @jit_moe {
  util.func public @main(%arg0: tensor<16x4xf32>, %arg1: tensor<4x16x2x16xf32>, %arg2: tensor<32x4x16xf32>, %arg3: tensor<2x4x16xf32>) -> tensor<2x4x16xf32> {
    %cst_0 = arith.constant 0.000000e+00 : f32
    %cst_ninf = arith.constant 0xFF800000 : f32
    %cst_scale = arith.constant 0.353553385 : f32
    %cst_1 = arith.constant 1.000000e+00 : f32
    %0 = tensor.collapse_shape %arg3 [[0, 1], [2]] : tensor<2x4x16xf32> into tensor<8x16xf32>
    %1 = tensor.empty() : tensor<8x4xf32>
    %2 = linalg.fill ins(%cst_0 : f32) outs(%1 : tensor<8x4xf32>) -> tensor<8x4xf32>
    %3 = linalg.matmul ins(%0, %arg0 : tensor<8x16xf32>, tensor<16x4xf32>) outs(%2 : tensor<8x4xf32>) -> tensor<8x4xf32>
    %4 = tensor.empty() : tensor<8xf32>
    %5 = linalg.fill ins(%cst_ninf : f32) outs(%4 : tensor<8xf32>) -> tensor<8xf32>
    %6 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%3 : tensor<8x4xf32>) outs(%5 : tensor<8xf32>) {
    ^bb0(%in0: f32, %out: f32):
      %r = arith.maximumf %out, %in0 : f32
      linalg.yield %r : f32
    } -> tensor<8xf32>
    %7 = tensor.empty() : tensor<8x4xf32>
    %8 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%3, %6 : tensor<8x4xf32>, tensor<8xf32>) outs(%7 : tensor<8x4xf32>) {
    ^bb0(%in0: f32, %in1: f32, %out: f32):
      %r = arith.subf %in0, %in1 : f32
      linalg.yield %r : f32
    } -> tensor<8x4xf32>
    %9 = tensor.empty() : tensor<8x4xf32>
    %10 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%8 : tensor<8x4xf32>) outs(%9 : tensor<8x4xf32>) {
    ^bb0(%in0: f32, %out: f32):
      %r = math.exp %in0 : f32
      linalg.yield %r : f32
    } -> tensor<8x4xf32>
    %11 = tensor.empty() : tensor<8xf32>
    %12 = linalg.fill ins(%cst_0 : f32) outs(%11 : tensor<8xf32>) -> tensor<8xf32>
    %13 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%10 : tensor<8x4xf32>) outs(%12 : tensor<8xf32>) {
    ^bb0(%in0: f32, %out: f32):
      %r = arith.addf %out, %in0 : f32
      linalg.yield %r : f32
    } -> tensor<8xf32>
    %14 = tensor.empty() : tensor<8x4xf32>
    %15 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%10, %13 : tensor<8x4xf32>, tensor<8xf32>) outs(%14 : tensor<8x4xf32>) {
    ^bb0(%in0: f32, %in1: f32, %out: f32):
      %r = arith.divf %in0, %in1 : f32
      linalg.yield %r : f32
    } -> tensor<8x4xf32>
    %16 = tensor.empty() : tensor<8xf32>
    %17 = linalg.fill ins(%cst_ninf : f32) outs(%16 : tensor<8xf32>) -> tensor<8xf32>
    %18 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%15 : tensor<8x4xf32>) outs(%17 : tensor<8xf32>) {
    ^bb0(%in0: f32, %out: f32):
      %r = arith.maximumf %out, %in0 : f32
      linalg.yield %r : f32
    } -> tensor<8xf32>
    %19 = tensor.empty() : tensor<8x4xf32>
    %20 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%15, %18 : tensor<8x4xf32>, tensor<8xf32>) outs(%19 : tensor<8x4xf32>) {
    ^bb0(%in0: f32, %in1: f32, %out: f32):
      %c = arith.cmpf oeq, %in0, %in1 : f32
      %r = arith.select %c, %in0, %cst_0 : f32
      linalg.yield %r : f32
    } -> tensor<8x4xf32>
    %21 = tensor.empty() : tensor<4x8x16xf32>
    %22 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d1, d0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%0, %20 : tensor<8x16xf32>, tensor<8x4xf32>) outs(%21 : tensor<4x8x16xf32>) {
    ^bb0(%in0: f32, %in1: f32, %out: f32):
      %c = arith.cmpf ogt, %in1, %cst_0 : f32
      %r = arith.select %c, %in0, %cst_0 : f32
      linalg.yield %r : f32
    } -> tensor<4x8x16xf32>
    %23 = tensor.collapse_shape %arg1 [[0], [1], [2, 3]] : tensor<4x16x2x16xf32> into tensor<4x16x32xf32>
    %24 = tensor.empty() : tensor<4x8x32xf32>
    %25 = linalg.fill ins(%cst_0 : f32) outs(%24 : tensor<4x8x32xf32>) -> tensor<4x8x32xf32>
    %26 = linalg.batch_matmul ins(%22, %23 : tensor<4x8x16xf32>, tensor<4x16x32xf32>) outs(%25 : tensor<4x8x32xf32>) -> tensor<4x8x32xf32>
    %27 = tensor.empty() : tensor<4x8x32xf32>
    %28 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%26 : tensor<4x8x32xf32>) outs(%27 : tensor<4x8x32xf32>) {
    ^bb0(%in0: f32, %out: f32):
      %r = arith.maximumf %in0, %cst_0 : f32
      linalg.yield %r : f32
    } -> tensor<4x8x32xf32>
    %29 = tensor.empty() : tensor<4x32x16xf32>
    %30 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg2 : tensor<32x4x16xf32>) outs(%29 : tensor<4x32x16xf32>) {
    ^bb0(%in0: f32, %out: f32):
      linalg.yield %in0 : f32
    } -> tensor<4x32x16xf32>
    %31 = tensor.empty() : tensor<4x8x16xf32>
    %32 = linalg.fill ins(%cst_0 : f32) outs(%31 : tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
    %33 = linalg.batch_matmul ins(%28, %30 : tensor<4x8x32xf32>, tensor<4x32x16xf32>) outs(%32 : tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
    %34 = tensor.empty() : tensor<8x16xf32>
    %35 = linalg.fill ins(%cst_0 : f32) outs(%34 : tensor<8x16xf32>) -> tensor<8x16xf32>
    %36 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%20, %33 : tensor<8x4xf32>, tensor<4x8x16xf32>) outs(%35 : tensor<8x16xf32>) {
    ^bb0(%in0: f32, %in1: f32, %out: f32):
      %m = arith.mulf %in0, %in1 : f32
      %r = arith.addf %out, %m : f32
      linalg.yield %r : f32
    } -> tensor<8x16xf32>
    %37 = tensor.expand_shape %36 [[0, 1], [2]] output_shape [2, 4, 16] : tensor<8x16xf32> into tensor<2x4x16xf32>
    util.return %37 : tensor<2x4x16xf32>
  }
}
