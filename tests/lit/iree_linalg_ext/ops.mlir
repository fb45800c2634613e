// RUN: meshc compile %s -p "" | filecheck %s
// RUN: meshc compile %s -p "" | meshc compile - -p "" | filecheck %s
// RUN: meshc compile %s -p "" --generic | meshc compile - -p "" | filecheck %s

// iree_linalg_ext ops in iree-opt 3.13's custom form, as JAX programs reach them.

// CHECK-LABEL: func.func @sort_pairs
func.func @sort_pairs(%k: tensor<3x5xf32>, %v: tensor<3x5xi32>) -> (tensor<3x5xf32>, tensor<3x5xi32>) {
  // CHECK: %[[S:.+]]:2 = iree_linalg_ext.sort dimension(1) outs(%{{.+}}, %{{.+}} : tensor<3x5xf32>, tensor<3x5xi32>) {
  // CHECK-NEXT: ^bb0(%[[A:.+]]: f32, %[[B:.+]]: f32, %{{.+}}: i32, %{{.+}}: i32):
  // CHECK-NEXT: %[[C:.+]] = arith.cmpf ogt, %[[A]], %[[B]] : f32
  // CHECK-NEXT: iree_linalg_ext.yield %[[C]] : i1
  // CHECK-NEXT: } -> tensor<3x5xf32>, tensor<3x5xi32>
  %0:2 = iree_linalg_ext.sort dimension(1) outs(%k, %v : tensor<3x5xf32>, tensor<3x5xi32>) {
  ^bb0(%a: f32, %b: f32, %c: i32, %d: i32):
    %gt = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %gt : i1
  } -> tensor<3x5xf32>, tensor<3x5xi32>
  return %0#0, %0#1 : tensor<3x5xf32>, tensor<3x5xi32>
}

// CHECK-LABEL: func.func @scan_and_topk
func.func @scan_and_topk(%x: tensor<3x5xf32>, %acc: tensor<3xf32>, %vi: tensor<3x2xf32>, %ii: tensor<3x2xi32>) -> (tensor<3x5xf32>, tensor<3x2xi32>) {
  // CHECK: iree_linalg_ext.scan dimension(1) inclusive(false) ins(%{{.+}} : tensor<3x5xf32>) outs(%{{.+}}, %{{.+}} : tensor<3x5xf32>, tensor<3xf32>) {
  // CHECK: } -> tensor<3x5xf32>, tensor<3xf32>
  %0:2 = iree_linalg_ext.scan dimension(1) inclusive(false) ins(%x : tensor<3x5xf32>) outs(%x, %acc : tensor<3x5xf32>, tensor<3xf32>) {
  ^bb0(%p: f32, %q: f32):
    %s = arith.mulf %p, %q : f32
    iree_linalg_ext.yield %s : f32
  } -> tensor<3x5xf32>, tensor<3xf32>
  // CHECK: iree_linalg_ext.topk dimension(1) ins(%{{.+}} : tensor<3x5xf32>) outs(%{{.+}}, %{{.+}} : tensor<3x2xf32>, tensor<3x2xi32>) {
  // CHECK: arith.cmpf olt
  %1:2 = iree_linalg_ext.topk dimension(1) ins(%x : tensor<3x5xf32>) outs(%vi, %ii : tensor<3x2xf32>, tensor<3x2xi32>) {
  ^bb0(%p: f32, %q: f32):
    %lt = arith.cmpf olt, %p, %q : f32
    iree_linalg_ext.yield %lt : i1
  } -> tensor<3x2xf32>, tensor<3x2xi32>
  return %0#0, %1#1 : tensor<3x5xf32>, tensor<3x2xi32>
}

// CHECK-LABEL: func.func @scatter_gather
func.func @scatter_gather(%u: tensor<2x5xf32>, %i: tensor<2x1xi32>, %o: tensor<6x5xf32>, %g: tensor<2x5xf32>) -> (tensor<6x5xf32>, tensor<2x5xf32>) {
  // CHECK: iree_linalg_ext.scatter dimension_map = [0] unique_indices(true) ins(%{{.+}}, %{{.+}} : tensor<2x5xf32>, tensor<2x1xi32>) outs(%{{.+}} : tensor<6x5xf32>) {
  // CHECK: } -> tensor<6x5xf32>
  %0 = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true) ins(%u, %i : tensor<2x5xf32>, tensor<2x1xi32>) outs(%o : tensor<6x5xf32>) {
  ^bb0(%new: f32, %old: f32):
    %m = arith.maximumf %new, %old : f32
    iree_linalg_ext.yield %m : f32
  } -> tensor<6x5xf32>
  // CHECK: iree_linalg_ext.gather dimension_map = [0] ins(%{{.+}}, %{{.+}} : tensor<6x5xf32>, tensor<2x1xi32>) outs(%{{.+}} : tensor<2x5xf32>) -> tensor<2x5xf32>
  %1 = iree_linalg_ext.gather dimension_map = [0] ins(%0, %i : tensor<6x5xf32>, tensor<2x1xi32>) outs(%g : tensor<2x5xf32>) -> tensor<2x5xf32>
  return %0, %1 : tensor<6x5xf32>, tensor<2x5xf32>
}

// ONNX's ArgMax through torch-mlir: the best value and its position along a dim.
// CHECK-LABEL: func.func @arg_max
func.func @arg_max(%x: tensor<2x8x16xf32>, %v: tensor<2x8xf32>, %i: tensor<2x8xi32>, %b: index) -> (tensor<2x8xf32>, tensor<2x8xi32>) {
  // CHECK: %{{.+}}:2 = iree_linalg_ext.arg_compare dimension(2) ins(%{{.+}} : tensor<2x8x16xf32>) outs(%{{.+}}, %{{.+}} : tensor<2x8xf32>, tensor<2x8xi32>) index_base(%{{.+}} : index) {
  // CHECK-NEXT: ^bb0(%[[A:.+]]: f32, %[[B:.+]]: f32):
  // CHECK-NEXT: %[[C:.+]] = arith.cmpf ogt, %[[A]], %[[B]] : f32
  // CHECK-NEXT: iree_linalg_ext.yield %[[C]] : i1
  // CHECK-NEXT: } -> tensor<2x8xf32>, tensor<2x8xi32>
  %0:2 = iree_linalg_ext.arg_compare dimension(2) ins(%x : tensor<2x8x16xf32>) outs(%v, %i : tensor<2x8xf32>, tensor<2x8xi32>) index_base(%b : index) {
  ^bb0(%a: f32, %c: f32):
    %gt = arith.cmpf ogt, %a, %c : f32
    iree_linalg_ext.yield %gt : i1
  } -> tensor<2x8xf32>, tensor<2x8xi32>
  return %0#0, %0#1 : tensor<2x8xf32>, tensor<2x8xi32>
}
