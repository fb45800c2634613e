// Dynamic rows: tensor<?x8xf32> split on a ?x2 mesh; the row count comes from the inputs
// (specialize-shapes, run with --mesh-shape m=2x2 or m=3x2 and inputs of any row count).
mesh.mesh @m(shape = ?x2)

#id = affine_map<(d0, d1) -> (d0, d1)>
#cols = affine_map<(d0, d1) -> (d1)>

func.func @main(%x: tensor<?x8xf32>, %w: tensor<8x4xf32>) -> (tensor<?x8xf32>, tensor<?x4xf32>, tensor<8xf32>) {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<?x8xf32>
  %c0 = arith.constant 0 : index
  %n = tensor.dim %xs, %c0 : tensor<?x8xf32>
  %e = tensor.empty(%n) : tensor<?x8xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%xs : tensor<?x8xf32>) outs(%e : tensor<?x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %t = arith.mulf %in, %in : f32
    linalg.yield %t : f32
  } -> tensor<?x8xf32>
  %zero = arith.constant 0.0 : f32
  %em = tensor.empty(%n) : tensor<?x4xf32>
  %zm = linalg.fill ins(%zero : f32) outs(%em : tensor<?x4xf32>) -> tensor<?x4xf32>
  %mm = linalg.matmul ins(%xs, %w : tensor<?x8xf32>, tensor<8x4xf32>) outs(%zm : tensor<?x4xf32>) -> tensor<?x4xf32>
  %ec = tensor.empty() : tensor<8xf32>
  %zc = linalg.fill ins(%zero : f32) outs(%ec : tensor<8xf32>) -> tensor<8xf32>
  %cs = linalg.generic {indexing_maps = [#id, #cols], iterator_types = ["reduction", "parallel"]}
      ins(%xs : tensor<?x8xf32>) outs(%zc : tensor<8xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %css = mesh.shard %cs to <@m, []> : tensor<8xf32>
  return %y, %mm, %css : tensor<?x8xf32>, tensor<?x4xf32>, tensor<8xf32>
}
