// RUN: meshc compile %s -p "" | filecheck %s
// RUN: meshc compile %s -p "" | meshc compile - -p "" | filecheck %s
// RUN: meshc compile %s -p "" --generic | meshc compile - -p "" | filecheck %s

// func.func, func.call and func.return in mlir-opt's custom form.

// CHECK-LABEL: func.func private @decl(f32, tensor<4xf32> {mesh.x = 1}) -> f32
func.func private @decl(f32, tensor<4xf32> {mesh.x = 1}) -> f32

// CHECK-LABEL: func.func @two_results(%{{.+}}: f32) -> (f32, f32) attributes {tag}
func.func @two_results(%a: f32) -> (f32, f32) attributes {tag} {
  // CHECK: return %{{.+}}, %{{.+}} : f32, f32
  return %a, %a : f32, f32
}

// CHECK-LABEL: func.func @calls
func.func @calls(%a: f32, %t: tensor<4xf32>) -> f32 {
  // CHECK: %[[R:.+]] = func.call @decl(%{{.+}}, %{{.+}}) : (f32, tensor<4xf32>) -> f32
  %r = func.call @decl(%a, %t) : (f32, tensor<4xf32>) -> f32
  // CHECK: %{{.+}}:2 = func.call @two_results(%[[R]]) : (f32) -> (f32, f32)
  %p:2 = func.call @two_results(%r) : (f32) -> (f32, f32)
  // CHECK: return %{{.+}}#1 : f32
  return %p#1 : f32
}

// CHECK-LABEL: func.func @no_results()
func.func @no_results() {
  // CHECK-NEXT: return
  return
}

// CHECK-LABEL: func.func @result_attrs(%{{.+}}: f32 {a}) -> (f32 {b})
func.func @result_attrs(%a: f32 {a}) -> (f32 {b}) {
  return %a : f32
}

// The generic form with properties reaches the same verifier.
// CHECK-LABEL: func.func private @from_properties(i32)
"func.func"() <{sym_name = "from_properties", function_type = (i32) -> (), sym_visibility = "private"}> ({
}) : () -> ()
