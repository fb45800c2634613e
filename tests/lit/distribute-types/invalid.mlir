// Invalid shardings inside tensor types are located errors: the IR verifier checks the types of every
// op (mesh.py's verifier hook; a bad argument type is reported at the argument, before the ops that
// use it, as upstream's parser does), and distribute-types checks its input and output.
// RUN: meshc compile %s -p distribute-types --split-input-file --verify-diagnostics

mesh.mesh @m(shape = 4)
// expected-error @+1 {{'func.func' op argument of type 'tensor<8xf32, #mesh.shard<@m, [[1]]>>': split axes of tensor dim 0: mesh axis 1 is out of range for mesh @m of rank 1}}
func.func @axis_out_of_range(%x: tensor<8xf32, #mesh.shard<@m, [[1]]>>) -> tensor<8xf32, #mesh.shard<@m, [[1]]>> {
  return %x : tensor<8xf32, #mesh.shard<@m, [[1]]>>
}

// -----

mesh.mesh @m(shape = 2x2)
func.func @axis_twice(%x: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error @+1 {{'tensor.empty' op result #0 of type 'tensor<8x8xf32, #mesh.shard<@m, [[0], [0]]>>': mesh axis 0 is used more than once (in split axes of tensor dim 0 and in split axes of tensor dim 1)}}
  %y = tensor.empty() : tensor<8x8xf32, #mesh.shard<@m, [[0], [0]]>>
  return %x : tensor<8x8xf32>
}

// -----

mesh.mesh @m(shape = 2x2)
// expected-error @+1 {{'func.func' op argument of type 'tensor<8x8xf32, #mesh.shard<@m, [[1]], partial = sum[1]>>': partial axis 1 is also used in split axes of tensor dim 0; partial and split axes must be disjoint}}
func.func @partial_also_split(%x: tensor<8x8xf32, #mesh.shard<@m, [[1]], partial = sum[1]>>) -> tensor<8x8xf32, #mesh.shard<@m, [[1]], partial = sum[1]>> {
  return %x : tensor<8x8xf32, #mesh.shard<@m, [[1]], partial = sum[1]>>
}

// -----

// expected-error @+1 {{'func.func' op argument of type 'tensor<8xf32, #mesh.shard<@nowhere, [[0]]>>': undefined mesh '@nowhere'}}
func.func @unknown_mesh(%x: tensor<8xf32, #mesh.shard<@nowhere, [[0]]>>) -> tensor<8xf32, #mesh.shard<@nowhere, [[0]]>> {
  return %x : tensor<8xf32, #mesh.shard<@nowhere, [[0]]>>
}

// -----

mesh.mesh @m(shape = 4)
// expected-error @+1 {{'func.func' op argument of type 'tensor<8xf32, #mesh.shard<@m, [[], [0]]>>': the sharding has 2 split dims [[], [0]] but the tensor 'tensor<8xf32, #mesh.shard<@m, [[], [0]]>>' has rank 1}}
func.func @too_many_entries(%x: tensor<8xf32, #mesh.shard<@m, [[], [0]]>>) -> tensor<8xf32, #mesh.shard<@m, [[], [0]]>> {
  return %x : tensor<8xf32, #mesh.shard<@m, [[], [0]]>>
}

// -----

mesh.mesh @a(shape = 4)
mesh.mesh @b(shape = 4)
// expected-note @+1 {{mesh @a used here}}
func.func @two_meshes(%x: tensor<8xf32, #mesh.shard<@a, [[0]]>>, %y: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'mesh.shard' op uses mesh @b but function @two_meshes already uses mesh @a; meshc handles one mesh per function}}
  %ys = mesh.shard %y to <@b, [[0]]> : tensor<8xf32>
  return %ys : tensor<8xf32>
}
