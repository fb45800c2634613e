#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0) -> (d0)>
#map2 = affine_map<(d0, d1) -> (d1)>
#map3 = affine_map<(d0, d1) -> (d0)>
#map4 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map5 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map6 = affine_map<(d0, d1, d2) -> (d0, d2)>
#map7 = affine_map<(d0, d1, d2) -> (d2, d0, d1)>
#map8 = affine_map<(d0, d1, d2) -> (d1, d0, d2)>
#map9 = affine_map<(d0, d1, d2) -> (d0, d2, d1)>
module @jit_moe {
  util.func public @main(%arg0: !hal.buffer_view, %arg1: !hal.buffer_view, %arg2: !hal.buffer_view, %arg3: !hal.buffer_view, %arg4: !hal.buffer_view, %arg5: !hal.buffer_view) -> !hal.buffer_view attributes {iree.abi.stub, iree.reflection = {iree.abi.declaration = "sync func @main(%input0: tensor<2x8x64xf32>, %input1: tensor<64x4xf32>, %input2: tensor<4x64x128xf32>, %input3: tensor<4x128xf32>, %input4: tensor<4x128x64xf32>, %input5: tensor<4x64xf32>) -> (%output0: tensor<2x8x64xf32>)"}} {
    %cst = arith.constant dense<"0x0000803F0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F000000000000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000000000000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F00000000000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F000000000000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000000000000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F00000000000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F000000000000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000000000000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F00000000000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F000000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F"> : tensor<16x16xf32>
    %cst_0 = arith.constant 0.000000e+00 : f32
    %cst_1 = arith.constant 0xFF800000 : f32
    %c0_i32 = arith.constant 0 : i32
    %cst_2 = arith.constant 1.000000e+00 : f32
    %0 = hal.tensor.import %arg0 "input0" : !hal.buffer_view -> tensor<2x8x64xf32>
    %1 = hal.tensor.import %arg1 "input1" : !hal.buffer_view -> tensor<64x4xf32>
    %2 = iree_tensor_ext.compute_barrier.start %1 : tensor<64x4xf32> -> tensor<64x4xf32>
    %3 = hal.tensor.import %arg2 "input2" : !hal.buffer_view -> tensor<4x64x128xf32>
    %4 = iree_tensor_ext.compute_barrier.start %3 : tensor<4x64x128xf32> -> tensor<4x64x128xf32>
    %5 = hal.tensor.import %arg3 "input3" : !hal.buffer_view -> tensor<4x128xf32>
    %6 = iree_tensor_ext.compute_barrier.start %5 : tensor<4x128xf32> -> tensor<4x128xf32>
    %7 = hal.tensor.import %arg4 "input4" : !hal.buffer_view -> tensor<4x128x64xf32>
    %8 = iree_tensor_ext.compute_barrier.start %7 : tensor<4x128x64xf32> -> tensor<4x128x64xf32>
    %9 = hal.tensor.import %arg5 "input5" : !hal.buffer_view -> tensor<4x64xf32>
    %10 = iree_tensor_ext.compute_barrier.start %9 : tensor<4x64xf32> -> tensor<4x64xf32>
    %collapsed = tensor.collapse_shape %0 [[0, 1], [2]] : tensor<2x8x64xf32> into tensor<16x64xf32>
    %11 = iree_tensor_ext.compute_barrier.start %collapsed : tensor<16x64xf32> -> tensor<16x64xf32>
    %12 = tensor.empty() : tensor<16x4xf32>
    %13 = linalg.fill ins(%cst_0 : f32) outs(%12 : tensor<16x4xf32>) -> tensor<16x4xf32>
    %14 = flow.dispatch.region -> (tensor<16x4xf32>) {
      %67 = linalg.matmul ins(%11, %2 : tensor<16x64xf32>, tensor<64x4xf32>) outs(%13 : tensor<16x4xf32>) -> tensor<16x4xf32>
      flow.return %67 : tensor<16x4xf32>
    }
    %15 = tensor.empty() : tensor<16xf32>
    %16 = linalg.fill ins(%cst_1 : f32) outs(%15 : tensor<16xf32>) -> tensor<16xf32>
    %17 = linalg.fill ins(%cst_0 : f32) outs(%15 : tensor<16xf32>) -> tensor<16xf32>
    %18 = flow.dispatch.region -> (tensor<16x4xf32>) {
      %67 = linalg.softmax dimension(1) ins(%14 : tensor<16x4xf32>) outs(%12 : tensor<16x4xf32>) -> tensor<16x4xf32>
      flow.return %67 : tensor<16x4xf32>
    }
    %19 = tensor.empty() : tensor<16x4xi32>
    %20 = flow.dispatch.region -> (tensor<16x4xi32>) {
      %67 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%19 : tensor<16x4xi32>) {
      ^bb0(%out: i32):
        %68 = linalg.index 1 : index
        %69 = arith.index_cast %68 : index to i32
        linalg.yield %69 : i32
      } -> tensor<16x4xi32>
      flow.return %67 : tensor<16x4xi32>
    }
    %21 = tensor.empty() : tensor<16xi32>
    %22 = linalg.fill ins(%c0_i32 : i32) outs(%21 : tensor<16xi32>) -> tensor<16xi32>
    %23 = tensor.empty() : tensor<4xi32>
    %24 = flow.dispatch.region -> (tensor<4xi32>) {
      %67 = linalg.generic {indexing_maps = [#map1], iterator_types = ["parallel"]} outs(%23 : tensor<4xi32>) {
      ^bb0(%out: i32):
        %68 = linalg.index 0 : index
        %69 = arith.index_cast %68 : index to i32
        linalg.yield %69 : i32
      } -> tensor<4xi32>
      flow.return %67 : tensor<4xi32>
    }
    %25 = flow.dispatch.region -> (tensor<16x4xi32>) {
      %67 = linalg.generic {indexing_maps = [#map2, #map], iterator_types = ["parallel", "parallel"]} ins(%24 : tensor<4xi32>) outs(%19 : tensor<16x4xi32>) {
      ^bb0(%in: i32, %out: i32):
        linalg.yield %in : i32
      } -> tensor<16x4xi32>
      flow.return %67 : tensor<16x4xi32>
    }
    %26 = tensor.empty() : tensor<16x4xi1>
    %27 = flow.dispatch.region -> (tensor<16x4xi1>) {
      %67:2 = linalg.generic {indexing_maps = [#map, #map, #map3, #map3], iterator_types = ["parallel", "reduction"]} ins(%18, %20 : tensor<16x4xf32>, tensor<16x4xi32>) outs(%16, %22 : tensor<16xf32>, tensor<16xi32>) {
      ^bb0(%in: f32, %in_7: i32, %out: f32, %out_8: i32):
        %70 = arith.cmpf ogt, %out, %in : f32
        %71 = arith.cmpf une, %out, %out : f32
        %72 = arith.ori %70, %71 : i1
        %73 = arith.cmpf oeq, %out, %in : f32
        %74 = arith.cmpi slt, %out_8, %in_7 : i32
        %75 = arith.andi %73, %74 : i1
        %76 = arith.ori %72, %75 : i1
        %77 = arith.select %72, %out, %in : f32
        %78 = arith.select %76, %out_8, %in_7 : i32
        linalg.yield %77, %78 : f32, i32
      } -> (tensor<16xf32>, tensor<16xi32>)
      %68 = linalg.generic {indexing_maps = [#map3, #map], iterator_types = ["parallel", "parallel"]} ins(%67#1 : tensor<16xi32>) outs(%19 : tensor<16x4xi32>) {
      ^bb0(%in: i32, %out: i32):
        linalg.yield %in : i32
      } -> tensor<16x4xi32>
      %69 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%68, %25 : tensor<16x4xi32>, tensor<16x4xi32>) outs(%26 : tensor<16x4xi1>) {
      ^bb0(%in: i32, %in_7: i32, %out: i1):
        %70 = arith.cmpi eq, %in, %in_7 : i32
        linalg.yield %70 : i1
      } -> tensor<16x4xi1>
      flow.return %69 : tensor<16x4xi1>
    }
    %28 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%27 : tensor<16x4xi1>) outs(%12 : tensor<16x4xf32>) {
    ^bb0(%in: i1, %out: f32):
      %67 = arith.uitofp %in : i1 to f32
      linalg.yield %67 : f32
    } -> tensor<16x4xf32>
    %29 = flow.dispatch.region -> (tensor<16x4xf32>) {
      %67 = linalg.matmul ins(%cst, %28 : tensor<16x16xf32>, tensor<16x4xf32>) outs(%13 : tensor<16x4xf32>) -> tensor<16x4xf32>
      %68 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%67 : tensor<16x4xf32>) outs(%12 : tensor<16x4xf32>) {
      ^bb0(%in: f32, %out: f32):
        %70 = arith.subf %in, %cst_2 : f32
        linalg.yield %70 : f32
      } -> tensor<16x4xf32>
      %69 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%68, %28 : tensor<16x4xf32>, tensor<16x4xf32>) outs(%12 : tensor<16x4xf32>) {
      ^bb0(%in: f32, %in_7: f32, %out: f32):
        %70 = arith.mulf %in, %in_7 : f32
        linalg.yield %70 : f32
      } -> tensor<16x4xf32>
      flow.return %69 : tensor<16x4xf32>
    }
    %30 = flow.dispatch.region -> (tensor<16xi32>) {
      %67 = linalg.generic {indexing_maps = [#map, #map3], iterator_types = ["parallel", "reduction"]} ins(%29 : tensor<16x4xf32>) outs(%17 : tensor<16xf32>) {
      ^bb0(%in: f32, %out: f32):
        %69 = arith.addf %out, %in : f32
        linalg.yield %69 : f32
      } -> tensor<16xf32>
      %68 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%67 : tensor<16xf32>) outs(%21 : tensor<16xi32>) {
      ^bb0(%in: f32, %out: i32):
        %69 = arith.fptosi %in : f32 to i32
        linalg.yield %69 : i32
      } -> tensor<16xi32>
      flow.return %68 : tensor<16xi32>
    }
    %31 = tensor.empty() : tensor<8xi32>
    %32 = flow.dispatch.region -> (tensor<8xi32>) {
      %67 = linalg.generic {indexing_maps = [#map1], iterator_types = ["parallel"]} outs(%31 : tensor<8xi32>) {
      ^bb0(%out: i32):
        %68 = linalg.index 0 : index
        %69 = arith.index_cast %68 : index to i32
        linalg.yield %69 : i32
      } -> tensor<8xi32>
      flow.return %67 : tensor<8xi32>
    }
    %33 = tensor.empty() : tensor<16x8xi32>
    %34 = flow.dispatch.region -> (tensor<16x8xi32>) {
      %67 = linalg.generic {indexing_maps = [#map3, #map], iterator_types = ["parallel", "parallel"]} ins(%30 : tensor<16xi32>) outs(%33 : tensor<16x8xi32>) {
      ^bb0(%in: i32, %out: i32):
        linalg.yield %in : i32
      } -> tensor<16x8xi32>
      flow.return %67 : tensor<16x8xi32>
    }
    %35 = flow.dispatch.region -> (tensor<16x8xi32>) {
      %67 = linalg.generic {indexing_maps = [#map2, #map], iterator_types = ["parallel", "parallel"]} ins(%32 : tensor<8xi32>) outs(%33 : tensor<16x8xi32>) {
      ^bb0(%in: i32, %out: i32):
        linalg.yield %in : i32
      } -> tensor<16x8xi32>
      flow.return %67 : tensor<16x8xi32>
    }
    %36 = tensor.empty() : tensor<16x8xi1>
    %37 = flow.dispatch.region -> (tensor<16x8xi1>) {
      %67 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%34, %35 : tensor<16x8xi32>, tensor<16x8xi32>) outs(%36 : tensor<16x8xi1>) {
      ^bb0(%in: i32, %in_7: i32, %out: i1):
        %68 = arith.cmpi eq, %in, %in_7 : i32
        linalg.yield %68 : i1
      } -> tensor<16x8xi1>
      flow.return %67 : tensor<16x8xi1>
    }
    %38 = tensor.empty() : tensor<16x8xf32>
    %39 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%37 : tensor<16x8xi1>) outs(%38 : tensor<16x8xf32>) {
    ^bb0(%in: i1, %out: f32):
      %67 = arith.uitofp %in : i1 to f32
      linalg.yield %67 : f32
    } -> tensor<16x8xf32>
    %40 = tensor.empty() : tensor<16x4x8xf32>
    %41 = flow.dispatch.region -> (tensor<16x4x8xf32>) {
      %67 = linalg.generic {indexing_maps = [#map4, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%28 : tensor<16x4xf32>) outs(%40 : tensor<16x4x8xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<16x4x8xf32>
      flow.return %67 : tensor<16x4x8xf32>
    }
    %42 = flow.dispatch.region -> (tensor<16x4x8xf32>) {
      %67 = linalg.generic {indexing_maps = [#map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%39 : tensor<16x8xf32>) outs(%40 : tensor<16x4x8xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<16x4x8xf32>
      flow.return %67 : tensor<16x4x8xf32>
    }
    %43 = flow.dispatch.region -> (tensor<16x4x8xf32>) {
      %67 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%41, %42 : tensor<16x4x8xf32>, tensor<16x4x8xf32>) outs(%40 : tensor<16x4x8xf32>) {
      ^bb0(%in: f32, %in_7: f32, %out: f32):
        %68 = arith.mulf %in, %in_7 : f32
        linalg.yield %68 : f32
      } -> tensor<16x4x8xf32>
      flow.return %67 : tensor<16x4x8xf32>
    }
    %44 = tensor.empty() : tensor<4x8x16xf32>
    %45 = flow.dispatch.region -> (tensor<4x8x16xf32>) {
      %67 = linalg.generic {indexing_maps = [#map7, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%43 : tensor<16x4x8xf32>) outs(%44 : tensor<4x8x16xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<4x8x16xf32>
      flow.return %67 : tensor<4x8x16xf32>
    }
    %collapsed_3 = tensor.collapse_shape %45 [[0, 1], [2]] : tensor<4x8x16xf32> into tensor<32x16xf32>
    %46 = tensor.empty() : tensor<32x64xf32>
    %47 = linalg.fill ins(%cst_0 : f32) outs(%46 : tensor<32x64xf32>) -> tensor<32x64xf32>
    %48 = flow.dispatch.region -> (tensor<32x64xf32>) {
      %67 = linalg.matmul ins(%collapsed_3, %11 : tensor<32x16xf32>, tensor<16x64xf32>) outs(%47 : tensor<32x64xf32>) -> tensor<32x64xf32>
      flow.return %67 : tensor<32x64xf32>
    }
    %expanded = tensor.expand_shape %48 [[0, 1], [2]] output_shape [4, 8, 64] : tensor<32x64xf32> into tensor<4x8x64xf32>
    %49 = tensor.empty() : tensor<4x8x128xf32>
    %50 = linalg.fill ins(%cst_0 : f32) outs(%49 : tensor<4x8x128xf32>) -> tensor<4x8x128xf32>
    %51 = flow.dispatch.region -> (tensor<4x8x128xf32>) {
      %67 = linalg.generic {indexing_maps = [#map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6 : tensor<4x128xf32>) outs(%49 : tensor<4x8x128xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<4x8x128xf32>
      flow.return %67 : tensor<4x8x128xf32>
    }
    %52 = flow.dispatch.region -> (tensor<4x8x128xf32>) {
      %67 = linalg.batch_matmul ins(%expanded, %4 : tensor<4x8x64xf32>, tensor<4x64x128xf32>) outs(%50 : tensor<4x8x128xf32>) -> tensor<4x8x128xf32>
      %68 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%67, %51 : tensor<4x8x128xf32>, tensor<4x8x128xf32>) outs(%49 : tensor<4x8x128xf32>) {
      ^bb0(%in: f32, %in_7: f32, %out: f32):
        %70 = arith.addf %in, %in_7 : f32
        linalg.yield %70 : f32
      } -> tensor<4x8x128xf32>
      %69 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%68 : tensor<4x8x128xf32>) outs(%49 : tensor<4x8x128xf32>) {
      ^bb0(%in: f32, %out: f32):
        %70 = arith.maximumf %in, %cst_0 : f32
        linalg.yield %70 : f32
      } -> tensor<4x8x128xf32>
      flow.return %69 : tensor<4x8x128xf32>
    }
    %53 = tensor.empty() : tensor<4x8x64xf32>
    %54 = linalg.fill ins(%cst_0 : f32) outs(%53 : tensor<4x8x64xf32>) -> tensor<4x8x64xf32>
    %55 = flow.dispatch.region -> (tensor<4x8x64xf32>) {
      %67 = linalg.generic {indexing_maps = [#map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%10 : tensor<4x64xf32>) outs(%53 : tensor<4x8x64xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<4x8x64xf32>
      flow.return %67 : tensor<4x8x64xf32>
    }
    %56 = tensor.empty() : tensor<8x4x64xf32>
    %57 = flow.dispatch.region -> (tensor<8x4x64xf32>) {
      %67 = linalg.batch_matmul ins(%52, %8 : tensor<4x8x128xf32>, tensor<4x128x64xf32>) outs(%54 : tensor<4x8x64xf32>) -> tensor<4x8x64xf32>
      %68 = linalg.generic {indexing_maps = [#map8, #map8, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%67, %55 : tensor<4x8x64xf32>, tensor<4x8x64xf32>) outs(%56 : tensor<8x4x64xf32>) {
      ^bb0(%in: f32, %in_7: f32, %out: f32):
        %69 = arith.addf %in, %in_7 : f32
        linalg.yield %69 : f32
      } -> tensor<8x4x64xf32>
      flow.return %68 : tensor<8x4x64xf32>
    }
    %58 = flow.dispatch.region -> (tensor<16x4xf32>) {
      %67 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%18, %28 : tensor<16x4xf32>, tensor<16x4xf32>) outs(%12 : tensor<16x4xf32>) {
      ^bb0(%in: f32, %in_7: f32, %out: f32):
        %68 = arith.mulf %in, %in_7 : f32
        linalg.yield %68 : f32
      } -> tensor<16x4xf32>
      flow.return %67 : tensor<16x4xf32>
    }
    %59 = tensor.empty() : tensor<16x64xf32>
    %60 = tensor.empty() : tensor<16x8x4xf32>
    %61 = flow.dispatch.region -> (tensor<16x8x4xf32>) {
      %67 = linalg.generic {indexing_maps = [#map9, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%43 : tensor<16x4x8xf32>) outs(%60 : tensor<16x8x4xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<16x8x4xf32>
      flow.return %67 : tensor<16x8x4xf32>
    }
    %collapsed_4 = tensor.collapse_shape %61 [[0], [1, 2]] : tensor<16x8x4xf32> into tensor<16x32xf32>
    %collapsed_5 = tensor.collapse_shape %57 [[0, 1], [2]] : tensor<8x4x64xf32> into tensor<32x64xf32>
    %62 = linalg.fill ins(%cst_0 : f32) outs(%59 : tensor<16x64xf32>) -> tensor<16x64xf32>
    %63 = flow.dispatch.region -> (tensor<16x64xf32>) {
      %67 = linalg.matmul ins(%collapsed_4, %collapsed_5 : tensor<16x32xf32>, tensor<32x64xf32>) outs(%62 : tensor<16x64xf32>) -> tensor<16x64xf32>
      flow.return %67 : tensor<16x64xf32>
    }
    %64 = flow.dispatch.region -> (tensor<16x64xf32>) {
      %67 = linalg.generic {indexing_maps = [#map, #map3], iterator_types = ["parallel", "reduction"]} ins(%58 : tensor<16x4xf32>) outs(%17 : tensor<16xf32>) {
      ^bb0(%in: f32, %out: f32):
        %70 = arith.addf %out, %in : f32
        linalg.yield %70 : f32
      } -> tensor<16xf32>
      %68 = linalg.generic {indexing_maps = [#map3, #map], iterator_types = ["parallel", "parallel"]} ins(%67 : tensor<16xf32>) outs(%59 : tensor<16x64xf32>) {
      ^bb0(%in: f32, %out: f32):
        linalg.yield %in : f32
      } -> tensor<16x64xf32>
      %69 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%63, %68 : tensor<16x64xf32>, tensor<16x64xf32>) outs(%59 : tensor<16x64xf32>) {
      ^bb0(%in: f32, %in_7: f32, %out: f32):
        %70 = arith.mulf %in, %in_7 : f32
        linalg.yield %70 : f32
      } -> tensor<16x64xf32>
      flow.return %69 : tensor<16x64xf32>
    }
    %65 = iree_tensor_ext.compute_barrier.end %64 : tensor<16x64xf32> -> tensor<16x64xf32>
    %expanded_6 = tensor.expand_shape %65 [[0, 1], [2]] output_shape [2, 8, 64] : tensor<16x64xf32> into tensor<2x8x64xf32>
    %66 = hal.tensor.export %expanded_6 "output0" : tensor<2x8x64xf32> -> !hal.buffer_view
    util.return %66 : !hal.buffer_view
  }
}

