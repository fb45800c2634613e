// mlir-opt's invalid-IR RUN line: each '// -----' chunk on its own, diagnostics checked against
// the expected-* comments (meshc's verifier messages; line numbers stay those of the file).
// RUN: meshc-opt --split-input-file --verify-diagnostics %s
// RUN: not meshc-opt -split-input-file -verify-diagnostics -allow-unregistered-dialect %s 2>&1 | FileCheck %s --check-prefix=ALLOWED
// Without --verify-diagnostics the errors are printed, located, and the exit code is 1:
// RUN: not meshc-opt --split-input-file %s 2>&1 | FileCheck %s --check-prefix=ERR
// ERR: diagnostics.mlir:[[# @LINE + 3]]:1: error: 'mesh.mesh' op mesh axis 1 has size 0

// expected-error @+1 {{'mesh.mesh' op mesh axis 1 has size 0; sizes must be positive or '?'}}
mesh.mesh @m(shape = 2x0)

// -----

func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'mesh.shard' op undefined mesh '@nope'}}
  %0 = mesh.shard %x to <@nope, [[0]]> : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// An op of a dialect meshc does not know, in the generic form: an error as in mlir-opt, unless
// --allow-unregistered-dialect (then this chunk's expected error is not produced: ALLOWED).
func.func @g(%x: tensor<4xf32>) -> tensor<4xf32> {
  // ALLOWED: diagnostics.mlir:[[# @LINE + 1]]:6: error: expected error "'test.frob' op is not registered{{.*}}" was not produced
  // expected-error @+1 {{'test.frob' op is not registered (dialect 'test' is unknown to meshc)}}
  %0 = "test.frob"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @h(%a: i32, %b: i64) -> i32 {
  // expected-error @+1 {{'arith.addi' op}}
  %0 = "arith.addi"(%a, %b) : (i32, i64) -> i32
  return %0 : i32
}
