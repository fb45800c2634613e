module @jit_llama_gqa_block attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["data"=2, "model"=4]> {stablehlo.mesh = {axes = [{name = "data", size = 2 : i64}, {name = "model", size = 4 : i64}]}}
  func.func public @main(%arg0: tensor<2x16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}, {}]>}, %arg1: tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg2: tensor<64x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>}, %arg3: tensor<64x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>}, %arg4: tensor<64x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>}, %arg5: tensor<64x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}]>}, %arg6: tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg7: tensor<64x128xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>}, %arg8: tensor<64x128xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>}, %arg9: tensor<128x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}]>}) -> (tensor<2x16x64xf32> {jax.result_info = "result", sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}, {}]>}) {
    %cst = stablehlo.constant dense<"0x0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F40510A3F98B87E3FB9FC7F3FF8FF7F3F40510A3F98B87E3FB9FC7F3FF8FF7F3F3211D5BEA5E57A3FE5F27F3FDEFF7F3F3211D5BEA5E57A3FE5F27F3FDEFF7F3F26707DBFEF90743F83E27F3FB5FF7F3F26707DBFEF90743F83E27F3FB5FF7F3F305527BFA7CA6B3F94CB7F3F7AFF7F3F305527BFA7CA6B3F94CB7F3F7AFF7F3F2B3C913E40A9603F19AE7F3F2EFF7F3F2B3C913E40A9603F19AE7F3F2EFF7F3FB8CD753F3249533F128A7F3FD2FE7F3FB8CD753F3249533F128A7F3FD2FE7F3FBDFF403FB3CC433F815F7F3F65FE7F3FBDFF403FB3CC433F815F7F3F65FE7F3FF6FD14BE5F5B323F662E7F3FE7FD7F3FF6FD14BE5F5B323F662E7F3FE7FD7F3FD53F69BFD4211F3FC2F67E3F59FD7F3FD53F69BFD4211F3FC2F67E3F59FD7F3F64CD56BF40510A3F98B87E3FB9FC7F3F64CD56BF40510A3F98B87E3FB9FC7F3F7205913BC03DE83EE8737E3F09FC7F3F7205913BC03DE83EE8737E3F09FC7F3FD006583FF486B93EB5287E3F48FB7F3FD006583FF486B93EB5287E3F48FB7F3F6F4E683F99F5883E00D77D3F76FA7F3F6F4E683F99F5883E00D77D3F76FA7F3FD8040C3EDF0B2E3ECC7E7D3F94F97F3FD8040C3EDF0B2E3ECC7E7D3F94F97F3FE87A42BFAADE903D1A207D3FA1F87F3FE87A42BFAADE903D1A207D3FA1F87F3F"> : tensor<16x8xf32>
    %cst_0 = stablehlo.constant dense<"0x0000000000000000000000000000000000000000000000000000000000000000A56A573F7775CC3D57D6233C6E12833AA56A573F7775CC3D57D6233C6E12833AB7C7683FF96F4B3E3ED4A33C6912033BB7C7683FF96F4B3E3ED4A33C6912033BC381103E6D4E973E1FB9F53C939B443BC381103E6D4E973E1FB9F53C939B443BCFBD41BFD761C73EDBCB233D5812833BCFBD41BFD761C73EDBCB233D5812833B107C75BF4477F53EF4B64C3DDED6A33B107C75BF4477F53EF4B64C3DDED6A33B8C0F8FBE698C103FD19C753D599BC43B8C0F8FBE698C103FD19C753D599BC43B4630283F73EB243F323E8F3DC75FE53B4630283F73EB243F323E8F3DC75FE53B95467D3FA6A4373F50AAA33D1312033C95467D3FA6A4373F50AAA33D1312033C3101D33E1D88483F3E12B83D3B74133C3101D33E1D88483F3E12B83D3B74133CF7440BBFA56A573F7675CC3D58D6233CF7440BBFA56A573F7675CC3D58D6233C5CFF7FBF2A26643F72D3E03D6B38343C5CFF7FBF2A26643F72D3E03D6B38343CD85C09BF1D9A6E3FAC2BF53D719A443CD85C09BF1D9A6E3FAC2BF53D719A443C2320D73EC0AB763FD0BE043E6BFC543C2320D73EC0AB763FD0BE043E6BFC543C72987D3F6F467C3F64E40E3E575E653C72987D3F6F467C3F64E40E3E575E653C4479263FD55B7F3F4F06193E34C0753C4479263FD55B7F3F4F06193E34C0753C"> : tensor<16x8xf32>
    %cst_1 = stablehlo.constant dense<"0x0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F40510A3F98B87E3FB9FC7F3FF8FF7F3F40510A3F98B87E3FB9FC7F3FF8FF7F3F3211D5BEA5E57A3FE5F27F3FDEFF7F3F3211D5BEA5E57A3FE5F27F3FDEFF7F3F26707DBFEF90743F83E27F3FB5FF7F3F26707DBFEF90743F83E27F3FB5FF7F3F305527BFA7CA6B3F94CB7F3F7AFF7F3F305527BFA7CA6B3F94CB7F3F7AFF7F3F2B3C913E40A9603F19AE7F3F2EFF7F3F2B3C913E40A9603F19AE7F3F2EFF7F3FB8CD753F3249533F128A7F3FD2FE7F3FB8CD753F3249533F128A7F3FD2FE7F3FBDFF403FB3CC433F815F7F3F65FE7F3FBDFF403FB3CC433F815F7F3F65FE7F3FF6FD14BE5F5B323F662E7F3FE7FD7F3FF6FD14BE5F5B323F662E7F3FE7FD7F3FD53F69BFD4211F3FC2F67E3F59FD7F3FD53F69BFD4211F3FC2F67E3F59FD7F3F64CD56BF40510A3F98B87E3FB9FC7F3F64CD56BF40510A3F98B87E3FB9FC7F3F7205913BC03DE83EE8737E3F09FC7F3F7205913BC03DE83EE8737E3F09FC7F3FD006583FF486B93EB5287E3F48FB7F3FD006583FF486B93EB5287E3F48FB7F3F6F4E683F99F5883E00D77D3F76FA7F3F6F4E683F99F5883E00D77D3F76FA7F3FD8040C3EDF0B2E3ECC7E7D3F94F97F3FD8040C3EDF0B2E3ECC7E7D3F94F97F3FE87A42BFAADE903D1A207D3FA1F87F3FE87A42BFAADE903D1A207D3FA1F87F3F"> : tensor<16x8xf32>
    %cst_2 = stablehlo.constant dense<"0x0000000000000000000000000000000000000000000000000000000000000000A56A573F7775CC3D57D6233C6E12833AA56A573F7775CC3D57D6233C6E12833AB7C7683FF96F4B3E3ED4A33C6912033BB7C7683FF96F4B3E3ED4A33C6912033BC381103E6D4E973E1FB9F53C939B443BC381103E6D4E973E1FB9F53C939B443BCFBD41BFD761C73EDBCB233D5812833BCFBD41BFD761C73EDBCB233D5812833B107C75BF4477F53EF4B64C3DDED6A33B107C75BF4477F53EF4B64C3DDED6A33B8C0F8FBE698C103FD19C753D599BC43B8C0F8FBE698C103FD19C753D599BC43B4630283F73EB243F323E8F3DC75FE53B4630283F73EB243F323E8F3DC75FE53B95467D3FA6A4373F50AAA33D1312033C95467D3FA6A4373F50AAA33D1312033C3101D33E1D88483F3E12B83D3B74133C3101D33E1D88483F3E12B83D3B74133CF7440BBFA56A573F7675CC3D58D6233CF7440BBFA56A573F7675CC3D58D6233C5CFF7FBF2A26643F72D3E03D6B38343C5CFF7FBF2A26643F72D3E03D6B38343CD85C09BF1D9A6E3FAC2BF53D719A443CD85C09BF1D9A6E3FAC2BF53D719A443C2320D73EC0AB763FD0BE043E6BFC543C2320D73EC0AB763FD0BE043E6BFC543C72987D3F6F467C3F64E40E3E575E653C72987D3F6F467C3F64E40E3E575E653C4479263FD55B7F3F4F06193E34C0753C4479263FD55B7F3F4F06193E34C0753C"> : tensor<16x8xf32>
    %c = stablehlo.constant dense<"0x01000000000000000000000000000000010100000000000000000000000000000101010000000000000000000000000001010101000000000000000000000000010101010100000000000000000000000101010101010000000000000000000001010101010101000000000000000000010101010101010100000000000000000101010101010101010000000000000001010101010101010101000000000000010101010101010101010100000000000101010101010101010101010000000001010101010101010101010101000000010101010101010101010101010100000101010101010101010101010101010001010101010101010101010101010101"> : tensor<16x16xi1>
    %0 = stablehlo.multiply %arg0, %arg0 : tensor<2x16x64xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst_3) applies stablehlo.add across dimensions = [2] : (tensor<2x16x64xf32>, tensor<f32>) -> tensor<2x16xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %cst_4 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<2x16x1xf32>
    %4 = stablehlo.divide %2, %3 : tensor<2x16x1xf32>
    %cst_5 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<2x16x1xf32>
    %6 = stablehlo.add %4, %5 : tensor<2x16x1xf32>
    %7 = stablehlo.rsqrt %6 : tensor<2x16x1xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1, 2] : (tensor<2x16x1xf32>) -> tensor<2x16x64xf32>
    %9 = stablehlo.multiply %arg0, %8 : tensor<2x16x64xf32>
    %10 = stablehlo.broadcast_in_dim %arg1, dims = [2] : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<2x16x64xf32>
    %12 = stablehlo.multiply %9, %11 : tensor<2x16x64xf32>
    %13 = stablehlo.dot_general %12, %arg2, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16x64xf32>, tensor<64x64xf32>) -> tensor<2x16x64xf32>
    %14 = stablehlo.reshape %13 : (tensor<2x16x64xf32>) -> tensor<2x16x8x8xf32>
    %15 = stablehlo.broadcast_in_dim %cst, dims = [1, 3] : (tensor<16x8xf32>) -> tensor<1x16x1x8xf32>
    %16 = stablehlo.broadcast_in_dim %cst_0, dims = [1, 3] : (tensor<16x8xf32>) -> tensor<1x16x1x8xf32>
    %17 = stablehlo.slice %14 [0:2, 0:16, 0:8, 0:4] : (tensor<2x16x8x8xf32>) -> tensor<2x16x8x4xf32>
    %18 = stablehlo.slice %14 [0:2, 0:16, 0:8, 4:8] : (tensor<2x16x8x8xf32>) -> tensor<2x16x8x4xf32>
    %19 = stablehlo.broadcast_in_dim %15, dims = [0, 1, 2, 3] : (tensor<1x16x1x8xf32>) -> tensor<2x16x8x8xf32>
    %20 = stablehlo.multiply %14, %19 : tensor<2x16x8x8xf32>
    %21 = stablehlo.negate %18 : tensor<2x16x8x4xf32>
    %22 = stablehlo.concatenate %21, %17, dim = 3 : (tensor<2x16x8x4xf32>, tensor<2x16x8x4xf32>) -> tensor<2x16x8x8xf32>
    %23 = stablehlo.broadcast_in_dim %16, dims = [0, 1, 2, 3] : (tensor<1x16x1x8xf32>) -> tensor<2x16x8x8xf32>
    %24 = stablehlo.multiply %22, %23 : tensor<2x16x8x8xf32>
    %25 = stablehlo.add %20, %24 : tensor<2x16x8x8xf32>
    %26 = stablehlo.dot_general %12, %arg3, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16x64xf32>, tensor<64x16xf32>) -> tensor<2x16x16xf32>
    %27 = stablehlo.reshape %26 : (tensor<2x16x16xf32>) -> tensor<2x16x2x8xf32>
    %28 = stablehlo.broadcast_in_dim %cst_1, dims = [1, 3] : (tensor<16x8xf32>) -> tensor<1x16x1x8xf32>
    %29 = stablehlo.broadcast_in_dim %cst_2, dims = [1, 3] : (tensor<16x8xf32>) -> tensor<1x16x1x8xf32>
    %30 = stablehlo.slice %27 [0:2, 0:16, 0:2, 0:4] : (tensor<2x16x2x8xf32>) -> tensor<2x16x2x4xf32>
    %31 = stablehlo.slice %27 [0:2, 0:16, 0:2, 4:8] : (tensor<2x16x2x8xf32>) -> tensor<2x16x2x4xf32>
    %32 = stablehlo.broadcast_in_dim %28, dims = [0, 1, 2, 3] : (tensor<1x16x1x8xf32>) -> tensor<2x16x2x8xf32>
    %33 = stablehlo.multiply %27, %32 : tensor<2x16x2x8xf32>
    %34 = stablehlo.negate %31 : tensor<2x16x2x4xf32>
    %35 = stablehlo.concatenate %34, %30, dim = 3 : (tensor<2x16x2x4xf32>, tensor<2x16x2x4xf32>) -> tensor<2x16x2x8xf32>
    %36 = stablehlo.broadcast_in_dim %29, dims = [0, 1, 2, 3] : (tensor<1x16x1x8xf32>) -> tensor<2x16x2x8xf32>
    %37 = stablehlo.multiply %35, %36 : tensor<2x16x2x8xf32>
    %38 = stablehlo.add %33, %37 : tensor<2x16x2x8xf32>
    %39 = stablehlo.broadcast_in_dim %38, dims = [0, 1, 2, 4] : (tensor<2x16x2x8xf32>) -> tensor<2x16x2x4x8xf32>
    %40 = stablehlo.reshape %39 : (tensor<2x16x2x4x8xf32>) -> tensor<2x16x8x8xf32>
    %41 = stablehlo.dot_general %12, %arg4, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16x64xf32>, tensor<64x16xf32>) -> tensor<2x16x16xf32>
    %42 = stablehlo.reshape %41 : (tensor<2x16x16xf32>) -> tensor<2x16x2x8xf32>
    %43 = stablehlo.broadcast_in_dim %42, dims = [0, 1, 2, 4] : (tensor<2x16x2x8xf32>) -> tensor<2x16x2x4x8xf32>
    %44 = stablehlo.reshape %43 : (tensor<2x16x2x4x8xf32>) -> tensor<2x16x8x8xf32>
    %45 = stablehlo.dot_general %25, %40, batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x16x8x8xf32>, tensor<2x16x8x8xf32>) -> tensor<2x8x16x16xf32>
    %cst_6 = stablehlo.constant dense<2.82842708> : tensor<f32>
    %46 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<2x8x16x16xf32>
    %47 = stablehlo.divide %45, %46 : tensor<2x8x16x16xf32>
    %cst_7 = stablehlo.constant dense<-1.000000e+09> : tensor<f32>
    %48 = call @_where(%c, %47, %cst_7) : (tensor<16x16xi1>, tensor<2x8x16x16xf32>, tensor<f32>) -> tensor<2x8x16x16xf32>
    %cst_8 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %49 = stablehlo.reduce(%48 init: %cst_8) applies stablehlo.maximum across dimensions = [3] : (tensor<2x8x16x16xf32>, tensor<f32>) -> tensor<2x8x16xf32>
    %cst_9 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %50 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<2x8x16xf32>
    %51 = stablehlo.maximum %50, %49 : tensor<2x8x16xf32>
    %52 = stablehlo.broadcast_in_dim %51, dims = [0, 1, 2] : (tensor<2x8x16xf32>) -> tensor<2x8x16x1xf32>
    %53 = stablehlo.broadcast_in_dim %52, dims = [0, 1, 2, 3] : (tensor<2x8x16x1xf32>) -> tensor<2x8x16x16xf32>
    %54 = stablehlo.subtract %48, %53 : tensor<2x8x16x16xf32>
    %55 = stablehlo.exponential %54 : tensor<2x8x16x16xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %56 = stablehlo.reduce(%55 init: %cst_10) applies stablehlo.add across dimensions = [3] : (tensor<2x8x16x16xf32>, tensor<f32>) -> tensor<2x8x16xf32>
    %57 = stablehlo.broadcast_in_dim %56, dims = [0, 1, 2] : (tensor<2x8x16xf32>) -> tensor<2x8x16x1xf32>
    %58 = stablehlo.broadcast_in_dim %57, dims = [0, 1, 2, 3] : (tensor<2x8x16x1xf32>) -> tensor<2x8x16x16xf32>
    %59 = stablehlo.divide %55, %58 : tensor<2x8x16x16xf32>
    %60 = stablehlo.dot_general %44, %59, batching_dims = [0, 2] x [0, 1], contracting_dims = [1] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x16x8x8xf32>, tensor<2x8x16x16xf32>) -> tensor<2x8x8x16xf32>
    %61 = stablehlo.transpose %60, dims = [0, 3, 1, 2] : (tensor<2x8x8x16xf32>) -> tensor<2x16x8x8xf32>
    %62 = stablehlo.reshape %61 : (tensor<2x16x8x8xf32>) -> tensor<2x16x64xf32>
    %63 = stablehlo.dot_general %62, %arg5, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16x64xf32>, tensor<64x64xf32>) -> tensor<2x16x64xf32>
    %64 = stablehlo.add %arg0, %63 : tensor<2x16x64xf32>
    %65 = stablehlo.multiply %64, %64 : tensor<2x16x64xf32>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %66 = stablehlo.reduce(%65 init: %cst_11) applies stablehlo.add across dimensions = [2] : (tensor<2x16x64xf32>, tensor<f32>) -> tensor<2x16xf32>
    %67 = stablehlo.broadcast_in_dim %66, dims = [0, 1] : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %cst_12 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %68 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<2x16x1xf32>
    %69 = stablehlo.divide %67, %68 : tensor<2x16x1xf32>
    %cst_13 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %70 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<2x16x1xf32>
    %71 = stablehlo.add %69, %70 : tensor<2x16x1xf32>
    %72 = stablehlo.rsqrt %71 : tensor<2x16x1xf32>
    %73 = stablehlo.broadcast_in_dim %72, dims = [0, 1, 2] : (tensor<2x16x1xf32>) -> tensor<2x16x64xf32>
    %74 = stablehlo.multiply %64, %73 : tensor<2x16x64xf32>
    %75 = stablehlo.broadcast_in_dim %arg6, dims = [2] : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %76 = stablehlo.broadcast_in_dim %75, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<2x16x64xf32>
    %77 = stablehlo.multiply %74, %76 : tensor<2x16x64xf32>
    %78 = stablehlo.dot_general %77, %arg7, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16x64xf32>, tensor<64x128xf32>) -> tensor<2x16x128xf32>
    %79 = call @silu(%78) : (tensor<2x16x128xf32>) -> tensor<2x16x128xf32>
    %80 = stablehlo.dot_general %77, %arg8, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16x64xf32>, tensor<64x128xf32>) -> tensor<2x16x128xf32>
    %81 = stablehlo.multiply %79, %80 : tensor<2x16x128xf32>
    %82 = stablehlo.dot_general %81, %arg9, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16x128xf32>, tensor<128x64xf32>) -> tensor<2x16x64xf32>
    %83 = stablehlo.add %64, %82 : tensor<2x16x64xf32>
    return %83 : tensor<2x16x64xf32>
  }
  func.func private @_where(%arg0: tensor<16x16xi1>, %arg1: tensor<2x8x16x16xf32>, %arg2: tensor<f32>) -> tensor<2x8x16x16xf32> {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [2, 3] : (tensor<16x16xi1>) -> tensor<2x8x16x16xi1>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<2x8x16x16xf32>
    %2 = stablehlo.select %0, %arg1, %1 : tensor<2x8x16x16xi1>, tensor<2x8x16x16xf32>
    return %2 : tensor<2x8x16x16xf32>
  }
  func.func private @silu(%arg0: tensor<2x16x128xf32>) -> tensor<2x16x128xf32> {
    %0 = stablehlo.negate %arg0 : tensor<2x16x128xf32>
    %1 = stablehlo.exponential %0 : tensor<2x16x128xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x16x128xf32>
    %3 = stablehlo.add %2, %1 : tensor<2x16x128xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x16x128xf32>
    %5 = stablehlo.divide %4, %3 : tensor<2x16x128xf32>
    %6 = stablehlo.multiply %arg0, %5 : tensor<2x16x128xf32>
    return %6 : tensor<2x16x128xf32>
  }
}
