module @jit_llama_decode {
  util.func public @main(%arg0: tensor<2x1x64xf32>, %arg1: tensor<2x15x4x16xf32>, %arg2: tensor<2x15x4x16xf32>, %arg3: tensor<64xf32>, %arg4: tensor<64x64xf32>, %arg5: tensor<64x64xf32>, %arg6: tensor<64x64xf32>, %arg7: tensor<64x64xf32>, %arg8: tensor<64xf32>, %arg9: tensor<64x128xf32>, %arg10: tensor<64x128xf32>, %arg11: tensor<128x64xf32>) -> tensor<2x1x64xf32> {
    %cst = arith.constant 1.000000e+00 : f32
    %cst_0 = arith.constant 0xFF800000 : f32
    %cst_1 = arith.constant 4.000000e+00 : f32
    %cst_2 = arith.constant 9.99999997E-7 : f32
    %cst_3 = arith.constant 6.400000e+01 : f32
    %cst_4 = arith.constant 0.000000e+00 : f32
    %cst_5 = arith.constant dense<[-0.7596879, 0.0310223494, 7.073720e-02, 0.889593601, 0.98877108, 0.9988752, 0.999887526, 0.999988734, -0.7596879, 0.0310223494, 7.073720e-02, 0.889593601, 0.98877108, 0.9988752, 0.999887526, 0.999988734]> : tensor<16xf32>
    %cst_6 = arith.constant dense<[0.650287867, -0.999518692, 0.997494995, 0.456752926, 0.149438128, 0.0474163815, 0.0149994381, 0.0047433991, 0.650287867, -0.999518692, 0.997494995, 0.456752926, 0.149438128, 0.0474163815, 0.0149994381, 0.0047433991]> : tensor<16xf32>
    %0 = tensor.empty() : tensor<2x1x64xf32>
    %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<2x1x64xf32>) outs(%0 : tensor<2x1x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %127 = arith.mulf %in, %in : f32
      linalg.yield %127 : f32
    } -> tensor<2x1x64xf32>
    %2 = tensor.empty() : tensor<2x1xf32>
    %3 = linalg.fill ins(%cst_4 : f32) outs(%2 : tensor<2x1xf32>) -> tensor<2x1xf32>
    %4 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%1 : tensor<2x1x64xf32>) outs(%3 : tensor<2x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %127 = arith.addf %out, %in : f32
      linalg.yield %127 : f32
    } -> tensor<2x1xf32>
    %expanded = tensor.expand_shape %4 [[0], [1, 2]] output_shape [2, 1, 1] : tensor<2x1xf32> into tensor<2x1x1xf32>
    %5 = tensor.empty() : tensor<2x1x1xf32>
    %6 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded : tensor<2x1x1xf32>) outs(%5 : tensor<2x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %127 = arith.divf %in, %cst_3 : f32
      linalg.yield %127 : f32
    } -> tensor<2x1x1xf32>
    %7 = tensor.empty() : tensor<2x1x1xf32>
    %8 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6 : tensor<2x1x1xf32>) outs(%7 : tensor<2x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %127 = arith.addf %in, %cst_2 : f32
      linalg.yield %127 : f32
    } -> tensor<2x1x1xf32>
    %9 = tensor.empty() : tensor<2x1x1xf32>
    %10 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%8 : tensor<2x1x1xf32>) outs(%9 : tensor<2x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %127 = math.rsqrt %in : f32
      linalg.yield %127 : f32
    } -> tensor<2x1x1xf32>
    %11 = tensor.empty() : tensor<2x1x64xf32>
    %12 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%10 : tensor<2x1x1xf32>) outs(%11 : tensor<2x1x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x1x64xf32>
    %13 = tensor.empty() : tensor<2x1x64xf32>
    %14 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %12 : tensor<2x1x64xf32>, tensor<2x1x64xf32>) outs(%13 : tensor<2x1x64xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %127 = arith.mulf %in, %in_36 : f32
      linalg.yield %127 : f32
    } -> tensor<2x1x64xf32>
    %15 = tensor.empty() : tensor<2x1x64xf32>
    %16 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg3 : tensor<64xf32>) outs(%15 : tensor<2x1x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x1x64xf32>
    %17 = tensor.empty() : tensor<2x1x64xf32>
    %18 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%14, %16 : tensor<2x1x64xf32>, tensor<2x1x64xf32>) outs(%17 : tensor<2x1x64xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %127 = arith.mulf %in, %in_36 : f32
      linalg.yield %127 : f32
    } -> tensor<2x1x64xf32>
    %collapsed = tensor.collapse_shape %18 [[0], [1, 2]] : tensor<2x1x64xf32> into tensor<2x64xf32>
    %19 = tensor.empty() : tensor<2x64xf32>
    %20 = linalg.fill ins(%cst_4 : f32) outs(%19 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %21 = linalg.matmul ins(%collapsed, %arg4 : tensor<2x64xf32>, tensor<64x64xf32>) outs(%20 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %expanded_7 = tensor.expand_shape %21 [[0], [1, 2, 3]] output_shape [2, 1, 4, 16] : tensor<2x64xf32> into tensor<2x1x4x16xf32>
    %extracted_slice = tensor.extract_slice %expanded_7[0, 0, 0, 0] [2, 1, 4, 8] [1, 1, 1, 1] : tensor<2x1x4x16xf32> to tensor<2x1x4x8xf32>
    %extracted_slice_8 = tensor.extract_slice %expanded_7[0, 0, 0, 8] [2, 1, 4, 8] [1, 1, 1, 1] : tensor<2x1x4x16xf32> to tensor<2x1x4x8xf32>
    %22 = tensor.empty() : tensor<2x1x4x16xf32>
    %23 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_5 : tensor<16xf32>) outs(%22 : tensor<2x1x4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x1x4x16xf32>
    %24 = tensor.empty() : tensor<2x1x4x16xf32>
    %25 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_7, %23 : tensor<2x1x4x16xf32>, tensor<2x1x4x16xf32>) outs(%24 : tensor<2x1x4x16xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %127 = arith.mulf %in, %in_36 : f32
      linalg.yield %127 : f32
    } -> tensor<2x1x4x16xf32>
    %26 = tensor.empty() : tensor<2x1x4x8xf32>
    %27 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_8 : tensor<2x1x4x8xf32>) outs(%26 : tensor<2x1x4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %127 = arith.negf %in : f32
      linalg.yield %127 : f32
    } -> tensor<2x1x4x8xf32>
    %28 = tensor.empty() : tensor<2x1x4x16xf32>
    %inserted_slice = tensor.insert_slice %27 into %28[0, 0, 0, 0] [2, 1, 4, 8] [1, 1, 1, 1] : tensor<2x1x4x8xf32> into tensor<2x1x4x16xf32>
    %inserted_slice_9 = tensor.insert_slice %extracted_slice into %inserted_slice[0, 0, 0, 8] [2, 1, 4, 8] [1, 1, 1, 1] : tensor<2x1x4x8xf32> into tensor<2x1x4x16xf32>
    %29 = tensor.empty() : tensor<2x1x4x16xf32>
    %30 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_6 : tensor<16xf32>) outs(%29 : tensor<2x1x4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x1x4x16xf32>
    %31 = tensor.empty() : tensor<2x1x4x16xf32>
    %32 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%inserted_slice_9, %30 : tensor<2x1x4x16xf32>, tensor<2x1x4x16xf32>) outs(%31 : tensor<2x1x4x16xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %127 = arith.mulf %in, %in_36 : f32
      linalg.yield %127 : f32
    } -> tensor<2x1x4x16xf32>
    %33 = tensor.empty() : tensor<2x1x4x16xf32>
    %34 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%25, %32 : tensor<2x1x4x16xf32>, tensor<2x1x4x16xf32>) outs(%33 : tensor<2x1x4x16xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %127 = arith.addf %in, %in_36 : f32
      linalg.yield %127 : f32
    } -> tensor<2x1x4x16xf32>
    %35 = tensor.empty() : tensor<2x64xf32>
    %36 = linalg.fill ins(%cst_4 : f32) outs(%35 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %37 = linalg.matmul ins(%collapsed, %arg5 : tensor<2x64xf32>, tensor<64x64xf32>) outs(%36 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %expanded_10 = tensor.expand_shape %37 [[0], [1, 2, 3]] output_shape [2, 1, 4, 16] : tensor<2x64xf32> into tensor<2x1x4x16xf32>
    %extracted_slice_11 = tensor.extract_slice %expanded_10[0, 0, 0, 0] [2, 1, 4, 8] [1, 1, 1, 1] : tensor<2x1x4x16xf32> to tensor<2x1x4x8xf32>
    %extracted_slice_12 = tensor.extract_slice %expanded_10[0, 0, 0, 8] [2, 1, 4, 8] [1, 1, 1, 1] : tensor<2x1x4x16xf32> to tensor<2x1x4x8xf32>
    %38 = tensor.empty() : tensor<2x1x4x16xf32>
    %39 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_10, %23 : tensor<2x1x4x16xf32>, tensor<2x1x4x16xf32>) outs(%38 : tensor<2x1x4x16xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %127 = arith.mulf %in, %in_36 : f32
      linalg.yield %127 : f32
    } -> tensor<2x1x4x16xf32>
    %40 = tensor.empty() : tensor<2x1x4x8xf32>
    %41 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_12 : tensor<2x1x4x8xf32>) outs(%40 : tensor<2x1x4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %127 = arith.negf %in : f32
      linalg.yield %127 : f32
    } -> tensor<2x1x4x8xf32>
    %42 = tensor.empty() : tensor<2x1x4x16xf32>
    %inserted_slice_13 = tensor.insert_slice %41 into %42[0, 0, 0, 0] [2, 1, 4, 8] [1, 1, 1, 1] : tensor<2x1x4x8xf32> into tensor<2x1x4x16xf32>
    %inserted_slice_14 = tensor.insert_slice %extracted_slice_11 into %inserted_slice_13[0, 0, 0, 8] [2, 1, 4, 8] [1, 1, 1, 1] : tensor<2x1x4x8xf32> into tensor<2x1x4x16xf32>
    %43 = tensor.empty() : tensor<2x1x4x16xf32>
    %44 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%inserted_slice_14, %30 : tensor<2x1x4x16xf32>, tensor<2x1x4x16xf32>) outs(%43 : tensor<2x1x4x16xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %127 = arith.mulf %in, %in_36 : f32
      linalg.yield %127 : f32
    } -> tensor<2x1x4x16xf32>
    %45 = tensor.empty() : tensor<2x1x4x16xf32>
    %46 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%39, %44 : tensor<2x1x4x16xf32>, tensor<2x1x4x16xf32>) outs(%45 : tensor<2x1x4x16xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %127 = arith.addf %in, %in_36 : f32
      linalg.yield %127 : f32
    } -> tensor<2x1x4x16xf32>
    %47 = tensor.empty() : tensor<2x16x4x16xf32>
    %inserted_slice_15 = tensor.insert_slice %arg1 into %47[0, 0, 0, 0] [2, 15, 4, 16] [1, 1, 1, 1] : tensor<2x15x4x16xf32> into tensor<2x16x4x16xf32>
    %inserted_slice_16 = tensor.insert_slice %46 into %inserted_slice_15[0, 15, 0, 0] [2, 1, 4, 16] [1, 1, 1, 1] : tensor<2x1x4x16xf32> into tensor<2x16x4x16xf32>
    %48 = tensor.empty() : tensor<2x64xf32>
    %49 = linalg.fill ins(%cst_4 : f32) outs(%48 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %50 = linalg.matmul ins(%collapsed, %arg6 : tensor<2x64xf32>, tensor<64x64xf32>) outs(%49 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %expanded_17 = tensor.expand_shape %50 [[0], [1, 2, 3]] output_shape [2, 1, 4, 16] : tensor<2x64xf32> into tensor<2x1x4x16xf32>
    %51 = tensor.empty() : tensor<2x16x4x16xf32>
    %inserted_slice_18 = tensor.insert_slice %arg2 into %51[0, 0, 0, 0] [2, 15, 4, 16] [1, 1, 1, 1] : tensor<2x15x4x16xf32> into tensor<2x16x4x16xf32>
    %inserted_slice_19 = tensor.insert_slice %expanded_17 into %inserted_slice_18[0, 15, 0, 0] [2, 1, 4, 16] [1, 1, 1, 1] : tensor<2x1x4x16xf32> into tensor<2x16x4x16xf32>
    %52 = tensor.empty() : tensor<2x4x16x16xf32>
    %53 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%inserted_slice_16 : tensor<2x16x4x16xf32>) outs(%52 : tensor<2x4x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x4x16x16xf32>
    %collapsed_20 = tensor.collapse_shape %34 [[0, 1, 2, 3]] : tensor<2x1x4x16xf32> into tensor<128xf32>
    %expanded_21 = tensor.expand_shape %collapsed_20 [[0, 1, 2]] output_shape [8, 1, 16] : tensor<128xf32> into tensor<8x1x16xf32>
    %collapsed_22 = tensor.collapse_shape %53 [[0, 1], [2], [3]] : tensor<2x4x16x16xf32> into tensor<8x16x16xf32>
    %54 = tensor.empty() : tensor<8x1x16xf32>
    %55 = linalg.fill ins(%cst_4 : f32) outs(%54 : tensor<8x1x16xf32>) -> tensor<8x1x16xf32>
    %56 = linalg.batch_matmul ins(%expanded_21, %collapsed_22 : tensor<8x1x16xf32>, tensor<8x16x16xf32>) outs(%55 : tensor<8x1x16xf32>) -> tensor<8x1x16xf32>
    %expanded_23 = tensor.expand_shape %56 [[0, 1], [2], [3]] output_shape [2, 4, 1, 16] : tensor<8x1x16xf32> into tensor<2x4x1x16xf32>
    %57 = tensor.empty() : tensor<2x4x1x16xf32>
    %58 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_23 : tensor<2x4x1x16xf32>) outs(%57 : tensor<2x4x1x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %127 = arith.divf %in, %cst_1 : f32
      linalg.yield %127 : f32
    } -> tensor<2x4x1x16xf32>
    %59 = tensor.empty() : tensor<2x4x1xf32>
    %60 = linalg.fill ins(%cst_0 : f32) outs(%59 : tensor<2x4x1xf32>) -> tensor<2x4x1xf32>
    %61 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%58 : tensor<2x4x1x16xf32>) outs(%60 : tensor<2x4x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %127 = arith.maximumf %out, %in : f32
      linalg.yield %127 : f32
    } -> tensor<2x4x1xf32>
    %62 = tensor.empty() : tensor<2x4x1x16xf32>
    %63 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%61 : tensor<2x4x1xf32>) outs(%62 : tensor<2x4x1x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x4x1x16xf32>
    %64 = tensor.empty() : tensor<2x4x1x16xf32>
    %65 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%58, %63 : tensor<2x4x1x16xf32>, tensor<2x4x1x16xf32>) outs(%64 : tensor<2x4x1x16xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %127 = arith.subf %in, %in_36 : f32
      linalg.yield %127 : f32
    } -> tensor<2x4x1x16xf32>
    %66 = tensor.empty() : tensor<2x4x1x16xf32>
    %67 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%65 : tensor<2x4x1x16xf32>) outs(%66 : tensor<2x4x1x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %127 = math.exp %in : f32
      linalg.yield %127 : f32
    } -> tensor<2x4x1x16xf32>
    %68 = tensor.empty() : tensor<2x4x1xf32>
    %69 = linalg.fill ins(%cst_4 : f32) outs(%68 : tensor<2x4x1xf32>) -> tensor<2x4x1xf32>
    %70 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%67 : tensor<2x4x1x16xf32>) outs(%69 : tensor<2x4x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %127 = arith.addf %out, %in : f32
      linalg.yield %127 : f32
    } -> tensor<2x4x1xf32>
    %71 = tensor.empty() : tensor<2x4x1x16xf32>
    %72 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%70 : tensor<2x4x1xf32>) outs(%71 : tensor<2x4x1x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x4x1x16xf32>
    %73 = tensor.empty() : tensor<2x4x1x16xf32>
    %74 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%67, %72 : tensor<2x4x1x16xf32>, tensor<2x4x1x16xf32>) outs(%73 : tensor<2x4x1x16xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %127 = arith.divf %in, %in_36 : f32
      linalg.yield %127 : f32
    } -> tensor<2x4x1x16xf32>
    %75 = tensor.empty() : tensor<2x4x16x16xf32>
    %76 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%inserted_slice_19 : tensor<2x16x4x16xf32>) outs(%75 : tensor<2x4x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x4x16x16xf32>
    %collapsed_24 = tensor.collapse_shape %76 [[0, 1], [2], [3]] : tensor<2x4x16x16xf32> into tensor<8x16x16xf32>
    %collapsed_25 = tensor.collapse_shape %74 [[0, 1, 2, 3]] : tensor<2x4x1x16xf32> into tensor<128xf32>
    %expanded_26 = tensor.expand_shape %collapsed_25 [[0, 1, 2]] output_shape [8, 16, 1] : tensor<128xf32> into tensor<8x16x1xf32>
    %77 = tensor.empty() : tensor<8x16x1xf32>
    %78 = linalg.fill ins(%cst_4 : f32) outs(%77 : tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %79 = linalg.batch_matmul ins(%collapsed_24, %expanded_26 : tensor<8x16x16xf32>, tensor<8x16x1xf32>) outs(%78 : tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %collapsed_27 = tensor.collapse_shape %79 [[0, 1, 2]] : tensor<8x16x1xf32> into tensor<128xf32>
    %expanded_28 = tensor.expand_shape %collapsed_27 [[0, 1]] output_shape [2, 64] : tensor<128xf32> into tensor<2x64xf32>
    %80 = tensor.empty() : tensor<2x64xf32>
    %81 = linalg.fill ins(%cst_4 : f32) outs(%80 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %82 = linalg.matmul ins(%expanded_28, %arg7 : tensor<2x64xf32>, tensor<64x64xf32>) outs(%81 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %expanded_29 = tensor.expand_shape %82 [[0], [1, 2]] output_shape [2, 1, 64] : tensor<2x64xf32> into tensor<2x1x64xf32>
    %83 = tensor.empty() : tensor<2x1x64xf32>
    %84 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %expanded_29 : tensor<2x1x64xf32>, tensor<2x1x64xf32>) outs(%83 : tensor<2x1x64xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %127 = arith.addf %in, %in_36 : f32
      linalg.yield %127 : f32
    } -> tensor<2x1x64xf32>
    %85 = tensor.empty() : tensor<2x1x64xf32>
    %86 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%84 : tensor<2x1x64xf32>) outs(%85 : tensor<2x1x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %127 = arith.mulf %in, %in : f32
      linalg.yield %127 : f32
    } -> tensor<2x1x64xf32>
    %87 = tensor.empty() : tensor<2x1xf32>
    %88 = linalg.fill ins(%cst_4 : f32) outs(%87 : tensor<2x1xf32>) -> tensor<2x1xf32>
    %89 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%86 : tensor<2x1x64xf32>) outs(%88 : tensor<2x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %127 = arith.addf %out, %in : f32
      linalg.yield %127 : f32
    } -> tensor<2x1xf32>
    %expanded_30 = tensor.expand_shape %89 [[0], [1, 2]] output_shape [2, 1, 1] : tensor<2x1xf32> into tensor<2x1x1xf32>
    %90 = tensor.empty() : tensor<2x1x1xf32>
    %91 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_30 : tensor<2x1x1xf32>) outs(%90 : tensor<2x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %127 = arith.divf %in, %cst_3 : f32
      linalg.yield %127 : f32
    } -> tensor<2x1x1xf32>
    %92 = tensor.empty() : tensor<2x1x1xf32>
    %93 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%91 : tensor<2x1x1xf32>) outs(%92 : tensor<2x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %127 = arith.addf %in, %cst_2 : f32
      linalg.yield %127 : f32
    } -> tensor<2x1x1xf32>
    %94 = tensor.empty() : tensor<2x1x1xf32>
    %95 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%93 : tensor<2x1x1xf32>) outs(%94 : tensor<2x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %127 = math.rsqrt %in : f32
      linalg.yield %127 : f32
    } -> tensor<2x1x1xf32>
    %96 = tensor.empty() : tensor<2x1x64xf32>
    %97 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%95 : tensor<2x1x1xf32>) outs(%96 : tensor<2x1x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x1x64xf32>
    %98 = tensor.empty() : tensor<2x1x64xf32>
    %99 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%84, %97 : tensor<2x1x64xf32>, tensor<2x1x64xf32>) outs(%98 : tensor<2x1x64xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %127 = arith.mulf %in, %in_36 : f32
      linalg.yield %127 : f32
    } -> tensor<2x1x64xf32>
    %100 = tensor.empty() : tensor<2x1x64xf32>
    %101 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg8 : tensor<64xf32>) outs(%100 : tensor<2x1x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x1x64xf32>
    %102 = tensor.empty() : tensor<2x1x64xf32>
    %103 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%99, %101 : tensor<2x1x64xf32>, tensor<2x1x64xf32>) outs(%102 : tensor<2x1x64xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %127 = arith.mulf %in, %in_36 : f32
      linalg.yield %127 : f32
    } -> tensor<2x1x64xf32>
    %collapsed_31 = tensor.collapse_shape %103 [[0], [1, 2]] : tensor<2x1x64xf32> into tensor<2x64xf32>
    %104 = tensor.empty() : tensor<2x128xf32>
    %105 = linalg.fill ins(%cst_4 : f32) outs(%104 : tensor<2x128xf32>) -> tensor<2x128xf32>
    %106 = linalg.matmul ins(%collapsed_31, %arg9 : tensor<2x64xf32>, tensor<64x128xf32>) outs(%105 : tensor<2x128xf32>) -> tensor<2x128xf32>
    %expanded_32 = tensor.expand_shape %106 [[0], [1, 2]] output_shape [2, 1, 128] : tensor<2x128xf32> into tensor<2x1x128xf32>
    %107 = tensor.empty() : tensor<2x1x128xf32>
    %108 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_32 : tensor<2x1x128xf32>) outs(%107 : tensor<2x1x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %127 = arith.negf %in : f32
      linalg.yield %127 : f32
    } -> tensor<2x1x128xf32>
    %109 = tensor.empty() : tensor<2x1x128xf32>
    %110 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%108 : tensor<2x1x128xf32>) outs(%109 : tensor<2x1x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %127 = math.exp %in : f32
      linalg.yield %127 : f32
    } -> tensor<2x1x128xf32>
    %111 = tensor.empty() : tensor<2x1x128xf32>
    %112 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%110 : tensor<2x1x128xf32>) outs(%111 : tensor<2x1x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %127 = arith.addf %in, %cst : f32
      linalg.yield %127 : f32
    } -> tensor<2x1x128xf32>
    %113 = tensor.empty() : tensor<2x1x128xf32>
    %114 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%112 : tensor<2x1x128xf32>) outs(%113 : tensor<2x1x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %127 = arith.divf %cst, %in : f32
      linalg.yield %127 : f32
    } -> tensor<2x1x128xf32>
    %115 = tensor.empty() : tensor<2x1x128xf32>
    %116 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_32, %114 : tensor<2x1x128xf32>, tensor<2x1x128xf32>) outs(%115 : tensor<2x1x128xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %127 = arith.mulf %in, %in_36 : f32
      linalg.yield %127 : f32
    } -> tensor<2x1x128xf32>
    %117 = tensor.empty() : tensor<2x128xf32>
    %118 = linalg.fill ins(%cst_4 : f32) outs(%117 : tensor<2x128xf32>) -> tensor<2x128xf32>
    %119 = linalg.matmul ins(%collapsed_31, %arg10 : tensor<2x64xf32>, tensor<64x128xf32>) outs(%118 : tensor<2x128xf32>) -> tensor<2x128xf32>
    %expanded_33 = tensor.expand_shape %119 [[0], [1, 2]] output_shape [2, 1, 128] : tensor<2x128xf32> into tensor<2x1x128xf32>
    %120 = tensor.empty() : tensor<2x1x128xf32>
    %121 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%116, %expanded_33 : tensor<2x1x128xf32>, tensor<2x1x128xf32>) outs(%120 : tensor<2x1x128xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %127 = arith.mulf %in, %in_36 : f32
      linalg.yield %127 : f32
    } -> tensor<2x1x128xf32>
    %collapsed_34 = tensor.collapse_shape %121 [[0], [1, 2]] : tensor<2x1x128xf32> into tensor<2x128xf32>
    %122 = tensor.empty() : tensor<2x64xf32>
    %123 = linalg.fill ins(%cst_4 : f32) outs(%122 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %124 = linalg.matmul ins(%collapsed_34, %arg11 : tensor<2x128xf32>, tensor<128x64xf32>) outs(%123 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %expanded_35 = tensor.expand_shape %124 [[0], [1, 2]] output_shape [2, 1, 64] : tensor<2x64xf32> into tensor<2x1x64xf32>
    %125 = tensor.empty() : tensor<2x1x64xf32>
    %126 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%84, %expanded_35 : tensor<2x1x64xf32>, tensor<2x1x64xf32>) outs(%125 : tensor<2x1x64xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %127 = arith.addf %in, %in_36 : f32
      linalg.yield %127 : f32
    } -> tensor<2x1x64xf32>
    util.return %126 : tensor<2x1x64xf32>
  }
}