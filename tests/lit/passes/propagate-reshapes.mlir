// propagate-reshapes: collapse_shape/expand_shape folded into structured ops by expanding their loops.
// RUN: meshc compile %s -p propagate-reshapes | filecheck %s
// RUN: meshc compile %s -p propagate-reshapes{fold-unit-dims=true} | filecheck %s --check-prefix=UNIT

// A collapse of (batch, heads) into linalg.batch_matmul's batch dim folds into the product: it becomes a
// generic with a batch loop and a head loop reading %q and %k whole; the fill and the empty tensor follow
// the expand of the result, which disappears.
// CHECK-LABEL: func.func @batch_matmul_heads
// CHECK-NOT:     collapse_shape
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<2x4x8x8xf32>
// CHECK:         %[[Z:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E]] : tensor<2x4x8x8xf32>)
// CHECK:         %[[R:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d4, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%q, %k : tensor<2x4x8x16xf32>, tensor<2x4x16x8xf32>) outs(%[[Z]] : tensor<2x4x8x8xf32>)
// CHECK:           arith.mulf
// CHECK:           arith.addf
// CHECK-NOT:     expand_shape
// CHECK:         return %[[R]] : tensor<2x4x8x8xf32>
func.func @batch_matmul_heads(%q: tensor<2x4x8x16xf32>, %k: tensor<2x4x16x8xf32>) -> tensor<2x4x8x8xf32> {
  %qc = tensor.collapse_shape %q [[0, 1], [2], [3]] : tensor<2x4x8x16xf32> into tensor<8x8x16xf32>
  %kc = tensor.collapse_shape %k [[0, 1], [2], [3]] : tensor<2x4x16x8xf32> into tensor<8x16x8xf32>
  %e = tensor.empty() : tensor<8x8x8xf32>
  %c0 = arith.constant 0.0 : f32
  %z = linalg.fill ins(%c0 : f32) outs(%e : tensor<8x8x8xf32>) -> tensor<8x8x8xf32>
  %s = linalg.batch_matmul ins(%qc, %kc : tensor<8x8x16xf32>, tensor<8x16x8xf32>) outs(%z : tensor<8x8x8xf32>) -> tensor<8x8x8xf32>
  %r = tensor.expand_shape %s [[0, 1], [2], [3]] output_shape [2, 4, 8, 8] : tensor<8x8x8xf32> into tensor<2x4x8x8xf32>
  return %r : tensor<2x4x8x8xf32>
}

// linalg.index of a split loop is the row-major linearization of the new loops' indices; the result is
// collapsed back for its user.
// CHECK-LABEL: func.func @index_linearized
// CHECK:         %[[G:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]} ins(%x : tensor<2x3xi64>)
// CHECK:           %[[I0:.*]] = linalg.index 0 : index
// CHECK:           %[[I1:.*]] = linalg.index 1 : index
// CHECK:           %[[C3:.*]] = arith.constant 3 : index
// CHECK:           %[[M:.*]] = arith.muli %[[I0]], %[[C3]] : index
// CHECK:           %[[L:.*]] = arith.addi %[[M]], %[[I1]] : index
// CHECK:           arith.index_cast %[[L]] : index to i64
// CHECK:         %[[R:.*]] = tensor.collapse_shape %[[G]] {{\[\[}}0, 1]] : tensor<2x3xi64> into tensor<6xi64>
// CHECK:         return %[[R]]
func.func @index_linearized(%x: tensor<2x3xi64>) -> tensor<6xi64> {
  %c = tensor.collapse_shape %x [[0, 1]] : tensor<2x3xi64> into tensor<6xi64>
  %e = tensor.empty() : tensor<6xi64>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%c : tensor<6xi64>) outs(%e : tensor<6xi64>) {
  ^bb0(%in: i64, %out: i64):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i64
    %s = arith.addi %in, %ii : i64
    linalg.yield %s : i64
  } -> tensor<6xi64>
  return %r : tensor<6xi64>
}

// A reshape that only adds a unit dim stays (upstream's allow-folding-unit-dim-reshapes=false default).
// CHECK-LABEL: func.func @unit_dims_kept
// CHECK:         tensor.expand_shape %{{.*}} {{\[\[}}0, 1]] output_shape [4, 1]
// With fold-unit-dims=true the generic computes the 4x1 result: its input is expanded instead.
// UNIT-LABEL: func.func @unit_dims_kept
// UNIT:        %[[X:.*]] = tensor.expand_shape %x {{\[\[}}0, 1]] output_shape [4, 1]
// UNIT:        %[[G:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]} ins(%[[X]] : tensor<4x1xf32>)
// UNIT-NOT:    expand_shape
// UNIT:        return %[[G]] : tensor<4x1xf32>
func.func @unit_dims_kept(%x: tensor<4xf32>) -> tensor<4x1xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %n = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.negf %in : f32
    linalg.yield %m : f32
  } -> tensor<4xf32>
  %r = tensor.expand_shape %n [[0, 1]] output_shape [4, 1] : tensor<4xf32> into tensor<4x1xf32>
  return %r : tensor<4x1xf32>
}

// A dynamic collapsed dim cannot be split into loops: the reshape stays.
// CHECK-LABEL: func.func @dynamic_kept
// CHECK:         tensor.collapse_shape %x {{\[\[}}0, 1]] : tensor<?x4xf32> into tensor<?xf32>
// CHECK:         linalg.exp ins(%{{.*}} : tensor<?xf32>)
func.func @dynamic_kept(%x: tensor<?x4xf32>) -> tensor<?xf32> {
  %c = tensor.collapse_shape %x [[0, 1]] : tensor<?x4xf32> into tensor<?xf32>
  %r = linalg.exp ins(%c : tensor<?xf32>) outs(%c : tensor<?xf32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}
