// RUN: meshc compile %s -p "" --split-input-file --verify-diagnostics

// expected-error @+1 {{'mesh.mesh' op mesh axis 1 has size 0; sizes must be positive or '?'}}
mesh.mesh @m(shape = 2x0)

// -----

// expected-error @+1 {{'mesh.mesh' op peered_memory_axes: mesh axis 2 is out of range for mesh @m of rank 2}}
mesh.mesh @m(shape = 2x4, peered_memory_axes = [2])

// -----

// expected-error @+1 {{'mesh.mesh' op peered_memory_axes: mesh axis 0 is listed twice}}
mesh.mesh @m(shape = ?x4, peered_memory_axes = [0, 0])

// -----

func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'mesh.shard' op undefined mesh '@nope'}}
  %0 = mesh.shard %x to <@nope, [[0]]> : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

mesh.mesh @m(shape = 4)
// expected-error @+1 {{'func.func' op argument of type 'tensor<4xf32, #mesh.shard<@f, [[0]]>>': '@f' does not reference a mesh (it is a 'func.func')}}
func.func @f(%x: tensor<4xf32, #mesh.shard<@f, [[0]]>>) -> tensor<4xf32, #mesh.shard<@f, [[0]]>> {
  %0 = mesh.all_reduce %x on @m mesh_axes = [0] : tensor<4xf32, #mesh.shard<@f, [[0]]>> -> tensor<4xf32, #mesh.shard<@f, [[0]]>>
  return %0 : tensor<4xf32, #mesh.shard<@f, [[0]]>>
}

// -----

mesh.mesh @m(shape = 4)
func.func @f(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{split axes of tensor dim 1: mesh axis 1 is out of range for mesh @m of rank 1}}
  %0 = mesh.shard %x to <@m, [[0], [1]]> : tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

mesh.mesh @m(shape = 2x2)
func.func @f(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{mesh axis 0 is used more than once (in split axes of tensor dim 0 and in split axes of tensor dim 1)}}
  %0 = mesh.shard %x to <@m, [[0], [0]]> : tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

mesh.mesh @m(shape = 2x2)
func.func @f(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{partial axis 1 is also used in split axes of tensor dim 0; partial and split axes must be disjoint}}
  %0 = mesh.shard %x to <@m, [[1]], partial = sum[1]> : tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

mesh.mesh @m(shape = 2x2)
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'mesh.shard' op the sharding has 2 split dims [[0], [1]] but the tensor 'tensor<4xf32>' has rank 1}}
  %0 = mesh.shard %x to <@m, [[0], [1]]> : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

mesh.mesh @m(shape = 2x2)
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{unknown reduction kind 'mean'}}
  %0 = mesh.shard %x to <@m, [[0]], partial = mean[1]> : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

mesh.mesh @m(shape = 2x2)
func.func @f(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{halo_sizes has 2 entries; expected 2 per split tensor dim (4)}}
  %0 = mesh.shard %x to <@m, [[0], [1]], halo_sizes = [1, 1]> : tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

mesh.mesh @m(shape = 4)
func.func @f(%x: tensor<4x14xf32>) -> tensor<4x14xf32> {
  // expected-error @+1 {{sharded_dims_offsets has 4 entries; expected 5 (number of shards + 1 for each split tensor dim)}}
  %s = mesh.sharding @m split_axes = [[], [0]] sharded_dims_offsets = [0, 2, 5, 14] : !mesh.sharding
  %0 = mesh.shard %x to %s : tensor<4x14xf32>
  return %0 : tensor<4x14xf32>
}

// -----

mesh.mesh @m(shape = 4)
func.func @f(%x: tensor<4x14xf32>) -> tensor<4x14xf32> {
  // expected-error @+1 {{sharded_dims_offsets of tensor dim 1 end at 12 but the dim has size 14}}
  %0 = mesh.shard %x to <@m, [[], [0]], sharded_dims_offsets = [0, 2, 5, 9, 12]> : tensor<4x14xf32>
  return %0 : tensor<4x14xf32>
}

// -----

mesh.mesh @m(shape = 4)
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected a list of mesh axes such as '[0]' for each tensor dimension, got a bare integer '0'}}
  %s = mesh.sharding @m split_axes = [0] : !mesh.sharding
  %0 = mesh.shard %x to %s : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

mesh.mesh @m(shape = 4)
func.func @f(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected a sharding such as '<@mesh, [[0]]>' or a '!mesh.sharding' value, got '%y' of type 'tensor<4xf32>'}}
  %0 = mesh.shard %x to %y : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

mesh.mesh @m(shape = 4)
func.func @f() -> index {
  // expected-error @+1 {{'mesh.mesh_shape' op expects 1 results (one per axis of mesh @m of rank 1), got 2}}
  %n:2 = mesh.mesh_shape @m : index, index
  return %n#0 : index
}

