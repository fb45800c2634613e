// mlir-opt's local-view lowerings of the mesh test passes, with meshc-opt.
// RUN: meshc-opt --split-input-file --test-mesh-all-slice-op-lowering --test-mesh-simplifications --cse %s | FileCheck %s
// RUN: meshc-opt --split-input-file --test-grid-all-slice-op-lowering --test-grid-simplifications --cse %s | FileCheck %s
// RUN: meshc-opt --split-input-file --test-mesh-process-multi-index-op-lowering %s | FileCheck %s --check-prefix=MI
// RUN: meshc-opt --split-input-file --test-grid-process-multi-index-op-lowering %s | FileCheck %s --check-prefix=MI
// RUN: meshc-opt --split-input-file --test-mesh-resharding-spmdization %s | FileCheck %s --check-prefix=RESHARD

mesh.mesh @line(shape = ?)

// CHECK-LABEL: func.func @dynamic_dim_dynamic_mesh(
// CHECK-SAME:    %[[X:.*]]: tensor<?x3xf16>
func.func @dynamic_dim_dynamic_mesh(%x: tensor<?x3xf16>) -> tensor<?x3xf16> {
  // CHECK-DAG:   %[[C0:.*]] = arith.constant 0 : index
  // CHECK-DAG:   %[[I:.*]] = mesh.process_multi_index on @line axes = [0] : index
  // CHECK-DAG:   %[[K:.*]] = mesh.mesh_shape @line axes = [0] : index
  // CHECK:       %[[N:.*]] = tensor.dim %[[X]], %[[C0]] : tensor<?x3xf16>
  // CHECK:       %[[R:.*]] = arith.remui %[[N]], %[[K]] : index
  // CHECK:       %[[OK:.*]] = arith.cmpi eq, %[[R]], %[[C0]] : index
  // CHECK:       cf.assert %[[OK]], "dim 0 of the all_slice operand is not divisible by the device group size"
  // CHECK:       %[[S:.*]] = arith.divui %[[N]], %[[K]] : index
  // CHECK:       %[[OFF:.*]] = arith.muli %[[I]], %[[S]] : index
  // CHECK:       %[[Y:.*]] = tensor.extract_slice %[[X]][%[[OFF]], 0] [%[[S]], 3] [1, 1] : tensor<?x3xf16> to tensor<?x3xf16>
  // CHECK:       return %[[Y]] : tensor<?x3xf16>
  %0 = mesh.all_slice %x on @line mesh_axes = [0] slice_axis = 0 : tensor<?x3xf16> -> tensor<?x3xf16>
  return %0 : tensor<?x3xf16>
}

// -----

mesh.mesh @m(shape = 2x3)

// Static sizes fold while the lowering builds them; the group [1, 0] is 3 x 2 devices.
// CHECK-LABEL: func.func @static(
// CHECK-SAME:    %[[X:.*]]: tensor<4x12xf32>
func.func @static(%x: tensor<4x12xf32>) -> tensor<4x2xf32> {
  // CHECK-NOT:   cf.assert
  // CHECK:       %[[I:.*]]:2 = mesh.process_multi_index on @m axes = [1, 0] : index, index
  // CHECK:       %[[L:.*]] = arith.muli %[[I]]#0, %{{.*}} : index
  // CHECK:       %[[G:.*]] = arith.addi %[[L]], %[[I]]#1 : index
  // CHECK:       %[[OFF:.*]] = arith.muli %[[G]], %{{.*}} : index
  // CHECK:       %[[Y:.*]] = tensor.extract_slice %[[X]][0, %[[OFF]]] [4, 2] [1, 1] : tensor<4x12xf32> to tensor<4x2xf32>
  // CHECK:       return %[[Y]]
  %0 = mesh.all_slice %x on @m mesh_axes = [1, 0] slice_axis = 1 : tensor<4x12xf32> -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

mesh.mesh @g(shape = ?x4x?)

// MI-LABEL: func.func @multi_index(
func.func @multi_index() -> (index, index) {
  // MI-NEXT:  %[[L:.*]] = mesh.process_linear_index on @g : index
  // MI-NEXT:  %[[S:.*]]:3 = mesh.mesh_shape @g : index, index, index
  // MI-NEXT:  %[[D:.*]]:3 = affine.delinearize_index %[[L]] into (%[[S]]#0, %[[S]]#1, %[[S]]#2) : index, index, index
  // MI-NEXT:  return %[[D]]#2, %[[D]]#0 : index, index
  %0:2 = mesh.process_multi_index on @g axes = [2, 0] : index, index
  return %0#0, %0#1 : index, index
}

// -----

mesh.mesh @r(shape = 2x2)

// RESHARD-LABEL: func.func @reshard(
func.func @reshard(%a: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // the local all_slice of the columns goes first, so the all_gather of the rows moves half as much;
  // per device (LLVM 20's form): the slice is an extract_slice at the device's column offset
  // RESHARD:       %[[ROWS:.*]] = builtin.unrealized_conversion_cast %{{.*}} : tensor<8x16xf32> to tensor<4x16xf32>
  // RESHARD:       %[[J:.*]] = mesh.process_multi_index on @r axes = [1] : index
  // RESHARD:       %[[COLS:.*]] = tensor.extract_slice %[[ROWS]][0, %{{.*}}] [4, 8] [1, 1] : tensor<4x16xf32> to tensor<4x8xf32>
  // RESHARD:       %[[G:.*]] = mesh.all_gather %[[COLS]] on @r mesh_axes = [0] gather_axis = 0 : tensor<4x8xf32> -> tensor<8x8xf32>
  // RESHARD:       %[[OUT:.*]] = builtin.unrealized_conversion_cast %[[G]] : tensor<8x8xf32> to tensor<8x16xf32>
  // RESHARD-NEXT:  return %[[OUT]] : tensor<8x16xf32>
  %0 = mesh.shard %a to <@r, [[0]]> : tensor<8x16xf32>
  %1 = mesh.shard %0 to <@r, [[], [1]]> annotate_for_users : tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}
