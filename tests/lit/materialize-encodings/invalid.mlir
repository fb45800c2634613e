// Encoded tensors materialize-encodings cannot pack give located errors.
// RUN: meshc compile %s -p "materialize-encodings{target=x86-avx2}" --split-input-file --verify-diagnostics

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2]>
func.func @dynamic(%x: tensor<?x8xf32>) -> tensor<?x8xf32, #lhs> {
  // expected-error @+1 {{cannot pack 'tensor<?x8xf32, #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>]>>': packing needs a static shape}}
  %s = iree_encoding.set_encoding %x : tensor<?x8xf32> -> tensor<?x8xf32, #lhs>
  return %s : tensor<?x8xf32, #lhs>
}

// -----

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2]>
mesh.mesh @m(shape = 2)
func.func @sharded(%x: tensor<16x8xf32, #mesh.shard<@m, [[0]]>>) -> tensor<16x8xf32, #mesh.shard<@m, [[0]], inner = #lhs>> {
  // expected-error @+1 {{materialize-encodings runs on per-device programs (after unroll)}}
  %s = iree_encoding.set_encoding %x : tensor<16x8xf32, #mesh.shard<@m, [[0]]>> -> tensor<16x8xf32, #mesh.shard<@m, [[0]], inner = #lhs>>
  return %s : tensor<16x8xf32, #mesh.shard<@m, [[0]], inner = #lhs>>
}

// -----

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2]>
func.func @no_rule(%x: tensor<16x8xf32, #lhs>) -> tensor<4x8xf32> {
  // expected-error @+1 {{cannot materialize encodings on 'tensor.extract_slice' (no rule for packed tensors)}}
  %s = tensor.extract_slice %x[0, 0] [4, 8] [1, 1] : tensor<16x8xf32, #lhs> to tensor<4x8xf32>
  return %s : tensor<4x8xf32>
}

// -----

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2]>
func.func @mixed(%x: tensor<16x8xf32, #lhs>, %y: tensor<16x8xf32>) -> tensor<16x8xf32, #lhs> {
  %e = tensor.empty() : tensor<16x8xf32, #lhs>
  // expected-error @+1 {{mixes packed and plain tensor operands ('tensor<16x8xf32>' has no packed layout)}}
  %a = linalg.add ins(%x, %y : tensor<16x8xf32, #lhs>, tensor<16x8xf32>) outs(%e : tensor<16x8xf32, #lhs>) -> tensor<16x8xf32, #lhs>
  return %a : tensor<16x8xf32, #lhs>
}

// -----

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2]>
#res = #iree_encoding.encoding<operand_index = 2 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2]>
func.func @disagree(%x: tensor<16x16xf32, #lhs>) -> tensor<16x16xf32, #res> {
  %e = tensor.empty() : tensor<16x16xf32, #res>
  // expected-error @+1 {{loop d1 is tiled by 1 in one operand and by 8 in operand #1}}
  %g = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<16x16xf32, #lhs>) outs(%e : tensor<16x16xf32, #res>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<16x16xf32, #res>
  return %g : tensor<16x16xf32, #res>
}

// -----

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#rhs = #iree_encoding.encoding<operand_index = 1 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2]>
// expected-error @+1 {{cannot pack the initial value of global @g; set the encoding in a util.initializer instead}}
util.global private @g = dense<1.0> : tensor<8x8xf32, #rhs>

// -----

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2]>
#rhs = #iree_encoding.encoding<operand_index = 1 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2]>
func.func @partial(%a: tensor<4x8xf32, #lhs>, %b: tensor<8x4xf32, #rhs>, %c: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{mixes packed and plain tensor operands ('tensor<4x4xf32>' has no packed layout)}}
  %m = linalg.matmul ins(%a, %b : tensor<4x8xf32, #lhs>, tensor<8x4xf32, #rhs>) outs(%c : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %m : tensor<4x4xf32>
}
