// An scf.if on a computed condition partitioned in place: the then branch is a split contraction that
// all_reduces in the branch, the else branch moves nothing (tests/test_region_schedule.py, docs/estimate.md).
module {
  mesh.mesh @m(shape = 4)
  func.func @branch(%x: tensor<8x16xf32>, %y: tensor<8x16xf32>, %w: tensor<16x16xf32>, %p: tensor<i1>) -> tensor<8x16xf32> {
    %xs = mesh.shard %x to <@m, [[], [0]]> : tensor<8x16xf32>
    %ws = mesh.shard %w to <@m, [[0]]> : tensor<16x16xf32>
    %z = arith.constant 0.0 : f32
    %c = tensor.extract %p[] : tensor<i1>
    %r = scf.if %c -> (tensor<8x16xf32>) {
      %e = tensor.empty() : tensor<8x16xf32>
      %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x16xf32>) -> tensor<8x16xf32>
      %mm = linalg.matmul ins(%xs, %ws : tensor<8x16xf32>, tensor<16x16xf32>) outs(%f : tensor<8x16xf32>) -> tensor<8x16xf32>
      scf.yield %mm : tensor<8x16xf32>
    } else {
      %t = math.tanh %y : tensor<8x16xf32>
      scf.yield %t : tensor<8x16xf32>
    }
    return %r : tensor<8x16xf32>
  }
}
