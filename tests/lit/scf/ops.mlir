// RUN: meshc compile %s -p "" | filecheck %s
// RUN: meshc compile %s -p "" | meshc compile - -p "" | filecheck %s
// RUN: meshc compile %s -p "" --generic | meshc compile - -p "" | filecheck %s

// CHECK-LABEL: func.func @for_iter_args
func.func @for_iter_args(%lb: index, %ub: index, %s: index, %x: f32) -> f32 {
  // CHECK: %[[R:.+]] = scf.for %[[I:.+]] = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%[[ACC:.+]] = %{{.+}}) -> (f32) {
  // CHECK-NEXT: %[[Y:.+]] = arith.addf %[[ACC]], %[[ACC]] : f32
  // CHECK-NEXT: scf.yield %[[Y]] : f32
  // CHECK-NEXT: }
  %r = scf.for %i = %lb to %ub step %s iter_args(%acc = %x) -> (f32) {
    %y = arith.addf %acc, %acc : f32
    scf.yield %y : f32
  }
  // CHECK: return %[[R]] : f32
  return %r : f32
}

// The empty scf.yield of a loop without iter_args is implicit.
// CHECK-LABEL: func.func @for_implicit_yield
func.func @for_implicit_yield(%n: index, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // CHECK: scf.for %{{.+}} = %{{.+}} to %{{.+}} step %{{.+}} {
  // CHECK-NEXT: arith.mulf
  // CHECK-NEXT: }
  // CHECK-NOT: scf.yield
  scf.for %i = %c0 to %n step %c1 {
    %y = arith.mulf %x, %x : f32
  }
  return
}

