// A Megatron MLP in an scf.while of data-dependent trip count (w1 column-split, w2 row-split over mesh
// axis 1, the carried activations row-split over axis 0, a tensor<i32> loop counter carried next to
// them as JAX's loops carry it): the loop is partitioned in place, nothing is gathered, and the
// "after" block all_reduces the row-parallel product's partial sums on every trip.
// RUN: meshc compile %s | filecheck %s
// RUN: meshc compile %s | meshc compile - -p "" | filecheck %s

// CHECK-LABEL: func.func @mlp
// CHECK-NOT:     mesh.all_gather
// CHECK:         mesh.for_all on @m
// CHECK:           %[[X:.*]] = tensor.extract_slice %x[%{{.*}}, 0] [4, 16] [1, 1]
// CHECK:           %[[W1:.*]] = tensor.extract_slice %w1[0, %{{.*}}] [16, 8] [1, 1]
// CHECK:           %[[W2:.*]] = tensor.extract_slice %w2[%{{.*}}, 0] [8, 16] [1, 1]
// CHECK:           scf.while (%[[I:.*]] = %{{.*}}, %[[ACC:.*]] = %[[X]]) : (tensor<i32>, tensor<4x16xf32>) -> (tensor<i32>, tensor<4x16xf32>) {
// CHECK-NOT:         mesh.
// CHECK:             scf.condition(%{{.*}}) %[[I]], %[[ACC]] : tensor<i32>, tensor<4x16xf32>
// CHECK-NEXT:      } do {
// CHECK-NEXT:      ^bb0(%{{.*}}: tensor<i32>, %[[A:.*]]: tensor<4x16xf32>):
// CHECK:             %[[H:.*]] = linalg.matmul ins(%[[A]], %[[W1]] : tensor<4x16xf32>, tensor<16x8xf32>)
// CHECK:             %[[O:.*]] = linalg.matmul ins(%{{.*}}, %[[W2]] : tensor<4x8xf32>, tensor<8x16xf32>)
// CHECK-NEXT:        %[[R:.*]] = mesh.all_reduce %[[O]] on @m mesh_axes = [1] : tensor<4x16xf32> -> tensor<4x16xf32>
// CHECK:             scf.yield %{{.*}}, %[[R]] : tensor<i32>, tensor<4x16xf32>
// CHECK-NEXT:      }
// CHECK-NOT:     mesh.all_reduce
// CHECK:         return
module {
  mesh.mesh @m(shape = 2x4)
  func.func @mlp(%x: tensor<8x16xf32>, %w1: tensor<16x32xf32>, %w2: tensor<32x16xf32>, %n: i32) -> tensor<8x16xf32> {
    %xs = mesh.shard %x to <@m, [[0]]> : tensor<8x16xf32>
    %w1s = mesh.shard %w1 to <@m, [[], [1]]> : tensor<16x32xf32>
    %w2s = mesh.shard %w2 to <@m, [[1]]> : tensor<32x16xf32>
    %c0 = arith.constant dense<0> : tensor<i32>
    %c1 = arith.constant 1 : i32
    %z = arith.constant 0.0 : f32
    %r:2 = scf.while (%i = %c0, %acc = %xs) : (tensor<i32>, tensor<8x16xf32>) -> (tensor<i32>, tensor<8x16xf32>) {
      %iv = tensor.extract %i[] : tensor<i32>
      %lt = arith.cmpi slt, %iv, %n : i32
      scf.condition(%lt) %i, %acc : tensor<i32>, tensor<8x16xf32>
    } do {
    ^bb0(%j: tensor<i32>, %a: tensor<8x16xf32>):
      %e1 = tensor.empty() : tensor<8x32xf32>
      %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<8x32xf32>) -> tensor<8x32xf32>
      %h = linalg.matmul ins(%a, %w1s : tensor<8x16xf32>, tensor<16x32xf32>) outs(%f1 : tensor<8x32xf32>) -> tensor<8x32xf32>
      %t = math.tanh %h : tensor<8x32xf32>
      %e2 = tensor.empty() : tensor<8x16xf32>
      %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<8x16xf32>) -> tensor<8x16xf32>
      %o = linalg.matmul ins(%t, %w2s : tensor<8x32xf32>, tensor<32x16xf32>) outs(%f2 : tensor<8x16xf32>) -> tensor<8x16xf32>
      %jv = tensor.extract %j[] : tensor<i32>
      %j1 = arith.addi %jv, %c1 : i32
      %jt = tensor.from_elements %j1 : tensor<i32>
      scf.yield %jt, %o : tensor<i32>, tensor<8x16xf32>
    }
    return %r#1 : tensor<8x16xf32>
  }
}
