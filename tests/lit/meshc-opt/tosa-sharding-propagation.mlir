// Custom-form tosa through sharding-propagation, as upstream's propagation tests use it:
// elementwise ops with TOSA broadcasting, zero points replicated, batch matmul, transpose. The
// checks read meshc's per-value form (upstream's per-use form: sharding-propagation-per-use.mlir).
// RUN: meshc-opt --pass-pipeline="builtin.module(func.func(sharding-propagation{annotations=per-value},cse))" %s | FileCheck %s
// RUN: meshc-opt %s | meshc-opt | FileCheck %s --check-prefix=ROUND

mesh.mesh @m(shape = 2x4)

// ROUND-LABEL: func.func @forms(
// ROUND:         tosa.negate %{{.*}}, %{{.*}}, %{{.*}} : (tensor<8x16xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<8x16xf32>
// ROUND:         tosa.mul %{{.*}}, %{{.*}}, %{{.*}} : (tensor<8x16xf32>, tensor<1x16xf32>, tensor<1xi8>) -> tensor<8x16xf32>
// ROUND:         tosa.mul %{{.*}}, %{{.*}} {shift = 0 : i8} : (tensor<8x16xf32>, tensor<1x16xf32>) -> tensor<8x16xf32>
// ROUND:         tosa.clamp %{{.*}} {max_val = 6.000000e+00 : f32, min_val = 0.000000e+00 : f32} : (tensor<8x16xf32>) -> tensor<8x16xf32>
// ROUND:         "tosa.const"() <{values = dense<[1, 0]> : tensor<2xi32>}>
// ROUND:         tosa.transpose %{{.*}}, %{{.*}} : (tensor<16x8xf32>, tensor<2xi32>) -> tensor<8x16xf32>
func.func @forms(%a: tensor<8x16xf32>, %b: tensor<1x16xf32>, %z: tensor<1xf32>, %s: tensor<1xi8>) -> tensor<8x16xf32> {
  %0 = tosa.negate %a, %z, %z : (tensor<8x16xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<8x16xf32>
  %1 = tosa.mul %0, %b, %s : (tensor<8x16xf32>, tensor<1x16xf32>, tensor<1xi8>) -> tensor<8x16xf32>
  %2 = tosa.mul %1, %b {shift = 0 : i8} : (tensor<8x16xf32>, tensor<1x16xf32>) -> tensor<8x16xf32>
  %3 = tosa.clamp %2 {max_val = 6.0 : f32, min_val = 0.0 : f32} : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %4 = tosa.transpose %3 {perms = array<i32: 1, 0>} : (tensor<8x16xf32>) -> tensor<16x8xf32>
  %p = "tosa.const"() <{values = dense<[1, 0]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %5 = tosa.transpose %4, %p : (tensor<16x8xf32>, tensor<2xi32>) -> tensor<8x16xf32>
  return %5 : tensor<8x16xf32>
}

// CHECK-LABEL: func.func @elementwise_on_def(
// CHECK-SAME:    %[[A:.*]]: tensor<8x16xf32>, %[[Z:.*]]: tensor<1xf32>
func.func @elementwise_on_def(%a: tensor<8x16xf32>, %z: tensor<1xf32>) -> tensor<8x16xf32> {
  // CHECK-DAG:   %[[AS:.*]] = mesh.shard %[[A]] to <@m, {{\[\[}}0], [1]]> : tensor<8x16xf32>
  // CHECK-DAG:   %[[ZS:.*]] = mesh.shard %[[Z]] to <@m, {{\[\[}}]]> : tensor<1xf32>
  // CHECK:       %[[T:.*]] = tosa.tanh %[[AS]] : (tensor<8x16xf32>) -> tensor<8x16xf32>
  // CHECK:       %[[TS:.*]] = mesh.shard %[[T]] to <@m, {{\[\[}}0], [1]]> : tensor<8x16xf32>
  // CHECK:       tosa.negate %[[TS]], %[[ZS]], %[[ZS]]
  %0 = tosa.tanh %a : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %1 = tosa.negate %0, %z, %z : (tensor<8x16xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<8x16xf32>
  %2 = mesh.shard %1 to <@m, [[0], [1]]> : tensor<8x16xf32>
  return %2 : tensor<8x16xf32>
}

// A broadcast dim (size 1 against 16) is not split; the other dim follows the result.
// CHECK-LABEL: func.func @broadcast(
// CHECK-SAME:    %[[A:.*]]: tensor<8x16xf32>, %[[B:.*]]: tensor<8x1xf32>
func.func @broadcast(%a: tensor<8x16xf32>, %b: tensor<8x1xf32>) -> tensor<8x16xf32> {
  // CHECK:       mesh.shard %[[B]] to <@m, {{\[\[}}0]]> : tensor<8x1xf32>
  // CHECK:       tosa.sub
  %as = mesh.shard %a to <@m, [[0], [1]]> annotate_for_users : tensor<8x16xf32>
  %0 = tosa.sub %as, %b : (tensor<8x16xf32>, tensor<8x1xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// CHECK-LABEL: func.func @matmul_split_batch_and_m(
// CHECK-SAME:    %[[A:.*]]: tensor<2x16x8xf32>, %[[B:.*]]: tensor<2x8x32xf32>
func.func @matmul_split_batch_and_m(%a: tensor<2x16x8xf32>, %b: tensor<2x8x32xf32>) -> tensor<2x16x32xf32> {
  // CHECK-DAG:   mesh.shard %[[A]] to <@m, {{\[\[}}0], [1]]> : tensor<2x16x8xf32>
  // CHECK-DAG:   mesh.shard %[[B]] to <@m, {{\[\[}}0]]> : tensor<2x8x32xf32>
  // CHECK:       tosa.matmul
  %0 = tosa.matmul %a, %b : (tensor<2x16x8xf32>, tensor<2x8x32xf32>) -> tensor<2x16x32xf32>
  %1 = mesh.shard %0 to <@m, [[0], [1]]> : tensor<2x16x32xf32>
  return %1 : tensor<2x16x32xf32>
}

// A split contraction dim makes the result partial.
// CHECK-LABEL: func.func @matmul_split_k(
func.func @matmul_split_k(%a: tensor<2x16x8xf32>, %b: tensor<2x8x32xf32>) -> tensor<2x16x32xf32> {
  // CHECK:       mesh.shard %{{.*}} to <@m, {{\[\[}}], [1]]> : tensor<2x8x32xf32>
  // CHECK:       %[[MM:.*]] = tosa.matmul
  // CHECK:       mesh.shard %[[MM]] to <@m, {{\[\[}}]], partial = sum[1]> : tensor<2x16x32xf32>
  %as = mesh.shard %a to <@m, [[], [], [1]]> annotate_for_users : tensor<2x16x8xf32>
  %0 = tosa.matmul %as, %b : (tensor<2x16x8xf32>, tensor<2x8x32xf32>) -> tensor<2x16x32xf32>
  return %0 : tensor<2x16x32xf32>
}

// CHECK-LABEL: func.func @transpose(
func.func @transpose(%a: tensor<8x16xf32>) -> tensor<16x8xf32> {
  // CHECK:       %[[T:.*]] = tosa.transpose %{{.*}} {perms = array<i32: 1, 0>}
  // CHECK:       mesh.shard %[[T]] to <@m, {{\[\[}}1], [0]]> : tensor<16x8xf32>
  %as = mesh.shard %a to <@m, [[0], [1]]> annotate_for_users : tensor<8x16xf32>
  %0 = tosa.transpose %as {perms = array<i32: 1, 0>} : (tensor<8x16xf32>) -> tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}
