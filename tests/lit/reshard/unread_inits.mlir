// reshard: an init whose contents are never read (a tensor.empty, or the init of an all-parallel op
// whose payload ignores its out argument) gets the needed sharding from a new tensor.empty: no data moves.
// RUN: meshc compile %s -p sharding-propagation,distribute-types,reshard | FileCheck %s

mesh.mesh @m(shape = 2x3)
// CHECK-LABEL: func.func @main
func.func @main(%x: tensor<10x9xf32>) -> (tensor<10x9xf32>, tensor<10x9xf32>) {
  %xs = mesh.shard %x to <@m, [[0], [1]]> : tensor<10x9xf32>
  %a = mesh.shard %xs to <@m, [[], [1]]> annotate_for_users : tensor<10x9xf32>
  %e = tensor.empty() : tensor<10x9xf32>
  // CHECK: %[[G0:.+]] = mesh.all_gather %x on @m mesh_axes = [0] gather_axis = 0
  // CHECK: linalg.exp ins(%[[G0]]
  %y = linalg.exp ins(%a : tensor<10x9xf32>) outs(%e : tensor<10x9xf32>) -> tensor<10x9xf32>
  %b = mesh.shard %xs to <@m, [[]]> annotate_for_users : tensor<10x9xf32>
  // the second point reuses the first all_gather; only the gather over axis 1 is new, and only for %x
  // CHECK-NOT: mesh.all_gather %x 
  // CHECK: %[[G1:.+]] = mesh.all_gather %[[G0]] on @m mesh_axes = [1] gather_axis = 1
  // CHECK-NEXT: %[[E:.+]] = tensor.empty() : tensor<10x9xf32, #mesh.shard<@m, [[]]>>
  // CHECK-NEXT: linalg.negf ins(%[[G1]] : {{.*}}) outs(%[[E]] :
  // CHECK-NOT: mesh.all_gather
  %z = linalg.negf ins(%b : tensor<10x9xf32>) outs(%e : tensor<10x9xf32>) -> tensor<10x9xf32>
  return %y, %z : tensor<10x9xf32>, tensor<10x9xf32>
}
