// The row-split matmul as LLVM 21+ spells it (the dialect was renamed shard, meshes became grids):
// shard.grid, shard.sharding, shard.shard. meshc reads them as mesh.mesh, mesh.shard.
shard.grid @grid0(shape = 4)

func.func @main(%a: tensor<8x16xf32>, %b: tensor<16x4xf32>) -> tensor<8x4xf32> {
  %rows = shard.sharding @grid0 split_axes = [[0]] : !shard.sharding
  %a_rows = shard.shard %a to %rows : tensor<8x16xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8x4xf32>) -> tensor<8x4xf32>
  %c = linalg.matmul ins(%a_rows, %b : tensor<8x16xf32>, tensor<16x4xf32>) outs(%f : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %c : tensor<8x4xf32>
}
