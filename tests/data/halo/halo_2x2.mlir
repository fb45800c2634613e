// Halos on two dims on a 2x2 mesh whose axis 1 is peered: 6x5 split rows over axis 0 (3, 3) and columns
// over axis 1 (2, 3), halos [1, 1] on rows and [2, 1] on columns. Device (0, 0) holds rows 0:4 and
// columns 0:3: its core, slabs of its two neighbours and the corner of the diagonal device; the column
// neighbour is peered (read in place), the others are copied.
mesh.mesh @m(shape = 2x2, peered_memory_axes = [1])
func.func @main(%x: tensor<6x5xf32>) -> tensor<6x5xf32> {
  %a = mesh.shard %x to <@m, [[0], [1]]> : tensor<6x5xf32>
  %h = mesh.update_halo %a on @m split_axes = [[0], [1]] halo_sizes = [1, 1, 2, 1] : tensor<6x5xf32>
  return %h : tensor<6x5xf32>
}
