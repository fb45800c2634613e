// The mesh ops' own canonicalization patterns, run by --canonicalize as mlir-opt runs
// upstream's (collectives over a one-process group, static mesh queries, duplicate shards).
// RUN: meshc-opt --canonicalize %s | FileCheck %s
// RUN: meshc-opt --split-input-file --canonicalize %s | meshc-opt | FileCheck %s

mesh.mesh @m(shape = 2x4x1)
mesh.mesh @dyn(shape = 3x?)

// CHECK-LABEL: func.func @empty_axes(
// CHECK-SAME:    %[[A:.*]]: tensor<6xf32>
func.func @empty_axes(%a: tensor<6xf32>) -> (tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>,
                                            tensor<6xf32>, tensor<6xf32>) {
  // CHECK-NOT: mesh.all_reduce
  // CHECK-NOT: mesh.all_gather
  // CHECK-NOT: mesh.broadcast
  // CHECK-NOT: mesh.reduce_scatter
  // CHECK-NOT: mesh.all_to_all
  // CHECK-NOT: mesh.scatter
  %0 = mesh.all_reduce %a on @m mesh_axes = [] : tensor<6xf32> -> tensor<6xf32>
  %1 = mesh.all_gather %a on @m mesh_axes = [] gather_axis = 0 : tensor<6xf32> -> tensor<6xf32>
  %2 = mesh.broadcast %a on @m mesh_axes = [] root = [] : (tensor<6xf32>) -> tensor<6xf32>
  %3 = mesh.reduce_scatter %a on @m mesh_axes = [] reduction = max scatter_axis = 0 : tensor<6xf32> -> tensor<6xf32>
  %4 = mesh.all_to_all %a on @m mesh_axes = [] split_axis = 0 concat_axis = 0 : tensor<6xf32> -> tensor<6xf32>
  %5 = mesh.scatter %a on @m mesh_axes = [] scatter_axis = 0 root = [] : (tensor<6xf32>) -> tensor<6xf32>
  // CHECK: return %[[A]], %[[A]], %[[A]], %[[A]], %[[A]], %[[A]] :
  return %0, %1, %2, %3, %4, %5 : tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>,
                                  tensor<6xf32>
}

// A group of size-1 axes is one process too; with another result type the op stays, without axes.
// CHECK-LABEL: func.func @unit_axes(
// CHECK-SAME:    %[[A:.*]]: tensor<6xf32>
func.func @unit_axes(%a: tensor<6xf32>) -> (tensor<6xf32>, tensor<6xf64>, tensor<6xf32>) {
  // CHECK-NEXT: %[[W:.*]] = mesh.all_reduce %[[A]] on @m : tensor<6xf32> -> tensor<6xf64>
  // CHECK-NEXT: %[[G:.*]] = mesh.all_gather %[[A]] on @m mesh_axes = [0] gather_axis = 0 : tensor<6xf32> -> tensor<12xf32>
  // CHECK-NEXT: %[[S:.*]] = mesh.all_slice %[[G]] on @m mesh_axes = [0] slice_axis = 0 : tensor<12xf32> -> tensor<6xf32>
  %0 = mesh.all_slice %a on @m mesh_axes = [2] slice_axis = 0 : tensor<6xf32> -> tensor<6xf32>
  %1 = mesh.all_reduce %a on @m mesh_axes = [2] reduction = sum : tensor<6xf32> -> tensor<6xf64>
  %2 = mesh.all_gather %a on @m mesh_axes = [2, 0] gather_axis = 0 : tensor<6xf32> -> tensor<12xf32>
  %3 = mesh.all_slice %2 on @m mesh_axes = [0] slice_axis = 0 : tensor<12xf32> -> tensor<6xf32>
  // CHECK-NEXT: return %[[A]], %[[W]], %[[S]]
  return %0, %1, %3 : tensor<6xf32>, tensor<6xf64>, tensor<6xf32>
}

// CHECK-LABEL: func.func @kept(
func.func @kept(%a: tensor<6xf32>) -> (tensor<6xf64>, tensor<6xf32>) {
  // CHECK: mesh.all_reduce %{{.*}} on @m : tensor<6xf32> -> tensor<6xf64>
  // CHECK-NOT: reduction
  %0 = mesh.all_reduce %a on @m mesh_axes = [] reduction = sum : tensor<6xf32> -> tensor<6xf64>
  // CHECK: mesh.all_reduce %{{.*}} on @m mesh_axes = [1] : tensor<6xf32> -> tensor<6xf32>
  %1 = mesh.all_reduce %a on @m mesh_axes = [1] reduction = sum : tensor<6xf32> -> tensor<6xf32>
  return %0, %1 : tensor<6xf64>, tensor<6xf32>
}

