// Rank-3 input on a 2x4 mesh: the leading dim over mesh axis 0 (two planes),
// dim 1 (6 rows) over mesh axis 1 (uneven: 1, 1, 2, 2); summing over dim 1
// leaves partial sums over mesh axis 1, all-reduced for the result.
mesh.mesh @m(shape = 2x4)

#in = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#out = affine_map<(d0, d1, d2) -> (d0, d2)>

func.func @main(%x: tensor<4x6x10xf32>) -> tensor<4x10xf32> {
  %xs = mesh.shard %x to <@m, [[0], [1]]> : tensor<4x6x10xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x10xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<4x10xf32>) -> tensor<4x10xf32>
  %s = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%xs : tensor<4x6x10xf32>) outs(%z : tensor<4x10xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %t = arith.addf %a, %acc : f32
    linalg.yield %t : f32
  } -> tensor<4x10xf32>
  %ss = mesh.shard %s to <@m, [[0]]> : tensor<4x10xf32>
  return %ss : tensor<4x10xf32>
}
