// Invalid shardings and inputs sharding-propagation cannot handle: each is a located error.
// RUN: meshc compile %s -p sharding-propagation --split-input-file --verify-diagnostics

mesh.mesh @m(shape = 4)
func.func @axis_out_of_range(%x: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'mesh.shard' op split axes of tensor dim 0: mesh axis 1 is out of range for mesh @m of rank 1}}
  %xs = mesh.shard %x to <@m, [[1]]> : tensor<8xf32>
  return %xs : tensor<8xf32>
}

// -----

mesh.mesh @m(shape = 2x2)
func.func @axis_twice(%x: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error @+1 {{'mesh.shard' op mesh axis 0 is used more than once (in split axes of tensor dim 0 and in split axes of tensor dim 1)}}
  %xs = mesh.shard %x to <@m, [[0], [0]]> : tensor<8x8xf32>
  return %xs : tensor<8x8xf32>
}

// -----

mesh.mesh @m(shape = 2x2)
func.func @partial_also_split(%x: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error @+1 {{'mesh.shard' op partial axis 1 is also used in split axes of tensor dim 0; partial and split axes must be disjoint}}
  %xs = mesh.shard %x to <@m, [[1]], partial = sum[1]> : tensor<8x8xf32>
  return %xs : tensor<8x8xf32>
}

// -----

func.func @unknown_mesh(%x: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'mesh.shard' op undefined mesh '@nowhere'}}
  %xs = mesh.shard %x to <@nowhere, [[0]]> : tensor<8xf32>
  return %xs : tensor<8xf32>
}

// -----

mesh.mesh @m(shape = 4)
func.func @too_many_entries(%x: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'mesh.shard' op the sharding has 2 split dims [[], [0]] but the tensor 'tensor<8xf32>' has rank 1}}
  %xs = mesh.shard %x to <@m, [[], [0]]> : tensor<8xf32>
  return %xs : tensor<8xf32>
}

// -----

mesh.mesh @a(shape = 4)
mesh.mesh @b(shape = 2)
func.func @two_meshes(%x: tensor<8xf32>, %y: tensor<8xf32>) -> tensor<8xf32> {
  // expected-note @+1 {{mesh @a used here}}
  %xs = mesh.shard %x to <@a, [[0]]> : tensor<8xf32>
  // expected-error @+1 {{'mesh.shard' op uses mesh @b but function @two_meshes already uses mesh @a; meshc handles one mesh per function}}
  %ys = mesh.shard %y to <@b, [[0]]> : tensor<8xf32>
  %z = arith.addf %xs, %ys : tensor<8xf32>
  return %z : tensor<8xf32>
}

// -----

mesh.mesh @m(shape = 4)
func.func @sharding_argument(%x: tensor<8xf32>, %s: !mesh.sharding) -> tensor<8xf32> {
  // expected-error @+1 {{'mesh.shard' op needs a static sharding here; its '!mesh.sharding' operand is not a static 'mesh.sharding' (SSA halo sizes or offsets, or a block argument)}}
  %xs = mesh.shard %x to %s : tensor<8xf32>
  %y = math.exp %xs : tensor<8xf32>
  return %y : tensor<8xf32>
}
