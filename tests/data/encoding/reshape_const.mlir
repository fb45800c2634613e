// Unit-dim reshapes, a constant and a broadcast around a matmul: the LHS set_encoding bubbles
// through collapse_shape, the RHS one through broadcast, collapse_shape and into the constant; the
// unset_encoding sinks through expand_shape.
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [16, 32, 64]>
#rhs = #iree_encoding.encoding<operand_index = 1 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [16, 32, 64]>
#res = #iree_encoding.encoding<operand_index = 2 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [16, 32, 64]>

func.func @main(%x3: tensor<1x16x64xf32>) -> tensor<1x16x32xf32> {
  %x = tensor.collapse_shape %x3 [[0, 1], [2]] : tensor<1x16x64xf32> into tensor<16x64xf32>
  %l = iree_encoding.set_encoding %x : tensor<16x64xf32> -> tensor<16x64xf32, #lhs>
  %w = arith.constant dense<[[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0, 24.0, 25.0, 26.0, 27.0, 28.0, 29.0, 30.0, 31.0, 32.0]]> : tensor<1x32xf32>
  %w2 = tensor.collapse_shape %w [[0, 1]] : tensor<1x32xf32> into tensor<32xf32>
  %wb = tensor.empty() : tensor<64x32xf32>
  %wbb = linalg.broadcast ins(%w2 : tensor<32xf32>) outs(%wb : tensor<64x32xf32>) dimensions = [0]
  %r = iree_encoding.set_encoding %wbb : tensor<64x32xf32> -> tensor<64x32xf32, #rhs>
  %cst = arith.constant 0.0 : f32
  %e2 = tensor.empty() : tensor<16x32xf32, #res>
  %fl = linalg.fill ins(%cst : f32) outs(%e2 : tensor<16x32xf32, #res>) -> tensor<16x32xf32, #res>
  %mm = linalg.matmul ins(%l, %r : tensor<16x64xf32, #lhs>, tensor<64x32xf32, #rhs>) outs(%fl : tensor<16x32xf32, #res>) -> tensor<16x32xf32, #res>
  %u = iree_encoding.unset_encoding %mm : tensor<16x32xf32, #res> -> tensor<16x32xf32>
  %o = tensor.expand_shape %u [[0, 1], [2]] output_shape [1, 16, 32] : tensor<16x32xf32> into tensor<1x16x32xf32>
  return %o : tensor<1x16x32xf32>
}