// specialize-shapes: the entry's dynamic dims take the given sizes; tensor.dim, tensor.cast and the
// index arithmetic fold (the one constant folder), and each op's result type follows by its own
// static type inference (tensor.empty, linalg, extract_slice, collapse_shape, elementwise).
// RUN: meshc compile %s -p "specialize-shapes{arg-shapes=x=10x8}" | filecheck %s
// RUN: meshc compile %s -p "specialize-shapes{arg-shapes=0=10x8},canonicalize" | filecheck %s --check-prefix=CANON
// RUN: not meshc compile %s -p "specialize-shapes{arg-shapes=x=12x8}" 2>&1 | filecheck %s --check-prefix=CAST
// RUN: not meshc compile %s -p "specialize-shapes{arg-shapes=x=10}" 2>&1 | filecheck %s --check-prefix=RANK
// RUN: not meshc compile %s -p "specialize-shapes{arg-shapes=y=10x8}" 2>&1 | filecheck %s --check-prefix=NAME

// CHECK-LABEL: func.func @main(%x: tensor<10x8xf32>, %n: index) -> (tensor<10x8xf32>, tensor<80xf32>, tensor<5x4xf32>, tensor<10x8xf32>)
// CHECK-NOT:   tensor.dim
// CHECK:       arith.constant 5 : index
// CHECK:       %e = tensor.empty() : tensor<10x8xf32>
// CHECK:       } -> tensor<10x8xf32>
// CHECK:       %s = tensor.extract_slice %y[1, 0] [5, 4] [1, 1] : tensor<10x8xf32> to tensor<5x4xf32>
// CHECK:       %f = tensor.collapse_shape %y {{\[}}[0, 1]] : tensor<10x8xf32> into tensor<80xf32>
// CHECK:       %z = arith.negf %y : tensor<10x8xf32>
// CHECK-NOT:   tensor.cast
// a size that is no constant stays dynamic
// CHECK:       tensor.extract_slice %x[0, 0] [%n, 2] [1, 1] : tensor<10x8xf32> to tensor<?x2xf32>
// CHECK:       return %y, %f, %s, %z : tensor<10x8xf32>, tensor<80xf32>, tensor<5x4xf32>, tensor<10x8xf32>

// CANON-NOT:   arith.constant
// CANON-NOT:   tensor.dim
// CANON:       return %y, %f, %s, %z

// CAST: specialize-shapes.mlir:[[# @LINE + 22]]:8: error: 'tensor.cast' op casts dim 0 of size 12 to size 10 ('tensor<12x8xf32>' to 'tensor<10x8xf32>')
// RANK: error: input for argument #0 (%x) has shape [10], which contradicts its type 'tensor<?x?xf32>'
// NAME: error: specialize-shapes: '@main' has no argument '%y' (arguments: %x, %n)

#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @main(%x: tensor<?x?xf32>, %n: index) -> (tensor<?x8xf32>, tensor<?xf32>, tensor<?x4xf32>, tensor<10x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %d0 = tensor.dim %x, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %x, %c1 : tensor<?x?xf32>
  %h = arith.divui %d0, %c2 : index
  %e = tensor.empty(%d0) : tensor<?x8xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<?x?xf32>) outs(%e : tensor<?x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %t = arith.addf %in, %in : f32
    linalg.yield %t : f32
  } -> tensor<?x8xf32>
  %s = tensor.extract_slice %y[%c1, 0] [%h, 4] [1, 1] : tensor<?x8xf32> to tensor<?x4xf32>
  %f = tensor.collapse_shape %y [[0, 1]] : tensor<?x8xf32> into tensor<?xf32>
  %z = arith.negf %y : tensor<?x8xf32>
  %c = tensor.cast %z : tensor<?x8xf32> to tensor<10x8xf32>
  %w = tensor.extract_slice %x[0, 0] [%n, 2] [1, 1] : tensor<?x?xf32> to tensor<?x2xf32>
  return %y, %f, %s, %c : tensor<?x8xf32>, tensor<?xf32>, tensor<?x4xf32>, tensor<10x8xf32>
}
