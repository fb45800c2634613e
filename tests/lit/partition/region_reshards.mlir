// Reshards inside the bodies of region ops partitioned in place (meshc/interfaces/region_models.py,
// cut uses): a loop-carried value keeps its iter_arg's sharding and the body reshards its yield back
// to it, an op of the body reads a reshard of a body value it needs split otherwise (XLA's while-loop
// partitioning, upstream MLIR's spmdization of scf.for). Loops of dynamic trip count (static short
// loops are flattened by the default pipeline; tests/test_region_reshards.py keeps them).
// RUN: meshc compile %s --split-input-file | filecheck %s
// RUN: meshc compile %s --split-input-file | meshc compile - -p "" --split-input-file | filecheck %s

// A loop-carried value split on dim 0 whose body yields its transpose (split on dim 1): the loop keeps
// the init's split, and one all_to_all before the yield moves the split back on every iteration.
// CHECK-LABEL: func.func @transpose
// CHECK-NOT:     mesh.all_gather
// CHECK:         mesh.for_all on @m
// CHECK:           scf.for %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (tensor<2x8xf32>) {
// CHECK:             %[[T:.*]] = linalg.transpose ins(%[[ACC]] : tensor<2x8xf32>) outs(%{{.*}} : tensor<8x2xf32>)
// CHECK:             %[[U:.*]] = math.tanh %[[T]] : tensor<8x2xf32>
// CHECK-NEXT:        %[[A:.*]] = mesh.all_to_all %[[U]] on @m mesh_axes = [0] split_axis = 0 concat_axis = 1 : tensor<8x2xf32> -> tensor<2x8xf32>
// CHECK-NEXT:        scf.yield %[[A]] : tensor<2x8xf32>
// CHECK-NEXT:      }
// CHECK-NOT:     mesh.all_
// CHECK:         return
mesh.mesh @m(shape = 4)
func.func @transpose(%x: tensor<8x8xf32>, %nt: tensor<index>) -> tensor<8x8xf32> {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<8x8xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.extract %nt[] : tensor<index>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %xs) -> (tensor<8x8xf32>) {
    %e = tensor.empty() : tensor<8x8xf32>
    %t = linalg.transpose ins(%acc : tensor<8x8xf32>) outs(%e : tensor<8x8xf32>) permutation = [1, 0]
    %u = math.tanh %t : tensor<8x8xf32>
    scf.yield %u : tensor<8x8xf32>
  }
  return %r : tensor<8x8xf32>
}

// -----

// Split -> partial: the carried value's columns (over axis 1 of a 2x4 mesh) are the contraction with
// w's rows; the partial product is reduce_scattered back to split columns before the yield.
// CHECK-LABEL: func.func @partial
// CHECK-NOT:     mesh.all_gather
// CHECK:           scf.for %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (tensor<4x2xf32>) {
// CHECK:             %[[H:.*]] = linalg.matmul ins(%[[ACC]], %{{.*}} : tensor<4x2xf32>, tensor<2x8xf32>)
// CHECK-NEXT:        %[[R:.*]] = mesh.reduce_scatter %[[H]] on @m mesh_axes = [1] scatter_axis = 1 : tensor<4x8xf32> -> tensor<4x2xf32>
// CHECK-NEXT:        scf.yield %[[R]] : tensor<4x2xf32>
// CHECK-NEXT:      }
// CHECK-NOT:     mesh.all_
// CHECK:         return
mesh.mesh @m(shape = 2x4)
func.func @partial(%x: tensor<8x8xf32>, %w: tensor<8x8xf32>, %nt: tensor<index>) -> tensor<8x8xf32> {
  %xs = mesh.shard %x to <@m, [[0], [1]]> : tensor<8x8xf32>
  %ws = mesh.shard %w to <@m, [[1]]> : tensor<8x8xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.extract %nt[] : tensor<index>
  %z = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %xs) -> (tensor<8x8xf32>) {
    %e = tensor.empty() : tensor<8x8xf32>
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
    %h = linalg.matmul ins(%acc, %ws : tensor<8x8xf32>, tensor<8x8xf32>) outs(%f : tensor<8x8xf32>) -> tensor<8x8xf32>
    scf.yield %h : tensor<8x8xf32>
  }
  return %r : tensor<8x8xf32>
}

