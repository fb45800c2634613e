// meshc-opt prints a module in the spelling it was read in (LLVM 19 inline shardings, LLVM 20
// mesh.sharding values, LLVM 21+ shard.*), as mlir-opt prints what it parsed; --spelling converts.
// RUN: meshc-opt --split-input-file %s | FileCheck %s
// RUN: meshc-opt --split-input-file %s | meshc-opt --split-input-file | FileCheck %s
// The generic form keeps the value spellings (LLVM 19's only mark, '<max>', is a custom-form one):
// RUN: meshc-opt --split-input-file %s --mlir-print-op-generic | meshc-opt --split-input-file | FileCheck %s --check-prefix=GEN
// RUN: meshc-opt --split-input-file --spelling=shard %s | FileCheck %s --check-prefix=SHARD
// RUN: meshc-opt --split-input-file --spelling=mesh20 %s | FileCheck %s --check-prefix=MESH20
// RUN: meshc-opt --split-input-file --spelling=mesh19 %s | FileCheck %s --check-prefix=MESH19
// RUN: meshc compile -p "" --split-input-file %s | FileCheck %s --check-prefix=CANON

// LLVM 19: inline shardings, bracketed reduction kinds.
// CHECK:       mesh.mesh @cols(shape = 2x2)
// CHECK-LABEL: func.func @llvm19(
// CHECK-NEXT:    %[[A:.*]] = mesh.shard %arg0 to <@cols, {{\[\[}}], [1]], partial = max[0]> : tensor<4x6xf32>
// CHECK-NEXT:    mesh.all_reduce %[[A]] on @cols mesh_axes = [0] reduction = <max> : tensor<4x6xf32> -> tensor<4x6xf32>
// SHARD-LABEL: func.func @llvm19(
// SHARD-NEXT:    %[[S:.*]] = shard.sharding @cols split_axes = {{\[\[}}], [1]] partial = max [0] : !shard.sharding
// SHARD-NEXT:    %[[A:.*]] = shard.shard %arg0 to %[[S]] : tensor<4x6xf32>
// SHARD-NEXT:    shard.all_reduce %[[A]] on @cols grid_axes = [0] reduction = max : tensor<4x6xf32> -> tensor<4x6xf32>
// CANON-LABEL: func.func @llvm19(
// CANON:         mesh.all_reduce %{{.*}} on @cols mesh_axes = [0] reduction = max :
mesh.mesh @cols(shape = 2x2)
func.func @llvm19(%arg0: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %a = mesh.shard %arg0 to <@cols, [[], [1]], partial = max[0]> : tensor<4x6xf32>
  %r = mesh.all_reduce %a on @cols mesh_axes = [0] reduction = <max> : tensor<4x6xf32> -> tensor<4x6xf32>
  return %r : tensor<4x6xf32>
}

// -----

