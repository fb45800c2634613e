module @jit_mlp_scan {
  util.func public @main(%arg0: !hal.buffer_view, %arg1: !hal.buffer_view, %arg2: !hal.buffer_view, %arg3: !hal.buffer_view, %arg4: !hal.buffer_view) -> !hal.buffer_view attributes {iree.abi.stub, iree.reflection = {iree.abi.declaration = "sync func @main(%input0: tensor<8x64xf32>, %input1: tensor<3x64x128xf32>, %input2: tensor<3x128xf32>, %input3: tensor<3x128x64xf32>, %input4: tensor<3x64xf32>) -> (%output0: tensor<8x64xf32>)"}} {
    %c1_i32 = arith.constant 1 : i32
    %c3_i32 = arith.constant 3 : i32
    %c0_i32 = arith.constant 0 : i32
    %c2 = arith.constant 2 : index
    %0 = hal.tensor.import %arg0 "input0" : !hal.buffer_view -> tensor<8x64xf32>
    %1 = hal.tensor.import %arg1 "input1" : !hal.buffer_view -> tensor<3x64x128xf32>
    %2 = hal.tensor.import %arg2 "input2" : !hal.buffer_view -> tensor<3x128xf32>
    %3 = hal.tensor.import %arg3 "input3" : !hal.buffer_view -> tensor<3x128x64xf32>
    %4 = hal.tensor.import %arg4 "input4" : !hal.buffer_view -> tensor<3x64xf32>
    %5 = scf.for %arg5 = %c0_i32 to %c3_i32 step %c1_i32 iter_args(%arg6 = %0) -> (tensor<8x64xf32>)  : i32 {
      %7 = arith.index_castui %arg5 : i32 to index
      %8 = arith.minui %7, %c2 : index
      %9 = flow.dispatch.workgroups[%8](%2, %8, %1, %arg6) : (tensor<3x128xf32>, index, tensor<3x64x128xf32>, tensor<8x64xf32>) -> tensor<8x128xf32> =
          (%arg7: !iree_tensor_ext.dispatch.tensor<readonly:tensor<3x128xf32>>, %arg8: index, %arg9: !iree_tensor_ext.dispatch.tensor<readonly:tensor<3x64x128xf32>>, %arg10: !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x64xf32>>, %arg11: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x128xf32>>) {
        %cst = arith.constant 0.000000e+00 : f32
        %11 = iree_tensor_ext.dispatch.workload.ordinal %arg8, 0 : index
        %12 = iree_tensor_ext.dispatch.tensor.load %arg10, offsets = [0, 0], sizes = [8, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x64xf32>> -> tensor<8x64xf32>
        %13 = tensor.empty() : tensor<8x128xf32>
        %14 = iree_tensor_ext.dispatch.tensor.load %arg7, offsets = [%11, 0], sizes = [1, 128], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<3x128xf32>> -> tensor<128xf32>
        %15 = linalg.fill ins(%cst : f32) outs(%13 : tensor<8x128xf32>) -> tensor<8x128xf32>
        %16 = iree_tensor_ext.dispatch.tensor.load %arg9, offsets = [%11, 0, 0], sizes = [1, 64, 128], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<3x64x128xf32>> -> tensor<64x128xf32>
        %17 = linalg.matmul ins(%12, %16 : tensor<8x64xf32>, tensor<64x128xf32>) outs(%15 : tensor<8x128xf32>) -> tensor<8x128xf32>
        %18 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%17, %14 : tensor<8x128xf32>, tensor<128xf32>) outs(%13 : tensor<8x128xf32>) {
        ^bb0(%in: f32, %in_0: f32, %out: f32):
          %19 = arith.addf %in, %in_0 : f32
          %20 = arith.maximumf %19, %cst : f32
          linalg.yield %20 : f32
        } -> tensor<8x128xf32>
        iree_tensor_ext.dispatch.tensor.store %18, %arg11, offsets = [0, 0], sizes = [8, 128], strides = [1, 1] : tensor<8x128xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x128xf32>>
        flow.return
      } count(%arg7: index) -> (index, index, index) {
        %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%arg7)
        flow.return %x, %y, %z : index, index, index
      }
      %10 = flow.dispatch.workgroups[%8](%4, %8, %3, %9, %arg6) : (tensor<3x64xf32>, index, tensor<3x128x64xf32>, tensor<8x128xf32>, tensor<8x64xf32>) -> tensor<8x64xf32> =
          (%arg7: !iree_tensor_ext.dispatch.tensor<readonly:tensor<3x64xf32>>, %arg8: index, %arg9: !iree_tensor_ext.dispatch.tensor<readonly:tensor<3x128x64xf32>>, %arg10: !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x128xf32>>, %arg11: !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x64xf32>>, %arg12: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x64xf32>>) {
        %cst = arith.constant 0.000000e+00 : f32
        %11 = iree_tensor_ext.dispatch.workload.ordinal %arg8, 0 : index
        %12 = iree_tensor_ext.dispatch.tensor.load %arg10, offsets = [0, 0], sizes = [8, 128], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x128xf32>> -> tensor<8x128xf32>
        %13 = iree_tensor_ext.dispatch.tensor.load %arg11, offsets = [0, 0], sizes = [8, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x64xf32>> -> tensor<8x64xf32>
        %14 = tensor.empty() : tensor<8x64xf32>
        %15 = iree_tensor_ext.dispatch.tensor.load %arg7, offsets = [%11, 0], sizes = [1, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<3x64xf32>> -> tensor<64xf32>
        %16 = iree_tensor_ext.dispatch.tensor.load %arg9, offsets = [%11, 0, 0], sizes = [1, 128, 64], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<3x128x64xf32>> -> tensor<128x64xf32>
        %17 = linalg.fill ins(%cst : f32) outs(%14 : tensor<8x64xf32>) -> tensor<8x64xf32>
        %18 = linalg.matmul ins(%12, %16 : tensor<8x128xf32>, tensor<128x64xf32>) outs(%17 : tensor<8x64xf32>) -> tensor<8x64xf32>
        %19 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%18, %15, %13 : tensor<8x64xf32>, tensor<64xf32>, tensor<8x64xf32>) outs(%14 : tensor<8x64xf32>) {
        ^bb0(%in: f32, %in_0: f32, %in_1: f32, %out: f32):
          %20 = arith.addf %in, %in_0 : f32
          %21 = arith.addf %20, %in_1 : f32
          linalg.yield %21 : f32
        } -> tensor<8x64xf32>
        iree_tensor_ext.dispatch.tensor.store %19, %arg12, offsets = [0, 0], sizes = [8, 64], strides = [1, 1] : tensor<8x64xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x64xf32>>
        flow.return
      } count(%arg7: index) -> (index, index, index) {
        %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%arg7)
        flow.return %x, %y, %z : index, index, index
      }
      scf.yield %10 : tensor<8x64xf32>
    }
    %6 = hal.tensor.export %5 "output0" : tensor<8x64xf32> -> !hal.buffer_view
    util.return %6 : !hal.buffer_view
  }
}