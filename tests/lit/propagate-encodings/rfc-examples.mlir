// The three examples of seed 001 (IREE's "Encoding Propagation Interfaces" RFC):
// a set_encoding after an exp bubbles above it (the exp's source and init get
// set_encoding, the init's goes into tensor.empty); an unset_encoding before an exp
// sinks below it; a set_encoding of result #1 of a multi-result op bubbles above the
// op, whose result #0 gets an unset_encoding for its plain users.
// RUN: meshc compile %s -p propagate-encodings --split-input-file | filecheck %s
// Propagation is idempotent (a second run changes nothing):
// RUN: meshc compile %s -p propagate-encodings,propagate-encodings --split-input-file | filecheck %s

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [16, 32, 64]>

// CHECK-LABEL: func.func @set_encoding_after_exp(
// CHECK-SAME:    %[[SRC:.*]]: tensor<16x64xf32>)
// CHECK:         %[[INIT:.*]] = tensor.empty() : tensor<16x64xf32, #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, {{.*}}>>
// CHECK-NEXT:    %[[ESRC:.*]] = iree_encoding.set_encoding %[[SRC]] : tensor<16x64xf32> -> tensor<16x64xf32, #iree_encoding.encoding<operand_index = 0 : index, {{.*}}>>
// CHECK-NEXT:    %[[EXP:.*]] = linalg.exp ins(%[[ESRC]] : {{.*}}) outs(%[[INIT]] : {{.*}}) -> tensor<16x64xf32, #iree_encoding.encoding<operand_index = 0 : index, {{.*}}>>
// CHECK-NOT:     iree_encoding.set_encoding
// CHECK:         return %[[EXP]]
func.func @set_encoding_after_exp(%src: tensor<16x64xf32>) -> tensor<16x64xf32, #lhs> {
  %init = tensor.empty() : tensor<16x64xf32>
  %0 = linalg.exp ins(%src : tensor<16x64xf32>) outs(%init : tensor<16x64xf32>) -> tensor<16x64xf32>
  %1 = iree_encoding.set_encoding %0 : tensor<16x64xf32> -> tensor<16x64xf32, #lhs>
  return %1 : tensor<16x64xf32, #lhs>
}

// -----

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#res = #iree_encoding.encoding<operand_index = 2 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [16, 32, 64]>

// CHECK-LABEL: func.func @unset_encoding_before_exp(
// CHECK-SAME:    %[[SRC:.*]]: tensor<16x32xf32, #iree_encoding.encoding<operand_index = 2 : index, {{.*}}>>)
// CHECK:         %[[INIT:.*]] = tensor.empty() : tensor<16x32xf32, #iree_encoding.encoding<operand_index = 2 : index, {{.*}}>>
// CHECK-NEXT:    %[[EXP:.*]] = linalg.exp ins(%[[SRC]] : {{.*}}) outs(%[[INIT]] : {{.*}}) -> tensor<16x32xf32, #iree_encoding.encoding<operand_index = 2 : index, {{.*}}>>
// CHECK-NEXT:    %[[R:.*]] = iree_encoding.unset_encoding %[[EXP]] : tensor<16x32xf32, #iree_encoding.encoding<{{.*}}>> -> tensor<16x32xf32>
// CHECK-NEXT:    return %[[R]] : tensor<16x32xf32>
func.func @unset_encoding_before_exp(%src: tensor<16x32xf32, #res>) -> tensor<16x32xf32> {
  %0 = iree_encoding.unset_encoding %src : tensor<16x32xf32, #res> -> tensor<16x32xf32>
  %init = tensor.empty() : tensor<16x32xf32>
  %1 = linalg.exp ins(%0 : tensor<16x32xf32>) outs(%init : tensor<16x32xf32>) -> tensor<16x32xf32>
  return %1 : tensor<16x32xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [16, 32, 64]>

// CHECK-LABEL: func.func @multi_result(
// CHECK-SAME:    %[[SRC:[a-z0-9_]+]]: tensor<16x64xf32>
// CHECK-DAG:     %[[I0:.*]] = tensor.empty() : tensor<16x64xf32, #iree_encoding.encoding<{{.*}}>>
// CHECK-DAG:     %[[I1:.*]] = tensor.empty() : tensor<16x64xf32, #iree_encoding.encoding<{{.*}}>>
// CHECK-DAG:     %[[ESRC:.*]] = iree_encoding.set_encoding %[[SRC]] : tensor<16x64xf32> -> tensor<16x64xf32, #iree_encoding.encoding<{{.*}}>>
// CHECK:         %[[R:.*]]:2 = linalg.generic {{.*}} ins(%[[ESRC]] : {{.*}}) outs(%[[I0]], %[[I1]] : {{.*}})
// CHECK:         } -> (tensor<16x64xf32, #iree_encoding.encoding<{{.*}}>>, tensor<16x64xf32, #iree_encoding.encoding<{{.*}}>>)
// CHECK-NEXT:    %[[U:.*]] = iree_encoding.unset_encoding %[[R]]#0 : {{.*}} -> tensor<16x64xf32>
// CHECK-NEXT:    return %[[U]], %[[R]]#1
func.func @multi_result(%src: tensor<16x64xf32>) -> (tensor<16x64xf32>, tensor<16x64xf32, #lhs>) {
  %i0 = tensor.empty() : tensor<16x64xf32>
  %i1 = tensor.empty() : tensor<16x64xf32>
  %0:2 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%src : tensor<16x64xf32>) outs(%i0, %i1 : tensor<16x64xf32>, tensor<16x64xf32>) {
  ^bb0(%a: f32, %o0: f32, %o1: f32):
    %e = math.exp %a : f32
    %n = arith.negf %a : f32
    linalg.yield %e, %n : f32, f32
  } -> (tensor<16x64xf32>, tensor<16x64xf32>)
  %1 = iree_encoding.set_encoding %0#1 : tensor<16x64xf32> -> tensor<16x64xf32, #lhs>
  return %0#0, %1 : tensor<16x64xf32>, tensor<16x64xf32, #lhs>
}
