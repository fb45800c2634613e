// `--remarks` and `meshc explain` locate a resharding point at the same place: the annotation kept
// for it (here the result's mesh.shard, which the return needs), else the op that reads the value
// (here the matmul's init, marked partial). sharding-propagation's "is resharded" remark and the
// reshard pass's explanation of the point both stand there.
// RUN: meshc compile %s --remarks 2>&1 >/dev/null | filecheck %s --check-prefix=REMARK
// RUN: meshc explain %s | filecheck %s --check-prefix=EXPLAIN

// REMARK:      remarks-explain.mlir:[[# @LINE + 16]]:8: remark: operand #2 of 'linalg.matmul' is resharded: <@m, [[0]]> -> <@m, [[0]], partial = sum[1]>
// REMARK-NEXT: linalg.matmul
// REMARK:      remarks-explain.mlir:[[# @LINE + 15]]:9: remark: operand #0 of 'func.return' is resharded: <@m, [[0]], partial = sum[1]> -> <@m, [[0]]>
// REMARK-NEXT: mesh.shard %c
// REMARK:      remarks-explain.mlir:[[# @LINE + 12]]:8: remark: %f for 'linalg.matmul': <@m, [[0]]> -> <@m, [[0]], partial = sum[1]>: mark_partial
// REMARK:      remarks-explain.mlir:[[# @LINE + 12]]:9: remark: %c for 'func.return': <@m, [[0]], partial = sum[1]> -> <@m, [[0]]>: all_reduce
// EXPLAIN:      remarks-explain.mlir:[[# @LINE + 10]]:8: %f for 'linalg.matmul': <@m, [[0]]> -> <@m, [[0]], partial = sum[1]>: mark_partial
// EXPLAIN-NEXT: remarks-explain.mlir:[[# @LINE + 10]]:9: %c for 'func.return': <@m, [[0]], partial = sum[1]> -> <@m, [[0]]>: all_reduce
mesh.mesh @m(shape = 2x4, peered_memory_axes = [1])

func.func @main(%a: tensor<64x128xf32>, %b: tensor<128x32xf32>) -> tensor<64x32xf32> {
  %as = mesh.shard %a to <@m, [[0], [1]]> : tensor<64x128xf32>
  %bs = mesh.shard %b to <@m, [[1]]> : tensor<128x32xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x32xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<64x32xf32>) -> tensor<64x32xf32>
  %c = linalg.matmul ins(%as, %bs : tensor<64x128xf32>, tensor<128x32xf32>) outs(%f : tensor<64x32xf32>) -> tensor<64x32xf32>
  %cs = mesh.shard %c to <@m, [[0]]> : tensor<64x32xf32>
  return %cs : tensor<64x32xf32>
}
