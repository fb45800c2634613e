module @jit_llama_gqa_block {
  util.func public @main(%arg0: tensor<2x16x64xf32>, %arg1: tensor<64xf32>, %arg2: tensor<64x64xf32>, %arg3: tensor<64x8xf32>, %arg4: tensor<64x8xf32>, %arg5: tensor<64x64xf32>, %arg6: tensor<64xf32>, %arg7: tensor<64x128xf32>, %arg8: tensor<64x128xf32>, %arg9: tensor<128x64xf32>) -> tensor<2x16x64xf32> {
    %cst = arith.constant 1.000000e+00 : f32
    %cst_0 = arith.constant 0xFF800000 : f32
    %cst_1 = arith.constant -1.000000e+09 : f32
    %cst_2 = arith.constant 2.82842708 : f32
    %cst_3 = arith.constant 9.99999997E-7 : f32
    %cst_4 = arith.constant 6.400000e+01 : f32
    %cst_5 = arith.constant 0.000000e+00 : f32
    %cst_6 = arith.constant dense<"0x0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F40510A3F98B87E3FB9FC7F3FF8FF7F3F40510A3F98B87E3FB9FC7F3FF8FF7F3F3211D5BEA5E57A3FE5F27F3FDEFF7F3F3211D5BEA5E57A3FE5F27F3FDEFF7F3F26707DBFEF90743F83E27F3FB5FF7F3F26707DBFEF90743F83E27F3FB5FF7F3F305527BFA7CA6B3F94CB7F3F7AFF7F3F305527BFA7CA6B3F94CB7F3F7AFF7F3F2B3C913E40A9603F19AE7F3F2EFF7F3F2B3C913E40A9603F19AE7F3F2EFF7F3FB8CD753F3249533F128A7F3FD2FE7F3FB8CD753F3249533F128A7F3FD2FE7F3FBDFF403FB3CC433F815F7F3F65FE7F3FBDFF403FB3CC433F815F7F3F65FE7F3FF6FD14BE5F5B323F662E7F3FE7FD7F3FF6FD14BE5F5B323F662E7F3FE7FD7F3FD53F69BFD4211F3FC2F67E3F59FD7F3FD53F69BFD4211F3FC2F67E3F59FD7F3F64CD56BF40510A3F98B87E3FB9FC7F3F64CD56BF40510A3F98B87E3FB9FC7F3F7205913BC03DE83EE8737E3F09FC7F3F7205913BC03DE83EE8737E3F09FC7F3FD006583FF486B93EB5287E3F48FB7F3FD006583FF486B93EB5287E3F48FB7F3F6F4E683F99F5883E00D77D3F76FA7F3F6F4E683F99F5883E00D77D3F76FA7F3FD8040C3EDF0B2E3ECC7E7D3F94F97F3FD8040C3EDF0B2E3ECC7E7D3F94F97F3FE87A42BFAADE903D1A207D3FA1F87F3FE87A42BFAADE903D1A207D3FA1F87F3F"> : tensor<16x8xf32>
    %cst_7 = arith.constant dense<"0x0000000000000000000000000000000000000000000000000000000000000000A56A573F7775CC3D57D6233C6E12833AA56A573F7775CC3D57D6233C6E12833AB7C7683FF96F4B3E3ED4A33C6912033BB7C7683FF96F4B3E3ED4A33C6912033BC381103E6D4E973E1FB9F53C939B443BC381103E6D4E973E1FB9F53C939B443BCFBD41BFD761C73EDBCB233D5812833BCFBD41BFD761C73EDBCB233D5812833B107C75BF4477F53EF4B64C3DDED6A33B107C75BF4477F53EF4B64C3DDED6A33B8C0F8FBE698C103FD19C753D599BC43B8C0F8FBE698C103FD19C753D599BC43B4630283F73EB243F323E8F3DC75FE53B4630283F73EB243F323E8F3DC75FE53B95467D3FA6A4373F50AAA33D1312033C95467D3FA6A4373F50AAA33D1312033C3101D33E1D88483F3E12B83D3B74133C3101D33E1D88483F3E12B83D3B74133CF7440BBFA56A573F7675CC3D58D6233CF7440BBFA56A573F7675CC3D58D6233C5CFF7FBF2A26643F72D3E03D6B38343C5CFF7FBF2A26643F72D3E03D6B38343CD85C09BF1D9A6E3FAC2BF53D719A443CD85C09BF1D9A6E3FAC2BF53D719A443C2320D73EC0AB763FD0BE043E6BFC543C2320D73EC0AB763FD0BE043E6BFC543C72987D3F6F467C3F64E40E3E575E653C72987D3F6F467C3F64E40E3E575E653C4479263FD55B7F3F4F06193E34C0753C4479263FD55B7F3F4F06193E34C0753C"> : tensor<16x8xf32>
    %cst_8 = arith.constant dense<"0x01000000000000000000000000000000010100000000000000000000000000000101010000000000000000000000000001010101000000000000000000000000010101010100000000000000000000000101010101010000000000000000000001010101010101000000000000000000010101010101010100000000000000000101010101010101010000000000000001010101010101010101000000000000010101010101010101010100000000000101010101010101010101010000000001010101010101010101010101000000010101010101010101010101010100000101010101010101010101010101010001010101010101010101010101010101"> : tensor<16x16xi1>
    %0 = tensor.empty() : tensor<2x16x64xf32>
    %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<2x16x64xf32>) outs(%0 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %143 = arith.mulf %in, %in : f32
      linalg.yield %143 : f32
    } -> tensor<2x16x64xf32>
    %2 = tensor.empty() : tensor<2x16xf32>
    %3 = linalg.fill ins(%cst_5 : f32) outs(%2 : tensor<2x16xf32>) -> tensor<2x16xf32>
    %4 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%1 : tensor<2x16x64xf32>) outs(%3 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %143 = arith.addf %out, %in : f32
      linalg.yield %143 : f32
    } -> tensor<2x16xf32>
    %expanded = tensor.expand_shape %4 [[0], [1, 2]] output_shape [2, 16, 1] : tensor<2x16xf32> into tensor<2x16x1xf32>
    %5 = tensor.empty() : tensor<2x16x1xf32>
    %6 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded : tensor<2x16x1xf32>) outs(%5 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %143 = arith.divf %in, %cst_4 : f32
      linalg.yield %143 : f32
    } -> tensor<2x16x1xf32>
    %7 = tensor.empty() : tensor<2x16x1xf32>
    %8 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6 : tensor<2x16x1xf32>) outs(%7 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %143 = arith.addf %in, %cst_3 : f32
      linalg.yield %143 : f32
    } -> tensor<2x16x1xf32>
    %9 = tensor.empty() : tensor<2x16x1xf32>
    %10 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%8 : tensor<2x16x1xf32>) outs(%9 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %143 = math.rsqrt %in : f32
      linalg.yield %143 : f32
    } -> tensor<2x16x1xf32>
    %11 = tensor.empty() : tensor<2x16x64xf32>
    %12 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%10 : tensor<2x16x1xf32>) outs(%11 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x64xf32>
    %13 = tensor.empty() : tensor<2x16x64xf32>
    %14 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %12 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%13 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %143 = arith.mulf %in, %in_34 : f32
      linalg.yield %143 : f32
    } -> tensor<2x16x64xf32>
    %15 = tensor.empty() : tensor<2x16x64xf32>
    %16 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg1 : tensor<64xf32>) outs(%15 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x64xf32>
    %17 = tensor.empty() : tensor<2x16x64xf32>
    %18 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%14, %16 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%17 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %143 = arith.mulf %in, %in_34 : f32
      linalg.yield %143 : f32
    } -> tensor<2x16x64xf32>
    %collapsed = tensor.collapse_shape %18 [[0, 1], [2]] : tensor<2x16x64xf32> into tensor<32x64xf32>
    %19 = tensor.empty() : tensor<32x64xf32>
    %20 = linalg.fill ins(%cst_5 : f32) outs(%19 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %21 = linalg.matmul ins(%collapsed, %arg2 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%20 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %expanded_9 = tensor.expand_shape %21 [[0, 1], [2, 3]] output_shape [2, 16, 8, 8] : tensor<32x64xf32> into tensor<2x16x8x8xf32>
    %extracted_slice = tensor.extract_slice %expanded_9[0, 0, 0, 0] [2, 16, 8, 4] [1, 1, 1, 1] : tensor<2x16x8x8xf32> to tensor<2x16x8x4xf32>
    %extracted_slice_10 = tensor.extract_slice %expanded_9[0, 0, 0, 4] [2, 16, 8, 4] [1, 1, 1, 1] : tensor<2x16x8x8xf32> to tensor<2x16x8x4xf32>
    %22 = tensor.empty() : tensor<2x16x8x8xf32>
    %23 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_6 : tensor<16x8xf32>) outs(%22 : tensor<2x16x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x8x8xf32>
    %24 = tensor.empty() : tensor<2x16x8x8xf32>
    %25 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_9, %23 : tensor<2x16x8x8xf32>, tensor<2x16x8x8xf32>) outs(%24 : tensor<2x16x8x8xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %143 = arith.mulf %in, %in_34 : f32
      linalg.yield %143 : f32
    } -> tensor<2x16x8x8xf32>
    %26 = tensor.empty() : tensor<2x16x8x4xf32>
    %27 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_10 : tensor<2x16x8x4xf32>) outs(%26 : tensor<2x16x8x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %143 = arith.negf %in : f32
      linalg.yield %143 : f32
    } -> tensor<2x16x8x4xf32>
    %28 = tensor.empty() : tensor<2x16x8x8xf32>
    %inserted_slice = tensor.insert_slice %27 into %28[0, 0, 0, 0] [2, 16, 8, 4] [1, 1, 1, 1] : tensor<2x16x8x4xf32> into tensor<2x16x8x8xf32>
    %inserted_slice_11 = tensor.insert_slice %extracted_slice into %inserted_slice[0, 0, 0, 4] [2, 16, 8, 4] [1, 1, 1, 1] : tensor<2x16x8x4xf32> into tensor<2x16x8x8xf32>
    %29 = tensor.empty() : tensor<2x16x8x8xf32>
    %30 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_7 : tensor<16x8xf32>) outs(%29 : tensor<2x16x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x8x8xf32>
    %31 = tensor.empty() : tensor<2x16x8x8xf32>
    %32 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%inserted_slice_11, %30 : tensor<2x16x8x8xf32>, tensor<2x16x8x8xf32>) outs(%31 : tensor<2x16x8x8xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %143 = arith.mulf %in, %in_34 : f32
      linalg.yield %143 : f32
    } -> tensor<2x16x8x8xf32>
    %33 = tensor.empty() : tensor<2x16x8x8xf32>
    %34 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%25, %32 : tensor<2x16x8x8xf32>, tensor<2x16x8x8xf32>) outs(%33 : tensor<2x16x8x8xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %143 = arith.addf %in, %in_34 : f32
      linalg.yield %143 : f32
    } -> tensor<2x16x8x8xf32>
    %35 = tensor.empty() : tensor<32x8xf32>
    %36 = linalg.fill ins(%cst_5 : f32) outs(%35 : tensor<32x8xf32>) -> tensor<32x8xf32>
    %37 = linalg.matmul ins(%collapsed, %arg3 : tensor<32x64xf32>, tensor<64x8xf32>) outs(%36 : tensor<32x8xf32>) -> tensor<32x8xf32>
    %expanded_12 = tensor.expand_shape %37 [[0, 1], [2, 3]] output_shape [2, 16, 1, 8] : tensor<32x8xf32> into tensor<2x16x1x8xf32>
    %extracted_slice_13 = tensor.extract_slice %expanded_12[0, 0, 0, 0] [2, 16, 1, 4] [1, 1, 1, 1] : tensor<2x16x1x8xf32> to tensor<2x16x1x4xf32>
    %extracted_slice_14 = tensor.extract_slice %expanded_12[0, 0, 0, 4] [2, 16, 1, 4] [1, 1, 1, 1] : tensor<2x16x1x8xf32> to tensor<2x16x1x4xf32>
    %38 = tensor.empty() : tensor<2x16x1x8xf32>
    %39 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_6 : tensor<16x8xf32>) outs(%38 : tensor<2x16x1x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x1x8xf32>
    %40 = tensor.empty() : tensor<2x16x1x8xf32>
    %41 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_12, %39 : tensor<2x16x1x8xf32>, tensor<2x16x1x8xf32>) outs(%40 : tensor<2x16x1x8xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %143 = arith.mulf %in, %in_34 : f32
      linalg.yield %143 : f32
    } -> tensor<2x16x1x8xf32>
    %42 = tensor.empty() : tensor<2x16x1x4xf32>
    %43 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_14 : tensor<2x16x1x4xf32>) outs(%42 : tensor<2x16x1x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %143 = arith.negf %in : f32
      linalg.yield %143 : f32
    } -> tensor<2x16x1x4xf32>
    %44 = tensor.empty() : tensor<2x16x1x8xf32>
    %inserted_slice_15 = tensor.insert_slice %43 into %44[0, 0, 0, 0] [2, 16, 1, 4] [1, 1, 1, 1] : tensor<2x16x1x4xf32> into tensor<2x16x1x8xf32>
    %inserted_slice_16 = tensor.insert_slice %extracted_slice_13 into %inserted_slice_15[0, 0, 0, 4] [2, 16, 1, 4] [1, 1, 1, 1] : tensor<2x16x1x4xf32> into tensor<2x16x1x8xf32>
    %45 = tensor.empty() : tensor<2x16x1x8xf32>
    %46 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_7 : tensor<16x8xf32>) outs(%45 : tensor<2x16x1x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x1x8xf32>
    %47 = tensor.empty() : tensor<2x16x1x8xf32>
    %48 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%inserted_slice_16, %46 : tensor<2x16x1x8xf32>, tensor<2x16x1x8xf32>) outs(%47 : tensor<2x16x1x8xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %143 = arith.mulf %in, %in_34 : f32
      linalg.yield %143 : f32
    } -> tensor<2x16x1x8xf32>
    %49 = tensor.empty() : tensor<2x16x1x8xf32>
    %50 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%41, %48 : tensor<2x16x1x8xf32>, tensor<2x16x1x8xf32>) outs(%49 : tensor<2x16x1x8xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %143 = arith.addf %in, %in_34 : f32
      linalg.yield %143 : f32
    } -> tensor<2x16x1x8xf32>
    %51 = tensor.empty() : tensor<2x16x1x8x8xf32>
    %52 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%50 : tensor<2x16x1x8xf32>) outs(%51 : tensor<2x16x1x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x1x8x8xf32>
    %collapsed_17 = tensor.collapse_shape %52 [[0], [1], [2, 3], [4]] : tensor<2x16x1x8x8xf32> into tensor<2x16x8x8xf32>
    %53 = tensor.empty() : tensor<32x8xf32>
    %54 = linalg.fill ins(%cst_5 : f32) outs(%53 : tensor<32x8xf32>) -> tensor<32x8xf32>
    %55 = linalg.matmul ins(%collapsed, %arg4 : tensor<32x64xf32>, tensor<64x8xf32>) outs(%54 : tensor<32x8xf32>) -> tensor<32x8xf32>
    %expanded_18 = tensor.expand_shape %55 [[0, 1], [2, 3]] output_shape [2, 16, 1, 8] : tensor<32x8xf32> into tensor<2x16x1x8xf32>
    %56 = tensor.empty() : tensor<2x16x1x8x8xf32>
    %57 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%expanded_18 : tensor<2x16x1x8xf32>) outs(%56 : tensor<2x16x1x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x1x8x8xf32>
    %collapsed_19 = tensor.collapse_shape %57 [[0], [1], [2, 3], [4]] : tensor<2x16x1x8x8xf32> into tensor<2x16x8x8xf32>
    %58 = tensor.empty() : tensor<2x8x16x8xf32>
    %59 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%34 : tensor<2x16x8x8xf32>) outs(%58 : tensor<2x8x16x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x8x16x8xf32>
    %60 = tensor.empty() : tensor<2x8x8x16xf32>
    %61 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%collapsed_17 : tensor<2x16x8x8xf32>) outs(%60 : tensor<2x8x8x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x8x8x16xf32>
    %collapsed_20 = tensor.collapse_shape %59 [[0, 1], [2], [3]] : tensor<2x8x16x8xf32> into tensor<16x16x8xf32>
    %collapsed_21 = tensor.collapse_shape %61 [[0, 1], [2], [3]] : tensor<2x8x8x16xf32> into tensor<16x8x16xf32>
    %62 = tensor.empty() : tensor<16x16x16xf32>
    %63 = linalg.fill ins(%cst_5 : f32) outs(%62 : tensor<16x16x16xf32>) -> tensor<16x16x16xf32>
    %64 = linalg.batch_matmul ins(%collapsed_20, %collapsed_21 : tensor<16x16x8xf32>, tensor<16x8x16xf32>) outs(%63 : tensor<16x16x16xf32>) -> tensor<16x16x16xf32>
    %expanded_22 = tensor.expand_shape %64 [[0, 1], [2], [3]] output_shape [2, 8, 16, 16] : tensor<16x16x16xf32> into tensor<2x8x16x16xf32>
    %65 = tensor.empty() : tensor<2x8x16x16xf32>
    %66 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_22 : tensor<2x8x16x16xf32>) outs(%65 : tensor<2x8x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %143 = arith.divf %in, %cst_2 : f32
      linalg.yield %143 : f32
    } -> tensor<2x8x16x16xf32>
    %67 = tensor.empty() : tensor<2x8x16x16xi1>
    %68 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_8 : tensor<16x16xi1>) outs(%67 : tensor<2x8x16x16xi1>) {
    ^bb0(%in: i1, %out: i1):
      linalg.yield %in : i1
    } -> tensor<2x8x16x16xi1>
    %69 = tensor.empty() : tensor<2x8x16x16xf32>
    %70 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%68, %66 : tensor<2x8x16x16xi1>, tensor<2x8x16x16xf32>) outs(%69 : tensor<2x8x16x16xf32>) {
    ^bb0(%in: i1, %in_34: f32, %out: f32):
      %143 = arith.select %in, %in_34, %cst_1 : f32
      linalg.yield %143 : f32
    } -> tensor<2x8x16x16xf32>
    %71 = tensor.empty() : tensor<2x8x16xf32>
    %72 = linalg.fill ins(%cst_0 : f32) outs(%71 : tensor<2x8x16xf32>) -> tensor<2x8x16xf32>
    %73 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%70 : tensor<2x8x16x16xf32>) outs(%72 : tensor<2x8x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %143 = arith.maximumf %out, %in : f32
      linalg.yield %143 : f32
    } -> tensor<2x8x16xf32>
    %74 = tensor.empty() : tensor<2x8x16x16xf32>
    %75 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%73 : tensor<2x8x16xf32>) outs(%74 : tensor<2x8x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x8x16x16xf32>
    %76 = tensor.empty() : tensor<2x8x16x16xf32>
    %77 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%70, %75 : tensor<2x8x16x16xf32>, tensor<2x8x16x16xf32>) outs(%76 : tensor<2x8x16x16xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %143 = arith.subf %in, %in_34 : f32
      linalg.yield %143 : f32
    } -> tensor<2x8x16x16xf32>
    %78 = tensor.empty() : tensor<2x8x16x16xf32>
    %79 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%77 : tensor<2x8x16x16xf32>) outs(%78 : tensor<2x8x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %143 = math.exp %in : f32
      linalg.yield %143 : f32
    } -> tensor<2x8x16x16xf32>
    %80 = tensor.empty() : tensor<2x8x16xf32>
    %81 = linalg.fill ins(%cst_5 : f32) outs(%80 : tensor<2x8x16xf32>) -> tensor<2x8x16xf32>
    %82 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%79 : tensor<2x8x16x16xf32>) outs(%81 : tensor<2x8x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %143 = arith.addf %out, %in : f32
      linalg.yield %143 : f32
    } -> tensor<2x8x16xf32>
    %83 = tensor.empty() : tensor<2x8x16x16xf32>
    %84 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%82 : tensor<2x8x16xf32>) outs(%83 : tensor<2x8x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x8x16x16xf32>
    %85 = tensor.empty() : tensor<2x8x16x16xf32>
    %86 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%79, %84 : tensor<2x8x16x16xf32>, tensor<2x8x16x16xf32>) outs(%85 : tensor<2x8x16x16xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %143 = arith.divf %in, %in_34 : f32
      linalg.yield %143 : f32
    } -> tensor<2x8x16x16xf32>
    %87 = tensor.empty() : tensor<2x8x8x16xf32>
    %88 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%collapsed_19 : tensor<2x16x8x8xf32>) outs(%87 : tensor<2x8x8x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x8x8x16xf32>
    %89 = tensor.empty() : tensor<2x8x16x16xf32>
    %90 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%86 : tensor<2x8x16x16xf32>) outs(%89 : tensor<2x8x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x8x16x16xf32>
    %collapsed_23 = tensor.collapse_shape %88 [[0, 1], [2], [3]] : tensor<2x8x8x16xf32> into tensor<16x8x16xf32>
    %collapsed_24 = tensor.collapse_shape %90 [[0, 1], [2], [3]] : tensor<2x8x16x16xf32> into tensor<16x16x16xf32>
    %91 = tensor.empty() : tensor<16x8x16xf32>
    %92 = linalg.fill ins(%cst_5 : f32) outs(%91 : tensor<16x8x16xf32>) -> tensor<16x8x16xf32>
    %93 = linalg.batch_matmul ins(%collapsed_23, %collapsed_24 : tensor<16x8x16xf32>, tensor<16x16x16xf32>) outs(%92 : tensor<16x8x16xf32>) -> tensor<16x8x16xf32>
    %expanded_25 = tensor.expand_shape %93 [[0, 1], [2], [3]] output_shape [2, 8, 8, 16] : tensor<16x8x16xf32> into tensor<2x8x8x16xf32>
    %94 = tensor.empty() : tensor<2x16x8x8xf32>
    %95 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_25 : tensor<2x8x8x16xf32>) outs(%94 : tensor<2x16x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x8x8xf32>
    %collapsed_26 = tensor.collapse_shape %95 [[0, 1], [2, 3]] : tensor<2x16x8x8xf32> into tensor<32x64xf32>
    %96 = tensor.empty() : tensor<32x64xf32>
    %97 = linalg.fill ins(%cst_5 : f32) outs(%96 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %98 = linalg.matmul ins(%collapsed_26, %arg5 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%97 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %expanded_27 = tensor.expand_shape %98 [[0, 1], [2]] output_shape [2, 16, 64] : tensor<32x64xf32> into tensor<2x16x64xf32>
    %99 = tensor.empty() : tensor<2x16x64xf32>
    %100 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %expanded_27 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%99 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %143 = arith.addf %in, %in_34 : f32
      linalg.yield %143 : f32
    } -> tensor<2x16x64xf32>
    %101 = tensor.empty() : tensor<2x16x64xf32>
    %102 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%100 : tensor<2x16x64xf32>) outs(%101 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %143 = arith.mulf %in, %in : f32
      linalg.yield %143 : f32
    } -> tensor<2x16x64xf32>
    %103 = tensor.empty() : tensor<2x16xf32>
    %104 = linalg.fill ins(%cst_5 : f32) outs(%103 : tensor<2x16xf32>) -> tensor<2x16xf32>
    %105 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%102 : tensor<2x16x64xf32>) outs(%104 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %143 = arith.addf %out, %in : f32
      linalg.yield %143 : f32
    } -> tensor<2x16xf32>
    %expanded_28 = tensor.expand_shape %105 [[0], [1, 2]] output_shape [2, 16, 1] : tensor<2x16xf32> into tensor<2x16x1xf32>
    %106 = tensor.empty() : tensor<2x16x1xf32>
    %107 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_28 : tensor<2x16x1xf32>) outs(%106 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %143 = arith.divf %in, %cst_4 : f32
      linalg.yield %143 : f32
    } -> tensor<2x16x1xf32>
    %108 = tensor.empty() : tensor<2x16x1xf32>
    %109 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%107 : tensor<2x16x1xf32>) outs(%108 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %143 = arith.addf %in, %cst_3 : f32
      linalg.yield %143 : f32
    } -> tensor<2x16x1xf32>
    %110 = tensor.empty() : tensor<2x16x1xf32>
    %111 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%109 : tensor<2x16x1xf32>) outs(%110 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %143 = math.rsqrt %in : f32
      linalg.yield %143 : f32
    } -> tensor<2x16x1xf32>
    %112 = tensor.empty() : tensor<2x16x64xf32>
    %113 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%111 : tensor<2x16x1xf32>) outs(%112 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x64xf32>
    %114 = tensor.empty() : tensor<2x16x64xf32>
    %115 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%100, %113 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%114 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %143 = arith.mulf %in, %in_34 : f32
      linalg.yield %143 : f32
    } -> tensor<2x16x64xf32>
    %116 = tensor.empty() : tensor<2x16x64xf32>
    %117 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg6 : tensor<64xf32>) outs(%116 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x64xf32>
    %118 = tensor.empty() : tensor<2x16x64xf32>
    %119 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%115, %117 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%118 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %143 = arith.mulf %in, %in_34 : f32
      linalg.yield %143 : f32
    } -> tensor<2x16x64xf32>
    %collapsed_29 = tensor.collapse_shape %119 [[0, 1], [2]] : tensor<2x16x64xf32> into tensor<32x64xf32>
    %120 = tensor.empty() : tensor<32x128xf32>
    %121 = linalg.fill ins(%cst_5 : f32) outs(%120 : tensor<32x128xf32>) -> tensor<32x128xf32>
    %122 = linalg.matmul ins(%collapsed_29, %arg7 : tensor<32x64xf32>, tensor<64x128xf32>) outs(%121 : tensor<32x128xf32>) -> tensor<32x128xf32>
    %expanded_30 = tensor.expand_shape %122 [[0, 1], [2]] output_shape [2, 16, 128] : tensor<32x128xf32> into tensor<2x16x128xf32>
    %123 = tensor.empty() : tensor<2x16x128xf32>
    %124 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_30 : tensor<2x16x128xf32>) outs(%123 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %143 = arith.negf %in : f32
      linalg.yield %143 : f32
    } -> tensor<2x16x128xf32>
    %125 = tensor.empty() : tensor<2x16x128xf32>
    %126 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%124 : tensor<2x16x128xf32>) outs(%125 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %143 = math.exp %in : f32
      linalg.yield %143 : f32
    } -> tensor<2x16x128xf32>
    %127 = tensor.empty() : tensor<2x16x128xf32>
    %128 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%126 : tensor<2x16x128xf32>) outs(%127 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %143 = arith.addf %in, %cst : f32
      linalg.yield %143 : f32
    } -> tensor<2x16x128xf32>
    %129 = tensor.empty() : tensor<2x16x128xf32>
    %130 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%128 : tensor<2x16x128xf32>) outs(%129 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %143 = arith.divf %cst, %in : f32
      linalg.yield %143 : f32
    } -> tensor<2x16x128xf32>
    %131 = tensor.empty() : tensor<2x16x128xf32>
    %132 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_30, %130 : tensor<2x16x128xf32>, tensor<2x16x128xf32>) outs(%131 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %143 = arith.mulf %in, %in_34 : f32
      linalg.yield %143 : f32
    } -> tensor<2x16x128xf32>
    %133 = tensor.empty() : tensor<32x128xf32>
    %134 = linalg.fill ins(%cst_5 : f32) outs(%133 : tensor<32x128xf32>) -> tensor<32x128xf32>
    %135 = linalg.matmul ins(%collapsed_29, %arg8 : tensor<32x64xf32>, tensor<64x128xf32>) outs(%134 : tensor<32x128xf32>) -> tensor<32x128xf32>
    %expanded_31 = tensor.expand_shape %135 [[0, 1], [2]] output_shape [2, 16, 128] : tensor<32x128xf32> into tensor<2x16x128xf32>
    %136 = tensor.empty() : tensor<2x16x128xf32>
    %137 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%132, %expanded_31 : tensor<2x16x128xf32>, tensor<2x16x128xf32>) outs(%136 : tensor<2x16x128xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %143 = arith.mulf %in, %in_34 : f32
      linalg.yield %143 : f32
    } -> tensor<2x16x128xf32>
    %collapsed_32 = tensor.collapse_shape %137 [[0, 1], [2]] : tensor<2x16x128xf32> into tensor<32x128xf32>
    %138 = tensor.empty() : tensor<32x64xf32>
    %139 = linalg.fill ins(%cst_5 : f32) outs(%138 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %140 = linalg.matmul ins(%collapsed_32, %arg9 : tensor<32x128xf32>, tensor<128x64xf32>) outs(%139 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %expanded_33 = tensor.expand_shape %140 [[0, 1], [2]] output_shape [2, 16, 64] : tensor<32x64xf32> into tensor<2x16x64xf32>
    %141 = tensor.empty() : tensor<2x16x64xf32>
    %142 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%100, %expanded_33 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%141 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %143 = arith.addf %in, %in_34 : f32
      linalg.yield %143 : f32
    } -> tensor<2x16x64xf32>
    util.return %142 : tensor<2x16x64xf32>
  }
}