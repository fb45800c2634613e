// RUN: meshc compile %s -p "" --split-input-file --verify-diagnostics

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
// expected-error @+1 {{invalid '#iree_encoding.encoding' attribute: operand_index (3) exceeds the size of user_indexing_maps (3)}}
#e = #iree_encoding.encoding<operand_index = 3 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2]>

// -----

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
// expected-error @+1 {{invalid '#iree_encoding.encoding' attribute: has 2 element_types but 3 user_indexing_maps (one per operand of the user op)}}
#e = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32], user_indexing_maps = [#map, #map1, #map2]>

// -----

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
// expected-error @+1 {{found an encoding with 2 iteration sizes, but expected 3 based on the user indexing maps}}
#e = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [64, 128]>

// -----

// expected-error @+1 {{op_type must be one of matmul, conv, scaled_matmul, got 'gemm'}}
#e = #iree_encoding.encoding<operand_index = 0, op_type = gemm, element_types = [f32]>

// -----

// expected-error @+1 {{expected all padding values need to be non-negative or dynamic, got -1}}
#e = #iree_encoding.padding<[0, -1]>

// -----

// expected-error @+1 {{invalid '#iree_encoding.layout' attribute: expected non-empty layouts}}
#e = #iree_encoding.layout<[]>

// -----

func.func @source_encoded(%x: tensor<4x8xf32, #iree_encoding.testing<>>) {
  // expected-error @+1 {{'iree_encoding.set_encoding' op source of set_encoding op cannot have a tensor encoding}}
  %e = iree_encoding.set_encoding %x : tensor<4x8xf32, #iree_encoding.testing<>> -> tensor<4x8xf32, #iree_encoding.identity>
  return
}

// -----

func.func @result_plain(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{'iree_encoding.set_encoding' op result of set_encoding op expected to have a valid tensor encoding}}
  %e = iree_encoding.set_encoding %x : tensor<4x8xf32> -> tensor<4x8xf32>
  return
}

// -----

func.func @shape(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{'iree_encoding.set_encoding' op expected to preserve the logical shape of the tensor, got 4x8 and 4x9}}
  %e = iree_encoding.set_encoding %x : tensor<4x8xf32> -> tensor<4x9xf32, #iree_encoding.testing<>>
  return
}

// -----

func.func @element_type(%x: tensor<4x8xf32, #iree_encoding.testing<>>) {
  // expected-error @+1 {{'iree_encoding.unset_encoding' op expects source and result element types to agree, got 'f32' and 'f16'}}
  %e = iree_encoding.unset_encoding %x : tensor<4x8xf32, #iree_encoding.testing<>> -> tensor<4x8xf16>
  return
}

// -----

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @rank(%x: tensor<4x8x2xf32>) {
  // expected-error @+1 {{user_indexing_maps entry for operand_index 0 has 2 results but the tensor has rank 3}}
  %e = iree_encoding.set_encoding %x : tensor<4x8x2xf32> -> tensor<4x8x2xf32, #iree_encoding.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2]>>
  return
}

// -----

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @encoding_dims(%x: tensor<?x64xf32>, %m: index) {
  // expected-error @+1 {{'iree_encoding.set_encoding' op encoding expects 1 encoding dim(s), but 2 provided}}
  %e = iree_encoding.set_encoding %x encoding_dims{%m, %m} : tensor<?x64xf32> -> tensor<?x64xf32, #iree_encoding.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [?, 128, 64]>>
  return
}

// -----

func.func @result_dims(%x: tensor<?x?xf32, #iree_encoding.testing<>>, %d: index) {
  // expected-error @+1 {{'iree_encoding.unset_encoding' op expects 2 result dims (one per '?' of the result type), got 1}}
  %e = iree_encoding.unset_encoding %x : tensor<?x?xf32, #iree_encoding.testing<>> -> tensor<?x?xf32>{%d}
  return
}

// -----

mesh.mesh @m(shape = 2)
func.func @sharding(%x: tensor<4x8xf32, #mesh.shard<@m, [[0]]>>) {
  // expected-error @+1 {{'iree_encoding.set_encoding' op expects source and result to carry the same sharding, got '<@m, [[0]]>' and '<@m, [[], [0]]>'}}
  %e = iree_encoding.set_encoding %x : tensor<4x8xf32, #mesh.shard<@m, [[0]]>> -> tensor<4x8xf32, #mesh.shard<@m, [[], [0]], inner = #iree_encoding.testing<>>>
  return
}

// -----

// The derived checks (meshc/ir/opdef.py) run on the generic form too.
func.func @set_encoding_results(%x: tensor<4xf32>) {
  // expected-error @+1 {{'iree_encoding.set_encoding' op expected 1 results, but found 0}}
  "iree_encoding.set_encoding"(%x) : (tensor<4xf32>) -> ()
  return
}

// -----

func.func @unset_encoding_source_kind(%x: f32) {
  // expected-error @+1 {{'iree_encoding.unset_encoding' op operand #0 must be a ranked tensor, but got 'f32'}}
  %r = "iree_encoding.unset_encoding"(%x) : (f32) -> tensor<4xf32>
  return
}
