// Collectives inside loop bodies where devices hold empty pieces, 4 devices: the hidden dim of a
// tensor-parallel MLP is 3 columns (0, 1, 1, 1: device 0 multiplies empty pieces and adds a zero
// partial to the in-body all_reduce), and a 3-tap convolution of 3 rows split 0, 1, 1, 1 into 1
// output row (0, 0, 0, 1) exchanges its halos in the body (device 0's core is empty), %nt times.
mesh.mesh @m(shape = 4)
func.func @main(%x: tensor<2x16xf32>, %w1: tensor<16x3xf32>, %w2: tensor<3x16xf32>, %v: tensor<2x3x2xf32>, %k: tensor<3x2x2xf32>, %nt: tensor<index>) -> (tensor<2x16xf32>, tensor<2x1x2xf32>) {
  %w1s = mesh.shard %w1 to <@m, [[], [0]]> : tensor<16x3xf32>
  %w2s = mesh.shard %w2 to <@m, [[0]]> : tensor<3x16xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.extract %nt[] : tensor<index>
  %z = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (tensor<2x16xf32>) {
    %e1 = tensor.empty() : tensor<2x3xf32>
    %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<2x3xf32>) -> tensor<2x3xf32>
    %h = linalg.matmul ins(%acc, %w1s : tensor<2x16xf32>, tensor<16x3xf32>) outs(%f1 : tensor<2x3xf32>) -> tensor<2x3xf32>
    %t = math.tanh %h : tensor<2x3xf32>
    %e2 = tensor.empty() : tensor<2x16xf32>
    %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<2x16xf32>) -> tensor<2x16xf32>
    %o = linalg.matmul ins(%t, %w2s : tensor<2x3xf32>, tensor<3x16xf32>) outs(%f2 : tensor<2x16xf32>) -> tensor<2x16xf32>
    scf.yield %o : tensor<2x16xf32>
  }
  %vs = mesh.shard %v to <@m, [[], [0]]> : tensor<2x3x2xf32>
  %e0 = tensor.empty() : tensor<2x1x2xf32>
  %s0 = linalg.fill ins(%z : f32) outs(%e0 : tensor<2x1x2xf32>) -> tensor<2x1x2xf32>
  %s0s = mesh.shard %s0 to <@m, [[], [0]]> : tensor<2x1x2xf32>
  %re = scf.for %i = %c0 to %n step %c1 iter_args(%s = %s0s) -> (tensor<2x1x2xf32>) {
    %a = math.tanh %vs : tensor<2x3x2xf32>
    %e = tensor.empty() : tensor<2x1x2xf32>
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x1x2xf32>) -> tensor<2x1x2xf32>
    %y = linalg.conv_1d_nwc_wcf ins(%a, %k : tensor<2x3x2xf32>, tensor<3x2x2xf32>) outs(%f : tensor<2x1x2xf32>) -> tensor<2x1x2xf32>
    %s2 = arith.addf %s, %y : tensor<2x1x2xf32>
    scf.yield %s2 : tensor<2x1x2xf32>
  }
  return %r, %re : tensor<2x16xf32>, tensor<2x1x2xf32>
}
