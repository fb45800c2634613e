// Every loop of a structured op must be bounded by an operand dimension: some indexing map has the
// bare loop dim as a result (MLIR inverts the concatenated maps: "expected the shape-to-loops map to
// be non-null"). Rejected by the verifier, so `meshc compile` fails before any pass runs.
// RUN: meshc compile %s --split-input-file --verify-diagnostics
// RUN: not meshc compile %s --split-input-file 2>&1 | filecheck %s

// CHECK: unbounded-loops.mlir:[[# @LINE + 4]]:8: error: 'linalg.generic' op expected the shape-to-loops map to be non-null: loop d1 (reduction) is not bounded by any operand dimension (no indexing map has 'd1' alone as a result)
// A reduction loop that no operand indexes.
func.func @unused_loop(%a: tensor<4xf32>, %e: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected the shape-to-loops map to be non-null: loop d1 (reduction) is not bounded by any operand dimension}}
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// A loop seen only inside a compound result (a window without a weight operand to size it).
func.func @compound_only(%a: tensor<4xf32>, %e: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{loop d1 (reduction) is not bounded by any operand dimension}}
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0 + d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<4xf32>) outs(%e : tensor<3xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<3xf32>
  return %r : tensor<3xf32>
}

// -----

// A parallel loop indexed by no operand (the output is 1-D, the loops 2-D).
func.func @parallel_unbounded(%a: tensor<4xf32>, %e: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{loop d0 (parallel) is not bounded by any operand dimension}}
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}
