module @jit_llama_gqa_block {
  util.func public @main(%arg0: !hal.buffer_view, %arg1: !hal.buffer_view, %arg2: !hal.buffer_view, %arg3: !hal.buffer_view, %arg4: !hal.buffer_view, %arg5: !hal.buffer_view, %arg6: !hal.buffer_view, %arg7: !hal.buffer_view, %arg8: !hal.buffer_view, %arg9: !hal.buffer_view) -> !hal.buffer_view attributes {iree.abi.stub, iree.reflection = {iree.abi.declaration = "sync func @main(%input0: tensor<2x16x64xf32>, %input1: tensor<64xf32>, %input2: tensor<64x64xf32>, %input3: tensor<64x32xf32>, %input4: tensor<64x32xf32>, %input5: tensor<64x64xf32>, %input6: tensor<64xf32>, %input7: tensor<64x128xf32>, %input8: tensor<64x128xf32>, %input9: tensor<128x64xf32>) -> (%output0: tensor<2x16x64xf32>)"}} {
    %cst = arith.constant dense<"0x0000000000000000000000000000000000000000000000000000000000000000A56A573F7775CC3D57D6233C6E12833AA56A573F7775CC3D57D6233C6E12833AB7C7683FF96F4B3E3ED4A33C6912033BB7C7683FF96F4B3E3ED4A33C6912033BC381103E6D4E973E1FB9F53C939B443BC381103E6D4E973E1FB9F53C939B443BCFBD41BFD761C73EDBCB233D5812833BCFBD41BFD761C73EDBCB233D5812833B107C75BF4477F53EF4B64C3DDED6A33B107C75BF4477F53EF4B64C3DDED6A33B8C0F8FBE698C103FD19C753D599BC43B8C0F8FBE698C103FD19C753D599BC43B4630283F73EB243F323E8F3DC75FE53B4630283F73EB243F323E8F3DC75FE53B95467D3FA6A4373F50AAA33D1312033C95467D3FA6A4373F50AAA33D1312033C3101D33E1D88483F3E12B83D3B74133C3101D33E1D88483F3E12B83D3B74133CF7440BBFA56A573F7675CC3D58D6233CF7440BBFA56A573F7675CC3D58D6233C5CFF7FBF2A26643F72D3E03D6B38343C5CFF7FBF2A26643F72D3E03D6B38343CD85C09BF1D9A6E3FAC2BF53D719A443CD85C09BF1D9A6E3FAC2BF53D719A443C2320D73EC0AB763FD0BE043E6BFC543C2320D73EC0AB763FD0BE043E6BFC543C72987D3F6F467C3F64E40E3E575E653C72987D3F6F467C3F64E40E3E575E653C4479263FD55B7F3F4F06193E34C0753C4479263FD55B7F3F4F06193E34C0753C"> : tensor<16x8xf32>
    %cst_0 = arith.constant dense<"0x0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F40510A3F98B87E3FB9FC7F3FF8FF7F3F40510A3F98B87E3FB9FC7F3FF8FF7F3F3211D5BEA5E57A3FE5F27F3FDEFF7F3F3211D5BEA5E57A3FE5F27F3FDEFF7F3F26707DBFEF90743F83E27F3FB5FF7F3F26707DBFEF90743F83E27F3FB5FF7F3F305527BFA7CA6B3F94CB7F3F7AFF7F3F305527BFA7CA6B3F94CB7F3F7AFF7F3F2B3C913E40A9603F19AE7F3F2EFF7F3F2B3C913E40A9603F19AE7F3F2EFF7F3FB8CD753F3249533F128A7F3FD2FE7F3FB8CD753F3249533F128A7F3FD2FE7F3FBDFF403FB3CC433F815F7F3F65FE7F3FBDFF403FB3CC433F815F7F3F65FE7F3FF6FD14BE5F5B323F662E7F3FE7FD7F3FF6FD14BE5F5B323F662E7F3FE7FD7F3FD53F69BFD4211F3FC2F67E3F59FD7F3FD53F69BFD4211F3FC2F67E3F59FD7F3F64CD56BF40510A3F98B87E3FB9FC7F3F64CD56BF40510A3F98B87E3FB9FC7F3F7205913BC03DE83EE8737E3F09FC7F3F7205913BC03DE83EE8737E3F09FC7F3FD006583FF486B93EB5287E3F48FB7F3FD006583FF486B93EB5287E3F48FB7F3F6F4E683F99F5883E00D77D3F76FA7F3F6F4E683F99F5883E00D77D3F76FA7F3FD8040C3EDF0B2E3ECC7E7D3F94F97F3FD8040C3EDF0B2E3ECC7E7D3F94F97F3FE87A42BFAADE903D1A207D3FA1F87F3FE87A42BFAADE903D1A207D3FA1F87F3F"> : tensor<16x8xf32>
    %0 = hal.tensor.import %arg0 "input0" : !hal.buffer_view -> tensor<2x16x64xf32>
    %1 = hal.tensor.import %arg1 "input1" : !hal.buffer_view -> tensor<64xf32>
    %2 = hal.tensor.import %arg2 "input2" : !hal.buffer_view -> tensor<64x64xf32>
    %3 = hal.tensor.import %arg3 "input3" : !hal.buffer_view -> tensor<64x32xf32>
    %4 = hal.tensor.import %arg4 "input4" : !hal.buffer_view -> tensor<64x32xf32>
    %5 = hal.tensor.import %arg5 "input5" : !hal.buffer_view -> tensor<64x64xf32>
    %6 = hal.tensor.import %arg6 "input6" : !hal.buffer_view -> tensor<64xf32>
    %7 = hal.tensor.import %arg7 "input7" : !hal.buffer_view -> tensor<64x128xf32>
    %8 = hal.tensor.import %arg8 "input8" : !hal.buffer_view -> tensor<64x128xf32>
    %9 = hal.tensor.import %arg9 "input9" : !hal.buffer_view -> tensor<128x64xf32>
    %10 = flow.tensor.reshape %0 : tensor<2x16x64xf32> -> tensor<32x64xf32>
    %11 = flow.dispatch.workgroups(%10, %1) : (tensor<32x64xf32>, tensor<64xf32>) -> tensor<32x64xf32> =
        (%arg10: !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>>, %arg11: !iree_tensor_ext.dispatch.tensor<readonly:tensor<64xf32>>, %arg12: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x64xf32>>) {
      %cst_1 = arith.constant 0.000000e+00 : f32
      %cst_2 = arith.constant 6.400000e+01 : f32
      %cst_3 = arith.constant 9.99999997E-7 : f32
      %42 = iree_tensor_ext.dispatch.tensor.load %arg10, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>> -> tensor<32x64xf32>
      %43 = iree_tensor_ext.dispatch.tensor.load %arg11, offsets = [0], sizes = [64], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<64xf32>> -> tensor<64xf32>
      %44 = tensor.empty() : tensor<32xf32>
      %45 = linalg.fill ins(%cst_1 : f32) outs(%44 : tensor<32xf32>) -> tensor<32xf32>
      %46 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%42 : tensor<32x64xf32>) outs(%45 : tensor<32xf32>) {
      ^bb0(%in: f32, %out: f32):
        %49 = arith.mulf %in, %in : f32
        %50 = arith.addf %out, %49 : f32
        linalg.yield %50 : f32
      } -> tensor<32xf32>
      %47 = tensor.empty() : tensor<32x64xf32>
      %48 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%42, %46, %43 : tensor<32x64xf32>, tensor<32xf32>, tensor<64xf32>) outs(%47 : tensor<32x64xf32>) {
      ^bb0(%in: f32, %in_4: f32, %in_5: f32, %out: f32):
        %49 = arith.divf %in_4, %cst_2 : f32
        %50 = arith.addf %49, %cst_3 : f32
        %51 = math.rsqrt %50 : f32
        %52 = arith.mulf %in, %51 : f32
        %53 = arith.mulf %52, %in_5 : f32
        linalg.yield %53 : f32
      } -> tensor<32x64xf32>
      iree_tensor_ext.dispatch.tensor.store %48, %arg12, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : tensor<32x64xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x64xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %12 = flow.dispatch.workgroups(%11, %2) : (tensor<32x64xf32>, tensor<64x64xf32>) -> tensor<32x64xf32> =
        (%arg10: !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>>, %arg11: !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x64xf32>>, %arg12: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x64xf32>>) {
      %cst_1 = arith.constant 0.000000e+00 : f32
      %42 = iree_tensor_ext.dispatch.tensor.load %arg10, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>> -> tensor<32x64xf32>
      %43 = iree_tensor_ext.dispatch.tensor.load %arg11, offsets = [0, 0], sizes = [64, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x64xf32>> -> tensor<64x64xf32>
      %44 = tensor.empty() : tensor<32x64xf32>
      %45 = linalg.fill ins(%cst_1 : f32) outs(%44 : tensor<32x64xf32>) -> tensor<32x64xf32>
      %46 = linalg.matmul ins(%42, %43 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%45 : tensor<32x64xf32>) -> tensor<32x64xf32>
      iree_tensor_ext.dispatch.tensor.store %46, %arg12, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : tensor<32x64xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x64xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %13 = flow.tensor.reshape %12 : tensor<32x64xf32> -> tensor<2x16x8x2x4xf32>
    %14 = flow.dispatch.workgroups(%11, %3) : (tensor<32x64xf32>, tensor<64x32xf32>) -> tensor<32x32xf32> =
        (%arg10: !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>>, %arg11: !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x32xf32>>, %arg12: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x32xf32>>) {
      %cst_1 = arith.constant 0.000000e+00 : f32
      %42 = iree_tensor_ext.dispatch.tensor.load %arg10, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>> -> tensor<32x64xf32>
      %43 = iree_tensor_ext.dispatch.tensor.load %arg11, offsets = [0, 0], sizes = [64, 32], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x32xf32>> -> tensor<64x32xf32>
      %44 = tensor.empty() : tensor<32x32xf32>
      %45 = linalg.fill ins(%cst_1 : f32) outs(%44 : tensor<32x32xf32>) -> tensor<32x32xf32>
      %46 = linalg.matmul ins(%42, %43 : tensor<32x64xf32>, tensor<64x32xf32>) outs(%45 : tensor<32x32xf32>) -> tensor<32x32xf32>
      iree_tensor_ext.dispatch.tensor.store %46, %arg12, offsets = [0, 0], sizes = [32, 32], strides = [1, 1] : tensor<32x32xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x32xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %15 = flow.tensor.reshape %14 : tensor<32x32xf32> -> tensor<2x16x4x2x4xf32>
    %16 = flow.tensor.reshape %14 : tensor<32x32xf32> -> tensor<2x16x4x8xf32>
    %17 = flow.dispatch.workgroups(%15, %16, %cst_0, %cst) : (tensor<2x16x4x2x4xf32>, tensor<2x16x4x8xf32>, tensor<16x8xf32>, tensor<16x8xf32>) -> tensor<2x16x4x8xf32> =
        (%arg10: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x16x4x2x4xf32>>, %arg11: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x16x4x8xf32>>, %arg12: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x8xf32>>, %arg13: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x8xf32>>, %arg14: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x16x4x8xf32>>) {
      %c4 = arith.constant 4 : index
      %c1 = arith.constant 1 : index
      %42 = iree_tensor_ext.dispatch.tensor.load %arg10, offsets = [0, 0, 0, 0, 0], sizes = [2, 16, 4, 2, 4], strides = [1, 1, 1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x16x4x2x4xf32>> -> tensor<2x16x4x2x4xf32>
      %43 = iree_tensor_ext.dispatch.tensor.load %arg11, offsets = [0, 0, 0, 0], sizes = [2, 16, 4, 8], strides = [1, 1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x16x4x8xf32>> -> tensor<2x16x4x8xf32>
      %44 = iree_tensor_ext.dispatch.tensor.load %arg12, offsets = [0, 0], sizes = [16, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x8xf32>> -> tensor<16x8xf32>
      %45 = iree_tensor_ext.dispatch.tensor.load %arg13, offsets = [0, 0], sizes = [16, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x8xf32>> -> tensor<16x8xf32>
      %46 = tensor.empty() : tensor<2x16x4x8xf32>
      %47 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%43, %44, %45 : tensor<2x16x4x8xf32>, tensor<16x8xf32>, tensor<16x8xf32>) outs(%46 : tensor<2x16x4x8xf32>) {
      ^bb0(%in: f32, %in_1: f32, %in_2: f32, %out: f32):
        %48 = linalg.index 0 : index
        %49 = linalg.index 1 : index
        %50 = linalg.index 2 : index
        %51 = linalg.index 3 : index
        %52 = arith.remsi %51, %c4 : index
        %53 = arith.divsi %51, %c4 : index
        %54 = arith.subi %c1, %53 : index
        %extracted = tensor.extract %42[%48, %49, %50, %54, %52] : tensor<2x16x4x2x4xf32>
        %55 = arith.negf %extracted : f32
        %56 = arith.cmpi eq, %54, %c1 : index
        %57 = arith.select %56, %55, %extracted : f32
        %58 = arith.mulf %57, %in_2 : f32
        %59 = arith.mulf %in, %in_1 : f32
        %60 = arith.addf %59, %58 : f32
        linalg.yield %60 : f32
      } -> tensor<2x16x4x8xf32>
      iree_tensor_ext.dispatch.tensor.store %47, %arg14, offsets = [0, 0, 0, 0], sizes = [2, 16, 4, 8], strides = [1, 1, 1, 1] : tensor<2x16x4x8xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x16x4x8xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %18 = flow.dispatch.workgroups(%11, %4) : (tensor<32x64xf32>, tensor<64x32xf32>) -> tensor<32x32xf32> =
        (%arg10: !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>>, %arg11: !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x32xf32>>, %arg12: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x32xf32>>) {
      %cst_1 = arith.constant 0.000000e+00 : f32
      %42 = iree_tensor_ext.dispatch.tensor.load %arg10, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>> -> tensor<32x64xf32>
      %43 = iree_tensor_ext.dispatch.tensor.load %arg11, offsets = [0, 0], sizes = [64, 32], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x32xf32>> -> tensor<64x32xf32>
      %44 = tensor.empty() : tensor<32x32xf32>
      %45 = linalg.fill ins(%cst_1 : f32) outs(%44 : tensor<32x32xf32>) -> tensor<32x32xf32>
      %46 = linalg.matmul ins(%42, %43 : tensor<32x64xf32>, tensor<64x32xf32>) outs(%45 : tensor<32x32xf32>) -> tensor<32x32xf32>
      iree_tensor_ext.dispatch.tensor.store %46, %arg12, offsets = [0, 0], sizes = [32, 32], strides = [1, 1] : tensor<32x32xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x32xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %19 = flow.tensor.reshape %18 : tensor<32x32xf32> -> tensor<2x16x4x8xf32>
    %20 = flow.tensor.reshape %12 : tensor<32x64xf32> -> tensor<2x16x8x8xf32>
    %21 = flow.dispatch.workgroups(%13, %20, %cst_0, %cst) : (tensor<2x16x8x2x4xf32>, tensor<2x16x8x8xf32>, tensor<16x8xf32>, tensor<16x8xf32>) -> tensor<2x8x16x8xf32> =
        (%arg10: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x16x8x2x4xf32>>, %arg11: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x16x8x8xf32>>, %arg12: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x8xf32>>, %arg13: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x8xf32>>, %arg14: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x8x16x8xf32>>) {
      %c4 = arith.constant 4 : index
      %c1 = arith.constant 1 : index
      %42 = iree_tensor_ext.dispatch.tensor.load %arg10, offsets = [0, 0, 0, 0, 0], sizes = [2, 16, 8, 2, 4], strides = [1, 1, 1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x16x8x2x4xf32>> -> tensor<2x16x8x2x4xf32>
      %43 = iree_tensor_ext.dispatch.tensor.load %arg11, offsets = [0, 0, 0, 0], sizes = [2, 16, 8, 8], strides = [1, 1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x16x8x8xf32>> -> tensor<2x16x8x8xf32>
      %44 = iree_tensor_ext.dispatch.tensor.load %arg12, offsets = [0, 0], sizes = [16, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x8xf32>> -> tensor<16x8xf32>
      %45 = iree_tensor_ext.dispatch.tensor.load %arg13, offsets = [0, 0], sizes = [16, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x8xf32>> -> tensor<16x8xf32>
      %46 = tensor.empty() : tensor<2x8x16x8xf32>
      %47 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%43, %44, %45 : tensor<2x16x8x8xf32>, tensor<16x8xf32>, tensor<16x8xf32>) outs(%46 : tensor<2x8x16x8xf32>) {
      ^bb0(%in: f32, %in_1: f32, %in_2: f32, %out: f32):
        %48 = linalg.index 0 : index
        %49 = linalg.index 1 : index
        %50 = linalg.index 2 : index
        %51 = linalg.index 3 : index
        %52 = arith.remsi %51, %c4 : index
        %53 = arith.divsi %51, %c4 : index
        %54 = arith.subi %c1, %53 : index
        %extracted = tensor.extract %42[%48, %49, %50, %54, %52] : tensor<2x16x8x2x4xf32>
        %55 = arith.negf %extracted : f32
        %56 = arith.cmpi eq, %54, %c1 : index
        %57 = arith.select %56, %55, %extracted : f32
        %58 = arith.mulf %57, %in_2 : f32
        %59 = arith.mulf %in, %in_1 : f32
        %60 = arith.addf %59, %58 : f32
        linalg.yield %60 : f32
      } -> tensor<2x8x16x8xf32>
      iree_tensor_ext.dispatch.tensor.store %47, %arg14, offsets = [0, 0, 0, 0], sizes = [2, 8, 16, 8], strides = [1, 1, 1, 1] : tensor<2x8x16x8xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x8x16x8xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %22 = flow.dispatch.workgroups(%17) : (tensor<2x16x4x8xf32>) -> tensor<2x4x2x8x16xf32> =
        (%arg10: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x16x4x8xf32>>, %arg11: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x4x2x8x16xf32>>) {
      %42 = iree_tensor_ext.dispatch.tensor.load %arg10, offsets = [0, 0, 0, 0], sizes = [2, 16, 4, 8], strides = [1, 1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x16x4x8xf32>> -> tensor<2x16x4x8xf32>
      %43 = tensor.empty() : tensor<2x4x2x8x16xf32>
      %44 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d4, d1, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%42 : tensor<2x16x4x8xf32>) outs(%43 : tensor<2x4x2x8x16xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<2x4x2x8x16xf32>
      iree_tensor_ext.dispatch.tensor.store %44, %arg11, offsets = [0, 0, 0, 0, 0], sizes = [2, 4, 2, 8, 16], strides = [1, 1, 1, 1, 1] : tensor<2x4x2x8x16xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x4x2x8x16xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %23 = flow.tensor.reshape %21 : tensor<2x8x16x8xf32> -> tensor<16x16x8xf32>
    %24 = flow.tensor.reshape %22 : tensor<2x4x2x8x16xf32> -> tensor<16x8x16xf32>
    %25 = flow.dispatch.workgroups(%23, %24) : (tensor<16x16x8xf32>, tensor<16x8x16xf32>) -> tensor<16x16x16xf32> =
        (%arg10: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x16x8xf32>>, %arg11: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x8x16xf32>>, %arg12: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16x16x16xf32>>) {
      %cst_1 = arith.constant 0.000000e+00 : f32
      %cst_2 = arith.constant 2.82842708 : f32
      %cst_3 = arith.constant -1.000000e+09 : f32
      %cst_4 = arith.constant dense<"0x01000000000000000000000000000000010100000000000000000000000000000101010000000000000000000000000001010101000000000000000000000000010101010100000000000000000000000101010101010000000000000000000001010101010101000000000000000000010101010101010100000000000000000101010101010101010000000000000001010101010101010101000000000000010101010101010101010100000000000101010101010101010101010000000001010101010101010101010101000000010101010101010101010101010100000101010101010101010101010101010001010101010101010101010101010101"> : tensor<16x16xi1>
      %42 = iree_tensor_ext.dispatch.tensor.load %arg10, offsets = [0, 0, 0], sizes = [16, 16, 8], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x16x8xf32>> -> tensor<16x16x8xf32>
      %43 = iree_tensor_ext.dispatch.tensor.load %arg11, offsets = [0, 0, 0], sizes = [16, 8, 16], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x8x16xf32>> -> tensor<16x8x16xf32>
      %44 = tensor.empty() : tensor<16x16x16xf32>
      %45 = linalg.fill ins(%cst_1 : f32) outs(%44 : tensor<16x16x16xf32>) -> tensor<16x16x16xf32>
      %46 = linalg.batch_matmul ins(%42, %43 : tensor<16x16x8xf32>, tensor<16x8x16xf32>) outs(%45 : tensor<16x16x16xf32>) -> tensor<16x16x16xf32>
      %47 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%cst_4, %46 : tensor<16x16xi1>, tensor<16x16x16xf32>) outs(%44 : tensor<16x16x16xf32>) {
      ^bb0(%in: i1, %in_5: f32, %out: f32):
        %48 = arith.divf %in_5, %cst_2 : f32
        %49 = arith.select %in, %48, %cst_3 : f32
        linalg.yield %49 : f32
      } -> tensor<16x16x16xf32>
      iree_tensor_ext.dispatch.tensor.store %47, %arg12, offsets = [0, 0, 0], sizes = [16, 16, 16], strides = [1, 1, 1] : tensor<16x16x16xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16x16x16xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %26 = flow.tensor.reshape %25 : tensor<16x16x16xf32> -> tensor<2x8x16x16xf32>
    %27 = flow.dispatch.workgroups(%26) : (tensor<2x8x16x16xf32>) -> tensor<2x8x16x16xf32> =
        (%arg10: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x8x16x16xf32>>, %arg11: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x8x16x16xf32>>) {
      %42 = iree_tensor_ext.dispatch.tensor.load %arg10, offsets = [0, 0, 0, 0], sizes = [2, 8, 16, 16], strides = [1, 1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x8x16x16xf32>> -> tensor<2x8x16x16xf32>
      %43 = tensor.empty() : tensor<2x8x16x16xf32>
      %44 = linalg.softmax dimension(3) ins(%42 : tensor<2x8x16x16xf32>) outs(%43 : tensor<2x8x16x16xf32>) -> tensor<2x8x16x16xf32>
      %45 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d3, d2)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%44 : tensor<2x8x16x16xf32>) outs(%43 : tensor<2x8x16x16xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<2x8x16x16xf32>
      iree_tensor_ext.dispatch.tensor.store %45, %arg11, offsets = [0, 0, 0, 0], sizes = [2, 8, 16, 16], strides = [1, 1, 1, 1] : tensor<2x8x16x16xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x8x16x16xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %28 = flow.dispatch.workgroups(%19) : (tensor<2x16x4x8xf32>) -> tensor<2x4x2x8x16xf32> =
        (%arg10: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x16x4x8xf32>>, %arg11: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x4x2x8x16xf32>>) {
      %42 = iree_tensor_ext.dispatch.tensor.load %arg10, offsets = [0, 0, 0, 0], sizes = [2, 16, 4, 8], strides = [1, 1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x16x4x8xf32>> -> tensor<2x16x4x8xf32>
      %43 = tensor.empty() : tensor<2x4x2x8x16xf32>
      %44 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d4, d1, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%42 : tensor<2x16x4x8xf32>) outs(%43 : tensor<2x4x2x8x16xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<2x4x2x8x16xf32>
      iree_tensor_ext.dispatch.tensor.store %44, %arg11, offsets = [0, 0, 0, 0, 0], sizes = [2, 4, 2, 8, 16], strides = [1, 1, 1, 1, 1] : tensor<2x4x2x8x16xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x4x2x8x16xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %29 = flow.tensor.reshape %28 : tensor<2x4x2x8x16xf32> -> tensor<16x8x16xf32>
    %30 = flow.tensor.reshape %27 : tensor<2x8x16x16xf32> -> tensor<16x16x16xf32>
    %31 = flow.dispatch.workgroups(%29, %30) : (tensor<16x8x16xf32>, tensor<16x16x16xf32>) -> tensor<16x8x16xf32> =
        (%arg10: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x8x16xf32>>, %arg11: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x16x16xf32>>, %arg12: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16x8x16xf32>>) {
      %cst_1 = arith.constant 0.000000e+00 : f32
      %42 = iree_tensor_ext.dispatch.tensor.load %arg10, offsets = [0, 0, 0], sizes = [16, 8, 16], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x8x16xf32>> -> tensor<16x8x16xf32>
      %43 = iree_tensor_ext.dispatch.tensor.load %arg11, offsets = [0, 0, 0], sizes = [16, 16, 16], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x16x16xf32>> -> tensor<16x16x16xf32>
      %44 = tensor.empty() : tensor<16x8x16xf32>
      %45 = linalg.fill ins(%cst_1 : f32) outs(%44 : tensor<16x8x16xf32>) -> tensor<16x8x16xf32>
      %46 = linalg.batch_matmul ins(%42, %43 : tensor<16x8x16xf32>, tensor<16x16x16xf32>) outs(%45 : tensor<16x8x16xf32>) -> tensor<16x8x16xf32>
      iree_tensor_ext.dispatch.tensor.store %46, %arg12, offsets = [0, 0, 0], sizes = [16, 8, 16], strides = [1, 1, 1] : tensor<16x8x16xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16x8x16xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %32 = flow.tensor.reshape %31 : tensor<16x8x16xf32> -> tensor<2x64x16xf32>
    %33 = flow.dispatch.workgroups(%32) : (tensor<2x64x16xf32>) -> tensor<2x16x64xf32> =
        (%arg10: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x64x16xf32>>, %arg11: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x16x64xf32>>) {
      %42 = iree_tensor_ext.dispatch.tensor.load %arg10, offsets = [0, 0, 0], sizes = [2, 64, 16], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x64x16xf32>> -> tensor<2x64x16xf32>
      %43 = tensor.empty() : tensor<2x16x64xf32>
      %44 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2, d1)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%42 : tensor<2x64x16xf32>) outs(%43 : tensor<2x16x64xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<2x16x64xf32>
      iree_tensor_ext.dispatch.tensor.store %44, %arg11, offsets = [0, 0, 0], sizes = [2, 16, 64], strides = [1, 1, 1] : tensor<2x16x64xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x16x64xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %34 = flow.tensor.reshape %33 : tensor<2x16x64xf32> -> tensor<32x64xf32>
    %35 = flow.dispatch.workgroups(%34, %5, %10) : (tensor<32x64xf32>, tensor<64x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32> =
        (%arg10: !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>>, %arg11: !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x64xf32>>, %arg12: !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>>, %arg13: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x64xf32>>) {
      %cst_1 = arith.constant 0.000000e+00 : f32
      %42 = iree_tensor_ext.dispatch.tensor.load %arg10, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>> -> tensor<32x64xf32>
      %43 = iree_tensor_ext.dispatch.tensor.load %arg11, offsets = [0, 0], sizes = [64, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x64xf32>> -> tensor<64x64xf32>
      %44 = iree_tensor_ext.dispatch.tensor.load %arg12, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>> -> tensor<32x64xf32>
      %45 = tensor.empty() : tensor<32x64xf32>
      %46 = linalg.fill ins(%cst_1 : f32) outs(%45 : tensor<32x64xf32>) -> tensor<32x64xf32>
      %47 = linalg.matmul ins(%42, %43 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%46 : tensor<32x64xf32>) -> tensor<32x64xf32>
      %48 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%44, %47 : tensor<32x64xf32>, tensor<32x64xf32>) outs(%45 : tensor<32x64xf32>) {
      ^bb0(%in: f32, %in_2: f32, %out: f32):
        %49 = arith.addf %in, %in_2 : f32
        linalg.yield %49 : f32
      } -> tensor<32x64xf32>
      iree_tensor_ext.dispatch.tensor.store %48, %arg13, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : tensor<32x64xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x64xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %36 = flow.dispatch.workgroups(%35, %6) : (tensor<32x64xf32>, tensor<64xf32>) -> tensor<32x64xf32> =
        (%arg10: !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>>, %arg11: !iree_tensor_ext.dispatch.tensor<readonly:tensor<64xf32>>, %arg12: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x64xf32>>) {
      %cst_1 = arith.constant 0.000000e+00 : f32
      %cst_2 = arith.constant 6.400000e+01 : f32
      %cst_3 = arith.constant 9.99999997E-7 : f32
      %42 = iree_tensor_ext.dispatch.tensor.load %arg10, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>> -> tensor<32x64xf32>
      %43 = iree_tensor_ext.dispatch.tensor.load %arg11, offsets = [0], sizes = [64], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<64xf32>> -> tensor<64xf32>
      %44 = tensor.empty() : tensor<32xf32>
      %45 = linalg.fill ins(%cst_1 : f32) outs(%44 : tensor<32xf32>) -> tensor<32xf32>
      %46 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%42 : tensor<32x64xf32>) outs(%45 : tensor<32xf32>) {
      ^bb0(%in: f32, %out: f32):
        %49 = arith.mulf %in, %in : f32
        %50 = arith.addf %out, %49 : f32
        linalg.yield %50 : f32
      } -> tensor<32xf32>
      %47 = tensor.empty() : tensor<32x64xf32>
      %48 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%42, %46, %43 : tensor<32x64xf32>, tensor<32xf32>, tensor<64xf32>) outs(%47 : tensor<32x64xf32>) {
      ^bb0(%in: f32, %in_4: f32, %in_5: f32, %out: f32):
        %49 = arith.divf %in_4, %cst_2 : f32
        %50 = arith.addf %49, %cst_3 : f32
        %51 = math.rsqrt %50 : f32
        %52 = arith.mulf %in, %51 : f32
        %53 = arith.mulf %52, %in_5 : f32
        linalg.yield %53 : f32
      } -> tensor<32x64xf32>
      iree_tensor_ext.dispatch.tensor.store %48, %arg12, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : tensor<32x64xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x64xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %37 = flow.dispatch.workgroups(%36, %8) : (tensor<32x64xf32>, tensor<64x128xf32>) -> tensor<32x128xf32> =
        (%arg10: !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>>, %arg11: !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x128xf32>>, %arg12: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x128xf32>>) {
      %cst_1 = arith.constant 0.000000e+00 : f32
      %42 = iree_tensor_ext.dispatch.tensor.load %arg10, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>> -> tensor<32x64xf32>
      %43 = iree_tensor_ext.dispatch.tensor.load %arg11, offsets = [0, 0], sizes = [64, 128], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x128xf32>> -> tensor<64x128xf32>
      %44 = tensor.empty() : tensor<32x128xf32>
      %45 = linalg.fill ins(%cst_1 : f32) outs(%44 : tensor<32x128xf32>) -> tensor<32x128xf32>
      %46 = linalg.matmul ins(%42, %43 : tensor<32x64xf32>, tensor<64x128xf32>) outs(%45 : tensor<32x128xf32>) -> tensor<32x128xf32>
      iree_tensor_ext.dispatch.tensor.store %46, %arg12, offsets = [0, 0], sizes = [32, 128], strides = [1, 1] : tensor<32x128xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x128xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %38 = flow.dispatch.workgroups(%36, %7, %37) : (tensor<32x64xf32>, tensor<64x128xf32>, tensor<32x128xf32>) -> tensor<32x128xf32> =
        (%arg10: !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>>, %arg11: !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x128xf32>>, %arg12: !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x128xf32>>, %arg13: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x128xf32>>) {
      %cst_1 = arith.constant 0.000000e+00 : f32
      %cst_2 = arith.constant 1.000000e+00 : f32
      %42 = iree_tensor_ext.dispatch.tensor.load %arg10, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>> -> tensor<32x64xf32>
      %43 = iree_tensor_ext.dispatch.tensor.load %arg11, offsets = [0, 0], sizes = [64, 128], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x128xf32>> -> tensor<64x128xf32>
      %44 = iree_tensor_ext.dispatch.tensor.load %arg12, offsets = [0, 0], sizes = [32, 128], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x128xf32>> -> tensor<32x128xf32>
      %45 = tensor.empty() : tensor<32x128xf32>
      %46 = linalg.fill ins(%cst_1 : f32) outs(%45 : tensor<32x128xf32>) -> tensor<32x128xf32>
      %47 = linalg.matmul ins(%42, %43 : tensor<32x64xf32>, tensor<64x128xf32>) outs(%46 : tensor<32x128xf32>) -> tensor<32x128xf32>
      %48 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%47, %44 : tensor<32x128xf32>, tensor<32x128xf32>) outs(%45 : tensor<32x128xf32>) {
      ^bb0(%in: f32, %in_3: f32, %out: f32):
        %49 = arith.negf %in : f32
        %50 = math.exp %49 : f32
        %51 = arith.addf %50, %cst_2 : f32
        %52 = arith.divf %cst_2, %51 : f32
        %53 = arith.mulf %in, %52 : f32
        %54 = arith.mulf %53, %in_3 : f32
        linalg.yield %54 : f32
      } -> tensor<32x128xf32>
      iree_tensor_ext.dispatch.tensor.store %48, %arg13, offsets = [0, 0], sizes = [32, 128], strides = [1, 1] : tensor<32x128xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x128xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %39 = flow.dispatch.workgroups(%38, %9, %35) : (tensor<32x128xf32>, tensor<128x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32> =
        (%arg10: !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x128xf32>>, %arg11: !iree_tensor_ext.dispatch.tensor<readonly:tensor<128x64xf32>>, %arg12: !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>>, %arg13: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x64xf32>>) {
      %cst_1 = arith.constant 0.000000e+00 : f32
      %42 = iree_tensor_ext.dispatch.tensor.load %arg10, offsets = [0, 0], sizes = [32, 128], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x128xf32>> -> tensor<32x128xf32>
      %43 = iree_tensor_ext.dispatch.tensor.load %arg11, offsets = [0, 0], sizes = [128, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<128x64xf32>> -> tensor<128x64xf32>
      %44 = iree_tensor_ext.dispatch.tensor.load %arg12, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>> -> tensor<32x64xf32>
      %45 = tensor.empty() : tensor<32x64xf32>
      %46 = linalg.fill ins(%cst_1 : f32) outs(%45 : tensor<32x64xf32>) -> tensor<32x64xf32>
      %47 = linalg.matmul ins(%42, %43 : tensor<32x128xf32>, tensor<128x64xf32>) outs(%46 : tensor<32x64xf32>) -> tensor<32x64xf32>
      %48 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%44, %47 : tensor<32x64xf32>, tensor<32x64xf32>) outs(%45 : tensor<32x64xf32>) {
      ^bb0(%in: f32, %in_2: f32, %out: f32):
        %49 = arith.addf %in, %in_2 : f32
        linalg.yield %49 : f32
      } -> tensor<32x64xf32>
      iree_tensor_ext.dispatch.tensor.store %48, %arg13, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : tensor<32x64xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x64xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %40 = flow.tensor.reshape %39 : tensor<32x64xf32> -> tensor<2x16x64xf32>
    %41 = hal.tensor.export %40 "output0" : tensor<2x16x64xf32> -> !hal.buffer_view
    util.return %41 : !hal.buffer_view
  }
}