// -----

// A softmax over the columns needs whole rows of the column-split product: it reads an all_gather of
// it inside the body; the replicated carried value needs nothing more, w is never gathered.
// CHECK-LABEL: func.func @softmax
// CHECK-NOT:     mesh.all_gather
// CHECK:           scf.for %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (tensor<8x8xf32>) {
// CHECK:             %[[H:.*]] = linalg.matmul ins(%[[ACC]], %{{.*}} : tensor<8x8xf32>, tensor<8x2xf32>)
// CHECK:             %[[G:.*]] = mesh.all_gather %[[H]] on @m mesh_axes = [0] gather_axis = 1 : tensor<8x2xf32> -> tensor<8x8xf32>
// CHECK-NEXT:        %[[P:.*]] = linalg.softmax dimension(1) ins(%[[G]] : tensor<8x8xf32>)
// CHECK-NEXT:        scf.yield %[[P]] : tensor<8x8xf32>
// CHECK-NEXT:      }
// CHECK-NOT:     mesh.all_
// CHECK:         return
mesh.mesh @m(shape = 4)
func.func @softmax(%x: tensor<8x8xf32>, %w: tensor<8x8xf32>, %nt: tensor<index>) -> tensor<8x8xf32> {
  %ws = mesh.shard %w to <@m, [[], [0]]> : tensor<8x8xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.extract %nt[] : tensor<index>
  %z = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (tensor<8x8xf32>) {
    %e = tensor.empty() : tensor<8x8xf32>
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
    %h = linalg.matmul ins(%acc, %ws : tensor<8x8xf32>, tensor<8x8xf32>) outs(%f : tensor<8x8xf32>) -> tensor<8x8xf32>
    %e2 = tensor.empty() : tensor<8x8xf32>
    %p = linalg.softmax dimension(1) ins(%h : tensor<8x8xf32>) outs(%e2 : tensor<8x8xf32>) -> tensor<8x8xf32>
    scf.yield %p : tensor<8x8xf32>
  }
  return %r : tensor<8x8xf32>
}

// -----

// An scf.if whose branches yield different splits: the result takes the then-branch's, and the
// else-branch reshards its yield to it (one all_to_all, in that branch only).
// CHECK-LABEL: func.func @branch
// CHECK:           scf.if %{{.*}} -> (tensor<8x2xf32>) {
// CHECK-NOT:         mesh.
// CHECK:             scf.yield %{{.*}} : tensor<8x2xf32>
// CHECK-NEXT:      } else {
// CHECK-NEXT:        %[[U:.*]] = math.tanh %{{.*}} : tensor<2x8xf32>
// CHECK-NEXT:        %[[A:.*]] = mesh.all_to_all %[[U]] on @m mesh_axes = [0] split_axis = 1 concat_axis = 0 : tensor<2x8xf32> -> tensor<8x2xf32>
// CHECK-NEXT:        scf.yield %[[A]] : tensor<8x2xf32>
// CHECK-NEXT:      }
// CHECK-NOT:     mesh.all_
// CHECK:         return
mesh.mesh @m(shape = 4)
func.func @branch(%x: tensor<8x8xf32>, %p: tensor<i1>) -> tensor<8x8xf32> {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<8x8xf32>
  %c = tensor.extract %p[] : tensor<i1>
  %r = scf.if %c -> (tensor<8x8xf32>) {
    %e = tensor.empty() : tensor<8x8xf32>
    %t = linalg.transpose ins(%xs : tensor<8x8xf32>) outs(%e : tensor<8x8xf32>) permutation = [1, 0]
    scf.yield %t : tensor<8x8xf32>
  } else {
    %u = math.tanh %xs : tensor<8x8xf32>
    scf.yield %u : tensor<8x8xf32>
  }
  return %r : tensor<8x8xf32>
}
