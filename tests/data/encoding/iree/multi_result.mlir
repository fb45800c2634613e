#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [16, 32, 64]>
#rhs = #iree_encoding.encoding<operand_index = 1 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [16, 32, 64]>
#res = #iree_encoding.encoding<operand_index = 2 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [16, 32, 64]>
func.func @multi(%src: tensor<16x64xf32>, %w: tensor<64x32xf32>) -> (tensor<16x64xf32>, tensor<16x32xf32>) {
  %i0 = tensor.empty() : tensor<16x64xf32>
  %i1 = tensor.empty() : tensor<16x64xf32>
  %0:2 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%src : tensor<16x64xf32>) outs(%i0, %i1 : tensor<16x64xf32>, tensor<16x64xf32>) {
  ^bb0(%a: f32, %o0: f32, %o1: f32):
    %e = math.exp %a : f32
    %n = arith.negf %a : f32
    linalg.yield %e, %n : f32, f32
  } -> (tensor<16x64xf32>, tensor<16x64xf32>)
  %l = iree_encoding.set_encoding %0#1 : tensor<16x64xf32> -> tensor<16x64xf32, #lhs>
  %r = iree_encoding.set_encoding %w : tensor<64x32xf32> -> tensor<64x32xf32, #rhs>
  %cst = arith.constant 0.0 : f32
  %e2 = tensor.empty() : tensor<16x32xf32, #res>
  %fl = linalg.fill ins(%cst : f32) outs(%e2 : tensor<16x32xf32, #res>) -> tensor<16x32xf32, #res>
  %mm = linalg.matmul ins(%l, %r : tensor<16x64xf32, #lhs>, tensor<64x32xf32, #rhs>) outs(%fl : tensor<16x32xf32, #res>) -> tensor<16x32xf32, #res>
  %u = iree_encoding.unset_encoding %mm : tensor<16x32xf32, #res> -> tensor<16x32xf32>
  return %0#0, %u : tensor<16x64xf32>, tensor<16x32xf32>
}
