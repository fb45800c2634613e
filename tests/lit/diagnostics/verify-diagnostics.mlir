// --verify-diagnostics: every way to place an expected- directive; --split-input-file
// keeps the file's line numbers in each chunk.
// RUN: meshc compile %s -p "" --split-input-file --verify-diagnostics

// Same line.
func.func @same_line(%a: i32) -> i32 {
  %c = arith.addi %a, %undefined : i32 // expected-error {{use of undeclared SSA value name '%undefined'}}
  return %c : i32
}

// -----

// Next line, with a regex piece.
func.func @plus_one(%a: i32) -> f32 {
  // expected-error @+1 {{type of return operand 0 ('i32') doesn't match function result type ('{{f[0-9]+}}')}}
  return %a : i32
}

// -----

// Previous line.
func.func @minus_one(%a: i32) -> f32 {
  return %a : i32
  // expected-error @-1 {{'func.return' op type of return operand 0}}
}

// -----

// @below skips the other directives; the error carries a note at the first definition.
func.func @below(%a: i32) -> i32 {
  %x = arith.addi %a, %a : i32
  // expected-error @below {{redefinition of SSA value '%x'}}
  // expected-note @-2 {{{{^}}previously defined here}}
  %x = arith.muli %a, %a : i32
  return %x : i32
}

// -----

// @above, and an absolute line number.
func.func @above(%a: i32) -> i32 {
  %x = arith.addi %a, %b : i32
  // expected-error @above {{use of undeclared SSA value name '%b'}}
  return %x : i32
}

// -----

// expected-error @52 {{use of undeclared SSA value name '%nope'}}
func.func @absolute(%a: i32) -> i32 {
  %x = arith.addi %a, %a : i32
  %y = arith.addi %x, %nope : i32
  return %y : i32
}
