// iree-opt's hoist-encoding-ops through meshc-opt: encoding ops move inside flow.dispatch.region,
// then set_encoding leaves the region with the constant or slice it encodes (IREE 3.x's rules).
// The input names its maps and encodings by aliases, so the output does too (as mlir-opt prints).
// RUN: meshc-opt --split-input-file --iree-dispatch-creation-hoist-encoding-ops %s | FileCheck %s
// RUN: meshc-opt --split-input-file --pass-pipeline="builtin.module(hoist-encoding-ops)" --mlir-print-local-scope %s | FileCheck %s --check-prefix=LOCAL

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
#lhs = affine_map<(d0, d1, d2) -> (d0, d2)>
#rhs = affine_map<(d0, d1, d2) -> (d1, d2)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
#rhs_enc = #iree_encoding.encoding<operand_index = 1 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#lhs, #rhs, #out]>
// A broadcast inside the region: the set_encoding bubbles to the broadcast's input, then leaves the
// region; the broadcast's tensor.empty takes the encoded type.
// CHECK-DAG:   #[[ROW:.+]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG:   #[[RHS:.+]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG:   #[[ENC:.+]] = #iree_encoding.encoding<operand_index = 1 : index, {{.*}}user_indexing_maps = [#{{.+}}, #[[RHS]], #{{.+}}]>
// CHECK-DAG:   #[[BENC:.+]] = #iree_encoding.encoding<operand_index = 1 : index, {{.*}}user_indexing_maps = [#{{.+}}, [#[[RHS]], #[[ROW]]], #{{.+}}]>
// CHECK-LABEL: util.func public @broadcast_rows(
// CHECK-SAME:    %[[V:[a-z0-9]+]]: tensor<12xf32>
// CHECK-NEXT:    %[[E:.+]] = iree_encoding.set_encoding %[[V]] : tensor<12xf32> -> tensor<12xf32, #[[BENC]]>
// CHECK-NEXT:    %[[R:.+]] = flow.dispatch.region -> (tensor<6x12xf32, #[[ENC]]>) {
// CHECK-NEXT:      %[[I:.+]] = tensor.empty() : tensor<6x12xf32, #[[ENC]]>
// CHECK-NEXT:      %[[B:.+]] = linalg.generic {{.*}} ins(%[[E]] : tensor<12xf32, #[[BENC]]>) outs(%[[I]] : tensor<6x12xf32, #[[ENC]]>)
// CHECK:           flow.return %[[B]]
// LOCAL-LABEL: util.func public @broadcast_rows(
// LOCAL:         iree_encoding.set_encoding {{.*}} -> tensor<12xf32, #iree_encoding.encoding<operand_index = 1 : index, {{.*}}[affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1) -> (d1)>]
util.func public @broadcast_rows(%v: tensor<12xf32>) -> tensor<6x12xf32, #rhs_enc> {
  %r = flow.dispatch.region -> (tensor<6x12xf32, #rhs_enc>) {
    %init = tensor.empty() : tensor<6x12xf32>
    %b = linalg.generic {indexing_maps = [#row, #id], iterator_types = ["parallel", "parallel"]}
        ins(%v : tensor<12xf32>) outs(%init : tensor<6x12xf32>) {
    ^bb0(%in: f32, %o: f32):
      linalg.yield %in : f32
    } -> tensor<6x12xf32>
    %e = iree_encoding.set_encoding %b : tensor<6x12xf32> -> tensor<6x12xf32, #rhs_enc>
    flow.return %e : tensor<6x12xf32, #rhs_enc>
  }
  util.return %r : tensor<6x12xf32, #rhs_enc>
}

// -----

#t = #iree_encoding.testing<>
// A constant and a slice of an argument leave the region with their set_encoding; a sum of
// arguments (a compute op) keeps its set_encoding inside, and so does a 0-d tensor.
// CHECK-LABEL: util.func public @what_leaves(
// CHECK-SAME:    %[[X:[a-z0-9]+]]: tensor<10x4xf32>, %[[S:[a-z0-9]+]]: tensor<f32>
// CHECK:         %[[C:.+]] = arith.constant dense<2.000000e+00> : tensor<3x4xf32>
// CHECK-NEXT:    %[[EC:.+]] = iree_encoding.set_encoding %[[C]] : tensor<3x4xf32> -> tensor<3x4xf32, #[[T:.+]]>
// CHECK-NEXT:    %[[SL:.+]] = tensor.extract_slice %[[X]][2, 0] [3, 4] [1, 1]
// CHECK-NEXT:    %[[ES:.+]] = iree_encoding.set_encoding %[[SL]]
// CHECK-NEXT:    flow.dispatch.region
// CHECK:           linalg.generic
// CHECK:           iree_encoding.set_encoding %{{.+}} : tensor<3x4xf32> -> tensor<3x4xf32, #[[T]]>
// CHECK:           iree_encoding.set_encoding %[[S]] : tensor<f32> -> tensor<f32, #[[T]]>
// CHECK:           util.call @use(%[[EC]], %[[ES]],
util.func private @use(tensor<3x4xf32, #t>, tensor<3x4xf32, #t>, tensor<3x4xf32, #t>, tensor<f32, #t>) -> tensor<3x4xf32>
util.func public @what_leaves(%x: tensor<10x4xf32>, %s: tensor<f32>) -> tensor<3x4xf32> {
  %r = flow.dispatch.region -> (tensor<3x4xf32>) {
    %c = arith.constant dense<2.0> : tensor<3x4xf32>
    %ec = iree_encoding.set_encoding %c : tensor<3x4xf32> -> tensor<3x4xf32, #t>
    %sl = tensor.extract_slice %x[2, 0] [3, 4] [1, 1] : tensor<10x4xf32> to tensor<3x4xf32>
    %es = iree_encoding.set_encoding %sl : tensor<3x4xf32> -> tensor<3x4xf32, #t>
    %init = tensor.empty() : tensor<3x4xf32>
    %sum = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
        ins(%sl, %c : tensor<3x4xf32>, tensor<3x4xf32>) outs(%init : tensor<3x4xf32>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %y = arith.addf %a, %b : f32
      linalg.yield %y : f32
    } -> tensor<3x4xf32>
    %esum = iree_encoding.set_encoding %sum : tensor<3x4xf32> -> tensor<3x4xf32, #t>
    %e0 = iree_encoding.set_encoding %s : tensor<f32> -> tensor<f32, #t>
    %u = util.call @use(%ec, %es, %esum, %e0) : (tensor<3x4xf32, #t>, tensor<3x4xf32, #t>, tensor<3x4xf32, #t>, tensor<f32, #t>) -> tensor<3x4xf32>
    flow.return %u : tensor<3x4xf32>
  }
  util.return %r : tensor<3x4xf32>
}

// -----

// Outside any dispatch region nothing moves (propagate-encodings moves those), and an
// unset_encoding whose result feeds two ops stays too.
#acc = #iree_encoding.encoding<operand_index = 2 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>]>
// CHECK-LABEL: util.func public @stays(
// CHECK-NEXT:    %[[U:.+]] = iree_encoding.unset_encoding %{{.+}} : tensor<8x?xf32, #{{.+}}> -> tensor<8x?xf32>{%{{.+}}}
// CHECK-NEXT:    tensor.empty
// CHECK-NEXT:    linalg.generic {{.*}} ins(%[[U]] : tensor<8x?xf32>)
// CHECK:         flow.dispatch.region
// CHECK-NEXT:      iree_encoding.unset_encoding
// CHECK-NOT:     iree_encoding
// CHECK:         util.return
util.func public @stays(%a: tensor<8x?xf32, #acc>, %n: index) -> (tensor<8x?xf32>, tensor<8x?xf32>) {
  %u = iree_encoding.unset_encoding %a : tensor<8x?xf32, #acc> -> tensor<8x?xf32>{%n}
  %e = tensor.empty(%n) : tensor<8x?xf32>
  %neg = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%u : tensor<8x?xf32>) outs(%e : tensor<8x?xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.negf %x : f32
    linalg.yield %y : f32
  } -> tensor<8x?xf32>
  %r = flow.dispatch.region -> (tensor<8x?xf32>{%n}) {
    %u2 = iree_encoding.unset_encoding %a : tensor<8x?xf32, #acc> -> tensor<8x?xf32>{%n}
    %e2 = tensor.empty(%n) : tensor<8x?xf32>
    %p = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
        ins(%u2, %u2 : tensor<8x?xf32>, tensor<8x?xf32>) outs(%e2 : tensor<8x?xf32>) {
    ^bb0(%x: f32, %y: f32, %o: f32):
      %z = arith.mulf %x, %y : f32
      linalg.yield %z : f32
    } -> tensor<8x?xf32>
    flow.return %p : tensor<8x?xf32>
  }
  util.return %neg, %r : tensor<8x?xf32>, tensor<8x?xf32>
}

// -----

// An unset_encoding with one consumer in the region sinks through it: the consumer computes on
// the encoded tensor, the tensor.empty init takes the encoding and the new unset_encoding's size is
// the init's.
#acc = #iree_encoding.encoding<operand_index = 2 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>]>
// CHECK-LABEL: util.func public @sinks(
// CHECK-SAME:    %[[A:[a-z0-9]+]]: tensor<8x?xf32, #[[ACC:.+]]>, %[[N:[a-z0-9]+]]: index
// CHECK:           %[[E:.+]] = tensor.empty(%[[N]]) : tensor<8x?xf32, #[[ACC]]>
// CHECK-NEXT:      %[[G:.+]] = linalg.generic {{.*}} ins(%[[A]] : tensor<8x?xf32, #[[ACC]]>) outs(%[[E]] : tensor<8x?xf32, #[[ACC]]>)
// CHECK:           %[[U:.+]] = iree_encoding.unset_encoding %[[G]] : tensor<8x?xf32, #[[ACC]]> -> tensor<8x?xf32>{%[[N]]}
// CHECK-NEXT:      flow.return %[[U]]
util.func public @sinks(%a: tensor<8x?xf32, #acc>, %n: index) -> tensor<8x?xf32> {
  %r = flow.dispatch.region -> (tensor<8x?xf32>{%n}) {
    %u = iree_encoding.unset_encoding %a : tensor<8x?xf32, #acc> -> tensor<8x?xf32>{%n}
    %e = tensor.empty(%n) : tensor<8x?xf32>
    %p = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
        ins(%u : tensor<8x?xf32>) outs(%e : tensor<8x?xf32>) {
    ^bb0(%x: f32, %o: f32):
      %z = math.exp %x : f32
      linalg.yield %z : f32
    } -> tensor<8x?xf32>
    flow.return %p : tensor<8x?xf32>
  }
  util.return %r : tensor<8x?xf32>
}
