// Stage-3 IR compiled again: a split contraction in a loop body is combined once. The all_reduce the
// first run put after the partial product reads it as it is; the second run adds none and changes
// nothing (docs/pipeline.md: the IR printed after any pass is valid input).
// RUN: meshc compile %s -p sharding-propagation,distribute-types | meshc compile - -p distribute-types | filecheck %s
// RUN: meshc compile %s -p sharding-propagation,distribute-types,reshard | meshc compile - -p sharding-propagation,distribute-types,reshard | filecheck %s

// CHECK-LABEL: func.func @mlp
// CHECK:         scf.for
// CHECK:           %[[O:.*]] = linalg.matmul {{.*}} -> tensor<8x16xf32, #mesh.shard<@m, [[]], partial = sum[1]>>
// CHECK-NEXT:      %[[R:.*]] = mesh.all_reduce %[[O]] on @m mesh_axes = [1] : tensor<8x16xf32, #mesh.shard<@m, [[]], partial = sum[1]>> -> tensor<8x16xf32, #mesh.shard<@m, [[]]>>
// CHECK-NEXT:      scf.yield %[[R]] : tensor<8x16xf32, #mesh.shard<@m, [[]]>>
// CHECK-NOT:     mesh.all_reduce
// CHECK:         return
mesh.mesh @m(shape = 2x4)
func.func @mlp(%x: tensor<8x16xf32>, %w1: tensor<16x32xf32>, %w2: tensor<32x16xf32>, %nt: tensor<index>) -> tensor<8x16xf32> {
  %w1s = mesh.shard %w1 to <@m, [[], [1]]> : tensor<16x32xf32>
  %w2s = mesh.shard %w2 to <@m, [[1]]> : tensor<32x16xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.extract %nt[] : tensor<index>
  %z = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (tensor<8x16xf32>) {
    %e1 = tensor.empty() : tensor<8x32xf32>
    %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<8x32xf32>) -> tensor<8x32xf32>
    %h = linalg.matmul ins(%acc, %w1s : tensor<8x16xf32>, tensor<16x32xf32>) outs(%f1 : tensor<8x32xf32>) -> tensor<8x32xf32>
    %t = math.tanh %h : tensor<8x32xf32>
    %e2 = tensor.empty() : tensor<8x16xf32>
    %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<8x16xf32>) -> tensor<8x16xf32>
    %o = linalg.matmul ins(%t, %w2s : tensor<8x32xf32>, tensor<32x16xf32>) outs(%f2 : tensor<8x16xf32>) -> tensor<8x16xf32>
    scf.yield %o : tensor<8x16xf32>
  }
  return %r : tensor<8x16xf32>
}
