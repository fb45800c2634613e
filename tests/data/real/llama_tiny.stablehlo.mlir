module @jit_llama attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x64xi32>, %arg1: tensor<512x256xbf16>, %arg2: tensor<256xbf16>, %arg3: tensor<256x256xbf16>, %arg4: tensor<256x256xbf16>, %arg5: tensor<256x256xbf16>, %arg6: tensor<256x256xbf16>, %arg7: tensor<256xbf16>, %arg8: tensor<256x512xbf16>, %arg9: tensor<256x512xbf16>, %arg10: tensor<512x256xbf16>, %arg11: tensor<256xbf16>, %arg12: tensor<256x256xbf16>, %arg13: tensor<256x256xbf16>, %arg14: tensor<256x256xbf16>, %arg15: tensor<256x256xbf16>, %arg16: tensor<256xbf16>, %arg17: tensor<256x512xbf16>, %arg18: tensor<256x512xbf16>, %arg19: tensor<512x256xbf16>, %arg20: tensor<256xbf16>, %arg21: tensor<256x512xbf16>) -> (tensor<2x64x512xbf16> {jax.result_info = "result"}) {
    %0 = call @_take(%arg1, %arg0) : (tensor<512x256xbf16>, tensor<2x64xi32>) -> tensor<2x64x256xbf16>
    %1 = stablehlo.multiply %0, %0 : tensor<2x64x256xbf16>
    %2 = stablehlo.convert %1 : (tensor<2x64x256xbf16>) -> tensor<2x64x256xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.reduce(%2 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<2x64x256xf32>, tensor<f32>) -> tensor<2x64xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<2x64xf32>) -> tensor<2x64x1xf32>
    %cst_0 = stablehlo.constant dense<2.560000e+02> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x64x1xf32>
    %6 = stablehlo.divide %4, %5 : tensor<2x64x1xf32>
    %7 = stablehlo.convert %6 : (tensor<2x64x1xf32>) -> tensor<2x64x1xbf16>
    %cst_1 = stablehlo.constant dense<9.983770e-07> : tensor<bf16>
    %8 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<bf16>) -> tensor<2x64x1xbf16>
    %9 = stablehlo.add %7, %8 : tensor<2x64x1xbf16>
    %10 = stablehlo.rsqrt %9 : tensor<2x64x1xbf16>
    %11 = stablehlo.broadcast_in_dim %10, dims = [0, 1, 2] : (tensor<2x64x1xbf16>) -> tensor<2x64x256xbf16>
    %12 = stablehlo.multiply %0, %11 : tensor<2x64x256xbf16>
    %13 = stablehlo.broadcast_in_dim %arg2, dims = [2] : (tensor<256xbf16>) -> tensor<1x1x256xbf16>
    %14 = stablehlo.broadcast_in_dim %13, dims = [0, 1, 2] : (tensor<1x1x256xbf16>) -> tensor<2x64x256xbf16>
    %15 = stablehlo.multiply %12, %14 : tensor<2x64x256xbf16>
    %16 = stablehlo.dot_general %15, %arg3, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x64x256xbf16>, tensor<256x256xbf16>) -> tensor<2x64x256xbf16>
    %17 = stablehlo.reshape %16 : (tensor<2x64x256xbf16>) -> tensor<2x64x4x64xbf16>
    %18 = stablehlo.iota dim = 0 : tensor<32xf32>
    %cst_2 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %19 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %20 = stablehlo.multiply %19, %18 : tensor<32xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %21 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %22 = stablehlo.add %21, %20 : tensor<32xf32>
    %cst_4 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %23 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %24 = stablehlo.divide %22, %23 : tensor<32xf32>
    %cst_5 = stablehlo.constant dense<1.000000e+04> : tensor<f32>
    %25 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %26 = stablehlo.power %25, %24 : tensor<32xf32>
    %cst_6 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %27 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %28 = stablehlo.divide %27, %26 : tensor<32xf32>
    %29 = stablehlo.iota dim = 0 : tensor<64xf32>
    %30 = stablehlo.broadcast_in_dim %29, dims = [0] : (tensor<64xf32>) -> tensor<64x1xf32>
    %31 = stablehlo.broadcast_in_dim %28, dims = [1] : (tensor<32xf32>) -> tensor<1x32xf32>
    %32 = stablehlo.broadcast_in_dim %30, dims = [0, 1] : (tensor<64x1xf32>) -> tensor<64x32xf32>
    %33 = stablehlo.broadcast_in_dim %31, dims = [0, 1] : (tensor<1x32xf32>) -> tensor<64x32xf32>
    %34 = stablehlo.multiply %32, %33 : tensor<64x32xf32>
    %35 = stablehlo.cosine %34 : tensor<64x32xf32>
    %36 = stablehlo.concatenate %35, %35, dim = 1 : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x64xf32>
    %37 = stablehlo.convert %36 : (tensor<64x64xf32>) -> tensor<64x64xbf16>
    %38 = stablehlo.broadcast_in_dim %37, dims = [1, 3] : (tensor<64x64xbf16>) -> tensor<1x64x1x64xbf16>
    %39 = stablehlo.sine %34 : tensor<64x32xf32>
    %40 = stablehlo.concatenate %39, %39, dim = 1 : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x64xf32>
    %41 = stablehlo.convert %40 : (tensor<64x64xf32>) -> tensor<64x64xbf16>
    %42 = stablehlo.broadcast_in_dim %41, dims = [1, 3] : (tensor<64x64xbf16>) -> tensor<1x64x1x64xbf16>
    %43 = stablehlo.slice %17 [0:2, 0:64, 0:4, 0:32] : (tensor<2x64x4x64xbf16>) -> tensor<2x64x4x32xbf16>
    %44 = stablehlo.slice %17 [0:2, 0:64, 0:4, 32:64] : (tensor<2x64x4x64xbf16>) -> tensor<2x64x4x32xbf16>
    %45 = stablehlo.broadcast_in_dim %38, dims = [0, 1, 2, 3] : (tensor<1x64x1x64xbf16>) -> tensor<2x64x4x64xbf16>
    %46 = stablehlo.multiply %17, %45 : tensor<2x64x4x64xbf16>
    %47 = stablehlo.negate %44 : tensor<2x64x4x32xbf16>
    %48 = stablehlo.concatenate %47, %43, dim = 3 : (tensor<2x64x4x32xbf16>, tensor<2x64x4x32xbf16>) -> tensor<2x64x4x64xbf16>
    %49 = stablehlo.broadcast_in_dim %42, dims = [0, 1, 2, 3] : (tensor<1x64x1x64xbf16>) -> tensor<2x64x4x64xbf16>
    %50 = stablehlo.multiply %48, %49 : tensor<2x64x4x64xbf16>
    %51 = stablehlo.add %46, %50 : tensor<2x64x4x64xbf16>
    %52 = stablehlo.dot_general %15, %arg4, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x64x256xbf16>, tensor<256x256xbf16>) -> tensor<2x64x256xbf16>
    %53 = stablehlo.reshape %52 : (tensor<2x64x256xbf16>) -> tensor<2x64x4x64xbf16>
    %54 = stablehlo.iota dim = 0 : tensor<32xf32>
    %cst_7 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %55 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %56 = stablehlo.multiply %55, %54 : tensor<32xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %57 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %58 = stablehlo.add %57, %56 : tensor<32xf32>
    %cst_9 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %59 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %60 = stablehlo.divide %58, %59 : tensor<32xf32>
    %cst_10 = stablehlo.constant dense<1.000000e+04> : tensor<f32>
    %61 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %62 = stablehlo.power %61, %60 : tensor<32xf32>
    %cst_11 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %63 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %64 = stablehlo.divide %63, %62 : tensor<32xf32>
    %65 = stablehlo.iota dim = 0 : tensor<64xf32>
    %66 = stablehlo.broadcast_in_dim %65, dims = [0] : (tensor<64xf32>) -> tensor<64x1xf32>
    %67 = stablehlo.broadcast_in_dim %64, dims = [1] : (tensor<32xf32>) -> tensor<1x32xf32>
    %68 = stablehlo.broadcast_in_dim %66, dims = [0, 1] : (tensor<64x1xf32>) -> tensor<64x32xf32>
    %69 = stablehlo.broadcast_in_dim %67, dims = [0, 1] : (tensor<1x32xf32>) -> tensor<64x32xf32>
    %70 = stablehlo.multiply %68, %69 : tensor<64x32xf32>
    %71 = stablehlo.cosine %70 : tensor<64x32xf32>
    %72 = stablehlo.concatenate %71, %71, dim = 1 : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x64xf32>
    %73 = stablehlo.convert %72 : (tensor<64x64xf32>) -> tensor<64x64xbf16>
    %74 = stablehlo.broadcast_in_dim %73, dims = [1, 3] : (tensor<64x64xbf16>) -> tensor<1x64x1x64xbf16>
    %75 = stablehlo.sine %70 : tensor<64x32xf32>
    %76 = stablehlo.concatenate %75, %75, dim = 1 : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x64xf32>
    %77 = stablehlo.convert %76 : (tensor<64x64xf32>) -> tensor<64x64xbf16>
    %78 = stablehlo.broadcast_in_dim %77, dims = [1, 3] : (tensor<64x64xbf16>) -> tensor<1x64x1x64xbf16>
    %79 = stablehlo.slice %53 [0:2, 0:64, 0:4, 0:32] : (tensor<2x64x4x64xbf16>) -> tensor<2x64x4x32xbf16>
    %80 = stablehlo.slice %53 [0:2, 0:64, 0:4, 32:64] : (tensor<2x64x4x64xbf16>) -> tensor<2x64x4x32xbf16>
    %81 = stablehlo.broadcast_in_dim %74, dims = [0, 1, 2, 3] : (tensor<1x64x1x64xbf16>) -> tensor<2x64x4x64xbf16>
    %82 = stablehlo.multiply %53, %81 : tensor<2x64x4x64xbf16>
    %83 = stablehlo.negate %80 : tensor<2x64x4x32xbf16>
    %84 = stablehlo.concatenate %83, %79, dim = 3 : (tensor<2x64x4x32xbf16>, tensor<2x64x4x32xbf16>) -> tensor<2x64x4x64xbf16>
    %85 = stablehlo.broadcast_in_dim %78, dims = [0, 1, 2, 3] : (tensor<1x64x1x64xbf16>) -> tensor<2x64x4x64xbf16>
    %86 = stablehlo.multiply %84, %85 : tensor<2x64x4x64xbf16>
    %87 = stablehlo.add %82, %86 : tensor<2x64x4x64xbf16>
    %88 = stablehlo.dot_general %15, %arg5, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x64x256xbf16>, tensor<256x256xbf16>) -> tensor<2x64x256xbf16>
    %89 = stablehlo.reshape %88 : (tensor<2x64x256xbf16>) -> tensor<2x64x4x64xbf16>
    %90 = stablehlo.dot_general %51, %87, batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x64x4x64xbf16>, tensor<2x64x4x64xbf16>) -> tensor<2x4x64x64xbf16>
    %cst_12 = stablehlo.constant dense<8.000000e+00> : tensor<bf16>
    %91 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<bf16>) -> tensor<2x4x64x64xbf16>
    %92 = stablehlo.divide %90, %91 : tensor<2x4x64x64xbf16>
    %93 = stablehlo.iota dim = 0 : tensor<64xi32>
    %94 = stablehlo.broadcast_in_dim %93, dims = [0] : (tensor<64xi32>) -> tensor<64x1xi32>
    %95 = stablehlo.iota dim = 0 : tensor<64xi32>
    %96 = stablehlo.broadcast_in_dim %95, dims = [1] : (tensor<64xi32>) -> tensor<1x64xi32>
    %97 = stablehlo.broadcast_in_dim %94, dims = [0, 1] : (tensor<64x1xi32>) -> tensor<64x64xi32>
    %98 = stablehlo.broadcast_in_dim %96, dims = [0, 1] : (tensor<1x64xi32>) -> tensor<64x64xi32>
    %99 = stablehlo.compare GE, %97, %98, SIGNED : (tensor<64x64xi32>, tensor<64x64xi32>) -> tensor<64x64xi1>
    %cst_13 = stablehlo.constant dense<-9.982440e+08> : tensor<bf16>
    %100 = call @_where_0(%99, %92, %cst_13) : (tensor<64x64xi1>, tensor<2x4x64x64xbf16>, tensor<bf16>) -> tensor<2x4x64x64xbf16>
    %cst_14 = stablehlo.constant dense<0xFF80> : tensor<bf16>
    %101 = stablehlo.reduce(%100 init: %cst_14) applies stablehlo.maximum across dimensions = [3] : (tensor<2x4x64x64xbf16>, tensor<bf16>) -> tensor<2x4x64xbf16>
    %cst_15 = stablehlo.constant dense<0xFF80> : tensor<bf16>
    %102 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<bf16>) -> tensor<2x4x64xbf16>
    %103 = stablehlo.maximum %102, %101 : tensor<2x4x64xbf16>
    %104 = stablehlo.broadcast_in_dim %103, dims = [0, 1, 2] : (tensor<2x4x64xbf16>) -> tensor<2x4x64x1xbf16>
    %105 = stablehlo.broadcast_in_dim %104, dims = [0, 1, 2, 3] : (tensor<2x4x64x1xbf16>) -> tensor<2x4x64x64xbf16>
    %106 = stablehlo.subtract %100, %105 : tensor<2x4x64x64xbf16>
    %107 = stablehlo.exponential %106 : tensor<2x4x64x64xbf16>
    %108 = stablehlo.convert %107 : (tensor<2x4x64x64xbf16>) -> tensor<2x4x64x64xf32>
    %cst_16 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %109 = stablehlo.reduce(%108 init: %cst_16) applies stablehlo.add across dimensions = [3] : (tensor<2x4x64x64xf32>, tensor<f32>) -> tensor<2x4x64xf32>
    %110 = stablehlo.broadcast_in_dim %109, dims = [0, 1, 2] : (tensor<2x4x64xf32>) -> tensor<2x4x64x1xf32>
    %111 = stablehlo.convert %110 : (tensor<2x4x64x1xf32>) -> tensor<2x4x64x1xbf16>
    %112 = stablehlo.broadcast_in_dim %111, dims = [0, 1, 2, 3] : (tensor<2x4x64x1xbf16>) -> tensor<2x4x64x64xbf16>
    %113 = stablehlo.divide %107, %112 : tensor<2x4x64x64xbf16>
    %114 = stablehlo.dot_general %89, %113, batching_dims = [0, 2] x [0, 1], contracting_dims = [1] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x64x4x64xbf16>, tensor<2x4x64x64xbf16>) -> tensor<2x4x64x64xbf16>
    %115 = stablehlo.transpose %114, dims = [0, 3, 1, 2] : (tensor<2x4x64x64xbf16>) -> tensor<2x64x4x64xbf16>
    %116 = stablehlo.reshape %115 : (tensor<2x64x4x64xbf16>) -> tensor<2x64x256xbf16>
    %117 = stablehlo.dot_general %116, %arg6, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x64x256xbf16>, tensor<256x256xbf16>) -> tensor<2x64x256xbf16>
    %118 = stablehlo.add %0, %117 : tensor<2x64x256xbf16>
    %119 = stablehlo.multiply %118, %118 : tensor<2x64x256xbf16>
    %120 = stablehlo.convert %119 : (tensor<2x64x256xbf16>) -> tensor<2x64x256xf32>
    %cst_17 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %121 = stablehlo.reduce(%120 init: %cst_17) applies stablehlo.add across dimensions = [2] : (tensor<2x64x256xf32>, tensor<f32>) -> tensor<2x64xf32>
    %122 = stablehlo.broadcast_in_dim %121, dims = [0, 1] : (tensor<2x64xf32>) -> tensor<2x64x1xf32>
    %cst_18 = stablehlo.constant dense<2.560000e+02> : tensor<f32>
    %123 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<2x64x1xf32>
    %124 = stablehlo.divide %122, %123 : tensor<2x64x1xf32>
    %125 = stablehlo.convert %124 : (tensor<2x64x1xf32>) -> tensor<2x64x1xbf16>
    %cst_19 = stablehlo.constant dense<9.983770e-07> : tensor<bf16>
    %126 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<bf16>) -> tensor<2x64x1xbf16>
    %127 = stablehlo.add %125, %126 : tensor<2x64x1xbf16>
    %128 = stablehlo.rsqrt %127 : tensor<2x64x1xbf16>
    %129 = stablehlo.broadcast_in_dim %128, dims = [0, 1, 2] : (tensor<2x64x1xbf16>) -> tensor<2x64x256xbf16>
    %130 = stablehlo.multiply %118, %129 : tensor<2x64x256xbf16>
    %131 = stablehlo.broadcast_in_dim %arg7, dims = [2] : (tensor<256xbf16>) -> tensor<1x1x256xbf16>
    %132 = stablehlo.broadcast_in_dim %131, dims = [0, 1, 2] : (tensor<1x1x256xbf16>) -> tensor<2x64x256xbf16>
    %133 = stablehlo.multiply %130, %132 : tensor<2x64x256xbf16>
    %134 = stablehlo.dot_general %133, %arg8, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x64x256xbf16>, tensor<256x512xbf16>) -> tensor<2x64x512xbf16>
    %135 = call @silu(%134) : (tensor<2x64x512xbf16>) -> tensor<2x64x512xbf16>
    %136 = stablehlo.dot_general %133, %arg9, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x64x256xbf16>, tensor<256x512xbf16>) -> tensor<2x64x512xbf16>
    %137 = stablehlo.multiply %135, %136 : tensor<2x64x512xbf16>
    %138 = stablehlo.dot_general %137, %arg10, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x64x512xbf16>, tensor<512x256xbf16>) -> tensor<2x64x256xbf16>
    %139 = stablehlo.add %118, %138 : tensor<2x64x256xbf16>
    %140 = stablehlo.multiply %139, %139 : tensor<2x64x256xbf16>
    %141 = stablehlo.convert %140 : (tensor<2x64x256xbf16>) -> tensor<2x64x256xf32>
    %cst_20 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %142 = stablehlo.reduce(%141 init: %cst_20) applies stablehlo.add across dimensions = [2] : (tensor<2x64x256xf32>, tensor<f32>) -> tensor<2x64xf32>
    %143 = stablehlo.broadcast_in_dim %142, dims = [0, 1] : (tensor<2x64xf32>) -> tensor<2x64x1xf32>
    %cst_21 = stablehlo.constant dense<2.560000e+02> : tensor<f32>
    %144 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<2x64x1xf32>
    %145 = stablehlo.divide %143, %144 : tensor<2x64x1xf32>
    %146 = stablehlo.convert %145 : (tensor<2x64x1xf32>) -> tensor<2x64x1xbf16>
    %cst_22 = stablehlo.constant dense<9.983770e-07> : tensor<bf16>
    %147 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<bf16>) -> tensor<2x64x1xbf16>
    %148 = stablehlo.add %146, %147 : tensor<2x64x1xbf16>
    %149 = stablehlo.rsqrt %148 : tensor<2x64x1xbf16>
    %150 = stablehlo.broadcast_in_dim %149, dims = [0, 1, 2] : (tensor<2x64x1xbf16>) -> tensor<2x64x256xbf16>
    %151 = stablehlo.multiply %139, %150 : tensor<2x64x256xbf16>
    %152 = stablehlo.broadcast_in_dim %arg11, dims = [2] : (tensor<256xbf16>) -> tensor<1x1x256xbf16>
    %153 = stablehlo.broadcast_in_dim %152, dims = [0, 1, 2] : (tensor<1x1x256xbf16>) -> tensor<2x64x256xbf16>
    %154 = stablehlo.multiply %151, %153 : tensor<2x64x256xbf16>
    %155 = stablehlo.dot_general %154, %arg12, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x64x256xbf16>, tensor<256x256xbf16>) -> tensor<2x64x256xbf16>
    %156 = stablehlo.reshape %155 : (tensor<2x64x256xbf16>) -> tensor<2x64x4x64xbf16>
    %157 = stablehlo.iota dim = 0 : tensor<32xf32>
    %cst_23 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %158 = stablehlo.broadcast_in_dim %cst_23, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %159 = stablehlo.multiply %158, %157 : tensor<32xf32>
    %cst_24 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %160 = stablehlo.broadcast_in_dim %cst_24, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %161 = stablehlo.add %160, %159 : tensor<32xf32>
    %cst_25 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %162 = stablehlo.broadcast_in_dim %cst_25, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %163 = stablehlo.divide %161, %162 : tensor<32xf32>
    %cst_26 = stablehlo.constant dense<1.000000e+04> : tensor<f32>
    %164 = stablehlo.broadcast_in_dim %cst_26, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %165 = stablehlo.power %164, %163 : tensor<32xf32>
    %cst_27 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %166 = stablehlo.broadcast_in_dim %cst_27, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %167 = stablehlo.divide %166, %165 : tensor<32xf32>
    %168 = stablehlo.iota dim = 0 : tensor<64xf32>
    %169 = stablehlo.broadcast_in_dim %168, dims = [0] : (tensor<64xf32>) -> tensor<64x1xf32>
    %170 = stablehlo.broadcast_in_dim %167, dims = [1] : (tensor<32xf32>) -> tensor<1x32xf32>
    %171 = stablehlo.broadcast_in_dim %169, dims = [0, 1] : (tensor<64x1xf32>) -> tensor<64x32xf32>
    %172 = stablehlo.broadcast_in_dim %170, dims = [0, 1] : (tensor<1x32xf32>) -> tensor<64x32xf32>
    %173 = stablehlo.multiply %171, %172 : tensor<64x32xf32>
    %174 = stablehlo.cosine %173 : tensor<64x32xf32>
    %175 = stablehlo.concatenate %174, %174, dim = 1 : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x64xf32>
    %176 = stablehlo.convert %175 : (tensor<64x64xf32>) -> tensor<64x64xbf16>
    %177 = stablehlo.broadcast_in_dim %176, dims = [1, 3] : (tensor<64x64xbf16>) -> tensor<1x64x1x64xbf16>
    %178 = stablehlo.sine %173 : tensor<64x32xf32>
    %179 = stablehlo.concatenate %178, %178, dim = 1 : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x64xf32>
    %180 = stablehlo.convert %179 : (tensor<64x64xf32>) -> tensor<64x64xbf16>
    %181 = stablehlo.broadcast_in_dim %180, dims = [1, 3] : (tensor<64x64xbf16>) -> tensor<1x64x1x64xbf16>
    %182 = stablehlo.slice %156 [0:2, 0:64, 0:4, 0:32] : (tensor<2x64x4x64xbf16>) -> tensor<2x64x4x32xbf16>
    %183 = stablehlo.slice %156 [0:2, 0:64, 0:4, 32:64] : (tensor<2x64x4x64xbf16>) -> tensor<2x64x4x32xbf16>
    %184 = stablehlo.broadcast_in_dim %177, dims = [0, 1, 2, 3] : (tensor<1x64x1x64xbf16>) -> tensor<2x64x4x64xbf16>
    %185 = stablehlo.multiply %156, %184 : tensor<2x64x4x64xbf16>
    %186 = stablehlo.negate %183 : tensor<2x64x4x32xbf16>
    %187 = stablehlo.concatenate %186, %182, dim = 3 : (tensor<2x64x4x32xbf16>, tensor<2x64x4x32xbf16>) -> tensor<2x64x4x64xbf16>
    %188 = stablehlo.broadcast_in_dim %181, dims = [0, 1, 2, 3] : (tensor<1x64x1x64xbf16>) -> tensor<2x64x4x64xbf16>
    %189 = stablehlo.multiply %187, %188 : tensor<2x64x4x64xbf16>
    %190 = stablehlo.add %185, %189 : tensor<2x64x4x64xbf16>
    %191 = stablehlo.dot_general %154, %arg13, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x64x256xbf16>, tensor<256x256xbf16>) -> tensor<2x64x256xbf16>
    %192 = stablehlo.reshape %191 : (tensor<2x64x256xbf16>) -> tensor<2x64x4x64xbf16>
    %193 = stablehlo.iota dim = 0 : tensor<32xf32>
    %cst_28 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %194 = stablehlo.broadcast_in_dim %cst_28, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %195 = stablehlo.multiply %194, %193 : tensor<32xf32>
    %cst_29 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %196 = stablehlo.broadcast_in_dim %cst_29, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %197 = stablehlo.add %196, %195 : tensor<32xf32>
    %cst_30 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %198 = stablehlo.broadcast_in_dim %cst_30, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %199 = stablehlo.divide %197, %198 : tensor<32xf32>
    %cst_31 = stablehlo.constant dense<1.000000e+04> : tensor<f32>
    %200 = stablehlo.broadcast_in_dim %cst_31, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %201 = stablehlo.power %200, %199 : tensor<32xf32>
    %cst_32 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %202 = stablehlo.broadcast_in_dim %cst_32, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %203 = stablehlo.divide %202, %201 : tensor<32xf32>
    %204 = stablehlo.iota dim = 0 : tensor<64xf32>
    %205 = stablehlo.broadcast_in_dim %204, dims = [0] : (tensor<64xf32>) -> tensor<64x1xf32>
    %206 = stablehlo.broadcast_in_dim %203, dims = [1] : (tensor<32xf32>) -> tensor<1x32xf32>
    %207 = stablehlo.broadcast_in_dim %205, dims = [0, 1] : (tensor<64x1xf32>) -> tensor<64x32xf32>
    %208 = stablehlo.broadcast_in_dim %206, dims = [0, 1] : (tensor<1x32xf32>) -> tensor<64x32xf32>
    %209 = stablehlo.multiply %207, %208 : tensor<64x32xf32>
    %210 = stablehlo.cosine %209 : tensor<64x32xf32>
    %211 = stablehlo.concatenate %210, %210, dim = 1 : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x64xf32>
    %212 = stablehlo.convert %211 : (tensor<64x64xf32>) -> tensor<64x64xbf16>
    %213 = stablehlo.broadcast_in_dim %212, dims = [1, 3] : (tensor<64x64xbf16>) -> tensor<1x64x1x64xbf16>
    %214 = stablehlo.sine %209 : tensor<64x32xf32>
    %215 = stablehlo.concatenate %214, %214, dim = 1 : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x64xf32>
    %216 = stablehlo.convert %215 : (tensor<64x64xf32>) -> tensor<64x64xbf16>
    %217 = stablehlo.broadcast_in_dim %216, dims = [1, 3] : (tensor<64x64xbf16>) -> tensor<1x64x1x64xbf16>
    %218 = stablehlo.slice %192 [0:2, 0:64, 0:4, 0:32] : (tensor<2x64x4x64xbf16>) -> tensor<2x64x4x32xbf16>
    %219 = stablehlo.slice %192 [0:2, 0:64, 0:4, 32:64] : (tensor<2x64x4x64xbf16>) -> tensor<2x64x4x32xbf16>
    %220 = stablehlo.broadcast_in_dim %213, dims = [0, 1, 2, 3] : (tensor<1x64x1x64xbf16>) -> tensor<2x64x4x64xbf16>
    %221 = stablehlo.multiply %192, %220 : tensor<2x64x4x64xbf16>
    %222 = stablehlo.negate %219 : tensor<2x64x4x32xbf16>
    %223 = stablehlo.concatenate %222, %218, dim = 3 : (tensor<2x64x4x32xbf16>, tensor<2x64x4x32xbf16>) -> tensor<2x64x4x64xbf16>
    %224 = stablehlo.broadcast_in_dim %217, dims = [0, 1, 2, 3] : (tensor<1x64x1x64xbf16>) -> tensor<2x64x4x64xbf16>
    %225 = stablehlo.multiply %223, %224 : tensor<2x64x4x64xbf16>
    %226 = stablehlo.add %221, %225 : tensor<2x64x4x64xbf16>
    %227 = stablehlo.dot_general %154, %arg14, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x64x256xbf16>, tensor<256x256xbf16>) -> tensor<2x64x256xbf16>
    %228 = stablehlo.reshape %227 : (tensor<2x64x256xbf16>) -> tensor<2x64x4x64xbf16>
    %229 = stablehlo.dot_general %190, %226, batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x64x4x64xbf16>, tensor<2x64x4x64xbf16>) -> tensor<2x4x64x64xbf16>
    %cst_33 = stablehlo.constant dense<8.000000e+00> : tensor<bf16>
    %230 = stablehlo.broadcast_in_dim %cst_33, dims = [] : (tensor<bf16>) -> tensor<2x4x64x64xbf16>
    %231 = stablehlo.divide %229, %230 : tensor<2x4x64x64xbf16>
    %232 = stablehlo.iota dim = 0 : tensor<64xi32>
    %233 = stablehlo.broadcast_in_dim %232, dims = [0] : (tensor<64xi32>) -> tensor<64x1xi32>
    %234 = stablehlo.iota dim = 0 : tensor<64xi32>
    %235 = stablehlo.broadcast_in_dim %234, dims = [1] : (tensor<64xi32>) -> tensor<1x64xi32>
    %236 = stablehlo.broadcast_in_dim %233, dims = [0, 1] : (tensor<64x1xi32>) -> tensor<64x64xi32>
    %237 = stablehlo.broadcast_in_dim %235, dims = [0, 1] : (tensor<1x64xi32>) -> tensor<64x64xi32>
    %238 = stablehlo.compare GE, %236, %237, SIGNED : (tensor<64x64xi32>, tensor<64x64xi32>) -> tensor<64x64xi1>
    %cst_34 = stablehlo.constant dense<-9.982440e+08> : tensor<bf16>
    %239 = call @_where_0(%238, %231, %cst_34) : (tensor<64x64xi1>, tensor<2x4x64x64xbf16>, tensor<bf16>) -> tensor<2x4x64x64xbf16>
    %cst_35 = stablehlo.constant dense<0xFF80> : tensor<bf16>
    %240 = stablehlo.reduce(%239 init: %cst_35) applies stablehlo.maximum across dimensions = [3] : (tensor<2x4x64x64xbf16>, tensor<bf16>) -> tensor<2x4x64xbf16>
    %cst_36 = stablehlo.constant dense<0xFF80> : tensor<bf16>
    %241 = stablehlo.broadcast_in_dim %cst_36, dims = [] : (tensor<bf16>) -> tensor<2x4x64xbf16>
    %242 = stablehlo.maximum %241, %240 : tensor<2x4x64xbf16>
    %243 = stablehlo.broadcast_in_dim %242, dims = [0, 1, 2] : (tensor<2x4x64xbf16>) -> tensor<2x4x64x1xbf16>
    %244 = stablehlo.broadcast_in_dim %243, dims = [0, 1, 2, 3] : (tensor<2x4x64x1xbf16>) -> tensor<2x4x64x64xbf16>
    %245 = stablehlo.subtract %239, %244 : tensor<2x4x64x64xbf16>
    %246 = stablehlo.exponential %245 : tensor<2x4x64x64xbf16>
    %247 = stablehlo.convert %246 : (tensor<2x4x64x64xbf16>) -> tensor<2x4x64x64xf32>
    %cst_37 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %248 = stablehlo.reduce(%247 init: %cst_37) applies stablehlo.add across dimensions = [3] : (tensor<2x4x64x64xf32>, tensor<f32>) -> tensor<2x4x64xf32>
    %249 = stablehlo.broadcast_in_dim %248, dims = [0, 1, 2] : (tensor<2x4x64xf32>) -> tensor<2x4x64x1xf32>
    %250 = stablehlo.convert %249 : (tensor<2x4x64x1xf32>) -> tensor<2x4x64x1xbf16>
    %251 = stablehlo.broadcast_in_dim %250, dims = [0, 1, 2, 3] : (tensor<2x4x64x1xbf16>) -> tensor<2x4x64x64xbf16>
    %252 = stablehlo.divide %246, %251 : tensor<2x4x64x64xbf16>
    %253 = stablehlo.dot_general %228, %252, batching_dims = [0, 2] x [0, 1], contracting_dims = [1] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x64x4x64xbf16>, tensor<2x4x64x64xbf16>) -> tensor<2x4x64x64xbf16>
    %254 = stablehlo.transpose %253, dims = [0, 3, 1, 2] : (tensor<2x4x64x64xbf16>) -> tensor<2x64x4x64xbf16>
    %255 = stablehlo.reshape %254 : (tensor<2x64x4x64xbf16>) -> tensor<2x64x256xbf16>
    %256 = stablehlo.dot_general %255, %arg15, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x64x256xbf16>, tensor<256x256xbf16>) -> tensor<2x64x256xbf16>
    %257 = stablehlo.add %139, %256 : tensor<2x64x256xbf16>
    %258 = stablehlo.multiply %257, %257 : tensor<2x64x256xbf16>
    %259 = stablehlo.convert %258 : (tensor<2x64x256xbf16>) -> tensor<2x64x256xf32>
    %cst_38 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %260 = stablehlo.reduce(%259 init: %cst_38) applies stablehlo.add across dimensions = [2] : (tensor<2x64x256xf32>, tensor<f32>) -> tensor<2x64xf32>
    %261 = stablehlo.broadcast_in_dim %260, dims = [0, 1] : (tensor<2x64xf32>) -> tensor<2x64x1xf32>
    %cst_39 = stablehlo.constant dense<2.560000e+02> : tensor<f32>
    %262 = stablehlo.broadcast_in_dim %cst_39, dims = [] : (tensor<f32>) -> tensor<2x64x1xf32>
    %263 = stablehlo.divide %261, %262 : tensor<2x64x1xf32>
    %264 = stablehlo.convert %263 : (tensor<2x64x1xf32>) -> tensor<2x64x1xbf16>
    %cst_40 = stablehlo.constant dense<9.983770e-07> : tensor<bf16>
    %265 = stablehlo.broadcast_in_dim %cst_40, dims = [] : (tensor<bf16>) -> tensor<2x64x1xbf16>
    %266 = stablehlo.add %264, %265 : tensor<2x64x1xbf16>
    %267 = stablehlo.rsqrt %266 : tensor<2x64x1xbf16>
    %268 = stablehlo.broadcast_in_dim %267, dims = [0, 1, 2] : (tensor<2x64x1xbf16>) -> tensor<2x64x256xbf16>
    %269 = stablehlo.multiply %257, %268 : tensor<2x64x256xbf16>
    %270 = stablehlo.broadcast_in_dim %arg16, dims = [2] : (tensor<256xbf16>) -> tensor<1x1x256xbf16>
    %271 = stablehlo.broadcast_in_dim %270, dims = [0, 1, 2] : (tensor<1x1x256xbf16>) -> tensor<2x64x256xbf16>
    %272 = stablehlo.multiply %269, %271 : tensor<2x64x256xbf16>
    %273 = stablehlo.dot_general %272, %arg17, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x64x256xbf16>, tensor<256x512xbf16>) -> tensor<2x64x512xbf16>
    %274 = call @silu(%273) : (tensor<2x64x512xbf16>) -> tensor<2x64x512xbf16>
    %275 = stablehlo.dot_general %272, %arg18, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x64x256xbf16>, tensor<256x512xbf16>) -> tensor<2x64x512xbf16>
    %276 = stablehlo.multiply %274, %275 : tensor<2x64x512xbf16>
    %277 = stablehlo.dot_general %276, %arg19, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x64x512xbf16>, tensor<512x256xbf16>) -> tensor<2x64x256xbf16>
    %278 = stablehlo.add %257, %277 : tensor<2x64x256xbf16>
    %279 = stablehlo.multiply %278, %278 : tensor<2x64x256xbf16>
    %280 = stablehlo.convert %279 : (tensor<2x64x256xbf16>) -> tensor<2x64x256xf32>
    %cst_41 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %281 = stablehlo.reduce(%280 init: %cst_41) applies stablehlo.add across dimensions = [2] : (tensor<2x64x256xf32>, tensor<f32>) -> tensor<2x64xf32>
    %282 = stablehlo.broadcast_in_dim %281, dims = [0, 1] : (tensor<2x64xf32>) -> tensor<2x64x1xf32>
    %cst_42 = stablehlo.constant dense<2.560000e+02> : tensor<f32>
    %283 = stablehlo.broadcast_in_dim %cst_42, dims = [] : (tensor<f32>) -> tensor<2x64x1xf32>
    %284 = stablehlo.divide %282, %283 : tensor<2x64x1xf32>
    %285 = stablehlo.convert %284 : (tensor<2x64x1xf32>) -> tensor<2x64x1xbf16>
    %cst_43 = stablehlo.constant dense<9.983770e-07> : tensor<bf16>
    %286 = stablehlo.broadcast_in_dim %cst_43, dims = [] : (tensor<bf16>) -> tensor<2x64x1xbf16>
    %287 = stablehlo.add %285, %286 : tensor<2x64x1xbf16>
    %288 = stablehlo.rsqrt %287 : tensor<2x64x1xbf16>
    %289 = stablehlo.broadcast_in_dim %288, dims = [0, 1, 2] : (tensor<2x64x1xbf16>) -> tensor<2x64x256xbf16>
    %290 = stablehlo.multiply %278, %289 : tensor<2x64x256xbf16>
    %291 = stablehlo.broadcast_in_dim %arg20, dims = [2] : (tensor<256xbf16>) -> tensor<1x1x256xbf16>
    %292 = stablehlo.broadcast_in_dim %291, dims = [0, 1, 2] : (tensor<1x1x256xbf16>) -> tensor<2x64x256xbf16>
    %293 = stablehlo.multiply %290, %292 : tensor<2x64x256xbf16>
    %294 = stablehlo.dot_general %293, %arg21, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x64x256xbf16>, tensor<256x512xbf16>) -> tensor<2x64x512xbf16>
    return %294 : tensor<2x64x512xbf16>
  }
  func.func private @_take(%arg0: tensor<512x256xbf16>, %arg1: tensor<2x64xi32>) -> tensor<2x64x256xbf16> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2x64xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<2x64xi32>, tensor<2x64xi32>) -> tensor<2x64xi1>
    %c_0 = stablehlo.constant dense<512> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<2x64xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<2x64xi32>
    %4 = call @_where(%1, %3, %arg1) : (tensor<2x64xi1>, tensor<2x64xi32>, tensor<2x64xi32>) -> tensor<2x64xi32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<2x64xi32>) -> tensor<2x64x1xi32>
    %c_1 = stablehlo.constant dense<511> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<2x64x1xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<2x64x1xi32>, tensor<2x64x1xi32>) -> tensor<2x64x1xi1>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [2] : (tensor<1xi32>) -> tensor<1x1x1xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2] : (tensor<1x1x1xi32>) -> tensor<2x64x1xi32>
    %10 = stablehlo.compare LE, %5, %9, SIGNED : (tensor<2x64x1xi32>, tensor<2x64x1xi32>) -> tensor<2x64x1xi1>
    %11 = stablehlo.and %7, %10 : tensor<2x64x1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %12 = stablehlo.reduce(%11 init: %c_3) applies stablehlo.and across dimensions = [2] : (tensor<2x64x1xi1>, tensor<i1>) -> tensor<2x64xi1>
    %13 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 256>}> : (tensor<512x256xbf16>, tensor<2x64x1xi32>) -> tensor<2x64x256xbf16>
    %14 = stablehlo.broadcast_in_dim %12, dims = [0, 1] : (tensor<2x64xi1>) -> tensor<2x64x256xi1>
    %cst = stablehlo.constant dense<0x7FC0> : tensor<bf16>
    %15 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<bf16>) -> tensor<2x64x256xbf16>
    %16 = stablehlo.select %14, %13, %15 : tensor<2x64x256xi1>, tensor<2x64x256xbf16>
    return %16 : tensor<2x64x256xbf16>
  }
  func.func private @_where(%arg0: tensor<2x64xi1>, %arg1: tensor<2x64xi32>, %arg2: tensor<2x64xi32>) -> tensor<2x64xi32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<2x64xi1>, tensor<2x64xi32>
    return %0 : tensor<2x64xi32>
  }
  func.func private @_where_0(%arg0: tensor<64x64xi1>, %arg1: tensor<2x4x64x64xbf16>, %arg2: tensor<bf16>) -> tensor<2x4x64x64xbf16> {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [2, 3] : (tensor<64x64xi1>) -> tensor<2x4x64x64xi1>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<bf16>) -> tensor<2x4x64x64xbf16>
    %2 = stablehlo.select %0, %arg1, %1 : tensor<2x4x64x64xi1>, tensor<2x4x64x64xbf16>
    return %2 : tensor<2x4x64x64xbf16>
  }
  func.func private @silu(%arg0: tensor<2x64x512xbf16>) -> tensor<2x64x512xbf16> {
    %0 = stablehlo.negate %arg0 : tensor<2x64x512xbf16>
    %1 = stablehlo.exponential %0 : tensor<2x64x512xbf16>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<bf16>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<bf16>) -> tensor<2x64x512xbf16>
    %3 = stablehlo.add %2, %1 : tensor<2x64x512xbf16>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<bf16>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<bf16>) -> tensor<2x64x512xbf16>
    %5 = stablehlo.divide %4, %3 : tensor<2x64x512xbf16>
    %6 = stablehlo.multiply %arg0, %5 : tensor<2x64x512xbf16>
    return %6 : tensor<2x64x512xbf16>
  }
}
