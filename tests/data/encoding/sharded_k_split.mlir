// The reduction dim K = 10 split over 3 devices (3, 3, 4) around an encoded matmul: each device's
// packed accumulator is a partial sum, all-reduced as packed data before the unset_encoding.
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [6, 12, 10]>
#rhs = #iree_encoding.encoding<operand_index = 1 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [6, 12, 10]>
#res = #iree_encoding.encoding<operand_index = 2 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [6, 12, 10]>
mesh.mesh @m(shape = 3)
func.func @main(%x0: tensor<6x10xf32>, %w0: tensor<10x12xf32>) -> tensor<6x12xf32> {
  %x = mesh.shard %x0 to <@m, [[], [0]]> : tensor<6x10xf32>
  %w = mesh.shard %w0 to <@m, [[0]]> : tensor<10x12xf32>
  %lhs = iree_encoding.set_encoding %x : tensor<6x10xf32> -> tensor<6x10xf32, #lhs>
  %rhs = iree_encoding.set_encoding %w : tensor<10x12xf32> -> tensor<10x12xf32, #rhs>
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<6x12xf32, #res>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<6x12xf32, #res>) -> tensor<6x12xf32, #res>
  %mm = linalg.matmul ins(%lhs, %rhs : tensor<6x10xf32, #lhs>, tensor<10x12xf32, #rhs>) outs(%f : tensor<6x12xf32, #res>) -> tensor<6x12xf32, #res>
  %r = iree_encoding.unset_encoding %mm : tensor<6x12xf32, #res> -> tensor<6x12xf32>
  return %r : tensor<6x12xf32>
}
