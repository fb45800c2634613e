// A per-device program in the unrolled form (two mesh.for_one per compute step on a mesh of 2,
// rows of the LHS split): set/unset_encoding inside each device's bodies; encoded values cross
// from one for_one of a device to the next. Encodings apply per device shard.
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [12, 40, 24]>
#rhs = #iree_encoding.encoding<operand_index = 1 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [12, 40, 24]>
#res = #iree_encoding.encoding<operand_index = 2 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [12, 40, 24]>
mesh.mesh @m(shape = 2)
func.func private @main_sharded(%x_0: tensor<12x24xf32>, %x_1: tensor<12x24xf32>, %w: tensor<24x40xf32>) -> (tensor<12x40xf32>, tensor<12x40xf32>) {
  %l0 = mesh.for_one 0 on @m -> tensor<12x24xf32, #lhs> {
    %e = tensor.empty() : tensor<12x24xf32>
    %ex = linalg.exp ins(%x_0 : tensor<12x24xf32>) outs(%e : tensor<12x24xf32>) -> tensor<12x24xf32>
    %s = iree_encoding.set_encoding %ex : tensor<12x24xf32> -> tensor<12x24xf32, #lhs>
    mesh.yield %s : tensor<12x24xf32, #lhs>
  }
  %l1 = mesh.for_one 1 on @m -> tensor<12x24xf32, #lhs> {
    %e = tensor.empty() : tensor<12x24xf32>
    %ex = linalg.exp ins(%x_1 : tensor<12x24xf32>) outs(%e : tensor<12x24xf32>) -> tensor<12x24xf32>
    %s = iree_encoding.set_encoding %ex : tensor<12x24xf32> -> tensor<12x24xf32, #lhs>
    mesh.yield %s : tensor<12x24xf32, #lhs>
  }
  %r0 = mesh.for_one 0 on @m -> tensor<12x40xf32> {
    %rhs = iree_encoding.set_encoding %w : tensor<24x40xf32> -> tensor<24x40xf32, #rhs>
    %cst = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<12x40xf32, #res>
    %f = linalg.fill ins(%cst : f32) outs(%e : tensor<12x40xf32, #res>) -> tensor<12x40xf32, #res>
    %mm = linalg.matmul ins(%l0, %rhs : tensor<12x24xf32, #lhs>, tensor<24x40xf32, #rhs>) outs(%f : tensor<12x40xf32, #res>) -> tensor<12x40xf32, #res>
    %u = iree_encoding.unset_encoding %mm : tensor<12x40xf32, #res> -> tensor<12x40xf32>
    mesh.yield %u : tensor<12x40xf32>
  }
  %r1 = mesh.for_one 1 on @m -> tensor<12x40xf32> {
    %rhs = iree_encoding.set_encoding %w : tensor<24x40xf32> -> tensor<24x40xf32, #rhs>
    %cst = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<12x40xf32, #res>
    %f = linalg.fill ins(%cst : f32) outs(%e : tensor<12x40xf32, #res>) -> tensor<12x40xf32, #res>
    %mm = linalg.matmul ins(%l1, %rhs : tensor<12x24xf32, #lhs>, tensor<24x40xf32, #rhs>) outs(%f : tensor<12x40xf32, #res>) -> tensor<12x40xf32, #res>
    %u = iree_encoding.unset_encoding %mm : tensor<12x40xf32, #res> -> tensor<12x40xf32>
    mesh.yield %u : tensor<12x40xf32>
  }
  return %r0, %r1 : tensor<12x40xf32>, tensor<12x40xf32>
}
func.func @main(%x: tensor<24x24xf32>, %w: tensor<24x40xf32>) -> tensor<24x40xf32> {
  %x0 = tensor.extract_slice %x[0, 0] [12, 24] [1, 1] : tensor<24x24xf32> to tensor<12x24xf32>
  %x1 = tensor.extract_slice %x[12, 0] [12, 24] [1, 1] : tensor<24x24xf32> to tensor<12x24xf32>
  %r:2 = func.call @main_sharded(%x0, %x1, %w) : (tensor<12x24xf32>, tensor<12x24xf32>, tensor<24x40xf32>) -> (tensor<12x40xf32>, tensor<12x40xf32>)
  %e = tensor.empty() : tensor<24x40xf32>
  %a = tensor.insert_slice %r#0 into %e[0, 0] [12, 40] [1, 1] : tensor<12x40xf32> into tensor<24x40xf32>
  %b = tensor.insert_slice %r#1 into %a[12, 0] [12, 40] [1, 1] : tensor<12x40xf32> into tensor<24x40xf32>
  return %b : tensor<24x40xf32>
}
