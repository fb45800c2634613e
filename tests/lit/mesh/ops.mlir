// RUN: meshc compile %s -p "" | filecheck %s
// RUN: meshc compile %s -p "" | meshc compile - -p "" | filecheck %s
// RUN: meshc compile %s -p "" --generic | meshc compile - -p "" | filecheck %s

// Every mesh op in its canonical (seed 000 / LLVM 19) form; upstream LLVM 20
// and LLVM 21+ (`shard`, `grid`) spellings are read and printed canonically.

// CHECK: mesh.mesh @m(shape = 2x4, peered_memory_axes = [1])
mesh.mesh @m(shape = 2x4, peered_memory_axes = [1])
// CHECK: mesh.mesh @dyn(shape = ?x?)
mesh.mesh @dyn(shape = ?x?)
// CHECK: mesh.mesh @mixed(shape = 2x?)
mesh.mesh @mixed(shape = 2x?)
// LLVM 21+ spelling; the symbol name stays as given.
// CHECK: mesh.mesh @grid0(shape = 4)
shard.grid @grid0(shape = 4)

// CHECK-LABEL: func.func @annotate
func.func @annotate(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // CHECK: %[[A:[a-z0-9_]+]] = mesh.shard %{{.*}} to <@m, [[0], [1]]> : tensor<8x16xf32>
  %a = mesh.shard %x to <@m, [[0], [1]]> : tensor<8x16xf32>
  // Trailing empty split entries are dropped; replicated prints [[]].
  // CHECK: mesh.shard %[[A]] to <@m, [[]]> annotate_for_users : tensor<8x16xf32>
  %b = mesh.shard %a to <@m, [[], []]> annotate_for_users : tensor<8x16xf32>
  // CHECK: mesh.shard %{{.*}} to <@m, [[1]], partial = max[0]> : tensor<8x16xf32>
  %c = mesh.shard %b to <@m, [[1]], partial = max[0]> : tensor<8x16xf32>
  return %c : tensor<8x16xf32>
}

// A static mesh.sharding value folds into the inline attribute and the op
// disappears (LLVM 20 and LLVM 21+ spellings).
// CHECK-LABEL: func.func @fold
func.func @fold(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // CHECK-NOT: mesh.sharding
  %s = mesh.sharding @m split_axes = [[0]] partial = sum [1] : !mesh.sharding
  %t = shard.sharding @grid0 split_axes = [[], [0]] sharded_dims_offsets = [0, 2, 5, 9, 16] : !shard.sharding
  // CHECK: mesh.shard %{{.*}} to <@m, [[0]], partial = sum[1]> : tensor<8x16xf32>
  %a = mesh.shard %x to %s : tensor<8x16xf32>
  // CHECK: mesh.shard %{{.*}} to <@grid0, [[], [0]], sharded_dims_offsets = [0, 2, 5, 9, 16]> annotate_for_users : tensor<8x16xf32>
  %b = shard.shard %a to %t annotate_for_users : tensor<8x16xf32>
  return %b : tensor<8x16xf32>
}

// A sharding that is a block argument, or has SSA halo sizes, keeps the op/value form.
// CHECK-LABEL: func.func @keep(
// CHECK-SAME: %[[S:[a-z0-9_]+]]: !mesh.sharding, %[[H:[a-z0-9_]+]]: i64
func.func @keep(%x: tensor<8x16xf32>, %s: !mesh.sharding, %h: i64) -> tensor<8x16xf32> {
  // CHECK: mesh.shard %{{.*}} to %[[S]] : tensor<8x16xf32>
  %a = mesh.shard %x to %s : tensor<8x16xf32>
  // CHECK: %[[T:[a-z0-9_]+]] = mesh.sharding @m split_axes = [[0]] halo_sizes = [1, %[[H]]] : !mesh.sharding
  %t = mesh.sharding @m split_axes = [[0]] halo_sizes = [1, %h] : !mesh.sharding
  // CHECK: mesh.shard %{{.*}} to %[[T]] : tensor<8x16xf32>
  %b = mesh.shard %a to %t : tensor<8x16xf32>
  return %b : tensor<8x16xf32>
}

