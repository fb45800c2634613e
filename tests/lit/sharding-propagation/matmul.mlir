// sharding-propagation on linalg.matmul / batch_matmul: the splits follow from the maps
// lhs (m, k), rhs (k, n), init (m, n); a split k (reduction, summed) makes the result partial.
// RUN: meshc compile %s -p sharding-propagation --split-input-file | filecheck %s

// Rows: the lhs split over axis 0 splits loop m, hence the init and the result rows; the rhs
// (indexed by k, n only) is replicated.
// CHECK-LABEL: func.func @rows
// CHECK:      %[[A:.*]] = mesh.shard %a to <@m, [[0]]> : tensor<8x16xf32>
// CHECK-NEXT: %[[B:.*]] = mesh.shard %b to <@m, [[]]> : tensor<16x4xf32>
// CHECK-NEXT: %[[I:.*]] = mesh.shard %init to <@m, [[0]]> : tensor<8x4xf32>
// CHECK-NEXT: %[[C:.*]] = linalg.matmul ins(%[[A]], %[[B]] : {{.*}}) outs(%[[I]] : tensor<8x4xf32>)
// CHECK-NEXT: %[[CS:.*]] = mesh.shard %[[C]] to <@m, [[0]]> : tensor<8x4xf32>
// CHECK-NEXT: return %[[CS]]
mesh.mesh @m(shape = 4)
func.func @rows(%a: tensor<8x16xf32>, %b: tensor<16x4xf32>, %init: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %as = mesh.shard %a to <@m, [[0]]> : tensor<8x16xf32>
  %c = linalg.matmul ins(%as, %b : tensor<8x16xf32>, tensor<16x4xf32>) outs(%init : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %c : tensor<8x4xf32>
}

// -----

// Columns: the rhs split on its dim 1 splits loop n; the lhs is replicated, the result split on
// dim 1. The fill and the empty feeding the init follow their user.
// CHECK-LABEL: func.func @cols
// CHECK:      %[[A:.*]] = mesh.shard %a to <@m, [[]]> : tensor<8x16xf32>
// CHECK-NEXT: %[[B:.*]] = mesh.shard %b to <@m, [[], [0]]> : tensor<16x12xf32>
// CHECK:      %[[E:.*]] = mesh.shard %e to <@m, [[], [0]]> : tensor<8x12xf32>
// CHECK-NEXT: %[[F:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E]] : tensor<8x12xf32>)
// CHECK-NEXT: %[[FS:.*]] = mesh.shard %[[F]] to <@m, [[], [0]]> : tensor<8x12xf32>
// CHECK-NEXT: %[[C:.*]] = linalg.matmul ins(%[[A]], %[[B]] : {{.*}}) outs(%[[FS]] : tensor<8x12xf32>)
// CHECK-NEXT: mesh.shard %[[C]] to <@m, [[], [0]]> : tensor<8x12xf32>
mesh.mesh @m(shape = 4)
func.func @cols(%a: tensor<8x16xf32>, %b: tensor<16x12xf32>) -> tensor<8x12xf32> {
  %bs = mesh.shard %b to <@m, [[], [0]]> : tensor<16x12xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x12xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8x12xf32>) -> tensor<8x12xf32>
  %c = linalg.matmul ins(%a, %bs : tensor<8x16xf32>, tensor<16x12xf32>) outs(%f : tensor<8x12xf32>) -> tensor<8x12xf32>
  return %c : tensor<8x12xf32>
}

// -----

