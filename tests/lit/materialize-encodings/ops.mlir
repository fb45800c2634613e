// Materialization of each op propagation can leave on encoded tensors (target x86-avx2, 8x8x1).
// RUN: meshc compile %s -p "materialize-encodings{target=x86-avx2}" --split-input-file | filecheck %s
// RUN: meshc compile %s -p "materialize-encodings{target=x86-avx2}" --split-input-file --remarks 2>&1 >/dev/null | filecheck %s --check-prefix=REMARK
// REMARK: remark: encoding #iree_encoding.testing<> is not a matmul encoding: dropped

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [3, 16, 8]>
#rhs = #iree_encoding.encoding<operand_index = 1 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [3, 16, 8]>
#res = #iree_encoding.encoding<operand_index = 2 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [3, 16, 8]>

// Narrow M: M = 3 gives M0 = 4 (the next power of two), for every operand of the contraction.
// CHECK-LABEL: func.func @narrow_m(
// CHECK:         linalg.pack %a {{.*}} inner_tiles = [4, 1] {{.*}} : tensor<3x8xf32> -> tensor<1x8x4x1xf32>
// CHECK:         linalg.pack %b {{.*}} inner_tiles = [8, 1] {{.*}} : tensor<8x16xf32> -> tensor<2x8x8x1xf32>
// CHECK:         linalg.pack %c {{.*}} inner_tiles = [4, 8] {{.*}} : tensor<3x16xf32> -> tensor<1x2x4x8xf32>
// CHECK:         linalg.mmt4d {{.*}} -> tensor<1x2x4x8xf32>
// CHECK:         linalg.unpack {{.*}} inner_tiles = [4, 8] {{.*}} : tensor<1x2x4x8xf32> -> tensor<3x16xf32>
func.func @narrow_m(%a: tensor<3x8xf32>, %b: tensor<8x16xf32>, %c: tensor<3x16xf32>) -> tensor<3x16xf32> {
  %l = iree_encoding.set_encoding %a : tensor<3x8xf32> -> tensor<3x8xf32, #lhs>
  %r = iree_encoding.set_encoding %b : tensor<8x16xf32> -> tensor<8x16xf32, #rhs>
  %o = iree_encoding.set_encoding %c : tensor<3x16xf32> -> tensor<3x16xf32, #res>
  %m = linalg.matmul ins(%l, %r : tensor<3x8xf32, #lhs>, tensor<8x16xf32, #rhs>) outs(%o : tensor<3x16xf32, #res>) -> tensor<3x16xf32, #res>
  %u = iree_encoding.unset_encoding %m : tensor<3x16xf32, #res> -> tensor<3x16xf32>
  return %u : tensor<3x16xf32>
}

// -----

#bmap = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
#bmap1 = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
#bmap2 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#blhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#bmap, #bmap1, #bmap2], iteration_sizes = [2, 16, 16, 4]>
#brhs = #iree_encoding.encoding<operand_index = 1 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#bmap, #bmap1, #bmap2], iteration_sizes = [2, 16, 16, 4]>
#bres = #iree_encoding.encoding<operand_index = 2 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#bmap, #bmap1, #bmap2], iteration_sizes = [2, 16, 16, 4]>

// batch_matmul -> batch_mmt4d; the batch dim stays outermost and untiled.
// CHECK-LABEL: func.func @batch(
// CHECK:         linalg.pack %a {{.*}} inner_dims_pos = [1, 2] inner_tiles = [8, 1] {{.*}} -> tensor<2x2x4x8x1xf32>
// CHECK:         linalg.pack %b {{.*}} outer_dims_perm = [0, 2, 1] inner_dims_pos = [2, 1] inner_tiles = [8, 1] {{.*}} -> tensor<2x2x4x8x1xf32>
// CHECK:         linalg.batch_mmt4d {{.*}} -> tensor<2x2x2x8x8xf32>
func.func @batch(%a: tensor<2x16x4xf32>, %b: tensor<2x4x16xf32>, %c: tensor<2x16x16xf32>) -> tensor<2x16x16xf32> {
  %l = iree_encoding.set_encoding %a : tensor<2x16x4xf32> -> tensor<2x16x4xf32, #blhs>
  %r = iree_encoding.set_encoding %b : tensor<2x4x16xf32> -> tensor<2x4x16xf32, #brhs>
  %o = iree_encoding.set_encoding %c : tensor<2x16x16xf32> -> tensor<2x16x16xf32, #bres>
  %m = linalg.batch_matmul ins(%l, %r : tensor<2x16x4xf32, #blhs>, tensor<2x4x16xf32, #brhs>) outs(%o : tensor<2x16x16xf32, #bres>) -> tensor<2x16x16xf32, #bres>
  %u = iree_encoding.unset_encoding %m : tensor<2x16x16xf32, #bres> -> tensor<2x16x16xf32>
  return %u : tensor<2x16x16xf32>
}

// -----

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#rhs = #iree_encoding.encoding<operand_index = 1 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [16, 16, 8]>
#rhs_t = #iree_encoding.encoding<operand_index = 1 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, [#map1, affine_map<(d0, d1) -> (d1, d0)>], #map2], iteration_sizes = [16, 16, 8]>
#res = #iree_encoding.encoding<operand_index = 2 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [16, 16, 8]>
#res_b = #iree_encoding.encoding<operand_index = 2 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, [#map2, affine_map<(d0, d1) -> (d1)>]], iteration_sizes = [16, 16, 8]>

// A transpose whose source carries the composed encoding: both are stored N-major, so the packed
// transpose is a generic copying equal layouts (loop d0 = N outer, d1 = K outer, d2/d3 the tiles).
// A broadcast bias (N only) becomes a generic reading the N tiles.
// CHECK-LABEL: func.func @transpose_broadcast(
// CHECK:         %[[P:.*]] = linalg.pack %wt {{.*}} inner_dims_pos = [0, 1] inner_tiles = [8, 1] {{.*}} : tensor<16x8xf32> -> tensor<2x8x8x1xf32>
// CHECK:         linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d1, d0, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d1, d0, d3, d2)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[P]] : tensor<2x8x8x1xf32>) outs(%{{.*}} : tensor<2x8x8x1xf32>)
// CHECK:         %[[PB:.*]] = linalg.pack %bias {{.*}} inner_dims_pos = [0] inner_tiles = [8] {{.*}} : tensor<16xf32> -> tensor<2x8xf32>
// CHECK:         linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], {{.*}} ins(%[[PB]] : tensor<2x8xf32>) outs(%{{.*}} : tensor<2x2x8x8xf32>)
func.func @transpose_broadcast(%wt: tensor<16x8xf32>, %bias: tensor<16xf32>) -> (tensor<8x16xf32, #rhs>, tensor<16x16xf32, #res>) {
  %t0 = iree_encoding.set_encoding %wt : tensor<16x8xf32> -> tensor<16x8xf32, #rhs_t>
  %e = tensor.empty() : tensor<8x16xf32, #rhs>
  %t = linalg.transpose ins(%t0 : tensor<16x8xf32, #rhs_t>) outs(%e : tensor<8x16xf32, #rhs>) permutation = [1, 0]
  %b0 = iree_encoding.set_encoding %bias : tensor<16xf32> -> tensor<16xf32, #res_b>
  %e2 = tensor.empty() : tensor<16x16xf32, #res>
  %b = linalg.broadcast ins(%b0 : tensor<16xf32, #res_b>) outs(%e2 : tensor<16x16xf32, #res>) dimensions = [0]
  return %t, %b : tensor<8x16xf32, #rhs>, tensor<16x16xf32, #res>
}

// -----

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#lhs3 = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [[#map, affine_map<(d0, d1) -> (0, d0, d1)>], #map1, #map2], iteration_sizes = [16, 16, 8]>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [16, 16, 8]>

// Dropping a unit dim on packed tensors: collapse to the non-unit dims, then expand (no data moves).
// CHECK-LABEL: func.func @reshape(
// CHECK:         %[[P:.*]] = linalg.pack %x {{.*}} : tensor<1x16x8xf32> -> tensor<1x2x8x8x1xf32>
// CHECK-NEXT:    %[[C:.*]] = tensor.collapse_shape %[[P]] {{\[\[}}0, 1], [2], [3, 4]] : tensor<1x2x8x8x1xf32> into tensor<2x8x8xf32>
// CHECK-NEXT:    %[[E:.*]] = tensor.expand_shape %[[C]] {{\[\[}}0], [1], [2, 3]] output_shape [2, 8, 8, 1] : tensor<2x8x8xf32> into tensor<2x8x8x1xf32>
// CHECK-NEXT:    return %[[E]] : tensor<2x8x8x1xf32>
func.func @reshape(%x: tensor<1x16x8xf32>) -> tensor<16x8xf32, #lhs> {
  %s = iree_encoding.set_encoding %x : tensor<1x16x8xf32> -> tensor<1x16x8xf32, #lhs3>
  %c = tensor.collapse_shape %s [[0, 1], [2]] : tensor<1x16x8xf32, #lhs3> into tensor<16x8xf32, #lhs>
  return %c : tensor<16x8xf32, #lhs>
}

// -----

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#rhs = #iree_encoding.encoding<operand_index = 1 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [16, 16, 2]>

// Encoded constants: a splat is rebuilt at the packed shape, other data is packed by linalg.pack. An
// encoded global (as propagation hoists it) takes the packed type; its initializer packs once.
// CHECK:       util.global private @w_encoded : tensor<2x2x8x1xf32>
// CHECK-NEXT:  util.initializer {
// CHECK:         %[[L:.*]] = util.global.load immutable @w : tensor<2x16xf32>
// CHECK:         %[[P:.*]] = linalg.pack %[[L]] {{.*}} -> tensor<2x2x8x1xf32>
// CHECK-NEXT:    util.global.store %[[P]], @w_encoded : tensor<2x2x8x1xf32>
// CHECK-LABEL: func.func @constants(
// CHECK-DAG:     arith.constant dense<1.000000e+00> : tensor<2x2x8x1xf32>
// CHECK-DAG:     %[[C:.*]] = arith.constant dense<{{.*}}> : tensor<2x16xf32>
// CHECK-DAG:     linalg.pack %[[C]] {{.*}} -> tensor<2x2x8x1xf32>
// CHECK-DAG:     util.global.load immutable @w_encoded : tensor<2x2x8x1xf32>
util.global private @w = dense<2.0> : tensor<2x16xf32>
util.global private @w_encoded : tensor<2x16xf32, #rhs>
util.initializer {
  %0 = util.global.load immutable @w : tensor<2x16xf32>
  %1 = iree_encoding.set_encoding %0 : tensor<2x16xf32> -> tensor<2x16xf32, #rhs>
  util.global.store %1, @w_encoded : tensor<2x16xf32, #rhs>
  util.return
}
func.func @constants() -> (tensor<2x16xf32, #rhs>, tensor<2x16xf32, #rhs>, tensor<2x16xf32, #rhs>) {
  %a = arith.constant dense<1.0> : tensor<2x16xf32, #rhs>
  %b = arith.constant dense<[[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0], [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0]]> : tensor<2x16xf32, #rhs>
  %g = util.global.load immutable @w_encoded : tensor<2x16xf32, #rhs>
  return %a, %b, %g : tensor<2x16xf32, #rhs>, tensor<2x16xf32, #rhs>, tensor<2x16xf32, #rhs>
}

// -----

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [12, 8, 4]>

// Per-device programs (after unroll): a mesh.for_one yields a device's packed tensor; a named elementwise
// op on one layout keeps its form on the packed type.
// CHECK-LABEL: func.func private @per_device(
// CHECK:         %[[R:.*]] = mesh.for_one 0 on @m -> tensor<2x4x8x1xf32> {
// CHECK:           %[[P:.*]] = linalg.pack %x {{.*}} -> tensor<2x4x8x1xf32>
// CHECK:           %[[X:.*]] = linalg.exp ins(%[[P]] : tensor<2x4x8x1xf32>) outs(%{{.*}} : tensor<2x4x8x1xf32>) -> tensor<2x4x8x1xf32>
// CHECK-NEXT:      mesh.yield %[[X]] : tensor<2x4x8x1xf32>
// CHECK:         linalg.unpack %[[R]] {{.*}} -> tensor<12x4xf32>
mesh.mesh @m(shape = 2)
func.func private @per_device(%x: tensor<12x4xf32>) -> tensor<12x4xf32> {
  %r = mesh.for_one 0 on @m -> tensor<12x4xf32, #lhs> {
    %s = iree_encoding.set_encoding %x : tensor<12x4xf32> -> tensor<12x4xf32, #lhs>
    %e = tensor.empty() : tensor<12x4xf32, #lhs>
    %x2 = linalg.exp ins(%s : tensor<12x4xf32, #lhs>) outs(%e : tensor<12x4xf32, #lhs>) -> tensor<12x4xf32, #lhs>
    mesh.yield %x2 : tensor<12x4xf32, #lhs>
  }
  %u = iree_encoding.unset_encoding %r : tensor<12x4xf32, #lhs> -> tensor<12x4xf32>
  return %u : tensor<12x4xf32>
}

// -----

// Encodings that are not matmul encodings have no packed layout: they are dropped, with a remark.
// CHECK-LABEL: func.func @testing_encoding(
// CHECK-SAME:    %[[X:.*]]: tensor<4x4xf32>) -> tensor<4x4xf32>
// CHECK-NEXT:    %{{.*}} = tensor.empty() : tensor<4x4xf32>
// CHECK-NEXT:    %[[E:.*]] = linalg.exp ins(%[[X]] : tensor<4x4xf32>) outs(%{{.*}} : tensor<4x4xf32>) -> tensor<4x4xf32>
// CHECK-NEXT:    return %[[E]] : tensor<4x4xf32>
func.func @testing_encoding(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %s = iree_encoding.set_encoding %x : tensor<4x4xf32> -> tensor<4x4xf32, #iree_encoding.testing<>>
  %e = tensor.empty() : tensor<4x4xf32, #iree_encoding.testing<>>
  %y = linalg.exp ins(%s : tensor<4x4xf32, #iree_encoding.testing<>>) outs(%e : tensor<4x4xf32, #iree_encoding.testing<>>) -> tensor<4x4xf32, #iree_encoding.testing<>>
  %u = iree_encoding.unset_encoding %y : tensor<4x4xf32, #iree_encoding.testing<>> -> tensor<4x4xf32>
  return %u : tensor<4x4xf32>
}
