// A 1-D convolution (3 taps) in a loop over a value the body computes from the row-split input: the
// body exchanges the window's halo (mesh.update_halo, once per trip) instead of gathering the rows, and
// the carried sum keeps its row split. 16 input rows over 4 devices (4 each), 14 output rows (3, 3, 4,
// 4): halos [2, 1] (docs/pipeline.md, "Windows").
module {
  mesh.mesh @m(shape = 4)
  func.func @f(%x: tensor<2x16x4xf32>, %k: tensor<3x4x4xf32>, %nt: tensor<index>) -> tensor<2x14x4xf32> {
    %xs = mesh.shard %x to <@m, [[], [0]]> : tensor<2x16x4xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = tensor.extract %nt[] : tensor<index>
    %z = arith.constant 0.0 : f32
    %e0 = tensor.empty() : tensor<2x14x4xf32>
    %s0 = linalg.fill ins(%z : f32) outs(%e0 : tensor<2x14x4xf32>) -> tensor<2x14x4xf32>
    %s0s = mesh.shard %s0 to <@m, [[], [0]]> : tensor<2x14x4xf32>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%s = %s0s) -> (tensor<2x14x4xf32>) {
      %ii = arith.index_cast %i : index to i32
      %fi = arith.sitofp %ii : i32 to f32
      %w = tensor.splat %fi : tensor<2x16x4xf32>
      %xw = arith.addf %xs, %w : tensor<2x16x4xf32>
      %a = math.tanh %xw : tensor<2x16x4xf32>
      %e = tensor.empty() : tensor<2x14x4xf32>
      %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x14x4xf32>) -> tensor<2x14x4xf32>
      %y = linalg.conv_1d_nwc_wcf ins(%a, %k : tensor<2x16x4xf32>, tensor<3x4x4xf32>) outs(%f : tensor<2x14x4xf32>) -> tensor<2x14x4xf32>
      %s2 = arith.addf %s, %y : tensor<2x14x4xf32>
      scf.yield %s2 : tensor<2x14x4xf32>
    }
    return %r : tensor<2x14x4xf32>
  }
}
