// set-encoding gives every matmul / batch_matmul operand and result a data-tiling encoding (IREE's
// SetEncoding): set_encoding on LHS, RHS and accumulator, unset_encoding on the result; iteration_sizes
// are the static loop ranges ('?' where dynamic). Matmuls already encoded are left alone.
// RUN: meshc compile %s -p set-encoding --split-input-file | filecheck %s
// RUN: meshc compile %s -p set-encoding,propagate-encodings --split-input-file | filecheck %s --check-prefix=PROP

// CHECK-LABEL: func.func @matmul(
// CHECK-SAME:    %[[A:[a-z0-9]+]]: tensor<16x64xf32>, %[[B:[a-z0-9]+]]: tensor<64x32xf32>)
// CHECK:         %[[F:.*]] = linalg.fill
// CHECK-NEXT:    %[[EA:.*]] = iree_encoding.set_encoding %[[A]] : tensor<16x64xf32> -> tensor<16x64xf32, #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iteration_sizes = [16, 32, 64]>>
// CHECK-NEXT:    %[[EB:.*]] = iree_encoding.set_encoding %[[B]] : tensor<64x32xf32> -> tensor<64x32xf32, #iree_encoding.encoding<operand_index = 1 : index, {{.*}}>>
// CHECK-NEXT:    %[[EF:.*]] = iree_encoding.set_encoding %[[F]] : tensor<16x32xf32> -> tensor<16x32xf32, #iree_encoding.encoding<operand_index = 2 : index, {{.*}}>>
// CHECK-NEXT:    %[[M:.*]] = linalg.matmul ins(%[[EA]], %[[EB]] : {{.*}}) outs(%[[EF]] : {{.*}}) -> tensor<16x32xf32, #iree_encoding.encoding<operand_index = 2 : index, {{.*}}>>
// CHECK-NEXT:    %[[R:.*]] = iree_encoding.unset_encoding %[[M]] : {{.*}} -> tensor<16x32xf32>
// CHECK-NEXT:    return %[[R]]
// The accumulator's set_encoding then bubbles through the fill into the tensor.empty:
// PROP-LABEL: func.func @matmul(
// PROP:         %[[E:.*]] = tensor.empty() : tensor<16x32xf32, #iree_encoding.encoding<operand_index = 2 : index, {{.*}}>>
// PROP-NEXT:    %[[F:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E]] : {{.*}}) -> tensor<16x32xf32, #iree_encoding.encoding<{{.*}}>>
// PROP:         linalg.matmul ins(%{{.*}}, %{{.*}} : {{.*}}) outs(%[[F]] :
func.func @matmul(%a: tensor<16x64xf32>, %b: tensor<64x32xf32>) -> tensor<16x32xf32> {
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x32xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<16x32xf32>) -> tensor<16x32xf32>
  %m = linalg.matmul ins(%a, %b : tensor<16x64xf32>, tensor<64x32xf32>) outs(%f : tensor<16x32xf32>) -> tensor<16x32xf32>
  return %m : tensor<16x32xf32>
}

// -----

// CHECK-LABEL: func.func @batch_matmul_dynamic(
// CHECK:         iree_encoding.set_encoding %{{.*}} : tensor<4x?x8xf32> -> tensor<4x?x8xf32, #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iteration_sizes = [4, ?, 16, 8]>>
// CHECK:         linalg.batch_matmul
// CHECK:         iree_encoding.unset_encoding
func.func @batch_matmul_dynamic(%a: tensor<4x?x8xf32>, %b: tensor<4x8x16xf32>, %c: tensor<4x?x16xf32>) -> tensor<4x?x16xf32> {
  %m = linalg.batch_matmul ins(%a, %b : tensor<4x?x8xf32>, tensor<4x8x16xf32>) outs(%c : tensor<4x?x16xf32>) -> tensor<4x?x16xf32>
  return %m : tensor<4x?x16xf32>
}

// -----

// Mixed element types (i8 x i8 -> i32) are recorded in element_types.
// CHECK-LABEL: func.func @matmul_i8(
// CHECK:         iree_encoding.set_encoding %{{.*}} : tensor<8x4xi8> -> tensor<8x4xi8, #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [i8, i8, i32], {{.*}}>>
func.func @matmul_i8(%a: tensor<8x4xi8>, %b: tensor<4x2xi8>, %c: tensor<8x2xi32>) -> tensor<8x2xi32> {
  %m = linalg.matmul ins(%a, %b : tensor<8x4xi8>, tensor<4x2xi8>) outs(%c : tensor<8x2xi32>) -> tensor<8x2xi32>
  return %m : tensor<8x2xi32>
}
