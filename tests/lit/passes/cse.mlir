// cse: equal pure ops (name, operands, attributes, result types) merge, scoped by regions.
// RUN: meshc compile %s -p cse | filecheck %s

// CHECK-LABEL: func.func @duplicates(%x: i32, %y: i32) -> i32 {
// CHECK-NEXT:    %[[A:.*]] = arith.addi %x, %y : i32
// CHECK-NEXT:    %[[M:.*]] = arith.muli %[[A]], %[[A]] : i32
// CHECK-NEXT:    return %[[M]] : i32
func.func @duplicates(%x: i32, %y: i32) -> i32 {
  %a = arith.addi %x, %y : i32
  %b = arith.addi %x, %y : i32
  %m = arith.muli %a, %b : i32
  return %m : i32
}

// Equal constants merge; a different predicate, operand order or type keeps ops apart.
// CHECK-LABEL: func.func @not_equal(%x: i32, %y: i32) -> (i1, i1, i32, i32) {
// CHECK-NEXT:    %[[C:.*]] = arith.constant 1 : i32
// CHECK-NEXT:    %[[LT:.*]] = arith.cmpi slt, %x, %[[C]] : i32
// CHECK-NEXT:    %[[GT:.*]] = arith.cmpi sgt, %x, %[[C]] : i32
// CHECK-NEXT:    %[[S1:.*]] = arith.subi %x, %y : i32
// CHECK-NEXT:    %[[S2:.*]] = arith.subi %y, %x : i32
// CHECK-NEXT:    return %[[LT]], %[[GT]], %[[S1]], %[[S2]] : i1, i1, i32, i32
func.func @not_equal(%x: i32, %y: i32) -> (i1, i1, i32, i32) {
  %c1 = arith.constant 1 : i32
  %c1b = arith.constant 1 : i32
  %lt = arith.cmpi slt, %x, %c1 : i32
  %gt = arith.cmpi sgt, %x, %c1b : i32
  %s1 = arith.subi %x, %y : i32
  %s2 = arith.subi %y, %x : i32
  return %lt, %gt, %s1, %s2 : i1, i1, i32, i32
}

// Calls are not pure: both stay.
// CHECK-LABEL: func.func @calls(%x: f32) -> f32 {
// CHECK-NEXT:    call @callee(%x)
// CHECK-NEXT:    call @callee(%x)
func.func private @callee(f32) -> f32
func.func @calls(%x: f32) -> f32 {
  %a = func.call @callee(%x) : (f32) -> f32
  %b = func.call @callee(%x) : (f32) -> f32
  %s = arith.addf %a, %b : f32
  return %s : f32
}

// An op inside a region reuses the enclosing %a; the region's %c is not
// visible after the region, so %d stays.
// CHECK-LABEL: func.func @scoped(%x: i32, %y: i32) -> i32 {
// CHECK-NEXT:    %[[A:.*]] = arith.addi %x, %y : i32
// CHECK-NEXT:    "test.region"() ({
// CHECK-NEXT:      %[[C:.*]] = arith.muli %x, %y : i32
// CHECK-NEXT:      "test.use"(%[[A]], %[[C]])
// CHECK-NEXT:    }) : () -> ()
// CHECK-NEXT:    %[[D:.*]] = arith.muli %x, %y : i32
// CHECK-NEXT:    %[[E:.*]] = arith.addi %[[A]], %[[D]] : i32
func.func @scoped(%x: i32, %y: i32) -> i32 {
  %a = arith.addi %x, %y : i32
  "test.region"() ({
    %b = arith.addi %x, %y : i32
    %c = arith.muli %x, %y : i32
    "test.use"(%b, %c) : (i32, i32) -> ()
  }) : () -> ()
  %d = arith.muli %x, %y : i32
  %e = arith.addi %a, %d : i32
  return %e : i32
}

// Nested under func.func the pass runs on each function; the result is the same.
// RUN: meshc compile %s -p 'builtin.module(func.func(cse))' | filecheck %s
