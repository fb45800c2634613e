// sharding-propagation on meshes whose shape is known only at run time (shape = ? / ?x?): split
// axes propagate exactly as on static meshes, except where exactness depends on the device count.
// RUN: meshc compile %s -p sharding-propagation --split-input-file | filecheck %s

// A 1-D dynamic mesh: rows of a matmul and a row reduction, 10 rows (uneven for most sizes).
// CHECK-LABEL: func.func @rows
// CHECK:      %[[C:.*]] = linalg.matmul
// CHECK-NEXT: %[[CS:.*]] = mesh.shard %[[C]] to <@d, [[0]]> : tensor<10x4xf32>
// CHECK:      %[[R:.*]] = linalg.reduce
// CHECK-NEXT: mesh.shard %[[R]] to <@d, [[0]]> : tensor<10xf32>
mesh.mesh @d(shape = ?)
func.func @rows(%a: tensor<10x8xf32>, %b: tensor<8x4xf32>, %i: tensor<10x4xf32>, %j: tensor<10xf32>) -> tensor<10xf32> {
  %as = mesh.shard %a to <@d, [[0]]> : tensor<10x8xf32>
  %c = linalg.matmul ins(%as, %b : tensor<10x8xf32>, tensor<8x4xf32>) outs(%i : tensor<10x4xf32>) -> tensor<10x4xf32>
  %r = linalg.reduce { arith.addf } ins(%c : tensor<10x4xf32>) outs(%j : tensor<10xf32>) dimensions = [1]
  return %r : tensor<10xf32>
}

// -----

// A 2-D dynamic mesh: contraction over axis 1 gives a partial sum over axis 1.
// CHECK-LABEL: func.func @contraction_2d
// CHECK:      mesh.shard %b to <@d, [[1]]> : tensor<8x4xf32>
// CHECK:      %[[C:.*]] = linalg.matmul
// CHECK-NEXT: mesh.shard %[[C]] to <@d, [[0]], partial = sum[1]> : tensor<10x4xf32>
mesh.mesh @d(shape = ?x?)
func.func @contraction_2d(%a: tensor<10x8xf32>, %b: tensor<8x4xf32>, %i: tensor<10x4xf32>) -> tensor<10x4xf32> {
  %as = mesh.shard %a to <@d, [[0], [1]]> : tensor<10x8xf32>
  %c = linalg.matmul ins(%as, %b : tensor<10x8xf32>, tensor<8x4xf32>) outs(%i : tensor<10x4xf32>) -> tensor<10x4xf32>
  return %c : tensor<10x4xf32>
}

// -----

// A reshape of a split dim is exact only when the device count divides the major dim, which a
// dynamic mesh cannot promise: the collapse reads its input gathered.
// CHECK-LABEL: func.func @collapse
// CHECK:      %[[ES:.*]] = mesh.shard %e to <@d, [[0]]> : tensor<8x6xf32>
// CHECK-NEXT: %[[ER:.*]] = mesh.shard %[[ES]] to <@d, [[]]> annotate_for_users : tensor<8x6xf32>
// CHECK-NEXT: tensor.collapse_shape %[[ER]]
mesh.mesh @d(shape = ?)
func.func @collapse(%a: tensor<8x6xf32>) -> tensor<48xf32> {
  %as = mesh.shard %a to <@d, [[0]]> : tensor<8x6xf32>
  %e = math.exp %as : tensor<8x6xf32>
  %c = tensor.collapse_shape %e [[0, 1]] : tensor<8x6xf32> into tensor<48xf32>
  return %c : tensor<48xf32>
}
