// mlir-opt's test-{mesh,grid}-simplifications and shard-simplify: the mesh-simplify pass.
// RUN: meshc-opt -test-mesh-simplifications %s | FileCheck %s
// RUN: meshc-opt -test-grid-simplifications %s | FileCheck %s
// RUN: meshc-opt --shard-simplify %s | FileCheck %s
// RUN: meshc-opt -test-mesh-folding %s | FileCheck %s
// RUN: meshc-opt --pass-pipeline="builtin.module(mesh-simplify)" %s | FileCheck %s

mesh.mesh @m(shape = 4x2)
mesh.mesh @n(shape = 4)

// CHECK-LABEL: func.func @sum_of_all_reduces(
// CHECK-SAME:    %[[X:[A-Za-z0-9_]*]]: tensor<6xf32>, %[[Y:[A-Za-z0-9_]*]]: tensor<6xf32>
func.func @sum_of_all_reduces(%x: tensor<6xf32>, %y: tensor<6xf32>) -> (tensor<6xf32>, tensor<6xf32>) {
  // CHECK-NEXT: %[[S:.*]] = arith.addf %[[X]], %[[Y]] : tensor<6xf32>
  // CHECK-NEXT: %[[R:.*]] = mesh.all_reduce %[[S]] on @m mesh_axes = [1] : tensor<6xf32> -> tensor<6xf32>
  // CHECK-NEXT: return %[[R]], %[[R]]
  %0 = mesh.all_reduce %x on @m mesh_axes = [1] : tensor<6xf32> -> tensor<6xf32>
  %1 = mesh.all_reduce %y on @m mesh_axes = [1] : tensor<6xf32> -> tensor<6xf32>
  %2 = arith.addf %0, %1 : tensor<6xf32>
  return %2, %2 : tensor<6xf32>, tensor<6xf32>
}

// CHECK-LABEL: func.func @max_of_all_reduces(
// CHECK-SAME:    %[[X:[A-Za-z0-9_]*]]: tensor<3xi64>, %[[Y:[A-Za-z0-9_]*]]: tensor<3xi64>
func.func @max_of_all_reduces(%x: tensor<3xi64>, %y: tensor<3xi64>) -> tensor<3xi64> {
  // CHECK-NEXT: %[[M:.*]] = arith.maxui %[[X]], %[[Y]] : tensor<3xi64>
  // CHECK-NEXT: mesh.all_reduce %[[M]] on @m mesh_axes = [0, 1] reduction = max
  %0 = mesh.all_reduce %x on @m mesh_axes = [0, 1] reduction = max : tensor<3xi64> -> tensor<3xi64>
  %1 = mesh.all_reduce %y on @m mesh_axes = [0, 1] reduction = max : tensor<3xi64> -> tensor<3xi64>
  %2 = arith.maxui %0, %1 : tensor<3xi64>
  return %2 : tensor<3xi64>
}

// Not simplified: another use of an all-reduce, another mesh, other axes, a combiner of another
// kind, a changed element type.
// CHECK-LABEL: func.func @kept(
func.func @kept(%x: tensor<6xf32>, %y: tensor<6xf32>, %z: tensor<6xf16>) -> (tensor<6xf32>, tensor<6xf32>,
    tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>) {
  // CHECK-COUNT-2: mesh.all_reduce
  // CHECK: arith.addf
  %0 = mesh.all_reduce %x on @m mesh_axes = [0] : tensor<6xf32> -> tensor<6xf32>
  %1 = mesh.all_reduce %y on @m mesh_axes = [0] : tensor<6xf32> -> tensor<6xf32>
  %2 = arith.addf %0, %1 : tensor<6xf32>
  // CHECK-COUNT-2: mesh.all_reduce
  // CHECK: arith.addf
  %3 = mesh.all_reduce %x on @m mesh_axes = [0] : tensor<6xf32> -> tensor<6xf32>
  %4 = mesh.all_reduce %y on @n mesh_axes = [0] : tensor<6xf32> -> tensor<6xf32>
  %5 = arith.addf %3, %4 : tensor<6xf32>
  // CHECK-COUNT-2: mesh.all_reduce
  // CHECK: arith.addf
  %6 = mesh.all_reduce %x on @m mesh_axes = [0] : tensor<6xf32> -> tensor<6xf32>
  %7 = mesh.all_reduce %y on @m mesh_axes = [1] : tensor<6xf32> -> tensor<6xf32>
  %8 = arith.addf %6, %7 : tensor<6xf32>
  // CHECK-COUNT-2: mesh.all_reduce
  // CHECK: arith.maximumf
  %9 = mesh.all_reduce %x on @m mesh_axes = [0] : tensor<6xf32> -> tensor<6xf32>
  %10 = mesh.all_reduce %y on @m mesh_axes = [0] : tensor<6xf32> -> tensor<6xf32>
  %11 = arith.maximumf %9, %10 : tensor<6xf32>
  // CHECK-COUNT-2: mesh.all_reduce
  // CHECK: arith.addf
  %12 = mesh.all_reduce %z on @m mesh_axes = [0] : tensor<6xf16> -> tensor<6xf32>
  %13 = mesh.all_reduce %z on @m mesh_axes = [0] : tensor<6xf16> -> tensor<6xf32>
  %14 = arith.addf %12, %13 : tensor<6xf32>
  return %0, %2, %5, %8, %11, %14 : tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>,
                                    tensor<6xf32>
}

