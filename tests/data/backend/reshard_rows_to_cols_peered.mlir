// reshard_rows_to_cols on a mesh of 4 with peered memory: the split-axis move becomes peer reads of
// slices of the other devices' row shards (reshard under peered memory, PIPELINE.md stage 4).
mesh.mesh @m(shape = 4, peered_memory_axes = [0])

#id = affine_map<(d0, d1) -> (d0, d1)>

func.func @main(%x: tensor<32x48xf32>) -> tensor<32x48xf32> {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<32x48xf32>
  %e = tensor.empty() : tensor<32x48xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%xs : tensor<32x48xf32>) outs(%e : tensor<32x48xf32>) {
  ^bb0(%in: f32, %out: f32):
    %v = math.exp %in : f32
    linalg.yield %v : f32
  } -> tensor<32x48xf32>
  %ys = mesh.shard %y to <@m, [[], [0]]> : tensor<32x48xf32>
  return %ys : tensor<32x48xf32>
}
