// A region step's body in the schedule format: a Megatron MLP in a loop of dynamic trip count, its 10
// rows split over mesh axis 0 of a 4x2 mesh (2, 2, 3, 3 rows per device: an uneven split), its hidden
// dim over axis 1. The loop is one kernel step per device; nested under it the schedule lists the loop
// (trips dynamic) and the all_reduce over axis 1 it runs per iteration, with the device's own shapes,
// its group and the bytes the device receives per iteration (2 rows x 16 f32 over a group of 2: 128 B;
// 3 rows: 192 B). `meshc estimate` counts the same bytes times the trips.
// RUN: meshc compile %s --emit schedule | filecheck %s
// RUN: meshc compile %s --emit schedule-json | filecheck %s --check-prefix=JSON
// RUN: meshc estimate %s --trip-count 2 2>&1 | filecheck %s --check-prefix=EST

module {
  mesh.mesh @m(shape = 4x2)
  func.func @mlp(%x: tensor<10x16xf32>, %w1: tensor<16x32xf32>, %w2: tensor<32x16xf32>, %nt: tensor<index>) -> tensor<10x16xf32> {
    %xs = mesh.shard %x to <@m, [[0]]> : tensor<10x16xf32>
    %w1s = mesh.shard %w1 to <@m, [[], [1]]> : tensor<16x32xf32>
    %w2s = mesh.shard %w2 to <@m, [[1]]> : tensor<32x16xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = tensor.extract %nt[] : tensor<index>
    %z = arith.constant 0.0 : f32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %xs) -> (tensor<10x16xf32>) {
      %e1 = tensor.empty() : tensor<10x32xf32>
      %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<10x32xf32>) -> tensor<10x32xf32>
      %h = linalg.matmul ins(%acc, %w1s : tensor<10x16xf32>, tensor<16x32xf32>) outs(%f1 : tensor<10x32xf32>) -> tensor<10x32xf32>
      %t = math.tanh %h : tensor<10x32xf32>
      %e2 = tensor.empty() : tensor<10x16xf32>
      %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<10x16xf32>) -> tensor<10x16xf32>
      %o = linalg.matmul ins(%t, %w2s : tensor<10x32xf32>, tensor<32x16xf32>) outs(%f2 : tensor<10x16xf32>) -> tensor<10x16xf32>
      scf.yield %o : tensor<10x16xf32>
    }
    return %r : tensor<10x16xf32>
  }
}

// CHECK-LABEL: device 0 (coords [0, 0]):
// CHECK:         kernel %r = scf.for(%c0, %n, %c1, %x_0) -> %r
// CHECK-NEXT:      loop scf.for, dynamic trips  // {{.*}}region_body.mlir:[[#LOOP:]]:10
// CHECK-NEXT:        all_reduce 'b0' over mesh axes [1] reduction = sum: 2x16xf32 -> 2x16xf32, group [0, 1], 128 B per iteration  // {{.*}}region_body.mlir:[[#]]:12
// CHECK-NEXT:    free %c0
// CHECK-LABEL: device 1 (coords [0, 1]):
// CHECK:           all_reduce 'b0' over mesh axes [1] reduction = sum: 2x16xf32 -> 2x16xf32, group [0, 1], 128 B per iteration
// CHECK-LABEL: device 5 (coords [2, 1]):
// CHECK:         kernel %r = scf.for(%c0, %n, %c1, %x_5) -> %r
// CHECK-NEXT:      loop scf.for, dynamic trips
// CHECK-NEXT:        all_reduce 'b0' over mesh axes [1] reduction = sum: 3x16xf32 -> 3x16xf32, group [4, 5], 192 B per iteration
// CHECK-LABEL: device 6 (coords [3, 0]):
// CHECK:           all_reduce 'b0' over mesh axes [1] reduction = sum: 3x16xf32 -> 3x16xf32, group [6, 7], 192 B per iteration
// CHECK-NOT:     all_reduce 'b1'

// JSON:      "name": "scf.for",
// JSON:        "body": [
// JSON:          "node": "loop",
// JSON-NEXT:     "name": "scf.for",
// JSON-NEXT:     "trips": null,
// JSON-NEXT:     "body": [
// JSON:            "node": "collective",
// JSON-NEXT:       "instance": "b0",
// JSON-NEXT:       "kind": "all_reduce",
// JSON:            "shape": [
// JSON-NEXT:         2,
// JSON-NEXT:         16
// JSON:            "group": [
// JSON-NEXT:         0,
// JSON-NEXT:         1
// JSON-NEXT:       ],
// JSON-NEXT:       "bytes": 128
// JSON:          "device": 6,
// JSON-NEXT:     "steps": [
// JSON:            "group": [
// JSON-NEXT:         6,
// JSON-NEXT:         7
// JSON-NEXT:       ],
// JSON-NEXT:       "bytes": 192

// EST: note: {{.*}}'scf.for' with a dynamic trip count: its in-body collectives are counted 2 times (--trip-count)
// EST: │      0 │ {{.*}} │          256 │
// EST: │      7 │ {{.*}} │          384 │
// EST: per in-body collective
// EST: │       b0 │ all_reduce │       [1] │     2 │    2 │           128 │           192 │    2560 │
