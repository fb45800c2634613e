// convert-flow-to-tensor: IREE's dispatch workgroups put back in place as the tensor ops they came from.
// RUN: meshc compile %s -p convert-flow-to-tensor | filecheck %s

mesh.mesh @m(shape = 2)

// IREE's pad (a splat, then the input stored at an offset into it, readwrite and tied) is the insert_slice
// into the splat; a dispatch's whole loads are its operands, its whole store its result; the reshape of
// [2, 6] to [3, 4] goes through [2, 3, 2] (expand, then collapse); a rank-reduced load of a box is its
// extract_slice then a collapse of the unit dim.
// CHECK-LABEL: util.func public @pad_scale_reshape
// CHECK-NOT:     flow.
// CHECK-NOT:     iree_tensor_ext.
// CHECK:         %[[P:.+]] = tensor.splat %{{.+}} : tensor<2x6xf32>
// CHECK:         %[[I:.+]] = tensor.insert_slice %[[X:.+]] into %[[P]][0, 1] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<2x6xf32>
// CHECK:         %[[G:.+]] = linalg.generic {{.+}} ins(%[[I]] : tensor<2x6xf32>)
// CHECK:         %[[E:.+]] = tensor.expand_shape %[[G]] {{\[\[}}0], [1, 2]] output_shape [2, 3, 2] : tensor<2x6xf32> into tensor<2x3x2xf32>
// CHECK:         %[[C:.+]] = tensor.collapse_shape %[[E]] {{\[\[}}0, 1], [2]] : tensor<2x3x2xf32> into tensor<6x2xf32>
// CHECK:         %[[S:.+]] = tensor.extract_slice %[[C]][1, 0] [1, 2] [1, 1] : tensor<6x2xf32> to tensor<1x2xf32>
// CHECK:         %[[R:.+]] = tensor.collapse_shape %[[S]] {{\[\[}}0, 1]] : tensor<1x2xf32> into tensor<2xf32>
// CHECK:         util.return %[[R]] : tensor<2xf32>
util.func @pad_scale_reshape(%x0: tensor<2x4xf32>) -> tensor<2xf32> {
  %x = mesh.shard %x0 to <@m, [[0]]> : tensor<2x4xf32>
  %zero = arith.constant 0.0 : f32
  %pad = flow.tensor.splat %zero : tensor<2x6xf32>
  %w = flow.dispatch.workgroups(%x, %pad) : (tensor<2x4xf32>, tensor<2x6xf32>) -> %pad =
      (%a: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x4xf32>>, %b: !iree_tensor_ext.dispatch.tensor<readwrite:tensor<2x6xf32>>) {
    %l = iree_tensor_ext.dispatch.tensor.load %a, offsets = [0, 0], sizes = [2, 4], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x4xf32>> -> tensor<2x4xf32>
    iree_tensor_ext.dispatch.tensor.store %l, %b, offsets = [0, 1], sizes = [2, 4], strides = [1, 1] : tensor<2x4xf32> -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<2x6xf32>>
    flow.return
  } count() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    flow.return %c1, %c1, %c1 : index, index, index
  }
  %v = flow.dispatch.workgroups(%w) : (tensor<2x6xf32>) -> tensor<2x6xf32> =
      (%a: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x6xf32>>, %o: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x6xf32>>) {
    %l = iree_tensor_ext.dispatch.tensor.load %a, offsets = [0, 0], sizes = [2, 6], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x6xf32>> -> tensor<2x6xf32>
    %e = tensor.empty() : tensor<2x6xf32>
    %m = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%l : tensor<2x6xf32>) outs(%e : tensor<2x6xf32>) {
    ^bb0(%in: f32, %out: f32):
      %p = arith.addf %in, %in : f32
      linalg.yield %p : f32
    } -> tensor<2x6xf32>
    iree_tensor_ext.dispatch.tensor.store %m, %o, offsets = [0, 0], sizes = [2, 6], strides = [1, 1] : tensor<2x6xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x6xf32>>
    flow.return
  }
  %r = flow.tensor.reshape %v : tensor<2x6xf32> -> tensor<6x2xf32>
  %row = flow.dispatch.workgroups(%r) : (tensor<6x2xf32>) -> tensor<2xf32> =
      (%a: !iree_tensor_ext.dispatch.tensor<readonly:tensor<6x2xf32>>, %o: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2xf32>>) {
    %l = iree_tensor_ext.dispatch.tensor.load %a, offsets = [1, 0], sizes = [1, 2], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<6x2xf32>> -> tensor<2xf32>
    iree_tensor_ext.dispatch.tensor.store %l, %o, offsets = [0], sizes = [2], strides = [1] : tensor<2xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2xf32>>
    flow.return
  }
  util.return %row : tensor<2xf32>
}

// A function without shardings keeps its dispatches (they run as they are).
// CHECK-LABEL: util.func public @unsharded
// CHECK:         flow.dispatch.workgroups
util.func @unsharded(%x: tensor<4xf32>) -> tensor<4xf32> {
  %w = flow.dispatch.workgroups(%x) : (tensor<4xf32>) -> tensor<4xf32> =
      (%a: !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>>, %o: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xf32>>) {
    %l = iree_tensor_ext.dispatch.tensor.load %a, offsets = [0], sizes = [4], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>> -> tensor<4xf32>
    iree_tensor_ext.dispatch.tensor.store %l, %o, offsets = [0], sizes = [4], strides = [1] : tensor<4xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xf32>>
    flow.return
  }
  util.return %w : tensor<4xf32>
}
