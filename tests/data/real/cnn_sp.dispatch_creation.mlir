module @jit_cnn_sp {
  util.func public @main(%arg0: !hal.buffer_view, %arg1: !hal.buffer_view, %arg2: !hal.buffer_view, %arg3: !hal.buffer_view) -> !hal.buffer_view attributes {iree.abi.stub, iree.reflection = {iree.abi.declaration = "sync func @main(%input0: tensor<2x16x16x4xf32>, %input1: tensor<3x3x4x8xf32>, %input2: tensor<3x3x8x8xf32>, %input3: tensor<512x10xf32>) -> (%output0: tensor<2x10xf32>)"}} {
    %cst = arith.constant 0xFF800000 : f32
    %cst_0 = arith.constant 0.000000e+00 : f32
    %0 = hal.tensor.import %arg0 "input0" : !hal.buffer_view -> tensor<2x16x16x4xf32>
    %1 = hal.tensor.import %arg1 "input1" : !hal.buffer_view -> tensor<3x3x4x8xf32>
    %2 = hal.tensor.import %arg2 "input2" : !hal.buffer_view -> tensor<3x3x8x8xf32>
    %3 = hal.tensor.import %arg3 "input3" : !hal.buffer_view -> tensor<512x10xf32>
    %4 = flow.tensor.splat %cst_0 : tensor<2x18x18x4xf32>
    %5 = flow.dispatch.workgroups(%0, %4) : (tensor<2x16x16x4xf32>, tensor<2x18x18x4xf32>) -> %4 =
        (%arg4: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x16x16x4xf32>>, %arg5: !iree_tensor_ext.dispatch.tensor<readwrite:tensor<2x18x18x4xf32>>) {
      %14 = iree_tensor_ext.dispatch.tensor.load %arg4, offsets = [0, 0, 0, 0], sizes = [2, 16, 16, 4], strides = [1, 1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x16x16x4xf32>> -> tensor<2x16x16x4xf32>
      iree_tensor_ext.dispatch.tensor.store %14, %arg5, offsets = [0, 1, 1, 0], sizes = [2, 16, 16, 4], strides = [1, 1, 1, 1] : tensor<2x16x16x4xf32> -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<2x18x18x4xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %6 = flow.tensor.splat %cst : tensor<2x17x17x8xf32>
    %7 = flow.dispatch.workgroups(%5, %1, %6) : (tensor<2x18x18x4xf32>, tensor<3x3x4x8xf32>, tensor<2x17x17x8xf32>) -> %6 =
        (%arg4: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x18x18x4xf32>>, %arg5: !iree_tensor_ext.dispatch.tensor<readonly:tensor<3x3x4x8xf32>>, %arg6: !iree_tensor_ext.dispatch.tensor<readwrite:tensor<2x17x17x8xf32>>) {
      %cst_1 = arith.constant 0.000000e+00 : f32
      %14 = iree_tensor_ext.dispatch.tensor.load %arg4, offsets = [0, 0, 0, 0], sizes = [2, 18, 18, 4], strides = [1, 1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x18x18x4xf32>> -> tensor<2x18x18x4xf32>
      %15 = iree_tensor_ext.dispatch.tensor.load %arg5, offsets = [0, 0, 0, 0], sizes = [3, 3, 4, 8], strides = [1, 1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<3x3x4x8xf32>> -> tensor<3x3x4x8xf32>
      %16 = tensor.empty() : tensor<2x16x16x8xf32>
      %17 = linalg.fill ins(%cst_1 : f32) outs(%16 : tensor<2x16x16x8xf32>) -> tensor<2x16x16x8xf32>
      %18 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 + d4, d2 + d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%14, %15 : tensor<2x18x18x4xf32>, tensor<3x3x4x8xf32>) outs(%17 : tensor<2x16x16x8xf32>) attrs =  {linalg.memoized_indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 + d4, d2 + d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>]} {
      ^bb0(%in: f32, %in_2: f32, %out: f32):
        %20 = arith.mulf %in, %in_2 : f32
        %21 = arith.addf %out, %20 : f32
        linalg.yield %21 : f32
      } -> tensor<2x16x16x8xf32>
      %19 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%18 : tensor<2x16x16x8xf32>) outs(%16 : tensor<2x16x16x8xf32>) {
      ^bb0(%in: f32, %out: f32):
        %20 = arith.maximumf %in, %cst_1 : f32
        linalg.yield %20 : f32
      } -> tensor<2x16x16x8xf32>
      iree_tensor_ext.dispatch.tensor.store %19, %arg6, offsets = [0, 0, 0, 0], sizes = [2, 16, 16, 8], strides = [1, 1, 1, 1] : tensor<2x16x16x8xf32> -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<2x17x17x8xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %8 = flow.tensor.splat %cst_0 : tensor<2x12x12x8xf32>
    %9 = flow.dispatch.workgroups(%7, %8) : (tensor<2x17x17x8xf32>, tensor<2x12x12x8xf32>) -> %8 =
        (%arg4: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x17x17x8xf32>>, %arg5: !iree_tensor_ext.dispatch.tensor<readwrite:tensor<2x12x12x8xf32>>) {
      %cst_1 = arith.constant 0xFF800000 : f32
      %14 = iree_tensor_ext.dispatch.tensor.load %arg4, offsets = [0, 0, 0, 0], sizes = [2, 17, 17, 8], strides = [1, 1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x17x17x8xf32>> -> tensor<2x17x17x8xf32>
      %15 = tensor.empty() : tensor<3x3xf32>
      %16 = tensor.empty() : tensor<2x8x8x8xf32>
      %17 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%16 : tensor<2x8x8x8xf32>) {
      ^bb0(%out: f32):
        linalg.yield %cst_1 : f32
      } -> tensor<2x8x8x8xf32>
      %18 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1 * 2 + d4, d2 * 2 + d5, d3)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%14, %15 : tensor<2x17x17x8xf32>, tensor<3x3xf32>) outs(%17 : tensor<2x8x8x8xf32>) {
      ^bb0(%in: f32, %in_2: f32, %out: f32):
        %19 = arith.maximumf %out, %in : f32
        linalg.yield %19 : f32
      } -> tensor<2x8x8x8xf32>
      iree_tensor_ext.dispatch.tensor.store %18, %arg5, offsets = [0, 2, 2, 0], sizes = [2, 8, 8, 8], strides = [1, 1, 1, 1] : tensor<2x8x8x8xf32> -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<2x12x12x8xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %10 = flow.dispatch.workgroups(%9, %2) : (tensor<2x12x12x8xf32>, tensor<3x3x8x8xf32>) -> tensor<2x8x8x8xf32> =
        (%arg4: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x12x12x8xf32>>, %arg5: !iree_tensor_ext.dispatch.tensor<readonly:tensor<3x3x8x8xf32>>, %arg6: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x8x8x8xf32>>) {
      %cst_1 = arith.constant 0.000000e+00 : f32
      %14 = iree_tensor_ext.dispatch.tensor.load %arg4, offsets = [0, 0, 0, 0], sizes = [2, 12, 12, 8], strides = [1, 1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x12x12x8xf32>> -> tensor<2x12x12x8xf32>
      %15 = iree_tensor_ext.dispatch.tensor.load %arg5, offsets = [0, 0, 0, 0], sizes = [3, 3, 8, 8], strides = [1, 1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<3x3x8x8xf32>> -> tensor<3x3x8x8xf32>
      %16 = tensor.empty() : tensor<2x8x8x8xf32>
      %17 = linalg.fill ins(%cst_1 : f32) outs(%16 : tensor<2x8x8x8xf32>) -> tensor<2x8x8x8xf32>
      %18 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 + d4 * 2, d2 + d5 * 2, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%14, %15 : tensor<2x12x12x8xf32>, tensor<3x3x8x8xf32>) outs(%17 : tensor<2x8x8x8xf32>) attrs =  {linalg.memoized_indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 + d4 * 2, d2 + d5 * 2, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>]} {
      ^bb0(%in: f32, %in_2: f32, %out: f32):
        %19 = arith.mulf %in, %in_2 : f32
        %20 = arith.addf %out, %19 : f32
        linalg.yield %20 : f32
      } -> tensor<2x8x8x8xf32>
      iree_tensor_ext.dispatch.tensor.store %18, %arg6, offsets = [0, 0, 0, 0], sizes = [2, 8, 8, 8], strides = [1, 1, 1, 1] : tensor<2x8x8x8xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x8x8x8xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %11 = flow.tensor.reshape %10 : tensor<2x8x8x8xf32> -> tensor<2x512xf32>
    %12 = flow.dispatch.workgroups(%11, %3) : (tensor<2x512xf32>, tensor<512x10xf32>) -> tensor<2x10xf32> =
        (%arg4: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x512xf32>>, %arg5: !iree_tensor_ext.dispatch.tensor<readonly:tensor<512x10xf32>>, %arg6: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x10xf32>>) {
      %cst_1 = arith.constant 0.000000e+00 : f32
      %14 = iree_tensor_ext.dispatch.tensor.load %arg4, offsets = [0, 0], sizes = [2, 512], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x512xf32>> -> tensor<2x512xf32>
      %15 = iree_tensor_ext.dispatch.tensor.load %arg5, offsets = [0, 0], sizes = [512, 10], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<512x10xf32>> -> tensor<512x10xf32>
      %16 = tensor.empty() : tensor<2x10xf32>
      %17 = linalg.fill ins(%cst_1 : f32) outs(%16 : tensor<2x10xf32>) -> tensor<2x10xf32>
      %18 = linalg.matmul ins(%14, %15 : tensor<2x512xf32>, tensor<512x10xf32>) outs(%17 : tensor<2x10xf32>) -> tensor<2x10xf32>
      iree_tensor_ext.dispatch.tensor.store %18, %arg6, offsets = [0, 0], sizes = [2, 10], strides = [1, 1] : tensor<2x10xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x10xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %13 = hal.tensor.export %12 "output0" : tensor<2x10xf32> -> !hal.buffer_view
    util.return %13 : !hal.buffer_view
  }
}