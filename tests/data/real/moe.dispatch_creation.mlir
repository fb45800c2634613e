module @jit_moe {
  util.func public @main(%arg0: !hal.buffer_view, %arg1: !hal.buffer_view, %arg2: !hal.buffer_view, %arg3: !hal.buffer_view, %arg4: !hal.buffer_view, %arg5: !hal.buffer_view) -> !hal.buffer_view attributes {iree.abi.stub, iree.reflection = {iree.abi.declaration = "sync func @main(%input0: tensor<2x8x64xf32>, %input1: tensor<64x4xf32>, %input2: tensor<4x64x128xf32>, %input3: tensor<4x128xf32>, %input4: tensor<4x128x64xf32>, %input5: tensor<4x64xf32>) -> (%output0: tensor<2x8x64xf32>)"}} {
    %cst = arith.constant dense<"0x0000803F0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F000000000000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F00000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F00000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F00000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F"> : tensor<16x16xf32>
    %0 = hal.tensor.import %arg0 "input0" : !hal.buffer_view -> tensor<2x8x64xf32>
    %1 = hal.tensor.import %arg1 "input1" : !hal.buffer_view -> tensor<64x4xf32>
    %2 = hal.tensor.import %arg2 "input2" : !hal.buffer_view -> tensor<4x64x128xf32>
    %3 = hal.tensor.import %arg3 "input3" : !hal.buffer_view -> tensor<4x128xf32>
    %4 = hal.tensor.import %arg4 "input4" : !hal.buffer_view -> tensor<4x128x64xf32>
    %5 = hal.tensor.import %arg5 "input5" : !hal.buffer_view -> tensor<4x64xf32>
    %6 = flow.tensor.reshape %0 : tensor<2x8x64xf32> -> tensor<16x64xf32>
    %7 = flow.dispatch.workgroups(%6, %1) : (tensor<16x64xf32>, tensor<64x4xf32>) -> tensor<16x4xf32> =
        (%arg6: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x64xf32>>, %arg7: !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x4xf32>>, %arg8: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16x4xf32>>) {
      %cst_0 = arith.constant 0.000000e+00 : f32
      %25 = iree_tensor_ext.dispatch.tensor.load %arg6, offsets = [0, 0], sizes = [16, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x64xf32>> -> tensor<16x64xf32>
      %26 = iree_tensor_ext.dispatch.tensor.load %arg7, offsets = [0, 0], sizes = [64, 4], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x4xf32>> -> tensor<64x4xf32>
      %27 = tensor.empty() : tensor<16x4xf32>
      %28 = linalg.fill ins(%cst_0 : f32) outs(%27 : tensor<16x4xf32>) -> tensor<16x4xf32>
      %29 = linalg.matmul ins(%25, %26 : tensor<16x64xf32>, tensor<64x4xf32>) outs(%28 : tensor<16x4xf32>) -> tensor<16x4xf32>
      iree_tensor_ext.dispatch.tensor.store %29, %arg8, offsets = [0, 0], sizes = [16, 4], strides = [1, 1] : tensor<16x4xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16x4xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %8 = flow.dispatch.workgroups(%7) : (tensor<16x4xf32>) -> tensor<16x4xf32> =
        (%arg6: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x4xf32>>, %arg7: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16x4xf32>>) {
      %25 = iree_tensor_ext.dispatch.tensor.load %arg6, offsets = [0, 0], sizes = [16, 4], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x4xf32>> -> tensor<16x4xf32>
      %26 = tensor.empty() : tensor<16x4xf32>
      %27 = linalg.softmax dimension(1) ins(%25 : tensor<16x4xf32>) outs(%26 : tensor<16x4xf32>) -> tensor<16x4xf32>
      iree_tensor_ext.dispatch.tensor.store %27, %arg7, offsets = [0, 0], sizes = [16, 4], strides = [1, 1] : tensor<16x4xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16x4xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %9 = flow.dispatch.workgroups(%8) : (tensor<16x4xf32>) -> tensor<16x4xf32> =
        (%arg6: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x4xf32>>, %arg7: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16x4xf32>>) {
      %cst_0 = arith.constant 0xFF800000 : f32
      %c0_i32 = arith.constant 0 : i32
      %25 = iree_tensor_ext.dispatch.tensor.load %arg6, offsets = [0, 0], sizes = [16, 4], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x4xf32>> -> tensor<16x4xf32>
      %26 = tensor.empty() : tensor<16x4xf32>
      %27 = tensor.empty() : tensor<16xi32>
      %28 = tensor.empty() : tensor<16xf32>
      %29 = linalg.fill ins(%c0_i32 : i32) outs(%27 : tensor<16xi32>) -> tensor<16xi32>
      %30 = linalg.fill ins(%cst_0 : f32) outs(%28 : tensor<16xf32>) -> tensor<16xf32>
      %31:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%25 : tensor<16x4xf32>) outs(%30, %29 : tensor<16xf32>, tensor<16xi32>) {
      ^bb0(%in: f32, %out: f32, %out_1: i32):
        %33 = linalg.index 1 : index
        %34 = arith.index_cast %33 : index to i32
        %35 = arith.cmpf ogt, %out, %in : f32
        %36 = arith.cmpf une, %out, %out : f32
        %37 = arith.ori %35, %36 : i1
        %38 = arith.cmpf oeq, %out, %in : f32
        %39 = arith.cmpi slt, %out_1, %34 : i32
        %40 = arith.andi %38, %39 : i1
        %41 = arith.ori %37, %40 : i1
        %42 = arith.select %37, %out, %in : f32
        %43 = arith.select %41, %out_1, %34 : i32
        linalg.yield %42, %43 : f32, i32
      } -> (tensor<16xf32>, tensor<16xi32>)
      %32 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%31#1 : tensor<16xi32>) outs(%26 : tensor<16x4xf32>) {
      ^bb0(%in: i32, %out: f32):
        %33 = linalg.index 1 : index
        %34 = arith.index_cast %33 : index to i32
        %35 = arith.cmpi eq, %in, %34 : i32
        %36 = arith.uitofp %35 : i1 to f32
        linalg.yield %36 : f32
      } -> tensor<16x4xf32>
      iree_tensor_ext.dispatch.tensor.store %32, %arg7, offsets = [0, 0], sizes = [16, 4], strides = [1, 1] : tensor<16x4xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16x4xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %10 = flow.dispatch.workgroups(%cst, %9) : (tensor<16x16xf32>, tensor<16x4xf32>) -> tensor<16x4xf32> =
        (%arg6: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x16xf32>>, %arg7: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x4xf32>>, %arg8: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16x4xf32>>) {
      %cst_0 = arith.constant 0.000000e+00 : f32
      %cst_1 = arith.constant 1.000000e+00 : f32
      %25 = iree_tensor_ext.dispatch.tensor.load %arg6, offsets = [0, 0], sizes = [16, 16], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x16xf32>> -> tensor<16x16xf32>
      %26 = iree_tensor_ext.dispatch.tensor.load %arg7, offsets = [0, 0], sizes = [16, 4], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x4xf32>> -> tensor<16x4xf32>
      %27 = tensor.empty() : tensor<16x4xf32>
      %28 = linalg.fill ins(%cst_0 : f32) outs(%27 : tensor<16x4xf32>) -> tensor<16x4xf32>
      %29 = linalg.matmul ins(%25, %26 : tensor<16x16xf32>, tensor<16x4xf32>) outs(%28 : tensor<16x4xf32>) -> tensor<16x4xf32>
      %30 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%29 : tensor<16x4xf32>) outs(%27 : tensor<16x4xf32>) {
      ^bb0(%in: f32, %out: f32):
        %31 = arith.subf %in, %cst_1 : f32
        linalg.yield %31 : f32
      } -> tensor<16x4xf32>
      iree_tensor_ext.dispatch.tensor.store %30, %arg8, offsets = [0, 0], sizes = [16, 4], strides = [1, 1] : tensor<16x4xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16x4xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %11 = flow.dispatch.workgroups(%10, %9) : (tensor<16x4xf32>, tensor<16x4xf32>) -> tensor<16xf32> =
        (%arg6: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x4xf32>>, %arg7: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x4xf32>>, %arg8: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16xf32>>) {
      %cst_0 = arith.constant 0.000000e+00 : f32
      %25 = iree_tensor_ext.dispatch.tensor.load %arg6, offsets = [0, 0], sizes = [16, 4], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x4xf32>> -> tensor<16x4xf32>
      %26 = iree_tensor_ext.dispatch.tensor.load %arg7, offsets = [0, 0], sizes = [16, 4], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x4xf32>> -> tensor<16x4xf32>
      %27 = tensor.empty() : tensor<16xf32>
      %28 = linalg.fill ins(%cst_0 : f32) outs(%27 : tensor<16xf32>) -> tensor<16xf32>
      %29 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%25, %26 : tensor<16x4xf32>, tensor<16x4xf32>) outs(%28 : tensor<16xf32>) {
      ^bb0(%in: f32, %in_1: f32, %out: f32):
        %30 = arith.mulf %in, %in_1 : f32
        %31 = arith.addf %out, %30 : f32
        linalg.yield %31 : f32
      } -> tensor<16xf32>
      iree_tensor_ext.dispatch.tensor.store %29, %arg8, offsets = [0], sizes = [16], strides = [1] : tensor<16xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %12:2 = flow.dispatch.workgroups(%9, %11) : (tensor<16x4xf32>, tensor<16xf32>) -> (tensor<16x4x8xf32>, tensor<4x8x16xf32>) =
        (%arg6: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x4xf32>>, %arg7: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16xf32>>, %arg8: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16x4x8xf32>>, %arg9: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4x8x16xf32>>) {
      %25 = iree_tensor_ext.dispatch.tensor.load %arg6, offsets = [0, 0], sizes = [16, 4], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x4xf32>> -> tensor<16x4xf32>
      %26 = iree_tensor_ext.dispatch.tensor.load %arg7, offsets = [0], sizes = [16], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16xf32>> -> tensor<16xf32>
      %27 = tensor.empty() : tensor<4x8x16xf32>
      %28 = tensor.empty() : tensor<16x4x8xf32>
      %29:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d1, d2, d0)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%25, %26 : tensor<16x4xf32>, tensor<16xf32>) outs(%28, %27 : tensor<16x4x8xf32>, tensor<4x8x16xf32>) {
      ^bb0(%in: f32, %in_0: f32, %out: f32, %out_1: f32):
        %30 = linalg.index 2 : index
        %31 = arith.fptosi %in_0 : f32 to i32
        %32 = arith.index_cast %30 : index to i32
        %33 = arith.cmpi eq, %31, %32 : i32
        %34 = arith.uitofp %33 : i1 to f32
        %35 = arith.mulf %in, %34 : f32
        linalg.yield %35, %35 : f32, f32
      } -> (tensor<16x4x8xf32>, tensor<4x8x16xf32>)
      iree_tensor_ext.dispatch.tensor.store %29#0, %arg8, offsets = [0, 0, 0], sizes = [16, 4, 8], strides = [1, 1, 1] : tensor<16x4x8xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16x4x8xf32>>
      iree_tensor_ext.dispatch.tensor.store %29#1, %arg9, offsets = [0, 0, 0], sizes = [4, 8, 16], strides = [1, 1, 1] : tensor<4x8x16xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4x8x16xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %13 = flow.tensor.reshape %12#1 : tensor<4x8x16xf32> -> tensor<32x16xf32>
    %14 = flow.dispatch.workgroups(%13, %6) : (tensor<32x16xf32>, tensor<16x64xf32>) -> tensor<32x64xf32> =
        (%arg6: !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x16xf32>>, %arg7: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x64xf32>>, %arg8: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x64xf32>>) {
      %cst_0 = arith.constant 0.000000e+00 : f32
      %25 = iree_tensor_ext.dispatch.tensor.load %arg6, offsets = [0, 0], sizes = [32, 16], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x16xf32>> -> tensor<32x16xf32>
      %26 = iree_tensor_ext.dispatch.tensor.load %arg7, offsets = [0, 0], sizes = [16, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x64xf32>> -> tensor<16x64xf32>
      %27 = tensor.empty() : tensor<32x64xf32>
      %28 = linalg.fill ins(%cst_0 : f32) outs(%27 : tensor<32x64xf32>) -> tensor<32x64xf32>
      %29 = linalg.matmul ins(%25, %26 : tensor<32x16xf32>, tensor<16x64xf32>) outs(%28 : tensor<32x64xf32>) -> tensor<32x64xf32>
      iree_tensor_ext.dispatch.tensor.store %29, %arg8, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : tensor<32x64xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x64xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %15 = flow.tensor.reshape %14 : tensor<32x64xf32> -> tensor<4x8x64xf32>
    %16 = flow.dispatch.workgroups(%15, %2, %3) : (tensor<4x8x64xf32>, tensor<4x64x128xf32>, tensor<4x128xf32>) -> tensor<4x8x128xf32> =
        (%arg6: !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x8x64xf32>>, %arg7: !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x64x128xf32>>, %arg8: !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x128xf32>>, %arg9: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4x8x128xf32>>) {
      %cst_0 = arith.constant 0.000000e+00 : f32
      %25 = iree_tensor_ext.dispatch.tensor.load %arg6, offsets = [0, 0, 0], sizes = [4, 8, 64], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x8x64xf32>> -> tensor<4x8x64xf32>
      %26 = iree_tensor_ext.dispatch.tensor.load %arg7, offsets = [0, 0, 0], sizes = [4, 64, 128], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x64x128xf32>> -> tensor<4x64x128xf32>
      %27 = iree_tensor_ext.dispatch.tensor.load %arg8, offsets = [0, 0], sizes = [4, 128], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x128xf32>> -> tensor<4x128xf32>
      %28 = tensor.empty() : tensor<4x8x128xf32>
      %29 = linalg.fill ins(%cst_0 : f32) outs(%28 : tensor<4x8x128xf32>) -> tensor<4x8x128xf32>
      %30 = linalg.batch_matmul ins(%25, %26 : tensor<4x8x64xf32>, tensor<4x64x128xf32>) outs(%29 : tensor<4x8x128xf32>) -> tensor<4x8x128xf32>
      %31 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%30, %27 : tensor<4x8x128xf32>, tensor<4x128xf32>) outs(%28 : tensor<4x8x128xf32>) {
      ^bb0(%in: f32, %in_1: f32, %out: f32):
        %32 = arith.addf %in, %in_1 : f32
        %33 = arith.maximumf %32, %cst_0 : f32
        linalg.yield %33 : f32
      } -> tensor<4x8x128xf32>
      iree_tensor_ext.dispatch.tensor.store %31, %arg9, offsets = [0, 0, 0], sizes = [4, 8, 128], strides = [1, 1, 1] : tensor<4x8x128xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4x8x128xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %17 = flow.dispatch.workgroups(%16, %4, %5) : (tensor<4x8x128xf32>, tensor<4x128x64xf32>, tensor<4x64xf32>) -> tensor<8x4x64xf32> =
        (%arg6: !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x8x128xf32>>, %arg7: !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x128x64xf32>>, %arg8: !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x64xf32>>, %arg9: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x4x64xf32>>) {
      %cst_0 = arith.constant 0.000000e+00 : f32
      %25 = iree_tensor_ext.dispatch.tensor.load %arg6, offsets = [0, 0, 0], sizes = [4, 8, 128], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x8x128xf32>> -> tensor<4x8x128xf32>
      %26 = iree_tensor_ext.dispatch.tensor.load %arg7, offsets = [0, 0, 0], sizes = [4, 128, 64], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x128x64xf32>> -> tensor<4x128x64xf32>
      %27 = iree_tensor_ext.dispatch.tensor.load %arg8, offsets = [0, 0], sizes = [4, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x64xf32>> -> tensor<4x64xf32>
      %28 = tensor.empty() : tensor<8x4x64xf32>
      %29 = tensor.empty() : tensor<4x8x64xf32>
      %30 = linalg.fill ins(%cst_0 : f32) outs(%29 : tensor<4x8x64xf32>) -> tensor<4x8x64xf32>
      %31 = linalg.batch_matmul ins(%25, %26 : tensor<4x8x128xf32>, tensor<4x128x64xf32>) outs(%30 : tensor<4x8x64xf32>) -> tensor<4x8x64xf32>
      %32 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d0, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%31, %27 : tensor<4x8x64xf32>, tensor<4x64xf32>) outs(%28 : tensor<8x4x64xf32>) {
      ^bb0(%in: f32, %in_1: f32, %out: f32):
        %33 = arith.addf %in, %in_1 : f32
        linalg.yield %33 : f32
      } -> tensor<8x4x64xf32>
      iree_tensor_ext.dispatch.tensor.store %32, %arg9, offsets = [0, 0, 0], sizes = [8, 4, 64], strides = [1, 1, 1] : tensor<8x4x64xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x4x64xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %18 = flow.dispatch.workgroups(%12#0) : (tensor<16x4x8xf32>) -> tensor<16x8x4xf32> =
        (%arg6: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x4x8xf32>>, %arg7: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16x8x4xf32>>) {
      %25 = iree_tensor_ext.dispatch.tensor.load %arg6, offsets = [0, 0, 0], sizes = [16, 4, 8], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x4x8xf32>> -> tensor<16x4x8xf32>
      %26 = tensor.empty() : tensor<16x8x4xf32>
      %27 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2, d1)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%25 : tensor<16x4x8xf32>) outs(%26 : tensor<16x8x4xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<16x8x4xf32>
      iree_tensor_ext.dispatch.tensor.store %27, %arg7, offsets = [0, 0, 0], sizes = [16, 8, 4], strides = [1, 1, 1] : tensor<16x8x4xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16x8x4xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %19 = flow.tensor.reshape %18 : tensor<16x8x4xf32> -> tensor<16x32xf32>
    %20 = flow.tensor.reshape %17 : tensor<8x4x64xf32> -> tensor<32x64xf32>
    %21 = flow.dispatch.workgroups(%19, %20) : (tensor<16x32xf32>, tensor<32x64xf32>) -> tensor<16x64xf32> =
        (%arg6: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x32xf32>>, %arg7: !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>>, %arg8: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16x64xf32>>) {
      %cst_0 = arith.constant 0.000000e+00 : f32
      %25 = iree_tensor_ext.dispatch.tensor.load %arg6, offsets = [0, 0], sizes = [16, 32], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x32xf32>> -> tensor<16x32xf32>
      %26 = iree_tensor_ext.dispatch.tensor.load %arg7, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>> -> tensor<32x64xf32>
      %27 = tensor.empty() : tensor<16x64xf32>
      %28 = linalg.fill ins(%cst_0 : f32) outs(%27 : tensor<16x64xf32>) -> tensor<16x64xf32>
      %29 = linalg.matmul ins(%25, %26 : tensor<16x32xf32>, tensor<32x64xf32>) outs(%28 : tensor<16x64xf32>) -> tensor<16x64xf32>
      iree_tensor_ext.dispatch.tensor.store %29, %arg8, offsets = [0, 0], sizes = [16, 64], strides = [1, 1] : tensor<16x64xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16x64xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %22 = flow.dispatch.workgroups(%8, %9, %21) : (tensor<16x4xf32>, tensor<16x4xf32>, tensor<16x64xf32>) -> tensor<16x64xf32> =
        (%arg6: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x4xf32>>, %arg7: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x4xf32>>, %arg8: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x64xf32>>, %arg9: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16x64xf32>>) {
      %cst_0 = arith.constant 0.000000e+00 : f32
      %25 = iree_tensor_ext.dispatch.tensor.load %arg6, offsets = [0, 0], sizes = [16, 4], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x4xf32>> -> tensor<16x4xf32>
      %26 = iree_tensor_ext.dispatch.tensor.load %arg7, offsets = [0, 0], sizes = [16, 4], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x4xf32>> -> tensor<16x4xf32>
      %27 = iree_tensor_ext.dispatch.tensor.load %arg8, offsets = [0, 0], sizes = [16, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x64xf32>> -> tensor<16x64xf32>
      %28 = tensor.empty() : tensor<16x64xf32>
      %29 = tensor.empty() : tensor<16xf32>
      %30 = linalg.fill ins(%cst_0 : f32) outs(%29 : tensor<16xf32>) -> tensor<16xf32>
      %31 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%25, %26 : tensor<16x4xf32>, tensor<16x4xf32>) outs(%30 : tensor<16xf32>) {
      ^bb0(%in: f32, %in_1: f32, %out: f32):
        %33 = arith.mulf %in, %in_1 : f32
        %34 = arith.addf %out, %33 : f32
        linalg.yield %34 : f32
      } -> tensor<16xf32>
      %32 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%27, %31 : tensor<16x64xf32>, tensor<16xf32>) outs(%28 : tensor<16x64xf32>) {
      ^bb0(%in: f32, %in_1: f32, %out: f32):
        %33 = arith.mulf %in, %in_1 : f32
        linalg.yield %33 : f32
      } -> tensor<16x64xf32>
      iree_tensor_ext.dispatch.tensor.store %32, %arg9, offsets = [0, 0], sizes = [16, 64], strides = [1, 1] : tensor<16x64xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16x64xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %23 = flow.tensor.reshape %22 : tensor<16x64xf32> -> tensor<2x8x64xf32>
    %24 = hal.tensor.export %23 "output0" : tensor<2x8x64xf32> -> !hal.buffer_view
    util.return %24 : !hal.buffer_view
  }
}