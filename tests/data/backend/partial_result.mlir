// A result annotated partial at the function boundary: unroll's wrapper adds the two devices'
// partial sums (arith.addf), so the runtime's reassembly must add them too.
mesh.mesh @m(shape = 2)
func.func @f(%a: tensor<4x6xf32>, %b: tensor<6x3xf32>) -> tensor<4x3xf32> {
  %as = mesh.shard %a to <@m, [[], [0]]> : tensor<4x6xf32>
  %bs = mesh.shard %b to <@m, [[0]]> : tensor<6x3xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x3xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<4x3xf32>) -> tensor<4x3xf32>
  %r = linalg.matmul ins(%as, %bs : tensor<4x6xf32>, tensor<6x3xf32>) outs(%f : tensor<4x3xf32>) -> tensor<4x3xf32>
  %rs = mesh.shard %r to <@m, [[]], partial = sum[0]> : tensor<4x3xf32>
  return %rs : tensor<4x3xf32>
}