// Contraction: the lhs split on k (dim 1) makes k a split reduction loop: the rhs is split on its
// dim 0, and the result is a partial sum over axis 0. The init is tied to the result, so it is
// needed partial as well: the fill is replicated and marked partial on the way (annotate_for_users).
// CHECK-LABEL: func.func @contraction
// CHECK:      %[[A:.*]] = mesh.shard %a to <@m, [[], [0]]> : tensor<8x16xf32>
// CHECK-NEXT: %[[B:.*]] = mesh.shard %b to <@m, [[0]]> : tensor<16x4xf32>
// CHECK:      %[[F:.*]] = linalg.fill
// CHECK-NEXT: %[[FS:.*]] = mesh.shard %[[F]] to <@m, [[]]> : tensor<8x4xf32>
// CHECK-NEXT: %[[FP:.*]] = mesh.shard %[[FS]] to <@m, [[]], partial = sum[0]> annotate_for_users : tensor<8x4xf32>
// CHECK-NEXT: %[[C:.*]] = linalg.matmul ins(%[[A]], %[[B]] : {{.*}}) outs(%[[FP]] : tensor<8x4xf32>)
// CHECK-NEXT: %[[CS:.*]] = mesh.shard %[[C]] to <@m, [[]], partial = sum[0]> : tensor<8x4xf32>
// CHECK-NEXT: return %[[CS]]
mesh.mesh @m(shape = 4)
func.func @contraction(%a: tensor<8x16xf32>, %b: tensor<16x4xf32>) -> tensor<8x4xf32> {
  %as = mesh.shard %a to <@m, [[], [0]]> : tensor<8x16xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8x4xf32>) -> tensor<8x4xf32>
  %c = linalg.matmul ins(%as, %b : tensor<8x16xf32>, tensor<16x4xf32>) outs(%f : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %c : tensor<8x4xf32>
}

// -----

// A replicated result wanted by the user does not forbid the contraction split that the operands
// ask for: the partial result is all-reduced on the way (the resharding point after %c).
// CHECK-LABEL: func.func @contraction_then_replicated
// CHECK:      %[[C:.*]] = linalg.matmul
// CHECK-NEXT: %[[CP:.*]] = mesh.shard %[[C]] to <@m, [[]], partial = sum[0]> : tensor<8x4xf32>
// CHECK-NEXT: %[[CR:.*]] = mesh.shard %[[CP]] to <@m, [[]]> annotate_for_users : tensor<8x4xf32>
// CHECK-NEXT: return %[[CR]]
mesh.mesh @m(shape = 4)
func.func @contraction_then_replicated(%a: tensor<8x16xf32>, %b: tensor<16x4xf32>, %i: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %as = mesh.shard %a to <@m, [[], [0]]> : tensor<8x16xf32>
  %bs = mesh.shard %b to <@m, [[0]]> : tensor<16x4xf32>
  %c = linalg.matmul ins(%as, %bs : tensor<8x16xf32>, tensor<16x4xf32>) outs(%i : tensor<8x4xf32>) -> tensor<8x4xf32>
  %cs = mesh.shard %c to <@m, [[]]> : tensor<8x4xf32>
  return %cs : tensor<8x4xf32>
}

// -----

// 2-D mesh: rows over axis 0 and columns over axis 1 at once.
// CHECK-LABEL: func.func @rows_and_cols
// CHECK:      mesh.shard %a to <@m, [[0]]> : tensor<8x16xf32>
// CHECK-NEXT: mesh.shard %b to <@m, [[], [1]]> : tensor<16x12xf32>
// CHECK-NEXT: mesh.shard %i to <@m, [[0], [1]]> : tensor<8x12xf32>
// CHECK:      %[[C:.*]] = linalg.matmul
// CHECK-NEXT: mesh.shard %[[C]] to <@m, [[0], [1]]> : tensor<8x12xf32>
mesh.mesh @m(shape = 2x2)
func.func @rows_and_cols(%a: tensor<8x16xf32>, %b: tensor<16x12xf32>, %i: tensor<8x12xf32>) -> tensor<8x12xf32> {
  %as = mesh.shard %a to <@m, [[0]]> : tensor<8x16xf32>
  %bs = mesh.shard %b to <@m, [[], [1]]> : tensor<16x12xf32>
  %c = linalg.matmul ins(%as, %bs : tensor<8x16xf32>, tensor<16x12xf32>) outs(%i : tensor<8x12xf32>) -> tensor<8x12xf32>
  return %c : tensor<8x12xf32>
}

// -----

