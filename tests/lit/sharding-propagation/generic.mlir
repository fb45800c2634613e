// sharding-propagation on linalg.generic and friends: the rules come from indexing maps and
// iterator types; a split reduction loop makes the result partial with the combiner's kind.
// RUN: meshc compile %s -p sharding-propagation --split-input-file | filecheck %s

// Broadcast map: the bias (d1) of a bias-add generic follows the column split of the matrix.
// CHECK-LABEL: func.func @bias_add
// CHECK:      %[[X:.*]] = mesh.shard %x to <@m, [[], [0]]> : tensor<8x16xf32>
// CHECK-NEXT: %[[B:.*]] = mesh.shard %b to <@m, [[0]]> : tensor<16xf32>
// CHECK-NEXT: %[[I:.*]] = mesh.shard %init to <@m, [[], [0]]> : tensor<8x16xf32>
// CHECK-NEXT: %[[Y:.*]] = linalg.generic {{.*}} ins(%[[X]], %[[B]] : {{.*}}) outs(%[[I]] : {{.*}})
// CHECK:      mesh.shard %[[Y]] to <@m, [[], [0]]> : tensor<8x16xf32>
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
mesh.mesh @m(shape = 4)
func.func @bias_add(%x: tensor<8x16xf32>, %b: tensor<16xf32>, %init: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %xs = mesh.shard %x to <@m, [[], [0]]> : tensor<8x16xf32>
  %y = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%xs, %b : tensor<8x16xf32>, tensor<16xf32>) outs(%init : tensor<8x16xf32>) {
  ^bb0(%in: f32, %bias: f32, %out: f32):
    %s = arith.addf %in, %bias : f32
    linalg.yield %s : f32
  } -> tensor<8x16xf32>
  return %y : tensor<8x16xf32>
}

// -----

// Backward through a broadcast map: only the bias is annotated; d1 = [0] splits the matrix on dim 1.
// CHECK-LABEL: func.func @bias_backward
// CHECK:      mesh.shard %x to <@m, [[], [0]]> : tensor<8x16xf32>
// CHECK-NEXT: mesh.shard %b to <@m, [[0]]> : tensor<16xf32>
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
mesh.mesh @m(shape = 4)
func.func @bias_backward(%x: tensor<8x16xf32>, %b: tensor<16xf32>, %init: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %bs = mesh.shard %b to <@m, [[0]]> annotate_for_users : tensor<16xf32>
  %y = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %bs : tensor<8x16xf32>, tensor<16xf32>) outs(%init : tensor<8x16xf32>) {
  ^bb0(%in: f32, %bias: f32, %out: f32):
    %s = arith.addf %in, %bias : f32
    linalg.yield %s : f32
  } -> tensor<8x16xf32>
  return %y : tensor<8x16xf32>
}

// -----

