// iree-opt's RUN lines for IREE's set-encoding, with meshc-opt: the IREE names run meshc's
// set-encoding / propagate-encodings (docs/meshc-opt.md says what differs), nested under util.func.
// RUN: meshc-opt --split-input-file --pass-pipeline="builtin.module(util.func(iree-dispatch-creation-set-encoding))" %s | FileCheck %s
// RUN: meshc-opt --split-input-file --iree-dispatch-creation-set-encoding="encoding-option=generic" %s | FileCheck %s
// RUN: meshc-opt --split-input-file --pass-pipeline="builtin.module(util.func(iree-dispatch-creation-set-encoding,iree-dispatch-creation-propagate-encodings))" %s | FileCheck %s --check-prefix=PROP
// RUN: meshc-opt --pass-pipeline="builtin.module(util.func(iree-dispatch-creation-set-encoding,iree-dispatch-creation-propagate-encodings))" --dump-pass-pipeline %s 2>&1 >/dev/null | FileCheck %s --check-prefix=PIPE
// PIPE: Pass Manager: builtin.module(util.func(set-encoding),propagate-encodings)
// IREE passes meshc has no equivalent for, and options it cannot honour, are errors:
// RUN: not meshc-opt --pass-pipeline="builtin.module(util.func(iree-dispatch-creation-fuse-encoding-ops-into-dispatch-regions-pass))" %s 2>&1 | FileCheck %s --check-prefix=FUSE
// FUSE: <pass-pipeline>:1:26: error: 'iree-dispatch-creation-fuse-encoding-ops-into-dispatch-regions-pass' (IREE) has no meshc equivalent
// RUN: not meshc-opt --iree-dispatch-creation-set-encoding="encoding-option=padding" %s 2>&1 | FileCheck %s --check-prefix=PAD
// PAD: error: option 'encoding-option' of 'iree-dispatch-creation-set-encoding': meshc supports only 'generic', got 'padding'

// CHECK-LABEL: util.func public @matmul(
// CHECK-SAME:      %[[A:[a-z0-9]+]]: tensor<16x64xf32>, %[[B:[a-z0-9]+]]: tensor<64x32xf32>, %[[C:[a-z0-9]+]]: tensor<16x32xf32>)
// CHECK-NEXT:    %[[EA:.*]] = iree_encoding.set_encoding %[[A]] : tensor<16x64xf32> -> tensor<16x64xf32, #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], {{.*}}>>
// CHECK-NEXT:    %[[EB:.*]] = iree_encoding.set_encoding %[[B]] : tensor<64x32xf32> -> tensor<64x32xf32, #iree_encoding.encoding<operand_index = 1 : index, {{.*}}>>
// CHECK-NEXT:    %[[EC:.*]] = iree_encoding.set_encoding %[[C]] : tensor<16x32xf32> -> tensor<16x32xf32, #iree_encoding.encoding<operand_index = 2 : index, {{.*}}>>
// CHECK-NEXT:    %[[M:.*]] = linalg.matmul ins(%[[EA]], %[[EB]] : {{.*}}) outs(%[[EC]] : {{.*}})
// CHECK-NEXT:    %[[R:.*]] = iree_encoding.unset_encoding %[[M]] : {{.*}} -> tensor<16x32xf32>
// CHECK-NEXT:    util.return %[[R]] : tensor<16x32xf32>
util.func public @matmul(%a: tensor<16x64xf32>, %b: tensor<64x32xf32>, %c: tensor<16x32xf32>) -> tensor<16x32xf32> {
  %m = linalg.matmul ins(%a, %b : tensor<16x64xf32>, tensor<64x32xf32>) outs(%c : tensor<16x32xf32>) -> tensor<16x32xf32>
  util.return %m : tensor<16x32xf32>
}

// -----

// The accumulator's set_encoding bubbles through the fill into the tensor.empty:
// CHECK-LABEL: util.func public @filled(
// CHECK:         linalg.fill
// CHECK-NEXT:    iree_encoding.set_encoding
// PROP-LABEL: util.func public @filled(
// PROP:         %[[E:.*]] = tensor.empty() : tensor<8x4xf32, #iree_encoding.encoding<operand_index = 2 : index, {{.*}}>>
// PROP-NEXT:    linalg.fill ins(%{{.*}} : f32) outs(%[[E]] : {{.*}})
util.func public @filled(%a: tensor<8x16xf32>, %b: tensor<16x4xf32>) -> tensor<8x4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8x4xf32>) -> tensor<8x4xf32>
  %m = linalg.matmul ins(%a, %b : tensor<8x16xf32>, tensor<16x4xf32>) outs(%f : tensor<8x4xf32>) -> tensor<8x4xf32>
  util.return %m : tensor<8x4xf32>
}
