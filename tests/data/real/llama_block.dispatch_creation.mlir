module @jit_llama_block {
  util.func public @main(%arg0: !hal.buffer_view, %arg1: !hal.buffer_view, %arg2: !hal.buffer_view, %arg3: !hal.buffer_view, %arg4: !hal.buffer_view, %arg5: !hal.buffer_view, %arg6: !hal.buffer_view, %arg7: !hal.buffer_view, %arg8: !hal.buffer_view, %arg9: !hal.buffer_view) -> !hal.buffer_view attributes {iree.abi.stub, iree.reflection = {iree.abi.declaration = "sync func @main(%input0: tensor<2x16x64xf32>, %input1: tensor<64xf32>, %input2: tensor<64x64xf32>, %input3: tensor<64x64xf32>, %input4: tensor<64x64xf32>, %input5: tensor<64x64xf32>, %input6: tensor<64xf32>, %input7: tensor<64x128xf32>, %input8: tensor<64x128xf32>, %input9: tensor<128x64xf32>) -> (%output0: tensor<2x16x64xf32>)"}} {
    %cst = arith.constant dense<"0x00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000A56A573F3E399F3E7775CC3D5C81013D57D6233C213E4F3B6E12833A60CBA539A56A573F3E399F3E7775CC3D5C81013D57D6233C213E4F3B6E12833A60CBA539B7C7683F1B54173FF96F4B3EC970813D3ED4A33CDD3DCF3B6912033B5FCB253AB7C7683F1B54173FF96F4B3EC970813D3ED4A33CDD3DCF3B6912033B5FCB253AC381103EC209503F6D4E973EC1FFC13D1FB9F53C116E1B3C939B443B0EB1783AC381103EC209503F6D4E973EC1FFC13D1FB9F53C116E1B3C939B443B0EB1783ACFBD41BFDE1D743FD761C73E892E013EDBCB233DCE3C4F3C5812833B5DCBA53ACFBD41BFDE1D743FD761C73E892E013EDBCB233DCE3C4F3C5812833B5DCBA53A107C75BF7FFC7F3F4477F53E1F3C213EF4B64C3D8185813CDED6A33B323ECF3A107C75BF7FFC7F3F4477F53E1F3C213EF4B64C3D8185813CDED6A33B323ECF3A8C0F8FBE4E78723F698C103F6F20413ED19C753D476C9B3C599BC43B06B1F83A8C0F8FBE4E78723F698C103F6F20413ED19C753D476C9B3C599BC43B06B1F83A4630283F6EE84C3F73EB243F51D3603E323E8F3DA652B53CC75FE53BEC11113B4630283F6EE84C3F73EB243F51D3603E323E8F3DA652B53CC75FE53BEC11113B95467D3F7E06133FA6A4373F5226803E50AAA33D8F38CF3C1312033C54CB253B95467D3F7E06133FA6A4373F5226803E50AAA33D8F38CF3C1312033C54CB253B3101D33EEE1F953E1D88483F2EC28F3E3E12B83DF01DE93C3B74133CBB843A3B3101D33EEE1F953E1D88483F2EC28F3E3E12B83DF01DE93C3B74133CBB843A3BF7440BBF9770A9BCA56A573F3F399F3E7675CC3D5C81013D58D6233C213E4F3BF7440BBF9770A9BCA56A573F3F399F3E7675CC3D5C81013D58D6233C213E4F3B5CFF7FBF1F41A9BE2A26643F8C87AE3E72D3E03D6B730E3D6B38343C86F7633B5CFF7FBF1F41A9BE2A26643F8C87AE3E72D3E03D6B730E3D6B38343C86F7633BD85C09BF24911BBF1D9A6E3F2CA9BD3EAC2BF53D1D651B3D719A443CE9B0783BD85C09BF24911BBF1D9A6E3F2CA9BD3EAC2BF53D1D651B3D719A443CE9B0783B2320D73E4C1453BFC0AB763F419ACC3ED0BE043E6A56283D6BFC543C25B5863B2320D73E4C1453BFC0AB763F419ACC3ED0BE043E6A56283D6BFC543C25B5863B72987D3FB3A875BF6F467C3FF556DB3E64E40E3E4747353D575E653CD511913B72987D3FB3A875BF6F467C3FF556DB3E64E40E3E4747353D575E653CD511913B4479263F75E07FBFD55B7F3F85DBE93E4F06193EAE37423D34C0753C846E9B3B4479263F75E07FBFD55B7F3F85DBE93E4F06193EAE37423D34C0753C846E9B3B"> : tensor<16x16xf32>
    %cst_0 = arith.constant dense<"0x0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F40510A3F6A4E733F98B87E3F3CDF7F3FB9FC7F3FACFF7F3FF8FF7F3FFFFF7F3F40510A3F6A4E733F98B87E3F3CDF7F3FB9FC7F3FACFF7F3FF8FF7F3FFFFF7F3F3211D5BEEC7B4E3FA5E57A3FF97C7F3FE5F27F3FB0FE7F3FDEFF7F3FFDFF7F3F3211D5BEEC7B4E3FA5E57A3FF97C7F3FE5F27F3FB0FE7F3FDEFF7F3FFDFF7F3F26707DBF572F153FEF90743F4FD97E3F83E27F3F0DFD7F3FB5FF7F3FF8FF7F3F26707DBF572F153FEF90743F4FD97E3F83E27F3F0DFD7F3FB5FF7F3FF8FF7F3F305527BFB12E9A3EA7CA6B3F69F47D3F94CB7F3FC2FA7F3F7AFF7F3FF3FF7F3F305527BFB12E9A3EA7CA6B3F69F47D3F94CB7F3FC2FA7F3F7AFF7F3FF3FF7F3F2B3C913EE97229BC40A9603F81CE7C3F19AE7F3FCFF77F3F2EFF7F3FEBFF7F3F2B3C913EE97229BC40A9603F81CE7C3F19AE7F3FCFF77F3F2EFF7F3FEBFF7F3FB8CD753F6C3FA4BE3249533FE3677B3F128A7F3F34F47F3FD2FE7F3FE2FF7F3FB8CD753F6C3FA4BE3249533FE3677B3F128A7F3F34F47F3FD2FE7F3FE2FF7F3FBDFF403FBC7419BFB3CC433FEAC0793F815F7F3FF2EF7F3F65FE7F3FD7FF7F3FBDFF403FBC7419BFB3CC433FEAC0793F815F7F3FF2EF7F3F65FE7F3FD7FF7F3FF6FD14BEE59151BF5F5B323F02DA773F662E7F3F08EB7F3FE7FD7F3FCAFF7F3FF6FD14BEE59151BF5F5B323F02DA773F662E7F3F08EB7F3FE7FD7F3FCAFF7F3FD53F69BFA2E674BFD4211F3FA9B3753FC2F67E3F76E57F3F59FD7F3FBCFF7F3FD53F69BFA2E674BFD4211F3FA9B3753FC2F67E3F76E57F3F59FD7F3FBCFF7F3F64CD56BFFBF17FBF40510A3F6A4E733F98B87E3F3CDF7F3FB9FC7F3FACFF7F3F64CD56BFFBF17FBF40510A3F6A4E733F98B87E3F3CDF7F3FB9FC7F3FACFF7F3F7205913B8C9B71BFC03DE83EE4AA703FE8737E3F5BD87F3F09FC7F3F9AFF7F3F7205913B8C9B71BFC03DE83EE4AA703FE8737E3F5BD87F3F09FC7F3F9AFF7F3FD006583F574F4BBFF486B93EC3C96D3FB5287E3FD2D07F3F48FB7F3F87FF7F3FD006583F574F4BBFF486B93EC3C96D3FB5287E3FD2D07F3F48FB7F3F87FF7F3F6F4E683F9DD910BF99F5883EC2AB6A3F00D77D3FA1C87F3F76FA7F3F72FF7F3F6F4E683F9DD910BF99F5883EC2AB6A3F00D77D3FA1C87F3F76FA7F3F72FF7F3FD8040C3E0A0D90BEDF0B2E3EB151673FCC7E7D3FC9BF7F3F94F97F3F5CFF7F3FD8040C3E0A0D90BEDF0B2E3EB151673FCC7E7D3FC9BF7F3F94F97F3F5CFF7F3FE87A42BF9522FE3CAADE903D68BC633F1A207D3F49B67F3FA1F87F3F43FF7F3FE87A42BF9522FE3CAADE903D68BC633F1A207D3F49B67F3FA1F87F3F43FF7F3F"> : tensor<16x16xf32>
    %0 = hal.tensor.import %arg0 "input0" : !hal.buffer_view -> tensor<2x16x64xf32>
    %1 = hal.tensor.import %arg1 "input1" : !hal.buffer_view -> tensor<64xf32>
    %2 = hal.tensor.import %arg2 "input2" : !hal.buffer_view -> tensor<64x64xf32>
    %3 = hal.tensor.import %arg3 "input3" : !hal.buffer_view -> tensor<64x64xf32>
    %4 = hal.tensor.import %arg4 "input4" : !hal.buffer_view -> tensor<64x64xf32>
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
      %41 = iree_tensor_ext.dispatch.tensor.load %arg10, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>> -> tensor<32x64xf32>
      %42 = iree_tensor_ext.dispatch.tensor.load %arg11, offsets = [0], sizes = [64], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<64xf32>> -> tensor<64xf32>
      %43 = tensor.empty() : tensor<32xf32>
      %44 = linalg.fill ins(%cst_1 : f32) outs(%43 : tensor<32xf32>) -> tensor<32xf32>
      %45 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%41 : tensor<32x64xf32>) outs(%44 : tensor<32xf32>) {
      ^bb0(%in: f32, %out: f32):
        %48 = arith.mulf %in, %in : f32
        %49 = arith.addf %out, %48 : f32
        linalg.yield %49 : f32
      } -> tensor<32xf32>
      %46 = tensor.empty() : tensor<32x64xf32>
      %47 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%41, %45, %42 : tensor<32x64xf32>, tensor<32xf32>, tensor<64xf32>) outs(%46 : tensor<32x64xf32>) {
      ^bb0(%in: f32, %in_4: f32, %in_5: f32, %out: f32):
        %48 = arith.divf %in_4, %cst_2 : f32
        %49 = arith.addf %48, %cst_3 : f32
        %50 = math.rsqrt %49 : f32
        %51 = arith.mulf %in, %50 : f32
        %52 = arith.mulf %51, %in_5 : f32
        linalg.yield %52 : f32
      } -> tensor<32x64xf32>
      iree_tensor_ext.dispatch.tensor.store %47, %arg12, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : tensor<32x64xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x64xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %12 = flow.dispatch.workgroups(%11, %2) : (tensor<32x64xf32>, tensor<64x64xf32>) -> tensor<32x64xf32> =
        (%arg10: !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>>, %arg11: !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x64xf32>>, %arg12: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x64xf32>>) {
      %cst_1 = arith.constant 0.000000e+00 : f32
      %41 = iree_tensor_ext.dispatch.tensor.load %arg10, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>> -> tensor<32x64xf32>
      %42 = iree_tensor_ext.dispatch.tensor.load %arg11, offsets = [0, 0], sizes = [64, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x64xf32>> -> tensor<64x64xf32>
      %43 = tensor.empty() : tensor<32x64xf32>
      %44 = linalg.fill ins(%cst_1 : f32) outs(%43 : tensor<32x64xf32>) -> tensor<32x64xf32>
      %45 = linalg.matmul ins(%41, %42 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%44 : tensor<32x64xf32>) -> tensor<32x64xf32>
      iree_tensor_ext.dispatch.tensor.store %45, %arg12, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : tensor<32x64xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x64xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %13 = flow.tensor.reshape %12 : tensor<32x64xf32> -> tensor<2x16x4x2x8xf32>
    %14 = flow.dispatch.workgroups(%11, %3) : (tensor<32x64xf32>, tensor<64x64xf32>) -> tensor<32x64xf32> =
        (%arg10: !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>>, %arg11: !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x64xf32>>, %arg12: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x64xf32>>) {
      %cst_1 = arith.constant 0.000000e+00 : f32
      %41 = iree_tensor_ext.dispatch.tensor.load %arg10, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>> -> tensor<32x64xf32>
      %42 = iree_tensor_ext.dispatch.tensor.load %arg11, offsets = [0, 0], sizes = [64, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x64xf32>> -> tensor<64x64xf32>
      %43 = tensor.empty() : tensor<32x64xf32>
      %44 = linalg.fill ins(%cst_1 : f32) outs(%43 : tensor<32x64xf32>) -> tensor<32x64xf32>
      %45 = linalg.matmul ins(%41, %42 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%44 : tensor<32x64xf32>) -> tensor<32x64xf32>
      iree_tensor_ext.dispatch.tensor.store %45, %arg12, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : tensor<32x64xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x64xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %15 = flow.tensor.reshape %14 : tensor<32x64xf32> -> tensor<2x16x4x2x8xf32>
    %16 = flow.dispatch.workgroups(%11, %4) : (tensor<32x64xf32>, tensor<64x64xf32>) -> tensor<32x64xf32> =
        (%arg10: !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>>, %arg11: !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x64xf32>>, %arg12: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x64xf32>>) {
      %cst_1 = arith.constant 0.000000e+00 : f32
      %41 = iree_tensor_ext.dispatch.tensor.load %arg10, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>> -> tensor<32x64xf32>
      %42 = iree_tensor_ext.dispatch.tensor.load %arg11, offsets = [0, 0], sizes = [64, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x64xf32>> -> tensor<64x64xf32>
      %43 = tensor.empty() : tensor<32x64xf32>
      %44 = linalg.fill ins(%cst_1 : f32) outs(%43 : tensor<32x64xf32>) -> tensor<32x64xf32>
      %45 = linalg.matmul ins(%41, %42 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%44 : tensor<32x64xf32>) -> tensor<32x64xf32>
      iree_tensor_ext.dispatch.tensor.store %45, %arg12, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : tensor<32x64xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x64xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %17 = flow.tensor.reshape %12 : tensor<32x64xf32> -> tensor<2x16x4x16xf32>
    %18 = flow.dispatch.workgroups(%13, %17, %cst_0, %cst) : (tensor<2x16x4x2x8xf32>, tensor<2x16x4x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<2x4x16x16xf32> =
        (%arg10: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x16x4x2x8xf32>>, %arg11: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x16x4x16xf32>>, %arg12: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x16xf32>>, %arg13: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x16xf32>>, %arg14: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x4x16x16xf32>>) {
      %c8 = arith.constant 8 : index
      %c1 = arith.constant 1 : index
      %41 = iree_tensor_ext.dispatch.tensor.load %arg10, offsets = [0, 0, 0, 0, 0], sizes = [2, 16, 4, 2, 8], strides = [1, 1, 1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x16x4x2x8xf32>> -> tensor<2x16x4x2x8xf32>
      %42 = iree_tensor_ext.dispatch.tensor.load %arg11, offsets = [0, 0, 0, 0], sizes = [2, 16, 4, 16], strides = [1, 1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x16x4x16xf32>> -> tensor<2x16x4x16xf32>
      %43 = iree_tensor_ext.dispatch.tensor.load %arg12, offsets = [0, 0], sizes = [16, 16], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x16xf32>> -> tensor<16x16xf32>
      %44 = iree_tensor_ext.dispatch.tensor.load %arg13, offsets = [0, 0], sizes = [16, 16], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x16xf32>> -> tensor<16x16xf32>
      %45 = tensor.empty() : tensor<2x4x16x16xf32>
      %46 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%42, %43, %44 : tensor<2x16x4x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) outs(%45 : tensor<2x4x16x16xf32>) {
      ^bb0(%in: f32, %in_1: f32, %in_2: f32, %out: f32):
        %47 = linalg.index 0 : index
        %48 = linalg.index 1 : index
        %49 = linalg.index 2 : index
        %50 = linalg.index 3 : index
        %51 = arith.remsi %50, %c8 : index
        %52 = arith.divsi %50, %c8 : index
        %53 = arith.subi %c1, %52 : index
        %extracted = tensor.extract %41[%47, %48, %49, %53, %51] : tensor<2x16x4x2x8xf32>
        %54 = arith.negf %extracted : f32
        %55 = arith.cmpi eq, %53, %c1 : index
        %56 = arith.select %55, %54, %extracted : f32
        %57 = arith.mulf %56, %in_2 : f32
        %58 = arith.mulf %in, %in_1 : f32
        %59 = arith.addf %58, %57 : f32
        linalg.yield %59 : f32
      } -> tensor<2x4x16x16xf32>
      iree_tensor_ext.dispatch.tensor.store %46, %arg14, offsets = [0, 0, 0, 0], sizes = [2, 4, 16, 16], strides = [1, 1, 1, 1] : tensor<2x4x16x16xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x4x16x16xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %19 = flow.tensor.reshape %14 : tensor<32x64xf32> -> tensor<2x16x4x16xf32>
    %20 = flow.dispatch.workgroups(%15, %19, %cst_0, %cst) : (tensor<2x16x4x2x8xf32>, tensor<2x16x4x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<2x4x16x16xf32> =
        (%arg10: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x16x4x2x8xf32>>, %arg11: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x16x4x16xf32>>, %arg12: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x16xf32>>, %arg13: !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x16xf32>>, %arg14: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x4x16x16xf32>>) {
      %c8 = arith.constant 8 : index
      %c1 = arith.constant 1 : index
      %41 = iree_tensor_ext.dispatch.tensor.load %arg10, offsets = [0, 0, 0, 0, 0], sizes = [2, 16, 4, 2, 8], strides = [1, 1, 1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x16x4x2x8xf32>> -> tensor<2x16x4x2x8xf32>
      %42 = iree_tensor_ext.dispatch.tensor.load %arg11, offsets = [0, 0, 0, 0], sizes = [2, 16, 4, 16], strides = [1, 1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x16x4x16xf32>> -> tensor<2x16x4x16xf32>
      %43 = iree_tensor_ext.dispatch.tensor.load %arg12, offsets = [0, 0], sizes = [16, 16], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x16xf32>> -> tensor<16x16xf32>
      %44 = iree_tensor_ext.dispatch.tensor.load %arg13, offsets = [0, 0], sizes = [16, 16], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16x16xf32>> -> tensor<16x16xf32>
      %45 = tensor.empty() : tensor<2x4x16x16xf32>
      %46 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%42, %43, %44 : tensor<2x16x4x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) outs(%45 : tensor<2x4x16x16xf32>) {
      ^bb0(%in: f32, %in_1: f32, %in_2: f32, %out: f32):
        %47 = linalg.index 0 : index
        %48 = linalg.index 1 : index
        %49 = linalg.index 2 : index
        %50 = linalg.index 3 : index
        %51 = arith.remsi %50, %c8 : index
        %52 = arith.divsi %50, %c8 : index
        %53 = arith.subi %c1, %52 : index
        %extracted = tensor.extract %41[%47, %48, %49, %53, %51] : tensor<2x16x4x2x8xf32>
        %54 = arith.negf %extracted : f32
        %55 = arith.cmpi eq, %53, %c1 : index
        %56 = arith.select %55, %54, %extracted : f32
        %57 = arith.mulf %56, %in_2 : f32
        %58 = arith.mulf %in, %in_1 : f32
        %59 = arith.addf %58, %57 : f32
        linalg.yield %59 : f32
      } -> tensor<2x4x16x16xf32>
      iree_tensor_ext.dispatch.tensor.store %46, %arg14, offsets = [0, 0, 0, 0], sizes = [2, 4, 16, 16], strides = [1, 1, 1, 1] : tensor<2x4x16x16xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x4x16x16xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %21 = flow.tensor.reshape %18 : tensor<2x4x16x16xf32> -> tensor<8x16x16xf32>
    %22 = flow.tensor.reshape %20 : tensor<2x4x16x16xf32> -> tensor<8x16x16xf32>
    %23 = flow.dispatch.workgroups(%21, %22) : (tensor<8x16x16xf32>, tensor<8x16x16xf32>) -> tensor<8x16x16xf32> =
        (%arg10: !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x16x16xf32>>, %arg11: !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x16x16xf32>>, %arg12: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x16x16xf32>>) {
      %cst_1 = arith.constant 0.000000e+00 : f32
      %cst_2 = arith.constant 4.000000e+00 : f32
      %cst_3 = arith.constant -1.000000e+09 : f32
      %cst_4 = arith.constant dense<"0x01000000000000000000000000000000010100000000000000000000000000000101010000000000000000000000000001010101000000000000000000000000010101010100000000000000000000000101010101010000000000000000000001010101010101000000000000000000010101010101010100000000000000000101010101010101010000000000000001010101010101010101000000000000010101010101010101010100000000000101010101010101010101010000000001010101010101010101010101000000010101010101010101010101010100000101010101010101010101010101010001010101010101010101010101010101"> : tensor<16x16xi1>
      %41 = iree_tensor_ext.dispatch.tensor.load %arg10, offsets = [0, 0, 0], sizes = [8, 16, 16], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x16x16xf32>> -> tensor<8x16x16xf32>
      %42 = iree_tensor_ext.dispatch.tensor.load %arg11, offsets = [0, 0, 0], sizes = [8, 16, 16], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x16x16xf32>> -> tensor<8x16x16xf32>
      %43 = tensor.empty() : tensor<8x16x16xf32>
      %44 = linalg.fill ins(%cst_1 : f32) outs(%43 : tensor<8x16x16xf32>) -> tensor<8x16x16xf32>
      %45 = linalg.batch_matmul ins(%41, %42 : tensor<8x16x16xf32>, tensor<8x16x16xf32>) outs(%44 : tensor<8x16x16xf32>) -> tensor<8x16x16xf32>
      %46 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%cst_4, %45 : tensor<16x16xi1>, tensor<8x16x16xf32>) outs(%43 : tensor<8x16x16xf32>) {
      ^bb0(%in: i1, %in_5: f32, %out: f32):
        %47 = arith.divf %in_5, %cst_2 : f32
        %48 = arith.select %in, %47, %cst_3 : f32
        linalg.yield %48 : f32
      } -> tensor<8x16x16xf32>
      iree_tensor_ext.dispatch.tensor.store %46, %arg12, offsets = [0, 0, 0], sizes = [8, 16, 16], strides = [1, 1, 1] : tensor<8x16x16xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x16x16xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %24 = flow.tensor.reshape %23 : tensor<8x16x16xf32> -> tensor<2x4x16x16xf32>
    %25 = flow.dispatch.workgroups(%24) : (tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32> =
        (%arg10: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x4x16x16xf32>>, %arg11: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x4x16x16xf32>>) {
      %41 = iree_tensor_ext.dispatch.tensor.load %arg10, offsets = [0, 0, 0, 0], sizes = [2, 4, 16, 16], strides = [1, 1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x4x16x16xf32>> -> tensor<2x4x16x16xf32>
      %42 = tensor.empty() : tensor<2x4x16x16xf32>
      %43 = linalg.softmax dimension(3) ins(%41 : tensor<2x4x16x16xf32>) outs(%42 : tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
      %44 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d3, d2)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%43 : tensor<2x4x16x16xf32>) outs(%42 : tensor<2x4x16x16xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<2x4x16x16xf32>
      iree_tensor_ext.dispatch.tensor.store %44, %arg11, offsets = [0, 0, 0, 0], sizes = [2, 4, 16, 16], strides = [1, 1, 1, 1] : tensor<2x4x16x16xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x4x16x16xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %26 = flow.tensor.reshape %16 : tensor<32x64xf32> -> tensor<2x16x64xf32>
    %27 = flow.dispatch.workgroups(%26) : (tensor<2x16x64xf32>) -> tensor<2x64x16xf32> =
        (%arg10: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x16x64xf32>>, %arg11: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x64x16xf32>>) {
      %41 = iree_tensor_ext.dispatch.tensor.load %arg10, offsets = [0, 0, 0], sizes = [2, 16, 64], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x16x64xf32>> -> tensor<2x16x64xf32>
      %42 = tensor.empty() : tensor<2x64x16xf32>
      %43 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2, d1)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%41 : tensor<2x16x64xf32>) outs(%42 : tensor<2x64x16xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<2x64x16xf32>
      iree_tensor_ext.dispatch.tensor.store %43, %arg11, offsets = [0, 0, 0], sizes = [2, 64, 16], strides = [1, 1, 1] : tensor<2x64x16xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x64x16xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %28 = flow.tensor.reshape %27 : tensor<2x64x16xf32> -> tensor<8x16x16xf32>
    %29 = flow.tensor.reshape %25 : tensor<2x4x16x16xf32> -> tensor<8x16x16xf32>
    %30 = flow.dispatch.workgroups(%28, %29) : (tensor<8x16x16xf32>, tensor<8x16x16xf32>) -> tensor<8x16x16xf32> =
        (%arg10: !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x16x16xf32>>, %arg11: !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x16x16xf32>>, %arg12: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x16x16xf32>>) {
      %cst_1 = arith.constant 0.000000e+00 : f32
      %41 = iree_tensor_ext.dispatch.tensor.load %arg10, offsets = [0, 0, 0], sizes = [8, 16, 16], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x16x16xf32>> -> tensor<8x16x16xf32>
      %42 = iree_tensor_ext.dispatch.tensor.load %arg11, offsets = [0, 0, 0], sizes = [8, 16, 16], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x16x16xf32>> -> tensor<8x16x16xf32>
      %43 = tensor.empty() : tensor<8x16x16xf32>
      %44 = linalg.fill ins(%cst_1 : f32) outs(%43 : tensor<8x16x16xf32>) -> tensor<8x16x16xf32>
      %45 = linalg.batch_matmul ins(%41, %42 : tensor<8x16x16xf32>, tensor<8x16x16xf32>) outs(%44 : tensor<8x16x16xf32>) -> tensor<8x16x16xf32>
      iree_tensor_ext.dispatch.tensor.store %45, %arg12, offsets = [0, 0, 0], sizes = [8, 16, 16], strides = [1, 1, 1] : tensor<8x16x16xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x16x16xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %31 = flow.tensor.reshape %30 : tensor<8x16x16xf32> -> tensor<2x64x16xf32>
    %32 = flow.dispatch.workgroups(%31) : (tensor<2x64x16xf32>) -> tensor<2x16x64xf32> =
        (%arg10: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x64x16xf32>>, %arg11: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x16x64xf32>>) {
      %41 = iree_tensor_ext.dispatch.tensor.load %arg10, offsets = [0, 0, 0], sizes = [2, 64, 16], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x64x16xf32>> -> tensor<2x64x16xf32>
      %42 = tensor.empty() : tensor<2x16x64xf32>
      %43 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2, d1)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%41 : tensor<2x64x16xf32>) outs(%42 : tensor<2x16x64xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<2x16x64xf32>
      iree_tensor_ext.dispatch.tensor.store %43, %arg11, offsets = [0, 0, 0], sizes = [2, 16, 64], strides = [1, 1, 1] : tensor<2x16x64xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x16x64xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %33 = flow.tensor.reshape %32 : tensor<2x16x64xf32> -> tensor<32x64xf32>
    %34 = flow.dispatch.workgroups(%33, %5, %10) : (tensor<32x64xf32>, tensor<64x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32> =
        (%arg10: !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>>, %arg11: !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x64xf32>>, %arg12: !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>>, %arg13: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x64xf32>>) {
      %cst_1 = arith.constant 0.000000e+00 : f32
      %41 = iree_tensor_ext.dispatch.tensor.load %arg10, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>> -> tensor<32x64xf32>
      %42 = iree_tensor_ext.dispatch.tensor.load %arg11, offsets = [0, 0], sizes = [64, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x64xf32>> -> tensor<64x64xf32>
      %43 = iree_tensor_ext.dispatch.tensor.load %arg12, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>> -> tensor<32x64xf32>
      %44 = tensor.empty() : tensor<32x64xf32>
      %45 = linalg.fill ins(%cst_1 : f32) outs(%44 : tensor<32x64xf32>) -> tensor<32x64xf32>
      %46 = linalg.matmul ins(%41, %42 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%45 : tensor<32x64xf32>) -> tensor<32x64xf32>
      %47 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%43, %46 : tensor<32x64xf32>, tensor<32x64xf32>) outs(%44 : tensor<32x64xf32>) {
      ^bb0(%in: f32, %in_2: f32, %out: f32):
        %48 = arith.addf %in, %in_2 : f32
        linalg.yield %48 : f32
      } -> tensor<32x64xf32>
      iree_tensor_ext.dispatch.tensor.store %47, %arg13, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : tensor<32x64xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x64xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %35 = flow.dispatch.workgroups(%34, %6) : (tensor<32x64xf32>, tensor<64xf32>) -> tensor<32x64xf32> =
        (%arg10: !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>>, %arg11: !iree_tensor_ext.dispatch.tensor<readonly:tensor<64xf32>>, %arg12: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x64xf32>>) {
      %cst_1 = arith.constant 0.000000e+00 : f32
      %cst_2 = arith.constant 6.400000e+01 : f32
      %cst_3 = arith.constant 9.99999997E-7 : f32
      %41 = iree_tensor_ext.dispatch.tensor.load %arg10, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>> -> tensor<32x64xf32>
      %42 = iree_tensor_ext.dispatch.tensor.load %arg11, offsets = [0], sizes = [64], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<64xf32>> -> tensor<64xf32>
      %43 = tensor.empty() : tensor<32xf32>
      %44 = linalg.fill ins(%cst_1 : f32) outs(%43 : tensor<32xf32>) -> tensor<32xf32>
      %45 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%41 : tensor<32x64xf32>) outs(%44 : tensor<32xf32>) {
      ^bb0(%in: f32, %out: f32):
        %48 = arith.mulf %in, %in : f32
        %49 = arith.addf %out, %48 : f32
        linalg.yield %49 : f32
      } -> tensor<32xf32>
      %46 = tensor.empty() : tensor<32x64xf32>
      %47 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%41, %45, %42 : tensor<32x64xf32>, tensor<32xf32>, tensor<64xf32>) outs(%46 : tensor<32x64xf32>) {
      ^bb0(%in: f32, %in_4: f32, %in_5: f32, %out: f32):
        %48 = arith.divf %in_4, %cst_2 : f32
        %49 = arith.addf %48, %cst_3 : f32
        %50 = math.rsqrt %49 : f32
        %51 = arith.mulf %in, %50 : f32
        %52 = arith.mulf %51, %in_5 : f32
        linalg.yield %52 : f32
      } -> tensor<32x64xf32>
      iree_tensor_ext.dispatch.tensor.store %47, %arg12, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : tensor<32x64xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x64xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %36 = flow.dispatch.workgroups(%35, %8) : (tensor<32x64xf32>, tensor<64x128xf32>) -> tensor<32x128xf32> =
        (%arg10: !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>>, %arg11: !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x128xf32>>, %arg12: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x128xf32>>) {
      %cst_1 = arith.constant 0.000000e+00 : f32
      %41 = iree_tensor_ext.dispatch.tensor.load %arg10, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>> -> tensor<32x64xf32>
      %42 = iree_tensor_ext.dispatch.tensor.load %arg11, offsets = [0, 0], sizes = [64, 128], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x128xf32>> -> tensor<64x128xf32>
      %43 = tensor.empty() : tensor<32x128xf32>
      %44 = linalg.fill ins(%cst_1 : f32) outs(%43 : tensor<32x128xf32>) -> tensor<32x128xf32>
      %45 = linalg.matmul ins(%41, %42 : tensor<32x64xf32>, tensor<64x128xf32>) outs(%44 : tensor<32x128xf32>) -> tensor<32x128xf32>
      iree_tensor_ext.dispatch.tensor.store %45, %arg12, offsets = [0, 0], sizes = [32, 128], strides = [1, 1] : tensor<32x128xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x128xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %37 = flow.dispatch.workgroups(%35, %7, %36) : (tensor<32x64xf32>, tensor<64x128xf32>, tensor<32x128xf32>) -> tensor<32x128xf32> =
        (%arg10: !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>>, %arg11: !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x128xf32>>, %arg12: !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x128xf32>>, %arg13: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x128xf32>>) {
      %cst_1 = arith.constant 0.000000e+00 : f32
      %cst_2 = arith.constant 1.000000e+00 : f32
      %41 = iree_tensor_ext.dispatch.tensor.load %arg10, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>> -> tensor<32x64xf32>
      %42 = iree_tensor_ext.dispatch.tensor.load %arg11, offsets = [0, 0], sizes = [64, 128], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<64x128xf32>> -> tensor<64x128xf32>
      %43 = iree_tensor_ext.dispatch.tensor.load %arg12, offsets = [0, 0], sizes = [32, 128], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x128xf32>> -> tensor<32x128xf32>
      %44 = tensor.empty() : tensor<32x128xf32>
      %45 = linalg.fill ins(%cst_1 : f32) outs(%44 : tensor<32x128xf32>) -> tensor<32x128xf32>
      %46 = linalg.matmul ins(%41, %42 : tensor<32x64xf32>, tensor<64x128xf32>) outs(%45 : tensor<32x128xf32>) -> tensor<32x128xf32>
      %47 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%46, %43 : tensor<32x128xf32>, tensor<32x128xf32>) outs(%44 : tensor<32x128xf32>) {
      ^bb0(%in: f32, %in_3: f32, %out: f32):
        %48 = arith.negf %in : f32
        %49 = math.exp %48 : f32
        %50 = arith.addf %49, %cst_2 : f32
        %51 = arith.divf %cst_2, %50 : f32
        %52 = arith.mulf %in, %51 : f32
        %53 = arith.mulf %52, %in_3 : f32
        linalg.yield %53 : f32
      } -> tensor<32x128xf32>
      iree_tensor_ext.dispatch.tensor.store %47, %arg13, offsets = [0, 0], sizes = [32, 128], strides = [1, 1] : tensor<32x128xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x128xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %38 = flow.dispatch.workgroups(%37, %9, %34) : (tensor<32x128xf32>, tensor<128x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32> =
        (%arg10: !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x128xf32>>, %arg11: !iree_tensor_ext.dispatch.tensor<readonly:tensor<128x64xf32>>, %arg12: !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>>, %arg13: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x64xf32>>) {
      %cst_1 = arith.constant 0.000000e+00 : f32
      %41 = iree_tensor_ext.dispatch.tensor.load %arg10, offsets = [0, 0], sizes = [32, 128], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x128xf32>> -> tensor<32x128xf32>
      %42 = iree_tensor_ext.dispatch.tensor.load %arg11, offsets = [0, 0], sizes = [128, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<128x64xf32>> -> tensor<128x64xf32>
      %43 = iree_tensor_ext.dispatch.tensor.load %arg12, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<32x64xf32>> -> tensor<32x64xf32>
      %44 = tensor.empty() : tensor<32x64xf32>
      %45 = linalg.fill ins(%cst_1 : f32) outs(%44 : tensor<32x64xf32>) -> tensor<32x64xf32>
      %46 = linalg.matmul ins(%41, %42 : tensor<32x128xf32>, tensor<128x64xf32>) outs(%45 : tensor<32x64xf32>) -> tensor<32x64xf32>
      %47 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%43, %46 : tensor<32x64xf32>, tensor<32x64xf32>) outs(%44 : tensor<32x64xf32>) {
      ^bb0(%in: f32, %in_2: f32, %out: f32):
        %48 = arith.addf %in, %in_2 : f32
        linalg.yield %48 : f32
      } -> tensor<32x64xf32>
      iree_tensor_ext.dispatch.tensor.store %47, %arg13, offsets = [0, 0], sizes = [32, 64], strides = [1, 1] : tensor<32x64xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x64xf32>>
      flow.return
    } count() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    %39 = flow.tensor.reshape %38 : tensor<32x64xf32> -> tensor<2x16x64xf32>
    %40 = hal.tensor.export %39 "output0" : tensor<2x16x64xf32> -> !hal.buffer_view
    util.return %40 : !hal.buffer_view
  }
}