// IREE 3.13's rules for the encoding ops, through meshc-opt with iree-opt's pass names
// (tests/data/iree-3.13 holds what iree-opt 3.13 printed for the same programs).
// RUN: meshc-opt --split-input-file --mlir-print-local-scope --pass-pipeline="builtin.module(util.func(iree-dispatch-creation-propagate-encodings-through-generic-ops))" %s | FileCheck %s
// RUN: meshc-opt --split-input-file --materialize-encodings %s | FileCheck %s --check-prefix=NOP

#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d1, d2)>
#encoding = #iree_encoding.encoding<operand_index = 1 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>]>
// A set_encoding inside an scf.if does not bubble to a producer outside it.
// CHECK-LABEL: util.func public @inside_if(
// CHECK-NOT:     iree_encoding.set_encoding
// CHECK:         %[[B:.*]] = linalg.generic
// CHECK:         scf.if
// CHECK-NEXT:      iree_encoding.set_encoding %[[B]]
util.func public @inside_if(%x: tensor<16x8xf32>, %init: tensor<2x16x8xf32, #encoding>, %c: i1) -> tensor<2x16x8xf32, #encoding> {
  %empty = tensor.empty() : tensor<2x16x8xf32>
  %b = linalg.generic {indexing_maps = [#map1, #map], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x : tensor<16x8xf32>) outs(%empty : tensor<2x16x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<2x16x8xf32>
  %r = scf.if %c -> (tensor<2x16x8xf32, #encoding>) {
    %e = iree_encoding.set_encoding %b : tensor<2x16x8xf32> -> tensor<2x16x8xf32, #encoding>
    scf.yield %e : tensor<2x16x8xf32, #encoding>
  } else {
    scf.yield %init : tensor<2x16x8xf32, #encoding>
  }
  util.return %r : tensor<2x16x8xf32, #encoding>
}

// Inside a dispatch region encoding ops are left to hoist-encoding-ops.
// CHECK-LABEL: util.func public @inside_dispatch(
// CHECK:         flow.dispatch.region
// CHECK:           %[[B:.*]] = linalg.generic
// CHECK:           iree_encoding.set_encoding %[[B]]
// CHECK-NEXT:      flow.return
util.func public @inside_dispatch(%x: tensor<16x8xf32>) -> tensor<2x16x8xf32, #encoding> {
  %r = flow.dispatch.region -> (tensor<2x16x8xf32, #encoding>) {
    %empty = tensor.empty() : tensor<2x16x8xf32>
    %b = linalg.generic {indexing_maps = [#map1, #map], iterator_types = ["parallel", "parallel", "parallel"]}
        ins(%x : tensor<16x8xf32>) outs(%empty : tensor<2x16x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x8xf32>
    %e = iree_encoding.set_encoding %b : tensor<2x16x8xf32> -> tensor<2x16x8xf32, #encoding>
    flow.return %e : tensor<2x16x8xf32, #encoding>
  }
  util.return %r : tensor<2x16x8xf32, #encoding>
}

// -----

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d1, d2)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#scalar = affine_map<(d0, d1) -> ()>
#acc = #iree_encoding.encoding<operand_index = 2 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2]>
// An unset_encoding of a dynamic shape sinks through a generic with a scalar operand; its new
// result size is a tensor.dim of the encoded value (as iree-opt 3.13 builds it).
// CHECK-LABEL: util.func public @sink_dynamic(
// CHECK-SAME:    %[[A:[a-z0-9]+]]: tensor<64x?xf32, #iree_encoding.encoding<operand_index = 2 : index
// CHECK-NOT:     iree_encoding.unset_encoding
// CHECK:         %[[R:.*]] = linalg.generic {{.*}} ins(%[[A]], %{{.*}} : tensor<64x?xf32, #iree_encoding.encoding<{{.*}}>>, f32)
// CHECK:         %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[D:.*]] = tensor.dim %[[R]], %[[C1]]
// CHECK-NEXT:    %[[U:.*]] = iree_encoding.unset_encoding %[[R]] : tensor<64x?xf32, #iree_encoding.encoding<{{.*}}>> -> tensor<64x?xf32>{%[[D]]}
// CHECK-NEXT:    util.return %[[U]]
util.func public @sink_dynamic(%a: tensor<64x?xf32, #acc>, %s: f32, %n: index) -> tensor<64x?xf32> {
  %u = iree_encoding.unset_encoding %a : tensor<64x?xf32, #acc> -> tensor<64x?xf32>{%n}
  %empty = tensor.empty(%n) : tensor<64x?xf32>
  %r = linalg.generic {indexing_maps = [#id, #scalar, #id], iterator_types = ["parallel", "parallel"]}
      ins(%u, %s : tensor<64x?xf32>, f32) outs(%empty : tensor<64x?xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %m = arith.mulf %in, %in_0 : f32
    linalg.yield %m : f32
  } -> tensor<64x?xf32>
  util.return %r : tensor<64x?xf32>
}

// Nor into a consumer inside an scf.if.
// CHECK-LABEL: util.func public @consumer_inside_if(
// CHECK:         %[[U:.*]] = iree_encoding.unset_encoding
// CHECK:         scf.if
// CHECK:           linalg.generic {{.*}} ins(%[[U]], %{{.*}} : tensor<64x32xf32>, f32)
util.func public @consumer_inside_if(%a: tensor<64x32xf32, #acc>, %s: f32, %c: i1) -> tensor<64x32xf32> {
  %u = iree_encoding.unset_encoding %a : tensor<64x32xf32, #acc> -> tensor<64x32xf32>
  %empty = tensor.empty() : tensor<64x32xf32>
  %r = scf.if %c -> (tensor<64x32xf32>) {
    %g = linalg.generic {indexing_maps = [#id, #scalar, #id], iterator_types = ["parallel", "parallel"]}
        ins(%u, %s : tensor<64x32xf32>, f32) outs(%empty : tensor<64x32xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %m = arith.mulf %in, %in_0 : f32
      linalg.yield %m : f32
    } -> tensor<64x32xf32>
    scf.yield %g : tensor<64x32xf32>
  } else {
    scf.yield %u : tensor<64x32xf32>
  }
  util.return %r : tensor<64x32xf32>
}

// -----

// matmul_k (newer IREE's spelling with operand_index and element_types) bubbles through
// collapse_shape: a merged K dim's source dims are all K dims.
#k = #iree_encoding.matmul_k<operand_index = 0 : index, element_types = [f16, f16, f32], k_dims = [1]>
// CHECK-LABEL: util.func private @collapse_chain(
// CHECK-SAME:    %[[S:[a-z0-9]+]]: tensor<2x32x8x10xf16>
// CHECK:         %[[E:.*]] = iree_encoding.set_encoding %[[S]] : tensor<2x32x8x10xf16> -> tensor<2x32x8x10xf16, #iree_encoding.matmul_k<operand_index = 0 : index, element_types = [f16, f16, f32], k_dims = [2, 3]>>
// CHECK:         %[[C0:.*]] = tensor.collapse_shape %[[E]] {{\[}}[0], [1], [2, 3]] : {{.*}} into tensor<2x32x80xf16, #iree_encoding.matmul_k<{{.*}}k_dims = [2]>>
// CHECK:         %[[C1:.*]] = tensor.collapse_shape %[[C0]] {{\[}}[0, 1], [2]] : {{.*}} into tensor<64x80xf16, #iree_encoding.matmul_k<{{.*}}k_dims = [1]>>
// CHECK:         util.return %[[C1]]
util.func private @collapse_chain(%s: tensor<2x32x8x10xf16>) -> tensor<64x80xf16, #k> {
  %c0 = tensor.collapse_shape %s [[0], [1], [2, 3]] : tensor<2x32x8x10xf16> into tensor<2x32x80xf16>
  %c1 = tensor.collapse_shape %c0 [[0, 1], [2]] : tensor<2x32x80xf16> into tensor<64x80xf16>
  %e = iree_encoding.set_encoding %c1 : tensor<64x80xf16> -> tensor<64x80xf16, #k>
  util.return %e : tensor<64x80xf16, #k>
}

// -----

// set_encoding may also change the static knowledge of the shape; dropping the encoding
// (materialize-encodings without a target) leaves a tensor.cast, so the IR stays valid.
#e = #iree_encoding.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>
// CHECK-LABEL: util.func public @cast_shape(
// CHECK-SAME:    tensor<20x?xf32, #iree_encoding.encoding<operand_index = 0 : i64, op_type = matmul, element_types = [f32, f32, f32]>>
// NOP-LABEL:   util.func public @cast_shape(
// NOP-SAME:      %[[A:.*]]: tensor<?x10xf32>) -> tensor<20x?xf32>
// NOP-NEXT:      %[[C:.*]] = tensor.cast %[[A]] : tensor<?x10xf32> to tensor<20x?xf32>
// NOP-NEXT:      %[[D:.*]] = tensor.cast %[[C]] : tensor<20x?xf32> to tensor<?x10xf32>
// NOP-NEXT:      %[[F:.*]] = tensor.cast %[[D]] : tensor<?x10xf32> to tensor<20x?xf32>
// NOP-NEXT:      util.return %[[F]] : tensor<20x?xf32>
util.func public @cast_shape(%a: tensor<?x10xf32>) -> tensor<20x?xf32, #e> {
  %0 = iree_encoding.set_encoding %a : tensor<?x10xf32> -> tensor<20x?xf32, #e>
  %1 = iree_encoding.unset_encoding %0 : tensor<20x?xf32, #e> -> tensor<?x10xf32>
  %2 = iree_encoding.set_encoding %1 : tensor<?x10xf32> -> tensor<20x?xf32, #e>
  util.return %2 : tensor<20x?xf32, #e>
}

