// Ops of dialects meshc does not know, as upstream tests write them with -allow-unregistered-dialect:
// kept in the generic form, with their operands, attributes and regions, and they round trip.
// RUN: meshc-opt --allow-unregistered-dialect %s | meshc-opt --allow-unregistered-dialect | FileCheck %s
// RUN: meshc-opt -allow-unregistered-dialect -mlir-print-op-generic %s | meshc-opt -allow-unregistered-dialect | FileCheck %s
// RUN: meshc-opt -allow-unregistered-dialect -cse %s | FileCheck %s --check-prefix=CSE
// Without the flag it is an error, located at the op:
// RUN: not meshc-opt %s 2>&1 | FileCheck %s --check-prefix=ERR
// ERR: unregistered.mlir:[[# @LINE + 14]]:8: error: 'test.producer' op is not registered (dialect 'test' is unknown to meshc); '--allow-unregistered-dialect' accepts it in the generic form

// CHECK-LABEL: func.func @f(
// CHECK-NEXT:    %[[P:.*]] = "test.producer"(%{{.*}}) {{{.*}}mode = "fast"{{.*}}} : (tensor<4xf32>) -> {{\(?}}tensor<4xf32>{{\)?}}
// CHECK-NEXT:    %{{.*}} = "test.producer"(%{{.*}})
// CHECK-NEXT:    "test.region_op"(%[[P]]) ({
// CHECK-NEXT:    ^bb0(%{{.*}}: f32):
// CHECK-NEXT:      "test.yield"() : () -> ()
// CHECK-NEXT:    }) : (tensor<4xf32>) -> ()
// CHECK-NEXT:    return %[[P]] : tensor<4xf32>
// An unknown op may have side effects: CSE keeps both copies.
// CSE-COUNT-2: "test.producer"
// CSE-NOT:     "test.producer"
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "test.producer"(%x) {mode = "fast"} : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "test.producer"(%x) {mode = "fast"} : (tensor<4xf32>) -> tensor<4xf32>
  "test.region_op"(%0) ({
  ^bb0(%a: f32):
    "test.yield"() : () -> ()
  }) : (tensor<4xf32>) -> ()
  return %0 : tensor<4xf32>
}
