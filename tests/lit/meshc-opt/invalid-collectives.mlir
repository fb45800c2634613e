// Upstream's verifier rules for the local-view collectives, sharding offsets and sharding propagation,
// each rejected at the op's line; an op written in the LLVM 21+ spelling is named so ('shard.all_slice' op),
// as that mlir-opt names it.
// RUN: meshc-opt --split-input-file --verify-diagnostics %s

shard.grid @g(shape = 2x5)
func.func @slice_not_divisible(%x: tensor<12x4xf32>) -> tensor<?x4xf32> {
  // expected-error @+1 {{'shard.all_slice' op slice_axis: input dim 0 has size 12, which the device group size 5 does not divide}}
  %0 = shard.all_slice %x on @g grid_axes = [1] slice_axis = 0 : tensor<12x4xf32> -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

mesh.mesh @m(shape = 3)
func.func @reduce_scatter_not_divisible(%x: tensor<8xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{scatter_axis: input dim 0 has size 8, which the device group size 3 does not divide}}
  %0 = mesh.reduce_scatter %x on @m mesh_axes = [0] scatter_axis = 0 : tensor<8xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

shard.grid @g(shape = 4)
func.func @scatter_wrong_size(%x: tensor<8x2xf32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{scatter_axis: result dim 0 has size 4 but 2 is expected}}
  %0 = shard.scatter %x on @g grid_axes = [0] scatter_dim = 0 root = [0] : (tensor<8x2xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

shard.grid @g(shape = ?x2)
func.func @gather_over_dynamic_axis(%x: tensor<3x2xf32>) -> tensor<9x2xf32> {
  // expected-error @+1 {{gather_axis: result dim 0 has size 9 but dynamic is expected}}
  %0 = shard.all_gather %x on @g grid_axes = [0] gather_axis = 0 : tensor<3x2xf32> -> tensor<9x2xf32>
  return %0 : tensor<9x2xf32>
}

// -----

shard.grid @g(shape = 2)
func.func @gather_of_dynamic_dim(%x: tensor<?x2xf32>) -> tensor<6x2xf32> {
  // expected-error @+1 {{gather_axis: result dim 0 has size 6 but dynamic is expected}}
  %0 = shard.gather %x on @g grid_axes = [0] gather_axis = 0 root = [1] : (tensor<?x2xf32>) -> tensor<6x2xf32>
  return %0 : tensor<6x2xf32>
}

// -----

shard.grid @g(shape = 2)
func.func @gather_keeps_other_dims(%x: tensor<3x2xf32>) -> tensor<6x5xf32> {
  // expected-error @+1 {{result dim 1 has size 5 but 2 is expected}}
  %0 = shard.all_gather %x on @g grid_axes = [0] gather_axis = 0 : tensor<3x2xf32> -> tensor<6x5xf32>
  return %0 : tensor<6x5xf32>
}

// -----

shard.grid @g(shape = 2x?)
func.func @all_to_all_dynamic_group(%x: tensor<4x6xi8>) -> tensor<4x6xi8> {
  // expected-error @+1 {{all_to_all: result dim 0 has size 4 but dynamic is expected}}
  %0 = shard.all_to_all %x on @g grid_axes = [1] split_axis = 0 concat_axis = 1 : tensor<4x6xi8> -> tensor<4x6xi8>
  return %0 : tensor<4x6xi8>
}

// -----

shard.grid @g(shape = 2)
func.func @all_to_all_concat_size(%x: tensor<4x6xi8>) -> tensor<2x6xi8> {
  // expected-error @+1 {{all_to_all: result dim 1 has size 6 but 12 is expected}}
  %0 = shard.all_to_all %x on @g grid_axes = [0] split_axis = 0 concat_axis = 1 : tensor<4x6xi8> -> tensor<2x6xi8>
  return %0 : tensor<2x6xi8>
}

// -----

shard.grid @g(shape = 2)
func.func @all_to_all_split_of_dynamic(%x: tensor<?x6xi8>) -> tensor<5x12xi8> {
  // expected-error @+1 {{all_to_all: result dim 0 has size 5 but dynamic is expected}}
  %0 = shard.all_to_all %x on @g grid_axes = [0] split_axis = 0 concat_axis = 1 : tensor<?x6xi8> -> tensor<5x12xi8>
  return %0 : tensor<5x12xi8>
}

// -----

shard.grid @dyn(shape = 4x?)
func.func @offsets_on_dynamic_grid(%x: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{sharded_dims_offsets are not allowed on mesh @dyn of dynamic shape 4x?}}
  %s = shard.sharding @dyn split_axes = [[0]] sharded_dims_offsets = [0, 1, 2, 5, 8] : !shard.sharding
  %0 = shard.shard %x to %s : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

mesh.mesh @m(shape = 2)
func.func @shard_shape_result_count(%n: index) -> index {
  %s = mesh.sharding @m split_axes = [[0]] : !mesh.sharding
  // expected-error @+1 {{'mesh.shard_shape' op expects 2 results (one per entry of dims, 2), got 1}}
  %0 = mesh.shard_shape dims = [4, %n] sharding = %s device = [0] : index
  return %0 : index
}

// -----

// A bad sharding in an argument's type is reported at the argument, before the ops that use it.
mesh.mesh @m(shape = 2x4)
func.func @bad_argument(
    // expected-error @+1 {{'func.func' op argument of type 'tensor<4x8xf32, #mesh.shard<@m, [[1], [1]]>>': mesh axis 1 is used more than once}}
    %x: tensor<4x8xf32, #mesh.shard<@m, [[1], [1]]>>) -> tensor<4x8xf32, #mesh.shard<@m, [[1], [1]]>> {
  return %x : tensor<4x8xf32, #mesh.shard<@m, [[1], [1]]>>
}
