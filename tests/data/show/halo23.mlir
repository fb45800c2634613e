mesh.mesh @m(shape = 2x3)
func.func @main(%x: tensor<7x10xf32>) -> tensor<7x10xf32> {
  %a = mesh.shard %x to <@m, [[0], [1]]> : tensor<7x10xf32>
  %h = mesh.update_halo %a on @m split_axes = [[0], [1]] halo_sizes = [2, 1, 1, 3] : tensor<7x10xf32>
  return %h : tensor<7x10xf32>
}
