module @jit_mlp_scan {
  util.func public @main(%arg0: tensor<8x64xf32>, %arg1: tensor<3x64x128xf32>, %arg2: tensor<3x128xf32>, %arg3: tensor<3x128x64xf32>, %arg4: tensor<3x64xf32>) -> tensor<8x64xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %c2 = arith.constant 2 : index
    %c0 = arith.constant 0 : index
    %c0_i32 = arith.constant 0 : i32
    %c3_i32 = arith.constant 3 : i32
    %c1_i32 = arith.constant 1 : i32
    %0 = scf.for %arg5 = %c0_i32 to %c3_i32 step %c1_i32 iter_args(%arg6 = %arg0) -> (tensor<8x64xf32>)  : i32 {
      %1 = arith.index_cast %arg5 : i32 to index
      %2 = arith.maxsi %1, %c0 : index
      %3 = arith.minsi %2, %c2 : index
      %extracted_slice = tensor.extract_slice %arg1[%3, 0, 0] [1, 64, 128] [1, 1, 1] : tensor<3x64x128xf32> to tensor<1x64x128xf32>
      %collapsed = tensor.collapse_shape %extracted_slice [[0, 1], [2]] : tensor<1x64x128xf32> into tensor<64x128xf32>
      %4 = arith.index_cast %arg5 : i32 to index
      %5 = arith.maxsi %4, %c0 : index
      %6 = arith.minsi %5, %c2 : index
      %extracted_slice_0 = tensor.extract_slice %arg2[%6, 0] [1, 128] [1, 1] : tensor<3x128xf32> to tensor<1x128xf32>
      %collapsed_1 = tensor.collapse_shape %extracted_slice_0 [[0, 1]] : tensor<1x128xf32> into tensor<128xf32>
      %7 = arith.index_cast %arg5 : i32 to index
      %8 = arith.maxsi %7, %c0 : index
      %9 = arith.minsi %8, %c2 : index
      %extracted_slice_2 = tensor.extract_slice %arg3[%9, 0, 0] [1, 128, 64] [1, 1, 1] : tensor<3x128x64xf32> to tensor<1x128x64xf32>
      %collapsed_3 = tensor.collapse_shape %extracted_slice_2 [[0, 1], [2]] : tensor<1x128x64xf32> into tensor<128x64xf32>
      %10 = arith.index_cast %arg5 : i32 to index
      %11 = arith.maxsi %10, %c0 : index
      %12 = arith.minsi %11, %c2 : index
      %extracted_slice_4 = tensor.extract_slice %arg4[%12, 0] [1, 64] [1, 1] : tensor<3x64xf32> to tensor<1x64xf32>
      %collapsed_5 = tensor.collapse_shape %extracted_slice_4 [[0, 1]] : tensor<1x64xf32> into tensor<64xf32>
      %13 = tensor.empty() : tensor<8x128xf32>
      %14 = linalg.fill ins(%cst : f32) outs(%13 : tensor<8x128xf32>) -> tensor<8x128xf32>
      %15 = linalg.matmul ins(%arg6, %collapsed : tensor<8x64xf32>, tensor<64x128xf32>) outs(%14 : tensor<8x128xf32>) -> tensor<8x128xf32>
      %16 = tensor.empty() : tensor<8x128xf32>
      %17 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%collapsed_1 : tensor<128xf32>) outs(%16 : tensor<8x128xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<8x128xf32>
      %18 = tensor.empty() : tensor<8x128xf32>
      %19 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%15, %17 : tensor<8x128xf32>, tensor<8x128xf32>) outs(%18 : tensor<8x128xf32>) {
      ^bb0(%in: f32, %in_6: f32, %out: f32):
        %31 = arith.addf %in, %in_6 : f32
        linalg.yield %31 : f32
      } -> tensor<8x128xf32>
      %20 = tensor.empty() : tensor<8x128xf32>
      %21 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%19 : tensor<8x128xf32>) outs(%20 : tensor<8x128xf32>) {
      ^bb0(%in: f32, %out: f32):
        %31 = arith.maximumf %in, %cst : f32
        linalg.yield %31 : f32
      } -> tensor<8x128xf32>
      %22 = tensor.empty() : tensor<8x64xf32>
      %23 = linalg.fill ins(%cst : f32) outs(%22 : tensor<8x64xf32>) -> tensor<8x64xf32>
      %24 = linalg.matmul ins(%21, %collapsed_3 : tensor<8x128xf32>, tensor<128x64xf32>) outs(%23 : tensor<8x64xf32>) -> tensor<8x64xf32>
      %25 = tensor.empty() : tensor<8x64xf32>
      %26 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%collapsed_5 : tensor<64xf32>) outs(%25 : tensor<8x64xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<8x64xf32>
      %27 = tensor.empty() : tensor<8x64xf32>
      %28 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%24, %26 : tensor<8x64xf32>, tensor<8x64xf32>) outs(%27 : tensor<8x64xf32>) {
      ^bb0(%in: f32, %in_6: f32, %out: f32):
        %31 = arith.addf %in, %in_6 : f32
        linalg.yield %31 : f32
      } -> tensor<8x64xf32>
      %29 = tensor.empty() : tensor<8x64xf32>
      %30 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%28, %arg6 : tensor<8x64xf32>, tensor<8x64xf32>) outs(%29 : tensor<8x64xf32>) {
      ^bb0(%in: f32, %in_6: f32, %out: f32):
        %31 = arith.addf %in, %in_6 : f32
        linalg.yield %31 : f32
      } -> tensor<8x64xf32>
      scf.yield %30 : tensor<8x64xf32>
    }
    util.return %0 : tensor<8x64xf32>
  }
}