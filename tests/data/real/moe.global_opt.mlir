module @jit_moe {
  util.func public @main(%arg0: !hal.buffer_view, %arg1: !hal.buffer_view, %arg2: !hal.buffer_view, %arg3: !hal.buffer_view, %arg4: !hal.buffer_view, %arg5: !hal.buffer_view) -> !hal.buffer_view attributes {iree.abi.stub, iree.reflection = {iree.abi.declaration = "sync func @main(%input0: tensor<2x8x64xf32>, %input1: tensor<64x4xf32>, %input2: tensor<4x64x128xf32>, %input3: tensor<4x128xf32>, %input4: tensor<4x128x64xf32>, %input5: tensor<4x64xf32>) -> (%output0: tensor<2x8x64xf32>)"}} {
    %cst = arith.constant dense<"0x0000803F0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F000000000000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F00000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F00000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F00000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F"> : tensor<16x16xf32>
    %cst_0 = arith.constant 0.000000e+00 : f32
    %cst_1 = arith.constant 0xFF800000 : f32
    %c0_i32 = arith.constant 0 : i32
    %cst_2 = arith.constant 1.000000e+00 : f32
    %0 = hal.tensor.import %arg0 "input0" : !hal.buffer_view -> tensor<2x8x64xf32>
    %1 = hal.tensor.import %arg1 "input1" : !hal.buffer_view -> tensor<64x4xf32>
    %2 = iree_tensor_ext.compute_barrier.start %1 : tensor<64x4xf32> -> tensor<64x4xf32>
    %3 = hal.tensor.import %arg2 "input2" : !hal.buffer_view -> tensor<4x64x128xf32>
    %4 = iree_tensor_ext.compute_barrier.start %3 : tensor<4x64x128xf32> -> tensor<4x64x128xf32>
    %5 = hal.tensor.import %arg3 "input3" : !hal.buffer_view -> tensor<4x128xf32>
    %6 = iree_tensor_ext.compute_barrier.start %5 : tensor<4x128xf32> -> tensor<4x128xf32>
    %7 = hal.tensor.import %arg4 "input4" : !hal.buffer_view -> tensor<4x128x64xf32>
    %8 = iree_tensor_ext.compute_barrier.start %7 : tensor<4x128x64xf32> -> tensor<4x128x64xf32>
    %9 = hal.tensor.import %arg5 "input5" : !hal.buffer_view -> tensor<4x64xf32>
    %10 = iree_tensor_ext.compute_barrier.start %9 : tensor<4x64xf32> -> tensor<4x64xf32>
    %collapsed = tensor.collapse_shape %0 [[0, 1], [2]] : tensor<2x8x64xf32> into tensor<16x64xf32>
    %11 = iree_tensor_ext.compute_barrier.start %collapsed : tensor<16x64xf32> -> tensor<16x64xf32>
    %12 = tensor.empty() : tensor<16x4xf32>
    %13 = linalg.fill ins(%cst_0 : f32) outs(%12 : tensor<16x4xf32>) -> tensor<16x4xf32>
    %14 = linalg.matmul ins(%11, %2 : tensor<16x64xf32>, tensor<64x4xf32>) outs(%13 : tensor<16x4xf32>) -> tensor<16x4xf32>
    %15 = tensor.empty() : tensor<16xf32>
    %16 = linalg.fill ins(%cst_1 : f32) outs(%15 : tensor<16xf32>) -> tensor<16xf32>
    %17 = linalg.fill ins(%cst_0 : f32) outs(%15 : tensor<16xf32>) -> tensor<16xf32>
    %18 = linalg.softmax dimension(1) ins(%14 : tensor<16x4xf32>) outs(%12 : tensor<16x4xf32>) -> tensor<16x4xf32>
    %19 = tensor.empty() : tensor<16x4xi32>
    %20 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%19 : tensor<16x4xi32>) {
    ^bb0(%out: i32):
      %77 = linalg.index 1 : index
      %78 = arith.index_cast %77 : index to i32
      linalg.yield %78 : i32
    } -> tensor<16x4xi32>
    %21 = tensor.empty() : tensor<16xi32>
    %22 = linalg.fill ins(%c0_i32 : i32) outs(%21 : tensor<16xi32>) -> tensor<16xi32>
    %23:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%18, %20 : tensor<16x4xf32>, tensor<16x4xi32>) outs(%16, %22 : tensor<16xf32>, tensor<16xi32>) {
    ^bb0(%in: f32, %in_7: i32, %out: f32, %out_8: i32):
      %77 = arith.cmpf ogt, %out, %in : f32
      %78 = arith.cmpf une, %out, %out : f32
      %79 = arith.ori %77, %78 : i1
      %80 = arith.cmpf oeq, %out, %in : f32
      %81 = arith.cmpi slt, %out_8, %in_7 : i32
      %82 = arith.andi %80, %81 : i1
      %83 = arith.ori %79, %82 : i1
      %84 = arith.select %79, %out, %in : f32
      %85 = arith.select %83, %out_8, %in_7 : i32
      linalg.yield %84, %85 : f32, i32
    } -> (tensor<16xf32>, tensor<16xi32>)
    %24 = tensor.empty() : tensor<4xi32>
    %25 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%24 : tensor<4xi32>) {
    ^bb0(%out: i32):
      %77 = linalg.index 0 : index
      %78 = arith.index_cast %77 : index to i32
      linalg.yield %78 : i32
    } -> tensor<4xi32>
    %26 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%23#1 : tensor<16xi32>) outs(%19 : tensor<16x4xi32>) {
    ^bb0(%in: i32, %out: i32):
      linalg.yield %in : i32
    } -> tensor<16x4xi32>
    %27 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%25 : tensor<4xi32>) outs(%19 : tensor<16x4xi32>) {
    ^bb0(%in: i32, %out: i32):
      linalg.yield %in : i32
    } -> tensor<16x4xi32>
    %28 = tensor.empty() : tensor<16x4xi1>
    %29 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%26, %27 : tensor<16x4xi32>, tensor<16x4xi32>) outs(%28 : tensor<16x4xi1>) {
    ^bb0(%in: i32, %in_7: i32, %out: i1):
      %77 = arith.cmpi eq, %in, %in_7 : i32
      linalg.yield %77 : i1
    } -> tensor<16x4xi1>
    %30 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%29 : tensor<16x4xi1>) outs(%12 : tensor<16x4xf32>) {
    ^bb0(%in: i1, %out: f32):
      %77 = arith.uitofp %in : i1 to f32
      linalg.yield %77 : f32
    } -> tensor<16x4xf32>
    %31 = linalg.matmul ins(%cst, %30 : tensor<16x16xf32>, tensor<16x4xf32>) outs(%13 : tensor<16x4xf32>) -> tensor<16x4xf32>
    %32 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%31 : tensor<16x4xf32>) outs(%12 : tensor<16x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %77 = arith.subf %in, %cst_2 : f32
      linalg.yield %77 : f32
    } -> tensor<16x4xf32>
    %33 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%32, %30 : tensor<16x4xf32>, tensor<16x4xf32>) outs(%12 : tensor<16x4xf32>) {
    ^bb0(%in: f32, %in_7: f32, %out: f32):
      %77 = arith.mulf %in, %in_7 : f32
      linalg.yield %77 : f32
    } -> tensor<16x4xf32>
    %34 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%33 : tensor<16x4xf32>) outs(%17 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %77 = arith.addf %out, %in : f32
      linalg.yield %77 : f32
    } -> tensor<16xf32>
    %35 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%34 : tensor<16xf32>) outs(%21 : tensor<16xi32>) {
    ^bb0(%in: f32, %out: i32):
      %77 = arith.fptosi %in : f32 to i32
      linalg.yield %77 : i32
    } -> tensor<16xi32>
    %36 = tensor.empty() : tensor<8xi32>
    %37 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%36 : tensor<8xi32>) {
    ^bb0(%out: i32):
      %77 = linalg.index 0 : index
      %78 = arith.index_cast %77 : index to i32
      linalg.yield %78 : i32
    } -> tensor<8xi32>
    %38 = tensor.empty() : tensor<16x8xi32>
    %39 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%35 : tensor<16xi32>) outs(%38 : tensor<16x8xi32>) {
    ^bb0(%in: i32, %out: i32):
      linalg.yield %in : i32
    } -> tensor<16x8xi32>
    %40 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%37 : tensor<8xi32>) outs(%38 : tensor<16x8xi32>) {
    ^bb0(%in: i32, %out: i32):
      linalg.yield %in : i32
    } -> tensor<16x8xi32>
    %41 = tensor.empty() : tensor<16x8xi1>
    %42 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%39, %40 : tensor<16x8xi32>, tensor<16x8xi32>) outs(%41 : tensor<16x8xi1>) {
    ^bb0(%in: i32, %in_7: i32, %out: i1):
      %77 = arith.cmpi eq, %in, %in_7 : i32
      linalg.yield %77 : i1
    } -> tensor<16x8xi1>
    %43 = tensor.empty() : tensor<16x8xf32>
    %44 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%42 : tensor<16x8xi1>) outs(%43 : tensor<16x8xf32>) {
    ^bb0(%in: i1, %out: f32):
      %77 = arith.uitofp %in : i1 to f32
      linalg.yield %77 : f32
    } -> tensor<16x8xf32>
    %45 = tensor.empty() : tensor<16x4x8xf32>
    %46 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%30 : tensor<16x4xf32>) outs(%45 : tensor<16x4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<16x4x8xf32>
    %47 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%44 : tensor<16x8xf32>) outs(%45 : tensor<16x4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<16x4x8xf32>
    %48 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%46, %47 : tensor<16x4x8xf32>, tensor<16x4x8xf32>) outs(%45 : tensor<16x4x8xf32>) {
    ^bb0(%in: f32, %in_7: f32, %out: f32):
      %77 = arith.mulf %in, %in_7 : f32
      linalg.yield %77 : f32
    } -> tensor<16x4x8xf32>
    %49 = tensor.empty() : tensor<4x8x16xf32>
    %50 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%48 : tensor<16x4x8xf32>) outs(%49 : tensor<4x8x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x8x16xf32>
    %collapsed_3 = tensor.collapse_shape %50 [[0, 1], [2]] : tensor<4x8x16xf32> into tensor<32x16xf32>
    %51 = tensor.empty() : tensor<32x64xf32>
    %52 = linalg.fill ins(%cst_0 : f32) outs(%51 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %53 = linalg.matmul ins(%collapsed_3, %11 : tensor<32x16xf32>, tensor<16x64xf32>) outs(%52 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %expanded = tensor.expand_shape %53 [[0, 1], [2]] output_shape [4, 8, 64] : tensor<32x64xf32> into tensor<4x8x64xf32>
    %54 = tensor.empty() : tensor<4x8x128xf32>
    %55 = linalg.fill ins(%cst_0 : f32) outs(%54 : tensor<4x8x128xf32>) -> tensor<4x8x128xf32>
    %56 = linalg.batch_matmul ins(%expanded, %4 : tensor<4x8x64xf32>, tensor<4x64x128xf32>) outs(%55 : tensor<4x8x128xf32>) -> tensor<4x8x128xf32>
    %57 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6 : tensor<4x128xf32>) outs(%54 : tensor<4x8x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x8x128xf32>
    %58 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%56, %57 : tensor<4x8x128xf32>, tensor<4x8x128xf32>) outs(%54 : tensor<4x8x128xf32>) {
    ^bb0(%in: f32, %in_7: f32, %out: f32):
      %77 = arith.addf %in, %in_7 : f32
      linalg.yield %77 : f32
    } -> tensor<4x8x128xf32>
    %59 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%58 : tensor<4x8x128xf32>) outs(%54 : tensor<4x8x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %77 = arith.maximumf %in, %cst_0 : f32
      linalg.yield %77 : f32
    } -> tensor<4x8x128xf32>
    %60 = tensor.empty() : tensor<4x8x64xf32>
    %61 = linalg.fill ins(%cst_0 : f32) outs(%60 : tensor<4x8x64xf32>) -> tensor<4x8x64xf32>
    %62 = linalg.batch_matmul ins(%59, %8 : tensor<4x8x128xf32>, tensor<4x128x64xf32>) outs(%61 : tensor<4x8x64xf32>) -> tensor<4x8x64xf32>
    %63 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%10 : tensor<4x64xf32>) outs(%60 : tensor<4x8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x8x64xf32>
    %64 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%18, %30 : tensor<16x4xf32>, tensor<16x4xf32>) outs(%12 : tensor<16x4xf32>) {
    ^bb0(%in: f32, %in_7: f32, %out: f32):
      %77 = arith.mulf %in, %in_7 : f32
      linalg.yield %77 : f32
    } -> tensor<16x4xf32>
    %65 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%64 : tensor<16x4xf32>) outs(%17 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %77 = arith.addf %out, %in : f32
      linalg.yield %77 : f32
    } -> tensor<16xf32>
    %66 = tensor.empty() : tensor<16x8x4xf32>
    %67 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%48 : tensor<16x4x8xf32>) outs(%66 : tensor<16x8x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<16x8x4xf32>
    %collapsed_4 = tensor.collapse_shape %67 [[0], [1, 2]] : tensor<16x8x4xf32> into tensor<16x32xf32>
    %68 = tensor.empty() : tensor<8x4x64xf32>
    %69 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%62, %63 : tensor<4x8x64xf32>, tensor<4x8x64xf32>) outs(%68 : tensor<8x4x64xf32>) {
    ^bb0(%in: f32, %in_7: f32, %out: f32):
      %77 = arith.addf %in, %in_7 : f32
      linalg.yield %77 : f32
    } -> tensor<8x4x64xf32>
    %collapsed_5 = tensor.collapse_shape %69 [[0, 1], [2]] : tensor<8x4x64xf32> into tensor<32x64xf32>
    %70 = tensor.empty() : tensor<16x64xf32>
    %71 = linalg.fill ins(%cst_0 : f32) outs(%70 : tensor<16x64xf32>) -> tensor<16x64xf32>
    %72 = linalg.matmul ins(%collapsed_4, %collapsed_5 : tensor<16x32xf32>, tensor<32x64xf32>) outs(%71 : tensor<16x64xf32>) -> tensor<16x64xf32>
    %73 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%65 : tensor<16xf32>) outs(%70 : tensor<16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<16x64xf32>
    %74 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%72, %73 : tensor<16x64xf32>, tensor<16x64xf32>) outs(%70 : tensor<16x64xf32>) {
    ^bb0(%in: f32, %in_7: f32, %out: f32):
      %77 = arith.mulf %in, %in_7 : f32
      linalg.yield %77 : f32
    } -> tensor<16x64xf32>
    %75 = iree_tensor_ext.compute_barrier.end %74 : tensor<16x64xf32> -> tensor<16x64xf32>
    %expanded_6 = tensor.expand_shape %75 [[0, 1], [2]] output_shape [2, 8, 64] : tensor<16x64xf32> into tensor<2x8x64xf32>
    %76 = hal.tensor.export %expanded_6 "output0" : tensor<2x8x64xf32> -> !hal.buffer_view
    util.return %76 : !hal.buffer_view
  }
}