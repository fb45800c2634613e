// Upstream's partition RUN lines with meshc-opt: shard-partition (LLVM 21+) and mesh-spmdization
// (LLVM 19/20) run meshc's sharding-propagation, distribute-types, reshard{strategy=collectives}
// and partition, then local-view: the function as one device sees it (local tensor types, the
// mesh.for_all bodies inlined), as upstream prints it (docs/meshc-opt.md). meshc's passes that
// need the module run once on it where func.func(...) names them.
// RUN: meshc-opt --pass-pipeline="builtin.module(func.func(shard-partition,test-single-fold))" %s | FileCheck %s
// RUN: meshc-opt -mesh-spmdization -test-constant-fold %s | FileCheck %s
// RUN: meshc-opt --shard-partition --canonicalize %s | meshc-opt | FileCheck %s
// RUN: meshc-opt --shard-partition --dump-pass-pipeline %s 2>&1 >/dev/null | FileCheck %s --check-prefix=PIPE
// PIPE: Pass Manager: builtin.module(sharding-propagation,distribute-types,reshard{strategy=collectives},partition,local-view)

mesh.mesh @mesh_1d(shape = 2)

// replicated -> split (all_slice), exp on each device's 2 rows, split -> replicated (all_gather)
// CHECK-LABEL: func.func @gather_after(
// CHECK-SAME:      %[[ARG:.*]]: tensor<4x3xf32>) -> tensor<4x3xf32>
// CHECK-NOT:     mesh.for_all
// CHECK-DAG:     %[[E:.*]] = tensor.empty() : tensor<2x3xf32>
// CHECK-DAG:     %[[SL:.*]] = {{(mesh|shard)}}.all_slice %[[ARG]] on @mesh_1d {{(mesh|grid)}}_axes = [0] slice_axis = 0 : tensor<4x3xf32> -> tensor<2x3xf32>
// CHECK:         %[[X:.*]] = linalg.exp ins(%[[SL]] : tensor<2x3xf32>) outs(%[[E]] : tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %[[G:.*]] = {{(mesh|shard)}}.all_gather %[[X]] on @mesh_1d {{(mesh|grid)}}_axes = [0] gather_axis = 0 : tensor<2x3xf32> -> tensor<4x3xf32>
// CHECK-NEXT:    return %[[G]] : tensor<4x3xf32>
func.func @gather_after(%arg0: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %0 = mesh.shard %arg0 to <@mesh_1d, [[]]> : tensor<4x3xf32>
  %1 = mesh.shard %0 to <@mesh_1d, [[0]]> annotate_for_users : tensor<4x3xf32>
  %e = tensor.empty() : tensor<4x3xf32>
  %2 = linalg.exp ins(%1 : tensor<4x3xf32>) outs(%e : tensor<4x3xf32>) -> tensor<4x3xf32>
  %3 = mesh.shard %2 to <@mesh_1d, [[0]]> : tensor<4x3xf32>
  %4 = mesh.shard %3 to <@mesh_1d, [[]]> annotate_for_users : tensor<4x3xf32>
  return %4 : tensor<4x3xf32>
}

// split rows -> split columns: one all_to_all, from 2x4 rows to 4x2 columns per device
// CHECK-LABEL: func.func @move_split_axis(
// CHECK-SAME:      %arg0: tensor<2x4xi8>) -> tensor<4x2xi8>
// CHECK-NEXT:    %[[A2A:.*]] = {{(mesh|shard)}}.all_to_all %arg0 on @mesh_1d {{(mesh|grid)}}_axes = [0] split_axis = 1 concat_axis = 0 : tensor<2x4xi8> -> tensor<4x2xi8>
// CHECK-NEXT:    return %[[A2A]]
func.func @move_split_axis(%arg0: tensor<4x4xi8>) -> tensor<4x4xi8> {
  %0 = mesh.shard %arg0 to <@mesh_1d, [[0]]> : tensor<4x4xi8>
  %1 = mesh.shard %0 to <@mesh_1d, [[], [0]]> annotate_for_users : tensor<4x4xi8>
  return %1 : tensor<4x4xi8>
}

// no tensor: unchanged by the partition, the fold removes the + 0
// CHECK-LABEL: func.func @scalar(
// CHECK-NEXT:    return %arg0 : i8
func.func @scalar(%arg0: i8) -> i8 {
  %c0 = arith.constant 0 : i8
  %0 = arith.addi %arg0, %c0 : i8
  return %0 : i8
}
