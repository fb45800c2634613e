// A function-level scalar argument (an index) that every device reads: the
// devices that do not hold it copy it from device 0, a 0-d buffer.
mesh.mesh @m(shape = 2)
func.func @main(%x: tensor<6xf32>, %n: index) -> tensor<6xf32> {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<6xf32>
  %i = arith.index_cast %n : index to i64
  %f = arith.sitofp %i : i64 to f32
  %e = tensor.empty() : tensor<6xf32>
  %s = linalg.fill ins(%f : f32) outs(%e : tensor<6xf32>) -> tensor<6xf32>
  %y = arith.addf %xs, %s : tensor<6xf32>
  return %y : tensor<6xf32>
}
