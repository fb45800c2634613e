// scf.while: MLIR's custom form round-trips (custom and generic), with its "before" block's arguments
// named in the header and its "after" block's in a block header.
// RUN: meshc compile %s -p "" | filecheck %s
// RUN: meshc compile %s -p "" | meshc compile - -p "" | filecheck %s
// RUN: meshc compile %s -p "" --generic | meshc compile - -p "" | filecheck %s

// A while loop: the "before" block only tests, the "after" block steps.
// CHECK-LABEL: func.func @doubling
func.func @doubling(%limit: f32, %x: f32) -> (i32, f32) {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  // CHECK: %[[R:.+]]:2 = scf.while (%[[K:.+]] = %{{.+}}, %[[V:.+]] = %{{.+}}) : (i32, f32) -> (i32, f32) {
  // CHECK-NEXT: %[[LT:.+]] = arith.cmpf olt, %[[V]], %{{.+}} : f32
  // CHECK-NEXT: scf.condition(%[[LT]]) %[[K]], %[[V]] : i32, f32
  // CHECK-NEXT: } do {
  // CHECK-NEXT: ^bb0(%[[K2:.+]]: i32, %[[V2:.+]]: f32):
  // CHECK-NEXT: %[[K3:.+]] = arith.addi %[[K2]], %{{.+}} : i32
  // CHECK-NEXT: %[[V3:.+]] = arith.addf %[[V2]], %[[V2]] : f32
  // CHECK-NEXT: scf.yield %[[K3]], %[[V3]] : i32, f32
  // CHECK-NEXT: }
  %r:2 = scf.while (%k = %zero, %v = %x) : (i32, f32) -> (i32, f32) {
    %lt = arith.cmpf olt, %v, %limit : f32
    scf.condition(%lt) %k, %v : i32, f32
  } do {
  ^bb0(%k2: i32, %v2: f32):
    %k3 = arith.addi %k2, %one : i32
    %v3 = arith.addf %v2, %v2 : f32
    scf.yield %k3, %v3 : i32, f32
  }
  // CHECK: return %[[R]]#0, %[[R]]#1 : i32, f32
  return %r#0, %r#1 : i32, f32
}

// A do-while whose condition forwards other types than it carries (f32 in, i1 and f32 forwarded),
// with a single result type printed without parentheses and an attribute dictionary.
// CHECK-LABEL: func.func @forwarding
func.func @forwarding(%x: f32) -> f32 {
  // CHECK: %[[R:.+]]:2 = scf.while (%[[A:.+]] = %{{.+}}) : (f32) -> (i1, f32) {
  // CHECK: scf.condition(%{{.+}}) %{{.+}}, %{{.+}} : i1, f32
  // CHECK-NEXT: } do {
  // CHECK-NEXT: ^bb0(%{{.+}}: i1, %[[B:.+]]: f32):
  // CHECK-NEXT: scf.yield %[[B]] : f32
  // CHECK-NEXT: } attributes {tag = "w"}
  %r:2 = scf.while (%a = %x) : (f32) -> (i1, f32) {
    %h = arith.mulf %a, %a : f32
    %c = arith.cmpf olt, %h, %x : f32
    scf.condition(%c) %c, %h : i1, f32
  } do {
  ^bb0(%c2: i1, %b: f32):
    scf.yield %b : f32
  } attributes {tag = "w"}
  return %r#1 : f32
}

// No loop-carried values: the header is only the type.
// CHECK-LABEL: func.func @no_values
func.func @no_values(%c: i1) {
  // CHECK: scf.while : () -> () {
  // CHECK-NEXT: scf.condition(%{{.+}})
  // CHECK-NEXT: } do {
  // CHECK-NEXT: scf.yield
  // CHECK-NEXT: }
  scf.while : () -> () {
    scf.condition(%c)
  } do {
    scf.yield
  }
  return
}

// One result: `-> T` without parentheses.
// CHECK-LABEL: func.func @tensor_loop
func.func @tensor_loop(%t: tensor<4xf32>, %c: i1) -> tensor<4xf32> {
  // CHECK: scf.while (%{{.+}} = %{{.+}}) : (tensor<4xf32>) -> tensor<4xf32> {
  %r = scf.while (%a = %t) : (tensor<4xf32>) -> tensor<4xf32> {
    scf.condition(%c) %a : tensor<4xf32>
  } do {
  ^bb0(%b: tensor<4xf32>):
    %e = math.exp %b : tensor<4xf32>
    scf.yield %e : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
