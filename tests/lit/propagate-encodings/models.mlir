// One function per propagation model of meshc/interfaces/encoding.py: tensor.empty, linalg.fill,
// named elementwise ops, linalg.broadcast and a broadcasting generic (dequantisation), linalg.transpose,
// arith.constant, tensor.collapse_shape / expand_shape that add or drop unit dims, generic ops with
// permutation maps, sinking into a reduction over a dim the encoding does not tile, and util.global.load
// of an immutable global (hoisted into a util.initializer). The new encodings append the dim map to the
// operand's user_indexing_maps entry, as IREE's cloneWithNewOperandIndexingMap does.
// RUN: meshc compile %s -p propagate-encodings --split-input-file | filecheck %s

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#res = #iree_encoding.encoding<operand_index = 2 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [16, 32, 64]>

// tensor.empty returns itself with the encoded type; linalg.fill wraps its init.
// CHECK-LABEL: func.func @empty_fill(
// CHECK-NEXT:    %[[C:.*]] = arith.constant 0.0
// CHECK-NEXT:    %[[E:.*]] = tensor.empty() : tensor<16x32xf32, #iree_encoding.encoding<operand_index = 2 : index, {{.*}}>>
// CHECK-NEXT:    %[[F:.*]] = linalg.fill ins(%[[C]] : f32) outs(%[[E]] : {{.*}}) -> tensor<16x32xf32, #iree_encoding.encoding<operand_index = 2 : index, {{.*}}>>
// CHECK-NEXT:    return %[[F]]
func.func @empty_fill() -> tensor<16x32xf32, #res> {
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x32xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<16x32xf32>) -> tensor<16x32xf32>
  %s = iree_encoding.set_encoding %f : tensor<16x32xf32> -> tensor<16x32xf32, #res>
  return %s : tensor<16x32xf32, #res>
}

// -----

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#res = #iree_encoding.encoding<operand_index = 2 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [16, 32, 64]>

// linalg.broadcast of a bias along M: the bias's encoding composes the result map with (d0, d1) -> (d1).
// CHECK-LABEL: func.func @broadcast(
// CHECK-SAME:    %[[B:.*]]: tensor<32xf32>)
// CHECK:         %[[EB:.*]] = iree_encoding.set_encoding %[[B]] : tensor<32xf32> -> tensor<32xf32, #iree_encoding.encoding<operand_index = 2 : index, {{.*}} user_indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>]], iteration_sizes = [16, 32, 64]>>
// CHECK-NEXT:    %[[R:.*]] = linalg.broadcast ins(%[[EB]] : {{.*}}) outs(%{{.*}} : tensor<16x32xf32, #iree_encoding.encoding<{{.*}}>>) dimensions = [0]
// CHECK-NEXT:    return %[[R]]
func.func @broadcast(%b: tensor<32xf32>) -> tensor<16x32xf32, #res> {
  %e = tensor.empty() : tensor<16x32xf32>
  %r = linalg.broadcast ins(%b : tensor<32xf32>) outs(%e : tensor<16x32xf32>) dimensions = [0]
  %s = iree_encoding.set_encoding %r : tensor<16x32xf32> -> tensor<16x32xf32, #res>
  return %s : tensor<16x32xf32, #res>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#rhs = #iree_encoding.encoding<operand_index = 1 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [16, 32, 64]>