// 2-D mesh, both axes on one dim (major to minor) and a split contraction on a 2x3 mesh.
// CHECK-LABEL: func.func @two_axes_one_dim
// CHECK:      mesh.shard %a to <@m, [[0, 1]]> : tensor<12x16xf32>
// CHECK-NEXT: mesh.shard %b to <@m, [[]]> : tensor<16x4xf32>
// CHECK-NEXT: mesh.shard %i to <@m, [[0, 1]]> : tensor<12x4xf32>
// CHECK:      %[[C:.*]] = linalg.matmul
// CHECK-NEXT: mesh.shard %[[C]] to <@m, [[0, 1]]> : tensor<12x4xf32>
mesh.mesh @m(shape = 2x3)
func.func @two_axes_one_dim(%a: tensor<12x16xf32>, %b: tensor<16x4xf32>, %i: tensor<12x4xf32>) -> tensor<12x4xf32> {
  %as = mesh.shard %a to <@m, [[0, 1]]> : tensor<12x16xf32>
  %c = linalg.matmul ins(%as, %b : tensor<12x16xf32>, tensor<16x4xf32>) outs(%i : tensor<12x4xf32>) -> tensor<12x4xf32>
  return %c : tensor<12x4xf32>
}

// -----

// batch_matmul, loops (b, m, n, k): the batch over axis 0 and the contraction over axis 1 of a
// 2x2 mesh; the rhs (b, k, n) follows, the result is split on b and partial over axis 1. The init
// argument arrives whole (split on b) and is marked partial on the way.
// CHECK-LABEL: func.func @batch
// CHECK:      %[[A:.*]] = mesh.shard %a to <@m, [[0], [], [1]]> : tensor<4x8x16xf32>
// CHECK-NEXT: %[[B:.*]] = mesh.shard %b to <@m, [[0], [1]]> : tensor<4x16x12xf32>
// CHECK-NEXT: %[[I:.*]] = mesh.shard %i to <@m, [[0]]> : tensor<4x8x12xf32>
// CHECK-NEXT: %[[IP:.*]] = mesh.shard %[[I]] to <@m, [[0]], partial = sum[1]> annotate_for_users : tensor<4x8x12xf32>
// CHECK-NEXT: %[[C:.*]] = linalg.batch_matmul ins(%[[A]], %[[B]] : {{.*}}) outs(%[[IP]] : tensor<4x8x12xf32>)
// CHECK-NEXT: mesh.shard %[[C]] to <@m, [[0]], partial = sum[1]> : tensor<4x8x12xf32>
mesh.mesh @m(shape = 2x2)
func.func @batch(%a: tensor<4x8x16xf32>, %b: tensor<4x16x12xf32>, %i: tensor<4x8x12xf32>) -> tensor<4x8x12xf32> {
  %as = mesh.shard %a to <@m, [[0], [], [1]]> : tensor<4x8x16xf32>
  %c = linalg.batch_matmul ins(%as, %b : tensor<4x8x16xf32>, tensor<4x16x12xf32>) outs(%i : tensor<4x8x12xf32>) -> tensor<4x8x12xf32>
  return %c : tensor<4x8x12xf32>
}

// -----

// batch_matmul backward: only the result is annotated (rows over axis 0): m = [0], every other loop
// unsplit; the lhs (b, m, k) is split on dim 1.
// CHECK-LABEL: func.func @batch_backward
// CHECK:      mesh.shard %a to <@m, [[], [0]]> : tensor<4x8x16xf32>
// CHECK-NEXT: mesh.shard %b to <@m, [[]]> : tensor<4x16x12xf32>
// CHECK-NEXT: mesh.shard %i to <@m, [[], [0]]> : tensor<4x8x12xf32>
mesh.mesh @m(shape = 4)
func.func @batch_backward(%a: tensor<4x8x16xf32>, %b: tensor<4x16x12xf32>, %i: tensor<4x8x12xf32>) -> tensor<4x8x12xf32> {
  %c = linalg.batch_matmul ins(%a, %b : tensor<4x8x16xf32>, tensor<4x16x12xf32>) outs(%i : tensor<4x8x12xf32>) -> tensor<4x8x12xf32>
  %cs = mesh.shard %c to <@m, [[], [0]]> : tensor<4x8x12xf32>
  return %cs : tensor<4x8x12xf32>
}
