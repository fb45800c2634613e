// The right operand split by rows over a 2x2 mesh (axis 1 peered): each device assembles it from four pieces (docs/runtime.md "Peer tiles").
mesh.mesh @m(shape = 2x2, peered_memory_axes = [1])
func.func @main(%a: tensor<12x50xf64>, %b: tensor<50x37xf64>) -> tensor<12x37xf64> {
  %as = mesh.shard %a to <@m, [[0, 1]]> : tensor<12x50xf64>
  %bs = mesh.shard %b to <@m, [[0, 1]]> : tensor<50x37xf64>
  %zero = arith.constant 0.0 : f64
  %e = tensor.empty() : tensor<12x37xf64>
  %f = linalg.fill ins(%zero : f64) outs(%e : tensor<12x37xf64>) -> tensor<12x37xf64>
  %c = linalg.matmul ins(%as, %bs : tensor<12x50xf64>, tensor<50x37xf64>) outs(%f : tensor<12x37xf64>) -> tensor<12x37xf64>
  %r = mesh.shard %c to <@m, [[0, 1]]> : tensor<12x37xf64>
  return %r : tensor<12x37xf64>
}
