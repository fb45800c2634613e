#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d1, d2)>
#encoding = #iree_encoding.encoding<operand_index = 1 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>]>
util.func public @across_if(%arg0: tensor<16x8xf32>, %init: tensor<2x16x8xf32, #encoding>, %cond: i1) -> tensor<2x16x8xf32, #encoding> {
  %empty = tensor.empty() : tensor<2x16x8xf32>
  %bcast = linalg.generic {indexing_maps = [#map1, #map], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%arg0 : tensor<16x8xf32>) outs(%empty : tensor<2x16x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<2x16x8xf32>
  %result = scf.if %cond -> (tensor<2x16x8xf32, #encoding>) {
    %encoded = iree_encoding.set_encoding %bcast : tensor<2x16x8xf32> -> tensor<2x16x8xf32, #encoding>
    scf.yield %encoded : tensor<2x16x8xf32, #encoding>
  } else {
    scf.yield %init : tensor<2x16x8xf32, #encoding>
  }
  util.return %result : tensor<2x16x8xf32, #encoding>
}
util.func public @in_dispatch(%arg0: tensor<16x8xf32>) -> tensor<2x16x8xf32, #encoding> {
  %6 = flow.dispatch.region -> (tensor<2x16x8xf32, #encoding>) {
    %8 = tensor.empty() : tensor<2x16x8xf32>
    %11 = linalg.generic {indexing_maps = [#map1, #map], iterator_types = ["parallel", "parallel", "parallel"]}
        ins(%arg0 : tensor<16x8xf32>) outs(%8 : tensor<2x16x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x8xf32>
    %13 = iree_encoding.set_encoding %11 : tensor<2x16x8xf32> -> tensor<2x16x8xf32, #encoding>
    flow.return %13 : tensor<2x16x8xf32, #encoding>
  }
  util.return %6 : tensor<2x16x8xf32, #encoding>
}
util.func public @bcast(%arg0: tensor<16x8xf32>) -> tensor<2x16x8xf32, #encoding> {
  %8 = tensor.empty() : tensor<2x16x8xf32>
  %11 = linalg.generic {indexing_maps = [#map1, #map], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%arg0 : tensor<16x8xf32>) outs(%8 : tensor<2x16x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<2x16x8xf32>
  %13 = iree_encoding.set_encoding %11 : tensor<2x16x8xf32> -> tensor<2x16x8xf32, #encoding>
  util.return %13 : tensor<2x16x8xf32, #encoding>
}
