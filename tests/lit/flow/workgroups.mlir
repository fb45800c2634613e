// flow.dispatch.workgroups as IREE 3.13's dispatch creation prints it (bindings, tied results, the
// count region), flow.tensor.splat / reshape, and the dispatch tensor load / store: custom and
// generic forms read back the same.
// RUN: meshc compile %s -p "" | filecheck %s
// RUN: meshc compile %s -p "" | meshc compile - -p "" | filecheck %s
// RUN: meshc compile %s -p "" --generic | meshc compile - -p "" | filecheck %s

// CHECK-LABEL: util.func public @pad_then_scale
util.func @pad_then_scale(%x: tensor<3x5xf32>, %s: f32) -> tensor<20xf32> {
  %zero = arith.constant 0.0 : f32
  // CHECK: %[[P:.+]] = flow.tensor.splat %{{.+}} : tensor<4x5xf32>
  %pad = flow.tensor.splat %zero : tensor<4x5xf32>
  // CHECK: %[[W:.+]] = flow.dispatch.workgroups(%{{.+}}, %[[P]]) : (tensor<3x5xf32>, tensor<4x5xf32>) -> %[[P]] =
  // CHECK-NEXT: (%[[A:.+]]: !iree_tensor_ext.dispatch.tensor<readonly:tensor<3x5xf32>>, %[[B:.+]]: !iree_tensor_ext.dispatch.tensor<readwrite:tensor<4x5xf32>>) {
  // CHECK-NEXT: %[[L:.+]] = iree_tensor_ext.dispatch.tensor.load %[[A]], offsets = [0, 0], sizes = [3, 5], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<3x5xf32>> -> tensor<3x5xf32>
  // CHECK-NEXT: iree_tensor_ext.dispatch.tensor.store %[[L]], %[[B]], offsets = [1, 0], sizes = [3, 5], strides = [1, 1] : tensor<3x5xf32> -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<4x5xf32>>
  // CHECK-NEXT: flow.return
  // CHECK-NEXT: } count() -> (index, index, index) {
  // CHECK-NEXT: %[[X:.+]], %[[Y:.+]], %[[Z:.+]] = iree_tensor_ext.dispatch.workgroup_count_from_slice()
  // CHECK-NEXT: flow.return %[[X]], %[[Y]], %[[Z]] : index, index, index
  %w = flow.dispatch.workgroups(%x, %pad) : (tensor<3x5xf32>, tensor<4x5xf32>) -> %pad =
      (%a: !iree_tensor_ext.dispatch.tensor<readonly:tensor<3x5xf32>>, %b: !iree_tensor_ext.dispatch.tensor<readwrite:tensor<4x5xf32>>) {
    %l = iree_tensor_ext.dispatch.tensor.load %a, offsets = [0, 0], sizes = [3, 5], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<3x5xf32>> -> tensor<3x5xf32>
    iree_tensor_ext.dispatch.tensor.store %l, %b, offsets = [1, 0], sizes = [3, 5], strides = [1, 1] : tensor<3x5xf32> -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<4x5xf32>>
    flow.return
  } count() -> (index, index, index) {
    %x0, %y0, %z0 = iree_tensor_ext.dispatch.workgroup_count_from_slice()
    flow.return %x0, %y0, %z0 : index, index, index
  }
  // CHECK: %[[V:.+]] = flow.dispatch.workgroups(%[[W]], %{{.+}}) : (tensor<4x5xf32>, f32) -> tensor<4x5xf32> =
  // CHECK-NEXT: (%{{.+}}: !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x5xf32>>, %{{.+}}: f32, %{{.+}}: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4x5xf32>>) {
  %v = flow.dispatch.workgroups(%w, %s) : (tensor<4x5xf32>, f32) -> tensor<4x5xf32> =
      (%a: !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x5xf32>>, %k: f32, %o: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4x5xf32>>) {
    %l = iree_tensor_ext.dispatch.tensor.load %a, offsets = [0, 0], sizes = [4, 5], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x5xf32>> -> tensor<4x5xf32>
    %e = tensor.empty() : tensor<4x5xf32>
    %m = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%l : tensor<4x5xf32>) outs(%e : tensor<4x5xf32>) {
    ^bb0(%in: f32, %out: f32):
      %p = arith.mulf %in, %k : f32
      linalg.yield %p : f32
    } -> tensor<4x5xf32>
    iree_tensor_ext.dispatch.tensor.store %m, %o, offsets = [0, 0], sizes = [4, 5], strides = [1, 1] : tensor<4x5xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4x5xf32>>
    flow.return
  }
  // CHECK: flow.tensor.reshape %[[V]] : tensor<4x5xf32> -> tensor<20xf32>
  %r = flow.tensor.reshape %v : tensor<4x5xf32> -> tensor<20xf32>
  util.return %r : tensor<20xf32>
}

// The spelling of IREE before 3.4 (!flow.dispatch.tensor, flow.dispatch.tensor.load / store) reads as
// the same ops.
// CHECK-LABEL: util.func public @old_spelling
// CHECK: %[[L2:.+]] = iree_tensor_ext.dispatch.tensor.load %{{.+}}, offsets = [0, 1], sizes = [2, 1], strides = [1, 1] : !flow.dispatch.tensor<readonly:tensor<2x3xf32>> -> tensor<2xf32>
// CHECK: iree_tensor_ext.dispatch.tensor.store %[[L2]], %{{.+}}, offsets = [0], sizes = [2], strides = [1] : tensor<2xf32> -> !flow.dispatch.tensor<writeonly:tensor<2xf32>>
util.func @old_spelling(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  %w = flow.dispatch.workgroups(%x) : (tensor<2x3xf32>) -> tensor<2xf32> =
      (%a: !flow.dispatch.tensor<readonly:tensor<2x3xf32>>, %o: !flow.dispatch.tensor<writeonly:tensor<2xf32>>) {
    %l = flow.dispatch.tensor.load %a, offsets = [0, 1], sizes = [2, 1], strides = [1, 1] : !flow.dispatch.tensor<readonly:tensor<2x3xf32>> -> tensor<2xf32>
    flow.dispatch.tensor.store %l, %o, offsets = [0], sizes = [2], strides = [1] : tensor<2xf32> -> !flow.dispatch.tensor<writeonly:tensor<2xf32>>
    flow.return
  }
  util.return %w : tensor<2xf32>
}
