// Two Megatron layers at real size: activations 65536x16384, weights 16384x16384 (f32);
// w1 column-split, w2 row-split over @tp, one all_reduce. Too big to run: see docs/estimate.md.
mesh.mesh @tp(shape = 8)

func.func @chain(%x: tensor<65536x16384xf32>, %w1: tensor<16384x16384xf32>, %w2: tensor<16384x16384xf32>) -> tensor<65536x16384xf32> {
  %xs = mesh.shard %x to <@tp, [[]]> : tensor<65536x16384xf32>
  %w1s = mesh.shard %w1 to <@tp, [[], [0]]> : tensor<16384x16384xf32>
  %w2s = mesh.shard %w2 to <@tp, [[0]]> : tensor<16384x16384xf32>
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<65536x16384xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<65536x16384xf32>) -> tensor<65536x16384xf32>
  %h = linalg.matmul ins(%xs, %w1s : tensor<65536x16384xf32>, tensor<16384x16384xf32>) outs(%f1 : tensor<65536x16384xf32>) -> tensor<65536x16384xf32>
  %e2 = tensor.empty() : tensor<65536x16384xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<65536x16384xf32>) -> tensor<65536x16384xf32>
  %y = linalg.matmul ins(%h, %w2s : tensor<65536x16384xf32>, tensor<16384x16384xf32>) outs(%f2 : tensor<65536x16384xf32>) -> tensor<65536x16384xf32>
  %ys = mesh.shard %y to <@tp, [[]]> : tensor<65536x16384xf32>
  return %ys : tensor<65536x16384xf32>
}
