module @jit_llama {
  util.func public @main(%arg0: tensor<2x64xi32>, %arg1: tensor<512x256xbf16>, %arg2: tensor<256xbf16>, %arg3: tensor<256x256xbf16>, %arg4: tensor<256x256xbf16>, %arg5: tensor<256x256xbf16>, %arg6: tensor<256x256xbf16>, %arg7: tensor<256xbf16>, %arg8: tensor<256x512xbf16>, %arg9: tensor<256x512xbf16>, %arg10: tensor<512x256xbf16>, %arg11: tensor<256xbf16>, %arg12: tensor<256x256xbf16>, %arg13: tensor<256x256xbf16>, %arg14: tensor<256x256xbf16>, %arg15: tensor<256x256xbf16>, %arg16: tensor<256xbf16>, %arg17: tensor<256x512xbf16>, %arg18: tensor<256x512xbf16>, %arg19: tensor<512x256xbf16>, %arg20: tensor<256xbf16>, %arg21: tensor<256x512xbf16>) -> tensor<2x64x512xbf16> {
    %cst = arith.constant 1.000000e+00 : bf16
    %cst_0 = arith.constant 0xFF80 : bf16
    %cst_1 = arith.constant -9.982440e+08 : bf16
    %cst_2 = arith.constant 8.000000e+00 : bf16
    %cst_3 = arith.constant 1.000000e+00 : f32
    %cst_4 = arith.constant 1.000000e+04 : f32
    %cst_5 = arith.constant 6.400000e+01 : f32
    %cst_6 = arith.constant 2.000000e+00 : f32
    %cst_7 = arith.constant 0.000000e+00 : bf16
    %cst_8 = arith.constant 9.983770e-07 : bf16
    %cst_9 = arith.constant 2.560000e+02 : f32
    %cst_10 = arith.constant 0.000000e+00 : f32
    %cst_11 = arith.constant 0x7FC0 : bf16
    %true = arith.constant true
    %c511_i32 = arith.constant 511 : i32
    %c512_i32 = arith.constant 512 : i32
    %c0_i32 = arith.constant 0 : i32
    %0 = tensor.empty() : tensor<2x64xi1>
    %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<2x64xi32>) outs(%0 : tensor<2x64xi1>) {
    ^bb0(%in: i32, %out: i1):
      %373 = arith.cmpi slt, %in, %c0_i32 : i32
      linalg.yield %373 : i1
    } -> tensor<2x64xi1>
    %2 = tensor.empty() : tensor<2x64xi32>
    %3 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<2x64xi32>) outs(%2 : tensor<2x64xi32>) {
    ^bb0(%in: i32, %out: i32):
      %373 = arith.addi %in, %c512_i32 : i32
      linalg.yield %373 : i32
    } -> tensor<2x64xi32>
    %4 = tensor.empty() : tensor<2x64xi32>
    %5 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%1, %3, %arg0 : tensor<2x64xi1>, tensor<2x64xi32>, tensor<2x64xi32>) outs(%4 : tensor<2x64xi32>) {
    ^bb0(%in: i1, %in_73: i32, %in_74: i32, %out: i32):
      %373 = arith.select %in, %in_73, %in_74 : i32
      linalg.yield %373 : i32
    } -> tensor<2x64xi32>
    %expanded = tensor.expand_shape %5 [[0], [1, 2]] output_shape [2, 64, 1] : tensor<2x64xi32> into tensor<2x64x1xi32>
    %6 = tensor.empty() : tensor<2x64x1xi1>
    %7 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded : tensor<2x64x1xi32>) outs(%6 : tensor<2x64x1xi1>) {
    ^bb0(%in: i32, %out: i1):
      %373 = arith.cmpi sge, %in, %c0_i32 : i32
      linalg.yield %373 : i1
    } -> tensor<2x64x1xi1>
    %8 = tensor.empty() : tensor<2x64x1xi1>
    %9 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded : tensor<2x64x1xi32>) outs(%8 : tensor<2x64x1xi1>) {
    ^bb0(%in: i32, %out: i1):
      %373 = arith.cmpi sle, %in, %c511_i32 : i32
      linalg.yield %373 : i1
    } -> tensor<2x64x1xi1>
    %10 = tensor.empty() : tensor<2x64x1xi1>
    %11 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%7, %9 : tensor<2x64x1xi1>, tensor<2x64x1xi1>) outs(%10 : tensor<2x64x1xi1>) {
    ^bb0(%in: i1, %in_73: i1, %out: i1):
      %373 = arith.andi %in, %in_73 : i1
      linalg.yield %373 : i1
    } -> tensor<2x64x1xi1>
    %12 = tensor.empty() : tensor<2x64xi1>
    %13 = linalg.fill ins(%true : i1) outs(%12 : tensor<2x64xi1>) -> tensor<2x64xi1>
    %14 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%11 : tensor<2x64x1xi1>) outs(%13 : tensor<2x64xi1>) {
    ^bb0(%in: i1, %out: i1):
      %373 = arith.andi %out, %in : i1
      linalg.yield %373 : i1
    } -> tensor<2x64xi1>
    %15 = tensor.empty() : tensor<2x64x1x256xbf16>
    %16 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded : tensor<2x64x1xi32>) outs(%15 : tensor<2x64x1x256xbf16>) {
    ^bb0(%in: i32, %out: bf16):
      %373 = arith.index_cast %in : i32 to index
      %374 = linalg.index 3 : index
      %extracted = tensor.extract %arg1[%373, %374] : tensor<512x256xbf16>
      linalg.yield %extracted : bf16
    } -> tensor<2x64x1x256xbf16>
    %collapsed = tensor.collapse_shape %16 [[0], [1], [2, 3]] : tensor<2x64x1x256xbf16> into tensor<2x64x256xbf16>
    %17 = tensor.empty() : tensor<2x64x256xi1>
    %18 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%14 : tensor<2x64xi1>) outs(%17 : tensor<2x64x256xi1>) {
    ^bb0(%in: i1, %out: i1):
      linalg.yield %in : i1
    } -> tensor<2x64x256xi1>
    %19 = tensor.empty() : tensor<2x64x256xbf16>
    %20 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%18, %collapsed : tensor<2x64x256xi1>, tensor<2x64x256xbf16>) outs(%19 : tensor<2x64x256xbf16>) {
    ^bb0(%in: i1, %in_73: bf16, %out: bf16):
      %373 = arith.select %in, %in_73, %cst_11 : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x256xbf16>
    %21 = tensor.empty() : tensor<2x64x256xbf16>
    %22 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%20 : tensor<2x64x256xbf16>) outs(%21 : tensor<2x64x256xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %373 = arith.mulf %in, %in : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x256xbf16>
    %23 = tensor.empty() : tensor<2x64x256xf32>
    %24 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%22 : tensor<2x64x256xbf16>) outs(%23 : tensor<2x64x256xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %373 = arith.extf %in : bf16 to f32
      linalg.yield %373 : f32
    } -> tensor<2x64x256xf32>
    %25 = tensor.empty() : tensor<2x64xf32>
    %26 = linalg.fill ins(%cst_10 : f32) outs(%25 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %27 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%24 : tensor<2x64x256xf32>) outs(%26 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = arith.addf %out, %in : f32
      linalg.yield %373 : f32
    } -> tensor<2x64xf32>
    %expanded_12 = tensor.expand_shape %27 [[0], [1, 2]] output_shape [2, 64, 1] : tensor<2x64xf32> into tensor<2x64x1xf32>
    %28 = tensor.empty() : tensor<2x64x1xf32>
    %29 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_12 : tensor<2x64x1xf32>) outs(%28 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = arith.divf %in, %cst_9 : f32
      linalg.yield %373 : f32
    } -> tensor<2x64x1xf32>
    %30 = tensor.empty() : tensor<2x64x1xbf16>
    %31 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%29 : tensor<2x64x1xf32>) outs(%30 : tensor<2x64x1xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %373 = arith.truncf %in : f32 to bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x1xbf16>
    %32 = tensor.empty() : tensor<2x64x1xbf16>
    %33 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%31 : tensor<2x64x1xbf16>) outs(%32 : tensor<2x64x1xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %373 = arith.addf %in, %cst_8 : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x1xbf16>
    %34 = tensor.empty() : tensor<2x64x1xbf16>
    %35 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%33 : tensor<2x64x1xbf16>) outs(%34 : tensor<2x64x1xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %373 = math.rsqrt %in : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x1xbf16>
    %36 = tensor.empty() : tensor<2x64x256xbf16>
    %37 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%35 : tensor<2x64x1xbf16>) outs(%36 : tensor<2x64x256xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<2x64x256xbf16>
    %38 = tensor.empty() : tensor<2x64x256xbf16>
    %39 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%20, %37 : tensor<2x64x256xbf16>, tensor<2x64x256xbf16>) outs(%38 : tensor<2x64x256xbf16>) {
    ^bb0(%in: bf16, %in_73: bf16, %out: bf16):
      %373 = arith.mulf %in, %in_73 : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x256xbf16>
    %40 = tensor.empty() : tensor<2x64x256xbf16>
    %41 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg2 : tensor<256xbf16>) outs(%40 : tensor<2x64x256xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<2x64x256xbf16>
    %42 = tensor.empty() : tensor<2x64x256xbf16>
    %43 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%39, %41 : tensor<2x64x256xbf16>, tensor<2x64x256xbf16>) outs(%42 : tensor<2x64x256xbf16>) {
    ^bb0(%in: bf16, %in_73: bf16, %out: bf16):
      %373 = arith.mulf %in, %in_73 : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x256xbf16>
    %collapsed_13 = tensor.collapse_shape %43 [[0, 1], [2]] : tensor<2x64x256xbf16> into tensor<128x256xbf16>
    %44 = tensor.empty() : tensor<128x256xbf16>
    %45 = linalg.fill ins(%cst_7 : bf16) outs(%44 : tensor<128x256xbf16>) -> tensor<128x256xbf16>
    %46 = linalg.matmul ins(%collapsed_13, %arg3 : tensor<128x256xbf16>, tensor<256x256xbf16>) outs(%45 : tensor<128x256xbf16>) -> tensor<128x256xbf16>
    %expanded_14 = tensor.expand_shape %46 [[0, 1], [2, 3]] output_shape [2, 64, 4, 64] : tensor<128x256xbf16> into tensor<2x64x4x64xbf16>
    %47 = tensor.empty() : tensor<32xf32>
    %48 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%47 : tensor<32xf32>) {
    ^bb0(%out: f32):
      %373 = linalg.index 0 : index
      %374 = arith.index_cast %373 : index to i32
      %375 = arith.sitofp %374 : i32 to f32
      linalg.yield %375 : f32
    } -> tensor<32xf32>
    %49 = tensor.empty() : tensor<32xf32>
    %50 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%48 : tensor<32xf32>) outs(%49 : tensor<32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = arith.mulf %in, %cst_6 : f32
      linalg.yield %373 : f32
    } -> tensor<32xf32>
    %51 = tensor.empty() : tensor<32xf32>
    %52 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%50 : tensor<32xf32>) outs(%51 : tensor<32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = arith.addf %in, %cst_10 : f32
      linalg.yield %373 : f32
    } -> tensor<32xf32>
    %53 = tensor.empty() : tensor<32xf32>
    %54 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%52 : tensor<32xf32>) outs(%53 : tensor<32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = arith.divf %in, %cst_5 : f32
      linalg.yield %373 : f32
    } -> tensor<32xf32>
    %55 = tensor.empty() : tensor<32xf32>
    %56 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%54 : tensor<32xf32>) outs(%55 : tensor<32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = math.powf %cst_4, %in : f32
      linalg.yield %373 : f32
    } -> tensor<32xf32>
    %57 = tensor.empty() : tensor<32xf32>
    %58 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%56 : tensor<32xf32>) outs(%57 : tensor<32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = arith.divf %cst_3, %in : f32
      linalg.yield %373 : f32
    } -> tensor<32xf32>
    %59 = tensor.empty() : tensor<64xf32>
    %60 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%59 : tensor<64xf32>) {
    ^bb0(%out: f32):
      %373 = linalg.index 0 : index
      %374 = arith.index_cast %373 : index to i32
      %375 = arith.sitofp %374 : i32 to f32
      linalg.yield %375 : f32
    } -> tensor<64xf32>
    %61 = tensor.empty() : tensor<64x32xf32>
    %62 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%60 : tensor<64xf32>) outs(%61 : tensor<64x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<64x32xf32>
    %63 = tensor.empty() : tensor<64x32xf32>
    %64 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%58 : tensor<32xf32>) outs(%63 : tensor<64x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<64x32xf32>
    %65 = tensor.empty() : tensor<64x32xf32>
    %66 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%62, %64 : tensor<64x32xf32>, tensor<64x32xf32>) outs(%65 : tensor<64x32xf32>) {
    ^bb0(%in: f32, %in_73: f32, %out: f32):
      %373 = arith.mulf %in, %in_73 : f32
      linalg.yield %373 : f32
    } -> tensor<64x32xf32>
    %67 = tensor.empty() : tensor<64x32xf32>
    %68 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%66 : tensor<64x32xf32>) outs(%67 : tensor<64x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = math.cos %in : f32
      linalg.yield %373 : f32
    } -> tensor<64x32xf32>
    %69 = tensor.empty() : tensor<64x64xf32>
    %inserted_slice = tensor.insert_slice %68 into %69[0, 0] [64, 32] [1, 1] : tensor<64x32xf32> into tensor<64x64xf32>
    %inserted_slice_15 = tensor.insert_slice %68 into %inserted_slice[0, 32] [64, 32] [1, 1] : tensor<64x32xf32> into tensor<64x64xf32>
    %70 = tensor.empty() : tensor<64x64xbf16>
    %71 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%inserted_slice_15 : tensor<64x64xf32>) outs(%70 : tensor<64x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %373 = arith.truncf %in : f32 to bf16
      linalg.yield %373 : bf16
    } -> tensor<64x64xbf16>
    %72 = tensor.empty() : tensor<64x32xf32>
    %73 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%66 : tensor<64x32xf32>) outs(%72 : tensor<64x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = math.sin %in : f32
      linalg.yield %373 : f32
    } -> tensor<64x32xf32>
    %74 = tensor.empty() : tensor<64x64xf32>
    %inserted_slice_16 = tensor.insert_slice %73 into %74[0, 0] [64, 32] [1, 1] : tensor<64x32xf32> into tensor<64x64xf32>
    %inserted_slice_17 = tensor.insert_slice %73 into %inserted_slice_16[0, 32] [64, 32] [1, 1] : tensor<64x32xf32> into tensor<64x64xf32>
    %75 = tensor.empty() : tensor<64x64xbf16>
    %76 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%inserted_slice_17 : tensor<64x64xf32>) outs(%75 : tensor<64x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %373 = arith.truncf %in : f32 to bf16
      linalg.yield %373 : bf16
    } -> tensor<64x64xbf16>
    %extracted_slice = tensor.extract_slice %expanded_14[0, 0, 0, 0] [2, 64, 4, 32] [1, 1, 1, 1] : tensor<2x64x4x64xbf16> to tensor<2x64x4x32xbf16>
    %extracted_slice_18 = tensor.extract_slice %expanded_14[0, 0, 0, 32] [2, 64, 4, 32] [1, 1, 1, 1] : tensor<2x64x4x64xbf16> to tensor<2x64x4x32xbf16>
    %77 = tensor.empty() : tensor<2x64x4x64xbf16>
    %78 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%71 : tensor<64x64xbf16>) outs(%77 : tensor<2x64x4x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<2x64x4x64xbf16>
    %79 = tensor.empty() : tensor<2x64x4x64xbf16>
    %80 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_14, %78 : tensor<2x64x4x64xbf16>, tensor<2x64x4x64xbf16>) outs(%79 : tensor<2x64x4x64xbf16>) {
    ^bb0(%in: bf16, %in_73: bf16, %out: bf16):
      %373 = arith.mulf %in, %in_73 : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x4x64xbf16>
    %81 = tensor.empty() : tensor<2x64x4x32xbf16>
    %82 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_18 : tensor<2x64x4x32xbf16>) outs(%81 : tensor<2x64x4x32xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %373 = arith.negf %in : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x4x32xbf16>
    %83 = tensor.empty() : tensor<2x64x4x64xbf16>
    %inserted_slice_19 = tensor.insert_slice %82 into %83[0, 0, 0, 0] [2, 64, 4, 32] [1, 1, 1, 1] : tensor<2x64x4x32xbf16> into tensor<2x64x4x64xbf16>
    %inserted_slice_20 = tensor.insert_slice %extracted_slice into %inserted_slice_19[0, 0, 0, 32] [2, 64, 4, 32] [1, 1, 1, 1] : tensor<2x64x4x32xbf16> into tensor<2x64x4x64xbf16>
    %84 = tensor.empty() : tensor<2x64x4x64xbf16>
    %85 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%76 : tensor<64x64xbf16>) outs(%84 : tensor<2x64x4x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<2x64x4x64xbf16>
    %86 = tensor.empty() : tensor<2x64x4x64xbf16>
    %87 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%inserted_slice_20, %85 : tensor<2x64x4x64xbf16>, tensor<2x64x4x64xbf16>) outs(%86 : tensor<2x64x4x64xbf16>) {
    ^bb0(%in: bf16, %in_73: bf16, %out: bf16):
      %373 = arith.mulf %in, %in_73 : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x4x64xbf16>
    %88 = tensor.empty() : tensor<2x64x4x64xbf16>
    %89 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%80, %87 : tensor<2x64x4x64xbf16>, tensor<2x64x4x64xbf16>) outs(%88 : tensor<2x64x4x64xbf16>) {
    ^bb0(%in: bf16, %in_73: bf16, %out: bf16):
      %373 = arith.addf %in, %in_73 : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x4x64xbf16>
    %90 = tensor.empty() : tensor<128x256xbf16>
    %91 = linalg.fill ins(%cst_7 : bf16) outs(%90 : tensor<128x256xbf16>) -> tensor<128x256xbf16>
    %92 = linalg.matmul ins(%collapsed_13, %arg4 : tensor<128x256xbf16>, tensor<256x256xbf16>) outs(%91 : tensor<128x256xbf16>) -> tensor<128x256xbf16>
    %expanded_21 = tensor.expand_shape %92 [[0, 1], [2, 3]] output_shape [2, 64, 4, 64] : tensor<128x256xbf16> into tensor<2x64x4x64xbf16>
    %extracted_slice_22 = tensor.extract_slice %expanded_21[0, 0, 0, 0] [2, 64, 4, 32] [1, 1, 1, 1] : tensor<2x64x4x64xbf16> to tensor<2x64x4x32xbf16>
    %extracted_slice_23 = tensor.extract_slice %expanded_21[0, 0, 0, 32] [2, 64, 4, 32] [1, 1, 1, 1] : tensor<2x64x4x64xbf16> to tensor<2x64x4x32xbf16>
    %93 = tensor.empty() : tensor<2x64x4x64xbf16>
    %94 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_21, %78 : tensor<2x64x4x64xbf16>, tensor<2x64x4x64xbf16>) outs(%93 : tensor<2x64x4x64xbf16>) {
    ^bb0(%in: bf16, %in_73: bf16, %out: bf16):
      %373 = arith.mulf %in, %in_73 : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x4x64xbf16>
    %95 = tensor.empty() : tensor<2x64x4x32xbf16>
    %96 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_23 : tensor<2x64x4x32xbf16>) outs(%95 : tensor<2x64x4x32xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %373 = arith.negf %in : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x4x32xbf16>
    %97 = tensor.empty() : tensor<2x64x4x64xbf16>
    %inserted_slice_24 = tensor.insert_slice %96 into %97[0, 0, 0, 0] [2, 64, 4, 32] [1, 1, 1, 1] : tensor<2x64x4x32xbf16> into tensor<2x64x4x64xbf16>
    %inserted_slice_25 = tensor.insert_slice %extracted_slice_22 into %inserted_slice_24[0, 0, 0, 32] [2, 64, 4, 32] [1, 1, 1, 1] : tensor<2x64x4x32xbf16> into tensor<2x64x4x64xbf16>
    %98 = tensor.empty() : tensor<2x64x4x64xbf16>
    %99 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%inserted_slice_25, %85 : tensor<2x64x4x64xbf16>, tensor<2x64x4x64xbf16>) outs(%98 : tensor<2x64x4x64xbf16>) {
    ^bb0(%in: bf16, %in_73: bf16, %out: bf16):
      %373 = arith.mulf %in, %in_73 : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x4x64xbf16>
    %100 = tensor.empty() : tensor<2x64x4x64xbf16>
    %101 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%94, %99 : tensor<2x64x4x64xbf16>, tensor<2x64x4x64xbf16>) outs(%100 : tensor<2x64x4x64xbf16>) {
    ^bb0(%in: bf16, %in_73: bf16, %out: bf16):
      %373 = arith.addf %in, %in_73 : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x4x64xbf16>
    %102 = tensor.empty() : tensor<128x256xbf16>
    %103 = linalg.fill ins(%cst_7 : bf16) outs(%102 : tensor<128x256xbf16>) -> tensor<128x256xbf16>
    %104 = linalg.matmul ins(%collapsed_13, %arg5 : tensor<128x256xbf16>, tensor<256x256xbf16>) outs(%103 : tensor<128x256xbf16>) -> tensor<128x256xbf16>
    %expanded_26 = tensor.expand_shape %104 [[0, 1], [2, 3]] output_shape [2, 64, 4, 64] : tensor<128x256xbf16> into tensor<2x64x4x64xbf16>
    %105 = tensor.empty() : tensor<2x4x64x64xbf16>
    %106 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%89 : tensor<2x64x4x64xbf16>) outs(%105 : tensor<2x4x64x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<2x4x64x64xbf16>
    %107 = tensor.empty() : tensor<2x4x64x64xbf16>
    %108 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%101 : tensor<2x64x4x64xbf16>) outs(%107 : tensor<2x4x64x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<2x4x64x64xbf16>
    %collapsed_27 = tensor.collapse_shape %106 [[0, 1], [2], [3]] : tensor<2x4x64x64xbf16> into tensor<8x64x64xbf16>
    %collapsed_28 = tensor.collapse_shape %108 [[0, 1], [2], [3]] : tensor<2x4x64x64xbf16> into tensor<8x64x64xbf16>
    %109 = tensor.empty() : tensor<8x64x64xbf16>
    %110 = linalg.fill ins(%cst_7 : bf16) outs(%109 : tensor<8x64x64xbf16>) -> tensor<8x64x64xbf16>
    %111 = linalg.batch_matmul ins(%collapsed_27, %collapsed_28 : tensor<8x64x64xbf16>, tensor<8x64x64xbf16>) outs(%110 : tensor<8x64x64xbf16>) -> tensor<8x64x64xbf16>
    %expanded_29 = tensor.expand_shape %111 [[0, 1], [2], [3]] output_shape [2, 4, 64, 64] : tensor<8x64x64xbf16> into tensor<2x4x64x64xbf16>
    %112 = tensor.empty() : tensor<2x4x64x64xbf16>
    %113 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_29 : tensor<2x4x64x64xbf16>) outs(%112 : tensor<2x4x64x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %373 = arith.divf %in, %cst_2 : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x4x64x64xbf16>
    %114 = tensor.empty() : tensor<64xi32>
    %115 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%114 : tensor<64xi32>) {
    ^bb0(%out: i32):
      %373 = linalg.index 0 : index
      %374 = arith.index_cast %373 : index to i32
      linalg.yield %374 : i32
    } -> tensor<64xi32>
    %116 = tensor.empty() : tensor<64x64xi32>
    %117 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%115 : tensor<64xi32>) outs(%116 : tensor<64x64xi32>) {
    ^bb0(%in: i32, %out: i32):
      linalg.yield %in : i32
    } -> tensor<64x64xi32>
    %118 = tensor.empty() : tensor<64x64xi32>
    %119 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%115 : tensor<64xi32>) outs(%118 : tensor<64x64xi32>) {
    ^bb0(%in: i32, %out: i32):
      linalg.yield %in : i32
    } -> tensor<64x64xi32>
    %120 = tensor.empty() : tensor<64x64xi1>
    %121 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%117, %119 : tensor<64x64xi32>, tensor<64x64xi32>) outs(%120 : tensor<64x64xi1>) {
    ^bb0(%in: i32, %in_73: i32, %out: i1):
      %373 = arith.cmpi sge, %in, %in_73 : i32
      linalg.yield %373 : i1
    } -> tensor<64x64xi1>
    %122 = tensor.empty() : tensor<2x4x64x64xi1>
    %123 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%121 : tensor<64x64xi1>) outs(%122 : tensor<2x4x64x64xi1>) {
    ^bb0(%in: i1, %out: i1):
      linalg.yield %in : i1
    } -> tensor<2x4x64x64xi1>
    %124 = tensor.empty() : tensor<2x4x64x64xbf16>
    %125 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%123, %113 : tensor<2x4x64x64xi1>, tensor<2x4x64x64xbf16>) outs(%124 : tensor<2x4x64x64xbf16>) {
    ^bb0(%in: i1, %in_73: bf16, %out: bf16):
      %373 = arith.select %in, %in_73, %cst_1 : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x4x64x64xbf16>
    %126 = tensor.empty() : tensor<2x4x64xbf16>
    %127 = linalg.fill ins(%cst_0 : bf16) outs(%126 : tensor<2x4x64xbf16>) -> tensor<2x4x64xbf16>
    %128 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%125 : tensor<2x4x64x64xbf16>) outs(%127 : tensor<2x4x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %373 = arith.maximumf %out, %in : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x4x64xbf16>
    %129 = tensor.empty() : tensor<2x4x64x64xbf16>
    %130 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%128 : tensor<2x4x64xbf16>) outs(%129 : tensor<2x4x64x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<2x4x64x64xbf16>
    %131 = tensor.empty() : tensor<2x4x64x64xbf16>
    %132 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%125, %130 : tensor<2x4x64x64xbf16>, tensor<2x4x64x64xbf16>) outs(%131 : tensor<2x4x64x64xbf16>) {
    ^bb0(%in: bf16, %in_73: bf16, %out: bf16):
      %373 = arith.subf %in, %in_73 : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x4x64x64xbf16>
    %133 = tensor.empty() : tensor<2x4x64x64xbf16>
    %134 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%132 : tensor<2x4x64x64xbf16>) outs(%133 : tensor<2x4x64x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %373 = math.exp %in : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x4x64x64xbf16>
    %135 = tensor.empty() : tensor<2x4x64x64xf32>
    %136 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%134 : tensor<2x4x64x64xbf16>) outs(%135 : tensor<2x4x64x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %373 = arith.extf %in : bf16 to f32
      linalg.yield %373 : f32
    } -> tensor<2x4x64x64xf32>
    %137 = tensor.empty() : tensor<2x4x64xf32>
    %138 = linalg.fill ins(%cst_10 : f32) outs(%137 : tensor<2x4x64xf32>) -> tensor<2x4x64xf32>
    %139 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%136 : tensor<2x4x64x64xf32>) outs(%138 : tensor<2x4x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = arith.addf %out, %in : f32
      linalg.yield %373 : f32
    } -> tensor<2x4x64xf32>
    %140 = tensor.empty() : tensor<2x4x64xbf16>
    %141 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%139 : tensor<2x4x64xf32>) outs(%140 : tensor<2x4x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %373 = arith.truncf %in : f32 to bf16
      linalg.yield %373 : bf16
    } -> tensor<2x4x64xbf16>
    %expanded_30 = tensor.expand_shape %141 [[0], [1], [2, 3]] output_shape [2, 4, 64, 1] : tensor<2x4x64xbf16> into tensor<2x4x64x1xbf16>
    %142 = tensor.empty() : tensor<2x4x64x64xbf16>
    %143 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_30 : tensor<2x4x64x1xbf16>) outs(%142 : tensor<2x4x64x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<2x4x64x64xbf16>
    %144 = tensor.empty() : tensor<2x4x64x64xbf16>
    %145 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%134, %143 : tensor<2x4x64x64xbf16>, tensor<2x4x64x64xbf16>) outs(%144 : tensor<2x4x64x64xbf16>) {
    ^bb0(%in: bf16, %in_73: bf16, %out: bf16):
      %373 = arith.divf %in, %in_73 : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x4x64x64xbf16>
    %146 = tensor.empty() : tensor<2x4x64x64xbf16>
    %147 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_26 : tensor<2x64x4x64xbf16>) outs(%146 : tensor<2x4x64x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<2x4x64x64xbf16>
    %148 = tensor.empty() : tensor<2x4x64x64xbf16>
    %149 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%145 : tensor<2x4x64x64xbf16>) outs(%148 : tensor<2x4x64x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<2x4x64x64xbf16>
    %collapsed_31 = tensor.collapse_shape %147 [[0, 1], [2], [3]] : tensor<2x4x64x64xbf16> into tensor<8x64x64xbf16>
    %collapsed_32 = tensor.collapse_shape %149 [[0, 1], [2], [3]] : tensor<2x4x64x64xbf16> into tensor<8x64x64xbf16>
    %150 = tensor.empty() : tensor<8x64x64xbf16>
    %151 = linalg.fill ins(%cst_7 : bf16) outs(%150 : tensor<8x64x64xbf16>) -> tensor<8x64x64xbf16>
    %152 = linalg.batch_matmul ins(%collapsed_31, %collapsed_32 : tensor<8x64x64xbf16>, tensor<8x64x64xbf16>) outs(%151 : tensor<8x64x64xbf16>) -> tensor<8x64x64xbf16>
    %expanded_33 = tensor.expand_shape %152 [[0, 1], [2], [3]] output_shape [2, 4, 64, 64] : tensor<8x64x64xbf16> into tensor<2x4x64x64xbf16>
    %153 = tensor.empty() : tensor<2x64x4x64xbf16>
    %154 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_33 : tensor<2x4x64x64xbf16>) outs(%153 : tensor<2x64x4x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<2x64x4x64xbf16>
    %collapsed_34 = tensor.collapse_shape %154 [[0, 1], [2, 3]] : tensor<2x64x4x64xbf16> into tensor<128x256xbf16>
    %155 = tensor.empty() : tensor<128x256xbf16>
    %156 = linalg.fill ins(%cst_7 : bf16) outs(%155 : tensor<128x256xbf16>) -> tensor<128x256xbf16>
    %157 = linalg.matmul ins(%collapsed_34, %arg6 : tensor<128x256xbf16>, tensor<256x256xbf16>) outs(%156 : tensor<128x256xbf16>) -> tensor<128x256xbf16>
    %expanded_35 = tensor.expand_shape %157 [[0, 1], [2]] output_shape [2, 64, 256] : tensor<128x256xbf16> into tensor<2x64x256xbf16>
    %158 = tensor.empty() : tensor<2x64x256xbf16>
    %159 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%20, %expanded_35 : tensor<2x64x256xbf16>, tensor<2x64x256xbf16>) outs(%158 : tensor<2x64x256xbf16>) {
    ^bb0(%in: bf16, %in_73: bf16, %out: bf16):
      %373 = arith.addf %in, %in_73 : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x256xbf16>
    %160 = tensor.empty() : tensor<2x64x256xbf16>
    %161 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%159 : tensor<2x64x256xbf16>) outs(%160 : tensor<2x64x256xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %373 = arith.mulf %in, %in : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x256xbf16>
    %162 = tensor.empty() : tensor<2x64x256xf32>
    %163 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%161 : tensor<2x64x256xbf16>) outs(%162 : tensor<2x64x256xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %373 = arith.extf %in : bf16 to f32
      linalg.yield %373 : f32
    } -> tensor<2x64x256xf32>
    %164 = tensor.empty() : tensor<2x64xf32>
    %165 = linalg.fill ins(%cst_10 : f32) outs(%164 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %166 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%163 : tensor<2x64x256xf32>) outs(%165 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = arith.addf %out, %in : f32
      linalg.yield %373 : f32
    } -> tensor<2x64xf32>
    %expanded_36 = tensor.expand_shape %166 [[0], [1, 2]] output_shape [2, 64, 1] : tensor<2x64xf32> into tensor<2x64x1xf32>
    %167 = tensor.empty() : tensor<2x64x1xf32>
    %168 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_36 : tensor<2x64x1xf32>) outs(%167 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = arith.divf %in, %cst_9 : f32
      linalg.yield %373 : f32
    } -> tensor<2x64x1xf32>
    %169 = tensor.empty() : tensor<2x64x1xbf16>
    %170 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%168 : tensor<2x64x1xf32>) outs(%169 : tensor<2x64x1xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %373 = arith.truncf %in : f32 to bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x1xbf16>
    %171 = tensor.empty() : tensor<2x64x1xbf16>
    %172 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%170 : tensor<2x64x1xbf16>) outs(%171 : tensor<2x64x1xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %373 = arith.addf %in, %cst_8 : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x1xbf16>
    %173 = tensor.empty() : tensor<2x64x1xbf16>
    %174 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%172 : tensor<2x64x1xbf16>) outs(%173 : tensor<2x64x1xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %373 = math.rsqrt %in : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x1xbf16>
    %175 = tensor.empty() : tensor<2x64x256xbf16>
    %176 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%174 : tensor<2x64x1xbf16>) outs(%175 : tensor<2x64x256xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<2x64x256xbf16>
    %177 = tensor.empty() : tensor<2x64x256xbf16>
    %178 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%159, %176 : tensor<2x64x256xbf16>, tensor<2x64x256xbf16>) outs(%177 : tensor<2x64x256xbf16>) {
    ^bb0(%in: bf16, %in_73: bf16, %out: bf16):
      %373 = arith.mulf %in, %in_73 : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x256xbf16>
    %179 = tensor.empty() : tensor<2x64x256xbf16>
    %180 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg7 : tensor<256xbf16>) outs(%179 : tensor<2x64x256xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<2x64x256xbf16>
    %181 = tensor.empty() : tensor<2x64x256xbf16>
    %182 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%178, %180 : tensor<2x64x256xbf16>, tensor<2x64x256xbf16>) outs(%181 : tensor<2x64x256xbf16>) {
    ^bb0(%in: bf16, %in_73: bf16, %out: bf16):
      %373 = arith.mulf %in, %in_73 : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x256xbf16>
    %collapsed_37 = tensor.collapse_shape %182 [[0, 1], [2]] : tensor<2x64x256xbf16> into tensor<128x256xbf16>
    %183 = tensor.empty() : tensor<128x512xbf16>
    %184 = linalg.fill ins(%cst_7 : bf16) outs(%183 : tensor<128x512xbf16>) -> tensor<128x512xbf16>
    %185 = linalg.matmul ins(%collapsed_37, %arg8 : tensor<128x256xbf16>, tensor<256x512xbf16>) outs(%184 : tensor<128x512xbf16>) -> tensor<128x512xbf16>
    %expanded_38 = tensor.expand_shape %185 [[0, 1], [2]] output_shape [2, 64, 512] : tensor<128x512xbf16> into tensor<2x64x512xbf16>
    %186 = tensor.empty() : tensor<2x64x512xbf16>
    %187 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_38 : tensor<2x64x512xbf16>) outs(%186 : tensor<2x64x512xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %373 = arith.negf %in : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x512xbf16>
    %188 = tensor.empty() : tensor<2x64x512xbf16>
    %189 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%187 : tensor<2x64x512xbf16>) outs(%188 : tensor<2x64x512xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %373 = math.exp %in : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x512xbf16>
    %190 = tensor.empty() : tensor<2x64x512xbf16>
    %191 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%189 : tensor<2x64x512xbf16>) outs(%190 : tensor<2x64x512xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %373 = arith.addf %in, %cst : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x512xbf16>
    %192 = tensor.empty() : tensor<2x64x512xbf16>
    %193 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%191 : tensor<2x64x512xbf16>) outs(%192 : tensor<2x64x512xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %373 = arith.divf %cst, %in : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x512xbf16>
    %194 = tensor.empty() : tensor<2x64x512xbf16>
    %195 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_38, %193 : tensor<2x64x512xbf16>, tensor<2x64x512xbf16>) outs(%194 : tensor<2x64x512xbf16>) {
    ^bb0(%in: bf16, %in_73: bf16, %out: bf16):
      %373 = arith.mulf %in, %in_73 : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x512xbf16>
    %196 = tensor.empty() : tensor<128x512xbf16>
    %197 = linalg.fill ins(%cst_7 : bf16) outs(%196 : tensor<128x512xbf16>) -> tensor<128x512xbf16>
    %198 = linalg.matmul ins(%collapsed_37, %arg9 : tensor<128x256xbf16>, tensor<256x512xbf16>) outs(%197 : tensor<128x512xbf16>) -> tensor<128x512xbf16>
    %expanded_39 = tensor.expand_shape %198 [[0, 1], [2]] output_shape [2, 64, 512] : tensor<128x512xbf16> into tensor<2x64x512xbf16>
    %199 = tensor.empty() : tensor<2x64x512xbf16>
    %200 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%195, %expanded_39 : tensor<2x64x512xbf16>, tensor<2x64x512xbf16>) outs(%199 : tensor<2x64x512xbf16>) {
    ^bb0(%in: bf16, %in_73: bf16, %out: bf16):
      %373 = arith.mulf %in, %in_73 : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x512xbf16>
    %collapsed_40 = tensor.collapse_shape %200 [[0, 1], [2]] : tensor<2x64x512xbf16> into tensor<128x512xbf16>
    %201 = tensor.empty() : tensor<128x256xbf16>
    %202 = linalg.fill ins(%cst_7 : bf16) outs(%201 : tensor<128x256xbf16>) -> tensor<128x256xbf16>
    %203 = linalg.matmul ins(%collapsed_40, %arg10 : tensor<128x512xbf16>, tensor<512x256xbf16>) outs(%202 : tensor<128x256xbf16>) -> tensor<128x256xbf16>
    %expanded_41 = tensor.expand_shape %203 [[0, 1], [2]] output_shape [2, 64, 256] : tensor<128x256xbf16> into tensor<2x64x256xbf16>
    %204 = tensor.empty() : tensor<2x64x256xbf16>
    %205 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%159, %expanded_41 : tensor<2x64x256xbf16>, tensor<2x64x256xbf16>) outs(%204 : tensor<2x64x256xbf16>) {
    ^bb0(%in: bf16, %in_73: bf16, %out: bf16):
      %373 = arith.addf %in, %in_73 : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x256xbf16>
    %206 = tensor.empty() : tensor<2x64x256xbf16>
    %207 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%205 : tensor<2x64x256xbf16>) outs(%206 : tensor<2x64x256xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %373 = arith.mulf %in, %in : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x256xbf16>
    %208 = tensor.empty() : tensor<2x64x256xf32>
    %209 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%207 : tensor<2x64x256xbf16>) outs(%208 : tensor<2x64x256xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %373 = arith.extf %in : bf16 to f32
      linalg.yield %373 : f32
    } -> tensor<2x64x256xf32>
    %210 = tensor.empty() : tensor<2x64xf32>
    %211 = linalg.fill ins(%cst_10 : f32) outs(%210 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %212 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%209 : tensor<2x64x256xf32>) outs(%211 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = arith.addf %out, %in : f32
      linalg.yield %373 : f32
    } -> tensor<2x64xf32>
    %expanded_42 = tensor.expand_shape %212 [[0], [1, 2]] output_shape [2, 64, 1] : tensor<2x64xf32> into tensor<2x64x1xf32>
    %213 = tensor.empty() : tensor<2x64x1xf32>
    %214 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_42 : tensor<2x64x1xf32>) outs(%213 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = arith.divf %in, %cst_9 : f32
      linalg.yield %373 : f32
    } -> tensor<2x64x1xf32>
    %215 = tensor.empty() : tensor<2x64x1xbf16>
    %216 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%214 : tensor<2x64x1xf32>) outs(%215 : tensor<2x64x1xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %373 = arith.truncf %in : f32 to bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x1xbf16>
    %217 = tensor.empty() : tensor<2x64x1xbf16>
    %218 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%216 : tensor<2x64x1xbf16>) outs(%217 : tensor<2x64x1xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %373 = arith.addf %in, %cst_8 : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x1xbf16>
    %219 = tensor.empty() : tensor<2x64x1xbf16>
    %220 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%218 : tensor<2x64x1xbf16>) outs(%219 : tensor<2x64x1xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %373 = math.rsqrt %in : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x1xbf16>
    %221 = tensor.empty() : tensor<2x64x256xbf16>
    %222 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%220 : tensor<2x64x1xbf16>) outs(%221 : tensor<2x64x256xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<2x64x256xbf16>
    %223 = tensor.empty() : tensor<2x64x256xbf16>
    %224 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%205, %222 : tensor<2x64x256xbf16>, tensor<2x64x256xbf16>) outs(%223 : tensor<2x64x256xbf16>) {
    ^bb0(%in: bf16, %in_73: bf16, %out: bf16):
      %373 = arith.mulf %in, %in_73 : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x256xbf16>
    %225 = tensor.empty() : tensor<2x64x256xbf16>
    %226 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg11 : tensor<256xbf16>) outs(%225 : tensor<2x64x256xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<2x64x256xbf16>
    %227 = tensor.empty() : tensor<2x64x256xbf16>
    %228 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%224, %226 : tensor<2x64x256xbf16>, tensor<2x64x256xbf16>) outs(%227 : tensor<2x64x256xbf16>) {
    ^bb0(%in: bf16, %in_73: bf16, %out: bf16):
      %373 = arith.mulf %in, %in_73 : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x256xbf16>
    %collapsed_43 = tensor.collapse_shape %228 [[0, 1], [2]] : tensor<2x64x256xbf16> into tensor<128x256xbf16>
    %229 = tensor.empty() : tensor<128x256xbf16>
    %230 = linalg.fill ins(%cst_7 : bf16) outs(%229 : tensor<128x256xbf16>) -> tensor<128x256xbf16>
    %231 = linalg.matmul ins(%collapsed_43, %arg12 : tensor<128x256xbf16>, tensor<256x256xbf16>) outs(%230 : tensor<128x256xbf16>) -> tensor<128x256xbf16>
    %expanded_44 = tensor.expand_shape %231 [[0, 1], [2, 3]] output_shape [2, 64, 4, 64] : tensor<128x256xbf16> into tensor<2x64x4x64xbf16>
    %extracted_slice_45 = tensor.extract_slice %expanded_44[0, 0, 0, 0] [2, 64, 4, 32] [1, 1, 1, 1] : tensor<2x64x4x64xbf16> to tensor<2x64x4x32xbf16>
    %extracted_slice_46 = tensor.extract_slice %expanded_44[0, 0, 0, 32] [2, 64, 4, 32] [1, 1, 1, 1] : tensor<2x64x4x64xbf16> to tensor<2x64x4x32xbf16>
    %232 = tensor.empty() : tensor<2x64x4x64xbf16>
    %233 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_44, %78 : tensor<2x64x4x64xbf16>, tensor<2x64x4x64xbf16>) outs(%232 : tensor<2x64x4x64xbf16>) {
    ^bb0(%in: bf16, %in_73: bf16, %out: bf16):
      %373 = arith.mulf %in, %in_73 : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x4x64xbf16>
    %234 = tensor.empty() : tensor<2x64x4x32xbf16>
    %235 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_46 : tensor<2x64x4x32xbf16>) outs(%234 : tensor<2x64x4x32xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %373 = arith.negf %in : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x4x32xbf16>
    %236 = tensor.empty() : tensor<2x64x4x64xbf16>
    %inserted_slice_47 = tensor.insert_slice %235 into %236[0, 0, 0, 0] [2, 64, 4, 32] [1, 1, 1, 1] : tensor<2x64x4x32xbf16> into tensor<2x64x4x64xbf16>
    %inserted_slice_48 = tensor.insert_slice %extracted_slice_45 into %inserted_slice_47[0, 0, 0, 32] [2, 64, 4, 32] [1, 1, 1, 1] : tensor<2x64x4x32xbf16> into tensor<2x64x4x64xbf16>
    %237 = tensor.empty() : tensor<2x64x4x64xbf16>
    %238 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%inserted_slice_48, %85 : tensor<2x64x4x64xbf16>, tensor<2x64x4x64xbf16>) outs(%237 : tensor<2x64x4x64xbf16>) {
    ^bb0(%in: bf16, %in_73: bf16, %out: bf16):
      %373 = arith.mulf %in, %in_73 : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x4x64xbf16>
    %239 = tensor.empty() : tensor<2x64x4x64xbf16>
    %240 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%233, %238 : tensor<2x64x4x64xbf16>, tensor<2x64x4x64xbf16>) outs(%239 : tensor<2x64x4x64xbf16>) {
    ^bb0(%in: bf16, %in_73: bf16, %out: bf16):
      %373 = arith.addf %in, %in_73 : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x4x64xbf16>
    %241 = tensor.empty() : tensor<128x256xbf16>
    %242 = linalg.fill ins(%cst_7 : bf16) outs(%241 : tensor<128x256xbf16>) -> tensor<128x256xbf16>
    %243 = linalg.matmul ins(%collapsed_43, %arg13 : tensor<128x256xbf16>, tensor<256x256xbf16>) outs(%242 : tensor<128x256xbf16>) -> tensor<128x256xbf16>
    %expanded_49 = tensor.expand_shape %243 [[0, 1], [2, 3]] output_shape [2, 64, 4, 64] : tensor<128x256xbf16> into tensor<2x64x4x64xbf16>
    %extracted_slice_50 = tensor.extract_slice %expanded_49[0, 0, 0, 0] [2, 64, 4, 32] [1, 1, 1, 1] : tensor<2x64x4x64xbf16> to tensor<2x64x4x32xbf16>
    %extracted_slice_51 = tensor.extract_slice %expanded_49[0, 0, 0, 32] [2, 64, 4, 32] [1, 1, 1, 1] : tensor<2x64x4x64xbf16> to tensor<2x64x4x32xbf16>
    %244 = tensor.empty() : tensor<2x64x4x64xbf16>
    %245 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_49, %78 : tensor<2x64x4x64xbf16>, tensor<2x64x4x64xbf16>) outs(%244 : tensor<2x64x4x64xbf16>) {
    ^bb0(%in: bf16, %in_73: bf16, %out: bf16):
      %373 = arith.mulf %in, %in_73 : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x4x64xbf16>
    %246 = tensor.empty() : tensor<2x64x4x32xbf16>
    %247 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_51 : tensor<2x64x4x32xbf16>) outs(%246 : tensor<2x64x4x32xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %373 = arith.negf %in : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x4x32xbf16>
    %248 = tensor.empty() : tensor<2x64x4x64xbf16>
    %inserted_slice_52 = tensor.insert_slice %247 into %248[0, 0, 0, 0] [2, 64, 4, 32] [1, 1, 1, 1] : tensor<2x64x4x32xbf16> into tensor<2x64x4x64xbf16>
    %inserted_slice_53 = tensor.insert_slice %extracted_slice_50 into %inserted_slice_52[0, 0, 0, 32] [2, 64, 4, 32] [1, 1, 1, 1] : tensor<2x64x4x32xbf16> into tensor<2x64x4x64xbf16>
    %249 = tensor.empty() : tensor<2x64x4x64xbf16>
    %250 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%inserted_slice_53, %85 : tensor<2x64x4x64xbf16>, tensor<2x64x4x64xbf16>) outs(%249 : tensor<2x64x4x64xbf16>) {
    ^bb0(%in: bf16, %in_73: bf16, %out: bf16):
      %373 = arith.mulf %in, %in_73 : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x4x64xbf16>
    %251 = tensor.empty() : tensor<2x64x4x64xbf16>
    %252 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%245, %250 : tensor<2x64x4x64xbf16>, tensor<2x64x4x64xbf16>) outs(%251 : tensor<2x64x4x64xbf16>) {
    ^bb0(%in: bf16, %in_73: bf16, %out: bf16):
      %373 = arith.addf %in, %in_73 : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x4x64xbf16>
    %253 = tensor.empty() : tensor<128x256xbf16>
    %254 = linalg.fill ins(%cst_7 : bf16) outs(%253 : tensor<128x256xbf16>) -> tensor<128x256xbf16>
    %255 = linalg.matmul ins(%collapsed_43, %arg14 : tensor<128x256xbf16>, tensor<256x256xbf16>) outs(%254 : tensor<128x256xbf16>) -> tensor<128x256xbf16>
    %expanded_54 = tensor.expand_shape %255 [[0, 1], [2, 3]] output_shape [2, 64, 4, 64] : tensor<128x256xbf16> into tensor<2x64x4x64xbf16>
    %256 = tensor.empty() : tensor<2x4x64x64xbf16>
    %257 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%240 : tensor<2x64x4x64xbf16>) outs(%256 : tensor<2x4x64x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<2x4x64x64xbf16>
    %258 = tensor.empty() : tensor<2x4x64x64xbf16>
    %259 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%252 : tensor<2x64x4x64xbf16>) outs(%258 : tensor<2x4x64x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<2x4x64x64xbf16>
    %collapsed_55 = tensor.collapse_shape %257 [[0, 1], [2], [3]] : tensor<2x4x64x64xbf16> into tensor<8x64x64xbf16>
    %collapsed_56 = tensor.collapse_shape %259 [[0, 1], [2], [3]] : tensor<2x4x64x64xbf16> into tensor<8x64x64xbf16>
    %260 = tensor.empty() : tensor<8x64x64xbf16>
    %261 = linalg.fill ins(%cst_7 : bf16) outs(%260 : tensor<8x64x64xbf16>) -> tensor<8x64x64xbf16>
    %262 = linalg.batch_matmul ins(%collapsed_55, %collapsed_56 : tensor<8x64x64xbf16>, tensor<8x64x64xbf16>) outs(%261 : tensor<8x64x64xbf16>) -> tensor<8x64x64xbf16>
    %expanded_57 = tensor.expand_shape %262 [[0, 1], [2], [3]] output_shape [2, 4, 64, 64] : tensor<8x64x64xbf16> into tensor<2x4x64x64xbf16>
    %263 = tensor.empty() : tensor<2x4x64x64xbf16>
    %264 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_57 : tensor<2x4x64x64xbf16>) outs(%263 : tensor<2x4x64x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %373 = arith.divf %in, %cst_2 : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x4x64x64xbf16>
    %265 = tensor.empty() : tensor<2x4x64x64xbf16>
    %266 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%123, %264 : tensor<2x4x64x64xi1>, tensor<2x4x64x64xbf16>) outs(%265 : tensor<2x4x64x64xbf16>) {
    ^bb0(%in: i1, %in_73: bf16, %out: bf16):
      %373 = arith.select %in, %in_73, %cst_1 : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x4x64x64xbf16>
    %267 = tensor.empty() : tensor<2x4x64xbf16>
    %268 = linalg.fill ins(%cst_0 : bf16) outs(%267 : tensor<2x4x64xbf16>) -> tensor<2x4x64xbf16>
    %269 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%266 : tensor<2x4x64x64xbf16>) outs(%268 : tensor<2x4x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %373 = arith.maximumf %out, %in : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x4x64xbf16>
    %270 = tensor.empty() : tensor<2x4x64x64xbf16>
    %271 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%269 : tensor<2x4x64xbf16>) outs(%270 : tensor<2x4x64x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<2x4x64x64xbf16>
    %272 = tensor.empty() : tensor<2x4x64x64xbf16>
    %273 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%266, %271 : tensor<2x4x64x64xbf16>, tensor<2x4x64x64xbf16>) outs(%272 : tensor<2x4x64x64xbf16>) {
    ^bb0(%in: bf16, %in_73: bf16, %out: bf16):
      %373 = arith.subf %in, %in_73 : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x4x64x64xbf16>
    %274 = tensor.empty() : tensor<2x4x64x64xbf16>
    %275 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%273 : tensor<2x4x64x64xbf16>) outs(%274 : tensor<2x4x64x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %373 = math.exp %in : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x4x64x64xbf16>
    %276 = tensor.empty() : tensor<2x4x64x64xf32>
    %277 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%275 : tensor<2x4x64x64xbf16>) outs(%276 : tensor<2x4x64x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %373 = arith.extf %in : bf16 to f32
      linalg.yield %373 : f32
    } -> tensor<2x4x64x64xf32>
    %278 = tensor.empty() : tensor<2x4x64xf32>
    %279 = linalg.fill ins(%cst_10 : f32) outs(%278 : tensor<2x4x64xf32>) -> tensor<2x4x64xf32>
    %280 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%277 : tensor<2x4x64x64xf32>) outs(%279 : tensor<2x4x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = arith.addf %out, %in : f32
      linalg.yield %373 : f32
    } -> tensor<2x4x64xf32>
    %281 = tensor.empty() : tensor<2x4x64xbf16>
    %282 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%280 : tensor<2x4x64xf32>) outs(%281 : tensor<2x4x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %373 = arith.truncf %in : f32 to bf16
      linalg.yield %373 : bf16
    } -> tensor<2x4x64xbf16>
    %expanded_58 = tensor.expand_shape %282 [[0], [1], [2, 3]] output_shape [2, 4, 64, 1] : tensor<2x4x64xbf16> into tensor<2x4x64x1xbf16>
    %283 = tensor.empty() : tensor<2x4x64x64xbf16>
    %284 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_58 : tensor<2x4x64x1xbf16>) outs(%283 : tensor<2x4x64x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<2x4x64x64xbf16>
    %285 = tensor.empty() : tensor<2x4x64x64xbf16>
    %286 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%275, %284 : tensor<2x4x64x64xbf16>, tensor<2x4x64x64xbf16>) outs(%285 : tensor<2x4x64x64xbf16>) {
    ^bb0(%in: bf16, %in_73: bf16, %out: bf16):
      %373 = arith.divf %in, %in_73 : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x4x64x64xbf16>
    %287 = tensor.empty() : tensor<2x4x64x64xbf16>
    %288 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_54 : tensor<2x64x4x64xbf16>) outs(%287 : tensor<2x4x64x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<2x4x64x64xbf16>
    %289 = tensor.empty() : tensor<2x4x64x64xbf16>
    %290 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%286 : tensor<2x4x64x64xbf16>) outs(%289 : tensor<2x4x64x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<2x4x64x64xbf16>
    %collapsed_59 = tensor.collapse_shape %288 [[0, 1], [2], [3]] : tensor<2x4x64x64xbf16> into tensor<8x64x64xbf16>
    %collapsed_60 = tensor.collapse_shape %290 [[0, 1], [2], [3]] : tensor<2x4x64x64xbf16> into tensor<8x64x64xbf16>
    %291 = tensor.empty() : tensor<8x64x64xbf16>
    %292 = linalg.fill ins(%cst_7 : bf16) outs(%291 : tensor<8x64x64xbf16>) -> tensor<8x64x64xbf16>
    %293 = linalg.batch_matmul ins(%collapsed_59, %collapsed_60 : tensor<8x64x64xbf16>, tensor<8x64x64xbf16>) outs(%292 : tensor<8x64x64xbf16>) -> tensor<8x64x64xbf16>
    %expanded_61 = tensor.expand_shape %293 [[0, 1], [2], [3]] output_shape [2, 4, 64, 64] : tensor<8x64x64xbf16> into tensor<2x4x64x64xbf16>
    %294 = tensor.empty() : tensor<2x64x4x64xbf16>
    %295 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_61 : tensor<2x4x64x64xbf16>) outs(%294 : tensor<2x64x4x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<2x64x4x64xbf16>
    %collapsed_62 = tensor.collapse_shape %295 [[0, 1], [2, 3]] : tensor<2x64x4x64xbf16> into tensor<128x256xbf16>
    %296 = tensor.empty() : tensor<128x256xbf16>
    %297 = linalg.fill ins(%cst_7 : bf16) outs(%296 : tensor<128x256xbf16>) -> tensor<128x256xbf16>
    %298 = linalg.matmul ins(%collapsed_62, %arg15 : tensor<128x256xbf16>, tensor<256x256xbf16>) outs(%297 : tensor<128x256xbf16>) -> tensor<128x256xbf16>
    %expanded_63 = tensor.expand_shape %298 [[0, 1], [2]] output_shape [2, 64, 256] : tensor<128x256xbf16> into tensor<2x64x256xbf16>
    %299 = tensor.empty() : tensor<2x64x256xbf16>
    %300 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%205, %expanded_63 : tensor<2x64x256xbf16>, tensor<2x64x256xbf16>) outs(%299 : tensor<2x64x256xbf16>) {
    ^bb0(%in: bf16, %in_73: bf16, %out: bf16):
      %373 = arith.addf %in, %in_73 : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x256xbf16>
    %301 = tensor.empty() : tensor<2x64x256xbf16>
    %302 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%300 : tensor<2x64x256xbf16>) outs(%301 : tensor<2x64x256xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %373 = arith.mulf %in, %in : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x256xbf16>
    %303 = tensor.empty() : tensor<2x64x256xf32>
    %304 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%302 : tensor<2x64x256xbf16>) outs(%303 : tensor<2x64x256xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %373 = arith.extf %in : bf16 to f32
      linalg.yield %373 : f32
    } -> tensor<2x64x256xf32>
    %305 = tensor.empty() : tensor<2x64xf32>
    %306 = linalg.fill ins(%cst_10 : f32) outs(%305 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %307 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%304 : tensor<2x64x256xf32>) outs(%306 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = arith.addf %out, %in : f32
      linalg.yield %373 : f32
    } -> tensor<2x64xf32>
    %expanded_64 = tensor.expand_shape %307 [[0], [1, 2]] output_shape [2, 64, 1] : tensor<2x64xf32> into tensor<2x64x1xf32>
    %308 = tensor.empty() : tensor<2x64x1xf32>
    %309 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_64 : tensor<2x64x1xf32>) outs(%308 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = arith.divf %in, %cst_9 : f32
      linalg.yield %373 : f32
    } -> tensor<2x64x1xf32>
    %310 = tensor.empty() : tensor<2x64x1xbf16>
    %311 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%309 : tensor<2x64x1xf32>) outs(%310 : tensor<2x64x1xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %373 = arith.truncf %in : f32 to bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x1xbf16>
    %312 = tensor.empty() : tensor<2x64x1xbf16>
    %313 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%311 : tensor<2x64x1xbf16>) outs(%312 : tensor<2x64x1xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %373 = arith.addf %in, %cst_8 : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x1xbf16>
    %314 = tensor.empty() : tensor<2x64x1xbf16>
    %315 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%313 : tensor<2x64x1xbf16>) outs(%314 : tensor<2x64x1xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %373 = math.rsqrt %in : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x1xbf16>
    %316 = tensor.empty() : tensor<2x64x256xbf16>
    %317 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%315 : tensor<2x64x1xbf16>) outs(%316 : tensor<2x64x256xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<2x64x256xbf16>
    %318 = tensor.empty() : tensor<2x64x256xbf16>
    %319 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%300, %317 : tensor<2x64x256xbf16>, tensor<2x64x256xbf16>) outs(%318 : tensor<2x64x256xbf16>) {
    ^bb0(%in: bf16, %in_73: bf16, %out: bf16):
      %373 = arith.mulf %in, %in_73 : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x256xbf16>
    %320 = tensor.empty() : tensor<2x64x256xbf16>
    %321 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg16 : tensor<256xbf16>) outs(%320 : tensor<2x64x256xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<2x64x256xbf16>
    %322 = tensor.empty() : tensor<2x64x256xbf16>
    %323 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%319, %321 : tensor<2x64x256xbf16>, tensor<2x64x256xbf16>) outs(%322 : tensor<2x64x256xbf16>) {
    ^bb0(%in: bf16, %in_73: bf16, %out: bf16):
      %373 = arith.mulf %in, %in_73 : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x256xbf16>
    %collapsed_65 = tensor.collapse_shape %323 [[0, 1], [2]] : tensor<2x64x256xbf16> into tensor<128x256xbf16>
    %324 = tensor.empty() : tensor<128x512xbf16>
    %325 = linalg.fill ins(%cst_7 : bf16) outs(%324 : tensor<128x512xbf16>) -> tensor<128x512xbf16>
    %326 = linalg.matmul ins(%collapsed_65, %arg17 : tensor<128x256xbf16>, tensor<256x512xbf16>) outs(%325 : tensor<128x512xbf16>) -> tensor<128x512xbf16>
    %expanded_66 = tensor.expand_shape %326 [[0, 1], [2]] output_shape [2, 64, 512] : tensor<128x512xbf16> into tensor<2x64x512xbf16>
    %327 = tensor.empty() : tensor<2x64x512xbf16>
    %328 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_66 : tensor<2x64x512xbf16>) outs(%327 : tensor<2x64x512xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %373 = arith.negf %in : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x512xbf16>
    %329 = tensor.empty() : tensor<2x64x512xbf16>
    %330 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%328 : tensor<2x64x512xbf16>) outs(%329 : tensor<2x64x512xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %373 = math.exp %in : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x512xbf16>
    %331 = tensor.empty() : tensor<2x64x512xbf16>
    %332 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%330 : tensor<2x64x512xbf16>) outs(%331 : tensor<2x64x512xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %373 = arith.addf %in, %cst : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x512xbf16>
    %333 = tensor.empty() : tensor<2x64x512xbf16>
    %334 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%332 : tensor<2x64x512xbf16>) outs(%333 : tensor<2x64x512xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %373 = arith.divf %cst, %in : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x512xbf16>
    %335 = tensor.empty() : tensor<2x64x512xbf16>
    %336 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_66, %334 : tensor<2x64x512xbf16>, tensor<2x64x512xbf16>) outs(%335 : tensor<2x64x512xbf16>) {
    ^bb0(%in: bf16, %in_73: bf16, %out: bf16):
      %373 = arith.mulf %in, %in_73 : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x512xbf16>
    %337 = tensor.empty() : tensor<128x512xbf16>
    %338 = linalg.fill ins(%cst_7 : bf16) outs(%337 : tensor<128x512xbf16>) -> tensor<128x512xbf16>
    %339 = linalg.matmul ins(%collapsed_65, %arg18 : tensor<128x256xbf16>, tensor<256x512xbf16>) outs(%338 : tensor<128x512xbf16>) -> tensor<128x512xbf16>
    %expanded_67 = tensor.expand_shape %339 [[0, 1], [2]] output_shape [2, 64, 512] : tensor<128x512xbf16> into tensor<2x64x512xbf16>
    %340 = tensor.empty() : tensor<2x64x512xbf16>
    %341 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%336, %expanded_67 : tensor<2x64x512xbf16>, tensor<2x64x512xbf16>) outs(%340 : tensor<2x64x512xbf16>) {
    ^bb0(%in: bf16, %in_73: bf16, %out: bf16):
      %373 = arith.mulf %in, %in_73 : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x512xbf16>
    %collapsed_68 = tensor.collapse_shape %341 [[0, 1], [2]] : tensor<2x64x512xbf16> into tensor<128x512xbf16>
    %342 = tensor.empty() : tensor<128x256xbf16>
    %343 = linalg.fill ins(%cst_7 : bf16) outs(%342 : tensor<128x256xbf16>) -> tensor<128x256xbf16>
    %344 = linalg.matmul ins(%collapsed_68, %arg19 : tensor<128x512xbf16>, tensor<512x256xbf16>) outs(%343 : tensor<128x256xbf16>) -> tensor<128x256xbf16>
    %expanded_69 = tensor.expand_shape %344 [[0, 1], [2]] output_shape [2, 64, 256] : tensor<128x256xbf16> into tensor<2x64x256xbf16>
    %345 = tensor.empty() : tensor<2x64x256xbf16>
    %346 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%300, %expanded_69 : tensor<2x64x256xbf16>, tensor<2x64x256xbf16>) outs(%345 : tensor<2x64x256xbf16>) {
    ^bb0(%in: bf16, %in_73: bf16, %out: bf16):
      %373 = arith.addf %in, %in_73 : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x256xbf16>
    %347 = tensor.empty() : tensor<2x64x256xbf16>
    %348 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%346 : tensor<2x64x256xbf16>) outs(%347 : tensor<2x64x256xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %373 = arith.mulf %in, %in : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x256xbf16>
    %349 = tensor.empty() : tensor<2x64x256xf32>
    %350 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%348 : tensor<2x64x256xbf16>) outs(%349 : tensor<2x64x256xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %373 = arith.extf %in : bf16 to f32
      linalg.yield %373 : f32
    } -> tensor<2x64x256xf32>
    %351 = tensor.empty() : tensor<2x64xf32>
    %352 = linalg.fill ins(%cst_10 : f32) outs(%351 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %353 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%350 : tensor<2x64x256xf32>) outs(%352 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = arith.addf %out, %in : f32
      linalg.yield %373 : f32
    } -> tensor<2x64xf32>
    %expanded_70 = tensor.expand_shape %353 [[0], [1, 2]] output_shape [2, 64, 1] : tensor<2x64xf32> into tensor<2x64x1xf32>
    %354 = tensor.empty() : tensor<2x64x1xf32>
    %355 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_70 : tensor<2x64x1xf32>) outs(%354 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %373 = arith.divf %in, %cst_9 : f32
      linalg.yield %373 : f32
    } -> tensor<2x64x1xf32>
    %356 = tensor.empty() : tensor<2x64x1xbf16>
    %357 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%355 : tensor<2x64x1xf32>) outs(%356 : tensor<2x64x1xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %373 = arith.truncf %in : f32 to bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x1xbf16>
    %358 = tensor.empty() : tensor<2x64x1xbf16>
    %359 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%357 : tensor<2x64x1xbf16>) outs(%358 : tensor<2x64x1xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %373 = arith.addf %in, %cst_8 : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x1xbf16>
    %360 = tensor.empty() : tensor<2x64x1xbf16>
    %361 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%359 : tensor<2x64x1xbf16>) outs(%360 : tensor<2x64x1xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %373 = math.rsqrt %in : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x1xbf16>
    %362 = tensor.empty() : tensor<2x64x256xbf16>
    %363 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%361 : tensor<2x64x1xbf16>) outs(%362 : tensor<2x64x256xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<2x64x256xbf16>
    %364 = tensor.empty() : tensor<2x64x256xbf16>
    %365 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%346, %363 : tensor<2x64x256xbf16>, tensor<2x64x256xbf16>) outs(%364 : tensor<2x64x256xbf16>) {
    ^bb0(%in: bf16, %in_73: bf16, %out: bf16):
      %373 = arith.mulf %in, %in_73 : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x256xbf16>
    %366 = tensor.empty() : tensor<2x64x256xbf16>
    %367 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg20 : tensor<256xbf16>) outs(%366 : tensor<2x64x256xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<2x64x256xbf16>
    %368 = tensor.empty() : tensor<2x64x256xbf16>
    %369 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%365, %367 : tensor<2x64x256xbf16>, tensor<2x64x256xbf16>) outs(%368 : tensor<2x64x256xbf16>) {
    ^bb0(%in: bf16, %in_73: bf16, %out: bf16):
      %373 = arith.mulf %in, %in_73 : bf16
      linalg.yield %373 : bf16
    } -> tensor<2x64x256xbf16>
    %collapsed_71 = tensor.collapse_shape %369 [[0, 1], [2]] : tensor<2x64x256xbf16> into tensor<128x256xbf16>
    %370 = tensor.empty() : tensor<128x512xbf16>
    %371 = linalg.fill ins(%cst_7 : bf16) outs(%370 : tensor<128x512xbf16>) -> tensor<128x512xbf16>
    %372 = linalg.matmul ins(%collapsed_71, %arg21 : tensor<128x256xbf16>, tensor<256x512xbf16>) outs(%371 : tensor<128x512xbf16>) -> tensor<128x512xbf16>
    %expanded_72 = tensor.expand_shape %372 [[0, 1], [2]] output_shape [2, 64, 512] : tensor<128x512xbf16> into tensor<2x64x512xbf16>
    util.return %expanded_72 : tensor<2x64x512xbf16>
  }
}