// With through-function-args, a set_encoding of a function argument moves into the signature and to
// every call site, where it keeps bubbling (here into an encoded constant). Off by default: the
// calling convention changes (see stops.mlir). A public function keeps its signature (its callers are
// outside the module).
// RUN: meshc compile %s -p "propagate-encodings{through-function-args}" --remarks --verify-diagnostics | filecheck %s
// RUN: meshc compile %s -p propagate-encodings | filecheck %s --check-prefix=OFF

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [2, 2, 2]>
#rhs = #iree_encoding.encoding<operand_index = 1 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [2, 2, 2]>
#res = #iree_encoding.encoding<operand_index = 2 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [2, 2, 2]>

// CHECK-LABEL: func.func private @mm(
// CHECK-SAME:    %[[X:[a-z0-9]+]]: tensor<2x2xf32, #iree_encoding.encoding<operand_index = 0 : index, {{.*}}>>, %[[W:[a-z0-9]+]]: tensor<2x2xf32, #iree_encoding.encoding<operand_index = 1 : index, {{.*}}>>) -> tensor<2x2xf32> {
// CHECK-NOT:     iree_encoding.set_encoding
// CHECK:         linalg.matmul ins(%[[X]], %[[W]] :
// CHECK-LABEL: func.func @caller(
// CHECK-SAME:    %[[A:[a-z0-9]+]]: tensor<2x2xf32>)
// CHECK-DAG:     %[[C:.*]] = arith.constant dense<{{.*}}> : tensor<2x2xf32, #iree_encoding.encoding<operand_index = 1 : index, {{.*}}>>
// CHECK-DAG:     %[[EA:.*]] = iree_encoding.set_encoding %[[A]] : tensor<2x2xf32> -> tensor<2x2xf32, #iree_encoding.encoding<operand_index = 0 : index, {{.*}}>>
// CHECK:         %[[R:.*]] = func.call @mm(%[[EA]], %[[C]]) : (tensor<2x2xf32, #iree_encoding.encoding<{{.*}}>>, tensor<2x2xf32, #iree_encoding.encoding<{{.*}}>>) -> tensor<2x2xf32>
// OFF-LABEL:   func.func private @mm(
// OFF-SAME:      %x: tensor<2x2xf32>, %w: tensor<2x2xf32>)
// OFF:           iree_encoding.set_encoding %x
// OFF-LABEL:   func.func @caller(
// OFF-NOT:       iree_encoding
func.func private @mm(%x: tensor<2x2xf32>, %w: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %l = iree_encoding.set_encoding %x : tensor<2x2xf32> -> tensor<2x2xf32, #lhs>
  %r = iree_encoding.set_encoding %w : tensor<2x2xf32> -> tensor<2x2xf32, #rhs>
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x2xf32, #res>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<2x2xf32, #res>) -> tensor<2x2xf32, #res>
  %m = linalg.matmul ins(%l, %r : tensor<2x2xf32, #lhs>, tensor<2x2xf32, #rhs>) outs(%f : tensor<2x2xf32, #res>) -> tensor<2x2xf32, #res>
  // expected-remark @+1 {{unset_encoding stays before 'func.return': no propagation model for 'func.return' (region boundary)}}
  %u = iree_encoding.unset_encoding %m : tensor<2x2xf32, #res> -> tensor<2x2xf32>
  return %u : tensor<2x2xf32>
}
func.func @caller(%a: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %w = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  // expected-remark @+1 {{set_encoding stays: reaches argument #0 of public @caller, whose callers outside the module expect the plain layout}}
  %r = func.call @mm(%a, %w) : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}
