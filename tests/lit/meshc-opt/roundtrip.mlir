// meshc-opt with no pass only parses, verifies and prints (mlir-opt's convention), from a file or
// from stdin, and what it prints parses back, in the custom and the generic form.
// RUN: meshc-opt %s | meshc-opt | FileCheck %s
// RUN: meshc-opt < %s | FileCheck %s
// RUN: meshc-opt - < %s | FileCheck %s
// RUN: meshc-opt %s --mlir-print-op-generic | meshc-opt | FileCheck %s
// RUN: meshc-opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: meshc-opt %s -o %t && FileCheck %s < %t
// RUN: meshc-opt %s --mlir-disable-threading --mlir-print-local-scope --verify-each=false | FileCheck %s

// No pass runs: the annotation is not propagated, the dead constant stays.
// CHECK-LABEL: func.func @annotated(
// CHECK-SAME:      %[[X:.*]]: tensor<8x4xf32>) -> tensor<8x4xf32> {
// CHECK-NEXT:    %[[C:.*]] = arith.constant 7 : i32
// CHECK-NEXT:    %[[S:.*]] = mesh.shard %[[X]] to <@mesh_1d, {{\[\[}}0]]> : tensor<8x4xf32>
// CHECK-NEXT:    %[[E:.*]] = tensor.empty() : tensor<8x4xf32>
// CHECK-NEXT:    %[[R:.*]] = linalg.exp ins(%[[S]] : tensor<8x4xf32>) outs(%[[E]] : tensor<8x4xf32>) -> tensor<8x4xf32>
// CHECK-NEXT:    return %[[R]] : tensor<8x4xf32>
// GENERIC: "mesh.mesh"()
// GENERIC: "func.func"() ({
// GENERIC: "arith.constant"() {{.*}}value = 7 : i32
// GENERIC: "func.return"(
mesh.mesh @mesh_1d(shape = 4)

func.func @annotated(%x: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %unused = arith.constant 7 : i32
  %s = mesh.shard %x to <@mesh_1d, [[0]]> : tensor<8x4xf32>
  %e = tensor.empty() : tensor<8x4xf32>
  %r = linalg.exp ins(%s : tensor<8x4xf32>) outs(%e : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %r : tensor<8x4xf32>
}