// CHECK-LABEL: func.func @gather_then_slice(
// CHECK-SAME:    %[[X:.*]]: tensor<4x6xf32>
func.func @gather_then_slice(%x: tensor<4x6xf32>) -> (tensor<4x6xf32>, tensor<4x6xf32>, tensor<2x12xf32>) {
  %0 = mesh.all_gather %x on @m mesh_axes = [1] gather_axis = 1 : tensor<4x6xf32> -> tensor<4x12xf32>
  %1 = mesh.all_slice %0 on @m mesh_axes = [1] slice_axis = 1 : tensor<4x12xf32> -> tensor<4x6xf32>
  %2 = mesh.all_slice %x on @m mesh_axes = [0] slice_axis = 0 : tensor<4x6xf32> -> tensor<1x6xf32>
  %3 = mesh.all_gather %2 on @m mesh_axes = [0] gather_axis = 0 : tensor<1x6xf32> -> tensor<4x6xf32>
  // CHECK: %[[G:.*]] = mesh.all_gather %[[X]] on @m mesh_axes = [1] gather_axis = 1
  // CHECK: %[[S:.*]] = mesh.all_slice %[[G]] on @m mesh_axes = [1] slice_axis = 0
  %4 = mesh.all_slice %0 on @m mesh_axes = [1] slice_axis = 0 : tensor<4x12xf32> -> tensor<2x12xf32>
  // CHECK: return %[[X]], %[[X]], %[[S]]
  return %1, %3, %4 : tensor<4x6xf32>, tensor<4x6xf32>, tensor<2x12xf32>
}

// CHECK-LABEL: func.func @all_reduce_then_slice(
// CHECK-SAME:    %[[X:.*]]: tensor<4x8xf32>
func.func @all_reduce_then_slice(%x: tensor<4x8xf32>) -> (tensor<4x4xf32>, tensor<1x8xf32>) {
  // CHECK: %[[RS:.*]] = mesh.reduce_scatter %[[X]] on @m mesh_axes = [1] reduction = min scatter_axis = 1 : tensor<4x8xf32> -> tensor<4x4xf32>
  %0 = mesh.all_reduce %x on @m mesh_axes = [1] reduction = min : tensor<4x8xf32> -> tensor<4x8xf32>
  %1 = mesh.all_slice %0 on @m mesh_axes = [1] slice_axis = 1 : tensor<4x8xf32> -> tensor<4x4xf32>
  // CHECK: %[[AR:.*]] = mesh.all_reduce %[[X]] on @m mesh_axes = [0]
  // CHECK: %[[AS:.*]] = mesh.all_slice %[[AR]] on @n mesh_axes = [0]
  %2 = mesh.all_reduce %x on @m mesh_axes = [0] : tensor<4x8xf32> -> tensor<4x8xf32>
  %3 = mesh.all_slice %2 on @n mesh_axes = [0] slice_axis = 0 : tensor<4x8xf32> -> tensor<1x8xf32>
  // CHECK: return %[[RS]], %[[AS]]
  return %1, %3 : tensor<4x4xf32>, tensor<1x8xf32>
}

// CHECK-LABEL: func.func @static_mesh_shape(
func.func @static_mesh_shape() -> (index, index) {
  // CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
  // CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
  // CHECK: return %[[C2]], %[[C4]]
  %0:2 = mesh.mesh_shape @m axes = [1, 0] : index, index
  return %0#0, %0#1 : index, index
}
