// RUN: meshc compile %s -p "" | filecheck %s
// RUN: meshc compile %s -p "" | meshc compile - -p "" | filecheck %s
// RUN: meshc compile %s -p "" --generic | meshc compile - -p "" | filecheck %s

// math ops parse and print by their assembly formats (meshc/dialects/math.py).

// CHECK-LABEL: func.func @unary
func.func @unary(%a: f32, %t: tensor<2x3xf32>) -> (f32, tensor<2x3xf32>) {
  // CHECK: %[[E:.+]] = math.exp %{{.+}} : f32
  %e = math.exp %a : f32
  // CHECK: math.log1p %[[E]] fastmath<fast> : f32
  %l = math.log1p %e fastmath<fast> : f32
  // CHECK: math.tanh %{{.+}} : tensor<2x3xf32>
  %h = math.tanh %t : tensor<2x3xf32>
  // CHECK: math.rsqrt %{{.+}} {tag} : tensor<2x3xf32>
  %r = math.rsqrt %h {tag} : tensor<2x3xf32>
  return %l, %r : f32, tensor<2x3xf32>
}

// CHECK-LABEL: func.func @binary_ternary
func.func @binary_ternary(%a: f32, %b: f32) -> (f32, f32) {
  // CHECK: math.powf %{{.+}}, %{{.+}} : f32
  %p = math.powf %a, %b : f32
  // CHECK: math.fma %{{.+}}, %{{.+}}, %{{.+}} : f32
  %f = math.fma %a, %b, %p : f32
  return %p, %f : f32, f32
}

// CHECK-LABEL: func.func @integers_and_tests
func.func @integers_and_tests(%i: i32, %a: f32, %t: tensor<4xf64>) -> (i32, i1, tensor<4xi1>) {
  // CHECK: math.absi %{{.+}} : i32
  %x = math.absi %i : i32
  // CHECK: math.isnan %{{.+}} : f32
  %n = math.isnan %a : f32
  // CHECK: math.isfinite %{{.+}} : tensor<4xf64>
  %f = math.isfinite %t : tensor<4xf64>
  return %x, %n, %f : i32, i1, tensor<4xi1>
}
