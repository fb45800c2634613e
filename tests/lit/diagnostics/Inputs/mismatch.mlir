// Input of mismatch.mlir: each chunk gets --verify-diagnostics wrong in one way.
func.func @f(%a: i32) -> i32 {
  %c = arith.addi %a, %b : i32
  return %c : i32
}

// -----

// expected-error @+1 {{this never happens}}
func.func @g() {
  return
}

// -----

func.func @h(%a: i32) -> i32 {
  // expected-warning @+1 {{use of undeclared}}
  %c = arith.addi %a, %b : i32
  return %c : i32
}

// -----

// expected-error @+1 {{missing braces
func.func @k() {
  return
}
