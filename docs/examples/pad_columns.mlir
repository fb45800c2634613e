// Distributed IR (stage 3 of the pipeline) written by hand: the padded columns of %x are split, which
// tensor.pad's rule does not allow (only unpadded dims carry a split), so partition alone rejects it and
// reshard first gathers the columns (docs/troubleshooting.md).
mesh.mesh @m(shape = 4)
func.func @main(%x: tensor<8x4xf32, #mesh.shard<@m, [[], [0]]>>) -> tensor<8x6xf32, #mesh.shard<@m, [[], [0]]>> {
  %c = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 1] high[0, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %c : f32
  } : tensor<8x4xf32, #mesh.shard<@m, [[], [0]]>> to tensor<8x6xf32, #mesh.shard<@m, [[], [0]]>>
  return %p : tensor<8x6xf32, #mesh.shard<@m, [[], [0]]>>
}