// Dequantisation (i8 weight times a per-column scale, a broadcasting generic): both inputs get encodings,
// the i8 one the RHS encoding itself, the scale the composed one.
// CHECK-LABEL: func.func @dequant(
// CHECK-SAME:    %[[Q:[a-z0-9]+]]: tensor<64x32xi8>, %[[S:[a-z0-9]+]]: tensor<32xf32>)
// CHECK-DAG:     %[[EQ:.*]] = iree_encoding.set_encoding %[[Q]] : tensor<64x32xi8> -> tensor<64x32xi8, #iree_encoding.encoding<operand_index = 1 : index, {{.*}} user_indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], {{.*}}>>
// CHECK-DAG:     %[[ES:.*]] = iree_encoding.set_encoding %[[S]] : tensor<32xf32> -> tensor<32xf32, #iree_encoding.encoding<operand_index = 1 : index, {{.*}}[affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1) -> (d1)>]{{.*}}>>
// CHECK:         %[[W:.*]] = linalg.generic {{.*}} ins(%[[EQ]], %[[ES]] : {{.*}}) outs({{.*}})
// CHECK:         return %[[W]]
func.func @dequant(%q: tensor<64x32xi8>, %s: tensor<32xf32>) -> tensor<64x32xf32, #rhs> {
  %e = tensor.empty() : tensor<64x32xf32>
  %w = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%q, %s : tensor<64x32xi8>, tensor<32xf32>) outs(%e : tensor<64x32xf32>) {
  ^bb0(%a: i8, %b: f32, %o: f32):
    %f = arith.sitofp %a : i8 to f32
    %m = arith.mulf %f, %b : f32
    linalg.yield %m : f32
  } -> tensor<64x32xf32>
  %r = iree_encoding.set_encoding %w : tensor<64x32xf32> -> tensor<64x32xf32, #rhs>
  return %r : tensor<64x32xf32, #rhs>
}

// -----

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#rhs = #iree_encoding.encoding<operand_index = 1 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [16, 32, 64]>

// linalg.transpose: the source's encoding composes the transpose; a named elementwise op with two
// inputs (linalg.add) then passes the same encoding to both of its inputs.
// CHECK-LABEL: func.func @transpose_add(
// CHECK-SAME:    %[[A:[a-z0-9]+]]: tensor<32x64xf32>, %[[B:[a-z0-9]+]]: tensor<32x64xf32>)
// CHECK-DAG:     %[[EA:.*]] = iree_encoding.set_encoding %[[A]] : tensor<32x64xf32> -> tensor<32x64xf32, #iree_encoding.encoding<operand_index = 1 : index, {{.*}}[affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1) -> (d1, d0)>]{{.*}}>>
// CHECK-DAG:     %[[EB:.*]] = iree_encoding.set_encoding %[[B]] : tensor<32x64xf32> -> tensor<32x64xf32, #iree_encoding.encoding<operand_index = 1 : index, {{.*}}[affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1) -> (d1, d0)>]{{.*}}>>
// CHECK:         %[[S:.*]] = linalg.add ins(%[[EA]], %[[EB]] : {{.*}})
// CHECK:         %[[T:.*]] = linalg.transpose ins(%[[S]] : {{.*}}) outs({{.*}}) permutation = [1, 0]
// CHECK-NEXT:    return %[[T]]
func.func @transpose_add(%a: tensor<32x64xf32>, %b: tensor<32x64xf32>) -> tensor<64x32xf32, #rhs> {
  %e0 = tensor.empty() : tensor<32x64xf32>
  %s = linalg.add ins(%a, %b : tensor<32x64xf32>, tensor<32x64xf32>) outs(%e0 : tensor<32x64xf32>) -> tensor<32x64xf32>
  %e = tensor.empty() : tensor<64x32xf32>
  %t = linalg.transpose ins(%s : tensor<32x64xf32>) outs(%e : tensor<64x32xf32>) permutation = [1, 0]
  %r = iree_encoding.set_encoding %t : tensor<64x32xf32> -> tensor<64x32xf32, #rhs>
  return %r : tensor<64x32xf32, #rhs>
}

// -----

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#rhs = #iree_encoding.encoding<operand_index = 1 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [2, 2, 2]>

// arith.constant becomes an encoded constant (same data, encoded type).
// CHECK-LABEL: func.func @constant(
// CHECK-NEXT:    %[[C:.*]] = arith.constant dense<{{\[\[}}1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf32, #iree_encoding.encoding<operand_index = 1 : index, {{.*}}>>
// CHECK-NEXT:    return %[[C]]
func.func @constant() -> tensor<2x2xf32, #rhs> {
  %c = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %r = iree_encoding.set_encoding %c : tensor<2x2xf32> -> tensor<2x2xf32, #rhs>
  return %r : tensor<2x2xf32, #rhs>
}

