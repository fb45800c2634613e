// A Megatron MLP in a loop of dynamic trip count (w1 column-split, w2 row-split over mesh axis 1):
// the loop is partitioned in place, the weights stay split, and the body combines the second matmul's
// partial sums with one all_reduce per iteration, as XLA's SPMD partitioner does in a while loop.
// RUN: meshc compile %s | filecheck %s
// RUN: meshc compile %s | meshc compile - -p "" | filecheck %s

// CHECK-LABEL: func.func @mlp
// CHECK-NOT:     mesh.all_gather
// CHECK:         mesh.for_all on @m
// CHECK:           %[[W1:.*]] = tensor.extract_slice %w1[0, %{{.*}}] [16, 8] [1, 1]
// CHECK:           %[[W2:.*]] = tensor.extract_slice %w2[%{{.*}}, 0] [8, 16] [1, 1]
// CHECK:           scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (tensor<8x16xf32>) {
// CHECK:             %[[H:.*]] = linalg.matmul ins(%[[ACC]], %[[W1]] : tensor<8x16xf32>, tensor<16x8xf32>)
// CHECK:             %[[T:.*]] = math.tanh %[[H]] : tensor<8x8xf32>
// CHECK:             %[[O:.*]] = linalg.matmul ins(%[[T]], %[[W2]] : tensor<8x8xf32>, tensor<8x16xf32>)
// CHECK-NEXT:        %[[R:.*]] = mesh.all_reduce %[[O]] on @m mesh_axes = [1] : tensor<8x16xf32> -> tensor<8x16xf32>
// CHECK-NEXT:        scf.yield %[[R]] : tensor<8x16xf32>
// CHECK-NEXT:      }
// CHECK-NOT:     mesh.all_reduce
// CHECK:         return
module {
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
}
