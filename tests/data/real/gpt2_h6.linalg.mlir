module @jit_gpt2_layer {
  util.func public @main(%arg0: tensor<2x16xi32>, %arg1: tensor<256x48xf32>, %arg2: tensor<16x48xf32>, %arg3: tensor<48xf32>, %arg4: tensor<48xf32>, %arg5: tensor<48x144xf32>, %arg6: tensor<144xf32>, %arg7: tensor<48x48xf32>, %arg8: tensor<48xf32>, %arg9: tensor<48xf32>, %arg10: tensor<48xf32>, %arg11: tensor<48x192xf32>, %arg12: tensor<192xf32>, %arg13: tensor<192x48xf32>, %arg14: tensor<48xf32>, %arg15: tensor<48xf32>, %arg16: tensor<48xf32>) -> tensor<2x16x256xf32> {
    %cst = arith.constant 5.000000e-01 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %cst_1 = arith.constant 0.797884583 : f32
    %cst_2 = arith.constant 4.471500e-02 : f32
    %cst_3 = arith.constant 0xFF800000 : f32
    %cst_4 = arith.constant -1.000000e+09 : f32
    %cst_5 = arith.constant 2.82842708 : f32
    %cst_6 = arith.constant 9.99999974E-6 : f32
    %cst_7 = arith.constant 4.800000e+01 : f32
    %cst_8 = arith.constant 0.000000e+00 : f32
    %cst_9 = arith.constant 0x7FC00000 : f32
    %true = arith.constant true
    %c255_i32 = arith.constant 255 : i32
    %c256_i32 = arith.constant 256 : i32
    %c0_i32 = arith.constant 0 : i32
    %cst_10 = arith.constant dense<"0x01000000000000000000000000000000010100000000000000000000000000000101010000000000000000000000000001010101000000000000000000000000010101010100000000000000000000000101010101010000000000000000000001010101010101000000000000000000010101010101010100000000000000000101010101010101010000000000000001010101010101010101000000000000010101010101010101010100000000000101010101010101010101010000000001010101010101010101010101000000010101010101010101010101010100000101010101010101010101010101010001010101010101010101010101010101"> : tensor<16x16xi1>
    %0 = tensor.empty() : tensor<2x16xi1>
    %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<2x16xi32>) outs(%0 : tensor<2x16xi1>) {
    ^bb0(%in: i32, %out: i1):
      %214 = arith.cmpi slt, %in, %c0_i32 : i32
      linalg.yield %214 : i1
    } -> tensor<2x16xi1>
    %2 = tensor.empty() : tensor<2x16xi32>
    %3 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<2x16xi32>) outs(%2 : tensor<2x16xi32>) {
    ^bb0(%in: i32, %out: i32):
      %214 = arith.addi %in, %c256_i32 : i32
      linalg.yield %214 : i32
    } -> tensor<2x16xi32>
    %4 = tensor.empty() : tensor<2x16xi32>
    %5 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%1, %3, %arg0 : tensor<2x16xi1>, tensor<2x16xi32>, tensor<2x16xi32>) outs(%4 : tensor<2x16xi32>) {
    ^bb0(%in: i1, %in_39: i32, %in_40: i32, %out: i32):
      %214 = arith.select %in, %in_39, %in_40 : i32
      linalg.yield %214 : i32
    } -> tensor<2x16xi32>
    %expanded = tensor.expand_shape %5 [[0], [1, 2]] output_shape [2, 16, 1] : tensor<2x16xi32> into tensor<2x16x1xi32>
    %6 = tensor.empty() : tensor<2x16x1xi1>
    %7 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded : tensor<2x16x1xi32>) outs(%6 : tensor<2x16x1xi1>) {
    ^bb0(%in: i32, %out: i1):
      %214 = arith.cmpi sge, %in, %c0_i32 : i32
      linalg.yield %214 : i1
    } -> tensor<2x16x1xi1>
    %8 = tensor.empty() : tensor<2x16x1xi1>
    %9 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded : tensor<2x16x1xi32>) outs(%8 : tensor<2x16x1xi1>) {
    ^bb0(%in: i32, %out: i1):
      %214 = arith.cmpi sle, %in, %c255_i32 : i32
      linalg.yield %214 : i1
    } -> tensor<2x16x1xi1>
    %10 = tensor.empty() : tensor<2x16x1xi1>
    %11 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%7, %9 : tensor<2x16x1xi1>, tensor<2x16x1xi1>) outs(%10 : tensor<2x16x1xi1>) {
    ^bb0(%in: i1, %in_39: i1, %out: i1):
      %214 = arith.andi %in, %in_39 : i1
      linalg.yield %214 : i1
    } -> tensor<2x16x1xi1>
    %12 = tensor.empty() : tensor<2x16xi1>
    %13 = linalg.fill ins(%true : i1) outs(%12 : tensor<2x16xi1>) -> tensor<2x16xi1>
    %14 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%11 : tensor<2x16x1xi1>) outs(%13 : tensor<2x16xi1>) {
    ^bb0(%in: i1, %out: i1):
      %214 = arith.andi %out, %in : i1
      linalg.yield %214 : i1
    } -> tensor<2x16xi1>
    %15 = tensor.empty() : tensor<2x16x1x48xf32>
    %16 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded : tensor<2x16x1xi32>) outs(%15 : tensor<2x16x1x48xf32>) {
    ^bb0(%in: i32, %out: f32):
      %214 = arith.index_cast %in : i32 to index
      %215 = linalg.index 3 : index
      %extracted = tensor.extract %arg1[%214, %215] : tensor<256x48xf32>
      linalg.yield %extracted : f32
    } -> tensor<2x16x1x48xf32>
    %collapsed = tensor.collapse_shape %16 [[0], [1], [2, 3]] : tensor<2x16x1x48xf32> into tensor<2x16x48xf32>
    %17 = tensor.empty() : tensor<2x16x48xi1>
    %18 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%14 : tensor<2x16xi1>) outs(%17 : tensor<2x16x48xi1>) {
    ^bb0(%in: i1, %out: i1):
      linalg.yield %in : i1
    } -> tensor<2x16x48xi1>
    %19 = tensor.empty() : tensor<2x16x48xf32>
    %20 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%18, %collapsed : tensor<2x16x48xi1>, tensor<2x16x48xf32>) outs(%19 : tensor<2x16x48xf32>) {
    ^bb0(%in: i1, %in_39: f32, %out: f32):
      %214 = arith.select %in, %in_39, %cst_9 : f32
      linalg.yield %214 : f32
    } -> tensor<2x16x48xf32>
    %21 = tensor.empty() : tensor<2x16x48xf32>
    %22 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg2 : tensor<16x48xf32>) outs(%21 : tensor<2x16x48xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x48xf32>
    %23 = tensor.empty() : tensor<2x16x48xf32>
    %24 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%20, %22 : tensor<2x16x48xf32>, tensor<2x16x48xf32>) outs(%23 : tensor<2x16x48xf32>) {
    ^bb0(%in: f32, %in_39: f32, %out: f32):
      %214 = arith.addf %in, %in_39 : f32
      linalg.yield %214 : f32
    } -> tensor<2x16x48xf32>
    %25 = tensor.empty() : tensor<2x16xf32>
    %26 = linalg.fill ins(%cst_8 : f32) outs(%25 : tensor<2x16xf32>) -> tensor<2x16xf32>
    %27 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%24 : tensor<2x16x48xf32>) outs(%26 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %214 = arith.addf %out, %in : f32
      linalg.yield %214 : f32
    } -> tensor<2x16xf32>
    %expanded_11 = tensor.expand_shape %27 [[0], [1, 2]] output_shape [2, 16, 1] : tensor<2x16xf32> into tensor<2x16x1xf32>
    %28 = tensor.empty() : tensor<2x16x1xf32>
    %29 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_11 : tensor<2x16x1xf32>) outs(%28 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %214 = arith.divf %in, %cst_7 : f32
      linalg.yield %214 : f32
    } -> tensor<2x16x1xf32>
    %30 = tensor.empty() : tensor<2x16x48xf32>
    %31 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%29 : tensor<2x16x1xf32>) outs(%30 : tensor<2x16x48xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x48xf32>
    %32 = tensor.empty() : tensor<2x16x48xf32>
    %33 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%24, %31 : tensor<2x16x48xf32>, tensor<2x16x48xf32>) outs(%32 : tensor<2x16x48xf32>) {
    ^bb0(%in: f32, %in_39: f32, %out: f32):
      %214 = arith.subf %in, %in_39 : f32
      linalg.yield %214 : f32
    } -> tensor<2x16x48xf32>
    %34 = tensor.empty() : tensor<2x16x48xf32>
    %35 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%33 : tensor<2x16x48xf32>) outs(%34 : tensor<2x16x48xf32>) {
    ^bb0(%in: f32, %out: f32):
      %214 = arith.mulf %in, %in : f32
      linalg.yield %214 : f32
    } -> tensor<2x16x48xf32>
    %36 = tensor.empty() : tensor<2x16xf32>
    %37 = linalg.fill ins(%cst_8 : f32) outs(%36 : tensor<2x16xf32>) -> tensor<2x16xf32>
    %38 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%35 : tensor<2x16x48xf32>) outs(%37 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %214 = arith.addf %out, %in : f32
      linalg.yield %214 : f32
    } -> tensor<2x16xf32>
    %expanded_12 = tensor.expand_shape %38 [[0], [1, 2]] output_shape [2, 16, 1] : tensor<2x16xf32> into tensor<2x16x1xf32>
    %39 = tensor.empty() : tensor<2x16x1xf32>
    %40 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_12 : tensor<2x16x1xf32>) outs(%39 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %214 = arith.divf %in, %cst_7 : f32
      linalg.yield %214 : f32
    } -> tensor<2x16x1xf32>
    %41 = tensor.empty() : tensor<2x16x1xf32>
    %42 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%40 : tensor<2x16x1xf32>) outs(%41 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %214 = arith.addf %in, %cst_6 : f32
      linalg.yield %214 : f32
    } -> tensor<2x16x1xf32>
    %43 = tensor.empty() : tensor<2x16x1xf32>
    %44 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%42 : tensor<2x16x1xf32>) outs(%43 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %214 = math.rsqrt %in : f32
      linalg.yield %214 : f32
    } -> tensor<2x16x1xf32>
    %45 = tensor.empty() : tensor<2x16x48xf32>
    %46 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%44 : tensor<2x16x1xf32>) outs(%45 : tensor<2x16x48xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x48xf32>
    %47 = tensor.empty() : tensor<2x16x48xf32>
    %48 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%33, %46 : tensor<2x16x48xf32>, tensor<2x16x48xf32>) outs(%47 : tensor<2x16x48xf32>) {
    ^bb0(%in: f32, %in_39: f32, %out: f32):
      %214 = arith.mulf %in, %in_39 : f32
      linalg.yield %214 : f32
    } -> tensor<2x16x48xf32>
    %49 = tensor.empty() : tensor<2x16x48xf32>
    %50 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg3 : tensor<48xf32>) outs(%49 : tensor<2x16x48xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x48xf32>
    %51 = tensor.empty() : tensor<2x16x48xf32>
    %52 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%48, %50 : tensor<2x16x48xf32>, tensor<2x16x48xf32>) outs(%51 : tensor<2x16x48xf32>) {
    ^bb0(%in: f32, %in_39: f32, %out: f32):
      %214 = arith.mulf %in, %in_39 : f32
      linalg.yield %214 : f32
    } -> tensor<2x16x48xf32>
    %53 = tensor.empty() : tensor<2x16x48xf32>
    %54 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg4 : tensor<48xf32>) outs(%53 : tensor<2x16x48xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x48xf32>
    %55 = tensor.empty() : tensor<2x16x48xf32>
    %56 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%52, %54 : tensor<2x16x48xf32>, tensor<2x16x48xf32>) outs(%55 : tensor<2x16x48xf32>) {
    ^bb0(%in: f32, %in_39: f32, %out: f32):
      %214 = arith.addf %in, %in_39 : f32
      linalg.yield %214 : f32
    } -> tensor<2x16x48xf32>
    %collapsed_13 = tensor.collapse_shape %56 [[0, 1], [2]] : tensor<2x16x48xf32> into tensor<32x48xf32>
    %57 = tensor.empty() : tensor<32x144xf32>
    %58 = linalg.fill ins(%cst_8 : f32) outs(%57 : tensor<32x144xf32>) -> tensor<32x144xf32>
    %59 = linalg.matmul ins(%collapsed_13, %arg5 : tensor<32x48xf32>, tensor<48x144xf32>) outs(%58 : tensor<32x144xf32>) -> tensor<32x144xf32>
    %expanded_14 = tensor.expand_shape %59 [[0, 1], [2]] output_shape [2, 16, 144] : tensor<32x144xf32> into tensor<2x16x144xf32>
    %60 = tensor.empty() : tensor<2x16x144xf32>
    %61 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg6 : tensor<144xf32>) outs(%60 : tensor<2x16x144xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x144xf32>
    %62 = tensor.empty() : tensor<2x16x144xf32>
    %63 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_14, %61 : tensor<2x16x144xf32>, tensor<2x16x144xf32>) outs(%62 : tensor<2x16x144xf32>) {
    ^bb0(%in: f32, %in_39: f32, %out: f32):
      %214 = arith.addf %in, %in_39 : f32
      linalg.yield %214 : f32
    } -> tensor<2x16x144xf32>
    %expanded_15 = tensor.expand_shape %63 [[0], [1], [2, 3, 4]] output_shape [2, 16, 3, 6, 8] : tensor<2x16x144xf32> into tensor<2x16x3x6x8xf32>
    %extracted_slice = tensor.extract_slice %expanded_15[0, 0, 0, 0, 0] [2, 16, 1, 6, 8] [1, 1, 1, 1, 1] : tensor<2x16x3x6x8xf32> to tensor<2x16x1x6x8xf32>
    %collapsed_16 = tensor.collapse_shape %extracted_slice [[0], [1], [2, 3], [4]] : tensor<2x16x1x6x8xf32> into tensor<2x16x6x8xf32>
    %extracted_slice_17 = tensor.extract_slice %expanded_15[0, 0, 1, 0, 0] [2, 16, 1, 6, 8] [1, 1, 1, 1, 1] : tensor<2x16x3x6x8xf32> to tensor<2x16x1x6x8xf32>
    %collapsed_18 = tensor.collapse_shape %extracted_slice_17 [[0], [1], [2, 3], [4]] : tensor<2x16x1x6x8xf32> into tensor<2x16x6x8xf32>
    %extracted_slice_19 = tensor.extract_slice %expanded_15[0, 0, 2, 0, 0] [2, 16, 1, 6, 8] [1, 1, 1, 1, 1] : tensor<2x16x3x6x8xf32> to tensor<2x16x1x6x8xf32>
    %collapsed_20 = tensor.collapse_shape %extracted_slice_19 [[0], [1], [2, 3], [4]] : tensor<2x16x1x6x8xf32> into tensor<2x16x6x8xf32>
    %64 = tensor.empty() : tensor<2x6x16x8xf32>
    %65 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%collapsed_16 : tensor<2x16x6x8xf32>) outs(%64 : tensor<2x6x16x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x6x16x8xf32>
    %66 = tensor.empty() : tensor<2x6x8x16xf32>
    %67 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%collapsed_18 : tensor<2x16x6x8xf32>) outs(%66 : tensor<2x6x8x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x6x8x16xf32>
    %collapsed_21 = tensor.collapse_shape %65 [[0, 1], [2], [3]] : tensor<2x6x16x8xf32> into tensor<12x16x8xf32>
    %collapsed_22 = tensor.collapse_shape %67 [[0, 1], [2], [3]] : tensor<2x6x8x16xf32> into tensor<12x8x16xf32>
    %68 = tensor.empty() : tensor<12x16x16xf32>
    %69 = linalg.fill ins(%cst_8 : f32) outs(%68 : tensor<12x16x16xf32>) -> tensor<12x16x16xf32>
    %70 = linalg.batch_matmul ins(%collapsed_21, %collapsed_22 : tensor<12x16x8xf32>, tensor<12x8x16xf32>) outs(%69 : tensor<12x16x16xf32>) -> tensor<12x16x16xf32>
    %expanded_23 = tensor.expand_shape %70 [[0, 1], [2], [3]] output_shape [2, 6, 16, 16] : tensor<12x16x16xf32> into tensor<2x6x16x16xf32>
    %71 = tensor.empty() : tensor<2x6x16x16xf32>
    %72 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_23 : tensor<2x6x16x16xf32>) outs(%71 : tensor<2x6x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %214 = arith.divf %in, %cst_5 : f32
      linalg.yield %214 : f32
    } -> tensor<2x6x16x16xf32>
    %73 = tensor.empty() : tensor<2x6x16x16xi1>
    %74 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_10 : tensor<16x16xi1>) outs(%73 : tensor<2x6x16x16xi1>) {
    ^bb0(%in: i1, %out: i1):
      linalg.yield %in : i1
    } -> tensor<2x6x16x16xi1>
    %75 = tensor.empty() : tensor<2x6x16x16xf32>
    %76 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%74, %72 : tensor<2x6x16x16xi1>, tensor<2x6x16x16xf32>) outs(%75 : tensor<2x6x16x16xf32>) {
    ^bb0(%in: i1, %in_39: f32, %out: f32):
      %214 = arith.select %in, %in_39, %cst_4 : f32
      linalg.yield %214 : f32
    } -> tensor<2x6x16x16xf32>
    %77 = tensor.empty() : tensor<2x6x16xf32>
    %78 = linalg.fill ins(%cst_3 : f32) outs(%77 : tensor<2x6x16xf32>) -> tensor<2x6x16xf32>
    %79 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%76 : tensor<2x6x16x16xf32>) outs(%78 : tensor<2x6x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %214 = arith.maximumf %out, %in : f32
      linalg.yield %214 : f32
    } -> tensor<2x6x16xf32>
    %80 = tensor.empty() : tensor<2x6x16x16xf32>
    %81 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%79 : tensor<2x6x16xf32>) outs(%80 : tensor<2x6x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x6x16x16xf32>
    %82 = tensor.empty() : tensor<2x6x16x16xf32>
    %83 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%76, %81 : tensor<2x6x16x16xf32>, tensor<2x6x16x16xf32>) outs(%82 : tensor<2x6x16x16xf32>) {
    ^bb0(%in: f32, %in_39: f32, %out: f32):
      %214 = arith.subf %in, %in_39 : f32
      linalg.yield %214 : f32
    } -> tensor<2x6x16x16xf32>
    %84 = tensor.empty() : tensor<2x6x16x16xf32>
    %85 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%83 : tensor<2x6x16x16xf32>) outs(%84 : tensor<2x6x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %214 = math.exp %in : f32
      linalg.yield %214 : f32
    } -> tensor<2x6x16x16xf32>
    %86 = tensor.empty() : tensor<2x6x16xf32>
    %87 = linalg.fill ins(%cst_8 : f32) outs(%86 : tensor<2x6x16xf32>) -> tensor<2x6x16xf32>
    %88 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%85 : tensor<2x6x16x16xf32>) outs(%87 : tensor<2x6x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %214 = arith.addf %out, %in : f32
      linalg.yield %214 : f32
    } -> tensor<2x6x16xf32>
    %89 = tensor.empty() : tensor<2x6x16x16xf32>
    %90 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%88 : tensor<2x6x16xf32>) outs(%89 : tensor<2x6x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x6x16x16xf32>
    %91 = tensor.empty() : tensor<2x6x16x16xf32>
    %92 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%85, %90 : tensor<2x6x16x16xf32>, tensor<2x6x16x16xf32>) outs(%91 : tensor<2x6x16x16xf32>) {
    ^bb0(%in: f32, %in_39: f32, %out: f32):
      %214 = arith.divf %in, %in_39 : f32
      linalg.yield %214 : f32
    } -> tensor<2x6x16x16xf32>
    %93 = tensor.empty() : tensor<2x6x8x16xf32>
    %94 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%collapsed_20 : tensor<2x16x6x8xf32>) outs(%93 : tensor<2x6x8x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x6x8x16xf32>
    %95 = tensor.empty() : tensor<2x6x16x16xf32>
    %96 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%92 : tensor<2x6x16x16xf32>) outs(%95 : tensor<2x6x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x6x16x16xf32>
    %collapsed_24 = tensor.collapse_shape %94 [[0, 1], [2], [3]] : tensor<2x6x8x16xf32> into tensor<12x8x16xf32>
    %collapsed_25 = tensor.collapse_shape %96 [[0, 1], [2], [3]] : tensor<2x6x16x16xf32> into tensor<12x16x16xf32>
    %97 = tensor.empty() : tensor<12x8x16xf32>
    %98 = linalg.fill ins(%cst_8 : f32) outs(%97 : tensor<12x8x16xf32>) -> tensor<12x8x16xf32>
    %99 = linalg.batch_matmul ins(%collapsed_24, %collapsed_25 : tensor<12x8x16xf32>, tensor<12x16x16xf32>) outs(%98 : tensor<12x8x16xf32>) -> tensor<12x8x16xf32>
    %expanded_26 = tensor.expand_shape %99 [[0, 1], [2], [3]] output_shape [2, 6, 8, 16] : tensor<12x8x16xf32> into tensor<2x6x8x16xf32>
    %100 = tensor.empty() : tensor<2x16x6x8xf32>
    %101 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_26 : tensor<2x6x8x16xf32>) outs(%100 : tensor<2x16x6x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x6x8xf32>
    %collapsed_27 = tensor.collapse_shape %101 [[0, 1], [2, 3]] : tensor<2x16x6x8xf32> into tensor<32x48xf32>
    %102 = tensor.empty() : tensor<32x48xf32>
    %103 = linalg.fill ins(%cst_8 : f32) outs(%102 : tensor<32x48xf32>) -> tensor<32x48xf32>
    %104 = linalg.matmul ins(%collapsed_27, %arg7 : tensor<32x48xf32>, tensor<48x48xf32>) outs(%103 : tensor<32x48xf32>) -> tensor<32x48xf32>
    %expanded_28 = tensor.expand_shape %104 [[0, 1], [2]] output_shape [2, 16, 48] : tensor<32x48xf32> into tensor<2x16x48xf32>
    %105 = tensor.empty() : tensor<2x16x48xf32>
    %106 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%24, %expanded_28 : tensor<2x16x48xf32>, tensor<2x16x48xf32>) outs(%105 : tensor<2x16x48xf32>) {
    ^bb0(%in: f32, %in_39: f32, %out: f32):
      %214 = arith.addf %in, %in_39 : f32
      linalg.yield %214 : f32
    } -> tensor<2x16x48xf32>
    %107 = tensor.empty() : tensor<2x16x48xf32>
    %108 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg8 : tensor<48xf32>) outs(%107 : tensor<2x16x48xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x48xf32>
    %109 = tensor.empty() : tensor<2x16x48xf32>
    %110 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%106, %108 : tensor<2x16x48xf32>, tensor<2x16x48xf32>) outs(%109 : tensor<2x16x48xf32>) {
    ^bb0(%in: f32, %in_39: f32, %out: f32):
      %214 = arith.addf %in, %in_39 : f32
      linalg.yield %214 : f32
    } -> tensor<2x16x48xf32>
    %111 = tensor.empty() : tensor<2x16xf32>
    %112 = linalg.fill ins(%cst_8 : f32) outs(%111 : tensor<2x16xf32>) -> tensor<2x16xf32>
    %113 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%110 : tensor<2x16x48xf32>) outs(%112 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %214 = arith.addf %out, %in : f32
      linalg.yield %214 : f32
    } -> tensor<2x16xf32>
    %expanded_29 = tensor.expand_shape %113 [[0], [1, 2]] output_shape [2, 16, 1] : tensor<2x16xf32> into tensor<2x16x1xf32>
    %114 = tensor.empty() : tensor<2x16x1xf32>
    %115 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_29 : tensor<2x16x1xf32>) outs(%114 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %214 = arith.divf %in, %cst_7 : f32
      linalg.yield %214 : f32
    } -> tensor<2x16x1xf32>
    %116 = tensor.empty() : tensor<2x16x48xf32>
    %117 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%115 : tensor<2x16x1xf32>) outs(%116 : tensor<2x16x48xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x48xf32>
    %118 = tensor.empty() : tensor<2x16x48xf32>
    %119 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%110, %117 : tensor<2x16x48xf32>, tensor<2x16x48xf32>) outs(%118 : tensor<2x16x48xf32>) {
    ^bb0(%in: f32, %in_39: f32, %out: f32):
      %214 = arith.subf %in, %in_39 : f32
      linalg.yield %214 : f32
    } -> tensor<2x16x48xf32>
    %120 = tensor.empty() : tensor<2x16x48xf32>
    %121 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%119 : tensor<2x16x48xf32>) outs(%120 : tensor<2x16x48xf32>) {
    ^bb0(%in: f32, %out: f32):
      %214 = arith.mulf %in, %in : f32
      linalg.yield %214 : f32
    } -> tensor<2x16x48xf32>
    %122 = tensor.empty() : tensor<2x16xf32>
    %123 = linalg.fill ins(%cst_8 : f32) outs(%122 : tensor<2x16xf32>) -> tensor<2x16xf32>
    %124 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%121 : tensor<2x16x48xf32>) outs(%123 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %214 = arith.addf %out, %in : f32
      linalg.yield %214 : f32
    } -> tensor<2x16xf32>
    %expanded_30 = tensor.expand_shape %124 [[0], [1, 2]] output_shape [2, 16, 1] : tensor<2x16xf32> into tensor<2x16x1xf32>
    %125 = tensor.empty() : tensor<2x16x1xf32>
    %126 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_30 : tensor<2x16x1xf32>) outs(%125 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %214 = arith.divf %in, %cst_7 : f32
      linalg.yield %214 : f32
    } -> tensor<2x16x1xf32>
    %127 = tensor.empty() : tensor<2x16x1xf32>
    %128 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%126 : tensor<2x16x1xf32>) outs(%127 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %214 = arith.addf %in, %cst_6 : f32
      linalg.yield %214 : f32
    } -> tensor<2x16x1xf32>
    %129 = tensor.empty() : tensor<2x16x1xf32>
    %130 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%128 : tensor<2x16x1xf32>) outs(%129 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %214 = math.rsqrt %in : f32
      linalg.yield %214 : f32
    } -> tensor<2x16x1xf32>
    %131 = tensor.empty() : tensor<2x16x48xf32>
    %132 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%130 : tensor<2x16x1xf32>) outs(%131 : tensor<2x16x48xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x48xf32>
    %133 = tensor.empty() : tensor<2x16x48xf32>
    %134 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%119, %132 : tensor<2x16x48xf32>, tensor<2x16x48xf32>) outs(%133 : tensor<2x16x48xf32>) {
    ^bb0(%in: f32, %in_39: f32, %out: f32):
      %214 = arith.mulf %in, %in_39 : f32
      linalg.yield %214 : f32
    } -> tensor<2x16x48xf32>
    %135 = tensor.empty() : tensor<2x16x48xf32>
    %136 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg9 : tensor<48xf32>) outs(%135 : tensor<2x16x48xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x48xf32>
    %137 = tensor.empty() : tensor<2x16x48xf32>
    %138 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%134, %136 : tensor<2x16x48xf32>, tensor<2x16x48xf32>) outs(%137 : tensor<2x16x48xf32>) {
    ^bb0(%in: f32, %in_39: f32, %out: f32):
      %214 = arith.mulf %in, %in_39 : f32
      linalg.yield %214 : f32
    } -> tensor<2x16x48xf32>
    %139 = tensor.empty() : tensor<2x16x48xf32>
    %140 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg10 : tensor<48xf32>) outs(%139 : tensor<2x16x48xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x48xf32>
    %141 = tensor.empty() : tensor<2x16x48xf32>
    %142 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%138, %140 : tensor<2x16x48xf32>, tensor<2x16x48xf32>) outs(%141 : tensor<2x16x48xf32>) {
    ^bb0(%in: f32, %in_39: f32, %out: f32):
      %214 = arith.addf %in, %in_39 : f32
      linalg.yield %214 : f32
    } -> tensor<2x16x48xf32>
    %collapsed_31 = tensor.collapse_shape %142 [[0, 1], [2]] : tensor<2x16x48xf32> into tensor<32x48xf32>
    %143 = tensor.empty() : tensor<32x192xf32>
    %144 = linalg.fill ins(%cst_8 : f32) outs(%143 : tensor<32x192xf32>) -> tensor<32x192xf32>
    %145 = linalg.matmul ins(%collapsed_31, %arg11 : tensor<32x48xf32>, tensor<48x192xf32>) outs(%144 : tensor<32x192xf32>) -> tensor<32x192xf32>
    %expanded_32 = tensor.expand_shape %145 [[0, 1], [2]] output_shape [2, 16, 192] : tensor<32x192xf32> into tensor<2x16x192xf32>
    %146 = tensor.empty() : tensor<2x16x192xf32>
    %147 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg12 : tensor<192xf32>) outs(%146 : tensor<2x16x192xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x192xf32>
    %148 = tensor.empty() : tensor<2x16x192xf32>
    %149 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_32, %147 : tensor<2x16x192xf32>, tensor<2x16x192xf32>) outs(%148 : tensor<2x16x192xf32>) {
    ^bb0(%in: f32, %in_39: f32, %out: f32):
      %214 = arith.addf %in, %in_39 : f32
      linalg.yield %214 : f32
    } -> tensor<2x16x192xf32>
    %150 = tensor.empty() : tensor<2x16x192xf32>
    %151 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%149 : tensor<2x16x192xf32>) outs(%150 : tensor<2x16x192xf32>) {
    ^bb0(%in: f32, %out: f32):
      %214 = arith.mulf %in, %in : f32
      linalg.yield %214 : f32
    } -> tensor<2x16x192xf32>
    %152 = tensor.empty() : tensor<2x16x192xf32>
    %153 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%151, %149 : tensor<2x16x192xf32>, tensor<2x16x192xf32>) outs(%152 : tensor<2x16x192xf32>) {
    ^bb0(%in: f32, %in_39: f32, %out: f32):
      %214 = arith.mulf %in, %in_39 : f32
      linalg.yield %214 : f32
    } -> tensor<2x16x192xf32>
    %154 = tensor.empty() : tensor<2x16x192xf32>
    %155 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%153 : tensor<2x16x192xf32>) outs(%154 : tensor<2x16x192xf32>) {
    ^bb0(%in: f32, %out: f32):
      %214 = arith.mulf %in, %cst_2 : f32
      linalg.yield %214 : f32
    } -> tensor<2x16x192xf32>
    %156 = tensor.empty() : tensor<2x16x192xf32>
    %157 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%149, %155 : tensor<2x16x192xf32>, tensor<2x16x192xf32>) outs(%156 : tensor<2x16x192xf32>) {
    ^bb0(%in: f32, %in_39: f32, %out: f32):
      %214 = arith.addf %in, %in_39 : f32
      linalg.yield %214 : f32
    } -> tensor<2x16x192xf32>
    %158 = tensor.empty() : tensor<2x16x192xf32>
    %159 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%157 : tensor<2x16x192xf32>) outs(%158 : tensor<2x16x192xf32>) {
    ^bb0(%in: f32, %out: f32):
      %214 = arith.mulf %in, %cst_1 : f32
      linalg.yield %214 : f32
    } -> tensor<2x16x192xf32>
    %160 = tensor.empty() : tensor<2x16x192xf32>
    %161 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%159 : tensor<2x16x192xf32>) outs(%160 : tensor<2x16x192xf32>) {
    ^bb0(%in: f32, %out: f32):
      %214 = math.tanh %in : f32
      linalg.yield %214 : f32
    } -> tensor<2x16x192xf32>
    %162 = tensor.empty() : tensor<2x16x192xf32>
    %163 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%161 : tensor<2x16x192xf32>) outs(%162 : tensor<2x16x192xf32>) {
    ^bb0(%in: f32, %out: f32):
      %214 = arith.addf %in, %cst_0 : f32
      linalg.yield %214 : f32
    } -> tensor<2x16x192xf32>
    %164 = tensor.empty() : tensor<2x16x192xf32>
    %165 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%163 : tensor<2x16x192xf32>) outs(%164 : tensor<2x16x192xf32>) {
    ^bb0(%in: f32, %out: f32):
      %214 = arith.mulf %in, %cst : f32
      linalg.yield %214 : f32
    } -> tensor<2x16x192xf32>
    %166 = tensor.empty() : tensor<2x16x192xf32>
    %167 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%149, %165 : tensor<2x16x192xf32>, tensor<2x16x192xf32>) outs(%166 : tensor<2x16x192xf32>) {
    ^bb0(%in: f32, %in_39: f32, %out: f32):
      %214 = arith.mulf %in, %in_39 : f32
      linalg.yield %214 : f32
    } -> tensor<2x16x192xf32>
    %collapsed_33 = tensor.collapse_shape %167 [[0, 1], [2]] : tensor<2x16x192xf32> into tensor<32x192xf32>
    %168 = tensor.empty() : tensor<32x48xf32>
    %169 = linalg.fill ins(%cst_8 : f32) outs(%168 : tensor<32x48xf32>) -> tensor<32x48xf32>
    %170 = linalg.matmul ins(%collapsed_33, %arg13 : tensor<32x192xf32>, tensor<192x48xf32>) outs(%169 : tensor<32x48xf32>) -> tensor<32x48xf32>
    %expanded_34 = tensor.expand_shape %170 [[0, 1], [2]] output_shape [2, 16, 48] : tensor<32x48xf32> into tensor<2x16x48xf32>
    %171 = tensor.empty() : tensor<2x16x48xf32>
    %172 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%110, %expanded_34 : tensor<2x16x48xf32>, tensor<2x16x48xf32>) outs(%171 : tensor<2x16x48xf32>) {
    ^bb0(%in: f32, %in_39: f32, %out: f32):
      %214 = arith.addf %in, %in_39 : f32
      linalg.yield %214 : f32
    } -> tensor<2x16x48xf32>
    %173 = tensor.empty() : tensor<2x16x48xf32>
    %174 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg14 : tensor<48xf32>) outs(%173 : tensor<2x16x48xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x48xf32>
    %175 = tensor.empty() : tensor<2x16x48xf32>
    %176 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%172, %174 : tensor<2x16x48xf32>, tensor<2x16x48xf32>) outs(%175 : tensor<2x16x48xf32>) {
    ^bb0(%in: f32, %in_39: f32, %out: f32):
      %214 = arith.addf %in, %in_39 : f32
      linalg.yield %214 : f32
    } -> tensor<2x16x48xf32>
    %177 = tensor.empty() : tensor<2x16xf32>
    %178 = linalg.fill ins(%cst_8 : f32) outs(%177 : tensor<2x16xf32>) -> tensor<2x16xf32>
    %179 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%176 : tensor<2x16x48xf32>) outs(%178 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %214 = arith.addf %out, %in : f32
      linalg.yield %214 : f32
    } -> tensor<2x16xf32>
    %expanded_35 = tensor.expand_shape %179 [[0], [1, 2]] output_shape [2, 16, 1] : tensor<2x16xf32> into tensor<2x16x1xf32>
    %180 = tensor.empty() : tensor<2x16x1xf32>
    %181 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_35 : tensor<2x16x1xf32>) outs(%180 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %214 = arith.divf %in, %cst_7 : f32
      linalg.yield %214 : f32
    } -> tensor<2x16x1xf32>
    %182 = tensor.empty() : tensor<2x16x48xf32>
    %183 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%181 : tensor<2x16x1xf32>) outs(%182 : tensor<2x16x48xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x48xf32>
    %184 = tensor.empty() : tensor<2x16x48xf32>
    %185 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%176, %183 : tensor<2x16x48xf32>, tensor<2x16x48xf32>) outs(%184 : tensor<2x16x48xf32>) {
    ^bb0(%in: f32, %in_39: f32, %out: f32):
      %214 = arith.subf %in, %in_39 : f32
      linalg.yield %214 : f32
    } -> tensor<2x16x48xf32>
    %186 = tensor.empty() : tensor<2x16x48xf32>
    %187 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%185 : tensor<2x16x48xf32>) outs(%186 : tensor<2x16x48xf32>) {
    ^bb0(%in: f32, %out: f32):
      %214 = arith.mulf %in, %in : f32
      linalg.yield %214 : f32
    } -> tensor<2x16x48xf32>
    %188 = tensor.empty() : tensor<2x16xf32>
    %189 = linalg.fill ins(%cst_8 : f32) outs(%188 : tensor<2x16xf32>) -> tensor<2x16xf32>
    %190 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%187 : tensor<2x16x48xf32>) outs(%189 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %214 = arith.addf %out, %in : f32
      linalg.yield %214 : f32
    } -> tensor<2x16xf32>
    %expanded_36 = tensor.expand_shape %190 [[0], [1, 2]] output_shape [2, 16, 1] : tensor<2x16xf32> into tensor<2x16x1xf32>
    %191 = tensor.empty() : tensor<2x16x1xf32>
    %192 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_36 : tensor<2x16x1xf32>) outs(%191 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %214 = arith.divf %in, %cst_7 : f32
      linalg.yield %214 : f32
    } -> tensor<2x16x1xf32>
    %193 = tensor.empty() : tensor<2x16x1xf32>
    %194 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%192 : tensor<2x16x1xf32>) outs(%193 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %214 = arith.addf %in, %cst_6 : f32
      linalg.yield %214 : f32
    } -> tensor<2x16x1xf32>
    %195 = tensor.empty() : tensor<2x16x1xf32>
    %196 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%194 : tensor<2x16x1xf32>) outs(%195 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %214 = math.rsqrt %in : f32
      linalg.yield %214 : f32
    } -> tensor<2x16x1xf32>
    %197 = tensor.empty() : tensor<2x16x48xf32>
    %198 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%196 : tensor<2x16x1xf32>) outs(%197 : tensor<2x16x48xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x48xf32>
    %199 = tensor.empty() : tensor<2x16x48xf32>
    %200 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%185, %198 : tensor<2x16x48xf32>, tensor<2x16x48xf32>) outs(%199 : tensor<2x16x48xf32>) {
    ^bb0(%in: f32, %in_39: f32, %out: f32):
      %214 = arith.mulf %in, %in_39 : f32
      linalg.yield %214 : f32
    } -> tensor<2x16x48xf32>
    %201 = tensor.empty() : tensor<2x16x48xf32>
    %202 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg15 : tensor<48xf32>) outs(%201 : tensor<2x16x48xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x48xf32>
    %203 = tensor.empty() : tensor<2x16x48xf32>
    %204 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%200, %202 : tensor<2x16x48xf32>, tensor<2x16x48xf32>) outs(%203 : tensor<2x16x48xf32>) {
    ^bb0(%in: f32, %in_39: f32, %out: f32):
      %214 = arith.mulf %in, %in_39 : f32
      linalg.yield %214 : f32
    } -> tensor<2x16x48xf32>
    %205 = tensor.empty() : tensor<2x16x48xf32>
    %206 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg16 : tensor<48xf32>) outs(%205 : tensor<2x16x48xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x48xf32>
    %207 = tensor.empty() : tensor<2x16x48xf32>
    %208 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%204, %206 : tensor<2x16x48xf32>, tensor<2x16x48xf32>) outs(%207 : tensor<2x16x48xf32>) {
    ^bb0(%in: f32, %in_39: f32, %out: f32):
      %214 = arith.addf %in, %in_39 : f32
      linalg.yield %214 : f32
    } -> tensor<2x16x48xf32>
    %209 = tensor.empty() : tensor<48x256xf32>
    %210 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%arg1 : tensor<256x48xf32>) outs(%209 : tensor<48x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<48x256xf32>
    %collapsed_37 = tensor.collapse_shape %208 [[0, 1], [2]] : tensor<2x16x48xf32> into tensor<32x48xf32>
    %211 = tensor.empty() : tensor<32x256xf32>
    %212 = linalg.fill ins(%cst_8 : f32) outs(%211 : tensor<32x256xf32>) -> tensor<32x256xf32>
    %213 = linalg.matmul ins(%collapsed_37, %210 : tensor<32x48xf32>, tensor<48x256xf32>) outs(%212 : tensor<32x256xf32>) -> tensor<32x256xf32>
    %expanded_38 = tensor.expand_shape %213 [[0, 1], [2]] output_shape [2, 16, 256] : tensor<32x256xf32> into tensor<2x16x256xf32>
    util.return %expanded_38 : tensor<2x16x256xf32>
  }
}