// -----

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [16, 32, 64]>
#res = #iree_encoding.encoding<operand_index = 2 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [16, 32, 64]>

// collapse_shape dropping a unit dim: the source's map gets a constant 0 for the unit dim; an
// unset_encoding sinks through an expand_shape adding one.
// CHECK-LABEL: func.func @reshapes(
// CHECK-SAME:    %[[X:[a-z0-9]+]]: tensor<1x16x64xf32>, %[[Y:[a-z0-9]+]]: tensor<16x32xf32, {{.*}}>)
// CHECK:         %[[EX:.*]] = iree_encoding.set_encoding %[[X]] : tensor<1x16x64xf32> -> tensor<1x16x64xf32, #iree_encoding.encoding<operand_index = 0 : index, {{.*}}[affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1) -> (0, d0, d1)>]{{.*}}>>
// CHECK-NEXT:    %[[C:.*]] = tensor.collapse_shape %[[EX]] {{\[\[}}0, 1], [2]] : {{.*}} into tensor<16x64xf32, #iree_encoding.encoding<operand_index = 0 : index, {{.*}}>>
// CHECK-NEXT:    %[[E:.*]] = tensor.expand_shape %[[Y]] {{\[\[}}0, 1], [2]] output_shape [1, 16, 32] : {{.*}} into tensor<1x16x32xf32, #iree_encoding.encoding<operand_index = 2 : index, {{.*}}[affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1) -> (0, d0, d1)>]{{.*}}>>
// CHECK-NEXT:    %[[U:.*]] = iree_encoding.unset_encoding %[[E]] : {{.*}} -> tensor<1x16x32xf32>
// CHECK-NEXT:    return %[[C]], %[[U]]
func.func @reshapes(%x: tensor<1x16x64xf32>, %y: tensor<16x32xf32, #res>) -> (tensor<16x64xf32, #lhs>, tensor<1x16x32xf32>) {
  %c = tensor.collapse_shape %x [[0, 1], [2]] : tensor<1x16x64xf32> into tensor<16x64xf32>
  %l = iree_encoding.set_encoding %c : tensor<16x64xf32> -> tensor<16x64xf32, #lhs>
  %u = iree_encoding.unset_encoding %y : tensor<16x32xf32, #res> -> tensor<16x32xf32>
  %e = tensor.expand_shape %u [[0, 1], [2]] output_shape [1, 16, 32] : tensor<16x32xf32> into tensor<1x16x32xf32>
  return %l, %e : tensor<16x64xf32, #lhs>, tensor<1x16x32xf32>
}

// -----

#perm = affine_map<(d0, d1) -> (d1, d0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#res = #iree_encoding.encoding<operand_index = 2 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [16, 32, 64]>

