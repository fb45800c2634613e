module @jit_gpt2_layer {
  util.func public @main(%arg0: !hal.buffer_view, %arg1: !hal.buffer_view, %arg2: !hal.buffer_view, %arg3: !hal.buffer_view, %arg4: !hal.buffer_view, %arg5: !hal.buffer_view, %arg6: !hal.buffer_view, %arg7: !hal.buffer_view, %arg8: !hal.buffer_view, %arg9: !hal.buffer_view, %arg10: !hal.buffer_view, %arg11: !hal.buffer_view, %arg12: !hal.buffer_view, %arg13: !hal.buffer_view, %arg14: !hal.buffer_view, %arg15: !hal.buffer_view, %arg16: !hal.buffer_view) -> !hal.buffer_view attributes {iree.abi.stub, iree.reflection = {iree.abi.declaration = "sync func @main(%input0: tensor<2x16xi32>, %input1: tensor<256x48xf32>, %input2: tensor<16x48xf32>, %input3: tensor<48xf32>, %input4: tensor<48xf32>, %input5: tensor<48x144xf32>, %input6: tensor<144xf32>, %input7: tensor<48x48xf32>, %input8: tensor<48xf32>, %input9: tensor<48xf32>, %input10: tensor<48xf32>, %input11: tensor<48x192xf32>, %input12: tensor<192xf32>, %input13: tensor<192x48xf32>, %input14: tensor<48xf32>, %input15: tensor<48xf32>, %input16: tensor<48xf32>) -> (%output0: tensor<2x16x256xf32>)"}} {
    %0 = hal.tensor.import %arg0 "input0" : !hal.buffer_view -> tensor<2x16xi32>
    %1 = hal.tensor.import %arg1 "input1" : !hal.buffer_view -> tensor<256x48xf32>
    %2 = hal.tensor.import %arg2 "input2" : !hal.buffer_view -> tensor<16x48xf32>
    %3 = hal.tensor.import %arg3 "input3" : !hal.buffer_view -> tensor<48xf32>
    %4 = hal.tensor.import %arg4 "input4" : !hal.buffer_view -> tensor<48xf32>
    %5 = hal.tensor.import %arg5 "input5" : !hal.buffer_view -> tensor<48x144xf32>
    %6 = hal.tensor.import %arg6 "input6" : !hal.buffer_view -> tensor<144xf32>
    %7 = hal.tensor.import %arg7 "input7" : !hal.buffer_view -> tensor<48x48xf32>
    %8 = hal.tensor.import %arg8 "input8" : !hal.buffer_view -> tensor<48xf32>
    %9 = hal.tensor.import %arg9 "input9" : !hal.buffer_view -> tensor<48xf32>
    %10 = hal.tensor.import %arg10 "input10" : !hal.buffer_view -> tensor<48xf32>
    %11 = hal.tensor.import %arg11 "input11" : !hal.buffer_view -> tensor<48x192xf32>
    %12 = hal.tensor.import %arg12 "input12" : !hal.buffer_view -> tensor<192xf32>
    %13 = hal.tensor.import %arg13 "input13" : !hal.buffer_view -> tensor<192x48xf32>
    %14 = hal.tensor.import %arg14 "input14" : !hal.buffer_view -> tensor<48xf32>
    %15 = hal.tensor.import %arg15 "input15" : !hal.buffer_view -> tensor<48xf32>
    %16 = hal.tensor.import %arg16 "input16" : !hal.buffer_view -> tensor<48xf32>
    %17 = flow.dispatch.workgroups(%1, %0, %2) : (tensor<256x48xf32>, tensor<2x16xi32>, tensor<16x48xf32>) -> tensor<2x16x48xf32> =
        (%arg17: !iree_tensor_ext.dispatch.tensor<readonly:tensor<256x48xf32>>, %arg18: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x16xi32>>, %arg19: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x48xf32>>, %arg20: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x16x48xf32>>) {
      %cst = arith.constant 0x7FC00000 : f32
      %c256_i32 = arith.constant 256 : i32
      %c0_i32 = arith.constant 0 : i32
      %c255_i32 = arith.constant 255 : i32
      %47 = iree_tensor_ext.dispatch.tensor.load %arg17, offsets = [0, 0], sizes = [256, 48], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<256x48xf32>> -> tensor<256x48xf32>
      %48 = iree_tensor_ext.dispatch.tensor.load %arg18, offsets = [0, 0], sizes = [2, 16], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x16xi32>> -> tensor<2x16xi32>
      %49 = iree_tensor_ext.dispatch.tensor.load %arg19, offsets = [0, 0], sizes = [16, 48], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x48xf32>> -> tensor<16x48xf32>
      %50 = tensor.empty() : tensor<2x16x48xf32>
      %51 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%48, %49 : tensor<2x16xi32>, tensor<16x48xf32>) outs(%50 : tensor<2x16x48xf32>) {
      ^bb0(%in: i32, %in_0: f32, %out: f32):
        %52 = arith.addi %in, %c256_i32 : i32
        %53 = arith.cmpi slt, %in, %c0_i32 : i32
        %54 = arith.select %53, %52, %in : i32
        %55 = linalg.index 2 : index
        %56 = arith.index_cast %54 : i32 to index
        %extracted = tensor.extract %47[%56, %55] : tensor<256x48xf32>
        %57 = arith.cmpi sle, %54, %c255_i32 : i32
        %58 = arith.cmpi sge, %54, %c0_i32 : i32
        %59 = arith.andi %58, %57 : i1
        %60 = arith.select %59, %extracted, %cst : f32
        %61 = arith.addf %60, %in_0 : f32
        linalg.yield %61 : f32
      } -> tensor<2x16x48xf32>
      iree_tensor_ext.dispatch.tensor.store %51, %arg20, offsets = [0, 0, 0], sizes = [2, 16, 48], strides = [1, 1, 1] : tensor<2x16x48xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x16x48xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %18 = flow.tensor.reshape %17 : tensor<2x16x48xf32> -> tensor<32x48xf32>
    %19 = flow.dispatch.workgroups(%18) : (tensor<32x48xf32>) -> tensor<32x48xf32> =
        (%arg17: !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x48xf32>>, %arg18: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x48xf32>>) {
      %cst = arith.constant 0.000000e+00 : f32
      %cst_0 = arith.constant 4.800000e+01 : f32
      %47 = iree_tensor_ext.dispatch.tensor.load %arg17, offsets = [0, 0], sizes = [32, 48], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x48xf32>> -> tensor<32x48xf32>
      %48 = tensor.empty() : tensor<32xf32>
      %49 = linalg.fill ins(%cst : f32) outs(%48 : tensor<32xf32>) -> tensor<32xf32>
      %50 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%47 : tensor<32x48xf32>) outs(%49 : tensor<32xf32>) {
      ^bb0(%in: f32, %out: f32):
        %53 = arith.addf %out, %in : f32
        linalg.yield %53 : f32
      } -> tensor<32xf32>
      %51 = tensor.empty() : tensor<32x48xf32>
      %52 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%47, %50 : tensor<32x48xf32>, tensor<32xf32>) outs(%51 : tensor<32x48xf32>) {
      ^bb0(%in: f32, %in_1: f32, %out: f32):
        %53 = arith.divf %in_1, %cst_0 : f32
        %54 = arith.subf %in, %53 : f32
        linalg.yield %54 : f32
      } -> tensor<32x48xf32>
      iree_tensor_ext.dispatch.tensor.store %52, %arg18, offsets = [0, 0], sizes = [32, 48], strides = [1, 1] : tensor<32x48xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x48xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %20 = flow.dispatch.workgroups(%19, %3, %4) : (tensor<32x48xf32>, tensor<48xf32>, tensor<48xf32>) -> tensor<32x48xf32> =
        (%arg17: !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x48xf32>>, %arg18: !iree_tensor_ext.dispatch.tensor<readonly:tensor<48xf32>>, %arg19: !iree_tensor_ext.dispatch.tensor<readonly:tensor<48xf32>>, %arg20: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x48xf32>>) {
      %cst = arith.constant 0.000000e+00 : f32
      %cst_0 = arith.constant 4.800000e+01 : f32
      %cst_1 = arith.constant 9.99999974E-6 : f32
      %47 = iree_tensor_ext.dispatch.tensor.load %arg17, offsets = [0, 0], sizes = [32, 48], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x48xf32>> -> tensor<32x48xf32>
      %48 = iree_tensor_ext.dispatch.tensor.load %arg18, offsets = [0], sizes = [48], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<48xf32>> -> tensor<48xf32>
      %49 = iree_tensor_ext.dispatch.tensor.load %arg19, offsets = [0], sizes = [48], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<48xf32>> -> tensor<48xf32>
      %50 = tensor.empty() : tensor<32xf32>
      %51 = linalg.fill ins(%cst : f32) outs(%50 : tensor<32xf32>) -> tensor<32xf32>
      %52 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%47 : tensor<32x48xf32>) outs(%51 : tensor<32xf32>) {
      ^bb0(%in: f32, %out: f32):
        %55 = arith.mulf %in, %in : f32
        %56 = arith.addf %out, %55 : f32
        linalg.yield %56 : f32
      } -> tensor<32xf32>
      %53 = tensor.empty() : tensor<32x48xf32>
      %54 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%47, %52, %48, %49 : tensor<32x48xf32>, tensor<32xf32>, tensor<48xf32>, tensor<48xf32>) outs(%53 : tensor<32x48xf32>) {
      ^bb0(%in: f32, %in_2: f32, %in_3: f32, %in_4: f32, %out: f32):
        %55 = arith.divf %in_2, %cst_0 : f32
        %56 = arith.addf %55, %cst_1 : f32
        %57 = math.rsqrt %56 : f32
        %58 = arith.mulf %in, %57 : f32
        %59 = arith.mulf %58, %in_3 : f32
        %60 = arith.addf %59, %in_4 : f32
        linalg.yield %60 : f32
      } -> tensor<32x48xf32>
      iree_tensor_ext.dispatch.tensor.store %54, %arg20, offsets = [0, 0], sizes = [32, 48], strides = [1, 1] : tensor<32x48xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x48xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %21 = flow.dispatch.workgroups(%20, %5, %6) : (tensor<32x48xf32>, tensor<48x144xf32>, tensor<144xf32>) -> tensor<32x144xf32> =
        (%arg17: !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x48xf32>>, %arg18: !iree_tensor_ext.dispatch.tensor<readonly:tensor<48x144xf32>>, %arg19: !iree_tensor_ext.dispatch.tensor<readonly:tensor<144xf32>>, %arg20: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x144xf32>>) {
      %cst = arith.constant 0.000000e+00 : f32
      %47 = iree_tensor_ext.dispatch.tensor.load %arg17, offsets = [0, 0], sizes = [32, 48], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x48xf32>> -> tensor<32x48xf32>
      %48 = iree_tensor_ext.dispatch.tensor.load %arg18, offsets = [0, 0], sizes = [48, 144], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<48x144xf32>> -> tensor<48x144xf32>
      %49 = iree_tensor_ext.dispatch.tensor.load %arg19, offsets = [0], sizes = [144], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<144xf32>> -> tensor<144xf32>
      %50 = tensor.empty() : tensor<32x144xf32>
      %51 = linalg.fill ins(%cst : f32) outs(%50 : tensor<32x144xf32>) -> tensor<32x144xf32>
      %52 = linalg.matmul ins(%47, %48 : tensor<32x48xf32>, tensor<48x144xf32>) outs(%51 : tensor<32x144xf32>) -> tensor<32x144xf32>
      %53 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%52, %49 : tensor<32x144xf32>, tensor<144xf32>) outs(%50 : tensor<32x144xf32>) {
      ^bb0(%in: f32, %in_0: f32, %out: f32):
        %54 = arith.addf %in, %in_0 : f32
        linalg.yield %54 : f32
      } -> tensor<32x144xf32>
      iree_tensor_ext.dispatch.tensor.store %53, %arg20, offsets = [0, 0], sizes = [32, 144], strides = [1, 1] : tensor<32x144xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x144xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %22 = flow.tensor.reshape %21 : tensor<32x144xf32> -> tensor<2x16x3x6x8xf32>
    %23 = flow.dispatch.workgroups(%22) : (tensor<2x16x3x6x8xf32>) -> tensor<2x6x16x8xf32> =
        (%arg17: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x16x3x6x8xf32>>, %arg18: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x6x16x8xf32>>) {
      %47 = tensor.empty() : tensor<2x6x16x8xf32>
      %48 = iree_tensor_ext.dispatch.tensor.load %arg17, offsets = [0, 0, 0, 0, 0], sizes = [2, 16, 1, 6, 8], strides = [1, 1, 1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x16x3x6x8xf32>> -> tensor<2x16x6x8xf32>
      %49 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%48 : tensor<2x16x6x8xf32>) outs(%47 : tensor<2x6x16x8xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<2x6x16x8xf32>
      iree_tensor_ext.dispatch.tensor.store %49, %arg18, offsets = [0, 0, 0, 0], sizes = [2, 6, 16, 8], strides = [1, 1, 1, 1] : tensor<2x6x16x8xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x6x16x8xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %24 = flow.dispatch.workgroups(%22) : (tensor<2x16x3x6x8xf32>) -> tensor<2x6x8x16xf32> =
        (%arg17: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x16x3x6x8xf32>>, %arg18: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x6x8x16xf32>>) {
      %47 = tensor.empty() : tensor<2x6x8x16xf32>
      %48 = iree_tensor_ext.dispatch.tensor.load %arg17, offsets = [0, 0, 1, 0, 0], sizes = [2, 16, 1, 6, 8], strides = [1, 1, 1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x16x3x6x8xf32>> -> tensor<2x16x6x8xf32>
      %49 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%48 : tensor<2x16x6x8xf32>) outs(%47 : tensor<2x6x8x16xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<2x6x8x16xf32>
      iree_tensor_ext.dispatch.tensor.store %49, %arg18, offsets = [0, 0, 0, 0], sizes = [2, 6, 8, 16], strides = [1, 1, 1, 1] : tensor<2x6x8x16xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x6x8x16xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %25 = flow.tensor.reshape %23 : tensor<2x6x16x8xf32> -> tensor<12x16x8xf32>
    %26 = flow.tensor.reshape %24 : tensor<2x6x8x16xf32> -> tensor<12x8x16xf32>
    %27 = flow.dispatch.workgroups(%25, %26) : (tensor<12x16x8xf32>, tensor<12x8x16xf32>) -> tensor<12x16x16xf32> =
        (%arg17: !iree_tensor_ext.dispatch.tensor<readonly:tensor<12x16x8xf32>>, %arg18: !iree_tensor_ext.dispatch.tensor<readonly:tensor<12x8x16xf32>>, %arg19: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<12x16x16xf32>>) {
      %cst = arith.constant 0.000000e+00 : f32
      %cst_0 = arith.constant 2.82842708 : f32
      %cst_1 = arith.constant -1.000000e+09 : f32
      %cst_2 = arith.constant dense<"0x01000000000000000000000000000000010100000000000000000000000000000101010000000000000000000000000001010101000000000000000000000000010101010100000000000000000000000101010101010000000000000000000001010101010101000000000000000000010101010101010100000000000000000101010101010101010000000000000001010101010101010101000000000000010101010101010101010100000000000101010101010101010101010000000001010101010101010101010101000000010101010101010101010101010100000101010101010101010101010101010001010101010101010101010101010101"> : tensor<16x16xi1>
      %47 = iree_tensor_ext.dispatch.tensor.load %arg17, offsets = [0, 0, 0], sizes = [12, 16, 8], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<12x16x8xf32>> -> tensor<12x16x8xf32>
      %48 = iree_tensor_ext.dispatch.tensor.load %arg18, offsets = [0, 0, 0], sizes = [12, 8, 16], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<12x8x16xf32>> -> tensor<12x8x16xf32>
      %49 = tensor.empty() : tensor<12x16x16xf32>
      %50 = linalg.fill ins(%cst : f32) outs(%49 : tensor<12x16x16xf32>) -> tensor<12x16x16xf32>
      %51 = linalg.batch_matmul ins(%47, %48 : tensor<12x16x8xf32>, tensor<12x8x16xf32>) outs(%50 : tensor<12x16x16xf32>) -> tensor<12x16x16xf32>
      %52 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%cst_2, %51 : tensor<16x16xi1>, tensor<12x16x16xf32>) outs(%49 : tensor<12x16x16xf32>) {
      ^bb0(%in: i1, %in_3: f32, %out: f32):
        %53 = arith.divf %in_3, %cst_0 : f32
        %54 = arith.select %in, %53, %cst_1 : f32
        linalg.yield %54 : f32
      } -> tensor<12x16x16xf32>
      iree_tensor_ext.dispatch.tensor.store %52, %arg19, offsets = [0, 0, 0], sizes = [12, 16, 16], strides = [1, 1, 1] : tensor<12x16x16xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<12x16x16xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %28 = flow.tensor.reshape %27 : tensor<12x16x16xf32> -> tensor<2x6x16x16xf32>
    %29 = flow.dispatch.workgroups(%28) : (tensor<2x6x16x16xf32>) -> tensor<2x6x16x16xf32> =
        (%arg17: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x6x16x16xf32>>, %arg18: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x6x16x16xf32>>) {
      %47 = iree_tensor_ext.dispatch.tensor.load %arg17, offsets = [0, 0, 0, 0], sizes = [2, 6, 16, 16], strides = [1, 1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x6x16x16xf32>> -> tensor<2x6x16x16xf32>
      %48 = tensor.empty() : tensor<2x6x16x16xf32>
      %49 = linalg.softmax dimension(3) ins(%47 : tensor<2x6x16x16xf32>) outs(%48 : tensor<2x6x16x16xf32>) -> tensor<2x6x16x16xf32>
      %50 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d3, d2)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%49 : tensor<2x6x16x16xf32>) outs(%48 : tensor<2x6x16x16xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<2x6x16x16xf32>
      iree_tensor_ext.dispatch.tensor.store %50, %arg18, offsets = [0, 0, 0, 0], sizes = [2, 6, 16, 16], strides = [1, 1, 1, 1] : tensor<2x6x16x16xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x6x16x16xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %30 = flow.dispatch.workgroups(%22) : (tensor<2x16x3x6x8xf32>) -> tensor<2x6x8x16xf32> =
        (%arg17: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x16x3x6x8xf32>>, %arg18: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x6x8x16xf32>>) {
      %47 = tensor.empty() : tensor<2x6x8x16xf32>
      %48 = iree_tensor_ext.dispatch.tensor.load %arg17, offsets = [0, 0, 2, 0, 0], sizes = [2, 16, 1, 6, 8], strides = [1, 1, 1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x16x3x6x8xf32>> -> tensor<2x16x6x8xf32>
      %49 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%48 : tensor<2x16x6x8xf32>) outs(%47 : tensor<2x6x8x16xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<2x6x8x16xf32>
      iree_tensor_ext.dispatch.tensor.store %49, %arg18, offsets = [0, 0, 0, 0], sizes = [2, 6, 8, 16], strides = [1, 1, 1, 1] : tensor<2x6x8x16xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x6x8x16xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %31 = flow.tensor.reshape %30 : tensor<2x6x8x16xf32> -> tensor<12x8x16xf32>
    %32 = flow.tensor.reshape %29 : tensor<2x6x16x16xf32> -> tensor<12x16x16xf32>
    %33 = flow.dispatch.workgroups(%31, %32) : (tensor<12x8x16xf32>, tensor<12x16x16xf32>) -> tensor<12x8x16xf32> =
        (%arg17: !iree_tensor_ext.dispatch.tensor<readonly:tensor<12x8x16xf32>>, %arg18: !iree_tensor_ext.dispatch.tensor<readonly:tensor<12x16x16xf32>>, %arg19: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<12x8x16xf32>>) {
      %cst = arith.constant 0.000000e+00 : f32
      %47 = iree_tensor_ext.dispatch.tensor.load %arg17, offsets = [0, 0, 0], sizes = [12, 8, 16], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<12x8x16xf32>> -> tensor<12x8x16xf32>
      %48 = iree_tensor_ext.dispatch.tensor.load %arg18, offsets = [0, 0, 0], sizes = [12, 16, 16], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<12x16x16xf32>> -> tensor<12x16x16xf32>
      %49 = tensor.empty() : tensor<12x8x16xf32>
      %50 = linalg.fill ins(%cst : f32) outs(%49 : tensor<12x8x16xf32>) -> tensor<12x8x16xf32>
      %51 = linalg.batch_matmul ins(%47, %48 : tensor<12x8x16xf32>, tensor<12x16x16xf32>) outs(%50 : tensor<12x8x16xf32>) -> tensor<12x8x16xf32>
      iree_tensor_ext.dispatch.tensor.store %51, %arg19, offsets = [0, 0, 0], sizes = [12, 8, 16], strides = [1, 1, 1] : tensor<12x8x16xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<12x8x16xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %34 = flow.tensor.reshape %33 : tensor<12x8x16xf32> -> tensor<2x48x16xf32>
    %35 = flow.dispatch.workgroups(%34) : (tensor<2x48x16xf32>) -> tensor<2x16x48xf32> =
        (%arg17: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x48x16xf32>>, %arg18: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x16x48xf32>>) {
      %47 = iree_tensor_ext.dispatch.tensor.load %arg17, offsets = [0, 0, 0], sizes = [2, 48, 16], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x48x16xf32>> -> tensor<2x48x16xf32>
      %48 = tensor.empty() : tensor<2x16x48xf32>
      %49 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2, d1)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%47 : tensor<2x48x16xf32>) outs(%48 : tensor<2x16x48xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<2x16x48xf32>
      iree_tensor_ext.dispatch.tensor.store %49, %arg18, offsets = [0, 0, 0], sizes = [2, 16, 48], strides = [1, 1, 1] : tensor<2x16x48xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x16x48xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %36 = flow.tensor.reshape %35 : tensor<2x16x48xf32> -> tensor<32x48xf32>
    %37 = flow.dispatch.workgroups(%36, %7, %18, %8) : (tensor<32x48xf32>, tensor<48x48xf32>, tensor<32x48xf32>, tensor<48xf32>) -> tensor<32x48xf32> =
        (%arg17: !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x48xf32>>, %arg18: !iree_tensor_ext.dispatch.tensor<readonly:tensor<48x48xf32>>, %arg19: !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x48xf32>>, %arg20: !iree_tensor_ext.dispatch.tensor<readonly:tensor<48xf32>>, %arg21: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x48xf32>>) {
      %cst = arith.constant 0.000000e+00 : f32
      %47 = iree_tensor_ext.dispatch.tensor.load %arg17, offsets = [0, 0], sizes = [32, 48], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x48xf32>> -> tensor<32x48xf32>
      %48 = iree_tensor_ext.dispatch.tensor.load %arg18, offsets = [0, 0], sizes = [48, 48], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<48x48xf32>> -> tensor<48x48xf32>
      %49 = iree_tensor_ext.dispatch.tensor.load %arg19, offsets = [0, 0], sizes = [32, 48], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x48xf32>> -> tensor<32x48xf32>
      %50 = iree_tensor_ext.dispatch.tensor.load %arg20, offsets = [0], sizes = [48], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<48xf32>> -> tensor<48xf32>
      %51 = tensor.empty() : tensor<32x48xf32>
      %52 = linalg.fill ins(%cst : f32) outs(%51 : tensor<32x48xf32>) -> tensor<32x48xf32>
      %53 = linalg.matmul ins(%47, %48 : tensor<32x48xf32>, tensor<48x48xf32>) outs(%52 : tensor<32x48xf32>) -> tensor<32x48xf32>
      %54 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%49, %53, %50 : tensor<32x48xf32>, tensor<32x48xf32>, tensor<48xf32>) outs(%51 : tensor<32x48xf32>) {
      ^bb0(%in: f32, %in_0: f32, %in_1: f32, %out: f32):
        %55 = arith.addf %in, %in_0 : f32
        %56 = arith.addf %55, %in_1 : f32
        linalg.yield %56 : f32
      } -> tensor<32x48xf32>
      iree_tensor_ext.dispatch.tensor.store %54, %arg21, offsets = [0, 0], sizes = [32, 48], strides = [1, 1] : tensor<32x48xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x48xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %38 = flow.dispatch.workgroups(%37) : (tensor<32x48xf32>) -> tensor<32x48xf32> =
        (%arg17: !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x48xf32>>, %arg18: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x48xf32>>) {
      %cst = arith.constant 0.000000e+00 : f32
      %cst_0 = arith.constant 4.800000e+01 : f32
      %47 = iree_tensor_ext.dispatch.tensor.load %arg17, offsets = [0, 0], sizes = [32, 48], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x48xf32>> -> tensor<32x48xf32>
      %48 = tensor.empty() : tensor<32xf32>
      %49 = linalg.fill ins(%cst : f32) outs(%48 : tensor<32xf32>) -> tensor<32xf32>
      %50 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%47 : tensor<32x48xf32>) outs(%49 : tensor<32xf32>) {
      ^bb0(%in: f32, %out: f32):
        %53 = arith.addf %out, %in : f32
        linalg.yield %53 : f32
      } -> tensor<32xf32>
      %51 = tensor.empty() : tensor<32x48xf32>
      %52 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%47, %50 : tensor<32x48xf32>, tensor<32xf32>) outs(%51 : tensor<32x48xf32>) {
      ^bb0(%in: f32, %in_1: f32, %out: f32):
        %53 = arith.divf %in_1, %cst_0 : f32
        %54 = arith.subf %in, %53 : f32
        linalg.yield %54 : f32
      } -> tensor<32x48xf32>
      iree_tensor_ext.dispatch.tensor.store %52, %arg18, offsets = [0, 0], sizes = [32, 48], strides = [1, 1] : tensor<32x48xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x48xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %39 = flow.dispatch.workgroups(%38, %9, %10) : (tensor<32x48xf32>, tensor<48xf32>, tensor<48xf32>) -> tensor<32x48xf32> =
        (%arg17: !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x48xf32>>, %arg18: !iree_tensor_ext.dispatch.tensor<readonly:tensor<48xf32>>, %arg19: !iree_tensor_ext.dispatch.tensor<readonly:tensor<48xf32>>, %arg20: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x48xf32>>) {
      %cst = arith.constant 0.000000e+00 : f32
      %cst_0 = arith.constant 4.800000e+01 : f32
      %cst_1 = arith.constant 9.99999974E-6 : f32
      %47 = iree_tensor_ext.dispatch.tensor.load %arg17, offsets = [0, 0], sizes = [32, 48], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x48xf32>> -> tensor<32x48xf32>
      %48 = iree_tensor_ext.dispatch.tensor.load %arg18, offsets = [0], sizes = [48], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<48xf32>> -> tensor<48xf32>
      %49 = iree_tensor_ext.dispatch.tensor.load %arg19, offsets = [0], sizes = [48], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<48xf32>> -> tensor<48xf32>
      %50 = tensor.empty() : tensor<32xf32>
      %51 = linalg.fill ins(%cst : f32) outs(%50 : tensor<32xf32>) -> tensor<32xf32>
      %52 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%47 : tensor<32x48xf32>) outs(%51 : tensor<32xf32>) {
      ^bb0(%in: f32, %out: f32):
        %55 = arith.mulf %in, %in : f32
        %56 = arith.addf %out, %55 : f32
        linalg.yield %56 : f32
      } -> tensor<32xf32>
      %53 = tensor.empty() : tensor<32x48xf32>
      %54 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%47, %52, %48, %49 : tensor<32x48xf32>, tensor<32xf32>, tensor<48xf32>, tensor<48xf32>) outs(%53 : tensor<32x48xf32>) {
      ^bb0(%in: f32, %in_2: f32, %in_3: f32, %in_4: f32, %out: f32):
        %55 = arith.divf %in_2, %cst_0 : f32
        %56 = arith.addf %55, %cst_1 : f32
        %57 = math.rsqrt %56 : f32
        %58 = arith.mulf %in, %57 : f32
        %59 = arith.mulf %58, %in_3 : f32
        %60 = arith.addf %59, %in_4 : f32
        linalg.yield %60 : f32
      } -> tensor<32x48xf32>
      iree_tensor_ext.dispatch.tensor.store %54, %arg20, offsets = [0, 0], sizes = [32, 48], strides = [1, 1] : tensor<32x48xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x48xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %40 = flow.dispatch.workgroups(%39, %11, %12) : (tensor<32x48xf32>, tensor<48x192xf32>, tensor<192xf32>) -> tensor<32x192xf32> =
        (%arg17: !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x48xf32>>, %arg18: !iree_tensor_ext.dispatch.tensor<readonly:tensor<48x192xf32>>, %arg19: !iree_tensor_ext.dispatch.tensor<readonly:tensor<192xf32>>, %arg20: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x192xf32>>) {
      %cst = arith.constant 0.000000e+00 : f32
      %cst_0 = arith.constant 4.471500e-02 : f32
      %cst_1 = arith.constant 0.797884583 : f32
      %cst_2 = arith.constant 1.000000e+00 : f32
      %cst_3 = arith.constant 5.000000e-01 : f32
      %47 = iree_tensor_ext.dispatch.tensor.load %arg17, offsets = [0, 0], sizes = [32, 48], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x48xf32>> -> tensor<32x48xf32>
      %48 = iree_tensor_ext.dispatch.tensor.load %arg18, offsets = [0, 0], sizes = [48, 192], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<48x192xf32>> -> tensor<48x192xf32>
      %49 = iree_tensor_ext.dispatch.tensor.load %arg19, offsets = [0], sizes = [192], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<192xf32>> -> tensor<192xf32>
      %50 = tensor.empty() : tensor<32x192xf32>
      %51 = linalg.fill ins(%cst : f32) outs(%50 : tensor<32x192xf32>) -> tensor<32x192xf32>
      %52 = linalg.matmul ins(%47, %48 : tensor<32x48xf32>, tensor<48x192xf32>) outs(%51 : tensor<32x192xf32>) -> tensor<32x192xf32>
      %53 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%52, %49 : tensor<32x192xf32>, tensor<192xf32>) outs(%50 : tensor<32x192xf32>) {
      ^bb0(%in: f32, %in_4: f32, %out: f32):
        %54 = arith.addf %in, %in_4 : f32
        %55 = arith.mulf %54, %54 : f32
        %56 = arith.mulf %55, %54 : f32
        %57 = arith.mulf %56, %cst_0 : f32
        %58 = arith.addf %54, %57 : f32
        %59 = arith.mulf %58, %cst_1 : f32
        %60 = math.tanh %59 : f32
        %61 = arith.addf %60, %cst_2 : f32
        %62 = arith.mulf %61, %cst_3 : f32
        %63 = arith.mulf %54, %62 : f32
        linalg.yield %63 : f32
      } -> tensor<32x192xf32>
      iree_tensor_ext.dispatch.tensor.store %53, %arg20, offsets = [0, 0], sizes = [32, 192], strides = [1, 1] : tensor<32x192xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x192xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %41 = flow.dispatch.workgroups(%40, %13, %37, %14) : (tensor<32x192xf32>, tensor<192x48xf32>, tensor<32x48xf32>, tensor<48xf32>) -> tensor<32x48xf32> =
        (%arg17: !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x192xf32>>, %arg18: !iree_tensor_ext.dispatch.tensor<readonly:tensor<192x48xf32>>, %arg19: !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x48xf32>>, %arg20: !iree_tensor_ext.dispatch.tensor<readonly:tensor<48xf32>>, %arg21: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x48xf32>>) {
      %cst = arith.constant 0.000000e+00 : f32
      %47 = iree_tensor_ext.dispatch.tensor.load %arg17, offsets = [0, 0], sizes = [32, 192], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x192xf32>> -> tensor<32x192xf32>
      %48 = iree_tensor_ext.dispatch.tensor.load %arg18, offsets = [0, 0], sizes = [192, 48], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<192x48xf32>> -> tensor<192x48xf32>
      %49 = iree_tensor_ext.dispatch.tensor.load %arg19, offsets = [0, 0], sizes = [32, 48], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x48xf32>> -> tensor<32x48xf32>
      %50 = iree_tensor_ext.dispatch.tensor.load %arg20, offsets = [0], sizes = [48], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<48xf32>> -> tensor<48xf32>
      %51 = tensor.empty() : tensor<32x48xf32>
      %52 = linalg.fill ins(%cst : f32) outs(%51 : tensor<32x48xf32>) -> tensor<32x48xf32>
      %53 = linalg.matmul ins(%47, %48 : tensor<32x192xf32>, tensor<192x48xf32>) outs(%52 : tensor<32x48xf32>) -> tensor<32x48xf32>
      %54 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%49, %53, %50 : tensor<32x48xf32>, tensor<32x48xf32>, tensor<48xf32>) outs(%51 : tensor<32x48xf32>) {
      ^bb0(%in: f32, %in_0: f32, %in_1: f32, %out: f32):
        %55 = arith.addf %in, %in_0 : f32
        %56 = arith.addf %55, %in_1 : f32
        linalg.yield %56 : f32
      } -> tensor<32x48xf32>
      iree_tensor_ext.dispatch.tensor.store %54, %arg21, offsets = [0, 0], sizes = [32, 48], strides = [1, 1] : tensor<32x48xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x48xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %42 = flow.dispatch.workgroups(%41) : (tensor<32x48xf32>) -> tensor<32x48xf32> =
        (%arg17: !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x48xf32>>, %arg18: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x48xf32>>) {
      %cst = arith.constant 0.000000e+00 : f32
      %cst_0 = arith.constant 4.800000e+01 : f32
      %47 = iree_tensor_ext.dispatch.tensor.load %arg17, offsets = [0, 0], sizes = [32, 48], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x48xf32>> -> tensor<32x48xf32>
      %48 = tensor.empty() : tensor<32xf32>
      %49 = linalg.fill ins(%cst : f32) outs(%48 : tensor<32xf32>) -> tensor<32xf32>
      %50 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%47 : tensor<32x48xf32>) outs(%49 : tensor<32xf32>) {
      ^bb0(%in: f32, %out: f32):
        %53 = arith.addf %out, %in : f32
        linalg.yield %53 : f32
      } -> tensor<32xf32>
      %51 = tensor.empty() : tensor<32x48xf32>
      %52 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%47, %50 : tensor<32x48xf32>, tensor<32xf32>) outs(%51 : tensor<32x48xf32>) {
      ^bb0(%in: f32, %in_1: f32, %out: f32):
        %53 = arith.divf %in_1, %cst_0 : f32
        %54 = arith.subf %in, %53 : f32
        linalg.yield %54 : f32
      } -> tensor<32x48xf32>
      iree_tensor_ext.dispatch.tensor.store %52, %arg18, offsets = [0, 0], sizes = [32, 48], strides = [1, 1] : tensor<32x48xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x48xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %43 = flow.dispatch.workgroups(%42, %15, %16) : (tensor<32x48xf32>, tensor<48xf32>, tensor<48xf32>) -> tensor<32x48xf32> =
        (%arg17: !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x48xf32>>, %arg18: !iree_tensor_ext.dispatch.tensor<readonly:tensor<48xf32>>, %arg19: !iree_tensor_ext.dispatch.tensor<readonly:tensor<48xf32>>, %arg20: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x48xf32>>) {
      %cst = arith.constant 0.000000e+00 : f32
      %cst_0 = arith.constant 4.800000e+01 : f32
      %cst_1 = arith.constant 9.99999974E-6 : f32
      %47 = iree_tensor_ext.dispatch.tensor.load %arg17, offsets = [0, 0], sizes = [32, 48], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x48xf32>> -> tensor<32x48xf32>
      %48 = iree_tensor_ext.dispatch.tensor.load %arg18, offsets = [0], sizes = [48], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<48xf32>> -> tensor<48xf32>
      %49 = iree_tensor_ext.dispatch.tensor.load %arg19, offsets = [0], sizes = [48], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<48xf32>> -> tensor<48xf32>
      %50 = tensor.empty() : tensor<32xf32>
      %51 = linalg.fill ins(%cst : f32) outs(%50 : tensor<32xf32>) -> tensor<32xf32>
      %52 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%47 : tensor<32x48xf32>) outs(%51 : tensor<32xf32>) {
      ^bb0(%in: f32, %out: f32):
        %55 = arith.mulf %in, %in : f32
        %56 = arith.addf %out, %55 : f32
        linalg.yield %56 : f32
      } -> tensor<32xf32>
      %53 = tensor.empty() : tensor<32x48xf32>
      %54 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%47, %52, %48, %49 : tensor<32x48xf32>, tensor<32xf32>, tensor<48xf32>, tensor<48xf32>) outs(%53 : tensor<32x48xf32>) {
      ^bb0(%in: f32, %in_2: f32, %in_3: f32, %in_4: f32, %out: f32):
        %55 = arith.divf %in_2, %cst_0 : f32
        %56 = arith.addf %55, %cst_1 : f32
        %57 = math.rsqrt %56 : f32
        %58 = arith.mulf %in, %57 : f32
        %59 = arith.mulf %58, %in_3 : f32
        %60 = arith.addf %59, %in_4 : f32
        linalg.yield %60 : f32
      } -> tensor<32x48xf32>
      iree_tensor_ext.dispatch.tensor.store %54, %arg20, offsets = [0, 0], sizes = [32, 48], strides = [1, 1] : tensor<32x48xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x48xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %44 = flow.dispatch.workgroups(%43, %1) : (tensor<32x48xf32>, tensor<256x48xf32>) -> tensor<32x256xf32> =
        (%arg17: !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x48xf32>>, %arg18: !iree_tensor_ext.dispatch.tensor<readonly:tensor<256x48xf32>>, %arg19: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x256xf32>>) {
      %cst = arith.constant 0.000000e+00 : f32
      %47 = iree_tensor_ext.dispatch.tensor.load %arg17, offsets = [0, 0], sizes = [32, 48], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x48xf32>> -> tensor<32x48xf32>
      %48 = iree_tensor_ext.dispatch.tensor.load %arg18, offsets = [0, 0], sizes = [256, 48], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<256x48xf32>> -> tensor<256x48xf32>
      %49 = tensor.empty() : tensor<32x256xf32>
      %50 = linalg.fill ins(%cst : f32) outs(%49 : tensor<32x256xf32>) -> tensor<32x256xf32>
      %51 = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%47, %48 : tensor<32x48xf32>, tensor<256x48xf32>) outs(%50 : tensor<32x256xf32>) -> tensor<32x256xf32>
      iree_tensor_ext.dispatch.tensor.store %51, %arg19, offsets = [0, 0], sizes = [32, 256], strides = [1, 1] : tensor<32x256xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x256xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %45 = flow.tensor.reshape %44 : tensor<32x256xf32> -> tensor<2x16x256xf32>
    %46 = hal.tensor.export %45 "output0" : tensor<2x16x256xf32> -> !hal.buffer_view
    util.return %46 : !hal.buffer_view
  }
}