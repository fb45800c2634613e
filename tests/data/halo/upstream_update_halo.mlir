// (a) An explicit halo exchange in the upstream LLVM 22 spelling (`shard.grid`, `shard.update_halo`, as
// mlir-opt-22 prints it): 10 rows over 3 devices (3, 3, 4 rows), 1 halo row below and 2 above each shard.
// meshc reads it as "%x split over axis 0; %h is it with halos [1, 2]" and exchanges the halo rows.
shard.grid @grid(shape = 3)
func.func @main(%x: tensor<10x4xf32>) -> tensor<10x4xf32> {
  %h = shard.update_halo %x on @grid split_axes = [[0]] halo_sizes = [1, 2] : tensor<10x4xf32>
  return %h : tensor<10x4xf32>
}
