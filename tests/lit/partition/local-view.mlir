// local-view after partition: the function as one device sees it (upstream's per-device view).
// Local types follow upstream's shardShape: n / k for an even split, ? for an uneven one or a
// dynamic size or mesh, halo widths added; the mesh.for_all bodies are inlined.
// RUN: meshc compile %s -p "sharding-propagation,distribute-types,reshard{strategy=collectives},partition,local-view" | filecheck %s
// The output verifies and parses back:
// RUN: meshc compile %s -p "sharding-propagation,distribute-types,reshard{strategy=collectives},partition,local-view" | meshc compile - -p "verify" | filecheck %s
// signature=global keeps the global shapes at the function boundary:
// RUN: meshc compile %s -p "sharding-propagation,distribute-types,reshard{strategy=collectives},partition,local-view{signature=global}" | filecheck %s --check-prefix=GLOBAL
// Before partition there is no per-device form: a located error.
// RUN: not meshc compile %s -p "sharding-propagation,distribute-types,reshard{strategy=collectives},local-view" 2>&1 | filecheck %s --check-prefix=ERR

mesh.mesh @pair(shape = 2)
mesh.mesh @four(shape = 4)
mesh.mesh @any(shape = ?)

// 7 rows over 2 devices: 3 and 4 (meshc's balanced rule), so the local type is ?x6; the
// per-device size of the empty tensor comes from the process index.
// CHECK-LABEL: func.func @uneven(
// CHECK-SAME:      %[[X:.*]]: tensor<?x6xf32>) -> tensor<?x6xf32>
// CHECK-NOT:     mesh.for_all
// CHECK:         %[[I:.*]] = mesh.process_multi_index on @pair : index
// CHECK:         %[[N:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : index
// CHECK:         %[[E:.*]] = tensor.empty(%[[N]]) : tensor<?x6xf32>
// CHECK:         %[[R:.*]] = linalg.negf ins(%[[X]] : tensor<?x6xf32>) outs(%[[E]] : tensor<?x6xf32>) -> tensor<?x6xf32>
// CHECK-NEXT:    return %[[R]] : tensor<?x6xf32>
// GLOBAL-LABEL: func.func @uneven(
// GLOBAL-SAME:      %[[X:.*]]: tensor<7x6xf32>) -> tensor<7x6xf32>
// GLOBAL:         %[[L:.*]] = builtin.unrealized_conversion_cast %[[X]] : tensor<7x6xf32> to tensor<?x6xf32>
// GLOBAL:         %[[R:.*]] = linalg.negf ins(%[[L]] : tensor<?x6xf32>)
// GLOBAL:         %[[G:.*]] = builtin.unrealized_conversion_cast %[[R]] : tensor<?x6xf32> to tensor<7x6xf32>
// GLOBAL-NEXT:    return %[[G]] : tensor<7x6xf32>
func.func @uneven(%x: tensor<7x6xf32>) -> tensor<7x6xf32> {
  %0 = mesh.shard %x to <@pair, [[0]]> annotate_for_users : tensor<7x6xf32>
  // ERR: local-view.mlir:35:8: error: 'tensor.empty' op local-view: this op has a distributed result
  %e = tensor.empty() : tensor<7x6xf32>
  %1 = linalg.negf ins(%0 : tensor<7x6xf32>) outs(%e : tensor<7x6xf32>) -> tensor<7x6xf32>
  %2 = mesh.shard %1 to <@pair, [[0]]> : tensor<7x6xf32>
  return %2 : tensor<7x6xf32>
}

// Halos of 1 and 2 rows on shards of 3 rows: every device holds 6 rows; the exchange is
// upstream's tensor.empty + insert_slice (the core at offset 1) + update_halo.
// CHECK-LABEL: func.func @add_halo(
// CHECK-SAME:      %[[X:.*]]: tensor<3x5xi32>) -> tensor<6x5xi32>
// CHECK-NEXT:    %[[E:.*]] = tensor.empty() : tensor<6x5xi32>
// CHECK-NEXT:    %[[IN:.*]] = tensor.insert_slice %[[X]] into %[[E]][1, 0] [3, 5] [1, 1] : tensor<3x5xi32> into tensor<6x5xi32>
// CHECK-NEXT:    %[[H:.*]] = mesh.update_halo %[[IN]] on @four split_axes = {{\[\[}}0]] halo_sizes = [1, 2] : tensor<6x5xi32>
// CHECK-NEXT:    return %[[H]] : tensor<6x5xi32>
func.func @add_halo(%x: tensor<12x5xi32>) -> tensor<12x5xi32> {
  %0 = mesh.shard %x to <@four, [[0]]> : tensor<12x5xi32>
  %1 = mesh.shard %0 to <@four, [[0]], halo_sizes = [1, 2]> annotate_for_users : tensor<12x5xi32>
  return %1 : tensor<12x5xi32>
}

