// Where propagation must stop, it stops, and --remarks says where and why (checked by
// --verify-diagnostics); the IR around each stop is left as it was.
// RUN: meshc compile %s -p propagate-encodings --remarks --split-input-file --verify-diagnostics | filecheck %s

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [16, 32, 64]>

// A reduction over a dim the encoding tiles (K of the LHS): its padding would enter the sum.
// CHECK-LABEL: func.func @reduce_encoded_dim(
// CHECK:         %[[U:.*]] = iree_encoding.unset_encoding
// CHECK:         linalg.reduce { arith.addf } ins(%[[U]] : tensor<16x64xf32>)
func.func @reduce_encoded_dim(%a: tensor<16x64xf32, #lhs>) -> tensor<16xf32> {
  // expected-remark @+1 {{unset_encoding stays before 'linalg.reduce': the op reduces over dim 1 of tensor<16x64xf32>, which the encoding tiles (role K)}}
  %u = iree_encoding.unset_encoding %a : tensor<16x64xf32, #lhs> -> tensor<16x64xf32>
  %e = tensor.empty() : tensor<16xf32>
  %r = linalg.reduce { arith.addf } ins(%u : tensor<16x64xf32>) outs(%e : tensor<16xf32>) dimensions = [1]
  return %r : tensor<16xf32>
}

// -----

#strided = affine_map<(d0, d1) -> (d0, d1 * 2)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [16, 32, 64]>

// An indexing map that is not a projected permutation (a strided read).
// CHECK-LABEL: func.func @not_a_permutation(
// CHECK:         %[[G:.*]] = linalg.generic
// CHECK:         iree_encoding.set_encoding %[[G]]
func.func @not_a_permutation(%x: tensor<16x127xf32>) -> tensor<16x64xf32, #lhs> {
  %e = tensor.empty() : tensor<16x64xf32>
  %g = linalg.generic {indexing_maps = [#strided, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<16x127xf32>) outs(%e : tensor<16x64xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<16x64xf32>
  // expected-remark @+1 {{set_encoding stays: indexing map #0 (d0, d1) -> (d0, d1 * 2) is not a projected permutation}}
  %s = iree_encoding.set_encoding %g : tensor<16x64xf32> -> tensor<16x64xf32, #lhs>
  return %s : tensor<16x64xf32, #lhs>
}

// -----

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [16, 32, 64]>

// The exp's result is also returned plain: the exp is not duplicated, the set_encoding stays below it.
// CHECK-LABEL: func.func @multi_use(
// CHECK:         %[[X:.*]] = linalg.exp
// CHECK-NEXT:    %[[S:.*]] = iree_encoding.set_encoding %[[X]]
// CHECK-NEXT:    return %[[X]], %[[S]]
func.func @multi_use(%src: tensor<16x64xf32>) -> (tensor<16x64xf32>, tensor<16x64xf32, #lhs>) {
  %init = tensor.empty() : tensor<16x64xf32>
  %0 = linalg.exp ins(%src : tensor<16x64xf32>) outs(%init : tensor<16x64xf32>) -> tensor<16x64xf32>
  // expected-remark @+1 {{set_encoding stays: the value also feeds 'func.return', which needs the plain layout}}
  %1 = iree_encoding.set_encoding %0 : tensor<16x64xf32> -> tensor<16x64xf32, #lhs>
  return %0, %1 : tensor<16x64xf32>, tensor<16x64xf32, #lhs>
}

// -----

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [16, 32, 64]>

// Region boundaries: the iteration argument of an scf.for, a value yielded out of the loop, the result of
// the loop itself.
// CHECK-LABEL: func.func @region_boundaries(
// CHECK:         scf.for
// CHECK-NEXT:      iree_encoding.set_encoding
// CHECK:           linalg.exp
// CHECK-NEXT:      iree_encoding.unset_encoding
// CHECK-NEXT:      scf.yield
// CHECK:         iree_encoding.set_encoding
func.func @region_boundaries(%x: tensor<16x64xf32>) -> tensor<16x64xf32, #lhs> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %x) -> (tensor<16x64xf32>) {
    // expected-remark @+1 {{set_encoding stays: a block argument of 'scf.for' (region boundary)}}
    %s = iree_encoding.set_encoding %acc : tensor<16x64xf32> -> tensor<16x64xf32, #lhs>
    %e = tensor.empty() : tensor<16x64xf32, #lhs>
    %x2 = linalg.exp ins(%s : tensor<16x64xf32, #lhs>) outs(%e : tensor<16x64xf32, #lhs>) -> tensor<16x64xf32, #lhs>
    // expected-remark @+1 {{unset_encoding stays before 'scf.yield': no propagation model for 'scf.yield' (region boundary)}}
    %u = iree_encoding.unset_encoding %x2 : tensor<16x64xf32, #lhs> -> tensor<16x64xf32>
    scf.yield %u : tensor<16x64xf32>
  }
  // expected-remark @+1 {{set_encoding stays: no propagation model for 'scf.for'}}
  %t = iree_encoding.set_encoding %r : tensor<16x64xf32> -> tensor<16x64xf32, #lhs>
  return %t : tensor<16x64xf32, #lhs>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [16, 32, 64]>

// A body reading loop indices (linalg.index) would see packed indices after materialization.
// CHECK-LABEL: func.func @index_body(
// CHECK:         %[[G:.*]] = linalg.generic
// CHECK:         iree_encoding.set_encoding %[[G]]
func.func @index_body(%x: tensor<16x64xf32>) -> tensor<16x64xf32, #lhs> {
  %e = tensor.empty() : tensor<16x64xf32>
  %g = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<16x64xf32>) outs(%e : tensor<16x64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %i = linalg.index 1 : index
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    %s = arith.addf %a, %f : f32
    linalg.yield %s : f32
  } -> tensor<16x64xf32>
  // expected-remark @+1 {{set_encoding stays: the body of 'linalg.generic' reads loop indices (linalg.index)}}
  %s = iree_encoding.set_encoding %g : tensor<16x64xf32> -> tensor<16x64xf32, #lhs>
  return %s : tensor<16x64xf32, #lhs>
}

