// RUN: meshc compile %s -p "" | filecheck %s
// RUN: meshc compile %s -p "" | meshc compile - -p "" | filecheck %s
// RUN: meshc compile %s -p "" --generic | meshc compile - -p "" | filecheck %s

// CHECK-LABEL: util.func public @region
util.func public @region(%arg0: tensor<?x?x16xf32>, %d0: index, %d1: index, %x: f32) -> tensor<?x?x16xf32> {
  %c16 = arith.constant 16 : index
  // CHECK: %[[R:.+]], %{{.+}} = flow.dispatch.region[%[[D0:.+]], %[[D1:.+]], %{{.+}}] -> (tensor<?x?x16xf32>{%[[D1]], %[[D0]]}, f32) {
  // CHECK-NEXT: %[[Y:.+]] = arith.addf
  // CHECK-NEXT: flow.return %{{.+}}, %[[Y]] : tensor<?x?x16xf32>, f32
  // CHECK-NEXT: } count(%[[A:.+]]: index, %[[B:.+]]: index, %[[C:.+]]: index) -> (index, index, index) {
  // CHECK-NEXT: flow.return %[[A]], %[[B]], %[[C]] : index, index, index
  // CHECK-NEXT: }
  %r, %s = flow.dispatch.region[%d0, %d1, %c16] -> (tensor<?x?x16xf32>{%d1, %d0}, f32) {
    %y = arith.addf %x, %x : f32
    flow.return %arg0, %y : tensor<?x?x16xf32>, f32
  } count(%a: index, %b: index, %c: index) -> (index, index, index) {
    flow.return %a, %b, %c : index, index, index
  }
  // CHECK: util.return %[[R]]
  util.return %r : tensor<?x?x16xf32>
}

// CHECK-LABEL: util.func public @plain
util.func @plain(%t: tensor<5x10xf32>) -> tensor<5x10xf32> {
  // CHECK: flow.dispatch.region {
  // CHECK-NEXT: flow.return
  // CHECK-NEXT: }
  flow.dispatch.region {
    flow.return
  }
  // CHECK: flow.dispatch.region -> (tensor<5x10xf32>) {
  // CHECK-NEXT: flow.return %{{.+}} : tensor<5x10xf32>
  // CHECK-NEXT: } attributes {tag = 1 : i32}
  %r = flow.dispatch.region -> (tensor<5x10xf32>) {
    flow.return %t : tensor<5x10xf32>
  } attributes {tag = 1 : i32}
  util.return %r : tensor<5x10xf32>
}

// CHECK-LABEL: util.func public @with_encoding
util.func public @with_encoding() -> tensor<640x320xf32, #iree_encoding.padding<[0, ?]>> {
  // CHECK: flow.dispatch.region -> (tensor<640x320xf32, #iree_encoding.padding<[0, ?]>>) {
  // CHECK: iree_encoding.set_encoding
  %0 = flow.dispatch.region -> (tensor<640x320xf32, #iree_encoding.padding<[0, ?]>>) {
    %1 = tensor.empty() : tensor<640x320xf32>
    %2 = iree_encoding.set_encoding %1 : tensor<640x320xf32> -> tensor<640x320xf32, #iree_encoding.padding<[0, ?]>>
    flow.return %2 : tensor<640x320xf32, #iree_encoding.padding<[0, ?]>>
  }
  util.return %0 : tensor<640x320xf32, #iree_encoding.padding<[0, ?]>>
}
