module @jit_gpt2_layer attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x16xi32>, %arg1: tensor<256x48xf32>, %arg2: tensor<16x48xf32>, %arg3: tensor<48xf32>, %arg4: tensor<48xf32>, %arg5: tensor<48x144xf32>, %arg6: tensor<144xf32>, %arg7: tensor<48x48xf32>, %arg8: tensor<48xf32>, %arg9: tensor<48xf32>, %arg10: tensor<48xf32>, %arg11: tensor<48x192xf32>, %arg12: tensor<192xf32>, %arg13: tensor<192x48xf32>, %arg14: tensor<48xf32>, %arg15: tensor<48xf32>, %arg16: tensor<48xf32>) -> (tensor<2x16x256xf32> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<"0x01000000000000000000000000000000010100000000000000000000000000000101010000000000000000000000000001010101000000000000000000000000010101010100000000000000000000000101010101010000000000000000000001010101010101000000000000000000010101010101010100000000000000000101010101010101010000000000000001010101010101010101000000000000010101010101010101010100000000000101010101010101010101010000000001010101010101010101010101000000010101010101010101010101010100000101010101010101010101010101010001010101010101010101010101010101"> : tensor<16x16xi1>
    %0 = call @_take(%arg1, %arg0) : (tensor<256x48xf32>, tensor<2x16xi32>) -> tensor<2x16x48xf32>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [1, 2] : (tensor<16x48xf32>) -> tensor<1x16x48xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1, 2] : (tensor<1x16x48xf32>) -> tensor<2x16x48xf32>
    %3 = stablehlo.add %0, %2 : tensor<2x16x48xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<2x16x48xf32>, tensor<f32>) -> tensor<2x16xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %cst_0 = stablehlo.constant dense<4.800000e+01> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x16x1xf32>
    %7 = stablehlo.divide %5, %6 : tensor<2x16x1xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1, 2] : (tensor<2x16x1xf32>) -> tensor<2x16x48xf32>
    %9 = stablehlo.subtract %3, %8 : tensor<2x16x48xf32>
    %10 = stablehlo.multiply %9, %9 : tensor<2x16x48xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.reduce(%10 init: %cst_1) applies stablehlo.add across dimensions = [2] : (tensor<2x16x48xf32>, tensor<f32>) -> tensor<2x16xf32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0, 1] : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %cst_2 = stablehlo.constant dense<4.800000e+01> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<2x16x1xf32>
    %14 = stablehlo.divide %12, %13 : tensor<2x16x1xf32>
    %15 = stablehlo.broadcast_in_dim %7, dims = [0, 1, 2] : (tensor<2x16x1xf32>) -> tensor<2x16x48xf32>
    %16 = stablehlo.subtract %3, %15 : tensor<2x16x48xf32>
    %cst_3 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<2x16x1xf32>
    %18 = stablehlo.add %14, %17 : tensor<2x16x1xf32>
    %19 = stablehlo.rsqrt %18 : tensor<2x16x1xf32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [0, 1, 2] : (tensor<2x16x1xf32>) -> tensor<2x16x48xf32>
    %21 = stablehlo.multiply %16, %20 : tensor<2x16x48xf32>
    %22 = stablehlo.broadcast_in_dim %arg3, dims = [2] : (tensor<48xf32>) -> tensor<1x1x48xf32>
    %23 = stablehlo.broadcast_in_dim %22, dims = [0, 1, 2] : (tensor<1x1x48xf32>) -> tensor<2x16x48xf32>
    %24 = stablehlo.multiply %21, %23 : tensor<2x16x48xf32>
    %25 = stablehlo.broadcast_in_dim %arg4, dims = [2] : (tensor<48xf32>) -> tensor<1x1x48xf32>
    %26 = stablehlo.broadcast_in_dim %25, dims = [0, 1, 2] : (tensor<1x1x48xf32>) -> tensor<2x16x48xf32>
    %27 = stablehlo.add %24, %26 : tensor<2x16x48xf32>
    %28 = stablehlo.dot_general %27, %arg5, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16x48xf32>, tensor<48x144xf32>) -> tensor<2x16x144xf32>
    %29 = stablehlo.broadcast_in_dim %arg6, dims = [2] : (tensor<144xf32>) -> tensor<1x1x144xf32>
    %30 = stablehlo.broadcast_in_dim %29, dims = [0, 1, 2] : (tensor<1x1x144xf32>) -> tensor<2x16x144xf32>
    %31 = stablehlo.add %28, %30 : tensor<2x16x144xf32>
    %32 = stablehlo.reshape %31 : (tensor<2x16x144xf32>) -> tensor<2x16x3x6x8xf32>
    %33 = stablehlo.slice %32 [0:2, 0:16, 0:1, 0:6, 0:8] : (tensor<2x16x3x6x8xf32>) -> tensor<2x16x1x6x8xf32>
    %34 = stablehlo.reshape %33 : (tensor<2x16x1x6x8xf32>) -> tensor<2x16x6x8xf32>
    %35 = stablehlo.slice %32 [0:2, 0:16, 1:2, 0:6, 0:8] : (tensor<2x16x3x6x8xf32>) -> tensor<2x16x1x6x8xf32>
    %36 = stablehlo.reshape %35 : (tensor<2x16x1x6x8xf32>) -> tensor<2x16x6x8xf32>
    %37 = stablehlo.slice %32 [0:2, 0:16, 2:3, 0:6, 0:8] : (tensor<2x16x3x6x8xf32>) -> tensor<2x16x1x6x8xf32>
    %38 = stablehlo.reshape %37 : (tensor<2x16x1x6x8xf32>) -> tensor<2x16x6x8xf32>
    %39 = stablehlo.dot_general %34, %36, batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x16x6x8xf32>, tensor<2x16x6x8xf32>) -> tensor<2x6x16x16xf32>
    %cst_4 = stablehlo.constant dense<2.82842708> : tensor<f32>
    %40 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<2x6x16x16xf32>
    %41 = stablehlo.divide %39, %40 : tensor<2x6x16x16xf32>
    %cst_5 = stablehlo.constant dense<-1.000000e+09> : tensor<f32>
    %42 = call @_where_0(%c, %41, %cst_5) : (tensor<16x16xi1>, tensor<2x6x16x16xf32>, tensor<f32>) -> tensor<2x6x16x16xf32>
    %cst_6 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %43 = stablehlo.reduce(%42 init: %cst_6) applies stablehlo.maximum across dimensions = [3] : (tensor<2x6x16x16xf32>, tensor<f32>) -> tensor<2x6x16xf32>
    %cst_7 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %44 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<2x6x16xf32>
    %45 = stablehlo.maximum %44, %43 : tensor<2x6x16xf32>
    %46 = stablehlo.broadcast_in_dim %45, dims = [0, 1, 2] : (tensor<2x6x16xf32>) -> tensor<2x6x16x1xf32>
    %47 = stablehlo.broadcast_in_dim %46, dims = [0, 1, 2, 3] : (tensor<2x6x16x1xf32>) -> tensor<2x6x16x16xf32>
    %48 = stablehlo.subtract %42, %47 : tensor<2x6x16x16xf32>
    %49 = stablehlo.exponential %48 : tensor<2x6x16x16xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %50 = stablehlo.reduce(%49 init: %cst_8) applies stablehlo.add across dimensions = [3] : (tensor<2x6x16x16xf32>, tensor<f32>) -> tensor<2x6x16xf32>
    %51 = stablehlo.broadcast_in_dim %50, dims = [0, 1, 2] : (tensor<2x6x16xf32>) -> tensor<2x6x16x1xf32>
    %52 = stablehlo.broadcast_in_dim %51, dims = [0, 1, 2, 3] : (tensor<2x6x16x1xf32>) -> tensor<2x6x16x16xf32>
    %53 = stablehlo.divide %49, %52 : tensor<2x6x16x16xf32>
    %54 = stablehlo.dot_general %38, %53, batching_dims = [0, 2] x [0, 1], contracting_dims = [1] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x16x6x8xf32>, tensor<2x6x16x16xf32>) -> tensor<2x6x8x16xf32>
    %55 = stablehlo.transpose %54, dims = [0, 3, 1, 2] : (tensor<2x6x8x16xf32>) -> tensor<2x16x6x8xf32>
    %56 = stablehlo.reshape %55 : (tensor<2x16x6x8xf32>) -> tensor<2x16x48xf32>
    %57 = stablehlo.dot_general %56, %arg7, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16x48xf32>, tensor<48x48xf32>) -> tensor<2x16x48xf32>
    %58 = stablehlo.add %3, %57 : tensor<2x16x48xf32>
    %59 = stablehlo.broadcast_in_dim %arg8, dims = [2] : (tensor<48xf32>) -> tensor<1x1x48xf32>
    %60 = stablehlo.broadcast_in_dim %59, dims = [0, 1, 2] : (tensor<1x1x48xf32>) -> tensor<2x16x48xf32>
    %61 = stablehlo.add %58, %60 : tensor<2x16x48xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %62 = stablehlo.reduce(%61 init: %cst_9) applies stablehlo.add across dimensions = [2] : (tensor<2x16x48xf32>, tensor<f32>) -> tensor<2x16xf32>
    %63 = stablehlo.broadcast_in_dim %62, dims = [0, 1] : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %cst_10 = stablehlo.constant dense<4.800000e+01> : tensor<f32>
    %64 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<2x16x1xf32>
    %65 = stablehlo.divide %63, %64 : tensor<2x16x1xf32>
    %66 = stablehlo.broadcast_in_dim %65, dims = [0, 1, 2] : (tensor<2x16x1xf32>) -> tensor<2x16x48xf32>
    %67 = stablehlo.subtract %61, %66 : tensor<2x16x48xf32>
    %68 = stablehlo.multiply %67, %67 : tensor<2x16x48xf32>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %69 = stablehlo.reduce(%68 init: %cst_11) applies stablehlo.add across dimensions = [2] : (tensor<2x16x48xf32>, tensor<f32>) -> tensor<2x16xf32>
    %70 = stablehlo.broadcast_in_dim %69, dims = [0, 1] : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %cst_12 = stablehlo.constant dense<4.800000e+01> : tensor<f32>
    %71 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<2x16x1xf32>
    %72 = stablehlo.divide %70, %71 : tensor<2x16x1xf32>
    %73 = stablehlo.broadcast_in_dim %65, dims = [0, 1, 2] : (tensor<2x16x1xf32>) -> tensor<2x16x48xf32>
    %74 = stablehlo.subtract %61, %73 : tensor<2x16x48xf32>
    %cst_13 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %75 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<2x16x1xf32>
    %76 = stablehlo.add %72, %75 : tensor<2x16x1xf32>
    %77 = stablehlo.rsqrt %76 : tensor<2x16x1xf32>
    %78 = stablehlo.broadcast_in_dim %77, dims = [0, 1, 2] : (tensor<2x16x1xf32>) -> tensor<2x16x48xf32>
    %79 = stablehlo.multiply %74, %78 : tensor<2x16x48xf32>
    %80 = stablehlo.broadcast_in_dim %arg9, dims = [2] : (tensor<48xf32>) -> tensor<1x1x48xf32>
    %81 = stablehlo.broadcast_in_dim %80, dims = [0, 1, 2] : (tensor<1x1x48xf32>) -> tensor<2x16x48xf32>
    %82 = stablehlo.multiply %79, %81 : tensor<2x16x48xf32>
    %83 = stablehlo.broadcast_in_dim %arg10, dims = [2] : (tensor<48xf32>) -> tensor<1x1x48xf32>
    %84 = stablehlo.broadcast_in_dim %83, dims = [0, 1, 2] : (tensor<1x1x48xf32>) -> tensor<2x16x48xf32>
    %85 = stablehlo.add %82, %84 : tensor<2x16x48xf32>
    %86 = stablehlo.dot_general %85, %arg11, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16x48xf32>, tensor<48x192xf32>) -> tensor<2x16x192xf32>
    %87 = stablehlo.broadcast_in_dim %arg12, dims = [2] : (tensor<192xf32>) -> tensor<1x1x192xf32>
    %88 = stablehlo.broadcast_in_dim %87, dims = [0, 1, 2] : (tensor<1x1x192xf32>) -> tensor<2x16x192xf32>
    %89 = stablehlo.add %86, %88 : tensor<2x16x192xf32>
    %90 = stablehlo.multiply %89, %89 : tensor<2x16x192xf32>
    %91 = stablehlo.multiply %90, %89 : tensor<2x16x192xf32>
    %cst_14 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %92 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<2x16x192xf32>
    %93 = stablehlo.multiply %92, %91 : tensor<2x16x192xf32>
    %94 = stablehlo.add %89, %93 : tensor<2x16x192xf32>
    %cst_15 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %95 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<2x16x192xf32>
    %96 = stablehlo.multiply %95, %94 : tensor<2x16x192xf32>
    %97 = stablehlo.tanh %96 : tensor<2x16x192xf32>
    %cst_16 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %98 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<2x16x192xf32>
    %99 = stablehlo.add %98, %97 : tensor<2x16x192xf32>
    %cst_17 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %100 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<2x16x192xf32>
    %101 = stablehlo.multiply %100, %99 : tensor<2x16x192xf32>
    %102 = stablehlo.multiply %89, %101 : tensor<2x16x192xf32>
    %103 = stablehlo.dot_general %102, %arg13, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16x192xf32>, tensor<192x48xf32>) -> tensor<2x16x48xf32>
    %104 = stablehlo.add %61, %103 : tensor<2x16x48xf32>
    %105 = stablehlo.broadcast_in_dim %arg14, dims = [2] : (tensor<48xf32>) -> tensor<1x1x48xf32>
    %106 = stablehlo.broadcast_in_dim %105, dims = [0, 1, 2] : (tensor<1x1x48xf32>) -> tensor<2x16x48xf32>
    %107 = stablehlo.add %104, %106 : tensor<2x16x48xf32>
    %cst_18 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %108 = stablehlo.reduce(%107 init: %cst_18) applies stablehlo.add across dimensions = [2] : (tensor<2x16x48xf32>, tensor<f32>) -> tensor<2x16xf32>
    %109 = stablehlo.broadcast_in_dim %108, dims = [0, 1] : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %cst_19 = stablehlo.constant dense<4.800000e+01> : tensor<f32>
    %110 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<2x16x1xf32>
    %111 = stablehlo.divide %109, %110 : tensor<2x16x1xf32>
    %112 = stablehlo.broadcast_in_dim %111, dims = [0, 1, 2] : (tensor<2x16x1xf32>) -> tensor<2x16x48xf32>
    %113 = stablehlo.subtract %107, %112 : tensor<2x16x48xf32>
    %114 = stablehlo.multiply %113, %113 : tensor<2x16x48xf32>
    %cst_20 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %115 = stablehlo.reduce(%114 init: %cst_20) applies stablehlo.add across dimensions = [2] : (tensor<2x16x48xf32>, tensor<f32>) -> tensor<2x16xf32>
    %116 = stablehlo.broadcast_in_dim %115, dims = [0, 1] : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %cst_21 = stablehlo.constant dense<4.800000e+01> : tensor<f32>
    %117 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<2x16x1xf32>
    %118 = stablehlo.divide %116, %117 : tensor<2x16x1xf32>
    %119 = stablehlo.broadcast_in_dim %111, dims = [0, 1, 2] : (tensor<2x16x1xf32>) -> tensor<2x16x48xf32>
    %120 = stablehlo.subtract %107, %119 : tensor<2x16x48xf32>
    %cst_22 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %121 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<2x16x1xf32>
    %122 = stablehlo.add %118, %121 : tensor<2x16x1xf32>
    %123 = stablehlo.rsqrt %122 : tensor<2x16x1xf32>
    %124 = stablehlo.broadcast_in_dim %123, dims = [0, 1, 2] : (tensor<2x16x1xf32>) -> tensor<2x16x48xf32>
    %125 = stablehlo.multiply %120, %124 : tensor<2x16x48xf32>
    %126 = stablehlo.broadcast_in_dim %arg15, dims = [2] : (tensor<48xf32>) -> tensor<1x1x48xf32>
    %127 = stablehlo.broadcast_in_dim %126, dims = [0, 1, 2] : (tensor<1x1x48xf32>) -> tensor<2x16x48xf32>
    %128 = stablehlo.multiply %125, %127 : tensor<2x16x48xf32>
    %129 = stablehlo.broadcast_in_dim %arg16, dims = [2] : (tensor<48xf32>) -> tensor<1x1x48xf32>
    %130 = stablehlo.broadcast_in_dim %129, dims = [0, 1, 2] : (tensor<1x1x48xf32>) -> tensor<2x16x48xf32>
    %131 = stablehlo.add %128, %130 : tensor<2x16x48xf32>
    %132 = stablehlo.transpose %arg1, dims = [1, 0] : (tensor<256x48xf32>) -> tensor<48x256xf32>
    %133 = stablehlo.dot_general %131, %132, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16x48xf32>, tensor<48x256xf32>) -> tensor<2x16x256xf32>
    return %133 : tensor<2x16x256xf32>
  }
  func.func private @_take(%arg0: tensor<256x48xf32>, %arg1: tensor<2x16xi32>) -> tensor<2x16x48xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2x16xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<2x16xi32>, tensor<2x16xi32>) -> tensor<2x16xi1>
    %c_0 = stablehlo.constant dense<256> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<2x16xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<2x16xi32>
    %4 = call @_where(%1, %3, %arg1) : (tensor<2x16xi1>, tensor<2x16xi32>, tensor<2x16xi32>) -> tensor<2x16xi32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<2x16xi32>) -> tensor<2x16x1xi32>
    %c_1 = stablehlo.constant dense<255> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<2x16x1xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<2x16x1xi32>, tensor<2x16x1xi32>) -> tensor<2x16x1xi1>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [2] : (tensor<1xi32>) -> tensor<1x1x1xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2] : (tensor<1x1x1xi32>) -> tensor<2x16x1xi32>
    %10 = stablehlo.compare LE, %5, %9, SIGNED : (tensor<2x16x1xi32>, tensor<2x16x1xi32>) -> tensor<2x16x1xi1>
    %11 = stablehlo.and %7, %10 : tensor<2x16x1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %12 = stablehlo.reduce(%11 init: %c_3) applies stablehlo.and across dimensions = [2] : (tensor<2x16x1xi1>, tensor<i1>) -> tensor<2x16xi1>
    %13 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 48>}> : (tensor<256x48xf32>, tensor<2x16x1xi32>) -> tensor<2x16x48xf32>
    %14 = stablehlo.broadcast_in_dim %12, dims = [0, 1] : (tensor<2x16xi1>) -> tensor<2x16x48xi1>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x16x48xf32>
    %16 = stablehlo.select %14, %13, %15 : tensor<2x16x48xi1>, tensor<2x16x48xf32>
    return %16 : tensor<2x16x48xf32>
  }
  func.func private @_where(%arg0: tensor<2x16xi1>, %arg1: tensor<2x16xi32>, %arg2: tensor<2x16xi32>) -> tensor<2x16xi32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<2x16xi1>, tensor<2x16xi32>
    return %0 : tensor<2x16xi32>
  }
  func.func private @_where_0(%arg0: tensor<16x16xi1>, %arg1: tensor<2x6x16x16xf32>, %arg2: tensor<f32>) -> tensor<2x6x16x16xf32> {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [2, 3] : (tensor<16x16xi1>) -> tensor<2x6x16x16xi1>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<2x6x16x16xf32>
    %2 = stablehlo.select %0, %arg1, %1 : tensor<2x6x16x16xi1>, tensor<2x6x16x16xf32>
    return %2 : tensor<2x6x16x16xf32>
  }
}