// Static axis sizes fold to constants; the dynamic one stays as a query of that axis alone.
// CHECK-LABEL: func.func @queries(
func.func @queries() -> (index, index, index, index, index, index, index) {
  // CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
  // CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
  // CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
  // CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
  // CHECK-DAG: %[[D:.*]] = mesh.mesh_shape @dyn axes = [1] : index
  // CHECK-DAG: %[[I:.*]]:2 = mesh.process_multi_index on @m axes = [1, 0] : index, index
  %0:2 = mesh.mesh_shape @m axes = [2, 1] : index, index
  %1:2 = mesh.mesh_shape @dyn : index, index
  %2:3 = mesh.process_multi_index on @m axes = [1, 2, 0] : index, index, index
  // CHECK: return %[[C1]], %[[C4]], %[[C3]], %[[D]], %[[I]]#0, %[[C0]], %[[I]]#1 :
  return %0#0, %0#1, %1#0, %1#1, %2#0, %2#1, %2#2 : index, index, index, index, index, index, index
}

// -----

mesh.mesh @one(shape = 1x1)
mesh.mesh @g(shape = 4x4)

// CHECK-LABEL: func.func @one_process(
func.func @one_process() -> (index, index) {
  // CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
  // CHECK-NEXT: return %[[C0]], %[[C0]] : index, index
  %0 = mesh.process_linear_index on @one : index
  %1 = mesh.process_multi_index on @one axes = [1] : index
  return %0, %1 : index, index
}

// CHECK-LABEL: func.func @linear_index_kept(
func.func @linear_index_kept() -> index {
  // CHECK-NEXT: mesh.process_linear_index on @g : index
  %0 = mesh.process_linear_index on @g : index
  return %0 : index
}

// A constant annotated twice: the same sharding is one annotation, another one annotates the first.
// CHECK-LABEL: func.func @duplicate_shards(
func.func @duplicate_shards() -> (tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>) {
  // CHECK-NEXT: %[[C:.*]] = arith.constant dense<0.000000e+00> : tensor<8x8xf32>
  // The input spells shardings as mesh.sharding values, so the output keeps them as values (spelling.py).
  // CHECK-NEXT: %[[SH01:.*]] = mesh.sharding @g split_axes = {{\[\[}}0, 1]] : !mesh.sharding
  // CHECK-NEXT: %[[S01:.*]] = mesh.shard %[[C]] to %[[SH01]] : tensor<8x8xf32>
  // CHECK-NEXT: %[[SH0:.*]] = mesh.sharding @g split_axes = {{\[\[}}0]] : !mesh.sharding
  // CHECK-NEXT: %[[S0:.*]] = mesh.shard %[[S01]] to %[[SH0]] : tensor<8x8xf32>
  // CHECK-NEXT: return %[[S01]], %[[S0]], %[[S01]]
  %c1 = arith.constant dense<0.0> : tensor<8x8xf32>
  %s01 = mesh.sharding @g split_axes = [[0, 1]] : !mesh.sharding
  %c2 = arith.constant dense<0.0> : tensor<8x8xf32>
  %s0 = mesh.sharding @g split_axes = [[0]] : !mesh.sharding
  %a = mesh.shard %c2 to %s01 : tensor<8x8xf32>
  %c3 = arith.constant dense<0.0> : tensor<8x8xf32>
  %b = mesh.shard %c3 to %s0 : tensor<8x8xf32>
  %d = mesh.shard %c1 to %s01 : tensor<8x8xf32>
  return %a, %b, %d : tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>
}

// CHECK-LABEL: func.func @constant_halo_sizes(
func.func @constant_halo_sizes() -> !mesh.sharding {
  // CHECK-NEXT: mesh.sharding @g split_axes = {{\[\[}}0], [1]] halo_sizes = [1, 2, 2, 7] : !mesh.sharding
  %c2 = arith.constant 2 : i64
  %s = mesh.sharding @g split_axes = [[0], [1]] halo_sizes = [1, %c2, %c2, 7] : !mesh.sharding
  return %s : !mesh.sharding
}
