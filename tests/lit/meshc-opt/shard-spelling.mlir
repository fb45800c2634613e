// Inputs in the LLVM 21+ spelling (shard.grid, shard.sharding, shard.shard) with the RUN lines of
// upstream's Shard tests: meshc-opt prints them back in that spelling, the sharding values where
// they stood and a new value before each annotation a pass adds.
// RUN: meshc-opt %s | meshc-opt | FileCheck %s --check-prefix=PARSE
// RUN: meshc-opt --pass-pipeline="builtin.module(func.func(sharding-propagation{traversal=forward-backward}))" %s | FileCheck %s --check-prefix=PROP
// RUN: meshc-opt --pass-pipeline="builtin.module(func.func(shard-partition,test-single-fold))" %s | FileCheck %s

// PARSE:       shard.grid @grid(shape = 2)
// PARSE-LABEL: func.func @reduce_rows(
// PARSE-NEXT:    %[[ROWS:.*]] = shard.sharding @grid split_axes = {{\[\[}}0]] : !shard.sharding
// PARSE-NEXT:    %[[WHOLE:.*]] = shard.sharding @grid split_axes = {{\[\[}}]] : !shard.sharding
// PARSE-NEXT:    shard.shard %arg0 to %[[ROWS]] annotate_for_users : tensor<6x6xi32>
// PARSE:         linalg.reduce
// PARSE:         shard.shard %{{.*}} to %[[WHOLE]] annotate_for_users : tensor<6xi32>
// PROP-LABEL: func.func @reduce_rows(
// The reduction over the split dim 0 is a sum over grid axis 0; in this spelling the result's
// annotation carries no partial axes, as LLVM 21+'s propagation prints it (the per-value form of
// meshc compile, and the mesh spellings, mark it partial = sum [0]):
// PROP:         %[[R:.*]] = linalg.reduce
// PROP:         %[[P:.*]] = shard.sharding @grid split_axes = {{\[\[}}]] : !shard.sharding
// PROP-NEXT:    %[[RS:.*]] = shard.shard %[[R]] to %[[P]] : tensor<6xi32>
// PROP-NEXT:    shard.shard %[[RS]] to %{{.*}} annotate_for_users : tensor<6xi32>
// Partitioned, in the local view: each device reduces its 3 rows, then the partial sums are added.
// CHECK-LABEL: func.func @reduce_rows(
// CHECK-SAME:      %arg0: tensor<3x6xi32>) -> tensor<6xi32>
// CHECK-NOT:     mesh.for_all
// CHECK:         %[[R:.*]] = linalg.reduce ins(%arg0 : tensor<3x6xi32>)
// CHECK:         %[[AR:.*]] = shard.all_reduce %[[R]] on @grid grid_axes = [0] : tensor<6xi32> -> tensor<6xi32>
// CHECK-NEXT:    return %[[AR]]
shard.grid @grid(shape = 2)
func.func @reduce_rows(%arg0: tensor<6x6xi32>) -> tensor<6xi32> {
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %whole = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %in = shard.shard %arg0 to %rows annotate_for_users : tensor<6x6xi32>
  %e = tensor.empty() : tensor<6xi32>
  %r = linalg.reduce ins(%in : tensor<6x6xi32>) outs(%e : tensor<6xi32>) dimensions = [0]
    (%a: i32, %acc: i32) {
      %s = arith.addi %a, %acc : i32
      linalg.yield %s : i32
    }
  %out = shard.shard %r to %whole annotate_for_users : tensor<6xi32>
  return %out : tensor<6xi32>
}
