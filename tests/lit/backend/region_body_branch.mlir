// An scf.if on a computed condition partitioned in place on a 1-D mesh of 4: the then branch is a split
// contraction that all_reduces, the else branch moves nothing. The schedule lists the branch under the
// region step (condition computed at run time) with the all_reduce in branch 0, and `meshc estimate`
// counts the branch that moves most, labelled as an upper bound (8x16 f32 over 4 devices: 768 B).
// RUN: meshc compile %s --emit schedule | filecheck %s
// RUN: meshc estimate %s 2>&1 | filecheck %s --check-prefix=EST

module {
  mesh.mesh @m(shape = 4)
  func.func @branch(%x: tensor<8x16xf32>, %y: tensor<8x16xf32>, %w: tensor<16x16xf32>, %p: tensor<i1>) -> tensor<8x16xf32> {
    %xs = mesh.shard %x to <@m, [[], [0]]> : tensor<8x16xf32>
    %ws = mesh.shard %w to <@m, [[0]]> : tensor<16x16xf32>
    %z = arith.constant 0.0 : f32
    %c = tensor.extract %p[] : tensor<i1>
    %r = scf.if %c -> (tensor<8x16xf32>) {
      %e = tensor.empty() : tensor<8x16xf32>
      %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x16xf32>) -> tensor<8x16xf32>
      %mm = linalg.matmul ins(%xs, %ws : tensor<8x16xf32>, tensor<16x16xf32>) outs(%f : tensor<8x16xf32>) -> tensor<8x16xf32>
      scf.yield %mm : tensor<8x16xf32>
    } else {
      %t = math.tanh %y : tensor<8x16xf32>
      scf.yield %t : tensor<8x16xf32>
    }
    return %r : tensor<8x16xf32>
  }
}

// CHECK-LABEL: device 3 (coords [3]):
// CHECK:         kernel %r = scf.if(%c) -> %r
// CHECK-NEXT:      branch scf.if, condition computed at run time (its bytes are an upper bound)  // {{.*}}:15:10
// CHECK-NEXT:        branch 0:
// CHECK-NEXT:          all_reduce 'b0' over mesh axes [0] reduction = sum: 8x16xf32 -> 8x16xf32, group [0-3], 768 B per run
// CHECK-NEXT:        branch 1: no collective
// CHECK-NEXT:    free %c

// EST: note: {{.*}}'scf.if' on a computed condition: its in-body collectives are an upper bound
// EST: │      3 │ {{.*}} │       <= 768 │
// EST: │  total │ {{.*}} │      <= 3072 │
// EST: │       b0 │ all_reduce │       [0] │     4 │ at most 1 │           768 │           768 │ <= 3072 │
// EST: upper bound: the collective bytes of devices 0-3 count a branch on a computed condition as taken
