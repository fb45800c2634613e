module @jit_cnn_deep {
  util.func public @main(%arg0: !hal.buffer_view, %arg1: !hal.buffer_view, %arg2: !hal.buffer_view, %arg3: !hal.buffer_view, %arg4: !hal.buffer_view, %arg5: !hal.buffer_view, %arg6: !hal.buffer_view) -> !hal.buffer_view attributes {iree.abi.stub, iree.reflection = {iree.abi.declaration = "sync func @main(%input0: tensor<4x16x16x3xf32>, %input1: tensor<3x3x3x8xf32>, %input2: tensor<8xf32>, %input3: tensor<3x3x8x16xf32>, %input4: tensor<16xf32>, %input5: tensor<256x10xf32>, %input6: tensor<10xf32>) -> (%output0: tensor<4x10xf32>)"}} {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = hal.tensor.import %arg0 "input0" : !hal.buffer_view -> tensor<4x16x16x3xf32>
    %1 = hal.tensor.import %arg1 "input1" : !hal.buffer_view -> tensor<3x3x3x8xf32>
    %2 = hal.tensor.import %arg2 "input2" : !hal.buffer_view -> tensor<8xf32>
    %3 = hal.tensor.import %arg3 "input3" : !hal.buffer_view -> tensor<3x3x8x16xf32>
    %4 = hal.tensor.import %arg4 "input4" : !hal.buffer_view -> tensor<16xf32>
    %5 = hal.tensor.import %arg5 "input5" : !hal.buffer_view -> tensor<256x10xf32>
    %6 = hal.tensor.import %arg6 "input6" : !hal.buffer_view -> tensor<10xf32>
    %7 = flow.tensor.splat %cst : tensor<4x18x18x3xf32>
    %8 = flow.dispatch.workgroups(%0, %7) : (tensor<4x16x16x3xf32>, tensor<4x18x18x3xf32>) -> %7 =
        (%arg7: !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x16x16x3xf32>>, %arg8: !iree_tensor_ext.dispatch.tensor<readwrite:tensor<4x18x18x3xf32>>) {
      %16 = iree_tensor_ext.dispatch.tensor.load %arg7, offsets = [0, 0, 0, 0], sizes = [4, 16, 16, 3], strides = [1, 1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x16x16x3xf32>> -> tensor<4x16x16x3xf32>
      iree_tensor_ext.dispatch.tensor.store %16, %arg8, offsets = [0, 1, 1, 0], sizes = [4, 16, 16, 3], strides = [1, 1, 1, 1] : tensor<4x16x16x3xf32> -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<4x18x18x3xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %9 = flow.tensor.splat %cst : tensor<4x17x17x8xf32>
    %10 = flow.dispatch.workgroups(%8, %1, %2, %9) : (tensor<4x18x18x3xf32>, tensor<3x3x3x8xf32>, tensor<8xf32>, tensor<4x17x17x8xf32>) -> %9 =
        (%arg7: !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x18x18x3xf32>>, %arg8: !iree_tensor_ext.dispatch.tensor<readonly:tensor<3x3x3x8xf32>>, %arg9: !iree_tensor_ext.dispatch.tensor<readonly:tensor<8xf32>>, %arg10: !iree_tensor_ext.dispatch.tensor<readwrite:tensor<4x17x17x8xf32>>) {
      %cst_0 = arith.constant 0.000000e+00 : f32
      %16 = iree_tensor_ext.dispatch.tensor.load %arg7, offsets = [0, 0, 0, 0], sizes = [4, 18, 18, 3], strides = [1, 1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x18x18x3xf32>> -> tensor<4x18x18x3xf32>
      %17 = iree_tensor_ext.dispatch.tensor.load %arg8, offsets = [0, 0, 0, 0], sizes = [3, 3, 3, 8], strides = [1, 1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<3x3x3x8xf32>> -> tensor<3x3x3x8xf32>
      %18 = iree_tensor_ext.dispatch.tensor.load %arg9, offsets = [0], sizes = [8], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8xf32>> -> tensor<8xf32>
      %19 = tensor.empty() : tensor<4x16x16x8xf32>
      %20 = linalg.fill ins(%cst_0 : f32) outs(%19 : tensor<4x16x16x8xf32>) -> tensor<4x16x16x8xf32>
      %21 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 + d4, d2 + d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%16, %17 : tensor<4x18x18x3xf32>, tensor<3x3x3x8xf32>) outs(%20 : tensor<4x16x16x8xf32>) attrs =  {linalg.memoized_indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 + d4, d2 + d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>]} {
      ^bb0(%in: f32, %in_1: f32, %out: f32):
        %23 = arith.mulf %in, %in_1 : f32
        %24 = arith.addf %out, %23 : f32
        linalg.yield %24 : f32
      } -> tensor<4x16x16x8xf32>
      %22 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%21, %18 : tensor<4x16x16x8xf32>, tensor<8xf32>) outs(%19 : tensor<4x16x16x8xf32>) {
      ^bb0(%in: f32, %in_1: f32, %out: f32):
        %23 = arith.addf %in, %in_1 : f32
        %24 = arith.maximumf %23, %cst_0 : f32
        linalg.yield %24 : f32
      } -> tensor<4x16x16x8xf32>
      iree_tensor_ext.dispatch.tensor.store %22, %arg10, offsets = [0, 0, 0, 0], sizes = [4, 16, 16, 8], strides = [1, 1, 1, 1] : tensor<4x16x16x8xf32> -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<4x17x17x8xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %11 = flow.dispatch.workgroups(%10, %3, %4) : (tensor<4x17x17x8xf32>, tensor<3x3x8x16xf32>, tensor<16xf32>) -> tensor<4x8x8x16xf32> =
        (%arg7: !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x17x17x8xf32>>, %arg8: !iree_tensor_ext.dispatch.tensor<readonly:tensor<3x3x8x16xf32>>, %arg9: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16xf32>>, %arg10: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4x8x8x16xf32>>) {
      %cst_0 = arith.constant 0.000000e+00 : f32
      %16 = iree_tensor_ext.dispatch.tensor.load %arg7, offsets = [0, 0, 0, 0], sizes = [4, 17, 17, 8], strides = [1, 1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x17x17x8xf32>> -> tensor<4x17x17x8xf32>
      %17 = iree_tensor_ext.dispatch.tensor.load %arg8, offsets = [0, 0, 0, 0], sizes = [3, 3, 8, 16], strides = [1, 1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<3x3x8x16xf32>> -> tensor<3x3x8x16xf32>
      %18 = iree_tensor_ext.dispatch.tensor.load %arg9, offsets = [0], sizes = [16], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16xf32>> -> tensor<16xf32>
      %19 = tensor.empty() : tensor<4x8x8x16xf32>
      %20 = linalg.fill ins(%cst_0 : f32) outs(%19 : tensor<4x8x8x16xf32>) -> tensor<4x8x8x16xf32>
      %21 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 * 2 + d4, d2 * 2 + d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%16, %17 : tensor<4x17x17x8xf32>, tensor<3x3x8x16xf32>) outs(%20 : tensor<4x8x8x16xf32>) attrs =  {linalg.memoized_indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 * 2 + d4, d2 * 2 + d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>]} {
      ^bb0(%in: f32, %in_1: f32, %out: f32):
        %23 = arith.mulf %in, %in_1 : f32
        %24 = arith.addf %out, %23 : f32
        linalg.yield %24 : f32
      } -> tensor<4x8x8x16xf32>
      %22 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%21, %18 : tensor<4x8x8x16xf32>, tensor<16xf32>) outs(%19 : tensor<4x8x8x16xf32>) {
      ^bb0(%in: f32, %in_1: f32, %out: f32):
        %23 = arith.addf %in, %in_1 : f32
        %24 = arith.maximumf %23, %cst_0 : f32
        linalg.yield %24 : f32
      } -> tensor<4x8x8x16xf32>
      iree_tensor_ext.dispatch.tensor.store %22, %arg10, offsets = [0, 0, 0, 0], sizes = [4, 8, 8, 16], strides = [1, 1, 1, 1] : tensor<4x8x8x16xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4x8x8x16xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %12 = flow.dispatch.workgroups(%11) : (tensor<4x8x8x16xf32>) -> tensor<4x16x4x4xf32> =
        (%arg7: !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x8x8x16xf32>>, %arg8: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4x16x4x4xf32>>) {
      %cst_0 = arith.constant 0xFF800000 : f32
      %16 = iree_tensor_ext.dispatch.tensor.load %arg7, offsets = [0, 0, 0, 0], sizes = [4, 8, 8, 16], strides = [1, 1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x8x8x16xf32>> -> tensor<4x8x8x16xf32>
      %17 = tensor.empty() : tensor<4x16x4x4xf32>
      %18 = tensor.empty() : tensor<4x4x4x16xf32>
      %19 = tensor.empty() : tensor<2x2xf32>
      %20 = linalg.fill ins(%cst_0 : f32) outs(%18 : tensor<4x4x4x16xf32>) -> tensor<4x4x4x16xf32>
      %21 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1 * 2 + d4, d2 * 2 + d5, d3)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%16, %19 : tensor<4x8x8x16xf32>, tensor<2x2xf32>) outs(%20 : tensor<4x4x4x16xf32>) attrs =  {linalg.memoized_indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1 * 2 + d4, d2 * 2 + d5, d3)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>]} {
      ^bb0(%in: f32, %in_1: f32, %out: f32):
        %23 = arith.maximumf %out, %in : f32
        linalg.yield %23 : f32
      } -> tensor<4x4x4x16xf32>
      %22 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%21 : tensor<4x4x4x16xf32>) outs(%17 : tensor<4x16x4x4xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<4x16x4x4xf32>
      iree_tensor_ext.dispatch.tensor.store %22, %arg8, offsets = [0, 0, 0, 0], sizes = [4, 16, 4, 4], strides = [1, 1, 1, 1] : tensor<4x16x4x4xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4x16x4x4xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %13 = flow.tensor.reshape %12 : tensor<4x16x4x4xf32> -> tensor<4x256xf32>
    %14 = flow.dispatch.workgroups(%13, %5, %6) : (tensor<4x256xf32>, tensor<256x10xf32>, tensor<10xf32>) -> tensor<4x10xf32> =
        (%arg7: !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x256xf32>>, %arg8: !iree_tensor_ext.dispatch.tensor<readonly:tensor<256x10xf32>>, %arg9: !iree_tensor_ext.dispatch.tensor<readonly:tensor<10xf32>>, %arg10: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4x10xf32>>) {
      %cst_0 = arith.constant 0.000000e+00 : f32
      %16 = iree_tensor_ext.dispatch.tensor.load %arg7, offsets = [0, 0], sizes = [4, 256], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x256xf32>> -> tensor<4x256xf32>
      %17 = iree_tensor_ext.dispatch.tensor.load %arg8, offsets = [0, 0], sizes = [256, 10], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<256x10xf32>> -> tensor<256x10xf32>
      %18 = iree_tensor_ext.dispatch.tensor.load %arg9, offsets = [0], sizes = [10], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<10xf32>> -> tensor<10xf32>
      %19 = tensor.empty() : tensor<4x10xf32>
      %20 = linalg.fill ins(%cst_0 : f32) outs(%19 : tensor<4x10xf32>) -> tensor<4x10xf32>
      %21 = linalg.matmul ins(%16, %17 : tensor<4x256xf32>, tensor<256x10xf32>) outs(%20 : tensor<4x10xf32>) -> tensor<4x10xf32>
      %22 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%21, %18 : tensor<4x10xf32>, tensor<10xf32>) outs(%19 : tensor<4x10xf32>) {
      ^bb0(%in: f32, %in_1: f32, %out: f32):
        %23 = arith.addf %in, %in_1 : f32
        linalg.yield %23 : f32
      } -> tensor<4x10xf32>
      iree_tensor_ext.dispatch.tensor.store %22, %arg10, offsets = [0, 0], sizes = [4, 10], strides = [1, 1] : tensor<4x10xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4x10xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %15 = hal.tensor.export %14 "output0" : tensor<4x10xf32> -> !hal.buffer_view
    util.return %15 : !hal.buffer_view
  }
}