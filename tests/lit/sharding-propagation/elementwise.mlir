// sharding-propagation through elementwise ops (arith/math on tensors, named linalg elementwise
// ops), creation ops (tensor.empty, splat arith.constant, linalg.fill) and values with several users.
// RUN: meshc compile %s -p sharding-propagation --split-input-file | filecheck %s

// A chain: the split of %x reaches every value, including the unannotated operand %y of the addf and
// %a, which has two users.
// CHECK-LABEL: func.func @chain
// CHECK:      %[[X:.*]] = mesh.shard %x to <@m, [[0]]> : tensor<8x16xf32>
// CHECK-NEXT: %[[Y:.*]] = mesh.shard %y to <@m, [[0]]> : tensor<8x16xf32>
// CHECK-NEXT: %[[A:.*]] = arith.addf %[[X]], %[[Y]] : tensor<8x16xf32>
// CHECK-NEXT: %[[AS:.*]] = mesh.shard %[[A]] to <@m, [[0]]> : tensor<8x16xf32>
// CHECK-NEXT: %[[B:.*]] = math.exp %[[AS]] : tensor<8x16xf32>
// CHECK-NEXT: %[[BS:.*]] = mesh.shard %[[B]] to <@m, [[0]]> : tensor<8x16xf32>
// CHECK-NEXT: %[[C:.*]] = arith.mulf %[[BS]], %[[AS]] : tensor<8x16xf32>
// CHECK-NEXT: %[[CS:.*]] = mesh.shard %[[C]] to <@m, [[0]]> : tensor<8x16xf32>
// CHECK-NEXT: return %[[BS]], %[[CS]]
mesh.mesh @m(shape = 4)
func.func @chain(%x: tensor<8x16xf32>, %y: tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<8x16xf32>) {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<8x16xf32>
  %a = arith.addf %xs, %y : tensor<8x16xf32>
  %b = math.exp %a : tensor<8x16xf32>
  %c = arith.mulf %b, %a : tensor<8x16xf32>
  return %b, %c : tensor<8x16xf32>, tensor<8x16xf32>
}

// -----

// Backward: only the last value is annotated; the annotation flows up to the arguments.
// CHECK-LABEL: func.func @backward
// CHECK:      mesh.shard %x to <@m, [[], [0]]> : tensor<8x16xf32>
// CHECK-NEXT: mesh.shard %y to <@m, [[], [0]]> : tensor<8x16xf32>
// CHECK:      %[[A:.*]] = arith.subf
// CHECK-NEXT: mesh.shard %[[A]] to <@m, [[], [0]]> : tensor<8x16xf32>
// CHECK:      %[[B:.*]] = math.tanh
// CHECK-NEXT: %bs = mesh.shard %[[B]] to <@m, [[], [0]]> : tensor<8x16xf32>
mesh.mesh @m(shape = 4)
func.func @backward(%x: tensor<8x16xf32>, %y: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %a = arith.subf %x, %y : tensor<8x16xf32>
  %b = math.tanh %a : tensor<8x16xf32>
  %bs = mesh.shard %b to <@m, [[], [0]]> : tensor<8x16xf32>
  return %bs : tensor<8x16xf32>
}

// -----

// Comparison, select with a tensor condition, a cast and a splat constant all keep the split.
// CHECK-LABEL: func.func @mixed
// CHECK:      %[[C:.*]] = arith.constant dense<0.000000e+00> : tensor<8xf32>
// CHECK-NEXT: mesh.shard %[[C]] to <@m, [[0]]> : tensor<8xf32>
// CHECK:      %[[P:.*]] = arith.cmpf ogt
// CHECK-NEXT: mesh.shard %[[P]] to <@m, [[0]]> : tensor<8xi1>
// CHECK:      %[[S:.*]] = arith.select
// CHECK-NEXT: mesh.shard %[[S]] to <@m, [[0]]> : tensor<8xf32>
// CHECK:      %[[T:.*]] = arith.truncf
// CHECK-NEXT: mesh.shard %[[T]] to <@m, [[0]]> : tensor<8xf16>
mesh.mesh @m(shape = 4)
func.func @mixed(%x: tensor<8xf32>) -> tensor<8xf16> {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<8xf32>
  %zero = arith.constant dense<0.0> : tensor<8xf32>
  %p = arith.cmpf ogt, %xs, %zero : tensor<8xf32>
  %r = arith.select %p, %xs, %zero : tensor<8xi1>, tensor<8xf32>
  %t = arith.truncf %r : tensor<8xf32> to tensor<8xf16>
  return %t : tensor<8xf16>
}

// -----

