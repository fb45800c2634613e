module @jit_llama_block {
  util.func public @main(%arg0: tensor<2x16x64xf32>, %arg1: tensor<64xf32>, %arg2: tensor<64x64xf32>, %arg3: tensor<64x64xf32>, %arg4: tensor<64x64xf32>, %arg5: tensor<64x64xf32>, %arg6: tensor<64xf32>, %arg7: tensor<64x128xf32>, %arg8: tensor<64x128xf32>, %arg9: tensor<128x64xf32>) -> tensor<2x16x64xf32> {
    %cst = arith.constant 1.000000e+00 : f32
    %cst_0 = arith.constant 0xFF800000 : f32
    %cst_1 = arith.constant -1.000000e+09 : f32
    %cst_2 = arith.constant 4.000000e+00 : f32
    %cst_3 = arith.constant 9.99999997E-7 : f32
    %cst_4 = arith.constant 6.400000e+01 : f32
    %cst_5 = arith.constant 0.000000e+00 : f32
    %cst_6 = arith.constant dense<"0x0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F40510A3F6A4E733F98B87E3F3CDF7F3FB9FC7F3FACFF7F3FF8FF7F3FFFFF7F3F40510A3F6A4E733F98B87E3F3CDF7F3FB9FC7F3FACFF7F3FF8FF7F3FFFFF7F3F3211D5BEEC7B4E3FA5E57A3FF97C7F3FE5F27F3FB0FE7F3FDEFF7F3FFDFF7F3F3211D5BEEC7B4E3FA5E57A3FF97C7F3FE5F27F3FB0FE7F3FDEFF7F3FFDFF7F3F26707DBF572F153FEF90743F4FD97E3F83E27F3F0DFD7F3FB5FF7F3FF8FF7F3F26707DBF572F153FEF90743F4FD97E3F83E27F3F0DFD7F3FB5FF7F3FF8FF7F3F305527BFB12E9A3EA7CA6B3F69F47D3F94CB7F3FC2FA7F3F7AFF7F3FF3FF7F3F305527BFB12E9A3EA7CA6B3F69F47D3F94CB7F3FC2FA7F3F7AFF7F3FF3FF7F3F2B3C913EE97229BC40A9603F81CE7C3F19AE7F3FCFF77F3F2EFF7F3FEBFF7F3F2B3C913EE97229BC40A9603F81CE7C3F19AE7F3FCFF77F3F2EFF7F3FEBFF7F3FB8CD753F6C3FA4BE3249533FE3677B3F128A7F3F34F47F3FD2FE7F3FE2FF7F3FB8CD753F6C3FA4BE3249533FE3677B3F128A7F3F34F47F3FD2FE7F3FE2FF7F3FBDFF403FBC7419BFB3CC433FEAC0793F815F7F3FF2EF7F3F65FE7F3FD7FF7F3FBDFF403FBC7419BFB3CC433FEAC0793F815F7F3FF2EF7F3F65FE7F3FD7FF7F3FF6FD14BEE59151BF5F5B323F02DA773F662E7F3F08EB7F3FE7FD7F3FCAFF7F3FF6FD14BEE59151BF5F5B323F02DA773F662E7F3F08EB7F3FE7FD7F3FCAFF7F3FD53F69BFA2E674BFD4211F3FA9B3753FC2F67E3F76E57F3F59FD7F3FBCFF7F3FD53F69BFA2E674BFD4211F3FA9B3753FC2F67E3F76E57F3F59FD7F3FBCFF7F3F64CD56BFFBF17FBF40510A3F6A4E733F98B87E3F3CDF7F3FB9FC7F3FACFF7F3F64CD56BFFBF17FBF40510A3F6A4E733F98B87E3F3CDF7F3FB9FC7F3FACFF7F3F7205913B8C9B71BFC03DE83EE4AA703FE8737E3F5BD87F3F09FC7F3F9AFF7F3F7205913B8C9B71BFC03DE83EE4AA703FE8737E3F5BD87F3F09FC7F3F9AFF7F3FD006583F574F4BBFF486B93EC3C96D3FB5287E3FD2D07F3F48FB7F3F87FF7F3FD006583F574F4BBFF486B93EC3C96D3FB5287E3FD2D07F3F48FB7F3F87FF7F3F6F4E683F9DD910BF99F5883EC2AB6A3F00D77D3FA1C87F3F76FA7F3F72FF7F3F6F4E683F9DD910BF99F5883EC2AB6A3F00D77D3FA1C87F3F76FA7F3F72FF7F3FD8040C3E0A0D90BEDF0B2E3EB151673FCC7E7D3FC9BF7F3F94F97F3F5CFF7F3FD8040C3E0A0D90BEDF0B2E3EB151673FCC7E7D3FC9BF7F3F94F97F3F5CFF7F3FE87A42BF9522FE3CAADE903D68BC633F1A207D3F49B67F3FA1F87F3F43FF7F3FE87A42BF9522FE3CAADE903D68BC633F1A207D3F49B67F3FA1F87F3F43FF7F3F"> : tensor<16x16xf32>
    %cst_7 = arith.constant dense<"0x00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000A56A573F3E399F3E7775CC3D5C81013D57D6233C213E4F3B6E12833A60CBA539A56A573F3E399F3E7775CC3D5C81013D57D6233C213E4F3B6E12833A60CBA539B7C7683F1B54173FF96F4B3EC970813D3ED4A33CDD3DCF3B6912033B5FCB253AB7C7683F1B54173FF96F4B3EC970813D3ED4A33CDD3DCF3B6912033B5FCB253AC381103EC209503F6D4E973EC1FFC13D1FB9F53C116E1B3C939B443B0EB1783AC381103EC209503F6D4E973EC1FFC13D1FB9F53C116E1B3C939B443B0EB1783ACFBD41BFDE1D743FD761C73E892E013EDBCB233DCE3C4F3C5812833B5DCBA53ACFBD41BFDE1D743FD761C73E892E013EDBCB233DCE3C4F3C5812833B5DCBA53A107C75BF7FFC7F3F4477F53E1F3C213EF4B64C3D8185813CDED6A33B323ECF3A107C75BF7FFC7F3F4477F53E1F3C213EF4B64C3D8185813CDED6A33B323ECF3A8C0F8FBE4E78723F698C103F6F20413ED19C753D476C9B3C599BC43B06B1F83A8C0F8FBE4E78723F698C103F6F20413ED19C753D476C9B3C599BC43B06B1F83A4630283F6EE84C3F73EB243F51D3603E323E8F3DA652B53CC75FE53BEC11113B4630283F6EE84C3F73EB243F51D3603E323E8F3DA652B53CC75FE53BEC11113B95467D3F7E06133FA6A4373F5226803E50AAA33D8F38CF3C1312033C54CB253B95467D3F7E06133FA6A4373F5226803E50AAA33D8F38CF3C1312033C54CB253B3101D33EEE1F953E1D88483F2EC28F3E3E12B83DF01DE93C3B74133CBB843A3B3101D33EEE1F953E1D88483F2EC28F3E3E12B83DF01DE93C3B74133CBB843A3BF7440BBF9770A9BCA56A573F3F399F3E7675CC3D5C81013D58D6233C213E4F3BF7440BBF9770A9BCA56A573F3F399F3E7675CC3D5C81013D58D6233C213E4F3B5CFF7FBF1F41A9BE2A26643F8C87AE3E72D3E03D6B730E3D6B38343C86F7633B5CFF7FBF1F41A9BE2A26643F8C87AE3E72D3E03D6B730E3D6B38343C86F7633BD85C09BF24911BBF1D9A6E3F2CA9BD3EAC2BF53D1D651B3D719A443CE9B0783BD85C09BF24911BBF1D9A6E3F2CA9BD3EAC2BF53D1D651B3D719A443CE9B0783B2320D73E4C1453BFC0AB763F419ACC3ED0BE043E6A56283D6BFC543C25B5863B2320D73E4C1453BFC0AB763F419ACC3ED0BE043E6A56283D6BFC543C25B5863B72987D3FB3A875BF6F467C3FF556DB3E64E40E3E4747353D575E653CD511913B72987D3FB3A875BF6F467C3FF556DB3E64E40E3E4747353D575E653CD511913B4479263F75E07FBFD55B7F3F85DBE93E4F06193EAE37423D34C0753C846E9B3B4479263F75E07FBFD55B7F3F85DBE93E4F06193EAE37423D34C0753C846E9B3B"> : tensor<16x16xf32>
    %cst_8 = arith.constant dense<"0x01000000000000000000000000000000010100000000000000000000000000000101010000000000000000000000000001010101000000000000000000000000010101010100000000000000000000000101010101010000000000000000000001010101010101000000000000000000010101010101010100000000000000000101010101010101010000000000000001010101010101010101000000000000010101010101010101010100000000000101010101010101010101010000000001010101010101010101010101000000010101010101010101010101010100000101010101010101010101010101010001010101010101010101010101010101"> : tensor<16x16xi1>
    %0 = tensor.empty() : tensor<2x16x64xf32>
    %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<2x16x64xf32>) outs(%0 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %135 = arith.mulf %in, %in : f32
      linalg.yield %135 : f32
    } -> tensor<2x16x64xf32>
    %2 = tensor.empty() : tensor<2x16xf32>
    %3 = linalg.fill ins(%cst_5 : f32) outs(%2 : tensor<2x16xf32>) -> tensor<2x16xf32>
    %4 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%1 : tensor<2x16x64xf32>) outs(%3 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %135 = arith.addf %out, %in : f32
      linalg.yield %135 : f32
    } -> tensor<2x16xf32>
    %expanded = tensor.expand_shape %4 [[0], [1, 2]] output_shape [2, 16, 1] : tensor<2x16xf32> into tensor<2x16x1xf32>
    %5 = tensor.empty() : tensor<2x16x1xf32>
    %6 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded : tensor<2x16x1xf32>) outs(%5 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %135 = arith.divf %in, %cst_4 : f32
      linalg.yield %135 : f32
    } -> tensor<2x16x1xf32>
    %7 = tensor.empty() : tensor<2x16x1xf32>
    %8 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6 : tensor<2x16x1xf32>) outs(%7 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %135 = arith.addf %in, %cst_3 : f32
      linalg.yield %135 : f32
    } -> tensor<2x16x1xf32>
    %9 = tensor.empty() : tensor<2x16x1xf32>
    %10 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%8 : tensor<2x16x1xf32>) outs(%9 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %135 = math.rsqrt %in : f32
      linalg.yield %135 : f32
    } -> tensor<2x16x1xf32>
    %11 = tensor.empty() : tensor<2x16x64xf32>
    %12 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%10 : tensor<2x16x1xf32>) outs(%11 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x64xf32>
    %13 = tensor.empty() : tensor<2x16x64xf32>
    %14 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %12 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%13 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %in_32: f32, %out: f32):
      %135 = arith.mulf %in, %in_32 : f32
      linalg.yield %135 : f32
    } -> tensor<2x16x64xf32>
    %15 = tensor.empty() : tensor<2x16x64xf32>
    %16 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg1 : tensor<64xf32>) outs(%15 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x64xf32>
    %17 = tensor.empty() : tensor<2x16x64xf32>
    %18 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%14, %16 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%17 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %in_32: f32, %out: f32):
      %135 = arith.mulf %in, %in_32 : f32
      linalg.yield %135 : f32
    } -> tensor<2x16x64xf32>
    %collapsed = tensor.collapse_shape %18 [[0, 1], [2]] : tensor<2x16x64xf32> into tensor<32x64xf32>
    %19 = tensor.empty() : tensor<32x64xf32>
    %20 = linalg.fill ins(%cst_5 : f32) outs(%19 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %21 = linalg.matmul ins(%collapsed, %arg2 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%20 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %expanded_9 = tensor.expand_shape %21 [[0, 1], [2, 3]] output_shape [2, 16, 4, 16] : tensor<32x64xf32> into tensor<2x16x4x16xf32>
    %extracted_slice = tensor.extract_slice %expanded_9[0, 0, 0, 0] [2, 16, 4, 8] [1, 1, 1, 1] : tensor<2x16x4x16xf32> to tensor<2x16x4x8xf32>
    %extracted_slice_10 = tensor.extract_slice %expanded_9[0, 0, 0, 8] [2, 16, 4, 8] [1, 1, 1, 1] : tensor<2x16x4x16xf32> to tensor<2x16x4x8xf32>
    %22 = tensor.empty() : tensor<2x16x4x16xf32>
    %23 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_6 : tensor<16x16xf32>) outs(%22 : tensor<2x16x4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x4x16xf32>
    %24 = tensor.empty() : tensor<2x16x4x16xf32>
    %25 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_9, %23 : tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) outs(%24 : tensor<2x16x4x16xf32>) {
    ^bb0(%in: f32, %in_32: f32, %out: f32):
      %135 = arith.mulf %in, %in_32 : f32
      linalg.yield %135 : f32
    } -> tensor<2x16x4x16xf32>
    %26 = tensor.empty() : tensor<2x16x4x8xf32>
    %27 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_10 : tensor<2x16x4x8xf32>) outs(%26 : tensor<2x16x4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %135 = arith.negf %in : f32
      linalg.yield %135 : f32
    } -> tensor<2x16x4x8xf32>
    %28 = tensor.empty() : tensor<2x16x4x16xf32>
    %inserted_slice = tensor.insert_slice %27 into %28[0, 0, 0, 0] [2, 16, 4, 8] [1, 1, 1, 1] : tensor<2x16x4x8xf32> into tensor<2x16x4x16xf32>
    %inserted_slice_11 = tensor.insert_slice %extracted_slice into %inserted_slice[0, 0, 0, 8] [2, 16, 4, 8] [1, 1, 1, 1] : tensor<2x16x4x8xf32> into tensor<2x16x4x16xf32>
    %29 = tensor.empty() : tensor<2x16x4x16xf32>
    %30 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_7 : tensor<16x16xf32>) outs(%29 : tensor<2x16x4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x4x16xf32>
    %31 = tensor.empty() : tensor<2x16x4x16xf32>
    %32 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%inserted_slice_11, %30 : tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) outs(%31 : tensor<2x16x4x16xf32>) {
    ^bb0(%in: f32, %in_32: f32, %out: f32):
      %135 = arith.mulf %in, %in_32 : f32
      linalg.yield %135 : f32
    } -> tensor<2x16x4x16xf32>
    %33 = tensor.empty() : tensor<2x16x4x16xf32>
    %34 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%25, %32 : tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) outs(%33 : tensor<2x16x4x16xf32>) {
    ^bb0(%in: f32, %in_32: f32, %out: f32):
      %135 = arith.addf %in, %in_32 : f32
      linalg.yield %135 : f32
    } -> tensor<2x16x4x16xf32>
    %35 = tensor.empty() : tensor<32x64xf32>
    %36 = linalg.fill ins(%cst_5 : f32) outs(%35 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %37 = linalg.matmul ins(%collapsed, %arg3 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%36 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %expanded_12 = tensor.expand_shape %37 [[0, 1], [2, 3]] output_shape [2, 16, 4, 16] : tensor<32x64xf32> into tensor<2x16x4x16xf32>
    %extracted_slice_13 = tensor.extract_slice %expanded_12[0, 0, 0, 0] [2, 16, 4, 8] [1, 1, 1, 1] : tensor<2x16x4x16xf32> to tensor<2x16x4x8xf32>
    %extracted_slice_14 = tensor.extract_slice %expanded_12[0, 0, 0, 8] [2, 16, 4, 8] [1, 1, 1, 1] : tensor<2x16x4x16xf32> to tensor<2x16x4x8xf32>
    %38 = tensor.empty() : tensor<2x16x4x16xf32>
    %39 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_12, %23 : tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) outs(%38 : tensor<2x16x4x16xf32>) {
    ^bb0(%in: f32, %in_32: f32, %out: f32):
      %135 = arith.mulf %in, %in_32 : f32
      linalg.yield %135 : f32
    } -> tensor<2x16x4x16xf32>
    %40 = tensor.empty() : tensor<2x16x4x8xf32>
    %41 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_14 : tensor<2x16x4x8xf32>) outs(%40 : tensor<2x16x4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %135 = arith.negf %in : f32
      linalg.yield %135 : f32
    } -> tensor<2x16x4x8xf32>
    %42 = tensor.empty() : tensor<2x16x4x16xf32>
    %inserted_slice_15 = tensor.insert_slice %41 into %42[0, 0, 0, 0] [2, 16, 4, 8] [1, 1, 1, 1] : tensor<2x16x4x8xf32> into tensor<2x16x4x16xf32>
    %inserted_slice_16 = tensor.insert_slice %extracted_slice_13 into %inserted_slice_15[0, 0, 0, 8] [2, 16, 4, 8] [1, 1, 1, 1] : tensor<2x16x4x8xf32> into tensor<2x16x4x16xf32>
    %43 = tensor.empty() : tensor<2x16x4x16xf32>
    %44 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%inserted_slice_16, %30 : tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) outs(%43 : tensor<2x16x4x16xf32>) {
    ^bb0(%in: f32, %in_32: f32, %out: f32):
      %135 = arith.mulf %in, %in_32 : f32
      linalg.yield %135 : f32
    } -> tensor<2x16x4x16xf32>
    %45 = tensor.empty() : tensor<2x16x4x16xf32>
    %46 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%39, %44 : tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) outs(%45 : tensor<2x16x4x16xf32>) {
    ^bb0(%in: f32, %in_32: f32, %out: f32):
      %135 = arith.addf %in, %in_32 : f32
      linalg.yield %135 : f32
    } -> tensor<2x16x4x16xf32>
    %47 = tensor.empty() : tensor<32x64xf32>
    %48 = linalg.fill ins(%cst_5 : f32) outs(%47 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %49 = linalg.matmul ins(%collapsed, %arg4 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%48 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %expanded_17 = tensor.expand_shape %49 [[0, 1], [2, 3]] output_shape [2, 16, 4, 16] : tensor<32x64xf32> into tensor<2x16x4x16xf32>
    %50 = tensor.empty() : tensor<2x4x16x16xf32>
    %51 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%34 : tensor<2x16x4x16xf32>) outs(%50 : tensor<2x4x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x4x16x16xf32>
    %52 = tensor.empty() : tensor<2x4x16x16xf32>
    %53 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%46 : tensor<2x16x4x16xf32>) outs(%52 : tensor<2x4x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x4x16x16xf32>
    %collapsed_18 = tensor.collapse_shape %51 [[0, 1], [2], [3]] : tensor<2x4x16x16xf32> into tensor<8x16x16xf32>
    %collapsed_19 = tensor.collapse_shape %53 [[0, 1], [2], [3]] : tensor<2x4x16x16xf32> into tensor<8x16x16xf32>
    %54 = tensor.empty() : tensor<8x16x16xf32>
    %55 = linalg.fill ins(%cst_5 : f32) outs(%54 : tensor<8x16x16xf32>) -> tensor<8x16x16xf32>
    %56 = linalg.batch_matmul ins(%collapsed_18, %collapsed_19 : tensor<8x16x16xf32>, tensor<8x16x16xf32>) outs(%55 : tensor<8x16x16xf32>) -> tensor<8x16x16xf32>
    %expanded_20 = tensor.expand_shape %56 [[0, 1], [2], [3]] output_shape [2, 4, 16, 16] : tensor<8x16x16xf32> into tensor<2x4x16x16xf32>
    %57 = tensor.empty() : tensor<2x4x16x16xf32>
    %58 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_20 : tensor<2x4x16x16xf32>) outs(%57 : tensor<2x4x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %135 = arith.divf %in, %cst_2 : f32
      linalg.yield %135 : f32
    } -> tensor<2x4x16x16xf32>
    %59 = tensor.empty() : tensor<2x4x16x16xi1>
    %60 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_8 : tensor<16x16xi1>) outs(%59 : tensor<2x4x16x16xi1>) {
    ^bb0(%in: i1, %out: i1):
      linalg.yield %in : i1
    } -> tensor<2x4x16x16xi1>
    %61 = tensor.empty() : tensor<2x4x16x16xf32>
    %62 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%60, %58 : tensor<2x4x16x16xi1>, tensor<2x4x16x16xf32>) outs(%61 : tensor<2x4x16x16xf32>) {
    ^bb0(%in: i1, %in_32: f32, %out: f32):
      %135 = arith.select %in, %in_32, %cst_1 : f32
      linalg.yield %135 : f32
    } -> tensor<2x4x16x16xf32>
    %63 = tensor.empty() : tensor<2x4x16xf32>
    %64 = linalg.fill ins(%cst_0 : f32) outs(%63 : tensor<2x4x16xf32>) -> tensor<2x4x16xf32>
    %65 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%62 : tensor<2x4x16x16xf32>) outs(%64 : tensor<2x4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %135 = arith.maximumf %out, %in : f32
      linalg.yield %135 : f32
    } -> tensor<2x4x16xf32>
    %66 = tensor.empty() : tensor<2x4x16x16xf32>
    %67 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%65 : tensor<2x4x16xf32>) outs(%66 : tensor<2x4x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x4x16x16xf32>
    %68 = tensor.empty() : tensor<2x4x16x16xf32>
    %69 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%62, %67 : tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>) outs(%68 : tensor<2x4x16x16xf32>) {
    ^bb0(%in: f32, %in_32: f32, %out: f32):
      %135 = arith.subf %in, %in_32 : f32
      linalg.yield %135 : f32
    } -> tensor<2x4x16x16xf32>
    %70 = tensor.empty() : tensor<2x4x16x16xf32>
    %71 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%69 : tensor<2x4x16x16xf32>) outs(%70 : tensor<2x4x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %135 = math.exp %in : f32
      linalg.yield %135 : f32
    } -> tensor<2x4x16x16xf32>
    %72 = tensor.empty() : tensor<2x4x16xf32>
    %73 = linalg.fill ins(%cst_5 : f32) outs(%72 : tensor<2x4x16xf32>) -> tensor<2x4x16xf32>
    %74 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%71 : tensor<2x4x16x16xf32>) outs(%73 : tensor<2x4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %135 = arith.addf %out, %in : f32
      linalg.yield %135 : f32
    } -> tensor<2x4x16xf32>
    %75 = tensor.empty() : tensor<2x4x16x16xf32>
    %76 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%74 : tensor<2x4x16xf32>) outs(%75 : tensor<2x4x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x4x16x16xf32>
    %77 = tensor.empty() : tensor<2x4x16x16xf32>
    %78 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%71, %76 : tensor<2x4x16x16xf32>, tensor<2x4x16x16xf32>) outs(%77 : tensor<2x4x16x16xf32>) {
    ^bb0(%in: f32, %in_32: f32, %out: f32):
      %135 = arith.divf %in, %in_32 : f32
      linalg.yield %135 : f32
    } -> tensor<2x4x16x16xf32>
    %79 = tensor.empty() : tensor<2x4x16x16xf32>
    %80 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_17 : tensor<2x16x4x16xf32>) outs(%79 : tensor<2x4x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x4x16x16xf32>
    %81 = tensor.empty() : tensor<2x4x16x16xf32>
    %82 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%78 : tensor<2x4x16x16xf32>) outs(%81 : tensor<2x4x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x4x16x16xf32>
    %collapsed_21 = tensor.collapse_shape %80 [[0, 1], [2], [3]] : tensor<2x4x16x16xf32> into tensor<8x16x16xf32>
    %collapsed_22 = tensor.collapse_shape %82 [[0, 1], [2], [3]] : tensor<2x4x16x16xf32> into tensor<8x16x16xf32>
    %83 = tensor.empty() : tensor<8x16x16xf32>
    %84 = linalg.fill ins(%cst_5 : f32) outs(%83 : tensor<8x16x16xf32>) -> tensor<8x16x16xf32>
    %85 = linalg.batch_matmul ins(%collapsed_21, %collapsed_22 : tensor<8x16x16xf32>, tensor<8x16x16xf32>) outs(%84 : tensor<8x16x16xf32>) -> tensor<8x16x16xf32>
    %expanded_23 = tensor.expand_shape %85 [[0, 1], [2], [3]] output_shape [2, 4, 16, 16] : tensor<8x16x16xf32> into tensor<2x4x16x16xf32>
    %86 = tensor.empty() : tensor<2x16x4x16xf32>
    %87 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_23 : tensor<2x4x16x16xf32>) outs(%86 : tensor<2x16x4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x4x16xf32>
    %collapsed_24 = tensor.collapse_shape %87 [[0, 1], [2, 3]] : tensor<2x16x4x16xf32> into tensor<32x64xf32>
    %88 = tensor.empty() : tensor<32x64xf32>
    %89 = linalg.fill ins(%cst_5 : f32) outs(%88 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %90 = linalg.matmul ins(%collapsed_24, %arg5 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%89 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %expanded_25 = tensor.expand_shape %90 [[0, 1], [2]] output_shape [2, 16, 64] : tensor<32x64xf32> into tensor<2x16x64xf32>
    %91 = tensor.empty() : tensor<2x16x64xf32>
    %92 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %expanded_25 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%91 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %in_32: f32, %out: f32):
      %135 = arith.addf %in, %in_32 : f32
      linalg.yield %135 : f32
    } -> tensor<2x16x64xf32>
    %93 = tensor.empty() : tensor<2x16x64xf32>
    %94 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%92 : tensor<2x16x64xf32>) outs(%93 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %135 = arith.mulf %in, %in : f32
      linalg.yield %135 : f32
    } -> tensor<2x16x64xf32>
    %95 = tensor.empty() : tensor<2x16xf32>
    %96 = linalg.fill ins(%cst_5 : f32) outs(%95 : tensor<2x16xf32>) -> tensor<2x16xf32>
    %97 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%94 : tensor<2x16x64xf32>) outs(%96 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %135 = arith.addf %out, %in : f32
      linalg.yield %135 : f32
    } -> tensor<2x16xf32>
    %expanded_26 = tensor.expand_shape %97 [[0], [1, 2]] output_shape [2, 16, 1] : tensor<2x16xf32> into tensor<2x16x1xf32>
    %98 = tensor.empty() : tensor<2x16x1xf32>
    %99 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_26 : tensor<2x16x1xf32>) outs(%98 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %135 = arith.divf %in, %cst_4 : f32
      linalg.yield %135 : f32
    } -> tensor<2x16x1xf32>
    %100 = tensor.empty() : tensor<2x16x1xf32>
    %101 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%99 : tensor<2x16x1xf32>) outs(%100 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %135 = arith.addf %in, %cst_3 : f32
      linalg.yield %135 : f32
    } -> tensor<2x16x1xf32>
    %102 = tensor.empty() : tensor<2x16x1xf32>
    %103 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%101 : tensor<2x16x1xf32>) outs(%102 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %135 = math.rsqrt %in : f32
      linalg.yield %135 : f32
    } -> tensor<2x16x1xf32>
    %104 = tensor.empty() : tensor<2x16x64xf32>
    %105 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%103 : tensor<2x16x1xf32>) outs(%104 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x64xf32>
    %106 = tensor.empty() : tensor<2x16x64xf32>
    %107 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%92, %105 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%106 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %in_32: f32, %out: f32):
      %135 = arith.mulf %in, %in_32 : f32
      linalg.yield %135 : f32
    } -> tensor<2x16x64xf32>
    %108 = tensor.empty() : tensor<2x16x64xf32>
    %109 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg6 : tensor<64xf32>) outs(%108 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x64xf32>
    %110 = tensor.empty() : tensor<2x16x64xf32>
    %111 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%107, %109 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%110 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %in_32: f32, %out: f32):
      %135 = arith.mulf %in, %in_32 : f32
      linalg.yield %135 : f32
    } -> tensor<2x16x64xf32>
    %collapsed_27 = tensor.collapse_shape %111 [[0, 1], [2]] : tensor<2x16x64xf32> into tensor<32x64xf32>
    %112 = tensor.empty() : tensor<32x128xf32>
    %113 = linalg.fill ins(%cst_5 : f32) outs(%112 : tensor<32x128xf32>) -> tensor<32x128xf32>
    %114 = linalg.matmul ins(%collapsed_27, %arg7 : tensor<32x64xf32>, tensor<64x128xf32>) outs(%113 : tensor<32x128xf32>) -> tensor<32x128xf32>
    %expanded_28 = tensor.expand_shape %114 [[0, 1], [2]] output_shape [2, 16, 128] : tensor<32x128xf32> into tensor<2x16x128xf32>
    %115 = tensor.empty() : tensor<2x16x128xf32>
    %116 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_28 : tensor<2x16x128xf32>) outs(%115 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %135 = arith.negf %in : f32
      linalg.yield %135 : f32
    } -> tensor<2x16x128xf32>
    %117 = tensor.empty() : tensor<2x16x128xf32>
    %118 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%116 : tensor<2x16x128xf32>) outs(%117 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %135 = math.exp %in : f32
      linalg.yield %135 : f32
    } -> tensor<2x16x128xf32>
    %119 = tensor.empty() : tensor<2x16x128xf32>
    %120 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%118 : tensor<2x16x128xf32>) outs(%119 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %135 = arith.addf %in, %cst : f32
      linalg.yield %135 : f32
    } -> tensor<2x16x128xf32>
    %121 = tensor.empty() : tensor<2x16x128xf32>
    %122 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%120 : tensor<2x16x128xf32>) outs(%121 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %135 = arith.divf %cst, %in : f32
      linalg.yield %135 : f32
    } -> tensor<2x16x128xf32>
    %123 = tensor.empty() : tensor<2x16x128xf32>
    %124 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_28, %122 : tensor<2x16x128xf32>, tensor<2x16x128xf32>) outs(%123 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %in_32: f32, %out: f32):
      %135 = arith.mulf %in, %in_32 : f32
      linalg.yield %135 : f32
    } -> tensor<2x16x128xf32>
    %125 = tensor.empty() : tensor<32x128xf32>
    %126 = linalg.fill ins(%cst_5 : f32) outs(%125 : tensor<32x128xf32>) -> tensor<32x128xf32>
    %127 = linalg.matmul ins(%collapsed_27, %arg8 : tensor<32x64xf32>, tensor<64x128xf32>) outs(%126 : tensor<32x128xf32>) -> tensor<32x128xf32>
    %expanded_29 = tensor.expand_shape %127 [[0, 1], [2]] output_shape [2, 16, 128] : tensor<32x128xf32> into tensor<2x16x128xf32>
    %128 = tensor.empty() : tensor<2x16x128xf32>
    %129 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%124, %expanded_29 : tensor<2x16x128xf32>, tensor<2x16x128xf32>) outs(%128 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %in_32: f32, %out: f32):
      %135 = arith.mulf %in, %in_32 : f32
      linalg.yield %135 : f32
    } -> tensor<2x16x128xf32>
    %collapsed_30 = tensor.collapse_shape %129 [[0, 1], [2]] : tensor<2x16x128xf32> into tensor<32x128xf32>
    %130 = tensor.empty() : tensor<32x64xf32>
    %131 = linalg.fill ins(%cst_5 : f32) outs(%130 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %132 = linalg.matmul ins(%collapsed_30, %arg9 : tensor<32x128xf32>, tensor<128x64xf32>) outs(%131 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %expanded_31 = tensor.expand_shape %132 [[0, 1], [2]] output_shape [2, 16, 64] : tensor<32x64xf32> into tensor<2x16x64xf32>
    %133 = tensor.empty() : tensor<2x16x64xf32>
    %134 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%92, %expanded_31 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%133 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %in_32: f32, %out: f32):
      %135 = arith.addf %in, %in_32 : f32
      linalg.yield %135 : f32
    } -> tensor<2x16x64xf32>
    util.return %134 : tensor<2x16x64xf32>
  }
}