module @jit_moe {
  util.func public @main(%arg0: tensor<2x8x64xf32>, %arg1: tensor<64x4xf32>, %arg2: tensor<4x64x128xf32>, %arg3: tensor<4x128xf32>, %arg4: tensor<4x128x64xf32>, %arg5: tensor<4x64xf32>) -> tensor<2x8x64xf32> {
    %cst = arith.constant 1.000000e+00 : f32
    %c0_i32 = arith.constant 0 : i32
    %cst_0 = arith.constant 0xFF800000 : f32
    %cst_1 = arith.constant 0.000000e+00 : f32
    %cst_2 = arith.constant dense<"0x0000803F0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F000000000000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F00000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F00000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F00000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F"> : tensor<16x16xf32>
    %collapsed = tensor.collapse_shape %arg0 [[0, 1], [2]] : tensor<2x8x64xf32> into tensor<16x64xf32>
    %0 = tensor.empty() : tensor<16x4xf32>
    %1 = linalg.fill ins(%cst_1 : f32) outs(%0 : tensor<16x4xf32>) -> tensor<16x4xf32>
    %2 = linalg.matmul ins(%collapsed, %arg1 : tensor<16x64xf32>, tensor<64x4xf32>) outs(%1 : tensor<16x4xf32>) -> tensor<16x4xf32>
    %3 = tensor.empty() : tensor<16xf32>
    %4 = linalg.fill ins(%cst_0 : f32) outs(%3 : tensor<16xf32>) -> tensor<16xf32>
    %5 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%2 : tensor<16x4xf32>) outs(%4 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %101 = arith.maximumf %out, %in : f32
      linalg.yield %101 : f32
    } -> tensor<16xf32>
    %6 = tensor.empty() : tensor<16x4xf32>
    %7 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%5 : tensor<16xf32>) outs(%6 : tensor<16x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<16x4xf32>
    %8 = tensor.empty() : tensor<16x4xf32>
    %9 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%2, %7 : tensor<16x4xf32>, tensor<16x4xf32>) outs(%8 : tensor<16x4xf32>) {
    ^bb0(%in: f32, %in_7: f32, %out: f32):
      %101 = arith.subf %in, %in_7 : f32
      linalg.yield %101 : f32
    } -> tensor<16x4xf32>
    %10 = tensor.empty() : tensor<16x4xf32>
    %11 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%9 : tensor<16x4xf32>) outs(%10 : tensor<16x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %101 = math.exp %in : f32
      linalg.yield %101 : f32
    } -> tensor<16x4xf32>
    %12 = tensor.empty() : tensor<16xf32>
    %13 = linalg.fill ins(%cst_1 : f32) outs(%12 : tensor<16xf32>) -> tensor<16xf32>
    %14 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%11 : tensor<16x4xf32>) outs(%13 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %101 = arith.addf %out, %in : f32
      linalg.yield %101 : f32
    } -> tensor<16xf32>
    %15 = tensor.empty() : tensor<16x4xf32>
    %16 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%14 : tensor<16xf32>) outs(%15 : tensor<16x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<16x4xf32>
    %17 = tensor.empty() : tensor<16x4xf32>
    %18 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%11, %16 : tensor<16x4xf32>, tensor<16x4xf32>) outs(%17 : tensor<16x4xf32>) {
    ^bb0(%in: f32, %in_7: f32, %out: f32):
      %101 = arith.divf %in, %in_7 : f32
      linalg.yield %101 : f32
    } -> tensor<16x4xf32>
    %19 = tensor.empty() : tensor<16x4xi32>
    %20 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%19 : tensor<16x4xi32>) {
    ^bb0(%out: i32):
      %101 = linalg.index 1 : index
      %102 = arith.index_cast %101 : index to i32
      linalg.yield %102 : i32
    } -> tensor<16x4xi32>
    %21 = tensor.empty() : tensor<16xf32>
    %22 = linalg.fill ins(%cst_0 : f32) outs(%21 : tensor<16xf32>) -> tensor<16xf32>
    %23 = tensor.empty() : tensor<16xi32>
    %24 = linalg.fill ins(%c0_i32 : i32) outs(%23 : tensor<16xi32>) -> tensor<16xi32>
    %25:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%18, %20 : tensor<16x4xf32>, tensor<16x4xi32>) outs(%22, %24 : tensor<16xf32>, tensor<16xi32>) {
    ^bb0(%in: f32, %in_7: i32, %out: f32, %out_8: i32):
      %101 = arith.cmpf ogt, %out, %in : f32
      %102 = arith.cmpf une, %out, %out : f32
      %103 = arith.ori %101, %102 : i1
      %104 = arith.cmpf oeq, %out, %in : f32
      %105 = arith.cmpi slt, %out_8, %in_7 : i32
      %106 = arith.andi %104, %105 : i1
      %107 = arith.ori %103, %106 : i1
      %108 = arith.select %103, %out, %in : f32
      %109 = arith.select %107, %out_8, %in_7 : i32
      linalg.yield %108, %109 : f32, i32
    } -> (tensor<16xf32>, tensor<16xi32>)
    %26 = tensor.empty() : tensor<1x4xi32>
    %27 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%26 : tensor<1x4xi32>) {
    ^bb0(%out: i32):
      %101 = linalg.index 1 : index
      %102 = arith.index_cast %101 : index to i32
      linalg.yield %102 : i32
    } -> tensor<1x4xi32>
    %28 = tensor.empty() : tensor<16x4xi32>
    %29 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%25#1 : tensor<16xi32>) outs(%28 : tensor<16x4xi32>) {
    ^bb0(%in: i32, %out: i32):
      linalg.yield %in : i32
    } -> tensor<16x4xi32>
    %30 = tensor.empty() : tensor<16x4xi32>
    %31 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%27 : tensor<1x4xi32>) outs(%30 : tensor<16x4xi32>) {
    ^bb0(%in: i32, %out: i32):
      linalg.yield %in : i32
    } -> tensor<16x4xi32>
    %32 = tensor.empty() : tensor<16x4xi1>
    %33 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%29, %31 : tensor<16x4xi32>, tensor<16x4xi32>) outs(%32 : tensor<16x4xi1>) {
    ^bb0(%in: i32, %in_7: i32, %out: i1):
      %101 = arith.cmpi eq, %in, %in_7 : i32
      linalg.yield %101 : i1
    } -> tensor<16x4xi1>
    %34 = tensor.empty() : tensor<16x4xf32>
    %35 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%33 : tensor<16x4xi1>) outs(%34 : tensor<16x4xf32>) {
    ^bb0(%in: i1, %out: f32):
      %101 = arith.uitofp %in : i1 to f32
      linalg.yield %101 : f32
    } -> tensor<16x4xf32>
    %36 = tensor.empty() : tensor<16x4xf32>
    %37 = linalg.fill ins(%cst_1 : f32) outs(%36 : tensor<16x4xf32>) -> tensor<16x4xf32>
    %38 = linalg.matmul ins(%cst_2, %35 : tensor<16x16xf32>, tensor<16x4xf32>) outs(%37 : tensor<16x4xf32>) -> tensor<16x4xf32>
    %39 = tensor.empty() : tensor<16x4xf32>
    %40 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%38 : tensor<16x4xf32>) outs(%39 : tensor<16x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %101 = arith.subf %in, %cst : f32
      linalg.yield %101 : f32
    } -> tensor<16x4xf32>
    %41 = tensor.empty() : tensor<16x4xf32>
    %42 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%40, %35 : tensor<16x4xf32>, tensor<16x4xf32>) outs(%41 : tensor<16x4xf32>) {
    ^bb0(%in: f32, %in_7: f32, %out: f32):
      %101 = arith.mulf %in, %in_7 : f32
      linalg.yield %101 : f32
    } -> tensor<16x4xf32>
    %43 = tensor.empty() : tensor<16xf32>
    %44 = linalg.fill ins(%cst_1 : f32) outs(%43 : tensor<16xf32>) -> tensor<16xf32>
    %45 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%42 : tensor<16x4xf32>) outs(%44 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %101 = arith.addf %out, %in : f32
      linalg.yield %101 : f32
    } -> tensor<16xf32>
    %46 = tensor.empty() : tensor<16xi32>
    %47 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%45 : tensor<16xf32>) outs(%46 : tensor<16xi32>) {
    ^bb0(%in: f32, %out: i32):
      %101 = arith.fptosi %in : f32 to i32
      linalg.yield %101 : i32
    } -> tensor<16xi32>
    %48 = tensor.empty() : tensor<1x8xi32>
    %49 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%48 : tensor<1x8xi32>) {
    ^bb0(%out: i32):
      %101 = linalg.index 1 : index
      %102 = arith.index_cast %101 : index to i32
      linalg.yield %102 : i32
    } -> tensor<1x8xi32>
    %50 = tensor.empty() : tensor<16x8xi32>
    %51 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%47 : tensor<16xi32>) outs(%50 : tensor<16x8xi32>) {
    ^bb0(%in: i32, %out: i32):
      linalg.yield %in : i32
    } -> tensor<16x8xi32>
    %52 = tensor.empty() : tensor<16x8xi32>
    %53 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%49 : tensor<1x8xi32>) outs(%52 : tensor<16x8xi32>) {
    ^bb0(%in: i32, %out: i32):
      linalg.yield %in : i32
    } -> tensor<16x8xi32>
    %54 = tensor.empty() : tensor<16x8xi1>
    %55 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%51, %53 : tensor<16x8xi32>, tensor<16x8xi32>) outs(%54 : tensor<16x8xi1>) {
    ^bb0(%in: i32, %in_7: i32, %out: i1):
      %101 = arith.cmpi eq, %in, %in_7 : i32
      linalg.yield %101 : i1
    } -> tensor<16x8xi1>
    %56 = tensor.empty() : tensor<16x8xf32>
    %57 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%55 : tensor<16x8xi1>) outs(%56 : tensor<16x8xf32>) {
    ^bb0(%in: i1, %out: f32):
      %101 = arith.uitofp %in : i1 to f32
      linalg.yield %101 : f32
    } -> tensor<16x8xf32>
    %58 = tensor.empty() : tensor<16x4x8xf32>
    %59 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%35 : tensor<16x4xf32>) outs(%58 : tensor<16x4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<16x4x8xf32>
    %60 = tensor.empty() : tensor<16x4x8xf32>
    %61 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%57 : tensor<16x8xf32>) outs(%60 : tensor<16x4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<16x4x8xf32>
    %62 = tensor.empty() : tensor<16x4x8xf32>
    %63 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%59, %61 : tensor<16x4x8xf32>, tensor<16x4x8xf32>) outs(%62 : tensor<16x4x8xf32>) {
    ^bb0(%in: f32, %in_7: f32, %out: f32):
      %101 = arith.mulf %in, %in_7 : f32
      linalg.yield %101 : f32
    } -> tensor<16x4x8xf32>
    %64 = tensor.empty() : tensor<4x8x16xf32>
    %65 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%63 : tensor<16x4x8xf32>) outs(%64 : tensor<4x8x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x8x16xf32>
    %collapsed_3 = tensor.collapse_shape %65 [[0, 1], [2]] : tensor<4x8x16xf32> into tensor<32x16xf32>
    %66 = tensor.empty() : tensor<32x64xf32>
    %67 = linalg.fill ins(%cst_1 : f32) outs(%66 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %68 = linalg.matmul ins(%collapsed_3, %collapsed : tensor<32x16xf32>, tensor<16x64xf32>) outs(%67 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %expanded = tensor.expand_shape %68 [[0, 1], [2]] output_shape [4, 8, 64] : tensor<32x64xf32> into tensor<4x8x64xf32>
    %69 = tensor.empty() : tensor<4x8x128xf32>
    %70 = linalg.fill ins(%cst_1 : f32) outs(%69 : tensor<4x8x128xf32>) -> tensor<4x8x128xf32>
    %71 = linalg.batch_matmul ins(%expanded, %arg2 : tensor<4x8x64xf32>, tensor<4x64x128xf32>) outs(%70 : tensor<4x8x128xf32>) -> tensor<4x8x128xf32>
    %72 = tensor.empty() : tensor<4x8x128xf32>
    %73 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg3 : tensor<4x128xf32>) outs(%72 : tensor<4x8x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x8x128xf32>
    %74 = tensor.empty() : tensor<4x8x128xf32>
    %75 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%71, %73 : tensor<4x8x128xf32>, tensor<4x8x128xf32>) outs(%74 : tensor<4x8x128xf32>) {
    ^bb0(%in: f32, %in_7: f32, %out: f32):
      %101 = arith.addf %in, %in_7 : f32
      linalg.yield %101 : f32
    } -> tensor<4x8x128xf32>
    %76 = tensor.empty() : tensor<4x8x128xf32>
    %77 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%75 : tensor<4x8x128xf32>) outs(%76 : tensor<4x8x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %101 = arith.maximumf %in, %cst_1 : f32
      linalg.yield %101 : f32
    } -> tensor<4x8x128xf32>
    %78 = tensor.empty() : tensor<4x8x64xf32>
    %79 = linalg.fill ins(%cst_1 : f32) outs(%78 : tensor<4x8x64xf32>) -> tensor<4x8x64xf32>
    %80 = linalg.batch_matmul ins(%77, %arg4 : tensor<4x8x128xf32>, tensor<4x128x64xf32>) outs(%79 : tensor<4x8x64xf32>) -> tensor<4x8x64xf32>
    %81 = tensor.empty() : tensor<4x8x64xf32>
    %82 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg5 : tensor<4x64xf32>) outs(%81 : tensor<4x8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x8x64xf32>
    %83 = tensor.empty() : tensor<4x8x64xf32>
    %84 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%80, %82 : tensor<4x8x64xf32>, tensor<4x8x64xf32>) outs(%83 : tensor<4x8x64xf32>) {
    ^bb0(%in: f32, %in_7: f32, %out: f32):
      %101 = arith.addf %in, %in_7 : f32
      linalg.yield %101 : f32
    } -> tensor<4x8x64xf32>
    %85 = tensor.empty() : tensor<16x4xf32>
    %86 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%18, %35 : tensor<16x4xf32>, tensor<16x4xf32>) outs(%85 : tensor<16x4xf32>) {
    ^bb0(%in: f32, %in_7: f32, %out: f32):
      %101 = arith.mulf %in, %in_7 : f32
      linalg.yield %101 : f32
    } -> tensor<16x4xf32>
    %87 = tensor.empty() : tensor<16xf32>
    %88 = linalg.fill ins(%cst_1 : f32) outs(%87 : tensor<16xf32>) -> tensor<16xf32>
    %89 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%86 : tensor<16x4xf32>) outs(%88 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %101 = arith.addf %out, %in : f32
      linalg.yield %101 : f32
    } -> tensor<16xf32>
    %90 = tensor.empty() : tensor<16x8x4xf32>
    %91 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%63 : tensor<16x4x8xf32>) outs(%90 : tensor<16x8x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<16x8x4xf32>
    %collapsed_4 = tensor.collapse_shape %91 [[0], [1, 2]] : tensor<16x8x4xf32> into tensor<16x32xf32>
    %92 = tensor.empty() : tensor<8x4x64xf32>
    %93 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%84 : tensor<4x8x64xf32>) outs(%92 : tensor<8x4x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x4x64xf32>
    %collapsed_5 = tensor.collapse_shape %93 [[0, 1], [2]] : tensor<8x4x64xf32> into tensor<32x64xf32>
    %94 = tensor.empty() : tensor<16x64xf32>
    %95 = linalg.fill ins(%cst_1 : f32) outs(%94 : tensor<16x64xf32>) -> tensor<16x64xf32>
    %96 = linalg.matmul ins(%collapsed_4, %collapsed_5 : tensor<16x32xf32>, tensor<32x64xf32>) outs(%95 : tensor<16x64xf32>) -> tensor<16x64xf32>
    %97 = tensor.empty() : tensor<16x64xf32>
    %98 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%89 : tensor<16xf32>) outs(%97 : tensor<16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<16x64xf32>
    %99 = tensor.empty() : tensor<16x64xf32>
    %100 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%96, %98 : tensor<16x64xf32>, tensor<16x64xf32>) outs(%99 : tensor<16x64xf32>) {
    ^bb0(%in: f32, %in_7: f32, %out: f32):
      %101 = arith.mulf %in, %in_7 : f32
      linalg.yield %101 : f32
    } -> tensor<16x64xf32>
    %expanded_6 = tensor.expand_shape %100 [[0, 1], [2]] output_shape [2, 8, 64] : tensor<16x64xf32> into tensor<2x8x64xf32>
    util.return %expanded_6 : tensor<2x8x64xf32>
  }
}