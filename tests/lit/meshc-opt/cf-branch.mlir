// cf.br in its custom form: read, verified and printed back, in the custom and generic forms
// (the errors: cf-branch-invalid.mlir).
// RUN: meshc-opt %s | meshc-opt | FileCheck %s
// RUN: meshc-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GEN

// CHECK-LABEL: func.func @jumps(
// CHECK-NEXT:    cf.br ^bb1(%{{.*}}, %{{.*}} : tensor<6xf32>, index)
// CHECK-NEXT:  ^bb1(%[[T:.*]]: tensor<6xf32>, %{{.*}}: index):
// CHECK-NEXT:    cf.br ^bb2
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    return %[[T]]
// GEN:           "cf.br"(%{{.*}}, %{{.*}})[^bb1] : (tensor<6xf32>, index) -> ()
// GEN:           "cf.br"()[^bb2] : () -> ()
func.func @jumps(%x: tensor<6xf32>, %n: index) -> tensor<6xf32> {
  cf.br ^bb1(%x, %n : tensor<6xf32>, index)
^bb1(%t: tensor<6xf32>, %m: index):
  cf.br ^bb2
^bb2:
  return %t : tensor<6xf32>
}