// CHECK-LABEL: func.func @for_i32
func.func @for_i32(%a: i32, %b: i32, %c: i32) -> i32 {
  // CHECK: scf.for unsigned %{{.+}} = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%{{.+}} = %{{.+}}) -> (i32) : i32 {
  %r = scf.for unsigned %i = %a to %b step %c iter_args(%s = %a) -> i32 : i32 {
    %t = arith.addi %s, %i : i32
    scf.yield %t : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @if_else
func.func @if_else(%c: i1, %x: f32, %y: f32) -> f32 {
  // CHECK: %[[R:.+]] = scf.if %{{.+}} -> (f32) {
  // CHECK-NEXT: scf.yield %{{.+}} : f32
  // CHECK-NEXT: } else {
  // CHECK-NEXT: %[[Z:.+]] = arith.addf
  // CHECK-NEXT: scf.yield %[[Z]] : f32
  // CHECK-NEXT: }
  %r = scf.if %c -> (f32) {
    scf.yield %x : f32
  } else {
    %z = arith.addf %x, %y : f32
    scf.yield %z : f32
  }
  // CHECK: scf.if %{{.+}} {
  // CHECK-NEXT: arith.mulf
  // CHECK-NEXT: }
  // CHECK-NEXT: return
  scf.if %c {
    %w = arith.mulf %x, %x : f32
  }
  return %r : f32
}

// CHECK-LABEL: func.func @forall_shared_outs
func.func @forall_shared_outs(%n: index, %t: tensor<8x4xf32>) -> tensor<8x4xf32> {
  // CHECK: scf.forall (%{{.+}}, %{{.+}}) in (%{{.+}}, 4) shared_outs(%[[O:.+]] = %{{.+}}) -> (tensor<8x4xf32>) {
  // CHECK-NEXT: scf.forall.in_parallel {
  // CHECK-NEXT: "test.combine"(%[[O]]
  // CHECK: } {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
  %o = scf.forall (%i, %j) in (%n, 4) shared_outs(%out = %t) -> (tensor<8x4xf32>) {
    scf.forall.in_parallel {
      "test.combine"(%out, %i, %j) : (tensor<8x4xf32>, index, index) -> ()
    }
  } {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
  return %o : tensor<8x4xf32>
}

// CHECK-LABEL: func.func @forall_ranged
func.func @forall_ranged(%n: index, %s: index) {
  // CHECK: scf.forall (%{{.+}}) = (1) to (%{{.+}}) step (%{{.+}}) {
  // CHECK-NEXT: arith.addi
  // CHECK-NEXT: }
  // CHECK-NOT: in_parallel
  scf.forall (%i) = (1) to (%n) step (%s) {
    %x = arith.addi %i, %i : index
  }
  return
}

// Seed 000: mesh.for_one inside scf.forall.in_parallel.
// CHECK-LABEL: func.func @seed000_for_one
mesh.mesh @mesh(shape = 2, peered_memory_axes = [0])
func.func @seed000_for_one(%arg0: tensor<2x3xf32>, %out_dps: tensor<2x3xf32, #mesh.shard<@mesh, [[0]]>>) -> tensor<2x3xf32, #mesh.shard<@mesh, [[0]]>> {
  %mesh_size = mesh.mesh_shape @mesh : index
  // CHECK: scf.forall (%[[P:.+]]) in (%{{.+}}) shared_outs(%[[OUT:.+]] = %{{.+}}) -> (tensor<2x3xf32, #mesh.shard<@mesh, [[0]]>>) {
  // CHECK-NEXT: scf.forall.in_parallel {
  // CHECK-NEXT: mesh.for_one %[[P]] on @mesh {
  // CHECK: tensor.parallel_insert_slice %{{.+}} into %[[OUT]]
  %res = scf.forall (%proc_idx) in (%mesh_size) shared_outs(%out = %out_dps) -> (tensor<2x3xf32, #mesh.shard<@mesh, [[0]]>>) {
    scf.forall.in_parallel {
      mesh.for_one %proc_idx on @mesh {
        %slice = tensor.extract_slice %arg0[%proc_idx, 0][1, 3][1, 1] : tensor<2x3xf32> to tensor<1x3xf32>
        tensor.parallel_insert_slice %slice into %out[%proc_idx, 0][1, 3][1, 1] : tensor<1x3xf32> into tensor<2x3xf32, #mesh.shard<@mesh, [[0]]>>
      }
    }
  }
  return %res : tensor<2x3xf32, #mesh.shard<@mesh, [[0]]>>
}

// scf.execute_region: results after '->' (one type bare, several in parentheses), the
// 'no_inline' keyword, and terminators printed, as mlir-opt prints them.
// CHECK-LABEL: func.func @execute_region
func.func @execute_region(%x: f32, %y: i32) -> (f32, f32, i32) {
  // CHECK: %[[R:.+]] = scf.execute_region -> f32 {
  // CHECK-NEXT: scf.yield %{{.+}} : f32
  // CHECK-NEXT: }
  %r = scf.execute_region -> f32 {
    scf.yield %x : f32
  }
  // CHECK: %[[S:.+]] = scf.execute_region -> f32 no_inline {
  // CHECK-NEXT: %[[A:.+]] = arith.addf
  // CHECK-NEXT: scf.yield %[[A]] : f32
  // CHECK-NEXT: } {tag = "k"}
  %s = scf.execute_region -> f32 no_inline {
    %a = arith.addf %x, %x : f32
    scf.yield %a : f32
  } {tag = "k"}
  // CHECK: %[[T:.+]]:2 = scf.execute_region -> (f32, i32) {
  // CHECK-NEXT: scf.yield %{{.+}}, %{{.+}} : f32, i32
  %t:2 = scf.execute_region -> (f32, i32) {
    scf.yield %x, %y : f32, i32
  }
  // CHECK: scf.execute_region {
  // CHECK-NEXT: scf.yield
  // CHECK-NEXT: }
  scf.execute_region {
    scf.yield
  }
  // CHECK: return %[[R]], %[[S]], %[[T]]#1 : f32, f32, i32
  return %r, %s, %t#1 : f32, f32, i32
}
