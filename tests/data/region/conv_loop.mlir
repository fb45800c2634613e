// A 1-D convolution in a loop of dynamic trip count, the carried activation split on its spatial dim:
// the body gathers it (inside the body, on every iteration) before the padded window, as the flat
// program gathers it once; the output rows stay split and the loop-carried value keeps its split.
module {
  mesh.mesh @m(shape = 4)
  func.func @f(%x: tensor<4x16x8xf32>, %k: tensor<3x8x8xf32>, %nt: tensor<index>) -> tensor<4x16x8xf32> {
    %xs = mesh.shard %x to <@m, [[], [0]]> : tensor<4x16x8xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = tensor.extract %nt[] : tensor<index>
    %z = arith.constant 0.0 : f32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %xs) -> (tensor<4x16x8xf32>) {
      %p = tensor.pad %acc low[0, 1, 0] high[0, 1, 0] {
      ^bb0(%a: index, %b: index, %c: index):
        tensor.yield %z : f32
      } : tensor<4x16x8xf32> to tensor<4x18x8xf32>
      %e = tensor.empty() : tensor<4x16x8xf32>
      %f = linalg.fill ins(%z : f32) outs(%e : tensor<4x16x8xf32>) -> tensor<4x16x8xf32>
      %y = linalg.conv_1d_nwc_wcf ins(%p, %k : tensor<4x18x8xf32>, tensor<3x8x8xf32>) outs(%f : tensor<4x16x8xf32>) -> tensor<4x16x8xf32>
      %t = math.tanh %y : tensor<4x16x8xf32>
      scf.yield %t : tensor<4x16x8xf32>
    }
    return %r : tensor<4x16x8xf32>
  }
}
