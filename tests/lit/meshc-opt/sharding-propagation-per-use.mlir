// Upstream's output form of sharding-propagation (annotations=per-use, what meshc-opt's
// 'sharding-propagation' runs): the input's annotations stay; every sharded op result gets a
// 'shard.shard' right after the op and every operand an 'annotate_for_users' one right before it,
// each with its own 'shard.sharding' value, which cse merges. meshc compile keeps one annotation
// tree per value (annotations=per-value, checked by PERVAL).
// RUN: meshc-opt --pass-pipeline="builtin.module(func.func(sharding-propagation,cse))" %s | FileCheck %s
// RUN: meshc-opt --sharding-propagation="annotations=per-use" %s | FileCheck %s --check-prefix=NOCSE
// RUN: meshc-opt --sharding-propagation="annotations=per-value" --cse %s | FileCheck %s --check-prefix=PERVAL
// The output parses back, and a second run adds nothing (every annotation is already there):
// RUN: meshc-opt --pass-pipeline="builtin.module(func.func(sharding-propagation,cse))" %s | meshc-opt --pass-pipeline="builtin.module(func.func(sharding-propagation,cse))" | FileCheck %s

shard.grid @g(shape = 4x2)

// The exp's result is pinned to rows; its operand %x is read through an annotate_for_users copy
// with the same sharding, and the tanh reads the pinned result through another.
// CHECK-LABEL: func.func @two_steps(
// CHECK-SAME:    %[[X:.*]]: tensor<16x6xf32>
// CHECK-NEXT:    %[[S:.*]] = shard.sharding @g split_axes = {{\[\[}}0]] : !shard.sharding
// CHECK-NEXT:    %[[XU:.*]] = shard.shard %[[X]] to %[[S]] annotate_for_users : tensor<16x6xf32>
// CHECK-NEXT:    %[[E:.*]] = tosa.exp %[[XU]]
// CHECK-NEXT:    %[[ES:.*]] = shard.shard %[[E]] to %[[S]] : tensor<16x6xf32>
// CHECK-NEXT:    %[[EU:.*]] = shard.shard %[[ES]] to %[[S]] annotate_for_users : tensor<16x6xf32>
// CHECK-NEXT:    %[[T:.*]] = tosa.tanh %[[EU]]
// CHECK-NEXT:    %[[TS:.*]] = shard.shard %[[T]] to %[[S]] : tensor<16x6xf32>
// CHECK-NEXT:    return %[[TS]]
// Without cse every new annotation has a sharding value of its own, on the line before it:
// NOCSE-LABEL: func.func @two_steps(
// NOCSE:         %[[S0:.*]] = shard.sharding @g split_axes = {{\[\[}}0]] : !shard.sharding
// NOCSE-NEXT:    shard.shard %{{.*}} to %[[S0]] annotate_for_users
// NOCSE-NEXT:    tosa.exp
// NOCSE-NEXT:    %[[S1:.*]] = shard.sharding @g split_axes = {{\[\[}}0]] : !shard.sharding
// NOCSE-NEXT:    shard.shard %{{.*}} to %[[S1]] : tensor<16x6xf32>
// NOCSE-NEXT:    %[[S2:.*]] = shard.sharding @g split_axes = {{\[\[}}0]] : !shard.sharding
// NOCSE-NEXT:    shard.shard %{{.*}} to %[[S2]] annotate_for_users
// NOCSE-NEXT:    tosa.tanh
// The per-value form: one annotation per value, no annotate_for_users where nothing changes.
// PERVAL-LABEL: func.func @two_steps(
// PERVAL-NOT:     annotate_for_users
// PERVAL:         return
func.func @two_steps(%x: tensor<16x6xf32>) -> tensor<16x6xf32> {
  %e = tosa.exp %x : (tensor<16x6xf32>) -> tensor<16x6xf32>
  %rows = shard.sharding @g split_axes = [[0]] : !shard.sharding
  %es = shard.shard %e to %rows : tensor<16x6xf32>
  %t = tosa.tanh %es : (tensor<16x6xf32>) -> tensor<16x6xf32>
  return %t : tensor<16x6xf32>
}

// An operand the user annotated for its users with another sharding than the op takes: the value
// is first annotated with the op's sharding, then read through an annotate_for_users copy. The
// op reading one value twice reads one copy.
// CHECK-LABEL: func.func @conflict(
// CHECK-SAME:    %[[A:.*]]: tensor<8x8xf32>
// CHECK:         %[[COLS:.*]] = shard.sharding @g split_axes = {{\[\[}}], [1]] : !shard.sharding
// CHECK-NEXT:    %[[AC:.*]] = shard.shard %[[A]] to %[[COLS]] annotate_for_users : tensor<8x8xf32>
// CHECK-NEXT:    %[[ROWS:.*]] = shard.sharding @g split_axes = {{\[\[}}0]] : !shard.sharding
// CHECK-NEXT:    %[[AR:.*]] = shard.shard %[[AC]] to %[[ROWS]] : tensor<8x8xf32>
// CHECK-NEXT:    %[[ARU:.*]] = shard.shard %[[AR]] to %[[ROWS]] annotate_for_users : tensor<8x8xf32>
// CHECK-NEXT:    %[[M:.*]] = tosa.maximum %[[ARU]], %[[ARU]]
// CHECK-NEXT:    %[[MS:.*]] = shard.shard %[[M]] to %[[ROWS]] : tensor<8x8xf32>
// CHECK-NEXT:    return %[[MS]]
func.func @conflict(%a: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %cols = shard.sharding @g split_axes = [[], [1]] : !shard.sharding
  %ac = shard.shard %a to %cols annotate_for_users : tensor<8x8xf32>
  %m = tosa.maximum %ac, %ac : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  %rows = shard.sharding @g split_axes = [[0]] : !shard.sharding
  %ms = shard.shard %m to %rows : tensor<8x8xf32>
  return %ms : tensor<8x8xf32>
}