// -----

mesh.mesh @m(shape = 2x2)
func.func @f() -> index {
  // expected-error @+1 {{'mesh.process_multi_index' op axes: mesh axis 3 is out of range for mesh @m of rank 2}}
  %i = mesh.process_multi_index on @m axes = [3] : index
  return %i : index
}

// -----

mesh.mesh @m(shape = 2x2)
func.func @f(%i: index) -> index {
  // expected-error @+1 {{'mesh.neighbors_linear_indices' op expects a device multi-index of 2 values for mesh @m, got 1}}
  %d, %u = mesh.neighbors_linear_indices on @m[%i] split_axes = [0] : index, index
  return %d : index
}

// -----

mesh.mesh @m(shape = 2x4)
func.func @f(%x: tensor<8x16xf32>) -> tensor<8x64xf32> {
  // expected-error @+1 {{'mesh.all_gather' op gather_axis: result dim 1 has size 64 but 32 is expected}}
  %0 = mesh.all_gather %x on @m mesh_axes = [0] gather_axis = 1 : tensor<8x16xf32> -> tensor<8x64xf32>
  return %0 : tensor<8x64xf32>
}

// -----

mesh.mesh @m(shape = 4)
func.func @f(%x: tensor<4x16xf32>) -> tensor<10x16xf32> {
  // In the local view every device holds a 4-row piece: the gather has 16 rows (upstream's rule).
  // expected-error @+1 {{gather_axis: result dim 0 has size 10 but 16 is expected}}
  %0 = mesh.all_gather %x on @m mesh_axes = [0] gather_axis = 0 : tensor<4x16xf32> -> tensor<10x16xf32>
  return %0 : tensor<10x16xf32>
}

// -----

mesh.mesh @m(shape = 2x4)
func.func @f(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error @+1 {{'mesh.all_gather' op mesh_axes: mesh axis 1 is listed twice}}
  %0 = mesh.all_gather %x on @m mesh_axes = [1, 1] gather_axis = 0 : tensor<8x16xf32> -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

mesh.mesh @m(shape = 2x4)
func.func @f(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error @+1 {{'mesh.all_slice' op slice_axis 2 is out of range for a tensor of rank 2}}
  %0 = mesh.all_slice %x on @m mesh_axes = [1] slice_axis = 2 : tensor<8x16xf32> -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

mesh.mesh @m(shape = 4)
func.func @f(%x: tensor<8x16xf32>) -> tensor<2x16xf32> {
  // expected-error @+1 {{'mesh.all_to_all' op all_to_all: result dim 1 has size 16 but 64 is expected}}
  %0 = mesh.all_to_all %x on @m mesh_axes = [0] split_axis = 0 concat_axis = 1 : tensor<8x16xf32> -> tensor<2x16xf32>
  return %0 : tensor<2x16xf32>
}

// -----

mesh.mesh @m(shape = 4)
func.func @f(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error @+1 {{'mesh.reduce_scatter' op scatter_axis: result dim 0 has size 8 but 2 is expected}}
  %0 = mesh.reduce_scatter %x on @m mesh_axes = [0] scatter_axis = 0 : tensor<8x16xf32> -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

mesh.mesh @m(shape = 4)
func.func @f(%x: tensor<8xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'mesh.all_reduce' op expects input and result of the same shape, got 'tensor<8xf32>' and 'tensor<4xf32>'}}
  %0 = mesh.all_reduce %x on @m mesh_axes = [0] : tensor<8xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

mesh.mesh @m(shape = 4)
func.func @f(%x: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{unknown reduction kind 'mean'}}
  %0 = mesh.all_reduce %x on @m mesh_axes = [0] reduction = mean : tensor<8xf32> -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

mesh.mesh @m(shape = 2x4)
func.func @f(%x: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'mesh.broadcast' op root index 4 is out of range for mesh axis 1 of size 4}}
  %0 = mesh.broadcast %x on @m mesh_axes = [1] root = [4] : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

mesh.mesh @m(shape = 2x4)
func.func @f(%x: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'mesh.send' op destination has 1 entries but mesh_axes [0, 1] has 2}}
  %0 = mesh.send %x on @m mesh_axes = [0, 1] destination = [1] : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

mesh.mesh @m(shape = 2x4)
func.func @f(%x: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'mesh.shift' op shift_axis 0 is not one of mesh_axes [1]}}
  %0 = mesh.shift %x on @m mesh_axes = [1] shift_axis = 0 offset = 1 : tensor<8xf32> -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

