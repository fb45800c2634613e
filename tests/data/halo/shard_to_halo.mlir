// (b) A resharding to a sharding with halos: `reshard` inserts the mesh.update_halo (10 rows over 3 devices,
// halos [1, 2]); the exp runs on each device's haloed shard (it keeps the halo, no second exchange).
mesh.mesh @m(shape = 3)
func.func @main(%x: tensor<10x4xf32>) -> (tensor<10x4xf32>, tensor<10x4xf32>) {
  %a = mesh.shard %x to <@m, [[0]]> : tensor<10x4xf32>
  %h = mesh.shard %a to <@m, [[0]], halo_sizes = [1, 2]> : tensor<10x4xf32>
  %e = tensor.empty() : tensor<10x4xf32>
  %y = linalg.exp ins(%h : tensor<10x4xf32>) outs(%e : tensor<10x4xf32>) -> tensor<10x4xf32>
  return %h, %y : tensor<10x4xf32>, tensor<10x4xf32>
}