// Named linalg elementwise ops (identity maps, all loops parallel) on a 2-D mesh.
// CHECK-LABEL: func.func @named
// CHECK:      mesh.shard %x to <@m, [[1], [0]]> : tensor<8x16xf32>
// CHECK:      %[[E:.*]] = linalg.exp
// CHECK-NEXT: mesh.shard %[[E]] to <@m, [[1], [0]]> : tensor<8x16xf32>
// CHECK:      %[[A:.*]] = linalg.add
// CHECK-NEXT: mesh.shard %[[A]] to <@m, [[1], [0]]> : tensor<8x16xf32>
mesh.mesh @m(shape = 2x2)
func.func @named(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %xs = mesh.shard %x to <@m, [[1], [0]]> : tensor<8x16xf32>
  %e0 = tensor.empty() : tensor<8x16xf32>
  %e = linalg.exp ins(%xs : tensor<8x16xf32>) outs(%e0 : tensor<8x16xf32>) -> tensor<8x16xf32>
  %a = linalg.add ins(%e, %xs : tensor<8x16xf32>, tensor<8x16xf32>) outs(%e0 : tensor<8x16xf32>) -> tensor<8x16xf32>
  return %a : tensor<8x16xf32>
}

// -----

// Several users: what the users of a result want comes before how its operands are produced
// (as upstream's preference order), so exp follows the users' annotation %ec and reads %x through
// the resharding point; %ec becomes the annotation of exp's result, shared by both users.
// CHECK-LABEL: func.func @users_first
// CHECK:      %[[XS:.*]] = mesh.shard %x to <@m, [[0]]> : tensor<8x16xf32>
// CHECK-NEXT: %[[XC:.*]] = mesh.shard %[[XS]] to <@m, [[], [0]]> annotate_for_users : tensor<8x16xf32>
// CHECK-NEXT: %[[E:.*]] = math.exp %[[XC]]
// CHECK-NEXT: %ec = mesh.shard %[[E]] to <@m, [[], [0]]> : tensor<8x16xf32>
// CHECK-NEXT: %[[N:.*]] = arith.negf %ec
// CHECK-NEXT: mesh.shard %[[N]] to <@m, [[], [0]]> : tensor<8x16xf32>
// CHECK-NEXT: %[[L:.*]] = math.log %ec
// CHECK-NEXT: mesh.shard %[[L]] to <@m, [[], [0]]> : tensor<8x16xf32>
mesh.mesh @m(shape = 4)
func.func @users_first(%x: tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<8x16xf32>) {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<8x16xf32>
  %e = math.exp %xs : tensor<8x16xf32>
  %n = arith.negf %e : tensor<8x16xf32>
  %ec = mesh.shard %e to <@m, [[], [0]]> annotate_for_users : tensor<8x16xf32>
  %l = math.log %ec : tensor<8x16xf32>
  return %n, %l : tensor<8x16xf32>, tensor<8x16xf32>
}

// -----

// Several users with the producer decided first (forward from %x): the user whose annotation
// disagrees reads the value through a resharding point, the other takes it as produced.
// CHECK-LABEL: func.func @users_disagree
// CHECK:      %[[XS:.*]] = mesh.shard %x to <@m, [[0]]> : tensor<8x16xf32>
// CHECK-NEXT: %[[E:.*]] = math.exp %[[XS]]
// CHECK-NEXT: %[[ES:.*]] = mesh.shard %[[E]] to <@m, [[0]]> : tensor<8x16xf32>
// CHECK-NEXT: %[[N:.*]] = arith.negf %[[ES]]
// CHECK-NEXT: mesh.shard %[[N]] to <@m, [[0]]> : tensor<8x16xf32>
// CHECK-NEXT: %[[EC:.*]] = mesh.shard %[[ES]] to <@m, [[], [0]]> annotate_for_users : tensor<8x16xf32>
// CHECK-NEXT: %[[L:.*]] = math.log %[[EC]]
// CHECK-NEXT: mesh.shard %[[L]] to <@m, [[], [0]]> : tensor<8x16xf32>
mesh.mesh @m(shape = 4)
func.func @users_disagree(%x: tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<8x16xf32>) {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<8x16xf32>
  %e = math.exp %xs : tensor<8x16xf32>
  %es = mesh.shard %e to <@m, [[0]]> : tensor<8x16xf32>
  %n = arith.negf %es : tensor<8x16xf32>
  %ec = mesh.shard %es to <@m, [[], [0]]> annotate_for_users : tensor<8x16xf32>
  %l = math.log %ec : tensor<8x16xf32>
  return %n, %l : tensor<8x16xf32>, tensor<8x16xf32>
}
