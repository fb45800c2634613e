module @jit_mlp_fori {
  util.func public @main(%arg0: tensor<8x64xf32>, %arg1: tensor<3x64x128xf32>, %arg2: tensor<3x128xf32>, %arg3: tensor<3x128x64xf32>, %arg4: tensor<3x64xf32>, %arg5: tensor<i32>) -> tensor<8x64xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %c2 = arith.constant 2 : index
    %c0 = arith.constant 0 : index
    %c3_i32 = arith.constant 3 : i32
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cst_0 = arith.constant dense<0> : tensor<i32>
    %0:2 = scf.while (%arg6 = %cst_0, %arg7 = %arg0) : (tensor<i32>, tensor<8x64xf32>) -> (tensor<i32>, tensor<8x64xf32>) {
      %1 = tensor.empty() : tensor<i1>
      %2 = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []} ins(%arg6, %arg5 : tensor<i32>, tensor<i32>) outs(%1 : tensor<i1>) {
      ^bb0(%in: i32, %in_1: i32, %out: i1):
        %3 = arith.cmpi slt, %in, %in_1 : i32
        linalg.yield %3 : i1
      } -> tensor<i1>
      %extracted = tensor.extract %2[] : tensor<i1>
      scf.condition(%extracted) %arg6, %arg7 : tensor<i32>, tensor<8x64xf32>
    } do {
    ^bb0(%arg6: tensor<i32>, %arg7: tensor<8x64xf32>):
      %1 = tensor.empty() : tensor<i32>
      %2 = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []} ins(%arg6 : tensor<i32>) outs(%1 : tensor<i32>) {
      ^bb0(%in: i32, %out: i32):
        %39 = arith.addi %in, %c1_i32 : i32
        linalg.yield %39 : i32
      } -> tensor<i32>
      %3 = tensor.empty() : tensor<i1>
      %4 = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []} ins(%arg6 : tensor<i32>) outs(%3 : tensor<i1>) {
      ^bb0(%in: i32, %out: i1):
        %39 = arith.cmpi slt, %in, %c0_i32 : i32
        linalg.yield %39 : i1
      } -> tensor<i1>
      %5 = tensor.empty() : tensor<i32>
      %6 = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []} ins(%arg6 : tensor<i32>) outs(%5 : tensor<i32>) {
      ^bb0(%in: i32, %out: i32):
        %39 = arith.addi %in, %c3_i32 : i32
        linalg.yield %39 : i32
      } -> tensor<i32>
      %7 = tensor.empty() : tensor<i32>
      %8 = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>, affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []} ins(%4, %6, %arg6 : tensor<i1>, tensor<i32>, tensor<i32>) outs(%7 : tensor<i32>) {
      ^bb0(%in: i1, %in_10: i32, %in_11: i32, %out: i32):
        %39 = arith.select %in, %in_10, %in_11 : i32
        linalg.yield %39 : i32
      } -> tensor<i32>
      %extracted = tensor.extract %8[] : tensor<i32>
      %9 = arith.index_cast %extracted : i32 to index
      %10 = arith.maxsi %9, %c0 : index
      %11 = arith.minsi %10, %c2 : index
      %extracted_slice = tensor.extract_slice %arg1[%11, 0, 0] [1, 64, 128] [1, 1, 1] : tensor<3x64x128xf32> to tensor<1x64x128xf32>
      %collapsed = tensor.collapse_shape %extracted_slice [[0, 1], [2]] : tensor<1x64x128xf32> into tensor<64x128xf32>
      %extracted_1 = tensor.extract %8[] : tensor<i32>
      %12 = arith.index_cast %extracted_1 : i32 to index
      %13 = arith.maxsi %12, %c0 : index
      %14 = arith.minsi %13, %c2 : index
      %extracted_slice_2 = tensor.extract_slice %arg2[%14, 0] [1, 128] [1, 1] : tensor<3x128xf32> to tensor<1x128xf32>
      %collapsed_3 = tensor.collapse_shape %extracted_slice_2 [[0, 1]] : tensor<1x128xf32> into tensor<128xf32>
      %extracted_4 = tensor.extract %8[] : tensor<i32>
      %15 = arith.index_cast %extracted_4 : i32 to index
      %16 = arith.maxsi %15, %c0 : index
      %17 = arith.minsi %16, %c2 : index
      %extracted_slice_5 = tensor.extract_slice %arg3[%17, 0, 0] [1, 128, 64] [1, 1, 1] : tensor<3x128x64xf32> to tensor<1x128x64xf32>
      %collapsed_6 = tensor.collapse_shape %extracted_slice_5 [[0, 1], [2]] : tensor<1x128x64xf32> into tensor<128x64xf32>
      %extracted_7 = tensor.extract %8[] : tensor<i32>
      %18 = arith.index_cast %extracted_7 : i32 to index
      %19 = arith.maxsi %18, %c0 : index
      %20 = arith.minsi %19, %c2 : index
      %extracted_slice_8 = tensor.extract_slice %arg4[%20, 0] [1, 64] [1, 1] : tensor<3x64xf32> to tensor<1x64xf32>
      %collapsed_9 = tensor.collapse_shape %extracted_slice_8 [[0, 1]] : tensor<1x64xf32> into tensor<64xf32>
      %21 = tensor.empty() : tensor<8x128xf32>
      %22 = linalg.fill ins(%cst : f32) outs(%21 : tensor<8x128xf32>) -> tensor<8x128xf32>
      %23 = linalg.matmul ins(%arg7, %collapsed : tensor<8x64xf32>, tensor<64x128xf32>) outs(%22 : tensor<8x128xf32>) -> tensor<8x128xf32>
      %24 = tensor.empty() : tensor<8x128xf32>
      %25 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%collapsed_3 : tensor<128xf32>) outs(%24 : tensor<8x128xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<8x128xf32>
      %26 = tensor.empty() : tensor<8x128xf32>
      %27 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%23, %25 : tensor<8x128xf32>, tensor<8x128xf32>) outs(%26 : tensor<8x128xf32>) {
      ^bb0(%in: f32, %in_10: f32, %out: f32):
        %39 = arith.addf %in, %in_10 : f32
        linalg.yield %39 : f32
      } -> tensor<8x128xf32>
      %28 = tensor.empty() : tensor<8x128xf32>
      %29 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%27 : tensor<8x128xf32>) outs(%28 : tensor<8x128xf32>) {
      ^bb0(%in: f32, %out: f32):
        %39 = arith.maximumf %in, %cst : f32
        linalg.yield %39 : f32
      } -> tensor<8x128xf32>
      %30 = tensor.empty() : tensor<8x64xf32>
      %31 = linalg.fill ins(%cst : f32) outs(%30 : tensor<8x64xf32>) -> tensor<8x64xf32>
      %32 = linalg.matmul ins(%29, %collapsed_6 : tensor<8x128xf32>, tensor<128x64xf32>) outs(%31 : tensor<8x64xf32>) -> tensor<8x64xf32>
      %33 = tensor.empty() : tensor<8x64xf32>
      %34 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%collapsed_9 : tensor<64xf32>) outs(%33 : tensor<8x64xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<8x64xf32>
      %35 = tensor.empty() : tensor<8x64xf32>
      %36 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%32, %34 : tensor<8x64xf32>, tensor<8x64xf32>) outs(%35 : tensor<8x64xf32>) {
      ^bb0(%in: f32, %in_10: f32, %out: f32):
        %39 = arith.addf %in, %in_10 : f32
        linalg.yield %39 : f32
      } -> tensor<8x64xf32>
      %37 = tensor.empty() : tensor<8x64xf32>
      %38 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%36, %arg7 : tensor<8x64xf32>, tensor<8x64xf32>) outs(%37 : tensor<8x64xf32>) {
      ^bb0(%in: f32, %in_10: f32, %out: f32):
        %39 = arith.addf %in, %in_10 : f32
        linalg.yield %39 : f32
      } -> tensor<8x64xf32>
      scf.yield %2, %38 : tensor<i32>, tensor<8x64xf32>
    }
    util.return %0#1 : tensor<8x64xf32>
  }
}