// An input annotated partial: device 0 holds %a, device 1 starts from the sum identity (zeros,
// mesh.identity = 0.0); the users want it split, so a reduce_scatter combines them.
mesh.mesh @m(shape = 2)
func.func @g(%a: tensor<4xf32>) -> tensor<4xf32> {
  %ap = mesh.shard %a to <@m, [[]], partial = sum[0]> : tensor<4xf32>
  %r = mesh.shard %ap to <@m, [[0]]> annotate_for_users : tensor<4xf32>
  %y = arith.addf %r, %r : tensor<4xf32>
  return %y : tensor<4xf32>
}
