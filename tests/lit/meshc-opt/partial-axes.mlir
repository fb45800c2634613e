// A partial axis past the mesh's rank: read and printed back when meshc-opt only parses (as
// LLVM 19/20's mlir-opt), rejected at its line once a pass runs, and always by meshc compile.
// RUN: meshc-opt %s | FileCheck %s
// RUN: not meshc-opt --canonicalize %s 2>&1 | FileCheck %s --check-prefix=PASS
// RUN: not meshc compile -p "" %s 2>&1 | FileCheck %s --check-prefix=PASS

// CHECK:       mesh.mesh @rows(shape = 2x?)
// CHECK-LABEL: func.func @partial_past_rank(
// CHECK-NEXT:    %[[S:.*]] = mesh.sharding @rows split_axes = {{\[\[}}1]] partial = max [0, 3] : !mesh.sharding
// CHECK-NEXT:    %[[V:.*]] = mesh.shard %{{.*}} to %[[S]] : tensor<6x2xf32>
// CHECK-NEXT:    return %[[V]]
mesh.mesh @rows(shape = 2x?)
func.func @partial_past_rank(%t: tensor<6x2xf32>) -> tensor<6x2xf32> {
  // PASS: partial-axes.mlir:[[# @LINE + 1]]:8: error: 'mesh.sharding' op partial axes: mesh axis 3 is out of range for mesh @rows of rank 2
  %s = mesh.sharding @rows split_axes = [[1]] partial = max[0, 3] : !mesh.sharding
  %v = mesh.shard %t to %s : tensor<6x2xf32>
  return %v : tensor<6x2xf32>
}
