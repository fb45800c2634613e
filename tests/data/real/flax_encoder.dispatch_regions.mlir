#map = affine_map<(d0, d1, d2, d3) -> (d2, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3) -> ()>
#map3 = affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>
#map4 = affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>
#map5 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3, d2)>
#map6 = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
#map7 = affine_map<(d0, d1, d2) -> (d2)>
#map8 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map9 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map10 = affine_map<(d0, d1) -> (d0, d1)>
module @jit_encoder {
  util.func public @main(%arg0: !hal.buffer_view, %arg1: !hal.buffer_view, %arg2: !hal.buffer_view, %arg3: !hal.buffer_view, %arg4: !hal.buffer_view, %arg5: !hal.buffer_view, %arg6: !hal.buffer_view, %arg7: !hal.buffer_view, %arg8: !hal.buffer_view, %arg9: !hal.buffer_view, %arg10: !hal.buffer_view, %arg11: !hal.buffer_view, %arg12: !hal.buffer_view, %arg13: !hal.buffer_view, %arg14: !hal.buffer_view, %arg15: !hal.buffer_view, %arg16: !hal.buffer_view) -> !hal.buffer_view attributes {iree.abi.stub, iree.reflection = {iree.abi.declaration = "sync func @main(%input0: tensor<4x16xf32>, %input1: tensor<64x4x16xf32>, %input2: tensor<64xf32>, %input3: tensor<4x16x64xf32>, %input4: tensor<4x16xf32>, %input5: tensor<64x4x16xf32>, %input6: tensor<4x16xf32>, %input7: tensor<64x4x16xf32>, %input8: tensor<128xf32>, %input9: tensor<64x128xf32>, %input10: tensor<64xf32>, %input11: tensor<128x64xf32>, %input12: tensor<64xf32>, %input13: tensor<64xf32>, %input14: tensor<64xf32>, %input15: tensor<64xf32>, %input16: tensor<2x16x64xf32>) -> (%output0: tensor<2x16x64xf32>)"}} {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 6.400000e+01 : f32
    %cst_1 = arith.constant 9.99999997E-7 : f32
    %cst_2 = arith.constant 4.471500e-02 : f32
    %cst_3 = arith.constant 0.797884583 : f32
    %cst_4 = arith.constant 1.000000e+00 : f32
    %cst_5 = arith.constant 5.000000e-01 : f32
    %cst_6 = arith.constant 4.000000e+00 : f32
    %0 = hal.tensor.import %arg0 "input0" : !hal.buffer_view -> tensor<4x16xf32>
    %1 = iree_tensor_ext.compute_barrier.start %0 : tensor<4x16xf32> -> tensor<4x16xf32>
    %2 = hal.tensor.import %arg1 "input1" : !hal.buffer_view -> tensor<64x4x16xf32>
    %3 = hal.tensor.import %arg2 "input2" : !hal.buffer_view -> tensor<64xf32>
    %4 = iree_tensor_ext.compute_barrier.start %3 : tensor<64xf32> -> tensor<64xf32>
    %5 = hal.tensor.import %arg3 "input3" : !hal.buffer_view -> tensor<4x16x64xf32>
    %6 = hal.tensor.import %arg4 "input4" : !hal.buffer_view -> tensor<4x16xf32>
    %7 = iree_tensor_ext.compute_barrier.start %6 : tensor<4x16xf32> -> tensor<4x16xf32>
    %8 = hal.tensor.import %arg5 "input5" : !hal.buffer_view -> tensor<64x4x16xf32>
    %9 = hal.tensor.import %arg6 "input6" : !hal.buffer_view -> tensor<4x16xf32>
    %10 = iree_tensor_ext.compute_barrier.start %9 : tensor<4x16xf32> -> tensor<4x16xf32>
    %11 = hal.tensor.import %arg7 "input7" : !hal.buffer_view -> tensor<64x4x16xf32>
    %12 = hal.tensor.import %arg8 "input8" : !hal.buffer_view -> tensor<128xf32>
    %13 = iree_tensor_ext.compute_barrier.start %12 : tensor<128xf32> -> tensor<128xf32>
    %14 = hal.tensor.import %arg9 "input9" : !hal.buffer_view -> tensor<64x128xf32>
    %15 = iree_tensor_ext.compute_barrier.start %14 : tensor<64x128xf32> -> tensor<64x128xf32>
    %16 = hal.tensor.import %arg10 "input10" : !hal.buffer_view -> tensor<64xf32>
    %17 = iree_tensor_ext.compute_barrier.start %16 : tensor<64xf32> -> tensor<64xf32>
    %18 = hal.tensor.import %arg11 "input11" : !hal.buffer_view -> tensor<128x64xf32>
    %19 = iree_tensor_ext.compute_barrier.start %18 : tensor<128x64xf32> -> tensor<128x64xf32>
    %20 = hal.tensor.import %arg12 "input12" : !hal.buffer_view -> tensor<64xf32>
    %21 = iree_tensor_ext.compute_barrier.start %20 : tensor<64xf32> -> tensor<64xf32>
    %22 = hal.tensor.import %arg13 "input13" : !hal.buffer_view -> tensor<64xf32>
    %23 = iree_tensor_ext.compute_barrier.start %22 : tensor<64xf32> -> tensor<64xf32>
    %24 = hal.tensor.import %arg14 "input14" : !hal.buffer_view -> tensor<64xf32>
    %25 = iree_tensor_ext.compute_barrier.start %24 : tensor<64xf32> -> tensor<64xf32>
    %26 = hal.tensor.import %arg15 "input15" : !hal.buffer_view -> tensor<64xf32>
    %27 = iree_tensor_ext.compute_barrier.start %26 : tensor<64xf32> -> tensor<64xf32>
    %28 = hal.tensor.import %arg16 "input16" : !hal.buffer_view -> tensor<2x16x64xf32>
    %29 = iree_tensor_ext.compute_barrier.start %28 : tensor<2x16x64xf32> -> tensor<2x16x64xf32>
    %collapsed = tensor.collapse_shape %28 [[0, 1], [2]] : tensor<2x16x64xf32> into tensor<32x64xf32>
    %30 = iree_tensor_ext.compute_barrier.start %collapsed : tensor<32x64xf32> -> tensor<32x64xf32>
    %collapsed_7 = tensor.collapse_shape %8 [[0], [1, 2]] : tensor<64x4x16xf32> into tensor<64x64xf32>
    %31 = iree_tensor_ext.compute_barrier.start %collapsed_7 : tensor<64x64xf32> -> tensor<64x64xf32>
    %32 = tensor.empty() : tensor<32x64xf32>
    %33 = linalg.fill ins(%cst : f32) outs(%32 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %34 = flow.dispatch.region -> (tensor<32x64xf32>) {
      %110 = linalg.matmul ins(%30, %31 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%33 : tensor<32x64xf32>) -> tensor<32x64xf32>
      flow.return %110 : tensor<32x64xf32>
    }
    %expanded = tensor.expand_shape %34 [[0, 1], [2, 3]] output_shape [2, 16, 4, 16] : tensor<32x64xf32> into tensor<2x16x4x16xf32>
    %35 = tensor.empty() : tensor<2x16x4x16xf32>
    %36 = flow.dispatch.region -> (tensor<2x16x4x16xf32>) {
      %110 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%7 : tensor<4x16xf32>) outs(%35 : tensor<2x16x4x16xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<2x16x4x16xf32>
      flow.return %110 : tensor<2x16x4x16xf32>
    }
    %37 = flow.dispatch.region -> (tensor<2x16x4x16xf32>) {
      %110 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded, %36 : tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) outs(%35 : tensor<2x16x4x16xf32>) {
      ^bb0(%in: f32, %in_25: f32, %out: f32):
        %111 = arith.addf %in, %in_25 : f32
        linalg.yield %111 : f32
      } -> tensor<2x16x4x16xf32>
      flow.return %110 : tensor<2x16x4x16xf32>
    }
    %collapsed_8 = tensor.collapse_shape %2 [[0], [1, 2]] : tensor<64x4x16xf32> into tensor<64x64xf32>
    %38 = iree_tensor_ext.compute_barrier.start %collapsed_8 : tensor<64x64xf32> -> tensor<64x64xf32>
    %39 = flow.dispatch.region -> (tensor<32x64xf32>) {
      %110 = linalg.matmul ins(%30, %38 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%33 : tensor<32x64xf32>) -> tensor<32x64xf32>
      flow.return %110 : tensor<32x64xf32>
    }
    %expanded_9 = tensor.expand_shape %39 [[0, 1], [2, 3]] output_shape [2, 16, 4, 16] : tensor<32x64xf32> into tensor<2x16x4x16xf32>
    %40 = flow.dispatch.region -> (tensor<2x16x4x16xf32>) {
      %110 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%1 : tensor<4x16xf32>) outs(%35 : tensor<2x16x4x16xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<2x16x4x16xf32>
      flow.return %110 : tensor<2x16x4x16xf32>
    }
    %collapsed_10 = tensor.collapse_shape %11 [[0], [1, 2]] : tensor<64x4x16xf32> into tensor<64x64xf32>
    %41 = iree_tensor_ext.compute_barrier.start %collapsed_10 : tensor<64x64xf32> -> tensor<64x64xf32>
    %42 = flow.dispatch.region -> (tensor<32x64xf32>) {
      %110 = linalg.matmul ins(%30, %41 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%33 : tensor<32x64xf32>) -> tensor<32x64xf32>
      flow.return %110 : tensor<32x64xf32>
    }
    %expanded_11 = tensor.expand_shape %42 [[0, 1], [2, 3]] output_shape [2, 16, 4, 16] : tensor<32x64xf32> into tensor<2x16x4x16xf32>
    %43 = flow.dispatch.region -> (tensor<2x16x4x16xf32>) {
      %110 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%10 : tensor<4x16xf32>) outs(%35 : tensor<2x16x4x16xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<2x16x4x16xf32>
      flow.return %110 : tensor<2x16x4x16xf32>
    }
    %44 = tensor.empty() : tensor<f32>
    %45 = linalg.fill ins(%cst_6 : f32) outs(%44 : tensor<f32>) -> tensor<f32>
    %46 = flow.dispatch.region -> (tensor<2x16x4x16xf32>) {
      %110 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%45 : tensor<f32>) outs(%35 : tensor<2x16x4x16xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<2x16x4x16xf32>
      flow.return %110 : tensor<2x16x4x16xf32>
    }
    %47 = tensor.empty() : tensor<2x4x16x16xf32>
    %48 = flow.dispatch.region -> (tensor<2x4x16x16xf32>) {
      %110 = linalg.generic {indexing_maps = [#map3, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%37, %46 : tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) outs(%47 : tensor<2x4x16x16xf32>) {
      ^bb0(%in: f32, %in_25: f32, %out: f32):
        %111 = arith.divf %in, %in_25 : f32
        linalg.yield %111 : f32
      } -> tensor<2x4x16x16xf32>
      flow.return %110 : tensor<2x4x16x16xf32>
    }
    %49 = flow.dispatch.region -> (tensor<2x4x16x16xf32>) {
      %110 = linalg.generic {indexing_maps = [#map4, #map4, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_9, %40 : tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) outs(%47 : tensor<2x4x16x16xf32>) {
      ^bb0(%in: f32, %in_25: f32, %out: f32):
        %111 = arith.addf %in, %in_25 : f32
        linalg.yield %111 : f32
      } -> tensor<2x4x16x16xf32>
      flow.return %110 : tensor<2x4x16x16xf32>
    }
    %collapsed_12 = tensor.collapse_shape %48 [[0, 1], [2], [3]] : tensor<2x4x16x16xf32> into tensor<8x16x16xf32>
    %collapsed_13 = tensor.collapse_shape %49 [[0, 1], [2], [3]] : tensor<2x4x16x16xf32> into tensor<8x16x16xf32>
    %50 = tensor.empty() : tensor<8x16x16xf32>
    %51 = linalg.fill ins(%cst : f32) outs(%50 : tensor<8x16x16xf32>) -> tensor<8x16x16xf32>
    %52 = flow.dispatch.region -> (tensor<8x16x16xf32>) {
      %110 = linalg.batch_matmul ins(%collapsed_12, %collapsed_13 : tensor<8x16x16xf32>, tensor<8x16x16xf32>) outs(%51 : tensor<8x16x16xf32>) -> tensor<8x16x16xf32>
      flow.return %110 : tensor<8x16x16xf32>
    }
    %expanded_14 = tensor.expand_shape %52 [[0, 1], [2], [3]] output_shape [2, 4, 16, 16] : tensor<8x16x16xf32> into tensor<2x4x16x16xf32>
    %53 = flow.dispatch.region -> (tensor<2x4x16x16xf32>) {
      %110 = linalg.softmax dimension(3) ins(%expanded_14 : tensor<2x4x16x16xf32>) outs(%47 : tensor<2x4x16x16xf32>) -> tensor<2x4x16x16xf32>
      %111 = linalg.generic {indexing_maps = [#map5, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%110 : tensor<2x4x16x16xf32>) outs(%47 : tensor<2x4x16x16xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<2x4x16x16xf32>
      flow.return %111 : tensor<2x4x16x16xf32>
    }
    %54 = flow.dispatch.region -> (tensor<2x4x16x16xf32>) {
      %110 = linalg.generic {indexing_maps = [#map4, #map4, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_11, %43 : tensor<2x16x4x16xf32>, tensor<2x16x4x16xf32>) outs(%47 : tensor<2x4x16x16xf32>) {
      ^bb0(%in: f32, %in_25: f32, %out: f32):
        %111 = arith.addf %in, %in_25 : f32
        linalg.yield %111 : f32
      } -> tensor<2x4x16x16xf32>
      flow.return %110 : tensor<2x4x16x16xf32>
    }
    %collapsed_15 = tensor.collapse_shape %54 [[0, 1], [2], [3]] : tensor<2x4x16x16xf32> into tensor<8x16x16xf32>
    %collapsed_16 = tensor.collapse_shape %53 [[0, 1], [2], [3]] : tensor<2x4x16x16xf32> into tensor<8x16x16xf32>
    %55 = flow.dispatch.region -> (tensor<8x16x16xf32>) {
      %110 = linalg.batch_matmul ins(%collapsed_15, %collapsed_16 : tensor<8x16x16xf32>, tensor<8x16x16xf32>) outs(%51 : tensor<8x16x16xf32>) -> tensor<8x16x16xf32>
      flow.return %110 : tensor<8x16x16xf32>
    }
    %expanded_17 = tensor.expand_shape %55 [[0, 1], [2], [3]] output_shape [2, 4, 16, 16] : tensor<8x16x16xf32> into tensor<2x4x16x16xf32>
    %56 = flow.dispatch.region -> (tensor<2x16x4x16xf32>) {
      %110 = linalg.generic {indexing_maps = [#map6, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_17 : tensor<2x4x16x16xf32>) outs(%35 : tensor<2x16x4x16xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<2x16x4x16xf32>
      flow.return %110 : tensor<2x16x4x16xf32>
    }
    %collapsed_18 = tensor.collapse_shape %56 [[0, 1], [2, 3]] : tensor<2x16x4x16xf32> into tensor<32x64xf32>
    %collapsed_19 = tensor.collapse_shape %5 [[0, 1], [2]] : tensor<4x16x64xf32> into tensor<64x64xf32>
    %57 = iree_tensor_ext.compute_barrier.start %collapsed_19 : tensor<64x64xf32> -> tensor<64x64xf32>
    %58 = flow.dispatch.region -> (tensor<32x64xf32>) {
      %110 = linalg.matmul ins(%collapsed_18, %57 : tensor<32x64xf32>, tensor<64x64xf32>) outs(%33 : tensor<32x64xf32>) -> tensor<32x64xf32>
      flow.return %110 : tensor<32x64xf32>
    }
    %expanded_20 = tensor.expand_shape %58 [[0, 1], [2]] output_shape [2, 16, 64] : tensor<32x64xf32> into tensor<2x16x64xf32>
    %59 = tensor.empty() : tensor<2x16x64xf32>
    %60 = flow.dispatch.region -> (tensor<2x16x64xf32>) {
      %110 = linalg.generic {indexing_maps = [#map7, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%4 : tensor<64xf32>) outs(%59 : tensor<2x16x64xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<2x16x64xf32>
      flow.return %110 : tensor<2x16x64xf32>
    }
    %61 = flow.dispatch.region -> (tensor<2x16x64xf32>) {
      %110 = linalg.generic {indexing_maps = [#map8, #map8, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_20, %60 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%59 : tensor<2x16x64xf32>) {
      ^bb0(%in: f32, %in_25: f32, %out: f32):
        %111 = arith.addf %in, %in_25 : f32
        linalg.yield %111 : f32
      } -> tensor<2x16x64xf32>
      flow.return %110 : tensor<2x16x64xf32>
    }
    %62 = flow.dispatch.region -> (tensor<2x16x64xf32>) {
      %110 = linalg.generic {indexing_maps = [#map8, #map8, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%29, %61 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%59 : tensor<2x16x64xf32>) {
      ^bb0(%in: f32, %in_25: f32, %out: f32):
        %111 = arith.addf %in, %in_25 : f32
        linalg.yield %111 : f32
      } -> tensor<2x16x64xf32>
      flow.return %110 : tensor<2x16x64xf32>
    }
    %63 = flow.dispatch.region -> (tensor<2x16x64xf32>) {
      %110 = linalg.generic {indexing_maps = [#map8, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%62 : tensor<2x16x64xf32>) outs(%59 : tensor<2x16x64xf32>) {
      ^bb0(%in: f32, %out: f32):
        %111 = arith.mulf %in, %in : f32
        linalg.yield %111 : f32
      } -> tensor<2x16x64xf32>
      flow.return %110 : tensor<2x16x64xf32>
    }
    %64 = tensor.empty() : tensor<2x16xf32>
    %65 = linalg.fill ins(%cst : f32) outs(%64 : tensor<2x16xf32>) -> tensor<2x16xf32>
    %66 = flow.dispatch.region -> (tensor<2x16xf32>) {
      %110 = linalg.generic {indexing_maps = [#map8, #map9], iterator_types = ["parallel", "parallel", "reduction"]} ins(%62 : tensor<2x16x64xf32>) outs(%65 : tensor<2x16xf32>) {
      ^bb0(%in: f32, %out: f32):
        %112 = arith.addf %out, %in : f32
        linalg.yield %112 : f32
      } -> tensor<2x16xf32>
      %111 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%110 : tensor<2x16xf32>) outs(%64 : tensor<2x16xf32>) {
      ^bb0(%in: f32, %out: f32):
        %112 = arith.divf %in, %cst_0 : f32
        linalg.yield %112 : f32
      } -> tensor<2x16xf32>
      flow.return %111 : tensor<2x16xf32>
    }
    %67 = flow.dispatch.region -> (tensor<2x16xf32>) {
      %110 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%66 : tensor<2x16xf32>) outs(%64 : tensor<2x16xf32>) {
      ^bb0(%in: f32, %out: f32):
        %111 = arith.mulf %in, %in : f32
        linalg.yield %111 : f32
      } -> tensor<2x16xf32>
      flow.return %110 : tensor<2x16xf32>
    }
    %68 = flow.dispatch.region -> (tensor<2x16xf32>) {
      %110 = linalg.generic {indexing_maps = [#map8, #map9], iterator_types = ["parallel", "parallel", "reduction"]} ins(%63 : tensor<2x16x64xf32>) outs(%65 : tensor<2x16xf32>) {
      ^bb0(%in: f32, %out: f32):
        %116 = arith.addf %out, %in : f32
        linalg.yield %116 : f32
      } -> tensor<2x16xf32>
      %111 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%110 : tensor<2x16xf32>) outs(%64 : tensor<2x16xf32>) {
      ^bb0(%in: f32, %out: f32):
        %116 = arith.divf %in, %cst_0 : f32
        linalg.yield %116 : f32
      } -> tensor<2x16xf32>
      %112 = linalg.generic {indexing_maps = [#map10, #map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%111, %67 : tensor<2x16xf32>, tensor<2x16xf32>) outs(%64 : tensor<2x16xf32>) {
      ^bb0(%in: f32, %in_25: f32, %out: f32):
        %116 = arith.subf %in, %in_25 : f32
        linalg.yield %116 : f32
      } -> tensor<2x16xf32>
      %113 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%112 : tensor<2x16xf32>) outs(%64 : tensor<2x16xf32>) {
      ^bb0(%in: f32, %out: f32):
        %116 = arith.maximumf %in, %cst : f32
        linalg.yield %116 : f32
      } -> tensor<2x16xf32>
      %114 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%113 : tensor<2x16xf32>) outs(%64 : tensor<2x16xf32>) {
      ^bb0(%in: f32, %out: f32):
        %116 = arith.addf %in, %cst_1 : f32
        linalg.yield %116 : f32
      } -> tensor<2x16xf32>
      %115 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%114 : tensor<2x16xf32>) outs(%64 : tensor<2x16xf32>) {
      ^bb0(%in: f32, %out: f32):
        %116 = math.rsqrt %in : f32
        linalg.yield %116 : f32
      } -> tensor<2x16xf32>
      flow.return %115 : tensor<2x16xf32>
    }
    %69 = flow.dispatch.region -> (tensor<2x16x64xf32>) {
      %110 = linalg.generic {indexing_maps = [#map9, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%66 : tensor<2x16xf32>) outs(%59 : tensor<2x16x64xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<2x16x64xf32>
      flow.return %110 : tensor<2x16x64xf32>
    }
    %70 = flow.dispatch.region -> (tensor<2x16x64xf32>) {
      %110 = linalg.generic {indexing_maps = [#map8, #map8, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%62, %69 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%59 : tensor<2x16x64xf32>) {
      ^bb0(%in: f32, %in_25: f32, %out: f32):
        %111 = arith.subf %in, %in_25 : f32
        linalg.yield %111 : f32
      } -> tensor<2x16x64xf32>
      flow.return %110 : tensor<2x16x64xf32>
    }
    %71 = flow.dispatch.region -> (tensor<2x16x64xf32>) {
      %110 = linalg.generic {indexing_maps = [#map9, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%68 : tensor<2x16xf32>) outs(%59 : tensor<2x16x64xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<2x16x64xf32>
      flow.return %110 : tensor<2x16x64xf32>
    }
    %72 = flow.dispatch.region -> (tensor<2x16x64xf32>) {
      %110 = linalg.generic {indexing_maps = [#map7, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%23 : tensor<64xf32>) outs(%59 : tensor<2x16x64xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<2x16x64xf32>
      flow.return %110 : tensor<2x16x64xf32>
    }
    %73 = flow.dispatch.region -> (tensor<2x16x64xf32>) {
      %110 = linalg.generic {indexing_maps = [#map8, #map8, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%71, %72 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%59 : tensor<2x16x64xf32>) {
      ^bb0(%in: f32, %in_25: f32, %out: f32):
        %111 = arith.mulf %in, %in_25 : f32
        linalg.yield %111 : f32
      } -> tensor<2x16x64xf32>
      flow.return %110 : tensor<2x16x64xf32>
    }
    %74 = flow.dispatch.region -> (tensor<2x16x64xf32>) {
      %110 = linalg.generic {indexing_maps = [#map8, #map8, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%70, %73 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%59 : tensor<2x16x64xf32>) {
      ^bb0(%in: f32, %in_25: f32, %out: f32):
        %111 = arith.mulf %in, %in_25 : f32
        linalg.yield %111 : f32
      } -> tensor<2x16x64xf32>
      flow.return %110 : tensor<2x16x64xf32>
    }
    %75 = flow.dispatch.region -> (tensor<2x16x64xf32>) {
      %110 = linalg.generic {indexing_maps = [#map7, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%21 : tensor<64xf32>) outs(%59 : tensor<2x16x64xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<2x16x64xf32>
      flow.return %110 : tensor<2x16x64xf32>
    }
    %76 = flow.dispatch.region -> (tensor<2x16x64xf32>) {
      %110 = linalg.generic {indexing_maps = [#map8, #map8, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%74, %75 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%59 : tensor<2x16x64xf32>) {
      ^bb0(%in: f32, %in_25: f32, %out: f32):
        %111 = arith.addf %in, %in_25 : f32
        linalg.yield %111 : f32
      } -> tensor<2x16x64xf32>
      flow.return %110 : tensor<2x16x64xf32>
    }
    %collapsed_21 = tensor.collapse_shape %76 [[0, 1], [2]] : tensor<2x16x64xf32> into tensor<32x64xf32>
    %77 = tensor.empty() : tensor<32x128xf32>
    %78 = linalg.fill ins(%cst : f32) outs(%77 : tensor<32x128xf32>) -> tensor<32x128xf32>
    %79 = flow.dispatch.region -> (tensor<32x128xf32>) {
      %110 = linalg.matmul ins(%collapsed_21, %15 : tensor<32x64xf32>, tensor<64x128xf32>) outs(%78 : tensor<32x128xf32>) -> tensor<32x128xf32>
      flow.return %110 : tensor<32x128xf32>
    }
    %expanded_22 = tensor.expand_shape %79 [[0, 1], [2]] output_shape [2, 16, 128] : tensor<32x128xf32> into tensor<2x16x128xf32>
    %80 = tensor.empty() : tensor<2x16x128xf32>
    %81 = flow.dispatch.region -> (tensor<2x16x128xf32>) {
      %110 = linalg.generic {indexing_maps = [#map7, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%13 : tensor<128xf32>) outs(%80 : tensor<2x16x128xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<2x16x128xf32>
      flow.return %110 : tensor<2x16x128xf32>
    }
    %82 = flow.dispatch.region -> (tensor<2x16x128xf32>) {
      %110 = linalg.generic {indexing_maps = [#map8, #map8, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_22, %81 : tensor<2x16x128xf32>, tensor<2x16x128xf32>) outs(%80 : tensor<2x16x128xf32>) {
      ^bb0(%in: f32, %in_25: f32, %out: f32):
        %111 = arith.addf %in, %in_25 : f32
        linalg.yield %111 : f32
      } -> tensor<2x16x128xf32>
      flow.return %110 : tensor<2x16x128xf32>
    }
    %83 = flow.dispatch.region -> (tensor<2x16x128xf32>) {
      %110 = linalg.generic {indexing_maps = [#map8, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%82 : tensor<2x16x128xf32>) outs(%80 : tensor<2x16x128xf32>) {
      ^bb0(%in: f32, %out: f32):
        %111 = arith.mulf %in, %in : f32
        linalg.yield %111 : f32
      } -> tensor<2x16x128xf32>
      flow.return %110 : tensor<2x16x128xf32>
    }
    %84 = flow.dispatch.region -> (tensor<2x16x128xf32>) {
      %110 = linalg.generic {indexing_maps = [#map8, #map8, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%83, %82 : tensor<2x16x128xf32>, tensor<2x16x128xf32>) outs(%80 : tensor<2x16x128xf32>) {
      ^bb0(%in: f32, %in_25: f32, %out: f32):
        %111 = arith.mulf %in, %in_25 : f32
        linalg.yield %111 : f32
      } -> tensor<2x16x128xf32>
      flow.return %110 : tensor<2x16x128xf32>
    }
    %85 = flow.dispatch.region -> (tensor<2x16x128xf32>) {
      %110 = linalg.generic {indexing_maps = [#map8, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%84 : tensor<2x16x128xf32>) outs(%80 : tensor<2x16x128xf32>) {
      ^bb0(%in: f32, %out: f32):
        %111 = arith.mulf %in, %cst_2 : f32
        linalg.yield %111 : f32
      } -> tensor<2x16x128xf32>
      flow.return %110 : tensor<2x16x128xf32>
    }
    %86 = flow.dispatch.region -> (tensor<2x16x128xf32>) {
      %110 = linalg.generic {indexing_maps = [#map8, #map8, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%82, %85 : tensor<2x16x128xf32>, tensor<2x16x128xf32>) outs(%80 : tensor<2x16x128xf32>) {
      ^bb0(%in: f32, %in_25: f32, %out: f32):
        %111 = arith.addf %in, %in_25 : f32
        linalg.yield %111 : f32
      } -> tensor<2x16x128xf32>
      flow.return %110 : tensor<2x16x128xf32>
    }
    %87 = flow.dispatch.region -> (tensor<2x16x128xf32>) {
      %110 = linalg.generic {indexing_maps = [#map8, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%86 : tensor<2x16x128xf32>) outs(%80 : tensor<2x16x128xf32>) {
      ^bb0(%in: f32, %out: f32):
        %111 = arith.mulf %in, %cst_3 : f32
        linalg.yield %111 : f32
      } -> tensor<2x16x128xf32>
      flow.return %110 : tensor<2x16x128xf32>
    }
    %88 = flow.dispatch.region -> (tensor<2x16x128xf32>) {
      %110 = linalg.generic {indexing_maps = [#map8, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%87 : tensor<2x16x128xf32>) outs(%80 : tensor<2x16x128xf32>) {
      ^bb0(%in: f32, %out: f32):
        %111 = math.tanh %in : f32
        linalg.yield %111 : f32
      } -> tensor<2x16x128xf32>
      flow.return %110 : tensor<2x16x128xf32>
    }
    %89 = flow.dispatch.region -> (tensor<2x16x128xf32>) {
      %110 = linalg.generic {indexing_maps = [#map8, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%88 : tensor<2x16x128xf32>) outs(%80 : tensor<2x16x128xf32>) {
      ^bb0(%in: f32, %out: f32):
        %111 = arith.addf %in, %cst_4 : f32
        linalg.yield %111 : f32
      } -> tensor<2x16x128xf32>
      flow.return %110 : tensor<2x16x128xf32>
    }
    %90 = flow.dispatch.region -> (tensor<2x16x128xf32>) {
      %110 = linalg.generic {indexing_maps = [#map8, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%89 : tensor<2x16x128xf32>) outs(%80 : tensor<2x16x128xf32>) {
      ^bb0(%in: f32, %out: f32):
        %111 = arith.mulf %in, %cst_5 : f32
        linalg.yield %111 : f32
      } -> tensor<2x16x128xf32>
      flow.return %110 : tensor<2x16x128xf32>
    }
    %91 = flow.dispatch.region -> (tensor<2x16x128xf32>) {
      %110 = linalg.generic {indexing_maps = [#map8, #map8, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%82, %90 : tensor<2x16x128xf32>, tensor<2x16x128xf32>) outs(%80 : tensor<2x16x128xf32>) {
      ^bb0(%in: f32, %in_25: f32, %out: f32):
        %111 = arith.mulf %in, %in_25 : f32
        linalg.yield %111 : f32
      } -> tensor<2x16x128xf32>
      flow.return %110 : tensor<2x16x128xf32>
    }
    %collapsed_23 = tensor.collapse_shape %91 [[0, 1], [2]] : tensor<2x16x128xf32> into tensor<32x128xf32>
    %92 = flow.dispatch.region -> (tensor<32x64xf32>) {
      %110 = linalg.matmul ins(%collapsed_23, %19 : tensor<32x128xf32>, tensor<128x64xf32>) outs(%33 : tensor<32x64xf32>) -> tensor<32x64xf32>
      flow.return %110 : tensor<32x64xf32>
    }
    %expanded_24 = tensor.expand_shape %92 [[0, 1], [2]] output_shape [2, 16, 64] : tensor<32x64xf32> into tensor<2x16x64xf32>
    %93 = flow.dispatch.region -> (tensor<2x16x64xf32>) {
      %110 = linalg.generic {indexing_maps = [#map7, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%17 : tensor<64xf32>) outs(%59 : tensor<2x16x64xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<2x16x64xf32>
      flow.return %110 : tensor<2x16x64xf32>
    }
    %94 = flow.dispatch.region -> (tensor<2x16x64xf32>) {
      %110 = linalg.generic {indexing_maps = [#map8, #map8, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_24, %93 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%59 : tensor<2x16x64xf32>) {
      ^bb0(%in: f32, %in_25: f32, %out: f32):
        %111 = arith.addf %in, %in_25 : f32
        linalg.yield %111 : f32
      } -> tensor<2x16x64xf32>
      flow.return %110 : tensor<2x16x64xf32>
    }
    %95 = flow.dispatch.region -> (tensor<2x16x64xf32>) {
      %110 = linalg.generic {indexing_maps = [#map8, #map8, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%76, %94 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%59 : tensor<2x16x64xf32>) {
      ^bb0(%in: f32, %in_25: f32, %out: f32):
        %111 = arith.addf %in, %in_25 : f32
        linalg.yield %111 : f32
      } -> tensor<2x16x64xf32>
      flow.return %110 : tensor<2x16x64xf32>
    }
    %96 = flow.dispatch.region -> (tensor<2x16x64xf32>) {
      %110 = linalg.generic {indexing_maps = [#map8, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%95 : tensor<2x16x64xf32>) outs(%59 : tensor<2x16x64xf32>) {
      ^bb0(%in: f32, %out: f32):
        %111 = arith.mulf %in, %in : f32
        linalg.yield %111 : f32
      } -> tensor<2x16x64xf32>
      flow.return %110 : tensor<2x16x64xf32>
    }
    %97 = flow.dispatch.region -> (tensor<2x16xf32>) {
      %110 = linalg.generic {indexing_maps = [#map8, #map9], iterator_types = ["parallel", "parallel", "reduction"]} ins(%95 : tensor<2x16x64xf32>) outs(%65 : tensor<2x16xf32>) {
      ^bb0(%in: f32, %out: f32):
        %112 = arith.addf %out, %in : f32
        linalg.yield %112 : f32
      } -> tensor<2x16xf32>
      %111 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%110 : tensor<2x16xf32>) outs(%64 : tensor<2x16xf32>) {
      ^bb0(%in: f32, %out: f32):
        %112 = arith.divf %in, %cst_0 : f32
        linalg.yield %112 : f32
      } -> tensor<2x16xf32>
      flow.return %111 : tensor<2x16xf32>
    }
    %98 = flow.dispatch.region -> (tensor<2x16xf32>) {
      %110 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%97 : tensor<2x16xf32>) outs(%64 : tensor<2x16xf32>) {
      ^bb0(%in: f32, %out: f32):
        %111 = arith.mulf %in, %in : f32
        linalg.yield %111 : f32
      } -> tensor<2x16xf32>
      flow.return %110 : tensor<2x16xf32>
    }
    %99 = flow.dispatch.region -> (tensor<2x16xf32>) {
      %110 = linalg.generic {indexing_maps = [#map8, #map9], iterator_types = ["parallel", "parallel", "reduction"]} ins(%96 : tensor<2x16x64xf32>) outs(%65 : tensor<2x16xf32>) {
      ^bb0(%in: f32, %out: f32):
        %116 = arith.addf %out, %in : f32
        linalg.yield %116 : f32
      } -> tensor<2x16xf32>
      %111 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%110 : tensor<2x16xf32>) outs(%64 : tensor<2x16xf32>) {
      ^bb0(%in: f32, %out: f32):
        %116 = arith.divf %in, %cst_0 : f32
        linalg.yield %116 : f32
      } -> tensor<2x16xf32>
      %112 = linalg.generic {indexing_maps = [#map10, #map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%111, %98 : tensor<2x16xf32>, tensor<2x16xf32>) outs(%64 : tensor<2x16xf32>) {
      ^bb0(%in: f32, %in_25: f32, %out: f32):
        %116 = arith.subf %in, %in_25 : f32
        linalg.yield %116 : f32
      } -> tensor<2x16xf32>
      %113 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%112 : tensor<2x16xf32>) outs(%64 : tensor<2x16xf32>) {
      ^bb0(%in: f32, %out: f32):
        %116 = arith.maximumf %in, %cst : f32
        linalg.yield %116 : f32
      } -> tensor<2x16xf32>
      %114 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%113 : tensor<2x16xf32>) outs(%64 : tensor<2x16xf32>) {
      ^bb0(%in: f32, %out: f32):
        %116 = arith.addf %in, %cst_1 : f32
        linalg.yield %116 : f32
      } -> tensor<2x16xf32>
      %115 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%114 : tensor<2x16xf32>) outs(%64 : tensor<2x16xf32>) {
      ^bb0(%in: f32, %out: f32):
        %116 = math.rsqrt %in : f32
        linalg.yield %116 : f32
      } -> tensor<2x16xf32>
      flow.return %115 : tensor<2x16xf32>
    }
    %100 = flow.dispatch.region -> (tensor<2x16x64xf32>) {
      %110 = linalg.generic {indexing_maps = [#map9, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%97 : tensor<2x16xf32>) outs(%59 : tensor<2x16x64xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<2x16x64xf32>
      flow.return %110 : tensor<2x16x64xf32>
    }
    %101 = flow.dispatch.region -> (tensor<2x16x64xf32>) {
      %110 = linalg.generic {indexing_maps = [#map8, #map8, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%95, %100 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%59 : tensor<2x16x64xf32>) {
      ^bb0(%in: f32, %in_25: f32, %out: f32):
        %111 = arith.subf %in, %in_25 : f32
        linalg.yield %111 : f32
      } -> tensor<2x16x64xf32>
      flow.return %110 : tensor<2x16x64xf32>
    }
    %102 = flow.dispatch.region -> (tensor<2x16x64xf32>) {
      %110 = linalg.generic {indexing_maps = [#map9, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%99 : tensor<2x16xf32>) outs(%59 : tensor<2x16x64xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<2x16x64xf32>
      flow.return %110 : tensor<2x16x64xf32>
    }
    %103 = flow.dispatch.region -> (tensor<2x16x64xf32>) {
      %110 = linalg.generic {indexing_maps = [#map7, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%27 : tensor<64xf32>) outs(%59 : tensor<2x16x64xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<2x16x64xf32>
      flow.return %110 : tensor<2x16x64xf32>
    }
    %104 = flow.dispatch.region -> (tensor<2x16x64xf32>) {
      %110 = linalg.generic {indexing_maps = [#map8, #map8, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%102, %103 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%59 : tensor<2x16x64xf32>) {
      ^bb0(%in: f32, %in_25: f32, %out: f32):
        %111 = arith.mulf %in, %in_25 : f32
        linalg.yield %111 : f32
      } -> tensor<2x16x64xf32>
      flow.return %110 : tensor<2x16x64xf32>
    }
    %105 = flow.dispatch.region -> (tensor<2x16x64xf32>) {
      %110 = linalg.generic {indexing_maps = [#map8, #map8, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%101, %104 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%59 : tensor<2x16x64xf32>) {
      ^bb0(%in: f32, %in_25: f32, %out: f32):
        %111 = arith.mulf %in, %in_25 : f32
        linalg.yield %111 : f32
      } -> tensor<2x16x64xf32>
      flow.return %110 : tensor<2x16x64xf32>
    }
    %106 = flow.dispatch.region -> (tensor<2x16x64xf32>) {
      %110 = linalg.generic {indexing_maps = [#map7, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%25 : tensor<64xf32>) outs(%59 : tensor<2x16x64xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<2x16x64xf32>
      flow.return %110 : tensor<2x16x64xf32>
    }
    %107 = flow.dispatch.region -> (tensor<2x16x64xf32>) {
      %110 = linalg.generic {indexing_maps = [#map8, #map8, #map8], iterator_types = ["parallel", "parallel", "parallel"]} ins(%105, %106 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%59 : tensor<2x16x64xf32>) {
      ^bb0(%in: f32, %in_25: f32, %out: f32):
        %111 = arith.addf %in, %in_25 : f32
        linalg.yield %111 : f32
      } -> tensor<2x16x64xf32>
      flow.return %110 : tensor<2x16x64xf32>
    }
    %108 = iree_tensor_ext.compute_barrier.end %107 : tensor<2x16x64xf32> -> tensor<2x16x64xf32>
    %109 = hal.tensor.export %108 "output0" : tensor<2x16x64xf32> -> !hal.buffer_view
    util.return %109 : !hal.buffer_view
  }
}