// A dynamic dim: the sizes of the halo'd buffer are computed from tensor.dim of the core.
// CHECK-LABEL: func.func @add_halo_dynamic(
// CHECK-SAME:      %[[X:.*]]: tensor<?x5xi32>) -> tensor<?x5xi32>
// CHECK:         %[[N:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?x5xi32>
// CHECK:         %[[E:.*]] = tensor.empty(%{{.*}}) : tensor<?x5xi32>
// CHECK:         %[[IN:.*]] = tensor.insert_slice %[[X]] into %[[E]][2, 0] [%[[N]], 5] [1, 1] : tensor<?x5xi32> into tensor<?x5xi32>
// CHECK:         mesh.update_halo %[[IN]] on @four split_axes = {{\[\[}}0]] halo_sizes = [2, 2] : tensor<?x5xi32>
func.func @add_halo_dynamic(%x: tensor<?x5xi32>) -> tensor<?x5xi32> {
  %0 = mesh.shard %x to <@four, [[0]]> : tensor<?x5xi32>
  %1 = mesh.shard %0 to <@four, [[0]], halo_sizes = [2, 2]> annotate_for_users : tensor<?x5xi32>
  return %1 : tensor<?x5xi32>
}

// On a mesh of unknown size the gathered rows are ?: the all_gather has the type upstream's
// verifier gives it and a tensor.cast recovers the replicated 8x2.
// CHECK-LABEL: func.func @gather_on_dynamic_mesh(
// CHECK-SAME:      %[[X:.*]]: tensor<?x2xf64>) -> tensor<8x2xf64>
// CHECK-NEXT:    %[[G:.*]] = mesh.all_gather %[[X]] on @any mesh_axes = [0] gather_axis = 0 : tensor<?x2xf64> -> tensor<?x2xf64>
// CHECK-NEXT:    %[[C:.*]] = tensor.cast %[[G]] : tensor<?x2xf64> to tensor<8x2xf64>
// CHECK-NEXT:    return %[[C]] : tensor<8x2xf64>
func.func @gather_on_dynamic_mesh(%x: tensor<8x2xf64>) -> tensor<8x2xf64> {
  %0 = mesh.shard %x to <@any, [[0]]> : tensor<8x2xf64>
  %1 = mesh.shard %0 to <@any, [[]]> annotate_for_users : tensor<8x2xf64>
  return %1 : tensor<8x2xf64>
}

// A call follows the callee's local signature; get_sharding becomes the sharding value.
// CHECK-LABEL: func.func @rows(
// CHECK-SAME:      %[[X:.*]]: tensor<1x3xf32>) -> (tensor<1x3xf32>, !mesh.sharding)
// CHECK-NEXT:    %[[S:.*]] = mesh.sharding @four split_axes = {{\[\[}}0]] : !mesh.sharding
// CHECK-NEXT:    return %[[X]], %[[S]] : tensor<1x3xf32>, !mesh.sharding
// CHECK-LABEL: func.func @call_rows(
// CHECK-SAME:      %[[X:.*]]: tensor<1x3xf32>) -> tensor<1x3xf32>
// CHECK-NEXT:    %[[R:.*]]:2 = func.call @rows(%[[X]]) : (tensor<1x3xf32>) -> (tensor<1x3xf32>, !mesh.sharding)
// CHECK-NEXT:    return %[[R]]#0 : tensor<1x3xf32>
// GLOBAL-LABEL: func.func @call_rows(
// GLOBAL-SAME:      %[[X:.*]]: tensor<4x3xf32>) -> tensor<4x3xf32>
// GLOBAL:         func.call @rows(%{{.*}}) : (tensor<4x3xf32>) -> (tensor<4x3xf32>, !mesh.sharding)
func.func @rows(%x: tensor<4x3xf32>) -> (tensor<4x3xf32>, !mesh.sharding) {
  %0 = mesh.shard %x to <@four, [[0]]> : tensor<4x3xf32>
  %s = mesh.get_sharding %0 : tensor<4x3xf32> -> !mesh.sharding
  %1 = mesh.shard %0 to <@four, [[0]]> annotate_for_users : tensor<4x3xf32>
  return %1, %s : tensor<4x3xf32>, !mesh.sharding
}
func.func @call_rows(%x: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %0 = mesh.shard %x to <@four, [[0]]> : tensor<4x3xf32>
  %1 = mesh.shard %0 to <@four, [[0]]> annotate_for_users : tensor<4x3xf32>
  %r:2 = func.call @rows(%1) : (tensor<4x3xf32>) -> (tensor<4x3xf32>, !mesh.sharding)
  %2 = mesh.shard %r#0 to <@four, [[0]]> : tensor<4x3xf32>
  %3 = mesh.shard %2 to <@four, [[0]]> annotate_for_users : tensor<4x3xf32>
  return %3 : tensor<4x3xf32>
}