// Sinking an unset_encoding into a generic whose maps are permutations: the generic's other input gets a
// set_encoding with the composed map, its result the composed encoding, then the unset_encoding.
// CHECK-LABEL: func.func @sink_permuted(
// CHECK-SAME:    %[[A:[a-z0-9]+]]: tensor<16x32xf32, {{.*}}>, %[[B:[a-z0-9]+]]: tensor<32x16xf32>)
// CHECK:         %[[EB:.*]] = iree_encoding.set_encoding %[[B]] : tensor<32x16xf32> -> tensor<32x16xf32, #iree_encoding.encoding<operand_index = 2 : index, {{.*}}[affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1) -> (d1, d0)>]{{.*}}>>
// CHECK-NEXT:    %[[G:.*]] = linalg.generic {{.*}} ins(%[[A]], %[[EB]] : {{.*}})
// CHECK:         } -> tensor<32x16xf32, #iree_encoding.encoding<operand_index = 2 : index, {{.*}}[affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1) -> (d1, d0)>]{{.*}}>>
// CHECK-NEXT:    %[[U:.*]] = iree_encoding.unset_encoding %[[G]] : {{.*}} -> tensor<32x16xf32>
// CHECK-NEXT:    return %[[U]]
func.func @sink_permuted(%a: tensor<16x32xf32, #res>, %b: tensor<32x16xf32>) -> tensor<32x16xf32> {
  %u = iree_encoding.unset_encoding %a : tensor<16x32xf32, #res> -> tensor<16x32xf32>
  %e = tensor.empty() : tensor<32x16xf32>
  %g = linalg.generic {indexing_maps = [#perm, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%u, %b : tensor<16x32xf32>, tensor<32x16xf32>) outs(%e : tensor<32x16xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<32x16xf32>
  return %g : tensor<32x16xf32>
}

// -----

#bmap = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
#bmap1 = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
#bmap2 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#bres = #iree_encoding.encoding<operand_index = 2 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#bmap, #bmap1, #bmap2], iteration_sizes = [4, 16, 32, 64]>

// A batch_matmul result summed over the batch: the batch dim is not tiled, so the unset_encoding sinks
// into the reduction; the result's map drops the reduced dim (a constant 0 marks the init's reduced slot).
// CHECK-LABEL: func.func @sink_reduce_batch(
// CHECK:         %[[R:.*]] = linalg.reduce { arith.addf } ins(%{{.*}} : tensor<4x16x32xf32, #iree_encoding.encoding<{{.*}}>>) outs(%{{.*}} : tensor<16x32xf32, #iree_encoding.encoding<operand_index = 2 : index, {{.*}}[affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>]{{.*}}>>) dimensions = [0]
// CHECK-NEXT:    %[[U:.*]] = iree_encoding.unset_encoding %[[R]]
// CHECK-NEXT:    return %[[U]]
func.func @sink_reduce_batch(%a: tensor<4x16x32xf32, #bres>) -> tensor<16x32xf32> {
  %u = iree_encoding.unset_encoding %a : tensor<4x16x32xf32, #bres> -> tensor<4x16x32xf32>
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x32xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<16x32xf32>) -> tensor<16x32xf32>
  %r = linalg.reduce { arith.addf } ins(%u : tensor<4x16x32xf32>) outs(%f : tensor<16x32xf32>) dimensions = [0]
  return %r : tensor<16x32xf32>
}

// -----

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#rhs = #iree_encoding.encoding<operand_index = 1 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [16, 32, 64]>

// util.global.load of an immutable global: a private encoded global filled once by an initializer (the
// RFC's hoisting); two loads with the same encoding share it.
// CHECK:       util.global private @w = dense<1.000000e+00> : tensor<64x32xf32>
// CHECK-NEXT:  util.global private @w_encoded : tensor<64x32xf32, #iree_encoding.encoding<operand_index = 1 : index, {{.*}}>>
// CHECK-NEXT:  util.initializer {
// CHECK-NEXT:    %[[L:.*]] = util.global.load immutable @w : tensor<64x32xf32>
// CHECK-NEXT:    %[[S:.*]] = iree_encoding.set_encoding %[[L]] : tensor<64x32xf32> -> tensor<64x32xf32, #iree_encoding.encoding<{{.*}}>>
// CHECK-NEXT:    util.global.store %[[S]], @w_encoded
// CHECK-NEXT:    util.return
// CHECK-NEXT:  }
// CHECK-NOT:   util.initializer
// CHECK-LABEL: func.func @global(
// CHECK-NEXT:    %[[A:.*]] = util.global.load immutable @w_encoded
// CHECK-NEXT:    %[[B:.*]] = util.global.load immutable @w_encoded
// CHECK-NEXT:    return %[[A]], %[[B]]
util.global private @w = dense<1.0> : tensor<64x32xf32>
func.func @global() -> (tensor<64x32xf32, #rhs>, tensor<64x32xf32, #rhs>) {
  %w = util.global.load immutable @w : tensor<64x32xf32>
  %r = iree_encoding.set_encoding %w : tensor<64x32xf32> -> tensor<64x32xf32, #rhs>
  %w2 = util.global.load @w : tensor<64x32xf32>
  %r2 = iree_encoding.set_encoding %w2 : tensor<64x32xf32> -> tensor<64x32xf32, #rhs>
  return %r, %r2 : tensor<64x32xf32, #rhs>, tensor<64x32xf32, #rhs>
}