// LLVM 20: sharding values, kept where they stand and by name, the unused one too.
// CHECK-LABEL: func.func @llvm20(
// CHECK-NEXT:    %[[ROWS:.*]] = mesh.sharding @rows split_axes = {{\[\[}}0]] : !mesh.sharding
// CHECK-NEXT:    %unused = mesh.sharding @rows split_axes = {{\[\[}}], [0]] halo_sizes = [1, 1] : !mesh.sharding
// CHECK-NEXT:    %[[A:.*]] = mesh.shard %arg0 to %[[ROWS]] : tensor<8x4xf32>
// CHECK-NEXT:    %[[B:.*]] = mesh.shard %[[A]] to %[[ROWS]] annotate_for_users : tensor<8x4xf32>
// CHECK-NEXT:    mesh.reduce_scatter %[[B]] on @rows mesh_axes = [0] reduction = min scatter_axis = 1 : tensor<8x4xf32> -> tensor<8x1xf32>
// GEN-LABEL:   func.func @llvm20(
// GEN-NEXT:      %[[ROWS:.*]] = mesh.sharding @rows split_axes = {{\[\[}}0]] : !mesh.sharding
// GEN:           mesh.shard %arg0 to %[[ROWS]] : tensor<8x4xf32>
// MESH19-LABEL: func.func @llvm20(
// MESH19-NEXT:    %[[A:.*]] = mesh.shard %arg0 to <@rows, {{\[\[}}0]]> : tensor<8x4xf32>
// MESH19-NEXT:    mesh.shard %[[A]] to <@rows, {{\[\[}}0]]> annotate_for_users : tensor<8x4xf32>
// MESH19-NEXT:    mesh.reduce_scatter %{{.*}} reduction = <min> scatter_axis = 1
// MESH19-NOT:     mesh.sharding @
// The canonical form (meshc compile) folds the used value into its annotations and keeps the unused one:
// CANON-LABEL: func.func @llvm20(
// CANON-NEXT:    %unused = mesh.sharding @rows split_axes = {{\[\[}}], [0]] halo_sizes = [1, 1] : !mesh.sharding
// CANON-NEXT:    mesh.shard %arg0 to <@rows, {{\[\[}}0]]> : tensor<8x4xf32>
mesh.mesh @rows(shape = 4)
func.func @llvm20(%arg0: tensor<8x4xf32>) -> tensor<8x1xf32> {
  %rows = mesh.sharding @rows split_axes = [[0]] : !mesh.sharding
  %unused = mesh.sharding @rows split_axes = [[], [0]] halo_sizes = [1, 1] : !mesh.sharding
  %a = mesh.shard %arg0 to %rows : tensor<8x4xf32>
  %b = mesh.shard %a to %rows annotate_for_users : tensor<8x4xf32>
  %r = mesh.reduce_scatter %b on @rows mesh_axes = [0] reduction = min scatter_axis = 1 : tensor<8x4xf32> -> tensor<8x1xf32>
  return %r : tensor<8x1xf32>
}

// -----

// LLVM 21+: shard.grid, !shard.sharding, grid_axes, scatter_dim; a sharding value argument.
// CHECK:       shard.grid @g(shape = 2x3)
// CHECK-LABEL: func.func @llvm22(
// CHECK-SAME:      %[[X:.*]]: tensor<6x6xi32>, %[[S:.*]]: !shard.sharding)
// CHECK-NEXT:    %[[A:.*]] = shard.shard %[[X]] to %[[S]] : tensor<6x6xi32>
// CHECK-NEXT:    %[[G:.*]] = shard.all_gather %[[A]] on @g grid_axes = [1] gather_axis = 1 : tensor<6x6xi32> -> tensor<6x18xi32>
// CHECK-NEXT:    shard.scatter %[[G]] on @g grid_axes = [0] scatter_dim = 0 root = [1] : (tensor<6x18xi32>) -> tensor<3x18xi32>
// GEN-LABEL:   func.func @llvm22(
// GEN:           shard.scatter %{{.*}} on @g grid_axes = [0] scatter_dim = 0 root = [1]
// MESH20-LABEL: func.func @llvm22(
// MESH20-SAME:      !mesh.sharding)
// MESH20:         mesh.all_gather %{{.*}} on @g mesh_axes = [1] gather_axis = 1
// MESH20:         mesh.scatter %{{.*}} on @g mesh_axes = [0] scatter_axis = 0 root = [1]
shard.grid @g(shape = 2x3)
func.func @llvm22(%x: tensor<6x6xi32>, %s: !shard.sharding) -> tensor<3x18xi32> {
  %a = shard.shard %x to %s : tensor<6x6xi32>
  %g = shard.all_gather %a on @g grid_axes = [1] gather_axis = 1 : tensor<6x6xi32> -> tensor<6x18xi32>
  %r = shard.scatter %g on @g grid_axes = [0] scatter_dim = 0 root = [1] : (tensor<6x18xi32>) -> tensor<3x18xi32>
  return %r : tensor<3x18xi32>
}
