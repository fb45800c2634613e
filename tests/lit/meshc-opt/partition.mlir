// Upstream's partition RUN lines with meshc-opt: shard-partition (LLVM 21+) and mesh-spmdization
// (LLVM 19/20) run meshc's sharding-propagation, distribute-types, reshard{strategy=collectives}
// and partition. The resharding collectives are upstream's; unlike upstream, meshc keeps the
// global view (distributed tensor types, one mesh.for_all body per op, whose slices have the
// local per-device shapes) instead of rewriting the function to local types (docs/meshc-opt.md).
// meshc's passes that need the module run once on it where func.func(...) names them.
// RUN: meshc-opt --pass-pipeline="builtin.module(func.func(shard-partition,test-single-fold))" %s | FileCheck %s
// RUN: meshc-opt -mesh-spmdization -test-constant-fold %s | FileCheck %s
// RUN: meshc-opt --shard-partition --canonicalize %s | meshc-opt | FileCheck %s
// RUN: meshc-opt --shard-partition --dump-pass-pipeline %s 2>&1 >/dev/null | FileCheck %s --check-prefix=PIPE
// PIPE: Pass Manager: builtin.module(sharding-propagation,distribute-types,reshard{strategy=collectives},partition)

mesh.mesh @mesh_1d(shape = 2)

// replicated -> split (all_slice), exp on each device's rows, split -> replicated (all_gather)
// CHECK-LABEL: func.func @gather_after(
// CHECK-SAME:      %[[ARG:.*]]: tensor<4x3xf32, {{.*}}{{\[\[}}]]>>) -> tensor<4x3xf32, {{.*}}{{\[\[}}]]>>
// CHECK:         %[[SL:.*]] = {{(mesh|shard)}}.all_slice %[[ARG]] on @mesh_1d {{(mesh|grid)}}_axes = [0] slice_axis = 0
// CHECK:         %[[R:.*]] = mesh.for_all on @mesh_1d -> tensor<4x3xf32, {{.*}}{{\[\[}}0]]>> {
// CHECK:           tensor.extract_slice %[[SL]][%{{.*}}, 0] [2, 3] [1, 1] : {{.*}} to tensor<2x3xf32>
// CHECK:           %[[E:.*]] = linalg.exp ins(%{{.*}} : tensor<2x3xf32>) outs(%{{.*}} : tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:      mesh.yield %[[E]] : tensor<2x3xf32>
// CHECK:         %[[G:.*]] = {{(mesh|shard)}}.all_gather %[[R]] on @mesh_1d {{(mesh|grid)}}_axes = [0] gather_axis = 0
// CHECK-NEXT:    return %[[G]]
func.func @gather_after(%arg0: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %0 = mesh.shard %arg0 to <@mesh_1d, [[]]> : tensor<4x3xf32>
  %1 = mesh.shard %0 to <@mesh_1d, [[0]]> annotate_for_users : tensor<4x3xf32>
  %e = tensor.empty() : tensor<4x3xf32>
  %2 = linalg.exp ins(%1 : tensor<4x3xf32>) outs(%e : tensor<4x3xf32>) -> tensor<4x3xf32>
  %3 = mesh.shard %2 to <@mesh_1d, [[0]]> : tensor<4x3xf32>
  %4 = mesh.shard %3 to <@mesh_1d, [[]]> annotate_for_users : tensor<4x3xf32>
  return %4 : tensor<4x3xf32>
}

// split rows -> split columns: one all_to_all
// CHECK-LABEL: func.func @move_split_axis(
// CHECK-NEXT:    %[[A2A:.*]] = {{(mesh|shard)}}.all_to_all %arg0 on @mesh_1d {{(mesh|grid)}}_axes = [0] split_axis = 1 concat_axis = 0
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
