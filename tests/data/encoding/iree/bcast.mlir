#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [16, 32, 64]>
#rhs = #iree_encoding.encoding<operand_index = 1 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [16, 32, 64]>
#res = #iree_encoding.encoding<operand_index = 2 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [16, 32, 64]>
func.func @bcast(%b: tensor<32xf32>, %x: tensor<16x64xf32>, %w: tensor<64x32xf32>) -> tensor<16x32xf32> {
  %l = iree_encoding.set_encoding %x : tensor<16x64xf32> -> tensor<16x64xf32, #lhs>
  %r = iree_encoding.set_encoding %w : tensor<64x32xf32> -> tensor<64x32xf32, #rhs>
  %e = tensor.empty() : tensor<16x32xf32>
  %acc = linalg.generic {indexing_maps = [#row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%b : tensor<32xf32>) outs(%e : tensor<16x32xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<16x32xf32>
  %ae = iree_encoding.set_encoding %acc : tensor<16x32xf32> -> tensor<16x32xf32, #res>
  %mm = linalg.matmul ins(%l, %r : tensor<16x64xf32, #lhs>, tensor<64x32xf32, #rhs>) outs(%ae : tensor<16x32xf32, #res>) -> tensor<16x32xf32, #res>
  %u = iree_encoding.unset_encoding %mm : tensor<16x32xf32, #res> -> tensor<16x32xf32>
  return %u : tensor<16x32xf32>
}
