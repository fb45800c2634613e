module @jit_gpt2_layer {
  util.func public @main(%arg0: !hal.buffer_view, %arg1: !hal.buffer_view, %arg2: !hal.buffer_view, %arg3: !hal.buffer_view, %arg4: !hal.buffer_view, %arg5: !hal.buffer_view, %arg6: !hal.buffer_view, %arg7: !hal.buffer_view, %arg8: !hal.buffer_view, %arg9: !hal.buffer_view, %arg10: !hal.buffer_view, %arg11: !hal.buffer_view, %arg12: !hal.buffer_view, %arg13: !hal.buffer_view, %arg14: !hal.buffer_view, %arg15: !hal.buffer_view, %arg16: !hal.buffer_view) -> !hal.buffer_view attributes {iree.abi.stub, iree.reflection = {iree.abi.declaration = "sync func @main(%input0: tensor<2x16xi32>, %input1: tensor<256x64xf32>, %input2: tensor<16x64xf32>, %input3: tensor<64xf32>, %input4: tensor<64xf32>, %input5: tensor<64x192xf32>, %input6: tensor<192xf32>, %input7: tensor<64x64xf32>, %input8: tensor<64xf32>, %input9: tensor<64xf32>, %input10: tensor<64xf32>, %input11: tensor<64x256xf32>, %input12: tensor<256xf32>, %input13: tensor<256x64xf32>, %input14: tensor<64xf32>, %input15: tensor<64xf32>, %input16: tensor<64xf32>) -> (%output0: tensor<2x16x256xf32>)"}} {
    %cst = arith.constant dense<"0x01000000000000000000000000000000010100000000000000000000000000000101010000000000000000000000000001010101000000000000000000000000010101010100000000000000000000000101010101010000000000000000000001010101010101000000000000000000010101010101010100000000000000000101010101010101010000000000000001010101010101010101000000000000010101010101010101010100000000000101010101010101010101010000000001010101010101010101010101000000010101010101010101010101010100000101010101010101010101010101010001010101010101010101010101010101"> : tensor<16x16xi1>
    %c0_i32 = arith.constant 0 : i32
    %c256_i32 = arith.constant 256 : i32
    %c255_i32 = arith.constant 255 : i32
    %true = arith.constant true
    %cst_0 = arith.constant 0x7FC00000 : f32
    %cst_1 = arith.constant 0.000000e+00 : f32
    %cst_2 = arith.constant 6.400000e+01 : f32
    %cst_3 = arith.constant 9.99999974E-6 : f32
    %cst_4 = arith.constant 4.000000e+00 : f32
    %cst_5 = arith.constant -1.000000e+09 : f32
    %cst_6 = arith.constant 4.471500e-02 : f32
    %cst_7 = arith.constant 0.797884583 : f32
    %cst_8 = arith.constant 1.000000e+00 : f32
    %cst_9 = arith.constant 5.000000e-01 : f32
    %0 = hal.tensor.import %arg0 "input0" : !hal.buffer_view -> tensor<2x16xi32>
    %1 = iree_tensor_ext.compute_barrier.start %0 : tensor<2x16xi32> -> tensor<2x16xi32>
    %2 = hal.tensor.import %arg1 "input1" : !hal.buffer_view -> tensor<256x64xf32>
    %3 = iree_tensor_ext.compute_barrier.start %2 : tensor<256x64xf32> -> tensor<256x64xf32>
    %4 = hal.tensor.import %arg2 "input2" : !hal.buffer_view -> tensor<16x64xf32>
    %5 = iree_tensor_ext.compute_barrier.start %4 : tensor<16x64xf32> -> tensor<16x64xf32>
    %6 = hal.tensor.import %arg3 "input3" : !hal.buffer_view -> tensor<64xf32>
    %7 = iree_tensor_ext.compute_barrier.start %6 : tensor<64xf32> -> tensor<64xf32>
    %8 = hal.tensor.import %arg4 "input4" : !hal.buffer_view -> tensor<64xf32>
    %9 = iree_tensor_ext.compute_barrier.start %8 : tensor<64xf32> -> tensor<64xf32>
    %10 = hal.tensor.import %arg5 "input5" : !hal.buffer_view -> tensor<64x192xf32>
    %11 = iree_tensor_ext.compute_barrier.start %10 : tensor<64x192xf32> -> tensor<64x192xf32>
    %12 = hal.tensor.import %arg6 "input6" : !hal.buffer_view -> tensor<192xf32>
    %13 = iree_tensor_ext.compute_barrier.start %12 : tensor<192xf32> -> tensor<192xf32>
    %14 = hal.tensor.import %arg7 "input7" : !hal.buffer_view -> tensor<64x64xf32>
    %15 = iree_tensor_ext.compute_barrier.start %14 : tensor<64x64xf32> -> tensor<64x64xf32>
    %16 = hal.tensor.import %arg8 "input8" : !hal.buffer_view -> tensor<64xf32>
    %17 = iree_tensor_ext.compute_barrier.start %16 : tensor<64xf32> -> tensor<64xf32>
    %18 = hal.tensor.import %arg9 "input9" : !hal.buffer_view -> tensor<64xf32>
    %19 = iree_tensor_ext.compute_barrier.start %18 : tensor<64xf32> -> tensor<64xf32>
    %20 = hal.tensor.import %arg10 "input10" : !hal.buffer_view -> tensor<64xf32>
    %21 = iree_tensor_ext.compute_barrier.start %20 : tensor<64xf32> -> tensor<64xf32>
    %22 = hal.tensor.import %arg11 "input11" : !hal.buffer_view -> tensor<64x256xf32>
    %23 = iree_tensor_ext.compute_barrier.start %22 : tensor<64x256xf32> -> tensor<64x256xf32>
    %24 = hal.tensor.import %arg12 "input12" : !hal.buffer_view -> tensor<256xf32>
    %25 = iree_tensor_ext.compute_barrier.start %24 : tensor<256xf32> -> tensor<256xf32>
    %26 = hal.tensor.import %arg13 "input13" : !hal.buffer_view -> tensor<256x64xf32>
    %27 = iree_tensor_ext.compute_barrier.start %26 : tensor<256x64xf32> -> tensor<256x64xf32>
    %28 = hal.tensor.import %arg14 "input14" : !hal.buffer_view -> tensor<64xf32>
    %29 = iree_tensor_ext.compute_barrier.start %28 : tensor<64xf32> -> tensor<64xf32>
    %30 = hal.tensor.import %arg15 "input15" : !hal.buffer_view -> tensor<64xf32>
    %31 = iree_tensor_ext.compute_barrier.start %30 : tensor<64xf32> -> tensor<64xf32>
    %32 = hal.tensor.import %arg16 "input16" : !hal.buffer_view -> tensor<64xf32>
    %33 = iree_tensor_ext.compute_barrier.start %32 : tensor<64xf32> -> tensor<64xf32>
    %34 = tensor.empty() : tensor<2x16xi1>
    %35 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%1 : tensor<2x16xi32>) outs(%34 : tensor<2x16xi1>) {
    ^bb0(%in: i32, %out: i1):
      %148 = arith.cmpi slt, %in, %c0_i32 : i32
      linalg.yield %148 : i1
    } -> tensor<2x16xi1>
    %36 = tensor.empty() : tensor<2x16xi32>
    %37 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%1 : tensor<2x16xi32>) outs(%36 : tensor<2x16xi32>) {
    ^bb0(%in: i32, %out: i32):
      %148 = arith.addi %in, %c256_i32 : i32
      linalg.yield %148 : i32
    } -> tensor<2x16xi32>
    %38 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%35, %37, %1 : tensor<2x16xi1>, tensor<2x16xi32>, tensor<2x16xi32>) outs(%36 : tensor<2x16xi32>) {
    ^bb0(%in: i1, %in_27: i32, %in_28: i32, %out: i32):
      %148 = arith.select %in, %in_27, %in_28 : i32
      linalg.yield %148 : i32
    } -> tensor<2x16xi32>
    %39 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%38 : tensor<2x16xi32>) outs(%34 : tensor<2x16xi1>) {
    ^bb0(%in: i32, %out: i1):
      %148 = arith.cmpi sge, %in, %c0_i32 : i32
      linalg.yield %148 : i1
    } -> tensor<2x16xi1>
    %40 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%38 : tensor<2x16xi32>) outs(%34 : tensor<2x16xi1>) {
    ^bb0(%in: i32, %out: i1):
      %148 = arith.cmpi sle, %in, %c255_i32 : i32
      linalg.yield %148 : i1
    } -> tensor<2x16xi1>
    %41 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%39, %40 : tensor<2x16xi1>, tensor<2x16xi1>) outs(%34 : tensor<2x16xi1>) {
    ^bb0(%in: i1, %in_27: i1, %out: i1):
      %148 = arith.andi %in, %in_27 : i1
      linalg.yield %148 : i1
    } -> tensor<2x16xi1>
    %42 = linalg.fill ins(%true : i1) outs(%34 : tensor<2x16xi1>) -> tensor<2x16xi1>
    %43 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%41, %42 : tensor<2x16xi1>, tensor<2x16xi1>) outs(%34 : tensor<2x16xi1>) {
    ^bb0(%in: i1, %in_27: i1, %out: i1):
      %148 = arith.andi %in_27, %in : i1
      linalg.yield %148 : i1
    } -> tensor<2x16xi1>
    %44 = tensor.empty() : tensor<2x16x64xf32>
    %45 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%38 : tensor<2x16xi32>) outs(%44 : tensor<2x16x64xf32>) {
    ^bb0(%in: i32, %out: f32):
      %148 = arith.index_cast %in : i32 to index
      %149 = linalg.index 2 : index
      %extracted = tensor.extract %3[%148, %149] : tensor<256x64xf32>
      linalg.yield %extracted : f32
    } -> tensor<2x16x64xf32>
    %46 = tensor.empty() : tensor<2x16x64xi1>
    %47 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%43 : tensor<2x16xi1>) outs(%46 : tensor<2x16x64xi1>) {
    ^bb0(%in: i1, %out: i1):
      linalg.yield %in : i1
    } -> tensor<2x16x64xi1>
    %48 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%47, %45 : tensor<2x16x64xi1>, tensor<2x16x64xf32>) outs(%44 : tensor<2x16x64xf32>) {
    ^bb0(%in: i1, %in_27: f32, %out: f32):
      %148 = arith.select %in, %in_27, %cst_0 : f32
      linalg.yield %148 : f32
    } -> tensor<2x16x64xf32>
    %49 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%5 : tensor<16x64xf32>) outs(%44 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x64xf32>
    %50 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%48, %49 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%44 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %148 = arith.addf %in, %in_27 : f32
      linalg.yield %148 : f32
    } -> tensor<2x16x64xf32>
    %51 = tensor.empty() : tensor<2x16xf32>
    %52 = linalg.fill ins(%cst_1 : f32) outs(%51 : tensor<2x16xf32>) -> tensor<2x16xf32>
    %53 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%50 : tensor<2x16x64xf32>) outs(%52 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %148 = arith.addf %out, %in : f32
      linalg.yield %148 : f32
    } -> tensor<2x16xf32>
    %54 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%53 : tensor<2x16xf32>) outs(%51 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %148 = arith.divf %in, %cst_2 : f32
      linalg.yield %148 : f32
    } -> tensor<2x16xf32>
    %55 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%54 : tensor<2x16xf32>) outs(%44 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x64xf32>
    %56 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%50, %55 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%44 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %148 = arith.subf %in, %in_27 : f32
      linalg.yield %148 : f32
    } -> tensor<2x16x64xf32>
    %57 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%56 : tensor<2x16x64xf32>) outs(%44 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %148 = arith.mulf %in, %in : f32
      linalg.yield %148 : f32
    } -> tensor<2x16x64xf32>
    %58 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%57 : tensor<2x16x64xf32>) outs(%52 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %148 = arith.addf %out, %in : f32
      linalg.yield %148 : f32
    } -> tensor<2x16xf32>
    %59 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%58 : tensor<2x16xf32>) outs(%51 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %148 = arith.divf %in, %cst_2 : f32
      linalg.yield %148 : f32
    } -> tensor<2x16xf32>
    %60 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%59 : tensor<2x16xf32>) outs(%51 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %148 = arith.addf %in, %cst_3 : f32
      linalg.yield %148 : f32
    } -> tensor<2x16xf32>
    %61 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%60 : tensor<2x16xf32>) outs(%51 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %148 = math.rsqrt %in : f32
      linalg.yield %148 : f32
    } -> tensor<2x16xf32>
    %62 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%61 : tensor<2x16xf32>) outs(%44 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x64xf32>
    %63 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%56, %62 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%44 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %148 = arith.mulf %in, %in_27 : f32
      linalg.yield %148 : f32
    } -> tensor<2x16x64xf32>
    %64 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%7 : tensor<64xf32>) outs(%44 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x64xf32>
    %65 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%63, %64 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%44 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %148 = arith.mulf %in, %in_27 : f32
      linalg.yield %148 : f32
    } -> tensor<2x16x64xf32>
    %66 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%9 : tensor<64xf32>) outs(%44 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x64xf32>
    %67 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%65, %66 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%44 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %148 = arith.addf %in, %in_27 : f32
      linalg.yield %148 : f32
    } -> tensor<2x16x64xf32>
    %collapsed = tensor.collapse_shape %67 [[0, 1], [2]] : tensor<2x16x64xf32> into tensor<32x64xf32>
    %68 = tensor.empty() : tensor<32x192xf32>
    %69 = linalg.fill ins(%cst_1 : f32) outs(%68 : tensor<32x192xf32>) -> tensor<32x192xf32>
    %70 = linalg.matmul ins(%collapsed, %11 : tensor<32x64xf32>, tensor<64x192xf32>) outs(%69 : tensor<32x192xf32>) -> tensor<32x192xf32>
    %expanded = tensor.expand_shape %70 [[0, 1], [2]] output_shape [2, 16, 192] : tensor<32x192xf32> into tensor<2x16x192xf32>
    %71 = tensor.empty() : tensor<2x16x192xf32>
    %72 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%13 : tensor<192xf32>) outs(%71 : tensor<2x16x192xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x192xf32>
    %73 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded, %72 : tensor<2x16x192xf32>, tensor<2x16x192xf32>) outs(%71 : tensor<2x16x192xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %148 = arith.addf %in, %in_27 : f32
      linalg.yield %148 : f32
    } -> tensor<2x16x192xf32>
    %expanded_10 = tensor.expand_shape %73 [[0], [1], [2, 3, 4]] output_shape [2, 16, 3, 4, 16] : tensor<2x16x192xf32> into tensor<2x16x3x4x16xf32>
    %extracted_slice = tensor.extract_slice %expanded_10[0, 0, 0, 0, 0] [2, 16, 1, 4, 16] [1, 1, 1, 1, 1] : tensor<2x16x3x4x16xf32> to tensor<2x16x4x16xf32>
    %extracted_slice_11 = tensor.extract_slice %expanded_10[0, 0, 1, 0, 0] [2, 16, 1, 4, 16] [1, 1, 1, 1, 1] : tensor<2x16x3x4x16xf32> to tensor<2x16x4x16xf32>
    %extracted_slice_12 = tensor.extract_slice %expanded_10[0, 0, 2, 0, 0] [2, 16, 1, 4, 16] [1, 1, 1, 1, 1] : tensor<2x16x3x4x16xf32> to tensor<2x16x4x16xf32>
    %74 = tensor.empty() : tensor<2x4x16x16xf32>
    %75 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice : tensor<2x16x4x16xf32>) outs(%74 : tensor<2x4x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x4x16x16xf32>
    %76 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_11 : tensor<2x16x4x16xf32>) outs(%74 : tensor<2x4x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x4x16x16xf32>
    %collapsed_13 = tensor.collapse_shape %75 [[0, 1], [2], [3]] : tensor<2x4x16x16xf32> into tensor<8x16x16xf32>
    %collapsed_14 = tensor.collapse_shape %76 [[0, 1], [2], [3]] : tensor<2x4x16x16xf32> into tensor<8x16x16xf32>
    %77 = tensor.empty() : tensor<8x16x16xf32>
    %78 = linalg.fill ins(%cst_1 : f32) outs(%77 : tensor<8x16x16xf32>) -> tensor<8x16x16xf32>
    %79 = linalg.batch_matmul ins(%collapsed_13, %collapsed_14 : tensor<8x16x16xf32>, tensor<8x16x16xf32>) outs(%78 : tensor<8x16x16xf32>) -> tensor<8x16x16xf32>
    %expanded_15 = tensor.expand_shape %79 [[0, 1], [2], [3]] output_shape [2, 4, 16, 16] : tensor<8x16x16xf32> into tensor<2x4x16x16xf32>
    %80 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_15 : tensor<2x4x16x16xf32>) outs(%74 : tensor<2x4x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %148 = arith.divf %in, %cst_4 : f32
      linalg.yield %148 : f32
    } -> tensor<2x4x16x16xf32>
    %81 = tensor.empty() : tensor<2x4x16x16xi1>
    %82 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst : tensor<16x16xi1>) outs(%81 : tensor<2x4x16x16xi1>) {
    ^bb0(%in: i1, %out: i1):
      linalg.yield %in : i1
    } -> tensor<2x4x16x16xi1>
    %83 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%82, %80 : tensor<2x4x16x16xi1>, tensor<2x4x16x16xf32>) outs(%74 : tensor<2x4x16x16xf32>) {
    ^bb0(%in: i1, %in_27: f32, %out: f32):
      %148 = arith.select %in, %in_27, %cst_5 : f32
      linalg.yield %148 : f32
    } -> tensor<2x4x16x16xf32>
    %84 = linalg.softmax dimension(3) ins(%83 : tensor<2x4x16x16xf32>) outs(%74 : tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %85 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_12 : tensor<2x16x4x16xf32>) outs(%74 : tensor<2x4x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x4x16x16xf32>
    %86 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%84 : tensor<2x4x16x16xf32>) outs(%74 : tensor<2x4x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x4x16x16xf32>
    %collapsed_16 = tensor.collapse_shape %85 [[0, 1], [2], [3]] : tensor<2x4x16x16xf32> into tensor<8x16x16xf32>
    %collapsed_17 = tensor.collapse_shape %86 [[0, 1], [2], [3]] : tensor<2x4x16x16xf32> into tensor<8x16x16xf32>
    %87 = linalg.batch_matmul ins(%collapsed_16, %collapsed_17 : tensor<8x16x16xf32>, tensor<8x16x16xf32>) outs(%78 : tensor<8x16x16xf32>) -> tensor<8x16x16xf32>
    %expanded_18 = tensor.expand_shape %87 [[0, 1], [2], [3]] output_shape [2, 4, 16, 16] : tensor<8x16x16xf32> into tensor<2x4x16x16xf32>
    %88 = tensor.empty() : tensor<2x16x4x16xf32>
    %89 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_18 : tensor<2x4x16x16xf32>) outs(%88 : tensor<2x16x4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x4x16xf32>
    %collapsed_19 = tensor.collapse_shape %89 [[0, 1], [2, 3]] : tensor<2x16x4x16xf32> into tensor<32x64xf32>
    %90 = tensor.empty() : tensor<32x64xf32>
    %91 = linalg.fill ins(%cst_1 : f32) outs(%90 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %92 = linalg.matmul ins(%collapsed_19, %15 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%91 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %expanded_20 = tensor.expand_shape %92 [[0, 1], [2]] output_shape [2, 16, 64] : tensor<32x64xf32> into tensor<2x16x64xf32>
    %93 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%50, %expanded_20 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%44 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %148 = arith.addf %in, %in_27 : f32
      linalg.yield %148 : f32
    } -> tensor<2x16x64xf32>
    %94 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%17 : tensor<64xf32>) outs(%44 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x64xf32>
    %95 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%93, %94 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%44 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %148 = arith.addf %in, %in_27 : f32
      linalg.yield %148 : f32
    } -> tensor<2x16x64xf32>
    %96 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%95 : tensor<2x16x64xf32>) outs(%52 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %148 = arith.addf %out, %in : f32
      linalg.yield %148 : f32
    } -> tensor<2x16xf32>
    %97 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%96 : tensor<2x16xf32>) outs(%51 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %148 = arith.divf %in, %cst_2 : f32
      linalg.yield %148 : f32
    } -> tensor<2x16xf32>
    %98 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%97 : tensor<2x16xf32>) outs(%44 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x64xf32>
    %99 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%95, %98 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%44 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %148 = arith.subf %in, %in_27 : f32
      linalg.yield %148 : f32
    } -> tensor<2x16x64xf32>
    %100 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%99 : tensor<2x16x64xf32>) outs(%44 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %148 = arith.mulf %in, %in : f32
      linalg.yield %148 : f32
    } -> tensor<2x16x64xf32>
    %101 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%100 : tensor<2x16x64xf32>) outs(%52 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %148 = arith.addf %out, %in : f32
      linalg.yield %148 : f32
    } -> tensor<2x16xf32>
    %102 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%101 : tensor<2x16xf32>) outs(%51 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %148 = arith.divf %in, %cst_2 : f32
      linalg.yield %148 : f32
    } -> tensor<2x16xf32>
    %103 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%102 : tensor<2x16xf32>) outs(%51 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %148 = arith.addf %in, %cst_3 : f32
      linalg.yield %148 : f32
    } -> tensor<2x16xf32>
    %104 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%103 : tensor<2x16xf32>) outs(%51 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %148 = math.rsqrt %in : f32
      linalg.yield %148 : f32
    } -> tensor<2x16xf32>
    %105 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%104 : tensor<2x16xf32>) outs(%44 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x64xf32>
    %106 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%99, %105 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%44 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %148 = arith.mulf %in, %in_27 : f32
      linalg.yield %148 : f32
    } -> tensor<2x16x64xf32>
    %107 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%19 : tensor<64xf32>) outs(%44 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x64xf32>
    %108 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%106, %107 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%44 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %148 = arith.mulf %in, %in_27 : f32
      linalg.yield %148 : f32
    } -> tensor<2x16x64xf32>
    %109 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%21 : tensor<64xf32>) outs(%44 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x64xf32>
    %110 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%108, %109 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%44 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %148 = arith.addf %in, %in_27 : f32
      linalg.yield %148 : f32
    } -> tensor<2x16x64xf32>
    %collapsed_21 = tensor.collapse_shape %110 [[0, 1], [2]] : tensor<2x16x64xf32> into tensor<32x64xf32>
    %111 = tensor.empty() : tensor<32x256xf32>
    %112 = linalg.fill ins(%cst_1 : f32) outs(%111 : tensor<32x256xf32>) -> tensor<32x256xf32>
    %113 = linalg.matmul ins(%collapsed_21, %23 : tensor<32x64xf32>, tensor<64x256xf32>) outs(%112 : tensor<32x256xf32>) -> tensor<32x256xf32>
    %expanded_22 = tensor.expand_shape %113 [[0, 1], [2]] output_shape [2, 16, 256] : tensor<32x256xf32> into tensor<2x16x256xf32>
    %114 = tensor.empty() : tensor<2x16x256xf32>
    %115 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%25 : tensor<256xf32>) outs(%114 : tensor<2x16x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x256xf32>
    %116 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_22, %115 : tensor<2x16x256xf32>, tensor<2x16x256xf32>) outs(%114 : tensor<2x16x256xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %148 = arith.addf %in, %in_27 : f32
      linalg.yield %148 : f32
    } -> tensor<2x16x256xf32>
    %117 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%116 : tensor<2x16x256xf32>) outs(%114 : tensor<2x16x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %148 = arith.mulf %in, %in : f32
      linalg.yield %148 : f32
    } -> tensor<2x16x256xf32>
    %118 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%117, %116 : tensor<2x16x256xf32>, tensor<2x16x256xf32>) outs(%114 : tensor<2x16x256xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %148 = arith.mulf %in, %in_27 : f32
      linalg.yield %148 : f32
    } -> tensor<2x16x256xf32>
    %119 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%118 : tensor<2x16x256xf32>) outs(%114 : tensor<2x16x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %148 = arith.mulf %in, %cst_6 : f32
      linalg.yield %148 : f32
    } -> tensor<2x16x256xf32>
    %120 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%116, %119 : tensor<2x16x256xf32>, tensor<2x16x256xf32>) outs(%114 : tensor<2x16x256xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %148 = arith.addf %in, %in_27 : f32
      linalg.yield %148 : f32
    } -> tensor<2x16x256xf32>
    %121 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%120 : tensor<2x16x256xf32>) outs(%114 : tensor<2x16x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %148 = arith.mulf %in, %cst_7 : f32
      linalg.yield %148 : f32
    } -> tensor<2x16x256xf32>
    %122 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%121 : tensor<2x16x256xf32>) outs(%114 : tensor<2x16x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %148 = math.tanh %in : f32
      linalg.yield %148 : f32
    } -> tensor<2x16x256xf32>
    %123 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%122 : tensor<2x16x256xf32>) outs(%114 : tensor<2x16x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %148 = arith.addf %in, %cst_8 : f32
      linalg.yield %148 : f32
    } -> tensor<2x16x256xf32>
    %124 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%123 : tensor<2x16x256xf32>) outs(%114 : tensor<2x16x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %148 = arith.mulf %in, %cst_9 : f32
      linalg.yield %148 : f32
    } -> tensor<2x16x256xf32>
    %125 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%116, %124 : tensor<2x16x256xf32>, tensor<2x16x256xf32>) outs(%114 : tensor<2x16x256xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %148 = arith.mulf %in, %in_27 : f32
      linalg.yield %148 : f32
    } -> tensor<2x16x256xf32>
    %collapsed_23 = tensor.collapse_shape %125 [[0, 1], [2]] : tensor<2x16x256xf32> into tensor<32x256xf32>
    %126 = linalg.matmul ins(%collapsed_23, %27 : tensor<32x256xf32>, tensor<256x64xf32>) outs(%91 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %expanded_24 = tensor.expand_shape %126 [[0, 1], [2]] output_shape [2, 16, 64] : tensor<32x64xf32> into tensor<2x16x64xf32>
    %127 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%95, %expanded_24 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%44 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %148 = arith.addf %in, %in_27 : f32
      linalg.yield %148 : f32
    } -> tensor<2x16x64xf32>
    %128 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%29 : tensor<64xf32>) outs(%44 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x64xf32>
    %129 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%127, %128 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%44 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %148 = arith.addf %in, %in_27 : f32
      linalg.yield %148 : f32
    } -> tensor<2x16x64xf32>
    %130 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%129 : tensor<2x16x64xf32>) outs(%52 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %148 = arith.addf %out, %in : f32
      linalg.yield %148 : f32
    } -> tensor<2x16xf32>
    %131 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%130 : tensor<2x16xf32>) outs(%51 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %148 = arith.divf %in, %cst_2 : f32
      linalg.yield %148 : f32
    } -> tensor<2x16xf32>
    %132 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%131 : tensor<2x16xf32>) outs(%44 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x64xf32>
    %133 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%129, %132 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%44 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %148 = arith.subf %in, %in_27 : f32
      linalg.yield %148 : f32
    } -> tensor<2x16x64xf32>
    %134 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%133 : tensor<2x16x64xf32>) outs(%44 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %148 = arith.mulf %in, %in : f32
      linalg.yield %148 : f32
    } -> tensor<2x16x64xf32>
    %135 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%134 : tensor<2x16x64xf32>) outs(%52 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %148 = arith.addf %out, %in : f32
      linalg.yield %148 : f32
    } -> tensor<2x16xf32>
    %136 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%135 : tensor<2x16xf32>) outs(%51 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %148 = arith.divf %in, %cst_2 : f32
      linalg.yield %148 : f32
    } -> tensor<2x16xf32>
    %137 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%136 : tensor<2x16xf32>) outs(%51 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %148 = arith.addf %in, %cst_3 : f32
      linalg.yield %148 : f32
    } -> tensor<2x16xf32>
    %138 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%137 : tensor<2x16xf32>) outs(%51 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %148 = math.rsqrt %in : f32
      linalg.yield %148 : f32
    } -> tensor<2x16xf32>
    %139 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%138 : tensor<2x16xf32>) outs(%44 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x64xf32>
    %140 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%133, %139 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%44 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %148 = arith.mulf %in, %in_27 : f32
      linalg.yield %148 : f32
    } -> tensor<2x16x64xf32>
    %141 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%31 : tensor<64xf32>) outs(%44 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x64xf32>
    %142 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%140, %141 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%44 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %148 = arith.mulf %in, %in_27 : f32
      linalg.yield %148 : f32
    } -> tensor<2x16x64xf32>
    %143 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%33 : tensor<64xf32>) outs(%44 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x64xf32>
    %144 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%142, %143 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%44 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %148 = arith.addf %in, %in_27 : f32
      linalg.yield %148 : f32
    } -> tensor<2x16x64xf32>
    %collapsed_25 = tensor.collapse_shape %144 [[0, 1], [2]] : tensor<2x16x64xf32> into tensor<32x64xf32>
    %145 = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%collapsed_25, %3 : tensor<32x64xf32>, tensor<256x64xf32>) outs(%112 : tensor<32x256xf32>) -> tensor<32x256xf32>
    %146 = iree_tensor_ext.compute_barrier.end %145 : tensor<32x256xf32> -> tensor<32x256xf32>
    %expanded_26 = tensor.expand_shape %146 [[0, 1], [2]] output_shape [2, 16, 256] : tensor<32x256xf32> into tensor<2x16x256xf32>
    %147 = hal.tensor.export %expanded_26 "output0" : tensor<2x16x256xf32> -> !hal.buffer_view
    util.return %147 : !hal.buffer_view
  }
}