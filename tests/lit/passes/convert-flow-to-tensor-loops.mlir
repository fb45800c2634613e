// convert-flow-to-tensor on loops of dispatches, then canonicalize (which folds the workload ordinals).
// RUN: meshc compile %s -p convert-flow-to-tensor,canonicalize | filecheck %s

mesh.mesh @m(shape = 2)

// A loop of dispatches (lax.scan through dispatch creation): the dispatch in the scf.for body is put in
// place there; its index operand (the trip's layer) is its body argument's value, so the load of the
// layer is the extract_slice at that index, and the ordinal of it folds away; flow.tensor.load / store
// are tensor.extract / insert.
// CHECK-LABEL: util.func public @loop_of_dispatches
// CHECK-NOT:     flow.
// CHECK-NOT:     iree_tensor_ext.
// CHECK:         scf.for %[[T:.+]] = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%[[ACC:.+]] = %{{.+}}) -> (tensor<4xf32>) {
// CHECK:           %[[L:.+]] = tensor.extract_slice %{{.+}}[%[[T]], 0] [1, 4] [1, 1] : tensor<3x4xf32> to tensor<1x4xf32>
// CHECK:           %[[R:.+]] = tensor.collapse_shape %[[L]] {{\[\[}}0, 1]] : tensor<1x4xf32> into tensor<4xf32>
// CHECK:           %[[S:.+]] = linalg.generic {{.+}} ins(%[[R]], %[[ACC]] : tensor<4xf32>, tensor<4xf32>)
// CHECK:           scf.yield %[[S]] : tensor<4xf32>
// CHECK:         %[[E:.+]] = tensor.extract %{{.+}}[%{{.+}}] : tensor<4xf32>
// CHECK:         tensor.insert %[[E]] into %{{.+}}[%{{.+}}] : tensor<4xf32>
util.func @loop_of_dispatches(%s0: tensor<3x4xf32>, %a0: tensor<4xf32>) -> tensor<4xf32> {
  %s = mesh.shard %s0 to <@m, [[], [0]]> : tensor<3x4xf32>
  %a = mesh.shard %a0 to <@m, [[0]]> : tensor<4xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %sum = scf.for %t = %c0 to %c3 step %c1 iter_args(%acc = %a) -> (tensor<4xf32>) {
    %n = flow.dispatch.workgroups[%t](%s, %t, %acc) : (tensor<3x4xf32>, index, tensor<4xf32>) -> tensor<4xf32> =
        (%b: !iree_tensor_ext.dispatch.tensor<readonly:tensor<3x4xf32>>, %i: index, %c: !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>>, %o: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xf32>>) {
      %k = iree_tensor_ext.dispatch.workload.ordinal %i, 0 : index
      %row = iree_tensor_ext.dispatch.tensor.load %b, offsets = [%k, 0], sizes = [1, 4], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<3x4xf32>> -> tensor<4xf32>
      %x = iree_tensor_ext.dispatch.tensor.load %c, offsets = [0], sizes = [4], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>> -> tensor<4xf32>
      %e = tensor.empty() : tensor<4xf32>
      %y = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%row, %x : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) {
      ^bb0(%p: f32, %q: f32, %out: f32):
        %z = arith.addf %p, %q : f32
        linalg.yield %z : f32
      } -> tensor<4xf32>
      iree_tensor_ext.dispatch.tensor.store %y, %o, offsets = [0], sizes = [4], strides = [1] : tensor<4xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xf32>>
      flow.return
    } count(%w: index) -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%w)
      flow.return %x, %y, %z : index, index, index
    }
    scf.yield %n : tensor<4xf32>
  }
  %first = flow.tensor.load %sum[%c0] : tensor<4xf32>
  %r = flow.tensor.store %first, %sum[%c3] : tensor<4xf32>
  util.return %r : tensor<4xf32>
}
