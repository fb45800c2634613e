#map = affine_map<(d0, d1) -> (d1)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
module @jit_mlp_scan {
  util.func public @main(%arg0: !hal.buffer_view, %arg1: !hal.buffer_view, %arg2: !hal.buffer_view, %arg3: !hal.buffer_view, %arg4: !hal.buffer_view) -> !hal.buffer_view attributes {iree.abi.stub, iree.reflection = {iree.abi.declaration = "sync func @main(%input0: tensor<8x64xf32>, %input1: tensor<3x64x128xf32>, %input2: tensor<3x128xf32>, %input3: tensor<3x128x64xf32>, %input4: tensor<3x64xf32>) -> (%output0: tensor<8x64xf32>)"}} {
    %c1_i32 = arith.constant 1 : i32
    %c3_i32 = arith.constant 3 : i32
    %c0_i32 = arith.constant 0 : i32
    %c2 = arith.constant 2 : index
    %cst = arith.constant 0.000000e+00 : f32
    %0 = hal.tensor.import %arg0 "input0" : !hal.buffer_view -> tensor<8x64xf32>
    %1 = hal.tensor.import %arg1 "input1" : !hal.buffer_view -> tensor<3x64x128xf32>
    %2 = iree_tensor_ext.compute_barrier.start %1 : tensor<3x64x128xf32> -> tensor<3x64x128xf32>
    %3 = hal.tensor.import %arg2 "input2" : !hal.buffer_view -> tensor<3x128xf32>
    %4 = iree_tensor_ext.compute_barrier.start %3 : tensor<3x128xf32> -> tensor<3x128xf32>
    %5 = hal.tensor.import %arg3 "input3" : !hal.buffer_view -> tensor<3x128x64xf32>
    %6 = iree_tensor_ext.compute_barrier.start %5 : tensor<3x128x64xf32> -> tensor<3x128x64xf32>
    %7 = hal.tensor.import %arg4 "input4" : !hal.buffer_view -> tensor<3x64xf32>
    %8 = iree_tensor_ext.compute_barrier.start %7 : tensor<3x64xf32> -> tensor<3x64xf32>
    %9 = scf.for %arg5 = %c0_i32 to %c3_i32 step %c1_i32 iter_args(%arg6 = %0) -> (tensor<8x64xf32>)  : i32 {
      %11 = arith.index_castui %arg5 : i32 to index
      %12 = arith.minui %11, %c2 : index
      %extracted_slice = tensor.extract_slice %2[%12, 0, 0] [1, 64, 128] [1, 1, 1] : tensor<3x64x128xf32> to tensor<64x128xf32>
      %extracted_slice_0 = tensor.extract_slice %4[%12, 0] [1, 128] [1, 1] : tensor<3x128xf32> to tensor<128xf32>
      %extracted_slice_1 = tensor.extract_slice %6[%12, 0, 0] [1, 128, 64] [1, 1, 1] : tensor<3x128x64xf32> to tensor<128x64xf32>
      %extracted_slice_2 = tensor.extract_slice %8[%12, 0] [1, 64] [1, 1] : tensor<3x64xf32> to tensor<64xf32>
      %13 = tensor.empty() : tensor<8x128xf32>
      %14 = linalg.fill ins(%cst : f32) outs(%13 : tensor<8x128xf32>) -> tensor<8x128xf32>
      %15 = flow.dispatch.region -> (tensor<8x128xf32>) {
        %22 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice_0 : tensor<128xf32>) outs(%13 : tensor<8x128xf32>) {
        ^bb0(%in: f32, %out: f32):
          linalg.yield %in : f32
        } -> tensor<8x128xf32>
        flow.return %22 : tensor<8x128xf32>
      }
      %16 = flow.dispatch.region -> (tensor<8x128xf32>) {
        %22 = linalg.matmul ins(%arg6, %extracted_slice : tensor<8x64xf32>, tensor<64x128xf32>) outs(%14 : tensor<8x128xf32>) -> tensor<8x128xf32>
        %23 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%22, %15 : tensor<8x128xf32>, tensor<8x128xf32>) outs(%13 : tensor<8x128xf32>) {
        ^bb0(%in: f32, %in_3: f32, %out: f32):
          %25 = arith.addf %in, %in_3 : f32
          linalg.yield %25 : f32
        } -> tensor<8x128xf32>
        %24 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%23 : tensor<8x128xf32>) outs(%13 : tensor<8x128xf32>) {
        ^bb0(%in: f32, %out: f32):
          %25 = arith.maximumf %in, %cst : f32
          linalg.yield %25 : f32
        } -> tensor<8x128xf32>
        flow.return %24 : tensor<8x128xf32>
      }
      %17 = tensor.empty() : tensor<8x64xf32>
      %18 = linalg.fill ins(%cst : f32) outs(%17 : tensor<8x64xf32>) -> tensor<8x64xf32>
      %19 = flow.dispatch.region -> (tensor<8x64xf32>) {
        %22 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice_2 : tensor<64xf32>) outs(%17 : tensor<8x64xf32>) {
        ^bb0(%in: f32, %out: f32):
          linalg.yield %in : f32
        } -> tensor<8x64xf32>
        flow.return %22 : tensor<8x64xf32>
      }
      %20 = flow.dispatch.region -> (tensor<8x64xf32>) {
        %22 = linalg.matmul ins(%16, %extracted_slice_1 : tensor<8x128xf32>, tensor<128x64xf32>) outs(%18 : tensor<8x64xf32>) -> tensor<8x64xf32>
        %23 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%22, %19 : tensor<8x64xf32>, tensor<8x64xf32>) outs(%17 : tensor<8x64xf32>) {
        ^bb0(%in: f32, %in_3: f32, %out: f32):
          %25 = arith.addf %in, %in_3 : f32
          linalg.yield %25 : f32
        } -> tensor<8x64xf32>
        %24 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%23, %arg6 : tensor<8x64xf32>, tensor<8x64xf32>) outs(%17 : tensor<8x64xf32>) {
        ^bb0(%in: f32, %in_3: f32, %out: f32):
          %25 = arith.addf %in, %in_3 : f32
          linalg.yield %25 : f32
        } -> tensor<8x64xf32>
        flow.return %24 : tensor<8x64xf32>
      }
      %21 = iree_tensor_ext.compute_barrier.end %20 : tensor<8x64xf32> -> tensor<8x64xf32>
      scf.yield %21 : tensor<8x64xf32>
    }
    %10 = hal.tensor.export %9 "output0" : tensor<8x64xf32> -> !hal.buffer_view
    util.return %10 : !hal.buffer_view
  }
}

