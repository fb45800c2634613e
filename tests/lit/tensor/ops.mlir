// RUN: meshc compile %s -p "" | filecheck %s
// RUN: meshc compile %s -p "" | meshc compile - -p "" | filecheck %s
// RUN: meshc compile %s -p "" --generic | meshc compile - -p "" | filecheck %s

// Every tensor op in mlir-opt 19/20's custom form.

// CHECK-LABEL: func.func @create
func.func @create(%d: index, %v: f32) -> (tensor<?x4xf32>, tensor<2xf32>, tensor<?x4xf32>) {
  // CHECK: %[[E:.+]] = tensor.empty(%{{.+}}) : tensor<?x4xf32>
  %e = tensor.empty(%d) : tensor<?x4xf32>
  // CHECK: tensor.from_elements %{{.+}}, %{{.+}} : tensor<2xf32>
  %f = tensor.from_elements %v, %v : tensor<2xf32>
  // CHECK: tensor.splat %{{.+}}[%{{.+}}] : tensor<?x4xf32>
  %s = tensor.splat %v[%d] : tensor<?x4xf32>
  // CHECK: return %[[E]], %{{.+}}, %{{.+}} : tensor<?x4xf32>, tensor<2xf32>, tensor<?x4xf32>
  return %e, %f, %s : tensor<?x4xf32>, tensor<2xf32>, tensor<?x4xf32>
}

// CHECK-LABEL: func.func @slices
func.func @slices(%t: tensor<8x16xf32>, %o: index, %r: tensor<4xf32>) -> tensor<8x16xf32> {
  // Mixed static/dynamic lists; the unit row is dropped (rank reduction).
  // CHECK: %[[S:.+]] = tensor.extract_slice %{{.+}}[%[[O:.+]], 0] [1, 4] [1, 1] : tensor<8x16xf32> to tensor<4xf32>
  %s = tensor.extract_slice %t[%o, 0][1, 4][1, 1] : tensor<8x16xf32> to tensor<4xf32>
  // CHECK: tensor.extract_slice %{{.+}}[0, 0] [%[[O]], 16] [2, 1] : tensor<8x16xf32> to tensor<?x16xf32>
  %d = tensor.extract_slice %t[0, 0] [%o, 16] [2, 1] : tensor<8x16xf32> to tensor<?x16xf32>
  // CHECK: tensor.insert_slice %[[S]] into %{{.+}}[2, %[[O]]] [1, 4] [1, 2] : tensor<4xf32> into tensor<8x16xf32>
  %i = tensor.insert_slice %s into %t[2, %o] [1, 4] [1, 2] : tensor<4xf32> into tensor<8x16xf32>
  return %i : tensor<8x16xf32>
}

// CHECK-LABEL: func.func @reshapes
func.func @reshapes(%x: tensor<4xf32>, %y: tensor<2x?xf32>, %n: index, %z: tensor<2x3x4xf32>) {
  // CHECK: tensor.expand_shape %{{.+}} {{\[\[}}0, 1]] output_shape [2, 2] : tensor<4xf32> into tensor<2x2xf32>
  %a = tensor.expand_shape %x [[0, 1]] output_shape [2, 2] : tensor<4xf32> into tensor<2x2xf32>
  // The form without output_shape (before LLVM 19) prints with it.
  // CHECK: tensor.expand_shape %{{.+}} {{\[\[}}0, 1]] output_shape [4, 1] : tensor<4xf32> into tensor<4x1xf32>
  %b = tensor.expand_shape %x [[0, 1]] : tensor<4xf32> into tensor<4x1xf32>
  // CHECK: tensor.expand_shape %{{.+}} {{\[\[}}0], [1, 2]] output_shape [2, %{{.+}}, 4] : tensor<2x?xf32> into tensor<2x?x4xf32>
  %c = tensor.expand_shape %y [[0], [1, 2]] output_shape [2, %n, 4] : tensor<2x?xf32> into tensor<2x?x4xf32>
  // CHECK: tensor.collapse_shape %{{.+}} {{\[\[}}0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
  %d = tensor.collapse_shape %z [[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
  // CHECK: tensor.cast %{{.+}} : tensor<4xf32> to tensor<?xf32>
  %e = tensor.cast %x : tensor<4xf32> to tensor<?xf32>
  // CHECK: tensor.bitcast %{{.+}} : tensor<4xf32> to tensor<4xi32>
  %f = tensor.bitcast %x : tensor<4xf32> to tensor<4xi32>
  %sh = arith.constant dense<[2, 2]> : tensor<2xindex>
  // CHECK: tensor.reshape %{{.+}}(%{{.+}}) : (tensor<4xf32>, tensor<2xindex>) -> tensor<2x2xf32>
  %g = tensor.reshape %x(%sh) : (tensor<4xf32>, tensor<2xindex>) -> tensor<2x2xf32>
  return
}

// CHECK-LABEL: func.func @pad_concat_access
func.func @pad_concat_access(%t: tensor<8x16xf32>, %c: f32, %i: index) -> f32 {
  // CHECK: tensor.pad %{{.+}} nofold low[1, %{{.+}}] high[2, 3] {
  // CHECK-NEXT: ^bb0(%{{.+}}: index, %{{.+}}: index):
  // CHECK-NEXT: tensor.yield %{{.+}} : f32
  // CHECK-NEXT: } : tensor<8x16xf32> to tensor<11x?xf32>
  %p = tensor.pad %t nofold low[1, %i] high[2, 3] {
  ^bb0(%a: index, %b: index):
    tensor.yield %c : f32
  } : tensor<8x16xf32> to tensor<11x?xf32>
  // CHECK: tensor.concat dim(1) %{{.+}}, %{{.+}} : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x32xf32>
  %cc = tensor.concat dim(1) %t, %t : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x32xf32>
  // CHECK: tensor.dim %{{.+}}, %{{.+}} : tensor<11x?xf32>
  %n = tensor.dim %p, %i : tensor<11x?xf32>
  // CHECK: %[[X:.+]] = tensor.extract %{{.+}}[%{{.+}}, %{{.+}}] : tensor<8x16xf32>
  %x = tensor.extract %t[%i, %n] : tensor<8x16xf32>
  // CHECK: tensor.insert %[[X]] into %{{.+}}[%{{.+}}, %{{.+}}] : tensor<8x16xf32>
  %u = tensor.insert %x into %t[%i, %i] : tensor<8x16xf32>
  // CHECK: tensor.generate %{{.+}} {
  // CHECK-NEXT: ^bb0(%{{.+}}: index, %{{.+}}: index):
  // CHECK: } : tensor<?x4xf32>
  %g = tensor.generate %n {
  ^bb0(%a: index, %b: index):
    tensor.yield %c : f32
  } : tensor<?x4xf32>
  return %x : f32
}
