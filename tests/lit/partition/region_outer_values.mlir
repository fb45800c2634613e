// A zero destination defined above a region op, read by a split contraction in its body (w row-split):
// the body reads it partial (kept on the devices at coordinate 0 of the partial axis, zeros elsewhere:
// a select, no data moved) and all_reduces the product inside the branch / iteration, so the region
// op's result keeps one replicated sharding (region_models.outer_reshards).
// RUN: meshc compile %s | filecheck %s
// RUN: meshc compile %s | meshc compile - -p "" | filecheck %s

// CHECK-LABEL: func.func @branch
// CHECK:         mesh.for_all on @m
// CHECK:           %[[F:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<4x8xf32>)
// CHECK:           %[[I:.*]] = mesh.process_multi_index on @m : index
// CHECK:           scf.if %{{.*}} -> (tensor<4x8xf32>) {
// CHECK:             %[[AT0:.*]] = arith.cmpi eq, %[[I]], %{{.*}} : index
// CHECK:             %[[Z:.*]] = linalg.fill
// CHECK:             %[[P:.*]] = arith.select %[[AT0]], %[[F]], %[[Z]] : tensor<4x8xf32>
// CHECK:             %[[Y:.*]] = linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<4x2xf32>, tensor<2x8xf32>) outs(%[[P]] : tensor<4x8xf32>)
// CHECK-NEXT:        %[[R:.*]] = mesh.all_reduce %[[Y]] on @m mesh_axes = [0] : tensor<4x8xf32> -> tensor<4x8xf32>
// CHECK-NEXT:        scf.yield %[[R]] : tensor<4x8xf32>
// CHECK-NEXT:      } else {
// CHECK-NEXT:        scf.yield %[[F]] : tensor<4x8xf32>
// CHECK-NEXT:      }
// CHECK-NOT:     mesh.all_reduce
// CHECK:         return
module {
  mesh.mesh @m(shape = 3)
  mesh.mesh @g(shape = 2x3)
  func.func @branch(%x: tensor<4x6xf32>, %w: tensor<6x8xf32>, %c: i1) -> tensor<4x8xf32> {
    %ws = mesh.shard %w to <@m, [[0]]> : tensor<6x8xf32>
    %e = tensor.empty() : tensor<4x8xf32>
    %z = arith.constant 0.0 : f32
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
    %r = scf.if %c -> (tensor<4x8xf32>) {
      %y = linalg.matmul ins(%x, %ws : tensor<4x6xf32>, tensor<6x8xf32>) outs(%f : tensor<4x8xf32>) -> tensor<4x8xf32>
      scf.yield %y : tensor<4x8xf32>
    } else {
      scf.yield %f : tensor<4x8xf32>
    }
    return %r : tensor<4x8xf32>
  }

// CHECK-LABEL: func.func @loop
// CHECK:         mesh.for_all on @g
// CHECK:           %[[F:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<4x8xf32>)
// CHECK:           %[[I:.*]]:2 = mesh.process_multi_index on @g : index, index
// CHECK:           scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (tensor<4x8xf32>) {
// CHECK:             %[[AT0:.*]] = arith.cmpi eq, %[[I]]#1, %{{.*}} : index
// CHECK:             %[[P:.*]] = arith.select %[[AT0]], %[[F]], %{{.*}} : tensor<4x8xf32>
// CHECK:             %[[Y:.*]] = linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<4x2xf32>, tensor<2x8xf32>) outs(%[[P]] : tensor<4x8xf32>)
// CHECK-NEXT:        %[[R:.*]] = mesh.all_reduce %[[Y]] on @g mesh_axes = [1] : tensor<4x8xf32> -> tensor<4x8xf32>
// CHECK:             %[[T:.*]] = math.tanh %[[ACC]] : tensor<4x8xf32>
// CHECK-NEXT:        %[[S:.*]] = arith.addf %[[T]], %[[R]] : tensor<4x8xf32>
// CHECK-NEXT:        scf.yield %[[S]] : tensor<4x8xf32>
// CHECK-NEXT:      }
// CHECK-NOT:     mesh.all_reduce
// CHECK:         return
  func.func @loop(%x: tensor<4x6xf32>, %w: tensor<6x8xf32>, %a: tensor<4x8xf32>, %n: index) -> tensor<4x8xf32> {
    %ws = mesh.shard %w to <@g, [[1]]> : tensor<6x8xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %e = tensor.empty() : tensor<4x8xf32>
    %z = arith.constant 0.0 : f32
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a) -> (tensor<4x8xf32>) {
      %y = linalg.matmul ins(%x, %ws : tensor<4x6xf32>, tensor<6x8xf32>) outs(%f : tensor<4x8xf32>) -> tensor<4x8xf32>
      %t = math.tanh %acc : tensor<4x8xf32>
      %s = arith.addf %t, %y : tensor<4x8xf32>
      scf.yield %s : tensor<4x8xf32>
    }
    return %r : tensor<4x8xf32>
  }
}
