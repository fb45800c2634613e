// A (8 rows split over mesh axis 1 of a 2x4 mesh, 2 each) times B (columns split over axis 0), the
// product's rows wanted at the boundaries 0, 1, 4, 5, 8 on axis 1: each device needs only rows of A
// its pair of axis-1 devices holds, so reshard gathers A within the pairs (on @m_a1g2, shape 2x2x2).
mesh.mesh @m(shape = 2x4)
func.func @main(%a: tensor<8x16xf32>, %b: tensor<16x4xf32>) -> tensor<8x4xf32> {
  %as = mesh.shard %a to <@m, [[1]]> : tensor<8x16xf32>
  %bs = mesh.shard %b to <@m, [[], [0]]> : tensor<16x4xf32>
  %zero = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<8x4xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<8x4xf32>) -> tensor<8x4xf32>
  %c = linalg.matmul ins(%as, %bs : tensor<8x16xf32>, tensor<16x4xf32>) outs(%z : tensor<8x4xf32>) -> tensor<8x4xf32>
  %cs = mesh.shard %c to <@m, [[1], [0]], sharded_dims_offsets = [0, 1, 4, 5, 8, 0, 2, 4]> : tensor<8x4xf32>
  return %cs : tensor<8x4xf32>
}
