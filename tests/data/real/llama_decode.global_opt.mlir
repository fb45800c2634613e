module @jit_llama_decode {
  util.func public @main(%arg0: !hal.buffer_view, %arg1: !hal.buffer_view, %arg2: !hal.buffer_view, %arg3: !hal.buffer_view, %arg4: !hal.buffer_view, %arg5: !hal.buffer_view, %arg6: !hal.buffer_view, %arg7: !hal.buffer_view, %arg8: !hal.buffer_view, %arg9: !hal.buffer_view, %arg10: !hal.buffer_view, %arg11: !hal.buffer_view) -> !hal.buffer_view attributes {iree.abi.stub, iree.reflection = {iree.abi.declaration = "sync func @main(%input0: tensor<2x1x64xf32>, %input1: tensor<2x15x4x16xf32>, %input2: tensor<2x15x4x16xf32>, %input3: tensor<64xf32>, %input4: tensor<64x64xf32>, %input5: tensor<64x64xf32>, %input6: tensor<64x64xf32>, %input7: tensor<64x64xf32>, %input8: tensor<64xf32>, %input9: tensor<64x128xf32>, %input10: tensor<64x128xf32>, %input11: tensor<128x64xf32>) -> (%output0: tensor<2x1x64xf32>)"}} {
    %c1 = arith.constant 1 : index
    %cst = arith.constant dense<[0.650287867, -0.999518692, 0.997494995, 0.456752926, 0.149438128, 0.0474163815, 0.0149994381, 0.0047433991, 0.650287867, -0.999518692, 0.997494995, 0.456752926, 0.149438128, 0.0474163815, 0.0149994381, 0.0047433991]> : tensor<16xf32>
    %cst_0 = arith.constant dense<[-0.7596879, 0.0310223494, 7.073720e-02, 0.889593601, 0.98877108, 0.9988752, 0.999887526, 0.999988734, -0.7596879, 0.0310223494, 7.073720e-02, 0.889593601, 0.98877108, 0.9988752, 0.999887526, 0.999988734]> : tensor<16xf32>
    %cst_1 = arith.constant 0.000000e+00 : f32
    %cst_2 = arith.constant 6.400000e+01 : f32
    %cst_3 = arith.constant 9.99999997E-7 : f32
    %cst_4 = arith.constant 4.000000e+00 : f32
    %cst_5 = arith.constant 1.000000e+00 : f32
    %0 = hal.tensor.import %arg0 "input0" : !hal.buffer_view -> tensor<2x1x64xf32>
    %1 = hal.tensor.import %arg1 "input1" : !hal.buffer_view -> tensor<2x15x4x16xf32>
    %2 = iree_tensor_ext.compute_barrier.start %1 : tensor<2x15x4x16xf32> -> tensor<2x15x4x16xf32>
    %3 = hal.tensor.import %arg2 "input2" : !hal.buffer_view -> tensor<2x15x4x16xf32>
    %4 = iree_tensor_ext.compute_barrier.start %3 : tensor<2x15x4x16xf32> -> tensor<2x15x4x16xf32>
    %5 = hal.tensor.import %arg3 "input3" : !hal.buffer_view -> tensor<64xf32>
    %6 = iree_tensor_ext.compute_barrier.start %5 : tensor<64xf32> -> tensor<64xf32>
    %7 = hal.tensor.import %arg4 "input4" : !hal.buffer_view -> tensor<64x64xf32>
    %8 = iree_tensor_ext.compute_barrier.start %7 : tensor<64x64xf32> -> tensor<64x64xf32>
    %9 = hal.tensor.import %arg5 "input5" : !hal.buffer_view -> tensor<64x64xf32>
    %10 = iree_tensor_ext.compute_barrier.start %9 : tensor<64x64xf32> -> tensor<64x64xf32>
    %11 = hal.tensor.import %arg6 "input6" : !hal.buffer_view -> tensor<64x64xf32>
    %12 = iree_tensor_ext.compute_barrier.start %11 : tensor<64x64xf32> -> tensor<64x64xf32>
    %13 = hal.tensor.import %arg7 "input7" : !hal.buffer_view -> tensor<64x64xf32>
    %14 = iree_tensor_ext.compute_barrier.start %13 : tensor<64x64xf32> -> tensor<64x64xf32>
    %15 = hal.tensor.import %arg8 "input8" : !hal.buffer_view -> tensor<64xf32>
    %16 = iree_tensor_ext.compute_barrier.start %15 : tensor<64xf32> -> tensor<64xf32>
    %17 = hal.tensor.import %arg9 "input9" : !hal.buffer_view -> tensor<64x128xf32>
    %18 = iree_tensor_ext.compute_barrier.start %17 : tensor<64x128xf32> -> tensor<64x128xf32>
    %19 = hal.tensor.import %arg10 "input10" : !hal.buffer_view -> tensor<64x128xf32>
    %20 = iree_tensor_ext.compute_barrier.start %19 : tensor<64x128xf32> -> tensor<64x128xf32>
    %21 = hal.tensor.import %arg11 "input11" : !hal.buffer_view -> tensor<128x64xf32>
    %22 = iree_tensor_ext.compute_barrier.start %21 : tensor<128x64xf32> -> tensor<128x64xf32>
    %collapsed = tensor.collapse_shape %0 [[0, 1], [2]] : tensor<2x1x64xf32> into tensor<2x64xf32>
    %23 = iree_tensor_ext.compute_barrier.start %collapsed : tensor<2x64xf32> -> tensor<2x64xf32>
    %24 = tensor.empty() : tensor<2x64xf32>
    %25 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%23 : tensor<2x64xf32>) outs(%24 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %90 = arith.mulf %in, %in : f32
      linalg.yield %90 : f32
    } -> tensor<2x64xf32>
    %26 = tensor.empty() : tensor<2xf32>
    %27 = linalg.fill ins(%cst_1 : f32) outs(%26 : tensor<2xf32>) -> tensor<2xf32>
    %28 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%25 : tensor<2x64xf32>) outs(%27 : tensor<2xf32>) {
    ^bb0(%in: f32, %out: f32):
      %90 = arith.addf %out, %in : f32
      linalg.yield %90 : f32
    } -> tensor<2xf32>
    %29 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%28 : tensor<2xf32>) outs(%26 : tensor<2xf32>) {
    ^bb0(%in: f32, %out: f32):
      %90 = arith.divf %in, %cst_2 : f32
      linalg.yield %90 : f32
    } -> tensor<2xf32>
    %30 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%29 : tensor<2xf32>) outs(%26 : tensor<2xf32>) {
    ^bb0(%in: f32, %out: f32):
      %90 = arith.addf %in, %cst_3 : f32
      linalg.yield %90 : f32
    } -> tensor<2xf32>
    %31 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%30 : tensor<2xf32>) outs(%26 : tensor<2xf32>) {
    ^bb0(%in: f32, %out: f32):
      %90 = math.rsqrt %in : f32
      linalg.yield %90 : f32
    } -> tensor<2xf32>
    %32 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%31 : tensor<2xf32>) outs(%24 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64xf32>
    %33 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%23, %32 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%24 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %90 = arith.mulf %in, %in_27 : f32
      linalg.yield %90 : f32
    } -> tensor<2x64xf32>
    %34 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%6 : tensor<64xf32>) outs(%24 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64xf32>
    %35 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%33, %34 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%24 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %90 = arith.mulf %in, %in_27 : f32
      linalg.yield %90 : f32
    } -> tensor<2x64xf32>
    %36 = linalg.fill ins(%cst_1 : f32) outs(%24 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %37 = linalg.matmul ins(%35, %8 : tensor<2x64xf32>, tensor<64x64xf32>) outs(%36 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %38 = tensor.empty() : tensor<2x4x16xf32>
    %39 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%cst_0 : tensor<16xf32>) outs(%38 : tensor<2x4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x4x16xf32>
    %expanded = tensor.expand_shape %37 [[0], [1, 2]] output_shape [2, 4, 16] : tensor<2x64xf32> into tensor<2x4x16xf32>
    %40 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded, %39 : tensor<2x4x16xf32>, tensor<2x4x16xf32>) outs(%38 : tensor<2x4x16xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %90 = arith.mulf %in, %in_27 : f32
      linalg.yield %90 : f32
    } -> tensor<2x4x16xf32>
    %expanded_6 = tensor.expand_shape %37 [[0], [1, 2, 3]] output_shape [2, 4, 2, 8] : tensor<2x64xf32> into tensor<2x4x2x8xf32>
    %41 = tensor.empty() : tensor<2x4x2x8xf32>
    %42 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%41 : tensor<2x4x2x8xf32>) {
    ^bb0(%out: f32):
      %90 = linalg.index 0 : index
      %91 = linalg.index 1 : index
      %92 = linalg.index 2 : index
      %93 = linalg.index 3 : index
      %94 = arith.subi %c1, %92 : index
      %extracted = tensor.extract %expanded_6[%90, %91, %94, %93] : tensor<2x4x2x8xf32>
      %95 = arith.negf %extracted : f32
      %96 = arith.cmpi eq, %94, %c1 : index
      %97 = arith.select %96, %95, %extracted : f32
      linalg.yield %97 : f32
    } -> tensor<2x4x2x8xf32>
    %43 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%cst : tensor<16xf32>) outs(%38 : tensor<2x4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x4x16xf32>
    %collapsed_7 = tensor.collapse_shape %42 [[0], [1], [2, 3]] : tensor<2x4x2x8xf32> into tensor<2x4x16xf32>
    %44 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%collapsed_7, %43 : tensor<2x4x16xf32>, tensor<2x4x16xf32>) outs(%38 : tensor<2x4x16xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %90 = arith.mulf %in, %in_27 : f32
      linalg.yield %90 : f32
    } -> tensor<2x4x16xf32>
    %45 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%40, %44 : tensor<2x4x16xf32>, tensor<2x4x16xf32>) outs(%38 : tensor<2x4x16xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %90 = arith.addf %in, %in_27 : f32
      linalg.yield %90 : f32
    } -> tensor<2x4x16xf32>
    %46 = linalg.matmul ins(%35, %10 : tensor<2x64xf32>, tensor<64x64xf32>) outs(%36 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %expanded_8 = tensor.expand_shape %46 [[0], [1, 2]] output_shape [2, 4, 16] : tensor<2x64xf32> into tensor<2x4x16xf32>
    %47 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_8, %39 : tensor<2x4x16xf32>, tensor<2x4x16xf32>) outs(%38 : tensor<2x4x16xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %90 = arith.mulf %in, %in_27 : f32
      linalg.yield %90 : f32
    } -> tensor<2x4x16xf32>
    %expanded_9 = tensor.expand_shape %46 [[0], [1, 2, 3]] output_shape [2, 4, 2, 8] : tensor<2x64xf32> into tensor<2x4x2x8xf32>
    %48 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%41 : tensor<2x4x2x8xf32>) {
    ^bb0(%out: f32):
      %90 = linalg.index 0 : index
      %91 = linalg.index 1 : index
      %92 = linalg.index 2 : index
      %93 = linalg.index 3 : index
      %94 = arith.subi %c1, %92 : index
      %extracted = tensor.extract %expanded_9[%90, %91, %94, %93] : tensor<2x4x2x8xf32>
      %95 = arith.negf %extracted : f32
      %96 = arith.cmpi eq, %94, %c1 : index
      %97 = arith.select %96, %95, %extracted : f32
      linalg.yield %97 : f32
    } -> tensor<2x4x2x8xf32>
    %collapsed_10 = tensor.collapse_shape %48 [[0], [1], [2, 3]] : tensor<2x4x2x8xf32> into tensor<2x4x16xf32>
    %49 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%collapsed_10, %43 : tensor<2x4x16xf32>, tensor<2x4x16xf32>) outs(%38 : tensor<2x4x16xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %90 = arith.mulf %in, %in_27 : f32
      linalg.yield %90 : f32
    } -> tensor<2x4x16xf32>
    %50 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%47, %49 : tensor<2x4x16xf32>, tensor<2x4x16xf32>) outs(%38 : tensor<2x4x16xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %90 = arith.addf %in, %in_27 : f32
      linalg.yield %90 : f32
    } -> tensor<2x4x16xf32>
    %51 = tensor.empty() : tensor<2x16x4x16xf32>
    %inserted_slice = tensor.insert_slice %2 into %51[0, 0, 0, 0] [2, 15, 4, 16] [1, 1, 1, 1] : tensor<2x15x4x16xf32> into tensor<2x16x4x16xf32>
    %inserted_slice_11 = tensor.insert_slice %50 into %inserted_slice[0, 15, 0, 0] [2, 1, 4, 16] [1, 1, 1, 1] : tensor<2x4x16xf32> into tensor<2x16x4x16xf32>
    %52 = linalg.matmul ins(%35, %12 : tensor<2x64xf32>, tensor<64x64xf32>) outs(%36 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %inserted_slice_12 = tensor.insert_slice %4 into %51[0, 0, 0, 0] [2, 15, 4, 16] [1, 1, 1, 1] : tensor<2x15x4x16xf32> into tensor<2x16x4x16xf32>
    %expanded_13 = tensor.expand_shape %52 [[0], [1, 2]] output_shape [2, 4, 16] : tensor<2x64xf32> into tensor<2x4x16xf32>
    %inserted_slice_14 = tensor.insert_slice %expanded_13 into %inserted_slice_12[0, 15, 0, 0] [2, 1, 4, 16] [1, 1, 1, 1] : tensor<2x4x16xf32> into tensor<2x16x4x16xf32>
    %53 = tensor.empty() : tensor<2x4x16x16xf32>
    %54 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%inserted_slice_11 : tensor<2x16x4x16xf32>) outs(%53 : tensor<2x4x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x4x16x16xf32>
    %collapsed_15 = tensor.collapse_shape %45 [[0, 1, 2]] : tensor<2x4x16xf32> into tensor<128xf32>
    %expanded_16 = tensor.expand_shape %collapsed_15 [[0, 1, 2]] output_shape [8, 1, 16] : tensor<128xf32> into tensor<8x1x16xf32>
    %collapsed_17 = tensor.collapse_shape %54 [[0, 1], [2], [3]] : tensor<2x4x16x16xf32> into tensor<8x16x16xf32>
    %55 = tensor.empty() : tensor<8x1x16xf32>
    %56 = linalg.fill ins(%cst_1 : f32) outs(%55 : tensor<8x1x16xf32>) -> tensor<8x1x16xf32>
    %57 = linalg.batch_matmul ins(%expanded_16, %collapsed_17 : tensor<8x1x16xf32>, tensor<8x16x16xf32>) outs(%56 : tensor<8x1x16xf32>) -> tensor<8x1x16xf32>
    %expanded_18 = tensor.expand_shape %57 [[0, 1], [2], [3]] output_shape [2, 4, 1, 16] : tensor<8x1x16xf32> into tensor<2x4x1x16xf32>
    %58 = tensor.empty() : tensor<2x4x1x16xf32>
    %collapsed_19 = tensor.collapse_shape %expanded_18 [[0], [1, 2], [3]] : tensor<2x4x1x16xf32> into tensor<2x4x16xf32>
    %59 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%collapsed_19 : tensor<2x4x16xf32>) outs(%38 : tensor<2x4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %90 = arith.divf %in, %cst_4 : f32
      linalg.yield %90 : f32
    } -> tensor<2x4x16xf32>
    %expanded_20 = tensor.expand_shape %59 [[0], [1, 2], [3]] output_shape [2, 4, 1, 16] : tensor<2x4x16xf32> into tensor<2x4x1x16xf32>
    %60 = linalg.softmax dimension(3) ins(%expanded_20 : tensor<2x4x1x16xf32>) outs(%58 : tensor<2x4x1x16xf32>) -> tensor<2x4x1x16xf32>
    %61 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%inserted_slice_14 : tensor<2x16x4x16xf32>) outs(%53 : tensor<2x4x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x4x16x16xf32>
    %collapsed_21 = tensor.collapse_shape %61 [[0, 1], [2], [3]] : tensor<2x4x16x16xf32> into tensor<8x16x16xf32>
    %collapsed_22 = tensor.collapse_shape %60 [[0, 1, 2, 3]] : tensor<2x4x1x16xf32> into tensor<128xf32>
    %expanded_23 = tensor.expand_shape %collapsed_22 [[0, 1, 2]] output_shape [8, 16, 1] : tensor<128xf32> into tensor<8x16x1xf32>
    %62 = tensor.empty() : tensor<8x16x1xf32>
    %63 = linalg.fill ins(%cst_1 : f32) outs(%62 : tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %64 = linalg.batch_matmul ins(%collapsed_21, %expanded_23 : tensor<8x16x16xf32>, tensor<8x16x1xf32>) outs(%63 : tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %collapsed_24 = tensor.collapse_shape %64 [[0, 1, 2]] : tensor<8x16x1xf32> into tensor<128xf32>
    %expanded_25 = tensor.expand_shape %collapsed_24 [[0, 1]] output_shape [2, 64] : tensor<128xf32> into tensor<2x64xf32>
    %65 = linalg.matmul ins(%expanded_25, %14 : tensor<2x64xf32>, tensor<64x64xf32>) outs(%36 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %66 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%23, %65 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%24 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %90 = arith.addf %in, %in_27 : f32
      linalg.yield %90 : f32
    } -> tensor<2x64xf32>
    %67 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%66 : tensor<2x64xf32>) outs(%24 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %90 = arith.mulf %in, %in : f32
      linalg.yield %90 : f32
    } -> tensor<2x64xf32>
    %68 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%67 : tensor<2x64xf32>) outs(%27 : tensor<2xf32>) {
    ^bb0(%in: f32, %out: f32):
      %90 = arith.addf %out, %in : f32
      linalg.yield %90 : f32
    } -> tensor<2xf32>
    %69 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%68 : tensor<2xf32>) outs(%26 : tensor<2xf32>) {
    ^bb0(%in: f32, %out: f32):
      %90 = arith.divf %in, %cst_2 : f32
      linalg.yield %90 : f32
    } -> tensor<2xf32>
    %70 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%69 : tensor<2xf32>) outs(%26 : tensor<2xf32>) {
    ^bb0(%in: f32, %out: f32):
      %90 = arith.addf %in, %cst_3 : f32
      linalg.yield %90 : f32
    } -> tensor<2xf32>
    %71 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%70 : tensor<2xf32>) outs(%26 : tensor<2xf32>) {
    ^bb0(%in: f32, %out: f32):
      %90 = math.rsqrt %in : f32
      linalg.yield %90 : f32
    } -> tensor<2xf32>
    %72 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%71 : tensor<2xf32>) outs(%24 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64xf32>
    %73 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%66, %72 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%24 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %90 = arith.mulf %in, %in_27 : f32
      linalg.yield %90 : f32
    } -> tensor<2x64xf32>
    %74 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%16 : tensor<64xf32>) outs(%24 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64xf32>
    %75 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%73, %74 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%24 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %90 = arith.mulf %in, %in_27 : f32
      linalg.yield %90 : f32
    } -> tensor<2x64xf32>
    %76 = tensor.empty() : tensor<2x128xf32>
    %77 = linalg.fill ins(%cst_1 : f32) outs(%76 : tensor<2x128xf32>) -> tensor<2x128xf32>
    %78 = linalg.matmul ins(%75, %18 : tensor<2x64xf32>, tensor<64x128xf32>) outs(%77 : tensor<2x128xf32>) -> tensor<2x128xf32>
    %79 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%78 : tensor<2x128xf32>) outs(%76 : tensor<2x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %90 = arith.negf %in : f32
      linalg.yield %90 : f32
    } -> tensor<2x128xf32>
    %80 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%79 : tensor<2x128xf32>) outs(%76 : tensor<2x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %90 = math.exp %in : f32
      linalg.yield %90 : f32
    } -> tensor<2x128xf32>
    %81 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%80 : tensor<2x128xf32>) outs(%76 : tensor<2x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %90 = arith.addf %in, %cst_5 : f32
      linalg.yield %90 : f32
    } -> tensor<2x128xf32>
    %82 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%81 : tensor<2x128xf32>) outs(%76 : tensor<2x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %90 = arith.divf %cst_5, %in : f32
      linalg.yield %90 : f32
    } -> tensor<2x128xf32>
    %83 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%78, %82 : tensor<2x128xf32>, tensor<2x128xf32>) outs(%76 : tensor<2x128xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %90 = arith.mulf %in, %in_27 : f32
      linalg.yield %90 : f32
    } -> tensor<2x128xf32>
    %84 = linalg.matmul ins(%75, %20 : tensor<2x64xf32>, tensor<64x128xf32>) outs(%77 : tensor<2x128xf32>) -> tensor<2x128xf32>
    %85 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%83, %84 : tensor<2x128xf32>, tensor<2x128xf32>) outs(%76 : tensor<2x128xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %90 = arith.mulf %in, %in_27 : f32
      linalg.yield %90 : f32
    } -> tensor<2x128xf32>
    %86 = linalg.matmul ins(%85, %22 : tensor<2x128xf32>, tensor<128x64xf32>) outs(%36 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %87 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%66, %86 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%24 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %90 = arith.addf %in, %in_27 : f32
      linalg.yield %90 : f32
    } -> tensor<2x64xf32>
    %88 = iree_tensor_ext.compute_barrier.end %87 : tensor<2x64xf32> -> tensor<2x64xf32>
    %expanded_26 = tensor.expand_shape %88 [[0, 1], [2]] output_shape [2, 1, 64] : tensor<2x64xf32> into tensor<2x1x64xf32>
    %89 = hal.tensor.export %expanded_26 "output0" : tensor<2x1x64xf32> -> !hal.buffer_view
    util.return %89 : !hal.buffer_view
  }
}