#map = affine_map<() -> ()>
#map1 = affine_map<(d0, d1) -> (d1)>
#map2 = affine_map<(d0, d1) -> (d0, d1)>
module @jit_mlp_fori {
  util.func public @main(%arg0: !hal.buffer_view, %arg1: !hal.buffer_view, %arg2: !hal.buffer_view, %arg3: !hal.buffer_view, %arg4: !hal.buffer_view, %arg5: !hal.buffer_view) -> !hal.buffer_view attributes {iree.abi.stub, iree.reflection = {iree.abi.declaration = "sync func @main(%input0: tensor<8x64xf32>, %input1: tensor<3x64x128xf32>, %input2: tensor<3x128xf32>, %input3: tensor<3x128x64xf32>, %input4: tensor<3x64xf32>, %input5: tensor<i32>) -> (%output0: tensor<8x64xf32>)"}} {
    %cst = arith.constant dense<0> : tensor<i32>
    %c1_i32 = arith.constant 1 : i32
    %c0_i32 = arith.constant 0 : i32
    %c3_i32 = arith.constant 3 : i32
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %cst_0 = arith.constant 0.000000e+00 : f32
    %0 = hal.tensor.import %arg0 "input0" : !hal.buffer_view -> tensor<8x64xf32>
    %1 = hal.tensor.import %arg1 "input1" : !hal.buffer_view -> tensor<3x64x128xf32>
    %2 = iree_tensor_ext.compute_barrier.start %1 : tensor<3x64x128xf32> -> tensor<3x64x128xf32>
    %3 = hal.tensor.import %arg2 "input2" : !hal.buffer_view -> tensor<3x128xf32>
    %4 = iree_tensor_ext.compute_barrier.start %3 : tensor<3x128xf32> -> tensor<3x128xf32>
    %5 = hal.tensor.import %arg3 "input3" : !hal.buffer_view -> tensor<3x128x64xf32>
    %6 = iree_tensor_ext.compute_barrier.start %5 : tensor<3x128x64xf32> -> tensor<3x128x64xf32>
    %7 = hal.tensor.import %arg4 "input4" : !hal.buffer_view -> tensor<3x64xf32>
    %8 = iree_tensor_ext.compute_barrier.start %7 : tensor<3x64xf32> -> tensor<3x64xf32>
    %9 = hal.tensor.import %arg5 "input5" : !hal.buffer_view -> tensor<i32>
    %10 = iree_tensor_ext.compute_barrier.start %9 : tensor<i32> -> tensor<i32>
    %11 = tensor.empty() : tensor<i1>
    %12 = flow.dispatch.region -> (tensor<i1>) {
      %15 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = []} ins(%cst, %10 : tensor<i32>, tensor<i32>) outs(%11 : tensor<i1>) {
      ^bb0(%in: i32, %in_1: i32, %out: i1):
        %16 = arith.cmpi slt, %in, %in_1 : i32
        linalg.yield %16 : i1
      } -> tensor<i1>
      flow.return %15 : tensor<i1>
    }
    %extracted = tensor.extract %12[] : tensor<i1>
    %13 = scf.if %extracted -> (tensor<8x64xf32>) {
      %15 = tensor.empty() : tensor<i32>
      %16 = tensor.empty() : tensor<8x128xf32>
      %17 = tensor.empty() : tensor<8x64xf32>
      %18:2 = scf.while (%arg6 = %cst, %arg7 = %0) : (tensor<i32>, tensor<8x64xf32>) -> (tensor<i32>, tensor<8x64xf32>) {
        %19 = flow.dispatch.region -> (tensor<i32>) {
          %35 = linalg.generic {indexing_maps = [#map, #map], iterator_types = []} ins(%arg6 : tensor<i32>) outs(%15 : tensor<i32>) {
          ^bb0(%in: i32, %out: i32):
            %36 = arith.addi %in, %c1_i32 : i32
            linalg.yield %36 : i32
          } -> tensor<i32>
          flow.return %35 : tensor<i32>
        }
        %20 = iree_tensor_ext.compute_barrier.end %19 : tensor<i32> -> tensor<i32>
        %21 = flow.dispatch.region -> (tensor<i1>) {
          %35 = linalg.generic {indexing_maps = [#map, #map], iterator_types = []} ins(%arg6 : tensor<i32>) outs(%11 : tensor<i1>) {
          ^bb0(%in: i32, %out: i1):
            %36 = arith.cmpi slt, %in, %c0_i32 : i32
            linalg.yield %36 : i1
          } -> tensor<i1>
          flow.return %35 : tensor<i1>
        }
        %22 = flow.dispatch.region -> (tensor<i32>) {
          %35 = linalg.generic {indexing_maps = [#map, #map], iterator_types = []} ins(%arg6 : tensor<i32>) outs(%15 : tensor<i32>) {
          ^bb0(%in: i32, %out: i32):
            %36 = arith.addi %in, %c3_i32 : i32
            linalg.yield %36 : i32
          } -> tensor<i32>
          flow.return %35 : tensor<i32>
        }
        %23 = flow.dispatch.region -> (tensor<i32>) {
          %35 = linalg.generic {indexing_maps = [#map, #map, #map, #map], iterator_types = []} ins(%21, %22, %arg6 : tensor<i1>, tensor<i32>, tensor<i32>) outs(%15 : tensor<i32>) {
          ^bb0(%in: i1, %in_6: i32, %in_7: i32, %out: i32):
            %36 = arith.select %in, %in_6, %in_7 : i32
            linalg.yield %36 : i32
          } -> tensor<i32>
          flow.return %35 : tensor<i32>
        }
        %extracted_1 = tensor.extract %23[] : tensor<i32>
        %24 = arith.index_cast %extracted_1 : i32 to index
        %25 = arith.maxsi %24, %c0 : index
        %26 = arith.minui %25, %c2 : index
        %extracted_slice = tensor.extract_slice %2[%26, 0, 0] [1, 64, 128] [1, 1, 1] : tensor<3x64x128xf32> to tensor<64x128xf32>
        %extracted_slice_2 = tensor.extract_slice %4[%26, 0] [1, 128] [1, 1] : tensor<3x128xf32> to tensor<128xf32>
        %extracted_slice_3 = tensor.extract_slice %6[%26, 0, 0] [1, 128, 64] [1, 1, 1] : tensor<3x128x64xf32> to tensor<128x64xf32>
        %extracted_slice_4 = tensor.extract_slice %8[%26, 0] [1, 64] [1, 1] : tensor<3x64xf32> to tensor<64xf32>
        %27 = linalg.fill ins(%cst_0 : f32) outs(%16 : tensor<8x128xf32>) -> tensor<8x128xf32>
        %28 = flow.dispatch.region -> (tensor<8x128xf32>) {
          %35 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice_2 : tensor<128xf32>) outs(%16 : tensor<8x128xf32>) {
          ^bb0(%in: f32, %out: f32):
            linalg.yield %in : f32
          } -> tensor<8x128xf32>
          flow.return %35 : tensor<8x128xf32>
        }
        %29 = flow.dispatch.region -> (tensor<8x128xf32>) {
          %35 = linalg.matmul ins(%arg7, %extracted_slice : tensor<8x64xf32>, tensor<64x128xf32>) outs(%27 : tensor<8x128xf32>) -> tensor<8x128xf32>
          %36 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel"]} ins(%35, %28 : tensor<8x128xf32>, tensor<8x128xf32>) outs(%16 : tensor<8x128xf32>) {
          ^bb0(%in: f32, %in_6: f32, %out: f32):
            %38 = arith.addf %in, %in_6 : f32
            linalg.yield %38 : f32
          } -> tensor<8x128xf32>
          %37 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel"]} ins(%36 : tensor<8x128xf32>) outs(%16 : tensor<8x128xf32>) {
          ^bb0(%in: f32, %out: f32):
            %38 = arith.maximumf %in, %cst_0 : f32
            linalg.yield %38 : f32
          } -> tensor<8x128xf32>
          flow.return %37 : tensor<8x128xf32>
        }
        %30 = linalg.fill ins(%cst_0 : f32) outs(%17 : tensor<8x64xf32>) -> tensor<8x64xf32>
        %31 = flow.dispatch.region -> (tensor<8x64xf32>) {
          %35 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice_4 : tensor<64xf32>) outs(%17 : tensor<8x64xf32>) {
          ^bb0(%in: f32, %out: f32):
            linalg.yield %in : f32
          } -> tensor<8x64xf32>
          flow.return %35 : tensor<8x64xf32>
        }
        %32 = flow.dispatch.region -> (tensor<8x64xf32>) {
          %35 = linalg.matmul ins(%29, %extracted_slice_3 : tensor<8x128xf32>, tensor<128x64xf32>) outs(%30 : tensor<8x64xf32>) -> tensor<8x64xf32>
          %36 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel"]} ins(%35, %31 : tensor<8x64xf32>, tensor<8x64xf32>) outs(%17 : tensor<8x64xf32>) {
          ^bb0(%in: f32, %in_6: f32, %out: f32):
            %38 = arith.addf %in, %in_6 : f32
            linalg.yield %38 : f32
          } -> tensor<8x64xf32>
          %37 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel"]} ins(%36, %arg7 : tensor<8x64xf32>, tensor<8x64xf32>) outs(%17 : tensor<8x64xf32>) {
          ^bb0(%in: f32, %in_6: f32, %out: f32):
            %38 = arith.addf %in, %in_6 : f32
            linalg.yield %38 : f32
          } -> tensor<8x64xf32>
          flow.return %37 : tensor<8x64xf32>
        }
        %33 = iree_tensor_ext.compute_barrier.end %32 : tensor<8x64xf32> -> tensor<8x64xf32>
        %34 = flow.dispatch.region -> (tensor<i1>) {
          %35 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = []} ins(%20, %10 : tensor<i32>, tensor<i32>) outs(%11 : tensor<i1>) {
          ^bb0(%in: i32, %in_6: i32, %out: i1):
            %36 = arith.cmpi slt, %in, %in_6 : i32
            linalg.yield %36 : i1
          } -> tensor<i1>
          flow.return %35 : tensor<i1>
        }
        %extracted_5 = tensor.extract %34[] : tensor<i1>
        scf.condition(%extracted_5) %20, %33 : tensor<i32>, tensor<8x64xf32>
      } do {
      ^bb0(%arg6: tensor<i32>, %arg7: tensor<8x64xf32>):
        scf.yield %arg6, %arg7 : tensor<i32>, tensor<8x64xf32>
      }
      scf.yield %18#1 : tensor<8x64xf32>
    } else {
      scf.yield %0 : tensor<8x64xf32>
    }
    %14 = hal.tensor.export %13 "output0" : tensor<8x64xf32> -> !hal.buffer_view
    util.return %14 : !hal.buffer_view
  }
}

