// A row-split matmul whose replicated right operand is stored once, on device 0 (docs/runtime.md "Peer tiles").
mesh.mesh @m(shape = 2, peered_memory_axes = [0])
func.func @main(%a: tensor<8x64xf32>, %b: tensor<64x24xf32>) -> tensor<8x24xf32> {
  %as = mesh.shard %a to <@m, [[0]]> : tensor<8x64xf32>
  %bs = mesh.shard %b to <@m, []> : tensor<64x24xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x24xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8x24xf32>) -> tensor<8x24xf32>
  %c = linalg.matmul ins(%as, %bs : tensor<8x64xf32>, tensor<64x24xf32>) outs(%f : tensor<8x24xf32>) -> tensor<8x24xf32>
  %r = mesh.shard %c to <@m, [[0]]> : tensor<8x24xf32>
  return %r : tensor<8x24xf32>
}
