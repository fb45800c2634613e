// sharding-propagation with annotations that disagree: user annotations win where they apply, and
// every disagreement is kept as a resharding point (a chain of mesh.shard ops), never an error.
// RUN: meshc compile %s -p sharding-propagation --split-input-file | filecheck %s

// Operand rows vs result columns (the corpus' reshard_rows_to_cols): the result's annotation comes
// first, so the input is resharded rows -> columns before the op.
// CHECK-LABEL: func.func @rows_to_cols
// CHECK:      %[[XS:.*]] = mesh.shard %x to <@m, [[0]]> : tensor<8x16xf32>
// CHECK-NEXT: %[[XC:.*]] = mesh.shard %[[XS]] to <@m, [[], [0]]> annotate_for_users : tensor<8x16xf32>
// CHECK-NEXT: %[[Y:.*]] = math.exp %[[XC]]
// CHECK-NEXT: %ys = mesh.shard %[[Y]] to <@m, [[], [0]]> : tensor<8x16xf32>
mesh.mesh @m(shape = 4)
func.func @rows_to_cols(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<8x16xf32>
  %y = math.exp %xs : tensor<8x16xf32>
  %ys = mesh.shard %y to <@m, [[], [0]]> : tensor<8x16xf32>
  return %ys : tensor<8x16xf32>
}

// -----

// Two operands annotated for this op with incompatible splits (both use mesh axis 0: rows of the lhs
// and rows = the contraction dim of the rhs): the first wins. The arguments have no annotation of
// their own, so they are produced as their users' annotations say, and the rhs is then resharded to
// what the op needs (replicated).
// CHECK-LABEL: func.func @operands_disagree
// CHECK:      %[[A:.*]] = mesh.shard %a to <@m, [[0]]> : tensor<8x16xf32>
// CHECK-NEXT: %[[B:.*]] = mesh.shard %b to <@m, [[0]]> : tensor<16x4xf32>
// CHECK-NEXT: %[[I:.*]] = mesh.shard %i to <@m, [[0]]> : tensor<8x4xf32>
// CHECK-NEXT: %[[BR:.*]] = mesh.shard %[[B]] to <@m, [[]]> annotate_for_users : tensor<16x4xf32>
// CHECK-NEXT: linalg.matmul ins(%[[A]], %[[BR]] : {{.*}}) outs(%[[I]] :
mesh.mesh @m(shape = 4)
func.func @operands_disagree(%a: tensor<8x16xf32>, %b: tensor<16x4xf32>, %i: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %as = mesh.shard %a to <@m, [[0]]> annotate_for_users : tensor<8x16xf32>
  %bs = mesh.shard %b to <@m, [[0]]> annotate_for_users : tensor<16x4xf32>
  %c = linalg.matmul ins(%as, %bs : tensor<8x16xf32>, tensor<16x4xf32>) outs(%i : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %c : tensor<8x4xf32>
}

// -----

// Two annotations of the same value: the first one is how it is produced; the second, a different
// sharding, becomes a resharding point for the users behind it.
// CHECK-LABEL: func.func @two_annotations
// CHECK:      %[[S0:.*]] = mesh.shard %x to <@m, [[0]]> : tensor<8x16xf32>
// CHECK-NEXT: %[[E:.*]] = math.exp %[[S0]]
// CHECK:      %[[S1:.*]] = mesh.shard %[[S0]] to <@m, [[], [0]]> annotate_for_users : tensor<8x16xf32>
// CHECK-NEXT: %[[N:.*]] = arith.negf %[[S1]]
mesh.mesh @m(shape = 4)
func.func @two_annotations(%x: tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<8x16xf32>) {
  %s0 = mesh.shard %x to <@m, [[0]]> : tensor<8x16xf32>
  %s1 = mesh.shard %x to <@m, [[], [0]]> : tensor<8x16xf32>
  %e = math.exp %s0 : tensor<8x16xf32>
  %n = arith.negf %s1 : tensor<8x16xf32>
  return %e, %n : tensor<8x16xf32>, tensor<8x16xf32>
}

// -----

// A chain written by the user (produced as rows, then "from here on" columns, then wanted replicated
// by the op): every step is kept, in order.
// CHECK-LABEL: func.func @user_chain
// CHECK:      %[[A:.*]] = mesh.shard %x to <@m, [[0]]> : tensor<8x16xf32>
// CHECK-NEXT: %[[B:.*]] = mesh.shard %[[A]] to <@m, [[], [0]]> annotate_for_users : tensor<8x16xf32>
// CHECK-NEXT: %[[C:.*]] = mesh.shard %[[B]] to <@m, [[]]> annotate_for_users : tensor<8x16xf32>
// CHECK-NEXT: math.exp %[[C]]
mesh.mesh @m(shape = 4)
func.func @user_chain(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %a = mesh.shard %x to <@m, [[0]]> : tensor<8x16xf32>
  %b = mesh.shard %a to <@m, [[], [0]]> : tensor<8x16xf32>
  %c = mesh.shard %b to <@m, [[]]> annotate_for_users : tensor<8x16xf32>
  %e = math.exp %c : tensor<8x16xf32>
  return %e : tensor<8x16xf32>
}