// Row sums with the rows split: the reduction loop d1 is not split, nothing is partial.
// CHECK-LABEL: func.func @row_sum_rows
// CHECK:      mesh.shard %x to <@m, [[0]]> : tensor<8x16xf32>
// CHECK-NEXT: mesh.shard %init to <@m, [[0]]> : tensor<8xf32>
// CHECK:      %[[R:.*]] = linalg.generic
// CHECK:      mesh.shard %[[R]] to <@m, [[0]]> : tensor<8xf32>
#id = affine_map<(d0, d1) -> (d0, d1)>
#rows = affine_map<(d0, d1) -> (d0)>
mesh.mesh @m(shape = 4)
func.func @row_sum_rows(%x: tensor<8x16xf32>, %init: tensor<8xf32>) -> tensor<8xf32> {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<8x16xf32>
  %r = linalg.generic {indexing_maps = [#id, #rows], iterator_types = ["parallel", "reduction"]}
      ins(%xs : tensor<8x16xf32>) outs(%init : tensor<8xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

// Row sums with the columns split: d1 is a split reduction combined by arith.addf -> partial sum.
// CHECK-LABEL: func.func @row_sum_cols
// CHECK:      mesh.shard %x to <@m, [[], [0]]> : tensor<8x16xf32>
// CHECK-NEXT: %[[I:.*]] = mesh.shard %init to <@m, [[]]> : tensor<8xf32>
// CHECK-NEXT: mesh.shard %[[I]] to <@m, [[]], partial = sum[0]> annotate_for_users : tensor<8xf32>
// CHECK:      %[[R:.*]] = linalg.generic
// CHECK:      mesh.shard %[[R]] to <@m, [[]], partial = sum[0]> : tensor<8xf32>
#id = affine_map<(d0, d1) -> (d0, d1)>
#rows = affine_map<(d0, d1) -> (d0)>
mesh.mesh @m(shape = 4)
func.func @row_sum_cols(%x: tensor<8x16xf32>, %init: tensor<8xf32>) -> tensor<8xf32> {
  %xs = mesh.shard %x to <@m, [[], [0]]> : tensor<8x16xf32>
  %r = linalg.generic {indexing_maps = [#id, #rows], iterator_types = ["parallel", "reduction"]}
      ins(%xs : tensor<8x16xf32>) outs(%init : tensor<8xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

// Row maxima with the columns split: the combiner arith.maximumf makes the result partial = max.
// CHECK-LABEL: func.func @row_max_cols
// CHECK:      %[[R:.*]] = linalg.generic
// CHECK:      mesh.shard %[[R]] to <@m, [[]], partial = max[0]> : tensor<8xf32>
#id = affine_map<(d0, d1) -> (d0, d1)>
#rows = affine_map<(d0, d1) -> (d0)>
mesh.mesh @m(shape = 4)
func.func @row_max_cols(%x: tensor<8x16xf32>, %init: tensor<8xf32>) -> tensor<8xf32> {
  %xs = mesh.shard %x to <@m, [[], [0]]> : tensor<8x16xf32>
  %r = linalg.generic {indexing_maps = [#id, #rows], iterator_types = ["parallel", "reduction"]}
      ins(%xs : tensor<8x16xf32>) outs(%init : tensor<8xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.maximumf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

// A combiner with no reduction kind (a subtraction) forbids splitting the reduction loop: the input
// is gathered (resharding point) and the result is replicated.
// CHECK-LABEL: func.func @unknown_combiner
// CHECK:      %[[X:.*]] = mesh.shard %x to <@m, [[], [0]]> : tensor<8x16xf32>
// CHECK:      mesh.shard %[[X]] to <@m, [[]]> annotate_for_users : tensor<8x16xf32>
// CHECK:      %[[R:.*]] = linalg.generic
// CHECK:      mesh.shard %[[R]] to <@m, [[]]> : tensor<8xf32>
#id = affine_map<(d0, d1) -> (d0, d1)>
#rows = affine_map<(d0, d1) -> (d0)>
mesh.mesh @m(shape = 4)
func.func @unknown_combiner(%x: tensor<8x16xf32>, %init: tensor<8xf32>) -> tensor<8xf32> {
  %xs = mesh.shard %x to <@m, [[], [0]]> : tensor<8x16xf32>
  %r = linalg.generic {indexing_maps = [#id, #rows], iterator_types = ["parallel", "reduction"]}
      ins(%xs : tensor<8x16xf32>) outs(%init : tensor<8xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.subf %acc, %in : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

// A partial result annotation puts the partial axis on the reduction loop (backward), which splits
// the input's reduced dim.
// CHECK-LABEL: func.func @partial_wanted
// CHECK:      mesh.shard %x to <@m, [[], [0]]> : tensor<8x16xf32>
// CHECK:      %[[R:.*]] = linalg.generic
// CHECK:      %rs = mesh.shard %[[R]] to <@m, [[]], partial = sum[0]> : tensor<8xf32>
#id = affine_map<(d0, d1) -> (d0, d1)>
#rows = affine_map<(d0, d1) -> (d0)>
mesh.mesh @m(shape = 4)
func.func @partial_wanted(%x: tensor<8x16xf32>, %init: tensor<8xf32>) -> tensor<8xf32> {
  %r = linalg.generic {indexing_maps = [#id, #rows], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x16xf32>) outs(%init : tensor<8xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %rs = mesh.shard %r to <@m, [[]], partial = sum[0]> : tensor<8xf32>
  return %rs : tensor<8xf32>
}

// -----

// linalg.reduce over dim 0 on a 2x2 mesh: the kept dim over axis 1, the reduced one over axis 0.
// CHECK-LABEL: func.func @reduce_2d
// CHECK:      %[[R:.*]] = linalg.reduce
// CHECK:      mesh.shard %[[R]] to <@m, [[1]], partial = sum[0]> : tensor<16xf32>
mesh.mesh @m(shape = 2x2)
func.func @reduce_2d(%x: tensor<8x16xf32>, %init: tensor<16xf32>) -> tensor<16xf32> {
  %xs = mesh.shard %x to <@m, [[0], [1]]> : tensor<8x16xf32>
  %r = linalg.reduce { arith.addf } ins(%xs : tensor<8x16xf32>) outs(%init : tensor<16xf32>) dimensions = [0]
  return %r : tensor<16xf32>
}

// -----

// Two results: both follow the row split of the input.
// CHECK-LABEL: func.func @two_results
// CHECK:      %[[R:.*]]:2 = linalg.generic
// CHECK:      mesh.shard %[[R]]#0 to <@m, [[0]]> : tensor<8x16xf32>
// CHECK-NEXT: mesh.shard %[[R]]#1 to <@m, [[0]]> : tensor<8x16xf32>
#id = affine_map<(d0, d1) -> (d0, d1)>
mesh.mesh @m(shape = 4)
func.func @two_results(%x: tensor<8x16xf32>, %i0: tensor<8x16xf32>, %i1: tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<8x16xf32>) {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<8x16xf32>
  %r:2 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%xs : tensor<8x16xf32>) outs(%i0, %i1 : tensor<8x16xf32>, tensor<8x16xf32>) {
  ^bb0(%in: f32, %o0: f32, %o1: f32):
    %e = math.exp %in : f32
    %n = arith.negf %in : f32
    linalg.yield %e, %n : f32, f32
  } -> (tensor<8x16xf32>, tensor<8x16xf32>)
  return %r#0, %r#1 : tensor<8x16xf32>, tensor<8x16xf32>
}
