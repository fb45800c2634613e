// An scf.for of data-dependent trip count (%nt) carrying a row-split tensor: partitioned in place,
// the loop runs on every device's rows with no collective (docs/pipeline.md stage 1).
module {
  mesh.mesh @m(shape = 2x2)
  func.func @main(%x: tensor<8x16xf32>, %w: tensor<16x16xf32>, %nt: tensor<index>) -> tensor<8x16xf32> {
    %xs = mesh.shard %x to <@m, [[0, 1]]> : tensor<8x16xf32>
    %ws = mesh.shard %w to <@m, [[]]> : tensor<16x16xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = tensor.extract %nt[] : tensor<index>
    %z = arith.constant 0.0 : f32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %xs) -> (tensor<8x16xf32>) {
      %e = tensor.empty() : tensor<8x16xf32>
      %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x16xf32>) -> tensor<8x16xf32>
      %mm = linalg.matmul ins(%acc, %ws : tensor<8x16xf32>, tensor<16x16xf32>) outs(%f : tensor<8x16xf32>) -> tensor<8x16xf32>
      %t = math.tanh %mm : tensor<8x16xf32>
      scf.yield %t : tensor<8x16xf32>
    }
    return %r : tensor<8x16xf32>
  }
}