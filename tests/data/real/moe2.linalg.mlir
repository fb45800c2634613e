module @jit_moe2 {
  util.func public @main(%arg0: tensor<2x8x32xf32>, %arg1: tensor<32x8xf32>, %arg2: tensor<8x32x64xf32>, %arg3: tensor<8x64x32xf32>) -> tensor<2x8x32xf32> {
    %cst = arith.constant 5.000000e-01 : f32
    %cst_0 = arith.constant 0.797884583 : f32
    %cst_1 = arith.constant 4.471500e-02 : f32
    %cst_2 = arith.constant 1.000000e+00 : f32
    %c2147483647_i32 = arith.constant 2147483647 : i32
    %c0_i32 = arith.constant 0 : i32
    %cst_3 = arith.constant 0xFF800000 : f32
    %cst_4 = arith.constant 0.000000e+00 : f32
    %cst_5 = arith.constant dense<"0x0000803F0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F000000000000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F00000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F00000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F00000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F"> : tensor<16x16xf32>
    %collapsed = tensor.collapse_shape %arg0 [[0, 1], [2]] : tensor<2x8x32xf32> into tensor<16x32xf32>
    %0 = tensor.empty() : tensor<16x8xf32>
    %1 = linalg.fill ins(%cst_4 : f32) outs(%0 : tensor<16x8xf32>) -> tensor<16x8xf32>
    %2 = linalg.matmul ins(%collapsed, %arg1 : tensor<16x32xf32>, tensor<32x8xf32>) outs(%1 : tensor<16x8xf32>) -> tensor<16x8xf32>
    %3 = tensor.empty() : tensor<16xf32>
    %4 = linalg.fill ins(%cst_3 : f32) outs(%3 : tensor<16xf32>) -> tensor<16xf32>
    %5 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%2 : tensor<16x8xf32>) outs(%4 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %180 = arith.maximumf %out, %in : f32
      linalg.yield %180 : f32
    } -> tensor<16xf32>
    %6 = tensor.empty() : tensor<16x8xf32>
    %7 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%5 : tensor<16xf32>) outs(%6 : tensor<16x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<16x8xf32>
    %8 = tensor.empty() : tensor<16x8xf32>
    %9 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%2, %7 : tensor<16x8xf32>, tensor<16x8xf32>) outs(%8 : tensor<16x8xf32>) {
    ^bb0(%in: f32, %in_18: f32, %out: f32):
      %180 = arith.subf %in, %in_18 : f32
      linalg.yield %180 : f32
    } -> tensor<16x8xf32>
    %10 = tensor.empty() : tensor<16x8xf32>
    %11 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%9 : tensor<16x8xf32>) outs(%10 : tensor<16x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %180 = math.exp %in : f32
      linalg.yield %180 : f32
    } -> tensor<16x8xf32>
    %12 = tensor.empty() : tensor<16xf32>
    %13 = linalg.fill ins(%cst_4 : f32) outs(%12 : tensor<16xf32>) -> tensor<16xf32>
    %14 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%11 : tensor<16x8xf32>) outs(%13 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %180 = arith.addf %out, %in : f32
      linalg.yield %180 : f32
    } -> tensor<16xf32>
    %15 = tensor.empty() : tensor<16x8xf32>
    %16 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%14 : tensor<16xf32>) outs(%15 : tensor<16x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<16x8xf32>
    %17 = tensor.empty() : tensor<16x8xf32>
    %18 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%11, %16 : tensor<16x8xf32>, tensor<16x8xf32>) outs(%17 : tensor<16x8xf32>) {
    ^bb0(%in: f32, %in_18: f32, %out: f32):
      %180 = arith.divf %in, %in_18 : f32
      linalg.yield %180 : f32
    } -> tensor<16x8xf32>
    %19 = tensor.empty() : tensor<16x8xi32>
    %20 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%19 : tensor<16x8xi32>) {
    ^bb0(%out: i32):
      %180 = linalg.index 1 : index
      %181 = arith.index_cast %180 : index to i32
      linalg.yield %181 : i32
    } -> tensor<16x8xi32>
    %21:2 = iree_linalg_ext.sort dimension(1) outs(%18, %20 : tensor<16x8xf32>, tensor<16x8xi32>) {
    ^bb0(%arg4: f32, %arg5: f32, %arg6: i32, %arg7: i32):
      %180 = arith.bitcast %arg4 : f32 to i32
      %181 = arith.cmpi slt, %180, %c0_i32 : i32
      %182 = arith.subi %c2147483647_i32, %180 : i32
      %183 = arith.select %181, %182, %180 : i32
      %184 = arith.bitcast %arg5 : f32 to i32
      %185 = arith.cmpi slt, %184, %c0_i32 : i32
      %186 = arith.subi %c2147483647_i32, %184 : i32
      %187 = arith.select %185, %186, %184 : i32
      %188 = arith.cmpi sgt, %183, %187 : i32
      iree_linalg_ext.yield %188 : i1
    } -> tensor<16x8xf32>, tensor<16x8xi32>
    %extracted_slice = tensor.extract_slice %21#1[0, 0] [16, 2] [1, 1] : tensor<16x8xi32> to tensor<16x2xi32>
    %extracted_slice_6 = tensor.extract_slice %extracted_slice[0, 0] [16, 1] [1, 1] : tensor<16x2xi32> to tensor<16x1xi32>
    %collapsed_7 = tensor.collapse_shape %extracted_slice_6 [[0, 1]] : tensor<16x1xi32> into tensor<16xi32>
    %22 = tensor.empty() : tensor<1x8xi32>
    %23 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%22 : tensor<1x8xi32>) {
    ^bb0(%out: i32):
      %180 = linalg.index 1 : index
      %181 = arith.index_cast %180 : index to i32
      linalg.yield %181 : i32
    } -> tensor<1x8xi32>
    %24 = tensor.empty() : tensor<16x8xi32>
    %25 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%collapsed_7 : tensor<16xi32>) outs(%24 : tensor<16x8xi32>) {
    ^bb0(%in: i32, %out: i32):
      linalg.yield %in : i32
    } -> tensor<16x8xi32>
    %26 = tensor.empty() : tensor<16x8xi32>
    %27 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%23 : tensor<1x8xi32>) outs(%26 : tensor<16x8xi32>) {
    ^bb0(%in: i32, %out: i32):
      linalg.yield %in : i32
    } -> tensor<16x8xi32>
    %28 = tensor.empty() : tensor<16x8xi1>
    %29 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%25, %27 : tensor<16x8xi32>, tensor<16x8xi32>) outs(%28 : tensor<16x8xi1>) {
    ^bb0(%in: i32, %in_18: i32, %out: i1):
      %180 = arith.cmpi eq, %in, %in_18 : i32
      linalg.yield %180 : i1
    } -> tensor<16x8xi1>
    %30 = tensor.empty() : tensor<16x8xf32>
    %31 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%29 : tensor<16x8xi1>) outs(%30 : tensor<16x8xf32>) {
    ^bb0(%in: i1, %out: f32):
      %180 = arith.uitofp %in : i1 to f32
      linalg.yield %180 : f32
    } -> tensor<16x8xf32>
    %32 = tensor.empty() : tensor<16x8xf32>
    %33 = linalg.fill ins(%cst_4 : f32) outs(%32 : tensor<16x8xf32>) -> tensor<16x8xf32>
    %34 = linalg.matmul ins(%cst_5, %31 : tensor<16x16xf32>, tensor<16x8xf32>) outs(%33 : tensor<16x8xf32>) -> tensor<16x8xf32>
    %35 = tensor.empty() : tensor<16x8xf32>
    %36 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%34 : tensor<16x8xf32>) outs(%35 : tensor<16x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %180 = arith.subf %in, %cst_2 : f32
      linalg.yield %180 : f32
    } -> tensor<16x8xf32>
    %37 = tensor.empty() : tensor<16x8xf32>
    %38 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%36, %31 : tensor<16x8xf32>, tensor<16x8xf32>) outs(%37 : tensor<16x8xf32>) {
    ^bb0(%in: f32, %in_18: f32, %out: f32):
      %180 = arith.mulf %in, %in_18 : f32
      linalg.yield %180 : f32
    } -> tensor<16x8xf32>
    %39 = tensor.empty() : tensor<16xf32>
    %40 = linalg.fill ins(%cst_4 : f32) outs(%39 : tensor<16xf32>) -> tensor<16xf32>
    %41 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%38 : tensor<16x8xf32>) outs(%40 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %180 = arith.addf %out, %in : f32
      linalg.yield %180 : f32
    } -> tensor<16xf32>
    %42 = tensor.empty() : tensor<16xi32>
    %43 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%41 : tensor<16xf32>) outs(%42 : tensor<16xi32>) {
    ^bb0(%in: f32, %out: i32):
      %180 = arith.fptosi %in : f32 to i32
      linalg.yield %180 : i32
    } -> tensor<16xi32>
    %44 = tensor.empty() : tensor<16x8xi32>
    %45 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%43 : tensor<16xi32>) outs(%44 : tensor<16x8xi32>) {
    ^bb0(%in: i32, %out: i32):
      linalg.yield %in : i32
    } -> tensor<16x8xi32>
    %46 = tensor.empty() : tensor<16x8xi1>
    %47 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%45, %27 : tensor<16x8xi32>, tensor<16x8xi32>) outs(%46 : tensor<16x8xi1>) {
    ^bb0(%in: i32, %in_18: i32, %out: i1):
      %180 = arith.cmpi eq, %in, %in_18 : i32
      linalg.yield %180 : i1
    } -> tensor<16x8xi1>
    %48 = tensor.empty() : tensor<16x8xf32>
    %49 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%47 : tensor<16x8xi1>) outs(%48 : tensor<16x8xf32>) {
    ^bb0(%in: i1, %out: f32):
      %180 = arith.uitofp %in : i1 to f32
      linalg.yield %180 : f32
    } -> tensor<16x8xf32>
    %50 = tensor.empty() : tensor<16x8x8xf32>
    %51 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%31 : tensor<16x8xf32>) outs(%50 : tensor<16x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<16x8x8xf32>
    %52 = tensor.empty() : tensor<16x8x8xf32>
    %53 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%49 : tensor<16x8xf32>) outs(%52 : tensor<16x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<16x8x8xf32>
    %54 = tensor.empty() : tensor<16x8x8xf32>
    %55 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%51, %53 : tensor<16x8x8xf32>, tensor<16x8x8xf32>) outs(%54 : tensor<16x8x8xf32>) {
    ^bb0(%in: f32, %in_18: f32, %out: f32):
      %180 = arith.mulf %in, %in_18 : f32
      linalg.yield %180 : f32
    } -> tensor<16x8x8xf32>
    %56 = tensor.empty() : tensor<8x8x16xf32>
    %57 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%55 : tensor<16x8x8xf32>) outs(%56 : tensor<8x8x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x8x16xf32>
    %collapsed_8 = tensor.collapse_shape %57 [[0, 1], [2]] : tensor<8x8x16xf32> into tensor<64x16xf32>
    %58 = tensor.empty() : tensor<64x32xf32>
    %59 = linalg.fill ins(%cst_4 : f32) outs(%58 : tensor<64x32xf32>) -> tensor<64x32xf32>
    %60 = linalg.matmul ins(%collapsed_8, %collapsed : tensor<64x16xf32>, tensor<16x32xf32>) outs(%59 : tensor<64x32xf32>) -> tensor<64x32xf32>
    %expanded = tensor.expand_shape %60 [[0, 1], [2]] output_shape [8, 8, 32] : tensor<64x32xf32> into tensor<8x8x32xf32>
    %61 = tensor.empty() : tensor<8x8x64xf32>
    %62 = linalg.fill ins(%cst_4 : f32) outs(%61 : tensor<8x8x64xf32>) -> tensor<8x8x64xf32>
    %63 = linalg.batch_matmul ins(%expanded, %arg2 : tensor<8x8x32xf32>, tensor<8x32x64xf32>) outs(%62 : tensor<8x8x64xf32>) -> tensor<8x8x64xf32>
    %64 = tensor.empty() : tensor<8x8x64xf32>
    %65 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%63 : tensor<8x8x64xf32>) outs(%64 : tensor<8x8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %180 = arith.mulf %in, %in : f32
      linalg.yield %180 : f32
    } -> tensor<8x8x64xf32>
    %66 = tensor.empty() : tensor<8x8x64xf32>
    %67 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%65, %63 : tensor<8x8x64xf32>, tensor<8x8x64xf32>) outs(%66 : tensor<8x8x64xf32>) {
    ^bb0(%in: f32, %in_18: f32, %out: f32):
      %180 = arith.mulf %in, %in_18 : f32
      linalg.yield %180 : f32
    } -> tensor<8x8x64xf32>
    %68 = tensor.empty() : tensor<8x8x64xf32>
    %69 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%67 : tensor<8x8x64xf32>) outs(%68 : tensor<8x8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %180 = arith.mulf %in, %cst_1 : f32
      linalg.yield %180 : f32
    } -> tensor<8x8x64xf32>
    %70 = tensor.empty() : tensor<8x8x64xf32>
    %71 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%63, %69 : tensor<8x8x64xf32>, tensor<8x8x64xf32>) outs(%70 : tensor<8x8x64xf32>) {
    ^bb0(%in: f32, %in_18: f32, %out: f32):
      %180 = arith.addf %in, %in_18 : f32
      linalg.yield %180 : f32
    } -> tensor<8x8x64xf32>
    %72 = tensor.empty() : tensor<8x8x64xf32>
    %73 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%71 : tensor<8x8x64xf32>) outs(%72 : tensor<8x8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %180 = arith.mulf %in, %cst_0 : f32
      linalg.yield %180 : f32
    } -> tensor<8x8x64xf32>
    %74 = tensor.empty() : tensor<8x8x64xf32>
    %75 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%73 : tensor<8x8x64xf32>) outs(%74 : tensor<8x8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %180 = math.tanh %in : f32
      linalg.yield %180 : f32
    } -> tensor<8x8x64xf32>
    %76 = tensor.empty() : tensor<8x8x64xf32>
    %77 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%75 : tensor<8x8x64xf32>) outs(%76 : tensor<8x8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %180 = arith.addf %in, %cst_2 : f32
      linalg.yield %180 : f32
    } -> tensor<8x8x64xf32>
    %78 = tensor.empty() : tensor<8x8x64xf32>
    %79 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%77 : tensor<8x8x64xf32>) outs(%78 : tensor<8x8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %180 = arith.mulf %in, %cst : f32
      linalg.yield %180 : f32
    } -> tensor<8x8x64xf32>
    %80 = tensor.empty() : tensor<8x8x64xf32>
    %81 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%63, %79 : tensor<8x8x64xf32>, tensor<8x8x64xf32>) outs(%80 : tensor<8x8x64xf32>) {
    ^bb0(%in: f32, %in_18: f32, %out: f32):
      %180 = arith.mulf %in, %in_18 : f32
      linalg.yield %180 : f32
    } -> tensor<8x8x64xf32>
    %82 = tensor.empty() : tensor<8x8x32xf32>
    %83 = linalg.fill ins(%cst_4 : f32) outs(%82 : tensor<8x8x32xf32>) -> tensor<8x8x32xf32>
    %84 = linalg.batch_matmul ins(%81, %arg3 : tensor<8x8x64xf32>, tensor<8x64x32xf32>) outs(%83 : tensor<8x8x32xf32>) -> tensor<8x8x32xf32>
    %85 = tensor.empty() : tensor<16x8xf32>
    %86 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%18, %31 : tensor<16x8xf32>, tensor<16x8xf32>) outs(%85 : tensor<16x8xf32>) {
    ^bb0(%in: f32, %in_18: f32, %out: f32):
      %180 = arith.mulf %in, %in_18 : f32
      linalg.yield %180 : f32
    } -> tensor<16x8xf32>
    %87 = tensor.empty() : tensor<16xf32>
    %88 = linalg.fill ins(%cst_4 : f32) outs(%87 : tensor<16xf32>) -> tensor<16xf32>
    %89 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%86 : tensor<16x8xf32>) outs(%88 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %180 = arith.addf %out, %in : f32
      linalg.yield %180 : f32
    } -> tensor<16xf32>
    %90 = tensor.empty() : tensor<16x8x8xf32>
    %91 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%55 : tensor<16x8x8xf32>) outs(%90 : tensor<16x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<16x8x8xf32>
    %collapsed_9 = tensor.collapse_shape %91 [[0], [1, 2]] : tensor<16x8x8xf32> into tensor<16x64xf32>
    %92 = tensor.empty() : tensor<8x8x32xf32>
    %93 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%84 : tensor<8x8x32xf32>) outs(%92 : tensor<8x8x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x8x32xf32>
    %collapsed_10 = tensor.collapse_shape %93 [[0, 1], [2]] : tensor<8x8x32xf32> into tensor<64x32xf32>
    %94 = tensor.empty() : tensor<16x32xf32>
    %95 = linalg.fill ins(%cst_4 : f32) outs(%94 : tensor<16x32xf32>) -> tensor<16x32xf32>
    %96 = linalg.matmul ins(%collapsed_9, %collapsed_10 : tensor<16x64xf32>, tensor<64x32xf32>) outs(%95 : tensor<16x32xf32>) -> tensor<16x32xf32>
    %97 = tensor.empty() : tensor<16x32xf32>
    %98 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%89 : tensor<16xf32>) outs(%97 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<16x32xf32>
    %99 = tensor.empty() : tensor<16x32xf32>
    %100 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%96, %98 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%99 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_18: f32, %out: f32):
      %180 = arith.mulf %in, %in_18 : f32
      linalg.yield %180 : f32
    } -> tensor<16x32xf32>
    %101 = tensor.empty() : tensor<16x32xf32>
    %102 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%100 : tensor<16x32xf32>) outs(%101 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %180 = arith.addf %in, %cst_4 : f32
      linalg.yield %180 : f32
    } -> tensor<16x32xf32>
    %extracted_slice_11 = tensor.extract_slice %extracted_slice[0, 1] [16, 1] [1, 1] : tensor<16x2xi32> to tensor<16x1xi32>
    %collapsed_12 = tensor.collapse_shape %extracted_slice_11 [[0, 1]] : tensor<16x1xi32> into tensor<16xi32>
    %103 = tensor.empty() : tensor<16x8xi32>
    %104 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%collapsed_12 : tensor<16xi32>) outs(%103 : tensor<16x8xi32>) {
    ^bb0(%in: i32, %out: i32):
      linalg.yield %in : i32
    } -> tensor<16x8xi32>
    %105 = tensor.empty() : tensor<16x8xi1>
    %106 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%104, %27 : tensor<16x8xi32>, tensor<16x8xi32>) outs(%105 : tensor<16x8xi1>) {
    ^bb0(%in: i32, %in_18: i32, %out: i1):
      %180 = arith.cmpi eq, %in, %in_18 : i32
      linalg.yield %180 : i1
    } -> tensor<16x8xi1>
    %107 = tensor.empty() : tensor<16x8xf32>
    %108 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%106 : tensor<16x8xi1>) outs(%107 : tensor<16x8xf32>) {
    ^bb0(%in: i1, %out: f32):
      %180 = arith.uitofp %in : i1 to f32
      linalg.yield %180 : f32
    } -> tensor<16x8xf32>
    %109 = tensor.empty() : tensor<16x8xf32>
    %110 = linalg.fill ins(%cst_4 : f32) outs(%109 : tensor<16x8xf32>) -> tensor<16x8xf32>
    %111 = linalg.matmul ins(%cst_5, %108 : tensor<16x16xf32>, tensor<16x8xf32>) outs(%110 : tensor<16x8xf32>) -> tensor<16x8xf32>
    %112 = tensor.empty() : tensor<16x8xf32>
    %113 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%111 : tensor<16x8xf32>) outs(%112 : tensor<16x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %180 = arith.subf %in, %cst_2 : f32
      linalg.yield %180 : f32
    } -> tensor<16x8xf32>
    %114 = tensor.empty() : tensor<16x8xf32>
    %115 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%113, %108 : tensor<16x8xf32>, tensor<16x8xf32>) outs(%114 : tensor<16x8xf32>) {
    ^bb0(%in: f32, %in_18: f32, %out: f32):
      %180 = arith.mulf %in, %in_18 : f32
      linalg.yield %180 : f32
    } -> tensor<16x8xf32>
    %116 = tensor.empty() : tensor<16xf32>
    %117 = linalg.fill ins(%cst_4 : f32) outs(%116 : tensor<16xf32>) -> tensor<16xf32>
    %118 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%115 : tensor<16x8xf32>) outs(%117 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %180 = arith.addf %out, %in : f32
      linalg.yield %180 : f32
    } -> tensor<16xf32>
    %119 = tensor.empty() : tensor<16xi32>
    %120 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%118 : tensor<16xf32>) outs(%119 : tensor<16xi32>) {
    ^bb0(%in: f32, %out: i32):
      %180 = arith.fptosi %in : f32 to i32
      linalg.yield %180 : i32
    } -> tensor<16xi32>
    %121 = tensor.empty() : tensor<16x8xi32>
    %122 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%120 : tensor<16xi32>) outs(%121 : tensor<16x8xi32>) {
    ^bb0(%in: i32, %out: i32):
      linalg.yield %in : i32
    } -> tensor<16x8xi32>
    %123 = tensor.empty() : tensor<16x8xi1>
    %124 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%122, %27 : tensor<16x8xi32>, tensor<16x8xi32>) outs(%123 : tensor<16x8xi1>) {
    ^bb0(%in: i32, %in_18: i32, %out: i1):
      %180 = arith.cmpi eq, %in, %in_18 : i32
      linalg.yield %180 : i1
    } -> tensor<16x8xi1>
    %125 = tensor.empty() : tensor<16x8xf32>
    %126 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%124 : tensor<16x8xi1>) outs(%125 : tensor<16x8xf32>) {
    ^bb0(%in: i1, %out: f32):
      %180 = arith.uitofp %in : i1 to f32
      linalg.yield %180 : f32
    } -> tensor<16x8xf32>
    %127 = tensor.empty() : tensor<16x8x8xf32>
    %128 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%108 : tensor<16x8xf32>) outs(%127 : tensor<16x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<16x8x8xf32>
    %129 = tensor.empty() : tensor<16x8x8xf32>
    %130 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%126 : tensor<16x8xf32>) outs(%129 : tensor<16x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<16x8x8xf32>
    %131 = tensor.empty() : tensor<16x8x8xf32>
    %132 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%128, %130 : tensor<16x8x8xf32>, tensor<16x8x8xf32>) outs(%131 : tensor<16x8x8xf32>) {
    ^bb0(%in: f32, %in_18: f32, %out: f32):
      %180 = arith.mulf %in, %in_18 : f32
      linalg.yield %180 : f32
    } -> tensor<16x8x8xf32>
    %133 = tensor.empty() : tensor<8x8x16xf32>
    %134 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%132 : tensor<16x8x8xf32>) outs(%133 : tensor<8x8x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x8x16xf32>
    %collapsed_13 = tensor.collapse_shape %134 [[0, 1], [2]] : tensor<8x8x16xf32> into tensor<64x16xf32>
    %135 = tensor.empty() : tensor<64x32xf32>
    %136 = linalg.fill ins(%cst_4 : f32) outs(%135 : tensor<64x32xf32>) -> tensor<64x32xf32>
    %137 = linalg.matmul ins(%collapsed_13, %collapsed : tensor<64x16xf32>, tensor<16x32xf32>) outs(%136 : tensor<64x32xf32>) -> tensor<64x32xf32>
    %expanded_14 = tensor.expand_shape %137 [[0, 1], [2]] output_shape [8, 8, 32] : tensor<64x32xf32> into tensor<8x8x32xf32>
    %138 = tensor.empty() : tensor<8x8x64xf32>
    %139 = linalg.fill ins(%cst_4 : f32) outs(%138 : tensor<8x8x64xf32>) -> tensor<8x8x64xf32>
    %140 = linalg.batch_matmul ins(%expanded_14, %arg2 : tensor<8x8x32xf32>, tensor<8x32x64xf32>) outs(%139 : tensor<8x8x64xf32>) -> tensor<8x8x64xf32>
    %141 = tensor.empty() : tensor<8x8x64xf32>
    %142 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%140 : tensor<8x8x64xf32>) outs(%141 : tensor<8x8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %180 = arith.mulf %in, %in : f32
      linalg.yield %180 : f32
    } -> tensor<8x8x64xf32>
    %143 = tensor.empty() : tensor<8x8x64xf32>
    %144 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%142, %140 : tensor<8x8x64xf32>, tensor<8x8x64xf32>) outs(%143 : tensor<8x8x64xf32>) {
    ^bb0(%in: f32, %in_18: f32, %out: f32):
      %180 = arith.mulf %in, %in_18 : f32
      linalg.yield %180 : f32
    } -> tensor<8x8x64xf32>
    %145 = tensor.empty() : tensor<8x8x64xf32>
    %146 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%144 : tensor<8x8x64xf32>) outs(%145 : tensor<8x8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %180 = arith.mulf %in, %cst_1 : f32
      linalg.yield %180 : f32
    } -> tensor<8x8x64xf32>
    %147 = tensor.empty() : tensor<8x8x64xf32>
    %148 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%140, %146 : tensor<8x8x64xf32>, tensor<8x8x64xf32>) outs(%147 : tensor<8x8x64xf32>) {
    ^bb0(%in: f32, %in_18: f32, %out: f32):
      %180 = arith.addf %in, %in_18 : f32
      linalg.yield %180 : f32
    } -> tensor<8x8x64xf32>
    %149 = tensor.empty() : tensor<8x8x64xf32>
    %150 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%148 : tensor<8x8x64xf32>) outs(%149 : tensor<8x8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %180 = arith.mulf %in, %cst_0 : f32
      linalg.yield %180 : f32
    } -> tensor<8x8x64xf32>
    %151 = tensor.empty() : tensor<8x8x64xf32>
    %152 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%150 : tensor<8x8x64xf32>) outs(%151 : tensor<8x8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %180 = math.tanh %in : f32
      linalg.yield %180 : f32
    } -> tensor<8x8x64xf32>
    %153 = tensor.empty() : tensor<8x8x64xf32>
    %154 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%152 : tensor<8x8x64xf32>) outs(%153 : tensor<8x8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %180 = arith.addf %in, %cst_2 : f32
      linalg.yield %180 : f32
    } -> tensor<8x8x64xf32>
    %155 = tensor.empty() : tensor<8x8x64xf32>
    %156 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%154 : tensor<8x8x64xf32>) outs(%155 : tensor<8x8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %180 = arith.mulf %in, %cst : f32
      linalg.yield %180 : f32
    } -> tensor<8x8x64xf32>
    %157 = tensor.empty() : tensor<8x8x64xf32>
    %158 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%140, %156 : tensor<8x8x64xf32>, tensor<8x8x64xf32>) outs(%157 : tensor<8x8x64xf32>) {
    ^bb0(%in: f32, %in_18: f32, %out: f32):
      %180 = arith.mulf %in, %in_18 : f32
      linalg.yield %180 : f32
    } -> tensor<8x8x64xf32>
    %159 = tensor.empty() : tensor<8x8x32xf32>
    %160 = linalg.fill ins(%cst_4 : f32) outs(%159 : tensor<8x8x32xf32>) -> tensor<8x8x32xf32>
    %161 = linalg.batch_matmul ins(%158, %arg3 : tensor<8x8x64xf32>, tensor<8x64x32xf32>) outs(%160 : tensor<8x8x32xf32>) -> tensor<8x8x32xf32>
    %162 = tensor.empty() : tensor<16x8xf32>
    %163 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%18, %108 : tensor<16x8xf32>, tensor<16x8xf32>) outs(%162 : tensor<16x8xf32>) {
    ^bb0(%in: f32, %in_18: f32, %out: f32):
      %180 = arith.mulf %in, %in_18 : f32
      linalg.yield %180 : f32
    } -> tensor<16x8xf32>
    %164 = tensor.empty() : tensor<16xf32>
    %165 = linalg.fill ins(%cst_4 : f32) outs(%164 : tensor<16xf32>) -> tensor<16xf32>
    %166 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%163 : tensor<16x8xf32>) outs(%165 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %180 = arith.addf %out, %in : f32
      linalg.yield %180 : f32
    } -> tensor<16xf32>
    %167 = tensor.empty() : tensor<16x8x8xf32>
    %168 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%132 : tensor<16x8x8xf32>) outs(%167 : tensor<16x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<16x8x8xf32>
    %collapsed_15 = tensor.collapse_shape %168 [[0], [1, 2]] : tensor<16x8x8xf32> into tensor<16x64xf32>
    %169 = tensor.empty() : tensor<8x8x32xf32>
    %170 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%161 : tensor<8x8x32xf32>) outs(%169 : tensor<8x8x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x8x32xf32>
    %collapsed_16 = tensor.collapse_shape %170 [[0, 1], [2]] : tensor<8x8x32xf32> into tensor<64x32xf32>
    %171 = tensor.empty() : tensor<16x32xf32>
    %172 = linalg.fill ins(%cst_4 : f32) outs(%171 : tensor<16x32xf32>) -> tensor<16x32xf32>
    %173 = linalg.matmul ins(%collapsed_15, %collapsed_16 : tensor<16x64xf32>, tensor<64x32xf32>) outs(%172 : tensor<16x32xf32>) -> tensor<16x32xf32>
    %174 = tensor.empty() : tensor<16x32xf32>
    %175 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%166 : tensor<16xf32>) outs(%174 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<16x32xf32>
    %176 = tensor.empty() : tensor<16x32xf32>
    %177 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%173, %175 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%176 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_18: f32, %out: f32):
      %180 = arith.mulf %in, %in_18 : f32
      linalg.yield %180 : f32
    } -> tensor<16x32xf32>
    %178 = tensor.empty() : tensor<16x32xf32>
    %179 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%102, %177 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%178 : tensor<16x32xf32>) {
    ^bb0(%in: f32, %in_18: f32, %out: f32):
      %180 = arith.addf %in, %in_18 : f32
      linalg.yield %180 : f32
    } -> tensor<16x32xf32>
    %expanded_17 = tensor.expand_shape %179 [[0, 1], [2]] output_shape [2, 8, 32] : tensor<16x32xf32> into tensor<2x8x32xf32>
    util.return %expanded_17 : tensor<2x8x32xf32>
  }
}