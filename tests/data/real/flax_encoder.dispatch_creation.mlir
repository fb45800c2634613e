module @jit_encoder {
  util.func public @main(%arg0: !hal.buffer_view, %arg1: !hal.buffer_view, %arg2: !hal.buffer_view, %arg3: !hal.buffer_view, %arg4: !hal.buffer_view, %arg5: !hal.buffer_view, %arg6: !hal.buffer_view, %arg7: !hal.buffer_view, %arg8: !hal.buffer_view, %arg9: !hal.buffer_view, %arg10: !hal.buffer_view, %arg11: !hal.buffer_view, %arg12: !hal.buffer_view, %arg13: !hal.buffer_view, %arg14: !hal.buffer_view, %arg15: !hal.buffer_view, %arg16: !hal.buffer_view) -> !hal.buffer_view attributes {iree.abi.stub, iree.reflection = {iree.abi.declaration = "sync func @main(%input0: tensor<4x16xf32>, %input1: tensor<64x4x16xf32>, %input2: tensor<64xf32>, %input3: tensor<4x16x64xf32>, %input4: tensor<4x16xf32>, %input5: tensor<64x4x16xf32>, %input6: tensor<4x16xf32>, %input7: tensor<64x4x16xf32>, %input8: tensor<128xf32>, %input9: tensor<64x128xf32>, %input10: tensor<64xf32>, %input11: tensor<128x64xf32>, %input12: tensor<64xf32>, %input13: tensor<64xf32>, %input14: tensor<64xf32>, %input15: tensor<64xf32>, %input16: tensor<2x16x64xf32>) -> (%output0: tensor<2x16x64xf32>)"}} {
    %0 = hal.tensor.import %arg0 "input0" : !hal.buffer_view -> tensor<4x16xf32>
    %1 = hal.tensor.import %arg1 "input1" : !hal.buffer_view -> tensor<64x4x16xf32>
    %2 = hal.tensor.import %arg2 "input2" : !hal.buffer_view -> tensor<64xf32>
    %3 = hal.tensor.import %arg3 "input3" : !hal.buffer_view -> tensor<4x16x64xf32>
    %4 = hal.tensor.import %arg4 "input4" : !hal.buffer_view -> tensor<4x16xf32>
    %5 = hal.tensor.import %arg5 "input5" : !hal.buffer_view -> tensor<64x4x16xf32>
    %6 = hal.tensor.import %arg6 "input6" : !hal.buffer_view -> tensor<4x16xf32>
    %7 = hal.tensor.import %arg7 "input7" : !hal.buffer_view -> tensor<64x4x16xf32>
    %8 = hal.tensor.import %arg8 "input8" : !hal.buffer_view -> tensor<128xf32>
    %9 = hal.tensor.import %arg9 "input9" : !hal.buffer_view -> tensor<64x128xf32>
    %10 = hal.tensor.import %arg10 "input10" : !hal.buffer_view -> tensor<64xf32>
    %11 = hal.tensor.import %arg11 "input11" : !hal.buffer_view -> tensor<128x64xf32>
    %12 = hal.tensor.import %arg12 "input12" : !hal.buffer_view -> tensor<64xf32>
    %13 = hal.tensor.import %arg13 "input13" : !hal.buffer_view -> tensor<64xf32>
    %14 = hal.tensor.import %arg14 "input14" : !hal.buffer_view -> tensor<64xf32>
    %15 = hal.tensor.import %arg15 "input15" : !hal.buffer_view -> tensor<64xf32>
    %16 = hal.tensor.import %arg16 "input16" : !hal.buffer_view -> tensor<2x16x64xf32>
    %17 = flow.tensor.reshape %16 : tensor<2x16x64xf32> -> tensor<32x64xf32>
    %18 = flow.tensor.reshape %5 : tensor<64x4x16xf32> -> tensor<64x64xf32>
    %19 = flow.dispatch.workgroups(%17, %18) : (tensor<32x64xf32>, tensor<64x64xf32>) -> tensor<32x64xf32> =
        (%arg17: !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>>, %arg18: !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x64xf32>>, %arg19: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x64xf32>>) {
      %cst = arith.constant 0.000000e+00 : f32
      %53 = iree_tensor_ext.dispatch.tensor.load %arg17, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>> -> tensor<32x64xf32>
      %54 = iree_tensor_ext.dispatch.tensor.load %arg18, offsets = [0, 0], sizes = [64, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x64xf32>> -> tensor<64x64xf32>
      %55 = tensor.empty() : tensor<32x64xf32>
      %56 = linalg.fill ins(%cst : f32) outs(%55 : tensor<32x64xf32>) -> tensor<32x64xf32>
      %57 = linalg.matmul ins(%53, %54 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%56 : tensor<32x64xf32>) -> tensor<32x64xf32>
      iree_tensor_ext.dispatch.tensor.store %57, %arg19, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : tensor<32x64xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x64xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %20 = flow.tensor.reshape %19 : tensor<32x64xf32> -> tensor<2x16x4x16xf32>
    %21 = flow.tensor.reshape %1 : tensor<64x4x16xf32> -> tensor<64x64xf32>
    %22 = flow.dispatch.workgroups(%17, %21) : (tensor<32x64xf32>, tensor<64x64xf32>) -> tensor<32x64xf32> =
        (%arg17: !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>>, %arg18: !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x64xf32>>, %arg19: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x64xf32>>) {
      %cst = arith.constant 0.000000e+00 : f32
      %53 = iree_tensor_ext.dispatch.tensor.load %arg17, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>> -> tensor<32x64xf32>
      %54 = iree_tensor_ext.dispatch.tensor.load %arg18, offsets = [0, 0], sizes = [64, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x64xf32>> -> tensor<64x64xf32>
      %55 = tensor.empty() : tensor<32x64xf32>
      %56 = linalg.fill ins(%cst : f32) outs(%55 : tensor<32x64xf32>) -> tensor<32x64xf32>
      %57 = linalg.matmul ins(%53, %54 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%56 : tensor<32x64xf32>) -> tensor<32x64xf32>
      iree_tensor_ext.dispatch.tensor.store %57, %arg19, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : tensor<32x64xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x64xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %23 = flow.tensor.reshape %7 : tensor<64x4x16xf32> -> tensor<64x64xf32>
    %24 = flow.dispatch.workgroups(%17, %23) : (tensor<32x64xf32>, tensor<64x64xf32>) -> tensor<32x64xf32> =
        (%arg17: !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>>, %arg18: !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x64xf32>>, %arg19: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x64xf32>>) {
      %cst = arith.constant 0.000000e+00 : f32
      %53 = iree_tensor_ext.dispatch.tensor.load %arg17, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>> -> tensor<32x64xf32>
      %54 = iree_tensor_ext.dispatch.tensor.load %arg18, offsets = [0, 0], sizes = [64, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x64xf32>> -> tensor<64x64xf32>
      %55 = tensor.empty() : tensor<32x64xf32>
      %56 = linalg.fill ins(%cst : f32) outs(%55 : tensor<32x64xf32>) -> tensor<32x64xf32>
      %57 = linalg.matmul ins(%53, %54 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%56 : tensor<32x64xf32>) -> tensor<32x64xf32>
      iree_tensor_ext.dispatch.tensor.store %57, %arg19, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : tensor<32x64xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x64xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %25 = flow.dispatch.workgroups(%20, %4) : (tensor<2x16x4x16xf32>, tensor<4x16xf32>) -> tensor<2x4x16x16xf32> =
        (%arg17: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x16x4x16xf32>>, %arg18: !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x16xf32>>, %arg19: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x4x16x16xf32>>) {
      %cst = arith.constant 4.000000e+00 : f32
      %53 = iree_tensor_ext.dispatch.tensor.load %arg17, offsets = [0, 0, 0, 0], sizes = [2, 16, 4, 16], strides = [1, 1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x16x4x16xf32>> -> tensor<2x16x4x16xf32>
      %54 = iree_tensor_ext.dispatch.tensor.load %arg18, offsets = [0, 0], sizes = [4, 16], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x16xf32>> -> tensor<4x16xf32>
      %55 = tensor.empty() : tensor<2x4x16x16xf32>
      %56 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%53, %54 : tensor<2x16x4x16xf32>, tensor<4x16xf32>) outs(%55 : tensor<2x4x16x16xf32>) {
      ^bb0(%in: f32, %in_0: f32, %out: f32):
        %57 = arith.addf %in, %in_0 : f32
        %58 = arith.divf %57, %cst : f32
        linalg.yield %58 : f32
      } -> tensor<2x4x16x16xf32>
      iree_tensor_ext.dispatch.tensor.store %56, %arg19, offsets = [0, 0, 0, 0], sizes = [2, 4, 16, 16], strides = [1, 1, 1, 1] : tensor<2x4x16x16xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x4x16x16xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %26 = flow.tensor.reshape %22 : tensor<32x64xf32> -> tensor<2x16x64xf32>
    %27 = flow.tensor.reshape %0 : tensor<4x16xf32> -> tensor<64xf32>
    %28 = flow.dispatch.workgroups(%26, %27) : (tensor<2x16x64xf32>, tensor<64xf32>) -> tensor<2x64x16xf32> =
        (%arg17: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x16x64xf32>>, %arg18: !iree_tensor_ext.dispatch.tensor<readonly:tensor<64xf32>>, %arg19: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x64x16xf32>>) {
      %53 = iree_tensor_ext.dispatch.tensor.load %arg17, offsets = [0, 0, 0], sizes = [2, 16, 64], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x16x64xf32>> -> tensor<2x16x64xf32>
      %54 = iree_tensor_ext.dispatch.tensor.load %arg18, offsets = [0], sizes = [64], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<64xf32>> -> tensor<64xf32>
      %55 = tensor.empty() : tensor<2x64x16xf32>
      %56 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d2, d1)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%53, %54 : tensor<2x16x64xf32>, tensor<64xf32>) outs(%55 : tensor<2x64x16xf32>) {
      ^bb0(%in: f32, %in_0: f32, %out: f32):
        %57 = arith.addf %in, %in_0 : f32
        linalg.yield %57 : f32
      } -> tensor<2x64x16xf32>
      iree_tensor_ext.dispatch.tensor.store %56, %arg19, offsets = [0, 0, 0], sizes = [2, 64, 16], strides = [1, 1, 1] : tensor<2x64x16xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x64x16xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %29 = flow.tensor.reshape %25 : tensor<2x4x16x16xf32> -> tensor<8x16x16xf32>
    %30 = flow.tensor.reshape %28 : tensor<2x64x16xf32> -> tensor<8x16x16xf32>
    %31 = flow.dispatch.workgroups(%29, %30) : (tensor<8x16x16xf32>, tensor<8x16x16xf32>) -> tensor<8x16x16xf32> =
        (%arg17: !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x16x16xf32>>, %arg18: !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x16x16xf32>>, %arg19: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x16x16xf32>>) {
      %cst = arith.constant 0.000000e+00 : f32
      %53 = iree_tensor_ext.dispatch.tensor.load %arg17, offsets = [0, 0, 0], sizes = [8, 16, 16], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x16x16xf32>> -> tensor<8x16x16xf32>
      %54 = iree_tensor_ext.dispatch.tensor.load %arg18, offsets = [0, 0, 0], sizes = [8, 16, 16], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x16x16xf32>> -> tensor<8x16x16xf32>
      %55 = tensor.empty() : tensor<8x16x16xf32>
      %56 = linalg.fill ins(%cst : f32) outs(%55 : tensor<8x16x16xf32>) -> tensor<8x16x16xf32>
      %57 = linalg.batch_matmul ins(%53, %54 : tensor<8x16x16xf32>, tensor<8x16x16xf32>) outs(%56 : tensor<8x16x16xf32>) -> tensor<8x16x16xf32>
      iree_tensor_ext.dispatch.tensor.store %57, %arg19, offsets = [0, 0, 0], sizes = [8, 16, 16], strides = [1, 1, 1] : tensor<8x16x16xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x16x16xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %32 = flow.tensor.reshape %31 : tensor<8x16x16xf32> -> tensor<2x4x16x16xf32>
    %33 = flow.dispatch.workgroups(%32) : (tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32> =
        (%arg17: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x4x16x16xf32>>, %arg18: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x4x16x16xf32>>) {
      %53 = iree_tensor_ext.dispatch.tensor.load %arg17, offsets = [0, 0, 0, 0], sizes = [2, 4, 16, 16], strides = [1, 1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x4x16x16xf32>> -> tensor<2x4x16x16xf32>
      %54 = tensor.empty() : tensor<2x4x16x16xf32>
      %55 = linalg.softmax dimension(3) ins(%53 : tensor<2x4x16x16xf32>) outs(%54 : tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
      %56 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d3, d2)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%55 : tensor<2x4x16x16xf32>) outs(%54 : tensor<2x4x16x16xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<2x4x16x16xf32>
      iree_tensor_ext.dispatch.tensor.store %56, %arg18, offsets = [0, 0, 0, 0], sizes = [2, 4, 16, 16], strides = [1, 1, 1, 1] : tensor<2x4x16x16xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x4x16x16xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %34 = flow.tensor.reshape %24 : tensor<32x64xf32> -> tensor<2x16x64xf32>
    %35 = flow.tensor.reshape %6 : tensor<4x16xf32> -> tensor<64xf32>
    %36 = flow.dispatch.workgroups(%34, %35) : (tensor<2x16x64xf32>, tensor<64xf32>) -> tensor<2x64x16xf32> =
        (%arg17: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x16x64xf32>>, %arg18: !iree_tensor_ext.dispatch.tensor<readonly:tensor<64xf32>>, %arg19: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x64x16xf32>>) {
      %53 = iree_tensor_ext.dispatch.tensor.load %arg17, offsets = [0, 0, 0], sizes = [2, 16, 64], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x16x64xf32>> -> tensor<2x16x64xf32>
      %54 = iree_tensor_ext.dispatch.tensor.load %arg18, offsets = [0], sizes = [64], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<64xf32>> -> tensor<64xf32>
      %55 = tensor.empty() : tensor<2x64x16xf32>
      %56 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d2, d1)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%53, %54 : tensor<2x16x64xf32>, tensor<64xf32>) outs(%55 : tensor<2x64x16xf32>) {
      ^bb0(%in: f32, %in_0: f32, %out: f32):
        %57 = arith.addf %in, %in_0 : f32
        linalg.yield %57 : f32
      } -> tensor<2x64x16xf32>
      iree_tensor_ext.dispatch.tensor.store %56, %arg19, offsets = [0, 0, 0], sizes = [2, 64, 16], strides = [1, 1, 1] : tensor<2x64x16xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x64x16xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %37 = flow.tensor.reshape %36 : tensor<2x64x16xf32> -> tensor<8x16x16xf32>
    %38 = flow.tensor.reshape %33 : tensor<2x4x16x16xf32> -> tensor<8x16x16xf32>
    %39 = flow.dispatch.workgroups(%37, %38) : (tensor<8x16x16xf32>, tensor<8x16x16xf32>) -> tensor<8x16x16xf32> =
        (%arg17: !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x16x16xf32>>, %arg18: !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x16x16xf32>>, %arg19: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x16x16xf32>>) {
      %cst = arith.constant 0.000000e+00 : f32
      %53 = iree_tensor_ext.dispatch.tensor.load %arg17, offsets = [0, 0, 0], sizes = [8, 16, 16], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x16x16xf32>> -> tensor<8x16x16xf32>
      %54 = iree_tensor_ext.dispatch.tensor.load %arg18, offsets = [0, 0, 0], sizes = [8, 16, 16], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x16x16xf32>> -> tensor<8x16x16xf32>
      %55 = tensor.empty() : tensor<8x16x16xf32>
      %56 = linalg.fill ins(%cst : f32) outs(%55 : tensor<8x16x16xf32>) -> tensor<8x16x16xf32>
      %57 = linalg.batch_matmul ins(%53, %54 : tensor<8x16x16xf32>, tensor<8x16x16xf32>) outs(%56 : tensor<8x16x16xf32>) -> tensor<8x16x16xf32>
      iree_tensor_ext.dispatch.tensor.store %57, %arg19, offsets = [0, 0, 0], sizes = [8, 16, 16], strides = [1, 1, 1] : tensor<8x16x16xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x16x16xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %40 = flow.tensor.reshape %39 : tensor<8x16x16xf32> -> tensor<2x64x16xf32>
    %41 = flow.dispatch.workgroups(%40) : (tensor<2x64x16xf32>) -> tensor<2x16x64xf32> =
        (%arg17: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x64x16xf32>>, %arg18: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x16x64xf32>>) {
      %53 = iree_tensor_ext.dispatch.tensor.load %arg17, offsets = [0, 0, 0], sizes = [2, 64, 16], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x64x16xf32>> -> tensor<2x64x16xf32>
      %54 = tensor.empty() : tensor<2x16x64xf32>
      %55 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2, d1)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%53 : tensor<2x64x16xf32>) outs(%54 : tensor<2x16x64xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<2x16x64xf32>
      iree_tensor_ext.dispatch.tensor.store %55, %arg18, offsets = [0, 0, 0], sizes = [2, 16, 64], strides = [1, 1, 1] : tensor<2x16x64xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x16x64xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %42 = flow.tensor.reshape %41 : tensor<2x16x64xf32> -> tensor<32x64xf32>
    %43 = flow.tensor.reshape %3 : tensor<4x16x64xf32> -> tensor<64x64xf32>
    %44 = flow.dispatch.workgroups(%42, %43, %17, %2) : (tensor<32x64xf32>, tensor<64x64xf32>, tensor<32x64xf32>, tensor<64xf32>) -> tensor<32x64xf32> =
        (%arg17: !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>>, %arg18: !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x64xf32>>, %arg19: !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>>, %arg20: !iree_tensor_ext.dispatch.tensor<readonly:tensor<64xf32>>, %arg21: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x64xf32>>) {
      %cst = arith.constant 0.000000e+00 : f32
      %53 = iree_tensor_ext.dispatch.tensor.load %arg17, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>> -> tensor<32x64xf32>
      %54 = iree_tensor_ext.dispatch.tensor.load %arg18, offsets = [0, 0], sizes = [64, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x64xf32>> -> tensor<64x64xf32>
      %55 = iree_tensor_ext.dispatch.tensor.load %arg19, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>> -> tensor<32x64xf32>
      %56 = iree_tensor_ext.dispatch.tensor.load %arg20, offsets = [0], sizes = [64], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<64xf32>> -> tensor<64xf32>
      %57 = tensor.empty() : tensor<32x64xf32>
      %58 = linalg.fill ins(%cst : f32) outs(%57 : tensor<32x64xf32>) -> tensor<32x64xf32>
      %59 = linalg.matmul ins(%53, %54 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%58 : tensor<32x64xf32>) -> tensor<32x64xf32>
      %60 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%55, %59, %56 : tensor<32x64xf32>, tensor<32x64xf32>, tensor<64xf32>) outs(%57 : tensor<32x64xf32>) {
      ^bb0(%in: f32, %in_0: f32, %in_1: f32, %out: f32):
        %61 = arith.addf %in_0, %in_1 : f32
        %62 = arith.addf %in, %61 : f32
        linalg.yield %62 : f32
      } -> tensor<32x64xf32>
      iree_tensor_ext.dispatch.tensor.store %60, %arg21, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : tensor<32x64xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x64xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %45 = flow.dispatch.workgroups(%44) : (tensor<32x64xf32>) -> tensor<32xf32> =
        (%arg17: !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>>, %arg18: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32xf32>>) {
      %cst = arith.constant 0.000000e+00 : f32
      %53 = iree_tensor_ext.dispatch.tensor.load %arg17, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>> -> tensor<32x64xf32>
      %54 = tensor.empty() : tensor<32xf32>
      %55 = linalg.fill ins(%cst : f32) outs(%54 : tensor<32xf32>) -> tensor<32xf32>
      %56 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%53 : tensor<32x64xf32>) outs(%55 : tensor<32xf32>) {
      ^bb0(%in: f32, %out: f32):
        %57 = arith.mulf %in, %in : f32
        %58 = arith.addf %out, %57 : f32
        linalg.yield %58 : f32
      } -> tensor<32xf32>
      iree_tensor_ext.dispatch.tensor.store %56, %arg18, offsets = [0], sizes = [32], strides = [1] : tensor<32xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %46 = flow.dispatch.workgroups(%44, %45, %13, %12) : (tensor<32x64xf32>, tensor<32xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<32x64xf32> =
        (%arg17: !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>>, %arg18: !iree_tensor_ext.dispatch.tensor<readonly:tensor<32xf32>>, %arg19: !iree_tensor_ext.dispatch.tensor<readonly:tensor<64xf32>>, %arg20: !iree_tensor_ext.dispatch.tensor<readonly:tensor<64xf32>>, %arg21: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x64xf32>>) {
      %cst = arith.constant 6.400000e+01 : f32
      %cst_0 = arith.constant 0.000000e+00 : f32
      %cst_1 = arith.constant 9.99999997E-7 : f32
      %53 = iree_tensor_ext.dispatch.tensor.load %arg17, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>> -> tensor<32x64xf32>
      %54 = iree_tensor_ext.dispatch.tensor.load %arg18, offsets = [0], sizes = [32], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32xf32>> -> tensor<32xf32>
      %55 = iree_tensor_ext.dispatch.tensor.load %arg19, offsets = [0], sizes = [64], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<64xf32>> -> tensor<64xf32>
      %56 = iree_tensor_ext.dispatch.tensor.load %arg20, offsets = [0], sizes = [64], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<64xf32>> -> tensor<64xf32>
      %57 = tensor.empty() : tensor<32xf32>
      %58 = linalg.fill ins(%cst_0 : f32) outs(%57 : tensor<32xf32>) -> tensor<32xf32>
      %59 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%53 : tensor<32x64xf32>) outs(%58 : tensor<32xf32>) {
      ^bb0(%in: f32, %out: f32):
        %62 = arith.addf %out, %in : f32
        linalg.yield %62 : f32
      } -> tensor<32xf32>
      %60 = tensor.empty() : tensor<32x64xf32>
      %61 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%53, %59, %54, %55, %56 : tensor<32x64xf32>, tensor<32xf32>, tensor<32xf32>, tensor<64xf32>, tensor<64xf32>) outs(%60 : tensor<32x64xf32>) {
      ^bb0(%in: f32, %in_2: f32, %in_3: f32, %in_4: f32, %in_5: f32, %out: f32):
        %62 = arith.divf %in_2, %cst : f32
        %63 = arith.mulf %62, %62 : f32
        %64 = arith.divf %in_3, %cst : f32
        %65 = arith.subf %64, %63 : f32
        %66 = arith.maximumf %65, %cst_0 : f32
        %67 = arith.addf %66, %cst_1 : f32
        %68 = math.rsqrt %67 : f32
        %69 = arith.mulf %68, %in_4 : f32
        %70 = arith.subf %in, %62 : f32
        %71 = arith.mulf %70, %69 : f32
        %72 = arith.addf %71, %in_5 : f32
        linalg.yield %72 : f32
      } -> tensor<32x64xf32>
      iree_tensor_ext.dispatch.tensor.store %61, %arg21, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : tensor<32x64xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x64xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %47 = flow.dispatch.workgroups(%46, %9, %8) : (tensor<32x64xf32>, tensor<64x128xf32>, tensor<128xf32>) -> tensor<32x128xf32> =
        (%arg17: !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>>, %arg18: !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x128xf32>>, %arg19: !iree_tensor_ext.dispatch.tensor<readonly:tensor<128xf32>>, %arg20: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x128xf32>>) {
      %cst = arith.constant 0.000000e+00 : f32
      %cst_0 = arith.constant 4.471500e-02 : f32
      %cst_1 = arith.constant 0.797884583 : f32
      %cst_2 = arith.constant 1.000000e+00 : f32
      %cst_3 = arith.constant 5.000000e-01 : f32
      %53 = iree_tensor_ext.dispatch.tensor.load %arg17, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>> -> tensor<32x64xf32>
      %54 = iree_tensor_ext.dispatch.tensor.load %arg18, offsets = [0, 0], sizes = [64, 128], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x128xf32>> -> tensor<64x128xf32>
      %55 = iree_tensor_ext.dispatch.tensor.load %arg19, offsets = [0], sizes = [128], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<128xf32>> -> tensor<128xf32>
      %56 = tensor.empty() : tensor<32x128xf32>
      %57 = linalg.fill ins(%cst : f32) outs(%56 : tensor<32x128xf32>) -> tensor<32x128xf32>
      %58 = linalg.matmul ins(%53, %54 : tensor<32x64xf32>, tensor<64x128xf32>) outs(%57 : tensor<32x128xf32>) -> tensor<32x128xf32>
      %59 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%58, %55 : tensor<32x128xf32>, tensor<128xf32>) outs(%56 : tensor<32x128xf32>) {
      ^bb0(%in: f32, %in_4: f32, %out: f32):
        %60 = arith.addf %in, %in_4 : f32
        %61 = arith.mulf %60, %60 : f32
        %62 = arith.mulf %61, %60 : f32
        %63 = arith.mulf %62, %cst_0 : f32
        %64 = arith.addf %60, %63 : f32
        %65 = arith.mulf %64, %cst_1 : f32
        %66 = math.tanh %65 : f32
        %67 = arith.addf %66, %cst_2 : f32
        %68 = arith.mulf %67, %cst_3 : f32
        %69 = arith.mulf %60, %68 : f32
        linalg.yield %69 : f32
      } -> tensor<32x128xf32>
      iree_tensor_ext.dispatch.tensor.store %59, %arg20, offsets = [0, 0], sizes = [32, 128], strides = [1, 1] : tensor<32x128xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x128xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %48 = flow.dispatch.workgroups(%47, %11, %46, %10) : (tensor<32x128xf32>, tensor<128x64xf32>, tensor<32x64xf32>, tensor<64xf32>) -> tensor<32x64xf32> =
        (%arg17: !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x128xf32>>, %arg18: !iree_tensor_ext.dispatch.tensor<readonly:tensor<128x64xf32>>, %arg19: !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>>, %arg20: !iree_tensor_ext.dispatch.tensor<readonly:tensor<64xf32>>, %arg21: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x64xf32>>) {
      %cst = arith.constant 0.000000e+00 : f32
      %53 = iree_tensor_ext.dispatch.tensor.load %arg17, offsets = [0, 0], sizes = [32, 128], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x128xf32>> -> tensor<32x128xf32>
      %54 = iree_tensor_ext.dispatch.tensor.load %arg18, offsets = [0, 0], sizes = [128, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<128x64xf32>> -> tensor<128x64xf32>
      %55 = iree_tensor_ext.dispatch.tensor.load %arg19, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>> -> tensor<32x64xf32>
      %56 = iree_tensor_ext.dispatch.tensor.load %arg20, offsets = [0], sizes = [64], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<64xf32>> -> tensor<64xf32>
      %57 = tensor.empty() : tensor<32x64xf32>
      %58 = linalg.fill ins(%cst : f32) outs(%57 : tensor<32x64xf32>) -> tensor<32x64xf32>
      %59 = linalg.matmul ins(%53, %54 : tensor<32x128xf32>, tensor<128x64xf32>) outs(%58 : tensor<32x64xf32>) -> tensor<32x64xf32>
      %60 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%55, %59, %56 : tensor<32x64xf32>, tensor<32x64xf32>, tensor<64xf32>) outs(%57 : tensor<32x64xf32>) {
      ^bb0(%in: f32, %in_0: f32, %in_1: f32, %out: f32):
        %61 = arith.addf %in_0, %in_1 : f32
        %62 = arith.addf %in, %61 : f32
        linalg.yield %62 : f32
      } -> tensor<32x64xf32>
      iree_tensor_ext.dispatch.tensor.store %60, %arg21, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : tensor<32x64xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x64xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %49 = flow.dispatch.workgroups(%48) : (tensor<32x64xf32>) -> tensor<32xf32> =
        (%arg17: !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>>, %arg18: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32xf32>>) {
      %cst = arith.constant 0.000000e+00 : f32
      %53 = iree_tensor_ext.dispatch.tensor.load %arg17, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>> -> tensor<32x64xf32>
      %54 = tensor.empty() : tensor<32xf32>
      %55 = linalg.fill ins(%cst : f32) outs(%54 : tensor<32xf32>) -> tensor<32xf32>
      %56 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%53 : tensor<32x64xf32>) outs(%55 : tensor<32xf32>) {
      ^bb0(%in: f32, %out: f32):
        %57 = arith.mulf %in, %in : f32
        %58 = arith.addf %out, %57 : f32
        linalg.yield %58 : f32
      } -> tensor<32xf32>
      iree_tensor_ext.dispatch.tensor.store %56, %arg18, offsets = [0], sizes = [32], strides = [1] : tensor<32xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %50 = flow.dispatch.workgroups(%48, %49, %15, %14) : (tensor<32x64xf32>, tensor<32xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<32x64xf32> =
        (%arg17: !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>>, %arg18: !iree_tensor_ext.dispatch.tensor<readonly:tensor<32xf32>>, %arg19: !iree_tensor_ext.dispatch.tensor<readonly:tensor<64xf32>>, %arg20: !iree_tensor_ext.dispatch.tensor<readonly:tensor<64xf32>>, %arg21: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x64xf32>>) {
      %cst = arith.constant 6.400000e+01 : f32
      %cst_0 = arith.constant 0.000000e+00 : f32
      %cst_1 = arith.constant 9.99999997E-7 : f32
      %53 = iree_tensor_ext.dispatch.tensor.load %arg17, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>> -> tensor<32x64xf32>
      %54 = iree_tensor_ext.dispatch.tensor.load %arg18, offsets = [0], sizes = [32], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32xf32>> -> tensor<32xf32>
      %55 = iree_tensor_ext.dispatch.tensor.load %arg19, offsets = [0], sizes = [64], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<64xf32>> -> tensor<64xf32>
      %56 = iree_tensor_ext.dispatch.tensor.load %arg20, offsets = [0], sizes = [64], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<64xf32>> -> tensor<64xf32>
      %57 = tensor.empty() : tensor<32xf32>
      %58 = linalg.fill ins(%cst_0 : f32) outs(%57 : tensor<32xf32>) -> tensor<32xf32>
      %59 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%53 : tensor<32x64xf32>) outs(%58 : tensor<32xf32>) {
      ^bb0(%in: f32, %out: f32):
        %62 = arith.addf %out, %in : f32
        linalg.yield %62 : f32
      } -> tensor<32xf32>
      %60 = tensor.empty() : tensor<32x64xf32>
      %61 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%53, %59, %54, %55, %56 : tensor<32x64xf32>, tensor<32xf32>, tensor<32xf32>, tensor<64xf32>, tensor<64xf32>) outs(%60 : tensor<32x64xf32>) {
      ^bb0(%in: f32, %in_2: f32, %in_3: f32, %in_4: f32, %in_5: f32, %out: f32):
        %62 = arith.divf %in_2, %cst : f32
        %63 = arith.mulf %62, %62 : f32
        %64 = arith.divf %in_3, %cst : f32
        %65 = arith.subf %64, %63 : f32
        %66 = arith.maximumf %65, %cst_0 : f32
        %67 = arith.addf %66, %cst_1 : f32
        %68 = math.rsqrt %67 : f32
        %69 = arith.mulf %68, %in_4 : f32
        %70 = arith.subf %in, %62 : f32
        %71 = arith.mulf %70, %69 : f32
        %72 = arith.addf %71, %in_5 : f32
        linalg.yield %72 : f32
      } -> tensor<32x64xf32>
      iree_tensor_ext.dispatch.tensor.store %61, %arg21, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : tensor<32x64xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x64xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %51 = flow.tensor.reshape %50 : tensor<32x64xf32> -> tensor<2x16x64xf32>
    %52 = hal.tensor.export %51 "output0" : tensor<2x16x64xf32> -> !hal.buffer_view
    util.return %52 : !hal.buffer_view
  }
}