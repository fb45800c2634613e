// flow.tensor.load / store of one element between the dispatches, and a dispatch that takes an index
// operand as its workload and names it through iree_tensor_ext.dispatch.workload.ordinal, as IREE
// 3.13's dispatch creation prints a loop of dispatches (lax.scan, lax.fori_loop): custom and generic
// forms read back the same.
// RUN: meshc compile %s -p "" | filecheck %s
// RUN: meshc compile %s -p "" | meshc compile - -p "" | filecheck %s
// RUN: meshc compile %s -p "" --generic | meshc compile - -p "" | filecheck %s

// CHECK-LABEL: util.func public @elements
// CHECK: %[[B:.+]] = flow.tensor.load %{{.+}} : tensor<i1>
// CHECK: %[[E:.+]] = flow.tensor.load %{{.+}}[%{{.+}}, %{{.+}}] : tensor<3x4xf32>
// CHECK: %[[S:.+]] = flow.tensor.store %[[E]], %{{.+}}[%{{.+}}] : tensor<5xf32>
// CHECK: %[[Z:.+]] = flow.tensor.store %{{.+}}, %{{.+}} : tensor<i32> attributes {tag = 1}
util.func @elements(%c: tensor<i1>, %m: tensor<3x4xf32>, %v: tensor<5xf32>, %s: tensor<i32>, %i: index, %j: index) -> (i1, tensor<5xf32>, tensor<i32>) {
  %b = flow.tensor.load %c : tensor<i1>
  %e = flow.tensor.load %m[%i, %j] : tensor<3x4xf32>
  %w = flow.tensor.store %e, %v[%j] : tensor<5xf32>
  %k = arith.constant 7 : i32
  %z = flow.tensor.store %k, %s : tensor<i32> attributes {tag = 1}
  util.return %b, %w, %z : i1, tensor<5xf32>, tensor<i32>
}

// CHECK-LABEL: util.func public @layer_of_a_stack
// CHECK: flow.dispatch.workgroups[%[[N:.+]]](%{{.+}}, %[[N]]) : (tensor<3x4xf32>, index) -> tensor<4xf32> =
// CHECK-NEXT: (%[[A:.+]]: !iree_tensor_ext.dispatch.tensor<readonly:tensor<3x4xf32>>, %[[I:.+]]: index, %{{.+}}: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xf32>>) {
// CHECK-NEXT: %[[O:.+]] = iree_tensor_ext.dispatch.workload.ordinal %[[I]], 0 : index
// CHECK-NEXT: iree_tensor_ext.dispatch.tensor.load %[[A]], offsets = [%[[O]], 0], sizes = [1, 4], strides = [1, 1]
// CHECK: } count(%[[W:.+]]: index) -> (index, index, index) {
// CHECK-NEXT: iree_tensor_ext.dispatch.workgroup_count_from_slice(%[[W]])
util.func @layer_of_a_stack(%stack: tensor<3x4xf32>, %n: index) -> tensor<4xf32> {
  %r = flow.dispatch.workgroups[%n](%stack, %n) : (tensor<3x4xf32>, index) -> tensor<4xf32> =
      (%a: !iree_tensor_ext.dispatch.tensor<readonly:tensor<3x4xf32>>, %i: index, %o: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xf32>>) {
    %k = iree_tensor_ext.dispatch.workload.ordinal %i, 0 : index
    %l = iree_tensor_ext.dispatch.tensor.load %a, offsets = [%k, 0], sizes = [1, 4], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<3x4xf32>> -> tensor<4xf32>
    iree_tensor_ext.dispatch.tensor.store %l, %o, offsets = [0], sizes = [4], strides = [1] : tensor<4xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xf32>>
    flow.return
  } count(%w: index) -> (index, index, index) {
    %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%w)
    flow.return %x, %y, %z : index, index, index
  }
  util.return %r : tensor<4xf32>
}

// IREE's spelling before 3.4 reads as the same op.
// CHECK-LABEL: util.func public @old_spelling
// CHECK: iree_tensor_ext.dispatch.workload.ordinal %{{.+}}, 2 : index
util.func @old_spelling(%n: index) -> index {
  %k = flow.dispatch.workload.ordinal %n, 2 : index
  util.return %k : index
}
