// Distributed IR (stage 3 of the pipeline) written by hand: the padded result's columns are split evenly,
// which tensor.pad's rule does not give (its first and last shards hold the pads: 0, 2, 3, 4, 6), so
// partition alone rejects it and reshard moves the result to that split (docs/troubleshooting.md).
mesh.mesh @m(shape = 4)
func.func @main(%x: tensor<8x4xf32, #mesh.shard<@m, [[], [0]]>>) -> tensor<8x6xf32, #mesh.shard<@m, [[], [0]]>> {
  %c = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 1] high[0, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %c : f32
  } : tensor<8x4xf32, #mesh.shard<@m, [[], [0]]>> to tensor<8x6xf32, #mesh.shard<@m, [[], [0]]>>
  return %p : tensor<8x6xf32, #mesh.shard<@m, [[], [0]]>>
}