// CHECK-LABEL: func.func @queries
func.func @queries() -> (index, index, index, index) {
  // CHECK: mesh.mesh_shape @m axes = [1] : index
  %n = mesh.mesh_shape @m axes = [1] : index
  // CHECK: mesh.mesh_shape @grid0 : index
  %g = shard.grid_shape @grid0 : index
  // CHECK: mesh.process_multi_index on @m : index, index
  %i:2 = mesh.process_multi_index on @m : index, index
  // CHECK: mesh.process_linear_index on @m : index
  %l = mesh.process_linear_index on @m : index
  // CHECK: mesh.neighbors_linear_indices on @m[%{{.*}}, %{{.*}}] split_axes = [1] : index, index
  %d, %u = mesh.neighbors_linear_indices on @m[%i#0, %i#1] split_axes = [1] : index, index
  return %n, %l, %d, %u : index, index, index, index
}

// CHECK-LABEL: func.func @collectives
func.func @collectives(%x: tensor<8x16xf32>, %c: index) -> tensor<8x16xf32> {
  // CHECK: mesh.all_gather %{{.*}} on @m mesh_axes = [1] gather_axis = 1 : tensor<8x16xf32> -> tensor<8x64xf32>
  %0 = mesh.all_gather %x on @m mesh_axes = [1] gather_axis = 1 : tensor<8x16xf32> -> tensor<8x64xf32>
  // CHECK: mesh.all_reduce %{{.*}} on @m mesh_axes = [0, 1] reduction = max : tensor<8x16xf32> -> tensor<8x16xf64>
  %1 = mesh.all_reduce %x on @m mesh_axes = [0, 1] reduction = max : tensor<8x16xf32> -> tensor<8x16xf64>
  // The default reduction (sum) is not printed; grid_axes is read as mesh_axes.
  // CHECK: mesh.all_reduce %{{.*}} on @m mesh_axes = [0] : tensor<8x16xf32> -> tensor<8x16xf32>
  %2 = shard.all_reduce %x on @m grid_axes = [0] reduction = sum : tensor<8x16xf32> -> tensor<8x16xf32>
  // CHECK: mesh.all_slice %{{.*}} on @m mesh_axes = [1] slice_axis = 0 : tensor<8x16xf32> -> tensor<2x16xf32>
  %3 = mesh.all_slice %x on @m mesh_axes = [1] slice_axis = 0 : tensor<8x16xf32> -> tensor<2x16xf32>
  // CHECK: mesh.all_to_all %{{.*}} on @m mesh_axes = [1] split_axis = 0 concat_axis = 1 : tensor<8x16xf32> -> tensor<2x64xf32>
  %4 = mesh.all_to_all %x on @m mesh_axes = [1] split_axis = 0 concat_axis = 1 : tensor<8x16xf32> -> tensor<2x64xf32>
  // CHECK: mesh.reduce_scatter %{{.*}} on @m mesh_axes = [0] reduction = min scatter_axis = 0 : tensor<8x16xf32> -> tensor<4x16xf32>
  %5 = mesh.reduce_scatter %x on @m mesh_axes = [0] reduction = min scatter_axis = 0 : tensor<8x16xf32> -> tensor<4x16xf32>
  // CHECK: mesh.broadcast %{{.*}} on @m mesh_axes = [0] root = [1] : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %6 = mesh.broadcast %x on @m mesh_axes = [0] root = [1] : (tensor<8x16xf32>) -> tensor<8x16xf32>
  // CHECK: mesh.broadcast %{{.*}} on @m mesh_axes = [0] root = [%{{.*}}] : (tensor<8x16xf32>, index) -> tensor<8x16xf32>
  %7 = mesh.broadcast %x on @m mesh_axes = [0] root = [%c] : (tensor<8x16xf32>, index) -> tensor<8x16xf32>
  // CHECK: mesh.gather %{{.*}} on @m mesh_axes = [1] gather_axis = 0 root = [3] : (tensor<8x16xf32>) -> tensor<32x16xf32>
  %8 = mesh.gather %x on @m mesh_axes = [1] gather_axis = 0 root = [3] : (tensor<8x16xf32>) -> tensor<32x16xf32>
  // CHECK: mesh.scatter %{{.*}} on @m mesh_axes = [1] scatter_axis = 1 root = [0] : (tensor<8x16xf32>) -> tensor<8x4xf32>
  %9 = mesh.scatter %x on @m mesh_axes = [1] scatter_axis = 1 root = [0] : (tensor<8x16xf32>) -> tensor<8x4xf32>
  // CHECK: mesh.reduce %{{.*}} on @m mesh_axes = [1] reduction = max root = [0] : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %10 = mesh.reduce %x on @m mesh_axes = [1] reduction = max root = [0] : (tensor<8x16xf32>) -> tensor<8x16xf32>
  // CHECK: mesh.send %{{.*}} on @m mesh_axes = [0] destination = [1] : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %11 = mesh.send %x on @m mesh_axes = [0] destination = [1] : (tensor<8x16xf32>) -> tensor<8x16xf32>
  // CHECK: mesh.recv %{{.*}} on @m mesh_axes = [0] source = [0] : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %12 = mesh.recv %x on @m mesh_axes = [0] source = [0] : (tensor<8x16xf32>) -> tensor<8x16xf32>
  // CHECK: mesh.shift %{{.*}} on @m mesh_axes = [1] shift_axis = 1 offset = -1 rotate : tensor<8x16xf32> -> tensor<8x16xf32>
  %13 = mesh.shift %x on @m mesh_axes = [1] shift_axis = 1 offset = -1 rotate : tensor<8x16xf32> -> tensor<8x16xf32>
  // CHECK: mesh.update_halo %{{.*}} on @m split_axes = [[0]] halo_sizes = [1, 1] : tensor<8x16xf32>
  %14 = shard.update_halo %x on @m split_axes = [[0]] halo_sizes = [1, 1] : tensor<8x16xf32>
  // A dynamic result size is always accepted (upstream's rule), e.g. for uneven shards.
  // CHECK: mesh.all_gather %{{.*}} on @grid0 mesh_axes = [0] gather_axis = 0 : tensor<3x16xf32> -> tensor<?x16xf32>
  %s = "test.source"() : () -> tensor<3x16xf32>
  %15 = mesh.all_gather %s on @grid0 mesh_axes = [0] gather_axis = 0 : tensor<3x16xf32> -> tensor<?x16xf32>
  return %14 : tensor<8x16xf32>
}

// CHECK-LABEL: func.func @spmd
func.func @spmd(%a: tensor<4x3xf32, #mesh.shard<@grid0, [[0]]>>) -> tensor<4x3xf32, #mesh.shard<@grid0, [[0]]>> {
  // The seed's `return` inside the body is read as mesh.yield.
  // CHECK: %[[R:[a-z0-9_]+]] = mesh.for_all on @grid0 -> tensor<4x3xf32, #mesh.shard<@grid0, [[0]]>> {
  // CHECK: mesh.yield %{{.*}} : tensor<1x3xf32>
  %r = mesh.for_all on @grid0 -> tensor<4x3xf32, #mesh.shard<@grid0, [[0]]>> {
    %p = mesh.process_linear_index on @grid0 : index
    %s = "test.slice"(%a, %p) : (tensor<4x3xf32, #mesh.shard<@grid0, [[0]]>>, index) -> tensor<1x3xf32>
    return %s : tensor<1x3xf32>
  }
  // Unrolled form; without `->` the result types come from the yield (seed spelling).
  // CHECK: mesh.for_one 2 on @grid0 -> tensor<1x3xf32> {
  %one = mesh.for_one 2 on @grid0 {
    %s = "test.slice"(%a) : (tensor<4x3xf32, #mesh.shard<@grid0, [[0]]>>) -> tensor<1x3xf32>
    return %s : tensor<1x3xf32>
  }
  // CHECK: mesh.for_one [1, %{{.*}}] on @m -> (tensor<1x3xf32>, index) {
  %c1 = arith.constant 1 : index
  %two:2 = mesh.for_one [1, %c1] on @m -> (tensor<1x3xf32>, index) {
    mesh.yield %one, %c1 : tensor<1x3xf32>, index
  }
  // Without results (the form that stands in scf.forall.in_parallel).
  // CHECK: mesh.for_one %{{.*}} on @grid0 {
  mesh.for_one %c1 on @grid0 {
    "test.use"(%two#0) : (tensor<1x3xf32>) -> ()
  }
  return %r : tensor<4x3xf32, #mesh.shard<@grid0, [[0]]>>
}
