// A quoted function name through the unrolled default pipeline: the pass-derived name (the entry's name with
// "_sharded" appended) is printed quoted too, the call resolves, and the output parses again.
// RUN: meshc compile %s --emit=unrolled | filecheck %s
// RUN: meshc compile %s --emit=unrolled | meshc compile - -p "" | filecheck %s
// RUN: meshc compile %s --emit=unrolled > %t && meshc compile %t -p "" | diff %t -

// CHECK:      mesh.mesh @"m x"(shape = 2)
// CHECK:      func.func @"ma in"(%a: tensor<4xf32>) -> tensor<4xf32> {
// CHECK:        func.call @"ma in_sharded"(
// CHECK:      func.func private @"ma in_sharded"(
mesh.mesh @"m x"(shape = 2)
func.func @"ma in"(%a: tensor<4xf32>) -> tensor<4xf32> {
  %s = mesh.shard %a to <@"m x", [[0]]> : tensor<4xf32>
  %r = math.exp %s : tensor<4xf32>
  return %r : tensor<4xf32>
}
