// RUN: meshc compile %s -p "" | filecheck %s
// RUN: meshc compile %s -p "" | meshc compile - -p "" | filecheck %s
// RUN: meshc compile %s -p "" --generic | meshc compile - -p "" | filecheck %s

// CHECK: util.global private @w1 = #stream.parameter.named<"model"::"w1"> : tensor<256x1024xf32>
util.global private @w1 = #stream.parameter.named<"model"::"w1"> : tensor<256x1024xf32>
// CHECK: util.global private mutable @count {inlining_policy = #util.inline.never} = 0 : i32
util.global private mutable @count {inlining_policy = #util.inline.never} = 0 : i32
// CHECK: util.global @big = 40 : i64
util.global public @big = 40 : i64
// CHECK: util.global @retyped : tensor<4xf32> = dense<4> : tensor<4xi32>
util.global @retyped : tensor<4xf32> = dense<4> : tensor<4xi32>
// CHECK: util.global private @same = dense<4> : tensor<4xi32>
util.global private @same : tensor<4xi32> = dense<4> : tensor<4xi32>
// CHECK: util.global private @late : tensor<4xf32>
util.global private @late : tensor<4xf32>

// CHECK: util.initializer {
// CHECK-NEXT: %[[C:.+]] = arith.constant dense<2.000000e+00> : tensor<4xf32>
// CHECK-NEXT: util.global.store %[[C]], @late : tensor<4xf32>
// CHECK-NEXT: util.return
// CHECK-NEXT: }
util.initializer {
  %c = arith.constant dense<2.0> : tensor<4xf32>
  util.global.store %c, @late : tensor<4xf32>
  util.return
}
// CHECK: util.initializer attributes {tag} {
util.initializer attributes {tag} {
  util.return
}

// CHECK-LABEL: util.func public @main
util.func public @main() -> tensor<256x1024xf32> {
  // CHECK: %[[W:.+]] = util.global.load @w1 : tensor<256x1024xf32>
  %w = util.global.load @w1 : tensor<256x1024xf32>
  // CHECK: util.global.load immutable @late : tensor<4xf32>
  %l = util.global.load immutable @late : tensor<4xf32>
  // CHECK: %[[N:.+]] = util.global.load @count : i32
  %n = util.global.load @count : i32
  %m = arith.addi %n, %n : i32
  // CHECK: util.global.store %{{.+}}, @count : i32
  util.global.store %m, @count : i32
  // CHECK: util.return %[[W]] : tensor<256x1024xf32>
  util.return %w : tensor<256x1024xf32>
}
