// Mesh axes past the mesh's rank in a sharding value: meshc-opt checks them as upstream's verifier
// does (sign and duplicates), so they read, print and propagate; a sharded type needs them in range
// (partition rejects them), and meshc compile rejects them at the line that names them.
// RUN: meshc-opt %s | FileCheck %s
// RUN: meshc-opt --sharding-propagation %s | FileCheck %s --check-prefix=PROP
// RUN: not meshc-opt --mesh-spmdization %s 2>&1 | FileCheck %s --check-prefix=TYPE
// RUN: not meshc compile -p "" %s 2>&1 | FileCheck %s --check-prefix=COMPILE

// CHECK:       mesh.mesh @rows(shape = 2x?)
// CHECK-LABEL: func.func @past_rank(
// CHECK-NEXT:    %[[S:.*]] = mesh.sharding @rows split_axes = {{\[\[}}2]] partial = max [0, 3] : !mesh.sharding
// CHECK-NEXT:    %[[V:.*]] = mesh.shard %{{.*}} to %[[S]] : tensor<6x2xf32>
// CHECK-NEXT:    %[[E:.*]] = math.exp %[[V]]

// PROP:        %[[E:.*]] = math.exp
// PROP-NEXT:   %[[R:.*]] = mesh.sharding @rows split_axes = {{\[\[}}2]] : !mesh.sharding
// PROP-NEXT:   mesh.shard %[[E]] to %[[R]] : tensor<6x2xf32>

// TYPE: error: {{.*}}split axes of tensor dim 0: mesh axis 2 is out of range for mesh @rows of rank 2
mesh.mesh @rows(shape = 2x?)
func.func @past_rank(%t: tensor<6x2xf32>) -> tensor<6x2xf32> {
  // COMPILE: partial-axes.mlir:[[# @LINE + 1]]:8: error: 'mesh.sharding' op split axes of tensor dim 0: mesh axis 2 is out of range for mesh @rows of rank 2
  %s = mesh.sharding @rows split_axes = [[2]] partial = max[0, 3] : !mesh.sharding
  %v = mesh.shard %t to %s : tensor<6x2xf32>
  %e = math.exp %v : tensor<6x2xf32>
  return %e : tensor<6x2xf32>
}
