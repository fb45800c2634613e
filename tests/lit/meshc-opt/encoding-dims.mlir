// An unset_encoding with encoding_dims sinks through a parallel consumer: the encoding ops made
// on the way take the same encoding_dims (the ? iteration size is the same loop), the init
// tensor.empty takes the encoded type (IREE 3.13's propagate-encodings-through-generic-ops).
// RUN: meshc-opt --pass-pipeline="builtin.module(util.func(iree-dispatch-creation-propagate-encodings-through-generic-ops))" %s | FileCheck %s

#acc = #iree_encoding.encoding<operand_index = 2 : index, op_type = matmul, element_types = [f16, f16, f32], user_indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iteration_sizes = [?, 32, 16]>
// CHECK-LABEL: util.func public @scale(
// CHECK-SAME:    %[[A:[a-z0-9]+]]: tensor<?x32xf32, #[[ACC:.+]]>, %[[S:[a-z0-9]+]]: tensor<32xf32>, %[[M:[a-z0-9]+]]: index
// CHECK-NEXT:    %[[E:.+]] = tensor.empty(%[[M]]) : tensor<?x32xf16, #[[ACC]]>
// CHECK-NEXT:    %[[ES:.+]] = iree_encoding.set_encoding %[[S]] encoding_dims{%[[M]]} : tensor<32xf32> -> tensor<32xf32, #{{.+}}>
// CHECK-NEXT:    %[[G:.+]] = linalg.generic {{.*}} ins(%[[A]], %[[ES]] : {{.*}}) outs(%[[E]] : tensor<?x32xf16, #[[ACC]]>)
// CHECK:         iree_encoding.unset_encoding %[[G]] encoding_dims{%[[M]]} : tensor<?x32xf16, #[[ACC]]> -> tensor<?x32xf16>{%{{.+}}}
util.func public @scale(%a: tensor<?x32xf32, #acc>, %s: tensor<32xf32>, %m: index) -> tensor<?x32xf16> {
  %u = iree_encoding.unset_encoding %a encoding_dims{%m} : tensor<?x32xf32, #acc> -> tensor<?x32xf32>{%m}
  %e = tensor.empty(%m) : tensor<?x32xf16>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%u, %s : tensor<?x32xf32>, tensor<32xf32>) outs(%e : tensor<?x32xf16>) {
  ^bb0(%x: f32, %y: f32, %o: f16):
    %p = arith.mulf %x, %y : f32
    %t = arith.truncf %p : f32 to f16
    linalg.yield %t : f16
  } -> tensor<?x32xf16>
  util.return %r : tensor<?x32xf16>
}
