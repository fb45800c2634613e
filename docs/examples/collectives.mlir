// Collectives in local view (upstream MLIR's form: each device's shape), in both spellings:
// LLVM 19-20 `mesh.*` with `mesh_axes`, LLVM 21+ `shard.*` with `grid_axes`.
mesh.mesh @m(shape = 2x4)

func.func @main(%x: tensor<8x16xf32>) -> (tensor<8x64xf32>, tensor<8x16xf32>, tensor<2x64xf32>) {
  %g = mesh.all_gather %x on @m mesh_axes = [1] gather_axis = 1 : tensor<8x16xf32> -> tensor<8x64xf32>
  %r = shard.all_reduce %x on @m grid_axes = [0] reduction = sum : tensor<8x16xf32> -> tensor<8x16xf32>
  %a = mesh.all_to_all %x on @m mesh_axes = [1] split_axis = 0 concat_axis = 1 : tensor<8x16xf32> -> tensor<2x64xf32>
  return %g, %r, %a : tensor<8x64xf32>, tensor<8x16xf32>, tensor<2x64xf32>
}
