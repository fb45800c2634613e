// exp(x) @ w with the rows of x split over a mesh of 2 and no encodings: set-encoding after partition
// annotates the per-device matmul inside the mesh.for_all (local shapes, local iteration sizes).
mesh.mesh @m(shape = 2)
func.func @main(%x0: tensor<24x32xf32>, %w: tensor<32x20xf32>) -> tensor<24x20xf32> {
  %x = mesh.shard %x0 to <@m, [[0]]> : tensor<24x32xf32>
  %e = tensor.empty() : tensor<24x32xf32>
  %ex = linalg.exp ins(%x : tensor<24x32xf32>) outs(%e : tensor<24x32xf32>) -> tensor<24x32xf32>
  %cst = arith.constant 0.0 : f32
  %e2 = tensor.empty() : tensor<24x20xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e2 : tensor<24x20xf32>) -> tensor<24x20xf32>
  %mm = linalg.matmul ins(%ex, %w : tensor<24x32xf32>, tensor<32x20xf32>) outs(%f : tensor<24x20xf32>) -> tensor<24x20xf32>
  return %mm : tensor<24x20xf32>
}
