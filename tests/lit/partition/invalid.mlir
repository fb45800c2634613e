// partition: shardings an op's rule does not allow (reshard was not run) are located errors.
// RUN: meshc compile %s -p partition --split-input-file --verify-diagnostics

mesh.mesh @m(shape = 4)
func.func @not_resharded(%a: tensor<8x4xf32, #mesh.shard<@m, [[0]]>>, %b: tensor<8x4xf32, #mesh.shard<@m, [[]]>>, %e: tensor<8x4xf32, #mesh.shard<@m, [[0]]>>) -> tensor<8x4xf32, #mesh.shard<@m, [[0]]>> {
  // expected-error @+1 {{'linalg.add' op cannot be partitioned: operand #1 has sharding <@m, [[]]> but the op's rule needs <@m, [[0]]> here (run reshard first)}}
  %r = linalg.add ins(%a, %b : tensor<8x4xf32, #mesh.shard<@m, [[0]]>>, tensor<8x4xf32, #mesh.shard<@m, [[]]>>) outs(%e : tensor<8x4xf32, #mesh.shard<@m, [[0]]>>) -> tensor<8x4xf32, #mesh.shard<@m, [[0]]>>
  return %r : tensor<8x4xf32, #mesh.shard<@m, [[0]]>>
}

// -----

mesh.mesh @m(shape = 4)
func.func @partial_point(%x: tensor<8xf32, #mesh.shard<@m, [[]], partial = sum[0]>>) -> tensor<8xf32, #mesh.shard<@m, [[]]>> {
  // expected-error @+1 {{'mesh.shard' op cannot be partitioned: partial axes [0] of <@m, [[]], partial = sum[0]> must be reduced by a collective (run reshard)}}
  %y = mesh.shard %x to <@m, [[]]> : tensor<8xf32, #mesh.shard<@m, [[]], partial = sum[0]>> -> tensor<8xf32, #mesh.shard<@m, [[]]>>
  return %y : tensor<8xf32, #mesh.shard<@m, [[]]>>
}

// -----

// An even split of a padded result disagrees with tensor.pad's rule (a padded dim is split at its
// source's boundaries, the pads on the first and last shards: 0, 2, 3, 4, 6): reshard makes it a
// resharding point first.
mesh.mesh @m(shape = 4)
func.func @split_padded_dim(%x: tensor<8x4xf32, #mesh.shard<@m, [[], [0]]>>) -> tensor<8x6xf32, #mesh.shard<@m, [[], [0]]>> {
  %c = arith.constant 0.0 : f32
  // expected-error @+1 {{'tensor.pad' op cannot be partitioned: result #0 has sharding <@m, [[], [0]]> but the op's rule needs <@m, [[], [0]], sharded_dims_offsets = [0, 2, 3, 4, 6]> here (run reshard first)}}
  %p = tensor.pad %x low[0, 1] high[0, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %c : f32
  } : tensor<8x4xf32, #mesh.shard<@m, [[], [0]]>> to tensor<8x6xf32, #mesh.shard<@m, [[], [0]]>>
  return %p : tensor<8x6xf32, #mesh.shard<@m, [[], [0]]>>
}
