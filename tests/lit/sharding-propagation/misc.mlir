// sharding-propagation corner cases: unused arguments, values used only by the return, ops without a
// sharding rule (replicated, with a remark), tensors used inside regions, shape queries, functions
// without annotations. Running the pass again changes nothing (second RUN line).
// RUN: meshc compile %s -p sharding-propagation --split-input-file | filecheck %s
// RUN: meshc compile %s -p sharding-propagation,sharding-propagation --split-input-file | filecheck %s
// RUN: meshc compile %s -p sharding-propagation --split-input-file --remarks 2>&1 >/dev/null | filecheck %s --check-prefix=REMARK

// An unused argument and an argument only returned are replicated; a returned annotated value keeps
// its annotation, and the function result is what is returned.
// CHECK-LABEL: func.func @args
// CHECK:      mesh.shard %unused to <@m, [[]]> : tensor<3xf32>
// CHECK-NEXT: %[[P:.*]] = mesh.shard %passed to <@m, [[]]> : tensor<5xf32>
// CHECK-NEXT: %[[K:.*]] = mesh.shard %kept to <@m, [[0]]> : tensor<8xf32>
// CHECK-NEXT: return %[[P]], %[[K]]
mesh.mesh @m(shape = 4)
func.func @args(%unused: tensor<3xf32>, %passed: tensor<5xf32>, %kept: tensor<8xf32>) -> (tensor<5xf32>, tensor<8xf32>) {
  %k = mesh.shard %kept to <@m, [[0]]> : tensor<8xf32>
  return %passed, %k : tensor<5xf32>, tensor<8xf32>
}

// -----

// tensor.extract and func.call have no sharding rule: they read their tensors replicated (resharding
// points) and produce replicated tensors; tensor.dim reads any sharding. Both read the same point,
// made at the first of them: each "is resharded" remark stands at the point, where reshard's is.
// CHECK-LABEL: func.func @no_rule
// CHECK:      %[[E:.*]] = math.exp
// CHECK-NEXT: %[[ES:.*]] = mesh.shard %[[E]] to <@m, [[0]]> : tensor<8xf32>
// CHECK-NEXT: %[[ER:.*]] = mesh.shard %[[ES]] to <@m, [[]]> annotate_for_users : tensor<8xf32>
// CHECK-NEXT: tensor.extract %[[ER]]
// CHECK:      tensor.dim %[[ES]]
// CHECK:      %[[C:.*]] = func.call @callee(%[[ER]])
// CHECK-NEXT: mesh.shard %[[C]] to <@m, [[]]> : tensor<8xf32>
// REMARK: misc.mlir:[[# @LINE + 8]]:8: remark: no sharding rule for 'tensor.extract': its tensor operands and results are replicated
// REMARK: misc.mlir:[[# @LINE + 7]]:8: remark: operand #0 of 'tensor.extract' is resharded: <@m, [[0]]> -> <@m, [[]]>
// REMARK: misc.mlir:[[# @LINE + 6]]:8: remark: operand #0 of 'func.call' is resharded: <@m, [[0]]> -> <@m, [[]]>
mesh.mesh @m(shape = 4)
func.func private @callee(tensor<8xf32>) -> tensor<8xf32>
func.func @no_rule(%x: tensor<8xf32>, %i: index) -> (f32, index, tensor<8xf32>) {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<8xf32>
  %e = math.exp %xs : tensor<8xf32>
  %v = tensor.extract %e[%i] : tensor<8xf32>
  %c0 = arith.constant 0 : index
  %d = tensor.dim %e, %c0 : tensor<8xf32>
  %c = func.call @callee(%e) : (tensor<8xf32>) -> tensor<8xf32>
  return %v, %d, %c : f32, index, tensor<8xf32>
}

// -----

// A tensor used inside a region (here captured by scf.for) keeps its split: the loop is sharded in
// place by its region model (meshc/interfaces/region_models.py), so the loop-carried value takes the
// split too; a dense constant's loops are its dims (a creation op's rule), so it takes the split as well
// (partition cuts each device's part from it) and nothing is resharded.
// CHECK-LABEL: func.func @regions
// CHECK:      %[[XS:.*]] = mesh.shard %x to <@m, [[0]]> : tensor<4xf32>
// CHECK:      %[[K:.*]] = arith.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]>
// CHECK-NEXT: %[[KS:.*]] = mesh.shard %[[K]] to <@m, [[0]]> : tensor<4xf32>
// CHECK-NEXT: %[[R:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[KS]])
// CHECK:      arith.addf %{{.*}}, %[[XS]] : tensor<4xf32>
// CHECK:      mesh.shard %[[R]] to <@m, [[0]]> : tensor<4xf32>
// REMARK-NOT: remark: no sharding rule for 'arith.constant'
mesh.mesh @m(shape = 4)
func.func @regions(%x: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<4xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %k = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %k) -> (tensor<4xf32>) {
    %y = arith.addf %acc, %xs : tensor<4xf32>
    scf.yield %y : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// No annotation: nothing to propagate, the function is left as it is.
// CHECK-LABEL: func.func @plain
// CHECK-NOT:  mesh.shard
// CHECK:      return
// REMARK: remark: function @plain has no sharding annotation; nothing to propagate
func.func @plain(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = math.exp %x : tensor<4xf32>
  return %y : tensor<4xf32>
}
