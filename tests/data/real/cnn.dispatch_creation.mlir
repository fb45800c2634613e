module @jit_cnn {
  util.func public @main(%arg0: !hal.buffer_view, %arg1: !hal.buffer_view, %arg2: !hal.buffer_view, %arg3: !hal.buffer_view, %arg4: !hal.buffer_view) -> !hal.buffer_view attributes {iree.abi.stub, iree.reflection = {iree.abi.declaration = "sync func @main(%input0: tensor<4x16x16x3xf32>, %input1: tensor<3x3x3x8xf32>, %input2: tensor<8xf32>, %input3: tensor<512x10xf32>, %input4: tensor<10xf32>) -> (%output0: tensor<4x10xf32>)"}} {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = hal.tensor.import %arg0 "input0" : !hal.buffer_view -> tensor<4x16x16x3xf32>
    %1 = hal.tensor.import %arg1 "input1" : !hal.buffer_view -> tensor<3x3x3x8xf32>
    %2 = hal.tensor.import %arg2 "input2" : !hal.buffer_view -> tensor<8xf32>
    %3 = hal.tensor.import %arg3 "input3" : !hal.buffer_view -> tensor<512x10xf32>
    %4 = hal.tensor.import %arg4 "input4" : !hal.buffer_view -> tensor<10xf32>
    %5 = flow.tensor.splat %cst : tensor<4x18x18x3xf32>
    %6 = flow.dispatch.workgroups(%0, %5) : (tensor<4x16x16x3xf32>, tensor<4x18x18x3xf32>) -> %5 =
        (%arg5: !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x16x16x3xf32>>, %arg6: !iree_tensor_ext.dispatch.tensor<readwrite:tensor<4x18x18x3xf32>>) {
      %12 = iree_tensor_ext.dispatch.tensor.load %arg5, offsets = [0, 0, 0, 0], sizes = [4, 16, 16, 3], strides = [1, 1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x16x16x3xf32>> -> tensor<4x16x16x3xf32>
      iree_tensor_ext.dispatch.tensor.store %12, %arg6, offsets = [0, 1, 1, 0], sizes = [4, 16, 16, 3], strides = [1, 1, 1, 1] : tensor<4x16x16x3xf32> -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<4x18x18x3xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %7 = flow.dispatch.workgroups(%6, %1, %2) : (tensor<4x18x18x3xf32>, tensor<3x3x3x8xf32>, tensor<8xf32>) -> tensor<4x16x16x8xf32> =
        (%arg5: !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x18x18x3xf32>>, %arg6: !iree_tensor_ext.dispatch.tensor<readonly:tensor<3x3x3x8xf32>>, %arg7: !iree_tensor_ext.dispatch.tensor<readonly:tensor<8xf32>>, %arg8: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4x16x16x8xf32>>) {
      %cst_0 = arith.constant 0.000000e+00 : f32
      %12 = iree_tensor_ext.dispatch.tensor.load %arg5, offsets = [0, 0, 0, 0], sizes = [4, 18, 18, 3], strides = [1, 1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x18x18x3xf32>> -> tensor<4x18x18x3xf32>
      %13 = iree_tensor_ext.dispatch.tensor.load %arg6, offsets = [0, 0, 0, 0], sizes = [3, 3, 3, 8], strides = [1, 1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<3x3x3x8xf32>> -> tensor<3x3x3x8xf32>
      %14 = iree_tensor_ext.dispatch.tensor.load %arg7, offsets = [0], sizes = [8], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8xf32>> -> tensor<8xf32>
      %15 = tensor.empty() : tensor<4x16x16x8xf32>
      %16 = linalg.fill ins(%cst_0 : f32) outs(%15 : tensor<4x16x16x8xf32>) -> tensor<4x16x16x8xf32>
      %17 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 + d4, d2 + d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%12, %13 : tensor<4x18x18x3xf32>, tensor<3x3x3x8xf32>) outs(%16 : tensor<4x16x16x8xf32>) attrs =  {linalg.memoized_indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 + d4, d2 + d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>]} {
      ^bb0(%in: f32, %in_1: f32, %out: f32):
        %19 = arith.mulf %in, %in_1 : f32
        %20 = arith.addf %out, %19 : f32
        linalg.yield %20 : f32
      } -> tensor<4x16x16x8xf32>
      %18 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%17, %14 : tensor<4x16x16x8xf32>, tensor<8xf32>) outs(%15 : tensor<4x16x16x8xf32>) {
      ^bb0(%in: f32, %in_1: f32, %out: f32):
        %19 = arith.addf %in, %in_1 : f32
        %20 = arith.maximumf %19, %cst_0 : f32
        linalg.yield %20 : f32
      } -> tensor<4x16x16x8xf32>
      iree_tensor_ext.dispatch.tensor.store %18, %arg8, offsets = [0, 0, 0, 0], sizes = [4, 16, 16, 8], strides = [1, 1, 1, 1] : tensor<4x16x16x8xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4x16x16x8xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %8 = flow.dispatch.workgroups(%7) : (tensor<4x16x16x8xf32>) -> tensor<4x8x8x8xf32> =
        (%arg5: !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x16x16x8xf32>>, %arg6: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4x8x8x8xf32>>) {
      %cst_0 = arith.constant 0xFF800000 : f32
      %12 = iree_tensor_ext.dispatch.tensor.load %arg5, offsets = [0, 0, 0, 0], sizes = [4, 16, 16, 8], strides = [1, 1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x16x16x8xf32>> -> tensor<4x16x16x8xf32>
      %13 = tensor.empty() : tensor<4x8x8x8xf32>
      %14 = tensor.empty() : tensor<2x2xf32>
      %15 = linalg.fill ins(%cst_0 : f32) outs(%13 : tensor<4x8x8x8xf32>) -> tensor<4x8x8x8xf32>
      %16 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1 * 2 + d4, d2 * 2 + d5, d3)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%12, %14 : tensor<4x16x16x8xf32>, tensor<2x2xf32>) outs(%15 : tensor<4x8x8x8xf32>) attrs =  {linalg.memoized_indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1 * 2 + d4, d2 * 2 + d5, d3)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>]} {
      ^bb0(%in: f32, %in_1: f32, %out: f32):
        %18 = arith.maximumf %out, %in : f32
        linalg.yield %18 : f32
      } -> tensor<4x8x8x8xf32>
      %17 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%16 : tensor<4x8x8x8xf32>) outs(%13 : tensor<4x8x8x8xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<4x8x8x8xf32>
      iree_tensor_ext.dispatch.tensor.store %17, %arg6, offsets = [0, 0, 0, 0], sizes = [4, 8, 8, 8], strides = [1, 1, 1, 1] : tensor<4x8x8x8xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4x8x8x8xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %9 = flow.tensor.reshape %8 : tensor<4x8x8x8xf32> -> tensor<4x512xf32>
    %10 = flow.dispatch.workgroups(%9, %3, %4) : (tensor<4x512xf32>, tensor<512x10xf32>, tensor<10xf32>) -> tensor<4x10xf32> =
        (%arg5: !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x512xf32>>, %arg6: !iree_tensor_ext.dispatch.tensor<readonly:tensor<512x10xf32>>, %arg7: !iree_tensor_ext.dispatch.tensor<readonly:tensor<10xf32>>, %arg8: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4x10xf32>>) {
      %cst_0 = arith.constant 0.000000e+00 : f32
      %12 = iree_tensor_ext.dispatch.tensor.load %arg5, offsets = [0, 0], sizes = [4, 512], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x512xf32>> -> tensor<4x512xf32>
      %13 = iree_tensor_ext.dispatch.tensor.load %arg6, offsets = [0, 0], sizes = [512, 10], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<512x10xf32>> -> tensor<512x10xf32>
      %14 = iree_tensor_ext.dispatch.tensor.load %arg7, offsets = [0], sizes = [10], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<10xf32>> -> tensor<10xf32>
      %15 = tensor.empty() : tensor<4x10xf32>
      %16 = linalg.fill ins(%cst_0 : f32) outs(%15 : tensor<4x10xf32>) -> tensor<4x10xf32>
      %17 = linalg.matmul ins(%12, %13 : tensor<4x512xf32>, tensor<512x10xf32>) outs(%16 : tensor<4x10xf32>) -> tensor<4x10xf32>
      %18 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%17, %14 : tensor<4x10xf32>, tensor<10xf32>) outs(%15 : tensor<4x10xf32>) {
      ^bb0(%in: f32, %in_1: f32, %out: f32):
        %19 = arith.addf %in, %in_1 : f32
        linalg.yield %19 : f32
      } -> tensor<4x10xf32>
      iree_tensor_ext.dispatch.tensor.store %18, %arg8, offsets = [0, 0], sizes = [4, 10], strides = [1, 1] : tensor<4x10xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4x10xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %11 = hal.tensor.export %10 "output0" : tensor<4x10xf32> -> !hal.buffer_view
    util.return %11 : !hal.buffer_view
  }
}