// RUN: meshc compile %s -p "" | filecheck %s
// RUN: meshc compile %s -p "" | meshc compile - -p "" | filecheck %s
// RUN: meshc compile %s -p "" --generic | meshc compile - -p "" | filecheck %s

// Every arith op family in mlir-opt's custom form; the binary, unary,
// comparison and cast forms are derived from the ops' assembly formats.

// CHECK-LABEL: func.func @constants
func.func @constants() -> (f32, i32, i1, index, tensor<2xf32>) {
  // CHECK: arith.constant 1.500000e+00 : f32
  %f = arith.constant 1.5 : f32
  // CHECK: arith.constant -7 : i32
  %i = arith.constant -7 : i32
  // CHECK: arith.constant true
  %b = arith.constant true
  // CHECK: arith.constant 3 : index
  %x = arith.constant 3 : index
  // CHECK: arith.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
  %t = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  return %f, %i, %b, %x, %t : f32, i32, i1, index, tensor<2xf32>
}

// CHECK-LABEL: func.func @binary
func.func @binary(%a: f32, %b: f32, %i: i32, %t: tensor<4xi64>) -> (f32, i32, tensor<4xi64>) {
  // CHECK: %[[X:.+]] = arith.addf %{{.+}}, %{{.+}} : f32
  %x = arith.addf %a, %b : f32
  // CHECK: arith.mulf %[[X]], %{{.+}} fastmath<fast> : f32
  %y = arith.mulf %x, %b fastmath<fast> : f32
  // CHECK: arith.maximumf %{{.+}}, %{{.+}} {tag = 1} : f32
  %z = arith.maximumf %y, %a {tag = 1} : f32
  // CHECK: arith.negf %{{.+}} : f32
  %n = arith.negf %z : f32
  // CHECK: arith.addi %{{.+}}, %{{.+}} overflow<nsw> : i32
  %j = arith.addi %i, %i overflow<nsw> : i32
  // CHECK: arith.divsi %{{.+}}, %{{.+}} : tensor<4xi64>
  %d = arith.divsi %t, %t : tensor<4xi64>
  return %n, %j, %d : f32, i32, tensor<4xi64>
}

// CHECK-LABEL: func.func @compare_select
func.func @compare_select(%a: f32, %i: i32, %t: tensor<3xf32>) -> (i32, tensor<3xf32>) {
  // CHECK: %[[C:.+]] = arith.cmpi slt, %{{.+}}, %{{.+}} : i32
  %c = arith.cmpi slt, %i, %i : i32
  // CHECK: %[[CT:.+]] = arith.cmpf ogt, %{{.+}}, %{{.+}} : tensor<3xf32>
  %ct = arith.cmpf ogt, %t, %t : tensor<3xf32>
  // CHECK: arith.select %[[C]], %{{.+}}, %{{.+}} : i32
  %s = arith.select %c, %i, %i : i32
  // CHECK: arith.select %[[CT]], %{{.+}}, %{{.+}} : tensor<3xi1>, tensor<3xf32>
  %st = arith.select %ct, %t, %t : tensor<3xi1>, tensor<3xf32>
  return %s, %st : i32, tensor<3xf32>
}

// CHECK-LABEL: func.func @casts
func.func @casts(%h: f16, %i: i32, %x: index) -> (f32, i64, index, f32, i32) {
  // CHECK: arith.extf %{{.+}} : f16 to f32
  %a = arith.extf %h : f16 to f32
  // CHECK: arith.extsi %{{.+}} : i32 to i64
  %b = arith.extsi %i : i32 to i64
  // CHECK: arith.index_cast %{{.+}} : i32 to index
  %c = arith.index_cast %i : i32 to index
  // CHECK: arith.sitofp %{{.+}} : i32 to f32
  %d = arith.sitofp %i : i32 to f32
  // CHECK: arith.bitcast %{{.+}} : f32 to i32
  %e = arith.bitcast %d : f32 to i32
  return %a, %b, %c, %d, %e : f32, i64, index, f32, i32
}

// The generic form, properties included, reaches the same verifier and prints
// the custom form.
// CHECK-LABEL: func.func @generic_forms
func.func @generic_forms(%a: f32) -> (i32, f32) {
  // CHECK: arith.constant 1 : i32
  %c = "arith.constant"() <{value = 1 : i32}> : () -> i32
  // CHECK: arith.subf %{{.+}}, %{{.+}} fastmath<nnan> : f32
  %s = "arith.subf"(%a, %a) <{fastmath = #arith.fastmath<nnan>}> : (f32, f32) -> f32
  // An integer-coded predicate prints by name.
  // CHECK: arith.cmpi slt, %{{.+}}, %{{.+}} : i32
  %p = "arith.cmpi"(%c, %c) {predicate = 2 : i64} : (i32, i32) -> i1
  return %c, %s : i32, f32
}
