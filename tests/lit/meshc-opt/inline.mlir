// meshc-opt -inline, as mlir-opt's inliner: calls of single-block functions become copies of the
// callee's body, nested calls too; a private callee nothing calls any more is erased, a public
// one stays (its calls are inlined too). A call of a recursive function stays, through other
// functions too (@ping calls @pong, which calls @ping).
// RUN: meshc-opt -inline %s | FileCheck %s
// RUN: meshc-opt --pass-pipeline="builtin.module(inline)" %s | FileCheck %s

shard.grid @g(shape = 2x?x3)

func.func private @sizes() -> (index, index) {
  %s:2 = shard.grid_shape @g axes = [0, 2] : index, index
  return %s#0, %s#1 : index, index
}

func.func private @product(%a: index) -> index {
  %p:2 = func.call @sizes() : () -> (index, index)
  %m = arith.muli %p#0, %p#1 : index
  %r = arith.addi %m, %a : index
  return %r : index
}

func.func @public_helper(%a: index) -> index {
  return %a : index
}

func.func private @forever(%a: index) -> index {
  %r = func.call @forever(%a) : (index) -> index
  return %r : index
}

func.func private @ping(%a: index) -> index {
  %r = func.call @pong(%a) : (index) -> index
  return %r : index
}

func.func private @pong(%a: index) -> index {
  %r = func.call @ping(%a) : (index) -> index
  return %r : index
}

// CHECK-NOT:   func.func private @sizes
// CHECK-NOT:   func.func private @product
// CHECK-LABEL: func.func @public_helper
// CHECK-LABEL: func.func private @forever
// CHECK:         func.call @forever
// CHECK-LABEL: func.func private @ping
// CHECK:         func.call @pong
// CHECK-LABEL: func.func private @pong
// CHECK:         func.call @ping
// CHECK-LABEL: func.func @main(
// CHECK-SAME:    %[[X:.*]]: index
// CHECK-NEXT:    %[[S:.*]]:2 = shard.grid_shape @g axes = [0, 2] : index, index
// CHECK-NEXT:    %[[M:.*]] = arith.muli %[[S]]#0, %[[S]]#1 : index
// CHECK-NEXT:    %[[R:.*]] = arith.addi %[[M]], %[[X]] : index
// CHECK-NEXT:    %[[F:.*]] = func.call @forever(%[[R]]) : (index) -> index
// CHECK-NEXT:    %[[P:.*]] = func.call @ping(%[[F]]) : (index) -> index
// CHECK-NEXT:    return %[[P]]
func.func @main(%x: index) -> index {
  %0 = func.call @product(%x) : (index) -> index
  %1 = func.call @public_helper(%0) : (index) -> index
  %2 = func.call @forever(%1) : (index) -> index
  %3 = func.call @ping(%2) : (index) -> index
  return %3 : index
}