// -----

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [16, 32, 64]>

// A matmul result feeding another matmul: the contraction is the user of its own encodings.
// CHECK-LABEL: func.func @contraction(
// CHECK:         %[[M:.*]] = linalg.matmul
// CHECK-NEXT:    iree_encoding.set_encoding %[[M]]
func.func @contraction(%a: tensor<16x8xf32>, %b: tensor<8x64xf32>, %c: tensor<16x64xf32>) -> tensor<16x64xf32, #lhs> {
  %m = linalg.matmul ins(%a, %b : tensor<16x8xf32>, tensor<8x64xf32>) outs(%c : tensor<16x64xf32>) -> tensor<16x64xf32>
  // expected-remark @+1 {{set_encoding stays: 'linalg.matmul' is a contraction: encodings are set for it, not moved through it}}
  %s = iree_encoding.set_encoding %m : tensor<16x64xf32> -> tensor<16x64xf32, #lhs>
  return %s : tensor<16x64xf32, #lhs>
}

// -----

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#rhs = #iree_encoding.encoding<operand_index = 1 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [16, 32, 64]>

// A mutable global: an encoded copy made once would go stale after a store.
// CHECK-LABEL: func.func @mutable_global(
// CHECK-NEXT:    %[[L:.*]] = util.global.load @m
// CHECK-NEXT:    iree_encoding.set_encoding %[[L]]
util.global private mutable @m = dense<1.0> : tensor<64x32xf32>
func.func @mutable_global() -> tensor<64x32xf32, #rhs> {
  %w = util.global.load @m : tensor<64x32xf32>
  // expected-remark @+1 {{set_encoding stays: @m is mutable: an encoded copy made once would go stale}}
  %r = iree_encoding.set_encoding %w : tensor<64x32xf32> -> tensor<64x32xf32, #rhs>
  return %r : tensor<64x32xf32, #rhs>
}

// -----

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [16, 32, 64]>

// A reshape splitting the M dim over two non-unit dims: an encoding's affine maps cannot split a loop.
// CHECK-LABEL: func.func @reshape_split(
// CHECK:         %[[C:.*]] = tensor.collapse_shape
// CHECK-NEXT:    iree_encoding.set_encoding %[[C]]
func.func @reshape_split(%x: tensor<2x8x64xf32>) -> tensor<16x64xf32, #lhs> {
  %c = tensor.collapse_shape %x [[0, 1], [2]] : tensor<2x8x64xf32> into tensor<16x64xf32>
  // expected-remark @+1 {{set_encoding stays: 'tensor.collapse_shape' merges dims [0, 1] of sizes 2x8; an encoding cannot split one dim over several}}
  %l = iree_encoding.set_encoding %c : tensor<16x64xf32> -> tensor<16x64xf32, #lhs>
  return %l : tensor<16x64xf32, #lhs>
}

// -----

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [16, 32, 64]>
#rhs = #iree_encoding.encoding<operand_index = 1 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [16, 32, 64]>

// Function arguments need the through-function-args option; an unset_encoding of one encoding feeding
// a set_encoding of another stays (the pair is a real relayout); dynamic shapes are not propagated.
// CHECK-LABEL: func.func @args_and_relayout(
// CHECK:         iree_encoding.set_encoding %x
// CHECK:         %[[U:.*]] = iree_encoding.unset_encoding %y
// CHECK-NEXT:    iree_encoding.set_encoding %[[U]]
// CHECK:         iree_encoding.unset_encoding %z
func.func @args_and_relayout(%x: tensor<16x64xf32>, %y: tensor<16x64xf32, #lhs>, %z: tensor<?x64xf32, #lhs>) -> (tensor<16x64xf32, #lhs>, tensor<16x64xf32, #rhs>, tensor<?x64xf32>) {
  // expected-remark @+1 {{set_encoding stays: reaches argument #0 of @args_and_relayout; the option through-function-args would change the function's signature}}
  %a = iree_encoding.set_encoding %x : tensor<16x64xf32> -> tensor<16x64xf32, #lhs>
  // expected-remark @+1 {{unset_encoding stays: its user sets another encoding}}
  %u = iree_encoding.unset_encoding %y : tensor<16x64xf32, #lhs> -> tensor<16x64xf32>
  // expected-remark @+1 {{set_encoding stays: no propagation model for 'iree_encoding.unset_encoding'}}
  %b = iree_encoding.set_encoding %u : tensor<16x64xf32> -> tensor<16x64xf32, #rhs>
  // expected-remark @+1 {{unset_encoding stays before 'func.return': no propagation model for 'func.return' (region boundary)}}
  %d = iree_encoding.unset_encoding %z : tensor<?x64xf32, #lhs> -> tensor<?x64xf32>
  return %a, %b, %d : tensor<16x64xf32, #lhs>, tensor<16x64xf32, #rhs>, tensor<?x64xf32>
}
