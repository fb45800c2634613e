// Upstream's sharding-propagation RUN lines, with meshc-opt: the traversal option takes upstream's
// values, and without it meshc-opt uses upstream's default (backward-forward), while
// 'meshc compile -p sharding-propagation' uses meshc's (forward-backward). The checks read meshc's
// per-value form (annotations=per-value; meshc-opt's own default is upstream's per-use form,
// sharding-propagation-per-use.mlir).
// RUN: meshc-opt --pass-pipeline="builtin.module(func.func(sharding-propagation{traversal=forward annotations=per-value}))" %s | FileCheck %s --check-prefix=FWD
// RUN: meshc-opt --pass-pipeline="builtin.module(func.func(sharding-propagation{traversal=forward-backward annotations=per-value}))" %s | FileCheck %s --check-prefix=FWD
// RUN: meshc-opt -sharding-propagation="traversal=backward annotations=per-value" %s | FileCheck %s --check-prefix=BWD
// RUN: meshc-opt --sharding-propagation="traversal=backward-forward annotations=per-value" %s | FileCheck %s --check-prefix=BWD
// RUN: meshc-opt --pass-pipeline="builtin.module(func.func(sharding-propagation{annotations=per-value}))" %s | FileCheck %s --check-prefix=BWD
// RUN: meshc-opt -sharding-propagation=annotations=per-value %s | FileCheck %s --check-prefix=BWD
// RUN: meshc compile -p sharding-propagation %s | FileCheck %s --check-prefix=FWD
// The output is a fixpoint and parses back:
// RUN: meshc-opt -sharding-propagation=annotations=per-value %s | meshc-opt -sharding-propagation=annotations=per-value | FileCheck %s --check-prefix=BWD

// %x arrives split by rows, the result must leave split by columns: the middle value %y takes
// the rows when the visit goes forward first, the columns when it goes backward first; the
// resharding point (annotate_for_users) sits where the two meet.
// FWD-LABEL: func.func @chain
// FWD:         %[[XS:.*]] = mesh.shard %{{.*}} to <@m, {{\[\[}}0]]> : tensor<4x4xf32>
// FWD:         %[[Y:.*]] = linalg.exp ins(%[[XS]] : tensor<4x4xf32>)
// FWD-NEXT:    %[[YS:.*]] = mesh.shard %[[Y]] to <@m, {{\[\[}}0]]> : tensor<4x4xf32>
// FWD:         mesh.shard %[[YS]] to <@m, {{\[\[}}], [0]]> annotate_for_users : tensor<4x4xf32>
// FWD:         return
// BWD-LABEL: func.func @chain
// BWD:         %[[XS:.*]] = mesh.shard %{{.*}} to <@m, {{\[\[}}0]]> : tensor<4x4xf32>
// BWD:         %[[XU:.*]] = mesh.shard %[[XS]] to <@m, {{\[\[}}], [0]]> annotate_for_users : tensor<4x4xf32>
// BWD-NEXT:    %[[Y:.*]] = linalg.exp ins(%[[XU]] : tensor<4x4xf32>)
// BWD-NEXT:    mesh.shard %[[Y]] to <@m, {{\[\[}}], [0]]> : tensor<4x4xf32>
// BWD-NOT:     annotate_for_users
// BWD:         return
mesh.mesh @m(shape = 2)
func.func @chain(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<4x4xf32>
  %e1 = tensor.empty() : tensor<4x4xf32>
  %y = linalg.exp ins(%xs : tensor<4x4xf32>) outs(%e1 : tensor<4x4xf32>) -> tensor<4x4xf32>
  %e2 = tensor.empty() : tensor<4x4xf32>
  %z = linalg.exp ins(%y : tensor<4x4xf32>) outs(%e2 : tensor<4x4xf32>) -> tensor<4x4xf32>
  %zs = mesh.shard %z to <@m, [[], [0]]> : tensor<4x4xf32>
  return %zs : tensor<4x4xf32>
}
