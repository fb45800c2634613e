// LLVM 20-22 syntax read, verified and printed back: get_sharding, shard_shape (both forms),
// update_halo on a memref, partial = generic, #dlti.map module attributes, grid visibility.
// RUN: meshc-opt --split-input-file %s | FileCheck %s
// RUN: meshc-opt --split-input-file %s | meshc-opt --split-input-file | FileCheck %s
// RUN: meshc-opt --split-input-file %s --mlir-print-op-generic | meshc-opt --split-input-file | FileCheck %s

// CHECK:       module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "MPICH", "MPI:comm_world_size" = 4 : i32>} {
// CHECK-NEXT:    shard.grid "private" @g(shape = 4x2)
// CHECK-LABEL:   func.func @queries(
// CHECK-SAME:        %[[T:.*]]: tensor<12x8xf32>, %[[N:.*]]: index, %[[D:.*]]: index)
// CHECK-NEXT:      %[[S:.*]] = shard.sharding @g split_axes = {{\[\[}}0]] partial = generic [1] : !shard.sharding
// CHECK-NEXT:      %[[GS:.*]] = shard.get_sharding %[[T]] : tensor<12x8xf32> -> !shard.sharding
// CHECK-NEXT:      %{{.*}}:2 = shard.shard_shape dims = [12, %[[N]]] sharding = %[[S]] device = [%[[D]]] : index, index
// CHECK-NEXT:      %{{.*}}:2 = shard.shard_shape dims = [10, 8] sharding = %[[GS]] device = [3] : index, index
module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "MPICH", "MPI:comm_world_size" = 4 : i32>} {
  shard.grid "private" @g(shape = 4x2)
  func.func @queries(%t: tensor<12x8xf32>, %n: index, %d: index) -> (index, index) {
    %s = shard.sharding @g split_axes = [[0]] partial = generic [1] : !shard.sharding
    %gs = shard.get_sharding %t : tensor<12x8xf32> -> !shard.sharding
    %a:2 = shard.shard_shape dims = [12, %n] sharding = %s device = [%d] : index, index
    %b:2 = shard.shard_shape dims = [10, 8] sharding = %gs device = [3] : index, index
    return %a#0, %b#1 : index, index
  }
}

// -----

// CHECK-LABEL: func.func @llvm20_shard_shape(
// CHECK:         %{{.*}}:3 = mesh.shard_shape 6x?x2 %[[S:.*]] %{{.*}} : index, index, index
// CHECK:         mesh.shard %{{.*}} to %[[S]] : tensor<6x4x2xf32>
mesh.mesh @m(shape = 2x3)
func.func @llvm20_shard_shape(%t: tensor<6x4x2xf32>, %dev: index) -> tensor<6x4x2xf32> {
  %s = mesh.sharding @m split_axes = [[0], [], [1]] : !mesh.sharding
  %d:3 = mesh.shard_shape 6x?x2 %s %dev : index, index, index
  %r = mesh.shard %t to %s : tensor<6x4x2xf32>
  return %r : tensor<6x4x2xf32>
}

// -----

// CHECK-LABEL: func.func @halo_on_memref(
// CHECK:         %[[H:.*]] = shard.update_halo %{{.*}} on @g split_axes = {{\[\[}}0]] halo_sizes = [1, %{{.*}}] : memref<10x?xi8>
// CHECK:         shard.update_halo %[[H]] on @g split_axes = {{\[\[}}0], [1]] halo_sizes = [1, 1, 2, 0] : memref<10x?xi8>
shard.grid @g(shape = 2x2)
func.func @halo_on_memref(%buf: memref<10x?xi8>, %h: i64) {
  %a = shard.update_halo %buf on @g split_axes = [[0]] halo_sizes = [1, %h] : memref<10x?xi8>
  %b = shard.update_halo %a on @g split_axes = [[0], [1]] halo_sizes = [1, 1, 2, 0] : memref<10x?xi8>
  return
}
