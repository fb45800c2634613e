// RUN: meshc compile %s -p "" | filecheck %s
// RUN: meshc compile %s -p "" | meshc compile - -p "" | filecheck %s
// RUN: meshc compile %s -p "" --generic | meshc compile - -p "" | filecheck %s

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [64, 128, 256]>
#res = #iree_encoding.encoding<operand_index = 2 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [?, ?, 256]>

// CHECK-LABEL: func.func @set_unset
func.func @set_unset(%x: tensor<64x256xf32>, %y: tensor<?x?xf32, #res>, %m: index, %n: index) -> tensor<?x?xf32> {
  // CHECK: iree_encoding.set_encoding %{{.+}} : tensor<64x256xf32> -> tensor<64x256xf32, #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iteration_sizes = [64, 128, 256]>>
  %e = iree_encoding.set_encoding %x : tensor<64x256xf32> -> tensor<64x256xf32, #lhs>
  // CHECK: iree_encoding.unset_encoding %{{.+}} encoding_dims{%[[M:.+]], %[[N:.+]]} : tensor<?x?xf32, #iree_encoding.encoding<operand_index = 2 : index, {{.+}}, iteration_sizes = [?, ?, 256]>> -> tensor<?x?xf32>{%[[M]], %[[N]]}
  %u = iree_encoding.unset_encoding %y encoding_dims{%m, %n} : tensor<?x?xf32, #res> -> tensor<?x?xf32>{%m, %n}
  return %u : tensor<?x?xf32>
}

// Attribute spellings of IREE 3.x (and older ones), printed back as read.
// CHECK-LABEL: func.func @attributes
func.func @attributes(%x: tensor<4x?x8xf32>) {
  // CHECK: tensor<4x?x8xf32, #iree_encoding.layout<[#iree_encoding.padding<[0, ?, 64]>]>>
  %0 = iree_encoding.set_encoding %x : tensor<4x?x8xf32> -> tensor<4x?x8xf32, #iree_encoding.layout<[#iree_encoding.padding<[0, ?, 64]>]>>
  // CHECK: tensor<4x?x8xf32, #iree_encoding.pad_encoding_layout<[8, 0, 0]>>
  %1 = iree_encoding.set_encoding %x : tensor<4x?x8xf32> -> tensor<4x?x8xf32, #iree_encoding.pad_encoding_layout<[8, 0, 0]>>
  // CHECK: tensor<4x?x8xf32, #iree_encoding.identity>
  %2 = iree_encoding.set_encoding %x : tensor<4x?x8xf32> -> tensor<4x?x8xf32, #iree_encoding.identity>
  // CHECK: tensor<4x?x8xf32, #iree_encoding.testing<>>
  %3 = iree_encoding.set_encoding %x : tensor<4x?x8xf32> -> tensor<4x?x8xf32, #iree_encoding.testing<>>
  // CHECK: tensor<4x?x8xf32, #iree_encoding.testing<[#iree_encoding.specialization_resolver<123>]>>
  %4 = iree_encoding.set_encoding %x : tensor<4x?x8xf32> -> tensor<4x?x8xf32, #iree_encoding.testing<[#iree_encoding.specialization_resolver<123>]>>
  // CHECK: tensor<4x?x8xf32, #iree_encoding.matmul_k<k_dims = [1]>>
  %5 = iree_encoding.set_encoding %x : tensor<4x?x8xf32> -> tensor<4x?x8xf32, #iree_encoding.matmul_k<k_dims = [1]>>
  // CHECK: tensor<4x?x8xf32, #iree_encoding.encoding<operand_index = 0 : i64, element_types = [i8, i8, i32]>>
  %6 = iree_encoding.set_encoding %x : tensor<4x?x8xf32> -> tensor<4x?x8xf32, #iree_encoding.encoding<operand_index = 0, element_types = [i8, i8, i32]>>
  return
}

// A sharding and a data-tiling encoding in one encoding slot.
// CHECK-LABEL: func.func @sharded
mesh.mesh @m(shape = 2)
func.func @sharded(%x: tensor<64x256xf32, #mesh.shard<@m, [[0]]>>) -> tensor<64x256xf32, #mesh.shard<@m, [[0]], inner = #lhs>> {
  // CHECK: iree_encoding.set_encoding %{{.+}} : tensor<64x256xf32, #mesh.shard<@m, [[0]]>> -> tensor<64x256xf32, #mesh.shard<@m, [[0]], inner = #iree_encoding.encoding<operand_index = 0 : index
  %e = iree_encoding.set_encoding %x : tensor<64x256xf32, #mesh.shard<@m, [[0]]>> -> tensor<64x256xf32, #mesh.shard<@m, [[0]], inner = #lhs>>
  return %e : tensor<64x256xf32, #mesh.shard<@m, [[0]], inner = #lhs>>
}

// Seed 001's SetEncoding example after propagation (types made concrete).
// CHECK-LABEL: func.func @seed001_set_after
func.func @seed001_set_after(%src: tensor<4x8xf32>) -> tensor<4x8xf32, #iree_encoding.testing<>> {
  %init = tensor.empty() : tensor<4x8xf32>
  // CHECK: %[[S:.+]] = iree_encoding.set_encoding %{{.+}} : tensor<4x8xf32> -> tensor<4x8xf32, #iree_encoding.testing<>>
  // CHECK: %[[I:.+]] = iree_encoding.set_encoding %{{.+}} : tensor<4x8xf32> -> tensor<4x8xf32, #iree_encoding.testing<>>
  // CHECK: linalg.exp ins(%[[S]] : tensor<4x8xf32, #iree_encoding.testing<>>) outs(%[[I]] : tensor<4x8xf32, #iree_encoding.testing<>>)
  %encoded_src = iree_encoding.set_encoding %src : tensor<4x8xf32> -> tensor<4x8xf32, #iree_encoding.testing<>>
  %encoded_init = iree_encoding.set_encoding %init : tensor<4x8xf32> -> tensor<4x8xf32, #iree_encoding.testing<>>
  %1 = linalg.exp ins(%encoded_src : tensor<4x8xf32, #iree_encoding.testing<>>) outs(%encoded_init : tensor<4x8xf32, #iree_encoding.testing<>>) -> tensor<4x8xf32, #iree_encoding.testing<>>
  return %1 : tensor<4x8xf32, #iree_encoding.testing<>>
}
