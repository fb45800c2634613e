module @jit_mlp_fori {
  util.func public @main(%arg0: !hal.buffer_view, %arg1: !hal.buffer_view, %arg2: !hal.buffer_view, %arg3: !hal.buffer_view, %arg4: !hal.buffer_view, %arg5: !hal.buffer_view) -> !hal.buffer_view attributes {iree.abi.stub, iree.reflection = {iree.abi.declaration = "sync func @main(%input0: tensor<8x64xf32>, %input1: tensor<3x64x128xf32>, %input2: tensor<3x128xf32>, %input3: tensor<3x128x64xf32>, %input4: tensor<3x64xf32>, %input5: tensor<i32>) -> (%output0: tensor<8x64xf32>)"}} {
    %cst = arith.constant dense<0> : tensor<i32>
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %0 = hal.tensor.import %arg0 "input0" : !hal.buffer_view -> tensor<8x64xf32>
    %1 = hal.tensor.import %arg1 "input1" : !hal.buffer_view -> tensor<3x64x128xf32>
    %2 = hal.tensor.import %arg2 "input2" : !hal.buffer_view -> tensor<3x128xf32>
    %3 = hal.tensor.import %arg3 "input3" : !hal.buffer_view -> tensor<3x128x64xf32>
    %4 = hal.tensor.import %arg4 "input4" : !hal.buffer_view -> tensor<3x64xf32>
    %5 = hal.tensor.import %arg5 "input5" : !hal.buffer_view -> tensor<i32>
    %6 = flow.dispatch.workgroups(%5) : (tensor<i32>) -> tensor<i1> =
        (%arg6: !iree_tensor_ext.dispatch.tensor<readonly:tensor<i32>>, %arg7: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<i1>>) {
      %c0_i32 = arith.constant 0 : i32
      %10 = iree_tensor_ext.dispatch.tensor.load %arg6, offsets = [], sizes = [], strides = [] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<i32>> -> tensor<i32>
      %11 = tensor.empty() : tensor<i1>
      %12 = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []} ins(%10 : tensor<i32>) outs(%11 : tensor<i1>) {
      ^bb0(%in: i32, %out: i1):
        %13 = arith.cmpi sgt, %in, %c0_i32 : i32
        linalg.yield %13 : i1
      } -> tensor<i1>
      iree_tensor_ext.dispatch.tensor.store %12, %arg7, offsets = [], sizes = [], strides = [] : tensor<i1> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<i1>>
      flow.return
    } count() -> (index, index, index) {
      %c1 = arith.constant 1 : index
      flow.return %c1, %c1, %c1 : index, index, index
    }
    %7 = flow.tensor.load %6 : tensor<i1>
    %8 = scf.if %7 -> (tensor<8x64xf32>) {
      %10:2 = scf.while (%arg6 = %cst, %arg7 = %0) : (tensor<i32>, tensor<8x64xf32>) -> (tensor<i32>, tensor<8x64xf32>) {
        %11 = flow.dispatch.workgroups(%arg6) : (tensor<i32>) -> tensor<i32> =
            (%arg8: !iree_tensor_ext.dispatch.tensor<readonly:tensor<i32>>, %arg9: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<i32>>) {
          %c1_i32 = arith.constant 1 : i32
          %21 = iree_tensor_ext.dispatch.tensor.load %arg8, offsets = [], sizes = [], strides = [] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<i32>> -> tensor<i32>
          %22 = tensor.empty() : tensor<i32>
          %23 = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []} ins(%21 : tensor<i32>) outs(%22 : tensor<i32>) {
          ^bb0(%in: i32, %out: i32):
            %24 = arith.addi %in, %c1_i32 : i32
            linalg.yield %24 : i32
          } -> tensor<i32>
          iree_tensor_ext.dispatch.tensor.store %23, %arg9, offsets = [], sizes = [], strides = [] : tensor<i32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<i32>>
          flow.return
        } count() -> (index, index, index) {
          %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
          flow.return %x, %y, %z : index, index, index
        }
        %12 = flow.dispatch.workgroups(%arg6) : (tensor<i32>) -> tensor<i32> =
            (%arg8: !iree_tensor_ext.dispatch.tensor<readonly:tensor<i32>>, %arg9: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<i32>>) {
          %c3_i32 = arith.constant 3 : i32
          %c0_i32 = arith.constant 0 : i32
          %21 = iree_tensor_ext.dispatch.tensor.load %arg8, offsets = [], sizes = [], strides = [] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<i32>> -> tensor<i32>
          %22 = tensor.empty() : tensor<i32>
          %23 = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []} ins(%21 : tensor<i32>) outs(%22 : tensor<i32>) {
          ^bb0(%in: i32, %out: i32):
            %24 = arith.addi %in, %c3_i32 : i32
            %25 = arith.cmpi slt, %in, %c0_i32 : i32
            %26 = arith.select %25, %24, %in : i32
            linalg.yield %26 : i32
          } -> tensor<i32>
          iree_tensor_ext.dispatch.tensor.store %23, %arg9, offsets = [], sizes = [], strides = [] : tensor<i32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<i32>>
          flow.return
        } count() -> (index, index, index) {
          %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
          flow.return %x, %y, %z : index, index, index
        }
        %13 = flow.tensor.load %12 : tensor<i32>
        %14 = arith.index_cast %13 : i32 to index
        %15 = arith.maxsi %14, %c0 : index
        %16 = arith.minui %15, %c2 : index
        %17 = flow.dispatch.workgroups[%16](%2, %16, %1, %arg7) : (tensor<3x128xf32>, index, tensor<3x64x128xf32>, tensor<8x64xf32>) -> tensor<8x128xf32> =
            (%arg8: !iree_tensor_ext.dispatch.tensor<readonly:tensor<3x128xf32>>, %arg9: index, %arg10: !iree_tensor_ext.dispatch.tensor<readonly:tensor<3x64x128xf32>>, %arg11: !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x64xf32>>, %arg12: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x128xf32>>) {
          %cst_0 = arith.constant 0.000000e+00 : f32
          %21 = iree_tensor_ext.dispatch.workload.ordinal %arg9, 0 : index
          %22 = iree_tensor_ext.dispatch.tensor.load %arg11, offsets = [0, 0], sizes = [8, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x64xf32>> -> tensor<8x64xf32>
          %23 = tensor.empty() : tensor<8x128xf32>
          %24 = iree_tensor_ext.dispatch.tensor.load %arg8, offsets = [%21, 0], sizes = [1, 128], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<3x128xf32>> -> tensor<128xf32>
          %25 = linalg.fill ins(%cst_0 : f32) outs(%23 : tensor<8x128xf32>) -> tensor<8x128xf32>
          %26 = iree_tensor_ext.dispatch.tensor.load %arg10, offsets = [%21, 0, 0], sizes = [1, 64, 128], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<3x64x128xf32>> -> tensor<64x128xf32>
          %27 = linalg.matmul ins(%22, %26 : tensor<8x64xf32>, tensor<64x128xf32>) outs(%25 : tensor<8x128xf32>) -> tensor<8x128xf32>
          %28 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%27, %24 : tensor<8x128xf32>, tensor<128xf32>) outs(%23 : tensor<8x128xf32>) {
          ^bb0(%in: f32, %in_1: f32, %out: f32):
            %29 = arith.addf %in, %in_1 : f32
            %30 = arith.maximumf %29, %cst_0 : f32
            linalg.yield %30 : f32
          } -> tensor<8x128xf32>
          iree_tensor_ext.dispatch.tensor.store %28, %arg12, offsets = [0, 0], sizes = [8, 128], strides = [1, 1] : tensor<8x128xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x128xf32>>
          flow.return
        } count(%arg8: index) -> (index, index, index) {
          %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%arg8)
          flow.return %x, %y, %z : index, index, index
        }
        %18 = flow.dispatch.workgroups[%16](%4, %16, %3, %17, %arg7) : (tensor<3x64xf32>, index, tensor<3x128x64xf32>, tensor<8x128xf32>, tensor<8x64xf32>) -> tensor<8x64xf32> =
            (%arg8: !iree_tensor_ext.dispatch.tensor<readonly:tensor<3x64xf32>>, %arg9: index, %arg10: !iree_tensor_ext.dispatch.tensor<readonly:tensor<3x128x64xf32>>, %arg11: !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x128xf32>>, %arg12: !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x64xf32>>, %arg13: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x64xf32>>) {
          %cst_0 = arith.constant 0.000000e+00 : f32
          %21 = iree_tensor_ext.dispatch.workload.ordinal %arg9, 0 : index
          %22 = iree_tensor_ext.dispatch.tensor.load %arg11, offsets = [0, 0], sizes = [8, 128], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x128xf32>> -> tensor<8x128xf32>
          %23 = iree_tensor_ext.dispatch.tensor.load %arg12, offsets = [0, 0], sizes = [8, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x64xf32>> -> tensor<8x64xf32>
          %24 = tensor.empty() : tensor<8x64xf32>
          %25 = iree_tensor_ext.dispatch.tensor.load %arg8, offsets = [%21, 0], sizes = [1, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<3x64xf32>> -> tensor<64xf32>
          %26 = iree_tensor_ext.dispatch.tensor.load %arg10, offsets = [%21, 0, 0], sizes = [1, 128, 64], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<3x128x64xf32>> -> tensor<128x64xf32>
          %27 = linalg.fill ins(%cst_0 : f32) outs(%24 : tensor<8x64xf32>) -> tensor<8x64xf32>
          %28 = linalg.matmul ins(%22, %26 : tensor<8x128xf32>, tensor<128x64xf32>) outs(%27 : tensor<8x64xf32>) -> tensor<8x64xf32>
          %29 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%28, %25, %23 : tensor<8x64xf32>, tensor<64xf32>, tensor<8x64xf32>) outs(%24 : tensor<8x64xf32>) {
          ^bb0(%in: f32, %in_1: f32, %in_2: f32, %out: f32):
            %30 = arith.addf %in, %in_1 : f32
            %31 = arith.addf %30, %in_2 : f32
            linalg.yield %31 : f32
          } -> tensor<8x64xf32>
          iree_tensor_ext.dispatch.tensor.store %29, %arg13, offsets = [0, 0], sizes = [8, 64], strides = [1, 1] : tensor<8x64xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x64xf32>>
          flow.return
        } count(%arg8: index) -> (index, index, index) {
          %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%arg8)
          flow.return %x, %y, %z : index, index, index
        }
        %19 = flow.dispatch.workgroups(%11, %5) : (tensor<i32>, tensor<i32>) -> tensor<i1> =
            (%arg8: !iree_tensor_ext.dispatch.tensor<readonly:tensor<i32>>, %arg9: !iree_tensor_ext.dispatch.tensor<readonly:tensor<i32>>, %arg10: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<i1>>) {
          %21 = iree_tensor_ext.dispatch.tensor.load %arg8, offsets = [], sizes = [], strides = [] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<i32>> -> tensor<i32>
          %22 = iree_tensor_ext.dispatch.tensor.load %arg9, offsets = [], sizes = [], strides = [] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<i32>> -> tensor<i32>
          %23 = tensor.empty() : tensor<i1>
          %24 = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []} ins(%21, %22 : tensor<i32>, tensor<i32>) outs(%23 : tensor<i1>) {
          ^bb0(%in: i32, %in_0: i32, %out: i1):
            %25 = arith.cmpi slt, %in, %in_0 : i32
            linalg.yield %25 : i1
          } -> tensor<i1>
          iree_tensor_ext.dispatch.tensor.store %24, %arg10, offsets = [], sizes = [], strides = [] : tensor<i1> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<i1>>
          flow.return
        } count() -> (index, index, index) {
          %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
          flow.return %x, %y, %z : index, index, index
        }
        %20 = flow.tensor.load %19 : tensor<i1>
        scf.condition(%20) %11, %18 : tensor<i32>, tensor<8x64xf32>
      } do {
      ^bb0(%arg6: tensor<i32>, %arg7: tensor<8x64xf32>):
        scf.yield %arg6, %arg7 : tensor<i32>, tensor<8x64xf32>
      }
      scf.yield %10#1 : tensor<8x64xf32>
    } else {
      scf.yield %0 : tensor<8x64xf32>
    }
    %9 = hal.tensor.export %8 "output0" : tensor<8x64xf32> -> !hal.buffer_view
    util.return %9 : !hal.buffer_view
  }
}