mesh.mesh @m(shape = 2x4)
func.func @f(%x: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'mesh.all_gather' expects 'gather_axis = ...'}}
  %0 = mesh.all_gather %x on @m mesh_axes = [1] : tensor<8xf32> -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

mesh.mesh @m(shape = 2x4)
func.func @f(%x: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'mesh.all_reduce' does not take 'gather_axis' (expected: mesh_axes, reduction)}}
  %0 = mesh.all_reduce %x on @m mesh_axes = [1] gather_axis = 0 : tensor<8xf32> -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

mesh.mesh @m(shape = 2x4)
func.func @f(%x: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error @+1 {{'mesh.update_halo' op halo_sizes has 2 entries; expected 2 per split tensor dim (4)}}
  %0 = mesh.update_halo %x on @m split_axes = [[0], [1]] halo_sizes = [1, 1] : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

mesh.mesh @m(shape = 2)
func.func @f(%a: tensor<2x3xf32, #mesh.shard<@m, [[0]]>>) -> tensor<2x3xf32, #mesh.shard<@m, [[0]]>> {
  // Seed 000's for_all mistake: 2x3 result, but each process yields a 1x2 slice.
  // expected-error @+1 {{'mesh.for_all' op yielded value #0 of type 'tensor<1x2xf32>' is not a shard of result #0 of type 'tensor<2x3xf32, #mesh.shard<@m, [[0]]>>': dim 1 has size 2, expected 3 (the dim is not split)}}
  %r = mesh.for_all on @m -> tensor<2x3xf32, #mesh.shard<@m, [[0]]>> {
    %s = "test.slice"(%a) : (tensor<2x3xf32, #mesh.shard<@m, [[0]]>>) -> tensor<1x2xf32>
    // expected-note @+1 {{yield here}}
    return %s : tensor<1x2xf32>
  }
  return %r : tensor<2x3xf32, #mesh.shard<@m, [[0]]>>
}

// -----

mesh.mesh @m(shape = 4)
func.func @f(%a: tensor<10xf32, #mesh.shard<@m, [[0]]>>) -> tensor<10xf32, #mesh.shard<@m, [[0]]>> {
  // expected-error @+1 {{dim 0 has size 4, expected 2 or 3 (10 split over 4 devices)}}
  %r = mesh.for_all on @m -> tensor<10xf32, #mesh.shard<@m, [[0]]>> {
    %s = "test.slice"(%a) : (tensor<10xf32, #mesh.shard<@m, [[0]]>>) -> tensor<4xf32>
    // expected-note @+1 {{yield here}}
    mesh.yield %s : tensor<4xf32>
  }
  return %r : tensor<10xf32, #mesh.shard<@m, [[0]]>>
}

// -----

mesh.mesh @m(shape = 2)
func.func @f() {
  // expected-error @+1 {{'mesh.for_all' op body yields 0 values but the op has 1 results}}
  %r = mesh.for_all on @m -> tensor<1xf32> {
    // expected-note @+1 {{yield here}}
    mesh.yield
  }
  return
}

// -----

mesh.mesh @m(shape = 2)
func.func @f(%a: tensor<1xf32>) {
  // expected-error @+1 {{'mesh.for_one' op device index 2 is out of range for mesh axis 0 of size 2}}
  mesh.for_one 2 on @m {
    "test.use"(%a) : (tensor<1xf32>) -> ()
  }
  return
}

// -----

mesh.mesh @m(shape = 2x2)
func.func @f(%a: tensor<1xf32>) {
  // expected-error @+1 {{'mesh.for_one' op device index has 1 entries but mesh @m has rank 2}}
  mesh.for_one 0 on @m {
    "test.use"(%a) : (tensor<1xf32>) -> ()
  }
  return
}

// -----

mesh.mesh @m(shape = 2)
func.func @f(%a: tensor<1xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'mesh.for_one' op yielded value #0 has type 'tensor<1xf32>' but result #0 has type 'tensor<2xf32>'}}
  %r = mesh.for_one 0 on @m -> tensor<2xf32> {
    // expected-note @+1 {{yield here}}
    mesh.yield %a : tensor<1xf32>
  }
  return %r : tensor<2xf32>
}

// -----

func.func @f(%a: tensor<1xf32>) {
  // expected-error @+1 {{'mesh.yield' op expects parent op 'mesh.for_all' or 'mesh.for_one', got 'func.func'}}
  mesh.yield %a : tensor<1xf32>
}

// -----

// Declared by meshc.ir.opdef: mesh.yield has no results.
mesh.mesh @m(shape = 2)
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %r = mesh.for_one 1 on @m {
    // expected-error @+1 {{'mesh.yield' op expected 0 results, but found 1}}
    %0 = "mesh.yield"(%a) : (tensor<4xf32>) -> (i32)
  }
  return %r : tensor<4xf32>
}
