module @jit_encoder {
  util.func public @main(%arg0: !hal.buffer_view, %arg1: !hal.buffer_view, %arg2: !hal.buffer_view, %arg3: !hal.buffer_view, %arg4: !hal.buffer_view, %arg5: !hal.buffer_view, %arg6: !hal.buffer_view, %arg7: !hal.buffer_view, %arg8: !hal.buffer_view, %arg9: !hal.buffer_view, %arg10: !hal.buffer_view, %arg11: !hal.buffer_view, %arg12: !hal.buffer_view, %arg13: !hal.buffer_view, %arg14: !hal.buffer_view, %arg15: !hal.buffer_view, %arg16: !hal.buffer_view) -> !hal.buffer_view attributes {iree.abi.stub, iree.reflection = {iree.abi.declaration = "sync func @main(%input0: tensor<4x16xf32>, %input1: tensor<64x4x16xf32>, %input2: tensor<64xf32>, %input3: tensor<4x16x64xf32>, %input4: tensor<4x16xf32>, %input5: tensor<64x4x16xf32>, %input6: tensor<4x16xf32>, %input7: tensor<64x4x16xf32>, %input8: tensor<128xf32>, %input9: tensor<64x128xf32>, %input10: tensor<64xf32>, %input11: tensor<128x64xf32>, %input12: tensor<64xf32>, %input13: tensor<64xf32>, %input14: tensor<64xf32>, %input15: tensor<64xf32>, %input16: tensor<2x16x64xf32>) -> (%output0: tensor<2x16x64xf32>)"}} {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 6.400000e+01 : f32
    %cst_1 = arith.constant 9.99999997E-7 : f32
    %cst_2 = arith.constant 4.471500e-02 : f32
    %cst_3 = arith.constant 0.797884583 : f32
    %cst_4 = arith.constant 1.000000e+00 : f32
    %cst_5 = arith.constant 5.000000e-01 : f32
    %cst_6 = arith.constant 4.000000e+00 : f32
    %0 = hal.tensor.import %arg0 "input0" : !hal.buffer_view -> tensor<4x16xf32>
    %1 = iree_tensor_ext.compute_barrier.start %0 : tensor<4x16xf32> -> tensor<4x16xf32>
    %2 = hal.tensor.import %arg1 "input1" : !hal.buffer_view -> tensor<64x4x16xf32>
    %3 = hal.tensor.import %arg2 "input2" : !hal.buffer_view -> tensor<64xf32>
    %4 = iree_tensor_ext.compute_barrier.start %3 : tensor<64xf32> -> tensor<64xf32>
    %5 = hal.tensor.import %arg3 "input3" : !hal.buffer_view -> tensor<4x16x64xf32>
    %6 = hal.tensor.import %arg4 "input4" : !hal.buffer_view -> tensor<4x16xf32>
    %7 = iree_tensor_ext.compute_barrier.start %6 : tensor<4x16xf32> -> tensor<4x16xf32>
    %8 = hal.tensor.import %arg5 "input5" : !hal.buffer_view -> tensor<64x4x16xf32>
    %9 = hal.tensor.import %arg6 "input6" : !hal.buffer_view -> tensor<4x16xf32>
    %10 = iree_tensor_ext.compute_barrier.start %9 : tensor<4x16xf32> -> tensor<4x16xf32>
    %11 = hal.tensor.import %arg7 "input7" : !hal.buffer_view -> tensor<64x4x16xf32>
    %12 = hal.tensor.import %arg8 "input8" : !hal.buffer_view -> tensor<128xf32>
    %13 = iree_tensor_ext.compute_barrier.start %12 : tensor<128xf32> -> tensor<128xf32>
    %14 = hal.tensor.import %arg9 "input9" : !hal.buffer_view -> tensor<64x128xf32>
    %15 = iree_tensor_ext.compute_barrier.start %14 : tensor<64x128xf32> -> tensor<64x128xf32>
    %16 = hal.tensor.import %arg10 "input10" : !hal.buffer_view -> tensor<64xf32>
    %17 = iree_tensor_ext.compute_barrier.start %16 : tensor<64xf32> -> tensor<64xf32>
    %18 = hal.tensor.import %arg11 "input11" : !hal.buffer_view -> tensor<128x64xf32>
    %19 = iree_tensor_ext.compute_barrier.start %18 : tensor<128x64xf32> -> tensor<128x64xf32>
    %20 = hal.tensor.import %arg12 "input12" : !hal.buffer_view -> tensor<64xf32>
    %21 = iree_tensor_ext.compute_barrier.start %20 : tensor<64xf32> -> tensor<64xf32>
    %22 = hal.tensor.import %arg13 "input13" : !hal.buffer_view -> tensor<64xf32>
    %23 = iree_tensor_ext.compute_barrier.start %22 : tensor<64xf32> -> tensor<64xf32>
    %24 = hal.tensor.import %arg14 "input14" : !hal.buffer_view -> tensor<64xf32>
    %25 = iree_tensor_ext.compute_barrier.start %24 : tensor<64xf32> -> tensor<64xf32>
    %26 = hal.tensor.import %arg15 "input15" : !hal.buffer_view -> tensor<64xf32>
    %27 = iree_tensor_ext.compute_barrier.start %26 : tensor<64xf32> -> tensor<64xf32>
    %28 = hal.tensor.import %arg16 "input16" : !hal.buffer_view -> tensor<2x16x64xf32>
    %29 = iree_tensor_ext.compute_barrier.start %28 : tensor<2x16x64xf32> -> tensor<2x16x64xf32>
    %collapsed = tensor.collapse_shape %28 [[0, 1], [2]] : tensor<2x16x64xf32> into tensor<32x64xf32>
    %30 = iree_tensor_ext.compute_barrier.start %collapsed : tensor<32x64xf32> -> tensor<32x64xf32>
    %collapsed_7 = tensor.collapse_shape %8 [[0], [1, 2]] : tensor<64x4x16xf32> into tensor<64x64xf32>
    %31 = iree_tensor_ext.compute_barrier.start %collapsed_7 : tensor<64x64xf32> -> tensor<64x64xf32>
    %32 = tensor.empty() : tensor<32x64xf32>
    %33 = linalg.fill ins(%cst : f32) outs(%32 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %34 = linalg.matmul ins(%30, %31 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%33 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %expanded = tensor.expand_shape %34 [[0, 1], [2, 3]] output_shape [2, 16, 4, 16] : tensor<32x64xf32> into tensor<2x16x4x16xf32>
    %35 = tensor.empty() : tensor<2x16x4x16xf32>
    %36 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%7 : tensor<4x16xf32>) outs(%35 : tensor<2x16x4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x4x16xf32>
    %37 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded, %36 : tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) outs(%35 : tensor<2x16x4x16xf32>) {
    ^bb0(%in: f32, %in_25: f32, %out: f32):
      %123 = arith.addf %in, %in_25 : f32
      linalg.yield %123 : f32
    } -> tensor<2x16x4x16xf32>
    %collapsed_8 = tensor.collapse_shape %2 [[0], [1, 2]] : tensor<64x4x16xf32> into tensor<64x64xf32>
    %38 = iree_tensor_ext.compute_barrier.start %collapsed_8 : tensor<64x64xf32> -> tensor<64x64xf32>
    %39 = linalg.matmul ins(%30, %38 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%33 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %expanded_9 = tensor.expand_shape %39 [[0, 1], [2, 3]] output_shape [2, 16, 4, 16] : tensor<32x64xf32> into tensor<2x16x4x16xf32>
    %40 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%1 : tensor<4x16xf32>) outs(%35 : tensor<2x16x4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x4x16xf32>
    %collapsed_10 = tensor.collapse_shape %11 [[0], [1, 2]] : tensor<64x4x16xf32> into tensor<64x64xf32>
    %41 = iree_tensor_ext.compute_barrier.start %collapsed_10 : tensor<64x64xf32> -> tensor<64x64xf32>
    %42 = linalg.matmul ins(%30, %41 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%33 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %expanded_11 = tensor.expand_shape %42 [[0, 1], [2, 3]] output_shape [2, 16, 4, 16] : tensor<32x64xf32> into tensor<2x16x4x16xf32>
    %43 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%10 : tensor<4x16xf32>) outs(%35 : tensor<2x16x4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x4x16xf32>
    %44 = tensor.empty() : tensor<f32>
    %45 = linalg.fill ins(%cst_6 : f32) outs(%44 : tensor<f32>) -> tensor<f32>
    %46 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> ()>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%45 : tensor<f32>) outs(%35 : tensor<2x16x4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x4x16xf32>
    %47 = tensor.empty() : tensor<2x4x16x16xf32>
    %48 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%37, %46 : tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) outs(%47 : tensor<2x4x16x16xf32>) {
    ^bb0(%in: f32, %in_25: f32, %out: f32):
      %123 = arith.divf %in, %in_25 : f32
      linalg.yield %123 : f32
    } -> tensor<2x4x16x16xf32>
    %49 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_9, %40 : tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) outs(%47 : tensor<2x4x16x16xf32>) {
    ^bb0(%in: f32, %in_25: f32, %out: f32):
      %123 = arith.addf %in, %in_25 : f32
      linalg.yield %123 : f32
    } -> tensor<2x4x16x16xf32>
    %collapsed_12 = tensor.collapse_shape %48 [[0, 1], [2], [3]] : tensor<2x4x16x16xf32> into tensor<8x16x16xf32>
    %collapsed_13 = tensor.collapse_shape %49 [[0, 1], [2], [3]] : tensor<2x4x16x16xf32> into tensor<8x16x16xf32>
    %50 = tensor.empty() : tensor<8x16x16xf32>
    %51 = linalg.fill ins(%cst : f32) outs(%50 : tensor<8x16x16xf32>) -> tensor<8x16x16xf32>
    %52 = linalg.batch_matmul ins(%collapsed_12, %collapsed_13 : tensor<8x16x16xf32>, tensor<8x16x16xf32>) outs(%51 : tensor<8x16x16xf32>) -> tensor<8x16x16xf32>
    %expanded_14 = tensor.expand_shape %52 [[0, 1], [2], [3]] output_shape [2, 4, 16, 16] : tensor<8x16x16xf32> into tensor<2x4x16x16xf32>
    %53 = linalg.softmax dimension(3) ins(%expanded_14 : tensor<2x4x16x16xf32>) outs(%47 : tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %54 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_11, %43 : tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) outs(%47 : tensor<2x4x16x16xf32>) {
    ^bb0(%in: f32, %in_25: f32, %out: f32):
      %123 = arith.addf %in, %in_25 : f32
      linalg.yield %123 : f32
    } -> tensor<2x4x16x16xf32>
    %55 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%53 : tensor<2x4x16x16xf32>) outs(%47 : tensor<2x4x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x4x16x16xf32>
    %collapsed_15 = tensor.collapse_shape %54 [[0, 1], [2], [3]] : tensor<2x4x16x16xf32> into tensor<8x16x16xf32>
    %collapsed_16 = tensor.collapse_shape %55 [[0, 1], [2], [3]] : tensor<2x4x16x16xf32> into tensor<8x16x16xf32>
    %56 = linalg.batch_matmul ins(%collapsed_15, %collapsed_16 : tensor<8x16x16xf32>, tensor<8x16x16xf32>) outs(%51 : tensor<8x16x16xf32>) -> tensor<8x16x16xf32>
    %expanded_17 = tensor.expand_shape %56 [[0, 1], [2], [3]] output_shape [2, 4, 16, 16] : tensor<8x16x16xf32> into tensor<2x4x16x16xf32>
    %57 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_17 : tensor<2x4x16x16xf32>) outs(%35 : tensor<2x16x4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x4x16xf32>
    %collapsed_18 = tensor.collapse_shape %57 [[0, 1], [2, 3]] : tensor<2x16x4x16xf32> into tensor<32x64xf32>
    %collapsed_19 = tensor.collapse_shape %5 [[0, 1], [2]] : tensor<4x16x64xf32> into tensor<64x64xf32>
    %58 = iree_tensor_ext.compute_barrier.start %collapsed_19 : tensor<64x64xf32> -> tensor<64x64xf32>
    %59 = linalg.matmul ins(%collapsed_18, %58 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%33 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %expanded_20 = tensor.expand_shape %59 [[0, 1], [2]] output_shape [2, 16, 64] : tensor<32x64xf32> into tensor<2x16x64xf32>
    %60 = tensor.empty() : tensor<2x16x64xf32>
    %61 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%4 : tensor<64xf32>) outs(%60 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x64xf32>
    %62 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_20, %61 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%60 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %in_25: f32, %out: f32):
      %123 = arith.addf %in, %in_25 : f32
      linalg.yield %123 : f32
    } -> tensor<2x16x64xf32>
    %63 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%29, %62 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%60 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %in_25: f32, %out: f32):
      %123 = arith.addf %in, %in_25 : f32
      linalg.yield %123 : f32
    } -> tensor<2x16x64xf32>
    %64 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%63 : tensor<2x16x64xf32>) outs(%60 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %123 = arith.mulf %in, %in : f32
      linalg.yield %123 : f32
    } -> tensor<2x16x64xf32>
    %65 = tensor.empty() : tensor<2x16xf32>
    %66 = linalg.fill ins(%cst : f32) outs(%65 : tensor<2x16xf32>) -> tensor<2x16xf32>
    %67 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%63 : tensor<2x16x64xf32>) outs(%66 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %123 = arith.addf %out, %in : f32
      linalg.yield %123 : f32
    } -> tensor<2x16xf32>
    %68 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%67 : tensor<2x16xf32>) outs(%65 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %123 = arith.divf %in, %cst_0 : f32
      linalg.yield %123 : f32
    } -> tensor<2x16xf32>
    %69 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%64 : tensor<2x16x64xf32>) outs(%66 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %123 = arith.addf %out, %in : f32
      linalg.yield %123 : f32
    } -> tensor<2x16xf32>
    %70 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%69 : tensor<2x16xf32>) outs(%65 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %123 = arith.divf %in, %cst_0 : f32
      linalg.yield %123 : f32
    } -> tensor<2x16xf32>
    %71 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%68 : tensor<2x16xf32>) outs(%65 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %123 = arith.mulf %in, %in : f32
      linalg.yield %123 : f32
    } -> tensor<2x16xf32>
    %72 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%70, %71 : tensor<2x16xf32>, tensor<2x16xf32>) outs(%65 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %in_25: f32, %out: f32):
      %123 = arith.subf %in, %in_25 : f32
      linalg.yield %123 : f32
    } -> tensor<2x16xf32>
    %73 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%72 : tensor<2x16xf32>) outs(%65 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %123 = arith.maximumf %in, %cst : f32
      linalg.yield %123 : f32
    } -> tensor<2x16xf32>
    %74 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%68 : tensor<2x16xf32>) outs(%60 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x64xf32>
    %75 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%63, %74 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%60 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %in_25: f32, %out: f32):
      %123 = arith.subf %in, %in_25 : f32
      linalg.yield %123 : f32
    } -> tensor<2x16x64xf32>
    %76 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%73 : tensor<2x16xf32>) outs(%65 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %123 = arith.addf %in, %cst_1 : f32
      linalg.yield %123 : f32
    } -> tensor<2x16xf32>
    %77 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%76 : tensor<2x16xf32>) outs(%65 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %123 = math.rsqrt %in : f32
      linalg.yield %123 : f32
    } -> tensor<2x16xf32>
    %78 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%77 : tensor<2x16xf32>) outs(%60 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x64xf32>
    %79 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%23 : tensor<64xf32>) outs(%60 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x64xf32>
    %80 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%78, %79 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%60 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %in_25: f32, %out: f32):
      %123 = arith.mulf %in, %in_25 : f32
      linalg.yield %123 : f32
    } -> tensor<2x16x64xf32>
    %81 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%75, %80 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%60 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %in_25: f32, %out: f32):
      %123 = arith.mulf %in, %in_25 : f32
      linalg.yield %123 : f32
    } -> tensor<2x16x64xf32>
    %82 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%21 : tensor<64xf32>) outs(%60 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x64xf32>
    %83 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%81, %82 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%60 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %in_25: f32, %out: f32):
      %123 = arith.addf %in, %in_25 : f32
      linalg.yield %123 : f32
    } -> tensor<2x16x64xf32>
    %collapsed_21 = tensor.collapse_shape %83 [[0, 1], [2]] : tensor<2x16x64xf32> into tensor<32x64xf32>
    %84 = tensor.empty() : tensor<32x128xf32>
    %85 = linalg.fill ins(%cst : f32) outs(%84 : tensor<32x128xf32>) -> tensor<32x128xf32>
    %86 = linalg.matmul ins(%collapsed_21, %15 : tensor<32x64xf32>, tensor<64x128xf32>) outs(%85 : tensor<32x128xf32>) -> tensor<32x128xf32>
    %expanded_22 = tensor.expand_shape %86 [[0, 1], [2]] output_shape [2, 16, 128] : tensor<32x128xf32> into tensor<2x16x128xf32>
    %87 = tensor.empty() : tensor<2x16x128xf32>
    %88 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%13 : tensor<128xf32>) outs(%87 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x128xf32>
    %89 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_22, %88 : tensor<2x16x128xf32>, tensor<2x16x128xf32>) outs(%87 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %in_25: f32, %out: f32):
      %123 = arith.addf %in, %in_25 : f32
      linalg.yield %123 : f32
    } -> tensor<2x16x128xf32>
    %90 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%89 : tensor<2x16x128xf32>) outs(%87 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %123 = arith.mulf %in, %in : f32
      linalg.yield %123 : f32
    } -> tensor<2x16x128xf32>
    %91 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%90, %89 : tensor<2x16x128xf32>, tensor<2x16x128xf32>) outs(%87 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %in_25: f32, %out: f32):
      %123 = arith.mulf %in, %in_25 : f32
      linalg.yield %123 : f32
    } -> tensor<2x16x128xf32>
    %92 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%91 : tensor<2x16x128xf32>) outs(%87 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %123 = arith.mulf %in, %cst_2 : f32
      linalg.yield %123 : f32
    } -> tensor<2x16x128xf32>
    %93 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%89, %92 : tensor<2x16x128xf32>, tensor<2x16x128xf32>) outs(%87 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %in_25: f32, %out: f32):
      %123 = arith.addf %in, %in_25 : f32
      linalg.yield %123 : f32
    } -> tensor<2x16x128xf32>
    %94 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%93 : tensor<2x16x128xf32>) outs(%87 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %123 = arith.mulf %in, %cst_3 : f32
      linalg.yield %123 : f32
    } -> tensor<2x16x128xf32>
    %95 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%94 : tensor<2x16x128xf32>) outs(%87 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %123 = math.tanh %in : f32
      linalg.yield %123 : f32
    } -> tensor<2x16x128xf32>
    %96 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%95 : tensor<2x16x128xf32>) outs(%87 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %123 = arith.addf %in, %cst_4 : f32
      linalg.yield %123 : f32
    } -> tensor<2x16x128xf32>
    %97 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%96 : tensor<2x16x128xf32>) outs(%87 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %123 = arith.mulf %in, %cst_5 : f32
      linalg.yield %123 : f32
    } -> tensor<2x16x128xf32>
    %98 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%89, %97 : tensor<2x16x128xf32>, tensor<2x16x128xf32>) outs(%87 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %in_25: f32, %out: f32):
      %123 = arith.mulf %in, %in_25 : f32
      linalg.yield %123 : f32
    } -> tensor<2x16x128xf32>
    %collapsed_23 = tensor.collapse_shape %98 [[0, 1], [2]] : tensor<2x16x128xf32> into tensor<32x128xf32>
    %99 = linalg.matmul ins(%collapsed_23, %19 : tensor<32x128xf32>, tensor<128x64xf32>) outs(%33 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %expanded_24 = tensor.expand_shape %99 [[0, 1], [2]] output_shape [2, 16, 64] : tensor<32x64xf32> into tensor<2x16x64xf32>
    %100 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%17 : tensor<64xf32>) outs(%60 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x64xf32>
    %101 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_24, %100 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%60 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %in_25: f32, %out: f32):
      %123 = arith.addf %in, %in_25 : f32
      linalg.yield %123 : f32
    } -> tensor<2x16x64xf32>
    %102 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%83, %101 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%60 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %in_25: f32, %out: f32):
      %123 = arith.addf %in, %in_25 : f32
      linalg.yield %123 : f32
    } -> tensor<2x16x64xf32>
    %103 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%102 : tensor<2x16x64xf32>) outs(%60 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %123 = arith.mulf %in, %in : f32
      linalg.yield %123 : f32
    } -> tensor<2x16x64xf32>
    %104 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%102 : tensor<2x16x64xf32>) outs(%66 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %123 = arith.addf %out, %in : f32
      linalg.yield %123 : f32
    } -> tensor<2x16xf32>
    %105 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%104 : tensor<2x16xf32>) outs(%65 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %123 = arith.divf %in, %cst_0 : f32
      linalg.yield %123 : f32
    } -> tensor<2x16xf32>
    %106 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%103 : tensor<2x16x64xf32>) outs(%66 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %123 = arith.addf %out, %in : f32
      linalg.yield %123 : f32
    } -> tensor<2x16xf32>
    %107 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%106 : tensor<2x16xf32>) outs(%65 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %123 = arith.divf %in, %cst_0 : f32
      linalg.yield %123 : f32
    } -> tensor<2x16xf32>
    %108 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%105 : tensor<2x16xf32>) outs(%65 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %123 = arith.mulf %in, %in : f32
      linalg.yield %123 : f32
    } -> tensor<2x16xf32>
    %109 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%107, %108 : tensor<2x16xf32>, tensor<2x16xf32>) outs(%65 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %in_25: f32, %out: f32):
      %123 = arith.subf %in, %in_25 : f32
      linalg.yield %123 : f32
    } -> tensor<2x16xf32>
    %110 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%109 : tensor<2x16xf32>) outs(%65 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %123 = arith.maximumf %in, %cst : f32
      linalg.yield %123 : f32
    } -> tensor<2x16xf32>
    %111 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%105 : tensor<2x16xf32>) outs(%60 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x64xf32>
    %112 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%102, %111 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%60 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %in_25: f32, %out: f32):
      %123 = arith.subf %in, %in_25 : f32
      linalg.yield %123 : f32
    } -> tensor<2x16x64xf32>
    %113 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%110 : tensor<2x16xf32>) outs(%65 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %123 = arith.addf %in, %cst_1 : f32
      linalg.yield %123 : f32
    } -> tensor<2x16xf32>
    %114 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%113 : tensor<2x16xf32>) outs(%65 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %123 = math.rsqrt %in : f32
      linalg.yield %123 : f32
    } -> tensor<2x16xf32>
    %115 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%114 : tensor<2x16xf32>) outs(%60 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x64xf32>
    %116 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%27 : tensor<64xf32>) outs(%60 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x64xf32>
    %117 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%115, %116 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%60 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %in_25: f32, %out: f32):
      %123 = arith.mulf %in, %in_25 : f32
      linalg.yield %123 : f32
    } -> tensor<2x16x64xf32>
    %118 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%112, %117 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%60 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %in_25: f32, %out: f32):
      %123 = arith.mulf %in, %in_25 : f32
      linalg.yield %123 : f32
    } -> tensor<2x16x64xf32>
    %119 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%25 : tensor<64xf32>) outs(%60 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x64xf32>
    %120 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%118, %119 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%60 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %in_25: f32, %out: f32):
      %123 = arith.addf %in, %in_25 : f32
      linalg.yield %123 : f32
    } -> tensor<2x16x64xf32>
    %121 = iree_tensor_ext.compute_barrier.end %120 : tensor<2x16x64xf32> -> tensor<2x16x64xf32>
    %122 = hal.tensor.export %121 "output0" : tensor<2x16x64xf32> -> !hal.buffer_view
    util.return %122 : !hal.buffer_view
  }
}