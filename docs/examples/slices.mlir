// Two slices of a row-split tensor (docs/troubleshooting.md): the first takes the rows whole, so each
// device slices its own rows; the second takes rows [3, 9) only, so the rows are gathered first.
mesh.mesh @dp(shape = 4)
func.func @main(%x: tensor<16x8xf32>) -> (tensor<16x4xf32>, tensor<6x8xf32>) {
  %xs = mesh.shard %x to <@dp, [[0]]> : tensor<16x8xf32>
  %a = tensor.extract_slice %xs[0, 2] [16, 4] [1, 1] : tensor<16x8xf32> to tensor<16x4xf32>
  %b = tensor.extract_slice %xs[3, 0] [6, 8] [1, 1] : tensor<16x8xf32> to tensor<6x8xf32>
  return %a, %b : tensor<16x4xf32>, tensor<6x8xf32>
}
