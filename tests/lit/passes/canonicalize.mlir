// canonicalize: constant folding (with the arith kernels' semantics), identities,
// select, tensor.dim, dead pure ops, and hoisted/merged constants.
// RUN: meshc compile %s -p canonicalize | filecheck %s

// (2 + 3) * 7 = 35
// CHECK-LABEL: func.func @fold_int() -> i32 {
// CHECK-NEXT:    %[[C:.*]] = arith.constant 35 : i32
// CHECK-NEXT:    return %[[C]] : i32
func.func @fold_int() -> i32 {
  %a = arith.constant 2 : i32
  %b = arith.constant 3 : i32
  %c = arith.addi %a, %b : i32
  %d = arith.constant 7 : i32
  %e = arith.muli %d, %c : i32
  return %e : i32
}

// i8 wraps: 100 + 100 = 200 - 256 = -56; 300 truncated to i8 = 300 - 256 = 44
// CHECK-LABEL: func.func @wrap() -> (i8, i8) {
// CHECK-DAG:     %[[W:.*]] = arith.constant -56 : i8
// CHECK-DAG:     %[[T:.*]] = arith.constant 44 : i8
// CHECK:         return %[[W]], %[[T]] : i8, i8
func.func @wrap() -> (i8, i8) {
  %a = arith.constant 100 : i8
  %s = arith.addi %a, %a : i8
  %b = arith.constant 300 : i32
  %t = arith.trunci %b : i32 to i8
  return %s, %t : i8, i8
}

// index arithmetic: 3 * 4 + 5 = 17; floordivsi(-7, 2) = -4; remsi(-7, 2) = -1 (sign of the dividend)
// CHECK-LABEL: func.func @index_math() -> (index, index, index) {
// CHECK-DAG:     %[[A:.*]] = arith.constant 17 : index
// CHECK-DAG:     %[[B:.*]] = arith.constant -4 : index
// CHECK-DAG:     %[[C:.*]] = arith.constant -1 : index
// CHECK-NOT:     arith.muli
// CHECK:         return %[[A]], %[[B]], %[[C]] : index, index, index
func.func @index_math() -> (index, index, index) {
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %m = arith.muli %c3, %c4 : index
  %s = arith.addi %m, %c5 : index
  %n7 = arith.constant -7 : index
  %c2 = arith.constant 2 : index
  %f = arith.floordivsi %n7, %c2 : index
  %r = arith.remsi %n7, %c2 : index
  return %s, %f, %r : index, index, index
}

// Undefined cases stay: division by zero, i32 shift by 32.
// CHECK-LABEL: func.func @no_fold_ub() -> (i32, i32) {
// CHECK:         arith.divsi
// CHECK:         arith.shli
func.func @no_fold_ub() -> (i32, i32) {
  %c1 = arith.constant 1 : i32
  %c0 = arith.constant 0 : i32
  %c32 = arith.constant 32 : i32
  %d = arith.divsi %c1, %c0 : i32
  %s = arith.shli %c1, %c32 : i32
  return %d, %s : i32, i32
}

// f32 arithmetic rounds to f32: 1.0e8 + 1.0 = 100000001 is not an f32, the sum is 1.0e8.
// 1.5 * 2.25 = 3.375 exactly.
// CHECK-LABEL: func.func @fold_float() -> (f32, f32) {
// CHECK-DAG:     %[[A:.*]] = arith.constant 1.000000e+08 : f32
// CHECK-DAG:     %[[B:.*]] = arith.constant 3.375000e+00 : f32
// CHECK:         return %[[A]], %[[B]] : f32, f32
func.func @fold_float() -> (f32, f32) {
  %big = arith.constant 1.0e8 : f32
  %one = arith.constant 1.0 : f32
  %s = arith.addf %big, %one : f32
  %x = arith.constant 1.5 : f32
  %y = arith.constant 2.25 : f32
  %p = arith.mulf %x, %y : f32
  return %s, %p : f32, f32
}

