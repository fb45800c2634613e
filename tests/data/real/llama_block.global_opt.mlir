module @jit_llama_block {
  util.func public @main(%arg0: !hal.buffer_view, %arg1: !hal.buffer_view, %arg2: !hal.buffer_view, %arg3: !hal.buffer_view, %arg4: !hal.buffer_view, %arg5: !hal.buffer_view, %arg6: !hal.buffer_view, %arg7: !hal.buffer_view, %arg8: !hal.buffer_view, %arg9: !hal.buffer_view) -> !hal.buffer_view attributes {iree.abi.stub, iree.reflection = {iree.abi.declaration = "sync func @main(%input0: tensor<2x16x64xf32>, %input1: tensor<64xf32>, %input2: tensor<64x64xf32>, %input3: tensor<64x64xf32>, %input4: tensor<64x64xf32>, %input5: tensor<64x64xf32>, %input6: tensor<64xf32>, %input7: tensor<64x128xf32>, %input8: tensor<64x128xf32>, %input9: tensor<128x64xf32>) -> (%output0: tensor<2x16x64xf32>)"}} {
    %c1 = arith.constant 1 : index
    %cst = arith.constant dense<"0x01000000000000000000000000000000010100000000000000000000000000000101010000000000000000000000000001010101000000000000000000000000010101010100000000000000000000000101010101010000000000000000000001010101010101000000000000000000010101010101010100000000000000000101010101010101010000000000000001010101010101010101000000000000010101010101010101010100000000000101010101010101010101010000000001010101010101010101010101000000010101010101010101010101010100000101010101010101010101010101010001010101010101010101010101010101"> : tensor<16x16xi1>
    %cst_0 = arith.constant dense<"0x00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000A56A573F3E399F3E7775CC3D5C81013D57D6233C213E4F3B6E12833A60CBA539A56A573F3E399F3E7775CC3D5C81013D57D6233C213E4F3B6E12833A60CBA539B7C7683F1B54173FF96F4B3EC970813D3ED4A33CDD3DCF3B6912033B5FCB253AB7C7683F1B54173FF96F4B3EC970813D3ED4A33CDD3DCF3B6912033B5FCB253AC381103EC209503F6D4E973EC1FFC13D1FB9F53C116E1B3C939B443B0EB1783AC381103EC209503F6D4E973EC1FFC13D1FB9F53C116E1B3C939B443B0EB1783ACFBD41BFDE1D743FD761C73E892E013EDBCB233DCE3C4F3C5812833B5DCBA53ACFBD41BFDE1D743FD761C73E892E013EDBCB233DCE3C4F3C5812833B5DCBA53A107C75BF7FFC7F3F4477F53E1F3C213EF4B64C3D8185813CDED6A33B323ECF3A107C75BF7FFC7F3F4477F53E1F3C213EF4B64C3D8185813CDED6A33B323ECF3A8C0F8FBE4E78723F698C103F6F20413ED19C753D476C9B3C599BC43B06B1F83A8C0F8FBE4E78723F698C103F6F20413ED19C753D476C9B3C599BC43B06B1F83A4630283F6EE84C3F73EB243F51D3603E323E8F3DA652B53CC75FE53BEC11113B4630283F6EE84C3F73EB243F51D3603E323E8F3DA652B53CC75FE53BEC11113B95467D3F7E06133FA6A4373F5226803E50AAA33D8F38CF3C1312033C54CB253B95467D3F7E06133FA6A4373F5226803E50AAA33D8F38CF3C1312033C54CB253B3101D33EEE1F953E1D88483F2EC28F3E3E12B83DF01DE93C3B74133CBB843A3B3101D33EEE1F953E1D88483F2EC28F3E3E12B83DF01DE93C3B74133CBB843A3BF7440BBF9770A9BCA56A573F3F399F3E7675CC3D5C81013D58D6233C213E4F3BF7440BBF9770A9BCA56A573F3F399F3E7675CC3D5C81013D58D6233C213E4F3B5CFF7FBF1F41A9BE2A26643F8C87AE3E72D3E03D6B730E3D6B38343C86F7633B5CFF7FBF1F41A9BE2A26643F8C87AE3E72D3E03D6B730E3D6B38343C86F7633BD85C09BF24911BBF1D9A6E3F2CA9BD3EAC2BF53D1D651B3D719A443CE9B0783BD85C09BF24911BBF1D9A6E3F2CA9BD3EAC2BF53D1D651B3D719A443CE9B0783B2320D73E4C1453BFC0AB763F419ACC3ED0BE043E6A56283D6BFC543C25B5863B2320D73E4C1453BFC0AB763F419ACC3ED0BE043E6A56283D6BFC543C25B5863B72987D3FB3A875BF6F467C3FF556DB3E64E40E3E4747353D575E653CD511913B72987D3FB3A875BF6F467C3FF556DB3E64E40E3E4747353D575E653CD511913B4479263F75E07FBFD55B7F3F85DBE93E4F06193EAE37423D34C0753C846E9B3B4479263F75E07FBFD55B7F3F85DBE93E4F06193EAE37423D34C0753C846E9B3B"> : tensor<16x16xf32>
    %cst_1 = arith.constant dense<"0x0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F40510A3F6A4E733F98B87E3F3CDF7F3FB9FC7F3FACFF7F3FF8FF7F3FFFFF7F3F40510A3F6A4E733F98B87E3F3CDF7F3FB9FC7F3FACFF7F3FF8FF7F3FFFFF7F3F3211D5BEEC7B4E3FA5E57A3FF97C7F3FE5F27F3FB0FE7F3FDEFF7F3FFDFF7F3F3211D5BEEC7B4E3FA5E57A3FF97C7F3FE5F27F3FB0FE7F3FDEFF7F3FFDFF7F3F26707DBF572F153FEF90743F4FD97E3F83E27F3F0DFD7F3FB5FF7F3FF8FF7F3F26707DBF572F153FEF90743F4FD97E3F83E27F3F0DFD7F3FB5FF7F3FF8FF7F3F305527BFB12E9A3EA7CA6B3F69F47D3F94CB7F3FC2FA7F3F7AFF7F3FF3FF7F3F305527BFB12E9A3EA7CA6B3F69F47D3F94CB7F3FC2FA7F3F7AFF7F3FF3FF7F3F2B3C913EE97229BC40A9603F81CE7C3F19AE7F3FCFF77F3F2EFF7F3FEBFF7F3F2B3C913EE97229BC40A9603F81CE7C3F19AE7F3FCFF77F3F2EFF7F3FEBFF7F3FB8CD753F6C3FA4BE3249533FE3677B3F128A7F3F34F47F3FD2FE7F3FE2FF7F3FB8CD753F6C3FA4BE3249533FE3677B3F128A7F3F34F47F3FD2FE7F3FE2FF7F3FBDFF403FBC7419BFB3CC433FEAC0793F815F7F3FF2EF7F3F65FE7F3FD7FF7F3FBDFF403FBC7419BFB3CC433FEAC0793F815F7F3FF2EF7F3F65FE7F3FD7FF7F3FF6FD14BEE59151BF5F5B323F02DA773F662E7F3F08EB7F3FE7FD7F3FCAFF7F3FF6FD14BEE59151BF5F5B323F02DA773F662E7F3F08EB7F3FE7FD7F3FCAFF7F3FD53F69BFA2E674BFD4211F3FA9B3753FC2F67E3F76E57F3F59FD7F3FBCFF7F3FD53F69BFA2E674BFD4211F3FA9B3753FC2F67E3F76E57F3F59FD7F3FBCFF7F3F64CD56BFFBF17FBF40510A3F6A4E733F98B87E3F3CDF7F3FB9FC7F3FACFF7F3F64CD56BFFBF17FBF40510A3F6A4E733F98B87E3F3CDF7F3FB9FC7F3FACFF7F3F7205913B8C9B71BFC03DE83EE4AA703FE8737E3F5BD87F3F09FC7F3F9AFF7F3F7205913B8C9B71BFC03DE83EE4AA703FE8737E3F5BD87F3F09FC7F3F9AFF7F3FD006583F574F4BBFF486B93EC3C96D3FB5287E3FD2D07F3F48FB7F3F87FF7F3FD006583F574F4BBFF486B93EC3C96D3FB5287E3FD2D07F3F48FB7F3F87FF7F3F6F4E683F9DD910BF99F5883EC2AB6A3F00D77D3FA1C87F3F76FA7F3F72FF7F3F6F4E683F9DD910BF99F5883EC2AB6A3F00D77D3FA1C87F3F76FA7F3F72FF7F3FD8040C3E0A0D90BEDF0B2E3EB151673FCC7E7D3FC9BF7F3F94F97F3F5CFF7F3FD8040C3E0A0D90BEDF0B2E3EB151673FCC7E7D3FC9BF7F3F94F97F3F5CFF7F3FE87A42BF9522FE3CAADE903D68BC633F1A207D3F49B67F3FA1F87F3F43FF7F3FE87A42BF9522FE3CAADE903D68BC633F1A207D3F49B67F3FA1F87F3F43FF7F3F"> : tensor<16x16xf32>
    %cst_2 = arith.constant 0.000000e+00 : f32
    %cst_3 = arith.constant 6.400000e+01 : f32
    %cst_4 = arith.constant 9.99999997E-7 : f32
    %cst_5 = arith.constant 4.000000e+00 : f32
    %cst_6 = arith.constant -1.000000e+09 : f32
    %cst_7 = arith.constant 1.000000e+00 : f32
    %0 = hal.tensor.import %arg0 "input0" : !hal.buffer_view -> tensor<2x16x64xf32>
    %1 = iree_tensor_ext.compute_barrier.start %0 : tensor<2x16x64xf32> -> tensor<2x16x64xf32>
    %2 = hal.tensor.import %arg1 "input1" : !hal.buffer_view -> tensor<64xf32>
    %3 = iree_tensor_ext.compute_barrier.start %2 : tensor<64xf32> -> tensor<64xf32>
    %4 = hal.tensor.import %arg2 "input2" : !hal.buffer_view -> tensor<64x64xf32>
    %5 = iree_tensor_ext.compute_barrier.start %4 : tensor<64x64xf32> -> tensor<64x64xf32>
    %6 = hal.tensor.import %arg3 "input3" : !hal.buffer_view -> tensor<64x64xf32>
    %7 = iree_tensor_ext.compute_barrier.start %6 : tensor<64x64xf32> -> tensor<64x64xf32>
    %8 = hal.tensor.import %arg4 "input4" : !hal.buffer_view -> tensor<64x64xf32>
    %9 = iree_tensor_ext.compute_barrier.start %8 : tensor<64x64xf32> -> tensor<64x64xf32>
    %10 = hal.tensor.import %arg5 "input5" : !hal.buffer_view -> tensor<64x64xf32>
    %11 = iree_tensor_ext.compute_barrier.start %10 : tensor<64x64xf32> -> tensor<64x64xf32>
    %12 = hal.tensor.import %arg6 "input6" : !hal.buffer_view -> tensor<64xf32>
    %13 = iree_tensor_ext.compute_barrier.start %12 : tensor<64xf32> -> tensor<64xf32>
    %14 = hal.tensor.import %arg7 "input7" : !hal.buffer_view -> tensor<64x128xf32>
    %15 = iree_tensor_ext.compute_barrier.start %14 : tensor<64x128xf32> -> tensor<64x128xf32>
    %16 = hal.tensor.import %arg8 "input8" : !hal.buffer_view -> tensor<64x128xf32>
    %17 = iree_tensor_ext.compute_barrier.start %16 : tensor<64x128xf32> -> tensor<64x128xf32>
    %18 = hal.tensor.import %arg9 "input9" : !hal.buffer_view -> tensor<128x64xf32>
    %19 = iree_tensor_ext.compute_barrier.start %18 : tensor<128x64xf32> -> tensor<128x64xf32>
    %20 = tensor.empty() : tensor<2x16x64xf32>
    %21 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1 : tensor<2x16x64xf32>) outs(%20 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %88 = arith.mulf %in, %in : f32
      linalg.yield %88 : f32
    } -> tensor<2x16x64xf32>
    %22 = tensor.empty() : tensor<2x16xf32>
    %23 = linalg.fill ins(%cst_2 : f32) outs(%22 : tensor<2x16xf32>) -> tensor<2x16xf32>
    %24 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%21 : tensor<2x16x64xf32>) outs(%23 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %88 = arith.addf %out, %in : f32
      linalg.yield %88 : f32
    } -> tensor<2x16xf32>
    %25 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%24 : tensor<2x16xf32>) outs(%22 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %88 = arith.divf %in, %cst_3 : f32
      linalg.yield %88 : f32
    } -> tensor<2x16xf32>
    %26 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%25 : tensor<2x16xf32>) outs(%22 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %88 = arith.addf %in, %cst_4 : f32
      linalg.yield %88 : f32
    } -> tensor<2x16xf32>
    %27 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%26 : tensor<2x16xf32>) outs(%22 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %88 = math.rsqrt %in : f32
      linalg.yield %88 : f32
    } -> tensor<2x16xf32>
    %28 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%27 : tensor<2x16xf32>) outs(%20 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x64xf32>
    %29 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1, %28 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%20 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %88 = arith.mulf %in, %in_27 : f32
      linalg.yield %88 : f32
    } -> tensor<2x16x64xf32>
    %30 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%3 : tensor<64xf32>) outs(%20 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x64xf32>
    %31 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%29, %30 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%20 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %88 = arith.mulf %in, %in_27 : f32
      linalg.yield %88 : f32
    } -> tensor<2x16x64xf32>
    %collapsed = tensor.collapse_shape %31 [[0, 1], [2]] : tensor<2x16x64xf32> into tensor<32x64xf32>
    %32 = tensor.empty() : tensor<32x64xf32>
    %33 = linalg.fill ins(%cst_2 : f32) outs(%32 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %34 = linalg.matmul ins(%collapsed, %5 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%33 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %expanded = tensor.expand_shape %34 [[0, 1], [2, 3]] output_shape [2, 16, 4, 16] : tensor<32x64xf32> into tensor<2x16x4x16xf32>
    %35 = tensor.empty() : tensor<2x16x4x16xf32>
    %36 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_1 : tensor<16x16xf32>) outs(%35 : tensor<2x16x4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x4x16xf32>
    %37 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded, %36 : tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) outs(%35 : tensor<2x16x4x16xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %88 = arith.mulf %in, %in_27 : f32
      linalg.yield %88 : f32
    } -> tensor<2x16x4x16xf32>
    %expanded_8 = tensor.expand_shape %34 [[0, 1], [2, 3, 4]] output_shape [2, 16, 4, 2, 8] : tensor<32x64xf32> into tensor<2x16x4x2x8xf32>
    %38 = tensor.empty() : tensor<2x16x4x2x8xf32>
    %39 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} outs(%38 : tensor<2x16x4x2x8xf32>) {
    ^bb0(%out: f32):
      %88 = linalg.index 0 : index
      %89 = linalg.index 1 : index
      %90 = linalg.index 2 : index
      %91 = linalg.index 3 : index
      %92 = linalg.index 4 : index
      %93 = arith.subi %c1, %91 : index
      %extracted = tensor.extract %expanded_8[%88, %89, %90, %93, %92] : tensor<2x16x4x2x8xf32>
      %94 = arith.negf %extracted : f32
      %95 = arith.cmpi eq, %93, %c1 : index
      %96 = arith.select %95, %94, %extracted : f32
      linalg.yield %96 : f32
    } -> tensor<2x16x4x2x8xf32>
    %collapsed_9 = tensor.collapse_shape %39 [[0], [1], [2], [3, 4]] : tensor<2x16x4x2x8xf32> into tensor<2x16x4x16xf32>
    %40 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_0 : tensor<16x16xf32>) outs(%35 : tensor<2x16x4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x4x16xf32>
    %41 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%collapsed_9, %40 : tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) outs(%35 : tensor<2x16x4x16xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %88 = arith.mulf %in, %in_27 : f32
      linalg.yield %88 : f32
    } -> tensor<2x16x4x16xf32>
    %42 = linalg.matmul ins(%collapsed, %7 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%33 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %expanded_10 = tensor.expand_shape %42 [[0, 1], [2, 3]] output_shape [2, 16, 4, 16] : tensor<32x64xf32> into tensor<2x16x4x16xf32>
    %43 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_10, %36 : tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) outs(%35 : tensor<2x16x4x16xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %88 = arith.mulf %in, %in_27 : f32
      linalg.yield %88 : f32
    } -> tensor<2x16x4x16xf32>
    %expanded_11 = tensor.expand_shape %42 [[0, 1], [2, 3, 4]] output_shape [2, 16, 4, 2, 8] : tensor<32x64xf32> into tensor<2x16x4x2x8xf32>
    %44 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} outs(%38 : tensor<2x16x4x2x8xf32>) {
    ^bb0(%out: f32):
      %88 = linalg.index 0 : index
      %89 = linalg.index 1 : index
      %90 = linalg.index 2 : index
      %91 = linalg.index 3 : index
      %92 = linalg.index 4 : index
      %93 = arith.subi %c1, %91 : index
      %extracted = tensor.extract %expanded_11[%88, %89, %90, %93, %92] : tensor<2x16x4x2x8xf32>
      %94 = arith.negf %extracted : f32
      %95 = arith.cmpi eq, %93, %c1 : index
      %96 = arith.select %95, %94, %extracted : f32
      linalg.yield %96 : f32
    } -> tensor<2x16x4x2x8xf32>
    %collapsed_12 = tensor.collapse_shape %44 [[0], [1], [2], [3, 4]] : tensor<2x16x4x2x8xf32> into tensor<2x16x4x16xf32>
    %45 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%collapsed_12, %40 : tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) outs(%35 : tensor<2x16x4x16xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %88 = arith.mulf %in, %in_27 : f32
      linalg.yield %88 : f32
    } -> tensor<2x16x4x16xf32>
    %46 = linalg.matmul ins(%collapsed, %9 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%33 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %expanded_13 = tensor.expand_shape %46 [[0, 1], [2, 3]] output_shape [2, 16, 4, 16] : tensor<32x64xf32> into tensor<2x16x4x16xf32>
    %47 = tensor.empty() : tensor<2x4x16x16xf32>
    %48 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%37, %41 : tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) outs(%47 : tensor<2x4x16x16xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %88 = arith.addf %in, %in_27 : f32
      linalg.yield %88 : f32
    } -> tensor<2x4x16x16xf32>
    %49 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%43, %45 : tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) outs(%47 : tensor<2x4x16x16xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %88 = arith.addf %in, %in_27 : f32
      linalg.yield %88 : f32
    } -> tensor<2x4x16x16xf32>
    %collapsed_14 = tensor.collapse_shape %48 [[0, 1], [2], [3]] : tensor<2x4x16x16xf32> into tensor<8x16x16xf32>
    %collapsed_15 = tensor.collapse_shape %49 [[0, 1], [2], [3]] : tensor<2x4x16x16xf32> into tensor<8x16x16xf32>
    %50 = tensor.empty() : tensor<8x16x16xf32>
    %51 = linalg.fill ins(%cst_2 : f32) outs(%50 : tensor<8x16x16xf32>) -> tensor<8x16x16xf32>
    %52 = linalg.batch_matmul ins(%collapsed_14, %collapsed_15 : tensor<8x16x16xf32>, tensor<8x16x16xf32>) outs(%51 : tensor<8x16x16xf32>) -> tensor<8x16x16xf32>
    %expanded_16 = tensor.expand_shape %52 [[0, 1], [2], [3]] output_shape [2, 4, 16, 16] : tensor<8x16x16xf32> into tensor<2x4x16x16xf32>
    %53 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_16 : tensor<2x4x16x16xf32>) outs(%47 : tensor<2x4x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %88 = arith.divf %in, %cst_5 : f32
      linalg.yield %88 : f32
    } -> tensor<2x4x16x16xf32>
    %54 = tensor.empty() : tensor<2x4x16x16xi1>
    %55 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst : tensor<16x16xi1>) outs(%54 : tensor<2x4x16x16xi1>) {
    ^bb0(%in: i1, %out: i1):
      linalg.yield %in : i1
    } -> tensor<2x4x16x16xi1>
    %56 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%55, %53 : tensor<2x4x16x16xi1>, tensor<2x4x16x16xf32>) outs(%47 : tensor<2x4x16x16xf32>) {
    ^bb0(%in: i1, %in_27: f32, %out: f32):
      %88 = arith.select %in, %in_27, %cst_6 : f32
      linalg.yield %88 : f32
    } -> tensor<2x4x16x16xf32>
    %57 = linalg.softmax dimension(3) ins(%56 : tensor<2x4x16x16xf32>) outs(%47 : tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
    %58 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_13 : tensor<2x16x4x16xf32>) outs(%47 : tensor<2x4x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x4x16x16xf32>
    %59 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%57 : tensor<2x4x16x16xf32>) outs(%47 : tensor<2x4x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x4x16x16xf32>
    %collapsed_17 = tensor.collapse_shape %58 [[0, 1], [2], [3]] : tensor<2x4x16x16xf32> into tensor<8x16x16xf32>
    %collapsed_18 = tensor.collapse_shape %59 [[0, 1], [2], [3]] : tensor<2x4x16x16xf32> into tensor<8x16x16xf32>
    %60 = linalg.batch_matmul ins(%collapsed_17, %collapsed_18 : tensor<8x16x16xf32>, tensor<8x16x16xf32>) outs(%51 : tensor<8x16x16xf32>) -> tensor<8x16x16xf32>
    %expanded_19 = tensor.expand_shape %60 [[0, 1], [2], [3]] output_shape [2, 4, 16, 16] : tensor<8x16x16xf32> into tensor<2x4x16x16xf32>
    %61 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_19 : tensor<2x4x16x16xf32>) outs(%35 : tensor<2x16x4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x4x16xf32>
    %collapsed_20 = tensor.collapse_shape %61 [[0, 1], [2, 3]] : tensor<2x16x4x16xf32> into tensor<32x64xf32>
    %62 = linalg.matmul ins(%collapsed_20, %11 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%33 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %expanded_21 = tensor.expand_shape %62 [[0, 1], [2]] output_shape [2, 16, 64] : tensor<32x64xf32> into tensor<2x16x64xf32>
    %63 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1, %expanded_21 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%20 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %88 = arith.addf %in, %in_27 : f32
      linalg.yield %88 : f32
    } -> tensor<2x16x64xf32>
    %64 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%63 : tensor<2x16x64xf32>) outs(%20 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %88 = arith.mulf %in, %in : f32
      linalg.yield %88 : f32
    } -> tensor<2x16x64xf32>
    %65 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%64 : tensor<2x16x64xf32>) outs(%23 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %88 = arith.addf %out, %in : f32
      linalg.yield %88 : f32
    } -> tensor<2x16xf32>
    %66 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%65 : tensor<2x16xf32>) outs(%22 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %88 = arith.divf %in, %cst_3 : f32
      linalg.yield %88 : f32
    } -> tensor<2x16xf32>
    %67 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%66 : tensor<2x16xf32>) outs(%22 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %88 = arith.addf %in, %cst_4 : f32
      linalg.yield %88 : f32
    } -> tensor<2x16xf32>
    %68 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%67 : tensor<2x16xf32>) outs(%22 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %88 = math.rsqrt %in : f32
      linalg.yield %88 : f32
    } -> tensor<2x16xf32>
    %69 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%68 : tensor<2x16xf32>) outs(%20 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x64xf32>
    %70 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%63, %69 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%20 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %88 = arith.mulf %in, %in_27 : f32
      linalg.yield %88 : f32
    } -> tensor<2x16x64xf32>
    %71 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%13 : tensor<64xf32>) outs(%20 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x64xf32>
    %72 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%70, %71 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%20 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %88 = arith.mulf %in, %in_27 : f32
      linalg.yield %88 : f32
    } -> tensor<2x16x64xf32>
    %collapsed_22 = tensor.collapse_shape %72 [[0, 1], [2]] : tensor<2x16x64xf32> into tensor<32x64xf32>
    %73 = tensor.empty() : tensor<32x128xf32>
    %74 = linalg.fill ins(%cst_2 : f32) outs(%73 : tensor<32x128xf32>) -> tensor<32x128xf32>
    %75 = linalg.matmul ins(%collapsed_22, %15 : tensor<32x64xf32>, tensor<64x128xf32>) outs(%74 : tensor<32x128xf32>) -> tensor<32x128xf32>
    %expanded_23 = tensor.expand_shape %75 [[0, 1], [2]] output_shape [2, 16, 128] : tensor<32x128xf32> into tensor<2x16x128xf32>
    %76 = tensor.empty() : tensor<2x16x128xf32>
    %77 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_23 : tensor<2x16x128xf32>) outs(%76 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %88 = arith.negf %in : f32
      linalg.yield %88 : f32
    } -> tensor<2x16x128xf32>
    %78 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%77 : tensor<2x16x128xf32>) outs(%76 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %88 = math.exp %in : f32
      linalg.yield %88 : f32
    } -> tensor<2x16x128xf32>
    %79 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%78 : tensor<2x16x128xf32>) outs(%76 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %88 = arith.addf %in, %cst_7 : f32
      linalg.yield %88 : f32
    } -> tensor<2x16x128xf32>
    %80 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%79 : tensor<2x16x128xf32>) outs(%76 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %88 = arith.divf %cst_7, %in : f32
      linalg.yield %88 : f32
    } -> tensor<2x16x128xf32>
    %81 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_23, %80 : tensor<2x16x128xf32>, tensor<2x16x128xf32>) outs(%76 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %88 = arith.mulf %in, %in_27 : f32
      linalg.yield %88 : f32
    } -> tensor<2x16x128xf32>
    %82 = linalg.matmul ins(%collapsed_22, %17 : tensor<32x64xf32>, tensor<64x128xf32>) outs(%74 : tensor<32x128xf32>) -> tensor<32x128xf32>
    %expanded_24 = tensor.expand_shape %82 [[0, 1], [2]] output_shape [2, 16, 128] : tensor<32x128xf32> into tensor<2x16x128xf32>
    %83 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%81, %expanded_24 : tensor<2x16x128xf32>, tensor<2x16x128xf32>) outs(%76 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %88 = arith.mulf %in, %in_27 : f32
      linalg.yield %88 : f32
    } -> tensor<2x16x128xf32>
    %collapsed_25 = tensor.collapse_shape %83 [[0, 1], [2]] : tensor<2x16x128xf32> into tensor<32x128xf32>
    %84 = linalg.matmul ins(%collapsed_25, %19 : tensor<32x128xf32>, tensor<128x64xf32>) outs(%33 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %expanded_26 = tensor.expand_shape %84 [[0, 1], [2]] output_shape [2, 16, 64] : tensor<32x64xf32> into tensor<2x16x64xf32>
    %85 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%63, %expanded_26 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%20 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %88 = arith.addf %in, %in_27 : f32
      linalg.yield %88 : f32
    } -> tensor<2x16x64xf32>
    %86 = iree_tensor_ext.compute_barrier.end %85 : tensor<2x16x64xf32> -> tensor<2x16x64xf32>
    %87 = hal.tensor.export %86 "output0" : tensor<2x16x64xf32> -> !hal.buffer_view
    util.return %87 : !hal.buffer_view
  }
}