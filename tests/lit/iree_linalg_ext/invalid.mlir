// RUN: meshc compile %s -p "" --split-input-file --verify-diagnostics

func.func @sort_dim(%x: tensor<4x6xf32>) {
  // expected-error @+1 {{'iree_linalg_ext.sort' op dimension must be within (0, 2]}}
  %0 = iree_linalg_ext.sort dimension(2) outs(%x : tensor<4x6xf32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf olt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<4x6xf32>
  return
}

// -----

func.func @sort_yield(%x: tensor<4x6xf32>) {
  // expected-error @+1 {{'iree_linalg_ext.sort' op should yield i1 type}}
  %0 = iree_linalg_ext.sort dimension(0) outs(%x : tensor<4x6xf32>) {
  ^bb0(%a: f32, %b: f32):
    iree_linalg_ext.yield %b : f32
  } -> tensor<4x6xf32>
  return
}

// -----

func.func @sort_args(%x: tensor<4x6xf32>, %y: tensor<4x6xi32>) {
  // expected-error @+1 {{'iree_linalg_ext.sort' op region block should have 4 arguments}}
  %0:2 = iree_linalg_ext.sort dimension(0) outs(%x, %y : tensor<4x6xf32>, tensor<4x6xi32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf olt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<4x6xf32>, tensor<4x6xi32>
  return
}

// -----

func.func @scan_acc(%x: tensor<4x6xf32>, %acc: tensor<6xf32>) {
  // expected-error @+1 {{'iree_linalg_ext.scan' op incompatible input/accumulator shapes}}
  %0:2 = iree_linalg_ext.scan dimension(1) inclusive(true) ins(%x : tensor<4x6xf32>) outs(%x, %acc : tensor<4x6xf32>, tensor<6xf32>) {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    iree_linalg_ext.yield %s : f32
  } -> tensor<4x6xf32>, tensor<6xf32>
  return
}

// -----

func.func @topk_shapes(%x: tensor<4x6xf32>, %v: tensor<4x2xf32>, %i: tensor<4x3xi32>) {
  // expected-error @+1 {{'iree_linalg_ext.topk' op output indices/values shape must match}}
  %0:2 = iree_linalg_ext.topk dimension(1) ins(%x : tensor<4x6xf32>) outs(%v, %i : tensor<4x2xf32>, tensor<4x3xi32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<4x2xf32>, tensor<4x3xi32>
  return
}

// -----

func.func @scatter_slice(%u: tensor<3x5xf32>, %i: tensor<3x1xi32>, %o: tensor<7x4xf32>) {
  // expected-error @+1 {{'iree_linalg_ext.scatter' op shape of update value dim#1 must match original value at dim#1}}
  %0 = iree_linalg_ext.scatter dimension_map = [0] unique_indices(false) ins(%u, %i : tensor<3x5xf32>, tensor<3x1xi32>) outs(%o : tensor<7x4xf32>) {
  ^bb0(%a: f32, %b: f32):
    iree_linalg_ext.yield %a : f32
  } -> tensor<7x4xf32>
  return
}

// -----

func.func @scatter_depth(%u: tensor<3x5xf32>, %i: tensor<3x1xi32>, %o: tensor<7x5xf32>) {
  // expected-error @+1 {{'iree_linalg_ext.scatter' op expected indices to be equal to batch rank or batch rank + 1}}
  %0 = iree_linalg_ext.scatter dimension_map = [0, 1] unique_indices(false) ins(%u, %i : tensor<3x5xf32>, tensor<3x1xi32>) outs(%o : tensor<7x5xf32>) {
  ^bb0(%a: f32, %b: f32):
    iree_linalg_ext.yield %a : f32
  } -> tensor<7x5xf32>
  return
}

// -----

func.func @gather_slice(%s: tensor<7x5xf32>, %i: tensor<3x1xi32>, %o: tensor<3x4xf32>) {
  // expected-error @+1 {{'iree_linalg_ext.gather' op shape of output value dim#1 must match source value at dim#1}}
  %0 = iree_linalg_ext.gather dimension_map = [0] ins(%s, %i : tensor<7x5xf32>, tensor<3x1xi32>) outs(%o : tensor<3x4xf32>) -> tensor<3x4xf32>
  return
}