// cmpi of constants (3 < 4) and of a value with itself; select on a constant condition.
// CHECK-LABEL: func.func @compare_select(%arg0: i32, %arg1: i32) -> (i1, i1, i32) {
// CHECK-NEXT:    %[[T:.*]] = arith.constant true
// CHECK-NEXT:    return %[[T]], %[[T]], %arg0 : i1, i1, i32
func.func @compare_select(%arg0: i32, %arg1: i32) -> (i1, i1, i32) {
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %lt = arith.cmpi slt, %c3, %c4 : index
  %le = arith.cmpi sle, %arg0, %arg0 : i32
  %sel = arith.select %lt, %arg0, %arg1 : i32
  return %lt, %le, %sel : i1, i1, i32
}

// x + 0 = x, x * 1 = x, x * 0 = 0, x - x = 0; constants move to the right of commutative ops.
// CHECK-LABEL: func.func @identities(%x: i32) -> (i32, i32, i32, i32, i32) {
// CHECK-DAG:     %[[Z:.*]] = arith.constant 0 : i32
// CHECK-DAG:     %[[K:.*]] = arith.constant 5 : i32
// CHECK:         %[[S:.*]] = arith.addi %x, %[[K]] : i32
// CHECK-NEXT:    return %x, %x, %[[Z]], %[[Z]], %[[S]] : i32, i32, i32, i32, i32
func.func @identities(%x: i32) -> (i32, i32, i32, i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c5 = arith.constant 5 : i32
  %a = arith.addi %x, %c0 : i32
  %m = arith.muli %c1, %x : i32
  %z = arith.muli %x, %c0 : i32
  %d = arith.subi %x, %x : i32
  %s = arith.addi %c5, %x : i32
  return %a, %m, %z, %d, %s : i32, i32, i32, i32, i32
}

// Casts of constants: index_cast 7 -> i32 7; extsi i8 -1 -> i32 -1.
// CHECK-LABEL: func.func @casts() -> (i32, i32) {
// CHECK-DAG:     %[[A:.*]] = arith.constant 7 : i32
// CHECK-DAG:     %[[B:.*]] = arith.constant -1 : i32
// CHECK:         return %[[A]], %[[B]] : i32, i32
func.func @casts() -> (i32, i32) {
  %c7 = arith.constant 7 : index
  %a = arith.index_cast %c7 : index to i32
  %m1 = arith.constant -1 : i8
  %b = arith.extsi %m1 : i8 to i32
  return %a, %b : i32, i32
}

// Dead pure ops go (an unused tensor.empty, an unused mulf); tensor.dim folds:
// static dim 1 of tensor<?x8xf32> is 8, dynamic dim 0 of tensor.empty(%d) is %d.
// CHECK-LABEL: func.func @dead_and_dims(%d: index, %f: f32) -> (index, index) {
// CHECK-NEXT:    %[[C8:.*]] = arith.constant 8 : index
// CHECK-NEXT:    return %d, %[[C8]] : index, index
func.func @dead_and_dims(%d: index, %f: f32) -> (index, index) {
  %unused = tensor.empty() : tensor<4xf32>
  %sq = arith.mulf %f, %f : f32
  %e = tensor.empty(%d) : tensor<?x8xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = tensor.dim %e, %c0 : tensor<?x8xf32>
  %y = tensor.dim %e, %c1 : tensor<?x8xf32>
  return %x, %y : index, index
}

// Equal constants are merged and hoisted to the top of the function body.
// CHECK-LABEL: func.func @merge_constants(%x: index) -> index {
// CHECK-NEXT:    %[[C:.*]] = arith.constant 2 : index
// CHECK-NEXT:    %[[A:.*]] = arith.addi %x, %[[C]] : index
// CHECK-NEXT:    %[[B:.*]] = arith.muli %[[A]], %[[C]] : index
// CHECK-NEXT:    return %[[B]] : index
func.func @merge_constants(%x: index) -> index {
  %c2 = arith.constant 2 : index
  %a = arith.addi %x, %c2 : index
  %c2_again = arith.constant 2 : index
  %b = arith.muli %a, %c2_again : index
  return %b : index
}
