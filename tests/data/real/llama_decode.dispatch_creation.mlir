module @jit_llama_decode {
  util.func public @main(%arg0: !hal.buffer_view, %arg1: !hal.buffer_view, %arg2: !hal.buffer_view, %arg3: !hal.buffer_view, %arg4: !hal.buffer_view, %arg5: !hal.buffer_view, %arg6: !hal.buffer_view, %arg7: !hal.buffer_view, %arg8: !hal.buffer_view, %arg9: !hal.buffer_view, %arg10: !hal.buffer_view, %arg11: !hal.buffer_view) -> !hal.buffer_view attributes {iree.abi.stub, iree.reflection = {iree.abi.declaration = "sync func @main(%input0: tensor<2x1x64xf32>, %input1: tensor<2x15x4x16xf32>, %input2: tensor<2x15x4x16xf32>, %input3: tensor<64xf32>, %input4: tensor<64x64xf32>, %input5: tensor<64x64xf32>, %input6: tensor<64x64xf32>, %input7: tensor<64x64xf32>, %input8: tensor<64xf32>, %input9: tensor<64x128xf32>, %input10: tensor<64x128xf32>, %input11: tensor<128x64xf32>) -> (%output0: tensor<2x1x64xf32>)"}} {
    %0 = hal.tensor.import %arg0 "input0" : !hal.buffer_view -> tensor<2x1x64xf32>
    %1 = hal.tensor.import %arg1 "input1" : !hal.buffer_view -> tensor<2x15x4x16xf32>
    %2 = hal.tensor.import %arg2 "input2" : !hal.buffer_view -> tensor<2x15x4x16xf32>
    %3 = hal.tensor.import %arg3 "input3" : !hal.buffer_view -> tensor<64xf32>
    %4 = hal.tensor.import %arg4 "input4" : !hal.buffer_view -> tensor<64x64xf32>
    %5 = hal.tensor.import %arg5 "input5" : !hal.buffer_view -> tensor<64x64xf32>
    %6 = hal.tensor.import %arg6 "input6" : !hal.buffer_view -> tensor<64x64xf32>
    %7 = hal.tensor.import %arg7 "input7" : !hal.buffer_view -> tensor<64x64xf32>
    %8 = hal.tensor.import %arg8 "input8" : !hal.buffer_view -> tensor<64xf32>
    %9 = hal.tensor.import %arg9 "input9" : !hal.buffer_view -> tensor<64x128xf32>
    %10 = hal.tensor.import %arg10 "input10" : !hal.buffer_view -> tensor<64x128xf32>
    %11 = hal.tensor.import %arg11 "input11" : !hal.buffer_view -> tensor<128x64xf32>
    %12 = flow.tensor.reshape %0 : tensor<2x1x64xf32> -> tensor<2x64xf32>
    %13 = flow.dispatch.workgroups(%12, %3) : (tensor<2x64xf32>, tensor<64xf32>) -> tensor<2x64xf32> =
        (%arg12: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x64xf32>>, %arg13: !iree_tensor_ext.dispatch.tensor<readonly:tensor<64xf32>>, %arg14: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x64xf32>>) {
      %cst = arith.constant 0.000000e+00 : f32
      %cst_0 = arith.constant 6.400000e+01 : f32
      %cst_1 = arith.constant 9.99999997E-7 : f32
      %50 = iree_tensor_ext.dispatch.tensor.load %arg12, offsets = [0, 0], sizes = [2, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x64xf32>> -> tensor<2x64xf32>
      %51 = iree_tensor_ext.dispatch.tensor.load %arg13, offsets = [0], sizes = [64], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<64xf32>> -> tensor<64xf32>
      %52 = tensor.empty() : tensor<2x64xf32>
      %53 = tensor.empty() : tensor<2xf32>
      %54 = linalg.fill ins(%cst : f32) outs(%53 : tensor<2xf32>) -> tensor<2xf32>
      %55 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%50 : tensor<2x64xf32>) outs(%54 : tensor<2xf32>) {
      ^bb0(%in: f32, %out: f32):
        %57 = arith.mulf %in, %in : f32
        %58 = arith.addf %out, %57 : f32
        linalg.yield %58 : f32
      } -> tensor<2xf32>
      %56 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%50, %55, %51 : tensor<2x64xf32>, tensor<2xf32>, tensor<64xf32>) outs(%52 : tensor<2x64xf32>) {
      ^bb0(%in: f32, %in_2: f32, %in_3: f32, %out: f32):
        %57 = arith.divf %in_2, %cst_0 : f32
        %58 = arith.addf %57, %cst_1 : f32
        %59 = math.rsqrt %58 : f32
        %60 = arith.mulf %in, %59 : f32
        %61 = arith.mulf %60, %in_3 : f32
        linalg.yield %61 : f32
      } -> tensor<2x64xf32>
      iree_tensor_ext.dispatch.tensor.store %56, %arg14, offsets = [0, 0], sizes = [2, 64], strides = [1, 1] : tensor<2x64xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x64xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %14 = flow.dispatch.workgroups(%13, %4) : (tensor<2x64xf32>, tensor<64x64xf32>) -> tensor<2x64xf32> =
        (%arg12: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x64xf32>>, %arg13: !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x64xf32>>, %arg14: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x64xf32>>) {
      %cst = arith.constant 0.000000e+00 : f32
      %50 = iree_tensor_ext.dispatch.tensor.load %arg12, offsets = [0, 0], sizes = [2, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x64xf32>> -> tensor<2x64xf32>
      %51 = iree_tensor_ext.dispatch.tensor.load %arg13, offsets = [0, 0], sizes = [64, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x64xf32>> -> tensor<64x64xf32>
      %52 = tensor.empty() : tensor<2x64xf32>
      %53 = linalg.fill ins(%cst : f32) outs(%52 : tensor<2x64xf32>) -> tensor<2x64xf32>
      %54 = linalg.matmul ins(%50, %51 : tensor<2x64xf32>, tensor<64x64xf32>) outs(%53 : tensor<2x64xf32>) -> tensor<2x64xf32>
      iree_tensor_ext.dispatch.tensor.store %54, %arg14, offsets = [0, 0], sizes = [2, 64], strides = [1, 1] : tensor<2x64xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x64xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %15 = flow.tensor.reshape %14 : tensor<2x64xf32> -> tensor<2x4x2x8xf32>
    %16 = flow.tensor.reshape %14 : tensor<2x64xf32> -> tensor<8x2x8xf32>
    %17 = flow.dispatch.workgroups(%15, %16) : (tensor<2x4x2x8xf32>, tensor<8x2x8xf32>) -> tensor<8x2x8xf32> =
        (%arg12: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x4x2x8xf32>>, %arg13: !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x2x8xf32>>, %arg14: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x2x8xf32>>) {
      %c4 = arith.constant 4 : index
      %cst = arith.constant dense<[[-0.7596879, 0.0310223494, 7.073720e-02, 0.889593601, 0.98877108, 0.9988752, 0.999887526, 0.999988734], [-0.7596879, 0.0310223494, 7.073720e-02, 0.889593601, 0.98877108, 0.9988752, 0.999887526, 0.999988734]]> : tensor<2x8xf32>
      %cst_0 = arith.constant dense<[[0.650287867, -0.999518692, 0.997494995, 0.456752926, 0.149438128, 0.0474163815, 0.0149994381, 0.0047433991], [0.650287867, -0.999518692, 0.997494995, 0.456752926, 0.149438128, 0.0474163815, 0.0149994381, 0.0047433991]]> : tensor<2x8xf32>
      %c1 = arith.constant 1 : index
      %50 = iree_tensor_ext.dispatch.tensor.load %arg12, offsets = [0, 0, 0, 0], sizes = [2, 4, 2, 8], strides = [1, 1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x4x2x8xf32>> -> tensor<2x4x2x8xf32>
      %51 = iree_tensor_ext.dispatch.tensor.load %arg13, offsets = [0, 0, 0], sizes = [8, 2, 8], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x2x8xf32>> -> tensor<8x2x8xf32>
      %52 = tensor.empty() : tensor<8x2x8xf32>
      %53 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%51, %cst, %cst_0 : tensor<8x2x8xf32>, tensor<2x8xf32>, tensor<2x8xf32>) outs(%52 : tensor<8x2x8xf32>) {
      ^bb0(%in: f32, %in_1: f32, %in_2: f32, %out: f32):
        %54 = linalg.index 0 : index
        %55 = arith.remsi %54, %c4 : index
        %56 = arith.divsi %54, %c4 : index
        %57 = linalg.index 1 : index
        %58 = linalg.index 2 : index
        %59 = arith.subi %c1, %57 : index
        %extracted = tensor.extract %50[%56, %55, %59, %58] : tensor<2x4x2x8xf32>
        %60 = arith.negf %extracted : f32
        %61 = arith.cmpi eq, %59, %c1 : index
        %62 = arith.select %61, %60, %extracted : f32
        %63 = arith.mulf %62, %in_2 : f32
        %64 = arith.mulf %in, %in_1 : f32
        %65 = arith.addf %64, %63 : f32
        linalg.yield %65 : f32
      } -> tensor<8x2x8xf32>
      iree_tensor_ext.dispatch.tensor.store %53, %arg14, offsets = [0, 0, 0], sizes = [8, 2, 8], strides = [1, 1, 1] : tensor<8x2x8xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x2x8xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %18 = flow.dispatch.workgroups(%13, %5) : (tensor<2x64xf32>, tensor<64x64xf32>) -> tensor<2x64xf32> =
        (%arg12: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x64xf32>>, %arg13: !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x64xf32>>, %arg14: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x64xf32>>) {
      %cst = arith.constant 0.000000e+00 : f32
      %50 = iree_tensor_ext.dispatch.tensor.load %arg12, offsets = [0, 0], sizes = [2, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x64xf32>> -> tensor<2x64xf32>
      %51 = iree_tensor_ext.dispatch.tensor.load %arg13, offsets = [0, 0], sizes = [64, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x64xf32>> -> tensor<64x64xf32>
      %52 = tensor.empty() : tensor<2x64xf32>
      %53 = linalg.fill ins(%cst : f32) outs(%52 : tensor<2x64xf32>) -> tensor<2x64xf32>
      %54 = linalg.matmul ins(%50, %51 : tensor<2x64xf32>, tensor<64x64xf32>) outs(%53 : tensor<2x64xf32>) -> tensor<2x64xf32>
      iree_tensor_ext.dispatch.tensor.store %54, %arg14, offsets = [0, 0], sizes = [2, 64], strides = [1, 1] : tensor<2x64xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x64xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %19 = flow.tensor.reshape %18 : tensor<2x64xf32> -> tensor<2x4x2x8xf32>
    %20 = flow.tensor.reshape %18 : tensor<2x64xf32> -> tensor<8x2x8xf32>
    %21 = flow.dispatch.workgroups(%19, %20) : (tensor<2x4x2x8xf32>, tensor<8x2x8xf32>) -> tensor<8x2x8xf32> =
        (%arg12: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x4x2x8xf32>>, %arg13: !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x2x8xf32>>, %arg14: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x2x8xf32>>) {
      %c4 = arith.constant 4 : index
      %cst = arith.constant dense<[[-0.7596879, 0.0310223494, 7.073720e-02, 0.889593601, 0.98877108, 0.9988752, 0.999887526, 0.999988734], [-0.7596879, 0.0310223494, 7.073720e-02, 0.889593601, 0.98877108, 0.9988752, 0.999887526, 0.999988734]]> : tensor<2x8xf32>
      %cst_0 = arith.constant dense<[[0.650287867, -0.999518692, 0.997494995, 0.456752926, 0.149438128, 0.0474163815, 0.0149994381, 0.0047433991], [0.650287867, -0.999518692, 0.997494995, 0.456752926, 0.149438128, 0.0474163815, 0.0149994381, 0.0047433991]]> : tensor<2x8xf32>
      %c1 = arith.constant 1 : index
      %50 = iree_tensor_ext.dispatch.tensor.load %arg12, offsets = [0, 0, 0, 0], sizes = [2, 4, 2, 8], strides = [1, 1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x4x2x8xf32>> -> tensor<2x4x2x8xf32>
      %51 = iree_tensor_ext.dispatch.tensor.load %arg13, offsets = [0, 0, 0], sizes = [8, 2, 8], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x2x8xf32>> -> tensor<8x2x8xf32>
      %52 = tensor.empty() : tensor<8x2x8xf32>
      %53 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%51, %cst, %cst_0 : tensor<8x2x8xf32>, tensor<2x8xf32>, tensor<2x8xf32>) outs(%52 : tensor<8x2x8xf32>) {
      ^bb0(%in: f32, %in_1: f32, %in_2: f32, %out: f32):
        %54 = linalg.index 0 : index
        %55 = arith.remsi %54, %c4 : index
        %56 = arith.divsi %54, %c4 : index
        %57 = linalg.index 1 : index
        %58 = linalg.index 2 : index
        %59 = arith.subi %c1, %57 : index
        %extracted = tensor.extract %50[%56, %55, %59, %58] : tensor<2x4x2x8xf32>
        %60 = arith.negf %extracted : f32
        %61 = arith.cmpi eq, %59, %c1 : index
        %62 = arith.select %61, %60, %extracted : f32
        %63 = arith.mulf %62, %in_2 : f32
        %64 = arith.mulf %in, %in_1 : f32
        %65 = arith.addf %64, %63 : f32
        linalg.yield %65 : f32
      } -> tensor<8x2x8xf32>
      iree_tensor_ext.dispatch.tensor.store %53, %arg14, offsets = [0, 0, 0], sizes = [8, 2, 8], strides = [1, 1, 1] : tensor<8x2x8xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x2x8xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %22 = flow.tensor.reshape %21 : tensor<8x2x8xf32> -> tensor<2x4x16xf32>
    %23 = tensor.empty() : tensor<2x16x4x16xf32>
    %24 = flow.dispatch.workgroups(%1, %23) : (tensor<2x15x4x16xf32>, tensor<2x16x4x16xf32>) -> %23 =
        (%arg12: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x15x4x16xf32>>, %arg13: !iree_tensor_ext.dispatch.tensor<readwrite:tensor<2x16x4x16xf32>>) {
      %50 = iree_tensor_ext.dispatch.tensor.load %arg12, offsets = [0, 0, 0, 0], sizes = [2, 15, 4, 16], strides = [1, 1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x15x4x16xf32>> -> tensor<2x15x4x16xf32>
      iree_tensor_ext.dispatch.tensor.store %50, %arg13, offsets = [0, 0, 0, 0], sizes = [2, 15, 4, 16], strides = [1, 1, 1, 1] : tensor<2x15x4x16xf32> -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<2x16x4x16xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %25 = flow.dispatch.workgroups(%22, %24) : (tensor<2x4x16xf32>, tensor<2x16x4x16xf32>) -> %24 =
        (%arg12: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x4x16xf32>>, %arg13: !iree_tensor_ext.dispatch.tensor<readwrite:tensor<2x16x4x16xf32>>) {
      %50 = iree_tensor_ext.dispatch.tensor.load %arg12, offsets = [0, 0, 0], sizes = [2, 4, 16], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x4x16xf32>> -> tensor<2x4x16xf32>
      iree_tensor_ext.dispatch.tensor.store %50, %arg13, offsets = [0, 15, 0, 0], sizes = [2, 1, 4, 16], strides = [1, 1, 1, 1] : tensor<2x4x16xf32> -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<2x16x4x16xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %26 = flow.dispatch.workgroups(%13, %6) : (tensor<2x64xf32>, tensor<64x64xf32>) -> tensor<2x64xf32> =
        (%arg12: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x64xf32>>, %arg13: !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x64xf32>>, %arg14: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x64xf32>>) {
      %cst = arith.constant 0.000000e+00 : f32
      %50 = iree_tensor_ext.dispatch.tensor.load %arg12, offsets = [0, 0], sizes = [2, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x64xf32>> -> tensor<2x64xf32>
      %51 = iree_tensor_ext.dispatch.tensor.load %arg13, offsets = [0, 0], sizes = [64, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x64xf32>> -> tensor<64x64xf32>
      %52 = tensor.empty() : tensor<2x64xf32>
      %53 = linalg.fill ins(%cst : f32) outs(%52 : tensor<2x64xf32>) -> tensor<2x64xf32>
      %54 = linalg.matmul ins(%50, %51 : tensor<2x64xf32>, tensor<64x64xf32>) outs(%53 : tensor<2x64xf32>) -> tensor<2x64xf32>
      iree_tensor_ext.dispatch.tensor.store %54, %arg14, offsets = [0, 0], sizes = [2, 64], strides = [1, 1] : tensor<2x64xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x64xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %27 = flow.dispatch.workgroups(%2, %23) : (tensor<2x15x4x16xf32>, tensor<2x16x4x16xf32>) -> %23 =
        (%arg12: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x15x4x16xf32>>, %arg13: !iree_tensor_ext.dispatch.tensor<readwrite:tensor<2x16x4x16xf32>>) {
      %50 = iree_tensor_ext.dispatch.tensor.load %arg12, offsets = [0, 0, 0, 0], sizes = [2, 15, 4, 16], strides = [1, 1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x15x4x16xf32>> -> tensor<2x15x4x16xf32>
      iree_tensor_ext.dispatch.tensor.store %50, %arg13, offsets = [0, 0, 0, 0], sizes = [2, 15, 4, 16], strides = [1, 1, 1, 1] : tensor<2x15x4x16xf32> -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<2x16x4x16xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %28 = flow.tensor.reshape %26 : tensor<2x64xf32> -> tensor<2x4x16xf32>
    %29 = flow.dispatch.workgroups(%28, %27) : (tensor<2x4x16xf32>, tensor<2x16x4x16xf32>) -> %27 =
        (%arg12: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x4x16xf32>>, %arg13: !iree_tensor_ext.dispatch.tensor<readwrite:tensor<2x16x4x16xf32>>) {
      %50 = iree_tensor_ext.dispatch.tensor.load %arg12, offsets = [0, 0, 0], sizes = [2, 4, 16], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x4x16xf32>> -> tensor<2x4x16xf32>
      iree_tensor_ext.dispatch.tensor.store %50, %arg13, offsets = [0, 15, 0, 0], sizes = [2, 1, 4, 16], strides = [1, 1, 1, 1] : tensor<2x4x16xf32> -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<2x16x4x16xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %30 = flow.tensor.reshape %25 : tensor<2x16x4x16xf32> -> tensor<2x16x64xf32>
    %31 = flow.dispatch.workgroups(%30) : (tensor<2x16x64xf32>) -> tensor<2x64x16xf32> =
        (%arg12: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x16x64xf32>>, %arg13: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x64x16xf32>>) {
      %50 = iree_tensor_ext.dispatch.tensor.load %arg12, offsets = [0, 0, 0], sizes = [2, 16, 64], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x16x64xf32>> -> tensor<2x16x64xf32>
      %51 = tensor.empty() : tensor<2x64x16xf32>
      %52 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2, d1)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%50 : tensor<2x16x64xf32>) outs(%51 : tensor<2x64x16xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<2x64x16xf32>
      iree_tensor_ext.dispatch.tensor.store %52, %arg13, offsets = [0, 0, 0], sizes = [2, 64, 16], strides = [1, 1, 1] : tensor<2x64x16xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x64x16xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %32 = flow.tensor.reshape %17 : tensor<8x2x8xf32> -> tensor<8x1x16xf32>
    %33 = flow.tensor.reshape %31 : tensor<2x64x16xf32> -> tensor<8x16x16xf32>
    %34 = flow.dispatch.workgroups(%32, %33) : (tensor<8x1x16xf32>, tensor<8x16x16xf32>) -> tensor<8x1x16xf32> =
        (%arg12: !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x1x16xf32>>, %arg13: !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x16x16xf32>>, %arg14: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x1x16xf32>>) {
      %cst = arith.constant 0.000000e+00 : f32
      %cst_0 = arith.constant 4.000000e+00 : f32
      %50 = iree_tensor_ext.dispatch.tensor.load %arg12, offsets = [0, 0, 0], sizes = [8, 1, 16], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x1x16xf32>> -> tensor<8x1x16xf32>
      %51 = iree_tensor_ext.dispatch.tensor.load %arg13, offsets = [0, 0, 0], sizes = [8, 16, 16], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x16x16xf32>> -> tensor<8x16x16xf32>
      %52 = tensor.empty() : tensor<8x1x16xf32>
      %53 = linalg.fill ins(%cst : f32) outs(%52 : tensor<8x1x16xf32>) -> tensor<8x1x16xf32>
      %54 = linalg.batch_matmul ins(%50, %51 : tensor<8x1x16xf32>, tensor<8x16x16xf32>) outs(%53 : tensor<8x1x16xf32>) -> tensor<8x1x16xf32>
      %55 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%54 : tensor<8x1x16xf32>) outs(%52 : tensor<8x1x16xf32>) {
      ^bb0(%in: f32, %out: f32):
        %56 = arith.divf %in, %cst_0 : f32
        linalg.yield %56 : f32
      } -> tensor<8x1x16xf32>
      iree_tensor_ext.dispatch.tensor.store %55, %arg14, offsets = [0, 0, 0], sizes = [8, 1, 16], strides = [1, 1, 1] : tensor<8x1x16xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x1x16xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %35 = flow.tensor.reshape %34 : tensor<8x1x16xf32> -> tensor<2x4x1x16xf32>
    %36 = flow.dispatch.workgroups(%35) : (tensor<2x4x1x16xf32>) -> tensor<2x4x1x16xf32> =
        (%arg12: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x4x1x16xf32>>, %arg13: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x4x1x16xf32>>) {
      %50 = iree_tensor_ext.dispatch.tensor.load %arg12, offsets = [0, 0, 0, 0], sizes = [2, 4, 1, 16], strides = [1, 1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x4x1x16xf32>> -> tensor<2x4x1x16xf32>
      %51 = tensor.empty() : tensor<2x4x1x16xf32>
      %52 = linalg.softmax dimension(3) ins(%50 : tensor<2x4x1x16xf32>) outs(%51 : tensor<2x4x1x16xf32>) -> tensor<2x4x1x16xf32>
      iree_tensor_ext.dispatch.tensor.store %52, %arg13, offsets = [0, 0, 0, 0], sizes = [2, 4, 1, 16], strides = [1, 1, 1, 1] : tensor<2x4x1x16xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x4x1x16xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %37 = flow.tensor.reshape %29 : tensor<2x16x4x16xf32> -> tensor<2x16x64xf32>
    %38 = flow.dispatch.workgroups(%37) : (tensor<2x16x64xf32>) -> tensor<2x64x16xf32> =
        (%arg12: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x16x64xf32>>, %arg13: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x64x16xf32>>) {
      %50 = iree_tensor_ext.dispatch.tensor.load %arg12, offsets = [0, 0, 0], sizes = [2, 16, 64], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x16x64xf32>> -> tensor<2x16x64xf32>
      %51 = tensor.empty() : tensor<2x64x16xf32>
      %52 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2, d1)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%50 : tensor<2x16x64xf32>) outs(%51 : tensor<2x64x16xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<2x64x16xf32>
      iree_tensor_ext.dispatch.tensor.store %52, %arg13, offsets = [0, 0, 0], sizes = [2, 64, 16], strides = [1, 1, 1] : tensor<2x64x16xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x64x16xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %39 = flow.tensor.reshape %38 : tensor<2x64x16xf32> -> tensor<8x16x16xf32>
    %40 = flow.tensor.reshape %36 : tensor<2x4x1x16xf32> -> tensor<8x16x1xf32>
    %41 = flow.dispatch.workgroups(%39, %40) : (tensor<8x16x16xf32>, tensor<8x16x1xf32>) -> tensor<8x16x1xf32> =
        (%arg12: !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x16x16xf32>>, %arg13: !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x16x1xf32>>, %arg14: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x16x1xf32>>) {
      %cst = arith.constant 0.000000e+00 : f32
      %50 = iree_tensor_ext.dispatch.tensor.load %arg12, offsets = [0, 0, 0], sizes = [8, 16, 16], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x16x16xf32>> -> tensor<8x16x16xf32>
      %51 = iree_tensor_ext.dispatch.tensor.load %arg13, offsets = [0, 0, 0], sizes = [8, 16, 1], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x16x1xf32>> -> tensor<8x16x1xf32>
      %52 = tensor.empty() : tensor<8x16x1xf32>
      %53 = linalg.fill ins(%cst : f32) outs(%52 : tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
      %54 = linalg.batch_matmul ins(%50, %51 : tensor<8x16x16xf32>, tensor<8x16x1xf32>) outs(%53 : tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
      iree_tensor_ext.dispatch.tensor.store %54, %arg14, offsets = [0, 0, 0], sizes = [8, 16, 1], strides = [1, 1, 1] : tensor<8x16x1xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x16x1xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %42 = flow.tensor.reshape %41 : tensor<8x16x1xf32> -> tensor<2x64xf32>
    %43 = flow.dispatch.workgroups(%42, %7, %12) : (tensor<2x64xf32>, tensor<64x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32> =
        (%arg12: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x64xf32>>, %arg13: !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x64xf32>>, %arg14: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x64xf32>>, %arg15: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x64xf32>>) {
      %cst = arith.constant 0.000000e+00 : f32
      %50 = iree_tensor_ext.dispatch.tensor.load %arg12, offsets = [0, 0], sizes = [2, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x64xf32>> -> tensor<2x64xf32>
      %51 = iree_tensor_ext.dispatch.tensor.load %arg13, offsets = [0, 0], sizes = [64, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x64xf32>> -> tensor<64x64xf32>
      %52 = iree_tensor_ext.dispatch.tensor.load %arg14, offsets = [0, 0], sizes = [2, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x64xf32>> -> tensor<2x64xf32>
      %53 = tensor.empty() : tensor<2x64xf32>
      %54 = linalg.fill ins(%cst : f32) outs(%53 : tensor<2x64xf32>) -> tensor<2x64xf32>
      %55 = linalg.matmul ins(%50, %51 : tensor<2x64xf32>, tensor<64x64xf32>) outs(%54 : tensor<2x64xf32>) -> tensor<2x64xf32>
      %56 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%52, %55 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%53 : tensor<2x64xf32>) {
      ^bb0(%in: f32, %in_0: f32, %out: f32):
        %57 = arith.addf %in, %in_0 : f32
        linalg.yield %57 : f32
      } -> tensor<2x64xf32>
      iree_tensor_ext.dispatch.tensor.store %56, %arg15, offsets = [0, 0], sizes = [2, 64], strides = [1, 1] : tensor<2x64xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x64xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %44 = flow.dispatch.workgroups(%43, %8) : (tensor<2x64xf32>, tensor<64xf32>) -> tensor<2x64xf32> =
        (%arg12: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x64xf32>>, %arg13: !iree_tensor_ext.dispatch.tensor<readonly:tensor<64xf32>>, %arg14: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x64xf32>>) {
      %cst = arith.constant 0.000000e+00 : f32
      %cst_0 = arith.constant 6.400000e+01 : f32
      %cst_1 = arith.constant 9.99999997E-7 : f32
      %50 = iree_tensor_ext.dispatch.tensor.load %arg12, offsets = [0, 0], sizes = [2, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x64xf32>> -> tensor<2x64xf32>
      %51 = iree_tensor_ext.dispatch.tensor.load %arg13, offsets = [0], sizes = [64], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<64xf32>> -> tensor<64xf32>
      %52 = tensor.empty() : tensor<2x64xf32>
      %53 = tensor.empty() : tensor<2xf32>
      %54 = linalg.fill ins(%cst : f32) outs(%53 : tensor<2xf32>) -> tensor<2xf32>
      %55 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%50 : tensor<2x64xf32>) outs(%54 : tensor<2xf32>) {
      ^bb0(%in: f32, %out: f32):
        %57 = arith.mulf %in, %in : f32
        %58 = arith.addf %out, %57 : f32
        linalg.yield %58 : f32
      } -> tensor<2xf32>
      %56 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%50, %55, %51 : tensor<2x64xf32>, tensor<2xf32>, tensor<64xf32>) outs(%52 : tensor<2x64xf32>) {
      ^bb0(%in: f32, %in_2: f32, %in_3: f32, %out: f32):
        %57 = arith.divf %in_2, %cst_0 : f32
        %58 = arith.addf %57, %cst_1 : f32
        %59 = math.rsqrt %58 : f32
        %60 = arith.mulf %in, %59 : f32
        %61 = arith.mulf %60, %in_3 : f32
        linalg.yield %61 : f32
      } -> tensor<2x64xf32>
      iree_tensor_ext.dispatch.tensor.store %56, %arg14, offsets = [0, 0], sizes = [2, 64], strides = [1, 1] : tensor<2x64xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x64xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %45 = flow.dispatch.workgroups(%44, %10) : (tensor<2x64xf32>, tensor<64x128xf32>) -> tensor<2x128xf32> =
        (%arg12: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x64xf32>>, %arg13: !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x128xf32>>, %arg14: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x128xf32>>) {
      %cst = arith.constant 0.000000e+00 : f32
      %50 = iree_tensor_ext.dispatch.tensor.load %arg12, offsets = [0, 0], sizes = [2, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x64xf32>> -> tensor<2x64xf32>
      %51 = iree_tensor_ext.dispatch.tensor.load %arg13, offsets = [0, 0], sizes = [64, 128], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x128xf32>> -> tensor<64x128xf32>
      %52 = tensor.empty() : tensor<2x128xf32>
      %53 = linalg.fill ins(%cst : f32) outs(%52 : tensor<2x128xf32>) -> tensor<2x128xf32>
      %54 = linalg.matmul ins(%50, %51 : tensor<2x64xf32>, tensor<64x128xf32>) outs(%53 : tensor<2x128xf32>) -> tensor<2x128xf32>
      iree_tensor_ext.dispatch.tensor.store %54, %arg14, offsets = [0, 0], sizes = [2, 128], strides = [1, 1] : tensor<2x128xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x128xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %46 = flow.dispatch.workgroups(%44, %9, %45) : (tensor<2x64xf32>, tensor<64x128xf32>, tensor<2x128xf32>) -> tensor<2x128xf32> =
        (%arg12: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x64xf32>>, %arg13: !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x128xf32>>, %arg14: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x128xf32>>, %arg15: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x128xf32>>) {
      %cst = arith.constant 0.000000e+00 : f32
      %cst_0 = arith.constant 1.000000e+00 : f32
      %50 = iree_tensor_ext.dispatch.tensor.load %arg12, offsets = [0, 0], sizes = [2, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x64xf32>> -> tensor<2x64xf32>
      %51 = iree_tensor_ext.dispatch.tensor.load %arg13, offsets = [0, 0], sizes = [64, 128], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x128xf32>> -> tensor<64x128xf32>
      %52 = iree_tensor_ext.dispatch.tensor.load %arg14, offsets = [0, 0], sizes = [2, 128], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x128xf32>> -> tensor<2x128xf32>
      %53 = tensor.empty() : tensor<2x128xf32>
      %54 = linalg.fill ins(%cst : f32) outs(%53 : tensor<2x128xf32>) -> tensor<2x128xf32>
      %55 = linalg.matmul ins(%50, %51 : tensor<2x64xf32>, tensor<64x128xf32>) outs(%54 : tensor<2x128xf32>) -> tensor<2x128xf32>
      %56 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%55, %52 : tensor<2x128xf32>, tensor<2x128xf32>) outs(%53 : tensor<2x128xf32>) {
      ^bb0(%in: f32, %in_1: f32, %out: f32):
        %57 = arith.negf %in : f32
        %58 = math.exp %57 : f32
        %59 = arith.addf %58, %cst_0 : f32
        %60 = arith.divf %cst_0, %59 : f32
        %61 = arith.mulf %in, %60 : f32
        %62 = arith.mulf %61, %in_1 : f32
        linalg.yield %62 : f32
      } -> tensor<2x128xf32>
      iree_tensor_ext.dispatch.tensor.store %56, %arg15, offsets = [0, 0], sizes = [2, 128], strides = [1, 1] : tensor<2x128xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x128xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %47 = flow.dispatch.workgroups(%46, %11, %43) : (tensor<2x128xf32>, tensor<128x64xf32>, tensor<2x64xf32>) -> tensor<2x64xf32> =
        (%arg12: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x128xf32>>, %arg13: !iree_tensor_ext.dispatch.tensor<readonly:tensor<128x64xf32>>, %arg14: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x64xf32>>, %arg15: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x64xf32>>) {
      %cst = arith.constant 0.000000e+00 : f32
      %50 = iree_tensor_ext.dispatch.tensor.load %arg12, offsets = [0, 0], sizes = [2, 128], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x128xf32>> -> tensor<2x128xf32>
      %51 = iree_tensor_ext.dispatch.tensor.load %arg13, offsets = [0, 0], sizes = [128, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<128x64xf32>> -> tensor<128x64xf32>
      %52 = iree_tensor_ext.dispatch.tensor.load %arg14, offsets = [0, 0], sizes = [2, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x64xf32>> -> tensor<2x64xf32>
      %53 = tensor.empty() : tensor<2x64xf32>
      %54 = linalg.fill ins(%cst : f32) outs(%53 : tensor<2x64xf32>) -> tensor<2x64xf32>
      %55 = linalg.matmul ins(%50, %51 : tensor<2x128xf32>, tensor<128x64xf32>) outs(%54 : tensor<2x64xf32>) -> tensor<2x64xf32>
      %56 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%52, %55 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%53 : tensor<2x64xf32>) {
      ^bb0(%in: f32, %in_0: f32, %out: f32):
        %57 = arith.addf %in, %in_0 : f32
        linalg.yield %57 : f32
      } -> tensor<2x64xf32>
      iree_tensor_ext.dispatch.tensor.store %56, %arg15, offsets = [0, 0], sizes = [2, 64], strides = [1, 1] : tensor<2x64xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x64xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %48 = flow.tensor.reshape %47 : tensor<2x64xf32> -> tensor<2x1x64xf32>
    %49 = hal.tensor.export %48 "output0" : tensor<2x1x64xf32> -> !hal.buffer_view
    util.return %49 : !hal.buffer_view
  }
}