module @jit_moe2 {
  util.global private @__hoisted_tensor_128xi32 : tensor<128xi32>
  util.initializer {
    %0 = flow.dispatch.workgroups() : () -> tensor<128xi32> =
        (%arg0: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<128xi32>>) {
      %c8 = arith.constant 8 : index
      %1 = tensor.empty() : tensor<128xi32>
      %2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%1 : tensor<128xi32>) {
      ^bb0(%out: i32):
        %3 = linalg.index 0 : index
        %4 = arith.remsi %3, %c8 : index
        %5 = arith.index_cast %4 : index to i32
        linalg.yield %5 : i32
      } -> tensor<128xi32>
      iree_tensor_ext.dispatch.tensor.store %2, %arg0, offsets = [0], sizes = [128], strides = [1] : tensor<128xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<128xi32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    util.global.store %0, @__hoisted_tensor_128xi32 : tensor<128xi32>
    util.return
  }
  util.func public @main(%arg0: !hal.buffer_view, %arg1: !hal.buffer_view, %arg2: !hal.buffer_view, %arg3: !hal.buffer_view) -> !hal.buffer_view attributes {iree.abi.stub, iree.reflection = {iree.abi.declaration = "sync func @main(%input0: tensor<2x8x32xf32>, %input1: tensor<32x8xf32>, %input2: tensor<8x32x64xf32>, %input3: tensor<8x64x32xf32>) -> (%output0: tensor<2x8x32xf32>)"}} {
    %cst = arith.constant dense<"0x0000803F0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F000000000000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F00000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F00000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F00000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F"> : tensor<16x16xf32>
    %0 = hal.tensor.import %arg0 "input0" : !hal.buffer_view -> tensor<2x8x32xf32>
    %1 = hal.tensor.import %arg1 "input1" : !hal.buffer_view -> tensor<32x8xf32>
    %2 = hal.tensor.import %arg2 "input2" : !hal.buffer_view -> tensor<8x32x64xf32>
    %3 = hal.tensor.import %arg3 "input3" : !hal.buffer_view -> tensor<8x64x32xf32>
    %4 = flow.tensor.reshape %0 : tensor<2x8x32xf32> -> tensor<16x32xf32>
    %5 = flow.dispatch.workgroups(%4, %1) : (tensor<16x32xf32>, tensor<32x8xf32>) -> tensor<16x8xf32> =
        (%arg4: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x32xf32>>, %arg5: !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x8xf32>>, %arg6: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16x8xf32>>) {
      %cst_0 = arith.constant 0.000000e+00 : f32
      %39 = iree_tensor_ext.dispatch.tensor.load %arg4, offsets = [0, 0], sizes = [16, 32], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x32xf32>> -> tensor<16x32xf32>
      %40 = iree_tensor_ext.dispatch.tensor.load %arg5, offsets = [0, 0], sizes = [32, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x8xf32>> -> tensor<32x8xf32>
      %41 = tensor.empty() : tensor<16x8xf32>
      %42 = linalg.fill ins(%cst_0 : f32) outs(%41 : tensor<16x8xf32>) -> tensor<16x8xf32>
      %43 = linalg.matmul ins(%39, %40 : tensor<16x32xf32>, tensor<32x8xf32>) outs(%42 : tensor<16x8xf32>) -> tensor<16x8xf32>
      iree_tensor_ext.dispatch.tensor.store %43, %arg6, offsets = [0, 0], sizes = [16, 8], strides = [1, 1] : tensor<16x8xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16x8xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %6 = flow.dispatch.workgroups(%5) : (tensor<16x8xf32>) -> tensor<16x8xf32> =
        (%arg4: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x8xf32>>, %arg5: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16x8xf32>>) {
      %39 = iree_tensor_ext.dispatch.tensor.load %arg4, offsets = [0, 0], sizes = [16, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x8xf32>> -> tensor<16x8xf32>
      %40 = tensor.empty() : tensor<16x8xf32>
      %41 = linalg.softmax dimension(1) ins(%39 : tensor<16x8xf32>) outs(%40 : tensor<16x8xf32>) -> tensor<16x8xf32>
      iree_tensor_ext.dispatch.tensor.store %41, %arg5, offsets = [0, 0], sizes = [16, 8], strides = [1, 1] : tensor<16x8xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16x8xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %__hoisted_tensor_128xi32 = util.global.load immutable @__hoisted_tensor_128xi32 : tensor<128xi32>
    %7 = flow.tensor.reshape %__hoisted_tensor_128xi32 : tensor<128xi32> -> tensor<16x8xi32>
    %8 = flow.dispatch.workgroups(%6, %7) : (tensor<16x8xf32>, tensor<16x8xi32>) -> %7 =
        (%arg4: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x8xf32>>, %arg5: !iree_tensor_ext.dispatch.tensor<readwrite:tensor<16x8xi32>>) {
      %c0_i32 = arith.constant 0 : i32
      %c2147483647_i32 = arith.constant 2147483647 : i32
      %39 = iree_tensor_ext.dispatch.tensor.load %arg4, offsets = [0, 0], sizes = [16, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x8xf32>> -> tensor<16x8xf32>
      %40 = iree_tensor_ext.dispatch.tensor.load %arg5, offsets = [0, 0], sizes = [16, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readwrite:tensor<16x8xi32>> -> tensor<16x8xi32>
      %41:2 = iree_linalg_ext.sort dimension(1) outs(%39, %40 : tensor<16x8xf32>, tensor<16x8xi32>) {
      ^bb0(%arg6: f32, %arg7: f32, %arg8: i32, %arg9: i32):
        %42 = arith.bitcast %arg6 : f32 to i32
        %43 = arith.cmpi slt, %42, %c0_i32 : i32
        %44 = arith.subi %c2147483647_i32, %42 : i32
        %45 = arith.select %43, %44, %42 : i32
        %46 = arith.bitcast %arg7 : f32 to i32
        %47 = arith.cmpi slt, %46, %c0_i32 : i32
        %48 = arith.subi %c2147483647_i32, %46 : i32
        %49 = arith.select %47, %48, %46 : i32
        %50 = arith.cmpi sgt, %45, %49 : i32
        iree_linalg_ext.yield %50 : i1
      } -> tensor<16x8xf32>, tensor<16x8xi32>
      iree_tensor_ext.dispatch.tensor.store %41#1, %arg5, offsets = [0, 0], sizes = [16, 8], strides = [1, 1] : tensor<16x8xi32> -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<16x8xi32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %9 = flow.dispatch.workgroups(%8) : (tensor<16x8xi32>) -> tensor<16x8xf32> =
        (%arg4: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x8xi32>>, %arg5: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16x8xf32>>) {
      %39 = tensor.empty() : tensor<16x8xf32>
      %40 = iree_tensor_ext.dispatch.tensor.load %arg4, offsets = [0, 0], sizes = [16, 1], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x8xi32>> -> tensor<16xi32>
      %41 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%40 : tensor<16xi32>) outs(%39 : tensor<16x8xf32>) {
      ^bb0(%in: i32, %out: f32):
        %42 = linalg.index 1 : index
        %43 = arith.index_cast %42 : index to i32
        %44 = arith.cmpi eq, %in, %43 : i32
        %45 = arith.uitofp %44 : i1 to f32
        linalg.yield %45 : f32
      } -> tensor<16x8xf32>
      iree_tensor_ext.dispatch.tensor.store %41, %arg5, offsets = [0, 0], sizes = [16, 8], strides = [1, 1] : tensor<16x8xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16x8xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %10 = flow.dispatch.workgroups(%cst, %9) : (tensor<16x16xf32>, tensor<16x8xf32>) -> tensor<16x8xf32> =
        (%arg4: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x16xf32>>, %arg5: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x8xf32>>, %arg6: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16x8xf32>>) {
      %cst_0 = arith.constant 0.000000e+00 : f32
      %cst_1 = arith.constant 1.000000e+00 : f32
      %39 = iree_tensor_ext.dispatch.tensor.load %arg4, offsets = [0, 0], sizes = [16, 16], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x16xf32>> -> tensor<16x16xf32>
      %40 = iree_tensor_ext.dispatch.tensor.load %arg5, offsets = [0, 0], sizes = [16, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x8xf32>> -> tensor<16x8xf32>
      %41 = tensor.empty() : tensor<16x8xf32>
      %42 = linalg.fill ins(%cst_0 : f32) outs(%41 : tensor<16x8xf32>) -> tensor<16x8xf32>
      %43 = linalg.matmul ins(%39, %40 : tensor<16x16xf32>, tensor<16x8xf32>) outs(%42 : tensor<16x8xf32>) -> tensor<16x8xf32>
      %44 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%43 : tensor<16x8xf32>) outs(%41 : tensor<16x8xf32>) {
      ^bb0(%in: f32, %out: f32):
        %45 = arith.subf %in, %cst_1 : f32
        linalg.yield %45 : f32
      } -> tensor<16x8xf32>
      iree_tensor_ext.dispatch.tensor.store %44, %arg6, offsets = [0, 0], sizes = [16, 8], strides = [1, 1] : tensor<16x8xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16x8xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %11 = flow.dispatch.workgroups(%10, %9) : (tensor<16x8xf32>, tensor<16x8xf32>) -> tensor<16xf32> =
        (%arg4: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x8xf32>>, %arg5: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x8xf32>>, %arg6: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16xf32>>) {
      %cst_0 = arith.constant 0.000000e+00 : f32
      %39 = iree_tensor_ext.dispatch.tensor.load %arg4, offsets = [0, 0], sizes = [16, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x8xf32>> -> tensor<16x8xf32>
      %40 = iree_tensor_ext.dispatch.tensor.load %arg5, offsets = [0, 0], sizes = [16, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x8xf32>> -> tensor<16x8xf32>
      %41 = tensor.empty() : tensor<16xf32>
      %42 = linalg.fill ins(%cst_0 : f32) outs(%41 : tensor<16xf32>) -> tensor<16xf32>
      %43 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%39, %40 : tensor<16x8xf32>, tensor<16x8xf32>) outs(%42 : tensor<16xf32>) {
      ^bb0(%in: f32, %in_1: f32, %out: f32):
        %44 = arith.mulf %in, %in_1 : f32
        %45 = arith.addf %out, %44 : f32
        linalg.yield %45 : f32
      } -> tensor<16xf32>
      iree_tensor_ext.dispatch.tensor.store %43, %arg6, offsets = [0], sizes = [16], strides = [1] : tensor<16xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %12:2 = flow.dispatch.workgroups(%9, %11) : (tensor<16x8xf32>, tensor<16xf32>) -> (tensor<16x8x8xf32>, tensor<8x8x16xf32>) =
        (%arg4: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x8xf32>>, %arg5: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16xf32>>, %arg6: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16x8x8xf32>>, %arg7: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x8x16xf32>>) {
      %39 = iree_tensor_ext.dispatch.tensor.load %arg4, offsets = [0, 0], sizes = [16, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x8xf32>> -> tensor<16x8xf32>
      %40 = iree_tensor_ext.dispatch.tensor.load %arg5, offsets = [0], sizes = [16], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16xf32>> -> tensor<16xf32>
      %41 = tensor.empty() : tensor<8x8x16xf32>
      %42 = tensor.empty() : tensor<16x8x8xf32>
      %43:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d1, d2, d0)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%39, %40 : tensor<16x8xf32>, tensor<16xf32>) outs(%42, %41 : tensor<16x8x8xf32>, tensor<8x8x16xf32>) {
      ^bb0(%in: f32, %in_0: f32, %out: f32, %out_1: f32):
        %44 = linalg.index 2 : index
        %45 = arith.fptosi %in_0 : f32 to i32
        %46 = arith.index_cast %44 : index to i32
        %47 = arith.cmpi eq, %45, %46 : i32
        %48 = arith.uitofp %47 : i1 to f32
        %49 = arith.mulf %in, %48 : f32
        linalg.yield %49, %49 : f32, f32
      } -> (tensor<16x8x8xf32>, tensor<8x8x16xf32>)
      iree_tensor_ext.dispatch.tensor.store %43#0, %arg6, offsets = [0, 0, 0], sizes = [16, 8, 8], strides = [1, 1, 1] : tensor<16x8x8xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16x8x8xf32>>
      iree_tensor_ext.dispatch.tensor.store %43#1, %arg7, offsets = [0, 0, 0], sizes = [8, 8, 16], strides = [1, 1, 1] : tensor<8x8x16xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x8x16xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %13 = flow.tensor.reshape %12#1 : tensor<8x8x16xf32> -> tensor<64x16xf32>
    %14 = flow.dispatch.workgroups(%13, %4) : (tensor<64x16xf32>, tensor<16x32xf32>) -> tensor<64x32xf32> =
        (%arg4: !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x16xf32>>, %arg5: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x32xf32>>, %arg6: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<64x32xf32>>) {
      %cst_0 = arith.constant 0.000000e+00 : f32
      %39 = iree_tensor_ext.dispatch.tensor.load %arg4, offsets = [0, 0], sizes = [64, 16], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x16xf32>> -> tensor<64x16xf32>
      %40 = iree_tensor_ext.dispatch.tensor.load %arg5, offsets = [0, 0], sizes = [16, 32], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x32xf32>> -> tensor<16x32xf32>
      %41 = tensor.empty() : tensor<64x32xf32>
      %42 = linalg.fill ins(%cst_0 : f32) outs(%41 : tensor<64x32xf32>) -> tensor<64x32xf32>
      %43 = linalg.matmul ins(%39, %40 : tensor<64x16xf32>, tensor<16x32xf32>) outs(%42 : tensor<64x32xf32>) -> tensor<64x32xf32>
      iree_tensor_ext.dispatch.tensor.store %43, %arg6, offsets = [0, 0], sizes = [64, 32], strides = [1, 1] : tensor<64x32xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<64x32xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %15 = flow.tensor.reshape %14 : tensor<64x32xf32> -> tensor<8x8x32xf32>
    %16 = flow.dispatch.workgroups(%15, %2) : (tensor<8x8x32xf32>, tensor<8x32x64xf32>) -> tensor<8x8x64xf32> =
        (%arg4: !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x8x32xf32>>, %arg5: !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x32x64xf32>>, %arg6: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x8x64xf32>>) {
      %cst_0 = arith.constant 0.000000e+00 : f32
      %cst_1 = arith.constant 4.471500e-02 : f32
      %cst_2 = arith.constant 0.797884583 : f32
      %cst_3 = arith.constant 1.000000e+00 : f32
      %cst_4 = arith.constant 5.000000e-01 : f32
      %39 = iree_tensor_ext.dispatch.tensor.load %arg4, offsets = [0, 0, 0], sizes = [8, 8, 32], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x8x32xf32>> -> tensor<8x8x32xf32>
      %40 = iree_tensor_ext.dispatch.tensor.load %arg5, offsets = [0, 0, 0], sizes = [8, 32, 64], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x32x64xf32>> -> tensor<8x32x64xf32>
      %41 = tensor.empty() : tensor<8x8x64xf32>
      %42 = linalg.fill ins(%cst_0 : f32) outs(%41 : tensor<8x8x64xf32>) -> tensor<8x8x64xf32>
      %43 = linalg.batch_matmul ins(%39, %40 : tensor<8x8x32xf32>, tensor<8x32x64xf32>) outs(%42 : tensor<8x8x64xf32>) -> tensor<8x8x64xf32>
      %44 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%43 : tensor<8x8x64xf32>) outs(%41 : tensor<8x8x64xf32>) {
      ^bb0(%in: f32, %out: f32):
        %45 = arith.mulf %in, %in : f32
        %46 = arith.mulf %45, %in : f32
        %47 = arith.mulf %46, %cst_1 : f32
        %48 = arith.addf %in, %47 : f32
        %49 = arith.mulf %48, %cst_2 : f32
        %50 = math.tanh %49 : f32
        %51 = arith.addf %50, %cst_3 : f32
        %52 = arith.mulf %51, %cst_4 : f32
        %53 = arith.mulf %in, %52 : f32
        linalg.yield %53 : f32
      } -> tensor<8x8x64xf32>
      iree_tensor_ext.dispatch.tensor.store %44, %arg6, offsets = [0, 0, 0], sizes = [8, 8, 64], strides = [1, 1, 1] : tensor<8x8x64xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x8x64xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %17 = flow.dispatch.workgroups(%16, %3) : (tensor<8x8x64xf32>, tensor<8x64x32xf32>) -> tensor<8x8x32xf32> =
        (%arg4: !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x8x64xf32>>, %arg5: !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x64x32xf32>>, %arg6: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x8x32xf32>>) {
      %cst_0 = arith.constant 0.000000e+00 : f32
      %39 = iree_tensor_ext.dispatch.tensor.load %arg4, offsets = [0, 0, 0], sizes = [8, 8, 64], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x8x64xf32>> -> tensor<8x8x64xf32>
      %40 = iree_tensor_ext.dispatch.tensor.load %arg5, offsets = [0, 0, 0], sizes = [8, 64, 32], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x64x32xf32>> -> tensor<8x64x32xf32>
      %41 = tensor.empty() : tensor<8x8x32xf32>
      %42 = linalg.fill ins(%cst_0 : f32) outs(%41 : tensor<8x8x32xf32>) -> tensor<8x8x32xf32>
      %43 = linalg.batch_matmul ins(%39, %40 : tensor<8x8x64xf32>, tensor<8x64x32xf32>) outs(%42 : tensor<8x8x32xf32>) -> tensor<8x8x32xf32>
      %44 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d1, d0, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%43 : tensor<8x8x32xf32>) outs(%41 : tensor<8x8x32xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<8x8x32xf32>
      iree_tensor_ext.dispatch.tensor.store %44, %arg6, offsets = [0, 0, 0], sizes = [8, 8, 32], strides = [1, 1, 1] : tensor<8x8x32xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x8x32xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %18 = flow.dispatch.workgroups(%12#0) : (tensor<16x8x8xf32>) -> tensor<16x8x8xf32> =
        (%arg4: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x8x8xf32>>, %arg5: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16x8x8xf32>>) {
      %39 = iree_tensor_ext.dispatch.tensor.load %arg4, offsets = [0, 0, 0], sizes = [16, 8, 8], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x8x8xf32>> -> tensor<16x8x8xf32>
      %40 = tensor.empty() : tensor<16x8x8xf32>
      %41 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2, d1)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%39 : tensor<16x8x8xf32>) outs(%40 : tensor<16x8x8xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<16x8x8xf32>
      iree_tensor_ext.dispatch.tensor.store %41, %arg5, offsets = [0, 0, 0], sizes = [16, 8, 8], strides = [1, 1, 1] : tensor<16x8x8xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16x8x8xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %19 = flow.tensor.reshape %18 : tensor<16x8x8xf32> -> tensor<16x64xf32>
    %20 = flow.tensor.reshape %17 : tensor<8x8x32xf32> -> tensor<64x32xf32>
    %21 = flow.dispatch.workgroups(%19, %20) : (tensor<16x64xf32>, tensor<64x32xf32>) -> tensor<16x32xf32> =
        (%arg4: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x64xf32>>, %arg5: !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x32xf32>>, %arg6: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16x32xf32>>) {
      %cst_0 = arith.constant 0.000000e+00 : f32
      %39 = iree_tensor_ext.dispatch.tensor.load %arg4, offsets = [0, 0], sizes = [16, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x64xf32>> -> tensor<16x64xf32>
      %40 = iree_tensor_ext.dispatch.tensor.load %arg5, offsets = [0, 0], sizes = [64, 32], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x32xf32>> -> tensor<64x32xf32>
      %41 = tensor.empty() : tensor<16x32xf32>
      %42 = linalg.fill ins(%cst_0 : f32) outs(%41 : tensor<16x32xf32>) -> tensor<16x32xf32>
      %43 = linalg.matmul ins(%39, %40 : tensor<16x64xf32>, tensor<64x32xf32>) outs(%42 : tensor<16x32xf32>) -> tensor<16x32xf32>
      iree_tensor_ext.dispatch.tensor.store %43, %arg6, offsets = [0, 0], sizes = [16, 32], strides = [1, 1] : tensor<16x32xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16x32xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %22 = flow.dispatch.workgroups(%8) : (tensor<16x8xi32>) -> tensor<16x8xf32> =
        (%arg4: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x8xi32>>, %arg5: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16x8xf32>>) {
      %39 = tensor.empty() : tensor<16x8xf32>
      %40 = iree_tensor_ext.dispatch.tensor.load %arg4, offsets = [0, 1], sizes = [16, 1], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x8xi32>> -> tensor<16xi32>
      %41 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%40 : tensor<16xi32>) outs(%39 : tensor<16x8xf32>) {
      ^bb0(%in: i32, %out: f32):
        %42 = linalg.index 1 : index
        %43 = arith.index_cast %42 : index to i32
        %44 = arith.cmpi eq, %in, %43 : i32
        %45 = arith.uitofp %44 : i1 to f32
        linalg.yield %45 : f32
      } -> tensor<16x8xf32>
      iree_tensor_ext.dispatch.tensor.store %41, %arg5, offsets = [0, 0], sizes = [16, 8], strides = [1, 1] : tensor<16x8xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16x8xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %23 = flow.dispatch.workgroups(%cst, %22) : (tensor<16x16xf32>, tensor<16x8xf32>) -> tensor<16x8xf32> =
        (%arg4: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x16xf32>>, %arg5: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x8xf32>>, %arg6: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16x8xf32>>) {
      %cst_0 = arith.constant 0.000000e+00 : f32
      %cst_1 = arith.constant 1.000000e+00 : f32
      %39 = iree_tensor_ext.dispatch.tensor.load %arg4, offsets = [0, 0], sizes = [16, 16], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x16xf32>> -> tensor<16x16xf32>
      %40 = iree_tensor_ext.dispatch.tensor.load %arg5, offsets = [0, 0], sizes = [16, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x8xf32>> -> tensor<16x8xf32>
      %41 = tensor.empty() : tensor<16x8xf32>
      %42 = linalg.fill ins(%cst_0 : f32) outs(%41 : tensor<16x8xf32>) -> tensor<16x8xf32>
      %43 = linalg.matmul ins(%39, %40 : tensor<16x16xf32>, tensor<16x8xf32>) outs(%42 : tensor<16x8xf32>) -> tensor<16x8xf32>
      %44 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%43 : tensor<16x8xf32>) outs(%41 : tensor<16x8xf32>) {
      ^bb0(%in: f32, %out: f32):
        %45 = arith.subf %in, %cst_1 : f32
        linalg.yield %45 : f32
      } -> tensor<16x8xf32>
      iree_tensor_ext.dispatch.tensor.store %44, %arg6, offsets = [0, 0], sizes = [16, 8], strides = [1, 1] : tensor<16x8xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16x8xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %24 = flow.dispatch.workgroups(%23, %22) : (tensor<16x8xf32>, tensor<16x8xf32>) -> tensor<16xf32> =
        (%arg4: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x8xf32>>, %arg5: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x8xf32>>, %arg6: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16xf32>>) {
      %cst_0 = arith.constant 0.000000e+00 : f32
      %39 = iree_tensor_ext.dispatch.tensor.load %arg4, offsets = [0, 0], sizes = [16, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x8xf32>> -> tensor<16x8xf32>
      %40 = iree_tensor_ext.dispatch.tensor.load %arg5, offsets = [0, 0], sizes = [16, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x8xf32>> -> tensor<16x8xf32>
      %41 = tensor.empty() : tensor<16xf32>
      %42 = linalg.fill ins(%cst_0 : f32) outs(%41 : tensor<16xf32>) -> tensor<16xf32>
      %43 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%39, %40 : tensor<16x8xf32>, tensor<16x8xf32>) outs(%42 : tensor<16xf32>) {
      ^bb0(%in: f32, %in_1: f32, %out: f32):
        %44 = arith.mulf %in, %in_1 : f32
        %45 = arith.addf %out, %44 : f32
        linalg.yield %45 : f32
      } -> tensor<16xf32>
      iree_tensor_ext.dispatch.tensor.store %43, %arg6, offsets = [0], sizes = [16], strides = [1] : tensor<16xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %25:2 = flow.dispatch.workgroups(%22, %24) : (tensor<16x8xf32>, tensor<16xf32>) -> (tensor<16x8x8xf32>, tensor<8x8x16xf32>) =
        (%arg4: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x8xf32>>, %arg5: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16xf32>>, %arg6: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16x8x8xf32>>, %arg7: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x8x16xf32>>) {
      %39 = iree_tensor_ext.dispatch.tensor.load %arg4, offsets = [0, 0], sizes = [16, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x8xf32>> -> tensor<16x8xf32>
      %40 = iree_tensor_ext.dispatch.tensor.load %arg5, offsets = [0], sizes = [16], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16xf32>> -> tensor<16xf32>
      %41 = tensor.empty() : tensor<8x8x16xf32>
      %42 = tensor.empty() : tensor<16x8x8xf32>
      %43:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d1, d2, d0)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%39, %40 : tensor<16x8xf32>, tensor<16xf32>) outs(%42, %41 : tensor<16x8x8xf32>, tensor<8x8x16xf32>) {
      ^bb0(%in: f32, %in_0: f32, %out: f32, %out_1: f32):
        %44 = linalg.index 2 : index
        %45 = arith.fptosi %in_0 : f32 to i32
        %46 = arith.index_cast %44 : index to i32
        %47 = arith.cmpi eq, %45, %46 : i32
        %48 = arith.uitofp %47 : i1 to f32
        %49 = arith.mulf %in, %48 : f32
        linalg.yield %49, %49 : f32, f32
      } -> (tensor<16x8x8xf32>, tensor<8x8x16xf32>)
      iree_tensor_ext.dispatch.tensor.store %43#0, %arg6, offsets = [0, 0, 0], sizes = [16, 8, 8], strides = [1, 1, 1] : tensor<16x8x8xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16x8x8xf32>>
      iree_tensor_ext.dispatch.tensor.store %43#1, %arg7, offsets = [0, 0, 0], sizes = [8, 8, 16], strides = [1, 1, 1] : tensor<8x8x16xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x8x16xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %26 = flow.dispatch.workgroups(%25#0) : (tensor<16x8x8xf32>) -> tensor<16x8x8xf32> =
        (%arg4: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x8x8xf32>>, %arg5: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16x8x8xf32>>) {
      %39 = iree_tensor_ext.dispatch.tensor.load %arg4, offsets = [0, 0, 0], sizes = [16, 8, 8], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x8x8xf32>> -> tensor<16x8x8xf32>
      %40 = tensor.empty() : tensor<16x8x8xf32>
      %41 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2, d1)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%39 : tensor<16x8x8xf32>) outs(%40 : tensor<16x8x8xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<16x8x8xf32>
      iree_tensor_ext.dispatch.tensor.store %41, %arg5, offsets = [0, 0, 0], sizes = [16, 8, 8], strides = [1, 1, 1] : tensor<16x8x8xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16x8x8xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %27 = flow.tensor.reshape %26 : tensor<16x8x8xf32> -> tensor<16x64xf32>
    %28 = flow.tensor.reshape %25#1 : tensor<8x8x16xf32> -> tensor<64x16xf32>
    %29 = flow.dispatch.workgroups(%28, %4) : (tensor<64x16xf32>, tensor<16x32xf32>) -> tensor<64x32xf32> =
        (%arg4: !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x16xf32>>, %arg5: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x32xf32>>, %arg6: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<64x32xf32>>) {
      %cst_0 = arith.constant 0.000000e+00 : f32
      %39 = iree_tensor_ext.dispatch.tensor.load %arg4, offsets = [0, 0], sizes = [64, 16], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x16xf32>> -> tensor<64x16xf32>
      %40 = iree_tensor_ext.dispatch.tensor.load %arg5, offsets = [0, 0], sizes = [16, 32], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x32xf32>> -> tensor<16x32xf32>
      %41 = tensor.empty() : tensor<64x32xf32>
      %42 = linalg.fill ins(%cst_0 : f32) outs(%41 : tensor<64x32xf32>) -> tensor<64x32xf32>
      %43 = linalg.matmul ins(%39, %40 : tensor<64x16xf32>, tensor<16x32xf32>) outs(%42 : tensor<64x32xf32>) -> tensor<64x32xf32>
      iree_tensor_ext.dispatch.tensor.store %43, %arg6, offsets = [0, 0], sizes = [64, 32], strides = [1, 1] : tensor<64x32xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<64x32xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %30 = flow.tensor.reshape %29 : tensor<64x32xf32> -> tensor<8x8x32xf32>
    %31 = flow.dispatch.workgroups(%30, %2) : (tensor<8x8x32xf32>, tensor<8x32x64xf32>) -> tensor<8x8x64xf32> =
        (%arg4: !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x8x32xf32>>, %arg5: !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x32x64xf32>>, %arg6: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x8x64xf32>>) {
      %cst_0 = arith.constant 0.000000e+00 : f32
      %cst_1 = arith.constant 4.471500e-02 : f32
      %cst_2 = arith.constant 0.797884583 : f32
      %cst_3 = arith.constant 1.000000e+00 : f32
      %cst_4 = arith.constant 5.000000e-01 : f32
      %39 = iree_tensor_ext.dispatch.tensor.load %arg4, offsets = [0, 0, 0], sizes = [8, 8, 32], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x8x32xf32>> -> tensor<8x8x32xf32>
      %40 = iree_tensor_ext.dispatch.tensor.load %arg5, offsets = [0, 0, 0], sizes = [8, 32, 64], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x32x64xf32>> -> tensor<8x32x64xf32>
      %41 = tensor.empty() : tensor<8x8x64xf32>
      %42 = linalg.fill ins(%cst_0 : f32) outs(%41 : tensor<8x8x64xf32>) -> tensor<8x8x64xf32>
      %43 = linalg.batch_matmul ins(%39, %40 : tensor<8x8x32xf32>, tensor<8x32x64xf32>) outs(%42 : tensor<8x8x64xf32>) -> tensor<8x8x64xf32>
      %44 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%43 : tensor<8x8x64xf32>) outs(%41 : tensor<8x8x64xf32>) {
      ^bb0(%in: f32, %out: f32):
        %45 = arith.mulf %in, %in : f32
        %46 = arith.mulf %45, %in : f32
        %47 = arith.mulf %46, %cst_1 : f32
        %48 = arith.addf %in, %47 : f32
        %49 = arith.mulf %48, %cst_2 : f32
        %50 = math.tanh %49 : f32
        %51 = arith.addf %50, %cst_3 : f32
        %52 = arith.mulf %51, %cst_4 : f32
        %53 = arith.mulf %in, %52 : f32
        linalg.yield %53 : f32
      } -> tensor<8x8x64xf32>
      iree_tensor_ext.dispatch.tensor.store %44, %arg6, offsets = [0, 0, 0], sizes = [8, 8, 64], strides = [1, 1, 1] : tensor<8x8x64xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x8x64xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %32 = flow.dispatch.workgroups(%31, %3) : (tensor<8x8x64xf32>, tensor<8x64x32xf32>) -> tensor<8x8x32xf32> =
        (%arg4: !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x8x64xf32>>, %arg5: !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x64x32xf32>>, %arg6: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x8x32xf32>>) {
      %cst_0 = arith.constant 0.000000e+00 : f32
      %39 = iree_tensor_ext.dispatch.tensor.load %arg4, offsets = [0, 0, 0], sizes = [8, 8, 64], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x8x64xf32>> -> tensor<8x8x64xf32>
      %40 = iree_tensor_ext.dispatch.tensor.load %arg5, offsets = [0, 0, 0], sizes = [8, 64, 32], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x64x32xf32>> -> tensor<8x64x32xf32>
      %41 = tensor.empty() : tensor<8x8x32xf32>
      %42 = linalg.fill ins(%cst_0 : f32) outs(%41 : tensor<8x8x32xf32>) -> tensor<8x8x32xf32>
      %43 = linalg.batch_matmul ins(%39, %40 : tensor<8x8x64xf32>, tensor<8x64x32xf32>) outs(%42 : tensor<8x8x32xf32>) -> tensor<8x8x32xf32>
      %44 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d1, d0, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%43 : tensor<8x8x32xf32>) outs(%41 : tensor<8x8x32xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<8x8x32xf32>
      iree_tensor_ext.dispatch.tensor.store %44, %arg6, offsets = [0, 0, 0], sizes = [8, 8, 32], strides = [1, 1, 1] : tensor<8x8x32xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x8x32xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %33 = flow.tensor.reshape %32 : tensor<8x8x32xf32> -> tensor<64x32xf32>
    %34 = flow.dispatch.workgroups(%27, %33) : (tensor<16x64xf32>, tensor<64x32xf32>) -> tensor<16x32xf32> =
        (%arg4: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x64xf32>>, %arg5: !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x32xf32>>, %arg6: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16x32xf32>>) {
      %cst_0 = arith.constant 0.000000e+00 : f32
      %39 = iree_tensor_ext.dispatch.tensor.load %arg4, offsets = [0, 0], sizes = [16, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x64xf32>> -> tensor<16x64xf32>
      %40 = iree_tensor_ext.dispatch.tensor.load %arg5, offsets = [0, 0], sizes = [64, 32], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x32xf32>> -> tensor<64x32xf32>
      %41 = tensor.empty() : tensor<16x32xf32>
      %42 = linalg.fill ins(%cst_0 : f32) outs(%41 : tensor<16x32xf32>) -> tensor<16x32xf32>
      %43 = linalg.matmul ins(%39, %40 : tensor<16x64xf32>, tensor<64x32xf32>) outs(%42 : tensor<16x32xf32>) -> tensor<16x32xf32>
      iree_tensor_ext.dispatch.tensor.store %43, %arg6, offsets = [0, 0], sizes = [16, 32], strides = [1, 1] : tensor<16x32xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16x32xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %35 = flow.dispatch.workgroups(%6, %22) : (tensor<16x8xf32>, tensor<16x8xf32>) -> tensor<16xf32> =
        (%arg4: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x8xf32>>, %arg5: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x8xf32>>, %arg6: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16xf32>>) {
      %cst_0 = arith.constant 0.000000e+00 : f32
      %39 = iree_tensor_ext.dispatch.tensor.load %arg4, offsets = [0, 0], sizes = [16, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x8xf32>> -> tensor<16x8xf32>
      %40 = iree_tensor_ext.dispatch.tensor.load %arg5, offsets = [0, 0], sizes = [16, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x8xf32>> -> tensor<16x8xf32>
      %41 = tensor.empty() : tensor<16xf32>
      %42 = linalg.fill ins(%cst_0 : f32) outs(%41 : tensor<16xf32>) -> tensor<16xf32>
      %43 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%39, %40 : tensor<16x8xf32>, tensor<16x8xf32>) outs(%42 : tensor<16xf32>) {
      ^bb0(%in: f32, %in_1: f32, %out: f32):
        %44 = arith.mulf %in, %in_1 : f32
        %45 = arith.addf %out, %44 : f32
        linalg.yield %45 : f32
      } -> tensor<16xf32>
      iree_tensor_ext.dispatch.tensor.store %43, %arg6, offsets = [0], sizes = [16], strides = [1] : tensor<16xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %36 = flow.dispatch.workgroups(%6, %9, %21, %34, %35) : (tensor<16x8xf32>, tensor<16x8xf32>, tensor<16x32xf32>, tensor<16x32xf32>, tensor<16xf32>) -> tensor<16x32xf32> =
        (%arg4: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x8xf32>>, %arg5: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x8xf32>>, %arg6: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x32xf32>>, %arg7: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x32xf32>>, %arg8: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16xf32>>, %arg9: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16x32xf32>>) {
      %cst_0 = arith.constant 0.000000e+00 : f32
      %39 = iree_tensor_ext.dispatch.tensor.load %arg4, offsets = [0, 0], sizes = [16, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x8xf32>> -> tensor<16x8xf32>
      %40 = iree_tensor_ext.dispatch.tensor.load %arg5, offsets = [0, 0], sizes = [16, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x8xf32>> -> tensor<16x8xf32>
      %41 = iree_tensor_ext.dispatch.tensor.load %arg6, offsets = [0, 0], sizes = [16, 32], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x32xf32>> -> tensor<16x32xf32>
      %42 = iree_tensor_ext.dispatch.tensor.load %arg7, offsets = [0, 0], sizes = [16, 32], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x32xf32>> -> tensor<16x32xf32>
      %43 = iree_tensor_ext.dispatch.tensor.load %arg8, offsets = [0], sizes = [16], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16xf32>> -> tensor<16xf32>
      %44 = tensor.empty() : tensor<16x32xf32>
      %45 = tensor.empty() : tensor<16xf32>
      %46 = linalg.fill ins(%cst_0 : f32) outs(%45 : tensor<16xf32>) -> tensor<16xf32>
      %47 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%39, %40 : tensor<16x8xf32>, tensor<16x8xf32>) outs(%46 : tensor<16xf32>) {
      ^bb0(%in: f32, %in_1: f32, %out: f32):
        %49 = arith.mulf %in, %in_1 : f32
        %50 = arith.addf %out, %49 : f32
        linalg.yield %50 : f32
      } -> tensor<16xf32>
      %48 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%41, %47, %42, %43 : tensor<16x32xf32>, tensor<16xf32>, tensor<16x32xf32>, tensor<16xf32>) outs(%44 : tensor<16x32xf32>) {
      ^bb0(%in: f32, %in_1: f32, %in_2: f32, %in_3: f32, %out: f32):
        %49 = arith.mulf %in, %in_1 : f32
        %50 = arith.mulf %in_2, %in_3 : f32
        %51 = arith.addf %49, %cst_0 : f32
        %52 = arith.addf %51, %50 : f32
        linalg.yield %52 : f32
      } -> tensor<16x32xf32>
      iree_tensor_ext.dispatch.tensor.store %48, %arg9, offsets = [0, 0], sizes = [16, 32], strides = [1, 1] : tensor<16x32xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16x32xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %37 = flow.tensor.reshape %36 : tensor<16x32xf32> -> tensor<2x8x32xf32>
    %38 = hal.tensor.export %37 "output0" : tensor<2x8x32xf32> -> !hal.buffer_view
    util.return %38 : !hal.buffer_view
  }
}