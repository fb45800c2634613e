// The corpus program encoding_exp_matmul with the rows of %x split over a mesh of 2: encodings written
// before sharding travel through sharding-propagation, distribute-types and partition inside the
// distributed types (#mesh.shard<..., inner = #iree_encoding.encoding<...>>).
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [64, 128, 256]>
#rhs = #iree_encoding.encoding<operand_index = 1 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [64, 128, 256]>
#res = #iree_encoding.encoding<operand_index = 2 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [64, 128, 256]>

mesh.mesh @m(shape = 2)
func.func @main(%x0: tensor<64x256xf32>, %w: tensor<256x128xf32>) -> tensor<64x128xf32> {
  %x = mesh.shard %x0 to <@m, [[0]]> : tensor<64x256xf32>
  %e = tensor.empty() : tensor<64x256xf32>
  %ex = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<64x256xf32>) outs(%e : tensor<64x256xf32>) {
  ^bb0(%in: f32, %out: f32):
    %v = math.exp %in : f32
    linalg.yield %v : f32
  } -> tensor<64x256xf32>
  %lhs = iree_encoding.set_encoding %ex : tensor<64x256xf32> -> tensor<64x256xf32, #lhs>
  %rhs = iree_encoding.set_encoding %w : tensor<256x128xf32> -> tensor<256x128xf32, #rhs>
  %cst = arith.constant 0.0 : f32
  %e2 = tensor.empty() : tensor<64x128xf32, #res>
  %f = linalg.fill ins(%cst : f32) outs(%e2 : tensor<64x128xf32, #res>) -> tensor<64x128xf32, #res>
  %mm = linalg.matmul ins(%lhs, %rhs : tensor<64x256xf32, #lhs>, tensor<256x128xf32, #rhs>)
                      outs(%f : tensor<64x128xf32, #res>) -> tensor<64x128xf32, #res>
  %r = iree_encoding.unset_encoding %mm : tensor<64x128xf32, #res> -> tensor<64x128xf32>
  return %r : tensor<64x128xf32>
}
