// partition: shardings an op cannot take, and ops it cannot split, are located errors.
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

mesh.mesh @m(shape = 4)
func.func @split_pad(%x: tensor<8x4xf32, #mesh.shard<@m, [[0]]>>) -> tensor<8x6xf32, #mesh.shard<@m, [[0]]>> {
  %c = arith.constant 0.0 : f32
  // expected-error @+1 {{'tensor.pad' op cannot be partitioned: 'tensor.pad' keeps static shapes in its attributes and is partitioned only when every tensor it touches is replicated}}
  %p = tensor.pad %x low[0, 1] high[0, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %c : f32
  } : tensor<8x4xf32, #mesh.shard<@m, [[0]]>> to tensor<8x6xf32, #mesh.shard<@m, [[0]]>>
  return %p : tensor<8x6xf32, #mesh.shard<@m, [[0]]>>
}
