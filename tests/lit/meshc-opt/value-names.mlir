// meshc-opt names constants as mlir-opt does (OpAsmOpInterface result names): c<value>_<type> for
// integers, c<value> for index, cst for floats and dense elements, true/false for i1; a name taken
// twice gets _0, _1. Other values keep their source names; --value-names=source keeps every source name,
// which is what 'meshc compile' prints.
// RUN: meshc-opt %s | FileCheck %s
// RUN: meshc-opt %s | meshc-opt | FileCheck %s
// RUN: meshc-opt --value-names=source %s | FileCheck %s --check-prefix=SOURCE
// RUN: meshc compile -p "" %s | FileCheck %s --check-prefix=SOURCE
// RUN: meshc-opt --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

shard.grid @g(shape = 4)

// CHECK-LABEL: func.func @constants
func.func @constants(%x: memref<8x8xi8>) -> (index, f32, tensor<2xf32>, i1, i1, i32) {
  // CHECK-NEXT: %c2_i64 = arith.constant 2 : i64
  // CHECK-NEXT: %c8 = arith.constant 8 : index
  // CHECK-NEXT: %cst = arith.constant 5.000000e-01 : f32
  // CHECK-NEXT: %cst_0 = arith.constant dense<1.000000e+00> : tensor<2xf32>
  // CHECK-NEXT: %true = arith.constant true
  // CHECK-NEXT: %false = arith.constant false
  // CHECK-NEXT: %c-3_i32 = arith.constant -3 : i32
  // CHECK-NEXT: %c2_i64_1 = arith.constant 2 : i64
  // SOURCE: %two = arith.constant 2 : i64
  // SOURCE: %eight = arith.constant 8 : index
  // SOURCE: %again = arith.constant 2 : i64
  // GENERIC: %c2_i64 = "arith.constant"()
  %two = arith.constant 2 : i64
  %eight = arith.constant 8 : index
  %half = arith.constant 0.5 : f32
  %ones = arith.constant dense<1.0> : tensor<2xf32>
  %yes = arith.constant true
  %no = arith.constant false
  %minus = arith.constant -3 : i32
  %again = arith.constant 2 : i64
  // CHECK-NEXT: %h = shard.update_halo %{{.*}} on @g split_axes = {{\[\[}}0]] halo_sizes = [%c2_i64, %c2_i64_1] : memref<8x8xi8>
  // SOURCE: halo_sizes = [%two, %again]
  %h = shard.update_halo %x on @g split_axes = [[0]] halo_sizes = [%two, %again] : memref<8x8xi8>
  // CHECK-NEXT: return %c8, %cst, %cst_0, %true, %false, %c-3_i32
  return %eight, %half, %ones, %yes, %no, %minus : index, f32, tensor<2xf32>, i1, i1, i32
}
